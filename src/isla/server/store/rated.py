"""A finished game's per-seat results and the ratings they change; the rebuild; what players read.

When a table finishes, `record_finish` runs inside the transaction that logs its last action
(Store.append): it keeps each seat's result and, for a ranked table, reads the players' ratings,
takes `isla.ratings.rate_game` (the one step) and writes the new ratings, the rating history and
the ladder points, so they are there by the time the final move is acknowledged. `rebuild` throws
the projection away and replays every rated game's stored results through the same step, in the
order they were rated (`rated_games.number`), so both ways give the same numbers.

Rated games of one game are numbered and rated one at a time: SQLite's writers take the write lock
as they begin (db.py), and on PostgreSQL the transaction takes an advisory lock for the game first,
so two tables ending at once cannot both read the ratings before the other's change.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, select, text
from sqlalchemy.ext.asyncio import AsyncSession

from isla.ratings import (
    FinishedGame,
    GameOutcome,
    Ladder,
    PlayerState,
    SeatOutcome,
    Settings,
    Standing,
    rate_game,
)
from isla.server.store.models import (
    LadderPointsRow,
    RatedGameRow,
    RatingHistoryRow,
    RatingRow,
    SeatResultRow,
    TableRow,
    UserRow,
)


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished game as the ratings keep it (see models.SeatResultRow)."""

    seat: int
    slot: int
    player: str | None  # the rated identity: account:<id> or bot:<kind:iterations>@<engine version>
    place: int
    score: int
    won: bool
    stood_in: bool
    user_id: str | None = None
    bot: str | None = None  # the resolved bot spec (kind:iterations)
    name: str | None = None


@dataclass
class Finish:
    """What a finished game leaves behind, written in the transaction of its last action: the
    result and record, each seat's result, and (at a ranked table) the ratings it changes."""

    result: dict[str, Any]
    record: dict[str, Any]
    seats: tuple[SeatResult, ...] = ()
    ranked: bool = False
    game: str = ""
    places_that_win: int = 1


async def record_finish(
    session: AsyncSession, table_id: str, finish: Finish, stamp: datetime, settings: Settings
) -> GameOutcome | None:
    """Keep the seats' results; for a ranked table also rate the game (None: not rated)."""
    session.add_all(
        SeatResultRow(
            table_id=table_id, seat=s.seat, slot=s.slot, player=s.player, user_id=s.user_id, bot=s.bot,
            name=s.name, place=s.place, score=s.score, won=s.won, stood_in=s.stood_in,
        )
        for s in finish.seats
    )
    if not finish.ranked or len({s.player for s in finish.seats}) < 2:
        await session.flush()  # unranked, or one bot at every seat: nobody to be rated against
        return None
    await _lock(session, finish.game)
    last = await session.scalar(select(func.max(RatedGameRow.number)).where(RatedGameRow.game == finish.game))
    session.add(RatedGameRow(table_id=table_id, game=finish.game, number=(last or 0) + 1,
                             places_that_win=finish.places_that_win, finished_at=stamp))
    seats = sorted(finish.seats, key=lambda s: s.seat)
    game = _finished(finish.game, seats, stamp, finish.places_that_win)
    rows = {
        row.player: row
        for row in await session.scalars(
            select(RatingRow).where(RatingRow.game == finish.game, RatingRow.player.in_(game.players))
        )
    }
    before = [_state(rows[p]) if p in rows else settings.fresh() for p in game.players]
    outcome = rate_game(game, before, settings)
    first = {seat.player: seat for seat in reversed(seats)}  # a bot at several seats is one player
    for rated in outcome.players():
        seat = first[rated.player]
        row = rows.get(rated.player)
        if row is None:
            session.add(_rating_row(finish.game, seat, rated.after, stamp))
        else:
            row.rating, row.games, row.wins, row.last_played = (
                rated.after.rating, rated.after.games, rated.after.wins, stamp)
        session.add(_history_row(table_id, finish.game, rated, outcome.season, stamp))
        points = await session.get(LadderPointsRow, (finish.game, outcome.season, rated.player))
        if points is None:
            session.add(LadderPointsRow(game=finish.game, season=outcome.season, player=rated.player,
                                        points=rated.points))
        else:
            points.points += rated.points
    await session.flush()
    return outcome


