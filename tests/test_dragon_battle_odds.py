"""Exact odds of Dragon Battle against an independent brute force through the engine.

The brute force below never uses the solver: it plays the real engine (``DragonBattleState``),
enumerates every ORDERED tuple of faces of each roll (``6**dice`` of them, each applied as the
engine's roll action), and takes the engine's own legal actions and scores. For a whole turn from
its start a plain recursion would visit ~10**9 nodes, so the brute force keeps its own table of
states already valued (a transposition table keyed by the engine state); ``test_brute_force_cache
_changes_nothing`` checks on smaller states that it gives the same answers as the recursion
without any table.
"""

from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction

import numpy as np
import pytest

import kaskaria
from kaskaria.core import CHANCE, Action
from kaskaria.dragon_battle import COLOURS, FACES, placements
from kaskaria.dragon_battle.odds import (
    POLICY_NAMES,
    Advice,
    Choice,
    advise,
    advise_turn,
    expected_stars,
    fail_chance,
    make_policy,
    optimal_rule_text,
    optimal_turn_value,
    rule_says_roll,
    turn_distribution,
    turn_view,
)

ROLL, STOP = Action("roll"), Action("stop")
NAMES = ("king", "queen", "princess", "prince")  # four residents whose stars the tests set


# ---------------------------------------------------------------------------------------------
# The brute force (engine + ordered dice)
# ---------------------------------------------------------------------------------------------
def start_state(stars, juggler=1, silver_with_colour=False, **options):
    """A turn start whose residents under yellow, red, blue, purple have ``stars``."""
    game = kaskaria.load(
        "dragon-battle",
        players=2,
        juggler_stars=juggler,
        stars=dict(zip(NAMES, stars, strict=True)),
        silver_with_colour=silver_with_colour,
        **options,
    )
    state = game.new_state()
    for name in NAMES:
        state = state.apply(Action("draw", (name,)))
    assert state.phase == "start"
    return state


def ordered_rolls(state):
    """Each ordered roll of the dice in hand, as the engine state it leads to (weight 1 each)."""
    for faces in itertools.product(FACES, repeat=state.hand):
        yield state.apply(Action("roll", tuple(sorted(faces))))


def turn_over(before, after) -> bool:
    return after.turns > before.turns


def gain(before, after) -> int:
    """Stars the player of ``before`` got when the turn ended (a juggler on failure)."""
    p = before.player
    return after.stars()[p] - before.stars()[p]


def better(a, b) -> bool:
    return a[0] > b[0] or (a[0] == b[0] and a[1] < b[1])


class BruteForce:
    """Optimal (expected stars, fail chance) of any decision state of a turn, by enumeration."""

    def __init__(self, cache=True):
        self.table = {} if cache else None

    def value(self, state):
        if self.table is not None and state in self.table:
            return self.table[state]
        best = None
        for action in state.legal_actions():
            got = self.after(state, action)
            if best is None or better(got, best):
                best = got
        if self.table is not None:
            self.table[state] = best
        return best

    def after(self, state, action):
        """(value, fail) of taking ``action`` in a decision state, best play afterwards."""
        nxt = state.apply(action)
        if turn_over(state, nxt):
            return Fraction(gain(state, nxt)), Fraction(0)
        if nxt.current_player() != CHANCE:  # placed: now roll on or stop
            return self.value(nxt)
        total = value = fail = Fraction(0)
        for rolled in ordered_rolls(nxt):
            total += 1
            if turn_over(nxt, rolled):
                value += gain(state, rolled)
                fail += 1
            else:
                v, f = self.value(rolled)
                value += v
                fail += f
        return value / total, fail / total


def brute_fail_chance(dice, scared_dragons):
    on_dragon = tuple(("silver",) if i in scared_dragons else () for i in range(4))
    fails = 0
    for faces in itertools.product(FACES, repeat=dice):
        rolled = tuple(f for f in faces if f != "black")
        if not placements(rolled, on_dragon, False):
            fails += 1
    return Fraction(fails, 6**dice)


# ---------------------------------------------------------------------------------------------
# fail_chance
# ---------------------------------------------------------------------------------------------
def test_fail_chance_example():
    assert fail_chance(2, 1) == Fraction(1, 9)
    assert isinstance(fail_chance(2, 1), Fraction)


