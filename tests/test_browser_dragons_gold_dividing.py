"""Dragon's Gold's dividing moment (divide and choose: the child makes the piles) as a child
meets it in a real browser: the colours in one order everywhere, and the gems of each pile as
one Tab stop.

What child testers found: the rows of pile buttons listed the colours in another order than
the line "still to hand out"; each gem of each pile was a Tab stop of its own, so a keyboard
user passed dozens of them. Now every place lists the colours as "still to hand out" does, and
the gems of a pile are one Tab stop (the arrow keys move among them), while every gem still
answers a click and Enter.

The tables are drawn by their real module and styles in Chromium without JupyterLab
(browser_support.WidgetPage), at 1280 x 800, 1024 x 768 and 683 x 512.
"""

from __future__ import annotations

import browser_support as bs
import pytest
from browser_support import WidgetPage

pytestmark = pytest.mark.browser

SIZES = bs.ONE_SCREEN_SIZES


def _dividing(lang: str):
    """A table (seeded, played at random, bots by Next) where the person makes three piles."""
    from kaskaria.widgets import DragonsGoldTable

    table = DragonsGoldTable(
        players=3,
        seats=("human", "easy", "medium"),
        variant="basic-strategic",
        seed=4,
        lang=lang,
        autoplay=None,
        hints=True,
    )
    return bs._played_until(table, ("divide",))


#: the colours as the dividing moment lists them: the line "still to hand out", the rows of pile
#: buttons, and each pile's gems
ORDERS_JS = """() => {
  const colours = (els) => [...els].map((e) => e.dataset.colour);
  return {
    left: colours(document.querySelectorAll('.kaskaria-dg-left [data-colour]')),
    rows: [...document.querySelectorAll('.kaskaria-dg-row-grid')]
      .map((r) => [...r.classList].find((c) => c.startsWith('kaskaria-dg-row-put-')))
      .filter(Boolean).map((c) => c.slice('kaskaria-dg-row-put-'.length)),
    labels: [...document.querySelectorAll('.kaskaria-dg-row-grid .kaskaria-dg-row-label')]
      .map((e) => e.textContent.trim()),
    piles: [...document.querySelectorAll('.kaskaria-dg-gives')]
      .map((g) => colours(g.querySelectorAll('.kaskaria-dg-give'))),
    said: document.querySelector('.kaskaria-dg-left').textContent,
  };
}"""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_list_of_colours_while_dividing_has_the_order_of_still_to_hand_out(
    browser, lang, size
):
    """The rows of pile buttons and the gems of each pile list the colours in the order of the
    line "still to hand out" (silver, gold, red, blue, ...), before and after a token is put."""
    from kaskaria.dragons_gold.rules import COLOURS

    table = _dividing(lang)
    width, height = SIZES[size]
    widget = WidgetPage(browser, table, viewport={"width": width, "height": height})
    try:
        for step in range(3):
            seen = widget.page.evaluate(ORDERS_JS)
            left = seen["left"]
            assert len(left) >= 2, seen
            assert left == [c for c in COLOURS if c in left], seen  # the treasure's own order
            assert seen["rows"] == left, seen
            words = table.view["board"]["words"]["colours"]
            assert seen["labels"] == [words[c] for c in left], seen
            assert len(seen["piles"]) == 3 and all(p == left for p in seen["piles"]), seen
            if step < 2:
                # a token of the middle colour into pile 2: the order holds as colours run out
                gem = widget.page.locator(
                    f'.kaskaria-dg-give[data-id="give-1-{left[len(left) // 2]}"]'
                )
                gem.click()
                sent = widget.relay()
                assert [m.get("action") for m in sent] == [
                    f"put {left[len(left) // 2]} in pile 2"
                ], sent
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: where the focus is: its data-id, whether it is a gem, and the pile of that gem
FOCUS_JS = """() => {
  const el = document.activeElement;
  const gives = el && el.closest('.kaskaria-dg-gives');
  const piles = [...document.querySelectorAll('.kaskaria-dg-gives')];
  return {id: el ? el.dataset.id || el.dataset.action || el.tagName : null,
          gem: !!(el && el.matches('.kaskaria-dg-give')),
          pile: gives ? piles.indexOf(gives) : -1};
}"""

