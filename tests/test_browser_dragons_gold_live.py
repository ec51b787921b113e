"""Dragon's Gold's end as a screen reader hears it, in a real browser: the results' headline
once, not a second time from a live line.

What a child with a screen reader found: at the game's end the headline ("Player 2 wins with 62
points.") was heard twice. The table's message line, a live region, held the headline's
sentence (hidden, but a live line's text all the same) while the results showed it. Now that
line is empty once the game is over: the results say who won, "what just happened" still says
the last move, and whose turn says the game is over.

The table is drawn by its real module and styles in Chromium without JupyterLab
(browser_support.WidgetPage), at 1280 x 800, 1024 x 768 and 683 x 512.
"""

from __future__ import annotations

import random

import browser_support as bs
import pytest
from browser_support import WidgetPage

pytestmark = pytest.mark.browser

SIZES = bs.ONE_SCREEN_SIZES

#: the text of every live region of the table (aria-live, or a role that is live), the results'
#: headline, and the newest line of what just happened
LIVE_JS = """() => {
  const root = document.querySelector('.kaskaria-table');
  const live = [...root.querySelectorAll('[aria-live], [role="status"], [role="alert"], [role="log"]')]
    .filter((el) => el.getAttribute('aria-live') !== 'off');
  const head = root.querySelector('.kt-results-headline');
  const lines = [...root.querySelectorAll('.kt-summary-lines li')];
  return {
    live: live.map((el) => ({name: el.className.split(' ')[0], text: el.textContent.trim()})),
    headline: head ? head.textContent.trim() : null,
    newest: lines.length ? lines[lines.length - 1].textContent.trim() : null,
  };
}"""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_at_the_end_no_live_region_repeats_the_results_headline(browser, lang, size):
    """A game played to its end in the page, move by move (a person's random moves, the bots'
    steps by Next): after the last move the results' headline says who won, and no live region
    of the table holds that sentence a second time; what just happened still says the last
    step."""
    from kaskaria.widgets import DragonsGoldTable

    table = DragonsGoldTable(
        players=3, seats=("human", "easy", "easy"), seed=1, lang=lang, autoplay=None
    )
    width, height = SIZES[size]
    widget = WidgetPage(browser, table, viewport={"width": width, "height": height})
    rng = random.Random(1)
    try:
        for _ in range(2000):
            view = table.view
            if view["turn"]["to_move"] == "over":
                break
            moves = view["moves"]["actions"]
            if view["turn"]["to_move"] == "human" and moves:
                table.act(rng.choice(moves)["action"])
            else:
                table.next()
            widget.deliver()
        assert table.view["turn"]["to_move"] == "over"
        seen = widget.page.evaluate(LIVE_JS)
        headline = seen["headline"]
        assert headline and headline == table.view["result"]["headline"], seen
        repeats = [r["name"] for r in seen["live"] if headline.rstrip(".") in r["text"]]
        assert repeats == [], (size, repeats, seen["live"])
        # the last step is still announced: it is the newest line of what just happened, a live
        # region
        summary = [r for r in seen["live"] if r["name"] == "kt-summary"]
        assert summary and seen["newest"] and seen["newest"] in summary[0]["text"], seen
        assert widget.watch.errors() == []
    finally:
        widget.close()
