"""Every learner-facing sentence of Heroes of Kaskaria, in English and in German.

German game terms follow HABA's German rulebook of *Die Helden von Kaskaria*: Schuppengreif,
Klippenläufer, Wasserfall-Karte, Auslage, Nachziehstapel, Ablagestapel, Goldstück, Amulett,
Vulkan, Kartenset, Gold-Karte, „+2“-Karte, Vorrat, Schlusswertung.
"""

from __future__ import annotations

from ..i18n import register_messages

_COLOURS_EN = {
    "blue": "blue",
    "orange": "orange",
    "red": "red",
    "green": "green",
    "yellow": "yellow",
    "purple": "purple",
    "turquoise": "turquoise",
    "white": "white",
    "black": "black",
}
_COLOURS_DE = {
    "blue": "blau",
    "orange": "orange",
    "red": "rot",
    "green": "grün",
    "yellow": "gelb",
    "purple": "lila",
    "turquoise": "türkis",
    "white": "weiß",
    "black": "schwarz",
}
_PHASES_EN = {
    "deal": "the cards are being dealt",
    "lay": "the display is being laid out",
    "bury": "the waterfall card is being put into the draw pile",
    "turn": "a player draws a card or plays a set",
    "draw": "a card is being drawn from the draw pile",
    "refill": "the display is being refilled from the draw pile",
    "choose": "the player takes the cards of a '+2' card",
    "over": "the game is over",
}
_PHASES_DE = {
    "deal": "die Karten werden verteilt",
    "lay": "die Auslage wird ausgelegt",
    "bury": "die Wasserfall-Karte wird in den Nachziehstapel gesteckt",
    "turn": "ein Held zieht eine Karte oder spielt ein Kartenset aus",
    "draw": "eine Karte wird vom Nachziehstapel gezogen",
    "refill": "die Auslage wird vom Nachziehstapel aufgefüllt",
    "choose": "der Held nimmt die Karten einer „+2“-Karte",
    "over": "das Spiel ist aus",
}

