"""Helpers for the Heroes of Kaskaria tests: set-ups written as action lines, positions built
card by card, playouts."""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np

import kaskaria
from kaskaria import CHANCE

GAME = "heroes"


def load(players: int = 2, variant: str = "basic", **options: Any):
    return kaskaria.load(GAME, players=players, variant=variant, **options)


def set_up_lines(game, hands, display, below: int | None = None) -> list[str]:
    """The set-up as action lines: the cards dealt one at a time from the first player on
    (``hands[seat]`` in order), the display laid out, the waterfall put in below ``below`` cards
    (default: the fewest the bottom half allows)."""
    lines = []
    players = game.players
    for i in range(game.start_hand):
        for j in range(players):
            seat = (game.first_player + j) % players
            lines.append(f"reveal {hands[seat][i]}")
    lines += [f"reveal {card}" for card in display]
    pile = game.cards - players * game.start_hand - len(display)
    if below is None:
        below = game.waterfall_floor(pile)
    lines.append(f"waterfall below {below}")
    return lines


def play(state, lines):
    for line in lines:
        state = state.apply(line)
    return state


def set_up(game, hands, display, below=None):
    return play(game.new_state(), set_up_lines(game, hands, display, below))


def position(game, **fields: Any) -> dict[str, Any]:
    """A position as ``to_dict()`` writes it: the given fields, sensible defaults for the rest,
    and every card not placed elsewhere in the draw pile (the waterfall below ``above`` cards,
    default: on the bottom)."""
    players = game.players
    data: dict[str, Any] = {
        "phase": "turn",
        "player": 0,
        "hands": [[] for _ in range(players)],
        "known": [[] for _ in range(players)],
        "display": [None] * game.display_size,
        "discard": [],
        "played": [],
        "draws_left": 0,
        "resume": "",
        "griffins": [0] * players,
        "runners": [0] * players,
        "gold": [0] * players,
        "stand_ins": [0] * players,
        "amulet": -1,
        "turns": 0,
        "wf_lo": 0,
    }
    data.update(fields)
    used = Counter()
    for hand in data["hands"]:
        used.update(hand)
    used.update(c for c in data["display"] if c is not None)
    used.update(data["discard"])
    used.update(data["played"])
    pile = []
    for k, name in enumerate(game.kind_names):
        left = game.deck[k] - used[name]
        assert left >= 0, f"too many {name} cards"
        pile += [name] * left
    data.setdefault("pile", pile)
    data.setdefault("above", len(data["pile"]))
    data.setdefault("supply", game.gold_supply - sum(data["gold"]))
    return data


def state_at(game, **fields: Any):
    return game.state_from_dict(position(game, **fields))


def playout(state, rng, bots=None):
    """Play ``state`` to the end with random choices (or ``bots``); yield every state."""
    yield state
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
        elif bots is None:
            legal = state.legal_actions()
            action = legal[int(rng.integers(len(legal)))]
        else:
            action = bots[state.current_player()].choose(state, rng)
        state = state.apply(action)
        yield state


def random_states(game, games: int, seed: int = 0):
    """Every state of ``games`` random games."""
    rng = np.random.default_rng(seed)
    for _ in range(games):
        yield from playout(game.new_state(), rng)


def texts(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]
