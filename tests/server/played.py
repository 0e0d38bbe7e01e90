"""A finished table written straight into the store, with player tokens for its people: a game the
engine played with seeded random moves, logged as the server would have logged it, for the server
tests of what comes after the end (playing again) without playing the game through the server.

The server reads it like any table it did not hold in memory: it replays the log. (The browser
tests' stored positions, signed-in pages instead of tokens, are tests/web/positions.py.)
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import Any

from isla.core import Record, State
from isla.core import game as find_game
from isla.server.store import Finish, Store, StoredSeat, StoredTable
from isla.server.tables import token_hash


def person(slot: int, name: str, user_id: str | None = None) -> tuple[StoredSeat, str]:
    """A person's seat (slot = seat, fixed seating) and the player token that holds it."""
    token = secrets.token_urlsafe(24)
    return StoredSeat(slot, "human", slot, name=name, token_hash=token_hash(token), user_id=user_id), token


def robot(slot: int, level: str) -> StoredSeat:
    return StoredSeat(slot, "bot", slot, bot=level)


def random_game(
    game_name: str, players: int, seed: int, options: dict[str, Any]
) -> tuple[State, list[tuple[int, str]]]:
    """A game played to its end with seeded random legal moves: the final state and (seat, action)s."""
    state = find_game(game_name).new_state(players, seed, options)
    rng = random.Random(seed)
    logged: list[tuple[int, str]] = []
    while state.to_move is not None:
        seat = state.to_move
        action = rng.choice(state.legal_actions())
        state.apply(action)
        logged.append((seat, action.text))
    return state, logged


async def insert_finished(
    store: Store,
    table_id: str,
    game_name: str,
    seats: Sequence[StoredSeat],
    *,
    seed: int = 1,
    options: dict[str, Any] | None = None,
    creator_id: str | None = None,
) -> None:
    """Write a table of `seats` whose game was played to its end with random legal moves."""
    game = find_game(game_name)
    players = len(seats)
    resolved = game.resolve_options(players, options or {})
    state, logged = random_game(game_name, players, seed, resolved)
    names = [s.name or f"{(s.bot or 'bot').capitalize()} bot" for s in sorted(seats, key=lambda s: s.slot)]
    record = Record(game.name, players, seed, dict(resolved), [a for _, a in logged], names, game.version)
    await store.insert_table(
        StoredTable(table_id, game.name, players, resolved, seed, game.version, "fixed", "playing",
                    list(seats), creator_id=creator_id)
    )
    # One append per run of moves by the same seat, the last one finishing the game.
    runs: list[tuple[int, int, list[str]]] = []
    for seq, (seat, text) in enumerate(logged):
        if runs and runs[-1][1] == seat:
            runs[-1][2].append(text)
        else:
            runs.append((seq, seat, [text]))
    for index, (first, seat, texts) in enumerate(runs):
        last = index == len(runs) - 1
        finish = Finish(state.result().to_json(), record.to_json()) if last else None
        await store.append(table_id, first, seat, texts, source="player", finish=finish)
