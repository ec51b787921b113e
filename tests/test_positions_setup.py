"""Setting up positions of each game from what matters: the defaults that fill in the rest, the
same states as play reaches, and impossible positions refused with what does not add up."""

from __future__ import annotations

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import kaskaria
from kaskaria import PositionError
from kaskaria.dragons_gold.rules import ADVENTURERS
from kaskaria.lessons import heroes as hk
from kaskaria.positions import position_text, read_position

KNIGHT, KNIGHT_SMALL, THIEF, WIZARD = ADVENTURERS  # the engine's own names, whatever they are
RULEBOOK_SET_UP = ("draw maid", "draw king", "draw knight", "draw cook")
RESIDENTS = ["maid", "king", "knight", "cook"]


def played(name, lines, players=2, variant="basic", **options):
    state = kaskaria.load(name, players=players, variant=variant, **options).new_state()
    for line in lines:
        state = state.apply(line)
    return state


def same_text(state):
    assert read_position(position_text(state)) == state
    return state


# ---------------------------------------------------------------------------------------------
# Dragon Battle
# ---------------------------------------------------------------------------------------------
def test_dragon_battle_defaults():
    state = kaskaria.dragon_battle.setup(players=3).state
    game = state.game
    assert state.phase == "start" and state.player == 0 and state.turns == 0
    assert state.under == game.resident_names[:4]  # the first residents of the rules table
    assert state.pile == tuple(sorted(game.resident_names[4:]))
    assert state.hand == 4 and state.well == 0 and not any(state.on_dragon)
    assert state.jugglers == (0, 0, 0) and state.jugglers_left == game.jugglers
    assert state.legal_actions() == (kaskaria.Action("roll"),)


def test_dragon_battle_setups_equal_the_states_play_reaches():
    lukas = ("roll", "roll black blue red red")
    assert kaskaria.dragon_battle.setup(
        residents=RESIDENTS, rolled="blue red red", well=1
    ).state == played("dragon-battle", RULEBOOK_SET_UP + lukas)
    assert kaskaria.dragon_battle.setup(
        residents=RESIDENTS, scared={"red": 2}, well=1
    ).state == played("dragon-battle", (*RULEBOOK_SET_UP, *lukas, "place red"))
    after = ("roll", "roll blue purple red yellow", "place yellow", "stop", "draw baker")
    state = kaskaria.dragon_battle.setup(
        residents=["baker", "king", "knight", "cook"], rescued={0: ["maid"]}, to_move=1
    ).state
    assert state == played("dragon-battle", RULEBOOK_SET_UP + after)
    assert state.turns == 1
    silver = kaskaria.dragon_battle.setup(
        residents={"yellow": "maid", "red": "king"}, scared={"blue": "silver", "red": 1}
    ).state
    assert silver.under[:2] == ("maid", "king") and silver.on_dragon[2] == ("silver",)
    assert silver.hand == 2 and silver.phase == "decide"


def test_dragon_battle_memory_face_down_and_the_end():
    memory = kaskaria.dragon_battle.setup(variant="memory", scared={"red": 1}).state
    assert memory.face_up == (False,) * 4
    assert kaskaria.dragon_battle.setup(variant="memory").state.face_up == (True,) * 4
    mixed = kaskaria.dragon_battle.setup(variant="memory", face_down=["blue"]).state
    assert mixed.face_up == (True, True, False, True)
    same_text(mixed)
    names = kaskaria.load("dragon-battle").resident_names
    over = kaskaria.dragon_battle.setup(
        residents=[None, None, names[0], None],
        rescued=[list(names[1:10]), list(names[10:18])],
        jugglers=[1, 2],
    ).state
    assert over.is_terminal() and len(over.pile) == 2
    assert over.winners() == (0,) if over.stars()[0] > over.stars()[1] else True
    same_text(over)


