"""Words a child can read on the tables, in a real browser (browser_support.WidgetPage) at the
sizes children meet them: every text of every table at least 14 px, "what just happened" opening
on a whole line, a resident's name whole in a narrow dragon card, a Heroes path's name whole, the
Heroes odds read as "times in" with the exact figures folded, and no take-back offered on the end
screen.
"""

from __future__ import annotations

import browser_support as bs
import pytest
from browser_support import WidgetPage

pytestmark = pytest.mark.browser

#: the smallest text a child reads on the table (CSS px)
SMALLEST = 14

_SMALL_TEXT_JS = """([smallest, only]) => {
  const root = document.querySelector('.kaskaria-table');
  const out = [];
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    const text = node.textContent.trim();
    const el = node.parentElement;
    if (!text || !el || el.closest('[aria-hidden="true"], svg') || (only && !el.closest(only))) continue;
    if (!el.getClientRects().length || getComputedStyle(el).visibility === 'hidden') continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < smallest - 0.01) out.push({size, text: text.slice(0, 40), cls: el.className.toString().slice(0, 60)});
  }
  return out;
}"""


#: the part of each table whose text is checked (None: all of it): every table's board, players,
#: odds and the shell around them, Dragon's Gold's too (its player cards, its dragons with their
#: counted tokens and fighters, a split's shares, the market and the screen)
CHECKED: dict[str, str | None] = {}


#: the sizes children meet the tables at: a laptop, a small laptop, a projector at 150 %
SIZES = {"1280x800": (1280, 800), "1024x768": (1024, 768), "683x512": (683, 512)}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_word_on_the_tables_is_at_least_14_px(browser, lang):
    """All visible text of each table (its board, players, odds and the shell around them), at
    the moments a child decides, in both languages, at each size (one page per table, resized:
    the tables lay themselves out by their own width)."""
    small = []
    for name, table in bs.one_screen_tables(lang).items():
        widget = WidgetPage(browser, table)
        try:
            for size, (width, height) in SIZES.items():
                widget.page.set_viewport_size({"width": width, "height": height})
                widget.page.wait_for_function("(w) => window.innerWidth === w", arg=width)
                found = widget.page.evaluate(_SMALL_TEXT_JS, [SMALLEST, CHECKED.get(name)])
                small += [(size, name, s["size"], s["cls"], s["text"]) for s in found]
        finally:
            widget.close()
    assert not small, sorted(set(small))[:40]


_LINES_JS = """() => {
  const list = document.querySelector('.kt-summary-lines');
  if (!list) return null;
  const box = list.getBoundingClientRect();
  const cut = [...list.children].filter((li) => {
    const r = li.getBoundingClientRect();
    return r.top < box.top - 0.5 && r.bottom > box.top + 0.5;  // begins above the box, ends in it
  }).map((li) => li.textContent);
  return {cut, lines: list.children.length, scrolls: list.scrollHeight > list.clientHeight + 1};
}"""


def _bots_played(lang: str):
    from kaskaria.widgets import DragonBattleTable

    table = DragonBattleTable(
        players=4, seats=("human", "hard", "easy", "medium"), seed=5, lang=lang, autoplay=None
    )
    table.act("roll")
    for _ in range(300):  # your turn to its end (the last move each time), then the bots'
        state = table.state
        if state.current_player() == 0 and state.phase == "start":
            break
        if state.current_player() == 0:
            table.act(str(state.legal_actions()[-1]))
        else:
            table.session.handle({"type": "next", "version": table.view["version"]})
    return table


@pytest.mark.parametrize("lang", ["en", "de"])
def test_what_just_happened_never_opens_on_half_a_sentence(browser, lang):
    # a summary of many steps at 683 x 512 scrolls to its end, and its top line is whole
    table = _bots_played(lang)
    assert len(table.view["summary"]["lines"]) > 6
    widget = WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    try:
        seen = widget.page.evaluate(_LINES_JS)
        assert seen["scrolls"] and not seen["cut"], seen
    finally:
        widget.close()


