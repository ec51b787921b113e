"""Performance figures of Dragon's Gold, with Dragon Battle's engine measured in the same run.

Run: ``.venv/bin/python benchmarks/dragons_gold.py`` (``--quick`` for a shorter run). The last
lines are ``name: value``, one figure per line, for scripts to read:

- ``engine_actions_per_s``: actions (player decisions and chance outcomes) per second when random
  bots play whole 4-player games of the basic variant through ``state.apply`` (every action
  checked for legality), chance drawn by ``state.sample_chance``: the same loop as
  ``benchmarks/dragon_battle.py``'s ``engine()``;
- ``games_per_s``: whole games per second in that loop;
- ``dragon_battle_engine_actions_per_s``: Dragon Battle's figure, by that benchmark's own loop, in
  this run (so that both see the same machine);
- ``engine_ratio``: the first divided by the third (the target is at least 0.5).

Each timing is the best of several repetitions.
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import kaskaria  # noqa: E402
from kaskaria.bots import make_bot  # noqa: E402
from kaskaria.core import CHANCE  # noqa: E402


def _dragon_battle():
    spec = importlib.util.spec_from_file_location("db_bench", HERE / "dragon_battle.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def engine(variant: str, players: int, games: int, repeats: int, best_of):
    game = kaskaria.load("dragons-gold", players=players, variant=variant)
    bots = [make_bot("dragons-gold", "random") for _ in range(players)]

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
    actions = counter[0]
    elapsed = best_of(repeats, lambda: play_all([0]))
    return actions / elapsed, games / elapsed, actions / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games")
    args = parser.parse_args()
    repeats = 3 if args.quick else 5
    games = 20 if args.quick else 100
    db = _dragon_battle()
    print(f"python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}")
    actions, per_s, per_game = engine("basic", 4, games, repeats, db.best_of)
    print(f"engine: {games} games of 4 random bots (basic), {per_game:.0f} actions per game")
    db_actions, db_per_game = db.engine(games * 3, repeats)
    print(
        f"dragon battle engine: {games * 3} games of 2 random bots, {db_per_game:.0f} actions per game"
    )
    print()
    print(f"engine_actions_per_s: {actions:.4g}")
    print(f"games_per_s: {per_s:.4g}")
    print(f"dragon_battle_engine_actions_per_s: {db_actions:.4g}")
    print(f"engine_ratio: {actions / db_actions:.3f}")


if __name__ == "__main__":
    main()
