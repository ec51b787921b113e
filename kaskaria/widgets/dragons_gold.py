"""The Dragon's Gold table: :class:`~kaskaria.widgets.GameTable` for Dragon's Gold, with a button
method for each kind of decision (``table.send("wizard", 2)``, ``table.give("gold", 1)``,
``table.propose()``, ``table.accept()``, at the market ``table.offer("silver")``,
``table.ask("gold")``, ``table.trade_with(2)``, ...). Places, piles and players count from 0, as
everywhere in Python (dragon 0 is the one the table shows as dragon 1).

Everything it shows comes from :class:`kaskaria.dragons_gold.present.DragonsGoldPresenter`; the
browser half is ``widgets/dragons_gold.js`` (the board) joined with the table's shell (``widgets/table*.js``). The
hourglass (60 seconds) runs while a person must answer a proposal or a trade offer and is turned
again for each one; when it runs out the answer is a refusal, as the rules say (and when that was
the last proposal the treasure leaves the game). ``table.hourglass = False`` (or its switch on
screen) turns it off; a table starts with it off (a lesson's table must not count down while the
teacher reads) unless made with ``hourglass=True`` (the children's app).
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..core import Action
from ..validate import short
from ._static import table_module, table_styles
from .table import HUMAN, GameTable

__all__ = ["HUMAN", "DragonsGoldTable"]


class DragonsGoldTable(GameTable):
    """A Dragon's Gold table for people and bots.

    ``DragonsGoldTable(players=4, seats=("human", "easy", "medium", "hard"), variant="basic",
    seed=1, lang="en", hourglass=False, **options)``; by default player 1 is a person and the
    others are ``"fair"`` bots (the easy ones).
    """

    #: the game, by its registered name (the table reaches it only through the registry)
    game_name: ClassVar[str] = "dragons-gold"
    default_bot: ClassVar[str] = "fair"

    _esm = table_module("dragons_gold.js")
    _css = table_styles("dragons_gold.css")

    def __init__(
        self,
        players: int = 4,
        seats: Any = None,
        variant: str = "basic",
        seed: int | None = 1,
        help: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init__(self.game_name, players, seats, variant, seed, help, **kwargs)

    # -- the hourglass ---------------------------------------------------------------------------
    @classmethod
    def _hourglass_default(cls) -> bool:
        """Off unless asked for (``hourglass=True``): a lesson's table must not count down while
        the teacher explains; the children's app switches it on."""
        return False

    # -- the buttons -----------------------------------------------------------------------------
    def _words(self, *words: Any) -> Action:
        for w in words:
            if not isinstance(w, (str, int)) or isinstance(w, bool):
                raise self._session.refused(ValueError(f"{short(w)} is not a word of an action"))
        text = " ".join(str(w) for w in words)
        try:
            return self.state.parse_action(text)
        except ValueError as err:
            raise self._session.refused(err, private=True) from None

    def _number(self, value: Any, what: str, count: int) -> int:
        """A place, pile or seat counted from 0 in Python, as the action's word (from 1)."""
        if value.__class__ is not int or not 0 <= value < count:
            raise self._session.refused(
                ValueError(
                    f"{what} counts from 0 in Python: a whole number from 0 to {count - 1}, got "
                    f"{short(value)} (the table shows it as {what} 1 to {count})"
                )
            )
        return value + 1

    def _seat(self, player: Any) -> int:
        return self._number(player, "player", self.game.players)

    def send(self, adventurer: str, dragon: int) -> None:
        """Send an adventurer (``"big-knight"``, ``"small-knight"``, ``"thief"``, ``"wizard"``)
        to the dragon at place ``dragon`` (0-3; the table shows places 1-4)."""
        self.act(self._words("send", adventurer, "to", "dragon", self._number(dragon, "dragon", 4)))

    def play_item(self, item: str, *targets: int) -> None:
        """Play a magic item: ``play_item("swap-dragons", 0, 2)`` (dragons 0-3),
        ``play_item("recall", 1)``, ``play_item("swap-shares", 0, 1)`` (players from 0)."""
        if item == "swap-shares":
            words = [self._seat(t) for t in targets]
        else:
            words = [self._number(t, "dragon", 4) for t in targets]
        self.act(self._words("play", item, *words))

    def give(self, colour: str, player: int) -> None:
        """Hand one token of the treasure to ``player`` (seats from 0) in the proposal being
        built."""
        self.act(self._words("give", colour, "to", self._seat(player)))

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
        """Divide and choose: put one token of the treasure in pile ``pile`` (from 0)."""
        self.act(
            self._words("put", colour, "in", "pile", self._number(pile, "pile", self.game.players))
        )

    def split(self) -> None:
        self.act(Action("split"))

    def choose(self, pile: int) -> None:
        """Divide and choose: take pile ``pile`` (from 0)."""
        self.act(self._words("choose", "pile", self._number(pile, "pile", self.game.players)))

    def pass_(self) -> None:
        """Pass: play no item now, let the thief steal nothing, or leave the market."""
        self.act(Action("pass"))

    def steal(self, player: int) -> None:
        """Your thief robs ``player`` (seats from 0)."""
        self.act(self._words("steal", "from", self._seat(player)))

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
        """At the market: make the offer built so far to ``player`` (seats from 0), who accepts
        or refuses."""
        self.act(self._words("trade", "with", self._seat(player)))

    def cancel(self) -> None:
        """At the market: withdraw the offer being built (it still counts as one offer)."""
        self.act(Action("cancel"))
