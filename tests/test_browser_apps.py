"""The children's apps, played to their end where children play them: in Voila.

Each app (notebooks/play-*.ipynb and the German ones in notebooks/de/) is opened in Voila, set up
as `make play` does, and played by clicks to the end of a game: a person's moves by their buttons
(a move chosen at random among those shown, seeded), the bots' and chance's steps by "Next step"
(what a child presses not to wait). On the way the test measures the first screen at 1280 x 800,
1024 x 768 and 683 x 512 CSS px: at every new kind of moment (each phase a person decides in, and
the end) every move the person may make, and at the end "Play again", the results' headline
and every row of the results, lie inside the window without scrolling and uncut by the page
around the table, no button's words are cut, no word of the table breaks inside (a word breaks
only at its own hyphen or soft hyphen, never "Yello/w"), the app's "How to play" line covers no button of
the table, and nothing is wider than the window; every card of the child's Heroes hand does too
(the child's main control: on a projector at 683 x 512 it lies right under the display, above the
piles and the set being played). A Heroes colour
whose set can be played in several ways is one button that opens its ways in place: opened, the
ways (first among the moves) and that button must be on the first screen. axe-core (the copy bundled with
axe-playwright-python, injected into the page: no network) runs at the start, a decision, a bot's
turn, a proposal to answer (Dragon's Gold) and the end, and must find no serious or critical
violation, nor content outside a landmark (the app is the page's `<main>`).

`make test` measures the three sizes at the first moment of each kind, in one seeded deal per
app (the same game every run); `make soak` measures them at every decision of a new deal each run
(tests marked soak).

The Heroes app is also dealt a few games by their number (typed into its settings, as a teacher
does), and Player 1 draws until the hand is full (ten cards): on the first turn and with the full
hand, every move and every card of the hand lie on the first screen at all three sizes;
then a colour's ways are opened, by its button and by its group in the hand, at all three sizes:
the page must not scroll (Voila's page panel once scrolled by 106 px and stayed there, the turn
badge above the window), the turn badge stays on the screen, and each way says in words what it
does.
"""

from __future__ import annotations

import random

import browser_support as bs
import pytest
from browser_support import run_axe, serious
from heroes_support import BIG_HANDS, big_hands_from_play

pytestmark = pytest.mark.browser

#: the longest game first (make test sends each app to a core of its own, longest first)
APPS = {
    "dragons-gold": "play-dragons-gold.ipynb",
    "heroes": "play-heroes.ipynb",
    "dragon-battle": "play-dragon-battle.ipynb",
}
#: the sizes children see: a laptop, a tablet, and a 1024 x 768 projector at 150 %
SIZES = {"1280x800": (1280, 800), "1024x768": (1024, 768), "683x512": (683, 512)}
TABLE = bs.APP_TABLE

