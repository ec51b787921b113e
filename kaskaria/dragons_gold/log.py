"""The sentences of Dragon's Gold's log: what an action does, as a viewer may know it (the engine's
``action_text``; the table's presenter uses the same)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import Action, ViewerLike
from ..i18n import text
from .pieces import NAME
from .rules import COLOURS

if TYPE_CHECKING:  # pragma: no cover
    from .state import DragonsGoldState


def _say(key: str, lang: str, **params: Any) -> str:
    return text(NAME, key, lang, **params)


def _player(seat: int, lang: str) -> str:
    return text("core", "player", lang, n=seat + 1)


def _is(viewer: ViewerLike, seat: int) -> bool:
    """Whether ``seat`` is the viewer (told as "you")."""
    return viewer.__class__ is int and viewer == seat


#: the most words a sentence of the log holds (a child reads one line in one go)
LINE_WORDS = 15
#: the most colours one sentence lists (six colours in a row are hard to hold in mind)
LIST_KINDS = 4


def _words(line: str) -> int:
    """Words as a child counts them: runs with a letter or a digit ("2 red" is two words)."""
    return sum(1 for word in line.split() if any(c.isalnum() for c in word))


def _token_names(counts: tuple[int, ...], lang: str) -> list[str]:
    """The colours of ``counts`` as a sentence names them: "2 silver" (no "×": in a line read
    out it is one more thing to read), one token by its colour alone."""
    return [
        f"{n} {_say(f'short.{c}', lang)}" if n > 1 else _say(f"short.{c}", lang)
        for c, n in zip(COLOURS, counts, strict=True)
        if n
    ]


def _listed(shown: list[str], lang: str) -> str:
    and_ = text("core", "and", lang)
    if len(shown) > 1:
        return ", ".join(shown[:-1]) + f" {and_} " + shown[-1]
    return shown[0] if shown else _say("board.nothing", lang)


def tokens_said(counts: tuple[int, ...], lang: str) -> str:
    """Tokens in a sentence (``2 silver, gold and blue``)."""
    return _listed(_token_names(counts, lang), lang)


def tokens_in_line(lead: str, counts: tuple[int, ...], lang: str) -> str:
    """``lead`` (a sentence with ``{tokens}`` in it) with the tokens said; a list too long for
    one short line (over :data:`LIST_KINDS` colours, or a sentence over :data:`LINE_WORDS`
    words) is said by its count ("10 tokens in 6 colours": the board lists them)."""
    return token_lists_in_line(lead, {"tokens": counts}, lang)


def token_lists_in_line(line: str, lists: dict[str, tuple[int, ...]], lang: str) -> str:
    """``line`` with each list of tokens of ``lists`` said in its place (``{name}``): every list
    said in full where the sentence stays short (:data:`LIST_KINDS`, :data:`LINE_WORDS`), else
    the longest list (then every one) by its count and colours, and at last by its count
    alone."""

    def said(counts: tuple[int, ...], how: int) -> str:
        shown = _token_names(counts, lang)
        if how == 2 and len(shown) <= LIST_KINDS:
            return _listed(shown, lang)
        if how >= 1:
            return _say("log.tokens_in_colours", lang, n=sum(counts), k=len(shown))
        return _say("log.tokens_n", lang, n=sum(counts))

    # 2: the list, 1: its count and colours, 0: its count
    longest = max(lists, key=lambda name: len(_token_names(lists[name], lang)))
    tries = (
        dict.fromkeys(lists, 2),
        {name: 1 if name == longest else 2 for name in lists},
        dict.fromkeys(lists, 1),
        dict.fromkeys(lists, 0),
    )
    for how in tries:
        out = line.format(**{name: said(counts, how[name]) for name, counts in lists.items()})
        if _words(out) <= LINE_WORDS:
            break
    return out


def tokens_text(counts: tuple[int, ...] | dict[str, int], lang: str) -> str:
    """Tokens in a learner's words (``2 silver, 1 gold``, as :func:`tokens_counted`), from 9
    counts or a dict of colour to count; ``nothing`` when there are none."""
    if not isinstance(counts, dict):
        counts = dict(zip(COLOURS, counts, strict=True))
    return tokens_counted(counts, lang)


def tokens_counted(counts: dict[str, int], lang: str) -> str:
    """Tokens in a child's words, each colour with its count and no "×" (``2 silver, 1 gold``);
    ``nothing`` when there are none."""
    shown = [f"{n} {_say(f'short.{c}', lang)}" for c in COLOURS if (n := counts.get(c, 0))]
    return ", ".join(shown) if shown else _say("board.nothing", lang)


def _item_played(args: tuple[str, ...], mover: int, viewer: ViewerLike, you: str, lang: str) -> str:
    """What a magic item played changes, in one line: the dragons that swap places, the dragon
    whose adventurers go back, the players whose shares swap (the mover's own share told as
    "its share", the viewer's as "your share")."""
    item, who = args[0], _player(mover, lang)
    if item == "swap-dragons":
        return _say(f"log.play_swap-dragons{you}", lang, who=who, i=args[1], j=args[2])
    if item == "recall":
        return _say(f"log.play_recall{you}", lang, who=who, place=args[1])
    a, b = int(args[1]) - 1, int(args[2]) - 1
    own = mover in (a, b)
    if own:  # the mover's share first: "its share with the share of Player 2"
        a, b = mover, a + b - mover
    elif _is(viewer, b):  # else the viewer's: "your share with the share of Player 2"
        a, b = b, a
    key = "log.play_swap-shares" + ("_own" if own else "")
    if _is(viewer, b if own else a) and not you:
        key += "_yours"
    return _say(f"{key}{you}", lang, who=who, a=_player(a, lang), b=_player(b, lang))


def proposal_said(state: DragonsGoldState, viewer: ViewerLike, lang: str) -> str:
    """The split proposed in ``state`` (every token handed out, "propose" next) in one line: who
    proposes, and what the viewer gets if it is in the split ("you keep" for the proposer's own
    screen); the other shares stand on the board."""
    mover = state.current_player()
    if viewer.__class__ is not int or viewer not in state.involved:
        return _say("log.split_proposed", lang, who=_player(mover, lang))
    you = "_you" if viewer == mover else ""
    mine = state.parts[state.involved.index(viewer)]
    if not any(mine):
        return _say(f"log.split_none{you}", lang, who=_player(mover, lang))
    lead = _say(f"log.split_yours{you}", lang, who=_player(mover, lang), tokens="{tokens}")
    return tokens_in_line(lead, mine, lang)


def describe_action(state: DragonsGoldState, action: Action, viewer: ViewerLike, lang: str) -> str:
    """A sentence for the log: what ``action`` (taken in ``state``) does, as ``viewer`` may know
    it (the words of a hidden draw or theft are left out)."""
    verb, args = action.verb, action.args
    line = state.redact(action, viewer)
    hidden = line.endswith("?")
    g = state.game
    mover = state.current_player()
    who = _player(mover, lang) if mover >= 0 else ""
    # a decision of the viewer itself is told to it as "you" ("you send the thief to dragon 3")
    you = "_you" if viewer.__class__ is int and viewer == mover else ""
    if verb == "card":
        card = g.cards[int(args[0]) - 1]
        return _say(
            "log.card", lang, card=int(args[0]), strength=card.strength, place=state.target + 1
        )
    if verb == "token":
        # after a kill: the dragon's hidden treasure, on top of the tokens it already had
        key = "log.token_hidden" if state.resume == "kill" else "log.token"
        return _say(key, lang, colour=_say(f"short.{args[0]}", lang), place=state.target + 1)
    if verb == "item":
        seat = state.items_due[0][0]
        drawer = _player(seat, lang)
        if hidden:
            return _say("log.item_hidden", lang, who=drawer)
        key = "log.item_you" if _is(viewer, seat) else "log.item"
        return _say(key, lang, who=drawer, item=_say(f"item.{args[0]}", lang))
    if verb == "stolen":
        if hidden:
            return _say("log.stolen_hidden", lang)
        return _say("log.stolen", lang, colour=_say(f"short.{args[0]}", lang))
    if verb == "send":
        return _say(
            f"log.send{you}", lang, who=who, adv=_say(f"adv_acc.{args[0]}", lang), place=args[3]
        )
    if verb == "play":
        return _item_played(args, mover, viewer, you, lang)
    if verb == "give":
        # a token put in a share, worded alike for every player: "you put gold in your own
        # share", "Player 2 puts gold in its own share" (or "in your share" on the screen of the
        # player it goes to)
        to = int(args[2]) - 1
        key = f"log.give_self{you}" if to == mover else f"log.give{you}"
        if not you and _is(viewer, to):
            key = "log.give_to_you"
        return _say(key, lang, who=who, colour=_say(f"short.{args[0]}", lang), to=_player(to, lang))
    if verb == "propose":
        return proposal_said(state, viewer, lang)
    if verb == "put":
        return _say(
            f"log.put{you}", lang, who=who, colour=_say(f"short.{args[0]}", lang), k=args[3]
        )
    if verb == "choose":
        return _say(f"log.choose{you}", lang, who=who, k=args[1])
    if verb == "steal":
        victim = int(args[1]) - 1
        if not you and _is(viewer, victim):
            return _say("log.robs_you", lang, who=who)
        return _say(f"log.steal_from{you}", lang, who=who, victim=_player(victim, lang))
    if verb in ("ward", "pick"):
        if hidden:
            return _say(f"log.{verb}_hidden{you}", lang, who=who)
        return _say(f"log.{verb}{you}", lang, who=who, colour=_say(f"short.{args[0]}", lang))
    if verb in ("offer", "ask"):
        return _say(f"log.{verb}{you}", lang, who=who, colour=_say(f"short.{args[0]}", lang))
    if verb == "trade":
        to = int(args[1]) - 1
        key = "log.trade_to_you" if not you and _is(viewer, to) else f"log.trade{you}"
        line = _say(key, lang, who=who, to=_player(to, lang), give="{give}")
        line += " " + _say("log.in_return", lang, tokens="{ask}")
        return token_lists_in_line(line, {"give": state.offer, "ask": state.ask}, lang)
    if (
        verb == "pass"
        and you
        and state.phase in ("swap", "ward")
        and len(state.legal_actions()) == 1
    ):
        # the table made this pass for the seat (it had no item to play): its own screen says why
        return _say(f"log.pass_{state.phase}_none_you", lang)
    if verb == "pass" and state.phase in ("victim", "pick", "market"):
        return _say(f"log.pass_{state.phase}{you}", lang, who=who)
    if verb in ("accept", "refuse") and state.phase == "reply":
        return _say(f"log.{verb}_trade{you}", lang, who=who)
    if verb == "no":
        return _say(f"log.no_deal{you}", lang, who=who)
    return _say(f"log.{verb}{you}", lang, who=who)
