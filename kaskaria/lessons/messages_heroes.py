"""The words of the Heroes of Kaskaria lesson helpers (domain ``"lessons-heroes"``), in English
and German. German game terms as in the German rulebook: Schuppengreif, Klippenläufer,
Wasserfall-Karte, Auslage, Nachziehstapel, Ablagestapel, Goldstück, Amulett, Vulkan, Kartenset.

The English texts of the rule readings are the rules table's own (:data:`kaskaria.heroes.rules.
OPTION_TABLE`, :data:`kaskaria.heroes.rules.READINGS`), so they cannot drift apart; the German ones
are translations (a test checks that every one exists and differs)."""

from __future__ import annotations

from ..heroes.rules import OPTION_TABLE, READINGS
from ..i18n import register_messages

EN: dict[str, str] = {
    "legal.head_one": "Allowed now ({n} button):",
    "legal.head_many": "Allowed now ({n} buttons):",
    "refused.allowed": "'{action}' is allowed here.",
    # the box
    "box.colours": "card colours",
    "box.per_colour": "cards of each colour",
    "box.per_colour_value": "{griffin} griffin, {runner} cliff runner, {gold} gold, {plus2} '+2'",
    "box.griffin_path": "griffin path",
    "box.runner_path": "cliff-runner path",
    "box.fields": "{n} fields, the volcano included",
    "box.gold_supply": "gold pieces",
    "box.amulet_gold": "the amulet is worth (gold)",
    "box.rank_gold": "final scoring: gold for places 1-4",
    "box.start_hand": "cards in hand at the start",
    "box.display_size": "cards in the display",
    "box.hand_limit": "most cards in hand",
    "box.plus2_draws": "cards a '+2' card brings",
    "deck.short": "{n} colours, each with: {motifs}; and the waterfall card.",
    "deck.summary": (
        "{colours} colours of 6 cards each: {cards} cards, and the waterfall card makes 55."
    ),
    # the final scoring
    "final.runner": "Cliff runners:",
    "final.griffin": "Griffins:",
    "final.volcano": "on the volcano",
    "final.field": "on field {n}",
    "final.place": "{who} {where}: place {place}, {gold}",
    "final.totals": "Everyone's gold:",
    "final.total": "{who}: {pieces} during the game + {places} for the places = {total}",
    "final.total_amulet": (
        "{who}: {pieces} during the game + {places} for the places + {amulet} for the amulet "
        "= {total}"
    ),
    "final.wins": "{who} wins with {gold}.",
    "final.tie": "{who} wins with {gold}: the tie goes to the hero with the amulet.",
    "final.share": "{who} share the win with {gold}.",
    # readings
    "options.accepted": "accepted",
    "options.seats": "a seat, 0 to the players minus 1",
    **{f"option.{name}": option.meaning for name, option in OPTION_TABLE.items()},
    **{f"reading.{key}": text for key, text in READINGS.items()},
    # dice versus cards
    "cards.title": "Is the next card blue?",
    "cards.x": "cards drawn so far",
    "cards.y": "chance the next card is blue (%)",
    "cards.blue": "cards: each card drawn was blue",
    "cards.other": "cards: no card drawn was blue",
    "cards.die": "a die with the nine colours",
    "cards.head": (
        "drawn | next is blue: after that many blue cards | after other cards | on the die"
    ),
    "cards.note": (
        "{cards} cards, {per} of each colour. A die has no memory: 1 in 9 every time. A card "
        "that is drawn is gone: the chances move."
    ),
    # counting what a seat cannot see
    "unseen.head": (
        "{who} sees {seen} cards ({hand} in the hand, {display} in the display, {discard} on "
        "the discard pile) and cannot see {unseen}: {pile} in the draw pile and {others} in the "
        "other hands."
    ),
    "unseen.col.colour": "colour",
    "unseen.col.seen": "seen",
    "unseen.col.unseen": "not seen",
    "unseen.col.next": "next card",
    "unseen.of": "{n} of {total}",
    # a set in the hand
    "set.title": "Do k cards hold a set (two of one colour)?",
    "set.x": "cards in the hand (k)",
    "set.y": "chance of a set (%)",
    "set.cards": "cards (each card drawn is gone)",
    "set.dice": "dice with nine colours",
    "set.head": "cards | a set: cards | a set: dice",
    "set.note": (
        "With 10 cards a set is certain: 9 colours cannot give 10 cards different colours."
    ),
    "set.head_exact": (
        "cards | hands with all colours different | all hands | the chance of a set, exactly"
    ),
    "set.note_exact": (
        "A hand without a set takes k different colours and one of the 6 cards of each: "
        "C(9, k) x 6^k hands out of C(54, k)."
    ),
    "sim.head": "Dealing {k} cards again and again (a fresh shuffle each time, seeded):",
    "sim.columns": "      deals  with a set    share    exact  diff. (pp)  typical (pp)",
    "sim.note": (
        "The share wobbles around the exact value; 100 times as many deals make the typical "
        "error 10 times smaller."
    ),
    # the waterfall
    "reset.title": "Mia's unseen cards by colour: before and after the waterfall",
    "reset.y": "share of the unseen cards (%)",
    "reset.before": "before the waterfall",
    "reset.after": "after the reshuffle",
    "reset.head": (
        "colour: unseen cards before the waterfall (of {before}) and after the reshuffle "
        "(of {after})"
    ),
    "clock.title": "When does the waterfall card come? (41 cards after the set-up)",
    "clock.x": "draw from the pile",
    "clock.y": "chance (%)",
    "clock.at": "it comes at this draw",
    "clock.now": "it comes now, if it has not come yet",
    "clock.head": "draw | comes at this draw | comes now, if not yet",
    # a lone griffin
    "lone.small": (
        "A small deck of {cards} cards: the exact average is {exact} turns, rounded (the "
        "computer followed every possible game). "
        "{runs} simulated games: {mean} turns on average (typical error {error})."
    ),
    "lone.printed": (
        "The printed deck, {runs} simulated games: {mean} turns on average (typical error "
        "{error}); the middle game took {median} turns, the quickest {low} and the slowest "
        "{high}."
    ),
}

