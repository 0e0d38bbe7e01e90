"""The uniform random bot: the floor every other bot must beat, and the CLI's default opponent."""

from __future__ import annotations

from isla.bots.base import Bot, SeatAccess
from isla.core.protocol import Action


class RandomBot(Bot):
    kind = "random"

    def choose(self, access: SeatAccess) -> Action:
        return self.rng.choice(access.legal_actions())
