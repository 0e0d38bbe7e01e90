"""Vanuatu (second edition): the rules engine (see rules/vanuatu.md and docs/vanuatu.md)."""

from isla.games.vanuatu.game import GAME, VanuatuGame, VanuatuState

__all__ = ["GAME", "VanuatuGame", "VanuatuState"]
