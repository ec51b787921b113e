"""The Dragon's Gold status line (the line a screen reader reads under the table, and the table's
repr): short sentences, players counted from 1, in English and German, built from the viewer's observation alone, so nothing the
viewer may not see appears in it; and the table's sentences name a dragon by its place, as the
buttons and the notation do."""

from __future__ import annotations

import numpy as np
import pytest
from dg_support import load, random_states

from kaskaria.core import TABLE
from kaskaria.dragons_gold.present import DragonsGoldPresenter
from kaskaria.lessons import dragons_gold as dg
from kaskaria.widgets import DragonsGoldTable

SETUP = dg.SETUP


def status(lines, viewer=0, lang="en", **options):
    state = dg.state_after(lines, **options)
    return DragonsGoldPresenter(state.game).status(state, viewer, lang)


def test_the_set_up_and_a_turn_read_like_sentences():
    assert status(SETUP[:9]) == (
        "Setting up: four dragons and their treasure are laid out. "
        "Dragon 1: strength 6, attack 0. Its treasure: 3 tokens and 2 hidden. "
        "Dragon 2: strength 8, attack 0. Its treasure: 4 tokens and 4 hidden. "
        "Place 3 has no dragon. Place 4 has no dragon. "
        "Tokens in the bag: 119. Dragon cards left: 16. The market comes after 7 more dragons. "
        "Player 1 has 0 tokens and 0 magic items. Player 2 has 0 tokens and 0 magic items. "
        "Player 3 has 0 tokens and 0 magic items."
    )
    assert status((*SETUP, *dg.ATTACK)) == (
        "Player 3 sends an adventurer now. "
        "Dragon 1: strength 6, attack 3. Its treasure: 3 tokens and 2 hidden. "
        "Dragon 2: strength 8, attack 0. Its treasure: 5 tokens and 4 hidden. "
        "Dragon 3: strength 10, attack 0. Its treasure: 7 tokens and 5 hidden. "
        "Dragon 4: strength 7, attack 0. Its treasure: 2 tokens and 6 hidden. "
        "Tokens in the bag: 109. Dragon cards left: 14. The market comes after 7 more dragons. "
        "Player 1 has 0 tokens and 0 magic items. Player 2 has 0 tokens and 0 magic items. "
        "Player 3 has 0 tokens and 0 magic items."
    )
    assert status((*SETUP, *dg.ATTACK), lang="de") == (
        "Spieler 3 schickt jetzt einen Abenteurer los. "
        "Drache 1: Stärke 6, Angriff 3. Sein Schatz: 3 Schatzsteine und 2 versteckt. "
        "Drache 2: Stärke 8, Angriff 0. Sein Schatz: 5 Schatzsteine und 4 versteckt. "
        "Drache 3: Stärke 10, Angriff 0. Sein Schatz: 7 Schatzsteine und 5 versteckt. "
        "Drache 4: Stärke 7, Angriff 0. Sein Schatz: 2 Schatzsteine und 6 versteckt. "
        "Schatzsteine im Beutel: 109. Drachenkarten übrig: 14. "
        "Der Markt kommt nach 7 weiteren Drachen. "
        "Spieler 1 hat 0 Schatzsteine und 0 magische Gegenstände. "
        "Spieler 2 hat 0 Schatzsteine und 0 magische Gegenstände. "
        "Spieler 3 hat 0 Schatzsteine und 0 magische Gegenstände."
    )


def test_a_kill_and_its_split():
    killed = (*SETUP, *dg.ATTACK, *dg.KILL)
    assert status((*killed, "token red")).startswith(
        "Player 3's turn: the hidden treasure is drawn. Dragon 1: strength 6, attack 6. "
        "It is beaten. Its treasure: 4 tokens. "
    )
    during = status((*killed, *dg.HIDDEN, *dg.WIZARD_ITEMS, "give gold to 1"), viewer=2)
    assert during.startswith("Player 3 builds a proposal now. Dragon 1: strength 6, attack 6. ")
    assert during.endswith(
        "Player 1 has 2 tokens and 2 magic items. Player 2 has 0 tokens and 0 magic items. "
        "Player 3 has 0 tokens and 0 magic items. Proposals left: 4."
    )
    answer = status((*SETUP, *dg.NEGOTIATE, *dg.PROPOSAL))
    assert answer.startswith("Player 1 accepts or refuses the proposal now. ")
    assert status((*SETUP, *dg.NEGOTIATE, *dg.PROPOSAL), lang="de").startswith(
        "Spieler 1 nimmt den Vorschlag an oder lehnt ihn ab. "
    )
    after = status((*SETUP, *dg.NEGOTIATE, *dg.PROPOSAL, *dg.AFTER))
    assert after.startswith("Player 3 sends an adventurer now. Dragon 1: strength 6, attack 0. ")
    assert "Player 1 has 2 tokens and 0 magic items. Player 2 has 3 tokens" in after
    assert "Proposals" not in after
    assert status((*SETUP, *dg.THIEF_WIZARD)).startswith(
        "Player 1's thief picks a token with the wizard's help, or takes nothing. "
    )


