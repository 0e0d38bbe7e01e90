"""What a game declares for its replays, and the generic defaults for a game that declares nothing.

A replay (isla.core.replays) needs three facts that the protocol gives in no generic shape: where a
position stands in the game (its round and phase, so a viewer can jump to one), each seat's running
score as a given viewer may see it (beside each step, and the chart over the rounds), and the whole
position with nothing hidden (shown once the game has ended). A game declares them in a module of
its own folder, named by `GameInfo.replay`; a function that module leaves out, or a game that names
no module, takes the default here, so generic code never names a game.

The defaults are safe rather than rich: a score is shown before the end only when the game has
perfect information, since a provisional score of a game with secrets may be made of them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, cast

from isla.core.errors import BadGame
from isla.core.protocol import JSON, Game, State

FUNCTIONS = ("moment", "scores", "revealed")


@dataclass(frozen=True)
class Moment:
    """Where a position stands: its round and phase (None: the game does not say) and both in words.

    `phase` is the name a viewer jumps by, so a game names the phase of the rules ("settler"), not
    each sub-decision of it (the hospice's choice belongs to the settler phase).
    """

    round: int | None = None
    phase: str | None = None
    label: str = ""

    def to_json(self) -> JSON:
        return {"round": self.round, "phase": self.phase, "label": self.label}


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def default_moment(view: Mapping[str, Any]) -> Moment:
    """The view's `round` (a whole number) and `phase` (a name, or an object with a `name`), if any."""
    round_ = view.get("round")
    number = round_ if _whole(round_) else None
    phase = view.get("phase")
    if isinstance(phase, Mapping):
        phase = phase.get("name")
    name = phase if isinstance(phase, str) and phase else None
    parts = [f"round {number}" if number is not None else "", name or ""]
    label = ", ".join(part for part in parts if part)
    return Moment(number, name, label[:1].upper() + label[1:])


def default_revealed(state: State) -> JSON:
    """The whole state (`to_json`): after the end nothing in it is a secret any more."""
    return state.to_json()


ScoresOf = Callable[[State, JSON], Sequence[int | None]]


@dataclass(frozen=True)
class ReplayHooks:
    """A game's replay declarations, each its own or the default (see the module docstring)."""

    game: Game
    moment_of: Callable[[JSON], Moment]
    declared_scores: ScoresOf | None
    revealed_of: Callable[[State], JSON]

    def moment(self, state: State) -> Moment:
        """Where `state` stands, read from the spectator's view (a round and a phase are public)."""
        return self.moment_of(state.view(None))

    def scores(self, state: State, view: JSON, *, revealed: bool) -> list[int | None]:
        """Each seat's running score as the viewer of `view` may see it (None: hidden from them)."""
        if self.declared_scores is not None:
            found = list(self.declared_scores(state, view))
            if len(found) != state.players or not all(s is None or _whole(s) for s in found):
                raise BadGame(f"the replay scores() of {self.game.name} must give one whole number "
                              f"or None per seat, not {found!r}")
            return found
        if revealed or not self.game.info.hidden_information:
            return list(state.result().scores)
        return [None] * state.players

    def revealed(self, state: State) -> JSON:
        """The whole of `state`, for a viewer once the game has ended."""
        return self.revealed_of(state)


def _module(game: Game) -> ModuleType | None:
    name = game.info.replay
    return None if name is None else importlib.import_module(name)


def hooks(game: Game) -> ReplayHooks:
    """The replay declarations of `game`: its module's functions where it has them, else the defaults."""
    module = _module(game)
    found: dict[str, Any] = {}
    for function in FUNCTIONS:
        value = None if module is None else getattr(module, function, None)
        if value is not None and not callable(value):
            raise BadGame(f"the replay module {game.info.replay} of {game.name}: {function} is not callable")
        found[function] = value
    return ReplayHooks(
        game=game,
        moment_of=cast(Callable[[JSON], Moment], found["moment"] or default_moment),
        declared_scores=cast(ScoresOf | None, found["scores"]),
        revealed_of=cast(Callable[[State], JSON], found["revealed"] or default_revealed),
    )


__all__ = ["FUNCTIONS", "Moment", "ReplayHooks", "default_moment", "default_revealed", "hooks"]