#: what a person can do now, and where it is (CSS px, relative to the window): every move's
#: button, a Heroes colour's button that opens its ways, "Play again", and the cards of a Heroes
#: hand; the page scrolled back to its top first
_FIRST_SCREEN_JS = """async (only) => {
  // the layout is CSS only (no script reacts to the size): a frame after the resize is enough,
  // once the short animations of the last view (a piece popping or sliding in) have ended
  const ends = document.getAnimations()
    .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
    .map((a) => a.finished.catch(() => null));
  await Promise.race([Promise.all(ends), new Promise((done) => setTimeout(done, 1000))]);
  await new Promise((done) => requestAnimationFrame(() => done()));
  const root = document.querySelector('.kaskaria-table[data-version]');
  for (let el = root; el; el = el.parentElement) if (el.scrollTop) el.scrollTop = 0;
  if (document.scrollingElement) document.scrollingElement.scrollTop = 0;
  const visible = (el) => el.getClientRects().length > 0;
  const box = (el) => {
    const b = el.getBoundingClientRect();
    return {left: b.left, right: b.right, top: b.top, bottom: b.bottom};
  };
  const wanted = [...root.querySelectorAll(only ||
      'button.kt-action, button.kt-pass-ready, button.kt-play-again, button.kt-confirm-yes,'
      + ' button.kaskaria-hk-ways-toggle')]
    .filter(visible);
  return {
    width: window.innerWidth,
    height: window.innerHeight,
    wide: Math.max(document.documentElement.scrollWidth, root.scrollWidth),
    tableRight: root.getBoundingClientRect().right,
    phase: root.getAttribute('data-phase'),
    toMove: root.getAttribute('data-to-move'),
    // a way in a list of ways longer than the window is reached by scrolling that list (never
    // the page): where it counts is the list's own box
    moves: wanted.map((b) => {
      const list = b.closest('.kaskaria-hk-panel-ways');
      const scrolls = list && list.scrollHeight > list.clientHeight + 1;
      return {name: b.dataset.action || b.className.split(' ')[0],
              text: b.textContent.trim().slice(0, 40), box: box(scrolls ? list : b)};
    }),
    hand: [...root.querySelectorAll('.kaskaria-hk-hand .kaskaria-hk-card')].filter(visible)
      .map((c) => ({name: c.dataset.card, box: box(c)})),
    // the app's "How to play" line lies over the table's header: it must not cover a button
    covered: (() => {
      const fold = document.querySelector('.jp-MarkdownCell details > summary');
      if (!fold || !visible(fold)) return [];
      const f = fold.getBoundingClientRect();
      return [...root.querySelectorAll('button')].filter(visible).filter((b) => {
        const r = b.getBoundingClientRect();
        return r.left < f.right && f.left < r.right && r.top < f.bottom && f.top < r.bottom;
      }).map((b) => b.textContent.trim().slice(0, 30));
    })(),
    clipped: [...root.querySelectorAll('button, .kt-turn, .kt-message')]
      .filter(visible)
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible')
      .map((el) => el.textContent.trim().slice(0, 30)),
    // what the page around the table hides: a box of the page (Voila's output area) that does
    // not show what overflows it cuts off part of what the child must see
    pageCut: wanted.filter((el) => {
      const b = el.getBoundingClientRect();
      for (let up = root.parentElement; up; up = up.parentElement) {
        if (!['hidden', 'clip'].includes(getComputedStyle(up).overflowY)) continue;
        const c = up.getBoundingClientRect();
        if (b.top < c.top - 0.5 || b.bottom > c.bottom + 0.5) return true;
      }
      return false;
    }).map((el) => el.textContent.trim().slice(0, 30)),
  };
}"""

#: what a child must see at the end: "Play again", the headline and every row of the results
END_JS_ONLY = "button.kt-play-again, .kt-results-headline, .kt-result-row"
#: the apps whose every row of the results is measured at the end (all: on a short screen the
#: results reach over the side column, so a German Heroes ranking of three fits 683 x 512 too)
RESULTS_MEASURED = ("dragons-gold", "dragon-battle", "heroes")


def off_first_screen(m: dict, *, hand: bool = False) -> list[str]:
    """What a child would have to scroll to, or what is cut (empty: all on the first screen);
    ``hand``: the cards of the child's hand count too."""
    w, h = m["width"], m["height"]

    def out(b: dict) -> bool:
        return b["top"] < -0.5 or b["left"] < -0.5 or b["bottom"] > h + 0.5 or b["right"] > w + 0.5

    found = []
    if m["wide"] > w + 0.5 or m["tableRight"] > w + 0.5:
        found.append(f"wider than the window ({max(m['wide'], m['tableRight']):.0f} px)")
    for move in m["moves"]:
        b = move["box"]
        if out(b):
            found.append(f"{move['name']} ({move['text']!r}) at {b['left']:.0f},{b['bottom']:.0f}")
    for card in m["hand"] if hand else []:
        b = card["box"]
        if out(b):
            found.append(f"card in hand {card['name']!r} at {b['left']:.0f},{b['bottom']:.0f}")
    found.extend(f"cut: {text!r}" for text in m["clipped"])
    found.extend(f"cut off by the page: {text!r}" for text in m.get("pageCut", []))
    found.extend(f"under 'How to play': {text!r}" for text in m["covered"])
    return found


