"""The browser client: its two pages and its static files, served from the package's `web/` folder.

The client is plain HTML, CSS and ES modules (no build step), so serving the folder is all it takes.
Pages are sent with `Cache-Control: no-cache` so an upgraded server never runs against a stale page.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

import isla

WEB = Path(isla.__file__).parent / "web"
router = APIRouter(include_in_schema=False)
NO_CACHE = {"Cache-Control": "no-cache"}


@router.get("/")
async def lobby_page() -> FileResponse:
    return FileResponse(WEB / "index.html", headers=NO_CACHE)


@router.get("/tables/{table_id}")
async def table_page(table_id: str) -> FileResponse:  # noqa: ARG001 - the page reads it from its URL
    return FileResponse(WEB / "table.html", headers=NO_CACHE)
