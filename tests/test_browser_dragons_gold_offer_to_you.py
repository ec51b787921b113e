"""Dragon's Gold's trade offer on the screen of the player it is made to, in a real browser:
its title says it is made to you, with no line "with you" standing alone under it.

What a child read: "Trade offer of Player 2 / Player 2 gives: 2 × silver / Player 2 wants:
1 × gold / with you", the last line apart from the offer. Now the title says to whom: "Trade
offer of Player 2 to you" ("Tauschangebot von Spieler 2 an dich").

The table is drawn by its real module and styles in Chromium without JupyterLab
(browser_support.WidgetPage), at 683 x 512 only: what is named and where the focus goes do not
depend on the screen's size (the layout tests check each size).
"""

from __future__ import annotations

import browser_support as bs
import pytest
from browser_support import WidgetPage

pytestmark = pytest.mark.browser

#: the trade offer's name and its lines as shown
OFFER_JS = """() => {
  const box = document.querySelector('.kaskaria-dg-market-offer');
  return box ? {name: box.getAttribute('aria-label'),
                lines: box.innerText.split('\\n').map((l) => l.trim()).filter(Boolean)} : null;
}"""

WORDS = {
    "en": ("Trade offer of Player 2 to you", ("with you", "with")),
    "de": ("Tauschangebot von Spieler 2 an dich", ("mit dir", "mit")),
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_offer_made_to_you_says_so_in_its_title(browser, lang):
    from kaskaria.lessons import dragons_gold as dg
    from kaskaria.widgets import DragonsGoldTable

    table = DragonsGoldTable.from_match(
        dg._market_match(1), seats=("human",) * 3, help=False, autoplay=None, lang=lang
    )
    table.pass_device()
    assert table.viewer == 1
    for action in ("offer silver", "offer silver", "ask gold", "trade with 3"):
        table.act(action)
    assert table.passing  # Player 3 answers on its own screen
    table.pass_device()
    assert table.viewer == 2
    widget = WidgetPage(browser, table, viewport=bs.SMALLEST)
    try:
        seen = widget.page.evaluate(OFFER_JS)
        title, alone = WORDS[lang]
        assert seen and seen["name"] == title and seen["lines"][0] == title, seen
        # what is given and what is wanted follow; no line says "with you" on its own
        assert len(seen["lines"]) >= 3, seen
        assert not [line for line in seen["lines"] if line in alone[:1]], seen
        assert not [line for line in seen["lines"] if line.startswith(alone[1] + " ")], seen
        assert widget.watch.errors() == []
    finally:
        widget.close()
