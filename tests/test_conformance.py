"""The conformance suite (tests/conformance.py) run over every registered game, in three tiers.

- ``make test-fast``: the first ``conformance.QUICK_GAMES`` of the soak's games of every player
  count and variant, every game fully checked.
- ``make test``: those, and the plan's covering games (``tests/conformance_plan.json``): a few of
  the soak's games that together reach every move between phases, every way to end, every seat
  winning and every number of winners that the soak's 1,000 games reach, fully checked; the test
  asserts they reach exactly that.
- ``make soak`` (marked ``soak``, run only with ``--soak``): 1,000 seeded games per player count
  and variant; for the long games one game in ``conformance.FULL_EVERY`` is checked fully at every
  step and the others at every step for the every-step invariants. It asserts that its games reach
  what the plan lists, so the plan cannot fall behind the engine unnoticed.

A few tests make sure the suite itself notices a broken engine, in every way it checks.
"""

from __future__ import annotations

import dataclasses

import conformance
import pytest
from tiers import sizes

import kaskaria
from kaskaria.dragon_battle import DragonBattleState

COMBOS = conformance.combinations()
IDS = [conformance.pair_key(*c).replace(" ", "-") for c in COMBOS]


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
    assert sum(report.winner_counts.values()) == games
    assert sum(report.moves.values()) == report.steps


def check_reached(report, name: str, players: int, variant: str) -> None:
    """The run reached exactly what the plan says the soak's games reach."""
    planned = set(conformance.plan_entry(name, players, variant)["reached"])
    reached = report.reached()
    key = conformance.pair_key(name, players, variant)
    assert reached == planned, conformance.stale_message(key, planned - reached, reached - planned)


@pytest.mark.soak
@pytest.mark.parametrize(("name", "players", "variant"), COMBOS, ids=IDS)
def test_conformance_soak(name, players, variant):
    entry = conformance.ENTRIES[name]
    assert entry.games >= conformance.SOAK_GAMES >= 1000
    report = conformance.run_conformance(
        name, players, variant, games=entry.games, seed=conformance.SOAK_SEED,
        full_every=entry.full_every,
    )  # fmt: skip
    check_report(report, entry.games, players, entry.full_every)
    assert report.full_games >= 100
    assert set(report.wins) == set(range(players))  # every seat wins sometimes
    check_reached(report, name, players, variant)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "variant"), COMBOS, ids=IDS)
def test_conformance_planned(name, players, variant):
    """The first games (checked by test_conformance_quick) and the plan's few games, fully
    checked here, reach everything the soak's games reach."""
    reached, report = conformance.run_planned(name, players, variant)
    plan = conformance.plan_entry(name, players, variant)
    if report is not None:
        check_report(report, len(plan["cover"]), players)
    planned = set(plan["reached"])
    key = conformance.pair_key(name, players, variant)
    assert reached == planned, conformance.stale_message(key, planned - reached, reached - planned)
    assert {f"seat {p} wins" for p in range(players)} <= reached  # every seat wins sometimes


@pytest.mark.parametrize(("name", "players", "variant"), COMBOS, ids=IDS)
def test_conformance_quick(name, players, variant):
    games = conformance.quick_games(name)
    report = conformance.run_conformance(
        name, players, variant, games=games, seed=conformance.SOAK_SEED
    )
    check_report(report, games, players)


@pytest.mark.parametrize("games", sizes(50, 200))
@pytest.mark.parametrize(
    "options",
    [
        {"silver_with_colour": True},
        {"jugglers_run_out": "unlimited"},
        {"first_player": 1},
        {"juggler_stars": 2, "stars": {"page": 4}},
    ],
)
def test_conformance_with_dragon_battle_options(options, games):
    report = conformance.run_conformance(
        "dragon-battle", 3, "basic", games=games, seed=7, options=options
    )
    check_report(report, games, 3)
    if "silver_with_colour" in options:
        assert report.verbs["place"] > 0


