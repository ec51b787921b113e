"""The search bots of Heroes of Kaskaria and Dragon's Gold: deterministic for a seed and a budget,
deciding from their seat's view alone, dealing what they cannot see consistently with it, and
negotiating splits the others accept."""

from __future__ import annotations

import numpy as np
import pytest

import kaskaria
from kaskaria import CHANCE, TERMINAL
from kaskaria.bots import SeatView, make_bot
from kaskaria.core import Action
from kaskaria.search import search

#: a small budget: what is checked does not depend on it
BUDGET = 10


def decisions(name, players, games=1, seed=5, bot="random", every=1, **kw):
    game = kaskaria.load(name, players=players, **kw)
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
                if k % every == 0:
                    yield state
            state = state.apply(player.choose(state, rng))


def test_the_search_is_a_function_of_its_seed_and_budget():
    moves = [Action("a"), Action("b"), Action("c"), Action("d"), Action("e")]
    odds = {"a": 0.2, "b": 0.5, "c": 0.55, "d": 0.1, "e": 0.3}

    def deal(rng):
        return rng.random()

    def playout(state, move, rng):
        return float(rng.random() < odds[move.verb])

    r1 = search(moves, deal, playout, np.random.default_rng(4), iterations=400)
    r2 = search(moves, deal, playout, np.random.default_rng(4), iterations=400)
    assert (r1.best, r1.playouts, r1.wins) == (r2.best, r2.playouts, r2.wins)
    assert r1.best in (Action("b"), Action("c"))
    assert sum(r1.playouts) <= 400 + len(moves)
    # the worse half is dropped round by round: the best moves are tried most
    assert r1.tried(r1.best) == max(r1.playouts)
    assert r1.tried(Action("d")) < r1.tried(r1.best)
    one = search([Action("x")], deal, playout, np.random.default_rng(4), iterations=10)
    assert one.best == Action("x") and one.total == 0


def test_a_search_with_values_ranks_by_them_and_still_counts_the_wins():
    """A playout may give a pair, the share of the win and a value to rank by: the moves are
    dropped and chosen by their mean value, and the wins reported are the wins as they were."""
    moves = [Action("a"), Action("b"), Action("c")]
    # "a" wins more often, "b" ends closer to winning on average (a value the search trusts)
    wins = {"a": 0.6, "b": 0.4, "c": 0.1}
    values = {"a": 0.5, "b": 0.7, "c": 0.2}

    def deal(rng):
        return rng.random()

    def playout(state, move, rng):
        won = float(rng.random() < wins[move.verb])
        return won, values[move.verb]

    result = search(moves, deal, playout, np.random.default_rng(3), iterations=120)
    assert result.best == Action("b")
    assert result.values is not None
    assert result.value(Action("b")) == pytest.approx(0.7)
    assert result.ranking()[0] == Action("b")
    for move in moves:
        n = result.tried(move)
        assert result.wins[result.actions.index(move)] == round(result.rate(move) * n)
        assert 0 <= result.rate(move) <= 1
    assert result.rate(Action("a")) > result.rate(Action("b"))  # the wins are not the values

    def plain(state, move, rng):
        return float(rng.random() < wins[move.verb])

    # a playout of one number: ranked by its wins, with no values reported
    only = search(moves, deal, plain, np.random.default_rng(3), iterations=120)
    assert only.values is None and only.leads is None
    assert only.value(only.best) == only.rate(only.best)
    assert result.leads is None and result.lead(Action("b")) is None  # pairs say no lead

    # a triple: the lead in points too, reported per move as its mean, never ranked by
    leads = {"a": 3.0, "b": -2.0, "c": 7.0}

    def led(state, move, rng):
        won, value = playout(state, move, rng)
        return won, value, leads[move.verb] + (1 if state > 0.5 else -1)

    third = search(moves, deal, led, np.random.default_rng(3), iterations=120)
    assert third.best == result.best and third.playouts == result.playouts  # same choice
    assert third.leads is not None
    for move in moves:
        # the mean of its playouts' leads: each the move's lead, one more or one less by the deal
        mean = third.leads[third.actions.index(move)] / third.tried(move)
        assert third.lead(move) == pytest.approx(mean)
        assert leads[move.verb] - 1 <= third.lead(move) <= leads[move.verb] + 1


