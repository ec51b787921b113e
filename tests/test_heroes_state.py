"""Heroes of Kaskaria states: notation, bad input, saved positions, what each viewer sees."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from heroes_support import load, random_states, set_up, state_at
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kaskaria
from kaskaria import (
    CHANCE,
    Action,
    IllegalActionError,
    InvalidActionError,
    Match,
    SavedGameError,
    pick_outcome,
)
from kaskaria.heroes import RULES, sample_state

HANDS = [
    ["blue griffin", "blue gold", "blue gold", "blue plus2", "red runner"],
    ["orange runner", "orange runner", "orange gold", "green griffin", "yellow gold"],
]
DISPLAY = ["purple gold", "white runner", "black griffin"]


def started(**options):
    return set_up(load(2, **options), HANDS, DISPLAY)


def positions():
    """One state of every phase."""
    game = load(2)
    turn = started()
    out = {
        "deal": game.new_state(),
        "turn": turn,
        "draw": turn.apply("draw pile"),
        "refill": turn.apply("take display 1"),
        "choose": turn.apply("play blue griffin plus2"),
        "over": state_at(
            game,
            hands=[["blue runner", "blue runner"], []],
            display=DISPLAY,
            runners=[10, 0],
            turns=8,
        ).apply("play blue runner runner"),
    }
    out["bury"] = (
        state_at(game, hands=[["blue gold"], []], display=DISPLAY, waterfall=0)
        .apply("draw pile")
        .apply("waterfall")
    )
    return out


# ---------------------------------------------------------------------------------------------
# Notation
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("draw pile", "draw pile"),
        ("  DRAW   pile ", "draw pile"),
        ("take display 2", "take display 2"),
        ("play blue gold griffin plus2 gold", "play blue griffin gold gold plus2"),
        ("play blue +2 runner", "play blue runner plus2"),
        ("plus2 pile", "plus2 pile"),
        ("+2 display 3", "plus2 display 3"),
        ("reveal orange gold", "reveal orange gold"),
        ("waterfall", "waterfall"),
        ("waterfall below 27", "waterfall below 27"),
        ("pass", "pass"),
    ],
)
def test_text_notation_round_trips(text, canonical):
    state = started()
    action = state.parse_action(text)
    assert str(action) == canonical
    assert state.parse_action(str(action)) == action


def test_every_action_of_random_games_round_trips():
    seen = set()
    for state in random_states(load(3, "brave"), 8, seed=5):
        for action in state.legal_actions():
            if action not in seen:
                seen.add(action)
                assert state.parse_action(str(action)) == action
    verbs = {a.verb for a in seen}
    assert verbs == {"draw", "take", "play", "plus2", "reveal", "waterfall"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action text"),
        ("   ", "empty action text"),
        ("jump", "is not a Heroes of Kaskaria action"),
        ("draw", "is not a Heroes of Kaskaria action"),
        ("draw display 1", "is not a Heroes of Kaskaria action"),
        ("take", "write 'take display <n>'"),
        ("take display", "write 'take display <n>'"),
        ("take display 4", "the display has places 1 to 3, not '4'"),
        ("take display 0", "places 1 to 3"),
        ("take display one", "places 1 to 3"),
        ("plus2", "write 'plus2 pile' or 'plus2 display <n>'"),
        ("play", "a set starts with its colour"),
        ("play magenta gold gold", "a set starts with its colour"),
        ("play blue", "name each card of the set by its motif"),
        ("play blue dragon gold", "'dragon' is not a motif"),
        ("play blue gold red gold", "one colour only"),
        ("play blue " + "gold " * 30, "no hand holds that many cards"),
        ("reveal blue", "write 'reveal <colour> <motif>'"),
        ("reveal blue dragon", "write 'reveal <colour> <motif>'"),
        ("waterfall below", "write 'waterfall'"),
        ("waterfall below -1", "write 'waterfall'"),
        ("waterfall below 99999", "write 'waterfall'"),
        ("waterfall above 3", "write 'waterfall'"),
        ("pass now", "is not a Heroes of Kaskaria action"),
        ("x" * 5000, "too long"),
        # characters that are quoted as escapes (\x1f, \U00018cd6): still a short message
        ("0" * 26 + "\x1f" * 6 + "\x08" + "\U00018cd6" * 20, "is not a Heroes of Kaskaria"),
        ("play " + "\U00018cd6" * 50, "a set starts with its colour"),
        ("play blue gold " + "\x1f\U0001e94c" * 12, "is not a motif"),
        ("take display " + "\U0002ebe1" * 2, "places 1 to 3"),
    ],
)
def test_malformed_text_is_refused_clearly_and_changes_nothing(text, message):
    for state in positions().values():
        before, h = state.to_dict(), hash(state)
        with pytest.raises(InvalidActionError, match=message) as err:
            state.apply(text)
        assert len(str(err.value)) < 400  # quotes at most a short prefix
        assert state.to_dict() == before and hash(state) == h


@pytest.mark.parametrize(
    "action",
    [
        Action(3, ()),
        Action("play", ["blue", "gold", "gold"]),
        Action("play", ("blue", 1, "gold")),
        Action("draw", (("pile",),)),
        Action("take", ("display", 2)),
        Action("reveal", ({"blue": 1}, "gold")),
        Action("play", ("blue", "gold", "griffin")),  # not in the order the game writes
        Action("play", ("blue", "gold", "plus2", "gold")),
        Action(None, None),
        Action("waterfall", ("below", "007")),
        Action("waterfall", ("below", "+3")),
    ],
)
def test_malformed_action_objects_are_refused_and_change_nothing(action):
    for state in positions().values():
        before, h = state.to_dict(), hash(state)
        with pytest.raises(InvalidActionError):
            state.apply(action)
        assert state.to_dict() == before and hash(state) == h


@pytest.mark.parametrize("thing", [3, None, 2.5, ["draw", "pile"], {"verb": "draw"}, b"draw pile"])
def test_things_that_are_not_actions_are_refused(thing):
    state = started()
    with pytest.raises(InvalidActionError, match="an action must be an Action or its text"):
        state.apply(thing)


@pytest.mark.parametrize(
    ("phase", "text", "rule"),
    [
        ("turn", "plus2 display 1", "only right after its set is played"),
        ("turn", "reveal blue gold", "chance, not a player's decision"),
        ("turn", "waterfall below 3", "chance, not a player's decision"),
        ("turn", "pass", "you must draw a card or play a set"),
        ("draw", "draw pile", "not a player's decision"),
        ("draw", "waterfall", "not the next card"),
        ("draw", "waterfall below 3", "only after it has shown"),
        ("refill", "take display 1", "not a player's decision"),
        ("choose", "draw pile", "first take 2 more cards"),
        ("choose", "play blue gold gold", "first take 2 more cards"),
        ("bury", "reveal blue gold", "only its place"),
        ("bury", "waterfall", "only its place"),
        ("over", "draw pile", "the game is over"),
        ("deal", "draw pile", "not a player's decision"),
    ],
)
def test_illegal_actions_name_the_rule_and_change_nothing(phase, text, rule):
    state = positions()[phase]
    before, h = state.to_dict(), hash(state)
    with pytest.raises(IllegalActionError, match=rule) as err:
        state.apply(text)
    assert str(state.parse_action(text)) in str(err.value)
    assert state.to_dict() == before and hash(state) == h


def test_a_card_not_in_the_pile_cannot_come_off_it():
    state = started().apply("draw pile")
    # both blue gold cards are in player 1's hand
    with pytest.raises(IllegalActionError, match="no blue gold card left in the draw pile"):
        state.apply("reveal blue gold")


def test_an_empty_display_place_cannot_be_taken():
    """Only a teacher's deck can leave a display place empty (no card left to refill it)."""
    game = load(
        2,
        colours=["blue", "orange"],
        hand_limit=3,
        plus2_above_limit=True,
        player_counts=[2, 2],
        start_hand=1,
    )
    everything = [n for k, n in enumerate(game.kind_names) for _ in range(game.deck[k])]
    mine = ["blue griffin", "orange griffin"]
    shown = ["blue gold"]
    rest = list(everything)
    for card in mine + shown:
        rest.remove(card)
    state = state_at(game, hands=[mine, rest], display=[*shown, None, None], waterfall=0)
    assert [str(a) for a in state.legal_actions()] == ["take display 1"]
    before = state.to_dict()
    with pytest.raises(IllegalActionError, match="place 2 of the display holds no card"):
        state.apply("take display 2")
    assert state.to_dict() == before
    with pytest.raises(IllegalActionError, match="no card left to draw"):
        state.apply("draw pile")
    # a '+2' card with no card left to draw: only the display card can be taken
    rest.remove("orange plus2")
    rest.remove("orange gold")
    choose = state_at(
        game,
        hands=[mine, rest],
        display=[*shown, None, None],
        played=["orange plus2", "orange gold"],
        draws_left=2,
        waterfall=0,
    )
    assert [str(a) for a in choose.legal_actions()] == ["plus2 display 1"]
    with pytest.raises(IllegalActionError, match="no card left to draw"):
        choose.apply("plus2 pile")
    with pytest.raises(IllegalActionError, match="place 3 of the display holds no card"):
        choose.apply("plus2 display 3")
    after = choose.apply("plus2 display 1")  # nothing left to take: the turn ends ...
    assert after.draws_left == 0 and after.discard_size == 2  # ... and the set is discarded,
    assert after.phase == "refill" and after.pile_size == 0  # so the display can be refilled:
    assert [str(a) for a in after.legal_actions()] == ["waterfall"]  # through the waterfall
    after = after.apply("waterfall").apply("waterfall below 2").apply("reveal orange gold")
    assert after.phase == "refill"  # two places still empty, one card left
    after = after.apply("reveal orange plus2")
    assert after.current_player() == 1 and after.turns == 1
    assert after.observation("table")["display"] == ["orange gold", "orange plus2", None]