@pytest.mark.parametrize("scared", range(4))
def test_fail_chance_against_brute_force(scared):
    for dice in range(1, 5 - scared):
        answer = fail_chance(dice, scared)
        # the same whichever dragons are scared
        for which in itertools.combinations(range(4), scared):
            assert brute_fail_chance(dice, which) == answer, (dice, which)


@pytest.mark.parametrize("dice, scared", [(0, 0), (5, 0), (4, 1), (1, 4), (2, 3), (1, -1), (-1, 2)])
def test_fail_chance_rejects_impossible_moments(dice, scared):
    with pytest.raises(ValueError, match="1 <= dice <= 4"):
        fail_chance(dice, scared)


@pytest.mark.parametrize("dice, scared", [(2.0, 1), (2, "1"), (True, 0), (None, 0)])
def test_fail_chance_rejects_non_integers(dice, scared):
    with pytest.raises(TypeError, match="whole number"):
        fail_chance(dice, scared)


# ---------------------------------------------------------------------------------------------
# optimal_turn_value and advice
# ---------------------------------------------------------------------------------------------
def test_optimal_turn_value_example():
    value = optimal_turn_value((1, 1, 1, 1), juggler=1)
    assert value == Fraction(17113, 8748)
    assert isinstance(value, Fraction)


CASES = [
    ((1, 1, 1, 1), 1, False),
    ((4, 3, 2, 1), 1, False),
    ((1, 4, 2, 3), 0, False),
    ((0, 0, 0, 5), 2, False),
    ((2, 2, 2, 2), 1, True),
    ((3, 1, 4, 1), 1, True),
]


@pytest.mark.parametrize("stars, juggler, swc", CASES)
def test_optimal_turn_value_against_brute_force(stars, juggler, swc):
    state = start_state(stars, juggler, swc)
    value, fail = BruteForce().value(state)
    assert optimal_turn_value(stars, juggler, silver_with_colour=swc) == value
    advice = advise_turn(stars, hand=4, juggler=juggler, silver_with_colour=swc)
    assert advice.choices == (Choice(ROLL, value, fail),)
    assert advise(state) == advice


def test_optimal_turn_value_scales_with_the_stars():
    # multiplying every star value (and the juggler) by a positive number changes no decision
    base = optimal_turn_value((1, 2, 3, 4), 1)
    assert optimal_turn_value((Fraction(1, 3), Fraction(2, 3), 1, Fraction(4, 3)), Fraction(1, 3))
    assert (
        optimal_turn_value((Fraction(1, 3), Fraction(2, 3), 1, Fraction(4, 3)), Fraction(1, 3))
        == base / 3
    )
    assert optimal_turn_value((7, 14, 21, 28), 7) == base * 7


def test_optimal_turn_value_bounds():
    # never below the cautious value, never above all four residents
    for stars in [(1, 1, 1, 1), (4, 4, 4, 4), (1, 2, 3, 4), (0, 0, 0, 0)]:
        v = optimal_turn_value(stars, 1)
        assert expected_stars("cautious", stars, 1) <= v <= max(sum(stars), 1)
    # with nothing to rescue, the only star is the juggler's: the best play rolls on to fail
    assert optimal_turn_value((0, 0, 0, 0), 1) == turn_distribution("all-in", (0,) * 4).failed
    assert advise_turn((0, 0, 0, 0), scared=["red"], hand=3).best == ROLL


@pytest.mark.parametrize(
    "bad, error",
    [
        ((1, 1, 1), ValueError),
        ((1, 1, 1, 1, 1), ValueError),
        ((1, 1, 1, -1), ValueError),
        ((1, 1, 1, 1.5), TypeError),
        ((1, 1, 1, True), TypeError),
        ("1111", TypeError),
        (5, TypeError),
    ],
)
def test_optimal_turn_value_rejects_bad_stars(bad, error):
    with pytest.raises(error, match="stars|yellow|red|blue|purple"):
        optimal_turn_value(bad)


