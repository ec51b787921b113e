"""The lesson's exercises and exit ticket on the pupils' devices (kaskaria.classroom.answers): the
notebook opens a question with its spec, each pupil types one answer, the server marks it by the
lessons' own rule, the teacher sees per pupil right / nearly / not yet, the projector counts only,
the CSV every answer. All in one process (no network), with a fixed clock."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest

from kaskaria.classroom.devices import RATE_BURST, Device
from kaskaria.classroom.lesson import ClassLink
from kaskaria.classroom.room import ClassRoom
from kaskaria.classroom.server import export_csv
from kaskaria.i18n import text as _t
from kaskaria.lessons import LESSONS, Lesson
from kaskaria.lessons.answers import check_choice, check_number
from kaskaria.lessons.content import lesson
from kaskaria.lessons.mistakes import for_check


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def plan_lesson(lesson_id: str) -> Lesson:
    """A lesson's questions without a kernel (the spec needs no Jupyter)."""
    L = Lesson.__new__(Lesson)
    L.plan = lesson(lesson_id)
    L.lang = "en"
    L._young = (L.plan.min_age() or 99) < 10
    return L


ODDS = plan_lesson("dragon-battle-odds")


def words(key: str, lang: str = "en", **params) -> str:
    return _t("classroom", key, lang, **params)


@pytest.fixture
def room(tmp_path):
    r = ClassRoom(tmp_path / "class.sqlite3", clock=Clock())
    yield r
    r.store.close()


def teacher(room: ClassRoom, projector: bool = False) -> tuple[Device, list[dict]]:
    out: list[dict] = []
    d = Device(send=out.append)
    hello = {"type": "hello", "code": room.code, "key": room.key}
    if projector:
        hello["projector"] = True
    room.receive(d, json.dumps(hello))
    return d, out


def pupil(room: ClassRoom, name: str, lang: str = "en") -> tuple[Device, list[dict]]:
    out: list[dict] = []
    d = Device(send=out.append)
    room.receive(d, json.dumps({"type": "hello", "code": room.code, "name": name, "lang": lang}))
    assert d.role == "pupil", out
    return d, out


def open_q(room: ClassRoom, t: Device, qid: str, L: Lesson = ODDS) -> None:
    room.receive(t, json.dumps({"type": "question_open", **L.answer_spec(qid)}))


def answer(room: ClassRoom, d: Device, qid: str, text) -> None:
    room.receive(d, json.dumps({"type": "answer", "question": qid, "text": text}))


def errors(out: list[dict]) -> list[str]:
    return [m["text"] for m in out if m.get("type") == "error"]


def mine(out: list[dict], qid: str) -> dict:
    lobbies = [m for m in out if m.get("type") == "lobby"]
    return next(q for q in lobbies[-1]["questions"] if q["id"] == qid)


def marks(room: ClassRoom, qid: str) -> dict[str, tuple[str, str]]:
    rows = room.snapshot("en")["answers"]["pupils"]
    return {
        r["name"]: (r["cells"][qid]["typed"], r["cells"][qid]["mark"])
        for r in rows
        if qid in r["cells"]
    }


