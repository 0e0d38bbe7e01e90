"""The server's garbage collection settings (collector.py): what exists at start-up is never walked again.

A full collection walks every object it tracks; `settle()` (run by `isla serve` after start-up and
after the tables' rebuild) moves everything alive into the permanent generation, so later full
collections only walk what was made since. Checked on this process's own collector.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from isla.server.collector import YOUNG_THRESHOLD, settle


@pytest.fixture
def restored() -> Iterator[None]:
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


def tracked(thing: object) -> bool:
    return any(any(o is thing for o in gc.get_objects(generation=g)) for g in range(3))


@pytest.mark.usefixtures("restored")
def test_settle_takes_what_lives_out_of_later_collections_and_leaves_new_objects_to_them() -> None:
    before = {"made": ["before", "settle"]}
    assert tracked(before)
    settle()
    assert gc.get_freeze_count() > 0
    assert not tracked(before), "an object alive at start-up is still walked by every full collection"
    after = {"made": ["after"]}
    assert tracked(after), "objects made later must still be collected"
    gc.collect()
    assert not tracked(before) and before["made"] == ["before", "settle"]
    assert gc.get_threshold()[0] >= YOUNG_THRESHOLD
