"""A recorded game stepped move by move, as one viewer may see it: the model behind a replay viewer.

A replay is built from a game record (isla.core.record) alone, so it shows exactly what was played.
Step 0 is the position before the first action; step k is the k-th action of the record, with the
forced steps the engine then took by itself, and shows the position after them. Each step knows
who acted, what, where in the game (round and phase, through the game's declarations:
isla.core.replay_hooks), and which entry of the log in words tells it.

Whose eyes: the payload of a step is built for one viewer. A seat gets its own view at that moment
(exactly what the live table showed it), a spectator the public view, and, once the game has ended,
REVEALED gets the whole position. Redaction happens here, before anything leaves the server: the
payload is made from that viewer's view, and a score is shown only as the game lets that viewer
see it. Why not `replay.py`: `isla.core.replay` is already the record's replay function.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from isla.core.errors import IllegalAction, IslaError
from isla.core.protocol import JSON, Action, State
from isla.core.record import Record
from isla.core.registry import game as find_game
from isla.core.replay_hooks import Moment, ReplayHooks, hooks

REVEALED: Final = "revealed"
Viewer = int | Literal["revealed"] | None  # a seat, everything (after the end), None: a spectator


class ReplayError(IslaError):
    """A replay asked for something it does not have: a step out of range, a viewer it refuses."""


@dataclass(frozen=True)
class Step:
    """One step: `index` 0 is the start; otherwise one action of the record and its forced steps.

    `round`, `phase` and `label` say where the action was decided (for step 0: where the game
    starts); `entry` is the log entry that tells it (None for step 0).
    """

    index: int
    seat: int | None
    action: str | None
    forced: tuple[tuple[int, str], ...]
    moment: Moment
    entry: int | None

    def to_json(self) -> JSON:
        return {
            "index": self.index,
            "seat": self.seat,
            "action": self.action,
            "forced": [{"seat": seat, "action": text} for seat, text in self.forced],
            **self.moment.to_json(),
            "entry": self.entry,
        }


@dataclass(frozen=True)
class LogEntry:
    """One entry of the log in words: steps `first` to `last` (a whole decision), told as `lines`."""

    first: int
    last: int
    seat: int
    lines: tuple[str, ...]

    def to_json(self) -> JSON:
        return {"first": self.first, "last": self.last, "seat": self.seat, "lines": list(self.lines)}


class _Words:
    """Tells the steps as the live table's log does: a decision made in several steps (a game's
    `plan_kind`) is one entry, told by `narrate_plan` once its seat has finished it."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)  # one per seat
        self.entries: list[LogEntry] = []
        # the decision being made: its start, first step, seat, plan kind and actions so far
        self._open: tuple[State, int, int, str, list[Action]] | None = None

    def before(self, state: State, index: int, action: Action) -> int:
        """`action` (step `index`) is about to be applied to `state`; return the entry that tells it."""
        if self._open is not None:
            self._open[4].append(action)
            return len(self.entries)
        seat = state.to_move
        assert seat is not None
        kind = state.game.plan_kind(state)
        if kind is not None:
            self._open = (state.clone(), index, seat, kind, [action])
            return len(self.entries)  # the number it will have once told
        self._tell(index, index, seat, lambda: state.game.narrate(state, action, self.names), [action])
        return len(self.entries) - 1

    def after(self, state: State, index: int) -> None:
        """Step `index` has been applied: tell the open decision if this step finished it."""
        if self._open is None:
            return
        _, _, seat, kind, _ = self._open
        if state.to_move == seat and state.game.plan_kind(state) == kind:
            return
        self.close(index)

    def close(self, index: int) -> None:
        """Tell the open decision now, finished or not (the record stops in the middle of it)."""
        if self._open is None:
            return
        start, first, seat, _, actions = self._open
        self._open = None
        self._tell(first, index, seat, lambda: start.game.narrate_plan(start, actions, self.names), actions)

    def _tell(self, first: int, last: int, seat: int, narrate: Callable[[], Sequence[str]],
              actions: list[Action]) -> None:
        try:
            lines = list(narrate())
        except Exception:  # words are a courtesy: a narration bug must not stop a replay
            lines = [f"{self.names[seat]}: {', '.join(a.text for a in actions)}"]
        self.entries.append(LogEntry(first, last, seat, tuple(lines)))


def _names(record: Record) -> list[str]:
    """The seats' names for the log in words; a record need not name its seats."""
    given = list(record.seats)[:record.players]
    return given + [f"Seat {n + 1}" for n in range(len(given), record.players)]


