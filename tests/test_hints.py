"""Hints and "what if?": the strong bot's own move, the numbers of the computation that chose
it, words in both languages, and nothing the seat may not see."""

from __future__ import annotations

import re
from fractions import Fraction

import numpy as np
import pytest

import kaskaria
from kaskaria import CHANCE, TERMINAL
from kaskaria.bots import SeatView, make_bot
from kaskaria.dragon_battle.duel import duel_rules, solve
from kaskaria.dragon_battle.odds import fail_chance
from kaskaria.dragon_battle.winbot import use_table, win_advice
from kaskaria.hints import hint, hint_rng, in100, what_if
from kaskaria.match import Match

SMALL = {"residents": {"ann": 1, "bob": 1, "cid": 2, "dan": 2, "eve": 3, "fay": 4}, "jugglers": 2}
#: a small thinking budget: the hints' computations are the same at any budget
BUDGET = 12


@pytest.fixture(autouse=True)
def _no_cache_at_home(tmp_path, monkeypatch):
    """Nothing these tests solve is written to the user's cache; the solved tables already
    there (the game's own, made by `make test` beside the tests) are read from it, each linked
    into the tests' cache (a table saved there replaces its link, never the table). Without
    them the first of these tests in a worker to hint at a two-player game solved the whole
    game again: 36 s of a core on an idle machine."""
    from kaskaria.dragon_battle.duel import cache_dir

    cache = tmp_path / "cache"
    cache.mkdir()
    for table in cache_dir().glob("dragon-battle-duel-*.npz"):
        (cache / table.name).symlink_to(table)
    monkeypatch.setenv("KASKARIA_CACHE", str(cache))


@pytest.fixture(scope="module")
def small_duel():
    game = kaskaria.load("dragon-battle", players=2, **SMALL)
    use_table(solve(duel_rules(game)))
    return game


def decisions(name, players, games=2, seed=5, variant=None, bot="random", **options):
    """Decision states of seeded games (every few moves, to keep it quick)."""
    kw = {"players": players, **options}
    if variant:
        kw["variant"] = variant
    game = kaskaria.load(name, **kw)
    player = make_bot(name, bot)
    for i in range(games):
        rng = np.random.default_rng([seed, i])
        state = game.new_state()
        k = 0
        while state.current_player() != TERMINAL:
            if state.current_player() == CHANCE:
                state = state.apply(state.sample_chance(rng))
                continue
            if len(state.legal_actions()) > 1:
                k += 1
                yield k, state
            state = state.apply(player.choose(state, rng))


def words(sentence):
    return len(re.findall(r"[^\s]+", sentence))


def short_sentences(text):
    for sentence in re.split(r"(?<=[.!?])\s+", text.strip()):
        assert words(sentence) <= 15, sentence


# ---------------------------------------------------------------------------------------------
# Dragon Battle
# ---------------------------------------------------------------------------------------------
def test_a_dragon_battle_hint_is_the_win_bots_move_with_its_numbers(small_duel):
    from kaskaria.dragon_battle.hints import _chance

    seen = set()
    for _, state in decisions("dragon-battle", 2, games=3, bot="optimal", **SMALL):
        advice = win_advice(state)
        for lang in ("en", "de"):
            h = hint(state, lang=lang)
            assert (
                h.action
                == advice.best
                == make_bot("dragon-battle", "win").choose(state, np.random.default_rng(0))
            )
            assert h.basis == "exact"
            for value in h.shown.values():
                if isinstance(value, int):
                    assert str(value) in h.text
            short_sentences(h.text)
            if h.key == "place.exact":
                # the placement said to win most often does: no other wins more often
                mine = next(c.win for c in advice.choices if c.action == h.action)
                assert all(c.win <= mine + 1e-9 for c in advice.choices)
                assert h.text.endswith(
                    {
                        "en": "No other move wins more often.",
                        "de": "Kein anderer Zug gewinnt öfter.",
                    }[lang]
                )
        seen.add(h.key)
        if h.key in ("roll.exact", "stop.exact"):
            # the numbers are the computation's: the roll's exact chance, the chances of winning
            fail = fail_chance(state.hand, sum(map(bool, state.on_dragon)))
            assert h.numbers["fail"] == fail and h.numbers["works"] == 1 - fail
            assert h.numbers["win_roll"] == advice.choice("roll").win
            assert h.numbers["win_stop"] == advice.choice("stop").win
            win = h.numbers["win_roll" if str(h.action) == "roll" else "win_stop"]
            assert h.shown["win"] == _chance(win, lang) and h.shown["win"] in h.text
    assert {"roll.exact", "stop.exact", "place.exact"} <= seen
    start = kaskaria.setup(small_duel, seed=1).state
    h = hint(start)
    assert h.key == "start" and h.numbers["fail"] == Fraction(1, 1296)
    assert h.text.endswith("almost never fails (less than 1 time in 1000)."), h.text


def test_a_very_small_chance_is_said_by_a_number_a_child_knows():
    """A chance of 1 in 1296 meant nothing to a child: a hint and a look back say a very small
    chance as "less than 1 time in 1000" (or in 100), never a bigger count; the exact chance
    stays in the numbers."""
    from kaskaria.dragon_battle.hints import _chance

    for lang, never in (("en", "almost never fails"), ("de", "fast nie")):
        h = hint(kaskaria.setup("dragon-battle", players=2, seed=1).state, lang=lang)
        assert h.numbers["fail"] == Fraction(1, 1296), h.numbers
        assert never in h.text and "1000" in h.text, h.text
        assert not re.search(r"1[.,]?296", h.text), h.text
    assert _chance(Fraction(1, 1296), "en") == "almost never (less than 1 time in 1000)"
    assert _chance(Fraction(1, 1296), "de") == "fast nie (seltener als einmal von 1000)"
    assert _chance(Fraction(1, 216), "en") == "less than 1 time in 100"
    assert _chance(Fraction(1, 216), "de") == "seltener als einmal von 100"
    assert _chance(Fraction(1, 216), "de", "case") == "in weniger als 1 von 100 Fällen"
    assert _chance(Fraction(1, 4), "en") == "25 times in 100"
    assert _chance(Fraction(1, 4), "de", "case") == "in 25 von 100 Fällen"
    # one in 100 is said as "less than 1 time in 100" says it, in a hint's every chance
    assert _chance(Fraction(1, 100), "en") == "1 time in 100"
    assert _chance(Fraction(1, 100), "de") == "einmal von 100"
    assert _chance(Fraction(1, 100), "en", "about") == "about 1 time in 100"


def test_every_chance_of_a_dragon_battle_hint_is_said_one_way(small_duel):
    """A hint said a chance two ways ("you win once in 100 if you roll on, 0 if you stop";
    "mit Aufhören etwa einmal"): every chance is now said whole, "N times in 100" ("1 time in
    100", as "less than 1 time in 100"), and a choice that cannot win any more says so in words,
    not by a bare 0."""
    cannot = {
        "roll": ("If you stop, you cannot win any more.", "Mit Aufhören kannst du nicht mehr"),
        "stop": ("If you roll on, you cannot win any more.", "Mit Weiterwürfeln kannst du nicht"),
    }
    lost = set()
    for _, state in decisions("dragon-battle", 2, games=6, bot="optimal", **SMALL):
        for lang in ("en", "de"):
            h = hint(state, lang=lang)
            text = h.text
            if lang == "en":
                assert not re.search(r"\bonce\b|\b\d+ if you", text), text
                for m in re.finditer(r"\b\d+ times?\b", text):
                    assert re.match(r" in 1000?\b", text[m.end() :]), text
            else:
                for m in re.finditer(r"(\d+-|ein|kein)mal\b", text):
                    assert re.match(r" von 1000?\b", text[m.end() :]), text
            if h.key in ("roll.exact", "stop.exact"):
                other = h.numbers["win_stop" if h.key == "roll.exact" else "win_roll"]
                said = cannot[h.key.split(".")[0]][lang == "de"]
                assert (said in text) == (other == 0), text
                if other == 0:
                    lost.add((h.key, lang))
    assert ("roll.exact", "en") in lost and ("roll.exact", "de") in lost


