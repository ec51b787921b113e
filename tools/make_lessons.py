"""Make every artefact of the lessons from their text (kaskaria/lessons/text/*.yaml):

1. the pupils' notebooks, notebooks/<name>.ipynb and the German twin notebooks/de/<name>.ipynb
   (a notebook whose cells the text leaves as they are keeps its file);
2. run them (tools/run_notebooks.py: their stored outputs are what nbval compares);
3. the teacher editions (notebooks/teacher/, notebooks/de/teacher/) and the worksheets
   (docs/worksheets/), made from the lesson plans, which are read from the same text;
4. the lesson audit of the notebooks it ran (what a teacher must not find: an answer on screen
   before it is asked for, ...).

    python tools/make_lessons.py                          # every notebook (what `make lessons` does)
    python tools/make_lessons.py 02-dragon-battle-odds    # only this one's notebooks run again
    python tools/make_lessons.py --check                  # exit 1 if an artefact is out of date

``--check`` runs nothing: it compares the committed notebooks' cells with what the text makes
(their outputs are nbval's to compare) and the committed editions and worksheets with what the
plans make.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import make_teacher_editions  # noqa: E402
import make_worksheets  # noqa: E402
import run_notebooks  # noqa: E402

from kaskaria.lessons import source  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"
LANG_FOLDERS = {"en": NOTEBOOKS, "de": NOTEBOOKS / "de"}


def notebook_path(name: str, lang: str) -> Path:
    return LANG_FOLDERS[lang] / f"{name}.ipynb"


def made(name: str) -> dict[Path, dict[str, Any]]:
    """The notebooks the text ``name`` makes: path -> notebook JSON (no outputs)."""
    text = source.read(name)
    return {notebook_path(name, lang): source.notebook(text, lang) for lang in LANG_FOLDERS}


def stale(path: Path, notebook: dict[str, Any]) -> bool:
    """Whether the committed notebook's cells differ from ``notebook`` (or it is missing)."""
    if not path.is_file():
        return True
    committed = json.loads(path.read_text(encoding="utf-8"))
    return source.skeleton(committed) != source.skeleton(notebook)


def stray() -> list[Path]:
    """Notebooks in notebooks/ or notebooks/de/ that no text makes."""
    names = set(source.names())
    return sorted(
        p for folder in LANG_FOLDERS.values() for p in folder.glob("*.ipynb") if p.stem not in names
    )


def shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def write(path: Path, notebook: dict[str, Any]) -> None:
    import nbformat

    nb = nbformat.from_dict(notebook)
    nbformat.validate(nb)
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)


def run(path: Path, before: str | None = None) -> tuple[float, bool]:
    """Run the notebook in place (tools/run_notebooks.py, which keeps its widgets' ids: those of
    ``before``, the committed file a text's edit has just written again without outputs). Returns
    the seconds it took and whether the file changed (a notebook that shows what it showed keeps
    its file byte for byte)."""
    if before is None:
        before = path.read_text(encoding="utf-8")
    seconds = run_notebooks.run(path, before)
    return seconds, path.read_text(encoding="utf-8") != before


def check() -> int:
    out_of_date = [
        str(path.relative_to(ROOT))
        for name in source.names()
        for path, notebook in made(name).items()
        if stale(path, notebook)
    ]
    if out_of_date:
        print("not what the text makes (run make lessons): " + ", ".join(out_of_date))
    extra = stray()
    if extra:
        print(
            "not made from a text in kaskaria/lessons/text/ (remove them): "
            + ", ".join(map(shown, extra))
        )
    editions = make_teacher_editions.main(["--check"])
    sheets = make_worksheets.main(["--check"])
    failed = bool(out_of_date or extra or editions or sheets)
    print(
        "out of date" if failed else "every notebook, teacher edition and worksheet is up to date"
    )
    return 1 if failed else 0


def audit(paths: list[Path]) -> int:
    from kaskaria.lessons import audit as A

    total = 0
    for path in paths:
        cells = A.load(path)
        try:
            plan, lang = A.lesson_of(cells, path)
        except ValueError:
            continue  # not a lesson (the start page, the apps)
        found = A.audit(path, A.CHECKS, plan, lang)
        if lang == "de":
            found += A.twin(A.load(notebook_path(path.stem, "en")), cells)
        total += len(found)
        for v in found:
            print(f"{path.relative_to(ROOT)}: {v}")
    print(f"lesson audit: {total} violation(s)")
    return total


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "names", nargs="*", help=f"notebooks to run (default: all): {', '.join(source.names())}"
    )
    parser.add_argument("--check", action="store_true", help="only say what is out of date")
    parser.add_argument("--jobs", type=int, default=2, help="notebooks run at once (default 2)")
    args = parser.parse_args(argv)
    if args.check:
        return check()
    known = source.names()
    for name in args.names:
        if name not in known:
            parser.error(
                f"no text {name!r} in kaskaria/lessons/text/; there are: {', '.join(known)}"
            )
    start = time.perf_counter()
    # 1. the notebooks (every text is read and checked, so a mistake anywhere stops here)
    runs: list[Path] = []
    committed: dict[Path, str] = {}  # the files an edit writes again: their widgets keep their ids
    for name in known:
        for path, notebook in made(name).items():
            changed = stale(path, notebook)
            if changed:
                if path.is_file():
                    committed[path] = path.read_text(encoding="utf-8")
                write(path, notebook)
                print(f"wrote {path.relative_to(ROOT)}")
            if changed or not args.names or name in args.names:
                runs.append(path)
    # the start page shows every lesson's minutes and goals: it runs again whenever a lesson does
    if runs and "00-start-here" in known:
        runs += [path for path in made("00-start-here") if path not in runs]
    for path in stray():
        print(f"not made from a text in kaskaria/lessons/text/ (remove it): {shown(path)}")
    # 2. run them
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for path, (seconds, changed) in zip(
            runs, pool.map(run, runs, [committed.get(p) for p in runs]), strict=True
        ):
            what = "new outputs" if changed else "the same outputs"
            print(f"ran {path.relative_to(ROOT)}: {seconds:.1f} s, {what}")
    # 3. the teacher editions and the worksheets
    make_teacher_editions.main([])
    make_worksheets.main([])
    # 4. the audit
    violations = audit(runs)
    print(f"make lessons: {time.perf_counter() - start:.0f} s")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
