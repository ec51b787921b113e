"""Every rule of Heroes of Kaskaria that allows or forbids something, tried on the engine."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from heroes_support import load, play, position, random_states, set_up, state_at, texts

import kaskaria
from kaskaria import CHANCE, TERMINAL, IllegalActionError, InvalidActionError
from kaskaria.heroes import RULES, Heroes, HeroesRules, Value

HANDS_2 = [
    ["blue griffin", "blue gold", "blue gold", "blue plus2", "red runner"],
    ["orange runner", "orange runner", "orange gold", "green griffin", "yellow gold"],
]
DISPLAY = ["purple gold", "white runner", "black griffin"]


def started(players=2, variant="basic", **options):
    game = load(players, variant, **options)
    hands = HANDS_2 + [
        ["green gold", "green gold", "red griffin", "red gold", "white gold"],
        ["yellow griffin", "yellow runner", "purple runner", "black gold", "turquoise gold"],
    ]
    return set_up(game, hands[:players], DISPLAY)


# ---------------------------------------------------------------------------------------------
# Set-up
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "pile"), [(2, 41), (3, 36), (4, 31)])
def test_set_up_deals_five_each_in_turn_lays_three_then_buries_the_waterfall(players, pile):
    game = load(players)
    state = game.new_state()
    assert state.phase == "deal" and state.current_player() == CHANCE
    assert state.chance_kind() == "deal"
    # the waterfall is set aside: the first card is any of the 54 others, by kind
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 36 and sum(outcomes.values()) == 1
    assert outcomes[state.parse_action("reveal blue griffin")] == Fraction(1, 54)
    assert outcomes[state.parse_action("reveal blue gold")] == Fraction(2, 54)
    assert "waterfall" not in texts(state)
    rng = np.random.default_rng(players)
    order = []
    while state.phase == "deal":
        order.append(state.player)
        state = state.apply(state.sample_chance(rng))
    assert order == [i % players for i in range(5 * players)]
    assert [len(h) for h in state.hands] == [5] * players
    assert state.phase == "lay" and state.chance_kind() == "deal"
    for _ in range(3):
        state = state.apply(state.sample_chance(rng))
    assert state.phase == "bury" and state.chance_kind() == "waterfall"
    assert all(k >= 0 for k in state.display) and state.pile_size == pile
    # the bottom half: at least half the pile (rounded up) above it, the very bottom included
    places = [int(a.args[1]) for a in state.legal_actions()]
    assert sorted(places) == list(range((pile + 1) // 2, pile + 1))
    assert all(p == Fraction(1, len(places)) for _, p in state.chance_outcomes())
    state = state.apply(f"waterfall below {pile}")
    assert state.phase == "turn" and state.current_player() == 0 and state.turns == 0
    assert state.above == pile and state.wf_lo == (pile + 1) // 2


def test_bottom_half_option_rounds_down():
    game = load(2, bottom_half="round_down")
    state = play(game.new_state(), [])
    rng = np.random.default_rng(0)
    while state.phase != "bury":
        state = state.apply(state.sample_chance(rng))
    assert sorted(int(a.args[1]) for a in state.legal_actions()) == list(range(20, 42))
    with pytest.raises(IllegalActionError, match="below 20 to 41"):
        state.apply("waterfall below 19")


@pytest.mark.parametrize("first", [1, 2])
def test_first_player_is_dealt_first_and_plays_first(first):
    game = load(3, first_player=first)
    state = game.new_state()
    assert state.player == first
    rng = np.random.default_rng(1)
    while state.current_player() == CHANCE:
        state = state.apply(state.sample_chance(rng))
    assert state.current_player() == first
    state = state.apply("draw pile")
    while state.current_player() == CHANCE:
        state = state.apply(state.sample_chance(rng))
    assert state.current_player() == (first + 1) % 3


def test_first_player_must_be_a_seat():
    with pytest.raises(ValueError, match="first_player must be a seat from 0 to 1"):
        load(2, first_player=2)


# ---------------------------------------------------------------------------------------------
# A turn: draw one card, or play one set
# ---------------------------------------------------------------------------------------------
def test_a_turn_offers_exactly_draw_take_or_a_set():
    state = started()
    assert texts(state) == [
        "draw pile",
        "play blue gold gold",
        "play blue gold gold plus2",
        "play blue gold plus2",
        "play blue griffin gold",
        "play blue griffin gold gold",
        "play blue griffin gold gold plus2",
        "play blue griffin gold plus2",
        "play blue griffin plus2",
        "take display 1",
        "take display 2",
        "take display 3",
    ]


def test_drawing_from_the_pile_is_a_chance_event_seen_by_its_owner_then_the_turn_ends():
    state = started().apply("draw pile")
    assert state.current_player() == CHANCE and state.chance_kind() == "draw"
    outcomes = dict(state.chance_outcomes())
    # 41 cards in the pile (the waterfall is not on top: 21 or more lie above it)
    assert outcomes[state.parse_action("reveal orange plus2")] == Fraction(1, 41)
    after = state.apply("reveal orange plus2")
    assert after.current_player() == 1 and after.turns == 1
    assert "orange plus2" in after.observation(0)["hands"][0]
    assert after.observation(1)["hands"][0] is None
    assert after.observation(1)["hand_sizes"] == [6, 5]
    assert after.known == ((), ())  # nobody else knows which card it was


def test_taking_a_display_card_refills_the_display_at_once_and_is_public():
    state = started().apply("take display 2")
    assert state.phase == "refill" and state.chance_kind() == "refill"
    assert state.display == (
        state.game.kind_of["purple gold"],
        -1,
        state.game.kind_of["black griffin"],
    )
    after = state.apply("reveal red plus2")
    assert [state.game.kind_names[k] for k in after.display] == [
        "purple gold",
        "red plus2",
        "black griffin",
    ]
    assert after.current_player() == 1
    assert after.observation(1)["known"][0] == ["white runner"]  # everyone saw it taken


def test_a_set_of_one_card_is_not_allowed():
    state = started()
    with pytest.raises(IllegalActionError, match="a set has at least 2 cards of one colour"):
        state.apply("play blue griffin")
    with pytest.raises(IllegalActionError, match="at least 2 cards"):
        state.apply("play red runner")


def test_a_set_has_one_colour_but_its_motifs_may_differ():
    state = started()
    with pytest.raises(InvalidActionError, match="one colour only"):
        state.parse_action("play blue griffin red runner")
    after = state.apply("play blue griffin gold")  # two motifs, one colour
    assert after.griffins == (1, 0) and after.gold == (1, 0)


def test_only_cards_in_hand_can_be_played():
    state = started()
    with pytest.raises(IllegalActionError, match="you do not have a blue cliff runner card"):
        state.apply("play blue griffin runner")
    with pytest.raises(IllegalActionError, match="you do not have 3 blue gold cards"):
        state.apply("play blue gold gold gold")
    with pytest.raises(IllegalActionError):  # the other player's cards
        state.apply("play orange runner runner")


def test_only_one_set_per_turn():
    state = started().apply("play blue griffin gold gold plus2")
    assert state.phase == "choose" and state.current_player() == 0
    assert texts(state) == ["plus2 display 1", "plus2 display 2", "plus2 display 3", "plus2 pile"]
    with pytest.raises(
        IllegalActionError, match="first take 2 more cards, from the draw pile or the display"
    ):
        state.apply("play blue gold gold")
    state = started().apply("play blue gold gold")
    assert state.current_player() == 1  # the turn is over
    with pytest.raises(IllegalActionError):
        state.apply("play blue griffin plus2")


def test_every_card_of_the_set_acts_at_once_and_the_set_is_discarded():
    state = started()
    after = state.apply("play blue griffin gold gold")
    assert after.griffins == (1, 0) and after.runners == (0, 0)
    assert after.gold == (2, 0) and after.supply == 78
    assert after.observation("table")["discard"] == ["blue griffin", "blue gold", "blue gold"]
    assert after.hands[0] == (after.game.kind_of["blue plus2"], after.game.kind_of["red runner"])


def test_a_figures_colour_has_nothing_to_do_with_the_set_colour():
    """Any colour of set moves the player's own figures, and only them."""
    state = started().apply("draw pile").apply("reveal white gold")
    after = state.apply("play orange runner runner gold")  # player 2 plays orange
    assert after.runners == (0, 2) and after.gold == (0, 1)
    state = started()
    after = state.apply("play blue griffin plus2")
    assert after.griffins == (1, 0)


