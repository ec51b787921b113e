"""Dragon's Gold's split and trade offer as a child reads them, in a real browser: the picked
token's ring beside "still to hand out:", the shares of a split of four on a small table, the
lines of a trade offer being made, the split's sentence that names the picked token, and the
split's hint with who gets what.

What a child tester found (a split of four shares at 683 x 512, a trade offer at the market):
the picked token's ring touched the colon of "still to hand out:"; an empty dashed strip stood
under the shares where their gems had been; "You want: nothing gold green ..." read as one
line; "The ringed token" when every token to hand out wears a ring; a hint of three or four
sentences while the child hands out the split.

The tables are drawn by their real module and styles in Chromium without JupyterLab
(browser_support.WidgetPage).
"""

from __future__ import annotations

import browser_support as bs
import pytest
from browser_support import WidgetPage
from test_browser_pieces import _market_table

pytestmark = pytest.mark.browser

SIZES = bs.ONE_SCREEN_SIZES


def _four_shares(lang: str):
    """A table (seeded, played at random, bots by Next) where the person builds a split of four
    shares, before the first token is handed out."""
    from kaskaria.widgets import DragonsGoldTable

    table = DragonsGoldTable(
        players=4,
        seats=("human", "easy", "medium", "hard"),
        seed=0,
        lang=lang,
        autoplay=None,
        hints=True,  # as in the children's apps
        hourglass=True,
    )

    def four_shares_untouched(view) -> bool:
        split = view["board"]["observation"].get("split")
        return len(split["involved"]) == 4 and not any(split["parts"])

    return bs._played_until(table, ("build",), limit=600, until=four_shares_untouched)


def _size(widget, width: int, height: int) -> None:
    widget.page.set_viewport_size({"width": width, "height": height})
    widget.page.wait_for_function("(w) => window.innerWidth === w", arg=width)


def _hand_out_one(widget, table) -> None:
    gives = [a["action"] for a in table.view["moves"]["actions"] if a["kind"] == "give"]
    table.act(gives[0])
    widget.deliver()


