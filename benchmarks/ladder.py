"""The ladder of every game: every bot against every other, ratings with 95% intervals, and the
strong bot against the strongest of the others.

    .venv/bin/python benchmarks/ladder.py              # every game and player count (long: see below)
    .venv/bin/python benchmarks/ladder.py --quick      # the smallest player count of each game, few games
    .venv/bin/python benchmarks/ladder.py --game heroes --players 3 --games 20
    .venv/bin/python benchmarks/ladder.py --game heroes --players 2 --variant brave

For each game and player count (Dragon Battle and Heroes of Kaskaria 2-4, Dragon's Gold 3-5)
(and the variants of ``VARIANT_PLAN``, whose tables' "hard" seat depends on them) every group of
bots sits at a table and plays seeded games through every order of play
(:func:`kaskaria.ladder.play_ladder`, ``--seating rotate`` for the seats rotated alone, as the
ladders measured before); the ratings are Bradley-Terry on the Elo scale with
bootstrap 95% intervals, each game read by places (every two players compared, the losers by
score) and, with more than two players, by wins alone (Luce's choice model; the strong bots play
to win, and "hard" at a table is decided by this reading: docs/bots.md). The entrants: every
bot the tables offer, with its default parameters (and ``threshold(1/4)`` for Dragon Battle),
and the strong bot at its default ("hard") budget:
``win`` (Dragon Battle), ``search`` (the others). Then the strong bot plays the best-rated of the
others head to head (one seat against copies of it), and the margin over a fair share is printed
with its Wilson 95% interval.

It ends with a check per game: does the strong bot's interval lie above every other bot's?

The full run takes hours (Heroes with two players alone, 1,260 games, took 72 minutes with one
worker on a shared machine at load 4-5; the search bots think a few tenths of a second per
decision); ``--quick`` a few minutes. ``--workers`` plays tables in parallel
processes (default: the machine's cores); the results do not depend on it.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from fractions import Fraction

import kaskaria
from kaskaria.bots import available_bots, bot_spec, make_bot
from kaskaria.ladder import SEATINGS, head_to_head, join, orders, play_ladder

#: per game and player count: (games per table, head-to-head games) of the full run; the quick
#: run plays the first player count only, QUICK of each
PLAN = {
    # every size is a whole number of blocks of the orders of play (kaskaria.ladder.orders: 6
    # games with three players, 24 with four, 20 with five), each at least the size that
    # separated the strong bot's interval from every other's with the seats rotated
    # (docs/bots.md): Dragon Battle with three players 159 (now 162, 27 blocks) and with four
    # 168 (7 blocks); Heroes with two players 60 games per table, with three 24, with four 24
    # (measured as twice 12, two seeds with the seats rotated, read by wins); Dragon's Gold
    # with three 16 (now 18), with four 32 (now 48) and with five 45 (now 60), read by wins
    "dragon-battle": {2: (160, 4000), 3: (162, 3000), 4: (168, 3000)},
    "heroes": {2: (60, 120), 3: (24, 45), 4: (24, 40)},
    "dragons-gold": {3: (18, 45), 4: (48, 120), 5: (60, 60)},
}
#: the variants the full run measures too, where a table's "hard" depends on them: per
#: (game, variant) and player count, as PLAN (the younger children's Dragon Battle with two
#: players needs three times the basic game's tables to separate ``win`` from ``optimal``:
#: docs/bots.md)
VARIANT_PLAN = {
    ("dragon-battle", "younger"): {2: (480, 4000), 3: (162, 3000)},
    ("dragon-battle", "memory"): {2: (480, 2000), 4: (168, 1200)},
    ("heroes", "brave"): {2: (60, 120)},
    ("dragons-gold", "advanced"): {3: (18, 45), 4: (72, 40), 5: (60, 60)},
    ("dragons-gold", "basic-strategic"): {3: (18, 45), 4: (48, 60), 5: (60, 60)},
    ("dragons-gold", "advanced-strategic"): {4: (48, 60)},
}
#: tables whose full run plays the plan's games once per seed (``--seed``, the next one, ...)
#: and reads them together: three- and four-player Dragon Battle (three with the younger
#: children's rules too, two and four with the memory rules), where one seed at the plan's
#: size left the strong bot's interval touching the next one's by wins, and both seeds
#: together separated them (every order of play)
SEEDS = {
    ("dragon-battle", "basic", 3): 2,
    ("dragon-battle", "basic", 4): 2,
    ("dragon-battle", "younger", 3): 2,
    ("dragon-battle", "memory", 2): 2,
    ("dragon-battle", "memory", 4): 2,
}
QUICK = {"dragon-battle": (20, 200), "heroes": (2, 6), "dragons-gold": (2, 6)}
STRONG = {"dragon-battle": "win", "heroes": "search", "dragons-gold": "search"}


def entrants(game: str) -> dict:
    out = {}
    for name in available_bots(game):
        spec = bot_spec(game, name)
        if not (set(spec.params) - set(spec.defaults)):
            out[name] = make_bot(game, name)
    if game == "dragon-battle":
        out["threshold(1/4)"] = make_bot(game, "threshold", risk=Fraction(1, 4))
    out[STRONG[game]] = make_bot(game, STRONG[game])
    return out


def load() -> str:
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "unknown"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smallest player counts, few games")
    parser.add_argument("--game", choices=sorted(PLAN), help="only this game")
    parser.add_argument("--players", type=int, help="only this player count")
    parser.add_argument("--games", type=int, help="games per table")
    parser.add_argument("--h2h", type=int, help="head-to-head games")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--seating",
        choices=SEATINGS,
        default="balanced",
        help="how a table's games seat its bots: every order of play (default), or the seats "
        "rotated alone, as the ladders measured before were",
    )
    parser.add_argument(
        "--variant", help="the rules to play (a variant of the game; default: the basic rules)"
    )
    args = parser.parse_args(argv)
    print(f"load average before: {load()}; {args.workers} worker(s)", flush=True)
    verdicts = []
    runs = [(game, args.variant, plan) for game, plan in PLAN.items()]
    if args.variant:
        # only the games that have these rules
        runs = [
            r
            for r in runs
            if args.variant in kaskaria.load(r[0]).variants and args.game in (None, r[0])
        ]
        if not runs:
            parser.error(f"no game here has the variant {args.variant!r}")
    if not (args.quick or args.variant):
        runs += [(game, variant, plan) for (game, variant), plan in VARIANT_PLAN.items()]
    for game, variant, plan in runs:
        if args.game and game != args.game:
            continue
        counts = tuple(plan)[:1] if args.quick else tuple(plan)
        if args.players:
            counts = tuple(c for c in counts if c == args.players)
        for players in counts:
            games, h2h = QUICK[game] if args.quick else plan[players]
            n_games = args.games or games
            n_h2h = args.h2h or h2h
            bots = entrants(game)
            n = max(players, n_games // players * players)
            block = len(orders(players, args.seating))
            if n % block:
                print(
                    f"({n} games per table is not a whole number of blocks of {block} orders of "
                    "play: some orders are played once more than others)"
                )
            t = time.perf_counter()
            seeds = 1 if args.quick else SEEDS.get((game, variant or "basic", players), 1)
            ladder = join([
                play_ladder(
                    game, bots, players=players, games=n, seed=args.seed + k,
                    workers=args.workers, variant=variant, seating=args.seating,
                )
                for k in range(seeds)
            ])  # fmt: skip
            strong = STRONG[game]
            print(ladder.summary())
            # with more than two seats the same games read by who won alone (the two readings
            # agree with two seats)
            by_wins = ladder.read("wins") if players > 2 else ladder
            if players > 2:
                print(by_wins.summary())
            secs = dict(zip(ladder.names, ladder.seconds, strict=True))
            print(
                "mean time per decision: "
                + ", ".join(f"{k} {v * 1000:.1f} ms" for k, v in secs.items())
            )
            above = by_wins.above_all(strong), ladder.above_all(strong)
            others = [i for i in by_wins.ranked() if by_wins.names[i] != strong]
            best = ladder.names[others[0]]
            m = max(players, n_h2h // players * players)
            share, (lo, hi), played = head_to_head(
                game, bots[strong], bots[best], players=players, games=m, seed=args.seed + 1,
                workers=args.workers, variant=variant,
            )  # fmt: skip
            fair = 1 / players
            print(
                f"head to head: {strong} against {players - 1} x {best}: wins {share:.3f} of "
                f"{played} games (95% interval {lo:.3f}-{hi:.3f}); a fair share is {fair:.3f}, "
                f"margin {share - fair:+.3f}"
            )
            print(f"({time.perf_counter() - t:.0f} s; load average {load()})\n", flush=True)
            verdicts.append((f"{game} {ladder.variant}", players, above, share - fair, lo > fair))
    print(
        "strong bot's interval above every other bot's (read by wins; by places), "
        "and head-to-head margin:"
    )
    for game, players, (wins, places), margin, significant in verdicts:
        print(
            f"  {game} {players}p: {'yes' if wins else 'NO'}; {'yes' if places else 'NO'}; "
            f"margin {margin:+.3f}{'' if significant else ' (not significant)'}"
        )
    return 0


if __name__ == "__main__":
    kaskaria.load("dragon-battle")  # (imports the engines before the workers start)
    sys.exit(main())
