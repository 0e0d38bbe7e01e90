"""Garbage collection for a long-running server: no full collection over what never goes away.

CPython's full (generation 2) collection walks every tracked object. In a server most of them are
there for good - the modules, FastAPI's and SQLAlchemy's machinery, the tables rebuilt at start -
and walking them stopped the event loop for 76-404 ms at a time under load (issue 18's profile):
that, not the work of the moves, set the p99 of a move's round trip. `settle()` collects once and
then moves everything alive into the permanent generation (`gc.freeze`), which collections skip;
objects made later are collected as before, and a frozen object whose last reference goes is still
freed at once (reference counting does not depend on the collector). `isla serve` settles after its
start-up and again once its live tables are rebuilt. The young generation's threshold is raised too:
a move makes thousands of short-lived objects, and collecting them every 700 allocations is waste.
"""

from __future__ import annotations

import gc

# Allocations (net of frees) between two collections of the youngest generation (CPython: 700).
YOUNG_THRESHOLD = 10_000


def settle() -> None:
    """Collect what is garbage now, then exempt everything alive from later collections."""
    first, second, third = gc.get_threshold()
    gc.set_threshold(max(first, YOUNG_THRESHOLD), second, third)
    gc.collect()
    gc.freeze()
