"""The shared engine vocabulary: registry and load, Game, Action, sentinels, errors, exact picks."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from itertools import product

import numpy as np
import pytest

import kaskaria
from kaskaria import core
from kaskaria.core import (
    CHANCE,
    TERMINAL,
    Action,
    Game,
    IllegalActionError,
    InvalidActionError,
    Player,
    State,
    available_games,
    check_choice,
    load,
    pick_outcome,
)
from kaskaria.dragon_battle import FACES, DragonBattle, DragonBattleState, roll_outcomes

GAME = "dragon-battle"


class FixedGenerator(np.random.Generator):
    """A generator whose ``integers`` always answers ``k`` (to walk every pick exhaustively)."""

    def __init__(self, k: int) -> None:
        super().__init__(np.random.PCG64(0))
        self.k = k
        self.asked: list[int] = []

    def integers(self, high, *args, **kwargs):  # noqa: D102
        self.asked.append(high)
        assert 0 <= self.k < high
        return self.k


def started(players: int = 2, variant: str = "basic", **options) -> DragonBattleState:
    state = load(GAME, players=players, variant=variant, **options).new_state()
    for name in ("maid", "king", "knight", "cook"):
        state = state.apply(f"draw {name}")
    return state


# ---------------------------------------------------------------------------------------------
# Registry and load
# ---------------------------------------------------------------------------------------------
def test_registry_lists_dragon_battle_sorted():
    games = available_games()
    assert GAME in games
    assert list(games) == sorted(games)
    assert isinstance(load(GAME), DragonBattle)


@pytest.mark.parametrize("name", ["chess", "Dragon-Battle", "", None, 3])
def test_unknown_game_error_lists_available_games(name):
    with pytest.raises(ValueError) as err:
        load(name)
    message = str(err.value)
    assert repr(name) in message
    assert GAME in message and "available games" in message


def test_register_makes_a_game_loadable(monkeypatch):
    class Coin(Game):
        name, title, min_players, max_players = "coin", "Coin", 1, 1

        def options(self):
            return {}

    monkeypatch.setitem(core._REGISTRY, "coin", Coin)
    assert "coin" in available_games()
    game = load("coin", players=1)
    assert isinstance(game, Coin)
    assert game.spec() == {"game": "coin", "players": 1, "variant": "basic", "options": {}}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_load_accepts_two_to_four_players(players):
    game = load(GAME, players=players)
    assert game.players == players
    assert len(game.new_state().rescued) == players


@pytest.mark.parametrize("players", [0, 1, 5, -2])
def test_wrong_player_count_names_the_count_and_the_range(players):
    with pytest.raises(ValueError, match=rf"2-4 players, not {players}$"):
        load(GAME, players=players)


@pytest.mark.parametrize(
    ("name", "players"), [("dragon-battle", 2), ("heroes", 2), ("dragons-gold", 4)]
)
def test_load_without_a_player_count_uses_the_games_own_default(name, players):
    assert load(name).players == players
    assert load(name) == load(name, players=players)


@pytest.mark.parametrize("players", ["3", 3.0, True, None])
def test_player_count_must_be_a_whole_number(players):
    with pytest.raises(TypeError, match=r"players must be a whole number, got"):
        load(GAME, players=players)


@pytest.mark.parametrize("variant", ["expert", "Basic", "", None])
def test_unknown_variant_lists_the_variants(variant):
    with pytest.raises(ValueError) as err:
        load(GAME, variant=variant)
    message = str(err.value)
    assert repr(variant) in message
    for known in ("'basic'", "'younger'", "'memory'"):
        assert known in message


@pytest.mark.parametrize("variant", ["basic", "younger", "memory"])
def test_every_variant_loads(variant):
    assert load(GAME, variant=variant).variant == variant


def test_unknown_option_is_a_value_error_listing_the_options():
    with pytest.raises(ValueError) as err:
        load(GAME, silver_is_wild=True)
    message = str(err.value)
    assert "'silver_is_wild'" in message
    for option in ("silver_with_colour", "jugglers_run_out", "first_player"):
        assert option in message


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"silver_with_colour": "yes"}, "'yes'"),
        ({"silver_with_colour": 1}, "1"),
        ({"jugglers_run_out": "some"}, "'some'"),
        ({"first_player": 2}, "2"),
        ({"first_player": True}, "True"),
        ({"first_player": -1}, "-1"),
        ({"juggler_stars": -1}, "-1"),
        ({"stars": {"dragonlord": 3}}, "dragonlord"),
    ],
)
def test_bad_option_values_name_the_value(options, named):
    with pytest.raises(ValueError) as err:
        load(GAME, players=2, **options)
    assert named in str(err.value)


def test_option_error_says_what_is_accepted():
    with pytest.raises(ValueError, match=r"'some'.*'nothing', 'unlimited'"):
        load(GAME, jugglers_run_out="some")
    with pytest.raises(ValueError, match=r"from 0 to 2, got 3"):
        load(GAME, players=3, first_player=3)


@pytest.mark.parametrize("seed", [-1, 1.5, True, "7"])
def test_bad_seed_is_rejected(seed):
    with pytest.raises(ValueError, match=r"seed must be a whole number >= 0 or None, got"):
        load(GAME, seed=seed)


def test_failed_load_leaves_the_registry_alone():
    before = dict(core._REGISTRY)
    for bad in ({"players": 5}, {"variant": "x"}, {"first_player": 9}):
        with pytest.raises(ValueError):
            load(GAME, **bad)
    assert core._REGISTRY == before


# ---------------------------------------------------------------------------------------------
# Game
# ---------------------------------------------------------------------------------------------
def test_game_spec_equality_hash_and_repr():
    a = load(GAME, players=3, variant="memory", seed=4)
    b = load(GAME, players=3, variant="memory", seed=99)
    assert a == b and hash(a) == hash(b)  # the seed is not part of the rules
    assert a.spec() == {
        "game": GAME,
        "players": 3,
        "variant": "memory",
        "options": {"silver_with_colour": False, "jugglers_run_out": "nothing", "first_player": 0},
    }
    assert repr(a) == "kaskaria.load('dragon-battle', players=3, variant='memory')"
    assert a != load(GAME, players=3, variant="basic")
    assert a != load(GAME, players=3, variant="memory", silver_with_colour=True)
    assert a != load(GAME, players=2, variant="memory")
    assert a != "dragon-battle"


def test_spec_rebuilds_the_same_game_including_overrides():
    game = load(GAME, players=4, juggler_stars=2, stars={"king": 5}, first_player=3)
    spec = game.spec()
    again = load(spec["game"], players=spec["players"], variant=spec["variant"], **spec["options"])
    assert again == game
    assert again.juggler_stars == 2 and again.stars["king"] == 5 and again.first_player == 3


def test_game_rng_is_seeded():
    game = load(GAME, seed=11)
    assert game.rng().integers(10**9) == np.random.default_rng(11).integers(10**9)
    assert game.rng(5).integers(10**9) == np.random.default_rng(5).integers(10**9)


def test_new_initial_state_is_new_state():
    game = load(GAME)
    assert game.new_initial_state() == game.new_state()


# ---------------------------------------------------------------------------------------------
# Action, sentinels, errors
# ---------------------------------------------------------------------------------------------
def test_action_text_repr_and_order():
    place = Action("place", ("silver", "on", "blue"))
    assert str(place) == "place silver on blue"
    assert repr(place) == "Action('place silver on blue')"
    assert str(Action("roll")) == "roll" and Action("roll").args == ()
    assert sorted([Action("stop"), Action("roll"), Action("place", ("red",))]) == [
        Action("place", ("red",)),
        Action("roll"),
        Action("stop"),
    ]
    assert Action("place", ("blue",)) < Action("place", ("red",))
    assert len({Action("roll"), Action("roll", ())}) == 1


def test_action_is_frozen():
    action = Action("roll")
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.verb = "stop"


def test_sentinels():
    assert CHANCE is Player.CHANCE and TERMINAL is Player.TERMINAL
    assert int(CHANCE) == -1 and int(TERMINAL) == -4
    assert CHANCE not in range(4) and TERMINAL not in range(4)
    assert repr(CHANCE) == "CHANCE" and repr(TERMINAL) == "TERMINAL"
    assert kaskaria.CHANCE is CHANCE and kaskaria.TERMINAL is TERMINAL


def test_error_classes_are_value_errors():
    assert issubclass(IllegalActionError, ValueError)
    assert issubclass(InvalidActionError, ValueError)
    assert not issubclass(IllegalActionError, InvalidActionError)
    assert not issubclass(InvalidActionError, IllegalActionError)


def test_check_choice_names_value_and_choices():
    assert check_choice("colour", "red", ("red", "blue")) == "red"
    with pytest.raises(ValueError, match=r"unknown colour 'green'; choose one of: 'red', 'blue'"):
        check_choice("colour", "green", ("red", "blue"))


# ---------------------------------------------------------------------------------------------
# The state contract on known positions
# ---------------------------------------------------------------------------------------------
def test_current_player_is_chance_a_seat_or_terminal():
    state = load(GAME, players=3).new_state()
    assert state.current_player() == CHANCE and state.is_chance_node()
    state = started(players=3)
    assert state.current_player() == 0 and not state.is_chance_node()
    assert state.apply("roll").current_player() == CHANCE
    over = DragonBattleState.from_dict(state.game, {**state.to_dict(), **_over_fields(state)})
    assert over.current_player() == TERMINAL and over.is_terminal()
    assert over.legal_actions() == ()


def _over_fields(state):
    """A finished 3-player game: everything rescued except 3 residents under dragons."""
    under = ["maid", "king", "knight", None]
    rest = sorted(set(state.game.resident_names) - set(under))
    return {
        "phase": "over",
        "under": under,
        "face_up": [True, True, True, False],
        "pile": [],
        "rescued": [rest[:6], rest[6:12], rest[12:]],
        "jugglers": [3, 3, 2],
        "jugglers_left": 0,
        "turns": 21,  # 8 failed scares and at least 5 that rescued the 17; seat 0 next
    }


def test_legal_actions_sorted_deterministic_and_fresh_on_copies():
    state = started().apply("roll").apply("roll red silver silver yellow")
    legal = state.legal_actions()
    assert legal == tuple(sorted(legal))
    assert [str(a) for a in legal] == [
        "place red",
        "place silver on blue",
        "place silver on purple",
        "place silver on red",
        "place silver on yellow",
        "place yellow",
    ]
    assert state.legal_actions() is legal  # cached
    copy = DragonBattleState.from_dict(state.game, state.to_dict())
    assert copy.legal_actions() == legal
    assert copy._compute_legal() == legal  # computed afresh from the rebuilt position


def test_apply_returns_a_new_state_and_keeps_the_old_one():
    state = started()
    before = state.to_dict()
    after = state.apply("roll")
    assert after is not state and after != state
    assert state.to_dict() == before and state.phase == "start"
    assert after.phase == "rolling"


def test_states_are_frozen_hashable_values():
    a, b = started(), started()
    assert a == b and hash(a) == hash(b) and a is not b
    assert len({a, b, a.apply("roll")}) == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.phase = "over"
    assert a.apply(Action("roll")) == a.apply("roll")


def test_text_notation_round_trips_for_every_kind_of_action():
    state = started(silver_with_colour=True)
    texts = [
        "roll",
        "stop",
        "place red",
        "place silver on blue",
        "place red with silver",
        "roll black blue red red",
        "roll silver",
        "draw king",
    ]
    for text in texts:
        action = state.parse_action(text)
        assert str(action) == text
        assert state.parse_action(str(action)) == action
    assert state.parse_action("  Place   RED ") == Action("place", ("red",))
    assert state.parse_action("roll red red blue black") == Action(
        "roll", ("black", "blue", "red", "red")
    )


def test_chance_outcomes_only_at_chance_points():
    state = started()
    with pytest.raises(IllegalActionError, match="no chance event is due"):
        state.chance_outcomes()
    outcomes = state.apply("roll").chance_outcomes()
    assert sum(p for _, p in outcomes) == 1


def test_illegal_action_message_names_action_rule_and_legal_alternatives():
    state = started()
    with pytest.raises(IllegalActionError) as err:
        state.apply("stop")
    message = str(err.value)
    assert message.startswith("'stop' is not allowed: ")
    assert "cannot stop before" in message
    assert message.endswith("Legal now: roll.")


def test_invalid_action_message_names_text_and_notation():
    state = started()
    with pytest.raises(InvalidActionError) as err:
        state.apply("jump over the dragon")
    message = str(err.value)
    assert "'jump over the dragon'" in message
    assert "place <colour>" in message and "roll" in message


# ---------------------------------------------------------------------------------------------
# Exact chance: the 4-dice table and the exact pick, each against a brute-force twin
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("dice", "count"), [(1, 6), (2, 21), (3, 56), (4, 126)])
def test_roll_outcomes_match_brute_force(dice, count):
    brute = Counter(tuple(sorted(faces)) for faces in product(FACES, repeat=dice))
    outcomes = roll_outcomes(dice)
    assert len(outcomes) == count == len(brute)
    assert sum(p for _, p in outcomes) == 1
    assert [a for a, _ in outcomes] == sorted(a for a, _ in outcomes)
    for action, p in outcomes:
        assert action.verb == "roll"
        assert isinstance(p, Fraction)
        assert p == Fraction(brute[action.args], 6**dice)


def test_four_dice_weights_sum_to_1296():
    weights = {str(a): p * 1296 for a, p in roll_outcomes(4)}
    assert all(w.denominator == 1 for w in weights.values())
    assert sum(weights.values()) == 1296
    # two reds, one black, one blue: 4! / 2! orders
    assert weights["roll black blue red red"] == 12
    assert weights["roll silver silver silver silver"] == 1


@pytest.mark.parametrize("dice", [0, 5, -1, "4"])
def test_roll_outcomes_rejects_impossible_dice_counts(dice):
    with pytest.raises(ValueError, match=r"a roll uses 1 to 4 dice"):
        roll_outcomes(dice)


@pytest.mark.parametrize("dice", [1, 2, 4])
def test_pick_outcome_is_exact_over_every_integer(dice):
    """Walking every integer the generator could return gives each outcome exactly p * D times."""
    outcomes = roll_outcomes(dice)
    denominator = 6**dice
    counts = Counter()
    for k in range(denominator):
        rng = FixedGenerator(k)
        counts[pick_outcome(outcomes, rng)] += 1
        assert rng.asked == [denominator]
    assert {a: Fraction(c, denominator) for a, c in counts.items()} == dict(outcomes)


def test_pick_outcome_with_unequal_denominators():
    outcomes = [
        (Action("a"), Fraction(1, 2)),
        (Action("b"), Fraction(1, 3)),
        (Action("c"), Fraction(1, 6)),
    ]
    picks = Counter(pick_outcome(outcomes, FixedGenerator(k)) for k in range(6))
    assert picks == {Action("a"): 3, Action("b"): 2, Action("c"): 1}


@pytest.mark.parametrize("rng", [None, 7, np.random.RandomState(0)])
def test_pick_outcome_requires_a_generator(rng):
    with pytest.raises(TypeError, match=r"rng must be a numpy.random.Generator"):
        pick_outcome(roll_outcomes(1), rng)
    with pytest.raises(TypeError, match=r"rng must be a numpy.random.Generator"):
        started().apply("roll").sample_chance(rng)


def test_sample_chance_picks_exactly_like_pick_outcome():
    """The engine's fast tables and the generic exact pick choose the same outcome per seed."""
    four = started().apply("roll")
    one = four.apply("roll black blue red red").apply("place red").apply("roll")
    drawing = load(GAME).new_state()
    assert (four.hand, one.hand, len(drawing.pile)) == (4, 1, 20)
    for seed in range(300):
        for state in (four, one, drawing):
            fast = state.sample_chance(np.random.default_rng(seed))
            slow = pick_outcome(state.chance_outcomes(), np.random.default_rng(seed))
            assert fast == slow


