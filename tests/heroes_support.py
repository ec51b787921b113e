"""Helpers for the Heroes of Kaskaria tests: set-ups written as action lines, positions set up
from what matters (kaskaria's setup), playouts."""

from __future__ import annotations

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


def state_at(game, **what: Any):
    """A position set up from what matters (``game.setup``'s words: ``hands``, ``display``,
    ``griffins``, ``gold``, ``waterfall``, ``to_move``, ...): every card not placed elsewhere
    lies in the draw pile, the waterfall at its bottom unless said."""
    return game.setup(**what)


def position(game, **what: Any) -> dict[str, Any]:
    """The same position as ``to_dict()`` writes it (for tests that change a field)."""
    return state_at(game, **what).to_dict()


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
