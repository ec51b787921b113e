"""The table in a real Chromium, without JupyterLab (fast): its layout on a narrow notebook and on a
projector, a whole bot turn played by one click, and the keyboard.

The widget's module and styles are served from memory exactly as anywidget gets them
(browser_support.WidgetPage); Python's own message handler answers the page. Layout is checked with
bounding boxes in three viewports: 360 x 800 (JupyterLab at 700 px with its file browser open
leaves the table about 330 px), 700 x 900, and 1280 x 720 (a 1920 x 1080 projector at 150 %).
Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import browser_support as bs
import pytest
from browser_support import WidgetPage

from kaskaria.widgets import DragonBattleTable

pytestmark = pytest.mark.browser

SET_UP = ["draw maid", "draw king", "draw knight", "draw page"]
THREE = ("human", "optimal", "cautious")
VIEWPORTS = {"360x800": (360, 800), "700x900": (700, 900), "1280x720": (1280, 720)}


def roll_with_silver(lang):
    """A first roll of yellow, red, blue and silver: three placements and silver on four dragons."""
    return DragonBattleTable(
        players=3,
        seats=THREE,
        seed=1,
        lang=lang,
        actions=[*SET_UP, "roll", "roll yellow red blue silver"],
    )


def silver_on_a_dragon(lang):
    """Silver already on the purple dragon, and the next roll shows silver again."""
    lines = [*SET_UP, "roll", "roll blue silver silver yellow", "place silver on purple", "roll"]
    return DragonBattleTable(
        players=3, seats=THREE, seed=1, lang=lang, actions=[*lines, "roll red silver"]
    )


def decision_with_meter(lang):
    """Roll on or stop, with the odds meter."""
    lines = [*SET_UP, "roll", "roll black blue red red", "place red"]
    return DragonBattleTable(players=3, seats=THREE, seed=1, lang=lang, actions=lines)


def game_over(lang):
    """Four bots played to the end: one winner."""
    table = DragonBattleTable(
        players=4, seats=("optimal", "cautious", "optimal", "all-in"), seed=5, lang=lang
    )
    table.run_bots()
    assert table.state.phase == "over" and len(table.state.winners()) == 1
    return table


POSITIONS = {
    "silver-roll": roll_with_silver,
    "silver-placed": silver_on_a_dragon,
    "decide": decision_with_meter,
    "over": game_over,
}

_MEASURE = """() => {
  const box = (el) => {
    const b = el.getBoundingClientRect();
    return {left: b.left, right: b.right, top: b.top, bottom: b.bottom, width: b.width,
            height: b.height};
  };
  const root = document.querySelector('.kaskaria-table');
  const visible = (el) => el.getClientRects().length > 0;
  const name = (el) => `${el.tagName.toLowerCase()}.${el.className.split(' ')[0]}` +
    ` "${(el.textContent || '').trim().slice(0, 40)}"`;
  const controls = [...root.querySelectorAll('button, select, input')].filter(visible)
    .map((el) => ({name: name(el), box: box(el), tag: el.tagName,
                   clipped: el.tagName === 'BUTTON' && el.scrollWidth > el.clientWidth + 1}));
  const cards = [...root.querySelectorAll('.kt-player')].map((card) => ({
    box: box(card),
    parts: [...card.querySelectorAll('*')].filter(visible)
      .map((el) => ({name: name(el), box: box(el)})),
  }));
  const tag = root.querySelector('.kt-win-tag');
  const part = (sel) => { const el = root.querySelector(sel); return el ? box(el) : null; };
  const undo = root.querySelector('.kt-undo');
  const reason = root.querySelector('.kt-undo-reason');
  return {
    viewport: {width: window.innerWidth, height: window.innerHeight},
    scrollWidth: document.documentElement.scrollWidth,
    scrollY: window.scrollY,
    root: box(root),
    controls,
    cards,
    winTag: tag ? {box: box(tag), card: box(tag.closest('.kt-player'))} : null,
    dragons: part('.kaskaria-db-dragons'),
    middle: part('.kaskaria-db-middle'),
    actions: [...root.querySelectorAll('button.kt-action')].map(box),
    steps: [...root.querySelectorAll('.kt-steps button, .kt-steps select')].map(box),
    meter: part('.kaskaria-db-meter'),
    scores: [...root.querySelectorAll('.kt-score')].map(box),
    result: part('.kt-results'),
    undo: undo && undo.getClientRects().length ? {disabled: undo.disabled, describedBy: undo.getAttribute('aria-describedby'),
           reasonId: reason ? reason.id : null, reason: reason ? box(reason) : null,
           reasonText: reason ? reason.textContent : null} : null,
    dice: [...root.querySelectorAll('.kaskaria-db-die')]
      .filter((d) => !d.classList.contains('kaskaria-db-in-hand'))
      .map((d) => ({face: d.getAttribute('data-face'), label: d.getAttribute('aria-label'),
                   mark: (d.querySelector('svg.kt-die-art') || {}).getAttribute?.('class') || '',
                   box: box(d)})),
    autoplay: {disabled: root.querySelector('.kt-autoplay').disabled,
               pressed: root.querySelector('.kt-autoplay').getAttribute('aria-pressed')},
    text: root.innerText,
  };
}"""

#: each face's drawn mark (a shape of its own, so the dice read in black and white)
MARKS = {
    "black": "cloud",
    "silver": "shields",
    "yellow": "sun",
    "red": "flame",
    "blue": "drop",
    "purple": "star",
}


def inside(inner, outer, slack=0.5):
    return (
        inner["left"] >= outer["left"] - slack
        and inner["right"] <= outer["right"] + slack
        and inner["top"] >= outer["top"] - slack
        and inner["bottom"] <= outer["bottom"] + slack
    )


@pytest.fixture(scope="module")
def layout_report(browser_report):
    lines: list[str] = []
    yield lines
    browser_report(["table layout (bottom of each part, CSS px; viewport width x height):", *lines])


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("position", list(POSITIONS))
def test_layout_fits_from_a_narrow_notebook_to_a_projector(browser, position, lang, layout_report):
    table = POSITIONS[position](lang)
    widget = WidgetPage(browser, table)
    page = widget.page
    try:
        for size, (width, height) in VIEWPORTS.items():
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("() => window.scrollTo(0, 0)")
            page.wait_for_function(
                "(w) => document.querySelector('.kaskaria-table').getBoundingClientRect().right"
                " <= w",
                arg=width,
            )
            m = page.evaluate(_MEASURE)
            where = f"{position} {lang} {size}"
            bs.page_screenshot(
                page, f"table-{position}-{lang}-{size}.png", full_page=size != "1280x720"
            )
            root = m["root"]
            # nothing sticks out: no horizontal scrolling, every control inside the table
            assert m["scrollWidth"] <= width, (where, m["scrollWidth"])
            assert root["right"] <= width, where
            for c in m["controls"]:
                assert root["left"] - 0.5 <= c["box"]["left"], (where, c["name"])
                assert c["box"]["right"] <= root["right"] + 0.5, (where, c["name"], c["box"])
                assert not c["clipped"], (where, "text cut off in", c["name"])
            for card in m["cards"]:
                for part in card["parts"]:
                    assert inside(part["box"], card["box"]), (where, part["name"])
            # the disabled Undo says why, in plain sight, and points at the words
            # the end screen offers "Play again", no take-back
            assert (m["undo"] is None) == (position == "over"), where
            if m["undo"] and m["undo"]["disabled"]:
                assert m["undo"]["reason"] and m["undo"]["reason"]["height"] > 0, where
                assert m["undo"]["reasonText"].strip(), where
                assert m["undo"]["describedBy"] == m["undo"]["reasonId"], where
            # dice are drawn with their face's own mark (colour-blind learners) and a readable size
            for die in m["dice"]:
                assert f"kt-mark-{MARKS[die['face']]}" in die["mark"].split(), (where, die)
                assert die["label"], (where, die)  # and its colour's name for screen readers
                assert die["box"]["width"] >= 28, (where, die)
            assert "null" not in m["text"].split() and "undefined" not in m["text"], where
            if position == "over":
                tag = m["winTag"]
                assert tag is not None and inside(tag["box"], tag["card"]), (where, tag)
                assert m["autoplay"] == {"disabled": True, "pressed": "false"}, where
            if size == "1280x720":
                # one projector screen: dragons, dice, every button and the meter, no scrolling
                assert m["scrollY"] == 0
                first_screen = {"top": 0, "left": 0, "right": width, "bottom": height}
                # while the game runs the meter helps decide; once it is over the results
                # take its place (over the board) and the meter is gone
                helper = ("results", m["result"]) if position == "over" else ("meter", m["meter"])
                if position == "over":
                    assert m["meter"] is None, where
                for label, part in [
                    ("dragons", m["dragons"]),
                    ("dice", m["middle"]),
                    helper,
                    *[("action", b) for b in m["actions"]],
                    *[("step control", b) for b in m["steps"]],
                    *[("score", b) for b in m["scores"]],
                ]:
                    assert part is not None and inside(part, first_screen), (where, label, part)
                if position != "over":
                    assert m["actions"], where
            bottoms = {
                k: round(m[k]["bottom"]) for k in ("dragons", "middle", "meter") if m[k] is not None
            }
            if m["actions"]:
                bottoms["buttons"] = round(max(b["bottom"] for b in m["actions"]))
            if m["scores"]:
                bottoms["scores"] = round(max(b["bottom"] for b in m["scores"]))
            layout_report.append(
                f"  {where}: table {round(root['width'])} x {round(root['height'])}, "
                + ", ".join(f"{k} {v}" for k, v in bottoms.items())
            )
        assert widget.watch.errors() == []
    finally:
        widget.close()


_RECORD = """() => {
  window.__frames = [];
  const root = document.querySelector('.kaskaria-table');
  const read = () => ({
    version: root.getAttribute('data-version'),
    busy: root.getAttribute('aria-busy'),
    phase: root.getAttribute('data-phase'),
    rolled: root.querySelectorAll('.kaskaria-db-rolled .kaskaria-db-die').length,
    onDragons: root.querySelectorAll('.kaskaria-db-dragon .kaskaria-db-die').length,
    next: root.querySelector('.kt-next').disabled,
    turn: root.querySelector('.kt-play-turn').disabled,
    actions: [...root.querySelectorAll('button.kt-action')].map((b) => b.dataset.action),
    summary: [...root.querySelectorAll('.kt-summary-lines li')].map((li) => li.textContent),
    wait: (root.querySelector('.kt-wait') || {}).textContent || null,
  });
  new MutationObserver(() => window.__frames.push(read())).observe(root, {
    attributes: true, attributeFilter: ['data-version'],
  });
}"""


def test_one_click_plays_a_whole_bot_turn_drawing_each_step(browser):
    # seed 4: the bot rolls, sets silver aside, rolls on, and its last die shows black (5 steps)
    table = DragonBattleTable(seats=("optimal", "human"), seed=4, autoplay=None)
    table.pace = 0.3
    twin = DragonBattleTable(seats=("optimal", "human"), seed=4, autoplay=None)
    twin.pace = 0.3  # the same versions as the table's
    expected = []
    while twin.view["moves"]["next"] is not None:
        twin.next()
        view = twin.view
        expected.append((str(view["version"]), view["turn"]["phase"], view["summary"]["lines"]))
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    page = widget.page
    try:
        page.evaluate(_RECORD)
        version = table.view["version"]
        play = page.locator("button.kt-play-turn")
        assert play.is_enabled() and play.text_content() == "Play whole turn"
        play.click()
        sent = page.evaluate("() => window.__sent.splice(0)")
        assert sent == [{"type": "turn", "version": version}]  # one request
        widget.handle(sent[0])
        widget.deliver()
        # Python took the first step; the page's timer asks for each next one at the pace
        # (a tick), and Python steps by its own clock until the person decides
        for _ in range(200):
            if table.state.player == 1 and table.state.phase == "start":
                break
            page.wait_for_timeout(100)
            widget.relay()
        assert table.state.player == 1 and table.state.phase == "start"
        last = str(version + len(expected))
        page.wait_for_function(
            "(v) => document.querySelector('.kaskaria-table').getAttribute('data-version') === v",
            arg=last,
            timeout=20_000,
        )
        frames = page.evaluate("() => window.__frames")
        # every step was drawn, in order, each with the summary Next would have shown
        assert [(f["version"], f["phase"]) for f in frames] == [(v, p) for v, p, _ in expected]
        for f, (_v, _p, lines) in zip(frames, expected, strict=True):
            assert f["summary"] == [line["text"] for line in lines]
        for f in frames[:-1]:
            # while the turn plays: no step or move to press, and the table says to watch
            assert f["busy"] == "true" and f["turn"] and f["actions"] == []
            assert f["wait"] == "Watch: the bots play one step after another."
        assert frames[-1]["busy"] == "false" and frames[-1]["actions"] == ["roll"]
        # learners saw the roll asked for, the dice on the tray, then dice placed on a dragon
        assert frames[0]["phase"] == "rolling" and frames[0]["rolled"] == 0
        assert frames[1]["phase"] == "place" and frames[1]["rolled"] > 0
        assert frames[2]["phase"] == "decide" and frames[2]["onDragons"] > 0
        bs.element_screenshot(page, page.locator(".kaskaria-table"), "table-turn-played.png")
        # the bots' steps stay on screen until the person's next click
        assert len(frames[-1]["summary"]) > 1
        assert frames[-1]["summary"] == [line["text"] for line in table.view["summary"]["lines"]]
        page.locator("button.kt-action").click()
        assert widget.relay()[0]["type"] == "action" and table.state.phase in ("place", "start")
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: a move's key badge as drawn: hidden from screen readers, its text, its top and bottom edges
#: and its fill beside its button's
KEYCAP_JS = """(key) => {
  const style = getComputedStyle(key);
  return {hidden: key.getAttribute('aria-hidden'), text: key.textContent,
          top: parseFloat(style.borderTopWidth), bottom: parseFloat(style.borderBottomWidth),
          fill: style.backgroundColor,
          button: getComputedStyle(key.closest('button')).backgroundColor};
}"""


def test_keys_work_only_inside_the_table_and_are_announced(browser):
    table = DragonBattleTable(seats=("optimal", "human"), seed=4, autoplay=None)
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 720})
    page = widget.page
    sent = lambda: page.evaluate("() => window.__sent.splice(0)")  # noqa: E731
    try:
        root = page.locator(".kaskaria-table")
        # announced: the hint is on screen and describes the table; each control has its key
        hint = page.locator(".kt-keys")
        assert hint.is_visible() and "T whole turn" in hint.text_content()
        assert root.get_attribute("aria-describedby") == hint.get_attribute("id")
        shortcuts = {
            name: page.locator(f"button.kt-{name}").get_attribute("aria-keyshortcuts")
            for name in ("next", "play-turn", "undo", "autoplay")
        }
        assert shortcuts == {"next": "N", "play-turn": "T", "undo": "U", "autoplay": "A"}
        # outside the table, the keys are Jupyter's: nothing is sent
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        page.keyboard.press("n")
        assert sent() == []
        # a click on the board (not on a control nor a piece) gives the table the focus
        page.locator(".kaskaria-db-supply").click(position={"x": 5, "y": 5})
        assert page.evaluate("() => document.activeElement.classList.contains('kaskaria-table')")
        page.keyboard.press("n")
        assert [m["type"] for m in sent()] == ["next"]
        page.keyboard.press("t")
        assert [m["type"] for m in sent()] == ["turn"]
        page.keyboard.press("a")
        assert sent()[0] == {"type": "autoplay", "delay": 2, "version": table.view["version"]}
        # typing in a text box is typing, not a key of the table (the settings fold open)
        page.locator("button.kt-tab-settings").click()
        page.locator(".kt-codes-title").click()  # the codes, folded away for teachers
        page.locator("input.kt-code-input").fill("ntua")
        assert sent() == []
        # the person's turn: moves by number, undo by U (the focus stays in the table)
        table.play_turn()
        widget.deliver()
        page.wait_for_function(
            "(v) => document.querySelector('.kaskaria-table').getAttribute('data-version') === v",
            arg=str(table.view["version"]),
            timeout=20_000,
        )
        roll = page.locator("button.kt-action")
        assert roll.get_attribute("aria-keyshortcuts") == "1"
        assert roll.locator(".kt-key").text_content() == "1"  # the key, on the button
        # drawn as a key of the keyboard, not a count in a frame ("[1] Angebot zurückziehen"
        # read as "withdraw 1 offer"): a keycap of its own colour with a raised lower edge,
        # skipped by screen readers (aria-keyshortcuts says the key)
        cap = roll.locator(".kt-key").evaluate(KEYCAP_JS)
        assert cap["hidden"] == "true" and cap["text"] == "1", cap
        assert cap["bottom"] >= cap["top"] + 1.5, cap
        assert cap["fill"] not in ("rgba(0, 0, 0, 0)", "transparent", cap["button"]), cap
        root.focus()
        page.keyboard.press("1")
        msgs = sent()
        assert [(m["type"], m.get("action")) for m in msgs] == [("action", "roll")]
        widget.handle(msgs[0])
        widget.deliver()
        assert table.state.phase == "place"  # seed 4: purple, red, silver, yellow
        first = table.view["moves"]["actions"][0]["action"]
        page.keyboard.press("1")
        assert [(m["type"], m.get("action")) for m in sent()] == [("action", first)]
        widget.handle({"type": "action", "action": first, "version": table.view["version"]})
        widget.deliver()
        assert table.view["moves"]["undo"]["enabled"]
        page.keyboard.press("u")
        assert [m["type"] for m in sent()] == ["undo"]
        # after every redraw the focus stayed inside the table, so its keys keep working
        assert page.evaluate(
            "() => document.querySelector('.kaskaria-table').contains(document.activeElement)"
        )
        assert widget.watch.errors() == []
    finally:
        widget.close()


def test_redraws_keep_what_a_person_is_typing_or_choosing(browser):
    # autoplay redraws the table at every bot step: a text box keeps its words and its focus, and
    # an open menu is not closed under the pointer (steps wait until a choice is made)
    table = DragonBattleTable(seats=("optimal", "human"), seed=4, autoplay=None)
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 720})
    page = widget.page
    version = lambda: page.locator(".kaskaria-table").get_attribute("data-version")  # noqa: E731
    try:
        page.locator("button.kt-tab-settings").click()  # the settings fold open
        seed = page.locator("input.kt-seed")
        seed.fill("77")
        table.next()
        widget.deliver()
        assert version() == str(table.view["version"])  # redrawn...
        assert page.locator("input.kt-seed").input_value() == "77"  # ...with the typed seed
        assert page.evaluate("() => document.activeElement.classList.contains('kt-seed')")
        # a menu opened with the pointer holds the next steps until the choice
        speed = page.locator("select.kt-speed")
        speed.dispatch_event("pointerdown")
        shown = version()
        table.next()
        widget.deliver()
        assert version() == shown  # not redrawn under the open menu
        speed.select_option("3000")
        page.wait_for_function(
            "(v) => document.querySelector('.kaskaria-table').getAttribute('data-version') === v",
            arg=str(table.view["version"]),
        )
        sent = page.evaluate("() => window.__sent.splice(0)")
        assert sent == [{"type": "pace", "delay": 3, "version": int(shown)}]
        widget.handle(sent[0])
        widget.deliver()
        assert table.pace == 3 and page.locator("select.kt-speed").input_value() == "3000"
        # New game takes the typed seed
        page.locator("button.kt-new").click()
        widget.relay()
        assert table.seed == 77
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: is the element within the window (top and bottom on screen, to a pixel's part)?
SHOWN_JS = """(el) => { const b = el.getBoundingClientRect();
  return b.top >= 0 && b.bottom <= innerHeight + 1; }"""


def test_new_game_closes_the_settings_and_shows_the_new_board(browser):
    """New game, pressed far down the page (a projector, 683 x 512): the settings close and the
    table's top comes into view. A refused seed leaves the settings open, with its reason. A
    tester in the app saw the settings stay open and the new board out of sight."""
    table = DragonBattleTable(seats=("human", "easy"), seed=4, autoplay=None)
    table.act("roll")
    widget = WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    page = widget.page
    settings = page.locator("[data-id=panel-settings]")
    top = "() => document.querySelector('.kaskaria-table').getBoundingClientRect().top"
    try:
        page.locator("button.kt-tab-settings").click()
        assert settings.is_visible()
        # a seed the table refuses: the settings stay, and say why beside the button too (the
        # message box is far above it on a projector)
        page.locator("input.kt-seed").fill("-3")
        page.locator("button.kt-new").scroll_into_view_if_needed()
        page.locator("button.kt-new").click()
        widget.relay()
        assert table.seed == 4 and settings.is_visible()
        assert page.locator("button.kt-tab-settings").get_attribute("aria-expanded") == "true"
        said = table.view["message"]["text"]
        assert said.startswith("A seed is a whole number")
        reason = page.locator(".kt-new-refused")
        reason.wait_for()
        assert reason.text_content() == said and reason.get_attribute("role") == "alert"
        assert page.evaluate(SHOWN_JS, reason.element_handle())
        page.locator("input.kt-seed").fill("12")
        page.locator("button.kt-new").scroll_into_view_if_needed()
        assert page.evaluate(top) < 0  # the table's top is above the screen
        page.locator("button.kt-new").click()
        widget.relay()
        assert table.seed == 12
        page.wait_for_function(f"() => ({top})() >= 0")
        assert not settings.is_visible()
        assert page.locator("button.kt-tab-settings").get_attribute("aria-expanded") == "false"
        assert page.locator(".kt-new-refused").count() == 0
        # a later view leaves the tabs as the person sets them
        page.locator("button.kt-tab-settings").click()
        table.act("roll")
        widget.deliver()
        assert settings.is_visible()
        assert widget.watch.errors() == []
    finally:
        widget.close()


@pytest.mark.parametrize(("lang", "group"), [("en", "Playing on"), ("de", "Weiterspielen")])
def test_the_row_of_steps_is_named_for_all_it_holds(browser, lang, group):
    """A screen reader met Autoplay inside a group named "Next step": the row of Next step, Play
    whole turn and Autoplay is named for what it holds, in the screen's language."""
    table = DragonBattleTable(players=2, seats=("easy", "human"), seed=3, lang=lang, autoplay=None)
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    try:
        heard = widget.page.locator(".kt-steps").evaluate(
            "(row) => ({name: row.getAttribute('aria-label'), role: row.getAttribute('role'),"
            " buttons: [...row.querySelectorAll('button')].filter((b) => b.getClientRects().length)"
            ".map((b) => b.textContent.trim())})"
        )
        assert heard["role"] == "group" and heard["name"] == group, heard
        assert len(heard["buttons"]) >= 2, heard  # Next step and Autoplay at least
        assert widget.watch.errors() == []
    finally:
        widget.close()