# -- the marking: the same rule as the lesson's answer box -------------------------------------
def test_several_pupils_are_marked_right_near_or_not_yet_as_the_answer_box_marks_them(room):
    t, t_out = teacher(room)
    open_q(room, t, "ex1")  # 3/4
    open_q(room, t, "t1")  # 4/25, an exit ticket with named mistakes
    assert errors(t_out) == []
    typed = {
        ("Ann", "de"): {"ex1": "0,75", "t1": "0,16"},
        ("Ben", "en"): {"ex1": "1/4", "t1": "2/5"},
        ("Cai", "en"): {"ex1": "75", "t1": "20%"},
        ("Dua", "de"): {"ex1": "drei Viertel", "t1": "16 %"},
        ("Eli", "en"): {"ex1": "0.5", "t1": "a lot"},
    }
    devices = {}
    for (name, lang), answers in typed.items():
        d, out = pupil(room, name, lang)
        devices[name] = (d, out, lang)
        for qid, text in answers.items():
            answer(room, d, qid, text)
        assert errors(out) == []
    want = {
        "ex1": {"Ann": "right", "Ben": "not_yet", "Cai": "near", "Dua": "right", "Eli": "not_yet"},
        "t1": {"Ann": "right", "Ben": "not_yet", "Cai": "near", "Dua": "right", "Eli": "not_yet"},
    }
    for qid, by_name in want.items():
        got = marks(room, qid)
        assert {n: m for n, (_, m) in got.items()} == by_name, qid
    # the pupil's device says the marking's own sentence: the same the lesson's box says
    plan = ODDS.plan
    for name, (_, out, lang) in devices.items():
        q = plan.question("ex1")
        box = check_number(
            typed[(name, lang)]["ex1"],
            Fraction(q.exact()),
            q.hint[lang],
            lang,
            for_check(plan.id, "ex1", lang),
            False,
        )
        shown = mine(out, "ex1")
        assert shown["said"] == box.message
        assert shown["mark"] == want["ex1"][name]
    # the counts the teacher and the projector read
    (ex1,) = [q for q in room.snapshot("en")["answers"]["questions"] if q["id"] == "ex1"]
    assert (ex1["answered"], ex1["right"], ex1["near"], ex1["not_yet"]) == (5, 2, 1, 2)
    assert ex1["text"] == words("answers_count", answered=5, pupils=5, right=2, near=1, not_yet=2)
    rows = {r["name"]: r["help"] for r in room.snapshot("en")["answers"]["pupils"]}
    assert rows == {"Ann": False, "Ben": True, "Cai": False, "Dua": False, "Eli": True}


def test_a_chance_pupils_compute_exactly_is_marked_so_on_the_devices_too(room):
    """The card lesson's 7/46 is computed exactly (``marking: exact``): the server marks 1/4 and
    1/7 as not yet, as the lesson's box does, and keeps 0.2 near; so is 185/689, which the lesson has
    pupils compute card by card: 1/4 is not yet there too, and so is 25% (its value, two digits
    more than one unit off), while 26% (the answer cut off) is near."""
    cards = plan_lesson("heroes-cards")
    assert cards.answer_spec("ex1")["marking"] == "exact"
    assert cards.answer_spec("ex2")["marking"] == "exact"
    t, t_out = teacher(room)
    open_q(room, t, "ex1", cards)
    open_q(room, t, "ex2", cards)
    assert errors(t_out) == []
    for name, ex1, ex2 in (
        ("Ann", "1/4", "1/4"),
        ("Ben", "0.2", "2/9"),
        ("Cai", "1/7", "0.27"),
        ("Dan", "0.2", "25%"),
        ("Eve", "0.2", "26%"),
    ):
        d, out = pupil(room, name)
        answer(room, d, "ex1", ex1)
        answer(room, d, "ex2", ex2)
        assert errors(out) == []
    assert marks(room, "ex1") == {
        "Ann": ("1/4", "not_yet"),
        "Ben": ("0.2", "near"),
        "Cai": ("1/7", "not_yet"),
        "Dan": ("0.2", "near"),
        "Eve": ("0.2", "near"),
    }
    assert marks(room, "ex2") == {
        "Ann": ("1/4", "not_yet"),
        "Ben": ("2/9", "not_yet"),
        "Cai": ("0.27", "right"),
        "Dan": ("25%", "not_yet"),
        "Eve": ("26%", "near"),
    }


def test_an_exit_ticket_shows_its_verdict_only_when_the_teacher_closes_it(room):
    t, _ = teacher(room)
    open_q(room, t, "t1")
    d, out = pupil(room, "Ann")
    answer(room, d, "t1", "2/5")  # a named mistake
    shown = mine(out, "t1")
    assert shown["said"] == words("answer_in") and shown["mark"] is None
    assert shown["mine"] == "2/5" and shown["open"]
    answer(room, d, "t1", "0.16")  # a change replaces the answer
    assert marks(room, "t1") == {"Ann": ("0.16", "right")}
    assert mine(out, "t1")["mark"] is None
    room.receive(t, json.dumps({"type": "question_close", "qid": "t1"}))
    shown = mine(out, "t1")
    assert not shown["open"] and shown["mark"] == "right"
    assert shown["said"].startswith("Right!")
    answer(room, d, "t1", "2/5")  # closed: refused, the answer stays
    assert errors(out)[-1] == words("no_question")
    assert marks(room, "t1") == {"Ann": ("0.16", "right")}


