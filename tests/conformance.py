"""A conformance suite that every Kaskaria game must pass.

It plays many seeded random games (uniformly random decisions, chance picked with its exact odds)
and checks the engine contract. A *fully checked* game checks everything below at every step; the
long runs fully check one game in ``full_every`` and, in the games between, check the invariants
marked (every step) at every step and everything at every ``light_every``-th step:

- (every step) ``current_player()`` is a seat, ``CHANCE`` or ``TERMINAL``; the game ends in
  bounded time; ``returns()`` and ``winners()`` agree with it;
- (every step) ``legal_actions()`` is a sorted tuple of distinct actions, the same on every call,
  and empty exactly at the end; it is the same on a rebuilt copy;
- (every step) at a chance point the outcomes are the legal actions, each with a positive
  ``Fraction``, and they sum to exactly 1; the pick made with a seeded generator is one of them;
- ``apply`` returns a new state (every step) and never changes its input (``to_dict()`` and
  ``hash`` are compared before and after); applying the action's text gives the same state;
- (every action) ``str(action)`` parses back to the same action;
- an action that is not legal raises ``IllegalActionError`` and changes nothing;
- the state survives ``to_dict()`` -> ``from_dict`` unchanged at every step (and through JSON
  text at regular steps);
- (every step) every component is somewhere exactly once: ``state.components()`` counts exactly
  what the game's rules table says it has (``game.components()``);
- what a seat may see (``observation``) never changes when the hidden parts are re-dealt
  (``state.resample_hidden(seat, rng)``), and the re-dealt state is a legal position;
- at the end of a fully checked game, and at random midpoints, the game saved as a ``Match``
  (JSON) loads back and replays to the very same states, so the same actions always give the same
  game; a match whose chance came from its seed loads as *fair*, one with other chance results as
  *staged*; and a whole run is reproducible from its seed.

Every game in the registry (``kaskaria.available_games()``) is in :data:`ENTRIES`, with its player
counts and variants from its ``GameType`` and its component counts from its rules table: a game
cannot register without joining the suite.

A run also records what it reached (:func:`coverage_items`): every move from phase to phase by verb,
every kind of action, every seat that won, every number of winners. ``make soak`` plays
SOAK_GAMES games per player count and variant; ``make test`` fully checks the first QUICK_GAMES of
them and a few more chosen so that together they reach everything the soak's games reach (the
plan, ``conformance_plan.json``, written by ``python tests/conformance.py``, which is
``make conformance-plan``).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

import kaskaria
from kaskaria import CHANCE, TERMINAL, Action, Game, IllegalActionError, Match
from kaskaria.core import game_class

__all__ = [
    "ENTRIES",
    "Entry",
    "FULL_EVERY",
    "FULL_GAMES",
    "LIGHT_EVERY",
    "Report",
    "check_components",
    "check_dragon_battle_components",
    "run_conformance",
]


@dataclass(frozen=True)
class Entry:
    """How the suite drives one game."""

    name: str
    players: tuple[int, ...]
    variants: tuple[str, ...]
    #: rebuild a state from ``state.to_dict()`` output: ``state_from_dict(game, data)``
    state_from_dict: Callable[[Game, Any], Any]
    #: raise AssertionError unless every component of ``state`` is somewhere exactly once
    check_components: Callable[[Any], None]
    #: random games per (players, variant) combination in the full suite
    games: int = 1000
    #: in the full suite, one game in ``full_every`` is checked fully at every step
    full_every: int = 1
    #: upper bound on the actions of one game (a guard against games that never end)
    max_steps: int = 10_000


@dataclass
class Report:
    """What a conformance run saw (so a test can check that the run was not vacuous)."""

    games: int = 0
    steps: int = 0
    decisions: int = 0
    chance_events: int = 0
    illegal_probes: int = 0
    json_round_trips: int = 0
    match_round_trips: int = 0
    longest_game: int = 0
    wins: Counter = field(default_factory=Counter)
    shared_wins: int = 0
    verbs: Counter = field(default_factory=Counter)
    staged_matches: int = 0
    fair_games: int = 0
    hidden_checks: int = 0
    hidden_changed: int = 0
    #: games checked fully at every step, and steps checked fully
    full_games: int = 0
    full_steps: int = 0
    #: how often each move between phases was made: ``(phase, verb, next phase)``
    moves: Counter = field(default_factory=Counter)
    #: how often each kind of action was taken: its verb and first word (:func:`action_kind`)
    kinds: Counter = field(default_factory=Counter)
    #: games by their number of winners (more than one: a shared win)
    winner_counts: Counter = field(default_factory=Counter)

    def reached(self) -> frozenset[str]:
        """What the run reached, in the words of :func:`coverage_items` (the plan's terms)."""
        return coverage_items(self.moves, self.kinds, self.wins, self.winner_counts)


# ---------------------------------------------------------------------------------------------
# Per-game hooks, all from the registry
# ---------------------------------------------------------------------------------------------
_EXPECTED: dict[int, tuple[Game, dict[str, int]]] = {}


def _expected_components(game: Game) -> dict[str, int]:
    """``game.components()``, asked once per game (the game is immutable)."""
    found = _EXPECTED.get(id(game))
    if found is None or found[0] is not game:
        if len(_EXPECTED) > 100:
            _EXPECTED.clear()
        found = _EXPECTED[id(game)] = (game, dict(game.components()))
    return found[1]


def check_components(state: Any) -> None:
    """Every component counted where the rules table says: ``state.components()`` must equal
    ``state.game.components()`` key by key."""
    expected = _expected_components(state.game)
    counted = state.components()
    if counted == expected and expected:  # the common case: one comparison of dicts, in C
        return
    assert expected, f"{state.game.name} declares no components"
    assert set(counted) == set(expected), f"components {sorted(counted)} != {sorted(expected)}"
    for key, want in expected.items():
        got = counted[key]
        assert got == want, f"{got} {key} counted, expected {want}"


def check_dragon_battle_components(state: Any) -> None:
    """Dragon Battle's counts (kept under its old name): residents, jugglers, dice."""
    check_components(state)


def _state_from_dict(game: Game, data: Any) -> Any:
    return game.state_from_dict(data)


#: The full runs play FULL_GAMES games per player count and variant and check every invariant at
#: every step of one game in FULL_EVERY (the others: the every-step invariants, and everything at
#: every LIGHT_EVERY-th step). A game of Heroes of Kaskaria is two to four times as long as one of
#: Dragon Battle, one of Dragon's Gold four to five times, over 16 player counts and variants.
FULL_GAMES = 1000
FULL_EVERY = {"dragon-battle": 1, "heroes": 10, "dragons-gold": 10}
LIGHT_EVERY = 50


def _entry(name: str) -> Entry:
    gt = game_class(name).game_type
    return Entry(
        name=name,
        players=tuple(range(gt.min_players, gt.max_players + 1)),
        variants=gt.variants,
        state_from_dict=_state_from_dict,
        check_components=check_components,
        games=FULL_GAMES,
        full_every=FULL_EVERY.get(name, 1),
        max_steps=gt.max_actions,
    )


ENTRIES: dict[str, Entry] = {name: _entry(name) for name in kaskaria.available_games()}


# ---------------------------------------------------------------------------------------------
# The games played: the same with or without the checks
# ---------------------------------------------------------------------------------------------
def _rngs(seed: int, index: int) -> tuple[np.random.Generator, bool]:
    """Game ``index``'s decisions generator, and whether its chance is drawn as a ``Match``
    seeded with ``index`` would draw it (every other game: it must then load back as *fair*)."""
    return np.random.default_rng([seed, index]), index % 2 == 1


def _decide(state: Any, rng: np.random.Generator, fair: bool, index: int, step: int) -> Action:
    """The action taken at ``step`` of game ``index``: a uniformly random decision, or chance
    picked with its exact odds."""
    if state.current_player() == CHANCE:
        return state.sample_chance(np.random.default_rng([index, step]) if fair else rng)
    legal = state.legal_actions()
    return legal[int(rng.integers(len(legal)))]


def _phase(state: Any) -> str:
    return str(getattr(state, "phase", "-"))


def action_kind(action: Action) -> str:
    """An action's verb and its first word unless that is a number: ``send wizard`` for ``send
    wizard to dragon 3``, ``stolen black`` (the cursed diamond), ``play swap-shares``, ``place
    silver``, ``draw king``; seats and places do not count."""
    args = action.args
    if args and not args[0].isdigit():
        return f"{action.verb} {args[0]}"
    return action.verb


def coverage_items(moves: Any, kinds: Any, wins: Any, winner_counts: Any) -> frozenset[str]:
    """What a run reached, as plain words: every move between phases (``"turn -send-> card"``,
    so every phase and verb, and every way to end, ``"... -> over"``), every kind of action
    (``"action stolen black"``, :func:`action_kind`), every seat that won (``"seat 2 wins"``) and
    every number of winners (``"2 winners"``, a shared win)."""
    return frozenset(
        [f"{a} -{v}-> {b}" for a, v, b in moves]
        + [f"action {k}" for k in kinds]
        + [f"seat {p} wins" for p in wins]
        + [f"{k} winners" for k in winner_counts]
    )


def play_plain(game: Game, seed: int, index: int, max_steps: int) -> tuple[int, frozenset[str]]:
    """Play game ``index`` of a run with ``seed`` exactly as the checked runs play it, but without
    the checks: return its length and what it reached (:func:`coverage_items`)."""
    rng, fair = _rngs(seed, index)
    state = game.new_state()
    moves: set[tuple[str, str, str]] = set()
    kinds: set[str] = set()
    step = 0
    while state.current_player() != TERMINAL:
        action = _decide(state, rng, fair, index, step)
        after = state.apply(action)
        moves.add((_phase(state), action.verb, _phase(after)))
        kinds.add(action_kind(action))
        state = after
        step += 1
        if step > max_steps:
            raise AssertionError(f"{game!r}, seed {seed}, game {index}: no end in {step} actions")
    winners = state.winners()
    return step, coverage_items(moves, kinds, winners, (len(winners),))


# ---------------------------------------------------------------------------------------------
# The checks
# ---------------------------------------------------------------------------------------------
class _Checker:
    def __init__(
        self,
        game: Game,
        entry: Entry,
        seed: int,
        json_every: int,
        probe_every: int,
        midpoint_every: int,
        full_every: int = 1,
        light_every: int = LIGHT_EVERY,
    ):
        self.game = game
        self.entry = entry
        self.seed = seed
        self.json_every = json_every
        self.probe_every = probe_every
        self.midpoint_every = midpoint_every
        self.full_every = full_every
        self.light_every = light_every
        self.report = Report()
        self.pool: list[Action] = []  # well-formed actions seen so far (for illegal probes)
        self.pool_set: set[Action] = set()
        self.parsed: set[Action] = set()  # actions whose text round trip is already checked
        # id -> immutable tuple already checked (kept alive, so its id cannot be reused)
        self.checked: dict[int, tuple] = {}
        self.sets: dict[int, tuple[tuple, frozenset]] = {}

    def as_set(self, legal: tuple) -> frozenset:
        """``frozenset(legal)``, kept for shared tuples (the outcomes of a roll)."""
        if len(legal) < 30:
            return frozenset(legal)
        found = self.sets.get(id(legal))
        if found is None or found[0] is not legal:
            if len(self.sets) > 2000:
                self.sets.clear()
            found = self.sets[id(legal)] = (legal, frozenset(legal))
        return found[1]

    def remember(self, checked: tuple) -> None:
        if len(self.checked) > 2000:
            self.checked.clear()
        self.checked[id(checked)] = checked

    # -- one state ---------------------------------------------------------------------------
    def check_state(self, state: Any, step: int, deep: bool = True) -> dict | None:
        """Check ``state``; return its ``to_dict()`` (``None`` unless ``deep``: then only the
        every-step invariants are checked)."""
        players = self.game.players
        who = state.current_player()
        assert who in (CHANCE, TERMINAL) or who in range(players), f"current_player {who!r}"
        assert state.is_terminal() == (who == TERMINAL)

        legal = state.legal_actions()
        if self.checked.get(id(legal)) is not legal:  # a shared tuple is checked once
            assert legal.__class__ is tuple, f"legal actions {legal!r} are not a tuple"
            assert all(a.__class__ is Action for a in legal), f"not all Actions: {legal}"
            # Actions order as (verb, words) tuples; the tuples are compared in C
            keys = [(a.verb, a.args) for a in legal]
            assert keys == sorted(keys), f"legal actions not sorted: {legal}"
            assert len(set(keys)) == len(keys), f"duplicate legal actions: {legal}"
            self.remember(legal)
        assert state.legal_actions() == legal, "legal actions changed between calls"
        assert (len(legal) == 0) == (who == TERMINAL), f"{who!r} with legal actions {legal}"

        data = None
        if deep:
            data = state.to_dict()
            copy = self.entry.state_from_dict(self.game, data)
            assert copy == state and hash(copy) == hash(state), "from_dict(to_dict()) differs"
            assert copy.legal_actions() == legal, "a rebuilt state has other legal actions"
            assert copy.current_player() == who
            if step % self.json_every == 0:
                loaded = json.loads(json.dumps(data))
                assert loaded == data, "to_dict() is not plain JSON"
                assert self.entry.state_from_dict(self.game, loaded) == state
                self.report.json_round_trips += 1
            self.report.full_steps += 1

        self.entry.check_components(state)

        returns = state.returns()
        assert len(returns) == players
        if who == TERMINAL:
            winners = state.winners()
            assert winners and set(winners) <= set(range(players)), winners
            assert list(winners) == sorted(winners)
            assert returns == tuple(1.0 if p in winners else -1.0 for p in range(players))
        else:
            assert state.winners() == ()
            assert all(r == 0 for r in returns)

        if who == CHANCE:
            outcomes = state.chance_outcomes()
            if self.checked.get(id(outcomes)) is not outcomes:  # a shared tuple is checked once
                assert tuple(a for a, _ in outcomes) == legal, "outcomes differ from legal"
                # a Fraction's denominator is positive: p > 0 exactly when its numerator is
                assert all(p.__class__ is Fraction and p.numerator > 0 for _, p in outcomes)
                # exact sum with integers: sum of p * L over a common denominator L is L
                common = math.lcm(*(p.denominator for _, p in outcomes))
                total = sum(p.numerator * (common // p.denominator) for _, p in outcomes)
                assert total == common, "chance outcomes do not sum to exactly 1"
                self.remember(outcomes)
        elif deep and step % self.probe_every == 0:
            try:
                state.chance_outcomes()
            except ValueError:
                pass
            else:
                raise AssertionError("chance_outcomes() answered at a non-chance state")
        return data

    def choose(
        self, state: Any, rng: np.random.Generator, fair: bool, index: int, step: int
    ) -> Action:
        action = _decide(state, rng, fair, index, step)
        if state.current_player() == CHANCE:
            assert action in self.as_set(state.legal_actions()), f"sampled {action} is no outcome"
            self.report.chance_events += 1
        else:
            self.report.decisions += 1
        if action not in self.parsed:
            assert state.parse_action(str(action)) == action, f"text of {action!r} fails"
            self.parsed.add(action)
        if action not in self.pool_set:
            self.pool_set.add(action)
            self.pool.append(action)
        return action

    def probe_illegal(self, state: Any, rng: np.random.Generator, before: dict) -> None:
        """Apply an action that is not legal now: it must fail and change nothing (``before`` is
        ``state.to_dict()``, made by the caller)."""
        legal = self.as_set(state.legal_actions())
        for _ in range(8):
            action = self.pool[int(rng.integers(len(self.pool)))]
            if action not in legal:
                break
        else:
            return
        h = hash(state)
        try:
            state.apply(action)
        except IllegalActionError as err:
            assert isinstance(err, ValueError)
            assert str(action) in str(err), f"message does not name the action: {err}"
        else:
            raise AssertionError(f"illegal {action} was accepted at {state!r}")
        assert state.to_dict() == before and hash(state) == h, "a failed action changed state"
        self.report.illegal_probes += 1

    # -- one game ----------------------------------------------------------------------------
    def play_one(self, index: int) -> None:
        # every other game draws its chance as a Match seeded with ``index`` would: it must load
        # back as fair
        rng, fair = _rngs(self.seed, index)
        # the checks draw from their own stream: the game played depends on (seed, index) only
        check_rng = np.random.default_rng([self.seed, index, 1])
        # a fully checked game, or one checked fully at every ``light_every``-th step only
        full = (index + 1) % self.full_every == 0
        state = self.game.new_state()
        states, actions = [state], []
        step = 0
        while True:
            deep = full or step % self.light_every == 0
            before = self.check_state(state, step, deep)
            if state.current_player() == TERMINAL:
                break
            if deep and step and step % (self.probe_every if full else 1) == 0:
                self.probe_illegal(state, check_rng, before)
                self.check_hidden(state, check_rng)
            action = self.choose(state, rng, fair, index, step)
            h = hash(state) if deep else 0
            after = state.apply(action)
            assert after is not state
            if deep:
                assert hash(state) == h and state.to_dict() == before, (
                    f"apply({action}) changed its input"
                )
                if step % self.json_every == 0:
                    assert state.apply(str(action)) == after, "text and Action apply differently"
            self.report.verbs[action.verb] += 1
            self.report.moves[_phase(state), action.verb, _phase(after)] += 1
            self.report.kinds[action_kind(action)] += 1
            actions.append(action)
            states.append(after)
            state = after
            step += 1
            assert step <= self.entry.max_steps, f"game did not end in {step} actions"
        self.report.steps += step
        self.report.longest_game = max(self.report.longest_game, step)
        winners = state.winners()
        self.report.wins.update(winners)
        self.report.winner_counts[len(winners)] += 1
        self.report.shared_wins += len(winners) > 1
        if not full:
            return
        self.report.full_games += 1
        # save/load as a Match at the end, and at a random midpoint of some games
        loaded = self.check_match(states, actions, len(actions), seed=index)
        if fair:
            assert loaded.fair, "a game whose chance came from its seed does not load as fair"
            self.report.fair_games += 1
        if index % self.midpoint_every == 0:
            ply = int(check_rng.integers(len(actions) + 1))
            self.check_match(states, actions, ply, seed=index)

    def check_match(self, states: list, actions: list[Action], ply: int, seed: int) -> Match:
        saved = Match(self.game, seed=seed).to_dict()
        saved["actions"] = [str(a) for a in actions[:ply]]
        text = json.dumps(saved)
        loaded = Match.from_json(text)
        assert loaded.game == self.game and loaded.seed == seed
        assert loaded.actions == actions[:ply]
        assert loaded.states == states[: ply + 1], "a loaded match replays differently"
        assert loaded.state == states[ply] and len(loaded) == ply
        # fair exactly when every chance result is the one the match's seed gives there
        staged = [
            i
            for i in range(ply)
            if states[i].current_player() == CHANCE
            and actions[i] != states[i].sample_chance(np.random.default_rng([seed, i]))
        ]
        assert list(loaded.staged_plies) == staged and loaded.fair == (not staged)
        expected = {**saved, "chance": "staged"} if staged else saved
        assert json.loads(loaded.to_json()) == expected
        self.report.match_round_trips += 1
        self.report.staged_matches += bool(staged)
        return loaded

    def check_hidden(self, state: Any, rng: np.random.Generator) -> None:
        """Re-dealing what a seat cannot see changes nothing it can see.

        In a game where a seat keeps cards private (``game.private_information``), what the
        player to move may do depends on its own hand, which is hidden from the other seats: the
        legal actions are then compared only when the re-dealing seat is the one to move (and
        that seat is checked too, besides the random one)."""
        players = self.game.players
        seat = int(rng.integers(players))
        private = getattr(self.game, "private_information", False)
        mover = state.current_player()
        seats = [seat]
        if private and mover >= 0 and mover != seat:
            seats.append(int(mover))
        for seat in seats:
            twin = state.resample_hidden(seat, rng)
            assert twin.observation(seat) == state.observation(seat), (
                "resample_hidden shows a seat more"
            )
            assert twin.current_player() == state.current_player()
            if not private or seat == mover:
                assert twin.legal_actions() == state.legal_actions() or mover in (CHANCE,), (
                    "resample_hidden changed what the player to move may do"
                )
            assert self.entry.state_from_dict(self.game, twin.to_dict()) == twin
            self.entry.check_components(twin)
            self.report.hidden_checks += 1
            self.report.hidden_changed += twin != state

    def run(self, games: Iterable[int]) -> Report:
        for index in games:
            try:
                self.play_one(index)
            except AssertionError as err:
                raise AssertionError(
                    f"{self.game!r}, conformance seed {self.seed}, game {index}: {err}"
                ) from err
            self.report.games += 1
        return self.report


def run_conformance(
    name: str,
    players: int,
    variant: str,
    games: int | None = None,
    seed: int = 0,
    *,
    options: Mapping[str, Any] | None = None,
    json_every: int = 10,
    probe_every: int = 6,
    midpoint_every: int = 4,
    full_every: int = 1,
    light_every: int = LIGHT_EVERY,
    indices: Iterable[int] | None = None,
) -> Report:
    """Play ``games`` seeded random games of ``name`` and check the invariants.

    ``indices`` plays those games of the run instead of the first ``games`` (the games of a
    :func:`plan`); they are checked as they would be in the whole run.

    Every game is checked fully at every step when ``full_every`` is 1; otherwise game ``i`` is
    when ``(i + 1) % full_every == 0``, and the others check the every-step invariants at every step and
    everything at every ``light_every``-th step. Game ``i`` uses
    ``numpy.random.default_rng([seed, i])``, so a failure names a game that can be replayed on its
    own. Raises AssertionError on the first broken invariant; returns a :class:`Report` of what
    was checked.
    """
    entry = ENTRIES[name]
    if players not in entry.players or variant not in entry.variants:
        raise ValueError(
            f"{name} is checked for players {entry.players} and variants {entry.variants}, "
            f"not {players}, {variant!r}"
        )
    game = kaskaria.load(name, players=players, variant=variant, **dict(options or {}))
    checker = _Checker(
        game,
        entry,
        seed,
        json_every=json_every,
        probe_every=probe_every,
        midpoint_every=midpoint_every,
        full_every=full_every,
        light_every=light_every,
    )
    if indices is not None:
        if games is not None:
            raise ValueError("give games or indices, not both")
        return checker.run(sorted(set(indices)))
    return checker.run(range(entry.games if games is None else games))


# ---------------------------------------------------------------------------------------------
# The tiers, and the plan that lets a short run reach what the long one does
# ---------------------------------------------------------------------------------------------
#: The soak (``make soak``) plays SOAK_GAMES games per player count and variant from SOAK_SEED.
SOAK_SEED = 2024
SOAK_GAMES = FULL_GAMES
#: ``make test`` (and ``make test-fast``) fully checks the first QUICK_GAMES of the soak's games
#: of each player count and variant; ``make test`` also fully checks the plan's covering games.
QUICK_GAMES = {"dragon-battle": 25, "heroes": 25, "dragons-gold": 10}
#: what the soak's games reach, and a few of them that reach all of it (``make conformance-plan``)
PLAN_PATH = Path(__file__).with_name("conformance_plan.json")


def quick_games(name: str) -> int:
    return QUICK_GAMES.get(name, 25)


def pair_key(name: str, players: int, variant: str) -> str:
    return f"{name} {players} {variant}"


def combinations() -> list[tuple[str, int, str]]:
    """Every (game, player count, variant) the suite checks."""
    return [
        (name, players, variant)
        for name, entry in ENTRIES.items()
        for players in entry.players
        for variant in entry.variants
    ]


def scan(
    name: str, players: int, variant: str, games: int = SOAK_GAMES, seed: int = SOAK_SEED
) -> list[tuple[int, frozenset[str]]]:
    """Play the first ``games`` games of a run without the checks (about a tenth of the cost):
    each game's length and what it reached."""
    game = kaskaria.load(name, players=players, variant=variant)
    max_steps = ENTRIES[name].max_steps
    return [play_plain(game, seed, index, max_steps) for index in range(games)]


def choose_cover(
    scanned: list[tuple[int, frozenset[str]]], given: frozenset[str] = frozenset()
) -> list[int]:
    """A few of the scanned games that together reach everything all of them reach, besides
    what is ``given`` (reached by other games).

    Greedy: take the game that reaches the most not yet reached for each action it plays (the
    cost of checking it), until nothing is left; then drop any game the others make redundant,
    longest first. Ties go to the lower index, so the choice is reproducible."""
    target = frozenset().union(*(items for _, items in scanned)) - given
    left = target
    chosen: list[int] = []
    while left:
        best = max(
            range(len(scanned)),
            key=lambda i: (len(scanned[i][1] & left) / scanned[i][0], -i),
        )
        assert scanned[best][1] & left, "greedy cover made no progress"
        chosen.append(best)
        left = left - scanned[best][1]
    for i in sorted(chosen, key=lambda i: (-scanned[i][0], -i)):
        rest = [j for j in chosen if j != i]
        if frozenset().union(*(scanned[j][1] for j in rest)) >= target:
            chosen = rest
    return sorted(chosen)


def plan_pair(combination: tuple[str, int, str], games: int, seed: int) -> dict[str, Any]:
    scanned = scan(*combination, games=games, seed=seed)
    reached = frozenset().union(*(items for _, items in scanned))
    # make test checks the first games anyway: the cover adds what they miss
    quick = frozenset().union(*(items for _, items in scanned[: quick_games(combination[0])]))
    cover = choose_cover(scanned, given=quick)
    return {
        "cover": cover,
        "cover_actions": sum(scanned[i][0] for i in cover),
        # the first games that make test checks anyway, and how much of it they reach
        "quick_games": quick_games(combination[0]),
        "quick_reached": len(quick),
        "soak_actions": sum(n for n, _ in scanned),
        "reached": sorted(reached),
        # the rarest things reached, with the number of the soak's games that reach them
        "rarest": sorted(
            ([x, sum(x in items for _, items in scanned)] for x in reached),
            key=lambda pair: (pair[1], pair[0]),
        )[:5],
    }


def make_plan(games: int = SOAK_GAMES, seed: int = SOAK_SEED, workers: int | None = None) -> dict:
    """Scan the soak's games of every combination (in parallel) and choose each one's cover."""
    from concurrent.futures import ProcessPoolExecutor

    combos = combinations()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        found = list(pool.map(plan_pair, combos, [games] * len(combos), [seed] * len(combos)))
    return {
        "about": (
            "What the soak's games reach (moves between phases, seats that win, numbers of "
            "winners) and a few of them that reach it all: make test checks those. Written by "
            "make conformance-plan; see tests/conformance.py."
        ),
        "seed": seed,
        "games": games,
        "pairs": {pair_key(*c): f for c, f in zip(combos, found, strict=True)},
    }


def load_plan(path: Path = PLAN_PATH) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def plan_entry(name: str, players: int, variant: str, plan: dict | None = None) -> dict:
    """The plan of one combination; a missing one is an AssertionError that says what to do."""
    plan = load_plan() if plan is None else plan
    key = pair_key(name, players, variant)
    found = plan["pairs"].get(key)
    assert found is not None, f"{PLAN_PATH.name} has no plan for {key}: run make conformance-plan"
    return found


def run_planned(name: str, players: int, variant: str) -> tuple[frozenset[str], Report | None]:
    """What ``make test`` reaches in one combination, and the report of its checked cover games.

    ``make test`` checks the first ``quick_games`` games fully (``test_conformance_quick``) and
    the plan's cover games fully (here); the first games are replayed here without the checks
    (the very same games: :func:`play_plain`) to learn what they reach."""
    plan = plan_entry(name, players, variant)
    key = pair_key(name, players, variant)
    assert plan["quick_games"] == quick_games(name), (
        f"{PLAN_PATH.name} was made with {plan['quick_games']} first games for {key}, "
        f"QUICK_GAMES says {quick_games(name)}: run make conformance-plan"
    )
    game = kaskaria.load(name, players=players, variant=variant)
    reached: frozenset[str] = frozenset()
    for index in range(plan["quick_games"]):
        reached |= play_plain(game, SOAK_SEED, index, ENTRIES[name].max_steps)[1]
    report = None
    if plan["cover"]:
        report = run_conformance(name, players, variant, seed=SOAK_SEED, indices=plan["cover"])
        reached |= report.reached()
    return reached, report


def stale_message(key: str, missing: set[str], new: set[str]) -> str:
    return (
        f"{PLAN_PATH.name} is out of date for {key} (the games play differently now): "
        f"no longer reached {sorted(missing)}, newly reached {sorted(new)}. If the engine changed "
        "on purpose, run make conformance-plan and review what its diff says was lost or gained."
    )


def main(argv: list[str] | None = None) -> None:
    import argparse
    import sys
    import time

    parser = argparse.ArgumentParser(
        description="Write the conformance plan (make conformance-plan)."
    )
    parser.add_argument("--games", type=int, default=SOAK_GAMES)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    plan = make_plan(args.games, SOAK_SEED, args.workers)
    PLAN_PATH.write_text(json.dumps(plan, indent=1) + "\n", encoding="utf-8")
    pairs = plan["pairs"].values()
    print(
        f"{PLAN_PATH}: {len(plan['pairs'])} combinations, "
        f"{sum(len(p['cover']) for p in pairs)} covering games "
        f"({sum(p['cover_actions'] for p in pairs)} of {sum(p['soak_actions'] for p in pairs)} "
        f"actions), {time.perf_counter() - start:.0f} s",
        file=sys.stderr,
    )


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    import toy_game

    toy_game.register()
    # the registry now holds the test-only game too: rebuild the entries from it
    ENTRIES.update({name: _entry(name) for name in kaskaria.available_games()})
    main()
