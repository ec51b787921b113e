"""The words of Dragon Battle's hints and "what if?" (:mod:`.hints`), in English and German.

Short sentences for children (at most about 15 words each), one number a child knows in each
("78 times in 100"); the German words are those of the German rulebook (Drache, Würfel, Sterne).
"""

from __future__ import annotations

from ..i18n import register_messages

EN: dict[str, str] = {
    # a chance as a child reads it: times in 100, and a very small one by a number a child
    # knows ("1296" means nothing to a child); the exact chance stays in the numbers
    "chance.in100": "{n} times in 100",
    "chance.in100_one": "1 time in 100",
    "chance.under100": "less than 1 time in 100",
    "chance.under1000": "almost never (less than 1 time in 1000)",
    # the first roll of four dice, by the same words
    "fails.in100": "fails only {n} times in 100",
    "fails.in100_one": "fails only 1 time in 100",
    "fails.under100": "fails less than 1 time in 100",
    "fails.under1000": "almost never fails (less than 1 time in 1000)",
    # ... and what happened, as a look back tells it (German: "in 25 von 100 Fällen")
    "case.in100": "{n} times in 100",
    "case.in100_one": "1 time in 100",
    "case.under100": "less than 1 time in 100",
    "case.under1000": "almost never (less than 1 time in 1000)",
    # ... and a chance of winning that a duel's or a playout's count makes about right
    "about.in100": "about {n} times in 100",
    "about.in100_one": "about 1 time in 100",
    "about.under100": "less than 1 time in 100",
    "about.under1000": "almost never (less than 1 time in 1000)",
    "start": "Roll all four dice: a first roll {fails}.",
    # (a child tester found "Rolling on, you win 61 times in 100; stopping, 52." too compressed,
    # and a bare "0 if you stop" hard to read): each chance in a sentence of its own, said
    # whole, and a choice that cannot win any more said in words
    **{
        f"roll.{m}": (
            "Roll again: the roll works {works}. If you roll on, you win {win}. If you stop, "
            "you win {other}."
        )
        for m in ("exact", "duel", "playout")
    },
    "roll.none": (
        "Roll again: the roll works {works}. If you roll on, you win {win}. If you stop, "
        "you cannot win any more."
    ),
    "roll.stars": "Roll again: the roll works {works}. On average you gain {gain}.",
    "roll.stars_lose": "Roll again: the roll works {works}. On average you lose {gain}.",
    **{
        f"stop.{m}": (
            "Stop and keep {stars}. If you stop, you win {win}. If you roll on, you win {other}."
        )
        for m in ("exact", "duel", "playout")
    },
    "stop.none": (
        "Stop and keep {stars}. If you stop, you win {win}. If you roll on, you cannot win "
        "any more."
    ),
    "stop.stars": "Stop and keep {stars}: the next roll would fail {fail}.",
    **{f"equal.{m}": "Either way, you win {win}." for m in ("exact", "duel", "playout")},
    # the best placement of the solved game ("then you win 24 times in 100" alone read like bad
    # advice to a child tester)
    "place.exact": "Put {dice} {on}: then you win {win}. No other move wins more often.",
    "place.duel": "Put {dice} {on}: then you win {win}.",
    "place.playout": "Put {dice} {on}: then you win {win}.",
    "place.stars": "Put {dice} {on}: this turn brings {stars} on average.",
    # stars as a child reads them, never with a decimal ("about 3 stars", "less than 1 star");
    # an average is said once, by "on average" alone ("this turn brings 4 stars on average")
    "about_stars": "about {stars}",
    "under_one_stars": "less than 1 star",
    "under_one_residents": "less than 1 resident",
    # why a hint speaks of stars, not of winning (the advice weighs stars there)
    "why.hard": "Winning is too hard to work out here, so the hint counts {unit}.",
    # (winning is out of reach there: the words say what still counts, not that the child is
    # losing, which a child heard turn after turn)
    "why.lost": "Your {unit} still count for your place at the end, so the hint counts {unit}.",
    "whatif.failed": (
        "Had you stopped, you would have kept {stars}. You rolled on: the roll failed, which "
        "happens {fail}."
    ),
    "whatif.worked": (
        "You rolled on and it worked, which happens {works}. Had you stopped, you "
        "would have kept {stars}."
    ),
    "whatif.rolling": ("You roll on: that works {works}. Stopping would keep {stars}."),
    "whatif.stopped": "You stopped and kept {stars}. Rolling on would have worked {works}.",
    "whatif.none": "This turn had no choice between rolling and stopping.",
    # what rolling on brings at that moment, under best play after it (the turn's stars on
    # average, to set beside the stars stopping keeps): the reason behind the verdict
    "whatif.average": "Rolling on brings {stars} on average.",
    "whatif.average_stopped": "On average, it would have brought {stars}.",
    # the same, told of the seat by its name (the class board: the teacher's page, the projector)
    "whatif.failed.they": (
        "{who} rolled on: the roll failed, which happens {fail}. Stopping would have kept {stars}."
    ),
    "whatif.worked.they": (
        "{who} rolled on and it worked, which happens {works}. Stopping would have kept {stars}."
    ),
    "whatif.rolling.they": ("{who} rolls on: that works {works}. Stopping would keep {stars}."),
    "whatif.stopped.they": (
        "{who} stopped and kept {stars}. Rolling on would have worked {works}."
    ),
    "verdict.same_roll": "A good choice: the best player would have rolled on too.",
    "verdict.same_stop": "A good choice: the best player would have stopped too.",
    "verdict.brave": "A brave choice, and the best player would have stopped.",
    "verdict.careful": "A careful choice, but the best player would have rolled on.",
}

