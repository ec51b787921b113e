"""How the search bot divides and chooses (kaskaria/dragons_gold/dividing.py), against twins
worked out afresh: every token given to every pile, each chooser taking its best pile."""

from __future__ import annotations

from itertools import product
from math import comb, prod

import numpy as np
import pytest
from dg_support import foreseen

import kaskaria
from kaskaria.bots import make_bot
from kaskaria.dragons_gold import dividing
from kaskaria.dragons_gold.rules import COLOURS


def situations(phase: str, variant: str, players: int, seeds: range):
    """Every state of ``phase`` met in games of ``"maximiser"`` bots (the seeds given)."""
    for seed in seeds:
        game = kaskaria.load("dragons-gold", players=players, variant=variant)
        state = game.new_state()
        rng = np.random.default_rng(seed)
        bots = [make_bot("dragons-gold", "maximiser") for _ in range(players)]
        while not state.is_terminal():
            if state.is_chance_node():
                state = state.apply(state.sample_chance(rng))
                continue
            if state.phase == phase:
                yield state
            state = state.apply(bots[state.current_player()].choose(state, rng))


def every_split(pot, parts):
    """Every way to put each token left on some pile (the tokens one by one, repeats and all)."""
    n = len(parts)
    tokens = [c for c in range(len(COLOURS)) for _ in range(pot[c] - sum(p[c] for p in parts))]
    for where in product(range(n), repeat=len(tokens)):
        piles = [list(p) for p in parts]
        for c, k in zip(tokens, where, strict=True):
            piles[k][c] += 1
        if sum(pot) >= n and not all(any(p) for p in piles):
            continue
        yield tuple(tuple(p) for p in piles)


def ways(left, n):
    return prod(comb(k + n - 1, n - 1) for k in left)


def check_best(obs, made, parts):
    """``made`` against every split that keeps ``parts``: the best when few enough to try them
    all (and said so), else no better than the best (and said to be climbed). True if tried."""
    sp = obs["split"]
    pot = [sp["pot"].get(c, 0) for c in COLOURS]
    assert [sum(col) for col in zip(*made.piles, strict=True)] == pot
    assert all(
        m >= p
        for pile, part in zip(made.piles, parts, strict=True)
        for m, p in zip(pile, part, strict=True)
    )
    owners, scores, value = foreseen(obs, made.piles, sp["owners"], sp["order"])
    assert (made.owners, made.scores, made.value) == (owners, scores, value)
    best = max(foreseen(obs, s, sp["owners"], sp["order"])[2] for s in every_split(pot, parts))
    left = [t - sum(p[c] for p in parts) for c, t in enumerate(pot)]
    if ways(left, len(parts)) <= dividing.LIMIT:
        assert made.value == best and made.every
        return True
    assert made.value <= best and not made.every
    return False


@pytest.mark.parametrize("variant", ["basic-strategic", "advanced-strategic"])
def test_the_piles_leave_the_divider_best_placed_of_every_split(variant):
    """The divider's piles: no split of the treasure (every token on every pile) leaves it
    better placed against the others, the choosers each taking the pile worth most to them; what
    it foresees is what happens then. Beyond LIMIT ways, climbed piles, no better than the
    best."""
    tried = 0
    for state in situations("divide", variant, 3, range(4)):
        obs = state.observation(state.current_player())
        sp = obs["split"]
        if any(any(part.values()) for part in sp["parts"]) or sum(sp["pot"].values()) > 7:
            continue  # the first step of small treasures: every split can be tried
        tried += check_best(obs, dividing.best_piles(obs), [[0] * len(COLOURS)] * len(sp["parts"]))
    assert tried >= 5, tried


def test_the_piles_stay_while_followed_and_are_made_anew_around_a_token_put_astray():
    """Following the piles token by token keeps them; a token put elsewhere gets new piles that
    keep every token where it lies, the best of those (checked as above)."""
    followed = astray = 0
    for state in situations("divide", "basic-strategic", 3, range(6)):
        seat = state.current_player()
        obs = state.observation(seat)
        sp = obs["split"]
        if any(any(part.values()) for part in sp["parts"]) or sum(sp["pot"].values()) > 7:
            continue
        made = dividing.best_piles(obs)
        puts = [a for a in state.legal_actions() if a.verb == "put"]
        on = [a for a in puts if made.piles[int(a.args[3]) - 1][COLOURS.index(a.args[0])] > 0]
        off = [a for a in puts if made.piles[int(a.args[3]) - 1][COLOURS.index(a.args[0])] == 0]
        assert dividing.best_piles(state.apply(on[0]).observation(seat)) == made
        followed += 1
        if off:
            after = state.apply(off[0]).observation(seat)
            parts = [[part.get(c, 0) for c in COLOURS] for part in after["split"]["parts"]]
            anew = dividing.best_piles(after)
            assert anew.piles != made.piles
            check_best(after, anew, parts)
            astray += 1
    assert followed >= 5 and astray >= 5, (followed, astray)


@pytest.mark.parametrize("variant", ["basic-strategic", "advanced-strategic"])
def test_the_chooser_takes_the_pile_that_leaves_it_best_placed(variant):
    """A chooser takes the free pile after which (the later choosers foreseen) its score less
    the mean of the others' is highest; ties: its own score, then the lowest pile."""
    checked = 0
    for state in situations("choose", variant, 4, range(3)):
        seat = state.current_player()
        obs = state.observation(seat)
        sp = obs["split"]
        parts = [[part.get(c, 0) for c in COLOURS] for part in sp["parts"]]
        ranked = {}
        for k, owner in enumerate(sp["owners"]):
            if owner < 0:
                taken = list(sp["owners"])
                taken[k] = seat
                _, scores, value = foreseen(obs, parts, taken, sp["order"][1:])
                ranked[k] = (value, scores[seat], -k)
        k, outlook = dividing.best_pile(obs)
        assert k == max(ranked, key=ranked.get)
        assert outlook.value == ranked[k][0]
        checked += 1
    assert checked >= 20, checked


