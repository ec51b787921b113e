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
    "propose": "Propose this split: you keep tokens worth {points} points to you.",
    "no_deal": "Say no deal: nobody gets this treasure, the others neither.",
    "accept": (
        "Accept: these tokens are worth {points} points to you. If nobody agrees, the whole "
        "treasure leaves the game."
    ),
    "refuse": "Refuse: these tokens are worth only {points} points to you.",
    "answer_no_deal": "Say no deal: nobody gets this treasure, the others neither.",
    "choose": "Take pile {k}: it is worth {points} points to you.",
    "rob": "Rob player {n}: a token from there is worth {points} points to you on average.",
    "rob_none": "Steal nothing: a token from there would cost you points.",
    "whatif.refused": "You refused tokens worth {points} points to you.",
    "whatif.accepted": "You accepted tokens worth {points} points to you.",
    "whatif.no_deal": "You said no deal to tokens worth {points} points to you.",
    "whatif.lost": "Nobody agreed, so the whole treasure left the game.",
    "whatif.got": "In the end you got tokens worth {points} points to you.",
    "whatif.none": "You answered no proposal yet.",
    "verdict.same": "The best player would have answered the same.",
    "verdict.other": "The best player would have chosen: {move}.",
}

DE: dict[str, str] = {
    "send.alone": "Schick {adventurer} zu Drache {place}: der Drache fällt, und sein Schatz gehört dir.",
    "send.shared_one": "Schick {adventurer} zu Drache {place}: der Drache fällt; du teilst mit {n} Spieler.",
    "send.shared_many": "Schick {adventurer} zu Drache {place}: der Drache fällt; du teilst mit {n} Spielern.",
    "send.short": "Schick {adventurer} zu Drache {place}: dann fehlen nur noch {n} Stärke.",
    "propose": "Schlag diese Teilung vor: du behältst Schatzsteine, die dir {points} Punkte bringen.",
    "no_deal": "Sag keine Einigung: niemand bekommt diesen Schatz, die anderen auch nicht.",
    "accept": (
        "Nimm an: diese Schatzsteine bringen dir {points} Punkte. Ohne Einigung kommt der ganze "
        "Schatz aus dem Spiel."
    ),
    "refuse": "Lehne ab: diese Schatzsteine bringen dir nur {points} Punkte.",
    "answer_no_deal": "Sag keine Einigung: niemand bekommt diesen Schatz, die anderen auch nicht.",
    "choose": "Nimm Haufen {k}: er bringt dir {points} Punkte.",
    "rob": "Bestiehl Spieler {n}: ein Schatzstein von dort bringt dir im Schnitt {points} Punkte.",
    "rob_none": "Stiehl nichts: ein Schatzstein von dort würde dich Punkte kosten.",
    "whatif.refused": "Du hast Schatzsteine abgelehnt, die dir {points} Punkte gebracht hätten.",
    "whatif.accepted": "Du hast Schatzsteine angenommen, die dir {points} Punkte bringen.",
    "whatif.no_deal": "Du hast keine Einigung gesagt zu Schatzsteinen, die dir {points} Punkte gebracht hätten.",
    "whatif.lost": "Niemand war einverstanden, darum kam der ganze Schatz aus dem Spiel.",
    "whatif.got": "Am Ende hast du Schatzsteine bekommen, die dir {points} Punkte bringen.",
    "whatif.none": "Du hast noch auf keinen Vorschlag geantwortet.",
    "verdict.same": "Die beste Spielerin hätte genauso geantwortet.",
    "verdict.other": "Die beste Spielerin hätte gewählt: {move}.",
}

register_messages("hints-dragons-gold", {"en": EN, "de": DE})
