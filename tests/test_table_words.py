"""Words a child reads: random games on every table, played through the screen's own messages
(moves, refused moves, take-backs), and everything synced to the browser checked at every step.

On a German table no English word and no action code reaches the screen; on an English table no
placeholder ("?", "...") nor Python value (True, False, None, round_up). Only the texts of the view
are read: the fields that are data for the browser's code (the position itself, the moves' codes
behind their buttons, menu values, kinds and keys) are listed in ``MACHINE`` and skipped.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from kaskaria.i18n import text as say
from kaskaria.widgets import DragonBattleTable, DragonsGoldTable, GameTable, HeroesTable

#: fields of the view that are data for the browser's code, never shown as they are
MACHINE = {
    "observation",  # the position, drawn by the board module through the words beside it
    "action",  # a move's code (the button shows its label)
    "kind",
    "key",
    "value",
    "spec",
    "seats",
    "prefix",
    "game",
    "phase",
    "to_move",
    "variant",
    "lang",
    "motion",
    "letters",
    "version",
    "clock",
    "code",  # the scenario code (for copying, not reading)
    "seed",
    "best",  # the meter's advice as a code (its words are beside it)
    "seat",
    "colour",  # a piece's colour as a style name (its words are beside it)
    "last_roll",
    "face",
}

#: fields that are data only in one part: (field, the part's path)
MACHINE_AT = {
    ("who", ("moves", "next")),  # "bot" or "chance"
    ("name", ("rules", "options")),  # the option's name in Python (its label is beside it)
    ("name", ("board", "cards")),  # a card's name in Python (its words are beside it)
    ("cards", ("board", "hand")),  # the hand's cards by name (drawn with their words)
    ("known", ("players",)),  # a player's known cards by name (drawn with their words)
    ("known_hand", ("board",)),  # the viewer's cards the others know, by name (marked in its hand)
    ("pieces", ("board",)),  # the moves Heroes' display cards and draw pile send when clicked
}

#: the texts of a move (its other fields name its pieces for the board module)
MOVE_TEXTS = {"label", "short", "name", "help", "confirm", "title"}

#: English words no German screen may show ("fair" and "Gold" are German words too; the game's
#: own name "Dragon's Gold" is its title in both languages)
ENGLISH = set(
    "the and you your player players dragon dragons roll place stop send give take play pass "
    "undo draw card cards token tokens next step turn wins win points nothing unlimited cautious "
    "greedy planner maximiser random optimal easy medium hard with from for of is are sure "
    "none true false deal accept refuse propose split choose steal ward pick offer ask market "
    "treasure silver red blue green yellow purple black white items item amulet".split()
)
PLACEHOLDERS = re.compile(r"(?<![\w\"“„])\?(?![\w])|\.\.\.|\bNone\b|\bTrue\b|\bFalse\b|round_up")


def texts(value: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], str]]:
    """Every text of a view with where it is, leaving out the MACHINE fields."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k in MACHINE or (k, path[:2]) in MACHINE_AT:
                continue
            if path == ("moves", "actions") and k not in MOVE_TEXTS:
                continue  # a move's pieces for the board module (adventurer, cards, target...)
            yield from texts(v, (*path, k))
    elif isinstance(value, list):
        for v in value:
            yield from texts(v, path)
    elif isinstance(value, str):
        yield path, value


TABLES = {
    "dragon-battle": lambda lang, seed: DragonBattleTable(
        players=3, seats=("human", "hard", "easy"), seed=seed, lang=lang, autoplay=None
    ),
    "heroes": lambda lang, seed: HeroesTable(
        seats=("human", "medium"), seed=seed, lang=lang, autoplay=None
    ),
    # the fourth seat is the quick bot a four-player table seated as "hard" before the search
    # (shown as "hard bot" all the same): these tests read every line of many whole games, and the
    # search's thinking would take ten times as long for the same lines (its play has tests of
    # its own: tests/test_search_bots.py, tests/test_session.py, the apps in a browser)
    "dragons-gold": lambda lang, seed: DragonsGoldTable(
        players=4,
        seats=("human", "easy", "medium", "greedy"),
        seed=seed,
        lang=lang,
        autoplay=None,
    ),
    "dragons-gold-two-people": lambda lang, seed: DragonsGoldTable(
        players=3, seats=("human", "human", "easy"), seed=seed, lang=lang, autoplay=None
    ),
}


