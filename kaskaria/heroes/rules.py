"""The Heroes of Kaskaria rules table and the readings of its unclear rules.

Every number the engine uses is in :class:`HeroesRules`, each a
:class:`kaskaria.provenance.Value` with its label from the component notes: ``RULEBOOK`` (stated
in the rulebook), ``INFERRED`` (follows from stated facts, with the reasoning) or ``ASSUMED`` (a
plausible default a teacher who owns the box can correct). The table drives what it says: every
entry can be overridden (``kaskaria.load("heroes", griffin_path=6)``) and takes effect, or
:meth:`HeroesRules.validate` refuses it with a ``ValueError`` saying why.

The readings of rules the rulebook leaves open are the :data:`OPTION_TABLE`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from ..options import Option, OptionTable
from ..provenance import ASSUMED, INFERRED, RULEBOOK, SOURCED, Value
from ..validate import short

__all__ = [
    "ASSUMED",
    "COLOURS",
    "INFERRED",
    "MOTIFS",
    "OPTIONS",
    "OPTION_TABLE",
    "OVERRIDES",
    "RULEBOOK",
    "RULES",
    "SOURCED",
    "VARIANTS",
    "HeroesRules",
    "Value",
]

#: The motifs of the cards, in the order a set is written (``play blue griffin gold gold plus2``).
MOTIFS: tuple[str, ...] = ("griffin", "runner", "gold", "plus2")

#: The nine card colours. Blue and orange are named in the rulebook's examples; the other seven
#: names are not printed anywhere we know of, so they are assumed.
COLOURS: tuple[str, ...] = (
    "blue",
    "orange",
    "red",
    "green",
    "yellow",
    "purple",
    "turquoise",
    "white",
    "black",
)

#: Words of the notation that a colour may not be called.
_RESERVED = frozenset(
    {*MOTIFS, "waterfall", "pile", "display", "draw", "take", "play", "reveal", "below", "pass"}
)


@dataclass(frozen=True)
class HeroesRules:
    """The whole rules table of Heroes of Kaskaria, with provenance labels.

    Override entries with :meth:`with_overrides` (or the same names as keywords of
    ``kaskaria.load``): every override is labelled ASSUMED, "set by the teacher".
    """

    colours: Value = Value(
        COLOURS,
        ASSUMED,
        "nine colours (INFERRED, see the card counts); blue and orange are named in the "
        "rulebook's examples, the other seven names are assumed",
    )
    griffin_cards: Value = Value(
        1,
        INFERRED,
        "9 griffin cards over 9 colours: one per colour (the motif counts 18/9/18/9 divide "
        "evenly only by 1, 3 or 9, and a 10-card hand forces a set only with at most 9 colours)",
    )
    runner_cards: Value = Value(2, INFERRED, "18 cliff-runner cards over 9 colours")
    gold_cards: Value = Value(2, INFERRED, "18 gold cards over 9 colours")
    plus2_cards: Value = Value(1, INFERRED, '9 "+2" cards over 9 colours')
    griffin_path: Value = Value(
        8, ASSUMED, "fields from the village at the waterfall to the volcano, volcano included"
    )
    runner_path: Value = Value(
        12,
        ASSUMED,
        "fields from the village on the cliff path to the volcano, volcano included (longer "
        "than the griffin path: SOURCED)",
    )
    gold_supply: Value = Value(80, RULEBOOK, "80 pieces of gold")
    amulet_gold: Value = Value(2, RULEBOOK, "the amulet counts as two pieces of gold")
    rank_gold: Value = Value(
        (7, 4, 1, 0), RULEBOOK, "final scoring per path: 1st 7, 2nd 4, 3rd 1, 4th 0 (dense ranks)"
    )
    start_hand: Value = Value(5, RULEBOOK, "each player draws until holding five cards")
    display_size: Value = Value(3, RULEBOOK, "three face-up cards in the display")
    hand_limit: Value = Value(10, RULEBOOK, "at most ten cards in hand; then a set must be played")
    plus2_draws: Value = Value(2, RULEBOOK, 'a "+2" card lets its player take two cards')
    brave_runner_move: Value = Value(
        3, RULEBOOK, "brave variant: two cliff-runner cards of a set move three fields"
    )
    brave_gold: Value = Value(
        5, RULEBOOK, "brave variant: two gold cards of a set bring five pieces of gold"
    )
    player_counts: Value = Value((2, 4), RULEBOOK, "2-4 players")

    # -- derived -----------------------------------------------------------------------------
    def per_colour(self) -> tuple[int, int, int, int]:
        """Cards of each motif (in :data:`MOTIFS` order) in every colour."""
        return (
            self.griffin_cards.value,
            self.runner_cards.value,
            self.gold_cards.value,
            self.plus2_cards.value,
        )

    def cards(self) -> int:
        """Cards other than the waterfall."""
        return len(self.colours.value) * sum(self.per_colour())

    # -- checks ------------------------------------------------------------------------------
    def validate(self) -> HeroesRules:
        """Check the table; return it. A value the engine cannot play raises ``ValueError``."""

        def whole(name: str, lo: int, hi: int) -> int:
            v = getattr(self, name).value
            if v.__class__ is not int or not lo <= v <= hi:
                raise ValueError(f"{name} must be a whole number from {lo} to {hi}, got {short(v)}")
            return v

        colours = self.colours.value
        if (
            not isinstance(colours, tuple)
            or not 2 <= len(colours) <= 9
            or not all(c.__class__ is str for c in colours)
        ):
            raise ValueError(
                f"colours must be 2 to 9 colour names (text), got {short(colours, 80)}"
            )
        for c in colours:
            if not (c.isascii() and c.isalpha() and c.islower() and 2 <= len(c) <= 20):
                raise ValueError(
                    f"a colour name is one lower-case word of letters, got {short(c, 30)}"
                )
            if c in _RESERVED:
                raise ValueError(f"{c!r} is a word of the notation and cannot name a colour")
        if len(set(colours)) != len(colours):
            raise ValueError(f"colour names must differ, got {colours}")
        counts = [whole(n, 0, 4) for n in ("griffin_cards", "runner_cards", "gold_cards")]
        counts.append(whole("plus2_cards", 0, 4))
        if sum(counts) < 2:
            raise ValueError(
                f"each colour needs at least 2 cards to ever form a set, got {sum(counts)}"
            )
        if counts[0] + counts[1] == 0:
            raise ValueError(
                "there must be griffin or cliff-runner cards, or no figure could reach the volcano"
            )
        whole("griffin_path", 1, 40)
        whole("runner_path", 1, 40)
        whole("gold_supply", 0, 10_000)
        whole("amulet_gold", 0, 100)
        rank = self.rank_gold.value
        if (
            not isinstance(rank, tuple)
            or not 1 <= len(rank) <= 8
            or not all(r.__class__ is int and 0 <= r <= 100 for r in rank)
        ):
            raise ValueError(
                f"rank_gold must be 1 to 8 whole numbers from 0 to 100 (gold for 1st, 2nd, ...), "
                f"got {short(rank)}"
            )
        limit = whole("hand_limit", 3, 30)
        if limit <= len(colours):
            raise ValueError(
                f"hand_limit must be more than the number of colours ({len(colours)}), so that a "
                f"full hand always holds a set; got {limit}"
            )
        start = whole("start_hand", 0, limit - 1)
        display = whole("display_size", 1, 6)
        whole("plus2_draws", 0, 6)
        whole("brave_runner_move", 0, 20)
        whole("brave_gold", 0, 100)
        lo_hi = self.player_counts.value
        if (
            not isinstance(lo_hi, tuple)
            or len(lo_hi) != 2
            or any(x.__class__ is not int for x in lo_hi)
            or not 2 <= lo_hi[0] <= lo_hi[1] <= 6
        ):
            raise ValueError(
                f"player_counts must be (fewest, most) with 2 <= fewest <= most <= 6, got {short(lo_hi)}"
            )
        most = lo_hi[1]
        if self.cards() <= most * limit:
            raise ValueError(
                f"{self.cards()} cards are too few for {most} players with a hand limit of "
                f"{limit}: there must be more than {most * limit}, so that a card is always left "
                "to draw"
            )
        if self.cards() < most * start + display:
            raise ValueError(
                f"{self.cards()} cards cannot deal {start} to each of {most} players and lay "
                f"out {display}"
            )
        return self

    def with_overrides(self, **values: Any) -> HeroesRules:
        """A copy with some entries replaced, each labelled ASSUMED ("set by the teacher").

        Names are those of :data:`OVERRIDES`; lists are read as tuples (as JSON writes them).
        """
        unknown = sorted((k for k in values if k not in OVERRIDES), key=repr)
        if unknown:
            raise ValueError(
                f"unknown rules-table entr{'y' if len(unknown) == 1 else 'ies'} "
                f"{', '.join(short(k, 30) for k in unknown)}; entries are: {', '.join(OVERRIDES)}"
            )
        changes = {}
        for name, value in values.items():
            if isinstance(value, list):
                value = tuple(value)
            changes[name] = Value(value, ASSUMED, "set by the teacher")
        return replace(self, **changes).validate()

    def overrides_from(self, base: HeroesRules) -> dict[str, Any]:
        """The entries that differ from ``base``, as plain JSON values (tuples as lists)."""
        out = {}
        for f in fields(self):
            mine, theirs = getattr(self, f.name), getattr(base, f.name)
            if mine != theirs:
                value = mine.value
                out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


#: The names of the entries that can be overridden (every entry of the table).
OVERRIDES: tuple[str, ...] = tuple(f.name for f in fields(HeroesRules))

#: The default table.
RULES = HeroesRules().validate()


def _first_player(value: Any, players: int) -> int:
    if value.__class__ is not int or not 0 <= value < players:
        raise ValueError(
            f"first_player must be a seat from 0 to {players - 1}, got {short(value, 30)}"
        )
    return value


#: Rule readings the rulebook leaves open, with their defaults.
OPTION_TABLE = OptionTable(
    "Heroes of Kaskaria",
    (
        Option(
            "first_player",
            0,
            "the seat that is dealt the first card and plays first (the rulebook: the youngest "
            "hero, which a program cannot know)",
            check=_first_player,
        ),
        Option(
            "bottom_half",
            "round_up",
            "where the bottom half of the draw pile starts when the waterfall card is put in at "
            "set-up. 'round_up' (default): at least half of the pile, rounded up, lies above it "
            "(with 41 cards: 21 to 41 cards above it, the very bottom included). 'round_down': "
            "half rounded down (20 to 41 above it).",
            choices=("round_up", "round_down"),
        ),
        Option(
            "plus2_above_limit",
            False,
            "may the draws of a '+2' card take a hand above the hand limit? False (default): the "
            "player stops taking cards once the hand holds the limit. True: every draw is taken; "
            "a hand above the limit must play a set on its next turn. With the printed deck the "
            "question never arises: a set has at least two cards and at most one '+2' card "
            "(one per colour), so it never gives more cards than it takes from the hand.",
            choices=(False, True),
        ),
        Option(
            "gold_runs_out",
            "stand_ins",
            "what happens when the gold pieces of the supply run out. 'stand_ins' (default): gold "
            "cards still pay in full, with stand-in pieces (buttons, paper) that score like gold. "
            "'stop': a gold card pays only what is left in the supply, then nothing. Either way "
            "the final scoring is a count of places, paid in full.",
            choices=("stand_ins", "stop"),
        ),
        Option(
            "brave_pairs",
            "each_pair",
            "brave variant, for a set with three or more cliff-runner (or gold) cards, which the "
            "printed deck cannot hold (two of each per colour). 'each_pair' (default): every two "
            "such cards earn the bonus (4 runners: two bonuses). 'first_pair': one pair earns it, "
            "every further card counts one (4 runners: one bonus). 'exactly_two': only a set "
            "with exactly two such cards earns it (3 runners: no bonus).",
            choices=("each_pair", "first_pair", "exactly_two"),
        ),
        Option(
            "final_plus2",
            "skip",
            "the '+2' cards of the set that takes a figure onto the volcano. 'skip' (default): "
            "their cards are not taken, since the game is over and cards in hand score nothing. "
            "'draw': the player still takes them, reading 'the remaining actions are carried "
            "out' literally.",
            choices=("skip", "draw"),
        ),
        Option(
            "whole_colour",
            False,
            "must a set hold every card of its colour that the player has? False (default): any "
            "two or more cards of one colour make a set, the rest stay in hand. True: a set is "
            "all the cards of one colour in hand.",
            choices=(False, True),
        ),
    ),
)

#: The options as ``{name: (default, accepted values, meaning)}`` (``first_player``: seats 0-3).
OPTIONS: dict[str, tuple[object, tuple[object, ...], str]] = {
    name: (o.default, o.choices if o.choices is not None else (0, 1, 2, 3), o.meaning)
    for name, o in OPTION_TABLE.items()
}

#: The variants.
VARIANTS: dict[str, str] = {
    "basic": "Every card counts one: one field, one piece of gold.",
    "brave": (
        "For particularly brave heroes: two cliff-runner cards of a set move three fields; two "
        "gold cards of a set bring five pieces of gold."
    ),
}

#: Readings that are not options (the rules are clear enough once read carefully), documented.
READINGS: dict[str, str] = {
    "ties": (
        "Most gold (with the amulet and the final scoring) wins; a tie that includes the amulet "
        "holder goes to the amulet holder; a tie among players without the amulet is shared by "
        "them all."
    ),
    "village": (
        "A figure still in its village is ranked in the final scoring like any other (in a "
        "two-player game a griffin that never flew is second and gets 4 gold)."
    ),
    "volcano": "A figure stops on the volcano; further moves of the same set are lost.",
    "played_set": (
        "The cards of a set lie aside until all its actions are done, then go to the discard "
        "pile: if the waterfall turns up during the set's '+2' draws, the set is not shuffled in."
    ),
    "no_card": (
        "A draw that finds no card at all (draw pile and discard pile both empty) is skipped; a "
        "player who can neither draw, take, nor play passes. Neither can happen with the printed "
        "deck."
    ),
}
