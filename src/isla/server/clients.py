"""Which client a request comes from: its network address, the key of every per-client limit.

Behind a reverse proxy every request arrives from the proxy's address. With `trusted_proxies`
set, `create_app` puts uvicorn's ProxyHeadersMiddleware in front of everything, which takes the
client's address from `X-Forwarded-For` only when the request comes from one of those proxies;
`isla serve` turns uvicorn's own proxy handling off, so without the setting the header is ignored
and no client can choose the address it is counted under.
"""

from __future__ import annotations

from starlette.types import Scope

UNKNOWN = "unknown"


def client_address(scope: Scope) -> str:
    """The address of the client behind an HTTP request or WebSocket (the proxy's client if trusted)."""
    client = scope.get("client")
    if not client:
        return UNKNOWN
    return str(client[0])[:64]
