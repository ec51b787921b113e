"""The Dragon's Gold table in a real browser: a split played by clicks at one screen.

JupyterLab runs on a temporary copy of notebooks/; Chromium opens 05b-dragons-gold-deals.ipynb (the
rules lesson on sharing), runs all cells, and plays on the table of section 5 (``shared``: three
people at one screen, a new game, so that nobody holds the magic items a lone wizard's player
draws: they would show the answer of the wizard vote of section 3 before the class votes; it
starts at the knights' kill of section 1, dragon 1 fallen and its hidden treasure drawn, with
Player 2 to propose). By clicks: "I am Player 2", hand out every token with the token buttons,
propose, pass the device to Player 1 and accept; then the device goes to Player 3
(the privacy of items and of a stolen token at one screen is played by calls in
tests/test_lessons_dragons_gold.py). Then, on the
market table of extension C, Player 2 offers "2 silver for 1 gold" to Player 3 by clicks.

After every click the page must agree with the notebook's own kernel: the table's version, phase,
player and status line, whether the pass-the-device screen is up, the buttons (exactly the legal
actions of the person at the device, none while the device is passed), the screen and the items of
the person at the device, and what each player's screen is known to hold. Nothing the shown viewer
may not see (another player's items, a stolen token it did not see) may be anywhere in the table's
HTML, and the page must log no JavaScript error. Screenshots go to test-artifacts/, the
click-to-redraw times to test-artifacts/browser_timings.txt and the terminal summary.
"""

from __future__ import annotations

import json
import re

import browser_support as bs
import pytest

pytestmark = pytest.mark.browser

NOTEBOOK = "05b-dragons-gold-deals.ipynb"
ROOT = ".kaskaria-table.kaskaria-dg[data-version]"  # the live tables (the static picture has none)
MAX_CLICKS = 40  # a safety stop for handing out the treasure

# Console messages known to be harmless and not from our code. Empty: none seen so far. Each entry
# must say where the message comes from.
HARMLESS_CONSOLE_ERRORS: tuple[str, ...] = ()

KERNEL_STATE_CODE = """
import json as _json
from kaskaria.i18n import text as _text
_t = shared
_s = _t.state
_view = _t.view
_viewer = _view["frame"]["viewer"]
_seat = _viewer if isinstance(_viewer, int) else None
# what the shown viewer may not see: every logged line it reads differently from the full record,
# and the items in other hands (by their names) that it does not hold itself
_full = _t.match.lines()
_shown = _t.session.match.lines(_t.session.shown_viewer)
_secret = sorted({f for f, r in zip(_full, _shown) if f != r})
_mine = set()
if _seat is not None:
    _mine = {k for k, n in zip(_s.game.item_names, _s.hands[_seat]) if n}
_secret += sorted({
    _text("dragons-gold", "item." + k, _t.lang)
    for p, hand in enumerate(_s.hands) if p != _seat
    for k, n in zip(_s.game.item_names, hand) if n and k not in _mine
})
_me = _view["board"]["observation"]["players"][_seat] if _seat is not None else None
print(_json.dumps({
    "version": _view["version"],
    "status": _view["status"],
    "position": _t.session.presenter.status(_s, _t.session.shown_viewer, _t.lang),
    "phase": _view["turn"]["phase"],
    "player": _view["turn"]["player"],
    "to_move": _view["turn"]["to_move"],
    "passing": _view["passing"] is not None,
    "viewer": _viewer,
    "legal": [str(a) for a in _s.legal_actions()] if _view["turn"]["to_move"] == "human" else [],
    "screen": (_me or {}).get("screen"),
    "items": sorted(i["label"] for i in _view["board"]["words"].get("my_items", [])),
    # (none on the viewer's own card: its screen is shown in full)
    "sure": [w["sure"] for w in _view["board"]["words"]["players"] if w["sure"]],
    "secret": _secret,
    "screens": [sum(x) for x in _s.screens],
}))
"""

_PAGE_JS = """
(el) => ({
  version: el.getAttribute('data-version'),
  phase: el.getAttribute('data-phase'),
  player: el.getAttribute('data-player'),
  toMove: el.getAttribute('data-to-move'),
  status: (el.querySelector('.kaskaria-dg-status')?.textContent || '').trim(),
  passing: !!el.querySelector('section.kaskaria-dg-pass[role="dialog"]'),
  actions: [...el.querySelectorAll('button.kaskaria-dg-action')]
    .filter((b) => !b.disabled).map((b) => b.dataset.action),
  screen: el.querySelector('.kaskaria-dg-screen')
    ? Object.fromEntries([...el.querySelectorAll('.kaskaria-dg-screen > .kaskaria-dg-tokens > .kaskaria-dg-token')]
        .map((t) => [[...t.classList].find((c) => c.startsWith('kaskaria-dg-t-')).slice(14),
                     parseInt(t.textContent, 10)]))
    : null,
  items: [...el.querySelectorAll('.kaskaria-dg-item')]
    .map((i) => i.textContent.trim()).sort(),
  sure: [...el.querySelectorAll('.kaskaria-dg-sure')].map((s) => s.textContent.trim()),
  html: el.outerHTML,
})
"""


def kernel_state(page) -> dict:
    return json.loads(bs.kernel_execute(page, KERNEL_STATE_CODE).stdout)


class Table:
    """The one-screen table on the page (the only table that starts with the device passed)."""

    def __init__(self, page, index: int):
        self.page = page
        self.root = page.locator(ROOT).nth(index)

    def attrs(self) -> dict:
        return self.root.evaluate(_PAGE_JS)

    def action(self, action: str):
        return self.root.locator(f'button.kaskaria-dg-action[data-action="{action}"]')

    def ready(self):
        return self.root.locator("button.kaskaria-dg-pass-ready")


def assert_page_matches_kernel(page, table: Table) -> dict:
    """The kernel's table and the page must agree (the page may still be redrawing)."""
    kernel = kernel_state(page)
    try:
        table.root.evaluate(
            """(el, version) => new Promise((resolve) => {
                const done = () => el.getAttribute('data-version') === version;
                if (done()) return resolve(true);
                const watch = new MutationObserver(() => { if (done()) { watch.disconnect(); resolve(true); } });
                watch.observe(el, {attributes: true, attributeFilter: ['data-version']});
                setTimeout(() => { watch.disconnect(); resolve(false); }, 10000);
            })""",
            str(kernel["version"]),
        )
    except Exception:
        pass  # reported by the assertions below, with both sides
    shown = table.attrs()
    assert shown["version"] == str(kernel["version"]), (shown["version"], kernel["version"])
    assert shown["status"] == kernel["status"], (
        f"page shows {shown['status']!r}, kernel has {kernel['status']!r}"
    )
    assert shown["status"].startswith(("Player ", "Game over")), shown["status"]
    assert (shown["phase"], shown["player"], shown["toMove"]) == (
        kernel["phase"],
        str(kernel["player"]),
        kernel["to_move"],
    ), (shown, kernel)
    assert shown["passing"] == kernel["passing"], (shown["passing"], kernel)
    if kernel["passing"]:
        assert shown["actions"] == [] and shown["screen"] is None and shown["items"] == []
    else:
        assert sorted(shown["actions"]) == sorted(kernel["legal"]), (
            f"buttons offered {shown['actions']} != legal actions {kernel['legal']}"
        )
        assert shown["screen"] == kernel["screen"], (shown["screen"], kernel["screen"])
        assert shown["items"] == kernel["items"], (shown["items"], kernel["items"])
        assert shown["sure"] == kernel["sure"], (shown["sure"], kernel["sure"])
    html = shown["html"]
    for secret in kernel["secret"]:
        assert secret not in html, (
            f"the page shows {secret!r}, which {kernel['viewer']} may not see"
        )
    return kernel


