"""Write the teacher editions (notebooks/teacher/ and notebooks/de/teacher/): every answer, the
timing and the discussion answers of each lesson, made from the lesson plans, so the pupils'
notebooks need no answer key.

    python tools/make_teacher_editions.py            # write them
    python tools/make_teacher_editions.py --check    # exit 1 if a committed edition is out of date
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kaskaria.lessons.teacher import FOLDER, files  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    made = dict(files(NOTEBOOKS))
    stale = []
    for name, text in made.items():
        path = NOTEBOOKS / name
        if check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
            continue
        if path.is_file() and path.read_text(encoding="utf-8") == text:
            continue  # unchanged: left as it is
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    folders = (NOTEBOOKS / FOLDER, NOTEBOOKS / "de" / FOLDER)
    stray = sorted(
        str(p.relative_to(NOTEBOOKS))
        for folder in folders
        if folder.is_dir()
        for p in folder.iterdir()
        if str(p.relative_to(NOTEBOOKS)) not in made
    )
    if stray:
        print("not made from a lesson plan (remove them): " + ", ".join(stray))
    if stale:
        print("out of date (run make teacher): " + ", ".join(stale))
    return 1 if stale or stray else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