def test_rule_messages_are_in_german_too():
    state = started()
    with pytest.raises(IllegalActionError) as err:
        state.apply("play blue griffin")
    assert "Kartenset hat mindestens 2 Karten" in err.value.text("de")
    assert "„play blue griffin“ ist nicht erlaubt" in err.value.text("de")


def test_states_the_engine_builds_are_frozen_states_like_any_other():
    """The engine builds its states in a faster way than the constructor: the result is the same
    (type, fields, equality, hash) and just as frozen."""
    from kaskaria.heroes import HeroesState

    names = [f.name for f in dataclasses.fields(HeroesState) if f.name != "_legal"]
    for state in random_states(load(3), 2, seed=4):
        assert type(state) is HeroesState
        with pytest.raises(dataclasses.FrozenInstanceError):
            state.phase = "over"
        with pytest.raises(dataclasses.FrozenInstanceError):
            del state.turns
        twin = HeroesState(**{n: getattr(state, n) for n in names})
        assert twin == state and hash(twin) == hash(state) and repr(twin) == repr(state)
        assert twin.legal_actions() == state.legal_actions()


# ---------------------------------------------------------------------------------------------
# Chance is exact
# ---------------------------------------------------------------------------------------------
def test_sample_chance_picks_exactly_like_pick_outcome():
    for i, state in enumerate(random_states(load(2), 3, seed=9)):
        if state.current_player() == CHANCE:
            fast = state.sample_chance(np.random.default_rng(i))
            slow = pick_outcome(state.chance_outcomes(), np.random.default_rng(i))
            assert fast == slow


