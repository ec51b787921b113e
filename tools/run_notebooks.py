"""Execute notebooks in place so their stored outputs are what nbval compares.

    python tools/run_notebooks.py notebooks/02-dragon-battle-odds.ipynb   # one
    python tools/run_notebooks.py                                          # all (and notebooks/de/)

Each notebook runs top to bottom in a fresh kernel from its own folder. Widget state (which would
embed the widgets' whole JavaScript in the file) is removed from the metadata, so diffs stay small.
Cells that take longer than ``SLOW`` seconds are named (lesson cells should stay well under it).
"""

from __future__ import annotations

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


def run(path: Path) -> float:
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
    return elapsed


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or notebooks()
    for path in paths:
        print(f"{path}: {run(path):.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
