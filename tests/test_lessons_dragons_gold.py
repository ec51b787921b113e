"""The Dragon's Gold lessons: every answer is the engine's, every position is what its text says,
the fair-division claims hold, the helpers speak German, and the notebooks' tables are never changed
by a later cell."""

from __future__ import annotations

import itertools
import json
import re
from fractions import Fraction
from html import unescape
from pathlib import Path

import numpy as np
import pytest
from dg_support import load, vec

import kaskaria
from kaskaria import lessons
from kaskaria.dragons_gold.engine import score_table
from kaskaria.dragons_gold.fairness import (
    additive,
    expected_hidden_value,
    is_envy_free,
    pile_value,
    piles,
)
from kaskaria.dragons_gold.rules import COLOURS
from kaskaria.dragons_gold.rules import RULES as RULES_TABLE
from kaskaria.lessons import dragons_gold as dg
from kaskaria.lessons.content import LESSONS
from kaskaria.lessons.content_dragons_gold import SHARES_ANSWERS
from kaskaria.lessons.worksheets import answer_key, worksheet

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
RULES = LESSONS["dragons-gold-rules"]
DEALS = LESSONS["dragons-gold-deals"]
SHARES = LESSONS["dragons-gold-shares"]
PLANS = (RULES, DEALS, SHARES)
DG_NOTEBOOKS = [NOTEBOOKS / plan.notebook for plan in PLANS] + [
    NOTEBOOKS / "de" / plan.notebook for plan in PLANS
]


# ---------------------------------------------------------------------------------------------
# the answers
# ---------------------------------------------------------------------------------------------
def test_the_rules_lessons_answers():
    answers = {q.id: q.exact() for q in RULES.questions()}
    assert answers == {
        "moves": "16",
        "shared": "both-full",
        "ex1": "knights-thief",
        "ex2": Fraction(26),
        "t1": "big-knight",
        "t2": Fraction(22),
    }
    assert [q.id for q in RULES.exit_tickets] == ["t1", "t2"]


def test_the_deals_lessons_answers():
    answers = {q.id: q.exact() for q in DEALS.questions()}
    assert answers == {
        "no-deal": "out",
        "wizard": "wizard",
        "steal": "may",
        "ex1": Fraction(8),
        "t1": Fraction(7),
        "t2": Fraction(2, 5),
    }
    assert [q.id for q in DEALS.exit_tickets] == ["t1", "t2"]


def test_the_fair_shares_lessons_answers():
    answers = {q.id: q.exact() for q in SHARES.questions()}
    assert answers == {
        "uneven": "splitter",
        "three": "yes",
        "hidden": "more",
        "worth": "different",
        "tournament": "greedy",
        "planner": "luck",
        "cases": "sometimes",
        "ex1": Fraction(4),
        "ex2": Fraction(27, 5),
        "ex3": "no",
        "t1": Fraction(7),
        "t2": "p3",
        "bag-points": Fraction(22),
    }
    assert [q.id for q in SHARES.exercises if q.extension] == ["ex3"]
    assert [q.id for q in SHARES.predictions if q.extension] == [
        "three",
        "tournament",
        "planner",
        "cases",
    ]


def _best_smaller_pile(**counts):
    points = additive(dg.POINTS)
    return max(min(points(a), points(b)) for a, b in piles(dg._treasure(**counts), 2))


def _average_of(bag, k):
    """Brute force: every ordered draw of k tokens from the bag, each equally likely."""
    tokens = [c for c, n in zip(COLOURS, bag, strict=True) for _ in range(n)]
    worth = dict(zip(COLOURS, dg.POINTS, strict=True))
    draws = list(itertools.permutations(range(len(tokens)), k))
    return Fraction(sum(sum(worth[tokens[i]] for i in d) for d in draws), len(draws))


def test_the_exercise_answers_by_hand():
    # the rules lesson: exercise 2 is 4 silver + 2 gold + 1 red + the blue majority of 3 players;
    # the exit ticket 3 silver + the black diamond + purple shared by 4 players
    assert 4 * 1 + 2 * 3 + 1 + 15 == 26
    assert 3 * 1 + 7 + 12 == 22
    assert dg.score_parts(dg.FOUR_SCREENS)[1]["majorities"] == {"purple": 12}
    # exercise 1: 3 + 1 = 4 against strength 6, so the thief's 2 is enough and the wizard's 1 not;
    # the exit ticket's attack: 3 + 2 + 4 = 9 reaches 9, 3 + 2 + 3 = 8 does not
    assert 3 + 1 + 2 >= 6 > 3 + 1 + 1
    assert 3 + 2 + 4 >= 9 > 3 + 2 + 3
    # the deals lesson: 10 tokens, the lone wizard takes the 2 red ones; a thief draws 1 of 4
    assert 4 + 2 + 2 + 1 + 1 - 2 == 8
    # the fair-shares lesson, by brute force over every split and every draw
    assert _best_smaller_pile(gold=1, silver=6) == 4  # exercise 1
    assert _average_of(dg.BAG, 2) == Fraction(16, 5) == dg.hidden_expected()
    assert _average_of(dg.EX2_BAG, 3) == Fraction(27, 5)  # exercise 2
    assert _average_of(dg.EXIT_BAG, 5) == 7  # exit ticket 1
    assert 6 * 1 + 3 * 3 + 1 * 1 == 16 == dg.bag_points()  # section 4's bag on the board
    assert 2 * 1 + 6 * 3 + 2 * 1 == 22 == dg.bag_points(dg.PYTHON_BAG)  # your turn


def test_checks_accept_every_usual_form_kindly():
    de = lessons.Lesson("dragons-gold-shares", "de")
    box = de.exercise("ex2")
    for typed in ("5,4", "27/5", "5.4", " 5,40 "):
        assert box.check(typed).right, typed
    # a number word is read; an average rounded to one digit is "almost", not right
    assert box.check("fünf").kind == "nearly" and "genauer" in box.state["message"]
    assert box.check("5").kind == "nearly" and not box.check("5").right
    assert box.check("5,4 Punkte").right and box.check("fünf Komma vier").right
    assert "27/5" not in json.dumps(box.spec)  # the answer never reaches the browser
    rules = lessons.Lesson("dragons-gold-rules")
    assert rules.exercise("ex1").check("Both knights and the thief").right
    assert rules.exercise("ex1").check("beide Ritter und der Dieb").right
    assert not rules.exercise("ex1").check("both knights").right  # "more than", not "at least"
    assert rules.exercise("ex1").check("the thief").kind == "unreadable"
    assert rules.exit_ticket("t1").check("nur der große Ritter (4)").right
    assert not rules.exit_ticket("t1").check("both knights").right
    deals = lessons.Lesson("dragons-gold-deals")
    for typed in ("2/5", "40%", "0.4", "2 in 5", "4/10"):
        assert deals.exit_ticket("t2").check(typed).right, typed
    assert not deals.exit_ticket("t2").check("3/5").right
    assert not deals.exit_ticket("t2").check("0.7").right  # 2/3: the gold against the silver


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_choice_the_pupil_clearly_means_is_read_as_that_choice(lang):
    """A teacher found clear answers asked to be one of the choices: 05 ex1 "big knight, small
    knight and thief" (the knights and the thief, named one by one), 06 t2 "S1" (Spieler 1,
    while "P1" was read) and "gleich" / "für alle gleich" (while "same" was read). Each is read as
    the choice it means, in either notebook (t2's answer is now Player 3: its short forms are
    read the same way); an answer naming no choice still is not."""
    ex1 = lessons.Lesson("dragons-gold-rules", lang).exercise
    for typed in (
        "big knight, small knight and thief",
        "big knight, small knight, thief",
        "the small knight, the big knight and the thief",
        "großer Ritter, kleiner Ritter und Dieb",
        "großer Ritter, kleiner Ritter, Dieb",
        "den großen Ritter, den kleinen Ritter und den Dieb",
    ):
        assert ex1("ex1").check(typed).right, typed
    assert ex1("ex1").check("big knight, small knight").kind == "unreadable"
    t2 = lessons.Lesson("dragons-gold-shares", lang).exit_ticket
    assert SHARES.question("t2").exact() == "p3"
    for typed in ("S3", "s3", "Sp. 3", "P3", "player3", "Spieler3", "Spielerin3"):
        assert t2("t2").check(typed).right, typed
    for typed in ("S2", "gleich", "für alle gleich", "alle gleich", "same", "same for all", "S1"):
        box = t2("t2")
        verdict = box.check(typed)
        assert verdict.kind == "wrong" and box.answered, typed  # read, and the one try used
    assert t2("t2").check("Player 2 or 3").kind == "unreadable"  # two answers are none


def test_the_bag_is_added_up_any_correct_way():
    """The "your turn" check takes any correct computation of the bag's points, asks for the
    answer while the cell holds ..., and gives the hint for a wrong sum, never the answer."""
    L = lessons.Lesson("dragons-gold-shares")
    bag = {"silver": 2, "gold": 6, "red": 2}
    worth = {"silver": 1, "gold": 3, "red": 1}
    for value in (
        2 * 1 + 6 * 3 + 2 * 1,
        sum(bag[c] * worth[c] for c in bag),
        22.0,
        Fraction(44, 2),
        np.int64(22),
    ):
        assert L.check_code("bag-points", value).html.count("kl-right") == 1, value
    empty = repr(L.check_code("bag-points", ...))
    assert "cell above" in empty and "22" not in empty
    wrong = repr(L.check_code("bag-points", 2 + 6 + 2))  # the tokens counted: a named mistake
    assert "how many tokens the bag holds" in wrong and "22" not in wrong
    listed = L.check_code("bag-points", [2, 6, 2])
    assert "kl-right" not in listed.html and "Multiply each kind of token" in repr(listed)
    german = repr(lessons.Lesson("dragons-gold-shares", "de").check_code("bag-points", 10))
    assert "Nimm jede Sorte zuerst mal ihre Punkte" in german


# ---------------------------------------------------------------------------------------------
# the positions are what the notebooks say
# ---------------------------------------------------------------------------------------------
def test_the_set_up_is_what_the_text_says():
    obs = dg.state_after(dg.SETUP).observation("table")
    cards = [(d["card"] + 1, d["strength"]) for d in obs["dragons"]]  # cards count from 1 in texts
    assert cards == [(1, 6), (8, 8), (17, 10), (6, 7)]
    assert obs["dragons"][0]["treasure"] == {"silver": 1, "gold": 1, "red": 1}
    assert obs["turn"] == 0 and obs["phase"] == "turn"
    table = dg.table_at(*dg.SETUP)
    assert repr(table).count("Player 1 sends an adventurer now. ") == 1
    # the table shows Player 1's screen: its line for screen readers says what to do, to "you"
    assert table.view["status"].startswith("Your turn. Send an adventurer to a dragon. ")


def test_the_rulebooks_example_and_the_kill():
    before = dg.state_after((*dg.SETUP, *dg.ATTACK))
    dragon = before.observation("table")["dragons"][0]
    assert (dragon["sum"], dragon["strength"], before.current_player()) == (3, 6, 2)
    assert [f["adventurer"] for f in dragon["fighters"]] == ["wizard", "thief"]
    killed = dg.state_after((*dg.SETUP, *dg.ATTACK, *dg.KILL, *dg.HIDDEN, *dg.WIZARD_ITEMS))
    assert killed.phase == "build" and killed.current_player() == 2
    assert killed.screens[0] == tuple(vec(red=2)) and killed.hands[0] == (0, 1, 0, 1)
    assert killed.observation(2)["split"]["pot"] == {"silver": 1, "gold": 1, "blue": 1}
    after = dg.state_after(
        (*dg.SETUP, *dg.ATTACK, *dg.KILL, *dg.HIDDEN, *dg.WIZARD_ITEMS, *dg.SHARE, *dg.THEFT)
    )
    assert after.screens == (tuple(vec(red=2, gold=1)), tuple(vec(silver=1, blue=1)), tuple(vec()))
    assert after.phase == "turn" and after.current_player() == 0