def test_optimal_turn_value_rejects_bad_juggler_and_option():
    with pytest.raises(ValueError, match="juggler"):
        optimal_turn_value((1, 1, 1, 1), -1)
    with pytest.raises(TypeError, match="juggler"):
        optimal_turn_value((1, 1, 1, 1), 0.5)
    with pytest.raises(ValueError, match="silver_with_colour"):
        optimal_turn_value((1, 1, 1, 1), 1, silver_with_colour="yes")


def decision_states(seed, games=3, **options):
    """Player decision states from seeded random games (many moments of many turns)."""
    game = kaskaria.load("dragon-battle", players=2, **options)
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(games):
        state = game.new_state()
        while not state.is_terminal():
            if state.current_player() != CHANCE:
                out.append(state)
                legal = state.legal_actions()
                action = legal[int(rng.integers(len(legal)))]
            else:
                action = state.sample_chance(rng)
            state = state.apply(action)
    return out


@pytest.mark.parametrize(
    "options",
    [{}, {"silver_with_colour": True}, {"juggler_stars": 2}, {"jugglers_run_out": "unlimited"}],
)
def test_advise_against_brute_force(options):
    states = decision_states(7, games=1, **options)
    # every place and decide state, and a few starts (they are slower to enumerate)
    chosen = [s for s in states if s.phase != "start"] + [s for s in states if s.phase == "start"][
        :2
    ]
    assert len(chosen) > 30
    for state in chosen:
        advice = advise(state)
        assert isinstance(advice, Advice)
        brute = BruteForce()
        assert [c.action for c in advice.choices] == list(state.legal_actions())
        for choice in advice.choices:
            assert isinstance(choice.expected_stars, Fraction)
            assert isinstance(choice.fail_chance, Fraction)
            assert (choice.expected_stars, choice.fail_chance) == brute.after(
                state, choice.action
            ), (state, choice)
        best = max(
            advice.choices,
            key=lambda c: (c.expected_stars, -c.fail_chance),
        )
        assert advice.choice(advice.best) == best
        assert advice.expected_stars == brute.value(state)[0]
        if state.phase == "decide":
            scared = sum(1 for d in state.on_dragon if d)
            assert advice.next_roll_fail == brute_fail_chance(
                state.hand, [i for i in range(4) if state.on_dragon[i]]
            )
            assert advice.next_roll_fail == fail_chance(state.hand, scared)
            assert advice.stop_value == advice.choice("stop").expected_stars
        elif state.phase == "place":
            assert advice.next_roll_fail is None and advice.stop_value is None
        else:
            assert advice.stop_value is None and advice.next_roll_fail == Fraction(1, 1296)


def test_brute_force_cache_changes_nothing():
    # states with few dice in hand are small enough for the plain recursion
    states = [s for s in decision_states(3, games=1) if s.phase == "decide" and s.hand <= 2]
    states += [s for s in decision_states(3, games=1) if s.phase == "place" and len(s.rolled) <= 3]
    assert len(states) > 10
    for state in states[:25]:
        for action in state.legal_actions():
            assert BruteForce(cache=False).after(state, action) == BruteForce().after(state, action)


def test_advise_turn_matches_advise_and_checks_input():
    state = start_state((1, 2, 3, 4))
    state = state.apply("roll").apply("roll black blue red silver")
    assert state.phase == "place"
    advice = advise(state)
    assert advice == advise_turn((1, 2, 3, 4), rolled=["black", "blue", "red", "silver"])
    assert advice.phase == "place"
    after = state.apply(advice.best)
    assert after.phase == "decide"
    scared = [COLOURS[i] for i in range(4) if after.on_dragon[i]]
    assert advise(after) == advise_turn((1, 2, 3, 4), scared=scared, hand=after.hand)
    with pytest.raises(ValueError, match="either hand"):
        advise_turn((1, 2, 3, 4))
    with pytest.raises(ValueError, match="either hand"):
        advise_turn((1, 2, 3, 4), hand=2, rolled=["red"])
    with pytest.raises(ValueError, match="all 4 dice"):
        advise_turn((1, 2, 3, 4), hand=3)
    with pytest.raises(ValueError, match="dice \\+ scared"):
        advise_turn((1, 2, 3, 4), scared=["red", "blue"], hand=3)
    with pytest.raises(ValueError, match="turn has failed"):
        advise_turn((1, 2, 3, 4), scared=["red"], rolled=["red", "black"])
    with pytest.raises(ValueError, match="not a dragon"):
        advise_turn((1, 2, 3, 4), scared=["green"], hand=2)
    with pytest.raises(ValueError, match="twice"):
        advise_turn((1, 2, 3, 4), scared=["red", 1], hand=2)
    with pytest.raises(ValueError, match="not a die face"):
        advise_turn((1, 2, 3, 4), rolled=["gold"])
    with pytest.raises(ValueError, match="impossible"):
        advise_turn((1, 2, 3, 4), scared=["red"], rolled=["blue"] * 4)
    with pytest.raises(ValueError, match="impossible"):
        advise_turn((1, 2, 3, 4), rolled=[])
    with pytest.raises(ValueError, match="turn has failed"):
        advise_turn((1, 2, 3, 4), rolled=["black", "black"])


