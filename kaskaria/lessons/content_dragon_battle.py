"""The two Dragon Battle lessons: the rules lesson (``01-dragon-battle-rules.ipynb``) and the odds
lesson (``02-dragon-battle-odds.ipynb``).

Their words (the notebooks, every question, the timing, the notes for the teacher) are the text
files ``kaskaria/lessons/text/01-dragon-battle-rules.yaml`` and ``02-dragon-battle-odds.yaml``;
here is what is computed: each question's exact answer, by the question's id, from the engine
(:mod:`kaskaria.dragon_battle`) when first asked for. Pure Python, no Jupyter.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import Any

from .content import LessonPlan
from .source import build

__all__ = [
    "DIE_NUMBERS",
    "GOOD_SQUARES_SCARED",
    "ODDS",
    "RULES_LESSON",
    "RULES_RESIDENTS",
    "STARS",
    "WHAT_IF_TURN",
    "what_if_turn",
]


# ---------------------------------------------------------------------------------------------
# the odds lesson
# ---------------------------------------------------------------------------------------------
#: the example table of the odds lesson: yellow 4 stars, red 2, blue 3, purple 1; a juggler is 1
STARS = (4, 2, 3, 1)


def _fail(dice: int, scared: int) -> Callable[[], Fraction]:
    def exact() -> Fraction:
        from ..dragon_battle.odds import fail_chance

        return fail_chance(dice, scared)

    return exact


def _works(dice: int, scared: int) -> Callable[[], Fraction]:
    return lambda: 1 - _fail(dice, scared)()


def _roll_value(scared: tuple[str, ...], hand: int) -> Callable[[], Fraction]:
    def exact() -> Fraction:
        from ..dragon_battle.odds import advise_turn

        return advise_turn(STARS, scared=list(scared), hand=hand).choice("roll").expected_stars

    return exact


def _best(scared: tuple[str, ...], hand: int) -> Callable[[], str]:
    def exact() -> str:
        from ..dragon_battle.odds import advise_turn

        return str(advise_turn(STARS, scared=list(scared), hand=hand).best)

    return exact


#: the scared dragons of the "your turn" task
def _best_with(hand: int) -> Callable[[], str]:
    """The best choice with ``hand`` dice in the hand, whichever one dragon is scared: the same
    for all four (the rule of extension D says it for every such moment), else an error."""

    def exact() -> str:
        from ..dragon_battle.odds import advise_turn

        best = {str(advise_turn(STARS, scared=[c], hand=hand).best) for c in STARS_COLOURS}
        if len(best) != 1:
            raise ValueError(f"with {hand} dice the best choice depends on the dragon: {best}")
        return best.pop()

    return exact


def _all_in_fails() -> str:
    """How often always rolling on fails a whole turn on our table (extension H), to the nearest
    tenth: "4 in 10" for 6061/15552."""
    from ..dragon_battle.odds import turn_distribution

    return f"{round(10 * turn_distribution('all-in', STARS).failed)} in 10"


def _closer_tenfold() -> str:
    """The rolls that bring a class's share of failed rolls (2 dice, red scared) ten times closer
    than 100 rolls do (extension E): the typical error is sqrt(p(1 - p) / n), so its square must
    shrink a hundredfold: "10000"."""
    p = _fail(2, 1)()
    squared_error = p * (1 - p) / 100
    rolls = p * (1 - p) / (squared_error / 100)
    assert rolls.denominator == 1, rolls
    return str(rolls.numerator)


STARS_COLOURS = ("yellow", "red", "blue", "purple")

GOOD_SQUARES_SCARED = ("red", "blue")
#: the faces of the "your turn" task as the numbers of an ordinary die, the same in every
#: language (section 4 of the lesson: a 1 stands for black and a 2 for red)
DIE_NUMBERS = {"black": 1, "red": 2, "yellow": 3, "blue": 4, "purple": 5, "silver": 6}


def _good_squares() -> list[tuple[int, int]]:
    """The squares of the 6 x 6 grid of two dice, as pairs of the numbers on ordinary dice (1
    black, 2 red, 3 yellow, 4 blue, 5 purple, 6 silver), where at least one die is good with red
    and blue scared: what a pupil's list of them must hold."""
    from ..dragon_battle.rules import FACES

    faces = sorted(DIE_NUMBERS[f] for f in FACES)
    bad = [DIE_NUMBERS[f] for f in ("black", *GOOD_SQUARES_SCARED)]
    return [(a, b) for a in faces for b in faces if a not in bad or b not in bad]