def test_dragons_gold_split_by_clicks(lab_server, lab_page, browser_report):
    page, watch = lab_page
    assert (lab_server.root / NOTEBOOK).is_file(), f"notebooks/{NOTEBOOK} is missing"

    bs.open_notebook(page, lab_server, NOTEBOOK)
    bs.run_all_cells(page)
    page.locator(ROOT).last.wait_for()
    moves = page.locator(ROOT).evaluate_all(
        "(els) => els.map((e) => e.getAttribute('data-to-move'))"
    )
    assert moves.count("pass") == 1, f"the one-screen table is not the only one passing: {moves}"
    table = Table(page, moves.index("pass"))
    table.root.scroll_into_view_if_needed()

    # The kernel used below is the notebook's own, and `shared` is section 5's table.
    reply = bs.kernel_execute(page, "print(type(shared).__name__, shared.seats, shared.passing)")
    assert reply.kernel_id == lab_server.kernel_id_for(NOTEBOOK)
    assert reply.stdout.split() == ["DragonsGoldTable", "('human',", "'human',", "'human')", "True"]
    state = assert_page_matches_kernel(page, table)
    assert state["passing"] and state["player"] == 1 and state["phase"] == "build", state
    assert state["items"] == [] and sum(state["screens"]) == 0  # a new game: nothing held yet
    # the whole position in sentences (the table's text form; the line under the table is short)
    assert re.search(
        r"Dragon 1: strength 6, attack 7\. It is beaten\. Its treasure: \d+ tokens?\.",
        state["position"],
    )
    assert "Pass the device to Player 2" in table.attrs()["html"]
    bs.element_screenshot(page, table.root, "dragons_gold_pass.png")

    bs.install_redraw_timer(page, ROOT)
    samples: list[dict] = []
    clicked: list[str] = []

    def click(button, label: str) -> dict:
        assert button.count() == 1 and button.is_enabled(), f"no button {label!r}"
        clicked.append(label)
        samples.append(bs.timed_click(page, button))
        return assert_page_matches_kernel(page, table)

    # 1. Player 2 takes the device: an empty screen, no items, the knights' kill to share
    state = click(table.ready(), "I am Player 2")
    assert state["viewer"] == 1 and not any((state["screen"] or {}).values()), state
    assert state["items"] == [], state
    assert (state["phase"], state["player"], state["passing"]) == ("build", 1, False), state
    bs.element_screenshot(page, table.root, "dragons_gold_split.png")

    # a click on a token still to hand out picks it and says the next click: the player
    hint = table.root.locator(".kaskaria-dg-split-hint")
    # (a token is picked from the start: the first one shown, ringed)
    assert hint.text_content() == "The token with the tick goes to the player you click."
    first = table.root.locator(".kaskaria-dg-take").first
    assert first.get_attribute("data-picked") == "true"
    table.root.locator(".kaskaria-dg-take").first.click()
    assert hint.text_content() == "Now click the player who gets it."
    assert table.attrs()["version"] == str(state["version"])  # picking sends nothing

    # 2. Player 2 hands out every token with the buttons, then proposes
    while state["phase"] == "build":
        assert len(clicked) < MAX_CLICKS, f"the treasure is still being handed out: {state}"
        gives = sorted(a for a in state["legal"] if a.startswith("give"))
        choice = gives[len(clicked) % len(gives)] if gives else "propose"
        state = click(table.action(choice), choice)
    assert state["phase"] == "answer" and state["passing"] and state["player"] == 0, state

    # 3. the device goes to Player 1, who accepts (no items: no window to swap shares)
    state = click(table.ready(), "I am Player 1")
    assert state["viewer"] == 0 and sorted(state["legal"]) == ["accept", "no deal", "refuse"]
    before = sum(state["screens"])
    state = click(table.action("accept"), "accept")
    assert state["phase"] == "turn" and state["player"] == 2 and state["passing"], state
    assert sum(state["screens"]) > before  # the shares went behind the screens
    assert "Pass the device to Player 3" in table.attrs()["html"]

    bs.element_screenshot(page, table.root, "dragons_gold_after.png")

    # 4. the market table of extension C (Player 2's screen): "2 silver for 1 gold with Player 3"
    # by clicks, each step showing only what is legal, the offer drawn as the kernel holds it
    phases = page.locator(ROOT).evaluate_all(
        "(els) => els.map((e) => e.getAttribute('data-phase'))"
    )
    assert phases.count("market") == 1, f"one market table expected: {phases}"
    market = Table(page, phases.index("market"))
    market.root.scroll_into_view_if_needed()
    # the move rows say what their buttons do, and a token button shows no number beside it
    # (a key's number would read as an amount: "9 gold")
    rows = market.root.evaluate(
        """(el) => [...el.querySelectorAll('.kaskaria-dg-row-tokens')].map((r) => ({
            says: r.querySelector('.kaskaria-dg-row-says')?.textContent,
            name: r.getAttribute('aria-label'),
            keys: r.querySelectorAll('.kt-key').length,
            first: r.firstElementChild.classList.contains('kaskaria-dg-row-says'),
        }))"""
    )
    assert [r["says"] for r in rows] == ["You offer", "You ask for"], rows
    assert all(r["name"] == r["says"] and r["keys"] == 0 and r["first"] for r in rows), rows
    for action in ("offer silver", "offer silver", "ask gold", "trade with 3"):
        if action != "trade with 3":  # no partner can be chosen before both sides hold a token
            assert "trade with 3" not in market.attrs()["actions"]
        version = int(market.attrs()["version"])
        samples.append(bs.timed_click(page, market.action(action)))
        clicked.append(f"market: {action}")
        market.root.evaluate(
            """(el, v) => new Promise((resolve) => {
                const done = () => Number(el.getAttribute('data-version')) > v;
                if (done()) return resolve(true);
                const watch = new MutationObserver(() => { if (done()) { watch.disconnect(); resolve(true); } });
                watch.observe(el, {attributes: true, attributeFilter: ['data-version']});
                setTimeout(() => { watch.disconnect(); resolve(false); }, 10000);
            })""",
            version,
        )
        offer = market.root.locator(".kaskaria-dg-market-offer").inner_text()
        assert "Your trade offer" in offer, offer  # Player 2's own screen
    shown = market.attrs()
    assert (shown["phase"], shown["player"]) == ("reply", "2"), shown
    assert "2 silver" in offer and "1 gold" in offer and "Your trade offer to Player 3" in offer, (
        offer
    )
    assert "Offer to Player 3: 2 silver for gold." in shown["status"], shown["status"]
    bs.element_screenshot(page, market.root, "dragons_gold_market.png")
    bs.page_screenshot(page, "dragons_gold_page.png", full_page=True)
    messages = watch.summary()
    browser_report(
        bs.timing_report("Dragon's Gold table (rules notebook, one screen)", samples)
        + [f"dragons gold clicks: {clicked}"]
        + [f"dragons gold page: {line}" for line in messages]
    )
    errors = [e for e in watch.errors() if not any(known in e for known in HARMLESS_CONSOLE_ERRORS)]
    assert errors == [], "JavaScript errors in the page:\n" + "\n".join(errors)


