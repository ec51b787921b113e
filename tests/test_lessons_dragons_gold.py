"""The Dragon's Gold lessons: every answer is the engine's, every position is what its text says,
the fair-division claims hold, the helpers speak German, and the notebooks' tables are never changed
by a later cell."""

from __future__ import annotations

import itertools
import json
import re
from fractions import Fraction
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
from kaskaria.lessons import dragons_gold as dg
from kaskaria.lessons.content import LESSONS
from kaskaria.lessons.worksheets import answer_key, worksheet

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
DG_NOTEBOOKS = [
    NOTEBOOKS / name
    for name in ("05-dragons-gold-rules.ipynb", "06-dragons-gold-fair-shares.ipynb")
] + [
    NOTEBOOKS / "de" / name
    for name in ("05-dragons-gold-rules.ipynb", "06-dragons-gold-fair-shares.ipynb")
]
RULES = LESSONS["dragons-gold-rules"]
SHARES = LESSONS["dragons-gold-shares"]


# ---------------------------------------------------------------------------------------------
# the answers
# ---------------------------------------------------------------------------------------------
def test_the_rules_lessons_answers():
    answers = {q.id: q.exact() for q in (*RULES.predictions, *RULES.exercises)}
    assert answers == {
        "moves": "16",
        "falls": "yes",
        "no-deal": "out",
        "wizard": "wizard",
        "shared": "both-full",
        "ex1": "knights",
        "ex2": Fraction(5),
        "ex3": Fraction(26),
    }


def test_the_fair_shares_lessons_answers():
    answers = {q.id: q.exact() for q in (*SHARES.predictions, *SHARES.exercises)}
    assert answers == {
        "chooser": "never",
        "uneven": "splitter",
        "three": "yes",
        "hidden": "more",
        "worth": "different",
        "tournament": "greedy",
        "ex1": Fraction(3),
        "ex2": Fraction(16, 5),
        "ex3": Fraction(15),
        "ex4": "no",
    }
    assert [q.id for q in SHARES.exercises if q.extension] == ["ex4"]


def test_the_exercise_answers_by_hand():
    # exercise 3 of the rules lesson: 4 silver + 2 gold + 1 red + the blue majority of 3 players
    assert 4 * 1 + 2 * 3 + 1 + 15 == 26
    # exercise 1 of the fair-shares lesson: 1 gold and 4 silver; the best smaller pile is 3
    treasure = dg._treasure(gold=1, silver=4)
    points = additive(dg.POINTS)
    assert max(min(points(a), points(b)) for a, b in piles(treasure, 2)) == 3
    # exercise 2: 16 points in 10 tokens, two of them
    assert Fraction(6 * 1 + 3 * 3 + 1 * 1, 10) * 2 == Fraction(16, 5)


def test_checks_accept_every_usual_form_kindly():
    de = lessons.Lesson("dragons-gold-shares", "de")
    box = de.exercise("ex2")
    for typed in ("3,2", "16/5", "3.2", " 3,20 "):
        assert box.check(typed).right, typed
    assert box.check("drei").kind == "unreadable" and "Traceback" not in box.state["message"]
    assert not box.check("3").right
    assert "16/5" not in json.dumps(box.spec)  # the answer never reaches the browser
    rules = lessons.Lesson("dragons-gold-rules")
    assert rules.exercise("ex1").check("Both knights").right
    assert rules.exercise("ex1").check("beide Ritter").right
    assert rules.exercise("ex1").check("the thief").kind == "unreadable"


# ---------------------------------------------------------------------------------------------
# the positions are what the notebooks say
# ---------------------------------------------------------------------------------------------
def test_the_set_up_is_what_the_text_says():
    obs = dg.state_after(dg.SETUP).observation("table")
    cards = [(d["card"] + 1, d["strength"]) for d in obs["dragons"]]  # cards count from 1 in texts
    assert cards == [(1, 6), (8, 8), (17, 10), (6, 7)]
    assert obs["dragons"][0]["treasure"] == {"silver": 1, "gold": 1, "red": 1}
    assert obs["turn"] == 0 and obs["phase"] == "turn"
    assert dg.table_at(*dg.SETUP).view["status"].startswith("Player 1: send an adventurer | ")


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
    alone = dg.state_after((*dg.SETUP, *dg.ALONE))
    assert sum(alone.screens[0]) == 8 and alone.current_player() == 1
    assert alone.observation("table")["dragons"][3]["card"] == 1  # card 02 (index 1)
    picking = dg.state_after((*dg.SETUP, *dg.THIEF_WIZARD))
    assert (picking.phase, picking.current_player()) == ("pick", 0)
    assert sorted(str(a) for a in picking.legal_actions()) == ["pass", "pick gold", "pick silver"]


