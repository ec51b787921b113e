"""A game's look and its accessibility, in a real browser (the tables' real modules and styles,
without JupyterLab: browser_support.WidgetPage), at the moments a child decides.

- The pieces are drawn (our own SVG, widgets/table_pieces.js): dice with their face's colour and
  mark, Heroes cards with their motif, the paths with a figure for every piece on them, Dragon's
  Gold's dragons with their strength and treasure, and its tokens as gems, coins and discs.
- Every piece or button a child may press is at least 24 x 24 CSS px, at every size.
- Board pieces that make a move are focusable, named, and Enter makes their move.
- axe-core finds no serious or critical violation on any of these tables.
- With reduced motion, a new piece does not move.
"""

from __future__ import annotations

import browser_support as bs
import pytest
from browser_support import WidgetPage, run_axe, serious
from test_browser_one_screen import contrast

pytestmark = pytest.mark.browser

SIZES = {"1280x800": (1280, 800), "1024x768": (1024, 768), "683x512": (683, 512)}

_PIECES_JS = """() => {
  const root = document.querySelector('.kaskaria-table');
  const cls = (el) => [...(el ? el.classList : [])];
  return {
    dice: [...root.querySelectorAll('.kaskaria-db-die')].map((d) => ({
      face: d.dataset.face || 'hidden', art: cls(d.querySelector('svg.kt-die-art'))})),
    dragons: [...root.querySelectorAll('.kaskaria-db-dragon, .kaskaria-dg-dragon:not(.kaskaria-dg-empty)')]
      .map((d) => ({art: !!d.querySelector('svg.kt-dragon-art'),
                    sword: !!d.querySelector('.kaskaria-dg-strength svg.kt-sword-art'),
                    chest: !!d.querySelector('.kaskaria-dg-treasure svg.kt-chest-art'),
                    dg: d.classList.contains('kaskaria-dg-dragon')})),
    cards: [...root.querySelectorAll('.kaskaria-hk-card')].map((c) => ({
      card: c.dataset.card, art: cls(c.querySelector('svg.kt-motif-art')),
      size: (() => { const b = c.querySelector('svg.kt-motif-art').getBoundingClientRect();
                     return [b.width, b.height]; })(),
      small: c.classList.contains('kaskaria-hk-card-small')})),
    fields: [...root.querySelectorAll('.kaskaria-hk-field')].map((f) => ({
      figures: f.querySelectorAll('.kaskaria-hk-figure').length,
      pawns: f.querySelectorAll('.kaskaria-hk-figure svg.kt-pawn-art').length})),
    tokens: [...root.querySelectorAll('.kaskaria-dg-token[data-colour]')].map((t) => ({
      colour: t.dataset.colour, art: cls(t.querySelector('svg.kt-token-art'))})),
  };
}"""

_TARGETS_JS = """() => {
  const root = document.querySelector('.kaskaria-table');
  const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  return [...root.querySelectorAll('button, select, input, summary, .kt-clickable, [data-kt-piece]')]
    .filter(visible)
    .map((el) => { const b = el.getBoundingClientRect();
      return {what: (el.dataset.action || el.dataset.move || el.dataset.key || el.className).toString().slice(0, 50),
              w: b.width, h: b.height}; })
    .filter((t) => t.w < 24 - 0.01 || t.h < 24 - 0.01);
}"""


def _tables(lang):
    return bs.one_screen_tables(lang)


#: each seat's pawn on its player card (Heroes), and the words drawn inside pictures, with the
#: size they are drawn at (the font size times the picture's scale), also on the small cards of
#: a short screen (a child tester could not read a "+2" drawn 9.5 px high on a projector)
_KEYS_AND_DRAWN_WORDS_JS = """() => {
  const root = document.querySelector('.kaskaria-table');
  const keys = [...root.querySelectorAll('.kaskaria-hk-player-info')].map((info) => {
    const seat = info.closest('[data-seat]').dataset.seat;
    return {seat, pawn: Boolean(info.querySelector(`.kaskaria-hk-pawn-key svg.kt-pawn-${seat}`))};
  });
  const words = [...root.querySelectorAll('svg text')]
    .filter((t) => t.getClientRects().length)
    .map((t) => { const svg = t.ownerSVGElement;
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      const style = getComputedStyle(t);
      return {text: t.textContent, px: parseFloat(t.getAttribute('font-size')) * scale,
        fill: style.fill, stroke: style.stroke, line: parseFloat(style.strokeWidth) * scale}; });
  return {keys, words};
}"""