DE: dict[str, str] = {
    "chance.in100": "{n}-mal von 100",
    "chance.in100_one": "1-mal von 100",
    "chance.under100": "seltener als 1-mal von 100",
    "chance.under1000": "fast nie (seltener als 1-mal von 1000)",
    "fails.in100": "nur {n}-mal von 100",
    "fails.in100_one": "nur 1-mal von 100",
    "fails.under100": "seltener als 1-mal von 100",
    "fails.under1000": "fast nie (seltener als 1-mal von 1000)",
    "case.in100": "in {n} von 100 Fällen",
    "case.in100_one": "in 1 von 100 Fällen",
    "case.under100": "in weniger als 1 von 100 Fällen",
    "case.under1000": "fast nie (in weniger als 1 von 1000 Fällen)",
    "about.in100": "etwa {n}-mal von 100",
    "about.in100_one": "etwa 1-mal von 100",
    "about.under100": "seltener als 1-mal von 100",
    "about.under1000": "fast nie (seltener als 1-mal von 1000)",
    "start": "Würfle mit allen vier Würfeln: Der erste Wurf misslingt {fails}.",
    **{
        f"roll.{m}": (
            "Würfle weiter: Der Wurf klappt {works}. Mit Weiterwürfeln gewinnst du {win}. Mit "
            "Aufhören gewinnst du {other}."
        )
        for m in ("exact", "duel", "playout")
    },
    "roll.none": (
        "Würfle weiter: Der Wurf klappt {works}. Mit Weiterwürfeln gewinnst du {win}. Mit "
        "Aufhören kannst du nicht mehr gewinnen."
    ),
    "roll.stars": "Würfle weiter: Der Wurf klappt {works}. Im Schnitt bekommst du {gain} dazu.",
    "roll.stars_lose": "Würfle weiter: Der Wurf klappt {works}. Im Schnitt verlierst du {gain}.",
    **{
        f"stop.{m}": (
            "Hör auf und behalte {stars}. Mit Aufhören gewinnst du {win}. Mit Weiterwürfeln "
            "gewinnst du {other}."
        )
        for m in ("exact", "duel", "playout")
    },
    "stop.none": (
        "Hör auf und behalte {stars}. Mit Aufhören gewinnst du {win}. Mit Weiterwürfeln "
        "kannst du nicht mehr gewinnen."
    ),
    "stop.stars": "Hör auf und behalte {stars}: Der nächste Wurf würde {fail} misslingen.",
    **{f"equal.{m}": "So oder so gewinnst du {win}." for m in ("exact", "duel", "playout")},
    "place.exact": "Leg {dice} {on}: Dann gewinnst du {win}. Kein anderer Zug gewinnt öfter.",
    "place.duel": "Leg {dice} {on}: Dann gewinnst du {win}.",
    "place.playout": "Leg {dice} {on}: Dann gewinnst du {win}.",
    "place.stars": "Leg {dice} {on}: Der Zug bringt im Schnitt {stars}.",
    "about_stars": "etwa {stars}",
    "under_one_stars": "weniger als 1 Stern",
    "under_one_residents": "weniger als 1 Burgbewohner",
    "why.hard": "Siege sind hier zu schwer auszurechnen, darum zählt der Tipp {unit}.",
    "why.lost": "Deine {unit} zählen noch für deinen Platz am Ende, darum zählt der Tipp {unit}.",
    "whatif.failed": (
        "Hättest du aufgehört, hättest du {stars} behalten. Du hast weitergewürfelt: Der Wurf "
        "ist misslungen, das passiert {fail}."
    ),
    "whatif.worked": (
        "Du hast weitergewürfelt, und es hat geklappt, das passiert {works}. "
        "Hättest du aufgehört, hättest du {stars} behalten."
    ),
    "whatif.rolling": (
        "Du würfelst weiter: Das klappt {works}. Mit Aufhören behieltest du {stars}."
    ),
    "whatif.stopped": (
        "Du hast aufgehört und {stars} behalten. Weiterwürfeln hätte {works} geklappt."
    ),
    "whatif.none": "In diesem Zug gab es keine Wahl zwischen Weiterwürfeln und Aufhören.",
    "whatif.average": "Weiterwürfeln bringt im Schnitt {stars}.",
    "whatif.average_stopped": "Im Schnitt hätte es {stars} gebracht.",
    "whatif.failed.they": (
        "{who} hat weitergewürfelt: Der Wurf ist misslungen, das passiert {fail}. Aufhören "
        "hätte {stars} gebracht."
    ),
    "whatif.worked.they": (
        "{who} hat weitergewürfelt, und es hat geklappt, das passiert {works}. "
        "Aufhören hätte {stars} gebracht."
    ),
    "whatif.rolling.they": ("{who} würfelt weiter: Das klappt {works}. Aufhören brächte {stars}."),
    "whatif.stopped.they": (
        "{who} hat aufgehört und {stars} behalten. Weiterwürfeln hätte {works} geklappt."
    ),
    "verdict.same_roll": "Gut gewählt: Wer am besten spielt, hätte auch weitergewürfelt.",
    "verdict.same_stop": "Gut gewählt: Wer am besten spielt, hätte auch aufgehört.",
    "verdict.brave": "Mutig, aber wer am besten spielt, hätte aufgehört.",
    "verdict.careful": "Vorsichtig, aber wer am besten spielt, hätte weitergewürfelt.",
}

register_messages("hints-dragon-battle", {"en": EN, "de": DE})