def _paired(effects, noise=0.3):
    """A deal (a luck shared by every move) and a playout: each move's value is the deal's luck
    plus its own effect, and a little noise of its own (the playout's random numbers are the same
    for every move of a deal: each move reads its own one of them)."""
    names = sorted(effects)

    def deal(rng):
        return 0.2 + 0.6 * rng.random()

    def playout(state, move, rng):
        own = rng.random(len(names))[names.index(move.verb)]
        value = min(1.0, max(0.0, state + effects[move.verb] + noise * (own - 0.5)))
        return float(value > 0.5), value

    return deal, playout


def _guarded(moves, deal, playout, seed, prior):
    """A search of 72 playouts with a guard of one standard error for the move ``prior``."""
    return search(
        moves,
        deal,
        playout,
        np.random.default_rng(seed),
        iterations=72,
        prior=Action(prior),
        guard=1,
    )


def test_a_guard_keeps_the_prior_unless_another_move_is_clearly_better():
    """With a guard the prior is tried in every round, and another move is played only where it
    did better on the very deals the prior was tried on by more than ``guard`` standard errors
    of the difference: a move a hair better is ``kept`` aside, one clearly better is played."""
    moves = [Action(v) for v in "abcdefgh"]
    hair = {"a": 0.0, "b": 0.004, "c": -0.1, "d": -0.2, "e": -0.3, "f": -0.05, "g": -0.1, "h": 0}
    deal, playout = _paired(hair)
    plain_a = guarded_a = 0
    for seed in range(20):
        plain = search(moves, deal, playout, np.random.default_rng(seed), iterations=72)
        guarded = _guarded(moves, deal, playout, seed, "a")
        assert plain.kept is None
        # the prior stays to the last round: tried as often as the move it is weighed against
        assert guarded.tried(Action("a")) == max(guarded.playouts)
        if guarded.kept is not None:  # another looked better, not clearly: the prior is played
            assert guarded.best == Action("a")
            assert guarded.value(guarded.kept) > guarded.value(Action("a"))
        elif guarded.best != Action("a"):  # played only where it was clearly better
            assert guarded.value(guarded.best) > guarded.value(Action("a"))
        plain_a += plain.best == Action("a")
        guarded_a += guarded.best == Action("a")
    # among moves a hair apart the plain search plays the luckiest, the guarded one the prior
    assert guarded_a >= 14 and guarded_a > plain_a + 3, (guarded_a, plain_a)
    # a move clearly better on the same deals is played, and nothing is kept aside
    clear = dict(hair, e=0.15)
    deal, playout = _paired(clear)
    for seed in range(5):
        r = _guarded(moves, deal, playout, seed, "a")
        assert (r.best, r.kept) == (Action("e"), None), seed
    # the clear move as the prior is played
    assert _guarded(moves, deal, playout, 1, "e").best == Action("e")
    # a prior far worse ("d") is still tried in every round, and loses to the clear move
    worst = _guarded(moves, deal, playout, 1, "d")
    assert worst.tried(Action("d")) == max(worst.playouts)
    assert worst.best == Action("e") and worst.kept is None


def test_a_guard_weighs_the_paired_difference_by_its_standard_error():
    """The guard's test, by hand: over the deals both moves were tried on, the mean difference
    of their values against ``guard`` times its standard error."""
    moves = [Action("p"), Action("q")]
    diffs = iter([0.1, -0.05, 0.2, 0.0, 0.05, 0.1, -0.1, 0.15] * 4)
    seen: dict[int, list[float]] = {}

    def deal(rng):
        return len(seen)

    def playout(state, move, rng):
        if move.verb == "p":
            seen[state] = [0.5]
            return 0.0, 0.5
        d = next(diffs)
        seen[state].append(0.5 + d)
        return 0.0, 0.5 + d

    n = 8
    d = [0.1, -0.05, 0.2, 0.0, 0.05, 0.1, -0.1, 0.15]
    mean = sum(d) / n
    se = (sum((x - mean) ** 2 for x in d) / (n - 1) / n) ** 0.5
    for guard, played in ((mean / se - 0.01, "q"), (mean / se + 0.01, "p")):
        seen.clear()
        diffs = iter(d * 4)
        r = search(
            moves,
            deal,
            playout,
            np.random.default_rng(0),
            iterations=16,
            prior=moves[0],
            guard=guard,
        )
        assert r.tried(moves[0]) == r.tried(moves[1]) == n
        assert r.best == Action(played), (guard, mean / se)
        assert r.kept == (Action("q") if played == "p" else None)
    with pytest.raises(ValueError, match="guard"):
        search(moves, deal, playout, np.random.default_rng(0), iterations=4, guard=-1)
    with pytest.raises(ValueError, match="guard"):
        search(moves, deal, playout, np.random.default_rng(0), iterations=4, guard=True)


