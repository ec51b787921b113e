"""Dragon's Gold on a projector's small screen, in a real browser: nothing overlaps at the game's
end, nor while a child builds a proposal.

What children found at 683 x 512 in German: the results card at the game's end lay over the
switch "Automatisch: aus"; building a proposal (the child divides the treasure among the
players), the line under the moves that says how was cut at the bottom of the screen, and the
board's button "Diese Aufteilung vorschlagen" sat on the line "Noch 4 Vorschläge." Now nothing
on the screen lies over anything else, and every move and its line are on the first screen, at
1280 x 800, 1024 x 768 and 683 x 512, in English and German.

The tables are drawn by their real module and styles in Chromium without JupyterLab
(browser_support.WidgetPage).
"""

from __future__ import annotations

import browser_support as bs
import pytest
from browser_support import WidgetPage

pytestmark = pytest.mark.browser

SIZES = bs.ONE_SCREEN_SIZES

#: the boxes of what a child sees outside the board (the results lie over the board on purpose):
#: every button and every element with words of its own (a line of the side column, of a player
#: card), each with its name; and the results card's box (null: no results shown)
END_BOXES_JS = """() => {
  const root = document.querySelector('.kaskaria-table');
  const seen = (el) => {
    if (!el.getClientRects().length) return false;
    const s = getComputedStyle(el);
    return s.visibility !== 'hidden' && s.opacity !== '0';
  };
  const worded = (el) => el.tagName === 'BUTTON' ||
    [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.data.trim());
  const box = (el) => { const b = el.getBoundingClientRect();
    return {left: b.left, right: b.right, top: b.top, bottom: b.bottom}; };
  const results = root.querySelector('.kt-result-host:not([hidden]) .kt-results');
  const pieces = [...root.querySelectorAll('*')]
    .filter((el) => worded(el) && seen(el) && !el.closest('.kt-result-host')
                    && !el.closest('.kt-board-host') && !el.closest('.kt-sr'))
    .map((el) => ({name: `${el.className.split(' ')[0] || el.tagName}: ${el.textContent.trim().slice(0, 40)}`,
                   box: box(el)}));
  return {results: results ? box(results) : null, pieces};
}"""


_ENDS: dict = {}


def _ended(lang: str):
    """A game of Dragon's Gold played to its end (a person and two easy bots)."""
    from dg_support import table_played_until

    if lang not in _ENDS:
        table = table_played_until(lambda v: v["turn"]["to_move"] == "over", lang=lang)
        assert table is not None
        _ENDS[lang] = table
    return _ENDS[lang]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_at_the_games_end_the_results_lie_over_nothing_but_the_board(browser, lang, size):
    """At the game's end the results card covers no button, no line of the side column (the
    switch "Autoplay: off" among them) and no player card, at every size."""
    table = _ended(lang)
    width, height = SIZES[size]
    widget = WidgetPage(browser, table, viewport={"width": width, "height": height})
    try:
        seen = widget.page.evaluate(END_BOXES_JS)
        assert seen["results"] is not None, seen
        covered = [p["name"] for p in seen["pieces"] if bs.overlap(p["box"], seen["results"])]
        assert covered == [], (size, covered)
        # the results' own buttons are on the first screen
        for button in widget.page.locator(".kt-results button").all():
            b = button.bounding_box()
            assert b and b["y"] >= 0 and b["y"] + b["height"] <= height, (size, b)
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: what a child sees of the table, outside the words kept for screen readers: every pair of
#: things with words of their own (or buttons) that lie over each other, line by line (an inline
#: line of words wrapped round something is measured by its lines' boxes); the line under the
#: moves that says what they do; every move's box; and the board's button "Propose this split"
#: with the line of proposals left under it
SCREEN_JS = """() => {
  const root = document.querySelector('.kaskaria-table');
  const seen = (el) => {
    if (!el.getClientRects().length) return false;
    const s = getComputedStyle(el);
    return s.visibility !== 'hidden';
  };
  const worded = (el) => el.tagName === 'BUTTON' || (!el.closest('button') &&
    [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.data.trim()));
  const els = [...root.querySelectorAll('*')].filter((el) => worded(el) && seen(el)
    && !el.closest('.kt-sr') && !el.closest('[aria-hidden="true"]'));
  // each line's box as far as it is seen: cut by every box around it that clips (a scrolled
  // list shows some of its lines; words kept for screen readers are clipped to nothing)
  const clipped = (el) => {
    let rects = [...el.getClientRects()].map((r) => ({left: r.left, right: r.right, top: r.top, bottom: r.bottom}));
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible' && s.clip === 'auto') continue;
      const c = a.getBoundingClientRect();
      rects = rects.map((r) => ({left: Math.max(r.left, c.left), right: Math.min(r.right, c.right),
                                 top: Math.max(r.top, c.top), bottom: Math.min(r.bottom, c.bottom)}));
    }
    const s = getComputedStyle(el);
    if (s.clip !== 'auto' || (el.offsetWidth <= 1 && el.offsetHeight <= 1)) return [];
    return rects.filter((r) => r.right - r.left > 1 && r.bottom - r.top > 1);
  };
  const rects = els.map(clipped);
  const hit = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 &&
    a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const name = (el) => `${el.className.split(' ')[0] || el.tagName}: ${el.textContent.trim().slice(0, 30)}`;
  const overlaps = [];
  for (let i = 0; i < els.length; i++) for (let j = i + 1; j < els.length; j++) {
    if (els[i].contains(els[j]) || els[j].contains(els[i])) continue;
    if (rects[i].some((a) => rects[j].some((b) => hit(a, b)))) overlaps.push(`${name(els[i])} / ${name(els[j])}`);
  }
  const box = (el) => { const b = el.getBoundingClientRect();
    return {left: b.left, right: b.right, top: b.top, bottom: b.bottom}; };
  const line = root.querySelector('.kt-move-hint');
  const propose = root.querySelector('.kaskaria-dg-board-propose');
  const budget = root.querySelector('.kaskaria-dg-budget');
  return {
    overlaps,
    line: line && seen(line) ? {text: line.textContent, box: box(line)} : null,
    moves: [...root.querySelectorAll('button.kt-action, .kaskaria-dg-board-propose')].filter(seen)
      .map((b) => ({name: b.dataset.action || b.textContent.trim(), box: box(b)})),
    propose: propose && seen(propose) ? box(propose) : null,
    budget: budget && seen(budget) ? [...budget.getClientRects()].map((r) => r.top) : null,
    width: innerWidth, height: innerHeight, scrollY: scrollY,
  };
}"""


