"""The words every game's hints share (:mod:`kaskaria.hints`), in English and German; each game
keeps its own hint words beside its hints (``kaskaria/<game>/hint_messages.py``).
"""

from __future__ import annotations

from .i18n import register_messages

EN: dict[str, str] = {
    "and": "and",
    "decimal": ".",
    "rate": "I tried it in {n} games in my head and won {won} of them.",
    "by_bot": "The {bot} bot would do this: {move}.",
    "move": "Best move: {move}.",
}

DE: dict[str, str] = {
    "and": "und",
    "decimal": ",",
    "rate": "Ich habe es in Gedanken {n}-mal ausprobiert und {won}-mal gewonnen.",
    "by_bot": "Der Bot {bot} würde das tun: {move}.",
    "move": "Bester Zug: {move}.",
}

register_messages("hints", {"en": EN, "de": DE})