@pytest.mark.parametrize(
    ("what", "message"),
    [
        (dict(scared={"red": 3}, rolled="blue blue"), "5 dice are placed"),
        (
            dict(scared={"red": 2}, hand=3),
            "5 dice: 2 on dragons, 0 in the well, 0 rolled and 3 in hand",
        ),
        (dict(residents=["king", "king", None, None]), "the king is placed twice"),
        (
            dict(residents={"red": "king"}, rescued={1: ["king"]}),
            "placed twice: under the red dragon and rescued by Player 2 \\(seat 1\\)",
        ),
        (dict(rolled="black red"), "black dice go to the well"),
        (dict(scared={"red": "red black"}), "black dice go to the well"),
        (dict(scared={"pink": 1}), "'pink' in scared is not a dragon"),
        (dict(scared={"red": "gold"}), "'gold' in the dice on the red dragon is not a die face"),
        (
            dict(residents=["king", "dragon", None, None]),
            "'dragon' under the red dragon is not a resident",
        ),
        (dict(jugglers=[5, 4]), "9 jugglers are taken; there are 8"),
        (dict(turns=3, to_move=0), "after 3 scares it is Player 2 \\(seat 1\\)'s turn"),
        (dict(turns=0, rescued={0: ["king"]}), "0 scares cannot have rescued 1 residents"),
        (
            dict(residents=[None, "king", "queen", "wizard"]),
            "1 place.s. under the dragons are empty and the pile holds 17",
        ),
        (dict(face_down=["red"]), "only in the memory variant"),
        (dict(well=1), "no dragon is scared"),
        (dict(scared={"red": 3}, well=1), "no die is left in hand"),
        (dict(to_move=2), "to_move must be a seat from 0 to 1"),
        (dict(scared=[("red", 1)]), "scared is a dict"),
    ],
)
def test_dragon_battle_refuses_what_does_not_add_up(what, message):
    with pytest.raises(PositionError, match=message):
        kaskaria.dragon_battle.setup(**what)


# ---------------------------------------------------------------------------------------------
# Heroes of Kaskaria
# ---------------------------------------------------------------------------------------------
def test_heroes_defaults():
    state = kaskaria.heroes.setup(players=3).state
    game = state.game
    assert state.phase == "turn" and state.player == 0 and state.turns == 0
    assert state.hands == ((), (), ()) and state.display == (0, 4, 8)  # blue, orange, red griffin
    assert state.pile_size == game.cards - 3 and state.discard_size == 0
    assert state.above == state.pile_size and state.wf_lo == 0  # the waterfall at the bottom
    assert state.supply == game.gold_supply and state.amulet == -1
    moved = kaskaria.heroes.setup(players=3, to_move=2, gold={1: 5}).state
    assert moved.turns == 2 and moved.supply == game.gold_supply - 5


def test_heroes_setups_equal_the_states_play_reaches():
    assert kaskaria.heroes.setup(
        hands=[hk.MIA, hk.PETER], display=hk.DISPLAY, waterfall=21, waterfall_min=21
    ).state == hk.state_after(hk.SETUP)
    # Mia's worked example, written out: her set on the discard pile, the purple gold she took
    # from the display known to be in her hand, the pile two cards shorter above the waterfall
    assert kaskaria.heroes.setup(
        hands=[["red runner", "purple gold", "red gold"], hk.PETER],
        known={0: ["purple gold"]},
        display=["green gold", "white runner", "black griffin"],
        discard="blue griffin, 2 blue gold, blue +2",
        griffins=[1, 0],
        gold=[2, 0],
        waterfall=19,
        waterfall_min=19,
        to_move=1,
    ).state == hk.state_after(hk.SETUP + hk.MIA_TURN)
    # half-way through Mia's set: its '+2' brings two cards still
    halfway = kaskaria.heroes.setup(
        hands=[["red runner"], hk.PETER],
        display=hk.DISPLAY,
        played="blue griffin, 2 blue gold, blue plus2",
        griffins=[1, 0],
        gold=[2, 0],
        waterfall=21,
        waterfall_min=21,
    ).state
    assert halfway == hk.state_after(hk.SETUP + hk.MIA_TURN[:1])
    assert halfway.phase == "choose" and halfway.draws_left == 2


def test_heroes_the_end_and_the_amulet():
    game = kaskaria.load("heroes", players=3)
    state = kaskaria.heroes.setup(
        players=3, griffins=[2, game.griffin_path, 5], runners=[9, 0, 1], gold=[3, 1, 0]
    ).state
    assert state.is_terminal() and state.amulet == 1 and state.player == 1
    assert state.scores()[1] == 1 + game.amulet_gold + state.final_scoring()[1]
    assert state.winners()
    same_text(state)


