"""Positions a person can write: a setup call with defaults, and a one-line position text.

``kaskaria.setup("heroes", players=3, hands={0: "2 blue gold, red griffin"}, to_move=1)`` sets
up a position from what matters and fills in the rest consistently (every card not placed
elsewhere lies in the draw pile, the gold not held lies in the supply, ...); it returns a
:class:`kaskaria.Match` that starts there: it plays on with its seed, undoes back to that
position (not before it) and saves with it. An impossible position raises
:class:`PositionError` (a ``ValueError``) saying what does not add up.

A *position text* is the same position in one line, in the spirit of chess's FEN::

    heroes 2; player 1; hand 1: blue griffin, 2 blue gold; hand 2: 2 orange runner; ...

``match.position_text()`` writes the current position; ``kaskaria.Match.from_position(text,
seed=...)`` reads one back into a match at an equal state. The grammar (the header with the game,
the player count, the variant and the options that differ from the defaults; then the fields of
each game) is documented in ``docs/positions.md``. Texts count seats, places and cards from 1,
Python from 0.

Each game has a positions module of its own (``kaskaria.<game>.positions``, named with
:func:`kaskaria.core.register_positions`): ``setup_state(game, **what)`` (a state),
``position_fields(state)`` (the fields of the text, without the header) and
``read_position(game, fields)`` (a state from parsed fields), which the game's
``setup``/``position_fields``/``read_position`` methods call. That module builds the game's
states from its engine; the engine does not know it. The envelope (the header, the size caps, the
splitting into fields, the errors) lives here, and :func:`kaskaria.setup` (a match at a set-up
position) in :mod:`kaskaria.match`.
"""

from __future__ import annotations

import functools
import inspect
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn, TypeVar

from .core import CHANCE, Game, game_class, load
from .validate import MAX_JSON_DEPTH, loads_limited, short

__all__ = [
    "MAX_POSITION_CHARS",
    "PositionError",
    "PositionField",
    "position_text",
    "read_position",
]

#: The longest position text read (a full position of the longest game fits in far less).
MAX_POSITION_CHARS = 4_000
#: The most fields a position text may hold.
MAX_FIELDS = 200
#: The longest number in a position text (digits).
MAX_DIGITS = 4
_PRINTABLE = frozenset(chr(c) for c in range(32, 127))
_WORD_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_-+")
_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?")


_F = TypeVar("_F", bound=Callable[..., Any])


class PositionError(ValueError):
    """A position that cannot be set up (it does not add up) or a position text that cannot be
    read; the message says what is wrong."""


def fail(message: str) -> NoReturn:
    raise PositionError(message)


def impossible_positions(title: str) -> Callable[[_F], _F]:
    """A game's ``setup_state`` with every refusal starting "impossible <title> position:" (as
    the engine's own checks of a saved position do), and a word it does not take refused with a
    ``TypeError`` listing the words it takes."""
    prefix = f"impossible {title} position: "

    def decorate(func: _F) -> _F:
        words = [
            name
            for name, p in inspect.signature(func).parameters.items()
            if p.kind is inspect.Parameter.KEYWORD_ONLY
        ]

        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            unknown = [k for k in kwargs if k not in words]
            if unknown:
                raise TypeError(
                    f"unknown word {short(unknown[0], 30)} for a {title} position; the words "
                    f"are: {', '.join(words)}"
                )
            try:
                return func(*args, **kwargs)
            except PositionError as err:
                message = str(err)
                if message.startswith(prefix):
                    raise
                raise PositionError(prefix + message) from None

        return wrapper  # type: ignore[return-value]

    return decorate


@dataclass(frozen=True)
class PositionField:
    """One field of a position text: ``hand 2: blue griffin, 2 blue gold`` is the key
    ``"hand"``, the words ``("2",)`` before the colon and the value ``"blue griffin, 2 blue
    gold"`` after it (``None`` without a colon)."""

    key: str
    args: tuple[str, ...]
    value: str | None

    def __str__(self) -> str:
        head = " ".join((self.key, *self.args))
        return head if self.value is None else f"{head}: {self.value}"

    def quoted(self) -> str:
        """The field for an error message (cut short)."""
        text = str(self)
        return repr(text if len(text) <= 50 else text[:47] + "...")


# ---------------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------------
def _option_text(value: Any) -> str:
    """An option's value as the header writes it: a plain word as it is, anything else as
    compact JSON."""
    if isinstance(value, str) and value and set(value) <= _WORD_CHARS and not _json_like(value):
        return value
    return json.dumps(value, separators=(",", ":"), sort_keys=False)