def test_chance_outcomes_only_at_chance_points():
    with pytest.raises(IllegalActionError, match="no chance event is due"):
        started().chance_outcomes()
    with pytest.raises(IllegalActionError, match="no chance event is due"):
        started().chance_kind()


def test_draw_chance_is_over_kinds_weighted_by_count():
    state = started().apply("draw pile")
    outcomes = dict(state.chance_outcomes())
    assert sum(outcomes.values()) == 1
    pile = state.observation("omniscient")["pile_cards"]
    counts = Counter(pile)
    assert {str(a)[7:]: p for a, p in outcomes.items()} == {
        name: Fraction(n, len(pile)) for name, n in counts.items()
    }


# ---------------------------------------------------------------------------------------------
# Saved positions
# ---------------------------------------------------------------------------------------------
def test_every_state_survives_to_dict_and_json():
    game = load(3, "brave")
    for state in random_states(game, 5, seed=2):
        data = json.loads(json.dumps(state.to_dict()))
        again = game.state_from_dict(data)
        assert again == state and again.legal_actions() == state.legal_actions()
        assert again.components() == game.components()


def broken(changes):
    data = started().to_dict()
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"phase": "dance"}, "phase 'dance' is unknown"),
        ({"player": 2}, "player must be a whole number from 0 to 1"),
        ({"player": True}, "player must be a whole number"),
        ({"hands": [[], [], []]}, "hands must be a list of 2 hands"),
        ({"hands": "blue gold"}, "hands must be a list of 2 hands"),
        ({"display": ["purple gold", "white runner"]}, "display must be a list of 3 places"),
        (
            {"display": ["purple gold", "white runner", "magenta gold"]},
            "'magenta gold' in display is not a card",
        ),
        ({"pile": [["nested"]]}, "in pile is not a card"),
        ({"pile": "x" * 100_000}, "pile must be a list of cards"),
        ({"discard": ["blue griffin"]}, "2 blue griffin cards are placed; there is 1"),
        ({"above": 99}, "above must be a whole number from -1 to 41"),
        ({"above": 3}, "3 cards above the waterfall, but at least 21"),
        ({"above": -1}, "the waterfall is set aside exactly while"),
        ({"wf_lo": -2}, "wf_lo must be a whole number"),
        ({"supply": 70}, "there are 80"),
        ({"gold": [1, 0]}, "there are 80"),
        ({"stand_ins": [1, 0]}, "stand-in gold is paid only once the supply is empty"),
        ({"amulet": 1}, "exactly that player's figure is on the volcano"),
        ({"runners": [12, 0]}, "nobody holds the amulet"),
        ({"runners": [13, 0]}, "runners must be a list of 2 whole numbers from 0 to 12"),
        ({"turns": 3}, "after 3 turns it is seat 1's turn"),
        ({"known": [["orange gold"], []]}, "orange gold is known to be in hand 0 but is not there"),
        ({"resume": "draw"}, "resume names the interrupted phase"),
        ({"resume": 3}, "resume must be"),
        ({"draws_left": 2}, "a turn starts with no set being played"),
        ({"extra": 1}, "unknown \\['extra'\\]"),
        ({"played": ["blue griffin"]}, "2 blue griffin cards are placed"),
    ],
)
def test_impossible_positions_are_refused_with_the_reason(changes, message):
    game = load(2)
    data = broken(changes)
    with pytest.raises(ValueError, match=message) as err:
        game.state_from_dict(data)
    assert len(str(err.value)) < 300


