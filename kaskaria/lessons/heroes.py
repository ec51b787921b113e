"""The game positions, tables, pictures and counts of the Heroes of Kaskaria lessons.

Each function returns something a notebook shows by itself (HTML with a readable text face, or a
chart with the numbers behind it as its text), in English or German, so a lesson cell stays one
line. Positions are action lines with every card written out (the rulebook's worked examples are
replayed card by card); every chance is the engine's exact odds (:mod:`kaskaria.heroes.odds`);
simulations are seeded.

The positions are plain data and the module imports no Jupyter part at import time, so the
lessons' exact answers (:mod:`kaskaria.lessons.content_heroes`) and the printable worksheets use
the very same positions without Jupyter.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from html import escape
from math import comb, perm, prod
from typing import Any

import numpy as np

from ..heroes.engine import Heroes
from ..heroes.pieces import card_word, colour_word
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
    "DISPLAY",
    "FINAL",
    "FINAL_HEROES",
    "FINAL_PLAY",
    "FULL_HAND",
    "MIA",
    "MIA_TURN",
    "PETER",
    "PETER_TURN",
    "SETUP",
    "SMALL_DECK",
    "TO_WATERFALL",
    "WATERFALL",
    "box_contents",
    "deal",
    "deal_hands",
    "deck",
    "dice_vs_cards",
    "final_scoring",
    "legal",
    "lone_griffin",
    "lone_griffin_printed",
    "position",
    "product_of_colours",
    "readings",
    "refused",
    "reset",
    "rule_options",
    "set_chart",
    "set_table",
    "simulated_hands",
    "state_after",
    "story",
    "table_at",
    "unseen_table",
    "waterfall_clock",
]

DOMAIN = "lessons-heroes"


def _load() -> None:
    from . import messages_heroes  # noqa: F401


register_loader(DOMAIN, _load)


def _t_(key: str, lang: str, **params: Any) -> str:
    return _t(DOMAIN, key, lang, **params)


def _dec(x: float, lang: str, digits: int = 2) -> str:
    shown = f"{x:.{digits}f}"
    return shown.replace(".", ",") if lang == "de" else shown


# ---------------------------------------------------------------------------------------------
# positions: action lines, every card written out
# ---------------------------------------------------------------------------------------------
def deal(hands: Sequence[Sequence[str]], display: Sequence[str], below: int) -> tuple[str, ...]:
    """The set-up as action lines: the hands dealt one card at a time from Player 1 on, the
    display laid out, the waterfall card put into the draw pile below ``below`` cards."""
    lines = [f"reveal {hand[i]}" for i in range(len(hands[0])) for hand in hands]
    lines += [f"reveal {card}" for card in display]
    return (*lines, f"waterfall below {below}")


def _flat(turns: Iterable[Sequence[str]]) -> tuple[str, ...]:
    return tuple(line for turn in turns for line in turn)


#: The rulebook's two heroes: Mia is Player 1, Peter Player 2.
MIA = ("blue griffin", "blue gold", "blue gold", "blue plus2", "red runner")
PETER = ("orange runner", "orange runner", "orange gold", "green griffin", "yellow gold")
DISPLAY = ("purple gold", "white runner", "black griffin")
#: The set-up of the worked examples. The waterfall card goes in below 21 of the 41 cards of the
#: draw pile: the highest place the bottom half allows (nobody at the table knows it).
SETUP = deal((MIA, PETER), DISPLAY, 21)
#: Mia plays her four blue cards; for the "+2" she takes the first display card (which is
#: refilled at once) and then the top card of the draw pile.
MIA_TURN = (
    "play blue griffin gold gold plus2",
    "plus2 display 1",
    "reveal green gold",
    "plus2 pile",
    "reveal red gold",
)
#: Peter plays his three orange cards.
PETER_TURN = ("play orange runner runner gold",)
#: After the examples both draw seven times: then Mia holds 10 cards, the hand limit.
FULL_HAND = _flat(
    ("draw pile", f"reveal {mia}", "draw pile", f"reveal {peter}")
    for mia, peter in zip(
        (
            "red plus2",
            "yellow runner",
            "turquoise gold",
            "purple runner",
            "black gold",
            "turquoise runner",
            "white plus2",
        ),
        (
            "orange plus2",
            "green runner",
            "yellow griffin",
            "black runner",
            "blue runner",
            "green plus2",
            "white gold",
        ),
        strict=True,
    )
)
#: Mia must play a set; four turns later the waterfall card is the next card of the draw pile.
TO_WATERFALL = _flat(
    (
        # Mia: her red set; for the "+2" she takes from the pile, then display place 2
        (
            "play red runner gold plus2",
            "plus2 pile",
            "reveal purple plus2",
            "plus2 display 2",
            "reveal orange griffin",
        ),
        ("draw pile", "reveal yellow plus2"),  # Peter
        (
            "play purple runner gold plus2",
            "plus2 pile",
            "reveal turquoise griffin",
            "plus2 pile",
            "reveal black plus2",
        ),  # Mia
        ("play yellow griffin gold",),  # Peter
    )
)
#: Mia draws: the waterfall card shows, every card is shuffled into a new pile (the waterfall
#: below 17 of them), and Mia's draw goes on from the new pile.
WATERFALL = ("draw pile", "waterfall", "waterfall below 17", "reveal blue runner")

#: The final-scoring example: four heroes; Player 1 plays the yellow figures, Player 2 the
#: green, Player 3 the red and Player 4 the blue ones (the colours of the rulebook's example).
FINAL_HEROES = ("yellow", "green", "red", "blue")
_FINAL_HANDS = (
    ("orange runner", "orange runner", "orange plus2", "red runner", "red runner"),
    ("green griffin", "green runner", "blue griffin", "blue gold", "white gold"),
    ("yellow runner", "yellow gold", "green gold", "black gold", "white griffin"),
    ("yellow griffin", "yellow gold", "orange griffin", "orange gold", "purple gold"),
)
_P2 = "plus2 pile"
#: A whole game of four, turn by turn (Player 1, 2, 3, 4, 1, ...), up to Player 1's last turn.
FINAL = deal(_FINAL_HANDS, ("blue plus2", "turquoise griffin", "black griffin"), 16) + _flat(
    (
        ("play orange runner runner plus2", _P2, "reveal red plus2", _P2, "reveal purple runner"),
        ("play green griffin runner",),
        ("play yellow runner gold",),
        ("play yellow griffin gold",),
        ("play red runner runner plus2", _P2, "reveal purple runner", _P2, "reveal purple plus2"),
        ("play blue griffin gold",),
        ("draw pile", "reveal green gold"),
        ("play orange griffin gold",),
        ("draw pile", "reveal purple griffin"),
        ("draw pile", "reveal blue runner"),
        ("play green gold gold",),
        ("draw pile", "reveal red griffin"),
        (
            "play purple griffin runner runner plus2",
            _P2,
            "reveal white runner",
            _P2,
            "reveal white runner",
        ),
        ("draw pile", "reveal yellow plus2"),
        ("draw pile", "reveal turquoise plus2"),
        ("draw pile", "reveal red gold"),
        ("draw pile", "reveal white plus2"),
        ("draw pile", "reveal black gold"),
        ("draw pile", "reveal blue runner"),
        ("play red griffin gold",),
        # the waterfall shows during the "+2" draws: the set being played lies aside meanwhile
        (
            "play white runner runner plus2",
            _P2,
            "waterfall",
            "waterfall below 39",
            "reveal black runner",
            _P2,
            "reveal black runner",
        ),
        ("draw pile", "reveal green plus2"),
        ("draw pile", "reveal purple gold"),
        ("draw pile", "reveal white gold"),
        ("draw pile", "reveal black plus2"),
        ("draw pile", "reveal yellow runner"),
        ("draw pile", "reveal orange gold"),
        ("draw pile", "reveal turquoise gold"),
        (
            "play black runner runner plus2",
            _P2,
            "reveal turquoise runner",
            _P2,
            "reveal turquoise gold",
        ),
        ("draw pile", "reveal red gold"),
        ("draw pile", "reveal blue gold"),
        ("draw pile", "reveal orange runner"),
        ("draw pile", "reveal turquoise runner"),
        ("draw pile", "reveal green griffin"),
        ("draw pile", "reveal orange plus2"),
        ("draw pile", "reveal purple griffin"),
    )
)
#: Player 1's last set: the yellow cliff runner reaches the volcano.
FINAL_PLAY = ("play turquoise runner runner gold",)


def state_after(lines: Iterable[str], players: int = 2, **options: Any) -> Any:
    """The engine's state after ``lines`` from a new game (no table, no Jupyter)."""
    state = Heroes(players=players, **options).new_state()
    for line in lines:
        state = state.apply(line)
    return state


