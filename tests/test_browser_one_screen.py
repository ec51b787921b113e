"""One screen: at 1280 x 800 and on a projector (1024 x 768 at 150 % = 683 x 512 CSS px) the board,
whose turn it is, what just happened and every move the viewer can make are visible together
without scrolling, for each game in both languages, at the moments a child decides (the first
turn, a roll, building and answering a Dragon's Gold proposal, a Heroes hand in mid-game).

The tables are drawn by their real module and styles in Chromium without JupyterLab
(browser_support.WidgetPage); the figures go to the browser report.
"""

from __future__ import annotations

import math

import browser_support as bs
import pytest
from browser_support import WidgetPage

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def one_screen_report(browser_report):
    lines: list[str] = []
    yield lines
    browser_report(["one screen (what lies below the first screen, CSS px):", *lines])


@pytest.mark.parametrize("lang", ["en", "de"])
def test_board_turn_what_happened_and_every_move_on_one_screen(browser, lang, one_screen_report):
    for name, table in bs.one_screen_tables(lang).items():
        widget = WidgetPage(browser, table)
        try:
            for size, (width, height) in bs.ONE_SCREEN_SIZES.items():
                widget.page.set_viewport_size({"width": width, "height": height})
                widget.page.wait_for_timeout(50)
                m = widget.page.evaluate(bs.ONE_SCREEN_JS)
                missing = bs.off_screen(m)
                where = f"{name} {lang} {size}"
                one_screen_report.append(
                    f"  {where}: page {m['scrollHeight']} px tall, {len(m['moves'])} moves, "
                    f"{m['pieces']} clickable pieces; off screen: {missing or 'nothing'}"
                )
                assert m["moves"] or m["parts"]["board"], where  # something to decide
                assert missing == [], where
                # all four dragons side by side, inside the table
                dragons = widget.page.evaluate(
                    """() => [...document.querySelectorAll(
                        '.kaskaria-db-dragons > *, .kaskaria-dg-dragons > *')]
                        .map((d) => d.getBoundingClientRect())
                        .map((b) => ({top: b.top, right: b.right}))"""
                )
                if dragons:
                    assert len(dragons) == 4, where
                    assert len({round(d["top"]) for d in dragons}) == 1, (where, dragons)
                    assert max(d["right"] for d in dragons) <= width, (where, dragons)
                # the child's own Heroes hand: each card's motif drawn at least 24 px, also on
                # a projector where the cards have no room for their words
                motifs = widget.page.evaluate(_HAND_MOTIFS_JS)
                assert min(motifs, default=24) >= 24, (where, motifs)
            assert widget.watch.errors() == []
        finally:
            widget.close()


