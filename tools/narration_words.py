"""The longest lines of "what just happened", per game and language: whole seeded games played
through the screen (seat 1 a person choosing at random, the other seats bots), every line read.

    .venv/bin/python tools/narration_words.py [--games N] [--show K]

prints, per game and language, how many distinct lines were read, the longest (in words) and the
K longest lines themselves.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Iterator

from kaskaria.widgets import DragonBattleTable, DragonsGoldTable, GameTable, HeroesTable

TABLES: dict[str, Callable[[str, int], GameTable]] = {
    "dragon-battle": lambda lang, seed: DragonBattleTable(
        players=3, seats=("human", "hard", "easy"), seed=seed, lang=lang, autoplay=None
    ),
    "heroes": lambda lang, seed: HeroesTable(
        seats=("human", "medium"), seed=seed, lang=lang, autoplay=None
    ),
    "dragons-gold": lambda lang, seed: DragonsGoldTable(
        players=4, seats=("human", "easy", "medium", "hard"), seed=seed, lang=lang, autoplay=None
    ),
}


def words(line: str) -> int:
    """Words as a child counts them: runs of letters or digits (a number is a word)."""
    return len([w for w in line.split() if any(c.isalnum() for c in w)])


def lines_of_game(table: GameTable, seed: int, steps: int = 2000) -> Iterator[str]:
    """Every line of "what just happened" a whole game shows on seat 1's screen."""
    rng = random.Random(seed)
    for _ in range(steps):
        view = table.view
        for line in view["summary"]["lines"]:
            yield line["text"]
        if view["turn"]["to_move"] == "over":
            return
        handle = table.session.handle
        moves = view["moves"]["actions"]
        if view["passing"]:
            handle({"type": "pass", "version": view["version"]})
        elif moves:
            handle({"type": "action", "action": rng.choice(moves)["action"], "version": view["version"]})
        elif view["moves"]["next"]:
            handle({"type": "next", "version": view["version"]})
        else:
            return
    raise RuntimeError(f"the game of seed {seed} did not end in {steps} steps")


def read(name: str, lang: str, games: int) -> list[str]:
    seen: dict[str, None] = {}
    for seed in range(1, games + 1):
        for line in lines_of_game(TABLES[name](lang, seed), seed):
            seen.setdefault(line, None)
    return list(seen)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--show", type=int, default=3)
    parser.add_argument("--max", type=int, default=0, help="also list every line longer than this")
    args = parser.parse_args(argv)
    for name in TABLES:
        for lang in ("en", "de"):
            lines = read(name, lang, args.games)
            longest = sorted(lines, key=words, reverse=True)
            top = words(longest[0]) if longest else 0
            over = [x for x in longest if args.max and words(x) > args.max]
            print(f"{name} {lang}: {len(lines)} distinct lines, longest {top} words"
                  + (f", {len(over)} over {args.max}" if args.max else ""))
            for line in (over if args.max else longest[: args.show]):
                print(f"  {words(line):3d}  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
