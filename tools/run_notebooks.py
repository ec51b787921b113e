"""Execute notebooks in place so their stored outputs are what nbval compares.

    python tools/run_notebooks.py notebooks/02-dragon-battle-odds.ipynb   # one
    python tools/run_notebooks.py                                          # all (and notebooks/de/)

Each notebook runs top to bottom in a fresh kernel from its own folder. Widget state (which would
embed the widgets' whole JavaScript in the file) is removed from the metadata, and each widget keeps
the id it had in the file before (a run makes new random ones), so diffs show only what changed.
Cells that take longer than ``SLOW`` seconds are named (lesson cells should stay well under it).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
SLOW = 2.0


def notebooks() -> list[Path]:
    """Every notebook: notebooks/*.ipynb, then their German twins in notebooks/de/."""
    folder = ROOT / "notebooks"
    return sorted(folder.glob("*.ipynb")) + sorted((folder / "de").glob("*.ipynb"))


def _seconds(cell: dict) -> float:
    timing = cell.get("metadata", {}).get("execution", {})
    start, end = timing.get("iopub.execute_input"), timing.get("shell.execute_reply")
    if not (start and end):
        return 0.0
    from datetime import datetime

    parse = datetime.fromisoformat
    return (parse(end.replace("Z", "+00:00")) - parse(start.replace("Z", "+00:00"))).total_seconds()


def _widget_ids(text: str) -> dict[tuple[str, int], str]:
    """(cell id, output number) -> the model id of the widget shown there."""
    ids = {}
    for cell in json.loads(text).get("cells", []):
        for i, out in enumerate(cell.get("outputs", [])):
            view = out.get("data", {}).get("application/vnd.jupyter.widget-view+json")
            if isinstance(view, dict) and isinstance(view.get("model_id"), str):
                ids[(cell.get("id"), i)] = view["model_id"]
    return ids


def keep_widget_ids(before: str, after: str) -> str:
    """``after`` (a notebook run again) with each widget's random model id replaced by the one
    the same output had ``before``: the ids mean nothing once the run is over (the widgets'
    state is not stored), and a diff then shows only what really changed."""
    old = _widget_ids(before)
    for where, new in _widget_ids(after).items():
        if where in old and old[where] != new:
            after = after.replace(new, old[where])
    return after


def run(path: Path, before: str | None = None) -> float:
    """Run the notebook in place; each widget keeps the id it had in ``before`` (the file as it
    was, by default: a notebook just written again from its text has no outputs to keep them)."""
    if before is None:
        before = path.read_text(encoding="utf-8")
    nb = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    ).execute()
    elapsed = time.perf_counter() - start
    nb.metadata.pop("widgets", None)
    for i, cell in enumerate(nb.cells):
        seconds = _seconds(cell)
        if seconds > SLOW:
            first = "".join(cell.source).splitlines()[0][:60]
            print(f"{path}: cell {i} took {seconds:.1f} s: {first}")
        cell.metadata.pop("execution", None)
    nbformat.write(nb, path)
    path.write_text(keep_widget_ids(before, path.read_text(encoding="utf-8")), encoding="utf-8")
    return elapsed


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or notebooks()
    for path in paths:
        print(f"{path}: {run(path):.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
