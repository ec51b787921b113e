"""What each lesson asks and answers, in English and German: the one source for the notebooks'
prediction, exercise, exit-ticket and "your turn" widgets, the timing tables, the teacher editions
(:mod:`kaskaria.lessons.teacher`), the printable worksheets and the lesson audit's spoiler check (so
they cannot disagree).

Pure Python (no Jupyter). Exact answers are computed from the engine when first asked for. The
classes a plan is made of are in :mod:`kaskaria.lessons.plan`; the Heroes of Kaskaria and Dragon's
Gold lessons in :mod:`~kaskaria.lessons.content_heroes` and
:mod:`~kaskaria.lessons.content_dragons_gold`.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from .content_dragons_gold import DRAGONS_GOLD_DEALS, DRAGONS_GOLD_RULES, DRAGONS_GOLD_SHARES
from .content_heroes import HEROES_CARDS, HEROES_RULES
from .plan import Choice, CodeTask, LessonPlan, Part, Question, Working, _w

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

#: what the worksheet's exercises on failing rolls need (which faces are bad is the answer of a
#: prediction on the same sheet, so the note leaves it to the lesson)
_FACES_NOTE = _w(
    "A die has 6 faces: black, yellow, red, blue, purple and silver. A roll fails when every die "
    "shows a bad face.",
    "Ein Würfel hat 6 Seiten: Schwarz, Gelb, Rot, Blau, Lila und Silber. Ein Wurf misslingt, wenn "
    "jeder Würfel eine schlechte Seite zeigt.",
)
#: the scared dragons of the "your turn" task (the pupils' cell names the faces by the letters on
#: the dice, "KYRBPS", and the bad ones, "KRB")
GOOD_SQUARES_SCARED = ("red", "blue")


def _good_squares() -> list[tuple[str, str]]:
    """The squares of the 6 x 6 grid of two dice, as pairs of the letters on the dice, where at
    least one die is good with red and blue scared: what a pupil's list of them must hold."""
    from ..dragon_battle.rules import FACE_LETTERS, FACES

    faces = [FACE_LETTERS[f] for f in FACES]
    bad = [FACE_LETTERS[f] for f in ("black", *GOOD_SQUARES_SCARED)]
    return [(a, b) for a in faces for b in faces if a not in bad or b not in bad]


def _good_square_count() -> Fraction:
    # from the engine: two dice, two dragons scared
    return 36 * _works(2, 2)()


