"""What each lesson asks and answers, in English and German: the one source for the notebooks'
prediction, exercise, exit-ticket and "your turn" widgets, the timing tables, the teacher editions
(:mod:`kaskaria.lessons.teacher`), the printable worksheets and the lesson audit's spoiler check (so
they cannot disagree).

Pure Python (no Jupyter). Exact answers are computed from the engine when first asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

__all__ = [
    "LESSONS",
    "Choice",
    "CodeTask",
    "LessonPlan",
    "Part",
    "Question",
    "Working",
    "lesson",
]

Words = dict[str, str]  # {"en": ..., "de": ...}


@dataclass(frozen=True)
class Choice:
    value: str
    label: Words
    #: other words a pupil may type for it (any language)
    also: tuple[str, ...] = ()


@dataclass(frozen=True)
class Working:
    """Room to work a question out on the printed worksheet: ``lines`` ruled lines, or a box
    ``box_mm`` millimetres high (not both). Without it a question gets one small dashed box."""

    lines: int = 0
    box_mm: int = 0

    def __post_init__(self) -> None:
        for name, value, top in (("lines", self.lines, 20), ("box_mm", self.box_mm, 150)):
            if value.__class__ is not int or not 0 <= value <= top:
                raise ValueError(
                    f"Working.{name} must be a whole number from 0 to {top}, not {value!r:.20}"
                )
        if self.lines and self.box_mm:
            raise ValueError("Working takes lines or box_mm, not both")


@dataclass(frozen=True)
class CodeTask:
    """What makes a question a "your turn" cell: the pupil writes one to three lines of Python
    that set ``variable`` (the cell holds ``variable = ...`` until then), and
    ``L.check_code(qid, variable)`` checks the value (see :func:`answers.check_value`)."""

    #: the name the pupil's cell sets (the same in both languages: the check cell names it)
    variable: str
    #: a model solution for the teacher edition (Python, with comments in each language)
    solution: Words
    #: the things the answer counts, when a list of them is right too (the good squares)
    items: Callable[[], Any] | None = None
    #: the youngest age the task is meant for; younger classes may leave it out
    min_age: int = 12

    def __post_init__(self) -> None:
        if not self.variable.isidentifier():
            raise ValueError(f"CodeTask.variable must be a Python name, not {self.variable!r:.30}")


@dataclass(frozen=True)
class Question:
    """A prediction (asked before a reveal), an exercise or exit ticket (with a check and a hint),
    or a "your turn" task (kind ``"code"``: the pupil computes it in Python)."""

    id: str
    prompt: Words
    kind: str  # "number", "choice" or "code"
    answer: Callable[[], Any]  # the exact answer: a Fraction (number, code) or a choice value
    hint: Words
    explain: Words  # what the reveal or the answer key says
    choices: tuple[Choice, ...] = ()
    #: on the worksheet (predictions and exercises of the core path and extensions)
    worksheet: bool = True
    extension: bool = False
    #: more ways to give the answer away than the lesson audit works out itself: numbers
    #: (Fractions, ints, or text such as ``"14/3"``) or phrases (``{"en": ..., "de": ...}``) that
    #: must not show before the pupil commits (see :mod:`kaskaria.lessons.audit`)
    giveaways: tuple[Any, ...] = ()
    #: for kind "code": the variable, the model solution and what else counts as right
    code: CodeTask | None = None
    #: room to work on the printed worksheet (default: one small box)
    working: Working | None = None
    #: a note printed with the question on the worksheet: the numbers or the table it needs
    sheet_note: Words | None = None

    def exact(self) -> Any:
        return self.answer()

    def answer_label(self, lang: str) -> str:
        """The answer as the reveal, the teacher edition and the printed key show it."""
        from .show import exact_words

        exact = self.exact()
        if self.kind == "choice":
            for c in self.choices:
                if c.value == exact:
                    return c.label[lang]
            return str(exact)
        return exact_words(exact, lang)

    def accepted(self) -> dict[str, str]:
        """Every word a pupil may type for a choice -> the choice's value."""
        out: dict[str, str] = {}
        for c in self.choices:
            for word in (c.value, c.label["en"], c.label["de"], *c.also):
                out[word.strip().lower()] = c.value
        return out


@dataclass(frozen=True)
class Part:
    title: Words
    minutes: int
    core: bool = True


