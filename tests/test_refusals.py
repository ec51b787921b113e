"""Every refusal a child's click can bring, in all three games and both languages: one short
reason (at most 15 words, at most one colon, no question mark, no move code), true for the
moment the child is in.

A walk plays a whole seeded game at each table (seat 0 a person choosing at random, the others
bots). At each of the person's decisions it clicks moves that are not allowed now (every move the
game has offered so far, as the board's pieces and buttons send them, and the move each of
Heroes' display cards and draw pile sends now), and it reads the board's own refusals (a black
die, a card that makes no set, a dragon while the market is open) and the note under a disabled
"Take back". A click at a bot's turn and after the end is refused too.
Each refusal must leave the table as it was and name the rule the move really breaks now.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from dg_support import load, market_open, play

import kaskaria
from kaskaria.core import TERMINAL, IllegalActionError
from kaskaria.dragons_gold.rules import COLOURS
from kaskaria.i18n import text as _t
from kaskaria.lessons import dragons_gold as dg
from kaskaria.tables.words import capital, rule_words
from kaskaria.widgets import DragonBattleTable, DragonsGoldTable, HeroesTable

LANGS = ("en", "de")
MOST_WORDS = 15
#: how many not-allowed moves are clicked at each decision of the person (chosen at random
#: among the moves seen so far), so that a whole game stays quick
CLICKS_PER_DECISION = 4

TABLES = {
    "dragon-battle": lambda lang: DragonBattleTable(
        players=3, seats=("human", "cautious", "random"), seed=4, lang=lang
    ),
    "heroes": lambda lang: HeroesTable(
        players=3, seats=("human", "greedy", "random"), seed=4, lang=lang
    ),
    "dragons-gold": lambda lang: DragonsGoldTable(
        players=3, seats=("human", "greedy", "random"), seed=4, lang=lang
    ),
}

#: the board's own refusals (what a click on a piece that makes no move says), by the key of the
#: board's words
BOARD_REFUSALS = re.compile(r"^(why_|not_|no_set$|send_first$|split_first$)")


def click(table, **content):
    """A message from the browser, as its clicks send them (with the view's version)."""
    content.setdefault("version", table.view["version"])
    table._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def short_reason(said: str, where: str, table=None) -> None:
    """One short reason a child can read: few words (a seat's name, "Player 2 (easy bot)",
    counts as one), one colon at most, no question."""
    assert said, where
    bare = said
    for seat in range(len(table.seats) if table is not None else 0):
        bare = bare.replace(table.session.name(seat, table.lang), "Name")
    assert len(bare.split()) <= MOST_WORDS, (where, said)
    assert said.count(":") <= 1, (where, said)
    assert "?" not in said, (where, said)
    assert said[0].isupper() and said[-1] in ".!", (where, said)


def refused(table, action: str) -> str:
    """Click ``action`` (not allowed now) on the table's screen: the words it answers with. The
    table must stay exactly as it was."""
    state, version = table.state, table.view["version"]
    click(table, type="action", action=action)
    assert table.state == state, action
    assert table.view["message"]["kind"] == "error", (action, table.message)
    assert table.view["version"] == version + 1
    return table.message


def piece_moves(table) -> list[str]:
    """The moves the board's pieces send when clicked now (Heroes' display cards and draw pile;
    the other boards' pieces send the moves their buttons make)."""
    pieces = table.view["board"].get("pieces")
    return [*pieces["display"], pieces["pile"]] if pieces else []


def rule_now(table, action: str, lang: str) -> str:
    """The rule ``action`` breaks at this moment, as the game's own engine names it, in words."""
    state = table.state
    err = state.illegal(state.parse_action(action))
    return capital(_t("core", "refuse.rule", lang, rule=err.params["rule"](lang)))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(TABLES))
def test_every_refusal_of_a_whole_game_is_one_short_true_reason(game, lang):
    table = TABLES[game](lang)
    rng = np.random.default_rng(7)
    seen: set[str] = set()  # every move offered so far: what buttons and pieces can send
    kinds: set[str] = set()  # the different refusals met (at least a few per game)
    decisions = 0
    while table.state.current_player() != TERMINAL and decisions < 400:
        table.run_bots()
        state = table.state
        if state.current_player() != 0:
            break  # the game is over
        decisions += 1
        legal = [b["action"] for b in table.view["moves"]["actions"]]
        seen.update(legal)
        # the note under "Take back", when it is refused
        undo = table.view["moves"]["undo"]
        if not undo["enabled"]:
            short_reason(undo["reason"], f"take back at decision {decisions}", table)
        # the board's own refusals
        for key, said in table.view["board"]["words"].items():
            if isinstance(said, str) and BOARD_REFUSALS.match(key) and said:
                short_reason(said, f"board's {key}", table)
        # moves not allowed now, as a click sends them: some of the moves seen so far, and every
        # piece of the board that sends a move not allowed now
        others = sorted(seen.difference(legal))
        clicks = [str(a) for a in rng.permutation(others)[:CLICKS_PER_DECISION]] if others else []
        clicks += [a for a in piece_moves(table) if a not in legal and a not in clicks]
        for action in clicks:
            said = refused(table, action)
            short_reason(said, f"{action} in phase {getattr(state, 'phase', '?')}", table)
            assert said == rule_now(table, str(action), lang), action
            # the rule in words, never the move's code as the engine quotes it ('place yellow')
            assert f"'{action}'" not in said and f"„{action}“" not in said, (action, said)
            if lang == "de":  # and no code word on a German screen
                assert " " not in str(action) or str(action) not in said.lower(), (action, said)
            kinds.add(said)
        table.act(legal[int(rng.integers(len(legal)))])
    assert decisions >= 5 and len(kinds) >= 3, (decisions, kinds)
    # at the end: a click on a move the game offered says the game is over
    assert table.state.winners()
    short_reason(refused(table, sorted(seen)[0]), "after the end", table)


