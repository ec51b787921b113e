"""The teacher editions (notebooks/teacher/, notebooks/de/teacher/): made from the lesson plans,
holding every answer the pupils' notebooks no longer show; the committed files are exactly what
the generator makes now (nbval has nothing to run in them: Markdown only)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import nbformat
import pytest
from lesson_support import PLAN, code, md, notebook

from kaskaria.i18n import LANGUAGES
from kaskaria.lessons.content import LESSONS
from kaskaria.lessons.teacher import edition, edition_path, edition_text, files, lesson_order

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"


class _Editions(Mapping):
    """The editions as kaskaria.lessons.teacher makes them now, by path: their names known at
    once, their texts made when a test first reads one (they need every lesson's exact answers,
    the solved two-player game among them: seconds in each process that only collects the
    tests)."""

    def __init__(self) -> None:
        plans = sorted(LESSONS.values(), key=lambda p: p.notebook)
        self._names = [edition_path(plan, lang) for plan in plans for lang in LANGUAGES]
        self._texts: dict[str, str] | None = None

    def made(self) -> dict[str, str]:
        if self._texts is None:
            self._texts = dict(files(NOTEBOOKS))
        return self._texts

    def __getitem__(self, name: str) -> str:
        return self.made()[name]

    def __iter__(self):
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


MADE = _Editions()


def _markdown(nb: dict) -> str:
    return "\n".join("".join(c["source"]) for c in nb["cells"])


def _plain(markdown: str) -> str:
    """The text a reader sees (escapes and emphasis dropped)."""
    return re.sub(r"\\(.)", r"\1", markdown).replace("**", "")


def test_there_is_an_edition_per_lesson_and_language():
    assert sorted(MADE.made()) == sorted(
        f"{prefix}teacher/{plan.notebook}" for plan in LESSONS.values() for prefix in ("", "de/")
    )
    assert list(MADE) == list(MADE.made())  # the names the tests are collected by


@pytest.mark.parametrize("name", list(MADE), ids=list(MADE))
def test_the_committed_edition_is_the_generated_one(name):
    text = MADE[name]
    path = NOTEBOOKS / name
    assert path.is_file(), f"notebooks/{name} is missing: run make teacher"
    assert path.read_text(encoding="utf-8") == text, (
        f"notebooks/{name} differs from what kaskaria.lessons.teacher makes now: run make teacher"
    )


def test_no_stray_files_in_the_folders():
    found = sorted(
        str(p.relative_to(NOTEBOOKS))
        for folder in (NOTEBOOKS / "teacher", NOTEBOOKS / "de" / "teacher")
        for p in folder.iterdir()
    )
    assert found == sorted(MADE)


def test_the_generator_writes_and_checks(tmp_path):
    done = subprocess.run(
        [sys.executable, str(REPO / "tools" / "make_teacher_editions.py"), "--check"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("plan", LESSONS.values(), ids=list(LESSONS))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_edition_holds_every_answer_the_timing_and_the_discussion(plan, lang):
    nb = json.loads(MADE[edition_path(plan, lang)])
    text = _plain(_markdown(nb))
    for q in plan.questions():
        assert q.prompt[lang] in text, q.id
        assert f"{q.answer_label(lang)} {q.explain[lang]}" in text, q.id
        for c in q.choices:
            assert c.label[lang] in text
    for part in plan.parts:
        assert f"| {part.title[lang]}" in text and f"| {part.minutes} |" in text
    assert f"| {plan.core_minutes()} |" in text
    for question, answer in plan.discussion:
        assert question[lang] in text and answer[lang] in text


@pytest.mark.parametrize("name", list(MADE), ids=list(MADE))
def test_an_edition_is_a_valid_notebook_of_markdown_only_whose_links_work(name):
    path = NOTEBOOKS / name
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    assert {c.cell_type for c in nb.cells} == {"markdown"}  # nothing to run, nothing stale
    assert nb.metadata.kernelspec.display_name == "Python 3 (ipykernel)"
    links = re.findall(r"\]\(([^)\s]+)\)", _markdown(json.loads(path.read_text(encoding="utf-8"))))
    # the lesson's Binder links and its QR code are checked below
    local = [link for link in links if not link.startswith(("https://", "data:"))]
    assert len(local) == 3  # the lesson, its worksheet and its answer key
    for link in local:
        assert (path.parent / link).resolve().is_file(), f"{name} links to a missing {link}"


def _readme_binder() -> str:
    """The repository's address on Binder, as the README's badge opens it."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    badge = re.search(r"\(https://mybinder\.org/v2/gh/([^?)]+)\?urlpath=lab/tree/([^)]+)\)", readme)
    assert badge and badge[2] == "notebooks/00-start-here.ipynb"
    return f"https://mybinder.org/v2/gh/{badge[1]}"


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("plan", list(LESSONS.values()), ids=list(LESSONS))
def test_each_edition_and_answer_key_gives_its_own_lessons_binder_link(plan, lang):
    """The teacher edition and the answer key each give the lesson's own Binder link, built
    from the README badge's address, opening the lesson's notebook in that language (and the
    edition the twin's too); the edition has a QR code of that very link, the key none."""
    from kaskaria.lessons.links import BINDER, binder_link, qr_data_uri, qr_svg
    from kaskaria.lessons.worksheets import answer_key

    assert BINDER == _readme_binder()
    twin = "de" if lang == "en" else "en"
    link, other = binder_link(plan.notebook, lang), binder_link(plan.notebook, twin)
    for address in (link, other):
        assert address.startswith(f"{BINDER}?urlpath=lab/tree/notebooks/")
        path = address.split("?urlpath=lab/tree/", 1)[1]
        assert (REPO / path).is_file(), address
        assert path.endswith(plan.notebook)
    assert ("/de/" in link) == (lang == "de")
    text = _markdown(json.loads(MADE[f"{'' if lang == 'en' else 'de/'}teacher/{plan.notebook}"]))
    assert f"]({link})" in text and f"]({other})" in text
    # no other lesson's link
    assert len(set(re.findall(r"urlpath=lab/tree/([^)\s]+)", text))) == 2
    assert f"]({qr_data_uri(link)})" in text
    key = answer_key(plan, lang)
    # the key holds every answer: it gives the link only, never the code shown to the class
    assert f'href="{link}"' in key and qr_svg(link, inline=True) not in key and "<svg" not in key
    assert set(re.findall(r"urlpath=lab/tree/([^\"<\s]+)", key)) == {link.split("tree/")[1]}


def test_a_qr_code_is_of_the_link_it_is_made_from():
    from kaskaria.lessons.links import binder_link, qr_svg

    first = binder_link("05b-dragons-gold-deals.ipynb", "en")
    second = binder_link("05b-dragons-gold-deals.ipynb", "de")
    assert qr_svg(first) == qr_svg(first) and qr_svg(first) != qr_svg(second)
    assert qr_svg(first).startswith("<svg") and "viewBox" in qr_svg(first, inline=True)


def test_german_editions_speak_german():
    text = _markdown(json.loads(MADE["de/teacher/02-dragon-battle-odds.ipynb"]))
    for word in ("Ausgabe für Lehrkräfte", "Zeitplan", "Antwort:", "Erst vermuten", "Aufgabe"):
        assert word in text
    for english in ("teacher edition", "Timing", "Answer:", "Predict", "Exercise"):
        assert english not in text


def test_making_an_edition_twice_gives_the_same_bytes():
    first = edition_text("heroes-cards", "de", NOTEBOOKS)
    assert edition_text("heroes-cards", "de", NOTEBOOKS) == first
    assert first.endswith("}\n") and "\r" not in first


def test_the_editions_need_no_jupyter():
    snippet = (
        "import sys, kaskaria.lessons.teacher as t; list(t.files()); "
        "print(sorted(m for m in ('anywidget', 'ipywidgets', 'matplotlib', 'IPython') "
        "if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", snippet], capture_output=True, text=True, cwd=REPO, check=True
    )
    assert done.stdout.strip() == "[]"


