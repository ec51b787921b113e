"""Every learner-facing sentence of Dragon Battle, in English and in German.

German game terms follow HABA's German rulebook of *Drachenschreck*: Drachen, Burgbewohner,
Gaukler, Brunnen, Farbwürfel, Joker-Farbe Silber, Nachziehstapel, Fehlwurf, Sterne, erschrecken,
befreien.
"""

from __future__ import annotations

from ..i18n import register_messages

_COLOURS_EN = {
    "yellow": "yellow",
    "red": "red",
    "blue": "blue",
    "purple": "purple",
    "black": "black",
    "silver": "silver",
}
# A colour standing alone is a noun in German ("kein Rot", "Silber auf Blau"); as an adjective it
# is inflected in the dragon phrases below.
_COLOURS_DE = {
    "yellow": "Gelb",
    "red": "Rot",
    "blue": "Blau",
    "purple": "Lila",
    "black": "Schwarz",
    "silver": "Silber",
}
# "der gelbe Drache", "den gelben Drachen", ...: German inflects the colour word.
_DE_DRAGON = {
    "yellow": ("der gelbe Drache", "den gelben Drachen", "dem gelben Drachen"),
    "red": ("der rote Drache", "den roten Drachen", "dem roten Drachen"),
    "blue": ("der blaue Drache", "den blauen Drachen", "dem blauen Drachen"),
    "purple": ("der lila Drache", "den lila Drachen", "dem lila Drachen"),
}

_DE_DRAGON_TITLE = {
    "yellow": "Gelber Drache",
    "red": "Roter Drache",
    "blue": "Blauer Drache",
    "purple": "Lila Drache",
}

# The accusative article of each resident ("befreit den König und die Magd").
_ARTICLE_ACC_DE = {
    "king": "den",
    "queen": "die",
    "princess": "die",
    "prince": "den",
    "wizard": "den",
    "knight": "den",
    "cook": "den",
    "guard": "die",
    "minstrel": "den",
    "falconer": "den",
    "maid": "die",
    "baker": "den",
    "smith": "den",
    "gardener": "die",
    "tailor": "die",
    "page": "den",
    "groom": "den",
    "shepherd": "die",
    "miller": "den",
    "weaver": "die",
}

_RESIDENTS_DE = {
    "king": "König",
    "queen": "Königin",
    "princess": "Prinzessin",
    "prince": "Prinz",
    "wizard": "Zauberer",
    "knight": "Ritter",
    "cook": "Koch",
    "guard": "Wache",
    "minstrel": "Spielmann",
    "falconer": "Falkner",
    "maid": "Magd",
    "baker": "Bäcker",
    "smith": "Schmied",
    "gardener": "Gärtnerin",
    "tailor": "Schneiderin",
    "page": "Page",
    "groom": "Stallbursche",
    "shepherd": "Schäferin",
    "miller": "Müller",
    "weaver": "Weberin",
}

