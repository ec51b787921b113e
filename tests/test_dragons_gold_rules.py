"""Dragon's Gold: every rule of the rulebook that allows or forbids something, tried on exact
positions (basic and advanced rules, negotiated and divide-and-choose splits)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from dg_support import load, play, position, random_states, vec

import kaskaria
from kaskaria import CHANCE, IllegalActionError, InvalidActionError
from kaskaria.core import Action
from kaskaria.dragons_gold.rules import COLOURS

KNIGHT4, KNIGHT3, THIEF, WIZARD = range(4)


# ---------------------------------------------------------------------------------------------
# Set-up
# ---------------------------------------------------------------------------------------------
def test_set_up_reveals_four_dragons_with_their_known_treasure():
    game = load(4)
    state = game.new_state()
    assert state.phase == "card" and state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 18 and {p for _, p in outcomes} == {Fraction(1, 18)}
    state = state.apply("dragon 13")  # strength 9, known 9, hidden 2
    assert state.phase == "token" and state.pending == 9
    # the first token: exactly the share of each colour in the full bag (126 tokens)
    first = dict(state.chance_outcomes())
    for c, n in zip(COLOURS, game.tokens, strict=True):
        assert first[kaskaria.Action("token", (c,))] == Fraction(n, 126)
    state = play(state, ["token gold"] * 9)
    assert state.treasure[0] == tuple(vec(gold=9))
    assert state.bag[1] == 20 - 9
    assert state.phase == "card" and state.target == 1


def test_set_up_ends_with_every_adventurer_face_up_and_the_first_player_to_move():
    for first in (0, 2):
        game = load(3, first_player=first)
        state = next(s for s in _playout(game) if s.phase == "turn")
        assert state.turn == first
        assert all(a == (-1, -1, -1, -1) for a in state.advs)
        assert all(s >= 0 for s in state.slots)
        assert len(state.deck) == 14
        obs = state.observation(first)
        assert obs["market_in"] == 7  # the market card lies between the 7th and 8th card


def test_advanced_set_up_deals_one_item_each_unless_playing_without_items():
    state = next(s for s in _playout(load(4, "advanced")) if s.phase == "turn")
    assert [sum(h) for h in state.hands] == [1, 1, 1, 1]
    state = next(s for s in _playout(load(4, "advanced", items=False)) if s.phase == "turn")
    assert [sum(h) for h in state.hands] == [0, 0, 0, 0]
    state = next(s for s in _playout(load(4, "basic")) if s.phase == "turn")
    assert [sum(h) for h in state.hands] == [0, 0, 0, 0]


def _playout(game, seed=0):
    from dg_support import random_states

    return random_states(game, games=1, seed=seed)


# ---------------------------------------------------------------------------------------------
# Sending adventurers
# ---------------------------------------------------------------------------------------------
def test_the_rulebook_example_one_plus_two_plus_three_kills_a_strength_six_dragon():
    game = load(3)
    state = position(
        game,
        treasure=[vec(silver=2, gold=1), vec(), vec(), vec()],
        fighters=[[(0, WIZARD), (1, THIEF)], [], [], []],
        turn=2,
        bag=vec(gold=5),
    )
    assert game.cards[0].strength == 6
    assert state.observation(2)["dragons"][0]["sum"] == 1 + 2
    after = state.apply("send knight3 to dragon 1")
    assert after.phase == "token" and after.pending == game.cards[0].hidden  # hidden treasure
    after = play(after, ["token gold", "token gold"])
    assert after.phase == "build" and after.involved == (0, 1, 2)
    assert after.proposer == 2  # the player whose adventurer made the kill proposes first


def test_a_send_below_the_dragons_strength_kills_nothing_and_the_next_player_moves():
    game = load(3)
    state = position(game, turn=0)
    after = state.apply("send knight4 to dragon 1")
    assert after.phase == "turn" and after.turn == 1
    assert after.fighters[0] == (0,) and after.advs[0][0] == 0


def test_any_dragon_may_be_attacked_even_one_already_fought():
    state = position(load(3), fighters=[[(1, KNIGHT4)], [], [], []], turn=0)
    assert kaskaria.Action("send", ("knight3", "to", "dragon", "1")) in state.legal_actions()
    assert len([a for a in state.legal_actions() if a.verb == "send"]) == 16


def test_fighting_and_face_down_adventurers_cannot_be_sent():
    state = position(load(3), fighters=[[(0, KNIGHT4)], [], [], []], down=[(0, THIEF)])
    with pytest.raises(IllegalActionError, match="already fighting"):
        state.apply("send knight4 to dragon 2")
    with pytest.raises(IllegalActionError, match="face down"):
        state.apply("send thief to dragon 2")
    assert state.apply("send wizard to dragon 2").turn == 1


def test_a_player_without_face_up_adventurers_turns_the_face_down_ones_up():
    game = load(3)
    # player 2 (seat 1) has three adventurers face down and one fighting
    state = position(
        game,
        fighters=[[(1, KNIGHT4)], [], [], []],
        down=[(1, KNIGHT3), (1, THIEF), (1, WIZARD)],
        turn=0,
    )
    after = state.apply("send thief to dragon 2")
    assert after.turn == 1 and after.advs[1] == (0, -1, -1, -1)


def test_a_player_whose_adventurers_all_fight_is_skipped():
    game = load(3)
    state = position(
        game,
        fighters=[[(1, KNIGHT4)], [(1, KNIGHT3)], [(1, THIEF)], [(1, WIZARD)]],
        turn=0,
    )
    assert state.apply("send wizard to dragon 2").turn == 2


def test_when_every_adventurer_fights_and_nothing_falls_all_come_home_face_down():
    game = load(3, dragons=[[12, 1, 1]] * 18)
    fighters = [[], [], [], []]
    k = 0
    for p in range(3):
        for a in range(4):
            if (p, a) != (0, WIZARD):
                fighters[k % 4].append((p, a))
                k += 1
    state = position(game, fighters=fighters, turn=0)
    assert all(sum(game.strengths[f % 4] for f in fs) < 12 for fs in state.fighters)
    after = state.apply("send wizard to dragon 4")  # 1 + 4 + 3 ... still below 10
    assert all(not f for f in after.fighters)
    assert after.turn == 1 and after.advs[1] == (-1, -1, -1, -1)
    assert after.advs[0] == (-2, -2, -2, -2)


# ---------------------------------------------------------------------------------------------
# A kill by one player
# ---------------------------------------------------------------------------------------------
def test_a_solo_kill_takes_the_whole_treasure_known_and_hidden():
    game = load(3)
    state = position(
        game,
        treasure=[vec(silver=3), vec(), vec(), vec()],
        fighters=[[(0, KNIGHT3)], [], [], []],
        turn=0,
        bag=vec(gold=10, blue=3),
    )
    state = state.apply("send knight4 to dragon 1")
    state = play(state, ["token gold", "token blue"])
    assert state.screens[0] == tuple(vec(silver=3, gold=1, blue=1))
    assert state.slots[0] == -1 or state.phase == "card"
    # the treasure was public: everyone can be sure of it
    assert state.known[1][0] == state.screens[0] and state.known[3][0] == state.screens[0]
    # the adventurers come home face down; a new dragon is revealed in the same place
    assert state.advs[0][:2] == (-2, -2)
    assert state.phase == "card" and state.target == 0 and 0 in state.gone


def test_a_solo_kill_with_the_wizard_draws_an_item_per_red_token():
    game = load(3)
    state = position(
        game,
        treasure=[vec(red=2), vec(), vec(), vec()],
        fighters=[[(0, KNIGHT4), (0, KNIGHT3)], [], [], []],
        turn=0,
        bag=vec(silver=10),
    )
    state = play(state, ["send wizard to dragon 1", "token silver", "token silver"])
    assert state.phase == "item" and state.items_due == ((0, 2),)
    state = play(state, ["item ward", "item recall"])
    assert sum(state.hands[0]) == 2 and state.phase == "card"


def test_a_solo_kill_without_wizard_draws_no_item():
    state = position(
        load(3),
        treasure=[vec(red=2), vec(), vec(), vec()],
        fighters=[[(0, KNIGHT4)], [], [], []],
        bag=vec(silver=10),
    )
    state = play(state, ["send knight3 to dragon 1", "token silver", "token silver"])
    assert state.phase == "card" and sum(state.hands[0]) == 0


# ---------------------------------------------------------------------------------------------
# Negotiation (basic)
# ---------------------------------------------------------------------------------------------
def _kill(game, pot=None, fighters=None, turn=1, bag=None, hands=None, screens=None):
    """Seat ``turn`` sends its knight4 to dragon 1 (strength 6, hidden 2) and kills it."""
    pot = pot or vec(silver=2, gold=1)
    fighters = fighters or [[(0, KNIGHT3)], [], [], []]
    state = position(
        game,
        treasure=[pot, vec(), vec(), vec()],
        fighters=fighters,
        turn=turn,
        bag=bag or vec(gold=10),
        hands=hands,
        screens=screens,
    )
    state = state.apply("send knight4 to dragon 1")
    while state.phase == "token":
        state = state.apply(state.legal_actions()[0])
    return state


def test_a_proposal_hands_out_every_token_then_the_others_answer_in_seat_order():
    game = load(3)
    state = _kill(game)  # pot: 2 silver, 3 gold; players 0 and 1
    assert state.phase == "build" and state.current_player() == 1
    with pytest.raises(IllegalActionError, match="every token must be handed out"):
        state.apply("propose")
    with pytest.raises(IllegalActionError, match="did not take part"):
        state.apply("give gold to 3")
    state = play(state, ["give gold to 1", "give gold to 2", "give gold to 1", "give silver to 2"])
    with pytest.raises(IllegalActionError, match="no gold coin left"):
        state.apply("give gold to 1")
    state = play(state, ["give silver to 1", "propose"])
    assert state.phase == "answer" and state.current_player() == 0
    state = state.apply("accept")
    assert state.screens[0] == tuple(vec(silver=1, gold=2))
    assert state.screens[1] == tuple(vec(silver=1, gold=1))
    assert state.phase == "card"  # the dragon is replaced


def test_a_refused_proposal_passes_to_the_next_involved_player():
    game = load(3)
    state = _kill(game)
    state = play(state, ["give gold to 2"] * 3 + ["give silver to 2"] * 2 + ["propose", "refuse"])
    assert state.phase == "build" and state.proposer == 0 and state.budget == 3
    assert all(not any(p) for p in state.parts)


def test_no_deal_sends_the_whole_treasure_out_of_the_game_not_into_the_bag():
    game = load(3)
    state = _kill(game)
    bag, out, pot = state.bag, state.out, state.treasure[0]
    assert pot == tuple(vec(silver=2, gold=3))
    state = state.apply("no deal")
    assert [a - b for a, b in zip(state.out, out, strict=False)] == list(pot)
    assert state.bag == bag
    assert state.screens[0] == tuple(vec()) and state.screens[1] == tuple(vec())


def test_the_hourglass_budget_ends_the_negotiation_without_a_deal():
    game = load(3, proposals=2)
    state = _kill(game)
    out = sum(state.out)
    for _ in range(2):
        proposer = state.current_player()
        state = play(
            state,
            [f"give gold to {proposer + 1}"] * 3
            + [f"give silver to {proposer + 1}"] * 2
            + ["propose", "refuse"],
        )
    assert state.phase == "card" and sum(state.out) == out + 5


def test_basic_sole_wizard_takes_the_red_tokens_and_keeps_them_if_the_deal_fails():
    game = load(3)
    state = _kill(
        game,
        pot=vec(red=2, gold=1),
        fighters=[[(0, WIZARD), (0, KNIGHT3)], [], [], []],
        turn=1,
        bag=vec(silver=10),
    )
    # the wizard's player takes both red tokens before the negotiation, and draws two items
    assert state.screens[0][2] == 2 and state.phase == "item"
    state = play(state, ["item ward", "item ward"])
    assert state.phase == "build" and state.treasure[0] == tuple(vec(gold=1, silver=2))
    state = state.apply("no deal")
    assert state.screens[0][2] == 2 and sum(state.hands[0]) == 2


def test_basic_several_wizards_split_the_red_tokens_with_the_rest_and_draw_nothing():
    game = load(3)
    state = position(
        game,
        treasure=[vec(red=2), vec(), vec(), vec()],
        fighters=[[(0, WIZARD), (2, KNIGHT4)], [], [], []],
        turn=1,
        bag=vec(silver=9),
    )
    state = play(state, ["send wizard to dragon 1", "token silver", "token silver"])
    assert state.phase == "build" and state.treasure[0][2] == 2
    state = play(
        state,
        [
            "give red to 1",
            "give red to 2",
            "give silver to 3",
            "give silver to 3",
            "propose",
            "accept",
            "accept",
        ],
    )
    assert [sum(h) for h in state.hands] == [0, 0, 0]
    assert state.screens[1][2] == 1


def test_advanced_red_tokens_join_the_split_and_a_fighting_wizard_draws_per_red_received():
    game = load(3, "advanced")
    state = _kill(
        game,
        pot=vec(red=2),
        fighters=[[(0, WIZARD), (0, KNIGHT3)], [], [], []],
        turn=1,
        bag=vec(silver=10),
    )
    assert state.phase == "build" and state.treasure[0][2] == 2
    state = play(
        state,
        [
            "give red to 1",
            "give red to 2",
            "give silver to 1",
            "give silver to 2",
            "propose",
            "accept",
        ],
    )
    # seat 0's wizard fought: one item for its red token; seat 1 had no wizard there: none
    assert state.phase == "item" and state.items_due == ((0, 1),)
    state = state.apply("item recall")
    assert [sum(h) for h in state.hands] == [1, 0, 0]


# ---------------------------------------------------------------------------------------------
# Divide and choose
# ---------------------------------------------------------------------------------------------
def test_divide_and_choose_the_weakest_splits_the_strongest_chooses_first():
    game = load(3, "basic-strategic")
    # place 1 (strength 6): seat 0 wizard (1), seat 2 thief (2); seat 1 sends knight3 (3): kill
    state = position(
        game,
        treasure=[vec(gold=2, silver=1), vec(), vec(), vec()],
        fighters=[[(0, WIZARD), (2, THIEF)], [], [], []],
        turn=1,
        bag=vec(silver=10),
    )
    state = play(state, ["send knight3 to dragon 1", "token silver", "token silver"])
    assert state.phase == "divide" and state.proposer == 0  # weakest contribution (1)
    assert state.order == (1, 2)  # 3 then 2
    with pytest.raises(IllegalActionError, match="every token must be handed out"):
        state.apply("split")
    state = play(state, ["put gold in pile 1", "put gold in pile 2"])
    # two silver and one silver left... each pile needs a token: pile 3 must still be filled
    state = play(state, ["put silver in pile 1", "put silver in pile 1"])
    with pytest.raises(IllegalActionError, match="every pile needs"):
        state.apply("put silver in pile 1")
    state = play(state, ["put silver in pile 3", "split", "choose pile 1", "choose pile 2"])
    assert state.screens[1] == tuple(vec(gold=1, silver=2))
    assert state.screens[2] == tuple(vec(gold=1))
    assert state.screens[0] == tuple(vec(silver=1))  # the splitter takes the last pile


def test_divide_and_choose_equal_strength_who_played_first_is_stronger():
    game = load(3, "advanced-strategic")
    # seat 0 and seat 2 both contribute 3; seat 0 played first: seat 2 is weaker and splits
    state = position(
        game,
        treasure=[vec(gold=3), vec(), vec(), vec()],
        fighters=[[(0, KNIGHT3), (2, KNIGHT3)], [], [], []],
        turn=1,
        bag=vec(silver=10),
    )
    state = play(state, ["send knight4 to dragon 1", "token silver", "token silver"])
    assert state.proposer == 2 and state.order == (1, 0)


def test_divide_and_choose_with_fewer_tokens_than_players_leaves_piles_empty():
    game = load(3, "basic-strategic", dragons=[[6, 1, 0]] * 18)
    state = position(
        game,
        treasure=[vec(gold=1), vec(), vec(), vec()],
        fighters=[[(0, WIZARD), (2, THIEF)], [], [], []],
        turn=1,
    )
    state = state.apply("send knight3 to dragon 1")
    assert state.phase == "divide"
    state = play(state, ["put gold in pile 2", "split", "choose pile 2", "choose pile 1"])
    assert state.screens[1] == tuple(vec(gold=1))


# ---------------------------------------------------------------------------------------------
# Thieves
# ---------------------------------------------------------------------------------------------
def test_a_thief_robs_after_a_failed_split_a_random_token_of_another_fighter():
    game = load(3, items=False)
    screens = [vec(gold=2, silver=1), vec(), vec(blue=1)]
    state = _kill(game, fighters=[[(0, KNIGHT3), (1, THIEF)], [], [], []], turn=1, screens=screens)
    state = state.apply("no deal")
    assert state.phase == "victim" and state.current_player() == 1
    # seat 2 did not fight: it cannot be robbed
    assert [str(a) for a in state.legal_actions()] == ["steal from 1"]
    state = state.apply("steal from 1")
    assert state.phase == "steal"
    assert dict(state.chance_outcomes()) == {
        kaskaria.Action("stolen", ("gold",)): Fraction(2, 3),
        kaskaria.Action("stolen", ("silver",)): Fraction(1, 3),
    }
    after = state.apply("stolen gold")
    assert after.screens[1] == tuple(vec(gold=1)) and after.screens[0] == tuple(
        vec(gold=1, silver=1)
    )
    # what the others saw: seat 2 only knows a token changed hands
    assert state.redact(kaskaria.Action("stolen", ("gold",)), 2) == "stolen ?"
    assert state.redact(kaskaria.Action("stolen", ("gold",)), 0) == "stolen gold"
    assert state.redact(kaskaria.Action("stolen", ("gold",)), "table") == "stolen ?"


def test_thieves_act_in_the_order_they_were_played():
    game = load(3, items=False)
    screens = [vec(gold=2), vec(silver=2), vec(blue=2)]
    state = position(
        game,
        treasure=[vec(), vec(), vec(), vec()],
        fighters=[[(2, THIEF), (0, THIEF)], [], [], []],
        turn=1,
        screens=screens,
        bag=vec(gold=10),
    )
    state = play(state, ["send knight3 to dragon 1", "token gold", "token gold"])
    state = state.apply("no deal")
    assert state.current_player() == 2  # seat 2's thief was played first
    state = play(state, ["steal from 1", "stolen gold"])
    assert state.current_player() == 0


def test_a_thief_helped_by_its_own_wizard_picks_the_token():
    game = load(3, items=False)
    screens = [vec(gold=1, silver=3), vec(), vec()]
    state = _kill(
        game,
        fighters=[[(0, KNIGHT3), (1, WIZARD), (1, THIEF)], [], [], []],
        turn=2,
        screens=screens,
    )
    state = state.apply("no deal")
    state = state.apply("steal from 1")
    assert state.phase == "pick" and {str(a) for a in state.legal_actions()} == {
        "pick gold",
        "pick silver",
    }
    after = state.apply("pick gold")
    assert after.screens[1][1] == 1
    # the thief looked behind the screen: it now knows it exactly
    assert after.known[1][0] == after.screens[0]


def test_a_stolen_red_token_draws_an_item_in_the_basic_rules_but_not_the_advanced():
    for variant, items in (("basic", 1), ("advanced", 0)):
        game = load(3, variant)
        screens = [vec(red=1), vec(), vec()]
        state = _kill(
            game, fighters=[[(0, KNIGHT3), (1, THIEF)], [], [], []], turn=1, screens=screens
        )
        state = play(state, ["no deal", "steal from 1", "stolen red"])
        if items:
            assert state.phase == "item" and state.items_due == ((1, 1),)
        else:
            assert state.phase == "card"


def test_ward_lets_the_robbed_player_choose_the_token():
    game = load(3)
    ward = game.item_names.index("ward")
    hands = [[0] * game.nk for _ in range(3)]
    hands[0][ward] = 1
    screens = [vec(gold=1, silver=1), vec(), vec()]
    state = _kill(
        game,
        fighters=[[(0, KNIGHT3), (1, THIEF)], [], [], []],
        turn=1,
        screens=screens,
        hands=hands,
    )
    state = play(state, ["no deal", "steal from 1"])
    assert state.phase == "ward" and state.current_player() == 0
    state = state.apply("ward silver")
    assert state.screens[1] == tuple(vec(silver=1)) and state.discard[ward] == 1


# ---------------------------------------------------------------------------------------------
# Items
# ---------------------------------------------------------------------------------------------
def _with_item(game, seat, name, n=1):
    hands = [[0] * game.nk for _ in range(game.players)]
    hands[seat][game.item_names.index(name)] = n
    return hands


def test_swap_dragons_swaps_two_dragons_with_their_treasure_the_adventurers_stay():
    game = load(3)
    state = position(
        game,
        treasure=[vec(gold=1), vec(silver=2), vec(), vec()],
        fighters=[[(1, KNIGHT4)], [], [], []],
        hands=_with_item(game, 0, "swap-dragons"),
    )
    after = state.apply("play swap-dragons 1 2")
    assert after.slots[:2] == (1, 0) and after.treasure[0] == tuple(vec(silver=2))
    assert after.fighters[0] == (4,) and after.turn == 0 and after.phase == "turn"
    assert sum(after.hands[0]) == 0 and sum(after.discard) == 1


def test_recall_sends_the_fighters_of_a_dragon_home_face_down():
    game = load(3)
    state = position(
        game, fighters=[[(1, KNIGHT4), (2, THIEF)], [], [], []], hands=_with_item(game, 0, "recall")
    )
    assert "play recall 2" not in {str(a) for a in state.legal_actions()}  # no fighters there
    after = state.apply("play recall 1")
    assert after.fighters[0] == () and after.advs[1][0] == -2 and after.advs[2][2] == -2


def test_swap_shares_swaps_two_agreed_shares():
    game = load(3)
    hands = _with_item(game, 2, "swap-shares")
    state = _kill(game, hands=hands)
    state = play(state, ["give gold to 2"] * 3 + ["give silver to 1"] * 2 + ["propose", "accept"])
    assert state.phase == "swap" and state.current_player() == 2
    state = state.apply("play swap-shares 1 2")
    assert state.screens[0] == tuple(vec(gold=3)) and state.screens[1] == tuple(vec(silver=2))


def test_the_discard_pile_is_reshuffled_when_the_item_deck_is_empty():
    game = load(3, item_counts={"swap-shares": 0, "swap-dragons": 0, "ward": 1, "recall": 0})
    data = position(
        game,
        treasure=[vec(red=1), vec(), vec(), vec()],
        fighters=[[(0, KNIGHT4), (0, KNIGHT3)], [], [], []],
        bag=vec(silver=10),
    ).to_dict()
    data["item_deck"], data["discard"] = [0, 0, 0, 0], [0, 0, 1, 0]
    state = game.state_from_dict(data)
    state = play(state, ["send wizard to dragon 1", "token silver", "token silver"])
    assert state.phase == "item" and state.legal_actions() == (kaskaria.Action("item", ("ward",)),)


def test_items_cannot_be_played_without_holding_them():
    state = position(load(3))
    with pytest.raises(IllegalActionError, match="no item"):
        state.apply("play recall 1")


# ---------------------------------------------------------------------------------------------
# The market and the end
# ---------------------------------------------------------------------------------------------
def test_the_market_opens_when_the_seventh_dragon_comes_and_trades_are_offered_and_answered():
    game = load(3, market_offers=1)
    state = position(
        game,
        treasure=[vec(), vec(), vec(), vec()],
        fighters=[[(0, KNIGHT3)], [], [], []],
        screens=[vec(gold=2), vec(blue=1), vec()],
        drawn=6,
        gone=(10, 11, 12, 13, 14, 15),
        bag=vec(silver=30),
    )
    state = play(state, ["send knight4 to dragon 1", "token silver", "token silver"])
    assert state.phase == "card"
    state = state.apply(state.legal_actions()[0])
    while state.phase == "token":
        state = state.apply("token silver")
    assert state.phase == "market" and state.current_player() == 0
    state = state.apply("trade gold for blue with 2")
    assert state.phase == "reply" and state.current_player() == 1
    state = state.apply("accept")
    assert state.screens[0] == tuple(vec(silver=2, gold=1, blue=1))  # a solo kill brought 2 silver
    assert state.screens[1] == tuple(vec(gold=1))
    # trades are public: seat 3 saw the 2 silver won alone and the blue just received; the gold
    # it saw offered has just been given away, so it cannot be sure of any gold now
    assert state.known[2][0] == tuple(vec(silver=2, blue=1))
    state = play(state, ["pass", "pass"])
    assert state.phase == "turn" and state.market == 1


def test_a_trade_cannot_be_accepted_without_the_token_asked_for():
    game = load(3)
    state = position(
        game,
        fighters=[[(0, KNIGHT3)], [], [], []],
        screens=[vec(gold=2), vec(), vec()],
        drawn=6,
        gone=(10, 11, 12, 13, 14, 15),
        bag=vec(silver=30),
    )
    state = play(state, ["send knight4 to dragon 1", "token silver", "token silver"])
    state = state.apply(state.legal_actions()[0])
    while state.phase == "token":
        state = state.apply("token silver")
    state = state.apply("trade gold for blue with 2")
    assert [str(a) for a in state.legal_actions()] == ["refuse"]
    with pytest.raises(IllegalActionError, match="no sapphire"):
        state.apply("accept")


def test_when_the_bag_is_empty_no_dragon_is_replaced_and_the_last_kill_ends_the_game():
    game = load(3)
    state = position(
        game,
        slots=(0, -1, -1, -1),
        treasure=[vec(gold=1), vec(), vec(), vec()],
        fighters=[[(0, KNIGHT3)], [], [], []],
        bag=vec(),
        gone=(1, 2, 3),
    )
    state = state.apply("send knight4 to dragon 1")  # no hidden treasure can be drawn
    assert state.phase == "over"
    assert state.screens[0] == tuple(vec(gold=1)) and state.winners() == (0,)


# ---------------------------------------------------------------------------------------------
# Notation and bad input
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    ["", "send", "send wizard to dragon 5", "send bard to dragon 1", "give gold to 7", "give mud to 1",
     "choose pile 0", "trade gold for gold with 2", "dragon 19", "dragon 07", "play fireball 1",
     "play swap-dragons 2 1", "no", "no deals", "token", "steal 2"],
)  # fmt: skip
def test_malformed_action_text_is_refused_clearly(text):
    state = position(load(3))
    with pytest.raises(InvalidActionError) as err:
        state.parse_action(text)
    assert "actions are" in str(err.value) or "empty" in str(err.value)


def test_odd_objects_are_refused_and_nothing_changes():
    state = position(load(3))
    before = state.to_dict()
    for odd in (
        None,
        3,
        ["send"],
        kaskaria.Action(3, ()),
        kaskaria.Action("send", ["wizard"]),
        object(),
    ):
        with pytest.raises((InvalidActionError, TypeError)):
            state.apply(odd)
    assert state.to_dict() == before


def test_an_illegal_action_names_the_rule_and_what_is_legal_in_both_languages():
    state = position(load(3))
    with pytest.raises(IllegalActionError) as err:
        state.apply("accept")
    assert "'accept' is not allowed" in str(err.value) and "send knight3 to dragon 1" in str(
        err.value
    )
    assert "nicht erlaubt" in err.value.text("de")


def test_every_action_text_round_trips():
    from dg_support import random_states

    seen = set()
    for state in random_states(load(4, "advanced"), games=3, seed=5):
        for a in state.legal_actions():
            if a not in seen:
                seen.add(a)
                assert state.parse_action(str(a)) == a
    assert {a.verb for a in seen} >= {
        "send",
        "give",
        "propose",
        "accept",
        "refuse",
        "no",
        "token",
        "dragon",
    }


# ---------------------------------------------------------------------------------------------
# The engine's own action objects take a faster path than equal copies: both must agree
# ---------------------------------------------------------------------------------------------
def _own_actions(state):
    """Every action object the engine makes once and recognises by identity (token and theft
    colours, dragon reveals, item draws, sends, gives), whether legal now or not."""
    from kaskaria.dragons_gold import engine

    g = state.game
    return [
        *engine._TOKEN,
        *engine._STOLEN,
        *(engine._dragon(c) for c in range(len(g.cards))),
        *g.item_draws,
        *engine._SENDS.values(),
        *(engine._give_action(c, p) for c in range(len(COLOURS)) for p in range(g.players)),
    ]


def _outcome(state, action):
    try:
        return "ok", state.apply(action)
    except (IllegalActionError, InvalidActionError) as err:
        return type(err).__name__, str(err)


@pytest.mark.parametrize(
    ("players", "variant"), [(3, "basic"), (4, "advanced"), (5, "basic-strategic"), (6, "advanced")]
)
def test_the_engines_own_actions_and_equal_copies_are_judged_alike(players, variant):
    game = load(players, variant)
    checked = refused = 0
    for i, state in enumerate(random_states(game, games=2, seed=players)):
        if state.is_terminal() or (i % 5 and state.phase not in ("card", "item", "steal")):
            continue  # every state of the rarer chance steps, every fifth of the others
        before = state.to_dict()
        for own in _own_actions(state):
            copy = Action(own.verb, tuple(own.args))
            assert copy is not own
            fast, slow = _outcome(state, own), _outcome(state, copy)
            assert fast[0] == slow[0], (str(own), fast, slow)
            if fast[0] == "ok":
                assert fast[1] == slow[1] and fast[1].to_dict() == slow[1].to_dict()
                # a legal list carried over to the successor is the one worked out afresh
                assert (
                    fast[1].legal_actions()
                    == kaskaria.load("dragons-gold", players=players, variant=variant)
                    .state_from_dict(fast[1].to_dict())
                    .legal_actions()
                )
                checked += 1
            else:
                assert fast[1] == slow[1]
                refused += 1
        assert state.to_dict() == before  # nothing was changed by the refusals
    assert checked > 100 and refused > 1000, (checked, refused)
