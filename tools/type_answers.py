"""Type what pupils type into every answer box of every lesson, in English and German, and print
each verdict (the marking part of a teacher's walk-through; see kaskaria.lessons.sweep), then the
findings: every verdict that breaks the marking standard.

    python tools/type_answers.py              # every verdict, then the findings
    python tools/type_answers.py --findings   # only the findings (exit 1 if there are any)
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kaskaria.lessons.sweep import findings, sweep, table  # noqa: E402


def main(argv: list[str]) -> int:
    rows = sweep()
    if "--findings" not in argv:
        print(table(rows))
    found = findings(rows)
    boxes = len({(r.lesson, r.question, r.lang) for r in rows})
    print(f"\n{len(rows)} inputs typed into {boxes} answer boxes; {len(found)} findings")
    for line in found:
        print("  " + line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