def send(table: GameTable, **content: Any) -> None:
    content.setdefault("version", table.view["version"])
    table.session.handle(content)


def play_and_read(table: GameTable, seed: int, steps: int = 300) -> Iterator[dict[str, Any]]:
    """Play ``table`` at random by the screen's messages, yielding each view (and the action
    codes of the position, which no text may name)."""
    rng = random.Random(seed)
    for _ in range(steps):
        view = table.view
        if view["turn"]["to_move"] == "over":
            return
        codes = {str(a) for a in table.state.legal_actions()}
        yield view, codes
        moves = view["moves"]["actions"]
        if view["passing"]:
            send(table, type="pass")
        elif moves:
            r = rng.random()
            if r < 0.05:
                send(table, type="action", action="zzz 99")  # no action at all: refused
            elif r < 0.1:
                send(table, type="action", action=moves[0]["action"] + " 7")  # refused
            else:
                send(table, type="action", action=rng.choice(moves)["action"])
                if rng.random() < 0.15:
                    send(table, type="undo")
        elif view["moves"]["next"]:
            if rng.random() < 0.05:
                send(table, type="undo")  # a bot's move or chance: refused, in words
            send(table, type="next")
        else:
            return
        yield table.view, codes


@pytest.mark.parametrize("name", list(TABLES))
def test_a_german_table_shows_no_english_word_and_no_action_code(name):
    seen = 0
    for seed in (1, 2):
        table = TABLES[name]("de", seed)
        for view, codes in play_and_read(table, seed):
            for path, text in texts(view):
                where = f"{name} seed {seed}: {'.'.join(path)} = {text[:120]!r}"
                if path == ("frame", "title"):
                    continue  # the game's name
                words = {w.lower() for w in re.findall(r"[A-Za-zÄÖÜäöüß]+", text)}
                assert not words & ENGLISH, (sorted(words & ENGLISH), where)
                for code in codes:
                    assert code not in text or len(code) < 5, (code, where)
                seen += 1
    assert seen > 1000  # the games were long enough to read something


@pytest.mark.parametrize("name", list(TABLES))
def test_an_english_table_shows_no_placeholder_or_python_value(name):
    seen = 0
    for seed in (1, 2):
        table = TABLES[name]("en", seed)
        for view, _codes in play_and_read(table, seed):
            for path, text in texts(view):
                found = PLACEHOLDERS.search(text)
                assert found is None, (name, seed, ".".join(path), text[:160])
                seen += 1
    assert seen > 1000


def test_the_check_finds_english_and_codes_where_they_are():
    # the checks themselves: an English word, a code and a placeholder in a text are found
    view = {"message": {"text": "Spieler 1: send knight4 to dragon 2"}, "moves": {"next": None}}
    found = [t for _, t in texts(view)]
    assert found == ["Spieler 1: send knight4 to dragon 2"]
    words = {w.lower() for w in re.findall(r"[A-Za-zÄÖÜäöüß]+", found[0])}
    assert words & ENGLISH == {"send", "dragon"}
    assert PLACEHOLDERS.search("Player 1's thief robs ?") is not None
    assert PLACEHOLDERS.search("Cannot undo '...'") is not None
    assert PLACEHOLDERS.search("Is this fair? Yes.") is None
    assert list(texts({"observation": {"a": "send"}, "action": "roll"})) == []


