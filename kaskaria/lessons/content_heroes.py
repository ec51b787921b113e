"""What the two Heroes of Kaskaria lessons ask and answer, in English and German: the rules
lesson (``03-heroes-rules.ipynb``) and the cards lesson (``04-heroes-cards.ipynb``).

The same source serves the notebooks' widgets, the timing tables and the printable worksheets.
Every exact answer is computed from the engine (the positions of :mod:`kaskaria.lessons.heroes`,
the odds of :mod:`kaskaria.heroes.odds`) when first asked for. Pure Python, no Jupyter.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import log
from typing import Any

from .content import Choice, LessonPlan, Part, Question, _w

__all__ = ["HEROES_CARDS", "HEROES_RULES"]


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


def _refill() -> str:
    state = _after("SETUP", "take display 2")
    return "now" if state.phase == "refill" and state.chance_kind() == "refill" else "later"


def _mia_cards() -> str:
    return str(len(_after("SETUP", "MIA_TURN").hands[0]))


def _peter_fields() -> str:
    return str(_after("SETUP", "MIA_TURN", "PETER_TURN").runners[1])


def _discard_goes() -> str:
    before = _after(*_FULL, "TO_WATERFALL", "draw pile")
    after = before.apply("waterfall")
    if after.discard_size == 0 and after.pile_size == before.pile_size + before.discard_size:
        return "pile"
    return "stay" if after.discard_size else "out"


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


def _mia_sets() -> Fraction:
    return Fraction(sum(1 for a in _after("SETUP").legal_actions() if a.verb == "play"))


def _place_gold(positions: tuple[int, ...], path: str = "griffin") -> Callable[[], Fraction]:
    def exact() -> Fraction:
        from . import heroes as hk

        state = hk.position(len(positions), **{f"{path}s": list(positions)})
        return Fraction(state.place_gold(path)[-1])

    return exact


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


_RED = {"1 in 4": Fraction(1, 4), "1 in 9": Fraction(1, 9), "1 in 20": Fraction(1, 20)}
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


def _gold_next() -> Fraction:
    from kaskaria.heroes import odds

    game, obs = _mia_view()
    card = odds.next_card(game, obs)
    return sum((card.kinds[4 * c + 2] for c in range(len(game.colours))), Fraction(0))


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


_YES_NO = (
    Choice("yes", _w("yes", "ja")),
    Choice("no", _w("no", "nein")),
)
_MORE_LESS = (
    Choice("more", _w("more likely", "wahrscheinlicher"), ("more", "mehr")),
    Choice("less", _w("less likely", "unwahrscheinlicher"), ("less", "weniger")),
    Choice("same", _w("just as likely", "genauso wahrscheinlich"), ("same", "gleich")),
)


def _numbers(*values: str) -> tuple[Choice, ...]:
    return tuple(Choice(v, _w(v, v)) for v in values)


# ---------------------------------------------------------------------------------------------
# the rules lesson
# ---------------------------------------------------------------------------------------------
HEROES_RULES = LessonPlan(
    id="heroes-rules",
    notebook="03-heroes-rules.ipynb",
    title=_w("Heroes of Kaskaria: the rules", "Die Helden von Kaskaria: die Regeln"),
    age=_w("ages 7-11 (sections 12-13: 11 and up)", "7 bis 11 Jahre (Abschnitte 12-13: ab 11)"),
    goals=(
        _w(
            "Play a turn: draw a card (from the draw pile or the display) or play one set of two "
            "or more cards of one colour, and say what each card of the set does.",
            "Einen Zug spielen: eine Karte ziehen (vom Nachziehstapel oder aus der Auslage) oder "
            "ein Kartenset aus zwei oder mehr Karten einer Farbe ausspielen, und sagen, was jede "
            "Karte des Kartensets bewirkt.",
        ),
        _w(
            "Explain what the waterfall card does, and why a full hand of 10 cards always holds "
            "a set.",
            "Erklären, was die Wasserfall-Karte bewirkt und warum eine volle Hand mit 10 Karten "
            "immer ein Kartenset enthält.",
        ),
        _w(
            "Work out the final scoring: the places on each path, shared places, the amulet and "
            "the tie.",
            "Die Schlusswertung ausrechnen: die Plätze auf jedem Weg, geteilte Plätze, das "
            "Amulett und den Gleichstand.",
        ),
        _w(
            "Play a game against bots with the buttons.",
            "Mit den Knöpfen ein Spiel gegen Bots spielen.",
        ),
    ),
    parts=(
        Part(
            _w(
                "The box and setting up (sections 1-2)",
                "Die Schachtel und der Aufbau (Abschnitte 1-2)",
            ),
            4,
        ),
        Part(
            _w(
                "A turn: draw, take or play a set (sections 3-4); exercise 1",
                "Ein Zug: ziehen, nehmen oder ein Kartenset ausspielen (Abschnitte 3-4); Aufgabe 1",
            ),
            8,
        ),
        Part(
            _w(
                "The worked examples: Mia and Peter (sections 5-6)",
                "Die Beispiele: Mia und Peter (Abschnitte 5-6)",
            ),
            6,
        ),
        Part(
            _w(
                "The hero rules and the waterfall card (sections 7-8)",
                "Die Heldenregeln und die Wasserfall-Karte (Abschnitte 7-8)",
            ),
            5,
        ),
        Part(
            _w(
                "The end and the final scoring (sections 9-10); exercise 2",
                "Das Ende und die Schlusswertung (Abschnitte 9-10); Aufgabe 2",
            ),
            6,
        ),
        Part(
            _w(
                "A game against two bots (sections 14-15)",
                "Ein Spiel gegen zwei Bots (Abschnitte 14-15)",
            ),
            6,
        ),
        Part(_w("Slack: logging in, questions", "Puffer: Anmelden, Fragen"), 5),
        Part(
            _w(
                "The brave variant (section 11); exercise 3",
                "Die Variante für mutige Kaskarier (Abschnitt 11); Aufgabe 3",
            ),
            4,
            core=False,
        ),
        Part(
            _w(
                "Where the engine had to choose; where the numbers are guesses (sections 12-13)",
                "Wo die Spielregel-Maschine wählen musste; wo die Zahlen geschätzt sind "
                "(Abschnitte 12-13)",
            ),
            6,
            core=False,
        ),
    ),
    predictions=(
        Question(
            "refill",
            _w(
                "Mia takes the white cliff runner from the display. What happens to the empty "
                "place?",
                "Mia nimmt den weißen Klippenläufer aus der Auslage. Was passiert mit dem leeren "
                "Platz?",
            ),
            "choice",
            _refill,
            _w("The display always shows three cards.", "Die Auslage zeigt immer drei Karten."),
            _w(
                "It is refilled at once: the top card of the draw pile is turned face up in the "
                "empty place, before anything else happens.",
                "Er wird sofort aufgefüllt: die oberste Karte des Nachziehstapels kommt offen auf "
                "den leeren Platz, bevor irgendetwas anderes passiert.",
            ),
            (
                Choice(
                    "now",
                    _w(
                        "it is refilled at once from the draw pile",
                        "er wird sofort vom Nachziehstapel aufgefüllt",
                    ),
                    ("sofort",),
                ),
                Choice(
                    "later",
                    _w(
                        "it stays empty until the end of the round",
                        "er bleibt bis zum Ende der Runde leer",
                    ),
                    ("später",),
                ),
                Choice(
                    "never",
                    _w("it stays empty for good", "er bleibt für immer leer"),
                    ("nie",),
                ),
            ),
        ),
        Question(
            "mia",
            _w(
                "Mia plays her four blue cards: griffin, gold, gold and '+2'. How many cards does "
                "she hold when her turn is over?",
                "Mia spielt ihre vier blauen Karten aus: Schuppengreif, Gold, Gold und „+2“. Wie "
                "viele Karten hat sie auf der Hand, wenn ihr Zug vorbei ist?",
            ),
            "choice",
            _mia_cards,
            _w(
                "She starts with 5 cards. What does the '+2' card give her?",
                "Sie hat zu Beginn 5 Karten. Was bringt ihr die „+2“-Karte?",
            ),
            _w(
                "3 cards: she had 5, played 4 and took 2 for the '+2' card (one from the display, "
                "one from the pile): 5 - 4 + 2 = 3. Her griffin flew 1 field and she has 2 gold.",
                "3 Karten: sie hatte 5, spielte 4 aus und nahm 2 für die „+2“-Karte (eine aus der "
                "Auslage, eine vom Nachziehstapel): 5 - 4 + 2 = 3. Ihr Schuppengreif flog 1 Feld, "
                "und sie hat 2 Goldstücke.",
            ),
            _numbers("1", "3", "5", "7"),
        ),
        Question(
            "peter",
            _w(
                "Peter plays three orange cards: cliff runner, cliff runner and gold. How many "
                "fields does his cliff runner walk?",
                "Peter spielt drei orange Karten aus: Klippenläufer, Klippenläufer und Gold. Wie "
                "viele Felder geht sein Klippenläufer?",
            ),
            "choice",
            _peter_fields,
            _w(
                "Which of his cards are cliff-runner cards?",
                "Welche seiner Karten sind Klippenläufer-Karten?",
            ),
            _w(
                "2 fields: one for each cliff-runner card. The gold card brings 1 piece of gold "
                "and moves nothing.",
                "2 Felder: eins für jede Klippenläufer-Karte. Die Gold-Karte bringt 1 Goldstück "
                "und bewegt nichts.",
            ),
            _numbers("1", "2", "3"),
        ),
        Question(
            "ten",
            _w(
                "Mia holds 10 cards, and there are 9 colours. Can she be sure that she holds a set?",
                "Mia hat 10 Karten auf der Hand, und es gibt 9 Farben. Kann sie sicher sein, dass "
                "sie ein Kartenset hat?",
            ),
            "choice",
            _full_hand_has_set,
            _w(
                "Try to give 10 cards 10 different colours.",
                "Versuche, 10 Karten 10 verschiedene Farben zu geben.",
            ),
            _w(
                "Yes: 10 cards cannot all have different colours when there are only 9, so two "
                "share a colour. A full hand always holds a set, and the rule 'play a set' can "
                "always be obeyed.",
                "Ja: 10 Karten können nicht alle verschiedene Farben haben, wenn es nur 9 gibt, "
                "also haben zwei dieselbe Farbe. Eine volle Hand enthält immer ein Kartenset, und "
                "die Regel „spiele ein Kartenset aus“ lässt sich immer befolgen.",
            ),
            _YES_NO,
        ),
        Question(
            "discard",
            _w(
                "The waterfall card shows. What happens to the cards on the discard pile?",
                "Die Wasserfall-Karte wird aufgedeckt. Was passiert mit den Karten auf dem "
                "Ablagestapel?",
            ),
            "choice",
            _discard_goes,
            _w("Think of the name: a wild waterfall.", "Denk an den Namen: ein wilder Wasserfall."),
            _w(
                "They are shuffled with the draw pile and the waterfall card into one new draw "
                "pile: cards that were played can come back.",
                "Sie werden mit dem Nachziehstapel und der Wasserfall-Karte zu einem neuen "
                "Nachziehstapel gemischt: ausgespielte Karten können wiederkommen.",
            ),
            (
                Choice(
                    "stay",
                    _w("they stay on the discard pile", "sie bleiben auf dem Ablagestapel"),
                    ("bleiben",),
                ),
                Choice(
                    "pile",
                    _w(
                        "they are shuffled into the new draw pile",
                        "sie werden in den neuen Nachziehstapel gemischt",
                    ),
                    ("gemischt",),
                ),
                Choice(
                    "out",
                    _w("they leave the game", "sie kommen aus dem Spiel"),
                    ("raus",),
                ),
            ),
        ),
        Question(
            "third",
            _w(
                "Cliff runners: yellow is on the volcano, green and red share the next field, "
                "blue stands further back. How much gold does blue's cliff runner bring?",
                "Klippenläufer: Gelb ist auf dem Vulkan, Grün und Rot teilen sich das nächste "
                "Feld, Blau steht weiter hinten. Wie viel Gold bringt der blaue Klippenläufer?",
            ),
            "choice",
            _blue_runner_gold,
            _w("Is any place skipped?", "Wird ein Platz übersprungen?"),
            _w(
                "1 gold: green and red share second place (4 each), so blue is third, not fourth: "
                "no place is skipped.",
                "1 Goldstück: Grün und Rot teilen sich den zweiten Platz (je 4), also ist Blau "
                "Dritter, nicht Vierter: kein Platz wird übersprungen.",
            ),
            _numbers("0", "1", "4"),
        ),
        Question(
            "tie",
            _w(
                "At the end Player 1 (yellow) and Player 4 (blue) both have 11 gold. Who wins?",
                "Am Ende haben Spieler 1 (gelb) und Spieler 4 (blau) beide 11 Goldstücke. Wer "
                "gewinnt?",
            ),
            "choice",
            _tie,
            _w("Who rescued the amulet?", "Wer hat das Amulett gerettet?"),
            _w(
                "Player 1: on a tie the hero who rescued the amulet wins.",
                "Spieler 1: bei Gleichstand gewinnt der Held, der das Amulett gerettet hat.",
            ),
            (
                Choice(
                    "amulet",
                    _w("Player 1, who holds the amulet", "Spieler 1, der das Amulett hat"),
                ),
                Choice("blue", _w("Player 4", "Spieler 4")),
                Choice("both", _w("both share the win", "beide gewinnen gemeinsam")),
            ),
        ),
        Question(
            "brave",
            _w(
                "In the brave variant, how much gold do Mia's four blue cards bring (two of them "
                "are gold cards)?",
                "In der Variante für mutige Kaskarier: wie viel Gold bringen Mias vier blaue "
                "Karten (zwei davon sind Gold-Karten)?",
            ),
            "choice",
            _brave_gold,
            _w(
                "Two gold cards of one colour are rewarded.",
                "Zwei gleichfarbige Gold-Karten werden belohnt.",
            ),
            _w(
                "5 gold instead of 2: in the brave variant two gold cards of one colour bring 5.",
                "5 Goldstücke statt 2: in dieser Variante bringen zwei gleichfarbige Gold-Karten 5.",
            ),
            _numbers("2", "4", "5"),
            extension=True,
        ),
    ),
    exercises=(
        Question(
            "ex1",
            _w(
                "Mia's hand at the start: blue griffin, blue gold, blue gold, blue '+2' and red "
                "cliff runner. How many different sets could she play?",
                "Mias Hand zu Beginn: Schuppengreif (blau), Gold (blau), Gold (blau), +2 (blau) "
                "und Klippenläufer (rot). Wie viele verschiedene Kartensets könnte sie "
                "ausspielen?",
            ),
            "number",
            _mia_sets,
            _w(
                "Only blue can make a set. A set is any 2 or more of her blue cards; the two gold "
                "cards are alike, so count how many gold cards (0, 1 or 2), not which.",
                "Nur Blau kann ein Kartenset bilden. Ein Kartenset sind beliebige 2 oder mehr "
                "ihrer blauen Karten; die zwei Gold-Karten sind gleich, zähle also, wie viele "
                "Gold-Karten (0, 1 oder 2), nicht welche.",
            ),
            _w(
                "8: griffin in or out (2 ways), gold 0, 1 or 2 times (3 ways), '+2' in or out (2 "
                "ways): 2 x 3 x 2 = 12 choices, minus the empty choice and the 3 choices with a "
                "single card. The table lists all 8.",
                "8: Schuppengreif dabei oder nicht (2), Gold 0-, 1- oder 2-mal (3), „+2“ dabei "
                "oder nicht (2): 2 x 3 x 2 = 12 Möglichkeiten, ohne die leere und ohne die 3 mit "
                "nur einer Karte. Der Spieltisch zeigt alle 8.",
            ),
        ),
        Question(
            "ex2",
            _w(
                "Three griffins stand on fields 6, 6 and 3. How much gold does the griffin on "
                "field 3 bring in the final scoring?",
                "Drei Schuppengreife stehen auf den Feldern 6, 6 und 3. Wie viel Gold bringt der "
                "Schuppengreif auf Feld 3 in der Schlusswertung?",
            ),
            "number",
            _place_gold((6, 6, 3)),
            _w(
                "Two griffins share first place. Which place comes next? No place is skipped.",
                "Zwei Schuppengreife teilen sich den ersten Platz. Welcher Platz kommt danach? "
                "Kein Platz wird übersprungen.",
            ),
            _w(
                "4 gold: the two griffins on field 6 share first place (7 gold each), and field 3 "
                "is second place, not third.",
                "4 Goldstücke: die zwei Schuppengreife auf Feld 6 teilen sich den ersten Platz "
                "(je 7), und Feld 3 ist der zweite Platz, nicht der dritte.",
            ),
        ),
        Question(
            "ex3",
            _w(
                "In the brave variant Peter plays orange cliff runner, cliff runner and gold. How "
                "many fields does his cliff runner walk?",
                "In der Variante für mutige Kaskarier spielt Peter Klippenläufer (orange), "
                "Klippenläufer (orange) und Gold (orange) aus. Wie viele Felder geht sein "
                "Klippenläufer?",
            ),
            "number",
            _brave_fields,
            _w(
                "Two cliff-runner cards of one colour are rewarded in this variant.",
                "Zwei gleichfarbige Klippenläufer-Karten werden in dieser Variante belohnt.",
            ),
            _w(
                "3 fields instead of 2: two cliff runners of one colour walk 3 in the brave "
                "variant; his gold card still brings 1 piece.",
                "3 Felder statt 2: zwei gleichfarbige Klippenläufer gehen in dieser Variante 3 "
                "Felder; seine Gold-Karte bringt weiter 1 Goldstück.",
            ),
            extension=True,
        ),
    ),
    discussion=(
        (
            _w(
                "Why does a hand of 10 cards always hold a set?",
                "Warum enthält eine Hand mit 10 Karten immer ein Kartenset?",
            ),
            _w(
                "There are only 9 colours: 10 cards cannot all have different colours, so at "
                "least two share one (the pigeonhole principle). That is why the hand limit can "
                "demand a set.",
                "Es gibt nur 9 Farben: 10 Karten können nicht alle verschieden sein, also haben "
                "mindestens zwei dieselbe Farbe (das Schubfachprinzip). Darum kann die "
                "Höchstzahl ein Kartenset verlangen.",
            ),
        ),
        (
            _w(
                "Is it better to play a set at once or to wait for a bigger one?",
                "Ist es besser, ein Kartenset sofort auszuspielen oder auf ein größeres zu warten?",
            ),
            _w(
                "A bigger set does more in one turn (and in the brave variant pairs earn a "
                "bonus), but waiting costs turns, and someone else may reach the volcano first. "
                "Watch the other figures.",
                "Ein größeres Kartenset bewirkt in einem Zug mehr (und in der Variante für mutige "
                "Kaskarier bringen Paare einen Bonus), aber Warten kostet Züge, und ein anderer "
                "kann zuerst am Vulkan sein. Behalte die anderen Figuren im Blick.",
            ),
        ),
        (
            _w(
                "Why does the waterfall card start in the bottom half of the draw pile?",
                "Warum steckt die Wasserfall-Karte zu Beginn in der unteren Hälfte des "
                "Nachziehstapels?",
            ),
            _w(
                "So that it cannot come too early: at least half of the pile is drawn first, and "
                "by then played cards lie on the discard pile, so the reshuffle brings them back.",
                "Damit sie nicht zu früh kommt: erst wird mindestens die Hälfte des Stapels "
                "gezogen, und bis dahin liegen ausgespielte Karten auf dem Ablagestapel, die das "
                "Mischen zurückbringt.",
            ),
        ),
        (
            _w(
                "Does the colour of a set decide which figure moves?",
                "Entscheidet die Farbe eines Kartensets, welche Figur zieht?",
            ),
            _w(
                "No: only the motifs do. A griffin card of any colour moves your own griffin; "
                "the colours only decide which cards may go together in one set.",
                "Nein, nur die Motive. Eine Schuppengreif-Karte jeder Farbe bewegt deinen eigenen "
                "Schuppengreif; die Farben entscheiden nur, welche Karten zusammen ein Kartenset "
                "bilden dürfen.",
            ),
        ),
    ),
)


# ---------------------------------------------------------------------------------------------
# the cards lesson
# ---------------------------------------------------------------------------------------------
HEROES_CARDS = LessonPlan(
    id="heroes-cards",
    notebook="04-heroes-cards.ipynb",
    title=_w(
        "Heroes of Kaskaria: cards without replacement",
        "Die Helden von Kaskaria: Karten ohne Zurücklegen",
    ),
    age=_w("ages 10-14 (the extensions: 13 and up)", "10 bis 14 Jahre (die Erweiterungen: ab 13)"),
    goals=(
        _w(
            "Say why drawing cards differs from rolling dice: a card that is drawn is gone, so "
            "the chances of the next card change.",
            "Sagen, warum Karten ziehen anders ist als würfeln: eine gezogene Karte ist weg, "
            "darum ändern sich die Chancen der nächsten Karte.",
        ),
        _w(
            "Count the cards you cannot see, and find the chance of the next card as the wanted "
            "cards divided by the unseen cards.",
            "Die Karten zählen, die man nicht sieht, und die Chance der nächsten Karte als "
            "gewünschte Karten geteilt durch ungesehene Karten finden.",
        ),
        _w(
            "Work out how likely a hand holds a set by counting hands (the idea behind the "
            "hypergeometric distribution), and compare the exact chance with a simulation.",
            "Durch Zählen von Händen ausrechnen, wie wahrscheinlich eine Hand ein Kartenset "
            "enthält (die Idee hinter der hypergeometrischen Verteilung), und die genaue Chance "
            "mit einer Simulation vergleichen.",
        ),
        _w(
            "Explain how the waterfall card changes the odds, and why a full hand must hold a set.",
            "Erklären, wie die Wasserfall-Karte die Chancen verändert und warum eine volle Hand "
            "ein Kartenset enthalten muss.",
        ),
    ),
    parts=(
        Part(
            _w(
                "Start: the game in a few sentences",
                "Start: das Spiel in ein paar Sätzen",
            ),
            3,
        ),
        Part(
            _w(
                "1. Dice versus cards: a card that is drawn is gone",
                "1. Würfel gegen Karten: eine gezogene Karte ist weg",
            ),
            6,
        ),
        Part(
            _w(
                "2. Counting the cards you cannot see; exercise 1",
                "2. Die Karten zählen, die man nicht sieht; Aufgabe 1",
            ),
            8,
        ),
        Part(
            _w(
                "3. A set in your hand: counting hands, exact and simulated; exercise 2",
                "3. Ein Kartenset auf der Hand: Hände zählen, genau und simuliert; Aufgabe 2",
            ),
            9,
        ),
        Part(
            _w(
                "4. The waterfall puts the cards back; exercise 3",
                "4. Der Wasserfall bringt die Karten zurück; Aufgabe 3",
            ),
            6,
        ),
        Part(
            _w(
                "5. The hand limit: 10 cards always hold a set",
                "5. Die Höchstzahl: 10 Karten enthalten immer ein Kartenset",
            ),
            3,
        ),
        Part(_w("Slack: logging in, questions, wrap-up", "Puffer: Anmelden, Fragen, Abschluss"), 5),
        Part(
            _w(
                "Extension A: the exact fractions; hands of nine colours; exercise 4",
                "Erweiterung A: die genauen Brüche; Hände mit neun Farben; Aufgabe 4",
            ),
            6,
            core=False,
        ),
        Part(
            _w(
                "Extension B: when does the waterfall come? Its chance draw by draw",
                "Erweiterung B: wann kommt der Wasserfall? Seine Chance Zug um Zug",
            ),
            6,
            core=False,
        ),
        Part(
            _w(
                "Extension C: a lone griffin, exact on a small deck and simulated on the real one",
                "Erweiterung C: ein einsamer Schuppengreif, genau mit wenigen Karten und simuliert "
                "mit den echten",
            ),
            7,
            core=False,
        ),
    ),
    predictions=(
        Question(
            "second-card",
            _w(
                "The 54 cards are shuffled; 6 of them are blue. The first card you draw is blue "
                "and you keep it. Compared with the first card, is the second card more likely, "
                "less likely or just as likely to be blue?",
                "Die 54 Karten werden gemischt; 6 davon sind blau. Die erste gezogene Karte ist "
                "blau, und du behältst sie. Ist die zweite Karte im Vergleich zur ersten "
                "wahrscheinlicher, unwahrscheinlicher oder genauso wahrscheinlich blau?",
            ),
            "choice",
            _second_blue,
            _w(
                "How many blue cards are left, out of how many?",
                "Wie viele blaue Karten sind noch da, von wie vielen?",
            ),
            _w(
                "Less likely: 5 blue cards are left among 53, 5/53 = 9.4%, against 6/54 = 11.1% "
                "for the first card. A die with nine colours would stay at 1 in 9: it has no "
                "memory, a deck does.",
                "Unwahrscheinlicher: von 53 Karten sind noch 5 blau, 5/53 = 9,4 %, gegenüber "
                "6/54 = 11,1 % bei der ersten Karte. Ein Würfel mit neun Farben bliebe bei 1 von "
                "9: er hat kein Gedächtnis, ein Kartenstapel schon.",
            ),
            _MORE_LESS,
        ),
        Question(
            "red-next",
            _w(
                "Mia holds one red card and wants a second one. About how likely is it that the "
                "next card from the draw pile is red?",
                "Mia hat eine rote Karte und möchte eine zweite. Etwa wie wahrscheinlich ist es, "
                "dass die nächste Karte vom Nachziehstapel rot ist?",
            ),
            "choice",
            lambda: _closest(_red_next(), _RED),
            _w(
                "Count the red cards Mia cannot see, and all the cards she cannot see.",
                "Zähle die roten Karten, die Mia nicht sieht, und alle Karten, die sie nicht sieht.",
            ),
            _w(
                "About 1 in 9: Mia cannot see 46 cards (41 in the pile, 5 in Peter's hand), and 5 "
                "of them are red (6 red cards, she holds 1): 5/46 = 10.9%.",
                "Etwa 1 von 9: Mia sieht 46 Karten nicht (41 im Nachziehstapel, 5 auf Peters "
                "Hand), und 5 davon sind rot (6 rote Karten, eine hat sie): 5/46 = 10,9 %.",
            ),
            (
                Choice("1 in 4", _w("about 1 in 4", "etwa 1 von 4")),
                Choice("1 in 9", _w("about 1 in 9", "etwa 1 von 9")),
                Choice("1 in 20", _w("about 1 in 20", "etwa 1 von 20")),
            ),
        ),
        Question(
            "five-cards",
            _w(
                "You are dealt 5 cards. How likely is it that they already hold a set (two cards "
                "of one colour)?",
                "Du bekommst 5 Karten. Wie wahrscheinlich ist es, dass schon ein Kartenset (zwei "
                "Karten einer Farbe) dabei ist?",
            ),
            "choice",
            lambda: _closest(_set_in(5), _FIVE),
            _w(
                "It is easier to count the hands with no set: 5 different colours.",
                "Leichter zählt man die Hände ohne Kartenset: 5 verschiedene Farben.",
            ),
            _w(
                "About 2 in 3 (69.0%). Only 979,776 of the 3,162,510 possible hands have 5 "
                "different colours; all the others hold a set.",
                "Etwa 2 von 3 (69,0 %). Nur 979.776 der 3.162.510 möglichen Hände haben 5 "
                "verschiedene Farben; alle anderen enthalten ein Kartenset.",
            ),
            (
                Choice("1 in 10", _w("about 1 in 10", "etwa 1 von 10")),
                Choice("1 in 3", _w("about 1 in 3", "etwa 1 von 3")),
                Choice("2 in 3", _w("about 2 in 3", "etwa 2 von 3")),
                Choice("9 in 10", _w("about 9 in 10", "etwa 9 von 10")),
            ),
        ),
        Question(
            "blue-after",
            _w(
                "Mia's four blue cards lie on the discard pile. Then the waterfall card shows and "
                "everything is shuffled. For Mia, is a blue card next now more likely, less "
                "likely or just as likely as before?",
                "Mias vier blaue Karten liegen auf dem Ablagestapel. Dann wird die "
                "Wasserfall-Karte aufgedeckt und alles gemischt. Ist für Mia eine blaue Karte "
                "jetzt wahrscheinlicher, unwahrscheinlicher oder genauso wahrscheinlich wie "
                "vorher?",
            ),
            "choice",
            _blue_after,
            _w(
                "Where were the blue cards before, and where are they now?",
                "Wo waren die blauen Karten vorher, und wo sind sie jetzt?",
            ),
            _w(
                "More likely: before, only 2 of the 28 cards Mia could not see were blue (7.1%); "
                "after the shuffle 6 of 43 are (14.0%). The waterfall brought the played blue "
                "cards back.",
                "Wahrscheinlicher: vorher waren nur 2 der 28 Karten, die Mia nicht sah, blau "
                "(7,1 %); nach dem Mischen sind es 6 von 43 (14,0 %). Der Wasserfall hat die "
                "ausgespielten blauen Karten zurückgebracht.",
            ),
            _MORE_LESS,
        ),
        Question(
            "nine-cards",
            _w(
                "How often do 9 cards from the full deck have 9 different colours (no set)?",
                "Wie oft haben 9 Karten aus allen Karten 9 verschiedene Farben (kein Kartenset)?",
            ),
            "choice",
            lambda: _closest(1 - _set_in(9), _NINE, ratio=True),
            _w(
                "Every one of the 9 colours must come exactly once.",
                "Jede der 9 Farben muss genau einmal kommen.",
            ),
            _w(
                "About 1 time in 500 (0.19%): hardly ever. With 10 cards it is impossible.",
                "Etwa 1-mal von 500 (0,19 %): fast nie. Mit 10 Karten ist es unmöglich.",
            ),
            (
                Choice("1 in 5", _w("about 1 in 5", "etwa 1 von 5")),
                Choice("1 in 50", _w("about 1 in 50", "etwa 1 von 50")),
                Choice("1 in 500", _w("about 1 in 500", "etwa 1 von 500")),
            ),
        ),
    ),
    exercises=(
        Question(
            "ex1",
            _w(
                "From Mia's seat at the start (the table of section 2): what is the chance that "
                "the next card from the draw pile is a gold card of any colour?",
                "Von Mias Platz aus zu Beginn (der Spieltisch aus Abschnitt 2): wie groß ist die "
                "Chance, dass die nächste Karte vom Nachziehstapel eine Gold-Karte ist, egal "
                "welcher Farbe?",
            ),
            "number",
            _gold_next,
            _w(
                "There are 18 gold cards. How many does Mia see (her hand, the display)? Divide "
                "the rest by the 46 cards she cannot see.",
                "Es gibt 18 Gold-Karten. Wie viele sieht Mia (ihre Hand, die Auslage)? Teile den "
                "Rest durch die 46 Karten, die sie nicht sieht.",
            ),
            _w(
                "18 gold cards minus the 2 in her hand and the 1 in the display: 15 of 46, about "
                "32.6%.",
                "18 Gold-Karten ohne die 2 auf ihrer Hand und die 1 in der Auslage: 15 von 46, "
                "etwa 32,6 %.",
            ),
        ),
        Question(
            "ex2",
            _w(
                "Two cards are dealt from all 54 cards. What is the chance that they have the "
                "same colour?",
                "Zwei Karten werden aus allen 54 Karten ausgeteilt. Wie groß ist die Chance, dass "
                "sie dieselbe Farbe haben?",
            ),
            "number",
            lambda: _set_in(2),
            _w(
                "Whatever the first card is: how many cards of its colour are left, out of how "
                "many?",
                "Egal, was die erste Karte ist: wie viele Karten ihrer Farbe sind noch da, von "
                "wie vielen?",
            ),
            _w(
                "5/53, about 9.4%: after the first card, 5 of the 53 cards left have its colour.",
                "5/53, etwa 9,4 %: nach der ersten Karte haben 5 der 53 übrigen Karten ihre Farbe.",
            ),
        ),
        Question(
            "ex3",
            _w(
                "After the set-up the waterfall card lies below 21 to 41 of the 41 cards of the "
                "draw pile, each place equally likely. 30 cards have come off the pile and it has "
                "not shown. What is the chance that the next card is the waterfall card?",
                "Nach dem Aufbau liegt die Wasserfall-Karte unter 21 bis 41 der 41 Karten des "
                "Nachziehstapels, jede Stelle gleich wahrscheinlich. 30 Karten sind gezogen, und "
                "sie kam nicht. Wie groß ist die Chance, dass die nächste Karte die "
                "Wasserfall-Karte ist?",
            ),
            "number",
            _waterfall_now(31),
            _w(
                "Which places are still possible? It can lie below 0 to 11 of the 11 cards left.",
                "Welche Stellen sind noch möglich? Sie kann unter 0 bis 11 der 11 übrigen Karten "
                "liegen.",
            ),
            _w(
                "1/12, about 8.3%: 12 places are left (0 to 11 cards above it), each equally "
                "likely, and one of them is the top.",
                "1/12, etwa 8,3 %: 12 Stellen sind übrig (0 bis 11 Karten über ihr), jede gleich "
                "wahrscheinlich, und eine davon ist ganz oben.",
            ),
        ),
        Question(
            "ex4",
            _w(
                "How many different hands of 9 cards have one card of each of the 9 colours?",
                "Wie viele verschiedene Hände aus 9 Karten haben von jeder der 9 Farben eine "
                "Karte?",
            ),
            "number",
            _one_of_each,
            _w(
                "Each colour gives exactly one of its 6 cards.",
                "Jede Farbe gibt genau eine ihrer 6 Karten.",
            ),
            _w(
                "6 x 6 x ... x 6 = 6^9 = 10,077,696 hands, out of 5,317,936,260 hands of 9 cards: "
                "about 1 in 528.",
                "6 x 6 x ... x 6 = 6^9 = 10.077.696 Hände von 5.317.936.260 Händen aus 9 Karten: "
                "etwa 1 von 528.",
            ),
            extension=True,
        ),
    ),
    discussion=(
        (
            _w(
                "A die has no memory. Does a deck of cards have one?",
                "Ein Würfel hat kein Gedächtnis. Hat ein Kartenstapel eins?",
            ),
            _w(
                "In a way: every card drawn is gone until the waterfall brings it back, so the "
                "chances of the next card depend on what has been drawn. The deck wants nothing; "
                "only the counts changed.",
                "Gewissermaßen: jede gezogene Karte ist weg, bis der Wasserfall sie zurückbringt, "
                "darum hängen die Chancen der nächsten Karte davon ab, was gezogen wurde. Der "
                "Stapel will nichts; nur die Anzahlen haben sich geändert.",
            ),
        ),
        (
            _w(
                "Some of the cards Mia cannot see are in Peter's hand, not in the pile. Why does "
                "counting them all still give the right chance?",
                "Einige Karten, die Mia nicht sieht, sind auf Peters Hand, nicht im Stapel. Warum "
                "gibt das Zählen aller trotzdem die richtige Chance?",
            ),
            _w(
                "From Mia's seat nothing tells those cards apart: each unseen card is just as "
                "likely to be the top card of the pile. Peter's hand is one more random part of "
                "the unseen cards.",
                "Von Mias Platz aus unterscheidet nichts diese Karten: jede ungesehene Karte "
                "liegt genauso wahrscheinlich oben auf dem Stapel. Peters Hand ist nur ein "
                "weiterer zufälliger Teil der ungesehenen Karten.",
            ),
        ),
        (
            _w(
                "Does it help Mia to watch which cards Peter takes from the display?",
                "Hilft es Mia, darauf zu achten, welche Karten Peter aus der Auslage nimmt?",
            ),
            _w(
                "Yes: a card taken from the display is known to be in Peter's hand, so it is not "
                "in the pile; she can leave it out of her count, and the table's odds do too.",
                "Ja: eine Karte aus der Auslage ist bekannt auf Peters Hand, also nicht im "
                "Stapel; sie kann sie aus ihrer Zählung weglassen, und die Chancen am Spieltisch "
                "tun das auch.",
            ),
        ),
        (
            _w(
                "With dice of nine colours a set in 5 rolls is more likely than with 5 cards. Why?",
                "Mit Würfeln mit neun Farben ist ein Kartenset in 5 Würfen wahrscheinlicher als "
                "mit 5 Karten. Warum?",
            ),
            _w(
                "Each card of a colour that is drawn leaves fewer of that colour behind, so the "
                "next card is less likely to match; a die is never short of a colour.",
                "Jede gezogene Karte einer Farbe lässt weniger Karten dieser Farbe übrig, also "
                "passt die nächste seltener; einem Würfel geht keine Farbe aus.",
            ),
        ),
    ),
)
