"""Dragon's Gold's market while a child builds a trade offer, in a real browser: the offer box,
its rows of tokens and the line that says what to do next speak of offering and asking.

What children found: while only building an offer, the box said "You get: 1 × blue", its row
"You get" and the line "Now choose what you get", which a child read as already received, while
the log said "you ask for blue". Now the box, the rows and the line say "You offer" and "You ask
for" (German: "Du bietest an", "Du möchtest"), as the log does ("you offer gold", "you ask for
blue"; "du bietest Gold an", "du möchtest Blau bekommen").

The token buttons in those rows said the engine's moves ("Get blue", "Give gold"; "Blau
bekommen", "Gold geben"), so that a "You ask for" row held a "Get" or "Give" button: each now
says what it adds to its row, "+1" and the colour, named with the row's own verb ("Ask for 1
blue", "Offer 1 gold"; "Bitte um 1 Blau", "Biete 1 Gold an"). In the offer box the colours to
click stood right under "You offer: nothing" and read as part of "nothing": they now have a
label of their own in their row ("Add:", "Füge hinzu:"), and every move stays on the first
screen.

Then a child saw the choice twice on a projector: the box's rows "Add:" with the colours' words,
and the "+1" tokens in the rows "You offer", "You ask for" beside the board. The choice now
stands once, in those rows (each token named "Offer 1 gold", "Ask for 1 blue"); the box says
what the offer holds. White and silver, two pale tokens hard to tell apart by their drawing,
say their word on every screen.

The tables are drawn by their real module and styles in Chromium without JupyterLab
(browser_support.WidgetPage), at 1280 x 800, 1024 x 768 and 683 x 512.
"""

from __future__ import annotations

import browser_support as bs
import pytest
from browser_support import WidgetPage
from test_browser_pieces import _market_table

pytestmark = pytest.mark.browser

SIZES = bs.ONE_SCREEN_SIZES

#: what the screen says of the offer being built: the box's two labels and lines, the rows'
#: labels (and their names), the message line
OFFER_JS = """() => {
  const box = document.querySelector('.kaskaria-dg-market-offer');
  const text = (sel) => { const el = box.querySelector(sel); return el ? el.textContent.trim() : null; };
  return {
    give: text('.kaskaria-dg-offer-give > b'),
    // the line of what is offered, its label and its words ("You offer: 1 gold")
    giveLine: [...box.querySelector('.kaskaria-dg-offer-give').childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE || n.tagName === 'B')
      .map((n) => n.textContent).join('').trim(),
    ask: text('.kaskaria-dg-offer-ask > b'),
    box: box.innerText,
    rows: [...document.querySelectorAll('.kaskaria-dg-row-says')].map((e) => e.textContent.trim()),
    names: [...document.querySelectorAll('.kaskaria-dg-row-tokens[aria-label]')]
      .map((e) => e.getAttribute('aria-label')),
    message: document.querySelector('.kt-message').textContent.trim(),
    table: document.querySelector('.kaskaria-table').innerText,
    // the line under the table read out only (a summary that quotes the message's words)
    readOnly: [...document.querySelectorAll('.kaskaria-table .kt-sr')].map((e) => e.innerText).join(' '),
    // each row of token buttons: its label, and each button's words, name and tooltip
    buttons: [...document.querySelectorAll('.kaskaria-dg-row-tokens[aria-label]')].map((row) => ({
      row: row.getAttribute('aria-label'),
      buttons: [...row.querySelectorAll('button.kt-action')].map((b) => ({
        colour: [...b.classList].find((c) => c.startsWith('kaskaria-dg-t-')).slice(14),
        words: b.innerText.replace(/\\s+/g, ' ').trim(),
        name: b.getAttribute('aria-label'),
        tooltip: b.title,
      })),
    })),
    // pieces to click in the offer box (the choices stand once, beside the board)
    boxPieces: box.querySelectorAll('.kt-clickable, button').length,
  };
}"""

