"""The biggest Heroes of Kaskaria hands of played games: the positions the apps' first-screen test
loads (tests/test_browser_apps.py) are real decisions of the child's seat, the biggest there are
in the games played, and bigger than the hands set up by hand."""

from __future__ import annotations

from heroes_support import BIG_HANDS, big_hands_from_play, decisions_of_seat_0, load

import kaskaria


def _size(state) -> tuple[int, int]:
    return len(state.hands[0]), len(state.legal_actions())


def test_the_biggest_hands_of_played_games_are_real_decisions_of_the_childs_seat():
    picks = big_hands_from_play()
    assert list(picks) == ["most cards", "most moves", "draw two, most cards"]
    for name, match in picks.items():
        state = match.state
        assert state.current_player() == 0, name
        # every chance result came from the match's seed: a game as it was dealt and played
        assert match.fair, name
        assert match.start_text is None, name
        # its code loads the very same position (what the app is given)
        loaded = kaskaria.Match.from_code(match.to_code())
        assert loaded.state.to_dict() == state.to_dict(), name
    assert picks["draw two, most cards"].state.phase == "choose"


def test_the_picks_are_the_biggest_hands_and_the_most_moves_of_the_games():
    sizes = [_size(match.at(ply)) for match, ply in decisions_of_seat_0()]
    picks = {name: _size(match.state) for name, match in big_hands_from_play().items()}
    assert picks["most cards"] == max(sizes)
    assert picks["most moves"] == max(sizes, key=lambda s: s[::-1])
    # the games reach a full hand, and more moves than any of the hands set up by hand
    assert picks["most cards"][0] == load(3).hand_limit
    set_up = [kaskaria.setup("heroes", players=3, seed=5, **what) for what in BIG_HANDS.values()]
    assert picks["most moves"][1] > max(_size(match.state)[1] for match in set_up)
