"""Where the focus goes when the control that had it is gone after a redraw, in a real browser.

"Next step" plays a bot's step; when the child's turn comes the button is gone. The focus must
then land on a move of the table (or the table itself), never on the page's body: a keyboard or
screen reader user would have to find the table again from the top of the page. In Heroes of
Kaskaria a full hand's only moves may be its colours' buttons ("Turquoise: 3 ways to play"),
whose ways wait hidden in the moves panel until one is opened.

The table is drawn by its real module and styles in Chromium without JupyterLab
(browser_support.WidgetPage).
"""

from __future__ import annotations

import browser_support as bs
import pytest
from browser_support import WidgetPage

pytestmark = pytest.mark.browser

#: the focused element: its tag, its text and whether it lies in the table (the table itself
#: counts) and is seen on screen
FOCUS_JS = """() => {
  const root = document.querySelector('.kaskaria-table');
  const now = document.activeElement;
  return {
    tag: now ? now.tagName : null,
    text: now ? (now.getAttribute('aria-label') || now.textContent || '').trim().slice(0, 80) : null,
    inTable: Boolean(now && root.contains(now)),
    seen: Boolean(now && now.getClientRects().length > 0),
  };
}"""


def _table(game: str, lang: str):
    from kaskaria.widgets import DragonBattleTable, DragonsGoldTable, HeroesTable

    seats = ("human", "easy", "easy")
    if game == "heroes":
        return HeroesTable(players=3, seats=seats, seed=5, lang=lang, autoplay=None, hints=True)
    if game == "dragon-battle":
        return DragonBattleTable(players=3, seats=seats, seed=5, lang=lang, autoplay=None)
    return DragonsGoldTable(players=3, seats=seats, seed=1, lang=lang, autoplay=None)


def _next_steps_to_the_childs_turns(table, widget, *, turns: int, full_hand: bool):
    """Press "Next step" by the keyboard (the person's own moves made by the table) and yield the
    focus each time the press gave the turn to the child; with `full_hand` only the turns of a
    full hand whose moves are all colours with several ways."""
    page = widget.page
    seen = 0
    for button in bs.next_step_buttons(table, widget):
        if seen >= turns:
            return
        button.focus()
        button.press("Enter")
        widget.relay()
        page.wait_for_timeout(30)
        now = table.view
        if now["turn"]["to_move"] != "human" or not now["moves"]["actions"]:
            continue
        if full_hand:
            shown = page.locator("button.kt-action:visible").count()
            toggles = page.locator(".kaskaria-hk-ways-toggle:visible").count()
            if shown or not toggles:
                continue
        seen += 1
        yield page.evaluate(FOCUS_JS)


# German only: where the focus goes does not depend on the language, and German's longer words
# are the harder layout
@pytest.mark.parametrize("lang", ["de"])
def test_heroes_a_full_hands_turn_after_next_keeps_the_focus_in_the_table(browser, lang):
    table = _table("heroes", lang)
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    try:
        focuses = list(_next_steps_to_the_childs_turns(table, widget, turns=2, full_hand=True))
        assert focuses, "no full hand of colours with several ways came"
        for focus in focuses:
            assert focus["inTable"] and focus["seen"] and focus["tag"] == "BUTTON", focus
        assert widget.watch.errors() == []
    finally:
        widget.close()


@pytest.mark.parametrize("game", ["heroes", "dragon-battle", "dragons-gold"])
def test_after_next_the_childs_turn_has_the_focus_on_a_move(browser, game):
    table = _table(game, "en")
    widget = WidgetPage(browser, table, viewport={"width": 1024, "height": 768})
    try:
        focuses = list(_next_steps_to_the_childs_turns(table, widget, turns=6, full_hand=False))
        assert focuses
        for focus in focuses:
            assert focus["inTable"] and focus["seen"], focus
            assert focus["tag"] != "BODY", focus
        assert widget.watch.errors() == []
    finally:
        widget.close()