def position(players: int = 2, **what: Any) -> Any:
    """A position set up from what matters (``griffins=[6, 6, 3]``, ``hands=[...]``; the words
    of :func:`kaskaria.setup`): the display is the worked examples' unless given, every card not
    placed elsewhere lies in the draw pile; an impossible position is refused."""
    what.setdefault("display", DISPLAY)
    return Heroes(players=players).setup(**what)


# ---------------------------------------------------------------------------------------------
# tables at exact positions, refusals, stories
# ---------------------------------------------------------------------------------------------
def table_at(
    *lines: str,
    players: int = 2,
    viewer: Any = 0,
    lang: str = "en",
    names: Sequence[str | None] = (),
    **options: Any,
) -> Any:
    """A table for people only, after exactly the given action lines (nothing is resolved by
    itself), showing the seat ``viewer`` (Player 1 by default): that seat's hand and buttons.
    ``names`` names the seats as the lesson does (``("Mia", "Peter")``: "Mia: 0 gold"; checked
    as a class nickname is)."""
    from ..widgets import HeroesTable

    table = HeroesTable(
        players=players,
        seats=("human",) * players,
        seed=1,
        help=False,
        actions=list(lines),
        lang=lang,
        viewer=viewer,
        autoplay=None,
        **options,
    )
    if names:
        table.seat_names = names
    return table


