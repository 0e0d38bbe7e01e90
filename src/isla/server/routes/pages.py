"""The browser client: its pages (the lobby, a table, a replay, a leaderboard, a player) and its
static files, served from the package's `web/` folder, and each game's own board files, served
from the folder the game declares (`Game.browser_board`).

The client is plain HTML, CSS and ES modules (no build step), so serving the folders is all it takes.
Pages are sent with `Cache-Control: no-cache` so an upgraded server never runs against a stale page.
A game keeps its board inside its own package, so a new game is one folder: the shell finds the
board's module and stylesheet in `GET /api/games` (`board_json`) and loads them from
`/static/games/<name>/`, where only that game's declared folder is served.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles

import isla
from isla.core import Game, UnknownGame
from isla.core import game as find_game
from isla.core.said import generic
from isla.server.tables import TableError

WEB = Path(isla.__file__).parent / "web"
GAME_FILES = "/static/games"
router = APIRouter(include_in_schema=False)
NO_CACHE = {"Cache-Control": "no-cache"}
# One file server per game folder, made on first use (Starlette's StaticFiles: content types,
# ETags and If-None-Match, HEAD, and no path outside the folder).
_folders: dict[Path, StaticFiles] = {}


@router.get("/")
async def lobby_page() -> FileResponse:
    return FileResponse(WEB / "index.html", headers=NO_CACHE)


@router.get("/tables/{table_id}")
async def table_page(table_id: str) -> FileResponse:  # noqa: ARG001 - the page reads it from its URL
    return FileResponse(WEB / "table.html", headers=NO_CACHE)


@router.get("/tables/{table_id}/replay")
async def replay_page(table_id: str) -> FileResponse:  # noqa: ARG001 - the page reads it from its URL
    return FileResponse(WEB / "replay.html", headers=NO_CACHE)


@router.get("/replay")
async def open_record_page() -> FileResponse:
    """A page to open a record file in the replay viewer (records.py)."""
    return FileResponse(WEB / "record.html", headers=NO_CACHE)


@router.get("/replays/{file_id}")
async def record_replay_page(file_id: str) -> FileResponse:  # noqa: ARG001 - the page reads it from its URL
    return FileResponse(WEB / "replay.html", headers=NO_CACHE)


@router.get("/leaderboards")
@router.get("/leaderboards/{game}")
async def leaderboard_page(game: str = "") -> FileResponse:  # noqa: ARG001 - the page reads it from its URL
    """A game's leaderboard (without a game: the first the server offers)."""
    return FileResponse(WEB / "leaderboard.html", headers=NO_CACHE)


@router.get("/players/{name}")
async def player_page(name: str) -> FileResponse:  # noqa: ARG001 - the page reads it from its URL
    return FileResponse(WEB / "player.html", headers=NO_CACHE)


@router.get(GAME_FILES + "/{name}/{path:path}")
async def game_file(name: str, path: str, request: Request) -> Response:
    """A file of a game's own board (from the folder it declares; nothing else of the game)."""
    try:
        board = find_game(name).browser_board
    except UnknownGame:
        board = None
    if board is None:
        raise TableError("not_found", generic("no board files for '{name}'", name=name))
    files = _folders.get(board.folder)
    if files is None:
        files = _folders[board.folder] = StaticFiles(directory=board.folder, check_dir=False)
    return await files.get_response(path, request.scope)


def board_json(game: Game) -> dict[str, Any] | None:
    """Where the table page finds the game's board: the URLs of its module and stylesheet (None:
    the game declares no board, and the page draws it with the generic board)."""
    board = game.browser_board
    if board is None:
        return None
    base = f"{GAME_FILES}/{quote(game.name)}/"
    return {
        "module": base + quote(board.module),
        "stylesheet": None if board.stylesheet is None else base + quote(board.stylesheet),
    }
