"""Bots choose from what their seat can see, never from the full state.

For every registered game and every bot it has (with its default parameters and each seat-menu
preset), states from seeded games are paired with a twin that differs only in what the seat to
move cannot see (``state.resample_hidden(seat, rng)``); the bot, given the same random numbers,
must make the same choice on both.
"""

from __future__ import annotations

import numpy as np
import pytest

import kaskaria
from kaskaria import CHANCE, TERMINAL
from kaskaria.bots import available_bots, bot_spec, make_bot

#: (game, options) pairs whose hidden information the twins exercise
SETUPS = {
    "dragon-battle": {"players": 3, "variant": "memory"},
}


def _setup(name: str) -> dict:
    gt = kaskaria.core.game_class(name).game_type
    return SETUPS.get(name, {"players": min(3, gt.max_players), "variant": gt.variants[0]})


def _bots(name: str):
    for bot_name in available_bots(name):
        spec = bot_spec(name, bot_name)
        if not set(spec.params) - set(spec.defaults):
            yield bot_name, make_bot(name, bot_name)
        for preset, params in spec.presets.items():
            yield preset, spec.make(**params)


CASES = [(name, label, bot) for name in kaskaria.available_games() for label, bot in _bots(name)]


def decision_states(name: str, games: int = 6, seed: int = 3):
    """Decision states of seeded games with random play (many moments of many games)."""
    game = kaskaria.load(name, **_setup(name))
    bot = make_bot(name, "random")
    for i in range(games):
        rng = np.random.default_rng([seed, i])
        state = game.new_state()
        while state.current_player() != TERMINAL:
            if state.current_player() == CHANCE:
                state = state.apply(state.sample_chance(rng))
                continue
            yield state
            state = state.apply(bot.choose(state, rng))


@pytest.mark.parametrize(("name", "label", "bot"), CASES, ids=[f"{n}-{lab}" for n, lab, _ in CASES])
def test_a_bot_cannot_tell_twins_apart(name, label, bot):
    rng = np.random.default_rng(11)
    pairs = differing = 0
    for k, state in enumerate(decision_states(name)):
        seat = state.current_player()
        twin = state.resample_hidden(seat, rng)
        assert twin.observation(seat) == state.observation(seat)
        a = bot.choose(state, np.random.default_rng([k, 1]))
        b = bot.choose(twin, np.random.default_rng([k, 1]))
        assert a == b, f"{label} chose {a} but {b} on a twin differing only in hidden things"
        pairs += 1
        differing += twin != state
    assert pairs > 50
    game = kaskaria.load(name, **_setup(name))
    if game.describe().information == "imperfect":
        assert differing > 10, "the twins never differed: this test would not notice a peeking bot"


def test_a_peeking_bot_is_caught():
    """The check above notices a bot that reads the state itself."""

    class Peeker(kaskaria.bots.Bot):
        name = "peeker"

        def choose(self, state, rng):  # reads the hidden residents directly
            legal = state.legal_actions()
            hidden = sum(len(n) for n in state.under if n) if hasattr(state, "under") else 0
            return legal[hidden % len(legal)]

    rng = np.random.default_rng(1)
    caught = False
    for state in decision_states("dragon-battle"):
        twin = state.resample_hidden(state.current_player(), rng)
        if Peeker().choose(state, rng) != Peeker().choose(twin, rng):
            caught = True
            break
    assert caught
