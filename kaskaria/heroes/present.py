"""What the Heroes of Kaskaria table shows: the board as plain data, button labels, narration.

Pure Python (no Jupyter): :class:`kaskaria.widgets.HeroesTable` sends what this builds to the
browser, where ``widgets/heroes.js`` only draws it. The board comes from the viewer's observation
alone (``state.observation(viewer)``), the odds panel from the exact odds of that seat's view, and
every word from the message tables of :mod:`.messages` (English and German). Nothing here names a
card the viewer may not see: log lines are redacted for the viewer, and the reasons an undo is
refused name no card.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from html import escape
from typing import Any

from ..core import CHANCE, OMNISCIENT, TERMINAL, Action, ViewerLike
from ..i18n import text as _t
from ..present import Presenter, and_list
from .pieces import NAME, card_word, colour_word
from .rules import MOTIFS

__all__ = ["LETTERS", "LETTERS_DE", "SYMBOLS", "HeroesPresenter"]

#: One letter per card colour, shown on every card so it reads in black and white. Blue and black
#: both begin with B, and a lone B would read as either (as a lone S did in German for Schwarz
#: and Silber), so black is K, the printers' letter for black; no letter begins another.
LETTERS = {
    "blue": "B",
    "orange": "O",
    "red": "R",
    "green": "G",
    "yellow": "Y",
    "purple": "P",
    "turquoise": "T",
    "white": "W",
    "black": "K",
}
#: The same in German, from the German colour names (two letters where two share one; Schwarz
#: is "Sw" as on Dragon Battle's dice, where Silber is "Si").
LETTERS_DE = {
    "blue": "B",
    "orange": "O",
    "red": "R",
    "green": "Gr",
    "yellow": "Ge",
    "purple": "L",
    "turquoise": "T",
    "white": "W",
    "black": "Sw",
}
#: One symbol per motif (with its word beside it on the board).
SYMBOLS = {"griffin": "\u25b2", "runner": "\u00bb", "gold": "\u25cf", "plus2": "\u271a"}
#: Colours for the board (a colour of a teacher's own table is drawn grey).
PALETTE = {
    "blue": "#3f78c4",
    "orange": "#ee8a2e",
    "red": "#d24b45",
    "green": "#3e9b58",
    "yellow": "#f1cb3d",
    "purple": "#8c62bd",
    "turquoise": "#2fb3b0",
    "white": "#f4f4f0",
    "black": "#2e3138",
}
#: The two paths, each with one figure per seat.
PATHS = ("griffin", "runner")
#: The order of the move buttons: the display's cards first, so that the key of "take display
#: card N" is N (its place's number on the board), then the pile's draw, the sets, the cards a
#: draw-two card brings (the display's again before the pile's) and passing.
_KIND_ORDER = {"take": 0, "draw": 1, "play": 2, "plus2": 3, "pass": 4}


def _fraction(value: Fraction) -> dict[str, Any]:
    value = Fraction(value)
    return {"exact": str(value), "value": float(value)}


#: the largest number of cases a chance is told in exactly ("5 times in 23")
PLAIN_CASES = 30


def chance_plain(value: Fraction, lang: str, per_hundred: bool = False) -> dict[str, str]:
    """A chance as a child reads it first ("5 times in 23", "about 4 times in 100") and as a
    percentage for the exact figures a click away ("4.4%", German "4,4 %"). ``per_hundred``:
    "about ... in 100" however few the cases (a list of chances a child compares)."""
    value = Fraction(value)

    def t(key: str, **params: Any) -> str:
        return _t(NAME, f"odds.{key}", lang, **params)

    if value == 0:
        plain = t("plain_never")
    elif value == 1:
        plain = t("plain_always")
    elif value.denominator <= PLAIN_CASES and not per_hundred:
        key = "plain_once" if value.numerator == 1 else "plain"
        plain = t(key, k=value.numerator, n=value.denominator)
    elif round(100 * value) >= 100:
        plain = t("plain_almost")
    elif round(100 * value) >= 1:
        k = round(100 * value)
        plain = t("plain_about_once" if k == 1 else "plain_about", k=k)
    else:
        plain = t("plain_rare")
    shown = f"{100 * float(value):.1f}"
    percent = f"{shown.replace('.', ',')} %" if lang == "de" else f"{shown}%"
    return {"plain": plain, "percent": percent}


class HeroesPresenter(Presenter):
    board_js = "heroes.js"
    board_css = "heroes.css"
    prefix = "kaskaria-hk"
    tie_break_key = "result.tie_amulet"  # the rulebook's tie-break: who rescued the amulet

    # -- small words -----------------------------------------------------------------------------
    def cards(self, n: int, lang: str) -> str:
        return self.t("cards", lang, n=n)

    def gold(self, n: int, lang: str) -> str:
        return self.t("gold", lang, n=n)

    def card(self, name: str, lang: str) -> str:
        colour, motif = name.split()
        return card_word(colour, motif, lang)

    def letter(self, colour: str, lang: str = "en") -> str:
        """The colour's letter on a card, from the colour's name in ``lang`` (German: "S" for
        Schwarz, "Gr" and "Ge" for Grün and Gelb)."""
        letters = LETTERS_DE if lang == "de" else LETTERS
        return letters.get(colour, colour_word(colour, lang)[:1].upper())

    def card_info(self, name: str, lang: str) -> dict[str, Any]:
        """A card as the board draws it: colour, letter, motif symbol and words."""
        colour, motif = name.split()
        return {
            "name": name,
            "colour": colour,
            "motif": motif,
            "letter": self.letter(colour, lang),
            "symbol": SYMBOLS[motif],
            "paint": PALETTE.get(colour, "#9a9a9a"),
            "label": card_word(colour, motif, lang),
            "motif_word": self.t(f"Motif.{motif}", lang),
        }

    # -- the board -------------------------------------------------------------------------------
    def board(self, match: Any, viewer: ViewerLike, lang: str, help: bool) -> dict[str, Any]:
        state = match.state
        obs = state.observation(viewer)
        shown = viewer.__class__ is int
        hand = obs["hands"][viewer] if shown else None
        # how many ways each colour of the viewer's hand can be played now (its turn only)
        ways = (
            Counter(a.args[0] for a in state.legal_actions() if a.verb == "play")
            if shown and state.current_player() == viewer
            else Counter()
        )
        # the screen's own hand is full: no card may be taken, so no odds of the next one, and no
        # odds panel at all (a child read "Next card makes red a set", then "shown to a player at
        # the table", beside "Your hand is full")
        full = (
            shown
            and obs["phase"] not in ("deal", "lay", "over")
            and obs["hand_sizes"][viewer] >= self.game.hand_limit
        )
        return {
            "observation": obs,
            "cards": {name: self.card_info(name, lang) for name in _visible_names(obs)},
            "hand": self._hand_groups(hand, lang, ways) if hand is not None else None,
            # the cards of the viewer's hand the others know (marked in the hand), and its seat
            "known_hand": list(obs["known"][viewer]) if hand is not None else [],
            "you": viewer if shown else None,
            "others": (
                {
                    p: self._hand_groups(h, lang)
                    for p, h in enumerate(obs["hands"])
                    if h is not None and p != viewer
                }
                if viewer is OMNISCIENT
                else {}
            ),
            "paths": self._paths(obs),
            "pieces": self._pieces(obs),
            "odds": self._odds(obs, help, lang) if shown and help and not full else None,
            "odds_full": full,
            "words": self._words(obs, viewer, lang),
        }

    @staticmethod
    def _pieces(obs: dict[str, Any]) -> dict[str, Any]:
        """The move a click on each display card and on the draw pile makes: while a draw-two
        card's cards are still to take, its ``plus2`` moves; else ``take`` and ``draw``. When
        that move is not allowed, the click is refused with the rule it breaks now (a full
        hand, another player's turn), so it must be the move the child means."""
        verb = "plus2" if obs["phase"] == "choose" else "take"
        return {
            "display": [f"{verb} display {i}" for i in range(1, len(obs["display"]) + 1)],
            "pile": "plus2 pile" if obs["phase"] == "choose" else "draw pile",
        }

    def _hand_groups(
        self, names: list[str], lang: str, ways: Counter[str] | None = None
    ) -> list[dict[str, Any]]:
        """The cards of a hand grouped by colour, in the table's colour order; a colour that
        can be played in several ways (``ways``) says how many on the button that opens them."""
        ways = ways or Counter()
        groups: dict[str, list[str]] = {}
        for name in names:
            groups.setdefault(name.split()[0], []).append(name)
        out = []
        for colour in self.game.colours:
            cards = groups.get(colour)
            if cards:
                cards.sort(key=lambda n: MOTIFS.index(n.split()[1]))
                is_set = len(cards) >= 2
                out.append(
                    {
                        "colour": colour,
                        "letter": self.letter(colour, lang),
                        "label": colour_word(colour, lang),
                        "cards": cards,
                        "set": is_set,
                        "ways": self.t(
                            "board.ways",
                            lang,
                            colour=colour_word(colour, lang).capitalize(),
                            n=ways[colour],
                        )
                        if ways[colour] > 1
                        else "",
                        # the group's name for screen readers ("Purple: 3 cards, a set")
                        "name": self.t(
                            "board.group_set" if is_set else "board.group",
                            lang,
                            colour=colour_word(colour, lang).capitalize(),
                            cards=self.cards(len(cards), lang),
                        ),
                    }
                )
        return out

    def _paths(self, obs: dict[str, Any]) -> list[dict[str, Any]]:
        out = []
        for path in PATHS:
            length = obs["paths"][path]
            positions = obs[f"{path}s"]
            fields = [[p for p, x in enumerate(positions) if x == i] for i in range(length + 1)]
            out.append({"path": path, "length": length, "fields": fields})
        return out

    def _words(self, obs: dict[str, Any], viewer: ViewerLike, lang: str) -> dict[str, Any]:
        t = self.t
        wf = obs["waterfall"]
        if obs["phase"] in ("deal", "lay"):
            water = t("board.waterfall_aside", lang)
        elif not wf["in_pile"]:
            water = t("board.waterfall_out", lang)
        elif wf["lowest"] == 0:  # it may be the very next card
            water = t("board.waterfall_soon", lang, hi=wf["highest"])
        else:
            water = t("board.waterfall_in", lang, lo=wf["lowest"], hi=wf["highest"])
        # the same in one short line, which a projector's short screen shows
        soon = "soon_brief" if wf["lowest"] == 0 else "in_brief"
        water_brief = (
            t(
                f"board.waterfall_{soon}",
                lang,
                lo=wf["lowest"],
                hi=wf["highest"],
            )
            if obs["phase"] not in ("deal", "lay") and wf["in_pile"]
            else water
        )
        amulet = obs["amulet"]
        players = len(obs["hand_sizes"])
        # while a draw-two card's cards are still to take, that is what a click on the hand, the
        # set being played or a path says first
        draws = obs["draws_left"]
        take_first = t("board.take_first", lang, cards=self.cards(draws, lang)) if draws else ""
        # each path's title (its name and way) for screen readers, and its parts for the board
        paths: dict[str, str] = {}
        for path in ("griffin", "runner"):
            name, way = t(f"board.{path}_path_name", lang), t(f"board.{path}_path_way", lang)
            paths[f"{path}_path"] = t("board.path", lang, name=name, way=way)
            paths[f"{path}_path_name"], paths[f"{path}_path_way"] = name, way
        return {
            **paths,
            "village": t("board.village", lang),
            "volcano": t("board.volcano", lang),
            "amulet": t("symbol.amulet", lang),
            "amulet_state": t("board.amulet_here", lang)
            if amulet is None
            else t("board.amulet_with", lang, who=self.seat_name(amulet, lang)),
            "display": t("board.display", lang),
            "empty_place": t("board.empty_place", lang),
            "pile": t("board.pile", lang, cards=self.cards(obs["pile"], lang)),
            "discard": t("board.discard", lang, cards=self.cards(len(obs["discard"]), lang)),
            "played": t("board.played", lang),
            "ways_more": t("board.ways_more", lang),
            "waterfall": water,
            "waterfall_brief": water_brief,
            "hand": t("board.hand", lang, cards=self.cards(len(obs["hands"][viewer]), lang))
            if viewer.__class__ is int
            else t("board.no_hand", lang),
            "hand_of": {
                str(p): t(
                    "board.hand_of",
                    lang,
                    who=self.seat_name(p, lang),
                    cards=self.cards(obs["hand_sizes"][p], lang),
                )
                for p in range(players)
            },
            "set": t("board.set", lang),
            # what a click on a card of the hand that plays nothing says: while a draw-two
            # card's cards are still to take, that is the reason
            "no_set": take_first or t("board.no_set", lang),
            # ... and on a card alone in its colour: a set needs two
            "lone_card": take_first or t("board.lone_card", lang),
            # what a click on a card of the set being played says: take the cards it brings
            # first, or that it is played already
            "played_why": take_first or t("board.played_already", lang),
            # what a click on a path's field says (the village, the volcano, a figure): a figure
            # moves only by the cards played, or first the cards a draw-two card brings
            "path_why": take_first or t("board.path_by_cards", lang),
            "supply": t("board.supply", lang, gold=self.gold(obs["supply"], lang)),
            "draws_left": t("board.draws_left", lang, n=obs["draws_left"])
            if obs["draws_left"]
            else "",
            "seat": [self.seat_name(p, lang) for p in range(players)],
            "gold": [self.gold(g, lang) for g in obs["scores"]],
            # the same in short, which a narrow player card shows instead ("12 Gold")
            "gold_brief": [self.t("gold_brief", lang, n=g) for g in obs["scores"]],
            "stand_ins": [t("board.stand_ins", lang, n=n) if n else "" for n in obs["stand_ins"]],
            "hand_size": [self.cards(n, lang) for n in obs["hand_sizes"]],
            # each seat's two figures in words, for its player card ("griffin 2", "runner 4")
            "figures": [
                {path: t(f"board.figure_{path}", lang, n=obs[f"{path}s"][p]) for path in PATHS}
                for p in range(players)
            ],
            # what the others saw each seat take; on the viewer's own card how many, each of
            # them marked in its hand ("hand_known", "known_card"), so nothing is cut
            "known": [
                ""
                if not k
                else t("board.known_mine", lang, cards=self.cards(len(k), lang))
                if p == viewer
                else t("board.known", lang, cards=", ".join(self.card(n, lang) for n in k))
                for p, k in enumerate(obs["known"])
            ],
            # ... and in short, for a short screen's player cards ("6 known")
            "known_brief": [
                t("board.hand_known", lang, n=len(k)) if k else "" for k in obs["known"]
            ],
            "known_count": [len(k) for k in obs["known"]],
            "hand_known": t("board.hand_known", lang, n=len(obs["known"][viewer]))
            if viewer.__class__ is int and obs["known"][viewer]
            else "",
            "known_card": t("board.known_card", lang),
            "odds": {
                key: t(f"odds.{key}", lang)
                for key in ("title", "show", "hide", "off", "only_seat", "waterfall_next", "exact")
            },
            "motifs": {m: t(f"Motif.{m}", lang) for m in MOTIFS},
        }

    def _odds(self, obs: dict[str, Any], help: bool, lang: str) -> dict[str, Any] | None:
        """The odds panel: for each colour of the viewer's hand, the exact chance that the next
        card from the pile completes a set of it; the waterfall's chances (a chance of none left
        out: a child read "Next card is the waterfall never")."""
        if not help or obs["phase"] in ("deal", "lay", "over"):
            return None
        from . import odds

        game = self.game
        seat = obs["viewer"]
        rows = []
        held: dict[str, int] = {}
        # one distribution of the next card serves every colour's row (odds.completes_set's
        # chance for a colour held once)
        card = odds.next_card(game, obs)
        for name in obs["hands"][seat]:
            colour = name.split()[0]
            held[colour] = held.get(colour, 0) + 1
        for colour in game.colours:
            n = held.get(colour, 0)
            if n == 0:
                continue
            label = colour_word(colour, lang)
            if n >= 2:
                rows.append(
                    {
                        "colour": colour,
                        "letter": self.letter(colour, lang),
                        "paint": PALETTE.get(colour, "#9a9a9a"),
                        "text": self.t("odds.already", lang, colour=label.capitalize()),
                        "chance": None,
                    }
                )
                continue
            rows.append(
                {
                    "colour": colour,
                    "letter": self.letter(colour, lang),
                    # its badge is painted as the colour's cards are (its letter and the row's
                    # words name the colour too)
                    "paint": PALETTE.get(colour, "#9a9a9a"),
                    # German names the colour as a noun ("ein Kartenset in Rot")
                    "text": self.t("odds.completes", lang, colour=label, Colour=label.capitalize()),
                    "chance": self._chance(card.colour(game.colours.index(colour)), lang),
                }
            )
        water = []
        if obs["waterfall"]["in_pile"]:
            for words, chance in (
                (self.t("odds.waterfall_next", lang), odds.waterfall_next(game, obs)),
                (
                    self.t("odds.waterfall_within", lang, n=5),
                    odds.waterfall_within(game, obs, 5),
                ),
            ):
                if chance:
                    water.append({"text": words, "chance": self._chance(chance, lang)})
        # one kind of number in one list: "2 times in 23" above "about 11 times in 100" was a
        # sum a child could not do (a child tester); where the rows would be told out of
        # different numbers, all are told out of 100
        told = [r for r in rows + water if r["chance"]]
        values = [Fraction(r["chance"]["exact"]) for r in told]
        out_of = {
            v.denominator if v.denominator <= PLAIN_CASES else 100 for v in values if 0 < v < 1
        }
        if len(out_of) > 1:
            for r, value in zip(told, values, strict=True):
                r["chance"] = {**_fraction(value), **chance_plain(value, lang, per_hundred=True)}
        unseen = sum(odds.unseen(game, obs))
        return {"rows": rows, "waterfall": water, "note": self.t("odds.note", lang, n=unseen)}

    @staticmethod
    def _chance(value: Fraction, lang: str) -> dict[str, Any]:
        return {**_fraction(value), **chance_plain(value, lang)}

    def player_extra(self, board: dict[str, Any], seat: int, lang: str) -> dict[str, Any]:
        obs = board["observation"]
        return {
            "score": obs["scores"][seat],
            "gold": obs["gold"][seat],
            "stand_ins": obs["stand_ins"][seat],
            "hand_size": obs["hand_sizes"][seat],
            "known": obs["known"][seat],
            "griffin": obs["griffins"][seat],
            "runner": obs["runners"][seat],
            "amulet": obs["amulet"] == seat,
        }

    def status(self, state: Any, viewer: ViewerLike, lang: str = "en", names: Any = None) -> str:
        """The status a learner's screen reader reads under the table, in short sentences, built
        from the viewer's observation alone: hand sizes but no hand's cards, the waterfall's
        possible places but never its place. ``names`` names the seats (the screen's own seat
        "you"; by default "Player 1", ...)."""
        t = self.t
        names = self.status_names(names, lang)
        obs = state.observation(viewer)
        phase = obs["phase"]
        seat = obs["player"]
        if phase == "over":
            head = self.game_over(state, lang, names)
        elif phase == "turn" and obs["hand_sizes"][seat] >= self.game.hand_limit:
            head = self.said("status.full", lang, seat, names)
        elif phase == "choose":
            cards = self.cards(obs["draws_left"], lang)
            head = self.said("status.choose", lang, seat, names, cards=cards)
        elif phase == "bury" and obs["resume"] == "turn":
            head = t("status.lay", lang)  # still setting up
        else:
            head = self.said(f"status.{phase}", lang, seat, names)
        lines = [head]
        for p in range(len(obs["scores"])):
            lines.append(
                self.said(
                    "status.seat", lang, p, names, gold=obs["scores"][p],
                    cards=self.cards(obs["hand_sizes"][p], lang),
                    griffin=obs["griffins"][p], runner=obs["runners"][p],
                )
            )  # fmt: skip
        if obs["amulet"] is not None:
            lines.append(self.said("status.amulet", lang, obs["amulet"], names))
        shown = [self.card(c, lang) if c else t("board.empty_place", lang) for c in obs["display"]]
        lines.append(t("status.display", lang, cards=and_list(shown, lang)))
        lines.append(t("status.piles", lang, pile=obs["pile"], discard=len(obs["discard"])))
        wf = obs["waterfall"]
        if phase in ("deal", "lay") or (phase == "bury" and obs["resume"] == "turn"):
            lines.append(t("status.waterfall_aside", lang))
        elif not wf["in_pile"]:
            lines.append(t("status.waterfall_out", lang))
        elif wf["lowest"] == 0:
            lines.append(t("status.waterfall_soon", lang, hi=wf["highest"]))
        else:
            lines.append(t("status.waterfall", lang, lo=wf["lowest"], hi=wf["highest"]))
        return " ".join(lines)

    def status_brief(
        self, state: Any, viewer: ViewerLike, lang: str, names: Any = None
    ) -> list[str]:
        """Everyone's gold, and the cards in the screen's own hand."""
        names = self.status_names(names, lang)
        obs = state.observation(viewer)
        return [
            self.said(
                "status.gold",
                lang,
                p,
                names,
                gold=gold,
                cards=self.cards(obs["hand_sizes"][p], lang),
            )
            for p, gold in enumerate(obs["scores"])
        ]

    # -- buttons ---------------------------------------------------------------------------------
    def buttons(self, state: Any, lang: str, you: bool = False) -> list[dict[str, Any]]:
        out = [self._button(state, a, lang) for a in state.legal_actions()]
        out.sort(key=lambda b: _KIND_ORDER[b["kind"]])
        if you:
            # on the seat's own screen the plays of a colour with several ways sit in a list
            # that opens only when the colour is picked: no number key for them, so every key
            # is one whose badge the child sees
            ways = Counter(b["colour"] for b in out if b["kind"] == "play")
            for b in out:
                if b["kind"] == "play" and ways[b["colour"]] > 1:
                    b["keyless"] = True
        return out

    def effects(self, state: Any, kinds: tuple[int, ...], lang: str) -> str:
        """What a set does, in words ("griffin 1 field, 2 gold, 2 more cards")."""
        from .bots import set_value_split

        game = self.game
        (griffin, runner), gold, draws = set_value_split(game, kinds)
        p = state.player
        parts = []
        if griffin:
            parts.append(self.t("effect.griffin", lang, n=griffin))
        if runner:
            parts.append(self.t("effect.runner", lang, n=runner))
        if gold:
            parts.append(self.t("effect.gold", lang, n=gold))
        if draws:
            parts.append(self.t("effect.cards", lang, n=draws))
        if (
            state.griffins[p] + griffin >= game.griffin_path
            or state.runners[p] + runner >= game.runner_path
        ):
            parts.append(self.t("effect.volcano", lang))
        return ", ".join(parts)

    def _button(self, state: Any, action: Action, lang: str) -> dict[str, Any]:
        t = self.t
        g = self.game
        verb, args = action.verb, action.args
        button: dict[str, Any] = {"action": str(action), "kind": verb, "cards": []}
        if verb == "draw":
            button["label"] = t("button.draw", lang)
        elif verb == "pass":
            button["label"] = t("button.pass", lang)
        elif verb in ("take", "plus2") and args[0] == "display":
            slot = int(args[1])
            name = g.kind_names[state.display[slot - 1]]
            # the cards of a draw-two card are taken as any card is (its prompt says why)
            button.update(
                label=t("button.take", lang, card=self.card(name, lang), slot=slot),
                cards=[name],
                slot=slot,
                # its key is its place's number, an empty place before it left out
                key_at=slot,
            )
        elif verb == "plus2":
            button["label"] = t("button.plus2_pile", lang)
        else:  # play
            colour = args[0]
            motifs = ", ".join(t(f"motif.{m}", lang) for m in args[1:])
            # "Play white: ..." in English, "Weiß ausspielen: ..." in German
            said = colour_word(colour, lang)
            named = {"colour": said, "Colour": said.capitalize()}
            label = t("button.play", lang, motifs=motifs, **named)
            kinds = g.plays(state.hands[state.player])[action]
            effects = self.effects(state, kinds, lang)
            button.update(
                label=t("button.play_effects", lang, label=label, effects=effects),
                # what the table's button shows: what the set does (its cards are drawn beside
                # it, or light up in the hand); the label names them too
                short=t("button.play_short", lang, effects=effects, **named) if effects else label,
                # inside its colour's open list of ways (whose button names the colour), what
                # the way does alone: "Griffin 1 field, 1 gold" (the colour said again on each of
                # eight ways pushed the last ones out of a projector's list)
                way=(effects[:1].upper() + effects[1:]) if effects else label,
                cards=[f"{colour} {m}" for m in args[1:]],
                colour=colour,
            )
        return button

    # -- sentences -------------------------------------------------------------------------------
    def narrate(
        self,
        match: Any,
        start: int,
        viewer: ViewerLike,
        lang: str,
        names: Any,
        end: int | None = None,
    ) -> tuple[str, str]:
        """One step in at most two short lines, the player named once: what they played and
        what it did, or what they took and what came in its place; a game's end says who won."""
        stop = len(match.actions) if end is None else end
        now = match.state
        sentences: list[str] = []
        kind = "info"
        setup = False
        shuffled = False
        taken: tuple[int, str] | None = None  # where the sentence of a taken display card is
        for i in range(start, stop):
            before, action, after = match.states[i], match.actions[i], match.states[i + 1]
            if before.phase in ("deal", "lay") or (
                before.phase == "bury" and before.resume == "turn"
            ):
                setup = True
                continue
            if setup:
                sentences.append(self.t("say.dealt", lang))
                setup = False
            if action.verb == "waterfall":
                if not action.args and not shuffled:
                    sentences.append(self.t("say.waterfall", lang))
                    shuffled = True
                continue
            refill = action.verb == "reveal" and before.phase not in ("draw", "deal")
            if refill and taken is not None:
                at, card = taken
                new = self.card(f"{action.args[0]} {action.args[1]}", lang)
                who = match.states[start].player
                sentences[at] = self.said("say.takes_refill", lang, who, names, card=card, new=new)
                taken = None
                continue
            if action.verb == "draw" and i + 1 == stop:  # the card comes in the next step
                sentences.append(self.said("say.choose_pile", lang, before.player, names))
                continue
            if (
                action.verb == "reveal"
                and before.phase == "draw"
                and i > 0
                and self._pile_told(match.actions[i - 1], i == start)
                and before.redact(action, viewer, now) == "reveal ?"
            ):
                # "takes a card from the draw pile" was told: that card, which this screen may
                # not see, is not told again as if it were a second one ("draws a card")
                sentences.append(self.t("say.keeps_hidden", lang, who=names(before.player)))
                continue
            text, k = self._explain(before, action, after, viewer, lang, names, now)
            if action.verb in ("take", "plus2") and action.args[0] != "pile":
                taken = (len(sentences), self._taken_card(before, action, lang))
            if text:
                sentences.append(text)
            if k != "info":
                kind = k
        if setup:
            sentences.append(self.t("say.dealt", lang))
        if stop == len(match.actions) and now.phase == "over":
            # (the last move says it reaches the volcano: that is why the game ended)
            sentences.append(self.winner_line(now, lang, names))
            kind = "over"
        return " ".join(sentences), kind

    @staticmethod
    def _pile_told(action: Action, step_began: bool) -> bool:
        """Whether taking a card from the pile by ``action`` was told already: a '+2' card's draw
        is, in its own sentence; a turn's draw is, at the end of the step before (in the same
        step the card it brings tells it)."""
        if action.verb == "plus2":
            return action.args[0] == "pile"
        return action.verb == "draw" and step_began

    def _taken_card(self, before: Any, action: Action, lang: str) -> str:
        """The display card a take action takes ("red cliff runner")."""
        return self.card(self.game.kind_names[before.display[int(action.args[1]) - 1]], lang)

    def _explain(
        self,
        before: Any,
        action: Action,
        after: Any,
        viewer: ViewerLike,
        lang: str,
        names: Any,
        now: Any,
    ) -> tuple[str, str]:
        """What one action says (one line, or two for a played set) and the message kind."""
        t = self.t
        verb, args = action.verb, action.args
        who = names(before.player)
        mine = viewer.__class__ is int and viewer == before.player
        if verb == "reveal":
            name = f"{args[0]} {args[1]}"
            if before.phase in ("draw", "deal"):
                if before.redact(action, viewer, now) == "reveal ?":
                    return t("say.draws_hidden", lang, who=who), "info"
                if mine:
                    return t("say.draws_you", lang, card=self.card(name, lang)), "info"
                return t("say.draws_seen", lang, who=who, card=self.card(name, lang)), "info"
            return t("say.refill", lang, card=self.card(name, lang)), "info"
        if verb == "draw":
            return "", "info"  # the card that follows says it
        p = before.player
        if verb == "pass":
            return self.said("say.pass", lang, p, names), "info"
        if verb in ("take", "plus2"):
            if args[0] == "pile":
                return self.said("say.choose_pile", lang, p, names), "info"
            key = "say.takes_you" if mine else "say.takes"
            return t(key, lang, who=who, card=self._taken_card(before, action, lang)), "info"
        # play: what was played (and the gold it brought), then what else it did in one line
        played = {"colour": colour_word(args[0], lang), "cards": self.cards(len(args) - 1, lang)}
        if after.amulet >= 0 and before.amulet < 0:
            return self.said("say.volcano", lang, p, names, **played), "success"
        paid = after.gold[p] - before.gold[p]
        extra = after.stand_ins[p] - before.stand_ins[p]
        parts = []
        moved = after.griffins[p] - before.griffins[p]
        if moved:
            parts.append(t("say.griffin", lang, fields=t("fields", lang, n=moved)))
        moved = after.runners[p] - before.runners[p]
        if moved:
            parts.append(t("say.runner", lang, fields=t("fields", lang, n=moved)))
        if extra:
            parts.append(t("say.stand_ins", lang, gold=self.gold(extra, lang)))
        elif not paid and "gold" in args[1:]:
            parts.append(t("say.no_gold_left", lang))
        draws = sum(1 for m in args[1:] if m == "plus2") * self.game.plus2_draws
        if draws and after.draws_left:
            parts.append(t("say.plus2", lang, n=after.draws_left))
        if paid or extra:
            first = self.said(
                "say.play_gold", lang, p, names, gold=self.gold(paid + extra, lang), **played
            )
        else:
            first = self.said("say.play", lang, p, names, **played)
        if not parts:
            return first if paid or extra else first + " " + t("say.nothing", lang), "info"
        joined = and_list(parts, lang)
        return first + " " + joined[:1].upper() + joined[1:] + ".", "info"

    def result(self, state: Any, lang: str, names: Any, said: Any = None) -> dict[str, Any]:
        """The results screen: its headline is why the game ended and who wins (the ranking below
        shows every score's pieces and places, so the final scoring is not told twice)."""
        out = super().result(state, lang, names, said)
        out["headline"] = self.game_over(state, lang, names if said is None else said)
        return out

    def winner_line(self, state: Any, lang: str, names: Any) -> str:
        t = self.t
        scores = state.scores()
        winners = state.winners()
        best = max(scores)
        if len(winners) == 1 and sum(1 for s in scores if s == best) > 1:
            return self.winners_said("say.amulet_tie", lang, winners, names)
        key = "say.wins" if len(winners) == 1 else "say.share"
        return self.winners_said(key, lang, winners, names, gold=t("gold_dat", lang, n=best))

    def game_over(self, state: Any, lang: str, names: Any) -> str:
        """Why the game ended (a figure reached the volcano), then who won, in two short
        sentences: each seat's gold and its parts are in the results."""
        return self.t("say.over", lang) + " " + self.winner_line(state, lang, names)

    def prompt(self, state: Any, lang: str, who: str, is_bot: bool) -> str:
        player = state.current_player()
        if player == TERMINAL:
            return ""
        if player == CHANCE:
            return self.t(f"prompt.chance_{state.chance_kind()}", lang)
        if is_bot:
            return super().prompt(state, lang, who, is_bot)
        if state.phase == "choose":
            return self.t("prompt.choose", lang, who=who, n=state.draws_left)
        legal = state.legal_actions()
        if legal and legal[0].verb == "pass":
            return self.t("prompt.pass", lang, who=who)
        if len(state.hands[state.player]) >= self.game.hand_limit:
            return self.t("prompt.full", lang, who=who, n=self.game.hand_limit)
        return self.t("prompt.turn", lang, who=who)

    # -- the end ---------------------------------------------------------------------------------
    def score_words(self, score: Any, lang: str) -> str:
        return self.gold(int(score), lang)

    def score_parts(self, state: Any, seat: int, lang: str) -> list[dict[str, Any]]:
        """The gold collected in play, the places of the two figures, and the amulet."""
        g = self.game
        return [
            {
                "label": self.t("result.pieces", lang),
                "value": state.gold[seat] + state.stand_ins[seat],
            },
            {"label": self.t("result.griffin", lang), "value": state.place_gold("griffin")[seat]},
            {"label": self.t("result.runner", lang), "value": state.place_gold("runner")[seat]},
            {
                "label": self.t("result.amulet", lang),
                "value": g.amulet_gold if state.amulet == seat else 0,
            },
        ]

    def chance_words(self, state: Any, lang: str) -> str:
        return self.t(f"chance_words.{state.chance_kind()}", lang)

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
        chance = before.current_player() == CHANCE
        return {
            "who": "" if chance else who,
            "action": before.redact(action, viewer, now),
            "note": before.action_text(action, viewer, lang, now),
            "chance": chance,
        }

    # -- without a kernel ------------------------------------------------------------------------
    def static_html(self, view: dict[str, Any]) -> str:
        """The table as plain HTML: both paths, the display, the viewer's hand, the players,
        the latest message and the buttons a person would press."""
        obs = view["observation"]
        words = view["words"]
        cards = view["cards"]

        def chip(name: str) -> str:
            c = cards[name]
            ink = "#000" if c["colour"] in ("white", "yellow") else "#fff"
            return (
                f'<span style="display:inline-block;margin:1px;padding:1px 5px;border-radius:4px;'
                f'border:1px solid #555;background:{c["paint"]};color:{ink}">'
                f"<b>{escape(c['letter'])}</b> {escape(c['symbol'])} {escape(c['motif_word'])}"
                f"</span>"
            )

        rows = []
        for path in view["paths"]:
            cells = []
            for i, seats in enumerate(path["fields"]):
                label = "V" if i == path["length"] else str(i)
                marks = " ".join(f"P{p + 1}" for p in seats)
                cells.append(
                    f'<td style="border:1px solid #999;padding:2px 4px;text-align:center">'
                    f"<small>{label}</small><br>{escape(marks) or '&nbsp;'}</td>"
                )
            title = words[f"{path['path']}_path"]
            rows.append(f"<p><b>{escape(title)}</b></p><table><tr>{''.join(cells)}</tr></table>")
        display = " ".join(chip(n) if n else escape(words["empty_place"]) for n in obs["display"])
        hand = ""
        if view["hand"] is not None:
            hand = (
                f"<p><b>{escape(words['hand'])}</b>: "
                + " &middot; ".join(" ".join(chip(n) for n in grp["cards"]) for grp in view["hand"])
                + "</p>"
            )
        players = "".join(
            f"<li>{'&#9654; ' if p['to_move'] else ''}{escape(p['name'])}: "
            f"{escape(words['gold'][p['seat']])}, {escape(words['hand_size'][p['seat']])}"
            f"{' &#127942;' if p['winner'] else ''}</li>"
            for p in view["players"]
        )
        buttons = self.buttons_html(view)
        return (
            f'<div class="kaskaria-hk-static" style="font-family:sans-serif;font-size:15px">'
            f"<p><b>{escape(view['title'])}</b></p>"
            + "".join(rows)
            + f"<p>{escape(words['amulet_state'])}</p>"
            f"<p><b>{escape(words['display'])}</b>: {display} &middot; {escape(words['pile'])} "
            f"&middot; {escape(words['discard'])} &middot; {escape(words['waterfall'])}</p>"
            + hand
            + f"<ul>{players}</ul>"
            f"<p>{escape(view['message']['text'])}</p>"
            + (f"<p>{buttons}</p>" if buttons else "")
            + "</div>"
        )


def _visible_names(obs: dict[str, Any]) -> list[str]:
    """Every card name the observation shows (only these get drawing data for the board)."""
    names: set[str] = set()
    for hand in obs["hands"]:
        if hand is not None:
            names.update(hand)
    for known in obs["known"]:
        names.update(known)
    names.update(n for n in obs["display"] if n is not None)
    names.update(obs["discard"])
    names.update(obs["played"])
    return sorted(names)