def test_missing_fields_and_odd_objects_are_refused():
    game = load(2)
    data = started().to_dict()
    del data["hands"]
    with pytest.raises(ValueError, match=r"fields missing \['hands'\]"):
        game.state_from_dict(data)
    for thing in (None, [], "state", 3, {"phase": "turn"}):
        with pytest.raises(ValueError, match="impossible Heroes of Kaskaria position"):
            game.state_from_dict(thing)
    with pytest.raises(TypeError, match="must be a Heroes of Kaskaria game"):
        type(started()).from_dict(kaskaria.load("dragon-battle"), data)


def test_positions_of_each_phase_are_checked():
    game = load(2)
    deal = game.new_state().apply("reveal blue gold")
    data = deal.to_dict()
    data["player"] = 0
    with pytest.raises(ValueError, match="next card goes to the next seat"):
        game.state_from_dict(data)
    data = deal.to_dict()
    data["gold"] = [1, 0]
    data["supply"] = 79
    with pytest.raises(ValueError, match="the game has not started"):
        game.state_from_dict(data)
    choose = started().apply("play blue griffin plus2").to_dict()
    choose["draws_left"] = 0
    with pytest.raises(ValueError, match="a '\\+2' choice waits only while"):
        game.state_from_dict(choose)
    over = positions()["over"].to_dict()
    over["amulet"] = -1
    with pytest.raises(ValueError, match="nobody holds the amulet"):
        game.state_from_dict(over)


