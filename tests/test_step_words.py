"""One step, one short line: what a table says about one step a child can read in one go.

Whole seeded games of each game, every variant and every number of players, all seats bots, and
again with a person in the first seat (its moves picked at random, seeded), so the child's own
steps are counted too: each step's "What just happened" entry, in English and German, on the
shared screen and on the first seat's own ("You"), has sentences of at most 15 words each (a
bot's label such as "(easy bot)" counts; "×" does not), at most two, or one per step of the game
when an entry tells several (a decision, then chance's steps after it); with a person seated,
the prompt that seat reads at every moment is as short, and so is the end's message.
"""

from __future__ import annotations

import random
import re

import pytest

from kaskaria.core import TABLE, load
from kaskaria.dragons_gold.rules import COLOURS
from kaskaria.present import Names
from kaskaria.session import TableSession

MAX_LINES = 2
MAX_WORDS = 15
#: One seeded game per variant and player count in `make test`; more in `make soak`.
SEED = 1
SOAK_SEEDS = (2, 3, 4, 5)
#: A game takes fewer steps than this; the bound only keeps a broken game from running on.
MAX_STEPS = 600


def _words(line: str) -> int:
    """Words as a child counts them: runs with a letter or a digit ("2 × red" is two words)."""
    return len([w for w in line.split() if any(c.isalnum() for c in w)])


def _lines(text: str) -> list[str]:
    """The sentences of a step's text (a sentence ends with ".", "!" or "?" and a space)."""
    return [line for line in re.split(r"(?<=[.!?])\s+", text.strip()) if line]


def _setups(game: str, every: bool = True) -> list[tuple[str, int]]:
    """The game's variants and player counts: each pair (``every``), or fewer games that still
    meet each variant and each player count once (the quick run; the soak plays every pair)."""
    the_game = load(game)
    variants = list(the_game.variants)
    counts = list(range(the_game.min_players, the_game.max_players + 1))
    if every:
        return [(v, n) for v in variants for n in counts]
    return [
        (variants[i % len(variants)], counts[i % len(counts)])
        for i in range(max(len(variants), len(counts)))
    ]


def _check(text: str, steps: int) -> str | None:
    """How ``text`` (telling ``steps`` steps of the game) is too long, or None."""
    lines = _lines(text)
    assert text.strip(), "a step says nothing"
    longest = max(_words(line) for line in lines)
    if len(lines) > max(MAX_LINES, steps) or longest > MAX_WORDS:
        return f"{len(lines)} lines for {steps} steps, longest {longest} words: {text}"
    return None


def _too_long(game: str, variant: str, players: int, seed: int, person: bool) -> list[str]:
    """Every step text of one game (a person in the first seat, or bots only) that is longer
    than the limit, and how; with a person seated, its prompts too."""
    seats = ["easy"] * players
    if person:
        seats[0] = "human"
    session = TableSession(
        game,
        players=players,
        seats=seats,
        variant=variant,
        seed=seed,
        autoplay=None,
        hourglass=False,
    )
    table = session.table
    rng = random.Random(f"{game} {variant} {players} {seed}")
    faults: list[str] = []
    steps = 0
    while not table.state.is_terminal():
        steps += 1
        assert steps < MAX_STEPS, "the game did not end"
        if table.next_info("en") is not None:
            table.next()
        else:  # the person's move (one picked at random)
            session.act(rng.choice(table.state.legal_actions()))
        start, end = table.summary[-1]
        for lang in ("en", "de"):
            for viewer in (TABLE, 0):
                names = Names(
                    lambda p, lg=lang: table.name(p, lg),
                    viewer if viewer == 0 else None,
                    table.bot_at,
                )
                text, _ = table.presenter.narrate(session.match, start, viewer, lang, names, end)
                faults.append(_check(text, end - start) or "")
            if person:
                prompt = session.view(0, lang)["message"]["prompt"]
                faults.append(_check(prompt, 1) or "" if prompt else "")
    assert table.state.is_terminal()
    for lang in ("en", "de"):  # the end, in one short sentence: the figures are in the results
        for viewer in (TABLE, 0):
            faults.append(_check(session.view(viewer, lang)["message"]["text"], 1) or "")
    return [fault for fault in faults if fault]


def test_lines_split_at_the_end_of_a_sentence_only_and_words_are_counted_as_read():
    assert _words("Player 2 (easy bot) wants 2 × red.") == 7
    assert _lines("You stop and rescue the king: 4 stars. New: cook (blue).") == [
        "You stop and rescue the king: 4 stars.",
        "New: cook (blue).",
    ]
    assert _lines("The scare succeeds! Player 2 (easy bot) rolls 2 dice: red, 1.5 blue.") == [
        "The scare succeeds!",
        "Player 2 (easy bot) rolls 2 dice: red, 1.5 blue.",
    ]


