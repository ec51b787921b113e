"""The positions, tables, pictures and counts of the Dragon's Gold lessons.

Each function returns something a notebook shows by itself (HTML with a readable text face, or a
chart with the numbers behind it as its text), in English or German, so a lesson cell stays one
line. Positions are action lines with every dragon card and every token written out; fair division
and expected values are the exact ones of :mod:`kaskaria.dragons_gold.fairness`; tournaments are
the generic, seeded :func:`kaskaria.tournament.play_tournament` between the game's own bots.

The positions are plain data and the module imports no Jupyter part at import time, so the
lessons' exact answers (:mod:`kaskaria.lessons.content_dragons_gold`) and the printable worksheets
use the very same positions without Jupyter.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import lru_cache
from html import escape
from typing import Any

from ..dragons_gold.fairness import (
    additive,
    divide_and_choose,
    draw_distribution,
    expected_dragon_value,
    expected_hidden_value,
    is_envy_free,
    is_proportional,
    pile_value,
    piles,
    three_player_counterexample,
    two_player_check,
)
from ..dragons_gold.rules import ADVENTURERS, COLOURS, GEMS, RULES
from ..i18n import register_loader
from ..i18n import text as _t
from .show import (
    Chart,
    Shown,
    legal_shown,
    percent,
    plain_number,
    refused_shown,
    source_table_html,
    story_shown,
    style,
)

__all__ = [
    "AFTER",
    "ALONE",
    "ALONE_KILL",
    "ATTACK",
    "ATTACK_FOUR",
    "BAG",
    "BEFORE_ALONE",
    "BOTS",
    "EXAMPLE",
    "HIDDEN",
    "KILL",
    "LATER",
    "MARKET",
    "NEGOTIATE",
    "NO_DEAL",
    "POINTS",
    "PROPOSAL",
    "REPLACE",
    "SETUP",
    "SHARED_MAJORITY",
    "SHARE",
    "THEFT",
    "THIEF_WIZARD",
    "WIZARD_ITEMS",
    "attack_four",
    "box_contents",
    "dragon_deck",
    "dragon_worth",
    "hidden_average",
    "hidden_chart",
    "hidden_exact",
    "items",
    "legal",
    "market_table",
    "one_screen_table",
    "proportional",
    "refused",
    "rule_options",
    "run_tournament",
    "score_example",
    "scores",
    "splits_two",
    "state_after",
    "story",
    "table_at",
    "three_players",
    "token_worth",
    "tournament",
    "tournament_facts",
    "tournament_sure",
    "tournament_why",
    "two_player_cases",
    "uneven",
]

DOMAIN = "lessons-dragons-gold"
GAME = "dragons-gold"
#: The lessons' tables have three players (the fewest the game allows).
PLAYERS = 3


def _load() -> None:
    from . import messages_dragons_gold  # noqa: F401


register_loader(DOMAIN, _load)


def _t_(key: str, lang: str, **params: Any) -> str:
    return _t(DOMAIN, key, lang, **params)


def _g(key: str, lang: str, **params: Any) -> str:
    """A word of the game itself (its message table: colours, adventurers, items)."""
    return _t(GAME, key, lang, **params)


def _dec(x: Any, lang: str, digits: int = 2) -> str:
    shown = f"{float(x):.{digits}f}"
    return shown.replace(".", ",") if lang == "de" else shown


def _num(x: Fraction, lang: str) -> str:
    """A number for pupils: whole numbers as they are, others as a decimal (``3.2``)."""
    x = Fraction(x)
    if x.denominator == 1:
        return str(x.numerator)
    return _dec(x, lang, 2).rstrip("0").rstrip(".,")


def _p(html: str, size: int = 17) -> str:
    return f"<p style='font-size:{size}px'>{html}</p>"


def _lines_html(lines: list[str], size: int = 17) -> str:
    return _p("<br>".join(escape(line) for line in lines), size)


# ---------------------------------------------------------------------------------------------
# positions: action lines, every card and token written out
# ---------------------------------------------------------------------------------------------
#: Our demonstration set-up for three players: card 1 (strength 6) at place 1 with a gold coin, a
#: silver coin and a red token; card 8 (strength 8) at place 2; card 17 (strength 10) at place 3;
#: card 6 (strength 7) at place 4. Player 1 begins.
SETUP = (
    "card 01", "token gold", "token silver", "token red",
    "card 08", "token silver", "token silver", "token blue", "token blue", "token green",
    "card 17", "token gold", "token gold", "token silver", "token silver", "token white",
    "token red", "token purple",
    "card 06", "token silver", "token yellow",
)  # fmt: skip
#: The rulebook's example, 1 + 2 + 3 >= 6: Player 1's wizard (1) and Player 2's thief (2) attack
#: dragon 1 (strength 6); Player 3 is to move.
ATTACK = ("send wizard to dragon 1", "send thief to dragon 1")
#: Player 3's small knight (3) makes it 6: dragon 1 falls.
KILL = ("send small-knight to dragon 1",)
#: Its hidden treasure, drawn from the bag in the open.
HIDDEN = ("token red", "token blue")
#: Player 1's wizard fought alone among wizards: Player 1 takes both red tokens and draws one
#: magic item for each (only Player 1 sees which).
WIZARD_ITEMS = ("item swap-dragons", "item recall")
#: Player 3 proposes one token each; Players 1 and 2 accept; Player 1 (who holds items) passes.
SHARE = (
    "give gold to 1", "give silver to 2", "give blue to 3", "propose", "accept", "accept", "pass",
)  # fmt: skip
#: Player 2's thief robs Player 3 and takes the sapphire; card 3 replaces the dead dragon.
THEFT = ("steal from 3", "stolen blue", "card 03", "token silver")
#: Players 1 and 2 kill dragon 1 with their knights (4 + 3 >= 6); the hidden treasure is a gold
#: and a silver coin. Player 2 proposes.
NEGOTIATE = (
    "send big-knight to dragon 1", "send small-knight to dragon 1", "token gold", "token silver",
)  # fmt: skip
#: The rulebook's example up to the split: the kill and its hidden treasure.
EXAMPLE = (*SETUP, *ATTACK, *KILL, *HIDDEN)
#: Player 2's proposal: Player 1 gets a gold and a silver coin (4 points), Player 2 a gold coin,
#: the red token and a silver coin (5 points).
PROPOSAL = (
    "give gold to 1", "give silver to 1", "give gold to 2", "give red to 2", "give silver to 2",
    "propose",
)  # fmt: skip
#: A new dragon at place 1 after the knights' kill: card 3 with a silver coin.
REPLACE = ("card 03", "token silver")
#: Player 1 accepts; the knights go home face down and card 3 comes out with a silver coin.
AFTER = ("accept", *REPLACE)
#: Player 2 wants everything; Player 1 says "no deal".
NO_DEAL = (
    "give gold to 2", "give gold to 2", "give red to 2", "give silver to 2", "give silver to 2",
    "propose", "no deal",
)  # fmt: skip
#: Player 1 sends the big knight to dragon 4 (strength 7); the others send theirs elsewhere.
BEFORE_ALONE = (
    "send big-knight to dragon 4", "send big-knight to dragon 2", "send big-knight to dragon 3",
)  # fmt: skip
#: Player 1's small knight makes it 4 + 3 = 7: Player 1 kills dragon 4 alone and takes the whole
#: treasure; card 2 comes out in its place.
ALONE_KILL = (
    "send small-knight to dragon 4",
    "token gold", "token silver", "token silver", "token green", "token red", "token purple",
    "card 02", "token silver", "token silver", "token gold", "token yellow", "token white",
)  # fmt: skip
#: Player 1 kills dragon 4 (strength 7) alone with both knights; the others fight elsewhere.
ALONE = (*BEFORE_ALONE, *ALONE_KILL)
#: After the lone kill, Players 2 and 3 send their small knights to dragons 2 and 3 (no kill):
#: Player 1 is to move, with both knights face down.
LATER = ("send small-knight to dragon 2", "send small-knight to dragon 3")
#: A thief helped by its own wizard: Player 1's wizard and thief and Player 2's small knight kill
#: dragon 1; Player 1 takes the red token and draws a magic item; Player 2 proposes an even split;
#: then Player 1's thief looks behind Player 2's screen and picks the gold coin.
THIEF_WIZARD = (
    "send wizard to dragon 1", "send big-knight to dragon 2", "send big-knight to dragon 3",
    "send thief to dragon 1", "send small-knight to dragon 1", "token silver", "token gold",
    "item ward",
    "give gold to 1", "give silver to 1", "give gold to 2", "give silver to 2", "propose",
    "accept", "pass", "steal from 2",
)  # fmt: skip
#: the bots of the lessons' games: the fair bot, the greedy bot and the planner
BOTS = ("fair", "greedy", "planner")


def state_after(lines: Iterable[str], players: int = PLAYERS, **options: Any) -> Any:
    """The engine's state after the given action lines, from the very start."""
    import kaskaria

    state = kaskaria.load(GAME, players=players, **options).new_state()
    for line in lines:
        state = state.apply(line)
    return state


