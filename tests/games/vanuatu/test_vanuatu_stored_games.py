"""Games stored before the `bonuses` option replay exactly as they were played (docs/vanuatu.md).

The records in `records/` were made by the engine of commit f3b5f12, when every character bonus was
applied without asking and the Beggar traded from planning on only: heuristic self-play with
4 players, where the Navigator, Fisherman, Diver, Builder, Artist, Guide and Vendor bonuses and
the Beggar's trade were all used. One record names the options a server table stored (all of
them, but not `bonuses`), the other none, as `isla play` wrote records then. Next to each record
are the final state it reached then and, for one, a state saved in round 4.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from isla.core import IllegalAction, Record
from isla.core.protocol import JSON
from isla.games.vanuatu.game import GAME

RECORDS = Path(__file__).resolve().parent / "records"
BEFORE = ("vanuatu-4p-seed12-before-optional-bonuses", "vanuatu-4p-seed17-before-optional-bonuses")


def load(name: str) -> Any:
    return json.loads((RECORDS / f"{name}.json").read_text())


def as_replayed_now(old: JSON) -> JSON:
    """An old state's JSON as the engine writes it now: its options name `bonuses` (automatic)."""
    return {**old, "options": {**old["options"], "bonuses": "automatic"}}


@pytest.mark.parametrize("name", BEFORE)
def test_a_record_made_before_the_bonuses_option_replays_to_the_same_end(name: str) -> None:
    record = Record.from_json(load(name))
    assert "bonuses" not in record.options
    final = record.replay()
    assert final.to_move is None
    assert final.to_json() == as_replayed_now(load(f"{name}-final"))


@pytest.mark.parametrize("name", BEFORE)
def test_the_old_records_would_not_replay_with_optional_bonuses(name: str) -> None:
    """The test above has teeth: under the new rules the same actions do not give the same game
    (a bonus applied by itself then is a decision now, so the record goes out of step)."""
    record = Record.from_json(load(name))
    record.options = {**record.options, "bonuses": "optional"}
    final = load(f"{name}-final")
    try:
        replayed = record.replay().to_json()
    except IllegalAction:
        return
    assert replayed != {**final, "options": {**final["options"], "bonuses": "optional"}}


def test_a_state_saved_before_the_bonuses_option_continues_as_it_was_played() -> None:
    name = BEFORE[0]
    saved = load(f"{name}-round4")
    assert "bonuses" not in saved["state"]["options"]
    state = GAME.state_from_json(saved["state"])
    assert state.to_json() == as_replayed_now(saved["state"])
    for text in load(name)["actions"][saved["after_actions"]:]:
        state.apply(text)
    assert state.to_json() == as_replayed_now(load(f"{name}-final"))


def test_a_new_game_plays_with_optional_bonuses_and_its_record_says_so() -> None:
    from isla.core.record import record_of

    state = GAME.new_state(4, seed=1)
    assert state.to_json()["options"]["bonuses"] == "optional"
    assert GAME.resolve_options(4, {})["bonuses"] == "optional"  # what a server table stores
    record = record_of(state, [], seed=1, options={})
    assert record.options["bonuses"] == "optional"
    assert GAME.stored_options(4, {})["bonuses"] == "automatic"  # a stored game without the option
