"""A small made-up lesson plan and a builder of small notebooks, for the tests of the lesson kit
(the audit, the teacher editions, exit tickets and "your turn" cells): they must not depend on the
real lessons, whose content is rewritten by hand."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from kaskaria.lessons.content import (
    Choice,
    CodeTask,
    LessonPlan,
    Part,
    Question,
    Working,
)

ID = "toy-odds"


def _w(en: str, de: str) -> dict[str, str]:
    return {"en": en, "de": de}


SQUARES = [(a, b) for a in range(1, 7) for b in range(1, 7) if a > 2 or b > 2]

PLAN = LessonPlan(
    id=ID,
    notebook="99-toy-odds.ipynb",
    title=_w("Toy odds", "Spielzeug-Chancen"),
    age=_w("ages 10-14", "10 bis 14 Jahre"),
    goals=(_w("Multiply chances.", "Chancen malnehmen."),),
    parts=(
        Part(_w("1. Two dice", "1. Zwei Würfel"), 20),
        Part(_w("Slack", "Puffer"), 5),
        Part(_w("Extension A", "Erweiterung A"), 10, core=False),
    ),
    predictions=(
        Question(
            "two-dice",
            _w("How often are both dice bad?", "Wie oft sind beide Würfel schlecht?"),
            "choice",
            lambda: "1 in 9",
            _w("Count the grid.", "Zähl das Raster."),
            _w(
                "4 of the 36 squares: 1 in 9, about 11.1%.",
                "4 der 36 Felder: 1 von 9, etwa 11,1 %.",
            ),
            (
                Choice("1 in 3", _w("about 1 in 3", "etwa 1 von 3")),
                Choice("1 in 9", _w("about 1 in 9", "etwa 1 von 9")),
            ),
        ),
        Question(
            "roll",
            _w("Roll again or stop?", "Würfeln oder aufhören?"),
            "choice",
            lambda: "stop",
            _w("Average the faces.", "Bilde den Durchschnitt."),
            _w(
                "Stop. Rolling brings 14/3, about 4.67 stars, on average: less than 6.",
                "Aufhören. Würfeln bringt 14/3, etwa 4,67 Sterne, im Durchschnitt: weniger als 6.",
            ),
            (
                Choice("roll", _w("roll again", "würfeln")),
                Choice("stop", _w("stop", "aufhören")),
            ),
            giveaways=(_w("Stopping is better", "Aufhören ist besser"),),
        ),
    ),
    exercises=(
        Question(
            "ex1",
            _w("One scared, 3 dice: the chance to fail?", "Einer erschreckt, 3 Würfel: Chance?"),
            "number",
            lambda: Fraction(1, 27),
            _w("Multiply.", "Malnehmen."),
            _w("2/6 x 2/6 x 2/6 = 1/27.", "2/6 x 2/6 x 2/6 = 1/27."),
            working=Working(lines=3),
            sheet_note=_w(
                "A die has 6 faces; 2 are bad.", "Ein Würfel hat 6 Seiten; 2 sind schlecht."
            ),
        ),
        Question(
            "ex2",
            _w(
                "How many different handfuls can four dice show?",
                "Wie viele verschiedene Handvoll können vier Würfel zeigen?",
            ),
            "number",
            lambda: Fraction(126),
            _w("Order does not count.", "Die Reihenfolge zählt nicht."),
            _w("126 handfuls.", "126 Handvoll."),
            working=Working(box_mm=30),
        ),
        Question(
            "ex3",
            _w(
                "How many points can Ben be sure to keep?",
                "Wie viele Punkte kann Ben sicher behalten?",
            ),
            "number",
            lambda: Fraction(3),
            _w("He gets the smaller pile.", "Er bekommt den kleineren Haufen."),
            _w("3: the piles are 3 and 4.", "3: die Haufen sind 3 und 4."),
        ),
    ),
    discussion=(
        (
            _w("Why multiply?", "Warum malnehmen?"),
            _w(
                "The dice do not influence each other at all.",
                "Die Würfel beeinflussen einander überhaupt nicht.",
            ),
        ),
    ),
    exit_tickets=(
        Question(
            "t1",
            _w("Two scared, 2 dice: the chance to fail?", "Zwei erschreckt, 2 Würfel: Chance?"),
            "number",
            lambda: Fraction(1, 4),
            _w("Half the faces are bad.", "Die Hälfte der Seiten ist schlecht."),
            _w("1/2 x 1/2 = 1/4 = 25%.", "1/2 x 1/2 = 1/4 = 25 %."),
        ),
        Question(
            "t2",
            _w("More dice: safer or riskier?", "Mehr Würfel: sicherer oder riskanter?"),
            "choice",
            lambda: "safer",
            _w("All must be bad.", "Alle müssen schlecht sein."),
            _w(
                "Safer: every die must be bad for a fail.",
                "Sicherer: jeder Würfel muss schlecht sein.",
            ),
            (
                Choice("safer", _w("safer", "sicherer")),
                Choice("riskier", _w("riskier", "riskanter")),
            ),
        ),
    ),
    code_tasks=(
        Question(
            "good-squares",
            _w(
                "Count the squares of the 6 x 6 grid where at least one die is good.",
                "Zähle die Felder des 6 x 6-Rasters, auf denen mindestens ein Würfel gut ist.",
            ),
            "code",
            lambda: Fraction(len(SQUARES)),
            _w("Faces 1 and 2 are bad.", "Die Seiten 1 und 2 sind schlecht."),
            _w("32 squares: 36 - 4.", "32 Felder: 36 - 4."),
            code=CodeTask(
                "good",
                _w(
                    "# every pair of faces, then the good ones\n"
                    "good = [(a, b) for a in range(1, 7) for b in range(1, 7) if a > 2 or b > 2]",
                    "# jedes Paar von Seiten, dann die guten\n"
                    "good = [(a, b) for a in range(1, 7) for b in range(1, 7) if a > 2 or b > 2]",
                ),
                items=lambda: SQUARES,
            ),
        ),
    ),
    teacher_notes=(_w("Bring real dice.", "Bringen Sie echte Würfel mit."),),
)


# ---------------------------------------------------------------------------------------------
# small notebooks
# ---------------------------------------------------------------------------------------------
def md(text: str, **metadata: Any) -> dict[str, Any]:
    return {"cell_type": "markdown", "metadata": metadata, "source": text}


def code(source: str, *outputs: Any, **metadata: Any) -> dict[str, Any]:
    """A code cell with stored outputs: a str is a printed ``text/plain`` result, a dict a
    display bundle (``{"text/html": ...}``), a tuple ``("stream", text)`` printed text."""
    stored = []
    for out in outputs:
        if isinstance(out, str):
            stored.append(
                {"output_type": "execute_result", "data": {"text/plain": out}, "metadata": {}}
            )
        elif isinstance(out, tuple):
            stored.append({"output_type": "stream", "name": "stdout", "text": out[1]})
        else:
            stored.append({"output_type": "display_data", "data": dict(out), "metadata": {}})
    return {
        "cell_type": "code",
        "metadata": metadata,
        "source": source,
        "outputs": stored,
        "execution_count": None,
    }


def notebook(*cells: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """A notebook of the toy lesson: its set-up cell, then ``cells``."""
    setup = code(f'from kaskaria import lessons\nL = lessons.Lesson("{ID}", lang="{lang}")')
    return {
        "cells": [setup, *cells],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


#: the start of a made-up lesson text (YAML), as the lesson text tests and the worksheet tests
#: write it to a file of their own: the keys every lesson has, up to its timing
TOY_HEAD = """\
lesson: toy
title:
  en: Toy
  de: Spielzeug
age:
  en: ages 10-14
  de: 10 bis 14 Jahre
goals:
- en: Multiply.
  de: Malnehmen.
timing:
- minutes: 20
  en: Two dice
  de: Zwei Würfel
"""

#: the made-up lesson's one vote, "two", and the cell that asks it
TOY_VOTE = """\
- predict: two
  prompt:
    en: Yes or no?
    de: Ja oder nein?
  choices:
  - value: no
    en: no
    de: nein
  - value: yes
    en: yes
    de: ja
  hint:
    en: Think.
    de: Denk nach.
  explain:
    en: No.
    de: Nein.
- code: L.predict("two")
"""
