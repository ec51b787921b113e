"""Dragon's Gold's split as a screen reader says it, in a real browser: the tokens still to
hand out and the buttons and pieces that hand them out are named in words.

What a child with a screen reader heard: every token still to hand out began with "check mark"
("✓1× gold"), picked or not (the tick drawn on the picked one is for the eyes; the picked state
is said by aria-pressed); and the split's buttons and gems said "silver right arrow pile 1".
Now a token's name is its count and colour ("1 gold", no "×"), and a move that hands out a token says
"silver to pile 1" ("Silber in Anteil 1"), "silver to Player 3" ("Silber an Spieler 3"); the
visible buttons still show their short words.

The tables are drawn by their real module and styles in Chromium without JupyterLab
(browser_support.WidgetPage), at 683 x 512 only: what is named and where the focus goes do not
depend on the screen's size (the layout tests check each size).
"""

from __future__ import annotations

import re

import browser_support as bs
import pytest
from browser_support import WidgetPage

pytestmark = pytest.mark.browser

#: the tokens still to hand out (name, pressed, picked), the moves' buttons that hand out a
#: token (action, name) and the pieces that make those moves (move, name)
NAMES_JS = """() => {
  const root = document.querySelector('.kaskaria-table');
  return {
    takes: [...root.querySelectorAll('.kaskaria-dg-take')].map((e) => ({
      name: e.getAttribute('aria-label'), pressed: e.getAttribute('aria-pressed'),
      picked: e.dataset.picked === 'true'})),
    buttons: [...root.querySelectorAll('button.kt-action')]
      .filter((b) => /^(give|put) /.test(b.dataset.action))
      .map((b) => ({action: b.dataset.action, name: b.getAttribute('aria-label'), text: b.textContent.trim()})),
    pieces: [...root.querySelectorAll('[data-kt-piece][data-move]')]
      .filter((p) => /^(give|put) /.test(p.dataset.move))
      .map((p) => ({move: p.dataset.move, name: p.getAttribute('aria-label')})),
  };
}"""

#: a move that hands out a token, in words: "silver to pile 1", "Silber an Spieler 3"
WORDS = {
    "en": {"put": r"^\S+ to pile \d$", "give": r"^\S+ (to Player \d|for you)$"},
    "de": {"put": r"^\S+ in Anteil \d$", "give": r"^\S+ (an Spieler \d|für dich)$"},
}


def _building(lang: str):
    """A person builds a proposal (the basic rules), no token handed out yet."""
    from kaskaria.widgets import DragonsGoldTable

    table = DragonsGoldTable(
        players=3, seats=("human", "easy", "medium"), seed=2026, lang=lang, autoplay=None
    )
    return bs._played_until(table, ("build",))


def _check(page, lang: str) -> dict:
    seen = page.evaluate(NAMES_JS)
    # the tokens still to hand out: their count and colour, never the tick; the picked one
    # says it is pressed
    assert len(seen["takes"]) >= 2, seen
    for take in seen["takes"]:
        assert take["name"] and "✓" not in take["name"], seen["takes"]
        assert re.match(r"^\d+ \S", take["name"]) and "×" not in take["name"], seen["takes"]
        assert take["pressed"] == ("true" if take["picked"] else "false"), seen["takes"]
    assert [t["picked"] for t in seen["takes"]].count(True) == 1, seen["takes"]
    assert page.get_by_role("button", name=re.compile("✓")).count() == 0
    # the moves that hand out a token: a name in words, no arrow; their pieces say the same
    assert seen["buttons"], seen
    for b in seen["buttons"]:
        verb = b["action"].split()[0]
        assert "→" not in b["name"] and re.match(WORDS[lang][verb], b["name"]), b
    named = {b["action"]: b["name"] for b in seen["buttons"]}
    assert seen["pieces"], seen
    for p in seen["pieces"]:
        assert p["name"] == named[p["move"]], (p, named)
    assert page.get_by_role("button", name=re.compile("→")).count() == 0
    return seen


@pytest.mark.parametrize("lang", ["en", "de"])
def test_dividing_into_piles_names_tokens_and_moves_in_words(browser, lang):
    table = bs.divide_and_choose_table(lang, "divide")
    widget = WidgetPage(browser, table, viewport=bs.SMALLEST)
    try:
        seen = _check(widget.page, lang)
        assert any(b["action"].startswith("put ") for b in seen["buttons"]), seen
        assert widget.watch.errors() == []
    finally:
        widget.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_building_a_proposal_names_tokens_and_moves_in_words(browser, lang):
    table = _building(lang)
    widget = WidgetPage(browser, table, viewport=bs.SMALLEST)
    try:
        seen = _check(widget.page, lang)
        assert any(b["action"].startswith("give ") for b in seen["buttons"]), seen
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: how a screen reader begins each share's or pile's sentence: its name and a verb
SAID = {
    "en": {"you": "You get ", "seat": "{label} gets ", "pile": "{label} gives "},
    "de": {"you": "Du bekommst ", "seat": "{label} bekommt ", "pile": "{label} bringt "},
}


def _parts_said(page) -> list[str]:
    """What a screen reader reads first in each share or pile of the split: its first line of
    text (the tokens and gems to click come after it), or, for a share that is a button (its
    click hands out the picked colour), the button's name."""
    said = []
    for part in page.locator(".kaskaria-dg-part").all():
        lines = [line.strip() for line in part.aria_snapshot().splitlines()]
        said.append(
            next(
                line[len("- text: ") :] if line.startswith("- text: ") else line[10:-1]
                for line in lines
                if line.startswith(("- text: ", '- button "'))
            )
        )
    return said


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("mode", ["shares", "piles"])
def test_each_share_says_its_worth_in_a_sentence(browser, lang, mode):
    """A child with a screen reader heard each share as "You 0 points now." (its name and its
    worth run together, no verb): each share now reads as one sentence, "You get 0 points now.",
    "Player 2 gets ...", "Pile 1 gives ..." (German "Du bekommst ...", "Spieler 2 bekommt ...",
    "Anteil 1 bringt ..."), with its whole worth."""
    table = _building(lang) if mode == "shares" else bs.divide_and_choose_table(lang, "divide")
    parts = table.view["board"]["words"]["split"]["parts"]
    widget = WidgetPage(browser, table, viewport=bs.SMALLEST)
    try:
        said = _parts_said(widget.page)
        assert len(said) == len(parts) >= 2, said
        w = SAID[lang]
        for line, p in zip(said, parts, strict=True):
            if mode == "piles":
                lead = w["pile"].format(label=p["label"])
            elif p["label"] in ("You", "Du"):  # the screen's own seat
                lead = w["you"]
            else:
                lead = w["seat"].format(label=p["label"])
            # (a share that is a button goes on with what its click does: "... silver to pile 1")
            assert line == lead + p["worth"] or line.startswith(lead + p["worth"] + " "), (line, p)
        assert widget.watch.errors() == []
    finally:
        widget.close()
