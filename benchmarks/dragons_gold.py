"""Performance figures of Dragon's Gold, with Dragon Battle's engine measured in the same run.

Run: ``.venv/bin/python benchmarks/dragons_gold.py`` (``--quick`` for a shorter run). The last
lines are ``name: value``, one figure per line, for scripts to read:

- ``engine_actions_per_s``: actions (player decisions and chance outcomes) per second when random
  bots play whole 4-player games of the basic variant through ``state.apply`` (every action
  checked for legality), chance drawn by ``state.sample_chance``: the same loop as
  ``benchmarks/dragon_battle.py``'s ``engine()``;
- ``games_per_s``: whole games per second in that loop;
- ``dragon_battle_engine_actions_per_s``: Dragon Battle's figure (2 random bots), by the same
  loop, timed in turns with the first (so that both see the same machine);
- ``engine_ratio``: the first divided by the third (the target is at least 0.5).

Each timing is the best of several repetitions of the process's own CPU time (``time.process_time``:
other work on a shared machine disturbs it far less than the wall clock).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import kaskaria  # noqa: E402
from kaskaria.bots import make_bot  # noqa: E402
from kaskaria.core import CHANCE  # noqa: E402


def _player(name: str, players: int, games: int, variant: str = "basic"):
    """The engine loop of ``benchmarks/dragon_battle.py`` (random bots, ``state.apply``, chance by
    ``state.sample_chance``) for any game; returns a function that plays ``games`` games and
    returns the number of actions."""
    game = kaskaria.load(name, players=players, variant=variant)
    bots = [make_bot(name, "random") for _ in range(players)]

    def play_all() -> int:
        rng = np.random.default_rng(7)
        count = 0
        for _ in range(games):
            state = game.new_state()
            while not state.is_terminal():
                player = state.current_player()
                if player == CHANCE:
                    action = state.sample_chance(rng)
                else:
                    action = bots[player].choose(state, rng)
                state = state.apply(action)
                count += 1
        return count

    return play_all


def engines(games: int, repeats: int) -> tuple[float, float, float, float]:
    """Dragon's Gold (4 players, basic) and Dragon Battle (2 players) timed in turns, so that both
    see the same machine; the best of ``repeats`` runs of each."""
    dg = _player("dragons-gold", 4, games)
    db = _player("dragon-battle", 2, games * 3)
    dg_actions, db_actions = dg(), db()  # warm up (and count)
    dg_times, db_times = [], []
    for _ in range(repeats):
        for play, times in ((dg, dg_times), (db, db_times)):
            start = time.process_time()
            play()
            times.append(time.process_time() - start)
    best_dg, best_db = min(dg_times), min(db_times)
    return dg_actions / best_dg, games / best_dg, dg_actions / games, db_actions / best_db


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games")
    args = parser.parse_args()
    repeats = 3 if args.quick else 7
    games = 20 if args.quick else 60
    print(f"python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}")
    actions, per_s, per_game, db_actions = engines(games, repeats)
    print(f"engine: {games} games of 4 random bots (basic), {per_game:.0f} actions per game")
    print(f"dragon battle engine: {games * 3} games of 2 random bots, the same loop, interleaved")
    print()
    print(f"engine_actions_per_s: {actions:.4g}")
    print(f"games_per_s: {per_s:.4g}")
    print(f"dragon_battle_engine_actions_per_s: {db_actions:.4g}")
    print(f"engine_ratio: {actions / db_actions:.3f}")


if __name__ == "__main__":
    main()
