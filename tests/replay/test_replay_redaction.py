"""Whose eyes: a replay payload holds nothing its viewer could not see at that step of the live game,
and once the game has ended it holds the reveal (docs/replay.md, "Viewers and redaction").

Every step of every golden game of both games (tests/golden, tests/games/vanuatu/golden) is
checked for a spectator and for each seat.
"""

from __future__ import annotations

import json
import random

import pytest
from goldenrecords import Golden, goldens
from hiddenchecks import blind_to_resampling, hidden_keys, problems

from isla.core import Record, game
from isla.core.replays import REVEALED, Replay, ReplayError

GOLDENS = goldens()
IDS = [g.name for g in GOLDENS]


@pytest.mark.parametrize("golden", GOLDENS, ids=IDS)
def test_no_viewer_gets_what_it_could_not_see_at_that_step(golden: Golden) -> None:
    record = golden.record
    replay = Replay(record)
    live = record.start()
    rng = random.Random(record.seed)
    for index in range(replay.last + 1):
        if index:
            live.apply(record.actions[index - 1])
        for viewer in (None, *range(record.players)):
            payload = replay.payload(index, viewer)
            assert payload["view"] == live.view(viewer), (index, viewer)  # as the live table showed it
            assert json.loads(json.dumps(payload)) == payload
            assert problems(payload, viewer, record.game) == [], (index, viewer)
            assert blind_to_resampling(replay.state(index), viewer, replay.hooks, rng), (index, viewer)


@pytest.mark.parametrize("golden", GOLDENS, ids=IDS)
def test_after_the_end_every_step_reveals_everything(golden: Golden) -> None:
    replay = Replay(golden.record)
    for index in range(replay.last + 1):
        payload = replay.payload(index, REVEALED)
        full = replay.state(index).to_json()
        view = payload["view"]
        assert None not in payload["scores"]
        if golden.record.game == "puertorico":
            assert [s["vp"] for s in view["seats"]] == [s["vp"] for s in full["seats"]]
            assert view["plantations"]["stack"] == full["plantations"]["stack"]
        else:
            assert [s["rest"] for s in view["seats"]] == [s["rest"] for s in full["seats"]]
            assert view["rest_pile"] == full["rest_pile"]
            assert view["archipelago"]["stack"] == full["archipelago"]["stack"]
            assert view["demand"]["deck"] == full["demand"]["deck"]
            assert view["tourists"]["stack"] == full["tourists"]["stack"]
        assert "rng" not in view
    assert replay.payload(replay.last, REVEALED)["scores"] == golden.result["scores"]


@pytest.mark.parametrize("golden", [GOLDENS[0], GOLDENS[-1]], ids=[IDS[0], IDS[-1]])
def test_the_checks_would_catch_the_reveal_sent_to_a_spectator(golden: Golden) -> None:
    # The checks above can fail: the revealed payloads hold the face-down order, and what the rules
    # hide (other seats' chips and scores, rest tokens drawn this round), at some step of the game.
    replay = Replay(golden.record)
    revealed = [replay.payload(index, REVEALED) for index in range(replay.last + 1)]
    assert any(hidden_keys(payload) for payload in revealed)
    by_rules = [set(problems(p, None, golden.record.game)) - set(hidden_keys(p)) for p in revealed]
    assert any(by_rules)


def _cut(golden: Golden, actions: int) -> Record:
    record = golden.record
    return Record(record.game, record.players, record.seed, record.options, record.actions[:actions],
                  record.seats)


@pytest.mark.parametrize("golden", [GOLDENS[0], GOLDENS[-1]], ids=[IDS[0], IDS[-1]])
def test_a_live_game_reveals_nothing_and_an_abandoned_one_reveals_all(golden: Golden) -> None:
    live = Replay(_cut(golden, 40))
    assert not live.over and live.last == 40
    with pytest.raises(ReplayError, match="everything is revealed only once the game has ended"):
        live.payload(10, REVEALED)
    with pytest.raises(ReplayError):
        live.score_series(REVEALED)
    abandoned = Replay(_cut(golden, 40), ended=True)
    assert None not in abandoned.payload(10, REVEALED)["scores"]


def test_with_open_vp_every_seat_sees_every_score() -> None:
    # R9's exception: with open VP the chips, and so the running scores, are public to the seats.
    puertorico = game("puertorico")
    state = puertorico.new_state(3, 4, {"open_vp": True})
    rng, actions = random.Random(4), []
    while state.to_move is not None and len(actions) < 150:
        actions.append(str(state.apply(rng.choice(state.legal_actions()))))
    record = Record("puertorico", 3, 4, {"open_vp": True}, actions)
    replay = Replay(record)
    scores = replay.payload(replay.last, 1)["scores"]
    assert scores == replay.state(replay.last).result().scores and sum(scores) > 0


def test_a_seat_sees_its_own_score_and_no_other() -> None:
    golden = GOLDENS[0]
    replay = Replay(golden.record)
    final = replay.state(replay.last - 1).result().scores
    for seat in range(golden.record.players):
        scores = replay.payload(replay.last - 1, seat)["scores"]
        assert scores[seat] == final[seat]
        assert [s for n, s in enumerate(scores) if n != seat] == [None] * (golden.record.players - 1)
