"""The words every game's hints share (:mod:`kaskaria.hints`), in English and German; each game
keeps its own hint words beside its hints (``kaskaria/<game>/hint_messages.py``).
"""

from __future__ import annotations

from .i18n import register_messages

EN: dict[str, str] = {
    "and": "and",
    "decimal": ".",
    "rate": "It won {won} of {n} games in my head.",
    "rate_one": "It won one of {n} games in my head.",
    "rate_none": "No choice won any of {n} games in my head.",
    "rate_closest": "It won none of {n} games in my head, but lost by the least on average.",
    "rate_none_closest": "No choice won any of {n} games in my head. This one lost by the least.",
    "by_bot": "The {bot} bot would do this: {move}.",
    "move": "Best move: {move}.",
}

DE: dict[str, str] = {
    "and": "und",
    "decimal": ",",
    "rate": "Damit habe ich in Gedanken {won} von {n} Spielen gewonnen.",
    "rate_one": "Damit habe ich in Gedanken eins von {n} Spielen gewonnen.",
    "rate_none": "In Gedanken hat in {n} Spielen keine Wahl gewonnen.",
    "rate_closest": "Damit gewann ich in Gedanken keins von {n} Spielen, verlor aber im Schnitt am knappsten.",
    "rate_none_closest": "In Gedanken hat in {n} Spielen keine Wahl gewonnen. Diese hat am knappsten verloren.",
    "by_bot": "Der Bot {bot} würde das tun: {move}.",
    "move": "Bester Zug: {move}.",
}

register_messages("hints", {"en": EN, "de": DE})
