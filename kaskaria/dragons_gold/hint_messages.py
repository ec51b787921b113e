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
    "send.short": "Send {adventurer} to dragon {place}: then it needs {n} more strength.",
    "send.short_one": "Send {adventurer} to dragon {place}: then it needs 1 more strength.",
    "propose": "Propose this split: you keep {tokens}.",
    # what each other player gets, one line each under the hint's two sentences: a list to
    # follow while handing out, not a sentence a child must read through
    "propose.share": "{who}: {tokens}.",
    "no_deal": "Say no deal: then nobody gets this treasure, not even the others.",
    "accept": "Accept: these tokens give you {worth}. Without a deal, the whole treasure leaves the game.",
    "refuse": "Refuse: these tokens give you {worth}.",
    "worth.now": "{now} points now",
    "worth.gems": "{now} points now and about {more} at the end",
    "worth.total": "{total} points, as the game stands",
    # a pile of divide and choose, in its card's words on the board ("3 points now, 1 gem for
    # the end."): the points and gems a child can find there
    "worth.pile": "{points} now, {gems} for the end",
    "worth.pile_points": "{points} now",
    "answer_no_deal": "Say no deal: then nobody gets this treasure, not even the others.",
    "choose": "Take pile {k}: it gives you {worth}.",
    # a pile that is not the richest for the seat: the bot ranks by its score less the others'
    "choose_not_richest": "Take pile {k}: it gives you {worth}. Pile {j} would give you more, but the others would gain even more.",
    "rob": "Rob Player {n}: a token from there adds about {points} points to your score.",
    "rob_small": "Rob Player {n}: a token from there adds less than 1 point to your score.",
    "rob_none": "Steal nothing: a token from there would cost you points.",
    "market_none": "Leave the market: no trade here adds points to your score.",
    "offer_none": "Withdraw the offer: no trade here adds points to your score.",
    "trade": "Trade {give} for {ask} with Player {n}: you gain about {points} points.",
    "trade_again": "Withdraw this offer. Better: trade {give} for {ask} with Player {n}.",
    "trade_accept": "Accept the trade: you gain about {points} points.",
    "trade_lacks": "Refuse the trade: you do not have the tokens asked for.",
    "trade_costs": "Refuse the trade: you would lose about {points} points.",
    "trade_nothing": "Refuse the trade: it adds nothing to your score.",
    "pick": "Take {tokens}: you gain about {points} points.",
    "pick_none": "Take nothing: every token there would cost you points.",
    "ward": "Give up {tokens}: it is your token with the fewest points.",
    "swap_pass": "Pass: leave the shares as they are.",
    "press": "Best move: press “{button}”.",
    "press_group": "Best move: press “{button}” under “{group}”.",
    "refuse_closer": "Refuse: these tokens give you {worth}. Refusing keeps you closer to the winner.",
    # the same with the search's own number: how much better refusing ended on average, the seat's
    # points less the best other player's
    "refuse_closer_by": "Refuse: these tokens give you {worth}. In pretend games, refusing ended {d} points better against the best other player.",
    "refuse_closer_by_one": "Refuse: these tokens give you {worth}. In pretend games, refusing ended 1 point better against the best other player.",
    "divide": "Make these piles. {piles} {left}",
    "divide_done": "Your piles are ready: press “These are my piles”. {left}",
    "divide.pile": "Pile {k}: {tokens}.",
    # the pile foreseen for the divider once the others have chosen (two short sentences; a
    # child tester found "the others will likely take the piles worth most to them" long, and
    # its points unlike the board's)
    "divide.first": "The others choose first.",
    "divide.first_one": "{who} chooses first.",
    "divide.left": "You will likely get pile {k}: {worth}.",
    "whatif.refused": "You refused tokens that would have added {points} points to your score.",
    "whatif.accepted": "You accepted tokens that added {points} points to your score.",
    "whatif.accepted_lost": "You accepted tokens that would have added {points} points to your score.",
    "whatif.accepted_open": "You accepted tokens that add {points} points to your score if everyone agrees.",
    "whatif.accepted_agreed": "You accepted tokens that add {points} points to your score, and everyone agreed.",
    "whatif.accepted_refused": "You accepted tokens that would have added {points} points to your score, but another player refused that split.",
    "whatif.no_deal": "You said no deal to tokens that would have added {points} points to your score.",
    "whatif.lost": "Not everyone agreed, so the whole treasure left the game.",
    "whatif.got": "In the end you got tokens that added {points} points to your score.",
    "whatif.none": "Nothing to look back at: your last turn answered no proposal.",
    "verdict.same": "The best player would have answered the same.",
    "verdict.accept": "The best player would have accepted.",
    "verdict.refuse": "The best player would have refused.",
    "verdict.no_deal": "The best player would have said no deal.",
}

