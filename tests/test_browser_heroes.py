"""The Heroes of Kaskaria table in a real browser: the rules notebook's full game, played by clicks.

JupyterLab runs on a temporary copy of notebooks/; Chromium opens 03-heroes-rules.ipynb, runs all
cells, and on the last table (Player 1 against the planner and the greedy bot, seed 12: Player 1
is dealt a set with a "+2" card, which tests/test_lessons_heroes.py checks) plays by clicks:
autoplay off, **Draw from the pile**, the bots' turns with **Next step**, then a set with its "+2"
card, and for each "+2" draw the card's source (display place 1, then the draw pile). After every
click the page must agree with the notebook's own kernel (the table's ``view["status"]``, phase,
player, and the buttons the legal actions), the hand on the page must be the kernel's hand of
Player 1, and no card of another hand that Player 1 has not seen may be anywhere in the table's
HTML. The page must log no JavaScript error. Screenshots go to test-artifacts/, the click-to-redraw
times to test-artifacts/browser_timings.txt and the terminal summary.
"""

from __future__ import annotations

import json

import browser_support as bs
import pytest

pytestmark = pytest.mark.browser

NOTEBOOK = "03-heroes-rules.ipynb"
HUMAN = 0
ROOT = ".kaskaria-table.kaskaria-hk[data-version]"  # the live table (the static picture has none)
MAX_CLICKS = 60  # a safety stop for the bots' turns

# Console messages known to be harmless and not from our code. Empty: none seen so far. Each entry
# must say where the message comes from.
HARMLESS_CONSOLE_ERRORS: tuple[str, ...] = ()

KERNEL_STATE_CODE = """
import json as _json
from kaskaria.heroes.engine import card_word as _card_word
_s = table.state
_obs = _s.observation(0)
_seen = {n for h in _obs["hands"] if h for n in h}
_seen |= {n for k in _obs["known"] for n in k} | {n for n in _obs["display"] if n}
_seen |= set(_obs["discard"]) | set(_obs["played"])
_lines = " ".join(table.match.lines(0))
_secret = sorted(
    {_s.game.kind_names[k] for p, h in enumerate(_s.hands) if p != 0 for k in h}
    - _seen
)
_secret = [n for n in _secret if n not in _lines]
print(_json.dumps({
    "text": table.view["status"],
    "version": table.view["version"],
    "phase": _s.phase,
    "player": _s.player,
    "to_move": table.view["turn"]["to_move"],
    "draws_left": _s.draws_left,
    "hand": sorted(_obs["hands"][0]),
    "discard": len(_obs["discard"]),
    "legal": [str(a) for a in _s.legal_actions()] if table.view["turn"]["to_move"] == "human" else [],
    "secret": _secret,
    "secret_words": [_card_word(*n.split(), table.lang) for n in _secret],
    "autoplay": table.autoplay,
}))
"""


class Table:
    """The last Heroes of Kaskaria table on the page, read through the widget's DOM hooks."""

    def __init__(self, page):
        self.page = page
        self.root = page.locator(ROOT).last

    def attrs(self) -> dict:
        return self.root.evaluate(
            """(el) => ({
                version: el.getAttribute('data-version'),
                phase: el.getAttribute('data-phase'),
                player: el.getAttribute('data-player'),
                status: (el.querySelector('.kaskaria-hk-status')?.textContent || '').trim(),
                actions: [...el.querySelectorAll('button.kaskaria-hk-action')]
                    .filter((b) => !b.disabled).map((b) => b.dataset.action),
                hand: [...el.querySelectorAll('.kaskaria-hk-hand .kaskaria-hk-card')]
                    .map((c) => c.dataset.card).sort(),
                html: el.outerHTML,
            })"""
        )

    def action_button(self, action: str):
        return self.root.locator(f'button.kaskaria-hk-action[data-action="{action}"]')

    def control(self, name: str):
        return self.root.locator(f"button.kaskaria-hk-{name}")


def kernel_state(page) -> dict:
    return json.loads(bs.kernel_execute(page, KERNEL_STATE_CODE).stdout)


def assert_page_matches_kernel(page, table: Table) -> dict:
    """The kernel's table and the page must agree (the page may still be redrawing)."""
    kernel = kernel_state(page)
    try:
        page.wait_for_function(
            """([selector, version]) => {
                const roots = document.querySelectorAll(selector);
                return roots[roots.length - 1]?.getAttribute('data-version') === version;
            }""",
            arg=[ROOT, str(kernel["version"])],
            timeout=10_000,
        )
    except Exception:
        pass  # reported by the assertions below, with both sides
    shown = table.attrs()
    assert shown["version"] == str(kernel["version"]), (shown["version"], kernel["version"])
    assert shown["status"] == kernel["text"], (
        f"page shows {shown['status']!r}, kernel has {kernel['text']!r}"
    )
    # the screen is Player 1's: its own moment is said as what to do ("Draw a card ..."), never
    # "Player 1: ...", the other seats' by name ("Player 2: ...")
    assert shown["status"][:1].isupper() and not shown["status"].startswith("Player 1"), shown[
        "status"
    ]
    assert shown["phase"] == kernel["phase"], (shown["phase"], kernel)
    assert shown["player"] == str(kernel["player"]), (shown["player"], kernel)
    assert shown["hand"] == kernel["hand"], (shown["hand"], kernel["hand"])
    if kernel["to_move"] == "human":
        assert sorted(shown["actions"]) == sorted(kernel["legal"]), (
            f"buttons offered {shown['actions']} != legal actions {kernel['legal']}"
        )
    else:
        assert shown["actions"] == [], shown["actions"]
    html = shown["html"]
    for name, word in zip(kernel["secret"], kernel["secret_words"], strict=True):
        assert f'data-card="{name}"' not in html and word not in html, (
            f"the page shows {name!r}, a card Player 1 has not seen"
        )
    return kernel


