"""The conformance suite (tests/conformance.py) run over every registered game.

The full runs (marked ``slow``) play seeded random games for every player count and variant: at
least 1,000 games each, or for the long games at least 100 games and 30,000 checked actions (see
``conformance.FULL_GAMES``). A short run of each combination stays in the quick loop, and a few
tests make sure the suite itself notices a broken engine.
"""

from __future__ import annotations

import dataclasses

import conformance
import pytest

import kaskaria
from kaskaria.dragon_battle import DragonBattleState

COMBOS = [
    (name, players, variant)
    for name, entry in conformance.ENTRIES.items()
    for players in entry.players
    for variant in entry.variants
]


def test_every_registered_game_has_an_entry():
    """A game that joins the registry must join the conformance suite too."""
    assert set(kaskaria.available_games()) <= set(conformance.ENTRIES)


def check_report(report, games: int, players: int) -> None:
    """The run really played and checked: every game ended, all kinds of checks ran."""
    assert report.games == games
    assert report.steps == report.decisions + report.chance_events
    assert report.decisions > games and report.chance_events > games
    assert report.illegal_probes > games
    assert report.json_round_trips > games
    assert report.match_round_trips >= games
    assert sum(report.wins.values()) >= games  # one winner at least per game
    assert set(report.wins) <= set(range(players))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "variant"), COMBOS)
def test_conformance_full(name, players, variant):
    games = conformance.ENTRIES[name].games
    report = conformance.run_conformance(name, players, variant, games=games, seed=2024)
    check_report(report, games, players)
    # 1,000 games, or (for a long game) at least 100 games and 30,000 checked actions
    long_enough = (
        games >= conformance.FULL_MIN_GAMES and report.steps >= conformance.FULL_MIN_ACTIONS
    )
    assert games >= 1000 or long_enough, f"only {games} games, {report.steps} actions checked"
    assert set(report.wins) == set(range(players))  # every seat wins sometimes


@pytest.mark.slow
@pytest.mark.parametrize(
    "options",
    [
        {"silver_with_colour": True},
        {"jugglers_run_out": "unlimited"},
        {"first_player": 1},
        {"juggler_stars": 2, "stars": {"page": 4}},
    ],
)
def test_conformance_with_dragon_battle_options(options):
    report = conformance.run_conformance(
        "dragon-battle", 3, "basic", games=200, seed=7, options=options
    )
    check_report(report, 200, 3)
    if "silver_with_colour" in options:
        assert report.verbs["place"] > 0


@pytest.mark.parametrize(("name", "players", "variant"), COMBOS)
def test_conformance_quick(name, players, variant):
    report = conformance.run_conformance(name, players, variant, games=25, seed=1)
    check_report(report, 25, players)


def test_runs_are_reproducible():
    a = conformance.run_conformance("dragon-battle", 2, "basic", games=10, seed=3)
    b = conformance.run_conformance("dragon-battle", 2, "basic", games=10, seed=3)
    c = conformance.run_conformance("dragon-battle", 2, "basic", games=10, seed=4)
    assert a == b
    assert a.steps != c.steps or a.wins != c.wins


def test_unknown_combination_is_refused():
    with pytest.raises(ValueError, match=r"not 5, 'basic'"):
        conformance.run_conformance("dragon-battle", 5, "basic", games=1)


# ---------------------------------------------------------------------------------------------
# The suite catches broken engines
# ---------------------------------------------------------------------------------------------
def _with_entry(monkeypatch, **changes):
    entry = conformance.ENTRIES["dragon-battle"]
    monkeypatch.setitem(conformance.ENTRIES, "dragon-battle", dataclasses.replace(entry, **changes))


def test_suite_catches_a_lost_component(monkeypatch):
    def lossy(state):  # a juggler goes missing while a player decides
        if state.phase == "decide":
            state = dataclasses.replace(state, jugglers_left=state.jugglers_left - 1)
        conformance.check_dragon_battle_components(state)

    _with_entry(monkeypatch, check_components=lossy)
    with pytest.raises(AssertionError, match=r"game 0: 7 jugglers counted, expected 8"):
        conformance.run_conformance("dragon-battle", 2, "basic", games=3)


def test_suite_catches_apply_changing_its_input(monkeypatch):
    original = DragonBattleState.apply

    def mutating(self, action):
        after = original(self, action)
        if self.phase == "decide":
            object.__setattr__(self, "turns", self.turns + 1)
        return after

    monkeypatch.setattr(DragonBattleState, "apply", mutating)
    with pytest.raises(AssertionError, match=r"apply\((roll|stop)\) changed its input"):
        conformance.run_conformance("dragon-battle", 2, "basic", games=3)


def test_suite_catches_a_state_that_does_not_round_trip(monkeypatch):
    def forgetful(game, data):  # counts the scares wrongly (by a whole round, still consistent)
        return DragonBattleState.from_dict(game, {**data, "turns": data["turns"] + game.players})

    _with_entry(monkeypatch, state_from_dict=forgetful)
    with pytest.raises(AssertionError, match=r"from_dict\(to_dict\(\)\) differs"):
        conformance.run_conformance("dragon-battle", 2, "basic", games=3)


def test_suite_catches_unsorted_legal_actions(monkeypatch):
    original = DragonBattleState.legal_actions

    def backwards(self):
        return tuple(reversed(original(self)))

    monkeypatch.setattr(DragonBattleState, "legal_actions", backwards)
    with pytest.raises(AssertionError, match=r"legal actions not sorted"):
        conformance.run_conformance("dragon-battle", 2, "basic", games=1)


def test_suite_catches_chance_that_does_not_sum_to_one(monkeypatch):
    from fractions import Fraction

    original = DragonBattleState.chance_outcomes

    def skewed(self):
        outcomes = original(self)
        (first, p), *rest = outcomes
        return ((first, p + Fraction(1, 10**6)), *rest)

    monkeypatch.setattr(DragonBattleState, "chance_outcomes", skewed)
    with pytest.raises(AssertionError, match=r"do not sum to exactly 1"):
        conformance.run_conformance("dragon-battle", 2, "basic", games=1)


def test_suite_catches_a_game_that_accepts_illegal_actions(monkeypatch):
    original = DragonBattleState.apply

    def lenient(self, action):
        try:
            return original(self, action)
        except kaskaria.IllegalActionError:
            return self

    monkeypatch.setattr(DragonBattleState, "apply", lenient)
    with pytest.raises(AssertionError, match=r"was accepted at"):
        conformance.run_conformance("dragon-battle", 2, "basic", games=3)
