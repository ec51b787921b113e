"""The seat a screen belongs to is "You" ("Du") on that screen: in its log, in the line a screen
reader reads under the table and, at the end, in who won; a device people share keeps every
seat's name. Dragon's Gold's market and send buttons say what they do."""

from __future__ import annotations

import random
import re

import pytest

from kaskaria.i18n import text
from kaskaria.lessons import dragons_gold as dg
from kaskaria.widgets import DragonBattleTable, DragonsGoldTable, GameTable, HeroesTable

#: (table class, bots, a seed where seat 0 wins, a seed where another seat wins, the score's
#: unit after "with" in each language)
GAMES = {
    "dragon-battle": (
        DragonBattleTable,
        ("cautious", "random", "random"),
        1,
        3,
        "stars",
        "Sternen",
    ),
    "heroes": (HeroesTable, ("greedy", "random", "random"), 1, None, "gold", "Gold"),
    "dragons-gold": (DragonsGoldTable, ("fair", "random", "random"), 1, None, "points", "Punkten"),
}


def whole_log(table: GameTable) -> list[dict]:
    """Every entry of the screen's log (it asks for more until there is no more)."""
    for _ in range(100):
        if not table.view["log"]["more"]:
            return table.view["log"]["entries"]
        table.session.handle({"type": "log", "more": True, "version": table.view["version"]})
    raise AssertionError("the log never ended")


@pytest.mark.parametrize("name", list(GAMES))
def test_the_end_is_one_short_sentence_you_on_the_winners_screen(name):
    cls, bots, you_win, _, unit_en, unit_de = GAMES[name]
    table = cls(players=3, seats=bots, seed=you_win, viewer=0)
    table.run_bots()
    assert tuple(table.state.winners()) == (0,)
    score = table.state.scores()[0]
    assert table.view["status"] == f"You win with {score} {unit_en}."
    table.viewer = "table"  # the table's own view (a projector): nobody is "you"
    assert table.view["status"] == f"Player 1 wins with {score} {unit_en}."
    table.viewer = 1
    assert table.view["status"] == f"Player 1 wins with {score} {unit_en}."
    table.lang = "de"
    assert table.view["status"] == f"Spieler 1 gewinnt mit {score} {unit_de}."
    table.viewer = 0
    assert table.view["status"] == f"Du gewinnst mit {score} {unit_de}."
    # the table's repr (a notebook's line) keeps the whole status: the position's sentences
    # after who won
    assert repr(table).count(". ") > 3, repr(table)


def test_another_winner_keeps_the_name_on_the_seats_screen():
    table = DragonBattleTable(players=3, seats=GAMES["dragon-battle"][1], seed=3, viewer=0)
    table.run_bots()
    (winner,) = table.state.winners()
    assert winner != 0
    stars = table.state.scores()[winner]
    assert table.view["status"] == f"Player {winner + 1} wins with {stars} stars."


@pytest.mark.parametrize(
    "lang, own, other",
    [
        (
            "en",
            r"^You (stop|put .*) and rescue the ",
            r"^Player \d (stops|puts .*) and rescues the ",
        ),
        (
            "de",
            r"^Du (hörst auf|legst .*) und befreist ",
            r"^Spieler \d (hört auf|legt .*) und befreit ",
        ),
    ],
)
def test_the_log_tells_the_seats_own_moves_as_you(lang, own, other):
    table = DragonBattleTable(
        players=3, seats=GAMES["dragon-battle"][1], seed=1, viewer=0, lang=lang
    )
    table.run_bots()
    entries = [e for e in whole_log(table) if not e["chance"]]
    mine = [e["text"] for e in entries if e["who"] == ""]
    theirs = [e for e in entries if e["who"]]
    assert mine and theirs
    assert all(re.match(r"^(You|Du) ", text) for text in mine), mine
    assert any(re.match(own, text) for text in mine), mine
    assert any(re.match(other, e["text"]) for e in theirs), theirs
    seat = {"en": "Player 1", "de": "Spieler 1"}[lang]
    assert not any(e["who"].startswith(seat) for e in entries)
    # the table's view of the same game names every seat
    table.viewer = "table"
    assert any(e["who"].startswith(seat) for e in whole_log(table))


