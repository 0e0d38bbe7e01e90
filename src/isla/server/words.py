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

A live table keeps its whole log in words, some lines per action: as `Said` objects (a str with
its attributes and parameters) they were a few objects each that the garbage collector tracks, and
with hundreds of tables a full collection walked millions of them (775 ms at 1,000 seats,
docs/server.md). So an entry holds its lines packed into one JSON text (`_pack_lines`): the entry
is then a dict of plain values, which the collector never tracks, and its lines become `Said`s
again only to be rendered (`entry_lines`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from isla.core import JSON, Game, State
from isla.core.said import Said, Term
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
        packed = _pack_lines(lines)
        self.entries.append({"n": len(self.entries), "seq": seq, "seat": seat, "kind": kind, "lines": packed})

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
    told = []
    for entry in entries:
        lines = entry_lines(entry)
        told.append({**entry, "lines": [_render(teller, line, lang) for line in lines],
                     "said": [_structure(line) for line in lines]})
    return told


def entry_lines(entry: JSON) -> list[str]:
    """An entry's lines as `Said`s (or texts) again, unpacked (see the module docstring)."""
    return [_unpack(line) for line in orjson.loads(entry["lines"])]


def _pack_lines(lines: Sequence[str]) -> str:
    """The lines as one JSON text: a str or a number as it is, a `Said` as {"said": msg, "plural",
    "n", "domain", "params"}, a `Term` as {"term": id, "en": its English}. A dict of plain values
    (an entry) is never tracked by the collector; a text never is."""
    return orjson.dumps([_pack(line) for line in lines]).decode()


def _pack(value: int | str) -> Any:
    if isinstance(value, Said):
        params = {name: _pack(param) for name, param in value.params.items()}
        return {"said": value.msg, "plural": value.plural, "n": value.n, "domain": value.domain,
                "params": params}
    if isinstance(value, Term):
        return {"term": value.id, "en": str(value)}
    return value if isinstance(value, int) else str(value)


def _unpack(value: Any) -> Any:
    if isinstance(value, dict):
        if "term" in value:
            return Term(value["term"], value["en"])
        params = {name: _unpack(param) for name, param in value["params"].items()}
        return Said(value["said"], params, value["plural"], value["n"], value["domain"])
    return value


def _render(teller: Teller, line: str, lang: str) -> str:
    try:
        return teller.render(line, lang)
    except Exception as error:  # a catalog bug must not stop a table: the English, and a warning
        log.warning("isla: cannot render %r in %s: %s", str(line), lang, error)
        return str(line)


def _structure(line: str) -> JSON:
    return line.to_json() if isinstance(line, Said) else {"text": str(line)}
