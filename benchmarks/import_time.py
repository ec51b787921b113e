"""How long ``import kaskaria`` takes against ``import numpy``, each in a fresh interpreter.

Run: ``.venv/bin/python benchmarks/import_time.py``. Prints the best of several runs of each (in
milliseconds, measured inside the interpreter with ``time.perf_counter`` around the import) and
``import_ratio``, kaskaria's time over numpy's. Both are measured alternately in the same run, so the
ratio holds whatever the machine's speed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CODE = (
    "import sys, time; sys.path.insert(0, {root!r}); t = time.perf_counter(); import {module}; "
    "print((time.perf_counter() - t) * 1000)"
)


def once(module: str) -> float:
    out = subprocess.run(
        [sys.executable, "-c", CODE.format(root=str(ROOT), module=module)],
        capture_output=True,
        text=True,
        check=True,
    )
    return float(out.stdout)


def main(runs: int = 15) -> None:
    numpy_ms, kaskaria_ms = [], []
    for _ in range(runs):  # alternately, so both see the same machine
        numpy_ms.append(once("numpy"))
        kaskaria_ms.append(once("kaskaria"))
    best_numpy, best_kaskaria = min(numpy_ms), min(kaskaria_ms)
    print(f"import numpy, best of {runs}: {best_numpy:.1f} ms")
    print(f"import kaskaria, best of {runs}: {best_kaskaria:.1f} ms")
    print()
    print(f"import_numpy_ms: {best_numpy:.1f}")
    print(f"import_kaskaria_ms: {best_kaskaria:.1f}")
    print(f"import_ratio: {best_kaskaria / best_numpy:.2f}")


if __name__ == "__main__":
    main()
