"""The Dragon Battle table in a real browser: the rules notebook's last table, played by clicks.

JupyterLab runs on a temporary copy of notebooks/; Chromium opens the rules notebook, runs all
cells, and plays the human's turn on the last table (player 0 against bots) by clicking the buttons
the table offers: Roll, a placement, Stop (or whatever the dice leave legal until the turn ends).
After every click the page and the notebook's own kernel must agree on the state. At the end one
click on "Play whole turn" must draw every step of the bots' turns, in order. The page must
log no JavaScript errors. Screenshots go to test-artifacts/, and the click-to-redraw times
(measured inside the page) to test-artifacts/browser_timings.txt and the terminal summary.
"""

from __future__ import annotations

import json

import browser_support as bs
import pytest

pytestmark = pytest.mark.browser

NOTEBOOK = "01-dragon-battle-rules.ipynb"
HUMAN = 0
DECISION_PHASES = ("start", "place", "decide")
MIN_CLICKS = 12  # timed clicks wanted (the issue asks for at least 10)
MAX_CLICKS = 80  # a safety stop for the play loop

# Console messages known to be harmless and not from our code. Empty: none seen so far. Each entry
# must say where the message comes from.
HARMLESS_CONSOLE_ERRORS: tuple[str, ...] = ()

KERNEL_STATE_CODE = (
    "print(__import__('json').dumps({'text': table.view['status'], 'phase': table.state.phase, "
    "'player': table.state.player, "
    "'legal': [str(a) for a in table.state.legal_actions()] "
    "if table.state.phase in ('start', 'place', 'decide') else []}))"
)


class Table:
    """The last Dragon Battle table on the page, read through the widget's DOM hooks."""

    def __init__(self, page):
        self.page = page
        self.root = page.locator(".kaskaria-db").last

    def attrs(self) -> dict:
        return self.root.evaluate(
            """(el) => ({
                version: el.getAttribute('data-version'),
                phase: el.getAttribute('data-phase'),
                player: el.getAttribute('data-player'),
                status: (el.querySelector('.kaskaria-db-status')?.textContent || '').trim(),
                actions: [...el.querySelectorAll('button.kaskaria-db-action')]
                    .filter((b) => !b.disabled).map((b) => b.dataset.action),
            })"""
        )

    def action_button(self, action: str):
        return self.root.locator(f'button.kaskaria-db-action[data-action="{action}"]')

    def control(self, name: str):
        return self.root.locator(f"button.kaskaria-db-{name}")


# Records every redraw of the last table (its version, played-turn step and player).
RECORD_FRAMES_JS = """() => {
  window.__kasFrames = [];
  const roots = document.querySelectorAll('.kaskaria-db');
  const root = roots[roots.length - 1];
  new MutationObserver(() => window.__kasFrames.push({
    version: root.getAttribute('data-version'),
    lines: root.querySelectorAll('.kt-summary-lines li').length,
    player: root.getAttribute('data-player'),
  })).observe(root, {attributes: true, attributeFilter: ['data-version']});
}"""


def kernel_state(page) -> dict:
    return json.loads(bs.kernel_execute(page, KERNEL_STATE_CODE).stdout)


def assert_page_matches_kernel(page, table: Table) -> dict:
    """The kernel's `table.state` and the page must agree (the page may still be redrawing)."""
    kernel = kernel_state(page)
    try:
        page.wait_for_function(
            """([text]) => {
                const roots = document.querySelectorAll('.kaskaria-db');
                const status = roots[roots.length - 1]?.querySelector('.kaskaria-db-status');
                return status && status.textContent.trim() === text;
            }""",
            arg=[kernel["text"]],
            timeout=10_000,
        )
    except Exception:
        pass  # reported by the assertion below, with both texts
    shown = table.attrs()
    assert shown["status"] == kernel["text"], (
        f"page shows {shown['status']!r}, kernel has {kernel['text']!r}"
    )
    assert shown["phase"] == kernel["phase"], (shown, kernel)
    assert shown["player"] == str(kernel["player"]), (shown, kernel)
    if kernel["player"] == HUMAN and kernel["phase"] in DECISION_PHASES:
        assert sorted(shown["actions"]) == sorted(kernel["legal"]), (
            f"buttons offered {shown['actions']} != legal actions {kernel['legal']}"
        )
    return kernel


def choose(actions: list[str]) -> str:
    """The human's plan for a turn: roll, place the first placement offered, then stop."""
    if "stop" in actions:
        return "stop"
    placements = [a for a in actions if a.startswith("place")]
    if placements:
        return placements[0]
    assert "roll" in actions, f"no roll, placement or stop among {actions}"
    return "roll"