def test_advise_refuses_other_phases_and_objects():
    game = kaskaria.load("dragon-battle")
    state = game.new_state()
    with pytest.raises(ValueError, match="phase 'draw'"):
        advise(state)
    with pytest.raises(TypeError, match="Dragon Battle state"):
        advise("roll")
    rolling = start_state((1, 1, 1, 1)).apply("roll")
    with pytest.raises(ValueError, match="phase 'rolling'"):
        advise(rolling)


def test_advice_prefers_the_safer_of_equal_choices():
    # with nothing more to win, rolling on cannot beat stopping: a tie goes to "stop"
    advice = advise_turn((0, 0, 0, 0), scared=["red"], hand=3, juggler=0)
    assert advice.choice("roll").expected_stars == advice.choice("stop").expected_stars == 0
    assert advice.best == STOP
    # the same placement values: the first in sorted order among the least risky
    advice = advise_turn((1, 1, 1, 1), rolled=["red", "blue"])
    assert advice.best == Action("place", ("blue",))


def test_advice_repr_and_dict_are_readable():
    advice = advise_turn((1, 1, 1, 1), scared=["red"], hand=2)
    text = repr(advice)
    assert text.startswith("Advice(phase='decide', best='roll'")
    assert "Choice('roll', expected_stars=" in text and "fail_chance=" in text
    assert "next_roll_fail=1/9 (11.1%)" in text
    assert repr(Choice(STOP, Fraction(2), Fraction(0))) == (
        "Choice('stop', expected_stars=2, fail_chance=0)"
    )
    data = advice.to_dict()
    assert data["best"] == "roll"
    assert data["next_roll_fail"] == {"exact": "1/9", "float": 1 / 9}
    assert [c["action"] for c in data["choices"]] == ["roll", "stop"]
    assert sum(c["best"] for c in data["choices"]) == 1
    with pytest.raises(ValueError, match="not a legal choice"):
        advice.choice("place red")


# ---------------------------------------------------------------------------------------------
# What the player to move can see
# ---------------------------------------------------------------------------------------------
def test_memory_variant_counts_face_down_residents_as_the_unseen_average():
    states = [s for s in decision_states(11, games=2, variant="memory") if s.phase != "start"]
    hidden_states = [s for s in states if not all(s.face_up)]
    assert len(hidden_states) > 20
    game = hidden_states[0].game
    for state in hidden_states[:40]:
        seen = {state.under[i] for i in range(4) if state.face_up[i]}
        seen |= {name for r in state.rescued for name in r}
        unseen = [s for name, s in game.stars.items() if name not in seen]
        average = Fraction(sum(unseen), len(unseen))
        stars = tuple(game.stars[state.under[i]] if state.face_up[i] else average for i in range(4))
        juggler = game.juggler_stars if state.jugglers_left else 0
        assert turn_view(state) == (stars, juggler, False)
        scared = [i for i in range(4) if state.on_dragon[i]]
        if state.phase == "place":
            expected = advise_turn(stars, scared=scared, rolled=state.rolled, juggler=juggler)
        else:
            expected = advise_turn(stars, scared=scared, hand=state.hand, juggler=juggler)
        assert advise(state) == expected
        # swapping a face-down resident with one from the pile changes nothing visible
        down = [i for i in range(4) if not state.face_up[i]]
        if state.pile:
            i, other = down[0], state.pile[0]
            under = list(state.under)
            pile = tuple(sorted((*state.pile[1:], under[i])))
            under[i] = other
            swapped = dataclasses.replace(state, under=tuple(under), pile=pile)
            assert swapped.observation(state.player) == state.observation(state.player)
            assert advise(swapped) == advise(state)