IMPORTED = "imported"  # the status of an imported (arena) game's table: rated, never listed or played


@dataclass(frozen=True)
class ImportedGame:
    """A finished game played elsewhere (an arena run), to be rated like a ranked table's end."""

    table_id: str  # its key: importing it again finds it and adds nothing
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    engine_version: str
    result: dict[str, Any]
    places_that_win: int
    seats: tuple[SeatResult, ...]


async def import_games(
    session: AsyncSession, games: Sequence[ImportedGame], stamp: datetime, settings: Settings
) -> int:
    """Rate the games not imported before, in the order given, through the step of a ranked
    table's end (record_finish); how many were new."""
    ids = [game.table_id for game in games]
    known: set[str] = set()
    for start in range(0, len(ids), 500):
        chunk = ids[start:start + 500]
        known |= set(await session.scalars(select(TableRow.id).where(TableRow.id.in_(chunk))))
    added = 0
    for game in games:
        if game.table_id in known:
            continue
        known.add(game.table_id)
        session.add(TableRow(
            id=game.table_id, game=game.game, players=game.players, options=game.options, seed=game.seed,
            engine_version=game.engine_version, seating="fixed", status=IMPORTED, created_at=stamp,
            started_at=stamp, finished_at=stamp, result=game.result, record=None, ranked=True,
        ))
        await session.flush()
        finish = Finish(game.result, {}, game.seats, True, game.game, game.places_that_win)
        await record_finish(session, game.table_id, finish, stamp, settings)
        added += 1
    return added


async def rebuild(session: AsyncSession, settings: Settings) -> int:
    """Recompute every rating, history row and ladder total from the stored results; how many
    rated games were replayed."""
    names = sorted(await session.scalars(select(RatedGameRow.game).distinct()))
    for name in names:
        await _lock(session, name)
    games = list(await session.scalars(select(RatedGameRow).order_by(RatedGameRow.game, RatedGameRow.number)))
    seats: dict[str, list[SeatResultRow]] = {}
    for row in await session.scalars(
        select(SeatResultRow).join(RatedGameRow, RatedGameRow.table_id == SeatResultRow.table_id)
    ):
        seats.setdefault(row.table_id, []).append(row)
    ladder = Ladder(settings)
    current: dict[tuple[str, str], RatingRow] = {}
    history: list[RatingHistoryRow] = []
    for rated in games:
        results = [_seat_result(row) for row in sorted(seats.get(rated.table_id, []), key=lambda r: r.seat)]
        game = _finished(rated.game, results, rated.finished_at, rated.places_that_win)
        outcome = ladder.add(game)
        first = {seat.player: seat for seat in reversed(results)}
        for done in outcome.players():
            seat = first[done.player]
            current[rated.game, done.player] = _rating_row(rated.game, seat, done.after, rated.finished_at)
            history.append(_history_row(rated.table_id, rated.game, done, outcome.season, rated.finished_at))
    for model in (RatingRow, RatingHistoryRow, LadderPointsRow):
        await session.execute(delete(model).where(model.game.in_(names)))
    session.add_all(current.values())
    session.add_all(history)
    session.add_all(
        LadderPointsRow(game=game, season=season, player=player, points=points)
        for (game, season, player), points in ladder.points.items()
    )
    await session.flush()
    return len(games)


async def _lock(session: AsyncSession, game: str) -> None:
    """Rate one game of `game` at a time (PostgreSQL: an advisory lock until the transaction ends;
    SQLite: the write lock every writer holds already)."""
    if session.get_bind().dialect.name == "postgresql":
        key = {"key": f"isla:ratings:{game}"}
        await session.execute(text("SELECT pg_advisory_xact_lock(hashtext(:key))"), key)


def _finished(game: str, seats: Sequence[SeatResult], ended: datetime, places_that_win: int) -> FinishedGame:
    players = []
    for seat in seats:
        if seat.player is None:
            raise ValueError(f"seat {seat.seat} of a rated game has no account or bot")
        players.append(seat.player)
    return FinishedGame(game, tuple(players), tuple(Standing(s.place, s.won) for s in seats), ended,
                        places_that_win)


