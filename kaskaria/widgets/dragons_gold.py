"""The Dragon's Gold table: :class:`~kaskaria.widgets.GameTable` for Dragon's Gold, with a button
method for each kind of decision (``table.send("wizard", 3)``, ``table.give("gold", 2)``,
``table.propose()``, ``table.accept()``, at the market ``table.offer("silver")``,
``table.ask("gold")``, ``table.trade_with(3)``, ...).

Everything it shows comes from :class:`kaskaria.dragons_gold.present.DragonsGoldPresenter`; the
browser half is ``widgets/dragons_gold.js`` (the board) joined with ``widgets/table.js``. The
hourglass is drawn in the browser from the view (60 seconds by default); ``table.hourglass =
False`` (or its button) switches it off. The rules engine itself stays turn-based: the proposal
budget (option ``proposals``) is what ends a negotiation.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..core import Action
from ..dragons_gold.engine import NAME
from ..validate import short
from ._static import joined_module, static_text
from .table import HUMAN, GameTable

__all__ = ["HUMAN", "DragonsGoldTable"]


class DragonsGoldTable(GameTable):
    """A Dragon's Gold table for people and bots.

    ``DragonsGoldTable(players=4, seats=("human", "fair", "greedy", "planner"),
    variant="basic", seed=1, lang="en", **options)``; by default player 1 is human and the others
    are ``"fair"`` bots.
    """

    game_name: ClassVar[str] = NAME
    default_bot: ClassVar[str] = "fair"

    _esm = joined_module("dragons_gold.js", "table.js")
    _css = static_text("table.css") + "\n" + static_text("dragons_gold.css")
    #: the hourglass is on until switched off (also for tables made by from_match / from_code)
    _hourglass_on: bool = True

    def __init__(
        self,
        players: int = 4,
        seats: Any = None,
        variant: str = "basic",
        seed: int | None = 1,
        help: bool = True,
        **kwargs: Any,
    ) -> None:
        self._hourglass_on = True
        super().__init__(NAME, players, seats, variant, seed, help, **kwargs)

    # -- the hourglass ---------------------------------------------------------------------------
    @property
    def hourglass(self) -> bool:
        """Is the 60-second hourglass shown during negotiations and the market?"""
        return self._hourglass_on

    @hourglass.setter
    def hourglass(self, on: bool) -> None:
        if on is not True and on is not False:
            raise self._refuse(ValueError(f"hourglass must be True or False, got {short(on)}"))
        self._hourglass_on = on
        self._refresh()

    def _build_view(self) -> dict[str, Any]:
        view = super()._build_view()
        if "hourglass" in view:
            view["hourglass"] = {**view["hourglass"], "on": self._hourglass_on}
        return view

    def _on_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "hourglass":
            on = content.get("on")
            if on is True or on is False:
                self.hourglass = on
            return
        super()._on_msg(widget, content, buffers)

    # -- the buttons -----------------------------------------------------------------------------
    def _words(self, *words: Any) -> Action:
        for w in words:
            if not isinstance(w, (str, int)) or isinstance(w, bool):
                raise self._refuse(ValueError(f"{short(w)} is not a word of an action"))
        try:
            return self.state.parse_action(" ".join(str(w) for w in words))
        except ValueError as err:
            raise self._refuse(err) from None

    def send(self, adventurer: str, dragon: int) -> None:
        """Send an adventurer (``"big-knight"``, ``"small-knight"``, ``"thief"``, ``"wizard"``)
        to the dragon at place 1-4."""
        self.act(self._words("send", adventurer, "to", "dragon", dragon))

    def play_item(self, item: str, *targets: int) -> None:
        """Play a magic item: ``play_item("swap-dragons", 1, 3)``, ``play_item("recall", 2)``,
        ``play_item("swap-shares", 1, 2)`` (players 1-6)."""
        self.act(self._words("play", item, *targets))

    def give(self, colour: str, player: int) -> None:
        """Hand one token of the treasure to ``player`` (1-6) in the proposal being built."""
        self.act(self._words("give", colour, "to", player))

    def propose(self) -> None:
        self.act(Action("propose"))

    def accept(self) -> None:
        self.act(Action("accept"))

    def refuse(self) -> None:
        self.act(Action("refuse"))

    def no_deal(self) -> None:
        """Declare that no deal will be made: the whole treasure leaves the game."""
        self.act(Action("no", ("deal",)))

    def put(self, colour: str, pile: int) -> None:
        """Divide and choose: put one token of the treasure in pile ``pile``."""
        self.act(self._words("put", colour, "in", "pile", pile))

    def split(self) -> None:
        self.act(Action("split"))

    def choose(self, pile: int) -> None:
        self.act(self._words("choose", "pile", pile))

    def pass_(self) -> None:
        """Pass: play no item now, let the thief steal nothing, or leave the market."""
        self.act(Action("pass"))

    def steal(self, player: int) -> None:
        """Your thief robs ``player`` (1-6)."""
        self.act(self._words("steal", "from", player))

    def ward(self, colour: str) -> None:
        self.act(self._words("ward", colour))

    def pick(self, colour: str) -> None:
        self.act(self._words("pick", colour))

    def offer(self, colour: str) -> None:
        """At the market: add one of your ``colour`` tokens to what your offer gives."""
        self.act(self._words("offer", colour))

    def ask(self, colour: str) -> None:
        """At the market: add one ``colour`` token to what your offer asks for."""
        self.act(self._words("ask", colour))

    def trade_with(self, player: int) -> None:
        """At the market: make the offer built so far to ``player`` (1-6), who accepts or
        refuses."""
        self.act(self._words("trade", "with", player))

    def cancel(self) -> None:
        """At the market: withdraw the offer being built (it still counts as one offer)."""
        self.act(Action("cancel"))