def table_at(
    *lines: str, viewer: Any = None, lang: str = "en", players: int = PLAYERS, **options: Any
) -> Any:
    """A table for people only, after exactly the given action lines (nothing is resolved by
    itself). It shows one seat's screen: ``viewer`` (by default the player to move, or what lies
    open on the table while chance is due or the game is over). A ``viewer`` given is the only
    view the screen may ask for: the table as everyone sees it, drawn before a vote on a seat's
    moves, cannot be switched to that seat's buttons."""
    from ..widgets import DragonsGoldTable

    if viewer is None:
        mover = state_after(lines, players, **options).current_player()
        viewer = int(mover) if mover >= 0 else "table"
    else:
        options.setdefault("viewers", (viewer,))
    return DragonsGoldTable(
        players=players,
        seats=("human",) * players,
        seed=1,
        help=False,
        actions=list(lines),
        lang=lang,
        viewer=viewer,
        autoplay=None,
        hourglass=False,
        **options,
    )


def one_screen_table(*lines: str, lang: str = "en", players: int = PLAYERS) -> Any:
    """A table for people only at one screen: before each person's decision it shows the "pass
    the device" screen, then that person's own screen. Chance after a decision comes from the
    seed (1)."""
    from ..widgets import DragonsGoldTable

    return DragonsGoldTable(
        players=players,
        seats=("human",) * players,
        seed=1,
        help=False,
        actions=list(lines),
        lang=lang,
        autoplay=None,
        hourglass=False,
    )


def legal(table: Any, lang: str = "en") -> Shown:
    """What the player at a table may do now: the button labels and their action lines."""
    return legal_shown(table, _t_("legal.head", lang, n=len(table.view["moves"]["actions"])))


def refused(lines: Iterable[str], action: str, lang: str = "en", **options: Any) -> Shown:
    """What the engine says to ``action`` after ``lines``: refused, with the rule it breaks."""
    allowed = _t_("refused.allowed", lang, action=action)
    return refused_shown(state_after(lines, **options), action, lang, allowed)


def story(
    lines: Iterable[str], then: Iterable[str], lang: str = "en", viewer: Any = "table"
) -> Shown:
    """What the lines ``then`` do after the position of ``lines``, in the table's own sentences
    as ``viewer`` reads them (by default what lies open on the table: a magic item drawn or a
    token stolen stays hidden). No table is changed."""
    return story_shown(table_at(*lines, viewer=viewer, lang=lang), then, lang)


#: The market of the lesson, set up from what matters (``kaskaria.setup``): Player 2's kill
#: revealed the seventh new dragon, so the market is open and Player 2 makes the first offer.
#: Player 2 holds seven silver coins and Player 3 five gold coins: enough for the lesson's "two
#: silver coins for a gold coin from Player 3". Every token went behind a screen in the open, so
#: everyone is sure of every screen.
MARKET: dict[str, Any] = {
    "dragons": [
        {"card": 10, "treasure": "silver, gold, red", "attackers": [(2, "big-knight")]},
        {"card": 5, "treasure": "silver, blue"},
        {"card": 17, "treasure": "2 silver, gold, white", "attackers": [(0, "thief")]},
        {"card": 2, "treasure": "yellow"},
    ],
    "screens": [
        "6 silver, 4 gold, 3 red, 4 blue, green, yellow",
        "7 silver, 3 gold, 2 red, 2 green, 4 purple, white",
        "5 silver, 5 gold, 2 red, blue, 4 yellow, 2 white",
    ],
    "down": {1: ["big-knight", "small-knight"]},
    "market_open": True,
    "to_move": 1,
}


def _market_match(seed: int = 1) -> Any:
    """A match at :data:`MARKET` (chance after it comes from ``seed``)."""
    import kaskaria

    return kaskaria.setup(GAME, players=PLAYERS, seed=seed, **MARKET)


def market_table(lang: str = "en", seed: int = 1) -> Any:
    """The market of :data:`MARKET` as the screen of the player who makes the first offer."""
    from ..widgets import DragonsGoldTable

    match = _market_match(seed)
    return DragonsGoldTable.from_match(
        match,
        seats=("human",) * PLAYERS,
        help=False,
        autoplay=None,
        hourglass=False,
        lang=lang,
        viewer=int(match.state.current_player()),
    )


# ---------------------------------------------------------------------------------------------
# the new numbers of the exercises and exit tickets, set up from what matters
# ---------------------------------------------------------------------------------------------
def falling_with(state: Any, place: int = 0) -> tuple[str, ...]:
    """The adventurers of the player to move that would make the dragon at ``place`` (0-3) fall
    if sent now (in the order of the rules table: strongest first)."""
    out = []
    for name in ADVENTURERS:
        line = f"send {name} to dragon {place + 1}"
        if line not in {str(a) for a in state.legal_actions()}:
            continue
        if state.apply(line).phase != "turn":  # the dragon fell: its treasure is due
            out.append(name)
    return tuple(out)


#: The rules lesson's exercise 1: a dragon of strength 6 (card 1), fought by Player 1's small
#: knight (3) and Player 2's wizard (1), an attack of 4; Player 3 is to move.
ATTACK_FOUR: dict[str, Any] = {
    "dragons": [{"card": 0, "attackers": [(0, "small-knight"), (1, "wizard")]}],
    "to_move": 2,
}


def attack_four() -> Any:
    """The position of :data:`ATTACK_FOUR` (a state)."""
    import kaskaria

    return kaskaria.setup(GAME, players=PLAYERS, seed=1, **ATTACK_FOUR).state


