"""Checks for input that comes from outside: saved games, scenario codes, positions, seeds.

Everything here answers bad input with a short, typed error (``ValueError`` or ``TypeError``) that
names the bad value, quoting at most a short prefix of it, and says what is accepted. Sizes are
capped *before* any parsing, so a pasted code cannot make the kernel work for long or hold much
memory.
"""

from __future__ import annotations

import json
import reprlib
from collections.abc import Callable, Iterable
from typing import Any, NoReturn

__all__ = [
    "MAX_JSON_CHARS",
    "MAX_SEED",
    "check_seed",
    "seed_number",
    "fresh_seed",
    "checked_list",
    "checked_whole",
    "exact_keys",
    "loads_limited",
    "quote",
    "short",
]

#: Seeds are whole numbers from 0 to 2**63 - 1 (what numpy and JSON carry without loss here).
MAX_SEED = 2**63 - 1
#: The longest JSON text read as a saved game (1 MB).
MAX_JSON_CHARS = 1_000_000
#: The deepest nesting of JSON accepted (a saved game needs 3 or 4 levels).
MAX_JSON_DEPTH = 32


#: Whole numbers beyond this size are named by their count of digits, never written out (writing
#: out a number of thousands of digits is slow, and Python refuses beyond 4,300).
_BIG = 10**30


class _Shortened(reprlib.Repr):
    """``repr`` with every part bounded: long text and lists cut, huge numbers named by size."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = 60
        self.maxother = 60
        self.maxlong = 40

    def repr_int(self, x: int, level: int) -> str:
        return _int_words(x) if not -_BIG < x < _BIG else repr(x)

    def repr_Fraction(self, x: Any, level: int) -> str:  # noqa: N802 (reprlib's naming)
        if not (-_BIG < x.numerator < _BIG and x.denominator < _BIG):
            return "<a fraction of huge numbers>"
        return repr(x)

    def repr_str(self, x: str, level: int) -> str:
        return repr(x[:60]) + ("..." if len(x) > 60 else "")


_SHORTENED = _Shortened()


def _int_words(x: int) -> str:
    """A huge whole number named by its size (``<a number of 4,001 digits>``)."""
    bits = abs(x).bit_length()
    digits = int((bits - 1) * 0.30102999566398120) + 1  # the count, or one less
    if bits > 10**6:  # too large to check cheaply
        return f"<a {'negative ' if x < 0 else ''}number of about {digits:,} digits>"
    if abs(x) >= 10**digits:
        digits += 1
    return f"<a {'negative ' if x < 0 else ''}number of {digits:,} digits>"


def short(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut to about ``limit`` characters (for error messages).

    Never slow and never failing, whatever ``value`` is: a huge string is cut before its repr is
    built, a huge whole number is named by its count of digits, lists and dicts show their first
    items, and an object whose ``repr`` fails is named by its type."""
    if isinstance(value, (str, bytes)):
        if len(value) > 4 * limit:
            value = value[: 4 * limit]  # never build the repr of a huge string
        text = repr(value)
    elif value.__class__ is int:
        text = repr(value) if -_BIG < value < _BIG else _int_words(value)
    else:
        try:
            text = _SHORTENED.repr(value)
        except Exception:  # an odd object whose repr fails
            text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def quote(value: Any, limit: int = 60) -> str:
    """Text as it is (cut to ``limit``), anything else as a short repr: for naming an action."""
    if isinstance(value, str):
        return value if len(value) <= limit else value[: limit - 3] + "..."
    return short(value, limit)


def fresh_seed() -> int:
    """A new seed from the operating system's randomness (for a game nobody asked to repeat)."""
    import secrets

    return secrets.randbelow(MAX_SEED + 1)


def seed_number(seed: Any) -> Any:
    """``seed`` as a Python ``int`` if it is a numpy integer (``numpy.int64(3)`` is the seed 3),
    anything else unchanged: every check of a seed reads it through this first, so a seed is a
    plain ``int`` from there on (it goes into JSON, a code, a summary)."""
    if seed.__class__ is int or seed is None:
        return seed
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - numpy is a dependency
        return seed
    return int(seed) if isinstance(seed, np.integer) else seed


