"""Every click answered, in a real browser: a click on a piece that makes no move now shakes it
and says why in one line (the board's own reason, or the table's gate's for the move the piece
stands for, in the screen's language), and changes nothing; and a Dragon's Gold split of 4
tokens among 3 players takes at most 5 clicks on the board, each share's worth shown.

The tables are drawn by their real module and styles in Chromium without JupyterLab
(browser_support.WidgetPage).
"""

from __future__ import annotations

import browser_support as bs
import pytest
from browser_support import WidgetPage

import kaskaria
from kaskaria.widgets import DragonBattleTable, DragonsGoldTable, HeroesTable

pytestmark = pytest.mark.browser

MESSAGE = ".kt-message"
SET_UP = ["draw maid", "draw king", "draw knight", "draw page"]


def refused(widget, locator) -> str:
    """Click a piece whose move is refused: it shakes; return the reason the screen shows."""
    locator.click()
    widget.relay()  # a move sent for the gate to word its refusal (never made)
    widget.page.wait_for_timeout(50)
    assert "kt-refused" in (locator.get_attribute("class") or "")
    return widget.page.locator(MESSAGE).inner_text().strip()


def _dragon_battle_rolled(browser, lang: str, faces: str):
    """Player 1's first roll at a table of four, showing ``faces``, drawn at 1280 x 800."""
    table = DragonBattleTable(
        players=4,
        seats=("human", "hard", "easy", "medium"),
        seed=1,
        lang=lang,
        autoplay=None,
        actions=[*SET_UP, "roll", f"roll {faces}"],
    )
    return table, WidgetPage(browser, table, viewport={"width": 1280, "height": 800})


