"""Dragon's Gold's dividing moment (divide and choose: the child makes the piles) as a child
meets it in a real browser: the colours in one order everywhere, and the gems of each pile as
one Tab stop.

What child testers found: the rows of pile buttons listed the colours in another order than
the line "still to hand out"; each gem of each pile was a Tab stop of its own, so a keyboard
user passed dozens of them. Now every place lists the colours as "still to hand out" does, and
the gems of a pile are one Tab stop (the arrow keys move among them), while every gem still
answers a click and Enter.

Later findings: after Enter on a gem the focus jumped to the first move's button (a second Enter
gave out a token no one chose); each pile's card was a Tab stop named as its first gem; choosing
a pile, a click on its card did nothing. Now the focus stays on the gem (or its pile), a pile's
gems are its one Tab stop (its card answers a click), and a click on a pile's card takes it.

The tables are drawn by their real module and styles in Chromium without JupyterLab
(browser_support.WidgetPage), at 1280 x 800, 1024 x 768 and 683 x 512.
"""

from __future__ import annotations

import browser_support as bs
import pytest
from browser_support import WidgetPage

from kaskaria.i18n import text

pytestmark = pytest.mark.browser

SIZES = bs.ONE_SCREEN_SIZES


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
    line "still to hand out" (silver, gold, red, blue, ...), before and after a token is put;
    and the board, whose turn, what happened and every move lie on the first screen."""
    from kaskaria.dragons_gold.rules import COLOURS

    table = bs.divide_and_choose_table(lang, "divide")
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
            # the board, whose turn, what happened and every move on the first screen (a German
            # board once ended a few pixels below a projector's screen, its dragons' row cut)
            missing = bs.off_screen(widget.page.evaluate(bs.ONE_SCREEN_JS))
            assert missing == [], (lang, size, step, missing)
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


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_gems_of_each_pile_are_one_tab_stop_with_arrow_keys_inside(browser, lang, size):
    """Tab reaches each pile's gems once (not every gem); the arrow keys move among the gems of
    that pile (Home, End: the first, the last; round from the last to the first); Tab leaves the
    pile and Shift+Tab comes back to the gem last reached; Enter on a gem puts that token in
    that pile, and a click on any gem (one Tab does not reach) does so too."""
    table = bs.divide_and_choose_table(lang, "divide")
    width, height = SIZES[size]
    widget = WidgetPage(browser, table, viewport={"width": width, "height": height})
    page = widget.page
    try:
        piles = page.evaluate(GEMS_JS)
        assert len(piles) == 3 and all(len(p) >= 2 for p in piles), piles
        # (a move's name for screen readers: its words, "silver to pile 1", not its label's arrow)
        labels = {a["action"]: a.get("name") or a["label"] for a in table.view["moves"]["actions"]}
        for gems in piles:
            # one gem of each pile is its Tab stop; every gem is a named button of its move
            assert [g["tab"] for g in gems] == ["0"] + ["-1"] * (len(gems) - 1), gems
            assert all(g["role"] == "button" and g["name"] == labels[g["move"]] for g in gems)
        stops = bs.tab_stops(page, FOCUS_JS)
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
        # after the move, each pile is still one Tab stop: its first gem, and in pile 2 the gem
        # the focus stayed on (the same one, or the one now in its place once its colour ran out)
        piles = page.evaluate(GEMS_JS)
        for k in (0, 2):
            tabs = [g["tab"] for g in piles[k]]
            assert tabs == ["0"] + ["-1"] * (len(tabs) - 1), piles
        here = page.evaluate(FOCUS_JS)
        assert here["gem"] and here["pile"] == 1, here
        assert [g["id"] for g in piles[1] if g["tab"] == "0"] == [here["id"]], piles
        index = min(1, len(piles[1]) - 1)
        assert here["id"] in (gems[1]["id"], piles[1][index]["id"]), (here, piles)
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


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_after_enter_on_a_gem_the_focus_stays_on_that_gem_or_its_pile(browser, lang, size):
    """What a child tester found: Enter on the red gem of pile 2 put red in pile 2, then the
    focus jumped to the first move's button ("silver → pile 1"), and a second Enter gave out a
    token the child had not chosen. Now the focus stays on the same gem while its colour is
    left, then on the nearest gem of the same pile; a click on a gem keeps it there too."""
    table = bs.divide_and_choose_table(lang, "divide")
    width, height = SIZES[size]
    widget = WidgetPage(browser, table, viewport={"width": width, "height": height})
    page = widget.page
    try:
        left = table.view["board"]["observation"]["split"]["left"]
        red = "give-1-red"
        assert left.get("red", 0) >= 2 and "blue" in left, left  # (seed 4: three red tokens)
        page.locator('.kaskaria-dg-give[data-id="give-1-silver"]').focus()
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        assert page.evaluate(FOCUS_JS)["id"] == red
        for n in range(left["red"] - 1, 0, -1):
            page.keyboard.press("Enter")
            sent = widget.relay()
            assert [m.get("action") for m in sent] == ["put red in pile 2"], sent
            # red is still left: the focus is still on the red gem of pile 2, its group's stop
            assert table.view["board"]["observation"]["split"]["left"]["red"] == n
            here = page.evaluate(FOCUS_JS)
            assert here == {"id": red, "gem": True, "pile": 1}, here
            tabs = {g["id"]: g["tab"] for g in page.evaluate(GEMS_JS)[1]}
            assert tabs[red] == "0" and list(tabs.values()).count("0") == 1, tabs
        # the last Enter puts the last red in pile 2 (and no other token anywhere)
        page.keyboard.press("Enter")
        sent = widget.relay()
        assert [m.get("action") for m in sent] == ["put red in pile 2"], sent
        assert "red" not in table.view["board"]["observation"]["split"]["left"]
        # red has run out: the focus is on the gem of pile 2 now in its place (blue)
        here = page.evaluate(FOCUS_JS)
        assert here == {"id": "give-1-blue", "gem": True, "pile": 1}, here
        if size == "683x512":
            bs.page_screenshot(page, f"dg-dividing-focus-after-enter-{lang}.png")
        # a click on a gem of pile 3: the focus stays on it
        page.locator('.kaskaria-dg-give[data-id="give-2-gold"]').click()
        sent = widget.relay()
        assert [m.get("action") for m in sent] == ["put gold in pile 3"], sent
        here = page.evaluate(FOCUS_JS)
        assert here["gem"] and here["pile"] == 2, here
        assert not page.evaluate("() => document.activeElement.matches('.kt-action')")
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: every Tab stop's name (its aria-label, else its text) and what it is
STOPS_JS = """() => {
  const el = document.activeElement;
  return {id: el.dataset.id || el.dataset.action || el.tagName,
          name: (el.getAttribute('aria-label') || el.textContent || '').trim(),
          card: el.matches('.kaskaria-dg-part')};
}"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_pile_is_one_tab_stop_its_gems_and_its_card_answers_a_click(browser, lang):
    """Each pile's card was a Tab stop too, named as its first gem ("silver → pile 1" twice in
    a row), and Enter on it gave out the ringed colour with no word saying so. Now the gems are
    the pile's one Tab stop; no two stops in a row have the same name; a click on the card still
    hands out the picked colour."""
    table = bs.divide_and_choose_table(lang, "divide")
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    page = widget.page
    try:
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        stops: list[dict] = []
        for _ in range(80):
            page.keyboard.press("Tab")
            here = page.evaluate(STOPS_JS)
            if stops and here["id"] == stops[0]["id"]:
                break
            stops.append(here)
        assert not any(s["card"] for s in stops), stops
        on_gems = [s for s in stops if s["id"].startswith("give-")]
        assert [s["id"].split("-")[1] for s in on_gems] == ["0", "1", "2"], stops
        names = [s["name"] for s in stops]
        assert all(a != b for a, b in zip(names, names[1:], strict=False)), names
        # every hand-out is still reached by the keyboard: the gems of each pile, one by one
        gems = page.evaluate(GEMS_JS)
        handouts = {a["action"] for a in table.view["moves"]["actions"] if a["kind"] == "put"}
        assert {g["move"] for pile in gems for g in pile} == handouts
        # the card: no Tab stop (a button for a screen reader, see the test below), and a click
        # on it hands out the picked colour
        card = page.locator('.kaskaria-dg-part[data-part="1"]')
        assert card.get_attribute("tabindex") == "-1" and card.get_attribute("role") == "button"
        move = card.get_attribute("data-move")
        assert move in handouts, move
        card.click()
        sent = widget.relay()
        assert [m.get("action") for m in sent] == [move], sent
        assert widget.watch.errors() == []
    finally:
        widget.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_choosing_a_click_or_enter_on_a_pile_takes_it(browser, lang, size):
    """What a child tester found: choosing a pile, a click on a pile's card did nothing and
    said nothing; only the buttons "Take pile 1" worked. Now a click on a pile's card takes it
    (the same move as its button), and so does Enter on it."""
    table = bs.divide_and_choose_table(lang, "choose")
    width, height = SIZES[size]
    widget = WidgetPage(browser, table, viewport={"width": width, "height": height})
    page = widget.page
    try:
        takes = {
            a["action"]: a["label"] for a in table.view["moves"]["actions"] if a["kind"] == "choose"
        }
        assert len(takes) == 3, takes
        cards = page.evaluate(
            """() => [...document.querySelectorAll('.kaskaria-dg-part[data-part]')].map((e) =>
              ({move: e.dataset.move, tab: e.getAttribute('tabindex'),
                role: e.getAttribute('role'), name: e.getAttribute('aria-label')}))"""
        )
        assert [c["move"] for c in cards] == [f"choose pile {k}" for k in (1, 2, 3)], cards
        assert all(c["tab"] == "0" and c["role"] == "button" for c in cards), cards
        assert [c["name"] for c in cards] == [takes[c["move"]] for c in cards], cards
        # Enter on pile 3's card takes pile 3
        page.locator('.kaskaria-dg-part[data-part="2"]').focus()
        page.keyboard.press("Enter")
        assert [m.get("action") for m in page.evaluate("() => window.__sent.slice()")] == [
            "choose pile 3"
        ]
        page.evaluate("() => window.__sent.splice(0)")
        # a click on pile 2's card takes pile 2
        page.locator('.kaskaria-dg-part[data-part="1"]').click()
        sent = widget.relay()
        assert [m.get("action") for m in sent] == ["choose pile 2"], sent
        assert str(table.match.actions[-1]) == "choose pile 2"
        assert widget.watch.errors() == []
    finally:
        widget.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    ("lang", "full"),
    [
        ("en", "Pile 1 is full for now: piles 2 and 3 still need a token each."),
        (
            "de",
            "Anteil 1 ist erst mal voll: Die Anteile 2 und 3 brauchen noch je einen Schatzstein.",
        ),
    ],
)
def test_a_click_on_a_full_pile_says_the_other_piles_still_need_a_token(browser, lang, full, size):
    """7 of 9 tokens in pile 1, the 2 left must go to piles 2 and 3: a click on pile 1 is refused
    because those piles still need a token each (it said "first the treasure is shared" to the
    child sharing it)."""
    table = bs.divide_and_choose_table(lang, "divide")

    def puts():
        return [
            a["action"] for a in table.view["moves"]["actions"] if a["action"].endswith("pile 1")
        ]

    while puts():
        table.act(puts()[0])
    width, height = SIZES[size]
    widget = WidgetPage(browser, table, viewport={"width": width, "height": height})
    try:
        page = widget.page
        page.locator('.kaskaria-dg-part[data-part="0"]').click()
        said = page.locator(".kaskaria-table .kt-msg-refused").text_content()
        assert said is not None and full in said, said
        # a dragon clicked meanwhile is refused for what it is: no pile is named
        page.locator(".kaskaria-dg-dragon").first.click()
        said = page.locator(".kaskaria-table .kt-msg-refused").text_content()
        sharing = text("dragons-gold", "board.not_now_share", lang)
        assert said is not None and sharing in said and full not in said, said
        assert widget.relay() == []
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: each share's or pile's card: its role, Tab index and name, and the move its click makes
CARDS_JS = """() => [...document.querySelectorAll('.kaskaria-dg-part[data-part]')].map((e) =>
    ({role: e.getAttribute('role'), tab: e.getAttribute('tabindex'),
      name: e.getAttribute('aria-label'), move: e.dataset.move || null,
      said: (e.querySelector('.kt-sr') || {}).textContent || ''}))"""