#: The rules lesson's exit ticket: a dragon of strength 9 (card 12), fought by Player 1's small
#: knight (3) and Player 2's thief (2); Player 3 is to move.
STRENGTH_NINE: dict[str, Any] = {
    "dragons": [{"card": 11, "attackers": [(0, "small-knight"), (1, "thief")]}],
    "to_move": 2,
}


def strength_nine() -> Any:
    """The position of :data:`STRENGTH_NINE` (a state)."""
    import kaskaria

    return kaskaria.setup(GAME, players=PLAYERS, seed=1, **STRENGTH_NINE).state


#: The rules lesson's exit ticket on scoring: four players at the end; Player 2 holds 3 silver
#: coins, the black diamond and 2 amethysts; Player 4 holds 2 amethysts too; nobody holds more.
FOUR_SCREENS = (
    {"silver": 5},
    {"silver": 3, "black": 1, "purple": 2},
    {"gold": 2},
    {"purple": 2, "silver": 1},
)


def final_score(screens: Sequence[dict[str, int]], player: int, advanced: bool = False) -> int:
    """The engine's final score of ``player`` (0-based) with these screens."""
    from ..dragons_gold.scoring import score_table

    return int(score_table([_vec(s) for s in screens], advanced)[player])


#: The deals lesson's exercise: Players 1 and 3 kill a dragon of strength 9 (card 12) with Player
#: 1's big knight (4) and thief (2) and Player 3's wizard (1) and small knight (3). Its known
#: treasure is 2 silver coins, 2 gold coins, a red token and an emerald; its hidden treasure 2
#: silver coins, a red token and an amethyst: 4 silver, 2 gold, 2 red, 1 emerald, 1 amethyst.
WIZARD_KILL: dict[str, Any] = {
    "dragons": [
        {
            "card": 11,
            "treasure": "2 silver, 2 gold, red, green",
            "attackers": [(0, "big-knight"), (2, "wizard"), (0, "thief")],
        }
    ],
    "to_move": 2,
}
WIZARD_KILL_LINES = (
    "send small-knight to dragon 1", "token silver", "token silver", "token red", "token purple",
)  # fmt: skip


def _after(position: dict[str, Any], lines: Iterable[str]) -> Any:
    """The state at ``position`` after exactly ``lines``; chance that follows them (which magic
    items are drawn) takes its first outcome until a player decides."""
    import kaskaria

    from ..core import CHANCE

    state = kaskaria.setup(GAME, players=PLAYERS, seed=1, **position).state
    for line in lines:
        state = state.apply(line)
    while state.current_player() == CHANCE:
        state = state.apply(state.chance_outcomes()[0][0])
    return state


def to_hand_out(
    position: dict[str, Any] = WIZARD_KILL, lines: Iterable[str] = WIZARD_KILL_LINES
) -> int:
    """How many tokens the first proposal must hand out after the kill (the pot of the split)."""
    state = _after(position, lines)
    split = state.observation("table")["split"]
    return sum(split["pot"].values()) if split else 0


#: The deals lesson's exit ticket: Player 1's small knight, Player 2's wizard and Player 3's thief
#: fight dragon 1 (card 8, strength 8, with 2 silver coins, a gold coin and 2 red tokens); Player
#: 1's big knight kills it (3 + 1 + 2 + 4 = 10), and its hidden treasure is a silver coin, a gold
#: coin, an emerald and a sapphire: three players, one wizard, so its player takes the 2 red
#: tokens first and the deal hands out the other 7 (who forgets the wizard rule counts all 9).
ONE_WIZARD: dict[str, Any] = {
    "dragons": [
        {
            "card": 7,
            "treasure": "2 silver, gold, 2 red",
            "attackers": [(0, "small-knight"), (1, "wizard"), (2, "thief")],
        }
    ],
    "to_move": 0,
}
ONE_WIZARD_LINES = (
    "send big-knight to dragon 1", "token silver", "token gold", "token green", "token blue",
)  # fmt: skip


def red_tokens_go(
    position: dict[str, Any] = ONE_WIZARD, lines: Iterable[str] = ONE_WIZARD_LINES
) -> str:
    """Where a kill's red tokens go: ``"wizard"`` (one player took them before the sharing),
    ``"shared"`` (they are in the treasure to share) or ``"out"``."""
    state = _after(position, lines)
    red = COLOURS.index("red")
    if any(screen[red] for screen in state.screens):
        return "wizard"
    split = state.observation("table")["split"]
    return "shared" if split and split["pot"].get("red", 0) else "out"


#: The deals lesson's exit ticket: after a split Player 3 holds 3 silver coins and a gold coin,
#: and Player 1's thief (no wizard of Player 1 fought) is about to rob.
THEFT_AT: dict[str, Any] = {
    "dragons": [{"card": 0, "attackers": [(0, "thief"), (2, "big-knight")]}],
    "screens": {2: "3 silver, 2 gold"},
    "killed": 0,
    "thieves": [0],
}


def theft_chance(colour: str = "gold", victim: int = 2) -> Fraction:
    """The exact chance that the thief of :data:`THEFT_AT` takes a token of ``colour`` from
    ``victim`` (the engine's own chance outcomes)."""
    import kaskaria

    state = kaskaria.setup(GAME, players=PLAYERS, seed=1, **THEFT_AT).state
    state = state.apply(f"steal from {victim + 1}")
    return sum((p for a, p in state.chance_outcomes() if str(a) == f"stolen {colour}"), Fraction(0))


def thief_may_decline() -> bool:
    """At the theft of the rulebook's example, may Player 2's thief steal nothing?"""
    state = state_after((*EXAMPLE, *WIZARD_ITEMS, *SHARE))
    return state.phase == "victim" and "pass" in {str(a) for a in state.legal_actions()}


# ---------------------------------------------------------------------------------------------
# the box
# ---------------------------------------------------------------------------------------------
def box_contents(lang: str = "en") -> Shown:
    """The rules table's numbers, each with where it comes from."""
    r = RULES
    tokens = ", ".join(
        f"{n} {_g(f'short.{c}', lang)}" for c, n in zip(COLOURS, r.tokens.value, strict=True)
    )
    points = ", ".join(
        f"{_g(f'short.{c}', lang)} {p}"
        for c, p in zip(COLOURS, r.token_points.value, strict=True)
        if p
    )
    adventurers = ", ".join(
        f"{_g(f'adv.{a}', lang)} ({s})"
        for a, s in zip(ADVENTURERS, r.adventurers.value, strict=True)
    )
    majority = " / ".join(str(r.majority.value[n]) for n in (3, 4, 6))
    rows = [
        (_t_("box.tokens", lang), tokens, r.tokens.label),
        (_t_("box.points", lang), points, r.token_points.label),
        (_t_("box.majority", lang), majority, r.majority.label),
        (_t_("box.adventurers", lang), adventurers, r.adventurers.label),
        (_t_("box.dragons", lang), _t_("box.dragons_value", lang), r.dragons.label),
        (_t_("box.items", lang), _t_("box.items_value", lang), r.items.label),
        (_t_("box.hourglass", lang), _t_("box.seconds", lang, n=r.hourglass_seconds.value),
         r.hourglass_seconds.label),
    ]  # fmt: skip
    rows = [(k, v, _t_(f"box.from.{lab}", lang)) for k, v, lab in rows]
    text = "\n".join(f"{k:<28} {v}  [{lab}]" for k, v, lab in rows)
    return Shown(source_table_html(rows), text)