_NAMES_JS = """() => [...document.querySelectorAll('.kaskaria-db-resident-name')].map((n) => {
  const card = n.closest('.kaskaria-db-dragon').getBoundingClientRect();
  const r = n.getBoundingClientRect();
  return {name: n.textContent.replace(/\\u00ad/g, ''), wide: n.scrollWidth > n.clientWidth + 1,
          out: r.right > card.right + 0.5 || r.left < card.left - 0.5,
          broken: n.getClientRects().length > 0 && r.height > 1.6 * parseFloat(getComputedStyle(n).lineHeight || 20)};
})"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_long_resident_names_stay_whole_in_narrow_dragon_cards(browser, lang):
    from kaskaria.widgets import DragonBattleTable

    table = DragonBattleTable(
        players=4,
        seats=("human", "hard", "easy", "medium"),
        seed=1,
        lang=lang,
        autoplay=None,
        actions=["draw princess", "draw tailor", "draw groom", "draw falconer"],
    )
    expected = {
        "en": ["Princess", "Tailor", "Groom", "Falconer"],
        "de": ["Prinzessin", "Schneiderin", "Stallbursche", "Falkner"],
    }[lang]
    for width, height in ((683, 512), (1024, 768)):
        widget = WidgetPage(browser, table, viewport={"width": width, "height": height})
        try:
            names = widget.page.evaluate(_NAMES_JS)
            assert [n["name"] for n in names] == expected
            assert not [n for n in names if n["wide"] or n["out"]], (width, names)
        finally:
            widget.close()


_PATH_TITLES_JS = """() => [...document.querySelectorAll('.kaskaria-hk-path .kaskaria-hk-box-title')]
  .map((t) => ({text: t.innerText.trim(), cut: t.scrollWidth > t.clientWidth + 0.5,
                name: t.closest('.kaskaria-hk-path').getAttribute('aria-label')}))"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_heroes_path_titles_are_never_cut(browser, lang):
    """A child tester read "Griffin path (village at the waterfal…" on a projector: where the
    board is narrow a path's title is its name alone, whole; where it is wide, its way too. Its
    whole title stays the path's name for a screen reader."""
    from kaskaria.widgets import HeroesTable

    table = HeroesTable(seats=("human", "easy"), seed=1, lang=lang, autoplay=None)
    names = {
        "en": ["Griffin path", "Cliff-runner path"],
        "de": ["Weg der Schuppengreife", "Weg der Klippenläufer"],
    }[lang]
    whole = [table.view["board"]["words"][f"{p}_path"] for p in ("griffin", "runner")]
    for (width, height), shown in (((683, 512), names), ((1280, 800), whole)):
        widget = WidgetPage(browser, table, viewport={"width": width, "height": height})
        try:
            titles = widget.page.evaluate(_PATH_TITLES_JS)
            assert [t["text"] for t in titles] == shown, (width, titles)
            assert not [t for t in titles if t["cut"]], (width, titles)
            assert [t["name"] for t in titles] == whole
        finally:
            widget.close()


_SCORES_JS = """() => [...document.querySelectorAll('.kt-players > .kt-player')].map((card) => {
  const box = card.getBoundingClientRect();
  const score = card.querySelector('.kt-score');
  const shown = [...score.querySelectorAll('span')].filter((s) => s.getClientRects().length);
  const r = (shown[0] || score).getBoundingClientRect();
  return {text: score.innerText, title: score.title, left: box.left, right: box.right,
          from: r.left, to: r.right};
})"""


@pytest.mark.parametrize(
    "players, viewport, short",
    [(4, (683, 512), True), (3, (683, 512), True), (4, (1280, 800), False)],
)
def test_the_heroes_gold_stays_inside_its_player_card(browser, players, viewport, short):
    """A child tester saw "Goldstücke" run past a narrow player card in German at 683 x 512,
    and then "0 Goldstücke" on a wide screen beside "3 Gold" on a narrow one: a card says the
    gold in one way at every width ("5 Gold", as on the gold cards), inside the card."""
    from kaskaria.widgets import HeroesTable

    seats = ("human", *["medium"] * (players - 1))
    table = HeroesTable(seats=seats, seed=3, lang="de", autoplay=None, players=players)
    table = bs._played_until(table, ("choose",), after=40)
    widget = WidgetPage(browser, table, viewport={"width": viewport[0], "height": viewport[1]})
    try:
        cards = widget.page.evaluate(_SCORES_JS)
        assert len(cards) == players
        for card, gold in zip(cards, table.view["board"]["words"]["gold"], strict=True):
            assert card["left"] <= card["from"] and card["to"] <= card["right"] - 2, card
            n = gold.split()[0]
            assert gold == f"{n} Gold" and card["text"] == gold, (short, card)
    finally:
        widget.close()


