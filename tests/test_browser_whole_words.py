"""No word of a badge or a label breaks inside, on a projector at 150 % (683 x 512).

The German Dragon Battle app is opened in Voila at 683 x 512 and played by clicks (a person's
moves at random, seeded; the bots' by "Next step", Autoplay off) until a dragon has been scared
("erschreckt") on several views. At every view each word of the table's badges and labels (the
scared badge, the dragons' colour names, the boxes' titles, the players' names, the turn badge)
must lie on one line: a child once read "er-" and "schreckt" on two lines. A resident's name
inside a tiny card may break where its syllables allow ("Schnei-derin"): it is not a label.
"""

from __future__ import annotations

import random

import browser_support as bs
import pytest

pytestmark = pytest.mark.browser

TABLE = bs.APP_TABLE
LABELS = (
    ".kaskaria-db-scared-tag, .kaskaria-db-dragon-colour, .kaskaria-db-box-title,"
    " .kt-player-name, .kt-turn"
)
#: views with a scared dragon that are measured
SCARED_VIEWS = 4

#: each word of the badges and labels shown that lies on more than one line (a word's piece on
#: each line is a box of its own), and whether a dragon is scared now
BROKEN_JS = """(labels) => {
  const root = document.querySelector('.kaskaria-table[data-version]');
  const broken = [];
  for (const el of root.querySelectorAll(labels)) {
    if (!el.getClientRects().length) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0)
          .map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(`${el.className.split(' ')[0]}: ${m[0].replace(/\\u00ad/g, '')}`);
      }
    }
  }
  // kept whole, a badge must still show all of it: not cut by its own box nor run past its
  // dragon's card
  const wide = [...root.querySelectorAll('.kaskaria-db-scared-tag')].filter((tag) => {
    const t = tag.getBoundingClientRect();
    const card = tag.closest('.kaskaria-db-dragon').getBoundingClientRect();
    return tag.scrollWidth > tag.clientWidth + 0.5 || t.left < card.left - 0.5
      || t.right > card.right + 0.5;
  }).map((tag) => `cut: ${tag.textContent} (${tag.scrollWidth} px in ${tag.clientWidth} px, `
    + `${getComputedStyle(tag).font})`);
  return {broken: broken.concat(wide), scared: root.querySelectorAll('.kaskaria-db-scared-tag').length};
}"""


def test_no_word_of_a_badge_or_label_breaks_in_german_dragon_battle_at_683(new_page, apps_server):
    page, watch = new_page
    page.set_viewport_size({"width": 683, "height": 512})
    page.goto(f"{apps_server.url}voila/render/de/play-dragon-battle.ipynb")
    table = page.locator(TABLE).first
    table.wait_for(timeout=120_000)
    autoplay = page.locator('button.kt-autoplay[aria-pressed="true"]')
    if autoplay.count():
        before = bs.app_version(page)
        autoplay.click()
        bs.wait_new_view(page, before)
    rng = random.Random("whole words")
    broken: set[str] = set()
    scared = 0
    for _ in range(600):
        to_move = table.get_attribute("data-to-move")
        if to_move == "over" or scared >= SCARED_VIEWS:
            break
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
        found = page.evaluate(BROKEN_JS, LABELS)
        broken.update(found["broken"])
        scared += bool(found["scared"])
        before = bs.app_version(page)
        if to_move == "human":
            actions = page.locator("button.kt-action:not([disabled]):visible")
            actions.nth(rng.randrange(actions.count())).click()
        else:
            page.locator("button.kt-next:not([disabled]):visible").first.click()
        bs.wait_new_view(page, before)
    bs.element_screenshot(page, page.locator("body"), "whole-words-db-de-683x512.png")
    assert scared >= SCARED_VIEWS, f"a scared dragon was seen on {scared} views only"
    assert sorted(broken) == []
    assert watch.errors() == [], watch.errors()


def test_the_measure_finds_a_word_broken_inside_and_lets_a_soft_hyphen_break(new_page):
    """``broken_words`` (the apps' and JupyterLab's check) finds "Yellow" broken letter by letter
    in a box too narrow for it, and not "Prin-cess" broken at its soft hyphen, nor a hidden word,
    nor words on lines of their own."""
    page, _ = new_page
    page.set_content(
        "<div class='kaskaria-table' style='font: 20px sans-serif'>"
        "<p class='cut' style='width: 40px; overflow-wrap: anywhere'>Yellow</p>"
        "<p class='soft' style='width: 50px; hyphens: manual'>Prin\u00adcess</p>"
        "<p class='lines' style='width: 60px'>one two three</p>"
        "<p class='hidden' style='display: none; width: 10px'>Purple</p></div>"
    )
    assert bs.broken_words(page) == ["cut: Yellow"]
    page.set_content("<div class='kaskaria-table'><p>Yellow</p></div>")
    assert bs.broken_words(page) == []
