"""Match: seed + actions, chance seeded by position, undo, replay, JSON and scenario codes."""

from __future__ import annotations

import base64
import json
import pickle
import zlib

import numpy as np
import pytest

import kaskaria
from kaskaria import CHANCE, IllegalActionError, InvalidActionError, Match, SavedGameError
from kaskaria.match import FORMAT, VERSION

GAME = "dragon-battle"


def game(**kwargs):
    return kaskaria.load(GAME, **{"players": 2, **kwargs})


def first_choice_playout(match: Match, decisions: int) -> Match:
    """Always take the first legal decision (a fixed policy), resolving chance by the seed."""
    match.resolve_chance()
    for _ in range(decisions):
        if match.state.is_terminal():
            break
        match.play(match.state.legal_actions()[0])
    return match


def lukas_match() -> Match:
    """Set-up draws, then a first roll showing black, blue, red, red (the match is in 'place')."""
    match = Match(game(), seed=3)
    for text in ("draw maid", "draw king", "draw knight", "draw cook", "roll"):
        match.apply(text)
    match.apply("roll black blue red red")
    return match


# ---------------------------------------------------------------------------------------------
# Construction
# ---------------------------------------------------------------------------------------------
def test_match_needs_a_game():
    with pytest.raises(TypeError, match=r"game must be a Game from kaskaria.load"):
        Match("dragon-battle")


@pytest.mark.parametrize("seed", [-1, 2**63, 1.5, True, "3"])
def test_match_seed_must_be_a_whole_number_in_range(seed):
    with pytest.raises(ValueError, match=r"seed must be a whole number from 0 to 2\*\*63 - 1"):
        Match(game(), seed=seed)


def test_match_seed_comes_from_the_game_or_is_drawn():
    assert Match(kaskaria.load(GAME, seed=42)).seed == 42
    assert Match(kaskaria.load(GAME, seed=42), seed=5).seed == 5
    seed = Match(game()).seed
    assert isinstance(seed, int) and 0 <= seed < 2**63


def test_new_match_starts_at_the_set_up_draws():
    match = Match(game(), seed=1)
    assert len(match) == 0 and match.actions == [] and match.lines() == []
    assert match.state == game().new_state()
    assert match.state.current_player() == CHANCE


def test_match_from_actions_replays_them():
    match = lukas_match()
    again = Match(game(), seed=3, actions=match.lines())
    assert again.states == match.states and again.actions == match.actions


def test_match_from_actions_names_the_bad_action():
    with pytest.raises(IllegalActionError, match=r"^action 5 \(stop\): 'stop' is not allowed"):
        Match(game(), actions=["draw maid", "draw king", "draw knight", "draw cook", "stop"])
    with pytest.raises(InvalidActionError, match=r"^action 1 \(fly\): 'fly' is not a Dragon"):
        Match(game(), actions=["fly"])


# ---------------------------------------------------------------------------------------------
# Moving: apply, play, resolve_chance, determinism
# ---------------------------------------------------------------------------------------------
def test_resolve_chance_uses_the_seed_and_the_position():
    match = Match(game(), seed=77)
    match.resolve_chance()
    assert len(match) == 4 and match.state.phase == "start"
    for ply in range(4):
        expected = match.at(ply).sample_chance(np.random.default_rng([77, ply]))
        assert match.actions[ply] == expected
        assert match.chance_rng(ply).integers(10**9) == np.random.default_rng([77, ply]).integers(
            10**9
        )
    assert match.actors() == [CHANCE] * 4


def test_play_applies_the_decision_then_resolves_chance():
    match = Match(game(), seed=5)
    match.resolve_chance()
    state = match.play("roll")
    assert state is match.state
    assert match.actions[4].verb == "roll" and match.actions[5].verb == "roll"
    assert len(match.actions[5].args) == 4  # the dice result, applied by the match
    assert state.current_player() != CHANCE
    assert match.actors()[4] == 0 and match.actors()[5] == CHANCE


def test_play_refuses_at_a_chance_point_and_changes_nothing():
    match = Match(game(), seed=5)
    with pytest.raises(IllegalActionError, match=r"'roll' is not allowed: a chance event is due"):
        match.play("roll")
    assert len(match) == 0