def dragon_deck(lang: str = "en") -> Shown:
    """The 18 dragon cards the engine uses (assumed values): strength, known and hidden treasure."""
    cards = RULES.dragons.value
    head = [_t_(f"deck.{k}", lang) for k in ("card", "strength", "known", "hidden")]
    rows = [(str(i + 1), str(c.strength), str(c.known), str(c.hidden)) for i, c in enumerate(cards)]
    note = _t_(
        "deck.note",
        lang,
        known=sum(c.known for c in cards),
        hidden=sum(c.hidden for c in cards),
        tokens=RULES.total_tokens(),
    )
    text = (
        "  ".join(f"{h:>8}" for h in head)
        + "\n"
        + "\n".join("  ".join(f"{x:>8}" for x in row) for row in rows)
        + "\n"
        + note
    )
    half = (len(rows) + 1) // 2
    cells = [
        "<table style='font-size:15px;border-collapse:collapse;margin-right:2em'><tr>"
        + "".join(f"<th style='padding:0 0.6em'>{escape(h)}</th>" for h in head)
        + "</tr>"
        + "".join(
            "<tr>" + "".join(f"<td style='text-align:center'>{x}</td>" for x in row) + "</tr>"
            for row in part
        )
        + "</table>"
        for part in (rows[:half], rows[half:])
    ]
    html = f"<div style='display:flex;flex-wrap:wrap'>{''.join(cells)}</div>" + _p(escape(note), 16)
    return Shown(html, text)


def items(lang: str = "en") -> Shown:
    """The magic items the engine knows, when each is played and what it does (assumed cards)."""
    lines = []
    for kind in RULES.items.value:
        lines.append(
            _t_(
                "items.line",
                lang,
                n=kind.count,
                name=_g(f"item.{kind.name}", lang),
                when=_t_(f"items.when.{kind.timing}", lang),
                what=_g(f"item_help.{kind.name}", lang),
            )
        )
    lines.append(_t_("items.note", lang, n=RULES.item_count()))
    return Shown(_lines_html(lines, 16), "\n".join(lines))


# ---------------------------------------------------------------------------------------------
# scoring
# ---------------------------------------------------------------------------------------------
def _vec(counts: dict[str, int]) -> tuple[int, ...]:
    return tuple(int(counts.get(c, 0)) for c in COLOURS)


def score_parts(screens: Sequence[dict[str, int]], advanced: bool = False) -> list[dict[str, Any]]:
    """Each player's points, part by part: coins and tokens, the majority bonus of each gem
    colour, the gem sets (advanced), and the total (which is the engine's own score)."""
    from ..dragons_gold.scoring import score_table

    players = len(screens)
    vecs = [_vec(s) for s in screens]
    points = RULES.token_points.value
    bonus = (RULES.majority_advanced if advanced else RULES.majority).value[players]
    cursed = [advanced and v[COLOURS.index("black")] > 0 for v in vecs]
    out: list[dict[str, Any]] = []
    for v in vecs:
        out.append(
            {
                "tokens": {c: n * p for c, n, p in zip(COLOURS, v, points, strict=True) if n * p},
                "majorities": {},
                "sets": 0,
            }
        )
    for gem in GEMS:
        g = COLOURS.index(gem)
        counts = [v[g] for v in vecs]
        best = max(counts)
        if best == 0:
            continue
        top = [p for p in range(players) if counts[p] == best]
        if not advanced:
            for p in top:
                out[p]["majorities"][gem] = bonus
            continue
        if len(top) >= 3 or (len(top) == 1 and cursed[top[0]]):
            continue
        for p in top:
            if not cursed[p]:
                out[p]["majorities"][gem] = bonus if len(top) == 1 else bonus // 2
    if advanced:
        for p, v in enumerate(vecs):
            if not cursed[p]:
                out[p]["sets"] = RULES.gem_set.value * min(v[COLOURS.index(g)] for g in GEMS)
    totals = score_table(vecs, advanced)
    for p, part in enumerate(out):
        part["total"] = sum(part["tokens"].values()) + sum(part["majorities"].values())
        part["total"] += part["sets"]
        if part["total"] != totals[p]:  # pragma: no cover - the tests check they agree
            raise AssertionError("the score parts do not add up to the engine's score")
    return out


def _score_lines(screens: Sequence[dict[str, int]], advanced: bool, lang: str) -> list[str]:
    lines = []
    for p, (screen, part) in enumerate(zip(screens, score_parts(screens, advanced), strict=True)):
        held = ", ".join(f"{n} {_g(f'short.{c}', lang)}" for c, n in screen.items() if n)
        pieces = [f"{_g(f'short.{c}', lang)} {v}" for c, v in part["tokens"].items()]
        pieces += [
            _t_("score.majority", lang, colour=_g(f"short.{g}", lang), n=v)
            for g, v in part["majorities"].items()
        ]
        if part["sets"]:
            pieces.append(_t_("score.sets", lang, n=part["sets"]))
        lines.append(
            _t_(
                "score.line",
                lang,
                n=p + 1,
                held=held or _g("board.nothing", lang),
                parts=" + ".join(pieces) or "0",
                total=part["total"],
            )
        )
    return lines


#: Three players at the end: Players 1 and 2 hold 3 sapphires each, Player 3 holds one.
SHARED_MAJORITY = ({"blue": 3, "silver": 2}, {"blue": 3, "gold": 1}, {"blue": 1})


def score_example(
    screens: Sequence[dict[str, int]], lang: str = "en", advanced: bool = False
) -> Shown:
    """The points of the given screens (one dict of token counts per player), part by part."""
    lines = _score_lines(screens, advanced, lang)
    key = "score.advanced" if advanced else "score.basic"
    lines.insert(0, _t_(key, lang, players=len(screens)))
    return Shown(_lines_html(lines), "\n".join(lines))


def scores(table: Any, lang: str = "en", advanced: bool | None = None) -> Shown:
    """The final count of a finished table, part by part, and the winners (``advanced=True``:
    the very same screens scored by the advanced rules)."""
    from ..present import and_list

    obs = table.state.observation("table")
    screens = [p["screen"] for p in obs["players"]]
    if advanced is None:
        advanced = obs["variant"].startswith("advanced")
    lines = _score_lines(screens, advanced, lang)
    parts = score_parts(screens, advanced)
    best = max(p["total"] for p in parts)
    winners = [str(i + 1) for i, p in enumerate(parts) if p["total"] == best]
    key = "score.winner" if len(winners) == 1 else "score.winners"
    lines.append(_t_(key, lang, names=and_list(winners, lang), points=best))
    head = _t_("score.advanced" if advanced else "score.basic", lang, players=len(screens))
    lines.insert(0, head)
    return Shown(_lines_html(lines), "\n".join(lines))


# ---------------------------------------------------------------------------------------------
# the engine's readings
# ---------------------------------------------------------------------------------------------
READINGS = ("victim", "open_draw", "hourglass", "stalemate", "market")