def test_several_figures_may_share_a_field():
    game = load(3)
    state = state_at(
        game,
        hands=[["blue runner", "blue gold"], ["red gold"], ["green gold"]],
        display=["purple gold", "white runner", "black griffin"],
        runners=[2, 3, 3],
        griffins=[1, 1, 0],
        turns=3,
    )
    after = state.apply("play blue runner gold")
    assert after.runners == (3, 3, 3) and after.griffins == (1, 1, 0)
    # three runners on one field share the first place
    assert after.place_gold("runner") == (7, 7, 7)
    assert after.place_gold("griffin") == (7, 7, 4)


def test_plus2_cards_come_from_the_display_or_the_pile_one_by_one():
    state = started().apply("play blue griffin gold gold plus2")
    state = state.apply("plus2 display 3")
    assert state.phase == "refill" and state.draws_left == 1
    state = state.apply("reveal red gold")
    assert state.phase == "choose" and state.current_player() == 0
    state = state.apply("plus2 display 3")  # the card that was just laid out
    state = state.apply("reveal turquoise gold")
    assert state.current_player() == 1
    names = state.observation(0)["hands"][0]
    assert sorted(names) == ["black griffin", "red gold", "red runner"]
    assert sorted(state.observation(1)["known"][0]) == ["black griffin", "red gold"]


