"""The whole-game simulator (``simulate_games``) against the real engine.

Three kinds of checks:

- exact, step by step: every placement and every roll-or-stop choice of the vectorised policies
  equals the policy's own choice (:class:`~kaskaria.dragon_battle.odds.TurnPolicy`, which the
  bots play) in every moment of a turn, for several star layouts; a roll fails exactly when the
  engine ends the scare, and allows exactly the engine's placements;
- exact, whole games: a simulated game's dice and draws, fed to the engine as its chance
  outcomes with the bots deciding, give the same decisions, scores, stars, winners, turns and
  number of actions;
- statistical: whole-game statistics of the simulator and of ``play_tournament`` (or the exact
  odds of a first turn) agree within 5 standard errors. 5 is wide enough that a correct simulator
  passes for practically any seed (about 6 in 10 million per check) and narrow enough to catch a
  real difference: a control below shows that the same comparison tells two nearby policies
  apart.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from tiers import sizes

import kaskaria
from kaskaria.core import CHANCE, Action
from kaskaria.dragon_battle import odds
from kaskaria.dragon_battle.bots import make_bot
from kaskaria.dragon_battle.odds import make_policy, turn_distribution, turn_model
from kaskaria.dragon_battle.simulate import (
    _OPT_ACTIONS,
    GameSample,
    _legal_placements,
    _optimal_tables,
    _place,
    _roll_counts,
    _rolls_on,
    _Seat,
    _View,
    simulate_games,
    simulate_tournament,
)
from kaskaria.dragon_battle.turn import ROLL, STOP, counts_of, mask_of, multisets
from kaskaria.dragon_battle.turn import options as placement_options
from kaskaria.tournament import play_tournament

Z = 5.0
DETERMINISTIC = [
    ("optimal", None),
    ("all-in", None),
    ("cautious", None),
    ("threshold", Fraction(1, 9)),
    ("threshold", Fraction(1, 4)),
    ("threshold", Fraction(1, 2)),
    ("rule", None),
]


def policy_bot(name, risk=None, memory="forgetful"):
    if name == "random":
        return make_bot("random")
    if name == "threshold":
        return make_bot("threshold", risk=risk, memory=memory)
    return make_bot(name, memory=memory)


# ---------------------------------------------------------------------------------------------
# (a) exact, step by step
# ---------------------------------------------------------------------------------------------
# (stars times unit, juggler times unit, unit, silver_with_colour): whole stars, a juggler of 0
# (jugglers gone), the younger children's (1, 1, 1, 1) with juggler 0, the memory variant's
# averages (47/16 under every dragon), ties, zero stars and silver with a colour.
LAYOUTS = [
    ((1, 2, 3, 4), 1, 1, False),
    ((4, 1, 3, 2), 0, 1, True),
    ((2, 2, 2, 2), 1, 1, False),
    ((3, 1, 4, 1), 1, 1, True),
    ((1, 1, 1, 1), 0, 1, False),
    ((47, 47, 47, 47), 16, 16, False),
    ((47, 47, 47, 47), 0, 16, True),
    ((0, 5, 0, 7), 2, 1, True),
    ((4, 4, 1, 1), 1, 1, False),
]


def every_roll():
    """(mask, hand, counts) of every multiset roll in every moment of a turn before a roll."""
    out = []
    for mask in range(16):
        for hand in range(1, 5 - mask.bit_count()):
            if mask == 0 and hand != 4:
                continue
            for counts, _ in multisets(hand):
                out.append((mask, hand, counts))
    return out


def dice_of(counts):
    """Four dice whose first ``sum(counts)`` show ``counts`` (the rest black, unused)."""
    faces = [f for f in range(6) for _ in range(counts[f])]
    return faces + [0] * (4 - len(faces))


@pytest.mark.parametrize("stars, juggler, unit, swc", LAYOUTS)
def test_every_placement_and_roll_choice_is_the_policys(stars, juggler, unit, swc):
    model = turn_model(tuple(Fraction(s, unit) for s in stars), Fraction(juggler, unit), swc)
    rolls = every_roll()
    mask = np.array([r[0] for r in rolls])
    hand = np.array([r[1] for r in rolls])
    counts = _roll_counts(np.array([dice_of(r[2]) for r in rolls]), hand)
    assert [tuple(c) for c in counts.tolist()] == [r[2] for r in rolls]
    legal, moved = _legal_placements(counts, mask, swc)
    # the legal placements are the turn model's, and a roll fails exactly when it has none
    for row, (m, _, c) in enumerate(rolls):
        expected = placement_options(m, c, swc)
        assert {_OPT_ACTIONS[o] for o in np.flatnonzero(legal[row])} == {o[0] for o in expected}
        for o in np.flatnonzero(legal[row]):
            assert moved[row, o] == next(x[2] for x in expected if x[0] == _OPT_ACTIONS[o])
    ok = np.flatnonzero(legal.any(axis=1))
    assert 0 < len(ok) < len(rolls)
    view = _View(
        np.tile(np.array(stars), (len(ok), 1)), np.full(len(ok), juggler), np.full(len(ok), unit)
    )
    optimal = _optimal_tables(view, swc)
    rng = np.random.default_rng(0)
    nonblack = hand[ok] - counts[ok, 0]
    # every moment after a placement (mask != 0, 1 to 4 - scared dice in hand)
    after = [(m, h) for m in range(1, 16) for h in range(1, 5 - m.bit_count())]
    a_mask = np.array([x[0] for x in after])
    a_hand = np.array([x[1] for x in after])
    a_view = _View(
        np.tile(np.array(stars), (len(after), 1)),
        np.full(len(after), juggler),
        np.full(len(after), unit),
    )
    a_optimal = _optimal_tables(a_view, swc)
    for name, risk in DETERMINISTIC:
        policy = make_policy(name, risk)
        seat = _Seat(policy, "forgetful", name)
        chosen = _place(seat, legal[ok], moved[ok], mask[ok], nonblack, view, optimal, rng)
        for row, c in zip(ok.tolist(), chosen.tolist(), strict=True):
            m, _, cnt = rolls[row]
            ((i, _),) = policy.placement(model, m, cnt)
            assert _OPT_ACTIONS[c] == placement_options(m, cnt, swc)[i][0], (name, m, cnt)
        rolls_on = _rolls_on(seat, a_mask, a_hand, a_view, a_optimal, rng)
        expected = [policy.roll_probability(model, m, h) == 1 for m, h in after]
        assert rolls_on.tolist() == expected, name


def test_optimal_tables_read_a_permuted_layout_exactly():
    # the solver is asked about the sorted layout; a game reads it through its own dragons
    view = _View(np.array([[3, 1, 4, 2], [1, 2, 3, 4]]), np.array([1, 1]), np.array([1, 1]))
    tables = _optimal_tables(view, False)
    assert len(tables.value) == 1  # one sorted layout for both games
    for g, stars in enumerate([(3, 1, 4, 2), (1, 2, 3, 4)]):
        model = turn_model(stars, 1, False)
        for m in range(1, 16):
            for h in range(5 - m.bit_count()):
                one = tables.take(np.array([g]))
                value = one.at(tables.value, np.array([m]), np.array([h]))[0]
                fail = one.at(tables.fail, np.array([m]), np.array([h]))[0]
                assert (value, fail) == odds._after(model, m, h)


def test_random_placements_and_decisions_are_uniform():
    # a roll of red, blue, silver and silver with yellow scared: 5 legal placements
    n = 50_000
    counts = np.tile(np.array([0, 0, 1, 1, 0, 2]), (n, 1))
    mask = np.full(n, 1)
    legal, moved = _legal_placements(counts, mask, True)
    assert legal[0].sum() == 7  # red, red with silver, blue, blue with silver, 3 silver
    view = _View(np.ones((n, 4), dtype=np.int64), np.ones(n, dtype=np.int64), np.ones(n))
    seat = _Seat(make_policy("random"), "forgetful", "random")
    rng = np.random.default_rng(5)
    chosen = _place(seat, legal, moved, mask, np.full(n, 4), view, None, rng)
    assert legal[np.arange(n), chosen].all()
    found = np.bincount(chosen, minlength=12)[np.flatnonzero(legal[0])]
    p = 1 / 7
    z = (found - n * p) / math.sqrt(n * p * (1 - p))
    assert np.all(np.abs(z) < Z), z
    rolls = _rolls_on(seat, np.full(n, 3), np.full(n, 2), view, None, rng)
    assert abs(rolls.sum() - n / 2) / math.sqrt(n / 4) < Z


def rolling_states(variant, swc, games, seed):
    game = kaskaria.load("dragon-battle", players=2, variant=variant, silver_with_colour=swc)
    rng = np.random.default_rng(seed)
    bot = make_bot("random")
    out = []
    for _ in range(games):
        state = game.new_state()
        while not state.is_terminal():
            if state.phase == "rolling":
                out.append(state)
            if state.current_player() == CHANCE:
                state = state.apply(state.sample_chance(rng))
            else:
                state = state.apply(bot.choose(state, rng))
    return out


@pytest.mark.parametrize("swc", [False, True])
def test_a_roll_fails_exactly_when_the_engine_ends_the_scare(swc):
    states = list(dict.fromkeys(rolling_states("basic", swc, 5, 3)))
    assert len(states) > 40
    failed_seen = placed_seen = 0
    for state in states:
        outcomes = state.chance_outcomes()
        dice = np.array([dice_of(counts_of(a.args)) for a, _ in outcomes])
        hand = np.full(len(outcomes), state.hand)
        mask = np.full(len(outcomes), mask_of(state.on_dragon))
        legal, _ = _legal_placements(_roll_counts(dice, hand), mask, swc)
        for (action, _), row in zip(outcomes, legal, strict=True):
            after = state.apply(action)
            ended = after.turns == state.turns + 1
            assert ended == (not row.any()), (state.text(), action)
            if ended:
                failed_seen += 1
                assert after.rescued == state.rescued  # a failed scare rescues nobody
            else:
                placed_seen += 1
                assert set(after.legal_actions()) == {_OPT_ACTIONS[o] for o in np.flatnonzero(row)}
    assert failed_seen > 50 and placed_seen > 500


# ---------------------------------------------------------------------------------------------
# (a) exact, whole games: replay simulated games through the engine
# ---------------------------------------------------------------------------------------------
def replay(game, sample, i, bots):
    """Play game ``i`` of ``sample`` through the engine with its dice and draws; the bots
    decide (their choices must be the simulator's), a random entrant's choices are taken from
    the trace (the engine checks that they are legal). Returns the final state."""
    trace = sample.game_trace(i)
    draws, rolls = iter(trace["draws"]), iter(trace["rolls"])
    seats = [bots[e] for e in sample.entrant_of_seat[i]]
    rng = np.random.default_rng(0)
    state, actions, current = game.new_state(), 0, None
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE and state.phase == "draw":
            action = Action("draw", (next(draws),))
        elif player == CHANCE:
            current = next(rolls)
            action = Action("roll", current[0])
        else:
            if state.phase == "start":
                action = ROLL
            elif state.phase == "place":
                action = current[1]
            else:
                action = ROLL if current[2] == "roll" else STOP
            if seats[player].name != "random":
                assert seats[player].choose(state, rng) == action, (i, state.text())
        state = state.apply(action)
        actions += 1
    assert next(draws, None) is None and next(rolls, None) is None
    assert tuple(sample.scores[i]) == state.scores()
    assert tuple(sample.stars[i]) == state.stars()
    assert tuple(sample.rescued[i]) == tuple(len(r) for r in state.rescued)
    assert tuple(sample.jugglers[i]) == state.jugglers
    assert sample.turns[i] == state.turns and sample.actions[i] == actions
    wins = np.zeros(game.players)
    wins[list(state.winners())] = 1 / len(state.winners())
    assert np.array_equal(sample.wins[i], wins)
    return state


REPLAYS = [
    ("basic", 3, {}, ["optimal", "rule", ("threshold", Fraction(1, 4))]),
    ("basic", 2, {"silver_with_colour": True}, ["optimal", "all-in"]),
    ("basic", 4, {"jugglers": 2, "first_player": 3}, ["rule", "cautious", "optimal", "random"]),
    ("memory", 4, {}, ["optimal", "rule", "all-in", ("threshold", Fraction(1, 9))]),
    ("memory", 3, {"jugglers_run_out": "unlimited", "jugglers": 1}, ["optimal", "random", "rule"]),
    ("younger", 2, {"silver_with_colour": True}, ["optimal", "rule"]),
    ("younger", 3, {"first_player": 1}, ["random", "cautious", ("threshold", Fraction(1, 2))]),
    (
        "basic",
        2,
        {"residents": {"ann": 0, "bob": 5, "cid": 2, "dan": 7, "eve": 1, "fay": 3, "gus": 3}},
        ["optimal", "rule"],
    ),
    ("basic", 3, {"jugglers": 0, "juggler_stars": 3}, ["optimal", "rule", "all-in"]),
]


def check_replays(variant, players, options, entrants, games, seed):
    game = kaskaria.load("dragon-battle", players=players, variant=variant, **options)
    bots = [policy_bot(*e) if isinstance(e, tuple) else policy_bot(e) for e in entrants]
    sample = simulate_games(game, bots, games, np.random.default_rng(seed), trace=True)
    ended_by_pile = 0
    for i in range(sample.games):
        state = replay(game, sample, i, bots)
        ended_by_pile += state.under.count(None) > len(state.pile)
    assert ended_by_pile == sample.games  # every game ended because the pile could not refill


@pytest.mark.parametrize("variant, players, options, entrants", REPLAYS)
def test_simulated_games_replay_exactly_through_the_engine(variant, players, options, entrants):
    check_replays(variant, players, options, entrants, 12, 8)


@pytest.mark.parametrize("games", sizes(100, 300))
@pytest.mark.parametrize("variant, players, options, entrants", REPLAYS)
def test_many_simulated_games_replay_exactly(variant, players, options, entrants, games):
    check_replays(variant, players, options, entrants, games, 9)


def test_memory_variant_perfect_memory_replays_exactly():
    game = kaskaria.load("dragon-battle", players=3, variant="memory")
    bots = [
        make_bot("optimal", memory="perfect"),
        make_bot("rule"),
        make_bot("rule", memory="perfect"),
    ]
    sample = simulate_games(game, bots, 15, np.random.default_rng(2), trace=True)
    assert sample.memory == ("perfect", "forgetful", "perfect")
    assert sample.labels == ("optimal(perfect)", "rule", "rule(perfect)")
    for i in range(sample.games):
        replay(game, sample, i, bots)
    # and the memory= argument gives names the same memory
    named = simulate_games(
        game, ["optimal", "rule", "rule"], 5, np.random.default_rng(2), memory="perfect"
    )
    assert named.memory == ("perfect",) * 3


# ---------------------------------------------------------------------------------------------
# (b) statistics of whole games against play_tournament
# ---------------------------------------------------------------------------------------------
def engine_games(game, bots, games, seed):
    """play_tournament's games (same seeds, same rotation), with the turns and failed turns of
    each entrant: arrays by entrant (stars, wins, failed, turns) and per game (turns, actions)."""
    players = game.players
    stars = np.zeros((games, players))
    wins = np.zeros((games, players))
    by_position = np.zeros((games, players))
    failed = np.zeros((games, players))
    played = np.zeros((games, players))
    turns = np.zeros(games)
    actions = np.zeros(games)
    for i in range(games):
        shift = i % players
        entrant = [(s - shift) % players for s in range(players)]
        chance = np.random.default_rng([seed, i, 0])
        rng = np.random.default_rng([seed, i, 1])
        state = game.new_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                after = state.apply(state.sample_chance(chance))
            else:
                after = state.apply(bots[entrant[state.current_player()]].choose(state, rng))
            if after.turns > state.turns:
                e = entrant[state.player]
                played[i, e] += 1
                failed[i, e] += after.rescued == state.rescued
            state = after
            actions[i] += 1
        for s, e in enumerate(entrant):
            stars[i, e] = state.stars()[s]
        for s in state.winners():
            wins[i, entrant[s]] = 1 / len(state.winners())
            by_position[i, (s - game.first_player) % players] = 1 / len(state.winners())
        turns[i] = state.turns
    return {
        "stars": stars,
        "wins": wins,
        "position wins": by_position,
        "failed": failed,
        "played": played,
        "turns": turns,
        "actions": actions,
    }


def sim_stats(sample):
    e = sample.by_entrant
    return {
        "stars": e(sample.stars),
        "wins": e(sample.wins),
        "position wins": np.roll(sample.wins, -sample.first_player, axis=1),
        "failed": e(sample.seat_failed),
        "played": e(sample.seat_turns),
        "turns": sample.turns,
        "actions": sample.actions,
    }


def z_mean(a, b):
    """z of the difference of two sample means (columns compared one by one)."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    se = np.sqrt(a.var(axis=0, ddof=1) / len(a) + b.var(axis=0, ddof=1) / len(b))
    diff = a.mean(axis=0) - b.mean(axis=0)
    return np.where(se > 0, diff / np.where(se > 0, se, 1), np.where(diff == 0, 0.0, np.inf))


def z_ratio(num_a, den_a, num_b, den_b):
    """z of the difference of two ratios sum(num) / sum(den) (delta method, per column)."""
    out = []
    for na, da, nb, db in zip(num_a.T, den_a.T, num_b.T, den_b.T, strict=True):
        ra, rb = na.sum() / da.sum(), nb.sum() / db.sum()
        va = np.var(na - ra * da, ddof=1) / (len(na) * da.mean() ** 2)
        vb = np.var(nb - rb * db, ddof=1) / (len(nb) * db.mean() ** 2)
        out.append((ra - rb) / math.sqrt(va + vb))
    return np.array(out)


def z_scores(sim, eng):
    """Every compared statistic's z: mean stars, win rate and failed share of each entrant,
    win rate of each position in the order of play, mean turns and actions per game."""
    return {
        "stars": z_mean(sim["stars"], eng["stars"]),
        "wins": z_mean(sim["wins"], eng["wins"]),
        "position wins": z_mean(sim["position wins"], eng["position wins"]),
        "failed share": z_ratio(sim["failed"], sim["played"], eng["failed"], eng["played"]),
        "turns": z_mean(sim["turns"], eng["turns"]),
        "actions": z_mean(sim["actions"], eng["actions"]),
    }


def compare(variant, players, options, entrants, engine_n, sim_n, seed=1):
    game = kaskaria.load("dragon-battle", players=players, variant=variant, **options)
    bots = [policy_bot(*e) if isinstance(e, tuple) else policy_bot(e) for e in entrants]
    eng = engine_games(game, bots, engine_n, seed)
    sample = simulate_games(game, bots, sim_n, np.random.default_rng(seed))
    return z_scores(sim_stats(sample), eng), sample, eng


def test_engine_helper_plays_play_tournaments_games():
    game = kaskaria.load("dragon-battle", players=3)
    bots = [make_bot("optimal"), make_bot("random"), make_bot("cautious")]
    eng = engine_games(game, bots, 12, 4)
    result = play_tournament(game, bots, games=12, seed=4, progress=False)
    assert np.array_equal(eng["stars"], result.stars)
    assert np.array_equal(eng["wins"], result.wins)
    assert np.array_equal(eng["actions"], result.actions)
    for pos in range(3):
        assert eng["position wins"][:, pos].sum() == result.wins[result.positions == pos].sum()
    assert (eng["played"].sum(axis=1) == eng["turns"]).all()


def test_whole_game_statistics_agree_with_the_engine_quick():
    z, sample, eng = compare(
        "basic", 3, {}, ["optimal", ("threshold", Fraction(1, 4)), "random"], 150, 4000
    )
    for name, values in z.items():
        assert np.all(np.abs(values) < Z), (name, values)
    assert np.isclose(sample.wins.sum(), sample.games)


STATISTICS = [
    ("basic", 3, {}, ["optimal", ("threshold", Fraction(1, 4)), ("threshold", Fraction(1, 4))]),
    ("basic", 3, {}, ["random", "cautious", "all-in"]),
    ("basic", 2, {"silver_with_colour": True}, ["rule", ("threshold", Fraction(1, 9))]),
    ("memory", 2, {}, ["rule", "optimal"]),
    pytest.param(  # the larger memory game: make soak (the two-player one stays)
        "memory",
        4,
        {},
        [("threshold", Fraction(1, 10)), "random", "optimal", "all-in"],
        marks=pytest.mark.soak,
    ),
    ("younger", 2, {"silver_with_colour": True}, ["optimal", "cautious"]),
    (
        "basic",
        3,
        {"jugglers": 2, "first_player": 2},
        ["rule", "random", ("threshold", Fraction(1, 2))],
    ),
    ("basic", 2, {"jugglers_run_out": "unlimited", "juggler_stars": 2}, ["all-in", "cautious"]),
]


@pytest.mark.slow
@pytest.mark.parametrize("variant, players, options, entrants", STATISTICS)
def test_whole_game_statistics_agree_with_the_engine(variant, players, options, entrants):
    z, _, _ = compare(variant, players, options, entrants, 1000, 30_000)
    for name, values in z.items():
        assert np.all(np.abs(values) < Z), (name, values)


@pytest.mark.slow
def test_the_comparison_tells_nearby_policies_apart():
    """The control: the statistics above do detect a real difference of policy (the simulator's
    first entrant takes risk 1/4 where the engine's takes 1/9)."""
    game = kaskaria.load("dragon-battle", players=3)
    engine_bots = [make_bot("threshold", risk=Fraction(1, 9)), make_bot("rule"), make_bot("rule")]
    eng = engine_games(game, engine_bots, 1000, 1)
    sample = simulate_games(
        game, ["threshold(1/4)", "rule", "rule"], 30_000, np.random.default_rng(1)
    )
    z = z_scores(sim_stats(sample), eng)
    assert abs(z["failed share"][0]) > Z, z
    assert all(abs(z["failed share"][e]) < Z for e in (1, 2)), z


# ---------------------------------------------------------------------------------------------
# (c) exact odds of a first turn
# ---------------------------------------------------------------------------------------------
def check_first_turns(sample, policy, juggler, swc, seen):
    """The first turn's outcomes against turn_distribution for each game's own layout ``seen``
    (the stars the first player sees): count of each outcome against the sum of its exact
    chances, in standard deviations."""
    if isinstance(seen, tuple):  # the same layout in every game
        layouts, inverse = [seen], np.zeros(sample.games, dtype=np.int64)
    else:
        rows, inverse = np.unique(seen, axis=0, return_inverse=True)
        layouts, inverse = [tuple(r) for r in rows.tolist()], inverse.reshape(-1)
    exact = np.array(
        [
            [
                float(p)
                for p in turn_distribution(policy, row, juggler, silver_with_colour=swc).by_mask
            ]
            for row in layouts
        ]
    )
    p = exact[inverse]  # (games, 16): each game's exact chances of each outcome
    counts = np.bincount(sample.first_turn, minlength=16)
    expected = p.sum(axis=0)
    sd = np.sqrt((p * (1 - p)).sum(axis=0))
    assert np.all(counts[sd == 0] == np.round(expected[sd == 0]))
    z = (counts - expected)[sd > 0] / sd[sd > 0]
    assert np.all(np.abs(z) < Z), z
    return z


FIRST_TURN_POLICIES = [*DETERMINISTIC, ("random", None)]


@pytest.mark.parametrize("name, risk", FIRST_TURN_POLICIES)
def test_first_turn_outcomes_follow_the_exact_odds(name, risk):
    # four residents: a game ends with its first successful scare, so games are short
    residents = {"ann": 1, "bob": 2, "cid": 3, "dan": 4}
    game = kaskaria.load("dragon-battle", players=2, residents=residents, silver_with_colour=True)
    policy = make_policy(name, risk)
    sample = simulate_games(game, [policy, policy], 12_000, np.random.default_rng(17))
    assert len(np.unique(sample.first_stars, axis=0)) == 24  # every order of the four
    check_first_turns(sample, policy, 1, True, sample.first_stars)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["basic", "memory", "younger"])
