"""PostgreSQL is an extra (`pip install 'isla[postgres]'`): SQLite users do not install its driver,
and asking for PostgreSQL without it is one line naming the extra, not a traceback."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Run `isla serve` in a fresh interpreter where `import asyncpg` fails, as it does without the extra.
WITHOUT_ASYNCPG = (
    "import sys; sys.modules['asyncpg'] = None; from isla.cli import main; "
    "raise SystemExit(main(sys.argv[1:]))"
)


def test_asyncpg_is_the_postgres_extra_and_not_a_dependency_of_every_install() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = [spec.split(">")[0].split("[")[0].strip() for spec in project["dependencies"]]
    assert "asyncpg" not in names
    extras = project["optional-dependencies"]
    assert any(spec.startswith("asyncpg") for spec in extras["postgres"])
    assert any(spec.startswith("asyncpg") for spec in extras["dev"]), "the tests run on PostgreSQL"


def test_serve_on_postgresql_without_its_driver_is_one_line_naming_the_extra(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_ASYNCPG, "serve", "--data-dir", str(tmp_path),
         "--database-url", "postgresql+asyncpg://x@127.0.0.1/x"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("isla: ") and "pip install 'isla[postgres]'" in lines[0], lines[0]