def check_seed(seed: Any, *, allow_none: bool = False, name: str = "seed") -> int | None:
    """The one seed check: a whole number from 0 to 2**63 - 1, numpy's integers too (or ``None``
    where allowed); returns it as a Python ``int``."""
    if seed is None and allow_none:
        return None
    seed = seed_number(seed)
    if seed.__class__ is not int or not 0 <= seed <= MAX_SEED:
        also = " or None" if allow_none else ""
        raise ValueError(
            f"{name} must be a whole number from 0 to 2**63 - 1{also}, got {short(seed)}"
        )
    return seed


def exact_keys(
    data: Any,
    required: Iterable[str],
    optional: Iterable[str] = (),
    *,
    what: str,
    fail: Callable[[str], NoReturn],
) -> None:
    """Call ``fail`` unless ``data`` is a dict whose keys are all required ones and some optional."""
    if not isinstance(data, dict):
        fail(f"{what} is a JSON object, got {type(data).__name__}")
    required, optional = set(required), set(optional)
    keys = set(data)
    missing = sorted(required - keys)
    unknown = sorted((k for k in keys - required - optional), key=repr)
    if missing or unknown:
        fail(
            f"{what} fields are wrong (missing {missing}, unknown "
            f"{[k if isinstance(k, str) and len(k) <= 30 else short(k, 30) for k in unknown[:5]]}); "
            f"expected {sorted(required)}"
            + (f" and optionally {sorted(optional)}" if optional else "")
        )


def checked_whole(value: Any, name: str, lo: int, hi: int, fail: Callable[[str], NoReturn]) -> int:
    """``value`` if it is an ``int`` (not a bool) from ``lo`` to ``hi``; else ``fail``."""
    if value.__class__ is not int or not lo <= value <= hi:
        fail(f"{name} must be a whole number from {lo} to {hi}, got {short(value)}")
    return value


def checked_list(
    value: Any, name: str, fail: Callable[[str], NoReturn], length: int | None = None
) -> list:
    """``value`` if it is a list (of ``length`` items, if given); else ``fail``."""
    if value.__class__ is not list or (length is not None and len(value) != length):
        fail(f"{name} must be a list" + (f" of {length}" if length is not None else ""))
    return value


def _depth_ok(text: str, limit: int) -> bool:
    """Is the bracket nesting of ``text`` at most ``limit``? (Brackets inside strings count too,
    which only errs on the safe side.)"""
    depth = 0
    deepest = 0
    for ch in text:
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return False
        elif ch in "]}":
            depth -= 1
    return True


def loads_limited(
    text: Any,
    fail: Callable[[str], NoReturn],
    *,
    max_chars: int = MAX_JSON_CHARS,
    max_depth: int = MAX_JSON_DEPTH,
) -> Any:
    """Parse JSON text (``str`` or UTF-8 ``bytes``) no longer than ``max_chars`` and nested at most
    ``max_depth`` deep; anything else goes to ``fail`` with a short reason."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > 4 * max_chars:
            fail(f"it is too long ({len(text):,} bytes; at most {max_chars:,} characters)")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            fail("it is not text (UTF-8)")
    if not isinstance(text, str):
        fail(f"it must be JSON text, got {type(text).__name__}")
    if len(text) > max_chars:
        fail(f"it is too long ({len(text):,} characters; at most {max_chars:,})")
    if (text.count("[") + text.count("{")) > max_depth and not _depth_ok(text, max_depth):
        fail(f"it is nested more than {max_depth} levels deep")
    try:
        return json.loads(text)
    except RecursionError:  # pragma: no cover - the depth check comes first
        fail(f"it is nested more than {max_depth} levels deep")
    except ValueError as err:
        fail(f"it is not valid JSON ({str(err)[:60]})")
