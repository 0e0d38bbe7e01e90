"""The Puerto Rico heuristic player, its evaluation and the "shipping rush" baseline.

Full games check legality and reproducibility at every player count and option; hand-written
positions check that the heuristic holds the strategic preferences it is meant to have (each is
asserted for many rng seeds, so a coin flip between near-equal moves would fail).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from isla.core.protocol import JSON
from isla.games.puertorico import heuristic as H
from isla.games.puertorico.game import GAME, PuertoRicoState

SEEDS = range(12)


def position(players: int = 4, **fields: Any) -> PuertoRicoState:
    """A state from a small hand-written dict (empty boards for the seats not given)."""
    seats = list(fields.pop("seats", []))
    seats += [{} for _ in range(players - len(seats))]
    data: JSON = {"players": players, "seats": seats}
    data.update(fields)
    return GAME.state_from_json(data)


def choices(state: PuertoRicoState, chooser: Any = H.choose) -> set[str]:
    """Every move the player makes here over many rng seeds (a real preference gives one)."""
    return {chooser(state.clone(), random.Random(seed)).text for seed in SEEDS}


def play(players: int, seed: int, options: dict[str, Any], chooser: Any) -> list[str]:
    """A full game where every seat uses `chooser`; asserts each move is legal; returns the moves."""
    state = GAME.new_state(players, seed=seed, options=options)
    rng = random.Random(seed)
    moves = []
    while state.to_move is not None:
        legal = state.legal_actions()
        action = chooser(state, rng)
        assert action in legal, f"{action} is not legal: {[a.text for a in legal]}"
        moves.append(action.text)
        state.apply_unchecked(action)
    assert state.result().over
    return moves


VARIANTS = [
    (2, {}), (3, {}), (4, {}), (5, {}),
    (2, {"two_player_roles": "craftsman_angst"}),
    (3, {"balanced": True}),
    (4, {"forced_placement": True}),
    (5, {"balanced": True, "forced_placement": True}),
]


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_heuristic_plays_only_legal_moves_to_the_end(players: int, options: dict[str, Any]) -> None:
    play(players, 7, options, H.choose)


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_baseline_plays_only_legal_moves_to_the_end(players: int, options: dict[str, Any]) -> None:
    play(players, 8, options, H.baseline_choose)


@pytest.mark.parametrize("chooser", [H.choose, H.baseline_choose])
def test_same_seed_same_game(chooser: Any) -> None:
    assert play(4, 3, {}, chooser) == play(4, 3, {}, chooser)


def test_memoised_plans_do_not_change_the_play() -> None:
    # The heuristic memoises placement plans and city summaries across calls; a game must play the
    # same with cold caches as after other games have filled them.
    H._PLANS.clear()
    H._CITY_CACHE.clear()
    cold = play(4, 11, {}, H.choose)
    play(4, 12, {}, H.choose)
    play(3, 11, {}, H.choose)
    assert play(4, 11, {}, H.choose) == cold


def test_different_seeds_give_different_games() -> None:
    # The near-tie randomisation (and the deal) must actually vary the play.
    assert play(4, 3, {}, H.choose) != play(4, 4, {}, H.choose)


def midgame_states(players: int = 4, seed: int = 5, every: int = 7) -> list[PuertoRicoState]:
    """Positions met in a heuristic game, one every `every` decisions."""
    state = GAME.new_state(players, seed=seed)
    rng = random.Random(seed)
    out = []
    step = 0
    while state.to_move is not None:
        if step % every == 0:
            out.append(state.clone())
        state.apply_unchecked(H.choose(state, rng))
        step += 1
    return out


def test_evaluate_gives_chances_that_sum_to_one() -> None:
    for state in midgame_states():
        chances = H.evaluate(state)
        assert len(chances) == 4
        assert all(0.0 <= c <= 1.0 for c in chances)
        assert sum(chances) == pytest.approx(1.0)


def test_evaluate_favours_the_leader_more_the_bigger_the_lead() -> None:
    def chances(vp: int) -> list[float]:
        rich = {"vp": vp, "city": {"harbor": 1, "factory": 1, "guild-hall": 1}, "doubloons": 10}
        return H.evaluate(position(seats=[{}, rich], round=12))

    small, big = chances(5), chances(30)
    assert small[1] == max(small)
    assert big[1] > small[1]
    assert big[1] > 0.75
    assert max(big[0], big[2], big[3]) < 0.1


def test_evaluate_is_surer_near_the_end() -> None:
    # The same 6-VP lead decides more when the game ends this round than with many rounds to go.
    seats = [{"vp": 16}, {"vp": 10}, {"vp": 10}, {"vp": 10}]
    early = H.evaluate(position(seats=seats, round=3))
    last = H.evaluate(position(seats=seats, round=14, end_triggers=["colonists"], picks_done=3))
    assert early[0] == max(early)
    assert last[0] > early[0]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_evaluate_is_exact_on_finished_games(seed: int) -> None:
    state = GAME.new_state(4, seed=seed)
    rng = random.Random(seed)
    while state.to_move is not None:
        state.apply_unchecked(H.choose(state, rng))
    ranks = state.result().ranks
    winners = [s for s in range(4) if ranks[s] == 1]
    assert H.evaluate(state) == [1.0 / len(winners) if s in winners else 0.0 for s in range(4)]


def test_evaluate_shares_a_tied_win() -> None:
    # Same score and same tie-break (doubloons + goods) for seats 1 and 3: they share first place.
    tied = {"vp": 20, "doubloons": 2}
    state = position(seats=[{"vp": 5}, tied, {"vp": 19}, tied], phase={"name": "over"}, picks_done=4)
    assert state.result().over
    assert H.evaluate(state) == [0.0, 0.5, 0.0, 0.5]


def test_choice_ignores_hidden_information() -> None:
    # Two determinizations differ only in what the seat cannot see (the face-down stack order);
    # with the same rng the heuristic must choose the same action in both, and evaluate alike.
    checked = 0
    for state in midgame_states(every=3):
        seat = state.to_move
        assert seat is not None
        one = state.determinize(seat, random.Random(1))
        two = state.determinize(seat, random.Random(2))
        if one.core.stack == two.core.stack:
            continue
        checked += 1
        assert sorted(one.core.stack) == sorted(two.core.stack)
        assert H.choose(one, random.Random(9)) == H.choose(two, random.Random(9))
        assert H.evaluate(one) == H.evaluate(two)
    assert checked > 50


def test_hacienda_choice_ignores_the_stack_order() -> None:
    # The hacienda draws from the face-down stack: its value may use only the stack's contents.
    seat = {"city": {"hacienda": 1}, "island": {"corn": 1}}
    state = position(seats=[seat], phase={"name": "settler", "chooser": 0}, round=3)
    assert "hacienda" in {a.text for a in state.legal_actions()}
    one = state.determinize(0, random.Random(1))
    two = state.determinize(0, random.Random(2))
    assert one.core.stack != two.core.stack
    assert choices(one) == choices(two) == {"hacienda"}


# --- strategic preferences on hand-written positions ----------------------------------------------

def test_builder_with_one_doubloon_and_nothing_else_buys_the_small_market() -> None:
    state = position(seats=[{"doubloons": 1}], phase={"name": "builder", "chooser": 0})
    assert {"build:small-market", "build:small-indigo-plant"} <= {a.text for a in state.legal_actions()}
    assert choices(state) == {"build:small-market"}


def test_captain_loads_the_biggest_pile() -> None:
    state = position(seats=[{"goods": {"corn": 5, "indigo": 2}}, {"goods": {"sugar": 1}}],
                     phase={"name": "captain", "chooser": 0})
    assert choices(state) == {"ship:corn:5"}  # 5 barrels, on the smallest ship that takes them all


def test_captain_keeps_the_wharf_for_what_no_ship_takes() -> None:
    # Corn has room on its own ship; indigo has no ship (each carries another good), so indigo goes
    # by wharf, after the corn: loading the corn first loses nothing.
    ships = [{"capacity": 5, "good": "corn", "load": 1}, {"capacity": 6, "good": "coffee", "load": 1},
             {"capacity": 7, "good": "tobacco", "load": 1}]
    state = position(seats=[{"goods": {"corn": 2, "indigo": 4}, "city": {"wharf": 1}}], ships=ships,
                     phase={"name": "captain", "chooser": 0})
    assert {a.text for a in state.legal_actions()} == {"ship:corn:5", "ship:corn:wharf", "ship:indigo:wharf"}
    assert choices(state) == {"ship:corn:5"}
    state.apply("ship:corn:5")
    assert choices(state) == {"ship:indigo:wharf"}


def test_trader_sells_coffee_rather_than_corn() -> None:
    state = position(seats=[{"goods": {"corn": 1, "coffee": 1}, "city": {"small-market": 1}}],
                     phase={"name": "trader", "chooser": 0})
    assert choices(state) == {"sell:coffee"}


def test_trader_keeps_corn_that_sells_for_nothing() -> None:
    # Corn fetches 0 doubloons without a market (and no privilege for seat 1): keep it to ship.
    state = position(seats=[{}, {"goods": {"corn": 2}}], phase={"name": "trader", "chooser": 0, "seat": 1})
    assert state.to_move == 1
    assert choices(state) == {"sell:pass"}


def test_craftsman_takes_the_most_valuable_extra_barrel() -> None:
    seat = {"island": {"corn": 1, "coffee": 1}, "occupied": {"corn": 1, "coffee": 1},
            "city": {"coffee-roaster": 1}}
    state = position(seats=[seat], round=4)
    state.apply("role:craftsman")
    assert {"bonus:corn", "bonus:coffee"} <= {a.text for a in state.legal_actions()}
    assert choices(state) == {"bonus:coffee"}


def test_storage_keeps_the_most_valuable_barrel() -> None:
    state = position(seats=[{"goods": {"corn": 3, "tobacco": 1}}], phase={"name": "keep", "chooser": 0})
    assert choices(state) == {"keep:tobacco"}


def test_warehouse_stores_the_biggest_pile() -> None:
    state = position(seats=[{"goods": {"corn": 4, "indigo": 1, "sugar": 2}, "city": {"small-warehouse": 1}}],
                     phase={"name": "store", "chooser": 0})
    assert choices(state) == {"store:corn"}


def test_mayor_fills_a_production_chain_before_a_lone_plantation() -> None:
    # Two colonists: sugar plantation + sugar mill make sugar; corn alone is worth less, and a
    # colonist on the mill without its plantation makes nothing.
    seat = {"island": {"corn": 1, "sugar": 1}, "city": {"small-sugar-mill": 0}, "san_juan": 2}
    state = position(seats=[seat], phase={"name": "place", "chooser": 0})
    moves = []
    rng = random.Random(0)
    while state.to_move == 0 and state.core.phase == 4:
        action = H.choose(state, rng)
        moves.append(action.text)
        state.apply_unchecked(action)
    # With no colonist left, `place:done` is the only move and the engine plays it.
    assert moves == ["place:sugar", "place:small-sugar-mill"]
    board = state.to_json()["seats"][0]
    assert board["occupied"] == {"sugar": 1}
    assert board["city"] == {"small-sugar-mill": 1}


def test_mayor_staffs_a_large_building_at_the_end() -> None:
    # Last round: a colonist on the guild hall is worth its bonus; a corn plantation makes nothing more.
    seat = {"island": {"corn": 1}, "san_juan": 1,
            "city": {"guild-hall": 0, "indigo-plant": 0, "sugar-mill": 0, "coffee-roaster": 0}}
    state = position(seats=[seat], phase={"name": "place", "chooser": 0}, end_triggers=["city"], round=15,
                     picks_done=3)
    assert choices(state) == {"place:guild-hall"}


def test_settler_takes_coffee_for_an_empty_roaster() -> None:
    seat = {"island": {"corn": 1}, "occupied": {"corn": 1}, "city": {"coffee-roaster": 0}, "doubloons": 2}
    state = position(seats=[seat], phase={"name": "settler", "chooser": 0}, round=4,
                     plantations={"face_up": ["corn", "indigo", "sugar", "coffee", "tobacco"]})
    assert choices(state) == {"settle:coffee"}


# Full, worked islands (nothing left to settle or to staff), four of them from the game's tiles.
ISLANDS = [{"corn": 3, "indigo": 3, "sugar": 3, "tobacco": 2, "quarry": 1},
           {"corn": 3, "indigo": 3, "sugar": 3, "tobacco": 2, "quarry": 1},
           {"corn": 2, "indigo": 3, "sugar": 3, "tobacco": 2, "coffee": 2},
           {"corn": 2, "indigo": 3, "sugar": 2, "tobacco": 2, "coffee": 3}]


def full(seat: int, **fields: Any) -> dict[str, Any]:
    return {"island": ISLANDS[seat], "occupied": ISLANDS[seat], **fields}


def test_role_choice_takes_the_trader_when_only_it_has_dear_goods() -> None:
    seats = [full(0, goods={"coffee": 1, "tobacco": 1}, city={"small-market": 1}),
             full(1, goods={"corn": 1}), full(2), full(3)]
    state = position(seats=seats, round=6)
    scores = H.role_scores(state)
    best = max(scores, key=lambda r: scores[r])
    assert best == "role:trader"
    assert scores["role:trader"] > max(v for r, v in scores.items() if r != best) + H.ROLE_MARGIN
    assert choices(state) == {"role:trader"}


def test_role_choice_takes_the_captain_to_ship_a_big_harvest_alone() -> None:
    seats = [full(0, goods={"corn": 5, "indigo": 3}), full(1), full(2), full(3)]
    state = position(seats=seats, round=8)
    assert choices(state) == {"role:captain"}


ELEVEN_SPACES = {"small-indigo-plant": 1, "small-sugar-mill": 1, "indigo-plant": 1, "sugar-mill": 1,
                 "tobacco-storage": 1, "coffee-roaster": 1, "small-market": 1, "hacienda": 1,
                 "construction-hut": 1, "small-warehouse": 1, "hospice": 1}


@pytest.mark.parametrize(("mine", "theirs", "ends_it"), [(30, 0, True), (0, 30, False)])
def test_builder_fills_the_city_only_when_ending_wins(mine: int, theirs: int, ends_it: bool) -> None:
    # Buying the twelfth city space ends the game this round: the leader does it, the one behind
    # (same city, same money) passes to keep the game going.
    seats = [{"city": ELEVEN_SPACES, "vp": mine, "doubloons": 4}, {"vp": theirs}]
    state = position(seats=seats, phase={"name": "builder", "chooser": 0}, round=10)
    made = choices(state)
    assert len(made) == 1
    assert (made != {"build:pass"}) == ends_it


def test_baseline_ships_when_it_has_goods() -> None:
    state = position(seats=[{"goods": {"corn": 3}}], round=5)
    assert choices(state, H.baseline_choose) == {"role:captain"}