def test_a_share_that_answers_a_click_is_a_named_button(browser):
    """A child with a screen reader found the shares of a treasure being shared clickable but not
    buttons (no role, no name). Each card whose click hands out the picked colour is now a button
    named by what it is and what a click does ("Pile 2 gives ... silver to pile 2"); its gems
    stay the pile's one Tab stop (tabindex -1 on the card), and Enter on the card is its click."""
    table = bs.divide_and_choose_table("en", "divide")
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    page = widget.page
    try:
        # each move's name as its button says it (its words without the arrow)
        labels = page.evaluate(
            """() => Object.fromEntries([...document.querySelectorAll('button.kt-action')]
                .map((b) => [b.dataset.action, b.getAttribute('aria-label')]))"""
        )
        cards = page.evaluate(CARDS_JS)
        live = [c for c in cards if c["move"]]
        assert len(live) >= 2, cards
        for card in live:
            assert card["role"] == "button" and card["tab"] == "-1", card
            name = f"{card['said'].strip()} {labels[card['move']]}"
            assert card["said"] and card["name"] == name and "→" not in name, card
        # Enter on a card (reached by a screen reader) makes its move
        card = page.locator(f'.kaskaria-dg-part[data-move="{live[1]["move"]}"]')
        card.focus()
        page.keyboard.press("Enter")
        sent = widget.relay()
        assert [m.get("action") for m in sent] == [live[1]["move"]], sent
        assert widget.watch.errors() == []
    finally:
        widget.close()
