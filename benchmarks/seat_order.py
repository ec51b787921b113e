"""Does the order of play matter at a ladder's table? Two copies of the same bot, seated in every
order of play with two others, and each copy's share of the wins by whom it sits after.

    .venv/bin/python benchmarks/seat_order.py                 # four-player Dragon Battle, 800 games an order
    .venv/bin/python benchmarks/seat_order.py --games 200

Four-player Dragon Battle: ``optimal`` twice, with ``random`` and ``all-in``; ``random`` plays
first in every order, and the three others take the six orders of play after it (each order
with the seats rotated, so every bot plays every place of it equally often: the ladder's earlier
design, which kept a bot's neighbours for all of a table's games). If the order did not matter,
both copies would win about as often in every row. The ladder now plays every order of play at
each table (:func:`kaskaria.ladder.orders`); see docs/bots.md.
"""

from __future__ import annotations

import argparse
import itertools
import sys

from kaskaria.bots import make_bot
from kaskaria.ladder import play_ladder


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=800, help="games per order of play")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    bots = {
        "random": make_bot("dragon-battle", "random"),
        "all-in": make_bot("dragon-battle", "all-in"),
        "optimal A": make_bot("dragon-battle", "optimal"),
        "optimal B": make_bot("dragon-battle", "optimal"),
    }
    names = list(bots)
    games = max(4, args.games // 4 * 4)
    print(f"four-player Dragon Battle, {games} games an order of play (seats rotated), "
          f"seed {args.seed}")  # fmt: skip
    print(f"{'order of play':<44} {'optimal A':>9} {'optimal B':>9}  A sits after")
    for k, rest in enumerate(itertools.permutations(range(1, 4))):
        order = (0, *rest)
        ladder = play_ladder(
            "dragon-battle", bots, players=4, games=games, seed=args.seed + k,
            tables=[order], seating="rotate", bootstrap=10,
        )  # fmt: skip
        share = dict(zip(ladder.names, ladder.win_rate, strict=True))
        a = order.index(2)
        before = names[order[(a - 1) % 4]]
        print(
            f"{' -> '.join(names[e] for e in order):<44} {share['optimal A']:9.3f} "
            f"{share['optimal B']:9.3f}  {before}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
