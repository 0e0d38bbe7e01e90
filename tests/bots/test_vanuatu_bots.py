"""Every bot kind plays Vanuatu: legal moves only at every player count and option, reproducible,
blind to hidden information; the heuristic's module functions keep their contracts."""

from __future__ import annotations

import random
from typing import Any

import pytest

import isla
from isla.bots import bot_move, make_bot
from isla.bots.knowledge import knowledge, search_hints
from isla.core.protocol import State
from isla.games.vanuatu import heuristic as H
from isla.games.vanuatu import search as S
from isla.games.vanuatu.game import VanuatuState
from isla.games.vanuatu.state import PLAN, RESOLVE

GAME = isla.game("vanuatu")
# Tiny budgets keep CI fast; strength and speed are measured in benchmarks, not here.
SPECS = ["random", "heuristic", "rush", "mcts:4"]
VARIANTS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {}),
    (4, {}),
    (5, {}),
    (3, {"characters": "off"}),
    (4, {"rising_waters": True}),
    (5, {"characters": "off", "rising_waters": True, "hut_pp_per_tourist": 1}),
    (4, {"bonuses": "automatic"}),
]


def play(specs: list[str], players: int, seed: int, options: dict[str, Any]) -> tuple[State, list[str]]:
    state = GAME.new_state(players, seed, options)
    bots = [make_bot(specs[seat % len(specs)], seat, seed) for seat in range(players)]
    moves: list[str] = []
    while state.to_move is not None:
        action = bot_move(bots[state.to_move], state)  # raises BotError on an illegal move
        assert action in state.legal_actions()
        state.apply(action)
        moves.append(action.text)
    return state, moves


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_every_kind_finishes_games_with_legal_moves(players: int, options: dict[str, Any]) -> None:
    # A rotating mix, so each kind meets several seat positions across variants.
    shift = players % len(SPECS)
    specs = SPECS[shift:] + SPECS[:shift]
    state, moves = play(specs, players, seed=players + len(options), options=options)
    assert state.result().over
    assert len(moves) > 8 * players


@pytest.mark.parametrize(("players", "options"), VARIANTS)
@pytest.mark.parametrize("chooser", [H.choose, H.baseline_choose])
def test_heuristic_and_baseline_play_only_legal_moves_to_the_end(
    players: int, options: dict[str, Any], chooser: Any
) -> None:
    for seed in (1, 2):
        state = GAME.new_state(players, seed, options)
        rng = random.Random(seed)
        while state.to_move is not None:
            legal = state.legal_actions()
            action = chooser(state, rng)
            assert action in legal, f"{action.text} is not legal: {[a.text for a in legal]}"
            state.apply_unchecked(action)
        assert state.result().over


@pytest.mark.parametrize("spec", ["heuristic", "rush", "mcts:2"])
def test_same_seed_same_game(spec: str) -> None:
    first = play([spec, "random", spec], 3, seed=5, options={})[1]
    second = play([spec, "random", spec], 3, seed=5, options={})[1]
    assert first == second


