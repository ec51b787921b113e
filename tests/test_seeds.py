"""A seed is a whole number from 0 to 2**63 - 1, numpy's integers included, at every public entry
that takes one, for every game; it is kept as a plain ``int`` (it goes into JSON and codes)."""

from __future__ import annotations

import json

import numpy as np
import pytest

import kaskaria
from kaskaria.bots import make_bot
from kaskaria.match import Match
from kaskaria.session import TableSession
from kaskaria.tournament import play_tournament
from kaskaria.validate import check_seed, seed_number

GAMES = ("dragon-battle", "heroes", "dragons-gold")
#: numpy's integer types a notebook's arithmetic hands out (rng.integers gives int64)
NUMPY_SEEDS = (np.int64(3), np.int32(3), np.uint8(3), np.uint64(3))


def package(name: str):
    return getattr(kaskaria, name.replace("-", "_"))


def players(name: str) -> int:
    return kaskaria.load(name).players


@pytest.mark.parametrize("seed", NUMPY_SEEDS, ids=lambda s: type(s).__name__)
@pytest.mark.parametrize("name", GAMES)
def test_load_takes_a_numpy_seed_as_the_same_whole_number(name, seed):
    game = kaskaria.load(name, seed=seed)
    assert game.seed == 3 and type(game.seed) is int
    assert game == kaskaria.load(name, seed=3)
    json.dumps(game.spec())  # nothing numpy left in what is saved
    again = type(game)(seed=seed)  # the game's class itself, as load calls it
    assert again.seed == 3 and type(again.seed) is int
    drawn = kaskaria.load(name).rng(seed).integers(10**9)
    assert drawn == kaskaria.load(name).rng(3).integers(10**9)


@pytest.mark.parametrize("name", GAMES)
def test_a_numpy_seed_plays_the_same_game_as_the_whole_number(name):
    seed = np.int64(3)
    by_load = Match(kaskaria.load(name, seed=seed))
    by_match = Match(kaskaria.load(name), seed=seed)
    plain = Match(kaskaria.load(name), seed=3)
    for match in (by_load, by_match, plain):
        match.resolve_chance()
    assert by_load.seed == by_match.seed == 3 and type(by_load.seed) is type(by_match.seed) is int
    assert by_load.to_code() == by_match.to_code() == plain.to_code()


@pytest.mark.parametrize("name", GAMES)
def test_positions_take_a_numpy_seed(name):
    seed = np.int64(3)
    set_up = kaskaria.setup(name, seed=seed)
    assert set_up.seed == 3 and type(set_up.seed) is int
    assert package(name).setup(seed=seed).to_code() == kaskaria.setup(name, seed=3).to_code()
    text = set_up.position_text()
    read = Match.from_position(text, seed=seed)
    assert read.seed == 3 and type(read.seed) is int
    assert read.to_code() == Match.from_position(text, seed=3).to_code()


@pytest.mark.parametrize("name", GAMES)
def test_tournaments_and_tables_take_a_numpy_seed(name):
    game = kaskaria.load(name)
    bots = [make_bot(name, "random") for _ in range(game.players)]
    result = play_tournament(game, bots, games=2, seed=np.int64(3))
    assert result.seed == 3 and type(result.seed) is int
    assert result.summary() == play_tournament(game, bots, games=2, seed=3).summary()
    table = TableSession(name, players=players(name), seed=np.int64(3))
    assert table.match.seed == 3 and type(table.match.seed) is int
    table.new_game(seed=np.int64(4))
    assert table.match.seed == 4 and type(table.match.seed) is int


def test_the_dragon_battle_simulator_takes_a_numpy_seed():
    game = kaskaria.load("dragon-battle", players=2)
    simulate = kaskaria.dragon_battle.simulate_tournament
    sim = simulate(game, ["optimal", "cautious"], games=4, seed=np.int64(3))
    assert sim.seed == 3 and type(sim.seed) is int
    plain = simulate(game, ["optimal", "cautious"], games=4, seed=3)
    assert sim.summary() == plain.summary()


@pytest.mark.parametrize("seed", [-1, 1.5, True, "7", np.int64(-1), np.float64(3.0)])
@pytest.mark.parametrize("name", GAMES)
def test_what_is_no_seed_is_refused_by_every_game_as_before(name, seed):
    with pytest.raises(ValueError, match=r"seed must be a whole number >= 0 or None, got"):
        kaskaria.load(name, seed=seed)


@pytest.mark.parametrize("name", GAMES)
def test_a_seed_too_large_for_numpy_is_refused_by_the_one_check(name):
    for seed in (2**63, np.uint64(2**63)):
        with pytest.raises(ValueError, match=r"from 0 to 2\*\*63 - 1 or None, got"):
            kaskaria.load(name, seed=seed)
        with pytest.raises(ValueError, match=r"from 0 to 2\*\*63 - 1, got"):
            Match(kaskaria.load(name), seed=seed)


def test_seed_number_turns_numpy_integers_into_ints_and_leaves_the_rest_to_the_check():
    assert seed_number(np.int64(5)) == 5 and type(seed_number(np.int64(5))) is int
    assert seed_number(7) == 7 and seed_number(None) is None
    for other in (1.5, "7", True, np.float64(2.0), np.bool_(True)):
        assert seed_number(other) is other
    assert check_seed(np.uint8(9)) == 9 and type(check_seed(np.uint8(9))) is int
    with pytest.raises(ValueError, match=r"got np.True_|got True"):
        check_seed(np.bool_(True))