def legal(table: Any, lang: str = "en") -> Shown:
    """What the player at a table may do now: the button labels and their action lines."""
    head = _t_("legal.head", lang, n=len(table.view["moves"]["actions"]))
    return legal_shown(table, head, listed=True)


def refused(lines: Iterable[str], action: str, lang: str = "en", **options: Any) -> Shown:
    """What the engine says to ``action`` after ``lines``: refused, with the rule it breaks."""
    allowed = _t_("refused.allowed", lang, action=action)
    return refused_shown(state_after(lines, **options), action, lang, allowed)


def story(
    lines: Iterable[str],
    then: Iterable[str],
    lang: str = "en",
    players: int = 2,
    viewer: Any = "table",
    names: Sequence[str] = (),
    **options: Any,
) -> Shown:
    """What the lines ``then`` do after the position of ``lines``, in the table's own sentences
    as ``viewer`` reads them (by default the projector's view, ``"table"``: the cards drawn from
    the pile stay hidden); ``names`` names the seats as the lesson does (``("Mia", "Peter")``:
    "Mia plays a set"). No table is changed."""
    table = table_at(*lines, players=players, viewer=viewer, lang=lang, **options)
    return story_shown(table, then, lang, names)


# ---------------------------------------------------------------------------------------------
# the box
# ---------------------------------------------------------------------------------------------
def box_contents(lang: str = "en") -> Shown:
    """The rules table's numbers, each with where it comes from."""
    from ..heroes.rules import RULES
    from . import messages  # noqa: F401  (the shared words of the labels)

    r = RULES
    rows = [
        ("colours", ", ".join(colour_word(c, lang) for c in r.colours.value), r.colours.label),
        (
            "per_colour",
            _t_(
                "box.per_colour_value",
                lang,
                griffin=r.griffin_cards.value,
                runner=r.runner_cards.value,
                gold=r.gold_cards.value,
                plus2=r.plus2_cards.value,
            ),
            r.griffin_cards.label,
        ),
        ("griffin_path", _t_("box.fields", lang, n=r.griffin_path.value), r.griffin_path.label),
        ("runner_path", _t_("box.fields", lang, n=r.runner_path.value), r.runner_path.label),
        ("gold_supply", str(r.gold_supply.value), r.gold_supply.label),
        ("amulet_gold", str(r.amulet_gold.value), r.amulet_gold.label),
        ("rank_gold", ", ".join(map(str, r.rank_gold.value)), r.rank_gold.label),
        ("start_hand", str(r.start_hand.value), r.start_hand.label),
        ("display_size", str(r.display_size.value), r.display_size.label),
        ("hand_limit", str(r.hand_limit.value), r.hand_limit.label),
        ("plus2_draws", str(r.plus2_draws.value), r.plus2_draws.label),
    ]
    # the labels in the reader's language (RULEBOOK / Spielregel), as the other lessons' tables
    named = [
        (_t_(f"box.{key}", lang), value, _t("lessons", f"label.{label}", lang))
        for key, value, label in rows
    ]
    width = max(len(k) for k, _, _ in named)
    text = "\n".join(f"{k:<{width}}  {v}  [{lab}]" for k, v, lab in named)
    return Shown(source_table_html(named), text)


def _chip(name: str, lang: str) -> str:
    from ..heroes.present import LETTERS, LETTERS_DE, PALETTE, SYMBOLS

    colour, motif = name.split()
    letters = LETTERS_DE if lang == "de" else LETTERS
    ink = "#000" if colour in ("white", "yellow") else "#fff"
    return (
        f'<span title="{escape(card_word(colour, motif, lang))}" style="display:inline-block;'
        f"margin:1px;padding:2px 6px;border-radius:4px;border:1px solid #555;"
        f'background:{PALETTE.get(colour, "#9a9a9a")};color:{ink}">'
        f"<b>{letters.get(colour, colour[:1].upper())}</b> {SYMBOLS[motif]} "
        f"{escape(_t('heroes', f'Motif.{motif}', lang))}</span>"
    )