# ---------------------------------------------------------------------------------------------
# on the made-up lesson: sections in the order of the notebook
# ---------------------------------------------------------------------------------------------
def test_questions_follow_the_sections_of_the_pupils_notebook(tmp_path):
    nb = notebook(
        md("# Toy odds"),
        md('## 1. Two dice <a id="two"></a>'),
        code('L.predict("two-dice")'),
        code('L.reveal("two-dice")'),
        md('### Exercise 1 <a id="ex1"></a>'),  # level 3: stays in section 1
        code('L.exercise("ex1")'),
        md("## 2. Roll or stop"),
        code('L.predict("roll")'),
        code('L.your_turn("good-squares")'),
        code("good = ..."),
        code('L.check_code("good-squares", good)'),
        md("## What we found"),
        code('L.exit_ticket("t1")'),
    )
    (tmp_path / PLAN.notebook).write_text(json.dumps(nb), encoding="utf-8")
    order = [(h, [q.id for q in qs]) for h, qs in lesson_order(PLAN, "en", tmp_path)]
    assert order == [
        ("1. Two dice", ["two-dice", "ex1"]),
        ("2. Roll or stop", ["roll", "good-squares"]),
        ("What we found", ["t1"]),
        ("Questions of the plan not (yet) in the notebook", ["ex2", "ex3", "t2"]),
    ]
    text = _markdown(edition(PLAN, "en", tmp_path))
    assert "### 1\\. Two dice" in text and "### 2\\. Roll or stop" in text
    assert "**Your turn (ages 12 and up; optional for younger classes)** `good-squares`" in text
    assert "```python\n# every pair of faces, then the good ones\ngood = [(a, b)" in text
    assert "**Exit ticket** `t1`" in text and "Bring real dice." in text
    assert "Hint the pupils get: Faces 1 and 2 are bad." in text
    # without the pupils' notebook every question is listed, in the plan's order
    alone = lesson_order(PLAN, "en", None)
    assert [q.id for _, qs in alone for q in qs] == [q.id for q in PLAN.questions()]