#: the words of the offer being built in each language, and the words that say it is already
#: given or got
WORDS = {
    "en": {
        "give": "You offer",
        "ask": "You ask for",
        "next_ask": "Now choose what you ask for.",
        "ask_step": "choose what you ask for",
        "log": "You offer ",
        "got": ("You get", "You give", "what you get", "what you give"),
        "add": "Add:",
        "named": {"You offer": "Offer 1 {}", "You ask for": "Ask for 1 {}"},
    },
    "de": {
        "give": "Du bietest an",
        "ask": "Du möchtest",
        "next_ask": "Wähle jetzt, was du bekommen möchtest.",
        "ask_step": "was du bekommen möchtest",
        "log": "Du bietest ",
        "got": ("Du bekommst", "Du gibst", "was du bekommst", "was du gibst"),
        "add": "Füge hinzu:",
        "named": {"Du bietest an": "Biete 1 {} an", "Du möchtest": "Bitte um 1 {}"},
    },
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_offer_being_built_speaks_of_offering_and_asking(browser, lang, size):
    """Before and after a token is offered, the offer box's labels, the rows of tokens and the
    message line say "You offer" and "You ask for" (never "You get", "You give"); once a token
    is offered, the line says to choose what you ask for, and the log says "You offer ..."."""
    w = WORDS[lang]
    table = _market_table(lang)
    width, height = SIZES[size]
    widget = WidgetPage(browser, table, viewport={"width": width, "height": height})
    page = widget.page
    try:
        for step in range(2):
            seen = page.evaluate(OFFER_JS)
            assert (seen["give"], seen["ask"]) == (w["give"], w["ask"]), (size, step, seen)
            assert seen["rows"] and set(seen["rows"]) <= {w["give"], w["ask"]}, seen
            assert seen["names"] == seen["rows"], seen
            for said in (seen["box"], seen["message"], *seen["rows"]):
                assert not any(got in said for got in w["got"]), (size, step, said)
            # each token button says what it adds to its row, named with the row's verb
            colours = table.view["board"]["words"]["colours"]
            for row in seen["buttons"]:
                assert row["buttons"], row
                for b in row["buttons"]:
                    named = w["named"][row["row"]].format(colours[b["colour"]])
                    assert (b["name"], b["tooltip"]) == (named, named), (size, step, row["row"], b)
                    assert b["words"].startswith("+1"), (size, step, b)
                    if size != "683x512":  # (there a token is its drawing and its "+1")
                        assert b["words"] == f"+1 {colours[b['colour']]}", (size, step, b)
            # the choice stands once: the rows of "+1" buttons, nothing to click in the box
            # (which said it again as "Add:" and the colours' words)
            assert seen["boxPieces"] == 0 and w["add"] not in seen["table"], (size, step, seen)
            # white and silver, two pale tokens, say their word at every size (not by colour
            # alone)
            pale = [b for row in seen["buttons"] for b in row["buttons"]]
            pale = [b for b in pale if b["colour"] in ("white", "silver")]
            assert pale, seen["buttons"]
            for b in pale:
                assert b["words"] == f"+1 {colours[b['colour']]}", (size, step, b)
            # and every move on the first screen
            assert bs.off_screen(page.evaluate(bs.ONE_SCREEN_JS)) == [], (size, step)
            if step == 0:
                offers = [
                    a["action"] for a in table.view["moves"]["actions"] if a["kind"] == "offer"
                ]
                page.locator(f'button.kt-action[data-action="{offers[0]}"]').click()
                widget.relay()
                assert str(table.match.actions[-1]) == offers[0]
        assert seen["message"] == w["next_ask"], seen
        # ... said once on the screen: one instruction for the step (the line under the table,
        # read out only, sums up the screen in the message's own words)
        shown = seen["table"].count(w["ask_step"]) - seen["readOnly"].count(w["ask_step"])
        assert shown == 1, seen["table"]
        # what is offered, each colour with its count and no "×" ("You offer: 1 gold")
        offered = table.view["board"]["words"]["colours"][offers[0].split()[1]]
        assert seen["giveLine"] == f"{w['give']}: 1 {offered}", seen
        assert "×" not in seen["box"], seen
        assert table.view["log"]["entries"][-1]["text"].startswith(w["log"])
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: the buttons of the moves that carry a key, in the order they stand in the page: the key on
#: the badge, the key named for screen readers, the words, and where the button stands
KEYS_JS = """() => [...document.querySelectorAll('button.kt-action')]
  .filter((b) => b.getClientRects().length > 0 && b.querySelector('.kt-key'))
  .map((b) => {
    const r = b.getBoundingClientRect();
    return {badge: b.querySelector('.kt-key').textContent.trim(),
            shortcut: b.getAttribute('aria-keyshortcuts'), action: b.dataset.action,
            top: r.top, left: r.left};
  })"""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_market_buttons_keys_run_in_the_order_the_buttons_stand(browser, lang, size):
    """A child saw the market's moves as "2 Offer it to Player 2", "3 Offer it to Player 3",
    "1 Withdraw the offer": the keys now run 1, 2, 3 down the screen (and along a row), and
    each button's aria-keyshortcuts is the key on its badge."""
    table = _market_table(lang)
    moves = table.view["moves"]["actions"]
    table.act(next(a["action"] for a in moves if a["kind"] == "offer"))
    moves = table.view["moves"]["actions"]
    table.act(next(a["action"] for a in moves if a["kind"] == "ask"))
    kinds = {a["kind"] for a in table.view["moves"]["actions"]}
    assert {"trade", "cancel"} <= kinds, kinds  # offering it to a player, or withdrawing it
    width, height = SIZES[size]
    widget = WidgetPage(browser, table, viewport={"width": width, "height": height})
    try:
        keyed = widget.page.evaluate(KEYS_JS)
        assert len(keyed) >= 3, keyed
        assert [b["badge"] for b in keyed] == [str(n) for n in range(1, len(keyed) + 1)], keyed
        assert all(b["shortcut"] == b["badge"] for b in keyed), keyed
        # in the order they stand: each one below the one before, or on its line to its right
        for a, b in zip(keyed, keyed[1:], strict=False):
            assert b["top"] > a["top"] + 1 or (
                abs(b["top"] - a["top"]) <= 1 and b["left"] > a["left"]
            ), (
                size,
                keyed,
            )
        assert any(b["action"] == "cancel" for b in keyed), keyed
        assert widget.watch.errors() == []
    finally:
        widget.close()