@pytest.mark.parametrize("lang", ["en", "de"])
def test_dragon_battle_a_dragon_with_no_die_of_its_colour_says_why(browser, lang):
    table, widget = _dragon_battle_rolled(browser, lang, "black blue red red")
    page = widget.page
    try:
        n = len(table.match.actions)
        reason = refused(widget, page.locator('.kaskaria-db-dragon[data-colour="yellow"]'))
        assert len(table.match.actions) == n  # nothing changed
        assert reason == table.view["message"]["text"]
        assert ("no yellow die" if lang == "en" else "kein Gelb") in reason, reason
        # a black die in the well says why it stays there, without asking the table
        black = page.locator('.kaskaria-db-well .kaskaria-db-die[data-face="black"]').first
        reason = refused(widget, black)
        assert reason == table.view["board"]["words"]["why_black"]
        # a dragon with dice of its colour makes the move
        page.locator('.kaskaria-db-dragon[data-colour="red"]').click()
        sent = widget.relay()
        assert [m.get("action") for m in sent] == ["place red"], sent
        assert str(table.match.actions[n]) == "place red"
        # no die is drawn as a "?" and no row of bare colour letters is left under the roll
        assert "?" not in page.locator(".kaskaria-db-hand").inner_text()
        assert page.locator(".kaskaria-db-caption").count() == 0
        assert widget.watch.errors() == []
    finally:
        widget.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_dragon_battle_a_silver_die_goes_on_the_dragon_clicked(browser, lang):
    """A child tester rolled silver with no yellow: a click on the yellow dragon said "this roll
    shows no yellow die" although the silver die could go there, and a click on the silver die
    said "The table does not know that move". Now the dragon takes the silver die, and the die,
    with several dragons to go on, asks for the dragon."""
    table, widget = _dragon_battle_rolled(browser, lang, "black black silver red")
    page = widget.page
    try:
        n = len(table.match.actions)
        legal = {a["action"] for a in table.view["moves"]["actions"]}
        assert "place silver on yellow" in legal and "place yellow" not in legal, legal
        silver = page.locator('.kaskaria-db-rolled .kaskaria-db-die[data-face="silver"]').first
        reason = refused(widget, silver)
        assert reason == table.view["board"]["words"]["why_silver"]
        assert len(table.match.actions) == n
        page.locator('.kaskaria-db-dragon[data-colour="yellow"]').click()
        sent = widget.relay()
        assert [m.get("action") for m in sent] == ["place silver on yellow"], sent
        assert str(table.match.actions[n]) == "place silver on yellow"
        assert widget.watch.errors() == []
    finally:
        widget.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_dragons_gold_a_dragon_before_an_adventurer_says_first_pick_one(browser, lang):
    table = DragonsGoldTable(
        players=3, seats=("human", "easy", "medium"), seed=1, lang=lang, autoplay=None
    )
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    page = widget.page
    try:
        n = len(table.match.actions)
        reason = refused(widget, page.locator(".kaskaria-dg-dragon[data-place]").first)
        assert reason == table.view["board"]["words"]["send_first"]
        assert len(table.match.actions) == n
        assert widget.watch.errors() == []
    finally:
        widget.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_heroes_cards_that_make_no_set_say_why(browser, lang):
    table = HeroesTable(seats=("human", "medium"), seed=3, lang=lang, autoplay=None)
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    page = widget.page
    try:
        groups = page.locator(".kaskaria-hk-group.kt-refusable")
        assert groups.count() >= 1
        lone = groups.first.locator(".kaskaria-hk-card").count() == 1
        reason = refused(widget, groups.first)
        # a card alone in its colour says the rule: a set needs two
        words = table.view["board"]["words"]
        assert reason == words["lone_card" if lone else "no_set"]
        assert lone and reason != words["no_set"]
        assert widget.watch.errors() == []
    finally:
        widget.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_heroes_while_a_draw_two_is_taken_the_hand_and_the_set_played_say_why(browser, lang):
    """A child choosing the two cards of a draw-two clicked a card of the hand and a card of the
    set just played: each says to take the cards first, and nothing changes."""
    match = kaskaria.setup(
        "heroes", players=2, hands={0: "white plus2, white runner, blue gold"}, seed=5
    )
    table = HeroesTable.from_match(match, seats=("human", "easy"), lang=lang, autoplay=None)
    table.session.handle(
        {"type": "action", "action": "play white runner plus2", "version": table.view["version"]}
    )
    assert table.view["turn"]["phase"] == "choose"
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    page = widget.page
    try:
        n = len(table.match.actions)
        words = table.view["board"]["words"]
        take = "First take 2 cards" if lang == "en" else "Nimm erst 2 Karten"
        assert words["no_set"].startswith(take) and words["played_why"].startswith(take)
        hand = page.locator(".kaskaria-hk-hand .kaskaria-hk-card")
        played = page.locator(".kaskaria-hk-played .kaskaria-hk-card")
        assert hand.count() == 1 and played.count() == 2
        prompt = page.locator(MESSAGE).inner_text().strip()
        assert prompt not in (words["no_set"], words["played_why"])  # a click changes the line
        for card, why in [(hand.first, words["no_set"])] + [
            (c, words["played_why"]) for c in played.all()
        ]:
            card.click()
            widget.relay()
            assert page.locator(MESSAGE).inner_text().strip() == why
        assert len(table.match.actions) == n  # nothing changed
        assert widget.watch.errors() == []
    finally:
        widget.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_heroes_a_path_field_a_figure_the_village_and_the_volcano_say_why(browser, lang):
    """A child tester clicked the paths: the fields, the figures, the village and the volcano
    answered nothing. Each now shakes its field and says that figures move by the cards played;
    nothing changes."""
    table = HeroesTable(seats=("human", "medium"), seed=3, lang=lang, autoplay=None)
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    page = widget.page
    try:
        n = len(table.match.actions)
        why = table.view["board"]["words"]["path_why"]
        assert why == (
            "Figures move only when cards are played, not by a click."
            if lang == "en"
            else "Figuren ziehen nur, wenn Karten ausgespielt werden, nicht per Klick."
        )
        path = page.locator(".kaskaria-hk-path").first
        pieces = [
            path.locator(".kaskaria-hk-village"),
            path.locator(".kaskaria-hk-volcano"),
            path.locator('.kaskaria-hk-field[data-field="2"]'),
        ]
        prompt = page.locator(MESSAGE).inner_text().strip()
        assert prompt != why, prompt  # a click changes the line
        for piece in pieces:
            assert refused(widget, piece) == why
        # a figure (all stand in the village at the start) answers through its field
        figure = path.locator(".kaskaria-hk-figure").first
        figure.click()
        widget.relay()
        assert page.locator(MESSAGE).inner_text().strip() == why
        assert len(table.match.actions) == n  # nothing changed
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: a full hand of ten cards (three blue ones make a set of 4 ways), Player 1 to move
FULL_HAND = (
    "blue griffin, blue runner, blue gold, orange gold, red gold, green runner, yellow gold,"
    " purple griffin, turquoise runner, white gold"
)


