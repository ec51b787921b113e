"""The two-player game of Dragon Battle solved for the chance of winning, checked against a brute
force over the engine's own states on reduced games, and the ``"win"`` bot that plays by it."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import kaskaria
from kaskaria import CHANCE
from kaskaria.dragon_battle import odds
from kaskaria.dragon_battle.duel import (
    DuelRules,
    DuelTable,
    _groups,
    cache_lock,
    duel_rules,
    read_or_solve,
    solve,
    turn_graph,
)
from kaskaria.dragon_battle.winbot import WinBot, differences, use_table, win_advice

#: a reduced game: five residents (1, 1, 2, 2 and 3 stars) and one juggler
SMALL = {"residents": {"ann": 1, "bob": 1, "cid": 2, "dan": 2, "eve": 3}, "jugglers": 1}


def small_game(**options):
    return kaskaria.load("dragon-battle", players=2, **{**SMALL, **options})


@pytest.fixture(autouse=True)
def _no_cache_at_home(tmp_path, monkeypatch):
    """Nothing these tests solve is written to the user's cache."""
    monkeypatch.setenv("KASKARIA_CACHE", str(tmp_path / "cache"))


@pytest.fixture(scope="module")
def small():
    game = small_game()
    table = solve(duel_rules(game))
    use_table(table)
    return game, table


# ---------------------------------------------------------------------------------------------
# The brute force: value iteration over the engine's states
# ---------------------------------------------------------------------------------------------
def _key(s):
    """An engine state with the residents named by their stars (residents of equal stars are
    interchangeable) and the turn counter left out (it changes nothing that follows)."""
    st = s.game.stars
    return (
        s.phase,
        s.player,
        tuple(st[x] if x else None for x in s.under),
        tuple(sorted(st[x] for x in s.pile)),
        tuple(bool(x) for x in s.on_dragon),
        s.hand,
        s.rolled,
        s.stars(),
        tuple(len(r) for r in s.rescued),
        s.jugglers_left,
    )


def brute_force(*starts):
    """The chance that seat 0 wins (a shared win counting 1/2) in every state reachable from
    ``starts``, by value iteration over the engine's states until nothing changes by 1e-13."""
    states, kids, order = {}, {}, []
    stack = list(starts)
    while stack:
        s = stack.pop()
        k = _key(s)
        if k in states:
            continue
        states[k] = s
        order.append(k)
        if not s.is_terminal():
            stack.extend(s.apply(a) for a in s.legal_actions())
    for k in order:
        s = states[k]
        if s.is_terminal():
            continue
        if s.current_player() == CHANCE:
            kids[k] = [(float(p), _key(s.apply(a))) for a, p in s.chance_outcomes()]
        else:
            kids[k] = [(None, _key(s.apply(a))) for a in s.legal_actions()]
    value = {}
    for k in order:
        s = states[k]
        if s.is_terminal():
            w = s.winners()
            value[k] = 1 / len(w) if 0 in w else 0.0
        else:
            value[k] = 0.5
    live = [k for k in reversed(order) if not states[k].is_terminal()]
    for _ in range(10_000):
        delta = 0.0
        for k in live:
            who = states[k].current_player()
            if who == CHANCE:
                v = sum(p * value[c] for p, c in kids[k])
            elif who == 0:
                v = max(value[c] for _, c in kids[k])
            else:
                v = min(value[c] for _, c in kids[k])
            delta = max(delta, abs(v - value[k]))
            value[k] = v
        if delta < 1e-13:
            break
    return states, value


def _table_value(table, game, s):
    """The solved chance that the player to move in ``s`` (phase start) wins."""
    rules = table.rules
    stars = game.stars
    p = s.player
    under = [stars[x] for x in s.under]
    u = tuple(under.count(v) for v in rules.stars)
    pile = tuple([stars[x] for x in s.pile].count(v) for v in rules.stars)
    st = s.stars()
    return table.value(
        u, pile, s.jugglers_left, st[p] - st[1 - p], len(s.rescued[p]) - len(s.rescued[1 - p])
    )


