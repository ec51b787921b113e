"""What the two Dragon's Gold lessons ask and answer, in English and German: the rules lesson
(``05-dragons-gold-rules.ipynb``) and the fair-shares lesson (``06-dragons-gold-fair-shares.ipynb``).

The same source serves the notebooks' widgets, the timing tables and the printable worksheets.
Every exact answer is computed from the engine (the positions of :mod:`kaskaria.lessons.dragons_gold`,
the fair division and expected values of :mod:`kaskaria.dragons_gold.fairness`, the generic
tournament) when first asked for. Pure Python, no Jupyter.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .content import Choice, LessonPlan, Part, Question, _w

__all__ = ["DRAGONS_GOLD_RULES", "DRAGONS_GOLD_SHARES"]


def _dg() -> Any:
    from . import dragons_gold

    return dragons_gold


# ---------------------------------------------------------------------------------------------
# exact answers of the rules lesson
# ---------------------------------------------------------------------------------------------
def _moves() -> str:
    return str(len(_dg().state_after(_dg().SETUP).legal_actions()))


def _falls() -> str:
    dg = _dg()
    state = dg.state_after((*dg.SETUP, *dg.ATTACK, *dg.KILL))
    dragon = state.observation("table")["dragons"][0]
    return "yes" if dragon["sum"] >= dragon["strength"] and state.phase == "token" else "no"


def _killers() -> str:
    """Which of Player 3's adventurers would make dragon 1 fall after the wizard and the thief."""
    dg = _dg()
    base = (*dg.SETUP, *dg.ATTACK)
    killing = []
    for name in ("big-knight", "small-knight", "thief", "wizard"):
        state = dg.state_after((*base, f"send {name} to dragon 1"))
        if state.phase == "token":  # the hidden treasure is drawn: the dragon fell
            killing.append(name)
    return {
        ("big-knight",): "big-knight",
        ("big-knight", "small-knight"): "knights",
        ("big-knight", "small-knight", "thief"): "knights-thief",
        ("big-knight", "small-knight", "thief", "wizard"): "all",
    }.get(tuple(killing), "none")


def _to_hand_out() -> Fraction:
    dg = _dg()
    state = dg.state_after((*dg.SETUP, *dg.NEGOTIATE))
    return Fraction(sum(state.observation(1)["split"]["pot"].values()))


def _no_deal() -> str:
    dg = _dg()
    before = dg.state_after((*dg.SETUP, *dg.NEGOTIATE))
    after = dg.state_after((*dg.SETUP, *dg.NEGOTIATE, *dg.NO_DEAL))
    pot = sum(before.observation("table")["split"]["pot"].values())
    gone = sum(after.out) - sum(before.out)
    if gone == pot and sum(after.bag) == sum(before.bag) and not any(map(sum, after.screens)):
        return "out"
    return "bag" if sum(after.bag) > sum(before.bag) else "killer"


def _wizard() -> str:
    dg = _dg()
    before = dg.state_after((*dg.SETUP, *dg.ATTACK))
    after = dg.state_after((*dg.SETUP, *dg.ATTACK, *dg.KILL, *dg.HIDDEN, *dg.WIZARD_ITEMS))
    red = before.observation("table")["dragons"][0]["treasure"].get("red", 0)
    red += dg.HIDDEN.count("token red")
    pot = after.observation("table")["split"]["pot"]
    if after.screens[0][2] == red and "red" not in pot:
        return "wizard"
    return "shared" if "red" in pot else "bag"


def _shared() -> str:
    parts = _dg().score_parts(_dg().SHARED_MAJORITY)
    got = [p["majorities"].get("blue", 0) for p in parts]
    if got[0] == got[1] == 15 and got[2] == 0:
        return "both-full"
    if got[0] == got[1] and 0 < got[0] < 15:
        return "both-half"
    return "nobody" if not any(got) else "one"


#: exercise 3: Player 1's screen at the end, and the others'
_EX3 = ({"silver": 4, "gold": 2, "red": 1, "blue": 2}, {"gold": 3, "green": 1}, {"silver": 5})


def _ex3() -> Fraction:
    from ..dragons_gold.engine import score_table

    vecs = [tuple(s.get(c, 0) for c in _dg().COLOURS) for s in _EX3]
    return Fraction(score_table(vecs, False)[0])


_YES_NO = (
    Choice("yes", _w("yes", "ja"), ("ja",)),
    Choice("no", _w("no", "nein"), ("nein",)),
)