ODDS = LessonPlan(
    id="dragon-battle-odds",
    notebook="02-dragon-battle-odds.ipynb",
    title=_w("Dragon Battle: the odds", "Drachenschreck: die Chancen"),
    age=_w("ages 10-14 (the extensions: 12 and up)", "10 bis 14 Jahre (die Erweiterungen: ab 12)"),
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
    ),
    parts=(
        Part(
            _w("Start: the game in a few sentences", "Start: das Spiel in ein paar Sätzen"),
            2,
        ),
        Part(_w("1. One die: good and bad faces", "1. Ein Würfel: gute und schlechte Seiten"), 3),
        Part(
            _w(
                "2. Two dice: the 6 x 6 grid, multiplying, the complement",
                "2. Zwei Würfel: das 6 x 6-Raster, Malnehmen, das Gegenereignis",
            ),
            6,
        ),
        Part(
            _w(
                "Exercises 1 and 2; the table of every chance",
                "Aufgaben 1 und 2; die Tabelle aller Chancen",
            ),
            5,
        ),
        Part(
            _w(
                "Your turn: count the good squares in Python (ages 12 and up; younger classes "
                "skip it)",
                "Du bist dran: die guten Felder in Python zählen (ab 12 Jahren; jüngere Klassen "
                "lassen es aus)",
            ),
            4,
        ),
        Part(
            _w(
                "3. Our own dice (20 rolls per pair), the class's count, the law of large numbers",
                "3. Unsere eigenen Würfel (20 Würfe pro Paar), die Zählung der Klasse, das Gesetz "
                "der großen Zahlen",
            ),
            10,
        ),
        Part(
            _w("What we found; the exit ticket", "Was wir herausgefunden haben; das Exit-Ticket"),
            5,
        ),
        Part(_w("Slack: logging in, questions", "Puffer: Anmelden, Fragen"), 5),
        Part(
            _w(
                "Extension A: roll or stop? The expected value; exercise 3",
                "Erweiterung A: würfeln oder aufhören? Der Erwartungswert; Aufgabe 3",
            ),
            10,
            core=False,
        ),
        Part(
            _w(
                "Extension B: a rule you can remember; exercise 4",
                "Erweiterung B: eine Regel zum Merken; Aufgabe 4",
            ),
            6,
            core=False,
        ),
        Part(
            _w(
                "Extension C: how far off a count may be (the typical error); exercise 5",
                "Erweiterung C: wie weit eine Zählung danebenliegen darf (der typische Fehler); "
                "Aufgabe 5",
            ),
            8,
            core=False,
        ),
        Part(
            _w(
                "Extension D: a tournament between bots and how sure it is; exercise 6",
                "Erweiterung D: ein Turnier zwischen Bots und wie sicher es ist; Aufgabe 6",
            ),
            10,
            core=False,
        ),
        Part(
            _w(
                "Extension E: the 126 ways four dice can land, and the exact fractions",
                "Erweiterung E: die 126 Arten, wie vier Würfel fallen können, und die genauen Brüche",
            ),
            7,
            core=False,
        ),
        Part(
            _w("Extension F: whole turns exactly", "Erweiterung F: ganze Züge genau"),
            6,
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
                "Each pair of pupils rolls 2 dice 20 times (red scared) and counts the failed "
                "rolls. Will the whole class together land closer to the exact chance than one pair "
                "does?",
                "Jedes Paar würfelt 20-mal mit 2 Würfeln (Rot erschreckt) und zählt die Fehlwürfe. "
                "Landet die ganze Klasse zusammen näher an der genauen Chance als ein einzelnes "
                "Paar?",
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
            # the table of the six faces says which is better
            giveaways=(_w("Stopping is better", "Aufhören ist besser"),),
            worksheet=False,
            extension=True,
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
                "The optimal bot, clearly ahead of the other two: the cautious bot almost never "
                "wins and the all-in bot wins less than its fair share. Too safe and too wild both "
                "lose.",
                "Der optimale Bot, deutlich vor den beiden anderen: Der vorsichtige Bot gewinnt "
                "fast nie, und der Alles-oder-nichts-Bot gewinnt seltener als ihm zusteht. Zu "
                "vorsichtig und zu wild verlieren beide.",
            ),
            (
                Choice("cautious", _w("the cautious bot", "der vorsichtige Bot"), ("vorsichtig",)),
                Choice(
                    "all-in", _w("the all-in bot", "der Alles-oder-nichts-Bot"), ("all in", "alles")
                ),
                Choice("optimal", _w("the optimal bot", "der optimale Bot"), ("optimal",)),
            ),
            worksheet=False,
            extension=True,
        ),
    ),
    exercises=(
        Question(
            "ex1",
            _w(
                "One dragon is scared and you hold 3 dice. What is the chance that your next roll "
                "fails?",
                "Ein Drache ist erschreckt, du hast 3 Würfel. Wie groß ist die Chance, dass dein "
                "Wurf misslingt?",
            ),
            "number",
            _fail(3, 1),
            _w(
                "With 1 dragon scared, 2 faces of each die are bad. All 3 dice must be bad: multiply.",
                "Mit 1 erschrecktem Drachen sind 2 Seiten jedes Würfels schlecht. Alle 3 Würfel "
                "müssen schlecht sein: malnehmen.",
            ),
            _w("2/6 x 2/6 x 2/6 = 1/27, about 3.7%.", "2/6 x 2/6 x 2/6 = 1/27, etwa 3,7 %."),
            working=Working(lines=1),
            sheet_note=_FACES_NOTE,
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
            working=Working(lines=1),
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
            extension=True,
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
                "Use the rule of extension B: with 2 dice, roll again unless two dragons are scared, "
                "the empty ones have at most 2 stars each and you could lose 6 or more. Or set the "
                "position up on a table and look at the meter.",
                "Nimm die Regel aus Erweiterung B: mit 2 Würfeln noch einmal würfeln, außer zwei "
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
            extension=True,
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
                "(the typical error says how far off is normal).",
                "360 x 1/9 = 40. Genau 40 kommt selten heraus; etwa 30 bis 50 ist normal "
                "(der typische Fehler sagt, wie weit daneben normal ist).",
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
                "below 100.",
                "100 Spiele. Ein Bot mit 110 Siegen kann einfach Glück gehabt haben: sein "
                "95-%-Bereich reicht unter 100.",
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
    exit_tickets=(
        Question(
            "t1",
            _w(
                "A bag holds 3 red and 2 blue marbles. You draw one, put it back and draw again. "
                "What is the chance that both are blue?",
                "Im Beutel sind 3 rote und 2 blaue Murmeln. Zieh eine, leg sie zurück, zieh noch "
                "eine. Wie groß ist die Chance, dass beide blau sind?",
            ),
            "number",
            lambda: Fraction(2, 5) * Fraction(2, 5),
            _w(
                "The two draws do not influence each other: multiply.",
                "Die beiden Züge beeinflussen einander nicht: malnehmen.",
            ),
            _w("2/5 x 2/5 = 4/25 = 16%.", "2/5 x 2/5 = 4/25 = 16 %."),
        ),
        Question(
            "t2",
            _w(
                "Three coins are flipped. What is the chance that at least one shows heads?",
                "Drei Münzen werden geworfen. Wie groß ist die Chance, dass mindestens eine Kopf "
                "zeigt?",
            ),
            "number",
            lambda: 1 - Fraction(1, 2) ** 3,
            _w(
                "First the chance that none shows heads, then 1 minus that.",
                "Erst die Chance, dass keine Kopf zeigt, dann 1 minus diese.",
            ),
            _w(
                "1 - 1/2 x 1/2 x 1/2 = 1 - 1/8 = 7/8 = 87.5%.",
                "1 - 1/2 x 1/2 x 1/2 = 1 - 1/8 = 7/8 = 87,5 %.",
            ),
        ),
        Question(
            "t3",
            _w(
                "Class A flips a coin 20 times, class B 2,000 times. Whose share of heads is more "
                "likely to land between 45% and 55%?",
                "Klasse A wirft 20-mal eine Münze, Klasse B 2.000-mal. Wessen Anteil an Kopf liegt "
                "eher zwischen 45 % und 55 %?",
            ),
            "choice",
            lambda: "B",
            _w(
                "Think of the class's dice and the slider.",
                "Denk an die Würfel der Klasse und den Regler.",
            ),
            _w(
                "Class B. The more flips, the closer the share of heads usually lands to one half "
                "(the law of large numbers). Class A lands in that range only about half the time "
                "(9, 10 or 11 heads of 20); class B almost always.",
                "Klasse B. Je mehr Würfe, desto näher landet der Anteil an Kopf meistens bei der "
                "Hälfte (das Gesetz der großen Zahlen). Klasse A landet nur etwa jedes zweite Mal "
                "in diesem Bereich (9, 10 oder 11-mal Kopf von 20); Klasse B fast immer.",
            ),
            (
                Choice("A", _w("class A", "Klasse A"), ("a",)),
                Choice("B", _w("class B", "Klasse B"), ("b",)),
                Choice("same", _w("both equally", "beide gleich"), ("gleich", "both")),
            ),
        ),
    ),
    code_tasks=(
        Question(
            "good-squares",
            _w(
                "Count the squares of the 6 x 6 grid where a roll of 2 dice works (at least one "
                "die good) with red and blue scared: a check of exercise 2.",
                "Zähle die Felder des 6 x 6-Rasters, auf denen ein Wurf mit 2 Würfeln gelingt "
                "(mindestens ein Würfel gut), wenn Rot und Blau erschreckt sind: eine Probe für "
                "Aufgabe 2.",
            ),
            "code",
            _good_square_count,
            _w(
                "A square is good unless both of its letters are in bad: "
                "[(a, b) for a in faces for b in faces if ...], then len(...).",
                "Ein Feld ist gut, außer beide Buchstaben stehen in bad: "
                "[(a, b) for a in faces for b in faces if ...], dann len(...).",
            ),
            _w(
                "27 squares: all 36 but the 3 x 3 where both dice are bad. 27/36 = 3/4, the "
                "answer of exercise 2.",
                "27 Felder: alle 36 außer den 3 x 3, auf denen beide Würfel schlecht sind. "
                "27/36 = 3/4, die Antwort von Aufgabe 2.",
            ),
            code=CodeTask(
                "good",
                _w(
                    "# every pair of faces; a square is good unless both dice are bad\n"
                    "good = len([(a, b) for a in faces for b in faces if a not in bad or b not in bad])\n"
                    "# or: good = 36 - len(bad) ** 2",
                    "# jedes Paar von Seiten; ein Feld ist gut, außer beide Würfel sind schlecht\n"
                    "good = len([(a, b) for a in faces for b in faces if a not in bad or b not in bad])\n"
                    "# oder: good = 36 - len(bad) ** 2",
                ),
                items=_good_squares,
            ),
        ),
    ),
    teacher_notes=(
        _w(
            "**Timing.** The minutes assume that the teacher reads the start aloud, that pupils "
            "of 10-14 read the rest at about 150 words a minute (the core path holds under 1,200 "
            "words), that a vote with its answer takes one to two minutes and an exercise two to "
            "three. The class's dice take ten minutes: two to explain, three to roll 20 times in "
            "pairs and count, three to type the counts in, two for the slider and the reveal. "
            "Typing one line of Python takes four minutes for pupils who have seen Python before; "
            "classes under 12 skip it and have four minutes more for the dice. Expected value "
            "(roll or stop), the rule, the typical error and the tournament are extensions A-D: "
            "together a second period.",
            "**Zeitplan.** Die Minuten nehmen an, dass die Lehrkraft den Start vorliest, dass "
            "Kinder von 10-14 Jahren den Rest mit etwa 150 Wörtern pro Minute lesen (der Kernweg "
            "hat weniger als 1.200 Wörter) und dass eine Abstimmung mit ihrer Antwort ein bis "
            "zwei Minuten braucht, eine Aufgabe zwei bis drei. Die Würfel der Klasse brauchen "
            "zehn Minuten: zwei zum Erklären, drei, um zu zweit 20-mal zu würfeln und zu zählen, "
            "drei zum Eintragen, zwei für den Regler und die Auflösung. Eine Zeile Python zu "
            "schreiben dauert vier Minuten für Kinder, die Python schon gesehen haben; Klassen "
            "unter 12 lassen es aus und haben vier Minuten mehr für die Würfel. Der "
            "Erwartungswert (würfeln oder aufhören), die Regel, der typische Fehler und das "
            "Turnier sind die Erweiterungen A-D: zusammen eine zweite Stunde.",
        ),
        _w(
            "**Your turn.** The pupils' cell gives the six faces by the letters on the dice and "
            "the bad ones; they write one line that sets `good`. The check accepts the number "
            "27 however it was computed, or the list of the 27 squares itself; a list of another "
            "length gets a hint, never the answer.",
            "**Du bist dran.** Die Zelle der Kinder nennt die sechs Seiten mit den Buchstaben "
            "auf den Würfeln und die schlechten; sie schreiben eine Zeile, die `good` festlegt. "
            "Die Prüfung nimmt die Zahl 27 an, egal wie sie ausgerechnet wurde, oder die Liste "
            "der 27 Felder selbst; eine Liste anderer Länge bekommt einen Tipp, nie die Antwort.",
        ),
        _w(
            "**Common misconceptions.** *The gambler's fallacy*: \"black came up three times, so "
            'silver is due"; the dice have no memory. *More stars make you safer*: scared '
            "dragons make the next roll riskier, not safer. *Equally likely handfuls*: two dice "
            'show "black and red" twice as often as "black and black" (two orders against '
            "one), which is why the grid counts ordered squares. *A simulation is wrong if it "
            "misses the exact value*: every count wobbles; the question is by how much "
            "(extension C).",
            "**Häufige Fehlvorstellungen.** *Der Spielerfehlschluss*: „Schwarz kam dreimal "
            "hintereinander, jetzt ist Silber dran“; Würfel haben kein Gedächtnis. *Mehr Sterne "
            "machen sicherer*: Erschreckte Drachen machen den nächsten Wurf riskanter, nicht "
            "sicherer. *Alle Handvoll sind gleich wahrscheinlich*: Zwei Würfel zeigen „Schwarz "
            "und Rot“ doppelt so oft wie „Schwarz und Schwarz“ (zwei Reihenfolgen gegen eine); "
            "darum zählt das Raster geordnete Felder. *Eine Simulation ist falsch, wenn sie den "
            "genauen Wert verfehlt*: Jede Zählung wackelt; die Frage ist nur, wie stark "
            "(Erweiterung C).",
        ),
        _w(
            "**The rule's tie-break.** The rule of extension B places where stars minus dice is "
            "largest and, on a tie, uses fewer dice. Its shares of the best expected stars "
            "(99.7% on our table, 99.8% on average over all 256 tables of 1-4-star residents, "
            "99.3% at worst) hold only with that tie-break: breaking ties towards more stars "
            "keeps 98.7%, 99.2% and 98.4%.",
            "**Die Entscheidung bei Gleichstand.** Die Regel aus Erweiterung B legt dorthin, wo "
            "Sterne minus Würfel am größten ist, und nimmt bei Gleichstand weniger Würfel. Ihre "
            "Anteile an den besten erwarteten Sternen (99,7 % an unserem Tisch, 99,8 % im "
            "Durchschnitt über alle 256 Tische mit Burgbewohnern zu 1-4 Sternen, schlimmstenfalls "
            "99,3 %) gelten nur so: Wer bei Gleichstand mehr Sterne nimmt, erreicht 98,7 %, 99,2 % "
            "und 98,4 %.",
        ),
        _w(
            '**The meter as a reveal.** The table in notebook 01 has a "Should I roll again?" '
            "meter. Set up a position, hide the meter (*Hide the odds*), let the class vote, then "
            "show it.",
            "**Das Messgerät als Auflösung.** Der Tisch in Notebook 01 hat ein Messgerät „Noch "
            "einmal würfeln?“. Stellen Sie eine Lage ein, verbergen Sie das Messgerät (*Chancen "
            "verbergen*), lassen Sie die Klasse abstimmen und zeigen Sie es dann.",
        ),
        _w(
            "**Assumed numbers.** The printed rules give the stars of only three residents (king "
            "4, knight 3, maid 2). The other star values and the juggler's 1 star are "
            "assumptions of Kaskaria; the core path does not use stars at all, and in the "
            "extensions only the numbers change if your box differs, not the method.",
            "**Angenommene Zahlen.** Die gedruckte Spielregel nennt die Sterne von nur drei "
            "Burgbewohnern (König 4, Ritter 3, Magd 2). Die übrigen Sternwerte und der 1 Stern "
            "des Gauklers sind Annahmen von Kaskaria; der Kernweg braucht gar keine Sterne, und "
            "in den Erweiterungen ändern sich bei einer anderen Schachtel nur die Zahlen, nicht "
            "der Weg.",
        ),
    ),
    # which faces fail is the answer of the first prediction on the same sheet: section 3 says it
    tally=_w(
        "Our dice: two dice, red scared. A roll fails when both dice show a bad face (section 3 of "
        "the lesson names them).",
        "Unsere Würfel: zwei Würfel, Rot erschreckt. Ein Wurf misslingt, wenn beide Würfel eine "
        "schlechte Seite zeigen (Abschnitt 3 der Stunde nennt sie).",
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


def _outcome(lines: tuple[str, ...]) -> Callable[[], str]:
    """What the last of ``lines`` (a roll) does from the worked examples' set-up: "fails" when
    nothing can be placed (the turn ends with a juggler), "place" when a colour can be set aside."""

    def exact() -> str:
        before = _after(lines[:-1])
        after = before.apply(lines[-1])
        return "fails" if after.turns > before.turns else "place"

    return exact


#: the worksheet's notes: what the exercises need and no prediction on the same sheet asks (one
#: colour per roll, black dice and the tie-break are predictions, so the notes leave them out)
_SILVER = _w(
    "Silver is the joker: all silver dice of a roll go together on any one dragon that holds no "
    "dice yet.",
    "Silber ist der Joker: Alle silbernen Würfel eines Wurfs kommen zusammen auf einen beliebigen "
    "Drachen, auf dem noch keine Würfel liegen.",
)
_SIX_FACES = _w(
    "The six faces of a die: black, yellow, red, blue, purple, silver.",
    "Die sechs Seiten eines Würfels: Schwarz, Gelb, Rot, Blau, Lila, Silber.",
)

RULES_LESSON = LessonPlan(
    id="dragon-battle-rules",
    notebook="01-dragon-battle-rules.ipynb",
    title=_w("Dragon Battle: the rules", "Drachenschreck: die Regeln"),
    age=_w("ages 8-12", "8 bis 12 Jahre"),
    goals=(
        _w(
            "Play a turn: roll, set one colour aside, use silver, then roll again or stop.",
            "Einen Zug spielen: würfeln, eine Farbe herauslegen, Silber nutzen, dann "
            "weiterwürfeln oder aufhören.",
        ),
        _w(
            "Tell when a turn fails, and who wins.",
            "Erkennen, wann ein Zug misslingt und wer gewinnt.",
        ),
        _w(
            "Play a game against bots with the buttons.",
            "Mit den Knöpfen ein Spiel gegen Bots spielen.",
        ),
    ),
    parts=(
        Part(_w("Start: the game (section 1)", "Start: das Spiel (Abschnitt 1)"), 3),
        Part(
            _w(
                "A roll: black dice, one colour, silver (sections 2-4); exercise 1",
                "Ein Wurf: schwarze Würfel, eine Farbe, Silber (Abschnitte 2-4); Aufgabe 1",
            ),
            9,
        ),
        Part(
            _w(
                "Roll again or stop, a failed turn (section 5); exercise 2",
                "Weiterwürfeln oder aufhören, ein misslungener Zug (Abschnitt 5); Aufgabe 2",
            ),
            7,
        ),
        Part(_w("The end and the winner (section 6)", "Das Ende und der Sieg (Abschnitt 6)"), 3),
        Part(
            _w(
                "A whole game against two bots (section 7)",
                "Ein ganzes Spiel gegen zwei Bots (Abschnitt 7)",
            ),
            8,
        ),
        Part(
            _w("What we found; the exit ticket", "Was wir herausgefunden haben; das Exit-Ticket"),
            5,
        ),
        Part(_w("Slack: logging in, questions", "Puffer: Anmelden, Fragen"), 5),
        Part(
            _w(
                "Extension A: how many results four dice can show",
                "Erweiterung A: wie viele Ergebnisse vier Würfel zeigen können",
            ),
            4,
            core=False,
        ),
        Part(
            _w(
                "Extension B: Ella's turn, the rulebook's second example",
                "Erweiterung B: der Zug von Ella, das zweite Beispiel der Spielregel",
            ),
            5,
            core=False,
        ),
        Part(
            _w(
                "Extension C: a whole game of bots, scored; the two variants",
                "Erweiterung C: ein ganzes Spiel von Bots, gewertet; die beiden Varianten",
            ),
            6,
            core=False,
        ),
        Part(
            _w(
                "Extensions D and E: where the numbers are guesses; where the engine had to choose",
                "Erweiterungen D und E: wo die Zahlen geschätzt sind; wo die Spielregel-Maschine "
                "wählen musste",
            ),
            8,
            core=False,
        ),
        Part(
            _w("Extension F: every button and key", "Erweiterung F: alle Knöpfe und Tasten"),
            3,
            core=False,
        ),
    ),
    predictions=(
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
            # the table after such a roll shows the dice in the well; its story says where they go
            giveaways=(
                _w("into the well", "in den Brunnen"),
                _w("well 2", "Brunnen 2"),
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
            # the rule in words, and the table's own line after a roll
            giveaways=(
                _w("one colour per roll", "eine Farbe pro Wurf"),
                _w("set one colour aside", "eine Farbe herauslegen"),
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
                "Lukas rolls again and gets yellow: the maid too, 6 stars in all. He was lucky "
                "(exercise 2 asks why).",
                "Lukas würfelt noch einmal und bekommt Gelb: dazu die Magd, zusammen 6 Sterne. Er "
                "hatte Glück (Aufgabe 2 fragt, warum).",
            ),
            _ROLL_STOP,
            # the story of his last roll shows what he did
            giveaways=(_w("rolls 1 die", "wirft 1 Würfel"),),
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
            # the tie-break in words
            giveaways=(
                _w("fewest rescued residents", "die wenigsten Burgbewohner"),
                _w("fewer residents win", "weniger Burgbewohner gewinnen"),
            ),
        ),
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
            worksheet=False,
            extension=True,
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
            working=Working(lines=2),
            sheet_note=_SILVER,
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
            giveaways=(_w("black and red", "Schwarz und Rot"),),
            sheet_note=_SIX_FACES,
        ),
    ),
    exit_tickets=(
        Question(
            "t1",
            _w(
                "No dragon holds dice yet. You roll red, red, silver and blue. How many different "
                "placements may you choose from?",
                "Auf keinem Drachen liegen Würfel. Du würfelst Rot, Rot, Silber und Blau. Zwischen "
                "wie vielen Herauslege-Möglichkeiten darfst du wählen?",
            ),
            "number",
            _placements_after(("roll", "roll blue red red silver")),
            _w(
                "Count the colours first, then every dragon the silver die may go on.",
                "Zähle erst die Farben, dann jeden Drachen, auf den der silberne Würfel darf.",
            ),
            _w(
                "6: red (both red dice) or blue, or the silver die on any of the 4 dragons.",
                "6: Rot (beide roten Würfel) oder Blau, oder der silberne Würfel auf einen der 4 "
                "Drachen.",
            ),
            working=Working(lines=2),
            sheet_note=_SILVER,
        ),
        Question(
            "t2",
            _w(
                "The red and the blue dragon hold dice. You roll your last 2 dice: blue and black. "
                "What happens?",
                "Auf dem roten und dem blauen Drachen liegen Würfel. Du würfelst mit deinen letzten "
                "2 Würfeln: Blau und Schwarz. Was passiert?",
            ),
            "choice",
            _outcome(
                (
                    "roll",
                    "roll blue purple red yellow",
                    "place red",
                    "roll",
                    "roll blue purple yellow",
                    "place blue",
                    "roll",
                    "roll black blue",
                )
            ),
            _w(
                "Can either die be set aside?",
                "Lässt sich einer der beiden Würfel herauslegen?",
            ),
            _w(
                "The turn fails: black never fits and the blue dragon already holds dice. The "
                "residents stay, and you get a juggler.",
                "Der Zug misslingt: Schwarz passt nie, und auf dem blauen Drachen liegen schon "
                "Würfel. Die Burgbewohner bleiben, und du bekommst einen Gaukler.",
            ),
            (
                Choice("place", _w("blue goes on its dragon", "Blau kommt auf seinen Drachen")),
                Choice("again", _w("you roll both again", "du würfelst beide noch einmal")),
                Choice(
                    "fails",
                    _w("the turn fails", "der Zug misslingt"),
                    ("fail", "juggler", "misslingt", "gaukler"),
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
    teacher_notes=(
        _w(
            "**Timing.** The minutes assume that the teacher reads each short text aloud (or the "
            "pupils read it: at 8-12 about 80-120 words a minute; the core path holds under 800 "
            "words), that a vote with its answer takes one to two minutes, an exercise two to "
            "three, the exit ticket four, and the game against the bots eight (two or three "
            "turns of their own: the bots' turns play with *Play whole turn*, key T). A class "
            "that has played the game with real dice can go through sections 1-4 faster.",
            "**Zeitplan.** Die Minuten nehmen an, dass die Lehrkraft jeden kurzen Text vorliest "
            "(oder die Kinder lesen ihn: mit 8-12 Jahren etwa 80-120 Wörter pro Minute; der "
            "Kernweg hat weniger als 800 Wörter), dass eine Abstimmung mit ihrer Antwort ein bis "
            "zwei Minuten braucht, eine Aufgabe zwei bis drei, das Exit-Ticket vier und das Spiel "
            "gegen die Bots acht (zwei oder drei eigene Züge: die Züge der Bots laufen mit "
            "*Ganzen Zug spielen*, Taste T). Eine Klasse, die schon mit echten Würfeln gespielt "
            "hat, kommt schneller durch die Abschnitte 1-4.",
        ),
        _w(
            "**Predict, then look.** Each prediction comes before the table or story that shows "
            "the answer: let everyone vote (hands up, or the buttons), then press *Show the "
            "answer*, then look at the table. The tables are live: a pupil may press their "
            "buttons at any time.",
            "**Erst schätzen, dann schauen.** Jede Schätzfrage steht vor dem Tisch oder der "
            "Geschichte, die die Antwort zeigt: Lassen Sie alle abstimmen (Handzeichen oder die "
            "Knöpfe), dann *Antwort zeigen* drücken, dann auf den Tisch schauen. Die Tische sind "
            "lebendig: Die Kinder dürfen ihre Knöpfe jederzeit drücken.",
        ),
        _w(
            "**Common mix-ups.** Silver together with a colour (not in the rulebook's own "
            "example; extension E shows the other reading); a failed turn that keeps the dragons "
            "already scared (no: everything placed this turn counts for nothing); more residents "
            "winning a tie (fewer win).",
            "**Häufige Verwechslungen.** Silber zusammen mit einer Farbe (nicht im Beispiel der "
            "Spielregel; Erweiterung E zeigt die andere Lesart); ein misslungener Zug, der die "
            "schon erschreckten Drachen behält (nein: alles, was in diesem Zug gelegt wurde, "
            "zählt nichts); mehr Burgbewohner gewinnen bei Gleichstand (weniger gewinnen).",
        ),
        _w(
            "**Assumed numbers.** The rulebook gives the stars of only three residents (king 4, "
            "knight 3, maid 2); the others and the juggler's 1 star are assumed (extension D). "
            "The rules and this lesson do not depend on them.",
            "**Angenommene Zahlen.** Die Spielregel nennt die Sterne von nur drei Burgbewohnern "
            "(König 4, Ritter 3, Magd 2); die übrigen und der 1 Stern des Gauklers sind "
            "angenommen (Erweiterung D). Die Regeln und diese Stunde hängen nicht davon ab.",
        ),
    ),
)

LESSONS: dict[str, LessonPlan] = {ODDS.id: ODDS, RULES_LESSON.id: RULES_LESSON}
LESSONS.update((plan.id, plan) for plan in (HEROES_RULES, HEROES_CARDS))

LESSONS.update(
    (plan.id, plan) for plan in (DRAGONS_GOLD_RULES, DRAGONS_GOLD_DEALS, DRAGONS_GOLD_SHARES)
)


def lesson(lesson_id: str) -> LessonPlan:
    if lesson_id not in LESSONS:
        raise ValueError(f"unknown lesson {lesson_id!r:.40}; lessons: {', '.join(LESSONS)}")
    return LESSONS[lesson_id]
