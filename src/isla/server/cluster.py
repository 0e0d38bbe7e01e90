"""Several `isla serve` processes on one PostgreSQL database, sharing their tables through Redis.

The database stays the one truth: every change is a committed row there, and the unique
(table, seq) of the action log refuses a second writer whatever the processes believe. Redis
carries between the processes:

- **Notices.** After each committed change to a table (a move, a join, a new table, a stand-in,
  a timeout, an end: `Store.on_write`), the process publishes `{"table", "seq", "from"}` on the
  channel `isla:<database>:tables`; a move's notice carries the move too ("moves": its first seq,
  seat, actions, source and the clocks stored with it). Every other process that holds the table
  in memory catches up: with the moves the notices carried when they follow on from its copy's seq
  (no database read), else from the database (it applies the moves logged after its copy's seq,
  `Store.tail`; after any other change it reads the table back and rebuilds its copy), and pushes
  to its own followers as for its own changes (hub.py); a table it does not hold (a new one) it
  reads in; the lobby is pushed either way. What a notice carries was committed before it was
  published; a notice lost (Redis away) leaves a gap, which sends the next catch-up to the
  database. A move that reaches a process whose copy is behind is checked against the database:
  it loses with `conflict` (or, sent for a seq the copy has not reached yet, the copy catches up
  first), exactly as two submissions race in one process.
- **Leases.** Each live table has one owner process, the one holding `isla:<database>:owner:<table>`
  (`SET NX PX`, renewed every `renew_seconds` by a Lua compare-and-renew, dropped by a
  compare-and-delete when the process stops). Only the owner runs the table's bots, clocks and
  stand-ins (`LocalTableService.owns`), so a bot's move and a deadline happen once; when an owner
  dies (even `kill -9`), its leases expire after `lease_seconds` and another process that holds
  the table takes it over: it reads the table back, resumes its clocks and lets its bots go on.
- **Who is connected.** Each process keeps a hash (HERE) of its WebSockets following each table, per
  seat and for the spectators, rewritten whole and kept alive every `renew_seconds` (it expires
  after `lease_seconds`, with the process's name in PROCESSES), and publishes each change at once.
  Every process adds the others' counts to its own (`LiveTable.elsewhere`, `watching_elsewhere`):
  a seat connected anywhere is connected here (nobody may hand it to a bot, `--away-seconds` does
  not run), and a table's watcher count is every process's. A dead process's connections leave
  with its hash. (A change told on the channel may, rarely, be undone by an older whole read that
  crossed it; the next look, `renew_seconds` later, sets it right.)
- **Chat.** A message stored and pushed to this process's followers is published (CHAT_CHANNEL) for
  the others to push to theirs.
- **Limits.** The chat flood limit (per person) and the sign-in limit (per address) are token
  buckets in Redis (BUCKET), the failed logins per (address, name) a sliding window (WINDOW); each
  is counted in this process's memory while Redis is away.

When Redis does not answer, the processes go on serving their own requests from the database: one
warning line says so (and one line when it answers again), notices are not sent meanwhile, a
process keeps the tables it owned and takes no new ones; once Redis answers, each process catches
up every table it holds and renews or claims its leases.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from redis.asyncio import Redis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError

from isla.core import JSON, IllegalAction
from isla.server import clocking
from isla.server.config import ServerConfig, describe_redis
from isla.server.keyed import start_once
from isla.server.store import DatabaseUnavailable, Store, StoredAction, StoredClocks
from isla.server.store.appends import Move
from isla.server.tables import LIVE, Caller, LiveTable, LocalTableService, NewTable, TableError

log = logging.getLogger("isla.server")
T = TypeVar("T")

# The channel and the lease keys are named after the database, so that the processes of several
# databases (two sites, or the tests) may share one Redis without meeting: isla:<database>:tables,
# isla:<database>:owner:<table>.
CHANNEL = "isla:{}:tables"
OWNER = "isla:{}:owner:"
# Who is connected where: each process's hash isla:<database>:here:<process> of "<table>/<slot>"
# (a seat's connections) and "<table>/w" (the table's spectators) -> how many, expiring unless
# renewed; the sorted set isla:<database>:processes of the processes alive, by when they expire;
# and a change of one count, told at once on isla:<database>:here. Chat messages: isla:<database>:chat.
HERE = "isla:{}:here:"
PROCESSES = "isla:{}:processes"
HERE_CHANNEL = "isla:{}:here"
CHAT_CHANNEL = "isla:{}:chat"
WATCHERS = "w"  # the field of a table's spectators, beside its seats' slots
# The lease is renewed (its expiry pushed on) and given back only by its holder: compare, then act.
# A lease Redis no longer has at all (it restarted empty) is taken again by the process that held it.
RENEW = """local holder = redis.call('get', KEYS[1])
if holder == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end
if not holder then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0"""
RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0"
# A process says it is alive until ARGV[1] ms from now (Redis's own clock, the same for every host),
# forgets those that did not say so in time, and learns who is left.
ALIVE = """local t = redis.call('time')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('zadd', KEYS[1], now + tonumber(ARGV[1]), ARGV[2])
redis.call('zremrangebyscore', KEYS[1], '-inf', now)
return redis.call('zrange', KEYS[1], 0, -1)"""
# A token bucket kept in Redis, so that a limit counts a person's requests on every process:
# KEYS[1] holds its tokens and when they were counted; ARGV: rate per second, burst. Returns
# {1 if taken else 0, the tokens left}.
BUCKET = """local t = redis.call('time')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local kept = redis.call('hmget', KEYS[1], 'tokens', 'at')
local tokens = tonumber(kept[1]) or burst
local at = tonumber(kept[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
local taken = 0
if tokens >= 1 then tokens = tokens - 1 taken = 1 end
redis.call('hset', KEYS[1], 'tokens', string.format('%.6f', tokens), 'at', string.format('%.6f', now))
redis.call('pexpire', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return {taken, string.format('%.6f', tokens)}"""
BUCKETS = "isla:{}:bucket:"
# A sliding window of failures under KEYS[1] (ARGV: window seconds, most failures, a unique part):
# {1, 0} counts one more; {0, wait} refuses (the window is full for `wait` seconds more).
WINDOW = """local t = redis.call('time')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local window, most = tonumber(ARGV[1]), tonumber(ARGV[2])
redis.call('zremrangebyscore', KEYS[1], '-inf', now - window)
if redis.call('zcard', KEYS[1]) >= most then
  local first = redis.call('zrange', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, string.format('%.6f', tonumber(first[2]) + window - now)}
end
redis.call('zadd', KEYS[1], now, string.format('%.6f', now) .. ':' .. ARGV[3])
redis.call('pexpire', KEYS[1], math.ceil(window * 1000) + 1000)
return {1, '0'}"""
WINDOWS = "isla:{}:window:"
UP = "up"  # a field every process's hash has, so that it exists (and expires) with no one connected
Handler = Callable[[dict[str, Any]], None]  # a message of another process's on one channel
Send = Callable[[], Awaitable[Any]]
# Waiting for Redis again: first after this many seconds, then twice as long each time (at most LAST).
RETRY_FIRST = 0.5
RETRY_LAST = 5.0


def process_name() -> str:
    """This process among the others: host, pid and a random part (a pid can be used again)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


class Link:
    """The Redis connection of one process: publishing notices, listening to the others' notices,
    and the lease keys. It tells once when Redis stops answering and once when it answers again."""

    def __init__(self, url: str, database: str) -> None:
        self.url = url
        self.channel = CHANNEL.format(database)
        self.owner = OWNER.format(database)
        self.me = process_name()
        self.here = HERE.format(database)
        self.processes = PROCESSES.format(database)
        self.here_channel = HERE_CHANNEL.format(database)
        self.chat_channel = CHAT_CHANNEL.format(database)
        # A connection idle for a second is checked before use, so one that Redis closed while it was
        # away (restarting) is replaced instead of failing the first command afterwards.
        self.redis: Redis = Redis.from_url(url, socket_connect_timeout=2, socket_timeout=5,
                                           health_check_interval=1)
        self._renew = self.redis.register_script(RENEW)
        self._release = self.redis.register_script(RELEASE)
        self._alive = self.redis.register_script(ALIVE)
        self._bucket = self.redis.register_script(BUCKET)
        self.buckets = BUCKETS.format(database)
        self._window = self.redis.register_script(WINDOW)
        self.windows = WINDOWS.format(database)
        self.down = False
        self._outbox: asyncio.Queue[Send] = asyncio.Queue()  # what to send, in order
        self._tasks: list[asyncio.Task[None]] = []

    # --- up and down ----------------------------------------------------------------------------

    def failed(self, error: BaseException) -> None:
        if not self.down:
            self.down = True
            log.warning("isla: Redis at %s is not available (%s); this process serves its own "
                        "requests from the database and catches up when Redis answers again",
                        self.where(), _line(error))

    def answered(self) -> bool:
        """Redis answered; True if it had been down (the caller catches up)."""
        if not self.down:
            return False
        self.down = False
        log.warning("isla: Redis at %s answers again; catching up the tables", self.where())
        return True

    def where(self) -> str:
        return describe_redis(self.url)

    # --- notices ----------------------------------------------------------------------------------

    def start(self, handlers: Mapping[str, Handler], back: Callable[[], Awaitable[None]]) -> None:
        """Listen to the channels (each message of another process's to its handler) and send what
        is queued. `back()` is called when Redis answers again after an outage."""
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen(handlers, back), name="redis listen"),
                       loop.create_task(self._publish(), name="redis publish")]

    def tell(self, table_id: str, seq: int | None, move: Move | None = None) -> None:
        """Publish (soon, in order) that the table changed, with the move if it was one (and nothing
        else: no event), so that the others need not read it back; nothing while Redis is down."""
        notice: dict[str, Any] = {"table": table_id, "seq": seq}
        if move is not None and move.event is None:
            clocks = None if move.clocks is None else [move.clocks.state, move.clocks.deadline]
            notice["moves"] = {"first": move.first_seq, "seat": move.seat, "actions": list(move.actions),
                               "source": move.source, "clocks": clocks}
        self.publish(self.channel, notice)

    def publish(self, channel: str, message: JSON) -> None:
        """Publish `message` (with this process's name) on the channel, soon and in order with the
        rest; nothing while Redis is down."""
        text = json.dumps({**message, "from": self.me})
        self.send(functools.partial(self.redis.publish, channel, text))

    def send(self, call: Send) -> None:
        """Make `call()` (soon, in order with the notices); nothing while Redis is down."""
        if not self.down:
            self._outbox.put_nowait(call)

    async def _publish(self) -> None:
        while True:
            call = await self._outbox.get()
            try:
                await twice(call)
            except (RedisError, OSError) as error:
                self.failed(error)
            finally:
                self._outbox.task_done()

    async def _listen(self, handlers: Mapping[str, Handler], back: Callable[[], Awaitable[None]]) -> None:
        failures = 0
        while True:
            try:
                async with self.redis.pubsub(ignore_subscribe_messages=True) as pubsub:
                    await pubsub.subscribe(*handlers)
                    failures = 0
                    if self.answered():
                        await back()
                    while True:
                        message = await pubsub.get_message(timeout=1.0)
                        if message is not None:
                            self._dispatch(message, handlers)
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as error:
                self.failed(error)
                failures += 1
                await asyncio.sleep(min(RETRY_LAST, RETRY_FIRST * 2 ** (failures - 1)))

    def _dispatch(self, message: dict[str, Any], handlers: Mapping[str, Handler]) -> None:
        channel = message.get("channel")
        channel = channel.decode() if isinstance(channel, bytes) else channel
        handler = handlers.get(channel) if isinstance(channel, str) else None
        try:
            notice = json.loads(message["data"])
            if handler is None or not isinstance(notice, dict) or not isinstance(notice["from"], str):
                raise ValueError(channel)
            if notice["from"] != self.me:
                handler(notice)
        except (ValueError, KeyError, TypeError):
            log.warning("isla: a message on %s could not be read: %r", channel, message.get("data"))

    # --- who is connected where -----------------------------------------------------------------

    def set_here(self, field: str, count: int, ms: int) -> None:
        """This process's count of `field` ("<table>/<slot>" or "<table>/w") is now `count`: kept in
        its hash and told to the others at once."""
        async def write() -> None:
            async with self.redis.pipeline(transaction=True) as pipe:
                if count > 0:
                    pipe.hset(self.here + self.me, field, count)
                else:
                    pipe.hdel(self.here + self.me, field)
                pipe.pexpire(self.here + self.me, ms)
                await pipe.execute()

        self.send(write)
        self.publish(self.here_channel, {"field": field, "count": count})

    async def everyone_here(self, fields: Mapping[str, int], ms: int) -> dict[str, dict[str, int]]:
        """Write this process's counts whole (its hash may have expired while Redis was away, or
        Redis restarted empty), say it is alive for `ms`, and read every other live process's counts."""
        async def exchange() -> dict[str, dict[str, int]]:
            async with self.redis.pipeline(transaction=True) as pipe:
                pipe.delete(self.here + self.me)
                whole: dict[bytes | bytearray | memoryview[int] | str | int | float,
                            bytes | bytearray | memoryview[int] | str | int | float] = {UP: 1}
                whole.update(fields)
                pipe.hset(self.here + self.me, mapping=whole)
                pipe.pexpire(self.here + self.me, ms)
                await pipe.execute()
            alive = await self._alive(keys=[self.processes], args=[ms, self.me])
            others = [name.decode() for name in alive if name.decode() != self.me]
            async with self.redis.pipeline(transaction=False) as pipe:
                for other in others:
                    pipe.hgetall(self.here + other)
                read = await pipe.execute()
            return {other: {key.decode(): int(value) for key, value in counts.items() if key != UP.encode()}
                    for other, counts in zip(others, read, strict=True)}

        return await twice(exchange)

    async def leave(self) -> None:
        """This process stops: its connections are gone at once for the others' next look."""
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.delete(self.here + self.me)
            pipe.zrem(self.processes, self.me)
            await pipe.execute()

    # --- limits ---------------------------------------------------------------------------------

    async def take(self, key: str, rate: float, burst: int) -> tuple[bool, float] | None:
        """Take a token from the shared bucket `key`: (taken, the tokens left); None while Redis is
        away (the caller counts in its own memory meanwhile)."""
        call = functools.partial(self._bucket, keys=[self.buckets + key], args=[rate, burst])
        answer = await self._limit(call)
        return None if answer is None else (bool(answer[0]), float(answer[1]))

    async def count_in_window(self, key: str, seconds: float, most: int) -> tuple[bool, float] | None:
        """Count one more in the sliding window `key`: (counted, seconds until it has room again
        when it had none); None while Redis is away (the caller counts in its own memory)."""
        args: list[str | float] = [seconds, most, secrets.token_hex(4)]
        answer = await self._limit(functools.partial(self._window, keys=[self.windows + key], args=args))
        return None if answer is None else (bool(answer[0]), float(answer[1]))

    async def empty_window(self, key: str) -> bool:
        """Forget what the window `key` counted; False while Redis is away."""
        return await self._limit(functools.partial(self.redis.delete, self.windows + key)) is not None

    async def _limit(self, call: Send) -> Any:
        """A limit's command: its answer, or None while Redis is away (and then Redis counts as away)."""
        if self.down:
            return None
        try:
            return await twice(call)
        except (RedisError, OSError) as error:
            self.failed(error)
            return None

    # --- leases -----------------------------------------------------------------------------------

    async def claim(self, table_ids: list[str], ms: int) -> set[str]:
        """Take the leases nobody holds; the tables whose lease this process now holds."""
        if not table_ids:
            return set()
        async def claim() -> list[Any]:
            async with self.redis.pipeline(transaction=False) as pipe:
                for table_id in table_ids:
                    pipe.set(self.owner + table_id, self.me, nx=True, px=ms)
                return await pipe.execute()

        taken = await twice(claim)
        return {table_id for table_id, ok in zip(table_ids, taken, strict=True) if ok}

    async def renew(self, table_ids: list[str], ms: int) -> set[str]:
        """Push on the leases this process holds; the tables whose lease it still holds."""
        if not table_ids:
            return set()
        async def renew() -> list[Any]:
            async with self.redis.pipeline(transaction=False) as pipe:
                for table_id in table_ids:
                    await self._renew(keys=[self.owner + table_id], args=[self.me, ms], client=pipe)
                return await pipe.execute()

        kept = await twice(renew)
        return {table_id for table_id, ok in zip(table_ids, kept, strict=True) if ok}

    async def release(self, table_ids: list[str]) -> None:
        if not table_ids:
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            for table_id in table_ids:
                await self._release(keys=[self.owner + table_id], args=[self.me], client=pipe)
            await pipe.execute()

    async def close(self) -> None:
        """Send what is waiting (briefly), stop listening, close the connection."""
        if not self.down:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._outbox.join(), 2.0)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await self.redis.aclose()