@pytest.mark.parametrize("name, risk", FIRST_TURN_POLICIES)
def test_first_turn_outcomes_follow_the_exact_odds_in_every_variant(variant, name, risk):
    game = kaskaria.load("dragon-battle", players=3, variant=variant)
    policy = make_policy(name, risk)
    seed = {"basic": 23, "memory": 24, "younger": 25}[variant]
    sample = simulate_games(game, [policy] * 3, 30_000, np.random.default_rng(seed))
    if variant == "younger":  # every resident counts 1, a juggler 0
        seen, juggler = (1, 1, 1, 1), 0
    elif variant == "memory":  # every resident face down: the average of all 20, 50/20
        seen, juggler = (Fraction(50, 20),) * 4, 1
    else:
        seen, juggler = sample.first_stars, 1
    check_first_turns(sample, policy, juggler, False, seen)


# ---------------------------------------------------------------------------------------------
# The result: tournament table, seats, rotation, reproducibility
# ---------------------------------------------------------------------------------------------
def test_the_tournament_result_is_play_tournaments():
    game = kaskaria.load("dragon-battle", players=3, first_player=1)
    bots = [make_bot("optimal"), make_bot("threshold", risk=Fraction(1, 4))] + [
        make_bot("threshold", risk=Fraction(1, 4))
    ]
    engine = play_tournament(game, bots, games=9, seed=2, progress=False)
    sim = simulate_tournament(game, bots, games=9, seed=2)
    assert sim.labels == engine.labels == ("optimal", "threshold(1/4) #1", "threshold(1/4) #2")
    assert sim.game == engine.game and sim.unit == engine.unit == "stars"
    assert sim.seed == 2 and sim.rotate and sim.simulated and not engine.simulated
    assert np.array_equal(sim.positions, engine.positions)
    assert set(sim.extra) == set(engine.extra) == {"stars"}
    assert sim.scores.shape == sim.stars.shape == sim.wins.shape == (9, 3)
    assert np.allclose(sim.wins.sum(axis=1), 1)
    assert np.array_equal(sim.scores, sim.stars)
    assert "9 simulated games of dragon-battle (3 players, variant basic), seed 2" in sim.summary()
    assert "9 games of dragon-battle (3 players, variant basic), seed 2" in engine.summary()
    younger = simulate_tournament(
        kaskaria.load("dragon-battle", players=2, variant="younger"), ["rule", "optimal"], 10, 1
    )
    assert younger.unit == "residents" and "scores in residents" in younger.summary()
    assert not np.array_equal(younger.scores, younger.stars)