def test_a_large_treasure_is_divided_by_climbing_around_the_tokens_put(monkeypatch):
    """Beyond LIMIT ways to split, the piles come from a climb: every token put so far stays,
    every pile gets a token, and the piles rank at least as well as equal piles do."""
    monkeypatch.setattr(dividing, "LIMIT", 0)
    monkeypatch.setattr(dividing, "_MADE", {})  # the piles made above stay the tried ones
    checked = 0
    for state in situations("divide", "advanced-strategic", 3, range(2)):
        obs = state.observation(state.current_player())
        sp = obs["split"]
        pot = [sp["pot"].get(c, 0) for c in COLOURS]
        parts = [[part.get(c, 0) for c in COLOURS] for part in sp["parts"]]
        made = dividing.best_piles(obs)
        assert not made.every
        assert [sum(col) for col in zip(*made.piles, strict=True)] == pot
        assert all(
            m >= p
            for pile, part in zip(made.piles, parts, strict=True)
            for m, p in zip(pile, part, strict=True)
        )
        if sum(pot) >= len(parts):
            assert all(any(pile) for pile in made.piles)
        assert made.value == foreseen(obs, made.piles, sp["owners"], sp["order"])[2]
        checked += 1
    assert checked >= 10, checked


def test_the_search_bot_divides_and_chooses_as_it_foresees():
    """The search bot's steps: each token where its piles have it, the piles then declared made,
    and the pile it foresees as best taken."""
    bot = make_bot("dragons-gold", "search")
    rng = np.random.default_rng(0)
    seen = set()
    for phase in ("divide", "choose"):
        for state in situations(phase, "basic-strategic", 3, range(2)):
            seat = state.current_player()
            obs = state.observation(seat)
            action = bot.choose(state, rng)
            if phase == "choose":
                k, _ = dividing.best_pile(obs)
                assert str(action) == f"choose pile {k + 1}"
            elif action.verb == "put":
                piles = dividing.best_piles(obs).piles
                c, k = COLOURS.index(action.args[0]), int(action.args[3]) - 1
                assert piles[k][c] > obs["split"]["parts"][k].get(action.args[0], 0)
            else:
                assert str(action) == "split" and not any(obs["split"]["left"].values())
            seen.add(action.verb)
    assert seen == {"put", "split", "choose"}


@pytest.mark.parametrize("variant", ["basic-strategic", "advanced-strategic"])
def test_the_piles_and_their_hints_cannot_tell_twins_apart(variant):
    """Two positions that differ only in what the seat may not see (the other screens beyond what
    it is sure of, the items) give the same piles, the same pile to take, and the same hint, word
    for word and number for number."""
    from kaskaria.hints import hint

    rng = np.random.default_rng(5)
    pairs = differing = 0
    for phase in ("divide", "choose"):
        for state in situations(phase, variant, 3, range(2)):
            seat = state.current_player()
            twin = state.resample_hidden(seat, rng)
            obs = state.observation(seat)
            assert twin.observation(seat) == obs
            if phase == "divide":
                assert dividing.best_piles(obs) == dividing.best_piles(twin.observation(seat))
            else:
                assert dividing.best_pile(obs) == dividing.best_pile(twin.observation(seat))
            for lang in ("en", "de"):
                a, b = hint(state, lang=lang, iterations=4), hint(twin, lang=lang, iterations=4)
                assert (a.action, a.text, a.numbers) == (b.action, b.text, b.numbers)
            pairs += 1
            differing += twin != state
    assert pairs >= 20 and differing >= 10, (pairs, differing)


@pytest.mark.parametrize(
    ("lang", "first", "then"),
    [
        (
            "en",
            "Pile 1 is full for now: piles 2 and 3 still need a token each.",
            "Piles 1 and 2 are full for now: pile 3 still needs a token.",
        ),
        (
            "de",
            "Anteil 1 ist erst mal voll: Die Anteile 2 und 3 brauchen noch je einen Schatzstein.",
            "Die Anteile 1 und 2 sind erst mal voll: Anteil 3 braucht noch einen Schatzstein.",
        ),
    ],
)
def test_a_click_on_a_full_pile_is_refused_with_the_piles_still_in_need(lang, first, then):
    """Dividing into piles with as many tokens left as empty piles, a click on a full pile is
    refused because the empty piles still need a token each, not because "first the treasure is
    shared" (the one dividing is sharing it)."""
    import browser_support as bs

    from kaskaria.i18n import text

    table = bs.divide_and_choose_table(lang, "divide")
    sharing = text("dragons-gold", "board.not_now_share", lang)
    assert table.view["board"]["words"]["not_now_part"] == sharing

    def puts(pile):
        return [a["action"] for a in table.view["moves"]["actions"] if a["action"].endswith(pile)]

    while puts("pile 1"):
        table.act(puts("pile 1")[0])
    assert len(table.view["board"]["observation"]["split"]["parts"][0]) > 0
    assert table.view["board"]["words"]["not_now_part"] == first
    # a dragon clicked meanwhile: the treasure is being shared (no pile is named)
    assert table.view["board"]["words"]["not_now"] == sharing
    table.act(puts("pile 2")[0])
    assert table.view["board"]["words"]["not_now_part"] == then
    assert table.view["board"]["words"]["not_now"] == sharing