DRAGONS_GOLD_RULES = LessonPlan(
    id="dragons-gold-rules",
    notebook="05-dragons-gold-rules.ipynb",
    title=_w("Dragon's Gold: the rules", "Dragon's Gold: die Regeln"),
    age=_w("ages 9-13 (sections 13-15: 12 and up)", "9 bis 13 Jahre (Abschnitte 13-15: ab 12)"),
    goals=(
        _w(
            "Play a turn: send one adventurer to a dragon, and tell when the attackers' "
            "strengths add up to a kill.",
            "Einen Zug spielen: einen Abenteurer zu einem Drachen schicken und erkennen, wann die "
            "Stärken der Angreifer zusammen einen Drachen erlegen.",
        ),
        _w(
            "Explain what happens to a dragon's treasure: the hidden part, one player alone or a "
            "shared split, and what 'no deal' costs everyone.",
            "Erklären, was mit dem Schatz eines Drachen geschieht: der versteckte Teil, ein "
            "Spieler allein oder eine gemeinsame Aufteilung, und was „keine Einigung“ alle kostet.",
        ),
        _w(
            "Say what wizards and thieves do after a kill, and when the market opens.",
            "Sagen, was Zauberer und Diebe nach einem Kampf tun und wann der Markt öffnet.",
        ),
        _w(
            "Count the points at the end: coins, red tokens, the black diamond and the majority "
            "bonus of each gem colour.",
            "Am Ende die Punkte zählen: Münzen, rote Schatzsteine, den schwarzen Diamanten und den "
            "Bonus für die Mehrheit jeder Edelsteinfarbe.",
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
                "A turn and an attack; the rulebook's example 1 + 2 + 3 (sections 3-4); exercise 1",
                "Ein Zug und ein Angriff; das Beispiel der Anleitung 1 + 2 + 3 (Abschnitte 3-4); "
                "Aufgabe 1",
            ),
            7,
        ),
        Part(
            _w(
                "A kill: the hidden treasure, one player alone (section 5)",
                "Ein erlegter Drache: der versteckte Schatz, ein Spieler allein (Abschnitt 5)",
            ),
            3,
        ),
        Part(
            _w(
                "Sharing by negotiation, and no deal (section 6); exercise 2",
                "Teilen durch Verhandeln, und keine Einigung (Abschnitt 6); Aufgabe 2",
            ),
            7,
        ),
        Part(
            _w(
                "Wizards and thieves; a kill and a split at one screen (sections 7-9)",
                "Zauberer und Diebe; ein Kampf und eine Teilung an einem Bildschirm "
                "(Abschnitte 7-9)",
            ),
            6,
        ),
        Part(
            _w(
                "After a kill; the market (sections 10-11)",
                "Nach dem Kampf; der Markt (Abschnitte 10-11)",
            ),
            3,
        ),
        Part(
            _w(
                "The end and the scoring, majorities (section 12); exercise 3",
                "Das Ende und die Wertung, Mehrheiten (Abschnitt 12); Aufgabe 3",
            ),
            5,
        ),
        Part(_w("Slack: logging in, questions", "Puffer: Anmelden, Fragen"), 5),
        Part(
            _w(
                "Magic items (assumed) and the advanced rules (sections 13-14)",
                "Magische Gegenstände (angenommen) und die Regeln für Fortgeschrittene "
                "(Abschnitte 13-14)",
            ),
            8,
            core=False,
        ),
        Part(
            _w(
                "Where the engine had to choose (section 15)",
                "Wo die Spielregel-Maschine wählen musste (Abschnitt 15)",
            ),
            4,
            core=False,
        ),
        Part(
            _w(
                "A whole game against two bots (sections 16-17)",
                "Ein ganzes Spiel gegen zwei Bots (Abschnitte 16-17)",
            ),
            20,
            core=False,
        ),
    ),
    predictions=(
        Question(
            "moves",
            _w(
                "At the start Player 1 may send any of the four adventurers to any of the four "
                "dragons. How many different moves is that?",
                "Am Anfang darf Spieler 1 jeden der vier Abenteurer zu jedem der vier Drachen "
                "schicken. Wie viele verschiedene Züge sind das?",
            ),
            "choice",
            _moves,
            _w(
                "Four adventurers, each to four dragons.", "Vier Abenteurer, jeder zu vier Drachen."
            ),
            _w(
                "16: four adventurers times four dragons. The table shows one button for each.",
                "16: vier Abenteurer mal vier Drachen. Der Tisch zeigt für jeden einen Knopf.",
            ),
            tuple(Choice(n, _w(n, n)) for n in ("4", "8", "16")),
        ),
        Question(
            "falls",
            _w(
                "Player 1's wizard (1) and Player 2's thief (2) fight dragon 1, strength 6. "
                "Player 3 sends the small knight (3). Does the dragon fall?",
                "Der Zauberer (1) von Spieler 1 und der Dieb (2) von Spieler 2 kämpfen gegen "
                "Drache 1 mit Stärke 6. Spieler 3 schickt den kleinen Ritter (3). Fällt der "
                "Drache?",
            ),
            "choice",
            _falls,
            _w("Add the strengths and compare.", "Zähle die Stärken zusammen und vergleiche."),
            _w(
                "Yes: 1 + 2 + 3 = 6, and 6 is enough against strength 6 (equal counts).",
                "Ja: 1 + 2 + 3 = 6, und 6 reicht gegen Stärke 6 (gleich viel genügt).",
            ),
            _YES_NO,
        ),
        Question(
            "no-deal",
            _w(
                "The players of a fight cannot agree on a split before the hourglass runs out. "
                "What happens to the treasure?",
                "Die Spieler eines Kampfes einigen sich nicht, bevor die Sanduhr abgelaufen ist. "
                "Was passiert mit dem Schatz?",
            ),
            "choice",
            _no_deal,
            _w("It is hard on everyone.", "Es trifft alle."),
            _w(
                "The whole treasure leaves the game: it does not go back into the bag, and nobody "
                "gets any of it.",
                "Der ganze Schatz kommt aus dem Spiel: er geht nicht zurück in den Beutel, und "
                "niemand bekommt etwas davon.",
            ),
            (
                Choice("bag", _w("it goes back into the bag", "er kommt zurück in den Beutel")),
                Choice("out", _w("it leaves the game", "er kommt aus dem Spiel")),
                Choice(
                    "killer",
                    _w(
                        "the player who killed the dragon takes it",
                        "wer den Drachen erlegt hat, nimmt ihn",
                    ),
                ),
            ),
        ),
        Question(
            "wizard",
            _w(
                "Only one wizard fought against the dragon. Who gets the red tokens of its "
                "treasure?",
                "Nur ein Zauberer hat gegen den Drachen gekämpft. Wer bekommt die roten "
                "Schatzsteine seines Schatzes?",
            ),
            "choice",
            _wizard,
            _w("Red tokens are magic.", "Rote Schatzsteine sind magisch."),
            _w(
                "The wizard's player takes them all before the sharing, and draws one magic item "
                "for each; they are kept even if the sharing fails.",
                "Der Spieler des Zauberers nimmt sie alle vor dem Teilen und zieht für jeden "
                "einen magischen Gegenstand; er behält sie, auch wenn das Teilen scheitert.",
            ),
            (
                Choice(
                    "wizard",
                    _w(
                        "the wizard's player, before the sharing",
                        "der Spieler des Zauberers, vor dem Teilen",
                    ),
                ),
                Choice(
                    "shared",
                    _w("they are shared with the rest", "sie werden mit dem Rest geteilt"),
                ),
                Choice("bag", _w("they go back into the bag", "sie kommen zurück in den Beutel")),
            ),
        ),
        Question(
            "shared",
            _w(
                "Three players, basic rules. At the end Players 1 and 2 hold 3 sapphires (blue) "
                "each, Player 3 holds 1. Who gets the 15 points for blue?",
                "Drei Spieler, Grundregeln. Am Ende haben Spieler 1 und Spieler 2 je 3 Saphire "
                "(blau), Spieler 3 hat einen. Wer bekommt die 15 Punkte für Blau?",
            ),
            "choice",
            _shared,
            _w("Who holds the most? Can two hold the most?", "Wer hat am meisten? Können zwei?"),
            _w(
                "Players 1 and 2 both: in the basic rules everyone who shares the majority gets "
                "the full 15 points. (In the advanced rules they would get half each.)",
                "Spieler 1 und Spieler 2 beide: nach den Grundregeln bekommt jeder, der die "
                "Mehrheit teilt, die vollen 15 Punkte. (Nach den Regeln für Fortgeschrittene "
                "bekäme jeder die Hälfte.)",
            ),
            (
                Choice("one", _w("only Player 1", "nur Spieler 1")),
                Choice(
                    "both-full",
                    _w("Players 1 and 2, 15 points each", "Spieler 1 und 2, je 15 Punkte"),
                ),
                Choice(
                    "both-half",
                    _w("Players 1 and 2, half each", "Spieler 1 und 2, je die Hälfte"),
                ),
                Choice("nobody", _w("nobody", "niemand")),
            ),
        ),
    ),
    exercises=(
        Question(
            "ex1",
            _w(
                "Player 1's wizard (1) and Player 2's thief (2) fight dragon 1 (strength 6). "
                "Which of Player 3's adventurers would make it fall?",
                "Der Zauberer (1) von Spieler 1 und der Dieb (2) von Spieler 2 kämpfen gegen "
                "Drache 1 (Stärke 6). Welche Abenteurer von Spieler 3 würden ihn fallen lassen?",
            ),
            "choice",
            _killers,
            _w(
                "The two fighters add up to 3. What must the third one bring?",
                "Die zwei Kämpfer bringen zusammen 3. Wie viel muss der dritte bringen?",
            ),
            _w(
                "Both knights: 3 + 3 = 6 and 3 + 4 = 7 reach strength 6; the thief (5) and the "
                "wizard (4) do not.",
                "Beide Ritter: 3 + 3 = 6 und 3 + 4 = 7 erreichen Stärke 6; der Dieb (5) und der "
                "Zauberer (4) nicht.",
            ),
            (
                Choice("big-knight", _w("only the big knight (4)", "nur der große Ritter (4)")),
                Choice("knights", _w("both knights", "beide Ritter"), ("knights", "ritter")),
                Choice(
                    "knights-thief", _w("both knights and the thief", "beide Ritter und der Dieb")
                ),
                Choice("all", _w("all four", "alle vier")),
            ),
        ),
        Question(
            "ex2",
            _w(
                "Players 1 and 2 kill dragon 1 with their knights. It had 3 tokens of known "
                "treasure and hides 2 more. How many tokens must Player 2's proposal hand out?",
                "Spieler 1 und Spieler 2 erlegen Drache 1 mit ihren Rittern. Er hatte 3 "
                "Schatzsteine bekannten Schatz und versteckt 2 weitere. Wie viele Schatzsteine "
                "muss der Vorschlag von Spieler 2 verteilen?",
            ),
            "number",
            _to_hand_out,
            _w(
                "Nothing may be left over, and no wizard fought.",
                "Nichts darf übrig bleiben, und kein Zauberer hat gekämpft.",
            ),
            _w(
                "5: the known and the hidden treasure together; every token must be handed out.",
                "5: der bekannte und der versteckte Schatz zusammen; jeder Schatzstein muss "
                "verteilt werden.",
            ),
        ),
        Question(
            "ex3",
            _w(
                "Three players, basic rules. At the end Player 1 holds 4 silver coins, 2 gold "
                "coins, 1 red token and 2 sapphires; nobody else holds a sapphire. How many "
                "points does Player 1 score?",
                "Drei Spieler, Grundregeln. Am Ende hat Spieler 1 4 Silbermünzen, 2 Goldmünzen, "
                "1 roten Schatzstein und 2 Saphire; niemand sonst hat einen Saphir. Wie viele "
                "Punkte bekommt Spieler 1?",
            ),
            "number",
            _ex3,
            _w(
                "Silver 1, gold 3, red 1; and the majority of blue is worth 15 with three players.",
                "Silber 1, Gold 3, Rot 1; und die Mehrheit bei Blau ist zu dritt 15 Punkte wert.",
            ),
            _w(
                "26: 4 × 1 + 2 × 3 + 1 + 15 for the most sapphires.",
                "26: 4 × 1 + 2 × 3 + 1 + 15 für die meisten Saphire.",
            ),
        ),
    ),
    discussion=(
        (
            _w(
                "Why is a treasure nobody agrees on taken out of the game, and not put back into "
                "the bag?",
                "Warum kommt ein Schatz, über den man sich nicht einigt, aus dem Spiel und nicht "
                "zurück in den Beutel?",
            ),
            _w(
                "So that 'no deal' costs everyone: whoever blocks an agreement loses their own "
                "share too. Back in the bag, the treasure could come out again later.",
                "Damit „keine Einigung“ alle etwas kostet: wer eine Einigung verhindert, verliert "
                "auch seinen eigenen Anteil. Im Beutel könnte der Schatz später wieder "
                "herauskommen.",
            ),
        ),
        (
            _w(
                "Why does the rulebook forbid deals about future treasure and deals left to "
                "chance?",
                "Warum verbietet die Anleitung Abmachungen über zukünftige Schätze und "
                "Abmachungen, die vom Glück abhängen?",
            ),
            _w(
                "A promise about later cannot be checked or enforced at the table, and chance "
                "would replace the negotiation. The split must be settled now, token by token, so "
                "everyone knows exactly what they got.",
                "Ein Versprechen für später kann am Tisch niemand prüfen oder durchsetzen, und "
                "Glück würde das Verhandeln ersetzen. Die Aufteilung muss jetzt feststehen, "
                "Schatzstein für Schatzstein, damit jeder genau weiß, was er bekommt.",
            ),
        ),
        (
            _w(
                "Why would anyone send a weak adventurer to a dragon it cannot kill?",
                "Warum sollte jemand einen schwachen Abenteurer zu einem Drachen schicken, den er "
                "nicht erlegen kann?",
            ),
            _w(
                "To take part in the fight: whoever fought shares the treasure. A wizard or a "
                "thief adds little strength but brings red tokens or a theft.",
                "Um beim Kampf dabei zu sein: wer mitgekämpft hat, teilt den Schatz. Ein "
                "Zauberer oder Dieb bringt wenig Stärke, aber rote Schatzsteine oder einen "
                "Diebstahl.",
            ),
        ),
    ),
)