def test_heroes_turn_by_clicks(lab_server, lab_page, browser_report):
    page, watch = lab_page
    assert (lab_server.root / NOTEBOOK).is_file(), f"notebooks/{NOTEBOOK} is missing"

    bs.open_notebook(page, lab_server, NOTEBOOK)
    bs.run_all_cells(page)
    table = Table(page)
    table.root.wait_for()
    table.root.scroll_into_view_if_needed()

    # The kernel used below is the notebook's own, and `table` is its full game's table.
    reply = bs.kernel_execute(
        page, "print(type(table).__module__, type(table).__name__, table.seed, table.seats)"
    )
    assert reply.kernel_id == lab_server.kernel_id_for(NOTEBOOK)
    module, name = reply.stdout.split()[:2]
    assert module.startswith("kaskaria.widgets") and name == "HeroesTable", reply.stdout
    assert "human" in reply.stdout and "planner" in reply.stdout and "greedy" in reply.stdout
    start = assert_page_matches_kernel(page, table)
    assert start["player"] == HUMAN and start["phase"] == "turn", start
    assert any(a.startswith("play") and a.endswith("plus2") for a in start["legal"]), start
    bs.element_screenshot(page, table.root, "heroes_table_start.png")

    bs.install_redraw_timer(page, ROOT)
    samples: list[dict] = []
    clicked: list[str] = []

    def click(button, label: str) -> dict:
        clicked.append(label)
        samples.append(bs.timed_click(page, button))
        return assert_page_matches_kernel(page, table)

    # Bots are stepped with Next below; a browser-side autoplay timer would race those clicks.
    if start["autoplay"] is not None:
        state = click(table.control("autoplay"), "autoplay off")
        assert state["autoplay"] is None

    # 1. draw a card: the hand grows by one, and the turn passes to the planner bot
    state = click(table.action_button("draw pile"), "draw pile")
    assert len(state["hand"]) == len(start["hand"]) + 1, (start["hand"], state["hand"])
    assert state["player"] == 1 and state["to_move"] == "bot", state

    # 2. the bots' turns, one visible step per click of Next
    while not (state["player"] == HUMAN and state["to_move"] == "human"):
        assert state["phase"] != "over", "the game ended before Player 1's second turn"
        assert len(clicked) < MAX_CLICKS, f"still not Player 1's turn: {state}"
        next_button = table.control("next")
        assert next_button.count() == 1 and next_button.is_enabled(), state
        state = click(next_button, "next")

    # 3. a set with a "+2" card: every card acts at once, then the '+2' cards are chosen
    sets = [a for a in state["legal"] if a.startswith("play") and a.endswith("plus2")]
    assert sets, f"no set with a '+2' card in {state['legal']}"
    played = sets[0]
    size = len(played.split()) - 2  # "play <colour> <motif> ..."
    hand_before, discard_before = state["hand"], state["discard"]
    state = click(table.action_button(played), played)
    assert state["phase"] == "choose" and state["draws_left"] == 2, state
    assert state["player"] == HUMAN and sorted(state["legal"]) == [
        "plus2 display 1",
        "plus2 display 2",
        "plus2 display 3",
        "plus2 pile",
    ]
    bs.element_screenshot(page, table.root, "heroes_table_choose.png")

    # a click on a card of the set being played, or on a hand card, answers what to do instead,
    # and changes nothing
    for where in (".kaskaria-hk-played .kaskaria-hk-card", ".kaskaria-hk-hand .kaskaria-hk-card"):
        table.root.evaluate(
            "(el) => el.querySelectorAll('.kt-msg-refused').forEach((n) => {"
            " n.classList.remove('kt-msg-refused'); n.textContent = ''; })"
        )
        table.root.locator(where).first.click()
        said = table.root.locator(".kt-msg-refused")
        said.wait_for(timeout=5_000)
        assert said.text_content() == "First take 2 cards from the draw pile or the display.", where
        assert table.attrs()["version"] == str(state["version"]), where

    state = click(table.action_button("plus2 display 1"), "plus2 display 1")
    assert state["phase"] == "choose" and state["draws_left"] == 1, state
    state = click(table.action_button("plus2 pile"), "plus2 pile")
    assert state["player"] == 1 and state["phase"] == "turn", state
    assert len(state["hand"]) == len(hand_before) - size + 2, (hand_before, state["hand"])
    assert state["discard"] == discard_before + size, state

    bs.element_screenshot(page, table.root, "heroes_table_after.png")
    bs.page_screenshot(page, "heroes_page.png", full_page=True)

    messages = watch.summary()
    browser_report(
        bs.timing_report("Heroes of Kaskaria table (rules notebook)", samples)
        + [f"heroes clicks: {clicked}"]
        + [f"heroes page: {line}" for line in messages]
    )
    errors = [e for e in watch.errors() if not any(known in e for known in HARMLESS_CONSOLE_ERRORS)]
    assert errors == [], "JavaScript errors in the page:\n" + "\n".join(errors)
