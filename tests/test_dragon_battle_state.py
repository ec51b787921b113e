"""Dragon Battle positions: saving and checking them, what each player may see, and display."""

from __future__ import annotations

import copy
import json

import numpy as np
import pytest

import kaskaria
from kaskaria.dragon_battle import DragonBattleState

GAME = "dragon-battle"
SET_UP = ["draw maid", "draw king", "draw knight", "draw cook"]
ALL = sorted(kaskaria.load(GAME).resident_names)


def new_game(players: int = 2, variant: str = "basic", **options):
    return kaskaria.load(GAME, players=players, variant=variant, **options)


def play(state, lines):
    for line in lines:
        state = state.apply(line)
    return state


def decide_state(variant="basic", **options):
    """Silver on the blue dragon, two dice in hand (Ella's choice point)."""
    return play(
        new_game(variant=variant, **options).new_state(),
        SET_UP + ["roll", "roll red silver silver yellow", "place silver on blue"],
    )


def place_state():
    return play(new_game().new_state(), SET_UP + ["roll", "roll black blue red red"])


def random_states(game, games=20, seed=0):
    for i in range(games):
        rng = np.random.default_rng([seed, i])
        state = game.new_state()
        yield state
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                action = legal[int(rng.integers(len(legal)))]
            state = state.apply(action)
            yield state


# ---------------------------------------------------------------------------------------------
# to_dict / from_dict round trips
# ---------------------------------------------------------------------------------------------
def test_to_dict_is_plain_json_of_every_field():
    data = decide_state().to_dict()
    assert data == {
        "phase": "decide",
        "player": 0,
        "under": ["maid", "king", "knight", "cook"],
        "face_up": [True, True, True, True],
        "pile": [n for n in ALL if n not in ("maid", "king", "knight", "cook")],
        "on_dragon": [[], [], ["silver", "silver"], []],
        "well": 0,
        "hand": 2,
        "rolled": [],
        "rescued": [[], []],
        "jugglers": [0, 0],
        "jugglers_left": 8,
        "turns": 0,
    }
    assert json.loads(json.dumps(data)) == data


@pytest.mark.parametrize("variant", ["basic", "younger", "memory"])
@pytest.mark.parametrize(
    "options", [{}, {"silver_with_colour": True, "jugglers_run_out": "unlimited"}]
)
def test_every_reached_position_round_trips(variant, options):
    game = new_game(3, variant, **options)
    phases = set()
    for state in random_states(game, games=15, seed=len(variant)):
        data = json.loads(json.dumps(state.to_dict()))
        again = DragonBattleState.from_dict(game, data)
        assert again == state and hash(again) == hash(state)
        assert again.legal_actions() == state.legal_actions()
        phases.add(state.phase)
    assert phases == {"draw", "start", "rolling", "place", "decide", "over"}


def test_from_dict_needs_a_dragon_battle_game():
    with pytest.raises(TypeError, match=r"game must be a Dragon Battle game, got 'dragon-battle'"):
        DragonBattleState.from_dict("dragon-battle", decide_state().to_dict())


def test_from_dict_does_not_change_its_input():
    data = decide_state().to_dict()
    kept = copy.deepcopy(data)
    DragonBattleState.from_dict(new_game(), data)
    assert data == kept


def _change(base, **changes):
    data = copy.deepcopy(base)
    data.update(changes)
    return data


DECIDE = decide_state().to_dict()
PLACE = place_state().to_dict()
START = play(new_game().new_state(), SET_UP).to_dict()
PILE = START["pile"]

