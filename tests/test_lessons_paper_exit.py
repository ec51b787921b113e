"""An exit ticket written first on the paper slip (every lesson's worksheet has it on page 3):
its box in the pupils' notebook says to write on the slip with the screen closed, and its one
try gives nothing away to the next pupil at the shared device. Right or not, the answer and the
explanation come only at a separate "Show the answer" press. Below the last exit-ticket box
comes the next section at once, so no cell there shows the answers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kaskaria import lessons
from kaskaria.i18n import text
from kaskaria.lessons import LESSONS
from kaskaria.lessons.content import lesson

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
TICKETS = [
    (lesson_id, q.id)
    for lesson_id in LESSONS
    for q in lesson(lesson_id).exit_tickets
    if q.worksheet
]


def _wrong(q) -> str:
    """An answer the box reads and marks as not right."""
    if q.kind == "choice":
        return next(c.value for c in q.choices if c.value != q.exact())
    return "1000"


def test_every_lesson_has_its_exit_ticket_on_paper() -> None:
    assert {lesson_id for lesson_id, _ in TICKETS} == set(LESSONS)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("lesson_id", "qid"), TICKETS)
@pytest.mark.parametrize("right", [True, False])
def test_the_one_try_holds_the_answer_until_show(lesson_id, qid, lang, right) -> None:
    q = lesson(lesson_id).question(qid)
    box = lessons.Lesson(lesson_id, lang).exit_ticket(qid)
    assert box.spec["paper"] and box.spec["words"]["paper"] == text(
        "core", "lesson.exit_paper", lang
    )
    box.handle({"type": "show"})  # before the try: nothing to show
    assert not box.state.get("done") and not box.state["message"]
    typed = q.exact() if right and q.kind == "choice" else str(q.exact()) if right else _wrong(q)
    verdict = box.check(typed)
    assert verdict.right is right and box.answered
    held = json.dumps(box.state, ensure_ascii=False)
    assert box.state["message"] == text("core", "lesson.exit_held", lang)
    assert q.explain[lang] not in held and "explain" not in box.state
    assert q.answer_label(lang) not in held.replace(json.dumps(box.state["typed"]), "")
    box.check(_wrong(q) if right else typed)  # a second try changes nothing
    assert json.dumps(box.state, ensure_ascii=False) == held
    box.handle({"type": "show"})
    assert box.state["shown"] and box.state["explain"] == q.explain[lang]
    assert box.state["message"] == verdict.message and box.state["kind"] == verdict.kind


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_exercise_is_no_paper_box(lang) -> None:
    box = lessons.Lesson("dragons-gold-rules", lang).exercise("ex2")
    assert not box.spec["paper"] and not box.spec["words"]["paper"]
    box.check("26")
    assert box.state["kind"] == "right"


def _pupil_notebooks() -> list:
    found = []
    for path in sorted(NOTEBOOKS.glob("*.ipynb")) + sorted((NOTEBOOKS / "de").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        if any("L.exit_ticket(" in "".join(c["source"]) for c in cells):
            found.append(pytest.param(cells, id=str(path.relative_to(NOTEBOOKS))))
    return found


@pytest.mark.parametrize("cells", _pupil_notebooks())
def test_the_next_section_follows_the_last_exit_ticket_box(cells) -> None:
    """Nothing between the last exit-ticket box and the next section's heading could show an
    answer: the heading comes right after it."""
    last = max(i for i, c in enumerate(cells) if "L.exit_ticket(" in "".join(c["source"]))
    after = cells[last + 1 :]
    assert after, "the notebook ends at the exit ticket"
    assert after[0]["cell_type"] == "markdown"
    assert "".join(after[0]["source"]).lstrip().startswith("## ")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_teacher_edition_offers_the_notebook_instead_of_the_paper_slip(lang: str) -> None:
    """A teacher read "on paper or in the notebook, not both" under the exit ticket while its
    boxes say to write on the paper slip first, with the screen closed: every teacher edition
    gives that one procedure, and the boxes are for later."""
    from kaskaria.lessons.teacher import edition_text

    either = {
        "en": ("or in the notebook, not both", "one or the other, never both", "holds no answers"),
        "de": (
            "oder im Notebook, nicht beides",
            "das eine oder das andere, nie beides",
            "keine Antworten stehen",
        ),
    }[lang]
    slip = {"en": "page 3", "de": "Seite 3"}[lang]  # the slip, on the worksheet's last page
    for plan in LESSONS.values():
        cells = json.loads(edition_text(plan.id, lang))["cells"]
        said = " ".join(" ".join("".join(c["source"]) for c in cells).split())
        for words in either:
            assert words not in said, (plan.id, words)
        assert slip in said, plan.id
