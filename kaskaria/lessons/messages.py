"""The words of the lesson helpers (domain ``"lessons"``), in English and German."""

from __future__ import annotations

from ..i18n import register_messages

EN: dict[str, str] = {
    "face.black": "black",
    "face.yellow": "yellow",
    "face.red": "red",
    "face.blue": "blue",
    "face.purple": "purple",
    "face.silver": "silver",
    "good": "good",
    "bad": "bad",
    "faces.summary_one": "With {scared} scared: {n} of 6 faces is bad ({faces}), {good} are good.",
    "faces.summary_many": "With {scared} scared: {n} of 6 faces are bad ({faces}), {good} are good.",
    "faces.nothing": "nothing",
    "grid.title": "Two dice, {scared} scared: each square is one way the dice can land",
    "grid.first": "first die",
    "grid.second": "second die",
    "grid.count": "{bad} of the 36 squares are bad for both dice: {fraction} = {percent}.",
    "fails.head": "dice in hand",
    "fails.scared_one": "{n} dragon scared",
    "fails.scared_many": "{n} dragons scared",
    "fails.none": "no dragon scared",
    "fails.title": "How often the next roll fails",
    "fails.x": "dice in your hand",
    "fails.y": "chance the roll fails (%)",
    "fails.happens": "(a dash: cannot happen in a turn)",
    "tally.title": "Our own dice: the class's counts (or paste scenario codes)",
    "tally.group": "group",
    "tally.rolls": "rolls",
    "tally.fails": "failed",
    "tally.code": "or a scenario code",
    "tally.pool": "Add them up",
    "tally.none": "No counts yet: type each group's rolls and failures, then press “Add them up”.",
    "tally.pooled": "All groups together: {rolls} rolls, {fails} failed = {share}. Exact: 1 in 9 = {exact}.",
    "tally.groups": "The single groups ranged from {low} to {high}.",
    "tally.codes": "From {n} scenario codes: {rolls} rolls in the games, {fails} failed; the rules expect {expected} on average.",
    "tally.staged": "{n} code(s) left out: their dice were set by hand, not rolled.",
    "tally.bad_row": "Row {row} left out: {why}.",
    "tally.more_fails": "more failures than rolls",
    "tally.not_numbers": "the counts are not whole numbers",
    "tally.bad_code": "the code cannot be read",
    "lln.label": "rolls",
    "lln.title": "Three classes roll 2 dice: share of failed rolls so far",
    "lln.x": "number of rolls",
    "lln.y": "failed so far (%)",
    "lln.exact": "exact: 1 in 9",
    "lln.run": "class {k}",
    "lln.caption": "After {n} rolls: class 1 {a}, class 2 {b}, class 3 {c}; exact 11.1%.",
    "lln.table_head": "rolls  |  failed (class 1)  |  exact  |  difference  |  typical error",
    "lln.points": "pp",
    "weights.title": "Four dice can land in 1,296 orders, but only 126 different handfuls",
    "weights.line_one": "{n} of 1,296 orders gives {faces}",
    "weights.line_many": "{n} of 1,296 orders give {faces}",
    "weights.summary": "{n} handfuls; the rarest (all four the same) come up 1 time in 1,296, the commonest (four different faces) 24 times in 1,296.",
    "ev.face": "face",
    "ev.brings": "stars if it comes up",
    "ev.why": "why",
    "ev.fails": "fails: the juggler",
    "ev.scares": "scares {dragon}",
    "ev.silver": "silver on {dragon}",
    "ev.average": "Rolling: ({sum}) / 6 = {value} stars on average. Stopping: {stop} stars.",
    "ev.better_roll": "Rolling is better.",
    "ev.better_stop": "Stopping is better.",
    "turns.title": "How a whole turn ends on the table yellow 4, red 2, blue 3, purple 1",
    "turns.failed": "failed",
    "turns.dragons_one": "{n} dragon",
    "turns.dragons_many": "{n} dragons",
    "turns.y": "chance (%)",
    "turns.way.cautious": "cautious",
    "turns.way.all-in": "always roll on",
    "turns.way.optimal": "optimal",
    "turns.expected": "{way}: fails {failed}, expects {stars} stars per turn",
    "rule.kids": (
        "Which dragon? Pick the dragon with the most stars, but don't waste dice: count its stars "
        "minus the dice you put on it, and take the biggest number.\n"
        "3 or 4 dice in your hand? Roll again: the chance of failing is tiny.\n"
        "2 dice? Roll again, unless two dragons are scared, the dragons left have at most 2 stars "
        "each, and you could lose 6 stars or more (3 or more if both have just 1 star).\n"
        "1 die? Think of its six faces. Which would bring new stars, which would lose what you "
        "have? Roll only if the winning faces are worth more."
    ),
    "rule.cost": (
        "On our table the rule expects {rule} stars per turn and perfect play {best}: the rule keeps "
        "{share} of the best. Over all 256 tables of residents with 1-4 stars it keeps {mean} on "
        "average (at worst {worst}), so it gives up only about {lost}: that is where the three "
        "numbers you may meet come from."
    ),
    "exact.line": "{way}: fails {failed} (simulated {sim_failed}); stars per turn {stars} (simulated {sim_stars})",
    "legal.head": "Allowed now:",
    "refused.allowed": "'{action}' is allowed here.",
    "box.dragons": "dragons",
    "box.dice": "dice",
    "box.faces": "faces of each die",
    "box.jugglers": "jugglers",
    "box.juggler_stars": "stars of a juggler",
    "residents.line_one": "worth {n}: {names}",
    "residents.line_many": "worth {n}: {names}",
    "residents.note": "(* from the rulebook's examples; all others are assumed: the printed box may differ)",
    "scores.line": "Player {n}: {tiles} + {jugglers} juggler(s) = {stars} stars",
    "scores.winner": "winner: Player {names}",
    "younger.line": "residents per player: {residents} | stars: {stars} | winner: Player {names}",
    "options.accepted": "accepted",
    "options.seats": "a seat",
    "option.silver_with_colour": (
        "False (default, the strict reading the worked example follows): silver is a colour of "
        "its own; the silver dice of a roll go together on one empty dragon, and on a roll you "
        "place either one real colour or the silver dice, never both. True: you may also put "
        "all dice of one real colour together with all silver dice on that colour's empty "
        "dragon."
    ),
    "option.jugglers_run_out": (
        "'nothing' (default, ASSUMED): once all jugglers are taken, a failed scare brings no "
        "consolation. 'unlimited': a failed scare always brings a juggler (use a stand-in "
        "token)."
    ),
    "option.first_player": "the seat that starts (the rulebook: who last scared a dragon)",
    "run_out.line": "{reading}: jugglers per player {players}, left in the supply {left}",
    "tour.title": "Win rate against two ordinary players ({games} games each)",
    "tour.y": "games won (%)",
    "tour.fair": "fair share: 1 in 3",
    "tour.head": "challenger        won    95% interval      stars per game",
    "tour.bot.cautious": "cautious",
    "tour.bot.risk-1/20": "risk 1/20",
    "tour.bot.risk-1/4": "risk 1/4",
    "tour.bot.risk-1/2": "risk 1/2",
    "tour.bot.all-in": "all-in",
    "tour.bot.optimal": "optimal",
    "sheet.worksheet": "Worksheet",
    "sheet.answer_key": "Answer key for the teacher",
    "sheet.name": "Name",
    "sheet.class": "Class",
    "sheet.date": "Date",
    "sheet.notebook": "Goes with the notebook {notebook}.",
    "sheet.predict": "Tick or write your guess before the answer is shown.",
    "sheet.exercises": "Exercises",
    "sheet.guess": "My guess:",
    "sheet.answer": "Answer:",
    "sheet.tally": "Our own dice",
    "sheet.tally_total": "all pairs",
    "sheet.tally_share": "failed (%)",
    "sheet.tally_exact": "The exact chance is 1 in 9 = {exact}. Which is closer to it: one pair, or the whole class?",
    "sheet.predictions_key": "Predictions",
    "sheet.exercises_key": "Exercises",
    "sheet.timing": "Timing",
    "sheet.discussion": "Discussion questions, with answers",
    "tour.note": "Each challenger played {games} games against two ordinary players (risk 1/4); seats rotated.",
}

