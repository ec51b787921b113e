"""Moves made by clicking the pieces (not the buttons) in a real browser: Dragon's Gold's split
(a token left on the treasure, then the player or the pile it goes to), the divide-and-choose
piles and the market in short steps (what you give by a token of your own screen, then what you
ask for and with whom); Heroes' sets that can be played more than one way.

The tables are drawn by their real module and styles in Chromium without JupyterLab
(browser_support.WidgetPage). After every click the page must have sent exactly the move the
piece stands for, the table must have made it, and only legal moves may light up.
"""

from __future__ import annotations

import browser_support as bs
import pytest
from browser_support import WidgetPage

pytestmark = pytest.mark.browser

LIT = "(els) => els.map((e) => e.dataset.move)"


def legal(table) -> set[str]:
    return {a["action"] for a in table.view["moves"]["actions"]}


def click(widget, locator) -> str:
    """Click a piece; return the one move the page sent (and the table made)."""
    locator.click()
    sent = widget.relay()
    assert [m["type"] for m in sent] == ["action"], sent
    return sent[0]["action"]


def hand_out_by_clicks(widget, table, kind: str) -> int:
    """Hand out the whole treasure of a split by clicking a token, then a player or a pile."""
    page = widget.page
    made = 0
    while table.view["turn"]["phase"] in ("build", "divide") and any(
        a["kind"] == kind for a in table.view["moves"]["actions"]
    ):
        # a colour is always picked while tokens are left (the first at once, then the one the
        # child picked, until it runs out): its players or piles light up
        assert page.locator('.kaskaria-dg-take[data-picked="true"]').count() == 1
        token = page.locator(".kaskaria-dg-take").first
        colour = token.get_attribute("data-colour")
        token.click()
        assert token.get_attribute("data-picked") == "true"
        lit = page.locator(".kaskaria-dg-part.kt-clickable")
        moves = lit.evaluate_all(LIT)
        # exactly the legal moves of that colour light up
        assert set(moves) == {
            a["action"]
            for a in table.view["moves"]["actions"]
            if a["kind"] == kind and a["colour"] == colour
        }, moves
        before = len(table.match.actions)
        action = click(widget, lit.last)
        assert action == moves[-1] and action.startswith(f"{kind} {colour} ")
        assert str(table.match.actions[before]) == action
        made += 1
        assert made < 40
    return made


def test_dragons_gold_a_split_is_handed_out_by_clicking_tokens_then_players(browser):
    table = bs._played_until(bs.one_screen_tables("en")["dragons-gold-build"], ("build",))
    widget = WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    try:
        assert hand_out_by_clicks(widget, table, "give") >= 1
        assert "propose" in legal(table)  # every token handed out: the proposal can be made
        assert widget.page.locator(".kaskaria-dg-take").count() == 0
        assert widget.watch.errors() == []
    finally:
        widget.close()


def test_dragons_gold_piles_are_made_by_clicking_tokens_then_piles(browser):
    from kaskaria.widgets import DragonsGoldTable

    table = bs._played_until(
        DragonsGoldTable(
            players=3,
            seats=("human", "easy", "medium"),
            variant="basic-strategic",
            seed=4,
            autoplay=None,
        ),
        ("divide",),
    )
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    try:
        assert hand_out_by_clicks(widget, table, "put") >= 1
        assert table.view["turn"]["phase"] != "divide" or legal(table) == {"split"}
        assert widget.watch.errors() == []
    finally:
        widget.close()


def _market_table(lang: str = "en"):
    """A table where the person (Player 1) may make an offer at the market."""
    from kaskaria.widgets import DragonsGoldTable

    table = DragonsGoldTable(
        players=3, seats=("human", "easy", "medium"), seed=2, lang=lang, autoplay=None
    )
    for seed in range(40):
        try:
            table = bs._played_until(table, ("market",), seed=seed, limit=800)
        except AssertionError:
            continue
        if any(a["kind"] == "offer" for a in table.view["moves"]["actions"]):
            return table
        table.new_game(seed=seed + 10)
    pytest.fail("no market with an offer for the person")


