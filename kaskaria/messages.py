"""The shared message table (domain ``"core"``): what every game and every table says.

German follows the wording of HABA's German rulebooks where a game term is involved; each game
adds its own table (for example :mod:`kaskaria.dragon_battle.messages`).
"""

from __future__ import annotations

from .i18n import register_messages

EN: dict[str, str] = {
    # engine errors a learner can meet
    "illegal_action": "'{action}' is not allowed: {rule}. Legal now: {legal}.",
    "illegal_action_over": "'{action}' is not allowed: {rule}. Nothing is legal: the game is over.",
    "saved_game_bad": "This saved game cannot be loaded: {detail}",
    "saved_game_setup": "This saved game is for rules that cannot be set up: {detail}",
    "saved_game_view": (
        "This code shows the game as one player may see it (hidden cards are left out), so it "
        "cannot be replayed. Ask for the full code to continue the game."
    ),
    "saved_game_replay": "This saved game does not replay: {detail}",
    "code_not_code": "This is not a scenario code: a code starts with KAS1-.",
    "code_too_long": "This code is far too long to be a code of a game.",
    "code_damaged": "This code is damaged: part of it is missing or changed. Copy it again in full.",
    # seats and viewers
    "player": "Player {n}",
    "you": "you",
    "table_viewer": "the table",
    "omniscient_viewer": "everything",
    "chance": "Chance",
    "bot_suffix": "{name} bot",
    "human": "a person",
}

DE: dict[str, str] = {
    "illegal_action": "„{action}“ ist nicht erlaubt: {rule}. Jetzt erlaubt: {legal}.",
    "illegal_action_over": "„{action}“ ist nicht erlaubt: {rule}. Nichts ist mehr erlaubt: das Spiel ist aus.",
    "saved_game_bad": "Dieses gespeicherte Spiel lässt sich nicht laden: {detail}",
    "saved_game_setup": "Dieses gespeicherte Spiel hat Regeln, die sich nicht aufbauen lassen: {detail}",
    "saved_game_view": (
        "Dieser Code zeigt das Spiel so, wie es ein Spieler sehen darf (verdeckte Karten fehlen), "
        "darum lässt er sich nicht nachspielen. Frag nach dem vollen Code, um weiterzuspielen."
    ),
    "saved_game_replay": "Dieses gespeicherte Spiel lässt sich nicht nachspielen: {detail}",
    "code_not_code": "Das ist kein Spielstand-Code: ein Code beginnt mit KAS1-.",
    "code_too_long": "Dieser Code ist viel zu lang für den Code eines Spiels.",
    "code_damaged": "Dieser Code ist beschädigt: ein Teil fehlt oder ist verändert. Kopiere ihn noch einmal ganz.",
    "player": "Spieler {n}",
    "you": "du",
    "table_viewer": "der Tisch",
    "omniscient_viewer": "alles",
    "chance": "Zufall",
    "bot_suffix": "Bot „{name}“",
    "human": "ein Mensch",
}

register_messages("core", {"en": EN, "de": DE})