STARTS = [
    pytest.param({}, marks=pytest.mark.soak, id="start"),  # the whole game (minutes)
    {"rescued": [["ann"], []]},  # one rescued: the pile is empty
    {"rescued": [[], ["eve"]], "jugglers": [0, 1]},  # no juggler left: a failed turn repeats
    {"rescued": [["bob"], []], "jugglers": [1, 0], "to_move": 1},
]


@pytest.mark.parametrize("where", STARTS)
def test_the_solution_is_the_brute_force_over_the_engines_states(small, where):
    game, table = small
    start = game.setup(**where) if where else game.new_state()
    states, value = brute_force(start)
    compared = decisions = 0
    for k, s in states.items():
        if s.phase not in ("start", "decide", "place"):
            continue
        mover = s.player
        exact = value[k] if mover == 0 else 1 - value[k]
        if s.phase == "start":
            assert _table_value(table, game, s) == pytest.approx(exact, abs=1e-6)
            compared += 1
        # every choice's chance of winning, as the bot weighs it, is the brute force's
        advice = win_advice(s)
        for c in advice.choices:
            after = value[_key(s.apply(c.action))]
            assert c.win == pytest.approx(after if mover == 0 else 1 - after, abs=1e-6)
        best = max(
            value[_key(s.apply(c.action))] * (1 if mover == 0 else -1) for c in advice.choices
        )
        chosen = value[_key(s.apply(advice.best))] * (1 if mover == 0 else -1)
        assert chosen == pytest.approx(best, abs=1e-6)
        decisions += 1
    assert compared >= 2 and decisions >= 20


def _positions_one_by_one(rules, r):
    """A group's stored positions per number of jugglers left, (d, dr) pair by pair: every way
    the rescued residents and the taken jugglers split between the two players, dr clamped, and
    each d's row filled between its lowest and highest dr."""
    pairs = {(0, 0)}
    for s, x in zip(rules.stars, r, strict=True):
        pairs = {(d + s * (2 * a - x), e + 2 * a - x) for d, e in pairs for a in range(x + 1)}
    left = [c - x for c, x in zip(rules.counts, r, strict=True)]
    n1 = sum(left) + 1 if rules.tiebreak else 0
    out = []
    for jl in range(rules.jugglers + 1):
        taken = rules.jugglers - jl
        big = sum(s * x for s, x in zip(rules.stars, left, strict=True)) + jl * rules.juggler
        rows: dict[int, list[int]] = {}
        for d0, e in pairs:
            e = max(-n1, min(n1, e))
            for j in range(taken + 1):
                d = d0 + rules.juggler * (2 * j - taken)
                if -big <= d <= big:
                    lo_hi = rows.setdefault(d, [e, e])
                    lo_hi[0], lo_hi[1] = min(lo_hi[0], e), max(lo_hi[1], e)
        out.append([(d, e) for d in sorted(rows) for e in range(rows[d][0], rows[d][1] + 1)])
    return out


@pytest.mark.parametrize(
    "rules",
    [
        DuelRules((1, 2, 3), (2, 2, 1), 1, 1, tiebreak=False),
        DuelRules((1,), (20,), 0, 0, False, False),
        DuelRules((1, 2, 3, 4), (2, 2, 2, 2), 1, 2),
        DuelRules((0, 1, 5), (3, 4, 2), 2, 3),
        DuelRules((1, 2, 3, 4), (5, 5, 5, 5), 1, 8),  # the game's own (every 40th group)
    ],
    ids=str,
)
def test_each_group_stores_the_positions_counted_one_by_one(rules):
    groups = _groups(rules)
    step = 40 if len(groups) > 200 else 1
    for r in list(groups)[::step]:
        g = groups[r]
        want = _positions_one_by_one(rules, r)
        got = [
            list(zip(d.tolist(), e.tolist(), strict=True)) for d, e in zip(g.d, g.dr, strict=True)
        ]
        assert got == want, r
        assert g.K == sum(map(len, want))


