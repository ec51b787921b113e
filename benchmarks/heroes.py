"""Performance figures of Heroes of Kaskaria: the engine, and Dragon Battle's engine beside it.

Run: ``.venv/bin/python benchmarks/heroes.py`` (``--quick`` for a shorter run). The last lines are
``name: value``, one figure per line, for scripts to read:

- ``engine_actions_per_s``: actions (player decisions and chance outcomes) per second when random
  bots play whole 2-player games through ``state.apply`` (every action checked for legality),
  chance drawn by ``state.sample_chance``: the loop of ``benchmarks/dragon_battle.py``'s
  ``engine()``;
- ``games_per_s``: whole 2-player games of random bots per second in the same loop;
- ``dragon_battle_engine_actions_per_s``: Dragon Battle's engine in the same loop, measured in the
  same run (so both see the same machine);
- ``engine_ratio``: the first divided by the last (Heroes games have many more actions than Dragon
  Battle games, so actions per second is the fair comparison);
- ``planner_decisions_per_s``: decisions per second of the strongest bot (``"planner"``, which
  deals the hidden cards again 24 times per decision).

Each timing is the best of several repetitions of the process's own CPU time (``time.process_time``),
the two engines interleaved.
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


def engine_loop(name: str, games: int):
    """(play_all(counter), ...) for ``games`` seeded 2-player games of random bots."""
    game = kaskaria.load(name, players=2)
    bots = [make_bot(name, "random"), make_bot(name, "random")]

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

    return play_all


def engines(heroes_games: int, db_games: int, repeats: int):
    heroes = engine_loop("heroes", heroes_games)
    dragon = engine_loop("dragon-battle", db_games)
    counts = [0], [0]
    heroes(counts[0])  # warm up, and count the actions
    dragon(counts[1])
    best_h = best_d = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        heroes([0])
        best_h = min(best_h, time.process_time() - start)
        start = time.process_time()
        dragon([0])
        best_d = min(best_d, time.process_time() - start)
    return counts[0][0] / best_h, heroes_games / best_h, counts[1][0] / best_d, counts[0][0]


def planner(decisions: int, repeats: int) -> float:
    game = kaskaria.load("heroes", players=2)
    rng = np.random.default_rng(3)
    states = []
    bot = make_bot("heroes", "random")
    while len(states) < decisions:
        state = game.new_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state = state.apply(state.sample_chance(rng))
            else:
                if len(state.legal_actions()) > 1:
                    states.append(state)
                state = state.apply(bot.choose(state, rng))
    states = states[:decisions]
    smart = make_bot("heroes", "planner")
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        for i, state in enumerate(states):
            smart.choose(state, np.random.default_rng(i))
        best = min(best, time.process_time() - start)
    return decisions / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games")
    args = parser.parse_args()
    repeats = 3 if args.quick else 5
    heroes_games = 30 if args.quick else 120
    db_games = 60 if args.quick else 300

    print(f"python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}")
    actions, games, dragon, counted = engines(heroes_games, db_games, repeats)
    print(
        f"engine: {heroes_games} Heroes games ({counted / heroes_games:.0f} actions each) and "
        f"{db_games} Dragon Battle games of 2 random bots, best of {repeats}"
    )
    decisions = planner(100 if args.quick else 300, max(1, repeats // 2))
    print()
    print(f"engine_actions_per_s: {actions:.4g}")
    print(f"games_per_s: {games:.4g}")
    print(f"dragon_battle_engine_actions_per_s: {dragon:.4g}")
    print(f"engine_ratio: {actions / dragon:.3f}")
    print(f"planner_decisions_per_s: {decisions:.4g}")


if __name__ == "__main__":
    main()