def _mid_game(players: int, seed: int, steps: int) -> State:
    state = GAME.new_state(players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.to_move is None:
            break
        state.apply_unchecked(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("spec", ["random", "heuristic", "rush", "mcts:8"])
def test_bot_ignores_hidden_information(spec: str) -> None:
    """Two states that differ only in what the seat to move cannot know get the same answer."""
    checked = 0
    for players, steps in [(4, 3), (4, 25), (3, 40), (4, 60), (5, 90), (2, 45), (4, 120)]:
        state = _mid_game(players, seed=steps, steps=steps)
        seat = state.to_move
        if seat is None:
            continue
        other = state.determinize(seat, random.Random(99))
        assert other.view(seat) == state.view(seat)
        if other.to_json() == state.to_json():
            continue
        a = bot_move(make_bot(spec, seat, seed=3), state)
        b = bot_move(make_bot(spec, seat, seed=3), other)
        assert a.text == b.text
        checked += 1
    assert checked >= 4


def test_heuristic_choice_is_blind_to_hidden_information_over_many_positions() -> None:
    """The heuristic itself, called on two determinizations with the same rng seed."""
    game_rng = random.Random(7)
    state = GAME.new_state(4, 7)
    compared = 0
    while state.to_move is not None:
        seat = state.to_move
        if len(state.legal_actions()) > 1:
            a = state.determinize(seat, random.Random(1))
            b = state.determinize(seat, random.Random(2))
            assert isinstance(a, VanuatuState)
            assert isinstance(b, VanuatuState)
            assert H.choose(a, random.Random(5)).text == H.choose(b, random.Random(5)).text
            compared += 1
        state.apply_unchecked(game_rng.choice(state.legal_actions()))
    assert compared > 100


def test_evaluate_and_estimates_have_one_value_per_seat() -> None:
    state = _mid_game(4, seed=3, steps=70)
    assert isinstance(state, VanuatuState)
    chances = H.evaluate(state)
    assert len(chances) == 4
    assert all(0.0 <= c <= 1.0 for c in chances)
    assert sum(chances) == pytest.approx(1.0)
    assert len(H.estimates(state)) == 4


def test_evaluate_of_a_finished_game_is_its_result() -> None:
    state, _ = play(["heuristic"], 3, seed=9, options={})
    assert isinstance(state, VanuatuState)
    chances = H.evaluate(state)
    ranks = state.result().ranks
    winners = ranks.count(1)
    assert chances == [1.0 / winners if r == 1 else 0.0 for r in ranks]


def test_knowledge_and_search_hints_are_the_modules_vanuatu_declares() -> None:
    known, hints = knowledge("vanuatu"), search_hints("vanuatu")
    assert known is not None and hints is not None
    assert (known.choose, known.evaluate, known.baseline_choose) == (H.choose, H.evaluate, H.baseline_choose)
    assert (hints.is_quiet, hints.effort) == (S.is_quiet, S.effort)


def test_search_hints() -> None:
    state = GAME.new_state(4, 2)
    assert isinstance(state, VanuatuState)
    assert S.is_quiet(state)  # characters: nothing of a round is pending
    assert S.effort(state) > 0
    seen_plan = seen_resolve = False
    rng = random.Random(2)
    while state.to_move is not None:
        share = S.effort(state)
        assert 0.0 < share <= 1.0
        if state.core.phase == PLAN and any(state.core.placed):  # planning under way
            assert not S.is_quiet(state)
            seen_plan = True
        if state.core.phase == RESOLVE:
            assert not S.is_quiet(state)
            seen_resolve = True
        state.apply_unchecked(rng.choice(state.legal_actions()))
    assert S.is_quiet(state)
    assert seen_plan and seen_resolve


# --- optional bonuses (§11): the bonus by default, declined only when it pays --------------------

START = [{"cell": "0,0", "tile": "efate", "goods": {"kava": 1, "copra": 1, "beef": 1}},
         {"cell": "1,0", "tile": "start-fish"}, {"cell": "0,1", "tile": "start-wreck"},
         {"cell": "1,1", "tile": "start-boats"}]


def _resolution(seat: dict[str, Any], rest: int = 1, **fields: Any) -> VanuatuState:
    """Seat 0 to act, with a second majority (rest) unless `rest=0`; bonuses optional."""
    data: dict[str, Any] = {
        "players": 3, "first": 0, "round": 3, "board": START, "options": {"bonuses": "optional"},
        "seats": [{**seat, "markers": {**seat["markers"], "rest": rest}},
                  {"markers": {"draw": 1, "sail": 1}}, {}],
        "phase": {"name": "resolution", "seat": 0}, "rest_pile": ["coin", "point", "both", "first"],
    }
    data.update(fields)
    state = GAME.state_from_json(data)
    assert isinstance(state, VanuatuState)
    return state


def _choices(state: VanuatuState, tries: int = 12) -> set[str]:
    return {H.choose(state, random.Random(k)).text for k in range(tries)}


def test_the_heuristic_takes_the_bonus_by_default() -> None:
    fisherman = _resolution({"markers": {"fish": 1}, "boat": "start-fish", "character": "fisherman"})
    assert "fish:nobonus" in {a.text for a in fisherman.legal_actions()}
    assert "fish:nobonus" not in _choices(fisherman)
    navigator = _resolution({"markers": {"sail": 1}, "vatus": 3, "character": "navigator"})
    assert not any(t.endswith(":nobonus") for t in _choices(navigator))
    vendor = _resolution({"markers": {"sell": 1}, "fish": [2], "character": "vendor"},
                         board=[{**START[0], "huts": [0, 1, 0]}, *START[1:]])
    assert _choices(vendor) == {"sell:2"}  # at price 3 the sale pays: no decline


def test_the_heuristic_declines_the_vendors_sale_at_the_lowest_price_with_rounds_left() -> None:
    """At a fish price of 1 a sale brings only the fish's face value, what it is worth at the end
    anyway, while kept it may sell at 3 in a later round: the Vendor's bonus is declined (its stack
    cleared); a seat without the bonus to decline would have to sell (V11)."""
    vendor = _resolution({"markers": {"sell": 1}, "fish": [2], "character": "vendor"}, rest=0,
                         fish_price=1, board=[{**START[0], "huts": [0, 1, 0]}, *START[1:]])
    assert {a.text for a in vendor.legal_actions()} == {"sell:2", "clear:sell"}
    assert _choices(vendor) == {"clear:sell"}


def test_a_declined_bonus_stays_a_candidate_only_when_it_scores_more_than_the_margin_above() -> None:
    state = _resolution({"markers": {"fish": 1}, "boat": "start-fish", "character": "fisherman"})
    legal = {a.text: a for a in state.legal_actions()}
    fish, declined, rest = legal["fish"], legal["fish:nobonus"], legal["rest"]
    near = H._unless_declining_pays(state.core, 0, [(1.0, fish), (1.0 + H.MARGIN, declined), (0.5, rest)])
    assert [a.text for _, a in near] == ["fish", "rest"]
    far = H._unless_declining_pays(state.core, 0, [(1.0, fish), (1.2 + H.MARGIN, declined), (0.5, rest)])
    assert [a.text for _, a in far] == ["fish", "fish:nobonus", "rest"]