def _bad_faces() -> list[int]:
    """The bad faces of the "your turn" task (red and blue scared) as numbers of an ordinary
    die: what the pupil's ``bad`` must hold, in any order."""
    from ..dragon_battle.rules import FACES

    return sorted(DIE_NUMBERS[f] for f in FACES if f in ("black", *GOOD_SQUARES_SCARED))


def _good_square_count() -> Fraction:
    # from the engine: two dice, two dragons scared
    return 36 * _works(2, 2)()


#: The learner's turn of extension I, from the worked examples' set-up (action lines, the dice
#: written out): the king's red dragon (4 stars) and the maid's yellow one (2) scared, 2 dice in
#: the hand, a roll on that fails (black and red). The "win" bot would have rolled on too.
WHAT_IF_TURN = (
    "roll",
    "roll red purple silver yellow",
    "place red",
    "roll",
    "roll blue yellow purple",
    "place yellow",
    "roll",
    "roll black red",
)


def _what_if_match(lines: tuple[str, ...] = WHAT_IF_TURN) -> Any:
    """Extension I's game after ``lines`` of :data:`WHAT_IF_TURN`."""
    import kaskaria

    match = kaskaria.setup("dragon-battle", players=2, residents=RULES_RESIDENTS, seed=1)
    for line in lines:
        match.apply(line)
    return match


@lru_cache(maxsize=2)
def what_if_turn(lang: str = "en") -> Any:
    """The look back at the learner's turn of extension I (:func:`kaskaria.hints.what_if` of seat
    0 after :data:`WHAT_IF_TURN`): what its reveal and its table's What if? button say. Kept once
    worked out: the strong bot's chances take a few seconds to compute."""
    from kaskaria.hints import what_if

    return what_if(_what_if_match(), seat=0, lang=lang)


def _failing_pupils() -> Fraction:
    """Extension I's exercise: of a class of 32 at that moment, all rolling on, how many fail on
    average: 32 times the chance that the turn's last roll fails. That is the look back's own
    chance (the exact odds of the roll as the learner sees it), worked out here without the
    strong bot, whose choice the exercise does not ask for."""
    from ..dragon_battle.odds import advise_observation

    match = _what_if_match(WHAT_IF_TURN[:-2])  # the learner deciding to roll the last time
    assert WHAT_IF_TURN[-2] == "roll" and match.state.phase == "decide"
    seen = match.state.observation(0)
    fail = advise_observation(match.game, seen).next_roll_fail
    assert fail is not None
    return 32 * fail


def _stop_better() -> str:
    """Extension I's vote, "Was stopping better?": "stop" when the best player would have
    stopped, "roll" when it would have rolled on too."""
    return str(what_if_turn().best)


#: the exact answer of each question of 02-dragon-battle-odds.yaml, by its id
ODDS_ANSWERS: dict[str, Any] = {
    "bad-faces": "2",
    "two-dice": "1 in 9",
    "class-dice": "class",
    "roll-or-stop": _best(("yellow", "red"), 1),
    "tournament": "optimal",
    # extension A: with one dragon scared, 2 dice fail (1/9) more often than 3 (1/27, exercise 2
    # after the vote)
    "more-dice": "2",
    # extension D: one dragon scared and 3 dice in the hand: the best choice, whichever dragon
    "rule-three-dice": _best_with(3),
    # extension E: the typical error shrinks with the square root of the rolls
    "many-rolls": _closer_tenfold,
    # extension H: how often always rolling on fails a whole turn
    "all-in-fails": _all_in_fails,
    # extension I: the look back at a turn that failed, and the chance of its roll
    "stop-better": _stop_better,
    "ex8": _failing_pupils,
    # the core path's exercise 1: two dragons scared, 2 dice, the roll works
    "ex1": _works(2, 2),
    # extension A's exercise 2: one dragon scared, 3 dice, the roll fails
    "ex2": _fail(3, 1),
    "ex3": _roll_value(("yellow",), 1),
    "ex4": _best(("yellow", "blue"), 2),
    "ex5": lambda: 360 * _fail(2, 1)(),
    # extension E: 2,000 coin flips land between 45% and 55% far more often than 20
    "ex6": "B",
    "ex7": Fraction(100),
    "t1": Fraction(2, 5) * Fraction(2, 5),
    "t2": 1 - Fraction(1, 2) ** 3,
    "good-squares": _good_square_count,
}