#: each share's worth as the page shows it: the whole sentence, whether it is drawn, its short
#: form where there is one, and whether the share has gems to click beside it
_WORTH_JS = """() => [...document.querySelectorAll('.kaskaria-dg-share .kaskaria-dg-part')]
    .map((part) => {
      const whole = part.querySelector('.kaskaria-dg-worth');
      const brief = part.querySelector('.kaskaria-dg-worth-brief');
      const drawn = (el) => !!el && el.getClientRects().length > 0
        && el.getBoundingClientRect().width > 1;
      return {whole: whole && whole.textContent, wholeDrawn: drawn(whole),
              brief: brief && brief.textContent, briefDrawn: drawn(brief),
              gives: !!part.closest('.kaskaria-dg-share').querySelector('.kaskaria-dg-gives'),
              propose: !!part.closest('.kaskaria-dg-split').querySelector('.kaskaria-dg-board-propose')};
    })"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_split_handed_out_token_by_token_stays_on_one_screen(browser, lang, one_screen_report):
    """The four-player split of :func:`bs.one_screen_tables` (9 tokens of 5 colours for 3
    players), handed out one token at a time, to each player in turn: after every token, at every
    size, the board, whose turn, what happened and every move lie on one screen. On a projector
    (683 x 512) a share of the split being built says its worth in short ("0 points now, 1
    gem."; its majorities took four or five lines there and pushed the board below the screen),
    beside its gems to click and once every token is out: the whole sentence stays in the page
    for screen readers."""
    table = bs.one_screen_tables(lang)["dragons-gold-build"]
    widget = WidgetPage(browser, table)
    worst: dict[str, float] = {}
    briefs = 0
    try:
        for step in range(20):
            for size, (width, height) in bs.ONE_SCREEN_SIZES.items():
                widget.page.set_viewport_size({"width": width, "height": height})
                widget.page.wait_for_function("(w) => window.innerWidth === w", arg=width)
                m = widget.page.evaluate(bs.ONE_SCREEN_JS)
                assert bs.off_screen(m) == [], (lang, step, size)
                worst[size] = max(worst.get(size, 0), m["parts"]["board"]["bottom"])
                parts = table.view["board"]["words"]["split"]["parts"]
                shown = widget.page.evaluate(_WORTH_JS)
                assert [w["whole"] for w in shown] == [p["worth"] for p in parts], (step, size)
                for w, p in zip(shown, parts, strict=True):
                    # in short on a projector while the split is built, beside gems to click
                    # or once every token is out (answering shows it whole)
                    built = w["gives"] or w["propose"]
                    short = size == "683x512" and built and p["worth_brief"] != p["worth"]
                    assert w["wholeDrawn"] is not short, (lang, step, size, w)
                    assert w["briefDrawn"] is short, (lang, step, size, w)
                    if short:
                        assert w["brief"] == p["worth_brief"], (lang, step, size, w)
                        briefs += 1
            gives = [
                a["action"]
                for a in table.view["moves"]["actions"]
                if a["action"].startswith("give ")
            ]
            if not gives:
                break
            players = sorted({g.rsplit(" ", 1)[1] for g in gives})
            turn = [g for g in gives if g.endswith(" " + players[step % len(players)])]
            table.act(turn[0])
            widget.deliver()
        else:
            raise AssertionError("the treasure was not handed out in 20 tokens")
        assert step >= 9 and briefs > 0, (step, briefs)  # every token handed out, some in short
        # every token out: no "still to hand out:" with nothing after it, at any size
        for width, height in bs.ONE_SCREEN_SIZES.values():
            widget.page.set_viewport_size({"width": width, "height": height})
            widget.page.wait_for_function("(w) => window.innerWidth === w", arg=width)
            left = widget.page.locator(".kaskaria-dg-split .kaskaria-dg-left")
            assert left.count() == 0 or not left.first.is_visible(), width
        # every token out, on a projector: "Propose this split" and "4 proposals left." share a
        # line, and the button's ring (5 px out) does not run over the words (a tester saw it
        # cover the "4")
        widget.page.set_viewport_size({"width": 683, "height": 512})
        widget.page.wait_for_function("() => window.innerWidth === 683")
        button, words = widget.page.evaluate(
            """() => {
              const split = document.querySelector('.kaskaria-dg-split');
              const button = split.querySelector('.kaskaria-dg-board-propose');
              const text = split.querySelector('.kaskaria-dg-budget').firstChild;
              const range = document.createRange();
              range.setStart(text, 0);
              range.setEnd(text, 1);  // its first character
              return [button.getBoundingClientRect().toJSON(), range.getBoundingClientRect().toJSON()];
            }"""
        )
        if words["top"] < button["bottom"]:  # on the button's line
            assert button["right"] + 5 < words["left"], (button, words)
        assert widget.watch.errors() == []
    finally:
        widget.close()
    one_screen_report.append(
        f"  dragons-gold split token by token {lang}: {step} tokens, the board's lowest bottom "
        + ", ".join(f"{size} {bottom:.0f} px" for size, bottom in worst.items())
    )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_thief_choosing_whom_to_rob_on_a_projector_sees_every_players_tokens(browser, lang):
    """On a projector (683 x 512) the players' cards show only names: a thief choosing whom to
    rob chose blind (a child tester). While a theft is decided every card says how many tokens
    its player holds (a chest and the number, its sentence for screen readers), and the theft and
    every move lie on one screen; the cards are names again once it is decided."""
    from kaskaria.widgets import DragonsGoldTable

    table = DragonsGoldTable(
        players=4, seats=("human", "easy", "medium", "greedy"), seed=0, lang=lang, autoplay=None
    )
    bs._played_until(table, ("victim",), seed=0)
    widget = WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    cards_js = """() => [...document.querySelectorAll('.kt-player')].map((card) => {
        const holds = card.querySelector('.kaskaria-dg-holds');
        return {seat: card.dataset.seat, shown: !!holds && holds.getClientRects().length > 0,
                n: holds && holds.querySelector('.kaskaria-dg-holds-n').textContent,
                said: holds && holds.querySelector('.kt-sr').textContent};
    })"""
    try:
        m = widget.page.evaluate(bs.ONE_SCREEN_JS)
        assert bs.off_screen(m) == [], (lang, bs.off_screen(m))
        players = table.view["players"]
        cards = widget.page.evaluate(cards_js)
        assert [c["shown"] for c in cards] == [True] * 4, cards
        assert [c["n"] for c in cards] == [str(p["tokens"]) for p in players], cards
        assert [c["said"] for c in cards] == [p["summary"] for p in players], cards
        assert any(p["tokens"] for p in players[1:]), players  # something to choose between
        # robbed (or not): the others' cards are names again, the child's own keeps its line
        steal = next(a["action"] for a in table.view["moves"]["actions"] if a["action"] != "pass")
        table.act(steal)
        widget.deliver()
        for _ in range(20):  # the theft played out (the person's own steps: the first offered)
            if "theft" not in table.view["board"]["observation"]:
                break
            if table.view["turn"]["to_move"] == "human":
                table.act(table.view["moves"]["actions"][0]["action"])
            else:
                table.next()
            widget.deliver()
        assert "theft" not in table.view["board"]["observation"]
        after = widget.page.evaluate(cards_js)
        assert [c["shown"] for c in after] == [True, False, False, False], after
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: the width of each card's drawn motif in the child's own Heroes hand (CSS px)
_HAND_MOTIFS_JS = """() => [...document.querySelectorAll(
    '.kaskaria-hk-hand:not(.kaskaria-hk-other-hand) .kaskaria-hk-card .kaskaria-hk-art')]
    .map((art) => art.getBoundingClientRect().width)"""


def _outside(boxes: list[dict], width: int, height: int) -> list[dict]:
    """The boxes (getBoundingClientRect) not wholly inside a window of width x height."""
    return [
        b
        for b in boxes
        if b["top"] < 0 or b["left"] < 0 or b["bottom"] > height or b["right"] > width
    ]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_whole_colour_in_hand_keeps_its_31_ways_within_reach_on_a_short_screen(browser, lang):
    """The most ways one colour can be played: all six of its cards in hand (1 + 2 + 2 + 1 of
    its four motifs) give 31 sets. Opened on a projector (683 x 512), each way says what it does
    in words, so they do not all fit: the list of ways lies on the first screen and scrolls inside
    itself, each way brought into view there without the page moving; the colour's button that
    closes them stays uncovered, and a way clicked is played."""
    import kaskaria
    from kaskaria.heroes import MOTIFS
    from kaskaria.widgets import HeroesTable

    griffin, runner, gold, plus2 = MOTIFS
    hand = (
        f"blue {griffin}, 2 blue {runner}, 2 blue {gold}, blue {plus2},"
        " red gold, green runner, 2 yellow gold"
    )
    match = kaskaria.setup("heroes", players=3, hands={0: hand}, seed=5)
    table = HeroesTable.from_match(
        match, seats=("human", "easy", "medium"), lang=lang, autoplay=None
    )
    widget = WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    page = widget.page
    try:
        toggle = page.locator('button.kaskaria-hk-ways-toggle[data-colour="blue"]')
        toggle.click()
        chooser = page.locator(".kaskaria-hk-panel-ways:not([hidden])")
        ways = chooser.locator("> button.kt-action")
        assert ways.count() == 31
        box = chooser.evaluate("(e) => e.getBoundingClientRect().toJSON()")
        assert _outside([box], 683, 512) == [], box
        words = {a["action"]: a["way"] for a in table.view["moves"]["actions"] if "way" in a}
        seen = ways.evaluate_all(
            """(els) => els.map((e) => {
                e.scrollIntoView({block: 'nearest'});
                return {action: e.dataset.action, box: e.getBoundingClientRect().toJSON(),
                        words: e.querySelector('.kaskaria-hk-move-label').innerText,
                        page: document.scrollingElement.scrollTop};
            })"""
        )
        off = _outside([s["box"] for s in seen], 683, 512)
        assert off == [], off
        assert {s["page"] for s in seen} == {0}  # the list scrolled, never the page
        assert all(s["words"] == words[s["action"]] for s in seen), seen
        assert min(s["box"]["height"] for s in seen) >= 24  # still a child's target
        on_top = toggle.evaluate(
            "(t) => { const b = t.getBoundingClientRect();"
            " return t.contains(document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2)); }"
        )
        assert on_top, "the button that closes the ways is covered"
        before = len(table.match.actions)
        name = ways.last.get_attribute("data-action")
        ways.last.click()
        widget.relay()
        assert str(table.match.actions[before]) == name  # the way clicked is the move made
        assert widget.watch.errors() == []
    finally:
        widget.close()


def _robbed_with_a_ward():
    """Player 1 killed a dragon with Player 3's thief, holds a Ward against thieves and a token of
    each of the nine colours: the thief robs Player 1, who gives up one of nine tokens or lets the
    thief pick."""
    import kaskaria
    from kaskaria.dragons_gold import ADVENTURERS

    knight, _, thief, _ = ADVENTURERS
    nine = "silver, gold, red, blue, green, purple, yellow, white, black"
    match = kaskaria.setup(
        "dragons-gold",
        players=3,
        dragons=[{"card": 0, "treasure": "", "attackers": [(0, knight), (2, thief)]}],
        killed=0,
        screens={0: nine, 2: "gold"},
        items={0: "ward"},
        thieves=[2],
        victim=0,
    )
    assert match.state.phase == "ward" and len(match.state.legal_actions()) == 10
    return match


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_ward_against_a_thief_offers_nine_tokens_on_a_short_screen(browser, lang):
    """Choosing the token a thief takes: nine colours and 'let the thief pick' all lie on the
    first screen of a projector (683 x 512), each token button named by its whole move."""
    from kaskaria.widgets import DragonsGoldTable

    table = DragonsGoldTable.from_match(
        _robbed_with_a_ward(), seats=("human", "easy", "medium"), lang=lang, autoplay=None
    )
    widget = WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    page = widget.page
    try:
        moves = page.locator("button.kt-action:not([disabled])")
        assert moves.count() == 10
        boxes = moves.evaluate_all("(els) => els.map((e) => e.getBoundingClientRect().toJSON())")
        off = _outside(boxes, 683, 512)
        assert off == [], off
        names = moves.evaluate_all(
            "(els) => els.map((e) => e.getAttribute('aria-label') || e.textContent)"
        )
        give_up = "Give up" if lang == "en" else "hergeben"
        assert sum(give_up in n for n in names) == 9, names
        before = len(table.match.actions)
        ward = page.locator('button.kt-action[data-action^="ward "]').first
        name = ward.get_attribute("data-action")
        ward.click()
        widget.relay()
        assert str(table.match.actions[before]) == name
        assert widget.watch.errors() == []
    finally:
        widget.close()


@pytest.mark.parametrize(
    ("lang", "note", "silver"),
    [
        ("en", "The dice have rolled: this stays.", "Silver on yellow"),
        ("de", "Die Würfel sind gefallen: das bleibt.", "Silber auf Gelb"),
    ],
)
def test_after_a_roll_the_take_back_note_is_one_line_on_a_projector(browser, lang, note, silver):
    """A child tester found the note under a disabled "Take back" after a roll, 22 words long,
    cut at the bottom of a projector's screen (683 x 512). It says what chance did, in a few
    words, whole on the first screen at every size; the silver die's buttons say where the die
    goes ("Silver on yellow"), in their words where the table has room and in their names."""
    table = bs.one_screen_tables(lang)["dragon-battle"]  # right after a roll with silver
    widget = WidgetPage(browser, table)
    try:
        for size, (width, height) in bs.ONE_SCREEN_SIZES.items():
            widget.page.set_viewport_size({"width": width, "height": height})
            widget.page.wait_for_timeout(50)
            shown = widget.page.evaluate(
                """() => {
                  const r = document.querySelector('.kt-undo-reason');
                  const b = r.getBoundingClientRect();
                  const lines = Math.round(b.height / parseFloat(getComputedStyle(r).lineHeight));
                  const silver = [...document.querySelectorAll('button.kt-action.kaskaria-db-silver')];
                  return {text: r.textContent, bottom: b.bottom, right: b.right, lines,
                          names: silver.map((el) => el.getAttribute('aria-label')),
                          words: silver.map((el) => el.innerText.trim()),
                          wordShown: silver.map((el) => el.querySelector(
                            '.kaskaria-db-silver-word').getClientRects().length > 0)};
                }"""
            )
            where = f"{lang} {size}"
            assert shown["text"] == note, where
            assert shown["bottom"] <= height and shown["right"] <= width, (where, shown)
            assert shown["lines"] <= 2, (where, shown)
            assert shown["names"][0].startswith(silver), (where, shown)
            if shown["wordShown"][0]:  # a small table shows the dragons' badges alone
                assert shown["words"][0].endswith(silver), (where, shown)
        assert widget.watch.errors() == []
    finally:
        widget.close()


def test_the_measure_finds_what_is_off_screen():
    inside = {"left": 0, "top": 0, "right": 100, "bottom": 100}
    below = {"left": 0, "top": 500, "right": 100, "bottom": 600}
    measure = {
        "width": 683,
        "height": 512,
        "scrollWidth": 700,
        "parts": {"board": below, "turn": inside, "summary": None, "message": inside},
        "moves": [{"action": "roll", "box": below}, {"action": "stop", "box": inside}],
    }
    assert bs.off_screen(measure) == [
        "page 700 px wide",
        "board: bottom at 600",
        "summary: not shown",
        "move roll: bottom at 600",
    ]


def test_moves_are_made_by_clicking_the_pieces(browser):
    tables = bs.one_screen_tables("en")
    # Dragon Battle: a rolled die is the move that sets its colour aside
    table = tables["dragon-battle"]
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    try:
        die = widget.page.locator(".kaskaria-db-rolled .kt-clickable").first
        action = die.get_attribute("data-move")
        assert action.startswith("place ")
        die.click()
        assert widget.relay()[0]["action"] == action and table.match.lines()[-1] == action
    finally:
        widget.close()
    # Heroes: a card in the display is the move that takes it, the pile the draw, a set the play
    table = tables["heroes"]
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    try:
        pieces = widget.page.locator(".kt-clickable")
        moves = sorted(pieces.evaluate_all("(els) => els.map((e) => e.dataset.move)"))
        # (and the white set in the hand, which can be played in one way only)
        assert moves == sorted(
            [
                "draw pile",
                "take display 1",
                "take display 2",
                "take display 3",
                "play white griffin gold",
            ]
        ), moves
        # a card alone in its colour (a colour group that is no set) answers a click with the
        # rule: a set needs two
        lone = widget.page.locator(".kaskaria-hk-hand .kaskaria-hk-group:not(.kaskaria-hk-is-set)")
        assert lone.count() >= 1 and lone.first.locator(".kaskaria-hk-card").count() == 1
        lone.first.click()
        said = widget.page.locator(".kt-msg-refused").first.text_content()
        assert said == "A set needs 2 or more cards of one colour.", said
        assert widget.relay() == []
        widget.page.locator('.kt-clickable[data-move="take display 2"]').click()
        assert widget.relay()[0]["action"] == "take display 2"
        assert "take display 2" in table.match.lines()[-2:]  # (a new card is then revealed)
    finally:
        widget.close()
    # Dragon's Gold: an adventurer, then a dragon (only the dragons it may go to light up)
    table = tables["dragons-gold"]
    widget = WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    page = widget.page
    try:
        assert page.locator(".kaskaria-dg-dragon.kt-clickable").count() == 0
        # no send button carries a number: the key 1 says so (every key answered) and sends
        # nothing
        page.locator(".kaskaria-table").first.focus()
        page.keyboard.press("1")
        said = page.locator(".kt-message").first.text_content()
        assert said == "No move has that number now: press Tab to reach the moves.", said
        assert widget.relay() == []
        page.locator('.kaskaria-dg-pick[data-adventurer="thief"]').click()
        assert page.locator(".kaskaria-dg-pick[aria-pressed=true]").text_content() == "thief (2)"
        lit = page.locator(".kaskaria-dg-dragon.kt-clickable")
        assert lit.count() == 4
        page.locator('.kaskaria-dg-dragon[data-place="3"]').click()
        assert widget.relay() == [
            {"type": "action", "action": "send thief to dragon 3", "version": 0}
        ]
        assert table.match.lines()[-1] == "send thief to dragon 3"
        # the thief is out: it is no more offered, and nothing stays picked
        assert page.locator('.kaskaria-dg-pick[data-adventurer="thief"]').count() == 0
        assert page.locator(".kaskaria-dg-dragon.kt-clickable").count() == 0
        assert widget.watch.errors() == []
    finally:
        widget.close()


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two CSS colours ``rgb(r, g, b)``."""

    def luminance(css: str) -> float:
        r, g, b = (int(x) / 255 for x in css[css.index("(") + 1 : css.index(")")].split(",")[:3])
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_contrast_check_finds_white_on_almost_white():
    assert contrast("rgb(245, 245, 245)", "rgb(255, 255, 255)") < 1.1
    assert contrast("rgb(30, 60, 120)", "rgb(255, 255, 255)") > 7


def test_hovering_a_coloured_move_keeps_its_colour_and_its_words_readable(browser):
    # the generic button:hover once painted coloured buttons almost white under white words
    table = bs.one_screen_tables("en")["dragon-battle-decide"]
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    page = widget.page
    colours = """(b) => { const s = getComputedStyle(b);
        return {bg: s.backgroundColor, fg: s.color, frame: s.boxShadow}; }"""
    try:
        for action in ("roll", "stop"):
            button = page.locator(f'button.kt-action[data-action="{action}"]')
            before = button.evaluate(colours)
            button.hover()
            page.wait_for_timeout(250)  # past any transition
            after = button.evaluate(colours)
            assert after["fg"] == before["fg"], (action, before, after)
            # its words stay readable on it (WCAG contrast at least 3 for bold text)
            assert contrast(after["bg"], after["fg"]) >= 3, (action, before, after)
            assert after["frame"] != "none"  # the hover shows as a frame
        page.mouse.move(0, 0)
    finally:
        widget.close()


def test_the_end_shows_the_results_a_celebration_unless_motion_is_reduced_and_play_again(browser):
    """The results at the end, with confetti (none in reduced motion, nor when the bots beat
    the person playing) and "Play again"."""
    from kaskaria.widgets import DragonsGoldTable

    table = DragonsGoldTable(players=3, seats=("easy", "medium", "hard"), seed=1, autoplay=None)
    with bs.remembered_searches():  # the game of the confetti test below: searched once
        table.run_bots()
    widget = WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    page = widget.page
    try:
        results = page.locator(".kt-results")
        assert results.is_visible()
        rows = page.locator(".kt-result-row")
        assert rows.count() == 3
        first = rows.first.inner_text()
        assert "Player 2 (medium bot)" in first and "points for coins and tokens" in first
        assert "points for having the most of a colour" in first
        box = results.bounding_box()
        assert box["y"] >= 0 and box["y"] + 40 <= 512  # it starts on the first screen
        # the table redraws when the motion setting changes: wait for it (a busy machine takes
        # longer than a fixed pause), then count
        confetti = "(n) => document.querySelectorAll('.kt-confetti').length === n"
        page.emulate_media(reduced_motion="no-preference")
        page.wait_for_function(confetti, arg=1, timeout=10_000)
        assert page.locator(".kt-confetti").count() == 1
        page.emulate_media(reduced_motion="reduce")
        page.wait_for_function(confetti, arg=0, timeout=10_000)
        assert page.locator(".kt-confetti").count() == 0  # no celebration in motion
        page.emulate_media(reduced_motion="no-preference")
        page.wait_for_function(confetti, arg=1, timeout=10_000)
        # a person at the table who lost to the bots: no confetti (a child tester saw it fall
        # for a bot's win); Player 2's bot won
        table.set_seat(0, "human")
        widget.deliver()
        page.wait_for_function(confetti, arg=0, timeout=10_000)
        assert "Player 2" in page.locator(".kt-result-row").first.inner_text()
        page.locator(".kt-play-again").click()
        assert widget.relay()[0]["type"] == "new"
        assert not table.state.is_terminal()  # a new game
        assert page.locator(".kt-results").count() == 0
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: while the confetti falls (its animations held at ``t`` ms): what lies on top at the centres of
#: the results' headline and "Play again", and, with the confetti made hit-testable for a moment,
#: whether a piece of confetti lies on top at the centre of each piece over them (it would, were
#: the confetti drawn over them)
_CONFETTI_JS = """(t) => {
  const results = document.querySelector('.kt-results');
  const pieces = [...results.querySelectorAll('.kt-confetti span')];
  const falling = document.getAnimations().filter((a) => pieces.includes(a.effect.target));
  falling.forEach((a) => { a.pause(); a.currentTime = t; });
  const targets = {headline: results.querySelector('.kt-results-headline'),
                   'play again': results.querySelector('.kt-play-again')};
  const centre = (b) => [b.left + b.width / 2, b.top + b.height / 2];
  const inside = (b, [x, y]) => x > b.left && x < b.right && y > b.top && y < b.bottom;
  const onTop = {};
  for (const [name, el] of Object.entries(targets)) {
    onTop[name] = el.contains(document.elementFromPoint(...centre(el.getBoundingClientRect())));
  }
  const over = [];
  pieces.forEach((p) => { p.style.pointerEvents = 'auto'; });
  for (const p of pieces) {
    if (Number(getComputedStyle(p).opacity) < 0.05) continue;
    const c = centre(p.getBoundingClientRect());
    for (const [name, el] of Object.entries(targets)) {
      if (inside(el.getBoundingClientRect(), c)) {
        const hit = document.elementFromPoint(...c);
        over.push({name, covered: Boolean(hit && hit.closest('.kt-confetti'))});
      }
    }
  }
  pieces.forEach((p) => { p.style.pointerEvents = ''; });
  return {running: falling.length, onTop, over};
}"""


#: the side column's lines of text (shown) that the results panel covers in part: neither wholly
#: beside it nor wholly under it
_HALF_COVERED_JS = """() => {
  const panel = document.querySelector('.kt-result-host').getBoundingClientRect();
  const said = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  return [...document.querySelectorAll('.kaskaria-table .kt-side *')]
    .filter((el) => said(el) && el.getClientRects().length
      && getComputedStyle(el).visibility !== 'hidden')
    .filter((el) => {
      const b = el.getBoundingClientRect();
      const meets = b.left < panel.right && b.right > panel.left
        && b.top < panel.bottom && b.bottom > panel.top;
      const under = b.left >= panel.left && b.right <= panel.right
        && b.top >= panel.top && b.bottom <= panel.bottom;
      return meets && !under;
    })
    .map((el) => el.textContent.trim());
}"""


@pytest.mark.parametrize("game", ["dragon-battle", "heroes", "dragons-gold"])
def test_the_confetti_falls_behind_the_results_headline_and_play_again(browser, game):
    """On a projector (683 x 512) the end's confetti runs behind the results: while it falls, the
    headline and "Play again" are what lies on top at their centres, every piece passing over
    them is drawn below them (some do pass), and "Play again" can be clicked. No line of the side
    column peeks out half covered at the panel's edge (a child tester read half of "See the
    results, or play again" under it)."""
    from kaskaria.widgets import DragonBattleTable, DragonsGoldTable, HeroesTable

    made = {
        "dragon-battle": DragonBattleTable,
        "heroes": HeroesTable,
        "dragons-gold": DragonsGoldTable,
    }
    # (bots that do not search: the end is the point, not who got there or how)
    table = made[game](players=3, seats=("easy", "medium", "medium"), seed=1, autoplay=None)
    table.run_bots()
    widget = WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    page = widget.page
    try:
        assert page.evaluate(_HALF_COVERED_JS) == []
        page.emulate_media(reduced_motion="no-preference")
        page.wait_for_function("() => document.querySelectorAll('.kt-confetti span').length > 0")
        passed = []
        for t in range(0, 3600, 150):
            seen = page.evaluate(_CONFETTI_JS, t)
            assert seen["running"] == 14, (t, seen)
            assert seen["onTop"] == {"headline": True, "play again": True}, (t, seen)
            assert not [o for o in seen["over"] if o["covered"]], (t, seen)
            passed += [o["name"] for o in seen["over"]]
        assert {"headline", "play again"} <= set(passed), passed  # the check met the confetti
        page.evaluate(_CONFETTI_JS, 700)  # held mid-fall
        page.locator(".kt-play-again").click()
        assert widget.relay()[0]["type"] == "new"
        assert widget.watch.errors() == []
    finally:
        widget.close()


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", ["dragon-battle", "heroes", "dragons-gold"])
def test_no_line_of_the_side_peeks_out_half_covered_by_the_results(browser, game, lang):
    """On a projector (683 x 512) the results reach over the side column: a child tester read a
    German "what just happened" cut in the middle of a line ("befreist 4 Burgbewohner") at the
    panel's edge. No line of the side column is half covered, in either language, after a game
    of bots and after a game a person finished."""
    import random

    from kaskaria.widgets import DragonBattleTable, DragonsGoldTable, HeroesTable

    made = {
        "dragon-battle": DragonBattleTable,
        "heroes": HeroesTable,
        "dragons-gold": DragonsGoldTable,
    }
    table = made[game](
        players=3, seats=("human", "easy", "medium"), seed=2, lang=lang, autoplay=None
    )
    rng = random.Random(1)
    with bs.remembered_searches():
        for _ in range(3000):
            view = table.view
            if view["turn"]["to_move"] == "over":
                break
            moves = [a for a in view["moves"]["actions"] if a["kind"] != "no"]
            if moves:
                table.act(rng.choice(moves)["action"])
            else:
                table.next()
    assert table.view["turn"]["to_move"] == "over"
    widget = WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    try:
        assert widget.page.evaluate(_HALF_COVERED_JS) == []
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: the summary's lines from ``first`` on (the latest step): how many lie outside the box's
#: visible part, how tall they are together, how tall the newest line is, and the box's height of
#: its own (its CSS max-height)
_LATEST_STEP_JS = """(first) => {
  const list = document.querySelector('.kt-summary-lines');
  const fresh = [...list.children].slice(first);
  const box = list.getBoundingClientRect();
  const out = fresh.filter((li) => { const b = li.getBoundingClientRect();
    return b.top < box.top - 0.5 || b.bottom > box.bottom + 0.5; }).length;
  const tall = fresh.length
    ? fresh[fresh.length - 1].getBoundingClientRect().bottom - fresh[0].getBoundingClientRect().top : 0;
  const grown = list.style.maxHeight;
  list.style.maxHeight = '';
  const own = parseFloat(getComputedStyle(list).maxHeight);
  list.style.maxHeight = grown;
  const newest = list.lastElementChild.getBoundingClientRect().height;
  return {lines: fresh.length, out, tall, newest, own, grown};
}"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_bots_whole_step_is_in_sight_in_what_just_happened_on_a_projector(browser, lang):
    """At 683 x 512 "what just happened" keeps three lines; a bot's step of two sentences (a
    German one wraps to five lines) grows the box while the bots step, so every line of the
    latest step is in sight (up to three times the box); when the person decides, the box is its
    own height again, so the moves stay where they were, or just tall enough for its newest line
    when that line alone is taller (a German line of four rows): the newest line is always whole."""
    import random

    from kaskaria.widgets import HeroesTable

    table = HeroesTable(
        players=3, seats=("human", "easy", "medium"), seed=4, lang=lang, autoplay=None
    )
    widget = WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    rng = random.Random(1)
    grew = shown = first = 0
    try:
        for _ in range(60):
            view = table.view
            if view["turn"]["to_move"] == "over":
                break
            if view["moves"]["actions"]:
                table.act(rng.choice(view["moves"]["actions"])["action"])
            else:
                table.next()
            views = [p["view"] for p in widget._pushed]
            widget.deliver()
            if not views:
                continue
            for v in views:  # the latest step: the lines a view added (all, if it began again)
                count = len(v["summary"]["lines"])
                first = shown if count > shown else 0 if count < shown else first
                shown = count
            if not shown:
                continue
            seen = widget.page.evaluate(_LATEST_STEP_JS, first)
            where = (lang, views[-1]["turn"]["to_move"], seen)
            if views[-1]["turn"]["to_move"] in ("bot", "chance"):
                if seen["tall"] <= 3 * seen["own"]:
                    assert seen["out"] == 0, str(where)
                grew += seen["tall"] > seen["own"] + 0.5
            elif seen["newest"] > seen["own"] + 0.5:
                # a person decides, the newest line taller than the box: just its height (to the
                # whole pixel above, as the list's scroll height is counted)
                grown = float(seen["grown"].removesuffix("px"))
                assert seen["newest"] <= grown <= math.ceil(seen["newest"]) + 1, where
            else:
                assert seen["grown"] == "", where  # a person decides: the box's own height
        assert grew > 0  # some step was longer than three lines, and it was in sight
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: "what just happened" as the child sees it: the box's visible part, its newest line, and the
#: lines that stand half in it (cut at its top or bottom edge)
_SUMMARY_IN_SIGHT_JS = """() => {
  const list = document.querySelector('.kt-summary-lines');
  if (!list || list.scrollHeight <= list.clientHeight) return null;  // nothing to scroll
  const top = list.getBoundingClientRect().top + list.clientTop;
  const bottom = top + list.clientHeight;
  const rows = [...list.children].map((li) => li.getBoundingClientRect());
  const cut = rows.filter((r) => r.bottom > top + 0.5 && r.top < bottom - 0.5
    && (r.top < top - 0.5 || r.bottom > bottom + 0.5)).length;
  const newest = rows[rows.length - 1];
  return {top, bottom, newestTop: newest.top, newestBottom: newest.bottom, cut};
}"""


def _newest_whole(seen: dict) -> bool:
    """The box shows whole lines only and its newest line whole (half a pixel of rounding)."""
    return (
        seen["top"] - 0.5 <= seen["newestTop"]
        and seen["newestBottom"] <= seen["bottom"] + 0.5
        and seen["cut"] == 0
    )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_what_just_happened_shows_its_newest_line_whole_on_a_projector(browser, lang):
    """At 683 x 512 "what just happened" is three lines high and scrolls: it shows whole lines
    only, and its newest line whole (in Dragon's Gold the proposal the child must answer), both
    when the table is drawn at that size and when the window shrinks to it from 1280 x 800 (a
    laptop switched to the projector)."""
    checked = []
    for name, table in bs.one_screen_tables(lang).items():
        for start in ("683x512", "1280x800"):
            width, height = bs.ONE_SCREEN_SIZES[start]
            widget = WidgetPage(browser, table, viewport={"width": width, "height": height})
            try:
                widget.page.set_viewport_size({"width": 683, "height": 512})
                # the box settles in a frame or two after the resize (longer on a busy machine):
                # it is read until it holds its newest line whole, for up to a second
                for _ in range(20):
                    widget.page.wait_for_timeout(50)
                    seen = widget.page.evaluate(_SUMMARY_IN_SIGHT_JS)
                    if seen is None or _newest_whole(seen):
                        break
                where = (name, lang, f"drawn at {start}", seen)
                if seen is None:  # a first turn: the box holds all it has
                    continue
                checked.append((name, start))
                assert seen["top"] - 0.5 <= seen["newestTop"], where
                assert seen["newestBottom"] <= seen["bottom"] + 0.5, where
                assert seen["cut"] == 0, where
                assert widget.watch.errors() == []
            finally:
                widget.close()
    # the moments with more lines than the box holds, drawn both ways (a proposal to answer)
    assert {start for _, start in checked} == {"683x512", "1280x800"}, checked
    assert ("dragons-gold-answer", "683x512") in checked, checked


def test_moves_animate_briefly_unless_motion_is_reduced(browser):
    from kaskaria.widgets import DragonBattleTable, HeroesTable

    anim = "(els) => els.map((e) => getComputedStyle(e).animationName)"
    table = DragonBattleTable(players=2, seats=("human", "easy"), seed=3, autoplay=None)
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    page = widget.page
    try:
        page.emulate_media(reduced_motion="no-preference")
        page.locator('button.kt-action[data-action="roll"]').click()
        widget.relay()
        dice = page.locator(".kaskaria-db-rolled .kaskaria-db-die")
        assert dice.count() > 0
        assert set(dice.evaluate_all(anim)) == {"kt-roll"}  # the new dice roll in
        page.locator("button.kt-action").first.click()
        widget.relay()
        assert page.locator(".kt-anim-roll").count() == 0  # the dice that stay do not roll again
    finally:
        widget.close()
    table = HeroesTable(seats=("human", "easy"), seed=3, autoplay=None)
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    page = widget.page
    try:
        page.emulate_media(reduced_motion="reduce")
        page.locator('.kt-clickable[data-move="take display 1"]').click()
        widget.relay()
        slid = page.locator(".kt-anim-slide")
        assert slid.count() >= 1  # the card taken into the hand (and the one revealed)
        assert set(slid.evaluate_all(anim)) == {"none"}  # but nothing moves: motion is reduced
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: a stand-in for Web Audio that counts the beeps (each note is an oscillator started)
_COUNT_BEEPS = """() => {
    window.__beeps = 0;
    class FakeAudio {
        constructor() { this.currentTime = 0; this.destination = {}; }
        createOscillator() {
            return { frequency: {}, connect: (g) => g, start: () => { window.__beeps += 1; },
                     stop: () => {} };
        }
        createGain() {
            const gain = { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} } };
            gain.connect = (d) => d;
            return gain;
        }
    }
    window.AudioContext = FakeAudio;
    window.webkitAudioContext = FakeAudio;
}"""


def test_the_sound_is_off_by_default_and_once_switched_on_a_move_plays_it(browser):
    from kaskaria.widgets import DragonBattleTable

    # two people at one screen: Player 1's "stop" gives the turn to Player 2
    table = DragonBattleTable(players=2, seats=("human", "human"), seed=3, autoplay=None)
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    page = widget.page
    beeps = lambda: page.evaluate("() => window.__beeps")  # noqa: E731

    def turn_over():
        # Player 1 rolls, places the first dice offered, and stops (by the buttons)
        seat = table.state.current_player()
        page.locator('button.kt-action[data-action="roll"]').click()
        widget.relay()
        while table.state.current_player() == seat and table.state.phase != "over":
            moves = [a["action"] for a in table.view["moves"]["actions"]]
            if table.view["passing"]:
                break
            choice = "stop" if "stop" in moves else moves[0]
            page.locator(f'button.kt-action[data-action="{choice}"]').click()
            widget.relay()
        if table.view["passing"]:
            page.locator("button.kt-pass-ready").click()
            widget.relay()

    try:
        page.evaluate(_COUNT_BEEPS)
        assert table.session.sound is False  # off by default
        turn_over()
        assert table.state.current_player() == 1
        assert beeps() == 0  # a new turn, but no sound
        page.locator("button.kt-tab-settings").click()
        sound = page.locator("button.kt-sound")
        assert sound.get_attribute("aria-pressed") == "false"
        version = table.view["version"]
        sound.click()
        assert widget.relay() == [{"type": "sound", "on": True, "version": version}]
        assert table.session.sound is True
        assert sound.get_attribute("aria-pressed") == "true"
        after_switch = beeps()
        assert after_switch == 1  # the switch itself says how it sounds
        turn_over()  # Player 2's turn ends: Player 1's comes, with a beep
        assert table.state.current_player() == 0
        assert beeps() > after_switch
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: the results' boxes (CSS px): the table's, "Play again", the headline and every row
_RESULTS_JS = """() => {
  const root = document.querySelector('.kaskaria-table');
  const box = (el) => el.getBoundingClientRect().toJSON();
  return {
    table: box(root),
    parts: [...root.querySelectorAll('.kt-play-again, .kt-results-headline, .kt-result-row')]
      .map((el) => ({text: el.textContent.trim().slice(0, 30), box: box(el)})),
  };
}"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_dragons_gold_results_lie_inside_the_table_on_the_first_screen(browser, lang):
    """At the end of a game of three (the app's), "Play again", the headline and every row of the
    results lie inside the table (a page around it that hides what overflows it, as Voila's does,
    cuts nothing off) and inside the window, at the three sizes."""
    from dg_support import table_played_until

    table = table_played_until(lambda v: v["turn"]["to_move"] == "over", lang=lang, seed=2026)
    assert table is not None
    widget = WidgetPage(browser, table)
    try:
        for size, (width, height) in bs.ONE_SCREEN_SIZES.items():
            widget.page.set_viewport_size({"width": width, "height": height})
            widget.page.wait_for_timeout(50)
            m = widget.page.evaluate(_RESULTS_JS)
            assert len(m["parts"]) == 2 + 3, (size, m["parts"])
            outside_table = [
                p["text"] for p in m["parts"] if p["box"]["bottom"] > m["table"]["bottom"] + 0.5
            ]
            assert outside_table == [], (lang, size)
            off = _outside([p["box"] for p in m["parts"]], width, height)
            assert off == [], (lang, size, off)
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: each dragon's card: its bottom, and the parts whose words run over its edge
_DRAGONS_JS = """() => [...document.querySelectorAll('.kaskaria-dg-dragons > *')].map((card) => {
  const c = card.getBoundingClientRect();
  const over = [card, ...card.querySelectorAll('*')]
    .filter((el) => el.getClientRects().length > 0 && el.clientWidth > 0)
    .filter((el) => el.scrollWidth > el.clientWidth + 1
      || el.getBoundingClientRect().right > c.right + 0.5)
    .map((el) => `${el.className.baseVal ?? el.className}: ${el.textContent.slice(0, 60)}`);
  return {place: card.dataset.place, bottom: c.bottom, over};
})"""