@dataclass(frozen=True)
class LessonPlan:
    id: str
    notebook: str
    title: Words
    age: Words
    goals: tuple[Words, ...]
    parts: tuple[Part, ...]
    predictions: tuple[Question, ...]
    exercises: tuple[Question, ...]
    discussion: tuple[tuple[Words, Words], ...] = ()
    tally: Words | None = None  # the hands-on table on the worksheet, if any
    extras: dict[str, Any] = field(default_factory=dict)
    #: two or three checked questions at the end of the core path (``L.exit_ticket(qid)``): new
    #: numbers that carry the lesson's idea over, answered in the teacher edition
    exit_tickets: tuple[Question, ...] = ()
    #: "your turn" tasks (kind "code"): ``L.your_turn(qid)``, the pupil's cell,
    #: ``L.check_code(qid, variable)``
    code_tasks: tuple[Question, ...] = ()
    #: notes for the teacher edition only (Markdown, each language): misconceptions, set-up tips
    teacher_notes: tuple[Words, ...] = ()

    def core_minutes(self) -> int:
        return sum(p.minutes for p in self.parts if p.core)

    def min_age(self) -> int | None:
        """The youngest age of the lesson's age band (``ages 8-12`` -> 8)."""
        import re

        found = re.search(r"\d+", self.age["en"])
        return int(found[0]) if found else None

    def questions(self) -> tuple[Question, ...]:
        """Every question: predictions, exercises, exit tickets and "your turn" tasks."""
        return (*self.predictions, *self.exercises, *self.exit_tickets, *self.code_tasks)

    def question(self, qid: str) -> Question:
        for q in self.questions():
            if q.id == qid:
                return q
        known = ", ".join(q.id for q in self.questions())
        raise ValueError(f"lesson {self.id!r} has no question {qid!r:.30}; it has: {known}")


def _w(en: str, de: str) -> Words:
    return {"en": en, "de": de}


# ---------------------------------------------------------------------------------------------
# exact answers, from the engine (imported only when asked)
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


_ROLL_STOP = (
    Choice("roll", _w("roll again", "noch einmal würfeln"), ("roll", "würfeln", "weiter")),
    Choice("stop", _w("stop", "aufhören"), ("stop", "stopp", "halt")),
)