EN: dict[str, str] = {
    "title": "Heroes of Kaskaria",
    **{f"colour.{c}": w for c, w in _COLOURS_EN.items()},
    **{f"Colour.{c}": w.capitalize() for c, w in _COLOURS_EN.items()},
    "motif.griffin": "griffin",
    "motif.runner": "cliff runner",
    "motif.gold": "gold",
    "motif.plus2": "+2",
    "Motif.griffin": "Griffin",
    "Motif.runner": "Cliff runner",
    "Motif.gold": "Gold",
    "Motif.plus2": "+2",
    "card": "{colour} {motif}",
    "cards_one": "{n} card",
    "cards_many": "{n} cards",
    "gold_one": "{n} gold",
    "gold_many": "{n} gold",
    "fields_one": "{n} field",
    "fields_many": "{n} fields",
    "unit.gold": "gold",
    **{f"phase.{p}": w for p, w in _PHASES_EN.items()},
    # rules an illegal action breaks
    "rule.over": "the game is over",
    "rule.not_a_decision": "it is not a player's decision now ({phase})",
    "rule.bury_range": (
        "the waterfall card can go in below {lo} to {hi} cards of the draw pile, nowhere else"
    ),
    "rule.bury_now": "the waterfall card is being put into the pile: only its place can follow",
    "rule.waterfall_next": "the next card of the draw pile is the waterfall card",
    "rule.bury_only_after": "the waterfall card goes into the pile only after it has shown",
    "rule.waterfall_not_next": "the waterfall card is not the next card of the draw pile",
    "rule.not_in_pile": "there is no {card} card left in the draw pile",
    "rule.chance_only": "which card comes off the pile is chance, not a player's decision",
    "rule.plus2_first": (
        "first take the cards of the '+2' card: {n} more, each from the draw pile or the display"
    ),
    "rule.display_empty": "place {slot} of the display holds no card",
    "rule.plus2_only_after": "a '+2' card's cards are taken only right after its set is played",
    "rule.no_pass": "a player who can draw or play must do one of them; nobody may just pass",
    "rule.hand_full": (
        "a hand holds at most {limit} cards: with {limit} cards you must play a set (with this "
        "many cards you always have one)"
    ),
    "rule.no_card": "there is no card left to draw",
    "rule.set_of_one": "a set has at least 2 cards of one colour",
    "rule.not_in_hand_one": "you do not have a {card} card in your hand",
    "rule.not_in_hand_many": "you do not have {n} {card} cards in your hand",
    "rule.whole_colour": (
        "a set holds every {colour} card in your hand (option whole_colour=True)"
    ),
    "rule.misfit": "it does not fit the moment ({phase})",
    # log lines (state.action_text)
    "log.draws_hidden": "{who} draws a card",
    "log.draws": "{who} draws the {card}",
    "log.draws_you": "you draw the {card}",
    "log.to_display": "the {card} is laid out in the display",
    "log.waterfall": (
        "the waterfall card shows: the discard pile, the draw pile and the waterfall card are "
        "shuffled into a new draw pile"
    ),
    "log.bury": "the waterfall card goes into the draw pile at a place nobody knows",
    "log.bury_seen_one": "the waterfall card goes into the draw pile below {n} card",
    "log.bury_seen_many": "the waterfall card goes into the draw pile below {n} cards",
    "log.draw_pile": "{who} takes a card from the draw pile",
    "log.draw_pile_you": "you take a card from the draw pile",
    "log.plus2_pile": "{who} takes a '+2' card from the draw pile",
    "log.plus2_pile_you": "you take a '+2' card from the draw pile",
    "log.take": "{who} takes the {card} from the display",
    "log.take_you": "you take the {card} from the display",
    "log.play": "{who} plays a {colour} set of {cards}",
    "log.play_you": "you play a {colour} set of {cards}",
    "log.pass": "{who} can do nothing and passes",
    "log.pass_you": "you can do nothing and pass",
    # chance, as the table names it
    "chance.deal": "deal the cards",
    "chance.draw": "draw the card",
    "chance.refill": "refill the display",
    "chance.waterfall": "shuffle in the waterfall card",
    # variants
    "variant.basic": "basic rules",
    "variant.brave": "brave heroes",
}