def test_a_game_lost_either_way_is_hinted_by_the_stars_alone(small_duel):
    """Where no choice can win any more (the other player has more stars than are left to
    gather), the hint says the stars, not "you win 0 times in 100" (a child tester read that
    turn after turn); the move is the win bot's, which places and stops by the stars there."""
    lost = {
        "residents": ["ann", "bob", "cid", "dan"],  # 6 stars left; Player 2 has 7
        "rescued": {1: ["eve", "fay"]},
        "jugglers": {1: 2},
        "jugglers_left": 0,
        "seed": 1,
    }
    moments = (
        ({"scared": {"red": 1}, "hand": 3}, "roll.stars"),
        ({"scared": {"red": 2, "blue": 1}, "hand": 1}, "stop.stars"),
        ({"rolled": "yellow purple", "scared": {"blue": 2}, "hand": 0}, "place.stars"),
    )
    for where, key in moments:
        state = kaskaria.setup(small_duel, **lost, **where).state
        advice = win_advice(state)
        assert all(c.win == 0 for c in advice.choices)
        assert advice.best == make_bot("dragon-battle", "optimal").choose(
            state, np.random.default_rng(0)
        )
        for lang in ("en", "de"):
            h = hint(state, lang=lang)
            assert h.key == key and h.action == advice.best, (h.key, h.text)
            assert " 0 times" not in h.text and " 0-mal" not in h.text, h.text
            assert {"en": "stars", "de": "Sterne"}[lang] in h.text, h.text
            # and why the words turned from winning to stars
            assert h.text.endswith(
                {
                    "en": " Your stars still count for your place at the end, so the hint counts stars.",
                    "de": (
                        " Deine Sterne zählen noch für deinen Platz am Ende, darum zählt der Tipp "
                        "Sterne."
                    ),
                }[lang]
            ), h.text
            assert h.numbers["why"] == "why.lost"
            # encouraging, never telling the child turn after turn that they are losing
            for losing in ("out of reach", "kaum noch", "lose", "verlier"):
                assert losing not in h.text, h.text
            # an average said once: "on average" with the nearest whole number, no "about"
            if h.key in ("roll.stars", "place.stars"):
                assert {"en": "on average", "de": "im schnitt"}[lang] in h.text.lower(), h.text
                assert {"en": "about", "de": "etwa"}[lang] not in h.text, h.text
        short_sentences(h.text)


def test_with_more_players_the_hint_says_stars_or_the_playouts(small_duel):
    game = kaskaria.load("dragon-battle", players=3, **SMALL)
    m = kaskaria.setup(game, scared={"red": 2}, hand=2, seed=1)
    h = hint(m)
    assert h.basis == "playout" and str(h.action) in ("roll", "stop")
    assert "about" in h.text  # a chance of winning read from playouts, said as "about"
    # the memory rules: the residents lie face down, and the hint weighs every way they can lie
    # (two players: exact; three: the playouts deal them again)
    memory = kaskaria.setup(
        "dragon-battle", players=2, variant="memory", scared={"red": 2}, hand=2, seed=1
    )
    assert not any(memory.state.face_up)
    h = hint(memory)
    assert h.basis == "exact" and h.key in ("roll.exact", "stop.exact"), h.text
    assert "If you roll on, you win" in h.text and "about" not in h.text
    memory3 = kaskaria.setup(
        "dragon-battle", players=3, variant="memory", scared={"red": 2}, hand=2, seed=1
    )
    assert hint(memory3, lang="de").basis == "playout"
    # unlimited jugglers with two players: no solved game, so the hint counts stars, and says so
    unlimited = kaskaria.load("dragon-battle", players=2, jugglers_run_out="unlimited")
    h = hint(kaskaria.setup(unlimited, scared={"red": 2}, hand=2, seed=1), lang="de")
    assert h.basis == "stars" and h.key == "roll.stars"
    # the stars as a whole number a child knows; the exact number stays in the numbers
    assert h.shown["gain"] in h.text and not re.search(r"\d,\d", h.text), h.text
    assert h.numbers["gain"].denominator > 1
    assert h.text.endswith(
        " Siege sind hier zu schwer auszurechnen, darum zählt der Tipp Sterne."
    ), h.text


def test_stars_are_said_as_whole_numbers():
    """No decimal star for a child ("2.9 stars" read badly): a whole number as it is, else
    "about" the nearest whole number, and under a half "less than 1 star"."""
    from kaskaria.dragon_battle.hints import _stars

    assert _stars(3, "en") == "3 stars" and _stars(1, "de") == "1 Stern"
    assert _stars(Fraction(29, 10), "en") == "about 3 stars"
    assert _stars(Fraction(29, 10), "de") == "etwa 3 Sterne"
    assert _stars(Fraction(5, 2), "en") == "about 3 stars"  # a half rounds up
    assert _stars(Fraction(7, 10), "en") == "about 1 star"
    assert _stars(Fraction(7, 10), "de") == "etwa 1 Stern"
    assert _stars(Fraction(3, 10), "en") == "less than 1 star"
    assert _stars(Fraction(3, 10), "de") == "weniger als 1 Stern"
    assert _stars(0, "en") == "0 stars"
    with pytest.raises(ValueError):
        _stars(Fraction(-1, 2), "en")
    # with the younger children's rules a turn brings residents
    assert _stars(2, "en", "residents") == "2 residents"
    assert _stars(Fraction(7, 10), "de", "residents") == "etwa 1 Burgbewohner"
    assert _stars(Fraction(3, 10), "en", "residents") == "less than 1 resident"
    # an average, in a sentence that says "on average" already: the nearest whole number alone
    assert _stars(Fraction(38, 10), "en", average=True) == "4 stars"
    assert _stars(Fraction(38, 10), "de", average=True) == "4 Sterne"
    assert _stars(Fraction(3, 10), "de", average=True) == "weniger als 1 Stern"


def test_no_hint_sentence_hedges_an_average_twice():
    """ "this turn brings about 4 stars on average" hedged twice: every hint that says "on
    average" ("im Schnitt") says its number without "about" ("etwa"), in every variant."""
    seen = 0
    for variant, options in (("basic", SMALL), ("memory", {}), ("younger", {})):
        for k, state in decisions("dragon-battle", 3, games=1, seed=31, variant=variant, **options):
            for lang, average, about in (
                ("en", "on average", "about"),
                ("de", "im schnitt", "etwa"),
            ):
                h = hint(state, lang=lang)
                if average in h.text.lower():
                    seen += 1
                    said = h.text.lower().split(average)
                    sentence = [x for x in re.split(r"(?<=[.:])\s", h.text) if average in x.lower()]
                    assert all(about not in x for x in sentence), h.text
                    assert len(said) == 2, h.text
            if k > 40:
                break
    assert seen, "no hint by the average met"


def test_with_the_younger_childrens_rules_a_hint_counts_residents_not_stars():
    """The younger children's rules count the residents rescued (each counts one): a hint and a
    look back speak of residents there ("Stop and keep 2 residents"), never of stars (a tester
    read "keep 2 stars" where stars do not count)."""
    from kaskaria.hints import what_if

    seen = set()
    for k, state in decisions("dragon-battle", 3, games=1, seed=31, variant="younger"):
        for lang, word, star in (("en", "resident", "star"), ("de", "Burgbewohner", "Stern")):
            h = hint(state, lang=lang)
            assert star not in h.text, h.text
            if h.key.split(".")[-1].startswith("stars"):
                assert word in h.text, h.text
                seen.add(h.key)
        if len(seen) >= 2 or k > 60:
            break
    assert seen, "no hint by the count met"
    m = kaskaria.setup("dragon-battle", players=3, variant="younger", seed=2)
    m.resolve_chance()
    m.apply("roll")
    while m.state.phase != "decide" and not m.state.is_terminal():
        if m.state.is_chance_node():
            m.resolve_chance()
        else:
            m.apply(m.state.legal_actions()[0])
    m.apply("stop")
    for lang, word, star in (("en", "resident", "star"), ("de", "Burgbewohner", "Stern")):
        said = what_if(m, seat=0, lang=lang).text
        assert word in said and star not in said, said


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dragon_battle_hints_never_show_a_decimal_star_and_say_why_they_count_stars(
    small_duel, players
):
    """In every variant, with two to four players: no star with a decimal in a hint or a look
    back; a hint that speaks of stars rather than winning says why (winning out of reach or
    not worked out) or that either choice wins as often."""
    why = {
        "en": (
            "so the hint counts stars",
            "Either way, you win",
        ),
        "de": ("darum zählt der Tipp Sterne", "So oder so gewinnst du"),
    }
    seen = set()
    for variant in ("basic", "memory"):
        options = SMALL if variant == "basic" else {}
        # (the small game's games are short: twenty of them meet positions where winning is
        # out of reach, whose hints count stars)
        games = 20 if variant == "basic" else 1
        for k, state in decisions(
            "dragon-battle", players, games=games, seed=31, variant=variant, **options
        ):
            if k % 2:
                continue
            for lang in ("en", "de"):
                h = hint(state, lang=lang)
                assert not re.search(r"\d[.,]\d", h.text), h.text
                if h.key.split(".")[-1].startswith("stars"):
                    assert any(w in h.text for w in why[lang]), h.text
                    seen.add(h.numbers.get("why", "equal"))
                else:
                    assert "why" not in h.numbers, h.text
            if k > 40:
                break
    assert seen, "no hint by the stars met"