def test_the_first_screen_measure_finds_what_is_below_or_cut():
    inside = {"left": 0, "top": 10, "right": 100, "bottom": 60}
    below = {"left": 0, "top": 700, "right": 100, "bottom": 740}
    m = {
        "width": 683,
        "height": 512,
        "wide": 700,
        "tableRight": 683,
        "moves": [
            {"name": "roll", "text": "Roll", "box": below},
            {"name": "x", "text": "", "box": inside},
        ],
        "hand": [{"name": "white griffin", "box": below}, {"name": "red gold", "box": inside}],
        "clipped": ["Wizar"],
        "pageCut": ["3 You 43 points"],
        "covered": ["Hint"],
    }
    assert off_first_screen(m) == [
        "wider than the window (700 px)",
        "roll ('Roll') at 0,740",
        "cut: 'Wizar'",
        "cut off by the page: '3 You 43 points'",
        "under 'How to play': 'Hint'",
    ]
    assert off_first_screen(m, hand=True)[2] == "card in hand 'white griffin' at 0,740"
    ok = dict(m, wide=683, moves=[m["moves"][1]], clipped=[], pageCut=[], covered=[])
    assert off_first_screen(ok) == []
    assert off_first_screen(dict(ok, hand=[m["hand"][1]]), hand=True) == []


@pytest.fixture(scope="module")
def apps_report(browser_report):
    lines: list[str] = []
    yield lines
    browser_report(["the apps in Voila (first screen, axe-core):", *lines])


#: the table's moment in one round trip: who is to move, the phase, the view's version, how many
#: moves a person has (enabled and shown), shut ways-toggles, and whether a step can be taken
_STATE_JS = """() => {
  const root = document.querySelector('.kaskaria-table[data-version]');
  const shown = (el) => {
    const b = el.getBoundingClientRect();
    return b.width > 0 && b.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const all = (sel) => [...document.querySelectorAll(sel)];
  return {
    toMove: root.getAttribute('data-to-move'),
    phase: root.getAttribute('data-phase'),
    version: Number(root.getAttribute('data-version')),
    actions: all('button.kt-action:not([disabled])').filter(shown).length,
    shut: all('button.kaskaria-hk-ways-toggle[aria-expanded="false"]').length,
    step: all('button.kt-next:not([disabled]), button.kt-play-turn:not([disabled])')
      .filter(shown).length,
  };
}"""

#: a step for a bot (or chance) by its button, then the next view: one round trip (false, and
#: nothing clicked, if the view moved on by itself since it was read, as a running hourglass does)
_STEP_JS = """async ([sel, before]) => {
  const table = () => document.querySelector(sel);
  const shown = (el) => el.getBoundingClientRect().width > 0;
  const button = [...document.querySelectorAll(
    'button.kt-next:not([disabled]), button.kt-play-turn:not([disabled])')].filter(shown)[0];
  if (!button || Number(table().getAttribute('data-version')) !== before) return false;
  button.click();
  const t0 = performance.now();
  while (!(table() && Number(table().getAttribute('data-version')) > before)) {
    if (performance.now() - t0 > 30000) throw new Error('no new view 30 s after a step');
    await new Promise((r) => requestAnimationFrame(r));
  }
  return true;
}"""


def open_app(page, server, app: str, lang: str) -> None:
    """Open ``app`` in ``lang`` at 1280 x 800 and wait until its table is drawn."""
    path = APPS[app] if lang == "en" else f"de/{APPS[app]}"
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{server.url}voila/render/{path}")
    page.locator(TABLE).first.wait_for(timeout=120_000)


def _fastest_pace(page) -> None:
    """The settings' fastest speed, as a teacher picks it (the bots' steps and a person's lone
    pass then wait 1.2 s rather than 2 s: the whole game sooner), the settings folded again."""
    before = bs.app_version(page)
    page.locator("button.kt-tab-settings").click()
    page.locator("select.kt-speed").select_option("1200")
    bs.wait_new_view(page, before)
    page.locator("button.kt-tab-settings").click()
    page.evaluate(_TO_TOP_JS)