# ---------------------------------------------------------------------------------------------
# Import hygiene
# ---------------------------------------------------------------------------------------------
def test_engine_import_pulls_in_no_notebook_libraries():
    code = (
        "import sys, kaskaria, kaskaria.dragon_battle\n"
        "bad = [m for m in ('IPython', 'ipywidgets', 'anywidget', 'traitlets', 'matplotlib', "
        "'jupyter_client', 'notebook') if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


# ---------------------------------------------------------------------------------------------
# Bad input: a clear error and nothing changed
# ---------------------------------------------------------------------------------------------
def _positions():
    start = started()
    rolling = start.apply("roll")
    place = rolling.apply("roll black blue red red")
    decide = place.apply("place red")
    return {
        "draw": load(GAME).new_state(),
        "start": start,
        "rolling": rolling,
        "place": place,
        "decide": decide,
    }


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "jump",
        "roll green",
        "roll black black black black black",
        "place",
        "place black",
        "place silver",
        "place silver on green",
        "place red on blue",
        "place red with gold",
        "stop now",
        "draw",
        "draw dragonlord",
        "draw king queen",
    ],
)
def test_malformed_action_text_is_refused_without_change(text):
    for phase, state in _positions().items():
        before, h = state.to_dict(), hash(state)
        with pytest.raises(InvalidActionError) as err:
            state.apply(text)
        assert repr(text) in str(err.value), (phase, str(err.value))
        assert state.to_dict() == before and hash(state) == h


