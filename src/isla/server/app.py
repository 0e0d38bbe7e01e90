"""The ASGI application: FastAPI routes over the table service, with errors that are one JSON line.

Every refusal, whatever caused it (malformed JSON, a body too large, an unknown table, a forged or
stale submission, a bug), reaches the client as `{"error": "...", "code": "..."}` with a 4xx (or,
for a bug, a 500; for a database that cannot serve, a 503) status and never a traceback; nothing
changes on the server when it is refused.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

import isla
from isla.core.said import generic, generic_n
from isla.server import ws
from isla.server.auth import Accounts, OriginCheck
from isla.server.chat import Chat
from isla.server.config import ConfigError, ServerConfig
from isla.server.head import HeadAsGet
from isla.server.headers import SecurityHeaders
from isla.server.hosts import HostCheck, host_list
from isla.server.hub import Hub
from isla.server.jsondepth import MAX_DEPTH, too_deep
from isla.server.language import INTERNAL, in_language, reader_language, scope_language
from isla.server.mail.setup import open_mail
from isla.server.origin import allowed_origins
from isla.server.routes import pages, routers
from isla.server.store import DatabaseUnavailable, Store
from isla.server.store.outage import MESSAGE as UNAVAILABLE
from isla.server.tables import LocalTableService, TableError

log = logging.getLogger("isla.server")

STATUS = {
    "not_found": 404,
    "unauthorized": 401,
    "forbidden": 403,
    "invalid": 422,
    "illegal": 422,
    "stale": 409,
    "duplicate": 409,
    "conflict": 409,
    "not_your_turn": 409,
    "not_started": 409,
    "finished": 409,
    "not_finished": 409,
    "seat_taken": 409,
    "unavailable": 503,
    "bad_login": 401,
    "name_taken": 409,
    "too_many": 429,
    "forbidden_origin": 403,
    "no_email": 503,
    "not_confirmed": 409,
    "rate_limited": 429,
}
HTTP_CODES = {400: "bad_request", 404: "not_found", 405: "method_not_allowed", 413: "too_large"}


def error_response(status: int, message: str, code: str, lang: str = "en") -> JSONResponse:
    """`{"error", "code"}`: the message in the reader's language `lang` (isla.server.language), the
    code as it is."""
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    body = {"error": in_language(message, lang), "code": code}
    return JSONResponse(body, status_code=status, headers=headers)


def unavailable_response(lang: str) -> JSONResponse:
    """The answer while the database cannot serve: 503, and when to ask again."""
    response = error_response(503, UNAVAILABLE, "unavailable", lang)
    response.headers["Retry-After"] = "5"
    return response


class BodyLimit:
    """Refuse request bodies over `limit` bytes with 413 before the application reads any of it,
    and bodies nesting deeper than any request of the API (jsondepth.py) with 400 before they are
    parsed (a parser recursing 3,000 levels deep ends in an internal error).

    Uvicorn sets no limit on HTTP bodies; moves are tiny, so a large body is a mistake or an attack.
    The body is read here (at most limit + 1 bytes) and handed on from memory.
    """

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        lang = scope_language(scope)
        problem = generic("the request body is larger than {limit} bytes", limit=self.limit)
        too_large = error_response(413, problem, "too_large", lang)
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = 0
                if declared > self.limit:
                    await too_large(scope, receive, send)
                    return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                await self.app(scope, _replay([message]), send)
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await too_large(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if too_deep(body):
            problem = generic("the request body nests more than {depth} lists or objects deep",
                              depth=MAX_DEPTH)
            await error_response(400, problem, "bad_request", lang)(scope, receive, send)
            return
        await self.app(scope, _replay([{"type": "http.request", "body": body}], receive), send)


class CatchAll:
    """Answer a bug with a JSON 500 (the traceback goes to the log only) and keep the connection.

    A database that cannot serve, met outside a route (in a middleware), is a 503 `unavailable`
    without a traceback, as in a route (the store has logged the outage once).

    Starlette's own last-resort handler re-raises after answering, which makes the server drop
    the client's connection; a client should see one failed request, nothing more.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watch(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, watch)
        except DatabaseUnavailable:
            if started:
                raise
            await unavailable_response(scope_language(scope))(scope, receive, send)
        except Exception as error:
            log.error("isla: %s %s failed", scope.get("method"), scope.get("path"), exc_info=error)
            if started:  # too late for an answer of our own; let the server close the connection
                raise
            await error_response(500, INTERNAL, "internal", scope_language(scope))(scope, receive, send)


def _replay(messages: list[Message], then: Receive | None = None) -> Receive:
    pending = list(messages)

    async def receive() -> Message:
        if pending:
            return pending.pop(0)
        if then is not None:
            return await then()
        return {"type": "http.disconnect"}

    return receive


