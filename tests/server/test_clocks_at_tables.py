"""Table speeds on a real server and database (SQLite and PostgreSQL), with an injected wall clock.

The server reads the time from the ManualClock each test gives it (ServerConfig.wall_clock): a
bank of a minute runs out when the test moves the clock on, and no test sleeps to see it. Each
test polls (servertools.wait_for) for what the server does once a deadline has passed.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import httpx2
from rankedtools import account, rows
from servertools import OPEN, act, bot, create, get, human, serve, table_log, wait_for

from isla.server import ServerConfig
from isla.server.wallclock import ManualClock

MINUTE = {"mode": "realtime", "bank": 60, "increment": 5}


def clocked(config: ServerConfig, clock: ManualClock) -> ServerConfig:
    return replace(config, wall_clock=clock)


def timeouts(client: httpx2.Client, table_id: str) -> list[dict[str, Any]]:
    return [e for e in table_log(client, table_id)["events"] if e["kind"] == "timeout"]


def test_a_table_is_created_with_the_clock_it_asks_for_and_every_summary_shows_it(
    config: ServerConfig,
) -> None:
    with serve(clocked(config, ManualClock())) as server, server.client() as client:
        given = {"mode": "turn-based", "per_move": 86400,
                 "hours": {"from": "08:00", "to": "22:00", "zone": "Europe/Berlin"}}
        turn_based = create(client, [human("Ann"), OPEN], clock=given)["table"]
        assert turn_based["clock"] == {**given, "on_timeout": "stand-in", "stand_in_level": "easy"}
        assert turn_based["clocks"] is None  # not started: nothing runs yet
        fast = create(client, [human("Ann"), bot()], clock="fast", seating="fixed")["table"]
        assert fast["clock"] == {"mode": "realtime", "bank": 180, "increment": 5,
                                 "on_timeout": "stand-in", "stand_in_level": "easy"}
        assert fast["clocks"]["running"] == 0 and fast["clocks"]["left"][0] == 180_000
        ends = create(client, [human("Ann"), bot()], clock={"preset": "24h", "on_timeout": "end"})["table"]
        assert ends["clock"] == {"mode": "turn-based", "per_move": 86400, "on_timeout": "end"}
        one_second = create(client, [human("Ann"), bot()], clock={"mode": "realtime", "bank": 1,
                                                                   "increment": 0})["table"]
        assert one_second["clock"]["bank"] == 1
        untimed = create(client, [human("Ann"), bot()])["table"]
        assert untimed["clock"] == {"mode": "none"} and untimed["clocks"] is None
        lobby = {t["id"]: t for t in client.get("/api/tables").json()["tables"]}
        assert lobby[fast["id"]]["clock"]["bank"] == 180 and lobby[untimed["id"]]["clock"]["mode"] == "none"
        assert lobby[turn_based["id"]]["clock"]["hours"]["zone"] == "Europe/Berlin"


def test_a_bad_clock_is_refused_with_one_line_saying_what_to_give_and_no_table_is_made(
    config: ServerConfig,
) -> None:
    bad = [
        ({"mode": "realtime", "bank": 0, "increment": 20}, 'clock "bank" must be from 1'),
        ({"mode": "realtime", "bank": 600}, 'needs "increment"'),
        ({"mode": "sometimes"}, 'clock "mode" must be'),
        ("medium", "clock must be one of"),
        ({"preset": "normal", "stand_in_level": "grandmaster"}, "stand_in_level"),
        ({"mode": "turn-based", "per_move": 3600, "hours": {"from": "25:00", "to": "22:00", "zone": "UTC"}},
         '"from" must be "HH:MM"'),
        (["realtime"], "clock must be an object"),
    ]
    with serve(clocked(config, ManualClock())) as server, server.client() as client:
        for clock, words in bad:
            answer = client.post("/api/tables", json={"seats": [human("Ann"), bot()], "clock": clock})
            assert answer.status_code == 422, answer.text
            body = answer.json()
            assert body["code"] == "invalid" and words in body["error"] and "\n" not in body["error"], body
        assert client.get("/api/tables").json()["tables"] == []


def test_a_player_who_stops_moving_is_stood_in_for_when_the_bank_runs_out_and_takes_the_seat_back(
    config: ServerConfig,
) -> None:
    clock = ManualClock()
    with serve(clocked(config, clock)) as server, server.client() as client:
        created = create(client, [human("Ann"), human("Bob")], seating="fixed", clock=MINUTE)
        table_id = created["table"]["id"]
        ann_token, bob_token = (t["token"] for t in created["tokens"])
        with server.client(ann_token) as ann, server.client(bob_token) as bob:
            first = get(ann, table_id)
            assert first["clocks"]["running"] == 0  # the first decision of the game runs too
            clock.advance(20)
            assert get(ann, table_id)["clocks"]["left"][0] == 40_000
            assert act(ann, table_id, 0, first["legal"][0]).status_code == 200
            # Ann's next decision, or Bob's: whoever is to move, Ann's bank kept 40 s + 5 s.
            assert get(ann, table_id)["clocks"]["left"][0] == 45_000  # 60 - 20 + 5
            while (table := get(ann, table_id))["to_move"] != 0:  # Bob plays until it is Ann's turn
                with_bob = get(bob, table_id)
                assert act(bob, table_id, with_bob["seq"], with_bob["legal"][0]).status_code == 200
            left = table["clocks"]["left"][0]
            assert not timeouts(client, table_id)
            clock.advance(left / 1000 - 1)
            assert not timeouts(client, table_id) and get(ann, table_id)["clocks"]["left"][0] == 1000
            clock.advance(1)  # Ann's bank is empty now
            stood = wait_for("the stand-in to take Ann's seat",
                             lambda: (t := get(ann, table_id))["seats"][0]["stand_in"] == "easy" and t)
            assert stood["clocks"]["out"] == [0] and stood["clocks"]["left"][0] == 0
            event = timeouts(client, table_id)[0]
            assert (event["seat"], event["data"]["seat"], event["data"]["action"]) == (0, 0, "stand-in")
            assert event["data"]["clock"]["out"] == [0] and event["data"]["at"] == clock.now()
            assert "ran out of time" in event["detail"]
            # The stand-in plays Ann's decisions until it is Bob's turn; his clock runs meanwhile.
            waiting = wait_for("Bob's turn", lambda: (t := get(bob, table_id))["to_move"] == 1 and t)
            assert waiting["clocks"]["running"] == 1
            answer = ann.post(f"/api/tables/{table_id}/seats/0/reclaim")
            assert answer.status_code == 200, answer.text
            back = answer.json()
            assert back["seats"][0]["stand_in"] is None and back["clocks"]["out"] == []
            assert back["clocks"]["left"][0] == 30_000  # a fresh grace: the increment, at least 30 s
            kinds = [line["kind"] for line in table_log(client, table_id)["words"]]
            assert kinds.index("timeout") < kinds.index("reclaim")


def test_a_table_that_ends_on_a_timeout_is_abandoned_with_the_timeout_in_its_log(
    config: ServerConfig,
) -> None:
    clock = ManualClock()
    with serve(clocked(config, clock)) as server, server.client() as client:
        created = create(client, [human("Ann"), bot()], seating="fixed",
                         clock={**MINUTE, "on_timeout": "end"})
        table_id = created["table"]["id"]
        clock.advance(60)
        ended = wait_for("the table to end",
                         lambda: (t := get(client, table_id))["status"] == "abandoned" and t)
        assert ended["seats"][0]["stand_in"] is None
        log = table_log(client, table_id)
        assert [e["kind"] for e in log["events"]] == ["timeout", "abandon"]
        assert log["events"][0]["data"]["action"] == "end" and log["record"] is not None


def test_a_restarted_server_resumes_each_clock_with_the_time_it_had_when_it_stopped(
    config: ServerConfig,
) -> None:
    clock = ManualClock()
    with serve(clocked(config, clock)) as server, server.client() as client:
        created = create(client, [human("Ann"), bot()], seating="fixed", clock=MINUTE)
        table_id = created["table"]["id"]
        clock.advance(25)
        assert get(client, table_id)["clocks"]["left"][0] == 35_000
    clock.advance(3600)  # an hour down: no clock runs meanwhile
    with serve(clocked(config, clock)) as server, server.client() as client:
        table = get(client, table_id)
        assert table["clocks"]["left"][0] == 35_000 and table["clocks"]["running"] == 0
        assert table["clocks"]["deadline"] == clock.now() + 35_000
        clock.advance(34)
        assert get(client, table_id)["clocks"]["left"][0] == 1000 and not timeouts(client, table_id)
        clock.advance(1)
        wait_for("the resumed clock to time out", lambda: timeouts(client, table_id))


def test_a_ranked_seat_that_timed_out_is_recorded_as_stood_in_for_when_the_game_ends(
    config: ServerConfig,
) -> None:
    clock = ManualClock()
    with serve(clocked(config, clock)) as server, account(server, "Ann") as ann:
        created = create(ann, [{"kind": "me"}, bot()], seating="fixed", ranked=True,
                         clock={"mode": "realtime", "bank": 1, "increment": 0})
        table_id = created["table"]["id"]
        clock.advance(1)  # Ann never moves: the easy stand-in plays her seat to the end
        wait_for("the game to end", lambda: get(ann, table_id)["status"] == "finished")
        assert timeouts(ann, table_id)[0]["seat"] == 0
    stood_in = rows(config.database_url or "", "SELECT seat, stood_in FROM seat_results "
                    "WHERE table_id = :table ORDER BY seat", table=table_id)
    assert [(seat, bool(flag)) for seat, flag in stood_in] == [(0, True), (1, False)]


def test_a_turn_based_deadline_counts_only_within_the_playing_hours(config: ServerConfig) -> None:
    clock = ManualClock(start=1_781_130_600_000)  # 2026-06-10 22:30 UTC: the hours below have closed
    hours = {"from": "08:00", "to": "22:00", "zone": "UTC"}
    with serve(clocked(config, clock)) as server, server.client() as client:
        created = create(client, [human("Ann"), bot()], seating="fixed",
                         clock={"mode": "turn-based", "per_move": 3600, "hours": hours})
        table_id = created["table"]["id"]
        clocks = created["table"]["clocks"]
        assert clocks["running"] == 0 and clocks["counting"] is False
        assert clocks["deadline"] == clock.now() + 34_200_000 + 3_600_000  # 09:00 next morning
        clock.advance(9.5 * 3600 + 60)  # 08:01: a minute has counted
        later = get(client, table_id)["clocks"]
        assert later["counting"] is True and later["left"][0] == 3540_000


def test_at_a_turn_based_table_nobody_hands_an_absent_players_seat_to_a_bot_before_its_deadline(
    config: ServerConfig,
) -> None:
    with serve(replace(clocked(config, ManualClock()), away_seconds=0.0, idle_seconds=0.0)) as server, \
            server.client() as client:
        for clock, handed in (("24h", False), ("normal", True)):
            created = create(client, [human("Ann"), human("Bob")], seating="fixed", clock=clock)
            table_id = created["table"]["id"]
            with server.client(created["tokens"][1]["token"]) as bob:
                can = get(bob, table_id)["can"]["stand_in"]
                answer = bob.post(f"/api/tables/{table_id}/seats/0/stand-in")
            assert (can == [0], answer.status_code == 200) == (handed, handed), (clock, answer.text)
            if not handed:
                assert answer.json()["code"] == "conflict" and "time runs out" in answer.json()["error"]
