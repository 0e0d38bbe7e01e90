"""HTTP routes for accounts and guests: register, sign in (as an account or a guest), sign out, me.

Signing in sets the session cookie `isla_session` (HttpOnly, so page scripts cannot read it;
SameSite=Lax, so other sites' requests mostly go without it; Secure when the server is told it is
reached over https). The answers carry the user, never the session id itself.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, Field, StrictStr

from isla.core.said import generic
from isla.server.auth import COOKIE, MAX_PASSWORD, MIN_PASSWORD, Accounts, SignedIn, User, current_user
from isla.server.clients import client_address
from isla.server.names import MAX_NAME
from isla.server.routes.schemas import ErrorOut, Strict
from isla.server.tables import TableError

router = APIRouter(prefix="/api/auth", tags=["accounts"])

ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut} for code in (400, 401, 403, 409, 413, 422, 429)
}


def accounts(request: Request) -> Accounts:
    found: Accounts | None = getattr(request.app.state, "accounts", None)
    if found is None:
        raise TableError("unavailable", generic("accounts are not available on this server"))
    return found


Service = Annotated[Accounts, Depends(accounts)]
Me = Annotated[User | None, Depends(current_user)]

NAME = f"the name others see: 1 to {MAX_NAME} characters (spaces at the ends are dropped)"


class CredentialsIn(Strict):
    name: StrictStr = Field(description=NAME + "; account names are unique, whatever their case")
    password: StrictStr = Field(description=f"{MIN_PASSWORD} to {MAX_PASSWORD} characters")


class GuestIn(Strict):
    name: StrictStr = Field(description=NAME + "; it may not be an account's name")


class UserOut(BaseModel):
    id: str = Field(description="the user's id (stays the same across sessions for an account)")
    name: str
    guest: bool = Field(description="true for a guest (a name only), false for an account")
    lang: str | None = Field(description="the language the account chose (PUT /api/me/language): "
                                         "en pt nl de zh; null when it chose none (and for a guest)")


class MeOut(BaseModel):
    user: UserOut | None = Field(description="the signed-in user, or null when signed out")


def signed_in(user: User | None) -> dict[str, Any]:
    """The answer `{"user": ...}` about `user` (None: signed out)."""
    if user is None:
        return {"user": None}
    return {"user": {"id": user.id, "name": user.name, "guest": user.guest, "lang": user.lang}}


async def _sign_in(
    request: Request, response: Response, service: Accounts, signed: SignedIn
) -> dict[str, Any]:
    """Give the browser its new session (ending the one it had, if any, and closing its sockets)."""
    await service.logout(request.cookies.get(COOKIE))
    response.set_cookie(
        COOKIE, signed.session_id, max_age=service.session_seconds, path="/", httponly=True,
        samesite="lax", secure=service.secure_cookies,
    )
    return signed_in(signed.user)


@router.post("/register", status_code=201, response_model=MeOut, responses=ERRORS)
async def register(body: CredentialsIn, request: Request, response: Response, service: Service) -> Any:
    """Create an account and sign in to it (the answer sets the session cookie)."""
    signed = await service.register(body.name, body.password, client_address(request.scope))
    return await _sign_in(request, response, service, signed)


@router.post("/login", response_model=MeOut, responses=ERRORS)
async def login(body: CredentialsIn, request: Request, response: Response, service: Service) -> Any:
    """Sign in to an account. After 5 failed attempts for a name within a minute from one address,
    that address waits (429); so does an address that signs in too often (any way)."""
    signed = await service.login(body.name, body.password, client_address(request.scope))
    return await _sign_in(request, response, service, signed)


@router.post("/guest", status_code=201, response_model=MeOut, responses=ERRORS)
async def guest(body: GuestIn, request: Request, response: Response, service: Service) -> Any:
    """Play as a guest: a name only, no password (the answer sets the session cookie)."""
    signed = await service.guest(body.name, client_address(request.scope))
    return await _sign_in(request, response, service, signed)


@router.post("/logout", response_model=MeOut, responses=ERRORS)
async def logout(request: Request, response: Response, service: Service) -> Any:
    """Sign out: the session ends on the server, its WebSockets close, and the cookie is cleared
    (signed out already: no-op)."""
    await service.logout(request.cookies.get(COOKIE))
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=service.secure_cookies)
    return signed_in(None)


@router.get("/me", response_model=MeOut, responses=ERRORS)
async def me(user: Me) -> Any:
    """Who the session cookie signs in, or `{"user": null}`."""
    return signed_in(user)
