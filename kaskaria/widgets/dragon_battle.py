"""The Dragon Battle table: :class:`~kaskaria.widgets.GameTable` for Dragon Battle, with a button
method for each kind of decision (``table.roll()``, ``table.place("red")``, ``table.stop()``).

Everything it shows comes from :class:`kaskaria.dragon_battle.present.DragonBattlePresenter`;
the browser half is ``widgets/dragon_battle.js`` (the board) joined with the table's shell (``widgets/table*.js``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..core import Action
from ..validate import short
from ._static import table_module, table_styles
from .table import HUMAN, GameTable

__all__ = ["HUMAN", "DragonBattleTable"]


class DragonBattleTable(GameTable):
    """A Dragon Battle table for people and bots.

    ``DragonBattleTable(players=2, seats=("human", "optimal"), variant="basic", seed=1,
    help=True, lang="en", **options)``: ``seats`` says for each player ``"human"`` or a bot name
    from ``kaskaria.bots.available_bots("dragon-battle")`` (or a bot object with ``.name`` and
    ``.choose``); by default player 1 is human and the others are ``"optimal"`` bots.
    ``options`` are the game's rule options (``silver_with_colour=True``, ...). ``actions``
    replays lines of action text from the start instead of drawing the set-up, to show an exact
    position; see also :meth:`from_match` and :meth:`from_code`.

    Buttons: :meth:`roll`, :meth:`place`, :meth:`stop`; and every method of
    :class:`~kaskaria.widgets.GameTable`.
    """

    #: the game, by its registered name (the table reaches it only through the registry)
    game_name: ClassVar[str] = "dragon-battle"
    default_bot: ClassVar[str] = "optimal"

    _esm = table_module("dragon_battle.js")
    _css = table_styles("dragon_battle.css")

    def __init__(
        self,
        players: int = 2,
        seats: Any = None,
        variant: str = "basic",
        seed: int | None = 1,
        help: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init__(self.game_name, players, seats, variant, seed, help, **kwargs)

    # -- the buttons -----------------------------------------------------------------------------
    def roll(self) -> None:
        """Roll the dice in hand (the Roll / Roll again button); the dice are rolled at once."""
        self.act(Action("roll"))

    def stop(self) -> None:
        """Stop and rescue the residents of the scared dragons (the Stop button)."""
        self.act(Action("stop"))

    def place(self, colour: str, on: str | None = None, *, with_silver: bool = False) -> None:
        """Set aside the dice of one colour: ``place("red")``; silver dice go on a dragon of your
        choice: ``place("silver", on="blue")``; with the option ``silver_with_colour`` also
        ``place("red", with_silver=True)``."""
        dragons = self.game.rules.dragons.value  # the rules table's colours
        faces = (*dragons, "silver")
        if colour not in faces or not isinstance(colour, str):
            raise self._session.refused(
                ValueError(f"unknown colour {short(colour)}; choose one of: {', '.join(faces)}")
            )
        if colour == "silver":
            if on not in dragons or not isinstance(on, str):
                raise self._session.refused(
                    ValueError(
                        "silver dice go on an empty dragon of your choice: say which, e.g. "
                        f"place('silver', on='blue'); dragons are {', '.join(dragons)} "
                        f"(got on={short(on)})"
                    )
                )
            self.act(Action("place", ("silver", "on", on)))
            return
        if on is not None:
            raise self._session.refused(
                ValueError(
                    f"{colour} dice go on the {colour} dragon; on= is only for silver "
                    f"(got on={short(on)})"
                )
            )
        if with_silver:
            self.act(Action("place", (colour, "with", "silver")))
        else:
            self.act(Action("place", (colour,)))
