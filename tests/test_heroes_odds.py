"""The exact odds of Heroes of Kaskaria against brute-force twins.

The twins share no code with :mod:`kaskaria.heroes.odds`: they enumerate every way the cards a
seat cannot see may lie (each ordering of the unseen cards, each place of the waterfall), build
each full state and ask the *engine* what the next draw brings; they count hands card by card;
and they build the lone player's chain with the waterfall at a known place instead of the
interval of places the odds use.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from math import comb

import numpy as np
import pytest
from heroes_support import load, random_states

from kaskaria import CHANCE
from kaskaria.heroes import odds
from kaskaria.heroes.odds import _solve

SMALL = dict(
    colours=["blue", "orange"],
    griffin_cards=1,
    runner_cards=1,
    gold_cards=2,
    plus2_cards=0,
    hand_limit=3,
    start_hand=1,
    display_size=1,
    player_counts=[2, 2],
    griffin_path=2,
    runner_path=3,
)


def small_game(**more):
    return load(2, **{**SMALL, **more})


# ---------------------------------------------------------------------------------------------
# The twin: every deal a seat cannot tell apart, through the engine
# ---------------------------------------------------------------------------------------------
def consistent_deals(state, seat):
    """Every full state ``seat`` cannot tell from ``state``, with its exact probability: each
    ordering of the unseen cards (as labelled cards) dealt to the other hands' unknown places and
    the pile, each place of the waterfall the table cannot rule out."""
    game = state.game
    obs = state.observation(seat)
    unseen = Counter(state.game.kind_names[k] for h in _others(state, seat) for k in h)
    unseen.update(state.observation("omniscient")["pile_cards"])
    for p, known in enumerate(obs["known"]):
        if p != seat:
            unseen.subtract(known)
    labelled = [name for name, n in sorted(unseen.items()) for _ in range(n)]
    slots = [
        obs["hand_sizes"][p] - len(obs["known"][p]) if p != seat else 0 for p in range(game.players)
    ]
    deals = Counter()
    for order in itertools.permutations(range(len(labelled))):
        cards = [labelled[i] for i in order]
        hands, start = [], 0
        for p in range(game.players):
            hands.append(tuple(sorted(cards[start : start + slots[p]])))
            start += slots[p]
        deals[(tuple(hands), tuple(sorted(cards[start:])))] += 1
    total = sum(deals.values())
    lo, hi = obs["waterfall"]["lowest"], obs["waterfall"]["highest"]
    base = state.to_dict()
    for (hands, pile), n in deals.items():
        for above in range(lo, hi + 1):
            data = dict(base)
            data["hands"] = [
                list(obs["hands"][seat]) if p == seat else [*obs["known"][p], *hands[p]]
                for p in range(game.players)
            ]
            data["pile"] = list(pile)
            data["above"] = above
            yield game.state_from_dict(data), Fraction(n, total) / (hi - lo + 1)


def _others(state, seat):
    return [h for p, h in enumerate(state.hands) if p != seat]


def card_taken(state, seat):
    """{card name or "waterfall first" markers: chance} of what ``draw pile`` brings into
    ``seat``'s hand, by walking the engine's chance tree (a shuffle that puts the waterfall on
    top again is a loop: its chance is spread over the other places)."""
    out = Counter()
    showed = Fraction(0)

    def walk(s, p, after_waterfall):
        nonlocal showed
        if s.current_player() != CHANCE:
            before = Counter(state.hands[seat])
            now = Counter(s.hands[seat])
            (new,) = (now - before).elements()
            out[s.game.kind_names[new]] += p
            return
        if s.phase == "bury":
            places = s.chance_outcomes()
            loop = [a for a, _ in places if a.args[1] == "0"]
            rest = [a for a, _ in places if a.args[1] != "0"]
            # from the place 0 the waterfall shows again and the shuffle repeats exactly
            for a in rest:
                walk(s.apply(a), p / len(rest), True)
            assert loop or not rest
            if not rest:  # the pile holds only the waterfall
                raise AssertionError("no card to draw")
            return
        for a, q in s.chance_outcomes():
            if a.verb == "waterfall" and not after_waterfall:
                showed += p * q
            walk(s.apply(a), p * q, after_waterfall or a.verb == "waterfall")

    walk(state.apply("draw pile"), Fraction(1), False)
    return out, showed


def brute_next_card(state, seat):
    total = Counter()
    showed = Fraction(0)
    for deal, p in consistent_deals(state, seat):
        cards, w = card_taken(deal, seat)
        for name, q in cards.items():
            total[name] += p * q
        showed += p * w
    return total, showed


def decision_points(game, games, seed):
    """Turn states where the player to move may draw from the pile."""
    out = []
    for state in random_states(game, games, seed):
        if state.phase == "turn" and any(a.verb == "draw" for a in state.legal_actions()):
            out.append(state)
    return out


@pytest.fixture(scope="module")
def small_points():
    points = decision_points(small_game(), 12, seed=4)
    points += decision_points(small_game(plus2_cards=1, gold_cards=1), 8, seed=5)
    return points


def test_next_card_is_exact_against_every_deal(small_points):
    checked = near_waterfall = with_discard = 0
    for state in small_points[::3]:
        seat = state.player
        obs = state.observation(seat)
        exact = odds.next_card(state.game, obs)
        brute, showed = brute_next_card(state, seat)
        assert exact.waterfall == showed
        assert exact.none == 0
        for k, name in enumerate(state.game.kind_names):
            assert exact.kinds[k] == brute[name], (name, state)
        assert sum(exact.kinds) == 1
        checked += 1
        near_waterfall += 0 < showed < 1
        with_discard += obs["discard"] != []
    assert checked >= 15 and near_waterfall >= 3 and with_discard >= 3


def test_completes_set_against_every_deal(small_points):
    for state in small_points[::4]:
        seat = state.player
        obs = state.observation(seat)
        brute, _ = brute_next_card(state, seat)
        for colour in state.game.colours:
            held = sum(1 for n in obs["hands"][seat] if n.startswith(colour + " "))
            chance = odds.completes_set(state.game, obs, colour)
            if held >= 2:
                assert chance == 1
            elif held == 0:
                assert chance == 0
            else:
                assert chance == sum(p for n, p in brute.items() if n.startswith(colour + " "))
            gold = odds.completes_set(state.game, obs, colour, "gold")
            assert gold == brute[f"{colour} gold"]


def test_odds_on_the_printed_deck_average_the_engine_over_the_waterfall_place():
    """With the printed deck every deal cannot be listed, but the waterfall's part can: the
    chance that the waterfall is next is the engine's chance averaged over every place."""
    game = load(3)
    for state in decision_points(game, 3, seed=1)[::7]:
        obs = state.observation(state.player)
        lo, hi = obs["waterfall"]["lowest"], obs["waterfall"]["highest"]
        engine = Fraction(0)
        for above in range(lo, hi + 1):
            data = state.to_dict()
            data["above"] = above
            drawn = game.state_from_dict(data).apply("draw pile")
            engine += dict(drawn.chance_outcomes()).get(drawn.parse_action("waterfall"), 0)
        engine /= hi - lo + 1
        assert odds.waterfall_next(game, obs) == engine


