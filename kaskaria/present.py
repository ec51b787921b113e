"""Presenters: what a game's table shows, as plain data, in the learner's language.

A table widget (:class:`kaskaria.widgets.GameTable`) owns everything games share: seats and bots,
steps, undo, seeds, codes, the log, messages, the viewer, the language. What is particular to a
game comes from its presenter, a pure-Python object with no Jupyter in it (so it is tested without
a browser):

- :meth:`Presenter.board`: the board as plain JSON data for the game's JS board module, built
  only from ``state.observation(viewer)`` (never from the whole state);
- :meth:`Presenter.buttons`: one button per legal decision, with its label;
- :meth:`Presenter.narrate`: sentences saying what a run of actions did (why a roll failed, who
  rescued what), for the viewer;
- :meth:`Presenter.log_entry` (and :meth:`Presenter.log_folded`: an action a later line of the
  log says), :meth:`Presenter.prompt`, :meth:`Presenter.next_label`,
  :meth:`Presenter.chance_stands` (the chance event after a decision, never its result) and
  :meth:`Presenter.status`;
- :meth:`Presenter.static_html`: the position as HTML for a notebook opened without a kernel.

Every string comes from the game's message table (:mod:`kaskaria.i18n`), so ``lang="de"`` is
German throughout.
"""

from __future__ import annotations

import importlib
import json
import re
from fractions import Fraction
from html import escape
from typing import Any

from .core import CHANCE, OMNISCIENT, TERMINAL, Action, Game, ViewerLike
from .i18n import text as _t

__all__ = [
    "Presenter",
    "Tally",
    "and_list",
    "cells_aligned",
    "presenter_for",
    "register_presenter",
]

#: a table cell's opening tag, with its attributes
_CELL = re.compile(r"<(td|th)\b([^>]*)>", re.I)
#: a style attribute, in either quotes
_STYLE = re.compile(r"""\bstyle\s*=\s*(["'])""", re.I)


def cells_aligned(html: str) -> str:
    """``html`` with every table cell that sets no alignment of its own aligned left: JupyterLab
    aligns a cell of rendered HTML right, which puts words at the far edge of their column."""

    def aligned(cell: re.Match[str]) -> str:
        tag, attrs = cell[1], cell[2]
        if "text-align" in attrs.lower():
            return cell[0]
        style = _STYLE.search(attrs)
        if style:
            return f"<{tag}{attrs[: style.end()]}text-align:left;{attrs[style.end() :]}>"
        return f'<{tag}{attrs} style="text-align:left">'

    return _CELL.sub(aligned, html)


def _number(score: Any) -> float:
    try:
        return float(score)
    except (TypeError, ValueError):
        return 0.0


def and_list(words: list[str], lang: str = "en") -> str:
    """``"a, b and c"`` (``"a, b und c"``)."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {_t('core', 'and', lang)} " + words[-1]


_PRESENTERS: dict[str, str | type[Presenter]] = {}


def register_presenter(game: str, presenter: str | type[Presenter]) -> None:
    """Register a game's presenter class (or ``"module:Class"``, imported on first use)."""
    _PRESENTERS[game] = presenter


def presenter_for(game: Game) -> Presenter:
    """The presenter of ``game`` (the generic one if the game has none of its own)."""
    cls = _PRESENTERS.get(game.name, Presenter)
    if isinstance(cls, str):
        module, _, attr = cls.partition(":")
        cls = getattr(importlib.import_module(module), attr)
        _PRESENTERS[game.name] = cls
    return cls(game)


class Tally:
    """What a class tally counts at a game's tables: the class server adds up, over every table of
    the game, the events of each action (a roll), the hits among them (a failed roll) and the hits
    the exact chances expect; counts typed from real play (the lesson's experiment with real dice)
    join them with :attr:`typed_chance` per event. A game's presenter names its tally
    (``Presenter.tally``); games without one are not counted."""

    #: the exact chance of a hit in the experiment a class types counts of
    typed_chance: Fraction = Fraction(0)

    def count(self, before: Any, action: Any, after: Any) -> tuple[int, int, Fraction]:
        """(events, hits, expected hits) of one action of the game."""
        return 0, 0, Fraction(0)


