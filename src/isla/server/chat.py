"""Chat: a room per table (its players and, while its creator allows it, its spectators) and the
lobby's, over the game's own WebSocket, kept in the database.

A message is checked here before anything is stored: text of at most `chat_max_chars` characters
(not blank), from someone with a name (a seat's, or a signed-in user's), and at most about
`chat_messages` per `chat_window_seconds` per person (a token bucket per person, whatever the
number of their pages). A refusal is an error to the sender only; nothing is stored or sent on.
A chat message never reaches the game: it is not an action, and the table's log never sees it.
Pages show names and messages as text only (textContent); the server keeps them as they were typed.
"""

from __future__ import annotations

from typing import Any

from isla.core import JSON
from isla.core.said import generic
from isla.server.config import ServerConfig
from isla.server.ratelimit import Shared, TokenBucket
from isla.server.store import Store
from isla.server.store.chats import ChatLine
from isla.server.tables import Caller, Speaker, TableError, token_hash

LOBBY = "lobby"
# A replay shows at most this many of the table's newest messages, among the moves.
REPLAY_CHAT = 1000
# Buckets of people who have been quiet long enough are forgotten once this many are kept.
MAX_BUCKETS = 10_000


def line_json(line: ChatLine) -> JSON:
    return {
        "id": line.id, "at": None if line.at is None else line.at.isoformat(), "seq": line.seq,
        "name": line.name, "seat": line.seat, "spectator": line.spectator, "text": line.text,
    }


def chat_message(room: str, lines: list[ChatLine], history: bool = False) -> JSON:
    """The `chat` message a page gets: a room's history on connecting, or one new message."""
    return {"type": "chat", "room": room, "history": history, "messages": [line_json(x) for x in lines]}


def person(caller: Caller) -> str:
    """Whom the rate limit counts: the account, else the player token, else the client address."""
    if caller.user_id is not None:
        return "user:" + caller.user_id
    if caller.token is not None:
        return "token:" + token_hash(caller.token)
    return "client:" + (caller.client or "")


class Chat:
    """The checks, the rate limits and the storage of chat messages; the hub sends them out."""

    def __init__(self, store: Store, config: ServerConfig, shared: Shared | None = None) -> None:
        self.store = store
        self.config = config
        self.shared = shared  # several processes: the limits are counted in Redis
        self._buckets: dict[str, TokenBucket] = {}

    def text(self, value: Any) -> str:
        """The message's text, or a clear refusal (nothing is stored)."""
        limit = self.config.chat_max_chars
        if not isinstance(value, str):
            raise TableError("invalid", generic("a chat message needs a 'text': the words to say"))
        if not value.strip():
            raise TableError("invalid", generic("a chat message cannot be empty"))
        if len(value) > limit:
            raise TableError("invalid", generic("a chat message has at most {limit} characters, not {length}",
                                                limit=limit, length=len(value)))
        return value

    async def take(self, caller: Caller) -> None:
        """Count one message of this person's; refuse it past the rate limit (counted on every
        process when they share Redis, else in this one's memory)."""
        config = self.config
        key = person(caller)
        rate = config.chat_messages / config.chat_window_seconds
        shared = self.shared
        counted = None if shared is None else await shared("chat:" + key, rate, config.chat_messages)
        taken = None if counted is None else counted[0]
        if taken is None:
            bucket = self._buckets.get(key)
            if bucket is None:
                if len(self._buckets) >= MAX_BUCKETS:
                    self._buckets = {k: b for k, b in self._buckets.items() if not b.full()}
                bucket = self._buckets[key] = TokenBucket(rate, config.chat_messages)
            taken = bucket.take()
        if not taken:
            window = f"{config.chat_window_seconds:g}"
            raise TableError("rate_limited", generic("too many chat messages: at most {chat_messages} in "
                                                     "{window} seconds; wait a moment (this one was not "
                                                     "sent)",
                                                     chat_messages=config.chat_messages, window=window))

    async def history(self, room: str) -> list[ChatLine]:
        return await self.store.chat_history(room, self.config.chat_history)

    async def say_in_lobby(self, caller: Caller, value: Any) -> ChatLine:
        text = self.text(value)
        if caller.user_name is None:
            raise TableError("forbidden", generic("sign in (a guest name will do) to chat in the lobby"))
        await self.take(caller)
        return await self.store.add_chat(ChatLine(LOBBY, caller.user_name, text, user_id=caller.user_id))

    async def say_at_table(self, table_id: str, caller: Caller, speaker: Speaker, value: Any) -> ChatLine:
        text = self.text(value)
        if speaker.name is None:
            raise TableError("forbidden", generic("sign in (a guest name will do) to chat at a table you "
                                                  "watch"))
        if not speaker.allowed:
            raise TableError("forbidden", generic("the table's creator has closed its chat to spectators"))
        await self.take(caller)
        line = ChatLine(table_id, speaker.name, text, user_id=caller.user_id, seat=speaker.seat,
                        spectator=speaker.spectator, seq=speaker.seq)
        return await self.store.add_chat(line)


async def replay_chat(store: Store, table_id: str) -> list[JSON]:
    """The table's chat for its replay (the caller was let see the table already), oldest first."""
    return [line_json(line) for line in await store.chat_history(table_id, REPLAY_CHAT)]
