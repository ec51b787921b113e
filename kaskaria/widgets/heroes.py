"""The Heroes of Kaskaria table: :class:`~kaskaria.widgets.GameTable` for Heroes of Kaskaria,
with a button method for each kind of decision (``table.draw()``, ``table.take(1)``,
``table.play("blue", "griffin", "gold")``, ``table.plus2("pile")``, ``table.pass_turn()``).
Display places count from 0, as everywhere in Python (place 0 is the one the table shows as 1).

Everything it shows comes from :class:`kaskaria.heroes.present.HeroesPresenter`; the browser half
is ``widgets/heroes.js`` (the board) joined with the table's shell (``widgets/table*.js``). Hands are private: with
several people at one device the table shows the "pass the device" screen before each person's
turn, and a screen that is not the mover's shows no move buttons.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..core import Action
from ..validate import short
from ._static import table_module, table_styles
from .table import HUMAN, GameTable

__all__ = ["HUMAN", "HeroesTable"]


class HeroesTable(GameTable):
    """A Heroes of Kaskaria table for people and bots.

    ``HeroesTable(players=2, seats=("human", "planner"), variant="basic", seed=1, help=True,
    lang="en", **options)``: ``seats`` says for each player ``"human"`` or a bot name from
    ``kaskaria.bots.available_bots("heroes")`` (or a bot object); by default player 1 is human
    and the others are ``"planner"`` bots. ``options`` are the game's rule options and rules-table
    overrides (``variant="brave"``, ``griffin_path=6``, ...). ``help=False`` hides the odds panel.

    Buttons: :meth:`draw`, :meth:`take`, :meth:`play`, :meth:`plus2`, :meth:`pass_turn`; and
    every method of :class:`~kaskaria.widgets.GameTable`.
    """

    #: the game, by its registered name (the table reaches it only through the registry)
    game_name: ClassVar[str] = "heroes"
    default_bot: ClassVar[str] = "planner"

    _esm = table_module("heroes.js")
    _css = table_styles("heroes.css")

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
    def draw(self) -> None:
        """Draw a card from the draw pile (the card comes at once)."""
        self.act(Action("draw", ("pile",)))

    def take(self, place: int) -> None:
        """Take the display card in ``place`` (0, 1 or 2: the table shows them as 1-3); the
        display is refilled at once."""
        self.act(Action("take", ("display", self._place(place))))

    def play(self, colour: str, *motifs: str) -> None:
        """Play a set: ``play("blue", "griffin", "gold", "gold", "plus2")`` or the same as one
        text, ``play("blue griffin gold gold plus2")``."""
        if not isinstance(colour, str) or not all(isinstance(m, str) for m in motifs):
            raise self._session.refused(
                TypeError(
                    f"play takes the colour and the motifs as text, e.g. play('blue', 'griffin', "
                    f"'gold'); got {short((colour, *motifs), 60)}"
                )
            )
        self.act(" ".join(("play", colour, *motifs)))

    def plus2(self, source: Any) -> None:
        """Take a card for a '+2' card: ``plus2("pile")`` or ``plus2(1)`` (display place 1,
        counted from 0)."""
        if source == "pile" and isinstance(source, str):
            self.act(Action("plus2", ("pile",)))
        else:
            self.act(Action("plus2", ("display", self._place(source))))

    def pass_turn(self) -> None:
        """Pass (only when nothing else is possible, which the printed deck never allows)."""
        self.act(Action("pass"))

    def _place(self, place: Any) -> str:
        size: int = self.game.display_size
        if place.__class__ is not int or not 0 <= place < size:
            raise self._session.refused(
                ValueError(
                    f"a display place counts from 0 in Python: a whole number from 0 to "
                    f"{size - 1}, got {short(place)} (the table shows places 1 to {size})"
                )
            )
        return str(place + 1)