@pytest.mark.parametrize(
    "seed", [SEED, *(pytest.param(s, marks=pytest.mark.soak) for s in SOAK_SEEDS)]
)
@pytest.mark.parametrize("person", [False, True], ids=["bots", "a-person"])
@pytest.mark.parametrize("game", ["dragon-battle", "heroes", "dragons-gold"])
def test_every_step_of_whole_games_is_told_in_short_lines(game, person, seed):
    faults = []
    for variant, players in _setups(game, every=seed != SEED):
        found = _too_long(game, variant, players, seed, person)
        faults += [f"{variant}, {players} players, seed {seed}: {f}" for f in found]
    assert not faults, f"{len(faults)} step texts too long, for example:\n" + "\n".join(faults[:5])


def test_what_follows_a_decision_is_split_into_lines_of_at_most_15_words():
    """A child tester read one German line of 18 words, three steps joined by semicolons."""
    from kaskaria.dragons_gold.present import LINE_WORDS, _short_lines

    clauses = [
        "der Dieb nimmt Rot",
        "du ziehst einen magischen Gegenstand: Anteile tauschen",
        "neuer Drache 4: Stärke 7, 2 Schatzsteine",
    ]
    assert _words("; ".join(clauses)) == 18
    lines = _short_lines(clauses)
    assert lines == ["; ".join(clauses[:2]), clauses[2]]
    assert all(_words(line) <= LINE_WORDS == MAX_WORDS for line in lines)
    assert _short_lines(clauses[:2]) == ["; ".join(clauses[:2])]  # short ones stay joined
    assert _short_lines([]) == []


def _told(table, viewer, lang: str) -> str:
    """The newest "What just happened" entry on ``viewer``'s screen."""
    table.viewer, table.lang = viewer, lang
    return table.view["log"]["entries"][-1]["text"]


#: a magic item played, as its player's screen and another screen read it (English, German)
ITEMS_TOLD = {
    "swap-dragons": (
        {},
        "play swap-dragons 1 4",
        {
            0: (
                "You swap dragons 1 and 4 with their treasures.",
                "Du tauschst die Drachen 1 und 4 samt ihren Schätzen.",
            ),
            1: (
                "Player 1 swaps dragons 1 and 4 with their treasures.",
                "Spieler 1 tauscht die Drachen 1 und 4 samt ihren Schätzen.",
            ),
        },
    ),
    "recall": (
        {"dragons": [{"card": 0, "attackers": [(1, "thief"), (2, "wizard")]}]},
        "play recall 1",
        {
            0: (
                "You play Recall, and the adventurers at dragon 1 go back to their players.",
                "Du spielst Rückruf, und die Abenteurer bei Drache 1 kehren zu ihren Spielern zurück.",
            ),
            1: (
                "Player 1 plays Recall, and the adventurers at dragon 1 go back to their players.",
                "Spieler 1 spielt Rückruf, und die Abenteurer bei Drache 1 kehren zu ihren Spielern "
                "zurück.",
            ),
        },
    ),
}


@pytest.mark.parametrize("item", sorted(ITEMS_TOLD))
def test_a_magic_item_played_says_what_it_changes_in_one_short_line(item):
    """A child tester read only "You play 'Swap of dragons'.": which dragons changed places was
    nowhere. The line says what changed, with no quote marks, in at most 15 words; the Take back
    button names the item's effect in a few words."""
    import kaskaria
    from kaskaria.widgets import DragonsGoldTable

    where, move, told = ITEMS_TOLD[item]
    match = kaskaria.setup("dragons-gold", players=3, items={0: [item]}, **where)
    table = DragonsGoldTable.from_match(
        match, seats=("human", "human", "human"), lang="en", autoplay=None, viewer=0
    )
    table.act(move)
    for viewer, (en, de) in told.items():
        for lang, line in (("en", en), ("de", de)):
            assert _told(table, viewer, lang) == line
            assert _words(line) <= MAX_WORDS and not set("'„“\"") & set(line), line
    # the Take back button names the item's effect in a few words: the whole line ("Take back:
    # you swap dragons 1 and 4 with their treasures") filled three lines of a small screen
    table.viewer = 0
    for lang, label in zip(("en", "de"), UNDO_LABELS[item], strict=True):
        table.lang = lang
        undo = table.view["moves"]["undo"]
        assert undo["enabled"] and undo["label"] == label
        assert _words(label) <= 4


#: what the Take back button says after each magic item (English, German)
UNDO_LABELS = {
    "recall": ("Take back the Recall", "Rückruf zurücknehmen"),
    "swap-dragons": ("Take back the swap", "Tausch zurücknehmen"),
}


