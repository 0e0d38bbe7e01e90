"""Which language each reader gets, and the server's own messages rendered in it (docs/i18n.md).

A refusal is raised with its message as a `Said` of the `isla` domain (`generic("English {x}",
x=...)`, isla.core.said), whose str is its English: the code that refuses knows nothing of
languages, and English readers, logs and tests read the str as before. The boundary renders it
(`in_language`): the HTTP error handlers in the request's language, the WebSocket in its
connection's. A plain str (what a game or a library said: an illegal move's reason, a JSON
parser's complaint) stays as it is; a `Said` may hold one as a parameter.

Which language a request gets (`reader_language`): `?lang=` if Isla has it, else the signed-in
account's (`users.lang`, set by PUT /api/me/language), else the best of Accept-Language, else
English. The refusals of the outer layers (a body too large, a foreign Origin or Host, a bug),
answered before any account is looked up, go by `?lang=` and Accept-Language only
(`scope_language`).
"""

from __future__ import annotations

import logging

from starlette.datastructures import Headers, QueryParams
from starlette.requests import HTTPConnection
from starlette.types import Scope

from isla.core.said import generic
from isla.i18n import negotiate
from isla.i18n.languages import supported
from isla.i18n.told import Teller

log = logging.getLogger("isla.server")

SERVER = Teller(None, None)  # the server's messages: the `isla` domain only, no game's catalogs
INTERNAL = generic("internal server error (the server log has the details)")


def in_language(message: str, lang: str) -> str:
    """`message` (a `Said`, or a text as it is) in `lang`, on one line. A catalog that lacks it
    (a bug the catalog tests catch first) gives the English, with a warning in the log."""
    try:
        text = SERVER.render(message, lang)
    except Exception as error:
        log.warning("isla: cannot render %r in %s: %s", str(message), lang, error)
        text = str(message)
    return " ".join(text.split())


def scope_language(scope: Scope) -> str:
    """The language of a request from its `?lang=` and Accept-Language only (no account look-up)."""
    asked = QueryParams(scope.get("query_string", b"").decode("latin-1")).get("lang")
    return negotiate(Headers(scope=scope).get("accept-language"), asked)


async def reader_language(connection: HTTPConnection) -> str:
    """The language of a request or WebSocket: `?lang=`, the account's, Accept-Language, English."""
    asked = supported(connection.query_params.get("lang"))
    if asked is not None:
        return asked
    return negotiate(connection.headers.get("accept-language"), await account_language(connection))


async def account_language(connection: HTTPConnection) -> str | None:
    """The signed-in account's language, or None (no account, none chosen, or no database now:
    a refusal is still answered, in the browser's language)."""
    from isla.server.auth import current_user  # auth.py words its refusals with this module

    try:
        user = await current_user(connection)
    except Exception:  # DatabaseUnavailable and the like: the store has logged it
        return None
    return None if user is None else user.lang
