"""The lessons kept as text (kaskaria/lessons/text/*.yaml, read by kaskaria.lessons.source): every
committed notebook is exactly what its text makes (so text and notebooks cannot drift; the
teacher editions and worksheets are held to the plans read from the same text in
tests/test_teacher_editions.py and tests/test_worksheets.py), a teacher's edit of one sentence
changes only that sentence's cell or question, a mistake in a file is named with its line, and
each content module imports on its own."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
import zipfile
from fractions import Fraction
from pathlib import Path

import pytest
from lesson_support import TOY_HEAD, TOY_VOTE

from kaskaria.lessons import content, source
from kaskaria.lessons.content import LESSONS, Working
from kaskaria.lessons.content_dragon_battle import ODDS_ANSWERS

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
NAMES = source.names()
CASES = [(name, lang) for name in NAMES for lang in ("en", "de")]


def _committed(name: str, lang: str) -> dict:
    path = NOTEBOOKS / f"{name}.ipynb" if lang == "en" else NOTEBOOKS / "de" / f"{name}.ipynb"
    assert path.is_file(), f"{path.relative_to(REPO)} is missing: run make lessons"
    return json.loads(path.read_text(encoding="utf-8"))


def _tools(name: str):
    spec = importlib.util.spec_from_file_location(name, REPO / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------------------------------------
# text and notebooks cannot drift
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "lang"), CASES, ids=[f"{n}-{lang}" for n, lang in CASES])
def test_the_committed_notebook_is_what_its_text_makes(name, lang):
    """Every cell (its kind, id, metadata and source) and the notebook's metadata; the outputs
    are what running it shows, which nbval compares."""
    made = source.skeleton(source.notebook(name, lang))
    committed = source.skeleton(_committed(name, lang))
    assert committed["metadata"] == made["metadata"]
    ids = [c["id"] for c in committed["cells"]]
    assert ids == [c["id"] for c in made["cells"]], "cells added, removed or moved: make lessons"
    for ours, theirs in zip(made["cells"], committed["cells"], strict=True):
        assert theirs == ours, f"cell {ours['id']} is not what the text says: run make lessons"


def test_every_notebook_is_made_from_a_text_and_every_lesson_has_one():
    notebooks = {p.stem for p in NOTEBOOKS.glob("*.ipynb")}
    assert notebooks == {p.stem for p in (NOTEBOOKS / "de").glob("*.ipynb")}
    assert notebooks == set(NAMES), "a notebook without a text in kaskaria/lessons/text/"
    texts = {source.read(name).lesson: name for name in NAMES if source.read(name).lesson}
    assert set(texts) == set(LESSONS) == set(content.WHERE)
    for lesson_id, name in texts.items():
        assert LESSONS[lesson_id].notebook == f"{name}.ipynb"


def test_the_generator_finds_a_notebook_that_drifted_and_one_without_a_text(tmp_path, monkeypatch):
    make_lessons = _tools("make_lessons")
    name = "02-dragon-battle-odds"
    notebook = _committed(name, "en")
    path = tmp_path / f"{name}.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    made = source.notebook(name, "en")
    assert not make_lessons.stale(path, made)
    cell = next(c for c in notebook["cells"] if c["cell_type"] == "markdown")
    cell["source"] = ["Edited in the notebook, not in the text."]
    path.write_text(json.dumps(notebook), encoding="utf-8")
    assert make_lessons.stale(path, made)
    assert make_lessons.stale(tmp_path / "missing.ipynb", made)
    assert make_lessons.stray() == []
    (tmp_path / "de").mkdir()
    (tmp_path / "de" / "99-by-hand.ipynb").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(make_lessons, "LANG_FOLDERS", {"en": tmp_path, "de": tmp_path / "de"})
    assert make_lessons.stray() == [tmp_path / "de" / "99-by-hand.ipynb"]


def test_the_generator_writes_a_notebook_nbformat_reads(tmp_path):
    import nbformat

    make_lessons = _tools("make_lessons")
    path = tmp_path / "de" / "02-dragon-battle-odds.ipynb"
    made = source.notebook("02-dragon-battle-odds", "de")
    make_lessons.write(path, made)
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    assert source.skeleton(json.loads(path.read_text(encoding="utf-8"))) == source.skeleton(made)
    assert all(c.outputs == [] for c in nb.cells if c.cell_type == "code")
    assert 'L = lessons.Lesson("dragon-battle-odds", lang="de")' in nb.cells[1].source


# ---------------------------------------------------------------------------------------------
# a teacher's edit
# ---------------------------------------------------------------------------------------------
@pytest.fixture
def texts(tmp_path):
    folder = tmp_path / "text"
    shutil.copytree(source.TEXT, folder)
    return folder


def _edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / f"{name}.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_one_sentence_edited_changes_one_cell_of_one_notebook(texts):
    name = "02-dragon-battle-odds"
    _edit(texts, name, "whole turn. Today you work out", "whole turn. Here you work out")
    before = {lang: source.notebook(name, lang)["cells"] for lang in ("en", "de")}
    after = {
        lang: source.notebook(source.read(name, texts), lang)["cells"] for lang in ("en", "de")
    }
    assert after["de"] == before["de"]
    changed = [b["id"] for a, b in zip(after["en"], before["en"], strict=True) if a != b]
    assert changed == ["odds-00"]
    assert "whole turn. Here you work out" in after["en"][0]["source"]


def test_one_hint_edited_changes_that_question_only(texts):
    name = "02-dragon-battle-odds"
    _edit(
        texts,
        name,
        "Shade the squares of the grid where both dice are bad, and count them.",
        "Count the grid's bad squares.",
    )
    plan = source.build(name, ODDS_ANSWERS, folder=texts)
    old = LESSONS["dragon-battle-odds"]
    assert plan.question("two-dice").hint == {
        "en": "Count the grid's bad squares.",
        "de": old.question("two-dice").hint["de"],
    }
    for q in old.questions():
        if q.id != "two-dice":
            assert plan.question(q.id).hint == q.hint
            assert plan.question(q.id).exact() == q.exact()
    assert source.notebook(source.read(name, texts), "en") == source.notebook(name, "en")


def test_the_plans_say_what_their_text_says():
    text = source.read("02-dragon-battle-odds")
    plan = LESSONS["dragon-battle-odds"]
    assert plan.title == text.title and plan.age == text.age and plan.goals == text.goals
    assert [q.id for q in plan.questions()] == [
        *(q.id for q in text.questions if q.role == "predict"),
        *(q.id for q in text.questions if q.role == "exercise"),
        *(q.id for q in text.questions if q.role == "exit ticket"),
        *(q.id for q in text.questions if q.role == "your turn"),
    ]
    q = plan.question("bad-faces")
    assert q.kind == "choice" and [c.value for c in q.choices] == ["1", "2", "3", "4", "5", "6"]
    assert q.choices[0].label == {"en": "1", "de": "1"}
    assert plan.question("ex2").kind == "number" and plan.question("ex2").exact() == Fraction(1, 27)
    task = plan.question("good-squares")
    assert task.kind == "code" and task.code is not None and task.code.variable == "good"
    assert task.code.items is not None and len(task.code.items()) == 27
    assert plan.question("ex2").working == Working(box_mm=20)  # "20 mm box": room to multiply
    assert plan.tally is not None and plan.parts[-1].core is False
    gold = LESSONS["dragons-gold-shares"].question("ex3")
    assert gold.giveaways == (Fraction(8, 3),)  # a number in the text is exact
    assert LESSONS["heroes-cards"].question("nine-cards").giveaways == ("99.8%",)


# ---------------------------------------------------------------------------------------------
# mistakes in a text file, named with their line
# ---------------------------------------------------------------------------------------------
_SMALL = (
    TOY_HEAD
    + """\
