"""The State of a game kept as one flat mutable `core`: everything but the game's own rules.

A fast engine keeps a position in one object of small ints and lists (its "core") that rules
functions move on in place; the `State` around it only forwards. That forwarding is the same for
every such game, so it lives here once: a game gives its `CoreRules` (how to step, settle, save,
show and score a core, and the phase of a finished game) and writes only what is its own
(`game`, `determinize`). A game is free not to use this: `State` is the protocol.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from isla.core.protocol import JSON, Action, Result, State


class Core(Protocol):
    """What the forwarding reads of a core: seat count, phase, seat to move, the cached legal
    actions and the forced steps of the last settle, and a copy."""

    n: int
    phase: int
    cur: int
    legal: list[Action]
    auto: list[tuple[int, Action]]

    def copy(self) -> Any: ...


C = TypeVar("C", bound=Core)


@dataclass(frozen=True)
class CoreRules(Generic[C]):
    """A game's rules functions over its core.

    `step(core, action_id)` applies a legal action; `settle(core)` then applies the forced steps and
    caches the next legal actions (so `core.legal` is the decision to make); `over` is the phase of
    a finished game.
    """

    over: int
    step: Callable[[C, int], None]
    settle: Callable[[C], None]
    view: Callable[[C, int | None], JSON]
    to_json: Callable[[C], JSON]
    result: Callable[[C], Result]


class CoreState(State, Generic[C]):
    """A State that forwards to its game's `core_rules` (a CoreRules) over its `core`."""

    __slots__ = ("core",)
    core_rules: ClassVar[CoreRules[Any]]

    def __init__(self, core: C) -> None:
        self.core = core

    @property
    def players(self) -> int:
        return self.core.n

    @property
    def to_move(self) -> int | None:
        core = self.core
        return None if core.phase == self.core_rules.over else core.cur

    def legal_actions(self) -> list[Action]:
        return list(self.core.legal)

    def apply_unchecked(self, action: Action) -> None:
        rules = self.core_rules
        core = self.core
        rules.step(core, action.id)
        rules.settle(core)

    def forced_steps(self) -> list[tuple[int, Action]]:
        return list(self.core.auto)

    def clone(self) -> Self:
        return type(self)(self.core.copy())

    def view(self, seat: int | None) -> JSON:
        return self.core_rules.view(self.core, seat)

    def result(self) -> Result:
        return self.core_rules.result(self.core)

    def to_json(self) -> JSON:
        return self.core_rules.to_json(self.core)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        core = self.core
        rounds = getattr(core, "round", None)
        shown = "" if rounds is None else f" round={rounds}"
        return f"<{type(self).__name__} players={core.n}{shown} to_move={self.to_move}>"


__all__ = ["Core", "CoreRules", "CoreState"]
