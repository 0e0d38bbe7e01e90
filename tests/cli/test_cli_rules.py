"""`isla rules new|legal|apply|show|result|replay`: the happy paths, checked against the rules.

Expected facts come from rules/puerto-rico.md (section numbers in the test names and comments), not
from the engine's own output.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clitools import random_actions, run, write_json

import isla

ROLES_4P = [
    "role:settler", "role:mayor", "role:builder", "role:craftsman", "role:trader", "role:captain",
    "role:prospector",
]


def _new(capsys: pytest.CaptureFixture[str], *extra: str) -> dict:
    status, out, err = run(capsys, "rules", "new", "puertorico", *extra)
    assert status == 0, err
    data: dict = json.loads(out)
    return data


def test_new_prints_the_4_player_setup_of_section_2_1(capsys: pytest.CaptureFixture[str]) -> None:
    data = _new(capsys, "--players", "4", "--seed", "7")
    assert data["game"] == "puertorico"
    assert data["players"] == 4
    # §2.1, 4 players: 3 doubloons each; indigo, indigo, corn, corn from the governor (seat 0, R16).
    assert [seat["doubloons"] for seat in data["seats"]] == [3, 3, 3, 3]
    assert [seat["island"] for seat in data["seats"]] == [
        {"indigo": 1}, {"indigo": 1}, {"corn": 1}, {"corn": 1},
    ]
    # 75 colonists in the supply and 4 on the ship, 100 VP chips, 5 face-up plantations, 8 quarries.
    assert data["colonists"] == {"supply": 75, "ship": 4}
    assert data["vp_supply"] == 100
    assert len(data["plantations"]["face_up"]) == 5
    assert data["quarries"] == 8
    assert [ship["capacity"] for ship in data["ships"]] == [5, 6, 7]


def test_new_same_seed_same_state_other_seed_other_deck(capsys: pytest.CaptureFixture[str]) -> None:
    first = _new(capsys, "--players", "3", "--seed", "11")
    again = _new(capsys, "--players", "3", "--seed", "11")
    other = _new(capsys, "--players", "3", "--seed", "12")
    assert first == again
    assert first["plantations"]["stack"] != other["plantations"]["stack"]


def test_new_options_are_parsed_from_text_and_take_effect(capsys: pytest.CaptureFixture[str]) -> None:
    data = _new(
        capsys, "--players", "2", "--option", "balanced=true", "--option", "vp_supply=50",
        "--option", "two_player_roles=craftsman_angst",
    )
    assert data["options"]["balanced"] is True
    assert data["options"]["two_player_roles"] == "craftsman_angst"
    assert data["vp_supply"] == 50
    # §2.4 balanced: the corn starter (2 players: seat 1) gets one doubloon less than the 3 of §2.1.
    assert [seat["doubloons"] for seat in data["seats"]] == [3, 2]


def test_legal_lists_the_seven_4_player_roles_one_per_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write_json(tmp_path / "s.json", _new(capsys, "--players", "4"))
    status, out, _ = run(capsys, "rules", "legal", path)
    assert status == 0
    # §2.1: 4 players use the six roles plus one prospector; the governor may take any of them.
    assert out.splitlines() == ROLES_4P


def test_legal_json_for_3_players_has_no_prospector(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write_json(tmp_path / "s.json", _new(capsys, "--players", "3"))
    status, out, _ = run(capsys, "rules", "legal", path, "--json")
    assert status == 0
    assert json.loads(out) == [r for r in ROLES_4P if r != "role:prospector"]


def test_apply_prospector_pays_one_doubloon_and_passes_the_pick(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    start = _new(capsys, "--players", "4", "--seed", "3")
    path = write_json(tmp_path / "s.json", start)
    status, out, err = run(capsys, "rules", "apply", path, "role:prospector")
    assert status == 0, err
    after = json.loads(out)
    # Prospector (§6, rule R2 of the role table): the chooser takes 1 doubloon; nobody else acts, so the
    # next seat clockwise picks a role.
    assert after["phase"] == {"name": "role", "seat": 1}
    assert after["seats"][0]["doubloons"] == start["seats"][0]["doubloons"] + 1
    assert after["roles"]["prospector"]["taken_by"] == 0
    assert isla.game("puertorico").state_from_json(after).to_move == 1


def test_apply_several_actions_in_order(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write_json(tmp_path / "s.json", _new(capsys, "--players", "4", "--seed", "3"))
    status, out, err = run(capsys, "rules", "apply", path, "role:prospector", "role:builder", "build:pass")
    assert status == 0, err
    after = json.loads(out)
    # Seat 1 took the builder and passed; the builder phase goes on clockwise with seat 2.
    assert after["roles"]["builder"]["taken_by"] == 1
    assert after["phase"]["name"] == "builder"
    assert after["phase"]["seat"] == 2


def test_apply_reads_the_state_from_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = json.dumps(_new(capsys, "--players", "3"))
    status, out, err = run(capsys, "rules", "apply", "-", "role:settler", stdin=text, monkeypatch=monkeypatch)
    assert status == 0, err
    after = json.loads(out)
    # The settler's chooser (seat 0) now picks a plantation.
    assert after["phase"]["name"] == "settler"
    assert after["phase"]["seat"] == 0


def test_legal_reads_stdin_and_a_hand_written_position(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A hand-written 3-player position without a "game" field (it defaults to puertorico): seat 0 took
    # the builder and has 1 doubloon. The builder pays 1 less (§3.3), so buildings costing 1 or 2 are
    # affordable and those costing 3 or more are not (§6 B1).
    position = {
        "players": 3,
        "seats": [{"doubloons": 1}, {}, {}],
        "phase": {"name": "builder", "chooser": 0},
    }
    status, out, err = run(capsys, "rules", "legal", "-", stdin=json.dumps(position), monkeypatch=monkeypatch)
    assert status == 0, err
    legal = out.split()
    assert "build:small-indigo-plant" in legal
    assert "build:small-market" in legal
    assert "build:hacienda" in legal
    assert "build:small-sugar-mill" in legal
    assert "build:small-warehouse" not in legal  # cost 3 - 1 = 2 > 1 doubloon
    assert "build:pass" in legal


def test_show_draws_the_board_with_legal_actions_for_the_seat_to_move(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write_json(tmp_path / "s.json", _new(capsys, "--players", "4", "--seed", "7"))
    status, out, err = run(capsys, "rules", "show", path, "--seat", "0")
    assert status == 0, err
    assert "round 1" in out
    assert "governor seat 0" in out
    assert "seat 0 (you)" in out
    assert "Legal actions for seat 0" in out
    for text in ROLES_4P:
        assert text in out
    # Supply facts of §2.1: the colonist ship holds 4 and three cargo ships of 5, 6 and 7.
    assert "ship 4, supply 75" in out
    assert "[5] empty, [6] empty, [7] empty" in out


def test_show_for_a_seat_not_to_move_lists_no_actions(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write_json(tmp_path / "s.json", _new(capsys, "--players", "4"))
    status, out, _ = run(capsys, "rules", "show", path, "--seat", "2")
    assert status == 0
    assert "seat 2 (you)" in out
    assert "Legal actions" not in out
    status, out, _ = run(capsys, "rules", "show", path)
    assert status == 0
    assert "as seen by a spectator" in out
    assert "Legal actions" not in out


def test_show_hides_other_seats_vp_chips_per_ruling_r9(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    position = {"players": 3, "seats": [{"vp": 5}, {"vp": 7}, {"vp": 9}]}
    path = write_json(tmp_path / "s.json", position)
    status, out, _ = run(capsys, "rules", "show", path, "--seat", "1")
    assert status == 0
    assert "7 VP chips" in out
    assert "5 VP chips" not in out and "9 VP chips" not in out
    assert out.count("VP chips hidden") == 2
    status, out, _ = run(capsys, "rules", "show", path)
    assert out.count("VP chips hidden") == 3
    # With open_vp every seat sees every seat's chips.
    path = write_json(tmp_path / "open.json", {**position, "options": {"open_vp": True}})
    status, out, _ = run(capsys, "rules", "show", path, "--seat", "1")
    assert all(f"{vp} VP chips" in out for vp in (5, 7, 9))
    assert "VP chips hidden" not in out


def test_show_never_prints_the_face_down_order_r10(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Two positions that differ only in the face-down order draw the same board.
    face_up = ["corn", "sugar", "coffee", "indigo"]
    base = {"players": 3, "seats": [{}, {}, {}], "plantations": {"face_up": face_up}}
    one = {**base, "plantations": {**base["plantations"], "stack": ["corn", "coffee", "sugar"]}}
    two = {**base, "plantations": {**base["plantations"], "stack": ["sugar", "corn", "coffee"]}}
    outs = []
    for name, data in (("one", one), ("two", two)):
        path = write_json(tmp_path / f"{name}.json", data)
        status, out, err = run(capsys, "rules", "show", path, "--seat", "0")
        assert status == 0, err
        outs.append(out)
    assert outs[0] == outs[1]
    assert "3 face down" in outs[0]


def test_result_of_a_finished_position_ranks_by_score_then_tiebreak_r11(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Scores by hand (§6.8 E4): seat 0 has 10 chips + small market (1 VP) = 11; seat 1 has 11 chips;
    # seat 2 has 3 chips. Seats 0 and 1 tie on 11; R11: doubloons + goods break it (2 vs 5 + 1).
    position = {
        "players": 3,
        "phase": {"name": "over"},
        "seats": [
            {"vp": 10, "doubloons": 2, "city": {"small-market": 0}},
            {"vp": 11, "doubloons": 5, "goods": {"corn": 1}},
            {"vp": 3, "doubloons": 9},
        ],
    }
    status, out, err = run(capsys, "rules", "result", write_json(tmp_path / "over.json", position))
    assert status == 0, err
    result = json.loads(out)
    assert result["over"] is True
    assert result["to_move"] is None
    assert result["scores"] == [11, 11, 3]
    assert result["tiebreaks"] == [2, 6, 9]
    assert result["ranks"] == [2, 1, 3]
    assert result["breakdown"][0]["buildings"] == 1
    assert result["breakdown"][0]["shipping"] == 10


def test_result_while_the_game_goes_on_is_provisional(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write_json(tmp_path / "s.json", _new(capsys, "--players", "4"))
    status, out, _ = run(capsys, "rules", "result", path)
    assert status == 0
    result = json.loads(out)
    assert result["over"] is False
    assert result["to_move"] == 0
    assert result["scores"] == [0, 0, 0, 0]
    assert result["ranks"] == [1, 1, 1, 1]  # everyone tied: all share first place (R11)


def _record(players: int, seed: int, actions: list[str]) -> dict:
    return {"record": 1, "game": "puertorico", "players": players, "seed": seed, "options": {},
            "actions": actions}


def test_replay_reproduces_the_state_built_in_python(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    state, texts = random_actions(3, 21, 60, rng_seed=4)
    path = write_json(tmp_path / "rec.json", _record(3, 21, texts))
    status, out, err = run(capsys, "rules", "replay", path)
    assert status == 0, err
    assert json.loads(out) == state.to_json()


def test_replay_upto_stops_after_k_actions(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    state, texts = random_actions(4, 5, 25, rng_seed=8)
    full = [*texts, "role:mayor"]  # never reached: --upto stops before it
    status, out, err = run(capsys, "rules", "replay", "-", "--upto", "25",
                           stdin=json.dumps(_record(4, 5, full)), monkeypatch=monkeypatch)
    assert status == 0, err
    assert json.loads(out) == state.to_json()
    status, out, _ = run(capsys, "rules", "replay", "-", "--upto", "0",
                         stdin=json.dumps(_record(4, 5, full)), monkeypatch=monkeypatch)
    assert json.loads(out) == isla.game("puertorico").new_state(4, 5).to_json()


def test_a_finished_game_replays_and_its_final_state_loads_again(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The final state of a finished game has every role of the last round picked; saving it and
    # loading it again must work (a finished game's state is what `result` reads).
    for players in (2, 4):
        state, texts = random_actions(players, 9, None, rng_seed=players)
        record = write_json(tmp_path / f"rec{players}.json", _record(players, 9, texts))
        status, out, err = run(capsys, "rules", "replay", record)
        assert status == 0, err
        final = write_json(tmp_path / f"final{players}.json", json.loads(out))
        status, out, err = run(capsys, "rules", "result", final)
        assert status == 0, err
        result = json.loads(out)
        expected = state.result()
        assert result["over"] is True
        assert result["to_move"] is None
        assert result["scores"] == expected.scores
        assert result["ranks"] == expected.ranks
        assert min(result["ranks"]) == 1
        assert [b["total"] for b in result["breakdown"]] == result["scores"]
        assert result["end_triggers"], "a game only ends through a trigger (§6.8 E1)"