def test_seats_rotate_and_results_read_by_entrant():
    game = kaskaria.load("dragon-battle", players=3, first_player=2)
    sample = simulate_games(game, ["cautious", "all-in", "random"], 30, np.random.default_rng(4))
    # game i: entrant e sits in seat (e + i) % 3, as in play_tournament
    for i in range(30):
        for e in range(3):
            assert sample.entrant_of_seat[i, (e + i) % 3] == e
    stars = sample.by_entrant(sample.stars)
    for i in range(30):
        for s in range(3):
            assert stars[i, sample.entrant_of_seat[i, s]] == sample.stars[i, s]
    # seat 2 plays first: seat s plays the turns t with (2 + t) % 3 == s
    for i in range(30):
        for s in range(3):
            expected = sum(1 for t in range(sample.turns[i]) if (2 + t) % 3 == s)
            assert sample.seat_turns[i, s] == expected
    assert sample.positions[0].tolist() == [1, 2, 0]  # entrant e in seat e; seat 2 first
    fixed = simulate_games(
        game, ["cautious", "all-in", "random"], 6, np.random.default_rng(4), rotate=False
    )
    assert (fixed.entrant_of_seat == np.arange(3)).all()
    assert fixed.to_tournament().seed is None
    assert "seed" not in fixed.to_tournament().summary().splitlines()[0]


