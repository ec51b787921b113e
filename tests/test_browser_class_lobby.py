"""A pupil's lobby in a real browser, on a class server at 127.0.0.1, as a child meets it: every
menu has its name, a sentence says what to do, each control is a finger's size (24 px or more) and
axe-core finds nothing serious, at 1280 x 800 and 683 x 512, in English and German. Tom makes a
table and Lena (in German) another: each is seated at the table they made at once."""

from __future__ import annotations

import pytest
from browser_support import axe_script, run_axe, serious
from class_support import ServerProcess
from test_browser_class import at

pytestmark = pytest.mark.browser

SIZES = ((1280, 800), (683, 512))
#: what the lobby says, by language: the menus' names and the sentences
WORDS = {
    "en": {
        "names": ["Game", "Rules", "Players", "Bots"],
        "make": "Make your own table: choose a game, then press New table.",
        "sit": "To play, press Sit here at a table.",
        "sit_at": "Sit here: table 1, Player 2",
    },
    "de": {
        "names": ["Spiel", "Regeln", "Spieler", "Bots"],
        "make": "Mach deinen eigenen Tisch: Wähle ein Spiel und drücke dann auf „Neuer Tisch“.",
        "sit": "Zum Mitspielen drückst du bei einem Tisch auf „Hier hinsetzen“.",
        "sit_at": "Hier hinsetzen: Tisch 1, Spieler 2",
    },
}
#: each control of the lobby the child can press or choose in: (what it is, width, height)
CONTROLS_JS = """() => [...document.querySelectorAll(
    '#kc-lobby button, #kc-lobby select, #kc-lobby input')]
  .filter((e) => e.getClientRects().length)
  .map((e) => { const b = e.getBoundingClientRect();
    return [e.id || e.className || e.textContent, b.width, b.height]; })"""
#: each menu's name, as its label gives it to the eye and to a screen reader
NAMES_JS = """() => [...document.querySelectorAll('#kc-create select')]
  .map((s) => [...s.labels].map((l) => l.firstChild.textContent.trim()).join(' '))"""


@pytest.fixture
def class_server(tmp_path):
    s = ServerProcess(tmp_path / "class.sqlite3").start()
    yield s
    s.stop()


def test_the_lobby_says_what_to_do_and_seats_the_child_who_makes_a_table(browser, class_server):
    server = class_server
    for table, (lang, name) in enumerate((("en", "Tom"), ("de", "Lena")), start=1):
        words = WORDS[lang]
        page = browser.context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
        # axe-core comes in with the page (the page's own rules let no script tag be added)
        page.add_init_script(script=axe_script())
        at(page).goto(f"{server.url}?c={server.code}&lang={lang}")
        page.fill("#kc-name", name)
        page.click(".kc-join-button")
        page.wait_for_selector("#kc-create:not([hidden]) #kc-level option", state="attached")
        assert page.evaluate(NAMES_JS) == words["names"]
        assert page.inner_text("#kc-create .kc-lobby-help") == words["make"]
        if table > 1:  # Tom's table is there: the sentence says how to join it
            page.wait_for_selector(".kc-lobby-table[data-table='1'] button.kc-sit")
            assert page.inner_text("#kc-lobby-help") == words["sit"]
            sit = page.locator(".kc-lobby-table[data-table='1'] button.kc-sit").first
            assert sit.get_attribute("aria-label") == words["sit_at"]
        else:
            assert page.is_hidden("#kc-lobby-help")
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            found = serious(run_axe(page))
            assert found == [], (lang, width, found)
            controls = page.evaluate(CONTROLS_JS)
            assert len(controls) >= 5, controls  # the four menus and New table
            small = [c for c in controls if c[1] < 24 or c[2] < 24]
            assert small == [], (lang, width, small)
        page.select_option("#kc-game", "dragon-battle")
        page.select_option("#kc-players", "3")
        page.click(".kc-create-button")
        # the child sits at the first seat of the table they made, at once
        page.wait_for_selector(
            f".kc-board-host[data-table='{table}'][data-seat='0'] [data-version]"
        )
        board = page.locator(".kc-board-host [data-version]")
        assert board.get_attribute("data-player") == "0"
        assert errors == []


def test_a_sit_button_stays_the_same_button_while_others_take_their_seats(browser, class_server):
    """Cat's finger is on Sit for Player 3 while Ann and Ben sit down: every lobby that comes
    meanwhile draws the seats that changed, and leaves her button the very same element (a
    button swapped between pressing and letting go loses the click). Her press then seats her."""
    from test_browser_class import command, join

    server = class_server
    command(server, type="create", game="dragons-gold", players=3, level="easy")
    (ann, ann_errors), (ben, ben_errors), (cat, cat_errors) = (
        join(browser, server, name) for name in ("Ann", "Ben", "Cat")
    )
    seat = ".kc-lobby-table[data-table='1'] button.kc-sit[data-seat='{}']"
    finger = at(cat).wait_for_selector(seat.format(2))
    card = cat.query_selector(".kc-lobby-table[data-table='1']")
    for seat_no, page in enumerate((ann, ben)):
        at(page).click(seat.format(seat_no))
        page.wait_for_selector(f".kc-board-host[data-seat='{seat_no}'] [data-version]")
        # Cat's lobby shows the seat taken: its button is gone, the name is there
        at(cat).wait_for_function(
            """([sel, name]) => !document.querySelector(sel)
                && document.querySelector(".kc-lobby-table[data-table='1']").textContent.includes(name)""",
            arg=[seat.format(seat_no), ("Ann", "Ben")[seat_no]],
        )
        assert finger.evaluate("(b) => b.isConnected")
        assert card.evaluate("(c) => c.isConnected")
    finger.click()
    cat.wait_for_selector(".kc-board-host[data-seat='2'] [data-version]")
    assert ann_errors == ben_errors == cat_errors == []
