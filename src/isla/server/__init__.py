"""The Isla server: tables whose truth is an append-only action log, served over HTTP.

`create_app(config)` builds the ASGI application (FastAPI); `isla serve` runs it with uvicorn. The
table service (`tables.py`) holds each live table in memory and writes every move to the log in the
database (`store/`) before it counts; the HTTP routes (`routes/`) only translate. See docs/server.md.

The names below are imported on first use, so `isla` commands that never serve do not pay for
loading the web framework and the database layer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from isla.server.app import create_app
    from isla.server.config import ServerConfig

__all__ = ["ServerConfig", "create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from isla.server.app import create_app

        return create_app
    if name == "ServerConfig":
        from isla.server.config import ServerConfig

        return ServerConfig
    raise AttributeError(f"module 'isla.server' has no attribute {name!r}")