def test_the_pieces_are_drawn(browser):
    tables = _tables("en")
    seen = {"dice": 0, "db-dragons": 0, "cards": 0, "pawns": 0, "tokens": 0, "dg-dragons": 0}
    for name, table in tables.items():
        widget = WidgetPage(browser, table)
        try:
            p = widget.page.evaluate(_PIECES_JS)
            for die in p["dice"]:
                assert "kt-die-art" in die["art"], (name, die)
                assert f"kt-face-{die['face']}" in die["art"], (name, die)
                seen["dice"] += 1
            for d in p["dragons"]:
                assert d["art"], (name, d)
                if d["dg"]:
                    assert d["sword"] and d["chest"], (name, d)
                    seen["dg-dragons"] += 1
                else:
                    seen["db-dragons"] += 1
            for c in p["cards"]:
                motif = c["card"].split()[1]
                assert f"kt-motif-{motif}" in c["art"], (name, c)
                if not c["small"]:  # a card's motif is drawn large enough to read
                    assert min(c["size"]) >= 28, (name, c)
                seen["cards"] += 1
            for f in p["fields"]:
                assert f["pawns"] == f["figures"], (name, f)  # every figure a drawn pawn
                seen["pawns"] += f["pawns"]
            drawn = widget.page.evaluate(_KEYS_AND_DRAWN_WORDS_JS)
            # whose figure is whose: each player card shows its seat's pawn
            assert all(k["pawn"] for k in drawn["keys"]), (name, drawn["keys"])
            if name.startswith("heroes"):
                assert drawn["keys"], name
            # a word drawn in a picture ("+2") is as large as any text on the table, also where
            # the pictures are smallest (a projector's 683 x 512), and its letters stand apart
            # from their outline (it reads on any card's colour: a child tester could not read
            # a "+2" in the card's own colour on the card)
            assert all(w["px"] >= 14 - 0.01 for w in drawn["words"]), (name, drawn["words"])
            outlined = [
                contrast(w["fill"], w["stroke"]) >= 4.5 and w["line"] >= 1.5 for w in drawn["words"]
            ]
            assert all(outlined), (name, drawn["words"])
            widget.page.set_viewport_size({"width": 683, "height": 512})
            small = widget.page.evaluate(_KEYS_AND_DRAWN_WORDS_JS)["words"]
            assert all(w["px"] >= 14 - 0.01 and w["line"] >= 1.5 for w in small), (name, small)
            if name.startswith("heroes"):
                assert small, name  # a "+2" is drawn at this size too
            for t in p["tokens"]:
                kind = {
                    "silver": "kt-coin",
                    "gold": "kt-coin",
                    "red": "kt-disc",
                    "black": "kt-disc",
                }
                assert kind.get(t["colour"], "kt-gem") in t["art"], (name, t)
                seen["tokens"] += 1
            assert widget.watch.errors() == []
        finally:
            widget.close()
    assert all(n > 0 for n in seen.values()), seen


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_target_is_at_least_24_px_and_axe_finds_nothing_serious(
    browser, lang, browser_report
):
    lines = []
    for name, table in _tables(lang).items():
        widget = WidgetPage(browser, table)
        try:
            for size, (w, h) in SIZES.items():
                widget.page.set_viewport_size({"width": w, "height": h})
                widget.page.wait_for_timeout(50)
                small = widget.page.evaluate(_TARGETS_JS)
                assert small == [], (name, lang, size, small)
            # the table itself (the bare test page around it has no title or language)
            found = run_axe(widget.page, ".kaskaria-table")
            lines.append(
                f"  {name} {lang}: axe {len(serious(found))} serious/critical; "
                f"all: {sorted(v['id'] + ':' + str(v['impact']) for v in found) or 'none'}"
            )
            assert serious(found) == [], (name, lang, serious(found))
            # a piece that makes a move takes the role of a button: its element allows that role
            allowed = [v for v in found if v["id"] == "aria-allowed-role"]
            assert allowed == [], (name, lang, allowed)
        finally:
            widget.close()
    browser_report(
        [f"the tables' look ({lang}): targets >= 24 px at three sizes, axe-core:", *lines]
    )


def test_board_pieces_are_focusable_named_and_pressed_by_keys(browser):
    table = _tables("en")["dragon-battle"]
    widget = WidgetPage(browser, table)
    try:
        page = widget.page
        dice = page.locator(".kaskaria-db-rolled .kaskaria-db-die.kt-clickable")
        assert dice.count() >= 1
        first = dice.first
        assert first.get_attribute("tabindex") == "0" and first.get_attribute("role") == "button"
        move = first.get_attribute("data-move")
        label = page.locator(f'button.kt-action[data-action="{move}"]').get_attribute("aria-label")
        assert first.get_attribute("aria-label") == label  # the move's own words
        first.focus()
        page.keyboard.press("Enter")
        sent = page.evaluate("() => window.__sent.slice()")
        assert sent and sent[-1]["type"] == "action" and sent[-1]["action"] == move, sent
        # the "what just happened" list and the log are reached by the keyboard; each step is heard
        summary = page.locator(".kt-summary").first
        assert summary.get_attribute("aria-live") == "polite"
        assert page.locator(".kt-log").first.get_attribute("tabindex") == "0"
        # a piece that is no longer a move leaves the tab order
        widget.relay()
        for el in page.locator("[data-kt-piece]").all():
            assert "kt-clickable" in (el.get_attribute("class") or "")
        assert widget.watch.errors() == []
    finally:
        widget.close()


def test_headings_go_down_one_level_at_a_time(browser):
    widget = WidgetPage(browser, _tables("en")["heroes"])
    try:
        levels = widget.page.evaluate(
            "() => [...document.querySelectorAll('.kaskaria-table h1, .kaskaria-table h2,"
            " .kaskaria-table h3, .kaskaria-table h4')].map((h) => Number(h.tagName[1]))"
        )
        assert levels and levels[0] == 2, levels  # under a notebook's title (h1)
        assert all(b - a <= 1 for a, b in zip(levels, levels[1:], strict=False)), levels
    finally:
        widget.close()


_MOVING_JS = """() => [...document.querySelectorAll('.kaskaria-table [class*="kt-anim-"]')]
  .map((el) => getComputedStyle(el).animationName)"""


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_new_pieces_move_only_without_reduced_motion(browser, motion):
    table = _tables("en")["heroes"]
    widget = WidgetPage(browser, table)
    try:
        widget.page.emulate_media(reduced_motion=motion)
        widget.page.wait_for_timeout(50)
        # a card taken from the display comes into the hand: a new piece that slides in
        take = next(a for a in table.view["moves"]["actions"] if a["kind"] == "take")
        widget.page.locator(f'button.kt-action[data-action="{take["action"]}"]').click()
        widget.relay()
        names = widget.page.evaluate(_MOVING_JS)
        assert names, "the card taken brought no new piece to animate"
        if motion == "reduce":
            assert set(names) == {"none"}, names
        else:
            assert any(n != "none" for n in names), names
    finally:
        widget.close()