#: the picked token's ring (how far it reaches out of the token: its outline and the rings drawn
#: around it) and the colon of "still to hand out:", as boxes
RING_AND_COLON_JS = """() => {
  const left = document.querySelector('.kaskaria-dg-split .kaskaria-dg-left');
  const picked = left.querySelector('.kaskaria-dg-take[data-picked="true"]');
  const style = getComputedStyle(picked);
  const spreads = [...style.boxShadow.matchAll(/(-?[\\d.]+)px\\s+(-?[\\d.]+)px\\s+(-?[\\d.]+)px\\s+(-?[\\d.]+)px/g)]
    .map((m) => Number(m[4]));
  const outline = style.outlineStyle === 'none' ? 0
    : parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
  const out = Math.max(outline, ...spreads, 0);
  const b = picked.getBoundingClientRect();
  const text = left.firstChild;
  const range = document.createRange();
  range.setStart(text, text.data.indexOf(':'));
  range.setEnd(text, text.data.indexOf(':') + 1);
  const c = range.getBoundingClientRect();
  return {out, label: text.data,
          ring: {left: b.left - out, right: b.right + out, top: b.top - out, bottom: b.bottom + out},
          colon: {left: c.left, right: c.right, top: c.top, bottom: c.bottom}};
}"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_picked_tokens_ring_keeps_clear_of_the_colon_before_it(browser, lang):
    """The first token under "still to hand out:" is picked from the start: its ring (the dashed
    one of a piece to click, 5 px out) stays apart from the colon before it, at every size, while
    the split is handed out."""
    table = _four_shares(lang)
    widget = WidgetPage(browser, table)
    try:
        for step in range(3):
            for size, (width, height) in SIZES.items():
                _size(widget, width, height)
                m = widget.page.evaluate(RING_AND_COLON_JS)
                assert (
                    m["label"].strip()
                    == {"en": "still to hand out:", "de": "noch zu verteilen:"}[lang]
                )
                assert m["out"] >= 5, m  # the ring is drawn
                ring, colon = m["ring"], m["colon"]
                same_line = ring["top"] < colon["bottom"] and colon["top"] < ring["bottom"]
                if same_line:
                    # at least 2 px of room between the colon and the ring
                    assert ring["left"] >= colon["right"] + 2, (lang, step, size, m)
            _hand_out_one(widget, table)
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: each share of the split: how far its dashed frame reaches below its head (the blue frame to
#: click), inside its own border and padding, and whether its gems are drawn
SHARES_JS = """() => [...document.querySelectorAll('.kaskaria-dg-parts > .kaskaria-dg-share')]
  .map((share) => {
    const part = share.querySelector(':scope > .kaskaria-dg-part');
    const s = share.getBoundingClientRect();
    const p = part.getBoundingClientRect();
    const style = getComputedStyle(share);
    const inner = s.bottom - parseFloat(style.borderBottomWidth) - parseFloat(style.paddingBottom);
    const gives = share.querySelector('.kaskaria-dg-gives');
    return {strip: inner - p.bottom, gems: !!gives && gives.getClientRects().length > 0,
            clickable: part.classList.contains('kt-clickable')};
  })"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_four_shares_on_a_small_table_leave_nothing_empty_where_the_gems_were(browser, lang):
    """A split of four shares on a small table (683 x 512: a projector at 150 %) shows no gems
    in its shares; each share's blue frame to click then fills its dashed frame, with no empty
    dashed strip under it, whatever the other shares' heights. On a large table the gems stay,
    under the blue frame."""
    table = _four_shares(lang)
    widget = WidgetPage(browser, table)
    try:
        for step in range(3):
            _hand_out_one(widget, table)  # the shares' heads differ once one holds a token
            _size(widget, 683, 512)
            shares = widget.page.evaluate(SHARES_JS)
            assert len(shares) == 4, shares
            assert not any(s["gems"] for s in shares), shares
            assert all(s["clickable"] for s in shares), shares
            assert max(s["strip"] for s in shares) <= 1, (lang, step, shares)
            _size(widget, 1280, 800)
            assert all(s["gems"] for s in widget.page.evaluate(SHARES_JS))
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: the trade offer's lines "You offer: ..." and "You ask for: ...": their words, and whether
#: anything to choose (a colour to click) runs on in them
OFFER_ROWS_JS = """() => ['.kaskaria-dg-offer-give', '.kaskaria-dg-offer-ask'].map((line) => {
  const row = document.querySelector(`.kaskaria-dg-market-offer ${line}`);
  return {words: row.textContent, choices: row.querySelectorAll('.kt-clickable, button').length};
})"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_trade_offers_lines_stand_apart_from_the_colours_to_choose(browser, lang):
    """While a trade offer is made, "You ask for: nothing" and the colours to click for it do not
    run on as one line ("You want: nothing gold green ..."): the lines say only what the offer
    holds ("label: tokens"), the colours to choose stand in the rows beside the board, at the
    start and after a colour is given, large and small."""
    table = _market_table(lang)
    widget = WidgetPage(browser, table)
    try:
        for step in range(2):
            words = table.view["board"]["words"]["market_offer"]
            said = [
                f"{words['give_label']}: {words['give']}",
                f"{words['ask_label']}: {words['ask']}",
            ]
            for size, (width, height) in SIZES.items():
                _size(widget, width, height)
                rows = widget.page.evaluate(OFFER_ROWS_JS)
                assert [r["words"] for r in rows] == said, (lang, step, size, rows)
                assert [r["choices"] for r in rows] == [0, 0], (lang, step, size, rows)
            offers = [a["action"] for a in table.view["moves"]["actions"] if a["kind"] == "offer"]
            table.act(offers[0])
            widget.deliver()
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: the split's line that says what a click on a share does, and the marks of the tokens still to
#: hand out (the picked one's and the others': their rings, their ticks, their pressed state)
RINGS_JS = """() => {
  const lum = (rgb) => {
    const [r, g, b] = rgb.match(/[\\d.]+/g).slice(0, 3).map(Number).map((v) => v / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  return {
    hint: document.querySelector('.kaskaria-dg-split-hint').textContent,
    tokens: [...document.querySelectorAll('.kaskaria-dg-take')].map((t) => {
      const s = getComputedStyle(t);
      const tick = t.querySelector('.kaskaria-dg-tick');
      return {picked: t.dataset.picked === 'true', style: s.outlineStyle, light: lum(s.outlineColor),
              shadow: s.boxShadow, pressed: t.getAttribute('aria-pressed'),
              tick: !!tick && tick.getClientRects().length > 0 && tick.textContent === '\u2713'};
    }),
  };
}"""


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("en", "The token with the tick goes to the player you click."),
        ("de", "Der Schatzstein mit dem Haken geht an den Spieler, den du anklickst."),
    ],
)
def test_the_split_names_the_picked_token_by_its_tick(browser, lang, says):
    """Every token still to hand out wears a ring (a dashed light one: it can be clicked); the
    picked one wears the same ring and a tick, and says it is pressed. A solid ring is the
    keyboard's focus alone: a child told "the token with the dark ring" looked at the focused
    gem. The split's line names the picked one by its tick."""
    table = _four_shares(lang)
    widget = WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    try:
        m = widget.page.evaluate(RINGS_JS)
        assert m["hint"] == says
        picked = [t for t in m["tokens"] if t["picked"]]
        others = [t for t in m["tokens"] if not t["picked"]]
        assert len(picked) == 1 and others, m
        assert picked[0]["tick"] and picked[0]["pressed"] == "true", m
        assert all(not t["tick"] and t["pressed"] == "false" for t in others), m
        assert all(t["style"] == "dashed" and t["light"] > 0.1 for t in m["tokens"]), m
        assert all(t["shadow"] == "none" for t in m["tokens"]), m
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: the hint on the screen: its text and, for each of its lines after the first, whether the
#: line's first word starts a line of the drawn text (at the box's left edge)
HINT_LINES_JS = """() => {
  const box = document.querySelector('.kt-advice-text');
  const text = box.firstChild;
  const left = box.getBoundingClientRect().left + parseFloat(getComputedStyle(box).borderLeftWidth)
    + parseFloat(getComputedStyle(box).paddingLeft);
  const starts = [];
  let at = text.data.indexOf('\\n');
  while (at >= 0) {
    const range = document.createRange();
    range.setStart(text, at + 1);
    range.setEnd(text, at + 2);
    starts.push(range.getBoundingClientRect().left - left);
    at = text.data.indexOf('\\n', at + 1);
  }
  return {text: text.data, starts};
}"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_splits_hint_shows_who_gets_what_a_line_per_player(browser, lang):
    """Hint at a split of four: what you keep, then who gets what, a line per other player, then
    the search's count, each starting a line of its own on the screen, large and small."""
    table = _four_shares(lang)
    widget = WidgetPage(browser, table)
    try:
        widget.page.locator("button.kt-hint-button").click()
        widget.relay()
        widget.page.wait_for_selector(".kt-advice-text")
        player = {"en": "Player", "de": "Spieler"}[lang]
        for size, (width, height) in SIZES.items():
            _size(widget, width, height)
            m = widget.page.evaluate(HINT_LINES_JS)
            first, *listed, count = m["text"].split("\n")
            assert first.startswith({"en": "Propose this split", "de": "Schlag diese"}[lang])
            assert len(listed) == 3 and all(line.startswith(f"{player} ") for line in listed), m
            assert {"en": "pretend games", "de": "ausgedachten spielen"}[lang] in count.lower(), m
            assert len(m["starts"]) == 4 and all(abs(x) <= 1 for x in m["starts"]), (size, m)
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: each pile button of a split's rows: its name, on how many lines, and where its row ends
PILE_BUTTONS_JS = """() => [...document.querySelectorAll('.kaskaria-dg-row-grid button')]
  .filter((b) => b.getClientRects().length).map((b) => {
    const range = document.createRange();
    range.selectNodeContents(b);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0)
      .map((r) => Math.round(r.top)));
    const key = b.querySelector('.kt-key');
    return {name: b.textContent.slice(key ? key.textContent.length : 0), lines: tops.size,
            rowBottom: b.closest('.kaskaria-dg-row').getBoundingClientRect().bottom,
            height: innerHeight};
  })"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_three_piles_buttons_keep_their_names_on_one_line_beside_the_hint(browser, lang):
    """Divide and choose with three players on a projector (683 x 512) after Hint: each pile
    button's name ("Anteil 1") stays on one line, and every colour's row of pile buttons stays
    on the first screen. A tester saw German "Anteil / 1" on two lines make each row taller and
    push the last colour's row below the screen."""
    table = bs.divide_and_choose_table(lang, "divide")
    widget = WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    try:
        widget.page.locator("button.kt-hint-button").click()
        widget.relay()
        widget.page.wait_for_selector(".kt-advice-text")
        buttons = widget.page.evaluate(PILE_BUTTONS_JS)
        pile = "Anteil" if lang == "de" else "Pile"  # as the board names a pile
        assert len(buttons) >= 9 and all(b["name"].startswith(pile) for b in buttons), buttons
        assert all(b["lines"] == 1 for b in buttons), buttons
        assert all(b["rowBottom"] <= b["height"] for b in buttons), buttons
        assert widget.watch.errors() == []
    finally:
        widget.close()