@pytest.mark.parametrize(
    ("lang", "full", "figures", "ways"),
    [
        (
            "en",
            "Your hand is full (10 cards): play a set.",
            "griffin 0 · cliff runner 0",
            "Blue: 4 ways to play",
        ),
        (
            "de",
            "Deine Hand ist voll (10 Karten): Spiel ein Kartenset aus.",
            "Schuppengreif 0 · Klippenläufer 0",
            "Blau: 4 Möglichkeiten",
        ),
    ],
)
def test_heroes_a_full_hand_in_words_a_child_reads(browser, lang, full, figures, ways):
    """A child tester with a full hand read, on a display card's click, that "a draw-two card's
    cards are taken only right after its set is played"; the player cards showed "▲ 0 · » 0", and
    the blue set's button "[B] Blue …". Now each says it in words: the hand is full, where the
    figures stand, how many ways the button opens."""
    match = kaskaria.setup("heroes", players=3, hands={0: FULL_HAND}, seed=5)
    table = HeroesTable.from_match(
        match, seats=("human", "easy", "medium"), lang=lang, autoplay=None
    )
    widget = WidgetPage(browser, table, viewport={"width": 1024, "height": 768})
    page = widget.page
    try:
        n = len(table.match.actions)
        for piece in (".kaskaria-hk-display .kaskaria-hk-card", ".kaskaria-hk-pile"):
            for node in page.locator(piece).all():
                assert refused(widget, node) == full
        assert len(table.match.actions) == n  # nothing changed
        cards = page.locator(".kaskaria-hk-figures-of")
        assert cards.count() == 3
        assert cards.evaluate_all("(els) => els.map((e) => e.innerText.trim())") == [figures] * 3
        assert "\u25b2" not in page.locator(".kt-players").inner_text()
        toggle = page.locator('button.kaskaria-hk-ways-toggle[data-colour="blue"]')
        assert toggle.inner_text().split(None, 1)[1] == ways  # after its colour's letter
        assert "\u2026" not in toggle.inner_text()
        toggle.click()
        assert page.locator('.kaskaria-hk-panel-ways[data-colour="blue"] button').count() == 4
        assert widget.watch.errors() == []
    finally:
        widget.close()


def _four_tokens_three_players(lang: str) -> DragonsGoldTable:
    """Player 1 kills dragon 1 beside Players 2 and 3: its 2 silver and 2 hidden gold (4 tokens)
    are Player 1's to share out."""
    game = kaskaria.load("dragons-gold", players=3)
    sure = {(s, p): "-" for s in [0, 1, 2, "table"] for p in range(3) if s != p}
    match = kaskaria.setup(
        game,
        dragons=[
            {"card": 0, "treasure": "2 silver", "attackers": [(1, "small-knight"), (2, "wizard")]}
        ],
        to_move=0,
        bag="10 gold",
        sure=sure,
        seed=1,
    )
    table = DragonsGoldTable.from_match(
        match, seats=("human", "easy", "medium"), lang=lang, autoplay=None
    )
    table.act("send big-knight to dragon 1")
    assert table.view["turn"]["phase"] == "build", table.view["turn"]
    assert sum(table.state.observation(0)["split"]["left"].values()) == 4
    return table


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("viewport", [(1280, 800), (683, 512)])
def test_a_split_of_4_tokens_among_3_players_takes_5_clicks(browser, lang, viewport):
    table = _four_tokens_three_players(lang)
    widget = WidgetPage(browser, table, viewport={"width": viewport[0], "height": viewport[1]})
    page = widget.page
    clicks = 0
    try:
        # a colour is picked at once and stays picked: each click on a player hands over one
        for part in (0, 0, 1, 2):
            page.locator(f'.kaskaria-dg-part[data-part="{part}"].kt-clickable').click()
            clicks += 1
            sent = widget.relay()
            assert [m["type"] for m in sent] == ["action"], sent
            assert sent[0]["action"].startswith("give ")
        words = table.view["board"]["words"]["split"]["parts"]
        shown = page.locator(".kaskaria-dg-worth").all_inner_texts()
        assert shown == [p["worth"] for p in words] and len(shown) == 3
        # the proposal is made on the board
        page.locator(".kaskaria-dg-board-propose").click()
        clicks += 1
        sent = widget.relay()
        assert [m.get("action") for m in sent] == ["propose"], sent
        assert clicks <= 5
        proposed = [str(a) for a in table.match.actions if str(a).startswith(("give", "propose"))]
        assert len(proposed) == 5 and proposed[-1] == "propose"
        assert widget.watch.errors() == []
    finally:
        widget.close()


