"""A tiny seeded generator whose whole state is one integer.

Game states own their randomness (ARCHITECTURE.md: nothing calls the global `random`). A single
64-bit integer makes the RNG state trivially cheap to clone and exact to save in JSON, which a
`random.Random` (625 words of Mersenne Twister state) is not. The algorithm is SplitMix64.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")


def next_state(state: int) -> tuple[int, int]:
    """Advance a SplitMix64 state; return (new_state, 64-bit output)."""
    state = (state + _GAMMA) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new_state, r) with r uniform in range(n), n >= 1 (rejection sampling, no bias)."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, value = next_state(state)
        if value < limit:
            return state, value % n


def shuffle(state: int, items: MutableSequence[T]) -> int:
    """Fisher-Yates shuffle `items` in place; return the new RNG state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def seed_state(seed: int) -> int:
    """Turn any integer seed into a well-mixed starting state."""
    state, value = next_state(seed & _MASK)
    return value ^ state
