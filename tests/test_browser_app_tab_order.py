"""In the apps, "How to play" comes first in tab order, where it is drawn: at the top right,
above the table. A keyboard child pressing Tab from the page's start reaches it before any part
of the table, then the table's own controls in their order, header first. (A child tester once
found it after the whole table.) Voila, each game in English and German, at 1280 x 800 and at
683 x 512 (where it is a round "?"). The notebook's tip for JupyterLab on a small screen is not
shown in the app (it has the whole window)."""

from __future__ import annotations

import browser_support as bs
import pytest

pytestmark = pytest.mark.browser

APPS = ("play-dragon-battle.ipynb", "play-heroes.ipynb", "play-dragons-gold.ipynb")
TABLE = bs.APP_TABLE

#: where the focus is: "how to play", a part of the table (its header or not), or elsewhere
FOCUS_JS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return 'page';
  if (el.matches('.jp-MarkdownCell details > summary')) return 'how to play';
  const table = el.closest('.kaskaria-table');
  if (!table) return 'other';
  return table.querySelector('.kt-header').contains(el) ? 'table header' : 'table';
}"""


#: the sizes, each in turn on the same page (the app opened once: a page of Voila runs its
#: notebook in a kernel of its own)
SIZES = {"1280x800": (1280, 800), "683x512": (683, 512)}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("app", APPS)
def test_how_to_play_comes_first_in_tab_order(new_page, apps_server, app, lang):
    page, watch = new_page
    path = app if lang == "en" else f"de/{app}"
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{apps_server.url}voila/render/{path}")
    page.locator(TABLE).first.wait_for(timeout=120_000)
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("(w) => window.innerWidth === w", arg=width)
        # back to the page's start, as on a page just opened: nothing focused, and the next Tab
        # starts from the top left corner (a click there, on the page itself)
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        page.mouse.click(1, 1)
        assert page.evaluate(FOCUS_JS) == "page", (path, size)
        order = []
        for _ in range(4):
            page.keyboard.press("Tab")
            where = page.evaluate(FOCUS_JS)
            if not order or order[-1] != where:
                order.append(where)
        assert order[:2] == ["how to play", "table header"], (path, size, order)
        # the notebook's tip for JupyterLab (close the side bar) is not shown in the app
        assert not page.locator(".jp-MarkdownCell").first.get_by_text("JupyterLab").is_visible()
    assert watch.errors() == [], watch.errors()
