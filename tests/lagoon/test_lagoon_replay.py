"""Lagoon's replays, with the generic defaults only: Lagoon declares nothing for replays (no
`GameInfo.replay`), and a game with secrets that declares nothing shows no score before the end."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from lagoon.game import GAME, LagoonGame

from isla.core import BadGame, Record
from isla.core.registry import register, unregister
from isla.core.replay_hooks import hooks
from isla.core.replays import REVEALED, Replay


def _record(players: int = 3, seed: int = 2) -> Record:
    state = GAME.new_state(players, seed)
    rng, actions = random.Random(seed), []
    while state.to_move is not None:
        actions.append(str(state.apply(rng.choice(state.legal_actions()))))
    return Record("lagoon", players, seed, {"course": 12}, actions, ["Ann", "Bo", "Cy"][:players])


def test_lagoon_declares_nothing_for_replays() -> None:
    assert GAME.info.replay is None


def test_a_replay_of_lagoon_steps_through_the_whole_race_with_the_defaults() -> None:
    record = _record()
    replay = Replay(record)
    final = replay.state(replay.last)
    assert replay.over and final == record.replay()
    # The round is read from the view; Lagoon's view names no phase.
    assert replay.step(1).moment.to_json() == {"round": 1, "phase": None, "label": "Round 1"}
    assert replay.jump(round=2) == record.players + 1
    # The log in words is the protocol's default narration: "name: action".
    assert replay.log[0].lines == (f"Ann: {record.actions[0]}",)


def test_without_a_declaration_a_game_with_secrets_shows_scores_only_after_the_end() -> None:
    record = _record()
    replay = Replay(record)
    for viewer in (None, 0, 1, 2):
        payload = replay.payload(3, viewer)
        assert payload["scores"] == [None, None, None]
        assert payload["view"] == replay.state(3).view(viewer)
    everything = replay.payload(3, REVEALED)
    assert everything["view"] == replay.state(3).to_json()  # the whole state: cards and deck shown
    assert everything["scores"] == replay.state(3).result().scores
    series = replay.score_series(REVEALED)
    assert series[-1]["scores"] == replay.state(replay.last).result().scores


class BrokenReplayLagoon(LagoonGame):
    name = "lagoon-broken-replay"
    info = replace(LagoonGame.info, replay="lagoon.no_such_replay_module")


BROKEN = BrokenReplayLagoon()


class BadScoresLagoon(LagoonGame):
    name = "lagoon-bad-scores"
    info = replace(LagoonGame.info, replay="lagoon.game")  # a module with none of the functions


BAD_SCORES = BadScoresLagoon()


def test_a_replay_module_that_cannot_be_found_is_refused_at_registration() -> None:
    with pytest.raises(BadGame, match=r"info\.replay names the module 'lagoon\.no_such_replay_module'"):
        register(BROKEN)


def test_a_replay_module_without_the_functions_takes_the_defaults() -> None:
    register(BAD_SCORES)
    try:
        declared = hooks(BAD_SCORES)
        assert declared.declared_scores is None
        state = BAD_SCORES.new_state(2, 1)
        assert declared.moment(state).round == 1 and declared.revealed(state) == state.to_json()
    finally:
        unregister(BAD_SCORES.name)


def test_declared_scores_of_the_wrong_shape_are_a_clear_error() -> None:
    state = GAME.new_state(3, 1)
    declared = replace(hooks(GAME), declared_scores=lambda _state, _view: [1, 2])
    with pytest.raises(BadGame, match=r"must give one whole number or None per seat, not \[1, 2\]"):
        declared.scores(state, state.view(None), revealed=False)