def test_the_negotiation_positions():
    build = dg.state_after((*dg.SETUP, *dg.NEGOTIATE))
    assert (build.phase, build.current_player()) == ("build", 1)
    pot = build.observation(1)["split"]["pot"]
    assert pot == {"silver": 2, "gold": 2, "red": 1}
    answer = dg.state_after((*dg.SETUP, *dg.NEGOTIATE, *dg.PROPOSAL))
    parts = answer.observation(0)["split"]["parts"]
    points = additive(dg.POINTS)
    assert [points(dg._vec(p)) for p in parts] == [4, 5]  # as the text says
    after = dg.state_after((*dg.SETUP, *dg.NEGOTIATE, *dg.PROPOSAL, *dg.AFTER))
    advs = after.observation("table")["players"]
    assert advs[0]["adventurers"][0]["state"] == "down" and advs[1]["adventurers"][1]["state"] == (
        "down"
    )
    assert (after.phase, after.current_player()) == ("turn", 2)
    gone = dg.state_after((*dg.SETUP, *dg.NEGOTIATE, *dg.NO_DEAL, *dg.REPLACE))
    assert sum(gone.out) == 5 and not any(map(sum, gone.screens)) and gone.current_player() == 2


def test_the_lone_kill_and_the_helped_thief():
    before = dg.state_after((*dg.SETUP, *dg.BEFORE_ALONE)).observation("table")["dragons"][3]
    assert (before["strength"], before["sum"], before["fighters"][0]["player"]) == (7, 4, 0)
    alone = dg.state_after((*dg.SETUP, *dg.ALONE))
    assert sum(alone.screens[0]) == 8 and alone.current_player() == 1
    assert alone.observation("table")["dragons"][3]["card"] == 1  # card 02 (index 1)
    # Player 1's next turn: both knights face down, only the thief and the wizard can be sent
    later = dg.state_after((*dg.SETUP, *dg.ALONE, *dg.LATER))
    assert later.current_player() == 0 and later.phase == "turn"
    assert {str(a).split()[1] for a in later.legal_actions()} == {"thief", "wizard"}
    assert len(dg.table_at(*dg.SETUP, *dg.ALONE, *dg.LATER).view["moves"]["actions"]) == 8
    picking = dg.state_after((*dg.SETUP, *dg.THIEF_WIZARD))
    assert (picking.phase, picking.current_player()) == ("pick", 0)
    assert sorted(str(a) for a in picking.legal_actions()) == ["pass", "pick gold", "pick silver"]


def test_the_new_numbers_are_what_the_questions_say():
    """The exercises and exit tickets with new numbers: each position holds what its prompt says."""
    four = dg.attack_four()
    dragon = four.observation("table")["dragons"][0]
    assert (dragon["strength"], dragon["sum"], four.current_player()) == (6, 4, 2)
    assert [(f["player"], f["adventurer"]) for f in dragon["fighters"]] == [
        (0, "small-knight"),
        (1, "wizard"),
    ]
    assert dg.falling_with(four) == ("big-knight", "small-knight", "thief")
    nine = dg.strength_nine()
    dragon = nine.observation("table")["dragons"][0]
    assert (dragon["strength"], dragon["sum"], nine.current_player()) == (9, 5, 2)
    assert [(f["player"], f["adventurer"]) for f in dragon["fighters"]] == [
        (0, "small-knight"),
        (1, "thief"),
    ]
    # the deals lesson's exercise: the whole treasure, and Player 3's wizard the only wizard
    card = RULES_TABLE.dragons.value[11]  # card 12: strength 9, 6 known and 4 hidden tokens
    assert (card.strength, card.known, card.hidden) == (9, 6, 4)

    start = kaskaria.setup("dragons-gold", players=3, seed=1, **dg.WIZARD_KILL).state
    fighters = start.observation("table")["dragons"][0]["fighters"]
    assert [f["adventurer"] for f in fighters if f["player"] == 2] == ["wizard"]
    after = dg._after(dg.WIZARD_KILL, dg.WIZARD_KILL_LINES)
    whole = dict(after.observation("table")["split"]["pot"])
    whole["red"] = after.screens[2][COLOURS.index("red")]
    assert whole == {"silver": 4, "gold": 2, "red": 2, "green": 1, "purple": 1}
    assert after.phase == "build"
    # the exit ticket: three players, one wizard; its player took the 2 red tokens first, the
    # other 7 are shared
    card = RULES_TABLE.dragons.value[7]  # card 8: strength 8, 5 known and 4 hidden tokens
    assert (card.strength, card.known, card.hidden) == (8, 5, 4)
    one = dg._after(dg.ONE_WIZARD, dg.ONE_WIZARD_LINES)
    split = one.observation("table")["split"]
    assert split["involved"] == [0, 1, 2]
    assert [sum(screen) for screen in one.screens] == [0, 2, 0]
    assert one.screens[1][COLOURS.index("red")] == 2
    assert split["pot"] == {"silver": 3, "gold": 2, "green": 1, "blue": 1}
    fighters = dg._after(dg.ONE_WIZARD, ()).observation("table")["dragons"][0]["fighters"]
    assert [f["player"] for f in fighters if f["adventurer"] == "wizard"] == [1]
    assert dg.red_tokens_go(dg.ONE_WIZARD, dg.ONE_WIZARD_LINES) == "wizard"
    assert 3 + 1 + 2 + 4 >= 8 and 3 + 2 + 1 + 1 == 7
    # the theft: Player 3's screen, and Player 1's thief about to choose (without a wizard)
    theft = kaskaria.setup("dragons-gold", players=3, seed=1, **dg.THEFT_AT).state
    assert theft.screens[2] == tuple(vec(silver=3, gold=2)) and theft.phase == "victim"
    assert theft.current_player() == 0 and "pass" in {str(a) for a in theft.legal_actions()}
    assert dg.theft_chance("silver") == Fraction(3, 5)
    # by listing the tokens behind the screen: 2 of 5 are gold coins
    screen = ["silver"] * 3 + ["gold"] * 2
    assert dg.theft_chance("gold") == Fraction(screen.count("gold"), len(screen))


def test_the_stories_say_what_everyone_sees():
    kill = repr(dg.story((*dg.SETUP, *dg.ATTACK), dg.KILL + dg.HIDDEN + dg.WIZARD_ITEMS))
    assert kill == (
        "Player 3 sends the small knight to dragon 1 and kills it. "
        "Dragon 1: 5 tokens, 2 were hidden; "
        "Player 1's wizard takes the 2 red tokens. Player 1 draws 2 magic items."
    )
    assert "swap" not in kill.lower() and "recall" not in kill.lower()  # the items stay hidden
    # the two hidden draws are one sentence in German too; the drawer's own screen reads each
    # item by its name, one sentence each
    de = repr(dg.story((*dg.SETUP, *dg.ATTACK), dg.KILL + dg.HIDDEN + dg.WIZARD_ITEMS, "de"))
    assert de.endswith("Spieler 1 zieht 2 magische Gegenstände.") and de.count("zieht") == 1
    own = repr(dg.story((*dg.SETUP, *dg.ATTACK), dg.KILL + dg.HIDDEN + dg.WIZARD_ITEMS, viewer=0))
    assert own.endswith(". You draw a magic item: Swap of dragons; you draw a magic item: Recall.")
    alone = repr(dg.story(dg.SETUP, dg.ALONE))
    assert "Player 1 killed it alone and takes the whole treasure (8 tokens)" in alone
    theft = repr(
        dg.story(
            (*dg.SETUP, *dg.ATTACK, *dg.KILL, *dg.HIDDEN, *dg.WIZARD_ITEMS), dg.SHARE + dg.THEFT
        )
    )
    assert "The thief takes a token" in theft and "blue" not in theft.split("robs")[1]
    no_deal = repr(dg.story((*dg.SETUP, *dg.NEGOTIATE), dg.NO_DEAL, "de"))
    assert no_deal.endswith(
        "Spieler 1 sagt „keine Einigung“. Der Schatz (5 Schatzsteine) kommt aus dem Spiel."
    )


def test_a_kill_is_told_with_the_sending_and_what_follows_starts_anew():
    """The kill ends the sentence of the sending ("... and kills it."): what follows (the tokens
    the dragon gets, what a wizard takes) is the next line."""
    for lang, killed in (
        ("en", "to dragon 1 and kills it. Dragon 1: 5 tokens, 2 were hidden;"),
        (
            "de",
            "zu Drache 1 und besiegt den Drachen. Drache 1: 5 Schatzsteine, 2 versteckte;",
        ),
    ):
        text = repr(dg.story((*dg.SETUP, *dg.ATTACK), dg.KILL + dg.HIDDEN, lang))
        assert killed in text and "!;" not in text, text
    quiet = repr(dg.story(dg.SETUP, dg.ATTACK))
    assert quiet == "Player 1 sends the wizard to dragon 1. Player 2 sends the thief to dragon 1."
    theft = repr(dg.story((*AFTER_SHARE,), dg.THEFT))
    assert theft.startswith("Player 2's thief robs Player 3. The thief takes a token; new dragon")


#: right after the split of the rulebook's example: Player 2's thief is about to rob
AFTER_SHARE = (*dg.SETUP, *dg.ATTACK, *dg.KILL, *dg.HIDDEN, *dg.WIZARD_ITEMS, *dg.SHARE)


@pytest.mark.parametrize(
    ("lang", "hidden", "items", "summary"),
    [
        ("en", "hidden treasure: 1 token", "1 magic item", "3 tokens · 1 magic item"),
        (
            "de",
            "Schatz: 1 versteckt",
            "1 magischer Gegenstand",
            "3 Schatzsteine · 1 magischer Gegenstand",
        ),
    ],
)
def test_one_is_singular_on_the_table(lang, hidden, items, summary):
    """The table says "1 token" and "1 magic item" ("1 magischer Gegenstand"), never "1 tokens"."""
    alone = dg.table_at(*dg.SETUP, *dg.ALONE, viewer=0, lang=lang)  # the new dragon 4 hides 1
    assert alone.view["board"]["words"]["dragons"][3]["hidden"] == hidden
    helped = dg.table_at(*dg.SETUP, *dg.THIEF_WIZARD, lang=lang)  # Player 1 drew one item
    assert helped.view["board"]["words"]["players"][0]["items"] == items
    assert helped.view["players"][0]["summary"] == summary
    html = alone._repr_mimebundle_()[0]["text/html"] + helped._repr_mimebundle_()[0]["text/html"]
    for slip in ("1 tokens", "1 items", "1 Gegenstände", "1 Schatzsteine", "1 verdeckte Steine"):
        assert not re.search(rf"(?<![\d.,]){slip}", html), slip


