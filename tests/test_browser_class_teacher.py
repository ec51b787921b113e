"""The teacher's page in a real browser, on a class server at 127.0.0.1, at 1280 x 800 in English
and German: each New-table menu has its name above it (as in the pupil's lobby), and axe-core
finds nothing serious or critical with a pupil here, a pupil gone (their name greyed, "Hand back"
beside it) and a table on the board."""

from __future__ import annotations

import pytest
from browser_support import axe_script, run_axe, serious
from class_support import ServerProcess
from test_browser_class import at, command

pytestmark = pytest.mark.browser

#: the New-table menus' names, by language
NAMES = {"en": ["Game", "Rules", "Players", "Bots"], "de": ["Spiel", "Regeln", "Spieler", "Bots"]}
#: each New-table menu's name, as its label gives it to the eye and to a screen reader
NAMES_JS = """() => [...document.querySelectorAll('.kc-teacher-controls select')]
  .map((s) => [...s.labels].map((l) => l.firstChild.textContent.trim()).join(' '))"""
#: the teacher's page picks its language from the browser's
LANGUAGE_JS = "Object.defineProperty(navigator, 'language', { get: () => '%s' });"


@pytest.fixture
def class_server(tmp_path):
    s = ServerProcess(tmp_path / "class.sqlite3").start()
    yield s
    s.stop()


def join(browser, server: ServerProcess, name: str):
    page = browser.context.new_page()
    at(page).goto(f"{server.url}?c={server.code}&lang=en")
    page.fill("#kc-name", name)
    page.click(".kc-join-button")
    page.wait_for_selector("#kc-create:not([hidden]) #kc-level option", state="attached")
    return page


def test_the_teacher_page_names_its_menus_and_axe_finds_nothing_serious(browser, class_server):
    server = class_server
    here = join(browser, server, "Mia")
    join(browser, server, "Tom").close()  # Tom leaves: his name stays, greyed
    command(server, type="create", game="dragon-battle", players=2, level="easy")
    for lang, locale in (("en", "en-GB"), ("de", "de-DE")):
        page = browser.context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
        # axe-core comes in with the page (the page's own rules let no script tag be added)
        page.add_init_script(script=axe_script())
        page.add_init_script(script=LANGUAGE_JS % locale)
        page.set_extra_http_headers({"Accept-Language": locale})  # as the browser says it
        page.set_viewport_size({"width": 1280, "height": 800})
        at(page).goto(f"{server.url}teacher#key={server.key}&c={server.code}")
        page.wait_for_selector(".kc-teacher-controls .kc-c-level option", state="attached")
        page.wait_for_selector(".kc-pupils li.kc-offline .kc-p-hand-back")
        page.wait_for_selector(".kc-pupils li.kc-online")
        page.wait_for_selector(".kc-table")
        assert page.evaluate(NAMES_JS) == NAMES[lang]
        found = serious(run_axe(page))
        assert found == [], (lang, found)
        assert errors == []
        page.close()
    here.close()


#: each table card: its game's title, the screen-reader line's box, its "Look back" button's words
#: (or none) and the sentence that says why there is none; and the look of every button on the card
CARDS_JS = """() => [...document.querySelectorAll('.kc-table')].map((card) => {
  const status = card.querySelector('.kc-status');
  const box = status.getBoundingClientRect();
  const button = card.querySelector('.kc-look-back-button');
  const hidden = card.querySelector('.kc-look-back-hidden');
  const look = (b) => { const s = getComputedStyle(b);
    return [s.borderTopWidth, s.borderTopStyle, s.borderTopColor, s.borderRadius,
            s.backgroundColor, s.fontWeight, s.minHeight].join(' '); };
  return {
    title: card.querySelector('h3').textContent,
    status: status.textContent,
    statusBox: [box.width, box.height],
    button: button ? button.textContent : null,
    hidden: hidden ? hidden.textContent : null,
    looks: [...new Set([...card.querySelectorAll('button')].map(look))],
  };
})"""

WHAT_IF = {
    "en": ("Show “Look back” on the board", "No “Look back” here"),
    "de": ("„Rückblick“ an der Tafel zeigen", "Kein „Rückblick“ hier"),
}


def test_the_table_cards_show_no_status_code_and_say_why_there_is_no_what_if(browser, class_server):
    """A child tester saw the raw screen-reader line ("Player 1: roll all dice | yellow minstrel 3
    · ...") on each table's card, no word on why Heroes and Dragon's Gold have no "Look back", and
    plain default buttons. Now the line is read out only, the card says why, and the buttons
    look alike."""
    server = class_server
    for game in ("dragon-battle", "heroes", "dragons-gold"):
        command(server, type="create", game=game, players=3, level="easy")
    for lang, locale in (("en", "en-GB"), ("de", "de-DE")):
        page = browser.context.new_page()
        page.add_init_script(script=LANGUAGE_JS % locale)
        page.set_extra_http_headers({"Accept-Language": locale})  # as the browser says it
        page.set_viewport_size({"width": 1280, "height": 800})
        at(page).goto(f"{server.url}teacher#key={server.key}&c={server.code}")
        page.wait_for_function("() => document.querySelectorAll('.kc-table').length === 3")
        cards = page.evaluate(CARDS_JS)
        show, why = WHAT_IF[lang]
        for card, open_to_all in zip(cards, (True, False, False), strict=True):
            assert card["status"], card  # a screen reader still reads it
            assert card["statusBox"][0] <= 1 and card["statusBox"][1] <= 1, card
            if open_to_all:
                assert card["button"] == show and card["hidden"] is None, card
            else:
                assert card["button"] is None and card["hidden"].startswith(why), card
            assert len(card["looks"]) == 1, card  # every button of the card alike
            assert not card["looks"][0].startswith("0px"), card  # a frame, not the default
        assert len({c["looks"][0] for c in cards}) == 1
        page.close()
