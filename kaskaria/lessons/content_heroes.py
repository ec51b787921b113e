"""The two Heroes of Kaskaria lessons: the rules lesson (``03-heroes-rules.ipynb``) and the cards
lesson (``04-heroes-cards.ipynb``).

Their words (the notebooks, every question, the timing, the notes for the teacher) are the text
files ``kaskaria/lessons/text/03-heroes-rules.yaml`` and ``04-heroes-cards.yaml``; here is what is
computed: each question's exact answer, by the question's id, from the engine (the positions of
:mod:`kaskaria.lessons.heroes`, the odds of :mod:`kaskaria.heroes.odds`) when first asked for.
Pure Python, no Jupyter.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import log
from typing import Any

from .content import LessonPlan
from .source import build

__all__ = ["HEROES_CARDS", "HEROES_RULES", "TOM_HAND"]


# ---------------------------------------------------------------------------------------------
# exact answers, from the engine (imported only when asked)
# ---------------------------------------------------------------------------------------------
def _after(*parts: str, players: int = 2, **options: Any) -> Any:
    """The engine's state after the named positions and lines (names of kaskaria.lessons.heroes:
    ``"SETUP"``, ``"MIA_TURN"``, ...; anything else is an action line)."""
    from . import heroes as hk

    lines: list[str] = []
    for part in parts:
        lines += getattr(hk, part) if part.isupper() else [part]
    return hk.state_after(lines, players=players, **options)


_FULL = ("SETUP", "MIA_TURN", "PETER_TURN", "FULL_HAND")


def _mia_cards() -> str:
    return str(len(_after("SETUP", "MIA_TURN").hands[0]))


def _peter_fields() -> str:
    """Extension A asks about a smaller set than Peter really plays (one cliff runner and the
    gold), so that section 4's table, which shows his real turn, does not answer it."""
    return str(_after("SETUP", "MIA_TURN", "play orange runner gold").runners[1])


def _full_hand_has_set() -> str:
    state = _after(*_FULL)
    full = len(state.hands[0]) == state.game.hand_limit
    only_sets = all(a.verb == "play" for a in state.legal_actions())
    return "yes" if full and only_sets and state.legal_actions() else "no"


def _final() -> Any:
    return _after("FINAL", "FINAL_PLAY", players=4)


def _blue_runner_gold() -> str:
    return str(_final().place_gold("runner")[3])


def _tie() -> str:
    state = _final()
    scores = state.scores()
    if state.winners() == (0,) and scores[0] == scores[3] == max(scores):
        return "amulet"
    return "both" if len(state.winners()) > 1 else "blue"


def _brave_gold() -> str:
    from . import heroes as hk

    return str(_after("SETUP", hk.MIA_TURN[0], variant="brave").gold[0])


def _brave_fields() -> Fraction:
    return Fraction(_after("SETUP", "MIA_TURN", "PETER_TURN", variant="brave").runners[1])


#: the hand of exercise 2 of the rules lesson: five blue cards, two of them alike twice over
TOM_HAND = ("blue griffin", "blue gold", "blue gold", "blue runner", "blue runner")


def _sets_in_hand() -> Fraction:
    """The different sets Tom could play from :data:`TOM_HAND`: the engine's play actions."""
    from . import heroes as hk

    state = hk.position(2, hands=[list(TOM_HAND), ["yellow gold"]], to_move=0)
    return Fraction(sum(1 for a in state.legal_actions() if a.verb == "play"))


def _closest(value: Fraction, choices: dict[str, Fraction], ratio: bool = False) -> str:
    """The choice nearest to ``value`` (``ratio``: nearest by ratio, for very small chances)."""

    def distance(x: Fraction) -> float:
        return abs(log(value / x)) if ratio else abs(float(value - x))

    return min(choices, key=lambda c: distance(choices[c]))


def _counts() -> tuple[int, ...]:
    from kaskaria.heroes import Heroes, odds

    return odds.colour_counts(Heroes())


def _second_blue() -> str:
    counts = _counts()
    first, second = Fraction(counts[0], sum(counts)), Fraction(counts[0] - 1, sum(counts) - 1)
    return "less" if second < first else "more" if second > first else "same"


def _mia_view() -> tuple[Any, dict[str, Any]]:
    state = _after("SETUP")
    return state.game, state.observation(0)


def _red_next() -> Fraction:
    from kaskaria.heroes import odds

    game, obs = _mia_view()
    return odds.completes_set(game, obs, "red")


_FIVE = {
    "1 in 10": Fraction(1, 10),
    "1 in 3": Fraction(1, 3),
    "2 in 3": Fraction(2, 3),
    "9 in 10": Fraction(9, 10),
}
_NINE = {"1 in 5": Fraction(1, 5), "1 in 50": Fraction(1, 50), "1 in 500": Fraction(1, 500)}


