"""What the Dragon Battle table shows: the board as plain data, button labels, narration.

Pure Python (no Jupyter): :class:`kaskaria.widgets.DragonBattleTable` sends what this builds to
the browser, where ``widgets/dragon_battle.js`` only draws it. Everything comes from the viewer's
observation; every word from the message tables in :mod:`.messages` (English and German).

The meter ("should I roll again?") is the exact solver's advice from what the viewer sees, with the
forgetful memory model in the memory variant: a face-down resident counts as the average of the
residents not in sight (:func:`kaskaria.dragon_battle.odds.turn_view`).
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any

from ..core import CHANCE, TERMINAL, Action, ViewerLike
from ..present import Presenter, Tally, and_list
from .engine import DragonBattle
from .pieces import resident_breaks, resident_word
from .render import PALETTE, die_html
from .rules import COLOURS, FACE_LETTERS

__all__ = ["DragonBattlePresenter"]

_ORDER = {"roll": 0, "place": 1, "silver": 2, "stop": 3}


def _fraction(value: Fraction) -> dict[str, Any]:
    """An exact value for the browser: the fraction as text and a float for drawing."""
    value = Fraction(value)
    return {"exact": str(value), "value": float(value)}


def moved_dice(rolled: tuple[str, ...], action: Action) -> int:
    """How many dice a placement sets aside."""
    colour = action.args[0]
    if colour == "silver":
        return rolled.count("silver")
    if len(action.args) == 3:  # "<colour> with silver"
        return rolled.count(colour) + rolled.count("silver")
    return rolled.count(colour)


class DragonBattlePresenter(Presenter):
    game: DragonBattle
    board_js = "dragon_battle.js"
    board_css = "dragon_battle.css"
    prefix = "kaskaria-db"
    tie_break_key = "result.tie_residents"  # the rulebook's tie-break: fewer rescued residents

    @property
    def tally(self) -> Tally:  # type: ignore[override]
        """What a class counts at Dragon Battle tables: every roll (:mod:`.tally`)."""
        from .tally import ROLLS

        return ROLLS

    # -- small words -----------------------------------------------------------------------------
    def dice(self, n: int, lang: str) -> str:
        return self.t("dice", lang, n=n)

    def stars(self, n: int, lang: str) -> str:
        return self.t("stars", lang, n=n)

    def colour(self, c: str, lang: str) -> str:
        return self.t(f"colour.{c}", lang)

    def unit(self, lang: str) -> str:
        return self.t(f"unit.{self.game.score_unit}", lang)

    # -- the board -------------------------------------------------------------------------------
    def board(self, match: Any, viewer: ViewerLike, lang: str, help: bool) -> dict[str, Any]:
        state = match.state
        game = self.game
        obs = state.observation(viewer)
        return {
            "observation": obs,
            "variant": game.variant,
            "score_unit": game.score_unit,
            "juggler_stars": game.juggler_stars,
            "letters": self.letters(lang),
            "last_roll": _last_roll(match),
            "meter": self._meter(obs, help, lang),
            "words": self._words(obs, lang),
        }

    def _words(self, obs: dict[str, Any], lang: str) -> dict[str, Any]:
        """Every word the board module draws, in ``lang``."""
        t = self.t
        dragons = {}
        for d in obs["dragons"]:
            c = d["colour"]
            dragons[c] = {
                "title": t(f"Dragon.{c}", lang),
                "resident": resident_word(d["resident"], lang) if d["resident"] else None,
                # where the name may break in a narrow card ("Prin-cess", never "Prince")
                "resident_breaks": resident_breaks(d["resident"], lang) if d["resident"] else None,
                "stars": self.stars(d["stars"], lang) if d["stars"] is not None else None,
            }
        rescued = [[resident_word(r["resident"], lang) for r in seat] for seat in obs["rescued"]]
        return {
            "dragons": dragons,
            "rescued": rescued,
            # each rescued resident's stars in words, read in place of its drawn star ("4★")
            "rescued_stars": [
                [self.stars(r["stars"], lang) for r in seat] for seat in obs["rescued"]
            ],
            "colour": {c: self.colour(c, lang) for c in (*COLOURS, "black", "silver")},
            "Colour": {c: t(f"Colour.{c}", lang) for c in (*COLOURS, "black", "silver")},
            "die": {c: t(f"die.{c}", lang) for c in (*COLOURS, "black", "silver")},
            "face_down": t("board.face_down", lang),
            "unknown_stars": t("board.unknown_stars", lang),
            "no_resident": t("board.no_resident", lang),
            "no_dice": t("board.no_dice", lang),
            "why_black": t("board.why_black", lang),
            "why_silver": t("board.why_silver", lang),
            "scared": t("board.scared", lang),
            "well": t("board.well", lang, dice=self.dice(obs["well"], lang)),
            "rolled": t("board.rolled", lang),
            "hand": t("board.hand", lang, dice=self.dice(obs["hand"], lang))
            if obs["phase"] != "over"
            else t("board.hand_over", lang),
            "supply": t("board.supply", lang),
            "pile": t("board.pile", lang, residents=t("residents", lang, n=obs["pile"])),
            "jugglers_left": t(
                "board.jugglers_left",
                lang,
                n=obs["jugglers_left"],
                stars=self.stars(self.game.juggler_stars, lang),
            ),
            "empty": t("board.empty", lang),
            "none": t("board.none", lang),
            "no_residents": t("board.no_residents", lang),
            "jugglers": [t("board.jugglers", lang, n=j) for j in obs["jugglers"]],
            "scores": [
                t("board.score_stars", lang, stars=s)
                if self.game.score_unit == "stars"
                else t("board.score_residents", lang, n=n, stars=s)
                for s, n in zip(obs["stars"], obs["scores"], strict=True)
            ],
            # the same read aloud, in words for the drawn star ("10 stars")
            "scores_said": [
                self.stars(s, lang)
                if self.game.score_unit == "stars"
                else t("residents", lang, n=n) + ", " + self.stars(s, lang)
                for s, n in zip(obs["stars"], obs["scores"], strict=True)
            ],
            # the label before the silver buttons ("Silver (2 dice) on:"), when silver was rolled
            "silver_group": t(
                "button.silver_group", lang, dice=self.dice(obs["rolled"].count("silver"), lang)
            )
            if "silver" in obs["rolled"]
            else "",
            "meter": {
                "title": t("meter.title", lang),
                "off": t("meter.off", lang),
                "wait": t("meter.wait", lang),
                "roll": t("meter.roll", lang),
                "stop": t("meter.stop", lang),
                "better": t("meter.better", lang),
                "show": t("meter.show", lang),
                "hide": t("meter.hide", lang),
                "exact": t("meter.exact", lang),
                "fail": t("meter.fail", lang, dice=self.dice(obs["hand"], lang)),
                "guess": t("meter.guess", lang) if self.game.memory else "",
            },
        }

    def letters(self, lang: str) -> dict[str, str]:
        """One letter per face in the screen's language (German: G Gelb, R Rot, B Blau, L Lila,
        S Schwarz, Si Silber), beside the colour so the dice read in black and white."""
        return {f: self.t(f"letter.{f}", lang) for f in FACE_LETTERS}

    def _meter(self, obs: dict[str, Any], help: bool, lang: str) -> dict[str, Any] | None:
        """The "should I roll again?" numbers from the exact solver, at a stop-or-roll decision."""
        if not help or obs["phase"] != "decide":
            return None
        from .odds import advise_observation

        advice = advise_observation(self.game, obs)
        choices = {str(c.action): c for c in advice.choices}
        roll, stop = choices["roll"], choices["stop"]
        stop_value = advice.stop_value if advice.stop_value is not None else stop.expected_stars
        fail = advice.next_roll_fail or Fraction(0)
        if fail == 0:
            plain = self.t("meter.plain_always", lang)
        elif fail == 1:
            plain = self.t("meter.plain_never", lang)
        else:  # "it works 26 times in 27": the chance as a child counts it ("1 time in 3")
            ok = fail.denominator - fail.numerator
            key = "meter.plain_once" if ok == 1 else "meter.plain"
            plain = self.t(key, lang, ok=ok, n=fail.denominator)
        return {
            "plain": plain,
            "advice": self.t(
                "meter.advice_" + ("stop" if str(advice.best) == "stop" else "roll"), lang
            ),
            "dice": obs["hand"],
            "next_roll_fail": _fraction(fail),
            "roll_stars": _fraction(roll.expected_stars),
            "roll_fail": _fraction(roll.fail_chance),
            "stop_stars": _fraction(stop_value),
            "best": str(advice.best),
        }

    def status(self, state: Any, viewer: ViewerLike, lang: str = "en", names: Any = None) -> str:
        """The status a learner's screen reader reads under the table, in short sentences: whose
        turn, each dragon's resident and dice, the dice, the pile and everyone's stars. ``names``
        names the seats (the screen's own seat "you"; by default "Player 1", ...)."""
        t = self.t
        names = self.status_names(names, lang)
        obs = state.observation(viewer)
        phase = obs["phase"]
        if phase == "over":
            lines = [t("status.over", lang) + " " + self.winner_line(state, lang, names)]
        else:
            lines = [self.said(f"status.{phase}", lang, obs["player"], names)]
        for d in obs["dragons"]:
            if d["resident"] is not None:
                stars = t("stars", lang, n=d["stars"])
                name = resident_word(d["resident"], lang)
                who = t("status.resident", lang, name=name, stars=stars)
            elif d["face_down"]:
                who = t("board.face_down_short", lang)
            else:
                who = t("board.empty_short", lang)
            lines.append(t("status.dragon", lang, dragon=t(f"Dragon.{d['colour']}", lang), who=who))
            # the dice on it in words ("2 silver, blue")
            counts = {f: d["dice"].count(f) for f in d["dice"]}
            if counts:
                dice = ", ".join(
                    f"{n} {self.colour(f, lang)}" if n > 1 else self.colour(f, lang)
                    for f, n in counts.items()
                )
                lines.append(t("status.dragon_dice", lang, dice=dice))
        lines.append(t("status.dice", lang, well=obs["well"], hand=obs["hand"]))
        if obs["rolled"]:
            faces = ", ".join(self.colour(f, lang) for f in obs["rolled"])
            lines.append(t("status.rolled", lang, faces=faces))
        lines.append(t("status.supply", lang, pile=obs["pile"], jugglers=obs["jugglers_left"]))
        for seat, s in enumerate(obs["stars"]):
            lines.append(self.said("status.stars", lang, seat, names, stars=t("stars", lang, n=s)))
        return " ".join(lines)

    def status_brief(
        self, state: Any, viewer: ViewerLike, lang: str, names: Any = None
    ) -> list[str]:
        """The dice just rolled (while they are placed) and everyone's stars."""
        t = self.t
        names = self.status_names(names, lang)
        obs = state.observation(viewer)
        lines = []
        if obs["rolled"]:
            counts = {f: obs["rolled"].count(f) for f in obs["rolled"]}
            faces = ", ".join(
                f"{n} {self.colour(f, lang)}" if n > 1 else self.colour(f, lang)
                for f, n in counts.items()
            )
            lines.append(t("status.rolled", lang, faces=faces))
        for seat, n in enumerate(obs["stars"]):
            lines.append(self.said("status.stars", lang, seat, names, stars=t("stars", lang, n=n)))
        return lines

    def player_extra(self, board: dict[str, Any], seat: int, lang: str) -> dict[str, Any]:
        obs = board["observation"]
        return {
            "rescued": obs["rescued"][seat],
            "jugglers": obs["jugglers"][seat],
            "stars": obs["stars"][seat],
            "score": obs["scores"][seat],
        }

    # -- buttons ---------------------------------------------------------------------------------
    def buttons(self, state: Any, lang: str, you: bool = False) -> list[dict[str, Any]]:
        out = [self._button(state, a, lang) for a in state.legal_actions()]
        out.sort(
            key=lambda b: (_ORDER[b["kind"]], COLOURS.index(b["target"]) if b["target"] else 0)
        )
        return out

    def _button(self, state: Any, action: Action, lang: str) -> dict[str, Any]:
        t = self.t
        text = str(action)
        if action.verb == "roll":
            key = "button.roll_again" if state.phase == "decide" else "button.roll"
            label = t(key, lang, dice=self.dice(state.hand, lang))
            return {
                "action": text,
                "kind": "roll",
                "label": label,
                "face": None,
                "target": None,
                "dice": state.hand,
            }
        if action.verb == "stop":
            scared = [i for i in range(4) if state.on_dragon[i]]
            shown = all(state.face_up[i] for i in scared)
            total = sum(self.game.stars[state.under[i]] for i in scared) if shown else 0
            if self.game.variant == "basic" and shown:
                label = t("button.stop_stars", lang, stars=self.stars(total, lang))
            else:
                label = t("button.stop_rescue", lang, n=len(scared))
                if shown:
                    label = t(
                        "button.stop_rescue_stars", lang, label=label, stars=self.stars(total, lang)
                    )
            return {
                "action": text,
                "kind": "stop",
                "label": label,
                "face": None,
                "target": None,
                "dice": 0,
            }
        colour = action.args[0]
        n = moved_dice(state.rolled, action)
        if colour == "silver":
            target = action.args[2]
            label = t(
                "button.silver_on", lang, colour=self.colour(target, lang), dice=self.dice(n, lang)
            )
            return {
                "action": text,
                "kind": "silver",
                "label": label,
                # the button's words under "Silver (2 dice) on:" ("Silver on yellow")
                "short": t("button.silver_short", lang, colour=self.colour(target, lang)),
                "face": "silver",
                "target": target,
                "dice": n,
            }
        if len(action.args) == 3:
            label = t(
                "button.with_silver",
                lang,
                Colour=t(f"Colour.{colour}", lang),
                dice=self.dice(n, lang),
            )
        else:
            label = t(
                "button.place",
                lang,
                colour=self.colour(colour, lang),
                Colour=t(f"Colour.{colour}", lang),
                dice=self.dice(n, lang),
            )
        return {
            "action": text,
            "kind": "place",
            "label": label,
            "face": colour,
            "target": colour,
            "dice": n,
        }

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
        """One step in at most two short lines, the actor named once: what the player did (and
        whom it rescued), then what follows (the dice in the well, a failed scare, the new
        residents, or the winner when the game ends)."""
        stop = len(match.actions) if end is None else end
        sentences: list[str] = []
        kind = "info"
        drawn: list[str] = []
        now = match.state
        for i in range(start, stop):
            before, action, after = match.states[i], match.actions[i], match.states[i + 1]
            if action.verb == "draw":
                drawn.append(self._draw_words(before, action, viewer, lang, now))
                continue
            if drawn:
                sentences.append(self._refill_sentence(drawn, lang))
                drawn = []
            if action.verb == "roll" and not action.args and i + 1 < stop:
                continue  # the dice result that follows says it all
            lines, k = self._explain(before, action, after, lang, names)
            sentences.extend(lines)
            if k != "info":
                kind = k
        over = stop == len(match.actions) and now.phase == "over"
        if drawn and not over:
            sentences.append(self._refill_sentence(drawn, lang))
        if over:
            sentences.append(self.winner_line(now, lang, names))
            kind = "over"
        return " ".join(s for s in sentences if s), kind

    def _draw_words(
        self, before: Any, action: Action, viewer: ViewerLike, lang: str, now: Any
    ) -> str:
        slot = before.under.index(None)
        colour = self.colour(COLOURS[slot], lang).lower()
        if before.redact(action, viewer, now) == "draw ?":
            return self.t("say.drawn_hidden", lang, colour=colour)
        return self.t("say.drawn", lang, name=resident_word(action.args[0], lang), colour=colour)

    def _refill_sentence(self, drawn: list[str], lang: str) -> str:
        key = "say.refill_memory" if self.game.variant == "memory" else "say.refill"
        return self.t(key, lang, names=and_list(drawn, lang))

    def _explain(
        self, before: Any, action: Action, after: Any, lang: str, names: Any
    ) -> tuple[list[str], str]:
        """The lines of one action (one or two) and the message kind."""
        p = before.player
        if action.verb == "roll" and not action.args:
            key = "say.decides_roll_again" if before.phase == "decide" else "say.decides_roll"
            return [self.said(key, lang, p, names, dice=self.dice(before.hand, lang))], "info"
        if action.verb == "roll":
            faces = ", ".join(self.colour(f, lang) for f in action.args)
            rolled = self.said(
                "say.rolls", lang, p, names, dice=self.dice(before.hand, lang), faces=faces
            )
            if after.turns > before.turns:
                return [rolled, self._failure_words(before, action, after, lang)], "fail"
            black = action.args.count("black")
            if black:
                return [rolled, self.t("say.black", lang, n=black)], "info"
            return [rolled], "info"
        if action.verb == "place":
            on, dice = self._placed(before, action, lang)
            if after.turns > before.turns:
                rescued = self._rescued(before, after, lang)[0]
                said = self.said(
                    "say.puts_rescues", lang, p, names, dice=dice, on=on, names=rescued
                )
                return [said], "success"
            return [self.said("say.puts", lang, p, names, dice=dice, on=on)], "info"
        if action.verb == "stop":
            rescued, stars = self._rescued(before, after, lang)
            return [self.said("say.stops", lang, p, names, names=rescued, stars=stars)], "success"
        return [f"{names(p)}: {action}."], "info"

    def _placed(self, before: Any, action: Action, lang: str) -> tuple[str, str]:
        """Where a place action puts its dice ("on the red dragon") and how many ("2 dice"; silver
        ones by their colour, "1 silver": a child read "You put 1 die on the yellow dragon."
        where no yellow die was rolled)."""
        colour = action.args[0]
        target = action.args[2] if colour == "silver" else colour
        n = moved_dice(before.rolled, action)
        dice = self.t("silver_dice", lang, n=n) if colour == "silver" else self.dice(n, lang)
        return self.t(f"on_the_dragon.{target}", lang), dice

    def _rescued(self, before: Any, after: Any, lang: str) -> tuple[str, str]:
        """Whom the player of ``before`` rescued in this turn ("the king"; several by their
        number, "2 residents", to keep the line short) and their stars together ("7 stars")."""
        p = before.player
        won = after.rescued[p][len(before.rescued[p]) :]
        if len(won) == 1:
            listed = self._the_resident(won[0], lang)
        else:
            listed = self.t("residents", lang, n=len(won))
        return listed, self.stars(sum(self.game.stars[n] for n in won), lang)

    def _the_resident(self, name: str, lang: str) -> str:
        """The resident with its article: "the king", "den König" (a resident of a teacher's own
        table keeps its bare name)."""
        try:
            return self.t(f"the_resident.{name}", lang)
        except KeyError:
            return resident_word(name, lang)

    def _failure_words(self, before: Any, action: Action, after: Any, lang: str) -> str:
        """Why the scare failed, and the juggler that makes up for it (one line)."""
        t = self.t
        all_black = all(f == "black" for f in action.args)
        why = t("say.all_black" if all_black else "say.taken", lang)
        p = before.player
        if after.jugglers[p] > before.jugglers[p]:
            stars = self.stars(self.game.juggler_stars, lang)
            consolation = t("say.juggler", lang, stars=stars)
        else:
            consolation = t("say.no_juggler", lang)
        return t("say.fails", lang, why=why, consolation=consolation)

    def tie_params(self, state: Any, lang: str) -> dict[str, Any]:
        """The tied score ("16 stars"): the sentence on a broken tie is also the winner's."""
        return {"stars": self.stars(max(state.scores()), lang)}

    def winner_line(self, state: Any, lang: str, names: Any) -> str:
        """Who won and with what; after a tie broken by the rulebook, in the same sentence as
        how ("Player 2 wins: 16 stars like Player 1, and fewer residents rescued breaks the tie.")."""
        winners = state.winners()
        tie = self.tie_break(state, lang, names) if len(winners) == 1 else ""
        if tie:
            return tie
        key = "say.wins" if len(winners) == 1 else "say.share"
        return self.winners_said(
            key,
            lang,
            winners,
            names,
            score=state.scores()[winners[0]],
            unit=self.unit(lang),
            unit_dat=self.t(f"unit_dat.{self.game.score_unit}", lang),
        )

    def game_over(self, state: Any, lang: str, names: Any) -> str:
        return self.t("say.over", lang) + " " + self.winner_line(state, lang, names)

    def prompt(self, state: Any, lang: str, who: str, is_bot: bool) -> str:
        player = state.current_player()
        t = self.t
        if player == TERMINAL:
            return ""
        if player == CHANCE:
            if state.phase == "rolling":
                return t("prompt.chance_roll", lang, n=state.hand, dice=self.dice(state.hand, lang))
            return t("prompt.chance_refill", lang)
        if is_bot:
            return super().prompt(state, lang, who, is_bot)
        if state.phase == "start":
            return t("prompt.start", lang, who=who, dice=self.dice(state.hand, lang))
        if state.phase == "place":
            legal = state.legal_actions()
            if len(legal) == 1:  # nothing to choose: say what the one move is
                on, dice = self._placed(state, legal[0], lang)
                return t("prompt.place_only", lang, who=who, dice=dice, on=on)
            return t("prompt.place", lang, who=who)
        return t("prompt.decide", lang, who=who, dice=self.dice(state.hand, lang))

    def chance_words(self, state: Any, lang: str) -> str:
        """The chance event due now, as the end of a sentence ("the 4 dice must be rolled", "the
        die must be rolled")."""
        if state.phase == "rolling":
            return self.t("chance_words.roll", lang, n=state.hand, dice=self.dice(state.hand, lang))
        return self.t("chance_words.refill", lang)

    def chance_happens(self, state: Any, lang: str) -> str:
        """What chance does now, plainly ("The dice roll.", "The die rolls.")."""
        return self.t(f"happens.{state.chance_kind()}", lang, n=state.hand)

    # -- the end ---------------------------------------------------------------------------------
    def score_words(self, score: Any, lang: str) -> str:
        if self.game.score_unit == "stars":
            return self.stars(int(score), lang)
        return self.t("residents", lang, n=int(score))

    def score_parts(self, state: Any, seat: int, lang: str) -> list[dict[str, Any]]:
        """Stars from the rescued residents and from jugglers, and how many residents (the
        tie-break)."""
        g = self.game
        residents = sum(g.stars[n] for n in state.rescued[seat])
        return [
            {"label": self.t("result.residents", lang), "value": residents},
            {
                "label": self.t("result.jugglers", lang),
                "value": g.juggler_stars * state.jugglers[seat],
            },
            {"label": self.t("result.residents_count", lang), "value": len(state.rescued[seat])},
        ]

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
        t = self.t
        line = before.redact(action, viewer, now)
        if action.verb == "draw":
            slot = before.under.index(None)
            dragon = t(f"the_dragon_dat.{COLOURS[slot]}", lang)
            if line == "draw ?":
                note = t("log.hidden_note", lang, dragon=dragon)
            else:
                name = action.args[0]
                note = t(
                    "log.drawn",
                    lang,
                    name=resident_word(name, lang),
                    stars=self.stars(self.game.stars[name], lang),
                    dragon=dragon,
                )
            return {"who": t("log.pile", lang), "action": line, "note": note, "chance": True}
        note = before.action_text(action, viewer, lang, now)
        if action.verb == "roll" and action.args:
            if after.turns > before.turns:
                note += t("log.fails_note", lang)
            return {"who": t("log.dice", lang), "action": line, "note": note, "chance": True}
        if after.turns > before.turns and action.verb in ("place", "stop"):
            p = before.player
            won = after.rescued[p][len(before.rescued[p]) :]
            rescued = and_list([self._the_resident(n, lang) for n in won], lang)
            # "you stop and rescue the knight" on the seat's own screen
            key = "log.rescues_you" if viewer.__class__ is int and viewer == p else "log.rescues"
            note += " " + t(key, lang, names=rescued)
        return {"who": who, "action": line, "note": note, "chance": False}

    # -- without a kernel ------------------------------------------------------------------------
    def _die(self, face: str, letters: dict[str, str], view: dict[str, Any]) -> str:
        """A die of the static table with the letter and colour word of the screen's language."""
        lang = view.get("lang", "en")
        return die_html(face, letters[face], self.t(f"colour.{face}", lang))

    def static_html(self, view: dict[str, Any]) -> str:
        """The table as plain HTML: dragons with residents and dice, the roll, the players, what
        happened last and the buttons a person would press (no controls: nothing runs)."""
        obs = view["observation"]
        words = view["words"]
        letters = view["letters"]
        cells = []
        for d in obs["dragons"]:
            w = words["dragons"][d["colour"]]
            if w["resident"] is not None:
                who = f"{escape(w['resident'])} {'&#9733;' * d['stars']}"
            elif d["face_down"]:
                who = escape(words["face_down"])
            else:
                who = escape(words["no_resident"])
            dice = "".join(self._die(f, letters, view) for f in d["dice"]) or "&nbsp;"
            cells.append(
                f'<td style="border:3px solid {PALETTE[d["colour"]]};padding:0.4em;'
                f'text-align:center;min-width:7em"><b>{letters[d["colour"]]} {escape(w["title"])}</b>'
                f"<br>{who}<br>{dice}</td>"
            )
        rolled = "".join(self._die(f, letters, view) for f in obs["rolled"]) or "&mdash;"
        players = "".join(
            f"<li>{'&#9654; ' if p['to_move'] else ''}{escape(p['name'])}: "
            f"{escape(words['scores'][p['seat']])}{' &#127942;' if p['winner'] else ''}</li>"
            for p in view["players"]
        )
        buttons = self.buttons_html(view)
        return (
            f'<div class="kaskaria-db-static" style="font-family:sans-serif;font-size:15px">'
            f"<p><b>{escape(view['title'])}</b></p>"
            f"<table><tr>{''.join(cells)}</tr></table>"
            f"<p>{escape(words['well'])}: {'&#9679;' * obs['well'] or '&mdash;'} &middot; "
            f"{escape(words['rolled'])}: {rolled} &middot; {escape(words['hand'])} &middot; "
            f"{escape(words['pile'])}</p>"
            f"<ul>{players}</ul>"
            f"<p>{escape(view['message']['text'])}</p>"
            + (f"<p>{buttons}</p>" if buttons else "")
            + "</div>"
        )


def _last_roll(match: Any) -> list[str]:
    """The faces of the latest roll of the scare in progress (for the tray's caption)."""
    state = match.state
    if state.phase not in ("place", "decide"):
        return []
    for i in range(len(match.actions) - 1, -1, -1):
        if match.states[i].turns != state.turns:
            break
        a = match.actions[i]
        if a.verb == "roll" and a.args:
            return list(a.args)
    return []
