"""The words of Dragon's Gold's hints and "what if?" (:mod:`.hints`), in English and German.

Short sentences for children (at most about 15 words each); the German words are those of the
German rulebook (Abenteurer, Drache, Schatzsteine, keine Einigung).
"""

from __future__ import annotations

from ..i18n import register_messages

EN: dict[str, str] = {
    "send.alone": "Send {adventurer} to dragon {place}: the dragon falls, and its treasure is yours.",
    "send.shared_one": "Send {adventurer} to dragon {place}: the dragon falls; you share with {n} player.",
    "send.shared_many": "Send {adventurer} to dragon {place}: the dragon falls; you share with {n} players.",
    "send.short": "Send {adventurer} to dragon {place}: then it needs only {n} more strength.",
    "send.short_one": "Send {adventurer} to dragon {place}: then it needs only 1 more strength.",
    "propose": "Propose this split: you keep {tokens}.",
    "propose.gets": "{who} gets {tokens}.",
    "no_deal": "Say no deal: then nobody gets this treasure, not even the others.",
    "accept": "Accept: these tokens give you {worth}. Without a deal, the whole treasure leaves the game.",
    "refuse": "Refuse: these tokens give you only {worth}.",
    "worth.now": "{now} points now",
    "worth.gems": "{now} points now and {more} for your gems",
    "worth.total": "{total} points, as the game stands",
    "answer_no_deal": "Say no deal: then nobody gets this treasure, not even the others.",
    "choose": "Take pile {k}: it gives you {worth}.",
    "rob": "Rob Player {n}: a token from there adds about {points} points to your score.",
    "rob_small": "Rob Player {n}: a token from there adds less than 1 point to your score.",
    "rob_none": "Steal nothing: a token from there would cost you points.",
    "whatif.refused": "You refused tokens that would have added {points} points to your score.",
    "whatif.accepted": "You accepted tokens that added {points} points to your score.",
    "whatif.accepted_lost": "You accepted tokens that would have added {points} points to your score.",
    "whatif.no_deal": "You said no deal to tokens that would have added {points} points to your score.",
    "whatif.lost": "Nobody agreed, so the whole treasure left the game.",
    "whatif.got": "In the end you got tokens that added {points} points to your score.",
    "whatif.none": "Nothing to look back at: your last turn answered no proposal.",
    "verdict.same": "The best player would have answered the same.",
    "verdict.accept": "The best player would have accepted.",
    "verdict.refuse": "The best player would have refused.",
    "verdict.no_deal": "The best player would have said no deal.",
}

DE: dict[str, str] = {
    "send.alone": "Schick {adventurer} zu Drache {place}: der Drache fällt, und sein Schatz gehört dir.",
    "send.shared_one": "Schick {adventurer} zu Drache {place}: der Drache fällt; du teilst mit {n} Spieler.",
    "send.shared_many": "Schick {adventurer} zu Drache {place}: der Drache fällt; du teilst mit {n} Spielern.",
    "send.short": "Schick {adventurer} zu Drache {place}: dann fehlen nur noch {n} Stärke.",
    "send.short_one": "Schick {adventurer} zu Drache {place}: dann fehlt nur noch 1 Stärke.",
    "propose": "Schlag diese Aufteilung vor: du behältst {tokens}.",
    "propose.gets": "{who} bekommt {tokens}.",
    "no_deal": "Sag keine Einigung: dann bekommt niemand diesen Schatz, auch die anderen nicht.",
    "accept": (
        "Sag einverstanden: diese Schatzsteine bringen dir {worth}. Ohne Einigung kommt der "
        "ganze Schatz aus dem Spiel."
    ),
    "refuse": "Lehne ab: diese Schatzsteine bringen dir nur {worth}.",
    "worth.now": "jetzt {now} Punkte",
    "worth.gems": "jetzt {now} Punkte und {more} für deine Edelsteine",
    "worth.total": "{total} Punkte, so wie das Spiel jetzt steht",
    "answer_no_deal": "Sag keine Einigung: dann bekommt niemand diesen Schatz, auch die anderen nicht.",
    "choose": "Nimm Anteil {k}: er bringt dir {worth}.",
    "rob": "Bestiehl Spieler {n}: ein Schatzstein von dort bringt dir etwa {points} Punkte.",
    "rob_small": "Bestiehl Spieler {n}: ein Schatzstein von dort bringt dir weniger als 1 Punkt.",
    "rob_none": "Stiehl nichts: ein Schatzstein von dort würde dich Punkte kosten.",
    "whatif.refused": "Du hast Schatzsteine abgelehnt, die dir {points} Punkte gebracht hätten.",
    "whatif.accepted": "Du hast Schatzsteine angenommen, die dir {points} Punkte gebracht haben.",
    "whatif.accepted_lost": "Du hast Schatzsteine angenommen, die dir {points} Punkte gebracht hätten.",
    "whatif.no_deal": "Du hast keine Einigung gewählt; die Schatzsteine hätten dir {points} Punkte gebracht.",
    "whatif.lost": "Niemand war einverstanden, darum kam der ganze Schatz aus dem Spiel.",
    "whatif.got": "Am Ende hast du Schatzsteine bekommen, die dir {points} Punkte gebracht haben.",
    "whatif.none": "Hier gibt es nichts zum Zurückschauen: in deinem letzten Zug hast du auf keinen Vorschlag geantwortet.",
    "verdict.same": "Die beste Spielerin hätte genauso geantwortet.",
    "verdict.accept": "Die beste Spielerin hätte angenommen.",
    "verdict.refuse": "Die beste Spielerin hätte abgelehnt.",
    "verdict.no_deal": "Die beste Spielerin hätte keine Einigung gewählt.",
}

register_messages("hints-dragons-gold", {"en": EN, "de": DE})
