"""A push builds one snapshot per audience, not one per connection (SQLite and PostgreSQL).

Every connection of one seat sees the same snapshot, and so does every spectator: building it for
each connection again was a good part of the server's CPU per move under load (issue 18's profile).
The snapshots built are counted by wrapping `LiveTable.snapshot` of the real server running in this
process; what each connection receives is checked as well.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from servertools import Running, create, human
from wstools import Socket

from isla.server.tables import LiveTable


def test_connections_of_one_seat_and_all_spectators_share_one_snapshot_per_push(
    server: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: Counter[tuple[int, int | None]] = Counter()  # (seq, slot or None: a spectator) -> built
    original: Callable[..., dict[str, Any]] = LiveTable.snapshot

    def counted(self: LiveTable, *args: Any) -> dict[str, Any]:
        snapshot = original(self, *args)
        you = snapshot["you"]
        built[snapshot["seq"], None if you is None else you["slot"]] += 1
        return snapshot

    monkeypatch.setattr(LiveTable, "snapshot", counted)
    with server.client() as anon:
        created = create(anon, [human("Ann"), human("Bob")], seating="fixed")
    table_id = created["table"]["id"]
    ann_token, bob_token = created["tokens"][0]["token"], created["tokens"][1]["token"]
    anns = [Socket(server.url, ann_token) for _ in range(3)]
    bob = Socket(server.url, bob_token)
    spectators = [Socket(server.url) for _ in range(3)]
    everyone = [*anns, bob, *spectators]
    try:
        for socket in everyone:
            socket.send({"type": "watch", "table": table_id})
            socket.expect("table")
        ann_slot, bob_slot = anns[0].table["you"]["slot"], bob.table["you"]["slot"]  # type: ignore[index]
        anns[0].send({"type": "submit", "table": table_id, "seq": 0, "actions": ["role:builder"], "ref": "m"})
        assert anns[0].expect("ok")["seq"] == 1
        for socket in everyone:
            socket.until("the move to be pushed", lambda t: t["seq"] == 1)
            socket.expect("log")
        # Each got its own audience's view: the seat's for Ann's and Bob's, the public one otherwise.
        assert all(s.table is not None and s.table["you"]["slot"] == ann_slot for s in anns)
        assert bob.table is not None and bob.table["you"]["slot"] == bob_slot
        assert all(s.table is not None and s.table["you"] is None for s in spectators)
        assert all(s.log == anns[0].log and s.log for s in everyone)
        pushes = built[1, bob_slot]  # Bob has one connection: one snapshot of his per push
        assert pushes >= 1
        assert built[1, None] == pushes, built  # three spectators, one snapshot per push
        # Ann's three connections share hers (the submit's own answer may build one more).
        assert built[1, ann_slot] <= pushes + 1, built
    finally:
        for socket in everyone:
            socket.close()