EN: dict[str, str] = {
    "title": "Dragon Battle",
    **{f"resident.{n}": n for n in _RESIDENTS_DE},
    **{f"the_resident.{n}": f"the {n}" for n in _RESIDENTS_DE},
    # nouns
    **{f"colour.{c}": w for c, w in _COLOURS_EN.items()},
    **{f"Colour.{c}": w.capitalize() for c, w in _COLOURS_EN.items()},
    **{f"the_dragon.{c}": f"the {c} dragon" for c in _DE_DRAGON},
    **{f"the_dragon_acc.{c}": f"the {c} dragon" for c in _DE_DRAGON},
    **{f"the_dragon_dat.{c}": f"the {c} dragon" for c in _DE_DRAGON},
    **{f"on_the_dragon.{c}": f"on the {c} dragon" for c in _DE_DRAGON},
    **{f"Dragon.{c}": f"{c.capitalize()} dragon" for c in _DE_DRAGON},
    "dice_one": "{n} die",
    "dice_many": "{n} dice",
    "stars_one": "{n} star",
    "stars_many": "{n} stars",
    "residents_one": "{n} resident",
    "residents_many": "{n} residents",
    "jugglers_one": "{n} juggler",
    "jugglers_many": "{n} jugglers",
    "unit.stars": "stars",
    "unit.residents": "residents",
    # phases (in rule messages)
    "phase.draw": "a resident is being drawn from the pile",
    "phase.start": "the scare starts with a roll of all dice",
    "phase.rolling": "the dice are being rolled",
    "phase.place": "one colour of the roll {rolled} must be set aside",
    "phase.decide": "roll the {hand} dice in hand again, or stop",
    "phase.over": "the game is over",
    # rules an illegal action breaks
    "rule.over": "the game is over",
    "rule.not_a_decision": "it is not a player's decision now ({phase})",
    "rule.draw_only_to_fill": "residents are drawn only to fill an empty place under a dragon",
    "rule.not_in_pile": "{name} is not in the draw pile",
    "rule.dice_decide": "dice results come from the dice, not from a player's decision",
    "rule.roll_size": "{hand} dice are being rolled, so a result shows exactly {hand} faces",
    "rule.place_first": "after a roll you must first set aside one colour that can be placed",
    "rule.no_stop_before_roll": "you cannot stop before you have scared a dragon: roll first",
    "rule.place_before_stop": "you must first set aside one colour of this roll",
    "rule.place_after_roll": "you may place dice only right after a roll, once per roll",
    "rule.dragon_taken": "{dragon} already holds dice; dice go only on an empty dragon",
    "rule.no_such_die": "this roll shows no {colour} die",
    "rule.silver_alone": (
        "silver dice are placed on their own, not together with a colour "
        "(option silver_with_colour=False)"
    ),
    "rule.no_silver": "this roll shows no silver die",
    "rule.misfit": "it does not fit the moment ({phase})",
    # log lines (state.action_text)
    "log.draw": "{name} ({stars}) is drawn for {dragon}",
    "log.draw_hidden": "a resident is drawn for {dragon} (now face down)",
    "log.roll_decision": "{who} rolls {dice}",
    "log.roll_result": "the dice show {faces}",
    "log.place": "{who} puts {dice} {on}",
    "log.place_silver": "{who} puts {dice} of silver {on}",
    "log.stop": "{who} stops",
    "log.pile": "Pile",
    "log.dice": "Dice",
    "log.hidden_note": "a resident, face down under {dragon}",
    "log.fails_note": ": the scare fails",
    "log.rescues": "rescues {names}",
    "undo.dice_stand": (
        "Dice results stand: after '{taken}' the dice showed {shown}, and a roll cannot be taken "
        "back."
    ),
    "undo.draws_stand": (
        "Cannot undo '{taken}': new residents ({drawn}) were drawn from the pile after it, and "
        "draws stand like dice."
    ),
    # narration (the table's messages)
    "say.decides_roll": "{who} decides to roll: {dice} in hand.",
    "say.decides_roll_again": "{who} decides to roll again: {dice} in hand.",
    "say.rolls": "{who} rolls {dice}: {letters} ({faces}).",
    "say.black_one": "The black die goes into the well.",
    "say.black_many": "{n} black dice go into the well.",
    "say.puts": "{who} puts {dice} {on}.",
    "say.all_placed": "All dice are placed, so the scare ends.",
    "say.stops": "{who} stops.",
    "say.success": "The scare succeeds: {who} rescues {names}, {stars} in all.",
    "say.rescued_one": "{name} ({stars})",
    "say.all_black": "Every die showed black, so no dragon could be scared",
    "say.taken_one": (
        "The roll showed {colours}, but {dragons} already holds dice; dice go only on an empty "
        "dragon of their colour, so nothing could be placed"
    ),
    "say.taken_many": (
        "The roll showed {colours}, but {dragons} already hold dice; dice go only on an empty "
        "dragon of their colour, so nothing could be placed"
    ),
    "say.fails": (
        "{why}. The scare fails: the residents stay with their dragons and the dice placed this "
        "turn rescue no one. {consolation}"
    ),
    "say.juggler": "{who} takes a juggler ({stars}) as consolation.",
    "say.no_juggler": "No jugglers are left, so there is no consolation.",
    "say.refill": "From the pile: {names}.",
    "say.refill_memory": "Remember them: they turn face down at the first roll.",
    "say.drawn": "{name} ({stars}) under {dragon}",
    "say.over": "The game is over: the pile cannot fill all four places.",
    "say.wins": "{names} wins with {score} {unit}.",
    "say.share": "{names} share the win with {score} {unit}.",
    # prompts
    "prompt.start": "{who}: roll all {dice}.",
    "prompt.place": "{who}: set aside one colour of the roll.",
    "prompt.decide": "{who}: roll the {dice} in hand again, or stop.",
    "prompt.chance_roll": "Next: the {dice} must be rolled.",
    "prompt.chance_refill": "Next: empty places under the dragons must be refilled from the pile.",
    "chance.roll": "roll the dice",
    "chance.refill": "refill from pile",
    "chance_words.roll": "the {dice} must be rolled",
    "chance_words.refill": "empty places under the dragons must be refilled from the pile",
    # the status line under the table
    "status.draw": "Player {n} next: refilling the empty places",
    "status.start": "Player {n}: roll all dice",
    "status.rolling": "Player {n}: the dice are rolling",
    "status.place": "Player {n}: set one colour aside",
    "status.decide": "Player {n}: roll again or stop",
    "status.over": "Game over: Player {winners} wins",
    "status.dice": "well {well} · in hand {hand}",
    "status.rolled": "rolled: {faces}",
    "status.supply": "pile {pile} · jugglers left {jugglers}",
    "status.stars": "stars {stars}",
    # buttons
    "button.roll": "Roll ({dice})",
    "button.roll_again": "Roll again ({dice})",
    "button.stop_stars": "Stop and take {stars}",
    "button.stop_rescue_one": "Stop and rescue {n} resident",
    "button.stop_rescue_many": "Stop and rescue {n} residents",
    "button.stop_rescue_stars": "{label} ({stars})",
    "button.place": "Place {colour} ({dice})",
    "button.with_silver": "{Colour} with silver ({dice})",
    "button.silver_on": "Silver on {colour} ({dice})",
    "button.silver_group": "Silver ({dice}) on:",
    # the board
    "board.face_down": "Face down",
    "board.unknown_stars": "? stars",
    "board.no_resident": "No resident",
    "board.no_dice": "no dice",
    "board.scared": "scared",
    "board.well": "Well ({dice})",
    "board.rolled": "Rolled, to place",
    "board.last_roll": "last roll: {letters}",
    "board.hand": "In hand ({dice})",
    "board.hand_over": "In hand",
    "board.supply": "Supply",
    "board.pile": "Pile: {residents}",
    "board.jugglers_left": "Jugglers left: {n} ({stars} each)",
    "board.empty": "empty",
    "board.none": "none",
    "board.no_residents": "no residents yet",
    "board.jugglers": "Jugglers: {n}",
    "board.score_stars": "{stars} ★",
    "board.score_residents": "{n} residents ({stars} ★)",
    # the meter
    "meter.title": "Should I roll again?",
    "meter.off": "No help: the odds are hidden.",
    "meter.wait": "The odds appear when it is time to choose: roll again or stop.",
    "meter.fail": "Next roll of {dice} fails:",
    "meter.roll": "Roll on: expect",
    "meter.stop": "Stop now: take",
    "meter.better": "better",
    "meter.show": "Show the odds",
    "meter.hide": "Hide the odds",
    "meter.guess": "A face-down resident counts as the average of the residents you have not seen.",
    # variants
    "variant.basic": "basic rules",
    "variant.younger": "younger children",
    "variant.memory": "memory game",
}

