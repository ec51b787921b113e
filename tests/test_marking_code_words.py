"""What a teacher typed into 06's your-turn cell (the bag's points, 22) and found: a comma
between two parts told as a decimal nobody typed ("2.18"), the red tokens counted as 3 points
told only the hint, and a German sentence about sum(...) that quoted words for the code
("was in den Klammern steht sind mehrere Zahlen")."""

from __future__ import annotations

import pytest

from kaskaria import lessons
from kaskaria.i18n import text
from kaskaria.marking.answers import explain_error

POINTS = {"en": "points", "de": "punkte"}


@pytest.fixture
def shell():
    from IPython.core.interactiveshell import InteractiveShell

    ip = InteractiveShell.instance()
    yield ip
    InteractiveShell.clear_instance()


def _check(ip, cell: str, lang: str) -> str:
    """The check's sentence after the pupil's ``cell`` ran, as in the notebook."""
    var = POINTS[lang]
    for code in (
        f"from kaskaria import lessons\nL = lessons.Lesson('dragons-gold-shares', '{lang}')",
        'L.your_turn("bag-points")',
        cell.format(var),
    ):
        ip.run_cell(code, store_history=True)
    return repr(ip.run_cell(f'L.check_code("bag-points", {var})', store_history=True).result)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_comma_between_two_parts_invents_no_decimal(shell, lang):
    """``points = 2, 6*3`` made the pair (2, 18): the sentence says the comma joined two parts
    and invents no decimal 2.18; ``points = 2,6*3``, a German decimal comma, is told how Python
    writes 2,6."""
    said = _check(shell, "{} = 2, 6*3", lang)
    assert said == text("marking", "code_comma_parts", lang, a="2", b="18"), said
    assert "2.18" not in said and "ganze Zahl" not in said and "whole number" not in said
    said = _check(shell, "{} = 2,6*3", lang)
    assert said == text(
        "marking", "code_decimal_comma", lang, a="2", b="18", point="2.6", written="2,6"
    ), said


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("cell", ["{} = 2*1 + 6*3 + 2*3", "{} = 2*3 + 6*3 + 2*1"])
def test_a_red_token_or_silver_coin_counted_as_gold_is_named(shell, lang, cell):
    said = _check(shell, cell, lang)
    assert "26" in said and {"en": "3 points each", "de": "je 3"}[lang] in said, said
    assert {"en": "1 point each", "de": "je 1 Punkt"}[lang] in said, said


@pytest.mark.parametrize("lang", ["en", "de"])
def test_sum_of_several_numbers_quotes_the_code_or_speaks_of_its_brackets(lang):
    """With the cell's line known, the sentence quotes what stands in the brackets; without it,
    it speaks of "its brackets" and shows a list of its own, never words standing in for code
    (the German once read „aber was in den Klammern steht sind mehrere Zahlen“)."""
    try:
        sum(2, 18, 2)  # type: ignore[call-overload]
    except TypeError as error:
        several = error
    quoted = explain_error(several, lang, source="points = sum(2, 18, 2)")
    assert quoted == text("marking", "error.sum_several", lang, what="2, 18, 2")
    unknown = explain_error(several, lang)
    assert unknown == text("marking", "error.sum_several_unknown", lang)
    assert "sum([1, 2, 3])" in unknown
    assert "steht sind" not in unknown and "what stands" not in unknown
    try:
        len(27)  # type: ignore[arg-type]
    except TypeError as error:
        one = error
    assert explain_error(one, lang) == text("marking", "error.len_number_unknown", lang)
    assert explain_error(one, lang, source="n = len(27)") == text(
        "marking", "error.len_number", lang, what="27"
    )


def test_the_sums_lesson_checks_in_the_pupils_language():
    """The German sentences above are German (no English word of the English twin)."""
    said = lessons.Lesson("dragons-gold-shares", "de").check_code("bag-points", 26)
    assert "Schatzsteine" in repr(said) and "tokens" not in repr(said)