# ---------------------------------------------------------------------------------------------
# exact answers of the fair-shares lesson
# ---------------------------------------------------------------------------------------------
def _chooser_jealous() -> str:
    return "never" if _dg().two_player_counts()["chooser_envious"] == 0 else "sometimes"


def _uneven() -> str:
    case = _dg().uneven_case()
    if case["even_split"]:  # pragma: no cover - the example is chosen without an even split
        return "nobody"
    return "splitter" if case["splitter_envious"] else "chooser"


def _three() -> str:
    return "yes" if _dg().counterexample()["jealous"] else "no"


def _ex1() -> Fraction:
    keeps, _ = _dg().split_for_two(_dg()._treasure(gold=1, silver=4))
    return keeps


def _hidden_more() -> str:
    value = _dg().hidden_expected()
    return "more" if value > 3 else "less" if value < 3 else "same"


def _ex2() -> Fraction:
    return _dg().hidden_expected()


def _same_worth() -> str:
    worth = [_dg().worth_of("blue", p) for p in range(3)]
    return "same" if len(set(worth)) == 1 else "different"


def _ex3_worth() -> Fraction:
    return _dg().worth_of("blue", 0)


def _proportional() -> str:
    return "yes" if _dg().proportional_case()["proportional"] else "no"


def _most_points() -> str:
    return str(_dg().most_points())