@pytest.mark.parametrize("lang, seat", [("en", "Player"), ("de", "Spieler")])
def test_a_device_people_share_keeps_every_seats_name(lang, seat):
    # two people at one device: the view follows the person to move, so a log line or the line
    # under the table saying "You" would change its subject with each pass: names stay
    table = DragonBattleTable(seats=("human", "human"), seed=3, lang=lang, autoplay=None)
    rng = random.Random(3)
    heads = set()
    while table.state.phase != "over":
        moves = table.view["moves"]["actions"]
        if moves:
            status = table.view["status"]
            assert status.startswith(f"{seat} "), status
            heads.add(re.match(rf"{seat} \d", status).group())
            table.session.handle(
                {
                    "type": "action",
                    "action": rng.choice(moves)["action"],
                    "version": table.view["version"],
                }
            )
        else:
            table.next()
    assert heads == {f"{seat} 1", f"{seat} 2"}
    entries = [e for e in whole_log(table) if not e["chance"]]
    assert entries and all(e["who"].startswith(seat) for e in entries)
    (winner,) = table.state.winners()
    assert table.view["status"].startswith(f"{seat} {winner + 1} ")
    assert not re.search(r"\b(You|Du)\b", table.view["status"])


@pytest.mark.parametrize(
    "lang, words",
    [
        ("en", ("You offer", "You ask for", "Your trade offer", "You have 2 trade offers left.")),
        (
            "de",
            (
                "Du bietest an",
                "Du möchtest",
                "Dein Tauschangebot",
                "Du hast noch 2 Tauschangebote.",
            ),
        ),
    ],
)
def test_the_market_says_you_and_its_token_buttons_carry_no_number(lang, words):
    table = dg.market_table(lang=lang)
    maker = table.state.current_player()
    assert table.viewer == maker
    w = table.view["board"]["words"]
    assert (w["move_give"], w["move_get"]) == words[:2]
    assert (w["market_offer"]["title"], w["market_offer"]["left"]) == words[2:]
    actions = table.view["moves"]["actions"]
    tokens = [a for a in actions if a["kind"] in ("offer", "ask")]
    assert tokens and all(a["key"] is None for a in tokens)
    assert [a["key"] for a in actions if a["kind"] not in ("offer", "ask")][0] == "1"
    # another seat's screen names the maker
    table.viewer = (maker + 1) % 3
    offer = table.view["board"]["words"]["market_offer"]
    if lang == "en":
        assert offer["title"] == f"Trade offer of Player {maker + 1}"
        assert offer["left"] == f"Player {maker + 1} has 2 trade offers left."
    else:
        assert offer["title"] == f"Tauschangebot von Spieler {maker + 1}"
        assert offer["left"] == f"Spieler {maker + 1} hat noch 2 Tauschangebote."
    # the first token picked starts the offer, which counts from then on: the words say so
    # (before, "You have 2 trade offers left." turned into "1 left" before anything was sent)
    table.viewer = maker
    give = next(a for a in table.view["moves"]["actions"] if a["kind"] == "offer")
    table.act(give["action"])
    after = {
        "en": "After this offer you have 1 trade offer left.",
        "de": "Nach diesem Angebot hast du noch 1 Tauschangebot.",
    }
    assert table.view["board"]["words"]["market_offer"]["left"] == after[lang]
    table.viewer = (maker + 1) % 3
    assert table.view["board"]["words"]["market_offer"]["left"] == (
        f"After this offer Player {maker + 1} has 1 trade offer left."
        if lang == "en"
        else f"Nach diesem Angebot hat Spieler {maker + 1} noch 1 Tauschangebot."
    )


@pytest.mark.parametrize(
    "lang, short, name",
    [
        ("en", "Dragon {n}", "Send the big knight (4) to dragon {n}"),
        ("de", "Drache {n}", "großer Ritter (4): zu Drache {n} schicken"),
    ],
)
def test_the_send_buttons_say_dragon_and_the_whole_move(lang, short, name):
    table = DragonsGoldTable(players=3, seats=("human", "fair", "fair"), seed=2, lang=lang)
    table.run_bots()
    sends = [a for a in table.view["moves"]["actions"] if a["kind"] == "send"]
    knight = [a for a in sends if a["adventurer"] == "big-knight"]
    assert len(knight) == 4
    for a in knight:
        assert a["short"] == short.format(n=a["dragon"])
        assert a["name"] == name.format(n=a["dragon"])
    assert all(a["key"] is None for a in sends)


def test_proposals_left_is_said_plainly():
    assert text("dragons-gold", "board.proposals_left", "en", n=3) == "3 proposals left."
    assert text("dragons-gold", "board.proposals_left", "de", n=3) == "Noch 3 Vorschläge."