def test_failure_is_worth_a_juggler_only_while_one_is_left():
    state = start_state((1, 2, 3, 4), juggler=1)
    assert turn_view(state) == ((1, 2, 3, 4), 1, False)
    none_left = dataclasses.replace(state, jugglers_left=0)
    assert turn_view(none_left) == ((1, 2, 3, 4), 0, False)
    assert advise(none_left).expected_stars == optimal_turn_value((1, 2, 3, 4), 0)
    assert BruteForce().value(none_left)[0] == optimal_turn_value((1, 2, 3, 4), 0)
    unlimited = dataclasses.replace(
        start_state((1, 2, 3, 4), juggler=1, jugglers_run_out="unlimited"), jugglers_left=0
    )
    assert turn_view(unlimited) == ((1, 2, 3, 4), 1, False)
    assert advise(unlimited).expected_stars == optimal_turn_value((1, 2, 3, 4), 1)


def test_younger_variant_counts_residents_not_stars():
    state = start_state((1, 2, 3, 4), variant="younger")
    assert turn_view(state) == ((1, 1, 1, 1), 0, False)
    assert advise(state).expected_stars == optimal_turn_value((1, 1, 1, 1), 0)


# ---------------------------------------------------------------------------------------------
# Turn distributions under policies
# ---------------------------------------------------------------------------------------------
def scared_mask(state) -> int:
    return sum(1 << i for i in range(4) if state.on_dragon[i])


def policy_choices(name, risk, state, brute=None):
    """The actions (with probabilities) a policy takes, from its definition in words."""
    legal = state.legal_actions()
    game = state.game
    stars = [game.stars[n] for n in state.under]
    if state.phase == "start":
        return [(ROLL, Fraction(1))]
    if name == "random":
        return [(a, Fraction(1, len(legal))) for a in legal]
    if name == "optimal":
        brute = brute or BruteForce()
        values = {a: brute.after(state, a) for a in legal}
        best = legal[0]
        for a in legal:
            if better(values[a], values[best]):
                best = a
        return [(best, Fraction(1))]
    if state.phase == "place":

        def target_and_dice(action):
            args = action.args
            if args[0] == "silver":  # place silver on <colour>
                return COLOURS.index(args[2]), state.rolled.count("silver")
            moved = state.rolled.count(args[0])
            if len(args) == 3:  # <colour> with silver
                moved += state.rolled.count("silver")
            return COLOURS.index(args[0]), moved

        def key(action):
            i, moved = target_and_dice(action)
            if name == "rule":
                return (stars[i] - moved, -moved)
            return (stars[i], -moved)

        best = legal[0]
        for a in legal:
            if key(a) > key(best):
                best = a
        return [(best, Fraction(1))]
    # decide
    scared = [i for i in range(4) if state.on_dragon[i]]
    if name == "all-in":
        roll = True
    elif name == "cautious":
        roll = False
    elif name == "threshold":
        roll = brute_fail_chance(state.hand, scared) <= risk
    else:  # rule
        roll = rule_says_roll(
            state.hand,
            [stars[i] for i in scared],
            [stars[i] for i in range(4) if i not in scared],
            game.juggler_stars,
        )
    return [(ROLL if roll else STOP, Fraction(1))]


