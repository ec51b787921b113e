"""After the results are closed, in a real browser, in all three games and both languages: the
line under the moves ("See the results, or play again.") has its two ways beside it as buttons,
"Results" and "Play again", on the first screen; the focus goes on to "Results" when the results
close (not to the table's first button, say "What if?", which shows nothing useful at the end),
and "Results" opens them again with the focus on their headline. Escape closes them as Close does.

The table is drawn by its real module and styles in Chromium without JupyterLab
(browser_support.WidgetPage), at 1280 x 800, 1024 x 768 and 683 x 512.
"""

from __future__ import annotations

import re

import browser_support as bs
import pytest
from browser_support import WidgetPage
from test_browser_results_focus import SEEN_JS, _play_to_the_end, _table

from kaskaria.i18n import text as _t

pytestmark = pytest.mark.browser

SIZES = bs.ONE_SCREEN_SIZES

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


#: the text of every live region of the table that is shown (a hidden one is not read)
SHOWN_LIVE_JS = """() => {
  const root = document.querySelector('.kaskaria-table');
  return [...root.querySelectorAll('[aria-live], [role="status"], [role="alert"], [role="log"]')]
    .filter((el) => el.getAttribute('aria-live') !== 'off' && el.getClientRects().length > 0)
    .map((el) => el.textContent.trim()).filter((text) => text);
}"""


def _alike(one: str, other: str) -> bool:
    """Two sentences nearly alike: most words (of four letters or more) of the shorter are in
    the other."""
    words = [{w for w in re.findall(r"\w+", s.lower()) if len(w) >= 4} for s in (one, other)]
    shorter = min(words, key=len)
    return bool(shorter) and len(words[0] & words[1]) >= 0.5 * len(shorter)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", ["dragons-gold", "heroes", "dragon-battle"])
def test_closed_results_open_again_and_play_again(browser, game, lang, size):
    table = _table(game, lang)
    width, height = SIZES[size]
    widget = WidgetPage(browser, table, viewport={"width": width, "height": height})
    page = widget.page
    try:
        _play_to_the_end(table, widget)
        headline = table.view["result"]["headline"]
        results, again = _t("core", "shell.results", lang), _t("core", "shell.play_again", lang)
        close = page.locator(".kt-results-close")
        close.focus()
        close.press("Enter")
        seen = page.evaluate(SEEN_JS)
        # the focus goes on to "Results", the way back to what was just closed
        assert seen["inTable"] and not seen["inResults"], seen
        assert seen["focusedTag"] == "BUTTON" and seen["focused"] == results, seen
        panel = page.evaluate(PANEL_JS)
        assert panel["wait"] == _t("core", "shell.game_over_hint", lang), panel
        shown = {b["text"]: b for b in panel["buttons"]}
        assert results in shown and again in shown, panel
        assert shown[results]["onScreen"] and shown[again]["onScreen"], panel
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
        page.locator('[data-key="play-again-after"]').click()
        widget.relay()
        assert table.view["turn"]["to_move"] != "over" and table.view["result"] is None
        seen = page.evaluate(SEEN_JS)
        assert seen["inTable"], seen
        # the new game is heard once: no two live lines shown say nearly the same thing (Dragon's
        # Gold's line over the adventurers repeated the message's "send an adventurer")
        said = page.evaluate(SHOWN_LIVE_JS)
        for i, one in enumerate(said):
            for other in said[i + 1 :]:
                assert not _alike(one, other), said
        assert widget.watch.errors() == []
    finally:
        widget.close()