def test_waterfall_within_against_the_history_of_the_game():
    """Twin: from the record of the game alone, the places the waterfall could have been put
    (bottom half at set-up, anywhere after a shuffle) that the cards taken since rule out."""
    for players in (2, 4):
        game = load(players)
        rng = np.random.default_rng(players)
        for _ in range(3):
            state = game.new_state()
            places = None
            taken = 0
            while not state.is_terminal():
                if state.phase == "turn":
                    obs = state.observation(state.player)
                    alive = [k for k in places if k >= taken]
                    for n in (1, 2, 5, 12):
                        want = Fraction(sum(1 for k in alive if k - taken < n), len(alive))
                        assert odds.waterfall_within(game, obs, n) == want
                if state.current_player() == CHANCE:
                    action = state.sample_chance(rng)
                else:
                    legal = state.legal_actions()
                    action = legal[int(rng.integers(len(legal)))]
                if action.verb == "waterfall" and action.args:
                    lo = (
                        state.game.waterfall_floor(state.pile_size) if state.resume == "turn" else 0
                    )
                    places = list(range(lo, state.pile_size + 1))
                    taken = 0
                elif action.verb == "reveal" and places is not None:
                    taken += 1
                state = state.apply(action)


def test_waterfall_odds_check_their_input():
    state = load(2).new_state()
    game = state.game
    with pytest.raises(ValueError, match="not in the draw pile now"):
        odds.waterfall_within(game, state.observation(0), 3)
    rng = np.random.default_rng(0)
    while state.current_player() == CHANCE:
        state = state.apply(state.sample_chance(rng))
    with pytest.raises(ValueError, match="n must be a whole number >= 0"):
        odds.waterfall_within(game, state.observation(0), -1)
    with pytest.raises(ValueError, match="for a seat's view"):
        odds.next_card(game, state.observation("table"))
    with pytest.raises(ValueError, match="unknown colour 'pink'"):
        odds.completes_set(game, state.observation(0), "pink")
    with pytest.raises(ValueError, match="unknown motif 'sword'"):
        odds.completes_set(game, state.observation(0), "blue", "sword")
    assert odds.waterfall_within(game, state.observation(0), 0) == 0
    assert odds.waterfall_within(game, state.observation(0), 100) == 1


