"""The Dragon Battle rules table: every number the engine uses, each with where it comes from.

Labels (see :mod:`kaskaria.provenance`): ``RULEBOOK``, ``SOURCED``, ``INFERRED``, ``ASSUMED``.
The table drives what it says: the residents, their stars, the jugglers and their stars, and the
player counts take effect when overridden; the dragons, the dice and their faces are what the whole
engine (and its exact odds) is built on, so a table that changes them is refused with a clear error.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..options import Option, OptionTable
from ..provenance import ASSUMED, INFERRED, RULEBOOK, SOURCED, Value
from ..validate import short

__all__ = [
    "ASSUMED",
    "COLOURS",
    "FACES",
    "FACE_LETTERS",
    "INFERRED",
    "OPTIONS",
    "OPTION_TABLE",
    "RULEBOOK",
    "RULES",
    "SOURCED",
    "VARIANTS",
    "DragonBattleRules",
    "Resident",
    "Value",
]


@dataclass(frozen=True)
class Resident:
    """A castle resident tile: a unique one-word name and its stars."""

    name: str
    stars: int
    label: str = field(default=ASSUMED, compare=False)


#: The four dragons, in the order they lie on the table (and in every tuple indexed by dragon).
COLOURS: tuple[str, ...] = ("yellow", "red", "blue", "purple")
#: The six faces of each die.
FACES: tuple[str, ...] = ("black", "yellow", "red", "blue", "purple", "silver")
#: One letter per face, shown beside the colour so the dice read in black and white.
FACE_LETTERS: dict[str, str] = {
    "black": "K",
    "yellow": "Y",
    "red": "R",
    "blue": "B",
    "purple": "P",
    "silver": "S",
}

# Five tiles each of 1, 2, 3 and 4 stars. Only the king (4), the maid (2) and the knight (3) appear
# in the rulebook's worked examples; the other names and the distribution are assumed.
_RESIDENTS: tuple[Resident, ...] = (
    Resident("king", 4, RULEBOOK),
    Resident("queen", 4, ASSUMED),
    Resident("princess", 4, ASSUMED),
    Resident("prince", 4, ASSUMED),
    Resident("wizard", 4, ASSUMED),
    Resident("knight", 3, RULEBOOK),
    Resident("cook", 3, ASSUMED),
    Resident("guard", 3, ASSUMED),
    Resident("minstrel", 3, ASSUMED),
    Resident("falconer", 3, ASSUMED),
    Resident("maid", 2, RULEBOOK),
    Resident("baker", 2, ASSUMED),
    Resident("smith", 2, ASSUMED),
    Resident("gardener", 2, ASSUMED),
    Resident("tailor", 2, ASSUMED),
    Resident("page", 1, ASSUMED),
    Resident("groom", 1, ASSUMED),
    Resident("shepherd", 1, ASSUMED),
    Resident("miller", 1, ASSUMED),
    Resident("weaver", 1, ASSUMED),
)


@dataclass(frozen=True)
class DragonBattleRules:
    """The whole rules table of Dragon Battle, with provenance labels.

    Override a value by building a new table, for example
    ``DragonBattleRules(juggler_stars=Value(2, ASSUMED, "my box"))``, and pass it as
    ``kaskaria.load("dragon-battle", rules=table)``; or use the shortcuts ``juggler_stars=`` and
    ``stars={"queen": 3, ...}`` of ``load``.
    """

    dragons: Value = Value(COLOURS, RULEBOOK, "four dragon tiles: yellow, red, blue, purple")
    dice: Value = Value(4, RULEBOOK, "four colour dice; the first roll of a turn uses all of them")
    faces: Value = Value(
        FACES,
        INFERRED,
        "six colours are named, one face each; all dice alike (the publisher calls black 'grey')",
    )
    residents: Value = Value(
        _RESIDENTS,
        ASSUMED,
        "20 residents (RULEBOOK); five each of 1-4 stars (ASSUMED); king 4, maid 2 and knight 3 "
        "are from the worked examples (RULEBOOK)",
    )
    jugglers: Value = Value(8, RULEBOOK, "eight juggler tiles, taken as consolation")
    juggler_stars: Value = Value(1, ASSUMED, "a consolation prize, worth less than a resident")
    players: Value = Value((2, 4), RULEBOOK, "2-4 players")
    notes: tuple[str, ...] = field(
        default=("The printed box may differ from the assumed values; override them in one place.",)
    )

    def stars_of(self, name: str) -> int:
        for resident in self.residents.value:
            if resident.name == name:
                return resident.stars
        raise ValueError(
            f"unknown resident {name!r}; residents: {', '.join(self.resident_names())}"
        )

    def resident_names(self) -> tuple[str, ...]:
        return tuple(r.name for r in self.residents.value)

    def validate(self) -> DragonBattleRules:
        """Check the table; return it. A value the engine cannot play raises ``ValueError``."""
        if self.dragons.value != COLOURS:
            raise ValueError(
                f"dragons must be {COLOURS} (the whole engine and its odds are built on these "
                f"four), got {short(self.dragons.value, 60)}"
            )
        if self.faces.value != FACES:
            raise ValueError(
                f"faces must be {FACES} (one face per dragon colour, black and silver), got "
                f"{short(self.faces.value, 60)}"
            )
        if self.dice.value != 4 or self.dice.value.__class__ is not int:
            raise ValueError(
                f"dice must be 4 (the rules and the exact odds are for four dice), got "
                f"{short(self.dice.value, 30)}"
            )
        lo_hi = self.players.value
        if (
            not isinstance(lo_hi, tuple)
            or len(lo_hi) != 2
            or any(x.__class__ is not int for x in lo_hi)
            or not 2 <= lo_hi[0] <= lo_hi[1] <= 6
        ):
            raise ValueError(
                f"players must be (fewest, most) with 2 <= fewest <= most <= 6, got {short(lo_hi, 40)}"
            )
        if not isinstance(self.residents.value, tuple) or not all(
            isinstance(r, Resident) for r in self.residents.value
        ):
            raise ValueError("residents must be a tuple of Resident(name, stars, label)")
        names = self.resident_names()
        if len(set(names)) != len(names):
            raise ValueError(f"resident names must be unique, got {names}")
        for r in self.residents.value:
            if not r.name.isalpha() or not r.name.islower():
                raise ValueError(f"resident names must be one lower-case word, got {r.name!r}")
            if isinstance(r.stars, bool) or not isinstance(r.stars, int) or r.stars < 0:
                raise ValueError(
                    f"stars of {r.name!r} must be a whole number >= 0, got {r.stars!r}"
                )
        if len(names) < 4:
            raise ValueError(f"at least 4 residents are needed to start, got {len(names)}")
        if len(names) > 60:
            raise ValueError(f"at most 60 residents, got {len(names)}")
        j = self.juggler_stars.value
        if isinstance(j, bool) or not isinstance(j, int) or j < 0:
            raise ValueError(f"juggler_stars must be a whole number >= 0, got {j!r}")
        n = self.jugglers.value
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 100:
            raise ValueError(f"jugglers must be a whole number from 0 to 100, got {n!r}")
        return self

    def with_overrides(
        self,
        juggler_stars: int | None = None,
        stars: dict[str, int] | None = None,
        residents: dict[str, int] | None = None,
        jugglers: int | None = None,
    ) -> DragonBattleRules:
        """A copy with some values replaced (labelled ASSUMED, "set by the teacher"):

        ``juggler_stars``; ``jugglers`` (how many juggler tiles); ``stars`` (some residents'
        stars); ``residents`` (a whole new list, ``{name: stars}``).
        """
        table = self
        if residents is not None:
            if not isinstance(residents, dict) or not residents:
                raise ValueError(
                    f"residents must be a non-empty dict of name to stars, got {short(residents, 60)}"
                )
            new = tuple(Resident(n, s, ASSUMED) for n, s in residents.items())
            for r in new:
                if not isinstance(r.name, str):
                    raise ValueError(f"resident names must be text, got {short(r.name, 30)}")
            table = replace(table, residents=Value(new, ASSUMED, "set by the teacher"))
        if juggler_stars is not None:
            table = replace(
                table, juggler_stars=Value(juggler_stars, ASSUMED, "set by the teacher")
            )
        if jugglers is not None:
            table = replace(table, jugglers=Value(jugglers, ASSUMED, "set by the teacher"))
        if stars is not None:
            if not isinstance(stars, dict):
                raise TypeError(
                    f"stars must be a dict of resident name to stars, got {short(stars, 60)}"
                )
            if not stars:
                raise ValueError("stars must name at least one resident (leave it out otherwise)")
            names = set(table.resident_names())
            unknown = sorted((k for k in stars if k not in names), key=repr)
            if unknown:
                raise ValueError(
                    f"unknown resident(s) {short(unknown, 60)} in stars; residents: "
                    f"{', '.join(sorted(names))}"
                )
            new = tuple(
                Resident(r.name, stars[r.name], ASSUMED) if r.name in stars else r
                for r in table.residents.value
            )
            table = replace(table, residents=Value(new, ASSUMED, "set by the teacher"))
        return table.validate()


#: The default table.
RULES = DragonBattleRules().validate()


def _first_player(value: Any, players: int) -> int:
    if value.__class__ is not int or not 0 <= value < players:
        raise ValueError(
            f"first_player must be a seat from 0 to {players - 1}, got {short(value, 30)}"
        )
    return value


#: Rule interpretations the rulebook leaves open, with their defaults.
OPTION_TABLE = OptionTable(
    "Dragon Battle",
    (
        Option(
            "silver_with_colour",
            False,
            "False (default, the strict reading the worked example follows): silver is a colour of "
            "its own; the silver dice of a roll go together on one empty dragon, and on a roll you "
            "place either one real colour or the silver dice, never both. True: you may also put "
            "all dice of one real colour together with all silver dice on that colour's empty "
            "dragon.",
            choices=(False, True),
            label=INFERRED,
        ),
        Option(
            "jugglers_run_out",
            "nothing",
            "'nothing' (default, ASSUMED): once all jugglers are taken, a failed scare brings no "
            "consolation. 'unlimited': a failed scare always brings a juggler (use a stand-in "
            "token).",
            choices=("nothing", "unlimited"),
        ),
        Option(
            "first_player",
            0,
            "the seat that starts (the rulebook: who last scared a dragon)",
            check=_first_player,
        ),
    ),
)

#: The options as ``{name: (default, accepted values, meaning)}`` (``first_player``: seats 0-3).
OPTIONS: dict[str, tuple[object, tuple[object, ...], str]] = {
    name: (o.default, o.choices if o.choices is not None else (0, 1, 2, 3), o.meaning)
    for name, o in OPTION_TABLE.items()
}

VARIANTS: dict[str, str] = {
    "basic": "Most stars (residents plus jugglers) wins; tie: fewest rescued residents.",
    "younger": "For younger children: the most rescued residents wins; jugglers do not count.",
    "memory": "For older children: each new resident is shown, then turned face down until rescued.",
}