def play_app(page, server, app: str, lang: str, *, every_decision: bool, report: list[str]):
    open_app(page, server, app, lang)
    _fastest_pace(page)
    rng = random.Random(f"{app}-{lang}")
    measured: set[str] = set()
    axed: dict[str, list[dict]] = {}
    problems: list[str] = []
    clicks = 0
    steps = 0

    def measure(kind: str, only: str | None = None) -> None:
        for size, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            m = page.evaluate(_FIRST_SCREEN_JS, only)
            missing = off_first_screen(m, hand=True)
            if missing:
                problems.append(f"{app} {lang} {size} at {kind}: {missing}")
            # no word of the table breaks inside ("Yello/w")
            broken = bs.broken_words(page, TABLE)
            if broken:
                problems.append(f"{app} {lang} {size} at {kind}: words broken inside {broken}")
            if size == "683x512" and kind not in measured:
                bs.element_screenshot(
                    page, page.locator("body"), f"app-{app}-{lang}-{kind}-{size}.png"
                )
        page.set_viewport_size({"width": 1280, "height": 800})
        measured.add(kind)

    def axe(moment: str) -> None:
        if moment in axed:
            return
        found = run_axe(page)
        axed[moment] = found
        for v in serious(found):
            problems.append(f"{app} {lang} axe at {moment}: {v['id']} ({v['impact']}) {v['nodes']}")

    for _ in range(3000):
        now = page.evaluate(_STATE_JS)
        to_move, phase = now["toMove"], now["phase"]
        if to_move == "over":
            page.locator("button.kt-play-again").wait_for(timeout=10_000)
            measure("end")
            # the results, every row of them, on the first screen and not cut off by the page
            # around the table (Voila's output area once cut a ranking at the table's bottom)
            if app in RESULTS_MEASURED:
                measure("end-results", only=END_JS_ONLY)
            axe("the end")
            break
        actions = page.locator("button.kt-action:not([disabled]):visible")
        if to_move == "human" and not now["actions"] and now["shut"]:
            # the only moves are a set's ways: open them in place
            page.locator('button.kaskaria-hk-ways-toggle[aria-expanded="false"]').first.click()
            continue
        if to_move == "human" and now["actions"]:
            kind = f"decide-{phase}"
            if every_decision or kind not in measured:
                measure(kind)
            # a set with several ways opens them in place: they must be on the first screen too
            if now["shut"] and (every_decision or "ways-open" not in measured):
                # picked, a colour's ways come first under the prompt: they and the button that
                # closes them are the decision now (the other moves come back when it is closed)
                page.locator('button.kaskaria-hk-ways-toggle[aria-expanded="false"]').last.click()
                measure(
                    "ways-open",
                    only=".kaskaria-hk-ways-toggle, .kaskaria-hk-panel-ways:not([hidden]) button",
                )
                page.locator('button.kaskaria-hk-ways-toggle[aria-expanded="true"]').first.click()
                if not actions.count():
                    # a full hand whose moves are all ways (of two colours): one opened again
                    page.locator(
                        'button.kaskaria-hk-ways-toggle[aria-expanded="false"]'
                    ).first.click()
            axe("the start" if not axed else "a decision")
            if phase == "answer":
                axe("a proposal")
            before = now["version"]
            choice = actions.nth(rng.randrange(actions.count()))
            choice.click()
            confirm = page.locator("button.kt-confirm-yes")
            if confirm.count():
                confirm.click()
            bs.wait_new_view(page, before)
            clicks += 1
            continue
        if to_move != "human" and now["step"]:
            before = now["version"]
            if "a bot's turn" not in axed:
                axe("a bot's turn")
                # the first step by a real click on its button (Playwright checks that it can
                # be clicked); the others in one round trip each
                page.locator(
                    "button.kt-next:not([disabled]):visible,"
                    " button.kt-play-turn:not([disabled]):visible"
                ).first.click()
                bs.wait_new_view(page, before)
            elif not page.evaluate(_STEP_JS, [TABLE, before]):
                continue  # the view moved on by itself: read it again
            steps += 1
            continue
        # something is under way (a bot's step at its pace, a roll): wait for the next view
        bs.wait_new_view(page, now["version"])
    else:
        raise AssertionError(f"{app} {lang}: no end after 3000 steps")
    counts = {m: f"{len(serious(v))} serious/critical, {len(v)} in all" for m, v in axed.items()}
    report.append(
        f"  {app} {lang}: {clicks} moves and {steps} bots' steps to the end; moments measured: {sorted(measured)}"
    )
    report.append(f"    axe: {counts}")
    kinds = sorted({v["id"] + ":" + str(v["impact"]) for found in axed.values() for v in found})
    report.append(f"    axe kinds (any impact): {kinds or 'none'}")
    return problems, axed