@pytest.mark.parametrize(
    "action",
    [
        Action("jump"),
        Action("place", ()),
        Action("place", ("green",)),
        Action("place", ("silver",)),
        Action("Roll"),
        Action("roll", ("red", "black", "blue", "blue")),  # faces not in alphabetical order
        Action("roll", (1, 2, 3, 4)),
        Action("roll", (["red"], ["red"], ["red"], ["red"])),
        Action(3),
    ],
)
def test_malformed_action_objects_are_invalid_not_crashes(action):
    for state in _positions().values():
        before = state.to_dict()
        with pytest.raises(InvalidActionError, match=r"is not"):
            state.apply(action)
        assert state.to_dict() == before


def test_an_unsorted_roll_is_told_how_to_write_it():
    rolling = started().apply("roll")
    with pytest.raises(InvalidActionError, match=r"write 'roll black blue blue red'"):
        rolling.apply(Action("roll", ("red", "black", "blue", "blue")))


@pytest.mark.parametrize(
    ("phase", "text", "rule"),
    [
        ("draw", "roll", r"it is not a player's decision now \(a resident is being drawn"),
        ("draw", "place red", r"not a player's decision now"),
        ("start", "place red", r"roll the dice first"),
        ("start", "stop", r"cannot stop before you have scared a dragon"),
        ("start", "draw page", r"residents are drawn only to fill an empty place"),
        ("start", "roll red red red red", r"dice results come from the dice"),
        ("rolling", "stop", r"not a player's decision now \(the dice are being rolled\)"),
        ("rolling", "roll", r"not a player's decision now"),
        ("rolling", "roll red", r"4 dice are being rolled, so a result shows exactly 4 faces"),
        ("place", "roll", r"first set aside one colour that can be placed"),
        ("place", "place yellow", r"this roll shows no yellow die"),
        ("place", "place silver on blue", r"this roll shows no silver die"),
        ("decide", "place blue", r"one colour per roll: roll again or stop"),
        ("decide", "roll blue", r"dice results come from the dice"),
    ],
)
def test_actions_at_the_wrong_time_name_the_rule_and_change_nothing(phase, text, rule):
    state = _positions()[phase]
    before, h = state.to_dict(), hash(state)
    with pytest.raises(IllegalActionError) as err:
        state.apply(text)
    message = str(err.value)
    assert message.startswith(f"'{text}' is not allowed: ")
    assert re.search(rule, message), message
    legal = ", ".join(str(a) for a in state.legal_actions()[:12])
    assert f"Legal now: {legal}" in message
    assert state.to_dict() == before and hash(state) == h