def test_a_hint_is_for_the_seat_to_move():
    m = kaskaria.setup("dragon-battle", players=2, scared={"red": 2}, hand=2, seed=1)
    with pytest.raises(ValueError, match="does not decide now"):
        hint(m, seat=1)
    with pytest.raises(ValueError, match="unknown language"):
        hint(m, lang="fr")
    with pytest.raises(TypeError, match="match or a game state"):
        hint("roll")


# ---------------------------------------------------------------------------------------------
# Heroes of Kaskaria and Dragon's Gold: the search's own move and statistics
# ---------------------------------------------------------------------------------------------
def rate_words(result, won: int) -> str:
    """The search's count as the hint should say it ("won 1 of them" as "one"), then how the move
    stands against the others: no move won a larger share; none tried as often did (a move
    dropped early won a larger share of its fewer games); one tried as often won as often or
    more, and this one ended further ahead; or a move that won none said as what it is (no move
    won, or this one kept the seat closest to the winner where the search ranks by the lead
    too)."""
    n = result.tried(result.best)
    rate = result.rate(result.best)
    count = f" In {n} pretend games, this move won {won if won > 1 else 'one'}."
    others = [
        i for i, played in enumerate(result.playouts) if played and result.actions[i] != result.best
    ]
    share = {i: result.wins[i] / result.playouts[i] for i in others}
    as_often = [i for i in others if result.playouts[i] >= n]
    if won and others and all(share[i] < rate for i in others):
        return f"{count} No move did better."
    if won and as_often and all(share[i] < rate for i in as_often):
        return f"{count} Of the moves tried most, none did better."
    if won and any(share[i] >= rate for i in as_often):
        top = max((i for i in as_often if share[i] >= rate), key=lambda i: (result.wins[i], -i))
        if result.value(result.best) == result.value(result.actions[top]):
            return f"{count} Another move did just as well."
        assert result.value(result.best) > result.value(result.actions[top])
        other = round(result.wins[top])
        said = "as often" if other == won else f"{other}"
        return f"{count} Another move won {said}. With this one you ended further ahead."
    if won:
        return count
    others_won = any(w >= 0.5 for w in result.wins)
    if result.values is None:
        assert not others_won  # by the win alone, a move that won none is chosen only so
        return f" In {n} pretend games, no move won even one."
    if others_won:
        return f" In {n} pretend games, this move won no game. But it lost by the least."
    return f" In {n} pretend games, every move lost every game. This one lost by the least."


@pytest.mark.parametrize("name,players", [("heroes", 2), ("dragons-gold", 3)])
def test_a_search_hint_is_the_search_bots_move_with_its_statistics(name, players):
    keys = set()
    for k, state in decisions(name, players, games=1):
        if k % 7:
            continue
        view = SeatView(state, state.current_player())
        bot = make_bot(name, "search", iterations=BUDGET)
        action = bot.choose(state, hint_rng(view))
        h = hint(state, iterations=BUDGET)
        assert h.action == action
        keys.add(h.key)
        if h.basis == "search" and h.detail is not None:
            result = h.detail
            assert h.numbers["win_rate"] == result.rate(result.best)
            assert h.shown["rate.rate"] == in100(result.rate(result.best))
            # one count a child reads: the games won of those imagined, not a second base
            won = round(result.rate(result.best) * result.tried(result.best))
            assert h.shown["rate.won"] == won
            # (the split's hint lists who gets what on lines before it: the count is last)
            assert h.text.split("\n")[-1].endswith(rate_words(result, won).strip())
        de = hint(state, lang="de", iterations=BUDGET)
        assert de.action == h.action and de.numbers == h.numbers and de.text != h.text
        short_sentences(h.text)
        short_sentences(de.text)
    assert len(keys) >= 2


def test_a_small_count_says_the_move_won_more_often_than_the_others_only_when_it_did():
    """ "Won 2 of 18" alone reads like bad advice: where the move won a larger share of its
    imagined games than every other move tried, the hint says so; where another move tried as
    often did as well, it says that; where none other was tried, the count alone. In short
    sentences ("In 18 ausgedachten Spielen gewann dieser Zug 2.")."""
    from kaskaria.core import Action
    from kaskaria.hints import rate_sentence
    from kaskaria.search import SearchResult

    a, b, c = Action("take", ("a",)), Action("take", ("b",)), Action("take", ("c",))

    def said(playouts, wins, lang="en"):
        result = SearchResult((a, b, c), playouts, wins, a, 2, 0.1)
        return rate_sentence(result, a, lang)[0]

    assert said((18, 18, 6), (11.0, 2.0, 3.0)) == (
        "In 18 pretend games, this move won 11. No move did better."
    )
    assert said((18, 18, 6), (11.0, 2.0, 3.0), "de") == (
        "In 18 ausgedachten Spielen gewann dieser Zug 11. Kein Zug war besser."
    )
    # the best move still lost most of its games: the count, then that no move did better
    assert said((18, 18, 6), (2.0, 0.0, 0.5)) == (
        "In 18 pretend games, this move won 2. No move did better."
    )
    assert said((18, 18, 6), (2.0, 0.0, 0.5), "de") == (
        "In 18 ausgedachten Spielen gewann dieser Zug 2. Kein Zug war besser."
    )
    assert said((18, 18, 0), (1.0, 0.0, 0.0)) == (
        "In 18 pretend games, this move won one. No move did better."
    )
    assert said((18, 18, 0), (1.0, 0.0, 0.0), "de") == (
        "In 18 ausgedachten Spielen gewann dieser Zug eines. Kein Zug war besser."
    )
    assert said((2, 2, 0), (1.0, 0.0, 0.0)) == (
        "In 2 pretend games, this move won one. No move did better."
    )
    # a move tried as often won as large a share (3 of 18), and the search by the win alone
    # kept this one by its order: they did as well
    assert said((18, 18, 6), (3.0, 3.0, 0.0)) == (
        "In 18 pretend games, this move won 3. Another move did just as well."
    )
    # no other move tried: nothing to compare with
    assert said((18, 0, 0), (3.0, 0.0, 0.0)) == "In 18 pretend games, this move won 3."


def test_a_move_dropped_early_with_a_larger_share_is_compared_fairly():
    """Successive halving kept this move (3 of 18), while a move it stopped trying early won a
    larger share of its fewer games (2 of 6): the hint says the move did best of the moves tried
    as often, not that no move did better, and not the count alone."""
    from kaskaria.core import Action
    from kaskaria.hints import rate_sentence
    from kaskaria.search import SearchResult

    a, b, c = Action("take", ("a",)), Action("take", ("b",)), Action("take", ("c",))
    for values in (None, (7.0, 5.0, 2.5)):
        result = SearchResult((a, b, c), (18, 18, 6), (3.0, 2.0, 2.0), a, 2, 0.1, values)
        assert result.rate(c) > result.rate(a)
        en, numbers, shown = rate_sentence(result, a, "en")
        assert en == (
            "In 18 pretend games, this move won 3. Of the moves tried most, none did better."
        )
        assert rate_sentence(result, a, "de")[0] == (
            "In 18 ausgedachten Spielen gewann dieser Zug 3. "
            "Von den am meisten geprüften Zügen war keiner besser."
        )
        assert numbers == {"playouts": 18, "win_rate": 3 / 18} and shown["won"] == 3


