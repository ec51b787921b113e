"""Dragon's Gold words a child reads at the table, in English and German: the results' points,
the name of beating a dragon, and one word for the winners."""

from __future__ import annotations

import re

import pytest
from dg_support import load, random_states

import kaskaria
import kaskaria.lessons.dragons_gold  # noqa: F401  (registers the lessons' words)
import kaskaria.lessons.heroes  # noqa: F401  (registers the Heroes lessons' words)
from kaskaria.i18n import domains, keys, text
from kaskaria.present import presenter_for

NAME = "dragons-gold"


@pytest.mark.parametrize(
    ("lang", "points"),
    [("en", "points for "), ("de", "Punkte für ")],
)
def test_every_part_of_the_results_says_it_is_points(lang, points):
    """The results card lists each part of a player's score as points ("points for having the
    most of a colour: 0"), not as a thing held ("most of a gem colour: 0" read as no gems)."""
    for variant in ("basic", "advanced-strategic"):
        game = load(3, variant)
        state = next(iter(random_states(game, games=1, seed=3)))
        parts = presenter_for(game).score_parts(state, 0, lang)
        assert len(parts) == (2 if variant == "basic" else 3)
        for part in parts:
            assert part["label"].startswith(points), part
    assert text(NAME, "result.majority", "en") == "points for having the most of a colour"
    assert text(NAME, "result.majority", "de") == "Punkte für die meisten Steine einer Farbe"


def _every_domain() -> tuple[str, ...]:
    for name in kaskaria.available_games():
        game = kaskaria.load(name, players=kaskaria.core.game_class(name).game_type.min_players)
        presenter_for(game)
    return domains()


def _german(word: str) -> list[tuple[str, str]]:
    """Every German sentence with a word that starts with ``word`` ("erleg": not "überlegt")."""
    found = re.compile(rf"\b{word}", re.IGNORECASE)
    return [
        (domain, key)
        for domain in _every_domain()
        for key in keys(domain, "de")
        if found.search(kaskaria.i18n._table(domain, "de")[key])
    ]


def test_german_words_beat_a_dragon_plainly():
    """A dragon is "besiegt" (beaten), not "erlegt" (a hunter's word), in every German sentence,
    and the sentence of a kill names the dragon again ("... und besiegt ihn" could be read as
    beating one's own knight)."""
    assert _german("erleg") == []
    said = text(NAME, "log.send_kill", "de", who="Spieler 2", adv="den kleinen Ritter", place=4)
    assert said == "Spieler 2 schickt den kleinen Ritter zu Drache 4 und besiegt den Drachen"
    assert "besiegt" in text(NAME, "status.killed_many", "de", place=1, strength=9, attack=9, n=3)


def test_german_words_name_the_winners_one_way():
    """The player cards say "Sieger"; the results, the hints and every other game say so too
    (never "Gewinner")."""
    assert text("core", "shell.winner", "de") == "Sieger"
    assert _german("gewinner") == []
    assert "Sieger" in text(NAME, "result.tie", "de", points="44 Punkte")