cell ids: toy
cells:
- markdown:
    en: |
      # Toy
    de: |
      # Spielzeug
"""
    + TOY_VOTE
    + """\
- code: x = 1
  id: toy-99
- code: y = 2
"""
)


def _small(tmp_path: Path, text: str = _SMALL) -> Path:
    folder = tmp_path / "text"
    folder.mkdir(exist_ok=True)
    (folder / "99-toy.yaml").write_text(text, encoding="utf-8")
    return folder


def test_a_small_text_reads_every_value_as_written(tmp_path):
    folder = _small(tmp_path)
    text = source.read("99-toy", folder)
    assert [c.id for c in text.cells] == ["toy-00", "toy-01", "toy-99", "toy-02"]
    q = text.questions[0]
    assert [c.value for c in q.choices] == ["no", "yes"]  # YAML's yes/no stay words
    assert q.choices[1].label == {"en": "yes", "de": "ja"}
    plan = source.build("99-toy", {"two": "no"}, folder=folder)
    assert plan.notebook == "99-toy.ipynb" and plan.question("two").exact() == "no"
    assert plan.parts[0].minutes == 20 and plan.predictions[0].kind == "choice"
    nb = source.notebook(text, "de")
    assert nb["cells"][0]["source"] == "# Spielzeug" and nb["cells"][2]["source"] == "x = 1"


def test_materials_misconceptions_rules_and_what_to_say_reach_the_teacher_and_the_sheet(tmp_path):
    from kaskaria.lessons import teacher, worksheets

    extra = """materials:
