"""The newest line of "What just happened" is whole and in view, where children play.

Each game's app (notebooks/play-*.ipynb) is opened in Voila and played by clicks: a person's
moves chosen at random (seeded), the bots' steps by "Next step" with Autoplay off, so that each
moment holds still while it is measured. At a bot's step, and at a person's decision, the window
is set to 1280 x 800, then 1024 x 768, then 683 x 512 (a laptop switched to a projector: the box
wraps its lines anew at each width), and at each size the newest line of the box must lie whole
inside the box (scrolled to, not cut by its edges) and inside the window. A child once saw it cut
in half at 1024 x 768, and only one or two lines at 683 x 512. The same is measured in
JupyterLab's notebook view, its file browser open.
"""

from __future__ import annotations

import random

import browser_support as bs
import pytest

pytestmark = pytest.mark.browser

APPS = {
    "dragon-battle": "play-dragon-battle.ipynb",
    "heroes": "play-heroes.ipynb",
    "dragons-gold": "play-dragons-gold.ipynb",
}
#: in the order a laptop is switched to a projector
SIZES = {"1280x800": (1280, 800), "1024x768": (1024, 768), "683x512": (683, 512)}
TABLE = bs.APP_TABLE
#: the moments measured in each game: bots' steps and a person's decisions
BOT_MOMENTS = 3
PERSON_MOMENTS = 2

#: where the newest line of "what just happened" is, where its box shows lines, and the part of
#: the window that shows the table (the window; in JupyterLab the notebook's view, scrolled first
#: to the table's top as a child scrolls to it); measured a frame after the window's size changed
#: (the box is fitted again when its width changes)
NEWEST_JS = """async (lab) => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  await frame();
  await frame();
  const root = document.querySelector('.kaskaria-table[data-version]');
  const list = root && root.querySelector('.kt-summary-lines');
  if (!list || !list.lastElementChild) return null;
  let view = {top: 0, bottom: window.innerHeight};
  if (lab) {
    const outer = root.closest('.jp-WindowedPanel-outer');
    outer.scrollTop += root.getBoundingClientRect().top - outer.getBoundingClientRect().top;
    await frame();
    const v = outer.getBoundingClientRect();
    view = {top: Math.max(v.top, 0), bottom: Math.min(v.bottom, window.innerHeight)};
  }
  const b = list.getBoundingClientRect();
  const line = list.lastElementChild.getBoundingClientRect();
  return {
    text: list.lastElementChild.textContent.trim().slice(0, 50),
    box: {top: b.top + list.clientTop, bottom: b.top + list.clientTop + list.clientHeight},
    line: {top: line.top, bottom: line.bottom},
    view,
  };
}"""


def newest_line_hidden(m: dict) -> list[str]:
    """How the newest line is cut or out of view (empty: whole and in view)."""
    found = []
    box, line = m["box"], m["line"]
    if line["top"] < box["top"] - 0.5 or line["bottom"] > box["bottom"] + 0.5:
        found.append(
            f"cut by its box ({line['top']:.0f}-{line['bottom']:.0f} in"
            f" {box['top']:.0f}-{box['bottom']:.0f})"
        )
    view = m["view"]
    if line["top"] < view["top"] - 0.5 or line["bottom"] > view["bottom"] + 0.5:
        found.append(f"out of view ({line['top']:.0f}-{line['bottom']:.0f})")
    return found


def test_the_measure_finds_a_newest_line_cut_or_out_of_view():
    box = {"top": 100, "bottom": 220}
    whole = {"box": box, "line": {"top": 180, "bottom": 220}, "view": {"top": 0, "bottom": 768}}
    assert newest_line_hidden(whole) == []
    half = dict(whole, line={"top": 205, "bottom": 245})
    assert newest_line_hidden(half) == ["cut by its box (205-245 in 100-220)"]
    below = dict(whole, box={"top": 480, "bottom": 560}, line={"top": 500, "bottom": 540})
    assert newest_line_hidden(dict(below, view={"top": 0, "bottom": 512})) == [
        "out of view (500-540)"
    ]
    assert newest_line_hidden(dict(below, view={"top": 91, "bottom": 600})) == []


def measure_while_playing(page, app: str, *, lab: bool = False) -> list[str]:
    """Play ``app`` (Autoplay off, the person's moves at random, seeded) and measure the newest
    line at every size at the first bots' steps and a person's first decisions that show a line;
    what was cut or out of view."""
    table = page.locator(TABLE).first
    autoplay = page.locator('button.kt-autoplay[aria-pressed="true"]')
    if autoplay.count():
        before = bs.app_version(page)
        autoplay.click()
        bs.wait_new_view(page, before)
    rng = random.Random(app)
    counted = {"bot": 0, "human": 0}
    wanted = {"bot": BOT_MOMENTS, "human": PERSON_MOMENTS}
    problems = []
    for _ in range(400):
        to_move = table.get_attribute("data-to-move")
        if to_move == "over" or counted == wanted:
            break
        who = "human" if to_move == "human" else "bot"
        if counted[who] < wanted[who] and page.evaluate(NEWEST_JS, lab):
            counted[who] += 1
            for size, (w, h) in SIZES.items():
                page.set_viewport_size({"width": w, "height": h})
                m = page.evaluate(NEWEST_JS, lab)
                hidden = newest_line_hidden(m)
                if hidden:
                    problems.append(f"{app} {who} {size} {m['text']!r}: {hidden}")
            page.set_viewport_size({"width": 1280, "height": 800})
        before = bs.app_version(page)
        if who == "human":
            toggle = page.locator('button.kaskaria-hk-ways-toggle[aria-expanded="false"]')
            actions = page.locator("button.kt-action:not([disabled]):visible")
            if not actions.count() and toggle.count():
                toggle.first.click()
                continue
            actions.nth(rng.randrange(actions.count())).click()
            confirm = page.locator("button.kt-confirm-yes")
            if confirm.count():
                confirm.click()
        else:
            page.locator("button.kt-next:not([disabled]):visible").first.click()
        bs.wait_new_view(page, before)
    assert counted == wanted, (app, counted)
    return problems


@pytest.mark.parametrize("app", list(APPS))
def test_the_newest_line_is_whole_and_in_view_at_every_size(new_page, apps_server, app):
    page, watch = new_page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{apps_server.url}voila/render/{APPS[app]}")
    page.locator(TABLE).first.wait_for(timeout=120_000)
    problems = measure_while_playing(page, app)
    assert problems == [], "\n".join(problems)
    assert watch.errors() == [], watch.errors()


@pytest.mark.parametrize(
    "app",
    # the quick run: Dragon's Gold, whose steps say the most (the page's code is one for all three
    # games, each measured in the apps above); the soak: the others too
    [a if a == "dragons-gold" else pytest.param(a, marks=pytest.mark.soak) for a in APPS],
)
def test_the_newest_line_is_whole_and_in_view_in_jupyterlab(lab_server, lab_page, app):
    """The same in JupyterLab's notebook view, its file browser open (a fresh Lab's layout):
    at 683 x 512 the table is narrow and puts what just happened first."""
    page, watch = lab_page
    page.set_viewport_size({"width": 1280, "height": 800})
    bs.open_notebook(page, lab_server, APPS[app])
    bs.run_all_cells(page)
    page.locator(TABLE).first.wait_for()
    bs.wait_scroll_settled(page)
    problems = measure_while_playing(page, app, lab=True)
    assert problems == [], "\n".join(problems)
    assert watch.errors() == [], watch.errors()