def _four_colours_three_players(lang: str) -> DragonsGoldTable:
    """Player 1 kills dragon 1 beside Players 2 and 3: a silver and a blue lie on it, a green and
    a yellow are drawn for its hidden treasure (4 tokens of 4 colours to share out)."""
    game = kaskaria.load("dragons-gold", players=3)
    sure = {(s, p): "-" for s in [0, 1, 2, "table"] for p in range(3) if s != p}
    match = kaskaria.setup(
        game,
        dragons=[
            {
                "card": 0,
                "treasure": "silver, blue",
                "attackers": [(1, "small-knight"), (2, "wizard")],
            }
        ],
        screens=["", "yellow", ""],
        to_move=0,
        bag="green, yellow",
        sure=sure,
        seed=1,
    )
    table = DragonsGoldTable.from_match(
        match, seats=("human", "easy", "medium"), lang=lang, autoplay=None
    )
    table.act("send big-knight to dragon 1")
    left = table.state.observation(0)["split"]["left"]
    assert left == {"silver": 1, "blue": 1, "green": 1, "yellow": 1}, left
    return table


#: target splits of silver, blue, green and yellow (the share each goes to: 0 is Player 1) and
#: the worth each share then shows, in English (Player 2 is known to hold no yellow: "sure"
#: says nothing of its screen, so its 1 yellow counts for nothing here)
TARGETS = [
    (
        {"silver": 1, "blue": 1, "green": 1, "yellow": 1},
        [
            "0 points now.",
            "1 point now, 3 gems: the most blue, green and yellow so far.",
            "0 points now.",
        ],
    ),
    (
        {"silver": 0, "blue": 1, "green": 2, "yellow": 1},
        [
            "1 point now.",
            "0 points now, 2 gems: the most blue and yellow so far.",
            "0 points now, 1 gem: the most green so far.",
        ],
    ),
    (
        {"silver": 2, "blue": 2, "green": 0, "yellow": 0},
        [
            "0 points now, 2 gems: the most green and yellow so far.",
            "0 points now.",
            "1 point now, 1 gem: the most blue so far.",
        ],
    ),
]

#: a piece's box, whether it is on the first screen (unclipped, no scrolling, the one a click
#: there hits), and its name for a screen reader
BOX = """(el) => {
  const b = el.getBoundingClientRect();
  const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  return {w: b.width, h: b.height, top: b.top, bottom: b.bottom, right: b.right,
          shown: b.top >= 0 && b.bottom <= innerHeight && b.right <= innerWidth && b.left >= 0
                 && !!hit && el.contains(hit) && window.scrollY === 0,
          name: el.getAttribute('aria-label'), tab: el.getAttribute('tabindex'),
          role: el.getAttribute('role') || el.tagName.toLowerCase()};
}"""