def deck(lang: str = "en", short: bool = False) -> Shown:
    """The 54 cards by colour (and the waterfall card): every colour has the same six cards.
    The picture shows every card; the text face lists each colour's cards, or (``short``) the
    number of colours and the six cards every one of them has, in one sentence."""
    game = _game()
    rows_html, lines = [], []
    for c, colour in enumerate(game.colours):
        names = [game.kind_names[4 * c + m] for m in range(4) for _ in range(game.per_colour[m])]
        rows_html.append(
            f"<tr><td><b>{escape(colour_word(colour, lang))}</b></td><td>"
            + "".join(_chip(n, lang) for n in names)
            + "</td></tr>"
        )
        motifs = ", ".join(_t("heroes", f"motif.{n.split()[1]}", lang) for n in names)
        lines.append(f"{colour_word(colour, lang):>10}: {motifs}")
    summary = _t_("deck.summary", lang, colours=len(game.colours), cards=game.cards)
    lines.append(summary)
    if short:
        # every colour has the same cards (per_colour is one count per motif for all colours)
        motifs = lines[0].split(": ", 1)[1]
        lines = [_t_("deck.short", lang, n=len(game.colours), motifs=motifs)]
    html = (
        "<table style='font-size:15px'>"
        + "".join(rows_html)
        + f"</table><p style='font-size:17px'>{escape(summary)}</p>"
    )
    return Shown(html, "\n".join(lines))


# ---------------------------------------------------------------------------------------------
# the end of the game
# ---------------------------------------------------------------------------------------------
def final_scoring(table: Any, lang: str = "en", heroes: Sequence[str] | None = None) -> Shown:
    """The final scoring of a finished game: each path's places and their gold, then every
    player's gold pieces, places and amulet, and the winner."""
    state = table.state
    game = state.game
    if state.phase != "over":
        raise ValueError("the final scoring comes once the game is over")

    def who(p: int) -> str:
        name = _t("core", "player", lang, n=p + 1)
        if heroes is not None:
            name += f" ({colour_word(heroes[p], lang)})"
        return name

    lines = []
    for path in ("runner", "griffin"):
        positions = state.runners if path == "runner" else state.griffins
        length = game.runner_path if path == "runner" else game.griffin_path
        places = sorted(set(positions), reverse=True)
        paid = state.place_gold(path)
        lines.append(_t_(f"final.{path}", lang))
        for p in sorted(range(game.players), key=lambda p: -positions[p]):
            where = (
                _t_("final.volcano", lang)
                if positions[p] == length
                else _t_("final.field", lang, n=positions[p])
            )
            lines.append(
                "  "
                + _t_(
                    "final.place",
                    lang,
                    who=who(p),
                    where=where,
                    place=places.index(positions[p]) + 1,
                    gold=_t("heroes", "gold", lang, n=paid[p]),
                )
            )
    final = state.final_scoring()
    scores = state.scores()
    lines.append(_t_("final.totals", lang))
    for p in range(game.players):
        pieces = state.gold[p] + state.stand_ins[p]
        amulet = game.amulet_gold if state.amulet == p else 0
        lines.append(
            "  "
            + _t_(
                "final.total" if not amulet else "final.total_amulet",
                lang,
                who=who(p),
                pieces=_t("heroes", "gold", lang, n=pieces),
                places=final[p],
                amulet=amulet,
                total=_t("heroes", "gold", lang, n=scores[p]),
            )
        )
    winners = state.winners()
    best = max(scores)
    gold = _t("heroes", "gold", lang, n=best)
    if len(winners) == 1 and sum(1 for s in scores if s == best) > 1:
        lines.append(_t_("final.tie", lang, who=who(winners[0]), gold=gold))
    elif len(winners) == 1:
        lines.append(_t_("final.wins", lang, who=who(winners[0]), gold=gold))
    else:
        lines.append(_t_("final.share", lang, who=", ".join(who(w) for w in winners), gold=gold))
    text = "\n".join(lines)
    return Shown(f"<pre style='font-size:16px'>{escape(text)}</pre>", text)