def _check(page, watch, apps_server, app, lang, apps_report, every_decision):
    problems, axed = play_app(
        page, apps_server, app, lang, every_decision=every_decision, report=apps_report
    )
    wanted = {"the start", "a decision", "a bot's turn", "the end"}
    if app == "dragons-gold":
        wanted.add("a proposal")
    assert wanted <= set(axed), (app, lang, sorted(axed))
    # the app is the page's main landmark: no content outside a landmark at any moment
    outside = {m: v["nodes"] for m, found in axed.items() for v in found if v["id"] == "region"}
    assert outside == {}, (app, lang, outside)
    apps_report.extend(f"    PROBLEM {p}" for p in problems)
    assert problems == [], "\n".join(problems)
    assert watch.errors() == [], watch.errors()


#: every app in English and German; the German plays (a whole game each, a quarter to half a
#: minute) run in make soak, so that make test stays within ten minutes (German words, sizes and
#: the first screen are checked by the other browser tests)
PLAYS = [
    pytest.param(app, lang, marks=pytest.mark.soak) if lang == "de" else (app, lang)
    for app in APPS
    for lang in ("en", "de")
]


@pytest.mark.parametrize(("app", "lang"), PLAYS)
def test_each_app_plays_to_its_end_on_the_first_screen(
    new_page, apps_server, app, lang, apps_report
):
    page, watch = new_page
    _check(page, watch, apps_server, app, lang, apps_report, every_decision=False)


@pytest.mark.soak
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("app", list(APPS))
def test_each_app_every_decision_on_the_first_screen(new_page, apps_server, app, lang, apps_report):
    page, watch = new_page
    _check(page, watch, apps_server, app, lang, apps_report, every_decision=True)


#: the Heroes games dealt by their number (each gives Player 1, drawing five times, a full hand
#: with a colour that can be played in several ways: 3, 11 and 8 ways); 5 is also a first turn
#: whose German hand once ran below a laptop's screen
HEROES_DEALS = (5, 6, 8)

#: the scrolled boxes of the page (none: it is at its top; "what just happened" is a box of its
#: own, scrolled to its newest line when it shows again), the turn badge's box, and the open
#: list of ways: its box and each way's words
_CHOOSER_JS = """() => {
  const root = document.querySelector('.kaskaria-table[data-version]');
  const list = root.querySelector('.kaskaria-hk-panel-ways:not([hidden])');
  const summary = root.querySelector('.kt-summary-lines');
  const scrolled = [document.scrollingElement, ...document.querySelectorAll('*')]
    .filter((el) => el && el !== list && el !== summary && el.scrollTop)
    .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} ${el.scrollTop}`);
  const box = (el) => el && el.getBoundingClientRect().toJSON();
  return {
    scrolled,
    turn: box(root.querySelector('.kt-turn')),
    list: box(list),
    words: list ? [...list.querySelectorAll('button')].map((b) =>
      (b.querySelector('.kaskaria-hk-move-label') || b).textContent.trim()) : [],
  };
}"""

#: the page back at its top, a frame after a change of the window's size
_TO_TOP_JS = """async () => {
  await new Promise((done) => requestAnimationFrame(() => done()));
  for (const el of [document.scrollingElement, ...document.querySelectorAll('*')])
    if (el && el.scrollTop) el.scrollTop = 0;
}"""