def test_the_heroes_search_at_three_players_plays_the_planners_move_unless_clearly_better():
    """At three players (``GUARD``) the Heroes search weighs the ``"planner"`` bot's move as
    its prior: a move it keeps aside looked better but not clearly, and it then plays the
    planner's move; with two players and the basic rules it searches as before (no guard), with
    the brave rules it is guarded."""
    from kaskaria.heroes.search import GUARD, SearchBot

    assert ("basic", 3) in GUARD and ("basic", 2) not in GUARD and ("brave", 2) in GUARD
    planner = make_bot("heroes", "planner")
    kept = differ = 0
    for state in decisions("heroes", 3, games=2, seed=11, every=3):
        seat = state.current_player()
        view = SeatView(state, seat)
        bot = SearchBot(iterations=24)
        rng = np.random.default_rng(5)
        move = bot.decide(view, rng)
        result = bot.last
        assert result is not None and move == result.best
        # the prior the search weighed: the planner's move on random numbers of its own
        prior_rng = np.random.default_rng(5)
        mine = planner.decide(view, np.random.default_rng(int(prior_rng.integers(2**63))))
        assert result.tried(mine) == max(result.playouts)
        if result.kept is not None:
            kept += 1
            assert move == mine and result.value(result.kept) > result.value(mine)
        if move != mine:
            differ += 1
    assert kept and differ  # both happen in these games
    two = next(iter(decisions("heroes", 2, games=1, seed=11, every=3)))
    bot = SearchBot(iterations=24)
    bot.decide(SeatView(two, two.current_player()), np.random.default_rng(5))
    assert bot.last is not None and bot.last.kept is None
    # two players with the brave rules: the planner's move is the prior, tried in every round
    brave = 0
    for state in decisions("heroes", 2, games=2, seed=11, every=3, variant="brave"):
        view = SeatView(state, state.current_player())
        bot = SearchBot(iterations=24)
        bot.decide(view, np.random.default_rng(5))
        prior_rng = np.random.default_rng(5)
        mine = planner.decide(view, np.random.default_rng(int(prior_rng.integers(2**63))))
        assert bot.last is not None and bot.last.tried(mine) == max(bot.last.playouts)
        brave += 1
    assert brave


@pytest.mark.parametrize(
    "name,players", [("heroes", 2), ("heroes", 4), ("dragons-gold", 3), ("dragons-gold", 5)]
)
def test_a_search_bot_chooses_the_same_for_the_same_seed(name, players):
    bot = make_bot(name, "search", iterations=BUDGET)
    checked = 0
    for state in decisions(name, players, every=9):
        a = bot.choose(state, np.random.default_rng(7))
        b = make_bot(name, "search", iterations=BUDGET).choose(state, np.random.default_rng(7))
        assert a == b and a in state.legal_actions()
        checked += 1
        if checked == 6:
            break
    assert checked == 6


@pytest.mark.parametrize("name", ["heroes", "dragons-gold"])
def test_a_search_bot_cannot_tell_twins_apart(name):
    """Two states that differ only in what the seat may not see: the same choice for the same
    seed (the check of tests/test_bots_hidden.py, at a small budget)."""
    rng = np.random.default_rng(11)
    pairs = differing = 0
    for k, state in enumerate(decisions(name, 3, games=2, seed=3, every=4)):
        seat = state.current_player()
        twin = state.resample_hidden(seat, rng)
        assert twin.observation(seat) == state.observation(seat)
        a = make_bot(name, "search", iterations=BUDGET).choose(state, np.random.default_rng([k, 1]))
        b = make_bot(name, "search", iterations=BUDGET).choose(twin, np.random.default_rng([k, 1]))
        assert a == b
        pairs += 1
        differing += twin != state
        if pairs == 30:
            break
    assert pairs >= 20 and differing >= 8