def test_a_saved_game_replays_and_bad_saved_games_are_refused():
    game = load(2)
    match = Match(game, seed=11)
    match.resolve_chance()
    rng = np.random.default_rng(0)
    for _ in range(30):
        if match.state.is_terminal():
            break
        legal = match.state.legal_actions()
        match.play(legal[int(rng.integers(len(legal)))])
    assert match.fair
    loaded = Match.from_json(match.to_json())
    assert loaded.states == match.states and loaded.fair
    data = json.loads(match.to_json())
    bad = dict(data, actions=data["actions"] + ["play blue gold gold gold gold"])
    with pytest.raises(SavedGameError, match="does not replay"):
        Match.from_dict(bad)
    with pytest.raises(SavedGameError, match="nested more than"):
        Match.from_json("[" * 100 + "]" * 100)
    with pytest.raises(SavedGameError, match="too long"):
        Match.from_dict(dict(data, actions=["x" * 1000]))
    with pytest.raises(SavedGameError, match="cannot be set up"):
        Match.from_dict(dict(data, options={**data["options"], "griffin_path": 0}))
    # options left out are the defaults (a saved game may be written by hand); names a saved game
    # cannot hold are refused
    assert data["options"] == load(2).options()  # this game plays the defaults
    assert Match.from_dict(dict(data, options={})).states == Match.from_dict(data).states
    with pytest.raises(SavedGameError, match=r"unknown option\(s\) 'rules'"):
        Match.from_dict(dict(data, options={**data["options"], "rules": None}))


def test_a_viewers_code_hides_the_others_cards():
    game = load(2)
    match = Match(game, seed=4)
    match.resolve_chance()
    full = match.lines()
    for viewer in (0, 1, "table"):
        lines = match.lines(viewer)
        for i, line in enumerate(lines):
            if full[i].startswith("waterfall below"):
                assert line == "waterfall below ?"
            elif line == "reveal ?":
                assert full[i].startswith("reveal")
        hidden = sum(line == "reveal ?" for line in lines)
        assert hidden == (10 if viewer == "table" else 5)
        code = match.to_code(viewer=viewer)
        view = kaskaria.match.read_code(code)
        assert list(view.lines) == lines
        with pytest.raises(SavedGameError, match="cannot be replayed"):
            Match.from_code(code)


def test_overrides_and_options_survive_a_saved_game():
    game = load(3, "brave", runner_path=9, gold_runs_out="stop", first_player=2)
    match = Match(game, seed=1)
    match.resolve_chance()
    loaded = Match.from_json(match.to_json())
    assert loaded.game == game and loaded.game.runner_path == 9 and loaded.states == match.states


def test_unknown_rules_table_entry_is_named():
    with pytest.raises(ValueError, match="unknown rules-table entry 'dice'; entries are: colours"):
        RULES.with_overrides(dice=4)


# ---------------------------------------------------------------------------------------------
# What each viewer sees
# ---------------------------------------------------------------------------------------------
def test_observation_shows_a_seat_its_own_hand_only():
    state = started().apply("take display 1").apply("reveal red gold")
    mine = state.observation(0)
    theirs = state.observation(1)
    table = state.observation("table")
    everything = state.observation("omniscient")
    assert sorted(mine["hands"][0]) == sorted([*HANDS[0], "purple gold"])
    assert mine["hands"][1] is None and theirs["hands"][0] is None
    assert table["hands"] == [None, None]
    assert mine["hand_sizes"] == theirs["hand_sizes"] == [6, 5]
    assert theirs["known"][0] == ["purple gold"]
    assert "pile_cards" not in mine and "above" not in mine["waterfall"]
    assert everything["waterfall"]["above"] == state.above
    assert len(everything["pile_cards"]) == mine["pile"] == 40
    for obs in (mine, theirs, table, everything):
        assert json.loads(json.dumps(obs)) == obs
        assert obs["display"] == ["red gold", "white runner", "black griffin"]