def test_a_move_tried_as_often_that_won_more_is_named_with_its_count():
    """The search ranks by the win and how far ahead a game ended: where a move tried as often
    won more (or as often), the hint says so, with its count, and why this one was kept."""
    from kaskaria.core import Action
    from kaskaria.hints import rate_sentence
    from kaskaria.search import SearchResult

    a, b, c = Action("take", ("a",)), Action("take", ("b",)), Action("take", ("c",))
    more = SearchResult((a, b, c), (26, 26, 6), (6.0, 7.0, 0.0), a, 2, 0.1, (10.0, 9.5, 1.0))
    en, numbers, shown = rate_sentence(more, a, "en")
    assert en == (
        "In 26 pretend games, this move won 6. Another move won 7. "
        "With this one you ended further ahead."
    )
    assert rate_sentence(more, a, "de")[0] == (
        "In 26 ausgedachten Spielen gewann dieser Zug 6. Ein anderer Zug gewann 7. "
        "Mit diesem lagst du am Ende weiter vorn."
    )
    assert numbers["other_move"] == b and numbers["other_wins"] == 7.0 and shown["other"] == 7
    tied = SearchResult((a, b, c), (27, 27, 9), (9.0, 9.0, 2.0), a, 2, 0.1, (10.7, 10.6, 3.0))
    assert rate_sentence(tied, a, "en")[0] == (
        "In 27 pretend games, this move won 9. Another move won as often. "
        "With this one you ended further ahead."
    )
    assert rate_sentence(tied, a, "de")[0].endswith(
        "Ein anderer Zug gewann genauso oft. Mit diesem lagst du am Ende weiter vorn."
    )
    # as good by every measure the search had (kept by its order): no reason is made up
    even = SearchResult((a, b, c), (27, 27, 9), (9.0, 9.0, 2.0), a, 2, 0.1, (10.0, 10.0, 3.0))
    assert rate_sentence(even, a, "en")[0] == (
        "In 27 pretend games, this move won 9. Another move did just as well."
    )
    assert rate_sentence(even, a, "de")[0].endswith("Ein anderer Zug war genauso gut.")


def test_a_move_the_searchs_guard_kept_says_another_did_a_tiny_bit_better():
    """Where the search's guard kept the quick policy's move over one that did a little better
    on the same deals (``kept``), the hint says so, whatever the counts: never "No move did
    better" nor "lost by the least" (the move kept aside did better by the search's value)."""
    from kaskaria.core import Action
    from kaskaria.hints import rate_sentence
    from kaskaria.search import SearchResult

    a, b, c = Action("take", ("a",)), Action("take", ("b",)), Action("take", ("c",))
    for wins, count in (
        ((6.0, 5.0, 0.0), "6"),
        ((1.0, 1.0, 0.0), "one"),
        ((0.0, 0.0, 0.0), "no game"),
    ):
        # "a" won more or as often, "b" had the larger value: the guard kept "a"
        kept = SearchResult((a, b, c), (24, 24, 8), wins, a, 2, 0.1, (10.0, 10.4, 2.0), kept=b)
        en, numbers, _ = rate_sentence(kept, a, "en")
        assert en == (
            f"In 24 pretend games, this move won {count}. Another move did a tiny bit "
            "better, but that could be luck."
        ), en
        de = rate_sentence(kept, a, "de")[0]
        assert de.endswith(
            "Ein anderer Zug war ein kleines bisschen besser, aber das kann Glück sein."
        ), de
        assert numbers["other_move"] == b
    # the move kept aside, asked about itself, is told by its own count as before
    kept = SearchResult(
        (a, b, c), (24, 24, 8), (6.0, 5.0, 0.0), a, 2, 0.1, (10.0, 10.4, 2.0), kept=b
    )
    assert "luck" not in rate_sentence(kept, b, "en")[0]


def test_accepting_a_proposal_is_explained_by_what_the_share_is_worth():
    from kaskaria.dragons_gold.fairness import seat_valuation

    found = 0
    for _, state in decisions("dragons-gold", 3, games=3, bot="fair"):
        if state.phase != "answer":
            continue
        h = hint(state, iterations=BUDGET)
        obs = state.observation(state.current_player())
        sp = obs["split"]
        mine = sp["parts"][sp["involved"].index(state.current_player())]
        points = seat_valuation(obs)(tuple(mine.get(c, 0) for c in kaskaria.dragons_gold.COLOURS))
        assert h.numbers["points"] == points
        # as the board's card says it: the points now (the tokens' own), then the gems' rest
        vec = tuple(mine.get(c, 0) for c in kaskaria.dragons_gold.COLOURS)
        values = state.game.rules.token_points.value
        now = sum(v * n for v, n in zip(values, vec, strict=True))
        assert (h.shown["now"], h.shown["more"]) == (now, round(points) - now)
        if h.shown["more"] > 0:
            assert (
                f"{now} point{'s' if now != 1 else ''} now and about {h.shown['more']} at the end"
                in h.text
            )
        elif h.shown["more"] == 0:
            assert f"{now} point{'s' if now != 1 else ''} now" in h.text
        if str(h.action) == "accept":
            assert "treasure leaves the game" in h.text
        found += 1
        if found == 3:
            break
    assert found


def test_a_proposal_hint_names_every_share_of_the_split_to_hand_out():
    """A child builds a split token by token: the hint names what each player gets, as the bot
    plans it (a line per other player under its sentences: "Player 2: silver and blue"), and the
    shares hand out exactly the treasure on the table."""
    from kaskaria.dragons_gold.log import tokens_said

    found = 0
    for _, state in decisions("dragons-gold", 3, games=4, bot="fair", seed=5):
        if state.phase != "build" or any(
            state.observation(state.current_player())["split"]["parts"]
        ):
            continue  # the first token of a split
        seat = state.current_player()
        for lang in ("en", "de"):
            h = hint(state, lang=lang, iterations=BUDGET)
            if h.key != "propose":
                break
            shares = h.numbers["shares"]
            assert set(shares) == set(state.observation(seat)["split"]["involved"])
            mine = tokens_said(shares[seat], lang)
            keep = {"en": f"you keep {mine}.", "de": f"Du behältst {mine}."}[lang]
            first, *listed = h.text.split("\n")
            if "rate.n" in h.shown:
                listed = listed[:-1]  # the search's count, on the last line
            assert keep in first
            player = {"en": "Player", "de": "Spieler"}[lang]
            assert listed == [
                f"{player} {p + 1}: {tokens_said(part, lang)}."
                for p, part in sorted(shares.items())
                if p != seat and any(part)  # nothing to hand out to that player: not named
            ]
            pile = state.observation(seat)["split"]["pot"]
            handed = [sum(part[c] for part in shares.values()) for c in range(len(shares[seat]))]
            assert handed == list(kaskaria.dragons_gold.fairness._vec(pile))
            found += 1
        if found >= 4:
            break
    assert found


def test_a_proposal_hint_is_a_short_sentence_a_list_to_follow_and_the_count():
    """The split's hint stays on screen while the child hands out every token: it says what you
    keep in a short sentence, then only who gets what, a line per player to follow ("Player 2:
    silver and blue."), not a sentence each to read through (a child tester counted 32 to 38
    words in three or four sentences, "Player 2 gets ... Player 3 gets ..."), then the search's
    one count on the last line (a later tester read it between "you keep" and the list as an
    interruption)."""
    seen = 0
    for _, state in decisions("dragons-gold", 4, games=3, bot="fair", seed=5):
        if state.phase != "build" or any(
            state.observation(state.current_player())["split"]["parts"]
        ):
            continue
        for lang in ("en", "de"):
            h = hint(state, lang=lang, iterations=BUDGET)
            if h.key != "propose":
                break
            first, *listed, count = h.text.split("\n")
            assert len(re.split(r"(?<=[.!?])\s+", first)) == 1, h.text
            assert words(first) <= 15, h.text
            # the last line is the search's count, the hint's one number ("won 4 of 20
            # games"; "won one of 20", "none of 20")
            tried = h.shown["rate.n"]
            assert str(tried) in re.findall(r"\d+", count), h.text
            assert set(re.findall(r"\d+", count)) <= {str(h.shown["rate.won"]), str(tried)}
            short_sentences(count)
            player = {"en": "Player", "de": "Spieler"}[lang]
            for line in listed:
                assert re.fullmatch(rf"{player} \d: [^.!?]+\.", line), (line, h.text)
            seen += len(listed) > 1
    assert seen


# ---------------------------------------------------------------------------------------------
# Nothing hidden
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name,players", [("heroes", 3), ("dragons-gold", 3)])
def test_a_hint_cannot_tell_twins_apart(name, players):
    """Two states that differ only in what the seat may not see give the same hint, word for word
    and number for number (the idea of tests/test_bots_hidden.py)."""
    rng = np.random.default_rng(3)
    pairs = differing = 0
    for k, state in decisions(name, players, games=1, seed=9):
        if k % 5:
            continue
        seat = state.current_player()
        twin = state.resample_hidden(seat, rng)
        assert twin.observation(seat) == state.observation(seat)
        a, b = hint(state, iterations=BUDGET), hint(twin, iterations=BUDGET)
        assert (a.action, a.text, a.numbers) == (b.action, b.text, b.numbers)
        pairs += 1
        differing += twin != state
        if pairs >= 12:
            break
    assert pairs >= 8 and differing >= 4