def test_dragons_gold_deals_positions_with_the_seats_very_observation():
    from kaskaria.dragons_gold.search import deal

    seen = set()
    for variant, players in (
        ("basic", 3),
        ("advanced", 4),
        ("basic-strategic", 5),
        ("advanced-strategic", 3),
    ):
        game = kaskaria.load("dragons-gold", players=players, variant=variant)
        rng = np.random.default_rng(2)
        for state in decisions(
            "dragons-gold", players, seed=1, every=3, bot="maximiser", variant=variant
        ):
            if state.phase == "pick":  # (the picker sees the robbed screen's colours in its moves)
                continue
            seat = state.current_player()
            obs = state.observation(seat)
            dealt = deal(game, obs, rng)
            assert dealt.observation(seat) == obs
            assert dealt.legal_actions() == state.legal_actions()
            seen.add(state.phase)
    assert {"turn", "build", "answer", "divide", "choose", "victim", "swap"} <= seen


def test_heroes_sample_deals_from_the_view_for_the_search():
    from kaskaria.heroes import sample_state

    for state in decisions("heroes", 3, every=11):
        seat = state.current_player()
        obs = state.observation(seat)
        dealt = sample_state(state.game, obs, np.random.default_rng(1))
        assert dealt.observation(seat) == obs


def test_its_proposals_are_accepted_by_the_fair_and_the_greedy_bots():
    """The proposals the bot weighs give every other player at least what the ``fair`` and the
    ``greedy`` bots accept; played out, they are accepted."""
    from kaskaria.dragons_gold.search import _STEPS, proposals

    accepted = checked = 0
    for state in decisions("dragons-gold", 3, games=4, seed=2, bot="greedy"):
        if state.phase != "build" or any(map(any, state.parts)):
            continue
        seat = state.current_player()
        view = SeatView(state, seat)
        for choice, _shares, label in proposals(view):
            if label == "fair":  # (equal shares: the greedy bot may refuse them)
                continue
            s = state
            for step in _STEPS[choice]:
                s = s.apply(step)
            # everyone else answers as the fair or the greedy bot would
            for who in ("fair", "greedy"):
                t = s
                while t.phase == "answer":
                    t = t.apply(make_bot("dragons-gold", who).choose(t, np.random.default_rng(0)))
                checked += 1
                # a refusal hands the treasure to the next proposer (phase build again)
                accepted += t.phase != "build" and t.out == s.out
        if checked >= 24:
            break
    assert checked >= 12 and accepted == checked


def test_its_deny_proposal_helps_the_others_less():
    """The ``deny`` proposal pays the others in tokens that add little to their scores too: over
    the splits of a few seeded games it adds far less to the score of the player it helps most
    than ``tight`` (which counts only what a token is worth to the bot)."""
    from kaskaria.dragons_gold.fairness import holdings_of
    from kaskaria.dragons_gold.scoring import _score_changes
    from kaskaria.dragons_gold.search import proposals

    helped = {"tight": 0, "deny": 0}
    splits = 0
    for state in decisions("dragons-gold", 3, games=4, seed=3, bot="fair"):
        if state.phase != "build" or any(map(any, state.parts)):
            continue
        seat = state.current_player()
        view = SeatView(state, seat)
        holdings = holdings_of(view.observation)
        found = {label: shares for _, shares, label in proposals(view)}
        if "deny" not in found:  # the same as another proposal: weighed once
            continue
        splits += 1
        for label in helped:
            shares = found.get(label, found["deny"])
            helped[label] += max(
                _score_changes(holdings, {p: shares[p]}, False, state.game.rules)[p]
                for p in shares
                if p != seat
            )
    assert splits >= 10
    assert helped["deny"] < 0.75 * helped["tight"]


def test_dragons_gold_playouts_weigh_the_win_and_the_lead():
    """A playout gives the seat's share of the win, the value the search ranks by (half the
    share, half the lead over the best other player on a logistic curve) and that lead in
    points (what a hint may quote)."""
    from kaskaria.dragons_gold.search import MARGIN_SCALE, _outcome, playout

    checked = 0
    for state in decisions("dragons-gold", 3, seed=4, bot="fair", every=5):
        if state.phase not in ("turn", "answer"):  # where the bot plays out its choices
            continue
        seat = state.current_player()
        share, value, lead = playout(state, (), np.random.default_rng(checked), seat)
        assert share in (0.0, 1 / 3, 0.5, 1.0)
        assert 0.5 * share < value < 0.5 * share + 0.5
        assert value == pytest.approx(0.5 * share + 0.5 / (1 + np.exp(-lead / MARGIN_SCALE)))
        checked += 1
    assert checked >= 5
    game = kaskaria.load("dragons-gold", players=3)
    end = game.new_state()
    rng = np.random.default_rng(1)
    fair = make_bot("dragons-gold", "fair")
    while not end.is_terminal():
        end = end.apply(end.sample_chance(rng) if end.is_chance_node() else fair.choose(end, rng))
    scores = end.scores()
    for seat in range(3):
        share, value, said = _outcome(end, seat)
        lead = scores[seat] - max(x for q, x in enumerate(scores) if q != seat)
        assert said == lead
        assert share == (1 / len(end.winners()) if seat in end.winners() else 0.0)
        assert value == pytest.approx(0.5 * share + 0.5 / (1 + np.exp(-lead / MARGIN_SCALE)))