def _state(row: RatingRow) -> PlayerState:
    return PlayerState(row.rating, row.games, row.wins)


def _seat_result(row: SeatResultRow) -> SeatResult:
    return SeatResult(row.seat, row.slot, row.player, row.place, row.score, row.won, row.stood_in,
                      row.user_id, row.bot, row.name)


def _rating_row(game: str, seat: SeatResult, state: PlayerState, when: datetime) -> RatingRow:
    assert seat.player is not None
    return RatingRow(game=game, player=seat.player, user_id=seat.user_id, bot=seat.bot, rating=state.rating,
                     games=state.games, wins=state.wins, last_played=when)


def _history_row(
    table_id: str, game: str, rated: SeatOutcome, season: int, when: datetime
) -> RatingHistoryRow:
    return RatingHistoryRow(
        table_id=table_id, player=rated.player, game=game, rating_before=rated.before.rating,
        rating_after=rated.after.rating, games=rated.after.games, season=season, points=rated.points, at=when,
    )


# --- reads ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rated:
    """A player's rating in one game, with the name shown for it (an account's name, a bot's spec)."""

    game: str
    player: str
    name: str
    user_id: str | None
    bot: str | None
    rating: float
    games: int
    wins: int
    last_played: datetime


@dataclass(frozen=True)
class Played:
    """One finished game an account sat at: its table, seat, place, score and rating after (if rated)."""

    table_id: str
    game: str
    finished_at: datetime | None
    players: int
    seat: int
    place: int
    score: int
    won: bool
    stood_in: bool
    ranked: bool
    rating_after: float | None = None
    points: int | None = None
    breakdown: dict[str, int] | None = None  # the seat's score parts, as the game's Result gave them


@dataclass
class BotOpponent:
    """A bot the account has finished games against (at one table, in one game): how often, how
    many of those games the account won, and in how many it finished ahead of the bot."""

    game: str
    bot: str
    games: int = 0
    wins: int = 0
    ahead: int = 0


@dataclass
class PlayerRecord:
    """Everything the player API shows about one account."""

    user_id: str
    name: str
    ratings: list[Rated] = field(default_factory=list)
    played: list[Played] = field(default_factory=list)
    points: dict[tuple[str, int], int] = field(default_factory=dict)  # (game, season) -> points
    history: list[RatingHistoryRow] = field(default_factory=list)  # by game, oldest first
    bot_opponents: list[BotOpponent] = field(default_factory=list)  # most games first


async def leaderboard(session: AsyncSession, game: str) -> list[Rated]:
    """Everyone rated in `game`, best rating first (equal ratings by name)."""
    rows = await session.execute(
        select(RatingRow, UserRow.name).outerjoin(UserRow, UserRow.id == RatingRow.user_id)
        .where(RatingRow.game == game)
    )
    rated = [_rated(row, name) for row, name in rows]
    return sorted(rated, key=lambda r: (-r.rating, r.name, r.player))


async def player(session: AsyncSession, user: UserRow) -> PlayerRecord:
    """An account's ratings, finished games (newest first) and ladder points."""
    found = PlayerRecord(user.id, user.name)
    for row in await session.scalars(select(RatingRow).where(RatingRow.user_id == user.id)):
        found.ratings.append(_rated(row, user.name))
    found.ratings.sort(key=lambda r: r.game)
    key = f"account:{user.id}"
    after = {
        row.table_id: row
        for row in await session.scalars(select(RatingHistoryRow).where(RatingHistoryRow.player == key))
    }
    rows = await session.execute(
        select(SeatResultRow, TableRow).join(TableRow, TableRow.id == SeatResultRow.table_id)
        .where(SeatResultRow.user_id == user.id)
        .order_by(TableRow.finished_at.desc(), TableRow.id)
    )
    mine: dict[str, SeatResultRow] = {}
    for seat, table in rows:
        history = after.get(table.id)
        mine[table.id] = seat
        found.played.append(Played(
            table.id, table.game, table.finished_at, table.players, seat.seat, seat.place, seat.score,
            seat.won, seat.stood_in, table.ranked, None if history is None else history.rating_after,
            None if history is None else history.points, _seat_breakdown(table.result, seat.seat),
        ))
    found.bot_opponents = await _bot_opponents(session, mine, {p.table_id: p.game for p in found.played})
    for points in await session.scalars(select(LadderPointsRow).where(LadderPointsRow.player == key)):
        found.points[points.game, points.season] = points.points
    found.history = sorted(after.values(), key=lambda row: (row.game, row.games))
    return found