# ---------------------------------------------------------------------------------------------
# readings
# ---------------------------------------------------------------------------------------------
def rule_options(lang: str = "en") -> Shown:
    """The readings of unclear rules the engine offers as options, with their defaults."""
    from ..heroes.rules import OPTION_TABLE
    from .messages_heroes import OPTION_VALUES_DE

    def shown(name: str, value: Any) -> str:
        # German pupils read German words for the values, not the English code
        if lang == "de" and (name, value) in OPTION_VALUES_DE:
            return f"„{OPTION_VALUES_DE[name, value]}“"
        if lang == "de" and value.__class__ is int:
            return f"Platz {value}"
        return repr(value)

    lines = []
    for name, option in OPTION_TABLE.items():
        accepted = (
            ", ".join(shown(name, c) for c in option.choices)
            if option.choices
            else _t_("options.seats", lang)
        )
        if lang == "de":
            lines.append(
                f"{name}: {shown(name, option.default)} (Standard; "
                f"{_t_('options.accepted', lang)}: {accepted})"
            )
        else:
            lines.append(
                f"{name} = {option.default!r}   ({_t_('options.accepted', lang)}: {accepted})"
            )
        lines.append(f"    {_t_(f'option.{name}', lang)}")
    text = "\n".join(lines)
    return Shown(f"<pre style='font-size:15px;white-space:pre-wrap'>{escape(text)}</pre>", text)


def readings(lang: str = "en", leave_out: Iterable[str] = ()) -> Shown:
    """The readings that are not options (the rules are clear once read carefully), less those
    named in ``leave_out`` (a reading a question of the lesson asks, shown in its reveal)."""
    from ..heroes.rules import READINGS

    left = set(leave_out)
    unknown = left - set(READINGS)
    if unknown:
        raise ValueError(
            f"unknown reading {sorted(unknown)[0]!r:.30}; readings: {', '.join(READINGS)}"
        )
    lines = [f"- {_t_(f'reading.{key}', lang)}" for key in READINGS if key not in left]
    text = "\n".join(lines)
    return Shown(
        "<ul style='font-size:16px'>"
        + "".join(f"<li>{escape(line[2:])}</li>" for line in lines)
        + "</ul>",
        text,
    )


# ---------------------------------------------------------------------------------------------
# cards without replacement
# ---------------------------------------------------------------------------------------------
def _game() -> Heroes:
    return Heroes()


def dice_vs_cards(lang: str = "en") -> Chart:
    """Is the next card blue? After n blue cards, after n cards of other colours, and on a die
    with the nine colours (which never changes)."""
    import matplotlib.pyplot as plt

    game = _game()
    per, total = sum(game.per_colour), game.cards
    ns = list(range(per + 1))
    after_blue = [Fraction(per - n, total - n) for n in ns]
    after_other = [Fraction(per, total - n) for n in ns]
    die = Fraction(1, len(game.colours))
    style()
    fig, ax = plt.subplots(figsize=(9, 5.5))
    looks = (
        (after_other, "#E69F00", "s", "--", "cards.other"),
        ([die] * len(ns), "#000000", "", "-", "cards.die"),
        (after_blue, "#0072B2", "o", "-", "cards.blue"),
    )
    for values, colour, marker, line, key in looks:
        ys = [100 * float(v) for v in values]
        ax.plot(
            ns, ys, color=colour, marker=marker or None, ms=10, lw=3, ls=line, label=_t_(key, lang)
        )
    for n, v in zip(ns, after_blue, strict=True):
        ax.annotate(
            percent(v, lang, 1),
            (n, 100 * float(v)),
            textcoords="offset points",
            xytext=(6, -18),
            fontsize=14,
        )
    ax.set(xlabel=_t_("cards.x", lang), ylabel=_t_("cards.y", lang), ylim=(-1, 16), xticks=ns)
    ax.set_title(_t_("cards.title", lang))
    ax.legend(frameon=False, loc="lower left")
    lines = [_t_("cards.head", lang)]
    for n in ns:
        lines.append(
            f"{n:>3}  {percent(after_blue[n], lang):>8}  {percent(after_other[n], lang):>8}  "
            f"{percent(die, lang):>8}"
        )
    lines.append(_t_("cards.note", lang, cards=total, per=per))
    return Chart(fig, "\n".join(lines))


def _viewer_counts(table: Any) -> tuple[Any, dict[str, Any], tuple[int, ...]]:
    from ..heroes import odds

    viewer = table.viewer
    if viewer.__class__ is not int:
        raise ValueError("the count is made from one seat's view: show a seat (viewer=0)")
    obs = table.state.observation(viewer)
    return table.game, obs, odds.unseen(table.game, obs)


