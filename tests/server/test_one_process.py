"""One `isla serve` per database: a second process on the same SQLite file or the same PostgreSQL
database is refused at start with one clear line, and a server that was killed leaves no claim
behind (the next one starts). isla.server.oneprocess; docs/deploy.md."""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

from serveprocess import isla_serve, serve_command
from servertools import PATIENCE
from sqlalchemy.engine import make_url


def refused(*args: str) -> str:
    """Run a second `isla serve ARGS`; it must stop by itself with status 2: its one error line."""
    done = subprocess.run(serve_command(*args), check=False, capture_output=True, text=True,
                          timeout=PATIENCE)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Isla is serving" not in done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    return lines[0]


def started_then_killed(*args: str) -> None:
    """Start `isla serve ARGS`, wait until it serves, then kill it with SIGKILL (no clean-up runs)."""
    process = subprocess.Popen(serve_command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("Isla is serving"), (line, process.stderr)
    finally:
        process.send_signal(signal.SIGKILL)
        process.communicate(timeout=PATIENCE)


def test_a_second_server_on_one_sqlite_file_is_refused_and_names_the_first(tmp_path: Path) -> None:
    data = str(tmp_path / "data")
    with isla_serve("--data-dir", data):
        line = refused("--data-dir", data)
        # the first one's pid, the file and what to do instead
        assert line.startswith("isla: another isla serve (pid ") and "isla.db" in line
        assert "docs/deploy.md" in line
    with isla_serve("--data-dir", data):  # the first one stopped: its claim went with it
        pass


def test_a_killed_server_leaves_no_claim_on_its_sqlite_file(tmp_path: Path) -> None:
    data = str(tmp_path / "data")
    started_then_killed("--data-dir", data)
    with isla_serve("--data-dir", data):
        pass


def test_servers_of_different_sqlite_files_run_side_by_side(tmp_path: Path) -> None:
    with isla_serve("--data-dir", str(tmp_path / "one")), isla_serve("--data-dir", str(tmp_path / "two")):
        pass


def test_a_second_server_on_one_postgresql_database_is_refused_until_the_first_is_gone(
    postgres_url: str,
) -> None:
    url = make_url(postgres_url).render_as_string(hide_password=False)
    with isla_serve("--database-url", url):
        line = refused("--database-url", url)
        assert line.startswith("isla: another isla serve is serving the PostgreSQL database")
        assert "Redis" in line
    started_then_killed("--database-url", url)  # a clean stop and a kill both free the database
    with isla_serve("--database-url", url):
        pass


def test_the_claim_file_is_beside_the_database_and_names_the_server(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with isla_serve("--data-dir", str(data)):
        pid = int((data / "isla.db.serving").read_text().strip())
        assert Path(f"/proc/{pid}").exists() and pid != os.getpid()
