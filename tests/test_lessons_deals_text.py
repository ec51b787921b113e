"""What a third teacher's reading of lesson 05b (deals, wizards and thieves) found in its words,
held: the timing table says what was walked and still fits 40 minutes, the rows agree with the
materials, Player 3 of section 5 is told what to listen for, the German reads as German, the
paper names the gems' colours; and, for every lesson, no teacher's note repeats the "In class:"
that the teacher edition already puts before it."""

from __future__ import annotations

import re

import pytest

from kaskaria.lessons import source

DEALS = source.read("05b-dragons-gold-deals")
LANGS = ("en", "de")


def _all_words(text: source.LessonText, lang: str) -> str:
    """Every word of the lesson in ``lang``: cells, teacher's notes, questions, timing, materials."""
    parts = [c.source[lang] for c in text.cells] + [
        c.teacher[lang] for c in text.cells if c.teacher
    ]
    parts += [w[lang] for w in (*text.teacher_notes, *text.materials)]
    parts += [p.title[lang] for p in text.parts]
    for q in text.questions:
        parts += [q.prompt[lang], q.hint[lang], q.explain[lang]]
        if q.sheet_note:
            parts.append(q.sheet_note[lang])
    return "\n".join(parts)


def test_the_core_path_fits_forty_minutes_with_five_of_slack():
    core = [p for p in DEALS.parts if p.core]
    assert sum(p.minutes for p in core) <= 40
    slack = [p for p in core if p.title["en"].startswith("Slack")]
    assert len(slack) == 1 and slack[0].minutes >= 5  # a Binder restart takes one to three


@pytest.mark.parametrize("lang", LANGS)
def test_the_timing_agrees_with_the_materials_and_nobody_logs_in(lang):
    """The table said "at their device since the start" while the materials keep the devices
    closed until section 4, and "logging in happens in section 4" on Binder, which has none; a
    timing row spoke of "half a minute of the row" (the lesson may speak of the market's rows)."""
    rows = " ".join(p.title[lang] for p in DEALS.parts)
    words = _all_words(DEALS, lang)
    for said in (
        ("at their device since the start", "logging in", "Logging in", "minute of the row")
        if lang == "en"
        else ("seit Beginn an ihrem Gerät", "Anmelden", "Minute der Zeile")
    ):
        assert said not in words, said
    assert ("closed" if lang == "en" else "zugeklappt") in rows


@pytest.mark.parametrize("lang", LANGS)
def test_player_three_is_told_what_to_listen_for(lang):
    """The buttons hand out every token, and the other two rules cannot be typed: Player 3
    listens for a promise about later treasure or a coin toss."""
    scene = next(c for c in DEALS.cells if "one-screen" in c.source["en"])
    for words in (scene.source[lang], scene.teacher[lang]):
        assert ("promise" if lang == "en" else "Versprechen") in words
        assert ("coin toss" if lang == "en" else "Münzwurf") in words


def test_the_german_declines_the_dragon_and_names_a_child():
    words = _all_words(DEALS, "de")
    # "Drache" is a weak noun: "den Drachen 1", "zum Drachen 1", never "haben Drache 1"
    assert not re.search(r"\b(?:haben|hat|zu|den|dem)\s+Drache\s+\d", words)
    assert "Eines aus jeder Gruppe" not in words and "Ein Kind aus jeder Gruppe" in words
    assert "Die Knöpfe, und" not in words and "die Knöpfe, und" not in words


@pytest.mark.parametrize("lang", LANGS)
def test_the_paper_says_which_colour_each_gem_is(lang):
    """The exercise and the exit ticket name emeralds, sapphires and amethysts, the screens their
    colours: the printed question says which is which."""
    gems = {"en": ("emerald", "sapphire", "amethyst"), "de": ("Smaragd", "Saphir", "Amethyst")}
    colours = {"emerald": "green", "sapphire": "blue", "amethyst": "purple"}
    colours_de = {"Smaragd": "grün", "Saphir": "blau", "Amethyst": "lila"}
    for q in DEALS.questions:
        for gem in gems[lang]:
            if gem in q.prompt[lang]:
                assert q.sheet_note is not None, (q.id, gem)
                colour = colours[gem] if lang == "en" else colours_de[gem]
                assert gem in q.sheet_note[lang] and colour in q.sheet_note[lang], q.id