def test_a_hint_reads_the_seats_view_only():
    """The hint is built from the seat's observation: hidden cards never reach it."""
    for _, state in decisions("heroes", 2, games=1, seed=4):
        seat = state.current_player()
        other = state.hands[1 - seat]
        h = hint(state, iterations=BUDGET)
        hidden = set(other) - set(state.known[1 - seat]) - set(state.hands[seat])
        for kind in hidden:
            colour, motif = state.game.kind_names[kind].split()
            assert f"{colour} {motif}" not in h.text or kind in state.display
        break


# ---------------------------------------------------------------------------------------------
# Look back
# ---------------------------------------------------------------------------------------------
def test_what_if_a_roll_failed(small_duel):
    m = kaskaria.setup(
        small_duel,
        residents=["ann", "cid", "fay", "bob"],
        scared={"blue": 1, "red": 1},
        hand=2,
        seed=2,
    )
    m.apply("roll")
    m.apply("roll black blue")  # blue is taken, black goes to the well: the roll fails
    w = what_if(m, seat=0)
    assert w.key == "whatif.failed" and str(w.taken) == "roll"
    assert w.numbers["fail"] == fail_chance(2, 2) == Fraction(1, 4)
    assert w.numbers["keep"] == 4 + 2  # fay and cid
    assert "Had you stopped, you would have kept 6 stars." in w.text
    assert "which happens 25 times in 100" in w.text
    best = w.best
    assert ("best player would have stopped" in w.text) == (str(best) == "stop")
    de = what_if(m, seat=0, lang="de")
    assert "6 Sterne" in de.text and "das passiert in 25 von 100 Fällen" in de.text
    assert "Du hast weitergewürfelt: Der Wurf ist misslungen" in de.text
    short_sentences(w.text)
    short_sentences(de.text)


def test_what_if_a_turn_stopped(small_duel):
    m = kaskaria.setup(
        small_duel, residents=["ann", "cid", "fay", "bob"], scared={"blue": 1}, hand=3, seed=2
    )
    m.play("stop")
    w = what_if(m, seat=0)
    assert w.key == "whatif.stopped" and w.numbers["works"] == 1 - fail_chance(3, 1)
    assert f"worked {in100(1 - fail_chance(3, 1))} times in 100" in w.text


def test_what_if_told_of_a_seat_by_its_name(small_duel):
    """For the class board: each look back told of the seat ("Ann stopped …"), the same numbers
    and verdict, no "you" left; refused for a game with hands or screens, and for no name."""
    you_words = re.compile(r"\b(you|your|du|dein\w*|hättest|hast|würfelst)\b", re.IGNORECASE)
    failed = kaskaria.setup(
        small_duel,
        residents=["ann", "cid", "fay", "bob"],
        scared={"blue": 1, "red": 1},
        hand=2,
        seed=2,
    )
    failed.apply("roll")
    failed.apply("roll black blue")
    stopped = kaskaria.setup(
        small_duel, residents=["ann", "cid", "fay", "bob"], scared={"blue": 1}, hand=3, seed=2
    )
    stopped.play("stop")
    rolling = kaskaria.setup(
        small_duel, residents=["ann", "cid", "fay", "bob"], scared={"blue": 1}, hand=3, seed=2
    )
    rolling.apply("roll")
    for m, key in (
        (failed, "whatif.failed"),
        (stopped, "whatif.stopped"),
        (rolling, "whatif.rolling"),
    ):
        for lang in ("en", "de"):
            them = what_if(m, seat=0, lang=lang, who="Ann")
            you = what_if(m, seat=0, lang=lang)
            assert you.key == key and them.key == key + ".they"
            assert them.text.startswith("Ann ") and not you_words.search(them.text), them.text
            assert them.numbers == you.numbers and them.best == you.best
            assert str(you.shown["stars"]) in them.text
            # the verdict (the last sentence) is the same
            assert them.text.rsplit(". ", 1)[1] == you.text.rsplit(". ", 1)[1]
            short_sentences(them.text)
    # what rolling on would have brought on average: the engine's expected stars of rolling
    looked = what_if(stopped, seat=0)
    rolled = win_advice(stopped.states[looked.ply]).stars.choice("roll").expected_stars
    assert looked.numbers["roll_stars"] == rolled
    assert what_if(stopped, seat=0, who="Ann").text == (
        f"Ann stopped and kept 4 stars. Rolling on would have worked "
        f"{in100(1 - fail_chance(3, 1))} times in 100. "
        f"On average, it would have brought {round(rolled)} stars. "
        + what_if(stopped, seat=0).text.rsplit(". ", 1)[1]
    )
    with pytest.raises(ValueError, match="not offered for heroes"):
        what_if(Match(kaskaria.load("heroes", players=2), seed=1), seat=0, who="Ann")
    with pytest.raises(ValueError, match="who must be the seat's name"):
        what_if(stopped, seat=0, who=" ")


def test_what_if_the_card_not_taken_and_the_proposal_refused():
    game = kaskaria.load("heroes", players=2)
    m = Match(game, seed=11)
    m.resolve_chance()
    rng = np.random.default_rng(1)
    bot = make_bot("heroes", "greedy")
    while True:
        action = bot.choose(m.state, rng)
        seat = m.state.current_player()
        m.play(action)
        if action.verb in ("take", "draw"):
            break
    w = what_if(m, seat=seat, iterations=BUDGET)
    assert w.taken == action and w.key.startswith("whatif.")
    if w.key == "whatif.took":
        assert f" {in100(w.numbers['fits'])} times in 100" in w.text
    # Dragon's Gold: a proposal refused
    game = kaskaria.load("dragons-gold", players=3)
    for seed in range(20):
        m = Match(game, seed=seed)
        m.resolve_chance()
        bots = [
            make_bot("dragons-gold", "greedy"),
            make_bot("dragons-gold", "fair"),
            make_bot("dragons-gold", "random"),
        ]
        rng = np.random.default_rng(seed)
        refused = None
        while not m.state.is_terminal() and refused is None:
            s = m.state
            a = bots[s.current_player()].choose(s, rng)
            if s.phase == "answer" and a.verb == "refuse":
                refused = s.current_player()
            m.play(a)
        if refused is not None:
            break
    w = what_if(m, seat=refused, iterations=BUDGET)
    assert w.key == "whatif.refused" and str(w.taken) == "refuse"
    assert f"would have added {round(w.numbers['points'])} points to your score" in w.text
    # the verdict says the best answer as a verb, not as a move's words ("chosen: you accept")
    verdicts = {
        "refuse": "The best player would have answered the same.",
        "accept": "The best player would have accepted.",
        "no deal": "The best player would have said no deal.",
    }
    assert w.text.endswith(verdicts[str(w.best)])


def test_german_heroes_hints_write_a_colour_after_in_as_a_noun():
    """ "Spiel 2 Karten in Grün", not "in grün" (a child tester); English keeps "2 green cards"."""
    from kaskaria.heroes.messages import _COLOURS_DE

    lower = "|".join(sorted(_COLOURS_DE.values()))
    said = 0
    for _, state in decisions("heroes", 3, 2, 4, bot="planner"):
        de, en = (
            hint(state, lang="de", iterations=BUDGET),
            hint(state, lang="en", iterations=BUDGET),
        )
        assert not re.search(rf"\bin ({lower})\b", de.text), de.text
        said += bool(re.search(r"\bin [A-ZÄÖÜ]", de.text))
        assert not re.search(r"\b[A-Z][a-z]+ cards\b", en.text), en.text
        if said == 3:
            break
    assert said == 3, said


