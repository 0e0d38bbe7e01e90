"""The ratings shown beside the seated players' names, and the end of a finished game by seat.

Every table summary (the lobby) and table snapshot gives each seat a `rating`: the current rating
in the table's game of the seat's account or bot (its resolved spec and the engine version), as
shown (rounded), with its rated games and whether it is still provisional; an account or bot that
has no rated game yet shows the start rating, provisional. A seat of nobody's account (a guest, a
name with a player token, an open seat) has none (null). Ranked and unranked tables alike: the
rating says how strong the player is, whether or not this game counts.

A finished table's snapshot also gives `standings`, by seat: place and win, and at a ranked table
the rating before and after (shown), the change shown (their difference, so the numbers on the
screen add up) and the ladder points earned; they are written with the game's end, so they are
there by the time the final move is answered. docs/api.md, "Ratings at the table".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from isla.ratings import Settings, display
from isla.server.ranked import account_player, bot_player
from isla.server.store import SeatFinal, Store, StoredSeat, StoredTable

JSON = dict[str, Any]


def seat_player(seat: StoredSeat, game: str, engine_version: str) -> str | None:
    """The rated identity a seat would be rated under (an account's, pending the guest check)."""
    if seat.kind == "bot" and seat.bot is not None:
        try:
            return bot_player(seat.bot, game, engine_version)
        except Exception:  # a spec this server no longer knows: shown without a rating
            return None
    if seat.kind == "human" and seat.user_id is not None:
        return account_player(seat.user_id)
    return None


def rating_json(found: tuple[float, int] | None, settings: Settings) -> JSON:
    rating, games = found if found is not None else (settings.elo.start, 0)
    return {"rating": display(rating), "games": games, "provisional": settings.elo.provisional(games)}


async def rated_seats(store: Store, tables: Sequence[StoredTable]) -> dict[str, dict[int, JSON | None]]:
    """Per table id, each slot's rating (None: nobody's account), read in one query."""
    identities: dict[str, dict[int, str | None]] = {}
    wanted: list[tuple[str, str]] = []
    for table in tables:
        slots = {seat.slot: seat_player(seat, table.game, table.engine_version) for seat in table.seats}
        identities[table.id] = slots
        wanted += [(table.game, player) for player in slots.values() if player is not None]
    users = [seat.user_id for table in tables for seat in table.seats
             if seat.kind == "human" and seat.user_id is not None]
    found, accounts = await store.current_ratings(wanted, users) if wanted else ({}, set())
    out: dict[str, dict[int, JSON | None]] = {}
    for table in tables:
        by_slot: dict[int, JSON | None] = {}
        for seat in table.seats:
            player = identities[table.id][seat.slot]
            if player is None or (seat.kind == "human" and seat.user_id not in accounts):
                by_slot[seat.slot] = None
            else:
                by_slot[seat.slot] = rating_json(found.get((table.game, player)), store.ratings)
        out[table.id] = by_slot
    return out


def standings_json(finals: Sequence[SeatFinal]) -> list[JSON] | None:
    """The `standings` of a finished table (None: it finished before per-seat results were kept)."""
    if not finals:
        return None
    out = []
    for seat in finals:
        entry: JSON = {"seat": seat.seat, "place": seat.place, "won": seat.won, "rating_before": None,
                       "rating_after": None, "change": None, "points": seat.points}
        if seat.rating_before is not None and seat.rating_after is not None:
            before, after = display(seat.rating_before), display(seat.rating_after)
            entry.update(rating_before=before, rating_after=after, change=after - before)
        out.append(entry)
    return out


async def table_ratings(store: Store, table: StoredTable) -> tuple[dict[int, JSON | None], list[JSON] | None]:
    """A table's seat ratings and (finished) standings, as the service keeps them beside the table."""
    rated = (await rated_seats(store, [table]))[table.id]
    finals = standings_json(await store.final(table.id)) if table.status == "finished" else None
    return rated, finals


def add_ratings(summary: JSON, rated: dict[int, JSON | None]) -> JSON:
    """Put each seat's rating into a summary's seats (by slot)."""
    for seat in summary["seats"]:
        seat["rating"] = rated.get(seat["slot"])
    return summary


__all__ = ["add_ratings", "rated_seats", "seat_player", "standings_json", "table_ratings"]
