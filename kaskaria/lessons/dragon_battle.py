"""The pictures, tables and hands-on tools of the Dragon Battle lessons.

Each function returns something a notebook shows by itself (HTML with a readable text face, or a
chart with the numbers behind it as its text), in English or German, so a lesson cell stays one
line. Every number comes from the engine's exact odds; simulations are seeded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from functools import partial
from html import escape
from itertools import product
from typing import Any

import numpy as np

from ..dragon_battle.odds import (
    advise_turn,
    expected_stars,
    fail_chance,
    optimal_turn_value,
    turn_distribution,
)
from ..dragon_battle.render import PALETTE
from ..dragon_battle.rules import COLOURS, FACES
from ..i18n import register_loader
from ..i18n import text as _t
from .content import TALLY_PAIRS
from .content_dragon_battle import (
    RULE_MEAN_SHARE,
    RULE_WORST_SHARE,
    RULES_RESIDENTS,
    STARS,
    WHAT_IF_TURN,
    rule_cost_text,
    rule_lines,
    what_if_turn,
)
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
from .widgets import ImageSlider, Tally

__all__ = [
    "FAIR_SHARE",
    "RULE_MEAN_SHARE",
    "RULE_WORST_SHARE",
    "against_fair_share",
    "expected_value",
    "fail_chart",
    "fail_table",
    "faces",
    "grid",
    "lln_slider",
    "lln_table",
    "roll_weights",
    "rule",
    "rule_cost",
    "tally",
    "looked_back",
    "turn_chart",
    "what_if_table",
]


def _load() -> None:
    from . import messages  # noqa: F401


register_loader("lessons", _load)

_TEXT_ON = {
    "yellow": "#222",
    "red": "#fff",
    "blue": "#fff",
    "purple": "#fff",
    "silver": "#222",
    "black": "#fff",
}


def _t_(key: str, lang: str, **params: Any) -> str:
    return _t("lessons", key, lang, **params)


def _scared_words(scared: list[str], lang: str) -> str:
    return ", ".join(_t_(f"face.{c}", lang) for c in scared) or _t_("faces.nothing", lang)


def _die(face: str, extra: str = "", lang: str = "en") -> str:
    """A die face as a coloured square with its label in the lesson's language (German: Sw
    Schwarz, G Gelb, R Rot, B Blau, L Lila, Si Silber; no two start alike)."""
    letter = _t("dragon-battle", f"letter.{face}", lang)
    return (
        f'<span title="{escape(_t_(f"face.{face}", lang))}" style="display:inline-block;min-width:2.2em;height:2.2em;'
        f"line-height:2.2em;text-align:center;border-radius:0.3em;margin:0.15em;font-weight:bold;"
        f'background:{PALETTE[face]};color:{_TEXT_ON[face]};border:2px solid #444;{extra}">'
        f"{escape(letter)}</span>"
    )


def _bad_faces(scared: list[str]) -> list[str]:
    return ["black", *[c for c in COLOURS if c in scared]]


def faces(scared: list[str], lang: str = "en") -> Shown:
    """The six faces of a die, marked good or bad when ``scared`` dragons already hold dice."""
    bad = _bad_faces(scared)
    cells = []
    for f in FACES:
        mark = _t_("bad", lang) if f in bad else _t_("good", lang)
        cells.append(
            f'<td style="text-align:center;padding:4px 8px">{_die(f, lang=lang)}<br>{escape(_t_(f"face.{f}", lang))}'
            f'<br><b style="color:{"#b3372f" if f in bad else "#2e7d4f"}">{escape(mark)}</b></td>'
        )
    summary = _t_(
        "faces.summary",
        lang,
        scared=_scared_words(scared, lang),
        n=len(bad),
        good=6 - len(bad),
        faces=", ".join(_t_(f"face.{f}", lang) for f in bad),
    )
    html = f'<table style="font-size:18px"><tr>{"".join(cells)}</tr></table><p style="font-size:18px">{escape(summary)}</p>'
    return Shown(html, summary)


def grid(scared: list[str], lang: str = "en") -> Shown:
    """The 6 x 6 ways two dice can land: a square is red where both dice are bad."""
    bad = set(_bad_faces(scared))
    head = "".join(f'<th style="padding:2px">{_die(f, lang=lang)}</th>' for f in FACES)
    rows = []
    count = 0
    for a in FACES:
        cells = []
        for b in FACES:
            both = a in bad and b in bad
            count += both
            colour = "#f4b4ad" if both else "#e3f1e8"
            mark = "&#10007;" if both else "&#10003;"
            cells.append(
                f'<td style="width:2.6em;height:2.6em;text-align:center;background:{colour};'
                f'border:1px solid #999;font-size:20px">{mark}</td>'
            )
        rows.append(f'<tr><th style="padding:2px">{_die(a, lang=lang)}</th>{"".join(cells)}</tr>')
    fraction = Fraction(count, 36)
    words = _t_(
        "grid.count", lang, bad=count, fraction=str(fraction), percent=percent(fraction, lang)
    )
    title = _t_("grid.title", lang, scared=_scared_words(scared, lang))
    html = (
        f'<div style="font-size:17px"><b>{escape(title)}</b><table style="border-collapse:collapse;'
        f'margin:6px 0"><tr><th style="font-size:14px">{escape(_t_("grid.first", lang))} &darr; '
        f"{escape(_t_('grid.second', lang))} &rarr;</th>{head}</tr>{''.join(rows)}</table>"
        f"<p>{escape(words)}</p></div>"
    )
    lines = [title]
    for a in FACES:
        lines.append(
            " ".join("x" if a in bad and b in bad else "." for b in FACES)
            + f"  {_t_(f'face.{a}', lang)}"
        )
    lines.append(words)
    return Shown(html, "\n".join(lines))


def _moments() -> list[tuple[int, int]]:
    return [(n, s) for s in range(4) for n in range(1, 5) if n + s <= 4 and (s > 0 or n == 4)]


def fail_table(
    lang: str = "en", exact: bool = False, leave_out: Iterable[tuple[int, int]] = ()
) -> Shown:
    """The chance that the next roll fails, for every number of dice and scared dragons that can
    happen in a turn: in percent (``exact=True``: also as fractions). The moments ``leave_out``
    ((dice in hand, scared dragons), such as those exercises ask) show a question mark."""
    real = set(_moments())
    hidden = {(int(n), int(s)) for n, s in leave_out}
    head = [_t_("fails.head", lang)] + [str(n) for n in range(1, 5)]
    rows = []
    for s in range(4):
        name = _t_("fails.none", lang) if s == 0 else _t_("fails.scared", lang, n=s)
        cells = []
        for n in range(1, 5):
            if (n, s) not in real:
                cells.append("\u2014")
                continue
            if (n, s) in hidden:
                cells.append("?")
                continue
            p = fail_chance(n, s)
            cells.append(f"{p} = {percent(p, lang, 2)}" if exact else percent(p, lang, 1))
        rows.append([name, *cells])
    width = max(len(r[0]) for r in rows)
    text = "\n".join(
        [f"{head[0]:>{width}}  " + "  ".join(f"{h:>16}" for h in head[1:])]
        + [f"{r[0]:>{width}}  " + "  ".join(f"{c:>16}" for c in r[1:]) for r in rows]
        + [_t_("fails.happens", lang)]
        + ([_t_("fails.left_out", lang)] if hidden else [])
    )
    html = (
        '<table style="font-size:18px"><tr>'
        + "".join(f"<th>{escape(h)}</th>" for h in head)
        + "</tr>"
        + "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in r) + "</tr>" for r in rows)
        + f"</table><p>{escape(_t_('fails.happens', lang))}</p>"
        + (f"<p>{escape(_t_('fails.left_out', lang))}</p>" if hidden else "")
    )
    return Shown(html, text)


def fail_chart(lang: str = "en", leave_out: Iterable[tuple[int, int]] = ()) -> Chart:
    """The chance of failing against the dice in hand, one line per number of scared dragons (only
    moments that happen in a turn), with the numbers as its text; the moments ``leave_out``
    ((dice in hand, scared dragons)) are not drawn."""
    hidden = {(int(n), int(s)) for n, s in leave_out}
    import matplotlib.pyplot as plt

    style()
    fig, ax = plt.subplots(figsize=(9, 5.5))
    looks = [
        ("#0072B2", "o", "-"),
        ("#E69F00", "s", "--"),
        ("#009E73", "D", "-."),
        ("#CC79A7", "^", ":"),
    ]
    for s, (colour, marker, line) in enumerate(looks):
        ns = [n for n in range(1, 5) if (n, s) in set(_moments()) and (n, s) not in hidden]
        ys = [100 * float(fail_chance(n, s)) for n in ns]
        label = _t_("fails.none", lang) if s == 0 else _t_("fails.scared", lang, n=s)
        ax.plot(ns, ys, color=colour, marker=marker, ms=12, lw=3, ls=line, label=label)
        for n, y in zip(ns, ys, strict=True):
            ax.annotate(
                percent(y / 100, lang, 0 if y >= 10 else 1),
                (n, y),
                textcoords="offset points",
                xytext=(8, 6),
                fontsize=14,
            )
    ax.set(
        xlabel=_t_("fails.x", lang), ylabel=_t_("fails.y", lang), xticks=range(1, 5), ylim=(-4, 75)
    )
    ax.set_title(_t_("fails.title", lang))
    ax.legend(frameon=False, loc="upper right")
    return Chart(fig, repr(fail_table(lang, leave_out=hidden)))


# ---------------------------------------------------------------------------------------------
# our own dice
# ---------------------------------------------------------------------------------------------
def _whole(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if value >= 0 else None
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) <= 9:
        return int(value.strip())
    if isinstance(value, str) and not value.strip():
        return 0
    return None


def rolls_in_code(code: str) -> tuple[int, int, Fraction, bool] | None:
    """(rolls, failed rolls, expected failures, fair) in the game of a scenario code, or None."""
    from ..match import Match, SavedGameError

    try:
        match = Match.from_code(code)
    except (SavedGameError, ValueError, TypeError):
        return None
    if match.game.name != "dragon-battle":
        return None
    rolls = fails = 0
    expected = Fraction(0)
    for before, action, after in zip(
        match.states[:-1], match.actions, match.states[1:], strict=True
    ):
        if before.phase == "rolling" and action.args:
            rolls += 1
            scared = sum(1 for d in before.on_dragon if d)
            expected += fail_chance(before.hand, scared)
            fails += after.turns > before.turns
    return rolls, fails, expected, match.fair


def pool(rows: list[dict[str, Any]], lang: str = "en") -> dict[str, Any]:
    """Add up the groups' counts (2 dice, red scared) and the games of fair scenario codes."""
    exact = fail_chance(2, 1)
    total_rolls = total_fails = 0
    shares = []
    notes = []
    code_rolls = code_fails = codes = staged = 0
    code_expected = Fraction(0)
    for i, row in enumerate(rows[:40]):
        if not isinstance(row, dict):
            continue
        code = row.get("code")
        if isinstance(code, str) and code.strip():
            found = rolls_in_code(code.strip()[:60_000])
            if found is None:
                notes.append(_t_("tally.bad_row", lang, row=i + 1, why=_t_("tally.bad_code", lang)))
            elif not found[3]:
                staged += 1
            else:
                codes += 1
                code_rolls += found[0]
                code_fails += found[1]
                code_expected += found[2]
            continue
        rolls, fails = _whole(row.get("rolls", "")), _whole(row.get("fails", ""))
        if rolls is None or fails is None:
            notes.append(_t_("tally.bad_row", lang, row=i + 1, why=_t_("tally.not_numbers", lang)))
            continue
        if rolls == 0 and fails == 0:
            continue
        if fails > rolls:
            notes.append(_t_("tally.bad_row", lang, row=i + 1, why=_t_("tally.more_fails", lang)))
            continue
        total_rolls += rolls
        total_fails += fails
        shares.append(Fraction(fails, rolls))
    lines = []
    if total_rolls:
        lines.append(
            _t_(
                "tally.pooled",
                lang,
                rolls=plain_number(total_rolls, lang),
                fails=plain_number(total_fails, lang),
                share=percent(Fraction(total_fails, total_rolls), lang),
                exact=percent(exact, lang),
            )
        )
        if len(shares) > 1:
            lines.append(
                _t_(
                    "tally.groups",
                    lang,
                    low=percent(min(shares), lang),
                    high=percent(max(shares), lang),
                )
            )
    if codes:
        lines.append(
            _t_(
                "tally.codes",
                lang,
                n=codes,
                rolls=plain_number(code_rolls, lang),
                fails=plain_number(code_fails, lang),
                expected=f"{float(code_expected):.1f}".replace(".", "," if lang == "de" else "."),
            )
        )
    if staged:
        lines.append(_t_("tally.staged", lang, n=staged))
    lines += notes
    if not lines:
        lines.append(_t_("tally.none", lang))
    return {
        "summary": "\n".join(lines),
        "rolls": total_rolls,
        "fails": total_fails,
        "codes": codes,
        "staged": staged,
    }