@pytest.mark.parametrize(
    ("what", "message"),
    [
        (
            dict(hands={0: "2 red gold"}, display=["red gold", None, None]),
            "3 red gold cards are placed \\(2 in Player 1 \\(seat 0\\)'s hand, 1 on the display\\); the deck has 2",
        ),
        (dict(hands={1: "2 blue griffin"}), "2 blue griffin cards are placed .*; the deck has 1"),
        (
            dict(discard="3 green runner"),
            "3 green runner cards .*1 on the discard pile|3 on the discard pile",
        ),
        (
            dict(hands={0: ["blue dragon"]}),
            "'blue dragon' in Player 1 \\(seat 0\\)'s hand is not one of",
        ),
        (dict(hands={0: "11 purple gold"}), "11 purple gold cards"),
        (
            dict(
                hands={
                    0: "2 blue gold, 2 red gold, 2 green gold, 2 orange gold, 2 white gold, black gold"
                }
            ),
            "holds 11 cards; a hand holds at most 10",
        ),
        (
            dict(griffins=[8, 8]),
            "figures of Player 1 \\(seat 0\\) and Player 2 \\(seat 1\\) stand on the volcano",
        ),
        (
            dict(known={0: ["blue gold"]}),
            "blue gold is known to be in Player 1 \\(seat 0\\)'s hand",
        ),
        (dict(gold=[50, 31]), "81 gold pieces are held; there are 80"),
        (dict(display=["blue gold"]), "display lists its 3 places"),
        (dict(turns=1, to_move=0), "after 1 turns it is Player 2 \\(seat 1\\)'s turn"),
        (dict(draws_left=1), "name the set being played"),
        (dict(played="blue gold, blue gold"), "only while its '\\+2' cards still bring cards"),
        (dict(waterfall=5, waterfall_min=6), "waterfall_min must be a whole number from 0 to 5"),
        (dict(waterfall=60), "waterfall \\(cards above it\\) must be a whole number from 0 to 51"),
        (dict(griffins=[8, 0], to_move=1), "reached the volcano on their own turn"),
        (dict(hands=[["blue gold"]]), "one entry per player \\(2\\)"),
    ],
)
def test_heroes_refuses_what_does_not_add_up(what, message):
    with pytest.raises(PositionError, match=message):
        kaskaria.heroes.setup(**what)


# ---------------------------------------------------------------------------------------------
# Dragon's Gold
# ---------------------------------------------------------------------------------------------
def test_dragons_gold_defaults():
    state = kaskaria.dragons_gold.setup(players=3).state
    game = state.game
    assert state.phase == "turn" and state.turn == 0
    assert state.slots == (0, 1, 2, 3) and state.deck == tuple(range(4, len(game.cards)))
    assert state.bag == game.tokens and not any(map(any, state.screens))
    assert state.item_deck == game.item_counts and state.advs == ((-1,) * 4,) * 3
    assert state.known == ((tuple([0] * 9),) * 3,) * 4
    screens = kaskaria.dragons_gold.setup(players=3, screens={1: "3 silver, gold"}, out="red").state
    assert screens.screens[1][:2] == (3, 1)
    assert screens.bag[0] == game.tokens[0] - 3 and screens.bag[2] == game.tokens[2] - 1
    assert screens.known[0][1] == screens.screens[1]  # every token went in in the open
    assert screens.known[1][1] == (0,) * 9 and screens.known[3][1] == screens.screens[1]


def envy_question(**what):
    """Player 3 has killed dragon 1 with players 1 and 2: 2 gold, a red and a blue to share."""
    return kaskaria.dragons_gold.setup(
        players=3,
        dragons=[
            {
                "card": 0,
                "treasure": "2 gold, red, blue",
                "attackers": [(0, THIEF), (1, WIZARD), (2, KNIGHT)],
            }
        ],
        killed=0,
        **what,
    )


def test_dragons_gold_negotiated_split():
    match = envy_question()
    state = match.state
    assert state.phase == "build" and state.proposer == 2 and state.turn == 2
    assert state.involved == (0, 1, 2) and state.budget == state.game.proposals
    for line in ("give gold to 1", "give gold to 2", "give red to 3", "give blue to 3", "propose"):
        match.play(line)
    assert (
        match.state
        == envy_question(shares={0: "gold", 1: "gold", 2: "red, blue"}, answering=[0, 1]).state
    )
    match.play("accept")
    assert (
        match.state
        == envy_question(shares={0: "gold", 1: "gold", 2: "red, blue"}, answering=[1]).state
    )
    match.play("refuse")
    after = envy_question(proposer=0).state
    assert match.state == after and after.budget == after.game.proposals - 1
    assert envy_question(proposer=0, proposals=3).state == after
    with pytest.raises(PositionError, match="with 3 of 4 proposals left the proposer is Player 1"):
        envy_question(proposals=3)
    same_text(after)


def test_dragons_gold_divide_and_choose():
    match = kaskaria.dragons_gold.setup(
        players=3,
        variant="basic-strategic",
        dragons=[
            {"card": 0, "treasure": "3 gold", "attackers": [(0, THIEF), (1, WIZARD), (2, KNIGHT)]}
        ],
        killed=0,
        seed=2,
    )
    state = match.state
    assert state.phase == "divide" and state.proposer == 1  # the weakest attacker splits
    assert state.order == (2, 0)  # the others choose, strongest first
    for k in (1, 2, 3):
        match.play(f"put gold in pile {k}")
    match.play("split")
    same = kaskaria.dragons_gold.setup(
        players=3,
        variant="basic-strategic",
        dragons=[
            {"card": 0, "treasure": "3 gold", "attackers": [(0, THIEF), (1, WIZARD), (2, KNIGHT)]}
        ],
        killed=0,
        piles=["gold", "gold", "gold"],
        choosing=True,
    )
    assert match.state == same.state
    match.play("choose pile 2")
    assert match.state == same.game.setup(
        dragons=[
            {"card": 0, "treasure": "3 gold", "attackers": [(0, THIEF), (1, WIZARD), (2, KNIGHT)]}
        ],
        killed=0,
        piles=["gold", "gold", "gold"],
        taken={1: 2},
    )
    with pytest.raises(PositionError, match="taken strongest attacker first"):
        same.game.setup(
            dragons=[
                {
                    "card": 0,
                    "treasure": "3 gold",
                    "attackers": [(0, THIEF), (1, WIZARD), (2, KNIGHT)],
                }
            ],
            killed=0,
            piles=["gold", "gold", "gold"],
            taken={1: 0},
        )