def _seat_breakdown(result: dict[str, Any] | None, seat: int) -> dict[str, int] | None:
    """One seat's score parts from a stored Result (None when the game gave none)."""
    parts = (result or {}).get("breakdown") or []
    if seat >= len(parts) or not isinstance(parts[seat], dict):
        return None
    return {str(k): int(v) for k, v in parts[seat].items() if isinstance(v, (int, float))}


async def _bot_opponents(session: AsyncSession, mine: dict[str, SeatResultRow],
                         games: dict[str, str]) -> list[BotOpponent]:
    """The bots at the account's finished tables, most games first (then by name)."""
    if not mine:
        return []
    found: dict[tuple[str, str], BotOpponent] = {}
    rows = await session.scalars(
        select(SeatResultRow).where(SeatResultRow.table_id.in_(list(mine)), SeatResultRow.bot.is_not(None))
    )
    counted: set[tuple[str, str]] = set()  # a bot seated twice at one table is one game against it
    for row in rows:
        me = mine[row.table_id]
        assert row.bot is not None
        key = (games[row.table_id], row.bot)
        one = found.setdefault(key, BotOpponent(*key))
        if (row.table_id, row.bot) not in counted:
            counted.add((row.table_id, row.bot))
            one.games += 1
            one.wins += int(me.won)
            one.ahead += int(me.place < row.place)
    return sorted(found.values(), key=lambda b: (b.game, -b.games, b.bot))


def _rated(row: RatingRow, name: str | None) -> Rated:
    shown = name if name is not None else (row.bot or row.player)
    return Rated(row.game, row.player, shown, row.user_id, row.bot, row.rating, row.games, row.wins,
                 row.last_played)


@dataclass(frozen=True)
class SeatFinal:
    """One seat's end of a finished game: its place and win, and at a rated table its rating
    before and after and the ladder points it earned (None at an unranked table)."""

    seat: int
    place: int
    won: bool
    rating_before: float | None = None
    rating_after: float | None = None
    points: int | None = None


async def current(
    session: AsyncSession, wanted: Sequence[tuple[str, str]], user_ids: Sequence[str]
) -> tuple[dict[tuple[str, str], tuple[float, int]], set[str]]:
    """The ratings of the (game, player) pairs that have one, as (rating, rated games), and which
    of `user_ids` are accounts (not guests: a guest is never rated)."""
    found: dict[tuple[str, str], tuple[float, int]] = {}
    want = set(wanted)
    players = sorted({player for _, player in want})
    if players:
        for row in await session.scalars(select(RatingRow).where(RatingRow.player.in_(players))):
            if (row.game, row.player) in want:
                found[row.game, row.player] = (row.rating, row.games)
    accounts: set[str] = set()
    if user_ids:
        query = select(UserRow.id).where(UserRow.id.in_(sorted(set(user_ids))), UserRow.guest.is_(False))
        accounts = set(await session.scalars(query))
    return found, accounts


async def final(session: AsyncSession, table_id: str) -> list[SeatFinal]:
    """Each seat's end of a finished table, by seat (empty: finished before results were kept)."""
    query = select(RatingHistoryRow).where(RatingHistoryRow.table_id == table_id)
    history = {row.player: row for row in await session.scalars(query)}
    out = []
    for seat in await session.scalars(
        select(SeatResultRow).where(SeatResultRow.table_id == table_id).order_by(SeatResultRow.seat)
    ):
        rated = history.get(seat.player) if seat.player is not None else None
        if rated is None:
            out.append(SeatFinal(seat.seat, seat.place, seat.won))
        else:
            out.append(SeatFinal(seat.seat, seat.place, seat.won, rated.rating_before, rated.rating_after,
                                 rated.points))
    return out