def test_plus2_in_the_choose_phase_is_only_for_plus2_cards():
    state = started()
    with pytest.raises(IllegalActionError, match="only right after its set is played"):
        state.apply("plus2 pile")
    with pytest.raises(IllegalActionError, match="not a player's decision"):
        state.apply("draw pile").apply("draw pile")


# ---------------------------------------------------------------------------------------------
# The hand limit
# ---------------------------------------------------------------------------------------------
FULL = [
    "blue griffin",
    "orange runner",
    "red runner",
    "green runner",
    "yellow runner",
    "purple runner",
    "turquoise runner",
    "white runner",
    "black runner",
    "blue gold",
]


def test_with_ten_cards_drawing_is_not_allowed_and_a_set_must_be_played():
    game = load(2)
    state = state_at(game, hands=[FULL, []], display=["purple gold", "white gold", "black griffin"])
    assert texts(state) == ["play blue griffin gold"]  # nine colours: ten cards hold a set
    for line in ("draw pile", "take display 1"):
        with pytest.raises(IllegalActionError, match=r"your hand is full \(10 cards\): play a set"):
            state.apply(line)


def test_no_hand_ever_holds_more_than_ten_cards():
    for players in (2, 4):
        game = load(players)
        most = 0
        for state in random_states(game, 60, seed=players):
            most = max(most, *map(len, state.hands))
        assert most == 10  # reached, never passed


def test_a_hand_above_the_limit_is_refused_when_loaded():
    game = load(2)
    data = position(game, hands=[FULL, []], display=DISPLAY)
    data["hands"][0].append("orange gold")  # the eleventh card, from the pile
    data["pile"].remove("orange gold")
    data["above"] -= 1
    with pytest.raises(ValueError, match="more than 10 cards"):
        game.state_from_dict(data)


def two_plus2_table(**options):
    """A teacher's deck with two '+2' cards per colour: a set of two '+2' cards gives 4 cards."""
    return load(2, plus2_cards=2, **options)


def test_plus2_draws_stop_at_the_hand_limit_by_default():
    game = two_plus2_table()
    hand = [*FULL[:8], "blue plus2", "blue plus2"]
    state = state_at(game, hands=[hand, []], display=DISPLAY)
    state = state.apply("play blue plus2 plus2")
    assert state.draws_left == 4 and len(state.hands[0]) == 8
    state = state.apply("plus2 pile").apply("reveal red gold")
    state = state.apply("plus2 pile").apply("reveal red gold")
    # 10 cards: the other two draws are not taken
    assert state.current_player() == 1 and len(state.hands[0]) == 10


def test_plus2_may_go_above_the_limit_with_the_option_and_then_a_set_must_be_played():
    game = two_plus2_table(plus2_above_limit=True)
    hand = [*FULL[:8], "blue plus2", "blue plus2"]
    state = state_at(game, hands=[hand, ["green gold"]], display=DISPLAY)
    state = state.apply("play blue plus2 plus2")
    for card in ("red gold", "red gold", "green plus2", "yellow gold"):
        state = state.apply("plus2 pile").apply(f"reveal {card}")
    assert len(state.hands[0]) == 12 and state.current_player() == 1
    state = state.apply("draw pile").apply("reveal green griffin")
    assert all(a.verb == "play" for a in state.legal_actions())


