"""The text notation of Dragon Battle's actions: the parser of action text, and the check that an
action is written as the game writes it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Action, InvalidActionError
from ..validate import short
from .pieces import _FACE_SET
from .rules import COLOURS, FACES
from .turn import STOP

if TYPE_CHECKING:  # pragma: no cover
    from .state import DragonBattleState

_NOTATION = (
    "actions are: roll, stop, place <colour>, place silver on <colour>, "
    "roll <faces> (dice results), draw <resident> (a draw from the pile)"
)


def parse(state: DragonBattleState, text: str) -> Action:
    """Parse action text (``"place silver on blue"``) into an :class:`Action`.

    Raises :class:`InvalidActionError` for text that is no Dragon Battle action at all; the
    action may still be illegal now (``apply`` checks that).
    """
    if not isinstance(text, str):
        raise InvalidActionError(f"action text must be a string, got {type(text).__name__}")
    words = text.lower().split()
    if not words:
        raise InvalidActionError(f"empty action text {short(text, 20)}; {_NOTATION}")
    verb, args = words[0], tuple(words[1:])
    if verb == "roll":
        bad = [w for w in args if w not in _FACE_SET]
        if bad:
            raise InvalidActionError(
                f"{short(text, 60)}: {short(bad[0], 20)} is not a die face; faces are {', '.join(FACES)}"
            )
        if len(args) > state.game.dice:
            raise InvalidActionError(f"{short(text, 60)}: there are only {state.game.dice} dice")
        return Action("roll", tuple(sorted(args)))
    if verb == "stop" and not args:
        return STOP
    if verb == "place":
        if len(args) == 1 and args[0] in COLOURS:
            return Action("place", args)
        if len(args) == 3 and args[0] == "silver" and args[1] == "on" and args[2] in COLOURS:
            return Action("place", args)
        if len(args) == 3 and args[0] in COLOURS and args[1:] == ("with", "silver"):
            return Action("place", args)
        raise InvalidActionError(
            f"{short(text, 60)} is not a placement; write 'place <colour>' with a colour of "
            f"{', '.join(COLOURS)}, or 'place silver on <colour>'"
        )
    if verb == "draw" and len(args) == 1:
        if args[0] not in state.game.stars:
            raise InvalidActionError(
                f"{short(text, 60)}: {short(args[0], 20)} is not a resident; residents are "
                f"{', '.join(state.game.resident_names)}"
            )
        return Action("draw", args)
    raise InvalidActionError(f"{short(text, 60)} is not a Dragon Battle action; {_NOTATION}")


def check_well_formed(state: DragonBattleState, action: Action) -> None:
    """Raise InvalidActionError if ``action`` is not written as this game writes actions."""
    if not isinstance(action, Action) or not action.well_formed():
        raise InvalidActionError(
            f"{action!r} is not a Dragon Battle action: the verb and its words must be text; "
            f"{_NOTATION}"
        )
    canonical = state.parse_action(str(action))
    if canonical != action:
        raise InvalidActionError(
            f"{action!r} is not written as Dragon Battle writes it; write "
            f"'{canonical}' (dice results list their faces in alphabetical order)"
        )