def rule_options(lang: str = "en") -> Shown:
    """The options a teacher may set, with their defaults, and the readings the engine took where
    the rulebook leaves a choice. On screen the thief's reading (it may also steal nothing) sits
    in a closed fold: it answers 05b's vote "must the thief steal?", asked above it."""
    from ..dragons_gold.rules import OPTION_TABLE

    lines = [_t_("options.head", lang)]
    for name, option in OPTION_TABLE.items():
        lines.append(f"{name} = {option.default!r}: {_t_(f'option.{name}', lang)}")
    lines.append(_t_("readings.head", lang))
    head = "\n".join(lines)
    readings = [_t_(f"reading.{r}", lang) for r in READINGS]
    text = "\n".join([head, *(f"- {r}" for r in readings)])
    items = []
    for r, words in zip(READINGS, readings, strict=True):
        if r == "victim":
            fold = escape(_t_("readings.victim_fold", lang))
            items.append(f"<li><details><summary>{fold}</summary>{escape(words)}</details></li>")
        else:
            items.append(f"<li>{escape(words)}</li>")
    html = (
        f"<div style='font-size:15px'><pre style='font-size:15px;white-space:pre-wrap'>"
        f"{escape(head)}</pre><ul>{''.join(items)}</ul></div>"
    )
    return Shown(html, text)


# ---------------------------------------------------------------------------------------------
# fair shares: divide and choose
# ---------------------------------------------------------------------------------------------
#: The points of a token as everyone counts them, before majorities: silver 1, gold 3, red 1,
#: black diamond 7 (gems count only through the majority bonus).
POINTS: tuple[int, ...] = RULES.token_points.value
_NAMES = ("Anna", "Ben", "Cleo")


def _treasure(**counts: int) -> tuple[int, ...]:
    return tuple(counts.get(c, 0) for c in COLOURS)


def _pile_words(pile: Sequence[int], lang: str) -> str:
    shown = [f"{n} {_g(f'short.{c}', lang)}" for c, n in zip(COLOURS, pile, strict=True) if n]
    return ", ".join(shown) or _g("board.nothing", lang)


def _pile_points(pile: Sequence[int], weights: Sequence[int] = POINTS) -> Fraction:
    return additive(weights)(tuple(pile))


def split_for_two(treasure: Sequence[int]) -> tuple[Fraction, Fraction]:
    """Divide and choose between two who count the usual points: (what the splitter keeps, what
    the chooser takes) when the splitter makes the piles as even as it can."""
    value = additive(POINTS)
    _, (mine, theirs) = divide_and_choose(tuple(treasure), value, [value])
    return value(mine), value(theirs)


def splits_two(lang: str = "en", **counts: int) -> Shown:
    """Every way to split a treasure (``gold=1, silver=3``) into two piles of at least one token,
    with each pile's points: Ben, the splitter, keeps the smaller pile, so he makes the piles as
    even as he can; Anna chooses the bigger one."""
    treasure = _treasure(**counts)
    rows = []
    for a, b in piles(treasure, 2):
        pa, pb = _pile_points(a), _pile_points(b)
        rows.append((_pile_words(a, lang), pa, _pile_words(b, lang), pb, min(pa, pb)))
    rows.sort(key=lambda r: (-r[4], r[0]))
    best = rows[0][4]
    head = [_t_(f"split.{k}", lang) for k in ("pile_a", "points", "pile_b", "points", "keeps")]
    lines = [" | ".join(head)]
    lines += [" | ".join(str(x) for x in r) for r in rows]
    keeps, takes = split_for_two(treasure)
    summary = _t_(
        "split.summary",
        lang,
        total=_pile_points(treasure),
        keeps=keeps,
        takes=takes,
    )
    lines.append(summary)
    html = (
        "<table style='font-size:16px;border-collapse:collapse'><tr>"
        + "".join(f"<th style='padding:2px 10px;text-align:left'>{escape(h)}</th>" for h in head)
        + "</tr>"
        + "".join(
            f"<tr style='background:{'#e3f1e8' if r[4] == best else 'none'}'>"
            + "".join(f"<td style='padding:2px 10px'>{escape(str(x))}</td>" for x in r)
            + "</tr>"
            for r in rows
        )
        + f"</table>{_p(escape(summary))}"
    )
    return Shown(html, "\n".join(lines))


def uneven_case() -> dict[str, Any]:
    """One gold coin and one silver coin, split by divide and choose: who envies whom."""
    treasure = _treasure(gold=1, silver=1)
    value = additive(POINTS)
    split, (mine, theirs) = divide_and_choose(treasure, value, [value])
    return {
        "piles": split,
        "splitter": value(mine),
        "chooser": value(theirs),
        "splitter_envious": value(mine) < value(theirs),
        "chooser_envious": value(theirs) < value(mine),
        "even_split": any(value(a) == value(b) for a, b in piles(treasure, 2)),
    }


def uneven(lang: str = "en") -> Shown:
    """The treasure that cannot be split evenly: one gold coin and one silver coin."""
    case = uneven_case()
    text = _t_(
        "uneven.line",
        lang,
        a=_pile_words(case["piles"][0], lang),
        b=_pile_words(case["piles"][1], lang),
        chooser=case["chooser"],
        splitter=case["splitter"],
    )
    return Shown(_p(escape(text)), text)


def two_player_counts() -> dict[str, int]:
    """The enumeration behind the two-player claims (treasures of 2-4 tokens in 2 colours, every
    pair of players counting 0-2 points per token of each colour)."""
    return two_player_check(max_tokens=4, colours=2, weights=2)


def _how_many_of(n: int, lang: str) -> str:
    """A count of cases as it reads in "in ... of them": "none"/"keinem" for 0, else the number."""
    return _t_("cases.none", lang) if n == 0 else plain_number(n, lang)


def two_player_cases(lang: str = "en") -> Shown:
    """Extension: every small case of divide and choose for two, counted."""
    c = two_player_counts()
    uneven_cases = c["cases"] - c["even_splits"]
    lines = [
        _t_("cases.what", lang),
        _t_("cases.all", lang, n=plain_number(c["cases"], lang)),
        _t_("cases.chooser", lang, n=_how_many_of(c["chooser_envious"], lang)),
        _t_(
            "cases.even",
            lang,
            n=plain_number(c["even_splits"], lang),
            envious=_how_many_of(c["splitter_envious_when_even"], lang),
        ),
        _t_(
            "cases.uneven",
            lang,
            n=plain_number(uneven_cases, lang),
            envious=_how_many_of(c["splitter_envious"], lang),
        ),
    ]
    return Shown(_lines_html(lines, 16), "\n".join(lines))


def counterexample() -> dict[str, Any]:
    """The first case a search finds where divide and choose leaves a chooser jealous with three
    players (treasures of 2-3 tokens in 2 colours, each player counting 0 or 1 point per token of
    each colour, the splitter's piles exactly equal in its own eyes)."""
    found = three_player_counterexample(max_tokens=3, colours=2, weights=1)
    if found is None:  # pragma: no cover - the tests check that the search finds one
        raise AssertionError("no counterexample found")
    weights = found["weights"]
    values = [additive(w) for w in weights]
    shares = found["shares"]
    # shares[0] is the splitter's; shares[i] chooser i's, who chose in turn
    jealous = [
        (i, j)
        for i, v in enumerate(values)
        for j in range(3)
        if j != i and v(shares[j]) > v(shares[i])
    ]
    return {**found, "values": values, "jealous": jealous}


