"""What a child reads and is answered at a table: what a take-back leaves in "What just happened",
the robbed player's choice, the winner's line in German, refused clicks with their reason, and
the words of a split (what each share is worth to each player)."""

from __future__ import annotations

import re

import pytest
from dg_support import load, nobody_sure, play

from kaskaria.present import presenter_for
from kaskaria.widgets import DragonBattleTable, DragonsGoldTable, GameTable, HeroesTable

SUMMARY_EMPTY = {"en": "Nothing yet", "de": "Noch nichts"}
TAKEN_BACK = {"en": "Taken back:", "de": "Zurückgenommen:"}


def _first_move(table: GameTable) -> None:
    """Play (first moves, bots and chance) until the person has made a decision they may take
    back."""
    for _ in range(200):
        view = table.view
        if view["moves"]["undo"]["enabled"]:
            return
        moves = view["moves"]["actions"]
        if moves:
            send = {"type": "action", "action": moves[-1]["action"]}
        else:
            send = {"type": "next"}
        table.session.handle({**send, "version": view["version"]})
    raise AssertionError("no decision the person may take back came")


TABLES = {
    "dragon-battle": lambda lang: DragonBattleTable(
        players=3, seats=("human", "hard", "easy"), seed=3, lang=lang, autoplay=None
    ),
    "heroes": lambda lang: HeroesTable(seats=("human", "medium"), seed=3, lang=lang, autoplay=None),
    "dragons-gold": lambda lang: DragonsGoldTable(
        players=3, seats=("human", "easy", "hard"), seed=3, lang=lang, autoplay=None
    ),
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", list(TABLES))
def test_after_a_take_back_what_just_happened_says_what_was_taken_back(name, lang):
    table = TABLES[name](lang)
    _first_move(table)
    assert table.view["moves"]["undo"]["enabled"]
    table.session.handle({"type": "undo", "version": table.view["version"]})
    lines = [line["text"] for line in table.view["summary"]["lines"]]
    assert len(lines) == 1, lines
    assert lines[0].startswith(TAKEN_BACK[lang]), lines
    assert SUMMARY_EMPTY[lang] not in lines[0]
    # the move taken back is quoted as the sentence it was, with its capital
    # ("Zurückgenommen: „Du schickst …“", not „du …“, a child tester)
    quoted = lines[0].split("“" if lang == "en" else "„", 1)[1]
    assert quoted[:1].isupper(), lines


def test_a_new_game_still_says_nothing_has_happened_yet():
    table = TABLES["heroes"]("en")
    assert table.view["summary"]["lines"] == []
    assert table.view["frame"]["text"]["summary_empty"].startswith(SUMMARY_EMPTY["en"])


# -- the thief ---------------------------------------------------------------------------------
THIEF, SMALL_KNIGHT = "thief", "small-knight"


def _robbed(items: list[str]):
    """Seat 1's thief robs seat 0 (who holds ``items``) after a failed split."""
    game = load(3)
    state = game.setup(
        dragons=[
            {"card": 0, "treasure": "2 silver, gold", "attackers": [(0, SMALL_KNIGHT), (1, THIEF)]}
        ],
        to_move=1,
        bag="10 gold",
        items={0: items},
        screens=["gold, silver", "-", "-"],
        sure=nobody_sure(game),
    )
    state = state.apply("send big-knight to dragon 1")
    while state.phase == "token":
        state = state.apply(state.legal_actions()[0])
    state = play(state, ["no deal", "steal from 1"])
    assert state.phase == "ward" and state.current_player() == 0
    return game, state


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_robbed_player_without_a_ward_is_not_offered_a_choice(lang):
    game, state = _robbed(["recall"])  # an item, but no ward: only "pass" is legal
    presenter = presenter_for(game)
    buttons = presenter.buttons(state, lang)
    assert [b["kind"] for b in buttons] == ["pass"]
    prompt = presenter.prompt(state, lang, "P", False)
    help_ = presenter.choice_help(state, lang)
    for text in (prompt, buttons[0]["label"], help_):
        # no choice is offered that is not there
        assert "choose" not in text and "bestimme" not in text, text
        assert text not in ("Pass", "Verzichten"), text
    assert ("at random" if lang == "en" else "zufällig") in help_
    assert ("at random" if lang == "en" else "zufällig") in buttons[0]["label"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_robbed_player_with_a_ward_chooses_the_token(lang):
    game, state = _robbed(["ward"])
    presenter = presenter_for(game)
    kinds = [b["kind"] for b in presenter.buttons(state, lang)]
    assert kinds.count("ward") == 2 and "pass" in kinds
    assert presenter.choice_help(state, lang) == presenter.t("help.ward", lang)


def test_the_prompt_of_a_robbery_is_the_same_whether_or_not_the_player_holds_a_ward():
    # the prompt is read by every screen: it never tells whether the robbed player holds a ward
    for lang in ("en", "de"):
        texts = {
            presenter_for(g).prompt(s, lang, "P", False)
            for g, s in (_robbed(["recall"]), _robbed(["ward"]))
        }
        assert len(texts) == 1, texts


# -- German ------------------------------------------------------------------------------------
def test_heroes_says_gewinnt_mit_gold():
    table = HeroesTable(seats=("easy", "easy"), seed=5, lang="de", autoplay=None)
    table.session.run_bots()
    assert table.view["turn"]["to_move"] == "over"
    text = table.view["message"]["text"]
    assert text.endswith(table.view["result"]["headline"]), text
    # an amount of gold is "Gold" on every German screen, as on the gold cards
    assert re.search(r"gewinn(t|en gemeinsam) mit \d+ Gold\.", text), text
    assert "Goldstück" not in text


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", ["dragon-battle", "heroes", "dragons-gold"])
def test_the_end_is_not_said_a_third_time_in_what_just_happened(name, lang):
    # quick bots: the words at the end are the point here (a search bot's whole games at a
    # table: tests/test_session.py, tests/test_table_hints.py)
    seats = {
        "dragon-battle": ("easy", "hard"),
        "heroes": ("easy", "medium"),
        "dragons-gold": ("easy", "medium", "medium"),
    }[name]
    table = TABLES[name](lang).__class__(
        players=len(seats), seats=seats, seed=4, lang=lang, autoplay=None
    )
    table.session.run_bots()
    view = table.view
    assert view["turn"]["to_move"] == "over"
    headline = view["result"]["headline"]
    winner = view["players"][view["result"]["ranking"][0]["seat"]]["name"]
    # the headline names the seat without who plays it ("Player 2 wins ...", the ranking says
    # "Player 2 (hard bot)")
    plain = winner.split(" (")[0]
    assert winner != plain and f"{plain} " in headline and winner not in headline, headline
    for text in (line["text"] for line in view["summary"]["lines"]):
        assert (
            headline not in text and f"{plain} {'wins' if lang == 'en' else 'gewinnt'}" not in text
        ), text


# -- the odds a child reads --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("lang", "plain"),
    [
        ("en", "Roll again: it works {ok} times in {n}."),
        ("de", "Noch einmal würfeln: es klappt {ok}-mal von {n}."),
    ],
)
def test_the_odds_box_says_how_often_a_roll_works_with_the_exact_figures_beside(lang, plain):
    from fractions import Fraction

    from kaskaria.i18n import text

    table = DragonBattleTable(
        players=4,
        seats=("human", "hard", "easy", "medium"),
        seed=1,
        lang=lang,
        autoplay=None,
        actions=[
            "draw maid",
            "draw king",
            "draw knight",
            "draw page",
            "roll",
            "roll black blue red red",
            "place red",
        ],
    )
    meter = table.view["board"]["meter"]
    assert meter is not None
    fail = Fraction(meter["next_roll_fail"]["exact"])
    assert 0 < fail < 1
    assert meter["plain"] == plain.format(ok=fail.denominator - fail.numerator, n=fail.denominator)
    assert meter["advice"] in {
        text("dragon-battle", f"meter.advice_{k}", lang) for k in ("roll", "stop")
    }
    assert len(meter["plain"].split()) <= 15 and len(meter["advice"].split()) <= 15


def test_german_dice_letters_are_german():
    actions = [
        "draw maid",
        "draw king",
        "draw knight",
        "draw page",
        "roll",
        "roll black blue red red",
    ]
    de = DragonBattleTable(
        players=4,
        seats=("human", "hard", "easy", "medium"),
        seed=1,
        lang="de",
        autoplay=None,
        actions=actions,
    )
    assert de.view["board"]["letters"] == {
        "black": "Sw",
        "yellow": "G",
        "red": "R",
        "blue": "B",
        "purple": "L",
        "silver": "Si",
    }
    en = de.session.view(lang="en")
    assert en["board"]["letters"]["black"] == "K" and en["board"]["letters"]["yellow"] == "Y"
    # a bot's roll is told with the German letters
    from kaskaria.i18n import text

    words = text(
        "dragon-battle",
        "say.rolls",
        "de",
        who="X",
        dice="4 Würfel",
        letters="{letters}",
        faces="{faces}",
    )
    # the line names the colours in words, never by letter codes ("S B R Si")
    assert "{faces}" in words and "{letters}" not in words
    de.act("place red")
    de.session.handle({"type": "next", "version": de.view["version"]})
    for _ in range(6):
        de.session.handle({"type": "next", "version": de.view["version"]})
    said = " ".join(line["text"] for line in de.view["summary"]["lines"])
    for english in (" Y ", " K ", " P "):
        assert english not in f" {said} ", said
