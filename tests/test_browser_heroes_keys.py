"""Heroes of Kaskaria's number keys in a real browser (browser_support.WidgetPage): the key of
"take display card N" is N, the number its place shows on the board, on the button's key badge, in
its aria-keyshortcuts and on the keyboard; the pile's draw comes after the display's cards in the
row of the ways to get a card, which reads in that order at each screen size, every move on the
first screen.
"""

from __future__ import annotations

import re
from collections import Counter

import browser_support as bs
import pytest
from browser_support import WidgetPage

pytestmark = pytest.mark.browser

#: each move button of the ways to get a card: its move, the key on its badge, its
#: aria-keyshortcuts, its box; and the number each display place shows
_KEYS_JS = """() => {
  const root = document.querySelector('.kaskaria-table');
  const buttons = [...root.querySelectorAll('button.kt-action')]
    .filter((b) => /^(take|draw|plus2) /.test(b.dataset.action) && b.getClientRects().length > 0)
    .map((b) => ({
      action: b.dataset.action,
      badge: (b.querySelector('.kt-key') || {}).textContent || null,
      shortcut: b.getAttribute('aria-keyshortcuts'),
      box: b.getBoundingClientRect().toJSON(),
    }));
  const places = [...root.querySelectorAll('.kaskaria-hk-place')].map((p) => ({
    place: p.dataset.place,
    number: p.querySelector('.kaskaria-hk-place-number').textContent,
    card: !!p.querySelector('.kaskaria-hk-card'),
  }));
  return {buttons, places};
}"""


def _table(lang: str, moment: str):
    """A seeded table at the person's first turn (``"start"``), or with a big hand of eight or
    nine cards and its display's cards to take (``"big"``, the row of drawings on a short
    screen)."""
    from kaskaria.widgets import HeroesTable

    table = HeroesTable(
        players=3, seats=("human", "medium", "easy"), seed=3, lang=lang, autoplay=None, hints=True
    )
    if moment == "big":
        table = bs._played_until(
            table,
            ("turn",),
            seed=5,
            until=lambda v: (
                8 <= v["board"]["observation"]["hand_sizes"][0] < 10
                and any(a["kind"] == "take" for a in v["moves"]["actions"])
            ),
        )
    return table


def _reads_before(a: dict, b: dict) -> bool:
    """Box ``a`` comes before box ``b`` as a child reads: on a line above it, or on its line and
    to its left."""
    if a["bottom"] <= b["top"] + 0.5:
        return True
    same_line = a["top"] < b["bottom"] and b["top"] < a["bottom"]
    return same_line and a["right"] <= b["left"] + 0.5


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_key_of_a_display_card_is_its_places_number(browser, lang):
    """ "Take red gold (display 1)" carries the key 1 (it carried 2, the pile's draw 1: a child who
    pressed 1 for display card 1 drew from the pile), on its badge and in its aria-keyshortcuts;
    the pile's draw comes after the display's cards, on screen too, at each size."""
    for moment in ("start", "big"):
        table = _table(lang, moment)
        widget = WidgetPage(browser, table)
        try:
            for size, (width, height) in bs.ONE_SCREEN_SIZES.items():
                where = f"{lang} {moment} {size}"
                widget.page.set_viewport_size({"width": width, "height": height})
                widget.page.wait_for_function("(w) => window.innerWidth === w", arg=width)
                seen = widget.page.evaluate(_KEYS_JS)
                takes = [b for b in seen["buttons"] if b["action"].startswith("take display ")]
                draw = [b for b in seen["buttons"] if b["action"] == "draw pile"]
                assert len(takes) == 3 and len(draw) == 1, (where, seen["buttons"])
                numbers = {p["place"]: p["number"] for p in seen["places"]}
                for b in takes:
                    slot = b["action"].split()[-1]
                    assert numbers[slot] == slot, (where, seen["places"])
                    assert b["badge"] == slot and b["shortcut"] == slot, (where, b)
                assert draw[0]["badge"] == "4" and draw[0]["shortcut"] == "4", (where, draw)
                # the row reads 1, 2, 3, then the pile
                order = [*takes, *draw]
                for before, after in zip(order, order[1:], strict=False):
                    assert _reads_before(before["box"], after["box"]), (where, before, after)
                assert bs.off_screen(widget.page.evaluate(bs.ONE_SCREEN_JS)) == [], where
            # the key 1 takes display card 1
            widget.page.locator(".kaskaria-table").focus()
            widget.page.keyboard.press("1")
            sent = widget.relay()
            assert [s.get("action") for s in sent if s.get("type") == "action"] == [
                "take display 1"
            ], sent
            assert table.match.lines()[-2] == "take display 1"
            assert widget.watch.errors() == []
        finally:
            widget.close()


