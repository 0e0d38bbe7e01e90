"""A Vanuatu table stored before the `bonuses` option is rebuilt from its log as it was played, and
a table created now records the option (the log is the truth: test_server_log.py).

The log is the first 125 actions of a game recorded by the engine before the option existed
(tests/games/vanuatu/records/, with the options a server table stored then: every option but
`bonuses`); the same records hold the state that game reached there. Runs on SQLite and PostgreSQL.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from servertools import bot, create, get, human, run_async, serve

import isla
from isla.server.config import ServerConfig
from isla.server.store import Store, StoredSeat, StoredTable

RECORDS = Path(__file__).resolve().parents[1] / "games" / "vanuatu" / "records"
NAME = "vanuatu-4p-seed12-before-optional-bonuses"
GAME = isla.game("vanuatu")


def load(name: str) -> Any:
    return json.loads((RECORDS / f"{name}.json").read_text())


def test_a_vanuatu_table_stored_before_the_bonuses_option_rebuilds_as_it_was_played(
    config: ServerConfig,
) -> None:
    record, saved = load(NAME), load(f"{NAME}-round4")
    assert "bonuses" not in record["options"]
    actions = record["actions"][:saved["after_actions"]]
    movers = []  # the seat that chose each action, as the server logs it
    state = GAME.new_state(4, record["seed"], GAME.stored_options(4, record["options"]))
    for text in actions:
        movers.append(state.to_move)
        state.apply(text)

    async def store_the_old_table(store: Store) -> None:
        seats = [StoredSeat(s, "human", s, name=n) for s, n in enumerate(["Ann", "Ben", "Cy", "Di"])]
        old = StoredTable("t-old", "vanuatu", 4, record["options"], record["seed"], "vanuatu-1",
                          "fixed", "playing", seats)
        await store.insert_table(old)
        for seq, (seat, text) in enumerate(zip(movers, actions, strict=True)):
            await store.append("t-old", seq, seat, [text], source="player")

    run_async(store_the_old_table, config.database_url)
    expected = GAME.state_from_json(saved["state"])  # an old saved state: read as it was played
    with serve(config) as server, server.client() as anon:
        table = get(anon, "t-old")
        assert table["seq"] == len(actions)
        assert table["view"] == expected.view(None)
        assert table["view"]["options"]["bonuses"] == "automatic"


def test_a_vanuatu_table_created_now_records_optional_bonuses(config: ServerConfig) -> None:
    with serve(config) as server, server.client() as anon:
        created = create(anon, [human("Ann"), bot(), bot(), bot()], game="vanuatu")
        table = get(anon, created["table"]["id"])
        assert table["options"]["bonuses"] == "optional"  # stored with the table
        assert table["view"]["options"]["bonuses"] == "optional"