@pytest.mark.parametrize(
    ("lang", "said", "alone", "token"),
    [
        (
            "en",
            "and kills it. Dragon 1: 5 tokens, 2 were hidden;",
            "Dragon 1 gets 2 hidden tokens, 5 in all.",
            "dragon 1 gets red from its hidden treasure",
        ),
        (
            "de",
            "und besiegt den Drachen. Drache 1: 5 Schatzsteine, 2 versteckte;",
            "Drache 1 bekommt 2 versteckte Schatzsteine, zusammen 5.",
            "Drache 1 bekommt Rot aus seinem versteckten Schatz",
        ),
    ],
)
def test_a_killed_dragons_hidden_treasure_adds_up_to_what_it_holds(lang, said, alone, token):
    """The rulebook's example: dragon 1 came with 3 tokens; killed, it gets its 2 hidden ones.
    The words say the 2 as hidden tokens, with the 5 in all (a child read "gets 2 tokens" and
    then saw 5 tokens to share), and each hidden token in the log says where it comes from.
    Right after the kill's sentence the hidden treasure still names its dragon: "what just
    happened" may show that line with the kill's sentence scrolled away above it."""
    from kaskaria.lessons import dragons_gold as dg

    before = (*dg.SETUP, *dg.ATTACK, *dg.KILL)
    told = repr(dg.story((*dg.SETUP, *dg.ATTACK), (*dg.KILL, *dg.HIDDEN), lang))
    assert said in told, told
    # told without the kill before it, the sentence names the dragon
    assert repr(dg.story(before, dg.HIDDEN, lang)).startswith(alone)
    state = dg.state_after(before, 3)
    assert state.phase == "token" and sum(state.treasure[state.target]) == 3
    assert state.action_text(state.parse_action(dg.HIDDEN[0]), "table", lang) == token
    # the dragon holds 4 before the last hidden token: 5 in all (then the wizard takes the 2 red)
    assert sum(state.apply(dg.HIDDEN[0]).treasure[state.target]) == 4
    # a new dragon's tokens are still just what it gets
    first = dg.state_after(dg.SETUP[:1], 3)
    assert "hidden" not in first.action_text(first.parse_action(dg.SETUP[1]), "table", "en")


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", r"New dragon \d: strength \d+\."), ("de", r"Neuer Drache \d: Stärke \d+\.")],
)
def test_a_new_dragon_is_told_one_way(lang, said):
    """The log told a new dragon as "New dragon 1 has strength 8." and the line of a step as
    "New dragon 3: strength 10, 7 tokens.": one way in both, its strength after a colon."""
    from kaskaria.widgets import DragonsGoldTable

    table = DragonsGoldTable(
        players=3, seats=("easy", "easy", "easy"), seed=2, lang=lang, autoplay=None
    )
    table.session.run_bots()
    for _ in range(100):
        if not table.view["log"]["more"]:
            break
        table.session.handle({"type": "log", "more": True, "version": table.view["version"]})
    told = [
        e["text"]
        for e in table.view["log"]["entries"]
        if re.search(r"(?i)new dragon|neuer? Drache", e["text"])
    ]
    assert len(told) >= 4, told
    assert all(re.fullmatch(said, line) for line in told), told
    # the step's line with the treasure starts the same way
    card = text(NAME, "log.card", lang, place=3, strength=10)
    assert text(NAME, "log.new_dragon", lang, place=3, strength=10, n=7).startswith(card + ",")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_bots_proposal_of_many_colours_is_told_in_one_short_line(lang):
    """A proposal that gives the reading player five colours ("Spieler 4 schlägt eine Aufteilung
    vor: Du bekommst 2 Silber, Gold, 2 Rot, Blau und Grün.", 16 words) is told as the log tells
    it: a list too long for one short line by its count and colours."""
    from types import SimpleNamespace

    from dg_support import killed_together, play

    from kaskaria.dragons_gold.log import LINE_WORDS, _words
    from kaskaria.present import Names

    game = load(3)
    state = killed_together(game, "2 silver, gold, 2 red, blue, green")
    gives = [
        f"give {c} to 1" for c, n in state.observation(0)["split"]["left"].items() for _ in range(n)
    ]
    states = [state]
    for action in [*gives, "propose"]:
        states.append(play(states[-1], [action]))
    actions = [state.parse_action(a) for a in [*gives, "propose"]]
    match = SimpleNamespace(actions=actions, states=states, state=states[-1])
    names = Names(lambda p, lg=lang: text("core", "player", lg, n=p + 1), 0, lambda p: None)
    told, _ = presenter_for(game).narrate(match, 0, 0, lang, names)
    line = next(s for s in re.split(r"(?<=\.) ", told) if s.startswith(names(1, lang)))
    assert _words(line) <= LINE_WORDS, line
    assert len({c for c in state.observation(0)["split"]["left"]}) >= 5, told


@pytest.mark.parametrize(
    ("lang", "twice"),
    [("en", "Swap of shares (2 cards)"), ("de", "Anteile tauschen (2 Karten)")],
)
def test_the_own_magic_items_are_named_with_their_count_in_words(lang, twice):
    """A child read "1× Swap of dragons": the items behind the own screen are named as a child
    says them, the name alone for one card and the count in words for more (seed 2: two Swaps
    of shares and one Swap of dragons), with no "×"."""
    from dg_support import table_played_until

    table = table_played_until(
        lambda v: any(i["n"] >= 2 for i in v["board"]["words"].get("my_items", [])),
        lang=lang,
        seed=2,
    )
    assert table is not None
    items = table.view["board"]["words"]["my_items"]
    assert [i["label"] for i in items] == [twice, text(NAME, "item.swap-dragons", lang)], items
    assert all("×" not in i["label"] for i in items)


def test_tokens_in_words_have_no_times_sign():
    # the exported tokens_text reads tokens as the table does: "2 silver, 1 gold"
    from kaskaria.dragons_gold.engine import tokens_text

    assert tokens_text((2, 1, 0, 0, 0, 0, 0, 0, 0), "en") == "2 silver, 1 gold"
    assert tokens_text({"gold": 3}, "de") == "3 Gold"
    assert tokens_text({}, "en") == text(NAME, "board.nothing", "en")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_what_refusing_costs_is_said_once_when_answering(lang):
    """A child read what refusing and "no deal" cost twice, in other words: beside the share
    ("Refuse: you make the next proposal. No deal: nobody gets the treasure.") and under the
    buttons ("Refuse: the next fighter proposes (3 left). No deal: the treasure leaves the
    game."). It is said beside the share; the buttons' line says only what Accept means."""
    from dg_support import table_played_until

    table = table_played_until(
        lambda v: v["turn"]["to_move"] == "human" and v["turn"]["phase"] == "answer",
        lang=lang,
        seed=1,
    )
    assert table is not None
    view = table.view
    answer = view["board"]["words"]["split"]["answer"]
    assert answer["refuse"] and answer["no_deal"]
    assert view["moves"]["hint"] == text(NAME, "help.answer", lang)
    for word in (text(NAME, "btn.refuse", lang), text(NAME, "btn.no_deal", lang)):
        assert word not in view["moves"]["hint"], view["moves"]["hint"]
