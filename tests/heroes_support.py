"""Helpers for the Heroes of Kaskaria tests: set-ups written as action lines, positions set up
from what matters (kaskaria's setup), playouts."""

from __future__ import annotations

from functools import cache
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


#: Heroes positions with big hands, as a child meets them mid-game: nine cards (four sets of two
#: cards of different motifs, so four long "… ausspielen" moves, and four ways to draw), ten
#: cards (a full hand: five sets; or six groups, three rows of cards) and a draw-two choice with
#: nine cards
BIG_HANDS = {
    "nine cards": {
        "hands": {
            0: "orange runner, orange plus2, yellow runner, yellow plus2, red runner,"
            " red griffin, blue gold, blue runner, green griffin"
        }
    },
    "ten cards": {
        "hands": {
            0: "orange runner, orange plus2, yellow runner, yellow plus2, red runner,"
            " red griffin, blue gold, blue runner, green griffin, green gold"
        }
    },
    "ten cards in six groups": {
        "hands": {
            0: "blue plus2, red runner, green griffin, green gold, green plus2, yellow gold,"
            " black griffin, black runner, black runner, black gold"
        },
        # taken from the display: everyone knows them, and the player cards list them
        "known": {
            0: "blue plus2, green griffin, green gold, yellow gold, black griffin,"
            " black runner, black runner, black gold"
        },
    },
    "draw two with nine cards in six groups": {
        "hands": {
            0: "blue plus2, red runner, green griffin, green gold, yellow gold,"
            " black griffin, black runner, black runner, black gold"
        },
        "played": "white plus2, white runner",
        "draws_left": 2,
    },
    "draw two with nine cards": {
        "hands": {
            0: "orange runner, orange gold, yellow runner, yellow gold, red runner,"
            " red griffin, blue gold, blue runner, green griffin"
        },
        "played": "white plus2, white runner",
        "draws_left": 2,
    },
}


#: the bots whose seeded games big_hands_from_play collects from: every Heroes bot but the
#: planner (its look-ahead makes a game several times slower); the hoarder keeps cards, so its
#: seat reaches full hands, as a child who waits for sets does
PLAYING_BOTS = ("random", "greedy", "racer", "hoarder", "odds")


@cache
def decisions_of_seat_0(
    games: int = 20, players: int = 3
) -> tuple[tuple[kaskaria.Match, int], ...]:
    """Play ``games`` whole seeded games (game ``g`` with seed ``g``, the bots of PLAYING_BOTS
    taking turns at the seats, chance from each match's seed) and return every position where
    seat 0 (the child's seat in the play apps) decides: the match and the number of its
    actions up to that position (kept for the session: about 2 s for 20 games)."""
    from kaskaria.bots import make_bot

    game = load(players)
    rng = np.random.default_rng(0)
    found = []
    for g in range(games):
        bots = [make_bot(GAME, PLAYING_BOTS[(g + s) % len(PLAYING_BOTS)]) for s in range(players)]
        match = kaskaria.Match(game, seed=g)
        match.resolve_chance()
        while not match.state.is_terminal():
            seat = match.state.current_player()
            if seat == 0:
                found.append((match, len(match)))
            match.play(bots[seat].choose(match.state, rng))
    return tuple(found)


def big_hands_from_play(games: int = 20) -> dict[str, kaskaria.Match]:
    """The positions of seat 0 with the biggest hands in ``games`` played games (see
    decisions_of_seat_0), each a match of the real game up to that position: the most cards in
    hand (then the most moves), the most moves (then the most cards), and the draw-two choice
    with the most cards (then the most moves)."""

    def size(pick: tuple[kaskaria.Match, int]) -> tuple[int, int]:
        state = pick[0].at(pick[1])
        return len(state.hands[0]), len(state.legal_actions())

    found = decisions_of_seat_0(games)
    choices = [p for p in found if p[0].at(p[1]).phase == "choose"]
    picks = {
        "most cards": max(found, key=size),
        "most moves": max(found, key=lambda p: size(p)[::-1]),
        "draw two, most cards": max(choices, key=size),
    }
    return {
        name: kaskaria.Match(match.game, seed=match.seed, actions=match.actions[:ply])
        for name, (match, ply) in picks.items()
    }
