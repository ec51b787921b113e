"""The Dragon's Gold status line (the grey line under the table and in the table's repr): players
counted from 1, in English and German, built from the viewer's observation alone, so nothing the
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
        "Setting up: four dragons and their treasure are laid out | "
        "dragon 1: strength 6, attack 0, 3 tokens + 2 hidden | "
        "dragon 2: strength 8, attack 0, 4 tokens + 4 hidden | dragon 3: none | dragon 4: none | "
        "bag 119 · dragon deck 16 · market after 7 more dragons | tokens 0 · 0 · 0 | "
        "items 0 · 0 · 0"
    )
    assert status((*SETUP, *dg.ATTACK)) == (
        "Player 3: send an adventurer | dragon 1: strength 6, attack 3, 3 tokens + 2 hidden | "
        "dragon 2: strength 8, attack 0, 5 tokens + 4 hidden | "
        "dragon 3: strength 10, attack 0, 7 tokens + 5 hidden | "
        "dragon 4: strength 7, attack 0, 2 tokens + 6 hidden | "
        "bag 109 · dragon deck 14 · market after 7 more dragons | tokens 0 · 0 · 0 | "
        "items 0 · 0 · 0"
    )
    assert status((*SETUP, *dg.ATTACK), lang="de") == (
        "Spieler 3: einen Abenteurer ausschicken | "
        "Drache 1: Stärke 6, Angriff 3, 3 Schatzsteine + 2 versteckt | "
        "Drache 2: Stärke 8, Angriff 0, 5 Schatzsteine + 4 versteckt | "
        "Drache 3: Stärke 10, Angriff 0, 7 Schatzsteine + 5 versteckt | "
        "Drache 4: Stärke 7, Angriff 0, 2 Schatzsteine + 6 versteckt | "
        "Beutel 109 · Drachenkarten 14 · Markt nach 7 weiteren Drachen | "
        "Schatzsteine 0 · 0 · 0 | Gegenstände 0 · 0 · 0"
    )


def test_a_kill_and_its_split():
    killed = (*SETUP, *dg.ATTACK, *dg.KILL)
    assert status((*killed, "token red")).startswith(
        "Player 3: the hidden treasure is drawn | dragon 1: strength 6, attack 6, killed, "
        "4 tokens | "
    )
    during = status((*killed, *dg.HIDDEN, *dg.WIZARD_ITEMS, "give gold to 1"), viewer=2)
    assert during.startswith("Player 3: build a proposal | dragon 1: strength 6, attack 6, ")
    assert during.endswith("| tokens 2 · 0 · 0 | items 2 · 0 · 0 | proposals left 4")
    answer = status((*SETUP, *dg.NEGOTIATE, *dg.PROPOSAL))
    assert answer.startswith("Player 1: accept or refuse the proposal | ")
    assert status((*SETUP, *dg.NEGOTIATE, *dg.PROPOSAL), lang="de").startswith(
        "Spieler 1: den Vorschlag annehmen oder ablehnen | "
    )
    after = status((*SETUP, *dg.NEGOTIATE, *dg.PROPOSAL, *dg.AFTER))
    assert after.startswith("Player 3: send an adventurer | dragon 1: strength 6, attack 0, ")
    assert "tokens 2 · 3 · 0" in after and "proposals" not in after
    assert status((*SETUP, *dg.THIEF_WIZARD)).startswith(
        "Player 1: the wizard helps the thief pick a token, or take nothing | "
    )


def test_the_end_names_the_winners_from_1():
    table = DragonsGoldTable(players=3, seats=("fair", "greedy", "planner"), seed=5)
    table.run_bots()
    state = table.state
    assert state.phase == "over"
    winners = [w + 1 for w in state.winners()]
    points = state.scores()[winners[0] - 1]
    # the screen's line: who won in one short sentence; the repr keeps the whole status line
    assert table.view["status"] == f"Player {winners[0]} wins with {points} points."
    line = repr(table)
    assert f"Game over: Player {winners[0]} wins | " in line and len(winners) == 1
    assert "p0" not in line and " p1" not in line
    assert "market over" in line and "bag 0" in line
    table.lang = "de"
    assert table.view["status"] == f"Spieler {winners[0]} gewinnt mit {points} Punkten."


def test_every_decision_says_whose_it_is():
    game = load(4, "advanced-strategic")
    presenter = DragonsGoldPresenter(game)
    for state in random_states(game, games=2, seed=3):
        player = state.current_player()
        if player >= 0:
            line = presenter.status(state, int(player))
            assert line.startswith(f"Player {player + 1}: "), line
            assert presenter.status(state, int(player), "de").startswith(f"Spieler {player + 1}: ")
        for word in (" p0", " p1", "[", "]"):
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
    assert "Drache 1: keiner | Drache 2: " in line
