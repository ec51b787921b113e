"""The words of the Dragon's Gold lesson helpers (domain ``"lessons-dragons-gold"``), in English
and German. German game terms as in the German rulebook: Abenteurer, Ritter, Dieb, Zauberer,
Drachenkarte, Schatzsteine, Beutel, Sichtschirm, magischer Gegenstand, Markt, Sanduhr, besiegen,
Stärke, versteckter Schatz, Mehrheit, Silbermünze, Goldmünze, Saphir.

The English texts of the options are the rules table's own (:data:`kaskaria.dragons_gold.rules.
OPTION_TABLE`), so they cannot drift apart; the German ones are translations (a test checks that
every one exists and differs)."""

from __future__ import annotations

from ..dragons_gold.rules import OPTION_TABLE
from ..i18n import register_messages

EN: dict[str, str] = {
    "legal.head_one": "Allowed now ({n} button):",
    "legal.head_many": "Allowed now ({n} buttons):",
    "refused.allowed": "'{action}' is allowed here.",
    # the box
    "box.tokens": "treasure tokens (126)",
    "box.points": "points per token",
    "box.majority": "majority bonus (3 / 4-5 / 6 players)",
    "box.adventurers": "adventurers of each player",
    "box.dragons": "dragon cards",
    "box.dragons_value": "18 cards: strength 6-10, known treasure 0-11, hidden treasure 0-9",
    "box.items": "magic items",
    "box.items_value": "24 cards; their effects are not published",
    "box.hourglass": "hourglass",
    "box.seconds": "about {n} seconds",
    # where a number comes from (the rules table's labels, in the lesson's language)
    "box.from.RULEBOOK": "RULEBOOK",
    "box.from.SOURCED": "SOURCED",
    "box.from.INFERRED": "INFERRED",
    "box.from.ASSUMED": "ASSUMED",
    "deck.card": "card",
    "deck.strength": "strength",
    "deck.known": "known",
    "deck.hidden": "hidden",
    "deck.note": (
        "Assumed values: the known treasures add up to {known} tokens and the hidden ones to "
        "{hidden}, more than the {tokens} tokens in the bag, so the bag runs out before the "
        "dragon deck (as the rulebook's ending needs)."
    ),
    "items.when.turn": "at the start of its owner's turn",
    "items.when.split": "when a shared treasure's shares are agreed",
    "items.when.theft": "when a thief robs its owner",
    "items.line": "{name}, {n} cards ({when}): {what}.",
    "items.note": (
        "These are the four effects known from the first edition of the game, six cards each: "
        "{n} cards, as many as the box holds. Which items the printed cards really show is not "
        "published; the mix above is assumed."
    ),
    # scoring
    "score.basic": "Basic scoring, {players} players:",
    "score.advanced": "Advanced scoring, {players} players:",
    "score.majority": "most {colour} {n}",
    "score.sets": "gem sets {n}",
    "score.line": "Player {n} ({held}): {parts} = {total} points",
    "score.winner": "Player {names} wins with {points} points.",
    "score.winners": "Players {names} share the win with {points} points.",
    # readings
    "options.head": "Options (a teacher may change them):",
    **{f"option.{name}": option.meaning for name, option in OPTION_TABLE.items()},
    "readings.head": "Where the rulebook leaves a choice, the engine reads it like this:",
    "readings.victim_fold": "A thief's turn (open it after the vote “Must a thief steal?” in extension A)",
    "reading.victim": (
        "A thief's player chooses whom to rob, among the other players of the fight who hold a "
        "token, or to steal nothing; then chance picks the token. A thief helped by its own wizard looks behind the "
        "screen and picks the token."
    ),
    "reading.open_draw": (
        "A killed dragon's hidden treasure is drawn onto the dragon in the open, also when one "
        "player killed it alone: so the bag's contents are known to everyone."
    ),
    "reading.hourglass": (
        "The hourglass of a negotiation stands for a number of proposals (4): when they are used "
        "up without an agreement, that is 'no deal'. On a table a visible 60-second hourglass "
        "runs too, and a teacher can switch it off."
    ),
    "reading.stalemate": (
        "If every adventurer of every player fights and no dragon falls, all of them come home "
        "face down (not in the rulebook: otherwise play could never go on)."
    ),
    "reading.market": (
        "At the market each player in turn builds an offer one token at a time (what it gives, "
        "what it wants, any numbers: two silver coins for a gold coin, say) and makes it to one "
        "other player, who accepts or refuses; everyone sees the offers, and a player may make "
        "two offers (the market's hourglass)."
    ),
    # divide and choose
    "split.pile_a": "pile A",
    "split.pile_b": "pile B",
    "split.points": "points",
    "split.keeps": "the splitter keeps",
    "split.summary": (
        "The treasure is worth {total} points. Splitting as evenly as he can, Ben keeps {keeps} "
        "points and Anna takes {takes}."
    ),
    "uneven.line": (
        "The only way to make two piles: {a} | {b}. Anna takes the pile worth {chooser} points, "
        "Ben keeps the one worth {splitter}."
    ),
    "cases.what": (
        "Every treasure of 2 to 4 tokens in two colours, and every pair of players who count 0, "
        "1 or 2 points for a token of each colour; the splitter makes the piles as even as they "
        "can, counted their own way:"
    ),
    "cases.all": "{n} cases in all.",
    "cases.chooser": "The chooser was jealous in {n} of them.",
    "cases.none": "none",
    "cases.even": (
        "In {n} cases the splitter could make two piles worth the same to them: the splitter "
        "was jealous in {envious} of them."
    ),
    "cases.uneven": (
        "In the other {n} cases no even split existed: the splitter was jealous in {envious} of "
        "them (the chooser took the bigger pile)."
    ),
    "three.treasure": "The treasure: {treasure}.",
    "three.counts.0": "{name} splits. Her points per token: {counts}.",
    "three.counts.1": "{name} chooses first. His points per token: {counts}.",
    "three.counts.2": "{name} chooses second. Her points per token: {counts}.",
    "three.piles": "Anna's three piles: {piles}. In her eyes each is worth {n}.",
    "three.takes.1": "{name} takes the pile he likes best: {pile} ({n} in his eyes).",
    "three.takes.2": "{name} takes the best pile left: {pile} ({n} in her eyes).",
    "three.takes.0": "{name} keeps the last pile: {pile} ({n} in her eyes).",
    "three.jealous": (
        "{name} is jealous of {other}: her own pile is worth {mine} to her, {other}'s pile "
        "{theirs}."
    ),
    # the hidden treasure
    "hidden.title": "What 2 hidden tokens bring (bag: 6 silver, 3 gold, 1 red)",
    "hidden.x": "points of the 2 hidden tokens",
    "hidden.y": "chance (%)",
    "hidden.average_label": "average {value}",
    "hidden.bag": "The bag holds {bag}; the dragon hides {k} tokens.",
    "hidden.outcome": "{points} points: chance {chance}",
    "hidden.sum": "On average: {sum} = {value} points.",
    "hidden.shortcut": (
        "Quicker: one token is worth {one} points on average, so {k} tokens are worth {value}."
    ),
    "exact.outcome": "{points} points: {chance}",
    "exact.average": "average: {value} = {shown} points",
    "worth.head": (
        "Player 1 at the start of our set-up (the bag holds {bag} tokens; nobody holds a gem "
        "yet). Each dragon: known treasure in points; hidden treasure on average with the usual "
        "points only; hidden treasure on average with the majority bonus; the whole dragon with "
        "the majority bonus (exact fractions):"
    ),
    "worth.line": (
        "dragon {place} (strength {strength}): known {known}; hidden {plain} (usual points), "
        "{hidden} (with majorities); whole dragon {whole}"
    ),
    "worth.note": (
        "With the majority bonus a gem is worth 15 points to a player who is the only one to "
        "hold that colour, so early in the game a hidden gem is worth far more than a coin."
    ),
    "worth.col.player": "player",
    "worth.col.holds": "holds",
    "worth.col.now": "points now",
    "worth.col.blue": "+1 blue (sapphire)",
    "worth.col.gold": "+1 gold coin",
    "worth.basic": "Basic rules, three players (the majority bonus is 15 points):",
    "worth.advanced": (
        "Advanced rules, three players (the majority bonus is 12 points, two sharing get half "
        "each):"
    ),
    "prop.treasure": "The treasure: {treasure}, worth {total} points.",
    "prop.share": "{name} gets {share}: {n} points.",
    "prop.third": "A third of the treasure is {third} points.",
    # the tournament
    "tour.col.bot": "bot",
    "tour.col.does": "how it shares",
    "tour.col.wins": "wins",
    "tour.col.points": "points on average",
    "tour.what": (
        "{games} games of three players, basic rules, seats rotated (each bot plays each seat "
        "equally often):"
    ),
    "tour.bot.fair": "fair bot",
    "tour.bot.greedy": "greedy bot",
    "tour.bot.planner": "planner",
    "tour.does.fair": "proposes equal shares, accepts a share a little smaller than an equal share",
    "tour.does.greedy": "asks for a share as big as its part of the attack, accepts no less",
    "tour.does.planner": "picks dragons by their treasure on average, shares like the fair bot",
    "sure.live": "The {games} games above, with each win rate's 95% interval:",
    "sure.line": "  {bot}: {wins} (between {low} and {high})",
    "sure.long": "A longer run of the same tournament, {games} games:",
    "sure.line_points": "  {bot}: {wins} (between {low} and {high}), {points} points on average",
    "why.head": "What each bot did in the {games} games:",
    "why.line": (
        "  {bot}: took part in {kills} kills per game; sent its adventurers to dragons of "
        "strength {strength} on average; {accepted} of its {proposals} proposals were accepted"
    ),
}