def test_unseen_cards_are_the_pile_and_the_unknown_hand_cards():
    game = load(3)
    for state in random_states(game, 2, seed=3):
        for seat in range(3):
            obs = state.observation(seat)
            unseen = odds.unseen(game, obs)
            assert sum(unseen) == obs["pile"] + sum(
                obs["hand_sizes"][p] - len(obs["known"][p]) for p in range(3) if p != seat
            )
            truth = list(state.pile)
            for p in range(3):
                if p != seat:
                    for k in state.hands[p]:
                        truth[k] += 1
                    for name in obs["known"][p]:
                        truth[game.kind_of[name]] -= 1
            assert list(unseen) == truth


# ---------------------------------------------------------------------------------------------
# A random hand holds a set
# ---------------------------------------------------------------------------------------------
def count_hands_with_a_set(colours, k):
    cards = [c for c, n in enumerate(colours) for _ in range(n)]
    hits = total = 0
    for hand in itertools.combinations(range(len(cards)), k):
        total += 1
        seen = [cards[i] for i in hand]
        hits += len(set(seen)) < len(seen)
    return Fraction(hits, total)


@pytest.mark.parametrize("k", [0, 1, 2, 3])
def test_hand_has_set_on_the_printed_deck_by_counting(k):
    game = load(2)
    assert odds.hand_has_set(k, odds.colour_counts(game)) == count_hands_with_a_set([6] * 9, k)


@pytest.mark.parametrize(("colours", "k"), [([3, 1, 2], 3), ([2, 2, 2, 2], 4), ([5, 1, 1, 1], 4)])
def test_hand_has_set_with_uneven_colours_by_counting(colours, k):
    assert odds.hand_has_set(k, colours) == count_hands_with_a_set(colours, k)


def test_hand_has_set_facts():
    nine = [6] * 9
    assert odds.hand_has_set(10, nine) == 1  # ten cards of nine colours: always a set
    assert odds.hand_has_set(5, nine) == 1 - Fraction(comb(9, 5) * 6**5, comb(54, 5))
    assert float(odds.hand_has_set(5, nine)) == pytest.approx(0.6902, abs=1e-4)
    with pytest.raises(ValueError, match="cannot draw 60 cards from 54"):
        odds.hand_has_set(60, nine)
    with pytest.raises(ValueError, match="k must be a whole number"):
        odds.hand_has_set(True, nine)


