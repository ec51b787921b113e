"""Performance figures of Dragon Battle: simulator, random generator, engine, exact solver.

Run: ``.venv/bin/python benchmarks/dragon_battle.py`` (``--quick`` for a shorter run). The last
lines are ``name: value``, one figure per line, for scripts to read:

- ``sim_turns_per_s``: turns per second of ``simulate_turns("optimal", ...)`` (one core; the
  result is the outcome of every turn, as a uint8 array);
- ``rng_turn_bound_per_s``: turns per second at which the same numpy Generator only draws the
  random values the simulator uses (one uint32 uniform in [0, 6**10) per turn, in the same
  blocks, via the same function), i.e. the speed limit the random numbers alone set;
- ``sim_vs_rng_ratio``: the first divided by the second;
- ``sim_random_policy_turns_per_s``: the same simulator for the random policy (one draw per roll);
- ``engine_actions_per_s``: actions (player decisions and chance outcomes) per second when
  random bots play whole 2-player games through ``state.apply`` (every action checked for
  legality), chance drawn by ``state.sample_chance``;
- ``exact_query_ms``: mean milliseconds of ``advise(state)`` over thousands of distinct decision
  states of real games (basic and memory variant), once the solver is warm;
- ``exact_cold_turn_ms``: milliseconds to solve a whole turn for a new star layout from scratch;
- ``games_sim_per_s``: whole 3-player games per second of ``simulate_tournament`` (the vectorised
  whole-game simulator) in the odds lesson's tournament: each of six challengers (cautious,
  all-in, threshold(1/10), rule, optimal, random) against two threshold(1/4) bots, seats rotated,
  the solver warm;
- ``games_engine_per_s``: the same tournaments through ``play_tournament`` with the bot objects
  (the rules engine, every action checked), measured in the same run; ``games_sim_vs_engine_ratio``
  the first divided by the second;
- ``lesson_tournaments_sim_s``: seconds for the lesson's whole cell with the simulator (six
  challengers x 300 games = 1,800 games), warm; ``lesson_tournaments_sim_cold_s``: the same right
  after the solver's caches are cleared (a notebook's first run);
- ``openspiel_pig_actions_per_s`` and ``engine_vs_pig_ratio`` (only when OpenSpiel is installed,
  ``pip install -e ".[bench]"``): the same driver loop (random decisions, chance sampled with the
  same numpy Generator) playing OpenSpiel's C++ Pig, a peer push-your-luck game, in the same run;
  the engine and Pig are timed in turns and the ratio is the median of the paired ratios.

Each timing is the best of several repetitions of the process's own CPU time (``time.process_time``:
the least disturbed by other work on a shared machine).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import kaskaria  # noqa: E402
from kaskaria.bots import make_bot  # noqa: E402
from kaskaria.core import CHANCE  # noqa: E402
from kaskaria.dragon_battle import odds  # noqa: E402
from kaskaria.dragon_battle.simulate import (  # noqa: E402
    _optimal_table,
    draw_turn_dice,
    simulate_tournament,
    simulate_turns,
)
from kaskaria.tournament import play_tournament  # noqa: E402

STARS = (1, 2, 3, 4)


def best_of(repeats, fn):
    times = []
    for _ in range(repeats):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return min(times)


def simulator(turns, repeats):
    rng = np.random.default_rng(1)
    simulate_turns("optimal", 1000, rng, STARS)  # build the tables once
    simulate_turns("random", 1000, rng, STARS)

    def drain():
        for _ in draw_turn_dice(turns, rng):
            pass

    sim_times, rng_times = [], []
    for _ in range(repeats):  # interleaved, so both see the same machine
        sim_times.append(best_of(1, lambda: simulate_turns("optimal", turns, rng, STARS)))
        rng_times.append(best_of(1, drain))
    random_time = best_of(
        max(1, repeats // 2), lambda: simulate_turns("random", turns // 10, rng, STARS)
    )
    return turns / min(sim_times), turns / min(rng_times), (turns // 10) / random_time


def engine(games):
    """The engine's driver loop (random bots, every action checked): ``(run, actions per run)``."""
    game = kaskaria.load("dragon-battle", players=2)
    bots = [make_bot("dragon-battle", "random"), make_bot("dragon-battle", "random")]

    def play_all(counter):
        rng = np.random.default_rng(7)
        for _ in range(games):
            state = game.new_state()
            while not state.is_terminal():
                player = state.current_player()
                if player == CHANCE:
                    action = state.sample_chance(rng)
                else:
                    action = bots[player].choose(state, rng)
                state = state.apply(action)
                counter[0] += 1

    counter = [0]
    play_all(counter)  # warm up
    return (lambda: play_all([0])), counter[0]