def test_same_seed_and_decisions_give_the_same_game():
    a = first_choice_playout(Match(game(players=3), seed=123), 200)
    b = first_choice_playout(Match(game(players=3), seed=123), 200)
    assert a.state.is_terminal()
    assert a.actions == b.actions and a.states == b.states
    c = first_choice_playout(Match(game(players=3), seed=124), 200)
    assert c.actions != a.actions


def test_apply_accepts_actions_and_text_including_explicit_chance():
    match = lukas_match()
    assert match.state.phase == "place" and match.state.well == 1
    match.apply(kaskaria.Action("place", ("red",)))
    assert match.lines()[-1] == "place red"


@pytest.mark.parametrize(
    ("bad", "error"),
    [
        ("stop", IllegalActionError),
        ("place blue with silver", IllegalActionError),
        ("roll red", IllegalActionError),
        ("place green", InvalidActionError),
        ("", InvalidActionError),
        (42, InvalidActionError),
    ],
)
def test_a_bad_action_changes_nothing(bad, error):
    match = lukas_match()
    before = (list(match.actions), list(match.states))
    with pytest.raises(error):
        match.apply(bad)
    with pytest.raises(error):
        match.play(bad)
    assert (match.actions, match.states) == before


def test_play_at_the_end_of_the_game_is_refused():
    match = first_choice_playout(Match(game(), seed=9), 500)
    assert match.state.is_terminal()
    with pytest.raises(IllegalActionError, match=r"the game is over"):
        match.play("roll")


# ---------------------------------------------------------------------------------------------
# Undo, replay, truncate
# ---------------------------------------------------------------------------------------------
def test_nothing_to_undo_before_the_first_decision():
    match = Match(game(), seed=1)
    match.resolve_chance()
    assert not match.can_undo() and not match.can_undo(through_chance=True)
    with pytest.raises(IllegalActionError, match=r"nothing to undo"):
        match.undo()
    assert len(match) == 4


def test_undo_goes_back_one_decision():
    match = lukas_match()
    place = match.state
    match.play("place red")
    assert match.state.phase == "decide"
    assert match.can_undo()
    assert match.undo() == place
    assert match.state == place and match.lines()[-1] == "roll black blue red red"


def test_undo_refuses_to_take_back_dice_results_unless_asked():
    match = lukas_match()  # the last decision ('roll') was followed by a dice result
    assert not match.can_undo() and match.can_undo(through_chance=True)
    with pytest.raises(IllegalActionError) as err:
        match.undo()
    assert "cannot undo 'roll'" in str(err.value)
    assert "roll black blue red red" in str(err.value)
    assert len(match) == 6
    start = match.undo(through_chance=True)
    assert start.phase == "start" and len(match) == 4 and match.lines()[-1] == "draw cook"


def test_a_roll_made_again_at_the_same_moment_shows_the_same_dice():
    match = Match(game(), seed=31)
    match.resolve_chance()
    match.play("roll")
    first = match.actions[-1]
    match.undo(through_chance=True)
    match.play("roll")
    assert match.actions[-1] == first


def test_at_and_truncate_replay_any_point():
    match = first_choice_playout(Match(game(), seed=8), 6)
    n = len(match)
    assert match.at(0) == game().new_state()
    assert match.at(-1) == match.state and match.at(n) == match.state
    for bad in (n + 1, -(n + 2), 1.0, True):
        with pytest.raises(ValueError, match=rf"ply must be from 0 to {n}"):
            match.at(bad)
    target = match.at(5)
    assert match.truncate(5) == target
    assert len(match) == 5 and match.state == target
    assert match.truncate(-1) == target and len(match) == 5


def test_copy_is_independent():
    match = lukas_match()
    other = match.copy()
    other.play("place red")
    assert len(other) == len(match) + 1
    assert match.state.phase == "place"


def test_repr_is_short_and_stable_and_names_the_seed_only_at_the_end():
    match = lukas_match()
    assert repr(match) == (
        f"<Match dragon-battle players=2 variant=basic actions=6: {match.state.text()}>"
    )
    while not match.state.is_terminal():
        match.play(match.state.legal_actions()[-1])
    assert repr(match).startswith("<Match dragon-battle players=2 variant=basic seed=3 actions=")


