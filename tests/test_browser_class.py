"""Pupils' pages in a real browser, on a class server at 127.0.0.1: two pupils join with the code
and a nickname, take seats at one Heroes table and play moves on their own pages (the notebook's
very board modules), and each page receives and shows only its own hand."""

from __future__ import annotations

import json
import urllib.request

import numpy as np
import pytest
from class_support import ServerProcess, teacher_command

pytestmark = pytest.mark.browser


def at(page):
    """The pupil (or teacher) picks up this device: its page comes to the front. Each person has
    a screen of their own, but here they are tabs of one browser, and headless Chromium draws only
    the tab in front: on a tab behind, a click (which waits for the button to stand still over two
    animation frames) and a wait polled by animation frame stall for about two seconds each."""
    page.bring_to_front()
    return page


def command(server: ServerProcess, **message) -> None:
    assert teacher_command(server, **message)["ok"]


def click_and_wait(page, button) -> None:
    """Click ``button`` on a pupil's board and wait until the board shows the next version."""
    version = page.get_attribute(".kc-board-host [data-version]", "data-version")
    button.click()
    page.wait_for_function(
        "v => document.querySelector('.kc-board-host [data-version]')"
        ".getAttribute('data-version') !== v",
        arg=version,
        timeout=15_000,
    )


@pytest.fixture
def class_server(tmp_path):
    s = ServerProcess(tmp_path / "class.sqlite3", extra=("--pace", "0.3")).start()
    yield s
    s.stop()


def test_two_pupils_play_and_each_sees_only_their_own_hand(browser, class_server):
    server = class_server
    command(server, type="create", game="heroes", players=2, level="easy")
    pages, frames = [], []
    for seat, name in enumerate(("Ann", "Ben")):
        page = browser.context.new_page()
        got: list[dict] = []

        def on_socket(ws, got=got):
            ws.on("framereceived", lambda payload, got=got: got.append(json.loads(payload)))

        page.on("websocket", on_socket)
        errors: list[str] = []
        page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
        page.goto(f"{server.url}?c={server.code}")
        page.fill("#kc-name", name)
        page.click(".kc-join-button")
        page.wait_for_selector(f".kc-lobby-table[data-table='1'] button.kc-sit[data-seat='{seat}']")
        page.click(f".kc-lobby-table[data-table='1'] button.kc-sit[data-seat='{seat}']")
        page.wait_for_selector(
            f".kc-board-host[data-seat='{seat}'] button.kt-action, "
            f".kc-board-host[data-seat='{seat}'] .kaskaria-hk-hand"
        )
        pages.append((page, errors))
        frames.append(got)

    def root_attr(page, name):
        return page.get_attribute(".kc-board-host [data-version]", name)

    moved = {0: 0, 1: 0}
    for _ in range(12):
        for seat, (page, _) in enumerate(pages):
            at(page).wait_for_selector(".kc-board-host [data-version]")
            if (
                root_attr(page, "data-player") == str(seat)
                and root_attr(page, "data-to-move") == "human"
            ):
                button = page.locator(".kc-board-host button.kt-action:not([disabled])").first
                if button.count() == 0:
                    continue
                click_and_wait(page, button)
                moved[seat] += 1
        if min(moved.values()) >= 2:
            break
    assert min(moved.values()) >= 1, moved

    for seat, (page, errors) in enumerate(pages):
        other = 1 - seat
        views = [f for f in frames[seat] if f.get("type") == "view"]
        assert views and all(f["seat"] == seat for f in views)
        # no frame to this page holds the other pupil's hand
        for f in views:
            obs = f["parts"].get("board", {}).get("observation")
            if obs is not None:
                assert obs["viewer"] == seat
                assert not obs["hands"][other], obs["hands"]
        # and the page shows its own hand as its last view says
        board = {}
        for f in views:
            board = f["parts"].get("board", board)
        mine = sorted(c for group in board["hand"] for c in group["cards"])

        def cards(selector, page=page):
            return sorted(
                page.eval_on_selector_all(
                    ".kc-board-host .kaskaria-hk-hand:not(.kaskaria-hk-other-hand) " + selector,
                    "els => els.map(e => e.getAttribute('data-card'))",
                )
            )

        assert cards(".kaskaria-hk-groups [data-card]") == mine
        # the ways a set can be played (a short step under the hand) show only cards of it
        assert set(cards("[data-card]")) <= set(mine)
        assert server.key not in json.dumps(frames[seat])
        assert errors == []
        page.close()


