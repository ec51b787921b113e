"""The words of Heroes of Kaskaria's hints and "what if?" (:mod:`.hints`), in English and German.

Short sentences for children (at most about 15 words each); the German words are those of the
German rulebook (Schuppengreif, Klippenläufer, Auslage, Nachziehstapel).
"""

from __future__ import annotations

from ..i18n import register_messages

EN: dict[str, str] = {
    "play": "Play {n} {colour} cards: {effects}.",
    "play.finish": "Play your {colour} cards now: they end the game and you win.",
    "effect.griffin_one": "your griffin flies {n} field",
    "effect.griffin_many": "your griffin flies {n} fields",
    "effect.runner_one": "your cliff runner runs {n} field",
    "effect.runner_many": "your cliff runner runs {n} fields",
    "effect.gold": "you get {n} gold",
    "effect.draw_one": "you take {n} card",
    "effect.draw_many": "you take {n} cards",
    "list.griffin_one": "griffin {n} field",
    "list.griffin_many": "griffin {n} fields",
    "list.runner_one": "cliff runner {n} field",
    "list.runner_many": "cliff runner {n} fields",
    "list.gold": "{n} gold",
    "list.draw_one": "{n} card",
    "list.draw_many": "{n} cards",
    "take": "Take the {card}: then you have {n} {colour} cards.",
    "take.new": "Take the {card}: it starts a new colour.",
    "draw": "Take a card from the draw pile: it fits your colours {p} times in 100.",
    "draw.first": "Take a card from the draw pile.",
    "whatif.took": "You took the {card}. The draw pile would have fitted your colours {p} times in 100.",
    "whatif.took_first": "You took the {card} to start your first colour.",
    "whatif.drew": "You took a card from the draw pile. The {card} would have given you {n} {colour} cards.",
    "whatif.drew_none": "You took a card from the draw pile. No card on display fitted your colours.",
    "whatif.none": "You took no card on that turn.",
    "verdict.same": "The best player would have done the same.",
    "verdict.other": "The best player would have chosen: {move}.",
}

DE: dict[str, str] = {
    "play": "Spiel {n} Karten in {Colour}: {effects}.",
    "play.finish": "Spiel deine Karten in {Colour} jetzt aus: Damit endet das Spiel, und du gewinnst.",
    "effect.griffin_one": "dein Schuppengreif fliegt {n} Feld",
    "effect.griffin_many": "dein Schuppengreif fliegt {n} Felder",
    "effect.runner_one": "dein Klippenläufer läuft {n} Feld",
    "effect.runner_many": "dein Klippenläufer läuft {n} Felder",
    "effect.gold": "du bekommst {n} Gold",
    "effect.draw_one": "du ziehst {n} Karte",
    "effect.draw_many": "du ziehst {n} Karten",
    "list.griffin_one": "Schuppengreif {n} Feld",
    "list.griffin_many": "Schuppengreif {n} Felder",
    "list.runner_one": "Klippenläufer {n} Feld",
    "list.runner_many": "Klippenläufer {n} Felder",
    "list.gold": "{n} Gold",
    "list.draw_one": "{n} Karte",
    "list.draw_many": "{n} Karten",
    "take": "Nimm {card}: Dann hast du {n} Karten in {Colour}.",
    "take.new": "Nimm {card}: Damit fängst du eine neue Farbe an.",
    "draw": "Zieh eine Karte vom Nachziehstapel: Sie passt {p}-mal von 100 zu deinen Farben.",
    "draw.first": "Zieh eine Karte vom Nachziehstapel.",
    "whatif.took": "Du hast {card} genommen. Der Nachziehstapel hätte {p}-mal von 100 zu deinen Farben gepasst.",
    "whatif.took_first": "Du hast {card} genommen und damit deine erste Farbe angefangen.",
    "whatif.drew": "Du hast vom Nachziehstapel gezogen. Mit {card} hättest du {n} Karten in {Colour} gehabt.",
    "whatif.drew_none": "Du hast vom Nachziehstapel gezogen. Keine Karte der Auslage passte zu deinen Farben.",
    "whatif.none": "In diesem Zug hast du keine Karte genommen.",
    "verdict.same": "Wer am besten spielt, hätte es genauso gemacht.",
    "verdict.other": "Wer am besten spielt, hätte gewählt: {move}.",
}

register_messages("hints-heroes", {"en": EN, "de": DE})
