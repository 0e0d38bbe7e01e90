"""HTTP routes for tables: create, join, look, act, list, log. They only translate to the service."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from isla.core import default_game
from isla.server.chat import replay_chat
from isla.server.language import reader_language
from isla.server.routes.schemas import (
    ActionsIn,
    CreatedOut,
    CreateTableIn,
    ErrorOut,
    JoinedOut,
    JoinIn,
    LogOut,
    StandInIn,
    TableOut,
    TablesOut,
)
from isla.server.tables import Caller, NewTable, SeatRequest, TableService
from isla.server.ws import identify

router = APIRouter(prefix="/api/tables", tags=["tables"])
bearer = HTTPBearer(auto_error=False, description="the player token from create or join")

ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut} for code in (400, 401, 403, 404, 409, 413, 422)
}


def service(request: Request) -> TableService:
    tables: TableService = request.app.state.tables
    return tables


async def caller(
    request: Request, _credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]
) -> Caller:
    """The bearer token (declared for the OpenAPI) and the session's user, if signed in."""
    return await identify(request)


Service = Annotated[TableService, Depends(service)]
Who = Annotated[Caller, Depends(caller)]


@router.post("", status_code=201, response_model=CreatedOut, responses=ERRORS)
async def create_table(body: CreateTableIn, tables: Service, who: Who) -> Any:
    """Create a table. It starts at once when no seat is open; otherwise when the last one is taken."""
    seats = [SeatRequest(s.kind, s.bot, s.name) for s in body.seats]
    game = default_game() if body.game is None else body.game
    new = NewTable(game, seats, body.options, body.seating, body.ranked, clock=body.clock,
                   private=body.private)
    return await tables.create(new, who)


@router.get("", response_model=TablesOut, responses=ERRORS)
async def list_tables(
    tables: Service,
    status: Annotated[Literal["open", "playing", "finished", "abandoned"] | None, Query()] = None,
) -> Any:
    """The newest tables (public facts only), optionally of one status."""
    return {"tables": await tables.tables(status)}


@router.get("/{table_id}", response_model=TableOut, responses=ERRORS)
async def get_table(table_id: str, tables: Service, who: Who) -> Any:
    """The table as the caller sees it: with a player token, that seat's view and legal actions."""
    return await tables.table(table_id, who)


@router.post("/{table_id}/join", response_model=JoinedOut, responses=ERRORS)
async def join_table(table_id: str, body: JoinIn, tables: Service, who: Who) -> Any:
    """Take an open seat; the answer carries your player token (keep it: it is your seat)."""
    return await tables.join(table_id, body.name, body.slot, who)


@router.post("/{table_id}/leave", response_model=TableOut, responses=ERRORS)
async def leave_table(table_id: str, tables: Service, who: Who) -> Any:
    """Give your seat back before the table starts (the creator abandons instead)."""
    return await tables.leave(table_id, who)


@router.post("/{table_id}/actions", response_model=TableOut, responses=ERRORS)
async def submit_actions(table_id: str, body: ActionsIn, tables: Service, who: Who) -> Any:
    """Play: the actions are applied in order, all or nothing, if `seq` is current and it is your turn."""
    return await tables.submit(table_id, who, body.seq, body.actions or (), body.plan)


Lang = Annotated[str | None, Query(max_length=35, description="the language of `words` (en pt nl de zh); "
                                   "without it, the signed-in account's language, else Accept-Language")]


@router.get("/{table_id}/log", response_model=LogOut, responses=ERRORS)
async def table_log(
    table_id: str, tables: Service, who: Who, request: Request,
    lang: Lang = None,  # noqa: ARG001 (read by reader_language; declared for its validation and docs)
) -> Any:
    """Every action with its sequence number, bot failures, the log in words in the caller's
    language (beside each line's message id and parameters), and the record once the game is over."""
    return await tables.log(table_id, await reader_language(request), who)


@router.get("/{table_id}/record", responses=ERRORS)
async def table_record(table_id: str, tables: Service, who: Who) -> Any:
    """The game record (docs/record.md) once the game is over or abandoned; before, 409 not_finished
    (the record holds the seed, which fixes every draw still to come)."""
    return await tables.record(table_id, who)


Seen = Annotated[str | None, Query(alias="as", max_length=20,
                                   description="a seat number, 'spectator' or 'revealed' (docs/replay.md)")]


@router.get("/{table_id}/replay", responses=ERRORS)
async def table_replay(table_id: str, request: Request, tables: Service, who: Who, seen: Seen = None) -> Any:
    """The replay's steps (with the scores as you may see them), its log in words and its chat."""
    replay = await tables.replay(table_id, who, seen)
    return {**replay, "chat": await replay_chat(request.app.state.store, table_id)}


@router.get("/{table_id}/replay/{step}", responses=ERRORS)
async def table_replay_step(table_id: str, step: int, tables: Service, who: Who, seen: Seen = None) -> Any:
    """One step as you may see it: after the end everything, or one seat's view (`as`); during the
    game your own seat's view up to now, or public information only for a spectator."""
    return await tables.replay_step(table_id, who, step, seen)


@router.post("/{table_id}/seats/{seat}/stand-in", response_model=TableOut, responses=ERRORS)
async def stand_in(table_id: str, seat: int, tables: Service, who: Who, body: StandInIn | None = None) -> Any:
    """Hand the seat of a player who is gone (or has not moved for long) to a bot until they return."""
    return await tables.stand_in(table_id, who, seat, body.level if body is not None else None)


@router.post("/{table_id}/seats/{seat}/reclaim", response_model=TableOut, responses=ERRORS)
async def reclaim(table_id: str, seat: int, tables: Service, who: Who) -> Any:
    """Take your seat back from the bot that was playing for you."""
    return await tables.reclaim(table_id, who, seat)


@router.post("/{table_id}/abandon", response_model=TableOut, responses=ERRORS)
async def abandon(table_id: str, tables: Service, who: Who) -> Any:
    """End a table you created that has not finished; its log and record are kept."""
    return await tables.abandon(table_id, who)


@router.post("/{table_id}/again", response_model=CreatedOut, responses=ERRORS)
async def play_again(table_id: str, tables: Service, who: Who) -> Any:
    """Play a finished game again with the same seats: the same game, options, seating and bots, and
    the other people's seats open and kept for them. The first player to ask makes the new table;
    the others who ask join it (their old seat, while it is open)."""
    return await tables.again(table_id, who)