def _json_like(word: str) -> bool:
    """Would JSON read ``word`` as something else than text (a number, true, false, null)?"""
    return word in ("true", "false", "null") or _NUMBER.fullmatch(word) is not None


def header_of(game: Game) -> str:
    """The header of a position text: the game's name, its players, its variant (unless
    ``basic``) and every option that differs from the game's defaults."""
    words = [game.name, str(game.players)]
    if game.variant != "basic":
        words.append(game.variant)
    try:
        defaults = game_class(game.name)(players=game.players, variant=game.variant).options()
    except (TypeError, ValueError):  # pragma: no cover - a registered game loads by default
        defaults = {}
    for name, value in game.options().items():
        if name in defaults and defaults[name] == value and type(defaults[name]) is type(value):
            continue
        if name == "first_player":
            words.append(f"first={value + 1}")
        else:
            words.append(f"{name}={_option_text(value)}")
    return " ".join(words)


def position_text(state: Any) -> str:
    """The position text of ``state`` (a moment where a player decides, or the end): one line
    that :func:`read_position` reads back into an equal state. A position the game cannot
    write (a chance step, or a phase the text does not cover) raises :class:`PositionError`."""
    game = getattr(state, "game", None)
    if not isinstance(game, Game):
        raise TypeError(f"position_text takes a game's state, got {short(state)}")
    if state.current_player() == CHANCE:
        fail(
            "a position text is written where a player decides or at the end; chance is due "
            f"now ({state.chance_kind()}): resolve it first (match.resolve_chance())"
        )
    try:
        fields = game.position_fields(state)
    except NotImplementedError:
        fail(f"{game.title} has no position texts")
    text = "; ".join([header_of(game), *fields])
    again = read_position(text)
    if again != state:  # pragma: no cover - a game whose writer misses a field
        fail(f"this {game.title} position cannot be written exactly in a position text")
    return text


# ---------------------------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------------------------
def _check_text(text: Any) -> str:
    if not isinstance(text, str):
        raise TypeError(f"a position text is text (str), got {type(text).__name__}")
    if len(text) > MAX_POSITION_CHARS:
        fail(
            f"this position text is too long ({len(text):,} characters; a position text has at "
            f"most {MAX_POSITION_CHARS:,})"
        )
    bad = next((i for i, ch in enumerate(text) if ch not in _PRINTABLE), None)
    if bad is not None:
        fail(
            f"a position text is plain text (letters, digits, spaces and ; : , - = signs), "
            f"got {text[bad]!r} at character {bad + 1}"
        )
    if not text.strip():
        fail(
            "empty position text; it starts with the game's name and its players, as in 'heroes 2'"
        )
    return text