def _validation_message(error: RequestValidationError) -> tuple[int, str, str]:
    """The status, message and code of a request FastAPI refused; the message is the server's,
    except the field's problem, which is pydantic's (English)."""
    problems = error.errors()
    if not problems:
        return 422, generic("invalid request"), "invalid"
    first = problems[0]
    if first.get("type") == "json_invalid":
        return 400, generic("malformed JSON in the request body: send one JSON object"), "bad_request"
    not_an_object = first.get("type") in ("model_attributes_type", "dict_type")
    if tuple(first.get("loc", ())) == ("body",) and not_an_object:
        message = generic("the request body must be a JSON object sent as 'Content-Type: application/json'")
        return 400, message, "bad_request"
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body") or "body"
    problem = str(first.get("msg", "not accepted"))
    if len(problems) > 1:
        more = generic_n("(and {n} more problem)", "(and {n} more problems)", len(problems) - 1)
        return 422, generic("invalid request: {where}: {problem} {more}", where=where, problem=problem,
                            more=more), "invalid"
    return 422, generic("invalid request: {where}: {problem}", where=where, problem=problem), "invalid"


def table_service(store: Store, config: ServerConfig) -> LocalTableService:
    """One process's tables, or (with a Redis URL) one of several processes' (cluster.py)."""
    if config.redis_url is None:
        return LocalTableService(store, config)
    from isla.server.cluster import SharedTableService

    return SharedTableService(store, config)


def create_app(config: ServerConfig | None = None) -> FastAPI:
    """The Isla server as an ASGI app; its lifespan opens the database (migrating it) and the tables."""
    config = config or ServerConfig()
    try:
        hosts = host_list(config.host, config.port, config.allowed_hosts)
        origins = allowed_origins(config.allowed_origins)
    except ValueError as error:
        raise ConfigError(str(error)) from None
    ratings = config.ratings()  # a bad points table or season length fails here, before serving

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await Store.open(config.url(), config.sqlite_busy_ms)
        store.ratings = ratings
        service = table_service(store, config)
        hub = Hub(service)
        shared = getattr(service, "take_token", None)  # several processes: limits counted in Redis
        hub.chat = Chat(store, config, shared)
        accounts = Accounts(store, config)
        accounts.limits.shared = shared
        counting, emptying = (getattr(service, name, None) for name in ("count_in_window", "empty_window"))
        if counting is not None and emptying is not None:
            accounts.limits.shared_window = (counting, emptying)
        accounts.listen(hub.session_ended)  # an ended session's WebSockets close
        mail = open_mail(app.state, store, config, service.turn_based)  # issue 16: email
        service.on_turn(mail.notices.started)
        try:
            await service.open()
            app.state.tables = service
            app.state.store = store
            app.state.accounts = accounts
            app.state.hub = hub
            hub.check_sessions(accounts.session_alive, config.session_check_seconds)
            yield
        finally:
            await mail.close()
            accounts.close()
            await hub.close()
            await service.close()
            await store.close()

    app = FastAPI(
        title="Isla",
        version=isla.__version__,
        summary="Game tables for friends and bots; every table is an action log.",
        lifespan=lifespan,
        # FastAPI's interactive pages load their JavaScript from a CDN; a self-hosted server should
        # not, so only the OpenAPI document itself is served.
        docs_url=None,
        redoc_url=None,
    )
    app.state.config = config
    app.state.websockets = Counter()  # open WebSockets by client address (ws.py bounds them)
    for router in routers:
        app.include_router(router)
    app.include_router(ws.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=pages.WEB, check_dir=False), name="static")

    @app.get("/api", include_in_schema=False)
    async def root() -> dict[str, Any]:
        return {"name": "isla", "version": isla.__version__, "api": "/api", "openapi": "/openapi.json"}

    @app.exception_handler(TableError)
    async def table_error(request: Request, error: TableError) -> JSONResponse:
        lang = await reader_language(request)
        return error_response(STATUS.get(error.code, 400), error.message, error.code, lang)

    @app.exception_handler(DatabaseUnavailable)
    async def database_unavailable(request: Request, _error: DatabaseUnavailable) -> JSONResponse:
        return unavailable_response(scope_language(request.scope))

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> JSONResponse:
        status, message, code = _validation_message(error)
        return error_response(status, message, code, await reader_language(request))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        method, path = request.method, request.url.path
        message: str
        if error.status_code == 404:
            message = generic("no such endpoint: {method} {path}", method=method, path=path)
        elif error.status_code == 405:
            message = generic("{method} is not allowed on {path}", method=method, path=path)
        else:
            message = str(error.detail)
        code = HTTP_CODES.get(error.status_code, "error")
        if error.status_code == 401:
            code = "unauthorized"
        return error_response(error.status_code, message, code, await reader_language(request))

    app.add_middleware(OriginCheck, allowed=origins)
    app.add_middleware(CatchAll)
    app.add_middleware(HeadAsGet)  # inside the checks: a HEAD is refused where its GET would be
    app.add_middleware(BodyLimit, limit=config.max_body_bytes)
    app.add_middleware(HostCheck, names=hosts)  # inside the proxy headers: it needs the real scheme
    if config.trusted_proxies:  # every other part sees the client the proxy names
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(config.trusted_proxies))
    app.add_middleware(SecurityHeaders)  # outermost: on every answer, each refusal above included
    return app
