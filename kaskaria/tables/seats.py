"""Who sits at a table: a person or a bot in each seat, and what screens call them.

:class:`Seating` is the part of a :class:`~kaskaria.tables.Table` that keeps the seats: each is
``"human"`` or a bot (by difficulty, by name, a seat-menu preset or a bot object), named on
screens by its difficulty (``"Player 2 (easy bot)"``) or, with the teacher's ``bot_names``, by
its name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..bots import (
    DIFFICULTIES,
    check_bot,
    difficulty_bots,
    difficulty_of,
    seat_choices,
    table_bot,
)
from ..core import Game
from ..i18n import text as _t
from ..validate import short
from .words import News

if TYPE_CHECKING:
    from ..match import Match

__all__ = ["HUMAN", "Seating", "check_seat_names"]

#: The seat kind for a person at the table (every other seat is a bot).
HUMAN = "human"


class Seating:
    """The seats of a table (a part of :class:`~kaskaria.tables.Table`)."""

    _seat_specs: list[str]
    _bots: list[Any]
    _bot_names: bool
    _seat_names: tuple[str | None, ...]
    _default_bot: str
    if TYPE_CHECKING:
        _match: Match

        @property
        def game(self) -> Game: ...

        def _seats_changed(self) -> None: ...

        def _tell(self, news: News, follow: str | None = None, moves: bool = True) -> None: ...

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(self._seat_specs)

    @property
    def bots(self) -> tuple[Any, ...]:
        """Each seat's bot, or None for a person."""
        return tuple(self._bots)

    @property
    def people(self) -> list[int]:
        """The seats of the people at the table."""
        return [p for p, bot in enumerate(self._bots) if bot is None]

    def _make_seat(self, spec: Any, game: Game) -> tuple[str, Any]:
        """(the seat's text for ``seats`` and the repr, the bot or None for a person)."""
        if isinstance(spec, str):
            if spec == HUMAN:
                return HUMAN, None
            return spec, table_bot(game, spec)
        if callable(getattr(spec, "choose", None)) and isinstance(getattr(spec, "name", None), str):
            check_bot(spec)
            params = getattr(spec, "params", None)
            if isinstance(params, dict) and params:
                shown = ", ".join(f"{k}={v}" for k, v in params.items())
                return f"{spec.name}({shown})", spec
            return spec.name, spec
        raise TypeError(
            f"a seat is 'human', a difficulty ('easy', 'medium', 'hard'), a bot name or a bot "
            f"(with .name and .choose), got {short(spec)}"
        )

    def _check_seats(self, seats: Any, game: Game) -> tuple[list[str], list[Any]]:
        players = game.players
        if seats is None:
            seats = (HUMAN,) + (self._default_bot,) * (players - 1)
        if isinstance(seats, str) or not isinstance(seats, Sequence):
            raise TypeError(
                f"seats must be a list with one entry per player, e.g. ('human', 'easy'), got "
                f"{short(seats)}"
            )
        if len(seats) != players:
            raise ValueError(f"seats must name {players} players (one per seat), got {len(seats)}")
        made = [self._make_seat(s, game) for s in seats]
        return [m[0] for m in made], [m[1] for m in made]

    def _seat_more(self, players: int) -> None:
        """Seats for ``players`` (another player count): the seats there are, then new ones of
        the last seat's kind where that is a bot chosen by difficulty (a child alone at a table
        a teacher makes bigger keeps playing against bots, and is not asked to pass the device
        to nobody), else people. Their bots are made by :meth:`_remake_difficulties`."""
        last = self._seat_specs[-1] if self._seat_specs else HUMAN
        new = last if last in DIFFICULTIES else HUMAN
        self._seat_specs = (self._seat_specs + [new] * players)[:players]
        self._bots = (self._bots + [None] * players)[:players]

    def _remake_difficulties(self, game: Game) -> None:
        """Seat again the bots chosen by difficulty, for ``game`` (another player count or
        variant may have another "hard" bot: the strong one only where it was measured
        strongest)."""
        for p, spec in enumerate(self._seat_specs):
            if spec in DIFFICULTIES:
                self._bots[p] = table_bot(game, spec)

    def bot_label(self, seat: int, lang: str) -> str | None:
        """What a screen calls the bot in ``seat``: its difficulty (``"easy"``), or its name
        with :attr:`bot_names` (None for a person)."""
        bot = self._bots[seat]
        if bot is None:
            return None
        label = getattr(bot, "label", bot.name)
        if self._bot_names:
            return label
        word = difficulty_of(self.game, bot)
        if word is None:
            return _t("core", "bot_other", lang)
        return _t("core", f"difficulty.{word}", lang)

    def seat_name(self, player: int, lang: str) -> str:
        """The name of the player in a seat: the one :attr:`seat_names` gives (``"Mia"``), else
        ``"Player 1"`` (``"Spieler 1"``)."""
        given = self._seat_names[player] if 0 <= player < len(self._seat_names) else None
        return given if given is not None else _t("core", "player", lang, n=player + 1)

    def name(self, player: int, lang: str) -> str:
        """A seat's name on screen: ``"Player 2 (easy bot)"``, ``"Mia"``."""
        if player < 0:
            return _t("core", "chance", lang)
        bot = self._bots[player]
        name = self.seat_name(player, lang)
        if bot is None:
            return name
        if self._bot_names:
            return name + f" ({_t('core', 'bot_suffix', lang, name=self.bot_label(player, lang))})"
        return name + f" ({self.bot_label(player, lang)})"

    def is_bot(self, player: int) -> bool:
        return player >= 0 and self._bots[player] is not None

    def bot_at(self, player: int) -> Any:
        """The bot playing seat ``player`` (None: a person)."""
        return self._bots[player] if 0 <= player < len(self._bots) else None

    def seat_menu_value(self, p: int) -> str:
        """The seat's entry in the seat menus (its difficulty, or its name for the teacher)."""
        bot = self._bots[p]
        if bot is None:
            return HUMAN
        word = difficulty_of(self.game, bot)
        if word is not None and not self._bot_names:
            return word
        return getattr(bot, "label", bot.name)

    def seat_menu_values(self) -> list[str]:
        """What a screen's seat menu offers: a person, the difficulties, and with
        :attr:`bot_names` every bot by name."""
        out = [HUMAN, *(d for d in DIFFICULTIES if d in difficulty_bots(self.game))]
        if self._bot_names or not difficulty_bots(self.game):
            out += [c for c in seat_choices(self.game) if c not in out]
        return out

    def set_seat(self, player: Any, seat: Any) -> None:
        """Put a person or a bot (difficulty, name, preset or object) in seat ``player``."""
        players = self._match.game.players
        if player.__class__ is not int or player not in range(players):
            raise ValueError(f"player must be a seat from 0 to {players - 1}, got {short(player)}")
        spec, bot = self._make_seat(seat, self._match.game)
        self._seat_specs[player], self._bots[player] = spec, bot
        self._seats_changed()
        if bot is None:
            self._tell(News("say", ("seat_human", {"n": player + 1})), "turn", moves=False)
        else:
            name = lambda lang: self.bot_label(player, lang)  # noqa: E731
            news = News("say", ("seat_bot", {"n": player + 1, "name": name}))
            self._tell(news, "turn", moves=False)


def check_seat_names(names: Any, players: int) -> tuple[str | None, ...]:
    """The seats' names checked as a nickname is (:func:`kaskaria.names.check_name`:
    2 to 20 letters, digits and ``-_.``, one alphabet, nothing invisible, no two alike), one per
    seat from the first; ``None`` keeps a seat's "Player 2". Anything else is refused, never shown."""
    from ..names import NameRefused, check_name, skeletons

    if names is None:
        return ()
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise TypeError(
            f"seat_names must be a list of names from the first seat, e.g. ('Mia', 'Peter'), got "
            f"{short(names)}"
        )
    if len(names) > players:
        raise ValueError(
            f"seat_names names at most {players} players (one per seat), got {len(names)}"
        )
    checked: list[str | None] = []
    taken: dict[str, str] = {}
    for name in names:
        if name is None:
            checked.append(None)
            continue
        try:
            name = check_name(name, taken)
        except NameRefused as refused:
            raise ValueError(
                f"a seat's name is 2 to 20 letters or digits (one alphabet, unlike the other "
                f"seats' names), got {short(name)} ({refused.key})"
            ) from None
        taken.update(dict.fromkeys(skeletons(name), name))
        checked.append(name)
    return tuple(checked)