def _split(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` outside JSON strings and brackets (of the header's options)."""
    parts, start, depth, quoted, escaped = [], 0, 0, False, False
    for i, ch in enumerate(text):
        if quoted:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                fail(f"a position text nests brackets at most {MAX_JSON_DEPTH} deep")
        elif ch in "]}":
            depth -= 1
        elif depth <= 0 and (ch == sep or (sep == " " and ch.isspace())):
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def _option_value(name: str, raw: str) -> Any:
    if raw and raw[0] in '[{"' or _json_like(raw):

        def bad(reason: str) -> NoReturn:
            fail(f"option {name} in the position text: {reason}")

        return loads_limited(raw, bad, max_chars=MAX_POSITION_CHARS)
    if not raw or not set(raw) <= _WORD_CHARS:
        fail(f"option {short(name, 30)} needs a value: write {name}=<value>, got {short(raw, 30)}")
    return raw


def _read_header(header: str) -> Game:
    words = [w for w in _split(header.strip(), " ") if w]
    if not words:
        fail("a position text starts with the game's name and its players, as in 'heroes 2'")
    name = words[0].lower()
    try:
        cls: Any = game_class(name)
    except ValueError as err:
        fail(str(err))
    if len(words) < 2 or not (words[1].isdecimal() and len(words[1]) <= 2):
        fail(
            f"the game's name is followed by its number of players, as in '{name} 3', "
            f"got {short(words[1] if len(words) > 1 else '', 20)}"
        )
    players = int(words[1])
    rest = words[2:]
    variant = "basic"
    variants = getattr(cls, "variants", ("basic",))
    if rest and "=" not in rest[0]:
        variant = rest.pop(0).lower()
        if variant not in variants:
            fail(
                f"unknown variant {short(variant, 30)}; variants are: {', '.join(variants)} "
                "(options are written <name>=<value>)"
            )
    options: dict[str, Any] = {}
    for word in rest:
        key, eq, raw = word.partition("=")
        key = key.lower()
        if not eq or not key or not set(key) <= _WORD_CHARS:
            fail(
                f"{short(word, 30)} in the header is neither the variant nor an option "
                "(<name>=<value>)"
            )
        if key in options or (key == "first" and "first_player" in options):
            fail(f"option {short(key, 30)} is given twice")
        if key == "first":
            if not (raw.isdecimal() and len(raw) <= 2 and 1 <= int(raw) <= players):
                fail(
                    f"first=<seat> names the seat that starts, 1 to {players}, got {short(raw, 20)}"
                )
            options["first_player"] = int(raw) - 1
        elif key == "first_player":
            fail("write the first player as first=<seat>, counted from 1 as in every text")
        else:
            options[key] = _option_value(key, raw)
    allowed = getattr(cls, "saved_options", None)
    if allowed is not None:
        extra = [k for k in options if k not in allowed]
        if extra:
            fail(
                f"unknown option {short(extra[0], 30)} for {cls.title}; options are: "
                + ", ".join("first" if k == "first_player" else k for k in allowed)
            )
    try:
        return load(name, players=players, variant=variant, **options)
    except (TypeError, ValueError) as err:
        fail(f"the position's rules cannot be set up: {err}")


def parse_fields(body: Iterable[str]) -> list[PositionField]:
    """The fields of a position text (the parts after the header)."""
    fields = []
    for raw in body:
        part = raw.strip()
        if not part:
            continue
        head, colon, value = part.partition(":")
        words = head.lower().split()
        if not words:
            fail(f"a field has a name before its colon, got {short(part, 40)}")
        fields.append(
            PositionField(words[0], tuple(words[1:]), value.strip().lower() if colon else None)
        )
    return fields


def read_position(text: str) -> Any:
    """The state a position text describes (checked like a saved game: sizes first, then every
    field; a bad text raises :class:`PositionError` saying what is wrong)."""
    text = _check_text(text)
    parts = _split(text, ";")
    if len(parts) > MAX_FIELDS + 1:
        fail(f"a position text has at most {MAX_FIELDS} fields, this one {len(parts) - 1}")
    game = _read_header(parts[0])
    fields = parse_fields(parts[1:])
    try:
        state = game.read_position(fields)
    except NotImplementedError:
        fail(f"{game.title} has no position texts")
    except PositionError:
        raise
    except ValueError as err:  # an impossible position found by the game's own checks
        raise PositionError(str(err)) from None
    return state


# ---------------------------------------------------------------------------------------------
# Helpers for the games: reading fields and values
# ---------------------------------------------------------------------------------------------
def number(word: Any, what: str, lo: int = 0, hi: int = 10**MAX_DIGITS - 1) -> int:
    """A whole number ``lo..hi`` written in ASCII digits (or given as an int)."""
    if word.__class__ is int:
        value = word
    elif isinstance(word, str) and word.isascii() and word.isdecimal() and len(word) <= MAX_DIGITS:
        value = int(word)
    else:
        fail(f"{what} must be a whole number from {lo} to {hi}, got {short(word, 20)}")
    if not lo <= value <= hi:
        fail(f"{what} must be a whole number from {lo} to {hi}, got {value}")
    return value


def who(p: int) -> str:
    """A seat named for both readers of a message: ``Player 2 (seat 1)`` (texts count from 1,
    Python from 0)."""
    return f"Player {p + 1} (seat {p})"


def seat_of_text(word: str, players: int, what: str = "a seat") -> int:
    """A seat written in a text (1 to ``players``) as a Python seat (0 to ``players - 1``)."""
    return number(word, f"{what} (a player from 1 to {players})", 1, players) - 1


def check_seat(value: Any, players: int, what: str = "seat") -> int:
    """A seat given in Python (0 to ``players - 1``)."""
    if value.__class__ is not int or not 0 <= value < players:
        fail(
            f"{what} must be a seat from 0 to {players - 1} (Python counts from 0), got {short(value)}"
        )
    return value


def per_seat(
    value: Any, players: int, what: str, item: Callable[[Any, int], Any], empty: Any
) -> list:
    """A value per seat, given as a list (one per seat) or a dict ``{seat: value}`` (the seats
    left out get ``empty``); ``item(value, seat)`` checks each."""
    if value is None:
        return [empty] * players
    if isinstance(value, Mapping):
        out = [empty] * players
        for seat, v in value.items():
            out[check_seat(seat, players, f"a seat in {what}")] = item(v, seat)
        return out
    if isinstance(value, (list, tuple)):
        if len(value) != players:
            fail(
                f"{what} holds one entry per player ({players}), got {len(value)}; or give a "
                "dict {seat: ...} of the seats that have something"
            )
        return [item(v, seat) for seat, v in enumerate(value)]
    fail(f"{what} is a list with one entry per seat or a dict {{seat: ...}}, got {short(value)}")


def whole(value: Any, what: str, lo: int = 0, hi: int = 10**6) -> int:
    """A whole number given in Python."""
    if value.__class__ is not int or not lo <= value <= hi:
        fail(f"{what} must be a whole number from {lo} to {hi}, got {short(value)}")
    return value


def counted(
    value: Any, names: Mapping[str, int], what: str, *, aliases: Mapping[str, str] = {}
) -> list[int]:
    """Counts per name from a list of names (``["blue gold", "blue gold"]``), a text
    (``"2 blue gold, red griffin"``; ``-`` for none) or a dict ``{name: count}``; ``names``
    maps each name to its index in the counts."""
    counts = [0] * (max(names.values()) + 1 if names else 0)

    def add(name: Any, n: int) -> None:
        key = name.strip().lower() if isinstance(name, str) else name
        if isinstance(key, str):
            key = " ".join(key.split())
            key = aliases.get(key, key)
        if key.__class__ is not str or key not in names:
            shown = ", ".join(list(names)[:12]) + (" ..." if len(names) > 12 else "")
            fail(f"{short(name, 30)} in {what} is not one of: {shown}")
        counts[names[key]] += n

    if value is None:
        return counts
    if isinstance(value, str):
        text = value.strip()
        if text in ("", "-"):
            return counts
        for item in text.split(","):
            words = item.split()
            if not words:
                fail(
                    f"{what} lists names separated by commas, got an empty item in {short(value, 40)}"
                )
            n = 1
            if words[0].isascii() and words[0].isdecimal():
                n = number(words[0], f"a count in {what}", 1, 999)
                words = words[1:]
            add(" ".join(words), n)
        return counts
    if isinstance(value, Mapping):
        for name, n in value.items():
            add(name, whole(n, f"the count of {short(name, 20)} in {what}", 0, 999))
        return counts
    if isinstance(value, (list, tuple)):
        if len(value) > 1000:
            fail(f"{what} lists at most 1,000 things")
        for name in value:
            add(name, 1)
        return counts
    fail(
        f"{what} is a text ('2 gold, red'), a list of names or a dict {{name: count}}, got {short(value)}"
    )


def write_counted(counts: Sequence[int], names: Sequence[str]) -> str:
    """Counts written as a text: ``2 blue gold, red griffin`` (``-`` for none)."""
    items = [name if n == 1 else f"{n} {name}" for n, name in zip(counts, names, strict=True) if n]
    return ", ".join(items) if items else "-"


def numbers(
    words: Sequence[str], what: str, count: int, lo: int = 0, hi: int = 10**MAX_DIGITS - 1
) -> list[int]:
    """``count`` whole numbers (one per seat, say) written as words."""
    if len(words) != count:
        fail(f"{what} lists {count} numbers (one per player), got {len(words)}")
    return [number(w, what, lo, hi) for w in words]


def fields_by_key(
    fields: Sequence[PositionField], allowed: Mapping[str, str], game_title: str
) -> dict[str, list[PositionField]]:
    """The fields grouped by key; an unknown key fails with the list of keys (``allowed`` maps
    each key to how it is written)."""
    out: dict[str, list[PositionField]] = {}
    for f in fields:
        if f.key not in allowed:
            fail(
                f"unknown field {f.quoted()} in a {game_title} position; fields are: "
                + ", ".join(allowed)
            )
        out.setdefault(f.key, []).append(f)
    return out


def single(group: Mapping[str, list[PositionField]], key: str, form: str) -> PositionField | None:
    """The one field named ``key`` (``None`` if absent); twice fails."""
    found = group.get(key)
    if not found:
        return None
    if len(found) > 1:
        fail(f"the field '{key}' is given twice; write it once: {form}")
    return found[0]


def no_value(f: PositionField, form: str) -> tuple[str, ...]:
    """The words of a field written without a colon."""
    if f.value is not None:
        fail(f"{f.quoted()}: write {form}")
    return f.args


def with_value(f: PositionField, form: str, args: int) -> str:
    """The value of a field written ``key <args>: value``."""
    if f.value is None or len(f.args) != args:
        fail(f"{f.quoted()}: write {form}")
    return f.value
