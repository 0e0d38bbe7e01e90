"""The rule-based bots: the game's heuristic player and its simple scripted baseline."""

from __future__ import annotations

from isla.bots.base import Bot, SeatAccess
from isla.bots.knowledge import knowledge
from isla.core.protocol import Action


def _same_action(access: SeatAccess, chosen: Action) -> Action:
    """The real state's action with the text chosen on a determinized copy."""
    for action in access.legal_actions():
        if action.text == chosen.text:
            return action
    return chosen  # bot_move reports it as illegal


class HeuristicBot(Bot):
    kind = "heuristic"

    def choose(self, access: SeatAccess) -> Action:
        world = access.determinize(self.rng)
        return _same_action(access, knowledge(access.game.name).choose(world, self.rng))


class BaselineBot(Bot):
    """The scripted baseline (for Puerto Rico: a shipping rush)."""

    kind = "rush"

    def choose(self, access: SeatAccess) -> Action:
        world = access.determinize(self.rng)
        return _same_action(access, knowledge(access.game.name).baseline_choose(world, self.rng))