#: the German words for the options' values (the notebook shows these, not the English code)
OPTION_VALUES_DE = {
    ("bottom_half", "round_up"): "aufgerundet",
    ("bottom_half", "round_down"): "abgerundet",
    ("plus2_above_limit", False): "nein",
    ("plus2_above_limit", True): "ja",
    ("gold_runs_out", "stand_ins"): "mit Ersatzstücken",
    ("gold_runs_out", "stop"): "nur, was übrig ist",
    ("brave_pairs", "each_pair"): "jedes Paar",
    ("brave_pairs", "first_pair"): "ein Paar",
    ("brave_pairs", "exactly_two"): "genau zwei",
    ("final_plus2", "skip"): "nicht nehmen",
    ("final_plus2", "draw"): "nehmen",
    ("whole_colour", False): "nein",
    ("whole_colour", True): "ja",
}

_OPTIONS_DE = {
    "first_player": (
        "der Platz, der die erste Karte bekommt und als Erster spielt (laut Spielanleitung der "
        "jüngste Held, den ein Programm nicht kennen kann)"
    ),
    "bottom_half": (
        "wo die untere Hälfte des Nachziehstapels beginnt, wenn die Wasserfall-Karte beim Aufbau "
        "hineingesteckt wird. „aufgerundet“ (Standard): mindestens die Hälfte des Stapels, "
        "aufgerundet, liegt über ihr (bei 41 Karten: 21 bis 41 Karten über ihr, ganz unten "
        "eingeschlossen). „abgerundet“: die Hälfte abgerundet (20 bis 41 über ihr)."
    ),
    "plus2_above_limit": (
        "dürfen die Karten einer „+2“-Karte einem Helden mehr Karten auf die Hand bringen, als "
        "erlaubt sind? „nein“ (Standard): wer schon so viele Karten hat, wie erlaubt sind, nimmt "
        "keine mehr. „ja“: jede Karte wird genommen; wer zu viele Karten hat, muss im nächsten Zug "
        "ein Kartenset ausspielen. Mit den gedruckten Karten stellt sich die Frage nie: ein Kartenset hat "
        "mindestens zwei Karten und höchstens eine „+2“-Karte (eine pro Farbe), bringt also nie "
        "mehr Karten, als es von der Hand nimmt."
    ),
    "gold_runs_out": (
        "was passiert, wenn die Goldstücke im Vorrat ausgehen. „mit Ersatzstücken“ (Standard): "
        "Gold-Karten zahlen weiter voll, mit Ersatzstücken (Knöpfe, Papier), die wie Gold "
        "zählen. „nur, was übrig ist“: eine Gold-Karte zahlt nur, was im Vorrat übrig ist, danach nichts. So "
        "oder so zählt die Schlusswertung nur Plätze und wird voll ausgezahlt."
    ),
    "brave_pairs": (
        "Variante für mutige Kaskarier, für ein Kartenset mit drei oder mehr Klippenläufer- "
        "(oder Gold-)Karten, das es mit den gedruckten Karten nicht geben kann (je zwei pro "
        "Farbe). „jedes Paar“ (Standard): je zwei solche Karten bekommen den Bonus (4 "
        "Klippenläufer: zweimal). „ein Paar“: ein Paar bekommt ihn, jede weitere Karte zählt "
        "eins (4 Klippenläufer: einmal). „genau zwei“: nur ein Kartenset mit genau zwei "
        "solchen Karten bekommt ihn (3 Klippenläufer: keinmal)."
    ),
    "final_plus2": (
        "die „+2“-Karten des Kartensets, das eine Figur auf den Vulkan bringt. „nicht nehmen“ "
        "(Standard): ihre Karten werden nicht genommen, denn das Spiel ist aus und Handkarten "
        "zählen nichts. „nehmen“: der Held nimmt sie trotzdem, weil der Satz über die restlichen "
        "Aktionen wörtlich gelesen wird."
    ),
    "whole_colour": (
        "muss ein Kartenset jede Karte seiner Farbe enthalten, die der Held hat? „nein“ "
        "(Standard): zwei oder mehr beliebige Karten einer Farbe sind ein Kartenset, die übrigen "
        "bleiben auf der Hand. „ja“: ein Kartenset sind alle Karten einer Farbe auf der Hand."
    ),
}
_READINGS_DE = {
    "ties": (
        "Das meiste Gold (mit Amulett und Schlusswertung) gewinnt; bei Gleichstand gewinnt, wer "
        "das Amulett hat; haben nur Helden ohne Amulett gleich viel Gold, gewinnen sie gemeinsam."
    ),
    "village": (
        "Eine Figur, die noch in ihrem Dorf steht, bekommt in der Schlusswertung einen Platz wie "
        "jede andere (bei zwei Helden kommt ein Schuppengreif, der nie geflogen ist, auf den "
        "Rang hinter dem anderen und bekommt 4 Goldstücke)."
    ),
    "volcano": "Eine Figur bleibt auf dem Vulkan stehen; weitere Schritte desselben Kartensets verfallen.",
    "played_set": (
        "Die Karten eines Kartensets liegen beiseite, bis alle seine Aktionen ausgeführt sind, "
        "dann kommen sie auf den Ablagestapel: taucht die Wasserfall-Karte während der "
        "„+2“-Karten des Kartensets auf, wird das Kartenset nicht mit eingemischt."
    ),
    "no_card": (
        "Ein Ziehen, das gar keine Karte findet (Nachziehstapel und Ablagestapel leer), entfällt; "
        "wer weder ziehen, nehmen noch ausspielen kann, setzt aus. Mit den gedruckten Karten "
        "kommt beides nie vor."
    ),
}