class Names:
    """Seat names for the sentences of one screen: ``names(seat)``; ``viewer`` is the seat whose
    screen reads them (its player is "you"), ``name`` gives a seat's name, ``bot`` the bot playing
    a seat (so a table can say why a bot decided as it did)."""

    def __init__(self, name: Any, viewer: ViewerLike | None = None, bot: Any = None) -> None:
        self._name = name
        self.viewer = viewer
        self._bot = bot

    def bot(self, seat: int) -> Any:
        """The bot playing ``seat`` (None: a person, or not known here)."""
        return None if self._bot is None or seat < 0 else self._bot(seat)

    def __call__(self, seat: int, lang: str | None = None) -> str:
        return self._name(seat) if lang is None else self._name(seat, lang)


def is_you(names: Any, seat: int) -> bool:
    """Whether ``seat`` is the player reading the screen ``names`` words for."""
    viewer = getattr(names, "viewer", None)
    return viewer.__class__ is int and viewer == seat


class Presenter:
    """The generic presenter: draws any game from its observation as a list of facts.

    A game's own presenter subclasses it and sets ``board_js``/``board_css`` (files of the
    top-level ``widgets/`` folder: the board module a table joins with the shell, in a notebook
    and on the class server's pages alike) and ``prefix`` (the CSS class prefix of its board, also
    put on the table's shared controls as stable hooks for tests), and ``tally`` if a class
    counts something at its tables (:class:`Tally`).
    """

    #: the JS board module and its styles (``None``: the shell's generic board)
    board_js: str | None = None
    board_css: str | None = None
    prefix: str = "kaskaria-gt"
    #: what a class tally counts at this game's tables (None: nothing)
    tally: Tally | None = None

    game: Any

    def __init__(self, game: Game) -> None:
        self.game = game
        self.domain = game.name

    # -- words -----------------------------------------------------------------------------------
    def t(self, key: str, lang: str, **params: Any) -> str:
        return _t(self.domain, key, lang, **params)

    def winners_said(
        self, key: str, lang: str, winners: list[int], namer: Any, /, **params: Any
    ) -> str:
        """The sentence ``key`` naming ``winners`` (``{names}``); on the screen of a winner's own
        player ``<key>_you`` ("You win with ...", and with ``{others}`` the other winners: "You
        share the win with Player 2 ...") where the game words it so."""
        if any(is_you(namer, p) for p in winners):
            others = and_list([namer(p) for p in winners if not is_you(namer, p)], lang)
            try:
                return self.t(f"{key}_you", lang, others=others, **params)
            except KeyError:
                pass
        return self.t(key, lang, names=and_list([namer(p) for p in winners], lang), **params)

    def tie_said(
        self,
        key: str,
        lang: str,
        winners: list[int],
        losers: list[int],
        namer: Any,
        **params: Any,
    ) -> str:
        """The sentence ``key`` about a tie on the score: ``{names}`` the winners, ``{others}``
        the tied players who lost it (and ``params``, such as the score). The screen's own player
        reads ``<key>_you`` when it wins the tie alone or shares the win (``{others}``: the rest
        of the tied players), and ``<key>_lost_you`` when it lost the tie to one winner
        (``{others}`` starts with "you")."""
        tied = winners + losers
        if any(is_you(namer, p) for p in tied):
            mine = next(p for p in tied if is_you(namer, p))
            rest = [namer(p) for p in tied if p != mine]
            if mine in winners and (len(winners) == 1 or not losers):
                return self.t(f"{key}_you", lang, others=and_list(rest, lang), **params)
            if len(winners) == 1:
                others = [_t("core", "you", lang)] + [namer(p) for p in losers if p != mine]
                return self.t(
                    f"{key}_lost_you",
                    lang,
                    names=namer(winners[0]),
                    others=and_list(others, lang),
                    **params,
                )
        listed = and_list([namer(p) for p in winners], lang)
        lost = and_list([namer(p) for p in losers], lang)
        return self.t(key, lang, names=listed, others=lost, **params)

    def own_name(self, seat: int, namer: Any, lang: str) -> str:
        """``seat`` as a name in a list of players ("Player 2"), the screen's own seat "You"."""
        return _t("core", "you", lang).capitalize() if is_you(namer, seat) else namer(seat)

    def said(self, key: str, lang: str, seat: int, namer: Any, /, **params: Any) -> str:
        """The sentence ``key`` about what ``seat`` did: "You ..." (the key ``<key>_you``) on the
        screen of that seat's own player, else with ``who`` the seat's name (``namer(seat)``)."""
        if is_you(namer, seat):
            try:
                return self.t(f"{key}_you", lang, **params)
            except KeyError:
                pass
        return self.t(key, lang, who=namer(seat), **params)

    def title(self, lang: str) -> str:
        try:
            return self.t("title", lang)
        except KeyError:
            return self.game.title

    def seat_name(self, seat: int, lang: str, bot_label: str | None = None) -> str:
        if seat == CHANCE:
            return _t("core", "chance", lang)
        name = _t("core", "player", lang, n=seat + 1)
        if bot_label is not None:
            name += f" ({_t('core', 'bot_suffix', lang, name=bot_label)})"
        return name

    # -- the board -------------------------------------------------------------------------------
    def board(self, match: Any, viewer: ViewerLike, lang: str, help: bool) -> dict[str, Any]:
        """Plain JSON for the board module: by default the viewer's observation."""
        return {"observation": match.state.observation(viewer)}

    def player_extra(self, board: dict[str, Any], seat: int, lang: str) -> dict[str, Any]:
        """Extra per-seat data for the players' panel (scores and the like)."""
        obs = board.get("observation", {})
        scores = obs.get("scores")
        return {"score": scores[seat]} if isinstance(scores, list) else {}

    def status_names(self, names: Any, lang: str) -> Any:
        """``names`` for the status line, or by default the seats' own names ("Player 1")."""
        if names is not None:
            return names
        return Names(lambda p, lg=lang: self.seat_name(p, lg))

    def status(self, state: Any, viewer: ViewerLike, lang: str = "en", names: Any = None) -> str:
        """A status the viewer may read: ``state.text()`` when nothing is hidden from it, else
        the viewer's observation written out (``state.text()`` may name hidden cards). A game's
        own presenter says it in short sentences, the seats named by ``names`` (:class:`Names`:
        the screen's own seat "you"; by default "Player 1", ...)."""
        if viewer is OMNISCIENT or self.game.describe().information == "perfect":
            return state.text()
        seen = state.observation(viewer)
        text = " | ".join(f"{k} {json.dumps(v, separators=(',', ':'))}" for k, v in seen.items())
        return text if len(text) <= 300 else text[:297] + "..."

    def status_brief(
        self, state: Any, viewer: ViewerLike, lang: str, names: Any = None
    ) -> list[str]:
        """The few short sentences the line under the table says after whose turn it is and
        what the screen can do now: what a child needs to decide (the scores, its own hand),
        from the viewer's observation alone (none by default; :meth:`status` says it all)."""
        return []

    # -- buttons ---------------------------------------------------------------------------------
    def buttons(self, state: Any, lang: str, you: bool = False) -> list[dict[str, Any]]:
        """One button per legal decision of the player to move: ``{"action", "label", "kind"}``.
        ``you``: the buttons are on that player's own screen (a button naming its seat says
        "you"; a game that names seats on its buttons words them so)."""
        return [{"action": str(a), "label": str(a), "kind": a.verb} for a in state.legal_actions()]

    def key_order(self, buttons: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The buttons in the order their number keys run (1, 2, 3 ...): the order a game's board
        draws them in, where that is not the order of the list (the list itself keeps its
        order)."""
        return buttons

    # -- sentences -------------------------------------------------------------------------------
    def told_together(self, match: Any, first: tuple[int, int], then: tuple[int, int]) -> bool:
        """Whether two steps that follow each other (action ranges ``[start, end)``) are told in
        one go in what just happened (a game whose one happening takes several steps, each
        drawn by chance: :meth:`narrate` then says it once, with how many). None by default."""
        return False

    def narrate(
        self,
        match: Any,
        start: int,
        viewer: ViewerLike,
        lang: str,
        names: Any,
        end: int | None = None,
    ) -> tuple[str, str]:
        """Sentences for the actions from index ``start`` on, and a message kind (``"info"``,
        ``"success"``, ``"fail"``, ``"over"``). ``names(seat)`` gives a seat's name."""
        stop = len(match.actions) if end is None else end
        now = match.state
        lines = [
            match.states[i].action_text(match.actions[i], viewer, lang, now)
            for i in range(start, stop)
        ]
        text = "; ".join(lines) + ("." if lines else "")
        if stop == len(match.actions) and now.current_player() == TERMINAL:
            return (text + " " + self.game_over(now, lang, names)).strip(), "over"
        return text, "info"

    def winner_line(self, state: Any, lang: str, names: Any) -> str:
        """Who won, in one short sentence ("Player 3 wins.", on the winner's own screen "You
        win."): the last line of a screen's live status. A game says it with the score."""
        winners = state.winners()
        mine = [p for p in winners if is_you(names, p)]
        others = and_list([names(p) for p in winners if p not in mine], lang)
        key = "generic.wins" if len(winners) == 1 else "generic.share"
        return _t(
            "core",
            key + ("_you" if mine else ""),
            lang,
            names=and_list([names(p) for p in winners], lang),
            others=others,
        )

    def game_over(self, state: Any, lang: str, names: Any) -> str:
        winners = [names(w) for w in state.winners()]
        key = "generic.over_one" if len(winners) == 1 else "generic.over_many"
        return _t("core", key, lang, names=and_list(winners, lang))

    def prompt(self, state: Any, lang: str, who: str, is_bot: bool) -> str:
        """What the table says is next: whose decision, or which chance event."""
        player = state.current_player()
        if player == TERMINAL:
            return ""
        if player == CHANCE:
            return _t("core", "generic.prompt_chance", lang, what=self.chance_label(state, lang))
        if is_bot:
            return _t("core", "generic.thinking", lang, who=who)
        return _t("core", "generic.choose", lang, who=who)

    def chance_label(self, state: Any, lang: str) -> str:
        """A few words for the chance event due now (``"roll the dice"``)."""
        kind = state.chance_kind()
        try:
            return self.t(f"chance.{kind}", lang)
        except KeyError:
            return kind

    def chance_happens(self, state: Any, lang: str) -> str | None:
        """What chance does now, as a plain sentence for the top of the table ("A dragon is
        turned face up."): the game's ``happens.<kind>``; None for a game without one."""
        try:
            return self.t(f"happens.{state.chance_kind()}", lang)
        except KeyError:
            return None

    def next_label(self, state: Any, lang: str, bot_name: str | None) -> str:
        if bot_name is not None:
            return _t("core", "generic.next_bot", lang, name=bot_name)
        return _t("core", "generic.next_chance", lang, what=self.chance_label(state, lang))

    def chance_stands(self, kind: str, lang: str) -> str:
        """Why a decision followed by chance cannot be taken back, in one short line: the chance
        event of ``kind`` that came after it (``"roll"``: "The dice have rolled: this stays."),
        from the game's ``stands.<kind>``, else the core's plain line. Never its result: that may
        be hidden from the viewer of the screen."""
        try:
            return self.t(f"stands.{kind}", lang)
        except KeyError:
            return _t("core", "generic.chance_stands", lang)

    def undo_label(self, state: Any, action: Any, lang: str) -> str | None:
        """The Take back button's own short words for ``action``, made in ``state``, where the
        move's sentence is too long for a button ("Take back the swap"); None (the
        default): the button says "Take back: " and the move's sentence."""
        return None

    # -- what the moves panel explains -------------------------------------------------------
    def choice_help(self, state: Any, lang: str) -> str:
        """A sentence explaining the choice the buttons offer now, where it is not plain (empty
        by default)."""
        return ""

    # -- rules help ------------------------------------------------------------------------------
    def rules_help(self, lang: str) -> list[str]:
        """A few sentences on how the game is played (the table's folded rules help)."""
        out = []
        for key in ("help.goal", "help.turn", "help.end"):
            try:
                out.append(self.t(key, lang))
            except KeyError:
                continue
        return out

    def option_words(self, lang: str) -> list[dict[str, str]]:
        """The game's rule options in words: ``[{"label", "value"}]`` (the values from the
        message tables, never a Python value)."""
        out = []
        for name, value in self.game.options().items():
            try:
                label = self.t(f"option.{name}", lang)
            except KeyError:
                continue
            out.append(
                {"name": name, "label": label, "value": self.option_value(name, value, lang)}
            )
        return out

    def option_value(self, name: str, value: Any, lang: str) -> str:
        """One option's value in words."""
        if value is True or value is False:
            return _t("core", "yes" if value else "no", lang)
        if name == "first_player" and value.__class__ is int:
            return _t("core", "player", lang, n=value + 1)
        try:
            return self.t(f"option.{name}.{value}", lang)
        except KeyError:
            return str(value)

    def assumed(self, lang: str) -> str:
        """What the table assumes where the printed game is not known (empty by default)."""
        return ""

    # -- the end ---------------------------------------------------------------------------------
    def score_parts(self, state: Any, seat: int, lang: str) -> list[dict[str, Any]]:
        """The parts of a seat's final score: ``[{"label", "value"}]`` (none by default)."""
        return []

    def score_words(self, score: Any, lang: str) -> str:
        """A final score in words ("18 stars")."""
        return str(score)

    #: the message key of the sentence naming who won a tie on the score and who lost it by the
    #: game's tie-break (``{names}``, ``{others}``), or None for a game without one; a tie the
    #: tie-break leaves standing is told by ``"result.tie_shared"`` (``{names}``)
    tie_break_key: str | None = None

    def tie_params(self, state: Any, lang: str) -> dict[str, Any]:
        """What the sentence ``tie_break_key`` says besides the names (none by default)."""
        return {}

    def tie_break(self, state: Any, lang: str, names: Any) -> str:
        """A sentence saying how a tie on the score was broken, or that the win is shared (empty
        when no one tied for the best score)."""
        if self.tie_break_key is None:
            return ""
        scores = state.scores()
        best = max(scores)
        tied = [p for p, s in enumerate(scores) if s == best]
        if len(tied) < 2:
            return ""
        winners = list(state.winners())
        if len(winners) < len(tied):
            losers = [p for p in tied if p not in winners]
            params = self.tie_params(state, lang)
            return self.tie_said(self.tie_break_key, lang, winners, losers, names, **params)
        return self.tie_said("result.tie_shared", lang, winners, [], names)

    def result(self, state: Any, lang: str, names: Any, said: Any = None) -> dict[str, Any]:
        """The results screen: the ranking (places shared by equal results), every score's
        parts, the headline and how a tie was broken. The ranking names the seats by ``names``
        (who played each: "Player 2 (easy bot)"); the headline and the tie-break by ``said``
        (default ``names``): a table's sentences name the seats alone."""
        said = names if said is None else said
        scores = state.scores()
        winners = set(state.winners())
        order = sorted(range(len(scores)), key=lambda p: (p not in winners, -_number(scores[p]), p))
        ranking = []
        place = 0
        previous: tuple[bool, float] | None = None
        for k, p in enumerate(order):
            mark = (p not in winners, -_number(scores[p]))
            if mark != previous:
                place = k + 1
                previous = mark
            ranking.append(
                {
                    "seat": p,
                    "name": self.own_name(p, names, lang),
                    "place": place,
                    "score": self.score_words(scores[p], lang),
                    "parts": self.score_parts(state, p, lang),
                    "winner": p in winners,
                }
            )
        headline = self.game_over(state, lang, said)
        tie_break = self.tie_break(state, lang, said)
        return {
            "headline": headline,
            "ranking": ranking,
            "tie_break": "" if tie_break and tie_break in headline else tie_break,
        }

    def log_folded(self, match: Any, i: int, viewer: ViewerLike) -> bool:
        """Whether the table's log leaves out action ``i`` of ``match`` for ``viewer``, because a
        later line says it (by default none is left out)."""
        return False

    def log_entry(
        self,
        before: Any,
        action: Action,
        after: Any,
        viewer: ViewerLike,
        lang: str,
        now: Any,
        who: str,
    ) -> dict[str, Any]:
        """One line of the log: ``{"who", "action" (the line as the viewer may read it), "note"
        (a sentence saying what it did, for the viewer: what screens show), "chance"}``."""
        return {
            "who": who,
            "action": before.redact(action, viewer, now),
            "note": before.action_text(action, viewer, lang, now),
            "chance": before.current_player() == CHANCE,
        }

    # -- without a kernel ------------------------------------------------------------------------
    @staticmethod
    def buttons_html(view: dict[str, Any]) -> str:
        """The moves a person could make now, as a line of words after "Moves now:" (for
        :meth:`static_html`; empty when there are none). A picture has no buttons to press, so
        nothing in it is drawn like one."""
        if not view["actions"]:
            return ""
        moves = " \u00b7 ".join(
            f'<span class="kaskaria-static-move">{escape(b["label"])}</span>'
            for b in view["actions"]
        )
        label = _t("core", "shell.static_moves", view.get("lang") or "en")
        return f'<span style="color:#555">{escape(label)}</span> {moves}'

    def static_html(self, view: dict[str, Any]) -> str:
        """The position as plain HTML (what GitHub or nbviewer show of a table)."""
        rows = "".join(
            f"<li>{escape(p['name'])}{' &#9654;' if p.get('to_move') else ''}"
            f"{': ' + escape(str(p['score'])) if 'score' in p else ''}</li>"
            for p in view["players"]
        )
        buttons = self.buttons_html(view)
        return (
            f'<div class="{self.prefix}-static kaskaria-static">'
            f"<p><b>{escape(view['title'])}</b>: {escape(view['message']['text'])}</p>"
            f"<ul>{rows}</ul>" + (f"<p>{buttons}</p>" if buttons else "") + "</div>"
        )
