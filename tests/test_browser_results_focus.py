"""The end of a game in a real browser, in all three games and both languages: who won is heard
once, the results can be closed, opened again, and a new game started.

At the end the only live line said "The game is over"; the results (a dialog) were not live and
the focus stayed where it was, so who won was never read out. Now the focus moves to the
results' headline when they open at the game's end, and no live region holds that sentence (it
would be read a second time; the table's message line once held it), nor does the headline
begin with what a live line says (Dragon Battle's began "The game is over", as the line of whose
turn it is said), while what just happened still says the last move. A finished game drawn
afresh does not take the focus.

After the results are closed, the line under the moves ("See the results, or play again.") has
its two ways beside it as buttons, "Results" and "Play again", on the first screen at every
size; the focus goes on to "Results" when the results close (not to the table's first button,
say "Look back", which shows nothing useful at the end), and "Results" opens them again with the
focus on their headline; Escape closes them as Close does. A new game is heard once: one live
region changes (the message; whose turn and what just happened change quietly with it), no two
live lines shown say nearly the same thing, and no symbol ("▶") is read aloud.

The table is drawn by its real module and styles in Chromium without JupyterLab
(browser_support.WidgetPage). Where the focus goes does not depend on the screen's size, so
each game is played once, at 683 x 512 (the smallest screen); the moves' line after Close is
then looked at in each of the three sizes (1280 x 800, 1024 x 768, 683 x 512) by resizing the
page.
"""

from __future__ import annotations

import re

import browser_support as bs
import pytest
from browser_support import WidgetPage

from kaskaria.i18n import text as _t

pytestmark = pytest.mark.browser

SIZES = bs.ONE_SCREEN_SIZES

#: the focused element's text and whether it is in the results, the results' headline, and the
#: text of every live region of the table
SEEN_JS = """() => {
  const root = document.querySelector('.kaskaria-table');
  const live = [...root.querySelectorAll('[aria-live], [role="status"], [role="alert"], [role="log"]')]
    .filter((el) => el.getAttribute('aria-live') !== 'off');
  const head = root.querySelector('.kt-results-headline');
  const now = document.activeElement;
  return {
    focused: now ? now.textContent.trim() : null,
    focusedTag: now ? now.tagName : null,
    inTable: Boolean(now && root.contains(now) && now !== root),
    inResults: Boolean(now && now.closest('.kt-result-host')),
    headline: head ? head.textContent.trim() : null,
    live: live.map((el) => el.textContent.trim()),
    summary: [...root.querySelectorAll('.kt-summary[aria-live], .kt-summary[role]')]
      .map((el) => el.textContent.trim()),
    newest: (() => {
      const lines = [...root.querySelectorAll('.kt-summary-lines li')];
      return lines.length ? lines[lines.length - 1].textContent.trim() : null;
    })(),
  };
}"""

#: the visible buttons of the moves panel: their words, their data-key and whether each lies
#: whole on the first screen (the page scrolled to its top), nothing over it
PANEL_JS = """() => {
  window.scrollTo(0, 0);
  const root = document.querySelector('.kaskaria-table');
  const panel = root.querySelector('.kt-moves-panel');
  const wait = panel.querySelector('.kt-wait');
  return {
    wait: wait ? wait.textContent.trim() : null,
    buttons: [...panel.querySelectorAll('button')].filter((b) => b.getClientRects().length > 0)
      .map((b) => {
        const r = b.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return {text: b.textContent.trim(), key: b.dataset.key,
                onScreen: r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight
                          && r.right <= window.innerWidth && Boolean(hit && b.contains(hit))};
      }),
  };
}"""


def _table(game: str, lang: str):
    from kaskaria.widgets import DragonBattleTable, DragonsGoldTable, HeroesTable

    if game == "dragon-battle":
        return DragonBattleTable(
            players=3, seats=("human", "easy", "easy"), seed=2, lang=lang, autoplay=None
        )
    if game == "heroes":
        return HeroesTable(seats=("human", "easy"), seed=2, lang=lang, autoplay=None)
    return DragonsGoldTable(
        players=3, seats=("human", "easy", "easy"), seed=1, lang=lang, autoplay=None
    )