def test_observations_of_a_seat_never_show_the_other_hands():
    game = load(4)
    for state in random_states(game, 3, seed=7):
        for seat in range(4):
            obs = state.observation(seat)
            for p in range(4):
                assert (obs["hands"][p] is None) == (p != seat)


def test_text_shows_nothing_hidden():
    state = started()
    text = state.text()
    for card in HANDS[0] + HANDS[1]:
        assert card.replace(" ", "-") not in text
    assert "display purple-gold white-runner black-griffin" in text
    assert "wf 21-41" in text and "41" in text


def test_redaction_and_log_sentences_for_each_viewer():
    state = started().apply("draw pile")
    action = state.parse_action("reveal orange plus2")
    assert state.redact(action, 0) == "reveal orange plus2"
    assert state.redact(action, 1) == "reveal ?"
    assert state.redact(action, "table") == "reveal ?"
    assert state.redact(action, "omniscient") == "reveal orange plus2"
    assert state.action_text(action, 1) == "Player 1 draws a card"
    assert state.action_text(action, 0) == "you draw the orange draw-two"
    assert state.action_text(action, 0, "de") == "du ziehst die Karte Zieh-zwei (orange)"
    assert state.action_text(action, 1, "de") == "Spieler 1 zieht eine Karte"
    take = started()
    assert take.action_text(take.parse_action("take display 1"), 1) == (
        "Player 1 takes the purple gold from the display"
    )
    refill = take.apply("take display 1")
    laid = refill.parse_action("reveal green gold")
    assert refill.redact(laid, 1) == "reveal green gold"  # the display is face up
    assert refill.action_text(laid, 1) == "the green gold is laid out in the display"
    bury = positions()["bury"]
    place = bury.legal_actions()[0]
    for viewer in (0, 1, "table"):
        assert bury.redact(place, viewer) == "waterfall below ?"
        assert "nobody knows" in bury.action_text(place, viewer)
    assert bury.redact(place, "omniscient") == str(place)
    play = started()
    assert play.action_text(play.parse_action("play blue gold gold"), 1) == (
        "Player 1 plays 2 cards, all blue"
    )
    # the card a '+2' brings comes from the pile: it is any card, not a '+2' card
    choose = positions()["choose"]
    pile = choose.parse_action("plus2 pile")
    assert (
        choose.action_text(pile, 1)
        == "Player 1 takes a card from the draw pile for the draw-two card"
    )
    assert (
        choose.action_text(pile, 0) == "you take a card from the draw pile for your draw-two card"
    )
    assert choose.action_text(pile, 1, "de") == (
        "Spieler 1 nimmt für die Zieh-zwei-Karte eine Karte vom Nachziehstapel"
    )


def test_resample_hidden_keeps_what_the_seat_sees_and_deals_the_rest_again():
    state = started().apply("take display 1").apply("reveal red gold")
    state = state.apply("draw pile").apply("reveal green plus2")  # player 2's hidden card
    rng = np.random.default_rng(3)
    seen_hands = set()
    for _ in range(40):
        twin = state.resample_hidden(0, rng)
        assert twin.observation(0) == state.observation(0)
        assert twin.hands[0] == state.hands[0]
        assert twin.components() == state.game.components()
        seen_hands.add(twin.hands[1])
        twin1 = state.resample_hidden(1, rng)
        assert twin1.observation(1) == state.observation(1)
        assert "purple gold" in twin1.observation("omniscient")["hands"][0]  # known to all
        assert twin.legal_actions() != () and twin.current_player() == state.current_player()
    assert len(seen_hands) > 30  # really dealt again


