"""Where each number of a rules table comes from.

Every game keeps its numbers in one frozen rules table; each entry is a :class:`Value` that carries
its provenance label next to it:

- ``RULEBOOK``: stated in the rulebook.
- ``SOURCED``: stated in a public source (named in the note).
- ``INFERRED``: follows from stated facts (the reasoning is in the note).
- ``ASSUMED``: found nowhere; a plausible default that a teacher who owns the box can override.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

__all__ = ["ASSUMED", "INFERRED", "LABELS", "RULEBOOK", "SOURCED", "Value", "table_values"]

RULEBOOK = "RULEBOOK"
SOURCED = "SOURCED"
INFERRED = "INFERRED"
ASSUMED = "ASSUMED"
#: The labels, from the most to the least certain.
LABELS: tuple[str, ...] = (RULEBOOK, SOURCED, INFERRED, ASSUMED)


@dataclass(frozen=True)
class Value:
    """A number (or tuple) of a rules table together with its provenance label and a note.

    Two values are the same rule when their numbers are equal: the label and the note say where a
    number comes from, not what it is (so a teacher's override that repeats the printed number
    changes nothing).
    """

    value: Any
    label: str
    note: str = ""

    def __post_init__(self) -> None:
        if self.label not in LABELS:
            raise ValueError(f"unknown provenance label {self.label!r}; labels are {LABELS}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Value):
            return NotImplemented
        return self.value == other.value

    def __hash__(self) -> int:
        return hash(self.value)


def table_values(table: Any) -> dict[str, Value]:
    """The :class:`Value` entries of a rules table (a dataclass), by field name, in order."""
    return {
        f.name: getattr(table, f.name)
        for f in fields(table)
        if isinstance(getattr(table, f.name), Value)
    }