def pig(games):
    """OpenSpiel's Pig (C++) under the same driver loop: ``(run, actions per run)``, or None."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("pig", {"players": 2, "winscore": 100})

    def play_all(counter):
        rng = np.random.default_rng(7)
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()  # a fair die: uniform
                    action = outcomes[int(rng.integers(len(outcomes)))][0]
                else:
                    legal = state.legal_actions()
                    action = legal[int(rng.integers(len(legal)))]
                state.apply_action(action)
                counter[0] += 1

    counter = [0]
    play_all(counter)
    return (lambda: play_all([0])), counter[0]


def engine_and_pig(games, repeats):
    """Engine actions/s, Pig actions/s (or None) and their ratio. The two loops are timed in
    turns, so both see the same machine; the ratio is the median of the paired ratios (a shared
    machine's speed drifts), the rates are the best runs."""
    run_engine, engine_actions = engine(games)
    found = pig(games)
    engine_times, pig_times = [], []
    for _ in range(repeats):
        engine_times.append(best_of(1, run_engine))
        if found is not None:
            pig_times.append(best_of(1, found[0]))
    rate = engine_actions / min(engine_times)
    if found is None:
        return rate, None, None
    pig_actions = found[1]
    ratios = sorted(
        (engine_actions / e) / (pig_actions / p)
        for e, p in zip(engine_times, pig_times, strict=True)
    )
    return rate, pig_actions / min(pig_times), ratios[len(ratios) // 2]


CHALLENGERS = ("cautious", "all-in", "threshold(1/10)", "rule", "optimal", "random")
ORDINARY = "threshold(1/4)"


def lesson_sim(games):
    """The lesson's tournaments with the simulator: six challengers against two ordinary bots."""
    game = kaskaria.load("dragon-battle", players=3)
    for k, challenger in enumerate(CHALLENGERS):
        simulate_tournament(game, [challenger, ORDINARY, ORDINARY], games, seed=k)


def lesson_engine(games):
    """The same tournaments through the engine with bot objects."""
    game = kaskaria.load("dragon-battle", players=3)
    ordinary = make_bot("dragon-battle", "threshold", risk=0.25)
    for k, challenger in enumerate(CHALLENGERS):
        if "(" in challenger:
            bot = make_bot("dragon-battle", "threshold", risk=0.1)
        else:
            bot = make_bot("dragon-battle", challenger)
        play_tournament(game, [bot, ordinary, ordinary], games, seed=k, progress=False)


def whole_games(sim_games, engine_games, repeats):
    """(simulated games/s, engine games/s, lesson seconds warm, lesson seconds cold)."""

    def cold():
        odds.clear_caches()
        _optimal_table.cache_clear()
        lesson_sim(300)

    cold_time = best_of(1, cold)
    lesson_sim(sim_games)  # warm: every turn the optimal challenger meets is solved
    lesson_engine(2)
    sim_times, engine_times = [], []
    for _ in range(repeats):  # interleaved, so both see the same machine
        sim_times.append(best_of(1, lambda: lesson_sim(sim_games)))
        engine_times.append(best_of(1, lambda: lesson_engine(engine_games)))
    lesson_time = best_of(repeats, lambda: lesson_sim(300))
    total_sim, total_engine = len(CHALLENGERS) * sim_games, len(CHALLENGERS) * engine_games
    return total_sim / min(sim_times), total_engine / min(engine_times), lesson_time, cold_time


def decision_states(variant, games, seed):
    game = kaskaria.load("dragon-battle", players=3, variant=variant)
    rng = np.random.default_rng(seed)
    bot = make_bot("dragon-battle", "random")
    out = []
    for _ in range(games):
        state = game.new_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state = state.apply(state.sample_chance(rng))
            else:
                out.append(state)
                state = state.apply(bot.choose(state, rng))
    return out


def exact(games, repeats):
    states = decision_states("basic", games, 1) + decision_states("memory", games, 2)
    distinct = list(dict.fromkeys(states))
    for state in distinct:  # warm: every turn these states belong to is solved once
        odds.advise(state)

    def query_all():
        for state in distinct:
            odds.advise(state)

    per_query = best_of(repeats, query_all) / len(distinct)

    def cold():
        odds.clear_caches()
        odds.optimal_turn_value((3, 1, 4, 2), 1)

    cold_time = best_of(repeats, cold)
    return per_query * 1000, len(distinct), cold_time * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer turns and games")
    args = parser.parse_args()
    turns = 2_000_000 if args.quick else 20_000_000
    repeats = 3 if args.quick else 5
    games = 60 if args.quick else 300

    print(f"python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}")
    sim, bound, sim_random = simulator(turns, repeats)
    print(f"simulator: {turns:,} turns of the optimal policy per run, best of {repeats}")
    actions, pig_rate, pig_ratio = engine_and_pig(games, repeats)
    print(
        f"engine: {games} games of 2 random bots, engine and Pig timed in turns, best of {repeats}"
    )
    sim_games = 1000 if args.quick else 3000
    engine_games = 20 if args.quick else 100
    games_sim, games_engine, lesson_s, lesson_cold_s = whole_games(
        sim_games, engine_games, max(2, repeats // 2)
    )
    print(
        f"whole games: 3 players, {len(CHALLENGERS)} challengers x {sim_games} simulated / "
        f"{engine_games} engine games per run"
    )
    query_ms, n_states, cold_ms = exact(games // 3 or 1, repeats)
    print(f"exact: advise() on {n_states} distinct decision states (basic + memory variant)")
    print()
    print(f"sim_turns_per_s: {sim:.4g}")
    print(f"rng_turn_bound_per_s: {bound:.4g}")
    print(f"sim_vs_rng_ratio: {sim / bound:.3f}")
    print(f"sim_random_policy_turns_per_s: {sim_random:.4g}")
    print(f"engine_actions_per_s: {actions:.4g}")
    print(f"games_sim_per_s: {games_sim:.4g}")
    print(f"games_engine_per_s: {games_engine:.4g}")
    print(f"games_sim_vs_engine_ratio: {games_sim / games_engine:.1f}")
    print(f"lesson_tournaments_sim_s: {lesson_s:.3f}")
    print(f"lesson_tournaments_sim_cold_s: {lesson_cold_s:.3f}")
    print(f"exact_query_ms: {query_ms:.4f}")
    print(f"exact_cold_turn_ms: {cold_ms:.2f}")
    if pig_rate is not None:
        print(f"openspiel_pig_actions_per_s: {pig_rate:.4g}")
        print(f"engine_vs_pig_ratio: {pig_ratio:.3f}")


if __name__ == "__main__":
    main()
