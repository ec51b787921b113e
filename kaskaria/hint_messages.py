"""The words of the hints and of "what if?" (:mod:`kaskaria.hints`), in English and German.

Short sentences for children, one number a child knows in each ("78 times in 100"); the German
words are those of the German rulebooks (Drache, Würfel, Sterne; Schuppengreif, Klippenläufer,
Auslage, Nachziehstapel; Abenteurer, Schatzsteine, keine Einigung).
"""

from __future__ import annotations

from .i18n import register_messages

EN: dict[str, str] = {
    # numbers and joins
    "and": "and",
    "decimal": ".",
    "rate": "I tried it in {n} imagined games: it won {rate} times in 100.",
    "by_bot": "The {bot} bot would do this: {move}.",
    "move": "Best move: {move}.",
    # Dragon Battle: hints
    "db.start": "Roll all the dice: a first roll fails only 1 time in 1296.",
    "db.roll.win": (
        "Roll again: the roll works {works} times in 100. Rolling gives you {win} chances in 100 "
        "to win, stopping {other}."
    ),
    "db.roll.stars": "Roll again: the roll works {works} times in 100, and on average you gain {gain} stars.",
    "db.stop.win": (
        "Stop and keep {stars}. Stopping gives you {win} chances in 100 to win, rolling {other}."
    ),
    "db.stop.stars": "Stop and keep {stars}: the next roll would fail {fail} times in 100.",
    "db.place.win": "Put {dice} {on}: that gives you {win} chances in 100 to win.",
    "db.place.stars": "Put {dice} {on}: then this turn brings {stars} stars on average.",
    # Dragon Battle: what if?
    "db.whatif.failed": (
        "Had you stopped, you would have kept {stars}. You rolled on: the roll failed, which "
        "happens {fail} times in 100."
    ),
    "db.whatif.worked": (
        "You rolled on and it worked, which happens {works} times in 100. Had you stopped, you "
        "would have kept {stars}."
    ),
    "db.whatif.stopped": (
        "You stopped and kept {stars}. Rolling on would have worked {works} times in 100."
    ),
    "db.whatif.none": "This turn had no choice between rolling and stopping.",
    "db.verdict.same_roll": "A good choice: the best player would have rolled on too.",
    "db.verdict.same_stop": "A good choice: the best player would have stopped too.",
    "db.verdict.brave": "A brave choice, and the best player would have stopped.",
    "db.verdict.careful": "A careful choice, but the best player would have rolled on.",
    # Heroes of Kaskaria: hints
    "heroes.play": "Play your {n} {colour} cards: {effects}.",
    "heroes.play.finish": "Play your {colour} cards now: they end the game and you win.",
    "heroes.effect.griffin_one": "your griffin flies {n} field",
    "heroes.effect.griffin_many": "your griffin flies {n} fields",
    "heroes.effect.runner_one": "your cliff runner runs {n} field",
    "heroes.effect.runner_many": "your cliff runner runs {n} fields",
    "heroes.effect.gold": "you get {n} gold",
    "heroes.effect.draw_one": "you take {n} card",
    "heroes.effect.draw_many": "you take {n} cards",
    "heroes.take": "Take the {card}: then you have {n} {colour} cards.",
    "heroes.take.new": "Take the {card}: it starts a new colour.",
    "heroes.draw": "Take a card from the draw pile: it fits your colours {p} times in 100.",
    "heroes.pass": "You can only pass now.",
    # Heroes of Kaskaria: what if?
    "heroes.whatif.took": (
        "You took the {card}. The draw pile would have fitted your colours {p} times in 100."
    ),
    "heroes.whatif.drew": (
        "You took a card from the draw pile. The {card} would have given you {n} {colour} cards."
    ),
    "heroes.whatif.drew_none": (
        "You took a card from the draw pile. No card on display fitted your colours."
    ),
    "heroes.whatif.none": "You took no card on that turn.",
    "heroes.verdict.same": "The best player would have done the same.",
    "heroes.verdict.other": "The best player would have chosen: {move}.",
    # Dragon's Gold: hints
    "dg.send.alone": "Send {adventurer} to dragon {place}: it kills the dragon, and the treasure is all yours.",
    "dg.send.shared_one": "Send {adventurer} to dragon {place}: it kills the dragon; you share with {n} other player.",
    "dg.send.shared_many": "Send {adventurer} to dragon {place}: it kills the dragon; you share with {n} other players.",
    "dg.send.short": "Send {adventurer} to dragon {place}: then it needs only {n} more strength.",
    "dg.propose": "Propose this split: you keep tokens worth {points} points to you.",
    "dg.no_deal": "Say no deal: nobody gets this treasure, the others neither.",
    "dg.accept": (
        "Accept: these tokens are worth {points} points to you; if nobody agrees, the whole "
        "treasure leaves the game."
    ),
    "dg.refuse": "Refuse: these tokens are worth only {points} points to you.",
    "dg.answer_no_deal": "Say no deal: the others would gain more from this treasure than you.",
    "dg.choose": "Take pile {k}: it is worth {points} points to you.",
    "dg.rob": "Rob player {n}: a token from there is worth {points} points to you on average.",
    "dg.rob_none": "Steal nothing: a token from there would cost you points.",
    # Dragon's Gold: what if?
    "dg.whatif.refused": "You refused tokens worth {points} points to you.",
    "dg.whatif.accepted": "You accepted tokens worth {points} points to you.",
    "dg.whatif.lost": "Nobody agreed, so the whole treasure left the game.",
    "dg.whatif.got": "In the end you got tokens worth {points} points to you.",
    "dg.whatif.none": "You answered no proposal yet.",
    "dg.verdict.same": "The best player would have answered the same.",
    "dg.verdict.other": "The best player would have chosen: {move}.",
}