def test_dragons_gold_thefts_and_swaps():
    dragon = {"card": 0, "treasure": "2 gold", "attackers": [(0, THIEF), (1, KNIGHT)]}
    match = kaskaria.dragons_gold.setup(
        players=3, dragons=[dragon], killed=0, screens={1: "silver"}, seed=3
    )
    assert match.state.turn == 1 and match.state.proposer == 1
    for line in ("give gold to 1", "give gold to 2", "propose", "accept"):
        match.play(line)
    assert match.state.phase == "victim"
    robbed = dict(dragon, treasure="-")
    assert match.state == match.game.setup(
        dragons=[robbed], killed=0, screens={0: "gold", 1: "silver, gold"}, thieves=[0]
    )
    # with items: the holders of items may swap shares first
    items = kaskaria.dragons_gold.setup(
        players=3, dragons=[dragon], killed=0, items={0: ["swap-shares"]}, seed=3
    )
    for line in ("give gold to 1", "give gold to 2", "propose", "accept"):
        items.play(line)
    assert items.state.phase == "swap"
    assert items.state == items.game.setup(
        dragons=[dragon],
        killed=0,
        items={0: ["swap-shares"]},
        shares={0: "gold", 1: "gold"},
        swapping=[0],
    )
    # a thief helped by its own wizard picks the token; a robbed player with a ward chooses it
    pick = kaskaria.dragons_gold.setup(
        players=3,
        dragons=[{"card": 0, "attackers": [(0, THIEF), (0, WIZARD), (1, KNIGHT)]}],
        killed=0,
        screens={1: "gold"},
        thieves=[0],
        victim=1,
    ).state
    assert pick.phase == "pick" and pick.current_player() == 0
    ward = match.game.setup(
        dragons=[robbed], killed=0, screens={1: "gold"}, items={1: ["ward"]}, thieves=[0], victim=1
    )
    assert ward.phase == "ward" and ward.current_player() == 1
    for state in (pick, ward):
        same_text(state)


def test_dragons_gold_knowledge_and_the_end():
    state = kaskaria.dragons_gold.setup(
        players=3, screens={0: "2 gold, red"}, sure={(1, 0): "gold", ("table", 0): "-"}
    ).state
    assert state.known[1][0][:3] == (0, 1, 0) and state.known[2][0][:3] == (0, 2, 1)
    assert state.known[3][0] == (0,) * 9
    assert state.observation(1)["players"][0]["sure"] == {"gold": 1}
    same_text(state)
    game = state.game
    over = game.setup(dragons=[None] * 4, gone=list(range(len(game.cards))), bag="-")
    assert over.is_terminal()
    same_text(over)