@pytest.mark.parametrize("lang", LANGS)
def test_a_click_at_a_bots_turn_names_the_bot(lang):
    table = DragonBattleTable(players=3, seats=("human", "cautious", "random"), seed=4, lang=lang)
    table.act("roll")
    table.run_bots()
    while table.state.current_player() == 0:  # place or stop until the turn passes on
        moves = [b["action"] for b in table.view["moves"]["actions"]]
        table.act("stop" if "stop" in moves else moves[0])
    assert table.state.current_player() == 1
    said = refused(table, "roll")
    short_reason(said, "a bot's turn", table)
    assert table.session.name(1, lang) in said


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "Roll the dice first."), ("de", "Würfle zuerst.")],
)
def test_dragon_battle_a_dragon_clicked_before_the_roll_says_roll_first(lang, words):
    """A child tester clicked a dragon before rolling and read "you may place dice only right
    after a roll, once per roll" (two clauses); the reason is the roll still to come."""
    table = DragonBattleTable(players=3, seats=("human", "cautious", "random"), seed=4, lang=lang)
    table.run_bots()
    assert table.state.phase == "start"
    assert refused(table, "place yellow") == words


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Your thief takes from the screen of Player 2, not from yours."),
        ("de", "Dein Dieb nimmt vom Sichtschirm von Spieler 2, nicht von deinem."),
    ],
)
def test_dragons_gold_a_token_of_your_screen_while_your_thief_picks(lang, words):
    """A child tester, picking the token for their thief, clicked a token of their own screen
    (which offers it at the market) and read "it does not fit the moment: a thief picks a token"
    after a second colon, later the moment's task again; now the refusal says why: the thief
    takes from the robbed player's screen."""
    table = dg.table_at(*dg.SETUP, *dg.THIEF_WIZARD, lang=lang)
    assert table.state.phase == "pick" and table.state.current_player() == 0
    assert table.state.victim == 1
    assert refused(table, "offer gold") == words
    short_reason(words, "pick")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Tokens are traded only at the market: it opens later."),
        ("de", "Schatzsteine tauscht man nur auf dem Markt: Er öffnet später."),
    ],
)
def test_dragons_gold_a_token_of_your_screen_before_the_market_says_why(lang, words):
    """A child tester clicked a token behind their screen on their turn and read the turn's task
    again ("Now you send an adventurer to a dragon"); the click offers that token at the market,
    so the refusal says that tokens are traded there, later."""
    table = dg.table_at(*dg.SETUP, lang=lang)
    state = table.state
    assert state.current_player() == 0 and state.phase == "turn" and state.market == 0
    for colour in COLOURS:
        assert refused(table, f"offer {colour}") == words
        assert refused(table, f"ask {colour}") == words
    short_reason(words, state.phase)


@pytest.mark.parametrize("lang", LANGS)
def test_dragons_gold_a_token_of_your_screen_at_a_reply_or_after_the_market_says_why(lang):
    """The same click while the child answers a trade offer (the offer stays as it is made),
    and once the market is over (no more trading): a reason for each, never the moment's task."""
    game = load(3, market_offers=1)
    state = play(market_open(game, ["2 gold", "blue", "-"]), ["offer gold", "ask blue"])
    state = state.apply("trade with 2")
    assert state.phase == "reply" and state.current_player() == 1
    reply = rule_said(state, "offer blue", lang)
    assert reply == capital(_t("dragons-gold", "rule.reply_first", lang)) + "."
    state = play(state, ["refuse", "pass", "pass"])
    assert state.phase == "turn" and state.market == 1
    over = rule_said(state, "offer silver", lang)
    assert over == capital(_t("dragons-gold", "rule.market_over", lang)) + "."
    task = capital(_t("dragons-gold", f"rule.now.{state.phase}", lang)) + "."
    assert len({reply, over, task}) == 3
    for said in (reply, over):
        short_reason(said, "market")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "The tokens behind your screen stay yours: hand out the dragon's tokens."),
        (
            "de",
            "Die Schatzsteine hinter deinem Sichtschirm bleiben deine: Verteile die Schatzsteine des Drachen.",
        ),
    ],
)
def test_dragons_gold_a_token_of_your_screen_while_sharing_says_to_share_the_treasure(lang, words):
    """A child tester sharing a treasure clicked a token behind their screen (meaning to hand
    it out) and read that tokens are traded at the market, later: true, but beside the point."""
    state = dg.state_after((*dg.SETUP, *dg.NEGOTIATE))
    assert state.phase == "build"
    for colour in ("gold", "silver", "red"):
        assert rule_said(state, f"offer {colour}", lang) == words
        assert rule_said(state, f"ask {colour}", lang) == words
    short_reason(words, state.phase)


