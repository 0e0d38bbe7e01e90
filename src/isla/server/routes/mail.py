"""HTTP routes for an account's email address and its your-turn notices (issue 16), and the page a
confirmation link opens.

Only the signed-in account itself reads or changes its address: there is no route that shows
another account's. On a server without SMTP settings every route here answers 503 `no_email`
("email is not set up on this server") and the page says so.
"""

from __future__ import annotations

import html
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field, StrictBool, StrictStr

from isla.core.said import generic
from isla.server.auth import User, current_user
from isla.server.language import reader_language
from isla.server.mail import texts
from isla.server.mail.addresses import CONFIRM_PATH, MAX_ADDRESS, NO_EMAIL, Addresses, Owner
from isla.server.routes.schemas import ErrorOut, Strict
from isla.server.store.mailing import EmailState
from isla.server.tables import TableError

router = APIRouter(tags=["email"])

ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut} for code in (400, 401, 403, 409, 413, 422, 429, 503)
}
# The confirmation page's answer for each outcome.
PAGE_STATUS = {"confirmed": 200, "expired": 410, "unknown": 400, "no_email": 503}


def addresses(request: Request) -> Addresses:
    found: Addresses | None = getattr(request.app.state, "email", None)
    if found is None:
        raise TableError("no_email", NO_EMAIL)
    return found


async def owner(request: Request) -> Owner:
    user: User | None = await current_user(request)
    if user is None:
        raise TableError("unauthorized", generic("sign in to an account to set an email address"))
    return Owner(user.id, user.name, user.guest)


Service = Annotated[Addresses, Depends(addresses)]
Me = Annotated[Owner, Depends(owner)]


class AddressIn(Strict):
    address: StrictStr = Field(description=f"the address to confirm (at most {MAX_ADDRESS} characters)")


class NoticesIn(Strict):
    turn_notices: StrictBool = Field(description="mail me when it is my turn at a turn-based table")


class EmailOut(BaseModel):
    address: str | None = Field(description="the confirmed address, the only one notices go to; or null")
    pending: str | None = Field(description="an address waiting for its owner to open the link mailed to it")
    turn_notices: bool = Field(description="whether your-turn mails are on (off by default)")


def _out(state: EmailState) -> dict[str, Any]:
    return {"address": state.address, "pending": state.pending, "turn_notices": state.turn_notices}


@router.get("/api/me/email", response_model=EmailOut, responses=ERRORS)
async def my_email(me: Me, service: Service) -> Any:
    """My address (confirmed and pending) and whether my your-turn mails are on."""
    return _out(await service.state(me))


@router.put("/api/me/email", status_code=202, response_model=EmailOut, responses=ERRORS)
async def set_email(body: AddressIn, request: Request, me: Me, service: Service) -> Any:
    """Add or change my address: a link is mailed to it (valid for the hours in the docs, once);
    the address is used only after the link is opened. A confirmed address stays in use until
    then. At most a few such mails per account in a while (429 `too_many`)."""
    return _out(await service.set_address(me, body.address, await reader_language(request)))


@router.delete("/api/me/email", response_model=EmailOut, responses=ERRORS)
async def remove_email(me: Me, service: Service) -> Any:
    """Forget my addresses and turn my notices off."""
    return _out(await service.remove(me))


@router.put("/api/me/email/notices", response_model=EmailOut, responses=ERRORS)
async def set_notices(body: NoticesIn, me: Me, service: Service) -> Any:
    """Turn my your-turn mails on or off; on is refused (409 `not_confirmed`) without a confirmed
    address."""
    return _out(await service.set_turn_notices(me, body.turn_notices))


@router.get(CONFIRM_PATH, response_class=HTMLResponse, include_in_schema=False)
async def confirm_page(request: Request, token: str = "") -> HTMLResponse:
    """The page a confirmation link opens: it confirms the address (once) and says what happened."""
    service: Addresses | None = getattr(request.app.state, "email", None)
    outcome = "no_email" if service is None else await service.confirm(token)
    lang = await reader_language(request)
    title, sentence = texts.page(lang, outcome)
    body = (
        f'<!doctype html>\n<html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{html.escape(title)}</title><link rel="stylesheet" href="/static/css/base.css"></head>'
        f'<body><main class="card"><p data-testid="email-outcome" data-outcome="{outcome}">'
        f"{html.escape(sentence)}</p>"
        f'<p><a href="/">{html.escape(texts.lobby_link(lang))}</a></p></main></body></html>\n'
    )
    return HTMLResponse(body, status_code=PAGE_STATUS[outcome], headers={"Cache-Control": "no-store"})



