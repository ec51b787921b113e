"""Hints, "what if?" and the thinking line in a real Chromium (the widget page without Jupyter).

Once per game: the person to move presses Hint and reads the library's sentence; without the
teacher's switch there is no Hint button. In Dragon Battle the person then ends the turn, presses
Look back and reads the look back; and a press of Next shows "Player 2 is thinking…" at once,
before Python answers, with every button still pressable.
"""

from __future__ import annotations

import browser_support as bs
import pytest
from browser_support import WidgetPage

from kaskaria.hints import hint, what_if
from kaskaria.widgets import DragonBattleTable, DragonsGoldTable, HeroesTable

pytestmark = pytest.mark.browser

TABLES = {
    "dragon-battle": (DragonBattleTable, ("human", "easy")),
    "heroes": (HeroesTable, ("human", "easy")),
    "dragons-gold": (DragonsGoldTable, ("human", "easy", "easy")),
}


@pytest.mark.parametrize("name", TABLES)
def test_the_person_to_move_presses_hint_and_reads_why(browser, name):
    cls, seats = TABLES[name]
    table = cls(players=len(seats), seats=seats, seed=2, autoplay=None, hints=True)
    assert table.state.current_player() == 0
    widget = WidgetPage(browser, table, viewport={"width": 1024, "height": 768})
    page = widget.page
    try:
        version = table.view["version"]
        button = page.locator("button.kt-hint-button")
        assert button.is_visible() and button.text_content() == "Hint"
        button.click()
        assert widget.relay() == [{"type": "hint", "version": version}]
        expected = hint(table.session.match, 0, "en").text
        page.wait_for_function(
            "(t) => { const p = document.querySelector('.kt-advice-text');"
            " return p && p.textContent === t; }",
            arg=expected,
            timeout=10_000,
        )
        bs.element_screenshot(page, page.locator(".kaskaria-table"), f"table-hint-{name}.png")
        assert widget.watch.errors() == []
    finally:
        widget.close()


def test_without_the_teachers_switch_there_is_no_hint_button(browser):
    table = DragonBattleTable(players=2, seats=("human", "easy"), seed=2, autoplay=None)
    widget = WidgetPage(browser, table, viewport={"width": 1024, "height": 768})
    try:
        assert widget.page.locator("button.kt-hint-button").count() == 0
        assert widget.page.locator("button.kt-what-if-button").count() == 0
    finally:
        widget.close()


def test_what_if_after_the_turn_and_the_thinking_line_at_once(browser):
    table = DragonBattleTable(
        players=2, seats=("human", "hard"), seed=3, autoplay=None, hints=True, lang="de"
    )
    table.act("roll")
    while table.state.current_player() == 0 and table.state.phase != "decide":
        table.act(table.state.legal_actions()[0])
    table.act("stop")
    assert table.session.turn_owner() == 1
    widget = WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    page = widget.page
    try:
        look_back = page.locator("button.kt-what-if-button")
        assert look_back.text_content() == "Rückblick"
        look_back.click()
        widget.relay()
        expected = what_if(table.session.match, 0, "de").text
        page.wait_for_function(
            "(t) => { const p = document.querySelector('.kt-advice-text');"
            " return p && p.textContent === t; }",
            arg=expected,
            timeout=10_000,
        )
        # Next: the thinking line shows at once, before Python has answered
        assert page.locator(".kt-thinking").count() == 0
        page.locator("button.kt-next").click()
        thinking = page.locator(".kt-thinking")
        assert thinking.is_visible()
        assert thinking.text_content() == "Spieler 2 (starker Bot) überlegt\u00a0…"
        # nothing waits for it: Look back is still there to press
        assert look_back.is_enabled()
        assert [m["type"] for m in widget.relay()] == ["next"]
        # Python's answer (the bot's step) replaces the thinking line with what happened
        page.wait_for_function("() => !document.querySelector('.kt-thinking')", timeout=10_000)
        assert widget.watch.errors() == []
    finally:
        widget.close()