def test_the_tables_show_the_viewer_to_move():
    table = dg.table_at(*dg.SETUP)
    assert table.viewer == 0 and len(table.view["moves"]["actions"]) == 16
    proposal = dg.table_at(*dg.SETUP, *dg.NEGOTIATE)
    assert proposal.viewer == 1 and {b["kind"] for b in proposal.view["moves"]["actions"]} == {
        "give",
        "no",
    }
    html = proposal._repr_mimebundle_()[0]["text/html"]
    # the screen of Player 2 (the proposer) names its own seat "You", as its cards do, and the
    # proposal is its own
    assert "Your proposal" in html and "Proposal of Player 2" not in html
    assert "Player 1: big knight (4), You: small knight (3)" in html
    market = dg.market_table()
    assert market.state.phase == "market" and market.viewer == market.state.current_player()
    assert "pass" in [a["action"] for a in market.view["moves"]["actions"]]
    assert not market.hourglass  # a lesson's table starts with the hourglass off
    assert market.view["board"]["words"]["market_offer"]["give"] == "nothing"
    own = dg.table_at(*dg.SETUP, *dg.ATTACK, *dg.KILL, *dg.HIDDEN, *dg.WIZARD_ITEMS, viewer=0)
    assert own.view["moves"]["actions"] == [] and own.view["board"]["words"]["my_screen"] == "2 red"


def test_a_reveal_draws_its_table_chart_and_story_only_when_pressed():
    """``L.reveal(qid, then=...)`` keeps the evidence behind the button: closed, the stored
    output is the button (plain text) and the answer inside a closed ``<details>`` (HTML), and
    nothing of the evidence is in the widget's state; pressed, the state carries each part's
    HTML for the browser to draw."""
    L = lessons.Lesson("dragons-gold-rules")
    L.predict("moves")
    table = dg.table_at(*dg.SETUP)
    reveal = L.reveal("moves", then=table)
    bundle = reveal._repr_mimebundle_()[0]
    assert bundle["text/plain"] == repr(reveal) == "[Show the answer]"
    html = bundle["text/html"]
    details = html[html.index("<details>") : html.index("</details>")]
    assert 'class="kl-then-item"' in details and "dragon 1" in details
    assert "then" not in reveal.state and "dragon 1" not in json.dumps(reveal.spec)
    reveal.show()
    assert table._repr_mimebundle_()[0]["text/html"] in reveal.state["then"]
    assert reveal.state["then"].count("→") == 16  # the moves to count, once pressed

    S = lessons.Lesson("dragons-gold-shares", lang="de")
    S.predict("hidden")
    drawn = S.reveal("hidden", then=[dg.hidden_chart(lang="de"), dg.hidden_average(lang="de")])
    closed = drawn.static_html()
    assert closed.count('class="kl-then-item"') == 2
    assert closed.index('<img alt="') < closed.rindex("3,2")  # the chart first, then the sum
    assert "base64," in closed and "3,2" not in repr(drawn) and "3,2" not in json.dumps(drawn.state)
    for wrong in ("3.2 points", 3.2, [dg.hidden_chart(), "words"]):
        with pytest.raises(TypeError, match="a reveal"):
            S.reveal("hidden", then=wrong)


def test_the_market_is_what_the_text_says():
    """Section 11's market: set up from what matters, Player 2 first after its kill brought out
    the 7th new dragon, with silver coins to give and Player 3's gold coins to ask for."""
    match = dg._market_match()
    state = match.state
    assert (state.phase, state.current_player(), state.turn) == ("market", 1, 1)
    assert state.drawn == state.game.market_at == 7 and len(state.gone) == 7
    assert state.screens[1][COLOURS.index("silver")] == 7
    assert state.screens[2][COLOURS.index("gold")] == 5
    assert state.components() == state.game.components()
    assert kaskaria.Match.from_position(match.position_text(), seed=1).state == state


#: a one-screen table where secrets are held: right after the rulebook's example and its theft
#: (Player 1 holds two magic items, and only Players 2 and 3 know the stolen token). The notebook's
#: table of section 5 starts a new game instead, so that no item answers the wizard vote before it
#: is taken (tests/test_teacher_reading.py); the privacy of a shared device is played here.
AFTER_THEFT = (*dg.SETUP, *dg.ATTACK, *dg.KILL, *dg.HIDDEN, *dg.WIZARD_ITEMS, *dg.SHARE, *dg.THEFT)


def test_a_kill_and_a_split_at_one_screen():
    """What the browser test does by clicks, done by calls: the device is passed before every
    decision of another person, and each person sees only their own screen and items."""
    table = dg.one_screen_table(*AFTER_THEFT)

    def synced():
        return json.dumps(table.view, ensure_ascii=False)

    assert table.passing and table.view["moves"]["actions"] == []
    assert "my_screen" not in table.view["board"]["words"] and "Swap of dragons" not in synced()
    table.pass_device()
    # Player 1's own items; the theft as Player 1 saw it: a token, not which
    assert "Swap of dragons" in synced() and "The thief takes a token." in synced()
    assert "The thief takes blue" not in synced()
    table.act("send big-knight to dragon 1")
    assert table.passing and table.state.current_player() == 1
    assert "Swap of dragons" not in synced() and "The thief takes blue" not in synced()
    table.pass_device()
    # Player 2 robbed: it knows the token
    assert "The thief takes blue." in synced() and "Swap of dragons" not in synced()
    table.act("send small-knight to dragon 1")
    assert table.state.phase == "build" and table.viewer == 1 and not table.passing
    assert "to dragon 1 and kill it." in table.message
    while table.state.phase == "build":
        give = [b for b in table.view["moves"]["actions"] if b["kind"] == "give"]
        table.act(give[0]["action"] if give else "propose")
    assert table.state.phase == "answer" and table.passing
    table.pass_device()
    table.accept()
    assert (table.state.phase, table.viewer, table.passing) == ("swap", 0, False)
    table.pass_()  # Player 1 holds items: the swap window asks
    assert table.state.phase == "turn" and table.state.current_player() == 2 and table.passing
    assert sum(map(sum, table.state.screens)) == 5 + 6


# ---------------------------------------------------------------------------------------------
# scoring and fair shares
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("advanced", [False, True])
def test_the_score_parts_add_up_to_the_engines_score(advanced):
    rng = np.random.default_rng(5)
    for players in (3, 4, 5, 6):
        for _ in range(60):
            screens = [
                {c: int(n) for c, n in zip(COLOURS, rng.integers(0, 4, 9), strict=True)}
                for _ in range(players)
            ]
            for s in screens:
                s["black"] = 0
            screens[int(rng.integers(players))]["black"] = int(rng.integers(0, 2))
            parts = dg.score_parts(screens, advanced)
            totals = score_table([dg._vec(s) for s in screens], advanced)
            assert [p["total"] for p in parts] == list(totals)


def test_the_shared_majority_example():
    parts = dg.score_parts(dg.SHARED_MAJORITY)
    assert [p["majorities"].get("blue", 0) for p in parts] == [15, 15, 0]
    advanced = dg.score_parts(dg.SHARED_MAJORITY, advanced=True)
    assert [p["majorities"].get("blue", 0) for p in advanced] == [6, 6, 0]


def test_divide_and_choose_for_two_as_the_lesson_says():
    counts = dg.two_player_counts()
    assert counts["chooser_envious"] == 0 and counts["splitter_envious_when_even"] == 0
    assert counts["splitter_envious"] > 0 and counts["cases"] > counts["even_splits"] > 0
    text = repr(dg.splits_two(gold=1, silver=3))
    assert text.splitlines()[1] == "1 gold | 3 | 3 silver | 3 | 3"
    assert dg.split_for_two(dg._treasure(gold=1, silver=3)) == (3, 3)
    case = dg.uneven_case()
    assert case["splitter_envious"] and not case["chooser_envious"] and not case["even_split"]


def test_the_three_player_counterexample():
    found = dg.counterexample()
    values, shares = found["values"], found["shares"]
    assert not is_envy_free(shares, values)
    assert len({values[0](p) for p in found["piles"]}) == 1  # even in the splitter's eyes
    assert found["jealous"] == [(2, 1)]  # Cleo, who chose second, envies Ben
    assert sum(found["treasure"]) == 3
    lines = repr(dg.three_players()).splitlines()
    assert lines[-1] == "Cleo is jealous of Ben: her own pile is worth 0 to her, Ben's pile 1."


def test_the_hidden_treasure_is_the_engines_expected_value():
    outcomes = dg.hidden_outcomes()
    assert outcomes == [(2, Fraction(7, 15)), (4, Fraction(7, 15)), (6, Fraction(1, 15))]
    assert dg.hidden_expected() == Fraction(16, 5)
    # the same number from the engine's own expected value, at a position with that bag
    game = load(3)
    state = game.setup(bag=dict(zip(COLOURS, dg.BAG, strict=True)))  # card 1 hides 2 tokens
    assert game.cards[0].hidden == dg.HIDDEN_TOKENS
    assert expected_hidden_value(state.observation(0), 0, 0) == Fraction(16, 5)


def test_one_token_worth_different_amounts():
    assert [dg.worth_of("blue", p) for p in range(3)] == [15, 0, 0]
    assert [dg.worth_of("gold", p) for p in range(3)] == [3, 3, 3]
    assert [dg.worth_of("blue", p, advanced=True) for p in range(3)] == [6, 0, 0]
    # the discussion's trade: Player 3 holding one sapphire gives it for a silver coin of Player 1
    holdings = [list(h) for h in dg.HOLDINGS]
    holdings[2][COLOURS.index("blue")] = 1
    before = score_table([tuple(h) for h in holdings], False)
    holdings[2][COLOURS.index("blue")] -= 1
    holdings[0][COLOURS.index("blue")] += 1
    holdings[0][COLOURS.index("silver")] -= 1
    holdings[2][COLOURS.index("silver")] += 1
    after = score_table([tuple(h) for h in holdings], False)
    assert (after[0] - before[0], after[2] - before[2]) == (14, 1)
    assert pile_value(vec(gold=1), 1, dg.HOLDINGS) == 3


def test_no_proportional_split_of_two_gold_and_two_silver():
    treasure = dg._treasure(gold=2, silver=2)
    points = additive(dg.POINTS)
    best = max(min(points(p) for p in split) for split in piles(treasure, 3))
    assert best == 2 < Fraction(8, 3)
    assert dg.proportional_case() == {"proportional": False, "envy_free": False}


def test_the_live_tournament():
    result = dg.run_tournament()
    assert result.games == dg.GAMES == 24 and result.labels == dg.BOTS and result.rotate
    assert dg.most_points() == "greedy"
    assert abs(sum(result.win_rate) - 1) < 1e-9
    text = repr(dg.tournament()).splitlines()
    assert text[0].startswith("24 games of three players") and text[-3].startswith("fair bot")
    german = repr(dg.tournament("de"))
    assert german.startswith("24 Spiele zu dritt") and "fertig" not in german


def _interval(rate_ci):
    return tuple(round(100 * x) for x in rate_ci)


def test_the_tournament_claims_match_its_intervals():
    """Extension B of the fair-shares lesson: in the 24 games the win rates' 95% intervals
    overlap (the planner's reaches the fair bot's, the fair bot's the greedy bot's); in the 300
    games of the stored run they do not, in the order greedy, fair, planner; the numbers its
    text quotes are the printed ones."""
    result = dg.run_tournament()
    fair, greedy, planner = (result.win_ci[dg.BOTS.index(b)] for b in dg.BOTS)
    assert planner[1] > fair[0] and fair[1] > greedy[0]
    assert (_interval(planner)[1], _interval(fair)[0]) == (33, 18)
    long = {b: dg.TOURNAMENT_300[b] for b in dg.BOTS}
    assert long["planner"][2] < long["fair"][1] and long["fair"][2] < long["greedy"][1]
    quoted = {b: (round(100 * long[b][1]), round(100 * long[b][2])) for b in dg.BOTS}
    assert quoted == {"greedy": (57, 68), "fair": (24, 34), "planner": (6, 12)}
    shown = repr(dg.tournament_sure())
    for low, high in quoted.values():
        assert f"between {low}% and {high}%" in shown
    assert "between 5% and 33%" in shown and "between 18% and 53%" in shown
    assert 300 / dg.GAMES == 12.5  # "twelve times as many games", about
    # the prediction "which one wins the most games?" is answered from the long run's intervals
    assert dg.most_wins() == "greedy" == SHARES.question("tournament").answer()


