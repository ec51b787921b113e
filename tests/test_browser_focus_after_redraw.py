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

from collections import Counter

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


def _childs_turn(view: dict, full_hand: bool) -> bool:
    """Whether ``view`` gives the child a decision (with ``full_hand``: a full hand whose moves
    are all colours played in several ways, each a button that opens its ways)."""
    moves = view["moves"]["actions"]
    if view["turn"]["to_move"] != "human" or not moves:
        return False
    if not full_hand:
        return True
    colours = Counter(a["action"].split()[1] for a in moves if a["kind"] == "play")
    return bool(colours) and all(a["kind"] == "play" for a in moves) and min(colours.values()) >= 2


def _steps(table):
    """Play ``table`` on as its page is played (the person's moves: the first offered; the bots'
    steps: by "Next step" where the table offers it, else by the table) and yield the number of
    each "Next step" before it is pressed; the caller presses it (by ``table.next()`` or on the
    page)."""
    presses = 0
    for _ in range(2000):
        view = table.view
        if view["turn"]["to_move"] == "over":
            return
        if view["moves"]["actions"]:
            table.act(view["moves"]["actions"][0]["action"])
        elif view["moves"]["next"]:
            presses += 1
            yield presses
        else:
            table.next()


def _next_steps_to_the_childs_turns(game, lang, widget, *, turns: int, full_hand: bool):
    """Press "Next step" by the keyboard where it gives the turn to the child (with `full_hand`
    only the turns of a full hand whose moves are all colours with several ways) and yield the
    focus each time. The same game is first played without a page to find those presses (the
    views on the way need not be drawn: what the press does to the focus is the point); then on
    `widget`'s table, the page shown the table just before each of those presses, which is made
    on the page by the keyboard."""
    twin = _table(game, lang)
    wanted = set()
    for press in _steps(twin):
        twin.next()
        if _childs_turn(twin.view, full_hand):
            wanted.add(press)
            if len(wanted) == turns:
                break
    table, page = widget.table, widget.page
    seen = 0
    for press in _steps(table):
        if seen == len(wanted):
            break
        if press not in wanted:
            table.next()
            continue
        widget.deliver(latest_only=True)
        button = page.locator("button.kt-next:not([disabled])")
        assert button.count() == 1, press
        button.focus()
        button.press("Enter")
        widget.relay()
        page.wait_for_timeout(30)
        assert _childs_turn(table.view, full_hand), press  # the page's press made the same step
        if full_hand:
            # the page shows the colours' buttons alone, their ways hidden
            assert page.locator("button.kt-action:visible").count() == 0, press
            assert page.locator(".kaskaria-hk-ways-toggle:visible").count() > 0, press
        seen += 1
        yield page.evaluate(FOCUS_JS)
    assert seen == len(wanted), (seen, sorted(wanted))  # the page's game went as the twin's


# German only: where the focus goes does not depend on the language, and German's longer words
# are the harder layout
@pytest.mark.parametrize("lang", ["de"])
def test_heroes_a_full_hands_turn_after_next_keeps_the_focus_in_the_table(browser, lang):
    table = _table("heroes", lang)
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    try:
        focuses = list(
            _next_steps_to_the_childs_turns("heroes", lang, widget, turns=2, full_hand=True)
        )
        assert len(focuses) == 2, "no two full hands of colours with several ways came"
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
        focuses = list(
            _next_steps_to_the_childs_turns(game, "en", widget, turns=6, full_hand=False)
        )
        assert len(focuses) >= 5, focuses  # (Dragon Battle's game ends after five)
        for focus in focuses:
            assert focus["inTable"] and focus["seen"], focus
            assert focus["tag"] != "BODY", focus
        assert widget.watch.errors() == []
    finally:
        widget.close()