def test_the_end_names_the_winners_from_1():
    table = DragonsGoldTable(players=3, seats=("fair", "greedy", "planner"), seed=5)
    table.run_bots()
    state = table.state
    assert state.phase == "over"
    winners = [w + 1 for w in state.winners()]
    points = state.scores()[winners[0] - 1]
    # the screen's line: who won in one short sentence; the repr keeps the whole status
    assert table.view["status"] == f"Player {winners[0]} wins with {points} points."
    line = repr(table)
    assert f"The game is over. Player {winners[0]} wins with {points} points. " in line
    assert len(winners) == 1
    assert "p0" not in line and " p1" not in line
    assert "The market is over." in line and "Tokens in the bag: 0." in line
    table.lang = "de"
    assert table.view["status"] == f"Spieler {winners[0]} gewinnt mit {points} Punkten."


def test_every_decision_says_whose_it_is():
    game = load(4, "advanced-strategic")
    presenter = DragonsGoldPresenter(game)
    for state in random_states(game, games=2, seed=3):
        player = state.current_player()
        if player >= 0:
            line = presenter.status(state, int(player))
            assert f"Player {player + 1}" in line.split(". ")[0], line
            de = presenter.status(state, int(player), "de")
            assert f"Spieler {player + 1}" in de.split(". ")[0], de
        for word in (" p0", " p1", "[", "]", "|", "×", "·"):
            assert word not in presenter.status(state, TABLE)


@pytest.mark.parametrize("variant", ["basic", "advanced-strategic"])
def test_nothing_hidden_reaches_the_status_line(variant):
    """A seat cannot tell a state from one with the other screens and hands dealt again
    (``resample_hidden``): its status line must be the same for both, and so must the table's."""
    game = load(3, variant)
    presenter = DragonsGoldPresenter(game)
    rng = np.random.default_rng(0)
    changed = 0
    # hidden tokens come from thefts alone (every other gain is public) and a random thief
    # steals only now and then: enough games to see screens that differ
    for k, state in enumerate(random_states(game, games=6, seed=11)):
        if k % 3 or state.is_terminal():
            continue
        for seat in range(game.players):
            other = state.resample_hidden(seat, rng)
            changed += other.screens != state.screens
            for lang in ("en", "de"):
                assert presenter.status(other, seat, lang) == presenter.status(state, seat, lang)
                assert presenter.status(other, TABLE, lang) == presenter.status(state, TABLE, lang)
    assert changed > 20  # the test saw screens that really differ


def test_the_table_names_dragons_by_their_place():
    table = dg.table_at(*SETUP, *dg.ATTACK)
    table.act("send small-knight to dragon 1")
    words = table.view["board"]["words"]["dragons"][0]
    assert (words["title"], words["place"]) == ("Dragon 1", "card 1")
    message = table.message
    # the hidden treasure right after the kill names its dragon too: "what just happened" may
    # show it without the kill's sentence above it
    assert "to dragon 1 and kill it. Dragon 1: 5 tokens, 2 were hidden;" in message
    assert "Dragon 1 (" not in message and "card" not in message
    assert "killed!;" not in message
    assert "!." not in message


def test_the_board_counts_places_and_cards_from_1_as_the_observation_counts_from_0():
    """The observation holds Python's numbers (place 1 is 0, card 6 is 5); the board, the status
    line and the split screen say them as the table does (dragon 2, card 6)."""
    import kaskaria

    game = load(3)
    gone = [c for c in range(len(game.cards)) if c not in (5, 6, 7)]
    dragon = {
        "card": 5,
        "treasure": "2 gold",
        "attackers": [(0, "big-knight"), (1, "thief"), (0, "wizard")],
    }
    match = kaskaria.setup(game, dragons=[None, dragon, 6, 7], gone=gone, killed=1)
    obs = match.state.observation(1)
    first, second = obs["dragons"][:2]
    assert first["card"] is None and (second["place"], second["card"]) == (1, 5)
    board = DragonsGoldPresenter(game).board(match, 1, "en", False)
    words = board["words"]
    assert words["dragons"][0]["title"] == "Place 1"
    assert (words["dragons"][1]["title"], words["dragons"][1]["place"]) == ("Dragon 2", "card 6")
    assert words["players"][1]["adventurers"][2].endswith("at dragon 2")  # the thief
    assert words["split"]["title"] == "Sharing the treasure of dragon 2"
    line = DragonsGoldPresenter(game).status(match.state, 1, "de")
    assert "Platz 1 hat keinen Drachen. Drache 2: " in line


@pytest.mark.parametrize("lang", ["en", "de"])
def test_what_just_happened_tells_a_wizards_items_once_with_their_number(lang):
    """A wizard's items are drawn one step each: what just happened said "Player 2 draws a
    magic item." twice in a row (a child tester), and the kill above it scrolled out of its box.
    They are told once, "Player 2 draws 2 magic items."; no line of what just happened is the
    line before it again, over many games; the seat who drew them reads each item by name."""
    import random

    seen = False
    for seed in (1, 2, 3, 4):
        table = DragonsGoldTable(
            players=3, seats=("human", "easy", "easy"), seed=seed, autoplay=None, lang=lang
        )
        rng = random.Random(1)
        for _ in range(400):
            view = table.view
            lines = [line["text"] for line in view["summary"]["lines"]]
            for before, line in zip(lines, lines[1:], strict=False):
                assert line != before, (seed, lines)
            many = "draws 2 magic items" if lang == "en" else "zieht 2 magische Gegenstände"
            seen = seen or any(many in line for line in lines)
            if view["turn"]["to_move"] == "over":
                break
            acts = view["moves"]["actions"]
            if acts:
                choice = [a for a in acts if a["kind"] != "no"] or acts
                table.act(rng.choice(choice)["action"])
            else:
                table.next()
    assert seen
