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
    code = table.view["code"]
    raw = zlib.decompress(base64.urlsafe_b64decode(code[5:] + "=" * (-len(code[5:]) % 4))).decode()
    synced = json.dumps(table.view) + raw
    for name in face_down:
        assert name not in synced
    assert table.view["code_is_view"] is True
    with pytest.raises(SavedGameError, match="view of a game"):
        Match.from_code(code)
    assert Match.from_code(table.full_code).states[-1] == table.state
