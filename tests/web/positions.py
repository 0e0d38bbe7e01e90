"""Stored positions: a browser test starts right before the moment it checks, not at the setup.

Playing a whole game by clicking takes long (and far longer on a busy machine), so only one browser
test per game does (test_play.py, test_vanuatu.py). Every other test that needs a game in progress
seats its pages at a stored position:

    position = reach("puertorico", 4, seed=1, until=lambda state, seq: seq >= 20 and ...)
    sign_in(page, server, "Ann")  # a guest, through the API (webplay.sign_in_as_guest: the form)
    tid = seat_at(server, position, [page, "bot:easy", "bot:easy", "bot:easy"])
    open_table(page, server, tid, len(position.actions))  # the page shows the table there

- `reach` plays from the setup in-process (the engine and the `easy` bot; no browser, no server):
  deterministic for a given seed, and quick. A seat listed in `prefer` takes the first legal action
  matching a regular expression whenever there is one (the Governor, a rest), so the moment a test
  needs surely comes. `until(state, seq)` says when it has come; `Position.state()` replays it.
- `sign_in` signs a page's browser context in as a guest through the server's API (quicker than the
  lobby's form, which test_lobby.py tests); `guests(new_context, server, "Ann", "Ben")` makes a
  page for each, in browser contexts of their own.
- `seat_at` writes the table through the server's own store, as the server writes a table played
  there: the table row (seed, options, engine version; fixed seating), its seats (a page's signed-in
  user, the first of them its creator, or a bot) and its whole action log (a person's seat's actions
  as "player", a bot's as "bot"). A position at the game's end (`until` = the game is over) is
  written as a finished table, with its result and record.
- `open_table` opens it. The running server does not hold that table in memory yet, so the first look
  at it makes the server load it and rebuild its state from the log (the code that rebuilds every
  live table after a restart); its bots carry on from there.

Nothing is mocked: the real store, the real server, the real page. The server needs no hook for it.
"""

from __future__ import annotations

import asyncio
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import BrowserContext, Page
from servertools import PATIENCE, Running

import isla
from isla.bots import bot_move, make_bot
from isla.core import State
from isla.server.store import Finish, Store, StoredSeat, StoredTable
from isla.server.tables import token_hash

# How many moves `reach` plays at most before it gives up (more than any game has).
MAX_MOVES = 5000


@dataclass(frozen=True)
class Position:
    """A game from its setup (game, players, seed, options) and the actions played since."""

    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: tuple[str, ...] = ()

    def state(self) -> State:
        """The position itself (replayed from the setup)."""
        record = isla.Record(self.game, self.players, self.seed, dict(self.options), list(self.actions))
        return record.replay()


def reach(
    game: str,
    players: int,
    seed: int,
    until: Callable[[State, int], bool],
    *,
    options: Mapping[str, Any] | None = None,
    prefer: Mapping[int, str] | None = None,
) -> Position:
    """Play from the setup with the `easy` bot for every seat until `until(state, seq)` holds before a
    move (seq: how many actions were played). A seat in `prefer` takes the first legal action whose text
    matches that regular expression (re.search) whenever there is one. Fails if the game ends first."""
    engine = isla.game(game)
    resolved = engine.resolve_options(players, dict(options or {}))
    state = engine.new_state(players, seed, resolved)
    wanted = {seat: re.compile(pattern) for seat, pattern in (prefer or {}).items()}
    actions: list[str] = []
    while not until(state, len(actions)):
        seat = state.to_move
        if seat is None:
            raise AssertionError(f"{game} seed {seed}: the game ended before the position was reached")
        if len(actions) >= MAX_MOVES:
            raise AssertionError(f"{game} seed {seed}: no such position in {MAX_MOVES} moves")
        legal = [a.text for a in state.legal_actions()]
        pattern = wanted.get(seat)
        liked = [text for text in legal if pattern is not None and pattern.search(text)]
        if liked:
            text = liked[0]
        else:  # as the server's bots choose: a bot built afresh for each move, seeded by (seed, seq)
            bot = make_bot("easy", seat, (seed << 32) | len(actions), None, game)
            text = bot_move(bot, state, "easy").text
        state.apply(text)
        actions.append(text)
    return Position(game, players, seed, resolved, tuple(actions))


