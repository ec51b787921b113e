"""What the class's pages show besides a table: a pupil's lobby (the tables, their seats, the open
prediction, the menus to make a table) and the class board of the teacher's page and the
projector (who joined, every table as its class-board screen sees it, the predictions, the
tally). Built in the device's language, from nothing a seat may not see."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..core import CHANCE, TERMINAL, load
from ..i18n import LANGUAGES
from ..i18n import text as _t
from ..names import skeletons
from ..present import presenter_for
from ..tables.view import glance, variant_label
from . import messages as _messages  # noqa: F401  (registers the words)
from .devices import Device, public_id
from .tables import CLASS_GAMES, ClassTable, Tables, levels, open_to_all, player_range
from .tally import ClassTally

if TYPE_CHECKING:
    from .room import ClassRoom

__all__ = ["game_menu", "lobby", "lobby_table", "seat_words", "snapshot"]

#: The words of the class board's controls.
_BOARD_WORDS = (
    "chart_label",
    "w_csv",
    "w_new_table",
    "ui_game",
    "ui_rules",
    "ui_players",
    "ui_bots",
    "w_ask",
    "w_question",
    "w_answers",
    "w_add",
    "w_rolls",
    "w_fails",
    "w_reveal",
    "w_new_game",
    "w_remove",
    "w_bot",
    "w_votes",
    "w_look_back",
    "w_look_back_off",
    "w_look_back_hidden",
    "w_look_back_seat",
)
#: The words of a pupil's lobby.
_LOBBY_WORDS = (
    "ui_sit",
    "ui_watch",
    "ui_lobby_sit",
    "ui_lobby_wait",
    "ui_answer",
    "ui_exercise",
    "ui_exit_ticket",
    "ui_your_answer",
)
_MENUS: dict[str, list[dict[str, Any]]] = {}
#: The most players at a class's table ("Player 6" is a seat's word, never a nickname).
_MOST_PLAYERS = max(player_range(g)[1] for g in CLASS_GAMES)


def _w(key: str, lang: str, **params: Any) -> str:
    return _t("classroom", key, lang, **params)


def who(room: ClassRoom, kept: ClassTable, seat: int, lang: str) -> str:
    """Who sits in ``seat``: a pupil's nickname, a bot's level, or a free seat."""
    token = kept.sitters[seat]
    if token is not None and token in room.pupils:
        return room.pupils[token].name
    label = kept.table.bot_label(seat, lang)
    return label if label is not None else _w("free", lang)


@lru_cache(maxsize=1)
def seat_words() -> dict[str, str]:
    """The words a screen shows where a pupil's nickname goes (a free seat, "you", a bot's
    level, "Player 2"), and the teacher's title ("Teacher decides now." read as the teacher's
    move), in every language, by their skeletons: no nickname may look like one."""
    words = []
    for lang in LANGUAGES:
        words += [_w("free", lang), _w("you", lang), _t("core", "bot_other", lang)]
        words += _w("teacher_words", lang).split("|")
        words += [Tables.level_word(lv, lang) for g in CLASS_GAMES for lv in levels(g)]
        words += [_t("core", "player", lang, n=n + 1) for n in range(_MOST_PLAYERS)]
    return {key: word for word in reversed(words) for key in skeletons(word)}


def lobby_table(room: ClassRoom, kept: ClassTable, lang: str, token: str | None) -> dict[str, Any]:
    """One table in a pupil's lobby (``token``: the pupil whose seat says "you", or None)."""
    seats = []
    for p in range(kept.players):
        sitter = kept.sitters[p]
        mine = sitter is not None and sitter == token
        label = _t("core", "player", lang, n=p + 1)
        seats.append(
            {
                "seat": p,
                "label": label,
                "who": _w("you", lang) if mine else who(room, kept, p, lang),
                "free": sitter is None,
                "mine": mine,
                # what a "Sit here" button says to a screen reader: whose table, which seat
                "sit": _w("ui_sit_at", lang, table=kept.id, seat=label),
            }
        )
    return {
        "id": kept.id,
        "game": kept.game,
        "title": kept.table.presenter.title(lang),
        "players": kept.players,
        "seats": seats,
        "over": kept.table.state.current_player() == TERMINAL,
        "watch": _w("ui_watch_at", lang, table=kept.id),
    }