DE: dict[str, str] = {
    "and": "und",
    "decimal": ",",
    "rate": "Ich habe es in {n} ausgedachten Spielen probiert: {rate} von 100 gewonnen.",
    "by_bot": "Der Bot {bot} würde das tun: {move}.",
    "move": "Bester Zug: {move}.",
    "db.start": "Würfle mit allen Würfeln: der erste Wurf misslingt nur 1 Mal von 1296.",
    "db.roll.win": (
        "Würfle weiter: der Wurf klappt {works} Mal von 100. Weiterwürfeln gibt dir {win} "
        "Chancen von 100 auf den Sieg, Aufhören {other}."
    ),
    "db.roll.stars": (
        "Würfle weiter: der Wurf klappt {works} Mal von 100, und du gewinnst im Schnitt {gain} "
        "Sterne dazu."
    ),
    "db.stop.win": (
        "Hör auf und behalte {stars}. Aufhören gibt dir {win} Chancen von 100 auf den Sieg, "
        "Weiterwürfeln {other}."
    ),
    "db.stop.stars": "Hör auf und behalte {stars}: der nächste Wurf misslänge {fail} Mal von 100.",
    "db.place.win": "Leg {dice} {on}: das gibt dir {win} Chancen von 100 auf den Sieg.",
    "db.place.stars": "Leg {dice} {on}: dann bringt dieser Zug im Schnitt {stars} Sterne.",
    "db.whatif.failed": (
        "Hättest du aufgehört, hättest du {stars} behalten. Du hast weitergewürfelt: der Wurf "
        "ist misslungen, das passiert {fail} Mal von 100."
    ),
    "db.whatif.worked": (
        "Du hast weitergewürfelt, und es hat geklappt, das passiert {works} Mal von 100. Hättest "
        "du aufgehört, hättest du {stars} behalten."
    ),
    "db.whatif.stopped": (
        "Du hast aufgehört und {stars} behalten. Weiterwürfeln hätte {works} Mal von 100 geklappt."
    ),
    "db.whatif.none": "In diesem Zug gab es keine Wahl zwischen Weiterwürfeln und Aufhören.",
    "db.verdict.same_roll": "Gut gewählt: die beste Spielerin hätte auch weitergewürfelt.",
    "db.verdict.same_stop": "Gut gewählt: die beste Spielerin hätte auch aufgehört.",
    "db.verdict.brave": "Mutig, und die beste Spielerin hätte aufgehört.",
    "db.verdict.careful": "Vorsichtig, aber die beste Spielerin hätte weitergewürfelt.",
    "heroes.play": "Spiel deine {n} Karten in {colour} aus: {effects}.",
    "heroes.play.finish": (
        "Spiel deine Karten in {colour} jetzt aus: damit endet das Spiel, und du gewinnst."
    ),
    "heroes.effect.griffin_one": "dein Schuppengreif fliegt {n} Feld",
    "heroes.effect.griffin_many": "dein Schuppengreif fliegt {n} Felder",
    "heroes.effect.runner_one": "dein Klippenläufer läuft {n} Feld",
    "heroes.effect.runner_many": "dein Klippenläufer läuft {n} Felder",
    "heroes.effect.gold": "du bekommst {n} Gold",
    "heroes.effect.draw_one": "du ziehst {n} Karte",
    "heroes.effect.draw_many": "du ziehst {n} Karten",
    "heroes.take": "Nimm {card}: dann hast du {n} Karten in {colour}.",
    "heroes.take.new": "Nimm {card}: damit fängst du eine neue Farbe an.",
    "heroes.draw": "Zieh eine Karte vom Nachziehstapel: sie passt {p} Mal von 100 zu deinen Farben.",
    "heroes.pass": "Du kannst jetzt nur passen.",
    "heroes.whatif.took": (
        "Du hast {card} genommen. Der Nachziehstapel hätte {p} Mal von 100 zu deinen Farben gepasst."
    ),
    "heroes.whatif.drew": (
        "Du hast vom Nachziehstapel gezogen. Mit {card} hättest du {n} Karten in {colour} gehabt."
    ),
    "heroes.whatif.drew_none": (
        "Du hast vom Nachziehstapel gezogen. Keine Karte der Auslage passte zu deinen Farben."
    ),
    "heroes.whatif.none": "In diesem Zug hast du keine Karte genommen.",
    "heroes.verdict.same": "Die beste Spielerin hätte es genauso gemacht.",
    "heroes.verdict.other": "Die beste Spielerin hätte gewählt: {move}.",
    "dg.send.alone": (
        "Schick {adventurer} zu Drache {place}: er besiegt den Drachen, und der Schatz gehört "
        "ganz dir."
    ),
    "dg.send.shared_one": (
        "Schick {adventurer} zu Drache {place}: er besiegt den Drachen; du teilst mit {n} "
        "anderen Spieler."
    ),
    "dg.send.shared_many": (
        "Schick {adventurer} zu Drache {place}: er besiegt den Drachen; du teilst mit {n} "
        "anderen Spielern."
    ),
    "dg.send.short": "Schick {adventurer} zu Drache {place}: dann fehlen nur noch {n} Stärke.",
    "dg.propose": "Schlag diese Teilung vor: du behältst Schatzsteine, die dir {points} Punkte bringen.",
    "dg.no_deal": "Sag keine Einigung: niemand bekommt diesen Schatz, die anderen auch nicht.",
    "dg.accept": (
        "Nimm an: diese Schatzsteine bringen dir {points} Punkte; ohne Einigung kommt der ganze "
        "Schatz aus dem Spiel."
    ),
    "dg.refuse": "Lehne ab: diese Schatzsteine bringen dir nur {points} Punkte.",
    "dg.answer_no_deal": ("Sag keine Einigung: die anderen hätten von diesem Schatz mehr als du."),
    "dg.choose": "Nimm Haufen {k}: er bringt dir {points} Punkte.",
    "dg.rob": (
        "Bestiehl Spieler {n}: ein Schatzstein von dort bringt dir im Schnitt {points} Punkte."
    ),
    "dg.rob_none": "Stiehl nichts: ein Schatzstein von dort würde dich Punkte kosten.",
    "dg.whatif.refused": "Du hast Schatzsteine abgelehnt, die dir {points} Punkte gebracht hätten.",
    "dg.whatif.accepted": "Du hast Schatzsteine angenommen, die dir {points} Punkte bringen.",
    "dg.whatif.lost": "Niemand war einverstanden, darum kam der ganze Schatz aus dem Spiel.",
    "dg.whatif.got": "Am Ende hast du Schatzsteine bekommen, die dir {points} Punkte bringen.",
    "dg.whatif.none": "Du hast noch auf keinen Vorschlag geantwortet.",
    "dg.verdict.same": "Die beste Spielerin hätte genauso geantwortet.",
    "dg.verdict.other": "Die beste Spielerin hätte gewählt: {move}.",
}

register_messages("hints", {"en": EN, "de": DE})
