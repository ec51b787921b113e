"""Bad input a mischievous pupil (or a fuzzer) can produce: every case gets a short, typed error, is
answered fast (sizes are capped before parsing), and changes nothing. The same rules hold for every
game."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

import kaskaria
from kaskaria import Action, IllegalActionError, InvalidActionError, Match, SavedGameError
from kaskaria.match import MAX_CODE_BYTES, MAX_CODE_CHARS

GAME = "dragon-battle"
SET_UP = ["draw maid", "draw king", "draw knight", "draw cook"]


def code_of(raw: bytes) -> str:
    return "KAS1-" + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def saved(**changes):
    match = Match(kaskaria.load(GAME), seed=3, actions=SET_UP)
    data = match.to_dict()
    data.update(changes)
    return data


# ---------------------------------------------------------------------------------------------
# deep, huge and compressed input
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["[" * 100_000, "{" * 5000, '{"a":' * 3000 + "1" + "}" * 3000])
def test_deep_json_is_a_saved_game_error_not_a_recursion_error(text):
    with pytest.raises(SavedGameError, match="nested more than"):
        Match.from_json(text)


def test_a_short_code_of_nested_json_is_refused():
    code = code_of(b"[" * 5000)
    assert len(code) < 300
    with pytest.raises(SavedGameError, match="nested more than"):
        Match.from_code(code)


def test_a_compression_bomb_is_refused_before_it_is_unpacked():
    bomb = code_of(b'{"format": "' + b" " * (50 * MAX_CODE_BYTES) + b'"}')
    assert len(bomb) < MAX_CODE_CHARS  # small to paste, huge to unpack
    with pytest.raises(SavedGameError, match=r"unpacks to more than 600,000 bytes") as err:
        Match.from_code(bomb)
    assert len(str(err.value)) < 200


def test_a_huge_code_is_refused_by_its_length():
    with pytest.raises(SavedGameError, match="too long") as err:
        Match.from_code("KAS1-" + "A" * (MAX_CODE_CHARS + 1))
    assert len(str(err.value)) < 200


@pytest.mark.parametrize(
    "bad",
    [
        "x" * 1_000_000,
        "KAS1-" + "!" * 50_000,
        {"nested": [[[[[]]]]]},
        b"\xff" * 1000,
        12345678901234567890,
    ],
)
def test_messages_quote_at_most_a_short_prefix(bad):
    with pytest.raises(SavedGameError) as err:
        Match.from_code(bad)
    assert len(str(err.value)) < 300


def test_a_damaged_code_says_so_in_plain_words():
    good = Match(kaskaria.load(GAME), seed=3, actions=SET_UP).to_code()
    for damaged in (good[:-6], good[:20] + "A" + good[21:], good + "AAAA"):
        with pytest.raises(SavedGameError) as err:
            Match.from_code(damaged)
        message = str(err.value)
        assert "Error -3" not in message and "zlib" not in message
        assert "damaged" in message or "JSON" in message or "does not replay" in message


def test_a_huge_saved_game_is_refused_by_its_length():
    with pytest.raises(SavedGameError, match="too long"):
        Match.from_json(" " * 2_000_000)


def test_too_many_actions_are_refused_before_replaying():
    data = saved(actions=SET_UP + ["roll"] * 20_000)
    with pytest.raises(SavedGameError, match="at most 10,000 actions"):
        Match.from_dict(data)


def test_an_overlong_action_line_is_refused():
    with pytest.raises(SavedGameError, match="too long"):
        Match.from_dict(saved(actions=["draw " + "m" * 5000]))


# ---------------------------------------------------------------------------------------------
# fields that are almost right
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"version": 1.0}, r"version 1.0 is not supported"),
        ({"version": "1"}, r"version '1' is not supported"),
        ({"options": {"silver_with_colour": False, "stars": {}}}, r"stars must name at least one"),
        ({"options": {"rules": None}}, r"unknown option\(s\) 'rules'"),
        ({"options": {"silver_with_colour": 0}}, r"silver_with_colour"),
        ({"seed": 2**64}, r"seed must be a whole number from 0 to 2\*\*63 - 1"),
        ({"seed": 1.0}, r"seed must be"),
        ({"chance": "fair"}, r"chance must be 'staged'"),
        ({"players": True}, r"players must be a whole number"),
    ],
)
def test_almost_right_fields_are_refused(changes, expected):
    with pytest.raises(SavedGameError, match=expected):
        Match.from_dict(saved(**changes))


def test_impossible_positions_are_refused():
    game = kaskaria.load(GAME)
    state = game.new_state()
    for line in SET_UP:
        state = state.apply(line)
    rolling = state.apply("roll").to_dict()
    with pytest.raises(ValueError, match="scare has just begun"):
        game.state_from_dict({**rolling, "well": 1, "hand": 3})
    with pytest.raises(ValueError, match="turns must be a whole number from 0 to 5000"):
        game.state_from_dict({**state.to_dict(), "turns": 10**9})
    with pytest.raises(ValueError, match="seat 0's turn"):
        game.state_from_dict({**state.to_dict(), "player": 1})


# ---------------------------------------------------------------------------------------------
# odd actions
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", kaskaria.available_games())
@pytest.mark.parametrize(
    "thing", [None, 42, 3.5, b"draw pile", ["roll"], {"verb": "roll"}, ("send",), object()]
)
def test_anything_but_an_action_or_its_text_is_refused_in_every_game(name, thing):
    """The core's one check: the error names what was given (its type and a short quote) and
    what is accepted, on the state and on a match, and nothing changes."""
    game = kaskaria.load(name)
    match = Match(game, seed=1)
    state = match.state
    before, h = state.to_dict(), hash(state)
    for target in (state, match):
        with pytest.raises(
            InvalidActionError, match=r"an action must be an Action or its text"
        ) as err:
            target.apply(thing)
        assert type(thing).__name__ in str(err.value) and len(str(err.value)) < 200
    assert state.to_dict() == before and hash(state) == h
    assert match.actions == [] and match.state == state


@pytest.mark.parametrize(
    "action",
    [
        Action("roll", None),
        Action("roll", "red"),
        Action(None),
        Action("place", ["red"]),
        Action("draw", ["maid"]),
    ],
)
def test_odd_action_objects_have_a_repr_and_are_refused(action):
    assert repr(action) and str(action)  # never raises
    assert not action.well_formed()
    game = kaskaria.load(GAME)
    state = game.new_state()
    match = Match(game, seed=1)
    for position in (state, state.apply("draw maid")):
        before = position.to_dict()
        with pytest.raises(InvalidActionError):
            position.apply(action)
        assert position.to_dict() == before
    with pytest.raises(InvalidActionError):
        match.apply(action)
    assert match.actions == []  # never recorded


def test_list_words_are_not_accepted_in_any_phase():
    state = kaskaria.load(GAME).new_state()
    for line in SET_UP:
        state = state.apply(line)
    rolling = state.apply("roll")
    with pytest.raises(InvalidActionError):
        rolling.apply(Action("roll", ["black", "blue", "red", "red"]))  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# fair and staged chance
# ---------------------------------------------------------------------------------------------
def test_a_match_knows_whether_its_chance_came_from_its_seed():
    game = kaskaria.load(GAME)
    fair = Match(game, seed=7)
    fair.resolve_chance()
    fair.play("roll")
    assert fair.fair and "chance" not in fair.to_dict()
    staged = Match(game, seed=7, actions=SET_UP + ["roll", "roll black blue red red"])
    assert not staged.fair and staged.staged_plies[0] < 4
    assert staged.to_dict()["chance"] == "staged"
    again = Match.from_code(staged.to_code())
    assert not again.fair and again.staged_plies == staged.staged_plies
    # a code that claims nothing but whose dice differ from its seed still loads as staged
    data = staged.to_dict()
    del data["chance"]
    assert not Match.from_dict(data).fair
    # undo back past the staged results makes it fair again
    same = Match(game, seed=7)
    same.resolve_chance()
    assert same.fair


# ---------------------------------------------------------------------------------------------
# the table
# ---------------------------------------------------------------------------------------------
def test_table_bad_calls_get_messages_not_crashes():
    from kaskaria.widgets import DragonBattleTable

    with pytest.raises(ValueError, match=r"risk must be a number, got '1/0'"):
        DragonBattleTable(seats=("human", "threshold(1/0)"))
    with pytest.raises(ValueError, match=r"risk must be a number from 0 to 1"):
        DragonBattleTable(seats=("human", "threshold(3/2)"))
    table = DragonBattleTable(seats=("human", "human"), seed=1)
    before = table.match.lines()
    with pytest.raises(ValueError, match="max_steps must be a whole number >= 1, got 0"):
        table.run_bots(0)
    assert "max_steps" in table.message and table.view["message"]["kind"] == "error"
    with pytest.raises(TypeError, match="help must be True or False, got None"):
        table.help = None
    assert "help must be True or False" in table.message
    with pytest.raises(SavedGameError):
        table.load_code("KAS1-" + base64.urlsafe_b64encode(zlib.compress(b"[" * 100_000)).decode())
    assert len(table.message) < 700
    huge = "x" * 1_000_000
    with pytest.raises(SavedGameError):
        table.load_code(huge)
    assert len(json.dumps(table.view)) < 100_000  # the synced view never carries the input
    with pytest.raises(IllegalActionError):
        table.act("stop")
    assert table.match.lines() == before


def test_the_code_on_the_table_never_names_a_face_down_resident():
    from kaskaria.widgets import DragonBattleTable

    table = DragonBattleTable(seats=("human", "human"), variant="memory", seed=3)
    table.roll()
    face_down = [n for n, up in zip(table.state.under, table.state.face_up, strict=True) if not up]
    assert face_down
    code = table.view["info"]["code"]
    raw = zlib.decompress(base64.urlsafe_b64decode(code[5:] + "=" * (-len(code[5:]) % 4))).decode()
    synced = json.dumps(table.view) + raw
    for name in face_down:
        assert name not in synced
    assert table.view["info"]["code_is_view"] is True
    with pytest.raises(SavedGameError, match="view of a game"):
        Match.from_code(code)
    assert Match.from_code(table.full_code).states[-1] == table.state


# ---------------------------------------------------------------------------------------------
# huge numbers, digits that are not 0-9, giant action texts: in every game, Match, load, tables
# ---------------------------------------------------------------------------------------------
#: What a short message is: it names the bad value by a short prefix, whatever its size. (Dragon's
#: Gold's parser lists its whole notation, about 350 characters, after the quoted prefix.)
SHORT = 300
SHORT_WITH_NOTATION = 520
HUGE = 10**4000  # 4,001 digits: Python still writes it out, slowly and at length
HUGER = 10**5000  # beyond the 4,300 digits Python writes out at all (it raises instead)


def is_short(err, limit=SHORT):
    text = str(err.value)
    return len(text) < limit and "0" * 60 not in text and "x" * 200 not in text


@pytest.mark.parametrize("name", kaskaria.available_games())
@pytest.mark.parametrize("players", [HUGE, -HUGE, HUGER], ids=["huge", "-huge", "huger"])
def test_a_huge_player_count_gets_a_short_error(name, players):
    with pytest.raises(ValueError) as err:
        kaskaria.load(name, players=players)
    assert is_short(err) and "players" in str(err.value) and "digits" in str(err.value)


@pytest.mark.parametrize("name", ["dragon-battle", "heroes", "dragons-gold"])
@pytest.mark.parametrize("players", [HUGE, HUGER], ids=["huge", "huger"])
def test_a_saved_game_with_a_huge_player_count_gets_a_short_error(name, players):
    match = Match(kaskaria.load(name), seed=1)
    data = match.to_dict()
    data["players"] = players
    with pytest.raises(SavedGameError) as err:
        Match.from_dict(data)
    assert is_short(err)
    text = json.dumps(match.to_dict()).replace(
        f'"players": {match.game.players}', '"players": 1' + "0" * 4000
    )
    assert "0" * 4000 in text
    with pytest.raises(SavedGameError) as err:
        Match.from_json(text)
    assert is_short(err)
    with pytest.raises(SavedGameError) as err:
        Match.from_code(code_of(text.encode()))
    assert is_short(err)


@pytest.mark.parametrize("name", ["dragon-battle", "heroes", "dragons-gold"])
def test_every_option_refuses_huge_numbers_and_giant_text_shortly(name):
    game = kaskaria.load(name)
    for option in game.options():
        for bad in (HUGE, -HUGE, HUGER, "x" * 1_000_000, [HUGER] * 3, 2.5, float("nan")):
            with pytest.raises((ValueError, TypeError)) as err:
                kaskaria.load(name, **{option: bad})
            assert is_short(err), (option, str(err.value)[:100])
            data = Match(game, seed=1).to_dict()
            data["options"][option] = bad
            if bad.__class__ is float:
                continue  # JSON has no NaN, and 2.5 may be a fine value of some option in JSON
            with pytest.raises(SavedGameError) as err:
                Match.from_dict(data)
            assert is_short(err), (option, str(err.value)[:100])


#: (game, action text) with superscript digits, and digits of other scripts (Arabic-Indic,
#: fullwidth, Devanagari) that ``str.isdigit`` accepts and ``int`` may or may not read
SUPERSCRIPTS = [
    ("heroes", "take display ²"),
    ("heroes", "plus2 display ³"),
    ("heroes", "waterfall below ²"),
    ("heroes", "waterfall below ٣"),
    ("heroes", "take display ３"),
    ("dragons-gold", "give gold to ²"),
    ("dragons-gold", "give gold to ٢"),
    ("dragons-gold", "choose pile ³"),
    ("dragons-gold", "put gold in pile ²"),
    ("dragons-gold", "steal from ²"),
    ("dragons-gold", "steal from २"),
    ("dragons-gold", "dragon ²"),
    ("dragons-gold", "dragon ١٢"),
    ("dragons-gold", "play swap-shares ¹ ²"),
    ("dragons-gold", "trade gold for red with ²"),
    ("dragons-gold", "send wizard to dragon ²"),
    ("dragon-battle", "place ²"),
]


@pytest.mark.parametrize(("name", "text"), SUPERSCRIPTS)
def test_digits_other_than_0_to_9_are_not_numbers_in_any_parser(name, text):
    match = Match(kaskaria.load(name), seed=1)
    match.resolve_chance()
    state = match.state
    with pytest.raises(InvalidActionError) as err:
        state.parse_action(text)
    assert text in str(err.value) and is_short(err, SHORT_WITH_NOTATION)
    assert "invalid literal" not in str(err.value)
    with pytest.raises(InvalidActionError):
        match.play(text)
    verb, *words = text.split()
    with pytest.raises(InvalidActionError):  # the same words as an Action object
        state.apply(Action(verb, tuple(words)))
    assert match.state == state


def test_a_waterfall_place_in_other_digits_is_refused_where_it_is_applied():
    """The Heroes engine reads the waterfall's place when the action is applied too (an Action
    built by hand skips the parser)."""
    import numpy as np

    match = Match(kaskaria.load("heroes"), seed=0)
    rng = np.random.default_rng(0)
    while match.state.phase != "bury":
        if match.state.current_player() < 0:
            match.step_chance()
        else:
            legal = match.state.legal_actions()
            match.apply(legal[int(rng.integers(len(legal)))])
    state = match.state
    for word in ("²", "٣", "1" * 5000, "-1", "+21", " 21"):
        with pytest.raises((InvalidActionError, IllegalActionError)) as err:
            state.apply(Action("waterfall", ("below", word)))
        assert is_short(err) and "invalid literal" not in str(err.value)
    assert state.apply(state.legal_actions()[0])  # a place in 0-9 digits still works


@pytest.mark.parametrize("name", ["dragon-battle", "heroes", "dragons-gold"])
@pytest.mark.parametrize(
    "text",
    [
        "x" * 1_000_000,
        "roll " + "red " * 100_000,
        "place " + "x" * 1_000_000,
        "draw " + "x" * 1_000_000,
        "waterfall below 1" + "0" * 5000,
        "dragon 1" + "0" * 5000,
        "take display " + "1" * 5000,
        " " * 1_000_000,
        "\x1f" * 10_000,
    ],
)
def test_a_giant_action_text_is_quoted_by_a_short_prefix(name, text):
    match = Match(kaskaria.load(name), seed=1)
    match.resolve_chance()
    with pytest.raises(InvalidActionError) as err:
        match.state.parse_action(text)
    assert is_short(err, SHORT_WITH_NOTATION), str(err.value)[:100]
    with pytest.raises(InvalidActionError) as err:
        match.state.apply(text)
    assert is_short(err, SHORT_WITH_NOTATION)
    with pytest.raises(InvalidActionError) as err:
        match.play(text)
    assert is_short(err, SHORT_WITH_NOTATION)


@pytest.mark.parametrize("name", ["dragon-battle", "heroes", "dragons-gold"])
def test_a_giant_well_formed_action_is_refused_shortly(name):
    state = Match(kaskaria.load(name), seed=1).state
    for action in (Action("x" * 1_000_000), Action("place", ("y" * 1_000_000,))):
        assert len(repr(action)) < 100
        with pytest.raises((InvalidActionError, IllegalActionError)) as err:
            state.apply(action)
        assert is_short(err, SHORT_WITH_NOTATION)


BAD_VALUES = [HUGE, -HUGE, HUGER, "²", "x" * 1_000_000, [HUGER] * 3, {"x" * 100_000: HUGER}, 1.5]


@pytest.mark.parametrize("name", ["dragon-battle", "heroes", "dragons-gold"])
def test_every_field_of_a_position_refuses_huge_and_odd_values_shortly(name):
    """state_from_dict (what a saved position goes through): each field, and the first item of
    each list field, replaced by a huge number, digits other than 0-9, giant text, nested huge
    values: a short ValueError or TypeError every time."""
    game = kaskaria.load(name, players=3)
    match = Match(game, seed=5)
    match.resolve_chance()
    data = match.state.to_dict()
    checked = 0
    for key, value in data.items():
        changes = [{**data, key: bad} for bad in BAD_VALUES]
        if isinstance(value, list) and value:
            changes += [{**data, key: [bad, *value[1:]]} for bad in BAD_VALUES]
            if isinstance(value[0], list) and value[0]:
                changes += [{**data, key: [[bad, *value[0][1:]], *value[1:]]} for bad in BAD_VALUES]
        for changed in changes:
            with pytest.raises((ValueError, TypeError)) as err:
                game.state_from_dict(changed)
            assert is_short(err), (key, str(err.value)[:100])
            checked += 1
    assert checked > 100


def test_a_seat_menu_entry_with_a_giant_number_is_refused_shortly():
    from kaskaria.bots import bot_from_choice

    game = kaskaria.load(GAME)
    for choice in (
        "threshold(1e99999999)",  # would be a number of a hundred million digits
        "threshold(" + "1" * 5000 + ")",
        "threshold(²)",
        "threshold(0." + "1" * 5000 + ")",
        "x" * 1_000_000,
    ):
        with pytest.raises(ValueError) as err:
            bot_from_choice(game, choice)
        assert is_short(err)


@pytest.mark.parametrize(
    "bad",
    [HUGE, HUGER, "x" * 1_000_000, [HUGER], object()],
    ids=["huge", "huger", "giant-text", "list", "object"],
)
def test_the_table_refuses_huge_and_odd_values_shortly(bad):
    from kaskaria.widgets import DragonBattleTable, DragonsGoldTable, HeroesTable

    for cls in (DragonBattleTable, HeroesTable, DragonsGoldTable):
        with pytest.raises((ValueError, TypeError)) as err:
            cls(players=bad)
        assert is_short(err)
        with pytest.raises((ValueError, TypeError)) as err:
            cls(seed=bad)
        assert is_short(err)
        table = cls(seed=1)
        before = table.match.lines()
        calls = [
            lambda t: t.new_game(seed=bad),
            lambda t: t.restart(players=bad),
            lambda t: t.restart(variant=bad),
            lambda t: t.set_seat(bad, "human"),
            lambda t: t.set_seat(0, bad),
            lambda t: setattr(t, "viewer", bad),
            lambda t: setattr(t, "viewers", [bad]),
            lambda t: setattr(t, "lang", bad),
            lambda t: setattr(t, "pace", bad),
            lambda t: setattr(t, "autoplay", bad),
            lambda t: t.act(bad),
            lambda t: t.load_code(bad),
        ]
        for call in calls:
            with pytest.raises((ValueError, TypeError)) as err:
                call(table)
            assert is_short(err, SHORT_WITH_NOTATION), str(err.value)[:100]
            assert len(table.message) < 700 and table.match.lines() == before


def test_short_names_any_value_briefly_and_never_fails():
    from kaskaria.validate import short

    class Odd:
        def __repr__(self):
            raise RuntimeError("no repr")

    assert short(HUGER) == "<a number of 5,001 digits>"
    assert short(-HUGE) == "<a negative number of 4,001 digits>"
    assert short(HUGE - 1) == "<a number of 4,000 digits>"
    assert short(12345) == "12345" and short("abc") == "'abc'"
    for value in (HUGER, [HUGER] * 5, {"k": HUGER}, "x" * 10**6, ["x" * 10**6], Odd(), (HUGER,)):
        assert len(short(value)) <= 40


@pytest.mark.parametrize("setting", ["help", "hourglass", "bot_names", "sound"])
@pytest.mark.parametrize("value", [None, 1, "yes", [True]])
def test_an_on_off_setting_takes_only_true_or_false(setting, value):
    """A switch of the table refuses anything but True or False, says so on screen, and
    stays as it was."""
    from kaskaria.widgets import DragonsGoldTable

    table = DragonsGoldTable(players=3, seats=("human", "human", "human"), seed=1)
    before = getattr(table, setting)
    with pytest.raises(TypeError, match=rf"{setting} must be True or False, got "):
        setattr(table, setting, value)
    assert getattr(table, setting) == before
    assert f"{setting} must be True or False" in table.message
    setattr(table, setting, not before)
    assert getattr(table, setting) is (not before)