- en: Two ordinary dice per pair.
  de: Zwei normale Würfel pro Paar.
misconceptions:
- mistake:
    en: Six is harder to roll.
    de: Eine Sechs ist schwerer.
  help:
    en: Every face is equally likely.
    de: Jede Seite ist gleich wahrscheinlich.
worksheet rules:
  en: A roll fails when every die is bad.
  de: Ein Wurf misslingt, wenn jeder Würfel schlecht ist.
worksheet rules found:
  en: Dice are independent.
  de: Die Würfel sind unabhängig.
"""
    text = _SMALL.replace("cell ids: toy\n", extra + "cell ids: toy\n").replace(
        "- code: x = 1\n",
        "- code: x = 1\n  teacher:\n    en: Ask who rolled a six.\n"
        "    de: Fragen Sie, wer eine Sechs hatte.\n",
    )
    folder = _small(tmp_path, text)
    plan = source.build("99-toy", {"two": "no"}, folder=folder)
    assert plan.materials == (
        {"en": "Two ordinary dice per pair.", "de": "Zwei normale Würfel pro Paar."},
    )
    assert plan.misconceptions[0][1]["de"] == "Jede Seite ist gleich wahrscheinlich."
    assert plan.sheet_rules == {
        "en": "A roll fails when every die is bad.",
        "de": "Ein Wurf misslingt, wenn jeder Würfel schlecht ist.",
    }
    assert plan.sheet_rules_found == {
        "en": "Dice are independent.",
        "de": "Die Würfel sind unabhängig.",
    }
    assert plan.say == {
        "toy-99": {"en": "Ask who rolled a six.", "de": "Fragen Sie, wer eine Sechs hatte."}
    }
    # the teacher's words never reach the pupils' notebook
    nb = json.dumps(source.notebook(source.read("99-toy", folder), "en"))
    assert "Ask who rolled" not in nb and "Two ordinary dice" not in nb
    # the teacher edition, in the section of the cell (the pupils' notebook gives the sections)
    notebooks = tmp_path / "notebooks"
    (notebooks / "de").mkdir(parents=True)
    for lang, where in (("en", notebooks), ("de", notebooks / "de")):
        (where / "99-toy.ipynb").write_text(
            json.dumps(source.notebook(source.read("99-toy", folder), lang)), encoding="utf-8"
        )
    for lang, say, stuff, mistake in (
        ("en", "Ask who rolled a six.", "Two ordinary dice", "Six is harder to roll."),
        ("de", "Fragen Sie, wer eine Sechs hatte.", "Zwei normale Würfel", "Eine Sechs ist"),
    ):
        edition = "".join(
            "".join(c["source"]) for c in teacher.edition(plan, lang, notebooks)["cells"]
        )
        assert say in edition and stuff in edition and mistake in edition, lang
        # the first rule box heads the pupils' sheet, the second opens its part two (after the
        # predictions); the materials are in the answer key only
        sheet = worksheets.worksheet(plan, lang)
        assert plan.sheet_rules[lang] in worksheets.part_one(sheet), lang
        assert plan.sheet_rules_found[lang] in worksheets.part_two(sheet), lang
        assert plan.sheet_rules_found[lang] not in worksheets.part_one(sheet), lang
        assert stuff not in sheet, lang
        assert stuff in worksheets.answer_key(plan, lang), lang


_GRID = """  sheet grid:
    rows:
      en: [black, red, silver]
      de: [Schwarz, Rot, Silber]
    caption:
      en: Mark every square where both dice are bad.
      de: Kreuze jedes Feld an, auf dem beide Würfel schlecht sind.
