"""What the three Dragon's Gold lessons ask and answer, in English and German: the rules lesson
(``05-dragons-gold-rules.ipynb``: a turn, a kill, the scoring), the deals lesson
(``05b-dragons-gold-deals.ipynb``: sharing a treasure, wizards, thieves, the market) and the
fair-shares lesson (``06-dragons-gold-fair-shares.ipynb``).

The same source serves the notebooks' widgets, the timing tables, the teacher editions and the
printable worksheets. Every exact answer is computed from the engine (the positions of
:mod:`kaskaria.lessons.dragons_gold`, set up from what matters; the fair division and expected
values of :mod:`kaskaria.dragons_gold.fairness`; the generic tournament) when first asked for.
Pure Python, no Jupyter.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .plan import Choice, CodeTask, LessonPlan, Part, Question, Working, _w

__all__ = ["DRAGONS_GOLD_DEALS", "DRAGONS_GOLD_RULES", "DRAGONS_GOLD_SHARES"]


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


#: which adventurers make a dragon fall -> the choice that says so
_FALLING = {
    (): "none",
    ("big-knight",): "big-knight",
    ("big-knight", "small-knight"): "knights",
    ("big-knight", "small-knight", "thief"): "knights-thief",
    ("big-knight", "small-knight", "thief", "wizard"): "all",
}


def _killers() -> str:
    """Which of Player 3's adventurers would make dragon 1 fall after the wizard and the thief."""
    dg = _dg()
    return _FALLING.get(dg.falling_with(dg.state_after((*dg.SETUP, *dg.ATTACK))), "other")


def _killers_nine() -> str:
    """The exit ticket: which of Player 3's adventurers kill the dragon of strength 9."""
    dg = _dg()
    return _FALLING.get(dg.falling_with(dg.strength_nine()), "other")


def _shared() -> str:
    parts = _dg().score_parts(_dg().SHARED_MAJORITY)
    got = [p["majorities"].get("blue", 0) for p in parts]
    if got[0] == got[1] == 15 and got[2] == 0:
        return "both-full"
    if got[0] == got[1] and 0 < got[0] < 15:
        return "both-half"
    return "nobody" if not any(got) else "one"


#: exercise 2 of the rules lesson: Player 1's screen at the end, and the others'
_EX2 = ({"silver": 4, "gold": 2, "red": 1, "blue": 2}, {"gold": 3, "green": 1}, {"silver": 5})


def _score_ex2() -> Fraction:
    return Fraction(_dg().final_score(_EX2, 0))


def _four_players() -> Fraction:
    dg = _dg()
    return Fraction(dg.final_score(dg.FOUR_SCREENS, 1))


_YES_NO = (
    Choice("yes", _w("yes", "ja"), ("ja",)),
    Choice("no", _w("no", "nein"), ("nein",)),
)


