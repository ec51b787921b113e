"""Positions a person can write (kaskaria.positions): matches that start at a set-up position,
position texts that round-trip every decision of random play, and bad texts refused briefly."""

from __future__ import annotations

import json
import time

import numpy as np
import pytest
import toy_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kaskaria
from kaskaria import CHANCE, Match, PositionError, SavedGameError
from kaskaria.core import game_class
from kaskaria.dragons_gold import ADVENTURERS
from kaskaria.match import read_code
from kaskaria.positions import MAX_POSITION_CHARS, position_text, read_position

GAMES = ("dragon-battle", "heroes", "dragons-gold")


def decision_states(name: str, variant: str, per_variant: int, stride: int = 5, seed: int = 0):
    """About ``per_variant`` states where a player decides (or the game is over), spread over
    random games of every player count of ``variant`` (every ``stride``-th such state), some with
    another first player."""
    cls = game_class(name)
    counts = list(range(cls.min_players, cls.max_players + 1))
    found = 0
    i = 0
    while found < per_variant:
        players = counts[i % len(counts)]
        options = {"first_player": players - 1} if i % 3 == 2 else {}
        game = kaskaria.load(name, players=players, variant=variant, **options)
        rng = np.random.default_rng([seed, i])
        state = game.new_state()
        k = 0
        while True:
            if state.current_player() != CHANCE:
                k += 1
                if k % stride == 0 or state.is_terminal():
                    found += 1
                    yield state
            if state.is_terminal() or found >= per_variant:
                break
            if state.current_player() == CHANCE:
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                action = legal[int(rng.integers(len(legal)))]
            state = state.apply(action)
        i += 1


# ---------------------------------------------------------------------------------------------
# round trips
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "variant"),
    [(n, v) for n in GAMES for v in game_class(n).variants],
)
def test_position_text_round_trips_random_play(name, variant):
    """Every state reached in random play where a player decides (and the end) is written as a
    position text that reads back into an equal state and a match standing there: Dragon's
    Gold's market too (an offer being built, and one waiting for its answer)."""
    seen = 0
    phases = set()
    for state in decision_states(name, variant, per_variant=300):
        text = position_text(state)
        assert len(text) <= MAX_POSITION_CHARS
        assert text.startswith(f"{name} {state.game.players}")
        assert read_position(text) == state
        match = Match.from_position(text, seed=1)
        assert match.state == state and match.at(0) == state and len(match) == 0
        assert match.position_text() == text
        seen += 1
        phases.add(state.phase)
    assert seen == 300
    if name == "dragons-gold":
        assert phases & {"market", "offer", "reply"}, phases  # the market was met (every
        # phase of it over all variants: test_round_trip_covers_every_decision_phase)


@pytest.mark.parametrize("variant", game_class("dragons-gold").variants)
def test_dragons_gold_positions_a_seat_cannot_tell_apart_round_trip(variant):
    """A position with what one seat cannot see dealt again (``resample_hidden``) is a position
    too, and is written exactly: at the market, after a declined theft, and where a made offer
    asks for tokens the re-deal gave to its own maker."""
    rng = np.random.default_rng(3)
    seen = 0
    for state in decision_states("dragons-gold", variant, per_variant=150, stride=7, seed=1):
        for seat in range(state.game.players):
            twin = state.resample_hidden(seat, rng)
            assert read_position(position_text(twin)) == twin
            seen += 1
    assert seen >= 450


def test_round_trip_covers_every_decision_phase():
    """The sample of the round trip meets every decision phase of each game (so no phase is
    left untested), and the end."""
    expected = {
        "dragon-battle": {"start", "place", "decide", "over"},
        "heroes": {"turn", "choose", "over"},
        "dragons-gold": {
            "turn", "build", "answer", "divide", "choose", "swap", "victim", "ward", "pick",
            "market", "offer", "reply", "over",
        },
    }  # fmt: skip
    for name in GAMES:
        phases = set()
        for variant in game_class(name).variants:
            phases |= {s.phase for s in decision_states(name, variant, per_variant=300)}
        assert phases == expected[name], name


# ---------------------------------------------------------------------------------------------
# a match from a position
# ---------------------------------------------------------------------------------------------
def heroes_match(seed=5):
    return kaskaria.setup(
        "heroes",
        players=3,
        hands={0: "blue griffin, 2 blue gold, blue plus2", 1: "red griffin, red runner"},
        display=["orange gold", "green runner", "white griffin"],
        to_move=0,
        seed=seed,
    )


