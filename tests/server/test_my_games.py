"""My games (`GET /api/me/tables`): every table I sit at that is not over, my turn first, time left."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from rankedtools import account
from servertools import OPEN, bot, create, serve

from isla.server import ServerConfig
from isla.server.wallclock import ManualClock

ME = {"kind": "me"}


def test_my_games_lists_the_tables_i_sit_at_my_turn_first_with_my_time_left(config: ServerConfig) -> None:
    clock = ManualClock()
    with serve(replace(config, wall_clock=clock)) as server, server.client() as anonymous:
        refused = anonymous.get("/api/me/tables")
        assert refused.status_code == 401 and refused.json()["code"] == "unauthorized"
        with account(server, "Ann") as ann, account(server, "Cid") as cid:
            waiting = create(ann, [ME, OPEN], clock="slow")["table"]["id"]
            untimed = create(ann, [ME, bot()], seating="fixed")["table"]["id"]
            timed = create(ann, [ME, bot()], seating="fixed", clock="normal")["table"]["id"]
            cids = create(cid, [ME, bot()], seating="fixed", clock="fast")["table"]["id"]  # not Ann's
            clock.advance(100)
            mine = ann.get("/api/me/tables")
            assert mine.status_code == 200, mine.text
            tables = mine.json()["tables"]
            assert [t["table"]["id"] for t in tables] == [timed, untimed, waiting]
            first = tables[0]
            assert first["my_turn"] is True and first["seat"] == 0 and first["time_left"] == 500_000
            assert first["table"]["clock"]["bank"] == 600 and first["last_move"] is None
            assert tables[1]["my_turn"] is True and tables[1]["time_left"] is None
            assert tables[2]["my_turn"] is False and tables[2]["seat"] is None
            legal = ann.get(f"/api/tables/{untimed}").json()["legal"]
            moved = ann.post(f"/api/tables/{untimed}/actions", json={"seq": 0, "actions": [legal[0]]})
            assert moved.status_code == 200, moved.text
            again = {t["table"]["id"]: t for t in ann.get("/api/me/tables").json()["tables"]}
            last = again[untimed]["last_move"]
            assert last is not None and last["seq"] >= 0 and datetime.fromisoformat(last["at"]).tzinfo
            assert [t["table"]["id"] for t in cid.get("/api/me/tables").json()["tables"]] == [cids]