def test_a_turn_valued_in_stars_is_the_per_turn_solver():
    """The turn graph with each end worth its stars gives the per-turn solver's exact value."""
    graph = turn_graph(False)
    for stars in [(1, 1, 1, 1), (4, 3, 2, 1), (1, 2, 4, 4)]:
        ends = np.array(
            [1.0] + [sum(stars[i] for i in range(4) if m >> i & 1) for m in range(1, 16)]
        )
        x = graph.values(ends[:, None])
        assert x[graph.start, 0] == pytest.approx(float(odds.optimal_turn_value(stars)), abs=1e-12)
    graph = turn_graph(True)
    ends = np.array(
        [1.0] + [sum((4, 3, 2, 1)[i] for i in range(4) if m >> i & 1) for m in range(1, 16)]
    )
    x = graph.values(ends[:, None])
    exact = odds.optimal_turn_value((4, 3, 2, 1), silver_with_colour=True)
    assert x[graph.start, 0] == pytest.approx(float(exact), abs=1e-12)


def test_a_table_saves_loads_and_refuses_a_changed_file(small, tmp_path):
    game, table = small
    path = tmp_path / "duel.npz"
    table.save(path)
    again = DuelTable.load(path, table.rules)
    assert again.positions == table.positions
    u, pile = (1, 2, 1), (1, 0, 0)
    assert again.value(u, pile, 1, 0, 0) == table.value(u, pile, 1, 0, 0)
    # other rules
    other = DuelRules((1, 2, 3), (2, 2, 1), 1, 1, tiebreak=False)
    with pytest.raises(ValueError, match="other rules"):
        DuelTable.load(path, other)
    # a changed value
    with np.load(path) as data:
        parts = {k: data[k] for k in data.files}
    parts["values"] = parts["values"].copy()
    parts["values"][0] = 1.0 - parts["values"][0] if parts["values"][0] != 0.5 else 0.25
    np.savez(path, **parts)
    with pytest.raises(ValueError, match="checksum"):
        DuelTable.load(path, table.rules)


