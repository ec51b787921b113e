"""The conformance suite (tests/conformance.py) run over every registered game.

The full runs (marked ``slow``) play 1,000 seeded random games for every player count and variant;
for the long games one game in ``conformance.FULL_EVERY`` is checked fully at every step and the
others at every step for the every-step invariants. A short run of each combination (every game
fully checked) stays in the quick loop, and a few tests make sure the suite itself notices a broken
engine.
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


def check_report(report, games: int, players: int, full_every: int = 1) -> None:
    """The run really played and checked: every game ended, all kinds of checks ran."""
    full = games // full_every  # game i is fully checked when (i + 1) % full_every == 0
    assert report.games == games and report.full_games == full
    assert report.steps == report.decisions + report.chance_events
    assert report.decisions > games and report.chance_events > games
    assert report.illegal_probes > games
    assert report.json_round_trips > games
    assert report.match_round_trips >= full
    assert report.full_steps >= report.steps * full // games // 2
    assert sum(report.wins.values()) >= games  # one winner at least per game
    assert set(report.wins) <= set(range(players))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "variant"), COMBOS)
def test_conformance_full(name, players, variant):
    entry = conformance.ENTRIES[name]
    assert entry.games >= 1000
    report = conformance.run_conformance(
        name, players, variant, games=entry.games, seed=2024, full_every=entry.full_every
    )
    check_report(report, entry.games, players, entry.full_every)
    assert report.full_games >= 100
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


def test_long_runs_check_one_game_in_full_every_fully():
    report = conformance.run_conformance("dragon-battle", 2, "basic", games=8, seed=5, full_every=4)
    check_report(report, 8, 2, full_every=4)
    assert report.full_games == 2 and report.match_round_trips >= 2
    # the other games were played to the end, checked fully at every tenth step only
    assert report.full_steps < report.steps
    every = conformance.run_conformance("dragon-battle", 2, "basic", games=8, seed=5)
    assert every.steps == report.steps and every.wins == report.wins  # the same games
    assert (
        every.full_steps == every.steps + 8 and every.full_games == 8
    )  # every state, the last too


def test_unknown_combination_is_refused():
    with pytest.raises(ValueError, match=r"not 5, 'basic'"):
        conformance.run_conformance("dragon-battle", 5, "basic", games=1)


# ---------------------------------------------------------------------------------------------
# The suite catches broken engines
# ---------------------------------------------------------------------------------------------
# every game fully checked, and games checked only in the long runs' lighter way
EVERY = pytest.mark.parametrize("full_every", [1, 100], ids=["full", "light"])


def _with_entry(monkeypatch, **changes):
    entry = conformance.ENTRIES["dragon-battle"]
    monkeypatch.setitem(conformance.ENTRIES, "dragon-battle", dataclasses.replace(entry, **changes))


@EVERY
def test_suite_catches_a_lost_component(monkeypatch, full_every):
    def lossy(state):  # a juggler goes missing while a player decides
        if state.phase == "decide":
            state = dataclasses.replace(state, jugglers_left=state.jugglers_left - 1)
        conformance.check_dragon_battle_components(state)

    _with_entry(monkeypatch, check_components=lossy)
    with pytest.raises(AssertionError, match=r"game 0: 7 jugglers counted, expected 8"):
        conformance.run_conformance("dragon-battle", 2, "basic", games=3, full_every=full_every)


@EVERY
def test_suite_catches_apply_changing_its_input(monkeypatch, full_every):
    original = DragonBattleState.apply

    def mutating(self, action):
        after = original(self, action)
        if self.phase == "decide":
            object.__setattr__(self, "turns", self.turns + 1)
        return after

    monkeypatch.setattr(DragonBattleState, "apply", mutating)
    with pytest.raises(AssertionError, match=r"apply\((roll|stop)\) changed its input"):
        conformance.run_conformance("dragon-battle", 2, "basic", games=3, full_every=full_every)


@EVERY
def test_suite_catches_a_state_that_does_not_round_trip(monkeypatch, full_every):
    def forgetful(game, data):  # counts the scares wrongly (by a whole round, still consistent)
        return DragonBattleState.from_dict(game, {**data, "turns": data["turns"] + game.players})

    _with_entry(monkeypatch, state_from_dict=forgetful)
    with pytest.raises(AssertionError, match=r"from_dict\(to_dict\(\)\) differs"):
        conformance.run_conformance("dragon-battle", 2, "basic", games=3, full_every=full_every)


@EVERY
def test_suite_catches_unsorted_legal_actions(monkeypatch, full_every):
    original = DragonBattleState.legal_actions

    def backwards(self):
        return tuple(reversed(original(self)))

    monkeypatch.setattr(DragonBattleState, "legal_actions", backwards)
    with pytest.raises(AssertionError, match=r"legal actions not sorted"):
        conformance.run_conformance("dragon-battle", 2, "basic", games=1, full_every=full_every)


@EVERY
def test_suite_catches_chance_that_does_not_sum_to_one(monkeypatch, full_every):
    from fractions import Fraction

    original = DragonBattleState.chance_outcomes

    def skewed(self):
        outcomes = original(self)
        (first, p), *rest = outcomes
        return ((first, p + Fraction(1, 10**6)), *rest)

    monkeypatch.setattr(DragonBattleState, "chance_outcomes", skewed)
    with pytest.raises(AssertionError, match=r"do not sum to exactly 1"):
        conformance.run_conformance("dragon-battle", 2, "basic", games=1, full_every=full_every)


@EVERY
def test_suite_catches_a_game_that_accepts_illegal_actions(monkeypatch, full_every):
    original = DragonBattleState.apply

    def lenient(self, action):
        try:
            return original(self, action)
        except kaskaria.IllegalActionError:
            return self

    monkeypatch.setattr(DragonBattleState, "apply", lenient)
    with pytest.raises(AssertionError, match=r"was accepted at"):
        conformance.run_conformance("dragon-battle", 2, "basic", games=3, full_every=full_every)
