"""Dragon's Gold on a projector's small screen, in a real browser: nothing overlaps at the game's
end, nor while a child builds a proposal.

What children found at 683 x 512 in German: the results card at the game's end lay over the
switch "Automatisch: aus"; building a proposal (the child divides the treasure among the
players), the line under the moves that says how was cut at the bottom of the screen, and the
board's button "Diese Aufteilung vorschlagen" sat on the line "Noch 4 Vorschläge." Now nothing
on the screen lies over anything else, and every move and its line are on the first screen, at
1280 x 800, 1024 x 768 and 683 x 512, in English and German.

The tables are drawn by their real module and styles in Chromium without JupyterLab
(browser_support.WidgetPage).
"""

from __future__ import annotations

import browser_support as bs
import pytest
from browser_support import WidgetPage

pytestmark = pytest.mark.browser

SIZES = bs.ONE_SCREEN_SIZES

#: the boxes of what a child sees outside the board (the results lie over the board on purpose):
#: every button and every element with words of its own (a line of the side column, of a player
#: card), each with its name; and the results card's box (null: no results shown)
END_BOXES_JS = """() => {
  const root = document.querySelector('.kaskaria-table');
  const seen = (el) => {
    if (!el.getClientRects().length) return false;
    const s = getComputedStyle(el);
    return s.visibility !== 'hidden' && s.opacity !== '0';
  };
  const worded = (el) => el.tagName === 'BUTTON' ||
    [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.data.trim());
  const box = (el) => { const b = el.getBoundingClientRect();
    return {left: b.left, right: b.right, top: b.top, bottom: b.bottom}; };
  const results = root.querySelector('.kt-result-host:not([hidden]) .kt-results');
  const pieces = [...root.querySelectorAll('*')]
    .filter((el) => worded(el) && seen(el) && !el.closest('.kt-result-host')
                    && !el.closest('.kt-board-host') && !el.closest('.kt-sr'))
    .map((el) => ({name: `${el.className.split(' ')[0] || el.tagName}: ${el.textContent.trim().slice(0, 40)}`,
                   box: box(el)}));
  return {results: results ? box(results) : null, pieces};
}"""


def _overlap(a: dict, b: dict) -> bool:
    return (
        a["left"] < b["right"] - 0.5
        and b["left"] < a["right"] - 0.5
        and a["top"] < b["bottom"] - 0.5
        and b["top"] < a["bottom"] - 0.5
    )


_ENDS: dict = {}


def _ended(lang: str):
    """A game of Dragon's Gold played to its end (a person and two easy bots)."""
    from dg_support import table_played_until

    if lang not in _ENDS:
        table = table_played_until(lambda v: v["turn"]["to_move"] == "over", lang=lang)
        assert table is not None
        _ENDS[lang] = table
    return _ENDS[lang]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_at_the_games_end_the_results_lie_over_nothing_but_the_board(browser, lang, size):
    """At the game's end the results card covers no button, no line of the side column (the
    switch "Autoplay: off" among them) and no player card, at every size."""
    table = _ended(lang)
    width, height = SIZES[size]
    widget = WidgetPage(browser, table, viewport={"width": width, "height": height})
    try:
        seen = widget.page.evaluate(END_BOXES_JS)
        assert seen["results"] is not None, seen
        covered = [p["name"] for p in seen["pieces"] if _overlap(p["box"], seen["results"])]
        assert covered == [], (size, covered)
        # the results' own buttons are on the first screen
        for button in widget.page.locator(".kt-results button").all():
            b = button.bounding_box()
            assert b and b["y"] >= 0 and b["y"] + b["height"] <= height, (size, b)
        assert widget.watch.errors() == []
    finally:
        widget.close()
