"""Pure functions that draw a Dragon Battle state as HTML (for notebooks and GitHub)."""

from __future__ import annotations

from html import escape

from .rules import COLOURS, FACE_LETTERS

#: Calm colours that stay apart on a projector; every die also carries its letter.
PALETTE = {
    "yellow": "#f2c94c",
    "red": "#d9534f",
    "blue": "#4a7fc1",
    "purple": "#8e6bbf",
    "silver": "#c9ced6",
    "black": "#333333",
}


def die_html(face: str, letter: str | None = None, title: str | None = None) -> str:
    """One die as a coloured square with its letter (``letter`` and ``title``: the screen's
    language, e.g. German ``G`` and ``Gelb``; default the English letter and face name)."""
    colour = "#ffffff" if face in ("black", "red", "blue", "purple") else "#222222"
    return (
        f'<span title="{escape(title or face)}" style="display:inline-block;width:1.6em;height:1.6em;'
        f"line-height:1.6em;text-align:center;border-radius:0.25em;margin:0.1em;"
        f'background:{PALETTE[face]};color:{colour};font-weight:bold;border:1px solid #555">'
        f"{escape(letter or FACE_LETTERS[face])}</span>"
    )


def render_html(state) -> str:
    """The table: four dragons with residents and dice, the well, the roll, the players."""
    obs = state.observation(state.player)
    cells = []
    for d in obs["dragons"]:
        if d["resident"] is not None:
            who = f"{escape(d['resident'])} {'&#9733;' * d['stars']}"
        elif d["face_down"]:
            who = "face down"
        else:
            who = "empty"
        dice = "".join(die_html(f) for f in d["dice"]) or "&nbsp;"
        letter = FACE_LETTERS[d["colour"]]
        cells.append(
            f'<td style="border:3px solid {PALETTE[d["colour"]]};padding:0.4em;text-align:center;'
            f'min-width:7em"><b>{letter} {d["colour"]} dragon</b><br>{who}<br>{dice}</td>'
        )
    rolled = "".join(die_html(f) for f in obs["rolled"]) or "none"
    players = "".join(
        f"<li>{'&#9654; ' if p == obs['player'] and obs['phase'] != 'over' else ''}"
        f"player {p}: {obs['stars'][p]} stars ({len(obs['rescued'][p])} residents, "
        f"{obs['jugglers'][p]} jugglers)</li>"
        for p in range(len(obs["stars"]))
    )
    legal = ", ".join(escape(str(a)) for a in state.legal_actions()[:8])
    return (
        '<div class="kaskaria-dragon-battle">'
        f"<table><tr>{''.join(cells)}</tr></table>"
        f"<p>well: {obs['well']} black &middot; hand: {obs['hand']} dice &middot; rolled: {rolled}"
        f" &middot; pile: {obs['pile']} &middot; jugglers left: {obs['jugglers_left']}</p>"
        f"<ul>{players}</ul>"
        f"<p>phase: {escape(obs['phase'])}; legal: {legal or 'nothing'}</p></div>"
    )


__all__ = ["PALETTE", "COLOURS", "die_html", "render_html"]
