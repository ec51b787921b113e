"""Dragon's Gold's "No deal" asks first, in a real browser: while it asks, the line above the
moves says to make sure, not the prompt's "accept or refuse the proposal" the child has just
answered; "Back" (or Escape) brings the prompt back, the focus on "No deal" again; the question
goes when the table moves on to a new decision while it stands (a child saw it stay when the
hourglass ran out, over the next decision's prompt).

What a child saw: a click on "No deal" showed "No deal means nobody gets this treasure: it leaves
the game." with "No deal: Yes, I am sure" and "Back", while the line above still said "Player 1:
accept or refuse the proposal.".

The table is drawn by its real module and styles in Chromium without JupyterLab
(browser_support.WidgetPage), at 683 x 512 only: the words do not depend on the screen's size.
"""

from __future__ import annotations

import browser_support as bs
import pytest
from browser_support import WidgetPage

pytestmark = pytest.mark.browser

MESSAGE_JS = "() => document.querySelector('.kaskaria-table .kt-message').textContent.trim()"

SURE = {
    "en": "First make sure: choose “Yes, I am sure” or “Back”.",
    "de": "Erst ganz sicher sein: Wähle „Ja, ganz sicher“ oder „Zurück“.",
}


def _answering(lang: str, phase: str = "build"):
    """A three-person table (seed 5) played by its first moves (never "No deal") until a person
    decides in ``phase`` ("build": hands out a treasure; "answer": answers a proposal), with "No
    deal" among the moves."""
    from kaskaria.widgets import DragonsGoldTable

    table = DragonsGoldTable(players=3, seats=("human",) * 3, seed=5, lang=lang, autoplay=None)
    for _ in range(400):
        if table.passing:
            table.pass_device()
        actions = table.view["moves"]["actions"]
        offered = [a for a in actions if a["kind"] != "no"]
        if len(offered) < len(actions) and table.view["turn"]["phase"] == phase:
            return table
        if not actions:
            table.next()
            continue
        # build and propose at once: the first "give" moves, then "propose"
        table.act(offered[0]["action"])
    raise AssertionError(f"no {phase} with 'No deal' in 400 steps")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_deal_asks_first_and_the_line_above_says_to_make_sure(browser, lang):
    table = _answering(lang)
    prompt = table.view["message"]["prompt"]
    assert prompt and "no deal" not in prompt.lower()
    widget = WidgetPage(browser, table, viewport=bs.SMALLEST)
    page = widget.page
    try:
        assert page.evaluate(MESSAGE_JS) == prompt
        no_deal = page.locator("button.kt-action.kaskaria-dg-no")
        for leave in ("Back", "Escape"):
            version = table.view["version"]
            no_deal.click()
            assert page.locator(".kt-confirm-yes").is_visible()
            assert page.evaluate(MESSAGE_JS) == SURE[lang]
            if leave == "Back":
                page.locator("button.kt-confirm-back").click()
            else:
                page.keyboard.press("Escape")
            assert page.evaluate(MESSAGE_JS) == prompt  # the prompt again, nothing sent
            assert widget.relay() == [] and table.view["version"] == version
            # the focus back on "No deal", where it was (not on the table, then "Hint")
            assert page.evaluate("() => document.activeElement.dataset.action") == "no deal"
        no_deal.click()
        page.locator(".kt-confirm-yes").click()
        widget.relay()
        assert page.evaluate(MESSAGE_JS) != SURE[lang]  # the move made: the next prompt
        assert widget.watch.errors() == []
    finally:
        widget.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_question_goes_when_the_table_moves_on_to_a_new_decision(browser, lang):
    """A child answering a proposal pressed "No deal" and waited: the hourglass ran out and
    refused for them, the table moved on to their own proposal (which offers "No deal" too), and
    the question stayed over the new prompt; "Yes, I am sure" then said "no deal" to the new
    decision. The question now goes with the decision it was asked in."""
    table = _answering(lang, "answer")
    widget = WidgetPage(browser, table, viewport=bs.SMALLEST)
    page = widget.page
    try:
        page.locator("button.kt-action.kaskaria-dg-no").click()
        assert page.evaluate(MESSAGE_JS) == SURE[lang]
        table.act("refuse")  # as the hourglass does for a person who has not answered
        while table.passing or not table.view["moves"]["actions"]:
            table.pass_device() if table.passing else table.next()
        widget.deliver()
        assert "no deal" in [a["action"] for a in table.view["moves"]["actions"]]
        assert not page.locator(".kt-confirm-yes").count()
        assert page.evaluate(MESSAGE_JS) == table.view["message"]["prompt"]
        assert widget.watch.errors() == []
    finally:
        widget.close()