@pytest.mark.parametrize(
    ("what", "message"),
    [
        (
            dict(screens={0: "21 gold"}),
            "21 gold tokens are placed \\(21 on Player 1 \\(seat 0\\)'s screen\\); there are 20",
        ),
        (
            dict(screens={0: "15 gold"}, out="6 gold"),
            "21 gold tokens are placed \\(15 on .*, 6 out of the game\\)",
        ),
        (dict(items={0: "7 ward"}), "7 ward items are held or played; there are 6"),
        (dict(items={0: "ward"}, options={"items": False}), "played without magic items"),
        (
            dict(dragons=[{"card": 0, "attackers": [(0, KNIGHT), (0, KNIGHT)]}]),
            f"{KNIGHT} is listed twice among the attackers at place 1 \\(index 0\\)",
        ),
        (
            dict(
                dragons=[
                    {"card": 0, "attackers": [(0, THIEF)]},
                    {"card": 1, "attackers": [(0, THIEF)]},
                ]
            ),
            "attacks at two places",
        ),
        (
            dict(dragons=[{"card": 0, "attackers": [(0, "dragon")]}]),
            "'dragon' in the attackers at place 1 \\(index 0\\) is not an adventurer",
        ),
        (dict(dragons=[5, 5]), "card 6 \\(index 5\\) is used twice"),
        (dict(dragons=[None]), "place 1 \\(index 0\\) is empty, but the deck holds dragons"),
        (
            dict(killed=1),
            "killed only by attackers of at least that strength; its attackers have 0",
        ),
        (
            dict(
                dragons=[{"card": 0, "attackers": [(0, KNIGHT), (1, KNIGHT_SMALL)]}],
                killed=0,
                to_move=0,
            ),
            "sent the last attacker .* it is their turn",
        ),
        (
            dict(
                dragons=[{"card": 0, "attackers": [(0, KNIGHT), (1, KNIGHT_SMALL)]}],
                killed=0,
                proposer=2,
            ),
            "the proposer is one of the players sharing",
        ),
        (
            dict(
                dragons=[{"card": 0, "attackers": [(0, KNIGHT), (1, KNIGHT_SMALL)]}],
                killed=0,
                proposals=4,
                proposer=0,
            ),
            "proposals left the proposer is Player 2",
        ),
        (
            dict(
                dragons=[
                    {"card": 0, "treasure": "gold", "attackers": [(0, KNIGHT), (1, KNIGHT_SMALL)]}
                ],
                killed=0,
                shares={0: "2 gold"},
            ),
            "the shares hold 2 gold tokens; the treasure holds 1",
        ),
        (
            dict(
                dragons=[
                    {"card": 0, "treasure": "gold", "attackers": [(0, KNIGHT), (1, KNIGHT_SMALL)]}
                ],
                killed=0,
                answering=[0],
            ),
            "every token of the treasure is in the shares",
        ),
        (
            dict(
                dragons=[{"card": 0, "attackers": [(0, KNIGHT), (1, KNIGHT_SMALL)]}],
                killed=0,
                thieves=[0],
            ),
            "the seats whose thief still steals",
        ),
        (
            dict(
                dragons=[{"card": 0, "attackers": [(0, THIEF), (1, KNIGHT)]}],
                killed=0,
                thieves=[0],
                victim=1,
                screens={1: "gold"},
            ),
            "the stolen token is drawn at random",
        ),
        (
            dict(
                dragons=[{"card": 0, "attackers": [(0, THIEF), (1, KNIGHT)]}],
                killed=0,
                thieves=[0],
                victim=0,
            ),
            "the victim is another player",
        ),
        (
            dict(
                dragons=[{"card": 0, "treasure": "gold", "attackers": [(0, THIEF), (1, KNIGHT)]}],
                killed=0,
                thieves=[0],
            ),
            "thieves steal once the treasure",
        ),
        (
            dict(dragons=[{"card": 0, "attackers": [(0, KNIGHT), (0, KNIGHT_SMALL)]}], killed=0),
            "a lone attacker takes the whole treasure",
        ),
        (dict(proposer=0), "describes a dragon being shared"),
        (
            dict(screens={0: "gold"}, sure={(1, 0): "2 gold"}),
            "Player 2 \\(seat 1\\) is sure of tokens that are not behind",
        ),
        (dict(bag="21 gold"), "the bag holds 21 gold tokens, but only 20"),
    ],
)
def test_dragons_gold_refuses_what_does_not_add_up(what, message):
    options = what.pop("options", None)
    with pytest.raises(PositionError, match=message):
        kaskaria.dragons_gold.setup(players=3, options=options, **what)


def test_dragons_gold_names_adventurers_by_the_engines_constants():
    """The position text writes adventurers with the names the engine's rules table gives them,
    and reads exactly those."""
    text = envy_question().position_text()
    assert f"{THIEF} of 1, {WIZARD} of 2, {KNIGHT} of 3" in text
    with pytest.raises(PositionError, match="not an adventurer"):
        read_position(text.replace(f"{KNIGHT} of 3", "hero of 3"))


def _to_the_market(screens, players=3, **options):
    """Player 1's small knight fights dragon 1 and six replacement dragons came out; Player 1's
    big knight kills it alone (2 silver hidden), card 5 comes out with 6 silver: the seventh
    replacement, so the market opens, Player 1 first."""
    game = kaskaria.load("dragons-gold", players=players, **options)
    state = game.setup(
        dragons=[{"card": 0, "attackers": [(0, KNIGHT_SMALL)]}],
        screens=screens,
        gone=[10, 11, 12, 13, 14, 15],
        bag="30 silver",
    )
    lines = ["send big-knight to dragon 1", "token silver", "token silver", "card 05"]
    state = played_on(state, [*lines, *["token silver"] * game.cards[4].known])
    assert state.phase == "market"
    return state


def played_on(state, lines):
    for line in lines:
        state = state.apply(line)
    return state


