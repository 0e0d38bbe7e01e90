"""A move's notice carries the move (cluster.py): the other processes apply it to their copies
without reading it back from the database; a notice without a usable move is read back as before."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from servertools import Apps, act, create, get, human, serve, wait_for

from isla.server import ServerConfig
from isla.server.cluster import Told, _told


def test_a_move_made_on_one_process_reaches_the_others_copy_without_a_database_read(
    shared: ServerConfig, apps: Apps
) -> None:
    first, second = (replace(shared, data_dir=shared.data_dir / name) for name in ("one", "two"))
    with serve(first, wrap=apps.wrap) as one, serve(second, wrap=apps.wrap) as two, one.client() as http:
        created = create(http, [human("Ann"), human("Bob"), human("Cid")], game="puertorico", seating="fixed")
        table_id, ann = created["table"]["id"], created["tokens"][0]["token"]
        other = apps.service(1)
        wait_for("the second process to read the table in", lambda: other.holds(table_id))
        reads: list[Any] = []
        tail = other.store.tail

        async def counted_tail(*args: Any) -> Any:
            reads.append(args)
            return await tail(*args)

        other.store.tail = counted_tail
        with one.client(ann) as player, two.client() as reader:
            table = get(player, table_id)
            moved = act(player, table_id, 0, table["legal"][0])
            assert moved.status_code == 200, moved.text
            wait_for("the second process's copy at seq 1", lambda: get(reader, table_id)["seq"] == 1)
            assert get(reader, table_id)["view"] == get(http, table_id)["view"]
        assert reads == []  # applied from the notice: the database was not asked


@pytest.mark.parametrize("moves", [
    None, "moves", {}, {"first": "0", "seat": 0, "actions": ["x"], "source": "player", "clocks": None},
    {"first": 0, "seat": 0, "actions": [], "source": "player", "clocks": None},
    {"first": 0, "seat": 0, "actions": [1], "source": "player", "clocks": None},
    {"first": 0, "seat": 0, "actions": ["x"], "source": None, "clocks": None},
    {"first": 0, "seat": 0, "actions": ["x"], "source": "player", "clocks": [{}, "soon"]},
    {"first": 0, "seat": 0, "actions": ["x"], "source": "player", "clocks": {"state": {}}},
])
def test_a_notice_whose_move_is_missing_or_malformed_is_read_back_from_the_database(moves: object) -> None:
    assert _told(moves) is None


def test_a_well_formed_move_in_a_notice_is_taken_as_it_is() -> None:
    told = _told({"first": 4, "seat": 1, "actions": ["a", "b"], "source": "bot", "clocks": [{"k": 1}, 99]})
    assert told == Told(4, 1, ["a", "b"], "bot", [{"k": 1}, 99])