def three_players(lang: str = "en") -> Shown:
    """The counterexample for three, in words: who counts what, the piles, who takes which, and
    who is jealous of whom."""
    c = counterexample()
    colours = [c_ for c_ in COLOURS[:2]]
    order = [0, 1, 2]  # Anna splits, Ben chooses first, Cleo second
    lines = [
        _t_("three.treasure", lang, treasure=_pile_words(c["treasure"], lang)),
    ]
    for who, w in zip(order, c["weights"], strict=True):
        counts = ", ".join(
            f"{_g(f'short.{col}', lang)} {x}" for col, x in zip(colours, w, strict=False)
        )
        lines.append(_t_(f"three.counts.{who}", lang, name=_NAMES[who], counts=counts))
    lines.append(
        _t_(
            "three.piles",
            lang,
            piles=" | ".join(_pile_words(p, lang) for p in c["piles"]),
            n=_num(c["values"][0](c["piles"][0]), lang),
        )
    )
    for who in (1, 2, 0):
        share = c["shares"][who]
        lines.append(
            _t_(
                f"three.takes.{who}",
                lang,
                name=_NAMES[who],
                pile=_pile_words(share, lang),
                n=_num(c["values"][who](share), lang),
            )
        )
    for i, j in c["jealous"]:
        lines.append(
            _t_(
                "three.jealous",
                lang,
                name=_NAMES[i],
                other=_NAMES[j],
                mine=_num(c["values"][i](c["shares"][i]), lang),
                theirs=_num(c["values"][i](c["shares"][j]), lang),
            )
        )
    return Shown(_lines_html(lines), "\n".join(lines))


# ---------------------------------------------------------------------------------------------
# the hidden treasure on average
# ---------------------------------------------------------------------------------------------
#: The bag near the end of a game, in the lesson: 6 silver coins, 3 gold coins and 1 red token.
BAG = _treasure(silver=6, gold=3, red=1)
HIDDEN_TOKENS = 2
#: Exercise 2's bag (new numbers): 4 silver coins, 4 gold coins and 2 red tokens; 3 hidden tokens.
EX2_BAG, EX2_HIDDEN = _treasure(silver=4, gold=4, red=2), 3
#: The exit ticket's bag: 8 silver coins and 2 gold coins; 5 hidden tokens.
EXIT_BAG, EXIT_HIDDEN = _treasure(silver=8, gold=2), 5
#: The bag of the Python task (extension G): 2 silver coins, 6 gold coins and 2 red tokens, a bag
#: whose points no part of the lesson has worked out before.
PYTHON_BAG = _treasure(silver=2, gold=6, red=2)


def bag_points(bag: Sequence[int] = BAG) -> Fraction:
    """All the points in the bag: each token at its usual points (the "your turn" task)."""
    return _pile_points(bag)


def hidden_outcomes(
    bag: Sequence[int] = BAG, k: int = HIDDEN_TOKENS
) -> list[tuple[Fraction, Fraction]]:
    """The points ``k`` hidden tokens from ``bag`` bring (to a player without gems), with their
    exact chances: ``[(points, chance), ...]`` by points."""
    out: dict[Fraction, Fraction] = {}
    for draw, p in draw_distribution(tuple(bag), k):
        points = _pile_points(draw)
        out[points] = out.get(points, Fraction(0)) + p
    return sorted(out.items())


def hidden_expected(bag: Sequence[int] = BAG, k: int = HIDDEN_TOKENS) -> Fraction:
    """The exact average points of the hidden tokens (for a player without gems: every token is
    worth its usual points), from the engine's own valuation of a pile."""
    nobody = [(0,) * len(COLOURS)] * PLAYERS
    return sum(
        (p * pile_value(draw, 0, nobody) for draw, p in draw_distribution(tuple(bag), k)),
        Fraction(0),
    )


def hidden_chart(lang: str = "en") -> Chart:
    """What the two hidden tokens can bring, and how often (exact), with the average marked."""
    import matplotlib.pyplot as plt

    style()
    outcomes = hidden_outcomes()
    average = hidden_expected()
    fig, ax = plt.subplots(figsize=(9, 5))
    xs = [float(points) for points, _ in outcomes]
    ys = [100 * float(p) for _, p in outcomes]
    bars = ax.bar(xs, ys, width=0.8, color="#E69F00", edgecolor="black")
    ax.bar_label(bars, [percent(p, lang, 1) for _, p in outcomes], fontsize=15)
    ax.axvline(float(average), color="black", ls="--", lw=3)
    ax.annotate(
        _t_("hidden.average_label", lang, value=_num(average, lang)),
        (float(average), max(ys) * 1.17),
        xytext=(8, 0),
        textcoords="offset points",
        fontsize=16,
    )
    ax.set(
        xticks=xs,
        xlabel=_t_("hidden.x", lang),
        ylabel=_t_("hidden.y", lang),
        ylim=(0, max(ys) * 1.32),
    )
    ax.set_xticklabels([_num(points, lang) for points, _ in outcomes])
    ax.set_title(_t_("hidden.title", lang))
    return Chart(fig, repr(hidden_average(lang)))


def hidden_average(lang: str = "en") -> Shown:
    """The average of the hidden tokens, worked out as pupils do: each result times its chance."""
    outcomes = hidden_outcomes()
    average = hidden_expected()
    lines = [
        _t_("hidden.bag", lang, bag=_pile_words(BAG, lang), k=HIDDEN_TOKENS),
    ]
    lines += [
        _t_("hidden.outcome", lang, points=_num(points, lang), chance=percent(p, lang))
        for points, p in outcomes
    ]
    sum_text = " + ".join(f"{_num(points, lang)} × {percent(p, lang)}" for points, p in outcomes)
    lines.append(_t_("hidden.sum", lang, sum=sum_text, value=_num(average, lang)))
    per_token = Fraction(sum(n * w for n, w in zip(BAG, POINTS, strict=True)), sum(BAG))
    lines.append(
        _t_("hidden.shortcut", lang, one=_num(per_token, lang), k=HIDDEN_TOKENS,
            value=_num(per_token * HIDDEN_TOKENS, lang))
    )  # fmt: skip
    return Shown(_lines_html(lines), "\n".join(lines))


def hidden_exact(lang: str = "en") -> Shown:
    """For the teacher: the chances and the average of section 4 as exact fractions."""
    lines = [
        _t_("exact.outcome", lang, points=_num(points, lang), chance=str(p))
        for points, p in hidden_outcomes()
    ]
    average = hidden_expected()
    lines.append(_t_("exact.average", lang, value=str(average), shown=_num(average, lang)))
    return Shown(_lines_html(lines, 16), "\n".join(lines))


