"""What a table says, worded when it is shown: for the viewer who reads it, in their language.

- :class:`Refusal`: why a request was refused (nothing changed). The gate returns it to the one
  who asked; their screen shows it, no other screen does.
- :class:`News`: what happened last at the table (a step narrated, a new game, a seat given to a
  bot, an error of a bot): every screen shows it, each worded for its own viewer.
- :class:`TableError`: an error the table words itself (``refuse.*`` of the core's words), raised
  in Python and kept in a refusal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core import IllegalActionError, InvalidActionError, ViewerLike
from ..i18n import Localized, Phrase
from ..i18n import text as _t

if TYPE_CHECKING:
    from .table import Table

__all__ = [
    "MAX_MESSAGE",
    "ForViewer",
    "News",
    "Refusal",
    "Refused",
    "TableError",
    "UnreadableError",
    "capital",
    "sentence",
    "shell_words",
]

#: The longest message a screen shows.
MAX_MESSAGE = 600


class TableError(IllegalActionError):
    """An error the table words itself, at the moment it is shown, from what the viewer of the
    screen may know (so a message still on screen when the viewer changes is worded again)."""

    def __init__(self, words: Callable[[str], str]) -> None:
        self._words = words
        super().__init__(words("en"))

    def text(self, lang: str = "en") -> str:
        return self._words(lang)


class UnreadableError(TableError, InvalidActionError):
    """The same for text that is no action at all (the error keeps its kind)."""


def core(key: str, **params: Any) -> TableError:
    """A :class:`TableError` of the core's words ``key`` (params may be phrases of ``lang``)."""
    return TableError(lambda lang: _t("core", key, lang, **params))


@dataclass(frozen=True, eq=False)
class Refusal:
    """A refused request (nothing changed).

    ``error``: the error Python raises for it; ``private``: an error of the rules about the
    position (an illegal or unreadable move), whose explanation may depend on what is hidden, so a
    viewer who may not see the mover's moves reads the table's own sentence instead; ``reason``:
    a short name for a shell that words some refusals its own way (the class server);
    ``silent``: nothing to say (a click on an older view, a tick from a screen that keeps no time).
    """

    error: Exception
    private: bool = False
    reason: str = "refused"
    params: dict[str, Any] = field(default_factory=dict)
    silent: bool = False

    def raised(self, table: Table, viewer: ViewerLike) -> Exception:
        """The error to raise in Python, for a screen showing ``viewer``."""
        if self.private and not table.moves_open_to(viewer):
            return table.private_refusal(isinstance(self.error, InvalidActionError))
        return self.error

    def text(self, table: Table, viewer: ViewerLike, lang: str) -> str:
        """The refusal in words for ``viewer``: the rule a move breaks, never the move's code nor
        the list of legal moves (unless the viewer may see them)."""
        err = self.error
        if self.private and not table.moves_open_to(viewer):
            text = table.private_refusal().text(lang)
        elif isinstance(err, TableError):
            text = err.text(lang)
        elif self.private or isinstance(err, (IllegalActionError, InvalidActionError)):
            text = rule_words(err, lang)
        elif isinstance(err, Localized) and err.key:
            text = err.text(lang)
        else:
            text = str(err)
        if isinstance(err, (IllegalActionError, InvalidActionError)) or self.private:
            text = capital(text)
        if len(text) > MAX_MESSAGE:
            text = text[: MAX_MESSAGE - 1] + "…"
        return text


class Refused(Exception):
    """Raised inside the table to stop a request; the gate returns its :attr:`refusal`."""

    def __init__(
        self, error: Exception, private: bool = False, reason: str = "refused", **params: Any
    ) -> None:
        super().__init__(str(error))
        self.refusal = Refusal(error, private, reason, params)


#: A click on a view that is no longer the screen's latest: ignored (the screen gets the new one).
STALE = Refusal(ValueError("a click on an older view"), reason="stale", silent=True)
#: A request a screen may send but that does nothing there (a tick from a screen that keeps no
#: time: the server does).
IGNORED = Refusal(ValueError("nothing to do here"), reason="ignored", silent=True)


def rule_words(err: Exception, lang: str) -> str:
    """A refused move in words for the screen: the one reason it is refused (the rule it breaks,
    as a sentence of its own), never the move's code nor the list of legal moves."""
    if isinstance(err, InvalidActionError):
        return _t("core", "refuse.unreadable", lang)
    if isinstance(err, Localized) and err.key in ("illegal_action", "illegal_action_over"):
        rule = err.params.get("rule")
        if isinstance(rule, Phrase) and rule.domain is not None:
            return capital(_t("core", "refuse.rule", lang, rule=rule(lang)))
    if isinstance(err, Localized) and err.key:
        return err.text(lang)
    return _t("core", "refuse.illegal_plain", lang)


class ForViewer:
    """A parameter of the news worded for the viewer who reads it (``words(viewer, lang)``)."""

    __slots__ = ("words",)

    def __init__(self, words: Callable[[ViewerLike, str], str]) -> None:
        self.words = words


@dataclass(frozen=True, eq=False)
class News:
    """What happened last: ``("say", (key, params))`` (a greeting, a new game, a seat given),
    ``("done", (start, steps))`` (the steps from action ``start`` on, narrated) or
    ``("error", refusal)`` (a bot that could not move). ``kind``: how a screen shows it."""

    what: str
    data: Any
    kind: str = "info"

    def params_for(self, viewer: ViewerLike) -> dict[str, Any]:
        _, params = self.data
        return {k: self._bound(v, viewer) for k, v in params.items()}

    @staticmethod
    def _bound(value: Any, viewer: ViewerLike) -> Any:
        if isinstance(value, ForViewer):
            words = value.words
            return lambda lang: words(viewer, lang)
        return value


_SHELL_WORDS = (
    # the keys' letters, from the words they stand for in the screen's language
    "key_next",
    "key_turn",
    "key_undo",
    "key_auto",
    "key_none",  # a number key no move carries now
    "next_step",
    "steps_group",
    "nothing_to_step",
    "play_turn",
    "autoplay_on",
    "autoplay_off",
    "autoplay_over",
    "speed",
    "undo",
    "new_game",
    "seed",
    "random_seed",
    "code",
    "code_view",
    "code_fold",
    "load_code",
    "paste_code",
    "log",
    "log_more",
    "moves",
    "winner",
    "viewer",
    "language",
    "variant",
    "players",
    "keys",
    "summary",
    "summary_empty",
    "rules",
    "settings",
    "seats",
    "sound",
    "sound_on",
    "sound_off",
    "motion",
    "motion_auto",
    "motion_full",
    "motion_reduced",
    "hourglass",
    "hourglass_on",
    "hourglass_off",
    "seconds",
    "confirm_yes",
    "confirm_back",
    "confirm_step",
    "results",
    "play_again",
    "close",
    "points_total",
)


_SHELL_KEPT: dict[str, dict[str, str]] = {}


def shell_words(lang: str) -> dict[str, str]:
    """The shell's own words (its buttons and titles) in ``lang`` (looked up once per
    language: every view carries them)."""
    if lang not in _SHELL_KEPT:
        _SHELL_KEPT[lang] = {k: _t("core", f"shell.{k}", lang) for k in _SHELL_WORDS}
    return dict(_SHELL_KEPT[lang])


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop (never two)."""
    text = capital(text.strip())
    return text if not text or text[-1] in ".!?…" else text + "."
