"""A keyboard child reaches every move, the moves past 9 too (they have no digit key).

A Dragon's Gold split (handing out tokens: often 10 moves or more) is drawn in a page of its own
at 1280 x 800 (tests/browser_support.WidgetPage). The key hints say how: Tab reaches the table
and each move, Enter presses it. The test does exactly that: from the page's start it presses Tab
until the focus is on a move without a digit, presses Enter, and the table makes that move.
"""

from __future__ import annotations

import pytest
from browser_support import WidgetPage
from dg_support import table_played_until

pytestmark = pytest.mark.browser


def _many_moves(view) -> bool:
    moves = view["moves"]["actions"]
    return view["turn"]["to_move"] == "human" and len(moves) >= 10


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_move_past_nine_is_reached_by_tab_and_made_by_enter(browser, lang):
    table = table_played_until(_many_moves, lang=lang)
    assert table is not None, "no decision with ten moves or more in this deal"
    moves = table.view["moves"]["actions"]
    keyless = [m["action"] for m in moves if m["key"] is None]
    assert keyless, [m["key"] for m in moves]
    hints = table.view["frame"]["text"]["keys"]
    assert ("Tab and Enter" if lang == "en" else "Tab und Enter") in hints, hints
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    page = widget.page
    try:
        assert page.locator(".kt-keys").inner_text().strip() == hints
        focused = None
        for _ in range(200):
            page.keyboard.press("Tab")
            focused = page.evaluate(
                "() => { const el = document.activeElement;"
                " return el && el.matches('button.kt-action') ? el.dataset.action : null; }"
            )
            if focused in keyless:
                break
        assert focused in keyless, f"Tab never reached a move without a digit ({keyless})"
        before = len(table.match.actions)
        page.keyboard.press("Enter")
        sent = widget.relay()
        assert [s.get("action") for s in sent if s.get("type") == "action"] == [focused]
        assert len(table.match.actions) == before + 1
        assert widget.watch.errors() == [], widget.watch.errors()
    finally:
        widget.close()