def test_the_stories_say_what_everyone_sees():
    kill = repr(dg.story((*dg.SETUP, *dg.ATTACK), dg.KILL + dg.HIDDEN + dg.WIZARD_ITEMS))
    assert kill == (
        "Player 3 sends the small knight to dragon 1; dragon 1 is killed; red (magic) token and "
        "sapphire (blue) are drawn onto dragon 1; Player 1's wizard takes the 2 red tokens; "
        "Player 1 draws a magic item; Player 1 draws a magic item."
    )
    assert "swap" not in kill.lower() and "recall" not in kill.lower()  # the items stay hidden
    alone = repr(dg.story(dg.SETUP, dg.ALONE))
    assert "Player 1 killed it alone and takes the whole treasure (8 tokens)" in alone
    theft = repr(
        dg.story(
            (*dg.SETUP, *dg.ATTACK, *dg.KILL, *dg.HIDDEN, *dg.WIZARD_ITEMS), dg.SHARE + dg.THEFT
        )
    )
    assert "The thief takes a token" in theft and "sapphire" not in theft.split("robs")[1]
    no_deal = repr(dg.story((*dg.SETUP, *dg.NEGOTIATE), dg.NO_DEAL, "de"))
    assert no_deal.endswith(
        "Spieler 1 sagt: keine Einigung; der Schatz (5 Schatzsteine) kommt aus dem Spiel."
    )


def test_the_tables_show_the_viewer_to_move():
    table = dg.table_at(*dg.SETUP)
    assert table.viewer == 0 and len(table.view["moves"]["actions"]) == 16
    proposal = dg.table_at(*dg.SETUP, *dg.NEGOTIATE)
    assert proposal.viewer == 1 and {b["kind"] for b in proposal.view["moves"]["actions"]} == {"give", "no"}
    html = proposal._repr_mimebundle_()[0]["text/html"]
    assert "Proposal of Player 2" in html
    assert "Player 1: big knight (4), Player 2: small knight (3)" in html
    market = dg.market_table()
    assert market.state.phase == "market" and market.viewer == market.state.current_player()
    assert "pass" in [a["action"] for a in market.view["moves"]["actions"]]
    assert not market.hourglass  # a lesson's table starts with the hourglass off
    assert market.view["board"]["words"]["market_offer"]["give"] == "nothing"
    own = dg.table_at(*dg.SETUP, *dg.ATTACK, *dg.KILL, *dg.HIDDEN, *dg.WIZARD_ITEMS, viewer=0)
    assert own.view["moves"]["actions"] == [] and own.view["board"]["words"]["my_screen"] == "2 × red"


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


#: the position of the notebook's one-screen table: right after the theft of section 8
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
    assert "The thief takes sapphire" not in synced()
    table.act("send big-knight to dragon 1")
    assert table.passing and table.state.current_player() == 1
    assert "Swap of dragons" not in synced() and "The thief takes sapphire" not in synced()
    table.pass_device()
    # Player 2 robbed: it knows the token
    assert "The thief takes sapphire (blue)." in synced() and "Swap of dragons" not in synced()
    table.act("send small-knight to dragon 1")
    assert table.state.phase == "build" and table.viewer == 1 and not table.passing
    assert "dragon 1 is killed" in table.message
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
    assert text[0] == "done: 24 games" and text[-3].startswith("fair bot")
    assert "Spiele fertig" in repr(dg.tournament("de"))


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


def test_the_option_texts_are_the_rules_tables_own():
    from kaskaria.dragons_gold.rules import OPTION_TABLE
    from kaskaria.i18n import text

    for name, option in OPTION_TABLE.items():
        assert text("lessons-dragons-gold", f"option.{name}", "en") == option.meaning
        assert text("lessons-dragons-gold", f"option.{name}", "de") != option.meaning


@pytest.mark.parametrize("plan", [RULES, SHARES], ids=["rules", "shares"])
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
def test_the_notebooks_ask_every_question_of_their_plan(path):
    plan = RULES if "rules" in path.name else SHARES
    source = "\n".join(_code_cells(path))
    for q in plan.predictions:
        assert f'L.predict("{q.id}")' in source and f'L.reveal("{q.id}")' in source
    for q in plan.exercises:
        assert f'L.exercise("{q.id}")' in source
    assert len(plan.exercises) >= 3


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
