"""The words every game's hints share (:mod:`kaskaria.hints`), in English and German; each game
keeps its own hint words beside its hints (``kaskaria/<game>/hint_messages.py``).
"""

from __future__ import annotations

from .i18n import register_messages

EN: dict[str, str] = {
    "and": "and",
    "decimal": ".",
    "rate": "This move won {won} of {n} games in my head.",
    "rate_one": "This move won one of {n} games in my head.",
    "rate_best": "Of all moves, this one won most often in my head: {won} of {n} games.",
    "rate_one_best": "Of all moves, this one won most often in my head: one of {n} games.",
    # the best move still lost most of its imagined games: "most often: one of 17" read as a
    # contradiction to one child tester, and "every move mostly lost; this one did best" was hard
    # for another; the count first, then that no move did better
    "rate_low_best": "This move won {won} of {n} games in my head. No move did better.",
    "rate_low_one_best": "This move won one of {n} games in my head. No move did better.",
    "rate_none": "No choice won any of {n} games in my head.",
    "rate_closest": "This move won none of {n} games in my head, but lost by the least.",
    "rate_none_closest": "Every move lost all {n} games in my head; this one lost by the least.",
    "by_bot": "The {bot} bot would do this: {move}.",
    "move": "Best move: {move}.",
}

DE: dict[str, str] = {
    "and": "und",
    "decimal": ",",
    "rate": "Damit habe ich in Gedanken {won} von {n} Spielen gewonnen.",
    "rate_one": "Damit habe ich in Gedanken eins von {n} Spielen gewonnen.",
    "rate_best": "Dieser Zug hat in Gedanken am häufigsten gewonnen: {won} von {n} Spielen.",
    "rate_one_best": "Dieser Zug hat in Gedanken am häufigsten gewonnen: eins von {n} Spielen.",
    "rate_low_best": "Damit habe ich in Gedanken {won} von {n} Spielen gewonnen. Kein Zug war besser.",
    "rate_low_one_best": "Damit habe ich in Gedanken eins von {n} Spielen gewonnen. Kein Zug war besser.",
    "rate_none": "In Gedanken hat in {n} Spielen keine Wahl gewonnen.",
    "rate_closest": "Damit habe ich in Gedanken keins von {n} Spielen gewonnen, aber am knappsten verloren.",
    "rate_none_closest": "In Gedanken hat jeder Zug alle {n} Spiele verloren, dieser am knappsten.",
    "by_bot": "Der Bot {bot} würde das tun: {move}.",
    "move": "Bester Zug: {move}.",
}

register_messages("hints", {"en": EN, "de": DE})
