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
    "rate": "In my head, this move won {won} of {n} games.",
    "rate_one": "In my head, this move won one of {n} games.",
    # no move won a larger share: said after the count ("most often: one of 17" read as a
    # contradiction to one child tester)
    "rate_best": "In my head, this move won {won} of {n} games. No move did better.",
    "rate_one_best": "In my head, this move won one of {n} games. No move did better.",
    "rate_low_best": "In my head, this move won {won} of {n} games. No move did better.",
    "rate_low_one_best": "In my head, this move won one of {n} games. No move did better.",
    # a move the search stopped trying early won a larger share of its fewer games
    "rate_most_tried": (
        "In my head, this move won {won} of {n} games. Of the moves I tested most, none did better."
    ),
    "rate_most_tried_one": (
        "In my head, this move won one of {n} games. Of the moves I tested most, none did better."
    ),
    # a move tried as often won as often (or more), but ended further behind
    "rate_tied": (
        "In my head, this move won {won} of {n} games. Another move won as often. With this "
        "one you ended further ahead."
    ),
    "rate_tied_one": (
        "In my head, this move won one of {n} games. Another move won as often. With this "
        "one you ended further ahead."
    ),
    "rate_ahead": (
        "In my head, this move won {won} of {n} games. Another move won {other} of {n}. With "
        "this one you ended further ahead."
    ),
    "rate_ahead_one": (
        "In my head, this move won one of {n} games. Another move won {other} of {n}. With "
        "this one you ended further ahead."
    ),
    "rate_even": "In my head, this move won {won} of {n} games. Another move did just as well.",
    "rate_even_one": "In my head, this move won one of {n} games. Another move did just as well.",
    # the search's guard kept this move (the quick policy's): another did a tiny bit better on the
    # same deals, too little to tell from luck
    "rate_kept": (
        "In my head, this move won {won} of {n} games. Another move did a tiny bit better, "
        "but that could be luck."
    ),
    "rate_kept_one": (
        "In my head, this move won one of {n} games. Another move did a tiny bit better, but "
        "that could be luck."
    ),
    "rate_kept_none": (
        "In my head, this move won none of {n} games. Another move did a tiny bit better, but "
        "that could be luck."
    ),
    "rate_none": "In my head, no move won any of {n} games.",
    "rate_closest": "In my head, this move won none of {n} games. But it lost by the least.",
    "rate_none_closest": "In my head, every move lost all {n} games. This one lost by the least.",
    "by_bot": "The {bot} bot would do this: {move}.",
    "move": "Best move: {move}.",
}

DE: dict[str, str] = {
    "and": "und",
    "decimal": ",",
    "rate": "In meinem Kopf gewann dieser Zug {won} von {n} Spielen.",
    "rate_one": "In meinem Kopf gewann dieser Zug eines von {n} Spielen.",
    "rate_best": "In meinem Kopf gewann dieser Zug {won} von {n} Spielen. Kein Zug war besser.",
    "rate_one_best": "In meinem Kopf gewann dieser Zug eines von {n} Spielen. Kein Zug war besser.",
    "rate_low_best": "In meinem Kopf gewann dieser Zug {won} von {n} Spielen. Kein Zug war besser.",
    "rate_low_one_best": "In meinem Kopf gewann dieser Zug eines von {n} Spielen. Kein Zug war besser.",
    "rate_most_tried": (
        "In meinem Kopf gewann dieser Zug {won} von {n} Spielen. Von den Zügen, die ich am "
        "meisten getestet habe, war keiner besser."
    ),
    "rate_most_tried_one": (
        "In meinem Kopf gewann dieser Zug eines von {n} Spielen. Von den Zügen, die ich am "
        "meisten getestet habe, war keiner besser."
    ),
    "rate_tied": (
        "In meinem Kopf gewann dieser Zug {won} von {n} Spielen. Ein anderer Zug gewann genauso oft. "
        "Mit diesem lagst du am Ende weiter vorn."
    ),
    "rate_tied_one": (
        "In meinem Kopf gewann dieser Zug eines von {n} Spielen. Ein anderer Zug gewann genauso oft. "
        "Mit diesem lagst du am Ende weiter vorn."
    ),
    "rate_ahead": (
        "In meinem Kopf gewann dieser Zug {won} von {n} Spielen. Ein anderer Zug gewann {other} von "
        "{n}. Mit diesem lagst du am Ende weiter vorn."
    ),
    "rate_ahead_one": (
        "In meinem Kopf gewann dieser Zug eines von {n} Spielen. Ein anderer Zug gewann {other} von "
        "{n}. Mit diesem lagst du am Ende weiter vorn."
    ),
    "rate_even": (
        "In meinem Kopf gewann dieser Zug {won} von {n} Spielen. Ein anderer Zug war genauso gut."
    ),
    "rate_even_one": (
        "In meinem Kopf gewann dieser Zug eines von {n} Spielen. Ein anderer Zug war genauso gut."
    ),
    "rate_kept": (
        "In meinem Kopf gewann dieser Zug {won} von {n} Spielen. Ein anderer Zug war ein "
        "kleines bisschen besser, aber das kann Glück sein."
    ),
    "rate_kept_one": (
        "In meinem Kopf gewann dieser Zug eines von {n} Spielen. Ein anderer Zug war ein "
        "kleines bisschen besser, aber das kann Glück sein."
    ),
    "rate_kept_none": (
        "In meinem Kopf gewann dieser Zug kein einziges von {n} Spielen. Ein anderer Zug war "
        "ein kleines bisschen besser, aber das kann Glück sein."
    ),
    "rate_none": "In meinem Kopf gewann kein Zug auch nur eines von {n} Spielen.",
    "rate_closest": (
        "In meinem Kopf gewann dieser Zug kein einziges von {n} Spielen. Aber er verlor am knappsten."
    ),
    "rate_none_closest": "In meinem Kopf verlor jeder Zug alle {n} Spiele. Dieser verlor am knappsten.",
    "by_bot": "Der Bot {bot} würde das tun: {move}.",
    "move": "Bester Zug: {move}.",
}

register_messages("hints", {"en": EN, "de": DE})