def test_plain_text_stays_plain_in_markdown():
    from kaskaria.lessons.teacher import _md

    assert _md("1. gold | silver *and* <b>_x_</b> [a](b)") == (
        "1\\. gold \\| silver \\*and\\* &lt;b&gt;\\_x\\_&lt;/b&gt; \\[a\\](b)"
    )
    assert _md("- not a list") == "\\- not a list"


def _figures_per_part(note: str, lang: str) -> list[int] | None:
    """The minutes a note's "How the timing was worked out" gives per part ("Per part, as in the
    timing table: the start (...) 4 minutes; section 1 (...) 4; ...; slack ... 5: 40 in all"), in
    order: the number after each part's brackets (or its first number), parts split at ';' outside
    brackets, up to the first '.' or ':' that ends the list. None when the note gives none."""
    key = "as in the timing table:" if lang == "en" else "wie in der Zeittabelle:"
    text = " ".join(note.split())
    if key not in text:
        return None
    depth, chunks = 0, [""]
    for ch in text.split(key, 1)[1]:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and ch in ".:" and chunks[-1].strip() and chunks[-1].rstrip()[-1].isdigit():
            break
        if depth == 0 and ch == ";":
            chunks.append("")
        else:
            chunks[-1] += ch
    figures = []
    for chunk in chunks:
        tail = chunk.rsplit(")", 1)[1] if ")" in chunk else chunk
        found = re.search(r"\d+", tail)
        assert found, chunk
        figures.append(int(found.group()))
    return figures


