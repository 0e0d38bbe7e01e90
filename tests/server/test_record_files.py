"""Record files opened in the replay viewer (POST /api/replays): a record replays as the table's
own replay does, revealed; bad files are refused in one clear line and nothing is kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from servertools import Running, bot, create, get, wait_for

from isla.cli import main


def test_a_downloaded_record_opens_as_the_same_replay_and_bad_files_are_refused(server: Running) -> None:
    with server.client() as client:
        table_id = create(client, [bot(), bot(), bot()])["table"]["id"]
        wait_for("the bots to finish", lambda: get(client, table_id)["status"] == "finished")
        record = client.get(f"/api/tables/{table_id}/record").json()
        table_replay = client.get(f"/api/tables/{table_id}/replay").json()
        assert len(json.dumps(record)) < server.config.max_body_bytes  # a whole game fits the limit
        opened = client.post("/api/replays", json=record)
        assert opened.status_code == 200, opened.text
        replay = opened.json()
        for field in ("game", "players", "names", "last", "steps", "log", "series", "over"):
            assert replay[field] == table_replay[field], field
        assert replay["viewer"] == "revealed" and replay["id"].startswith("file-")
        again = client.post("/api/replays", json=record).json()
        assert again["id"] == replay["id"]  # one file, one id
        step = client.get(f"/api/replays/{replay['id']}/replay/{replay['last']}").json()
        assert step == client.get(f"/api/tables/{table_id}/replay/{replay['last']}").json()
        summary = client.get(f"/api/replays/{replay['id']}").json()
        assert summary["result"] == get(client, table_id)["result"]

        broken = {**record, "actions": [*record["actions"][:5], "not an action"]}
        for bad, words in ((broken, "record action 6 does not apply"),
                           ({"game": "chess", "players": 2}, "chess"),
                           ({**record, "players": "three"}, "whole number"),
                           ([1, 2], "a record must be a JSON object"),
                           ({**record, "spare": 1}, "unknown record field")):
            refused = client.post("/api/replays", json=bad)
            assert refused.status_code == 422, refused.text
            assert refused.json()["code"] == "invalid" and words in refused.json()["error"], refused.text
        too_large = client.post("/api/replays", content=b"[" + b"1," * 40_000 + b"1]",
                                headers={"Content-Type": "application/json"})
        assert too_large.status_code == 413
        missing = client.get("/api/replays/file-000000/replay")
        assert missing.status_code == 404 and "open the file again" in missing.json()["error"]


def test_a_downloaded_record_replays_on_the_command_line_to_the_tables_result(
    server: Running, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with server.client() as client:
        table_id = create(client, [bot(), bot()], game="vanuatu")["table"]["id"]
        wait_for("the bots to finish", lambda: get(client, table_id)["status"] == "finished")
        path = tmp_path / "game.json"
        path.write_bytes(client.get(f"/api/tables/{table_id}/record").content)
        result = get(client, table_id)["result"]
    capsys.readouterr()
    assert main(["rules", "replay", str(path)]) == 0
    final = tmp_path / "final.json"
    final.write_text(capsys.readouterr().out)
    assert main(["rules", "result", str(final)]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert (replayed["scores"], replayed["ranks"]) == (result["scores"], result["ranks"])
