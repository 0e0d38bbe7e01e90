"""The steps of a replay: one per logged action with its forced steps, the record's final result
reproduced, where each step stands (round and phase), the log in words beside them, the scores over
the rounds, and clear errors for a step or viewer the replay does not have (docs/replay.md)."""

from __future__ import annotations

import pytest
from goldenrecords import Golden, goldens

from isla.core import IllegalAction, Record, game
from isla.core.replays import REVEALED, Replay, ReplayError
from isla.server.words import LogWords, entry_lines

GOLDENS = goldens()
IDS = [g.name for g in GOLDENS]
PUERTORICO, VANUATU = GOLDENS[0], GOLDENS[-1]


@pytest.mark.parametrize("golden", GOLDENS, ids=IDS)
def test_the_last_step_reproduces_the_records_final_result(golden: Golden) -> None:
    replay = Replay(golden.record)
    assert replay.over and replay.last == len(golden.record.actions)
    final = replay.state(replay.last)
    assert final.result().to_json() == golden.result
    assert final == golden.record.replay()


@pytest.mark.parametrize("golden", [PUERTORICO, VANUATU], ids=[PUERTORICO.name, VANUATU.name])
def test_a_step_is_one_recorded_action_with_the_forced_steps_that_follow_it(golden: Golden) -> None:
    record = golden.record
    replay = Replay(record)
    start = replay.steps[0]
    assert (start.index, start.seat, start.action, start.entry) == (0, None, None, None)
    live = record.start()
    forced_seen = 0
    for index, text in enumerate(record.actions, start=1):
        step = replay.step(index)
        assert (step.index, step.seat, step.action) == (index, live.to_move, text)
        live.apply(text)
        assert step.forced == tuple((seat, action.text) for seat, action in live.forced_steps())
        forced_seen += bool(step.forced)
        assert replay.state(index) == live
    assert forced_seen > 10


def test_a_step_out_of_range_is_a_clear_error() -> None:
    replay = Replay(PUERTORICO.record)
    last = replay.last
    for index in (last + 1, -1, 10_000):
        message = rf"^there is no step {index}: this replay has steps 0 to {last}$"
        with pytest.raises(ReplayError, match=message):
            replay.payload(index, None)
    with pytest.raises(ReplayError, match="a step is a whole number, not '3'"):
        replay.step("3")  # type: ignore[arg-type]
    with pytest.raises(ReplayError, match="a step is a whole number"):
        replay.state(True)


def test_a_viewer_that_is_no_seat_is_a_clear_error() -> None:
    replay = Replay(PUERTORICO.record)
    for viewer in (2, -1, "everything", True):
        message = r"^no seat .*: a viewer is a seat 0 to 1, a spectator or 'revealed'$"
        with pytest.raises(ReplayError, match=message):
            replay.payload(3, viewer)  # type: ignore[arg-type]


def test_a_record_action_that_does_not_apply_is_named() -> None:
    record = PUERTORICO.record
    broken = Record(record.game, record.players, record.seed, record.options,
                    [*record.actions[:5], "role:nothing", *record.actions[6:]])
    with pytest.raises(IllegalAction, match="record action 6 does not apply"):
        Replay(broken)


@pytest.mark.parametrize("golden", GOLDENS, ids=IDS)
def test_the_log_in_words_is_the_live_tables_told_step_by_step(golden: Golden) -> None:
    record = golden.record
    replay = Replay(record)
    told = LogWords("t", game(record.game), lambda: record.seats)
    live = record.start()
    for seq, text in enumerate(record.actions):
        told.action(live, text, live.to_move or 0, seq)
        live.apply(text)
        told.after(live)
    told.close()
    live_entries = [(e["seq"] + 1, entry_lines(e)) for e in told.entries]
    assert [(e.first, list(e.lines)) for e in replay.log] == live_entries
    # Each entry tells a run of whole steps, in order, and every step names the entry telling it.
    assert replay.log[0].first == 1 and replay.log[-1].last == replay.last
    for before, after in zip(replay.log, replay.log[1:], strict=False):
        assert after.first == before.last + 1
    for number, entry in enumerate(replay.log):
        assert {replay.step(i).entry for i in range(entry.first, entry.last + 1)} == {number}
    assert replay.log_json()[0]["lines"] == list(replay.log[0].lines)


def test_puertorico_names_a_step_by_its_round_and_the_phase_of_its_role() -> None:
    # The hospice's, the university's and the storage's decisions belong to their role's phase.
    for golden in GOLDENS[:5]:
        phases = {step.moment.phase for step in Replay(golden.record).steps}
        assert phases == {"role", "settler", "mayor", "builder", "craftsman", "trader", "captain"}
    replay = Replay(PUERTORICO.record)
    assert replay.steps[1].moment.label == "Round 1, choosing a role"
    captain = replay.jump(round=2, phase="captain")
    assert replay.state(captain - 1).to_json()["phase"]["name"] in ("captain", "store", "keep")
    assert replay.step(captain).moment.label == "Round 2, captain phase"


def test_jump_to_a_round_finds_its_first_step() -> None:
    for golden in (PUERTORICO, VANUATU):
        replay = Replay(golden.record)
        third = replay.jump(round=3)
        assert replay.step(third).moment.round == 3 and replay.step(third - 1).moment.round == 2
        phase = replay.step(third - 1).moment.phase  # the phase round 2 ended in
        found = replay.jump(round=2, phase=phase)
        assert found == min(s.index for s in replay.steps if (s.moment.round, s.moment.phase) == (2, phase))
        with pytest.raises(ReplayError, match=r"^no step of this replay is in round 99$"):
            replay.jump(round=99)
        with pytest.raises(ReplayError, match=r"^no step of this replay is in round 1, phase 'harvest'$"):
            replay.jump(round=1, phase="harvest")


@pytest.mark.parametrize("golden", [PUERTORICO, VANUATU], ids=[PUERTORICO.name, VANUATU.name])
def test_the_score_series_is_each_seats_score_at_the_end_of_each_round(golden: Golden) -> None:
    replay = Replay(golden.record)
    series = replay.score_series(REVEALED)
    rounds = [point["round"] for point in series]
    assert rounds == list(range(1, rounds[-1] + 1))
    assert series[-1]["scores"] == golden.result["scores"]
    second = replay.jump(round=3) - 1  # the last step decided in round 2
    assert series[1]["scores"] == replay.payload(second, REVEALED)["scores"]
    spectator = replay.score_series(None)
    if golden is PUERTORICO:  # VP chips are hidden from a spectator (R9), and so is a score
        assert all(point["scores"] == [None] * golden.record.players for point in spectator[:-1])
        assert replay.score_series(0)[1]["scores"][0] == series[1]["scores"][0]
    else:  # PP are public
        view = replay.payload(second, None)["view"]
        assert spectator[1]["scores"] == [seat["pp"] for seat in view["seats"]]
