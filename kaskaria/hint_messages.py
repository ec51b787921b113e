"""The words every game's hints share (:mod:`kaskaria.hints`), in English and German; each game
keeps its own hint words beside its hints (``kaskaria/<game>/hint_messages.py``).
"""

from __future__ import annotations

from .i18n import register_messages

# The search's count, then how the move stands against the others, in short plain sentences (a
# child tester stumbled over "Damit habe ich in Gedanken 2 von 27 Spielen gewonnen. Kein Zug war
# besser.")
EN: dict[str, str] = {
    "and": "and",
    "decimal": ".",
    # the count is of the games the search made up, said without an "I" (who is "I"? a child
    # tester asked): the hint and the look back speak of "the best player" and "this move"
    "rate": "In {n} pretend games, this move won {won}.",
    "rate_one": "In {n} pretend games, this move won one.",
    # no move won a larger share: said after the count ("most often: one of 17" read as a
    # contradiction to one child tester)
    "rate_best": "In {n} pretend games, this move won {won}. No move did better.",
    "rate_one_best": "In {n} pretend games, this move won one. No move did better.",
    "rate_low_best": "In {n} pretend games, this move won {won}. No move did better.",
    "rate_low_one_best": "In {n} pretend games, this move won one. No move did better.",
    # a move the search stopped trying early won a larger share of its fewer games
    "rate_most_tried": (
        "In {n} pretend games, this move won {won}. Of the moves tried most, none did better."
    ),
    "rate_most_tried_one": (
        "In {n} pretend games, this move won one. Of the moves tried most, none did better."
    ),
    # a move tried as often won as often (or more), but ended further behind
    "rate_tied": (
        "In {n} pretend games, this move won {won}. Another move won as often. With this one you "
        "ended further ahead."
    ),
    "rate_tied_one": (
        "In {n} pretend games, this move won one. Another move won as often. With this one you "
        "ended further ahead."
    ),
    "rate_ahead": (
        "In {n} pretend games, this move won {won}. Another move won {other}. With this one you "
        "ended further ahead."
    ),
    "rate_ahead_one": (
        "In {n} pretend games, this move won one. Another move won {other}. With this one you "
        "ended further ahead."
    ),
    "rate_even": "In {n} pretend games, this move won {won}. Another move did just as well.",
    "rate_even_one": "In {n} pretend games, this move won one. Another move did just as well.",
    # the search's guard kept this move (the quick policy's): another did a tiny bit better on the
    # same deals, too little to tell from luck
    "rate_kept": (
        "In {n} pretend games, this move won {won}. Another move did a tiny bit better, but that "
        "could be luck."
    ),
    "rate_kept_one": (
        "In {n} pretend games, this move won one. Another move did a tiny bit better, but that "
        "could be luck."
    ),
    "rate_kept_none": (
        "In {n} pretend games, this move won no game. Another move did a tiny bit better, but "
        "that could be luck."
    ),
    "rate_none": "In {n} pretend games, no move won even one.",
    "rate_closest": "In {n} pretend games, this move won no game. But it lost by the least.",
    "rate_none_closest": "In {n} pretend games, every move lost every game. This one lost by the least.",
    "by_bot": "The {bot} bot would do this: {move}.",
    "move": "Best move: {move}.",
}

DE: dict[str, str] = {
    "and": "und",
    "decimal": ",",
    "rate": "In {n} ausgedachten Spielen gewann dieser Zug {won}.",
    "rate_one": "In {n} ausgedachten Spielen gewann dieser Zug eines.",
    "rate_best": "In {n} ausgedachten Spielen gewann dieser Zug {won}. Kein Zug war besser.",
    "rate_one_best": "In {n} ausgedachten Spielen gewann dieser Zug eines. Kein Zug war besser.",
    "rate_low_best": "In {n} ausgedachten Spielen gewann dieser Zug {won}. Kein Zug war besser.",
    "rate_low_one_best": "In {n} ausgedachten Spielen gewann dieser Zug eines. Kein Zug war besser.",
    "rate_most_tried": (
        "In {n} ausgedachten Spielen gewann dieser Zug {won}. Von den am meisten geprüften Zügen "
        "war keiner besser."
    ),
    "rate_most_tried_one": (
        "In {n} ausgedachten Spielen gewann dieser Zug eines. Von den am meisten geprüften Zügen "
        "war keiner besser."
    ),
    "rate_tied": (
        "In {n} ausgedachten Spielen gewann dieser Zug {won}. Ein anderer Zug gewann genauso oft. "
        "Mit diesem lagst du am Ende weiter vorn."
    ),
    "rate_tied_one": (
        "In {n} ausgedachten Spielen gewann dieser Zug eines. Ein anderer Zug gewann genauso oft. "
        "Mit diesem lagst du am Ende weiter vorn."
    ),
    "rate_ahead": (
        "In {n} ausgedachten Spielen gewann dieser Zug {won}. Ein anderer Zug gewann {other}. "
        "Mit diesem lagst du am Ende weiter vorn."
    ),
    "rate_ahead_one": (
        "In {n} ausgedachten Spielen gewann dieser Zug eines. Ein anderer Zug gewann {other}. "
        "Mit diesem lagst du am Ende weiter vorn."
    ),
    "rate_even": (
        "In {n} ausgedachten Spielen gewann dieser Zug {won}. Ein anderer Zug war genauso gut."
    ),
    "rate_even_one": (
        "In {n} ausgedachten Spielen gewann dieser Zug eines. Ein anderer Zug war genauso gut."
    ),
    "rate_kept": (
        "In {n} ausgedachten Spielen gewann dieser Zug {won}. Ein anderer Zug war ein kleines "
        "bisschen besser, aber das kann Glück sein."
    ),
    "rate_kept_one": (
        "In {n} ausgedachten Spielen gewann dieser Zug eines. Ein anderer Zug war ein kleines "
        "bisschen besser, aber das kann Glück sein."
    ),
    "rate_kept_none": (
        "In {n} ausgedachten Spielen gewann dieser Zug kein einziges. Ein anderer Zug war ein "
        "kleines bisschen besser, aber das kann Glück sein."
    ),
    "rate_none": "In {n} ausgedachten Spielen gewann kein Zug auch nur eines.",
    "rate_closest": (
        "In {n} ausgedachten Spielen gewann dieser Zug kein einziges. Aber er verlor am knappsten."
    ),
    "rate_none_closest": (
        "In {n} ausgedachten Spielen verlor jeder Zug alle Spiele. Dieser verlor am knappsten."
    ),
    "by_bot": "Der Bot {bot} würde das tun: {move}.",
    "move": "Bester Zug: {move}.",
}


register_messages("hints", {"en": EN, "de": DE})
