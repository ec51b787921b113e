"""Helpers for the Dragon's Gold tests: positions set up from what matters (kaskaria's setup),
action lines played on them, random playouts."""

from __future__ import annotations

from typing import Any

import numpy as np

import kaskaria
from kaskaria.dragons_gold.rules import COLOURS

GAME = "dragons-gold"


def vec(**counts: int) -> list[int]:
    return [counts.get(c, 0) for c in COLOURS]


def load(players: int = 3, variant: str = "basic", **options):
    return kaskaria.load(GAME, players=players, variant=variant, **options)


def nobody_sure(game) -> dict[tuple[Any, int], str]:
    """``sure`` for ``game.setup`` where no seat (and not the table) is sure of anything behind
    another's screen, as if every screen had been filled out of sight (merge exceptions in:
    ``nobody_sure(game) | {(0, 1): "3 blue"}``)."""
    P = game.players
    return {(s, p): "-" for s in [*range(P), "table"] for p in range(P) if s != p}


def play(state, lines):
    for line in lines:
        state = state.apply(line)
    return state


def killed_together(game, treasure: str):
    """Seat 0's small knight waits at dragon 1 (``treasure`` on it, the bag all gold); seat 1
    sends its big knight there, kills it, and the magic items' tokens are drawn: the split
    begins, seat 1 to divide."""
    state = game.setup(
        dragons=[{"card": 0, "treasure": treasure, "attackers": [(0, "small-knight")]}],
        to_move=1,
        bag="10 gold",
        sure=nobody_sure(game),
    )
    state = state.apply("send big-knight to dragon 1")
    while state.phase == "token":
        state = state.apply(state.legal_actions()[0])
    return state


def random_states(game, games=5, seed=0):
    for i in range(games):
        rng = np.random.default_rng([seed, i])
        state = game.new_state()
        yield state
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                action = legal[int(rng.integers(len(legal)))]
            state = state.apply(action)
            yield state


def market_open(game, screens, sure=None):
    """Seat 0's small knight fights dragon 1 (strength 6, hidden 2) and six replacement dragons
    came out: seat 0's big knight kills it alone (taking 2 silver openly), the seventh dragon
    comes out and the market opens with seat 0 first. Nobody is sure of what lay behind another's
    screen before (except ``sure``)."""
    state = game.setup(
        dragons=[{"card": 0, "attackers": [(0, "small-knight")]}],
        screens=screens,
        gone=[10, 11, 12, 13, 14, 15],
        bag="30 silver",
        sure=nobody_sure(game) | (sure or {}),
    )
    assert state.drawn == 6
    state = play(state, ["send big-knight to dragon 1", "token silver", "token silver"])
    assert state.phase == "card"
    state = state.apply(state.legal_actions()[0])
    while state.phase == "token":
        state = state.apply("token silver")
    assert state.phase == "market" and state.current_player() == 0
    return state


def table_played_until(until, *, players: int = 3, lang: str = "en", seed: int = 1):
    """A Dragon's Gold table (Player 1 a person, the others easy bots), played by random moves
    of the person (seeded) and the bots' and chance's steps, until ``until(view)`` holds (None if
    the game ends first)."""
    import random

    from kaskaria.widgets import DragonsGoldTable

    seats = ("human",) + ("easy",) * (players - 1)
    table = DragonsGoldTable(players=players, seats=seats, seed=seed, lang=lang, autoplay=None)
    rng = random.Random(seed)
    for _ in range(2000):  # a game of easy bots ends in about 200 steps
        view = table.view
        if until(view):
            return table
        if view["turn"]["to_move"] == "over":
            return None
        moves = view["moves"]["actions"]
        if view["turn"]["to_move"] == "human" and moves:
            send = {"type": "action", "action": rng.choice(moves)["action"]}
        else:
            send = {"type": "next"}
        table.session.handle({**send, "version": view["version"]})
    raise AssertionError(f"no end after 2000 steps (seed {seed})")


def screen_gain(obs, seat, changes):
    """What ``changes`` (seat -> 9 counts added to its screen) add to ``seat``'s score, the
    screens as the observation ``obs`` sees them: worked out afresh from the scoring."""
    from kaskaria.dragons_gold.bots import holdings_of
    from kaskaria.dragons_gold.scoring import score_table

    advanced = obs["variant"].startswith("advanced")
    holdings = [list(h) for h in holdings_of(obs)]
    before = score_table(holdings, advanced)[seat]
    for p, add in changes.items():
        holdings[p] = [h + a for h, a in zip(holdings[p], add, strict=True)]
    return score_table(holdings, advanced)[seat] - before


def foreseen(obs, piles, owners, order):
    """Divide and choose worked out afresh: who ends with each pile (``owners``: -1 free) if each
    chooser of ``order`` takes the free pile adding most to its score (ties: the lowest), the
    divider the last; every score afterwards; and the seat's score less the mean of the others'.
    Piles are 9 counts or colour dicts."""
    from fractions import Fraction

    from kaskaria.dragons_gold.bots import holdings_of
    from kaskaria.dragons_gold.scoring import score_table

    sp = obs["split"]
    piles = [[p.get(c, 0) for c in COLOURS] if isinstance(p, dict) else list(p) for p in piles]
    owners = list(owners)
    for p in order:
        free = [j for j, o in enumerate(owners) if o < 0]
        owners[max(free, key=lambda j: (screen_gain(obs, p, {p: piles[j]}), -j))] = p
    owners = [sp["proposer"] if o < 0 else o for o in owners]
    holdings = [list(h) for h in holdings_of(obs)]
    for pile, p in zip(piles, owners, strict=True):
        holdings[p] = [h + a for h, a in zip(holdings[p], pile, strict=True)]
    scores = score_table(holdings, obs["variant"].startswith("advanced"))
    seat = obs["viewer"]
    others = [x for q, x in enumerate(scores) if q != seat]
    return tuple(owners), tuple(scores), scores[seat] - Fraction(sum(others), len(others))
