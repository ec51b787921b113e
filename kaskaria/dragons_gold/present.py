"""The Dragon's Gold table: the board as plain data, the buttons, the log and the narration, all
built from ``state.observation(viewer)`` (never from the whole state) and worded from the message
tables (English and German). The board module is ``widgets/dragons_gold.js``.
"""

from __future__ import annotations

import re
from html import escape
from operator import mul
from typing import Any

from ..core import CHANCE, OMNISCIENT, TERMINAL, Action, ViewerLike
from ..i18n import text as _t
from ..present import Names, Presenter, and_list, is_you
from .fairness import _vec
from .log import (
    LINE_WORDS,
    describe_action,
    token_lists_in_line,
    tokens_counted,
    tokens_in_line,
    tokens_said,
)
from .pieces import _GEM_INDEX, BLACK, NAME
from .rules import ADVENTURERS, COLOURS, GEMS
from .scoring import _gem_shares, _majority_bonus

__all__ = ["DragonsGoldPresenter", "describe_action"]


def _t_(key: str, lang: str, **params: Any) -> str:
    return _t(NAME, key, lang, **params)


def _all_handed_out(state: Any) -> bool:
    """A split being built has every token in a share (nothing left to give: propose)."""
    return not any(a.verb == "give" for a in state.legal_actions())


def _seat(n: int, lang: str) -> str:
    return _t("core", "player", lang, n=n + 1)


#: what a moment is about, for a click on a piece that makes no move then ("Not now: the
#: market is open")
_MOMENT = {
    **dict.fromkeys(("build", "divide", "choose", "swap"), "share"),
    "answer": "answer",
    **dict.fromkeys(("victim", "ward", "pick", "steal"), "thief"),
    **dict.fromkeys(("market", "offer", "reply"), "market"),
    "turn": "tokens",
    "over": "over",
}


def _named(names: Any, lang: str) -> Names:
    """``names`` as the seats' plain names ("Player 2"), keeping whose screen it is."""
    return Names(lambda seat: _seat(seat, lang), getattr(names, "viewer", None))


def _short_lines(clauses: list[str]) -> list[str]:
    """What followed a decision: its clauses joined with "; " into as few lines as keep each at
    most :data:`LINE_WORDS` words (a clause longer than that is a line of its own)."""
    lines: list[str] = []
    for clause in clauses:
        if lines and len(lines[-1].split()) + len(clause.split()) <= LINE_WORDS:
            lines[-1] += "; " + clause
        else:
            lines.append(clause)
    return lines


def _sentences(lines: list[str]) -> str:
    """The narration of a run of actions: each line a short sentence of its own (a child reads
    one at a time), an exclamation kept as it is."""
    out = []
    for line in lines:
        line = line.strip()
        if not line:
            continue
        if not line.endswith(("!", ".")):
            line += "."
        out.append(line[:1].upper() + line[1:])
    return " ".join(out)


def _offer_next(given: bool, asked: bool) -> str:
    """A trade offer's next step while it is made, by what it gives and asks for so far:
    ``"open"`` (a player to choose), ``"ask"``, ``"give"`` or ``"both"`` (a player is chosen only
    once something is given and something asked for)."""
    return {(True, True): "open", (True, False): "ask", (False, True): "give"}.get(
        (given, asked), "both"
    )