def test_jugglers_are_counted_by_the_rules():
    nothing = kaskaria.load("dragon-battle", players=2, jugglers=3)
    sample = simulate_games(nothing, ["all-in", "all-in"], 500, np.random.default_rng(1))
    failed = sample.seat_failed.sum(axis=1)
    assert (sample.jugglers.sum(axis=1) == np.minimum(failed, 3)).all()
    assert (failed > 3).any()  # the jugglers did run out
    unlimited = kaskaria.load("dragon-battle", players=2, jugglers=3, jugglers_run_out="unlimited")
    sample = simulate_games(unlimited, ["all-in", "all-in"], 500, np.random.default_rng(1))
    assert np.array_equal(sample.jugglers, sample.seat_failed)


def test_seeded_reproducibility():
    game = kaskaria.load("dragon-battle", players=4, variant="memory")
    entrants = ["optimal", "random", "rule", "threshold(1/4)"]
    one = simulate_games(game, entrants, 100, np.random.default_rng(99), trace=True)
    two = simulate_games(game, entrants, 100, np.random.default_rng(99), trace=True)
    other = simulate_games(game, entrants, 100, np.random.default_rng(100))
    for name in ("scores", "stars", "wins", "turns", "seat_failed", "actions", "first_turn"):
        assert np.array_equal(getattr(one, name), getattr(two, name)), name
    assert one.game_trace(7) == two.game_trace(7)
    assert not np.array_equal(one.stars, other.stars)
    # the trace changes nothing: the same games without it
    plain = simulate_games(game, entrants, 100, np.random.default_rng(99))
    assert np.array_equal(plain.stars, one.stars)
    t = simulate_tournament(game, entrants, 50, seed=5)
    s = simulate_games(game, entrants, 50, np.random.default_rng(5)).to_tournament(5)
    assert np.array_equal(t.scores, s.scores) and np.array_equal(t.wins, s.wins)
    empty = simulate_games(game, entrants, 0, np.random.default_rng(1))
    assert empty.games == 0 and empty.mean_turns == 0.0


