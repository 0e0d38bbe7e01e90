"""Puerto Rico: the rules engine (see rules/puerto-rico.md and docs/notation.md)."""

from isla.games.puertorico.arrangement import actions_for_arrangement, actions_for_storage
from isla.games.puertorico.game import GAME, PuertoRicoGame, PuertoRicoState

__all__ = ["GAME", "PuertoRicoGame", "PuertoRicoState", "actions_for_arrangement", "actions_for_storage"]
