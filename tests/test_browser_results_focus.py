"""The end of a game as a screen reader hears it, in a real browser, in all three games: the
results' headline (who won) once, as the focus moves to it when the results open.

At the end the only live line said "The game is over"; the results (a dialog) were not live and
the focus stayed where it was, so who won was never read out. Now the focus moves to the
results' headline when they open at the game's end, and no live region holds that sentence (it
would be read a second time), nor does the headline begin with what a live line says (Dragon
Battle's began "The game is over", as the line of whose turn it is said). A finished game drawn
afresh does not take the focus; closing the results gives the focus to a button of the table
("Results", which opens them again; see test_browser_results_again.py).

The table is drawn by its real module and styles in Chromium without JupyterLab
(browser_support.WidgetPage), at 1280 x 800, 1024 x 768 and 683 x 512.
"""

from __future__ import annotations

import browser_support as bs
import pytest
from browser_support import WidgetPage

pytestmark = pytest.mark.browser

SIZES = bs.ONE_SCREEN_SIZES

#: the focused element's text and whether it is in the results, the results' headline, and the
#: text of every live region of the table
SEEN_JS = """() => {
  const root = document.querySelector('.kaskaria-table');
  const live = [...root.querySelectorAll('[aria-live], [role="status"], [role="alert"], [role="log"]')]
    .filter((el) => el.getAttribute('aria-live') !== 'off');
  const head = root.querySelector('.kt-results-headline');
  const now = document.activeElement;
  return {
    focused: now ? now.textContent.trim() : null,
    focusedTag: now ? now.tagName : null,
    inTable: Boolean(now && root.contains(now) && now !== root),
    inResults: Boolean(now && now.closest('.kt-result-host')),
    headline: head ? head.textContent.trim() : null,
    live: live.map((el) => el.textContent.trim()),
  };
}"""


def _table(game: str, lang: str):
    from kaskaria.widgets import DragonBattleTable, DragonsGoldTable, HeroesTable

    if game == "dragon-battle":
        return DragonBattleTable(
            players=3, seats=("human", "easy", "easy"), seed=2, lang=lang, autoplay=None
        )
    if game == "heroes":
        return HeroesTable(seats=("human", "easy"), seed=2, lang=lang, autoplay=None)
    return DragonsGoldTable(
        players=3, seats=("human", "easy", "easy"), seed=1, lang=lang, autoplay=None
    )


def _play_to_the_end(table, widget) -> None:
    """A person's moves (the first legal one) and the bots' steps by Next, each view delivered
    to the page, up to the game's end."""
    for _ in range(3000):
        view = table.view
        if view["turn"]["to_move"] == "over":
            break
        moves = view["moves"]["actions"]
        if view["turn"]["to_move"] == "human" and moves:
            table.act(moves[-1]["action"])
        else:
            table.next()
        widget.deliver()
    assert table.view["turn"]["to_move"] == "over"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", ["dragons-gold", "heroes", "dragon-battle"])
def test_at_the_end_the_focus_moves_to_who_won(browser, game, lang, size):
    table = _table(game, lang)
    width, height = SIZES[size]
    widget = WidgetPage(browser, table, viewport={"width": width, "height": height})
    try:
        _play_to_the_end(table, widget)
        seen = widget.page.evaluate(SEEN_JS)
        headline = table.view["result"]["headline"]
        assert headline and seen["headline"] == headline, seen
        # the screen reader reads the focused headline: who won, once
        assert seen["inResults"] and seen["focused"] == headline, seen
        assert not [text for text in seen["live"] if headline.rstrip(".") in text], seen
        # nor does the headline begin with what a live line says ("The game is over"): heard once
        said = [text.rstrip(".") for text in seen["live"] if text]
        assert not [text for text in said if headline.startswith(text)], seen
        # closing the results: the focus goes on to a button of the table, not out of it
        close = widget.page.locator(".kt-results-close")
        close.focus()
        close.press("Enter")
        after = widget.page.evaluate(SEEN_JS)
        assert after["inTable"] and not after["inResults"] and after["focusedTag"] == "BUTTON", (
            after
        )
        assert widget.watch.errors() == []
    finally:
        widget.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_finished_game_drawn_again_does_not_take_the_focus(browser, lang):
    """A finished game drawn afresh (a notebook opened again): the results show, the focus stays
    where it was."""
    table = _table("dragons-gold", lang)
    first = WidgetPage(browser, table, viewport={"width": 1024, "height": 768})
    try:
        _play_to_the_end(table, first)
    finally:
        first.close()
    widget = WidgetPage(browser, table, viewport={"width": 1024, "height": 768})
    try:
        seen = widget.page.evaluate(SEEN_JS)
        assert seen["headline"] == table.view["result"]["headline"], seen
        assert not seen["inResults"], seen
        assert widget.watch.errors() == []
    finally:
        widget.close()