#: how a take-back of the viewer's own decision begins, by language ("your thief" in Dragon's Gold)
OWN_TAKE_BACK = {
    "en": re.compile(r"^Take back: (you|your) "),
    "de": re.compile(r"^Zurücknehmen: (Du|Dein) "),
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", ["dragon-battle", "heroes", "dragons-gold"])
def test_a_take_back_tells_the_viewers_own_decision_as_you(name, lang):
    # a screen takes back only its own seat's decisions: the button says "you" for them, as the
    # log does for the viewer's own moves, never "Player 1"
    seen = 0
    for seed in (1, 2, 3):
        table = TABLES[name](lang, seed)
        for view, _codes in play_and_read(table, seed):
            undo = view["moves"]["undo"]
            if not undo["enabled"]:
                continue
            assert OWN_TAKE_BACK[lang].match(undo["label"]), (name, seed, undo["label"])
            assert "Player 1" not in undo["label"] and "Spieler 1" not in undo["label"]
            seen += 1
    assert seen > 20


@pytest.mark.parametrize(
    ("lang", "battle", "gold"),
    [
        (
            "en",
            "Take back: you put 2 dice on the red dragon",
            "Take back: you send the thief to dragon 3",
        ),
        (
            "de",
            "Zurücknehmen: Du legst 2 Würfel auf den roten Drachen",
            "Zurücknehmen: Du schickst den Dieb zu Drache 3",
        ),
    ],
)
def test_the_take_backs_of_dragon_battle_and_dragons_gold_say_you(lang, battle, gold):
    set_up = ["draw maid", "draw king", "draw knight", "draw page"]
    table: GameTable = DragonBattleTable(
        players=4,
        seats=("human", "hard", "easy", "medium"),
        seed=1,
        lang=lang,
        autoplay=None,
        actions=[*set_up, "roll", "roll black blue red red"],
    )
    table.act("place red")
    assert table.view["moves"]["undo"]["label"] == battle
    table = DragonsGoldTable(
        players=4, seats=("human", "easy", "medium", "hard"), seed=2, lang=lang, autoplay=None
    )
    table.act("send thief to dragon 3")
    assert table.view["moves"]["undo"]["label"] == gold


#: the longest line of "what just happened" a child of eight reads between two bot steps
MOST_WORDS = 15


def words_in(line: str) -> int:
    """Words as a child counts them: runs with a letter or a digit (a number is a word)."""
    return len([w for w in line.split() if any(c.isalnum() for c in w)])


def whole_game(table: GameTable, seed: int) -> Iterator[dict[str, Any]]:
    """Every view of a whole game on seat 1's screen (seat 1 chooses at random, bots step)."""
    rng = random.Random(seed)
    for _ in range(3000):
        view = table.view
        yield view
        if view["turn"]["to_move"] == "over":
            return
        moves = view["moves"]["actions"]
        if moves:
            send(table, type="action", action=rng.choice(moves)["action"])
        else:
            # a bot's step, chance, or a pass the table makes for the seat (nothing to choose)
            assert view["moves"]["next"] or view["turn"]["to_move"] == "auto", view["message"]
            send(table, type="next")
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", ["dragon-battle", "heroes", "dragons-gold"])
def test_every_line_of_whole_games_is_short_and_calls_the_screens_own_player_you(name, lang):
    # one short sentence a line, the screen's own player is "you" everywhere it is told what
    # happened, what to do or who won (never "Player 1"), the other seats by name: in what just
    # happened, the prompt, the log (its own lines say "You ..." with no name before them) and
    # the screen reader's line under the table (at the end one short sentence: who won)
    me = {"en": "Player 1", "de": "Spieler 1"}[lang]
    you = {"en": re.compile(r"\b(You|you|Your|your)\b"), "de": re.compile(r"\b(Du|du|Dein|dein)\b")}
    lines: dict[str, None] = {}
    said_you = ended = own_log = 0
    for seed in (1, 2):
        table = TABLES[name](lang, seed)
        for view in whole_game(table, seed):
            for line in view["summary"]["lines"]:
                lines.setdefault(line["text"], None)
            for text in (view["message"]["prompt"], view["turn"]["text"], view["status"]):
                assert not text.startswith(me), (seed, text)
            match = None
            for entry in view["log"]["entries"]:
                assert entry["who"] != me and not entry["text"].startswith(me), entry
                if entry["who"] == "" and not entry["chance"]:
                    match = match or table.match
                    seat = match.states[entry["n"] - 1].current_player()
                    if seat == 0:
                        assert you[lang].match(entry["text"]), entry
                        own_log += 1
                    else:  # a sentence that names its player, by the log's whole name,
                        # has no name before it (the name once)
                        player = say("core", "player", lang, n=seat + 1)
                        assert entry["text"].count(player) == 1, entry
                        assert view["players"][seat]["name"] in entry["text"], entry
            if view["result"]:
                assert me not in view["result"]["headline"], view["result"]["headline"]
                status = view["status"]
                assert "|" not in status and words_in(status) <= 8, status
                mine = 0 in table.state.winners()
                assert status.startswith(("You ", "Du ")) == mine, status
                assert (me in status) is False and status.endswith("."), status
                ended += 1
    assert own_log > 5, own_log
    for line in lines:
        assert words_in(line) <= MOST_WORDS, (name, lang, words_in(line), line)
        assert me not in line, (name, lang, line)
        said_you += bool(you[lang].search(line))
    assert ended == 2 and said_you > 10 and len(lines) > 40, (ended, said_you, len(lines))


def test_the_screens_own_player_wins_as_you_and_others_by_name():
    # a game of two people to its end: the winner's screen says "You win", the other's the
    # winner's name
    for lang, mine, theirs in (
        ("en", "You win with", "wins with"),
        ("de", "Du gewinnst mit", "gewinnt mit"),
    ):
        table = DragonBattleTable(seats=("human", "human"), seed=3, lang=lang, autoplay=None)
        rng = random.Random(3)
        while table.state.phase != "over":
            table.apply(str(rng.choice(table.state.legal_actions())))
        (winner,) = table.state.winners()
        other = 1 - winner
        won = table.session.view(viewer=winner)["result"]["headline"]
        lost = table.session.view(viewer=other)["result"]["headline"]
        assert mine in won and f"{winner + 1}" not in won.split(":")[-1], won
        assert theirs in lost and f" {winner + 1} " in lost, lost


def test_german_screens_show_german_colour_letters_and_title():
    # Heroes: every card's letter comes from its German colour name, one per colour (Gelb and
    # Grün both begin with G: "Ge" and "Gr"); Dragon's Gold's title is German
    from kaskaria.heroes.present import LETTERS, LETTERS_DE

    assert len(set(LETTERS_DE.values())) == len(LETTERS_DE)
    table = HeroesTable(seats=("human", "medium"), seed=4, lang="de", autoplay=None)
    seen: dict[str, str] = {}
    for view, _codes in play_and_read(table, 4, steps=60):

        def letters(value: Any) -> None:
            if isinstance(value, dict):
                if "letter" in value and "colour" in value:
                    seen[value["colour"]] = value["letter"]
                for v in value.values():
                    letters(v)
            elif isinstance(value, list):
                for v in value:
                    letters(v)

        letters(view["board"])
    assert len(seen) >= 5 and seen == {c: LETTERS_DE[c] for c in seen}, seen
    assert all(seen[c] != LETTERS[c] for c in seen if c in ("purple", "black", "yellow", "green"))
    gold = DragonsGoldTable(players=3, seats=("human", "easy", "easy"), seed=1, lang="de")
    # the German edition's own title is "Dragon's Gold": the German table keeps it
    assert gold.view["frame"]["title"] == "Dragon's Gold"


@pytest.mark.parametrize(
    ("lang", "plain"),
    [
        ("en", r"^(about )?\d+ times? in \d+$|^less than 1 time in 100$"),
        ("de", r"^(etwa )?\d+-mal von \d+$|^seltener als 1-mal von 100$"),
    ],
)
def test_the_heroes_odds_read_for_a_child_first(lang, plain):
    # "5 times in 23" first; the percentage and the fraction are the exact figures behind a fold
    from fractions import Fraction

    from kaskaria.heroes.present import chance_plain

    table = HeroesTable(seats=("human", "medium"), seed=1, lang=lang, autoplay=None)
    rows = []
    for view, _codes in play_and_read(table, 1, steps=80):
        odds = view["board"]["odds"]
        if odds:
            rows += [r["chance"] for r in odds["rows"] + odds["waterfall"] if r["chance"]]
    assert len(rows) > 20
    for chance in rows:
        value = Fraction(chance["exact"])
        if 0 < value < 1 and round(100 * value) < 100:
            assert re.match(plain, chance["plain"]), chance
        assert "%" not in chance["plain"] and "/" not in chance["plain"]
        assert chance["percent"].endswith(" %" if lang == "de" else "%")
    assert chance_plain(Fraction(113, 2584), "en")["plain"] == "about 4 times in 100"
    assert chance_plain(Fraction(5, 23), "en")["plain"] == "5 times in 23"
    assert chance_plain(Fraction(1, 20), "en")["plain"] == "1 time in 20"
    assert chance_plain(Fraction(2, 323), "de") == {
        "plain": "etwa 1-mal von 100",
        "percent": "0,6 %",
    }


@pytest.mark.parametrize(
    ("lang", "letters"),
    [
        (
            "en",
            {
                "next": "N next step",
                "turn": "T whole turn",
                "undo": "U take back",
                "auto": "A autoplay",
            },
        ),
        (
            "de",
            {
                "next": "N nächster",
                "turn": "G ganzer Zug",
                "undo": "Z zurücknehmen",
                "auto": "A automatisch",
            },
        ),
    ],
)
def test_the_keys_are_the_first_letters_of_their_words_in_the_screens_language(lang, letters):
    view = DragonBattleTable(players=2, seats=("human", "easy"), seed=1, lang=lang).view
    words = view["frame"]["text"]
    for key, said in letters.items():
        letter = words[f"key_{key}"]
        assert said in words["keys"] and said.startswith(letter.upper() + " "), (key, said)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", ["heroes", "dragons-gold-two-people"])
def test_the_pass_the_device_message_quotes_the_button_it_shows(name, lang):
    """The sentence sends a child to press the button the screen really shows ("I am Player 1:
    show my cards"), never to a button that isn't there ("I am ready"); so does the refusal of a
    move made before the button is pressed."""
    from kaskaria import IllegalActionError

    if name == "heroes":
        table: GameTable = HeroesTable(seats=("human", "human"), seed=7, lang=lang, autoplay=None)
    else:
        table = TABLES[name](lang, 3)
    view = table.view
    assert view["passing"], "the table starts with a person to move: the device is passed first"
    label = view["passing"]["ready"]
    quoted = f"“{label}”" if lang == "en" else f"„{label}“"
    assert view["message"]["prompt"] and quoted in view["message"]["text"]
    # who presses is said, in one kind of sentence: "...; then Player 1 presses “...”", "...
    # weiter; dann drückt Spieler 1 „…“" (not "..., dann „…“ drücken", imperative and infinitive)
    who = "Player 1" if lang == "en" else "Spieler 1"
    said = f"{who} presses {quoted}." if lang == "en" else f"drückt {who} {quoted}."
    assert view["message"]["prompt"].endswith(said), view["message"]["prompt"]
    with pytest.raises(IllegalActionError) as refused:
        table.act(str(table.state.legal_actions()[0]))
    words = refused.value.text(lang)  # type: ignore[attr-defined]
    assert quoted in words


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_tables_button_labels_ask_no_question(lang):
    """A button's label says what it does or shows in a few words, as Hint, Next step and Take
    back do; the look back's button was the only one with a question mark ("What if?")."""
    from kaskaria.classroom.messages import DE as CLASS_DE
    from kaskaria.classroom.messages import EN as CLASS_EN
    from kaskaria.tables.advice import DE, EN
    from kaskaria.tables.words import shell_words

    words = {"en": EN, "de": DE}[lang]
    labels = [words["hint"], words["what_if"]]
    # the shell's short words (its buttons' labels among them; not its keys' single letters)
    shell = shell_words(lang).values()
    labels += [v for v in shell if isinstance(v, str) and len(v) > 1 and len(v.split()) <= 4]
    teacher = {"en": CLASS_EN, "de": CLASS_DE}[lang]
    labels += [teacher[k] for k in ("w_look_back", "w_look_back_off")]
    assert labels and not [label for label in labels if "?" in label], labels
    assert words["what_if"] == {"en": "Look back", "de": "Rückblick"}[lang]


@pytest.mark.parametrize(
    "lang, only",
    [
        ("en", re.compile(r"^The only choice is to put \d (die|dice) on the \w+ dragon\.$")),
        ("de", re.compile(r"^Die einzige Wahl ist, \d Würfel auf den \w+ Drachen zu legen\.$")),
    ],
)
def test_a_placement_with_one_choice_is_told_in_one_sentence(lang, only):
    # a child read "Only one choice, put 3 dice on the red dragon." (two sentences joined by a
    # comma); the one move is now the sentence's end, and it is told whenever there is no choice
    said = set()
    for seed in range(1, 9):
        table = TABLES["dragon-battle"](lang, seed)
        for view in whole_game(table, seed):
            prompt = view["message"]["prompt"]
            moves = view["moves"]["actions"]
            if (
                view["turn"]["to_move"] == "human"
                and len(moves) == 1
                and "place" in moves[0]["action"]
            ):
                assert only.match(prompt), prompt
                said.add(prompt)
    assert said, "no placement with one choice was met"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "You put 1 silver on the yellow dragon."),
        ("de", "Du legst 1 Silberwürfel auf den gelben Drachen."),
    ],
)
def test_a_silver_die_put_on_a_dragon_is_told_as_silver(lang, said):
    # a child read "You put 1 die on the yellow dragon." where no yellow die was rolled (the
    # colour, not "die", says it in English: a line of a rescue stays within 15 words)
    table = DragonBattleTable(
        seats=("human", "hard"),
        seed=1,
        lang=lang,
        autoplay=None,
        actions=["draw maid", "draw king", "draw knight", "draw page", "roll"]
        + ["roll silver black red red"],
    )
    table.apply("place silver on yellow")
    assert [line["text"] for line in table.view["summary"]["lines"]][-1] == said