class Replay:
    """The steps of one record and their payloads per viewer (see the module docstring).

    `ended`: the game is over for the table even if its last position is not (an abandoned table),
    so everything may be revealed. A record of a live game replays up to the present.
    """

    def __init__(self, record: Record, *, ended: bool = False) -> None:
        self.record = record
        self.game = find_game(record.game)
        self.hooks: ReplayHooks = hooks(self.game)
        state = record.start()
        words = _Words(_names(record))
        self._positions: list[State] = [state.clone()]
        start = tuple((s, a.text) for s, a in state.forced_steps())
        steps = [Step(0, None, None, start, self.hooks.moment(state), None)]
        for index, text in enumerate(record.actions, start=1):
            moment, seat = self.hooks.moment(state), state.to_move
            try:
                action = state.parse_action(text)
            except IllegalAction as error:
                raise IllegalAction(text, f"record action {index} does not apply: {error.reason}") from None
            entry = words.before(state, index, action)
            state.apply_unchecked(action)
            words.after(state, index)
            forced = tuple((s, a.text) for s, a in state.forced_steps())
            steps.append(Step(index, seat, action.text, forced, moment, entry))
            self._positions.append(state.clone())
        words.close(len(record.actions))
        self.steps: tuple[Step, ...] = tuple(steps)
        self.log: tuple[LogEntry, ...] = tuple(words.entries)
        self.over = state.is_over
        self.ended = self.over or ended

    @property
    def last(self) -> int:
        """The index of the last step (the number of actions in the record)."""
        return len(self.steps) - 1

    def _index(self, index: int) -> int:
        if isinstance(index, bool) or not isinstance(index, int):
            raise ReplayError(f"a step is a whole number, not {index!r}")
        if not 0 <= index <= self.last:
            raise ReplayError(f"there is no step {index}: this replay has steps 0 to {self.last}")
        return index

    def step(self, index: int) -> Step:
        return self.steps[self._index(index)]

    def state(self, index: int) -> State:
        """A copy of the whole position after step `index` (hidden information included: not for
        sending to anyone; `payload` is)."""
        return self._positions[self._index(index)].clone()

    def check_viewer(self, viewer: Viewer) -> Viewer:
        """`viewer` if this replay may be shown to it, else ReplayError saying why."""
        if viewer is None:
            return None
        if viewer == REVEALED:
            if not self.ended:
                raise ReplayError("everything is revealed only once the game has ended")
            return REVEALED
        if isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < self.record.players:
            raise ReplayError(f"no seat {viewer!r}: a viewer is a seat 0 to {self.record.players - 1}, "
                              f"a spectator or {REVEALED!r}")
        return viewer

    def payload(self, index: int, viewer: Viewer) -> JSON:
        """Step `index` as `viewer` may see it: the step, the viewer, its view and the scores."""
        step = self.step(index)
        return {**step.to_json(), "viewer": viewer, **seen(self._positions[index], self.check_viewer(viewer),
                                                           self.hooks)}

    def score_series(self, viewer: Viewer) -> list[JSON]:
        """Each seat's score at the end of each round, as `viewer` may see it: `{"round", "scores"}`
        in round order (empty when the game names no rounds). The end of a round is the position
        after the last action decided in it (so a round's closing forced steps count)."""
        self.check_viewer(viewer)
        ends: dict[int, int] = {}
        for step in self.steps[1:]:
            if step.moment.round is not None:
                ends[step.moment.round] = step.index
        return [{"round": number, "scores": seen(self._positions[last], viewer, self.hooks)["scores"]}
                for number, last in sorted(ends.items())]

    def jump(self, round: int | None = None, phase: str | None = None) -> int:
        """The first step decided in that round (and phase, if given); ReplayError if there is none."""
        for step in self.steps[1:]:
            at = step.moment
            if (round is None or at.round == round) and (phase is None or at.phase == phase):
                return step.index
        wanted = ", ".join(part for part in (
            f"round {round}" if round is not None else "", f"phase {phase!r}" if phase else "") if part)
        raise ReplayError(f"no step of this replay is in {wanted or 'the game'}")

    def log_json(self) -> list[JSON]:
        """The log in words (public: the live table told it to everyone)."""
        return [entry.to_json() for entry in self.log]


def seen(state: State, viewer: Viewer, replay_hooks: ReplayHooks) -> JSON:
    """What `viewer` sees of one position: its view and each seat's score (None where hidden).

    Everything a payload holds of the position comes from here, so a test can compare it for two
    positions that `viewer` cannot tell apart."""
    revealed = viewer == REVEALED
    view = replay_hooks.revealed(state) if viewer == REVEALED else state.view(viewer)
    return {"view": view, "scores": replay_hooks.scores(state, view, revealed=revealed)}


__all__ = ["REVEALED", "LogEntry", "Replay", "ReplayError", "Step", "Viewer", "seen"]
