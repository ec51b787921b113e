"""Dragon's Gold: every rule of the rulebook that allows or forbids something, tried on exact
positions (basic and advanced rules, negotiated and divide-and-choose splits)."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest
from dg_support import load, market_open, nobody_sure, play, random_states, vec

import kaskaria
from kaskaria import CHANCE, IllegalActionError, InvalidActionError
from kaskaria.core import Action
from kaskaria.dragons_gold.rules import ADVENTURERS, COLOURS

BIG_KNIGHT, SMALL_KNIGHT, THIEF, WIZARD = ADVENTURERS


# ---------------------------------------------------------------------------------------------
# Set-up
# ---------------------------------------------------------------------------------------------
def test_set_up_reveals_four_dragons_with_their_known_treasure():
    game = load(4)
    state = game.new_state()
    assert state.phase == "card" and state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 18 and {p for _, p in outcomes} == {Fraction(1, 18)}
    state = state.apply("card 13")  # strength 9, known 9, hidden 2
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
    state = game.setup(
        dragons=[{"card": 0, "treasure": "2 silver, gold", "attackers": [(0, WIZARD), (1, THIEF)]}],
        to_move=2,
        bag="5 gold",
    )
    assert game.cards[0].strength == 6
    assert state.observation(2)["dragons"][0]["sum"] == 1 + 2
    after = state.apply("send small-knight to dragon 1")
    assert after.phase == "token" and after.pending == game.cards[0].hidden  # hidden treasure
    after = play(after, ["token gold", "token gold"])
    assert after.phase == "build" and after.involved == (0, 1, 2)
    assert after.proposer == 2  # the player whose adventurer made the kill proposes first


def test_a_send_below_the_dragons_strength_kills_nothing_and_the_next_player_moves():
    game = load(3)
    state = game.setup(to_move=0)
    after = state.apply("send big-knight to dragon 1")
    assert after.phase == "turn" and after.turn == 1
    assert after.fighters[0] == (0,) and after.advs[0][0] == 0


def test_any_dragon_may_be_attacked_even_one_already_fought():
    state = load(3).setup(dragons=[{"card": 0, "attackers": [(1, BIG_KNIGHT)]}], to_move=0)
    assert kaskaria.Action("send", ("small-knight", "to", "dragon", "1")) in state.legal_actions()
    assert len([a for a in state.legal_actions() if a.verb == "send"]) == 16


def test_fighting_and_face_down_adventurers_cannot_be_sent():
    state = load(3).setup(dragons=[{"card": 0, "attackers": [(0, BIG_KNIGHT)]}], down={0: [THIEF]})
    with pytest.raises(IllegalActionError, match="already fighting"):
        state.apply("send big-knight to dragon 2")
    with pytest.raises(IllegalActionError, match="face down"):
        state.apply("send thief to dragon 2")
    assert state.apply("send wizard to dragon 2").turn == 1


def test_a_player_without_face_up_adventurers_turns_the_face_down_ones_up():
    game = load(3)
    # player 2 (seat 1) has three adventurers face down and one fighting
    state = game.setup(
        dragons=[{"card": 0, "attackers": [(1, BIG_KNIGHT)]}],
        down={1: [SMALL_KNIGHT, THIEF, WIZARD]},
        to_move=0,
    )
    after = state.apply("send thief to dragon 2")
    assert after.turn == 1 and after.advs[1] == (0, -1, -1, -1)


def test_a_player_whose_adventurers_all_fight_is_skipped():
    game = load(3)
    state = game.setup(
        dragons=[
            {"card": i, "attackers": [(1, a)]}
            for i, a in enumerate((BIG_KNIGHT, SMALL_KNIGHT, THIEF, WIZARD))
        ],
        to_move=0,
    )
    assert state.apply("send wizard to dragon 2").turn == 2


def test_when_every_adventurer_fights_and_nothing_falls_all_come_home_face_down():
    game = load(3, dragons=[[12, 1, 1]] * 18)
    fighters = [[], [], [], []]
    k = 0
    for p in range(3):
        for a in ADVENTURERS:
            if (p, a) != (0, WIZARD):
                fighters[k % 4].append((p, a))
                k += 1
    state = game.setup(dragons=[{"card": i, "attackers": fighters[i]} for i in range(4)], to_move=0)
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
    state = game.setup(
        dragons=[{"card": 0, "treasure": "3 silver", "attackers": [(0, SMALL_KNIGHT)]}],
        to_move=0,
        bag="10 gold, 3 blue",
    )
    state = state.apply("send big-knight to dragon 1")
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
    state = game.setup(
        dragons=[
            {"card": 0, "treasure": "2 red", "attackers": [(0, BIG_KNIGHT), (0, SMALL_KNIGHT)]}
        ],
        to_move=0,
        bag="10 silver",
    )
    state = play(state, ["send wizard to dragon 1", "token silver", "token silver"])
    assert state.phase == "item" and state.items_due == ((0, 2),)
    state = play(state, ["item ward", "item recall"])
    assert sum(state.hands[0]) == 2 and state.phase == "card"


def test_a_solo_kill_without_wizard_draws_no_item():
    state = load(3).setup(
        dragons=[{"card": 0, "treasure": "2 red", "attackers": [(0, BIG_KNIGHT)]}],
        bag="10 silver",
    )
    state = play(state, ["send small-knight to dragon 1", "token silver", "token silver"])
    assert state.phase == "card" and sum(state.hands[0]) == 0


# ---------------------------------------------------------------------------------------------
# Negotiation (basic)
# ---------------------------------------------------------------------------------------------
def _kill(
    game, pot="2 silver, gold", attackers=None, turn=1, bag="10 gold", items=None, screens=None
):
    """Seat ``turn`` sends its big-knight to dragon 1 (strength 6, hidden 2) and kills it. Nobody
    is sure of what lies behind another's screen."""
    state = game.setup(
        dragons=[{"card": 0, "treasure": pot, "attackers": attackers or [(0, SMALL_KNIGHT)]}],
        to_move=turn,
        bag=bag,
        items=items,
        screens=screens,
        sure=nobody_sure(game),
    )
    state = state.apply("send big-knight to dragon 1")
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
    with pytest.raises(IllegalActionError, match="no gold left"):
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
        pot="2 red, gold",
        attackers=[(0, WIZARD), (0, SMALL_KNIGHT)],
        turn=1,
        bag="10 silver",
    )
    # the wizard's player takes both red tokens before the negotiation, and draws two items
    assert state.screens[0][2] == 2 and state.phase == "item"
    state = play(state, ["item ward", "item ward"])
    assert state.phase == "build" and state.treasure[0] == tuple(vec(gold=1, silver=2))
    state = state.apply("no deal")
    assert state.screens[0][2] == 2 and sum(state.hands[0]) == 2