def test_the_most_wins_claim_needs_intervals_apart(monkeypatch):
    close = dict(dg.TOURNAMENT_300, fair=(0.55, 0.50, 0.60, 80.0))  # overlaps the greedy bot's
    monkeypatch.setattr(dg, "TOURNAMENT_300", close)
    with pytest.raises(ValueError, match="does not tell"):
        dg.most_wins()


def test_why_the_planner_comes_last():
    """What the extension says the bots did, replayed move by move from the very games of the
    tournament: the planner fights the strongest dragons and takes part in the fewest kills; the
    greedy bot's proposals nearly always go through, the fair bot's about half the time."""
    facts = dg.tournament_facts()
    result = dg.run_tournament()
    for e, name in enumerate(dg.BOTS):  # the same games: the same scores, game by game
        assert facts[name]["scores"] == list(result.scores[:, e])
    kills = {b: facts[b]["kills"] for b in dg.BOTS}
    strength = {b: facts[b]["strength"] for b in dg.BOTS}
    assert kills["planner"] < min(kills["fair"], kills["greedy"])
    assert strength["planner"] > max(strength["fair"], strength["greedy"])
    accepted = {b: Fraction(facts[b]["accepted"], facts[b]["proposals"]) for b in dg.BOTS}
    assert accepted["greedy"] > Fraction(9, 10)
    assert Fraction(2, 5) < accepted["fair"] < Fraction(3, 5)
    text = repr(dg.tournament_why())
    assert "planner: took part in 10.2 kills per game" in text
    assert "219 of its 230 proposals were accepted" in text


@pytest.mark.slow
def test_the_stored_long_tournament_is_what_300_games_give():
    result = dg.run_tournament(300)
    for e, name in enumerate(dg.BOTS):
        rate, low, high, points = dg.TOURNAMENT_300[name]
        assert round(result.win_rate[e], 3) == rate
        assert (round(result.win_ci[e][0], 3), round(result.win_ci[e][1], 3)) == (low, high)
        assert round(result.mean_score[e], 2) == points


def test_the_exact_worth_of_the_dragons():
    text = repr(dg.dragon_worth())
    assert "dragon 1 (strength 6): known 5; hidden 202/109 = 1.85 (usual points)" in text
    obs = dg.state_after(dg.SETUP).observation(0)
    plain = sum(n * p for n, p in zip(dg._vec(obs["bag"]), dg.POINTS, strict=True))
    assert Fraction(plain * 2, sum(obs["bag"].values())) == Fraction(202, 109)  # linearity


# ---------------------------------------------------------------------------------------------
# words
# ---------------------------------------------------------------------------------------------
def test_the_helpers_speak_german():
    texts = [
        dg.box_contents("de"),
        dg.dragon_deck("de"),
        dg.items("de"),
        dg.rule_options("de"),
        dg.splits_two("de", gold=1, silver=3),
        dg.uneven("de"),
        dg.two_player_cases("de"),
        dg.three_players("de"),
        dg.hidden_average("de"),
        dg.hidden_exact("de"),
        dg.token_worth("de"),
        dg.proportional("de"),
        dg.tournament("de"),
        dg.tournament_sure("de"),
        dg.tournament_why("de"),
        dg.score_example(dg.SHARED_MAJORITY, "de"),
        dg.story(dg.SETUP, dg.ALONE, "de"),
    ]
    for shown in texts:
        text = repr(shown)
        for english in ("Player", " tokens", " points", "strength", "dragon ", "Allowed"):
            assert english not in text, (english, text[:200])
    labels = [b["label"] for b in dg.table_at(*dg.SETUP, lang="de").view["moves"]["actions"]]
    assert labels[0] == "großer Ritter (4) → Drache 1" and "Jetzt erlaubt (16 Knöpfe):" in repr(
        dg.legal(dg.table_at(*dg.SETUP, lang="de"), "de")
    )
    assert "Spieler 1 (3 Blau, 2 Silber): Silber 2 + Mehrheit Blau 15 = 17 Punkte" in repr(
        dg.score_example(dg.SHARED_MAJORITY, "de")
    )


def test_the_box_says_where_a_number_comes_from_in_german():
    text = repr(dg.box_contents("de"))
    for english in ("RULEBOOK", "SOURCED", "ASSUMED", "INFERRED"):
        assert english not in text
    assert "ANLEITUNG" in text and "ANGENOMMEN" in text
    assert "RULEBOOK" in repr(dg.box_contents("en"))