#: the own card's "known" line (its lines, words, tooltip, and whether it is whole), the others'
#: lists, the cards of the hand marked as known (their names, and whether each mark is on the
#: screen), the colour letters an eye covers, the hand's title and where the hand's lowest card
#: ends
_KNOWN_JS = """() => {
  const lines = (el) => Math.round(el.getBoundingClientRect().height
                                   / parseFloat(getComputedStyle(el).lineHeight));
  const seen = (el) => {
    const b = el.getBoundingClientRect();
    return b.width > 0 && b.height > 0 && b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight
      && b.right <= innerWidth && getComputedStyle(el).visibility !== 'hidden';
  };
  // the words drawn on the screen (not those for screen readers only, nor a hidden short form)
  const shown = (el) => {
    const out = [];
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const p = n.parentElement;
      if (p.getClientRects().length && p.getBoundingClientRect().width > 1) out.push(n.data);
    }
    return out.join('').replace(/\\s+/g, ' ').trim();
  };
  const mine = document.querySelector('.kt-me .kaskaria-hk-known');
  const others = [...document.querySelectorAll('.kt-player:not(.kt-me) .kaskaria-hk-known')];
  const hand = [...document.querySelectorAll('.kaskaria-hk-hand [data-card]')];
  const marked = [...document.querySelectorAll('.kaskaria-hk-hand .kaskaria-hk-known-card')];
  const title = document.querySelector('.kaskaria-hk-hand .kaskaria-hk-box-title');
  const count = title.querySelector('.kaskaria-hk-hand-known');
  return {mine: mine && seen(mine) ? {lines: lines(mine), text: shown(mine),
                                      title: mine.title,
                                      whole: mine.scrollHeight <= mine.clientHeight} : null,
          others: others.map((el) => [lines(el), el.textContent, el.scrollHeight <= el.clientHeight]),
          marked: marked.map((c) => c.dataset.card).sort(),
          marks: marked.map((c) => seen(c.querySelector('.kaskaria-hk-known-mark'))),
          labels: marked.map((c) => c.getAttribute('aria-label')),
          count: count && seen(count) && shown(count) ? shown(count) : null,
          // each eye against every colour letter of the hand: the boxes that overlap
          covered: marked.flatMap((c) => {
            const eye = c.querySelector('.kaskaria-hk-known-mark').getBoundingClientRect();
            return [...document.querySelectorAll('.kaskaria-hk-hand .kaskaria-hk-letter')]
              .filter((l) => {
                const b = l.getBoundingClientRect();
                return b.width > 0 && eye.left < b.right && b.left < eye.right
                  && eye.top < b.bottom && b.top < eye.bottom;
              })
              .map((l) => `${c.dataset.card}: ${l.textContent}`);
          }),
          hand: Math.max(...hand.map((c) => c.getBoundingClientRect().bottom)), height: innerHeight};
}"""


@pytest.mark.parametrize("viewport", [(1024, 768), (1280, 800), (683, 512)])
def test_your_own_known_cards_are_marked_in_your_hand_on_the_first_screen(browser, viewport):
    """Four players in German: what the others saw you take is marked on each of those cards in
    your hand (an eye; "den anderen bekannt" in its name), and your hand's title and your own
    card say how many, all without hovering (a child on a tablet cannot; the list was cut to
    two lines with the rest in a tooltip). On a laptop and a projector at 150 % the hand's cards
    and every move stay on the first screen (a tester saw a list of six cards push them below it
    at 1024 x 768); the other players' lists stay whole."""
    from kaskaria.widgets import HeroesTable

    table = HeroesTable(
        players=4,
        seats=("human", "medium", "medium", "medium"),
        seed=3,
        lang="de",
        autoplay=None,
        hints=True,  # as in the children's apps
    )
    table = bs._played_until(
        table, ("turn",), until=lambda v: len(v["board"]["observation"]["known"][0]) >= 6
    )
    known = table.view["board"]["observation"]["known"][0]
    widget = WidgetPage(browser, table, viewport={"width": viewport[0], "height": viewport[1]})
    try:
        seen = widget.page.evaluate(_KNOWN_JS)
        assert seen["marked"] == sorted(known) and all(seen["marks"]), seen
        # an eye covers no colour letter, its own card's or the next card's (a tester saw the
        # eye on the top of "B", "T", "Gr")
        assert seen["covered"] == [], (viewport, seen["covered"])
        assert all(label.endswith(", den anderen bekannt") for label in seen["labels"]), seen
        # your own card says how many, whole: on a projector at 150 % (683 x 512, a narrow card)
        # in short beside the eye, where the hand's title leaves it out to keep the board on the
        # first screen
        words = table.view["board"]["words"]["known"][0]
        assert words == f"die anderen kennen {len(known)} Karten"
        mine = seen["mine"]
        assert mine is not None, seen
        assert mine["title"] == words and mine["whole"], mine
        assert mine["lines"] <= 2, mine
        if viewport != (683, 512):
            assert seen["count"] == f"· {len(known)} bekannt", seen
            assert mine["text"] == words, mine
        else:
            assert mine["text"] == f"{len(known)} bekannt", mine
        assert all(whole for _, _, whole in seen["others"]), seen
        assert seen["hand"] <= seen["height"], seen
        # every move on the first screen (at 683 x 512 the piles' last line, below the hand, may
        # reach past the screen's edge in German)
        missing = bs.off_screen(widget.page.evaluate(bs.ONE_SCREEN_JS))
        assert not [m for m in missing if m.startswith("move")], (viewport, missing)
        assert widget.watch.errors() == []
    finally:
        widget.close()