def test_an_empty_place_keeps_the_keys_of_the_places_after_it():
    """When the display has an empty place (the pile and the discard pile are out of cards), the
    card in place 3 still has the key 3; the pile's draw, after it, 4."""
    from kaskaria.present import presenter_for
    from kaskaria.tables.view import _button_keys
    from kaskaria.widgets import HeroesTable

    table = HeroesTable(players=2, seats=("human", "human"), seed=3, autoplay=None)
    state = table.state
    gap = state._but("turn", display=(state.display[0], -1, state.display[2]))
    buttons = presenter_for(state.game).buttons(gap, "en")
    _button_keys(buttons)
    keys = {b["action"]: b["key"] for b in buttons}
    assert keys["take display 1"] == "1" and keys["take display 3"] == "3", keys
    assert "take display 2" not in keys
    assert keys["draw pile"] == "4", keys
    assert all("key_at" not in b for b in buttons)


#: the draw pile's box with its outline around it (a piece to click is outlined, outside its
#: box), and the boxes of the words beside it in the piles' box
_PILES_JS = """() => {
  const pile = document.querySelector('.kaskaria-hk-pile');
  const style = getComputedStyle(pile);
  const out = style.outlineStyle === 'none' ? 0
    : parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
  const b = pile.getBoundingClientRect();
  const box = (el) => { const r = el.getBoundingClientRect(); return {name: el.className, left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  const words = [...document.querySelectorAll('.kaskaria-hk-piles > *')]
    .filter((el) => el !== pile && el.getClientRects().length > 0)
    .flatMap((el) => {
      // each line of its words (a range's boxes), not the box of the element alone
      const range = document.createRange();
      range.selectNodeContents(el);
      return [...range.getClientRects()].filter((r) => r.width > 0)
        .map((r) => ({name: el.className, text: el.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom}));
    });
  return {pile: {left: b.left - out, right: b.right + out, top: b.top - out, bottom: b.bottom + out}, out, words};
}"""


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_pile_s_outline_leaves_the_discard_pile_s_word_free(browser, players):
    """On a projector (683 x 512) in German the draw pile's outline (it may be clicked) ran over
    the word "Ablagestapel" below it: no word beside the pile lies under its outline, at each
    screen size."""
    from kaskaria.widgets import HeroesTable

    seats = ("human", "medium", "easy", "medium")[:players]
    table = HeroesTable(players=players, seats=seats, seed=3, lang="de", autoplay=None, hints=True)
    widget = WidgetPage(browser, table)
    try:
        under = {}
        for size, (width, height) in bs.ONE_SCREEN_SIZES.items():
            widget.page.set_viewport_size({"width": width, "height": height})
            widget.page.wait_for_function("(w) => window.innerWidth === w", arg=width)
            seen = widget.page.evaluate(_PILES_JS)
            assert seen["out"] > 0, seen  # the pile is outlined: it may be clicked
            assert any("Ablagestapel" in w["text"] for w in seen["words"]), seen
            under[size] = [w["text"] for w in seen["words"] if bs.overlap(seen["pile"], w)]
        assert under == {size: [] for size in bs.ONE_SCREEN_SIZES}, under
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: a colour's painted token (a badge): its letter, paint, frame, roundness and height
_BADGE_LOOK_JS = """const badgeLook = (badge) => {
    if (!badge) return null;
    const look = getComputedStyle(badge);
    return {
      text: badge.textContent,
      paint: look.backgroundColor,
      top: parseFloat(look.borderTopWidth), bottom: parseFloat(look.borderBottomWidth),
      radius: parseFloat(look.borderTopLeftRadius), height: badge.getBoundingClientRect().height,
      keycap: badge.matches('.kt-key'),
    };
  };"""

