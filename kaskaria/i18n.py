"""Message tables: every learner-facing sentence, in English and German.

Each domain (``"core"`` for what all games share, one per game such as ``"dragon-battle"``)
registers one table per language: a dict from a key to a ``str.format`` template. A key with
the suffixes ``_one`` / ``_many`` is a plural pair: ``text("dice", n=1)`` picks ``dice_one``.
Keys of the ``core`` domain are found from every game domain.

>>> from kaskaria.i18n import text
>>> text("core", "player", "de", n=2)
'Spieler 2'

A missing key raises ``KeyError`` (a test checks that both languages have the same keys).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .validate import short

__all__ = [
    "LANGUAGES",
    "check_lang",
    "domains",
    "keys",
    "register_messages",
    "text",
    "Localized",
    "Phrase",
]

#: The languages every message table must cover.
LANGUAGES: tuple[str, ...] = ("en", "de")

_TABLES: dict[str, dict[str, Mapping[str, str]]] = {}
_LOADERS: dict[str, Callable[[], None]] = {}


def check_lang(lang: Any) -> str:
    if lang not in LANGUAGES or not isinstance(lang, str):
        raise ValueError(
            f"unknown language {short(lang, 30)}; choose one of: "
            f"{', '.join(repr(x) for x in LANGUAGES)}"
        )
    return lang


def register_messages(domain: str, tables: Mapping[str, Mapping[str, str]]) -> None:
    """Register the message tables of ``domain``: ``{"en": {...}, "de": {...}}``."""
    _TABLES[domain] = {lang: dict(tables[lang]) for lang in tables}


def register_loader(domain: str, loader: Callable[[], None]) -> None:
    """Import a domain's tables only when they are first needed."""
    _LOADERS[domain] = loader


def _table(domain: str, lang: str) -> Mapping[str, str]:
    if domain not in _TABLES and domain in _LOADERS:
        _LOADERS[domain]()
    try:
        return _TABLES[domain][lang]
    except KeyError:
        raise KeyError(f"no {lang!r} messages for {domain!r}") from None


def domains() -> tuple[str, ...]:
    for name in list(_LOADERS):
        if name not in _TABLES:
            _LOADERS[name]()
    return tuple(sorted(_TABLES))


def keys(domain: str, lang: str) -> frozenset[str]:
    return frozenset(_table(domain, lang))


def _lookup(domain: str, key: str, lang: str) -> str:
    table = _table(domain, lang)
    if key in table:
        return table[key]
    if domain != "core":
        core = _table("core", lang)
        if key in core:
            return core[key]
    raise KeyError(f"message {key!r} is missing in the {lang!r} table of {domain!r}")


def text(domain: str, key: str, lang: str = "en", **params: Any) -> str:
    """The message ``key`` of ``domain`` in ``lang``, filled with ``params``.

    A parameter that is callable is called with ``lang`` first (a phrase of its own). With a
    parameter ``n`` and a plural pair (``key_one``/``key_many``) the right form is chosen.
    """
    check_lang(lang)
    params = {k: (v(lang) if callable(v) else v) for k, v in params.items()}
    n = params.get("n")
    if isinstance(n, int) and not isinstance(n, bool):
        table = _table(domain, lang)
        plural = f"{key}_one" if n == 1 else f"{key}_many"
        if plural in table or (domain != "core" and plural in _table("core", lang)):
            key = plural
    return _lookup(domain, key, lang).format(**params)


class Phrase:
    """A message to be rendered later, in whatever language is asked for: ``phrase(lang)``.

    Used as a parameter of another message (a rule phrase inside an error). ``domain=None`` makes
    a fixed text that is the same in every language (a word of the notation).
    """

    __slots__ = ("domain", "key", "params")

    def __init__(self, domain: str | None, key: str, **params: Any) -> None:
        self.domain, self.key, self.params = domain, key, params

    def __call__(self, lang: str = "en") -> str:
        if self.domain is None:
            return self.key
        return text(self.domain, self.key, lang, **self.params)

    def __repr__(self) -> str:
        return f"Phrase({self.domain!r}, {self.key!r})"


class Localized:
    """A mix-in for errors that a learner can meet: the English text is ``str(err)``; the same
    error in another language is ``err.text(lang)``.

    ``key`` and ``params`` name a message of ``domain``; errors without a key show their English
    text in every language (for programming errors a learner does not meet).
    """

    domain: str = "core"
    key: str | None = None
    params: dict[str, Any]

    def set_message(self, domain: str, key: str, **params: Any) -> None:
        self.domain, self.key, self.params = domain, key, params

    def text(self, lang: str = "en") -> str:
        if self.key is None:
            return str(self)
        params = {k: (v.text if isinstance(v, Localized) else v) for k, v in self.params.items()}
        return text(self.domain, self.key, lang, **params)


def _load_core() -> None:
    import importlib

    importlib.import_module("kaskaria.messages")


register_loader("core", _load_core)