def join(browser, server: ServerProcess, name: str):
    page = browser.context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.url}?c={server.code}")
    page.fill("#kc-name", name)
    page.click(".kc-join-button")
    page.wait_for_selector("#kc-lobby:not([hidden])")
    return page, errors


def test_votes_and_rolls_from_three_devices_reach_the_class_board(browser, class_server):
    server = class_server
    teacher = browser.context.new_page()
    teacher_errors: list[str] = []
    teacher.on("pageerror", lambda exc: teacher_errors.append(str(exc)))
    teacher.goto(f"{server.url}teacher#key={server.key}&c={server.code}")
    teacher.wait_for_selector(".kc-class .kc-code")
    assert teacher.inner_text(".kc-class .kc-code") == server.code
    for _ in range(3):
        command(server, type="create", game="dragon-battle", players=2, level="easy")
    kids = [join(browser, server, name) for name in ("Ann", "Ben", "Cat")]
    # a prediction: the teacher opens it, three devices vote, the board shows the votes
    command(
        server,
        type="poll_open",
        question="Two dice, red scared: how often does a roll fail?",
        options=["1 in 3", "1 in 9", "1 in 36"],
    )
    for (page, _), choice in zip(kids, (1, 1, 2), strict=True):
        at(page).click(f".kc-poll .kc-option >> nth={choice}")
        page.wait_for_selector(".kc-poll .kc-option.kc-mine >> nth=0")
    at(teacher).wait_for_function(
        "() => [...document.querySelectorAll('.kc-class .kc-bar .kc-n')].map(e => e.textContent)"
        ".join(',') === '0,2,1'"
    )
    teacher.click(".kc-class .kc-bar[data-option='1'] .kc-reveal")
    for page, _ in kids:
        at(page).wait_for_selector(".kc-poll .kc-option.kc-answer")
        assert page.inner_text(".kc-poll .kc-option.kc-answer").startswith("1 in 9")
    # three tables' rolls pooled into the tally on the board
    for i, (page, _) in enumerate(kids):
        at(page).click(f".kc-lobby-table[data-table='{i + 1}'] button.kc-sit[data-seat='0']")
        page.wait_for_selector(".kc-board-host[data-seat='0'] [data-version]")
    rolls = 0
    for _ in range(30):
        for page, _ in kids:
            root = ".kc-board-host [data-version]"
            if (
                page.get_attribute(root, "data-player") != "0"
                or page.get_attribute(root, "data-to-move") != "human"
            ):
                continue
            button = page.locator(".kc-board-host button.kt-action[data-action='roll']")
            if button.count() == 0:
                button = page.locator(".kc-board-host button.kt-action").first
            rolls += button.first.get_attribute("data-action") == "roll"
            click_and_wait(at(page), button.first)
        if rolls >= 6:
            break
        kids[0][0].wait_for_timeout(300)
    assert rolls >= 3
    with urllib.request.urlopen(
        urllib.request.Request(f"{server.url}api/class", headers={"X-Kaskaria-Key": server.key}),
        timeout=10,
    ) as r:
        tally = json.loads(r.read())["tally"]
    assert tally["table_rolls"] >= rolls
    assert sum(1 for t in tally["tables"] if t["rolls"]) >= 2
    at(teacher).wait_for_function(
        "n => Number(document.querySelector('.kc-class .kc-tally').dataset.rolls) >= n",
        arg=tally["table_rolls"],
    )
    assert teacher_errors == [] and all(errors == [] for _, errors in kids)
    for page, _ in kids:
        page.close()
    teacher.close()