def tally(lang: str = "en", rows: int = TALLY_PAIRS, codes: bool = False) -> Tally:
    """A table for the class's own counts: each group's rolls and failures. It starts with a row
    for each pair of a class of 32 (as many as the worksheet's pair columns), and typing into its
    last row adds another, so no two pairs need to share a row. With ``codes`` it has a column
    for scenario codes of games played on the tables too (only codes whose dice came from their
    seed count); lesson 02 counts real dice and never speaks of scenario codes, so its table
    shows no such column."""
    keys = ("title", "group", "rolls", "fails", *(("code",) if codes else ()), "pool")
    words = {k: _t_(f"tally.{k}", lang) for k in keys}
    return Tally("tally", words, lambda r: pool(r, lang), rows)


# ---------------------------------------------------------------------------------------------
# the law of large numbers
# ---------------------------------------------------------------------------------------------
_STOPS = [10**k for k in range(1, 7)]


def _runs() -> list[np.ndarray]:
    """Three classes' running share of failed rolls (2 dice, red scared), seeded."""
    out = []
    for seed in range(3):
        dice = np.random.default_rng(seed).integers(0, 6, size=(1_000_000, 2))
        fails = np.isin(dice, [0, 2]).all(axis=1)  # faces 0 black, 2 red
        out.append(np.cumsum(fails) / np.arange(1, 1_000_001))
    return out