def test_a_magic_item_drawn_for_a_bot_keeps_the_dragons_on_a_projector(browser):
    """A German game of four on a projector (683 x 512), played at random with the bots stepped
    by Next, up to the third magic item drawn: while an item is drawn (the page shown the table
    at each of those moments) the four dragons, their
    words inside their cards, and the board, whose turn, what happened and every move lie on
    the first screen (the dragon just beaten, its fighters still listed beside "besiegt: Sein
    versteckter Schatz (4 Schatzsteine) wurde gezogen", ran below the screen, and
    "Schatzsteine" over its card's edge)."""
    import random

    table = bs.one_screen_tables("de")["dragons-gold"]
    widget = WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    rng = random.Random(0)
    drawn = 0
    try:
        with bs.remembered_searches():
            for _ in range(300):
                view = table.view
                if view["turn"]["to_move"] == "over" or drawn >= 3:
                    break
                if view["turn"]["phase"] == "item":
                    drawn += 1
                    # the page shown the table as it is now (the views on the way are not
                    # drawn: what matters is the moment an item is drawn)
                    widget.deliver(latest_only=True)
                    m = widget.page.evaluate(bs.ONE_SCREEN_JS)
                    assert bs.off_screen(m) == [], drawn
                    dragons = widget.page.evaluate(_DRAGONS_JS)
                    assert len(dragons) == 4, dragons
                    for dragon in dragons:
                        assert dragon["bottom"] <= 512.5, (drawn, dragon)
                        assert dragon["over"] == [], (drawn, dragon)
                if view["moves"]["actions"]:
                    table.act(rng.choice(view["moves"]["actions"])["action"])
                else:
                    table.next()
        assert drawn == 3, drawn
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: the Take back button and the note under it: where they lie (None when not drawn)
_UNDO_JS = """() => [...document.querySelectorAll('.kaskaria-table .kt-undo, .kaskaria-table .kt-undo-reason')]
    .filter((el) => el.getClientRects().length > 0 && el.textContent.trim())
    .map((el) => { const b = el.getBoundingClientRect();
                   return {what: el.className.split(' ')[0], bottom: b.bottom, right: b.right}; })"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_market_keeps_every_move_and_take_back_on_the_first_screen(browser, lang):
    """A child tester found "Take back" cut at the bottom of the screen during the market: its
    words "Zurücknehmen: Du möchtest Gold bekommen" filled three lines beside a long row of
    colours. Take back now says it in the offer's rows' words ("Zurücknehmen: Du möchtest Gold");
    at the market's start and while an offer is built, every move, "Take back" and its note lie
    on the first screen at every size."""
    from test_browser_pieces import _market_table

    table = _market_table(lang)
    widget = WidgetPage(browser, table)
    try:
        for moment in ("start", "offer", "ask"):
            if moment != "start":
                step = next(
                    a["action"] for a in table.view["moves"]["actions"] if a["kind"] == moment
                )
                table.act(step)
                widget.deliver()
            for size, (width, height) in bs.ONE_SCREEN_SIZES.items():
                widget.page.set_viewport_size({"width": width, "height": height})
                widget.page.wait_for_timeout(50)
                where = f"{moment} {lang} {size}"
                assert bs.off_screen(widget.page.evaluate(bs.ONE_SCREEN_JS)) == [], where
                undo = widget.page.evaluate(_UNDO_JS)
                assert undo, where
                for el in undo:
                    assert el["bottom"] <= height and el["right"] <= width, (where, undo)
        assert widget.watch.errors() == []
    finally:
        widget.close()


def test_a_heroes_hand_of_six_german_moves_keeps_them_and_autoplay_on_a_tablet(browser):
    """On a tablet (1024 x 768) a German Heroes turn of six moves (four ways to a card, two sets)
    left the greyed take-back's note 8-34 px below the screen, and Autoplay under it (a child
    tester). A greyed take-back waits unseen there: every move and Autoplay lie on the first
    screen; a take-back of the child's own move still shows."""
    import random

    from kaskaria.widgets import HeroesTable

    table = HeroesTable(seats=("human", "medium"), seed=1, lang="de", autoplay=None, hints=True)
    rng = random.Random(1)
    for _ in range(14):
        view = table.view
        moves = view["moves"]["actions"]
        if moves:
            table.act(rng.choice(moves)["action"])
        else:
            table.next()
    view = table.view
    assert len(view["moves"]["actions"]) == 6 and not view["moves"]["undo"]["enabled"]
    widget = WidgetPage(browser, table, viewport={"width": 1024, "height": 768})
    try:
        seen = widget.page.evaluate(
            """() => [...document.querySelectorAll(
              '.kt-moves-panel button, .kt-steps button, .kt-undo-row button')]
              .filter((b) => b.getClientRects().length)
              .map((b) => ({text: b.textContent.trim(), bottom: b.getBoundingClientRect().bottom,
                            undo: b.classList.contains('kt-undo')}))"""
        )
        assert not [b for b in seen if b["undo"]], seen  # the greyed take-back waits unseen
        low = [b for b in seen if b["bottom"] > 768]
        assert low == [], low
        assert any(b["text"].startswith("Automatisch") for b in seen), seen
        assert widget.watch.errors() == []
    finally:
        widget.close()
