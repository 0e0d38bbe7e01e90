"""Puerto Rico: the rules engine (see rules/puerto-rico.md and docs/notation.md)."""

from isla.games.puertorico.arrangement import actions_for_arrangement, actions_for_storage
from isla.games.puertorico.game import GAME, PuertoRicoGame, PuertoRicoState
from isla.games.puertorico.proposal import best_arrangement

__all__ = [
    "GAME", "PuertoRicoGame", "PuertoRicoState", "actions_for_arrangement", "actions_for_storage",
    "best_arrangement",
]