def lobby(room: ClassRoom, device: Device, tables: bool = True) -> dict[str, Any]:
    """A pupil's lobby (``tables`` False: all of it but its tables)."""
    lang = device.lang
    listed = (
        [lobby_table(room, kept, lang, device.token) for kept in room.tables.values()]
        if tables
        else []
    )
    polls = [
        room.polls.for_pupil(p, device.token) for p in room.polls.values() if p["state"] != "closed"
    ]
    return {
        "type": "lobby",
        "code": room.code,
        "name": room.pupils[device.token].name if device.token in room.pupils else "",
        "tables": listed,
        "polls": polls[-1:],
        "questions": room.answers.for_pupil(device.token, lang),
        "can_create": room.pupils_create,
        "words": {k: _w(k, lang) for k in _LOBBY_WORDS},
        "games": game_menu(lang),
    }


def table_summary(room: ClassRoom, kept: ClassTable, lang: str) -> dict[str, Any]:
    """A table on the class board, from the class board's screen of it."""
    table = kept.table
    shown = glance(table, kept.board(lang))
    player = table.state.current_player()
    acted = set(table.match.actors())
    return {
        "lang": lang,
        "id": kept.id,
        "game": kept.game,
        "title": shown["title"],
        "variant": kept.variant,
        "players": kept.players,
        "level": kept.level,
        "game_no": kept.game_no,
        "seats": [
            {
                "seat": p,
                "label": _t("core", "player", lang, n=p + 1),
                "who": who(room, kept, p, lang),
                "pupil": kept.sitters[p] is not None,
                "online": kept.sitters[p] is not None
                and getattr(room.pupils.get(kept.sitters[p] or ""), "device", None) is not None,
                "to_move": player >= 0 and player == p,
                # has made a choice the board may look back at (the teacher picks the turn):
                # its button's name for a screen reader
                "look_back_label": _w(
                    "w_look_back_seat_of",
                    lang,
                    who=who(room, kept, p, lang) if kept.sitters[p] else table.name(p, lang),
                )
                if p in acted
                else None,
            }
            for p in range(kept.players)
        ],
        "turn": _w("turn_of", lang, who=who(room, kept, player, lang))
        if player >= 0 and not table.is_bot(player)
        else shown["turn"]["text"],
        "status": shown["status"],
        "summary": [line["text"] for line in shown["summary"]["lines"]][-3:],
        "over": player == TERMINAL,
        "chance": player == CHANCE,
        "result": shown["result"],
        "actions": len(table.match.actions),
        # may the teacher put a finished turn's "what if?" on the board (nothing hidden)?
        "look_back_open": open_to_all(table.state, kept.players),
        "version": table.version,
    }


def snapshot(room: ClassRoom, lang: str, summaries: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """Everything the teacher's page and the projector show (``summaries``: each table's, in
    ``lang``)."""
    seated = {}
    for kept in room.tables.values():
        for p, token in enumerate(kept.sitters):
            if token is not None:
                seated[token] = (kept.id, p)
    tally = room.tally()
    return {
        "type": "class",
        "code": room.code,
        "creating": room.pupils_create,
        "pupils": [
            {
                "id": public_id(pupil.token),
                "name": pupil.name,
                "online": pupil.device is not None,
                "table": seated.get(pupil.token, (None, None))[0],
                "seat": seated.get(pupil.token, (None, None))[1],
                # never voted, answered or moved: marked on the teacher's list (not the board)
                "idle": not pupil.took_part,
            }
            for pupil in room.pupils.values()
        ],
        "tables": [summaries[t] for t in room.tables],
        "polls": room.polls.for_teacher(),
        "tally": {
            **{k: v for k, v in tally.items() if not isinstance(v, Fraction)},
            "table_expected": float(tally["table_expected"]),
            "expected": float(tally["expected"]),
            "expected_exact": str(tally["expected"]),
            "text": ClassTally.words(tally, lang),
            "typed_exact": float(tally["typed_exact"]),
        },
        "games": game_menu(lang),
        "words": {k: _w(k, lang) for k in _BOARD_WORDS},
        "online_text": _w(
            "pupils_online",
            lang,
            n=sum(1 for p in room.pupils.values() if p.device),
            total=len(room.pupils),
        ),
    }


def game_menu(lang: str) -> list[dict[str, Any]]:
    """What the menus offer: each game's variants (in words), player counts and levels."""
    if lang not in _MENUS:
        menu = []
        for g in CLASS_GAMES:
            lo, hi = player_range(g)
            game = load(g, players=lo)
            presenter = presenter_for(game)
            menu.append(
                {
                    "game": g,
                    "title": presenter.title(lang),
                    "players": list(range(lo, hi + 1)),
                    "levels": [
                        {"value": lv, "label": Tables.level_word(lv, lang)} for lv in levels(g)
                    ],
                    "variants": [
                        {"value": v, "label": variant_label(presenter, v, lang)}
                        for v in game.variants
                    ],
                }
            )
        _MENUS[lang] = menu
    return _MENUS[lang]