def test_a_heroes_first_card_has_no_colour_to_fit(monkeypatch):
    """With no card in hand (a set played the whole hand; here a position set up so) there is
    no colour a card could fit ("fits your colours 0 times in 100" said nothing): the hint to
    draw says the move (and the search's count), and a first card taken from the display looks
    back as the start of the first colour, in both languages. With a card in hand the chance is
    said again."""
    import kaskaria.heroes.hints as heroes_hints

    m = kaskaria.setup("heroes", players=2, seed=3)
    seat = m.state.current_player()
    assert m.state.observation(seat)["hands"][seat] == []
    draw = kaskaria.core.Action("draw", ("pile",))
    assert draw in m.state.legal_actions()
    monkeypatch.setattr(heroes_hints, "_search", lambda view, iterations: (draw, None))
    words = {lang: hint(m, lang=lang) for lang in ("en", "de")}
    assert words["en"].key == "draw.first"
    assert words["en"].text == "Take a card from the draw pile."
    assert words["de"].text == "Zieh eine Karte vom Nachziehstapel."
    take = kaskaria.core.Action("take", ("display", "1"))
    m.play(take)
    while m.state.current_player() == seat and not m.state.is_terminal():
        m.play(m.state.legal_actions()[0])
    looked = what_if(m, seat=seat, lang="en", iterations=BUDGET)
    assert looked.taken == take and looked.key == "whatif.took_first"
    assert "to start your first colour" in looked.text and "times in 100" not in looked.text
    # the seat's next turn, with a card in hand: the chance that a drawn card fits, as before
    while not (m.state.current_player() == seat and draw in m.state.legal_actions()):
        m.resolve_chance() if m.state.is_chance_node() else m.play(m.state.legal_actions()[0])
    assert m.state.observation(seat)["hands"][seat]
    again = hint(m, lang="en")
    assert again.key == "draw" and " times in 100." in again.text


def test_heroes_what_if_looks_back_at_the_cards_a_draw_two_let_the_seat_take():
    """A draw-two lets a seat take more cards on the same turn: "Look back" looks back at the
    last of those (it looked back at the draw-two card itself, before the cards the child had
    just taken)."""
    game = kaskaria.load("heroes", players=2)
    m = Match(game, seed=0)
    m.resolve_chance()
    rng = np.random.default_rng(0)
    bot = make_bot("heroes", "greedy")
    while m.state.phase != "choose":
        m.resolve_chance() if m.state.is_chance_node() else m.play(bot.choose(m.state, rng))
    seat = m.state.current_player()
    last = None
    while m.state.current_player() == seat and m.state.phase == "choose":
        last = [a for a in m.state.legal_actions() if a.args and a.args[0] == "display"][0]
        m.play(last)
    assert last is not None and last.verb == "plus2"
    w = what_if(m, seat=seat, lang="en", iterations=BUDGET)
    assert w.taken == last, (w.taken, last)
    assert w.key in ("whatif.took", "whatif.took_first"), w.key


# ---------------------------------------------------------------------------------------------
# Plain words in both languages
# ---------------------------------------------------------------------------------------------
#: what must never show in a child's sentence: a code, a placeholder, a Python value
CODE = re.compile(
    r"[{}\[\]_<>=|\\]|\b(None|True|False|nan|inf|Fraction|Action|self)\b|\d\.\d{3}|\w\(\w"
)


def plain(text, lang):
    """``text`` reads as a child's sentences in ``lang``: no code or Python value, German
    numbers with a decimal comma, English ones with a point, sentences short and ended."""
    assert text and text == text.strip(), text
    assert not CODE.search(text), text
    assert not re.search(r"\d \d", text), text  # two numbers side by side read as one
    if lang == "de":
        assert not re.search(r"\d\.\d", text), text
        assert not re.search(r"\b[01]-mal", text), text  # "keinmal", "einmal" in words
    else:
        assert not re.search(r"\b1 times\b", text), text  # "once"
        assert not re.search(r"\d,\d", text), text
        assert not re.search(r"[äöüß]", text), text
    assert text[-1] in ".!?", text
    short_sentences(text)


@pytest.mark.parametrize(
    "name,players,options",
    [
        ("dragon-battle", 2, SMALL),
        ("dragon-battle", 3, SMALL),
        ("heroes", 3, {}),
        ("dragons-gold", 4, {}),
    ],
)
def test_hints_read_as_plain_sentences_in_english_and_german(small_duel, name, players, options):
    keys = set()
    for k, state in decisions(name, players, games=2, seed=13, **options):
        if name != "dragon-battle" and k % 6:
            continue
        en = hint(state, iterations=BUDGET)
        de = hint(state, lang="de", iterations=BUDGET)
        plain(en.text, "en")
        plain(de.text, "de")
        assert en.text != de.text and en.key == de.key and en.action == de.action
        keys.add(en.key)
        if len(keys) >= 6 or k > 60:
            break
    assert len(keys) >= 2


@pytest.mark.parametrize(
    "name,players,options",
    [("dragon-battle", 2, SMALL), ("heroes", 2, {}), ("dragons-gold", 3, {})],
)
def test_what_if_reads_as_plain_sentences_in_english_and_german(small_duel, name, players, options):
    game = kaskaria.load(name, players=players, **options)
    m = Match(game, seed=21)
    m.resolve_chance()
    rng = np.random.default_rng(2)
    bot = make_bot(name, "random")
    looked = 0
    while not m.state.is_terminal() and looked < 4:
        s = m.state
        seat = s.current_player()
        m.play(bot.choose(s, rng))
        if len(s.legal_actions()) > 1 and rng.random() < 0.3:
            en = what_if(m, seat=seat, iterations=BUDGET)
            de = what_if(m, seat=seat, lang="de", iterations=BUDGET)
            plain(en.text, "en")
            plain(de.text, "de")
            assert en.text != de.text and en.key == de.key
            looked += 1
    assert looked


@pytest.mark.parametrize(
    "name,players,verbs",
    [("heroes", 3, ("take", "draw")), ("dragons-gold", 3, ("accept", "refuse"))],
)
def test_what_if_cannot_tell_twins_apart(name, players, verbs):
    """Changing what the seat could not see (``resample_hidden``) at the decision looked back
    at leaves "what if?" the same, word for word and number for number."""
    rng = np.random.default_rng(7)
    game = kaskaria.load(name, players=players)
    bot = make_bot(name, "fair" if name == "dragons-gold" else "greedy")
    checked = differing = 0
    for k, state in decisions(name, players, games=3, seed=17, bot=bot.name):
        seat = state.current_player()
        action = bot.choose(state, rng)
        if action.verb not in verbs or k % 2:
            continue
        twin = state.resample_hidden(seat, rng)
        assert twin.observation(seat) == state.observation(seat)
        looks = []
        for start in (state, twin):
            m = Match(game, seed=3, start=start)
            m.play(action)
            looks.append(what_if(m, seat=seat, iterations=BUDGET))
        a, b = looks
        assert a.ply == b.ply == 0 and a.taken == b.taken == action
        assert (a.best, a.text, a.numbers) == (b.best, b.text, b.numbers)
        checked += 1
        differing += twin != state
        if checked >= 4:
            break
    assert checked >= 2 and differing >= 1


@pytest.mark.parametrize("game", ["dragon_battle", "heroes", "dragons_gold"])
def test_the_german_hints_write_mal_as_german_school_text_does(game):
    """Every German hint and look back writes a count as "25-mal von 100" (not "25 Mal") and a
    whole sentence after a colon with a capital, as the lessons do ("Gut gewählt: Die beste
    Spielerin ...")."""
    import importlib

    DE = importlib.import_module(f"kaskaria.{game}.hint_messages").DE
    for key, words in DE.items():
        assert " Mal " not in words and " Mal." not in words, key
        for after in re.findall(r": (\w+)", words):
            if after in {"der", "die", "das", "dann", "damit", "sie", "es"}:
                raise AssertionError(f"{key}: a sentence after the colon starts small: {words}")
    if game == "dragon_battle":
        assert DE["verdict.same_roll"] == (
            "Gut gewählt: Wer am besten spielt, hätte auch weitergewürfelt."
        )


def test_a_count_of_one_or_none_is_said_in_words():
    from kaskaria.hints import counted

    assert counted("etwa 1-mal, 0-mal, 10-mal und 21-mal", "de") == (
        "etwa einmal, keinmal, 10-mal und 21-mal"
    )
    assert counted("you win 1 times in 100; 11 times; 21 times", "en") == (
        "you win once in 100; 11 times; 21 times"
    )
    assert counted("1 points, 11 points, 0.1 points", "en") == "1 point, 11 points, 0.1 points"
    assert counted("1 Punkte, 21 Punkte", "de") == "1 Punkt, 21 Punkte"