def market_setup(game, screens, **what):
    """The market of :func:`_to_the_market` set up from what matters."""
    return game.setup(
        dragons=[{"card": 4, "treasure": "6 silver"}, 1, 2, 3],
        screens=screens,
        down={0: [KNIGHT, KNIGHT_SMALL]},
        gone=[0, 10, 11, 12, 13, 14, 15],
        bag="22 silver",
        market_open=True,
        **what,
    )


def test_dragons_gold_market_positions_equal_the_states_play_reaches():
    """Every moment of the market set up from what matters is the state play reaches, and its
    position text reads back into it: the market opening, an offer being built, an offer made
    and waiting for its answer, the queue after an answer."""
    state = _to_the_market(["silver", "-", "gold"])
    game = state.game
    after_kill = ["3 silver", "-", "gold"]  # the lone kill brought Player 1 two silver coins
    assert state == same_text(market_setup(game, after_kill))
    assert state.target == -1 and state.order == (0, 1, 2) and state.offers == (2, 2, 2)
    building = played_on(state, ["offer silver", "offer silver", "ask gold"])
    assert building == same_text(market_setup(game, after_kill, offer="2 silver", ask="gold"))
    made = building.apply("trade with 3")
    text = position_text(made)
    assert text.endswith("; market open; offer: 2 silver; ask: gold; trade with 3")
    assert made == market_setup(game, after_kill, offer="2 silver", ask="gold", trade_with=2)
    assert made == read_position(text)
    refused = made.apply("refuse")  # Player 1 goes to the back of the queue with an offer left
    assert refused.order == (1, 2, 0)
    again = market_setup(game, after_kill, queue=[1, 2, 0], offers_left=[1, 2, 2])
    assert refused == same_text(again)
    assert "queue 2 3 1; offers-left 1 2 2" in position_text(refused)
    accepted = made.apply("accept")
    assert accepted == same_text(
        market_setup(
            game, ["silver, gold", "-", "2 silver"], queue=[1, 2, 0], offers_left=[1, 2, 2]
        )
    )
    gone = played_on(refused, ["pass", "pass"])  # Players 2 and 3 leave; Player 1 may offer again
    assert gone == same_text(market_setup(game, after_kill, queue=[0], offers_left=[1, 2, 2]))
    assert played_on(gone, ["pass"]).phase == "turn"


def test_dragons_gold_a_market_position_plays_on_as_a_match():
    match = kaskaria.dragons_gold.setup(
        players=3, market_open=True, screens={0: "3 silver", 2: "gold"}, to_move=1, seed=4
    )
    state = match.state
    assert (state.phase, state.current_player(), state.turn) == ("market", 1, 1)
    assert state.order == (1, 2, 0) and state.drawn == state.game.market_at
    assert len(state.gone) == state.game.market_at  # the dragons killed before the market
    # Players 2 and 3 leave the market; Player 1 offers 2 silver coins for Player 3's gold coin
    lines = ("pass", "pass", "offer silver", "offer silver", "ask gold", "trade with 3", "accept")
    for line in lines:
        match.play(line)
    assert match.state.screens[0][:2] == (1, 1) and match.state.screens[2][:2] == (2, 0)
    match.play("pass")  # Player 1, with an offer left, leaves too
    assert match.state.phase == "turn" and match.state.turn == 2  # the turn after Player 2's
    while match.can_undo():
        match.undo()
    assert match.state == state
    loaded = kaskaria.Match.from_json(match.to_json())
    assert loaded.at(0) == state


def test_dragons_gold_a_made_offer_may_ask_for_what_its_partner_lacks():
    """Once made, an offer is answered whatever the asked player holds (it can only refuse what
    it cannot give), as when a seat's view deals its maker the very token it asked for."""
    state = kaskaria.dragons_gold.setup(
        players=3, market_open=True, screens={0: "silver", 2: "gold"}, offer="silver", ask="gold",
        trade_with=1,
    ).state  # fmt: skip
    assert [str(a) for a in state.legal_actions()] == ["refuse"]
    same_text(state)


def test_dragons_gold_positions_after_a_declined_theft():
    """A thief's player lets it be: the next thief decides, nothing changed; a thief helped by
    its wizard looked before it took nothing, and knows that screen from then on."""
    dragon = {"card": 0, "attackers": [(2, THIEF), (0, THIEF), (1, KNIGHT)]}
    game = kaskaria.load("dragons-gold", players=3, items=False)
    first = game.setup(
        dragons=[dragon], killed=0, screens=["2 gold", "2 silver", "2 blue"], thieves=[2, 0]
    )
    declined = first.apply("pass")
    assert declined == same_text(
        game.setup(
            dragons=[dragon], killed=0, screens=["2 gold", "2 silver", "2 blue"], thieves=[0]
        )
    )
    helped = {"card": 0, "attackers": [(0, KNIGHT_SMALL), (1, WIZARD), (1, THIEF)]}
    unseen = {(s, p): "-" for s in (0, 1, 2, "table") for p in range(3) if s != p}
    picking = game.setup(
        dragons=[helped], killed=0, screens=["gold, 3 silver", "-", "-"], thieves=[1], victim=0,
        sure=unseen,
    )  # fmt: skip
    assert picking.phase == "pick" and picking.current_player() == 1
    looked = picking.apply("pass")
    assert looked.phase == "card"  # chance: the dead dragon is replaced
    after = played_on(looked, ["card 05", *["token silver"] * game.cards[4].known])
    assert after.phase == "turn" and after.known[1][0] == tuple(after.screens[0])
    same_text(after)
    text = position_text(after)
    assert "sure 3 of 1: -" in text and "sure 2 of 1" not in text  # Player 2 saw the screen


