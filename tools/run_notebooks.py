"""Execute notebooks in place so their stored outputs are what nbval compares.

    python tools/run_notebooks.py notebooks/02-dragon-battle-odds.ipynb   # one
    python tools/run_notebooks.py                                          # all in notebooks/

Each notebook runs top to bottom in a fresh kernel from its own folder. Widget state (which would
embed the widgets' whole JavaScript in the file) is removed from the metadata, so diffs stay small.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent


def run(path: Path) -> float:
    nb = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    ).execute()
    elapsed = time.perf_counter() - start
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
    nbformat.write(nb, path)
    return elapsed


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or sorted((ROOT / "notebooks").glob("*.ipynb"))
    for path in paths:
        print(f"{path}: {run(path):.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
