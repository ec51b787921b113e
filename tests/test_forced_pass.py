"""A pass with nothing to decide is the table's to make: a person whose only legal move is a pass
(a Dragon's Gold seat holding no item to play on the shares) is never asked to click it. The
table makes it at its pace, as it steps a bot; only that seat's screen says so, every other screen
sees a decision like any other (which items a seat holds is hidden from the others)."""

from __future__ import annotations

import pytest
from dg_support import load, nobody_sure, play

from kaskaria.match import Match
from kaskaria.session import TableSession

SMALL_KNIGHT = "small-knight"
PACE = 2.0


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def swap_window(first_item: str) -> TableSession:
    """Player 2 (a bot) killed dragon 1 with Player 1's small knight and proposed the shares;
    once Player 1 accepts, the holders of magic items may play one on them, in seat order from
    Player 2: Player 3 (a person holding Swap of shares: a real choice), then Player 1 (a person
    holding ``first_item``)."""
    game = load(3)
    state = game.setup(
        dragons=[{"card": 0, "treasure": "2 silver, gold", "attackers": [(0, SMALL_KNIGHT)]}],
        to_move=1,
        bag="10 gold",
        items={0: [first_item], 2: ["swap-shares"]},
        sure=nobody_sure(game),
    )
    state = state.apply("send big-knight to dragon 1")
    while state.phase == "token":
        state = state.apply(state.legal_actions()[0])
    state = play(state, ["give gold to 2"] * 3 + ["give silver to 1"] * 2 + ["propose"])
    session = TableSession.from_match(
        Match(game, seed=1, start=state),
        seats=("human", "random", "human"),
        autoplay=None,
        hourglass=False,
        clock=Clock(),
        viewer=0,
    )
    session.act("accept")
    assert session.state.phase == "swap" and session.state.current_player() == 2
    return session


def tick_at(session: TableSession, seconds: float) -> bool:
    clock = session.table._clock
    clock.now += seconds
    return session.tick()


def test_a_seat_with_a_real_choice_is_asked_and_nothing_runs_by_itself():
    session = swap_window("ward")
    table = session.table
    assert table.forced_pass() is None and table.wake_in() is None
    mine = session.view(viewer=2)
    assert mine["turn"]["to_move"] == "human"
    assert {b["kind"] for b in mine["moves"]["actions"]} == {"pass", "play"}
    # nothing happens however long the person thinks
    assert not tick_at(session, 60.0) and session.state.current_player() == 2


@pytest.mark.parametrize(
    ("lang", "turn", "told", "others"),
    [
        (
            "en",
            "Nothing to choose: you pass",
            "You have no magic item to play on the shares: you pass.",
            "Player 1 passes.",
        ),
        (
            "de",
            "Nichts zu wählen: Du setzt aus",
            "Du hast keinen magischen Gegenstand für die Anteile und setzt aus.",
            "Spieler 1 verzichtet.",
        ),
    ],
)
def test_a_lone_pass_is_made_at_the_pace_and_said_on_its_own_screen(lang, turn, told, others):
    session = swap_window("ward")
    table = session.table
    session.act("pass")  # Player 3 decides not to swap
    assert session.state.current_player() == 0 and table.forced_pass() is not None
    mine = session.view(viewer=0, lang=lang)
    assert mine["turn"]["to_move"] == "auto" and mine["turn"]["text"] == turn
    assert mine["moves"]["actions"] == [] and mine["moves"]["running"]
    assert mine["advice"]["hint"] is None
    # at the table's pace, never sooner
    assert table.wake_in() == pytest.approx(PACE)
    assert not tick_at(session, PACE - 0.5) and session.state.phase == "swap"
    assert tick_at(session, 0.5)
    assert session.state.phase != "swap"
    said = {v: [line["text"] for line in session.view(viewer=v, lang=lang)["summary"]["lines"]]
            for v in (0, 1, 2)}  # fmt: skip
    assert told in said[0] and others not in said[0]
    assert others in said[1] and others in said[2]
    assert not any(told in session.view(viewer=v, lang=lang)["message"]["text"] for v in (1, 2))
    assert session.view(viewer=0, lang=lang)["message"]["text"].startswith(told)
    # taken back, it would only be made again: it stands
    undo = session.view(viewer=0, lang=lang)["moves"]["undo"]
    assert not undo["enabled"] and undo["reason"]


def test_the_other_screens_cannot_tell_a_lone_pass_from_a_decision():
    """Seat 1 holds a Ward against thieves (nothing to play on the shares) or a Swap of shares
    (a real choice): every other screen shows the same moment, word for word."""
    forced, choice = swap_window("ward"), swap_window("swap-shares")
    for session in (forced, choice):
        session.act("pass")
        assert session.state.current_player() == 0
    assert forced.table.forced_pass() is not None and choice.table.forced_pass() is None
    for viewer in (1, 2, "table"):
        for lang in ("en", "de"):
            a, b = forced.view(viewer=viewer, lang=lang), choice.view(viewer=viewer, lang=lang)
            for part in ("turn", "message", "moves", "players", "summary", "advice", "board"):
                assert a[part] == b[part], (viewer, lang, part)
    # the seat itself is asked only when it has a choice
    assert choice.view(viewer=0)["turn"]["to_move"] == "human"
    assert {b["kind"] for b in choice.view(viewer=0)["moves"]["actions"]} == {"pass", "play"}


def test_python_may_still_make_the_pass_and_next_makes_it_at_once():
    session = swap_window("recall")
    session.act("pass")
    assert session.table.forced_pass() is not None
    session.next()
    assert session.state.phase != "swap" and session.table.forced_pass() is None