def _plain_log_axis(ax: Any, lang: str) -> None:
    from matplotlib.ticker import FixedLocator, FuncFormatter, NullLocator

    ax.set_xscale("log")
    ax.xaxis.set_major_locator(FixedLocator([1, *_STOPS]))
    ax.xaxis.set_minor_locator(NullLocator())
    ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _pos: plain_number(x, lang)))


def _lln_chart(upto: int, runs: list[np.ndarray], lang: str) -> tuple[str, str]:
    import matplotlib.pyplot as plt

    style()
    fig, ax = plt.subplots(figsize=(9, 5.5))
    steps = np.unique(np.logspace(0, np.log10(upto), 250).astype(int))
    for k, (run, colour, line) in enumerate(
        zip(runs, ("#0072B2", "#E69F00", "#009E73"), ("-", "--", "-."), strict=True)
    ):
        ax.plot(
            steps,
            100 * run[steps - 1],
            color=colour,
            ls=line,
            lw=3,
            label=_t_("lln.run", lang, k=k + 1),
        )
    ax.axhline(100 / 9, color="black", lw=2, label=_t_("lln.exact", lang))
    _plain_log_axis(ax, lang)
    ax.set(xlim=(1, 1_000_000), ylim=(0, 40), xlabel=_t_("lln.x", lang), ylabel=_t_("lln.y", lang))
    ax.set_title(_t_("lln.title", lang))
    ax.legend(frameon=False, loc="upper right")
    caption = _t_(
        "lln.caption",
        lang,
        n=plain_number(upto, lang),
        a=percent(runs[0][upto - 1], lang),
        b=percent(runs[1][upto - 1], lang),
        c=percent(runs[2][upto - 1], lang),
    )
    return Chart(fig, caption).base64(), caption


