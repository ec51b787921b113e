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
- :meth:`Presenter.log_entry`, :meth:`Presenter.prompt`, :meth:`Presenter.next_label`,
  :meth:`Presenter.chance_stands` (from the lines as the viewer may read them) and
  :meth:`Presenter.status`;
- :meth:`Presenter.static_html`: the position as HTML for a notebook opened without a kernel.

Every string comes from the game's message table (:mod:`kaskaria.i18n`), so ``lang="de"`` is
German throughout.
"""

from __future__ import annotations

import importlib
import json
from html import escape
from typing import Any

from .core import CHANCE, OMNISCIENT, TERMINAL, Action, Game, ViewerLike
from .i18n import text as _t

__all__ = ["Presenter", "and_list", "presenter_for", "register_presenter"]


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


class Presenter:
    """The generic presenter: draws any game from its observation as a list of facts.

    A game's own presenter subclasses it and sets ``board_js``/``board_css`` (files of the
    top-level ``widgets/`` folder) and ``prefix`` (the CSS class prefix of its board, also put on
    the table's shared controls as stable hooks for tests).
    """

    #: the JS board module and its styles (``None``: the generic board of ``table.js``)
    board_js: str | None = None
    board_css: str | None = None
    prefix: str = "kaskaria-gt"

    game: Any

    def __init__(self, game: Game) -> None:
        self.game = game
        self.domain = game.name

    # -- words -----------------------------------------------------------------------------------
    def t(self, key: str, lang: str, **params: Any) -> str:
        return _t(self.domain, key, lang, **params)

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

    def status(self, state: Any, viewer: ViewerLike, lang: str = "en") -> str:
        """A one-line status the viewer may read: ``state.text()`` when nothing is hidden from
        it, else the viewer's observation written out (``state.text()`` may name hidden cards)."""
        if viewer is OMNISCIENT or self.game.describe().information == "perfect":
            return state.text()
        seen = state.observation(viewer)
        text = " | ".join(f"{k} {json.dumps(v, separators=(',', ':'))}" for k, v in seen.items())
        return text if len(text) <= 300 else text[:297] + "..."

    # -- buttons ---------------------------------------------------------------------------------
    def buttons(self, state: Any, lang: str) -> list[dict[str, Any]]:
        """One button per legal decision of the player to move: ``{"action", "label", "kind"}``."""
        return [{"action": str(a), "label": str(a), "kind": a.verb} for a in state.legal_actions()]

    # -- sentences -------------------------------------------------------------------------------
    def narrate(
        self, match: Any, start: int, viewer: ViewerLike, lang: str, names: Any
    ) -> tuple[str, str]:
        """Sentences for the actions from index ``start`` on, and a message kind (``"info"``,
        ``"success"``, ``"fail"``, ``"over"``). ``names(seat)`` gives a seat's name."""
        now = match.state
        lines = [
            match.states[i].action_text(match.actions[i], viewer, lang, now)
            for i in range(start, len(match.actions))
        ]
        text = "; ".join(lines) + ("." if lines else "")
        if now.current_player() == TERMINAL:
            return (text + " " + self.game_over(now, lang, names)).strip(), "over"
        return text, "info"

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

    def next_label(self, state: Any, lang: str, bot_name: str | None) -> str:
        if bot_name is not None:
            return _t("core", "generic.next_bot", lang, name=bot_name)
        return _t("core", "generic.next_chance", lang, what=self.chance_label(state, lang))

    def chance_stands(self, taken: str, after: list[str], lang: str) -> str:
        """Why a decision followed by chance cannot be undone. ``taken`` and ``after`` (the chance
        results since) are lines as the viewer of the screen may read them (a hidden word is
        ``?``): a result with a hidden word is not named at all."""
        if any("?" in line.split() for line in after):
            return _t("core", "generic.chance_stands_hidden", lang, taken=taken)
        shown = ", ".join(after[:6])
        return _t("core", "generic.chance_stands", lang, taken=taken, shown=shown)

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
        """One line of the log: ``{"who", "action" (the line as the viewer may read it), "note",
        "chance"}``."""
        return {
            "who": who,
            "action": before.redact(action, viewer, now),
            "note": "",
            "chance": before.current_player() == CHANCE,
        }

    # -- without a kernel ------------------------------------------------------------------------
    @staticmethod
    def buttons_html(view: dict[str, Any]) -> str:
        """The buttons a person would press now, drawn as framed words (for :meth:`static_html`;
        empty when there are none)."""
        return " ".join(
            '<span style="border:1px solid #888;border-radius:0.3em;padding:0.1em 0.4em">'
            f"{escape(b['label'])}</span>"
            for b in view["actions"]
        )

    def static_html(self, view: dict[str, Any]) -> str:
        """The position as plain HTML (what GitHub or nbviewer show of a table)."""
        rows = "".join(
            f"<li>{escape(p['name'])}{' &#9654;' if p.get('to_move') else ''}"
            f"{': ' + escape(str(p['score'])) if 'score' in p else ''}</li>"
            for p in view["players"]
        )
        buttons = ", ".join(escape(b["label"]) for b in view["actions"])
        return (
            f'<div class="{self.prefix}-static kaskaria-static">'
            f"<p><b>{escape(view['title'])}</b>: {escape(view['message']['text'])}</p>"
            f"<ul>{rows}</ul>"
            + (f"<p>{escape(view['text']['moves'])} {buttons}</p>" if buttons else "")
            + "</div>"
        )