#: the moves' buttons that hand out a colour of a split: their words and on how many lines
_GIVE_BUTTON_LINES_JS = """() => [...document.querySelectorAll('.kaskaria-dg-row-grid button')]
  .map((b) => {
    const range = document.createRange();
    range.selectNodeContents(b);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return {text: b.innerText.trim(), lines: tops.size};
  })"""


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("viewport", [(1280, 800), (1024, 768), (683, 512)])
def test_any_split_of_4_tokens_of_4_colours_among_3_players_takes_5_board_clicks(
    browser, lang, viewport
):
    """Each share offers the colours still left as gems: one click on a gem hands that player
    one token of it, so any split of the 4 tokens is 4 clicks, and the proposal a fifth, all on
    the board on the first screen; each gem is a named, focusable target of at least 24 x 24
    px (the last split is handed out by the keyboard); each share shows its worth. The buttons
    that hand out a colour show each player's name on one line ("Spieler 2" broke in two at
    683 x 512)."""
    for n, (target, worth_en) in enumerate(TARGETS):
        table = _four_colours_three_players(lang)
        widget = WidgetPage(browser, table, viewport={"width": viewport[0], "height": viewport[1]})
        page = widget.page
        clicks = 0
        try:
            # the buttons that hand out a colour: each player's name on one line ("Spieler 2")
            names = page.evaluate(_GIVE_BUTTON_LINES_JS)
            assert names and all(n["lines"] == 1 for n in names), names
            for colour, part in target.items():
                gem = page.locator(f'.kaskaria-dg-give[data-id="give-{part}-{colour}"]')
                box = gem.evaluate(BOX)
                assert box["shown"], (colour, part, box)
                assert box["w"] >= 24 and box["h"] >= 24, box
                # a button for the keyboard; the gems of one share are one Tab stop (the
                # arrow keys move among them): this gem's tabindex is 0 or -1, its share's
                # gems have exactly one 0
                assert box["tab"] in ("0", "-1") and box["role"] == "button", box
                tabs = gem.evaluate(
                    "(el) => [...el.closest('.kaskaria-dg-gives').children]"
                    ".map((g) => g.getAttribute('tabindex'))"
                )
                assert tabs.count("0") == 1 and tabs.count("-1") == len(tabs) - 1, tabs
                move = next(
                    a
                    for a in table.view["moves"]["actions"]
                    if a["action"] == f"give {colour} to {part + 1}"
                )
                # named in words for a screen reader ("silver to Player 2", "silver for you"),
                # never the label's arrow
                assert box["name"] == move.get("name", move["label"]), box
                assert "→" not in box["name"], box
                if n == len(TARGETS) - 1:
                    # by the keyboard: the share's Tab stop, then the arrow keys to the gem
                    gem.locator("xpath=..").locator('[tabindex="0"]').focus()
                    for _ in range(12):
                        if gem.evaluate("(el) => el === document.activeElement"):
                            break
                        page.keyboard.press("ArrowRight")
                    assert gem.evaluate("(el) => el === document.activeElement")
                    page.keyboard.press("Enter")
                else:
                    gem.click()
                clicks += 1
                sent = widget.relay()
                assert [m.get("action") for m in sent] == [f"give {colour} to {part + 1}"], sent
                if n == 1 and clicks == 2:
                    bs.page_screenshot(page, f"dg-split-{lang}-{viewport[0]}.png")
            split = table.view["board"]["words"]["split"]
            worth = [p["worth"] for p in split["parts"]]
            if lang == "en":
                assert worth == worth_en
            else:
                assert [w.count("bisher am meisten") for w in worth] == [
                    w.count(": the most") for w in worth_en
                ]
            assert page.locator(".kaskaria-dg-worth").all_inner_texts() == worth
            assert page.locator(".kaskaria-dg-give").count() == 0  # nothing left to hand out
            propose = page.locator(".kaskaria-dg-board-propose")
            assert propose.evaluate(BOX)["shown"]
            propose.click()
            clicks += 1
            sent = widget.relay()
            assert [m.get("action") for m in sent] == ["propose"], sent
            assert clicks <= 5
            assert table.view["turn"]["phase"] == "answer"
            made = [str(a) for a in table.match.actions if str(a).startswith(("give", "propose"))]
            assert made == [f"give {c} to {p + 1}" for c, p in target.items()] + ["propose"]
            assert widget.watch.errors() == []
        finally:
            widget.close()