def test_nothing_is_legal_once_the_game_is_over():
    state = started(players=3)
    over = DragonBattleState.from_dict(state.game, {**state.to_dict(), **_over_fields(state)})
    with pytest.raises(IllegalActionError, match=r"'roll' is not allowed: the game is over\. "):
        over.apply("roll")
    with pytest.raises(IllegalActionError, match=r"Nothing is legal: the game is over"):
        over.apply("draw page")


def test_import_kaskaria_is_light_and_computes_nothing():
    """``import kaskaria`` loads no game, no numpy and solves nothing; loading a game loads its
    engine only (the odds, bots and simulator come on first use)."""
    code = (
        "import sys, kaskaria\n"
        "print(sorted(m for m in sys.modules if m.startswith('kaskaria.dragon_battle')))\n"
        "print('numpy' in sys.modules)\n"
        "kaskaria.load('dragon-battle')\n"
        "print(sorted(m for m in ('kaskaria.dragon_battle.odds', 'kaskaria.dragon_battle.bots',\n"
        "  'kaskaria.dragon_battle.simulate', 'kaskaria.dragon_battle.present') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:3] == ["[]", "False", "[]"]


def test_states_the_dragon_battle_engine_builds_are_frozen_states_like_any_other():
    """The engine builds its states as drafts (``core.draft_class``): the result is the same
    (type, fields, equality, hash, legal actions) as the constructor's and just as frozen."""
    names = [f.name for f in dataclasses.fields(DragonBattleState) if f.name != "_legal"]
    rng = np.random.default_rng(11)
    for variant in ("basic", "memory"):
        state = load(GAME, players=3, variant=variant).new_state()
        while not state.is_terminal():
            assert type(state) is DragonBattleState
            with pytest.raises(dataclasses.FrozenInstanceError):
                state.phase = "over"  # type: ignore[misc]
            with pytest.raises(dataclasses.FrozenInstanceError):
                del state.turns
            twin = DragonBattleState(**{n: getattr(state, n) for n in names})
            assert twin == state and hash(twin) == hash(state) and repr(twin) == repr(state)
            assert twin.legal_actions() == state.legal_actions()
            legal = state.legal_actions()
            if state.current_player() == CHANCE:
                state = state.apply(state.sample_chance(rng))
            else:
                state = state.apply(legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize("cls", [int, Action, State, "DragonBattleState"])
def test_a_draft_is_made_only_of_a_slotted_state_class(cls):
    with pytest.raises(TypeError, match=r"a draft is made of a slotted State class, got"):
        core.draft_class(cls)


def test_whole_word_reads_only_the_digits_0_to_9():
    from kaskaria.core import whole_word

    assert [whole_word(w) for w in ("0", "7", "21", "0040", "9999")] == [0, 7, 21, 40, 9999]
    for word in ("", "²", "٣", "３", "१", "12345", "-1", "+1", " 1", "1 ", "1.0", "1e3", "x"):
        assert whole_word(word) is None, word
    assert whole_word("12345", 5) == 12345 and whole_word("1" * 5000, 4) is None
    for thing in (None, 5, 5.0, b"5", ["5"]):
        assert whole_word(thing) is None