def _building(lang: str):
    """The children's app's table (a person, an easy and a medium bot, hourglass and hints)
    played until the person builds a proposal, no token handed out yet."""
    from kaskaria.widgets import DragonsGoldTable

    table = DragonsGoldTable(
        players=3,
        seats=("human", "easy", "medium"),
        seed=2026,
        lang=lang,
        autoplay=None,
        hints=True,
        hourglass=True,
    )
    return bs._played_until(table, ("build",))


def _on_screen(b: dict, width: int, height: int) -> bool:
    return (
        b["top"] >= -0.5
        and b["left"] >= -0.5
        and b["bottom"] <= height + 0.5
        and (b["right"] <= width + 0.5)
    )


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_building_a_proposal_every_move_and_its_line_are_on_the_first_screen(browser, lang, size):
    """Building a proposal (a hint asked for, at the start and after a token is handed out; then
    every token out, the board's button "Propose this split"): every move and the line under the
    moves that says what they do lie on the first screen, nothing lies over anything else, and
    the proposals left keep a line of their own under the board's button, clear of its ring."""
    import random

    table = _building(lang)
    width, height = SIZES[size]
    widget = WidgetPage(browser, table, viewport={"width": width, "height": height})
    page = widget.page
    rng = random.Random(0)
    try:
        moments = 0
        for handed in range(30):
            gives = [a["action"] for a in table.view["moves"]["actions"] if a["kind"] == "give"]
            if handed in (0, 1) and gives:
                page.locator("button.kt-hint-button").click()
                widget.relay()
                assert page.locator(".kt-advice-text").count() == 1
            if handed in (0, 1) or not gives:
                seen = page.evaluate(SCREEN_JS)
                moment = f"{size} after {handed} tokens"
                assert seen["scrollY"] == 0, moment
                assert seen["overlaps"] == [], (moment, seen["overlaps"])
                assert seen["line"] is not None, moment
                assert _on_screen(seen["line"]["box"], width, height), (moment, seen["line"])
                off = [m["name"] for m in seen["moves"] if not _on_screen(m["box"], width, height)]
                assert seen["moves"] and off == [], (moment, off)
                moments += 1
            if not gives:
                # every token out: the board's button, and the proposals left under it
                assert seen["propose"] is not None and seen["budget"], (moment, seen)
                # (below its ring too: a dashed ring 5 px out marks it as a piece to click)
                assert min(seen["budget"]) >= seen["propose"]["bottom"] + 5 - 0.5, (moment, seen)
                break
            table.act(rng.choice(gives))
            widget.deliver()
        assert moments == 3
        assert widget.watch.errors() == []
    finally:
        widget.close()