# ---------------------------------------------------------------------------------------------
# The waterfall
# ---------------------------------------------------------------------------------------------
def waterfall_state(phase_line="draw pile"):
    game = load(2)
    state = state_at(
        game,
        hands=[["blue griffin", "orange gold"], ["red gold"]],
        display=["purple gold", "white runner", "black griffin"],
        discard=["green gold", "green gold", "yellow runner"],
        waterfall=0,
    )
    return state.apply(phase_line)


def test_the_waterfall_on_top_is_the_only_outcome_of_a_draw():
    state = waterfall_state()
    assert state.legal_actions() == (kaskaria.Action("waterfall"),)
    assert state.chance_outcomes() == ((kaskaria.Action("waterfall"), 1),)
    with pytest.raises(IllegalActionError, match="the next card of the draw pile is the waterfall"):
        state.apply("reveal blue gold")


def test_the_waterfall_shuffles_discard_and_pile_together_then_the_draw_goes_on():
    state = waterfall_state()
    pile = state.pile_size
    state = state.apply("waterfall")
    assert state.phase == "bury" and state.resume == "draw" and state.chance_kind() == "waterfall"
    assert state.discard_size == 0 and state.pile_size == pile + 3
    outcomes = state.chance_outcomes()
    assert [int(a.args[1]) for a, _ in sorted(outcomes, key=lambda o: int(o[0].args[1]))] == list(
        range(pile + 4)
    )
    assert all(p == Fraction(1, pile + 4) for _, p in outcomes)  # anywhere, uniformly
    state = state.apply("waterfall below 7")
    assert state.phase == "draw" and state.above == 7 and state.current_player() == CHANCE
    # the shuffled-in discard cards can come now
    assert dict(state.chance_outcomes())[state.parse_action("reveal green gold")] == Fraction(
        2, pile + 3
    )
    state = state.apply("reveal green gold")
    assert state.current_player() == 1 and "green gold" in state.observation(0)["hands"][0]
    assert state.above == 6


def test_the_waterfall_may_show_again_at_once_after_a_shuffle():
    state = waterfall_state().apply("waterfall").apply("waterfall below 0")
    assert state.legal_actions() == (kaskaria.Action("waterfall"),)
    state = state.apply("waterfall")
    assert state.phase == "bury" and state.discard_size == 0


def test_the_waterfall_while_refilling_the_display():
    state = waterfall_state("take display 1")
    assert state.phase == "refill" and state.legal_actions() == (kaskaria.Action("waterfall"),)
    state = state.apply("waterfall").apply("waterfall below 12")
    assert state.phase == "refill"
    state = state.apply("reveal yellow runner")
    assert state.game.kind_names[state.display[0]] == "yellow runner"
    assert state.current_player() == 1


def test_a_set_being_played_is_not_shuffled_in():
    game = load(2)
    state = state_at(
        game,
        hands=[["blue griffin", "blue plus2"], ["red gold"]],
        display=["purple gold", "white runner", "black griffin"],
        discard=["green gold"],
        waterfall=0,
    )
    state = state.apply("play blue griffin plus2").apply("plus2 pile").apply("waterfall")
    assert state.played and state.discard_size == 0
    counts = state.components()
    assert counts["blue griffin cards"] == 1 and counts["cards"] == 55
    state = state.apply("waterfall below 3").apply("reveal green gold")
    state = state.apply("plus2 pile").apply("reveal orange gold")
    assert state.current_player() == 1
    assert state.observation("table")["discard"] == ["blue griffin", "blue plus2"]


def test_waterfall_places_are_checked():
    state = waterfall_state().apply("waterfall")
    with pytest.raises(IllegalActionError, match="below 0 to"):
        state.apply(f"waterfall below {state.pile_size + 1}")
    with pytest.raises(IllegalActionError, match="only its place"):
        state.apply("reveal blue gold")
    turn = started()
    with pytest.raises(IllegalActionError, match="chance, not a player's decision"):
        turn.apply("waterfall")


# ---------------------------------------------------------------------------------------------
# The end and the final scoring
# ---------------------------------------------------------------------------------------------
def near_the_end(game=None, **fields):
    game = game or load(2)
    defaults = dict(
        hands=[["blue runner", "blue runner", "blue gold", "blue plus2"], ["red gold"]],
        display=["purple gold", "white runner", "black griffin"],
        runners=[10, 4],
        griffins=[3, 5],
        gold=[6, 9],
        turns=20,
    )
    defaults.update(fields)
    return state_at(game, **defaults)