#: is the element on the first screen (unclipped, not scrolled to, the one a click there hits)?
SHOWN = """(el) => {
  const b = el.getBoundingClientRect();
  const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  return b.top >= 0 && b.bottom <= innerHeight && b.left >= 0 && b.right <= innerWidth
         && !!hit && el.contains(hit) && window.scrollY === 0 && b.width >= 24 && b.height >= 24;
}"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_dragons_gold_a_market_trade_is_3_clicks_in_the_labelled_rows(browser, lang):
    """A 1-for-1 trade is three decisions (what you offer, what you ask for, with whom), each one
    click beside the board: a token in the row "You offer", one in the row "You ask for", then
    the player; each on the first screen at 683 x 512. The offer box only says what the offer
    holds ("You offer", "You ask for"): the choices stand once (a child saw them twice)."""
    table = _market_table(lang)
    widget = WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    page = widget.page
    box = ".kaskaria-dg-market-offer"
    labels = {"en": ("You offer", "You ask for"), "de": ("Du bietest an", "Du möchtest")}[lang]
    try:
        assert page.locator(f"{box} .kaskaria-dg-offer-give b").inner_text() == labels[0]
        assert page.locator(f"{box} .kaskaria-dg-offer-ask b").inner_text() == labels[1]
        clicks = 0
        for row, kind in (
            (f'.kaskaria-dg-row-tokens[aria-label="{labels[0]}"]', "offer "),
            (f'.kaskaria-dg-row-tokens[aria-label="{labels[1]}"]', "ask "),
            (".kaskaria-dg-row-trade", "trade with "),
        ):
            assert page.locator(f"{box} .kt-clickable, {box} button").count() == 0
            buttons = page.locator(f"{row} button.kt-action")
            shown = buttons.evaluate_all("(els) => els.map((e) => e.dataset.action)")
            assert set(shown) == {a for a in legal(table) if a.startswith(kind)}
            assert buttons.first.evaluate(SHOWN), row
            action = click(widget, buttons.first)
            clicks += 1
            assert action.startswith(kind) and str(table.match.actions[-1]) == action
        assert clicks == 3
        assert any(line.startswith("trade with") for line in table.match.lines())
        assert widget.watch.errors() == []
    finally:
        widget.close()


def test_dragons_gold_market_by_clicks_give_want_with_whom(browser):
    table = _market_table()
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    page = widget.page
    try:
        # step 1, what you give: the tokens of your own screen, those you may give
        mine = page.locator(".kaskaria-dg-screen .kaskaria-dg-token.kt-clickable")
        assert set(mine.evaluate_all(LIT)) == {a for a in legal(table) if a.startswith("offer ")}
        assert not any(a.startswith("trade ") for a in legal(table))  # no trade yet
        give = click(widget, mine.first)
        assert give.startswith("offer ") and str(table.match.actions[-1]) == give
        # step 2, what you ask for: the colours the others hold (never the one you give), in
        # the row "You ask for" beside the board
        wants = page.locator('.kaskaria-dg-row-tokens[aria-label="You ask for"] button')
        asked = set(wants.evaluate_all("(els) => els.map((e) => e.dataset.action)"))
        assert asked == {a for a in legal(table) if a.startswith("ask ")} and asked
        assert f"ask {give.split()[1]}" not in asked
        assert not any(a.startswith("trade ") for a in legal(table))  # nothing asked yet
        want = click(widget, wants.first)
        assert want.startswith("ask ") and str(table.match.actions[-1]) == want
        # step 3, with whom: the other players
        partners = page.locator(".kaskaria-dg-row-trade button")
        shown = partners.evaluate_all("(els) => els.map((e) => e.dataset.action)")
        assert set(shown) == {"trade with 2", "trade with 3"}
        trade = click(widget, partners.first)
        assert trade == "trade with 2"
        assert "trade with 2" in table.match.lines()
        assert widget.watch.errors() == []
    finally:
        widget.close()


def heroes_with_a_set_of_several_ways():
    """A Heroes table (seeded, played at random) where the person holds a colour group that can
    be played in more than one way; the table and that colour."""
    import random
    from collections import Counter

    from kaskaria.widgets import HeroesTable

    table = HeroesTable(seats=("human", "medium"), seed=1, autoplay=None)
    rng = random.Random(1)
    for _ in range(300):
        view = table.view
        if view["turn"]["to_move"] != "human":
            table.next()
            continue
        cards = view["board"]["cards"]
        plays = [a for a in view["moves"]["actions"] if a["kind"] == "play" and a["cards"]]
        ways = Counter(cards[a["cards"][0]]["colour"] for a in plays)
        several = [c for c, n in ways.items() if n > 1]
        if several:
            return table, several[0]
        table.act(rng.choice(view["moves"]["actions"])["action"])
    raise AssertionError("no set of several ways in 300 steps")


def test_heroes_a_set_of_several_ways_is_played_by_clicking_the_group_then_the_way(browser):
    table, colour = heroes_with_a_set_of_several_ways()
    cards = table.view["board"]["cards"]
    plays = [
        a
        for a in table.view["moves"]["actions"]
        if a["kind"] == "play" and a["cards"] and cards[a["cards"][0]]["colour"] == colour
    ]
    ways = {a["action"] for a in plays}
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    page = widget.page
    try:
        group = page.locator(f'.kaskaria-hk-hand .kaskaria-hk-group[data-colour="{colour}"]')
        shown = page.locator(f'.kaskaria-hk-panel-ways[data-colour="{colour}"]')
        assert group.get_attribute("data-ways") == str(len(ways))
        assert not shown.is_visible()  # the ways wait for the group to be picked
        group.click()
        assert widget.page.evaluate("() => window.__sent.length") == 0  # no move yet
        assert shown.is_visible() and group.get_attribute("aria-expanded") == "true"
        # its colour's button in the moves panel shows it open too (one chooser, two ways in)
        toggle = page.locator(f'button.kaskaria-hk-ways-toggle[data-colour="{colour}"]')
        assert toggle.get_attribute("aria-expanded") == "true"
        lit = shown.locator("button.kt-action")
        assert set(lit.evaluate_all("(els) => els.map((e) => e.dataset.action)")) == ways
        # each way says in words what it does, without its colour (the list's button says it)
        words = dict(
            lit.evaluate_all(
                "(els) => els.map((e) => [e.dataset.action,"
                " e.querySelector('.kaskaria-hk-move-label').innerText])"
            )
        )
        assert words == {a["action"]: a["way"] for a in plays}, words
        assert all(not w.startswith("Play") for w in words.values()), words
        # no other colour's ways are shown
        assert page.locator(".kaskaria-hk-panel-ways:visible").count() == 1
        # a second click on the group folds the ways away again
        group.click()
        assert not shown.is_visible() and toggle.get_attribute("aria-expanded") == "false"
        group.click()
        way = lit.last
        chosen = way.get_attribute("data-action")
        before = len(table.match.actions)
        assert click(widget, way) == chosen
        assert str(table.match.actions[before]) == chosen
        assert widget.watch.errors() == []
    finally:
        widget.close()


def test_heroes_a_group_of_several_ways_opened_by_the_keyboard_gives_the_focus_to_its_first_way(
    browser,
):
    table, colour = heroes_with_a_set_of_several_ways()
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    page = widget.page
    try:
        group = page.locator(f'.kaskaria-hk-hand .kaskaria-hk-group[data-colour="{colour}"]')
        group.focus()
        page.keyboard.press("Enter")
        first = page.locator(f'.kaskaria-hk-panel-ways[data-colour="{colour}"] button').first
        assert first.is_visible()
        assert first.evaluate("(b) => b === document.activeElement")
        assert page.evaluate("() => window.__sent.length") == 0  # nothing played yet
        assert widget.watch.errors() == []
    finally:
        widget.close()


def test_heroes_every_hand_on_a_screen_that_sees_them_all_is_drawn_and_named(browser):
    from kaskaria.widgets import HeroesTable

    table = HeroesTable(seats=("human", "medium"), seed=1, autoplay=None, viewer="omniscient")
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    page = widget.page
    try:
        for seat, groups in table.view["board"]["others"].items():
            hand = page.locator(f'.kaskaria-hk-other-hand[data-seat="{seat}"]')
            names = hand.locator(".kaskaria-hk-group").evaluate_all(
                "(els) => els.map((e) => e.getAttribute('aria-label'))"
            )
            assert names == [g["name"] for g in groups]
        assert widget.watch.errors() == []
    finally:
        widget.close()


@pytest.mark.parametrize(
    ("lang", "purple", "white"),
    [
        ("en", "Purple: 3 cards, a set", "White: 1 card"),
        ("de", "Lila: 3 Karten, ein Kartenset", "Weiß: 1 Karte"),
    ],
)
def test_heroes_a_hand_group_has_one_clear_accessible_name(browser, lang, purple, white):
    # a screen reader once read a group as "L LilaLKlippenläuferLGold+2L+2ein Kartenset"
    import kaskaria
    from kaskaria.widgets import HeroesTable

    hand = "purple griffin, purple runner, purple gold, white griffin, red gold"
    match = kaskaria.setup("heroes", players=3, hands={0: hand}, seed=5)
    table = HeroesTable.from_match(match, seats=("human", "easy", "medium"), lang=lang)
    widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
    page = widget.page
    try:
        # the group of several ways is a button named by its colour, its cards and its set
        picked = page.get_by_role("button", name=purple, exact=True)
        assert picked.count() == 1 and picked.get_attribute("data-colour") == "purple"
        # a card that makes no set is a group with its own name (a click says why not)
        alone = page.get_by_role("group", name=white, exact=True)
        assert alone.count() == 1 and alone.get_attribute("data-colour") == "white"
        # the letters drawn on the cards and beside the group are hidden from screen readers
        hidden = picked.evaluate(
            "(g) => [...g.querySelectorAll('.kaskaria-hk-letter, .kaskaria-hk-group-name')]"
            ".every((e) => e.getAttribute('aria-hidden') === 'true')"
        )
        assert hidden
        assert widget.watch.errors() == []
    finally:
        widget.close()


def test_a_piece_that_ends_the_turn_hands_the_focus_on_as_a_button_does(browser):
    from kaskaria.widgets import HeroesTable

    # Player 1 takes a display card by the keyboard: the turn passes to the bot, and the focus
    # goes on to "Next step" (as after the same move by its button), not to the page's body
    table = HeroesTable(seats=("human", "easy"), seed=3, autoplay=None)
    widget = WidgetPage(browser, table, viewport={"width": 1024, "height": 768})
    page = widget.page
    try:
        card = page.locator(".kaskaria-hk-place .kt-clickable").first
        card.focus()
        page.keyboard.press("Enter")
        sent = widget.relay()
        assert [m["type"] for m in sent] == ["action"], sent
        assert table.view["turn"]["to_move"] == "bot"
        page.wait_for_function(
            "(v) => document.querySelector('.kaskaria-table').getAttribute('data-version') === v",
            arg=str(table.view["version"]),
        )
        page.wait_for_timeout(100)  # the pieces' own microtask
        focused = page.evaluate(
            "() => [document.activeElement.tagName, document.activeElement.className]"
        )
        assert focused[0] == "BUTTON" and "kt-next" in focused[1], focused
        assert widget.watch.errors() == []
    finally:
        widget.close()