def _play_to_the_end(table, widget) -> None:
    """A person's moves (the last legal one) and the bots' steps by Next up to the game's end;
    the page is drawn at the step before the end, then shown the end (what the end does is the
    point here: every view on the way is drawn by the tests that play whole games)."""
    for _ in range(3000):
        view = table.view
        if view["turn"]["to_move"] == "over":
            break
        moves = view["moves"]["actions"]
        waiting = widget.pending
        if view["turn"]["to_move"] == "human" and moves:
            table.act(moves[-1]["action"])
        else:
            table.next()
        if table.state.is_terminal():
            # the view before the last step, drawn, then the end as it comes
            widget.deliver(latest_only=True, upto=waiting)
            widget.deliver()
    assert table.view["turn"]["to_move"] == "over"


#: the text of every live region of the table that is shown (a hidden one is not read)
SHOWN_LIVE_JS = """() => {
  const root = document.querySelector('.kaskaria-table');
  return [...root.querySelectorAll('[aria-live], [role="status"], [role="alert"], [role="log"]')]
    .filter((el) => el.getAttribute('aria-live') !== 'off' && el.getClientRects().length > 0)
    .map((el) => el.textContent.trim()).filter((text) => text);
}"""


#: from now on, every live region of the table (live when it changes) whose text changes
WATCH_LIVE_JS = """() => {
  const root = document.querySelector('.kaskaria-table');
  const live = (el) => el.matches('[aria-live], [role="status"], [role="alert"], [role="log"]')
    && el.getAttribute('aria-live') !== 'off';
  window.ktHeard = new Set();
  window.ktWatch = new MutationObserver((records) => {
    for (const r of records) {
      let el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      while (el && root.contains(el) && !live(el)) el = el.parentElement;
      if (el && root.contains(el)) window.ktHeard.add(el);
    }
  });
  window.ktWatch.observe(root, {subtree: true, childList: true, characterData: true});
}"""

#: the text of each live region that changed since WATCH_LIVE_JS, shown and not empty (what a
#: screen reader announces)
HEARD_JS = """() => {
  window.ktWatch.disconnect();
  return [...window.ktHeard].filter((el) => el.getClientRects().length > 0)
    .map((el) => el.textContent.trim()).filter((text) => text);
}"""

#: every text of the table holding a symbol (an arrow, a star, a tick) that a screen reader
#: would read aloud: outside an element hidden from it
SYMBOLS_READ_JS = """() => {
  const root = document.querySelector('.kaskaria-table');
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const read = [];
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    if (/[\u25b6\u25c0\u2713\u2605]/.test(node.textContent) && !node.parentElement.closest('[aria-hidden="true"]')) {
      read.push(node.parentElement.outerHTML.slice(0, 200));
    }
  }
  return read;
}"""


def _alike(one: str, other: str) -> bool:
    """Two sentences nearly alike: most words (of four letters or more) of the shorter are in
    the other."""
    words = [{w for w in re.findall(r"\w+", s.lower()) if len(w) >= 4} for s in (one, other)]
    shorter = min(words, key=len)
    return bool(shorter) and len(words[0] & words[1]) >= 0.5 * len(shorter)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", ["dragons-gold", "heroes", "dragon-battle"])