class DragonsGoldPresenter(Presenter):
    """Board data, buttons and sentences of the Dragon's Gold table."""

    board_js = "dragons_gold.js"
    board_css = "dragons_gold.css"
    prefix = "kaskaria-dg"

    def colour(self, c: str, lang: str) -> str:
        return self.t(f"colour.{c}", lang)

    def tokens(self, counts: dict[str, int], lang: str) -> str:
        # each colour with its count, no "×" (children's words never use it): "6 silver"
        return tokens_counted(counts, lang)

    # -- the board ---------------------------------------------------------------------------
    def _not_now(self, obs: dict[str, Any], lang: str) -> str:
        """Why a click on a dragon or a part of a split makes no move now, in one line."""
        return self.t(f"board.not_now_{_MOMENT.get(obs['phase'], 'chance')}", lang)

    def _not_now_part(self, state: Any, obs: dict[str, Any], viewer: ViewerLike, lang: str) -> str:
        """Why a click on a part of a split (a pile) makes no move now. The one dividing a
        treasure into piles is told which piles are full for now (every pile needs a token, so
        the tokens left go to the empty ones), not that the treasure is being shared."""
        if (
            obs["phase"] == "divide"
            and viewer.__class__ is int
            and state.current_player() == viewer
        ):
            n = len(obs["split"]["parts"])
            puts = [a for a in state.legal_actions() if a.verb == "put"]
            open_piles = sorted({int(a.args[3]) for a in puts})
            full = [k for k in range(1, n + 1) if k not in open_piles]
            if puts and full:
                many = ("one", "many")
                return self.t(
                    f"board.full_{many[len(full) > 1]}_{many[len(open_piles) > 1]}",
                    lang,
                    full=and_list([str(k) for k in full], lang),
                    empty=and_list([str(k) for k in open_piles], lang),
                )
        return self._not_now(obs, lang)

    def board(self, match: Any, viewer: ViewerLike, lang: str, help: bool) -> dict[str, Any]:
        state = match.state
        obs = state.observation(viewer)
        t = self.t
        piles = (obs.get("split") or {}).get("mode") == "piles"
        words: dict[str, Any] = {
            "colours": {c: t(f"short.{c}", lang) for c in COLOURS},
            "colour_names": {c: t(f"colour.{c}", lang) for c in COLOURS},
            "adventurers": {
                a["name"]: _adv(a["name"], a["strength"], lang)
                for a in obs["players"][0]["adventurers"]
            },
            "bag": t("board.bag", lang, n=obs["bag_total"]),
            "deck": t("board.deck", lang, n=obs["deck"]),
            "market": (
                t("board.market_open", lang)
                if obs["market_open"]
                else t("board.market_in", lang, n=obs["market_in"])
                if obs["market_in"] is not None
                else t("board.market_done", lang)
            ),
            "out": t("board.out", lang, n=sum(obs["out"].values())),
            "items_deck": t("board.items_deck", lang, n=obs["item_deck"]),
            "screen": t("board.screen", lang),
            "nothing": t("board.nothing", lang),
            "hand": t("board.hand", lang),
            "up": t("board.up", lang),
            "down": t("board.down", lang),
            "assumed": t("board.assumed", lang),
            "hourglass": t("board.hourglass", lang),
            "hourglass_off": t("board.hourglass_off", lang),
            "hourglass_on": t("board.hourglass_on", lang),
            "time_up": t("board.time_up", lang),
            "left": t("board.left", lang),
            "send_pick": t("board.send_pick", lang),
            "dragons_group": t("board.dragons", lang),
            "send_first": t("board.send_first", lang),
            # what the first click does (a token is picked at once: the first shown, with a tick),
            # and after a click on a token still to hand out, the click that comes next; a pile
            # of divide-and-choose rather than a player
            **{
                key: t(f"board.{key}_pile" if piles else f"board.{key}", lang)
                for key in ("split_first", "split_to")
            },
            "not_yours": t("board.not_yours", lang),
            "not_now": self._not_now(obs, lang),
            "not_now_part": self._not_now_part(state, obs, viewer, lang),
            "not_now_tokens": t("board.not_now_tokens", lang),
            "send_to": t("board.send_to", lang),
            # the rows of the market's move buttons: what you offer, what you ask for
            "move_give": t("board.move_give", lang),
            "move_get": t("board.move_get", lang),
            "dragons": [],
            "players": [],
        }
        # the dragon whose treasure is being shared: its card says so instead of listing the
        # tokens again (the split lists them; a child tester took the card's tokens for a second
        # treasure)
        sharing = obs["split"]["dragon"] if "split" in obs else -1
        for d in obs["dragons"]:
            if d["card"] is None:
                words["dragons"].append(
                    {
                        "title": t("board.place", lang, n=d["place"] + 1),
                        "empty": t("board.empty", lang),
                    }
                )
                continue
            words["dragons"].append(
                {
                    "title": t("board.dragon", lang, place=d["place"] + 1),
                    "place": t("board.card", lang, card=d["card"] + 1),
                    "strength": t("board.strength", lang, n=d["strength"]),
                    "hidden": t(
                        (
                            ("board.hidden_drawn" if d["hidden"] else "board.hidden_drawn_none")
                            if d["fighters"] and d["sum"] >= d["strength"]
                            else "board.hidden"
                        ),
                        lang,
                        n=d["hidden"],
                    ),
                    "attack": t("board.attack", lang, sum=d["sum"], strength=d["strength"]),
                    "treasure": self.tokens(d["treasure"], lang),
                    "sharing": t("board.sharing", lang) if d["place"] == sharing else "",
                }
            )
        for p, info in enumerate(obs["players"]):
            words["players"].append(
                {
                    # (on its own screen: "Your screen", as the card says "You")
                    "screen_of": t("board.screen_of_you", lang, n=info["tokens"])
                    if p == viewer
                    else t("board.screen_of", lang, who=_seat(p, lang), n=info["tokens"]),
                    # what the viewer saw the player take, or the whole screen where the viewer
                    # sees it (the viewer's own is shown in full under the board)
                    "sure": ""
                    if p == viewer
                    else t(
                        "board.sure" if info["screen"] is None else "board.sure_all",
                        lang,
                        tokens=self.tokens(info["sure"], lang),
                    ),
                    "items": t("board.items_of", lang, n=info["items"]),
                    "adventurers": [
                        _adv(a["name"], a["strength"], lang)
                        + " · "
                        + (
                            t("board.fighting", lang, n=a["dragon"] + 1)
                            if a["state"] == "fighting"
                            else t(f"board.{a['state']}", lang)
                        )
                        for a in info["adventurers"]
                    ],
                }
            )
        if viewer.__class__ is int or viewer is OMNISCIENT:
            me = obs["players"][viewer] if viewer.__class__ is int else None
            if me is not None:
                words["my_screen"] = self.tokens(me["screen"], lang)
                words["my_items"] = [
                    {
                        "kind": k,
                        "name": t(f"item.{k}", lang),
                        # as a child says it: the item's name, with its count when there are
                        # several ("Swap of dragons (2 cards)"; never "2× ...")
                        "label": t(f"item.{k}", lang)
                        if n == 1
                        else t("board.item_many", lang, name=t(f"item.{k}", lang), n=n),
                        "help": t(f"item_help.{k}", lang),
                        "n": n,
                    }
                    for k, n in me["hand"].items()
                    if n
                ]
                # swapping by clicks on the board, for the one who holds the item (what the next
                # click does; the moves themselves come from the legal moves)
                if me["hand"].get("swap-dragons"):
                    words["swap_dragons"] = {
                        key: t(f"board.swap_{key}", lang)
                        for key in ("pick", "to", "first", "not_now")
                    }
                if me["hand"].get("swap-shares"):
                    words["swap_shares"] = {
                        key: t(f"board.shares_{key}", lang) for key in ("pick", "to")
                    }
        if "split" in obs:
            sp = obs["split"]
            shares = sp["mode"] == "shares"
            key = "board.proposal" if shares else "board.piles"
            proposer = sp["proposer"]
            mine = proposer == viewer  # the screen's own seat is "you" in the split it builds
            words["split"] = {
                "title": t("board.split", lang, n=sp["dragon"] + 1),
                "who": t(f"{key}_you" if mine else key, lang, who=_seat(proposer, lang))
                if proposer >= 0
                else "",
                "parts": [
                    self._part_words(obs, i, part, viewer, lang)
                    for i, part in enumerate(sp["parts"])
                ],
                "left": self.tokens(sp["left"], lang) if sp["left"] is not None else "",
                "proposals_left": (
                    t("board.proposals_left", lang, n=sp["proposals_left"])
                    if sp["mode"] == "shares" and sp["proposals_left"]
                    else ""
                ),
            }
            answer = self._answer_words(obs, lang)
            if answer:
                words["split"]["answer"] = answer
        if "theft" in obs:
            words["theft"] = self._theft_words(obs["theft"], viewer, lang)
        if "market" in obs:
            words["market_offer"] = self._market_words(obs, lang)
            m = obs["market"]
            if m["partner"] is not None:
                words["offer"] = t(
                    "board.offer", lang, who=_seat(m["maker"], lang),
                    give=tokens_counted(m["offer"], lang), ask=tokens_counted(m["ask"], lang),
                    to=_seat(m["partner"], lang),
                )  # fmt: skip
        return {"observation": obs, "words": words}

    def _part_words(
        self, obs: dict[str, Any], i: int, part: dict[str, int], viewer: ViewerLike, lang: str
    ) -> dict[str, str]:
        """Part ``i`` of the split in words: whose share (or which pile), its tokens, its worth
        (whole and in short), where the tokens for it go, and all of it as one sentence
        (``said``: "Player 2 gets 3 points now.", "You get ...", "Pile 1 gives ...") for a
        screen reader, which otherwise read the label and the worth run together ("You 0
        points now.")."""
        sp = obs["split"]
        t = self.t
        if sp["mode"] == "piles":
            label = t("board.pile", lang, k=i + 1)
            said_key, who = "board.part_said_pile", label
        else:
            seat = sp["involved"][i]
            label = self._seat_or_you(seat, viewer, lang)
            you = seat == viewer
            said_key, who = ("board.part_said_you" if you else "board.part_said"), label
        in_sight = self._in_sight(obs, i) if sp["mode"] == "shares" else ([], [])
        worth = self._worth(part, lang, in_sight)
        return {
            "label": label,
            "tokens": self.tokens(part, lang),
            "worth": worth,
            # the same in short (points and gems, no majorities), for a short screen
            "worth_brief": self._worth(part, lang, brief=True),
            "give_here": self._give_here(sp, i, viewer, lang),
            "said": t(said_key, lang, who=who, worth=worth),
        }

    def _give_here(self, split: dict[str, Any], i: int, viewer: ViewerLike, lang: str) -> str:
        """Where the tokens of part ``i`` of a split go ("Tokens for Player 2", "for you")."""
        if split["mode"] == "piles":
            return self.t("board.give_here", lang, who=self.t("board.pile", lang, k=i + 1))
        seat = split["involved"][i]
        if seat == viewer:
            return self.t("board.give_here_you", lang)
        return self.t("board.give_here", lang, who=_seat(seat, lang))

    def _theft_words(self, theft: dict[str, int], viewer: ViewerLike, lang: str) -> str:
        """The thief's banner: whose thief robs whom, the screen's own seat "your" / "you"."""
        thief, victim = theft["thief"], theft["victim"]
        yours = "_yours" if thief == viewer else ""
        if victim < 0:
            return self.t("board.theft_choosing" + yours, lang, thief=_seat(thief, lang))
        if victim == viewer:
            return self.t("board.theft_you", lang, thief=_seat(thief, lang))
        return self.t(
            "board.theft" + yours, lang, thief=_seat(thief, lang), victim=_seat(victim, lang)
        )

    @staticmethod
    def _seat_or_you(seat: int, viewer: ViewerLike | None, lang: str) -> str:
        """``seat``'s name ("Player 2"), on its own screen "You"."""
        return _t("core", "you", lang).capitalize() if seat == viewer else _seat(seat, lang)

    def _worth(
        self,
        part: dict[str, int],
        lang: str,
        in_sight: tuple[list[str], list[str]] = ([], []),
        *,
        brief: bool = False,
    ) -> str:
        """What a share is worth, in one short sentence for a child to weigh one share against
        another: its points now and its gems (which score only at the end, for the most of a
        colour); ``in_sight``: the gem colours it would give its player the most of, or as much
        of as anyone, as far as the viewer can see (``_in_sight``); ``brief``: the points and
        the gems alone ("3 points now, 1 gem."), for a screen with no room for the majorities."""
        values = dict(zip(COLOURS, self.game.rules.token_points.value, strict=True))
        points = self.t("board.share_points", lang, n=sum(values[c] * n for c, n in part.items()))
        gems = sum(n for c, n in part.items() if c in GEMS)
        if not gems:
            return self.t("board.worth_points", lang, points=points)
        gems_said = self.t("board.share_gems", lang, n=gems)
        if brief:
            return self.t("board.worth_brief", lang, points=points, gems=gems_said)
        most, tied = ([self.t(f"short.{c}", lang) for c in colours] for colours in in_sight)
        kind = "most_tied" if most and tied else "most" if most else "tied" if tied else "gems"
        return self.t(
            f"board.worth_{kind}", lang, points=points, gems=gems_said,
            most=and_list(most, lang), tied=and_list(tied, lang),
        )  # fmt: skip

    def _in_sight(self, obs: dict[str, Any], i: int) -> tuple[list[str], list[str]]:
        """The gem colours of share ``i`` that would give its player the most of that colour,
        and those that would give it as much as the most anyone else has, among what the viewer
        can see: every player's ``sure`` tokens (the viewer's own whole screen) plus their share
        of this split. Built from the viewer's observation only, so it never tells what lies
        hidden behind another screen; a colour where another player is seen to hold more is left
        unsaid (that player's hidden tokens may change nothing, but the share's player may hold
        hidden ones too)."""
        sp = obs["split"]
        involved = sp["involved"]
        seat = involved[i]
        seen = []
        for p, info in enumerate(obs["players"]):
            counts = dict(info["sure"])
            if p in involved:
                for c, n in sp["parts"][involved.index(p)].items():
                    counts[c] = counts.get(c, 0) + n
            seen.append(counts)
        most: list[str] = []
        tied: list[str] = []
        for c in GEMS:
            if not sp["parts"][i].get(c):
                continue
            mine = seen[seat].get(c, 0)
            best = max((seen[q].get(c, 0) for q in range(len(seen)) if q != seat), default=0)
            if mine > best:
                most.append(c)
            elif mine == best:
                tied.append(c)
        return most, tied

    def _answer_words(self, obs: dict[str, Any], lang: str) -> dict[str, Any] | None:
        """For a player answering a proposal (a bot's too): its share (``part``, shown as
        ``label`` "You get"), what it gets and what that is worth to it in sentences (its
        share's name for screen readers), and what refusing or saying "no deal" costs (on the
        last proposal the treasure leaves the game; otherwise the next player proposes)."""
        sp = obs["split"]
        me = obs["viewer"]
        if (
            obs["phase"] != "answer"
            or me.__class__ is not int
            or me not in sp["involved"]
            or me == sp["proposer"]
        ):
            return None
        t = self.t
        i = sp["involved"].index(me)
        part = sp["parts"][i]
        inv = sp["involved"]
        nxt = inv[(inv.index(sp["proposer"]) + 1) % len(inv)]
        if sp["proposals_left"] <= 1:
            refuse, no_deal = t("board.if_refuse_last", lang), ""
        else:
            refuse = (
                t("board.if_refuse_you", lang)
                if nxt == me
                else t("board.if_refuse", lang, who=_seat(nxt, lang))
            )
            no_deal = t("board.if_no_deal", lang)
        return {
            "part": i,
            "label": t("board.you_get_label", lang),
            "get": (
                t("board.you_get", lang, tokens=self.tokens(part, lang))
                if part
                else t("board.you_get_nothing", lang)
            ),
            "worth": t(
                "board.worth_to_you",
                lang,
                worth=self._worth(part, lang, self._in_sight(obs, i)),
            ),  # fmt: skip
            "refuse": refuse,
            "no_deal": no_deal,
        }

    def _market_words(self, obs: dict[str, Any], lang: str) -> dict[str, Any]:
        """The market screen in words: whose offer, what it gives, what it asks for, to whom, and
        how many offers its maker has left."""
        t = self.t
        m = obs["market"]
        who = _seat(m["maker"], lang)
        mine = obs["viewer"] == m["maker"]  # the offer's maker reads "You offer", "You ask for"
        left = m["offers"][m["maker"]]
        counted = "offers_after" if any(m["offer"]) or any(m["ask"]) else "offers_left"
        # once made, the offer waits for its answer: "You would get" (a tester read "You get"
        # while the other player decided as already got)
        made = "_made" if m["partner"] is not None else ""
        return {
            "title": self._offer_title(m, mine, who, lang, obs["viewer"]),
            "give_label": (
                t(f"board.offer_give_you{made}", lang)
                if mine
                else t("board.offer_give", lang, who=who)
            ),
            # (each colour with its count, no "×": "You offer: 2 silver, 1 gold")
            "give": tokens_counted(m["offer"], lang),
            "ask_label": (
                t(f"board.offer_ask_you{made}", lang)
                if mine
                else t("board.offer_ask", lang, who=who)
            ),
            "ask": tokens_counted(m["ask"], lang),
            "with": self._offer_step(m, mine, who, lang, obs["viewer"]),
            # an offer being made already counts (the engine's budget): say so, or the count
            # seems to drop at the first token picked
            "left": (
                t(
                    f"board.{counted}_you_none" if left == 0 else f"board.{counted}_you",
                    lang,
                    n=left,
                )
                if mine
                else t(
                    f"board.{counted}_none" if left == 0 else f"board.{counted}",
                    lang,
                    who=who,
                    n=left,
                )
            ),
        }

    def _offer_title(self, m: dict[str, Any], mine: bool, who: str, lang: str, viewer: Any) -> str:
        """The trade offer's title: whose it is and, once made, to whom ("Trade offer of Player
        3 to you")."""
        partner = m["partner"]
        if partner is None:
            if mine:
                return self.t("board.offer_title_you", lang)
            return self.t("board.offer_title", lang, who=who)
        if mine:
            return self.t("board.offer_title_you_to", lang, to=_seat(partner, lang))
        if partner == viewer:
            return self.t("board.offer_title_to_you", lang, who=who)
        return self.t("board.offer_title_to", lang, who=who, to=_seat(partner, lang))

    def _offer_step(self, m: dict[str, Any], mine: bool, who: str, lang: str, viewer: Any) -> str:
        """The trade offer's last line while it is being made, on another screen than its
        maker's: that the offer is still being made. None on the maker's own screen (its next
        step is the table's message: a child read it twice, "Next, choose what you ask for." in
        the box and "Now choose what you ask for." beside it) and none once it is made (the
        title says to whom)."""
        if m["partner"] is not None or mine:
            return ""
        return self.t("board.offer_with_theirs", lang, who=who)

    def player_extra(self, board: dict[str, Any], seat: int, lang: str) -> dict[str, Any]:
        info = board["observation"]["players"][seat]
        scores = board["observation"]["scores"]
        out = {
            "tokens": info["tokens"],
            "items": info["items"],
            "summary": self.t("board.tokens_of", lang, n=info["tokens"])
            + " · "
            + self.t("board.items_of", lang, n=info["items"]),
        }
        if scores is not None:
            out["score"] = self.t("board.score", lang, n=scores[seat])
        return out

    def status(self, state: Any, viewer: ViewerLike, lang: str = "en", names: Any = None) -> str:
        """The status a learner's screen reader reads under the table, in short sentences, built
        from the viewer's observation alone: what lies open on the dragons, the bag, the deck and
        the market, and of every screen only how many tokens and items it holds (never which).
        ``names`` names the seats (the screen's own seat "you"; by default "Player 1", ...)."""
        t = self.t
        names = self.status_names(names, lang)
        obs = state.observation(viewer)
        lines = [self._status_head(state, obs, lang, names)]
        for d in obs["dragons"]:
            if d["card"] is None:
                lines.append(t("status.no_dragon", lang, place=d["place"] + 1))
                continue
            killed = bool(d["fighters"]) and d["sum"] >= d["strength"]
            lines.append(
                t(
                    "status.killed" if killed else "status.dragon", lang, place=d["place"] + 1,
                    strength=d["strength"], attack=d["sum"], n=sum(d["treasure"].values()),
                    hidden=d["hidden"],
                )
            )  # fmt: skip
        lines.append(t("status.supply", lang, bag=obs["bag_total"], deck=obs["deck"]))
        if obs["market_open"]:
            lines.append(t("status.market_open", lang))
        elif obs["market_in"] is not None:
            lines.append(t("status.market_in", lang, n=obs["market_in"]))
        else:
            lines.append(t("status.market_done", lang))
        lines += [self._holds(p, seat, lang, names) for seat, p in enumerate(obs["players"])]
        split = obs.get("split")
        if split is not None and obs["phase"] in ("build", "answer"):
            lines.append(t("status.proposals", lang, n=split["proposals_left"]))
        m = obs.get("market")
        if m is not None:
            if m["offer"] or m["ask"]:
                give = tokens_said(tuple(m["offer"].get(c, 0) for c in COLOURS), lang)
                ask = tokens_said(tuple(m["ask"].get(c, 0) for c in COLOURS), lang)
                if m["partner"] is None:
                    lines.append(t("status.trade", lang, give=give, ask=ask))
                else:
                    lines.append(
                        self.said("status.trade_to", lang, m["partner"], names, give=give, ask=ask)
                    )
            for seat, n in enumerate(m["offers"]):
                lines.append(self.said("status.offers", lang, seat, names, n=n))
        return " ".join(lines)

    def _holds(self, player: dict[str, Any], seat: int, lang: str, names: Any) -> str:
        """What a seat holds, for the status line: its tokens (and magic items)."""
        tokens = self.t("board.tokens_of", lang, n=player["tokens"])
        if self.game.use_items:
            items = self.t("status.items", lang, n=player["items"])
            return self.said("status.holds_items", lang, seat, names, tokens=tokens, items=items)
        return self.said("status.holds", lang, seat, names, tokens=tokens)

    def status_brief(
        self, state: Any, viewer: ViewerLike, lang: str, names: Any = None
    ) -> list[str]:
        """The screen's own tokens and items (how many: the players' cards count everyone's),
        the proposals left while a split is built, the trade offers left of the market's mover
        and a trade offer on the table."""
        t = self.t
        names = self.status_names(names, lang)
        obs = state.observation(viewer)
        lines = [
            self._holds(p, seat, lang, names)
            for seat, p in enumerate(obs["players"])
            if is_you(names, seat)
        ]
        split = obs.get("split")
        if split is not None and obs["phase"] in ("build", "answer"):
            lines.append(t("status.proposals", lang, n=split["proposals_left"]))
        m = obs.get("market")
        if m is not None and obs["phase"] == "market":
            mover = obs["to_move"]  # the trade offers the mover has left
            lines.append(self.said("status.offers", lang, mover, names, n=m["offers"][mover]))
        if m is not None and (m["offer"] or m["ask"]):
            # a long list of tokens said by its count (the board's offer box lists them)
            lists = {k: tuple(m[k].get(c, 0) for c in COLOURS) for k in ("offer", "ask")}
            slots = {"give": "{offer}", "ask": "{ask}"}
            if m["partner"] is None:
                line = t("status.trade", lang, **slots)
            else:
                line = self.said("status.trade_to", lang, m["partner"], names, **slots)
            lines.append(token_lists_in_line(line, lists, lang))
        return lines

    def _status_head(self, state: Any, obs: dict[str, Any], lang: str, names: Any) -> str:
        """Whose moment it is and what happens now."""
        t = self.t
        phase = obs["phase"]
        if phase == "over":
            return t("status.over", lang) + " " + self.winner_line(state, lang, names)
        dragons = obs["dragons"]
        if phase in ("card", "token"):
            placed = sum(1 for d in dragons if d["card"] is not None)
            fighting = any(d["fighters"] for d in dragons)
            if not fighting and obs["deck"] + placed == len(self.game.cards):
                return t("status.setup", lang)  # no card has left the game yet: the set-up
            if phase == "token" and any(
                d["fighters"] and d["sum"] >= d["strength"] for d in dragons
            ):
                return self.said("status.hidden", lang, obs["turn"], names)
            return self.said(f"status.{phase}", lang, obs["turn"], names)
        if phase == "item":
            return self.said("status.item", lang, obs["drawing_item"], names)
        if phase == "steal":
            return self.said("status.steal", lang, obs["theft"]["thief"], names)
        return self.said(f"status.{phase}", lang, obs["to_move"], names)

    # -- buttons -----------------------------------------------------------------------------
    def buttons(self, state: Any, lang: str, you: bool = False) -> list[dict[str, Any]]:
        # on the mover's own screen its own seat is "you" (a share it gives itself)
        mine = state.current_player() if you else None
        out = [self._button(state, a, lang, mine) for a in state.legal_actions()]
        # the tokens to hand out, a row per colour, in the order the board lists the treasure
        # left ("still to hand out: silver, gold, red, ..."), not the moves' alphabetical order
        slots = [i for i, b in enumerate(out) if b["kind"] in ("give", "put")]
        ordered = sorted((out[i] for i in slots), key=lambda b: COLOURS.index(b["colour"]))
        for i, b in zip(slots, ordered, strict=True):
            out[i] = b
        # "no deal" gives the treasure up: it comes last, after "propose" and the answers, and
        # asks for a confirmation (the shell gives it no key)
        out.sort(key=lambda b: b["kind"] == "no")
        return out

    def key_order(self, buttons: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """At the market the keys run as the board draws the buttons (what you offer, what you
        ask for, with whom, then withdraw or leave): 1, 2, 3 down the screen (a child saw "2
        Offer it to Player 2", "3 ...", then "1 Withdraw the offer")."""
        return sorted(buttons, key=lambda b: _MARKET_ROWS.get(b["kind"], len(_MARKET_ROWS)))

    def choice_help(self, state: Any, lang: str) -> str:
        """What the choice on the buttons means, where it is not plain (when answering, only
        what the board does not say beside the share: what refusing and "no deal" cost is said
        there, once; a child read both in other words)."""
        phase = state.phase
        if phase == "answer":
            return self.t("help.answer", lang)
        if phase == "build":
            if _all_handed_out(state):
                return self.t("help.build_done", lang)  # every token has its share now
            return self.t("help.build", lang)
        if phase == "reply":
            return self.t("help.reply", lang)
        if phase == "market":
            return self.t("help.market", lang)
        if phase == "victim":
            return self.t("help.victim", lang)
        if phase == "ward":
            # only the robbed player reads this (with the buttons): whether they hold a ward
            warded = any(a.verb == "ward" for a in state.legal_actions())
            return self.t("help.ward" if warded else "help.ward_none", lang)
        if phase == "swap" and [a.verb for a in state.legal_actions()] == ["pass"]:
            return self.t("help.swap_none", lang)
        return ""

    # -- the hourglass and a bot's proposal ------------------------------------------------------
    def timed(self, match: Any) -> str | None:
        """The hourglass's key while someone must answer a proposal or a trade offer (None
        otherwise): the proposal or offer, and who answers, so it is turned again for each
        answer."""
        state = match.state
        if (
            state.phase not in ("answer", "reply")
            or self.game.strategic
            and state.phase == "answer"
        ):
            return None
        made = next(
            (
                i
                for i in range(len(match.actions) - 1, -1, -1)
                if match.actions[i].verb in ("propose", "trade")
            ),
            0,
        )
        return f"{made}:{state.current_player()}"

    def timeout_action(self, state: Any) -> Action:
        """What the rules make of an answer that did not come in time: a refusal (of the
        proposal, or of the trade). When that was the last proposal, the treasure leaves the
        game."""
        return Action("refuse")

    def hourglass_seconds(self) -> int:
        return int(self.game.rules.hourglass_seconds.value)

    def joins(self, before: Any, after: Any) -> bool:
        """Does a bot's next decision belong to the same step? A proposal, the piles of divide
        and choose and a trade offer are built token by token: a bot makes each in one step."""
        return after.phase in ("build", "divide", "offer")

    def hint_holds(self, asked: Any, now: Any, seat: int, plan: Any = None) -> bool:
        """Does a hint asked at ``asked`` still hold at ``now`` for ``seat``: both while ``seat``
        builds a proposal of the same treasure, or makes piles of it, and every token handed out
        so far is where the hint's ``plan`` puts it (the hint names the whole split or the
        piles, which the child hands out token by token; a token put elsewhere leaves the plan,
        and the next hint is worked out afresh)? A hint with no plan ("say no deal") holds while
        nothing more is handed out."""
        phase = now.phase
        if phase not in ("build", "divide") or asked.phase != phase:
            return False
        if now.current_player() != seat or asked.current_player() != seat:
            return False
        a, b = asked.observation(seat)["split"], now.observation(seat)["split"]
        if (a["dragon"], a["pot"], a["proposer"]) != (b["dragon"], b["pot"], b["proposer"]):
            return False
        if plan is None:
            # a hint that names no split ("say no deal"): it holds while the split is as it
            # was asked about; a token handed out all the same leaves it, and the line says
            # again what the clicks do
            return phase == "build" and a["parts"] == b["parts"]
        made = [_vec(part) for part in b["parts"]]
        if plan["phase"] == "build":
            want = [plan["shares"].get(p) for p in b["involved"]]
        else:
            want = list(plan["piles"])
        if len(want) != len(made) or any(w is None for w in want):
            return False
        if phase == "divide" and made == want:
            return False  # the piles are made: the next hint says to press "These are my piles"
        return all(
            m <= w
            for got, share in zip(made, want, strict=True)
            for m, w in zip(got, share, strict=True)
        )

    def undo_label(self, state: Any, action: Any, lang: str) -> str | None:
        """A magic item played: the Take back button names what it did in a few words ("Take
        back the swap"); the item's whole sentence filled three lines of a small screen."""
        if action.verb == "play":
            return self.t(f"undo.{action.args[0]}", lang)
        # a token added to a trade offer, in the words of the offer's rows ("Zurücknehmen: Du
        # möchtest Gold"): the log's "Du möchtest Gold bekommen" filled three lines of a small
        # screen and pushed the button below it
        if action.verb in ("offer", "ask"):
            colour = self.t(f"short.{action.args[0]}", lang)
            return self.t(f"undo.{action.verb}", lang, colour=colour)
        return None

    # -- the end -----------------------------------------------------------------------------
    def score_words(self, score: Any, lang: str) -> str:
        return self.t("result.points", lang, n=int(score))

    def score_parts(self, state: Any, seat: int, lang: str) -> list[dict[str, Any]]:
        """Coins and tokens, majorities (and gem sets in the advanced rules), as scored."""
        g = self.game
        screens = state.screens
        rules = g.rules
        basic = sum(map(mul, screens[seat], rules.token_points.value))
        advanced = g.advanced
        cursed = tuple(advanced and s[BLACK] > 0 for s in screens)
        bonus = _majority_bonus(len(screens), advanced, rules)
        majority = 0
        for gem in _GEM_INDEX:
            for p, share in _gem_shares(tuple(s[gem] for s in screens), cursed, advanced, bonus):
                if p == seat:
                    majority += share
        parts = [
            {"label": self.t("result.basic", lang), "value": basic},
            {"label": self.t("result.majority", lang), "value": majority},
        ]
        if advanced:
            sets = (
                0
                if cursed[seat]
                else rules.gem_set.value * min(screens[seat][x] for x in _GEM_INDEX)
            )
            parts.append({"label": self.t("result.sets", lang), "value": sets})
        return parts

    def tie_break(self, state: Any, lang: str, names: Any) -> str:
        """Under a shared win: the winners' equal points (the headline names them; a tester
        read "... share the win." twice on the results)."""
        winners = state.winners()
        if len(winners) > 1:
            points = self.score_words(state.scores()[winners[0]], lang)
            return self.t("result.tie", lang, points=points)
        return ""

    def assumed(self, lang: str) -> str:
        return self.t("board.assumed", lang)

    def _button(
        self, state: Any, action: Action, lang: str, mine: int | None = None
    ) -> dict[str, Any]:
        t = self.t
        verb, args = action.verb, action.args
        params: dict[str, Any] = {}
        phase = state.phase
        if verb == "send":
            key = "btn.send"
            strength = state.game.strengths[ADVENTURERS.index(args[0])]
            params = {"adv": _adv(args[0], strength, lang), "place": args[3]}
            short_label = t("btn.send_short", lang, place=args[3])
        elif verb == "give":
            key = "btn.give_you" if int(args[2]) - 1 == mine else "btn.give"
            params = {"colour": t(f"short.{args[0]}", lang), "to": _seat(int(args[2]) - 1, lang)}
        elif verb == "put":
            key = "btn.put"
            params = {"colour": t(f"short.{args[0]}", lang), "k": args[3]}
        elif verb == "choose":
            key, params = "btn.choose", {"k": args[1]}
        elif verb == "steal":
            key, params = "btn.steal", {"who": _seat(int(args[1]) - 1, lang)}
        elif verb in ("ward", "pick", "offer", "ask"):
            key, params = f"btn.{verb}", {"colour": t(f"short.{args[0]}", lang)}
        elif verb == "trade":
            key, params = "btn.trade", {"to": _seat(int(args[1]) - 1, lang)}
        elif verb == "play":
            if args[0] == "swap-dragons":
                key, params = "btn.play_swap_dragons", {"i": args[1], "j": args[2]}
            elif args[0] == "recall":
                key, params = "btn.play_recall", {"i": args[1]}
            else:
                a, b = int(args[1]) - 1, int(args[2]) - 1
                key = "btn.play_swap_shares"
                if mine in (a, b):  # "Swap shares with Player 2"
                    key, a, b = "btn.play_swap_shares_you", mine, b if a == mine else a
                params = {"a": _seat(a, lang), "b": _seat(b, lang)}
        elif verb == "no":
            key = "btn.no_deal"
        elif verb == "pass" and phase in ("victim", "pick", "market", "ward"):
            key = f"btn.pass_{phase}"
        elif verb in ("accept", "refuse") and phase == "reply":
            key = f"btn.{verb}_trade"
        else:
            key = f"btn.{verb}"
        out: dict[str, Any] = {"action": str(action), "label": t(key, lang, **params), "kind": verb}
        if verb == "send":
            # the button shows "Dragon 1"; its name for screen readers says the whole move
            out["short"] = short_label
            out["name"] = t("btn.send_name", lang, **params)
        if verb == "no":
            out["confirm"] = t("confirm.no_deal", lang)
        if verb in ("give", "put", "pick", "ward", "offer", "ask"):
            out["colour"] = args[0]
        if verb == "send" or "colour" in out:
            # a key's number beside a token reads as an amount ("9 gold", "2" beside a blue gem
            # where a small screen shows a thief's or a wizard's choices as gems alone), beside
            # a dragon's number as another dragon: these buttons are pressed, or reached with Tab
            out["keyless"] = True
        if verb == "give":
            out["to"] = int(args[2]) - 1
            # laid out as a grid: a row per colour, a short button per player
            out["group"] = t(f"short.{args[0]}", lang)
            to = int(args[2]) - 1
            out["short"] = self._seat_or_you(to, mine, lang)
            if key == "btn.give":
                # its name for screen readers in words ("silver to Player 3"), not an arrow
                out["name"] = t("btn.give_name", lang, **params)
        if verb == "play" and args[0] == "swap-dragons":
            # laid out as a grid beside the dragons' swap on the board: "1 ↔ 3" under the item's
            # name (the button's name says the whole move)
            out["group"] = t("item.swap-dragons", lang)
            out["short"] = t("btn.swap_short", lang, i=args[1], j=args[2])
        if verb == "put":
            out["group"] = t(f"short.{args[0]}", lang)
            out["short"] = t("btn.pile_short", lang, k=args[3])
            out["name"] = t("btn.put_name", lang, **params)
        if verb == "trade":
            out["to"] = int(args[1]) - 1
        if verb == "put":
            out["pile"] = int(args[3])
        if verb == "send":
            out["adventurer"], out["dragon"] = args[0], int(args[3])
        if verb == "play" and args[0] == "recall":
            # laid out as a row like an adventurer's sends: "Recall: the fighters of" over a
            # button per dragon ("Dragon 1", or its picture and number where the row is narrow:
            # the whole sentence stood a word a line in a quarter of a tablet's side); its name
            # says the whole move, and no key's number stands beside a dragon's
            out["group"] = t("btn.recall_group", lang)
            out["short"] = t("btn.send_short", lang, place=args[1])
            out["name"] = out["label"]
            out["dragon"] = int(args[1])
            out["keyless"] = True
        return out

    # -- sentences ---------------------------------------------------------------------------
    def told_together(self, match: Any, first: tuple[int, int], then: tuple[int, int]) -> bool:
        """A wizard's magic items, drawn one step each, are told in one line with their number
        (:meth:`narrate` groups the draws of one seat)."""

        def items(span: tuple[int, int]) -> set[int] | None:
            acts = range(*span)
            if not all(match.actions[i].verb == "item" for i in acts):
                return None
            return {match.states[i].items_due[0][0] for i in acts}

        mine, next_ = items(first), items(then)
        return mine is not None and mine == next_ and len(mine) == 1

    def narrate(
        self,
        match: Any,
        start: int,
        viewer: ViewerLike,
        lang: str,
        names: Any,
        end: int | None = None,
    ) -> tuple[str, str]:
        """Each decision in at most two lines: what the player did (a kill told with the sending,
        a proposal with the reading player's own share, a trade with what it gives and asks),
        then in one line what followed (how many tokens a dragon gets, a new dragon with its
        strength and how many it guards, what a wizard takes, the thief's take); a game's end
        says who won. Chance before any decision (a step of its own) is one such line too."""
        stop = len(match.actions) if end is None else end
        now = match.state
        told: list[list[str]] = [[]]  # what happened: a decision's clause starts a new group
        kind = "info"
        run = 0  # how many tokens a run drawn onto one dragon has had so far
        card: tuple[int, int] | None = None  # where a new dragon is told, and its strength
        killed_here = False  # the kill's sentence is the last group's first line
        skip = start
        for i in range(start, stop):
            if i < skip:
                continue
            before, action = match.states[i], match.actions[i]
            after = match.states[i + 1]
            verb = action.verb
            if verb == "give":
                # a proposal handed out token by token (a bot's is one step): told once, with
                # the reading player's own share
                j = i
                while j < stop and match.actions[j].verb == "give":
                    j += 1
                if j - i > 1 or (j < stop and match.actions[j].verb == "propose"):
                    told.append([self._proposal(match, i, j, viewer, lang, names)])
                    killed_here = False
                    skip = j + 1 if j < stop and match.actions[j].verb == "propose" else j
                    continue
            if (verb in ("offer", "ask") and self._later(match, i, stop, "trade")) or (
                verb == "put" and self._later(match, i, stop, "split")
            ):
                continue  # the trade (the piles) that follows says it in one go
            if verb == "token":
                run += 1
                if i + 1 < stop and match.actions[i + 1].verb == "token":
                    continue  # a run of tokens is told once, with how many it brought
                place = before.target + 1
                if card is not None:  # a new dragon's treasure: how many tokens it guards
                    at, strength = card
                    told[-1][at] = self.t(
                        "log.new_dragon", lang, place=place, strength=strength, n=run
                    )
                    card = None
                elif before.resume == "kill":
                    # the hidden treasure of a dragon just killed: more tokens on top of those
                    # it had, and how many there are in all (what is handed out next); right
                    # after the kill's sentence too it names the dragon, as "what just happened"
                    # may show it without the kill's sentence above it
                    total = sum(before.treasure[before.target]) + 1
                    key = "log.hidden_after_kill" if killed_here else "log.hidden_tokens"
                    told[-1].append(self.t(key, lang, place=place, n=run, total=total))
                else:
                    told[-1].append(self.t("log.tokens", lang, place=place, n=run))
                run = 0
                told[-1] += self._takings(before, after, lang, names)
                continue
            if verb == "item":
                # the items of one wizard's red tokens, drawn one by one: hidden from this
                # screen, told once with their number ("Player 1 draws 2 magic items")
                j = i
                while j < stop and match.actions[j].verb == "item":
                    j += 1
                drawn = [describe_action(match.states[k], match.actions[k], viewer, lang)
                         for k in range(i, j)]  # fmt: skip
                seat = before.items_due[0][0]
                hidden = self.t("log.item_hidden", lang, who=_seat(seat, lang))
                if j - i > 1 and all(line == hidden for line in drawn):
                    told[-1].append(
                        self.t("log.items_hidden", lang, who=_seat(seat, lang), n=j - i)
                    )
                    skip = j
                    continue
            said = describe_action(before, action, viewer, lang)
            killed = False
            if verb == "card":
                card = (len(told[-1]), self.game.cards[int(action.args[0]) - 1].strength)
            elif before.phase == "turn" and verb == "send" and _kills(before, action):
                you = "_you" if is_you(_named(names, lang), before.current_player()) else ""
                # (no hidden token drawn, none on its card or the bag empty: said in words)
                bare = "_bare" if after.resume != "kill" else ""
                said = self.t(
                    f"log.send_kill{bare}{you}", lang, who=_seat(before.current_player(), lang),
                    adv=self.t(f"adv_acc.{action.args[0]}", lang), place=action.args[3],
                )  # fmt: skip
                kind, killed = "success", True
            clause = self._why_refused(before, action, viewer, lang, names) or said
            if before.current_player() >= 0:
                told.append([clause])
                killed_here = killed
            else:
                told[-1].append(clause)
            if killed:
                told[-1] += self._takings(before, after, lang, names)
            if verb in ("no", "refuse", "accept"):
                gone = sum(after.out) - sum(before.out)
                if gone > 0:  # no deal: the whole treasure leaves the game
                    told[-1].append(self.t("log.out", lang, n=gone))
        groups = [group for group in told if group]
        if stop == len(match.actions) and now.current_player() == TERMINAL:
            first = groups.pop()[:1] if groups else [""]
            # (the results and the message say why the game ended: here who won, in short)
            groups.append([*first, self.winner_line(now, lang, names)])
            kind = "over"
        lines = [line for group in groups for line in (group[0], *_short_lines(group[1:]))]
        return _sentences(lines), kind

    @staticmethod
    def _later(match: Any, i: int, stop: int, verb: str) -> bool:
        """Whether an action ``verb`` follows action ``i`` in the same step (before ``stop``)."""
        return any(a.verb == verb for a in match.actions[i + 1 : stop])

    def _why_refused(
        self, before: Any, action: Action, viewer: ViewerLike, lang: str, names: Any
    ) -> str | None:
        """Why a bot refused a trade or a proposed split, in one sentence (None: not a bot's
        refusal, or a bot that does not say). The bot's own reason, from its own screen, is told
        only to a screen that may see that screen (its seat, or one that sees everything); any
        other screen reads only what the refusal itself tells: a share's worth is public, a
        trade's is not (the refusing seat did not gain, or, unless the viewer knows it holds the
        tokens asked for, did not have them)."""
        if action.verb != "refuse" or before.phase not in ("reply", "answer"):
            return None
        seat = before.current_player()
        bot = names.bot(seat) if isinstance(names, Names) else None
        why = getattr(bot, "why_refused", None)
        if why is None:
            return None
        if before.phase == "reply" and not (viewer is OMNISCIENT or viewer == seat):
            # told from the viewer's own observation alone
            obs = before.observation(viewer)
            sure = obs["players"][seat]["sure"]
            holds = all(sure.get(c, 0) >= n for c, n in obs["market"]["ask"].items())
            key, params = "why.trade_no_gain", {}
            if not holds:
                asked = tuple(int(obs["market"]["ask"].get(c, 0) > 0) for c in COLOURS)
                key, params = "why.trade_unsure", {"short": self._too_little(asked, lang)}
        else:
            from ..bots import SeatView

            found = why(SeatView(before, seat))
            if found is None:
                return None
            key, params = found
            if "colours" in params:
                params = {"short": self._too_little(params["colours"], lang)}
        if params.get("n") == 1:
            key += "_one"
        who = _seat(seat, lang)
        return self.t(key, lang, who=who, **params)

    def _too_little(self, colours: tuple[int, ...], lang: str) -> str:
        """What a seat that refused a trade may hold too little of: the colours marked 1 in
        ``colours``, by name up to two ("too little blue and gold"), more as "those tokens" (the
        offer box lists them), so the sentence stays short."""
        if sum(colours) > 2:
            return self.t("why.too_few_tokens", lang)
        return self.t("why.too_little", lang, colours=tokens_said(colours, lang))

    def _proposal(
        self, match: Any, first: int, end: int, viewer: ViewerLike, lang: str, names: Any
    ) -> str:
        """The proposal handed out by actions ``first`` to ``end`` (gives), in one sentence:
        who proposes, and what the reading player gets if it is in the split (the other shares
        stand on the board)."""
        who = match.states[first].current_player()
        involved = match.states[first].involved
        if viewer.__class__ is not int or viewer not in involved:
            return self.said("log.split_proposed", lang, who, _named(names, lang))
        mine = [a.args[0] for a in match.actions[first:end] if int(a.args[2]) - 1 == viewer]
        if not mine:
            return self.said("log.split_none", lang, who, _named(names, lang))
        # (a list too long for one short line is said by its count, as in the log)
        lead = self.said("log.split_yours", lang, who, _named(names, lang), tokens="{tokens}")
        return tokens_in_line(lead, tuple(mine.count(c) for c in COLOURS), lang)

    def _takings(self, before: Any, after: Any, lang: str, names: Any) -> list[str]:
        """What the players of a kill take openly when the treasure is complete: a player who
        killed the dragon alone takes all of it; a single wizard's player takes the red tokens."""
        out = []
        red = COLOURS.index("red")
        for p, (was, now) in enumerate(zip(before.screens, after.screens, strict=True)):
            gained = [b - a for a, b in zip(was, now, strict=True)]
            if min(gained) < 0 or not any(gained):
                continue
            you = "_you" if is_you(names, p) else ""
            if any(n for c, n in enumerate(gained) if c != red):
                key, n = f"log.takes_all{you}", sum(gained)
            else:
                key, n = f"log.wizard_red{you}", gained[red]
            out.append(self.t(key, lang, who=_seat(p, lang), n=n))
        return out

    def game_over(self, state: Any, lang: str, names: Any) -> str:
        """The end in two short sentences: why it ended (no dragon is left, and none comes: the
        bag is empty, or else the dragon deck), then who won (the points' parts are in the
        results)."""
        why = "say.over" if not sum(state.bag) else "say.over_deck"
        return self.t(why, lang) + " " + self.winner_line(state, lang, names)

    def winner_line(self, state: Any, lang: str, names: Any) -> str:
        """Who won with how many points ("Player 2 and Player 4 share the win."), in ``names``
        (a table's screens name the seats alone, the results list who played each)."""
        winners = state.winners()
        points = state.scores()[winners[0]]
        key = "wins.one" if len(winners) == 1 else "wins.many"
        return self.winners_said(key, lang, winners, names, points=points)

    def prompt(self, state: Any, lang: str, who: str, is_bot: bool) -> str:
        player = state.current_player()
        if player == TERMINAL:
            return ""
        if player == CHANCE or is_bot:
            return super().prompt(state, lang, who, is_bot)
        # the same words whatever the seat holds (its items are hidden from the other screens;
        # a seat with nothing to play passes by itself, see Table.forced_pass); a split with
        # every token handed out asks to be proposed (a tester read "hand out every token" on top
        # of a split with nothing left to hand out)
        if state.phase == "build" and _all_handed_out(state):
            return self.t("prompt.build_done", lang, who=who)
        if state.phase == "offer":
            # the offer's next step, as the board says it (the offer lies open to everyone)
            step = _offer_next(any(state.offer), any(state.ask))
            # an offer of every colour the others hold leaves nothing to ask for (a colour is
            # either offered or asked for), and the other way round: say so, and what to do
            verb = {"ask": "ask", "give": "offer"}.get(step)
            if verb and all(a.verb != verb for a in state.legal_actions()):
                return self.t(f"prompt.offer_no_{step}", lang, who=who)
            return self.t(f"prompt.offer{'' if step == 'both' else '_' + step}", lang, who=who)
        return self.t(f"prompt.{state.phase}", lang, who=who)

    def log_folded(self, match: Any, i: int, viewer: ViewerLike) -> bool:
        """A token of another player's proposal, once it is proposed: the proposal's own line
        says the split with the reading player's share ("Player 2 proposes a split: you get
        gold and purple."), so that a bot's proposal reads as one line, its name once, not a line
        per token. The proposer's own screen keeps each of its steps ("You put gold in your own
        share."), and a split still being handed out shows each token as it comes."""
        actions = match.actions
        if actions[i].verb != "give" or match.states[i].current_player() == viewer:
            return False
        j = i
        while j < len(actions) and actions[j].verb == "give":
            j += 1
        return j < len(actions) and actions[j].verb == "propose"

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
        seat = before.current_player()
        chance = seat == CHANCE
        note = describe_action(before, action, viewer, lang)
        named = re.search(rf"\b{re.escape(_seat(seat, lang))}\b", note) if seat >= 0 else None
        if named and who:
            # the sentence names its player: by the whole name the log would put before it
            # ("Player 2 (easy bot) accepts.", not "Player 2 (easy bot): Player 2 accepts.")
            note, who = note[: named.start()] + who + note[named.end() :], ""
        return {
            "who": _t("core", "chance", lang) if chance else who,
            "action": before.redact(action, viewer, now),
            "note": note,
            "chance": chance,
        }

    # -- without a kernel --------------------------------------------------------------------
    def static_html(self, view: dict[str, Any]) -> str:
        obs = view["observation"]
        words = view["words"]
        cells = []
        for d, w in zip(obs["dragons"], words["dragons"], strict=True):
            if d["card"] is None:
                cells.append(f"<td>{escape(w['title'])}<br>{escape(w['empty'])}</td>")
                continue
            fighters = ", ".join(
                f"{view['players'][f['player']]['label']}: {words['adventurers'][f['adventurer']]}"
                for f in d["fighters"]
            )
            cells.append(
                "<td style='border:2px solid #a33;padding:0.4em;vertical-align:top'>"
                f"<b>{escape(w['title'])}</b> ({escape(w['place'])})<br>{escape(w['strength'])}"
                f"<br>{escape(w['treasure'])}<br>{escape(w['hidden'])}<br>{escape(w['attack'])}"
                + (f"<br><small>{escape(fighters)}</small>" if fighters else "")
                + "</td>"
            )
        players = "".join(
            f"<li>{'&#9654; ' if p['to_move'] else ''}{escape(p['name'])}: "
            f"{escape(p.get('summary', ''))}{' · ' + escape(p['score']) if 'score' in p else ''}"
            f"{' &#127942;' if p['winner'] else ''}</li>"
            for p in view["players"]
        )
        buttons = self.buttons_html(view)
        mine = (
            f"<p>{escape(words['screen'])}: {escape(words['my_screen'])}</p>"
            if "my_screen" in words
            else ""
        )
        split = words.get("split")
        if split:
            parts = " · ".join(f"{p['label']}: {p['tokens']}" for p in split["parts"])
            left = f" · {words['left']}: {split['left']}" if split["left"] else ""
            mine += (
                "<p style='border:2px solid #b8860b;padding:0.3em'>"
                f"<b>{escape(split['title'])}</b> {escape(split['who'])}<br>{escape(parts)}"
                f"{escape(left)}</p>"
            )
        if "theft" in words:
            mine += f"<p>{escape(words['theft'])}</p>"
        market = words.get("market_offer")
        if market:
            mine += (
                "<p style='border:2px solid #b8860b;padding:0.3em'>"
                f"<b>{escape(market['title'])}</b><br>{escape(market['give_label'])}: "
                f"{escape(market['give'])}<br>{escape(market['ask_label'])}: {escape(market['ask'])}"
                # (once made, the title says to whom: no line of its own)
                + (f"<br>{escape(market['with'])}" if market["with"] else "")
                + f"<br><small>{escape(market['left'])}</small></p>"
            )
        if view.get("passing"):
            mine = f"<p><b>{escape(view['passing']['title'])}</b> {escape(view['passing']['hint'])}</p>"
        return (
            "<div class='kaskaria-dg-static' style='font-family:sans-serif;font-size:15px'>"
            f"<p><b>{escape(view['title'])}</b></p><table><tr>{''.join(cells)}</tr></table>"
            f"<p>{escape(words['bag'])} · {escape(words['deck'])} · {escape(words['market'])}</p>"
            f"{mine}<ul>{players}</ul><p>{escape(view['message']['text'])}</p>"
            + (f"<p>{buttons}</p>" if buttons else "")
            + f"<p><small>{escape(words['assumed'])}</small></p></div>"
        )


#: the rows of the market's buttons, in the order the board draws them (widgets/dragons_gold.js)
_MARKET_ROWS = {"offer": 0, "ask": 1, "trade": 2, "cancel": 3}


def _kills(state: Any, action: Action) -> bool:
    """Whether sending (``action``, in the turn of ``state``) kills the dragon it goes to: its
    fighters with the one sent are at least as strong as the dragon (known before the move, so
    also when the kill is settled at once: a dragon with no hidden treasure)."""
    g = state.game
    slot = int(action.args[3]) - 1
    fighters = (*state.fighters[slot], state.turn * 4 + ADVENTURERS.index(action.args[0]))
    return sum(map(g.strength_of, fighters)) >= g.cards[state.slots[slot]].strength


def _adv(name: str, strength: int, lang: str) -> str:
    """An adventurer's name with its strength from the rules table: ``big knight (4)``."""
    return f"{_t_(f'adv.{name}', lang)} ({strength})"
