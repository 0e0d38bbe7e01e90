"""Who may sit at a ranked table, and what each seat of a finished game leaves for the ratings.

A ranked table seats accounts and bots only (a rating belongs to someone who comes back: a guest's
name or a player token is nobody's), an account once. A bot may sit at several seats (`hard`
twice, or `hard` and `mcts-round:600`, which is the same bot): it is one rated player, and its
seats' pairs against each other are skipped (isla.ratings.rate_game). A bot is rated under its
resolved spec (the kind and budget a level stands for, `mcts-round:600`) and the engine version, not
under the level's name, since levels get retuned (docs/ratings.md).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from isla.bots import parse_spec
from isla.core.protocol import Result
from isla.ratings import standings
from isla.server.store import SeatResult, StoredSeat


def resolved_bot(spec: str, game: str) -> str:
    """The kind and budget a bot spec stands for in `game` (`hard` -> `mcts-round:600`)."""
    kind, iterations = parse_spec(spec, game)
    return f"{kind}:{iterations}"


def bot_player(spec: str, game: str, engine_version: str) -> str:
    """The rated identity of a bot seat."""
    return f"bot:{resolved_bot(spec, game)}@{engine_version}"


def account_player(user_id: str) -> str:
    """The rated identity of an account's seat."""
    return f"account:{user_id}"


def seat_results(
    seats: Sequence[StoredSeat],
    result: Result,
    *,
    places_that_win: int,
    game: str,
    engine_version: str,
    names: Sequence[str],
    stood_in: Collection[int],
) -> tuple[SeatResult, ...]:
    """Each seat's result, by engine seat: its rated identity (None for a person without an
    account), place, score and win, and whether a bot stood in for it (`stood_in`: engine seats
    handed to a stand-in at some time)."""
    placed = standings(result, places_that_win)
    out = []
    for seat in sorted(seats, key=lambda s: s.seat if s.seat is not None else s.slot):
        assert seat.seat is not None
        bot = resolved_bot(seat.bot, game) if seat.kind == "bot" and seat.bot is not None else None
        if bot is not None and seat.bot is not None:
            player: str | None = bot_player(seat.bot, game, engine_version)
        else:
            player = account_player(seat.user_id) if seat.user_id is not None else None
        standing = placed[seat.seat]
        out.append(SeatResult(
            seat=seat.seat, slot=seat.slot, player=player, place=standing.place,
            score=int(result.scores[seat.seat]), won=standing.won,
            stood_in=seat.stand_in is not None or seat.seat in stood_in,
            user_id=seat.user_id if bot is None else None, bot=bot, name=names[seat.seat],
        ))
    return tuple(out)