def _set_in(k: int) -> Fraction:
    from kaskaria.heroes import odds

    return odds.hand_has_set(k, _counts())


def _griffin_next() -> Fraction:
    from kaskaria.heroes import odds

    game, obs = _mia_view()
    card = odds.next_card(game, obs)
    return sum((card.kinds[4 * c] for c in range(len(game.colours))), Fraction(0))


def _blue_after() -> str:
    from . import heroes as hk

    game, before, after = hk._reset_counts()
    share = Fraction(sum(before[0:4]), sum(before))
    later = Fraction(sum(after[0:4]), sum(after))
    return "more" if later > share else "less" if later < share else "same"


def _waterfall_now(draw: int) -> Callable[[], Fraction]:
    """The chance that the waterfall shows at draw ``draw`` after the set-up, if it has not
    shown before (from the set-up's view: below 21 to 41 of the 41 cards)."""

    def exact() -> Fraction:
        from kaskaria.heroes import odds

        state = _after("SETUP")
        game, obs = state.game, state.observation(0)
        before = odds.waterfall_within(game, obs, draw - 1)
        return (odds.waterfall_within(game, obs, draw) - before) / (1 - before)

    return exact


def _one_of_each() -> Fraction:
    from . import heroes as hk

    return Fraction(hk.product_of_colours())


def _sure_set(colours: int, per: int | None = None) -> Callable[[], Fraction]:
    """The fewest cards that always hold a set (two of one colour), from ``colours`` colours of
    ``per`` cards each (the printed deck's six, unless given): the smallest hand whose chance of
    a set is 1."""

    def exact() -> Fraction:
        from kaskaria.heroes import odds

        counts = (per or _counts()[0],) * colours
        k = 1
        while odds.hand_has_set(k, counts) < 1:
            k += 1
        return Fraction(k)

    return exact


def _path_gold(positions: tuple[int, ...], path: str = "runner") -> Callable[[], Fraction]:
    """The gold the final scoring pays all the figures of one path together."""

    def exact() -> Fraction:
        from . import heroes as hk

        state = hk.position(len(positions), **{f"{path}s": list(positions)})
        return Fraction(sum(state.place_gold(path)))

    return exact


def _lena_gold() -> Fraction:
    """Lena (Player 1 of three) at the end: her griffin on the volcano (first, with the amulet),
    her cliff runner sharing second place, 3 gold pieces from the game."""
    from . import heroes as hk

    state = hk.position(3, griffins=[8, 2, 0], runners=[4, 4, 6], gold=[3, 1, 2])
    return Fraction(state.scores()[0])


def _next_same(colour: int, total: int) -> Fraction:
    """Cards (or marbles) of one colour, ``colour`` of ``total``: one of them is taken out and
    kept; the chance that the next one has that colour too."""
    return Fraction(colour - 1, total - 1)


def _unseen_chance(wanted: int, cards: int, seen: int, seen_wanted: int) -> Fraction:
    """The chance that the next card is of the wanted kind, from a seat that sees ``seen`` of
    the ``cards`` cards (``seen_wanted`` of them of that kind): unseen wanted over unseen."""
    return Fraction(wanted - seen_wanted, cards - seen)


# ---------------------------------------------------------------------------------------------
# the lessons
# ---------------------------------------------------------------------------------------------
#: the exact answer of each question of 03-heroes-rules.yaml, by its id
RULES_ANSWERS: dict[str, Any] = {
    "mia": _mia_cards,
    "peter": _peter_fields,
    "ten": _full_hand_has_set,
    "third": _blue_runner_gold,
    "tie": _tie,
    "brave": _brave_gold,
    "ex1": _path_gold((6, 3, 3), "griffin"),
    "ex2": _sets_in_hand,
    "ex3": _brave_fields,
    "t-socks": _sure_set(4, per=10),
    "t-lena": _lena_gold,
}

HEROES_RULES: LessonPlan = build("03-heroes-rules", RULES_ANSWERS)

#: the exact answer of each question of 04-heroes-cards.yaml, by its id (a prediction's choice
#: is the one nearest the exact chance)
CARDS_ANSWERS: dict[str, Any] = {
    "second-card": _second_blue,
    "five-cards": lambda: _closest(_set_in(5), _FIVE),
    "blue-after": _blue_after,
    "nine-cards": lambda: _closest(1 - _set_in(9), _NINE, ratio=True),
    "ex1": _griffin_next,
    "ex2": lambda: _set_in(3),
    "ex3": _one_of_each,
    "ex4": _waterfall_now(31),
    "t-marbles": lambda: _next_same(5, 10),
    "t-green": lambda: _unseen_chance(10, 40, 12, 4),
    "red-chance": _red_next,
}

HEROES_CARDS: LessonPlan = build("04-heroes-cards", CARDS_ANSWERS)