APP = "play-dragons-gold.ipynb"
#: what Notebook 7's lab extension logs when Voila loads it (see voila.json)
MODULE_SHARING = ("RUNTIME-012", "@jupyterlab/docregistry", "@jupyter-notebook")


@pytest.fixture(scope="module")
def dg_app(tmp_path_factory):
    """Voila serving (a temporary copy of) the Dragon's Gold app, set up as `make play` does."""
    base = tmp_path_factory.mktemp("voila-dg")
    root = bs.copy_notebooks(base / "notebooks")
    with bs.VoilaServer(root / APP, base / "jupyter") as server:
        yield server


def test_the_app_plays_without_code_or_errors(dg_app, new_page, browser_report):
    """The children's app in Voila: only the table (no code on the page, nothing fetched from
    outside, no console error); Player 1 sends an adventurer by a click, the bots answer on their
    own (autoplay), until Player 1 decides again."""
    page, watch = new_page
    page.goto(dg_app.url)
    root = page.locator(ROOT).first
    root.wait_for(timeout=90_000)
    shown = page.evaluate(
        """() => ({
            code: document.querySelectorAll('.jp-CodeCell .jp-InputArea, .jp-InputPrompt').length,
            editors: document.querySelectorAll('.cm-editor, .CodeMirror, .jp-Editor').length,
            text: document.body.innerText,
        })"""
    )
    assert shown["code"] == 0 and shown["editors"] == 0, shown
    for code in ("DragonsGoldTable(", "import ", "kaskaria.widgets"):
        assert code not in shown["text"], f"code on the app page: {code!r}"
    # the notebook's own words, folded under "How to play" at the right of the table's header
    assert "agree how to share the treasure" not in shown["text"]
    page.locator("summary", has_text="How to play").click()
    assert "agree how to share the treasure" in page.evaluate("() => document.body.innerText")
    page.locator("summary", has_text="How to play").click()
    start = root.evaluate(_PAGE_JS)
    assert (start["phase"], start["player"], start["toMove"]) == ("turn", "0", "human"), start
    # the child's own screen: the line for screen readers says what "you" do, not "Player 1 ..."
    assert start["status"].startswith("Your turn. Send an adventurer to a dragon. ")
    assert len(start["actions"]) == 16 and "send big-knight to dragon 1" in start["actions"]
    # a send button says "Dragon 1" (the word small above the number on a small table), its name
    # says the whole move, and it shows no key's number beside the dragon's
    send = root.locator('button.kaskaria-dg-action[data-action="send big-knight to dragon 1"]')
    assert " ".join(send.inner_text().split()) == "Dragon 1"
    assert send.get_attribute("aria-label") == "Send the big knight (4) to dragon 1"
    assert root.locator(".kaskaria-dg-row-send .kt-key").count() == 0

    root.locator('button.kaskaria-dg-action[data-action="send big-knight to dragon 1"]').click()
    # the two bots move on their own (autoplay), step by step, until Player 1 (the one person)
    # decides again: on their next turn, or answering a proposal in another player's turn
    # (data-player is whose turn it is; the app deals a fresh game)
    # (a fresh deal may take the bots a few steps or many, each at the app's pace of 2 s: each
    # step must come within 30 s, and the person decides again within 100 of them)
    for _ in range(100):
        version = int(root.get_attribute("data-version"))
        if version > 2 and root.get_attribute("data-to-move") == "human":
            break
        page.wait_for_function(
            """([el, v]) => Number(el.getAttribute('data-version')) > v
                         || (Number(el.getAttribute('data-version')) > 2
                             && el.getAttribute('data-to-move') === 'human')""",
            arg=[root.element_handle(), version],
            timeout=30_000,
        )
    else:
        raise AssertionError("the bots took 100 steps without Player 1 deciding again")
    after = root.evaluate(_PAGE_JS)
    assert after["status"][0].isupper(), after["status"]
    assert not after["status"].startswith("Player 1"), after["status"]
    assert "send big-knight to dragon 1" not in after["actions"]  # that knight fights now
    # what happened since the child's click stays on screen, in sentences (bots by difficulty)
    summary = page.locator(f"{ROOT} .kaskaria-dg-summary").inner_text()
    assert "You send the big knight to dragon 1." in summary, summary  # the child's own move
    log = page.locator(f"{ROOT} .kaskaria-dg-log").inner_text()
    # the bots are named by their difficulty (the app deals a fresh game: either may be in view)
    assert re.search(r"Player [23] \((easy|medium) bot\)", log + summary), log + summary
    assert "send big-knight" not in log + summary

    bs.element_screenshot(page, root, "dragons_gold_app.png")
    messages = watch.summary()
    browser_report(
        [f"Dragon's Gold app: {line}" for line in messages] or ["Dragon's Gold app: quiet"]
    )
    assert watch.errors() == [], "errors on the app page:\n" + "\n".join(watch.errors())
    assert not [m for m in messages if any(k in m for k in MODULE_SHARING)], messages
    assert watch.failed_requests == [], f"the app fetched from outside: {watch.failed_requests}"