DE: dict[str, str] = {
    "title": "Die Helden von Kaskaria",
    **{f"colour.{c}": w for c, w in _COLOURS_DE.items()},
    **{f"Colour.{c}": w.capitalize() for c, w in _COLOURS_DE.items()},
    "motif.griffin": "Schuppengreif",
    "motif.runner": "Klippenläufer",
    "motif.gold": "Gold",
    "motif.plus2": "+2",
    "Motif.griffin": "Schuppengreif",
    "Motif.runner": "Klippenläufer",
    "Motif.gold": "Gold",
    "Motif.plus2": "+2",
    "card": "{motif} ({colour})",
    "cards_one": "{n} Karte",
    "cards_many": "{n} Karten",
    "gold_one": "{n} Goldstück",
    "gold_many": "{n} Goldstücke",
    "fields_one": "{n} Feld",
    "fields_many": "{n} Felder",
    "unit.gold": "Goldstücke",
    **{f"phase.{p}": w for p, w in _PHASES_DE.items()},
    "rule.over": "das Spiel ist aus",
    "rule.not_a_decision": "jetzt entscheidet kein Held ({phase})",
    "rule.bury_range": (
        "die Wasserfall-Karte kann nur unter {lo} bis {hi} Karten des Nachziehstapels stecken"
    ),
    "rule.bury_now": (
        "die Wasserfall-Karte wird gerade in den Stapel gesteckt: nur ihre Stelle kann folgen"
    ),
    "rule.waterfall_next": "die nächste Karte des Nachziehstapels ist die Wasserfall-Karte",
    "rule.bury_only_after": (
        "die Wasserfall-Karte kommt erst in den Stapel, nachdem sie aufgedeckt wurde"
    ),
    "rule.waterfall_not_next": "die Wasserfall-Karte ist nicht die nächste Karte des Stapels",
    "rule.not_in_pile": "im Nachziehstapel ist keine Karte {card} mehr",
    "rule.chance_only": "welche Karte vom Stapel kommt, entscheidet der Zufall, kein Held",
    "rule.plus2_first": (
        "nimm erst die Karten der „+2“-Karte: noch {n}, jede vom Nachziehstapel oder aus der "
        "Auslage"
    ),
    "rule.display_empty": "auf Platz {slot} der Auslage liegt keine Karte",
    "rule.plus2_only_after": (
        "die Karten einer „+2“-Karte nimmt man nur direkt nach dem Ausspielen ihres Kartensets"
    ),
    "rule.no_pass": "wer ziehen oder ausspielen kann, muss eins davon tun; aussetzen gibt es nicht",
    "rule.hand_full": (
        "auf der Hand sind höchstens {limit} Karten erlaubt: mit {limit} Karten musst du ein "
        "Kartenset ausspielen (so viele Karten enthalten immer eins)"
    ),
    "rule.no_card": "es ist keine Karte mehr zum Ziehen da",
    "rule.set_of_one": "ein Kartenset hat mindestens 2 Karten derselben Farbe",
    "rule.not_in_hand_one": "du hast keine Karte {card} auf der Hand",
    "rule.not_in_hand_many": "du hast keine {n} Karten {card} auf der Hand",
    "rule.whole_colour": (
        "ein Kartenset enthält jede Karte der Farbe {colour} auf deiner Hand (Option "
        "whole_colour=True)"
    ),
    "rule.misfit": "das passt gerade nicht ({phase})",
    "log.draws_hidden": "{who} zieht eine Karte",
    "log.draws": "{who} zieht die Karte {card}",
    "log.draws_you": "du ziehst die Karte {card}",
    "log.to_display": "die Karte {card} kommt in die Auslage",
    "log.waterfall": (
        "die Wasserfall-Karte ist aufgedeckt: Ablagestapel, Nachziehstapel und Wasserfall-Karte "
        "werden zu einem neuen Nachziehstapel gemischt"
    ),
    "log.bury": "die Wasserfall-Karte kommt an eine unbekannte Stelle im Nachziehstapel",
    "log.bury_seen_one": "die Wasserfall-Karte kommt im Nachziehstapel unter {n} Karte",
    "log.bury_seen_many": "die Wasserfall-Karte kommt im Nachziehstapel unter {n} Karten",
    "log.draw_pile": "{who} nimmt eine Karte vom Nachziehstapel",
    "log.draw_pile_you": "du nimmst eine Karte vom Nachziehstapel",
    "log.plus2_pile": "{who} nimmt für „+2“ eine Karte vom Nachziehstapel",
    "log.plus2_pile_you": "du nimmst für „+2“ eine Karte vom Nachziehstapel",
    "log.take": "{who} nimmt die Karte {card} aus der Auslage",
    "log.take_you": "du nimmst die Karte {card} aus der Auslage",
    "log.play": "{who} spielt ein Kartenset aus {cards} ({colour})",
    "log.play_you": "du spielst ein Kartenset aus {cards} ({colour})",
    "log.pass": "{who} kann nichts tun und setzt aus",
    "log.pass_you": "du kannst nichts tun und setzt aus",
    "chance.deal": "Karten verteilen",
    "chance.draw": "Karte ziehen",
    "chance.refill": "Auslage auffüllen",
    "chance.waterfall": "Wasserfall-Karte einmischen",
    "variant.basic": "Grundspiel",
    "variant.brave": "für besonders mutige Kaskarier",
}

register_messages("heroes", {"en": EN, "de": DE})