def test_basic_several_wizards_split_the_red_tokens_with_the_rest_and_draw_nothing():
    game = load(3)
    state = game.setup(
        dragons=[{"card": 0, "treasure": "2 red", "attackers": [(0, WIZARD), (2, BIG_KNIGHT)]}],
        to_move=1,
        bag="9 silver",
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
        pot="2 red",
        attackers=[(0, WIZARD), (0, SMALL_KNIGHT)],
        turn=1,
        bag="10 silver",
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
    # place 1 (strength 6): seat 0 wizard (1), seat 2 thief (2); seat 1 sends small-knight (3): kill
    state = game.setup(
        dragons=[{"card": 0, "treasure": "2 gold, silver", "attackers": [(0, WIZARD), (2, THIEF)]}],
        to_move=1,
        bag="10 silver",
    )
    state = play(state, ["send small-knight to dragon 1", "token silver", "token silver"])
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
    state = game.setup(
        dragons=[
            {"card": 0, "treasure": "3 gold", "attackers": [(0, SMALL_KNIGHT), (2, SMALL_KNIGHT)]}
        ],
        to_move=1,
        bag="10 silver",
    )
    state = play(state, ["send big-knight to dragon 1", "token silver", "token silver"])
    assert state.proposer == 2 and state.order == (1, 0)


def test_divide_and_choose_with_fewer_tokens_than_players_leaves_piles_empty():
    game = load(3, "basic-strategic", dragons=[[6, 1, 0]] * 18)
    state = game.setup(
        dragons=[{"card": 0, "treasure": "gold", "attackers": [(0, WIZARD), (2, THIEF)]}],
        to_move=1,
    )
    state = state.apply("send small-knight to dragon 1")
    assert state.phase == "divide"
    state = play(state, ["put gold in pile 2", "split", "choose pile 2", "choose pile 1"])
    assert state.screens[1] == tuple(vec(gold=1))


# ---------------------------------------------------------------------------------------------
# Thieves
# ---------------------------------------------------------------------------------------------
def test_a_thief_robs_after_a_failed_split_a_random_token_of_another_fighter():
    game = load(3, items=False)
    screens = ["2 gold, silver", "-", "blue"]
    state = _kill(game, attackers=[(0, SMALL_KNIGHT), (1, THIEF)], turn=1, screens=screens)
    state = state.apply("no deal")
    assert state.phase == "victim" and state.current_player() == 1
    # seat 2 did not fight: it cannot be robbed
    assert [str(a) for a in state.legal_actions()] == ["pass", "steal from 1"]
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
    state = game.setup(
        dragons=[{"card": 0, "attackers": [(2, THIEF), (0, THIEF)]}],
        to_move=1,
        screens=["2 gold", "2 silver", "2 blue"],
        bag="10 gold",
        sure=nobody_sure(game),
    )
    state = play(state, ["send small-knight to dragon 1", "token gold", "token gold"])
    state = state.apply("no deal")
    assert state.current_player() == 2  # seat 2's thief was played first
    state = play(state, ["steal from 1", "stolen gold"])
    assert state.current_player() == 0


def test_a_thief_helped_by_its_own_wizard_picks_the_token():
    game = load(3, items=False)
    screens = ["gold, 3 silver", "-", "-"]
    state = _kill(
        game, attackers=[(0, SMALL_KNIGHT), (1, WIZARD), (1, THIEF)], turn=2, screens=screens
    )
    state = state.apply("no deal")
    state = state.apply("steal from 1")
    assert state.phase == "pick" and {str(a) for a in state.legal_actions()} == {
        "pass",
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
        screens = ["red", "-", "-"]
        state = _kill(game, attackers=[(0, SMALL_KNIGHT), (1, THIEF)], turn=1, screens=screens)
        state = play(state, ["no deal", "steal from 1", "stolen red"])
        if items:
            assert state.phase == "item" and state.items_due == ((1, 1),)
        else:
            assert state.phase == "card"


def test_ward_lets_the_robbed_player_choose_the_token():
    game = load(3)
    ward = game.item_names.index("ward")
    state = _kill(
        game,
        attackers=[(0, SMALL_KNIGHT), (1, THIEF)],
        turn=1,
        screens=["gold, silver", "-", "-"],
        items={0: ["ward"]},
    )
    state = play(state, ["no deal", "steal from 1"])
    assert state.phase == "ward" and state.current_player() == 0
    state = state.apply("ward silver")
    assert state.screens[1] == tuple(vec(silver=1)) and state.discard[ward] == 1


def _two_thieves(game):
    """Seats 2 and 0 have thieves at dragon 1 (seat 2's played first); seat 1's small knight
    kills it, the split fails: the thieves act in turn."""
    state = game.setup(
        dragons=[{"card": 0, "attackers": [(2, THIEF), (0, THIEF)]}],
        to_move=1,
        screens=["2 gold", "2 silver", "2 blue"],
        bag="10 gold",
        sure=nobody_sure(game),
    )
    state = play(state, ["send small-knight to dragon 1", "token gold", "token gold"])
    return state.apply("no deal")


def test_a_thief_may_steal_but_need_not():
    """The rulebook gives a thief's player the right to take a random token from another player
    of the fight; a right, not a duty: the player may let it be. Declining changes no screen and
    nobody's knowledge, and the next thief acts."""
    game = load(3, items=False)
    state = _two_thieves(game)
    assert state.phase == "victim" and state.current_player() == 2
    assert Action("pass") in state.legal_actions()
    after = state.apply("pass")
    assert after.screens == state.screens and after.known == state.known
    assert after.phase == "victim" and after.current_player() == 0  # the next thief
    assert after.thieves == (0,)
    # the last thief lets it be too: the dragon is replaced
    last = after.apply("pass")
    assert last.screens == state.screens and last.phase == "card"
    # declining is done in the open: every viewer's log says so
    for viewer in (0, 1, 2, "table"):
        assert state.redact(Action("pass"), viewer) == "pass"
    assert state.action_text(Action("pass"), "table") == "Player 3's thief steals nothing"
    assert state.action_text(Action("pass"), 1, "de") == "Der Dieb von Spieler 3 stiehlt nichts"


def test_a_thief_helped_by_its_wizard_may_look_and_take_nothing():
    """With its own wizard in the fight the thief's player looks behind the screen and picks the
    token; it may still take nothing. It has seen the screen, and knows it from then on."""
    game = load(3, items=False)
    screens = ["gold, 3 silver", "-", "-"]
    state = _kill(
        game, attackers=[(0, SMALL_KNIGHT), (1, WIZARD), (1, THIEF)], turn=2, screens=screens
    )
    state = play(state, ["no deal", "steal from 1"])
    assert state.phase == "pick" and Action("pass") in state.legal_actions()
    after = state.apply("pass")
    assert after.screens == state.screens
    assert after.known[1][0] == state.screens[0]  # the thief looked
    assert after.known[2] == state.known[2] and after.known[3] == state.known[3]
    assert after.phase == "card"
    # what the others may know of that look: nothing but that the thief took nothing
    assert state.redact(Action("pass"), 2) == "pass"
    assert state.redact(Action("pick", ("gold",)), 2) == "pick ?"


def test_declining_is_legal_whatever_the_others_hold_and_hides_nothing():
    """What a seat may see and do at a thief's decision does not change when the screens it
    cannot see are dealt again (the thief may always decline; whom it may rob depends only on
    the public token counts)."""
    game = load(3, items=False)
    state = _two_thieves(game)
    rng = np.random.default_rng(4)
    for seat in range(3):
        for _ in range(5):
            twin = state.resample_hidden(seat, rng)
            assert twin.legal_actions() == state.legal_actions()
            assert twin.observation(seat) == state.observation(seat)
            assert twin.apply("pass").observation(seat) == state.apply("pass").observation(seat)


def test_a_bot_steals_nothing_when_the_only_token_it_could_get_harms_it():
    """Advanced rules: the black diamond is cursed. A bot holding majorities worth more than its
    7 points declines a theft whose only possible token is the black diamond, and steals when the
    token would help it."""
    from kaskaria.bots import make_bot

    game = load(3, "advanced", items=False)
    # seat 1 holds majorities in blue and green; seat 0 holds only the black diamond, which all
    # saw it take; nothing else lies behind a screen
    for victim_screen, expected in (("black", "pass"), ("silver", "steal from 1")):
        screens = [victim_screen, "2 blue, 2 green", "-"]
        state = _kill(game, attackers=[(0, SMALL_KNIGHT), (1, THIEF)], turn=1, screens=screens)
        state = state.apply("no deal")
        assert state.phase == "victim" and state.current_player() == 1
        obs = state.observation(1)
        assert obs["players"][0]["sure"] == {}  # the bot is sure of nothing: it reasons by counts
        for name in ("fair", "greedy", "maximiser", "planner"):
            bot = make_bot("dragons-gold", name)
            choice = bot.choose(state, np.random.default_rng(0))
            assert str(choice) == expected, (name, victim_screen)


def test_a_bots_theft_decision_comes_from_what_it_can_see():
    """The victim holds the black diamond, the third player a silver coin, and the bot (holding
    two majorities) cannot tell which is where: a random token from the victim is the diamond or
    the silver coin, half and half, worth -17 or +1 to it. It declines, and it declines the same
    way in every world it cannot tell from this one."""
    from kaskaria.bots import SeatView, make_bot
    from kaskaria.dragons_gold.bots import theft_value

    game = load(3, "advanced", items=False)
    screens = ["black", "2 blue, 2 green", "silver"]
    state = _kill(game, attackers=[(0, SMALL_KNIGHT), (1, THIEF)], turn=1, screens=screens)
    state = state.apply("no deal")
    view = SeatView(state, 1)
    assert theft_value(view, view.observation, 0) == Fraction(-17 + 1, 2)
    bot = make_bot("dragons-gold", "fair")
    rng = np.random.default_rng(1)
    worlds = set()
    for _ in range(20):
        twin = state.resample_hidden(1, rng)
        worlds.add(twin.screens[0])
        assert str(bot.choose(twin, np.random.default_rng(0))) == "pass"
    assert worlds == {tuple(vec(black=1)), tuple(vec(silver=1))}


def test_a_bot_helped_by_its_wizard_picks_what_helps_it_or_nothing():
    from kaskaria.bots import make_bot

    game = load(3, "advanced", items=False)
    for victim_screen, expected in (
        ("black", "pass"),
        ("black, silver", "pick silver"),
        ("gold, blue", "pick gold"),
    ):
        screens = [victim_screen, "2 blue, 2 green", "-"]
        state = _kill(
            game, attackers=[(0, SMALL_KNIGHT), (1, WIZARD), (1, THIEF)], turn=2, screens=screens
        )
        state = play(state, ["no deal", "steal from 1"])
        assert state.phase == "pick"
        choice = make_bot("dragons-gold", "fair").choose(state, np.random.default_rng(0))
        assert str(choice) == expected, victim_screen


# ---------------------------------------------------------------------------------------------
# Items
# ---------------------------------------------------------------------------------------------
def test_swap_dragons_swaps_two_dragons_with_their_treasure_the_adventurers_stay():
    game = load(3)
    state = game.setup(
        dragons=[
            {"card": 0, "treasure": "gold", "attackers": [(1, BIG_KNIGHT)]},
            {"card": 1, "treasure": "2 silver"},
        ],
        items={0: ["swap-dragons"]},
    )
    after = state.apply("play swap-dragons 1 2")
    assert after.slots[:2] == (1, 0) and after.treasure[0] == tuple(vec(silver=2))
    assert after.fighters[0] == (4,) and after.turn == 0 and after.phase == "turn"
    assert sum(after.hands[0]) == 0 and sum(after.discard) == 1


def test_recall_sends_the_fighters_of_a_dragon_home_face_down():
    game = load(3)
    state = game.setup(
        dragons=[{"card": 0, "attackers": [(1, BIG_KNIGHT), (2, THIEF)]}], items={0: ["recall"]}
    )
    assert "play recall 2" not in {str(a) for a in state.legal_actions()}  # no fighters there
    after = state.apply("play recall 1")
    assert after.fighters[0] == () and after.advs[1][0] == -2 and after.advs[2][2] == -2


def test_swap_shares_swaps_two_agreed_shares():
    game = load(3)
    state = _kill(game, items={2: ["swap-shares"]})
    state = play(state, ["give gold to 2"] * 3 + ["give silver to 1"] * 2 + ["propose", "accept"])
    assert state.phase == "swap" and state.current_player() == 2
    state = state.apply("play swap-shares 1 2")
    assert state.screens[0] == tuple(vec(gold=3)) and state.screens[1] == tuple(vec(silver=2))


def test_the_discard_pile_is_reshuffled_when_the_item_deck_is_empty():
    game = load(3, item_counts={"swap-shares": 0, "swap-dragons": 0, "ward": 1, "recall": 0})
    state = game.setup(
        dragons=[{"card": 0, "treasure": "red", "attackers": [(0, BIG_KNIGHT), (0, SMALL_KNIGHT)]}],
        bag="10 silver",
        discard=["ward"],
    )
    assert state.item_deck == (0, 0, 0, 0) and state.discard == (0, 0, 1, 0)
    state = play(state, ["send wizard to dragon 1", "token silver", "token silver"])
    assert state.phase == "item" and state.legal_actions() == (kaskaria.Action("item", ("ward",)),)


def test_items_cannot_be_played_without_holding_them():
    state = load(3).setup()
    with pytest.raises(IllegalActionError, match="no item"):
        state.apply("play recall 1")


# ---------------------------------------------------------------------------------------------
# The market and the end
# ---------------------------------------------------------------------------------------------


def test_the_market_opens_when_the_seventh_dragon_comes_and_trades_are_offered_and_answered():
    game = load(3, market_offers=1)
    state = market_open(game, ["2 gold", "blue", "-"])
    # start an offer with a token of one's own or with a token the others hold; or leave
    assert [str(a) for a in state.legal_actions()] == [
        "ask blue", "offer gold", "offer silver", "pass",
    ]  # fmt: skip
    state = play(state, ["offer gold", "ask blue"])
    assert state.phase == "offer" and state.current_player() == 0
    assert [str(a) for a in state.legal_actions()] == [
        "cancel", "offer gold", "offer silver", "trade with 2", "trade with 3",
    ]  # fmt: skip
    state = state.apply("trade with 2")
    assert state.phase == "reply" and state.current_player() == 1
    # offers are public: every seat sees what is given, asked for and to whom
    for viewer in (0, 1, 2, "table"):
        m = state.observation(viewer)["market"]
        assert (m["maker"], m["offer"], m["ask"], m["partner"]) == (0, {"gold": 1}, {"blue": 1}, 1)
    state = state.apply("accept")
    assert state.screens[0] == tuple(vec(silver=2, gold=1, blue=1))  # a solo kill brought 2 silver
    assert state.screens[1] == tuple(vec(gold=1))
    # trades are public: seat 3 saw the 2 silver won alone and the blue just received; the gold
    # it saw offered has just been given away, so it cannot be sure of any gold now
    assert state.known[2][0] == tuple(vec(silver=2, blue=1))
    assert state.known[2][1] == tuple(vec(gold=1))
    # seat 0 used its only offer: it may only leave the market now, the others start theirs
    assert state.phase == "market" and state.current_player() == 1
    state = play(state, ["pass", "pass"])
    assert state.phase == "turn" and state.market == 1


def test_the_market_trades_any_number_of_tokens_two_silver_for_one_gold():
    """When the market opens, everyone may swap as many of their tokens as they like with each
    other for one turn of the hourglass: so two silver coins may buy one gold coin, and the
    number of tokens behind a screen changes."""
    game = load(3)
    state = market_open(game, ["silver", "-", "gold"])
    before = state
    assert state.screens[0] == tuple(vec(silver=3))
    state = play(state, ["offer silver", "offer silver", "ask gold", "trade with 3"])
    assert state.current_player() == 2 and state.phase == "reply"
    state = state.apply("accept")
    assert state.screens[0] == tuple(vec(silver=1, gold=1))
    assert state.screens[2] == tuple(vec(silver=2))
    assert [sum(s) for s in state.screens] == [2, 0, 2]  # the counts changed: 3, 0, 1 before
    assert state.components() == before.components() == game.components()
    # everyone saw it: the table is sure of the gold and the two silver coins; of Player 1's
    # three silver coins it had seen only the two won at the kill, so it is sure of no silver
    assert state.known[3][0] == tuple(vec(gold=1))
    assert state.known[3][2] == tuple(vec(silver=2))
    # the log says it in words
    offered = play(before, ["offer silver", "offer silver", "ask gold"])
    assert offered.action_text(Action("trade", ("with", "3")), "table") == (
        "Player 1 offers Player 3 a trade: 2 silver for gold"
    )


def test_the_market_refuses_impossible_offers_and_changes_nothing():
    game = load(3, market_offers=1)
    state = market_open(game, ["gold", "blue", "-"])
    cases = [
        (state, "offer blue", "no more blue"),
        (state, "ask silver", "do not hold that many"),
        (state, "trade with 2", "now start a trade offer, or leave the market"),
        (state, "cancel", "now start a trade offer, or leave the market"),
        (state.apply("offer gold"), "offer gold", "no more gold to offer"),
        (state.apply("offer gold"), "ask gold", "already on the other side"),
        (state.apply("offer gold"), "trade with 2", "one to ask for"),
        (play(state, ["ask blue"]), "ask blue", "do not hold that many"),
        (play(state, ["ask blue"]), "offer blue", "already on the other side"),
        (play(state, ["offer gold", "ask blue"]), "trade with 1", "with yourself"),
        (
            play(state, ["offer gold", "ask blue"]),
            "accept",
            "now add what you offer and what you ask for",
        ),
        (play(state, ["offer gold", "ask blue", "trade with 3"]), "accept", "every token"),
        # a withdrawn offer counts: with one offer each, Player 1 may now only leave
        (play(state, ["offer gold", "cancel"]), "offer gold", "made all your trade offers"),
    ]
    for before, line, words in cases:
        data = before.to_dict()
        with pytest.raises(IllegalActionError, match=words):
            before.apply(line)
        assert before.to_dict() == data
    assert [str(a) for a in play(state, ["offer gold", "cancel"]).legal_actions()] == ["pass"]
    # after a refusal the maker has no offer left and leaves the queue; the next one starts
    after = play(state, ["offer gold", "ask blue", "trade with 2", "refuse"])
    assert after.phase == "market" and after.order == (1, 2)
    # and in German
    with pytest.raises(IllegalActionError) as err:
        state.apply("offer blue")
    assert "du hast kein weiteres Blau zum Anbieten" in err.value.text("de")  # the table's name


def test_a_withdrawn_offer_counts_and_the_maker_may_start_again():
    game = load(3, market_offers=2)
    state = market_open(game, ["gold", "blue", "-"])
    state = play(state, ["offer gold", "cancel"])
    assert state.phase == "market" and state.current_player() == 0 and state.offers[0] == 1
    assert state.offer == state.ask == (0,) * 9
    state = play(state, ["offer silver", "cancel"])
    assert [str(a) for a in state.legal_actions()] == ["pass"]


def test_the_others_may_see_an_offer_but_not_the_screens_behind_it():
    """What the market shows: offers and accepted trades, never the rest of a screen. Re-dealing
    what a seat cannot see changes nothing it sees or may do."""
    game = load(4)
    state = market_open(game, ["2 gold, blue", "blue, 2 green", "white", "-"])
    rng = np.random.default_rng(2)
    lines = ["offer gold", "offer gold", "ask green", "trade with 2", "accept", "ask silver"]
    for line in lines:
        state = state.apply(line)
        for seat in range(4):
            twin = state.resample_hidden(seat, rng)
            assert twin.observation(seat) == state.observation(seat)
            if seat == state.current_player():
                assert twin.legal_actions() == state.legal_actions()
            assert game.state_from_dict(twin.to_dict()) == twin
        assert json.loads(json.dumps(state.to_dict())) == state.to_dict()
        assert game.state_from_dict(state.to_dict()) == state
    # what the other seats are sure of after the trade
    assert state.known[2][1] == tuple(vec(gold=2))  # seat 1 showed 2 green and got 2 gold


def test_an_offer_made_may_ask_for_what_another_seat_cannot_place():
    """Player 1 asks Player 2 for a gold coin that Player 3 holds. A fourth seat that cannot see
    behind the screens may deal that gold coin to Player 1 itself in a world it cannot tell from
    the real one: such a position is still a position (Player 2 can only refuse)."""
    game = load(4)
    state = market_open(game, ["silver", "-", "gold", "-"])
    state = play(state, ["offer silver", "ask gold", "trade with 2"])
    assert [str(a) for a in state.legal_actions()] == ["refuse"]
    rng = np.random.default_rng(5)
    dealt_to_maker = 0
    for _ in range(40):
        twin = state.resample_hidden(3, rng)
        assert game.state_from_dict(twin.to_dict()) == twin
        assert twin.observation(3) == state.observation(3)
        dealt_to_maker += twin.screens[0][1] == 1
    assert dealt_to_maker > 0


def test_bots_make_and_answer_trades_by_their_own_valuation():
    """Advanced rules, three players: Player 2 holds three sapphires (the majority), Player 3
    two and Player 1 two, which Player 1 knows. Two sapphires from Player 3 would give Player 1
    the majority (12 points with three players) for one silver coin: a trade that changes the
    token counts and helps both. Player 3, who knows it cannot win the sapphires anyway, gains
    the silver coin and accepts."""
    from kaskaria.bots import make_bot

    game = load(3, "advanced", items=False)
    screens = ["2 blue", "3 blue", "2 blue"]
    sure = {(0, 1): "3 blue", (0, 2): "2 blue", (2, 1): "3 blue"}
    state = market_open(game, screens, sure=sure)
    bots = [make_bot("dragons-gold", "fair") for _ in range(3)]
    rng = np.random.default_rng(0)
    lines = []
    while state.phase in ("market", "offer", "reply"):
        action = bots[state.current_player()].choose(state, rng)
        lines.append(str(action))
        state = state.apply(action)
    assert lines[:5] == ["offer silver", "ask blue", "ask blue", "trade with 3", "accept"]
    assert state.screens[0] == tuple(vec(silver=1, blue=4))
    assert state.screens[2] == tuple(vec(silver=1))
    assert state.phase == "turn"  # the budget ends the market: no bot loops


def test_random_play_reaches_trades_that_change_token_counts():
    """Seeded random games (every decision picked at random among the legal ones) with a
    generous market: some accepted trades change how many tokens two players hold."""
    game = load(3, market_offers=10)
    changed = 0
    for i in range(12):
        rng = np.random.default_rng([7, i])
        state = game.new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state = state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            action = legal[int(rng.integers(len(legal)))]
            if state.phase == "reply" and action.verb == "accept":
                if sum(state.offer) != sum(state.ask):
                    before = [sum(s) for s in state.screens]
                    after_state = state.apply(action)
                    after = [sum(s) for s in after_state.screens]
                    assert after != before and sum(after) == sum(before)
                    changed += 1
            state = state.apply(action)
    assert changed > 0


def test_when_the_bag_is_empty_no_dragon_is_replaced_and_the_last_kill_ends_the_game():
    game = load(3)
    state = game.setup(
        dragons=[
            {"card": 0, "treasure": "gold", "attackers": [(0, SMALL_KNIGHT)]},
            None,
            None,
            None,
        ],
        bag="-",
        gone=[1, 2, 3],
    )
    state = state.apply("send big-knight to dragon 1")  # no hidden treasure can be drawn
    assert state.phase == "over"
    assert state.screens[0] == tuple(vec(gold=1)) and state.winners() == (0,)


# ---------------------------------------------------------------------------------------------
# Notation and bad input
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    ["", "send", "send wizard to dragon 5", "send bard to dragon 1", "give gold to 7", "give mud to 1",
     "choose pile 0", "trade gold for blue with 2", "card 19", "card 0", "card 007", "card ７",
     "dragon 7", "send knight4 to dragon 1", "offer mud", "ask", "trade with 4", "trade 2",
     "cancel now", "play fireball 1", "play swap-dragons 2 1", "no", "no deals", "token",
     "steal 2"],
)  # fmt: skip
def test_malformed_action_text_is_refused_clearly(text):
    state = load(3).setup()
    with pytest.raises(InvalidActionError) as err:
        state.parse_action(text)
    assert "actions are" in str(err.value) or "empty" in str(err.value)


def test_odd_objects_are_refused_and_nothing_changes():
    state = load(3).setup()
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
    state = load(3).setup()
    with pytest.raises(IllegalActionError) as err:
        state.apply("accept")
    assert "'accept' is not allowed" in str(err.value) and "send small-knight to dragon 1" in str(
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
        "card",
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
        *(engine._card(c) for c in range(len(g.cards))),
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