@pytest.mark.parametrize("name", [n for n in source.names() if source.read(n).lesson])
def test_no_teachers_note_repeats_in_class(name):
    """The teacher edition puts "In class:" ("Im Unterricht:") before every note; a reader found
    "In class: In class (extension B, four minutes)" in 05b."""
    text = source.read(name)
    for cell in text.cells:
        if cell.teacher is None:
            continue
        for lang, opening in (("en", r"In class\b"), ("de", r"(?:Im Unterricht|In der Klasse)\b")):
            assert not re.match(opening, cell.teacher[lang].strip()), (name, cell.id, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_cell_tells_the_groups_what_the_teacher_edition_says(lang):
    """The pupils' first cell, which a group reads on its device, says to run the notebook only
    down to section 5's table (never "run all cells first": the exit ticket's boxes below stay
    unrun on a group's device), with the ▶ button a tablet has; the materials say the same."""
    first = DEALS.cells[0].source[lang]
    assert "Run all cells" not in first and "alle Zellen aus" not in first
    assert {"en": "until the table appears", "de": "bis der Tisch erscheint"}[lang] in first
    assert "▶" in first
    materials = DEALS.materials[0][lang]
    assert {"en": "first cell", "de": "erste Zelle"}[lang] in materials and "▶" in materials
    assert "Shift+Enter" not in first and "Umschalt" not in first


@pytest.mark.parametrize("lang", LANGS)
def test_the_words_heard_on_the_paper_and_in_the_stories_are_plain(lang):
    """The exit slip says coins count as tokens; "no deal" costs the player who says it too;
    section 5 breaks no rule in a stilted mood; a class not in threes is told what to do."""
    words = _all_words(DEALS, lang)
    notes = [q.sheet_note[lang] for q in DEALS.questions if q.id in ("t1", "ex1")]
    coins = {"en": "Coins and gems are all tokens", "de": "Münzen und Edelsteine sind alle"}[lang]
    assert all(coins in note for note in notes)
    for stilted in ("also the player who says it", "bräche", "kostet also alle, auch"):
        assert stilted not in words
    assert {"en": "a pair plays", "de": "Ein Paar spielt"}[lang] in words
    assert {"en": "group of four", "de": "Vierergruppe"}[lang] in words


@pytest.mark.parametrize("lang", LANGS)
def test_the_groups_stop_at_a_deal_or_the_minute_and_the_rules_are_said_with_the_pages_away(lang):
    """A teacher found the section-5 groups told to stop when Player 1 answered, though a refusal
    passes the proposal on; and the rules asked for under "What we found" while page 2, which
    states them, still lay on the desks. The groups stop at an accepted split or when the minute
    is up (then "No deal"); the pages go away before the rules are asked."""
    scene = next(c for c in DEALS.cells if "one-screen" in c.source["en"])
    stop = {"en": "Stop when a split is accepted, or when the minute is up", "de": "Hört auf, wenn"}
    assert stop[lang] in scene.source[lang]
    assert ("No deal" if lang == "en" else "Keine Einigung") in scene.source[lang]
    found = next(c for c in DEALS.cells if 'id="found"' in c.source["en"])
    away = {"en": "Put pages 1 and 2 of the worksheet away", "de": "Legt Seite 1 und 2"}[lang]
    said = found.source[lang]
    assert away in said and said.index(away) < said.index(
        "zwei Regeln" if lang == "de" else "two rules"
    )
    note = " ".join(found.teacher[lang].split())
    first = {"en": "pages 1 and 2 of the worksheet go away now", "de": "kommen jetzt weg"}[lang]
    assert (
        first in note
        and note.index(first) < note.index("1 of 6" if lang == "en" else "1 von 6") + 200
    )
