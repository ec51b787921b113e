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
        "In my head, this move won {won} of {n} games. No move I tried as often did better."
    ),
    "rate_most_tried_one": (
        "In my head, this move won one of {n} games. No move I tried as often did better."
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
    # the search's guard kept this move: another looked a little better, not clearly
    "rate_kept": (
        "In my head, this move won {won} of {n} games. Another move looked a little better, "
        "but not clearly."
    ),
    "rate_kept_one": (
        "In my head, this move won one of {n} games. Another move looked a little better, "
        "but not clearly."
    ),
    "rate_kept_none": (
        "In my head, this move won none of {n} games. Another move looked a little better, "
        "but not clearly."
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
    "rate": "Im Kopf gewann dieser Zug {won} von {n} Spielen.",
    "rate_one": "Im Kopf gewann dieser Zug eins von {n} Spielen.",
    "rate_best": "Im Kopf gewann dieser Zug {won} von {n} Spielen. Kein Zug war besser.",
    "rate_one_best": "Im Kopf gewann dieser Zug eins von {n} Spielen. Kein Zug war besser.",
    "rate_low_best": "Im Kopf gewann dieser Zug {won} von {n} Spielen. Kein Zug war besser.",
    "rate_low_one_best": "Im Kopf gewann dieser Zug eins von {n} Spielen. Kein Zug war besser.",
    "rate_most_tried": (
        "Im Kopf gewann dieser Zug {won} von {n} Spielen. Kein Zug, den ich so oft probiert "
        "habe, war besser."
    ),
    "rate_most_tried_one": (
        "Im Kopf gewann dieser Zug eins von {n} Spielen. Kein Zug, den ich so oft probiert "
        "habe, war besser."
    ),
    "rate_tied": (
        "Im Kopf gewann dieser Zug {won} von {n} Spielen. Ein anderer Zug gewann genauso oft. "
        "Mit diesem lagst du am Ende weiter vorn."
    ),
    "rate_tied_one": (
        "Im Kopf gewann dieser Zug eins von {n} Spielen. Ein anderer Zug gewann genauso oft. "
        "Mit diesem lagst du am Ende weiter vorn."
    ),
    "rate_ahead": (
        "Im Kopf gewann dieser Zug {won} von {n} Spielen. Ein anderer Zug gewann {other} von "
        "{n}. Mit diesem lagst du am Ende weiter vorn."
    ),
    "rate_ahead_one": (
        "Im Kopf gewann dieser Zug eins von {n} Spielen. Ein anderer Zug gewann {other} von "
        "{n}. Mit diesem lagst du am Ende weiter vorn."
    ),
    "rate_even": (
        "Im Kopf gewann dieser Zug {won} von {n} Spielen. Ein anderer Zug war genauso gut."
    ),
    "rate_even_one": (
        "Im Kopf gewann dieser Zug eins von {n} Spielen. Ein anderer Zug war genauso gut."
    ),
    "rate_kept": (
        "Im Kopf gewann dieser Zug {won} von {n} Spielen. Ein anderer Zug sah etwas besser aus, "
        "aber nicht deutlich."
    ),
    "rate_kept_one": (
        "Im Kopf gewann dieser Zug eins von {n} Spielen. Ein anderer Zug sah etwas besser aus, "
        "aber nicht deutlich."
    ),
    "rate_kept_none": (
        "Im Kopf gewann dieser Zug keins von {n} Spielen. Ein anderer Zug sah etwas besser aus, "
        "aber nicht deutlich."
    ),
    "rate_none": "Im Kopf gewann kein Zug auch nur eins von {n} Spielen.",
    "rate_closest": (
        "Im Kopf gewann dieser Zug keins von {n} Spielen. Aber er verlor am knappsten."
    ),
    "rate_none_closest": "Im Kopf verlor jeder Zug alle {n} Spiele. Dieser verlor am knappsten.",
    "by_bot": "Der Bot {bot} würde das tun: {move}.",
    "move": "Bester Zug: {move}.",
}

register_messages("hints", {"en": EN, "de": DE})
