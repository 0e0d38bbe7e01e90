"""Record files opened in the replay viewer: a record (docs/record.md, what `isla rules replay`
reads) sent to the server is checked, replayed once and kept for a while under an id made from its
content, and then served with the same replay answers as a table's (`/api/replays/{id}/...`).

Everything is revealed: whoever has the file has its seed, so nothing in it is hidden from them.
A file that is not a record, names an unknown game or holds an action that does not apply is
refused with one clear line (422 `invalid`), nothing kept; bodies are bounded by the server's
request limit (`max_body_bytes`, 413 `too_large`). Kept replays live in memory only: after a
restart, or once many others were opened since, the file is simply opened again.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from typing import Any

from isla.core import JSON, Record
from isla.core.errors import IslaError
from isla.core.replays import REVEALED, Replay, ReplayError, Viewer
from isla.core.said import generic
from isla.server.replaying import Kept, ReplayCache, ViewerRefused, viewer_for
from isla.server.tables import TableError

KEPT_FILES = 8
MAX_ID = 40


def _record(data: Any) -> Record:
    try:
        record = Record.from_json(data)
    except IslaError as error:
        raise TableError("invalid", generic("this file is not a game record: {error}",
                                            error=str(error))) from None
    if len(record.seats) not in (0, record.players):
        named = len(record.seats)
        raise TableError("invalid", generic("the record names {named} seats for {players} players",
                                            named=named, players=record.players))
    return record


def _build(record: Record) -> Replay:
    try:
        return Replay(record, ended=True)
    except IslaError as error:  # an unknown game, a bad option or player count, an illegal action
        raise TableError("invalid", generic("this record cannot be replayed: {error}",
                                            error=str(error))) from None


class RecordFiles:
    """The record files opened lately, by id (a hash of the record as read)."""

    def __init__(self) -> None:
        self._kept = ReplayCache(KEPT_FILES)

    async def open(self, data: Any) -> JSON:
        record = _record(data)
        if not record.seats:
            record.seats = [f"Seat {n + 1}" for n in range(record.players)]
        text = json.dumps(record.to_json(), sort_keys=True, separators=(",", ":"))
        file_id = "file-" + hashlib.sha256(text.encode()).hexdigest()[:24]
        if self._kept.find((file_id, 0, True)) is None:
            self._kept.keep((file_id, 0, True), await asyncio.to_thread(_build, record))
        return await self.replay(file_id, None)

    def _find(self, file_id: str) -> Kept:
        kept = self._kept.find((file_id[:MAX_ID], 0, True))
        if kept is None:
            raise TableError("not_found", generic("this record file is no longer open here: open the file "
                                                  "again"))
        return kept

    def _viewer(self, kept: Kept, wanted: str | None) -> Viewer:
        try:
            return viewer_for(wanted, ended=True, seat=None, players=kept.replay.record.players)
        except ViewerRefused as refused:
            raise TableError(refused.code, refused.message) from None

    def summary(self, file_id: str) -> JSON:
        """What the viewer page reads as a table's: the seats and, when the game ended, its result."""
        kept = self._find(file_id)
        replay = kept.replay
        record = replay.record
        result = replay.state(replay.last).result().to_json() if replay.over else None
        seats = [{"slot": n, "seat": n, "kind": "human", "name": name, "bot": None, "stand_in": None}
                 for n, name in enumerate(record.seats)]
        return {"id": file_id, "game": record.game, "status": "finished" if replay.over else "abandoned",
                "players": record.players, "seats": seats, "result": result}

    async def replay(self, file_id: str, wanted: str | None) -> JSON:
        kept = self._find(file_id)
        viewer = self._viewer(kept, wanted)
        replay = kept.replay
        steps = await asyncio.to_thread(kept.steps, viewer)
        series = await asyncio.to_thread(replay.score_series, viewer)
        return {
            "id": file_id, "game": replay.record.game, "status": "finished" if replay.over else "abandoned",
            "players": replay.record.players, "names": list(replay.record.seats), "ended": True,
            "over": replay.over, "viewer": viewer, "last": replay.last, "steps": steps,
            "log": replay.log_json(), "series": series, "chat": [],
        }

    def step(self, file_id: str, step: int, wanted: str | None) -> JSON:
        kept = self._find(file_id)
        viewer = self._viewer(kept, wanted)
        try:
            payload = kept.replay.payload(step, viewer)
        except ReplayError as error:
            raise TableError("not_found", str(error)) from None
        return {**payload, "last": kept.replay.last}


__all__ = ["REVEALED", "RecordFiles"]