class SharedTableService(LocalTableService):
    """The tables of one of several processes: `LocalTableService`, told of the others' changes and
    owning (running the bots and clocks of) the tables whose lease it holds. See the module docstring."""

    def __init__(self, store: Store, config: ServerConfig) -> None:
        super().__init__(store, config)
        assert config.redis_url is not None
        self.link = Link(config.redis_url, config.url().database or "isla")
        self._owned: set[str] = set()
        self._behind: set[str] = set()  # tables to catch up (a notice came)
        self._catching: dict[str, asyncio.Task[None]] = {}
        self._heard_new: set[str] = set()  # tables to read in because a notice named them
        self._told: dict[str, list[Told]] = {}  # moves the notices carried, not applied yet
        self._read_whole: set[str] = set()  # tables changed otherwise than by moves told: read them
        self._leasing: asyncio.Task[None] | None = None
        self._here_counts: dict[str, int] = {}  # this process's connections by field (see HERE)
        self._there: dict[str, dict[str, dict[str, int]]] = {}  # other process -> table -> field -> count
        self._watching: dict[str, int] = {}  # table -> its spectators on other processes
        self._watch_listeners: list[Callable[[str], None]] = []
        self._chat_listeners: list[Callable[[str, str], None]] = []
        store.on_write.append(self.link.tell)

    @property
    def lease_ms(self) -> int:
        return int(self.config.lease_seconds * 1000)

    def owns(self, table_id: str) -> bool:
        return table_id in self._owned

    async def open(self) -> None:
        handlers: dict[str, Handler] = {self.link.channel: self._heard_notice,
                                        self.link.here_channel: self._heard_here,
                                        self.link.chat_channel: self._heard_chat}
        self.link.start(handlers, self._back)
        try:
            await self._presence_once()
        except (RedisError, OSError) as error:
            self.link.failed(error)
        self._leasing = asyncio.get_running_loop().create_task(self._lease(), name="table leases")
        await super().open()

    async def close(self) -> None:
        if self._leasing is not None:
            self._leasing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._leasing
        for task in list(self._catching.values()):
            task.cancel()
        await super().close()  # the bots stop; the owned tables' clocks are stored stopped
        owned, self._owned = sorted(self._owned), set()
        try:
            await self.link.leave()
            await self.link.release(owned)  # the others take them over at once, not in lease_seconds
        except (RedisError, OSError) as error:
            log.warning("isla: the table leases could not be given back (%s); they expire by themselves",
                        _line(error))
        await self.link.close()

    # --- ownership ------------------------------------------------------------------------------

    async def _load(self, table_id: str) -> LiveTable:
        """Read a table back, owning it if nobody does (before its bots and clocks would start); a new
        table another process made is read in unowned (its maker claims it; if it died, `_lease` does)."""
        heard = table_id in self._heard_new
        self._heard_new.discard(table_id)
        claimed = set() if heard else await self._try_claim([table_id])
        try:
            live = await super()._load(table_id)
        except BaseException:
            await self._give_back(claimed)
            raise
        if live.status not in LIVE:
            await self._give_back(claimed)
        self._recount({table_id})  # its people connected to other processes
        return live

    async def _create(self, request: NewTable, caller: Caller, own_bots: Collection[str] = ()) -> JSON:
        answer = await super()._create(request, caller, own_bots)
        table_id = answer["table"]["id"]
        if await self._try_claim([table_id]):
            live = self._live.get(table_id)
            if live is not None:
                async with live.lock:
                    self.clocks.arm(self, live)
                    self._kick(live)
        return answer

    async def _try_claim(self, table_ids: list[str]) -> set[str]:
        if self.link.down:
            return set()
        try:
            taken = await self.link.claim(table_ids, self.lease_ms)
        except (RedisError, OSError) as error:
            self.link.failed(error)
            return set()
        self._owned |= taken
        return taken

    async def _give_back(self, table_ids: set[str]) -> None:
        self._owned -= table_ids
        with contextlib.suppress(RedisError, OSError):
            await self.link.release(sorted(table_ids))

    async def _lease(self) -> None:
        """Every `renew_seconds`: renew the leases held, claim those of live tables nobody holds."""
        while True:
            await asyncio.sleep(self.config.renew_seconds)
            try:
                await self._lease_once()
            except (RedisError, OSError) as error:
                self.link.failed(error)  # what this process owns, it keeps running meanwhile
            except Exception:
                log.exception("isla: renewing the table leases failed")

    async def _lease_once(self) -> None:
        if self.link.down:
            await self.link.redis.ping()  # raises while Redis is still away
        held = list(self._owned)
        ended = [t for t in held if (live := self._live.get(t)) is None or live.status not in LIVE]
        if ended:
            await self._give_back(set(ended))
        held = [t for t in held if t not in ended]
        kept = await self.link.renew(held, self.lease_ms)
        if self.link.answered():
            await self._back()
        for table_id in set(held) - kept:  # another process holds it now (this one was away)
            self._owned.discard(table_id)
            live = self._live.get(table_id)
            if live is not None:
                log.warning("isla: table %s: another process has taken it over", table_id)
                self.clocks.arm(self, live)  # no deadline is watched here any more
        free = [t for t, live in self._live.items() if live.status in LIVE and t not in self._owned]
        for table_id in await self._try_claim(free):
            await self._take_over(table_id)
        await self._presence_once()

    # --- who is connected where -----------------------------------------------------------------

    def _here(self, live: LiveTable, slot: int | None) -> None:
        field = f"{live.id}/{WATCHERS if slot is None else slot}"
        count = live.followers - sum(live.present.values()) if slot is None else live.present.get(slot, 0)
        if count == self._here_counts.get(field, 0):
            return
        if count > 0:
            self._here_counts[field] = count
        else:
            self._here_counts.pop(field, None)
        self.link.set_here(field, count, self.lease_ms)

    async def _presence_once(self) -> None:
        """Every `renew_seconds`: write this process's connections whole and read the others' again;
        a process that died (its hash expired, its name dropped from the processes alive) is no
        longer counted. Between two looks, each change comes at once on the channel (`_heard_here`)."""
        read = await self.link.everyone_here(self._here_counts, self.lease_ms)
        there: dict[str, dict[str, dict[str, int]]] = {}
        for other, fields in read.items():
            for field, count in fields.items():
                table_id, which = _field(field)
                there.setdefault(other, {}).setdefault(table_id, {})[which] = count
        tables = {t for by_table in (*self._there.values(), *there.values()) for t in by_table}
        self._there = there
        self._recount(tables)

    def _heard_here(self, notice: dict[str, Any]) -> None:
        field, count = notice["field"], notice["count"]
        if not isinstance(field, str) or not isinstance(count, int):
            raise ValueError(field)
        table_id, which = _field(field)
        counts = self._there.setdefault(notice["from"], {}).setdefault(table_id, {})
        if count > 0:
            counts[which] = count
        else:
            counts.pop(which, None)
        self._recount({table_id})

    def _recount(self, table_ids: Collection[str]) -> None:
        """The connections on other processes changed for these tables: who is present, how many watch."""
        for table_id in table_ids:
            slots: dict[int, int] = {}
            watching = 0
            for by_table in self._there.values():
                for which, count in by_table.get(table_id, {}).items():
                    if which == WATCHERS:
                        watching += count
                    else:
                        slots[int(which)] = slots.get(int(which), 0) + count
            if watching != self._watching.get(table_id, 0):
                if watching:
                    self._watching[table_id] = watching
                else:
                    self._watching.pop(table_id, None)
                for listener in self._watch_listeners:
                    listener(table_id)
            live = self._live.get(table_id)
            if live is None or live.elsewhere == slots:
                continue
            people = [seat for seat in live.seats if seat.kind == "human"]
            before = {seat.slot: live.connected(seat) for seat in people}
            live.elsewhere = slots
            for seat in people:
                if live.connected(seat) and not before[seat.slot]:
                    live.gone_since.pop(seat.slot, None)
                elif before[seat.slot] and not live.connected(seat):
                    self._gone(live, seat.slot)
            self._changed(live)

    def watching_elsewhere(self, table_id: str) -> int:
        return self._watching.get(table_id, 0)

    def on_watchers(self, listener: Callable[[str], None]) -> None:
        self._watch_listeners.append(listener)

    # --- chat -------------------------------------------------------------------------------------

    async def take_token(self, key: str, rate: float, burst: int) -> tuple[bool, float] | None:
        """A rate limit counted across the processes (Link.take)."""
        return await self.link.take(key, rate, burst)

    async def count_in_window(self, key: str, seconds: float, most: int) -> tuple[bool, float] | None:
        """A sliding window of failures counted across the processes (Link.count_in_window)."""
        return await self.link.count_in_window(key, seconds, most)

    async def empty_window(self, key: str) -> bool:
        return await self.link.empty_window(key)

    def share_chat(self, room: str, message: str) -> None:
        self.link.publish(self.link.chat_channel, {"room": room, "message": message})

    def on_chat(self, listener: Callable[[str, str], None]) -> None:
        self._chat_listeners.append(listener)

    def _heard_chat(self, notice: dict[str, Any]) -> None:
        room, message = notice["room"], notice["message"]
        if not isinstance(room, str) or not isinstance(message, str):
            raise ValueError(room)
        for listener in self._chat_listeners:
            listener(room, message)

    async def _take_over(self, table_id: str) -> None:
        """This process owns the table now: read it back (the owner before may have moved), resume its
        clocks (the time nobody owned it is paused, as across a restart), let its bots go on."""
        live = self._live.get(table_id)
        if live is None:
            return
        async with live.lock:
            try:
                await self._reload(live)
                resumed = self.clocks.resumed(live.clocks) if live.status == "playing" else None
                if resumed is not None:
                    await self.store.set_clocks(table_id, StoredClocks(resumed.to_json(), resumed.deadline()))
                    self.clocks.apply(self, live, resumed)
            except (DatabaseUnavailable, TableError) as error:
                log.warning("isla: table %s: taking it over failed (%s); trying again", table_id, error)
                await self._give_back({table_id})
                return
            self._kick(live)
        self._changed(live)

    # --- notices ----------------------------------------------------------------------------------

    def _heard_notice(self, notice: dict[str, Any]) -> None:
        table_id, seq = notice["table"], notice["seq"]
        if not isinstance(table_id, str) or not (seq is None or isinstance(seq, int)):
            raise ValueError(table_id)
        self._heard(table_id, seq, _told(notice.get("moves")))

    def _heard(self, table_id: str, seq: int | None, move: Told | None = None) -> None:
        """Another process changed the table (by `move`, if the notice carried it; else it is read
        back from the database): catch up (in the background, coalesced)."""
        live = self._live.get(table_id)
        if live is not None and seq is not None and live.seq >= seq:
            return  # read back after that move already
        if move is None:
            self._read_whole.add(table_id)
        else:
            self._told.setdefault(table_id, []).append(move)
        self._behind.add(table_id)
        start_once(self._catching, table_id, lambda: self._catch_up(table_id), name=f"catch up:{table_id}")

    async def _catch_up(self, table_id: str) -> None:
        failures = 0
        while table_id in self._behind and not self._closing:
            self._behind.discard(table_id)
            try:
                await self._read_again(table_id)
                failures = 0
            except DatabaseUnavailable:
                self._behind.add(table_id)  # the store logs the outage once
                failures += 1
                await asyncio.sleep(min(RETRY_LAST, RETRY_FIRST * 2 ** (failures - 1)))
            except TableError:
                pass  # not found (yet) or not replayable: `_load` has said so
            except Exception:
                log.exception("isla: table %s: catching up failed", table_id)

    async def _read_again(self, table_id: str) -> None:
        live = self._live.get(table_id)
        if live is None and table_id not in self._loading:
            # A new table, or one this process let go: read it in (after the change) if it is live.
            # The read begins now: what was told before it is in it (what is told meanwhile is not).
            self._heard_new.add(table_id)
            self._told.pop(table_id, None)
            self._read_whole.discard(table_id)
            live = await self._get(table_id)
        else:
            if live is None:  # being read in already, from a read that may have begun before the change
                live = await self._get(table_id)
            async with live.lock:
                if not self._apply_told(live) and not await self._extend(live):
                    await self._reload(live)
                self._kick(live)
        self._changed(live)

    def _apply_told(self, live: LiveTable) -> bool:
        """Bring a copy up to date with the moves the notices carried, when they are all that changed
        and follow on from its seq without a gap (the common case: no database read at all). False:
        nothing applied, the database decides (`_extend`)."""
        told = self._told.pop(live.id, [])
        if live.id in self._read_whole:
            self._read_whole.discard(live.id)
            return False
        if live.status != "playing" or live.state is None:
            return False
        actions: list[StoredAction] = []
        clocks: list[Any] | None = None
        for move in told:
            if move.first + len(move.actions) <= live.seq + len(actions):
                continue  # applied already (read back since)
            if move.first != live.seq + len(actions):
                return False  # a gap: a notice is missing
            actions += [StoredAction(move.first + offset, move.seat, action, move.source)
                        for offset, action in enumerate(move.actions)]
            clocks = move.clocks if move.clocks is not None else clocks
        if not actions or not self._apply(live, actions):
            return False
        if clocks is not None:
            self._set_clocks(live, clocks[0], clocks[1])
        return True

    async def _extend(self, live: LiveTable) -> bool:
        """Bring a copy up to date by applying the moves made elsewhere since its seq, when moves are
        all that changed (still playing, no new event, the same settings): the common case, without
        replaying the whole log (nothing new at all: nothing to do). False: nothing applied, the table
        is to be read back whole."""
        if live.status != "playing" or live.state is None:
            return False
        tail = await self.store.tail(live.id, live.seq)
        if tail is None or tail.table.status != "playing":
            return False
        events = sum(1 for entry in live.words if entry["kind"] != "action")
        same = (tail.table.spectator_chat == live.stored.spectator_chat and tail.table.again_id is None)
        if tail.events != events or not same:
            return False
        if tail.actions and not self._apply(live, tail.actions):
            return False
        if (tail.table.clock_state, tail.table.clock_deadline) != (live.stored.clock_state,
                                                                   live.stored.clock_deadline):
            self._set_clocks(live, tail.table.clock_state, tail.table.clock_deadline)
        return True

    def _apply(self, live: LiveTable, actions: Sequence[StoredAction]) -> bool:
        """Apply moves made elsewhere, logged at live.seq, live.seq + 1, ..., to the copy, telling
        them as `_commit` tells its own; False (nothing applied) if they do not fit its state."""
        assert live.state is not None
        state = live.state.clone()
        chosen = []
        for offset, stored in enumerate(actions):
            if stored.seq != live.seq + offset or state.to_move != stored.seat:
                return False
            try:
                action = state.parse_action(stored.action)
            except IllegalAction:
                return False
            state.apply_unchecked(action)
            chosen.append(action)
        before, live.state = live.state, state
        for stored, action in zip(actions, chosen, strict=True):
            live.log.append(stored)
            live.told.action(before, action.text, stored.seat, stored.seq)
            before.apply_unchecked(action)
            live.told.after(before)
        live.turn_since = time.monotonic()
        self._remind(live, "idle", self.config.idle_seconds)
        return True

    def _set_clocks(self, live: LiveTable, state: dict[str, Any] | None, deadline: int | None) -> None:
        """The clocks another process stored with its move: this copy's now, their deadline watched."""
        live.stored.clock_state = state
        live.stored.clock_deadline = deadline
        live.clocks = clocking.read_clocks(live.stored)
        self.clocks.arm(self, live)

    async def _back(self) -> None:
        """Redis answers again: every table held may have changed meanwhile; new ones may exist."""
        for table_id in list(self._live):
            self._heard(table_id, None)
        with contextlib.suppress(DatabaseUnavailable):
            for table_id in await self.store.live_ids():
                if table_id not in self._live:
                    self._heard(table_id, None)

    # --- a move that reaches a copy that is behind --------------------------------------------------

    async def submit(
        self,
        table_id: str,
        caller: Caller,
        seq: int,
        actions: Sequence[str] = (),
        plan: Mapping[str, Any] | None = None,
    ) -> JSON:
        live = self._live.get(table_id)
        if live is not None and seq > live.seq:  # the notice of the move before has not come yet
            async with live.lock:
                if not await self._extend(live):
                    await self._reload(live)
        return await super().submit(table_id, caller, seq, actions, plan)