#: a pupil's board now: whose turn, the phase, the version, the moves its panel offers (not the
#: destructive ones) and how many hourglasses it shows
_BOARD_NOW_JS = """(root) => {
  const el = document.querySelector(root);
  return {
    player: el.getAttribute('data-player'),
    toMove: el.getAttribute('data-to-move'),
    phase: el.getAttribute('data-phase'),
    version: el.getAttribute('data-version'),
    actions: [...document.querySelectorAll(
        '.kc-board-host .kt-moves-panel button.kt-action:not(.kt-destructive)')]
      .map((b) => b.getAttribute('data-action')),
    timers: document.querySelectorAll('.kc-board-host .kt-timer').length,
  };
}"""


def test_three_pupils_negotiate_a_dragons_gold_split_on_three_devices(browser, tmp_path):
    server = ServerProcess(tmp_path / "class.sqlite3", extra=("--pace", "0.3", "--seed", "5"))
    server.start()
    try:
        command(server, type="create", game="dragons-gold", players=3, level="easy")
        kids = [join(browser, server, name) for name in ("Ann", "Ben", "Cat")]
        for seat, (page, _) in enumerate(kids):
            at(page).click(f".kc-lobby-table[data-table='1'] button.kc-sit[data-seat='{seat}']")
            page.wait_for_selector(f".kc-board-host[data-seat='{seat}'] [data-version]")
        root = ".kc-board-host [data-version]"
        answered: set[int] = set()
        accepted = False
        pick = np.random.default_rng(3)
        for _ in range(150):
            acted = False
            for seat, (page, _) in enumerate(kids):
                # the page's moment in one round trip: whose turn, the phase, the moves offered
                now = page.evaluate(_BOARD_NOW_JS, root)
                if now["player"] != str(seat) or now["toMove"] != "human":
                    continue
                phase = now["phase"]
                actions = now["actions"]
                if not actions:
                    continue
                gives = [a for a in actions if a.startswith("give")]
                settle = [a for a in actions if a in ("propose", "accept")]
                if gives and pick.random() < 0.6:
                    action = gives[int(pick.integers(len(gives)))]
                elif settle:
                    action = settle[0]
                else:
                    action = actions[int(pick.integers(len(actions)))]
                if phase == "answer":
                    answered.add(seat)
                    # the answering pupil's hourglass runs on their own screen
                    assert now["timers"] >= 1
                    accepted = accepted or action == "accept"
                click_and_wait(
                    at(page),
                    page.locator(
                        f".kc-board-host .kt-moves-panel button.kt-action[data-action='{action}']"
                    ).first,
                )
                acted = True
            if len(answered) >= 2 and accepted:
                break
            if not acted:
                kids[0][0].wait_for_timeout(200)
        assert len(answered) >= 2, answered  # proposals answered on at least two devices
        assert accepted
        assert all(errors == [] for _, errors in kids)
        for page, _ in kids:
            page.close()
    finally:
        server.stop()


def test_the_projector_widget_in_jupyterlab_shows_three_devices_votes(
    browser, class_server, lab_server, lab_page
):
    """The ClassBoard widget in the teacher's notebook: three pupils vote on their own pages, the
    projector shows the votes, then the reveal."""
    import nbformat
    from browser_support import open_notebook, run_all_cells

    server = class_server
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
    }
    nb.cells = [
        nbformat.v4.new_code_cell(
            "from kaskaria.classroom import ClassBoard\n"
            f"board = ClassBoard(url={server.url!r}, key={server.key!r})\n"
            "board"
        ),
        nbformat.v4.new_code_cell(
            'board.ask("How often does a roll of two dice fail with red scared?", '
            '["1 in 3", "1 in 9", "1 in 36"])'
        ),
    ]
    name = "class-board-test.ipynb"
    nbformat.write(nb, lab_server.root / name)
    page, watch = lab_page
    open_notebook(page, lab_server, name)
    run_all_cells(page)
    board = page.locator(".kc-class").first
    board.wait_for(timeout=30_000)
    assert board.locator(".kc-code").inner_text() == server.code
    page.locator(".kc-class .kc-poll").first.wait_for(timeout=30_000)
    kids = [join(browser, server, n) for n in ("Ann", "Ben", "Cat")]
    for (kid, _), choice in zip(kids, (1, 1, 2), strict=True):
        at(kid).wait_for_selector(".kc-poll .kc-option")
        kid.click(f".kc-poll .kc-option >> nth={choice}")
        kid.wait_for_selector(".kc-poll .kc-option.kc-mine")
    at(page).wait_for_function(
        "() => [...document.querySelectorAll('.kc-class .kc-bar .kc-n')].map(e => e.textContent)"
        ".join(',') === '0,2,1'",
        timeout=30_000,
    )
    command(server, type="poll_reveal", poll=1, answer=1)
    page.locator(".kc-class .kc-bar.kc-answer[data-option='1']").first.wait_for(timeout=30_000)
    for kid, errors in kids:
        at(kid).wait_for_selector(".kc-poll .kc-option.kc-answer")
        assert errors == []
        kid.close()
    assert not [e for e in watch.errors() if "kaskaria" in e.lower() or "kc-" in e]


