"""Fast, honest simulation of Dragon Battle turns and whole games with numpy (the turns in
:mod:`.turn_sim`, whole games in :mod:`.game_sim`).

A turn policy (see :func:`kaskaria.dragon_battle.odds.make_policy`) decides from the dragons
scared, the dice in hand and the faces rolled; that is a small state space, so the whole policy
becomes lookup tables. States are coded in one byte: 0 is a failed turn, 1-15 a turn that ended
with the dragons of that mask scared (yellow 1, red 2, blue 4, purple 8), and ``16 + 4 * mask +
hand - 1`` a turn about to roll ``hand`` dice with ``mask`` scared.

Deterministic policies (all but ``"random"``) use ONE random draw per turn: an integer ``u``
uniform in ``[0, 6**10)``, which is exactly the ordered faces of up to four rolls of 4, 3, 2 and 1
dice (a turn never rolls more: each roll that does not fail sets at least one die aside). Its
base-6 digits are the dice: ``u % 6**4`` is the first roll, the next ``6**3`` the second (of
which ``x % 6**h`` is a roll of ``h <= 3`` dice), and so on. Two tables do the rest: the first two
rolls from the start (``6**7`` entries) and the last two from any state (``80 * 6**3`` entries).

The ``"random"`` policy also draws its choices; it uses one draw per roll from the exact
next-state distribution of each state (a cumulative table searched with ``searchsorted``).

Whole games: :func:`simulate_games` plays many complete games at once (residents, refills,
jugglers, the end, scores and tie-breaks of the game's rules table and variant), each seat with a
fixed turn policy, and :func:`simulate_tournament` gives the same
:class:`~kaskaria.tournament.TournamentResult` as :func:`~kaskaria.tournament.play_tournament`.
"""

from __future__ import annotations

# The simulators live in two modules of their own, one per job: turns (turn_sim.py) and whole
# games (game_sim.py). This module gathers their names (the helpers too, as before).
from .game_sim import _OPT_ACTIONS as _OPT_ACTIONS
from .game_sim import GameSample, simulate_games, simulate_tournament
from .game_sim import _legal_placements as _legal_placements
from .game_sim import _optimal_table as _optimal_table
from .game_sim import _optimal_tables as _optimal_tables
from .game_sim import _place as _place
from .game_sim import _roll_counts as _roll_counts
from .game_sim import _rolls_on as _rolls_on
from .game_sim import _Seat as _Seat
from .game_sim import _View as _View
from .turn_sim import CHUNK as CHUNK
from .turn_sim import TURN_DRAWS as TURN_DRAWS
from .turn_sim import TurnSample, draw_turn_dice, simulate_turns, transition_table
from .turn_sim import _chain_tables as _chain_tables
from .turn_sim import _simulate_chain as _simulate_chain
from .turn_sim import _turn_tables as _turn_tables

__all__ = [
    "GameSample",
    "TurnSample",
    "draw_turn_dice",
    "simulate_games",
    "simulate_tournament",
    "simulate_turns",
    "transition_table",
]