def test_heroes_playouts_weigh_the_win_and_the_lead_in_gold():
    """As in Dragon's Gold: a Heroes playout gives the seat's share of the win and the value the
    search ranks by (at a table of three: half the share, half the lead in gold over the best
    other player on a logistic curve), worked out afresh here from a finished game's scores; the
    search bot ranks its moves by that value (its result carries the values) and still counts
    wins."""
    from kaskaria.heroes.search import MARGIN_SCALE, SearchBot, _outcome

    game = kaskaria.load("heroes", players=3)
    end = game.new_state()
    rng = np.random.default_rng(2)
    planner = make_bot("heroes", "planner")
    while not end.is_terminal():
        end = end.apply(
            end.sample_chance(rng) if end.is_chance_node() else planner.choose(end, rng)
        )
    scores = end.scores()
    winners = end.winners()
    assert len(set(scores)) > 1  # the leads differ between seats: the check can tell them apart
    for seat in range(3):
        share, value = _outcome(end, seat)
        lead = scores[seat] - max(x for q, x in enumerate(scores) if q != seat)
        assert share == (1 / len(winners) if seat in winners else 0.0)
        assert value == pytest.approx(0.5 * share + 0.5 / (1 + np.exp(-lead / MARGIN_SCALE)))
    for state in decisions("heroes", 3, seed=4, bot="planner", every=7):
        if len(state.legal_actions()) < 2:
            continue
        bot = SearchBot(iterations=12)
        bot.choose(state, np.random.default_rng(0))
        result = bot.last
        assert result is not None and result.values is not None
        ranked_first = max(
            (a for a in result.actions if result.tried(a) == max(result.playouts)),
            key=result.value,
        )
        # the move ranked first by value is played, unless the guard of three-player tables
        # kept the planner's move over it (test_the_heroes_search_at_three_players_...)
        assert (result.best if result.kept is None else result.kept) == ranked_first
        assert all(0 <= w <= t for w, t in zip(result.wins, result.playouts, strict=True))
        break
    else:
        raise AssertionError("no decision with a choice")


def test_place_value_counts_every_other_seat():
    """``place_value``: half the win, a quarter the lead over the best other seat and a quarter
    the mean lead over each other seat, on the logistic curve; with one other seat it is
    ``lead_value``; level with everyone it is a half of the rest; a seat that cannot win is
    worth more second than last."""
    from kaskaria.search import lead_value, place_value

    for share in (0.0, 0.5, 1.0):
        for lead in (-12, -1, 0, 3, 20):
            assert place_value(share, [lead], 8.0) == lead_value(share, lead, 8.0)
    assert place_value(0.0, [0, 0, 0], 8.0) == pytest.approx(0.25)
    assert place_value(1.0, [0, 0], 8.0) == pytest.approx(0.75)
    second = place_value(0.0, [-4, 3, 7], 8.0)  # behind the winner, ahead of the other two
    last = place_value(0.0, [-4, -1, -3], 8.0)  # behind everyone
    assert last < second < 0.5  # the best other seat 4 ahead in both: one lead_value for both
    sig = [1 / (1 + np.exp(-lead / 8.0)) for lead in (-4, 3, 7)]
    assert second == pytest.approx(0.25 * sig[0] + 0.25 * sum(sig) / 3)
    with pytest.raises(ValueError):
        place_value(1.0, [], 8.0)


def _heroes_over(players, gold, amulet):
    """A hand-made finished Heroes game: every figure on the same field (the final scoring gives
    every seat the same), ``gold`` each seat's pieces, ``amulet`` its holder (2 gold more)."""
    import dataclasses

    start = kaskaria.load("heroes", players=players).new_state()
    end = dataclasses.replace(
        start,
        phase="over",
        griffins=(3,) * players,
        runners=(4,) * players,
        gold=tuple(gold),
        stand_ins=(0,) * players,
        amulet=amulet,
    )
    assert end.is_terminal()
    return end