def brute_distribution(name, risk, state, table=None, brute=None):
    """Chance of each end of the turn (0 failed, else the mask scared) from a decision state.

    ``table`` holds the answers for states already met (see the module docstring).
    """
    table = {} if table is None else table
    brute = BruteForce() if brute is None else brute
    if state in table:
        return table[state]
    out = [Fraction(0)] * 16
    for action, p in policy_choices(name, risk, state, brute):
        nxt = state.apply(action)
        if turn_over(state, nxt):
            out[_end_mask(state, action)] += p
            continue
        if nxt.current_player() != CHANCE:  # placed: now roll on or stop
            below = brute_distribution(name, risk, nxt, table, brute)
            out = [x + p * y for x, y in zip(out, below, strict=True)]
            continue
        rolls = list(ordered_rolls(nxt))
        for rolled in rolls:
            q = p / len(rolls)
            if turn_over(nxt, rolled):
                out[0] += q
            else:
                below = brute_distribution(name, risk, rolled, table, brute)
                out = [x + q * y for x, y in zip(out, below, strict=True)]
    table[state] = out
    return out


def _end_mask(state, action) -> int:
    """The dragons scared when ``action`` ends the turn successfully."""
    if action == STOP:
        return scared_mask(state)
    # a placement of the last dice
    colour = action.args[2] if action.args[0] == "silver" else action.args[0]
    return scared_mask(state) | (1 << COLOURS.index(colour))


@pytest.mark.parametrize(
    "name, risk, stars, juggler, swc",
    [
        ("all-in", None, (1, 2, 3, 4), 1, False),
        ("cautious", None, (4, 1, 1, 2), 1, False),
        ("threshold", Fraction(1, 9), (1, 1, 1, 1), 1, False),
        ("threshold", Fraction(1, 3), (2, 3, 1, 4), 0, True),
        ("rule", None, (1, 2, 3, 4), 1, False),
        ("random", None, (1, 1, 2, 2), 1, False),
        ("optimal", None, (3, 1, 4, 2), 1, False),
    ],
)
def test_turn_distribution_against_brute_force(name, risk, stars, juggler, swc):
    state = start_state(stars, juggler, swc)
    brute = brute_distribution(name, risk, state)
    dist = turn_distribution(name, stars, juggler, risk=risk, silver_with_colour=swc)
    assert dist.by_mask == tuple(brute)
    assert sum(dist.by_mask) == 1
    assert dist.failed == brute[0]
    assert dist.expected_stars == expected_stars(
        name, stars, juggler, risk=risk, silver_with_colour=swc
    )
    assert dist.expected_stars == juggler * brute[0] + sum(
        p * sum(stars[i] for i in range(4) if m >> i & 1) for m, p in enumerate(brute)
    )
    if name == "optimal":
        assert dist.expected_stars == optimal_turn_value(stars, juggler, silver_with_colour=swc)
        assert dist.failed == advise(state).best_choice.fail_chance


def test_turn_distribution_views():
    dist = turn_distribution("cautious", (1, 2, 3, 4))
    assert dist.failed == Fraction(1, 6**4)  # only four black dice fail the first roll
    assert dist.outcomes["failed"] == dist.failed
    assert set(dist.outcomes) == {"failed", "yellow", "red", "blue", "purple"}
    assert dist.by_count()[0] == dist.failed and dist.by_count()[2:] == (0, 0, 0)
    assert sum(dist.by_stars().values()) == 1
    assert dist.by_stars()[Fraction(1)] == dist.failed + dist.by_mask[1]  # juggler and yellow
    assert repr(dist).startswith("TurnDistribution(make_policy('cautious'), stars=")
    alls = turn_distribution("all-in", (1, 2, 3, 4))
    assert "yellow+red+blue+purple" in alls.outcomes
    # stopping at the right time beats always rolling on, and fails less
    best = turn_distribution("optimal", (1, 2, 3, 4))
    assert best.expected_stars > alls.expected_stars and best.failed < alls.failed


def test_threshold_limits_are_cautious_and_all_in():
    stars = (1, 2, 3, 4)
    assert turn_distribution("threshold", stars, risk=0).by_mask == (
        turn_distribution("cautious", stars).by_mask
    )
    assert turn_distribution("threshold", stars, risk=1).by_mask == (
        turn_distribution("all-in", stars).by_mask
    )