def test_a_cut_or_garbled_file_is_refused_as_not_a_table_and_solved_again(small, tmp_path):
    """A cache file cut short (a full disk, a killed process) or with a changed byte inside its
    compressed data is a ValueError, as any file that is not a table, and the table is solved
    again rather than the game failing."""

    game, table = small
    path = tmp_path / "duel.npz"
    table.save(path)
    whole = path.read_bytes()
    middle = len(whole) // 2
    garbled = whole[:middle] + bytes([whole[middle] ^ 0xFF]) + whole[middle + 1 :]
    for damaged in (whole[: len(whole) // 3], garbled, b"", b"PK\x03\x04" + b"\x00" * 40):
        path.write_bytes(damaged)
        with pytest.raises(ValueError, match="not a Dragon Battle duel table|damaged"):
            DuelTable.load(path, table.rules)
    cache = tmp_path / "cache"
    cache.mkdir(exist_ok=True)
    kept = cache / f"dragon-battle-duel-{table.rules.key}.npz"
    kept.write_bytes(garbled)
    again = read_or_solve(table.rules, solve_missing=True, save=True)
    assert again.positions == table.positions
    assert DuelTable.load(kept, table.rules).positions == table.positions  # saved whole again


def test_a_whole_table_is_read_while_another_process_holds_the_lock(small, tmp_path):
    """The lock is for solving: a process that finds a whole table reads it at once, even while
    another holds the lock (a test run's workers and a notebook's kernels read the table at the
    same moment; before, each waited for the others' reads in turn)."""
    import threading

    game, table = small
    cache = tmp_path / "cache"
    cache.mkdir(exist_ok=True)
    kept = cache / f"dragon-battle-duel-{table.rules.key}.npz"
    table.save(kept)
    got: list = []
    with cache_lock(kept):
        reader = threading.Thread(target=lambda: got.append(read_or_solve(table.rules)))
        reader.start()
        reader.join(timeout=30)
        assert got and got[0].positions == table.positions, "the reader waited for the lock"
    # no table yet: a reader waits for the lock (another process may be solving it)
    kept.unlink()
    with cache_lock(kept):
        reader = threading.Thread(target=lambda: got.append(read_or_solve(table.rules)))
        reader.start()
        reader.join(timeout=0.5)
        assert reader.is_alive(), "a missing table was solved beside the lock's holder"
    reader.join(timeout=30)
    assert len(got) == 2 and got[1].positions == table.positions


def test_two_processes_saving_the_same_table_at_once_leave_a_whole_file(small, tmp_path):
    """Each writer writes a file of its own and renames it over the table, so two test workers
    or kernels that solve the same rules at once never mix their bytes."""
    import threading

    game, table = small
    path = tmp_path / "duel.npz"
    writers = [threading.Thread(target=table.save, args=(path,)) for _ in range(4)]
    for w in writers:
        w.start()
    for w in writers:
        w.join()
    assert DuelTable.load(path, table.rules).positions == table.positions
    assert [p.name for p in tmp_path.iterdir() if p.name != "cache"] == ["duel.npz"]


def test_the_solution_covers_two_players_of_the_basic_and_younger_games_only():
    assert duel_rules(kaskaria.load("dragon-battle", players=2)) == DuelRules(
        (1, 2, 3, 4), (5, 5, 5, 5), 1, 8, False, True
    )
    younger = duel_rules(kaskaria.load("dragon-battle", players=2, variant="younger"))
    assert younger == DuelRules((1,), (20,), 0, 0, False, False)
    assert duel_rules(kaskaria.load("dragon-battle", players=3)) is None
    assert duel_rules(kaskaria.load("dragon-battle", players=2, variant="memory")) is None
    assert (
        duel_rules(kaskaria.load("dragon-battle", players=2, jugglers_run_out="unlimited")) is None
    )


def test_the_stored_values_agree_with_a_turn_played_on_them():
    """Two ways to the same numbers: the solver's value of a turn's start, and the turn worked out
    again at play time from the values of where it can end (refills drawn from the pile, jugglers,
    a failed turn handed to the opponent). Checked on every start of a mid-sized game."""
    rules = DuelRules((1, 2, 3, 4), (2, 2, 2, 2), 1, 2)
    table = solve(rules)
    rng = np.random.default_rng(5)
    checked = 0
    for g in table.groups.values():
        for u in g.us:
            pile = tuple(x - a for x, a in zip(g.left, u, strict=True))
            for jl in range(rules.jugglers + 1):
                d_all, dr_all = g.d[jl], g.dr[jl]
                if not len(d_all):
                    continue
                for k in rng.choice(len(d_all), size=1):
                    d, dr = int(d_all[k]), int(dr_all[k])
                    under = tuple(s for s, n in zip(rules.stars, u, strict=True) for _ in range(n))
                    again = table.turn(under, pile, jl, d, dr)[table.graph.start]
                    assert again == pytest.approx(table.value(u, pile, jl, d, dr), abs=1e-6)
                    checked += 1
    assert checked > 200


# ---------------------------------------------------------------------------------------------
# Where playing to win differs from playing for stars
# ---------------------------------------------------------------------------------------------
SIX = {"residents": {"ann": 1, "bob": 1, "cid": 2, "dan": 2, "eve": 3, "fay": 4}, "jugglers": 2}


@pytest.fixture(scope="module")
def six():
    game = kaskaria.load("dragon-battle", players=2, **SIX)
    use_table(solve(duel_rules(game)))
    return game


def test_far_behind_at_the_end_it_rolls_on_where_optimal_stops(six):
    # the pile is empty: stopping now ends the game 4 stars to 5, a loss; rolling on (one die:
    # purple or silver scares the purple dragon's 4 stars) wins one time in three
    state = six.setup(
        residents=["ann", "bob", "cid", "fay"],
        rescued=[[], ["dan", "eve"]],
        scared={"yellow": 1, "red": 1, "blue": 1},
        hand=1,
    )
    (diff,) = differences(six, [state])
    assert (str(diff.win), str(diff.optimal)) == ("roll", "stop")
    assert diff.chances[1] == 0.0  # stopping: 4 stars against 5, and the game is over
    assert diff.chances[0] > Fraction(1, 3)  # purple or silver, and more after a juggler
    assert diff.stars == (Fraction(10, 3), 4)  # optimal keeps the 4 stars it is sure of
    assert "to win roll" in str(diff)
    # far ahead it stops where optimal rolls on
    ahead = six.setup(
        residents=["ann", "bob", "cid", "fay"],
        rescued=[["dan", "eve"], []],
        scared={"yellow": 1, "red": 1},
        hand=2,
    )
    (diff,) = differences(six, [ahead])
    assert (str(diff.win), str(diff.optimal)) == ("stop", "roll")
    assert diff.chances[0] == 1.0 > diff.chances[1]
    # where the game does not care, it plays like optimal
    start = six.setup(residents=["ann", "bob", "cid", "fay"], scared={"yellow": 1}, hand=3)
    assert list(differences(six, [start])) == []


def test_the_win_bot_with_more_players_reads_the_duel_with_the_strongest_opponent(six, monkeypatch):
    """The earlier reading of three or four players (``MULTI = "product"``; the bot now weighs
    its choices by playouts: tests/test_dragon_battle_rollout.py)."""
    from kaskaria.dragon_battle import winbot

    monkeypatch.setattr(winbot, "MULTI", "product")
    game = kaskaria.load("dragon-battle", players=3, **SIX)
    state = game.setup(
        residents=["ann", "bob", "cid", "fay"],
        rescued=[[], ["dan"], ["eve"]],
        scared={"yellow": 1, "red": 1, "blue": 1},
        hand=1,
    )
    advice = win_advice(state)
    assert advice.method == "duel" and advice.rival == 2  # 3 stars against 2
    assert WinBot().choose(state, np.random.default_rng(0)) == advice.best


def _turn_by_brute_force(m, value, twins):
    """The chance that the player to move in the memory game's ``m`` wins after each of its
    choices, forgetting the face-down residents: the turn played out over the engine's own
    states (exact dice chances, the best choice at each moment), and where the turn ends, the
    mean over ``twins`` (``m`` in the basic rules, once for every way the face-down residents
    can lie, each as likely) of the brute force's ``value`` after the same moves."""
    mover, turn = m.player, m.turns

    def worth(s, twins_now):
        if s.is_terminal() or s.turns != turn:
            v = sum(value[_key(t)] for t in twins_now) / len(twins_now)
            return v if mover == 0 else 1 - v
        moves = s.chance_outcomes() if s.current_player() == CHANCE else s.legal_actions()
        if s.current_player() == CHANCE:
            return sum(
                float(p) * worth(s.apply(a), [t.apply(a) for t in twins_now]) for a, p in moves
            )
        return max(worth(s.apply(a), [t.apply(a) for t in twins_now]) for a in moves)

    return {str(a): worth(m.apply(a), [t.apply(a) for t in twins]) for a in m.legal_actions()}


@pytest.mark.parametrize(
    "rules, where",
    [
        # positions where knowing the residents would be worth a lot (a player who knew them
        # would win 0.13 to 0.32 more often after rolling on): there the turn's best play
        # without knowing them differs most from the mean of the best plays knowing them
        ("small", {"rescued": [[], ["cid"]], "scared": {"yellow": 1}, "hand": 3}),
        ("small", {"rescued": [[], ["eve"]], "scared": {"yellow": 2}, "hand": 2}),
        (
            "six",
            {
                "rescued": [[], ["cid", "eve"]],
                "scared": {"yellow": 1},
                "hand": 3,
                "jugglers": [1, 0],
            },
        ),
        # one resident in the pile as well: it may be any of the five not in sight (half a
        # minute: the soak; the mean over the pile is checked quickly below)
        pytest.param(
            "six",
            {"rescued": [[], ["eve"]], "scared": {"yellow": 2}, "hand": 2, "jugglers": [0, 0]},
            marks=pytest.mark.soak,
        ),
    ],
)
def test_in_the_memory_rules_the_bot_weighs_the_face_down_residents_as_the_brute_force(
    request, rules, where
):
    """The memory rules with two players: the residents lie face down and the bot, as its
    seat's screen, does not know which lies where. Every choice's chance of winning is the brute
    force's: the rest of the turn played best over the engine's states, its ends averaged over
    every way the residents it cannot see can lie."""
    from itertools import permutations

    options = SMALL if rules == "small" else SIX
    game = request.getfixturevalue(rules)
    game = game[0] if rules == "small" else game
    memory = kaskaria.load("dragon-battle", players=2, variant="memory", **options)
    m = memory.setup(**where)
    assert not any(m.face_up)
    names = list(m.under)
    unseen = names + list(m.pile)
    twins = [game.setup(**{**where, "residents": list(p)}) for p in permutations(unseen, 4)]
    _states, value = brute_force(*twins)
    exact = _turn_by_brute_force(m, value, twins)
    advice = win_advice(m)
    assert advice.method == "exact"
    assert {str(c.action): c.win for c in advice.choices} == pytest.approx(exact, abs=1e-6)
    assert exact[str(advice.best)] == pytest.approx(max(exact.values()), abs=1e-6)
    # what it sees is the same whichever way the face-down residents lie: so is its advice
    for twin in (memory.setup(**{**where, "residents": names[::-1]}),):
        assert win_advice(twin).choices == advice.choices


_ASK_JS = """
import sys, time
import kaskaria
from kaskaria.dragon_battle import duel, winbot
solve = duel.solve
def counted(rules, **kw):
    with open(sys.argv[1], "a") as log:
        log.write("solved\\n")
    time.sleep(1)  # long enough for the other process to ask meanwhile
    return solve(rules, **kw)
duel.solve = counted
game = kaskaria.load("dragon-battle", players=2, **eval(sys.argv[2]))
table = winbot.duel_table(duel.duel_rules(game))
print(table.positions)
"""


def test_processes_asking_for_the_same_table_at_once_solve_it_once(tmp_path):
    """On a new machine a test run's workers, a server's hint processes and a notebook's kernel
    may all ask for the solved game at once: one solves it and saves it, the others wait for its
    file and read it (each solving it again cost a minute of a core on the real rules)."""
    import os
    import subprocess
    import sys

    log = tmp_path / "solves.log"
    env = {**os.environ, "KASKARIA_CACHE": str(tmp_path / "cache")}
    asks = [
        subprocess.Popen(
            [sys.executable, "-c", _ASK_JS, str(log), repr(SMALL)],
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(3)
    ]
    positions = {ask.communicate(timeout=120)[0].strip() for ask in asks}
    assert all(ask.returncode == 0 for ask in asks)
    assert log.read_text().split() == ["solved"]  # once, not three times
    assert len(positions) == 1 and positions.pop().isdigit()


def test_the_mean_over_face_down_residents_counts_the_pile_among_them(six):
    """With a resident in the pile too, the ends of the turn are the mean over every way the
    five residents not in sight can lie, name by name (four face down, one in the pile)."""
    from itertools import permutations

    from kaskaria.dragon_battle.winbot import _expected_ends, _residents, duel_table

    memory = kaskaria.load("dragon-battle", players=2, variant="memory", **SIX)
    m = memory.setup(rescued=[[], ["eve"]], scared={"yellow": 2}, hand=2)
    table = duel_table(duel_rules(six))
    under, pile = _residents(memory, m.observation(0), table.rules)
    assert under == (None,) * 4 and sum(pile) == 5
    unseen = [*m.under, *m.pile]
    each = []
    for names in permutations(unseen, 4):
        lies = tuple(six.stars[n] for n in names)
        rest = [six.stars[n] for n in unseen if n not in names]
        each.append(table.ends(lies, tuple(rest.count(v) for v in table.rules.stars), 2, -3, -1))
    assert _expected_ends(table, under, pile, 2, -3, -1) == pytest.approx(np.mean(each, axis=0))