def unseen_table(table: Any, lang: str = "en", who: str | None = None) -> Shown:
    """From the seat the table shows: the cards it sees, the cards it cannot see, and for each
    colour how many it cannot see and the chance that the next card has that colour (the
    waterfall aside). ``who`` names the seat's player ("Mia"; the table's name for the seat when
    left out: "Mia" if the table names it, else "Player 1")."""
    game, obs, unseen = _viewer_counts(table)
    seat = obs["viewer"]
    total = sum(unseen)
    hand = len(obs["hands"][seat])
    display = sum(1 for n in obs["display"] if n)
    discard = len(obs["discard"])
    others = sum(obs["hand_sizes"]) - hand
    head = _t_(
        "unseen.head",
        lang,
        who=who or table.session.table.seat_name(seat, lang),
        seen=hand + display + discard,
        hand=hand,
        display=display,
        discard=discard,
        unseen=total,
        pile=obs["pile"],
        others=others,
    )
    rows = []
    per = sum(game.per_colour)
    for c, colour in enumerate(game.colours):
        left = sum(unseen[4 * c : 4 * c + 4])
        rows.append((colour_word(colour, lang), per - left, left, Fraction(left, total)))
    columns = [_t_(f"unseen.col.{k}", lang) for k in ("colour", "seen", "unseen", "next")]
    text = "\n".join(
        [head, "  ".join(f"{c:>12}" for c in columns)]
        + [
            f"{name:>12}  {seen:>12}  {left:>12}  "
            + f"{_t_('unseen.of', lang, n=left, total=total) + ' = ' + percent(p, lang):>12}"
            for name, seen, left, p in rows
        ]
    )
    html = (
        f"<p style='font-size:17px'>{escape(head)}</p><table style='font-size:16px'><tr>"
        + "".join(f"<th>{escape(c)}</th>" for c in columns)
        + "</tr>"
        + "".join(
            f"<tr><td>{escape(name)}</td><td>{seen}</td><td>{left}</td>"
            f"<td>{escape(_t_('unseen.of', lang, n=left, total=total))} = "
            f"{escape(percent(p, lang))}</td></tr>"
            for name, seen, left, p in rows
        )
        + "</table>"
    )
    return Shown(html, text)


def _set_rows(upto: int = 10) -> list[tuple[int, Fraction, Fraction]]:
    """For 1..upto cards: the exact chance of a set (cards) and with nine-colour dice."""
    from ..heroes import odds

    game = _game()
    counts = odds.colour_counts(game)
    colours = len(counts)
    rows = []
    for k in range(1, upto + 1):
        cards = odds.hand_has_set(k, counts)
        dice = 1 - Fraction(perm(colours, k), colours**k)
        rows.append((k, cards, dice))
    return rows


#: the smallest hand the set chart and table show in the lesson: the chance for 3 cards is
#: Exercise 2's answer, and a reveal may be opened without a guess
SET_FROM = 4


def set_chart(lang: str = "en", start: int = SET_FROM) -> Chart:
    """The chance that k cards hold a set (two of one colour), k = ``start`` to 10, for cards
    (drawn without putting back) and for dice with the nine colours (each roll independent)."""
    import matplotlib.pyplot as plt

    rows = [r for r in _set_rows() if r[0] >= start]
    ks = [k for k, _, _ in rows]
    style()
    fig, ax = plt.subplots(figsize=(9, 5.5))
    cards = [100 * float(c) for _, c, _ in rows]
    dice = [100 * float(d) for _, _, d in rows]
    ax.plot(
        ks, dice, color="#E69F00", marker="s", ms=10, lw=3, ls="--", label=_t_("set.dice", lang)
    )
    ax.plot(ks, cards, color="#0072B2", marker="o", ms=10, lw=3, label=_t_("set.cards", lang))
    for k, y in zip(ks, cards, strict=True):
        if 1 < k < 10 and k >= start:
            ax.annotate(
                percent(y / 100, lang, 0),
                (k, y),
                textcoords="offset points",
                xytext=(6, -20),
                fontsize=14,
                color="#0072B2",
            )
    ax.set(
        xlabel=_t_("set.x", lang),
        ylabel=_t_("set.y", lang),
        xticks=ks,
        ylim=(-3, 108),
        xlim=(start - 0.5, 10.5),
    )
    ax.set_title(_t_("set.title", lang))
    ax.legend(frameon=False, loc="lower right")
    return Chart(fig, repr(set_table(lang, start=start)))


def set_table(lang: str = "en", exact: bool = False, start: int = SET_FROM) -> Shown:
    """The numbers of :func:`set_chart` from ``start`` cards on (``exact=True``: the counting
    behind them, as fractions: hands with all colours different out of all hands)."""
    game = _game()
    per, colours = sum(game.per_colour), len(game.colours)
    lines = [_t_("set.head_exact" if exact else "set.head", lang)]
    for k, cards, dice in _set_rows():
        if k < start:
            continue
        if exact:
            different = comb(colours, k) * per**k
            hands = comb(game.cards, k)
            lines.append(
                f"{k:>3}  {plain_number(different, lang):>13}  {plain_number(hands, lang):>16}  "
                f"{cards} = {percent(cards, lang, 2)}"
            )
        else:
            lines.append(f"{k:>3}  {percent(cards, lang):>8}  {percent(dice, lang):>8}")
    lines.append(_t_("set.note_exact" if exact else "set.note", lang))
    text = "\n".join(lines)
    return Shown(f"<pre style='font-size:16px'>{escape(text)}</pre>", text)


