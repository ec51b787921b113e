"""Dragon's Gold's tokens "still to hand out" while a child divides a treasure into piles, in a
real browser: one Tab stop together, and the picked one marked apart from the focus.

What children found (divide and choose, three players): the tokens still to hand out were a Tab
stop each (six stops), though they only pick the colour a click on a pile then hands out; and
two dark rings stood on the screen at once, the focused gem's and the picked token's, while the
split's line spoke of "the token with the dark ring". Now the tokens still to hand out are one
Tab stop (the arrow keys, Home and End move among them, as among a pile's gems), and the picked
one wears a tick and says it is pressed: a solid ring is the focus alone.

The tables are drawn by their real module and styles in Chromium without JupyterLab
(browser_support.WidgetPage), at 683 x 512 only: what is named and where the focus goes do not
depend on the screen's size (the layout tests check each size).
"""

from __future__ import annotations

import browser_support as bs
import pytest
from browser_support import WidgetPage

pytestmark = pytest.mark.browser

#: where the focus is: its data-id, and whether it is a token still to hand out
FOCUS_JS = """() => {
  const el = document.activeElement;
  return {id: el ? el.dataset.id || el.dataset.action || el.tagName : null,
          take: !!(el && el.matches('.kaskaria-dg-take')),
          pressed: el ? el.getAttribute('aria-pressed') : null};
}"""

#: the tokens still to hand out: their data-id, tabindex, pressed state, whether picked
TAKES_JS = """() => [...document.querySelectorAll('.kaskaria-dg-take')].map((e) => ({
  id: e.dataset.id, tab: e.getAttribute('tabindex'), pressed: e.getAttribute('aria-pressed'),
  picked: e.dataset.picked === 'true'}))"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_tokens_still_to_hand_out_are_one_tab_stop_with_arrow_keys_inside(browser, lang):
    """Tab reaches the tokens still to hand out once, on the picked one; the arrow keys, Home
    and End move among them (round from the last to the first); Enter picks the one reached,
    and the focus stays on it; Tab leaves them."""
    table = bs.divide_and_choose_table(lang, "divide")
    widget = WidgetPage(browser, table, viewport=bs.SMALLEST)
    page = widget.page
    try:
        takes = page.evaluate(TAKES_JS)
        assert len(takes) >= 3, takes
        ids = [t["id"] for t in takes]
        stops = bs.tab_stops(page, FOCUS_JS)
        on_takes = [s for s in stops if s["take"]]
        assert len(on_takes) == 1, [s["id"] for s in stops]
        picked = [t["id"] for t in takes if t["picked"]]
        assert on_takes[0]["id"] == picked[0], (on_takes, takes)
        # back to the tokens, then the arrow keys inside
        page.locator(f'.kaskaria-dg-take[data-id="{picked[0]}"]').focus()
        start = ids.index(picked[0])
        page.keyboard.press("ArrowRight")
        assert page.evaluate(FOCUS_JS)["id"] == ids[(start + 1) % len(ids)]
        page.keyboard.press("End")
        assert page.evaluate(FOCUS_JS)["id"] == ids[-1]
        page.keyboard.press("ArrowRight")
        assert page.evaluate(FOCUS_JS)["id"] == ids[0]
        page.keyboard.press("ArrowLeft")
        assert page.evaluate(FOCUS_JS)["id"] == ids[-1]
        page.keyboard.press("Home")
        assert page.evaluate(FOCUS_JS)["id"] == ids[0]
        page.keyboard.press("ArrowDown")
        # one Tab stop: the one reached has tabindex 0, the others -1
        now = page.evaluate(TAKES_JS)
        assert [t["tab"] for t in now] == ["0" if i == 1 else "-1" for i in range(len(ids))], now
        # Enter picks the one reached; nothing is sent, the focus stays on it
        page.keyboard.press("Enter")
        here = page.evaluate(FOCUS_JS)
        assert here["id"] == ids[1] and here["pressed"] == "true", here
        assert widget.relay() == []
        assert [t["picked"] for t in page.evaluate(TAKES_JS)] == [i == 1 for i in range(len(ids))]
        # Tab leaves the tokens
        page.keyboard.press("Tab")
        assert not page.evaluate(FOCUS_JS)["take"]
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: the tokens of the split (still to hand out, and the gems of the piles) drawn with a solid ring
#: (an outline or a ring of box-shadow), and the line of the split and what the screen says of the
#: picked token
RINGS_JS = """() => {
  const ringed = [];
  for (const el of document.querySelectorAll('.kaskaria-dg-split .kaskaria-dg-token')) {
    if (!el.getClientRects().length) continue;
    const s = getComputedStyle(el);
    const solid = s.outlineStyle === 'solid' && parseFloat(s.outlineWidth) >= 2;
    const shadowRing = s.boxShadow !== 'none' && /0px 0px 0px [1-9]/.test(s.boxShadow);
    if (solid || shadowRing) ringed.push(el.dataset.id || el.className.split(' ')[0]);
  }
  const picked = document.querySelector('.kaskaria-dg-take[data-picked="true"]');
  const tick = picked && picked.querySelector('.kaskaria-dg-tick');
  return {
    ringed,
    focus: document.activeElement ? document.activeElement.dataset.id : null,
    hint: document.querySelector('.kaskaria-dg-split-hint').textContent,
    text: document.querySelector('.kaskaria-table').innerText,
    pressed: picked ? picked.getAttribute('aria-pressed') : null,
    tick: !!tick && tick.getClientRects().length > 0,
  };
}"""

#: the split's line that names the picked token, in each language
NAMES_THE_PICK = {
    "en": "The token with the tick goes into the pile you click.",
    "de": "Der Schatzstein mit dem Haken kommt in den Anteil, den du anklickst.",
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_picked_token_is_marked_apart_from_the_focus_ring(browser, lang):
    """With a pile's gem focused by the keyboard, one token of the split wears a solid ring:
    the focused gem. The picked token wears a tick and says it is pressed, and the split's line
    names it by its tick (no sentence speaks of a dark ring)."""
    table = bs.divide_and_choose_table(lang, "divide")
    widget = WidgetPage(browser, table, viewport=bs.SMALLEST)
    page = widget.page
    try:
        page.locator(".kaskaria-dg-give").first.focus()
        page.keyboard.press("ArrowRight")  # a keyboard's focus (drawn :focus-visible)
        seen = page.evaluate(RINGS_JS)
        assert seen["ringed"] == [seen["focus"]], (seen["ringed"], seen["focus"])
        assert seen["tick"] and seen["pressed"] == "true", seen
        assert seen["hint"] == NAMES_THE_PICK[lang], seen["hint"]
        for ring in ("dark ring", "dunklen Ring", "dunkle Ring"):
            assert ring not in seen["text"], seen["text"]
        assert widget.watch.errors() == []
    finally:
        widget.close()
