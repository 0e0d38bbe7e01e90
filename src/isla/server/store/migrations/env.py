"""Alembic's environment: run the migrations on the connection Isla hands over.

Isla applies migrations itself at startup (`isla.server.store.db.upgrade`), on its own async engine,
passing a synchronous connection in `config.attributes["connection"]`. Running them any other way
(the `alembic` command with a URL) is supported for developers writing a new revision.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from isla.server.store.models import Base


def _run(connection: Connection) -> None:
    # render_as_batch: SQLite can only ALTER a table by copying it; batch mode writes that for us.
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def main() -> None:
    given = context.config.attributes.get("connection")
    if given is not None:
        _run(given)
        return
    url = context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("set sqlalchemy.url (a synchronous driver URL) to run Isla's migrations")
    with create_engine(url).connect() as connection:
        _run(connection)
        connection.commit()


main()