@pytest.mark.parametrize(
    ("what", "message"),
    [
        (dict(offer="gold"), "offer describes the market: say market_open=True"),
        (dict(queue=[0], trade_with=1), "queue, trade_with describes the market"),
        (dict(market_open="yes"), "market_open is True or False, got 'yes'"),
        (dict(market_open=True, gone=[]), "opens as replacement dragon 7 comes out: 0 were"),
        (dict(market_open=True, market_held=False), "market_held cannot be False"),
        (dict(market_open=True, options={"market_offers": 0}), "the market is never held"),
        (
            dict(
                market_open=True,
                dragons=[{"card": 0, "attackers": [(0, KNIGHT), (1, KNIGHT_SMALL)]}],
                killed=0,
            ),
            "not while it is \\(killed\\)",
        ),
        (
            dict(market_open=True, dragons=[None] * 4, gone=list(range(18))),
            "not once the game is over",
        ),
        (dict(market_open=True, queue=[0, 0]), "a player is listed twice in queue"),
        (dict(market_open=True, queue=[]), "queue lists the players still at the market"),
        (dict(market_open=True, queue=[0, 2, 1]), "goes round the table in seat order"),
        (dict(market_open=True, queue=[3]), "a seat in queue must be a seat from 0 to 2"),
        (dict(market_open=True, trade_with=0), "trades with another player, not with itself"),
        (dict(market_open=True, trade_with=1), "once it gives something and asks something"),
        (
            dict(market_open=True, screens={0: "gold"}, offer="gold", ask="gold"),
            "gives or asks for gold tokens, not both",
        ),
        (
            dict(market_open=True, screens={0: "gold"}, offer="2 gold"),
            "Player 1 \\(seat 0\\) offers 2 gold tokens and holds 1",
        ),
        (
            dict(market_open=True, screens={1: "gold"}, ask="2 gold"),
            "asks for 2 gold tokens; the other players hold 1 between them",
        ),
        (
            dict(market_open=True, screens={0: "gold"}, offer="gold", offers_left=[2, 2, 2]),
            "counts against its 2 offers: it has at most 1 left",
        ),
        (
            dict(market_open=True, offers_left=[2, 0, 2]),
            "Player 2 \\(seat 1\\) waits in the queue with no offers left",
        ),
        (dict(market_open=True, offers_left=[3, 2, 2]), "offers left must be a whole number"),
        (
            dict(market_open=True, screens={0: "gold"}, offer="gold", sure={("table", 0): "-"}),
            "everyone saw Player 1 \\(seat 0\\) offer gold: the table is sure of at least that",
        ),
    ],
)
def test_dragons_gold_refuses_a_market_that_does_not_add_up(what, message):
    options = what.pop("options", None)
    with pytest.raises(PositionError, match=message) as err:
        kaskaria.dragons_gold.setup(players=3, options=options, **what)
    assert str(err.value).startswith("impossible Dragon's Gold position: ")


_DG_GAME = kaskaria.load("dragons-gold", players=3)
_DG_COLOURS = st.sampled_from(["silver", "gold", "red", "blue", "green"])
_DG_TOKENS = st.none() | st.lists(_DG_COLOURS | st.just("pink"), max_size=3)


