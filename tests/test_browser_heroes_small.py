"""Heroes of Kaskaria on a projector's short screen (683 x 512) and the laptops' screens, in a
real browser (browser_support.WidgetPage): with two, three and four players, in English and
German, the whole board is on the first screen (every move and the "2 more cards to take" strip
of a draw-two card included), and each player card says where the seat's figures stand and what
the others know of its cards, whole, inside the card.
"""

from __future__ import annotations

import browser_support as bs
import pytest
from browser_support import WidgetPage

pytestmark = pytest.mark.browser

SEATS = {
    2: ("human", "medium"),
    3: ("human", "medium", "easy"),
    4: ("human", "medium", "easy", "medium"),
}

#: each player card's lines of figures and known cards: drawn, and inside the card; the draw-two
#: strip's bottom
_CARDS_JS = """() => {
  const shown = (el) => !!el && el.getClientRects().length > 0 && el.getBoundingClientRect().height > 1;
  const cards = [...document.querySelectorAll('.kaskaria-hk .kt-player')].map((card) => {
    const c = card.getBoundingClientRect();
    const inside = (el) => {
      const b = el.getBoundingClientRect();
      return b.left >= c.left - 0.5 && b.right <= c.right + 0.5 && b.bottom <= c.bottom + 0.5;
    };
    const figures = card.querySelector('.kaskaria-hk-figures-of');
    const known = card.querySelector('.kaskaria-hk-known');
    return {
      seat: card.dataset.seat,
      figures: shown(figures), figuresInside: shown(figures) && inside(figures),
      figuresSaid: figures ? figures.textContent : '',
      known: known ? shown(known) : null, knownInside: known ? shown(known) && inside(known) : null,
      knownTitle: known ? known.title : null,
      cut: [...card.querySelectorAll('.kaskaria-hk-figures-of *, .kaskaria-hk-known *')]
        .filter((el) => shown(el) && el.scrollWidth > el.clientWidth + 0.5 && el.clientWidth > 0)
        .map((el) => el.className.baseVal ?? el.className),
    };
  });
  const strip = document.querySelector('.kaskaria-hk-draws-left');
  return {cards, strip: shown(strip) ? strip.getBoundingClientRect().bottom : null};
}"""


def _table(lang: str, players: int, moment: str):
    """A seeded table at the person's first turn (``"start"``), in mid-game while a draw-two
    card's cards are still to take (``"choose"``), or with a full hand of ten cards
    (``"full"``)."""
    from kaskaria.widgets import HeroesTable

    table = HeroesTable(
        players=players, seats=SEATS[players], seed=3, lang=lang, autoplay=None, hints=True
    )
    if moment == "choose":
        table = bs._played_until(table, ("choose",), after=40)
    elif moment == "full":
        table = bs._played_until(
            table,
            ("turn",),
            seed=5,
            until=lambda v: v["board"]["observation"]["hand_sizes"][0] >= 10,
        )
    return table


def _each_screen(browser, lang: str, players: int, check) -> None:
    """``check(widget, where, height, table)`` at the person's first turn, in mid-game while a
    draw-two card's cards are still to take and with a full hand, at each of the three sizes."""
    for moment in ("start", "choose", "full"):
        table = _table(lang, players, moment)
        widget = WidgetPage(browser, table)
        try:
            for size, (width, height) in bs.ONE_SCREEN_SIZES.items():
                widget.page.set_viewport_size({"width": width, "height": height})
                widget.page.wait_for_function("(w) => window.innerWidth === w", arg=width)
                check(widget, f"{players} players {lang} {moment} {size}", height, table)
            assert widget.watch.errors() == []
        finally:
            widget.close()


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_whole_heroes_board_is_on_the_first_screen(browser, lang, players):
    """Every move and the whole board, the draw-two strip ("noch 2 Karten zu nehmen") too: a
    German three-player board once ended 16 px below a projector's screen (683 x 512)."""

    def check(widget, where, height, table):
        m = widget.page.evaluate(bs.ONE_SCREEN_JS)
        assert bs.off_screen(m) == [], where
        # a full hand takes no card: no odds panel (a child read that the odds are "shown to a
        # player at the table" beside "Your hand is full")
        odds = widget.page.locator(".kaskaria-hk-odds").count()
        assert odds == (0 if "full" in where else 1), (where, odds)
        if "choose" in where:
            strip = widget.page.evaluate(_CARDS_JS)["strip"]
            assert strip is not None and strip <= height + 0.5, (where, strip)

    _each_screen(browser, lang, players, check)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_card_says_where_its_figures_stand_and_what_is_known(browser, lang, players):
    """Each player card shows the seat's figures' places ("griffin 2 · cliff runner 2", a narrow
    card each figure drawn beside its place, the words for screen readers) and how many of its
    cards the others know, inside the card and uncut, at 683 x 512 too (they were hidden there),
    with every move still on the first screen."""

    def check(widget, where, height, table):
        figures = table.view["board"]["words"]["figures"]
        seen = widget.page.evaluate(_CARDS_JS)
        assert len(seen["cards"]) == players, where
        knowing = 0
        for card in seen["cards"]:
            assert card["figures"] and card["figuresInside"], (where, card)
            words = figures[int(card["seat"])]
            assert words["griffin"] in card["figuresSaid"], (where, card)
            assert words["runner"] in card["figuresSaid"], (where, card)
            if card["known"] is not None:
                knowing += 1
                assert card["known"] and card["knownInside"], (where, card)
                assert card["knownTitle"], (where, card)
            assert card["cut"] == [], (where, card)
        if "choose" in where:
            assert knowing >= 1, where  # the moment has known cards
        assert bs.off_screen(widget.page.evaluate(bs.ONE_SCREEN_JS)) == [], where

    _each_screen(browser, lang, players, check)


#: the buttons that step the bots ("Next step", "Play whole turn"): their bottoms
_STEP_BUTTONS_JS = """() => [...document.querySelectorAll('.kaskaria-table .kt-next, .kaskaria-table .kt-play-turn')]
  .filter((b) => b.getClientRects().length > 0)
  .map((b) => ({action: b.className.split(' ')[0], box: b.getBoundingClientRect().toJSON()}))"""


def test_stepping_the_bots_on_a_projector_keeps_every_move_on_the_first_screen(browser):
    """A German game of one child and two bots on a projector (683 x 512), the bots' turns
    stepped through by "Nächster Schritt": at every press "Nächster Schritt", "Ganzen Zug spielen"
    and every move lie whole on the first screen (a tester saw "Nächster Schritt" cut by the
    screen's bottom and "Ganzen Zug spielen" below it, when the line "Ein Bot ist dran: ..." and a
    greyed "Zurücknehmen" with its note took lines of their own)."""
    from kaskaria.widgets import HeroesTable

    table = HeroesTable(
        players=3, seats=("human", "easy", "easy"), seed=5, lang="de", autoplay=None, hints=True
    )
    widget = WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    page = widget.page
    presses = 0
    try:
        for button in bs.next_step_buttons(table, widget):
            page.evaluate("() => window.scrollTo(0, 0)")  # a click scrolls its button in sight
            m = page.evaluate(bs.ONE_SCREEN_JS)
            m["moves"] += page.evaluate(_STEP_BUTTONS_JS)
            assert len(m["moves"]) >= 2, (presses, m["moves"])
            missing = [miss for miss in bs.off_screen(m) if miss.startswith("move ")]
            assert missing == [], (presses, missing)
            button.click()
            widget.relay()
            presses += 1
        assert presses >= 100, presses  # the whole game stepped through
        assert widget.watch.errors() == []
    finally:
        widget.close()