class PlayingClass:
    """``pupils`` simulated pupils (WebSockets in a thread of their own) seated at ``tables``,
    each making a random legal move a moment after their view shows their turn, until stopped."""

    def __init__(self, server: ServerProcess, seats: list[tuple[int, int]]) -> None:
        import threading

        self.server, self.seats = server, seats
        self.moves = 0
        self.stop = threading.Event()
        self.ready = threading.Event()
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> PlayingClass:
        self.thread.start()
        assert self.ready.wait(120), "the pupils did not sit down"
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join(30)
        if self.error is not None:
            raise self.error

    def _run(self) -> None:
        import asyncio

        try:
            asyncio.run(self._play())
        except BaseException as err:  # handed to the test
            self.error = err
            self.ready.set()

    async def _play(self) -> None:
        import asyncio
        import random

        from class_support import Client

        rng = random.Random(23)
        kids = []
        for i, (table, seat) in enumerate(self.seats):
            kid = await Client(self.server.url).open()
            await kid.send(type="hello", code=self.server.code, name=f"Kid{i}")
            await kid.wait_for(lambda m: m["type"] == "lobby")
            await kid.sit(table, seat)
            kids.append((kid, seat))
        self.ready.set()

        async def pupil(kid, seat) -> None:
            while not self.stop.is_set():
                view = kid.held_view()
                turn = view.get("turn", {})
                actions = view.get("moves", {}).get("actions") or []
                if turn.get("player") == seat and turn.get("to_move") == "human" and actions:
                    await asyncio.sleep(rng.uniform(0.1, 0.4))
                    if kid.held_view().get("version") != view["version"]:
                        continue
                    n = len(kid.got)
                    await kid.send(
                        type="table",
                        msg={
                            "type": "action",
                            "action": rng.choice(actions)["action"],
                            "version": view["version"],
                        },
                    )
                    await kid.wait_for(lambda m: m["type"] in ("view", "error"), start=n)
                    self.moves += 1
                else:
                    try:
                        await kid.wait_for(lambda m: True, timeout=0.3, start=len(kid.got))
                    except TimeoutError:
                        pass

        await asyncio.gather(*(pupil(kid, seat) for kid, seat in kids))
        for kid, _ in kids:
            kid.close()


