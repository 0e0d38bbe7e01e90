"""Replays for the table routes: whose eyes a caller may look through, and recent replays kept.

The model (isla.core.replays) makes the payloads and redacts them; this module only decides which
viewer a request gets and keeps the last few replays built, so stepping through a game (one request
per step) does not replay its whole record each time. A replay is keyed by the table, how many
actions it holds and whether the game has ended, so a live table's next move makes a new one and a
stale one is never shown.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Final

from isla.core import JSON
from isla.core.replays import REVEALED, Replay, Viewer

SPECTATOR: Final = "spectator"
# Replays kept in memory. One holds a copy of every position of its game (a few hundred small
# states): a handful is enough for the people stepping through games at the same time.
KEPT = 16

Key = tuple[str, int, bool]  # table id, actions in the record, ended


class ViewerRefused(Exception):
    """The viewer asked for is not one this caller may have; `code` is the table error's code."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(message)


def viewer_for(wanted: str | None, *, ended: bool, seat: int | None, players: int) -> Viewer:
    """The viewer a caller gets: `wanted` is the request's `as` (a seat number, "spectator",
    "revealed" or None), `seat` the caller's own seat at the table (None: a spectator).

    After the end anyone may see everything (the default) or the game as any seat saw it. During
    the game a player sees it as their own seat saw it (the default) or as a spectator, and a
    spectator sees public information only: nothing hidden from them may leave the server.
    """
    if wanted is None:
        return REVEALED if ended else seat
    if wanted == SPECTATOR:
        return None
    if wanted == REVEALED:
        if ended:
            return REVEALED
        raise ViewerRefused("forbidden", "everything is revealed only once the game has ended")
    number = int(wanted) if wanted.isascii() and wanted.isdigit() else None
    if number is None or not 0 <= number < players:
        raise ViewerRefused("invalid", f"'as' is a seat 0 to {players - 1}, {SPECTATOR!r} or "
                            f"{REVEALED!r}, not {wanted[:20]!r}")
    if not ended and number != seat:
        raise ViewerRefused("forbidden", f"seat {number}'s view of a game being played is only for its "
                            "player; watch it as a spectator, or replay it once it has ended")
    return number


def steps_json(replay: Replay, viewer: Viewer) -> list[JSON]:
    """Every step with the running scores as `viewer` may see them (the model's payload's)."""
    return [{**step.to_json(), "scores": replay.payload(step.index, viewer)["scores"]}
            for step in replay.steps]


class Kept:
    """One replay kept, and its steps as each viewer asked for them so far (a view per step to make)."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self._steps: dict[Viewer, list[JSON]] = {}

    def steps(self, viewer: Viewer) -> list[JSON]:
        steps = self._steps.get(viewer)
        if steps is None:
            steps = self._steps[viewer] = steps_json(self.replay, viewer)
        return steps


class ReplayCache:
    """The last KEPT replays built, newest last."""

    def __init__(self, size: int = KEPT) -> None:
        self.size = size
        self._kept: OrderedDict[Key, Kept] = OrderedDict()

    def find(self, key: Key) -> Kept | None:
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
        return kept

    def keep(self, key: Key, replay: Replay) -> Kept:
        kept = self._kept[key] = Kept(replay)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)
        return kept


__all__ = ["SPECTATOR", "Kept", "ReplayCache", "ViewerRefused", "steps_json", "viewer_for"]