DE: dict[str, str] = {
    "send.alone": "Schick {adventurer} zu Drache {place}: Der Drache fällt, und sein Schatz gehört dir.",
    "send.shared_one": "Schick {adventurer} zu Drache {place}: Der Drache fällt; du teilst mit {n} Spieler.",
    "send.shared_many": "Schick {adventurer} zu Drache {place}: Der Drache fällt; du teilst mit {n} Spielern.",
    "send.short": "Schick {adventurer} zu Drache {place}: Dann fehlen noch {n} Stärke.",
    "send.short_one": "Schick {adventurer} zu Drache {place}: Dann fehlt noch 1 Stärke.",
    "propose": "Schlag diese Aufteilung vor: Du behältst {tokens}.",
    "propose.share": "{who}: {tokens}.",
    "no_deal": "Sag keine Einigung: Dann bekommt niemand diesen Schatz, auch die anderen nicht.",
    "accept": (
        "Sag einverstanden: Diese Schatzsteine bringen dir {worth}. Ohne Einigung kommt der "
        "ganze Schatz aus dem Spiel."
    ),
    "refuse": "Lehne ab: Diese Schatzsteine bringen dir {worth}.",
    "worth.now": "jetzt {now} Punkte",
    "worth.gems": "jetzt {now} Punkte und am Spielende etwa {more}",
    "worth.total": "{total} Punkte, so wie das Spiel jetzt steht",
    "worth.pile": "jetzt {points}, dazu {gems} für das Spielende",
    "worth.pile_points": "jetzt {points}",
    "answer_no_deal": "Sag keine Einigung: Dann bekommt niemand diesen Schatz, auch die anderen nicht.",
    "choose": "Nimm Anteil {k}: Er bringt dir {worth}.",
    "choose_not_richest": "Nimm Anteil {k}: Er bringt dir {worth}. Anteil {j} brächte dir mehr, aber die anderen bekämen dann noch mehr.",
    "rob": "Bestiehl Spieler {n}: Ein Schatzstein von dort bringt dir etwa {points} Punkte.",
    "rob_small": "Bestiehl Spieler {n}: Ein Schatzstein von dort bringt dir weniger als 1 Punkt.",
    "rob_none": "Stiehl nichts: Ein Schatzstein von dort würde dich Punkte kosten.",
    "market_none": "Verlass den Markt: Kein Tausch hier bringt dir Punkte.",
    "offer_none": "Zieh das Angebot zurück: Kein Tausch hier bringt dir Punkte.",
    "trade": "Tausche {give} gegen {ask} mit Spieler {n}: Du bekommst etwa {points} Punkte dazu.",
    "trade_again": "Zieh dieses Angebot zurück. Besser: Tausche {give} gegen {ask} mit Spieler {n}.",
    "trade_accept": "Nimm den Tausch an: Du bekommst etwa {points} Punkte dazu.",
    "trade_lacks": "Lehne den Tausch ab: Du hast die verlangten Schatzsteine nicht.",
    "trade_costs": "Lehne den Tausch ab: Du würdest etwa {points} Punkte verlieren.",
    "trade_nothing": "Lehne den Tausch ab: Er bringt dir keine Punkte.",
    "pick": "Nimm {tokens}: Du bekommst etwa {points} Punkte dazu.",
    "pick_none": "Nimm nichts: Jeder Schatzstein dort würde dich Punkte kosten.",
    "ward": "Gib {tokens} her: Das ist dein Schatzstein mit den wenigsten Punkten.",
    "swap_pass": "Verzichte: Lass die Anteile, wie sie sind.",
    "press": "Bester Zug: Drücke „{button}“.",
    "press_group": "Bester Zug: Drücke „{button}“ unter „{group}“.",
    "refuse_closer": "Lehne ab: Diese Schatzsteine bringen dir {worth}. Mit Ablehnen bleibst du näher am Sieger.",
    "refuse_closer_by": "Lehne ab: Diese Schatzsteine bringen dir {worth}. In ausgedachten Spielen endete Ablehnen {d} Punkte besser gegen den besten anderen Spieler.",
    "refuse_closer_by_one": "Lehne ab: Diese Schatzsteine bringen dir {worth}. In ausgedachten Spielen endete Ablehnen 1 Punkt besser gegen den besten anderen Spieler.",
    "divide": "Bilde diese Anteile. {piles} {left}",
    "divide_done": "Deine Anteile sind fertig: Drücke „Das sind meine Anteile“. {left}",
    "divide.pile": "Anteil {k}: {tokens}.",
    "divide.first": "Die anderen wählen zuerst.",
    "divide.first_one": "{who} wählt zuerst.",
    "divide.left": "Für dich bleibt wohl Anteil {k}: {worth}.",
    "whatif.refused": "Du hast Schatzsteine abgelehnt, die dir {points} Punkte gebracht hätten.",
    "whatif.accepted": "Du hast Schatzsteine angenommen, die dir {points} Punkte gebracht haben.",
    "whatif.accepted_lost": "Du hast Schatzsteine angenommen, die dir {points} Punkte gebracht hätten.",
    "whatif.accepted_open": "Du hast Schatzsteine angenommen, die dir {points} Punkte bringen, wenn alle einverstanden sind.",
    "whatif.accepted_agreed": "Du hast Schatzsteine angenommen, die dir {points} Punkte bringen, und alle waren einverstanden.",
    "whatif.accepted_refused": "Du hast Schatzsteine angenommen, die dir {points} Punkte gebracht hätten, aber jemand hat diese Aufteilung abgelehnt.",
    "whatif.no_deal": "Du hast keine Einigung gewählt; die Schatzsteine hätten dir {points} Punkte gebracht.",
    "whatif.lost": "Nicht alle waren einverstanden, darum kam der ganze Schatz aus dem Spiel.",
    "whatif.got": "Am Ende hast du Schatzsteine bekommen, die dir {points} Punkte gebracht haben.",
    "whatif.none": "Nichts zum Zurückschauen: In deinem letzten Zug hast du auf keinen Vorschlag geantwortet.",
    "verdict.same": "Wer am besten spielt, hätte genauso geantwortet.",
    "verdict.accept": "Wer am besten spielt, hätte angenommen.",
    "verdict.refuse": "Wer am besten spielt, hätte abgelehnt.",
    "verdict.no_deal": "Wer am besten spielt, hätte keine Einigung gewählt.",
}

register_messages("hints-dragons-gold", {"en": EN, "de": DE})