def test_the_teacher_types_a_question_while_thirty_pupils_play(browser, class_server):
    """The teacher's page during a 30-pupil game: its controls are drawn once (the field being
    typed in stays the same element and keeps every letter), the class reaches it as at most a
    few snapshots a second, each table's card is drawn again only when it changed, and the
    question typed letter by letter opens on the pupils' devices whole."""
    server = class_server
    seats = []
    for game, players in (
        [("dragon-battle", 4)] * 3 + [("heroes", 4)] * 3 + [("dragons-gold", 5)] * 2
    ):
        command(server, type="create", game=game, players=players, level="easy")
    for table in range(1, 9):
        seats += [(table, seat) for seat in range(4 if table < 7 else 3)]
    assert len(seats) == 30
    teacher = browser.context.new_page()
    errors: list[str] = []
    teacher.on("pageerror", lambda exc: errors.append(str(exc)))
    frames: list[tuple[float, dict]] = []

    def on_socket(ws):
        import time

        ws.on(
            "framereceived",
            lambda payload: frames.append((time.monotonic(), json.loads(payload))),
        )

    teacher.on("websocket", on_socket)
    teacher.goto(f"{server.url}teacher#key={server.key}&c={server.code}")
    teacher.wait_for_selector(".kc-class .kc-c-question")
    question = "Which colour will the next card be, do you think?"
    with PlayingClass(server, seats) as playing:
        teacher.wait_for_function(
            "() => document.querySelectorAll('.kc-class .kc-table').length === 8"
        )
        field = teacher.locator(".kc-c-question")
        teacher.evaluate("() => { window.kcField = document.querySelector('.kc-c-question'); }")
        cards = teacher.evaluate(
            "() => [...document.querySelectorAll('.kc-table')].map((c) => c.dataset.version)"
        )
        draws = int(teacher.get_attribute(".kc-class", "data-draws"))
        moves = playing.moves
        start = len(frames)
        field.click()
        field.press_sequentially(question, delay=60)  # about 3 s of typing
        teacher.locator(".kc-c-options").press_sequentially("red / blue / gold", delay=60)
        typed_for = frames[-1][0] - frames[start][0] if len(frames) > start + 1 else 0
        during = [f for _, f in frames[start:] if f["type"] == "class"]
        # the class played while the teacher typed, and the page heard of it
        assert playing.moves - moves >= 10
        assert int(teacher.get_attribute(".kc-class", "data-draws")) - draws >= 3
        # at most four snapshots a second (a little slack for the first of a burst)
        assert typed_for > 2 and len(during) <= 4 * typed_for + 2, (len(during), typed_for)
        # the same field, with every letter
        assert teacher.evaluate(
            "() => window.kcField === document.querySelector('.kc-c-question')"
            " && window.kcField.isConnected"
        )
        assert field.input_value() == question
        # a card is drawn again only when its table changed: every card shows its table's
        # latest version, and cards of tables that did not change are the same elements
        teacher.evaluate(
            "() => { window.kcCards = new Map([...document.querySelectorAll('.kc-table')]"
            ".map((c) => [c.dataset.table, c])); }"
        )
        teacher.locator(".kc-c-ask").click()
        teacher.wait_for_selector(".kc-class .kc-poll .kc-question")
        assert teacher.inner_text(".kc-class .kc-poll .kc-question") == question
        same, changed = teacher.evaluate(
            "() => { let same = 0, changed = 0; for (const c of document.querySelectorAll("
            "'.kc-table')) { const old = window.kcCards.get(c.dataset.table);"
            " if (old === c) same++; else if (old.dataset.version !== c.dataset.version) changed++; }"
            " return [same, changed]; }"
        )
        assert same + changed == 8  # each card is the old one, or its table moved on
    assert len(cards) == 8
    with urllib.request.urlopen(
        urllib.request.Request(f"{server.url}api/class", headers={"X-Kaskaria-Key": server.key}),
        timeout=10,
    ) as r:
        polls = json.loads(r.read())["polls"]
    assert polls[-1]["question"] == question and polls[-1]["options"] == ["red", "blue", "gold"]
    assert errors == []
    teacher.close()


