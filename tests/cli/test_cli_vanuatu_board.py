"""The Vanuatu text board (`isla rules show`, `isla play vanuatu`): the facts of a known position,
no hidden information, and a game played in the terminal."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from clitools import run, write_json

import isla
from isla.render import describe_action, render_view

# A hand-written position (rules/vanuatu.md, docs/vanuatu.md "The JSON state"): round 3, seat 1 to
# resolve; seat 0 drew the "coin" rest token this round (hidden from the others, V24).
POSITION: dict[str, Any] = {
    "game": "vanuatu", "players": 3, "options": {"rising_waters": True}, "round": 3, "first": 1,
    "fish_price": 2, "countdown": 4, "phase": {"name": "resolution", "seat": 1},
    "board": [
        {"cell": "0,0", "tile": "efate", "huts": [1, 0, 2], "drawings": 1, "tourists": 3,
         "goods": {"beef": 1}, "water": 2, "dikes": ["1,1"]},
        {"cell": "1,2", "tile": "A1", "water": 5},
        {"cell": "1,0", "tile": "start-fish", "fish": 1},
        {"cell": "0,1", "tile": "start-wreck"},
        {"cell": "1,1", "tile": "start-boats"},
        {"cell": "2,2", "tile": "B2", "fish": 2},
    ],
    "demand": {"display": [{"tile": "4", "filled": {"copra": 1}}, {"tile": "9"}, {"tile": "1"}]},
    "tourists": {"tile": 3, "left": 2},
    "archipelago": {"preview": ["C1", "D2"]},
    "seats": [
        {"vatus": 7, "pp": 12, "boat": "start-fish", "fish": [1, 3], "treasures": [2],
         "character": "diver", "rest": "coin", "markers": {"sail": 1}, "placed": 5, "done": ["build"]},
        {"vatus": 2, "pp": 9, "character": "governor", "used": True, "markers": {"fish": 2, "sail": 2},
         "placed": 5},
        {"vatus": 0, "pp": 15, "character": "builder", "markers": {"draw": 1}, "placed": 5, "huts_lost": 1},
    ],
}


def _show(capsys: pytest.CaptureFixture[str], tmp_path: Path, data: Any, *seat: str) -> str:
    status, out, err = run(capsys, "rules", "show", write_json(tmp_path / "state.json", data), *seat)
    assert status == 0 and err == "", err
    return out


def _seat_block(out: str, seat: int) -> str:
    """The three lines of one seat's summary."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(rf"seat {seat}\b.*vatus", line))
    return "\n".join(lines[start:start + 3])


