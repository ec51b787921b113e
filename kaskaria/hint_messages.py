"""The words every game's hints share (:mod:`kaskaria.hints`), in English and German; each game
keeps its own hint words beside its hints (``kaskaria/<game>/hint_messages.py``).
"""

from __future__ import annotations

from .i18n import register_messages

EN: dict[str, str] = {
    "and": "and",
    "decimal": ".",
    "rate": "I tried it in {n} games in my head and won {won} of them.",
    "rate_one": "I tried it in {n} games in my head and won one of them.",
    "rate_none": "I tried it in {n} games in my head. No choice won any of them.",
    "rate_closest": "I tried it in {n} games in my head. It never won, but kept you closest to the winner.",
    "rate_none_closest": "I tried it in {n} games in my head. No choice won; this one came closest.",
    "by_bot": "The {bot} bot would do this: {move}.",
    "move": "Best move: {move}.",
}

DE: dict[str, str] = {
    "and": "und",
    "decimal": ",",
    "rate": "Ich habe es in Gedanken {n}-mal ausprobiert und {won}-mal gewonnen.",
    "rate_one": "Ich habe es in Gedanken {n}-mal ausprobiert und einmal gewonnen.",
    "rate_none": "Ich habe es in Gedanken {n}-mal ausprobiert. Keine Wahl hat gewonnen.",
    "rate_closest": "Ich habe es in Gedanken {n}-mal ausprobiert. Damit hast du nie gewonnen, bliebst aber am nächsten am Sieger dran.",
    "rate_none_closest": "Ich habe es in Gedanken {n}-mal ausprobiert. Keine Wahl hat gewonnen; diese kam am nächsten heran.",
    "by_bot": "Der Bot {bot} würde das tun: {move}.",
    "move": "Bester Zug: {move}.",
}

register_messages("hints", {"en": EN, "de": DE})
