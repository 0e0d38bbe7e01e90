"""HTTP routes about the server itself: health and the games it offers (with their options)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

import isla
from isla.bots import bot_names, levels
from isla.core import UnknownGame, game_names
from isla.core import game as find_game
from isla.i18n import negotiate
from isla.i18n.options import first_seat_note, option_texts
from isla.server.routes.i18n import Lang
from isla.server.routes.pages import board_json
from isla.server.routes.schemas import GamesOut
from isla.server.store import DatabaseUnavailable, Store
from isla.server.tables import TableError

router = APIRouter(prefix="/api", tags=["server"])


@router.get("/health")
async def health(request: Request) -> Any:
    """Whether the server answers and its database would take a write now (503 if not), and its version.

    The check writes nothing (store.check): a monitor may call it as often as it likes.
    """
    store: Store = request.app.state.store
    try:
        await store.check()
    except DatabaseUnavailable as error:
        body = {"ok": False, "status": "unavailable", "database": "unavailable", "version": isla.__version__,
                "error": str(error), "code": "unavailable"}
        return JSONResponse(body, status_code=503, headers={"Retry-After": "5"})
    return {"ok": True, "status": "ok", "database": "ok", "version": isla.__version__}


@router.get("/games", response_model=GamesOut)
async def games(
    request: Request,
    lang: Lang = None,
) -> Any:
    """Every game with its player counts, table options (names, types, defaults, choices, and the
    players' words for them: label, help, choice_labels, in the reader's language: `lang`, else
    Accept-Language), the bots offered for it, where the table page finds its board (null: the
    generic board draws it) and what its first seat is. The first game is the default of a new
    table."""
    chosen = negotiate(request.headers.get("accept-language"), lang)
    listed = []
    for name in game_names():
        game = find_game(name)
        texts = option_texts(game, chosen)
        options = [
            {**spec.to_json(), **(texts[spec.name].to_json() if spec.name in texts else {})}
            for spec in game.option_specs
        ]
        listed.append(
            {
                "name": game.name,
                "title": game.title,
                "min_players": game.min_players,
                "max_players": game.max_players,
                "version": game.version,
                "options": options,
                "board": board_json(game),
                "first_seat_note": first_seat_note(game, chosen),
                "information": game.info.information,
                "levels": list(levels(name)),
                "bots": bot_names(name),
            }
        )
    return {"games": listed, "bots": bot_names()}


@router.get("/games/{name}/catalog")
async def catalog(name: str) -> dict[str, Any]:
    """Static facts a client needs to draw and explain the game (buildings, roles, goods, effects)."""
    try:
        game = find_game(name)
    except UnknownGame as error:
        raise TableError("not_found", str(error)) from None
    facts: dict[str, Any] = game.catalog()
    return facts