def test_show_draws_the_key_facts_of_a_known_vanuatu_position(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    out = _show(capsys, tmp_path, POSITION, "--seat", "1")
    assert "Vanuatu, 3 players, round 3 of 8, first player seat 1 (as seen by seat 1)" in out
    assert "seat 1 (you) to decide, resolution phase" in out
    assert "Fish price     2 vatus" in out
    assert "Tourist office tile 3, 2 tourists left this round" in out
    assert re.search(r"1\. tile 4 +copra 1/2, beef 0/1", out)
    assert "shown: C1 (ocean), D2 (island)" in out
    assert "the waters rise after 4 more actions; dikes 1/20 used; islands submerged 1" in out
    # the archipelago: efate's huts by seat, drawings, tourists, goods, water and dike; the sunk A1
    assert "huts 3/3 (seat 0 1, seat 2 2); drawings 1/1; tourists 3/5" in out
    assert "goods beef 1; water 2/5, dikes toward 1,1" in out
    assert re.search(r"1,2 +A1 +island, submerged", out)
    assert "fish 1, treasure 0; boats: seat 0" in out and "boats: seat 1, seat 2" in out
    # the nine action spaces with the markers in turn order (1, 2, 0)
    assert re.search(r"1\. sail +seat 1 2, seat 0 1", out) and re.search(r"4\. fish +seat 1 2", out)
    assert re.search(r"7\. draw +seat 2 1", out) and re.search(r"9\. rest +-", out)
    # each seat's money, PP, fish, treasures, huts and character
    assert "seat 0: 7 vatus, 12 PP; boat on start-fish; diver, linked to explore" in _seat_block(out, 0)
    assert "fish 1 3; treasures 2; huts 7 in supply" in _seat_block(out, 0)
    assert "governor (power used this round)" in _seat_block(out, 1)
    assert "huts 5 in supply, 1 lost to the sea" in _seat_block(out, 2)
    # seat 1 is to move: its legal actions are listed, numbered
    assert "Legal actions for seat 1:" in out and "clear:fish" in out


def test_show_never_prints_another_seats_rest_token(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    own = _show(capsys, tmp_path, POSITION, "--seat", "0")
    assert "rest token coin (+1 vatu)" in _seat_block(own, 0)  # seat 0 sees its own token
    for viewer in (["--seat", "1"], ["--seat", "2"], []):  # the other seats and a spectator do not
        out = _show(capsys, tmp_path, POSITION, *viewer)
        assert "rest token drawn, hidden until the round ends" in _seat_block(out, 0)
        assert "coin" not in out and "+1 vatu" not in out


def test_show_never_prints_the_face_down_archipelago_tiles(
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    state = isla.game("vanuatu").new_state(players=4, seed=7)
    full = state.to_json()
    hidden = full["archipelago"]["stack"]
    assert len(hidden) == 10
    for viewer in (["--seat", "2"], []):
        out = _show(capsys, tmp_path, full, *viewer)
        for name in full["archipelago"]["preview"]:
            assert re.search(rf"\b{name}\b", out)  # the two tiles shown face up are on the board text
        for name in hidden:
            assert not re.search(rf"\b{name}\b", out), name
        letters = " ".join(t[0] for t in reversed(hidden))  # only the letters, public by §7.3
        assert f"face down, next first: {letters}" in out


def test_the_vanuatu_renderer_is_found_by_the_game_name() -> None:
    view = isla.game("vanuatu").new_state(players=3, seed=1).view(None)
    assert render_view(view).splitlines()[1].startswith("Vanuatu, 3 players")
    assert json.loads(render_view({**view, "game": "no-such-game"}))["players"] == 3


@pytest.mark.parametrize(("text", "words"), [
    ("plan:fish", "puts an action marker on fish"),
    ("tile:A1@1,2", "places tile A1 on 1,2"),
    ("buy:kava@efate", "buys and exports kava from efate"),
    ("govern:draw:rest", "moves its markers from draw to rest (Governor)"),
    ("dike:efate@1,1", "builds a dike on efate facing 1,1"),
    ("dike:skip", "builds no dike"),
    ("fish", "fishes"),
    ("nonsense:x:y", "nonsense:x:y"),
])
def test_vanuatu_actions_are_described_in_words(text: str, words: str) -> None:
    assert describe_action("vanuatu", text) == words


def test_play_vanuatu_shows_the_board_takes_answers_and_quits(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out, err = run(
        capsys, "play", "vanuatu", "--players", "3", "--seed", "5", "--bots", "random",
        stdin="1\nboard\n?\nplan:nowhere\n1\n1\nquit\n", monkeypatch=monkeypatch,
    )
    assert status == 0 and err == ""
    assert "Vanuatu, 3 players, round 1 of 8" in out and "(as seen by seat 0)" in out
    assert "Legal actions for seat 0:" in out
    assert re.search(r"you \(seat 0\) chose char:\w+: ", out)
    assert "puts an action marker on" in out  # the help describes the planning actions in words
    assert "Not possible:" in out
    assert out.count("you (seat 0) chose") == 3
    assert "You left the game after" in out


def test_play_vanuatu_answering_1_plays_to_the_score_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    record = tmp_path / "game.json"
    status, out, err = run(
        capsys, "play", "vanuatu", "--players", "3", "--seed", "2", "--bots", "random",
        "--option", "rising_waters=true", "--record", str(record),
        stdin="1\n" * 3000, monkeypatch=monkeypatch,
    )
    assert status == 0 and err == ""
    assert "Final scores" in out and "The game is over" in out
    final = isla.replay(isla.Record.from_json(json.loads(record.read_text())))
    assert final.is_over and final.result().scores[0] == final.result().breakdown[0]["total"]