#: What the short rule keeps of the best expected stars, averaged over all 256 tables of residents
#: with 1-4 stars (juggler 1), and on the worst of them (the tests recompute both exactly).
RULE_MEAN_SHARE = 0.998
RULE_WORST_SHARE = 0.993


def rule_lines(lang: str = "en") -> tuple[str, ...]:
    """The rule of extension D in words a child can follow, line by line."""
    from ..i18n import text
    from . import messages  # noqa: F401  (registers the lessons' words)

    return tuple(text("lessons", "rule.kids", lang).split("\n"))


def rule_cost_text(lang: str = "en", key: bool = False) -> str:
    """The rule against perfect play on the example table, and over all tables (the three
    numbers "99.7%", "99.8%" and "0.2%", reconciled); ``key``: in one sentence, for the printed
    answer key."""
    from ..dragon_battle.odds import expected_stars, optimal_turn_value
    from ..i18n import text
    from . import messages  # noqa: F401  (registers the lessons' words)
    from .show import percent

    r, b = expected_stars("rule", STARS), optimal_turn_value(STARS)
    dec = "," if lang == "de" else "."
    return text(
        "lessons",
        "rule.cost_key" if key else "rule.cost",
        lang,
        rule=f"{float(r):.3f}".replace(".", dec),
        best=f"{float(b):.3f}".replace(".", dec),
        share=percent(r / b, lang),
        mean=percent(RULE_MEAN_SHARE, lang),
        worst=percent(RULE_WORST_SHARE, lang),
        lost=percent(1 - RULE_MEAN_SHARE, lang),
    )


def _rule_key(lang: str) -> tuple[str, ...]:
    """Extension D's reveal after its explanation, for the answer key: the rule, line by line,
    and what it costs against perfect play (the words of the reveal's own tables)."""
    return (*rule_lines(lang), rule_cost_text(lang, key=True))


#: what a reveal draws after its explanation, printed in the teacher edition and the answer key
def _what_if_key(lang: str) -> tuple[str, ...]:
    """Extension I's reveal after its explanation, for the answer key: the look back, word for
    word."""
    return (what_if_turn(lang).text,)


#: how often each pair rolls its two dice in section 4 ("5 rolls per pair")
PAIR_ROLLS = 5
#: the two dice's chance to fail with red scared (1 and 2 bad on each): 2/6 x 2/6
CLASS_FAIL = Fraction(1, 9)


def _binomial(rolls: int, chance: Fraction) -> list[Fraction]:
    """The exact chance of each count of failed rolls, 0 to ``rolls``."""
    from math import comb

    chance = Fraction(chance)
    return [comb(rolls, k) * chance**k * (1 - chance) ** (rolls - k) for k in range(rolls + 1)]


def normal_counts(
    rolls: int, chance: Fraction, share: Fraction = Fraction(95, 100)
) -> tuple[int, int, Fraction]:
    """The failed rolls a class may count in ``rolls`` rolls without surprise: the range ``(low,
    high)`` that leaves out at most half of ``1 - share`` of classes on each side, and the
    share of classes it holds, computed exactly from the binomial distribution (for 80 rolls at
    1 in 9: 4 to 15, 96.8%)."""
    p = _binomial(rolls, chance)
    tail = (1 - Fraction(share)) / 2
    low, high = 0, rolls
    while sum(p[: low + 1]) <= tail:
        low += 1
    while sum(p[high:]) <= tail:
        high -= 1
    return low, high, sum(p[low : high + 1], Fraction(0))