#: the deals of :func:`simulated_hands`, and where its running count is read
DEAL_STOPS = (100, 1_000, 10_000, 100_000)


def deal_hands(k: int, deals: int, seed: int) -> np.ndarray:
    """``deals`` hands of ``k`` cards from the 54 cards, each from its own shuffle (seeded):
    True where a hand holds a set. Card ``i`` has colour ``i // 6``."""
    game = _game()
    per = sum(game.per_colour)
    rng = np.random.default_rng(seed)
    keys = rng.random((deals, game.cards))
    hands = np.argpartition(keys, k, axis=1)[:, :k] // per
    hands.sort(axis=1)
    return (np.diff(hands, axis=1) == 0).any(axis=1)


def simulated_hands(lang: str = "en", k: int = 5, seed: int = 5) -> Shown:
    """Deal hands of ``k`` cards again and again (seeded): the share with a set after 100,
    1,000, ... deals against the exact chance, with the typical error of a count that size."""
    from ..heroes import odds

    exact = odds.hand_has_set(k, odds.colour_counts(_game()))
    has_set = deal_hands(k, DEAL_STOPS[-1], seed)
    running = np.cumsum(has_set)
    p = float(exact)
    lines = [_t_("sim.head", lang, k=k), _t_("sim.columns", lang)]
    for n in DEAL_STOPS:
        share = running[n - 1] / n
        lines.append(
            f"{plain_number(n, lang):>11}  {plain_number(running[n - 1], lang):>9}  "
            f"{percent(share, lang, 1):>8}  {percent(exact, lang, 1):>8}  "
            f"{_dec(100 * (share - p), lang, 1):>6}  {_dec(100 * np.sqrt(p * (1 - p) / n), lang, 1):>6}"
        )
    lines.append(_t_("sim.note", lang))
    text = "\n".join(lines)
    return Shown(f"<pre style='font-size:16px'>{escape(text)}</pre>", text)


def _reset_counts() -> tuple[Any, tuple[int, ...], tuple[int, ...]]:
    """Mia's unseen cards right before the waterfall shows, and right after the reshuffle."""
    from ..heroes import odds

    before = state_after((*SETUP, *MIA_TURN, *PETER_TURN, *FULL_HAND, *TO_WATERFALL))
    after = before
    for line in WATERFALL[:3]:
        after = after.apply(line)
    game = before.game
    return game, odds.unseen(game, before.observation(0)), odds.unseen(game, after.observation(0))


def reset(lang: str = "en") -> Chart:
    """The waterfall puts the discard pile back: for each colour, the share of the cards Mia
    cannot see, right before the waterfall shows and right after the reshuffle."""
    import matplotlib.pyplot as plt

    game, before, after = _reset_counts()
    n_before, n_after = sum(before), sum(after)
    names = [colour_word(c, lang) for c in game.colours]
    share_b = [Fraction(sum(before[4 * c : 4 * c + 4]), n_before) for c in range(len(names))]
    share_a = [Fraction(sum(after[4 * c : 4 * c + 4]), n_after) for c in range(len(names))]
    style()
    fig, ax = plt.subplots(figsize=(11, 5.5))
    x = np.arange(len(names))
    bars = ax.bar(
        x - 0.2,
        [100 * float(s) for s in share_b],
        0.4,
        color="#56B4E9",
        edgecolor="black",
        hatch="//",
        label=_t_("reset.before", lang),
    )
    ax.bar_label(
        bars, [f"{sum(before[4 * c : 4 * c + 4])}" for c in range(len(names))], fontsize=14
    )
    bars = ax.bar(
        x + 0.2,
        [100 * float(s) for s in share_a],
        0.4,
        color="#0072B2",
        edgecolor="black",
        label=_t_("reset.after", lang),
    )
    ax.bar_label(bars, [f"{sum(after[4 * c : 4 * c + 4])}" for c in range(len(names))], fontsize=14)
    ax.set_xticks(x, names, rotation=30, ha="right")
    ax.set(ylabel=_t_("reset.y", lang), ylim=(0, 24))
    ax.set_title(_t_("reset.title", lang))
    ax.legend(frameon=False, loc="upper left")
    lines = [_t_("reset.head", lang, before=n_before, after=n_after)]
    for c, name in enumerate(names):
        b, a = sum(before[4 * c : 4 * c + 4]), sum(after[4 * c : 4 * c + 4])
        lines.append(
            f"{name:>10}  {b:>2} = {percent(share_b[c], lang):>6}   {a:>2} = {percent(share_a[c], lang):>6}"
        )
    return Chart(fig, "\n".join(lines))