def test_sample_views():
    game = kaskaria.load("dragon-battle", players=2)
    sample = simulate_games(game, ["optimal", "cautious"], 400, np.random.default_rng(3))
    assert isinstance(sample, GameSample)
    assert math.isclose(sum(sample.win_rate), 1)
    assert sample.mean_stars == tuple(
        float(x) for x in sample.by_entrant(sample.stars).mean(axis=0)
    )
    assert sample.failed_share[1] < sample.failed_share[0]  # cautious fails only on a first roll
    assert sample.mean_turns == float(sample.turns.mean())
    assert repr(sample).startswith("<GameSample 400 games, win rates optimal: ")
    trace = simulate_games(game, ["optimal", "cautious"], 3, np.random.default_rng(3), trace=True)
    record = trace.game_trace(0)
    assert record["draws"][:4] and set(record["draws"]) <= set(game.resident_names)
    assert all(len(faces) <= 4 for faces, _, _ in record["rolls"])


# ---------------------------------------------------------------------------------------------
# (e) bad input
# ---------------------------------------------------------------------------------------------
def test_bad_input_gets_clear_errors():
    game = kaskaria.load("dragon-battle", players=2)
    rng = np.random.default_rng(0)
    ok = ["optimal", "cautious"]
    with pytest.raises(TypeError, match="Dragon Battle game"):
        simulate_games("dragon-battle", ok, 10, rng)
    with pytest.raises(ValueError, match="one policy per seat, got 3"):
        simulate_games(game, ok + ["rule"], 10, rng)
    with pytest.raises(TypeError, match="one entrant per seat"):
        simulate_games(game, "optimal", 10, rng)
    with pytest.raises(ValueError, match="unknown policy 'bold'"):
        simulate_games(game, ["bold", "rule"], 10, rng)
    with pytest.raises(ValueError, match="needs risk"):
        simulate_games(game, ["threshold", "rule"], 10, rng)
    with pytest.raises(ValueError, match="risk must be a number from 0 to 1, got 2"):
        simulate_games(game, ["threshold(2)", "rule"], 10, rng)
    with pytest.raises(TypeError, match="turn policy name.*got 42"):
        simulate_games(game, [42, "rule"], 10, rng)
    with pytest.raises(ValueError, match="n must be a whole number of games >= 0, got -1"):
        simulate_games(game, ok, -1, rng)
    with pytest.raises(ValueError, match="got 2.5"):
        simulate_games(game, ok, 2.5, rng)
    with pytest.raises(ValueError, match="got True"):
        simulate_games(game, ok, True, rng)
    with pytest.raises(TypeError, match="numpy.random.Generator.*got 42"):
        simulate_games(game, ok, 10, 42)
    with pytest.raises(ValueError, match="rotate must be True or False, got 'yes'"):
        simulate_games(game, ok, 10, rng, rotate="yes")
    with pytest.raises(ValueError, match="memory must be 'forgetful' or 'perfect', got 'total'"):
        simulate_games(game, ok, 10, rng, memory="total")
    with pytest.raises(ValueError, match="trace must be True or False, got 1"):
        simulate_games(game, ok, 10, rng, trace=1)
    sample = simulate_games(game, ok, 5, rng)
    with pytest.raises(ValueError, match="kept no trace"):
        sample.game_trace(0)
    traced = simulate_games(game, ok, 5, rng, trace=True)
    with pytest.raises(ValueError, match="i must be a game from 0 to 4, got 5"):
        traced.game_trace(5)
    with pytest.raises(ValueError, match=r"shape \(5, 2\).*got \(5, 3\)"):
        sample.by_entrant(np.zeros((5, 3)))
    with pytest.raises(ValueError, match="seed must be"):
        sample.to_tournament(seed=-1)
    with pytest.raises(ValueError, match="at least one game"):
        simulate_games(game, ok, 0, rng).to_tournament()
    with pytest.raises(ValueError, match="games must be a whole number >= 1, got 0"):
        simulate_tournament(game, ok, 0)
    with pytest.raises(ValueError, match="seed must be"):
        simulate_tournament(game, ok, 5, seed="x")
    huge = kaskaria.load("dragon-battle", players=2, juggler_stars=10**12, stars={"king": 10**12})
    with pytest.raises(ValueError, match="too large for the simulator"):
        for seed in range(50):  # until a turn with the king under a dragon is solved
            simulate_games(huge, ["optimal", "optimal"], 20, np.random.default_rng(seed))
