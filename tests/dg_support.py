"""Helpers for the Dragon's Gold tests: set up exact positions and play lines."""

from __future__ import annotations

import numpy as np

import kaskaria
from kaskaria.dragons_gold.rules import COLOURS

GAME = "dragons-gold"


def vec(**counts: int) -> list[int]:
    return [counts.get(c, 0) for c in COLOURS]


def load(players: int = 3, variant: str = "basic", **options):
    return kaskaria.load(GAME, players=players, variant=variant, **options)


def position(
    game,
    *,
    slots=(0, 1, 2, 3),
    treasure=None,
    screens=None,
    fighters=((), (), (), ()),
    turn=0,
    hands=None,
    down=(),
    out=None,
    gone=(),
    drawn=0,
    market=0,
    bag=None,
    phase="turn",
    known=None,
):
    """A position where ``turn`` is to send an adventurer. ``fighters``: per place a list of
    ``(seat, adventurer index)``; ``down``: ``(seat, adventurer)`` lying face down; ``bag``: the
    bag (default: every token not placed elsewhere); tokens left over go out of the game;
    ``known``: ``{(seat, player): counts}`` that ``seat`` is sure of behind ``player``'s screen
    (seat ``players`` is the whole table)."""
    P = game.players
    data = game.new_state().to_dict()
    treasure = [list(t) for t in (treasure or [vec()] * 4)]
    screens = [list(s) for s in (screens or [vec()] * P)]
    out = list(out or vec())
    advs = [[-1] * 4 for _ in range(P)]
    codes = []
    for place, fs in enumerate(fighters):
        row = []
        for p, a in fs:
            advs[p][a] = place
            row.append(4 * p + a)
        codes.append(row)
    for p, a in down:
        advs[p][a] = -2
    placed = [sum(x) for x in zip(*treasure, *screens, out, strict=True)]
    free = [t - u for t, u in zip(game.tokens, placed, strict=True)]
    if bag is None:
        bag = free
    else:
        out = [o + f - b for o, f, b in zip(out, free, bag, strict=True)]
    hands = [list(h) for h in (hands or [[0] * game.nk] * P)]
    in_hands = [sum(x) for x in zip(*hands, strict=True)]
    deck_items = [c - h for c, h in zip(game.item_counts, in_hands, strict=True)]
    data.update(
        phase=phase,
        turn=turn,
        slots=list(slots),
        treasure=treasure,
        fighters=codes,
        advs=advs,
        deck=sorted(set(range(len(game.cards))) - {s for s in slots if s >= 0} - set(gone)),
        gone=sorted(gone),
        drawn=drawn,
        market=market,
        bag=list(bag),
        out=out,
        screens=screens,
        known=[[list((known or {}).get((s, p), [0] * 9)) for p in range(P)] for s in range(P + 1)],
        hands=hands,
        item_deck=deck_items if game.use_items else [0] * game.nk,
        discard=[0] * game.nk if game.use_items else list(game.item_counts),
        target=-1,
        pending=0,
        items_due=[],
        resume="",
    )
    return game.state_from_dict(data)


def play(state, lines):
    for line in lines:
        state = state.apply(line)
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