def dragon_worth(lang: str = "en") -> Shown:
    """Extension: the exact worth of each dragon of our set-up for Player 1, from Player 1's
    observation (the bag is public): its known treasure, its hidden treasure on average and the
    whole dragon, once with the usual points only and once with the majority bonus."""
    state = state_after(SETUP)
    obs = state.observation(0)
    bag = _vec(obs["bag"])
    lines = [_t_("worth.head", lang, bag=sum(bag))]
    for d in obs["dragons"]:
        place = d["place"]
        known = _vec(d["treasure"])
        plain = sum(
            (p * _pile_points(draw) for draw, p in draw_distribution(bag, d["hidden"])),
            Fraction(0),
        )
        hidden = expected_hidden_value(obs, place, 0)
        whole = expected_dragon_value(obs, place, 0)
        lines.append(
            _t_(
                "worth.line",
                lang,
                place=place + 1,
                strength=d["strength"],
                known=_num(_pile_points(known), lang),
                plain=f"{plain} = {_dec(plain, lang)}",
                hidden=f"{hidden} = {_dec(hidden, lang)}",
                whole=f"{whole} = {_dec(whole, lang)}",
            )
        )
    lines.append(_t_("worth.note", lang))
    text = "\n".join(lines)
    return Shown(f"<pre style='font-size:15px;white-space:pre-wrap'>{escape(text)}</pre>", text)


# ---------------------------------------------------------------------------------------------
# one token, different worth
# ---------------------------------------------------------------------------------------------
#: Three players, basic rules: Player 1 holds 2 sapphires, Player 2 holds 3, Player 3 none (and
#: some coins each).
HOLDINGS = (
    _treasure(blue=2, silver=3),
    _treasure(blue=3, gold=1),
    _treasure(silver=2, gold=1),
)


def worth_of(
    colour: str,
    player: int,
    advanced: bool = False,
    holdings: Sequence[Sequence[int]] = HOLDINGS,
) -> Fraction:
    """The points one more token of ``colour`` adds to ``player`` (0-2) at ``holdings``."""
    return pile_value(_treasure(**{colour: 1}), player, [tuple(h) for h in holdings], advanced)


#: The exit ticket: Players 1 and 2 hold 2 emeralds each, Player 3 holds 1 (the one behind is
#: another player than in section 5's vote, where Player 1 was).
EMERALDS_BEHIND = (_treasure(green=2), _treasure(green=2), _treasure(green=1))


def token_worth(lang: str = "en", advanced: bool = False) -> Shown:
    """What one more sapphire and one more gold coin are worth to each player (basic rules, or
    the advanced ones)."""
    from ..dragons_gold.scoring import score_table

    now = score_table(HOLDINGS, advanced)
    head = [_t_(f"worth.col.{k}", lang) for k in ("player", "holds", "now", "blue", "gold")]
    rows = []
    for p, h in enumerate(HOLDINGS):
        rows.append(
            (
                _t("core", "player", lang, n=p + 1),
                _pile_words(h, lang),
                str(now[p]),
                _num(worth_of("blue", p, advanced), lang),
                _num(worth_of("gold", p, advanced), lang),
            )
        )
    rule = _t_("worth.advanced" if advanced else "worth.basic", lang)
    text = rule + "\n" + "\n".join(" | ".join(r) for r in [tuple(head), *rows])
    html = (
        _p(escape(rule))
        + "<table style='font-size:17px;border-collapse:collapse'><tr>"
        + "".join(f"<th style='padding:2px 12px;text-align:left'>{escape(h)}</th>" for h in head)
        + "</tr>"
        + "".join(
            "<tr>" + "".join(f"<td style='padding:2px 12px'>{escape(x)}</td>" for x in r) + "</tr>"
            for r in rows
        )
        + "</table>"
    )
    return Shown(html, text)


# ---------------------------------------------------------------------------------------------
# fair in whose eyes: proportional and envy-free
# ---------------------------------------------------------------------------------------------
#: A treasure of 2 gold and 2 silver coins shared by three: Anna and Ben a gold coin each, Cleo
#: both silver coins.
PROPORTIONAL_SHARES = (_treasure(gold=1), _treasure(gold=1), _treasure(silver=2))


def proportional_case() -> dict[str, bool]:
    values = [additive(POINTS)] * 3
    return {
        "proportional": is_proportional(PROPORTIONAL_SHARES, values),
        "envy_free": is_envy_free(PROPORTIONAL_SHARES, values),
    }


def proportional(lang: str = "en") -> Shown:
    """Extension: a split checked for "a fair part for everyone" and for "nobody jealous"."""
    whole = tuple(map(sum, zip(*PROPORTIONAL_SHARES, strict=True)))
    total = _pile_points(whole)
    lines = [_t_("prop.treasure", lang, treasure=_pile_words(whole, lang), total=total)]
    for name, share in zip(_NAMES, PROPORTIONAL_SHARES, strict=True):
        lines.append(
            _t_(
                "prop.share",
                lang,
                name=name,
                share=_pile_words(share, lang),
                n=_num(_pile_points(share), lang),
            )
        )
    lines.append(_t_("prop.third", lang, third=_num(total / 3, lang)))
    return Shown(_lines_html(lines), "\n".join(lines))


# ---------------------------------------------------------------------------------------------
# the tournament
# ---------------------------------------------------------------------------------------------
#: The live tournament of the lesson: three players, the basic rules (negotiated splits), the
#: three bots with seats rotated, so each plays every seat equally often.
GAMES = 24
SEED = 2026
#: A longer run of the same tournament (300 games, seed 2026), recomputed by a slow test:
#: ``{bot: (win rate, low, high, mean points)}``.
TOURNAMENT_300 = {
    "fair": (0.283, 0.235, 0.337, 74.08),
    "greedy": (0.630, 0.574, 0.683, 84.05),
    "planner": (0.087, 0.060, 0.124, 61.96),
}


@lru_cache(maxsize=4)
def run_tournament(games: int = GAMES, seed: int = SEED) -> Any:
    """The fair bot, the greedy bot and the planner in ``games`` seeded three-player games of
    the basic rules (seats rotated), through the engine: a
    :class:`kaskaria.tournament.TournamentResult`."""
    import kaskaria
    from kaskaria.bots import make_bot
    from kaskaria.tournament import play_tournament

    game = kaskaria.load(GAME, players=PLAYERS)
    bots = [make_bot(GAME, name) for name in BOTS]
    return play_tournament(game, bots, games=games, seed=seed, progress=False)


def most_points(games: int = GAMES, seed: int = SEED) -> str:
    """The bot with the most points on average in the tournament."""
    result = run_tournament(games, seed)
    best = max(range(len(BOTS)), key=lambda e: result.mean_score[e])
    return BOTS[best]


def most_wins() -> str:
    """The bot that wins the most games: the one whose 95% interval in the long run
    (:data:`TOURNAMENT_300`) lies above every other bot's, so the claim does not rest on luck."""
    best = max(BOTS, key=lambda b: TOURNAMENT_300[b][0])
    low = TOURNAMENT_300[best][1]
    if any(TOURNAMENT_300[b][2] >= low for b in BOTS if b != best):
        raise ValueError("the long tournament does not tell which bot wins the most")
    return best


def planner_against_fair() -> str:
    """Whether the planner wins "more" or "less" often than the fair bot: told by the long run
    (:data:`TOURNAMENT_300`) only when the two 95% intervals do not overlap."""
    _, p_low, p_high, _ = TOURNAMENT_300["planner"]
    _, f_low, f_high, _ = TOURNAMENT_300["fair"]
    if p_high < f_low:
        return "less"
    if p_low > f_high:
        return "more"
    raise ValueError("the long tournament does not tell the planner from the fair bot")