# ---------------------------------------------------------------------------------------------
# Saving and loading
# ---------------------------------------------------------------------------------------------
def test_json_round_trip_with_format_and_version():
    match = lukas_match()
    match.play("place red")
    data = json.loads(match.to_json())
    assert data == {
        "format": FORMAT,
        "version": VERSION,
        "game": GAME,
        "players": 2,
        "variant": "basic",
        "options": {"silver_with_colour": False, "jugglers_run_out": "nothing", "first_player": 0},
        "seed": 3,
        "actions": match.lines(),
        "chance": "staged",  # Lukas's dice are the rulebook's, not the seed's
    }
    assert not match.fair
    loaded = Match.from_json(match.to_json())
    assert loaded.states == match.states and loaded.seed == 3 and loaded.game == match.game


def test_options_and_overrides_survive_saving():
    g = kaskaria.load(
        GAME,
        players=3,
        variant="memory",
        silver_with_colour=True,
        jugglers_run_out="unlimited",
        first_player=2,
        juggler_stars=2,
        stars={"page": 3},
    )
    match = first_choice_playout(Match(g, seed=4), 30)
    loaded = Match.from_json(match.to_json())
    assert loaded.game == g
    assert loaded.game.juggler_stars == 2 and loaded.game.stars["page"] == 3
    assert loaded.states == match.states


def test_save_and_load_a_file(tmp_path):
    match = first_choice_playout(Match(game(), seed=12), 10)
    path = tmp_path / "game.json"
    match.save(path)
    assert path.read_text(encoding="utf-8").endswith("\n")
    assert Match.load(path).states == match.states


def test_scenario_code_round_trip():
    match = first_choice_playout(Match(game(variant="younger"), seed=21), 15)
    code = match.to_code()
    assert code.startswith("KAS1-") and "\n" not in code
    assert Match.from_code(code).states == match.states
    assert Match.from_code(f"  {code}\n").actions == match.actions


def test_a_saved_game_is_json_not_pickle():
    match = lukas_match()
    assert json.loads(match.to_json())["actions"] == match.lines()
    with pytest.raises(SavedGameError, match=r"a saved game must be JSON"):
        Match.from_json(pickle.dumps(match.to_dict()))


def _saved(**changes):
    data = lukas_match().to_dict()
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (["not", "an", "object"], r"a saved game is a JSON object, got list"),
        ({k: v for k, v in _saved().items() if k != "seed"}, r"missing \['seed'\]"),
        (_saved(colour="red"), r"unknown \['colour'\]"),
        (_saved(format="chess-pgn"), r"format is 'chess-pgn', not 'kaskaria-match'"),
        (_saved(version=2), r"version 2 is not supported; this is version 1"),
        (_saved(version=True), r"version True is not supported"),
        (_saved(game="chess"), r"unknown game 'chess'; available games: .*dragon-battle"),
        (_saved(players=5), r"cannot be set up: Dragon Battle is for 2-4 players, not 5"),
        (_saved(players=1), r"2-4 players, not 1"),
        (_saved(variant="expert"), r"unknown variant of Dragon Battle 'expert'.*'memory'"),
        (_saved(options=[]), r"options must be an object, got \[\]"),
        (_saved(options={"dragons": 5}), r"unknown option\(s\) 'dragons'.*silver_with_colour"),
        (_saved(seed=None), r"seed must be a whole number .* got None"),
        (_saved(seed=-3), r"seed must be a whole number .* got -3"),
        (_saved(actions="roll"), r"actions must be a list of action texts"),
        (_saved(actions=["draw maid", 7]), r"actions must be a list of action texts"),
        (
            _saved(actions=["draw maid", "draw king", "draw knight", "draw cook", "stop"]),
            r"does not replay: action 5 \(stop\): 'stop' is not allowed.*Legal now: roll",
        ),
        (
            _saved(actions=["draw maid", "draw maid"]),
            r"action 2 \(draw maid\): .*maid is not in the draw pile",
        ),
        (_saved(actions=["draw maid", "fly away"]), r"action 2 \(fly away\): 'fly away' is not"),
        (_saved(actions=["draw dragonlord"]), r"'dragonlord' is not a resident"),
    ],
)
def test_corrupted_saved_games_are_refused_clearly(data, expected):
    with pytest.raises(SavedGameError, match=expected):
        Match.from_dict(data)
    with pytest.raises(SavedGameError, match=expected):
        Match.from_json(json.dumps(data))