def test_setup_returns_a_match_at_the_position():
    match = heroes_match()
    assert isinstance(match, Match)
    assert len(match) == 0 and match.at(0) is match.state
    assert match.seed == 5
    assert match.start_text == match.position_text()
    assert match.state.current_player() == 0


def test_a_match_from_a_position_plays_on_with_its_seed():
    """Chance after the position is seeded as in any match: the same seed, the same draws;
    another seed, other draws somewhere."""

    def draws(seed):
        match = heroes_match(seed)
        for _ in range(6):
            match.play("draw pile")
        return match.lines()

    assert draws(5) == draws(5)
    assert any(draws(5) != draws(s) for s in (6, 7, 8))
    match = heroes_match(5)
    match.play("draw pile")
    assert match.lines()[1] == str(match.at(1).sample_chance(match.chance_rng(1)))
    assert match.fair


def test_undo_stops_at_the_start():
    match = heroes_match()
    start = match.state
    match.play("play blue griffin gold gold plus2")
    assert match.state != start
    while match.can_undo(through_chance=True):
        match.undo(through_chance=True)
    assert match.state == start and len(match) == 0
    with pytest.raises(kaskaria.IllegalActionError, match="nothing to undo"):
        match.undo()
    assert match.truncate(0) == start


def test_saved_game_carries_the_start_and_loads_with_checks():
    match = heroes_match()
    match.play("play blue griffin gold gold plus2")
    match.play("plus2 pile")
    data = json.loads(match.to_json())
    assert data["start"] == match.start_text
    for loaded in (Match.from_json(match.to_json()), Match.from_code(match.to_code())):
        assert loaded.at(0) == match.at(0)
        assert loaded.state == match.state and loaded.lines() == match.lines()
        assert loaded.start_text == match.start_text
        loaded.undo(through_chance=True)
        loaded.undo(through_chance=True)
        assert loaded.state == match.at(0)
    copy = match.copy()
    assert copy.start_text == match.start_text and copy.at(0) == match.at(0)


@pytest.mark.parametrize(
    ("start", "message"),
    [
        (7, "start must be a position text"),
        ("", "start must be a position text"),
        ("x" * (MAX_POSITION_CHARS + 1), "start must be a position text"),
        ("?", "belongs to a viewer's record"),
        ("heroes 2; player 9", "start position cannot be read"),
        ("dragon-battle 2", "other rules than the saved game"),
        ("heroes 2 brave", "other rules than the saved game"),
        ("heroes 3 first=2", "other rules than the saved game"),
    ],
)
def test_a_bad_start_in_a_saved_game_is_refused(start, message):
    data = json.loads(heroes_match().to_json())
    data["start"] = start
    with pytest.raises(SavedGameError, match=message):
        Match.from_json(json.dumps(data))


def test_actions_of_a_saved_game_replay_from_its_start():
    match = heroes_match()
    match.play("play blue griffin gold gold plus2")
    data = json.loads(match.to_json())
    data["start"] = heroes_match().start_text.replace("2 blue gold", "blue gold")
    with pytest.raises(SavedGameError, match="does not replay"):
        Match.from_json(json.dumps(data))


def test_start_must_be_a_writable_state_of_the_game():
    game = kaskaria.load("heroes", players=3)
    other = kaskaria.load("heroes", players=2).new_state()
    with pytest.raises(ValueError, match="state of this game"):
        Match(game, start=other)
    with pytest.raises(PositionError, match="chance is due"):
        Match(game, start=game.new_state())  # the deal is a chance step


def test_viewer_codes_do_not_leak_the_start():
    """A start that holds what a viewer may not see (another hand, the pile) is left out of that
    viewer's record (written '?'), along with the seed; the record cannot be replayed."""
    match = heroes_match()
    match.play("play blue griffin gold gold plus2")
    for viewer in (0, 1, 2, "table"):
        data = match.to_dict(viewer=viewer)
        assert data["start"] == "?" and "seed" not in data
        text = json.dumps(data)
        assert "red griffin" not in text and "hand" not in text
        view = read_code(match.to_code(viewer=viewer))
        assert view.start == "?" and view.viewer == viewer
        with pytest.raises(SavedGameError, match="cannot be replayed"):
            Match.from_code(match.to_code(viewer=viewer))
    assert match.to_dict(viewer="omniscient")["start"] == match.start_text