def lln_slider(lang: str = "en") -> ImageSlider:
    """Move the slider from 10 to 1,000,000 rolls: three classes' shares of failed rolls settle
    on the exact 1 in 9."""
    runs = _runs()
    stops: list[tuple[str, Callable[[], tuple[str, str]]]] = [
        (plain_number(n, lang), partial(_lln_chart, n, runs, lang)) for n in _STOPS
    ]
    return ImageSlider("lln", _t_("lln.label", lang), stops, start=2)


def lln_table(lang: str = "en") -> Shown:
    """Class 1's share after 10, 100, ... rolls against the exact value, with the typical error
    of a count that size, sqrt(p(1 - p) / n)."""
    p = 1 / 9
    run = _runs()[0]
    lines = [_t_("lln.table_head", lang)]
    dec, pp = ("," if lang == "de" else "."), _t_("lln.points", lang)
    for n in _STOPS:
        share = run[n - 1]
        diff = f"{100 * (share - p):+.2f}".replace(".", dec)
        typical = f"{100 * np.sqrt(p * (1 - p) / n):.2f}".replace(".", dec)
        lines.append(
            f"{plain_number(n, lang):>9}  {percent(share, lang, 2):>10}  {percent(p, lang, 2):>8}  "
            f"{diff} {pp}  {typical} {pp}"
        )
    text = "\n".join(lines)
    return Shown(f'<pre style="font-size:16px">{escape(text)}</pre>', text)