def _deal(page, seed: int) -> None:
    """A new game numbered ``seed``, as a teacher deals it (the settings, its number, New game);
    the settings folded again and the page back at its top."""
    before = bs.app_version(page)
    page.locator("button.kt-tab-settings").click()
    page.locator("input.kt-seed").fill(str(seed))
    page.locator("button.kt-new").click()
    bs.wait_new_view(page, before)
    page.locator("button.kt-tab-settings").click()
    page.evaluate(_TO_TOP_JS)


def _draw_until_full(page) -> int:
    """Player 1 draws from the pile at each turn (the bots' turns by Next step) until the hand
    is full; the number of cards drawn."""
    drawn = 0
    for _ in range(200):
        now = page.evaluate(_STATE_JS)
        draw = page.locator('button.kt-action[data-action="draw pile"]:not([disabled])')
        if now["toMove"] == "human" and now["actions"] + now["shut"]:
            if not draw.count():
                return drawn
            draw.click()
            bs.wait_new_view(page, now["version"])
            drawn += 1
        elif now["toMove"] != "human" and now["step"]:
            page.evaluate(_STEP_JS, [TABLE, now["version"]])
        else:
            bs.wait_new_view(page, now["version"])
    raise AssertionError("the hand was not full after 200 steps")


def _box(locator) -> dict:
    return locator.evaluate("(e) => e.getBoundingClientRect().toJSON()")


def _inside(b: dict, w: int, h: int) -> bool:
    return (
        b["top"] >= -0.5 and b["left"] >= -0.5 and b["bottom"] <= h + 0.5 and b["right"] <= w + 0.5
    )


@pytest.mark.parametrize(
    ("lang", "deals"),
    [
        # the quick run: the most ways to play (deal 6, 11 ways) in English, and the German hand
        # that once ran below a laptop's screen (deal 5); the soak: every deal in both
        ("en", (6,)),
        ("de", (5,)),
        pytest.param("en", HEROES_DEALS, marks=pytest.mark.soak),
        pytest.param("de", HEROES_DEALS, marks=pytest.mark.soak),
    ],
)
def test_heroes_a_full_hand_and_its_ways_stay_on_the_first_screen_over_several_deals(
    new_page, apps_server, lang, deals, apps_report
):
    page, watch = new_page
    open_app(page, apps_server, "heroes", lang)
    problems: list[str] = []

    def first_screen(moment: str) -> None:
        for size, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            m = page.evaluate(_FIRST_SCREEN_JS, None)
            assert m["hand"], f"no hand shown at {moment}"
            missing = off_first_screen(m, hand=True)
            if missing:
                problems.append(f"{lang} {moment} {size}: {missing}")

    opened = 0
    for seed in deals:
        _deal(page, seed)
        first_screen(f"deal {seed}, first turn")
        assert _draw_until_full(page) == 5
        first_screen(f"deal {seed}, full hand")
        toggle = page.locator('button.kaskaria-hk-ways-toggle[aria-expanded="false"]').first
        colour = toggle.get_attribute("data-colour")
        group = page.locator(f'.kaskaria-hk-hand .kaskaria-hk-group[data-colour="{colour}"]')
        for size, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            page.evaluate(_TO_TOP_JS)
            for how, opener in {"its button": toggle, "its group": group}.items():
                where = f"{lang} deal {seed} {size}, {colour} opened by {how}"
                box = _box(opener)
                assert _inside(box, w, h), f"{where}: the opener is off the first screen {box}"
                opener.click()
                shown = page.evaluate(_CHOOSER_JS)
                opened += 1
                if shown["scrolled"]:
                    problems.append(f"{where}: the page scrolled {shown['scrolled']}")
                if not _inside(shown["turn"], w, h):
                    problems.append(f"{where}: turn badge at {shown['turn']}")
                if shown["list"] is None or not _inside(shown["list"], w, h):
                    problems.append(f"{where}: the ways at {shown['list']}")
                if len(shown["words"]) < 2 or not all(shown["words"]):
                    problems.append(f"{where}: ways without words {shown['words']}")
                # its button (on the first screen, uncovered) puts the ways away again
                page.locator(
                    f'button.kaskaria-hk-ways-toggle[data-colour="{colour}"][aria-expanded="true"]'
                ).click()
                if page.evaluate(_CHOOSER_JS)["scrolled"]:
                    problems.append(f"{where}: the page scrolled when the ways were put away")
        page.set_viewport_size({"width": 1280, "height": 800})
    apps_report.append(
        f"  heroes {lang}: deals {list(deals)}, first turn and full hand measured,"
        f" ways opened {opened} times"
    )
    apps_report.extend(f"    PROBLEM {p}" for p in problems)
    assert problems == [], "\n".join(problems)
    assert watch.errors() == [], watch.errors()