def test_answering_a_bots_proposal_shows_what_i_get_its_worth_and_what_no_costs(browser):
    """Player 2 (a bot) proposes; Player 1 reads on the board what it gets, what that is worth
    to it and what refusing costs, on the first screen at 683 x 512."""
    game = kaskaria.load("dragons-gold", players=3)
    match = kaskaria.setup(
        game,
        dragons=[
            {"card": 0, "treasure": "2 gold, blue", "attackers": [(0, "big-knight"), (1, "wizard"),
                                                                  (2, "small-knight")]}
        ],
        killed=0, proposer=2, shares={0: "blue", 1: "gold", 2: "gold"}, answering=[0, 1],
        to_move=2, bag="10 silver", seed=2,
    )  # fmt: skip
    table = DragonsGoldTable.from_match(
        match, seats=("human", "easy", "medium"), lang="en", autoplay=None
    )
    widget = WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    try:
        # my share says "You get", its worth is what it is worth to me
        mine = widget.page.locator(".kaskaria-dg-share.kaskaria-dg-mine")
        assert (
            mine.count() == 1
            and mine.locator(".kaskaria-dg-part").get_attribute("data-part") == "0"
        )
        assert mine.inner_text().splitlines()[0] == (
            "You get 0 points now, 1 gem: the most blue so far."
        )
        # the share's tokens are drawn pieces with their counts; on a small screen the colour's
        # word is the piece's drawing and its name (label and tooltip)
        tokens = mine.locator(".kaskaria-dg-token")
        assert tokens.count() == 1 and tokens.first.get_attribute("data-colour") == "blue"
        assert tokens.first.get_attribute("aria-label") == "1 blue"  # the name the table says
        assert tokens.first.get_attribute("title") == "blue sapphire"  # the colour said first
        assert tokens.first.locator(".kaskaria-dg-token-n").inner_text() == "1"
        assert mine.get_attribute("aria-label") == (
            "You get: 1 blue. For you: 0 points now, 1 gem: the most blue so far."
        )
        assert mine.evaluate(BOX)["shown"]
        # to a screen reader each share is one group named by its sentence, said once: my own
        # (its tokens in its name) with nothing more inside; each other share with its tokens
        # inside it (a child tester's screen reader heard "0 points now" twice in mine, and the
        # others' tokens apart from whose they were)
        heard = widget.page.locator(".kaskaria-dg-parts").aria_snapshot()
        assert heard.splitlines() == [
            "- 'group \"You get: 1 blue. For you: 0 points now, 1 gem: the most blue so far.\"'",
            '- group "Player 2 gets 3 points now.":',
            '  - img "1 gold": "1"',
            '- group "Player 3 gets 3 points now.":',
            '  - img "1 gold": "1"',
        ], heard
        answer = widget.page.locator(".kaskaria-dg-answer")
        assert answer.inner_text() == (
            "Refuse: you make the next proposal. No deal: nobody gets the treasure."
        )
        assert answer.evaluate(BOX)["shown"]
        bs.page_screenshot(widget.page, "dg-answer-en-683.png")
        assert widget.watch.errors() == []
    finally:
        widget.close()


def test_the_worth_of_a_share_is_its_points_and_its_gems():
    from kaskaria.present import presenter_for

    presenter = presenter_for(kaskaria.load("dragons-gold", players=3))
    assert presenter._worth({"silver": 2, "gold": 1}, "en") == "5 points now."
    assert presenter._worth({"blue": 2, "gold": 1}, "en") == "3 points now, 2 gems for the end."
    assert presenter._worth({"red": 1}, "en") == "1 point now."
    assert presenter._worth({"black": 1}, "de") == "jetzt 7 Punkte."
    assert (
        presenter._worth({"white": 1}, "de")
        == "jetzt 0 Punkte, dazu 1 Edelstein für das Spielende."
    )


#: tables played to their end by quick bots (the end screen is the point, not the bots' play)
ENDED = {
    "dragon-battle": lambda lang: DragonBattleTable(
        players=3, seats=("easy", "medium", "hard"), seed=2, lang=lang, autoplay=None
    ),
    "heroes": lambda lang: HeroesTable(seats=("easy", "medium"), seed=2, lang=lang, autoplay=None),
    "dragons-gold": lambda lang: DragonsGoldTable(
        players=3, seats=("easy", "medium", "medium"), seed=1, lang=lang, autoplay=None
    ),
}