DRAGONS_GOLD_RULES = LessonPlan(
    id="dragons-gold-rules",
    notebook="05-dragons-gold-rules.ipynb",
    title=_w("Dragon's Gold: the rules", "Dragon's Gold: die Regeln"),
    age=_w("ages 9-13 (the extensions: 12 and up)", "9 bis 13 Jahre (die Erweiterungen: ab 12)"),
    goals=(
        _w(
            "Play a turn: send one adventurer to a dragon, and tell when the strengths add up to "
            "a kill.",
            "Einen Zug spielen: einen Abenteurer zu einem Drachen schicken und erkennen, wann die "
            "Stärken zusammen einen Drachen erlegen.",
        ),
        _w(
            "Say what happens after a kill: the hidden treasure, a player who killed alone, "
            "adventurers face down.",
            "Sagen, was nach einem Kampf geschieht: der versteckte Schatz, ein Spieler, der "
            "allein erlegt hat, verdeckte Abenteurer.",
        ),
        _w(
            "Count the points at the end, the majorities included.",
            "Am Ende die Punkte zählen, mit den Mehrheiten.",
        ),
    ),
    parts=(
        Part(
            _w(
                "Start: the game, the box and the set-up (section 1)",
                "Start: das Spiel, die Schachtel und der Aufbau (Abschnitt 1)",
            ),
            6,
        ),
        Part(
            _w(
                "A turn and an attack: the rulebook's example 1 + 2 + 3 (sections 2-3); exercise 1",
                "Ein Zug und ein Angriff: das Beispiel der Anleitung 1 + 2 + 3 (Abschnitte 2-3); "
                "Aufgabe 1",
            ),
            10,
        ),
        Part(
            _w(
                "A kill alone and its hidden treasure; after the kill, face down (sections 4-5)",
                "Allein erlegt, und der versteckte Schatz; nach dem Kampf verdeckt "
                "(Abschnitte 4-5)",
            ),
            5,
        ),
        Part(
            _w(
                "The end and the scoring, majorities (section 6); exercise 2",
                "Das Ende und die Wertung, Mehrheiten (Abschnitt 6); Aufgabe 2",
            ),
            8,
        ),
        Part(
            _w("What we found; the exit ticket", "Was wir herausgefunden haben; das Exit-Ticket"),
            6,
        ),
        Part(_w("Slack: logging in, questions", "Puffer: Anmelden, Fragen"), 5),
        Part(
            _w(
                "Extension A: what is in the box, and the assumed dragon cards",
                "Erweiterung A: was in der Schachtel ist, und die angenommenen Drachenkarten",
            ),
            5,
            core=False,
        ),
        Part(
            _w(
                "Extension B: a whole game of three bots, counted by the basic and the advanced "
                "rules",
                "Erweiterung B: ein ganzes Spiel dreier Bots, gezählt nach den Grundregeln und "
                "nach den Regeln für Fortgeschrittene",
            ),
            7,
            core=False,
        ),
        Part(
            _w(
                "Extension C: how to play with the buttons",
                "Erweiterung C: so spielst du mit den Knöpfen",
            ),
            3,
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
                "Both knights: 3 + 3 = 6 and 3 + 4 = 7 reach strength 6. With the thief the "
                "attack is only 3 + 2 = 5, with the wizard 3 + 1 = 4.",
                "Beide Ritter: 3 + 3 = 6 und 3 + 4 = 7 erreichen Stärke 6. Mit dem Dieb ist der "
                "Angriff nur 3 + 2 = 5, mit dem Zauberer 3 + 1 = 4.",
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
                "Three players, basic rules. At the end Player 1 holds 4 silver coins, 2 gold "
                "coins, 1 red token and 2 sapphires; nobody else holds a sapphire. How many "
                "points does Player 1 score?",
                "Drei Spieler, Grundregeln. Spieler 1 hat am Ende 4 Silbermünzen, 2 Goldmünzen, "
                "1 roten Schatzstein und 2 Saphire; niemand sonst hat einen Saphir. Wie viele "
                "Punkte bekommt Spieler 1?",
            ),
            "number",
            _score_ex2,
            _w(
                "Silver 1, gold 3, red 1; and the majority of blue is worth 15 with three players.",
                "Silber 1, Gold 3, Rot 1; und die Mehrheit bei Blau ist zu dritt 15 Punkte wert.",
            ),
            _w(
                "26: 4 × 1 + 2 × 3 + 1 + 15 for the most sapphires.",
                "26: 4 × 1 + 2 × 3 + 1 + 15 für die meisten Saphire.",
            ),
            working=Working(lines=2),
            sheet_note=_w(
                "Points (on the whole sheet): a silver coin 1, a gold coin 3, a red token 1, the "
                "black diamond 7; the most of a gem colour 15 with 3 players, 12 with 4 or 5.",
                "Punkte (auf dem ganzen Blatt): eine Silbermünze 1, eine Goldmünze 3, ein roter "
                "Schatzstein 1, der schwarze Diamant 7; die meisten einer Edelsteinfarbe 15 bei 3 "
                "Spielern, 12 bei 4 oder 5.",
            ),
        ),
    ),
    exit_tickets=(
        Question(
            "t1",
            _w(
                "A dragon of strength 9. Player 1's small knight (3) and Player 2's thief (2) "
                "fight it. Which of Player 3's adventurers would make it fall?",
                "Ein Drache mit Stärke 9. Der kleine Ritter (3) von Spieler 1 und der Dieb (2) von "
                "Spieler 2 kämpfen gegen ihn. Welche Abenteurer von Spieler 3 würden ihn fallen "
                "lassen?",
            ),
            "choice",
            _killers_nine,
            _w(
                "The two fighters add up to 5. What must the third one bring?",
                "Die zwei Kämpfer bringen zusammen 5. Wie viel muss der dritte bringen?",
            ),
            _w(
                "Only the big knight: 3 + 2 + 4 = 9 reaches strength 9. The small knight makes "
                "only 3 + 2 + 3 = 8.",
                "Nur der große Ritter: 3 + 2 + 4 = 9 erreicht Stärke 9. Der kleine Ritter bringt "
                "es nur auf 3 + 2 + 3 = 8.",
            ),
            (
                Choice(
                    "big-knight",
                    _w("only the big knight (4)", "nur der große Ritter (4)"),
                    ("big knight", "großer ritter"),
                ),
                Choice("knights", _w("both knights", "beide Ritter")),
                Choice("all", _w("any of the four", "jeder der vier")),
                Choice("none", _w("none of them", "keiner")),
            ),
        ),
        Question(
            "t2",
            _w(
                "Four players, basic rules (the majority bonus is 12 points). At the end Player 2 "
                "holds 3 silver coins, 1 gold coin, 2 red tokens, the black diamond and 2 "
                "amethysts. Player 4 holds 2 amethysts too, and nobody holds more. How many "
                "points does Player 2 score?",
                "Vier Spieler, Grundregeln (der Mehrheitsbonus ist 12 Punkte). Spieler 2 hat am "
                "Ende 3 Silbermünzen, 1 Goldmünze, 2 rote Schatzsteine, den schwarzen "
                "Diamanten und 2 Amethyste. Spieler 4 hat auch 2 Amethyste, und niemand hat mehr. "
                "Wie viele Punkte bekommt Spieler 2?",
            ),
            "number",
            _four_players,
            _w(
                "Silver 1, gold 3, red 1, the black diamond 7; players who share the most of a "
                "colour all get the bonus.",
                "Silber 1, Gold 3, Rot 1, der schwarze Diamant 7; wer sich die meisten einer "
                "Farbe teilt, bekommt den Bonus.",
            ),
            _w(
                "27: 3 × 1 + 3 + 2 × 1 + 7 = 15, and 12 for purple, shared with Player 4 "
                "(in the basic rules both get the full bonus).",
                "27: 3 × 1 + 3 + 2 × 1 + 7 = 15, und 12 für Lila, geteilt mit Spieler 4 (nach den "
                "Grundregeln bekommen beide den vollen Bonus).",
            ),
            working=Working(lines=2),
        ),
    ),
    discussion=(
        (
            _w(
                "Why would anyone send a weak adventurer to a dragon it cannot kill?",
                "Warum sollte jemand einen schwachen Abenteurer zu einem Drachen schicken, den er "
                "nicht erlegen kann?",
            ),
            _w(
                "To take part in the fight: whoever fought shares the treasure. A wizard or a "
                "thief adds little strength but brings red tokens or a theft (lesson 05b).",
                "Um beim Kampf dabei zu sein: wer mitgekämpft hat, teilt den Schatz. Ein "
                "Zauberer oder Dieb bringt wenig Stärke, aber rote Schatzsteine oder einen "
                "Diebstahl (Stunde 05b).",
            ),
        ),
        (
            _w(
                "Player 1's big knight fights a dragon of strength 7, and Player 1 could kill it "
                "alone with the small knight next turn. Why might Player 2 send an adventurer "
                "there first?",
                "Der große Ritter von Spieler 1 kämpft gegen einen Drachen mit Stärke 7, und "
                "Spieler 1 könnte ihn im nächsten Zug mit dem kleinen Ritter allein erlegen. "
                "Warum könnte Spieler 2 vorher einen Abenteurer dorthin schicken?",
            ),
            _w(
                "To be in the fight: then Player 1 does not kill it alone, and the treasure must "
                "be shared with Player 2.",
                "Um beim Kampf dabei zu sein: dann erlegt Spieler 1 ihn nicht allein, und der "
                "Schatz muss mit Spieler 2 geteilt werden.",
            ),
        ),
        (
            _w(
                "Two players hold 3 sapphires each. Is a fourth sapphire worth anything to one of "
                "them, in the basic rules?",
                "Zwei Spieler haben je 3 Saphire. Ist ein vierter Saphir für einen von ihnen "
                "etwas wert, nach den Grundregeln?",
            ),
            _w(
                "Not to that player's own score: 15 points either way. But the other player "
                "loses the 15 points, so it can still decide the game.",
                "Für die eigenen Punkte nicht: so oder so 15 Punkte. Aber der andere verliert die "
                "15 Punkte, also kann er das Spiel trotzdem entscheiden.",
            ),
        ),
    ),
    teacher_notes=(
        _w(
            "**How the timing was worked out.** The core path (the sections, *What we found* and "
            "the exit ticket) holds about 1,190 words a pupil reads: 10-12 minutes at 100-120 "
            "words a minute (ages 9-13, reading to themselves), spread over the parts. Per part: "
            "the start and section 1 (about 270 words and a first look at the table) 6 minutes; "
            "sections 2-3 (270 words, two predictions of 1-2 minutes each with one or two pupils "
            "saying why, pressing the small knight's button, exercise 1 of 2-3 minutes) 10; "
            "sections 4-5 (210 words and two tables) 5; section 6 (250 words, a prediction, "
            "exercise 2 of about 3 minutes: adding up a score) 8; the summary and the two "
            "exit-ticket questions 6; slack for logging in and questions 5. Classes new to "
            "Jupyter need all of that slack.",
            "**Wie der Zeitplan entstand.** Der Kernweg (die Abschnitte, *Was wir herausgefunden "
            "haben* und das Exit-Ticket) hat etwa 1.190 Wörter zum Lesen: 10-12 Minuten bei "
            "100-120 Wörtern pro Minute (9 bis 13 Jahre, leises Lesen), verteilt auf die Teile. "
            "Je Teil: der Start und Abschnitt 1 (etwa 270 Wörter und ein erster Blick auf den "
            "Tisch) 6 Minuten; Abschnitte 2-3 (270 Wörter, zwei Schätzfragen zu je 1-2 Minuten, "
            "bei denen ein oder zwei sagen, warum, der Knopf des kleinen Ritters, Aufgabe 1 mit "
            "2-3 Minuten) 10; Abschnitte 4-5 (210 Wörter und zwei Tische) 5; Abschnitt 6 (250 "
            "Wörter, eine Schätzfrage, Aufgabe 2 mit etwa 3 Minuten: Punkte zusammenzählen) 8; "
            "die Zusammenfassung und die zwei Fragen des Exit-Tickets 6; Puffer zum Anmelden und "
            "für Fragen 5. Klassen, die Jupyter noch nicht kennen, brauchen den ganzen Puffer.",
        ),
        _w(
            "**Two periods.** This lesson is the first of two: the sharing of a treasure "
            "(deals, 'no deal', wizards, thieves, the market) is lesson 05b, "
            "`05b-dragons-gold-deals.ipynb`. A class that plays whole games needs both.",
            "**Zwei Stunden.** Diese Stunde ist die erste von zweien: das Teilen eines Schatzes "
            "(Abmachungen, „keine Einigung“, Zauberer, Diebe, der Markt) ist Stunde 05b, "
            "`05b-dragons-gold-deals.ipynb`. Eine Klasse, die ganze Partien spielt, braucht "
            "beide.",
        ),
        _w(
            "**Assumed numbers.** The German rulebook gives the 126 tokens, the adventurers' "
            "powers and the whole scoring. The values on the 18 dragon cards and the mix of the "
            "24 magic items are not published: Kaskaria's are assumed (the adventurers' "
            "strengths 4, 3, 2 and 1 come from reviews of the first edition and fit the "
            "rulebook's example 1 + 2 + 3 >= 6). If your box differs, load the game with your "
            "numbers and every table follows (extension A).",
            "**Angenommene Zahlen.** Die deutsche Anleitung nennt die 126 Schatzsteine, die "
            "Fähigkeiten der Abenteurer und die ganze Wertung. Die Werte auf den 18 "
            "Drachenkarten und die Mischung der 24 magischen Gegenstände sind nicht "
            "veröffentlicht: die von Kaskaria sind angenommen (die Stärken 4, 3, 2 und 1 der "
            "Abenteurer stammen aus Berichten über die erste Ausgabe und passen zum Beispiel "
            "der Anleitung 1 + 2 + 3 >= 6). Weicht Ihre Schachtel ab, laden Sie das Spiel mit "
            "Ihren Zahlen, und jeder Tisch folgt (Erweiterung A).",
        ),
    ),
)