def test_viewer_codes_of_an_open_start():
    """Dragon Battle (basic) hides nothing at a set-up position: a viewer's record writes the
    start out in full (only the seed is kept from it while the game runs, so it cannot be
    replayed); in the memory variant a face-down resident is hidden, so the start is left out."""
    match = kaskaria.setup("dragon-battle", players=2, scared={"red": 2}, seed=4)
    for viewer in (0, 1, "table"):
        data = match.to_dict(viewer=viewer)
        assert data["start"] == match.start_text and "seed" not in data
        assert read_code(match.to_code(viewer=viewer)).start == match.start_text
        with pytest.raises(SavedGameError, match="cannot be replayed"):
            Match.from_code(match.to_code(viewer=viewer))
    assert Match.from_code(match.to_code()).at(0) == match.at(0)
    memory = kaskaria.setup("dragon-battle", players=2, variant="memory", scared={"red": 2})
    assert memory.to_dict(viewer=0)["start"] == "?"
    assert "queen" not in json.dumps(memory.to_dict(viewer=0))
    gold = kaskaria.setup("dragons-gold", players=3, screens={1: "3 gold"})
    assert gold.to_dict(viewer=0)["start"] == "?"
    assert gold.to_dict(viewer=1)["start"] == "?"  # seat 1 sees its screen, not the item deck


def test_setup_takes_a_game_or_a_name_with_options():
    game = kaskaria.load("dragon-battle", players=3, first_player=2)
    match = kaskaria.setup(game)
    assert match.game is game and match.state.player == 2
    match = kaskaria.setup("dragon-battle", players=3, options={"first_player": 2})
    assert match.game == game
    assert match.position_text().startswith("dragon-battle 3 first=3;")
    with pytest.raises(TypeError, match="from that game"):
        kaskaria.setup(game, players=3)
    with pytest.raises(TypeError, match="game's name"):
        kaskaria.setup(7)
    assert kaskaria.heroes.setup(players=3).game == kaskaria.load("heroes", players=3)
    assert kaskaria.dragons_gold.setup().game.players == 4
    assert kaskaria.dragon_battle.setup(variant="younger").game.variant == "younger"


def test_a_game_without_positions_says_so():
    game = kaskaria.load(toy_game.NAME, players=2)
    with pytest.raises(NotImplementedError, match="no set-up of positions"):
        kaskaria.setup(game)
    state = game.new_state()
    while state.current_player() == CHANCE:
        state = state.apply(state.legal_actions()[0])
    with pytest.raises(PositionError, match="no position texts"):
        position_text(state)
    with pytest.raises(PositionError, match="no position texts"):
        read_position(f"{toy_game.NAME} 2; hand 1: 3")


def test_chance_steps_are_not_written():
    match = kaskaria.setup("dragon-battle", players=2, seed=1)
    match.apply("roll")
    with pytest.raises(PositionError, match="chance is due now .roll."):
        match.position_text()


# ---------------------------------------------------------------------------------------------
# the header
# ---------------------------------------------------------------------------------------------
def test_header_carries_players_variant_and_options():
    game = kaskaria.load(
        "dragon-battle",
        players=4,
        variant="memory",
        first_player=1,
        jugglers_run_out="unlimited",
        stars={"queen": 3},
    )
    text = kaskaria.setup(game).position_text()
    head = text.split(";")[0]
    assert head.startswith("dragon-battle 4 memory ")
    assert "first=2" in head and "jugglers_run_out=unlimited" in head
    assert 'stars={"queen":3}' in head
    assert read_position(text).game == game
    heroes = kaskaria.load("heroes", players=2, griffin_path=6, gold_supply=60, final_plus2="draw")
    text = kaskaria.setup(heroes).position_text()
    assert read_position(text).game == heroes
    gold = kaskaria.load("dragons-gold", players=3, items=False, proposals=2)
    assert read_position(kaskaria.setup(gold).position_text()).game == gold


def test_header_reads_leniently_but_exactly():
    state = read_position("HEROES 3 Brave first=2; Player 2")
    assert state.game == kaskaria.load("heroes", players=3, variant="brave", first_player=1)
    assert state.player == 1
    assert read_position("heroes 2 whole_colour=true").game.whole_colour is True