def test_the_heroes_odds_fold_their_exact_figures(browser):
    for lang, plain in (("en", " in "), ("de", " von ")):
        table = bs.one_screen_tables(lang)["heroes-later"]
        widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
        try:
            seen = widget.page.evaluate("""() => {
              const box = document.querySelector('.kaskaria-hk-odds');
              const fold = box.querySelector('details.kaskaria-hk-odds-exact');
              const shown = [...box.querySelectorAll('.kaskaria-hk-odds-value')].map((v) => v.textContent);
              // each colour's badge and the first line of its words: their tops and bottoms
              const badges = [...box.querySelectorAll('.kaskaria-hk-odds-row')].map((row) => {
                const badge = row.querySelector('.kaskaria-hk-odds-badge');
                if (!badge) return null;
                const words = document.createRange();
                words.selectNodeContents(row.querySelector('.kaskaria-hk-odds-text'));
                const b = badge.getBoundingClientRect();
                const first = words.getClientRects()[0];
                return {badge: [b.top, b.bottom], words: [first.top, first.bottom]};
              }).filter(Boolean);
              return {open: fold ? fold.open : null, shown, folded: fold ? fold.textContent : '',
                      badges};
            }""")
            assert seen["open"] is False and seen["shown"], seen
            assert all(
                plain in s or s in ("never", "always", "nie", "immer") for s in seen["shown"]
            ), seen
            assert not any("%" in s or "/" in s for s in seen["shown"]), seen
            assert "%" in seen["folded"] and "/" in seen["folded"], seen
            # each colour's badge on the line of its words (in JupyterLab at 1280 x 800 it stood
            # alone on a line above them)
            assert seen["badges"], seen
            for row in seen["badges"]:
                (top, bottom), (words_top, words_bottom) = row["badge"], row["words"]
                assert words_top < bottom and top < words_bottom, (lang, row)
        finally:
            widget.close()


def test_a_locked_odds_switch_is_not_drawn(browser):
    """Lesson 04's table before its counting questions (``help_switch=False``): no button to show
    the odds, in Heroes and in Dragon Battle; an unlocked table keeps its button."""
    from kaskaria.lessons import dragon_battle as db
    from kaskaria.lessons import heroes as hk

    tables = (
        (hk.table_at(*hk.SETUP, names=("Mia", "Peter"), help_switch=False), 0),
        (db.table_at("roll", "roll purple silver silver yellow", help_switch=False), 0),
        (hk.table_at(*hk.SETUP, names=("Mia", "Peter")), 1),
    )
    for table, buttons in tables:
        widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
        try:
            found = widget.page.evaluate(
                """() => ({
                  buttons: document.querySelectorAll('.kaskaria-table [data-key="help"]').length,
                  box: document.querySelectorAll('.kaskaria-hk-odds, .kaskaria-db-meter').length,
                })"""
            )
            assert found == {"buttons": buttons, "box": 1}, (table, found)
            assert widget.watch.errors() == []
        finally:
            widget.close()