# ---------------------------------------------------------------------------------------------
# exact answers of the deals lesson
# ---------------------------------------------------------------------------------------------
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
    after = dg.state_after((*dg.EXAMPLE, *dg.WIZARD_ITEMS))
    red = before.observation("table")["dragons"][0]["treasure"].get("red", 0)
    red += dg.HIDDEN.count("token red")
    pot = after.observation("table")["split"]["pot"]
    if after.screens[0][2] == red and "red" not in pot:
        return "wizard"
    return "shared" if "red" in pot else "bag"


def _steal() -> str:
    return "may" if _dg().thief_may_decline() else "must"


def _hand_out() -> Fraction:
    return Fraction(_dg().to_hand_out())


def _two_wizards() -> str:
    return str(_dg().red_tokens_go())


def _theft_gold() -> Fraction:
    return Fraction(_dg().theft_chance("gold"))


DRAGONS_GOLD_DEALS = LessonPlan(
    id="dragons-gold-deals",
    notebook="05b-dragons-gold-deals.ipynb",
    title=_w(
        "Dragon's Gold: deals, wizards and thieves",
        "Dragon's Gold: Abmachungen, Zauberer und Diebe",
    ),
    age=_w("ages 9-13 (the extensions: 12 and up)", "9 bis 13 Jahre (die Erweiterungen: ab 12)"),
    goals=(
        _w(
            "Share a treasure by a deal that follows the three rules, and say what 'no deal' "
            "costs everyone.",
            "Einen Schatz mit einer Abmachung teilen, die den drei Regeln folgt, und sagen, was "
            "„keine Einigung“ alle kostet.",
        ),
        _w(
            "Say what a wizard and a thief do after a kill.",
            "Sagen, was ein Zauberer und ein Dieb nach einem Kampf tun.",
        ),
        _w(
            "Play a kill and a split with classmates at one screen, and trade at the market.",
            "Mit anderen an einem Bildschirm einen Kampf und eine Teilung spielen und auf dem "
            "Markt tauschen.",
        ),
    ),
    parts=(
        Part(
            _w(
                "Start: what lesson 05 taught; a deal and its three rules (section 1)",
                "Start: was Stunde 05 gezeigt hat; eine Abmachung und ihre drei Regeln "
                "(Abschnitt 1)",
            ),
            7,
        ),
        Part(_w("No deal (section 2)", "Keine Einigung (Abschnitt 2)"), 4),
        Part(
            _w(
                "Wizards and thieves (sections 3-4); exercise 1",
                "Zauberer und Diebe (Abschnitte 3-4); Aufgabe 1",
            ),
            10,
        ),
        Part(
            _w(
                "A kill and a split at one screen, in groups of three (section 5)",
                "Ein Kampf und eine Teilung an einem Bildschirm, in Dreiergruppen (Abschnitt 5)",
            ),
            6,
        ),
        Part(_w("The market (section 6)", "Der Markt (Abschnitt 6)"), 3),
        Part(
            _w("What we found; the exit ticket", "Was wir herausgefunden haben; das Exit-Ticket"),
            5,
        ),
        Part(_w("Slack: logging in, questions", "Puffer: Anmelden, Fragen"), 5),
        Part(
            _w(
                "Extension A: a thief helped by its own wizard; magic items (assumed)",
                "Erweiterung A: ein Dieb mit Hilfe des eigenen Zauberers; magische Gegenstände "
                "(angenommen)",
            ),
            7,
            core=False,
        ),
        Part(
            _w(
                "Extension B: divide and choose, the strategic variant",
                "Erweiterung B: Teilen und Wählen, die strategische Variante",
            ),
            4,
            core=False,
        ),
        Part(
            _w(
                "Extension C: where the engine had to choose",
                "Erweiterung C: wo die Spielregel-Maschine wählen musste",
            ),
            4,
            core=False,
        ),
        Part(
            _w(
                "Extension D: the buttons, and a whole game against two bots",
                "Erweiterung D: die Knöpfe, und ein ganzes Spiel gegen zwei Bots",
            ),
            20,
            core=False,
        ),
    ),
    predictions=(
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
            giveaways=(
                _w("leaves the game", "kommt aus dem Spiel"),
                _w("out of the game", "aus dem Spiel:"),
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
            giveaways=(
                _w("wizard takes", "der Zauberer von"),
                _w("draws a magic item", "zieht einen"),
            ),
        ),
        Question(
            "steal",
            _w(
                "After the sharing, Player 2's thief may rob another player of the fight. Must it "
                "steal a token?",
                "Nach dem Teilen darf der Dieb von Spieler 2 einen anderen Spieler des Kampfes "
                "bestehlen. Muss er einen Schatzstein stehlen?",
            ),
            "choice",
            _steal,
            _w("May or must?", "Darf oder muss?"),
            _w(
                "No: the rulebook allows a theft, it does not demand one. The button Steal "
                "nothing lets the thief take nothing.",
                "Nein: die Anleitung erlaubt den Diebstahl, sie verlangt ihn nicht. Mit dem Knopf "
                "Nichts stehlen nimmt der Dieb nichts.",
            ),
            (
                Choice("must", _w("yes, it must steal", "ja, er muss stehlen")),
                Choice(
                    "may",
                    _w("no, it may also steal nothing", "nein, er darf auch nichts stehlen"),
                ),
            ),
            giveaways=(
                _w("Steal nothing", "Nichts stehlen"),
                _w("steals nothing", "stiehlt nichts"),
            ),
        ),
    ),
    exercises=(
        Question(
            "ex1",
            _w(
                "Players 1 and 3 kill a dragon together. Its whole treasure, known and hidden, is "
                "4 silver coins, 2 gold coins, 2 red tokens, 1 emerald and 1 amethyst. Player 3's "
                "wizard was the only wizard in the fight. How many tokens must the proposal hand "
                "out?",
                "Spieler 1 und Spieler 3 erlegen zusammen einen Drachen. Sein ganzer Schatz, "
                "bekannt und versteckt, sind 4 Silbermünzen, 2 Goldmünzen, 2 rote Schatzsteine, "
                "1 Smaragd und 1 Amethyst. Der Zauberer von Spieler 3 war der einzige Zauberer im "
                "Kampf. Wie viele Schatzsteine muss der Vorschlag verteilen?",
            ),
            "number",
            _hand_out,
            _w(
                "Every token is handed out, except what someone takes before the sharing.",
                "Jeder Schatzstein wird verteilt, außer dem, was jemand schon vor dem Teilen "
                "nimmt.",
            ),
            _w(
                "8: Player 3's wizard takes the 2 red tokens first; the other 8 tokens must all "
                "be handed out.",
                "8: der Zauberer von Spieler 3 nimmt zuerst die 2 roten Schatzsteine; die anderen "
                "8 Schatzsteine müssen alle verteilt werden.",
            ),
        ),
    ),
    exit_tickets=(
        Question(
            "t1",
            _w(
                "Players 1 and 2 kill a dragon, and both of their wizards fought it. Its treasure "
                "holds 2 red tokens. What happens to them?",
                "Spieler 1 und Spieler 2 erlegen einen Drachen, und ihre beiden Zauberer haben "
                "gegen ihn gekämpft. In seinem Schatz liegen 2 rote Schatzsteine. Was passiert "
                "mit ihnen?",
            ),
            "choice",
            _two_wizards,
            _w(
                "When does a wizard take the red tokens?",
                "Wann nimmt ein Zauberer die roten Schatzsteine?",
            ),
            _w(
                "They are shared with the rest: a wizard takes the red tokens only when it is the "
                "only wizard in the fight.",
                "Sie werden mit dem Rest geteilt: ein Zauberer nimmt die roten Schatzsteine nur, "
                "wenn er der einzige Zauberer im Kampf ist.",
            ),
            (
                Choice(
                    "wizard",
                    _w(
                        "Player 1 takes them (its wizard came first)",
                        "Spieler 1 nimmt sie (sein Zauberer kam zuerst)",
                    ),
                ),
                Choice(
                    "shared",
                    _w("they are shared with the rest", "sie werden mit dem Rest geteilt"),
                ),
                Choice("out", _w("they leave the game", "sie kommen aus dem Spiel")),
            ),
        ),
        Question(
            "t2",
            _w(
                "After a sharing, Player 3 holds 3 silver coins and 1 gold coin. Player 1's thief "
                "robs Player 3 (no wizard of Player 1 fought). What is the chance that the thief "
                "takes the gold coin?",
                "Nach einem Teilen hat Spieler 3 hinter dem Sichtschirm 3 Silbermünzen und 1 "
                "Goldmünze. Der Dieb von Spieler 1 bestiehlt Spieler 3 (kein Zauberer von "
                "Spieler 1 hat gekämpft). Wie groß ist die Chance, dass der Dieb die Goldmünze "
                "nimmt?",
            ),
            "number",
            _theft_gold,
            _w(
                "The token is drawn at random: each token behind the screen is equally likely.",
                "Der Schatzstein wird zufällig gezogen: jeder Schatzstein hinter dem Sichtschirm "
                "ist gleich wahrscheinlich.",
            ),
            _w(
                "1/4 = 25%: 1 of the 4 tokens is the gold coin, and each is drawn equally often.",
                "1/4 = 25 %: 1 der 4 Schatzsteine ist die Goldmünze, und jeder wird gleich oft "
                "gezogen.",
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
                "In the basic rules, can a theft ever cost the thief's player points? And in the "
                "advanced rules?",
                "Kann ein Diebstahl nach den Grundregeln den Spieler des Diebes je Punkte "
                "kosten? Und nach den Regeln für Fortgeschrittene?",
            ),
            _w(
                "Not in the basic rules: every token adds to its owner's score or leaves it as it "
                "is. In the advanced rules the token could be the cursed black diamond, which "
                "costs its owner every majority and every gem set: then stealing nothing is wise.",
                "Nach den Grundregeln nicht: jeder Schatzstein erhöht die Punkte seines "
                "Besitzers oder lässt sie gleich. Nach den Regeln für Fortgeschrittene könnte es "
                "der verfluchte schwarze Diamant sein, der seinen Besitzer alle Mehrheiten und "
                "Edelstein-Sets kostet: dann ist nichts stehlen klug.",
            ),
        ),
    ),
    teacher_notes=(
        _w(
            "**How the timing was worked out.** The core path (the sections, *What we found* and "
            "the exit ticket) holds about 1,190 words a pupil reads: 10-12 minutes at 100-120 "
            "words a minute (ages 9-13), spread over the parts. Per part: the start and section 1 "
            "(about 300 words, and handing out a treasure on the table: 3 minutes) 7 minutes; "
            "section 2 (100 words, a prediction) 4; sections 3-4 (440 words, two predictions, "
            "exercise 1) 10; section 5 (a kill and a split at one screen in groups of three: "
            "about 5 minutes of clicking and talking) 6; section 6 (a trade at the market) 3; the "
            "summary and the two exit-ticket questions 5; slack 5. The hourglass of a sharing "
            "runs 60 seconds: switch it off for slow readers.",
            "**Wie der Zeitplan entstand.** Der Kernweg (die Abschnitte, *Was wir herausgefunden "
            "haben* und das Exit-Ticket) hat etwa 1.190 Wörter zum Lesen: 10-12 Minuten bei "
            "100-120 Wörtern pro Minute (9 bis 13 Jahre), verteilt auf die Teile. Je Teil: der "
            "Start und Abschnitt 1 (etwa 300 Wörter, dazu einen Schatz am Tisch verteilen: 3 "
            "Minuten) 7 Minuten; Abschnitt 2 (100 Wörter, eine Schätzfrage) 4; Abschnitte 3-4 "
            "(440 Wörter, zwei Schätzfragen, Aufgabe 1) 10; Abschnitt 5 (ein Kampf und eine "
            "Teilung an einem Bildschirm in Dreiergruppen: etwa 5 Minuten Klicken und Reden) 6; "
            "Abschnitt 6 (ein Tausch auf dem Markt) 3; die Zusammenfassung und die zwei Fragen "
            "des Exit-Tickets 5; Puffer 5. Die Sanduhr beim Teilen läuft 60 Sekunden: schalten "
            "Sie sie für langsame Leser aus.",
        ),
        _w(
            "**Before this lesson** the class has done lesson 05 (a turn, a kill, the scoring): "
            "section 1 recalls it in three sentences.",
            "**Vor dieser Stunde** hat die Klasse Stunde 05 gemacht (ein Zug, ein Kampf, die "
            "Wertung): Abschnitt 1 erinnert in drei Sätzen daran.",
        ),
        _w(
            "**Playing in class.** Groups of three at one computer use the table of section 5 "
            "(pass the device) or the app with three people seated. Negotiations get loud: the "
            "hourglass keeps them short, and 'no deal' (the treasure leaves the game) teaches "
            "more than any explanation.",
            "**Spielen in der Klasse.** Dreiergruppen an einem Computer nehmen den Tisch aus "
            "Abschnitt 5 (Gerät weitergeben) oder die App mit drei Leuten. Verhandlungen werden "
            "laut: die Sanduhr hält sie kurz, und „keine Einigung“ (der Schatz kommt aus dem "
            "Spiel) lehrt mehr als jede Erklärung.",
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


def _keeps(**counts: int) -> Fraction:
    keeps, _ = _dg().split_for_two(_dg()._treasure(**counts))
    return Fraction(keeps)


def _ex1() -> Fraction:
    return _keeps(gold=1, silver=6)


def _hidden_more() -> str:
    value = _dg().hidden_expected()
    return "more" if value > 3 else "less" if value < 3 else "same"


def _bag_points() -> Fraction:
    return Fraction(_dg().bag_points())


def _ex2() -> Fraction:
    dg = _dg()
    return dg.hidden_expected(dg.EX2_BAG, dg.EX2_HIDDEN)


def _t1() -> Fraction:
    dg = _dg()
    return dg.hidden_expected(dg.EXIT_BAG, dg.EXIT_HIDDEN)


def _same_worth() -> str:
    worth = [_dg().worth_of("blue", p) for p in range(3)]
    return "same" if len(set(worth)) == 1 else "different"


def _ex3() -> Fraction:
    dg = _dg()
    return dg.pile_worth(dg.EMERALD_PILE, 0, dg.EMERALDS)


def _t2() -> str:
    dg = _dg()
    worth = [dg.worth_of("green", p, holdings=dg.EMERALDS_BEHIND) for p in range(3)]
    if len(set(worth)) == 1:
        return "same"
    best = max(worth)
    return f"p{worth.index(best) + 1}" if worth.count(best) == 1 else "tie"


def _proportional() -> str:
    return "yes" if _dg().proportional_case()["proportional"] else "no"


def _most_wins() -> str:
    return str(_dg().most_wins())


DRAGONS_GOLD_SHARES = LessonPlan(
    id="dragons-gold-shares",
    notebook="06-dragons-gold-fair-shares.ipynb",
    title=_w("Dragon's Gold: fair shares", "Dragon's Gold: gerecht teilen"),
    age=_w("ages 10-14 (the extensions: 13 and up)", "10 bis 14 Jahre (die Erweiterungen: ab 13)"),
    goals=(
        _w(
            "Share a treasure by divide and choose, and say who can end up jealous.",
            "Einen Schatz mit Teilen und Wählen aufteilen und sagen, wer neidisch sein kann.",
        ),
        _w(
            "Work out what a hidden treasure brings on average (the expected value).",
            "Ausrechnen, was ein versteckter Schatz im Durchschnitt bringt (der Erwartungswert).",
        ),
        _w(
            "Explain why one token can be worth more to one player than to another.",
            "Erklären, warum ein Schatzstein für einen Spieler mehr wert sein kann als für einen "
            "anderen.",
        ),
    ),
    parts=(
        Part(
            _w(
                "Start: the game in a few sentences; what is fair?",
                "Start: das Spiel in ein paar Sätzen; was ist gerecht?",
            ),
            4,
        ),
        Part(
            _w(
                "1. Divide and choose for two; exercise 1",
                "1. Teilen und Wählen zu zweit; Aufgabe 1",
            ),
            6,
        ),
        Part(
            _w("2. When no even split exists", "2. Wenn es keine gleiche Teilung gibt"),
            3,
        ),
        Part(
            _w(
                "3. The hidden treasure on average; your turn; exercise 2",
                "3. Der versteckte Schatz im Durchschnitt; du bist dran; Aufgabe 2",
            ),
            11,
        ),
        Part(
            _w(
                "4. One token, different worth: majorities; exercise 3",
                "4. Ein Schatzstein, verschiedener Wert: Mehrheiten; Aufgabe 3",
            ),
            6,
        ),
        Part(
            _w("What we found; the exit ticket", "Was wir herausgefunden haben; das Exit-Ticket"),
            5,
        ),
        Part(_w("Slack: logging in, questions", "Puffer: Anmelden, Fragen"), 5),
        Part(
            _w(
                "Extension A: three players, where divide and choose breaks",
                "Erweiterung A: drei Spieler, wo Teilen und Wählen versagt",
            ),
            6,
            core=False,
        ),
        Part(
            _w(
                "Extension B: a tournament of bots that share, and how sure it is",
                "Erweiterung B: ein Turnier teilender Bots, und wie sicher es ist",
            ),
            8,
            core=False,
        ),
        Part(
            _w(
                "Extension C: every small case for two, counted",
                "Erweiterung C: jeder kleine Fall zu zweit, gezählt",
            ),
            4,
            core=False,
        ),
        Part(
            _w(
                "Extension D: the exact worth of a dragon, majorities included",
                "Erweiterung D: der genaue Wert eines Drachen, mit Mehrheiten",
            ),
            5,
            core=False,
        ),
        Part(
            _w(
                "Extension E: fair in whose eyes? Proportional and envy-free; exercise 4",
                "Erweiterung E: gerecht für wen? Anteilsgerecht und neidfrei; Aufgabe 4",
            ),
            6,
            core=False,
        ),
    ),
    predictions=(
        Question(
            "chooser",
            _w(
                "Ben splits, Anna takes the pile she likes better, Ben gets the other. Can Anna "
                "end up jealous of Ben's pile?",
                "Ben teilt, Anna nimmt den Anteil, der ihr besser gefällt, Ben bekommt den "
                "anderen. Kann Anna am Ende neidisch auf Bens Anteil sein?",
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
                "The treasure: one gold coin and one silver coin. Ben splits, Anna chooses. Who "
                "can end up jealous?",
                "Der Schatz: eine Goldmünze und eine Silbermünze. Ben teilt, Anna wählt. Wer kann "
                "am Ende neidisch sein?",
            ),
            "choice",
            _uneven,
            _w("How many ways are there to make the piles?", "Wie viele Arten gibt es zu teilen?"),
            _w(
                "Ben, the splitter: the only split is gold | silver, and Anna takes the gold.",
                "Ben, der Teiler: die einzige Teilung ist Gold | Silber, und Anna nimmt das Gold.",
            ),
            (
                Choice("chooser", _w("Anna, the chooser", "Anna, die Wählerin"), ("anna",)),
                Choice("splitter", _w("Ben, the splitter", "Ben, der Teiler"), ("ben",)),
                Choice("nobody", _w("nobody", "niemand")),
            ),
            sheet_note=_w(
                "Points (on the whole sheet): a silver coin 1, a red token 1, a gold coin 3. "
                "Each pile needs at least one token.",
                "Punkte (auf dem ganzen Blatt): eine Silbermünze 1, ein roter Schatzstein 1, eine "
                "Goldmünze 3. Jeder Anteil braucht mindestens einen Schatzstein.",
            ),
        ),
        Question(
            "hidden",
            _w(
                "A dragon hides 2 tokens; the bag holds 6 silver coins, 3 gold coins and 1 red "
                "token. On average, do the 2 hidden tokens bring more than 3 points, or less?",
                "Ein Drache versteckt 2 Schatzsteine; im Beutel sind 6 Silbermünzen, 3 Goldmünzen "
                "und 1 roter Schatzstein. Bringen die 2 versteckten Schatzsteine im Durchschnitt "
                "mehr als 3 Punkte oder weniger?",
            ),
            "choice",
            _hidden_more,
            _w(
                "What is one token from this bag worth on average?",
                "Was ist ein Schatzstein aus diesem Beutel im Durchschnitt wert?",
            ),
            _w(
                "More: 3.2 points on average. The bag holds 16 points in 10 tokens, so one token "
                "is worth 1.6 on average, and two tokens twice that.",
                "Mehr: 3,2 Punkte im Durchschnitt. Im Beutel sind 16 Punkte in 10 Schatzsteinen, "
                "ein Schatzstein ist also im Durchschnitt 1,6 wert, und zwei doppelt so viel.",
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
                "and 3 nothing. A gold coin is worth 3 points to everyone.",
                "Nein: für Spieler 1 ist er 15 Punkte wert (ein Anteil an der Mehrheit), für "
                "Spieler 2 und 3 nichts. Eine Goldmünze ist für jeden 3 Punkte wert.",
            ),
            (
                Choice("same", _w("yes, the same for everyone", "ja, für jeden gleich")),
                Choice("different", _w("no, it differs", "nein, verschieden")),
            ),
            sheet_note=_w(
                "Basic rules, three players: the most of a gem colour scores 15 points; all who "
                "tie get them.",
                "Grundregeln, drei Spieler: die meisten einer Edelsteinfarbe bringen 15 Punkte; "
                "bei Gleichstand bekommen sie alle.",
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
            worksheet=False,  # an extension: the sheet holds the core path
            extension=True,
            giveaways=(_w("is jealous of", "ist neidisch auf"),),
        ),
        Question(
            "tournament",
            _w(
                "Three bots play many games together: the fair bot (asks for equal shares), the "
                "greedy bot (asks for a share as big as its part of the attack) and the planner "
                "(picks dragons by their treasure on average). Which one wins the most games?",
                "Drei Bots spielen viele Spiele miteinander: der faire Bot (verlangt gleiche "
                "Anteile), der gierige Bot (verlangt einen Anteil so groß wie sein Teil am "
                "Angriff) und der Planer (wählt Drachen nach ihrem Schatz im Durchschnitt). Wer "
                "gewinnt die meisten Spiele?",
            ),
            "choice",
            _most_wins,
            _w(
                "Whose demands do the others accept?",
                "Wessen Forderungen nehmen die anderen an?",
            ),
            _w(
                "The greedy bot. It asks for a share as big as its part of the attack, and the "
                "other two accept a share a little smaller than an equal one, so its proposals "
                "nearly always go through.",
                "Der gierige Bot. Er verlangt einen Anteil so groß wie sein Teil am Angriff, und "
                "die anderen beiden nehmen einen Anteil an, der etwas kleiner als ein gleicher "
                "ist; so gehen seine Vorschläge fast immer durch.",
            ),
            (
                Choice("fair", _w("the fair bot", "der faire Bot"), ("fair",)),
                Choice("greedy", _w("the greedy bot", "der gierige Bot"), ("greedy", "gierig")),
                Choice("planner", _w("the planner", "der Planer"), ("planer",)),
            ),
            worksheet=False,  # an extension: the sheet holds the core path
            extension=True,
        ),
    ),
    exercises=(
        Question(
            "ex1",
            _w(
                "The treasure: 1 gold coin (3 points) and 6 silver coins (1 point each). Ben "
                "splits, Anna chooses. How many points can Ben be sure to keep if he splits well?",
                "Der Schatz: 1 Goldmünze (3 Punkte) und 6 Silbermünzen (je 1 Punkt). Ben teilt, "
                "Anna wählt. Wie viele Punkte kann Ben sicher behalten, wenn er gut teilt?",
            ),
            "number",
            _ex1,
            _w(
                "Ben always gets the smaller pile. Make the smaller pile as big as you can.",
                "Ben bekommt immer den kleineren Anteil. Mach den kleineren Anteil so groß wie "
                "möglich.",
            ),
            _w(
                "4: the treasure is worth 9 points, so the piles cannot be equal; the best is 4 "
                "against 5 (gold and 1 silver | 5 silver, or gold and 2 silver | 4 silver).",
                "4: der Schatz ist 9 Punkte wert, die Anteile können also nicht gleich sein; am "
                "besten ist 4 gegen 5 (Gold und 1 Silber | 5 Silber, oder Gold und 2 Silber | "
                "4 Silber).",
            ),
        ),
        Question(
            "ex2",
            _w(
                "Another bag: 4 silver coins, 4 gold coins and 2 red tokens; a dragon hides 3 "
                "tokens. How many points do the 3 hidden tokens bring on average?",
                "Ein anderer Beutel: 4 Silbermünzen, 4 Goldmünzen und 2 rote Schatzsteine; ein "
                "Drache versteckt 3 Schatzsteine. Wie viele Punkte bringen die 3 versteckten "
                "Schatzsteine im Durchschnitt?",
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
                "5.4: the bag holds 4 + 12 + 2 = 18 points in 10 tokens, 1.8 per token, and 3 "
                "tokens bring 3 × 1.8 = 5.4 on average.",
                "5,4: im Beutel sind 4 + 12 + 2 = 18 Punkte in 10 Schatzsteinen, 1,8 pro "
                "Schatzstein, und 3 Schatzsteine bringen im Durchschnitt 3 × 1,8 = 5,4.",
            ),
            working=Working(lines=2),
        ),
        Question(
            "ex3",
            _w(
                "Three players: Player 1 holds 1 emerald, Player 2 holds 2, Player 3 none. How "
                "many points is a pile of 1 emerald and 2 silver coins worth to Player 1?",
                "Drei Spieler: Spieler 1 hat 1 Smaragd, Spieler 2 hat 2, Spieler 3 keinen. Wie "
                "viele Punkte ist ein Anteil aus 1 Smaragd und 2 Silbermünzen für Spieler 1 "
                "wert?",
            ),
            "number",
            _ex3,
            _w(
                "With 2 emeralds Player 1 ties Player 2. What do players who share a majority get "
                "in the basic rules? Then add the coins.",
                "Mit 2 Smaragden hat Spieler 1 gleich viele wie Spieler 2. Was bekommen Spieler, "
                "die sich eine Mehrheit teilen, nach den Grundregeln? Dann kommen die Münzen dazu.",
            ),
            _w(
                "17: with 2 emeralds Player 1 shares the majority with Player 2 and gets the full "
                "15 points; the 2 silver coins add 2.",
                "17: mit 2 Smaragden teilt Spieler 1 die Mehrheit mit Spieler 2 und bekommt die "
                "vollen 15 Punkte; die 2 Silbermünzen bringen 2 dazu.",
            ),
            working=Working(lines=1),
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
            giveaways=(Fraction(8, 3),),
        ),
    ),
    exit_tickets=(
        Question(
            "t1",
            _w(
                "A bag of 8 silver coins and 2 gold coins; a dragon hides 5 tokens. How many "
                "points do they bring on average?",
                "Ein Beutel mit 8 Silbermünzen und 2 Goldmünzen; ein Drache versteckt 5 "
                "Schatzsteine. Wie viele Punkte bringen sie im Durchschnitt?",
            ),
            "number",
            _t1,
            _w(
                "All the points in the bag, divided by the number of tokens, is one token's "
                "average.",
                "Alle Punkte im Beutel geteilt durch die Zahl der Schatzsteine ist der "
                "Durchschnitt eines Schatzsteins.",
            ),
            _w(
                "7: the bag holds 8 + 6 = 14 points in 10 tokens, 1.4 per token, and 5 × 1.4 = 7.",
                "7: im Beutel sind 8 + 6 = 14 Punkte in 10 Schatzsteinen, 1,4 pro Schatzstein, "
                "und 5 × 1,4 = 7.",
            ),
            working=Working(lines=1),
        ),
        Question(
            "t2",
            _w(
                "Three players: Player 1 holds 1 emerald, Players 2 and 3 hold 2 each. To whom is "
                "one more emerald worth the most points?",
                "Drei Spieler: Spieler 1 hat 1 Smaragd, Spieler 2 und 3 haben je 2. Für wen ist ein "
                "weiterer Smaragd die meisten Punkte wert?",
            ),
            "choice",
            _t2,
            _w(
                "Who gets a share of the majority only with one more?",
                "Wer bekommt erst mit einem weiteren einen Anteil an der Mehrheit?",
            ),
            _w(
                "Player 1: with 2 emeralds Player 1 joins the majority and gains 15 points. "
                "Players 2 and 3 already share it: one more changes nothing for their own score.",
                "Spieler 1: mit 2 Smaragden ist Spieler 1 bei der Mehrheit dabei und gewinnt 15 "
                "Punkte. Spieler 2 und 3 teilen sie schon: einer mehr ändert an ihren eigenen "
                "Punkten nichts.",
            ),
            (
                Choice("p1", _w("Player 1", "Spieler 1")),
                Choice("p2", _w("Player 2", "Spieler 2")),
                Choice("same", _w("the same to all three", "für alle drei gleich viel")),
            ),
        ),
    ),
    code_tasks=(
        Question(
            "bag-points",
            _w(
                "The bag of 6 silver coins, 3 gold coins and 1 red token: how many points are all "
                "its tokens worth together?",
                "Der Beutel mit 6 Silbermünzen, 3 Goldmünzen und 1 rotem Schatzstein: wie viele "
                "Punkte sind alle seine Schatzsteine zusammen wert?",
            ),
            "code",
            _bag_points,
            _w(
                "Multiply each kind of token by its points, then add: 6 × 1 + ...",
                "Nimm jede Sorte Schatzstein mal ihre Punkte und zähle zusammen: 6 × 1 + ...",
            ),
            _w(
                "16 points: 6 × 1 + 3 × 3 + 1 × 1. In 10 tokens that is 1.6 points per token.",
                "16 Punkte: 6 × 1 + 3 × 3 + 1 × 1. In 10 Schatzsteinen sind das 1,6 Punkte pro "
                "Schatzstein.",
            ),
            code=CodeTask(
                "points",
                _w(
                    "# each kind of token times its points, added up\n"
                    "points = 6 * 1 + 3 * 3 + 1 * 1",
                    "# jede Sorte Schatzstein mal ihre Punkte, zusammengezählt\n"
                    "points = 6 * 1 + 3 * 3 + 1 * 1",
                ),
            ),
            working=Working(lines=2),
            sheet_note=_w(
                "Points: a silver coin 1, a gold coin 3, a red token 1.",
                "Punkte: eine Silbermünze 1, eine Goldmünze 3, ein roter Schatzstein 1.",
            ),
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
                "An expected value is often a number that no single fight can bring. What does "
                "it tell you, then?",
                "Ein Erwartungswert ist oft eine Zahl, die kein einzelner Kampf bringen kann. Was "
                "sagt er dann?",
            ),
            _w(
                "What such a dragon brings per fight over many fights: the points of many such "
                "fights, divided by the number of fights, come close to it. In section 3 the "
                "average is 3.2 points, but a single fight brings 2, 4 or 6.",
                "Was so ein Drache pro Kampf über viele Kämpfe bringt: die Punkte vieler solcher "
                "Kämpfe, geteilt durch die Zahl der Kämpfe, kommen nahe an ihn heran. In "
                "Abschnitt 3 ist der Durchschnitt 3,2 Punkte, aber ein einzelner Kampf bringt 2, "
                "4 oder 6.",
            ),
        ),
        (
            _w(
                "One more sapphire would be worth 15 points to Player 1 and nothing to Player 3. "
                "Suppose Player 3 held one sapphire: which trade at the market would make both of "
                "them better off?",
                "Für Spieler 1 wäre ein weiterer Saphir 15 Punkte wert, für Spieler 3 nichts. "
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
    teacher_notes=(
        _w(
            "**How the timing was worked out.** The core path (the sections, *What we found* and "
            "the exit ticket) holds about 1,160 words a pupil reads: 8-10 minutes at 120-150 "
            "words a minute (ages 10-14), spread over the parts. Per part: the start (200 words "
            "and the one-minute talk) 4 minutes; section 1 (220 words, a prediction, exercise 1) "
            "6; section 2 (90 words, a prediction, the rule talked over) 3; section 3 (290 words, "
            "a prediction, the *your turn* cell 3-4 minutes for pupils who type Python, the chart "
            "talked over, exercise 2) 11; section 4 (215 words, a prediction, exercise 3) 6; the "
            "summary and the two exit-ticket questions 5; slack 5. The *your turn* cell is "
            "marked for ages 12 and up: younger classes work it out on paper or leave it out.",
            "**Wie der Zeitplan entstand.** Der Kernweg (die Abschnitte, *Was wir herausgefunden "
            "haben* und das Exit-Ticket) hat etwa 1.160 Wörter zum Lesen: 8-10 Minuten bei "
            "120-150 Wörtern pro Minute (10 bis 14 Jahre), verteilt auf die Teile. Je Teil: der "
            "Start (200 Wörter und die Minute Reden) 4 Minuten; Abschnitt 1 (220 Wörter, eine "
            "Schätzfrage, Aufgabe 1) 6; Abschnitt 2 (90 Wörter, eine Schätzfrage, die Regel "
            "besprochen) 3; Abschnitt 3 (290 Wörter, eine Schätzfrage, die Zelle *Du bist dran* "
            "3-4 Minuten für alle, die Python tippen, das Diagramm besprochen, Aufgabe 2) 11; "
            "Abschnitt 4 (215 Wörter, eine Schätzfrage, Aufgabe 3) 6; die Zusammenfassung und "
            "die zwei Fragen des Exit-Tickets 5; Puffer 5. Die Zelle *Du bist dran* ist für ab "
            "12 markiert: jüngere Klassen rechnen auf Papier oder lassen sie aus.",
        ),
        _w(
            "**The exact numbers of section 3.** The two hidden tokens bring 2 points with "
            "chance 7/15, 4 points with chance 7/15 and 6 points with chance 1/15: on average "
            "2 × 7/15 + 4 × 7/15 + 6 × 1/15 = 16/5 = 3.2 points.",
            "**Die genauen Zahlen von Abschnitt 3.** Die zwei versteckten Schatzsteine bringen "
            "2 Punkte mit der Chance 7/15, 4 Punkte mit der Chance 7/15 und 6 Punkte mit der "
            "Chance 1/15: im Durchschnitt 2 × 7/15 + 4 × 7/15 + 6 × 1/15 = 16/5 = 3,2 Punkte.",
        ),
        _w(
            '**Common misconceptions.** *"Fair" means "equal"*: equal shares, shares by '
            "effort and shares nobody envies are different ideas, and the class may disagree "
            "about which is right. *Divide and choose is always fair*: for two it leaves "
            "nobody jealous only when an even split exists; for three it can leave a chooser "
            "jealous (extension A). *The expected value is the most likely result*: 3.2 points "
            "never happens with two tokens; 2 and 4 points are the likely results. *A token "
            "has one value*: a gem's worth depends on who holds how many.",
            "**Häufige Fehlvorstellungen.** *„Gerecht“ heißt „gleich“*: gleiche Anteile, "
            "Anteile nach Einsatz und Anteile, um die niemand neidisch ist, sind verschiedene "
            "Ideen, und die Klasse darf uneinig sein, welche richtig ist. *Teilen und Wählen "
            "ist immer gerecht*: zu zweit lässt es nur dann niemanden neidisch, wenn es eine "
            "gleiche Teilung gibt; zu dritt kann ein Wähler neidisch bleiben (Erweiterung A). "
            "*Der Erwartungswert ist das wahrscheinlichste Ergebnis*: 3,2 Punkte kommen mit "
            "zwei Schatzsteinen nie vor; 2 und 4 Punkte sind die wahrscheinlichen Ergebnisse. "
            "*Ein Schatzstein hat einen Wert*: was ein Edelstein wert ist, hängt davon ab, wer "
            "wie viele hat.",
        ),
        _w(
            "**The tournament (extension B).** 24 games are few: the win rates' 95% intervals "
            "overlap, so these games alone do not settle the order; the stored run of 300 "
            "games (recomputed by the project's tests) does. The planner comes last for a "
            "reason the extension shows in numbers: it goes for the dragons with the most "
            "treasure on average, which are the strong ones, so it takes part in fewer kills.",
            "**Das Turnier (Erweiterung B).** 24 Spiele sind wenige: die 95-%-Bereiche der "
            "Siegquoten überlappen sich, diese Spiele allein entscheiden die Reihenfolge also "
            "nicht; der gespeicherte Lauf von 300 Spielen (von den Tests des Projekts neu "
            "gerechnet) schon. Der Planer wird Letzter aus einem Grund, den die Erweiterung in "
            "Zahlen zeigt: er geht auf die Drachen mit dem meisten Schatz im Durchschnitt, und "
            "das sind die starken, also ist er bei weniger erlegten Drachen dabei.",
        ),
        _w(
            "**Hands-on.** Groups of three can play a strategic game with real tokens (or the "
            "table of lesson 05b, extension B) and write down, after every split, whether "
            "anybody was jealous.",
            "**Zum Selbermachen.** Dreiergruppen können eine strategische Partie mit echten "
            "Schatzsteinen spielen (oder am Tisch von Stunde 05b, Erweiterung B) und nach jeder "
            "Teilung aufschreiben, ob jemand neidisch war.",
        ),
        _w(
            "**Assumed numbers.** The scoring and the 126 tokens are the rulebook's; the dragon "
            "cards (used in extension D and in the tournament) are assumed in Kaskaria. The bags "
            "and treasures of the core path are chosen for the lesson, so they do not depend on "
            "any assumed number.",
            "**Angenommene Zahlen.** Die Wertung und die 126 Schatzsteine stammen aus der "
            "Anleitung; die Drachenkarten (in Erweiterung D und im Turnier) sind in Kaskaria "
            "angenommen. Die Beutel und Schätze des Kernwegs sind für die Stunde gewählt und "
            "hängen von keiner angenommenen Zahl ab.",
        ),
    ),
)
