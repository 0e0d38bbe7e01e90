"""Isla: exact rules engines for board games (Puerto Rico, Vanuatu), bots, and a table to play them.

    import isla
    state = isla.game("puertorico").new_state(players=4, seed=7)
    state.apply(state.legal_actions()[0])
"""

from isla.core import (
    Action,
    BadOption,
    BadState,
    Game,
    IllegalAction,
    IslaError,
    Record,
    Result,
    State,
    UnknownGame,
    game,
    game_names,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "BadOption",
    "BadState",
    "Game",
    "IllegalAction",
    "IslaError",
    "Record",
    "Result",
    "State",
    "UnknownGame",
    "__version__",
    "game",
    "game_names",
    "replay",
]
