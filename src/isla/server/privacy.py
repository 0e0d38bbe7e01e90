"""Private tables: who may see one, and the answer everyone else gets.

A table created with `"private": true` is never listed (the store leaves it out of every list) and
has an invite secret of its own, random and separate from the table id (ids appear on player pages
and in links between tables). Whoever holds a seat at it, its creator, and whoever brings the
secret (`?key=` on the page and the API, `"key"` in the WebSocket's `watch`) may see, watch, join
and replay it; anyone else is told there is no such table, in the very words an unknown id gets,
so a refusal never reveals that a table exists.
"""

from __future__ import annotations

import secrets

from isla.core.said import Said, generic
from isla.server.store import StoredTable

MAX_KEY = 64


def new_invite() -> str:
    """A fresh invite secret (about 128 bits, URL-safe)."""
    return secrets.token_urlsafe(16)


def key_matches(table: StoredTable, key: str | None) -> bool:
    """Whether `key` is the table's invite secret (compared in constant time)."""
    if table.invite is None or key is None or len(key) > MAX_KEY:
        return False
    return secrets.compare_digest(table.invite.encode(), key.encode())


def no_such_table(table_id: str) -> Said:
    """What an unknown table id is answered: the same for a private table seen without its key."""
    return generic("there is no table '{table_id}'", table_id=table_id)