def test_a_number_exercise_answers_at_once_and_a_choice_waits(room):
    t, _ = teacher(room)
    open_q(room, t, "ex2")  # 1/27
    open_q(room, t, "ex4")  # a choice: stop
    d, out = pupil(room, "Ann", "de")
    answer(room, d, "ex2", "3,7 %")
    assert mine(out, "ex2")["mark"] == "right"
    assert mine(out, "ex2")["said"].startswith("Richtig!")
    shown = mine(out, "ex4")
    assert [c["value"] for c in shown["choices"]] == [
        c.value for c in ODDS.plan.question("ex4").choices
    ]
    assert shown["choices"][0]["label"] == ODDS.plan.question("ex4").choices[0].label["de"]
    answer(room, d, "ex4", "stop")
    assert mine(out, "ex4")["mark"] is None
    q = ODDS.plan.question("ex4")
    box = check_choice("stop", str(q.exact()), q.accepted(), q.hint["de"], "de")
    assert marks(room, "ex4")["Ann"][1] == ("right" if box.right else "not_yet")


def test_a_half_answer_of_one_colour_is_marked_alike_on_the_devices(room):
    """01's exercise 2 (black and red fail): one colour alone, either one, in either language,
    is not yet on the pupils' devices as in the lesson's box; both colours are right."""
    t, t_out = teacher(room)
    open_q(room, t, "ex2", plan_lesson("dragon-battle-rules"))
    assert errors(t_out) == []
    typed = {
        "Ann": "black",
        "Ben": "red",
        "Cai": "nur Rot",
        "Dua": "schwarz",
        "Eli": "rot, Schwarz",
    }
    for name, text in typed.items():
        d, out = pupil(room, name, "de" if name in ("Cai", "Eli") else "en")
        answer(room, d, "ex2", text)
        assert errors(out) == []
    assert {n: m for n, (_, m) in marks(room, "ex2").items()} == {
        "Ann": "not_yet", "Ben": "not_yet", "Cai": "not_yet", "Dua": "not_yet", "Eli": "right"
    }  # fmt: skip


def test_every_lesson_question_can_be_opened_and_its_answer_is_marked_right():
    room = ClassRoom(":memory:", clock=Clock())
    t, t_out = teacher(room)
    d, out = pupil(room, "Ann")
    n = 0
    for lesson_id in LESSONS:
        L = plan_lesson(lesson_id)
        for q in (*L.plan.exercises, *L.plan.exit_tickets):
            if q.kind not in ("number", "choice"):
                continue
            open_q(room, t, q.id, L)
            assert errors(t_out) == [], (lesson_id, q.id)
            right = str(q.exact()) if q.kind == "choice" else str(Fraction(q.exact()))
            answer(room, d, q.id, right)
            assert errors(out) == [], (lesson_id, q.id)
            assert marks(room, q.id)["Ann"] == (right, "right"), (lesson_id, q.id)
            room.receive(t, json.dumps({"type": "question_close", "qid": q.id}))
            n += 1
            room.clock.now += 1  # type: ignore[attr-defined]  (the rate: one answer a second)
    assert n >= 20