#: is the element on the first screen, unclipped and the one a click there hits (no scrolling)?
ON_FIRST_SCREEN = """(el) => {
  const b = el.getBoundingClientRect();
  const x = b.left + b.width / 2, y = b.top + b.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {top: b.top, bottom: b.bottom, right: b.right, hit: !!hit && el.contains(hit),
          scrolled: window.scrollY, height: innerHeight, width: innerWidth};
}"""


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", list(ENDED))
def test_play_again_is_on_the_first_screen_at_the_end(browser, name, lang):
    table = ENDED[name](lang)
    table.run_bots()
    assert table.state.is_terminal()
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    page = widget.page
    try:
        for width, height in ((1280, 800), (1024, 768), (683, 512)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(50)
            m = page.locator(".kt-play-again").evaluate(ON_FIRST_SCREEN)
            where = (name, lang, width, height, m)
            assert m["scrolled"] == 0 and m["hit"], where
            assert 0 <= m["top"] and m["bottom"] <= height and m["right"] <= width, where
        assert widget.watch.errors() == []
    finally:
        widget.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_settings_show_no_raw_code_until_a_teacher_opens_it(browser, lang):
    table = DragonBattleTable(players=2, seats=("human", "easy"), seed=3, lang=lang, autoplay=None)
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    page = widget.page
    try:
        page.locator("button.kt-tab-settings").click()
        code = page.locator("input.kt-code")
        assert table.view["info"]["code"].startswith("KAS1-")
        assert not code.is_visible()
        assert "KAS1" not in page.locator(".kt-panel").inner_text()
        page.locator(".kt-codes-title").click()
        assert code.is_visible() and code.input_value() == table.view["info"]["code"]
        # the fold stays open when the table is drawn again
        page.locator('.kaskaria-db-dragon[data-colour="red"]').click()
        widget.relay()
        assert code.is_visible()
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: the words of the element's text broken across lines (each word's own line boxes)
BROKEN_WORDS = """(root) => {
  const out = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement || !node.parentElement.offsetParent) continue;  // not shown
    const re = /[^\\s\\u2014\\u2013\\u00b7\\/\\-]+/g;
    let m;
    while ((m = re.exec(node.nodeValue))) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) out.push(m[0]);
    }
  }
  return out;
}"""

