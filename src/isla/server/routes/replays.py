"""HTTP routes for record files opened in the replay viewer (records.py): open one, then read it
with the same answers as a table's replay."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Request

from isla.server.records import RecordFiles
from isla.server.routes.tables import ERRORS, Seen

router = APIRouter(prefix="/api/replays", tags=["replays"])


def files(request: Request) -> RecordFiles:
    kept: RecordFiles | None = getattr(request.app.state, "record_files", None)
    if kept is None:
        kept = request.app.state.record_files = RecordFiles()
    return kept


@router.post("", responses=ERRORS)
async def open_record(request: Request, record: Annotated[Any, Body()]) -> Any:
    """Open a game record (docs/record.md): checked and replayed; the answer is its replay, as
    `GET /api/tables/{id}/replay` gives a table's, with an `id` to read its steps by."""
    return await files(request).open(record)


@router.get("/{file_id}", responses=ERRORS)
async def record_summary(file_id: str, request: Request) -> Any:
    """The opened record's seats and, if its game ended, its result."""
    return files(request).summary(file_id)


@router.get("/{file_id}/replay", responses=ERRORS)
async def record_replay(file_id: str, request: Request, seen: Seen = None) -> Any:
    return await files(request).replay(file_id, seen)


@router.get("/{file_id}/replay/{step}", responses=ERRORS)
async def record_step(file_id: str, step: int, request: Request, seen: Seen = None) -> Any:
    return files(request).step(file_id, step, seen)