@dataclass(frozen=True)
class Told:
    """A move as a notice carries it: its actions logged at first, first + 1, ..., the seat and
    source, and the table's clocks stored with it ([state, deadline]; None: unchanged)."""

    first: int
    seat: int
    actions: list[str]
    source: str
    clocks: list[Any] | None


def _told(data: object) -> Told | None:
    """The move a notice carries, if it carries a well-formed one (else the table is read back)."""
    if not isinstance(data, dict):
        return None
    first, seat, source, clocks = data.get("first"), data.get("seat"), data.get("source"), data.get("clocks")
    actions = data.get("actions")
    if not (isinstance(first, int) and isinstance(seat, int) and isinstance(source, str)
            and isinstance(actions, list) and actions and all(isinstance(a, str) for a in actions)):
        return None
    if clocks is not None and not (isinstance(clocks, list) and len(clocks) == 2
                                   and (clocks[0] is None or isinstance(clocks[0], dict))
                                   and (clocks[1] is None or isinstance(clocks[1], int))):
        return None
    return Told(first, seat, list(actions), source, clocks)


async def twice(call: Callable[[], Awaitable[T]]) -> T:
    """`call()`, and once more if its connection had been closed by Redis (restarted meanwhile): the
    second try opens a new one."""
    try:
        return await call()
    except RedisConnectionError:
        return await call()


def _field(field: str) -> tuple[str, str]:
    """A field of a process's hash: (table id, slot or WATCHERS)."""
    table_id, _, which = field.rpartition("/")
    if not table_id or not (which == WATCHERS or which.isdigit()):
        raise ValueError(field)
    return table_id, which


def _line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return f"{type(error).__name__}: {lines[0]}" if lines else type(error).__name__


__all__ = ["CHANNEL", "OWNER", "Link", "SharedTableService"]
