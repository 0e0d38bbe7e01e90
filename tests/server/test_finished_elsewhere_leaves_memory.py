"""A table another process finished leaves this process's memory too, once nobody here follows it.

Every process reads in the live tables it hears of (cluster.py); a finished table is dropped from
memory `release_seconds` after its last follower leaves (tables.py, `_release`). A table that ends
by a move made on another process is read back here whole: it must be dropped as well, or a
process serving a community would keep every game it ever heard of.
"""

from __future__ import annotations

from dataclasses import replace

from servertools import Apps, act, bot, create, get, human, serve, wait_for

from isla.server import ServerConfig

SHORT = {"vp_supply": 3}  # a game of about 50-150 actions


def test_a_table_finished_on_another_process_leaves_the_memory_of_one_that_held_it(
    shared: ServerConfig, apps: Apps
) -> None:
    first = replace(shared, data_dir=shared.data_dir / "one")
    second = replace(shared, data_dir=shared.data_dir / "two", release_seconds=0.2)
    with serve(first, wrap=apps.wrap) as one, serve(second, wrap=apps.wrap) as two, one.client() as http:
        seats = [human("Ann"), bot(), bot()]
        created = create(http, seats, game="puertorico", seating="fixed", options=SHORT)
        table_id, ann = created["table"]["id"], created["tokens"][0]["token"]
        holding = apps.service(1)
        wait_for("the second process to read the table in", lambda: holding.holds(table_id))
        with one.client(ann) as player:
            while (table := get(player, table_id))["status"] == "playing":
                if table["legal"]:
                    act(player, table_id, table["seq"], table["legal"][0])
        with two.client() as reader:
            wait_for("the second process's copy to end",
                     lambda: get(reader, table_id)["status"] == "finished")
        wait_for("the finished table to leave the second process's memory",
                 lambda: not holding.holds(table_id))
