"""The HTTP API's request and response bodies (pydantic), from which FastAPI writes the OpenAPI.

Requests are strict: unknown fields, strings for numbers and the like are refused, so a client's
mistake is reported instead of guessed at. Responses describe what the table service returns;
`view` is the game's own per-seat view (see docs/state.md, "The view").
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from isla.server.tables import MAX_ACTION_TEXT, MAX_ACTIONS, MAX_NAME


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatIn(Strict):
    """One seat of a new table."""

    kind: Literal["open", "bot", "human", "me"] = Field(
        description="open: someone joins later; bot: a bot takes it; me: the signed-in caller's own "
        "seat; human: a person named now, whose player token the response returns (an API client's seat)"
    )
    bot: StrictStr | None = Field(None, description="for a bot seat: a level (easy, medium, hard) or a kind")
    name: StrictStr | None = Field(
        None, max_length=200,
        description="for a human seat: the player's name; for an open seat: whom it is kept for (optional)",
    )


class CreateTableIn(Strict):
    game: StrictStr | None = Field(
        None, description="the game's short name (GET /api/games); by default the first game listed there"
    )
    seats: list[SeatIn] = Field(min_length=1, max_length=10, description="the seats in the creator's order")
    options: dict[str, Any] = Field(
        default_factory=dict, description="table options of the game; the game's defaults fill the rest"
    )
    seating: Literal["random", "fixed"] = Field(
        "random",
        description="fixed: the first seat listed is seat 0, the first governor (ruling R16); random: "
        "who sits where is shuffled when the table starts",
    )
    ranked: StrictBool = Field(
        False,
        description="rated: only accounts ('me', or open seats an account joins, each once) and bots "
        "sit here, and the finished game changes their ratings (docs/ratings.md)",
    )
    clock: Any = Field(
        None,
        description="the table's speed (docs/clocks.md): a preset (fast, normal, slow, 12h, 24h, 72h, "
        "none), or {'mode': 'realtime', 'bank': 600, 'increment': 20}, {'mode': 'turn-based', "
        "'per_move': 86400, 'hours': {...}} or {'mode': 'none'}; with 'on_timeout' ('stand-in' or "
        "'end') and 'stand_in_level' (easy by default). Default: no limit",
    )
    private: StrictBool = Field(
        False,
        description="never listed; only holders of its invite link (the answer's table.invite, "
        "sent back as ?key=) see, watch, join or replay it (docs/chat.md)",
    )


class JoinIn(Strict):
    name: StrictStr | None = Field(
        None, min_length=1, max_length=200,
        description=f"your name (at most {MAX_NAME} characters); signed in, your account's name by default",
    )
    slot: StrictInt | None = Field(
        None, ge=0, description="the open slot to take (default: the first open one)"
    )


class ActionsIn(Strict):
    seq: StrictInt = Field(ge=0, description="the table's current sequence number (from the last GET)")
    actions: list[Annotated[StrictStr, Field(max_length=MAX_ACTION_TEXT)]] | None = Field(
        None, min_length=1, max_length=MAX_ACTIONS,
        description="action texts (docs/notation.md), applied in order, all or nothing",
    )
    plan: dict[str, Any] | None = Field(
        None,
        description="instead of actions: a whole decision the game turns into its actions, e.g. "
        "{'mayor': {'corn': 1, 'hacienda': 1}} or {'storage': {'warehouse': ['corn'], 'keep': 'sugar'}}",
    )


class StandInIn(Strict):
    level: StrictStr | None = Field(
        None, description="the bot level to play the seat (default: the server's)"
    )


class SeatRatingOut(BaseModel):
    rating: int = Field(description="the rating as shown (rounded); 1500 before the first rated game")
    games: int = Field(description="rated games of this game so far")
    provisional: bool = Field(description="fewer rated games than it takes to settle (K is still high)")


class SeatOut(BaseModel):
    slot: int = Field(description="position in the creator's list")
    seat: int | None = Field(description="the game seat, decided when the table starts (0 moves first)")
    kind: str = Field(description="open, human or bot")
    name: str | None = Field(description="the person's name; for an open seat, whom it is kept for (or None)")
    bot: str | None
    stand_in: str | None = Field(None, description="the bot level playing for this seat's absent player")
    user: str | None = Field(None, description="the id of the signed-in user holding the seat")
    connected: bool = Field(True, description="whether the seat's player has the table open (bots: true)")
    away_seconds: float | None = Field(None, description="how long the seat's player has been gone")
    idle_seconds: float | None = Field(None, description="how long the seat has been to move")
    rating: SeatRatingOut | None = Field(
        None, description="the seat's account's or bot's current rating in this game (null: nobody's account)"
    )


class StandingOut(BaseModel):
    seat: int
    place: int = Field(description="1 = first; tied seats share the better place")
    won: bool
    rating_before: int | None = Field(description="the rating shown before the game (null: unranked)")
    rating_after: int | None = Field(description="the rating shown after it (null: unranked)")
    change: int | None = Field(description="rating_after - rating_before (null: unranked)")
    points: int | None = Field(description="ladder points earned (null: unranked)")


class ClocksOut(BaseModel):
    at: int = Field(description="the server's instant these readings are for (epoch ms)")
    left: list[int] = Field(description="each seat's time left at `at`, in ms (by engine seat)")
    running: int | None = Field(description="the seat whose clock is running down (null: none)")
    counting: bool = Field(False, description="the running clock counts now (false outside playing hours)")
    deadline: int | None = Field(description="when the running seat times out (epoch ms)")
    out: list[int] = Field(description="seats that timed out and are played by a stand-in until reclaimed")
    stopped: bool = Field(description="the clocks are stopped")


class YouOut(BaseModel):
    slot: int
    seat: int | None
    name: str | None
    creator: bool = Field(False, description="whether you created the table (and may abandon it)")


class CanOut(BaseModel):
    stand_in: list[int] = Field(description="seats you may hand to a bot now (their player is gone or idle)")
    reclaim: bool = Field(description="a bot is playing for you and you may take your seat back")
    abandon: bool = Field(description="you created the table and may abandon it")


class TableSummaryOut(BaseModel):
    id: str
    game: str
    status: str = Field(description="open (waiting for players), playing, finished or abandoned")
    players: int
    seating: str
    options: dict[str, Any]
    engine_version: str
    seq: int | None = Field(description="the sequence number the next submission must carry")
    to_move: int | None = Field(description="the seat to move (None before the start and at the end)")
    seats: list[SeatOut]
    result: dict[str, Any] | None = Field(description="scores, ranks and breakdown, once the game is over")
    creator: str | None = Field(None, description="the id of the signed-in user who created the table")
    again: str | None = Field(
        None, description="the newest table set up to play this one again with the same seats"
    )
    ranked: bool = Field(False, description="whether the finished game is rated (accounts and bots only)")
    clock: dict[str, Any] = Field(
        default_factory=lambda: {"mode": "none"},
        description="the table's speed in full form (docs/clocks.md); {'mode': 'none'}: no limit",
    )
    clocks: ClocksOut | None = Field(None, description="the running clocks (null: no limit, or not started)")
    private: bool = Field(False, description="never listed; seen only with its invite link")
    spectator_chat: bool = Field(True, description="whether spectators may write in the table's chat")


class TableOut(TableSummaryOut):
    you: YouOut | None = Field(description="the caller's seat (None for a spectator)")
    view: dict[str, Any] | None = Field(description="the game as the caller's seat may see it")
    legal: list[str] = Field(description="the caller's legal actions (empty unless it is their turn)")
    can: CanOut
    standings: list[StandingOut] | None = Field(
        None, description="a finished game's end by seat: place, win and (ranked) rating change and points"
    )
    invite: str | None = Field(
        None, description="for the creator of a private table: its invite secret (send it as ?key=)"
    )


class LastMoveOut(BaseModel):
    seq: int
    seat: int
    action: str
    at: str = Field(description="when it was logged (ISO 8601, UTC)")


class MyTableOut(BaseModel):
    table: TableSummaryOut
    slot: int | None = Field(description="your slot at the table")
    seat: int | None = Field(description="your game seat (null before the start)")
    my_turn: bool = Field(description="it is your seat's turn and you play it (no bot stands in for you)")
    time_left: int | None = Field(description="your seat's time left in ms (null: no clock, or not started)")
    last_move: LastMoveOut | None = Field(description="the table's newest move (null: none yet)")


class MyTablesOut(BaseModel):
    tables: list[MyTableOut] = Field(description="your turn first (least time left first), then the rest")


class TokenOut(BaseModel):
    slot: int
    name: str | None
    token: str = Field(description="the player token: send it as 'Authorization: Bearer TOKEN'")


class CreatedOut(BaseModel):
    table: TableOut
    tokens: list[TokenOut]
    creator_token: str | None = Field(
        None,
        description="only for a table created without signing in and without a 'human' seat: a bearer "
        "token that gives the creator's rights (abandon) and holds no seat; else null (the creator is "
        "the signed-in caller, or the holder of the first 'human' seat's token)",
    )


class JoinedOut(BaseModel):
    token: str = Field(description="the player token: send it as 'Authorization: Bearer TOKEN'")
    slot: int
    table: TableOut


class TablesOut(BaseModel):
    tables: list[TableSummaryOut]


class LoggedAction(BaseModel):
    seq: int
    seat: int
    action: str
    source: str = Field(description="player, bot, or fallback (a random move after a bot failed)")


class LoggedEvent(BaseModel):
    seq: int
    seat: int | None
    kind: str = Field(description="bot_error, stand_in, reclaim, abandon, timeout")
    detail: str = Field(description="the event in words")
    data: dict[str, Any] | None = Field(
        None, description="for a timeout: its seat, instant (at), action (stand-in or end) and clock state"
    )


class LogLine(BaseModel):
    n: int = Field(description="position in the log in words")
    seq: int = Field(
        description="the sequence number of the action (or, for an event, the log's length then)"
    )
    seat: int | None
    kind: str = Field(description="action, or an event: stand_in, reclaim, abandon, bot_error, timeout")
    lines: list[str] = Field(description="the lines in the reader's language")
    said: list[dict[str, Any]] = Field(
        default_factory=list,
        description="each line language-free: {msg, params} (plural, n, domain when set), or {text}",
    )


class LogOut(BaseModel):
    id: str
    seq: int
    actions: list[LoggedAction]
    events: list[LoggedEvent]
    words: list[LogLine] = Field(description="the game log in words, with the table's events")
    record: dict[str, Any] | None = Field(
        description="the game record (docs/record.md), once the game is over"
    )


class ErrorOut(BaseModel):
    error: str = Field(description="one line saying what was wrong")
    code: str = Field(description="a stable word for programs: stale, illegal, not_found, ...")


class BoardOut(BaseModel):
    module: str = Field(description="the URL of the board's ES module")
    stylesheet: str | None = Field(description="the URL of the board's stylesheet, if it has one")


class GameOut(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int
    version: str
    options: list[dict[str, Any]]
    board: BoardOut | None = Field(
        description="the game's own board for the table page (null: the generic board draws it)"
    )
    first_seat_note: str = Field(
        description="what seat 1 of a fixed seating is, in players' words ('' if like any other)"
    )
    information: Literal["perfect", "imperfect"] = Field(
        description="imperfect: some seat cannot see part of the position (a face-down stack, a hand)"
    )
    levels: list[str] = Field(description="the bot levels offered for this game, easiest first")
    bots: list[str] = Field(description="the bot levels and kinds a seat of this game may name")


class GamesOut(BaseModel):
    games: list[GameOut] = Field(description="every game; the first is the default of a new table")
    bots: list[str] = Field(description="every bot level and kind (each game lists those it offers)")


class LeaderOut(BaseModel):
    rank: int = Field(description="1 for the best rating; equal shown ratings share a rank")
    name: str = Field(description="the account's name, or the bot's resolved spec (kind:iterations)")
    rating: int = Field(description="the rating as shown: rounded to a whole number (docs/ratings.md)")
    exact: float = Field(description="the rating at full precision, as stored")
    games: int = Field(description="rated games of this game")
    wins: int
    last_played: str = Field(description="when the last rated game ended (ISO 8601, UTC)")
    provisional: bool = Field(description="fewer rated games than the Elo's provisional count")


class BotLeaderOut(LeaderOut):
    engine_version: str = Field(description="the game's engine version the bot was rated under")
    levels: list[str] = Field(description="the levels that play as this bot now (empty: none does)")


class LeaderboardOut(BaseModel):
    game: str
    provisional_games: int = Field(description="a rating is provisional until this many rated games")
    players: list[LeaderOut] = Field(description="rated accounts, best first")
    bots: list[BotLeaderOut] = Field(description="rated bots, best first, ranked apart from people")


class HistoryPointOut(BaseModel):
    date: str = Field(description="when the game ended (ISO 8601, UTC)")
    table: str = Field(description="the table's id")
    rating: float = Field(description="the rating after that game, at full precision")


class PlayedOut(BaseModel):
    table: str = Field(description="the table's id (its page: /tables/ID)")
    finished_at: str | None
    players: int = Field(description="how many seats the table had")
    seat: int = Field(description="the account's seat (0 moved first)")
    place: int = Field(description="1 for first; tied seats share the better place")
    score: int
    won: bool
    stood_in: bool = Field(description="a bot stood in for the account at some time during the game")
    ranked: bool
    rating_after: float | None = Field(description="the rating after the game (null: not rated)")
    points: int | None = Field(description="ladder points the game earned (null: not rated)")


class SeatWinsOut(BaseModel):
    seat: int
    games: int
    wins: int


class ScorePartOut(BaseModel):
    key: str = Field(description="the part's key in the game's score breakdown")
    label: str = Field(description="its name in the reader's language (the game's term score.<key>)")
    average: float


class BotOpponentOut(BaseModel):
    bot: str = Field(description="the bot's resolved spec (as on the leaderboard: kind:iterations)")
    games: int
    wins: int = Field(description="games against it the account won")
    ahead: int = Field(description="games against it the account finished ahead of it")


class PlayerGameOut(BaseModel):
    game: str
    rating: int | None = Field(description="the rating as shown (null: no rated game of this game yet)")
    exact: float | None
    games: int = Field(description="rated games")
    wins: int = Field(description="rated games won")
    provisional: bool
    last_played: str | None
    season: int = Field(description="the ladder season now")
    points: int = Field(description="ladder points in this season")
    history: list[HistoryPointOut] = Field(description="the rating after each rated game, oldest first")
    played: list[PlayedOut] = Field(
        description="every finished game of this game the account sat at, newest first"
    )
    wins_by_seat: list[SeatWinsOut] = Field(description="over the games played: games and wins by seat")
    average_score: float | None = Field(description="over the games played")
    average_breakdown: list[ScorePartOut] = Field(
        description="the average of each part of the score the game declares (Puerto Rico: shipping, "
                    "buildings, bonuses; Vanuatu: its own columns), over the games played"
    )
    bot_opponents: list[BotOpponentOut] = Field(
        description="the bots the account has played most (at most five): games against each, the "
                    "account's wins in them, and how often it finished ahead of the bot"
    )


class PlayerOut(BaseModel):
    name: str
    games: list[PlayerGameOut] = Field(
        description="one entry per game the account has finished or been rated in"
    )