def test_no_word_of_a_childs_table_asks_a_question():
    """A child reads statements, never a question ("Really no deal? …" on a confirmation,
    "Should I roll again?" over Dragon Battle's odds, the Hint button's tooltip): no word a table
    shows (its shell, the three games, their hints and the look back), in either language, has
    a "?". (The teacher's class page may ask the teacher.)"""
    from kaskaria import i18n
    from kaskaria.hints import say
    from kaskaria.tables import advice  # noqa: F401  (registers the table's hint words)

    say("hints", "move", "en", move="x")  # every game's hint words are registered
    domains = ["core", "dragon-battle", "heroes", "dragons-gold", "table-hints"]
    domains += [d for d in i18n.domains() if d == "hints" or d.startswith("hints-")]
    assert set(domains) <= set(i18n.domains())
    asked = [
        f"{domain}.{key} ({lang}): {i18n._lookup(domain, key, lang)}"
        for domain in domains
        for lang in ("en", "de")
        for key in i18n.keys(domain, lang)
        if "?" in i18n._lookup(domain, key, lang)
    ]
    assert asked == [], "\n".join(asked)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_waterfall_card_that_may_come_next_is_said_so(lang):
    """ "Waterfall card: after 0 to 33 cards" read as a riddle to a child tester: where the
    waterfall card may be the very next one, the board, its short line and the line for screen
    readers say so, and how many cards later it comes at most."""
    seen = 0
    for seed in range(6):
        table = HeroesTable(players=2, seats=("human", "easy"), seed=seed, lang=lang, autoplay=None)
        for view, _codes in play_and_read(table, seed):
            inner = table.session.table
            wf = inner.state.observation(0)["waterfall"]
            if view["board"]["observation"]["phase"] in ("deal", "lay"):
                continue
            if wf["in_pile"] and wf["lowest"] == 0:
                words = view["board"]["words"]
                n = str(wf["highest"])  # the cards before it at most, as "after 5 to 33 cards"
                status = inner.presenter.status(inner.state, 0, lang)
                (line,) = [x for x in status.split(". ") if "aterfall" in x or "asserfall" in x]
                for said in (words["waterfall"], words["waterfall_brief"], line):
                    assert " 0 " not in f" {said} " and f" {n} " in f" {said} ", said
                seen += 1
                break
    assert seen


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_heroes_odds_tell_every_row_of_a_list_in_one_kind_of_number(lang):
    """ "Next card makes blue a set: 2 times in 23" stood right above rows "about 11 times in
    100": a child reads 2 < 11 and cannot compare. Every row of one list is told out of the same
    number (all out of the cards left, or all about out of 100), each still its exact chance."""
    from fractions import Fraction

    seen = 0
    for seed in range(4):
        table = HeroesTable(seats=("human", "medium"), seed=seed, lang=lang, autoplay=None)
        for view, _codes in play_and_read(table, seed, steps=60):
            odds = view["board"]["odds"]
            if not odds:
                continue
            told = [r["chance"] for r in odds["rows"] + odds["waterfall"] if r["chance"]]
            outs = {c["plain"].split()[-1] for c in told if c["plain"][-1].isdigit()}
            assert len(outs) <= 1, [c["plain"] for c in told]
            for c in told:
                value = Fraction(c["exact"])
                if "100" in outs and 0 < value < 1 and round(100 * value) >= 1:
                    assert str(round(100 * value)) in c["plain"], c
            seen += "100" in outs
    assert seen