# ---------------------------------------------------------------------------------------------
# bad texts
# ---------------------------------------------------------------------------------------------
BAD_TEXTS = [
    ("", "empty position text"),
    ("   ", "empty position text"),
    ("chess 2", "unknown game 'chess'"),
    ("heroes", "number of players"),
    ("heroes two", "number of players"),
    ("heroes 7", "2-4 players, not 7"),
    ("heroes 99999999999999999999", "number of players"),
    ("heroes 2 daring", "unknown variant 'daring'"),
    ("heroes 2 first=3", "first=<seat>"),
    ("heroes 2 first=0", "first=<seat>"),
    ("heroes 2 first_player=1", "first=<seat>, counted from 1"),
    ("heroes 2 first=1 first=2", "given twice"),
    ("heroes 2 colour=blue", "unknown option 'colour'"),
    ("heroes 2 whole_colour=yes", "unknown value for whole_colour"),
    ("heroes 2 whole_colour", "unknown variant 'whole_colour'.*<name>=<value>"),
    ("heroes 2 brave whole_colour", "neither the variant nor an option"),
    ('heroes 2 colours=["blue"', "not valid JSON"),
    ("heroes 2 colours=" + "[" * 40 + "]" * 40, "nests brackets at most"),
    ("heroes 2; player ²", "not plain text|plain text"),
    ("heroes ²", "plain text"),
    ("heroes 2; player \u0663", "plain text"),
    ("heroes 2\x00", "plain text"),
    ("heroes 2; wizard 3", "unknown field 'wizard 3'"),
    ("heroes 2; player 1; player 2", "given twice"),
    ("heroes 2; player 3", "from 1 to 2"),
    ("heroes 2; player 99999", "from 1 to 2"),
    ("heroes 2; hand 1 blue griffin", "write hand <seat>: <card>"),
    ("heroes 2; hand 1: blue dragon", "'blue dragon' in Player 1 \\(seat 0\\)'s hand"),
    ("heroes 2; hand 1: 9999 blue gold", "a count in Player 1"),
    ("heroes 2; : x", "a name before its colon"),
    ("dragon-battle 2; residents king", "residents <yellow>"),
    ("dragon-battle 2; scared pink: red", "'pink' is not a dragon"),
    ("dragons-gold 3; dragon 5: card 1", "a dragon's place must be"),
    ("dragons-gold 3; dragon 1: 2 gold", "write dragon <place>: card <n>"),
    ("dragons-gold 3; sure me of 1: gold", "a player from 1 to 3"),
    ("dragons-gold 3; market shut", "write market open .or: market held, market ahead."),
    ("dragons-gold 3; market open; trade 2", "write trade with <seat>"),
    ("dragons-gold 3; market open; trade with 4", "trade with .a player from 1 to 3."),
    ("dragons-gold 3; market open; offers-left 2 2", "offers-left lists 3 numbers"),
    ("dragons-gold 3; market open; offers-left 2 2 9", "offers-left must be .* 0 to 2"),
    ("dragons-gold 3; market open; queue 1 3 2", "goes round the table in seat order"),
    ("dragons-gold 3; market open; offer gold", "write offer: <tokens>"),
    ("dragons-gold 3; offer: gold", "offer describes the market: say market_open=True"),
    ("dragons-gold 3; market open; ask: 2 gold", "asks for 2 gold tokens; the other players"),
]


@pytest.mark.parametrize(("text", "message"), BAD_TEXTS)
def test_bad_position_texts_get_short_typed_errors(text, message):
    with pytest.raises(PositionError, match=message) as err:
        read_position(text)
    assert len(str(err.value)) < 400


def test_oversized_and_odd_inputs_fail_fast():
    for text in ("heroes 2; " + "player 1; " * 1000, "x" * 10**7, "heroes 2;" + ";" * 300):
        start = time.process_time()
        with pytest.raises(PositionError) as err:
            read_position(text)
        assert time.process_time() - start < 1.0  # a guard against a runaway, not a benchmark
        assert len(str(err.value)) < 300
    for odd in (None, 7, b"heroes 2", ["heroes 2"]):
        with pytest.raises(TypeError, match="a position text is text"):
            read_position(odd)
    with pytest.raises(PositionError, match="too long"):
        Match.from_position("heroes 2;" + " " * MAX_POSITION_CHARS)