def test_dragon_battle_turn_by_clicks(lab_server, lab_page, browser_report):
    page, watch = lab_page
    assert (lab_server.root / NOTEBOOK).is_file(), f"notebooks/{NOTEBOOK} is missing"

    bs.open_notebook(page, lab_server, NOTEBOOK)
    bs.run_all_cells(page)
    table = Table(page)
    table.root.wait_for()
    table.root.scroll_into_view_if_needed()

    # The kernel used below is the notebook's own.
    reply = bs.kernel_execute(page, "print(type(table).__module__, type(table).__name__)")
    assert reply.kernel_id == lab_server.kernel_id_for(NOTEBOOK)
    module, name = reply.stdout.split()
    assert module.startswith("kaskaria.widgets") and name == "DragonBattleTable", reply.stdout
    start = assert_page_matches_kernel(page, table)

    bs.install_redraw_timer(page, ".kaskaria-db")
    samples: list[dict] = []
    turns: list[list[str]] = []  # the human's turns, as the actions clicked
    decide_shot: list = []

    def click(button) -> dict:
        samples.append(bs.timed_click(page, button))
        return assert_page_matches_kernel(page, table)

    # Bots are stepped with Next below; a browser-side autoplay timer would race those clicks.
    if bs.kernel_execute(page, "print(table.autoplay)").stdout.strip() != "None":
        click(table.control("autoplay"))
        assert bs.kernel_execute(page, "print(table.autoplay)").stdout.strip() == "None"

    def advance_to_human() -> dict:
        """Let the bots move (the table's Next button) until the human is to move."""
        state = kernel_state(page)
        while not (state["player"] == HUMAN and state["phase"] == "start"):
            assert state["phase"] != "over", "the game ended before the human could play"
            assert len(samples) < MAX_CLICKS, f"still not the human's turn: {state}"
            next_button = table.control("next")
            assert next_button.count() == 1 and next_button.is_enabled(), (
                f"not the human's turn ({state}) and no enabled Next button"
            )
            state = click(next_button)
        return state

    def play_human_turn() -> list[str]:
        clicked: list[str] = []
        while True:
            shown = table.attrs()
            if shown["phase"] == "decide" and not decide_shot:
                # The roll-or-stop decision, with the odds meter: the most telling picture.
                decide_shot.append(
                    bs.element_screenshot(page, table.root, "dragon_battle_table_decide.png")
                )
            action = choose(shown["actions"])
            clicked.append(action)
            state = click(table.action_button(action))
            if action == "stop" or not (
                state["player"] == HUMAN and state["phase"] in ("place", "decide")
            ):
                break
            assert len(clicked) < 20, f"the human's turn did not end: {clicked}"
        turns.append(clicked)
        return clicked

    # The turn the issue asks for: Roll, a placement, Stop (or on, until the dice end the turn).
    advance_to_human()
    first_turn = play_human_turn()
    assert first_turn[0] == "roll", first_turn
    after_turn = assert_page_matches_kernel(page, table)
    assert after_turn["text"] != start["text"], "the turn did not change the state"
    bs.element_screenshot(page, table.root, "dragon_battle_table.png")
    table.root.scroll_into_view_if_needed()
    bs.page_screenshot(page, "dragon_battle_page.png", full_page=True)

    # More clicks for the timing (and more agreement checks): keep playing until there are enough
    # samples and one turn went exactly roll, place, stop.
    def full_turn_seen() -> bool:
        return any(
            len(t) >= 3 and t[0] == "roll" and t[1].startswith("place") and t[-1] == "stop"
            for t in turns
        )

    while len(samples) < MIN_CLICKS or not full_turn_seen():
        assert len(samples) < MAX_CLICKS, f"no roll-place-stop turn in {turns}"
        if kernel_state(page)["phase"] == "over":
            click(table.control("new"))
        advance_to_human()
        play_human_turn()

    bs.element_screenshot(page, table.root, "dragon_battle_table_end.png")

    # One click on "Play whole turn": the kernel plays both bots' turns in one request and pushes
    # one view per step; the page draws every one of them, in order, until the human decides.
    for _attempt in range(3):
        if kernel_state(page)["phase"] == "over":
            click(table.control("new"))
        advance_to_human()
        play_human_turn()
        if kernel_state(page)["phase"] != "over":
            break

    def shown_version(version: int) -> None:
        page.wait_for_function(
            """(v) => {
                const roots = document.querySelectorAll('.kaskaria-db');
                return roots[roots.length - 1].getAttribute('data-version') === v;
            }""",
            arg=str(version),
            timeout=60_000,
        )

    # a quick pace for the test (a short step stays 0.1 s on screen, 2 s by default): every
    # step must still be drawn, in order
    bs.kernel_execute(page, "table.pace = 0.1")
    before = int(bs.kernel_execute(page, "print(table.view['version'])").stdout)
    shown_version(before)
    page.evaluate(RECORD_FRAMES_JS)
    lines_before = page.evaluate(
        "() => [...document.querySelectorAll('.kaskaria-db')].pop()"
        ".querySelectorAll('.kt-summary-lines li').length"
    )
    # (the kernel moves on while the page draws: they are compared once the turn is over)
    bs.timed_click(page, table.control("play-turn"))
    # the browser's timer asks for each step at the pace until the human decides
    for _poll in range(120):
        to_move, final = bs.kernel_execute(
            page, "print(table.view['turn']['to_move'], table.view['version'])"
        ).stdout.split()
        if to_move in ("human", "over"):
            break
        page.wait_for_timeout(250)
    final = int(final)
    assert to_move in ("human", "over"), "the watched turn did not come back to the human"
    shown_version(final)
    frames = page.evaluate("() => window.__kasFrames")
    steps = final - before
    assert steps >= 2, frames
    assert [f["version"] for f in frames] == [str(v) for v in range(before + 1, final + 1)]
    # each step adds its sentences to the summary (a line each): the person's own last move
    # stays until their next click
    seen = [f["lines"] for f in frames]
    assert len(seen) == steps and seen[0] > lines_before and min(seen) > 1, frames
    assert {f["player"] for f in frames[:-1]} <= {"1", "2"}  # the bots' turns, drawn
    end = assert_page_matches_kernel(page, table)
    assert end["phase"] == "over" or (end["player"] == HUMAN and end["phase"] == "start")

    messages = watch.summary()
    browser_report(
        bs.timing_report("Dragon Battle table (rules notebook)", samples)
        + [f"human turns clicked: {turns}"]
        + [f"dragon battle page: {line}" for line in messages]
    )
    errors = [e for e in watch.errors() if not any(known in e for known in HARMLESS_CONSOLE_ERRORS)]
    assert errors == [], "JavaScript errors in the page:\n" + "\n".join(errors)
