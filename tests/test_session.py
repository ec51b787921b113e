"""The table session (pure Python, what every screen of a table shares): fairness between people at
one screen, difficulty words for bots, time given by a clock, a bot's proposal in one step, and
the results with every score's parts."""

from __future__ import annotations

import random

import pytest

from kaskaria.bots import difficulty_bots
from kaskaria.core import TERMINAL
from kaskaria.session import DEFAULT_PACE, TableSession


class Clock:
    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


def play_at_random(session: TableSession, rng: random.Random, limit: int = 5000) -> None:
    for _ in range(limit):
        view = session.view()
        if view["turn"]["to_move"] == "over":
            return
        if view["passing"]:
            session.pass_device()
        elif view["moves"]["actions"]:
            session.act(rng.choice(view["moves"]["actions"])["action"])
        else:
            session.next()
    raise AssertionError("the game did not end")


# ----------------------------------------------------------------------------------------------
# fair at one screen
# ----------------------------------------------------------------------------------------------
def test_a_screen_takes_back_only_its_own_seats_decision():
    session = TableSession(
        "dragon-battle", players=2, seats=("human", "human"), seed=3, autoplay=None
    )
    session.act("roll")
    session.act("place blue")
    # Player 1's screen may take it back, in a sentence; Player 2's and the table's may not
    mine = session.view(0)["moves"]["undo"]
    assert mine == {
        "enabled": True,
        "shown": True,
        "label": "Take back: you put 1 die on the blue dragon",
        "reason": "",
    }
    for screen in (1, "table"):
        undo = session.view(screen)["moves"]["undo"]
        assert undo["enabled"] is False
        assert undo["reason"] == "Player 1 made the last move: only Player 1 can take it back."
    before = session.match.lines()
    assert session.handle({"type": "undo", "version": session.version}, screen=1) is False
    assert session.match.lines() == before  # refused: nothing changed
    assert session.view(1)["message"]["kind"] == "error"
    assert session.handle({"type": "undo", "version": session.version}, screen=0) is True
    assert session.match.lines() == before[:-1]
    # German: the same rule in German words
    session.act("place blue")
    assert session.view(1, "de")["moves"]["undo"]["reason"] == (
        "Der letzte Zug war von Spieler 1: nur Spieler 1 kann ihn zurücknehmen."
    )
    # Python (the teacher) may take back any person's decision
    session.undo()
    assert session.match.lines() == before[:-1]


@pytest.mark.parametrize("game", ["dragon-battle", "dragons-gold"])
def test_with_two_people_no_screen_shows_the_seed_or_the_full_code(game):
    players = 2 if game == "dragon-battle" else 3
    seats = ("human", "human") + ("easy",) * (players - 2)
    session = TableSession(game, players=players, seats=seats, seed=7, autoplay=None)
    viewers = ["table", 0, 1]
    for viewer in viewers:
        info = session.view(viewer)["info"]
        assert info["seed"] is None and info["code_is_view"] is True
        assert info["code"] != session.full_code and "7" not in info["this_game"]
    play_at_random(session, random.Random(1))
    assert session.state.current_player() == TERMINAL
    for viewer in viewers:  # not even once the game is over
        info = session.view(viewer)["info"]
        assert info["seed"] is None and info["code"] != session.full_code


# ----------------------------------------------------------------------------------------------
# difficulty, not bot names
# ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["dragon-battle", "heroes", "dragons-gold"])
def test_opponents_are_chosen_by_difficulty_and_named_by_it(game):
    players = 4 if game != "heroes" else 3
    session = TableSession(
        game, players=players, seats=("human", "easy", "medium", "hard")[:players], seed=1
    )
    # a four-player Dragon's Gold table's "hard" seat is its strongest bot, the search, and so
    # is a three-player Heroes table's and a four-player Dragon Battle table's, `win`
    # (kaskaria.STRONG_AT_TABLES)
    bots = difficulty_bots(game, strong=True)
    assert [b.name for b in session.bots[1:]] == [bots[d] for d in ("easy", "medium", "hard")][
        : players - 1
    ]
    names = [p["name"] for p in session.view()["players"]]
    assert (
        names[1:]
        == ["Player 2 (easy bot)", "Player 3 (medium bot)", "Player 4 (hard bot)"][: players - 1]
    )
    de = [p["name"] for p in session.view(lang="de")["players"]]
    assert de[1] == "Spieler 2 (leichter Bot)"
    menu = [m["value"] for m in session.view()["settings"]["seat_menu"]]
    assert menu == ["human", "easy", "medium", "hard"]  # no bot names for children
    # a screen puts a hard bot in a seat by the word; a bot's name is refused there
    assert session.handle({"type": "seat", "player": 1, "seat": "hard"}) is True
    assert session.bots[1].name == bots["hard"]
    assert session.handle({"type": "seat", "player": 1, "seat": bots["easy"]}) is False
    # the teacher's setting: bots by name (and every bot in the menu)
    session.bot_names = True
    assert bots["hard"] in session.view()["players"][1]["name"]
    assert bots["easy"] in [m["value"] for m in session.view()["settings"]["seat_menu"]]


