"""A database that does not answer: one error type for the rest of the server, one log line per outage.

A full disk, a PostgreSQL server that is read-only, restarting or gone, a SQLite file locked past
the busy timeout: none of these is a bug in the request that met it, and none is fixed by a
traceback in the log for each request. The store turns them into `DatabaseUnavailable` (answered
503 `unavailable`), and `Outage` logs the first failure of an episode as one warning line, keeps
quiet about the ones that follow, and logs one line when a write (or the health check) succeeds
again.
"""

from __future__ import annotations

import logging

from sqlalchemy import exc

from isla.core.said import generic

log = logging.getLogger("isla.server")

# What a client is told (rendered in its language where it is answered: isla.server.language).
MESSAGE = generic("the database is not available right now; nothing was changed: try again in a moment")


class DatabaseUnavailable(Exception):
    """The database could not do what was asked (nothing was written); it may answer again later."""

    def __init__(self, reason: str) -> None:
        self.reason = reason  # for the log: what the driver said, in one line
        super().__init__(MESSAGE)


def unavailable(error: BaseException) -> bool:
    """Whether `error` says the database cannot serve now, rather than that the request was wrong.

    The driver's own errors about the data or the statement (a unique key taken, a bad value, SQL
    the database does not understand) are not outages: the first is the store's business (it turns
    it into SeqTaken or NameTaken), the others are bugs and stay loud.
    """
    if isinstance(error, exc.IntegrityError | exc.DataError | exc.ProgrammingError | exc.NotSupportedError):
        return False
    # DBAPIError: locked, disk full, read-only, connection lost or refused (most drivers wrap their
    # connection errors); OSError: a refused connection a driver did not wrap; sqlalchemy's
    # TimeoutError: no pooled connection came free in time.
    return isinstance(error, exc.DBAPIError | exc.TimeoutError | OSError)


def reason(error: BaseException) -> str:
    """The driver's message in one line, for the log."""
    if isinstance(error, DatabaseUnavailable):
        return error.reason
    cause = error.orig if isinstance(error, exc.DBAPIError) and error.orig is not None else error
    lines = str(cause).strip().splitlines()
    return f"{type(cause).__name__}: {lines[0]}" if lines else type(cause).__name__


class Outage:
    """Whether the database is failing now, logging each change of that once."""

    def __init__(self, where: str) -> None:
        self.where = where  # the database, without its password
        self.failing = False

    def failed(self, error: BaseException) -> DatabaseUnavailable:
        """Note a failure (logged if it starts an outage); the error to raise in its place."""
        why = reason(error)
        if not self.failing:
            self.failing = True
            log.warning("isla: the database %s is not available (%s); requests are answered 503 "
                        "'unavailable' until it answers again", self.where, why)
        return DatabaseUnavailable(why)

    def answered(self) -> None:
        """Note that the database did what was asked; this ends an outage."""
        if self.failing:
            self.failing = False
            log.warning("isla: the database answers again")
