"""The apps' pages in Voila, each game in English and German, each page opened once for the
checks below (a page of Voila runs its notebook in a kernel of its own: opening it costs several
seconds of a core, the checks a fraction of that).

- "How to play" comes first in tab order, where it is drawn: at the top right, above the table.
  A keyboard child pressing Tab from the page's start reaches it before any part of the table,
  then the table's own controls in their order, header first. (A child tester once found it
  after the whole table.) At 1280 x 800 and at 683 x 512 (where it is a round "?"). The
  notebook's tip for JupyterLab on a small screen is not shown in the app (it has the whole
  window).
- No word of the rules panel breaks inside, at 1280 x 800, 1024 x 768 and 683 x 512: a child
  once read "toget/her" and "Vorschl/äge" in the rules (the labels' column was 48 px)."""

from __future__ import annotations

import browser_support as bs
import pytest
from test_browser_whole_words import BROKEN_JS

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


#: the rules panel's words: the variant, the help lines, each option's label and value
RULES_WORDS = ".kt-panel-rules p, .kt-panel-rules dt, .kt-panel-rules dd"
#: the same check for running text, where a word may break after its own hyphen
#: ("Zieh-/zwei-Karte"), as a printed rule book breaks it, but nowhere else
BROKEN_RULES_JS = BROKEN_JS.replace("/\\S+/g", "/[^\\s-]+-?/g")
assert BROKEN_RULES_JS != BROKEN_JS

#: the sizes of the tab-order check, each in turn on the same page
SIZES = {"1280x800": (1280, 800), "683x512": (683, 512)}


@pytest.fixture(
    scope="module",
    params=[(a, lang) for a in APPS for lang in ("en", "de")],
    ids=lambda p: f"{p[0].removesuffix('.ipynb')}-{p[1]}",
)
def app_page(browser, apps_server, request):
    """The app ``request.param`` (its notebook, its language) opened in Voila at 1280 x 800, its
    table drawn; shared by this module's tests, which run on it in their order.
    Yields (page, watch, path)."""
    app, lang = request.param
    path = app if lang == "en" else f"de/{app}"
    page = browser.context.new_page()
    watch = bs.PageWatch().attach(page)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{apps_server.url}voila/render/{path}")
    page.locator(TABLE).first.wait_for(timeout=120_000)
    yield page, watch, path
    page.close()


def test_how_to_play_comes_first_in_tab_order(app_page):
    page, watch, path = app_page
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


def test_no_word_of_the_rules_panel_breaks_inside(app_page):
    page, watch, path = app_page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.locator("button.kt-tab-rules").first.click()
    page.locator(".kt-panel-rules dt").first.wait_for()
    for width, height in ((1280, 800), (1024, 768), (683, 512)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
        found = page.evaluate(BROKEN_RULES_JS, RULES_WORDS)
        labels = page.locator(".kt-panel-rules dt").count()
        assert labels >= 2, f"{path} {width} x {height}: only {labels} option labels shown"
        assert found["broken"] == [], f"{path} {width} x {height}: {found['broken']}"
    name = path.replace("/", "-").removesuffix(".ipynb")
    bs.element_screenshot(page, page.locator("body"), f"whole-words-rules-{name}-683x512.png")
    assert watch.errors() == [], watch.errors()