ODDS = LessonPlan(
    id="dragon-battle-odds",
    notebook="02-dragon-battle-odds.ipynb",
    title=_w("Dragon Battle: the odds", "Drachenschreck: die Chancen"),
    age=_w("ages 10-14 (the extensions: 13 and up)", "10 bis 14 Jahre (die Erweiterungen: ab 13)"),
    goals=(
        _w(
            "Say which faces of a die help and which spoil a roll, and why each scared dragon makes "
            "the next roll riskier.",
            "Sagen, welche Seiten eines Würfels helfen und welche einen Wurf verderben, und warum "
            "jeder erschreckte Drache den nächsten Wurf riskanter macht.",
        ),
        _w(
            "Work out the chance that a roll fails by multiplying (the dice are independent) and the "
            "chance that it works as 1 minus that (the complement).",
            "Die Chance, dass ein Wurf misslingt, durch Malnehmen ausrechnen (die Würfel sind "
            "unabhängig) und die Chance, dass er gelingt, als 1 minus diese (das Gegenereignis).",
        ),
        _w(
            "See that a count from real or simulated dice gets closer to the exact chance the more "
            "often we roll (the law of large numbers).",
            "Sehen, dass ein Ergebnis aus echten oder simulierten Würfen der genauen Chance immer "
            "näher kommt, je öfter wir würfeln (das Gesetz der großen Zahlen).",
        ),
        _w(
            "Decide between rolling again and stopping by comparing what each brings on average "
            "(the expected value), and use a short rule that plays almost perfectly.",
            "Zwischen Weiterwürfeln und Aufhören entscheiden, indem man vergleicht, was beides im "
            "Durchschnitt bringt (der Erwartungswert), und eine kurze Regel nutzen, die fast "
            "perfekt spielt.",
        ),
    ),
    parts=(
        Part(
            _w(
                "Start: the game in a few sentences (or two turns with real dice)",
                "Start: das Spiel in ein paar Sätzen (oder zwei Züge mit echten Würfeln)",
            ),
            3,
        ),
        Part(_w("1. One die: good and bad faces", "1. Ein Würfel: gute und schlechte Seiten"), 4),
        Part(
            _w(
                "2. Two dice: the 6 x 6 grid, multiplying, the complement; exercises 1 and 2",
                "2. Zwei Würfel: das 6 x 6-Raster, Malnehmen, das Gegenereignis; Aufgaben 1 und 2",
            ),
            8,
        ),
        Part(
            _w(
                "3. Our own dice against the exact chance; the law of large numbers",
                "3. Unsere eigenen Würfel gegen die genaue Chance; das Gesetz der großen Zahlen",
            ),
            8,
        ),
        Part(
            _w(
                "4. Roll or stop? Expected value; exercise 3",
                "4. Würfeln oder aufhören? Der Erwartungswert; Aufgabe 3",
            ),
            6,
        ),
        Part(
            _w("5. The rule you can remember; exercise 4", "5. Die Regel zum Merken; Aufgabe 4"), 3
        ),
        Part(_w("6. A tournament between bots", "6. Ein Turnier zwischen Bots"), 3),
        Part(_w("Slack: logging in, questions, wrap-up", "Puffer: Anmelden, Fragen, Abschluss"), 5),
        Part(
            _w(
                "Extension A: how far off a simulation may be (the typical error)",
                "Erweiterung A: wie weit eine Simulation danebenliegen darf (der typische Fehler)",
            ),
            6,
            core=False,
        ),
        Part(
            _w(
                "Extension B: the 126 ways four dice can land, and the exact fractions",
                "Erweiterung B: die 126 Arten, wie vier Würfel fallen können, und die genauen Brüche",
            ),
            7,
            core=False,
        ),
        Part(
            _w(
                "Extension C: whole turns exactly; exercise 5",
                "Erweiterung C: ganze Züge genau; Aufgabe 5",
            ),
            8,
            core=False,
        ),
        Part(
            _w(
                "Extension D: confidence intervals of the tournament; exercise 6",
                "Erweiterung D: Vertrauensbereiche im Turnier; Aufgabe 6",
            ),
            8,
            core=False,
        ),
    ),
    predictions=(
        Question(
            "bad-faces",
            _w(
                "The red dragon is already scared. How many of the 6 faces of one die are bad now?",
                "Der rote Drache ist schon erschreckt. Wie viele der 6 Seiten eines Würfels sind "
                "jetzt schlecht?",
            ),
            "choice",
            lambda: "2",
            _w(
                "Which faces cannot go on an empty dragon?",
                "Welche Seiten passen auf keinen leeren Drachen?",
            ),
            _w(
                "2 faces are bad: black, and red (its dragon already holds dice). Silver is always "
                "good: it can go on any empty dragon.",
                "2 Seiten sind schlecht: Schwarz und Rot (auf seinem Drachen liegen schon Würfel). "
                "Silber ist immer gut: es passt auf jeden leeren Drachen.",
            ),
            tuple(Choice(str(n), _w(str(n), str(n))) for n in range(1, 7)),
        ),
        Question(
            "two-dice",
            _w(
                "Red is scared and you roll 2 dice. How often do both dice show a bad face?",
                "Rot ist erschreckt und du würfelst mit 2 Würfeln. Wie oft zeigen beide Würfel eine "
                "schlechte Seite?",
            ),
            "choice",
            lambda: "1 in 9",
            _w("Count the bad squares in the grid.", "Zähle die schlechten Felder im Raster."),
            _w(
                "4 of the 36 squares are bad for both dice: 1 roll in 9, about 11.1%. That is "
                "2/6 times 2/6: for independent dice we may multiply.",
                "4 der 36 Felder sind für beide Würfel schlecht: 1 Wurf von 9, etwa 11,1 %. Das ist "
                "2/6 mal 2/6: bei unabhängigen Würfeln dürfen wir malnehmen.",
            ),
            (
                Choice("1 in 3", _w("about 1 in 3", "etwa 1 von 3")),
                Choice("1 in 6", _w("about 1 in 6", "etwa 1 von 6")),
                Choice("1 in 9", _w("about 1 in 9", "etwa 1 von 9")),
                Choice("1 in 36", _w("about 1 in 36", "etwa 1 von 36")),
            ),
        ),
        Question(
            "class-dice",
            _w(
                "Each pair of pupils rolls 2 dice 20 times and counts the rolls where both show "
                "black or red. Will the whole class together land closer to 1 in 9 than one pair "
                "does?",
                "Jedes Paar würfelt 20-mal mit 2 Würfeln und zählt die Würfe, bei denen beide "
                "Schwarz oder Rot zeigen. Landet die ganze Klasse zusammen näher an 1 von 9 als "
                "ein einzelnes Paar?",
            ),
            "choice",
            lambda: "class",
            _w("Think of flipping a coin 4 times or 400 times.", "Denk an 4 oder 400 Münzwürfe."),
            _w(
                "Usually the whole class: the more rolls, the closer the share of failures gets to "
                "1 in 9 (the law of large numbers). One pair of 20 rolls can easily be far off.",
                "Meistens die ganze Klasse: je mehr Würfe, desto näher kommt der Anteil der "
                "Fehlwürfe an 1 von 9 (das Gesetz der großen Zahlen). Ein Paar mit 20 Würfen kann "
                "leicht weit danebenliegen.",
            ),
            (
                Choice("class", _w("the whole class", "die ganze Klasse"), ("klasse",)),
                Choice("pair", _w("one pair", "ein Paar"), ("paar",)),
                Choice("same", _w("no difference", "kein Unterschied"), ("gleich",)),
            ),
        ),
        Question(
            "roll-or-stop",
            _w(
                "Yellow (4 stars) and red (2 stars) are scared, so stopping rescues 6 stars. You "
                "hold 1 die. Roll again or stop?",
                "Gelb (4 Sterne) und Rot (2 Sterne) sind erschreckt, Aufhören rettet also 6 Sterne. "
                "Du hast 1 Würfel in der Hand. Noch einmal würfeln oder aufhören?",
            ),
            "choice",
            _best(("yellow", "red"), 1),
            _w(
                "How many of the 6 faces would spoil everything?",
                "Wie viele der 6 Seiten würden alles verderben?",
            ),
            _w(
                "Stop. Rolling brings 14/3, about 4.67 stars, on average: less than the 6 stars of "
                "stopping, because 3 of the 6 faces (black, yellow, red) fail the turn.",
                "Aufhören. Würfeln bringt im Durchschnitt 14/3, etwa 4,67 Sterne: weniger als die "
                "6 Sterne beim Aufhören, denn 3 der 6 Seiten (Schwarz, Gelb, Rot) lassen den Zug "
                "misslingen.",
            ),
            _ROLL_STOP,
        ),
        Question(
            "tournament",
            _w(
                "Six bots each play against two ordinary players. Who wins most often: the cautious "
                "bot, the all-in bot (always rolls on), or the optimal bot?",
                "Sechs Bots spielen jeweils gegen zwei gewöhnliche Spieler. Wer gewinnt am "
                "häufigsten: der vorsichtige Bot, der Alles-oder-nichts-Bot (würfelt immer weiter) "
                "oder der optimale Bot?",
            ),
            "choice",
            lambda: "optimal",
            _w(
                "Too safe and too wild both cost stars.",
                "Zu vorsichtig und zu wild kosten beide Sterne.",
            ),
            _w(
                "The optimal bot. The cautious bot almost never wins and the all-in bot wins less "
                "than its fair share: too safe and too wild both lose.",
                "Der optimale Bot. Der vorsichtige Bot gewinnt fast nie, und der "
                "Alles-oder-nichts-Bot gewinnt seltener als ihm zusteht: zu vorsichtig und zu wild "
                "verlieren beide.",
            ),
            (
                Choice("cautious", _w("the cautious bot", "der vorsichtige Bot"), ("vorsichtig",)),
                Choice(
                    "all-in", _w("the all-in bot", "der Alles-oder-nichts-Bot"), ("all in", "alles")
                ),
                Choice("optimal", _w("the optimal bot", "der optimale Bot"), ("optimal",)),
            ),
        ),
    ),
    exercises=(
        Question(
            "ex1",
            _w(
                "One dragon is scared and you hold 3 dice. What is the chance that your next roll "
                "fails?",
                "Ein Drache ist erschreckt und du hast 3 Würfel in der Hand. Wie groß ist die "
                "Chance, dass dein nächster Wurf misslingt?",
            ),
            "number",
            _fail(3, 1),
            _w(
                "With 1 dragon scared, 2 faces of each die are bad. All 3 dice must be bad: multiply.",
                "Mit 1 erschrecktem Drachen sind 2 Seiten jedes Würfels schlecht. Alle 3 Würfel "
                "müssen schlecht sein: malnehmen.",
            ),
            _w("2/6 x 2/6 x 2/6 = 1/27, about 3.7%.", "2/6 x 2/6 x 2/6 = 1/27, etwa 3,7 %."),
        ),
        Question(
            "ex2",
            _w(
                "Two dragons are scared and you hold 2 dice. What is the chance that at least one "
                "die is good, so that the roll works?",
                "Zwei Drachen sind erschreckt und du hast 2 Würfel in der Hand. Wie groß ist die "
                "Chance, dass mindestens ein Würfel gut ist und der Wurf gelingt?",
            ),
            "number",
            _works(2, 2),
            _w(
                "First the chance that both dice are bad (3 of 6 faces each), then 1 minus that.",
                "Erst die Chance, dass beide Würfel schlecht sind (je 3 von 6 Seiten), dann 1 "
                "minus diese.",
            ),
            _w("1 - 3/6 x 3/6 = 3/4 = 75%.", "1 - 3/6 x 3/6 = 3/4 = 75 %."),
        ),
        Question(
            "ex3",
            _w(
                "Our table: yellow 4 stars, red 2, blue 3, purple 1; a failed turn brings a juggler "
                "worth 1 star. Only yellow is scared and you hold 1 die. If you roll, how many stars "
                "do you get on average?",
                "Unser Tisch: Gelb 4 Sterne, Rot 2, Blau 3, Lila 1; ein misslungener Zug bringt "
                "einen Gaukler mit 1 Stern. Nur Gelb ist erschreckt und du hast 1 Würfel in der "
                "Hand. Wie viele Sterne bekommst du im Durchschnitt, wenn du würfelst?",
            ),
            "number",
            _roll_value(("yellow",), 1),
            _w(
                "Write down what each of the 6 faces brings (black and yellow fail: 1 star; silver "
                "goes on the best empty dragon), add them up and divide by 6.",
                "Schreib auf, was jede der 6 Seiten bringt (Schwarz und Gelb misslingen: 1 Stern; "
                "Silber kommt auf den besten leeren Drachen), zähle zusammen und teile durch 6.",
            ),
            _w(
                "(1 + 1 + 6 + 7 + 5 + 7) / 6 = 27/6 = 4.5 stars, more than the 4 of stopping: roll.",
                "(1 + 1 + 6 + 7 + 5 + 7) / 6 = 27/6 = 4,5 Sterne, mehr als die 4 beim Aufhören: "
                "würfeln.",
            ),
        ),
        Question(
            "ex4",
            _w(
                "Same table. Yellow (4 stars) and blue (3 stars) are scared and you hold 2 dice. "
                "Roll again or stop?",
                "Gleicher Tisch. Gelb (4 Sterne) und Blau (3 Sterne) sind erschreckt und du hast 2 "
                "Würfel in der Hand. Noch einmal würfeln oder aufhören?",
            ),
            "choice",
            _best(("yellow", "blue"), 2),
            _w(
                "Use the rule of section 5: with 2 dice, roll again unless two dragons are scared, "
                "the empty ones have at most 2 stars each and you could lose 6 or more. Or set the "
                "position up on a table and look at the meter.",
                "Nimm die Regel aus Abschnitt 5: mit 2 Würfeln noch einmal würfeln, außer zwei "
                "Drachen sind erschreckt, die leeren haben höchstens 2 Sterne und du könntest 6 oder "
                "mehr verlieren. Oder stelle die Lage an einem Tisch nach und schau aufs "
                "Messgerät.",
            ),
            _w(
                "Stop: the empty dragons have 2 and 1 stars, and you could lose 7 - 1 = 6 stars. "
                "Rolling brings 245/36, about 6.81 stars, on average; stopping brings 7.",
                "Aufhören: die leeren Drachen haben 2 und 1 Sterne, und du könntest 7 - 1 = 6 "
                "Sterne verlieren. Würfeln bringt im Durchschnitt 245/36, etwa 6,81 Sterne; "
                "Aufhören bringt 7.",
            ),
            _ROLL_STOP,
        ),
        Question(
            "ex5",
            _w(
                "The class rolled 2 dice 360 times (red scared). How many failed rolls do we expect "
                "on average?",
                "Die Klasse hat 360-mal mit 2 Würfeln gewürfelt (Rot erschreckt). Wie viele "
                "Fehlwürfe erwarten wir im Durchschnitt?",
            ),
            "number",
            lambda: 360 * _fail(2, 1)(),
            _w("1 roll in 9 fails.", "1 Wurf von 9 misslingt."),
            _w(
                "360 x 1/9 = 40. A real count will rarely be exactly 40; about 30 to 50 is normal "
                "(extension A says how far off is normal).",
                "360 x 1/9 = 40. Genau 40 kommt selten heraus; etwa 30 bis 50 ist normal "
                "(Erweiterung A sagt, wie weit daneben normal ist).",
            ),
            extension=True,
        ),
        Question(
            "ex6",
            _w(
                "With three players, a bot exactly as good as the others wins 1 game in 3. How many "
                "of 300 games is that?",
                "Mit drei Spielern gewinnt ein Bot, der genau so gut ist wie die anderen, 1 von 3 "
                "Spielen. Wie viele von 300 Spielen sind das?",
            ),
            "number",
            lambda: Fraction(100),
            _w("One third of 300.", "Ein Drittel von 300."),
            _w(
                "100 games. A bot that wins 110 may just have been lucky: its 95% interval reaches "
                "below 100 (extension D).",
                "100 Spiele. Ein Bot mit 110 Siegen kann einfach Glück gehabt haben: sein "
                "95-%-Bereich reicht unter 100 (Erweiterung D).",
            ),
            extension=True,
        ),
    ),
    discussion=(
        (
            _w(
                "Why does every scared dragon make the next roll riskier, even though you have more "
                "stars?",
                "Warum macht jeder erschreckte Drache den nächsten Wurf riskanter, obwohl du mehr "
                "Sterne hast?",
            ),
            _w(
                "Each scared dragon turns one more face of every die into a bad face (its colour "
                "can no longer be placed), and you hold fewer dice: both raise the chance that all "
                "dice are bad.",
                "Jeder erschreckte Drache macht eine weitere Seite jedes Würfels schlecht (seine "
                "Farbe passt nirgends mehr hin), und du hast weniger Würfel: beides erhöht die "
                "Chance, dass alle Würfel schlecht sind.",
            ),
        ),
        (
            _w(
                "The chance to fail with 2 dice and 2 scared dragons is 1 in 4. Should you always "
                "stop at that risk?",
                "Mit 2 Würfeln und 2 erschreckten Drachen misslingt 1 Wurf von 4. Solltest du bei "
                "diesem Risiko immer aufhören?",
            ),
            _w(
                "No: it depends on what you can lose and what you can win. In exercise 4 you stop, "
                "but with four 1-star residents the same risk is worth taking.",
                "Nein: es kommt darauf an, was du verlieren und was du gewinnen kannst. In Aufgabe 4 "
                "hörst du auf, aber mit vier Burgbewohnern zu je 1 Stern lohnt sich dasselbe "
                "Risiko.",
            ),
        ),
        (
            _w(
                "Always rolling on sometimes rescues all four residents. Why does it still do worse "
                "on average?",
                "Immer weiterwürfeln rettet manchmal alle vier Burgbewohner. Warum schneidet es im "
                "Durchschnitt trotzdem schlechter ab?",
            ),
            _w(
                "Because it fails about 4 turns in 10 and then loses everything it had; the big "
                "wins are rare and do not make up for the many losses.",
                "Weil etwa 4 von 10 Zügen misslingen und dann alles verloren ist; die großen "
                "Gewinne sind selten und gleichen die vielen Verluste nicht aus.",
            ),
        ),
        (
            _w(
                "Your friend failed three turns in a row. Is their next turn more likely to work?",
                "Deiner Freundin sind drei Züge hintereinander misslungen. Gelingt ihr nächster Zug "
                "eher?",
            ),
            _w(
                "No. The dice have no memory: the chances are the same on every roll. The law of "
                "large numbers does not make dice catch up; a bad streak is just drowned out by the "
                "many rolls that follow.",
                "Nein. Würfel haben kein Gedächtnis: die Chancen sind bei jedem Wurf gleich. Das "
                "Gesetz der großen Zahlen lässt Würfel nichts aufholen; eine Pechsträhne geht "
                "einfach in den vielen folgenden Würfen unter.",
            ),
        ),
        (
            _w(
                "The optimal bot gets the most stars per turn. Is that always the best way to win "
                "the game?",
                "Der optimale Bot holt die meisten Sterne pro Zug. Ist das immer der beste Weg, "
                "das Spiel zu gewinnen?",
            ),
            _w(
                "Not always: near the end, a player far behind must take bigger risks to have any "
                "chance of winning, even if that lowers their average.",
                "Nicht immer: gegen Ende muss eine Spielerin, die weit hinten liegt, mehr riskieren, "
                "um überhaupt gewinnen zu können, auch wenn ihr Durchschnitt dabei sinkt.",
            ),
        ),
    ),
    tally=_w(
        "Our dice: two dice, red scared. Each roll where both dice show black or red fails.",
        "Unsere Würfel: zwei Würfel, Rot erschreckt. Jeder Wurf, bei dem beide Würfel Schwarz "
        "oder Rot zeigen, misslingt.",
    ),
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


RULES_LESSON = LessonPlan(
    id="dragon-battle-rules",
    notebook="01-dragon-battle-rules.ipynb",
    title=_w("Dragon Battle: the rules", "Drachenschreck: die Regeln"),
    age=_w("ages 8-12 (sections 15-16: 12 and up)", "8 bis 12 Jahre (Abschnitte 15-16: ab 12)"),
    goals=(
        _w(
            "Play a whole turn: roll, set one colour aside, use silver as a joker, and decide "
            "whether to roll again or stop.",
            "Einen ganzen Zug spielen: würfeln, eine Farbe herauslegen, Silber als Joker nutzen "
            "und entscheiden, ob man weiterwürfelt oder aufhört.",
        ),
        _w(
            "Tell when a turn fails and what a juggler is for.",
            "Erkennen, wann ein Zug misslingt und wozu ein Gaukler da ist.",
        ),
        _w(
            "Explain how empty places are refilled, when the game ends and who wins.",
            "Erklären, wie leere Plätze aufgefüllt werden, wann das Spiel endet und wer gewinnt.",
        ),
        _w(
            "Play a whole game against bots with the buttons.",
            "Mit den Knöpfen ein ganzes Spiel gegen Bots spielen.",
        ),
    ),
    parts=(
        Part(
            _w(
                "What is in the box; setting up (sections 1-2)",
                "Was in der Schachtel ist; Aufbau (Abschnitte 1-2)",
            ),
            4,
        ),
        Part(
            _w(
                "A turn: roll, the well, one colour, silver, stopping (sections 3-7); exercise 1",
                "Ein Zug: würfeln, der Brunnen, eine Farbe, Silber, aufhören (Abschnitte 3-7); Aufgabe 1",
            ),
            10,
        ),
        Part(
            _w(
                "The worked examples and a failed turn (sections 8-11); exercise 2",
                "Die Beispiele und ein misslungener Zug (Abschnitte 8-11); Aufgabe 2",
            ),
            8,
        ),
        Part(
            _w(
                "The end, scoring and the variants (sections 12-14)",
                "Das Ende, die Wertung und die Varianten (Abschnitte 12-14)",
            ),
            5,
        ),
        Part(
            _w(
                "A whole game against two bots (section 18)",
                "Ein ganzes Spiel gegen zwei Bots (Abschnitt 18)",
            ),
            8,
        ),
        Part(_w("Slack: logging in, questions", "Puffer: Anmelden, Fragen"), 5),
        Part(
            _w(
                "Where the numbers are guesses; where the engine had to choose (sections 15-16)",
                "Wo die Zahlen geschätzt sind; wo die Spielregel-Maschine wählen musste (Abschnitte 15-16)",
            ),
            8,
            core=False,
        ),
    ),
    predictions=(
        Question(
            "results",
            _w(
                "Four dice are rolled at once. If the order does not matter, about how many "
                "different results can they show?",
                "Vier Würfel werden auf einmal geworfen. Wenn die Reihenfolge egal ist: etwa wie "
                "viele verschiedene Ergebnisse können sie zeigen?",
            ),
            "choice",
            lambda: "126",
            _w(
                "Each die has 6 faces; the order does not count.",
                "Jeder Würfel hat 6 Seiten; die Reihenfolge zählt nicht.",
            ),
            _w(
                "126 different handfuls (1,296 if the order counted). They are not equally likely: "
                "four blacks come up only once in 1,296 rolls.",
                "126 verschiedene Handvoll (1.296, wenn die Reihenfolge zählte). Sie sind nicht "
                "gleich wahrscheinlich: vier Schwarze kommen nur einmal in 1.296 Würfen.",
            ),
            (
                Choice("24", _w("24", "24")),
                Choice("126", _w("126", "126")),
                Choice("1296", _w("1,296", "1.296")),
            ),
        ),
        Question(
            "black",
            _w(
                "A die lands black. What happens to it?",
                "Ein Würfel zeigt Schwarz. Was passiert mit ihm?",
            ),
            "choice",
            lambda: "well",
            _w("Black frightens nobody.", "Schwarz erschreckt niemanden."),
            _w(
                "It goes into the well and sits out the rest of the turn.",
                "Er kommt in den Brunnen und setzt für den Rest des Zuges aus.",
            ),
            (
                Choice("again", _w("you roll it again", "man würfelt ihn noch einmal")),
                Choice(
                    "well",
                    _w(
                        "it goes into the well for this turn",
                        "er kommt für diesen Zug in den Brunnen",
                    ),
                ),
                Choice("any", _w("it can go on any dragon", "er darf auf jeden Drachen")),
            ),
        ),
        Question(
            "two-colours",
            _w(
                "You roll blue, red, red and yellow, and no dragon holds dice yet. May you put the "
                "red dice and the blue die out in the same roll?",
                "Du würfelst Blau, Rot, Rot und Gelb, und auf keinem Drachen liegen Würfel. Darfst "
                "du die roten Würfel und den blauen Würfel im selben Wurf herauslegen?",
            ),
            "choice",
            lambda: "no",
            _w("One colour per roll.", "Eine Farbe pro Wurf."),
            _w(
                "No: one colour per roll, and all dice of that colour together. The other dice go "
                "back into your hand.",
                "Nein: eine Farbe pro Wurf, und alle Würfel dieser Farbe zusammen. Die anderen "
                "Würfel kommen zurück in deine Hand.",
            ),
            (
                Choice("yes", _w("yes", "ja")),
                Choice("no", _w("no", "nein")),
            ),
        ),
        Question(
            "lukas",
            _w(
                "Lukas has frightened the red dragon (the king, 4 stars) and holds 1 die. Would "
                "you stop or roll again?",
                "Lukas hat den roten Drachen erschreckt (der König, 4 Sterne) und hat noch 1 "
                "Würfel. Würdest du aufhören oder noch einmal würfeln?",
            ),
            "choice",
            lambda: "roll",
            _w(
                "There is no wrong vote here: see what Lukas does.",
                "Hier gibt es keine falsche Stimme: schau, was Lukas macht.",
            ),
            _w(
                "Lukas rolls again and gets yellow: the maid as well, 6 stars. He was lucky: 2 of "
                "the 6 faces (black and red) would have spoiled the turn.",
                "Lukas würfelt noch einmal und bekommt Gelb: dazu die Magd, 6 Sterne. Er hatte "
                "Glück: 2 der 6 Seiten (Schwarz und Rot) hätten den Zug verdorben.",
            ),
            _ROLL_STOP,
        ),
        Question(
            "tie",
            _w(
                "Two players have 17 stars each. One rescued 5 residents, the other 8. Who wins?",
                "Zwei Spieler haben je 17 Sterne. Einer hat 5 Burgbewohner befreit, der andere 8. "
                "Wer gewinnt?",
            ),
            "choice",
            lambda: "fewer",
            _w("Fewer, but better residents.", "Weniger, aber bessere Burgbewohner."),
            _w(
                "The one with 5 residents: on equal stars, fewer residents win.",
                "Der mit 5 Burgbewohnern: bei gleich vielen Sternen gewinnen weniger Burgbewohner.",
            ),
            (
                Choice("fewer", _w("the one with 5 residents", "der mit 5 Burgbewohnern")),
                Choice("more", _w("the one with 8 residents", "der mit 8 Burgbewohnern")),
                Choice("both", _w("both share the win", "beide gewinnen gemeinsam")),
            ),
        ),
    ),
    exercises=(
        Question(
            "ex1",
            _w(
                "The red dragon already holds dice and you have 3 dice left. You roll red, silver "
                "and yellow. How many different placements may you choose from?",
                "Auf dem roten Drachen liegen schon Würfel, und du hast noch 3 Würfel. Du würfelst "
                "Rot, Silber und Gelb. Zwischen wie vielen Herauslege-Möglichkeiten darfst du "
                "wählen?",
            ),
            "number",
            _placements_after(
                (
                    "roll",
                    "roll blue purple red yellow",
                    "place red",
                    "roll",
                    "roll red silver yellow",
                )
            ),
            _w(
                "Which dragon is taken? Where may the silver die go? Yellow has its own dragon.",
                "Welcher Drache ist besetzt? Wohin darf der silberne Würfel? Gelb hat seinen "
                "eigenen Drachen.",
            ),
            _w(
                "4: silver on yellow, blue or purple (not on red, which holds dice), or yellow on "
                "yellow. Red has no free dragon.",
                "4: Silber auf Gelb, Blau oder Lila (nicht auf Rot, dort liegen Würfel), oder Gelb "
                "auf Gelb. Rot hat keinen freien Drachen.",
            ),
        ),
        Question(
            "ex2",
            _w(
                "Lukas's real position: the red dragon is frightened and he has 1 die left. Which "
                "faces of that die would make his turn fail?",
                "Die echte Lage von Lukas: der rote Drache ist erschreckt und er hat noch 1 Würfel. "
                "Welche Seiten dieses Würfels ließen seinen Zug misslingen?",
            ),
            "choice",
            _failing_faces,
            _w(
                "Go through all six faces: which one always fails? Which colour has no free "
                "dragon left?",
                "Geh alle sechs Seiten durch: welche misslingt immer? Welche Farbe hat keinen "
                "freien Drachen mehr?",
            ),
            _w(
                "Black and red: 2 of the 6 faces, so rolling on risked the king 1 time in 3.",
                "Schwarz und Rot: 2 der 6 Seiten, das Weiterwürfeln riskierte den König also 1-mal "
                "von 3.",
            ),
            (
                Choice("black", _w("only black", "nur Schwarz")),
                Choice("black and red", _w("black and red", "Schwarz und Rot")),
                Choice(
                    "black and red and silver",
                    _w("black, red and silver", "Schwarz, Rot und Silber"),
                ),
            ),
        ),
    ),
    discussion=(
        (
            _w(
                "Why may silver go on any empty dragon, but never on one that holds dice?",
                "Warum darf Silber auf jeden leeren Drachen, aber nie auf einen, auf dem schon Würfel liegen?",
            ),
            _w(
                "Silver stands for any colour, but the rule for every colour is the same: dice go "
                "only on a dragon that has none yet.",
                "Silber steht für jede Farbe, aber für jede Farbe gilt dieselbe Regel: Würfel "
                "kommen nur auf einen Drachen, der noch keine hat.",
            ),
        ),
        (
            _w(
                "Why can a turn never have more than four rolls?",
                "Warum hat ein Zug nie mehr als vier Würfe?",
            ),
            _w(
                "Every roll either ends the turn or costs at least one die (to the well or to a "
                "dragon), and there are four dice.",
                "Jeder Wurf beendet entweder den Zug oder kostet mindestens einen Würfel (in den "
                "Brunnen oder auf einen Drachen), und es gibt vier Würfel.",
            ),
        ),
        (
            _w(
                "Why does the tie-break favour fewer residents?",
                "Warum entscheidet bei Gleichstand, wer weniger Burgbewohner hat?",
            ),
            _w(
                "The same stars from fewer residents means better residents: that player chose "
                "the bigger prizes.",
                "Dieselben Sterne aus weniger Burgbewohnern bedeuten bessere Burgbewohner: diese "
                "Spielerin hat sich die größeren Preise geholt.",
            ),
        ),
    ),
)

from .content_heroes import HEROES_CARDS, HEROES_RULES  # noqa: E402  (builds on the classes above)

LESSONS: dict[str, LessonPlan] = {ODDS.id: ODDS, RULES_LESSON.id: RULES_LESSON}
LESSONS.update((plan.id, plan) for plan in (HEROES_RULES, HEROES_CARDS))

# Dragon's Gold (built on the classes above)
from .content_dragons_gold import (  # noqa: E402
    DRAGONS_GOLD_DEALS,
    DRAGONS_GOLD_RULES,
    DRAGONS_GOLD_SHARES,
)

LESSONS.update(
    (plan.id, plan) for plan in (DRAGONS_GOLD_RULES, DRAGONS_GOLD_DEALS, DRAGONS_GOLD_SHARES)
)


def lesson(lesson_id: str) -> LessonPlan:
    if lesson_id not in LESSONS:
        raise ValueError(f"unknown lesson {lesson_id!r:.40}; lessons: {', '.join(LESSONS)}")
    return LESSONS[lesson_id]