def test_resample_deals_uniformly_from_the_unseen_cards():
    """Seat 0 does not see seat 1's hand: over many deals, each unseen card is in it about as
    often as its share of the unseen cards says (exactly: hand size * count / unseen)."""
    state = started()
    rng = np.random.default_rng(8)
    n = 3000
    hits = Counter()
    for _ in range(n):
        twin = state.resample_hidden(0, rng)
        hits.update(twin.game.kind_names[k] for k in twin.hands[1])
    unseen = 54 - 5 - 3  # seat 0's hand and the display
    for card, count in (("orange gold", 2), ("blue griffin", 0), ("green runner", 2)):
        expected = n * 5 * count / unseen
        sd = (n * 5 * count / unseen * (1 - count / unseen)) ** 0.5 + 1e-9
        assert abs(hits[card] - expected) <= 4 * sd, (card, hits[card])
    assert hits["blue griffin"] == 0  # seat 0 holds it


def test_sample_state_needs_a_seats_observation():
    state = started()
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match="needs a seat's observation"):
        sample_state(state.game, state.observation("table"), rng)
    with pytest.raises(ValueError, match="Heroes of Kaskaria observation"):
        sample_state(state.game, {"game": "dragon-battle"}, rng)
    with pytest.raises(TypeError, match="Heroes of Kaskaria game"):
        sample_state(kaskaria.load("dragon-battle"), state.observation(0), rng)
    with pytest.raises(ValueError, match="seat must be a seat from 0 to 1"):
        state.resample_hidden(5, rng)
    with pytest.raises(ValueError, match="seat must be a seat"):
        state.resample_hidden("table", rng)


def test_components_are_conserved_in_every_state():
    game = load(4, "brave")
    expected = game.components()
    for state in random_states(game, 4, seed=1):
        assert state.components() == expected


def test_a_lost_card_shows_in_the_components():
    state = started()
    data = state.to_dict()
    data["pile"].remove("red gold")
    with pytest.raises(ValueError, match="1 red gold cards are placed; there are 2"):
        state.game.state_from_dict(data)
    k = state.game.kind_of["red gold"]
    pile = state.pile[:k] + (state.pile[k] - 1,) + state.pile[k + 1 :]
    lost = dataclasses.replace(state, pile=pile, pile_size=state.pile_size - 1)
    counts = lost.components()
    assert counts["cards"] == 54 and counts["red gold cards"] == 1
    assert counts != state.game.components()
    moved = dataclasses.replace(state, above=-1)  # the waterfall nowhere it may be
    assert moved.components()["waterfall"] == 0


def test_position_helper_builds_valid_positions():
    game = load(2)
    state = state_at(game, hands=[["blue gold"], []], display=DISPLAY)
    assert state.pile_size == 54 - 4


# ---------------------------------------------------------------------------------------------
# Any input at all: a clear error or a real action, never a crash, never a change
# ---------------------------------------------------------------------------------------------

_WORDS = st.sampled_from(
    [
        "draw",
        "pile",
        "take",
        "display",
        "play",
        "plus2",
        "+2",
        "reveal",
        "waterfall",
        "below",
        "pass",
        "blue",
        "orange",
        "black",
        "griffin",
        "runner",
        "gold",
        "1",
        "2",
        "3",
        "0",
        "99",
        "x",
    ]
)
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 60) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=60), st.lists(_WORDS, max_size=7).map(" ".join)))
def test_any_text_is_an_action_or_a_clear_error_and_changes_nothing(text):
    for state in (started(), started().apply("play blue griffin plus2")):
        before = state.to_dict()
        try:
            action = state.parse_action(text)
        except InvalidActionError as err:
            assert len(str(err)) < 400
            continue
        assert state.parse_action(str(action)) == action
        try:
            after = state.apply(action)
        except IllegalActionError as err:
            assert str(action) in str(err)
        else:
            assert action in state.legal_actions() and after != state
        assert state.to_dict() == before


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_any_saved_position_loads_or_is_refused_clearly(data):
    game = load(2)
    base = started().to_dict()
    field = data.draw(st.sampled_from(sorted(base)))
    value = data.draw(_JSON)
    broken = {**base, field: value}
    try:
        state = game.state_from_dict(broken)
    except ValueError as err:
        assert "impossible Heroes of Kaskaria position" in str(err) and len(str(err)) < 400
    else:
        assert state.to_dict() == broken or game.state_from_dict(state.to_dict()) == state
