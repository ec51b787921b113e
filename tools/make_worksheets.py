"""Write the printable worksheets and answer keys to docs/worksheets/ (made from the lessons'
content, so they always match the notebooks).

    python tools/make_worksheets.py            # write them
    python tools/make_worksheets.py --check    # exit 1 if a committed sheet is out of date
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kaskaria.lessons.worksheets import files  # noqa: E402

OUT = ROOT / "docs" / "worksheets"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    OUT.mkdir(parents=True, exist_ok=True)
    stale = []
    for name, html in files():
        path = OUT / name
        if check:
            if not path.is_file() or path.read_text(encoding="utf-8") != html:
                stale.append(name)
            continue
        if path.is_file() and path.read_text(encoding="utf-8") == html:
            continue  # unchanged: left as it is
        path.write_text(html, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    if stale:
        print("out of date (run make worksheets): " + ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