DRAGONS_GOLD_SHARES = LessonPlan(
    id="dragons-gold-shares",
    notebook="06-dragons-gold-fair-shares.ipynb",
    title=_w("Dragon's Gold: fair shares", "Dragon's Gold: gerecht teilen"),
    age=_w("ages 10-14 (the extensions: 13 and up)", "10 bis 14 Jahre (die Erweiterungen: ab 13)"),
    goals=(
        _w(
            "Share a treasure between two by divide and choose, and explain why the chooser is "
            "never jealous and when the splitter can be.",
            "Einen Schatz zu zweit mit Teilen und Wählen aufteilen und erklären, warum der Wähler "
            "nie neidisch ist und wann der Teiler es sein kann.",
        ),
        _w(
            "Show with an example why divide and choose is not enough for three players.",
            "An einem Beispiel zeigen, warum Teilen und Wählen für drei Spieler nicht reicht.",
        ),
        _w(
            "Work out how many points a dragon's hidden treasure brings on average from what is "
            "in the bag (the expected value).",
            "Ausrechnen, wie viele Punkte der versteckte Schatz eines Drachen im Durchschnitt "
            "bringt, aus dem, was im Beutel ist (der Erwartungswert).",
        ),
        _w(
            "Explain why the same token can be worth a lot to one player and nothing to another "
            "(the majority bonus).",
            "Erklären, warum derselbe Schatzstein für einen Spieler viel und für einen anderen "
            "nichts wert sein kann (der Bonus für die Mehrheit).",
        ),
    ),
    parts=(
        Part(
            _w(
                "Start: the game in a few sentences; what is fair?",
                "Start: das Spiel in ein paar Sätzen; was ist gerecht?",
            ),
            3,
        ),
        Part(
            _w(
                "1. Divide and choose for two; exercise 1",
                "1. Teilen und Wählen zu zweit; Aufgabe 1",
            ),
            8,
        ),
        Part(
            _w("2. When no even split exists", "2. Wenn es keine gleiche Teilung gibt"),
            4,
        ),
        Part(
            _w(
                "3. Three players: where divide and choose breaks",
                "3. Drei Spieler: wo Teilen und Wählen versagt",
            ),
            6,
        ),
        Part(
            _w(
                "4. The hidden treasure on average; exercise 2",
                "4. Der versteckte Schatz im Durchschnitt; Aufgabe 2",
            ),
            6,
        ),
        Part(
            _w(
                "5. One token, different worth: majorities; exercise 3",
                "5. Ein Schatzstein, verschiedener Wert: Mehrheiten; Aufgabe 3",
            ),
            5,
        ),
        Part(_w("6. A tournament of bots that share", "6. Ein Turnier teilender Bots"), 3),
        Part(_w("Slack: logging in, questions, wrap-up", "Puffer: Anmelden, Fragen, Abschluss"), 5),
        Part(
            _w(
                "Extension A: every small case for two, counted",
                "Erweiterung A: jeder kleine Fall zu zweit, gezählt",
            ),
            5,
            core=False,
        ),
        Part(
            _w(
                "Extension B: the exact worth of a dragon, majorities included",
                "Erweiterung B: der genaue Wert eines Drachen, mit Mehrheiten",
            ),
            6,
            core=False,
        ),
        Part(
            _w(
                "Extension C: fair in whose eyes? Proportional and envy-free; exercise 4",
                "Erweiterung C: gerecht für wen? Anteilsgerecht und neidfrei; Aufgabe 4",
            ),
            7,
            core=False,
        ),
        Part(
            _w(
                "Extension D: how sure is the tournament?",
                "Erweiterung D: wie sicher ist das Turnier?",
            ),
            5,
            core=False,
        ),
    ),
    predictions=(
        Question(
            "chooser",
            _w(
                "Ben splits a treasure into two piles, Anna takes the pile she likes better, Ben "
                "gets the other. Can Anna end up jealous of Ben's pile?",
                "Ben teilt einen Schatz in zwei Anteile, Anna nimmt den Anteil, der ihr besser "
                "gefällt, Ben bekommt den anderen. Kann Anna am Ende neidisch auf Bens Anteil "
                "sein?",
            ),
            "choice",
            _chooser_jealous,
            _w("Who picks?", "Wer wählt aus?"),
            _w(
                "Never: Anna picked the pile she likes better, so she cannot prefer the other one.",
                "Nie: Anna hat den Anteil gewählt, der ihr besser gefällt; den anderen kann sie "
                "nicht lieber haben.",
            ),
            (
                Choice("sometimes", _w("yes, sometimes", "ja, manchmal")),
                Choice("never", _w("no, never", "nein, nie")),
            ),
        ),
        Question(
            "uneven",
            _w(
                "The treasure is one gold coin (3 points) and one silver coin (1 point); each "
                "pile needs at least one token. Ben splits, Anna chooses. Who can end up jealous?",
                "Der Schatz ist eine Goldmünze (3 Punkte) und eine Silbermünze (1 Punkt); jeder "
                "Anteil braucht mindestens einen Schatzstein. Ben teilt, Anna wählt. Wer kann am "
                "Ende neidisch sein?",
            ),
            "choice",
            _uneven,
            _w("How many ways are there to make the piles?", "Wie viele Arten gibt es zu teilen?"),
            _w(
                "Ben, the splitter: the only split is gold | silver, Anna takes the gold, and "
                "Ben keeps 1 point against her 3. Tokens cannot be cut in half.",
                "Ben, der Teiler: die einzige Teilung ist Gold | Silber, Anna nimmt das Gold, "
                "und Ben behält 1 Punkt gegen ihre 3. Schatzsteine kann man nicht halbieren.",
            ),
            (
                Choice("chooser", _w("Anna, the chooser", "Anna, die Wählerin"), ("anna",)),
                Choice("splitter", _w("Ben, the splitter", "Ben, der Teiler"), ("ben",)),
                Choice("nobody", _w("nobody", "niemand")),
            ),
        ),
        Question(
            "three",
            _w(
                "Three players: Anna splits into three piles that are worth the same in her eyes; "
                "Ben chooses first, Cleo second, Anna takes the last pile. Can somebody end up "
                "jealous?",
                "Drei Spieler: Anna teilt in drei Anteile, die in ihren Augen gleich viel wert "
                "sind; Ben wählt als Erster, Cleo als Zweite, Anna nimmt den letzten Anteil. Kann "
                "jemand am Ende neidisch sein?",
            ),
            "choice",
            _three,
            _w(
                "What if Ben and Cleo like the same pile best?",
                "Was, wenn Ben und Cleo denselben Anteil am liebsten mögen?",
            ),
            _w(
                "Yes: if Ben and Cleo want the same pile, Ben takes it first, and Cleo is left "
                "jealous of Ben. Anna is fine: every pile is worth the same to her.",
                "Ja: wollen Ben und Cleo denselben Anteil, nimmt Ben ihn zuerst, und Cleo ist "
                "neidisch auf Ben. Anna geht es gut: jeder Anteil ist ihr gleich viel wert.",
            ),
            _YES_NO,
        ),
        Question(
            "hidden",
            _w(
                "A dragon hides 2 tokens. The bag holds 6 silver coins (1 point), 3 gold coins "
                "(3 points) and 1 red token (1 point). On average, do the 2 hidden tokens bring "
                "more than 3 points, or less?",
                "Ein Drache versteckt 2 Schatzsteine. Im Beutel sind 6 Silbermünzen (1 Punkt), "
                "3 Goldmünzen (3 Punkte) und 1 roter Schatzstein (1 Punkt). Bringen die 2 "
                "versteckten Schatzsteine im Durchschnitt mehr als 3 Punkte oder weniger?",
            ),
            "choice",
            _hidden_more,
            _w(
                "What is one token from this bag worth on average?",
                "Was ist ein Schatzstein aus diesem Beutel im Durchschnitt wert?",
            ),
            _w(
                "More: 3.2 points on average. One token is worth 16 points / 10 tokens = 1.6 on "
                "average, and two tokens twice that.",
                "Mehr: 3,2 Punkte im Durchschnitt. Ein Schatzstein ist im Durchschnitt 16 Punkte "
                "/ 10 Schatzsteine = 1,6 wert, und zwei doppelt so viel.",
            ),
            (
                Choice("more", _w("more than 3", "mehr als 3"), ("mehr",)),
                Choice("same", _w("exactly 3", "genau 3"), ("genau",)),
                Choice("less", _w("less than 3", "weniger als 3"), ("weniger",)),
            ),
        ),
        Question(
            "worth",
            _w(
                "Three players, basic rules: Player 1 holds 2 sapphires, Player 2 holds 3, "
                "Player 3 none. Is one more sapphire worth the same to each of them?",
                "Drei Spieler, Grundregeln: Spieler 1 hat 2 Saphire, Spieler 2 hat 3, Spieler 3 "
                "keinen. Ist ein weiterer Saphir für jeden von ihnen gleich viel wert?",
            ),
            "choice",
            _same_worth,
            _w(
                "A sapphire scores only through the majority bonus.",
                "Ein Saphir zählt nur über den Bonus für die Mehrheit.",
            ),
            _w(
                "No: to Player 1 it is worth 15 points (a share of the majority), to Players 2 "
                "and 3 nothing (Player 2 already has the majority; Player 3 would still be far "
                "behind). A gold coin is worth 3 points to everyone.",
                "Nein: für Spieler 1 ist er 15 Punkte wert (ein Anteil an der Mehrheit), für "
                "Spieler 2 und 3 nichts (Spieler 2 hat die Mehrheit schon; Spieler 3 läge immer "
                "noch weit hinten). Eine Goldmünze ist für jeden 3 Punkte wert.",
            ),
            (
                Choice("same", _w("yes, the same for everyone", "ja, für jeden gleich")),
                Choice("different", _w("no, it differs", "nein, verschieden")),
            ),
        ),
        Question(
            "tournament",
            _w(
                "Three bots play many games together: the fair bot (asks for equal shares), the "
                "greedy bot (asks for a share as big as its part of the attack) and the planner "
                "(picks dragons by their treasure on average). Which one collects the most points "
                "on average?",
                "Drei Bots spielen viele Spiele miteinander: der faire Bot (verlangt gleiche "
                "Anteile), der gierige Bot (verlangt einen Anteil so groß wie sein Teil am "
                "Angriff) und der Planer (wählt Drachen nach ihrem Schatz im Durchschnitt). Wer "
                "sammelt im Durchschnitt die meisten Punkte?",
            ),
            "choice",
            _most_points,
            _w(
                "Whose demands do the others accept?",
                "Wessen Forderungen nehmen die anderen an?",
            ),
            _w(
                "The greedy bot. It asks for more whenever it did more of the attack, and the "
                "fair bot and the planner accept any share about as big as theirs, so the greedy "
                "bot's demands go through.",
                "Der gierige Bot. Er verlangt mehr, wann immer er mehr vom Angriff beigetragen "
                "hat, und der faire Bot und der Planer nehmen jeden etwa gleich großen Anteil an; "
                "so setzt der gierige Bot seine Forderungen durch.",
            ),
            (
                Choice("fair", _w("the fair bot", "der faire Bot"), ("fair",)),
                Choice("greedy", _w("the greedy bot", "der gierige Bot"), ("greedy", "gierig")),
                Choice("planner", _w("the planner", "der Planer"), ("planer",)),
            ),
        ),
    ),
    exercises=(
        Question(
            "ex1",
            _w(
                "The treasure: 1 gold coin (3 points) and 4 silver coins (1 point each). Ben "
                "splits it into two piles; Anna takes the pile she likes better. How many points "
                "can Ben be sure to keep if he splits well?",
                "Der Schatz: 1 Goldmünze (3 Punkte) und 4 Silbermünzen (je 1 Punkt). Ben teilt "
                "ihn in zwei Anteile; Anna nimmt den Anteil, der ihr besser gefällt. Wie viele "
                "Punkte kann Ben sicher behalten, wenn er gut teilt?",
            ),
            "number",
            _ex1,
            _w(
                "Ben always gets the smaller pile. Make the smaller pile as big as you can.",
                "Ben bekommt immer den kleineren Anteil. Mach den kleineren Anteil so groß wie "
                "möglich.",
            ),
            _w(
                "3: the treasure is worth 7 points, so the piles cannot be equal; the best is 3 "
                "against 4 (gold | 4 silver, or gold and 1 silver | 3 silver).",
                "3: der Schatz ist 7 Punkte wert, die Anteile können also nicht gleich sein; am "
                "besten ist 3 gegen 4 (Gold | 4 Silber, oder Gold und 1 Silber | 3 Silber).",
            ),
        ),
        Question(
            "ex2",
            _w(
                "The bag holds 6 silver coins (1 point), 3 gold coins (3 points) and 1 red token "
                "(1 point); a dragon hides 2 tokens. How many points do the 2 hidden tokens bring "
                "on average?",
                "Im Beutel sind 6 Silbermünzen (1 Punkt), 3 Goldmünzen (3 Punkte) und 1 roter "
                "Schatzstein (1 Punkt); ein Drache versteckt 2 Schatzsteine. Wie viele Punkte "
                "bringen die 2 versteckten Schatzsteine im Durchschnitt?",
            ),
            "number",
            _ex2,
            _w(
                "First the average of one token: all the points in the bag divided by the "
                "number of tokens.",
                "Zuerst der Durchschnitt eines Schatzsteins: alle Punkte im Beutel geteilt durch "
                "die Zahl der Schatzsteine.",
            ),
            _w(
                "3.2: the bag holds 6 + 9 + 1 = 16 points in 10 tokens, 1.6 per token, and 2 "
                "tokens bring 3.2 on average.",
                "3,2: im Beutel sind 6 + 9 + 1 = 16 Punkte in 10 Schatzsteinen, 1,6 pro "
                "Schatzstein, und 2 Schatzsteine bringen im Durchschnitt 3,2.",
            ),
        ),
        Question(
            "ex3",
            _w(
                "Three players, basic rules: Player 1 holds 2 sapphires, Player 2 holds 3, Player "
                "3 none. How many points is one more sapphire worth to Player 1?",
                "Drei Spieler, Grundregeln: Spieler 1 hat 2 Saphire, Spieler 2 hat 3, Spieler 3 "
                "keinen. Wie viele Punkte ist ein weiterer Saphir für Spieler 1 wert?",
            ),
            "number",
            _ex3_worth,
            _w(
                "With 3 sapphires Player 1 ties Player 2. What do players who share a majority "
                "get in the basic rules?",
                "Mit 3 Saphiren hat Spieler 1 gleich viele wie Spieler 2. Was bekommen Spieler, "
                "die sich eine Mehrheit teilen, nach den Grundregeln?",
            ),
            _w(
                "15: with 3 sapphires Player 1 shares the majority with Player 2, and in the basic "
                "rules both get the full 15 points.",
                "15: mit 3 Saphiren teilt Spieler 1 die Mehrheit mit Spieler 2, und nach den "
                "Grundregeln bekommen beide die vollen 15 Punkte.",
            ),
        ),
        Question(
            "ex4",
            _w(
                "A treasure of 2 gold coins and 2 silver coins (8 points) is shared by three: "
                "Anna and Ben get a gold coin each, Cleo both silver coins. Does everyone get at "
                "least a third of the points?",
                "Ein Schatz aus 2 Goldmünzen und 2 Silbermünzen (8 Punkte) wird zu dritt geteilt: "
                "Anna und Ben bekommen je eine Goldmünze, Cleo beide Silbermünzen. Bekommt jeder "
                "mindestens ein Drittel der Punkte?",
            ),
            "choice",
            _proportional,
            _w("A third of 8 is about 2.67.", "Ein Drittel von 8 ist etwa 2,67."),
            _w(
                "No: Cleo gets 2 points, less than a third (2.67). No split of these four tokens "
                "gives everyone 3 points: with whole tokens a proportional split need not exist.",
                "Nein: Cleo bekommt 2 Punkte, weniger als ein Drittel (2,67). Keine Teilung "
                "dieser vier Schatzsteine gibt jedem 3 Punkte: mit ganzen Schatzsteinen muss es "
                "keine anteilsgerechte Teilung geben.",
            ),
            _YES_NO,
            extension=True,
        ),
    ),
    discussion=(
        (
            _w(
                "Would you rather split or choose? Why?",
                "Würdest du lieber teilen oder wählen? Warum?",
            ),
            _w(
                "Choose: the chooser is never jealous and gets more than half when the piles "
                "come out uneven; the splitter is sure only of the smaller pile it made. When an "
                "even split exists, both are equally well off.",
                "Wählen: der Wähler ist nie neidisch und bekommt mehr als die Hälfte, wenn die "
                "Anteile ungleich ausfallen; der Teiler hat nur den kleineren Anteil sicher, den "
                "er gemacht hat. Gibt es eine gleiche Teilung, geht es beiden gleich gut.",
            ),
        ),
        (
            _w(
                "The greedy bot asks for a share as big as its part of the attack, the fair bot "
                "for equal shares. Which is fairer?",
                "Der gierige Bot verlangt einen Anteil so groß wie sein Teil am Angriff, der "
                "faire Bot gleiche Anteile. Was ist gerechter?",
            ),
            _w(
                "Each is fair in its own sense: equal shares treat everyone alike, shares by "
                "strength reward what each one did. People first have to agree on what fair "
                "means; the game leaves that to the players.",
                "Beides ist auf seine Art gerecht: gleiche Anteile behandeln alle gleich, "
                "Anteile nach Stärke belohnen, was jeder beigetragen hat. Man muss sich erst "
                "einigen, was gerecht heißt; das Spiel überlässt das den Spielern.",
            ),
        ),
        (
            _w(
                "One more sapphire would be worth 15 points to Player 1 and nothing to Player 3. "
                "Suppose Player 3 held one sapphire: which trade at the market would make both of "
                "them better off?",
                "Ein weiterer Saphir wäre für Spieler 1 15 Punkte wert und für Spieler 3 nichts. "
                "Angenommen, Spieler 3 hätte einen Saphir: welcher Tausch auf dem Markt würde "
                "beide besser stellen?",
            ),
            _w(
                "Player 3 gives the sapphire for one of Player 1's silver coins: Player 1 ties "
                "Player 2 for the most sapphires and gains 15 - 1 = 14 points, Player 3 gains 1 "
                "point. Because a token is worth different amounts to different players, a trade "
                "can help both: that is what the market is for.",
                "Spieler 3 gibt den Saphir für eine Silbermünze von Spieler 1 her: Spieler 1 hat "
                "dann so viele Saphire wie Spieler 2 und gewinnt 15 - 1 = 14 Punkte, Spieler 3 "
                "gewinnt 1 Punkt. Weil ein Schatzstein für verschiedene Spieler verschieden viel "
                "wert ist, kann ein Tausch beiden helfen: dafür ist der Markt da.",
            ),
        ),
    ),
)