@st.composite
def _dg_setups(draw):
    """Screens, what is sure, whose turn, and (mostly at an open market) the market's words."""
    what = {
        "screens": draw(
            st.none()
            | st.dictionaries(st.integers(0, 3), st.lists(_DG_COLOURS, max_size=5))
            | st.lists(st.lists(_DG_COLOURS, min_size=1, max_size=6), min_size=3, max_size=3)
        ),
        "to_move": draw(st.none() | st.integers(0, 2)),
        "sure": draw(
            st.none()
            | st.dictionaries(
                st.sampled_from([(s, p) for s in (0, 1, 2, "table") for p in range(3) if s != p])
                | st.just((1, 1)),
                _DG_TOKENS,
                max_size=2,
            )
        ),
    }
    if draw(st.integers(0, 4)):  # mostly at the market
        what["market_open"] = True
        order = draw(st.permutations([0, 1, 2]))
        what["queue"] = draw(st.none() | st.sampled_from([order, order[:2], order[1:], order[:1]]))
        what["offers_left"] = draw(st.none() | st.lists(st.integers(0, 2), min_size=3, max_size=3))
        what["offer"] = draw(st.none() | st.lists(_DG_COLOURS, max_size=2) | _DG_TOKENS)
        what["ask"] = draw(st.none() | st.lists(_DG_COLOURS, max_size=2) | _DG_TOKENS)
        what["trade_with"] = draw(st.none() | st.integers(0, 3))
        screens = what["screens"]
        if isinstance(screens, list) and draw(st.booleans()):
            # an offer its maker can make: some of its own tokens for some of the others'
            maker = (what["queue"] or [what["to_move"] or 0])[0]
            offer = screens[maker][: draw(st.integers(1, len(screens[maker])))]
            theirs = [c for q in range(3) if q != maker for c in screens[q] if c not in offer]
            what["offer"] = offer
            what["ask"] = theirs[: draw(st.integers(0, len(theirs)))]
    elif draw(st.booleans()):
        what["offer"] = draw(_DG_TOKENS)
    return what


@settings(max_examples=300, deadline=None)
@given(_dg_setups())
def test_any_dragons_gold_setup_adds_up_or_is_refused(what):
    """Any set-up with screens, what is sure and the market's words is a position that adds up
    and round-trips, or a PositionError; never another error."""
    try:
        match = kaskaria.setup(_DG_GAME, **what)
    except PositionError as err:
        assert str(err).startswith("impossible Dragon's Gold position: ") and len(str(err)) < 400
        event("refused")
        return
    event(f"set up: {match.state.phase}")
    state = match.state
    assert state.components() == state.game.components()
    assert state.legal_actions()
    same_text(state)


# ---------------------------------------------------------------------------------------------
# any set-up: a position that round-trips, or a PositionError
# ---------------------------------------------------------------------------------------------
_DB_GAME = kaskaria.load("dragon-battle", players=3)
_DB_FACES = st.sampled_from(["yellow", "red", "blue", "purple", "silver", "black"])
_DB_COLOURS = st.sampled_from(["yellow", "red", "blue", "purple", "pink"])
_NAMES = st.sampled_from(list(_DB_GAME.resident_names))


@settings(max_examples=200, deadline=None)
@given(
    scared=st.none()
    | st.dictionaries(_DB_COLOURS, st.integers(0, 3) | st.lists(_DB_FACES, max_size=3), max_size=3),
    rolled=st.none() | st.lists(_DB_FACES, max_size=4),
    well=st.none() | st.integers(0, 4),
    rescued=st.none()
    | st.dictionaries(st.integers(0, 3), st.lists(_NAMES, max_size=5), max_size=3),
    jugglers=st.none() | st.lists(st.integers(0, 4), min_size=3, max_size=3),
    to_move=st.none() | st.integers(0, 3),
    variant=st.sampled_from(["basic", "memory"]),
)
def test_any_dragon_battle_setup_adds_up_or_is_refused(variant, **what):
    try:
        match = kaskaria.dragon_battle.setup(players=3, variant=variant, **what)
    except PositionError as err:
        assert str(err).startswith("impossible Dragon Battle position: ") and len(str(err)) < 400
        event("refused")
        return
    event("set up")
    state = match.state
    assert state.components() == state.game.components()
    assert state.is_terminal() or state.legal_actions()
    same_text(state)


_HEROES = kaskaria.load("heroes", players=3)
_CARDS = st.sampled_from(list(_HEROES.kind_names))


@settings(max_examples=200, deadline=None)
@given(
    hands=st.none() | st.dictionaries(st.integers(0, 2), st.lists(_CARDS, max_size=11), max_size=3),
    display=st.none() | st.lists(st.none() | _CARDS, min_size=3, max_size=3),
    discard=st.none() | st.lists(_CARDS, max_size=8),
    played=st.none() | st.lists(_CARDS, max_size=3),
    griffins=st.none() | st.lists(st.integers(0, 8), min_size=3, max_size=3),
    gold=st.none() | st.lists(st.integers(0, 40), min_size=3, max_size=3),
    waterfall=st.none() | st.integers(0, 60),
    to_move=st.none() | st.integers(0, 2),
)
def test_any_heroes_setup_adds_up_or_is_refused(**what):
    try:
        match = kaskaria.heroes.setup(players=3, **what)
    except PositionError as err:
        assert str(err).startswith("impossible Heroes of Kaskaria position: ")
        assert len(str(err)) < 400
        event("refused")
        return
    event("set up")
    state = match.state
    assert state.components() == state.game.components()
    assert state.is_terminal() or state.legal_actions()
    same_text(state)