DE: dict[str, str] = {
    "face.black": "Schwarz",
    "face.yellow": "Gelb",
    "face.red": "Rot",
    "face.blue": "Blau",
    "face.purple": "Lila",
    "face.silver": "Silber",
    "good": "gut",
    "bad": "schlecht",
    "faces.summary_one": "Erschreckt: {scared}. Dann ist {n} von 6 Seiten schlecht ({faces}), {good} sind gut.",
    "faces.summary_many": "Erschreckt: {scared}. Dann sind {n} von 6 Seiten schlecht ({faces}), {good} sind gut.",
    "faces.nothing": "kein Drache",
    "grid.title": "Zwei Würfel, {scared} erschreckt: jedes Feld ist eine Art, wie die Würfel fallen können",
    "grid.first": "erster Würfel",
    "grid.second": "zweiter Würfel",
    "grid.count": "{bad} der 36 Felder sind für beide Würfel schlecht: {fraction} = {percent}.",
    "fails.head": "Würfel in der Hand",
    "fails.scared_one": "{n} Drache erschreckt",
    "fails.scared_many": "{n} Drachen erschreckt",
    "fails.none": "kein Drache erschreckt",
    "fails.title": "Wie oft der nächste Wurf misslingt",
    "fails.x": "Würfel in deiner Hand",
    "fails.y": "Chance, dass der Wurf misslingt (%)",
    "fails.happens": "(ein Strich: kommt in einem Zug nicht vor)",
    "tally.title": "Unsere eigenen Würfel: die Zählungen der Klasse (oder Spielstand-Codes einfügen)",
    "tally.group": "Gruppe",
    "tally.rolls": "Würfe",
    "tally.fails": "misslungen",
    "tally.code": "oder ein Spielstand-Code",
    "tally.pool": "Zusammenzählen",
    "tally.none": "Noch keine Zählungen: trage die Würfe und Fehlwürfe jeder Gruppe ein und drücke „Zusammenzählen“.",
    "tally.pooled": "Alle Gruppen zusammen: {rolls} Würfe, {fails} misslungen = {share}. Genau: 1 von 9 = {exact}.",
    "tally.groups": "Die einzelnen Gruppen lagen zwischen {low} und {high}.",
    "tally.codes": "Aus {n} Spielstand-Codes: {rolls} Würfe in den Spielen, {fails} misslungen; nach den Regeln erwartet: {expected} im Durchschnitt.",
    "tally.staged": "{n} Code(s) weggelassen: ihre Würfel wurden von Hand gesetzt, nicht gewürfelt.",
    "tally.bad_row": "Zeile {row} weggelassen: {why}.",
    "tally.more_fails": "mehr Fehlwürfe als Würfe",
    "tally.not_numbers": "die Zählungen sind keine ganzen Zahlen",
    "tally.bad_code": "der Code lässt sich nicht lesen",
    "lln.label": "Würfe",
    "lln.title": "Drei Klassen würfeln mit 2 Würfeln: Anteil der Fehlwürfe bis jetzt",
    "lln.x": "Anzahl der Würfe",
    "lln.y": "bisher misslungen (%)",
    "lln.exact": "genau: 1 von 9",
    "lln.run": "Klasse {k}",
    "lln.caption": "Nach {n} Würfen: Klasse 1 {a}, Klasse 2 {b}, Klasse 3 {c}; genau 11,1 %.",
    "lln.table_head": "Würfe  |  misslungen (Klasse 1)  |  genau  |  Unterschied  |  typischer Fehler",
    "lln.points": "Pp.",
    "weights.title": "Vier Würfel können in 1.296 Reihenfolgen fallen, aber nur in 126 verschiedenen Handvoll",
    "weights.line_one": "{n} von 1.296 Reihenfolgen ergibt {faces}",
    "weights.line_many": "{n} von 1.296 Reihenfolgen ergeben {faces}",
    "weights.summary": "{n} Handvoll; die seltensten (alle vier gleich) kommen 1-mal in 1.296 vor, die häufigsten (vier verschiedene Seiten) 24-mal in 1.296.",
    "ev.face": "Seite",
    "ev.brings": "Sterne, wenn sie fällt",
    "ev.why": "warum",
    "ev.fails": "misslingt: der Gaukler",
    "ev.scares": "{dragon} wird erschreckt",
    "ev.silver": "Silber auf {dragon}",
    "ev.average": "Würfeln: ({sum}) / 6 = {value} Sterne im Durchschnitt. Aufhören: {stop} Sterne.",
    "ev.better_roll": "Würfeln ist besser.",
    "ev.better_stop": "Aufhören ist besser.",
    "turns.title": "Wie ein ganzer Zug endet, am Tisch Gelb 4, Rot 2, Blau 3, Lila 1",
    "turns.failed": "misslungen",
    "turns.dragons_one": "{n} Drache",
    "turns.dragons_many": "{n} Drachen",
    "turns.y": "Chance (%)",
    "turns.way.cautious": "vorsichtig",
    "turns.way.all-in": "immer weiterwürfeln",
    "turns.way.optimal": "optimal",
    "turns.expected": "{way}: misslingt {failed}, erwartet {stars} Sterne pro Zug",
    "rule.kids": (
        "Welcher Drache? Nimm den Drachen mit den meisten Sternen, aber verschwende keine Würfel: "
        "zähle seine Sterne minus die Würfel, die du auf ihn legst, und nimm die größte Zahl.\n"
        "3 oder 4 Würfel in der Hand? Noch einmal würfeln: die Chance zu misslingen ist winzig.\n"
        "2 Würfel? Noch einmal würfeln, außer zwei Drachen sind erschreckt, die übrigen Drachen "
        "haben höchstens 2 Sterne, und du könntest 6 Sterne oder mehr verlieren (3 oder mehr, wenn "
        "beide nur 1 Stern haben).\n"
        "1 Würfel? Denk an seine sechs Seiten. Welche brächten neue Sterne, welche würden alles "
        "verlieren? Würfle nur, wenn die Gewinnseiten mehr wert sind."
    ),
    "rule.cost": (
        "An unserem Tisch erwartet die Regel {rule} Sterne pro Zug und das perfekte Spiel {best}: "
        "die Regel erreicht {share} des Besten. Über alle 256 Tische mit Burgbewohnern zu 1-4 "
        "Sternen erreicht sie im Durchschnitt {mean} (schlimmstenfalls {worst}), sie verschenkt "
        "also nur etwa {lost}: daher kommen die drei Zahlen, die dir begegnen können."
    ),
    "exact.line": "{way}: misslingt {failed} (simuliert {sim_failed}); Sterne pro Zug {stars} (simuliert {sim_stars})",
    "legal.head": "Jetzt erlaubt:",
    "refused.allowed": "„{action}“ ist hier erlaubt.",
    "box.dragons": "Drachen",
    "box.dice": "Würfel",
    "box.faces": "Seiten jedes Würfels",
    "box.jugglers": "Gaukler",
    "box.juggler_stars": "Sterne eines Gauklers",
    "residents.line_one": "{n} Stern: {names}",
    "residents.line_many": "{n} Sterne: {names}",
    "residents.note": "(* aus den Beispielen der Spielregel; alle anderen sind angenommen: die gedruckte Schachtel kann abweichen)",
    "scores.line": "Spieler {n}: {tiles} + {jugglers} Gaukler = {stars} Sterne",
    "scores.winner": "Sieger: Spieler {names}",
    "younger.line": "Burgbewohner je Spieler: {residents} | Sterne: {stars} | Sieger: Spieler {names}",
    "options.accepted": "erlaubt",
    "options.seats": "ein Platz",
    "option.silver_with_colour": (
        "False (Standard, die strenge Lesart, der das Beispiel folgt): Silber ist eine eigene "
        "Farbe; die silbernen Würfel eines Wurfs kommen zusammen auf einen leeren Drachen, und "
        "bei einem Wurf legst du entweder eine echte Farbe oder die silbernen Würfel heraus, nie "
        "beides. True: du darfst auch alle Würfel einer echten Farbe zusammen mit allen "
        "silbernen Würfeln auf den leeren Drachen dieser Farbe legen."
    ),
    "option.jugglers_run_out": (
        "'nothing' (Standard, ASSUMED): sind alle Gaukler vergeben, bringt ein misslungener "
        "Drachenschreck keinen Trost mehr. 'unlimited': ein misslungener Drachenschreck bringt "
        "immer einen Gaukler (nehmt eine Ersatzmarke)."
    ),
    "option.first_player": "der Platz, der beginnt (laut Spielregel: wer zuletzt einen Drachen erschreckt hat)",
    "run_out.line": "{reading}: Gaukler je Spieler {players}, übrig im Vorrat {left}",
    "tour.title": "Siegquote gegen zwei gewöhnliche Spieler (je {games} Spiele)",
    "tour.y": "gewonnene Spiele (%)",
    "tour.fair": "fairer Anteil: 1 von 3",
    "tour.head": "Herausforderer   gewonnen  95-%-Bereich   Sterne pro Spiel",
    "tour.bot.cautious": "vorsichtig",
    "tour.bot.risk-1/20": "Risiko 1/20",
    "tour.bot.risk-1/4": "Risiko 1/4",
    "tour.bot.risk-1/2": "Risiko 1/2",
    "tour.bot.all-in": "alles oder nichts",
    "tour.bot.optimal": "optimal",
    "sheet.worksheet": "Arbeitsblatt",
    "sheet.answer_key": "Lösungsbogen für die Lehrkraft",
    "sheet.name": "Name",
    "sheet.class": "Klasse",
    "sheet.date": "Datum",
    "sheet.notebook": "Gehört zum Notebook {notebook}.",
    "sheet.predict": "Kreuze an oder schreib deine Schätzung auf, bevor die Antwort gezeigt wird.",
    "sheet.exercises": "Aufgaben",
    "sheet.guess": "Meine Schätzung:",
    "sheet.answer": "Antwort:",
    "sheet.tally": "Unsere eigenen Würfel",
    "sheet.tally_total": "alle Paare",
    "sheet.tally_share": "misslungen (%)",
    "sheet.tally_exact": "Die genaue Chance ist 1 von 9 = {exact}. Was liegt näher dran: ein Paar oder die ganze Klasse?",
    "sheet.predictions_key": "Schätzfragen",
    "sheet.exercises_key": "Aufgaben",
    "sheet.timing": "Zeitplan",
    "sheet.discussion": "Fragen zum Gespräch, mit Antworten",
    "tour.note": "Jeder Herausforderer spielte {games} Spiele gegen zwei gewöhnliche Spieler (Risiko 1/4); die Plätze wechselten.",
}

register_messages("lessons", {"en": EN, "de": DE})
