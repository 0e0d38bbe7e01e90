"""A table's log in words: one entry per decision or event, as players read it.

The action log holds every action; the log in words tells whole decisions. A decision made in
several steps (the game says which with `Game.plan_kind`: a colonist arrangement, say) is one
entry, told by `Game.narrate_plan` once the seat has finished it, whether it came as one plan, as
a bot's turn or one step at a time. The entries follow from the action log alone, so a table
rebuilt from the database tells exactly what it told live.

The lines are structured (isla.core.said: message ids with parameters) and kept so: nothing
stored or held names a language. Each reader gets them rendered in their own language
(`in_language`), with the structure beside the words (`said`), so one table is read in five
languages at once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from isla.core import JSON, Game, State
from isla.core.said import Said
from isla.i18n.told import Teller

log = logging.getLogger("isla.server")


@dataclass
class _Plan:
    """A whole decision being made: where it started, and its steps so far."""

    start: State
    seq: int
    seat: int
    kind: str
    actions: list[str] = field(default_factory=list)


class LogWords:
    """The entries (`{"n", "seq", "seat", "kind", "lines"}`) of one table; see the module docstring."""

    def __init__(self, table_id: str, game: Game, names: Callable[[], Sequence[str]]) -> None:
        self.table_id = table_id
        self.game = game
        self.names = names  # the seats' names, asked when a line is told
        self.teller = Teller.of(game)  # renders the lines in a reader's language
        self.entries: list[JSON] = []
        self._plan: _Plan | None = None

    def action(self, state: State, text: str, seat: int, seq: int) -> None:
        """`seat` is about to take `text` (legal) at `seq` in `state`; call `after` once applied."""
        if self._plan is not None:
            self._plan.actions.append(text)
            return
        kind = self.game.plan_kind(state)
        if kind is None:
            self._tell(seq, seat, "action", self._narrate(state, [text], seat, single=True))
        else:
            self._plan = _Plan(state.clone(), seq, seat, kind, [text])

    def after(self, state: State) -> None:
        """The action told last has been applied: tell its whole decision if this completed it."""
        plan = self._plan
        if plan is None:
            return
        if state.to_move == plan.seat and self.game.plan_kind(state) == plan.kind:
            return  # the same seat goes on with the same decision
        self.close()

    def close(self) -> None:
        """Tell the decision in progress now, finished or not (the table is ending)."""
        plan, self._plan = self._plan, None
        if plan is not None:
            lines = self._narrate(plan.start, plan.actions, plan.seat, single=False)
            self._tell(plan.seq, plan.seat, "action", lines)

    def event(self, seq: int, seat: int | None, kind: str, detail: str) -> None:
        """An event (a bot's failure, a stand-in, an abandonment); an abandonment ends the table."""
        if kind == "abandon":
            self.close()
        self._tell(seq, seat, kind, [detail])

    def _tell(self, seq: int, seat: int | None, kind: str, lines: list[str]) -> None:
        self.entries.append({"n": len(self.entries), "seq": seq, "seat": seat, "kind": kind, "lines": lines})

    def _narrate(self, state: State, actions: list[str], seat: int, single: bool) -> list[str]:
        names = list(self.names())
        try:
            if single:
                return list(self.game.narrate(state, state.parse_action(actions[0]), names))
            chosen = []
            work = state.clone()
            for text in actions:
                action = work.parse_action(text)
                chosen.append(action)
                work.apply_unchecked(action)
            return list(self.game.narrate_plan(state, chosen, names))
        except Exception as error:  # words are a courtesy: a narration bug must not stop a table
            log.warning("isla: table %s: cannot narrate %r: %s", self.table_id, actions, error)
            return [f"{names[seat]}: {', '.join(actions)}"]


def in_language(entries: Sequence[JSON], teller: Teller, lang: str) -> list[JSON]:
    """The entries with their `lines` in `lang`, and `said`: each line's message id and parameters
    (`{"msg", "params"}`; an event's line, which is not structured, as `{"text"}`)."""
    return [{**entry, "lines": [_render(teller, line, lang) for line in entry["lines"]],
             "said": [_structure(line) for line in entry["lines"]]} for entry in entries]


def _render(teller: Teller, line: str, lang: str) -> str:
    try:
        return teller.render(line, lang)
    except Exception as error:  # a catalog bug must not stop a table: the English, and a warning
        log.warning("isla: cannot render %r in %s: %s", str(line), lang, error)
        return str(line)


def _structure(line: str) -> JSON:
    return line.to_json() if isinstance(line, Said) else {"text": str(line)}