@pytest.mark.parametrize("plan", LESSONS.values(), ids=list(LESSONS))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_timing_note_gives_the_timing_tables_minutes(plan, lang):
    """A teacher found 05's "How the timing was worked out" giving 6/5/5/4/9/5/6 per part beside a
    table of 5/6/5/4/9/6/5, and 06's 3/4/4/8/3/6/5/7 beside 3/5/4/8/4/5/5/6: the note's figures,
    part by part, are the table's core minutes."""
    core = [p.minutes for p in plan.parts if p.core]
    for note in plan.teacher_notes:
        figures = _figures_per_part(note[lang], lang)
        if figures is not None:
            assert figures == core, (plan.id, figures, core)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_rules_lesson_times_the_exit_ticket_as_walked(lang):
    """A teacher walked 01's "What we found" with the exit ticket at 7 minutes (its text, the five
    rules aloud, page 3 handed out, two answers alone) where the table said 5, and sections 1-3 at
    10 where it said 11: the table gives the walked minutes within the period, and the timing note
    gives them part by part with what each part holds."""
    plan = LESSONS["dragon-battle-rules"]
    core = [p.minutes for p in plan.parts if p.core]
    assert core == [10, 4, 5, 8, 7, 5] and sum(core) <= 40
    notes = [n[lang] for n in plan.teacher_notes]
    figures = [f for f in (_figures_per_part(n, lang) for n in notes) if f is not None]
    assert figures == [core], figures
    timing = " ".join(next(n for n in notes if "**Timing.**" in n or "**Zeitplan.**" in n).split())
    said = {"en": ("five rules said aloud", "page 3 handed out", "two answers alone")}
    said["de"] = ("fünf Regeln gemeinsam gesagt", "Seite 3 ausgeteilt", "Antworten allein")
    assert all(words in timing for words in said[lang]), timing


def test_the_timing_note_reader_reads_a_wrong_figure():
    note = (
        "Per part, as in the timing table: the start (about 200 words, page 1 handed out) 4 "
        "minutes; section 1 (a vote; exercise 1) 5; the rules said aloud and the exit ticket 6; "
        "slack 5: 40 in all."
    )
    assert _figures_per_part(note, "en") == [4, 5, 6, 5]
    assert _figures_per_part("No figures here.", "en") is None


#: words of a timing note that tell its history (an earlier table, version or walk), not how the
#: minutes of the current table were made
_TIMING_HISTORY = {
    "en": ("an earlier", "earlier version", "earlier table", "gave the time back", "came to 4"),
    "de": (
        "ein früherer",
        "eine frühere",
        "frühere fassung",
        "zeit zurückgegeben",
        "kam die stunde",
    ),
}


@pytest.mark.parametrize(
    "lesson_id", ["dragons-gold-rules", "dragons-gold-deals", "dragons-gold-shares"]
)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_timing_note_says_only_how_the_timing_was_made(lesson_id, lang):
    """A teacher found the timing notes of 05b and 06 telling their history ("An earlier table
    said 37 ... walked with them it came to 41"): a note says how the current minutes were
    walked, nothing of earlier versions."""
    plan = LESSONS[lesson_id]
    title = (
        "**How the timing was worked out.**" if lang == "en" else "**Wie der Zeitplan entstand.**"
    )
    notes = [n[lang] for n in plan.teacher_notes if n[lang].startswith(title)]
    assert notes, lesson_id
    for note in notes:
        text = " ".join(note.split()).casefold()
        for words in _TIMING_HISTORY[lang]:
            assert words not in text, (lesson_id, words)


#: what a teacher edition said about the exit ticket that the three-page worksheets and the
#: one-answer exit tickets made untrue
_UNTRUE_AT_THE_EXIT_TICKET = {
    "en": (
        "The rules stay off the screen",
        "just above its exit ticket",
        "(worksheet page 2) or in the notebook",
        "try again after a hint",
        "on the back of the sheet",
    ),
    "de": (
        "Die Regeln stehen nicht auf dem Bildschirm",
        "direkt über dessen Exit-Ticket",
        "(Seite 2 des Arbeitsblatts) oder im Notebook",
        "nach einem Tipp noch einmal versuchen",
        "Rückseite",
    ),
}


@pytest.mark.parametrize("plan", LESSONS.values(), ids=list(LESSONS))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_edition_says_what_pupils_have_in_front_of_them_at_the_exit_ticket(plan, lang):
    """Teacher notes in 01, 02, 05 and 05b said "the rules stay off the screen" (or that the rule
    box sits just above the exit ticket on page 2) although the rules are further up in the
    notebook, and the exit ticket now has page 3 to itself; 02 sent early finishers to the back
    of a sheet printed one-sided. The edition says none of it; where its notes speak of the rules
    said aloud before the exit ticket, they name page 3 and what the notebook still shows."""
    text = " ".join(_plain(_markdown(edition(plan.id, lang))).split())
    for untrue in _UNTRUE_AT_THE_EXIT_TICKET[lang]:
        assert untrue not in text, (plan.id, untrue)
    if plan.id in ("dragon-battle-rules", "dragon-battle-odds", "dragons-gold-rules",
                   "dragons-gold-deals"):  # fmt: skip
        page3 = "page 3 goes out" if lang == "en" else "Seite 3 wird ausgeteilt"
        scroll = "further up" if lang == "en" else "weiter oben"
        assert page3 in text and scroll in text, plan.id


