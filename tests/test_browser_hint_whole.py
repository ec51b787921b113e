"""A Dragon Battle hint on a projector's short screen is read whole: no word of it hidden in a
box to scroll (a German hint of six lines ended at "... kannst du nicht mehr", its last word
below the box's edge), and every move stays on the first screen; the hint, only text, is no Tab
stop."""

from __future__ import annotations

import random

import browser_support as bs
import pytest
from browser_support import WidgetPage

pytestmark = pytest.mark.browser

BOX_JS = """() => { const b = document.querySelector('.kt-advice-text');
  return b ? {text: b.innerText, scroll: b.scrollHeight, client: b.clientHeight,
              tabStop: b.tabIndex >= 0} : null; }"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_dragon_battle_hint_is_whole_at_683_by_512(browser, lang):
    from kaskaria.widgets import DragonBattleTable

    table = DragonBattleTable(
        players=3, seats=("human", "easy", "medium"), seed=3, lang=lang, autoplay=None, hints=True
    )
    rng = random.Random(3)
    for _ in range(50):  # a game's middle, where a hint weighs rolling on against stopping
        moves = table.view["moves"]["actions"]
        if moves:
            table.act(rng.choice(moves)["action"])
        else:
            table.next()
    while not table.view["moves"]["actions"]:
        table.next()
    widget = WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    try:
        page = widget.page
        page.locator("button.kt-hint-button").first.click()
        widget.relay()
        page.wait_for_function("() => !!document.querySelector('.kt-advice-text')")
        box = page.evaluate(BOX_JS)
        assert box is not None and len(box["text"].split()) > 20, box
        assert box["scroll"] <= box["client"] + 1, box
        # a hint is only text: no Tab stop (it was one, with nothing to do there)
        assert not box["tabStop"], box
        m = page.evaluate(bs.ONE_SCREEN_JS)
        assert not bs.off_screen(m), bs.off_screen(m)
        assert widget.watch.errors() == []
    finally:
        widget.close()
