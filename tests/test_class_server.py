"""The class server over the network, on 127.0.0.1 only: its pages and keys, play over
WebSockets, forged messages on the wire, and ``kill -9`` with a restart that loses nothing."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request

import pytest
from class_support import Client, ServerProcess, open_teacher, run_async


def get(url: str, key: str = "") -> tuple[int, str]:
    """A page (``key``: the teacher key, sent in its header as the teacher's pages send it)."""
    request = urllib.request.Request(url, headers={"X-Kaskaria-Key": key} if key else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, r.read().decode("utf-8")
    except urllib.error.HTTPError as err:
        return err.code, ""


@pytest.fixture
def server(tmp_path):
    s = ServerProcess(tmp_path / "class.sqlite3").start()
    yield s
    s.stop()


def test_pages_need_the_code_or_the_key(server):
    status, page = get(server.url)
    assert status == 200 and "kc-join" in page
    assert server.code not in page and server.key not in page
    assert "Class code" in page and "{{" not in page
    status, page = get(server.url + "?lang=de")
    assert "Klassencode" in page and "Beitreten" in page and "Class code" not in page
    # a German page's title is German too (a teacher saw "Kaskaria class" on a German board)
    assert '<html lang="de">' in page and "<title>Kaskaria-Klasse</title>" in page
    status, page = get(server.url + "teacher?lang=de")
    assert '<html lang="de">' in page and "<title>Kaskaria-Klasse: Lehrkraft</title>" in page
    assert '<h1 class="kc-title">Kaskaria-Klasse</h1>' in page and "{{" not in page
    status, page = get(server.url + "teacher?lang=en")
    assert '<html lang="en">' in page and "<title>Kaskaria class: teacher</title>" in page
    assert get(server.url + "api/class")[0] == 403
    assert get(server.url + "api/class", key="wrong")[0] == 403
    # the key goes in a header only: in an address it is refused (addresses end up on screens)
    assert get(server.url + f"api/class?key={server.key}")[0] == 403
    assert get(server.url + f"api/results.csv?key={server.key}")[0] == 403
    assert get(server.url + "api/results.csv")[0] == 403
    assert get(server.url + "api/qr.svg")[0] == 403
    # the projector's key opens the class board over a socket, and no teacher's address
    from kaskaria.classroom.devices import board_key

    for path in ("api/class", "api/results.csv", "api/qr.svg"):
        assert get(server.url + path, key=board_key(server.key))[0] == 403
    status, text = get(server.url + "api/class", key=server.key)
    assert status == 200 and json.loads(text)["code"] == server.code
    status, svg = get(server.url + "api/qr.svg", key=server.key)
    assert status == 200 and svg.lstrip().startswith("<?xml")
    # the pupils' pages draw the notebook's very modules (the board module joined with the shell)
    from kaskaria.widgets import DragonsGoldTable

    status, module = get(server.url + "board/dragons-gold.js")
    assert status == 200
    assert module == DragonsGoldTable._esm
    for bad in (
        "board/chess.js",
        "class/../room.py",
        "class/secret.js",
    ):
        assert get(server.url + bad)[0] == 404, bad
    assert get(server.url + "api/store", key=server.key)[0] == 404
    assert get(server.url + "api/store")[0] == 403  # nothing said without the key


def test_play_kill_9_and_restart_loses_nothing(tmp_path):
    store = tmp_path / "class.sqlite3"

    async def before_kill(s: ServerProcess) -> dict:
        teacher = await open_teacher(s)
        await teacher.send(type="create", game="dragon-battle", players=2, level="easy")
        await teacher.send(type="create", game="dragons-gold", players=3, level="medium")
        snap = await teacher.wait_for(lambda m: m["type"] == "class" and len(m["tables"]) == 2)
        dice, gold = (t["id"] for t in snap["tables"])
        ann = await Client(s.url).open()
        await ann.send(type="hello", code=s.code, name="Ann")
        welcome = await ann.wait_for(lambda m: m["type"] == "welcome")
        await ann.send(type="sit", table=dice, seat=0)
        view = await ann.wait_for(lambda m: m["type"] == "view" and m["seat"] == 0)
        assert view["table"] == dice
        # Ann rolls a few times on her own device (her turn first at this table)
        rolled = 0
        for _ in range(40):
            held = ann.held_view()
            moves = held["moves"]["actions"] if held["turn"]["to_move"] == "human" else []
            if rolled >= 3 or held["turn"]["to_move"] == "over":
                break
            if not moves:
                n = len(ann.got)
                await ann.wait_for(lambda m: m["type"] == "view", timeout=15, start=n)
                continue
            n = len(ann.got)
            await ann.send(
                type="table",
                msg={"type": "action", "action": moves[0]["action"], "version": held["version"]},
            )
            await ann.wait_for(lambda m: m["type"] in ("view", "error"), start=n)
            rolled += moves[0]["action"] == "roll"
        # the table is quiet before the snapshot: should Ann's turn have ended, the bot (stepping
        # every 0.2 s) plays its turn first, so that no move lands between snapshot and kill
        for _ in range(200):
            if ann.held_view()["turn"]["to_move"] in ("human", "over"):
                break
            n = len(ann.got)
            await ann.wait_for(lambda m: m["type"] == "view", timeout=15, start=n)
        await teacher.send(type="poll_open", question="How often?", options=["1 in 9", "1 in 3"])
        snap = await teacher.wait_for(lambda m: m["type"] == "class" and m["polls"])
        poll = snap["polls"][-1]["id"]
        await ann.send(type="vote", poll=poll, choice=0)
        await teacher.send(type="tally_add", label="group 2", rolls=30, fails=4)
        await teacher.wait_for(
            lambda m: (
                m["type"] == "class"
                and m["tally"]["typed_rolls"] == 30
                and m["polls"][-1]["votes"] == 1
            )
        )
        await asyncio.sleep(0.1)
        status, text = get(s.url + "api/class", key=s.key)
        assert status == 200
        return {"token": welcome["token"], "snap": json.loads(text), "dice": dice}

    async def after_restart(s: ServerProcess, token: str) -> dict:
        ann = await Client(s.url).open()
        await ann.send(type="hello", code=s.code, token=token)
        welcome = await ann.wait_for(lambda m: m["type"] == "welcome")
        view = await ann.wait_for(lambda m: m["type"] == "view")
        return {"welcome": welcome, "view": view}

    first = ServerProcess(store, extra=("--pace", "0.2")).start()
    try:
        was = run_async(before_kill(first))
    finally:
        first.kill()
    assert first.proc is not None and first.proc.returncode == -9
    second = ServerProcess(store).start()
    try:
        assert (second.code, second.key) == (first.code, first.key)
        status, text = get(second.url + "api/class", key=second.key)
        now = json.loads(text)
        back = run_async(after_restart(second, was["token"]))
        csv_text = get(second.url + "api/results.csv", key=second.key)[1]
    finally:
        second.stop()
    before = was["snap"]

    def essentials(snap: dict) -> dict:
        return {
            "tables": [
                (t["id"], t["game"], t["actions"], [s["who"] for s in t["seats"]])
                for t in snap["tables"]
            ],
            "polls": [(p["question"], p["counts"], p["state"]) for p in snap["polls"]],
            "tally": snap["tally"],
            "pupils": [p["name"] for p in snap["pupils"]],
        }

    assert essentials(now) == essentials(before)
    assert before["tables"][0]["actions"] > 0 and before["tally"]["typed_rolls"] == 30
    assert back["welcome"]["name"] == "Ann" and back["welcome"]["token"] == was["token"]
    assert (back["view"]["table"], back["view"]["seat"]) == (was["dice"], 0)
    assert "tally,group 2,30,4," in csv_text


def test_forged_messages_on_the_wire(server):
    async def run() -> None:
        ann = await Client(server.url).open()
        await ann.send(type="hello", code=server.code, name="Ann")
        await ann.wait_for(lambda m: m["type"] == "lobby")
        for text in (
            "{",
            json.dumps({"type": "sit"}),
            b"\x00\x01",
            json.dumps({"type": "vote", "poll": 1, "choice": 0, "x": "y" * 3000}),
        ):
            n = len(ann.got)
            await ann.send_raw(text)
            reply = await ann.wait_for(lambda m: m["type"] == "error", start=n)
            assert len(reply["text"]) < 120
        # far too big for any message: the connection is closed
        await ann.send_raw("x" * 100_000)
        await ann.wait_for(lambda m: m["type"] == "closed")
        # another device replaying Ann's token while she plays is turned away
        token = next(m["token"] for m in ann.got if m["type"] == "welcome")
        await asyncio.sleep(0.2)
        again = await Client(server.url).open()
        await again.send(type="hello", code=server.code, token=token)
        reply = await again.wait_for(lambda m: m["type"] in ("welcome", "error"))
        # Ann's own connection was closed above, so her token brings her back
        assert reply["type"] == "welcome" and reply["name"] == "Ann"
        thief = await Client(server.url).open()
        await thief.send(type="hello", code=server.code, token=token)
        reply = await thief.wait_for(lambda m: m["type"] in ("welcome", "error"))
        assert reply == {
            "type": "error",
            "text": "This nickname is playing on another device right now.",
        }

    run_async(run())


def test_watchers_hammering_over_the_wire_never_stop_a_move(tmp_path):
    """The freeze of a table, tried as pupils would, on a real server: four watchers send every
    message a table's screen may send, nine a second each (within the class's limits), and the
    seated pupils change their own screens, while the two seated pupils play: each of their
    legal moves applies and reaches them."""
    from test_class_screens import OTHERS, PER_SCREEN

    everything = PER_SCREEN + OTHERS

    async def run(s: ServerProcess) -> tuple[int, int]:
        teacher = await open_teacher(s)
        await teacher.send(type="create", game="heroes", players=2, level="easy")
        snap = await teacher.wait_for(lambda m: m["type"] == "class" and m["tables"])
        tid = snap["tables"][0]["id"]
        phones = []
        for i in range(6):
            phone = await Client(s.url).open()
            await phone.send(type="hello", code=s.code, name=f"Kid{i}")
            await phone.wait_for(lambda m: m["type"] == "welcome")
            if i < 2:
                await phone.send(type="sit", table=tid, seat=i)
            else:
                await phone.send(type="watch", table=tid)
            await phone.wait_for(lambda m: m["type"] == "view")
            phones.append(phone)
        seated, watchers = phones[:2], phones[2:]
        playing = True
        sent = 0

        async def hammer(phone: Client, said: list[dict], every: float) -> None:
            nonlocal sent
            for i in range(400):  # bounded: 45 s at the most
                if not playing:
                    return
                message = said[i % len(said)]
                if message["type"] in ("action", "undo"):  # as a page sends them
                    moves = seated[0].held_view()["moves"]["actions"] or [{"action": "x"}]
                    message = {**message, "version": phone.held_view()["version"]}
                    if message["type"] == "action":
                        message["action"] = moves[0]["action"]
                await phone.send(type="table", msg=message)
                sent += 1
                await asyncio.sleep(every)

        tasks = [asyncio.create_task(hammer(w, everything, 1 / 9)) for w in watchers]
        tasks += [asyncio.create_task(hammer(p, PER_SCREEN, 1 / 3)) for p in seated]
        made = 0
        try:
            for _ in range(200):  # bounded
                if made >= 8:
                    break
                ready = [
                    p
                    for seat, p in enumerate(seated)
                    if p.held_view()["turn"]["seat"] == seat and p.held_view()["moves"]["actions"]
                ]
                if not ready:
                    await asyncio.sleep(0.05)
                    continue
                mover = ready[0]
                await asyncio.sleep(0.3)  # the pupil thinks while the others hammer
                held = mover.held_view()
                total = held["log"]["total"]
                pick = held["moves"]["actions"][made % len(held["moves"]["actions"])]["action"]
                n = len(mover.got)
                await mover.send(
                    type="table", msg={"type": "action", "action": pick, "version": held["version"]}
                )
                await mover.wait_for(
                    lambda m, total=total: (
                        m["type"] == "view" and m["parts"].get("log", {}).get("total", 0) > total
                    ),
                    start=n,
                    timeout=5,
                )
                made += 1
        finally:
            playing = False
            for task in tasks:
                await task
        errors = [m["text"] for p in phones for m in p.got if m["type"] == "error"]
        assert "Too many clicks at once: wait a moment and try again." not in errors
        return made, sent

    s = ServerProcess(tmp_path / "class.sqlite3", extra=("--hints", "--seed", "5")).start()
    try:
        made, sent = run_async(run(s))
    finally:
        s.stop()
    assert made == 8 and sent >= 60  # four watchers, nine a second, for 2.4 s at least