def test_the_game_ends_as_soon_as_a_figure_reaches_the_volcano():
    state = near_the_end()
    after = state.apply("play blue runner runner gold plus2")
    assert after.phase == "over" and after.current_player() == TERMINAL
    assert after.legal_actions() == ()
    assert after.runners == (12, 4) and after.amulet == 0
    assert after.gold == (7, 9)  # the rest of the set's actions still happen: the gold
    assert after.observation("table")["discard"] == [
        "blue runner",
        "blue runner",
        "blue gold",
        "blue plus2",
    ]
    # final scoring: runner 7 (first) and griffin 4 (second), the amulet 2
    assert after.place_gold("runner") == (7, 4) and after.place_gold("griffin") == (4, 7)
    assert after.scores() == (7 + 7 + 4 + 2, 9 + 4 + 7)
    assert after.winners() == (0,)


def test_the_last_sets_plus2_cards_are_taken_with_the_option():
    state = near_the_end(load(2, final_plus2="draw"))
    after = state.apply("play blue runner runner gold plus2")
    assert after.phase == "choose" and after.amulet == 0 and after.draws_left == 2
    after = after.apply("plus2 pile").apply("reveal red runner")
    after = after.apply("plus2 pile").apply("reveal red griffin")
    assert after.phase == "over" and len(after.hands[0]) == 2


def test_a_figure_stops_on_the_volcano():
    state = near_the_end(runners=[11, 4])
    after = state.apply("play blue runner runner")
    assert after.runners == (12, 4) and after.phase == "over"


def test_most_gold_wins_and_the_amulet_breaks_a_tie():
    # player 2 reaches the volcano and takes the amulet, but has less gold in the end
    state = near_the_end(
        hands=[["blue gold"], ["red runner", "red runner"]],
        runners=[4, 10],
        griffins=[5, 3],
        gold=[6, 2],
        turns=21,
        to_move=1,
    )
    after = state.apply("play red runner runner")
    # player 1: 6 + runner second 4 + griffin first 7; player 2: 2 + 7 + 4 + amulet 2
    assert after.scores() == (17, 15) and after.winners() == (0,)
    tie = near_the_end(
        hands=[["blue gold"], ["red runner", "red runner"]],
        runners=[4, 10],
        griffins=[5, 3],
        gold=[8, 6],
        turns=21,
        to_move=1,
    ).apply("play red runner runner")
    assert tie.scores() == (8 + 4 + 7, 6 + 7 + 4 + 2) == (19, 19)
    assert tie.winners() == (1,)  # the amulet holder


def test_a_tie_without_the_amulet_holder_is_shared():
    game = load(3)
    state = state_at(
        game,
        hands=[["blue runner", "blue runner"], ["red gold"], ["green gold"]],
        display=["purple gold", "white runner", "black griffin"],
        runners=[10, 5, 5],
        griffins=[0, 4, 4],
        gold=[0, 10, 10],
        turns=30,
    )
    after = state.apply("play blue runner runner")
    # seat 0: runner 7 + griffin 4 (second) + amulet 2 = 13; seats 1 and 2: 10 + 4 + 7 = 21
    assert after.scores() == (13, 21, 21)
    assert after.winners() == (1, 2)


def test_ranks_are_dense_and_shared():
    game = load(4)
    state = state_at(
        game,
        hands=[["blue runner", "blue runner"], [], [], []],
        display=["purple gold", "white runner", "black griffin"],
        runners=[10, 7, 7, 2],
        griffins=[1, 1, 0, 0],
        turns=40,
    )
    after = state.apply("play blue runner runner")
    assert after.place_gold("runner") == (7, 4, 4, 1)  # two second places, then a third
    assert after.place_gold("griffin") == (7, 7, 4, 4)


# ---------------------------------------------------------------------------------------------
# The brave variant
# ---------------------------------------------------------------------------------------------
def test_brave_two_runners_move_three_and_two_gold_bring_five():
    game = load(2, "brave")
    state = state_at(
        game,
        hands=[["blue runner", "blue runner", "blue gold", "blue gold", "blue griffin"], []],
        display=DISPLAY,
    )
    after = state.apply("play blue griffin runner runner gold gold")
    assert after.griffins == (1, 0) and after.runners == (3, 0) and after.gold == (5, 0)
    single = state.apply("play blue runner gold")
    assert single.runners == (1, 0) and single.gold == (1, 0)
    basic = state_at(
        load(2),
        hands=[["blue runner", "blue runner", "blue gold", "blue gold", "blue griffin"], []],
        display=DISPLAY,
    ).apply("play blue griffin runner runner gold gold")
    assert basic.runners == (2, 0) and basic.gold == (2, 0)