def test_a_german_prompt_to_a_named_player_begins_its_sentence_with_a_capital():
    """ "Spieler 2: wirf alle 4 Würfel." (a teacher's reviewer, on a lesson's picture): after a
    colon a whole sentence begins with a capital, as the other German table sentences do. A
    prompt to a named player whose words after the colon are a sentence (an order, "du bist
    dran") is one; "noch einmal würfeln … oder aufhören" (two choices, no sentence) is not."""
    import kaskaria.dragon_battle.messages  # noqa: F401  (each registers its game's words)
    import kaskaria.dragons_gold.messages  # noqa: F401
    import kaskaria.heroes.messages  # noqa: F401
    from kaskaria import i18n

    for domain in ("core", "dragon-battle", "heroes", "dragons-gold"):
        for key in i18n.keys(domain, "de"):
            words = i18n._lookup(domain, key, "de")
            after = re.match(r"\{who\}: (\w+)", words)
            if after and after[1][0].islower():
                assert after[1] in ("noch",), f"{domain}.{key}: {words}"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_colour_letter_begins_its_colour_word_and_none_begins_another(lang):
    """The letter on a die or a card is read by a child who knows the colour's word: it begins
    as the word does, and no letter of a game begins another's, so a lone letter never reads as
    another colour (German: Sw Schwarz, Si Silber, never a lone S). The one exception: English
    blue and black both begin with B, so black is K, the printers' letter for black."""
    import kaskaria.dragon_battle.messages  # noqa: F401  (registers the dice's words)
    from kaskaria.heroes.pieces import colour_word
    from kaskaria.heroes.present import LETTERS, LETTERS_DE
    from kaskaria.i18n import text

    heroes = LETTERS_DE if lang == "de" else LETTERS
    faces = ("black", "yellow", "red", "blue", "purple", "silver")
    dice = {f: text("dragon-battle", f"letter.{f}", lang) for f in faces}
    for letters, word in (
        (heroes, lambda c: colour_word(c, lang)),
        (dice, lambda f: text("dragon-battle", f"colour.{f}", lang)),
    ):
        assert len(set(letters.values())) == len(letters), letters
        for colour, letter in letters.items():
            assert not any(
                other != letter and other.startswith(letter) for other in letters.values()
            ), (colour, letter, letters)
            if lang == "en" and colour == "black":
                assert letter == "K"
                continue
            assert word(colour)[0].lower() == letter[0].lower(), (colour, letter, word(colour))
    if lang == "de":
        assert dice["black"] == heroes["black"] == "Sw"


@pytest.mark.parametrize("game", ["dragon-battle", "heroes", "dragons-gold"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_static_picture_names_its_moves_and_draws_no_button(game, lang):
    """A table's picture (a lesson's, or a notebook without a kernel) showed its moves as framed
    words, and a teacher saw pupils press a "Roll (4 dice)" that did nothing. The moves are now
    a line of words after "Moves now:", nothing drawn like a button."""
    table = TABLES[game](lang, 3)
    html = table.session.static_html()
    labels = [b["label"] for b in table.view["moves"]["actions"]]
    assert labels, game
    assert say("core", "shell.static_moves", lang) in html
    assert "border-radius:0.3em;padding:0.1em 0.4em" not in html and "<button" not in html
    from html import escape

    for label in labels:
        assert f'<span class="kaskaria-static-move">{escape(label)}</span>' in html, label