def _load_code(page, code: str) -> None:
    """The game saved as ``code`` loaded by the settings' code field and its Load button (the
    settings stay folded: what is measured is the table) and the page back at its top."""
    before = bs.app_version(page)
    page.evaluate(
        """(code) => {
          document.querySelector('input.kt-code-input').value = code;
          document.querySelector('button.kt-load').click();
        }""",
        code,
    )
    bs.wait_new_view(page, before)
    page.evaluate(_TO_TOP_JS)


def _loaded_hands_on_the_first_screen(
    page, lang: str, matches: dict[str, object], report: list[str]
) -> list[str]:
    """Load each of ``matches`` (a moment's name: its match) by its code and measure it at the
    three sizes: what of every move and every card of the child's hand is off the first screen
    (one line a moment and size; empty: nothing). Each measure is reported."""
    problems: list[str] = []
    for moment, match in matches.items():
        cards = len(match.state.hands[0])
        _load_code(page, match.to_code())
        for size, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            m = page.evaluate(_FIRST_SCREEN_JS, None)
            assert m["toMove"] == "human", (moment, m["toMove"])
            assert len(m["hand"]) == cards, f"{moment} {size}: {len(m['hand'])} cards shown"
            assert m["moves"], f"{moment} {size}: no move shown"
            missing = off_first_screen(m, hand=True)
            report.append(
                f"  heroes {lang} {moment} {size}: {cards} cards, {len(m['moves'])} moves,"
                f" lowest at {max(x['box']['bottom'] for x in m['moves'] + m['hand']):.0f} px"
            )
            if missing:
                problems.append(f"{lang} {moment} {size}: {missing}")
        page.set_viewport_size({"width": 1280, "height": 800})
    return problems


@pytest.mark.parametrize("lang", ["en", "de"])
def test_heroes_big_hands_keep_every_move_and_card_on_the_first_screen(
    new_page, apps_server, lang, apps_report
):
    """Mid-game hands of nine and ten cards, and a draw-two choice with nine (set up, not
    played, and loaded by their code in the app): every move and every card of the hand lie on
    the first screen at the three sizes, in English and German."""
    import kaskaria

    page, watch = new_page
    open_app(page, apps_server, "heroes", lang)
    matches = {
        moment: kaskaria.setup("heroes", players=3, seed=5, **what)
        for moment, what in BIG_HANDS.items()
    }
    problems = _loaded_hands_on_the_first_screen(page, lang, matches, apps_report)
    assert problems == [], "\n".join(problems)
    assert watch.errors() == [], watch.errors()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_heroes_biggest_hands_of_played_games_keep_every_move_and_card_on_the_first_screen(
    new_page, apps_server, lang, apps_report
):
    """The biggest hands of twenty whole seeded games played by the bots (the most cards, the
    most moves, the draw-two choice with the most cards: tests/heroes_support.py), each loaded
    by its code with the game that led to it: every move and every card of the hand lie on the
    first screen at the three sizes, in English and German."""
    page, watch = new_page
    open_app(page, apps_server, "heroes", lang)
    matches = {f"played, {name}": match for name, match in big_hands_from_play().items()}
    problems = _loaded_hands_on_the_first_screen(page, lang, matches, apps_report)
    assert problems == [], "\n".join(problems)
    assert watch.errors() == [], watch.errors()