@pytest.mark.parametrize(
    ("reading", "three", "four"),
    [
        ("each_pair", (4, 6), (6, 10)),
        ("first_pair", (4, 6), (5, 7)),
        ("exactly_two", (3, 3), (4, 4)),
    ],
)
def test_brave_readings_for_three_or_four_such_cards(reading, three, four):
    """A teacher's deck with four cliff-runner and four gold cards per colour."""
    game = load(2, "brave", runner_cards=4, gold_cards=4, brave_pairs=reading)
    for n, expected in ((3, three), (4, four)):
        hand = ["blue runner"] * n + ["blue gold"] * n
        state = state_at(game, hands=[hand, []], display=DISPLAY)
        after = state.apply("play blue " + " ".join(["runner"] * n + ["gold"] * n))
        assert (after.runners[0], after.gold[0]) == expected


# ---------------------------------------------------------------------------------------------
# Gold running out, whole colours, passing
# ---------------------------------------------------------------------------------------------
def test_gold_runs_out_with_stand_ins_by_default():
    game = load(2)
    state = state_at(
        game,
        hands=[["blue gold", "blue gold"], []],
        display=DISPLAY,
        gold=[40, 39],
    )
    assert state.supply == 1
    after = state.apply("play blue gold gold")
    assert after.supply == 0 and after.gold == (41, 39) and after.stand_ins == (1, 0)
    assert after.scores() == (42, 39)
    assert after.components()["gold"] == 80


def test_gold_runs_out_and_stops_with_the_option():
    game = load(2, gold_runs_out="stop")
    state = state_at(game, hands=[["blue gold", "blue gold"], []], display=DISPLAY, gold=[40, 39])
    after = state.apply("play blue gold gold")
    assert after.supply == 0 and after.gold == (41, 39) and after.stand_ins == (0, 0)


def test_whole_colour_option_plays_every_card_of_the_colour():
    state = started(whole_colour=True)
    assert [t for t in texts(state) if t.startswith("play")] == [
        "play blue griffin gold gold plus2"
    ]
    with pytest.raises(IllegalActionError, match="every blue card in your hand"):
        state.apply("play blue gold gold")


def test_a_player_who_can_do_nothing_passes():
    """Only a teacher's deck can leave a player with no card to draw, no display card and no
    set (and only with plus2_above_limit): then the player passes."""
    game = load(2, plus2_cards=2, plus2_above_limit=True, display_size=1)
    everything = [n for k, n in enumerate(game.kind_names) for _ in range(game.deck[k])]
    # seat 0 holds one card of each colour, seat 1 the rest (above the limit)
    singles = [f"{c} griffin" for c in game.colours]
    rest = list(everything)
    for card in singles:
        rest.remove(card)
    state = state_at(game, hands=[singles, rest], display=[None], turns=0, waterfall=0)
    assert texts(state) == ["pass"]
    after = state.apply("pass")
    assert after.current_player() == 1 and after.turns == 1
    with pytest.raises(IllegalActionError, match="you must draw a card or play a set"):
        after.apply("pass")


# ---------------------------------------------------------------------------------------------
# The rules table drives what it says
# ---------------------------------------------------------------------------------------------
def test_rules_table_numbers_and_labels():
    assert RULES.cards() == 54
    assert RULES.per_colour() == (1, 2, 2, 1)
    assert len(RULES.colours.value) == 9
    assert RULES.colours.value[:2] == ("blue", "orange")
    assert RULES.colours.label == "ASSUMED"
    assert RULES.griffin_cards.label == "INFERRED" and RULES.runner_cards.label == "INFERRED"
    assert RULES.griffin_path.value == 8 and RULES.griffin_path.label == "ASSUMED"
    assert RULES.runner_path.value == 12 and RULES.runner_path.label == "ASSUMED"
    assert RULES.gold_supply.value == 80 and RULES.gold_supply.label == "RULEBOOK"
    assert RULES.rank_gold.value == (7, 4, 1, 0) and RULES.amulet_gold.value == 2
    game = load(2)
    counts = game.components()
    assert counts["cards"] == 55 and counts["gold"] == 80 and counts["amulet"] == 1
    assert counts["blue griffin cards"] == 1 and counts["black runner cards"] == 2


