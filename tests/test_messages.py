"""Every learner-facing word comes from one message table per language, and both are complete."""

from __future__ import annotations

import string

import numpy as np
import pytest

import kaskaria
import kaskaria.lessons.dragon_battle  # noqa: F401  (registers the lessons' words)
import kaskaria.lessons.heroes  # noqa: F401  (registers the Heroes lessons' words)
from kaskaria import IllegalActionError
from kaskaria.i18n import LANGUAGES, domains, keys, text


def _load_every_game() -> None:
    for name in kaskaria.available_games():
        kaskaria.load(name, players=kaskaria.core.game_class(name).game_type.min_players)
        kaskaria.present.presenter_for(
            kaskaria.load(name, players=kaskaria.core.game_class(name).game_type.min_players)
        )


_load_every_game()
DOMAINS = domains()


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


@pytest.mark.parametrize("domain", DOMAINS)
def test_both_languages_have_the_same_keys(domain):
    en, de = keys(domain, "en"), keys(domain, "de")
    assert en - de == set(), f"missing in German: {sorted(en - de)}"
    assert de - en == set(), f"missing in English: {sorted(de - en)}"


@pytest.mark.parametrize("domain", DOMAINS)
def test_both_languages_fill_in_the_same_values(domain):
    for key in keys(domain, "en"):
        en = kaskaria.i18n._table(domain, "en")[key]
        de = kaskaria.i18n._table(domain, "de")[key]
        # (a language may want a word capitalised: {Colour} where the other says {colour})
        assert {f.casefold() for f in _fields(en)} == {f.casefold() for f in _fields(de)}, (
            domain,
            key,
        )


@pytest.mark.parametrize("domain", DOMAINS)
def test_no_german_message_says_kernweg(domain):
    """A German lesson's core is "die Stunde ohne Erweiterungen" ("Kernweg" is no German word)."""
    said = [k for k in keys(domain, "de") if "Kernweg" in kaskaria.i18n._table(domain, "de")[k]]
    assert said == [], (domain, said)
    assert "ohne Erweiterungen" in text(
        "core", "lesson.intro", "de", age="8 bis 12 Jahren", minutes=40
    )


def test_core_and_every_game_have_tables():
    assert "core" in DOMAINS and "dragon-battle" in DOMAINS
    assert LANGUAGES == ("en", "de")
    assert text("core", "player", "de", n=3) == "Spieler 3"
    with pytest.raises(KeyError, match="no_such_key"):
        text("core", "no_such_key", "de")
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        text("core", "player", "fr", n=1)


def test_a_rule_error_reads_in_german():
    state = kaskaria.load("dragon-battle").new_state()
    for name in ("maid", "king", "knight", "cook"):
        state = state.apply(f"draw {name}")
    with pytest.raises(IllegalActionError) as err:
        state.apply("stop")
    assert str(err.value).startswith("'stop' is not allowed: you cannot stop")
    german = err.value.text("de")
    assert german.startswith("„stop“ ist nicht erlaubt: du kannst nicht aufhören")
    assert "Jetzt erlaubt: roll." in german


def test_a_whole_german_game_on_the_table_shows_german_words():
    from kaskaria.widgets import DragonBattleTable

    table = DragonBattleTable(players=3, seats=("human", "optimal", "human"), seed=4, lang="de")
    rng = np.random.default_rng(0)
    seen = set()
    for _ in range(200):
        view = table.view
        if view["turn"]["to_move"] == "over":
            break
        if view["moves"]["actions"]:
            table.act(
                view["moves"]["actions"][int(rng.integers(len(view["moves"]["actions"])))]["action"]
            )
        else:
            table.next()
        seen.add(table.message.split(":")[0])
        assert "Player " not in table.message
    view = table.view
    assert view["frame"]["text"]["next_step"] == "Nächster Schritt"
    assert view["frame"]["title"] == "Drachenschreck"
    assert view["board"]["words"]["supply"] == "Vorrat"
    assert "Spieler" in table.message
    table.lang = "en"
    assert table.view["frame"]["title"] == "Dragon Battle" and "Player" in table.message