def test_the_end_screen_offers_play_again_and_no_take_back(browser):
    # Dragon's Gold ended by your own "no deal" (nothing of chance after it): no take-back, and
    # the end is said once (by the results, not again in the message box)
    import random

    from kaskaria.widgets import DragonsGoldTable

    table = DragonsGoldTable(
        players=3, seats=("human", "human", "human"), seed=1, lang="de", autoplay=None
    )
    rng = random.Random(1)
    while table.state.phase != "over":
        table.apply(str(rng.choice(table.state.legal_actions())))
    assert table.view["moves"]["undo"]["shown"] is False
    widget = WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    try:
        seen = widget.page.evaluate("""() => ({
          undo: [...document.querySelectorAll('[data-key="undo"]')].filter((b) => b.getClientRects().length).length,
          message: [...document.querySelectorAll('.kt-message')].filter((m) => m.getClientRects().length).length,
          headline: (document.querySelector('.kt-results-headline') || {}).textContent || '',
        })""")
        assert seen["undo"] == 0 and seen["message"] == 0 and " gewinn" in seen["headline"], seen
    finally:
        widget.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_dragons_gold_a_refused_click_names_its_reason_not_the_prompt(browser, lang):
    # a dragon clicked while a proposal is built or answered, or while a bot decides: the
    # screen says why in one line, never only the prompt again
    from test_browser_answers import refused

    tables = bs.one_screen_tables(lang)
    expected = {
        "dragons-gold-build": {
            "en": "first the treasure is shared",
            "de": "Erst wird der Schatz geteilt",
        },
        "dragons-gold-answer": {
            "en": "First answer the proposal",
            "de": "Beantworte zuerst den Vorschlag",
        },
    }
    for name, words in expected.items():
        table = tables[name]
        widget = WidgetPage(browser, table, viewport={"width": 1280, "height": 800})
        try:
            n = len(table.match.actions)
            prompt = table.view["message"]["prompt"]
            reason = refused(widget, widget.page.locator(".kaskaria-dg-dragon[data-place]").first)
            assert words[lang] in reason and reason != prompt, (name, reason, prompt)
            assert len(table.match.actions) == n and widget.watch.errors() == []
        finally:
            widget.close()


#: the table's output made ``width`` CSS px wide (as a notebook's output in JupyterLab is), then
#: what the box "what just happened" shows of its heading and where the message line's last
#: character and the last one before it that is not a space lie (null: the box's heading is read out only)
_AT_WIDTH_JS = """async (width) => {
  document.getElementById('out').style.width = `${width}px`;
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const title = document.querySelector('.kt-summary .kt-box-title');
  const shown = title.getClientRects().length && title.clientWidth > 1;
  const line = parseFloat(getComputedStyle(title).lineHeight) || 18;
  const text = document.querySelector('.kt-message').firstChild;
  const top = (i) => {
    const range = document.createRange();
    range.setStart(text, i);
    range.setEnd(text, i + 1);
    const boxes = [...range.getClientRects()].filter((r) => r.width > 0);
    return Math.round(boxes[boxes.length - 1].top);
  };
  const s = text.data;
  let before = s.length - 2;  // the last character but one that is not a space
  while (before > 0 && /\\s/.test(s[before])) before -= 1;
  return {
    title: shown ? {cut: title.scrollWidth > title.clientWidth + 0.5,
                    lines: Math.round(title.getBoundingClientRect().height / line)} : null,
    message: s,
    last: top(s.length - 1),
    before: top(before),
  };
}"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_box_heading_and_the_thinking_line_stay_whole_at_every_width(browser, lang):
    """A child tester read "WAS GERADE PASSIERT I…" at 1024 x 768 in JupyterLab, and saw
    "Spieler 2 (starker Bot) überlegt …" wrap with "…" alone on its second line. At every width a
    notebook gives the table (every 4 px from 320 to 1000 at 1024 x 768, and 1280 x 800 and
    683 x 512 whole), while a bot thinks (autoplay on): the heading of "what just happened" is
    never cut, and on one line from the width JupyterLab leaves at 1024 x 768 beside its file
    browser (592 px); and the thinking line's last character never stands alone on a line."""
    from kaskaria.widgets import DragonsGoldTable

    thinking = {"en": "Player 1 (hard bot) is thinking…", "de": "Spieler 1 (starker Bot) überlegt"}
    found = []
    for (width, height), outputs in [
        ((1024, 768), range(320, 1001, 4)),
        ((1280, 800), [None]),
        ((683, 512), [None]),
    ]:
        table = DragonsGoldTable(
            players=4,
            seats=("hard", "human", "easy", "medium"),
            seed=2,
            lang=lang,
            autoplay=10,  # the bot thinks for the whole test: its step is never delivered
            hints=True,
        )
        widget = WidgetPage(browser, table, viewport={"width": width, "height": height})
        try:
            for output in outputs:
                seen = widget.page.evaluate(_AT_WIDTH_JS, output or width)
                assert seen["message"].startswith(thinking[lang]), seen
                where = f"{output or width} in {width}x{height}"
                if seen["last"] != seen["before"]:
                    found.append(f"{where}: {seen['message'][-1]!r} alone on its line")
                title = seen["title"]
                if title and title["cut"]:
                    found.append(f"{where}: the box's heading cut")
                if title and title["lines"] > 1 and (output is None or output >= 592):
                    found.append(f"{where}: the box's heading on {title['lines']} lines")
            assert widget.watch.errors() == []
        finally:
            widget.close()
            table.autoplay = None
    assert found == [], found