def _marking_section(name: str) -> str:
    text = _markdown(json.loads(MADE[name]))
    heads = ("## How the answer boxes mark", "## Wie die Antwortfelder bewerten")
    start = max(text.find(h) for h in heads)
    assert start >= 0, name
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else None]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_lesson_of_counts_explains_only_how_counts_are_marked(lang):
    """Lesson 03 asks 7-year-olds for counts and choices: its teacher edition said how chances
    are rounded and estimated (15/46, 185/689, percentages), which bears on none of them."""
    folder = "de/teacher" if lang == "de" else "teacher"
    counts = _marking_section(f"{folder}/03-heroes-rules.ipynb")
    for chance_words in ("15/46", "185/689", "4/9", "0.4", "0,4", "estimate", "Schätzung"):
        assert chance_words not in counts, chance_words
    for key in ("forms_count", "counts_only", "choices"):
        assert _plain(_md_text(f"teacher.marking.{key}", lang)) in _plain(counts), key
    # a lesson with chances keeps the rule for chances
    chances = _marking_section(f"{folder}/04-heroes-cards.ipynb")
    assert "15/46" in chances and "185/689" in chances


def _md_text(key: str, lang: str) -> str:
    from kaskaria.i18n import text

    return text("marking", key, lang)


def test_the_german_edition_says_am_beamer_zeigen():
    text = _markdown(json.loads(MADE["de/teacher/03-heroes-rules.ipynb"]))
    assert "## Die Stunde am Beamer zeigen" in text and "an der Wand" not in text


@pytest.mark.parametrize("plan", LESSONS.values(), ids=list(LESSONS))
def test_a_note_that_asks_who_voted_for_a_choice_names_a_real_choice(plan):
    """02's extension E note asked who voted for "catch up" (DE „aufholen“), a choice the vote
    does not have: a note that names a vote's choice quotes one of the lesson's choices."""
    quoted = {"en": r'voted for "([^"]+)"', "de": r"für „([^“]+)“ gestimmt"}
    labels = {lang: {c.label[lang] for q in plan.questions() for c in q.choices} for lang in quoted}
    for say in plan.say.values():
        for lang, pattern in quoted.items():
            for choice in re.findall(pattern, " ".join(say[lang].split())):
                assert choice in labels[lang], (plan.id, lang, choice)


@pytest.mark.parametrize("name", [n for n in MADE if n.startswith("de/")])
def test_a_german_edition_addresses_the_teacher_as_sie(name):
    """The German footer said "ändere den Text dort" (du) where the edition says "Sie"."""
    text = MADE[name]
    assert "ändere" not in text and "Ändern Sie den Text dort" in text, name


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_heroes_edition_names_the_one_core_answer_that_shows_an_extensions_answer(lang):
    """03's notes said "the extensions neither repeat a core answer nor give away their own
    predictions", while its note at extension A warns that the opened answer of section 4 shows
    Peter's field: the claim names that exception, in the same paragraph. (Section 5 has no
    table since the waterfall rule is told, not voted on.)"""
    plan = LESSONS["heroes-rules"]
    claim = {"en": "neither repeat a core answer", "de": "wiederholen keine Antwort"}[lang]
    notes = [n[lang] for n in plan.teacher_notes if claim in n[lang]]
    assert notes, "the claim moved: check it still says one true thing"
    for note in notes:
        assert "Peter" in note and ("section 4 " in note or "Abschnitt 4 " in note), note
        assert "4 and 5" not in note and "4 und 5" not in note, note


