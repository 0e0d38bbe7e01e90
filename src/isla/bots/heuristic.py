"""The rule-based bots: the game's heuristic player and its simple scripted baseline."""

from __future__ import annotations

from isla.bots.base import Bot, SeatAccess
from isla.bots.knowledge import Knowledge, Policy, knowledge
from isla.core.errors import BadGame
from isla.core.protocol import Action


def _same_action(access: SeatAccess, chosen: Action) -> Action:
    """The real state's action with the text chosen on a determinized copy."""
    for action in access.legal_actions():
        if action.text == chosen.text:
            return action
    return chosen  # bot_move reports it as illegal


def _known(access: SeatAccess) -> Knowledge:
    known = knowledge(access.game)
    if known is None:  # the registry does not offer this bot for such a game (isla.bots.registry)
        raise BadGame(f"{access.game.name} declares no heuristic")
    return known


class HeuristicBot(Bot):
    kind = "heuristic"
    needs = "heuristic"

    def choose(self, access: SeatAccess) -> Action:
        world = access.determinize(self.rng)
        return _same_action(access, _known(access).choose(world, self.rng))


class BaselineBot(Bot):
    """The game's scripted baseline (for Puerto Rico: a shipping rush)."""

    kind = "rush"
    needs = "baseline"

    def choose(self, access: SeatAccess) -> Action:
        world = access.determinize(self.rng)
        baseline: Policy | None = _known(access).baseline_choose
        if baseline is None:
            raise BadGame(f"the heuristic of {access.game.name} has no baseline_choose()")
        return _same_action(access, baseline(world, self.rng))
