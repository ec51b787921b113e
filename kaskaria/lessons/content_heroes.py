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

from .plan import Choice, CodeTask, LessonPlan, Part, Question, Working, _w

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
    age=_w("ages 7-11 (the extensions: 10 and up)", "7 bis 11 Jahre (die Erweiterungen: ab 10)"),
    goals=(
        _w(
            "Play a turn: take a card or play a set.",
            "Einen Zug spielen: eine Karte nehmen oder ein Kartenset ausspielen.",
        ),
        _w(
            "Say what set cards, a full hand and the waterfall card do.",
            "Sagen, was Karten eines Kartensets, eine volle Hand und die Wasserfall-Karte bewirken.",
        ),
        _w(
            "Work out the final scoring.",
            "Die Schlusswertung ausrechnen.",
        ),
    ),
    parts=(
        Part(
            _w(
                "Start: the game, the cards and setting up (sections 1-2)",
                "Start: das Spiel, die Karten und der Aufbau (Abschnitte 1-2)",
            ),
            4,
        ),
        Part(_w("3. A turn: take a card", "3. Ein Zug: eine Karte nehmen"), 3),
        Part(
            _w(
                "4-5. Playing a set: Mia's and Peter's turns",
                "4-5. Ein Kartenset ausspielen: Mias und Peters Züge",
            ),
            7,
        ),
        Part(
            _w(
                "6-7. A full hand; the waterfall card",
                "6-7. Eine volle Hand; die Wasserfall-Karte",
            ),
            5,
        ),
        Part(
            _w(
                "8. The end and the final scoring; exercise 1",
                "8. Das Spielende und die Schlusswertung; Aufgabe 1",
            ),
            6,
        ),
        Part(_w("9. A game against two bots", "9. Ein Spiel gegen zwei Bots"), 6),
        Part(_w("What we found; exit ticket", "Was wir herausgefunden haben; Exit-Ticket"), 4),
        Part(_w("Slack: logging in, questions", "Puffer: Anmelden, Fragen"), 5),
        Part(
            _w(
                "Extension A: every set Mia could play; exercise 2",
                "Erweiterung A: jedes Kartenset, das Mia ausspielen könnte; Aufgabe 2",
            ),
            5,
            core=False,
        ),
        Part(
            _w(
                "Extension B: the brave variant; exercise 3",
                "Erweiterung B: die Variante für mutige Kaskarier; Aufgabe 3",
            ),
            5,
            core=False,
        ),
        Part(
            _w(
                "Extension C: a whole game of four, its final scoring and the tie",
                "Erweiterung C: ein ganzes Spiel zu viert, seine Schlusswertung und der "
                "Gleichstand",
            ),
            6,
            core=False,
        ),
        Part(
            _w(
                "Extension D: where the engine had to choose; where the numbers are guesses; "
                "every button",
                "Erweiterung D: wo die Spielregel-Maschine wählen musste; wo die Zahlen "
                "geschätzt sind; alle Knöpfe",
            ),
            8,
            core=False,
        ),
    ),
    predictions=(
        Question(
            "refill",
            _w(
                "Mia takes a card from the display. What happens to the empty place?",
                "Mia nimmt eine Karte aus der Auslage. Was passiert mit dem leeren Platz?",
            ),
            "choice",
            _refill,
            _w("The display always shows three cards.", "Die Auslage zeigt immer drei Karten."),
            _w(
                "The top card of the draw pile is turned face up there.",
                "Die oberste Karte des Nachziehstapels kommt offen dorthin.",
            ),
            (
                Choice(
                    "now",
                    _w("filled at once", "sofort aufgefüllt"),
                    ("sofort", "at once"),
                ),
                Choice(
                    "later",
                    _w("filled next round", "in der nächsten Runde aufgefüllt"),
                    ("später", "later"),
                ),
                Choice(
                    "never",
                    _w("stays empty", "bleibt leer"),
                    ("nie", "never"),
                ),
            ),
            giveaways=(
                _w("display: purple gold, green gold", "Auslage: Gold (lila), Gold (grün)"),
            ),
        ),
        Question(
            "mia",
            _w(
                "Mia plays four of her five cards, all blue: griffin, gold, gold and '+2'. How "
                "many cards does she hold then?",
                "Mia spielt vier ihrer fünf Karten aus, alle blau: Schuppengreif, Gold, Gold und "
                "„+2“. Wie viele Karten hat sie dann?",
            ),
            "choice",
            _mia_cards,
            _w("What does the '+2' card give her?", "Was bringt ihr die „+2“-Karte?"),
            _w(
                "5 - 4 + 2 = 3 cards: she played 4 and took 2 for the '+2' card.",
                "5 - 4 + 2 = 3 Karten: sie spielte 4 aus und nahm 2 für die „+2“-Karte.",
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
                "One field for each cliff-runner card; the gold card brings 1 gold.",
                "Ein Feld für jede Klippenläufer-Karte; die Gold-Karte bringt 1 Goldstück.",
            ),
            _numbers("1", "2", "3"),
        ),
        Question(
            "ten",
            _w(
                "Mia holds 10 cards, and there are 9 colours. Must she hold a set?",
                "Mia hat 10 Karten, und es gibt 9 Farben. Hat sie sicher ein Kartenset?",
            ),
            "choice",
            _full_hand_has_set,
            _w(
                "Try to give 10 cards 10 different colours.",
                "Versuche, 10 Karten 10 verschiedene Farben zu geben.",
            ),
            _w(
                "10 cards cannot all have different colours when there are only 9.",
                "10 Karten können nicht alle verschiedene Farben haben, wenn es nur 9 gibt.",
            ),
            _YES_NO,
            giveaways=(
                _w("the hand is full, play a set", "die Hand ist voll, spiele ein Kartenset aus"),
            ),
        ),
        Question(
            "discard",
            _w(
                "The waterfall card shows. What happens to the discard pile?",
                "Die Wasserfall-Karte wird aufgedeckt. Was passiert mit dem Ablagestapel?",
            ),
            "choice",
            _discard_goes,
            _w("Think of the name: a wild waterfall.", "Denk an den Namen: ein wilder Wasserfall."),
            _w(
                "Played cards can come back.",
                "Ausgespielte Karten können wiederkommen.",
            ),
            (
                Choice(
                    "stay",
                    _w("it stays", "er bleibt liegen"),
                    ("bleiben",),
                ),
                Choice(
                    "pile",
                    _w(
                        "it is shuffled into a new draw pile",
                        "er wird in einen neuen Nachziehstapel gemischt",
                    ),
                    ("gemischt",),
                ),
                Choice(
                    "out",
                    _w("it leaves the game", "er kommt aus dem Spiel"),
                    ("raus",),
                ),
            ),
            giveaways=(
                _w("shuffled into a new draw pile", "zu einem neuen Nachziehstapel gemischt"),
                _w("discard pile 0", "Ablagestapel 0"),
            ),
        ),
        Question(
            "third",
            _w(
                "Cliff runners: yellow on the volcano, green and red on the next field, blue behind "
                "them. How much gold does blue get?",
                "Klippenläufer: Gelb auf dem Vulkan, Grün und Rot auf dem nächsten Feld, Blau "
                "dahinter. Wie viel Gold bekommt Blau?",
            ),
            "choice",
            _blue_runner_gold,
            _w("Is any place skipped?", "Wird ein Platz übersprungen?"),
            _w(
                "Green and red share second place, so blue is third: no place is skipped.",
                "Grün und Rot teilen sich den zweiten Platz, also ist Blau Dritter: kein Platz "
                "wird übersprungen.",
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
            extension=True,
            giveaways=(
                _w("the amulet decides", "das Amulett entscheidet"),
                _w("the tie goes to the hero with the amulet", "bei Gleichstand gewinnt der Held"),
            ),
        ),
        Question(
            "brave",
            _w(
                "In the brave variant a pair of gold cards of one colour brings three gold more. "
                "How much gold do Mia's four blue cards (griffin, gold, gold, '+2') bring?",
                "In der Variante für mutige Kaskarier bringt ein Paar gleichfarbiger Gold-Karten "
                "drei Goldstücke mehr. Wie viel Gold bringen Mias vier blaue Karten "
                "(Schuppengreif, Gold, Gold, „+2“)?",
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
                "Three griffins end on fields 6, 6 and 3. How much gold do the three bring "
                "together in the final scoring?",
                "Drei Schuppengreife enden auf den Feldern 6, 6 und 3. Wie viel Gold bringen die "
                "drei zusammen in der Schlusswertung?",
            ),
            "number",
            _path_gold((6, 6, 3), "griffin"),
            _w(
                "Two griffins share first place: each gets the gold of first place. Which place "
                "comes next? No place is skipped.",
                "Zwei Schuppengreife teilen sich den ersten Platz: jeder bekommt das Gold des "
                "ersten Platzes. Welcher Platz kommt danach? Kein Platz wird übersprungen.",
            ),
            _w(
                "18 gold: the two griffins on field 6 share first place (7 gold each), and field "
                "3 is second place, not third (4 gold): 7 + 7 + 4 = 18.",
                "18 Goldstücke: die zwei Schuppengreife auf Feld 6 teilen sich den ersten Platz "
                "(je 7), und Feld 3 ist der zweite Platz, nicht der dritte (4): 7 + 7 + 4 = 18.",
            ),
            working=Working(lines=2),
            sheet_note=_w(
                "Each path pays 7, 4, 1 and 0 gold for places 1 to 4. Figures on one field share "
                "a place; no place is skipped after it.",
                "Jeder Weg zahlt 7, 4, 1 und 0 Goldstücke für die Plätze 1 bis 4. Figuren auf "
                "einem Feld teilen sich einen Platz; danach wird keiner übersprungen.",
            ),
        ),
        Question(
            "ex2",
            _w(
                "Tom holds blue griffin, blue gold, blue gold, blue cliff runner and blue cliff "
                "runner. How many different sets could he play?",
                "Tom hat Schuppengreif (blau), Gold (blau), Gold (blau), Klippenläufer (blau) und "
                "Klippenläufer (blau). Wie viele verschiedene Kartensets könnte er ausspielen?",
            ),
            "number",
            _sets_in_hand,
            _w(
                "Count as for Mia's 8 sets: how many of each kind of card can go in? Then take "
                "away the choices with fewer than 2 cards.",
                "Zähle wie bei Mias 8 Kartensets: wie viele Karten jeder Sorte können dabei sein? "
                "Dann zieh die Möglichkeiten mit weniger als 2 Karten ab.",
            ),
            _w(
                "14: griffin in or out (2 ways), gold 0, 1 or 2 times (3 ways), cliff runner 0, 1 "
                "or 2 times (3 ways): 2 x 3 x 3 = 18 choices, minus the empty choice and the 3 "
                "choices with a single card.",
                "14: Schuppengreif dabei oder nicht (2), Gold 0-, 1- oder 2-mal (3), "
                "Klippenläufer 0-, 1- oder 2-mal (3): 2 x 3 x 3 = 18 Möglichkeiten, ohne die leere "
                "und ohne die 3 mit nur einer Karte.",
            ),
            extension=True,
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
    exit_tickets=(
        Question(
            "t-socks",
            _w(
                "A drawer holds lots of socks in 4 colours. How many socks must you take out "
                "without looking to be sure of two of one colour?",
                "In einer Schublade liegen viele Socken in 4 Farben. Wie viele Socken musst du "
                "blind herausnehmen, damit sicher zwei gleichfarbige dabei sind?",
            ),
            "number",
            _sure_set(4, per=10),
            _w(
                "How many socks can all have different colours? One more must repeat a colour.",
                "Wie viele Socken können alle verschiedene Farben haben? Eine mehr muss eine "
                "Farbe wiederholen.",
            ),
            _w(
                "5 socks: 4 socks can all have different colours, but a 5th must share a colour "
                "with one of them, as 10 cards in 9 colours must.",
                "5 Socken: 4 Socken können alle verschiedene Farben haben, aber eine 5. muss eine "
                "Farbe mit einer von ihnen teilen, so wie 10 Karten bei 9 Farben.",
            ),
        ),
        Question(
            "t-lena",
            _w(
                "Lena's griffin reached the volcano first (she has the amulet), her cliff runner "
                "shares second place, and she collected 3 gold. How much gold does she have at "
                "the end?",
                "Lenas Schuppengreif kam als Erster zum Vulkan (sie hat das Amulett), ihr "
                "Klippenläufer teilt sich den zweiten Platz, und sie hat 3 Goldstücke gesammelt. "
                "Wie viel Gold hat sie am Ende?",
            ),
            "number",
            _lena_gold,
            _w(
                "Add her gold pieces, the gold of both her places, and the amulet.",
                "Zähl ihre Goldstücke, das Gold ihrer beiden Plätze und das Amulett zusammen.",
            ),
            _w(
                "16 gold: 3 collected + 7 for first place + 4 for a shared second place + 2 for "
                "the amulet.",
                "16 Goldstücke: 3 gesammelt + 7 für den ersten Platz + 4 für einen geteilten "
                "zweiten Platz + 2 für das Amulett.",
            ),
            working=Working(lines=1),
            sheet_note=_w(
                "Places pay 7, 4, 1 and 0 gold; the amulet is worth 2 gold.",
                "Die Plätze zahlen 7, 4, 1 und 0 Goldstücke; das Amulett zählt 2 Goldstücke.",
            ),
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
    teacher_notes=(
        _w(
            "**How the 40 minutes were timed.** Pupils read about 790 words on the core path "
            "(760 in German): at the 80 to 120 words a minute of 7- to 11-year-olds, or with "
            "the teacher reading aloud, that is 7 to 10 minutes, spread over the sections. Each "
            "of the six predictions is a vote and a short talk (about a minute); the tables are "
            "looked at, not read. Start and setting up take 4 minutes, a turn 3, the two worked "
            "examples 7, the full hand and the waterfall 5, the end and the scoring with "
            "exercise 1 take 6, the game against the bots 6 (a few rounds, not a whole game: a "
            "whole game takes about 20 minutes; finish it at home or in the app, "
            "`play-heroes.ipynb`), the summary and the two exit-ticket questions 4. The 5 "
            "minutes of slack cover logging in and questions. With the youngest pupils, read the "
            "text aloud and let the class vote by hand; the teacher presses the buttons.",
            "**Wie die 40 Minuten bemessen sind.** Auf dem Kernweg lesen die Kinder etwa 760 "
            "Wörter (790 im Englischen): bei den 80 bis 120 Wörtern pro Minute von 7- bis "
            "11-Jährigen, oder wenn die Lehrkraft vorliest, sind das 7 bis 10 Minuten, verteilt "
            "auf die Abschnitte. Jede der sechs Schätzfragen ist eine Abstimmung und ein kurzes "
            "Gespräch (etwa eine Minute); die Spieltische werden angeschaut, nicht gelesen. "
            "Start und Aufbau dauern 4 Minuten, ein Zug 3, die zwei Beispiele 7, die volle Hand "
            "und der Wasserfall 5, das Spielende und die Wertung mit Aufgabe 1 dauern 6, das "
            "Spiel gegen die Bots 6 (ein paar Runden, kein ganzes Spiel: ein ganzes Spiel "
            "dauert etwa 20 Minuten; zu Hause oder in der App `play-heroes.ipynb` zu Ende "
            "spielen), die Zusammenfassung und die zwei Fragen des Exit-Tickets 4. Die 5 "
            "Minuten Puffer sind für das Anmelden und Fragen. Mit den Jüngsten den Text "
            "vorlesen und per Handzeichen abstimmen lassen; die Knöpfe drückt die Lehrkraft.",
        ),
        _w(
            "**What moved to the extensions.** Counting every set Mia could play (and Tom's, "
            "exercise 2), "
            "the brave variant (exercise 3), the whole game of four with its final scoring and "
            "the tie, where the engine had to choose, where the numbers are guesses, and every "
            "button of the table. They suit pupils of 10 and up, or a second lesson.",
            "**Was in die Erweiterungen gewandert ist.** Alle Kartensets zählen, die Mia "
            "ausspielen könnte (und Toms, Aufgabe 2), die Variante für mutige Kaskarier (Aufgabe 3), das "
            "ganze Spiel zu viert mit seiner Schlusswertung und dem Gleichstand, wo die "
            "Spielregel-Maschine wählen musste, wo die Zahlen geschätzt sind, und alle Knöpfe "
            "des Spieltisches. Sie passen für Kinder ab 10 oder für eine zweite Stunde.",
        ),
        _w(
            '**Common mix-ups.** *"A blue griffin card moves the blue griffin"*: no, every '
            "griffin card moves your own griffin; the colour only says which cards make a set. "
            '*"A shared first place pushes the next figure to third"*: no place is skipped, '
            'the next figure is second. *"The waterfall card is bad luck"*: it only mixes the '
            "played cards back into the draw pile.",
            "**Häufige Verwechslungen.** *„Eine blaue Schuppengreif-Karte bewegt den blauen "
            "Schuppengreif“*: nein, jede Schuppengreif-Karte bewegt deinen eigenen "
            "Schuppengreif; die Farbe sagt nur, welche Karten ein Kartenset bilden. *„Ein "
            "geteilter erster Platz schiebt die nächste Figur auf Platz drei“*: kein Platz wird "
            "übersprungen, die nächste Figur ist Zweite. *„Die Wasserfall-Karte bringt Pech“*: "
            "sie mischt nur die ausgespielten Karten zurück in den Nachziehstapel.",
        ),
    ),
)


# ---------------------------------------------------------------------------------------------
# the cards lesson
# ---------------------------------------------------------------------------------------------
_DECK_NOTE = _w(
    "54 cards: 9 colours, each with 1 griffin, 2 cliff runners, 2 gold cards and 1 '+2' card "
    "(18 gold cards in all).",
    "54 Karten: 9 Farben, jede mit 1 Schuppengreif, 2 Klippenläufern, 2 Gold-Karten, 1 "
    "„+2“-Karte (18 Gold-Karten).",
)

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
            "Say why drawing cards differs from rolling dice.",
            "Sagen, warum Karten ziehen anders ist als würfeln.",
        ),
        _w(
            "Find the chance of the next card from the cards you cannot see.",
            "Die Chance der nächsten Karte aus den Karten finden, die man nicht sieht.",
        ),
        _w(
            "Work out card by card how likely a hand holds a set.",
            "Karte für Karte ausrechnen, wie wahrscheinlich eine Hand ein Kartenset enthält.",
        ),
        _w(
            "Explain what the waterfall card does to the odds, and why 10 cards hold a set.",
            "Erklären, was die Wasserfall-Karte mit den Chancen macht und warum 10 Karten ein "
            "Kartenset enthalten.",
        ),
    ),
    parts=(
        Part(
            _w("Start: the game in a few sentences", "Start: das Spiel in ein paar Sätzen"),
            3,
        ),
        Part(
            _w(
                "1. Dice versus cards: a card that is drawn is gone",
                "1. Würfel gegen Karten: eine gezogene Karte ist weg",
            ),
            4,
        ),
        Part(
            _w(
                "2. Counting the cards you cannot see; your turn; exercise 1",
                "2. Die Karten zählen, die man nicht sieht; du bist dran; Aufgabe 1",
            ),
            10,
        ),
        Part(
            _w(
                "3. A set in your hand, card by card; exercise 2",
                "3. Ein Kartenset auf der Hand, Karte für Karte; Aufgabe 2",
            ),
            7,
        ),
        Part(
            _w(
                "4. The waterfall puts the cards back",
                "4. Der Wasserfall bringt die Karten zurück",
            ),
            3,
        ),
        Part(
            _w(
                "5. The hand limit: 10 cards always hold a set",
                "5. Die Höchstzahl: 10 Karten enthalten immer ein Kartenset",
            ),
            3,
        ),
        Part(_w("What we found; exit ticket", "Was wir herausgefunden haben; Exit-Ticket"), 4),
        Part(_w("Slack: logging in, questions", "Puffer: Anmelden, Fragen"), 6),
        Part(
            _w(
                "Extension A: exact and simulated deals",
                "Erweiterung A: genau und simuliert ausgeteilt",
            ),
            5,
            core=False,
        ),
        Part(
            _w(
                "Extension B: counting whole hands (the 126 ways to choose 5 colours), the exact "
                "fractions; exercise 3",
                "Erweiterung B: ganze Hände zählen (die 126 Arten, 5 Farben zu wählen), die "
                "genauen Brüche; Aufgabe 3",
            ),
            8,
            core=False,
        ),
        Part(
            _w(
                "Extension C: when does the waterfall come? Exercise 4; its chance draw by draw",
                "Erweiterung C: wann kommt der Wasserfall? Aufgabe 4; seine Chance Zug um Zug",
            ),
            7,
            core=False,
        ),
        Part(
            _w(
                "Extension D: a lone griffin, exact on a small deck and simulated on the real one",
                "Erweiterung D: ein einsamer Schuppengreif, genau mit wenigen Karten und simuliert "
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
                "6 of the 54 shuffled cards are blue. You draw a blue card and keep it. Is the next "
                "card more likely, less likely or just as likely to be blue as the first was?",
                "6 der 54 gemischten Karten sind blau. Du ziehst eine blaue Karte und behältst "
                "sie. Ist die nächste Karte wahrscheinlicher, unwahrscheinlicher oder genauso "
                "wahrscheinlich blau wie die erste?",
            ),
            "choice",
            _second_blue,
            _w(
                "How many blue cards are left, out of how many?",
                "Wie viele blaue Karten sind noch da, von wie vielen?",
            ),
            _w(
                "5 of the 53 cards left are blue: 5/53 = 9.4%, against 6/54 = 11.1% for the "
                "first card. A die would stay at 1 in 9.",
                "5 der 53 übrigen Karten sind blau: 5/53 = 9,4 %, gegenüber 6/54 = 11,1 % bei der "
                "ersten Karte. Ein Würfel bliebe bei 1 von 9.",
            ),
            _MORE_LESS,
        ),
        Question(
            "red-next",
            _w(
                "Mia holds one red card. About how likely is the next card from the draw pile to "
                "be red?",
                "Mia hat eine rote Karte. Wie groß ist etwa die Chance, dass die nächste Karte "
                "rot ist?",
            ),
            "choice",
            lambda: _closest(_red_next(), _RED),
            _w(
                "Count the red cards Mia cannot see, and all the cards she cannot see.",
                "Zähle die roten Karten, die Mia nicht sieht, und alle Karten, die sie nicht sieht.",
            ),
            _w(
                "5 of the 46 cards Mia cannot see are red: 5/46 = 10.9%.",
                "5 der 46 Karten, die Mia nicht sieht, sind rot: 5/46 = 10,9 %.",
            ),
            (
                Choice("1 in 4", _w("about 1 in 4", "etwa 1 von 4")),
                Choice("1 in 9", _w("about 1 in 9", "etwa 1 von 9")),
                Choice("1 in 20", _w("about 1 in 20", "etwa 1 von 20")),
            ),
            sheet_note=_w(
                "Mia sees 8 cards. Her hand: griffin, gold, gold, '+2' (all blue), cliff runner "
                "(red). The display: gold (purple), cliff runner (white), griffin (black). "
                + _DECK_NOTE["en"],
                "Mia sieht 8 Karten. Ihre Hand: Schuppengreif, Gold, Gold, +2 (alle blau), "
                "Klippenläufer (rot). Die Auslage: Gold (lila), Klippenläufer (weiß), "
                "Schuppengreif (schwarz). " + _DECK_NOTE["de"],
            ),
        ),
        Question(
            "five-cards",
            _w(
                "You are dealt 5 cards. How likely is it that they hold a set (two cards of one "
                "colour)?",
                "Du bekommst 5 Karten. Wie wahrscheinlich ist schon ein Kartenset dabei (zwei "
                "Karten einer Farbe)?",
            ),
            "choice",
            lambda: _closest(_set_in(5), _FIVE),
            _w(
                "It is easier to count the hands with no set: 5 different colours.",
                "Leichter zählt man die Hände ohne Kartenset: 5 verschiedene Farben.",
            ),
            _w(
                "69.0%: only 31.0% of the hands have 5 different colours.",
                "69,0 %: nur 31,0 % der Hände haben 5 verschiedene Farben.",
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
                "Mia's four blue cards lie on the discard pile when the waterfall card shows. For "
                "Mia, is a blue card next now more likely, less likely or just as likely as "
                "before?",
                "Mias vier blaue Karten liegen auf dem Ablagestapel, als die Wasserfall-Karte "
                "kommt. Ist für Mia eine blaue Karte jetzt wahrscheinlicher, unwahrscheinlicher "
                "oder genauso wahrscheinlich wie vorher?",
            ),
            "choice",
            _blue_after,
            _w(
                "Where were the blue cards before, and where are they now?",
                "Wo waren die blauen Karten vorher, und wo sind sie jetzt?",
            ),
            _w(
                "The played blue cards came back: 6 of the 43 cards Mia cannot see are blue now "
                "(14.0%), 2 of 28 before (7.1%).",
                "Die ausgespielten blauen Karten kamen zurück: 6 der 43 Karten, die Mia nicht "
                "sieht, sind jetzt blau (14,0 %), vorher 2 von 28 (7,1 %).",
            ),
            _MORE_LESS,
        ),
        Question(
            "nine-cards",
            _w(
                "How often do 9 cards have 9 different colours (no set)?",
                "Wie oft haben 9 Karten 9 verschiedene Farben (kein Kartenset)?",
            ),
            "choice",
            lambda: _closest(1 - _set_in(9), _NINE, ratio=True),
            _w(
                "Every one of the 9 colours must come exactly once.",
                "Jede der 9 Farben muss genau einmal kommen.",
            ),
            _w(
                "0.19%: hardly ever. With 10 cards it is impossible.",
                "0,19 %: fast nie. Mit 10 Karten ist es unmöglich.",
            ),
            (
                Choice("1 in 5", _w("about 1 in 5", "etwa 1 von 5")),
                Choice("1 in 50", _w("about 1 in 50", "etwa 1 von 50")),
                Choice("1 in 500", _w("about 1 in 500", "etwa 1 von 500")),
            ),
            giveaways=("99.8%",),
        ),
    ),
    exercises=(
        Question(
            "ex1",
            _w(
                "From Mia's seat at the start: what is the chance that the next card from the "
                "draw pile is a gold card (of any colour)?",
                "Von Mias Platz aus zu Beginn: wie groß ist die Chance, dass die nächste Karte vom "
                "Nachziehstapel eine Gold-Karte ist (egal welcher Farbe)?",
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
            working=Working(lines=2),
            sheet_note=_w(
                "Mia's 8 cards and the deck: see question 2 of Predict first.",
                "Mias 8 Karten und die Karten des Spiels: siehe Frage 2 bei Erst schätzen.",
            ),
        ),
        Question(
            "ex2",
            _w(
                "Three cards are dealt from all 54 cards (9 colours of 6). What is the chance that "
                "they hold a set (two or more cards of one colour)?",
                "Drei Karten werden aus allen 54 Karten (9 Farben mit je 6) ausgeteilt. Wie groß "
                "ist die Chance, dass sie ein Kartenset enthalten (zwei oder mehr Karten einer "
                "Farbe)?",
            ),
            "number",
            lambda: _set_in(3),
            _w(
                "First the chance that all three colours differ: the second card must avoid the "
                "first card's colour (48 of the 53 cards left), the third both colours (42 of "
                "52). A set is everything else.",
                "Zuerst die Chance, dass alle drei Farben verschieden sind: die zweite Karte muss "
                "die Farbe der ersten meiden (48 der 53 übrigen Karten), die dritte beide Farben "
                "(42 von 52). Ein Kartenset ist alles andere.",
            ),
            _w(
                "185/689, about 26.9%: all three colours differ with 48/53 x 42/52 = 504/689, "
                "and 1 - 504/689 = 185/689.",
                "185/689, etwa 26,9 %: alle drei Farben sind verschieden mit 48/53 x 42/52 = "
                "504/689, und 1 - 504/689 = 185/689.",
            ),
            working=Working(lines=3),
        ),
        Question(
            "ex3",
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
        Question(
            "ex4",
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
            extension=True,
        ),
    ),
    exit_tickets=(
        Question(
            "t-marbles",
            _w(
                "A bag holds 5 red and 5 blue marbles. You take out a red one and keep it. What "
                "is the chance that the next marble is red?",
                "In einem Beutel sind 5 rote und 5 blaue Murmeln. Du nimmst eine rote heraus und "
                "behältst sie. Wie groß ist die Chance, dass die nächste Murmel rot ist?",
            ),
            "number",
            lambda: _next_same(5, 10),
            _w(
                "How many red marbles are left, out of how many marbles?",
                "Wie viele rote Murmeln sind noch da, von wie vielen Murmeln?",
            ),
            _w(
                "4/9, about 44.4%: 4 red marbles are left among 9. Not 1/2: the red marble you "
                "kept is gone.",
                "4/9, etwa 44,4 %: 4 rote Murmeln sind unter 9 übrig. Nicht 1/2: die rote Murmel, "
                "die du behalten hast, ist weg.",
            ),
        ),
        Question(
            "t-green",
            _w(
                "A game has 40 cards, 10 in each of 4 colours. You see 9 cards, 2 of them green. "
                "What is the chance that the next card of the pile is green?",
                "Ein Spiel hat 40 Karten, 10 in jeder von 4 Farben. Du siehst 9 Karten, 2 davon "
                "grün. Wie groß ist die Chance, dass die nächste Karte des Stapels grün ist?",
            ),
            "number",
            lambda: _unseen_chance(10, 40, 9, 2),
            _w(
                "Green cards you cannot see, divided by all the cards you cannot see.",
                "Grüne Karten, die du nicht siehst, geteilt durch alle Karten, die du nicht "
                "siehst.",
            ),
            _w(
                "8/31, about 25.8%: 8 green cards among the 31 cards you cannot see.",
                "8/31, etwa 25,8 %: 8 grüne Karten unter den 31 Karten, die du nicht siehst.",
            ),
        ),
    ),
    code_tasks=(
        Question(
            "red-chance",
            _w(
                "Mia sees 8 cards, 1 of them red; the game has 54 cards, 6 of each colour. Work "
                "out the chance that the next card of the draw pile is red.",
                "Mia sieht 8 Karten, 1 davon rot; das Spiel hat 54 Karten, 6 von jeder Farbe. "
                "Rechne die Chance aus, dass die nächste Karte des Nachziehstapels rot ist.",
            ),
            "code",
            _red_next,
            _w(
                "The red cards Mia cannot see (6 minus the one she holds), divided by all the "
                "cards she cannot see (54 minus the 8 she sees).",
                "Die roten Karten, die Mia nicht sieht (6 minus die eine, die sie hat), geteilt "
                "durch alle Karten, die sie nicht sieht (54 minus die 8, die sie sieht).",
            ),
            _w(
                "5/46, about 10.9%: 5 red cards among the 46 cards Mia cannot see.",
                "5/46, etwa 10,9 %: 5 rote Karten unter den 46 Karten, die Mia nicht sieht.",
            ),
            code=CodeTask(
                "chance",
                _w(
                    "# the red cards Mia cannot see, over all the cards she cannot see\n"
                    "chance = (6 - 1) / (54 - 8)",
                    "# die roten Karten, die Mia nicht sieht, durch alle, die sie nicht sieht\n"
                    "chance = (6 - 1) / (54 - 8)",
                ),
            ),
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
    teacher_notes=(
        _w(
            "**How the 40 minutes were timed.** Pupils read about 1,150 words on the core path "
            "(1,100 in German); at the 150 words a minute of a 12-year-old reading to themselves "
            "that is about 8 minutes, spread over the sections. The five predictions are a vote and a "
            "short talk each (about a minute), the your-turn cell takes 4 minutes (typing, "
            "running, one correction; younger classes work it out on paper or watch the "
            "teacher type it), exercises 1 and 2 take 2 to 3 minutes each, the exit ticket 3. "
            "That leaves 6 minutes of slack for logging in and questions. The extensions are a "
            "second lesson, or work for pupils who finish early.",
            "**Wie die 40 Minuten bemessen sind.** Auf dem Kernweg lesen die Kinder etwa 1.100 "
            "Wörter (1.150 im Englischen); bei den 150 Wörtern pro Minute, die 12-Jährige still "
            "lesen, sind das etwa 8 Minuten, verteilt auf die Abschnitte. Die fünf Schätzfragen sind je eine "
            "Abstimmung und ein kurzes Gespräch (etwa eine Minute), die Zelle „Du bist dran“ "
            "braucht 4 Minuten (tippen, ausführen, einmal verbessern; jüngere Klassen rechnen "
            "auf Papier oder schauen der Lehrkraft beim Tippen zu), die Aufgaben 1 und 2 je 2 "
            "bis 3 Minuten, das Exit-Ticket 3. Bleiben 6 Minuten Puffer für das Anmelden und "
            "Fragen. Die Erweiterungen sind eine zweite Stunde oder Futter für Schnelle.",
        ),
        _w(
            "**What moved to the extensions.** Exact against simulated deals (A), counting whole "
            "hands with the 126 ways to choose 5 of the 9 colours and the exact fractions "
            "(B, exercise 3), when the waterfall comes (C, exercise 4) and a lone griffin (D). "
            "The core path reaches the chance of a set card by card instead: no counting of "
            "colour choices is needed.",
            "**Was in die Erweiterungen gewandert ist.** Genau gegen simuliert ausgeteilt (A), "
            "ganze Hände zählen mit den 126 Arten, 5 der 9 Farben zu wählen, und die genauen "
            "Brüche (B, Aufgabe 3), wann der Wasserfall kommt (C, Aufgabe 4) und ein einsamer "
            "Schuppengreif (D). Der Kernweg kommt Karte für Karte zur Chance auf ein Kartenset: "
            "dafür muss niemand Farbwahlen zählen.",
        ),
        _w(
            '**Common misconceptions.** *"The pile owes me a red card"*: no card is due; the '
            "chance is the red cards you cannot see out of all the cards you cannot see, and "
            'nothing else. *"Cards in other hands do not count"*: from your seat they are as '
            "unknown as the pile; leave out only the cards you have seen (your hand, the "
            'display, the discard pile, cards others took from the display). *"Cards are like '
            'dice"*: a die never runs short of a colour, a deck does; that is why a set in 5 '
            "cards (69.0%) is less likely than a pair in 5 rolls of a nine-colour die (74.4%). "
            '*"A simulation that misses the exact value is wrong"*: every count wobbles; the '
            "typical error says by how much.",
            "**Häufige Fehlvorstellungen.** *„Der Stapel schuldet mir eine rote Karte“*: keine "
            "Karte ist fällig; die Chance ist die Zahl der roten Karten, die du nicht siehst, "
            "geteilt durch alle Karten, die du nicht siehst, sonst nichts. *„Karten auf anderen "
            "Händen zählen nicht“*: von deinem Platz aus sind sie so unbekannt wie der Stapel; "
            "lass nur die Karten weg, die du gesehen hast (deine Hand, die Auslage, den "
            "Ablagestapel, Karten, die andere aus der Auslage nahmen). *„Karten sind wie "
            "Würfel“*: einem Würfel geht keine Farbe aus, einem Stapel schon; darum ist ein "
            "Kartenset in 5 Karten (69,0 %) seltener als ein Paar in 5 Würfen eines Würfels mit "
            "neun Farben (74,4 %). *„Eine Simulation, die den genauen Wert verfehlt, ist "
            "falsch“*: jede Zählung schwankt; der typische Fehler sagt, wie sehr.",
        ),
        _w(
            "**Decimals for pupils, fractions for the teacher.** The tables show percentages; "
            "the answers here and extension B give the exact fractions. Pupils may type "
            "either, and the boxes accept a sensible rounding. **The odds panel as a reveal.** "
            "On a table in notebook 03, hide the odds (*Hide the odds*), let the class count, "
            "then show them: the panel gives the same fraction as the count. **Assumed "
            "numbers.** The card counts come from the rulebook; that they fall into nine "
            "colours of six cards is inferred, and seven colour names are assumed. Every chance "
            "in this lesson depends only on the counts, so it holds for any names.",
            "**Dezimalzahlen für die Kinder, Brüche für die Lehrkraft.** Die Tabellen zeigen "
            "Prozent; die Antworten hier und Erweiterung B geben die genauen Brüche. Die Kinder "
            "dürfen beides tippen, und die Felder nehmen sinnvoll gerundete Werte an. **Die "
            "Chancen am Spieltisch als Auflösung.** An einem Tisch in Notebook 03 die Chancen "
            "verbergen (*Chancen verbergen*), die Klasse zählen lassen, dann zeigen: der Tisch "
            "nennt denselben Bruch wie die Zählung. **Angenommene Zahlen.** Die Kartenzahlen "
            "stammen aus der Spielanleitung; dass sie in neun Farben mit je sechs Karten "
            "zerfallen, ist erschlossen, und sieben Farbnamen sind angenommen. Jede Chance in "
            "dieser Stunde hängt nur von den Anzahlen ab und gilt darum für beliebige Namen.",
        ),
    ),
)