DE: dict[str, str] = {
    "legal.head_one": "Jetzt erlaubt ({n} Knopf):",
    "legal.head_many": "Jetzt erlaubt ({n} Knöpfe):",
    "refused.allowed": "„{action}“ ist hier erlaubt.",
    "box.tokens": "Schatzsteine (126)",
    "box.points": "Punkte pro Schatzstein",
    "box.majority": "Bonus für die Mehrheit (3 / 4-5 / 6 Spieler)",
    "box.adventurers": "Abenteurer jedes Spielers",
    "box.dragons": "Drachenkarten",
    "box.dragons_value": "18 Karten: Stärke 6-10, bekannter Schatz 0-11, versteckter Schatz 0-9",
    "box.items": "magische Gegenstände",
    "box.items_value": "24 Karten; ihre Wirkungen sind nicht veröffentlicht",
    "box.hourglass": "Sanduhr",
    "box.seconds": "etwa {n} Sekunden",
    "box.from.RULEBOOK": "ANLEITUNG",
    "box.from.SOURCED": "BELEGT",
    "box.from.INFERRED": "ERSCHLOSSEN",
    "box.from.ASSUMED": "ANGENOMMEN",
    "deck.card": "Karte",
    "deck.strength": "Stärke",
    "deck.known": "bekannt",
    "deck.hidden": "versteckt",
    "deck.note": (
        "Angenommene Werte: Die bekannten Schätze ergeben zusammen {known} Schatzsteine und die "
        "versteckten {hidden}, mehr als die {tokens} Schatzsteine im Beutel; so wird der Beutel "
        "leer, bevor die Drachenkarten ausgehen (wie es das Spielende der Anleitung braucht)."
    ),
    "items.when.turn": "zu Beginn des eigenen Zuges",
    "items.when.split": "wenn die Anteile eines geteilten Schatzes feststehen",
    "items.when.theft": "wenn ein Dieb den Besitzer bestiehlt",
    "items.line": "{name}, {n} Karten ({when}): {what}.",
    "items.note": (
        "Das sind die vier Wirkungen, die aus der ersten Ausgabe des Spiels bekannt sind, je "
        "sechs Karten: {n} Karten, so viele wie in der Schachtel. Welche Gegenstände die "
        "gedruckten Karten wirklich zeigen, ist nicht veröffentlicht; die Mischung oben ist "
        "angenommen."
    ),
    "score.basic": "Wertung nach den Grundregeln, {players} Spieler:",
    "score.advanced": "Wertung nach den Regeln für Fortgeschrittene, {players} Spieler:",
    "score.majority": "Mehrheit {colour} {n}",
    "score.sets": "Edelstein-Sets {n}",
    "score.line": "Spieler {n} ({held}): {parts} = {total} Punkte",
    "score.winner": "Spieler {names} gewinnt mit {points} Punkten.",
    "score.winners": "Spieler {names} gewinnen gemeinsam mit {points} Punkten.",
    "options.head": "Einstellungen (eine Lehrkraft kann sie ändern):",
    "option.first_player": (
        "der Platz, der beginnt (die Anleitung: wer im Jahr des Drachen geboren ist)"
    ),
    "option.items": (
        "True: mit den Karten „Magischer Gegenstand“; False: ohne sie (rote Schatzsteine "
        "zählen weiter 1 Punkt, aber niemand zieht einen Gegenstand)"
    ),
    "option.proposals": (
        "die Sanduhr einer Verhandlung als Anzahl: wie viele Vorschläge gemacht werden dürfen, "
        "bevor die Zeit um ist (1-30)"
    ),
    "option.market_offers": (
        "die Sanduhr des Markts als Anzahl: wie viele Tauschangebote jeder Spieler machen darf "
        "(0-10)"
    ),
    "readings.head": "Wo die Anleitung eine Wahl lässt, liest das Programm sie so:",
    "readings.victim_fold": "Der Zug eines Diebes (nach der Abstimmung „Muss ein Dieb stehlen?“ in Erweiterung A öffnen)",
    "reading.victim": (
        "Der Spieler eines Diebes wählt, wen er bestiehlt, unter den anderen Spielern des "
        "Kampfes, die einen Schatzstein haben, oder er stiehlt nichts; dann bestimmt der Zufall "
        "den Schatzstein. Ein "
        "Dieb, dem sein eigener Zauberer hilft, schaut hinter den Sichtschirm und sucht den "
        "Schatzstein aus."
    ),
    "reading.open_draw": (
        "Der versteckte Schatz eines besiegten Drachen wird offen auf den Drachen gezogen, auch "
        "wenn ein Spieler ihn allein besiegt hat: so kennt jeder den Inhalt des Beutels."
    ),
    "reading.hourglass": (
        "Die Sanduhr einer Verhandlung steht für eine Anzahl von Vorschlägen (4): sind sie ohne "
        "Einigung verbraucht, gilt das als „keine Einigung“. Auf einem Tisch läuft außerdem eine "
        "sichtbare 60-Sekunden-Sanduhr, die eine Lehrkraft ausschalten kann."
    ),
    "reading.stalemate": (
        "Wenn alle Abenteurer aller Spieler kämpfen und kein Drache fällt, kehren alle verdeckt "
        "zurück (nicht in der Anleitung: sonst könnte das Spiel nie weitergehen)."
    ),
    "reading.market": (
        "Auf dem Markt stellt jeder Spieler reihum ein Angebot Schatzstein für Schatzstein "
        "zusammen (was er gibt, was er möchte, in beliebiger Zahl: zwei Silbermünzen für eine "
        "Goldmünze zum Beispiel) und macht es einem anderen Spieler, der annimmt oder ablehnt; "
        "alle sehen die Angebote, und jeder darf zwei Angebote machen (die Sanduhr des Markts)."
    ),
    "split.pile_a": "Anteil A",
    "split.pile_b": "Anteil B",
    "split.points": "Punkte",
    "split.keeps": "wer teilt, behält",
    "split.summary": (
        "Der Schatz ist {total} Punkte wert. Teilt Ben so gleichmäßig, wie er kann, behält er "
        "{keeps} Punkte, und Anna nimmt {takes}."
    ),
    "uneven.line": (
        "Es gibt nur eine Art, zwei Anteile zu bilden: {a} | {b}. Anna nimmt den Anteil mit "
        "{chooser} Punkten, Ben behält den mit {splitter}."
    ),
    "cases.what": (
        "Jeder Schatz aus 2 bis 4 Schatzsteinen in zwei Farben, und jedes Paar von Spielern, "
        "die für einen Schatzstein jeder Farbe 0, 1 oder 2 Punkte zählen; wer teilt, bildet die "
        "Anteile so gleichmäßig, wie es nach den eigenen Punkten geht:"
    ),
    "cases.all": "{n} Fälle insgesamt.",
    "cases.chooser": "Wer wählte, war in {n} davon neidisch.",
    "cases.none": "keinem",
    "cases.even": (
        "In {n} Fällen konnte, wer teilte, zwei Anteile bilden, die ihm gleich viel wert waren: "
        "neidisch war er in {envious} davon."
    ),
    "cases.uneven": (
        "In den anderen {n} Fällen gab es keine gleichwertige Teilung: Wer teilte, war in {envious} "
        "davon neidisch (wer wählte, nahm den größeren Anteil)."
    ),
    "three.treasure": "Der Schatz: {treasure}.",
    "three.counts.0": "{name} teilt. Ihre Punkte pro Schatzstein: {counts}.",
    "three.counts.1": "{name} wählt als Erster. Seine Punkte pro Schatzstein: {counts}.",
    "three.counts.2": "{name} wählt als Zweite. Ihre Punkte pro Schatzstein: {counts}.",
    "three.piles": "Annas drei Anteile: {piles}. In ihren Augen ist jeder {n} wert.",
    "three.takes.1": "{name} nimmt den Anteil, der ihm am besten gefällt: {pile} ({n} für ihn).",
    "three.takes.2": "{name} nimmt den besten übrigen Anteil: {pile} ({n} für sie).",
    "three.takes.0": "{name} behält den letzten Anteil: {pile} ({n} für sie).",
    "three.jealous": (
        "{name} ist neidisch auf {other}: Ihr eigener Anteil ist ihr {mine} wert, der von "
        "{other} {theirs}."
    ),
    "hidden.title": "Was 2 versteckte Schatzsteine bringen (Beutel: 6 Silber, 3 Gold, 1 Rot)",
    "hidden.x": "Punkte der 2 versteckten Schatzsteine",
    "hidden.y": "Wahrscheinlichkeit (%)",
    "hidden.average_label": "Durchschnitt {value}",
    "hidden.bag": "Im Beutel sind {bag}; der Drache versteckt {k} Schatzsteine.",
    "hidden.outcome": "{points} Punkte: Wahrscheinlichkeit {chance}",
    "hidden.sum": "Im Durchschnitt: {sum} = {value} Punkte.",
    "hidden.shortcut": (
        "Schneller: Ein Schatzstein ist im Durchschnitt {one} Punkte wert, also sind {k} "
        "Schatzsteine {value} wert."
    ),
    "exact.outcome": "{points} Punkte: {chance}",
    "exact.average": "Durchschnitt: {value} = {shown} Punkte",
    "worth.head": (
        "Spieler 1 zu Beginn unseres Aufbaus (im Beutel sind {bag} Schatzsteine; noch hat "
        "niemand einen Edelstein). Jeder Drache: bekannter Schatz in Punkten; versteckter Schatz "
        "im Durchschnitt nur mit den üblichen Punkten; versteckter Schatz im Durchschnitt mit dem "
        "Mehrheitsbonus; der ganze Drache mit dem Mehrheitsbonus (genaue Brüche):"
    ),
    "worth.line": (
        "Drache {place} (Stärke {strength}): bekannt {known}; versteckt {plain} (übliche "
        "Punkte), {hidden} (mit Mehrheiten); ganzer Drache {whole}"
    ),
    "worth.note": (
        "Mit dem Mehrheitsbonus ist ein Edelstein für einen Spieler, der als Einziger diese "
        "Farbe hat, 15 Punkte wert; früh im Spiel ist ein versteckter Edelstein also viel mehr "
        "wert als eine Münze."
    ),
    "worth.col.player": "Spieler",
    "worth.col.holds": "hat",
    "worth.col.now": "Punkte jetzt",
    "worth.col.blue": "+1 Blau (Saphir)",
    "worth.col.gold": "+1 Goldmünze",
    "worth.basic": "Grundregeln, drei Spieler (der Mehrheitsbonus ist 15 Punkte):",
    "worth.advanced": (
        "Regeln für Fortgeschrittene, drei Spieler (der Mehrheitsbonus ist 12 Punkte, zwei "
        "teilen ihn sich zur Hälfte):"
    ),
    "prop.treasure": "Der Schatz: {treasure}, {total} Punkte wert.",
    "prop.share": "{name} bekommt {share}: {n} Punkte.",
    "prop.third": "Ein Drittel des Schatzes sind {third} Punkte.",
    "tour.col.bot": "Bot",
    "tour.col.does": "wie er teilt",
    "tour.col.wins": "Siege",
    "tour.col.points": "Punkte im Durchschnitt",
    "tour.what": (
        "{games} Spiele zu dritt, Grundregeln, die Plätze wechseln reihum (jeder Bot spielt "
        "jeden Platz gleich oft):"
    ),
    "tour.bot.fair": "fairer Bot",
    "tour.bot.greedy": "gieriger Bot",
    "tour.bot.planner": "Planer",
    "tour.does.fair": (
        "schlägt gleich große Anteile vor, nimmt einen Anteil an, der etwas kleiner als ein "
        "gleich großer Anteil ist"
    ),
    "tour.does.greedy": (
        "verlangt einen Anteil so groß wie sein Teil am Angriff, nimmt nicht weniger an"
    ),
    "tour.does.planner": (
        "wählt Drachen nach ihrem Schatz im Durchschnitt, teilt wie der faire Bot"
    ),
    "sure.live": "Die {games} Spiele oben, mit dem 95-%-Bereich jeder Siegquote:",
    "sure.line": "  {bot}: {wins} (zwischen {low} und {high})",
    "sure.long": "Ein längerer Lauf desselben Turniers, {games} Spiele:",
    "sure.line_points": (
        "  {bot}: {wins} (zwischen {low} und {high}), {points} Punkte im Durchschnitt"
    ),
    "why.head": "Was jeder Bot in den {games} Spielen tat:",
    "why.line": (
        "  {bot}: pro Spiel bei {kills} besiegten Drachen dabei; schickte seine Abenteurer zu "
        "Drachen mit Stärke {strength} im Durchschnitt; {accepted} seiner {proposals} Vorschläge "
        "wurden angenommen"
    ),
}

register_messages("lessons-dragons-gold", {"en": EN, "de": DE})
