"""Each seat's rating beside its name in the lobby and at the table, and a finished game's
standings (place, win, rating change, points) answered with its final move."""

from __future__ import annotations

from rankedtools import account, finished, guest, play_out, rows
from servertools import OPEN, Running, bot, create, get

from isla.ratings import display

ME = {"kind": "me"}


def seat_ratings(table: dict) -> list[dict | None]:  # type: ignore[type-arg]
    return [seat["rating"] for seat in table["seats"]]


def test_the_final_move_is_answered_with_each_seats_place_win_and_rating_change(server: Running) -> None:
    url = server.config.database_url
    assert url is not None
    with account(server, "Ann") as ann:
        table = create(ann, [ME, bot("random")], game="puertorico", ranked=True)["table"]
        assert seat_ratings(table) == [{"rating": 1500, "games": 0, "provisional": True}] * 2
        last = play_out(ann, table["id"])
        done = finished(ann, table["id"])
        standings = done["standings"]
        if last is not None and last.json()["status"] == "finished":  # Ann's move ended the game
            assert last.json()["standings"] == standings
        stored = {row[0]: row[1:] for row in rows(
            url, "SELECT s.seat, h.rating_before, h.rating_after, h.points, s.place, s.won "
                 "FROM seat_results s JOIN rating_history h "
                 "ON h.table_id = s.table_id AND h.player = s.player "
                 "WHERE s.table_id = :t", t=table["id"])}
        assert sorted(stored) == [0, 1] and [s["seat"] for s in standings] == [0, 1]
        for entry in standings:
            before, after, points, place, won = stored[entry["seat"]]
            assert (entry["place"], entry["won"], entry["points"]) == (place, won, points)
            assert (entry["rating_before"], entry["rating_after"]) == (display(before), display(after))
            assert entry["change"] == display(after) - display(before)
        tied = standings[0]["place"] == standings[1]["place"]
        assert tied or any(entry["change"] != 0 for entry in standings)
        # The seats now show the ratings after the game, at the table and in the lobby.
        afterwards = sorted(entry["rating_after"] for entry in standings)
        assert sorted(r["rating"] for r in seat_ratings(done)) == afterwards
        assert all(r["games"] == 1 for r in seat_ratings(done))
        listed = next(t for t in ann.get("/api/tables").json()["tables"] if t["id"] == table["id"])
        assert sorted(r["rating"] for r in seat_ratings(listed)) == afterwards


def test_an_unranked_game_shows_place_and_win_only_and_ratings_beside_accounts_not_guests(
    server: Running,
) -> None:
    with account(server, "Ann") as ann, guest(server, "Gil") as gil:
        table = create(ann, [ME, OPEN], game="puertorico")["table"]
        joined = gil.post(f"/api/tables/{table['id']}/join", json={})
        assert joined.status_code == 200, joined.text
        by_name = {seat["name"]: seat["rating"] for seat in joined.json()["table"]["seats"]}
        assert by_name == {"Ann": {"rating": 1500, "games": 0, "provisional": True}, "Gil": None}
        listed = next(t for t in gil.get("/api/tables").json()["tables"] if t["id"] == table["id"])
        assert seat_ratings(listed) == seat_ratings(joined.json()["table"])
        assert get(gil, table["id"])["standings"] is None  # not finished yet
    with server.client() as client:
        bots = create(client, [bot("random"), bot("rush")])["table"]
        done = finished(client, bots["id"])
    assert [set(entry) for entry in done["standings"]] == [
        {"seat", "place", "won", "rating_before", "rating_after", "change", "points"}] * 2
    assert all(entry["change"] is None and entry["points"] is None for entry in done["standings"])
    assert sorted(entry["place"] for entry in done["standings"])[0] == 1
    assert all(r["games"] == 0 for r in seat_ratings(done))  # unranked: nothing changed


def test_a_rated_bot_shows_its_rating_at_an_unranked_table(server: Running) -> None:
    with server.client() as client:
        ranked = create(client, [bot("random"), bot("rush")], ranked=True)["table"]
        finished(client, ranked["id"])
        later = create(client, [bot("random"), bot("heuristic")])["table"]
        ratings = {seat["bot"]: seat["rating"] for seat in get(client, later["id"])["seats"]}
    assert ratings["random"]["games"] == 1 and ratings["random"]["provisional"] is True
    assert ratings["heuristic"] == {"rating": 1500, "games": 0, "provisional": True}


