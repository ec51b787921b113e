"""Dragon's Gold after a kill of a dragon with no hidden treasure, in a real browser: the dragon's
card and "what just happened" say the kill and its treasure in plain words.

What a child saw (German, 683 x 512, while a bot drew a magic item after a kill): the dragon's
card said "besiegt: Sein versteckter Schatz (0 Schatzsteine) wurde gezogen", and "what just
happened" said only that the adventurer was sent, neither the kill nor its treasure. Now the card
says the dragon had no hidden tokens ("killed: it had no hidden tokens"), and "what just
happened" says the kill and that the dragon had no hidden tokens ("... and kills it: no hidden
tokens"), then what the players take of its treasure.

The tables are drawn by their real module and styles in Chromium without JupyterLab
(browser_support.WidgetPage), at 683 x 512.
"""

from __future__ import annotations

import random

import browser_support as bs
import pytest
from browser_support import WidgetPage

pytestmark = pytest.mark.browser

WORDS = {
    "en": {
        "card": "killed: it had no hidden tokens",
        "kill": " to dragon {place} and kills it: no hidden tokens.",
    },
    "de": {
        "card": "besiegt: Er hatte keine versteckten Schatzsteine",
        "kill": " zu Drache {place} und besiegt ihn: keine versteckten Schatzsteine.",
    },
}


def _drawing_after_a_bare_kill(lang: str):
    """A table (a person and two easy bots) played at random until a bot draws a magic item
    right after a kill of a dragon that had no hidden treasure: the table and the dragon's
    place."""
    from kaskaria.widgets import DragonsGoldTable

    for seed in range(40):
        table = DragonsGoldTable(
            players=3, seats=("human", "easy", "easy"), seed=seed, lang=lang, autoplay=None
        )
        rng = random.Random(seed)
        for _ in range(600):
            state, match = table.state, table.match
            if state.phase == "over":
                break
            if state.phase == "item" and match.actions[-1].verb == "send":
                before = match.states[-2]
                slot = int(match.actions[-1].args[3]) - 1
                if state.target == slot and before.game.cards[before.slots[slot]].hidden == 0:
                    return table, slot + 1
            actions = table.view["moves"]["actions"]
            if actions:
                table.act(rng.choice(actions)["action"])
            else:
                table.next()
    pytest.fail("no magic item drawn right after a kill of a dragon with no hidden treasure")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_kill_with_no_hidden_treasure_is_said_in_plain_words(browser, lang):
    w = WORDS[lang]
    table, place = _drawing_after_a_bare_kill(lang)
    widget = WidgetPage(browser, table, viewport=bs.SMALLEST)
    try:
        page = widget.page
        card = page.locator(f'.kaskaria-dg-dragon[data-place="{place}"] .kaskaria-dg-hidden')
        assert card.text_content().replace("\u00ad", "") == w["card"]
        summary = page.locator(".kt-summary").inner_text().replace("\u00ad", "")
        lines = [line.strip() for line in summary.splitlines() if line.strip()]
        assert any(line.endswith(w["kill"].format(place=place)) for line in lines), lines
        # never a count of nothing in brackets anywhere on the table
        shown = page.locator(".kaskaria-table").inner_text()
        assert "(0 " not in shown, shown
        assert widget.watch.errors() == []
    finally:
        widget.close()
