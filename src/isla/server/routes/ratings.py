"""HTTP routes for ratings: a game's leaderboard and an account's player page (docs/ratings.md).

They only read what the store keeps (the ratings are written as each ranked game ends) and put it
in the words of the ratings package: shown ratings rounded by `display`, provisional by the Elo's
own count, bots apart from people and named by their resolved spec with the levels that play it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Request

from isla.bots import levels
from isla.core import UnknownGame
from isla.core import game as find_game
from isla.core.said import generic
from isla.i18n import game_domain, texts
from isla.ratings import display
from isla.server.language import reader_language
from isla.server.names import name_key
from isla.server.ranked import resolved_bot
from isla.server.routes.schemas import ErrorOut, LeaderboardOut, PlayerOut
from isla.server.store import Store
from isla.server.store.rated import Played, PlayerRecord, Rated
from isla.server.tables import TableError

router = APIRouter(prefix="/api", tags=["ratings"])
ERRORS: dict[int | str, dict[str, Any]] = {404: {"model": ErrorOut}}


def _store(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


def _when(moment: datetime | None) -> str | None:
    """ISO 8601 in UTC (SQLite gives naive datetimes back: they are UTC already)."""
    if moment is None:
        return None
    return (moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)).isoformat()


@router.get("/leaderboards/{game}", response_model=LeaderboardOut, responses=ERRORS)
async def leaderboard(game: str, request: Request) -> Any:
    """Everyone rated in `game`: accounts, then bots apart, each best first."""
    try:
        found = find_game(game)
    except UnknownGame as error:
        raise TableError("not_found", str(error)) from None
    store = _store(request)
    elo = store.ratings.elo
    rated = await store.leaderboard(found.name)
    people = [r for r in rated if r.bot is None]
    bots = [r for r in rated if r.bot is not None]
    by_spec: dict[str, list[str]] = defaultdict(list)
    for level in levels(found.name):
        by_spec[f"{resolved_bot(level, found.name)}@{found.version}"].append(level)
    return {
        "game": found.name,
        "provisional_games": elo.provisional_games,
        "players": _ranked(people, elo.provisional),
        "bots": [
            {**row, "engine_version": r.player.rpartition("@")[2],
             "levels": by_spec.get(r.player.removeprefix("bot:"), [])}
            for row, r in zip(_ranked(bots, elo.provisional), bots, strict=True)
        ],
    }


def _ranked(rated: list[Rated], provisional: Callable[[int], bool]) -> list[dict[str, Any]]:
    """Leaderboard rows, best first: equal shown ratings share a rank (1, 1, 3)."""
    out: list[dict[str, Any]] = []
    for index, r in enumerate(rated):
        shown = display(r.rating)
        rank = out[-1]["rank"] if out and out[-1]["rating"] == shown else index + 1
        out.append({
            "rank": rank, "name": r.name, "rating": shown, "exact": r.rating, "games": r.games,
            "wins": r.wins, "last_played": _when(r.last_played), "provisional": provisional(r.games),
        })
    return out


@router.get("/players/{name}", response_model=PlayerOut, responses=ERRORS)
async def player(name: str, request: Request) -> Any:
    """An account's ratings per game with their history, its finished games, wins by seat position
    and average score. Guests have no player page (their names are not unique)."""
    store = _store(request)
    record = await store.player(name_key(name))
    if record is None:
        raise TableError("not_found", generic("there is no account called '{name}' (guests have no player "
                                              "page)", name=name))
    return {"name": record.name, "games": _games(record, store, await reader_language(request))}


def _games(record: PlayerRecord, store: Store, lang: str) -> list[dict[str, Any]]:
    settings = store.ratings
    season = settings.seasons.season_of(datetime.now(UTC))
    ratings = {r.game: r for r in record.ratings}
    played: dict[str, list[Played]] = defaultdict(list)
    for one in record.played:
        played[one.game].append(one)
    out = []
    for game in sorted(set(ratings) | set(played)):
        rated, mine = ratings.get(game), played.get(game, [])
        seats: dict[int, list[int]] = {}
        for p in mine:
            counts = seats.setdefault(p.seat, [0, 0])
            counts[0] += 1
            counts[1] += int(p.won)
        out.append({
            "game": game,
            "rating": None if rated is None else display(rated.rating),
            "exact": None if rated is None else rated.rating,
            "games": 0 if rated is None else rated.games,
            "wins": 0 if rated is None else rated.wins,
            "provisional": settings.elo.provisional(0 if rated is None else rated.games),
            "last_played": None if rated is None else _when(rated.last_played),
            "season": season,
            "points": record.points.get((game, season), 0),
            "history": [
                {"date": _when(h.at), "table": h.table_id, "rating": h.rating_after}
                for h in record.history if h.game == game
            ],
            "played": [
                {"table": p.table_id, "finished_at": _when(p.finished_at), "players": p.players,
                 "seat": p.seat, "place": p.place, "score": p.score, "won": p.won, "stood_in": p.stood_in,
                 "ranked": p.ranked, "rating_after": p.rating_after, "points": p.points}
                for p in mine
            ],
            "wins_by_seat": [
                {"seat": seat, "games": n, "wins": w} for seat, (n, w) in sorted(seats.items())
            ],
            "average_score": sum(p.score for p in mine) / len(mine) if mine else None,
            "average_breakdown": _average_breakdown(game, mine, lang),
            "bot_opponents": [
                {"bot": b.bot, "games": b.games, "wins": b.wins, "ahead": b.ahead}
                for b in record.bot_opponents if b.game == game
            ][:5],
        })
    return out


def _average_breakdown(game: str, mine: list[Played], lang: str) -> list[dict[str, Any]]:
    """The average of each score part the game declares (GameInfo.score_split; without one, every
    part its results give but the total), over the games whose result had parts; each part named
    in `lang` by the game's term `score.<key>` when its catalogs have one."""
    parts = [p.breakdown for p in mine if p.breakdown]
    if not parts:
        return []
    try:
        found = find_game(game)
    except UnknownGame:  # a game no longer installed: its parts as stored
        split: tuple[tuple[str, str], ...] = ()
        words: Mapping[str, Any] = {}
    else:
        split = found.info.score_split
        domain = game_domain(found)
        words = texts(domain, lang) if domain is not None else {}
    columns = list(split) or [(key, key) for key in sorted({k for b in parts for k in b}) if key != "total"]
    return [
        {"key": key, "label": str(words.get(f"score.{key}", label)),
         "average": sum(b.get(key, 0) for b in parts) / len(parts)}
        for key, label in columns
    ]