def rule_said(state, action: str, lang: str) -> str:
    """The reason the rules give for ``action``, not allowed in ``state`` (which stays as it
    was)."""
    with pytest.raises(IllegalActionError) as refused_move:
        state.apply(action)
    return rule_words(refused_move.value, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_dragons_gold_every_moment_has_its_own_reason(lang):
    """A move that does not fit the moment is refused with what the moment asks: a sentence of
    its own for each phase a person decides in, in both languages."""
    phases = ("turn", "build", "answer", "divide", "choose", "swap", "victim", "ward", "pick")
    phases += ("market", "offer", "reply")
    said = [capital(_t("dragons-gold", f"rule.now.{p}", lang)) + "." for p in phases]
    assert len(set(said)) == len(phases)
    for phase, words in zip(phases, said, strict=True):
        short_reason(words, phase)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "First take {n} cards from the draw pile or the display."),
        ("de", "Nimm erst {n} Karten vom Nachziehstapel oder aus der Auslage."),
    ],
)
def test_heroes_a_card_of_the_hand_while_draw_two_cards_wait(lang, words):
    """A child tester clicked a card of their hand while a draw-two card's cards were still to
    take and read "These cards make no set you can play now."; the reason is the cards to take."""
    table = HeroesTable(seats=("human", "greedy"), seed=4, lang=lang)
    rng = np.random.default_rng(0)
    for _ in range(200):
        table.run_bots()
        if table.state.draws_left:
            break
        moves = [b["action"] for b in table.view["moves"]["actions"]]
        plus2 = [m for m in moves if m.startswith("play") and "plus2" in m]
        table.act(plus2[0] if plus2 else moves[int(rng.integers(len(moves)))])
    n = table.state.draws_left
    assert table.state.current_player() == 0 and n >= 2
    assert table.view["board"]["words"]["no_set"] == words.format(n=n)


#: a full hand of ten cards (three blue ones make a set), Player 1 to move
FULL_HAND = (
    "blue griffin, blue runner, blue gold, orange gold, red gold, green runner, yellow gold,"
    " purple griffin, turquoise runner, white gold"
)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Your hand is full (10 cards): play a set."),
        ("de", "Deine Hand ist voll (10 Karten): Spiel ein Kartenset aus."),
    ],
)
def test_heroes_a_display_card_or_the_pile_clicked_with_a_full_hand_says_play_a_set(lang, words):
    """A child tester with a full hand clicked a display card and read "A draw-two card's cards
    are taken only right after its set is played." (the click sent the draw-two move, since the
    take was not allowed); the reason is the full hand, as the prompt above says."""
    match = kaskaria.setup("heroes", players=3, hands={0: FULL_HAND}, seed=5)
    table = HeroesTable.from_match(match, seats=("human", "easy", "medium"), lang=lang)
    assert table.state.phase == "turn" and len(table.state.hands[0]) == 10
    pieces = piece_moves(table)
    assert pieces == ["take display 1", "take display 2", "take display 3", "draw pile"]
    for action in pieces:
        said = refused(table, action)
        assert said == words == rule_now(table, action, lang), (action, said)
        short_reason(said, action, table)


def test_heroes_while_draw_two_cards_wait_the_display_and_the_pile_send_their_draw_two_moves():
    """While a draw-two card's cards are to take, a display card and the pile take them (a click
    makes the move), and outside that moment they take or draw as on any turn."""
    table = HeroesTable(seats=("human", "greedy"), seed=4)
    rng = np.random.default_rng(0)
    for _ in range(200):
        table.run_bots()
        if table.state.draws_left:
            break
        assert piece_moves(table)[-1] == "draw pile"
        assert all(m.startswith("take display ") for m in piece_moves(table)[:-1])
        moves = [b["action"] for b in table.view["moves"]["actions"]]
        plus2 = [m for m in moves if m.startswith("play") and "plus2" in m]
        table.act(plus2[0] if plus2 else moves[int(rng.integers(len(moves)))])
    assert table.state.phase == "choose" and table.state.current_player() == 0
    legal = {b["action"] for b in table.view["moves"]["actions"]}
    display = table.state.observation(0)["display"]
    sent = piece_moves(table)
    assert sent[-1] == "plus2 pile" and sent[-1] in legal
    assert [m for m, card in zip(sent[:-1], display, strict=True) if card] == [
        m for m in sent[:-1] if m in legal
    ]
    assert all(m.startswith("plus2 display ") for m in sent[:-1])