def _dragons_scared(lang: str, variant: str, players: int):
    """A seeded Dragon Battle table played (the person placing and rolling, bots by Next) until
    the person decides with at least two dragons scared: their state pills on the cards."""
    from kaskaria.widgets import DragonBattleTable

    seats = ("human", "easy", "medium", "hard")[:players]
    table = DragonBattleTable(
        players=players, seats=seats, seed=1, lang=lang, autoplay=None, variant=variant
    )
    for _ in range(200):
        view = table.view
        scared = sum(1 for d in view["board"]["observation"]["dragons"] if d["dice"])
        if view["turn"]["to_move"] == "human" and view["turn"]["phase"] == "decide" and scared >= 2:
            return table
        actions = [a["action"] for a in view["moves"]["actions"]]
        if actions:
            places = [a for a in actions if a.startswith("place")]
            table.act((places or [a for a in actions if a == "roll"] or actions)[0])
        else:
            table.next()
    raise AssertionError("no decision with two dragons scared")


_CUT_PILLS_JS = """() => [...document.querySelectorAll('.kaskaria-db-scared-tag')]
    .filter((el) => el.getClientRects().length > 0)
    .map((el) => ({text: el.textContent, scroll: el.scrollWidth, client: el.clientWidth,
                   right: el.getBoundingClientRect().right,
                   card: el.closest('.kaskaria-db-dragon').getBoundingClientRect().right}))"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_dragons_state_word_is_never_cut(browser, lang):
    """A scared dragon's pill says its state whole at every size: the German "erschreckt" was
    cut to "erschreck" in a narrow card (the younger children's rules, two players, 683 x 512).
    Each pill's text fits its box, and the box lies inside its dragon's card."""
    checked = 0
    for variant, players in (("younger", 2), ("basic", 4)):
        widget = WidgetPage(browser, _dragons_scared(lang, variant, players))
        try:
            for size, (width, height) in SIZES.items():
                widget.page.set_viewport_size({"width": width, "height": height})
                widget.page.wait_for_function("(w) => window.innerWidth === w", arg=width)
                pills = widget.page.evaluate(_CUT_PILLS_JS)
                assert len(pills) >= 2, (variant, size, pills)
                for p in pills:
                    where = (variant, players, size, p)
                    assert p["scroll"] <= p["client"], where
                    assert p["right"] <= p["card"] + 0.5, where
                    checked += 1
        finally:
            widget.close()
    assert checked >= 12


@pytest.mark.parametrize(("lang", "nothing"), [("en", "nothing"), ("de", "nichts")])
def test_an_empty_screen_or_treasure_says_nothing_in_words(browser, lang, nothing):
    """A child read "Behind your screen —": a dash is no word. An empty screen, a dragon with no
    open treasure and an empty share say "nothing" ("nichts")."""
    from kaskaria.widgets import DragonsGoldTable

    table = DragonsGoldTable(
        players=3, seats=("human", "easy", "easy"), seed=1, lang=lang, autoplay=None
    )
    widget = WidgetPage(browser, table, viewport={"width": 683, "height": 512})
    try:
        empty = widget.page.evaluate(
            "() => [...document.querySelectorAll('.kaskaria-dg-none')].map((e) => e.textContent)"
        )
        assert empty and set(empty) == {nothing}, empty  # the screen, at least, is empty
        text = widget.page.evaluate("() => document.querySelector('.kaskaria-table').innerText")
        assert "—" not in text, text
        assert widget.watch.errors() == []
    finally:
        widget.close()
