"""The projector's ClassBoard from Python, finding the server, the light imports, and the load
script in its quick form (all on 127.0.0.1)."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from class_support import Client, ServerProcess, run_async

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def server(tmp_path):
    s = ServerProcess(tmp_path / "class.sqlite3").start()
    yield s
    s.stop()


def test_import_kaskaria_stays_free_of_the_server_and_jupyter():
    code = (
        "import sys, kaskaria, kaskaria.classroom, kaskaria.classroom.room, "
        "kaskaria.classroom.server\n"
        "print(sorted(m for m in ('anywidget', 'traitlets', 'ipykernel', 'jupyter_server') "
        "if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, kaskaria; print('tornado' in sys.modules, "
            "'kaskaria.classroom' in sys.modules)",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.stdout.strip() == "False False"


def test_find_server(server, tmp_path, monkeypatch):
    from kaskaria.classroom import find_server

    monkeypatch.delenv("KASKARIA_CLASS_URL", raising=False)
    monkeypatch.delenv("KASKARIA_CLASS_KEY", raising=False)
    announce = tmp_path / "class-server.json"
    monkeypatch.setenv("KASKARIA_CLASS_ANNOUNCE", str(announce))
    assert find_server() is None  # nothing announced: the lessons use their typed tally
    announce.write_text(json.dumps({"url": server.url, "key": "wrong"}))
    assert find_server() is None  # a server that does not know the key
    announce.write_text(json.dumps({"url": server.url, "key": server.key}))
    assert find_server() == {"url": server.url, "key": server.key, "code": server.code}
    announce.write_text("{not json")
    assert find_server() is None
    monkeypatch.setenv("KASKARIA_CLASS_URL", "http://127.0.0.1:9/")  # nothing listens there
    monkeypatch.setenv("KASKARIA_CLASS_KEY", server.key)
    assert find_server(timeout=0.3) is None


def test_a_prediction_from_three_devices_on_the_board(server):
    from kaskaria.classroom import ClassBoard

    board = ClassBoard(url=server.url, key=server.key)
    assert repr(board) == f"<ClassBoard class {server.code} at {server.url}>"
    # the browser half (what a notebook saved with its widgets keeps) holds the projector's key,
    # which changes nothing; the teacher key stays in the kernel for the board's commands
    from kaskaria.classroom.devices import board_key

    state = json.dumps(board.get_state(), default=str)
    assert server.key not in state and board.board_key == board_key(server.key) in state
    assert board.key == server.key
    pid = board.ask("Two dice, red scared: how often does a roll fail?", ["1 in 3", "1 in 9"])

    async def votes() -> None:
        kids = []
        for name, choice in (("Ann", 1), ("Ben", 1), ("Cat", 0)):
            kid = await Client(server.url).open()
            await kid.send(type="hello", code=server.code, name=name)
            await kid.wait_for(lambda m: m["type"] == "lobby" and m["polls"])
            await kid.send(type="vote", poll=pid, choice=choice)
            await kid.wait_for(
                lambda m, c=choice: m["type"] == "lobby" and m["polls"][0]["mine"] == c
            )
            kids.append(kid)
        for kid in kids:
            kid.close()

    run_async(votes())
    assert board.votes() == [1, 2]
    board.reveal(answer=1)
    poll = board.snapshot()["polls"][-1]
    assert (poll["state"], poll["answer"]) == ("revealed", 1)
    with pytest.raises(ValueError, match="Choose one of the answers shown"):
        board.reveal(answer=5, poll=pid)
    board.add_counts(36, 4, "group 1")
    tally = board.tally()
    assert tally["rolls"] == 36 and tally["fails"] == 4
    assert tally["expected"] == 36 * Fraction(1, 9)
    with pytest.raises(ValueError, match="whole numbers"):
        board.add_counts(3, 4)
    assert board.tally()["rolls"] == 36


def test_the_board_needs_a_server(monkeypatch, tmp_path):
    from kaskaria.classroom import ClassBoard

    monkeypatch.setenv("KASKARIA_CLASS_ANNOUNCE", str(tmp_path / "none.json"))
    monkeypatch.delenv("KASKARIA_CLASS_URL", raising=False)
    with pytest.raises(RuntimeError, match="no class server"):
        ClassBoard()
    with pytest.raises(ValueError, match="lang"):
        ClassBoard(url="http://127.0.0.1:9/", key="k", lang="fr")
    with pytest.raises(ValueError, match="address"):
        ClassBoard(url="ftp://x", key="k")


@pytest.mark.slow
def test_load_script_quick():
    out = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "class_load.py"),
            "--quick",
            "--seconds",
            "6",
            "--pace",
            "0.5",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=240,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    (result,) = figures["runs"]
    assert result["pupils"] == 30 and not result["busy_core"]
    # every pupil seated, at tables of 2 to 4 seats, some of them with a bot
    assert 30 / 4 <= result["tables"] <= 30 and 0 < result["with_bot"] < 30
    assert result["moves"] > 0
    # every move reached every screen at its table, the teacher's page and the projector
    assert result["missing"] == 0
    assert result["p50_ms"] <= result["p95_ms"] <= result["p99_ms"]
    assert result["rss_mb"] > 0 and result["server_cpu_share"] > 0
    assert figures["cores"] >= 1 and figures["load_before"] >= 0


def test_a_lesson_without_a_class_server_stays_as_it_is(monkeypatch, tmp_path):
    from kaskaria import lessons
    from kaskaria.classroom import join_class

    monkeypatch.setenv("KASKARIA_CLASS_ANNOUNCE", str(tmp_path / "none.json"))
    monkeypatch.delenv("KASKARIA_CLASS_URL", raising=False)
    L = lessons.Lesson("dragon-battle-odds", lang="de")
    predict = L.predict
    C = join_class(L)
    assert not C.live
    assert repr(C) == (
        "Hier läuft kein Klassenserver: Die Abstimmungen und die Zählungen bleiben in diesem "
        "Notebook."
    )
    assert L.predict == predict  # the lesson's own votes, untouched
    typed = object()
    assert C.tally(typed) is typed


def test_a_lesson_asks_its_predictions_on_the_devices(server, monkeypatch):
    from kaskaria import lessons
    from kaskaria.classroom import ClassBoard, join_class

    monkeypatch.setenv("KASKARIA_CLASS_URL", server.url)
    monkeypatch.setenv("KASKARIA_CLASS_KEY", server.key)
    L = lessons.Lesson("dragon-battle-odds", lang="en")
    C = join_class(L)
    assert C.live and isinstance(C.board, ClassBoard)
    q = L.plan.question("two-dice")
    assert q.kind == "choice"
    L.predict("two-dice")
    poll = C.board.snapshot()["polls"][-1]
    assert poll["question"] == q.prompt["en"]
    assert poll["options"] == [c.label["en"] for c in q.choices]
    assert poll["state"] == "open"
    L.reveal("two-dice")
    poll = C.board.snapshot()["polls"][-1]
    assert (
        poll["state"] == "revealed" and poll["answer"] is None
    )  # the answer stays in the notebook
    board = C.tally(object())
    assert isinstance(board, ClassBoard) and board.part == "tally"


def test_the_board_behind_a_proxy_gets_the_browsers_address(server):
    from kaskaria.classroom import ClassBoard

    board = ClassBoard(url=server.url, key=server.key, browser_url="/user/t/kaskaria-class")
    assert board.browser_url == "/user/t/kaskaria-class/" and board.url == server.url
    with pytest.raises(ValueError, match="browser_url"):
        ClassBoard(url=server.url, key=server.key, browser_url="javascript:alert(1)")


@pytest.mark.parametrize(
    "notebook",
    [
        f"{folder}{name}.ipynb"
        for folder in ("notebooks/", "notebooks/de/")
        for name in ("02-dragon-battle-odds", "04-heroes-cards", "06-dragons-gold-fair-shares")
    ],
)
def test_the_probability_lessons_join_the_class_when_a_server_runs(notebook):
    """02, 04 and 06 (and their German twins) connect to a class server in a hidden setup cell
    right after the lesson is made, and say in a sentence when none runs."""
    cells = json.loads((ROOT / notebook).read_text(encoding="utf-8"))["cells"]
    sources = ["".join(c["source"]) for c in cells]
    made = next(i for i, s in enumerate(sources) if "L = lessons.Lesson(" in s)
    joined = [i for i, s in enumerate(sources) if "C = join_class(L)" in s]
    assert joined == [made + 1], notebook
    assert "setup" in cells[made + 1]["metadata"].get("tags", [])
    shown = "".join(
        "".join(out.get("data", {}).get("text/plain", "")) for out in cells[made + 1]["outputs"]
    )
    assert "class server" in shown or "Klassenserver" in shown, shown
