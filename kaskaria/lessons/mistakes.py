"""Named mistakes: the values that a known wrong way of thinking gives for a question, each with
one kind sentence (English and German) that names the mistake without giving the answer away.

The answer boxes and the "your turn" checks (:mod:`kaskaria.lessons.answers`) never call such a
value close: a pupil who types ``6/54`` (or ``1/9``) for the chance that Mia's next card is red,
5/46, gets the sentence about counting all the cards as if Mia saw none, the dice-thinking the
lesson corrects. The teacher editions list them under their questions as common mistakes.

Kept apart from the lesson plans (:mod:`kaskaria.lessons.content`) on purpose: the plans hold the
lessons' words, this table holds what the marking knows about wrong answers. Keyed by lesson id
and question id; a test checks that every entry names a question of its lesson, differs from the
answer and has both languages.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

__all__ = ["MISTAKES", "Mistake", "for_check", "mistakes"]


@dataclass(frozen=True)
class Mistake:
    """A wrong model's value, the sentence that names it (per language), and the value as the
    wrong model writes it (``6/54``, for the teacher edition; the answer boxes name a fraction
    only as written so, not reduced: ``1/9`` is no sign of ``6/54``), with other fractions it
    writes for it (``4/36`` for ``1/9``: 2/6 x 2/6). ``written`` is the calculation the wrong
    model writes, when it is one (``48/53 + 42/52``, the chances added; ``7 + 2 + 2``, a shared
    place's gold split): the teacher edition lists it first, and when it is a sum the boxes name
    the mistake for a bare number of its value or for a sum of the same terms, never for another
    sum of that value (``7 + 4`` is 11, but no gold was split)."""

    value: Fraction
    words: dict[str, str]
    shown: str = ""
    also: tuple[str, ...] = ()
    written: str = ""


def _m(
    value: str | int, en: str, de: str, also: tuple[str, ...] = (), written: str = ""
) -> Mistake:
    return Mistake(Fraction(value), {"en": en, "de": de}, str(value), also, written)


MISTAKES: dict[str, dict[str, tuple[Mistake, ...]]] = {
    "dragon-battle-odds": {
        "ex1": (
            _m(
                "1/2",
                "1/2 is the chance that one die is good. The roll works unless both dice are bad: "
                "work out that chance first, then 1 minus it.",
                "1/2 ist die Wahrscheinlichkeit, dass ein Würfel gut ist. Der Wurf gelingt, außer "
                "beide Würfel sind schlecht: Rechne erst diese Wahrscheinlichkeit aus, dann 1 "
                "minus diese Wahrscheinlichkeit.",
                also=("3/6",),
            ),
            _m(
                1,
                "you added the chances of the two dice, but both can be good at once: work out "
                "the chance that both are bad, then 1 minus that.",
                "Du hast die Wahrscheinlichkeiten der beiden Würfel addiert, aber beide können "
                "zugleich gut sein: Rechne aus, wie wahrscheinlich beide schlecht sind, dann 1 "
                "minus das.",
            ),
            _m(
                "8/9",
                "8/9 is the answer of section 2, with one dragon scared. Here two dragons are "
                "scared, so 3 of the 6 faces of each die are bad.",
                "8/9 ist die Antwort aus Abschnitt 2, mit einem erschreckten Drachen. Hier sind "
                "zwei Drachen erschreckt, also sind 3 der 6 Seiten jedes Würfels schlecht.",
            ),
        ),
        "ex2": (
            _m(
                "1/3",
                "1/3 is the chance for one die. All 3 dice must show a bad face: multiply the "
                "chances of the three dice.",
                "1/3 ist die Wahrscheinlichkeit für einen Würfel. Alle 3 Würfel müssen eine "
                "schlechte Seite zeigen: Nimm die Wahrscheinlichkeiten der drei Würfel mal.",
                also=("2/6",),
            ),
            _m(
                1,
                "you added the chances of the three dice. All 3 must be bad at once: multiply "
                "instead of adding.",
                "Du hast die Wahrscheinlichkeiten der drei Würfel addiert. Alle 3 müssen "
                "gleichzeitig schlecht sein: Nimm sie mal, statt sie zu addieren.",
            ),
            _m(
                "1/9",
                "that is the chance for 2 dice, but you hold 3.",
                "Das ist die Wahrscheinlichkeit für 2 Würfel, du hast aber 3.",
                also=("4/36",),
            ),
            _m(
                "1/216",
                "that counts one bad face per die. With one dragon scared, two faces are bad: "
                "black and the scared dragon's colour.",
                "Da zählt nur eine schlechte Seite pro Würfel. Mit einem erschreckten Drachen "
                "sind zwei Seiten schlecht: Schwarz und die Farbe des erschreckten Drachen.",
            ),
            _m(
                "37/100",
                "the decimal point has slipped one place: a percentage is hundredths, so 3.7% is "
                "0.037, and 0.37 is 37%. Check where the point goes.",
                "Das Komma ist um eine Stelle verrutscht: Prozent sind Hundertstel, also sind "
                "3,7 % gleich 0,037, und 0,37 sind 37 %. Prüf, wo das Komma hingehört.",
            ),
            _m(
                "0.4",
                "the decimal point has slipped one place: 0.4 is 40%, but the chance is only a few "
                "per cent. A percentage is hundredths: check where the point goes.",
                "Das Komma ist um eine Stelle verrutscht: 0,4 sind 40 %, die Wahrscheinlichkeit "
                "ist aber nur ein paar Prozent. Prozent sind Hundertstel: Prüf, wo das Komma "
                "hingehört.",
            ),
        ),
        "ex3": (
            _m(
                27,
                "27 is what the six faces bring added up. The average is that sum divided by 6.",
                "27 ist das, was die sechs Seiten zusammen bringen. Der Durchschnitt ist diese "
                "Summe geteilt durch 6.",
            ),
            _m(
                "14/3",
                "14/3 is the answer for the table of the vote before, with yellow and red scared. "
                "Here only yellow is scared: write down again what each face brings.",
                "14/3 ist die Antwort für den Tisch der Abstimmung davor, mit Gelb und Rot "
                "erschreckt. Hier ist nur Gelb erschreckt: Schreib noch einmal auf, was jede Seite "
                "bringt.",
            ),
        ),
        "ex5": (
            _m(
                320,
                "320 are the rolls that work. The question asks how many rolls fail.",
                "320 sind die Würfe, die gelingen. Gefragt ist, wie viele Würfe misslingen.",
            ),
        ),
        "ex8": (
            _m(
                24,
                "24 are the pupils whose roll works. The question asks how many fail.",
                "24 sind die Kinder, deren Wurf gelingt. Gefragt ist, wie viele scheitern.",
            ),
        ),
        "t1": (
            _m(
                "2/5",
                "2/5 is the chance for one draw (4/10 is the same number). Both draws must be "
                "blue: multiply the chances of the two draws, top times top and bottom times "
                "bottom.",
                "2/5 ist die Wahrscheinlichkeit für eine Ziehung (4/10 ist dieselbe Zahl). Beide "
                "Murmeln müssen blau sein: Nimm die Wahrscheinlichkeiten der beiden Ziehungen mal, "
                "Zähler mal Zähler und Nenner mal Nenner.",
                also=("4/10",),
            ),
            _m(
                "4/5",
                "you added the chances of the two draws. Both must be blue: multiply instead.",
                "Du hast die Wahrscheinlichkeiten der beiden Ziehungen addiert. Beide müssen blau "
                "sein: Nimm sie stattdessen mal.",
            ),
        ),
        "t2": (
            _m(
                1,
                "1 would mean heads for certain, but all three coins can show tails. Work out the "
                "chance that no coin shows heads, then 1 minus that.",
                "1 hieße, dass sicher eine Münze Kopf zeigt, aber alle drei können Zahl zeigen. "
                "Rechne aus, wie wahrscheinlich keine Münze Kopf zeigt, dann 1 minus das.",
            ),
            _m(
                "3/2",
                "you added the chances of the three coins, and a chance is never more than 1. "
                "Work out the chance that no coin shows heads, then 1 minus that.",
                "Du hast die Wahrscheinlichkeiten der drei Münzen addiert, und eine "
                "Wahrscheinlichkeit ist nie größer als 1. Rechne aus, wie wahrscheinlich keine "
                "Münze Kopf zeigt, dann 1 minus das.",
            ),
        ),
        "good-squares": (
            _m(
                9,
                "9 counts only some of the squares: 9 is where both dice are bad (or, with and in "
                "place of or, where both are good). The task asks for every square where the roll "
                "works: at least one die good.",
                "9 zählt nur einen Teil der Felder: Auf 9 Feldern sind beide Würfel schlecht (oder, mit "
                "and statt or, beide gut). Gefragt sind alle Felder, auf denen der Wurf gelingt: "
                "mindestens ein Würfel gut.",
            ),
            _m(
                36,
                "36 is every square of the grid: leave out the squares where both dice are bad.",
                "36 sind alle Felder des Rasters: Lass die Felder weg, auf denen beide Würfel "
                "schlecht sind.",
            ),
            _m(
                3,
                "3 is the number of bad faces, len(bad). Count the squares: the pairs of faces.",
                "3 ist die Zahl der schlechten Seiten, len(bad). Zähle die Felder: die Paare von "
                "Seiten.",
            ),
            _m(
                75,
                "* 100 makes a percentage, but the task asks how many squares: count the squares, "
                "without * 100.",
                "* 100 macht daraus eine Prozentzahl, gefragt ist aber die Zahl der Felder: Zähle "
                "die Felder, ohne * 100.",
            ),
            _m(
                35,
                "^ is no power in Python (it compares bits): write ** for a power, 3 ** 2 is 9.",
                "^ ist in Python keine Potenz (es vergleicht Bits): Schreib ** für eine Potenz, "
                "3 ** 2 ist 9.",
            ),
            _m(
                32,
                "that leaves out 2 × 2 squares, but with red and blue scared 3 faces of each die "
                "are bad: len(bad).",
                "Da fallen 2 · 2 Felder weg, aber mit Rot und Blau erschreckt sind 3 Seiten jedes "
                "Würfels schlecht: len(bad).",
            ),
            _m(
                7,
                "7 is 1 + 2 + 4: sum adds up the numbers of the bad faces. Count the squares, and "
                "count with len.",
                "7 ist 1 + 2 + 4: sum zählt die Zahlen der schlechten Seiten zusammen. Zähle die "
                "Felder, und zwar mit len.",
            ),
            _m(
                -13,
                "-13 is 36 - 7 ** 2: sum(bad) adds up the numbers of the bad faces (7), len(bad) "
                "counts them (3).",
                "-13 ist 36 - 7 ** 2: sum(bad) zählt die Zahlen der schlechten Seiten zusammen (7), "
                "len(bad) zählt die Seiten (3).",
            ),
        ),
    },
    "heroes-rules": {
        "ex1": (
            _m(
                12,
                "12 gives the two griffins on field 3 two different places, as if the second "
                "were pushed back to third. Figures on one field share a place: both get the "
                "gold of that place.",
                "12 gibt den zwei Schuppengreifen auf Feld 3 zwei verschiedene Plätze, als würde "
                "der zweite auf den dritten Platz geschoben. Figuren auf einem Feld teilen sich "
                "einen Platz: Beide bekommen das Gold dieses Platzes.",
                written="7 + 4 + 1",
            ),
            _m(
                11,
                "11 splits the 4 gold of the shared place between the two griffins on field 3. "
                "Sharing a place does not split its gold: each of them gets the whole 4.",
                "11 teilt die 4 Goldstücke des geteilten Platzes unter den zwei Schuppengreifen auf "
                "Feld 3 auf. Einen Platz teilen heißt nicht, sein Gold zu teilen: Jeder von beiden "
                "bekommt die ganzen 4.",
                written="7 + 2 + 2",
            ),
        ),
        "ex2": (
            _m(
                18,
                "18 counts every choice, the empty one and those with one card too. A set has at "
                "least 2 cards: take those choices away.",
                "18 zählt jede Möglichkeit, auch die leere und die mit nur einer Karte. Ein "
                "Kartenset hat mindestens 2 Karten: Zieh diese Möglichkeiten ab.",
            ),
            _m(
                26,
                "26 counts Tom's two gold cards as two different cards (and his two cliff "
                "runners too). Two cards of one kind count as alike: gold goes in 0, 1 or 2 "
                "times.",
                "26 zählt Toms zwei Gold-Karten als zwei verschiedene Karten (und seine zwei "
                "Klippenläufer auch). Zwei Karten derselben Sorte zählen als gleich: Gold ist 0-, "
                "1- oder 2-mal dabei.",
            ),
        ),
        "ex3": (
            _m(
                2,
                "2 fields is the usual rule: one for each cliff-runner card. In the brave variant "
                "a pair of them walks one field more.",
                "2 Felder sind die normale Regel: eins für jede Klippenläufer-Karte. In der "
                "Variante für mutige Kaskarier läuft ein Paar davon ein Feld weiter.",
            ),
        ),
        "t-socks": (
            _m(
                4,
                "4 socks can all have different colours, one of each. To be sure of two of one "
                "colour, take one more.",
                "4 Socken können alle verschiedene Farben haben, eine von jeder. Damit sicher zwei "
                "gleichfarbige dabei sind, nimm noch eine.",
            ),
        ),
        "t-lena": (
            _m(
                14,
                "14 is 2 short. Did you leave out the amulet (Lena has it: 2 gold), or split the "
                "4 gold of the shared second place? Sharing a place does not split its gold.",
                "14 sind 2 zu wenig. Hast du das Amulett weggelassen (Lena hat es: 2 Goldstücke) "
                "oder die 4 Goldstücke des geteilten zweiten Platzes aufgeteilt? Einen Platz "
                "teilen heißt nicht, sein Gold zu teilen.",
            ),
            _m(
                13,
                "13 is 3 short. Did you leave out the 3 gold pieces Lena collected, or give her "
                "cliff runner third place's 1 gold? It shares second place, which pays 4.",
                "13 sind 3 zu wenig. Hast du die 3 gesammelten Goldstücke weggelassen, oder hat ihr "
                "Klippenläufer bei dir nur das eine Goldstück des dritten Platzes bekommen? Er teilt "
                "sich den zweiten Platz, und der bringt 4.",
            ),
        ),
    },
    "heroes-cards": {
        "ex2": (
            _m(
                "25/81",
                "25/81 is the dice way: 1 - 8/9 × 7/9 treats every card like a fresh roll. But a "
                "drawn card is gone: count the cards left after each card.",
                "25/81 ist der Weg mit Würfeln: 1 - 8/9 × 7/9 behandelt jede Karte wie einen neuen "
                "Wurf. Eine gezogene Karte ist aber weg: Zähle nach jeder Karte die übrigen Karten.",
            ),
            _m(
                str(Fraction(48, 53) + Fraction(42, 52)),
                "you added the chances of the two cards, and a chance is never more than 1. The "
                "second and the third card must both avoid the colours before them: multiply the "
                "chances, then take 1 minus the product.",
                "Du hast die Wahrscheinlichkeiten der beiden Karten addiert, und eine "
                "Wahrscheinlichkeit ist nie größer als 1. Die zweite und die dritte Karte müssen "
                "beide die Farben davor meiden: Nimm die Wahrscheinlichkeiten mal und rechne dann "
                "1 minus das Produkt.",
                written="48/53 + 42/52",
            ),
            _m(
                "5/53",
                "5/53 is the chance that the second card matches the first. The third card can "
                "make a set too: take 1 minus the chance that all three colours differ.",
                "5/53 ist die Wahrscheinlichkeit, dass die zweite Karte zur ersten passt. Auch die "
                "dritte Karte kann ein Kartenset machen: Nimm 1 minus die Wahrscheinlichkeit, dass "
                "alle drei Farben verschieden sind.",
            ),
        ),
        "ex3": (
            _m(
                362_880 * 6**9,
                "that counts the 9 cards of a hand in every order they could come in. A hand is "
                "the same hand in any order: each colour gives one of its 6 cards, and that is all.",
                "Das zählt die 9 Karten einer Kartenhand in jeder Reihenfolge, in der sie kommen "
                "können. Eine Kartenhand ist in jeder Reihenfolge dieselbe: Jede Farbe gibt eine "
                "ihrer 6 Karten, mehr nicht.",
            ),
        ),
        "ex4": (
            _m(
                "1/13",
                "1/13 is the chance at draw 30, when 13 places were left. 30 cards are gone now: "
                "the next card is draw 31.",
                "1/13 ist die Wahrscheinlichkeit beim 30. Ziehen, als noch 13 Stellen übrig waren. "
                "Jetzt sind 30 Karten weg: Die nächste Karte ist die 31.",
            ),
        ),
        "ex1": (
            _m(
                "9/54",
                "9/54 = 1/6 counts all 54 cards, as if Mia saw none. But the cards she sees "
                "cannot come next.",
                "9/54 = 1/6 zählt alle 54 Karten, als sähe Mia keine. Aber die Karten, die sie "
                "sieht, können nicht als Nächstes kommen.",
                also=("1/6",),
            ),
            _m(
                "9/46",
                "9/46 still counts the griffins Mia sees: they cannot come next.",
                "9/46 zählt die Schuppengreife noch mit, die Mia sieht: Sie können nicht als "
                "Nächstes kommen.",
            ),
            _m(
                "7/54",
                "7/54 takes away the griffins Mia sees, but not the other cards she sees: "
                "divide by the cards she cannot see.",
                "7/54 nimmt die Schuppengreife weg, die Mia sieht, aber nicht die anderen Karten, "
                "die sie sieht: Teile durch die Karten, die sie nicht sieht.",
            ),
            _m(
                "7/41",
                "7/41 divides by the draw pile only. Mia cannot see the cards in the other hands "
                "either: divide by all 46 cards she cannot see.",
                "7/41 teilt nur durch den Nachziehstapel. Die Karten auf den anderen Händen sieht "
                "Mia auch nicht: Teile durch alle 46 Karten, die sie nicht sieht.",
            ),
            _m(
                "7/47",
                "7/47 counts the waterfall card too. It is hidden in the bottom half of the pile, "
                "so it cannot come next: divide by the 46 coloured cards.",
                "7/47 zählt die Wasserfall-Karte mit. Sie steckt in der unteren Hälfte des "
                "Stapels und kann nicht als Nächstes kommen: Teile durch die 46 farbigen Karten.",
            ),
        ),
        "t-marbles": (
            _m(
                "4/10",
                "4/10 takes the red marble away from the red ones, but not from all the marbles "
                "in the bag.",
                "4/10 nimmt die rote Murmel bei den roten weg, aber nicht bei allen Murmeln im "
                "Beutel.",
            ),
            _m(
                "5/10",
                "5/10 is the chance before the first draw, as if the red marble went back into "
                "the bag. It is kept.",
                "5/10 ist die Wahrscheinlichkeit vor dem ersten Zug, als käme die rote Murmel "
                "zurück in den Beutel. Sie wird aber behalten.",
                also=("1/2",),
            ),
        ),
        "t-green": (
            _m(
                "10/40",
                "10/40 counts all 40 cards, as if you saw none. But the cards you see cannot "
                "come next.",
                "10/40 zählt alle 40 Karten, als würdest du keine sehen. Aber die Karten, die du siehst, "
                "können nicht als Nächstes kommen.",
                also=("1/4",),
            ),
            _m(
                "10/28",
                "10/28 still counts the green cards you see: they cannot come next.",
                "10/28 zählt die grünen Karten noch mit, die du siehst: Sie können nicht als "
                "Nächstes kommen.",
            ),
            _m(
                "6/40",
                "6/40 takes away the green cards you see, but not the other cards you see: "
                "divide by the cards you cannot see.",
                "6/40 nimmt die grünen Karten weg, die du siehst, aber nicht die anderen Karten, "
                "die du siehst: Teile durch die Karten, die du nicht siehst.",
                also=("3/20",),
            ),
        ),
        "red-chance": (
            _m(
                "6/54",
                "6/54 = 1/9 counts all 54 cards, as if Mia saw none, the way a die has no "
                "memory. Cards do: the cards Mia sees cannot come next.",
                "6/54 = 1/9 zählt alle 54 Karten, als sähe Mia keine, wie bei einem Würfel ohne "
                "Gedächtnis. Bei Karten ist das anders: Die Karten, die Mia sieht, können nicht "
                "als Nächstes kommen.",
            ),
            _m(
                "6/46",
                "6/46 still counts the red card in Mia's hand: it cannot come next.",
                "6/46 zählt die rote Karte auf Mias Hand noch mit: Sie kann nicht als Nächstes "
                "kommen.",
            ),
            _m(
                "5/54",
                "5/54 takes away Mia's red card, but not the other cards she sees: divide by the "
                "cards she cannot see.",
                "5/54 nimmt Mias rote Karte weg, aber nicht die anderen Karten, die sie sieht: "
                "Teile durch die Karten, die sie nicht sieht.",
            ),
            _m(
                "5/41",
                "5/41 divides by the draw pile only. Mia cannot see the cards in Peter's hand "
                "either: divide by all 46 cards she cannot see.",
                "5/41 teilt nur durch den Nachziehstapel. Die Karten auf Peters Hand sieht Mia "
                "auch nicht: Teile durch alle 46 Karten, die sie nicht sieht.",
            ),
            _m(
                "5/47",
                "5/47 counts the waterfall card too. It is hidden in the bottom half of the pile, "
                "so it cannot come next: divide by the 46 coloured cards.",
                "5/47 zählt die Wasserfall-Karte mit. Sie steckt in der unteren Hälfte des "
                "Stapels und kann nicht als Nächstes kommen: Teile durch die 46 farbigen Karten.",
            ),
        ),
    },
    "dragons-gold-rules": {
        "ex2": (
            _m(
                11,
                "11 counts the coins and the red token, but not the bonus: Player 1 holds the most "
                "sapphires.",
                "11 zählt die Münzen und den roten Schatzstein, aber nicht den Bonus: Spieler 1 hat "
                "die meisten Saphire.",
            ),
            _m(
                9,
                "9 counts the tokens, not their points: a gold coin is worth 3 points, and the "
                "most sapphires win a bonus.",
                "9 zählt die Schatzsteine, nicht ihre Punkte: Eine Goldmünze bringt 3 Punkte, und "
                "wer die meisten Saphire hat, bekommt einen Bonus.",
            ),
            _m(
                41,
                "41 gives 15 points to each sapphire. The 15 is the bonus for holding the most "
                "sapphires: it comes once, however many you hold.",
                "41 gibt jedem Saphir 15 Punkte. Die 15 sind der Bonus für die meisten Saphire: "
                "Es gibt ihn einmal, egal wie viele du hast.",
            ),
            _m(
                28,
                "28 counts each sapphire as a point too. A gem scores nothing by itself: the "
                "sapphires bring only the 15 for holding the most.",
                "28 zählt auch jeden Saphir als einen Punkt. Ein Edelstein allein bringt keine "
                "Punkte: Die Saphire bringen nur die 15 für die meisten.",
            ),
        ),
        "t2": (
            _m(
                10,
                "10 leaves out the bonus for purple. Two players who tie for the most both get it "
                "in the basic rules.",
                "10 lässt den Bonus für Lila weg. Nach den Grundregeln bekommen ihn alle, die "
                "gemeinsam die meisten haben, hier also beide.",
            ),
            _m(
                16,
                "16 is 6 points short. Check two things: the black diamond is worth 7 points, "
                "and in the basic rules two players who tie for the most both get the whole "
                "bonus, not half of it.",
                "16 sind 6 Punkte zu wenig. Prüf zwei Dinge: Der schwarze Diamant ist 7 Punkte "
                "wert, und nach den Grundregeln bekommen zwei, die gemeinsam die meisten haben, "
                "beide den ganzen Bonus, nicht die Hälfte.",
            ),
            _m(
                25,
                "25 uses a bonus of 15, the bonus for three players. With four players it is 12, "
                "as the question says.",
                "25 rechnet mit einem Bonus von 15, dem Bonus zu dritt. Zu viert sind es 12, so "
                "wie die Frage sagt.",
            ),
            _m(
                34,
                "34 adds the 12 twice. Player 4's bonus is Player 4's: Player 2 gets 12 once.",
                "34 zählt die 12 zweimal. Der Bonus von Spieler 4 gehört Spieler 4: Spieler 2 "
                "bekommt die 12 einmal.",
            ),
            _m(
                24,
                "24 counts each amethyst as a point too. A gem scores nothing by itself: the "
                "amethysts bring only the 12 for holding the most.",
                "24 zählt auch jeden Amethyst als einen Punkt. Ein Edelstein allein bringt keine "
                "Punkte: Die Amethyste bringen nur die 12 für die meisten.",
            ),
        ),
    },
    "dragons-gold-deals": {
        "ex1": (
            _m(
                10,
                "10 counts every token, the red ones too. The wizard's player takes the red tokens "
                "before the sharing: the proposal hands out only the rest.",
                "10 zählt jeden Schatzstein, auch die roten. Der Spieler des Zauberers nimmt die "
                "roten Schatzsteine vor dem Teilen: Der Vorschlag verteilt nur den Rest.",
            ),
        ),
        "t1": (
            _m(
                9,
                "9 counts every token, the red ones too. When only one wizard fought, its player "
                "takes the red tokens before the sharing. How many wizards fought here?",
                "9 zählt jeden Schatzstein, auch die roten. Hat nur ein Zauberer gekämpft, nimmt "
                "sein Spieler die roten Schatzsteine vor dem Teilen. Wie viele Zauberer haben hier "
                "gekämpft?",
            ),
            _m(
                3,
                "3 is what each of the three players could get. The question asks how many tokens "
                "the deal hands out in all.",
                "3 könnte jeder der drei Spieler bekommen. Gefragt ist, wie viele Schatzsteine die "
                "Abmachung insgesamt verteilt.",
            ),
        ),
        "t2": (
            _m(
                "2/3",
                "2/3 compares the gold coins with the silver coins. A chance compares them with "
                "all the tokens behind the screen.",
                "2/3 vergleicht die Goldmünzen mit den Silbermünzen. Eine Wahrscheinlichkeit "
                "vergleicht sie mit allen Schatzsteinen hinter dem Sichtschirm.",
            ),
            _m(
                2,
                "2 is how many gold coins there are, not the chance. A chance compares them with "
                "all the tokens behind the screen.",
                "2 ist die Zahl der Goldmünzen, nicht die Wahrscheinlichkeit. Eine "
                "Wahrscheinlichkeit vergleicht sie mit allen Schatzsteinen hinter dem Sichtschirm.",
            ),
        ),
    },
    "dragons-gold-shares": {
        "ex1": (
            _m(
                5,
                "5 is the bigger pile, and Anna chooses first: she takes it. Ben keeps the pile she "
                "leaves.",
                "5 ist der größere Anteil, und Anna wählt zuerst: Sie nimmt ihn. Ben behält den "
                "Anteil, den sie übrig lässt.",
            ),
            _m(
                "9/2",
                "half of 9 points needs a coin cut in two, but tokens cannot be cut in half: "
                "Ben's piles hold whole coins. Which piles can he really make?",
                "Die Hälfte von 9 Punkten bräuchte eine zerteilte Münze, aber Schatzsteine kann "
                "man nicht zerteilen: Bens Anteile bestehen aus ganzen Münzen. Welche Anteile kann "
                "er wirklich bilden?",
            ),
            _m(
                9,
                "9 points is the whole treasure, but Ben keeps only one of the two piles: the one "
                "Anna leaves.",
                "9 Punkte sind der ganze Schatz, aber Ben behält nur einen der beiden Anteile: den, "
                "den Anna übrig lässt.",
            ),
            _m(
                3,
                "3 is what Ben keeps in the example above (1 gold and 3 silver coins). This "
                "treasure has 6 silver coins: what is it worth, and how even can Ben split it?",
                "3 behält Ben im Beispiel oben (1 Goldmünze und 3 Silbermünzen). Dieser Schatz hat "
                "6 Silbermünzen: Was ist er wert, und wie gleich kann Ben ihn teilen?",
            ),
        ),
        "ex2": (
            _m(
                "1.8",
                "1.8 is what one token brings on average, but the dragon hides 3 tokens.",
                "1,8 bringt ein Schatzstein im Durchschnitt, aber der Drache versteckt 3.",
            ),
            _m(
                18,
                "18 is all the points in the bag, but the dragon hides only 3 of its 10 tokens.",
                "18 sind alle Punkte im Beutel, aber der Drache versteckt nur 3 seiner 10 "
                "Schatzsteine.",
            ),
        ),
        "t1": (
            _m(
                "1.4",
                "1.4 is what one token brings on average, but the dragon hides 5 tokens.",
                "1,4 bringt ein Schatzstein im Durchschnitt, aber der Drache versteckt 5.",
            ),
            _m(
                14,
                "14 is all the points in the bag, but the dragon hides only 5 of its 10 tokens.",
                "14 sind alle Punkte im Beutel, aber der Drache versteckt nur 5 seiner 10 "
                "Schatzsteine.",
            ),
        ),
        "bag-points": (
            _m(
                "2.2",
                "2.2 is what one token is worth on average; the question asks what all the tokens "
                "are worth together.",
                "2,2 ist ein Schatzstein im Durchschnitt wert; gefragt ist, was alle Schatzsteine "
                "zusammen wert sind.",
            ),
            _m(
                10,
                "10 is how many tokens the bag holds; the question asks for their points: "
                "multiply each kind by its points first.",
                "10 ist die Zahl der Schatzsteine im Beutel; gefragt sind ihre Punkte: Nimm jede "
                "Sorte zuerst mal ihre Punkte.",
            ),
            _m(
                3,
                "3 is how many kinds of token there are (len counts the things in a list). Add "
                "up their points instead, with + or sum(...).",
                "3 ist die Zahl der Sorten (len zählt die Dinge einer Liste). Zähle stattdessen "
                "ihre Punkte zusammen, mit + oder sum(...).",
            ),
            _m(
                26,
                "26 counts the red tokens (or the silver coins) as 3 points each, like gold: a red "
                "token and a silver coin are worth 1 point each.",
                "26 zählt die roten Schatzsteine (oder die Silbermünzen) wie Gold mit je 3 "
                "Punkten: Ein roter Schatzstein und eine Silbermünze sind je 1 Punkt wert.",
            ),
        ),
    },
}


def mistakes(lesson_id: str, qid: str) -> tuple[Mistake, ...]:
    """The named mistakes of question ``qid`` of lesson ``lesson_id`` (often none)."""
    return MISTAKES.get(lesson_id, {}).get(qid, ())


def for_check(lesson_id: str, qid: str, lang: str) -> tuple[tuple[str, str, str], ...]:
    """The named mistakes as the checks take them: (value as the wrong model writes it,
    ``"10/40"``, sentence in ``lang``, the calculation it writes or ""). A fraction is named
    only as written (``10/40``, not ``1/4``), a decimal or percentage by its value, and a
    mistake written as a sum only for its value or that sum (see :mod:`kaskaria.marking.answers`)."""
    return tuple(
        (shown, m.words[lang], m.written)
        for m in mistakes(lesson_id, qid)
        for shown in (m.shown, *m.also)
    )
