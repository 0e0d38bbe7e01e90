"""A bot at several seats of a rated game is one player: its pairs against itself are skipped."""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from isla.ratings import FinishedGame, PlayerState, Standing, changes, rate_game

WHEN = datetime(2026, 3, 1, tzinfo=UTC)


def test_a_bot_seated_twice_plays_only_the_others() -> None:
    # Ann 1st, the bot 2nd and 3rd: Ann beat both of its seats; the bot's seats against each other
    # say nothing. Equal ratings and K: Ann gains what the bot loses.
    game = FinishedGame("puertorico", ("account:ann", "bot:mcts-round:600@pr-1", "bot:mcts-round:600@pr-1"),
                        (Standing(1, True), Standing(2, False), Standing(3, False)), WHEN)
    outcome = rate_game(game, [PlayerState()] * 3)
    ann, bot, again = outcome.seats
    assert ann.change == 20.0  # K 40 over its two pairs, each won against an equal: 40/2 * (1/2 + 1/2)
    assert bot.change == -20.0 and again.after == bot.after  # each seat lost its one pair: K 40 * -1/2
    assert bot.after.games == 1 and bot.after.wins == 0
    assert [seat.player for seat in outcome.players()] == ["account:ann", "bot:mcts-round:600@pr-1"]


def test_a_bot_against_itself_only_changes_nothing() -> None:
    assert changes([1500.0, 1700.0], [0, 0], [1, 2], players=["bot:a", "bot:a"]) == [0.0, 0.0]


@settings(deadline=None)
@given(st.lists(st.floats(1000, 2000), min_size=2, max_size=5), st.data())
def test_without_repeated_players_naming_them_changes_nothing(
    ratings: list[float], data: st.DataObject
) -> None:
    n = len(ratings)
    places = data.draw(st.lists(st.integers(1, n), min_size=n, max_size=n))
    ranked = [1 + sum(1 for other in places if other < p) for p in places]
    games = data.draw(st.lists(st.integers(0, 40), min_size=n, max_size=n))
    named = [f"p{i}" for i in range(n)]
    assert changes(ratings, games, ranked) == changes(ratings, games, ranked, players=named)
