"""Dragon's Gold words a child reads at the table, in English and German."""

from __future__ import annotations

import pytest
from dg_support import load, random_states

from kaskaria.i18n import text
from kaskaria.present import presenter_for

NAME = "dragons-gold"


@pytest.mark.parametrize(
    ("lang", "points"),
    [("en", "points for "), ("de", "Punkte für ")],
)
def test_every_part_of_the_results_says_it_is_points(lang, points):
    """The results card lists each part of a player's score as points ("points for having the
    most of a colour: 0"), not as a thing held ("most of a gem colour: 0" read as no gems)."""
    for variant in ("basic", "advanced-strategic"):
        game = load(3, variant)
        state = next(iter(random_states(game, games=1, seed=3)))
        parts = presenter_for(game).score_parts(state, 0, lang)
        assert len(parts) == (2 if variant == "basic" else 3)
        for part in parts:
            assert part["label"].startswith(points), part
    assert text(NAME, "result.majority", "en") == "points for having the most of a colour"
    assert text(NAME, "result.majority", "de") == "Punkte für die meisten Steine einer Farbe"