DE: dict[str, str] = {
    "title": "Drachenschreck",
    **{f"resident.{n}": w for n, w in _RESIDENTS_DE.items()},
    **{f"the_resident.{n}": f"{_ARTICLE_ACC_DE[n]} {w}" for n, w in _RESIDENTS_DE.items()},
    **{f"colour.{c}": w for c, w in _COLOURS_DE.items()},
    **{f"Colour.{c}": w.capitalize() for c, w in _COLOURS_DE.items()},
    **{f"the_dragon.{c}": d[0] for c, d in _DE_DRAGON.items()},
    **{f"the_dragon_acc.{c}": d[1] for c, d in _DE_DRAGON.items()},
    **{f"the_dragon_dat.{c}": d[2] for c, d in _DE_DRAGON.items()},
    **{f"on_the_dragon.{c}": "auf " + d[1] for c, d in _DE_DRAGON.items()},
    # a title without an article: "Gelber Drache" (strong ending), not "Gelbe drache"
    **{f"Dragon.{c}": t for c, t in _DE_DRAGON_TITLE.items()},
    "dice_one": "{n} Würfel",
    "dice_many": "{n} Würfel",
    "stars_one": "{n} Stern",
    "stars_many": "{n} Sterne",
    "residents_one": "{n} Burgbewohner",
    "residents_many": "{n} Burgbewohner",
    "jugglers_one": "{n} Gaukler",
    "jugglers_many": "{n} Gaukler",
    "unit.stars": "Sterne",
    "unit.residents": "Burgbewohner",
    "phase.draw": "ein Burgbewohner wird vom Nachziehstapel gezogen",
    "phase.start": "der Drachenschreck beginnt mit einem Wurf aller Würfel",
    "phase.rolling": "die Würfel werden geworfen",
    "phase.place": "eine Farbe des Wurfs {rolled} muss herausgelegt werden",
    "phase.decide": "die {hand} Würfel in der Hand noch einmal werfen oder aufhören",
    "phase.over": "das Spiel ist aus",
    "rule.over": "das Spiel ist aus",
    "rule.not_a_decision": "jetzt entscheidet kein Spieler ({phase})",
    "rule.draw_only_to_fill": "Burgbewohner werden nur gezogen, um einen leeren Platz unter einem Drachen zu füllen",
    "rule.not_in_pile": "{name} liegt nicht im Nachziehstapel",
    "rule.dice_decide": "Würfelergebnisse kommen von den Würfeln, nicht von einer Entscheidung",
    "rule.roll_size": "es werden {hand} Würfel geworfen, also zeigt ein Ergebnis genau {hand} Farben",
    "rule.place_first": "nach einem Wurf musst du zuerst eine Farbe herauslegen, die passt",
    "rule.no_stop_before_roll": "du kannst nicht aufhören, bevor du einen Drachen erschreckt hast: würfle zuerst",
    "rule.place_before_stop": "du musst zuerst eine Farbe dieses Wurfs herauslegen",
    "rule.place_after_roll": "Würfel legst du nur direkt nach einem Wurf heraus, einmal pro Wurf",
    "rule.dragon_taken": "auf {dragon} liegen schon Würfel; Würfel kommen nur auf einen leeren Drachen",
    "rule.no_such_die": "dieser Wurf zeigt kein {colour}",
    "rule.silver_alone": (
        "silberne Würfel kommen allein auf einen Drachen, nicht zusammen mit einer Farbe "
        "(Option silver_with_colour=False)"
    ),
    "rule.no_silver": "dieser Wurf zeigt kein Silber",
    "rule.misfit": "das passt gerade nicht ({phase})",
    "log.draw": "{name} ({stars}) wird für {dragon} gezogen",
    "log.draw_hidden": "ein Burgbewohner wird für {dragon} gezogen (jetzt verdeckt)",
    "log.roll_decision": "{who} wirft {dice}",
    "log.roll_result": "die Würfel zeigen {faces}",
    "log.place": "{who} legt {dice} {on}",
    "log.place_silver": "{who} legt {dice} Silber {on}",
    "log.stop": "{who} hört auf",
    "log.pile": "Stapel",
    "log.dice": "Würfel",
    "log.hidden_note": "ein Burgbewohner, verdeckt unter {dragon}",
    "log.fails_note": ": Fehlwurf",
    "log.rescues": "befreit {names}",
    "undo.dice_stand": (
        "Würfelergebnisse bleiben: nach „{taken}“ zeigten die Würfel {shown}, und ein Wurf lässt "
        "sich nicht zurücknehmen."
    ),
    "undo.draws_stand": (
        "„{taken}“ lässt sich nicht zurücknehmen: danach wurden neue Burgbewohner ({drawn}) vom "
        "Stapel gezogen, und gezogene Plättchen bleiben wie Würfel."
    ),
    "say.decides_roll": "{who} würfelt: {dice} in der Hand.",
    "say.decides_roll_again": "{who} würfelt noch einmal: {dice} in der Hand.",
    "say.rolls": "{who} wirft {dice}: {letters} ({faces}).",
    "say.black_one": "Der schwarze Würfel kommt in den Brunnen.",
    "say.black_many": "{n} schwarze Würfel kommen in den Brunnen.",
    "say.puts": "{who} legt {dice} {on}.",
    "say.all_placed": "Alle Würfel liegen, also endet der Drachenschreck.",
    "say.stops": "{who} hört auf.",
    "say.success": "Der Drachenschreck gelingt: {who} befreit {names}, zusammen {stars}.",
    "say.rescued_one": "{name} ({stars})",
    "say.all_black": "Alle Würfel zeigten Schwarz, also ließ sich kein Drache erschrecken",
    "say.taken_one": (
        "Der Wurf zeigte {colours}, aber auf {dragons} liegen schon Würfel; Würfel kommen nur auf "
        "einen leeren Drachen ihrer Farbe, also ließ sich nichts herauslegen"
    ),
    "say.taken_many": (
        "Der Wurf zeigte {colours}, aber auf {dragons} liegen schon Würfel; Würfel kommen nur auf "
        "einen leeren Drachen ihrer Farbe, also ließ sich nichts herauslegen"
    ),
    "say.fails": (
        "{why}. Fehlwurf: der Drachenschreck misslingt, die Burgbewohner bleiben bei ihren "
        "Drachen, und die gelegten Würfel befreien niemanden. {consolation}"
    ),
    "say.juggler": "{who} nimmt zum Trost einen Gaukler ({stars}).",
    "say.no_juggler": "Es sind keine Gaukler mehr da, also gibt es keinen Trost.",
    "say.refill": "Vom Nachziehstapel: {names}.",
    "say.refill_memory": "Merkt sie euch: beim ersten Wurf werden sie umgedreht.",
    "say.drawn": "{name} ({stars}) unter {dragon}",
    "say.over": "Das Spiel ist aus: der Nachziehstapel reicht nicht für alle vier Plätze.",
    "say.wins": "{names} gewinnt mit {score} {unit}.",
    "say.share": "{names} gewinnen gemeinsam mit {score} {unit}.",
    "prompt.start": "{who}: wirf alle {dice}.",
    "prompt.place": "{who}: lege eine Farbe des Wurfs heraus.",
    "prompt.decide": "{who}: die {dice} in der Hand noch einmal werfen oder aufhören.",
    "prompt.chance_roll": "Weiter: die {dice} werden geworfen.",
    "prompt.chance_refill": "Weiter: leere Plätze unter den Drachen werden vom Nachziehstapel gefüllt.",
    "chance.roll": "Würfel werfen",
    "chance.refill": "vom Stapel auffüllen",
    "chance_words.roll": "die {dice} müssen geworfen werden",
    "chance_words.refill": "leere Plätze unter den Drachen müssen vom Nachziehstapel gefüllt werden",
    "status.draw": "Spieler {n} ist dran: leere Plätze werden aufgefüllt",
    "status.start": "Spieler {n}: mit allen Würfeln würfeln",
    "status.rolling": "Spieler {n}: die Würfel rollen",
    "status.place": "Spieler {n}: eine Farbe herauslegen",
    "status.decide": "Spieler {n}: weiterwürfeln oder aufhören",
    "status.over": "Spielende: Spieler {winners} gewinnt",
    "status.dice": "Brunnen {well} · in der Hand {hand}",
    "status.rolled": "gewürfelt: {faces}",
    "status.supply": "Stapel {pile} · Gaukler übrig {jugglers}",
    "status.stars": "Sterne {stars}",
    "button.roll": "Würfeln ({dice})",
    "button.roll_again": "Noch einmal würfeln ({dice})",
    "button.stop_stars": "Aufhören und {stars} nehmen",
    "button.stop_rescue_one": "Aufhören und {n} Burgbewohner befreien",
    "button.stop_rescue_many": "Aufhören und {n} Burgbewohner befreien",
    "button.stop_rescue_stars": "{label} ({stars})",
    "button.place": "{Colour} herauslegen ({dice})",
    "button.with_silver": "{Colour} mit Silber ({dice})",
    "button.silver_on": "Silber auf {colour} ({dice})",
    "button.silver_group": "Silber ({dice}) auf:",
    "board.face_down": "Verdeckt",
    "board.unknown_stars": "? Sterne",
    "board.no_resident": "Kein Burgbewohner",
    "board.no_dice": "keine Würfel",
    "board.scared": "erschreckt",
    "board.well": "Brunnen ({dice})",
    "board.rolled": "Gewürfelt, zum Herauslegen",
    "board.last_roll": "letzter Wurf: {letters}",
    "board.hand": "In der Hand ({dice})",
    "board.hand_over": "In der Hand",
    "board.supply": "Vorrat",
    "board.pile": "Nachziehstapel: {residents}",
    "board.jugglers_left": "Gaukler übrig: {n} (je {stars})",
    "board.empty": "leer",
    "board.none": "keine",
    "board.no_residents": "noch keine Burgbewohner",
    "board.jugglers": "Gaukler: {n}",
    "board.score_stars": "{stars} ★",
    "board.score_residents": "{n} Burgbewohner ({stars} ★)",
    "meter.title": "Noch einmal würfeln?",
    "meter.off": "Ohne Hilfe: die Chancen sind verborgen.",
    "meter.wait": "Die Chancen erscheinen, wenn du wählen musst: noch einmal würfeln oder aufhören.",
    "meter.fail": "Fehlwurf beim nächsten Wurf ({dice}):",
    "meter.roll": "Weiterwürfeln: erwartet",
    "meter.stop": "Jetzt aufhören: sicher",
    "meter.better": "besser",
    "meter.show": "Chancen zeigen",
    "meter.hide": "Chancen verbergen",
    "meter.guess": "Ein verdeckter Burgbewohner zählt wie der Durchschnitt der Burgbewohner, die du nicht gesehen hast.",
    "variant.basic": "Grundspiel",
    "variant.younger": "für jüngere Kinder",
    "variant.memory": "Merkspiel",
}

register_messages("dragon-battle", {"en": EN, "de": DE})