def test_make_policy_checks_names_and_risk():
    assert POLICY_NAMES == ("optimal", "all-in", "cautious", "threshold", "random", "rule")
    assert make_policy("threshold", risk=1 / 9).risk == Fraction(1, 9)
    assert make_policy("threshold", risk=Fraction(1, 3)).risk == Fraction(1, 3)
    assert repr(make_policy("threshold", risk=0.25)) == "make_policy('threshold', risk=1/4)"
    with pytest.raises(ValueError, match="unknown policy 'greedy'"):
        make_policy("greedy")
    with pytest.raises(ValueError, match="needs risk"):
        make_policy("threshold")
    with pytest.raises(ValueError, match="only for the 'threshold'"):
        make_policy("optimal", risk=0.5)
    with pytest.raises(ValueError, match="from 0 to 1"):
        make_policy("threshold", risk=1.5)
    with pytest.raises(ValueError, match="from 0 to 1"):
        make_policy("threshold", risk=float("nan"))
    with pytest.raises(TypeError, match="from 0 to 1"):
        make_policy("threshold", risk="high")


# ---------------------------------------------------------------------------------------------
# The rule a child can follow
# ---------------------------------------------------------------------------------------------
ALL_LAYOUTS = list(itertools.product(range(1, 5), repeat=4))


def decide_moments():
    for mask in range(1, 16):
        for hand in range(1, 5 - mask.bit_count()):
            yield mask, hand


def test_rule_agrees_with_the_solver_on_every_roll_or_stop_moment():
    """Residents of 1-4 stars, juggler 1: the rule is the best choice in every moment; with no
    juggler left it differs in exactly one kind of moment, listed here."""
    disagreements = set()
    for juggler in (1, 0):
        for stars in ALL_LAYOUTS:
            for mask, hand in decide_moments():
                scared = [COLOURS[i] for i in range(4) if mask >> i & 1]
                held = [stars[i] for i in range(4) if mask >> i & 1]
                empty = [stars[i] for i in range(4) if not mask >> i & 1]
                best = advise_turn(stars, scared=scared, hand=hand, juggler=juggler).best
                if rule_says_roll(hand, held, empty, juggler) != (best == ROLL):
                    disagreements.add((juggler, hand, tuple(sorted(held)), tuple(sorted(empty))))
    # no juggler left, 2 dice, the two 4-star dragons scared, 1 and 3 stars left: stop is best
    assert disagreements == {(0, 2, (4, 4), (1, 3))}


def test_rule_with_one_die_is_exact_for_any_stars():
    rng = np.random.default_rng(5)
    for _ in range(300):
        stars = tuple(int(x) for x in rng.integers(0, 9, size=4))
        juggler = int(rng.integers(0, 3))
        mask = int(rng.integers(1, 16))
        scared = [COLOURS[i] for i in range(4) if mask >> i & 1]
        held = [stars[i] for i in range(4) if mask >> i & 1]
        empty = [stars[i] for i in range(4) if not mask >> i & 1]
        if not empty:
            continue
        best = advise_turn(stars, scared=scared, hand=1, juggler=juggler).best
        assert rule_says_roll(1, held, empty, juggler) == (best == ROLL), (stars, mask, juggler)


def test_rule_text_states_the_rule_and_its_cost():
    text = optimal_rule_text()
    for words in ("3 or 4 dice in hand: always roll", "2 dice in hand", "1 die in hand"):
        assert words in text
    assert "minus the number of dice" in text
    ratios = [
        expected_stars("rule", stars, 1) / optimal_turn_value(stars, 1) for stars in ALL_LAYOUTS
    ]
    average = sum(ratios) / len(ratios)
    # the docstring of optimal_rule_text: 99.8% on average, 99.3% at worst; the text: "about
    # 0.2%" given up
    assert round(float(average), 3) == 0.998
    assert round(float(min(ratios)), 3) == 0.993
    assert "about 0.2%" in text


def test_rule_says_roll_checks_its_input():
    with pytest.raises(ValueError, match="together be the 4 dragons"):
        rule_says_roll(2, [1], [1, 1], 1)
    with pytest.raises(ValueError, match="together be the 4 dragons"):
        rule_says_roll(2, [], [1, 1, 1, 1], 1)
    with pytest.raises(ValueError, match="dice \\+ scared"):
        rule_says_roll(3, [1, 1], [1, 1], 1)