def test_german_dragons_gold_screens_use_the_german_editions_own_title():
    """The publisher's German edition is called "Dragon's Gold" (the German rulebook's title): the
    German table (its header and its picture without a kernel) and the German app show exactly
    that title, untranslated, apostrophe and all."""
    import html
    import json
    from pathlib import Path

    from kaskaria.widgets import DragonsGoldTable

    title = "Dragon's Gold"
    assert text("dragons-gold", "title", "de") == title
    table = DragonsGoldTable(players=3, seats=("human", "easy", "medium"), seed=1, lang="de")
    assert table.view["frame"]["title"] == title
    assert title in html.unescape(table._session.static_html())
    app = Path(__file__).resolve().parents[1] / "notebooks" / "de" / "play-dragons-gold.ipynb"
    cells = json.loads(app.read_text(encoding="utf-8"))["cells"]
    # the app's title cell: the markdown cell after the table (the app draws it before the table)
    heading = next(c for c in cells if c["cell_type"] == "markdown")
    assert "".join(heading["source"]).splitlines()[0] == f'# {title} <a id="top"></a>'


# -- chance steps, told for every count (a lone die is "the die", never "the 1 die") -------------
CHANCE_WORDS = {
    "en": {
        1: ("The die rolls.", "the die must be rolled", "Next: the die must be rolled."),
        **{
            n: (
                "The dice roll.",
                f"the {n} dice must be rolled",
                f"Next: the {n} dice must be rolled.",
            )
            for n in (2, 3, 4)
        },
    },
    "de": {
        1: (
            "Der Würfel rollt.",
            "der Würfel muss geworfen werden",
            "Weiter: Der Würfel wird geworfen.",
        ),
        **{
            n: (
                "Die Würfel rollen.",
                f"die {n} Würfel müssen geworfen werden",
                f"Weiter: Die {n} Würfel werden geworfen.",
            )
            for n in (2, 3, 4)
        },
    },
}
#: the meter before a roll of the last die with three dragons taken
ONE_IN_THREE = {
    "en": "Roll again: it works 1 time in 3.",
    "de": "Noch einmal würfeln: es klappt 1-mal von 3.",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_roll_of_4_3_2_then_1_die_is_told_in_plain_words_with_the_right_number(lang):
    from kaskaria import CHANCE, Match
    from kaskaria.present import presenter_for
    from kaskaria.widgets import DragonBattleTable

    game = kaskaria.load("dragon-battle", players=2)
    presenter = presenter_for(game)
    match = Match(game, seed=1)
    while match.state.current_player() == CHANCE:
        match.step_chance()
    faces = ["blue", "purple", "red", "yellow"]
    for n in (4, 3, 2, 1):
        if n == 1:  # the meter before the last die: only yellow or silver works
            table = DragonBattleTable.from_match(
                match, seats=("human", "human"), lang=lang, help=True
            )
            assert table.view["board"]["meter"]["plain"] == ONE_IN_THREE[lang]
        match.apply("roll")
        assert (match.state.phase, match.state.hand) == ("rolling", n)
        table = DragonBattleTable.from_match(match, seats=("human", "human"), lang=lang)
        happens, words, prompt = CHANCE_WORDS[lang][n]
        assert table.view["turn"]["text"] == happens
        assert presenter.chance_words(match.state, lang) == words
        assert table.view["message"]["prompt"] == prompt
        # a click on the board now names the roll that comes first
        table.session.handle({"type": "action", "action": "stop", "version": table.view["version"]})
        assert words in table.view["message"]["text"]
        match.apply("roll " + " ".join(sorted(faces[:n])))
        match.apply("place " + faces.pop(0))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_heroes_odds_say_1_time_and_2_to_4_times(lang):
    from fractions import Fraction

    from kaskaria.heroes.present import chance_plain

    once = {"en": "1 time in", "de": "1-mal von"}[lang]
    many = {"en": "{k} times in", "de": "{k}-mal von"}[lang]
    for k in (1, 2, 3, 4):
        for value in (Fraction(10 * k + 1, 1000), Fraction(k, 29)):  # told about, and exactly
            plain = chance_plain(value, lang)["plain"]
            assert (once if k == 1 else many.format(k=k)) in plain, plain
            assert "1 times" not in plain


#: every chance kind of every game, and what its step is called at the top of the table
HAPPENS = {
    "dragon-battle": ("roll", "refill"),
    "heroes": ("deal", "draw", "refill", "waterfall"),
    "dragons-gold": ("reveal", "treasure", "item", "theft"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", list(HAPPENS))
def test_every_chance_step_is_a_short_plain_sentence(game, lang):
    for kind in HAPPENS[game]:
        for n in (1, 2, 3, 4):
            said = text(game, f"happens.{kind}", lang, n=n)
            assert said[0].isupper() and said.endswith("."), said
            assert ":" not in said and "must" not in said and "müss" not in said, said
            assert not any(ch.isdigit() for ch in said), said
