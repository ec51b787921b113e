"""Dragon Battle: one test per rule that allows or forbids something.

Each docstring says, in our own words, which rule the test checks. Dragons lie in the order
yellow, red, blue, purple; a dice result is written with its faces in alphabetical order.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import kaskaria
from kaskaria import CHANCE, TERMINAL, Action, IllegalActionError, InvalidActionError
from kaskaria.dragon_battle import COLOURS, FACES, DragonBattleState, roll_outcomes

GAME = "dragon-battle"
SET_UP = ("maid", "king", "knight", "cook")  # under yellow, red, blue, purple: 2, 4, 3, 3 stars


def new_game(players: int = 2, variant: str = "basic", **options):
    return kaskaria.load(GAME, players=players, variant=variant, **options)


def set_up(game=None, names=SET_UP) -> DragonBattleState:
    """The state after the four set-up draws (one resident under each dragon)."""
    state = (game or new_game()).new_state()
    for name in names:
        state = state.apply(f"draw {name}")
    return state


def roll(state: DragonBattleState, faces: str) -> DragonBattleState:
    """Roll the dice in hand (a player's 'roll' if due) and apply the given result."""
    if state.phase in ("start", "decide"):
        state = state.apply("roll")
    assert state.phase == "rolling", state
    return state.apply(f"roll {faces}")


def position(game, *, under, rescued=None, jugglers=None, jugglers_left=None, player=0):
    """A 'start' position with the given residents under the dragons, set up with the game's own
    ``setup``: the rest is in the pile unless rescued, and the fewest scares that can have led
    here were played."""
    return game.setup(
        residents=list(under),
        rescued=rescued,
        jugglers=jugglers,
        jugglers_left=jugglers_left,
        to_move=player,
    )


def texts(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def random_games(players: int, games: int, seed: int, **options):
    """Yield (actions, states) of seeded random games."""
    game = new_game(players, **options)
    for i in range(games):
        rng = np.random.default_rng([seed, i])
        state = game.new_state()
        states, actions = [state], []
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                action = legal[int(rng.integers(len(legal)))]
            state = state.apply(action)
            actions.append(action)
            states.append(state)
        yield actions, states


def turns_of(actions, states):
    """Split a played game into turns: lists of (state before, action), draws left out."""
    turn: list = []
    for before, action, after in zip(states[:-1], actions, states[1:], strict=True):
        if before.phase == "draw":
            continue
        turn.append((before, action))
        if after.turns != before.turns:
            yield turn
            turn = []


# ---------------------------------------------------------------------------------------------
# Contents and set-up
# ---------------------------------------------------------------------------------------------
def test_box_contents():
    """The box holds four dragons, twenty residents, eight jugglers and four six-sided dice."""
    game = new_game()
    assert COLOURS == ("yellow", "red", "blue", "purple")
    assert len(game.resident_names) == len(set(game.resident_names)) == 20
    assert game.jugglers == 8 and game.dice == 4
    assert FACES == ("black", "yellow", "red", "blue", "purple", "silver")
    assert game.stars["king"] == 4 and game.stars["knight"] == 3 and game.stars["maid"] == 2


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players):
    """The game is for two to four players; other counts are refused."""
    with pytest.raises(ValueError, match=rf"2-4 players, not {players}"):
        new_game(players)
    for ok in (2, 3, 4):
        assert new_game(ok).players == ok


def test_set_up_lays_one_shuffled_resident_face_up_under_each_dragon():
    """Residents are shuffled; one is drawn face up under each dragon, the rest form a hidden
    pile. Each set-up draw is a chance event, equally likely among the tiles left."""
    state = new_game().new_state()
    assert state.phase == "draw" and state.under == (None,) * 4 and len(state.pile) == 20
    for i, name in enumerate(SET_UP):
        assert state.current_player() == CHANCE
        outcomes = dict(state.chance_outcomes())
        assert len(outcomes) == 20 - i
        assert set(outcomes.values()) == {Fraction(1, 20 - i)}
        state = state.apply(f"draw {name}")
        assert state.under[i] == name  # each draw fills the leftmost empty place
    assert state.under == SET_UP and state.face_up == (True,) * 4
    assert len(state.pile) == 16 and list(state.pile) == sorted(state.pile)
    assert state.jugglers_left == 8 and state.hand == 4 and state.well == 0
    assert state.phase == "start" and state.player == 0
    assert state.observation(0)["pile"] == 16  # only the size of the pile is seen


def test_who_starts_is_an_option():
    """The player who last scared a dragon begins: by default seat 0, otherwise the option
    first_player chooses the seat."""
    assert set_up().player == 0
    state = set_up(new_game(3, first_player=2))
    assert state.player == 2
    after = roll(state, "black black black black")  # a failed turn passes play on
    assert after.player == 0


# ---------------------------------------------------------------------------------------------
# Rolling and black dice
# ---------------------------------------------------------------------------------------------
def test_first_roll_uses_all_dice():
    """A turn starts with a roll of all four dice."""
    state = set_up()
    assert texts(state) == ["roll"]
    rolling = state.apply("roll")
    assert rolling.current_player() == CHANCE and rolling.hand == 4
    assert rolling.chance_outcomes() == roll_outcomes(4)


def test_black_dice_go_to_the_well_at_once():
    """Every black die of a roll goes straight to the well; only the other dice wait to be
    placed, and a black die can never be placed on a dragon."""
    state = roll(set_up(), "black black red yellow")
    assert state.well == 2 and state.rolled == ("red", "yellow") and state.hand == 0
    assert texts(state) == ["place red", "place yellow"]
    with pytest.raises(InvalidActionError, match=r"'place black' is not a placement"):
        state.parse_action("place black")


def test_black_dice_are_not_rolled_again():
    """Dice in the well stay there for the rest of the turn: the next roll uses only the dice
    still in hand, and the well only grows."""
    state = roll(set_up(), "black blue red red").apply("place red")
    assert state.well == 1 and state.hand == 1
    rolling = state.apply("roll")
    assert rolling.chance_outcomes() == roll_outcomes(1)
    assert len(rolling.chance_outcomes()) == 6
    assert roll(state, "yellow").well == 1
    with pytest.raises(IllegalActionError, match=r"1 dice are being rolled"):
        rolling.apply("roll black yellow")


def test_a_turn_has_at_most_four_rolls():
    """A turn has at most four rolls: each roll that does not fail places at least one die."""
    state = roll(set_up(), "blue purple red yellow").apply("place yellow")
    state = roll(state, "blue purple red").apply("place red")
    state = roll(state, "blue purple").apply("place blue")
    assert state.phase == "decide" and state.hand == 1
    state = roll(state, "purple").apply("place purple")
    assert state.turns == 1 and state.rescued[0] == SET_UP  # no fifth roll: the turn is over
    longest = 0
    for actions, states in random_games(2, 40, seed=1):
        for turn in turns_of(actions, states):
            rolls = sum(1 for before, a in turn if before.phase == "rolling")
            assert 1 <= rolls <= 4
            longest = max(longest, rolls)
    assert longest == 4


# ---------------------------------------------------------------------------------------------
# Placing dice
# ---------------------------------------------------------------------------------------------
def test_a_colour_scares_its_own_dragon_with_all_its_dice():
    """Choosing a colour puts every die of that colour on the dragon of that colour; there is
    no way to place only some of them."""
    state = roll(set_up(), "blue red red yellow")
    assert texts(state) == ["place blue", "place red", "place yellow"]
    placed = state.apply("place red")
    assert placed.on_dragon == ((), ("red", "red"), (), ())
    assert placed.hand == 2  # the blue and the yellow die go back into the hand


def test_silver_is_a_joker_for_any_empty_dragon():
    """Silver stands for any colour: the silver dice may go on any dragon that holds no dice."""
    state = roll(set_up(), "blue purple silver yellow")
    for colour in COLOURS:
        assert f"place silver on {colour}" in texts(state)
    after = state.apply("place silver on red")
    assert after.on_dragon == ((), ("silver",), (), ())
    state = roll(roll(set_up(), "blue purple red red").apply("place red"), "purple silver")
    assert texts(state) == [
        "place purple",
        "place silver on blue",
        "place silver on purple",
        "place silver on yellow",
    ]


def test_silver_goes_to_one_dragon_only():
    """All silver dice of a roll go together onto one single dragon; they cannot be split
    over several dragons."""
    state = roll(set_up(), "red silver silver yellow")
    assert all(
        len(a.args) == 3 and a.args[1] == "on" for a in state.legal_actions() if "silver" in a.args
    )
    after = state.apply("place silver on blue")
    assert after.on_dragon == ((), (), ("silver", "silver"), ())
    assert after.hand == 2 and after.phase == "decide"
    with pytest.raises(IllegalActionError, match=r"one colour per roll"):
        after.apply("place silver on purple")


def test_only_one_dragon_per_roll():
    """On each roll exactly one colour (or the silver dice) is set aside; the other dice of the
    roll go back into the hand."""
    state = roll(set_up(), "blue red red yellow").apply("place red")
    assert state.phase == "decide" and state.rolled == ()
    assert texts(state) == ["roll", "stop"]
    with pytest.raises(IllegalActionError) as err:
        state.apply("place yellow")
    assert "one colour per roll" in str(err.value) and "Legal now: roll, stop" in str(err.value)


def test_silver_is_not_combined_with_a_colour_by_default():
    """By default silver counts as a colour of its own, so a roll places either one real
    colour or the silver dice, not both; the option silver_with_colour allows both together."""
    strict = roll(set_up(), "red red silver yellow")
    assert "place red with silver" not in texts(strict)
    with pytest.raises(
        IllegalActionError, match=r"silver dice are placed on their own, not together with a colour"
    ):
        strict.apply("place red with silver")
    loose = roll(set_up(new_game(silver_with_colour=True)), "red red silver yellow")
    assert "place red with silver" in texts(loose) and "place red" in texts(loose)
    after = loose.apply("place red with silver")
    assert after.on_dragon == ((), ("red", "red", "silver"), (), ()) and after.hand == 1


def test_no_dice_on_a_dragon_that_already_holds_dice():
    """Dice may only go on a dragon that holds no dice yet, neither by colour nor by silver."""
    state = roll(roll(set_up(), "blue red red yellow").apply("place red"), "red silver")
    assert "place red" not in texts(state) and "place silver on red" not in texts(state)
    for text in ("place red", "place silver on red"):
        with pytest.raises(IllegalActionError) as err:
            state.apply(text)
        message = str(err.value)
        assert f"'{text}' is not allowed" in message
        assert "the red dragon already holds dice" in message
        assert "Legal now: place silver on blue" in message


def test_placing_is_required_when_possible():
    """If a roll shows a die that can be placed, the player must place before rolling again or
    stopping (a roll fails only when nothing can be placed)."""
    state = roll(set_up(), "black blue red red")
    assert all(a.verb == "place" for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match=r"first set aside one colour"):
        state.apply("roll")
    with pytest.raises(IllegalActionError, match=r"first set aside one colour"):
        state.apply("stop")


# ---------------------------------------------------------------------------------------------
# Rolling on, stopping, success
# ---------------------------------------------------------------------------------------------
def test_after_a_placement_roll_again_or_stop():
    """With dice left in hand the player may roll those dice again or stop."""
    state = roll(set_up(), "black blue red red").apply("place red")
    assert state.current_player() == 0
    assert texts(state) == ["roll", "stop"]
    assert state.apply("roll").hand == 1


def test_stopping_is_impossible_before_the_first_placement():
    """A player cannot stop before a first die lies on a dragon: not before the first roll and
    not while the first roll still waits to be placed."""
    state = set_up()
    with pytest.raises(IllegalActionError) as err:
        state.apply("stop")
    assert "cannot stop before you have scared a dragon" in str(err.value)
    assert str(err.value).endswith("Legal now: roll.")
    waiting = roll(state, "black blue red red")
    with pytest.raises(IllegalActionError, match=r"first set aside one colour"):
        waiting.apply("stop")


def test_stopping_rescues_the_residents_of_scared_dragons():
    """Stopping ends the turn: the player takes every resident whose dragon holds at least one
    die; the others stay."""
    state = roll(roll(set_up(), "blue purple red red").apply("place red"), "silver yellow")
    state = state.apply("place silver on purple")
    assert state.phase == "decide" and state.hand == 1
    state = state.apply("stop")
    assert state.rescued == (("king", "cook"), ())
    assert state.under == ("maid", None, "knight", None)
    assert state.stars() == (7, 0) and state.jugglers == (0, 0)
    assert state.player == 1 and state.phase == "draw"


def test_placing_every_die_ends_the_turn_as_a_success():
    """When no dice are left in hand after a placement the turn ends at once, successfully."""
    state = roll(set_up(), "red red red red").apply("place red")
    assert state.turns == 1 and state.rescued[0] == ("king",)
    assert state.player == 1 and state.phase == "draw"


# ---------------------------------------------------------------------------------------------
# Failing
# ---------------------------------------------------------------------------------------------
def test_a_roll_with_nothing_placeable_fails_the_turn():
    """If no die of a roll can go on an empty dragon, the turn fails: nobody is rescued, every
    resident stays, the dice leave the dragons and the player takes a juggler."""
    state = roll(roll(set_up(), "blue red red yellow").apply("place red"), "black red")
    assert state.turns == 1 and state.player == 1
    assert state.rescued == ((), ()) and state.under == SET_UP
    assert state.jugglers == (1, 0) and state.jugglers_left == 7 and state.stars() == (1, 0)
    assert state.on_dragon == ((),) * 4 and state.well == 0 and state.hand == 4
    assert state.phase == "start"  # nothing to refill


def test_a_roll_of_only_black_fails_the_turn():
    """Rolling nothing but black fails the turn at once, even on the first roll."""
    state = roll(set_up(), "black black black black")
    assert state.turns == 1 and state.jugglers == (1, 0) and state.under == SET_UP
    state = roll(roll(set_up(), "blue purple red yellow").apply("place red"), "black black black")
    assert state.jugglers == (1, 0) and state.rescued == ((), ())


def test_no_consolation_once_the_jugglers_are_gone():
    """A failed turn brings a juggler only while jugglers are left (default); with the option
    jugglers_run_out='unlimited' it always brings one."""
    rest = sorted(set(new_game().resident_names) - set(SET_UP))
    kw = {"under": SET_UP, "rescued": [rest[:3], rest[3:6]], "jugglers": [5, 3], "jugglers_left": 0}
    state = roll(position(new_game(), **kw), "black black black black")
    assert state.jugglers == (5, 3) and state.jugglers_left == 0 and state.player == 1
    state = roll(position(new_game(jugglers_run_out="unlimited"), **kw), "black black black black")
    assert state.jugglers == (6, 3) and state.jugglers_left == 0


# ---------------------------------------------------------------------------------------------
# Between turns and the end
# ---------------------------------------------------------------------------------------------
def test_play_passes_clockwise():
    """After each turn the next seat plays, wrapping round the table."""
    for players in (2, 3, 4):
        for _, states in random_games(players, 3, seed=players):
            for before, after in zip(states, states[1:], strict=False):
                if after.turns != before.turns:
                    assert after.player == (before.player + 1) % players
                else:
                    assert after.player == before.player


def test_the_next_player_refills_empty_places_from_the_pile():
    """After a turn, each empty place is filled from the hidden pile (leftmost first), one
    chance draw at a time, equally likely among the tiles left; then the next player starts
    with all the dice."""
    state = roll(set_up(), "black blue red red").apply("place red")
    state = roll(state, "yellow").apply("place yellow")
    assert (
        state.phase == "draw"
        and state.player == 1
        and state.under == (None, None, "knight", "cook")
    )
    assert state.current_player() == CHANCE
    assert dict(state.chance_outcomes()) == {
        Action("draw", (n,)): Fraction(1, 16) for n in state.pile
    }
    state = state.apply("draw baker")
    assert state.under == ("baker", None, "knight", "cook") and state.phase == "draw"
    assert set(dict(state.chance_outcomes()).values()) == {Fraction(1, 15)}
    state = state.apply("draw page")
    assert state.under == ("baker", "page", "knight", "cook") and len(state.pile) == 14
    assert state.phase == "start" and state.player == 1
    assert state.hand == 4 and state.well == 0 and state.on_dragon == ((),) * 4


def test_a_resident_can_be_drawn_only_from_the_pile_and_only_into_an_empty_place():
    """Draws come only from the pile and only when a place is empty."""
    state = new_game().new_state().apply("draw king")
    with pytest.raises(IllegalActionError, match=r"king is not in the draw pile"):
        state.apply("draw king")
    with pytest.raises(IllegalActionError, match=r"only to fill an empty place"):
        set_up().apply("draw page")


def test_the_game_ends_exactly_when_a_refill_is_short():
    """The game ends at once when the pile cannot fill every empty place; while it can, play
    goes on (even with an empty pile, as long as no place is empty)."""
    game = new_game()
    everyone = sorted(set(game.resident_names) - set(SET_UP))

    def stop_after_two(state):  # rescue the king and the maid
        return roll(roll(state, "black blue red red").apply("place red"), "yellow").apply(
            "place yellow"
        )

    # one tile left for two empty places: over, and nothing is drawn
    state = stop_after_two(position(game, under=SET_UP, rescued=[everyone[:8], everyone[8:15]]))
    assert len(state.pile) == 1
    assert state.phase == "over" and state.current_player() == TERMINAL
    assert state.under == (None, None, "knight", "cook") and len(state.pile) == 1
    assert state.legal_actions() == ()
    # exactly two tiles left: both are drawn and play goes on
    state = stop_after_two(position(game, under=SET_UP, rescued=[everyone[:8], everyone[8:14]]))
    assert state.phase == "draw" and len(state.pile) == 2
    state = state.apply(f"draw {state.pile[0]}")
    state = state.apply(f"draw {state.pile[0]}")
    assert state.phase == "start" and state.pile == ()
    # an empty pile with nothing to refill: a failed turn does not end the game
    failed = roll(state, "black black black black")
    assert failed.phase == "start" and not failed.is_terminal()
    # the next success empties a place: now the game is over
    assert roll(failed, "blue blue blue blue").apply("place blue").phase == "over"


def test_the_game_ends_only_on_a_short_refill_in_random_games():
    """In played games the end comes right after a turn that leaves more empty places than
    tiles in the pile, and never otherwise."""
    ended = 0
    for players in (2, 3, 4):
        for _, states in random_games(players, 30, seed=10 + players):
            for before, after in zip(states, states[1:], strict=False):
                if after.phase == "over":
                    assert after.turns == before.turns + 1
                    assert len(after.pile) < after.under.count(None)
                    ended += 1
                elif after.phase == "draw":
                    assert len(after.pile) >= after.under.count(None) > 0
    assert ended == 90


# ---------------------------------------------------------------------------------------------
# Scoring and variants
# ---------------------------------------------------------------------------------------------
def finished(game, rescued, jugglers):
    """An ended position: the named residents rescued, the others (at most three, since the
    game ends as soon as a refill is short) left under the first dragons, the pile empty."""
    left = sorted(set(game.resident_names) - {n for r in rescued for n in r})
    assert len(left) <= 3, "a finished game leaves at most three residents"
    under = left + [None] * (4 - len(left))
    return game.setup(
        residents=under,
        rescued=rescued,
        jugglers=jugglers,
        jugglers_left=max(0, 8 - sum(jugglers)),
        turns=20 * game.players,  # enough scares for any of these; seat 0 would be next
    )


FOURS = ["king", "queen", "princess", "prince", "wizard"]
THREES = ["knight", "cook", "guard", "minstrel", "falconer"]
TWOS = ["maid", "baker", "smith", "gardener", "tailor"]
ONES = ["page", "groom", "shepherd", "miller", "weaver"]


def test_star_values_used_by_the_scoring_tests():
    """Resident stars: five residents each of 4, 3, 2 and 1 stars; a juggler is worth 1."""
    game = new_game()
    for stars, names in ((4, FOURS), (3, THREES), (2, TWOS), (1, ONES)):
        assert {game.stars[n] for n in names} == {stars}
    assert game.juggler_stars == 1


def test_most_stars_wins_counting_residents_and_jugglers():
    """Scores are the stars of rescued residents plus the jugglers' stars; most stars wins."""
    game = new_game()
    state = finished(game, [FOURS[:4], THREES[:4] + TWOS[:4] + ONES], [3, 1])
    assert state.stars() == (16 + 3, 12 + 8 + 5 + 1) == (19, 26)
    assert state.scores() == state.stars()
    assert state.winners() == (1,) and state.returns() == (-1.0, 1.0)
    more = finished(game, [FOURS[:4], THREES[:4] + TWOS[:4] + ONES], [7, 1])
    assert more.stars() == (23, 26) and more.winners() == (1,)


def test_a_tie_goes_to_fewest_rescued_residents():
    """On equal stars the player with fewer rescued residents wins."""
    game = new_game()
    state = finished(game, [FOURS + THREES[:2], THREES[2:] + TWOS + ONES[:4]], [0, 3])
    assert state.stars() == (26, 26)
    assert [len(r) for r in state.rescued] == [7, 12]
    assert state.winners() == (0,) and state.returns() == (1.0, -1.0)


def test_a_full_tie_has_several_winners():
    """Equal stars and equal numbers of rescued residents: all of those players win."""
    game = new_game(3)
    p0 = ["king", "queen", "knight", "cook", "page", "groom"]
    p1 = ["princess", "prince", "guard", "maid", "baker", "shepherd"]
    p2 = ["wizard", "minstrel", "falconer", "smith", "gardener", "tailor"]
    state = finished(game, [p0, p1, p2], [0, 0, 0])
    assert state.stars() == (16, 16, 16)
    assert state.winners() == (0, 1, 2) and state.returns() == (1.0, 1.0, 1.0)
    p2 = ["wizard", "minstrel", "falconer", "smith", "gardener", "miller", "weaver"]
    state = finished(game, [p0, p1, p2], [0, 0, 0])
    assert state.stars() == (16, 16, 16)
    assert state.winners() == (0, 1) and state.returns() == (1.0, 1.0, -1.0)


def test_jugglers_are_not_residents_in_the_tie_break():
    """Jugglers add stars, but only rescued residents count in the tie-break."""
    game = new_game()
    p0 = ["king", "queen", "knight", "cook", "guard", "maid", "baker"]
    p1 = ["princess", "prince", "wizard", "minstrel", "falconer", "smith", "gardener"]
    p1 += ["page", "groom", "shepherd"]
    state = finished(game, [p0, p1], [4, 0])
    assert state.stars() == (25, 25)
    # seven residents and four jugglers beat ten residents
    assert state.winners() == (0,)


def test_younger_children_count_residents_only():
    """In the variant for younger children the most rescued residents wins; jugglers do not
    count, and stars do not break ties."""
    game = new_game(variant="younger")
    state = finished(game, [FOURS + THREES[:3], THREES[3:] + TWOS + ONES[:2]], [4, 0])
    assert state.stars() == (33, 18)
    assert state.scores() == (8, 9)
    assert state.winners() == (1,)
    tie = finished(game, [FOURS + THREES[:4], THREES[4:] + TWOS + ONES[:3]], [0, 3])
    assert tie.scores() == (9, 9) and tie.stars() != tie.scores()
    assert tie.winners() == (0, 1)


def test_memory_variant_turns_residents_face_down_until_rescued():
    """In the memory variant residents are shown when laid out, turned face down once the turn
    begins, and shown again only when rescued."""
    game = new_game(variant="memory")
    state = set_up(game)
    assert state.face_up == (True,) * 4
    assert [d["resident"] for d in state.observation(1)["dragons"]] == list(SET_UP)
    rolling = state.apply("roll")
    assert rolling.face_up == (False,) * 4
    hidden = rolling.observation(1)
    assert [d["resident"] for d in hidden["dragons"]] == [None] * 4
    assert [d["stars"] for d in hidden["dragons"]] == [None] * 4
    assert all(d["face_down"] for d in hidden["dragons"])
    done = roll(roll(state, "black blue red red").apply("place red"), "yellow").apply(
        "place yellow"
    )
    seen = done.observation(0)
    assert seen["rescued"][0] == [
        {"resident": "maid", "stars": 2},
        {"resident": "king", "stars": 4},
    ]
    assert [d["face_down"] for d in seen["dragons"]] == [False, False, True, True]
    refilled = done.apply("draw page").apply("draw groom")
    assert refilled.face_up == (True, True, False, False)  # the new ones are shown
    assert refilled.apply("roll").face_up == (False,) * 4


def test_memory_variant_scores_like_the_basic_game():
    """Apart from hiding residents, the memory variant is scored like the basic game."""
    game = new_game(variant="memory")
    state = finished(game, [FOURS + THREES[:2], THREES[2:] + TWOS + ONES[:4]], [0, 3])
    assert state.scores() == state.stars() == (26, 26) and state.winners() == (0,)


def test_residents_left_under_dragons_belong_to_nobody():
    """At the end residents still under dragons score for nobody."""
    game = new_game()
    state = finished(game, [FOURS + THREES, TWOS + ONES[:2]], [0, 0])
    assert state.stars() == (35, 12)
    assert state.under == ("miller", "shepherd", "weaver", None) and state.pile == ()
