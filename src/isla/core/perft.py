"""Move counting ("perft", after the chess programmers' performance test) for any game.

`perft(state, depth)` is the number of distinct sequences of `depth` decisions that can be played
from `state`. Compared with figures worked out by hand from the rules, it checks the whole of
move generation at once: one missing or extra legal action anywhere in the tree changes the
count. `divide` splits the count by first action, which is how a wrong count is tracked down.

The counting follows the chess convention: a sequence that ends the game before `depth`
decisions counts for nothing at that depth. Forced steps (the engine applies a decision that has
one legal action by itself) are not decisions, so they never count; chance is the state's own
seeded RNG, so a position and a depth always give the same figure. Only the protocol is used
(`legal_actions`, `clone`, `apply_unchecked`), so it works for every registered game.
"""

from __future__ import annotations

from isla.core.protocol import State


def perft(state: State, depth: int) -> int:
    """The number of distinct sequences of exactly `depth` decisions from `state` (left unchanged)."""
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"the depth must be a whole number >= 0, not {depth!r}")
    return _count(state, depth)


def _count(state: State, depth: int) -> int:
    if depth == 0:
        return 1
    legal = state.legal_actions()
    if depth == 1:
        return len(legal)
    total = 0
    for action in legal:
        child = state.clone()
        child.apply_unchecked(action)
        total += _count(child, depth - 1)
    return total


def divide(state: State, depth: int) -> dict[str, int]:
    """`perft` split by first action: action text -> sequences of `depth` decisions starting with it."""
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise ValueError(f"the depth must be a whole number >= 1, not {depth!r}")
    counts: dict[str, int] = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply_unchecked(action)
        counts[action.text] = _count(child, depth - 1)
    return counts


__all__ = ["divide", "perft"]