IMPOSSIBLE = [
    # components
    ("21 residents", _change(START, pile=sorted(PILE + ["king"])), r"21 resident tiles \(20 different\)"),
    ("19 residents", _change(START, pile=PILE[1:]), r"19 resident tiles \(19 different\)"),
    ("a resident twice", _change(START, pile=sorted(PILE[1:] + ["king"])), r"20 resident tiles \(19 different\)"),
    ("unknown resident", _change(START, under=["maid", "dragonlord", "knight", "cook"]), r"'dragonlord' in under is not a resident; residents are baker"),
    ("resident not text", _change(START, pile=[1] + PILE[1:]), r"1 in pile is not a resident"),
    ("unknown face on a dragon", _change(DECIDE, on_dragon=[[], [], ["gold", "gold"], []]), r"'gold' in on_dragon is not a die face; faces are black, yellow"),
    ("unknown rolled face", _change(PLACE, rolled=["blue", "red", "green"]), r"'green' in rolled is not a die face"),
    ("five dice", _change(DECIDE, hand=3), r"5 dice are placed; there are 4"),
    ("three dice", _change(DECIDE, hand=1), r"3 dice are placed; there are 4"),
    ("nine jugglers", _change(START, jugglers=[1, 0]), r"9 jugglers are counted; there are 8"),
    ("negative jugglers", _change(START, jugglers=[-1, 1]), r"jugglers must be whole numbers >= 0"),
    ("juggler as text", _change(START, jugglers=["1", 0]), r"jugglers must be whole numbers >= 0"),
    # dice where they cannot be
    ("black die on a dragon", _change(DECIDE, on_dragon=[[], [], ["black", "black"], []]), r"a black die lies on the blue dragon; black dice go to the well"),
    ("black die waiting", _change(PLACE, rolled=["black", "blue", "red", "red"], well=0), r"a black die is among the rolled dice; black dice go to the well"),
    ("red die on the yellow dragon", _change(DECIDE, on_dragon=[["red", "red"], [], [], []]), r"dice \['red', 'red'\] lie on the yellow dragon; a dragon holds only its own colour"),
    ("colour mixed with silver", _change(DECIDE, on_dragon=[[], [], ["blue", "silver"], []]), r"dice \['blue', 'silver'\] lie on the blue dragon"),
    ("dice where no resident is", _change(DECIDE, under=["maid", "king", None, "cook"], face_up=[True, True, False, True], pile=sorted(PILE + ["knight"])), r"dice lie on the blue dragon, which guards no resident"),
    # phases
    ("unknown phase", _change(START, phase="setup"), r"phase 'setup' is unknown; phases are draw, start"),
    ("player out of range", _change(START, player=2), r"player must be a whole number from 0 to 1, got 2"),
    ("player as bool", _change(START, player=True), r"player must be a whole number from 0 to 1, got True"),
    ("empty place in start", _change(START, under=["maid", "king", "knight", None], face_up=[True, True, True, False], pile=sorted(PILE + ["cook"])), r"a place under a dragon is empty in phase 'start'"),
    ("draw with nothing to fill", _change(START, phase="draw"), r"in phase 'draw' a place under a dragon must be empty"),
    ("over while the pile can refill", _change(START, phase="over", under=["maid", "king", "knight", None], face_up=[True, True, True, False], pile=sorted(PILE + ["cook"])), r"the game is over only when the pile \(17\) cannot fill"),
    ("draw with a short pile", _change(START, phase="draw", under=[None, None, "knight", "cook"], face_up=[False, False, True, True], pile=["page"], rescued=[[n for n in PILE if n != "page"] + ["maid"], ["king"]]), r"2 places are empty but the pile holds 1: the game would be over"),
    ("decide with no dice in hand", _change(DECIDE, hand=0, well=2), r"in phase 'decide' at least one die is in hand"),
    ("decide with no dragon scared", _change(DECIDE, on_dragon=[[], [], [], []], well=2), r"in phase 'decide' at least one dragon holds dice"),
    ("rolling with no dice in hand", _change(DECIDE, phase="rolling", hand=0, well=2), r"in phase 'rolling' at least one die is in hand"),
    ("place with dice in hand", _change(PLACE, hand=1, rolled=["blue", "red"]), r"in phase 'place' the rolled dice are not in hand"),
    ("place with nothing placeable", _change(PLACE, rolled=["blue"], well=2, on_dragon=[[], [], ["blue"], []]), r"in phase 'place' at least one colour of the roll must be placeable"),
    ("rolled dice outside place", _change(DECIDE, rolled=["red"], hand=1), r"rolled dice wait only in phase 'place'"),
    ("dice on a dragon at the start", _change(START, on_dragon=[["yellow"], [], [], []], hand=3), r"in phase 'start' all dice are in hand"),
    ("well at the start", _change(START, well=1, hand=3), r"in phase 'start' all dice are in hand"),
    ("negative well", _change(DECIDE, well=-1, hand=3), r"well must be a whole number from 0 to 4, got -1"),
    ("hand too big", _change(START, hand=5), r"hand must be a whole number from 0 to 4, got 5"),
    ("turns negative", _change(START, turns=-1), r"turns must be a whole number"),
    ("jugglers left too many", _change(START, jugglers_left=9), r"jugglers_left must be a whole number from 0 to 8"),
    # shapes
    ("missing field", {k: v for k, v in START.items() if k != "well"}, r"fields missing \['well'\], unknown \[\]"),
    ("extra field", _change(START, dragons=4), r"fields missing \[\], unknown \['dragons'\]"),
    ("not an object", ["start"], r"expected a JSON object, got list"),
    ("three places", _change(START, under=["maid", "king", "knight"]), r"under must be a list of 4"),
    ("rescued for three players", _change(START, rescued=[[], [], []]), r"rescued must be a list of 2"),
    ("rescued not lists", _change(START, rescued=["king", []]), r"rescued must hold one list of residents per player, got 'king'"),
    ("unsorted pile", _change(START, pile=list(reversed(PILE))), r"the pile must be listed in sorted order"),
    ("face_up not booleans", _change(START, face_up=[1, 1, 1, 1]), r"face_up must be four true/false values"),
    ("faces not a list", _change(DECIDE, on_dragon=[[], [], "silver", []]), r"on_dragon must be a list of die faces"),
    # what is seen
    ("face down in the basic game", _change(START, face_up=[True, False, True, True]), r"king lies face down, but residents lie face down only in the memory"),
    ("empty place face up", _change(START, phase="draw", under=[None, "king", "knight", "cook"], face_up=[True, True, True, True], pile=sorted(PILE + ["maid"])), r"the empty place under the yellow dragon is marked face up"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("data", "expected"), [c[1:] for c in IMPOSSIBLE], ids=[c[0] for c in IMPOSSIBLE]
)
def test_impossible_positions_are_refused(data, expected):
    with pytest.raises(ValueError, match=r"^impossible Dragon Battle position: " + expected):
        DragonBattleState.from_dict(new_game(), data)


def test_the_base_positions_are_possible():
    for base in (START, DECIDE, PLACE):
        DragonBattleState.from_dict(new_game(), base)


def test_memory_variant_positions():
    game = new_game(variant="memory")
    rolling = play(game.new_state(), SET_UP + ["roll"])
    data = rolling.to_dict()
    assert data["face_up"] == [False] * 4
    assert DragonBattleState.from_dict(game, data) == rolling
    with pytest.raises(
        ValueError, match=r"maid lies face up during a scare; in the memory variant"
    ):
        DragonBattleState.from_dict(game, _change(data, face_up=[True, False, False, False]))
    # at the start of a turn a mix is possible: new residents are still showing
    start = _change(START, face_up=[True, False, False, True])
    assert DragonBattleState.from_dict(game, start).face_up == (True, False, False, True)


def test_silver_with_a_colour_is_possible_only_with_the_option():
    mixed = _change(DECIDE, on_dragon=[[], [], ["blue", "silver"], []])
    with pytest.raises(ValueError, match=r"lie on the blue dragon"):
        DragonBattleState.from_dict(new_game(), mixed)
    state = DragonBattleState.from_dict(new_game(silver_with_colour=True), mixed)
    assert state.on_dragon[2] == ("blue", "silver")


def test_more_than_eight_jugglers_only_when_unlimited_and_all_taken():
    unlimited = new_game(jugglers_run_out="unlimited")
    ok = _change(START, jugglers=[6, 4], jugglers_left=0, turns=10)
    assert DragonBattleState.from_dict(unlimited, ok).jugglers == (6, 4)
    with pytest.raises(ValueError, match=r"10 jugglers are counted; there are 8"):
        DragonBattleState.from_dict(new_game(), ok)
    with pytest.raises(ValueError, match=r"11 jugglers are counted"):
        DragonBattleState.from_dict(unlimited, _change(START, jugglers=[6, 4], jugglers_left=1))
    with pytest.raises(ValueError, match=r"7 jugglers are counted"):
        DragonBattleState.from_dict(unlimited, _change(START, jugglers=[3, 4], jugglers_left=0))


# ---------------------------------------------------------------------------------------------
# What each player may see
# ---------------------------------------------------------------------------------------------
def test_observation_in_the_basic_game_shows_everything_but_the_pile():
    state = decide_state()
    obs = state.observation(1)
    assert obs["viewer"] == 1 and obs["player"] == 0 and obs["phase"] == "decide"
    assert [d["resident"] for d in obs["dragons"]] == ["maid", "king", "knight", "cook"]
    assert [d["stars"] for d in obs["dragons"]] == [2, 4, 3, 3]
    assert obs["dragons"][2]["dice"] == ["silver", "silver"]
    assert obs["pile"] == 16  # a count, not the tiles
    for name in state.pile:
        assert name not in json.dumps(obs)
    assert obs == {**state.observation(0), "viewer": 1}


def test_observation_in_the_memory_variant_hides_face_down_residents():
    state = decide_state(variant="memory")
    obs = state.observation(0)
    assert [d["resident"] for d in obs["dragons"]] == [None] * 4
    assert [d["stars"] for d in obs["dragons"]] == [None] * 4
    assert [d["face_down"] for d in obs["dragons"]] == [True] * 4
    text = json.dumps(obs)
    for name in ("maid", "king", "knight", "cook"):
        assert name not in text
    assert obs["dragons"][2]["dice"] == ["silver", "silver"]


def test_memory_observation_never_reveals_a_hidden_resident():
    """In whole played games, no observation names a face-down resident or its stars."""
    game = new_game(3, "memory")
    for state in random_states(game, games=10, seed=5):
        for viewer in range(3):
            obs = state.observation(viewer)
            for i, dragon in enumerate(obs["dragons"]):
                name = state.under[i]
                if name is not None and not state.face_up[i]:
                    assert dragon == {
                        "colour": dragon["colour"],
                        "resident": None,
                        "stars": None,
                        "face_down": True,
                        "dice": list(state.on_dragon[i]),
                    }
                    shown = {d["resident"] for d in obs["dragons"]}
                    rescued = {r["resident"] for seat in obs["rescued"] for r in seat}
                    assert name not in shown | rescued


@pytest.mark.parametrize("viewer", [-1, 2, 1.0, True, "0"])
def test_observation_viewer_must_be_a_seat(viewer):
    with pytest.raises(ValueError, match=rf"player must be a seat from 0 to 1, got {viewer!r}"):
        decide_state().observation(viewer)


# ---------------------------------------------------------------------------------------------
# Text and HTML display
# ---------------------------------------------------------------------------------------------
def test_text_form_is_short_and_stable():
    game = new_game()
    state = game.new_state()
    assert state.text() == (
        "p0 draw | Y:- R:- B:- P:- | well 0 hand 4 | pile 20 jugglers 8 | stars [0, 0]"
    )
    assert decide_state().text() == (
        "p0 decide | Y:maid2 R:king4 B:knight3[SS] P:cook3 | well 0 hand 2 | pile 16 "
        "jugglers 8 | stars [0, 0]"
    )
    assert place_state().text() == (
        "p0 place | Y:maid2 R:king4 B:knight3 P:cook3 | well 1 hand 0 rolled blue red red | "
        "pile 16 jugglers 8 | stars [0, 0]"
    )
    assert repr(decide_state()) == f"<DragonBattleState {decide_state().text()}>"
    assert decide_state(variant="memory").text() == (
        "p0 decide | Y:? R:? B:?[SS] P:? | well 0 hand 2 | pile 16 jugglers 8 | stars [0, 0]"
    )


def test_text_form_at_the_end_names_the_winners():
    data = _change(
        START,
        phase="over",
        under=["maid", "king", "knight", None],
        face_up=[True, True, True, False],
        pile=[],
        rescued=[["cook"] + PILE[:8], PILE[8:]],
        jugglers=[3, 5],
        jugglers_left=0,
        turns=14,  # 8 failed scares, at least 5 that rescued the 17; seat 0 next
    )
    state = DragonBattleState.from_dict(new_game(), data)
    assert state.text().startswith(f"over, winners {list(state.winners())} | Y:maid2")
    assert state.text().endswith(f"stars {list(state.stars())}")


def test_html_is_a_pure_render():
    state = decide_state()
    before = state.to_dict()
    html = state._repr_html_()
    assert html == state._repr_html_()
    assert state.to_dict() == before
    assert html.startswith('<div class="kaskaria-dragon-battle">') and html.endswith("</div>")
    assert "maid" in html and "king" in html and "knight" in html
    assert html.count('title="silver"') == 2  # the two silver dice, each with its letter
    assert ">S</span>" in html
    assert "legal: roll, stop" in html


def test_html_hides_face_down_residents():
    state = decide_state(variant="memory")
    html = state._repr_html_()
    assert html.count("face down") == 4
    for name in ("maid", "king", "knight", "cook"):
        assert name not in html


def test_html_of_every_phase_renders():
    for state in random_states(new_game(4, "memory"), games=2, seed=3):
        html = state._repr_html_()
        assert "<script" not in html
        assert f"phase: {state.phase}" in html
