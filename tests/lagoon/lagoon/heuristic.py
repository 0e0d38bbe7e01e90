"""Lagoon's heuristic: ride the current when it carries furthest, else sail when behind."""

from __future__ import annotations

import random

from isla.core import Action, State
from lagoon.game import CURRENT, PADDLE, SAIL, LagoonState


def choose(state: State, rng: random.Random) -> Action:  # noqa: ARG001 - it needs no luck
    assert isinstance(state, LagoonState)
    seat = state.seat
    if not state.shown[seat] and state.cards[seat] >= 2:
        return CURRENT
    leader = max(p for s, p in enumerate(state.positions) if s != seat)
    return SAIL if state.positions[seat] <= leader else PADDLE


def evaluate(state: State) -> list[float]:
    """Each seat's share of the distance covered: the further ahead, the likelier the win."""
    assert isinstance(state, LagoonState)
    total = sum(state.positions) or 1
    return [p / total for p in state.positions]


def baseline_choose(state: State, rng: random.Random) -> Action:  # noqa: ARG001
    """The scripted baseline: always sail."""
    return SAIL