def test_two_pupils_answer_an_exit_ticket_and_the_teacher_page_shows_who_needs_help(
    browser, class_server
):
    """The lesson opens exit-ticket question t1 (4/25) on the devices: Ann types it the German
    way, Ben makes the named mistake; the teacher page marks both and names Ben as needing help;
    closing the question shows each pupil their own verdict."""
    from kaskaria.lessons import Lesson
    from kaskaria.lessons.content import lesson

    L = Lesson.__new__(Lesson)
    L.plan, L.lang, L._young = lesson("dragon-battle-odds"), "en", False
    server = class_server
    teacher = browser.context.new_page()
    teacher_errors: list[str] = []
    teacher.on("pageerror", lambda exc: teacher_errors.append(str(exc)))
    teacher.goto(f"{server.url}teacher#key={server.key}&c={server.code}")
    teacher.wait_for_selector(".kc-class .kc-code")
    kids = [join(browser, server, name) for name in ("Ann", "Ben")]
    command(server, type="question_open", **L.answer_spec("t1"))
    for (page, _), typed in zip(kids, ("0,16", "2/5"), strict=True):
        box = ".kc-answer-box[data-question='t1']"
        at(page).wait_for_selector(f"{box} input")
        page.fill(f"{box} input", typed)
        page.click(f"{box} .kc-answer-send")
        page.wait_for_selector(f"{box} .kc-said")
    at(teacher).wait_for_selector(".kc-question-count[data-question='t1'][data-answered='2']")
    assert teacher.inner_text(".kc-needs-help").endswith("Ben")
    cells = teacher.eval_on_selector_all(
        ".kc-answer-table tbody tr",
        "rows => rows.map(r => [r.querySelector('th').textContent,"
        " r.querySelector('td').dataset.mark])",
    )
    assert sorted(cells) == [["Ann", "right"], ["Ben", "not_yet"]]
    teacher.click(".kc-question-count[data-question='t1'] .kc-close-question")
    for (page, _), mark in zip(kids, ("right", "not_yet"), strict=True):
        at(page).wait_for_selector(f".kc-answer-box[data-open='no'] .kc-said.kc-mark-{mark}")
        assert page.locator(".kc-answer-box input").is_disabled()
    # no pupil's page holds the other's answer or the teacher's table
    ann_html, ben_html = (page.content() for page, _ in kids)
    assert "2/5" not in ann_html and "0,16" not in ben_html
    assert "kc-answer-table" not in ann_html + ben_html
    assert teacher_errors == [] and all(errors == [] for _, errors in kids)
    for page, _ in kids:
        page.close()
    teacher.close()


def test_a_pupil_presses_hint_in_class_and_reads_the_answer_that_follows(browser, tmp_path):
    """With the teacher's --hints: a pupil on turn at a Heroes table (a search of up to a
    second) presses Hint; the page says "Working it out…" at once, then shows the answer, which
    the server worked out on its hints' thread."""
    server = ServerProcess(tmp_path / "class.sqlite3", extra=("--hints", "--seed", "5")).start()
    try:
        command(server, type="create", game="heroes", players=2, level="easy")
        command(server, type="seat", table=1, seat=1, level="easy")
        page, errors = join(browser, server, "Ann")
        got: list[dict] = []
        page.on("websocket", lambda ws: ws.on("framereceived", lambda p: got.append(json.loads(p))))
        page.reload()  # the socket opened after the listener: its frames are heard
        page.wait_for_selector(".kc-lobby-table[data-table='1'] button.kc-sit[data-seat='0']")
        page.click(".kc-lobby-table[data-table='1'] button.kc-sit[data-seat='0']")
        page.wait_for_selector(
            ".kc-board-host [data-player='0'][data-to-move='human'] button.kt-hint-button",
            timeout=30_000,
        )
        page.click(".kc-board-host button.kt-hint-button")
        page.wait_for_function(
            "() => { const p = document.querySelector('.kc-board-host .kt-advice-text');"
            " return p && p.textContent && p.textContent !== 'Working it out…'; }",
            timeout=30_000,
        )
        answer = page.inner_text(".kc-board-host .kt-advice-text")
        said = [
            f["parts"]["advice"]["text"]
            for f in got
            if f.get("type") == "view" and "advice" in f.get("parts", {})
        ]
        assert "Working it out…" in said and said[-1] == answer
        assert said.index("Working it out…") < len(said) - 1
        assert errors == []
    finally:
        server.stop()