def test_what_if_never_says_tokens_were_added_when_the_treasure_left_the_game():
    """An accepted proposal that another player refused with "no deal": the tokens never came,
    so the look back says what they would have added."""
    from kaskaria.dragons_gold.fairness import _vec

    game = kaskaria.load("dragons-gold", players=3)
    rng = np.random.default_rng(4)
    bots = [make_bot("dragons-gold", "random") for _ in range(3)]
    for seed in range(12):
        m = Match(game, seed=seed)
        m.resolve_chance()
        accepted: set[int] = set()
        out = 0
        while not m.state.is_terminal():
            s = m.state
            seat = s.current_player()
            a = bots[seat].choose(s, rng)
            if s.phase == "answer" and a.verb == "accept":
                accepted.add(seat)
            m.play(a)
            now = m.state
            if s.phase in ("build", "answer") and now.phase not in ("build", "answer"):
                lost = sum(_vec(now.observation(0)["out"])) > out
                for who in sorted(accepted):
                    if lost:
                        w = what_if(m, seat=who, iterations=BUDGET)
                        assert w.key == "whatif.accepted_lost" and w.numbers["lost"]
                        assert w.text.startswith("You accepted tokens that would have added")
                        return
                accepted = set()
            if now.current_player() >= 0 or now.is_terminal():
                out = sum(_vec(now.observation(0)["out"]))
    pytest.fail("no accepted proposal ended in no deal in 12 games")


def test_what_if_after_accepting_says_what_is_settled_so_far():
    """A child accepts while the other players still answer: the look back says what the
    tokens add if everyone agrees (it said "added", and later changed to "would have added");
    once another player has refused that split and a new one is being built, that the split
    was refused; once everyone agreed (the shares may still be swapped), that everyone agreed."""
    game = kaskaria.load("dragons-gold", players=3, variant="advanced")
    rng = np.random.default_rng(4)
    bots = [make_bot("dragons-gold", "random") for _ in range(3)]
    seen: set[str] = set()
    words = {
        "whatif.accepted_open": ("if everyone agrees.", "wenn alle einverstanden sind."),
        "whatif.accepted_refused": (
            "but another player refused that split.",
            "aber jemand hat diese Aufteilung abgelehnt.",
        ),
        "whatif.accepted_agreed": ("and everyone agreed.", "und alle waren einverstanden."),
    }
    for seed in range(30):
        m = Match(game, seed=seed)
        m.resolve_chance()
        accepted: int | None = None  # the seat that accepted the split under way
        while not m.state.is_terminal() and len(seen) < 3:
            s = m.state
            seat = s.current_player()
            a = bots[seat].choose(s, rng)
            m.play(a)
            now = m.state
            if s.phase == "answer" and a.verb == "accept" and accepted is None:
                accepted = seat
                expected = "whatif.accepted_open" if now.phase == "answer" else None
            elif accepted is not None and now.phase == "build" and s.phase == "answer":
                expected = "whatif.accepted_refused"
            elif accepted is not None and now.phase == "swap" and s.phase == "answer":
                expected = "whatif.accepted_agreed"
            else:
                expected = None
            if accepted is not None and now.phase not in ("build", "answer", "swap"):
                accepted = None  # settled: the other look backs are tested elsewhere
            if expected is None or accepted is None or expected in seen:
                continue
            if kaskaria.hints.can_look_back(m, accepted) is False:
                continue
            for lang, said in zip(("en", "de"), words[expected], strict=True):
                w = what_if(m, seat=accepted, lang=lang, iterations=BUDGET)
                assert w.key == expected and w.numbers["open"], (w.key, expected, w.text)
                assert said in w.text, w.text
            seen.add(expected)
        if len(seen) == 3:
            return
    pytest.fail(f"only {sorted(seen)} met in 30 games")


def pile_card(state, pile, lang: str) -> str:
    """A pile's worth as its card on the board says it ("3 points now, 1 gem for the end"), its
    last full stop left out."""
    from kaskaria.dragons_gold.rules import COLOURS
    from kaskaria.present import presenter_for

    part = {c: n for c, n in zip(COLOURS, pile, strict=True) if n}
    words = presenter_for(state.game)._worth(part, lang)  # as the board's piles say it
    assert words.endswith("."), words
    return words[:-1]


def test_the_market_thieves_and_piles_hints_say_the_points_that_chose_the_move():
    """Where the search decides by exact values (the market, a thief's pick, a ward, the piles
    of divide and choose), the hint says that decision and its points: each checked here
    against the scores of the seat's screens worked out afresh (the trade made, the token
    added; the piles: who takes which, every split of a small treasure tried, every free pile
    to take tried)."""
    from itertools import product

    from dg_support import foreseen
    from dg_support import screen_gain as gain

    from kaskaria.dragons_gold.bots import PUBLIC, holdings_of
    from kaskaria.dragons_gold.rules import COLOURS

    def rank(obs, scores):
        """The seat's score less the mean of the others', then its score."""
        from fractions import Fraction

        seat = obs["viewer"]
        others = [x for q, x in enumerate(scores) if q != seat]
        return (scores[seat] - Fraction(sum(others), len(others)), scores[seat])

    every = 0
    seen: set[str] = set()
    for variant, players in (("advanced", 3), ("advanced-strategic", 3), ("basic-strategic", 4)):
        for _, state in decisions("dragons-gold", players, 2, 7, variant, bot="maximiser"):
            if state.phase not in ("market", "offer", "reply", "pick", "ward", "divide", "choose"):
                continue
            h = hint(state, iterations=BUDGET)
            de = hint(state, lang="de", iterations=BUDGET)
            assert h.action == de.action and h.key == de.key
            plain(h.text, "en")
            plain(de.text, "de")
            seat = h.seat
            obs = state.observation(seat)
            n = h.numbers
            seen.add(h.key)
            if h.key == "trade":
                got = [a - g for g, a in zip(n["give"], n["ask"], strict=True)]
                mine = gain(obs, seat, {seat: got, n["partner"]: [-x for x in got]})
                assert n["points"] == mine > 0
                assert (
                    f"Player {n['partner'] + 1}" in h.text and f"gain about {mine} point" in h.text
                )
            elif h.key in ("trade_accept", "trade_costs", "trade_nothing"):
                m = obs["market"]
                got = [m["offer"].get(c, 0) - m["ask"].get(c, 0) for c in COLOURS]
                worth = gain(obs, seat, {seat: got, m["maker"]: [-x for x in got]})
                assert n["points"] == worth
                assert (worth > 0) == (h.key == "trade_accept") == (str(h.action) == "accept")
            elif h.key == "pick":
                c = COLOURS.index(h.action.args[0])
                assert n["points"] == gain(obs, seat, {seat: [int(i == c) for i in range(9)]})
            elif h.key == "ward":
                mine = holdings_of(obs)[seat]
                assert n["points"] == min(
                    PUBLIC[c] for c, k in zip(COLOURS, mine, strict=True) if k
                )
            elif h.key in ("divide", "divide_done"):
                sp = obs["split"]
                pot = [sp["pot"].get(c, 0) for c in COLOURS]
                assert [sum(col) for col in zip(*n["piles"], strict=True)] == pot
                owners, scores, _ = foreseen(obs, n["piles"], sp["owners"], sp["order"])
                assert n["owners"] == owners and n["scores"] == scores
                worth = gain(obs, seat, {seat: n["piles"][owners.index(seat)]})
                assert n["left"] == owners.index(seat) + 1 and n["worth"] == worth
                # who chooses first, then the pile foreseen, its worth in the words its card
                # on the board says it once it is made (points now, gems for the end: a child
                # tester found "32 points" where the board said "2 points now", and another
                # looked in vain for "about 6 at the end")
                firsts = [f"Player {p + 1} chooses first." for p in sp["order"]]
                assert (firsts[0] if len(firsts) == 1 else "The others choose first.") in h.text
                left = n["piles"][n["left"] - 1]
                card = {lang: pile_card(state, left, lang) for lang in ("en", "de")}
                assert f"You will likely get pile {n['left']}: {card['en']}." in h.text
                assert f"Für dich bleibt wohl Anteil {n['left']}: {card['de']}." in de.text
                assert "about" not in h.text and "etwa" not in de.text
                short_sentences(h.text)
                short_sentences(de.text)
                if len(n["piles"]) == 2 and sum(pot) <= 8:
                    # every split that keeps the tokens put so far where they lie: none does
                    # better against the others
                    put = [[part.get(c, 0) for c in COLOURS] for part in sp["parts"]]
                    best = max(
                        rank(
                            obs,
                            foreseen(
                                obs,
                                (a, tuple(t - x for t, x in zip(pot, a, strict=True))),
                                [-1, -1],
                                sp["order"],
                            )[1],
                        )
                        for a in product(*(range(k + 1) for k in pot))
                        if (0 < sum(a) < sum(pot) or sum(pot) < 2)
                        and all(
                            p0 <= x <= t - p1 for x, t, p0, p1 in zip(a, pot, *put, strict=True)
                        )
                    )
                    assert rank(obs, scores) == best
                    every += 1
            elif h.key in ("choose", "choose_not_richest"):
                sp = obs["split"]
                k = int(h.action.args[1]) - 1
                outcomes = {}
                for j, owner in enumerate(sp["owners"]):
                    if owner < 0:
                        taken = list(sp["owners"])
                        taken[j] = seat
                        outcomes[j] = foreseen(obs, sp["parts"], taken, sp["order"][1:])[1]
                # the pile taken leaves the seat best placed against the others (ties: its own
                # score, then the lowest pile)
                assert k == max(outcomes, key=lambda j: (rank(obs, outcomes[j]), -j))
                richest = max(outcomes, key=lambda j: (outcomes[j][seat], -j))

                def now(j, sp=sp, points=state.game.rules.token_points.value):
                    """A pile's points now, as the board says them over it."""
                    return sum(
                        v * sp["parts"][j].get(c, 0) for v, c in zip(points, COLOURS, strict=True)
                    )

                # "pile j would give you more" only of a pile the board shows richer too
                said = outcomes[richest][seat] > outcomes[k][seat] and now(richest) > now(k)
                assert h.key == ("choose_not_richest" if said else "choose")
                # what the pile gives, in its card's words on the board (nothing the board does
                # not show, such as the gems' points for the most of a colour)
                part = [sp["parts"][k].get(c, 0) for c in COLOURS]
                card = {lang: pile_card(state, part, lang) for lang in ("en", "de")}
                assert f"Take pile {k + 1}: it gives you {card['en']}." in h.text
                assert f"Nimm Anteil {k + 1}: Er bringt dir {card['de']}." in de.text
                assert "about" not in h.text and "etwa" not in de.text
                if said:
                    assert n["richer"] - 1 == richest
                    assert outcomes[richest][seat] > outcomes[k][seat]
                    # more for the seat, and still worse against the others: they gain more
                    assert rank(obs, outcomes[richest]) < rank(obs, outcomes[k])
                    assert f"Pile {richest + 1} would give you more" in h.text
            else:
                assert h.key in ("market_none", "offer_none", "pick_none", "move"), h.key
    assert {"trade", "divide", "pick", "choose", "choose_not_richest"} <= seen, seen
    assert every, "no small treasure divided"