# ---------------------------------------------------------------------------------------------
# Expected turns of a lone player
# ---------------------------------------------------------------------------------------------
def twin_expected_turns(game, figure):
    """The same solitaire, built independently with the waterfall at a known place ``k`` (cards
    above it) instead of the interval of places a player sees."""
    motif = {"griffin": 0, "runner": 1}[figure]
    path = game.griffin_path if figure == "griffin" else game.runner_path
    total = [n for n in game.deck]

    def pile_of(hand, discard, aside=()):
        return [t - hand.count(k) - discard[k] - aside.count(k) for k, t in enumerate(total)]

    def policy(hand):
        colours = sorted({k // 4 for k in hand})
        for c in colours:
            cards = [k for k in hand if k // 4 == c]
            if len(cards) >= 2 and any(k % 4 == motif for k in cards):
                return cards
        if len(hand) >= game.hand_limit:
            best = max(colours, key=lambda c: sum(1 for k in hand if k // 4 == c))
            return [k for k in hand if k // 4 == best]
        return None

    def draw(hand, discard, k, aside=()):
        """{(hand, discard, k): p} after one card comes off the pile (``aside``: the set being
        played, in neither)."""
        pile = pile_of(hand, discard, aside)
        n = sum(pile)
        out = Counter()
        if k > 0:
            for kind, c in enumerate(pile):
                if c:
                    out[(tuple(sorted(hand + (kind,))), discard, k - 1)] += Fraction(c, n)
            return out
        # the waterfall shows: shuffle; it lands at place j of 0..m; at 0 it shows again
        merged = [a + b for a, b in zip(pile, discard, strict=True)]
        m = sum(merged)
        empty = (0,) * len(discard)
        for j in range(1, m + 1):
            for kind, c in enumerate(merged):
                if c:
                    key = (tuple(sorted(hand + (kind,))), empty, j - 1)
                    out[key] += Fraction(1, m) * Fraction(c, m)
        return out

    chain = {}
    start_pile = sum(total)
    floor = game.waterfall_floor(start_pile)
    starts = [((), (0,) * len(total), k, path) for k in range(floor, start_pile + 1)]
    todo = list(starts)
    while todo:
        s = todo.pop()
        if s in chain:
            continue
        hand, discard, k, to_go = s
        played = policy(list(hand))
        nxt = Counter()
        if played is None:
            for (h, d, kk), p in draw(hand, discard, k).items():
                nxt[(h, d, kk, to_go)] += p
        else:
            moved = sum(1 for c in played if c % 4 == motif)
            rest = list(hand)
            for c in played:
                rest.remove(c)
            if to_go - moved <= 0:
                nxt["volcano"] += 1
            else:
                # '+2' cards: cards from the pile while the set lies aside (neither in the hand
                # nor on the discard pile: the pile is everything else)
                spots = Counter({(tuple(rest), discard, k): Fraction(1)})
                for _ in range(sum(1 for c in played if c % 4 == 3) * game.plus2_draws):
                    after = Counter()
                    for (h, dd, kk), p in spots.items():
                        if len(h) >= game.hand_limit:
                            after[(h, dd, kk)] += p
                            continue
                        for key, q in draw(h, dd, kk, tuple(played)).items():
                            after[key] += p * q
                    spots = after
                for (h, dd, kk), p in spots.items():
                    d = list(dd)
                    for c in played:
                        d[c] += 1
                    nxt[(h, tuple(d), kk, to_go - moved)] += p
        chain[s] = dict(nxt)
        todo.extend(t for t in nxt if t != "volcano" and t not in chain)
    values = _solve(chain)
    for s, e in values.items():  # the solution satisfies every equation exactly
        assert e == 1 + sum(p * values[t] for t, p in chain[s].items() if t != "volcano")
    return sum(values[s] for s in starts) / len(starts)


@pytest.mark.parametrize(
    ("figure", "more"),
    [
        pytest.param("griffin", {"griffin_path": 1}, marks=pytest.mark.slow),
        pytest.param("griffin", {}, marks=pytest.mark.soak),
        pytest.param("runner", {"runner_path": 2}, marks=pytest.mark.soak),
        pytest.param(
            "runner", {"plus2_cards": 1, "gold_cards": 1, "runner_path": 2}, marks=pytest.mark.slow
        ),
    ],
)
def test_expected_turns_against_the_known_place_chain(figure, more):
    game = small_game(**more)
    exact = odds.expected_turns(game, figure)
    assert exact == twin_expected_turns(game, figure)
    chain, start = odds.solo_chain(game, figure)
    values = _solve(chain)
    assert values[start] == exact
    for s, e in values.items():
        assert e == 1 + sum(p * values[t] for t, p in chain[s].items() if t != "volcano")
        assert sum(chain[s].values()) == 1


@pytest.mark.slow
def test_expected_turns_simulation_agrees_within_its_interval():
    game = small_game()
    exact = odds.expected_turns(game, "runner")
    sims = odds.simulate_turns(game, "runner", 20_000, np.random.default_rng(11))
    se = sims.std(ddof=1) / np.sqrt(len(sims))
    assert abs(sims.mean() - float(exact)) < 4 * se


def test_expected_turns_simulation_quick_check():
    game = small_game()
    exact = float(odds.expected_turns(game, "griffin"))
    sims = odds.simulate_turns(game, "griffin", 3000, np.random.default_rng(2))
    se = sims.std(ddof=1) / np.sqrt(len(sims))
    assert abs(sims.mean() - exact) < 4 * se
    assert sims.min() >= game.griffin_path  # at least one draw per card moved


def test_expected_turns_with_plus2_cards_and_the_brave_bonus():
    game = load(2, "brave", **{**SMALL, "plus2_cards": 1, "gold_cards": 1})
    exact = odds.expected_turns(game, "runner")
    sims = odds.simulate_turns(game, "runner", 4000, np.random.default_rng(5))
    se = sims.std(ddof=1) / np.sqrt(len(sims))
    assert abs(sims.mean() - float(exact)) < 4 * se


def test_expected_turns_refuses_what_it_cannot_solve():
    with pytest.raises(ValueError, match="too many to solve exactly"):
        odds.expected_turns(load(2), "runner", max_states=2000)
    with pytest.raises(ValueError, match="figure must be 'griffin' or 'runner'"):
        odds.expected_turns(small_game(), "dragon")
    with pytest.raises(ValueError, match="no griffin cards"):
        odds.expected_turns(small_game(griffin_cards=0, runner_cards=2), "griffin")
    with pytest.raises(ValueError, match="'magenta gold' in hand is not a card"):
        odds.expected_turns(small_game(), "griffin", hand=["magenta gold"])
    with pytest.raises(ValueError, match="there are only 1 blue griffin cards"):
        odds.expected_turns(
            small_game(), "griffin", hand=["blue griffin"], display=["blue griffin"]
        )


def test_a_hand_that_starts_with_a_set_needs_fewer_turns():
    game = small_game()
    empty = odds.expected_turns(game, "griffin")
    ready = odds.expected_turns(game, "griffin", hand=["blue griffin", "blue gold"])
    assert ready < empty