"""


def test_a_question_prints_the_empty_grid_its_text_gives(tmp_path):
    from kaskaria.lessons import worksheets

    text = _SMALL.replace("  explain:\n    en: No.\n", _GRID + "  explain:\n    en: No.\n")
    plan = source.build("99-toy", {"two": "no"}, folder=_small(tmp_path, text))
    grid = plan.question("two").sheet_grid
    assert grid is not None and grid.columns == grid.rows  # columns: the rows' labels again
    assert grid.rows["de"] == ("Schwarz", "Rot", "Silber")
    for lang, corner, caption in (
        ("en", "silver", "Mark every square"),
        ("de", "Silber", "Kreuze jedes Feld an"),
    ):
        sheet = worksheets.worksheet(plan, lang)
        table = sheet.split('<table class="grid"')[1].split("</table>")[0]
        assert table.count("<tr>") == 4 and table.count("></td>") == 9  # 3 x 3, empty
        assert f">{corner}</th>" in table and caption in table
    # one list for every language, and columns of their own
    same = _GRID.replace(
        "    rows:\n      en: [black, red, silver]\n      de: [Schwarz, Rot, Silber]\n",
        "    rows: [1, 2]\n    columns: [1, 2, 3, 4, 5, 6]\n",
    )
    text = _SMALL.replace("  explain:\n    en: No.\n", same + "  explain:\n    en: No.\n")
    plan = source.build("99-toy", {"two": "no"}, folder=_small(tmp_path, text))
    grid = plan.question("two").sheet_grid
    assert grid is not None and grid.rows == {"en": ("1", "2"), "de": ("1", "2")}
    assert len(grid.columns["de"]) == 6
    # as many labels in every language, and a grid that fits the page
    for old, new in (
        ("      de: [Schwarz, Rot, Silber]\n", "      de: [Schwarz, Rot]\n"),
        ("      en: [black, red, silver]\n", f"      en: [{', '.join(['x'] * 13)}]\n"),
    ):
        text = _SMALL.replace(
            "  explain:\n    en: No.\n", _GRID.replace(old, new) + "  explain:\n    en: No.\n"
        )
        with pytest.raises(source.LessonTextError, match="1 to 12 labels, as many in every"):
            source.read("99-toy", _small(tmp_path, text))


@pytest.mark.parametrize(
    ("old", "new", "line", "message"),
    [
        ("    de: Denk nach.\n", "", 34, "the question 'two': hint needs 'de'"),
        ("  hint:\n", "  hints:\n", 33, "unknown key 'hints'"),
        ("- minutes: 20\n", "- minutes: twenty\n", 12, "whole number from 0 to 120"),
        ("  en: Toy\n", "  en: Toy\n  en: Game\n", 4, "'en' is given twice here (first on line 3)"),
        ("    en: Think.\n", "    en: Think of #2 first.\n", 34, "the text stops at ' #'"),
        ("    en: Think.\n", "   en: Think.\n", 35, "not valid YAML"),
        ("- code: y = 2\n", "- code: y = 2\n  hidden: maybe\n", 43, "yes or no, not 'maybe'"),
        ("- code: y = 2\n", "- code: y = 2\n  id: toy-99\n", 42, "two cells have the id 'toy-99'"),
        ("- code: y = 2\n", "- cell: y = 2\n", 42, "exactly one of: markdown, code, predict"),
    ],
    ids=[
        "missing-german",
        "unknown-key",
        "minutes",
        "twice",
        "comment",
        "indent",
        "flag",
        "id",
        "kind",
    ],
)
def test_a_mistake_is_named_with_its_file_and_line(tmp_path, old, new, line, message):
    assert _SMALL.count(old) == 1
    folder = _small(tmp_path, _SMALL.replace(old, new))
    with pytest.raises(source.LessonTextError) as caught:
        source.read("99-toy", folder)
    assert str(caught.value).startswith(f"99-toy.yaml, line {line}: ")
    assert message in str(caught.value)


_EXERCISE = """- exercise: three
  marking: exact
  prompt:
    en: A chance?
    de: Eine Wahrscheinlichkeit?
  hint:
    en: Count.
    de: Zähle.
  explain:
    en: 8/31.
    de: 8/31.