#: each pile's gems: their tabindex, role and name
GEMS_JS = """() => [...document.querySelectorAll('.kaskaria-dg-gives')].map((g) =>
  [...g.querySelectorAll('.kaskaria-dg-give')].map((e) => ({
    id: e.dataset.id, move: e.dataset.move, tab: e.getAttribute('tabindex'),
    role: e.getAttribute('role'), name: e.getAttribute('aria-label')})))"""


def _tab_stops(page, presses: int = 150) -> list[dict]:
    """The focus after each Tab from the page's start, until it comes round again."""
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    stops: list[dict] = []
    for _ in range(presses):
        page.keyboard.press("Tab")
        here = page.evaluate(FOCUS_JS)
        if stops and here["id"] == stops[0]["id"]:
            break
        stops.append(here)
    return stops


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_gems_of_each_pile_are_one_tab_stop_with_arrow_keys_inside(browser, lang, size):
    """Tab reaches each pile's gems once (not every gem); the arrow keys move among the gems of
    that pile (Home, End: the first, the last; round from the last to the first); Tab leaves the
    pile and Shift+Tab comes back to the gem last reached; Enter on a gem puts that token in
    that pile, and a click on any gem (one Tab does not reach) does so too."""
    table = _dividing(lang)
    width, height = SIZES[size]
    widget = WidgetPage(browser, table, viewport={"width": width, "height": height})
    page = widget.page
    try:
        piles = page.evaluate(GEMS_JS)
        assert len(piles) == 3 and all(len(p) >= 2 for p in piles), piles
        labels = {a["action"]: a["label"] for a in table.view["moves"]["actions"]}
        for gems in piles:
            # one gem of each pile is its Tab stop; every gem is a named button of its move
            assert [g["tab"] for g in gems] == ["0"] + ["-1"] * (len(gems) - 1), gems
            assert all(g["role"] == "button" and g["name"] == labels[g["move"]] for g in gems)
        stops = _tab_stops(page)
        on_gems = [s for s in stops if s["gem"]]
        assert [s["pile"] for s in on_gems] == [0, 1, 2], stops
        assert len(stops) < 60, stops  # (with a stop per gem it was far more)

        # the arrow keys inside pile 2
        gems = piles[1]
        first = page.locator(f'.kaskaria-dg-give[data-id="{gems[0]["id"]}"]')
        first.focus()

        def at() -> str:
            return page.evaluate("() => document.activeElement.dataset.id")

        page.keyboard.press("ArrowRight")
        assert at() == gems[1]["id"]
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowLeft")  # from the first: round to the last
        assert at() == gems[-1]["id"]
        page.keyboard.press("Home")
        assert at() == gems[0]["id"]
        page.keyboard.press("End")
        assert at() == gems[-1]["id"]
        page.keyboard.press("ArrowDown")
        assert at() == gems[0]["id"]
        page.keyboard.press("ArrowDown")
        assert at() == gems[1]["id"]
        now = page.evaluate(GEMS_JS)[1]
        assert [g["tab"] for g in now] == ["-1", "0"] + ["-1"] * (len(gems) - 2), now
        # Tab leaves the pile; Shift+Tab comes back to the gem last reached
        page.keyboard.press("Tab")
        assert page.evaluate(FOCUS_JS)["pile"] != 1
        page.keyboard.press("Shift+Tab")
        assert at() == gems[1]["id"]
        # Enter puts that token in pile 2: exactly its move
        page.keyboard.press("Enter")
        sent = widget.relay()
        assert [m.get("action") for m in sent] == [gems[1]["move"]], sent
        assert str(table.match.actions[-1]) == gems[1]["move"]
        # after the move, each pile is still one Tab stop
        piles = page.evaluate(GEMS_JS)
        assert all([g["tab"] for g in p] == ["0"] + ["-1"] * (len(p) - 1) for p in piles), piles
        # a click on a gem that is no Tab stop is answered with its move
        gem = piles[2][-1]
        assert gem["tab"] == "-1"
        page.locator(f'.kaskaria-dg-give[data-id="{gem["id"]}"]').click()
        sent = widget.relay()
        assert [m.get("action") for m in sent] == [gem["move"]], sent
        if size == "683x512":
            bs.page_screenshot(page, f"dg-dividing-keys-{lang}.png")
        assert widget.watch.errors() == []
    finally:
        widget.close()
