"""`isla serve` as a person runs it: a real process that creates its database, prints its URL,
serves, stops on Ctrl+C, and finds its tables again when started anew."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import httpx2
import pytest
from alembic.script import ScriptDirectory
from serveprocess import isla_serve
from servertools import PATIENCE, bot, create, get
from sqlalchemy.engine import make_url

from isla.cli import main
from isla.server.store.db import alembic_config


def test_serve_creates_its_sqlite_database_and_keeps_tables_across_restarts(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with isla_serve("--data-dir", str(data), "--bot-pace", "0") as url, httpx2.Client(base_url=url) as client:
        assert url.endswith("/")
        assert client.get("/api/health").json()["ok"] is True
        assert client.get("/openapi.json").json()["info"]["title"] == "Isla"
        table_id = create(client, [bot(), bot()])["table"]["id"]
    database = data / "isla.db"
    assert database.is_file()
    with sqlite3.connect(database) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        newest = ScriptDirectory.from_config(alembic_config()).get_current_head()
        assert connection.execute("SELECT version_num FROM alembic_version").fetchone()[0] == newest
    with isla_serve("--data-dir", str(data)) as url, httpx2.Client(base_url=url) as client:
        assert get(client, table_id)["id"] == table_id


def test_serve_uses_postgresql_with_the_same_migrations(postgres_database: str) -> None:
    url = make_url(postgres_database).render_as_string(hide_password=False)
    with isla_serve("--database-url", url) as served, httpx2.Client(base_url=served) as client:
        created = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "open"}])
        assert get(client, created["table"]["id"])["status"] == "open"


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--database-url", "mysql://root@localhost/isla"], "unsupported database 'mysql'"),
        (["--database-url", "postgresql+asyncpg://postgres@127.0.0.1:1/isla"], "cannot open the database"),
        (["--port", "70000"], "between 0 and 65535"),
        (["--bot-pace", "soon"], "number of seconds"),
        (["--allowed-host", "http://isla.example.org"], "is not a host name"),
        (["--allowed-origin", "isla.example.org"], "is not an origin"),
    ],
)
def test_serve_mistakes_are_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], needle: str
) -> None:
    status = main(["serve", "--data-dir", str(tmp_path), *args])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("isla: ") and needle in err, err


def test_serve_reports_a_port_in_use(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        status = main(["serve", "--data-dir", str(tmp_path), "--port", str(port)])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.startswith(f"isla: cannot listen on 127.0.0.1:{port}") and len(err.splitlines()) == 1, err


def test_serve_answers_to_the_names_and_origins_it_is_given(tmp_path: Path) -> None:
    args = ("--data-dir", str(tmp_path), "--allowed-host", "isla.example.org",
            "--allowed-origin", "https://isla.example.org")
    with isla_serve(*args) as url, httpx2.Client(base_url=url, timeout=PATIENCE) as client:
        port = url.rstrip("/").rsplit(":", 1)[1]
        for welcome in ("isla.example.org", f"localhost:{port}", f"127.0.0.1:{port}"):
            assert client.get("/api/games", headers={"Host": welcome}).status_code == 200, welcome
        refused = client.get("/api/games", headers={"Host": "rebound.example"})
        assert refused.status_code == 400 and refused.json()["code"] == "forbidden_host"
        # A page served by the proxy at the allowed origin signs in and acts with its cookie.
        page = {"Origin": "https://isla.example.org"}
        assert client.post("/api/auth/guest", json={"name": "Ann"}, headers=page).status_code == 201
        seats = {"seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}]}
        assert client.post("/api/tables", json=seats, headers=page).status_code == 201
        elsewhere = client.post("/api/tables", json=seats, headers={"Origin": "https://other.example"})
        assert elsewhere.status_code == 403 and elsewhere.json()["code"] == "forbidden_origin"