def sign_in(page: Page, server: Running, name: str) -> None:
    """Sign the page's browser context in as the guest `name` through the server's API (the session
    cookie lands in the context, as when the lobby's form does it; test_lobby.py tests the form)."""
    response = page.request.post(
        server.url + "/api/auth/guest", data={"name": name}, headers={"Origin": server.url}
    )
    assert response.status == 201, response.text()


def guests(new_context: Callable[..., BrowserContext], server: Running, *names: str) -> list[Page]:
    """A page for each name, each in a browser context of its own signed in as that guest."""
    pages = []
    for name in names:
        page = new_context().new_page()
        sign_in(page, server, name)
        pages.append(page)
    return pages


def signed_in_user(page: Page, server: Running) -> dict[str, Any]:
    """The user the page's session signs in (its id and name), as the server tells it."""
    response = page.request.get(server.url + "/api/auth/me")
    assert response.ok, response.text()
    user: dict[str, Any] | None = response.json()["user"]
    assert user is not None, "sign the page in first (webplay.sign_in_as_guest)"
    return user


def seat_at(server: Running, position: Position, seats: Sequence[Page | str]) -> str:
    """Write `position` as a table being played at `server`, seat by seat as listed (fixed seating):
    a Page's seat is its signed-in user's (the first such user created the table), a text is a bot
    spec ("bot:easy" or "easy"). Returns the new table's id."""
    if len(seats) != position.players:
        raise ValueError(f"{position.players} seats are needed, not {len(seats)}")
    engine = isla.game(position.game)
    stored_seats: list[StoredSeat] = []
    creator: str | None = None
    for seat, who in enumerate(seats):
        if isinstance(who, str):
            spec = who.removeprefix("bot:")
            stored_seats.append(StoredSeat(seat, "bot", seat=seat, bot=spec))
            continue
        user = signed_in_user(who, server)
        creator = creator or user["id"]
        stored_seats.append(
            StoredSeat(
                seat, "human", seat=seat, name=user["name"], user_id=user["id"],
                token_hash=token_hash(secrets.token_urlsafe(24)),  # as every person's seat has one
            )
        )
    table = StoredTable(
        id=f"pos{secrets.token_hex(5)}",
        game=engine.name,
        players=position.players,
        options=dict(position.options),
        seed=position.seed,
        engine_version=engine.version,
        seating="fixed",
        status="playing",
        seats=stored_seats,
        creator_id=creator,
    )
    human = {s.seat for s in stored_seats if s.kind == "human"}
    names = [s.name or f"{(s.bot or 'bot').capitalize()} bot" for s in stored_seats]
    # The log in runs of one seat's consecutive actions (Store.append logs one seat's actions at once).
    state = engine.new_state(position.players, position.seed, position.options)
    runs: list[tuple[int, int, list[str]]] = []  # (first seq, seat, actions)
    for seq, text in enumerate(position.actions):
        mover = state.to_move
        assert mover is not None
        if runs and runs[-1][1] == mover:
            runs[-1][2].append(text)
        else:
            runs.append((seq, mover, [text]))
        state.apply(text)
    finish = None
    if state.to_move is None:  # the game is over: the last run finishes it, as the server does
        record = isla.Record(engine.name, position.players, position.seed, dict(position.options),
                             list(position.actions), names, engine.version)
        finish = Finish(state.result().to_json(), record.to_json())

    async def write() -> None:
        store = await Store.open(server.config.url())
        try:
            await store.insert_table(table)
            for index, (first, seat, texts) in enumerate(runs):
                source = "player" if seat in human else "bot"
                last = finish if index == len(runs) - 1 else None
                await store.append(table.id, first, seat, texts, source=source, finish=last)
        finally:
            await store.close()

    # In a thread of its own: Playwright's sync API keeps an event loop running in this one.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(lambda: asyncio.run(write())).result(timeout=PATIENCE)
    return table.id


def open_table(page: Page, server: Running, table_id: str, seq: int) -> None:
    """Open the table page and wait until it shows the table at `seq` (the stored position's length)
    or later (its bots may have moved on)."""
    page.goto(f"{server.url}/tables/{table_id}")
    page.wait_for_function(
        """(seq) => {
          const app = document.querySelector('[data-testid="table-page"]');
          return app !== null && Number(app.dataset.seq) >= seq;
        }""",
        arg=seq,
    )