def test_a_swap_of_shares_names_whose_shares_swap_on_every_screen():
    """Player 3 swaps the shares of Players 1 and 2: each of those reads "your share"; Player 3
    reads "you swap"; the table reads all three names. Then Player 1 swaps its own."""
    import kaskaria
    from kaskaria.core import Action
    from kaskaria.dragons_gold.log import describe_action

    dragon = {"card": 0, "treasure": "2 gold", "attackers": [(0, "thief"), (1, "big-knight")]}

    def swapping(seat):
        return kaskaria.setup(
            "dragons-gold", players=3, dragons=[dragon], killed=0,
            items={seat: ["swap-shares"]}, shares={0: "gold", 1: "gold"}, swapping=[seat],
        ).state  # fmt: skip

    swap = Action("play", ("swap-shares", "1", "2"))
    said = {
        (seat, viewer, lang): describe_action(swapping(seat), swap, viewer, lang)
        for seat in (2, 0)
        for viewer in (0, 1, 2, TABLE)
        for lang in ("en", "de")
    }
    assert said[2, 0, "en"] == "Player 3 swaps your share with the share of Player 2"
    assert said[2, 1, "de"] == "Spieler 3 tauscht deinen Anteil mit dem Anteil von Spieler 1"
    assert said[2, 2, "en"] == "you swap the shares of Player 1 and Player 2"
    assert said[2, TABLE, "de"] == "Spieler 3 tauscht die Anteile von Spieler 1 und Spieler 2"
    assert said[0, 0, "de"] == "du tauschst deinen Anteil mit dem Anteil von Spieler 2"
    assert said[0, 1, "en"] == "Player 1 swaps its share with yours"
    assert said[0, 2, "en"] == "Player 1 swaps its share with the share of Player 2"
    assert all(_words(line) <= MAX_WORDS for line in said.values())


def test_a_trade_with_a_long_list_is_said_by_its_count():
    """A child tester read "In return: 2 × silver, 2 × red, blue, green, 2 × yellow and 2 ×
    white." (13 words as counted here, 17 with each "×" read as "times"): six colours in a row
    are too many to hold in mind. A list of more than four colours, or one that would make its
    sentence longer than 15 words, is said by its count (the offer box on the board lists the
    tokens); a short list stays as it is. Whole games build such offers (a person playing at
    random asks for many colours), so the rule above holds them too. What is offered and what is
    asked in return are one sentence (a later tester saw "In return: blue." alone in "What just
    happened", the summary's one line a sentence), and the rule holds for the whole of it."""
    from dg_support import load, market_open, play

    from kaskaria.core import Action

    asked = "silver silver red red blue green yellow yellow white white".split()
    state = market_open(load(3), ["gold", "2 silver, 2 red, blue, green, 2 yellow, 2 white", "-"])
    trade = Action("trade", ("with", "2"))
    long = play(state, ["offer gold", *(f"ask {c}" for c in asked)])
    assert long.action_text(trade, 1, "en") == (
        "Player 1 offers you a trade: gold for 10 tokens in 6 colours"
    )
    assert long.action_text(trade, TABLE, "de") == (
        "Spieler 1 bietet Spieler 2 einen Tausch an: Gold für 10 Schatzsteine in 6 Farben"
    )
    short = play(state, ["offer gold", *(f"ask {c}" for c in asked[:6])])
    assert short.action_text(trade, 0, "en") == (
        "you offer Player 2 a trade: gold for 2 silver, 2 red, blue and green"
    )
    # the same in German is 16 words: the list said by its count
    assert short.action_text(trade, 1, "de") == (
        "Spieler 1 bietet dir einen Tausch an: Gold für 6 Schatzsteine in 4 Farben"
    )
    for viewer in (0, 1, 2, TABLE):
        for lang in ("en", "de"):
            for line in (
                long.action_text(trade, viewer, lang),
                short.action_text(trade, viewer, lang),
            ):
                assert max(_words(s) for s in _lines(line + ".")) <= MAX_WORDS, line


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "Player 2 proposes a split: you get 2 silver, 2 gold, red and white"),
        (
            "de",
            "Spieler 2 schlägt eine Aufteilung vor: Du bekommst 2 Silber, 2 Gold, Rot und Weiß",
        ),
    ],
)
def test_a_proposal_counts_tokens_without_a_times_sign(lang, line):
    """A child tester counted 16 things to read in "you get 2 × silver, 2 × gold, red and
    white" (the "×" read as a word): a sentence says "2 silver", and the line stays at 15 words
    however its signs are counted."""
    from kaskaria.dragons_gold.log import tokens_in_line
    from kaskaria.i18n import text

    who = "Player 2" if lang == "en" else "Spieler 2"
    lead = text("dragons-gold", "log.split_yours", lang, who=who, tokens="{tokens}")
    counts = tuple(2 if c in ("silver", "gold") else int(c in ("red", "white")) for c in COLOURS)
    said = tokens_in_line(lead, counts, lang)
    assert said == line
    assert "×" not in said and len(said.split()) <= MAX_WORDS