def waterfall_clock(lang: str = "en") -> Chart:
    """When does the waterfall come after the set-up (41 cards, below 21 to 41 of them)? For each
    draw: the chance it shows at that draw, and the chance it shows now if it has not yet."""
    import matplotlib.pyplot as plt

    from ..heroes import odds

    state = state_after(SETUP)
    game, obs = state.game, state.observation(0)
    last = obs["waterfall"]["highest"] + 1
    draws = list(range(1, last + 1))
    within = [odds.waterfall_within(game, obs, n) for n in range(last + 1)]
    at = [within[n] - within[n - 1] for n in draws]
    now = [a / (1 - within[n - 1]) for n, a in zip(draws, at, strict=True)]
    style()
    fig, ax = plt.subplots(figsize=(10, 5.5))
    ax.bar(
        draws,
        [100 * float(a) for a in at],
        color="#56B4E9",
        edgecolor="black",
        label=_t_("clock.at", lang),
    )
    ax.plot(
        draws,
        [100 * float(x) for x in now],
        color="#D55E00",
        lw=3,
        marker="o",
        ms=6,
        label=_t_("clock.now", lang),
    )
    ax.set(
        xlabel=_t_("clock.x", lang), ylabel=_t_("clock.y", lang), ylim=(0, 105), xlim=(0, last + 1)
    )
    ax.set_title(_t_("clock.title", lang))
    ax.legend(frameon=False, loc="upper left")
    lines = [_t_("clock.head", lang)]
    for n in (1, 21, 22, 23, 25, 30, 35, 40, 41, 42):
        a, x = at[n - 1], now[n - 1]
        lines.append(
            f"{n:>4}  {str(a):>5} = {percent(a, lang):>6}  {str(x):>5} = {percent(x, lang):>6}"
        )
    return Chart(fig, "\n".join(lines))


#: the small deck of :func:`lone_griffin`: two colours, each one griffin, one cliff runner and
#: two gold cards; a hand of three; a griffin path of two fields
SMALL_DECK: dict[str, Any] = {
    "colours": ["blue", "orange"],
    "griffin_cards": 1,
    "runner_cards": 1,
    "gold_cards": 2,
    "plus2_cards": 0,
    "hand_limit": 3,
    "start_hand": 1,
    "display_size": 1,
    "player_counts": [2, 2],
    "griffin_path": 2,
    "runner_path": 3,
}


def lone_griffin(lang: str = "en", runs: int = 10_000, seed: int = 3) -> Shown:
    """A lone player brings the griffin to the volcano with a simple plan (play a set with a
    griffin card as soon as there is one, else draw): on a small deck the expected number of
    turns, counted exactly and shown rounded (its fraction has 20 digits), and a seeded simulation
    of the same games beside it."""
    from ..heroes import odds

    game = Heroes(**SMALL_DECK)
    exact = odds.expected_turns(game, "griffin")
    sims = odds.simulate_turns(game, "griffin", runs, np.random.default_rng(seed))
    error = float(sims.std(ddof=1) / np.sqrt(runs))
    text = _t_(
        "lone.small",
        lang,
        cards=game.cards,
        exact=_dec(float(exact), lang, 3),
        runs=plain_number(runs, lang),
        mean=_dec(float(sims.mean()), lang, 3),
        error=_dec(error, lang, 3),
    )
    return Shown(f"<p style='font-size:17px'>{escape(text)}</p>", text)


def lone_griffin_printed(lang: str = "en", runs: int = 1_000, seed: int = 4) -> Shown:
    """The same plan on the printed deck, far too big to count exactly: a seeded simulation."""
    from ..heroes import odds

    sims = odds.simulate_turns(_game(), "griffin", runs, np.random.default_rng(seed))
    error = float(sims.std(ddof=1) / np.sqrt(runs))
    text = _t_(
        "lone.printed",
        lang,
        runs=plain_number(runs, lang),
        mean=_dec(float(sims.mean()), lang, 1),
        error=_dec(error, lang, 1),
        low=int(sims.min()),
        high=int(sims.max()),
        median=_dec(float(np.median(sims)), lang, 0),
    )
    return Shown(f"<p style='font-size:17px'>{escape(text)}</p>", text)


def product_of_colours() -> int:
    """Hands of one card of every colour: 6 choices in each of the 9 colours."""
    from ..heroes import odds

    return prod(odds.colour_counts(_game()))