def test_heroes_outcome_on_hand_made_final_states():
    """At a table of four a loser that finished second is worth more than one that finished
    last behind the same winner (the earlier value, the lead over the best other seat alone,
    rated them the same); ties: a tie on gold broken by the amulet wins, a tie it does not break
    is shared and the tied seats are worth the same; two and three players: the lead over the
    best other seat, as before."""
    from kaskaria.heroes.search import MARGIN_SCALE, _outcome
    from kaskaria.search import lead_value, place_value

    def sig(x):
        return 1 / (1 + np.exp(-x / MARGIN_SCALE))

    end = _heroes_over(4, (18, 14, 9, 5), amulet=0)
    scores = end.scores()
    assert end.winners() == (0,)
    assert [s - scores[0] for s in scores] == [0, -6, -11, -15]
    values = [_outcome(end, seat) for seat in range(4)]
    assert [share for share, _ in values] == [1.0, 0.0, 0.0, 0.0]
    assert values[0][1] > values[1][1] > values[2][1] > values[3][1]
    assert values[1][1] == pytest.approx(0.25 * sig(-6) + 0.25 * (sig(-6) + sig(5) + sig(9)) / 3)
    assert values[3][1] == pytest.approx(
        0.25 * sig(-15) + 0.25 * (sig(-15) + sig(-9) + sig(-4)) / 3
    )
    assert values[0][1] == pytest.approx(
        0.5 + 0.25 * sig(6) + 0.25 * (sig(6) + sig(11) + sig(15)) / 3
    )
    # second and last, as far behind the same winner: one value for both before, two now
    second = _heroes_over(4, (20, 14, 3, 2), amulet=0)
    last = _heroes_over(4, (20, 14, 17, 16), amulet=0)
    assert second.scores()[0] - second.scores()[1] == last.scores()[0] - last.scores()[1]
    assert _outcome(second, 1)[1] > _outcome(last, 1)[1]
    # a tie on gold: the amulet breaks it, the winner alone has the win
    tied = _heroes_over(4, (20, 18, 10, 5), amulet=1)
    assert tied.winners() == (1,)
    assert _outcome(tied, 1) == (1.0, place_value(1.0, [0, 10, 15], MARGIN_SCALE))
    assert _outcome(tied, 0) == (0.0, place_value(0.0, [0, 10, 15], MARGIN_SCALE))
    # a tie the amulet does not break: a shared win, the tied seats worth the same
    shared = _heroes_over(4, (12, 12, 5, 3), amulet=2)
    assert shared.winners() == (0, 1)
    top = shared.scores()
    assert top[0] == top[1] > top[2] > top[3], top
    leads = [top[0] - x for x in top[1:]]
    assert _outcome(shared, 0) == _outcome(shared, 1) == (0.5, place_value(0.5, leads, 8.0))
    assert _outcome(shared, 2)[0] == 0.0
    # three players: the lead over the best other seat alone (second and last the same)
    three_second = _heroes_over(3, (20, 14, 3), amulet=0)
    three_last = _heroes_over(3, (20, 14, 17), amulet=0)
    assert _outcome(three_second, 1) == _outcome(three_last, 1)
    got = three_second.scores()
    behind = got[1] - max(got[0], got[2])
    assert behind == three_last.scores()[1] - three_last.scores()[0] < 0
    assert _outcome(three_second, 1) == (0.0, lead_value(0.0, behind, MARGIN_SCALE))
    # two players: the value of before, the lead over the other seat
    two = _heroes_over(2, (7, 15), amulet=1)
    assert _outcome(two, 0) == (0.0, lead_value(0.0, -10, MARGIN_SCALE))
    assert _outcome(two, 1) == (1.0, lead_value(1.0, 10, MARGIN_SCALE))


def test_the_search_bot_beats_random_players_at_dragons_gold():
    """A sanity check of its strength at a tiny budget (the ladder measures it properly)."""
    from kaskaria.tournament import play_tournament

    game = kaskaria.load("dragons-gold", players=3)
    bots = [
        make_bot("dragons-gold", "search", iterations=6),
        make_bot("dragons-gold", "random"),
        make_bot("dragons-gold", "random"),
    ]
    result = play_tournament(game, bots, games=3, seed=1, progress=False)
    assert result.win_rate[0] >= 2 / 3