def live_planner_apart(games: int = GAMES, seed: int = SEED) -> bool:
    """Do the 95% intervals of the planner's and the fair bot's win rates lie apart in the
    live tournament's games (so that these games alone would tell the two apart)?"""
    result = run_tournament(games, seed)
    (p_low, p_high), (f_low, f_high) = (result.win_ci[BOTS.index(b)] for b in ("planner", "fair"))
    return p_high < f_low or f_high < p_low


def tournament(lang: str = "en", games: int = GAMES) -> Shown:
    """The tournament table: each bot's share of wins and its average points, with a bar for the
    points."""
    result = run_tournament(games, SEED)
    head = [_t_(f"tour.col.{k}", lang) for k in ("bot", "does", "wins", "points")]
    top = max(result.mean_score)
    rows = []
    lines = [
        _t_("tour.what", lang, games=plain_number(games, lang)),
        f"{head[0]:<14} {head[2]:>8} {head[3]:>10}",
    ]
    for e, name in enumerate(BOTS):
        label = _t_(f"tour.bot.{name}", lang)
        wins = percent(result.win_rate[e], lang, 0)
        points = _dec(result.mean_score[e], lang, 1)
        lines.append(f"{label:<14} {wins:>8} {points:>10}")
        width = int(round(200 * result.mean_score[e] / top)) if top else 0
        bar = (
            f"<span style='display:inline-block;height:14px;width:{width}px;background:#0072B2;"
            f"margin-right:8px;vertical-align:middle'></span>{escape(points)}"
        )
        rows.append(
            "<tr>"
            + f"<td style='padding:3px 10px'><b>{escape(label)}</b></td>"
            + f"<td style='padding:3px 10px'>{escape(_t_(f'tour.does.{name}', lang))}</td>"
            + f"<td style='padding:3px 10px;text-align:right'>{escape(wins)}</td>"
            + f"<td style='padding:3px 10px'>{bar}</td></tr>"
        )
    html = (
        _p(escape(_t_("tour.what", lang, games=plain_number(games, lang))))
        + "<table style='font-size:17px;border-collapse:collapse'><tr>"
        + "".join(f"<th style='padding:3px 10px;text-align:left'>{escape(h)}</th>" for h in head)
        + "</tr>"
        + "".join(rows)
        + "</table>"
    )
    return Shown(html, "\n".join(lines))


def tournament_sure(lang: str = "en", games: int = GAMES) -> Shown:
    """Extension: the 95% intervals of the live tournament's win rates, beside the longer run of
    300 games."""
    result = run_tournament(games, SEED)
    lines = [_t_("sure.live", lang, games=plain_number(games, lang))]
    for e, name in enumerate(BOTS):
        low, high = result.win_ci[e]
        lines.append(
            _t_(
                "sure.line",
                lang,
                bot=_t_(f"tour.bot.{name}", lang),
                wins=percent(result.win_rate[e], lang, 0),
                low=percent(low, lang, 0),
                high=percent(high, lang, 0),
            )
        )
    lines.append(_t_("sure.long", lang, games=plain_number(300, lang)))
    for name in BOTS:
        rate, low, high, points = TOURNAMENT_300[name]
        lines.append(
            _t_(
                "sure.line_points",
                lang,
                bot=_t_(f"tour.bot.{name}", lang),
                wins=percent(rate, lang, 0),
                low=percent(low, lang, 0),
                high=percent(high, lang, 0),
                points=_dec(points, lang, 1),
            )
        )
    return Shown(_lines_html(lines, 16), "\n".join(lines))


def tournament_facts(games: int = GAMES, seed: int = SEED) -> dict[str, dict[str, Any]]:
    """What each bot did in the games of :func:`run_tournament` (the very same games, played
    again move by move): per bot, ``kills`` (kills of a dragon it fought, per game), ``strength``
    (the average strength of the dragons it sent an adventurer to), ``proposals`` and
    ``accepted`` (its proposals of a split, and those everyone accepted), and ``scores`` (each
    game's final score, to check they are the tournament's)."""
    return _tournament_facts(games, seed)


@lru_cache(maxsize=2)
def _tournament_facts(games: int, seed: int) -> dict[str, dict[str, Any]]:
    import numpy as np

    import kaskaria
    from kaskaria.bots import make_bot

    from ..core import CHANCE

    game = kaskaria.load(GAME, players=PLAYERS)
    bots = [make_bot(GAME, name) for name in BOTS]
    facts: dict[str, dict[str, Any]] = {
        name: {"kills": 0, "sent": 0, "strength": 0, "proposals": 0, "accepted": 0, "scores": []}
        for name in BOTS
    }
    for i in range(games):
        # exactly as kaskaria.tournament.play_tournament plays game i: seats rotated, chance and
        # the bots seeded apart
        entrant = [(s - i % PLAYERS) % PLAYERS for s in range(PLAYERS)]
        chance = np.random.default_rng([seed, i, 0])
        rng = np.random.default_rng([seed, i, 1])
        state = game.new_state()
        proposer = None
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state = state.apply(state.sample_chance(chance))
                continue
            name = BOTS[entrant[player]]
            action = bots[entrant[player]].choose(state, rng)
            after = state.apply(action)
            if action.verb == "send":
                obs = state.observation("table")
                dragon = obs["dragons"][int(action.args[3]) - 1]
                adventurers = obs["players"][player]["adventurers"]
                strength = {a["name"]: a["strength"] for a in adventurers}[action.args[0]]
                facts[name]["sent"] += 1
                facts[name]["strength"] += dragon["strength"]
                if dragon["sum"] + strength >= dragon["strength"]:  # the dragon falls
                    fought = {f["player"] for f in dragon["fighters"]} | {int(player)}
                    for seat in fought:
                        facts[BOTS[entrant[seat]]]["kills"] += 1
            elif action.verb == "propose":
                proposer = name
                facts[name]["proposals"] += 1
            elif (
                action.verb == "accept"
                and state.phase == "answer"  # a proposal of a split, not a trade
                and after.phase != "answer"  # the last answer: everyone accepted
                and proposer is not None
            ):
                facts[proposer]["accepted"] += 1
            state = after
        for seat, points in enumerate(state.scores()):
            facts[BOTS[entrant[seat]]]["scores"].append(points)
    for name in BOTS:
        f = facts[name]
        f["kills"] = Fraction(f["kills"], games)
        f["strength"] = Fraction(f["strength"], f["sent"]) if f["sent"] else Fraction(0)
    return facts


def tournament_why(lang: str = "en", games: int = GAMES) -> Shown:
    """Extension: what each bot did in the tournament's games, per game: the kills it took part
    in, the strength of the dragons it went for, and how many of its proposals were accepted."""
    facts = tournament_facts(games)
    lines = [_t_("why.head", lang, games=plain_number(games, lang))]
    for name in BOTS:
        f = facts[name]
        lines.append(
            _t_(
                "why.line",
                lang,
                bot=_t_(f"tour.bot.{name}", lang),
                kills=_dec(f["kills"], lang, 1),
                strength=_dec(f["strength"], lang, 1),
                accepted=f["accepted"],
                proposals=f["proposals"],
            )
        )
    return Shown(_lines_html(lines, 16), "\n".join(lines))
