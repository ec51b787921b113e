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
    "rate_closest": "I tried it in {n} games in my head. It won none, but on average it lost by the least.",
    "rate_none_closest": "I tried it in {n} games in my head. No choice won; this one lost by the least.",
    "by_bot": "The {bot} bot would do this: {move}.",
    "move": "Best move: {move}.",
}

DE: dict[str, str] = {
    "and": "und",
    "decimal": ",",
    "rate": "Ich habe es in Gedanken {n}-mal ausprobiert und {won}-mal gewonnen.",
    "rate_one": "Ich habe es in Gedanken {n}-mal ausprobiert und einmal gewonnen.",
    "rate_none": "Ich habe es in Gedanken {n}-mal ausprobiert. Keine Wahl hat gewonnen.",
    "rate_closest": "Ich habe es in Gedanken {n}-mal ausprobiert. Es hat nie gewonnen, aber im Schnitt am knappsten verloren.",
    "rate_none_closest": "Ich habe es in Gedanken {n}-mal ausprobiert. Keine Wahl hat gewonnen; diese hat am knappsten verloren.",
    "by_bot": "Der Bot {bot} würde das tun: {move}.",
    "move": "Bester Zug: {move}.",
}

register_messages("hints", {"en": EN, "de": DE})