#: German names of JupyterLab's menus and keys that Binder does not show: its JupyterLab has no
#: German language pack, so the menu reads "Run ▸ Run All Cells", and a tablet has no Shift key
GERMAN_MENUS = re.compile(
    r"„Ausführen“|\bAusführen\s*[>▸]|„Alle Zellen ausführen“|Menü „Ausführen|Menü \*Ausführen\*"
    r"|Umschalt\s*\+\s*Eingabe"
)


def test_the_kits_german_words_name_the_menus_binder_shows():
    from kaskaria.lessons.messages import DE
    from kaskaria.marking.messages_marking import DE as MARKING_DE

    assert GERMAN_MENUS.search("im Menü „Ausführen“ alle Zellen, dann Umschalt+Eingabe")
    for key, words in (*DE.items(), *MARKING_DE.items()):
        assert not GERMAN_MENUS.search(words), key


def _notebook_toolbar() -> list[dict]:
    """The buttons over a notebook in the JupyterLab the project runs on (Binder's too)."""
    import jupyterlab

    schema = Path(jupyterlab.__file__).parent / "schemas/@jupyterlab/notebook-extension/panel.json"
    return json.loads(schema.read_text("utf-8"))["jupyter.lab.toolbars"]["Notebook"]


@pytest.mark.parametrize("prefix", ["", "de/"])
def test_every_edition_names_the_run_all_button_first_and_the_menu_second(prefix):
    """Two German readers read „Run ▸ Run All Cells“ at the head of the editions' advice on
    projecting as a slip. An edition now names the ⏩ button over the notebook first (the
    toolbar's "restart and run all", which asks once to confirm with "Restart") and the English
    menu path second, as a gloss; a lesson that runs only part of its notebook (05, 05b: the
    exit-ticket boxes stay unrun) is not sent to that button at all."""
    from kaskaria.lessons.messages import DE, EN
    from kaskaria.lessons.teacher import PART_RUN, runs_every_cell

    commands = [item.get("command") for item in _notebook_toolbar()]
    assert "notebook:restart-run-all" in commands, commands
    words = DE if prefix else EN
    run, how = words["teacher.projecting_run"], words["teacher.projecting_how"]
    assert "⏩" in run and ("„Restart“" if prefix else "“Restart”") in run, run
    assert run.index("⏩") < run.index("Run ▸ Run All Cells"), run
    assert "⏩" not in how and "Run All" not in how, how
    partial = set()
    for plan in LESSONS.values():
        text = " ".join(_markdown(json.loads(MADE[f"{prefix}teacher/{plan.notebook}"])).split())
        assert " ".join(how.split()) in text, plan.notebook
        if runs_every_cell(plan):
            assert f"{' '.join(run.split())} {' '.join(how.split())}" in text, plan.notebook
        else:
            partial.add(plan.id)
            assert " ".join(run.split()) not in text, plan.notebook
            assert any(PART_RUN in item[prefix and "de" or "en"] for item in plan.materials)
    assert partial == {"dragons-gold-rules", "dragons-gold-deals"}, partial


@pytest.mark.parametrize(
    "name",
    [
        "00-start-here",
        "01-dragon-battle-rules",
        "02-dragon-battle-odds",
        "03-heroes-rules",
        "04-heroes-cards",
        "05-dragons-gold-rules",
        "05b-dragons-gold-deals",
        "06-dragons-gold-fair-shares",
    ],
)
def test_a_german_lesson_names_the_menus_binder_shows(name):
    """The German words of these lessons (notebook, teacher edition, answer key) name the menu
    as Binder shows it, in English, and the ▶ button, never a German menu name."""
    from kaskaria.lessons import source
    from kaskaria.lessons.worksheets import answer_key

    words = source.read(name)
    found = [c.source["de"] for c in words.cells]
    found += [c.teacher["de"] for c in words.cells if c.teacher]
    found += [w["de"] for w in (*words.teacher_notes, *words.materials)]
    if name != "00-start-here":
        found.append(MADE[f"de/teacher/{name}.ipynb"])
        found.append(answer_key(LESSONS_BY_NOTEBOOK[f"{name}.ipynb"], "de"))
    for text in found:
        assert not GERMAN_MENUS.search(text), GERMAN_MENUS.search(text)


LESSONS_BY_NOTEBOOK = {plan.notebook: plan for plan in LESSONS.values()}