@pytest.mark.parametrize("text", ["", "{", "null", "[1, 2]", b"\x80\x81", 5])
def test_non_json_saved_games_are_refused(text):
    with pytest.raises(SavedGameError):
        Match.from_json(text)


def test_saved_game_error_is_a_value_error():
    assert issubclass(SavedGameError, ValueError)


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("KAS2-abc", r"a scenario code starts with 'KAS1-'"),
        (None, r"starts with 'KAS1-'"),
        ("KAS1-!!!!", r"scenario code is damaged"),
        ("KAS1-" + base64.urlsafe_b64encode(b"not zlib").decode(), r"damaged"),
        (
            "KAS1-" + base64.urlsafe_b64encode(zlib.compress(b'{"format": "x"}')).decode(),
            r"saved game fields are wrong",
        ),
    ],
)
def test_damaged_scenario_codes_are_refused(code, expected):
    with pytest.raises(SavedGameError, match=expected):
        Match.from_code(code)


# ---------------------------------------------------------------------------------------------
# the seed rule: no viewer gets the seed while the game is not over
# ---------------------------------------------------------------------------------------------
def _decoded(code: str) -> dict:
    body = code[len("KAS1-") :]
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))))


@pytest.mark.parametrize("name", ["dragon-battle", "heroes", "dragons-gold"])
def test_no_viewer_gets_the_seed_while_the_game_is_not_over(name):
    """Even a viewer from whom nothing is hidden yet (the start of a game, a dice game without
    hidden residents, the omniscient viewer): the seed would tell every chance result to come."""
    match = Match(kaskaria.load(name), seed=2026)
    match.resolve_chance()
    first_choice_playout(match, 3)
    assert not match.state.is_terminal()
    viewers = [*range(match.game.players), kaskaria.TABLE, kaskaria.OMNISCIENT]
    for viewer in viewers:
        assert match.seed_hidden_from(viewer)
        data = match.to_dict(viewer)
        assert "seed" not in data and data["viewer"] == (
            viewer if isinstance(viewer, int) else str(viewer)
        )
        code = match.to_code(viewer=viewer)
        assert "2026" not in json.dumps(_decoded(code))
        view = kaskaria.match.read_code(code)
        assert isinstance(view, kaskaria.match.MatchView) and view.viewer == viewer
        assert list(view.lines) == match.lines(viewer)
        with pytest.raises(SavedGameError, match="cannot be replayed"):
            Match.from_code(code)
    # the teacher's code, from Python, has it
    assert not match.seed_hidden_from(None)
    assert match.to_dict()["seed"] == 2026 and Match.from_code(match.to_code()).seed == 2026


def test_once_the_game_is_over_a_viewer_who_saw_everything_gets_the_full_code():
    match = lukas_match()
    while not match.state.is_terminal():
        match.play(match.state.legal_actions()[-1])
    for viewer in (0, 1, kaskaria.TABLE, kaskaria.OMNISCIENT):
        assert not match.seed_hidden_from(viewer)
        assert match.to_code(viewer=viewer) == match.to_code()
        assert Match.from_code(match.to_code(viewer=viewer)).states == match.states


def test_at_the_end_the_seed_stays_hidden_from_a_viewer_who_did_not_see_everything():
    match = Match(kaskaria.load("heroes"), seed=4)
    match.resolve_chance()
    while not match.state.is_terminal():
        match.play(match.state.legal_actions()[0])
    assert match.hides_from(0)  # cards drawn by the other player stay unseen
    assert match.seed_hidden_from(0) and "seed" not in match.to_dict(0)
    assert not match.seed_hidden_from(kaskaria.OMNISCIENT)