"""


def test_a_question_says_whether_pupils_compute_its_chance_exactly(tmp_path):
    """``marking: exact`` reaches the plan and the answer box: a simple fraction typed for the
    chance is a wrong fraction there, where without the key it would be an estimate."""
    from fractions import Fraction

    from kaskaria.lessons import Lesson

    text = _SMALL.replace("- code: y = 2\n", "- code: y = 2\n" + _EXERCISE)
    answers = {"two": "no", "three": Fraction(8, 31)}
    plan = source.build("99-toy", answers, folder=_small(tmp_path, text))
    q = plan.question("three")
    assert q.marking == "exact" and q.estimate() is False
    assert Lesson(plan).exercise("three").check("1/4").kind == "wrong"
    assert Lesson(plan).answer_spec("three")["marking"] == "exact"
    plain = source.build(
        "99-toy", answers, folder=_small(tmp_path, text.replace("  marking: exact\n", ""))
    )
    assert plain.question("three").estimate() is None
    assert Lesson(plain).exercise("three").check("1/4").kind == "close"
    estimated = text.replace("marking: exact", "marking: estimate")
    plan = source.build("99-toy", answers, folder=_small(tmp_path, estimated))
    assert plan.question("three").estimate() is True
    # only "exact" or "estimate", and only on a number a pupil types or computes
    for old, new, message in (
        ("marking: exact", "marking: rough", "marking is exact or estimate, not 'rough'"),
        (
            "  prompt:\n    en: Yes or no?",
            "  marking: exact\n  prompt:\n    en: Yes or no?",
            "the question 'two' is not marked",
        ),
    ):
        with pytest.raises(source.LessonTextError, match=message):
            source.read("99-toy", _small(tmp_path, text.replace(old, new)))


def test_a_notebook_that_is_no_lesson_has_cells_only(tmp_path):
    folder = _small(tmp_path, _SMALL.replace("lesson: toy\n", ""))
    with pytest.raises(source.LessonTextError, match="line 1: 'title' belongs to a lesson"):
        source.read("99-toy", folder)
    start = source.read("00-start-here")
    assert start.lesson is None and start.questions == () and start.cells[0].id == "start-00"
    with pytest.raises(source.LessonTextError, match="00-start-here.yaml is no lesson"):
        source.build("00-start-here", {})


def test_answers_and_questions_must_match(tmp_path):
    folder = _small(tmp_path)
    with pytest.raises(source.LessonTextError, match="asks 'two', whose exact answer"):
        source.build("99-toy", {}, folder=folder)
    with pytest.raises(source.LessonTextError, match="answer for 'three', which 99-toy.yaml does"):
        source.build("99-toy", {"two": "no", "three": "1"}, folder=folder)
    with pytest.raises(source.LessonTextError, match="no lesson text 'nine'"):
        source.read("nine", folder)


# ---------------------------------------------------------------------------------------------
# each content module on its own; the text ships in the wheel
# ---------------------------------------------------------------------------------------------
MODULES = {
    "kaskaria.lessons.content": "LESSONS['heroes-cards'].question('ex1').exact()",
    "kaskaria.lessons.content_dragon_battle": "ODDS.question('ex2').exact()",
    "kaskaria.lessons.content_heroes": "HEROES_RULES.question('ex1').exact()",
    "kaskaria.lessons.content_dragons_gold": "DRAGONS_GOLD_SHARES.question('ex1').exact()",
    "kaskaria.lessons.source": "read('00-start-here').cells[0].id",
}


@pytest.mark.parametrize("module", list(MODULES))
def test_each_content_module_imports_alone_in_a_fresh_interpreter(module):
    code = (
        f"import sys, {module} as m; print(repr(eval({MODULES[module]!r}, vars(m)))); "
        "print(sorted(x for x in ('ipywidgets', 'anywidget', 'matplotlib', 'IPython') "
        "if x in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("[]"), done.stdout  # no Jupyter needed


def test_the_wheel_ships_every_text_and_the_lessons_read_it_from_there(tmp_path):
    try:
        from hatchling.builders.wheel import WheelBuilder
    except ImportError:  # pragma: no cover - a missing build tool is a failure, not a skip
        pytest.fail("hatchling (the build backend in pyproject.toml) is needed to check the wheel")
    wheel = Path(next(iter(WheelBuilder(str(REPO)).build(directory=str(tmp_path / "dist")))))
    with zipfile.ZipFile(wheel) as zf:
        shipped = {n for n in zf.namelist() if n.startswith("kaskaria/lessons/text/")}
        for name in NAMES:
            packaged = zf.read(f"kaskaria/lessons/text/{name}.yaml").decode("utf-8")
            assert packaged == (source.TEXT / f"{name}.yaml").read_text(encoding="utf-8")
        zf.extractall(tmp_path / "site")
    assert {n for n in shipped if n.endswith(".yaml")} == {
        f"kaskaria/lessons/text/{name}.yaml" for name in NAMES
    }
    # as after `pip install .`: the lessons read the packaged text
    code = (
        "from kaskaria.lessons import lesson, source\n"
        "print(source.TEXT)\n"
        "print(lesson('heroes-rules').question('t-lena').prompt['de'])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"PYTHONPATH": str(tmp_path / "site"), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr
    folder, prompt = done.stdout.strip().split("\n")
    assert Path(folder).resolve() == (tmp_path / "site" / "kaskaria" / "lessons" / "text").resolve()
    assert prompt == LESSONS["heroes-rules"].question("t-lena").prompt["de"]


@pytest.mark.slow
def test_running_a_notebook_again_changes_its_file_only_where_it_shows_something_new(tmp_path):
    """Each run gives the widgets new random ids: the generator keeps the old ones, so a file
    whose outputs are the same stays byte for byte the same, and an edit's diff shows only what
    it changed."""
    import nbformat

    make_lessons = _tools("make_lessons")
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell("import ipywidgets\nipywidgets.IntSlider(value=3)", id="w"),
        nbformat.v4.new_code_cell("print(6 * 7)", id="p"),
    ]
    path = tmp_path / "tiny.ipynb"
    nbformat.write(nb, path)
    seconds, changed = make_lessons.run(path)
    assert changed and seconds > 0  # outputs where there were none
    first = path.read_text(encoding="utf-8")
    widget = json.loads(first)["cells"][0]["outputs"][0]["data"]
    model = widget["application/vnd.jupyter.widget-view+json"]["model_id"]

    def printed(text: str) -> str:
        return "".join(json.loads(text)["cells"][1]["outputs"][0]["text"])

    assert len(model) == 32 and printed(first) == "42\n"
    edited = first.replace("print(6 * 7)", "print(6 * 8)")
    path.write_text(edited, encoding="utf-8")
    assert make_lessons.run(path)[1] is True
    second = path.read_text(encoding="utf-8")
    assert printed(second) == "48\n"  # (a widget's random id may hold "42" too)
    assert model in second  # the widget keeps its id: only the printed number changed
    assert make_lessons.run(path)[1] is False  # the same outputs: the same bytes
    assert path.read_text(encoding="utf-8") == second
    # a text's edit writes the notebook again without outputs: the widget keeps its id all the
    # same (the committed file is handed to the run), so the diff shows the edit alone
    nb.cells[1].source = "print(6 * 9)"
    nbformat.write(nb, path)
    assert make_lessons.run(path, before=second)[1] is True
    third = path.read_text(encoding="utf-8")
    assert printed(third) == "54\n" and model in third


def test_widget_ids_are_kept_only_where_the_same_output_held_a_widget():
    run_notebooks = _tools("run_notebooks")

    def nb(*ids):
        view = "application/vnd.jupyter.widget-view+json"
        cells = [
            {"id": f"c{i}", "outputs": [{"data": {view: {"model_id": m}}}] if m else []}
            for i, m in enumerate(ids)
        ]
        return json.dumps({"cells": cells})

    a, b, c = "a" * 32, "b" * 32, "c" * 32
    assert run_notebooks.keep_widget_ids(nb(a, None), nb(b, c)) == nb(a, c)
    assert run_notebooks.keep_widget_ids(nb(None), nb(b)) == nb(b)


def test_the_second_rule_box_is_read_like_the_first(tmp_path):
    """'worksheet rules found' takes both languages, like 'worksheet rules'; a missing language
    names the file and the key."""
    extra = "worksheet rules found:\n  en: Dice are independent.\n"
    folder = _small(tmp_path, _SMALL.replace("cell ids: toy\n", extra + "cell ids: toy\n"))
    with pytest.raises(source.LessonTextError, match="worksheet rules found"):
        source.read("99-toy", folder)


def test_a_your_turn_variable_may_have_a_name_per_language(texts):
    """German pupils write a German name (wkeit), English pupils an English one (chance): the
    text gives both, and a name that is no Python name is refused with its line."""
    text = source.read("04-heroes-cards")
    task = next(q for q in text.questions if q.id == "red-chance")
    assert task.variable == {"en": "chance", "de": "wkeit"}
    code = LESSONS["heroes-cards"].question("red-chance").code
    assert (code.name("en"), code.name("de"), code.other_names("de")) == (
        "chance",
        "wkeit",
        ("chance",),
    )
    # one name for both languages stays a plain name
    assert LESSONS["dragon-battle-odds"].question("good-squares").code.variable == "good"
    _edit(texts, "04-heroes-cards", "    de: wkeit\n  solution:", "    de: w keit\n  solution:")
    with pytest.raises(source.LessonTextError, match="variable is a Python name, not 'w keit'"):
        source.read("04-heroes-cards", texts)


def test_a_questions_own_words_carry_no_markdown_emphasis():
    """A question's prompt, hint and explanation are shown as plain text (in the answer box, its
    reveal and the answer key): a teacher found "*independent*" and "*now*" with their asterisks
    on screen and on paper."""
    import re

    from kaskaria.lessons.content import LESSONS

    emphasis = re.compile(r"(?<![\w*])\*\*?[A-Za-zÄÖÜäöüß][^*\n]*?\*\*?(?![\w*])")
    found = []
    for plan in LESSONS.values():
        for q in (*plan.predictions, *plan.exercises, *plan.exit_tickets):
            for field in ("prompt", "explain", "hint"):
                words = getattr(q, field, None) or {}
                for lang in ("en", "de"):
                    found += [
                        (plan.id, q.id, field, m) for m in emphasis.findall(words.get(lang, ""))
                    ]
    assert found == [], found


def test_reveals_and_answer_keys_carry_no_markdown_emphasis():
    """Beyond the questions' own words: what a reveal or an answer box says after a try (the
    choices, a your-turn task, a named mistake's sentence, the lines a reveal's table adds) and
    every word of each printed answer key, in both languages, show no "*word*" asterisks."""
    import re
    from html import unescape

    from kaskaria.lessons.content import LESSONS
    from kaskaria.lessons.mistakes import mistakes
    from kaskaria.lessons.worksheets import answer_key

    emphasis = re.compile(r"(?<![\w*])\*\*?[A-Za-zÄÖÜäöüß][^*\n]*?\*\*?(?![\w*])")
    found = []
    for plan in LESSONS.values():
        for lang in ("en", "de"):
            said = []
            for q in plan.questions():
                said += [q.prompt[lang], q.hint[lang], q.explain[lang], *q.key_lines(lang)]
                said += [c.label[lang] for c in q.choices]
                said += [m.words[lang] for m in mistakes(plan.id, q.id)]
                if q.sheet_note is not None:
                    said.append(q.sheet_note[lang])
            for words in said:
                found += [(plan.id, lang, m) for m in emphasis.findall(words)]
            key = answer_key(plan.id, lang).split("<body", 1)[1]
            text = unescape(re.sub(r"<[^>]+>", " ", key))
            found += [(plan.id, lang, "key", m) for m in emphasis.findall(text)]
    assert found == [], found


def test_the_german_goals_of_the_odds_lesson_continue_the_sentence_in_lower_case():
    """The goals follow "Nach dieser Stunde kannst du:" and go on with an infinitive, so they
    start in lower case ("sagen, ...", "ausrechnen, ...", "als Klasse ..."), as a reader of the
    German lesson asked."""
    from kaskaria.lessons.content import lesson

    for goal in lesson("dragon-battle-odds").goals:
        first = goal["de"].split()[0]
        assert first[0].islower(), goal["de"]


@pytest.mark.parametrize("name", NAMES)
def test_an_exercise_is_asked_under_the_number_pupils_see(name):
    """A heading "Exercise 3" (German "Aufgabe 3") links to the question ex3 and that question
    follows it: a class's board and the teacher's marks list the answers by the question's id, and
    a teacher who reads "ex4" under "Exercise 3" looks for an exercise that is not there."""
    import re

    text = (REPO / "kaskaria" / "lessons" / "text" / f"{name}.yaml").read_text(encoding="utf-8")
    headings = re.findall(r"#+ (Exercise|Aufgabe) (\d+)[^\n]*<a id=\"(ex\w*)\"></a>", text)
    asked = re.findall(r"^- exercise: (ex\w*)$", text, flags=re.MULTILINE)
    for _word, number, anchor in headings:
        assert anchor == f"ex{number}", (name, _word, number, anchor)
    assert sorted({anchor for _w, _n, anchor in headings}) == sorted(asked), (name, headings, asked)