def test_overrides_take_effect():
    game = load(
        2, griffin_path=3, colours=["blue", "orange", "red", "green", "teal"], player_counts=[2, 2]
    )
    assert game.griffin_path == 3 and game.cards == 30
    assert game.options()["griffin_path"] == 3
    assert game.options()["colours"] == ["blue", "orange", "red", "green", "teal"]
    state = state_at(
        game,
        hands=[["teal griffin", "teal gold"], []],
        display=["blue gold", "red gold", "green gold"],
        griffins=[2, 0],
    )
    after = state.apply("play teal griffin gold")
    assert after.phase == "over" and after.griffins == (3, 0)
    # the saved form rebuilds the same game
    again = kaskaria.load("heroes", players=2, **game.options())
    assert again == game
    table = HeroesRules(griffin_path=Value(5, "ASSUMED", "my box"))
    assert Heroes(2, rules=table).griffin_path == 5


@pytest.mark.parametrize(
    ("override", "message"),
    [
        ({"griffin_path": 0}, "griffin_path must be a whole number from 1 to 40"),
        ({"runner_path": True}, "runner_path must be a whole number"),
        ({"colours": ["blue"]}, "colours must be 2 to 9 colour names"),
        ({"colours": ["blue", "blue"]}, "colour names must differ"),
        ({"colours": ["blue", "gold"]}, "'gold' is a word of the notation"),
        ({"colours": ["blue", "Dark Red"]}, "one lower-case word"),
        ({"hand_limit": 9}, "hand_limit must be more than the number of colours"),
        ({"gold_cards": 0, "runner_cards": 0, "griffin_cards": 0, "plus2_cards": 1}, "at least 2"),
        ({"griffin_cards": 0, "runner_cards": 0}, "no figure could reach the volcano"),
        ({"player_counts": [2, 6]}, "too few for 6 players"),
        ({"rank_gold": []}, "rank_gold must be 1 to 8 whole numbers"),
        ({"dice": 4}, "unknown option\\(s\\) 'dice' for Heroes of Kaskaria; options are: first"),
    ],
)
def test_overrides_that_cannot_be_played_are_refused(override, message):
    with pytest.raises(ValueError, match=message):
        load(2, **override)


def test_options_are_checked_strictly():
    with pytest.raises(ValueError, match="unknown value for plus2_above_limit 1; choose one of"):
        load(2, plus2_above_limit=1)
    with pytest.raises(ValueError, match="unknown option"):
        load(2, bottom="round_up")
    with pytest.raises(ValueError, match="choose one of: 'basic', 'brave'"):
        load(2, "memory")
    with pytest.raises(ValueError, match="2-4 players"):
        load(5)


def test_german_heroes_sentences_after_a_colon_start_with_a_capital():
    """ "Deine Hand ist voll (10 Karten): spiele ein Kartenset aus.", "... nimmt das Amulett: das
    Spiel ist aus." and the rules a refused move breaks ("Dieser Zug ist jetzt nicht erlaubt: ein
    Kartenset hat ...") had a small letter where a whole sentence follows the colon."""
    import re

    from kaskaria.heroes.messages import DE

    for key, sentence in DE.items():
        if key.startswith("rule."):  # said after a colon: "... nicht erlaubt: {rule}."
            assert sentence[0].isupper(), (key, sentence)
        if key.startswith(("say.", "prompt.", "status.", "odds.", "undo.", "rule.")):
            for after in re.findall(
                r":\s+(\w[^.:!?(]*\b(?:ist|sind|kommt|wird|hast|kannst|"
                r"entscheidet|kamen|kann|musst)\b)",
                sentence,
            ):
                assert after[0].isupper() or after[0].isdigit(), (key, sentence)
            for after in re.findall(r"\{\w+\}:\s+(\w+)", sentence):  # "{who}: Ziehe eine Karte"
                assert after[0].isupper(), (key, sentence)


def test_the_german_cliff_runner_path_says_klippenweg_once():
    from kaskaria.heroes.messages import DE

    # the path's title is its name and its way, shown apart on a narrow board
    title = f"{DE['board.runner_path_name']} {DE['board.runner_path_way']}"
    assert title.count("Klippenweg") == 1