DE: dict[str, str] = {
    "legal.head_one": "Jetzt erlaubt ({n} Knopf):",
    "legal.head_many": "Jetzt erlaubt ({n} Knöpfe):",
    "refused.allowed": "„{action}“ ist hier erlaubt.",
    "box.colours": "Kartenfarben",
    "box.per_colour": "Karten jeder Farbe",
    "box.per_colour_value": (
        "{griffin} Schuppengreif, {runner} Klippenläufer, {gold} Gold, {plus2} „+2“"
    ),
    "box.griffin_path": "Weg der Schuppengreife",
    "box.runner_path": "Weg der Klippenläufer",
    "box.fields": "{n} Felder, mit dem Vulkan",
    "box.gold_supply": "Goldstücke",
    "box.amulet_gold": "das Amulett zählt (Goldstücke)",
    "box.rank_gold": "Schlusswertung: Gold für Platz 1-4",
    "box.start_hand": "Handkarten zu Beginn",
    "box.display_size": "Karten in der Auslage",
    "box.hand_limit": "Karten auf der Hand, höchstens",
    "box.plus2_draws": "Karten, die eine „+2“-Karte bringt",
    "deck.short": "{n} Farben, jede mit: {motifs}; dazu die Wasserfall-Karte.",
    "deck.summary": (
        "{colours} Farben mit je 6 Karten: {cards} Karten, mit der Wasserfall-Karte sind es 55."
    ),
    "final.runner": "Klippenläufer:",
    "final.griffin": "Schuppengreife:",
    "final.volcano": "auf dem Vulkan",
    "final.field": "auf Feld {n}",
    "final.place": "{who} {where}: Platz {place}, {gold}",
    "final.totals": "Das Gold aller Helden:",
    "final.total": "{who}: {pieces} im Spiel + {places} für die Plätze = {total}",
    "final.total_amulet": (
        "{who}: {pieces} im Spiel + {places} für die Plätze + {amulet} für das Amulett = {total}"
    ),
    "final.wins": "{who} gewinnt ({gold}).",
    "final.tie": ("{who} gewinnt ({gold}): Bei Gleichstand gewinnt der Held mit dem Amulett."),
    "final.share": "{who} gewinnen gemeinsam ({gold}).",
    "options.accepted": "erlaubt",
    "options.seats": "ein Platz, 0 bis Spielerzahl minus 1",
    **{f"option.{name}": text for name, text in _OPTIONS_DE.items()},
    **{f"reading.{key}": text for key, text in _READINGS_DE.items()},
    "cards.title": "Ist die nächste Karte blau?",
    "cards.x": "bisher gezogene Karten",
    "cards.y": "Wahrscheinlichkeit, dass die nächste blau ist (%)",
    "cards.blue": "Karten: jede gezogene war blau",
    "cards.other": "Karten: keine gezogene war blau",
    "cards.die": "ein Würfel mit den neun Farben",
    "cards.head": (
        "gezogen | nächste ist blau: nach so vielen blauen Karten | nach anderen Karten | "
        "beim Würfel"
    ),
    "cards.note": (
        "{cards} Karten, {per} von jeder Farbe. Ein Würfel hat kein Gedächtnis: jedes Mal 1 von "
        "9. Eine gezogene Karte ist weg: Die Wahrscheinlichkeiten verschieben sich."
    ),
    "unseen.head": (
        "{who} sieht {seen} Karten ({hand} auf der Hand, {display} in der Auslage, {discard} "
        "auf dem Ablagestapel) und sieht {unseen} nicht: {pile} im Nachziehstapel und {others} "
        "bei den anderen auf der Hand."
    ),
    "unseen.col.colour": "Farbe",
    "unseen.col.seen": "gesehen",
    "unseen.col.unseen": "nicht gesehen",
    "unseen.col.next": "nächste Karte",
    "unseen.of": "{n} von {total}",
    "set.title": "Ist in k Karten ein Kartenset (zwei einer Farbe)?",
    "set.x": "Karten auf der Hand (k)",
    "set.y": "Wahrscheinlichkeit für ein Kartenset (%)",
    "set.cards": "Karten (jede gezogene ist weg)",
    "set.dice": "Würfel mit neun Farben",
    "set.head": "Karten | ein Kartenset: Karten | ein Kartenset: Würfel",
    "set.note": (
        "Mit 10 Karten ist ein Kartenset sicher: 9 Farben reichen nicht für 10 verschiedene."
    ),
    "set.head_exact": (
        "Karten | Kartenhände mit lauter verschiedenen Farben | alle Kartenhände | die "
        "Wahrscheinlichkeit "
        "für ein Kartenset, genau"
    ),
    "set.note_exact": (
        "Eine Kartenhand ohne Kartenset nimmt k verschiedene Farben und von jeder eine der 6 "
        "Karten: C(9, k) x 6^k Kartenhände von C(54, k)."
    ),
    "sim.head": "Immer wieder {k} Karten austeilen (jedes Mal neu gemischt, fester Startwert):",
    "sim.columns": "Kartenhände  Kartenset    Anteil     genau  Abweichung  typisch",
    "sim.note": (
        "Abweichung und typischer Fehler sind in Prozentpunkten angegeben. Der Anteil schwankt "
        "um den genauen Wert; 100-mal so viele Kartenhände machen den typischen Fehler 10-mal kleiner."
    ),
    "reset.title": "Mias ungesehene Karten nach Farben: vor und nach dem Wasserfall",
    "reset.y": "Anteil der ungesehenen Karten (%)",
    "reset.before": "vor dem Wasserfall",
    "reset.after": "nach dem Mischen",
    "reset.head": (
        "Farbe: ungesehene Karten vor dem Wasserfall (von {before}) und nach dem Mischen "
        "(von {after})"
    ),
    "clock.title": "Wann kommt die Wasserfall-Karte? (41 Karten nach dem Aufbau)",
    "clock.x": "Ziehen vom Nachziehstapel",
    "clock.y": "Wahrscheinlichkeit (%)",
    "clock.at": "sie kommt bei diesem Ziehen",
    "clock.now": "sie kommt jetzt, wenn sie noch nicht kam",
    "clock.head": "Ziehen | kommt bei diesem Ziehen | kommt jetzt, wenn noch nicht",
    "lone.small": (
        "Ein kleines Spiel mit {cards} Karten: Der genaue Durchschnitt ist gerundet {exact} Züge "
        "(der Computer hat jedes mögliche Spiel verfolgt). "
        "{runs} simulierte Spiele: {mean} Züge im Durchschnitt (typischer Fehler {error})."
    ),
    "lone.printed": (
        "Die gedruckten Karten, {runs} simulierte Spiele: {mean} Züge im Durchschnitt "
        "(typischer Fehler {error}); das mittlere Spiel dauerte {median} Züge, das schnellste "
        "{low} und das langsamste {high}."
    ),
}

register_messages("lessons-heroes", {"en": EN, "de": DE})