def _class_key(lang: str) -> tuple[str, ...]:
    """Section 4's vote, for the teacher edition and the answer key: the worksheet's two "%"
    lines under the dice table, and how far the class's own count may normally lie from 1 in 9
    (the range of :func:`normal_counts` for the sheet's 16 pairs)."""
    from ..i18n import text
    from . import messages  # noqa: F401  (registers the lessons' words)
    from .content import TALLY_PAIRS
    from .show import percent

    rolls = TALLY_PAIRS * PAIR_ROLLS
    low, high, held = normal_counts(rolls, CLASS_FAIL)
    return (
        text(
            "lessons",
            "class.key",
            lang,
            exact=percent(CLASS_FAIL, lang),
            pairs=TALLY_PAIRS,
            each=PAIR_ROLLS,
            rolls=rolls,
            low=low,
            high=high,
            low_share=percent(Fraction(low, rolls), lang),
            high_share=percent(Fraction(high, rolls), lang),
            share=percent(held, lang, digits=0),
        ),
    )


ODDS_KEYS = {
    "class-dice": _class_key,
    "rule-three-dice": _rule_key,
    "stop-better": _what_if_key,
}

ODDS: LessonPlan = build(
    "02-dragon-battle-odds",
    ODDS_ANSWERS,
    items={"good-squares": _good_squares},
    keys=ODDS_KEYS,
    given={"good-squares": {"bad": _bad_faces}},
)


# ---------------------------------------------------------------------------------------------
# the rules lesson
# ---------------------------------------------------------------------------------------------
#: The set-up of the worked examples: maid under yellow, king under red, knight under blue (the
#: rulebook leaves purple open: the cook).
RULES_RESIDENTS = ("maid", "king", "knight", "cook")


def _after(lines: tuple[str, ...]) -> Any:
    """The state after ``lines`` from the worked examples' set-up (a position of two)."""
    import kaskaria

    state = kaskaria.setup("dragon-battle", players=2, residents=RULES_RESIDENTS, seed=1).state
    for line in lines:
        state = state.apply(line)
    return state


def _placements_after(lines: tuple[str, ...]) -> Callable[[], Fraction]:
    def exact() -> Fraction:
        return Fraction(len(_after(lines).legal_actions()))

    return exact


def _failing_faces() -> str:
    # Lukas's real position: two red dice on the red dragon, a black one in the well, one in hand
    state = _after(("roll", "roll black blue red red", "place red", "roll"))
    failing = sorted(
        a.args[0] for a, _ in state.chance_outcomes() if state.apply(a).jugglers[0] > 0
    )
    return " and ".join(failing)


def _outcome(lines: tuple[str, ...]) -> Callable[[], str]:
    """What the last of ``lines`` (a roll) does from the worked examples' set-up: "fails" when
    nothing can be placed (the turn ends with a juggler), "place" when a colour can be set aside."""

    def exact() -> str:
        before = _after(lines[:-1])
        after = before.apply(lines[-1])
        return "fails" if after.turns > before.turns else "place"

    return exact


def _may_roll_again(lines: tuple[str, ...]) -> Callable[[], str]:
    """Whether rolling again is allowed right after ``lines`` (a roll) from the worked examples'
    set-up: "yes" when the engine offers it, "no" when something must be set aside first."""

    def exact() -> str:
        allowed = {str(a) for a in _after(lines).legal_actions()}
        return "yes" if "roll" in allowed else "no"

    return exact


#: the exact answer of each question of 01-dragon-battle-rules.yaml, by its id
RULES_ANSWERS: dict[str, Any] = {
    "two-colours": "no",
    "lukas": "roll",
    "tie": "fewer",
    "results": "126",
    # Ella's second roll in the rulebook's second example (extension C)
    "ella": "fails",
    # extension G: after a first roll of black, black, red, red, may all four dice be rolled again?
    "must-place": _may_roll_again(("roll", "roll black black red red")),
    "ex1": _placements_after(
        ("roll", "roll blue purple red yellow", "place red", "roll", "roll red silver yellow")
    ),
    "ex2": _failing_faces,
    "t1": _placements_after(("roll", "roll blue red silver yellow")),
    # yellow and purple hold dice, the last two dice show purple and black (not Ella's roll of
    # extension C, black and blue, so her story cannot answer it)
    "t2": _outcome(
        (
            "roll",
            "roll blue purple red yellow",
            "place yellow",
            "roll",
            "roll blue purple red",
            "place purple",
            "roll",
            "roll black purple",
        )
    ),
}

RULES_LESSON: LessonPlan = build("01-dragon-battle-rules", RULES_ANSWERS)