# -- bad input: refused, typed and short; nothing changes -------------------------------------
@pytest.mark.parametrize(
    ("message", "key"),
    [
        ({"type": "answer", "question": "t1", "text": "1" * 81}, "bad_message"),
        ({"type": "answer", "question": "t1", "text": 0.16}, "bad_message"),
        ({"type": "answer", "question": "t1", "text": "0.16", "extra": 1}, "bad_message"),
        ({"type": "answer", "question": "", "text": "0.16"}, "bad_message"),
        ({"type": "answer", "question": "x" * 41, "text": "0.16"}, "bad_message"),
        ({"type": "answer", "question": "t9", "text": "0.16"}, "no_question"),
        ({"type": "answer", "question": "t1", "text": "   "}, "answer_empty"),
        ({"type": "question_open", **ODDS.answer_spec("t2")}, "teacher_only"),
        ({"type": "question_close", "qid": "t1"}, "teacher_only"),
    ],
)
def test_a_pupil_s_bad_answer_is_refused_in_a_sentence_and_changes_nothing(room, message, key):
    t, _ = teacher(room)
    open_q(room, t, "t1")
    d, out = pupil(room, "Ann")
    answer(room, d, "t1", "0.16")
    before = (room.snapshot("en")["answers"], room.store.answers(), room.store.questions())
    room.receive(d, json.dumps(message))
    assert errors(out) == [words(key)]
    assert len(errors(out)[0]) < 120
    assert (room.snapshot("en")["answers"], room.store.answers(), room.store.questions()) == before


@pytest.mark.parametrize(
    "change",
    [
        {"exact": "1/0"},
        {"exact": "a lot"},
        {"form": "choice"},  # a choice whose right value is no choice
        {"prompt": {"en": " ", "de": " "}},
        {"mistakes": [{"value": "x", "words": {"en": "a", "de": "b"}}]},
        {"form": "essay"},
        {"prompt": {"en": "a", "de": "b", "fr": "c"}},
        {"qid": 7},
    ],
)
def test_a_question_that_cannot_be_marked_is_refused(room, change):
    t, out = teacher(room)
    room.receive(t, json.dumps({"type": "question_open", **{**ODDS.answer_spec("t1"), **change}}))
    assert errors(out) and errors(out)[-1] in (words("bad_question"), words("bad_message"))
    assert room.store.questions() == [] and room.answers.questions == {}


def test_a_pupil_s_message_stays_short_while_the_teacher_may_send_a_whole_question(room):
    t, t_out = teacher(room)
    spec = {**ODDS.answer_spec("t1"), "hint": {"en": "h" * 590, "de": "h" * 590}}
    raw = json.dumps({"type": "question_open", **spec})
    assert 2048 < len(raw) < 16384
    d, out = pupil(room, "Ann")
    room.receive(d, raw)
    assert errors(out) == [words("too_big")]
    room.receive(t, raw)
    assert errors(t_out) == [] and "t1" in room.answers.questions


def test_a_pupil_hammering_answers_is_held_to_the_rate(room):
    t, _ = teacher(room)
    open_q(room, t, "t1")
    d, out = pupil(room, "Ann")
    writes = []
    save = room.store.save_answer
    room.store.save_answer = lambda *a: (writes.append(a), save(*a))[1]  # type: ignore[method-assign]
    for i in range(200):  # bounded: one instant, far past the burst
        answer(room, d, "t1", f"{i}/100")
    assert len(writes) <= RATE_BURST
    assert errors(out).count(words("slow_down")) == 1
    assert marks(room, "t1")["Ann"][0] == writes[-1][2]


# -- hidden: a pupil never sees another's answer; the projector holds no names ----------------
def test_a_pupil_sees_only_their_own_answer_and_the_projector_only_counts(room):
    t, _ = teacher(room)
    p, p_out = teacher(room, projector=True)
    open_q(room, t, "t1")
    ann, ann_out = pupil(room, "Annabel")
    ben, ben_out = pupil(room, "Benedikt")
    answer(room, ann, "t1", "0.16")
    answer(room, ben, "t1", "2/5")
    room.receive(t, json.dumps({"type": "question_close", "qid": "t1"}))
    ann_text = json.dumps([m for m in ann_out if m.get("type") == "lobby"])
    assert "2/5" not in ann_text and "not_yet" not in ann_text
    ben_text = json.dumps([m for m in ben_out if m.get("type") == "lobby"])
    assert "0.16" not in ben_text and '"right"' not in ben_text
    shot = room.snapshot("en", projector=True)["answers"]
    assert shot["pupils"] is None
    projected = json.dumps([m["answers"] for m in p_out if m.get("type") == "class"])
    assert p_out and "answers" in p_out[-1]
    for secret in ("Annabel", "Benedikt", "0.16", "2/5", "cells", "typed"):
        assert secret not in projected
    for d in (ann, ben):
        assert d.token and d.token[:12] not in projected
    (q,) = shot["questions"]
    assert (q["answered"], q["right"], q["not_yet"]) == (2, 1, 1)


