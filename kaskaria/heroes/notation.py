"""The text notation of Heroes of Kaskaria's actions: the parser of action text, and the check that
an action is written as the game writes it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Action, InvalidActionError, whole_word
from .pieces import _MOTIF_INDEX, DRAW_PILE, PASS, PLUS2_PILE, WATERFALL, _quoted
from .rules import MOTIFS

if TYPE_CHECKING:  # pragma: no cover
    from .state import HeroesState

_NOTATION = (
    "actions are: draw pile, take display <n>, play <colour> <motif> <motif> ..., plus2 pile, "
    "plus2 display <n>, pass; chance: reveal <colour> <motif>, waterfall, waterfall below <n>"
)


def parse(state: HeroesState, text: str) -> Action:
    """Parse action text (``"play blue griffin gold gold plus2"``) into an :class:`Action`.

    Raises :class:`InvalidActionError` for text that is no action of this game at all; the
    action may still be illegal now (``apply`` checks that). Motifs of a set may be written
    in any order (they are put in the order griffin, runner, gold, plus2); ``+2`` may be
    written for ``plus2``.
    """
    if not isinstance(text, str):
        raise InvalidActionError(f"action text must be a string, got {type(text).__name__}")
    if len(text) > 400:
        raise InvalidActionError(f"action text is too long ({len(text):,} characters)")
    words = ["plus2" if w == "+2" else w for w in text.lower().split()]
    if not words:
        raise InvalidActionError(f"empty action text {_quoted(text)}; {_NOTATION}")
    g = state.game
    verb, args = words[0], tuple(words[1:])
    if verb == "draw" and args == ("pile",):
        return DRAW_PILE
    if verb == "pass" and not args:
        return PASS
    if verb in ("take", "plus2"):
        if verb == "plus2" and args == ("pile",):
            return PLUS2_PILE
        if len(args) == 2 and args[0] == "display":
            slot = _slot(state, text, args[1])
            return (g.take if verb == "take" else g.plus2_take)[slot]
        where = "display <n>" if verb == "take" else "pile' or 'plus2 display <n>"
        raise InvalidActionError(f"{_quoted(text)}: write '{verb} {where}'")
    if verb == "play":
        if not args or args[0] not in g.colours:
            raise InvalidActionError(
                f"{_quoted(text)}: a set starts with its colour, one of {', '.join(g.colours)}"
            )
        bad = next((m for m in args[1:] if m not in _MOTIF_INDEX), None)
        if bad in g.colours:
            raise InvalidActionError(
                f"{_quoted(text)}: a set has cards of one colour only; write its colour "
                "once, then each card's motif"
            )
        if bad is not None:
            raise InvalidActionError(
                f"{_quoted(text)}: {_quoted(bad, 20)} is not a motif; motifs are "
                f"{', '.join(MOTIFS)}"
            )
        if len(args) < 2:
            raise InvalidActionError(
                f"{_quoted(text)}: name each card of the set by its motif, e.g. "
                f"'play {args[0]} griffin gold'"
            )
        if len(args) > 1 + g.hand_limit + 10:
            raise InvalidActionError(f"{_quoted(text)}: no hand holds that many cards")
        motifs = sorted(args[1:], key=_MOTIF_INDEX.__getitem__)
        return Action("play", (args[0], *motifs))
    if verb == "reveal":
        if len(args) == 2 and f"{args[0]} {args[1]}" in g.kind_of:
            return g.reveal[g.kind_of[f"{args[0]} {args[1]}"]]
        raise InvalidActionError(
            f"{_quoted(text)}: write 'reveal <colour> <motif>' with a colour of "
            f"{', '.join(g.colours)} and a motif of {', '.join(MOTIFS)}"
        )
    if verb == "waterfall":
        if not args:
            return WATERFALL
        k = whole_word(args[1]) if len(args) == 2 and args[0] == "below" else None
        if k is not None:
            if k <= g.cards:
                return Action("waterfall", ("below", str(k)))
        raise InvalidActionError(
            f"{_quoted(text)}: write 'waterfall' (it shows) or 'waterfall below <n>' (its "
            f"place: n cards above it, 0 to {g.cards})"
        )
    raise InvalidActionError(f"{_quoted(text)} is not a Heroes of Kaskaria action; {_NOTATION}")


def _slot(state: HeroesState, text: str, word: str) -> int:
    n = state.game.display_size
    place = whole_word(word, 2)
    if place is not None and 1 <= place <= n:
        return place - 1
    raise InvalidActionError(
        f"{_quoted(text)}: the display has places 1 to {n}, not {_quoted(word, 12)}"
    )


def check_well_formed(state: HeroesState, action: Action) -> None:
    """Raise InvalidActionError if ``action`` is not written as this game writes actions."""
    if not isinstance(action, Action) or not action.well_formed():
        raise InvalidActionError(
            f"{action!r} is not a Heroes of Kaskaria action: the verb and its words must be "
            f"text; {_NOTATION}"
        )
    canonical = state.parse_action(str(action))
    if canonical != action:
        raise InvalidActionError(
            f"{action!r} is not written as Heroes of Kaskaria writes it; write "
            f"'{canonical}' (a set lists its motifs in the order griffin, runner, gold, plus2)"
        )