def roll_weights(lang: str = "en", show: int = 8) -> Shown:
    """The 126 handfuls four dice can show and how many of the 1,296 orders give each."""
    from ..dragon_battle.turn import multisets

    sets = sorted(multisets(4), key=lambda cw: (-cw[1], cw[0]))
    lines = [_t_("weights.title", lang)]
    picked = sets[: show // 2] + sets[-(show // 2) :]
    for counts, ways in picked:
        faces_ = " ".join(
            _t_(f"face.{f}", lang) for f, c in zip(FACES, counts, strict=True) for _ in range(c)
        )
        lines.append(_t_("weights.line", lang, n=ways, faces=faces_))
    lines.append(_t_("weights.summary", lang, n=len(sets)))
    assert sum(w for _, w in sets) == 1296
    text = "\n".join(lines)
    return Shown(f'<pre style="font-size:16px">{escape(text)}</pre>', text)


# ---------------------------------------------------------------------------------------------
# roll or stop
# ---------------------------------------------------------------------------------------------
def expected_value(scared: list[str], lang: str = "en", juggler: int = 1) -> Shown:
    """What each face of the last die brings on the example table, and the average."""
    stars = dict(zip(COLOURS, STARS, strict=True))
    held = sum(stars[c] for c in scared)
    empty = [c for c in COLOURS if c not in scared]
    best = max(empty, key=lambda c: stars[c])
    rows = []
    for f in FACES:
        if f == "black" or f in scared:
            value, why = juggler, _t_("ev.fails", lang)
        elif f == "silver":
            value, why = (
                held + stars[best],
                _t_("ev.silver", lang, dragon=_t_(f"face.{best}", lang)),
            )
        else:
            value, why = held + stars[f], _t_("ev.scares", lang, dragon=_t_(f"face.{f}", lang))
        rows.append((f, value, why))
    total = sum(v for _, v, _ in rows)
    mean = Fraction(total, 6)
    advice = advise_turn(STARS, scared=scared, hand=1)
    assert advice.choice("roll").expected_stars == mean  # the table is the solver's own sum
    shown = f"{float(mean):.2f}".replace(".", "," if lang == "de" else ".")
    verdict = _t_("ev.better_roll" if mean > held else "ev.better_stop", lang)
    summary = (
        _t_("ev.average", lang, sum=" + ".join(str(v) for _, v, _ in rows), value=shown, stop=held)
        + " "
        + verdict
    )
    html = (
        '<table style="font-size:18px"><tr>'
        f"<th>{escape(_t_('ev.face', lang))}</th><th>{escape(_t_('ev.brings', lang))}</th><th>{escape(_t_('ev.why', lang))}</th></tr>"
        + "".join(
            f"<tr><td>{_die(f, lang=lang)}</td><td style='text-align:center'>{v}</td><td>{escape(w)}</td></tr>"
            for f, v, w in rows
        )
        + f"</table><p style='font-size:18px'>{escape(summary)}</p>"
    )
    text = (
        "\n".join(f"{_t_(f'face.{f}', lang):>7}: {v:>2}  {w}" for f, v, w in rows) + "\n" + summary
    )
    return Shown(html, text)


def rule(lang: str = "en") -> Shown:
    lines = rule_lines(lang)
    html = "<ul style='font-size:18px'>" + "".join(f"<li>{escape(x)}</li>" for x in lines) + "</ul>"
    return Shown(html, "\n".join(lines))


def rule_cost(lang: str = "en") -> Shown:
    """The rule against perfect play on the example table, and over all tables (the three
    numbers "99.7%", "99.8%" and "0.2%", reconciled)."""
    text = rule_cost_text(lang)
    return Shown(f"<p style='font-size:18px'>{escape(text)}</p>", text)


def turn_chart(lang: str = "en") -> Chart:
    """How a whole turn ends under three ways of playing, exactly, with the numbers as text."""
    import matplotlib.pyplot as plt

    style()
    ways = ("cautious", "all-in", "optimal")
    dists = {w: turn_distribution(w, STARS) for w in ways}
    ends = [_t_("turns.failed", lang)] + [_t_("turns.dragons", lang, n=n) for n in range(1, 5)]
    fig, ax = plt.subplots(figsize=(10, 5.5))
    looks = [("#56B4E9", "//"), ("#D55E00", ".."), ("#0072B2", "")]
    for i, (w, (colour, hatch)) in enumerate(zip(ways, looks, strict=True)):
        heights = [100 * float(p) for p in dists[w].by_count()]
        x = np.arange(5) + 0.27 * (i - 1)
        bars = ax.bar(
            x,
            heights,
            0.27,
            color=colour,
            hatch=hatch,
            edgecolor="black",
            label=_t_(f"turns.way.{w}", lang),
        )
        ax.bar_label(bars, [f"{h:.0f}%" if h >= 0.5 else "" for h in heights], fontsize=14)
    ax.set_xticks(range(5), ends)
    ax.set(ylabel=_t_("turns.y", lang), ylim=(0, 110))
    ax.set_title(_t_("turns.title", lang))
    ax.legend(frameon=False)
    dec = "," if lang == "de" else "."
    lines = []
    for w in ways:
        d = dists[w]
        lines.append(
            _t_(
                "turns.expected",
                lang,
                way=_t_(f"turns.way.{w}", lang),
                failed=percent(d.failed, lang),
                stars=f"{float(d.expected_stars):.2f}".replace(".", dec),
            )
        )
        lines.append(
            "    "
            + "  ".join(f"{e} {percent(p, lang)}" for e, p in zip(ends, d.by_count(), strict=True))
        )
    return Chart(fig, "\n".join(lines))


def exact_turns(lang: str = "en") -> Shown:
    """Extension: the exact fractions of how a turn ends, and a seeded simulation of 100,000
    turns of each way beside them."""
    from ..dragon_battle.turn_sim import simulate_turns

    lines = []
    dec = "," if lang == "de" else "."
    for w in ("cautious", "all-in", "optimal"):
        d = turn_distribution(w, STARS)
        s = simulate_turns(w, 100_000, np.random.default_rng(7), STARS)
        lines.append(
            _t_(
                "exact.line",
                lang,
                way=_t_(f"turns.way.{w}", lang),
                failed=f"{d.failed} = {percent(d.failed, lang, 2)}",
                sim_failed=percent(s.failed, lang, 2),
                stars=f"{d.expected_stars} = {float(d.expected_stars):.3f}".replace(".", dec),
                sim_stars=f"{s.mean_stars:.3f}".replace(".", dec),
            )
        )
    text = "\n".join(lines)
    return Shown(f'<pre style="font-size:15px">{escape(text)}</pre>', text)


def _all_tables_share() -> tuple[float, float]:
    """What the rule keeps of the best, averaged over all 256 tables and at worst (slow: ~3 s)."""
    shares = [
        float(expected_stars("rule", s) / optimal_turn_value(s))
        for s in product((1, 2, 3, 4), repeat=4)
    ]
    return sum(shares) / len(shares), min(shares)


# ---------------------------------------------------------------------------------------------
# the tournament
# ---------------------------------------------------------------------------------------------
CHALLENGERS: tuple[tuple[str, str, Any], ...] = (
    ("cautious", "cautious", None),
    ("risk-1/20", "threshold", Fraction(1, 20)),
    ("risk-1/4", "threshold", Fraction(1, 4)),
    ("risk-1/2", "threshold", Fraction(1, 2)),
    ("all-in", "all-in", None),
    ("optimal", "optimal", None),
)


def run_tournament(games: int = 300, seed: int = 2026) -> dict[str, Any]:
    """Each challenger against two ordinary players (threshold 1/4), three players, seats rotated:
    ``{name: TournamentResult}``. Whole games are simulated many at a time with the same rules and
    the bots' own choices (:func:`kaskaria.dragon_battle.simulate.simulate_tournament`), which the
    tests check against games played through the engine."""
    import kaskaria
    from kaskaria.dragon_battle.game_sim import simulate_tournament
    from kaskaria.dragon_battle.odds import make_policy

    game = kaskaria.load("dragon-battle", players=3)
    ordinary = make_policy("threshold", risk=Fraction(1, 4))
    out = {}
    for k, (name, policy, risk) in enumerate(CHALLENGERS):
        challenger = make_policy(policy, risk=risk)
        out[name] = simulate_tournament(
            game, [challenger, ordinary, ordinary], games=games, seed=seed + k
        )
    return out


FAIR_SHARE = Fraction(1, 3)


def against_fair_share(results: dict[str, Any]) -> dict[str, list[str]]:
    """The challengers (by name) whose 95% interval of games won lies wholly below the fair
    share of three players (1 in 3), contains it, or lies wholly above it: what a tournament of
    this size can and cannot tell."""
    groups: dict[str, list[str]] = {"below": [], "around": [], "above": []}
    for name, _, _ in CHALLENGERS:
        low, high = results[name].win_ci[0]
        side = "below" if high < FAIR_SHARE else "above" if low > FAIR_SHARE else "around"
        groups[side].append(name)
    return groups


def tournament(lang: str = "en", intervals: bool = False, games: int = 300) -> Chart:
    """The win rates of the challengers (with their 95% intervals when ``intervals``), as a chart
    with the numbers as its text, and which challengers the intervals tell apart from the fair
    share of 1 in 3 (below, not told apart, above)."""
    import matplotlib.pyplot as plt

    results = run_tournament(games)
    style()
    names = [n for n, _, _ in CHALLENGERS]
    labels = [_t_(f"tour.bot.{n}", lang) for n in names]
    # long names on two lines, so that the six labels never run into each other
    ticks = [label.replace(" ", "\n", 1) if len(label) > 9 else label for label in labels]
    rates = np.array([results[n].win_rate[0] for n in names])
    cis = np.array([results[n].win_ci[0] for n in names])
    fig, ax = plt.subplots(figsize=(10, 5.5))
    colours = ["#56B4E9", "#009E73", "#E69F00", "#CC79A7", "#D55E00", "#0072B2"]
    if intervals:
        errors = 100 * np.array([rates - cis[:, 0], cis[:, 1] - rates])
        ax.bar(ticks, 100 * rates, yerr=errors, capsize=10, color=colours, edgecolor="black")
    else:
        bars = ax.bar(ticks, 100 * rates, color=colours, edgecolor="black")
        ax.bar_label(bars, [percent(r, lang, 0) for r in rates], fontsize=15)
    ax.axhline(100 / 3, color="black", ls="--", lw=2, label=_t_("tour.fair", lang))
    ax.set(ylabel=_t_("tour.y", lang), ylim=(0, 65))
    ax.set_title(_t_("tour.title", lang, games=plain_number(games, lang)))
    ax.tick_params(axis="x", labelsize=14)
    ax.legend(frameon=False, loc="upper left")
    dec = "," if lang == "de" else "."
    lines = [_t_("tour.note", lang, games=plain_number(games, lang)), _t_("tour.head", lang)]
    for n, label, rate, (low, high) in zip(names, labels, rates, cis, strict=True):
        stars = results[n].mean_stars[0]
        shown = f"{stars:8.2f}".replace(".", dec)
        lines.append(
            f"{label:<16} {percent(rate, lang):>7}  {percent(low, lang):>6} - {percent(high, lang):<6}  {shown}"
        )
    for side, members in against_fair_share(results).items():
        named = ", ".join(_t_(f"tour.bot.{n}", lang) for n in members)
        lines.append(_t_(f"tour.{side}", lang, names=named or _t_("tour.nobody", lang)))
    return Chart(fig, "\n".join(lines))


# ---------------------------------------------------------------------------------------------
# the rules lesson: tables at exact positions, refusals, replays
# ---------------------------------------------------------------------------------------------
#: The set-up of the rulebook's worked examples: maid under yellow, king under red, knight under
#: blue (the rulebook leaves purple open: the cook).
RESIDENTS = RULES_RESIDENTS
#: The same set-up as action lines: a table built from them shows the residents being drawn.
SET_UP = tuple(f"draw {name}" for name in RESIDENTS)


def position(lines: tuple[str, ...] | list[str] = (), **options: Any) -> Any:
    """A match of two at our set-up (a position set up with :func:`kaskaria.setup`), then exactly
    the given action lines (the dice written out); ``options`` are the game's variant and rule
    options."""
    import kaskaria

    match = kaskaria.setup(
        kaskaria.load("dragon-battle", players=2, **options), residents=RESIDENTS, seed=1
    )
    for line in lines:
        match.apply(line)
    return match


def table_at(*lines: str, lang: str = "en", **options: Any) -> Any:
    """A fresh table for two people at our set-up, then exactly the given action lines (the
    dice written out, as in the rulebook). Nothing is resolved by itself."""
    from ..widgets import DragonBattleTable

    return DragonBattleTable(
        players=2,
        seats=("human", "human"),
        seed=1,
        help=False,
        actions=[*SET_UP, *lines],
        lang=lang,
        **options,
    )


def picture(*lines: str, lang: str = "en", **options: Any) -> Shown:
    """The board of a table at our set-up after exactly the given action lines, as a picture
    (the board a table shows without a kernel, its moves as labels, nothing to press): for a
    reveal to draw with its answer (``L.reveal("black", then=db.picture(...))``). It is seen
    from the table, not from a seat: its words name the player to move ("Player 2: roll all 4
    dice."), never "you" (a picture of the bot's turn told the class "Roll all 4 dice.")."""
    from ..session import TableSession

    session = TableSession(
        "dragon-battle",
        players=2,
        seats=("human", "human"),
        seed=1,
        help=False,
        actions=[*SET_UP, *lines],
        lang=lang,
        **{"viewer": "table", **options},
    )
    return Shown(session.static_html(), session.describe("DragonBattleTable"))


def what_if_table(lang: str = "en") -> Any:
    """Extension I's table: the learner (player 1) against the ``win`` bot at our set-up, just
    after the turn :data:`WHAT_IF_TURN` failed. Hints are on, so its What if? button looks back
    at that turn; the odds stay off and locked (they would show the chance the exercise asks),
    and the bot waits for Next, so the look back stays about that turn until the class moves on.
    Its "What just happened" tells that turn, step by step (the game did not just begin)."""
    from ..widgets import DragonBattleTable

    table = DragonBattleTable(
        players=2,
        seats=("human", "win"),
        seed=1,
        help=False,
        help_switch=False,
        hints=True,
        autoplay=None,
        actions=[*SET_UP, *WHAT_IF_TURN],
        lang=lang,
    )
    table.session.table.recap(len(SET_UP))
    return table


def looked_back(lang: str = "en") -> Shown:
    """What extension I's table answers to What if?, word for word
    (:func:`kaskaria.hints.what_if`): for the reveal to draw with its answer."""
    said = what_if_turn(lang).text
    return Shown(f"<p style='font-size:17px'>{escape(said)}</p>", said)


def legal(table: Any, lang: str = "en") -> Shown:
    """What the player at a table may do now: the button labels and their action lines."""
    return legal_shown(table, _t_("legal.head", lang))


def refused(
    lines: tuple[str, ...] | list[str], action: str, lang: str = "en", **options: Any
) -> Shown:
    """What the engine says to ``action`` at the position after ``lines`` (from our set-up):
    refused, with the rule it breaks. No table changes."""
    state = position(lines, **options).state
    return refused_shown(state, action, lang, _t_("refused.allowed", lang, action=action))


def story(
    lines: tuple[str, ...] | list[str],
    then: tuple[str, ...] | list[str],
    lang: str = "en",
    players: tuple[str, ...] | list[str] = (),
    **options: Any,
) -> Shown:
    """What happens when the lines ``then`` follow the position after ``lines``: the table's own
    sentences, for the text of a worked example (no table is changed); ``players`` names the
    seats as the example does (``("Lukas", "Ella")``)."""
    return story_shown(table_at(*lines, lang=lang, **options), then, lang, players)


def box_contents(lang: str = "en") -> Shown:
    """The rules table's numbers with where each comes from."""
    from ..dragon_battle.rules import RULES

    rows = []
    for key in ("dragons", "dice", "faces", "jugglers", "juggler_stars"):
        entry = getattr(RULES, key)
        value = (
            ", ".join(_t_(f"face.{v}", lang) for v in entry.value)
            if isinstance(entry.value, tuple)
            else str(entry.value)
        )
        rows.append((_t_(f"box.{key}", lang), value, _t_(f"label.{entry.label}", lang)))
    text = "\n".join(f"{k:<22} {v:<45} {lab}" for k, v, lab in rows)
    return Shown(source_table_html(rows), text)


def residents(lang: str = "en") -> Shown:
    """The residents by stars; those from the rulebook marked with *."""
    from ..dragon_battle.pieces import resident_word
    from ..dragon_battle.rules import RULES

    lines = []
    for stars in (4, 3, 2, 1):
        group = [r for r in RULES.residents.value if r.stars == stars]
        names = [
            resident_word(r.name, lang) + ("" if r.label == "ASSUMED" else " *") for r in group
        ]
        lines.append(_t_("residents.line", lang, n=stars, names=", ".join(names)))
    lines.append(_t_("residents.note", lang))
    text = "\n".join(lines)
    return Shown(
        "<p style='font-size:17px'>" + "<br>".join(escape(line) for line in lines) + "</p>", text
    )


def scores(table: Any, lang: str = "en") -> Shown:
    """Each player's stars at the end: residents plus jugglers, and the winners."""
    from ..dragon_battle.pieces import resident_word

    state = table.state
    stars_of = state.game.stars
    lines = []
    for p in range(state.game.players):
        tiles = " + ".join(f"{resident_word(n, lang)} {stars_of[n]}" for n in state.rescued[p])
        lines.append(
            _t_(
                "scores.line",
                lang,
                n=p + 1,
                tiles=tiles or "0",
                jugglers=state.jugglers[p],
                stars=state.stars()[p],
            )
        )
    lines.append(_t_("scores.winner", lang, names=", ".join(str(w + 1) for w in state.winners())))
    text = "\n".join(lines)
    return Shown(
        "<p style='font-size:17px'>" + "<br>".join(escape(line) for line in lines) + "</p>", text
    )


def younger(table: Any, lang: str = "en") -> Shown:
    """The very same game scored for younger children: most residents wins."""
    import kaskaria

    game = kaskaria.load("dragon-battle", players=table.game.players, variant="younger")
    match = kaskaria.Match(game, seed=table.seed, actions=table.match.lines())
    state = match.state
    text = _t_(
        "younger.line",
        lang,
        residents=", ".join(str(x) for x in state.scores()),
        stars=", ".join(str(x) for x in state.stars()),
        names=", ".join(str(w + 1) for w in state.winners()),
    )
    return Shown(f"<p style='font-size:17px'>{escape(text)}</p>", text)


def _option_value(value: Any, lang: str) -> str:
    """An option's value as Python writes it, with its meaning where the language needs one
    (German: ``False (nein)``, ``'nothing' (nichts)``)."""
    word = _t_(f"option.value.{value}", lang) if isinstance(value, (bool, str)) else ""
    return f"{value!r} ({word})" if word else repr(value)


def rule_options(lang: str = "en", leave_out: Iterable[str] = ()) -> Shown:
    """The readings the engine had to choose, with their defaults; ``leave_out`` names options a
    lesson tells in its own words (lesson 01 leaves out ``silver_with_colour``, whose default
    would state the rule its section 3 asks the class to find)."""
    from ..dragon_battle.rules import OPTION_TABLE

    leave_out = set(leave_out)
    unknown = leave_out - set(OPTION_TABLE)
    if unknown:
        raise ValueError(f"no such rule option: {', '.join(sorted(unknown))}")
    lines = []
    for name, option in OPTION_TABLE.items():
        if name in leave_out:
            continue
        accepted = (
            ", ".join(_option_value(c, lang) for c in option.choices)
            if option.choices
            else _t_("options.seats", lang)
        )
        label = _t_(f"label.{option.label}", lang)
        lines.append(
            f"{name} = {_option_value(option.default, lang)}   "
            f"({_t_('options.accepted', lang)}: {accepted}; {label})"
        )
        lines.append(f"    {_t_(f'option.{name}', lang)}")
    text = "\n".join(lines)
    return Shown(f"<pre style='font-size:15px;white-space:pre-wrap'>{escape(text)}</pre>", text)


def jugglers_run_out(lang: str = "en") -> Shown:
    """Nine failed turns under both readings of what a failure brings once the jugglers are gone,
    each reading named in the pupil's language (the option's values in code stand in the text
    above it)."""

    lines = []
    for reading in ("nothing", "unlimited"):
        failed = ["roll", "roll black black black black"] * 9
        after = position(failed, jugglers_run_out=reading).state
        lines.append(
            _t_(
                "run_out.line",
                lang,
                reading=_t_(f"option.value.{reading}", lang) if lang != "en" else reading,
                players=", ".join(map(str, after.jugglers)),
                left=after.jugglers_left,
            )
        )
    text = "\n".join(lines)
    return Shown(
        "<p style='font-size:17px'>" + "<br>".join(escape(line) for line in lines) + "</p>", text
    )