def test_the_teacher_puts_a_dragon_battle_turns_what_if_on_the_board(browser, class_server):
    """A pupil ends a Dragon Battle turn on their page; the teacher presses Look back on that
    table's card and the board shows the look back at that turn, then hides it again."""
    server = class_server
    command(server, type="create", game="dragon-battle", players=2, level="easy")
    command(server, type="seat", table=1, seat=1, level="easy")
    page, errors = join(browser, server, "Ann")
    page.click(".kc-lobby-table[data-table='1'] button.kc-sit[data-seat='0']")
    root = ".kc-board-host [data-version]"
    page.wait_for_selector(f"{root}[data-player='0'][data-to-move='human']", timeout=30_000)
    for _ in range(20):  # roll, place, ... and stop: the turn is over
        if page.get_attribute(root, "data-player") != "0":
            break
        stop = page.locator(".kc-board-host button.kt-action[data-action='stop']")
        button = stop if stop.count() else page.locator(".kc-board-host button.kt-action").first
        click_and_wait(page, button.first)
    assert page.get_attribute(root, "data-player") != "0"
    # the pupil's device steps nothing: no "Next step", "Play whole turn" or Autoplay (greyed
    # buttons and a pressable Autoplay that did nothing were there at a bot's turn)
    steps = ".kc-board-host .kt-next, .kc-board-host .kt-play-turn, .kc-board-host .kt-autoplay"
    assert [b.is_visible() for b in page.locator(steps).all()] in ([], [False] * 3)
    teacher = browser.context.new_page()
    teacher_errors: list[str] = []
    teacher.on("pageerror", lambda exc: teacher_errors.append(str(exc)))
    teacher.goto(f"{server.url}teacher#key={server.key}&c={server.code}")
    card = ".kc-class .kc-table[data-table='1']"
    at(teacher).click(f"{card} .kc-look-back-button")
    teacher.wait_for_function(
        "c => { const p = document.querySelector(c + ' .kc-look-back-text');"
        " return p && p.textContent && p.textContent !== 'Working it out…'; }",
        arg=card,
        timeout=30_000,
    )
    # the last finished turn: Ann's, or the bot's that followed it (it plays at the table's pace)
    assert teacher.inner_text(f"{card} .kc-look-back-title") in (
        "Look back at a turn of Ann:",
        "Look back at a turn of Player 2 (easy bot):",
    )
    # told of the seat by its name, never as "you" (that is the seat's own screen's word)
    said = teacher.inner_text(f"{card} .kc-look-back-text")
    assert not {"you", "your"} & set(said.lower().replace(".", " ").replace(",", " ").split())
    who = teacher.inner_text(f"{card} .kc-look-back-title").split(" of ", 1)[1].rstrip(":")
    assert said.startswith(f"{who} ") or said.startswith("This turn had no choice"), said
    assert teacher.inner_text(f"{card} .kc-look-back-button") == "Hide “Look back”"
    # the teacher picks Ann's turn by the button beside her seat, whatever the bot did since
    mine = teacher.locator(f"{card} li", has_text="Ann").locator(".kc-look-back-seat")
    assert mine.get_attribute("aria-label") == "Look back at the last turn of Ann"
    mine.click()
    teacher.wait_for_function(
        "c => { const t = document.querySelector(c + ' .kc-look-back-title');"
        " const p = document.querySelector(c + ' .kc-look-back-text');"
        " return t && t.textContent === 'Look back at a turn of Ann:' && p"
        " && p.textContent && p.textContent !== 'Working it out…'; }",
        arg=card,
        timeout=30_000,
    )
    said = teacher.inner_text(f"{card} .kc-look-back-text")
    # (a turn whose first roll failed had no choice to look back at: the game's seed is the
    # server's own here)
    assert said.startswith("Ann ") or said.startswith("This turn had no choice"), said
    teacher.click(f"{card} .kc-look-back-button")
    teacher.wait_for_selector(f"{card} .kc-look-back", state="detached")
    assert teacher_errors == [] and errors == []
    page.close()
    teacher.close()


