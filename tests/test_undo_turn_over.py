"""After the child's own turn-ending move, Take back says the turn is over, not that someone else
is playing and "you can only take back your own moves" (the last move was the child's own):
Dragon Battle after Stop, every Heroes turn, Dragon's Gold after choosing a victim. A person's
seat plays its first legal move each time, the bots theirs, for a bounded number of steps."""

from __future__ import annotations

import random

import pytest

from kaskaria.widgets import DragonBattleTable, DragonsGoldTable, HeroesTable

OVER = {
    "en": "Your turn is over: you cannot take it back.",
    "de": "Dein Zug ist vorbei: Du kannst ihn nicht zurücknehmen.",
}
#: steps played at most per game (the checks need only a few of the child's turns)
STEPS = 400
#: turn ends of the child's seen at least per game
TURN_ENDS = 2


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("make", [DragonBattleTable, HeroesTable, DragonsGoldTable])
def test_after_the_childs_turn_ending_move_take_back_says_the_turn_is_over(make, lang):
    table = make(players=3, seats=("human", "easy", "medium"), seed=4, lang=lang, autoplay=None)
    rng = random.Random(f"{make.__name__} {lang}")
    seen = 0
    for _ in range(STEPS):
        if table.view["turn"]["to_move"] == "over" or seen >= TURN_ENDS:
            break
        match = table.match
        last = match.last_decision()
        now = table.state.current_player()
        undo = table.view["moves"]["undo"]
        chance_since = last is not None and last != len(match.actions) - 1
        if chance_since and match.states[last].current_player() == 0 and now in (1, 2):
            # the child's move ended the turn, chance followed and a bot (seat 1 or 2) is to play: the move
            # stays, and the screen says so
            assert not undo["enabled"]
            assert undo["reason"] == OVER[lang]
            seen += 1
        assert "only take back your own" not in undo["reason"]
        assert "eigenen Züge zurücknehmen" not in undo["reason"]
        if table.view["turn"]["to_move"] == "human":
            actions = [a["action"] for a in table.view["moves"]["actions"]]
            table.apply(rng.choice(actions))
        else:
            table.next()
    assert seen >= TURN_ENDS, f"the child's turn ended {seen} times only"
