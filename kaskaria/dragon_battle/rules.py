"""The Dragon Battle rules table: every number the engine uses, each with where it comes from.

Labels (see the project's component notes):

- ``RULEBOOK``: stated in the rulebook.
- ``SOURCED``: stated in a public source.
- ``INFERRED``: follows from stated facts.
- ``ASSUMED``: found nowhere; a plausible default that a teacher who owns the box can override.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

RULEBOOK = "RULEBOOK"
SOURCED = "SOURCED"
INFERRED = "INFERRED"
ASSUMED = "ASSUMED"


@dataclass(frozen=True)
class Value:
    """A number (or tuple) from the rules table together with its provenance label and a note."""

    value: object
    label: str
    note: str = ""


@dataclass(frozen=True)
class Resident:
    """A castle resident tile: a unique one-word name and its stars."""

    name: str
    stars: int
    label: str


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
        j = self.juggler_stars.value
        if isinstance(j, bool) or not isinstance(j, int) or j < 0:
            raise ValueError(f"juggler_stars must be a whole number >= 0, got {j!r}")
        n = self.jugglers.value
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"jugglers must be a whole number >= 0, got {n!r}")
        return self

    def with_overrides(
        self, juggler_stars: int | None = None, stars: dict[str, int] | None = None
    ) -> DragonBattleRules:
        """A copy with the juggler's stars and/or some residents' stars replaced (label ASSUMED)."""
        table = self
        if juggler_stars is not None:
            table = replace(table, juggler_stars=Value(juggler_stars, ASSUMED, "overridden"))
        if stars:
            if not isinstance(stars, dict):
                raise TypeError(f"stars must be a dict of resident name to stars, got {stars!r}")
            names = set(self.resident_names())
            unknown = sorted(set(stars) - names)
            if unknown:
                raise ValueError(
                    f"unknown resident(s) {unknown} in stars; residents: {', '.join(sorted(names))}"
                )
            residents = tuple(
                Resident(r.name, stars[r.name], ASSUMED) if r.name in stars else r
                for r in self.residents.value
            )
            table = replace(table, residents=Value(residents, ASSUMED, "overridden"))
        return table.validate()


#: The default table.
RULES = DragonBattleRules().validate()

#: Rule interpretations the rulebook leaves open: option name -> (default, accepted values, meaning).
OPTIONS: dict[str, tuple[object, tuple[object, ...], str]] = {
    "silver_with_colour": (
        False,
        (False, True),
        "False (default, the strict reading the worked example follows): silver is a colour of its "
        "own; the silver dice of a roll go together on one empty dragon, and on a roll you place "
        "either one real colour or the silver dice, never both. True: you may also put all dice of "
        "one real colour together with all silver dice on that colour's empty dragon.",
    ),
    "jugglers_run_out": (
        "nothing",
        ("nothing", "unlimited"),
        "'nothing' (default, ASSUMED): once all jugglers are taken, a failed scare brings no "
        "consolation. 'unlimited': a failed scare always brings a juggler (use a stand-in token).",
    ),
    "first_player": (
        0,
        (0, 1, 2, 3),
        "the seat that starts (the rulebook: who last scared a dragon)",
    ),
}

VARIANTS: dict[str, str] = {
    "basic": "Most stars (residents plus jugglers) wins; tie: fewest rescued residents.",
    "younger": "For younger children: the most rescued residents wins; jugglers do not count.",
    "memory": "For older children: each new resident is shown, then turned face down until rescued.",
}