def test_each_game_s_strong_bot_is_hard_when_the_table_asks_for_it():
    from kaskaria.bots import bot_from_choice, difficulty_bots, difficulty_of, strong_bot

    for name, strong in (
        ("dragon-battle", "win"),
        ("heroes", "search"),
        ("dragons-gold", "search"),
    ):
        assert strong_bot(name) == strong
        quick, hard = difficulty_bots(name), difficulty_bots(name, strong=True)
        # today's bots stay easy and medium; hard is the strong bot only when asked for
        assert hard == {**quick, "hard": strong} and quick["hard"] != strong
        assert bot_from_choice(name, "hard", strong=True).name == strong
        assert bot_from_choice(name, "hard").name == quick["hard"]
        assert difficulty_of(name, strong) == "hard"
        assert strong not in kaskaria.bots.seat_choices(name)  # by name only, not in the menus


def test_a_time_limit_stops_in_the_middle_of_a_deal_and_drops_it(monkeypatch):
    """Out of time while the moves of one deal are played out: the search stops at once (a
    child waits for no more than one playout), and that deal is dropped, so every move still
    in the race was tried on the same deals. (The search's clock is the test's: each playout
    takes 0.02 s of it, however busy the machine.)"""
    import types

    import kaskaria.search

    now = [0.0]
    monkeypatch.setattr(kaskaria.search, "time", types.SimpleNamespace(perf_counter=lambda: now[0]))
    moves = [Action(f"m{i}") for i in range(8)]
    calls = []

    def slow(state, move, rng):
        calls.append(move)
        now[0] += 0.02
        return 1.0 if move == moves[3] else 0.0

    result = search(
        moves, lambda rng: None, slow, np.random.default_rng(1), iterations=800, seconds=0.25
    )
    tried = [n for n in result.playouts if n]
    assert len(set(tried)) == 1  # the same deals for every move
    assert len(calls) > sum(result.playouts)  # the last deal was begun, then dropped
    assert len(calls) < 8 * 2  # it stopped within the second deal
    assert result.best == moves[3]


def test_heroes_hurried_playouts_move_the_figures_as_soon_as_they_can():
    """The hurried policy of the other seats plays a set that moves its figures the most as soon
    as it has one (never one that ends the game and loses); the patient one builds big sets."""
    from kaskaria.heroes.bots import set_value_split
    from kaskaria.heroes.search import quick_move, racer_move

    checked = differ = 0
    for state in decisions("heroes", 2, games=3, seed=2, bot="odds"):
        legal = state.legal_actions()
        hurried = racer_move(state)
        assert hurried in legal
        if state.phase != "turn":
            assert hurried == quick_move(state)
            continue
        g = state.game
        p = state.player
        plays = g.plays(state.hands[p])
        griffin_left = g.griffin_path - state.griffins[p]
        runner_left = g.runner_path - state.runners[p]
        moved = {a: set_value_split(g, k)[0] for a, k in plays.items()}
        fields = {a: grif + run for a, (grif, run) in moved.items()}
        moving = [
            a
            for a, (grif, run) in moved.items()
            if grif + run > 0 and grif < griffin_left and run < runner_left
        ]
        if moving:
            checked += 1
            assert hurried in plays and fields[hurried] >= max(fields[a] for a in moving)
            differ += hurried != quick_move(state)
    assert checked >= 30 and differ >= 15


def test_heroes_search_deals_give_the_other_seats_a_patient_or_a_hurried_style(monkeypatch):
    """``HURRIED`` is the share of deals in which the other seats play in a hurry: never at 0,
    in every deal at 1, and then only for the other seats, never for the seat that searches."""
    from kaskaria.heroes import search as heroes_search

    seen = []

    def recording(state, rng=None):
        seen.append(state.player)
        return heroes_search.quick_move(state, rng)

    monkeypatch.setattr(heroes_search, "racer_move", recording)
    state = next(s for s in decisions("heroes", 3, seed=4) if s.phase == "turn")
    seat = state.current_player()
    for share, hurried in ((0.0, False), (1.0, True)):
        monkeypatch.setattr(heroes_search, "HURRIED", share)
        seen.clear()
        heroes_search.think(SeatView(state, seat), np.random.default_rng(3), iterations=BUDGET)
        assert bool(seen) == hurried
        assert seat not in seen
    assert set(seen) == {0, 1, 2} - {seat}
