"""HTTP routes about the server itself: health and the games it offers (with their options)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

import isla
from isla.bots import bot_names, levels
from isla.core import UnknownGame, game_names
from isla.core import game as find_game
from isla.server.routes.schemas import GamesOut
from isla.server.tables import TableError

router = APIRouter(prefix="/api", tags=["server"])
# Games the browser client has a table page for (src/isla/web/js/table.js picks the game's board:
# js/board/ draws Puerto Rico, js/vanuatu/ Vanuatu); any other game is served to API clients only.
BROWSER_GAMES = frozenset({"puertorico", "vanuatu"})


@router.get("/health")
async def health() -> dict[str, Any]:
    """Whether the server answers, and its version."""
    return {"ok": True, "version": isla.__version__}


@router.get("/games", response_model=GamesOut)
async def games() -> Any:
    """Every game with its player counts, table options (names, types, defaults, choices, and the
    players' words for them: label, help, choice_labels) and the bots offered for it. The first
    game is the default of a new table."""
    listed = []
    for name in game_names():
        game = find_game(name)
        texts = game.option_texts()
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
                "browser": name in BROWSER_GAMES,
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