# ---------------------------------------------------------------------------------------------
# The plan
# ---------------------------------------------------------------------------------------------
def test_the_plan_has_every_combination():
    plan = conformance.load_plan()
    assert plan["seed"] == conformance.SOAK_SEED and plan["games"] == conformance.SOAK_GAMES
    assert set(plan["pairs"]) == {conformance.pair_key(*c) for c in COMBOS}, (
        "a combination joined or left the suite: run make conformance-plan"
    )
    for key, entry in plan["pairs"].items():
        cover, quick = entry["cover"], entry["quick_games"]
        assert quick == conformance.quick_games(key.split()[0]), key
        assert cover == sorted(set(cover)) and set(cover) <= set(range(quick, plan["games"])), key
        assert entry["cover_actions"] < entry["soak_actions"], key
        # the cover is there for what the first games miss
        assert bool(cover) == (entry["quick_reached"] < len(entry["reached"])), key
        reached = set(entry["reached"])
        assert {item for item, _ in entry["rarest"]} <= reached, key
        assert all(0 < games <= plan["games"] for _, games in entry["rarest"]), key
        # every way to end, and at least one winner, is in the plan
        assert any(item.endswith("-> over") for item in reached), key
        assert "1 winners" in reached, key


def test_a_cover_reaches_everything_with_few_games():
    scanned = [
        (10, frozenset("ab")),
        (10, frozenset("bc")),
        (2, frozenset("c")),
        (30, frozenset("abcd")),
        (5, frozenset("a")),
        (3, frozenset("d")),
    ]
    cover = conformance.choose_cover(scanned)
    assert frozenset().union(*(scanned[i][1] for i in cover)) == frozenset("abcd")
    # cheapest first (per new item), and none that the others make redundant
    assert cover == [0, 2, 5]
    assert conformance.choose_cover([(4, frozenset("x"))] * 3) == [0]
    # what other games reach already is not covered again
    assert conformance.choose_cover(scanned, given=frozenset("ab")) == [2, 5]
    assert conformance.choose_cover(scanned, given=frozenset("abcd")) == []


def test_a_plans_games_are_played_as_the_checked_runs_play_them():
    game = kaskaria.load("dragon-battle", players=3)
    report = conformance.run_conformance("dragon-battle", 3, "basic", seed=9, indices=[4, 1, 4])
    assert report.games == 2  # each game once, in order
    plain = [conformance.play_plain(game, 9, i, 10_000) for i in (1, 4)]
    assert report.steps == sum(n for n, _ in plain)
    assert report.reached() == frozenset().union(*(items for _, items in plain))
    with pytest.raises(ValueError, match="games or indices"):
        conformance.run_conformance("dragon-battle", 3, "basic", games=2, indices=[1])


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


@pytest.mark.slow
def test_the_plans_games_catch_a_fault_that_only_a_rare_game_shows(monkeypatch):
    """A fault in a situation that about one game in a thousand reaches (three players tie): the
    first games (make test-fast) miss it, the plan's few games (make test) find it."""
    name, players, variant = "dragon-battle", 3, "basic"
    plan = conformance.plan_entry(name, players, variant)
    assert dict(plan["rarest"])["3 winners"] <= 5  # games of the soak's 1,000

    def lossy(state):  # a juggler too many when three players tie
        if state.is_terminal() and len(state.winners()) == 3:
            state = dataclasses.replace(state, jugglers_left=state.jugglers_left + 1)
        conformance.check_dragon_battle_components(state)

    _with_entry(monkeypatch, check_components=lossy)
    games = conformance.quick_games(name)
    quick = conformance.run_conformance(
        name, players, variant, games=games, seed=conformance.SOAK_SEED
    )
    assert quick.games == games and "3 winners" not in quick.reached()
    with pytest.raises(AssertionError, match=r"9 jugglers counted, expected 8"):
        conformance.run_conformance(
            name, players, variant, seed=conformance.SOAK_SEED, indices=plan["cover"]
        )


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