# -- kept: restart, hand back, remove ----------------------------------------------------------
def test_answers_survive_a_restart_and_follow_a_handed_back_seat(tmp_path):
    path = tmp_path / "class.sqlite3"
    room = ClassRoom(path, clock=Clock())
    t, _ = teacher(room)
    open_q(room, t, "ex1")
    ann, _ = pupil(room, "Ann", "de")
    ben, _ = pupil(room, "Ben")
    answer(room, ann, "ex1", "0,75")
    answer(room, ben, "ex1", "1/4")
    room.store.close()
    again = ClassRoom(path, clock=Clock())
    assert marks(again, "ex1") == {"Ann": ("0,75", "right"), "Ben": ("1/4", "not_yet")}
    (row,) = [r for r in again.snapshot("en")["answers"]["pupils"] if r["name"] == "Ann"]
    again.hand_back(row["id"])
    (row,) = [r for r in again.snapshot("en")["answers"]["pupils"] if r["name"] == "Ben"]
    again.remove_pupil(row["id"])
    assert marks(again, "ex1") == {"Ann": ("0,75", "right")}
    again.store.close()
    third = ClassRoom(path, clock=Clock())
    assert marks(third, "ex1") == {"Ann": ("0,75", "right")}
    third.store.close()


def test_pupils_removed_at_once_take_their_answers_with_them(tmp_path):
    path = tmp_path / "class.sqlite3"
    room = ClassRoom(path, clock=Clock())
    t, _ = teacher(room)
    open_q(room, t, "ex1")
    ann, _ = pupil(room, "Ann")
    ben, _ = pupil(room, "Ben")
    answer(room, ann, "ex1", "3/4")
    answer(room, ben, "ex1", "1/4")
    room.disconnect(ben)
    room.receive(t, json.dumps({"type": "pupils_remove", "which": "offline"}))
    assert marks(room, "ex1") == {"Ann": ("3/4", "right")}
    assert [a["typed"] for a in room.answers.questions["ex1"]["answers"].values()] == ["3/4"]
    room.store.close()
    again = ClassRoom(path, clock=Clock())
    assert marks(again, "ex1") == {"Ann": ("3/4", "right")}
    # nothing of Ben's is kept: not in the class's memory, not in the store
    assert again.store._db.execute("SELECT COUNT(*) FROM answers").fetchone() == (1,)
    again.store.close()


# -- the CSV -----------------------------------------------------------------------------------
def test_the_csv_has_each_pupil_s_answer_and_verdict_with_formula_safe_cells(room):
    t, _ = teacher(room)
    open_q(room, t, "ex1")
    open_q(room, t, "t1")
    ann, _ = pupil(room, "Ann", "de")
    ben, _ = pupil(room, "Ben")
    pupil(room, "Cai")
    answer(room, ann, "ex1", "0,75")
    answer(room, ann, "t1", "=4/25")
    answer(room, ben, "ex1", "+1/4")
    answer(room, ben, "t1", "0.2")
    rows = list(csv.reader(io.StringIO(export_csv(room))))
    head = rows.index(
        ["section", "pupil", "lesson", "question", "part", "answer typed", "verdict", "marking"]
    )
    got = {(r[1], r[3]): r for r in rows[head + 1 :]}
    assert got[("Ann", "ex1")] == [
        "answer",
        "Ann",
        "dragon-battle-odds",
        "ex1",
        "exercise",
        "0,75",
        "right",
        "right",
    ]
    assert got[("Ann", "t1")][4:7] == ["exit ticket", "'=4/25", "right"]
    assert got[("Ben", "ex1")][5:8] == ["'+1/4", "not yet", "opposite"]
    assert got[("Ben", "t1")][5:7] == ["0.2", "near"]
    assert got[("Cai", "t1")][5:7] == ["", "not answered"]
    assert len(got) == 6