BOARDS = {
    "dragon-battle": lambda lang: DragonBattleTable(
        players=4,
        seats=("human", "hard", "easy", "medium"),
        seed=1,
        lang=lang,
        autoplay=None,
        actions=[*SET_UP, "roll", "roll black blue red red"],
    ),
    "heroes": lambda lang: HeroesTable(seats=("human", "medium"), seed=3, lang=lang, autoplay=None),
    "dragons-gold": lambda lang: DragonsGoldTable(
        players=4, seats=("human", "easy", "medium", "hard"), seed=2, lang=lang, autoplay=None
    ),
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", list(BOARDS))
def test_no_word_is_broken_across_lines_on_the_board_or_in_the_rules(browser, name, lang):
    table = BOARDS[name](lang)
    widget = WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    page = widget.page
    try:
        page.locator("button.kt-tab-rules").click()
        for width, height in ((683, 512), (1024, 768), (1280, 800)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(50)
            for part in (".kt-panel", ".kt-board-host", ".kt-players"):
                broken = page.locator(part).evaluate(BROKEN_WORDS)
                assert broken == [], (name, lang, width, part, broken)
        assert widget.watch.errors() == []
    finally:
        widget.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_odds_box_shows_the_childs_sentence_and_folds_the_exact_figures(browser, lang):
    table = DragonBattleTable(
        players=4,
        seats=("human", "hard", "easy", "medium"),
        seed=1,
        lang=lang,
        autoplay=None,
        actions=[*SET_UP, "roll", "roll black blue red red", "place red"],
    )
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    page = widget.page
    try:
        meter = table.view["board"]["meter"]
        plain = page.locator(".kaskaria-db-meter-plain")
        assert plain.is_visible() and plain.inner_text() == meter["plain"]
        exact = page.locator(".kaskaria-db-meter-exact .kaskaria-db-meter-fail")
        assert not exact.is_visible()  # the exact figures are a click away
        page.locator(".kaskaria-db-meter-exact > summary").click()
        assert exact.is_visible() and meter["next_roll_fail"]["exact"] in exact.inner_text()
        size = plain.evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)")
        assert size >= 14
        assert widget.watch.errors() == []
    finally:
        widget.close()


#: a piece of each board that a child may click while a bot decides (Player 1 is the bot)
WHILE_A_BOT_THINKS = {
    "dragons-gold": (
        DragonsGoldTable,
        ("hard", "human", "easy"),
        ".kaskaria-dg-dragon[data-place]",
    ),
    "heroes": (HeroesTable, ("hard", "human"), ".kaskaria-hk-path .kaskaria-hk-village"),
    "dragon-battle": (DragonBattleTable, ("hard", "human"), ".kaskaria-db-dragon[data-colour]"),
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", WHILE_A_BOT_THINKS)
def test_a_click_while_a_bot_thinks_is_answered_by_the_thinking_line(browser, name, lang):
    """A child tester clicked a dragon while the hard bot thought: "Player 3 (hard bot) is
    thinking…" gave way to "Wait: it is not your move now." and never came back. Now the click
    is answered by the thinking line (who plays, so not the child) with "Wait:" before it (a
    later tester found the same line alone no answer to the click), the piece shakes, the
    header still names the bot, nothing is sent, and the bot's step replaces the line as before."""
    cls, seats, piece = WHILE_A_BOT_THINKS[name]
    table = cls(players=len(seats), seats=seats, seed=1, lang=lang, autoplay=None)
    view = table.view
    assert view["turn"]["to_move"] == "bot" and view["moves"]["actions"] == []
    thinking = view["advice"]["thinking"]
    assert thinking == (
        "Player 1 (hard bot) is thinking…"
        if lang == "en"
        else "Spieler 1 (starker Bot) überlegt\u00a0…"
    )
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    page = widget.page
    try:
        n = len(table.match.actions)
        turn = page.locator(".kt-turn").inner_text().strip()
        assert view["turn"]["text"] in turn
        nodes = page.locator(piece)
        assert nodes.count() >= 1
        for node in nodes.all()[:2]:
            node.click()
            assert widget.relay() == []  # answered on this screen: nothing for the table
            assert "kt-refused" in (node.get_attribute("class") or "")
            assert page.locator(MESSAGE).inner_text().strip() == view["advice"]["wait"]
            assert view["advice"]["wait"] == ("Wait: " if lang == "en" else "Warte: ") + thinking
            assert page.locator(f"{MESSAGE}.kt-thinking").is_visible()
            assert page.locator(".kt-turn").inner_text().strip() == turn
        assert len(table.match.actions) == n  # nothing changed
        # the bot's step: the view's own line again
        page.locator("button.kt-next").click()
        widget.relay()
        page.wait_for_function("() => !document.querySelector('.kt-thinking')", timeout=10_000)
        assert len(table.match.actions) > n
        assert widget.watch.errors() == []
    finally:
        widget.close()


def test_building_a_split_a_screen_reader_hears_each_share_once(browser):
    """Building a split, each share is a button that hands it the picked colour, named by its
    sentence and the move; the share around it was also a group named by the same sentence, so
    a screen reader heard it twice (a child tester). The sentence is said once per share."""
    from dg_support import table_played_until

    table = table_played_until(
        lambda v: v["turn"]["to_move"] == "human" and v["turn"]["phase"] == "build",
        seed=1,
    )
    assert table is not None
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    try:
        widget.page.locator(
            ".kaskaria-dg-give, .kaskaria-dg-part[data-kt-pointer]"
        ).first.wait_for()
        heard = widget.page.locator(".kaskaria-dg-parts").aria_snapshot()
        said = widget.page.evaluate(
            "() => [...document.querySelectorAll('.kaskaria-dg-part .kt-sr')]"
            ".map((e) => e.textContent.trim())"
        )
        assert said, heard
        for sentence in said:
            assert heard.count(sentence) == 1, (sentence, heard)
        assert widget.watch.errors() == []
    finally:
        widget.close()
