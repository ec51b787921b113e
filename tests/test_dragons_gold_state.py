"""Dragon's Gold: scoring examples, what each viewer sees, hidden information, saving and loading,
bad input, the rules table and the words."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from dg_support import load, random_states, vec
from tiers import sizes

import kaskaria
from kaskaria import Match, SavedGameError
from kaskaria.dragons_gold import RULES, score_table
from kaskaria.dragons_gold.rules import COLOURS, GEMS, DragonsGoldRules
from kaskaria.i18n import keys
from kaskaria.provenance import ASSUMED, RULEBOOK, SOURCED, Value


# ---------------------------------------------------------------------------------------------
# Scoring: the rulebook's tables, and an independent twin
# ---------------------------------------------------------------------------------------------
def brute_score(screens, advanced):
    """Scoring written out rule by rule, separately from the engine."""
    n = len(screens)
    bonus = ({3: 12, 4: 10, 5: 10, 6: 8} if advanced else {3: 15, 4: 12, 5: 12, 6: 10})[n]
    pts = []
    for s in screens:
        d = dict(zip(COLOURS, s, strict=False))
        pts.append(d["silver"] + 3 * d["gold"] + d["red"] + 7 * d["black"])
    for g in GEMS:
        counts = [dict(zip(COLOURS, s, strict=False))[g] for s in screens]
        top = max(counts)
        if top == 0:
            continue
        holders = [p for p in range(n) if counts[p] == top]
        for p in holders:
            cursed = advanced and dict(zip(COLOURS, screens[p], strict=False))["black"] > 0
            if not advanced:
                pts[p] += bonus
            elif len(holders) == 1 and not cursed:
                pts[p] += bonus
            elif len(holders) == 2 and not cursed:
                pts[p] += bonus // 2
    if advanced:
        for p, s in enumerate(screens):
            d = dict(zip(COLOURS, s, strict=False))
            if d["black"] == 0:
                pts[p] += 5 * min(d[g] for g in GEMS)
    return tuple(pts)


def test_scoring_three_players_shared_majority_three_way_tie_and_the_cursed_diamond():
    screens = [
        vec(silver=3, gold=1, blue=2, green=1),
        vec(red=2, blue=2, green=1, black=1, purple=3),
        vec(green=1, white=1),
    ]
    # basic: blue shared by two (15 each), green by three (15 each), purple and white alone
    assert score_table(screens, False) == (6 + 15 + 15, 9 + 15 + 15 + 15, 15 + 15)
    # advanced: blue split 6/6 but the cursed owner scores nothing; green (three) nobody; purple:
    # the cursed owner alone holds it, so nobody; white 12
    assert score_table(screens, True) == (6 + 6, 9, 12)


def test_scoring_four_and_five_players_with_gem_sets():
    four = [
        vec(blue=2, green=2, purple=2, yellow=2, white=2),
        vec(blue=2),
        vec(yellow=3),
        vec(gold=2),
    ]
    assert score_table(four, False) == (12 * 4, 12, 12, 6)
    assert score_table(four, True) == (5 + 10 + 10 + 10 + 2 * 5, 5, 10, 6)
    five = [*four, vec(silver=1)]
    assert score_table(five, False) == (48, 12, 12, 6, 1)
    assert score_table(five, True) == (45, 5, 10, 6, 1)


def test_scoring_six_players():
    six = [vec(blue=1), vec(blue=1), vec(blue=1), vec(white=2), vec(white=2), vec(black=1, green=1)]
    assert score_table(six, False) == (10, 10, 10, 10, 10, 17)
    assert score_table(six, True) == (0, 0, 0, 4, 4, 7)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("advanced", [False, True])
def test_scoring_matches_its_twin_on_random_screens(players, advanced):
    rng = random.Random(players * 10 + advanced)
    for _ in range(400):
        screens = [tuple(rng.choice([0, 0, 1, 2, 3]) for _ in COLOURS) for _ in range(players)]
        screens = [s[:8] + (0,) for s in screens]
        if rng.random() < 0.5:
            p = rng.randrange(players)
            screens[p] = screens[p][:8] + (1,)
        assert score_table(screens, advanced) == brute_score(screens, advanced)


def test_score_table_takes_the_screens_observations_give():
    """Observations give screens as dicts without zero colours; score_table counts them as the
    9 counts, a colour not named counting 0."""
    screens = [
        vec(silver=3, gold=1, blue=2, green=1),
        vec(red=2, blue=2, green=1, black=1, purple=3),
        vec(green=1, white=1),
    ]
    named = [{c: n for c, n in zip(COLOURS, s, strict=True) if n} for s in screens]
    for advanced in (False, True):
        assert score_table(named, advanced) == score_table(screens, advanced)
    assert score_table([{}, {}, {"gold": 1}], False) == (0, 0, 3)
    # the observations of a real game
    state = next(s for s in random_states(load(4, "advanced"), games=1, seed=3) if s.is_terminal())
    obs = state.observation("table")
    assert score_table([p["screen"] for p in obs["players"]], True) == state.scores()


@pytest.mark.parametrize(
    ("screens", "error", "words"),
    [
        ({"gold": 1}, TypeError, "screens must be a list"),
        ([{}, {}], ValueError, "3 to 6 players, got 2"),
        ([{}] * 7, ValueError, "3 to 6 players, got 7"),
        ([{"mud": 1}, {}, {}], ValueError, "screen 1: unknown colour 'mud'"),
        ([{}, {"gold": -1}, {}], ValueError, "screen 2: gold must be a whole count"),
        ([{}, {"gold": 1.0}, {}], ValueError, "gold must be a whole count"),
        ([{}, {}, {"gold": True}], ValueError, "screen 3: gold must be a whole count"),
        ([{}, {}, {1: 2}], ValueError, "unknown colour 1"),
        ([[1, 2], {}, {}], ValueError, "screen 1 must be 9 whole counts"),
        ([[0] * 8 + [-1], {}, {}], ValueError, "screen 1 must be 9 whole counts"),
        ([{}, {}, "gold"], TypeError, "screen 3 must be a dict"),
        ([{}, {}, {"gold": 10**4000}], ValueError, "gold must be a whole count"),
    ],
)
def test_score_table_refuses_bad_screens_clearly(screens, error, words):
    with pytest.raises(error, match=words) as err:
        score_table(screens, False)
    assert len(str(err.value)) < 200
    with pytest.raises(TypeError, match="advanced must be True or False"):
        score_table([{}, {}, {}], "yes")


@pytest.mark.parametrize("players", [3, 4, 6])
@pytest.mark.parametrize("advanced", [False, True])
def test_score_changes_match_scoring_everything_again(players, advanced):
    """The bots' quick score change for a trade or a token (only the colours that change) is the
    full scoring after minus before, on random screens and trades, the black diamond included."""
    from kaskaria.dragons_gold.engine import _score_changes, _score_table

    rng = random.Random(players * 7 + advanced)
    for _ in range(300):
        screens = [
            tuple(rng.choice([0, 0, 1, 2, 3]) for _ in COLOURS[:8]) + (0,) for _ in range(players)
        ]
        if rng.random() < 0.5:
            p = rng.randrange(players)
            screens[p] = screens[p][:8] + (1,)
        a, b = rng.sample(range(players), 2)
        give = tuple(rng.randint(0, x) if rng.random() < 0.3 else 0 for x in screens[a])
        ask = tuple(rng.randint(0, x) if rng.random() < 0.3 else 0 for x in screens[b])
        gain = tuple(k - g for g, k in zip(give, ask, strict=True))
        changes = {a: gain, b: tuple(-x for x in gain)}
        after = list(screens)
        for p, d in changes.items():
            after[p] = tuple(x + y for x, y in zip(screens[p], d, strict=True))
        old, new = _score_table(tuple(screens), advanced), _score_table(tuple(after), advanced)
        assert _score_changes(tuple(screens), changes, advanced) == {
            p: new[p] - old[p] for p in changes
        }
        colour = rng.randrange(9)
        one = {a: tuple(int(i == colour) for i in range(9))}
        plus = list(screens)
        plus[a] = tuple(x + y for x, y in zip(screens[a], one[a], strict=True))
        assert _score_changes(tuple(screens), one, advanced)[a] == (
            _score_table(tuple(plus), advanced)[a] - old[a]
        )


@pytest.mark.parametrize("advanced", [False, True])
def test_the_bots_trade_gains_are_the_full_scoring_before_and_after(advanced):
    """The bots weigh many trades at the market with a shortcut: each must give what scoring
    every screen before and after the trade gives."""
    from kaskaria.dragons_gold.bots import _PairGains
    from kaskaria.dragons_gold.engine import _score_table

    rng = random.Random(11 + advanced)
    checked = 0
    for _ in range(800):
        players = rng.choice([3, 4, 5])
        screens = [
            tuple(rng.choice([0, 0, 1, 2, 3]) for _ in COLOURS[:8]) + (0,) for _ in range(players)
        ]
        screens[rng.randrange(players)] = screens[0][:8] + (rng.choice([0, 1]),)
        screens = tuple(screens)
        gains = _PairGains(screens, advanced, RULES)
        a, b = rng.sample(range(players), 2)
        c, d = rng.sample(range(9), 2)
        k, m = rng.randint(1, 2), rng.randint(1, 2)
        if screens[a][c] < k or screens[b][d] < m:
            continue
        after = [list(x) for x in screens]
        after[a][c] -= k
        after[b][c] += k
        after[b][d] -= m
        after[a][d] += m
        old, new = _score_table(screens, advanced), _score_table(tuple(map(tuple, after)), advanced)
        assert gains(a, b, c, k, d, m) == (new[a] - old[a], new[b] - old[b])
        checked += 1
    assert checked > 100


def test_ties_give_several_winners():
    game = load(3)
    state = game.setup(
        dragons=[None] * 4,
        gone=list(range(len(game.cards))),
        screens=["2 gold", "2 gold", "silver"],
    )
    assert state.is_terminal() and state.winners() == (0, 1) and state.returns() == (1.0, 1.0, -1.0)


# ---------------------------------------------------------------------------------------------
# What each viewer sees
# ---------------------------------------------------------------------------------------------
def _rich_state():
    game = load(4, "advanced")
    for state in random_states(game, games=3, seed=2):
        if (
            state.phase == "turn"
            and sum(map(sum, state.screens)) > 5
            and any(map(any, state.hands))
        ):
            return state
    raise AssertionError("no rich state found")


def test_a_seat_sees_its_own_screen_and_items_and_only_counts_of_the_others():
    state = _rich_state()
    for seat in range(4):
        obs = state.observation(seat)
        for p, info in enumerate(obs["players"]):
            assert info["tokens"] == sum(state.screens[p])
            assert info["items"] == sum(state.hands[p])
            if p == seat:
                assert info["screen"] == {
                    c: n for c, n in zip(COLOURS, state.screens[p], strict=False) if n
                }
                assert info["hand"] is not None
            else:
                assert info["screen"] is None and info["hand"] is None
        assert obs["scores"] is None
    table = state.observation("table")
    assert all(p["screen"] is None and p["hand"] is None for p in table["players"])
    omni = state.observation("omniscient")
    assert all(p["screen"] is not None and p["hand"] is not None for p in omni["players"])


def test_resample_hidden_changes_nothing_a_seat_can_see_but_redeals_the_rest():
    state = _rich_state()
    rng = np.random.default_rng(3)
    changed = 0
    for seat in range(4):
        for _ in range(10):
            twin = state.resample_hidden(seat, rng)
            assert twin.observation(seat) == state.observation(seat)
            assert twin.legal_actions() == state.legal_actions()
            assert state.game.state_from_dict(twin.to_dict()) == twin
            for p in range(4):
                assert all(
                    k <= s for k, s in zip(state.known[seat][p], twin.screens[p], strict=False)
                )
            changed += twin != state
    assert changed > 0


def test_the_hidden_lines_of_a_game_are_written_with_a_question_mark():
    game = load(4, "basic")
    match = Match(game, seed=4)
    rng = np.random.default_rng(1)
    while not match.state.is_terminal() and len(match.actions) < 3000:
        s = match.state
        if s.is_chance_node():
            match.step_chance()
        else:
            legal = s.legal_actions()
            match.apply(legal[int(rng.integers(len(legal)))])
    full = match.lines()
    for viewer in (0, 1, "table"):
        lines = match.lines(viewer)
        for line, whole in zip(lines, full, strict=False):
            if line != whole:
                assert line.endswith("?") and line.split()[0] == whole.split()[0]
    assert any(line.endswith("?") for line in match.lines("table"))


# ---------------------------------------------------------------------------------------------
# Saving and loading
# ---------------------------------------------------------------------------------------------
def test_every_state_round_trips_through_json():
    game = load(5, "advanced-strategic")
    for state in random_states(game, games=2, seed=9):
        data = json.loads(json.dumps(state.to_dict()))
        assert game.state_from_dict(data) == state


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("bag"), "fields missing"),
        (lambda d: d.update(extra=1), "unknown"),
        (lambda d: d.update(phase="dance"), "phase 'dance' is unknown"),
        (lambda d: d.update(turn=9), "turn must be a whole number from 0 to 2"),
        (lambda d: d.update(turn=True), "turn must be"),
        (lambda d: d["bag"].__setitem__(0, d["bag"][0] + 1), "tokens.silver are placed"),
        (lambda d: d.update(bag="lots"), "bag must be a list"),
        (lambda d: d.update(slots=[0, 0, 2, 3]), "dragon"),
        (lambda d: d["advs"][0].__setitem__(0, 2), "11 adventurers are placed; there are 12"),
        (lambda d: d["known"][1].__setitem__(0, [0, 9, 0, 0, 0, 0, 0, 0, 0]), "sure of tokens"),
        (lambda d: d.update(offer=["gold"]), "offer must be"),
        (lambda d: d.update(items_due=[[7, 1]]), "items_due"),
    ],
)
def test_impossible_positions_are_refused_naming_what_is_wrong(change, message):
    game = load(3)
    data = game.setup(screens={0: "gold"}).to_dict()
    change(data)
    with pytest.raises(ValueError, match=message):
        game.state_from_dict(data)


@pytest.mark.parametrize("odd", [None, [], "text", 3, {"phase": object()}])
def test_odd_objects_are_not_positions(odd):
    with pytest.raises(ValueError):
        load(3).state_from_dict(odd)


def test_a_saved_match_replays_and_bad_saved_games_are_refused():
    game = load(3, "basic-strategic", proposals=2)
    match = Match(game, seed=8)
    rng = np.random.default_rng(0)
    for _ in range(200):
        if match.state.is_chance_node():
            match.step_chance()
        else:
            legal = match.state.legal_actions()
            match.apply(legal[int(rng.integers(len(legal)))])
    loaded = Match.from_json(match.to_json())
    assert loaded.states == match.states and loaded.fair
    data = match.to_dict()
    for bad, words in (
        ({**data, "actions": data["actions"][:5] + ["send bard to dragon 1"]}, "bard"),
        ({**data, "options": {**data["options"], "proposals": 0}}, "proposals must be"),
        ({**data, "options": {**data["options"], "hourglass": 1}}, "unknown option"),
        ({**data, "players": 7}, "3-6 players"),
    ):
        with pytest.raises((SavedGameError, ValueError), match=words):
            Match.from_dict(bad)
    with pytest.raises(SavedGameError, match="nested"):
        Match.from_json("[" * 100 + "]" * 100)


# ---------------------------------------------------------------------------------------------
# The rules table, options and words
# ---------------------------------------------------------------------------------------------
def test_the_rules_table_carries_its_provenance():
    assert RULES.tokens.label == RULEBOOK and sum(RULES.tokens.value) == 126
    assert RULES.adventurers.label == SOURCED and RULES.adventurers.value == (4, 3, 2, 1)
    assert RULES.dragons.label == ASSUMED and len(RULES.dragons.value) == 18
    assert RULES.items.label == ASSUMED and RULES.item_count() == 24
    assert RULES.hourglass_seconds.value == 60


def test_overrides_take_effect_or_are_refused():
    game = load(3, dragons=[[6, 0, 0]] * 18, item_counts={"ward": 10}, hourglass_seconds=90)
    # item_counts names the whole deck: ten wards and nothing else
    assert game.cards[5].strength == 6 and game.components()["items"] == 10
    assert dict(zip(game.item_names, game.item_counts, strict=True)) == {
        "swap-shares": 0, "swap-dragons": 0, "ward": 10, "recall": 0,
    }  # fmt: skip
    assert game.rules.hourglass_seconds.value == 90
    state = game.new_state().apply("card 01")
    assert state.phase == "card"  # no known treasure: the next dragon comes at once
    for kwargs, words in (
        ({"dragons": [[99, 0, 0]] * 18}, "cannot be reached"),
        ({"dragons": [[6, 0]]}, "strength, known, hidden"),
        ({"item_counts": {"fireball": 1}}, "unknown magic item"),
        ({"item_counts": {"recall": 0}}, "has no card; to play without magic items"),
        ({"item_counts": {}}, "has no card"),
        ({"item_counts": {"recall": -1}}, r"item_counts\['recall'\] must be a whole number"),
        ({"item_counts": {"recall": 1.5}}, "must be a whole number of cards from 0 to 60"),
        ({"item_counts": {"recall": True}}, "must be a whole number"),
        ({"item_counts": {"recall": 10**40}}, "must be a whole number"),
        ({"item_counts": [("recall", 1)]}, "item_counts must be a dict"),
        ({"hourglass_seconds": 1}, "hourglass_seconds must be"),
        ({"proposals": True}, "proposals must be"),
        ({"items": 1}, "unknown value for items"),
        ({"first_player": 3}, "first_player must be a seat from 0 to 2"),
        ({"colour": "red"}, "unknown option"),
    ):
        with pytest.raises(ValueError, match=words):
            load(3, **kwargs)
    import dataclasses

    with pytest.raises(ValueError, match="tokens must be 9"):
        kaskaria.load(
            "dragons-gold",
            players=3,
            rules=dataclasses.replace(RULES, tokens=Value((1, 2), ASSUMED)),
        )
    assert isinstance(RULES, DragonsGoldRules)


def test_saved_options_load_back_and_compare_equal():
    game = load(4, "advanced", dragons=[[7, 2, 2]] * 18, proposals=3)
    again = kaskaria.load("dragons-gold", players=4, variant="advanced", **game.options())
    assert again == game and again.options() == game.options()
    assert load(4) != game


def test_both_languages_have_the_same_words():
    assert keys("dragons-gold", "en") == keys("dragons-gold", "de")
    assert len(keys("dragons-gold", "en")) > 100


def test_import_kaskaria_stays_light():
    import subprocess
    import sys

    code = (
        "import sys, kaskaria; g = kaskaria.load('dragons-gold', players=3); g.new_state(); "
        "print(sorted(m for m in sys.modules if m.startswith('kaskaria.dragons_gold')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = out.stdout.strip()
    for heavy in ("bots", "fairness", "present", "messages"):
        assert f"kaskaria.dragons_gold.{heavy}'" not in loaded
    code = "import sys, kaskaria; print(any(m.startswith('kaskaria.dragons_gold') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("games", sizes(12, 60))
@pytest.mark.parametrize(
    "options",
    [
        {"items": False},
        {"proposals": 1, "market_offers": 0},
        {"first_player": 2, "market_offers": 5},
        {"dragons": [[6, 2, 1]] * 18},
    ],
)
def test_conformance_with_dragons_gold_options(options, games):
    import conformance

    for variant in ("basic", "advanced-strategic"):
        report = conformance.run_conformance(
            "dragons-gold", 4, variant, games=games, seed=5, options=options
        )
        assert report.games == games
        assert report.illegal_probes > games and report.hidden_checks > games
