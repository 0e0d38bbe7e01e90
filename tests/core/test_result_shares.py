"""How a result shares out the win, which bots and the arena count."""

from __future__ import annotations

from isla.core.protocol import Result


def test_tied_first_places_share_the_win_and_a_game_everyone_lost_gives_none() -> None:
    shared = Result(True, [30, 30, 20], [0, 0, 0], [1, 1, 3])
    assert shared.win_shares() == [0.5, 0.5, 0.0]
    assert Result(True, [9, 12], [0, 0], [2, 1]).win_shares() == [0.0, 1.0]
    lost = Result(True, [0, 0, 0], [0, 0, 0], [1, 1, 1], nobody_wins=True)
    assert lost.win_shares() == [0.0, 0.0, 0.0]