def _pupil_text(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    out = []
    for c in cells:
        out.append("".join(c["source"]))
        for o in c.get("outputs", []):
            for v in o.get("data", {}).values():
                out.append("".join(v) if isinstance(v, list) else str(v))
    return "\n".join(out)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_lesson_05_does_not_answer_the_thief_vote_of_05b(lang):
    """05b asks "must the thief steal?": lesson 05, a lesson earlier, names no button or rule that
    answers it (its giveaways in 05b's plan, such as "Steal nothing")."""
    path = NOTEBOOKS / ("de" if lang == "de" else "") / RULES.notebook
    text = _pupil_text(path).casefold()
    steal = DEALS.question("steal")
    phrases = [g[lang] for g in steal.giveaways if isinstance(g, dict)]
    assert phrases
    for phrase in phrases:
        assert phrase.casefold() not in text, phrase


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_engines_reading_of_a_theft_allows_stealing_nothing(lang):
    """05b Ext D lists how the engine reads the thief's turn: it says, as the answer of the vote
    "must the thief steal?" does, that a thief may also steal nothing. A teacher found "chooses
    whom to rob ... then chance picks the token" reading as if a theft were a must."""
    reading = repr(dg.rule_options(lang=lang)).casefold()
    steal = DEALS.question("steal")
    assert steal.answer() == "may"
    phrases = [g[lang].casefold() for g in steal.giveaways if isinstance(g, dict)]
    assert any(phrase in reading for phrase in phrases), reading


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_button_texts_name_the_buttons_the_screen_shows(lang):
    from kaskaria.i18n import text as t

    undo = t("core", "shell.undo", lang)
    for plan in (RULES, DEALS):
        path = NOTEBOOKS / ("de" if lang == "de" else "") / plan.notebook
        source = _pupil_text(path)
        assert f"**{undo}**" in source
        assert "**Undo**" not in source and "**Zurück**" not in source


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_text_names_the_bots_as_their_table_labels_them(lang):
    """A table of bots (05 Ext B, 05b Ext E) is introduced by the words its seats show: the text
    above it says which player is the easy bot ("Player 2 (easy bot)" on screen), not names the
    table never shows. A teacher found "the fair bot, the greedy bot and the planner" above a
    table labelled "easy bot", "hard bot" and "bot"."""
    from kaskaria.i18n import text as t
    from kaskaria.widgets import DragonsGoldTable

    plain_bot = t("core", "bot_other", lang).casefold()  # a bot of no difficulty: "bot"
    checked = 0
    for plan in (RULES, DEALS):
        path = NOTEBOOKS / ("de" if lang == "de" else "") / plan.notebook
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        text = ""
        for cell in cells:
            source = "".join(cell["source"])
            if cell["cell_type"] == "markdown":
                text = " ".join(source.split())
                continue
            found = re.search(
                r"DragonsGoldTable\(players=(\d), seats=(\([^)]*\)), seed=(\d+)", source
            )
            if not found:
                continue
            seats = tuple(re.findall(r'"(\w+)"', found.group(2)))
            seating = DragonsGoldTable(
                players=int(found.group(1)), seats=seats, seed=int(found.group(3)), lang=lang
            ).session.table
            for p, bot in enumerate(seating.bots):
                seat = seating.seat_name(p, lang)
                assert re.search(rf"\b{seat}\b", text), (plan.notebook, seat)
                if bot is None:
                    continue
                label = seating.bot_label(p, lang)  # "easy bot", "leichter Bot", "bot"
                if label.casefold() != plain_bot:
                    word = label.split()[0]
                    stem = word[:-1] if lang == "de" and word.endswith("r") else word
                    assert re.search(rf"\b{stem}\w* bot\b", text, re.I), (plan.notebook, label)
                checked += 1
    assert checked == 5


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_wizard_exit_ticket_needs_the_wizard_rule(lang):
    """05b's exit ticket t1 puts the wizard rule to work in a fight the lesson never shows (three
    players, one wizard, a new treasure) and asks for a count that only the rule gives: 7, the
    treasure without the red tokens the wizard's player takes first. The count of every token
    (9), what a pupil who never learnt the rule answers, is a named mistake. Readers found the
    earlier fight (two wizards) answered by that naive count, so it tested no rule; and before
    that, a t1 answered by the reveal's own sentence."""
    from kaskaria.lessons.mistakes import mistakes

    t1, wizard = DEALS.question("t1"), DEALS.question("wizard")
    assert t1.kind == "number" and not t1.choices
    assert t1.exact() == 7
    prompt = t1.prompt[lang]
    assert ("Players 1, 2 and 3" if lang == "en" else "Spieler 1, 2 und 3") in prompt
    assert prompt.count("wizard" if lang == "en" else "Zauberer") == 1
    # every token of the treasure the prompt lists: 3 + 2 + 2 + 1 + 1 = 9, the naive count
    listed = sum(
        int(n)
        for n in re.findall(
            r"\b(\d+) (?:silver|gold|red|emerald|sapphire|"
            r"Silber|Gold|roten|Smaragd|Saphir)",
            prompt,
        )
    )
    assert listed == 9 != t1.exact()
    named = {m.value for m in mistakes(DEALS.id, "t1")}
    assert Fraction(9) in named and Fraction(7) not in named
    # the reveal states the rule, never the exit ticket's count
    assert "7" not in wizard.explain[lang]
    # the exit ticket's fight and treasure are new: no fight the core path plays or tells has
    # the treasure's 9 tokens or Player 2's wizard in it
    for lines in (
        (*dg.SETUP, *dg.NEGOTIATE),
        (*dg.SETUP, *dg.ATTACK),
        (*dg.EXAMPLE, *dg.WIZARD_ITEMS, *dg.SHARE, *dg.THEFT),
        dg.SETUP,
    ):
        state = dg.state_after(lines)
        for dragon in state.observation("table")["dragons"]:
            wizards = [f["player"] for f in dragon["fighters"] if f["adventurer"] == "wizard"]
            assert wizards in ([], [0]), (lines, wizards)
    # the teacher edition says what the exit ticket asks and why the count needs the rule
    folder = NOTEBOOKS / ("de/teacher" if lang == "de" else "teacher")
    cells = json.loads((folder / DEALS.notebook).read_text(encoding="utf-8"))["cells"]
    edition = " ".join(" ".join("".join(c["source"]) for c in cells).split())
    new_fight = {
        "en": "three players, one wizard, a new treasure",
        "de": "drei Spieler, ein Zauberer",
    }
    assert new_fight[lang] in edition
    needs = {"en": "The count needs the rule", "de": "Die Anzahl braucht die Regel"}
    assert needs[lang] in edition


@pytest.mark.parametrize("folder", ["", "de"])
def test_lesson_05b_walks_within_the_period(folder):
    """A teacher walked 05b at 41 to 43 minutes against a table of 40, and the tool said 32: it
    counted neither the pages handed out, the board work, the rules said aloud nor the move to
    the group devices. Counting them it walked 42, so the vote "must the thief steal?" (a rule,
    not a chance) is extension A now; the walk fits the period, the timing table stays within it
    and not under the tool, and the teacher notes give the table's parts, its total and the
    tool's figure as they are. The board work is section 4's six tokens (the wizard rule is read
    from page 2 of the worksheet, handed out right after its vote)."""
    from kaskaria.lessons.audit import walk as W

    walked = W.walk(NOTEBOOKS / folder / DEALS.notebook)
    assert walked.minutes <= W.PERIOD, walked.minutes
    scene = next(s for s in walked.sections if s.group)
    assert scene.minutes >= W.GROUP + W.GROUP_MOVE
    boards = [s.title for s in walked.sections if s.boards]
    assert len(boards) == 1 and boards[0].startswith(("4. Thieves", "4. Diebe")), boards
    assert [p for s in walked.sections for p in s.handouts] == ["page 1", "page 2", W.SLIP_PAGE]
    steal = DEALS.question("steal")
    assert steal.extension
    total = DEALS.core_minutes()
    assert walked.minutes <= total <= W.PERIOD
    notes = " ".join(n["en"] for n in DEALS.teacher_notes)
    assert f"{total} in all" in notes and f"gives {walked.minutes}." in notes
    core = [p.minutes for p in DEALS.parts if p.core]
    # "Per part: ... 4 minutes; ... 4; ... 7; ... slack for logging in and questions 5: 37 in all"
    per_part = notes.split("Per part:")[1].split(f"{total} in all")[0]
    per_part = re.sub(r"\([^()]*\)", "", per_part)  # what each part's minutes are made of
    said = [int(n) for n in re.findall(r"(?<![(\w])(\d+)(?: minutes)?[;:] ", per_part)]
    assert said == core, (said, core)


def test_a_finished_run_says_so_in_plain_words():
    """The line a finished simulation prints (issue 15: "fertig: 1.800 Spiele fertig")."""
    from kaskaria.lessons.show import done_line

    assert done_line(1800) == "done: 1,800 games"
    assert done_line(1800, "de") == "fertig: 1.800 Spiele gespielt"
    assert done_line(1, "de").count("fertig") == 1


def test_the_option_texts_are_the_rules_tables_own():
    from kaskaria.dragons_gold.rules import OPTION_TABLE
    from kaskaria.i18n import text

    for name, option in OPTION_TABLE.items():
        assert text("lessons-dragons-gold", f"option.{name}", "en") == option.meaning
        assert text("lessons-dragons-gold", f"option.{name}", "de") != option.meaning


@pytest.mark.parametrize("plan", PLANS, ids=["rules", "deals", "shares"])
def test_the_worksheets_speak_the_games_german(plan):
    sheet = worksheet(plan.id, "de") + answer_key(plan.id, "de")
    for word in ("Schatzstein", "Spieler", "Drache"):
        assert word in sheet
    for english in ("Player ", " tokens", "dragon "):
        assert english not in sheet


# ---------------------------------------------------------------------------------------------
# the notebooks
# ---------------------------------------------------------------------------------------------
def _code_cells(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


@pytest.mark.parametrize("path", DG_NOTEBOOKS, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_a_later_cell_never_changes_an_earlier_table(path):
    """Every table is made in its own cell; a named table is changed only in the cell that made it
    (``finished.run_bots()``), and later cells only read it (``dg.scores(finished)``)."""
    made: dict[str, int] = {}
    for i, source in enumerate(_code_cells(path)):
        for name in re.findall(
            r"^(\w+) = (?:DragonsGoldTable|dg\.\w+_table|dg\.table_at)\(", source, re.M
        ):
            made[name] = i
        for name, where in made.items():
            if where == i:
                continue
            code = re.sub(r'"[^"]*"', '""', source)  # names inside strings are not uses
            for use in re.finditer(rf"\b{name}\b(\.\w+)?", code):
                assert use.group(1) is None, f"cell {i} calls {name}{use.group(1)}"
                assert re.search(rf"dg\.scores\({name}\b", source), f"cell {i} uses {name}"


@pytest.mark.parametrize("path", DG_NOTEBOOKS, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_a_numbered_part_of_the_timing_table_is_titled_as_its_section(path):
    """A part of the timing table named by its section number ("5. ...") begins with that
    section's heading, so the teacher edition and the key name it in the notebook's words. A
    teacher found 06's German heading "Was ist ein Edelstein mehr wert?" (changed to "ein
    weiterer Edelstein"), which the timing table repeats."""
    plan = next(p for p in PLANS if p.notebook == path.name)
    lang = "de" if path.parent.name == "de" else "en"
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    headings = {}
    for c in cells:
        if c["cell_type"] == "markdown":
            for found in re.finditer(
                r"^## (\d+)\. (.*?)\s*(?:<a id.*)?$", "".join(c["source"]), re.M
            ):
                headings[found[1]] = found[2]
    for part in plan.parts:
        numbered = re.match(r"(\d+)\. ", part.title[lang])
        if numbered and numbered[1] in headings:
            assert part.title[lang].startswith(f"{numbered[1]}. {headings[numbered[1]]}"), part
    assert "Edelstein mehr wert" not in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", DG_NOTEBOOKS, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_the_notebooks_ask_every_question_of_their_plan(path):
    plan = next(p for p in PLANS if p.notebook == path.name)
    source = "\n".join(_code_cells(path))
    for q in plan.predictions:
        # a reveal may draw its evidence: L.reveal("id", then=...)
        assert f'L.predict("{q.id}")' in source
        assert re.search(rf'L\.reveal\("{q.id}"(?:\)|, then=)', source), q.id
    for q in plan.exercises:
        assert f'L.exercise("{q.id}")' in source
    for q in plan.exit_tickets:
        assert f'L.exit_ticket("{q.id}")' in source
    for q in plan.code_tasks:
        assert f'L.your_turn("{q.id}")' in source and f'L.check_code("{q.id}", ' in source
    assert plan.exercises and 2 <= len(plan.exit_tickets) <= 3
    assert "L.answers()" not in source and "L.discussion()" not in source


def test_the_rules_are_taught_in_two_periods():
    """Lesson 05 is cut in two periods: the turn, the kill and the scoring (05), then the sharing
    (05b); each notebook asks only its own questions, and 05 points to 05b."""
    assert [p.notebook for p in PLANS] == sorted(p.notebook for p in PLANS)  # reading order
    rules = "\n".join(_code_cells(NOTEBOOKS / RULES.notebook))
    for qid in ("no-deal", "wizard", "steal"):
        assert qid not in rules
    first = json.loads((NOTEBOOKS / RULES.notebook).read_text(encoding="utf-8"))["cells"]
    assert any("05b-dragons-gold-deals.ipynb" in "".join(c["source"]) for c in first)


def test_the_app_shows_only_the_table():
    for path in (
        NOTEBOOKS / "play-dragons-gold.ipynb",
        NOTEBOOKS / "de" / "play-dragons-gold.ipynb",
    ):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        code = [c for c in cells if c["cell_type"] == "code"]
        assert len(code) == 1 and code[0]["metadata"]["jupyter"]["source_hidden"]
        source = "".join(code[0]["source"])
        assert "DragonsGoldTable(" in source and '"human"' in source
        outputs = code[0]["outputs"]
        assert "text/html" in outputs[0]["data"]  # a picture without a kernel


def test_a_table_from_a_code_has_its_hourglass_off_unless_asked():
    code = dg.table_at(*dg.SETUP).full_code
    table = kaskaria.widgets.DragonsGoldTable.from_code(code)
    assert table.hourglass is False and table.view["timer"]["on"] is False  # as in a lesson
    table = kaskaria.widgets.DragonsGoldTable.from_code(code, hourglass=True)
    assert table.hourglass is True and table.view["timer"]["on"] is True
    assert [a for a in itertools.islice(table.state.legal_actions(), 1)]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_half_of_an_odd_treasure_is_named_tokens_cannot_be_cut(lang):
    """4.5 for exercise 1 of 06 is the misconception of section 2: a treasure of 9 points is
    not cut in half; the box names it instead of a bare "not yet"."""
    box = lessons.Lesson("dragons-gold-shares", lang).exercise("ex1")
    for typed in ("4.5", "4,5", "9/2"):
        verdict = box.check(typed)
        assert verdict.kind == "mistake" and not verdict.right
        assert {"en": "cannot be cut", "de": "nicht zerteilen"}[lang] in verdict.message


# ---------------------------------------------------------------------------------------------
# what a teacher's reading of 05, 05b and 06 found: nothing answers an open question
# ---------------------------------------------------------------------------------------------
def _cells(path):
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _plain(cell):
    """What a cell shows in plain view: its Markdown, or its code's stored text outputs."""
    if cell["cell_type"] == "markdown":
        return "".join(cell["source"])
    shown = []
    for out in cell.get("outputs", []):
        for kind in ("text/plain", "text/html", "text/markdown"):
            shown.append("".join(out.get("data", {}).get(kind, "")))
        shown.append("".join(out.get("text", "")))
    return "\n".join(shown)


def _index(cells, needle):
    return next(i for i, c in enumerate(cells) if needle in "".join(c["source"]))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_dragon_cards_say_hidden_treasure_not_face_down(lang):
    """German "verdeckt" means face down (the adventurers); a dragon's hidden treasure is
    "versteckt" ("Schatz: 2 versteckt": the word "Schatzsteine" does not fit a dragon card at
    683 px without breaking, and the bare "Steine" is not the lesson's word), and its
    "versteckter Schatz" when it is drawn."""
    table = dg.table_at(*dg.SETUP, viewer="table", lang=lang)
    words = [d["hidden"] for d in table.view["board"]["words"]["dragons"]]
    if lang == "en":
        assert all(w.startswith("hidden treasure: ") for w in words), words
    else:
        assert all(w.endswith(" versteckt") and "verdeckt" not in w for w in words), words
        # never the bare "Steine" (one term for a token is "Schatzsteine", too long for the card)
        assert all(re.fullmatch(r"Schatz: \d+ versteckt", w) for w in words), words
    drawn = dg.table_at(*dg.SETUP, *dg.ATTACK, *dg.KILL, *dg.HIDDEN, viewer="table", lang=lang)
    html = drawn._repr_mimebundle_()[0]["text/html"]
    assert "verdeckt" not in html and "ist gezogen" not in html


@pytest.mark.parametrize("folder", ["", "de/"])
def test_lesson_05_shows_no_move_buttons_and_no_sharing_before_section_4(folder):
    """Between the moves question and section 4 of lesson 05 every table is the one everyone
    sees (no move buttons to count); pressing a button there would play lesson 05b's wizard and
    sharing, so none is offered, and no cell of 05 tells the wizard rule."""
    cells = _cells(NOTEBOOKS / folder / RULES.notebook)
    start, end = _index(cells, 'L.predict("moves")'), _index(cells, '<a id="kill">')
    for cell in cells[start:end]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code" and "dg.table_at(" in source and "L.reveal(" not in source:
            assert 'viewer="table"' in source, source
    wizard = DEALS.question("wizard")
    for cell in cells:
        for words in wizard.giveaways:
            assert words[folder and "de" or "en"] not in _plain(cell)


def test_lesson_05b_teaches_the_whole_wizard_rule_and_the_no_deal_rule_on_paper():
    wizard, t1 = DEALS.question("wizard"), DEALS.question("t1")
    assert t1.exact() == 7
    # the rule is taught whole ("only then"); the exit ticket applies it to a new fight and
    # counts, on screen and on paper alike
    assert "two or more wizards nobody takes them first" in wizard.explain["en"]
    assert "zwei oder mehr Zauberern" in wizard.explain["de"]
    # the rule is the wizard prediction's answer: the worksheet prints it in the rule box of
    # part two, handed out after the predictions, never on the first page
    assert "two or more wizards" in DEALS.sheet_rules_found["en"]
    assert "zwei oder mehr Zauberer" in DEALS.sheet_rules_found["de"]
    assert "wizard" not in DEALS.sheet_rules["en"] and "Zauberer" not in DEALS.sheet_rules["de"]
    # neither rule box prints exit ticket 1's answer
    for lang, words in (("en", "the other 7"), ("de", "die anderen 7")):
        assert words not in DEALS.sheet_rules[lang] + DEALS.sheet_rules_found[lang]
    # "What we found" asks for four rules: the sheet prints all four, the no-deal rule (the
    # answer of a prediction on page 1) in part two's box only
    for lang, words in (("en", "whole treasure leaves the game"), ("de", "kommt aus dem Spiel")):
        assert words in DEALS.sheet_rules_found[lang]
        assert words not in DEALS.sheet_rules[lang]


def test_lesson_05b_asks_must_without_saying_may():
    steal = DEALS.question("steal")
    assert " may " not in steal.prompt["en"] and "darf" not in steal.prompt["de"]
    assert "may" not in steal.hint["en"].lower() and "darf" not in steal.hint["de"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_engines_readings_do_not_tell_the_sharing_answers(lang):
    """Extension D of 05b lists the engine's readings in plain view: they may not say that a
    thief may steal nothing or that the treasure leaves the game (05b's predictions). The
    thief's reading, which says it may (a teacher found it contradicting the vote's answer
    without), sits in a closed fold on screen."""
    from kaskaria.lessons.audit.notebook import html_text
    from kaskaria.lessons.audit.screen import _DETAILS

    shown = html_text(_DETAILS.sub(" ", dg.rule_options(lang=lang)._repr_html_()))
    assert "engine reads it" in shown or "liest das Programm" in shown
    for q in ("steal", "no-deal"):
        for words in DEALS.question(q).giveaways:
            assert words[lang].strip().lower() not in shown.lower(), words


@pytest.mark.parametrize("folder", ["", "de/"])
def test_lesson_05b_and_06_markdown_tells_no_prediction_outside_its_reveal(folder):
    """No Markdown cell of 05b or 06 (the summary and the extensions included) carries the
    giveaway words of one of the lesson's predictions in plain view (a closed fold, drawn only
    when opened, waits like a reveal; line breaks do not hide words); a cell allowed with a
    reason is exempt."""
    from kaskaria.lessons.audit.screen import _folded

    lang = "de" if folder else "en"
    for plan in (DEALS, SHARES):
        for cell in _cells(NOTEBOOKS / folder / plan.notebook):
            if cell["cell_type"] != "markdown":
                continue
            allowed = cell["metadata"].get("kaskaria", {}).get("audit-allow", {})
            text = " ".join(_folded("".join(cell["source"])).split())
            for q in plan.predictions:
                if q.id in allowed:
                    continue
                for words in q.giveaways:
                    assert words[lang].strip() not in text, (plan.notebook, q.id, words)


def test_lesson_06_section_5_does_not_answer_its_prediction():
    worth = SHARES.question("worth")
    assert {"gems are not", "different worth"} <= {w["en"] for w in worth.giveaways}
    assert "Edelsteine nicht" in {w["de"] for w in worth.giveaways}
    for folder, lang in (("", "en"), ("de/", "de")):
        cells = _cells(NOTEBOOKS / folder / SHARES.notebook)
        above = cells[: _index(cells, 'L.predict("worth")')]
        for cell in above:
            for words in worth.giveaways:
                assert words[lang] not in _plain(cell), words


@pytest.mark.parametrize("folder", ["", "de/"])
def test_lesson_06_extensions_draw_their_results_only_on_reveal(folder):
    """The tournament's intervals and the two-player counts answer questions (extension B's
    winner, section 2's jealousy): they are drawn by reveals of their own, never in plain view."""
    cells = _cells(NOTEBOOKS / folder / SHARES.notebook)
    for cell in cells:
        source = "".join(cell["source"])
        for call in (
            "dg.tournament_sure(",
            "dg.tournament_why(",
            "dg.two_player_cases(",
            "dg.tournament(",
        ):
            if call in source and cell["cell_type"] == "code":
                assert source.startswith("L.reveal("), source
        if cell["cell_type"] == "markdown":
            assert not re.search(r"\d+ ?% (bis|to) \d+ ?%", source), source
    assert SHARES.question("planner").exact() == "luck"
    assert SHARES.question("cases").exact() == "sometimes"


def test_lesson_06_core_path_fits_forty_minutes_and_python_is_an_extension():
    assert SHARES.core_minutes() <= 40
    # fresh teachers walked "What we found" and the exit ticket at 9-10 minutes, then, with
    # fewer words to read, at about 8.5; its words were cut again, to about 8
    (found,) = [p for p in SHARES.parts if p.title["en"].startswith("What we found")]
    assert found.minutes >= 8
    assert all(q.extension for q in SHARES.code_tasks)
    t2 = SHARES.question("t2")
    assert "basic rules" in t2.prompt["en"] and "Grundregeln" in t2.prompt["de"]


def test_the_planner_claim_needs_intervals_apart(monkeypatch):
    assert dg.planner_against_fair() == "less"
    monkeypatch.setitem(dg.TOURNAMENT_300, "planner", (0.25, 0.20, 0.30, 70.0))
    with pytest.raises(ValueError):
        dg.planner_against_fair()
    monkeypatch.setitem(dg.TOURNAMENT_300, "planner", (0.45, 0.40, 0.50, 80.0))
    assert dg.planner_against_fair() == "more"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_rules_worksheet_says_which_tokens_are_gems(lang):
    rules = RULES.sheet_rules[lang]
    for gem in {
        "en": ("sapphires", "emeralds", "amethysts", "amber"),
        "de": ("Saphire", "Smaragde", "Amethyste", "Bernstein"),
    }[lang]:
        assert gem in rules
    assert {"en": "are not gems", "de": "keine Edelsteine"}[lang] in rules


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_careful_long_forms_of_the_fall_choices_are_read(lang):
    """A pupil who writes "only the big knight" or "both knights and thief" in full is read, not
    told to pick one of the labels."""
    L = lessons.Lesson("dragons-gold-rules", lang)
    for typed in ("only the big knight", "the big knight", "nur der große Ritter"):
        assert L.exit_ticket("t1").check(typed).kind == "right", typed
    for typed in ("both knights and thief", "beide Ritter und Dieb"):
        assert L.exercise("ex1").check(typed).kind == "right", typed


def test_lesson_05b_says_nothing_of_player_1s_items_outside_the_wizard_reveal():
    """Player 1's magic items come from the wizard rule that section 3 asks about: no Markdown
    cell of 05b tells that Player 1 holds items (the teacher edition may)."""
    for folder, words in (("", "Player 1's items"), ("de/", "Gegenstände von Spieler 1")):
        for cell in _cells(NOTEBOOKS / folder / DEALS.notebook):
            if cell["cell_type"] == "markdown":
                assert words not in "".join(cell["source"])


# ---------------------------------------------------------------------------------------------
# lesson 06 as a fresh teacher read it: the slip stands alone, every player is a choice, the
# tournament's questions ask what its table does not show, the Python bag is a new one
# ---------------------------------------------------------------------------------------------
def _slip(lang):
    """The words of the exit slip (page 3 of the worksheet), as printed."""
    from kaskaria.lessons.worksheets import part_three

    html = part_three(worksheet(SHARES.id, lang))
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def _said(text):
    return " ".join(text.split())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_exit_slip_states_the_numbers_its_questions_need(lang):
    """Pupils answer the slip with pages 1 and 2 put away and the board wiped, so the slip
    itself names each coin's points (t1) and the gem bonus with its rule for a tie (t2): it
    tests the method, not whether the rules were remembered."""
    slip = _slip(lang)
    t1, t2 = (_said(SHARES.question(q).prompt[lang]) for q in ("t1", "t2"))
    assert t1 in slip and t2 in slip
    worth = dict(zip(COLOURS, dg.POINTS, strict=True))
    coins = {
        "en": (f"silver coins ({worth['silver']} point each)", f"gold coins ({worth['gold']} points each)"),
        "de": (f"Silbermünzen (je {worth['silver']} Punkt)", f"Goldmünzen (je {worth['gold']} Punkte)"),
    }[lang]  # fmt: skip
    assert all(words in t1 for words in coins), t1
    assert _average_of(dg.EXIT_BAG, dg.EXIT_HIDDEN) == SHARES.question("t1").exact()
    bonus = max(dg.worth_of("green", p, holdings=dg.EMERALDS_BEHIND) for p in range(3))
    rule = {
        "en": (f"a bonus of {bonus} points", "players who tie for the most all get it", "no points of its own"),
        "de": (f"einen Bonus von {bonus} Punkten", "bekommen ihn alle", "keine Punkte"),
    }[lang]  # fmt: skip
    assert all(words in t2 for words in rule), t2


@pytest.mark.parametrize("lang", ["en", "de"])
def test_t2_offers_and_reads_every_player(lang):
    """Exit ticket 2 names Players 1, 2 and 3: each is a choice in the box and on the slip, and
    each is read however a pupil writes it ("Player 3", "player3", "Spieler3", "S3"), so no
    pupil who means a player is asked to be one of the choices."""
    t2 = SHARES.question("t2")
    players = [c for c in t2.choices if c.value.startswith("p")]
    assert [c.value for c in players] == [f"p{n}" for n in range(1, dg.PLAYERS + 1)]
    slip = _slip(lang)
    word = {"en": "Player", "de": "Spieler"}[lang]
    for n in range(1, dg.PLAYERS + 1):
        assert f"{word} {n}" in slip
        for typed in (f"{word} {n}", f"{word.lower()}{n}", f"{word}{n}", f"S{n}", f"P{n}"):
            box = lessons.Lesson("dragons-gold-shares", lang).exit_ticket("t2")
            verdict = box.check(typed)
            right = f"p{n}" == t2.exact()
            assert verdict.kind == ("right" if right else "wrong"), (typed, verdict)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_extension_c_asks_what_extension_bs_table_does_not_show(lang, monkeypatch):
    """Extension B's table, opened just above, shows the planner winning fewer of the 24 games
    than the fair bot. Extension C once asked whether the planner wins more or less often:
    the table answered it. It asks now whether those 24 games make that order sure, which only
    the 95% intervals of C's own answer tell, and its answer follows them."""
    planner = SHARES.question("planner")
    result = dg.run_tournament()
    rate = dict(zip(dg.BOTS, result.win_rate, strict=True))
    assert rate["planner"] < rate["fair"]  # what the prompt says B's table shows
    prompt = planner.prompt[lang]
    assert {"en": "24 games", "de": "24 Spielen"}[lang] in prompt
    assert "300" not in prompt  # the long run's order is the reveal's, not the question's
    table = dg.tournament(lang).text
    assert "95" not in table and not re.search(r"\d ?% (to|bis) ", table)  # no intervals in B
    assert planner.exact() == "luck" and not dg.live_planner_apart()
    assert dg.planner_against_fair() == "less"  # the explanation's claim about 300 games
    apart = ((0.05, 0.10), (0.30, 0.60), (0.12, 0.20))  # fair, greedy, planner
    monkeypatch.setattr(dg, "run_tournament", lambda *a, **k: type("R", (), {"win_ci": apart}))
    assert dg.live_planner_apart() and SHARES_ANSWERS["planner"]() == "sure"
    markdown = [
        c for c in _md_cells(NOTEBOOKS / ("de/" if lang == "de" else "")) if "tournament-sure" in c
    ]
    assert markdown and not any(("are few" in c or "sind wenige" in c) for c in markdown)


def _md_cells(folder):
    notebook = json.loads((folder / SHARES.notebook).read_text())
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown"]


def test_the_python_bag_is_not_a_bag_the_lesson_worked_out():
    """Extension G's answer was 16, already on the board and on page 2 from section 4: its bag
    is a new one, whose points no part of the lesson computes before."""
    task = SHARES.question("bag-points")
    assert dg.PYTHON_BAG not in (dg.BAG, dg.EX2_BAG, dg.EXIT_BAG)
    assert task.exact() == dg.bag_points(dg.PYTHON_BAG)
    assert task.exact() not in {dg.bag_points(b) for b in (dg.BAG, dg.EX2_BAG, dg.EXIT_BAG)}
    words = {"en": "{} silver coins, {} gold coins and {} red tokens",
             "de": "{} Silbermünzen, {} Goldmünzen und {} roten Schatzsteinen"}  # fmt: skip
    silver, gold, red = dg.PYTHON_BAG[:3]
    for lang, pattern in words.items():
        assert pattern.format(silver, gold, red) in task.prompt[lang]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_teacher_edition_of_06_says_what_the_lesson_shows(lang):
    """The teacher edition counts the table's rows as the table has them, lists the German
    mistakes with a decimal comma, and says aloud the gem rule that exit ticket 2 asks."""
    folder = NOTEBOOKS / ("de/teacher" if lang == "de" else "teacher")
    edition = json.dumps(json.loads((folder / SHARES.notebook).read_text()), ensure_ascii=False)
    rows = len(dg.splits_two(gold=1, silver=3).text.splitlines()) - 2  # less the head and sum
    number = {3: {"en": "three", "de": "drei"}}[rows][lang]
    assert {"en": f"all {number} rows", "de": f"alle {number} Zeilen"}[lang] in edition
    assert "five rows" not in edition and "fünf Zeilen" not in edition
    if lang == "de":
        assert "- 1,8: 1,8" in edition and "- 1,4: 1,4" in edition
        assert not re.search(r"- \d+\.\d+:", edition)
    gem_rule = {
        "en": "A gem has no points of its own: one more is worth the bonus to a player it brings up",
        "de": "Ein Edelstein hat selbst keine Punkte: Ein weiterer ist den Bonus wert, wenn er",
    }[lang]
    assert gem_rule in edition
    assert "depends on how each player counts" not in edition  # the third rule said before


# ---------------------------------------------------------------------------------------------
# what fresh teachers found in lessons 05 and 06
# ---------------------------------------------------------------------------------------------
def _plain_html(html):
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def _teacher_text(plan, lang):
    """Every word of a lesson's committed teacher edition."""
    folder = NOTEBOOKS / "teacher" if lang == "en" else NOTEBOOKS / "de" / "teacher"
    nb = json.loads((folder / plan.notebook).read_text(encoding="utf-8"))
    return " ".join(" ".join("".join(c["source"]).split()) for c in nb["cells"])


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_t2_mistake_16_names_both_ways_to_reach_it(lang):
    """16 is 3 + 1 + 12 (the black diamond counted as 1) as much as 3 + 7 + 6 (half the bonus):
    the sentence on the pupil's one try asks to check both, and asserts neither."""
    from kaskaria.lessons.mistakes import mistakes

    named = {m.value: m.words[lang] for m in mistakes(RULES.id, "t2")}
    words = named[Fraction(16)]
    assert {"en": "black diamond", "de": "schwarze Diamant"}[lang] in words
    assert {"en": "whole bonus", "de": "ganzen Bonus"}[lang] in words
    assert not words.startswith({"en": "16 gives", "de": "16 gibt"}[lang])


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_rules_lesson_never_calls_a_tie_for_the_bonus_shared(lang):
    """ "12 for purple, shared with Player 4" reads as halved to a child, against the tie rule the
    lesson teaches: the tie's explanations say each gets the whole bonus."""
    for qid in ("shared", "t2"):
        explain = RULES.question(qid).explain[lang]
        assert not re.search(
            {"en": r"\bshar(ed|es) (with|the most)", "de": r"\bgeteilt\b"}[lang], explain
        )
    assert {"en": "the whole 12", "de": "die vollen 12"}[lang] in RULES.question("t2").explain[lang]


def test_the_german_goal_says_who_killed_the_dragon():
    goal = RULES.goals[1]["de"]
    assert "der den Drachen allein besiegt hat" in " ".join(goal.split())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_page_two_of_the_rules_sheet_repeats_the_bonus_exercise_2_needs(lang):
    """Exercise 2 (three players) needs the bonus of 15 points: page 2's own rule box says it,
    so the page stands alone."""
    from kaskaria.lessons.worksheets import part_two

    page = _plain_html(part_two(worksheet(RULES.id, lang)))
    assert {"en": "15 points with 3 players", "de": "15 Punkte zu dritt"}[lang] in page


def test_the_table_everyone_sees_before_the_vote_cannot_show_a_seats_buttons():
    """The table drawn before the vote on the moves shows the table as everyone sees it; asking
    it for Player 1's view (whose 16 buttons answer the vote) is refused."""
    table = dg.table_at(*dg.SETUP, viewer="table")
    table._on_msg(None, {"type": "viewer", "viewer": 0}, None)
    assert table.viewer == "table"
    assert table.view["moves"]["actions"] == []
    free = dg.table_at(*dg.SETUP)  # the reveal's table: the player to move, as before
    assert free.viewer == 0 and len(free.view["moves"]["actions"]) == 16


def test_the_german_shares_sheet_says_what_a_schatzstein_is():
    """Page 1 of the German sheet says that a Schatzstein is anything in the bag, coins included:
    "roter Schatzstein" is also one kind, and the questions call coins Schatzsteine. (The
    definition names every piece from the bag, not "ein roter Schatzstein", so it is not
    circular.)"""
    from kaskaria.lessons.worksheets import part_one

    page = _plain_html(part_one(worksheet(SHARES.id, "de")))
    definition = re.search(r"heißt jedes Teil aus dem Beutel Schatzstein[^.]*\.", page)
    assert definition and "Münze" in definition.group(), page[:400]
    slip = _slip("de")
    assert "versteckt 5 Münzen" in slip  # the slip holds no rule box: it names the coins


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_shares_teacher_edition_speaks_of_the_sapphire_column(lang):
    """In the table of section 5 the sapphire and the gold coin are columns (the rows are the
    players): the teacher edition and the timing table say column."""
    text = _teacher_text(SHARES, lang)
    column, rows = {
        "en": ("sapphire column", r"sapphire rows|gold-coin rows"),
        "de": ("Saphir-Spalte", r"Saphir-Zeilen|Zeilen mit der Goldmünze"),
    }[lang]
    assert column in text
    assert not re.search(rows, text)
    part = next(p for p in SHARES.parts if p.title["en"].startswith("5."))
    assert column in " ".join(part.title[lang].split())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_shares_exit_ticket_t2_is_not_section_5s_answer_again(lang):
    """Section 5's answer (open above the exit ticket) is Player 1, the player one behind; the
    exit ticket's player behind is another one, so the pattern alone does not answer it."""
    behind = min(range(3), key=lambda p: dg.EMERALDS_BEHIND[p][COLOURS.index("green")])
    assert SHARES.question("t2").exact() == f"p{behind + 1}" != "p1"
    worth = [dg.worth_of("blue", p) for p in range(3)]
    assert worth.index(max(worth)) == 0  # section 5: Player 1 gains


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_bag_sums_grid_ends_with_the_expected_value(lang):
    """The step pupils miss (1.8 or 1.4 typed for the hidden tokens' worth) is a row of the
    bag's sums: times the hidden tokens."""
    page = _plain_html(worksheet(SHARES.id, lang))
    row = {
        "en": "× 2 hidden tokens = expected value",
        "de": "× 2 versteckte Schatzsteine = Erwartungswert",
    }[lang]
    assert row in page


@pytest.mark.parametrize("lang", ["en", "de"])
def test_extension_c_does_not_answer_extension_bs_vote(lang):
    """B asks which bot wins the most games; C's question sits just below it, in view: it must
    not say who won fewer games than whom."""
    prompt = " ".join(SHARES.question("planner").prompt[lang].split())
    assert not re.search(
        {"en": r"won fewer|won more", "de": r"weniger Spiele gewonnen|mehr Spiele gewonnen"}[lang],
        prompt,
    )


def test_the_pupils_reveals_name_no_code():
    """The English reveals once printed `three_player_counterexample` and the like with their
    backticks; the German rightly had none: no pupil-facing text names Python functions."""
    for qid in ("three", "cases"):
        assert "`" not in SHARES.question(qid).explain["en"]
    nb = json.loads((NOTEBOOKS / SHARES.notebook).read_text(encoding="utf-8"))
    text = " ".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert "kaskaria.dragons_gold.fairness" not in text


# ---------------------------------------------------------------------------------------------
# what a fresh teacher found in lesson 06 (second reading)
# ---------------------------------------------------------------------------------------------
def _pupil_cells(plan, lang):
    folder = NOTEBOOKS if lang == "en" else NOTEBOOKS / "de"
    return json.loads((folder / plan.notebook).read_text(encoding="utf-8"))["cells"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_lesson_06_exit_ticket_has_screens_put_away_and_the_projector_frozen(lang):
    """Section 5's open answer sits right above the exit ticket and states exit ticket 2's rule,
    and any try in a live box shows the worked answer: the pupils' notebook, right above the
    first box, has devices closed or turned away, and the teacher edition has the projector
    frozen or blanked before page 3 goes out."""
    cells = _pupil_cells(SHARES, lang)
    first = next(i for i, c in enumerate(cells) if "L.exit_ticket(" in "".join(c["source"]))
    above = next(
        " ".join("".join(c["source"]).split())
        for c in reversed(cells[:first])
        if c["cell_type"] == "markdown"
    )
    device = {
        "en": "Close your device or turn it away",
        "de": "Klapp dein Gerät zu oder dreh es weg",
    }
    assert device[lang] in above, above
    teacher = _teacher_text(SHARES, lang)
    projector = {
        "en": (
            "Freeze or blank the projector before page 3 goes out",
            "devices closed or turned away",
        ),
        "de": (
            "Frieren Sie das Beamerbild ein oder schalten Sie es dunkel",
            "Geräte zuklappen oder wegdrehen",
        ),
    }[lang]
    for words in projector:
        assert words in teacher, words


def test_lesson_06_timing_is_what_a_fresh_teacher_walked():
    """Fresh teachers walked the start at 4-5 minutes (two ideas of "fair" collected on the
    board), "What we found" with the exit ticket at 10-11 and the core path at about 44, because
    the votes of sections 2 and 5 need two or three minutes of talk each, which the table had cut
    to one reason and none. The table gives those votes their talk, keeps its 5 minutes of slack
    and fits 40 by taking exercise 1 off the core path (for pupils who finish early) and section
    3's vote to a show of hands; the notebook, the table and both timing notes say so, plainly,
    without arguing with an earlier figure. A later reader walked sections 3 and 5 at 5-5.5
    minutes each (the table gave 4) and the exit part, after its words were cut, at about 8
    (the table gave 10): the table now gives each part what it walks. The next reader walked the
    core path at about 41.5 minutes with two reasons per vote: sections 2 and 5 now ask one pupil
    for a reason (about a minute), and the table gives them the 4 minutes that walks in."""

    def part(start: str):
        (found,) = [p for p in SHARES.parts if p.title["en"].startswith(start)]
        return found

    assert part("Start").minutes >= 4 and part("What we found").minutes >= 8
    assert part("2.").minutes >= 4 and part("3.").minutes >= 5 and part("5.").minutes >= 4
    one_reason = {"en": "one reason", "de": "eine Begründung"}
    for lang in ("en", "de"):
        assert one_reason[lang] in part("2.").title[lang]
        assert one_reason[lang] in part("5.").title[lang]
    assert part("Slack").minutes == 5
    assert SHARES.core_minutes() <= 40
    early = {
        "en": "exercise 1 is for pupils who finish early",
        "de": "Aufgabe 1 ist für Kinder, die früher fertig sind",
    }
    heading = {
        "en": "Exercise 1 (if you finish early)",
        "de": "Aufgabe 1 (wenn du früher fertig bist)",
    }
    for lang in ("en", "de"):
        assert early[lang] in part("1.").title[lang]
        note = next(n[lang] for n in SHARES.teacher_notes if "lessons.walk" in n[lang])
        assert early[lang] in " ".join(note.split())
        # short and plain: no figures argued against ("not 3 and 9") or minutes "saved"
        assert "not 3 and 9" not in note and "nicht 3 und 9" not in note
        assert len(note.split()) < 230, len(note.split())
        assert heading[lang] in json.dumps(_pupil_cells(SHARES, lang), ensure_ascii=False)
        teacher = _teacher_text(SHARES, lang)
        assert "minute saved" not in teacher and "Minute gespart" not in teacher
        # "(extension)" is said once in the timing table: its parts are named by letter only
        assert not [p for p in SHARES.parts if not p.core and "Extension" in p.title["en"]]
        assert not [p for p in SHARES.parts if not p.core and "Erweiterung" in p.title["de"]]


def test_lesson_06_german_defines_its_token_word_without_itself():
    """The German sheet defined „Schatzstein“ as anything in the bag, „ein roter Schatzstein“
    among them: the word is defined as every piece from the bag, and the red ones apart."""
    rules = SHARES.sheet_rules["de"]
    first = rules.splitlines()[0]
    assert first.startswith("Im Spiel heißt jedes Teil aus dem Beutel Schatzstein")
    assert "roter Schatzstein oder" not in first
    assert "Münzen zählen auch als Schatzsteine" not in json.dumps(
        _pupil_cells(SHARES, "de"), ensure_ascii=False
    )


@pytest.mark.parametrize(
    "stiff",
    [
        "teilender Bots",
        "kleiner als ein gleicher ist",
        "in 0 davon",
        "so gleich wie möglich",
        "Menü",
    ],
)
def test_lesson_06_german_has_none_of_the_stiff_wordings_a_reader_found(stiff):
    """Wordings a native reader found stiff or wrong in lesson 06 (and a menu path that does not
    exist in an English JupyterLab) appear nowhere in its German notebook, teacher edition or
    answer key."""
    pupil = json.dumps(_pupil_cells(SHARES, "de"), ensure_ascii=False)
    assert stiff not in pupil
    assert stiff not in _teacher_text(SHARES, "de")
    assert stiff not in answer_key(SHARES, "de")


def test_the_counted_cases_say_none_not_0():
    """Extension D read „neidisch war er in 0 davon“: a count of none reads as a word."""
    assert "in keinem davon" in dg.two_player_cases(lang="de").text
    assert "in none of them" in dg.two_player_cases().text
    assert " 0 " not in dg.two_player_cases(lang="de").text


@pytest.mark.parametrize("lang", ["en", "de"])
def test_lesson_06_exercise_1_names_the_whole_treasure_and_the_example(lang):
    """A reader typed 9 (the whole treasure) and 3 (what Ben keeps in the worked example) into
    exercise 1 and got only the hint: both likely slips are named."""
    ex1 = lessons.Lesson("dragons-gold-shares", lang).exercise("ex1")
    for typed, said in (
        ("9", {"en": "whole treasure", "de": "ganze Schatz"}),
        ("3", {"en": "example above", "de": "Beispiel oben"}),
    ):
        verdict = ex1.mark(typed)
        assert verdict.kind == "mistake" and said[lang] in verdict.message, verdict
    assert ex1.mark("4").right


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("typed", ["3", "three", "drei", "Player 3", "P3", "Spieler drei"])
def test_lesson_06_exit_ticket_2_reads_a_bare_player_number(typed, lang):
    """ "P3" and "Spieler drei" were read as Player 3 while a bare "3" or "drei" was not: a bare
    number names its player."""
    t2 = lessons.Lesson("dragons-gold-shares", lang).exit_ticket("t2")
    assert t2.mark(typed).kind == "right", typed
    assert t2.mark("2").kind == "wrong" and t2.mark("eins").kind == "wrong"


# ---------------------------------------------------------------------------------------------
# what a third fresh teacher found in lesson 06
# ---------------------------------------------------------------------------------------------
def test_lesson_06_german_reads_as_a_teacher_writes_it():
    """A reader found "9 Punkte ist der ganze Schatz", a small letter after a colon that a full
    sentence follows ("ihr eigener Anteil", "Schneller: ein"), a bracket in the middle of the
    section 3 question, "Er geht auf die Drachen" and the menu item "Alle Zellen ausführen"."""
    ex1 = lessons.Lesson("dragons-gold-shares", "de").exercise("ex1")
    assert "9 Punkte sind der ganze Schatz" in ex1.mark("9").message
    assert ": Ihr eigener Anteil" in dg.three_players(lang="de").text
    assert "Schneller: Ein Schatzstein" in dg.hidden_chart(lang="de").text
    hidden = " ".join(SHARES.question("hidden").prompt["de"].split())
    assert hidden.startswith("Im Beutel sind") and "(jedes Teil" not in hidden
    teacher = _teacher_text(SHARES, "de")
    pupil = json.dumps(_pupil_cells(SHARES, "de"), ensure_ascii=False)
    for said in (teacher, pupil, answer_key(SHARES, "de")):
        assert "Alle Zellen ausführen" not in said
        assert "Er geht auf die Drachen" not in " ".join(said.split())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_lesson_06_extension_e_says_what_its_whole_dragon_adds_up(lang):
    """Extension E showed dragon 2 "known 2 ... hidden 16.83 ... whole dragon 48.83" with
    nothing to say that the whole dragon counts the open gems with their bonus: a pupil who adds
    2 and 16.83 is confused. The notebook says so, and the teacher's note adds up dragon 2."""
    worth = dg.dragon_worth(lang).text
    assert ("whole dragon 90549931/1854417 = 48.83" if lang == "en" else "48,83") in worth
    pupil = " ".join(" ".join("".join(c["source"]).split()) for c in _pupil_cells(SHARES, lang))
    said = {
        "en": "counts the open gems with the bonus too",
        "de": "zählt die offenen Edelsteine mit dem Bonus",
    }[lang]
    assert said in pupil
    note = " ".join(_teacher_text(SHARES, lang).split())
    sums = {
        "en": "dragon 2's 48.83 is its known 2 points, 15 for each of its two open gem colours",
        "de": "Die 48,83 von Drache 2 sind seine bekannten 2 Punkte, 15 für jede seiner zwei",
    }[lang]
    assert sums in note
    # and the sum the note makes is the table's: known + 15 per open gem colour + hidden = whole
    line = next(x for x in dg.dragon_worth().text.splitlines() if x.startswith("dragon 2 "))
    known = int(re.search(r"known (\d+);", line)[1])
    hidden = Fraction(re.search(r"(\d+/\d+) = [\d.]+ \(with majorities\)", line)[1])
    whole = Fraction(re.search(r"whole dragon (\d+/\d+)", line)[1])
    open_treasure = dg.state_after(dg.SETUP).observation(0)["dragons"][1]["treasure"]
    gems = [c for c, n in open_treasure.items() if n and c not in ("silver", "gold", "red")]
    assert len(gems) == 2 and whole == known + 15 * len(gems) + hidden, (line, gems)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_lesson_06_answer_key_fills_in_the_bag_s_sums(lang):
    """The answer key had no filled-in table of the bag's sums on page 2: it was only in the
    teacher edition. The key gives every row, and its figures are the lesson's own."""
    key = _plain_html(answer_key(SHARES, lang))
    bag = {"silver": 6, "gold": 3, "red": 1}  # section 3's bag, as the grid's caption says it
    points = bag["silver"] + 3 * bag["gold"] + bag["red"]
    one = Fraction(points, sum(bag.values()))
    assert 2 * one == dg.hidden_expected()
    shown = {
        "en": f"the whole bag 10 tokens, {points} points; one token on average {points} ÷ 10 = 1.6",
        "de": f"der ganze Beutel 10 Schatzsteine, {points} Punkte; ein Schatzstein im Durchschnitt",
    }[lang]
    assert shown in key
    assert ("= 3.2 points" if lang == "en" else "= 3,2 Punkte") in key


@pytest.mark.parametrize("lang", ["en", "de"])
def test_lesson_06_says_how_its_averages_are_marked_not_chances(lang):
    """Lesson 06 asks for averages and no chance, yet its teacher edition told how chances are
    rounded (15/46, 4/25). It tells how an average is marked, and the examples it gives are
    marked so."""
    from kaskaria.i18n import text
    from kaskaria.marking.answers import check_number

    teacher = _teacher_text(SHARES, lang).replace("\\*", "*")  # Markdown's escaped "*"
    for chance in ("15/46", "4/25", "8.3%", "8,3 %"):
        assert chance not in teacher, chance
    for key in ("forms_amount", "exact_amount", "rounded_amount", "named_amount"):
        assert " ".join(text("marking", f"teacher.marking.{key}", lang).split()) in teacher, key
    for typed, exact, kind in (
        ("3 * 1.8", Fraction(27, 5), "right"),
        ("5.40", Fraction(27, 5), "right"),
        ("five point four", Fraction(27, 5), "right"),
        ("4.7", Fraction(14, 3), "right"),
        ("4.67", Fraction(14, 3), "right"),
        ("4.6", Fraction(14, 3), "nearly"),
        ("4.66", Fraction(14, 3), "nearly"),
        ("5", Fraction(27, 5), "nearly"),
    ):
        assert check_number(typed, exact, "", lang).kind == kind, typed


@pytest.mark.parametrize(
    "typed, lang, right",
    [
        ("not everyone", "en", True),
        ("Not everyone!", "en", True),
        ("nicht alle", "de", True),
        ("nicht jeder", "de", True),
        ("yes", "en", False),
        ("ja", "de", False),
    ],
)
def test_exercise_3_of_the_fair_shares_lesson_reads_not_everyone_as_no(typed, lang, right):
    """Exercise 3 asks "does everyone get at least a third?": "not everyone" says no."""
    box = lessons.Lesson("dragons-gold-shares", lang=lang).exercise("ex3")
    assert box.mark(typed).right is right
