"""Lagoon's text board, drawn from a seat's view only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from isla.core.textboard import board_text

WORDS = {"paddle": "paddles one ahead", "sail": "sails 1-3 ahead", "current": "rides the current"}


def render(view: Mapping[str, Any]) -> str:
    course = view["course"]
    lanes = []
    for seat, (position, card) in enumerate(zip(view["positions"], view["cards"], strict=True)):
        water = "~" * position + "C" + "." * (course - position)
        lanes.append(f"seat {seat}  {water}|  current: {'?' if card is None else card}")
    mover = view["to_move"]
    decision = "The race is over." if mover is None else f"Seat {mover} to move, round {view['round']}."
    return board_text(view, "Lagoon", decision, [lanes])


def describe_action(text: str) -> str:
    return WORDS.get(text, text)
