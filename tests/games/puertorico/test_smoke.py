import random

import isla


def test_random_four_player_game_reaches_the_end_with_ranks() -> None:
    state = isla.game("puertorico").new_state(players=4, seed=3)
    rng = random.Random(3)
    steps = 0
    while state.to_move is not None:
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    result = state.result()
    assert result.over
    assert steps > 50
    assert sorted(result.ranks)[0] == 1
