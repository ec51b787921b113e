"""Named rule options: the readings a game takes where its rulebook can be read more than one way.

Each game lists its options once, in an :class:`OptionTable` of :class:`Option` entries (name,
default, the values accepted, what it means, where the default comes from). The table checks what a
caller passes (``kaskaria.load(..., silver_with_colour=True)``) strictly: an unknown name, a value
of the wrong type (``True`` is not the number 1 here) or a value outside the accepted ones raises a
``ValueError`` naming the bad value and listing what is accepted.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .provenance import ASSUMED, LABELS
from .validate import short

__all__ = ["Option", "OptionTable", "same_value"]


def same_value(a: Any, b: Any) -> bool:
    """Equal and of the same type (``True`` is not ``1``, ``1.0`` is not ``1``)."""
    return type(a) is type(b) and a == b


@dataclass(frozen=True)
class Option:
    """One named option.

    ``choices``: the accepted values (compared by type and value), or ``None`` when ``check``
    decides; ``check(value, players)`` returns the value to use or raises ``ValueError``;
    ``label``: the provenance of the default reading (``ASSUMED`` when the rulebook is silent).
    """

    name: str
    default: Any
    meaning: str
    choices: tuple[Any, ...] | None = None
    check: Callable[[Any, int], Any] | None = None
    label: str = ASSUMED

    def __post_init__(self) -> None:
        if self.label not in LABELS:
            raise ValueError(f"unknown provenance label {self.label!r}")
        if self.choices is None and self.check is None:
            raise ValueError(f"option {self.name!r} needs choices or a check")

    def validate(self, value: Any, players: int) -> Any:
        if self.check is not None:
            return self.check(value, players)
        assert self.choices is not None
        if not any(same_value(value, c) for c in self.choices):
            shown = ", ".join(repr(c) for c in self.choices)
            raise ValueError(
                f"unknown value for {self.name} {_short_repr(value)}; choose one of: {shown}"
            )
        return value


def _short_repr(value: Any, limit: int = 60) -> str:
    return short(value, limit)  # never the whole repr of a huge value


class OptionTable(Mapping[str, Option]):
    """The options of one game, by name, in the order they are documented."""

    def __init__(self, title: str, options: tuple[Option, ...]) -> None:
        self.title = title
        self._options = {o.name: o for o in options}
        if len(self._options) != len(options):
            raise ValueError(f"option names of {title} must be unique")

    def __getitem__(self, name: str) -> Option:
        return self._options[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._options)

    def __len__(self) -> int:
        return len(self._options)

    def defaults(self) -> dict[str, Any]:
        return {name: o.default for name, o in self._options.items()}

    def check_names(self, given: Mapping[str, Any], extra: tuple[str, ...] = ()) -> None:
        """Raise ``ValueError`` if ``given`` holds a name that is neither an option nor in
        ``extra`` (other keywords the game accepts, such as rules-table shortcuts)."""
        known = (*self._options, *extra)
        unknown = sorted((k for k in given if k not in known), key=repr)
        if unknown:
            raise ValueError(
                f"unknown option(s) {', '.join(_short_repr(k, 40) for k in unknown)} for "
                f"{self.title}; options are: {', '.join(known)}"
            )

    def resolve(self, given: Mapping[str, Any], players: int) -> dict[str, Any]:
        """Every option's value: the given ones checked, the others at their defaults."""
        self.check_names(given)
        return {
            name: o.validate(given[name], players) if name in given else o.default
            for name, o in self._options.items()
        }

    def describe(self) -> dict[str, tuple[Any, tuple[Any, ...] | None, str]]:
        """``{name: (default, accepted values or None, meaning)}``, for documentation."""
        return {n: (o.default, o.choices, o.meaning) for n, o in self._options.items()}