@pytest.mark.parametrize(
    "lang, mine, other",
    [("en", "Your screen: {n} tokens", "Screen of Player {p}: {n} tokens"),
     ("de", "Dein Sichtschirm: {n} Schatzsteine", "Sichtschirm von Spieler {p}: {n} Schatzsteine")],
)  # fmt: skip
def test_a_dragons_gold_card_counts_your_screen_as_yours(lang, mine, other):
    """A seat's own card (it says "You") counts "Your screen: 5 tokens", as the whole screen
    says you; the others' cards name their players (a tester read "Screen of Player 1" on the
    card that said "You")."""
    table = dg.market_table(lang=lang)
    for viewer in range(3):
        table.viewer = viewer
        said = [p["screen_of"] for p in table.view["board"]["words"]["players"]]
        counts = [info["tokens"] for info in table.view["board"]["observation"]["players"]]
        assert said == [
            (mine if p == viewer else other).format(p=p + 1, n=n) for p, n in enumerate(counts)
        ]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", list(GAMES))
def test_the_line_under_the_table_is_short_sentences_with_you_and_names(name, lang):
    """The line a screen reader reads under the table: short plain sentences, the screen's own
    seat "you" ("du"), the others by their names; no bars, no "×", no middle dots (it read
    "Player 1: ... | tokens 0 · 0 · 0", the screen's own seat by its number)."""
    cls, bots = GAMES[name][:2]
    table = cls(players=3, seats=("human", *bots[1:]), seed=2, viewer=0, lang=lang)
    table.seat_names = ("Mia", "Peter", "Ali")
    status = table.view["status"]
    assert re.search(r"\b(You|Du)\b", status), status
    if name != "dragons-gold":  # every seat's score (Dragon's Gold: the screen's own tokens)
        assert "Peter" in status and "Ali" in status, status
    assert "Mia" not in status and not re.search(r"\b(Player|Spieler)\b", status), status
    assert not any(mark in status for mark in ("|", "×", "·")), status
    for said in re.split(r"(?<=[.!?]) ", status):
        assert said[0].isupper() and said.endswith("."), said


@pytest.mark.parametrize(
    "lang, to_you, to_other",
    [
        ("en", "Offer to you: ", "Offer to Player 1: "),
        ("de", "Angebot an dich: ", "Angebot an Spieler 1: "),
    ],
)
def test_a_trade_offer_in_the_line_under_the_table_is_to_you(lang, to_you, to_other):
    other_seat = {"en": "Player 1", "de": "Spieler 1"}
    table = dg.market_table(lang=lang)
    table.act("offer gold")
    table.act("ask blue")
    table.act("trade with 1")  # the notation counts from 1: the offer goes to seat 0
    table.viewer = 0
    status = table.view["status"]
    assert to_you in status and "×" not in status, status
    table.viewer = 2
    assert to_other in table.view["status"], table.view["status"]
    # the seats by their names (the line names the one the offer goes to)
    table.seat_names = ("Mia", "Peter", "Ali")
    assert to_other.replace(other_seat[lang], "Mia") in table.view["status"]


#: The most words of the line under the table before the end (it read about 120 in Dragon's
#: Gold: every dragon and every player, each time).
STATUS_WORDS = 40


def _words(line: str) -> int:
    return len([w for w in line.split() if any(c.isalnum() for c in w)])


@pytest.mark.parametrize("name", ["dragon-battle", "heroes", "dragons-gold"])
def test_the_line_under_the_table_is_short_and_says_what_the_message_says(name):
    """Whole games with a person in the first seat, on the table's screen and two seats': the
    line under the table says whose turn it is and what the screen can do now in the message's
    own words (it said "You offer a trade or leave the market now." while the message said "You
    have nothing to choose now"), then a few facts, in at most 40 words, in both languages."""
    from kaskaria.core import TABLE, load
    from kaskaria.session import TableSession

    game = load(name)
    passes = 0
    for variant, players in ((game.variants[0], game.max_players), (game.variants[-1], 3)):
        seats = ["easy"] * players
        seats[0] = "human"
        session = TableSession(
            name, players=players, seats=seats, variant=variant, seed=4, autoplay=None
        )
        table = session.table
        rng = random.Random(4)
        for _ in range(600):
            if table.state.is_terminal():
                break
            for lang in ("en", "de"):
                for viewer in (TABLE, 0, 1):
                    view = session.view(viewer, lang)
                    status, prompt = view["status"], view["message"]["prompt"]
                    assert _words(status) <= STATUS_WORDS, status
                    assert prompt and prompt in status, (prompt, status)
                    passes += view["turn"]["to_move"] == "auto"
            if table.next_info("en") is not None:
                table.next()
            else:
                session.act(rng.choice(table.state.legal_actions()))
        assert table.state.is_terminal()
    if name == "dragons-gold":
        assert passes  # the market's "nothing to choose" was seen
