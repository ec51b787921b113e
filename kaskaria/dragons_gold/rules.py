"""The Dragon's Gold rules table: every number the engine uses, each with where it comes from.

Labels (see :mod:`kaskaria.provenance`): ``RULEBOOK``, ``SOURCED``, ``INFERRED``, ``ASSUMED``.
The table drives what it says: the token counts, the adventurers' strengths, the dragon cards,
the scoring numbers and the magic-item deck all take effect when overridden; a table the engine
cannot play is refused by :meth:`DragonsGoldRules.validate` with a ``ValueError`` naming the value.

The 18 dragon cards and the make-up of the 24 magic items are **assumed** (the printed cards are not
published): a teacher who owns the box corrects them here, in one place.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from ..options import Option, OptionTable
from ..provenance import ASSUMED, INFERRED, RULEBOOK, SOURCED, Value
from ..validate import short

__all__ = [
    "ADVENTURERS",
    "COLOURS",
    "GEMS",
    "ITEM_KINDS",
    "OPTION_TABLE",
    "RULES",
    "VARIANTS",
    "DragonCard",
    "DragonsGoldRules",
    "ItemKind",
]

#: The token colours, in the order of every 9-tuple of counts in the engine.
COLOURS: tuple[str, ...] = (
    "silver",
    "gold",
    "red",
    "blue",
    "green",
    "purple",
    "yellow",
    "white",
    "black",
)
#: The five gem colours that score majorities (and, in the advanced scoring, sets).
GEMS: tuple[str, ...] = ("blue", "green", "purple", "yellow", "white")
#: The four adventurers of every player, in the order of every per-player tuple, named by their
#: role (never by a strength: the strengths are a value of the rules table): the big knight is
#: the stronger of the two knights (the table refuses a small knight stronger than the big one).
ADVENTURERS: tuple[str, ...] = ("big-knight", "small-knight", "thief", "wizard")


@dataclass(frozen=True)
class DragonCard:
    """One dragon card: its strength, its known treasure (drawn when it is revealed) and its hidden
    treasure (drawn when it is killed)."""

    strength: int
    known: int
    hidden: int


@dataclass(frozen=True)
class ItemKind:
    """One kind of magic item: a one-word name, when it is played, how many cards, provenance.

    ``timing``: ``"turn"`` (on its owner's turn, before sending an adventurer), ``"split"`` (once a
    treasure's shares are settled, before they are handed out) or ``"theft"`` (when a thief steals
    from its owner).
    """

    name: str
    timing: str
    count: int
    label: str = ASSUMED
    note: str = ""


_DECK = (
    (6, 3, 2), (6, 5, 1), (6, 1, 5), (7, 4, 3), (7, 6, 2), (7, 2, 6), (7, 7, 0), (8, 5, 4),
    (8, 0, 9), (8, 8, 1), (8, 3, 6), (9, 6, 4), (9, 9, 2), (9, 2, 8), (9, 5, 5), (10, 11, 1),
    (10, 7, 5), (10, 4, 7),
)  # fmt: skip

#: The shipped magic items: the four effects known from the first edition, six cards each.
ITEM_KINDS: tuple[ItemKind, ...] = (
    ItemKind(
        "swap-shares",
        "split",
        6,
        ASSUMED,
        "effect SOURCED (first edition): swap two players' shares of a treasure being split; "
        "six cards ASSUMED",
    ),
    ItemKind(
        "swap-dragons",
        "turn",
        6,
        ASSUMED,
        "effect SOURCED (first edition): swap the places of two dragons with their treasures, "
        "the adventurers stay; played at the start of its owner's turn (ASSUMED); six cards ASSUMED",
    ),
    ItemKind(
        "ward",
        "theft",
        6,
        ASSUMED,
        "effect SOURCED (first edition): choose which token a thief steals from you; six cards "
        "ASSUMED",
    ),
    ItemKind(
        "recall",
        "turn",
        6,
        ASSUMED,
        "effect INFERRED from the rulebook's footnote (items can send adventurers back to their "
        "owner): all adventurers fighting one dragon go back to their owners face down; the exact "
        "card is ASSUMED; six cards ASSUMED",
    ),
)


@dataclass(frozen=True)
class DragonsGoldRules:
    """The whole rules table of Dragon's Gold, with provenance labels.

    Override by building a new table (``dataclasses.replace(RULES, hourglass=Value(90, ASSUMED,
    "our class"))``) and passing ``kaskaria.load("dragons-gold", rules=table)``, or with the
    shortcuts ``dragons=[(strength, known, hidden), ...]`` and ``items={"ward": 8, ...}`` of
    ``load``.
    """

    tokens: Value = Value(
        (35, 20, 16, 12, 12, 12, 12, 6, 1),
        RULEBOOK,
        "126 tokens: silver 35, gold 20, red 16, blue/green/purple/yellow 12 each, white 6, black 1",
    )
    token_points: Value = Value(
        (1, 3, 1, 0, 0, 0, 0, 0, 7),
        RULEBOOK,
        "silver 1, gold 3, red (magic) 1, black diamond 7; gems score only majorities and sets",
    )
    adventurers: Value = Value(
        (4, 3, 2, 1),
        SOURCED,
        "big knight 4, small knight 3, thief 2, wizard 1 in every colour (first edition, reviews; "
        "fits the 2011 example 1 + 2 + 3 >= 6)",
    )
    dragons: Value = Value(
        tuple(DragonCard(*c) for c in _DECK),
        ASSUMED,
        "18 cards (RULEBOOK); strength 6-10, known 0-11, hidden 0-9 (SOURCED ranges); the values "
        "themselves ASSUMED (known 88 + hidden 71 = 159 > 126 tokens, so the bag runs out first)",
    )
    dragons_on_table: Value = Value(4, RULEBOOK, "four dragons lie open at all times")
    market_position: Value = Value(
        "half",
        RULEBOOK,
        "the market card goes exactly in the middle of the remaining deck (between the 7th and "
        "8th of 14 cards)",
    )
    majority: Value = Value(
        {3: 15, 4: 12, 5: 12, 6: 10}, RULEBOOK, "basic majority bonus by player count"
    )
    majority_advanced: Value = Value(
        {3: 12, 4: 10, 5: 10, 6: 8},
        RULEBOOK,
        "advanced majority bonus: split between two, none for three or more",
    )
    gem_set: Value = Value(5, RULEBOOK, "advanced: 5 points per complete set of the five gems")
    items: Value = Value(
        ITEM_KINDS,
        ASSUMED,
        "24 cards (RULEBOOK); effects not published: the four known effects, six cards each",
    )
    items_dealt_advanced: Value = Value(1, RULEBOOK, "advanced set-up: one item per player")
    hourglass_seconds: Value = Value(
        60, RULEBOOK, "about one minute for each split and for the market"
    )
    players: Value = Value((3, 6), RULEBOOK, "3-6 players")
    notes: tuple[str, ...] = field(
        default=(
            "The dragon cards and magic items are assumed; the printed box may differ: override "
            "them in one place.",
        )
    )

    # -- derived -------------------------------------------------------------------------------
    def total_tokens(self) -> int:
        return sum(self.tokens.value)

    def item_names(self) -> tuple[str, ...]:
        return tuple(k.name for k in self.items.value)

    def item_count(self) -> int:
        return sum(k.count for k in self.items.value)

    def validate(self) -> DragonsGoldRules:
        """Check the table; return it. A value the engine cannot play raises ``ValueError``."""
        for f in fields(self):
            if f.name != "notes" and not isinstance(getattr(self, f.name), Value):
                raise ValueError(
                    f"{f.name} must be a provenance Value, got {short(getattr(self, f.name), 40)}"
                )
        t = self.tokens.value
        if not _whole_tuple(t, 9) or sum(t) < 1 or sum(t) > 1000:
            raise ValueError(
                f"tokens must be 9 whole counts >= 0 (silver, gold, red, blue, green, purple, "
                f"yellow, white, black) with 1 to 1000 in all, got {short(t, 60)}"
            )
        if not _whole_tuple(self.token_points.value, 9):
            raise ValueError(
                f"token_points must be 9 whole numbers >= 0, got {short(self.token_points.value, 60)}"
            )
        a = self.adventurers.value
        if not _whole_tuple(a, 4) or min(a) < 1 or max(a) > 20:
            raise ValueError(
                "adventurers must be 4 strengths from 1 to 20 (big knight, small knight, thief, "
                f"wizard), got {short(a, 40)}"
            )
        if a[0] < a[1]:
            raise ValueError(
                f"the big knight ({a[0]}) must be at least as strong as the small knight ({a[1]})"
            )
        d = self.dragons.value
        if not isinstance(d, tuple) or not all(isinstance(c, DragonCard) for c in d):
            raise ValueError("dragons must be a tuple of DragonCard(strength, known, hidden)")
        if not 4 <= len(d) <= 60:
            raise ValueError(f"dragons must be 4 to 60 cards, got {len(d)}")
        lo = self.players.value
        if (
            not isinstance(lo, tuple)
            or len(lo) != 2
            or any(x.__class__ is not int for x in lo)
            or not 3 <= lo[0] <= lo[1] <= 6
        ):
            raise ValueError(f"players must be (fewest, most) within 3-6, got {short(lo, 40)}")
        most = sum(a) * lo[0]
        for i, c in enumerate(d):
            for name in ("strength", "known", "hidden"):
                v = getattr(c, name)
                if v.__class__ is not int or v < 0 or v > 100:
                    raise ValueError(
                        f"dragon {i + 1}: {name} must be a whole number 0-100, got {short(v, 20)}"
                    )
            if not 1 <= c.strength <= most:
                raise ValueError(
                    f"dragon {i + 1}: strength {c.strength} cannot be reached: it must be from 1 to "
                    f"{most} (all adventurers of {lo[0]} players)"
                )
        if self.dragons_on_table.value != 4:
            raise ValueError(
                f"dragons_on_table must be 4 (the table has four places), got {short(self.dragons_on_table.value, 20)}"
            )
        if self.market_position.value != "half":
            raise ValueError("market_position must be 'half' (the middle of the remaining deck)")
        for name in ("majority", "majority_advanced"):
            m = getattr(self, name).value
            if (
                not isinstance(m, dict)
                or set(m) != {3, 4, 5, 6}
                or not all(v.__class__ is int and v >= 0 for v in m.values())
            ):
                raise ValueError(
                    f"{name} must map each of 3, 4, 5, 6 players to points >= 0, got {short(m, 60)}"
                )
        if self.gem_set.value.__class__ is not int or self.gem_set.value < 0:
            raise ValueError(
                f"gem_set must be whole points >= 0, got {short(self.gem_set.value, 20)}"
            )
        kinds = self.items.value
        if not isinstance(kinds, tuple) or not all(isinstance(k, ItemKind) for k in kinds):
            raise ValueError("items must be a tuple of ItemKind(name, timing, count)")
        known = {k.name: k.timing for k in ITEM_KINDS}
        names = [k.name for k in kinds]
        if len(set(names)) != len(names):
            raise ValueError(f"item names must be unique, got {names}")
        for k in kinds:
            if k.name not in known:
                raise ValueError(
                    f"unknown magic item {short(k.name, 30)}: the engine has effects for "
                    f"{', '.join(known)}"
                )
            if k.timing != known[k.name]:
                raise ValueError(
                    f"item {k.name} is played at {known[k.name]!r}, not {short(k.timing, 20)}"
                )
            if k.count.__class__ is not int or not 0 <= k.count <= 60:
                raise ValueError(f"item {k.name}: count must be 0-60, got {short(k.count, 20)}")
        n = self.items_dealt_advanced.value
        if n.__class__ is not int or not 0 <= n <= 3:
            raise ValueError(f"items_dealt_advanced must be 0-3, got {short(n, 20)}")
        s = self.hourglass_seconds.value
        if s.__class__ is not int or not 5 <= s <= 600:
            raise ValueError(f"hourglass_seconds must be 5-600, got {short(s, 20)}")
        return self

    def with_overrides(
        self, dragons: Any = None, items: Any = None, hourglass_seconds: Any = None
    ) -> DragonsGoldRules:
        """A copy with some values replaced (labelled ASSUMED, "set by the teacher"):
        ``dragons`` a list of ``(strength, known, hidden)``; ``items`` a dict ``{kind: count}``
        naming the **whole** item deck (a kind not named has no card: ``{"recall": 1}`` is a deck
        of one recall); ``hourglass_seconds``."""
        table = self
        if dragons is not None:
            if not isinstance(dragons, (list, tuple)) or not all(
                isinstance(c, (list, tuple)) and len(c) == 3 for c in dragons
            ):
                raise ValueError(
                    f"dragons must be a list of [strength, known, hidden], got {short(dragons, 60)}"
                )
            cards = tuple(DragonCard(*c) for c in dragons)
            table = replace(table, dragons=Value(cards, ASSUMED, "set by the teacher"))
        if items is not None:
            table = replace(table, items=Value(_item_deck(items), ASSUMED, "set by the teacher"))
        if hourglass_seconds is not None:
            table = replace(
                table, hourglass_seconds=Value(hourglass_seconds, ASSUMED, "set by the teacher")
            )
        return table.validate()


def _item_deck(items: Any) -> tuple[ItemKind, ...]:
    """The item kinds of a deck given as ``{kind: count}``: the whole deck, kinds not named have
    no card. Unknown kinds, counts that are not whole numbers from 0 to 60 and a deck without any
    card are refused (to play without items, load the game with ``items=False``)."""
    if not isinstance(items, dict):
        raise ValueError(
            f"item_counts must be a dict of item kind to count (the whole deck), got {short(items)}"
        )
    known = [k.name for k in ITEM_KINDS]
    unknown = [k for k in items if k not in known]
    if unknown:
        raise ValueError(
            f"unknown magic item {short(unknown[0], 30)} in item_counts; kinds are "
            f"{', '.join(known)}"
        )
    for name, n in items.items():
        if n.__class__ is not int or not 0 <= n <= 60:
            raise ValueError(
                f"item_counts[{name!r}] must be a whole number of cards from 0 to 60, got "
                f"{short(n, 20)}"
            )
    if not any(items.values()):
        raise ValueError(
            "item_counts names the whole item deck and this one has no card; to play without "
            "magic items, load the game with items=False"
        )
    return tuple(replace(k, count=items.get(k.name, 0), label=ASSUMED) for k in ITEM_KINDS)


def _whole_tuple(t: Any, n: int) -> bool:
    return isinstance(t, tuple) and len(t) == n and all(x.__class__ is int and x >= 0 for x in t)


#: The default table.
RULES = DragonsGoldRules().validate()


def _first_player(value: Any, players: int) -> int:
    if value.__class__ is not int or not 0 <= value < players:
        raise ValueError(
            f"first_player must be a seat from 0 to {players - 1}, got {short(value, 30)}"
        )
    return value


def _bounded(name: str, lo: int, hi: int):
    def check(value: Any, players: int) -> int:
        if value.__class__ is not int or not lo <= value <= hi:
            raise ValueError(
                f"{name} must be a whole number from {lo} to {hi}, got {short(value, 30)}"
            )
        return value

    return check


#: Rule interpretations and table options, with their defaults.
OPTION_TABLE = OptionTable(
    "Dragon's Gold",
    (
        Option(
            "first_player",
            0,
            "the seat that starts (the rulebook: who was born in a year of the dragon)",
            check=_first_player,
            label=RULEBOOK,
        ),
        Option(
            "items",
            True,
            "True: play with the magic-item cards; False: without them (red tokens still score "
            "1 point, but nobody draws an item)",
            choices=(True, False),
            label=ASSUMED,
        ),
        Option(
            "proposals",
            4,
            "the hourglass of a negotiated split, as a budget: how many proposals may be made "
            "before time runs out (1-30)",
            check=_bounded("proposals", 1, 30),
            label=ASSUMED,
        ),
        Option(
            "market_offers",
            2,
            "the market's hourglass, as a budget: how many trade offers each player may make "
            "(0-10)",
            check=_bounded("market_offers", 0, 10),
            label=ASSUMED,
        ),
    ),
)

#: The four variants: the scoring (basic/advanced) and how a shared treasure is split.
VARIANTS: dict[str, str] = {
    "basic": "Basic rules; shared treasure is split by negotiation (proposals, accept or refuse).",
    "basic-strategic": "Basic rules; shared treasure is split by divide-and-choose.",
    "advanced": "Advanced rules (items dealt, red tokens always split, cursed black diamond, "
    "gem sets); negotiated splits.",
    "advanced-strategic": "Advanced rules with divide-and-choose splits.",
}

__all__ += ["INFERRED", "SOURCED"]
