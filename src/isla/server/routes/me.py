"""HTTP routes about the signed-in caller: My games (`GET /api/me/tables`, see mytables.py)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from isla.server.mytables import my_tables
from isla.server.routes.schemas import ErrorOut, MyTablesOut
from isla.server.tables import LocalTableService, TableError
from isla.server.ws import identify

router = APIRouter(prefix="/api/me", tags=["me"])
ERRORS: dict[int | str, dict[str, Any]] = {401: {"model": ErrorOut}}


@router.get("/tables", response_model=MyTablesOut, responses=ERRORS)
async def my_games(request: Request) -> Any:
    """Every table you sit at that is not over: whose turn it is, your time left, the last move;
    the tables where it is your turn first. Only for a signed-in caller (else 401)."""
    who = await identify(request)
    if who.user_id is None:
        raise TableError("unauthorized", "My games needs you to sign in (as a guest or with an account)")
    service: LocalTableService = request.app.state.tables
    return {"tables": await my_tables(service, who.user_id)}