VALID = [
    "dragon-battle 3 memory first=2; player 3; residents maid king knight cook; "
    "scared red: red red; scared blue: silver; rescued 1: wizard; jugglers 0 1 0",
    "heroes 2; player 1; hand 1: blue griffin, 2 blue gold, blue plus2; display: purple gold, "
    "white runner, black griffin; griffins 3 1; gold 4 0; waterfall below 21 min 3",
    "dragons-gold 3; turn 3; dragon 1: card 1, 2 gold, red, blue; attackers 1: thief of 1, "
    f"wizard of 2, {ADVENTURERS[0]} of 3; screen 2: 3 silver; killed 1; proposer 3; share 1: gold",
    "dragons-gold 3; turn 2; screen 1: 2 gold, silver; screen 3: 3 silver, blue; market open; "
    "queue 3 1; offers-left 1 0 1; offer: silver, blue; ask: 2 gold; trade with 1",
]
_NOISE = st.sampled_from(list(';:, =-[]{}"0123456789²³٣ abcdefghijklmnopqrstuvwxyz\t\n'))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(VALID),
    st.lists(st.tuples(st.integers(0, 400), st.integers(0, 3), _NOISE), max_size=6),
)
def test_mangled_texts_read_or_fail_with_a_position_error(text, edits):
    """Any edit of a valid text either reads into a position (whose own text reads back to it)
    or fails with a short PositionError, never another error."""
    chars = list(text)
    for at, how, ch in edits:
        at = at % (len(chars) + 1)
        if how == 0:
            chars.insert(at, ch)
        elif chars and how == 1:
            del chars[min(at, len(chars) - 1)]
        elif chars:
            chars[min(at, len(chars) - 1)] = ch
    mangled = "".join(chars)
    try:
        state = read_position(mangled)
    except PositionError as err:
        assert len(str(err)) < 500
        return
    assert read_position(position_text(state)) == state


def test_the_valid_examples_read():
    for text in VALID:
        state = read_position(text)
        assert read_position(position_text(state)) == state


def test_a_table_from_a_set_up_match_undoes_to_the_start_and_hides_it():
    from kaskaria.widgets import HeroesTable

    match = heroes_match()
    table = HeroesTable.from_match(match, seats=("human",) * 3, help=False, viewer=0)
    table.play("blue", "griffin", "gold", "gold", "plus2")
    view = read_code(table.code)  # the code the table shows its viewer
    assert view.start == "?" and "red griffin" not in json.dumps(view.lines)
    table.undo()
    assert table.state == match.state
    with pytest.raises(kaskaria.IllegalActionError, match="Nothing to undo"):
        table.undo()


def test_display_places_count_from_1_in_texts_and_from_0_in_python():
    """One rule for the Heroes display: its places are 1, 2, 3 in every text (actions, position
    texts) and the indices 0, 1, 2 of every Python list (to_dict, observation, setup)."""
    shown = ["orange gold", "green runner", "red griffin"]
    match = kaskaria.setup("heroes", players=2, display=shown)
    state = match.state
    assert state.to_dict()["display"] == shown
    assert state.observation(0)["display"][1] == "green runner"
    assert "display: orange gold, green runner, red griffin" in match.position_text()
    taken = state.apply("take display 2")
    assert state.game.kind_names[taken.known[0][0]] == "green runner"


def test_dragons_gold_places_and_cards_count_from_1_in_texts_and_from_0_in_python():
    """One rule for Dragon's Gold too: a dragon's place and card are 1-4 and 1-18 in every text
    (actions, position texts, logs) and 0-3 and 0-17 in Python (setup, observation, the engine's
    fields)."""
    game = kaskaria.load("dragons-gold", players=3)
    dragon = {
        "card": 2,
        "treasure": "2 gold",
        "attackers": [(0, ADVENTURERS[2]), (1, ADVENTURERS[0])],
    }
    match = kaskaria.setup(game, dragons={1: dragon}, killed=1)
    state = match.state
    assert state.slots[1] == 2 and state.target == 1
    obs = state.observation("table")
    place = obs["dragons"][1]
    assert (place["place"], place["card"]) == (1, 2)
    assert obs["players"][0]["adventurers"][2]["dragon"] == 1  # the thief fights at place 2
    assert obs["split"]["dragon"] == 1
    assert obs["deck_cards"] == list(state.deck) and min(obs["deck_cards"]) == 4
    assert "dragon 2: card 3, 2 gold; attackers 2: " in match.position_text()
    assert "killed 2" in match.position_text()
    fresh = game.setup()
    send = fresh.parse_action("send thief to dragon 2")
    assert fresh.action_text(send, "table") == "Player 1 sends the thief to dragon 2"
    sent = fresh.apply(send)
    assert sent.advs[0][2] == 1 and sent.observation(0)["dragons"][1]["fighters"][0]["player"] == 0


def test_an_unknown_word_lists_the_words_a_game_takes():
    with pytest.raises(
        TypeError,
        match="unknown word 'hand' for a Heroes of Kaskaria position; the words are: hands, display",
    ):
        kaskaria.setup("heroes", hand={0: "blue gold"})
    with pytest.raises(TypeError, match="unknown word 'jugglers_tiles'.*jugglers, jugglers_left"):
        kaskaria.setup("dragon-battle", jugglers_tiles=[1, 0])
    with pytest.raises(TypeError, match="unknown word 'hands' for a Dragon's Gold position"):
        kaskaria.setup("dragons-gold", hands={0: "ward"})