def test_who_won_is_heard_once_and_the_results_open_again(browser, game, lang):
    table = _table(game, lang)
    widget = WidgetPage(browser, table, viewport=bs.SMALLEST)
    page = widget.page
    try:
        _play_to_the_end(table, widget)
        # no symbol is read aloud (Dragon Battle's rescued residents: "4★" is read "4 stars")
        assert page.evaluate(SYMBOLS_READ_JS) == []
        seen = page.evaluate(SEEN_JS)
        headline = table.view["result"]["headline"]
        assert headline and seen["headline"] == headline, seen
        # the screen reader reads the focused headline: who won, once
        assert seen["inResults"] and seen["focused"] == headline, seen
        assert not [text for text in seen["live"] if headline.rstrip(".") in text], seen
        # nor does the headline begin with what a live line says ("The game is over"): heard once
        said = [text.rstrip(".") for text in seen["live"] if text]
        assert not [text for text in said if headline.startswith(text)], seen
        # the last step is still announced: the newest line of what just happened, in its live
        # region
        assert seen["summary"] and seen["newest"] and seen["newest"] in seen["summary"][0], seen

        # closing the results: the focus goes on to "Results", the way back to what was closed
        results, again = _t("core", "shell.results", lang), _t("core", "shell.play_again", lang)
        close = page.locator(".kt-results-close")
        close.focus()
        close.press("Enter")
        seen = page.evaluate(SEEN_JS)
        assert seen["inTable"] and not seen["inResults"], seen
        assert seen["focusedTag"] == "BUTTON" and seen["focused"] == results, seen
        # the line under the moves with its two ways, whole on the first screen at every size
        for size, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            panel = page.evaluate(PANEL_JS)
            assert panel["wait"] == _t("core", "shell.game_over_hint", lang), (size, panel)
            shown = {b["text"]: b for b in panel["buttons"]}
            assert results in shown and again in shown, (size, panel)
            assert shown[results]["onScreen"] and shown[again]["onScreen"], (size, panel)
        page.set_viewport_size(bs.SMALLEST)
        # "Results" opens them again, the focus on their headline
        page.locator('[data-key="results-open"]').press("Enter")
        seen = page.evaluate(SEEN_JS)
        assert seen["inResults"] and seen["focused"] == headline, seen
        # Escape closes them as Close does, the focus on "Results" again
        page.keyboard.press("Escape")
        seen = page.evaluate(SEEN_JS)
        assert seen["inTable"] and not seen["inResults"], seen
        assert seen["focusedTag"] == "BUTTON" and seen["focused"] == results, seen
        assert not page.locator(".kt-result-host").is_visible()
        page.locator('[data-key="results-open"]').press("Enter")
        assert page.evaluate(SEEN_JS)["focused"] == headline
        # closed again, "Play again" beside the line starts a new game
        page.locator(".kt-results-close").click()
        page.evaluate(WATCH_LIVE_JS)
        page.locator('[data-key="play-again-after"]').click()
        widget.relay()
        assert table.view["turn"]["to_move"] != "over" and table.view["result"] is None
        seen = page.evaluate(SEEN_JS)
        assert seen["inTable"], seen
        # the new game is one announcement, the message's (whose turn and what just happened
        # changed with it, three live lines at once), and no symbol is read aloud ("▶ Your
        # turn")
        heard = page.evaluate(HEARD_JS)
        message = table.view["message"]
        assert heard == [message["prompt"] or message["text"]], heard
        assert page.evaluate(SYMBOLS_READ_JS) == []
        # the new game is heard once: no two live lines shown say nearly the same thing (Dragon's
        # Gold's line over the adventurers repeated the message's "send an adventurer")
        said = page.evaluate(SHOWN_LIVE_JS)
        for i, one in enumerate(said):
            for other in said[i + 1 :]:
                assert not _alike(one, other), said
        assert widget.watch.errors() == []
    finally:
        widget.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_finished_game_drawn_again_does_not_take_the_focus(browser, lang):
    """A finished game drawn afresh (a notebook opened again): the results show, the focus stays
    where it was."""
    table = _table("dragons-gold", lang)
    first = WidgetPage(browser, table, viewport={"width": 1024, "height": 768})
    try:
        _play_to_the_end(table, first)
    finally:
        first.close()
    widget = WidgetPage(browser, table, viewport={"width": 1024, "height": 768})
    try:
        seen = widget.page.evaluate(SEEN_JS)
        assert seen["headline"] == table.view["result"]["headline"], seen
        assert not seen["inResults"], seen
        assert widget.watch.errors() == []
    finally:
        widget.close()
