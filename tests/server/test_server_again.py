"""Playing a finished game again with the same seats (`POST /api/tables/{id}/again`): the same game,
options, seating and bots; the other people's seats open and kept for them; one new table however
many of them ask, and the finished table points at it."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx2
from played import insert_finished, person, robot
from servertools import Running, create, get, human, run_async

from isla.server.store import Store


def finished_table(server: Running, table_id: str = "t-done") -> tuple[str, str]:
    """A finished 3-seat Puerto Rico table (balanced): Ann, Ben and an easy bot; their tokens."""
    ann, ann_token = person(0, "Ann")
    ben, ben_token = person(1, "Ben")

    async def job(store: Store) -> None:
        await insert_finished(store, table_id, "puertorico", [ann, ben, robot(2, "easy")],
                              options={"balanced": True})

    run_async(job, server.config.url().render_as_string(hide_password=False))
    return ann_token, ben_token


def again(client: httpx2.Client, table_id: str) -> httpx2.Response:
    return client.post(f"/api/tables/{table_id}/again", json={})


def seats(table: dict[str, Any]) -> list[tuple[str, str | None, str | None]]:
    return [(s["kind"], s["name"], s["bot"]) for s in sorted(table["seats"], key=lambda s: s["slot"])]


def test_the_first_to_play_again_gets_the_same_table_with_the_others_seats_kept(server: Running) -> None:
    ann_token, ben_token = finished_table(server)
    with server.client(ann_token) as ann, server.client(ben_token) as ben, server.client() as anyone:
        assert get(anyone, "t-done")["status"] == "finished" and get(anyone, "t-done")["again"] is None
        made = again(ann, "t-done")
        assert made.status_code == 200, made.text
        table = made.json()["table"]
        assert table["status"] == "open" and table["game"] == "puertorico"
        assert table["options"] == get(anyone, "t-done")["options"] and table["options"]["balanced"]
        assert table["seating"] == "fixed"
        assert seats(table) == [("human", "Ann", None), ("open", "Ben", None), ("bot", None, "easy")]
        [token] = made.json()["tokens"]
        assert token["slot"] == 0
        assert get(anyone, "t-done")["again"] == table["id"]

        joined = again(ben, "t-done")  # Ben's page: "Play again" joins the table Ann made
        assert joined.status_code == 200, joined.text
        started = joined.json()["table"]
        assert started["id"] == table["id"] and started["status"] == "playing"
        assert started["you"]["slot"] == 1
        assert seats(started)[1] == ("human", "Ben", None)
        with server.client(joined.json()["tokens"][0]["token"]) as ben_again:
            assert get(ben_again, table["id"])["you"]["name"] == "Ben"

        # Ann asks once more (with the finished table's token): her seat, no third table.
        repeat = again(ann, "t-done")
        assert repeat.status_code == 200 and repeat.json()["table"]["id"] == table["id"]
        assert get(anyone, "t-done")["again"] == table["id"]


def test_two_players_asking_at_once_get_one_new_table(server: Running) -> None:
    ann_token, ben_token = finished_table(server)
    with server.client(ann_token) as ann, server.client(ben_token) as ben, ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda c: again(c, "t-done"), [ann, ben]))
    assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
    ids = {a.json()["table"]["id"] for a in answers}
    assert len(ids) == 1
    with server.client() as anyone:
        table = get(anyone, ids.pop())
    assert table["status"] == "playing"
    assert seats(table) == [("human", "Ann", None), ("human", "Ben", None), ("bot", None, "easy")]


def test_only_a_player_of_a_finished_table_can_play_it_again(server: Running) -> None:
    ann_token, _ = finished_table(server)
    with server.client() as anyone, server.client(ann_token) as ann:
        refused = again(anyone, "t-done")
        assert refused.status_code == 403 and refused.json()["code"] == "forbidden"
        playing = create(anyone, [human("Cy"), {"kind": "bot", "bot": "easy"}])
        cy = playing["tokens"][0]["token"]
        with server.client(cy) as cy_client:
            early = again(cy_client, playing["table"]["id"])
            assert early.status_code == 409 and early.json()["code"] == "conflict"
            other = again(cy_client, "t-done")  # a token of another table holds no seat here
            assert other.status_code == 403
        assert again(anyone, "no-such-table").status_code == 404
        assert get(anyone, "t-done")["again"] is None  # nothing was made by the refusals
        assert again(ann, "t-done").status_code == 200


def test_an_open_seat_kept_for_someone_goes_to_them_and_others_take_the_free_ones(server: Running) -> None:
    with server.client() as anyone:
        made = create(anyone, [human("Ann"), {"kind": "open", "name": "Ben"}, {"kind": "open"}])
        table_id = made["table"]["id"]
        assert seats(made["table"])[1:] == [("open", "Ben", None), ("open", None, None)]
        first = anyone.post(f"/api/tables/{table_id}/join", json={"name": "Dan"})
        assert first.status_code == 200 and first.json()["slot"] == 2  # not Ben's seat
        ben = anyone.post(f"/api/tables/{table_id}/join", json={"name": "Ben"})
        assert ben.status_code == 200 and ben.json()["slot"] == 1
        assert ben.json()["table"]["status"] == "playing"
