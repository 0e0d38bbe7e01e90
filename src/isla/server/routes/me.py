"""HTTP routes about the signed-in caller: My games (`GET /api/me/tables`, see mytables.py) and the
account's language (`PUT /api/me/language`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fastapi import APIRouter, Request
from pydantic import Field, StrictStr

from isla.core.said import generic
from isla.i18n import LANGUAGES
from isla.i18n.languages import supported
from isla.server.auth import current_user
from isla.server.mytables import my_tables
from isla.server.routes.auth import MeOut, signed_in
from isla.server.routes.schemas import ErrorOut, MyTablesOut, Strict
from isla.server.store import Store
from isla.server.tables import LocalTableService, TableError
from isla.server.ws import identify

router = APIRouter(prefix="/api/me", tags=["me"])
ERRORS: dict[int | str, dict[str, Any]] = {401: {"model": ErrorOut}}
LANGUAGE_ERRORS: dict[int | str, dict[str, Any]] = {code: {"model": ErrorOut} for code in (401, 403, 422)}


@router.get("/tables", response_model=MyTablesOut, responses=ERRORS)
async def my_games(request: Request) -> Any:
    """Every table you sit at that is not over: whose turn it is, your time left, the last move;
    the tables where it is your turn first. Only for a signed-in caller (else 401)."""
    who = await identify(request)
    if who.user_id is None:
        problem = generic("My games needs you to sign in (as a guest or with an account)")
        raise TableError("unauthorized", problem)
    service: LocalTableService = request.app.state.tables
    return {"tables": await my_tables(service, who.user_id)}


class LanguageIn(Strict):
    lang: StrictStr | None = Field(
        max_length=35, description="en pt nl de zh (a regional tag such as de-AT counts as its language); "
                                   "null forgets the choice"
    )


@router.put("/language", response_model=MeOut, responses=LANGUAGE_ERRORS)
async def set_language(body: LanguageIn, request: Request) -> Any:
    """Remember the language of my account: the default of every answer to it (words of the log,
    error messages), of its WebSockets and of its mails whenever a request names no language
    (`?lang=`, `{"type": "lang"}`). Only an account keeps one: 401 for a guest or nobody (a guest's
    choice stays in the browser); 422 for a language Isla does not have."""
    user = await current_user(request)
    if user is None or user.guest:
        raise TableError("unauthorized", generic("only an account keeps a language: sign in to an account "
                                                 "(a guest's choice stays in this browser)"))
    chosen = None if body.lang is None else supported(body.lang)
    if body.lang is not None and chosen is None:
        problem = generic("Isla has no language '{lang}': choose one of {known}", lang=body.lang,
                          known=", ".join(LANGUAGES))
        raise TableError("invalid", problem)
    store: Store = request.app.state.store
    await store.set_user_language(user.id, chosen)
    return signed_in(replace(user, lang=chosen))