#: the odds panel scrolled to: its box, and each row's badge (its look) and words
_ODDS_JS = """() => {
  BADGE_LOOK
  const panel = document.querySelector('.kaskaria-hk-odds');
  panel.scrollIntoView({block: 'start'});
  const b = panel.getBoundingClientRect();
  const rows = [...panel.querySelectorAll('.kaskaria-hk-odds-row')].map((row) => ({
    colour: row.dataset.colour,
    text: row.querySelector('.kaskaria-hk-odds-text').textContent,
    badge: badgeLook(row.querySelector('.kaskaria-hk-odds-badge')),
  }));
  return {top: b.top, bottom: b.bottom, height: window.innerHeight, rows};
}""".replace("BADGE_LOOK", _BADGE_LOOK_JS)


def _rgb(paint: str) -> str:
    """``"#3f78c4"`` as the browser gives a colour: ``"rgb(63, 120, 196)"``."""
    r, g, b = (int(paint[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_odds_panel_s_badges_wear_their_colour_and_the_panel_fits_one_screen(browser, lang):
    """The odds panel's rows on a projector (683 x 512): each colour's badge is painted as its
    cards are (it was a bare letter, and "W" looked like a move's key badge), round with an even
    frame, unlike a keycap, its letter the cards' letter; the row's words name the colour too;
    scrolled to, the whole panel of a hand as dealt lies on one screen (its long sentences made
    it taller)."""
    from kaskaria.heroes.pieces import colour_word

    for moment in ("start", "big"):
        table = _table(lang, moment)
        widget = WidgetPage(browser, table, viewport=bs.SMALLEST)
        try:
            seen = widget.page.evaluate(_ODDS_JS)
            rows = {r["colour"]: r for r in table.view["board"]["odds"]["rows"]}
            coloured = [r for r in seen["rows"] if r["colour"]]
            assert len(coloured) == len(rows) >= 2, seen
            for row in coloured:
                want = rows[row["colour"]]
                badge = row["badge"]
                assert badge is not None and badge["text"] == want["letter"], row
                assert badge["paint"] == _rgb(want["paint"]), row
                # the paint of the colour's cards (each card of the hand carries it)
                cards = table.view["board"]["cards"].values()
                assert {c["paint"] for c in cards if c["colour"] == row["colour"]} == {
                    want["paint"]
                }, row
                assert not badge["keycap"] and badge["top"] == badge["bottom"], row
                assert badge["radius"] >= badge["height"] / 2 - 1, row  # round
                assert colour_word(row["colour"], lang).lower() in row["text"].lower(), row
            if moment == "start":  # a hand as dealt (a big hand's many colours take more)
                assert -0.5 <= seen["top"] and seen["bottom"] <= seen["height"] + 0.5, seen
            assert widget.watch.errors() == []
        finally:
            widget.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_odds_row_is_one_short_sentence(lang):
    """Each row of the odds panel says its chance in one short sentence ("Next card makes blue a
    set", the chance beside it in a number a child knows: "5 times in 23")."""
    table = _table(lang, "big")
    odds = table.view["board"]["odds"]
    rows = [*odds["rows"], *odds["waterfall"]]
    assert len(rows) >= 4
    for row in rows:
        text = row["text"]
        assert len(text.split()) <= 7 and "," not in text, text
        if row["chance"]:
            assert re.fullmatch(
                r"(about |etwa )?\d+(-mal| times?) (in|von) \d+|\w+( \w+)?", row["chance"]["plain"]
            ), row
    assert len(odds["note"].split()) <= 9, odds["note"]


def _with_ways(lang: str):
    """A seeded table at the person's turn with a colour that can be played three or more ways
    (in a list that opens when the colour is picked) and a colour with one way."""
    from kaskaria.widgets import HeroesTable

    def several_ways(v):
        plays = Counter(a.get("colour") for a in v["moves"]["actions"] if a["kind"] == "play")
        return any(n >= 3 for n in plays.values()) and any(n == 1 for n in plays.values())

    table = HeroesTable(
        players=3, seats=("human", "medium", "easy"), seed=3, lang=lang, autoplay=None, hints=True
    )
    return bs._played_until(table, ("turn",), seed=0, until=several_ways)


#: every button of the table: its move (or what it opens), the key on its badge where the badge
#: is drawn, its aria-keyshortcuts, and whether the child sees it
_ALL_KEYS_JS = """() => {
  const root = document.querySelector('.kaskaria-table');
  const seen = (el) => el.getClientRects().length > 0 && !el.closest('[hidden]');
  return [...root.querySelectorAll('button')].map((b) => {
    const badge = b.querySelector('.kt-key');
    return {
      action: b.dataset.action || b.dataset.key || b.textContent.trim(),
      badge: badge && seen(badge) ? badge.textContent.trim() : null,
      shortcut: b.getAttribute('aria-keyshortcuts'),
      shown: seen(b),
    };
  });
}"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_number_key_goes_only_to_a_button_whose_badge_is_seen(browser, lang):
    """With four ways to play green (in a list that opens when green is picked) and one to play
    white, keys 5-8 went to the hidden green plays and pressing 5 played a set no badge on
    screen promised. Now each number key belongs to a button the child sees, its badge showing
    that key (its aria-keyshortcuts the same); a key no badge shows plays nothing; the plays of
    the opened list carry no key either."""
    table = _with_ways(lang)
    plays = Counter(a["colour"] for a in table.view["moves"]["actions"] if a["kind"] == "play")
    grouped = {c for c, n in plays.items() if n > 1}
    alone = [
        a
        for a in table.view["moves"]["actions"]
        if a["kind"] == "play" and a["colour"] not in grouped
    ]
    assert grouped and alone
    for size, viewport in (("683x512", bs.SMALLEST), ("1280x800", {"width": 1280, "height": 800})):
        table = _with_ways(lang)
        widget = WidgetPage(browser, table, viewport=viewport)
        try:
            for opened in (False, True):
                where = (lang, size, "open" if opened else "closed")
                toggle = widget.page.locator(".kaskaria-hk-ways-toggle").first
                if opened:
                    toggle.click()
                buttons = widget.page.evaluate(_ALL_KEYS_JS)
                keyed = [b for b in buttons if b["shortcut"] and b["shortcut"].isdigit()]
                shown = [b for b in keyed if b["shown"]]
                for b in shown:
                    assert b["badge"] == b["shortcut"], (where, b)
                for b in buttons:
                    if b["badge"] is not None and b["badge"].isdigit():
                        assert b["shortcut"] == b["badge"], (where, b)
                if not opened:
                    # nothing hidden has a key, and the set of a colour with one way has its key
                    assert shown == keyed, (where, [b for b in keyed if not b["shown"]])
                    for a in alone:
                        assert any(b["action"] == a["action"] for b in shown), (where, a, keyed)
                keys = [b["shortcut"] for b in shown]
                assert len(keys) == len(set(keys)), (where, shown)
                # a key no badge on screen shows plays nothing
                widget.page.locator(".kaskaria-table").focus()
                for key in (str(n) for n in range(1, 10) if str(n) not in keys):
                    widget.page.keyboard.press(key)
                sent = widget.relay()
                assert [s for s in sent if s.get("type") == "action"] == [], (where, sent)
                if opened:
                    toggle.click()
            # a key a badge shows does what its button says
            white = next(
                b for b in widget.page.evaluate(_ALL_KEYS_JS) if b["action"] == alone[0]["action"]
            )
            assert white["shown"] and white["badge"] == white["shortcut"], white
            widget.page.locator(".kaskaria-table").focus()
            widget.page.keyboard.press(white["shortcut"])
            sent = widget.relay()
            assert [s.get("action") for s in sent if s.get("type") == "action"] == [
                alone[0]["action"]
            ], sent
            assert widget.watch.errors() == []
        finally:
            widget.close()


#: each "N ways to play" button: its colour, its words, and the look of its colour's token
_WAYS_JS = """() => {
  BADGE_LOOK
  return [...document.querySelectorAll('.kaskaria-hk-ways-toggle')].map((b) => ({
    colour: b.dataset.colour,
    text: b.textContent,
    keycaps: b.querySelectorAll('.kt-key, .kaskaria-hk-mini').length,
    badge: badgeLook(b.querySelector('.kaskaria-hk-ways-badge')),
  }));
}""".replace("BADGE_LOOK", _BADGE_LOOK_JS)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_ways_button_s_colour_is_its_painted_token(browser, lang):
    """ "T Turquoise: 11 ways to play" showed its colour's letter in a square frame, like the
    key badge of "T whole turn" beside it. The colour is now the round token the odds panel
    shows, painted as the colour's cards, its letter inside, and nothing on it looks like a key."""
    table = _with_ways(lang)
    widget = WidgetPage(browser, table, viewport=bs.SMALLEST)
    try:
        seen = widget.page.evaluate(_WAYS_JS)
        assert seen, table.view["moves"]["actions"]
        cards = table.view["board"]["cards"].values()
        for b in seen:
            paint = {c["paint"] for c in cards if c["colour"] == b["colour"]}
            letter = {c["letter"] for c in cards if c["colour"] == b["colour"]}
            badge = b["badge"]
            assert badge is not None and b["keycaps"] == 0, b
            assert {badge["text"]} == letter and {badge["paint"]} == {_rgb(p) for p in paint}, b
            assert badge["top"] == badge["bottom"] and badge["radius"] >= badge["height"] / 2 - 1, b
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: with a colour's ways open: the list's box, the box of the board's column, and each piece of the
#: board (display cards, the pile, the hand's groups) with whether a click at its middle lands on it
_OPEN_WAYS_JS = """() => {
  const root = document.querySelector('.kaskaria-table');
  const list = root.querySelector('.kaskaria-hk-panel-ways:not([hidden])');
  const box = (el) => el.getBoundingClientRect().toJSON();
  const pieces = [...root.querySelectorAll('.kt-main [data-kt-piece], .kt-main .kaskaria-hk-group')]
    .filter((el) => el.getClientRects().length > 0)
    .map((el) => {
      const b = el.getBoundingClientRect();
      const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
      return {name: el.getAttribute('aria-label') || el.className, box: box(el),
              hit: !!hit && el.contains(hit)};
    });
  return {list: list && box(list), main: box(root.querySelector('.kt-main')), pieces,
          ways: list ? [...list.querySelectorAll('button')].map(box) : []};
}"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_open_ways_leave_the_board_free_on_a_projector(browser, lang):
    """At 683 x 512 the open list of a colour's ways lay over the board (the display and the
    hand), and a click on a set in the hand landed on the list. Open, the ways now stay beside
    the board: the list covers none of its pieces, a click on each piece reaches it, and the list
    and its ways lie on the first screen."""
    table = _with_ways(lang)
    widget = WidgetPage(browser, table, viewport=bs.SMALLEST)
    try:
        widget.page.locator(".kaskaria-hk-ways-toggle").first.click()
        seen = widget.page.evaluate(_OPEN_WAYS_JS)
        assert seen["list"] is not None and len(seen["ways"]) >= 3, seen
        assert not bs.overlap(seen["list"], seen["main"]), seen
        assert seen["pieces"] and all(p["hit"] for p in seen["pieces"]), seen["pieces"]
        for b in [seen["list"], *seen["ways"]]:
            assert b["top"] >= 0 and b["bottom"] <= 512 and b["right"] <= 683, (b, seen)
        assert widget.watch.errors() == []
    finally:
        widget.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_escape_puts_a_colours_open_ways_away(browser, lang):
    """A child tester opened a colour's ways and pressed Escape, as in any list that opens: the
    ways stayed open and the other moves stayed hidden. Escape now puts them away, as the
    colour's button does: from a way (the focus goes back to the colour's button, never to a
    hidden way) and from the colour's button itself, by keyboard and after a click; the other
    moves come back, and nothing is sent to the table."""
    table = _with_ways(lang)
    widget = WidgetPage(browser, table, viewport=bs.SMALLEST)
    page = widget.page
    shown = """() => {
      const open = document.querySelector('.kaskaria-hk-panel-ways:not([hidden])');
      const a = document.activeElement;
      return {open: !!open, expanded: document.querySelector('.kaskaria-hk-ways-toggle')
                .getAttribute('aria-expanded'),
              focus: a && a.classList.contains('kaskaria-hk-ways-toggle') ? 'toggle'
                : a && a.closest('.kaskaria-hk-panel-ways') ? 'way' : a && a.tagName,
              moves: [...document.querySelectorAll('.kaskaria-hk-moves button')]
                .filter((b) => b.getClientRects().length > 0).length};
    }"""
    try:
        closed = page.evaluate(shown)
        toggle = page.locator(".kaskaria-hk-ways-toggle").first
        # from a way, by keyboard: the focus goes to the colour's button
        toggle.focus()
        page.keyboard.press("Enter")
        page.keyboard.press("Tab")  # the ways follow their colour's button
        opened = page.evaluate(shown)
        assert opened["open"] and opened["focus"] == "way", opened
        page.keyboard.press("Escape")
        after = page.evaluate(shown)
        assert not after["open"] and after["expanded"] == "false", after
        assert after["focus"] == "toggle" and after["moves"] == closed["moves"], (after, closed)
        # after a click, Escape on the colour's button
        toggle.click()
        assert page.evaluate(shown)["open"]
        page.keyboard.press("Escape")
        after = page.evaluate(shown)
        assert not after["open"] and after["focus"] == "toggle", after
        assert after["moves"] == closed["moves"], (after, closed)
        assert [s for s in widget.relay() if s.get("type") == "action"] == []
        assert widget.watch.errors() == []
    finally:
        widget.close()


def _many_ways(lang):
    """A three-player Heroes table (seed 0) at the child's turn with a full hand of eight ways
    to play turquoise (the child took cards, never played, until then)."""
    import random

    from kaskaria.widgets import HeroesTable

    table = HeroesTable(
        players=3, seats=("human", "easy", "medium"), seed=0, autoplay=None, lang=lang
    )
    rng = random.Random(0)
    for _ in range(400):
        view = table.view
        moves = view["moves"]["actions"]
        if moves:
            plays = Counter(a["action"].split()[1] for a in moves if a["kind"] == "play")
            if plays and max(plays.values()) >= 8:
                return table, max(plays, key=plays.get)
            table.act(rng.choice([a for a in moves if a["kind"] != "play"] or moves)["action"])
        else:
            table.next()
    raise AssertionError("no colour with eight ways")


@pytest.mark.parametrize(("lang", "more"), [("en", "More ways below"), ("de", "Weitere darunter")])
def test_an_open_list_of_many_ways_says_it_holds_more_below(browser, lang, more):
    """On a projector a colour's eight ways showed six, the last ones hidden in the list with no
    sign of them, while the full hand had to play one (a child tester). Each way says what it
    does without its colour again (the list's button names it), so more of them fit; while the
    list holds more than it shows, its foot says so, until it is scrolled to its end."""
    table, colour = _many_ways(lang)
    widget = WidgetPage(browser, table, viewport=bs.SMALLEST)
    page = widget.page
    try:
        page.locator(f'.kaskaria-hk-ways-toggle[data-colour="{colour}"]').click()
        page.wait_for_timeout(100)
        seen = """() => { const list = document.querySelector('.kaskaria-hk-panel-ways:not([hidden])');
          const cue = list.querySelector('.kaskaria-hk-ways-more');
          return {more: list.hasAttribute('data-more'), cue: cue.getClientRects().length > 0,
                  cueText: cue.textContent.trim(),
                  ways: [...list.querySelectorAll('button')].map((b) => ({
                    text: b.querySelector('.kaskaria-hk-move-label').textContent,
                    name: b.getAttribute('aria-label')}))}; }"""
        opened = page.evaluate(seen)
        assert len(opened["ways"]) >= 8, opened
        assert opened["more"] and opened["cue"] and opened["cueText"].endswith(more), opened
        for way in opened["ways"]:
            # the colour is said by the list's button ("Turquoise: 8 ways to play"); each way's
            # name, for a screen reader, still says the whole move ("Play turquoise: ...")
            assert ":" in way["name"] and ":" not in way["text"], way
        page.evaluate(
            "() => { const l = document.querySelector('.kaskaria-hk-panel-ways:not([hidden])');"
            " l.scrollTop = l.scrollHeight; }"
        )
        page.wait_for_timeout(100)
        end = page.evaluate(seen)
        assert not end["more"] and not end["cue"], end
        assert widget.watch.errors() == []
    finally:
        widget.close()