#: the words before the list of the screen's own magic items
YOUR_ITEMS = {"en": "Your magic items", "de": "Deine magischen Gegenstände"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_own_magic_items_read_apart_on_screen_and_as_a_list(browser, lang):
    """Two kinds of magic items behind the screen (seed 6: after 21 steps) are read with a "·"
    between them, as a child sees them ("Swap of dragons · Ward against thieves", never
    "…dragonsWard…"), and a screen reader meets a list of one item each."""
    from dg_support import table_played_until

    table = table_played_until(
        lambda v: (
            len(v["board"]["words"].get("my_items", [])) >= 2 and v["turn"]["to_move"] == "human"
        ),
        lang=lang,
        seed=6,
    )
    assert table is not None
    items = [i["label"] for i in table.view["board"]["words"]["my_items"]]
    widget = bs.WidgetPage(browser, table, viewport={"width": 1024, "height": 768})
    try:
        hand = widget.page.locator(".kaskaria-dg-hand")
        seen = " ".join(hand.inner_text().split())
        assert seen == f"{YOUR_ITEMS[lang]} {' · '.join(items)}", seen
        assert "×" not in seen, seen  # a child's words: "Swap of dragons (2 cards)", never "2×"
        # read out: a list of the items, the "·" (for the eye only) left out; a Swap of dragons
        # is a button in its item (a click chooses it, to swap two dragons on the board)
        read = hand.aria_snapshot().splitlines()
        names = {i["name"] for i in table.view["board"]["words"]["my_items"]}
        swap = "Swap of dragons" if lang == "en" else "Drachen tauschen"
        assert swap in names, names
        assert [line.strip() for line in read if "listitem" in line or "button" in line] == [
            line
            for item in items
            for line in (
                ["- listitem:", f'- button "{item}"']
                if item.endswith(swap)
                else [f"- listitem: {item}"]
            )
        ], read
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: the buttons of a Swap of dragons and the token chips that answer a click (CSS px boxes)
_SWAPS_AND_CHIPS_JS = """() => {
  window.scrollTo(0, 0);
  const box = (el) => el.getBoundingClientRect().toJSON();
  const shown = (el) => el.getClientRects().length > 0;
  return {
    swaps: [...document.querySelectorAll('button.kt-action[data-action^="play swap-dragons"]')]
      .filter(shown).map(box),
    chips: [...document.querySelectorAll('.kaskaria-dg-token.kt-refusable, .kaskaria-dg-token.kt-clickable')]
      .filter(shown).map((el) => ({colour: el.dataset.colour || el.textContent.trim(), ...box(el)})),
  };
}"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_swap_of_dragons_six_ways_sit_in_a_compact_grid_on_the_first_screen(browser, lang):
    """Holding a Swap of dragons (seed 2), the child's turn offers six swaps: they stand side by
    side (at most three lines of buttons, never six stacked), all on the first screen at the three
    sizes; and every token chip that answers a click is at least 24 x 24 px."""
    from dg_support import table_played_until

    table = table_played_until(
        lambda v: (
            v["turn"]["to_move"] == "human"
            and sum("swap-dragons" in a["action"] for a in v["moves"]["actions"]) == 6
        ),
        lang=lang,
        seed=2,
    )
    assert table is not None
    widget = bs.WidgetPage(browser, table)
    try:
        for size, (w, h) in bs.ONE_SCREEN_SIZES.items():
            widget.page.set_viewport_size({"width": w, "height": h})
            widget.page.wait_for_timeout(50)
            m = widget.page.evaluate(_SWAPS_AND_CHIPS_JS)
            swaps = m["swaps"]
            assert len(swaps) == 6, (size, swaps)
            lines = {round(b["top"]) for b in swaps}
            assert len(lines) <= 3, f"{lang} {size}: the swaps take {len(lines)} lines"
            low = [b for b in swaps if b["bottom"] > h + 0.5 or b["right"] > w + 0.5]
            assert low == [], f"{lang} {size}: swaps off the first screen {low}"
            assert m["chips"], f"{lang} {size}: no token chip answers a click"
            small = [c for c in m["chips"] if c["height"] < 24 or c["width"] < 24]
            assert small == [], f"{lang} {size}: token chips under 24 px {small}"
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: what the board says while swapping by clicks, and why a dragon click before it makes no move
SWAP_SAYS = {
    "en": {
        "first": "First pick an adventurer or your Swap of dragons.",
        "pick": "Swap: click the first dragon.",
        "to": "Now click the dragon to swap it with.",
        "shares_pick": "Swap: click two shares, one after the other.",
        "shares_to": "Now click the share to swap it with.",
        "not_now": "You play it at the start of your turn.",
    },
    "de": {
        "first": "Wähle zuerst einen Abenteurer oder „Drachen tauschen“.",
        "pick": "Tauschen: Klicke den ersten Drachen an.",
        "to": "Klicke jetzt den Drachen an, mit dem er den Platz tauscht.",
        "shares_pick": "Tauschen: Klicke nacheinander zwei Anteile an.",
        "shares_to": "Klicke jetzt den Anteil an, mit dem er getauscht wird.",
        "not_now": "Das geht nur zu Beginn deines Zuges.",
    },
}

#: a player card's line about another's screen, a screen token clicked on the turn, and Take
#: back after the swap
CARD_SAYS = {
    "en": {
        "saw": "You saw: nothing",
        "market": "Tokens are traded only at the market: it opens later.",
        "undo": "Take back the swap",
    },
    "de": {
        "saw": "Du hast gesehen: nichts",
        "market": "Schatzsteine tauscht man nur auf dem Markt: Er öffnet später.",
        "undo": "Tausch zurücknehmen",
    },
}

#: the player cards: what each says of another's screen (as shown), the child's own tokens line
#: where shown, cards with nothing under the name while the others have a line (a blank box),
#: and how many heights the cards have
_CARDS_JS = """(root) => {
  const shown = (el) => el && el.getClientRects().length > 0;
  const cards = [...root.querySelectorAll('.kt-player')];
  const lines = (c) => [...c.querySelectorAll('.kt-player-head > *, .kt-player-extra > * > *')]
    .filter((el) => shown(el) && el.getBoundingClientRect().height > 0).length;
  const holds = root.querySelector('.kt-me .kaskaria-dg-holds');
  const most = Math.max(...cards.map(lines));
  return {
    sure: [...root.querySelectorAll('.kaskaria-dg-sure')].filter(shown).map((el) => el.textContent),
    holds: shown(holds) ? holds.querySelector('.kaskaria-dg-holds-n').textContent : null,
    blank: cards.filter((c) => lines(c) < 2 && most >= 2).map((c) => c.dataset.seat),
    heights: new Set(cards.map((c) => Math.round(c.getBoundingClientRect().height))).size,
  };
}"""

#: the Take back button: its words, how many lines they take, and whether Autoplay below it
#: is still on the first screen
_UNDO_JS = """(root) => {
  const undo = root.querySelector('.kt-undo');
  const auto = root.querySelector('.kt-autoplay');
  const range = document.createRange();
  range.selectNodeContents(undo);
  const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
  return {
    label: undo.textContent,
    lines: tops.size,
    inView: auto.getBoundingClientRect().bottom <= window.innerHeight + 0.5,
  };
}"""

#: what just happened after the swap of dragons 1 and 4 (no item's name in quotes: what changed)
SWAPPED = {
    "en": "You swap dragons 1 and 4 with their treasures.",
    "de": "Du tauschst die Drachen 1 und 4 samt ihren Schätzen.",
}

#: the board while swapping: the hint, the dragons or shares that answer a click, the one picked,
#: and whether everything a click needs lies on the first screen
_SWAPPING_JS = """(root) => {
  const inside = (el) => {
    const b = el.getBoundingClientRect();
    return b.width > 0 && b.left >= -0.5 && b.top >= -0.5
      && b.right <= window.innerWidth + 0.5 && b.bottom <= window.innerHeight + 0.5;
  };
  const pieces = [...root.querySelectorAll('.kaskaria-dg-dragon[data-place], .kaskaria-dg-part[data-part]')];
  const hint = root.querySelector('.kaskaria-dg-swapping .kaskaria-dg-pick-hint, .kaskaria-dg-split-hint');
  return {
    hint: hint ? hint.textContent : null,
    hintSeen: hint ? inside(hint) : false,
    lit: pieces.filter((p) => p.classList.contains('kt-clickable'))
      .map((p) => p.dataset.place || `part ${p.dataset.part}`),
    // reached by the keyboard: each lit piece a button, a Tab stop of its own or one of a
    // roving group (the dragons: one Tab stop, the arrow keys inside) with exactly one stop
    keys: pieces.filter((p) => p.classList.contains('kt-clickable'))
      .every((p) => p.getAttribute('role') === 'button' && (p.getAttribute('tabindex') === '0'
        || (p.getAttribute('tabindex') === '-1' && p.closest('[data-kt-roving]')
            && p.closest('[data-kt-roving]').querySelectorAll('.kt-clickable[tabindex="0"]').length === 1))),
    moves: pieces.filter((p) => p.dataset.move).map((p) => p.dataset.move).sort(),
    first: pieces.filter((p) => p.getAttribute('aria-pressed') === 'true')
      .map((p) => p.dataset.place || `part ${p.dataset.part}`),
    item: root.querySelector('.kaskaria-dg-item-swap')?.getAttribute('aria-pressed') ?? null,
    off: [...root.querySelectorAll('button.kt-action, .kaskaria-dg-dragon[data-place], .kaskaria-dg-item-swap, .kaskaria-dg-part.kt-clickable')]
      .filter((el) => !inside(el)).map((el) => el.dataset.action || el.dataset.id),
    said: root.querySelector('.kt-msg-refused')?.textContent ?? null,
    prompt: root.querySelector('.kt-message')?.textContent ?? null,
  };
}"""


def seen(page) -> dict:
    return page.locator(".kaskaria-table").evaluate(_SWAPPING_JS)


def piece(page, kind: str, n: int):
    """Dragon ``n`` (its place, from 1) or part ``n`` of the split (from 0) on the board."""
    key = "place" if kind == "dragon" else "part"
    return page.locator(f'.kaskaria-dg-{kind}[data-{key}="{n}"]')


@pytest.mark.parametrize("lang", ["en", "de"])
def test_two_dragons_are_swapped_by_clicking_the_item_then_the_two_dragons(browser, lang):
    """With a Swap of dragons at the start of the child's turn: a click on a dragon first says to
    pick an adventurer or the item; a click on the item in the child's own items chooses it (the
    line says to click the first dragon); the first dragon clicked is marked and the line says to
    click the one to swap it with (the others make the swap); a click on it again lets it go,
    Escape lets go of the item; by keyboard (Enter on the item and on two dragons) the swap is
    played, the very move of the legal list. At 1280 x 800, 1024 x 768 and 683 x 512 the line,
    the dragons, the item and every move's button stay on the first screen. Around it: a token
    of the child's screen clicked on the turn says why it is refused (tokens are traded at the
    market, later), not the turn's task again; the player cards say what the child saw the others
    take, and the child's own card is never a blank box (on a small table it holds a chest and
    the child's count of tokens); after the swap, Take back names it in one line and Autoplay
    stays on the first screen."""
    import kaskaria
    from kaskaria.widgets import DragonsGoldTable

    says = SWAP_SAYS[lang]
    for size, (w, h) in bs.ONE_SCREEN_SIZES.items():
        match = kaskaria.setup(
            "dragons-gold",
            players=3,
            items={0: ["swap-dragons"]},
            screens={0: "3 silver", 1: "-", 2: "-"},
        )
        table = DragonsGoldTable.from_match(
            match, seats=("human", "easy", "easy"), lang=lang, autoplay=None
        )
        legal = {str(a) for a in table.state.legal_actions()}
        widget = bs.WidgetPage(browser, table, viewport={"width": w, "height": h})
        page = widget.page
        try:
            # 1. a dragon clicked before anything is picked: why it makes no move, in one line
            # (dragon 1: it shakes a moment, and the mouse clicks dragon 2 next)
            prompt = table.view["message"]["prompt"]
            assert prompt and seen(page)["prompt"] == prompt, (size, seen(page))
            cards = page.locator(".kaskaria-table").evaluate(_CARDS_JS)
            assert cards["sure"] == [CARD_SAYS[lang]["saw"]] * 2 or size == "683x512", cards
            assert cards["blank"] == [] and cards["heights"] == 1, (size, cards)
            if size == "683x512":  # the names only, and on the child's card its tokens
                assert cards["holds"] == "3" and cards["sure"] == [], (size, cards)
            piece(page, "dragon", 1).click()
            assert seen(page)["said"] == says["first"], (size, seen(page))
            assert widget.relay() == []
            # 2. the item chosen: every dragon answers, none makes a move yet
            page.locator(".kaskaria-dg-item-swap").click()
            now = seen(page)
            assert now["item"] == "true" and now["hint"] == says["pick"], (size, now)
            assert now["prompt"] == says["pick"], (size, now)  # the prompt says the step too
            assert now["lit"] == ["1", "2", "3", "4"] and now["moves"] == [], (size, now)
            assert now["keys"] and now["hintSeen"] and now["off"] == [], (size, now)
            # 3. the first dragon: marked; the three others make the swap with it
            piece(page, "dragon", 2).click()
            now = seen(page)
            assert now["first"] == ["2"] and now["hint"] == says["to"], (size, now)
            assert now["prompt"] == says["to"], (size, now)
            assert now["moves"] == [f"play swap-dragons {i}" for i in ("1 2", "2 3", "2 4")]
            assert set(now["moves"]) <= legal
            assert now["hintSeen"] and now["off"] == [], (size, now)
            # (the dragons pressed or lit are buttons a screen reader can name: axe finds nothing
            # serious, and no role the element does not allow)
            found = bs.run_axe(page, ".kaskaria-table")
            assert bs.serious(found) == [], (size, bs.serious(found))
            assert [v for v in found if v["id"] == "aria-allowed-role"] == [], found
            # 4. the same dragon again lets it go; Escape lets go of the item
            piece(page, "dragon", 2).click()
            now = seen(page)
            assert now["first"] == [] and now["hint"] == says["pick"] and now["moves"] == []
            piece(page, "dragon", 3).focus()
            page.keyboard.press("Enter")
            assert seen(page)["first"] == ["3"]
            page.keyboard.press("Escape")
            now = seen(page)
            assert now["item"] == "false" and now["lit"] == [] and now["first"] == [], now
            assert now["prompt"] == prompt, now  # nothing picked: the turn's own prompt again
            assert widget.relay() == [] and len(table.match.actions) == 0
            # 5. by keyboard: the item, dragon 4, dragon 1: the swap is played
            page.locator(".kaskaria-dg-item-swap").focus()
            page.keyboard.press("Enter")
            piece(page, "dragon", 4).focus()
            page.keyboard.press("Enter")
            piece(page, "dragon", 1).focus()
            page.keyboard.press("Enter")
            sent = widget.relay()
            assert [m["action"] for m in sent] == ["play swap-dragons 1 4"], sent
            assert table.match.lines()[0] == "play swap-dragons 1 4"
            # the item is spent: nothing stays picked or lit; what happened says which dragons
            now = seen(page)
            assert now["item"] is None and now["lit"] == [] and now["first"] == [], now
            page.wait_for_function(
                "(want) => (document.querySelector('.kt-summary')?.textContent ?? '').includes(want)",
                arg=SWAPPED[lang],
            )
            assert now["prompt"] == table.view["message"]["prompt"], now
            undo = page.locator(".kaskaria-table").evaluate(_UNDO_JS)
            assert undo["label"] == CARD_SAYS[lang]["undo"] and undo["lines"] == 1, (size, undo)
            assert undo["inView"], (size, undo)
            # still the child's turn: a token of the screen clicked says why it makes no move
            page.locator(".kaskaria-dg-screen .kaskaria-dg-token").first.click()
            widget.relay()
            said = page.locator(".kt-message").first.text_content()
            assert said == CARD_SAYS[lang]["market"], (size, said)
            assert table.match.lines() == ["play swap-dragons 1 4"]
            assert widget.watch.errors() == []
        finally:
            widget.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_two_shares_are_swapped_by_clicking_one_share_then_the_other(browser, lang):
    """Once the shares are agreed, the child holding a Swap of shares clicks one share (marked;
    the line says to click the one to swap it with), then the other: the swap is played. A click
    on the first again lets it go; a click on the Swap of dragons it also holds says when that one
    is played. At the three sizes the shares and every move lie on the first screen."""
    import kaskaria
    from kaskaria.widgets import DragonsGoldTable

    says = SWAP_SAYS[lang]
    dragon = {"card": 0, "treasure": "2 gold", "attackers": [(0, "thief"), (1, "big-knight")]}
    for size, (w, h) in bs.ONE_SCREEN_SIZES.items():
        match = kaskaria.setup(
            "dragons-gold",
            players=3,
            dragons=[dragon],
            killed=0,
            items={0: ["swap-shares", "swap-dragons"]},
            shares={0: "gold", 1: "gold"},
            swapping=[0],
        )
        table = DragonsGoldTable.from_match(
            match, seats=("human", "easy", "easy"), lang=lang, autoplay=None
        )
        assert table.state.phase == "swap"
        widget = bs.WidgetPage(browser, table, viewport={"width": w, "height": h})
        page = widget.page
        try:
            now = seen(page)
            assert now["hint"] == says["shares_pick"] and now["lit"] == ["part 0", "part 1"]
            assert now["keys"] and now["moves"] == [] and now["off"] == [], (size, now)
            page.locator(".kaskaria-dg-item-swap").click()
            now = seen(page)
            assert now["said"] == says["not_now"] and now["item"] == "false", (size, now)
            piece(page, "part", 1).click()
            now = seen(page)
            assert now["first"] == ["part 1"] and now["hint"] == says["shares_to"], (size, now)
            assert now["prompt"] == says["shares_to"], (size, now)
            assert now["moves"] == ["play swap-shares 1 2"] and now["off"] == [], (size, now)
            piece(page, "part", 1).click()
            assert seen(page)["first"] == [] and seen(page)["moves"] == []
            piece(page, "part", 1).focus()
            page.keyboard.press("Enter")
            piece(page, "part", 0).click()
            sent = widget.relay()
            assert [m["action"] for m in sent] == ["play swap-shares 1 2"], sent
            assert table.match.lines()[0] == "play swap-shares 1 2"
            assert widget.watch.errors() == []
        finally:
            widget.close()


#: what lies outside its dragon card (an element's box or a line of its words), and what of a
#: dragon card lies over a button or the side column beside the board (CSS px)
_OUT_OF_CARDS_JS = """() => {
  const root = document.querySelector('.kaskaria-table');
  const shown = (el) => el.getClientRects().length > 0;
  const out = [];
  const outside = (b, c) => b.width > 0 && (b.left < c.left - 0.5 || b.right > c.right + 0.5 ||
                                            b.top < c.top - 0.5 || b.bottom > c.bottom + 0.5);
  const over = (a, b) => a.width > 0 && b.width > 0 && a.left < b.right - 0.5 &&
    b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const name = (el) => (el.getAttribute('class') || el.tagName).split(' ')[0];
  const cards = [...root.querySelectorAll('.kaskaria-dg-dragon')].filter(shown);
  const fences = [...root.querySelectorAll('button, .kt-side')].filter(shown);
  for (const card of cards) {
    const c = card.getBoundingClientRect();
    for (const el of card.querySelectorAll('*')) {
      if (shown(el) && outside(el.getBoundingClientRect(), c)) out.push(`${name(el)} out of its card`);
    }
    const walk = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (!n.data.trim() || !shown(n.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const b of range.getClientRects()) {
        if (outside(b, c)) out.push(`"${n.data.trim()}" out of its card`);
      }
    }
    for (const el of [card, ...card.querySelectorAll('*')].filter(shown)) {
      for (const f of fences) {
        if (!card.contains(f) && over(el.getBoundingClientRect(), f.getBoundingClientRect())) {
          out.push(`${name(el)} over ${name(f)} ${(f.textContent || '').trim().slice(0, 30)}`);
        }
      }
    }
  }
  return {cards: cards.length, fighters: root.querySelectorAll('.kaskaria-dg-fighter').length,
          out: [...new Set(out)]};
}"""

#: where a table is drawn: the window, and the width JupyterLab 4.6 leaves a notebook's output
#: there (with its file browser open; at 683 x 512 also with it closed), measured in Lab
#: each dragon's attack ("Angriff 7 / 10"): how many lines its words take, whether its numbers
#: share one line, and whether the words run out of the card
_ATTACK_LINES_JS = """() => [...document.querySelectorAll('.kaskaria-dg-attack')]
  .filter((el) => el.getClientRects().length).map((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const node = walker.nextNode();
    const tops = (from) => {
      const range = document.createRange();
      range.setStart(node, from); range.setEnd(node, node.length);
      return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    };
    const range = document.createRange(); range.selectNodeContents(node);
    const right = Math.max(...[...range.getClientRects()].map((r) => r.right));
    return {text: node.textContent, lines: tops(0).size, numbers: tops(node.textContent.search(/\\d/)).size,
            out: right - el.closest('.kaskaria-dg-dragon').getBoundingClientRect().right};
  })"""

CARD_SIZES = {
    "1280x800": ((1280, 800), None),
    "1024x768": ((1024, 768), None),
    "683x512": ((683, 512), None),
    "lab-1280x800": ((1280, 800), 848),
    "lab-1024x768": ((1024, 768), 592),
    "lab-683x512": ((683, 512), 567),
    "lab-683x512-file-browser": ((683, 512), 315),
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_fighters_chip_stays_inside_its_dragon_card(browser, lang):
    """A child tester saw "small knight (3)" cross Dragon 1's right border in JupyterLab at
    1280 x 800, cover part of "Play whole turn" at 683 x 512 on the class server's pupil page,
    and "kleiner Ritter (3)" cover the side column in German. With two fighters on a dragon and
    one on each other, at the person's turn and at a bot's, at every size: nothing of a dragon
    card (a chip, a line of its words) lies outside the card or over a button or the side
    column, and no word is broken. The attack's numbers stay on one line ("Angriff 0 / 10", a
    child saw "Angriff 0 /" over "10"), and its words too on the wider cards."""
    import kaskaria
    from kaskaria.widgets import DragonsGoldTable

    dragons = [
        {"card": 15, "attackers": [(1, "small-knight"), (2, "big-knight")]},
        {"card": 16, "attackers": [(3, "small-knight"), (0, "wizard")]},
        {"card": 17, "attackers": [(2, "small-knight")]},
        {"card": 11, "attackers": [(1, "thief")]},
    ]
    found = []
    for to_move in (0, 1):
        match = kaskaria.setup("dragons-gold", players=4, seed=1, dragons=dragons, to_move=to_move)
        for size, ((width, height), output) in CARD_SIZES.items():
            table = DragonsGoldTable.from_match(
                match,
                seats=("human", "easy", "medium", "hard"),
                lang=lang,
                autoplay=None,
                hints=True,
            )
            widget = bs.WidgetPage(browser, table, viewport={"width": width, "height": height})
            try:
                page = widget.page
                if output is not None:  # as wide as a notebook's output in JupyterLab
                    page.add_style_tag(content=f"#out {{ width: {output}px; }}")
                    page.wait_for_function(
                        "(w) => document.querySelector('.kaskaria-table')"
                        ".getBoundingClientRect().width <= w",
                        arg=output,
                    )
                if to_move == 1:
                    assert page.locator("button.kt-play-turn").is_visible()
                seen = page.evaluate(_OUT_OF_CARDS_JS)
                assert seen["cards"] == 4 and seen["fighters"] == 6, seen
                found += [(to_move, size, o) for o in seen["out"]]
                found += [
                    (to_move, size, f"broken: {w}")
                    for w in bs.broken_words(page, ".kaskaria-dg-dragons")
                ]
                # a child saw "Angriff 0 /" over "10" in JupyterLab: the attack's numbers stay
                # on one line, and its words too where the card is wide enough for them
                attacks = page.evaluate(_ATTACK_LINES_JS)
                assert len(attacks) == 4, attacks
                for attack in attacks:
                    wide = size in ("1280x800", "1024x768", "lab-1280x800")
                    if (
                        attack["numbers"] != 1
                        or attack["out"] > 1
                        or (wide and attack["lines"] > 1)
                    ):
                        found.append((to_move, size, attack))
                assert widget.watch.errors() == []
            finally:
                widget.close()
    assert found == [], found


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_dragon_whose_treasure_is_shared_says_so_instead_of_its_tokens(browser, lang):
    """A child tester read "Sharing the treasure of dragon 2" above a dragon 2 card that still
    listed the same tokens, and took them for a second treasure. While a treasure is being
    shared, that dragon's card (and only it) says "Shared out now" in the split's gold instead
    of its tokens; the other dragons keep theirs. The same tester, on a projector, found the
    child's own tokens below the dragons and off the first screen while the shares' worth spoke
    of majorities: while a split is decided "Behind your screen" comes right under it, above the
    dragons, on the first screen; and on a small table (a projector, a notebook beside
    JupyterLab's file browser) the four shares of a four-player split show no gems to click (the
    token with the tick goes to the player clicked, as the hint says), which a larger table
    keeps."""
    from dg_support import table_played_until

    table = table_played_until(
        lambda v: (
            "split" in v["board"]["words"]
            and v["turn"]["to_move"] == "human"
            and any(a["action"].startswith("give ") for a in v["moves"]["actions"])
            and any(v["board"]["observation"]["players"][0]["screen"].values())
            and len(v["board"]["words"]["split"]["parts"]) == 4
        ),
        players=4,
        lang=lang,
        seed=2,
    )
    assert table is not None
    view = table.view
    place = view["board"]["observation"]["split"]["dragon"]
    said = [d.get("sharing", "") for d in view["board"]["words"]["dragons"]]
    note = {"en": "Shared out now", "de": "Wird gerade verteilt"}[lang]
    assert said == [note if i == place else "" for i in range(len(said))], said
    widget = bs.WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    try:
        page = widget.page
        cards = page.locator(".kaskaria-dg-dragon[data-place]")
        for k in range(cards.count()):
            card = cards.nth(k)
            i = int(card.get_attribute("data-place") or 0) - 1  # (an empty place has none)
            shared = i == place
            assert ("kaskaria-dg-sharing" in (card.get_attribute("class") or "")) == shared
            tokens = card.locator(".kaskaria-dg-treasure .kaskaria-dg-token").count()
            if shared:
                assert tokens == 0 and note in card.inner_text()
                colour = card.evaluate("(e) => getComputedStyle(e).borderTopColor")
                split = page.locator(".kaskaria-dg-split").first
                assert colour == split.evaluate("(e) => getComputedStyle(e).borderTopColor")
            else:
                assert note not in card.inner_text()
                assert tokens == sum(
                    1 for n in view["board"]["observation"]["dragons"][i]["treasure"].values() if n
                )
        mine = view["board"]["observation"]["players"][0]["screen"]
        assert sum(mine.values()) > 0, mine  # the child holds tokens: its screen is drawn
        # (640 x 768: a notebook beside JupyterLab's file browser, narrow but not short)
        for width, height in ((683, 512), (640, 768), (1280, 800)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function("(w) => window.innerWidth === w", arg=width)
            boxes = page.evaluate(
                """() => Object.fromEntries(['.kaskaria-dg-split', '.kaskaria-dg-screen',
                    '.kaskaria-dg-dragons'].map((s) => [s,
                    document.querySelector(s).getBoundingClientRect().toJSON()]))"""
            )
            split, screen, dragons = boxes.values()
            assert split["bottom"] <= screen["top"] < dragons["top"], (width, boxes)
            assert screen["bottom"] <= height, (width, boxes)
            gems = page.locator(".kaskaria-dg-split .kaskaria-dg-give")
            assert gems.count() > 0
            assert gems.first.is_visible() is (width > 760), width
        assert widget.watch.errors() == []
    finally:
        widget.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_name_of_the_player_to_move_stays_inside_its_card_on_a_projector(browser, lang):
    """A child tester saw "▶ Player 4" cut at its card's right edge at a four-player table at
    683 x 512. Every player's name (the ▶ of the player to move included) lies inside its card,
    and no name is broken inside itself ("Player" and "4" on one line)."""
    from dg_support import table_played_until

    table = table_played_until(lambda v: v["turn"]["player"] == 3, players=4, lang=lang, seed=2)
    assert table is not None
    widget = bs.WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    try:
        cards = widget.page.evaluate(
            """() => [...document.querySelectorAll('.kt-player')].map((c) => {
              const name = c.querySelector('.kt-player-name');
              const label = name.querySelector('.kt-player-label');
              const box = c.getBoundingClientRect(), n = name.getBoundingClientRect();
              return {text: name.textContent, right: n.right, inside: box.right - c.clientLeft,
                      lines: label.getClientRects().length};
            })"""
        )
        assert any(c["text"].startswith("\u25b6") for c in cards), cards
        for c in cards:
            assert c["right"] <= c["inside"] + 0.5, c
            assert c["lines"] == 1, c
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: each share's worth as drawn: the whole sentence, its short form, whether each is drawn, and
#: whether the share is the screen's own ("You get")
_SHARE_WORTHS_JS = """() => [...document.querySelectorAll('.kaskaria-dg-split .kaskaria-dg-share')]
  .map((share) => {
    const drawn = (el) => !!el && el.getClientRects().length > 0
      && el.getBoundingClientRect().width > 1;
    const whole = share.querySelector('.kaskaria-dg-worth');
    const brief = share.querySelector('.kaskaria-dg-worth-brief');
    return {mine: share.classList.contains('kaskaria-dg-mine'), whole: whole.textContent,
            brief: brief && brief.textContent, wholeDrawn: drawn(whole), briefDrawn: drawn(brief)};
  })"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_answering_on_a_projector_reads_its_own_share_whole_and_the_others_short(browser, lang):
    """A tester answering a four-share split in German on a projector saw four whole worths
    ("jetzt 0 Punkte, dazu 2 Edelsteine: bisher am meisten Grün und Gelb.") push the child's own
    tokens off the first screen. On a projector (683 x 512) the child's own share ("You get")
    keeps its whole worth, the majorities included, and the other shares say theirs in short
    ("2 points now, 1 gem."); a larger screen shows every worth whole."""
    table = bs.one_screen_tables(lang)["dragons-gold-answer"]
    parts = table.view["board"]["words"]["split"]["parts"]
    widget = bs.WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    try:
        page = widget.page
        for width, height in ((683, 512), (1280, 800)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function("(w) => window.innerWidth === w", arg=width)
            shares = page.evaluate(_SHARE_WORTHS_JS)
            assert [s["whole"] for s in shares] == [p["worth"] for p in parts]
            assert sum(s["mine"] for s in shares) == 1, shares
            briefs = 0
            for s, p in zip(shares, parts, strict=True):
                short = width == 683 and not s["mine"] and p["worth_brief"] != p["worth"]
                assert s["wholeDrawn"] is not short and s["briefDrawn"] is short, (width, s)
                briefs += short
            assert briefs > 0 or width > 683, shares  # some other share said in short
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: the element that has the focus: its data-id and the name a screen reader says
_FOCUSED_JS = """() => { const e = document.activeElement;
  return [e.getAttribute('data-id') || e.className.split(' ')[0], e.getAttribute('aria-label') || e.innerText]; }"""


def test_an_adventurer_is_sent_by_keyboard_with_few_tab_stops(browser):
    """A child tester needed sixteen Tab stops to send the last adventurer: the adventurers to
    pick are one Tab stop, the dragons one, and each adventurer's row of dragons in the moves
    one, the arrow keys (Home, End) moving inside each. Both ways send the chosen move."""
    from kaskaria.widgets import DragonsGoldTable

    def table():
        return DragonsGoldTable(
            players=4,
            seats=("human", "easy", "medium", "hard"),
            seed=2,
            lang="en",
            autoplay=None,
            hints=True,
        )

    # drawn while the page is hidden, then shown, as Voila draws an app (a tester found every
    # button a Tab stop of its own on an app's first turn)
    widget = bs.WidgetPage(
        browser, table(), viewport={"width": 1024, "height": 768}, hidden_first=True
    )
    try:
        page = widget.page
        page.evaluate("() => document.querySelector('.kaskaria-table').focus()")
        stops = []
        for _ in range(7):
            page.keyboard.press("Tab")
            stops.append(page.evaluate(_FOCUSED_JS))
        # the Hint, the adventurers (one stop), a row for each adventurer, then the autoplay
        assert [s[0] for s in stops[:2]] == ["kt-hint-button", "pick-big-knight"], stops
        assert [s[1] for s in stops[2:6]] == [
            f"Send the {who} to dragon 1"
            for who in ("big knight (4)", "small knight (3)", "thief (2)", "wizard (1)")
        ], stops
        assert stops[6][0] == "kt-autoplay", stops
        # in the moves: End on the wizard's row reaches its last dragon, Home its first
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("End")
        assert page.evaluate(_FOCUSED_JS)[1] == "Send the wizard (1) to dragon 4"
        page.keyboard.press("Home")
        page.keyboard.press("ArrowLeft")  # round from the first to the last
        assert page.evaluate(_FOCUSED_JS)[1] == "Send the wizard (1) to dragon 4"
        page.keyboard.press("Enter")
        assert [m["action"] for m in widget.relay()] == ["send wizard to dragon 4"]
        assert widget.watch.errors() == []
    finally:
        widget.close()
    # on the board: Tab to the adventurers, the arrows to the wizard, Enter picks it; Tab to the
    # dragons, the arrows to Dragon 4, Enter sends it there
    widget = bs.WidgetPage(browser, table(), viewport={"width": 1024, "height": 768})
    try:
        page = widget.page
        page.evaluate("() => document.querySelector('.kaskaria-table').focus()")
        for key in ("Tab", "Tab", "ArrowRight", "ArrowRight", "ArrowRight"):
            page.keyboard.press(key)
        assert page.evaluate(_FOCUSED_JS) == ["pick-wizard", "wizard (1)"]
        page.keyboard.press("Enter")
        page.keyboard.press("Tab")
        assert page.evaluate(_FOCUSED_JS) == ["dragon-1", "Send the wizard (1) to dragon 1"]
        page.keyboard.press("End")
        assert page.evaluate(_FOCUSED_JS) == ["dragon-4", "Send the wizard (1) to dragon 4"]
        page.keyboard.press("Enter")
        assert [m["action"] for m in widget.relay()] == ["send wizard to dragon 4"]
        assert widget.watch.errors() == []
    finally:
        widget.close()


_SEND_BUTTONS_JS = """() => [...document.querySelectorAll('.kaskaria-dg-row-send button')].map((b) => {
  const r = b.getBoundingClientRect();
  // the lines the button's words take: the tops of its visible text's boxes
  const tops = new Set();
  const walk = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.textContent.trim() || !n.parentElement.getClientRects().length) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const box of range.getClientRects()) if (box.width > 0) tops.add(Math.round(box.top));
  }
  return {action: b.dataset.action, name: b.getAttribute('aria-label'), text: b.innerText.trim(),
          lines: tops.size, width: r.width, height: r.height, bottom: r.bottom, right: r.right,
          over: b.scrollWidth > b.clientWidth + 1, key: !!b.querySelector('.kt-key:not([hidden])')
            && b.querySelector('.kt-key').getClientRects().length > 0};
})"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_dragons_buttons_keep_their_words_on_one_line(browser, lang):
    """A child tester read "Dragon / 1" in two lines on every send button of a tablet's side
    and a projector's, and "Recall the fighters of dragon 2" a word a line. Each send button,
    and each dragon a Recall may be played on (a row of its own, "Recall: the fighters of"),
    now says "Dragon 1" on one line, or where a quarter of the row cannot hold it the dragon's
    picture and its number; its name says the whole move; no key's number beside it; at least
    24 x 24 px, nothing cut, on the first screen at the three sizes."""
    from dg_support import table_played_until

    words = {
        "en": ("Dragon", "Recall: the fighters of"),
        "de": ("Drache", "Rückruf: die Kämpfer von"),
    }
    dragon, recall = words[lang]
    table = table_played_until(
        lambda v: (
            v["turn"]["to_move"] == "human"
            and any(a["action"].startswith("play recall ") for a in v["moves"]["actions"])
            and any(a["kind"] == "send" for a in v["moves"]["actions"])
        ),
        lang=lang,
        seed=2,
    )
    assert table is not None
    moves = {a["action"]: a for a in table.view["moves"]["actions"]}
    widget = bs.WidgetPage(browser, table)
    try:
        label = widget.page.locator(".kaskaria-dg-row-send .kaskaria-dg-row-label").first
        assert label.inner_text() == recall
        for size, (w, h) in bs.ONE_SCREEN_SIZES.items():
            widget.page.set_viewport_size({"width": w, "height": h})
            widget.page.wait_for_timeout(50)
            buttons = widget.page.evaluate(_SEND_BUTTONS_JS)
            recalls = [b for b in buttons if b["action"].startswith("play recall ")]
            assert recalls and len(buttons) > len(recalls), (size, buttons)
            for b in buttons:
                where = (lang, size, b)
                n = b["action"].split()[-1]
                assert b["lines"] == 1 and not b["over"], where
                assert b["text"] in (f"{dragon} {n}", n), where
                assert b["name"] == moves[b["action"]]["label"] or b["name"] == moves[
                    b["action"]
                ].get("name"), where
                assert not b["key"], where
                assert b["width"] >= 24 and b["height"] >= 24, where
                assert b["bottom"] <= h + 0.5 and b["right"] <= w + 0.5, where
        assert widget.watch.errors() == []
    finally:
        widget.close()