def test_a_refusal_at_the_table_shows_in_its_message_line_until_the_next_view(
    browser, class_server
):
    """The server answers a refused message at a table with its one sentence and no view: the
    pupil's page shows it in the table's own message line (not in the page's box for other
    errors), and the next view brings the table's line back."""
    import re

    server = class_server
    command(server, type="create", game="heroes", players=2, level="easy")
    page = browser.context.new_page()
    to_server: list = []
    heard: list[dict] = []

    def route(ws) -> None:
        server_side = ws.connect_to_server()
        to_server.append(server_side)

        def down(message, ws=ws) -> None:
            heard.append(json.loads(message))
            ws.send(message)

        server_side.on_message(down)

    page.route_web_socket(re.compile(r"/ws$"), route)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.url}?c={server.code}")
    page.fill("#kc-name", "Ann")
    page.click(".kc-join-button")
    page.wait_for_selector(".kc-lobby-table[data-table='1'] button.kc-sit[data-seat='0']")
    page.click(".kc-lobby-table[data-table='1'] button.kc-sit[data-seat='0']")
    line = ".kc-board-host .kt-message"
    page.wait_for_selector(line)
    # the page asks for a hint (the class's hints are off): refused with one sentence
    views = sum(m["type"] == "view" for m in heard)
    to_server[0].send(json.dumps({"type": "table", "msg": {"type": "hint"}}))
    refusal = None
    for _ in range(100):
        said = [m for m in heard if m["type"] == "error"]
        if said:
            refusal = said[-1]
            break
        page.wait_for_timeout(50)
    assert refusal is not None and refusal["table"] == 1 and refusal["text"]
    page.wait_for_function(
        "([sel, text]) => document.querySelector(sel).textContent.includes(text)",
        arg=[line, refusal["text"]],
    )
    assert sum(m["type"] == "view" for m in heard) == views  # no view came with it
    assert page.is_hidden("#kc-error")
    # the teacher changes the table's pace: the view that follows draws the table's line again
    after = len(heard)
    command(server, type="pace", table=1, seconds=1)
    page.wait_for_function(
        "([sel, text]) => !document.querySelector(sel).textContent.includes(text)",
        arg=[line, refusal["text"]],
    )
    assert any(m["type"] == "view" and "message" in m["parts"] for m in heard[after:])
    assert errors == []
    page.close()


#: every move's button on the pupil's board and where its bottom is (CSS px, the page at its top)
_MOVES_JS = """() => {
  window.scrollTo(0, 0);
  return [...document.querySelectorAll('.kc-board-host button.kt-action')]
    .filter((b) => b.getClientRects().length > 0)
    .map((b) => ({text: b.textContent.trim().slice(0, 30), bottom: b.getBoundingClientRect().bottom}));
}"""


#: the words of the ways to get a card (the pile, the display's cards) as drawn on the page
_DRAW_WORDS_JS = """() => [...document.querySelectorAll(
    '.kc-board-host .kaskaria-hk-draws button.kt-action .kaskaria-hk-move-label')]
  .map((l) => ({text: l.textContent, width: l.getBoundingClientRect().width,
                bottom: l.getBoundingClientRect().bottom}))"""


def test_a_pupil_on_a_projector_sees_every_first_move_and_after_a_hint_too(browser, tmp_path):
    """On a projector (683 x 512 CSS px) the pupil's page keeps its heading slim: at the first
    Heroes turn every move is on the first screen, and still after a Hint's answer has come; the
    ways to get a card show their words (they were drawings and numbers only, the words read out
    but not shown)."""
    server = ServerProcess(tmp_path / "class.sqlite3", extra=("--hints", "--seed", "5")).start()
    try:
        command(server, type="create", game="heroes", players=2, level="easy")
        command(server, type="seat", table=1, seat=1, level="easy")
        page, errors = join(browser, server, "Ann")
        page.set_viewport_size({"width": 683, "height": 512})
        page.click(".kc-lobby-table[data-table='1'] button.kc-sit[data-seat='0']")
        page.wait_for_selector(
            ".kc-board-host [data-player='0'][data-to-move='human'] button.kt-hint-button",
            timeout=30_000,
        )
        moves = page.evaluate(_MOVES_JS)
        assert len(moves) >= 4, moves
        assert [m for m in moves if m["bottom"] > 512.5] == [], moves
        # the ways to get a card say their words on screen, not only their drawings and numbers
        labels = page.evaluate(_DRAW_WORDS_JS)
        assert len(labels) >= 2, labels
        assert all(w["width"] > 40 and w["bottom"] <= 512.5 for w in labels), labels
        # the way back to the tables stays on the first screen and big enough for a finger
        back = page.locator("#kc-back").bounding_box()
        assert back is not None and back["y"] >= 0 and back["height"] >= 24, back
        page.click(".kc-board-host button.kt-hint-button")
        page.wait_for_function(
            "() => { const p = document.querySelector('.kc-board-host .kt-advice-text');"
            " return p && p.textContent && p.textContent !== 'Working it out…'; }",
            timeout=30_000,
        )
        after = page.evaluate(_MOVES_JS)
        assert len(after) == len(moves), after
        assert [m for m in after if m["bottom"] > 512.5] == [], after
        assert errors == []
    finally:
        server.stop()