# -- the lesson's notebook -----------------------------------------------------------------------
class FakeBoard:
    def __init__(self, room: ClassRoom) -> None:
        self.room = room

    def _command(self, **message) -> None:
        errors = self.room.command(json.dumps(message))
        if errors:
            raise ValueError(errors[0]["text"])

    def open_question(self, spec) -> None:
        self._command(type="question_open", **spec)

    def close_question(self, qid) -> None:
        self._command(type="question_close", qid=qid)


class FakeLesson:
    """A lesson's calls as the notebook makes them (its boxes are the lesson's business)."""

    lang = "de"

    def __init__(self) -> None:
        self.plan = ODDS.plan
        self.shown: list[str] = []

    def answer_spec(self, qid):
        return ODDS.answer_spec(qid)

    def predict(self, qid):
        return None

    def reveal(self, qid, then=None):
        return None

    def exercise(self, qid):
        self.shown.append(qid)
        return f"box {qid}"

    def exit_ticket(self, qid):
        self.shown.append(qid)
        return f"ticket {qid}"


def test_the_lesson_s_exercise_and_exit_ticket_open_on_the_devices_when_a_class_runs(room):
    L = FakeLesson()
    C = ClassLink(L, FakeBoard(room)).attach()
    assert L.exercise("ex1") == "box ex1" and L.exit_ticket("t1") == "ticket t1"
    assert L.shown == ["ex1", "t1"]
    assert [q["id"] for q in room.snapshot("en")["answers"]["questions"]] == ["ex1", "t1"]
    d, out = pupil(room, "Ann", "de")
    lobbies = [m for m in out if m.get("type") == "lobby"]
    assert [q["id"] for q in lobbies[-1]["questions"]] == ["ex1", "t1"]
    C.close("t1")
    assert room.answers.questions["t1"]["state"] == "closed"
    alone = FakeLesson()
    ClassLink(alone, None).attach()
    assert alone.exercise("ex1") == "box ex1"  # no class server: the lesson as it is


class RecordingBoard:
    """A class board that records what the lesson asked of it."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def ask(self, question, options):
        self.calls.append(("ask", question, tuple(options)))
        return len(self.calls)

    def reveal(self, answer=None, poll=None):
        self.calls.append(("reveal", poll))

    def open_question(self, spec):
        self.calls.append(("open", spec))

    def close_question(self, qid):
        self.calls.append(("close", qid))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_with_a_class_every_call_of_a_lesson_takes_what_the_lesson_takes(lang):
    """With a class server, ``join_class(L)`` routes the lesson's predictions, reveals,
    exercises and exit ticket through the class; the reveal's routing took no ``then=`` (the
    evidence drawn with the answer), so every ``L.reveal(..., then=...)`` of every lesson
    stopped Run All with a TypeError while a class server ran (a teacher's reviewer). Each
    routed call takes what the lesson's own method takes, and the class still sees the vote."""
    import inspect

    from kaskaria.lessons import Lesson
    from kaskaria.lessons import dragon_battle as db

    L = Lesson("dragon-battle-odds", lang)
    own = {
        n: inspect.signature(getattr(L, n))
        for n in ("predict", "reveal", "exercise", "exit_ticket")
    }
    board = RecordingBoard()
    ClassLink(L, board).attach()
    for name, signature in own.items():
        routed = inspect.signature(getattr(L, name))
        args = [p for p in signature.parameters.values() if p.kind is p.POSITIONAL_OR_KEYWORD]
        # everything the lesson's method takes by name, the routed call takes too
        routed.bind("x", **{p.name: None for p in args[1:]})
    choice = next(q for q in L.plan.predictions if q.kind == "choice")
    L.predict(choice.id)
    shown = L.reveal(choice.id, then=db.grid(["red"]))
    assert shown is not None
    L.exercise("ex1")
    assert [c[0] for c in board.calls] == ["ask", "reveal", "open"], board.calls