def test_no_hint_or_look_back_speaks_as_i():
    """A hint is the best player's move, said about the move ("this move won 14"), never by an
    "I" a child cannot place ("In my head, this move won 14 of 21 games", a child tester asked
    who "I" is): no sentence of the hints, in any game or language, has I, my, me, ich, mein,
    mir or mich."""
    from kaskaria import i18n
    from kaskaria.hints import say

    say("hints", "move", "en", move="x")  # every game's hint words are registered
    first = {
        "en": re.compile(r"\b(I|my|me|mine|I'm|I've)\b"),
        "de": re.compile(r"\b(ich|mein\w*|mir|mich)\b", re.I),
    }
    domains = [d for d in i18n.domains() if d == "hints" or d.startswith("hints-")]
    assert {"hints", "hints-dragon-battle", "hints-heroes", "hints-dragons-gold"} <= set(domains)
    said = []
    for domain in domains:
        for lang, pattern in first.items():
            for key in i18n.keys(domain, lang):
                words = i18n._lookup(domain, key, lang)
                # a button's own words, quoted ("press “These are my piles”"), are the child's
                if pattern.search(re.sub(r"“[^”]*”|„[^“]*“", "", words)):
                    said.append(f"{domain}.{key} ({lang}): {words}")
    assert not said, "\n".join(said)


def test_a_refusal_says_why_and_a_move_without_its_own_words_names_its_button():
    """A refusal's reason is the search's own comparison (refusing won more often than
    accepting), not only what the tokens would give; a move the hints have no sentence for says
    the button to press, in the button's words; "no choice won" says none, in German too."""
    from kaskaria.hints import say
    from kaskaria.present import presenter_for

    assert say("hints", "rate_none", "de", n=20) == (
        "In 20 ausgedachten Spielen gewann kein Zug auch nur eines."
    )
    assert say("hints", "rate_none", "en", n=20) == "In 20 pretend games, no move won even one."
    seen = set()
    for variant in ("basic", "advanced"):
        for _, state in decisions("dragons-gold", 3, 1, 9, variant, bot="greedy"):
            if state.phase == "turn" and not any(a.verb == "play" for a in state.legal_actions()):
                continue  # a turn with a magic item to play: a move without words of its own
            if state.phase not in ("answer", "turn"):
                continue
            h = hint(state, iterations=BUDGET)
            seen.add(h.key)
            if h.key.startswith("refuse"):
                r = h.detail
                accept = kaskaria.core.Action("accept")
                refusing, accepting, tried = r.rate(h.action), r.rate(accept), r.tried(accept)
                assert tried, "the search weighs accepting against refusing"
                if refusing > accepting:
                    # refusing won more of its games: said as every hint counts, the search's
                    # own count of this move against the others (never "times in 100" for one
                    # hint and "of 17 games" for the next)
                    from kaskaria.hints import rate_sentence

                    assert h.key == "refuse", h.key
                    count = rate_sentence(r, h.action, "en")[0]
                    assert h.text.startswith("Refuse: these tokens give you "), h.text
                    assert h.text.endswith(". " + count), h.text
                    assert "times in 100" not in h.text and "never" not in h.text, h.text
                    de = hint(state, lang="de", iterations=BUDGET)
                    assert de.text.endswith(". " + rate_sentence(r, h.action, "de")[0]), de.text
                    assert "von 100" not in de.text, de.text
                    seen.add("refused: won more")
                else:  # ranked by the lead too: as many wins or fewer, closer to the winner
                    better = round(r.lead(h.action) - r.lead(accept))
                    if better >= 1:  # the search's own number: how much better refusing ended
                        assert h.key == (
                            "refuse_closer_by_one" if better == 1 else "refuse_closer_by"
                        )
                        points = "1 point" if better == 1 else f"{better} points"
                        assert h.text.endswith(
                            f" In pretend games, refusing ended {points} better against the best"
                            " other player."
                        ), h.text
                        seen.add("closer by")
                    else:
                        assert h.key == "refuse_closer"
                        assert "Refusing keeps you closer to the winner." in h.text, h.text
                seen.add("refusal")
            if h.key == "press_group":  # a short button under its group's heading
                buttons = presenter_for(state.game).buttons(state, "en", True)
                assert any(
                    h.text.startswith(f"Best move: press “{b['short']}” under “{b['group']}”.")
                    for b in buttons
                    if b.get("short") and b["action"] == str(h.action)
                ), h.text
                seen.add("press")
            if h.key == "press":
                labels = [b["label"] for b in presenter_for(state.game).buttons(state, "en", True)]
                assert any(h.text.startswith(f"Best move: press “{label}”.") for label in labels)
                de = hint(state, lang="de", iterations=BUDGET)
                labels = [b["label"] for b in presenter_for(state.game).buttons(state, "de", True)]
                assert any(de.text.startswith(f"Bester Zug: Drücke „{label}“.") for label in labels)
    assert {"refusal", "refused: won more", "closer by", "press"} <= seen, seen


def test_a_heroes_figure_has_one_name_on_the_card_the_buttons_and_the_hints():
    """A child tester read "Schuppengreif" in a hint where the player's card on the table said
    "Greif 1 · Läufer 1": the player's card names each figure as the paths, the buttons and the
    hints do ("Schuppengreif 1 · Klippenläufer 1", "griffin 1 · cliff runner 1")."""
    from kaskaria.heroes.hints import DOMAIN
    from kaskaria.hints import say
    from kaskaria.i18n import text

    for lang in ("en", "de"):
        for part in ("griffin", "runner"):
            card = text("heroes", f"board.figure_{part}", lang, n=1)
            button = text("heroes", f"effect.{part}_one", lang)
            name = card.removesuffix(" 1")
            assert card == f"{name} 1" and button.lower().startswith(name.lower()), (card, button)
            for kind in ("effect", "list"):
                for n in (1, 2):
                    said = say(DOMAIN, f"{kind}.{part}", lang, n=n)
                    assert name.lower() in said.lower(), (said, name)
    assert text("heroes", "board.figure_runner", "de", n=2) == "Klippenläufer 2"
