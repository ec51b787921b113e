"""Exact odds of Heroes of Kaskaria, from what one seat can see.

Every function takes the game and a seat's observation (``state.observation(seat)``) or plain
numbers, never the state: it answers with :class:`fractions.Fraction` values computed from the
rules, so a learner's question has one exact answer.

**What a seat does not see.** The *unseen* cards are every card of the game minus the seat's own
hand, the display, the discard pile, the set being played and the cards known to be in other
hands (taken from the display). They lie in the draw pile and in the unknown part of the other
hands, and, as far as the seat can tell, every way of sharing them out is equally likely: the top
card of the draw pile is a card drawn uniformly from the unseen cards. The waterfall lies
uniformly at one of the places ``lowest .. highest`` of the observation (see
:mod:`kaskaria.heroes.engine`), independently of the other cards.

- :func:`unseen` -- the unseen cards, as counts per kind;
- :func:`waterfall_next` and :func:`waterfall_within` -- the chance that the waterfall is the
  next card / comes within the next ``n`` cards off the pile;
- :func:`next_card` -- the exact distribution of the card the next draw from the pile brings
  (with the reshuffle when the waterfall comes first);
- :func:`completes_set` -- the chance that the next card from the pile completes a set of a
  wanted colour (or gives it a wanted card);
- :func:`hand_has_set` -- the chance that a random hand of ``k`` cards holds a playable set;
- :func:`expected_turns` -- the expected number of turns a lone player needs to bring a figure
  to the volcano under a simple policy, solved exactly (see there).

Each has a brute-force twin in the tests (enumeration of every deal, or exhaustive counting).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

import numpy as np

from ..validate import short
from .engine import Heroes
from .pieces import _bonus
from .rules import MOTIFS

__all__ = [
    "NextCard",
    "colour_counts",
    "completes_set",
    "expected_turns",
    "hand_has_set",
    "next_card",
    "simulate_turns",
    "solo_chain",
    "unseen",
    "waterfall_next",
    "waterfall_within",
]


def _check(game: Any, obs: Any) -> Heroes:
    if not isinstance(game, Heroes):
        raise TypeError(f"game must be a Heroes of Kaskaria game, got {short(game)}")
    if not isinstance(obs, dict) or obs.get("game") != "heroes":
        raise ValueError(
            f"obs must be a Heroes of Kaskaria observation (state.observation(seat)), got "
            f"{short(obs)}"
        )
    if obs["viewer"].__class__ is not int:
        raise ValueError(f"the odds are for a seat's view, not for the {obs['viewer']!r} view")
    return game


def unseen(game: Heroes, obs: dict[str, Any]) -> tuple[int, ...]:
    """The cards ``obs``'s seat cannot see (draw pile and the unknown part of other hands), as
    counts per kind (kind = colour index * 4 + motif index)."""
    game = _check(game, obs)
    seat = obs["viewer"]
    kind_of = game.kind_of
    counts = list(game.deck)
    seen: list[str] = [*obs["hands"][seat], *obs["discard"], *obs["played"]]
    seen += [n for n in obs["display"] if n is not None]
    for p, known in enumerate(obs["known"]):
        if p != seat:
            seen += known
    for name in seen:
        counts[kind_of[name]] -= 1
    return tuple(counts)


def waterfall_next(game: Heroes, obs: dict[str, Any]) -> Fraction:
    """The chance that the next card off the draw pile is the waterfall card."""
    return waterfall_within(game, obs, 1)


def waterfall_within(game: Heroes, obs: dict[str, Any], n: int) -> Fraction:
    """The chance that the waterfall card comes within the next ``n`` cards off the draw pile.

    The waterfall lies below ``lowest`` to ``highest`` cards (the pile size), each place equally
    likely; it comes within ``n`` cards when fewer than ``n`` cards lie above it."""
    _check(game, obs)
    if n.__class__ is not int or n < 0:
        raise ValueError(f"n must be a whole number >= 0, got {short(n)}")
    wf = obs["waterfall"]
    if not wf["in_pile"]:
        raise ValueError(
            "the waterfall card is not in the draw pile now (it is set aside at set-up, or "
            "being shuffled in)"
        )
    lo, hi = wf["lowest"], wf["highest"]
    places = hi - lo + 1
    within = max(0, min(n, hi + 1) - lo)
    return Fraction(within, places)


@dataclass(frozen=True)
class NextCard:
    """The card the next draw from the pile brings: ``kinds[k]`` the chance of kind ``k``;
    ``waterfall`` the chance that the waterfall shows first (a reshuffle); ``none`` the chance
    that there is no card at all."""

    kinds: tuple[Fraction, ...]
    waterfall: Fraction
    none: Fraction

    def colour(self, c: int) -> Fraction:
        """The chance that the card has colour ``c`` (its index in the rules table)."""
        return sum(self.kinds[4 * c : 4 * c + 4], Fraction(0))


def next_card(game: Heroes, obs: dict[str, Any]) -> NextCard:
    """The exact distribution of the next card a draw from the pile brings, from ``obs``'s view.

    Without the waterfall on top, the card is uniform over the unseen cards. With it on top
    (chance :func:`waterfall_next`), the draw pile and the discard pile are shuffled together,
    and the card is uniform over that new pile, whose unseen part is a random share of the
    unseen cards.
    """
    game = _check(game, obs)
    u = unseen(game, obs)
    total_u = sum(u)
    pile = obs["pile"]
    discard = [0] * game.kinds
    for name in obs["discard"]:
        discard[game.kind_of[name]] += 1
    d = sum(discard)
    p_w = waterfall_next(game, obs) if obs["waterfall"]["in_pile"] else Fraction(0)
    kinds = [Fraction(0)] * game.kinds
    if total_u and p_w < 1:
        for k in range(game.kinds):
            kinds[k] += (1 - p_w) * Fraction(u[k], total_u)
    none = Fraction(0)
    if p_w:
        if pile + d == 0:
            none = p_w
        else:
            for k in range(game.kinds):
                share = Fraction(pile * u[k], total_u) if total_u else Fraction(0)
                kinds[k] += p_w * (share + discard[k]) / (pile + d)
    return NextCard(tuple(kinds), p_w, none)


def _colour_index(game: Heroes, colour: Any) -> int:
    if colour.__class__ is not str or colour not in game.colours:
        raise ValueError(f"unknown colour {short(colour)}; colours are {', '.join(game.colours)}")
    return game.colours.index(colour)


def completes_set(
    game: Heroes, obs: dict[str, Any], colour: str, motif: str | None = None
) -> Fraction:
    """The chance that the next card from the draw pile completes a set of ``colour`` in the
    seat's hand: 1 if the hand already holds one (2 or more cards of that colour), 0 if it holds
    no card of it (one card cannot make a set), else the chance that the card has that colour.

    With ``motif``: the chance that the card is that colour *and* motif (say the second gold
    card of a colour, which the brave variant rewards).
    """
    game = _check(game, obs)
    c = _colour_index(game, colour)
    if motif is not None and (motif.__class__ is not str or motif not in MOTIFS):
        raise ValueError(f"unknown motif {short(motif)}; motifs are {', '.join(MOTIFS)}")
    card = next_card(game, obs)
    if motif is not None:
        return card.kinds[4 * c + MOTIFS.index(motif)]
    held = sum(1 for n in obs["hands"][obs["viewer"]] if n.split()[0] == colour)
    if held >= 2:
        return Fraction(1)
    if held == 0:
        return Fraction(0)
    return card.colour(c)


def colour_counts(game: Heroes) -> tuple[int, ...]:
    """The cards of each colour in the whole game (the waterfall aside)."""
    return (sum(game.per_colour),) * len(game.colours)


def hand_has_set(k: int, colours: Sequence[int]) -> Fraction:
    """The chance that ``k`` cards drawn at random from cards of the given colour counts
    (``colours[c]`` cards of colour ``c``; :func:`colour_counts` for the whole game) hold a
    playable set: two or more cards of one colour.

    The opposite event is that all ``k`` cards have different colours: choose ``k`` colours and
    one card of each, ``e_k(colours)`` ways (the elementary symmetric sum), out of
    ``C(total, k)`` hands.
    """
    if k.__class__ is not int or k < 0:
        raise ValueError(f"k must be a whole number >= 0, got {short(k)}")
    counts = tuple(colours)
    if not all(c.__class__ is int and c >= 0 for c in counts):
        raise ValueError(f"colours must be whole numbers >= 0, got {short(counts)}")
    total = sum(counts)
    if k > total:
        raise ValueError(f"cannot draw {k} cards from {total}")
    # e[j]: ways to pick j cards of j different colours, built colour by colour
    e = [1] + [0] * k
    for c in counts:
        for j in range(k, 0, -1):
            e[j] += e[j - 1] * c
    return 1 - Fraction(e[k], comb(total, k))


# ---------------------------------------------------------------------------------------------
# Expected turns to the volcano (a lone player, a simple policy), solved exactly
# ---------------------------------------------------------------------------------------------
def _policy_play(game: Heroes, hand: tuple[int, ...], motif: int) -> tuple[int, ...] | None:
    """The set the simple policy plays from ``hand``: all cards of the first colour (in the
    rules table's order) that holds 2+ cards including one of ``motif``; with a full hand and no
    such colour, all cards of the colour with the most cards (the first on a tie); else None."""
    by_colour: dict[int, list[int]] = {}
    for k in hand:
        by_colour.setdefault(k >> 2, []).append(k)
    for c in sorted(by_colour):
        cards = by_colour[c]
        if len(cards) >= 2 and any(k & 3 == motif for k in cards):
            return tuple(cards)
    if len(hand) >= game.hand_limit:
        best = max(sorted(by_colour), key=lambda c: len(by_colour[c]))
        return tuple(by_colour[best])
    return None


def _moves(game: Heroes, played: tuple[int, ...], motif: int) -> int:
    n = sum(1 for k in played if k & 3 == motif)
    if game.brave and motif == 1:
        return _bonus(n, game.brave_runner_move, game.brave_pairs)
    return n


@dataclass(frozen=True)
class _Solo:
    """A lone player's position as that player sees it: hand, discard pile, the fields still to
    go, and the waterfall's possible places (``lo`` .. cards in the pile; ``lo = -1``: it is
    being shuffled in). The pile holds every other card (the display is out of play: the policy
    never takes from it)."""

    hand: tuple[int, ...]
    discard: tuple[int, ...]
    to_go: int
    lo: int


def _card_kinds(game: Heroes, names: Any, where: str) -> list[int]:
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise TypeError(f"{where} must be a list of card names, got {short(names)}")
    out = []
    for n in names:
        if n.__class__ is not str or n not in game.kind_of:
            raise ValueError(
                f"{short(n, 30)} in {where} is not a card; a card is '<colour> <motif>', e.g. "
                f"{game.kind_names[0]!r}"
            )
        out.append(game.kind_of[n])
    return out


def solo_chain(
    game: Heroes,
    figure: str = "griffin",
    hand: Sequence[str] | None = None,
    display: Sequence[str] | None = None,
    max_states: int = 20_000,
) -> tuple[dict[Any, dict[Any, Fraction]], Any]:
    """The Markov chain of :func:`expected_turns`: ``(transitions, start)``, where
    ``transitions[s]`` maps each next turn-start position to its exact probability (an absorbing
    position, the figure on the volcano, is ``"volcano"``)."""
    if not isinstance(game, Heroes):
        raise TypeError(f"game must be a Heroes of Kaskaria game, got {short(game)}")
    if figure not in ("griffin", "runner"):
        raise ValueError(f"figure must be 'griffin' or 'runner', got {short(figure)}")
    motif = MOTIFS.index(figure)
    path = game.griffin_path if figure == "griffin" else game.runner_path
    if game.per_colour[motif] == 0:
        raise ValueError(f"there are no {figure} cards: the {figure} never moves")
    hand_kinds = tuple(sorted(_card_kinds(game, hand or (), "hand")))
    display_kinds = tuple(_card_kinds(game, display or (), "display"))
    counts = list(game.deck)
    for k in (*hand_kinds, *display_kinds):
        counts[k] -= 1
        if counts[k] < 0:
            raise ValueError(f"there are only {game.deck[k]} {game.kind_names[k]} cards")
    in_play = tuple(counts)  # the cards of the solitaire (the display lies out of play)
    if len(hand_kinds) > game.hand_limit:
        raise ValueError(f"a hand holds at most {game.hand_limit} cards")
    empty = (0,) * game.kinds
    pile0 = sum(in_play) - len(hand_kinds)
    start = _Solo(hand_kinds, empty, path, game.waterfall_floor(pile0))

    def pile_of(s: _Solo, aside: tuple[int, ...] = ()) -> list[int]:
        """The pile: every card in play but the hand, the discard pile and the set being played
        (which lies aside until its '+2' cards are taken)."""
        pile = list(in_play)
        for k in (*s.hand, *aside):
            pile[k] -= 1
        for k, n in enumerate(s.discard):
            pile[k] -= n
        return pile

    def draw(s: _Solo, aside: tuple[int, ...] = ()) -> dict[Any, Fraction]:
        """One card from the pile to the hand: {(hand, discard, lo): chance}."""
        out: dict[Any, Fraction] = {}
        pile = pile_of(s, aside)
        n = sum(pile)
        if s.lo == 0:
            # the waterfall may be on top: it lies at one of the n + 1 places 0 .. n
            p_w = Fraction(1, n + 1)
            if p_w < 1:
                for k, c in enumerate(pile):
                    if c:
                        key = (tuple(sorted((*s.hand, k))), s.discard, 0)
                        out[key] = out.get(key, 0) + (1 - p_w) * Fraction(c, n)
            # reshuffle: the discard joins the pile; the waterfall goes anywhere in it, and
            # until a card other than the waterfall shows, nothing else changes
            n2 = n + sum(s.discard)  # > 0: a draw is made only when a card is left
            merged = [a + b for a, b in zip(pile, s.discard, strict=True)]
            for k, c in enumerate(merged):
                if c:
                    # the waterfall lies below 1..n2 cards (it was not on top): after this
                    # card, below 0..n2-1
                    key = (tuple(sorted((*s.hand, k))), empty, 0)
                    out[key] = out.get(key, 0) + p_w * Fraction(c, n2)
            return out
        for k, c in enumerate(pile):
            if c:
                key = (tuple(sorted((*s.hand, k))), s.discard, s.lo - 1)
                out[key] = out.get(key, 0) + Fraction(c, n)
        return out

    def turn(s: _Solo) -> dict[Any, Fraction]:
        played = _policy_play(game, s.hand, motif)
        if played is None:
            if sum(pile_of(s)) + sum(s.discard) == 0:
                raise ValueError("the solitaire is stuck: no card left to draw and no set")
            return {_Solo(h, d, s.to_go, lo): p for (h, d, lo), p in draw(s).items()}
        to_go = max(0, s.to_go - _moves(game, played, motif))
        hand = list(s.hand)
        for k in played:
            hand.remove(k)
        if to_go == 0:
            return {"volcano": Fraction(1)}
        # "+2" cards: the cards come from the pile one after another, then the set is discarded
        frontier = {(tuple(hand), s.discard, s.lo): Fraction(1)}
        draws = sum(1 for k in played if k & 3 == 3) * game.plus2_draws
        for _ in range(draws):
            nxt: dict[Any, Fraction] = {}
            for (h, d, lo), p in frontier.items():
                if not game.plus2_above_limit and len(h) >= game.hand_limit:
                    nxt[(h, d, lo)] = nxt.get((h, d, lo), 0) + p
                    continue
                here = _Solo(h, d, to_go, lo)
                if sum(pile_of(here, played)) + sum(d) == 0:
                    nxt[(h, d, lo)] = nxt.get((h, d, lo), 0) + p
                    continue
                for key, q in draw(here, played).items():
                    nxt[key] = nxt.get(key, 0) + p * q
            frontier = nxt
        out: dict[Any, Fraction] = {}
        for (h, d, lo), p in frontier.items():
            dd = list(d)
            for k in played:
                dd[k] += 1
            key = _Solo(h, tuple(dd), to_go, lo)
            out[key] = out.get(key, 0) + p
        return out

    chain: dict[Any, dict[Any, Fraction]] = {}
    todo = [start]
    while todo:
        s = todo.pop()
        if s in chain or s == "volcano":
            continue
        if len(chain) >= max_states:
            raise ValueError(
                f"more than {max_states:,} positions: too many to solve exactly; use a smaller "
                "rules table (fewer colours or cards, shorter paths) or simulate"
            )
        chain[s] = nxt = turn(s)
        todo.extend(t for t in nxt if t not in chain)
    return chain, start


def expected_turns(
    game: Heroes,
    figure: str = "griffin",
    hand: Sequence[str] | None = None,
    display: Sequence[str] | None = None,
    max_states: int = 20_000,
) -> Fraction:
    """The exact expected number of turns a lone player needs to bring ``figure`` ("griffin" or
    "runner") to the volcano with the simple policy:

    every turn, play all cards of a colour that holds two or more cards including one of the
    figure's motif (the first such colour of the rules table); with a full hand and no such
    colour, play all cards of the biggest colour; otherwise draw from the pile ("+2" cards take
    their cards from the pile too). The display (``display``, cards out of play) is never used.

    The player starts with ``hand`` (default: no cards) and every other card in the pile, with
    the waterfall in its bottom half. The positions, as the player sees them (hand, discard pile,
    fields to go, the waterfall's possible places), form a Markov chain; the expected number of
    turns ``E`` solves ``E[s] = 1 + sum_t P(s, t) E[t]`` exactly (Gaussian elimination on
    fractions). The chain grows quickly with the deck: a rules table with more than
    ``max_states`` positions is refused (the printed deck is far too big; simulate it instead).
    """
    chain, start = solo_chain(game, figure, hand, display, max_states)
    return _solve(chain)[start]


def _components(chain: dict[Any, dict[Any, Fraction]]) -> list[list[Any]]:
    """The strongly connected components of the chain, each after every component it leads
    to (Tarjan's algorithm, without recursion)."""
    index: dict[Any, int] = {}
    low: dict[Any, int] = {}
    on_stack: set[Any] = set()
    stack: list[Any] = []
    out: list[list[Any]] = []
    counter = 0
    for root in chain:
        if root in index:
            continue
        work = [(root, iter(chain[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child == "volcano":
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(chain[child])))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                out.append(component)
    return out


def _solve(chain: dict[Any, dict[Any, Fraction]]) -> dict[Any, Fraction]:
    """Solve ``E[s] = 1 + sum_t P(s,t) E[t]`` (``E["volcano"] = 0``) exactly, one strongly
    connected component at a time (the components a component leads to are solved first)."""
    value: dict[Any, Fraction] = {}
    for component in _components(chain):
        members = {s: i for i, s in enumerate(component)}
        rows: list[dict[int, Fraction]] = []
        rhs: list[Fraction] = []
        for s in component:
            row: dict[int, Fraction] = {members[s]: Fraction(1)}
            b = Fraction(1)
            for t, p in chain[s].items():
                if t == "volcano":
                    continue
                j = members.get(t)
                if j is None:
                    b += p * value[t]  # solved already
                else:
                    row[j] = row.get(j, Fraction(0)) - p
            rows.append({j: v for j, v in row.items() if v})
            rhs.append(b)
        for s, e in zip(component, _gauss_jordan(rows, rhs), strict=True):
            value[s] = e
    return value


def _gauss_jordan(rows: list[dict[int, Fraction]], rhs: list[Fraction]) -> list[Fraction]:
    """Solve the sparse system ``rows @ x = rhs`` (``rows[i]``: column -> coefficient) exactly.
    The matrix ``I - P`` of an absorbing chain restricted to transient positions is
    non-singular and diagonally dominant, so no diagonal pivot is ever zero."""
    n = len(rows)
    for i in range(n):
        pivot = rows[i].get(i)
        if not pivot:
            raise ArithmeticError("the chain never reaches the volcano from some position")
        if pivot != 1:
            rows[i] = {j: v / pivot for j, v in rows[i].items()}
            rhs[i] /= pivot
        ri = rows[i]
        for r in range(n):
            if r != i and i in rows[r]:
                f = rows[r].pop(i)
                row = rows[r]
                for j, v in ri.items():
                    if j != i:
                        x = row.get(j, Fraction(0)) - f * v
                        if x:
                            row[j] = x
                        else:
                            row.pop(j, None)
                rhs[r] -= f * rhs[i]
    return rhs


def simulate_turns(
    game: Heroes,
    figure: str,
    runs: int,
    rng: Any,
    hand: Sequence[str] | None = None,
    display: Sequence[str] | None = None,
) -> np.ndarray:
    """The turns the lone player of :func:`expected_turns` needs in ``runs`` simulated games with
    real shuffled cards (the waterfall put into the bottom half, reshuffled with the discard pile
    when it shows), as an array. For the printed deck, too big to solve exactly, this estimates
    what :func:`expected_turns` would say; on small decks a test checks it against the exact
    value."""
    if not isinstance(game, Heroes):
        raise TypeError(f"game must be a Heroes of Kaskaria game, got {short(game)}")
    if figure not in ("griffin", "runner"):
        raise ValueError(f"figure must be 'griffin' or 'runner', got {short(figure)}")
    if runs.__class__ is not int or not 1 <= runs <= 10**7:
        raise ValueError(f"runs must be a whole number from 1 to 10,000,000, got {short(runs)}")
    if not isinstance(rng, np.random.Generator):
        raise TypeError("rng must be a numpy.random.Generator (numpy.random.default_rng(seed))")
    motif = MOTIFS.index(figure)
    path = game.griffin_path if figure == "griffin" else game.runner_path
    start_hand = sorted(_card_kinds(game, hand or (), "hand"))
    cards = [k for k, n in enumerate(game.deck) for _ in range(n)]
    for k in (*start_hand, *_card_kinds(game, display or (), "display")):
        cards.remove(k)
    out = np.empty(runs, dtype=np.int64)
    for run in range(runs):
        pile = [cards[i] for i in rng.permutation(len(cards))]
        floor = game.waterfall_floor(len(pile))
        pile.insert(floor + int(rng.integers(len(pile) - floor + 1)), _WATER)
        pile.reverse()  # the top card is pile[-1]
        hand_now = list(start_hand)
        discard: list[int] = []
        to_go = path
        turns = 0

        while to_go > 0:
            turns += 1
            played = _policy_play(game, tuple(sorted(hand_now)), motif)
            if played is None:
                pile, discard = _draw(pile, discard, hand_now, rng)
                continue
            for k in played:
                hand_now.remove(k)
            to_go -= _moves(game, played, motif)
            if to_go <= 0:
                break
            for _ in range(sum(1 for k in played if k & 3 == 3) * game.plus2_draws):
                if game.plus2_above_limit or len(hand_now) < game.hand_limit:
                    pile, discard = _draw(pile, discard, hand_now, rng)
            discard += played
        out[run] = turns
    return out


_WATER = -1  # the waterfall card in a simulated pile


def _draw(
    pile: list[int], discard: list[int], hand: list[int], rng: np.random.Generator
) -> tuple[list[int], list[int]]:
    """Take the top card of ``pile`` (its end) into ``hand``; when it is the waterfall, shuffle
    it, the rest of the pile and the discard pile into a new pile and go on."""
    while pile:
        card = pile.pop()
        if card != _WATER:
            hand.append(card)
            break
        merged = pile + discard + [_WATER]
        pile = [merged[i] for i in rng.permutation(len(merged))]
        discard = []
    return pile, discard