# ----------------------------------------------------------------------------------------------
# time, given by a clock
# ----------------------------------------------------------------------------------------------
def test_bots_step_at_the_pace_of_the_clock_and_the_summary_stays_until_a_click():
    clock = Clock()
    session = TableSession("dragon-battle", players=2, seats=("hard", "human"), seed=4, clock=clock)
    assert session.pace == DEFAULT_PACE == 2.0 and session.autoplay == 2.0
    assert session.wake_in() == pytest.approx(2.0)
    assert session.view()["clock"]["wake_ms"] == 2000
    clock.now += 1.0
    dealt = len(session.match.actions)
    assert session.tick() is False and len(session.match.actions) == dealt  # not yet
    steps = 0
    while session.view()["turn"]["to_move"] != "human":
        # the first step after one pace, each next one when the last one's line is read
        wait = session.wake_in()
        assert wait is not None and wait > 0
        clock.now += wait
        assert session.tick() is True
        steps += 1
        # each step stays in the summary (the last six), told one sentence a line
        assert len(session.table.summary) == min(steps, 6)
        assert len(session.view()["summary"]["lines"]) >= min(steps, 6)
    assert steps >= 2 and session.wake_in() is None  # nothing is due while the person decides
    lines = session.view()["summary"]["lines"]
    clock.now += 30.0
    assert session.view()["summary"]["lines"] == lines  # it stays until the person's click
    session.act("roll")
    assert len(session.view()["summary"]["lines"]) == 1


def test_a_bots_proposal_appears_in_one_step():
    session = TableSession(
        "dragons-gold", players=3, seats=("easy", "medium", "hard"), seed=2, autoplay=None
    )
    built = 0
    for _ in range(400):
        state = session.state
        if state.is_terminal():
            break
        builder = state.current_player()
        starting = state.phase == "build" and builder >= 0
        before = len(session.match.actions)
        session.next()
        if starting:
            # the whole proposal, token by token, then "propose": one step, one summary line
            taken = session.match.actions[before:]
            assert len(taken) > 1 and session.state.phase != "build"
            assert [a.verb for a in taken][-1] in ("propose", "no")
            built += 1
    assert built >= 2


# ----------------------------------------------------------------------------------------------
# results
# ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("game", "players", "parts"),
    [
        ("dragon-battle", 3, ["stars for residents", "stars for jugglers", "residents rescued"]),
        (
            "heroes",
            2,
            [
                "gold for gold cards",
                "gold for the griffin's place",
                "gold for the cliff runner's place",
                "gold for the amulet",
            ],
        ),
        (
            "dragons-gold",
            3,
            ["points for coins and tokens", "points for having the most of a colour"],
        ),
    ],
)
def test_the_result_ranks_everyone_with_every_part_of_their_score(game, players, parts):
    # quick bots: the result's parts are the point (a search bot's whole game: the proposal test)
    session = TableSession(
        game, players=players, seats=("easy", "medium", "medium")[:players], seed=1, autoplay=None
    )
    assert session.view()["result"] is None
    session.run_bots()
    result = session.view()["result"]
    assert result["title"] == "Results" and result["headline"]
    ranking = result["ranking"]
    assert sorted(r["seat"] for r in ranking) == list(range(players))
    assert [r["place"] for r in ranking] == sorted(r["place"] for r in ranking)
    assert {r["seat"] for r in ranking if r["winner"]} == set(session.state.winners())
    for row in ranking:
        assert [p["label"] for p in row["parts"]] == parts
    if game == "dragons-gold":  # the parts add up to the score
        for row in ranking:
            assert sum(p["value"] for p in row["parts"]) == int(row["score"].split()[0])
    assert [p["label"] for p in session.view(lang="de")["result"]["ranking"][0]["parts"]] != parts


def test_the_heroes_result_says_every_part_as_gold_in_german_too():
    """Each part of a Heroes score is the gold it brought (a place's number is gold, not the
    field the figure stands on), in German as in English."""
    session = TableSession("heroes", players=2, seats=("easy", "medium"), seed=1, autoplay=None)
    session.run_bots()
    ranking = session.view(lang="de")["result"]["ranking"]
    assert [p["label"] for p in ranking[0]["parts"]] == [
        "Gold für Gold-Karten",
        "Gold für den Platz des Schuppengreifs",
        "Gold für den Platz des Klippenläufers",
        "Gold für das Amulett",
    ]
