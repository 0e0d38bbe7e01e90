"""HTTP route of the pages' words: `GET /api/i18n` (isla.i18n.page; docs/i18n.md)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from isla.core import UnknownGame
from isla.core import game as find_game
from isla.i18n.page import page_texts
from isla.server.language import reader_language
from isla.server.tables import TableError

router = APIRouter(prefix="/api", tags=["server"])
Lang = Annotated[str | None, Query(max_length=35, description="en pt nl de zh; else the signed-in account's "
                                   "language, else Accept-Language")]


@router.get("/i18n")
async def page_words(
    request: Request,
    lang: Lang = None,  # noqa: ARG001 (read by reader_language; declared for its validation and docs)
    game: Annotated[str | None, Query(max_length=40, description="also this game's catalogs")] = None,
) -> Any:
    """A page's texts in one language: the `isla` domain and, with `game`, that game's terms and log
    texts, each domain's msgid -> text (a list of forms for a count), with the plural rule as data."""
    chosen = await reader_language(request)
    try:
        shown = find_game(game) if game else None
    except UnknownGame as error:
        raise TableError("not_found", str(error)) from error
    return page_texts(chosen, shown)
