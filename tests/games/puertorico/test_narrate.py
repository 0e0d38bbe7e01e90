"""The game log in words (`Game.narrate`): what a decision did, the engine's own steps after it included.

Scenario tests check the lines of one decision in a hand-written position (four seats: Ann, Bob, Cy,
Dee). The random-game tests play whole seeded games and check properties of every line: each decision
is told, the state is not changed, every VP gain is told (their sum per seat is that seat's chips at
the end), and nothing hidden leaks: no VP total (ruling R9), no face-down plantation or RNG (R10).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from conftest import legal_texts, position, table

from isla.bots.base import SeatAccess
from isla.bots.registry import make_bot
from isla.core.errors import IllegalAction
from isla.core.protocol import Action
from isla.games.puertorico.game import GAME, PuertoRicoState

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
GAIN = re.compile(r"\+(\d+) VP")


def tell(state: PuertoRicoState, text: str) -> list[str]:
    """Narrate `text` in `state`, then apply it (so a test can go on from there)."""
    lines = GAME.narrate(state, state.parse_action(text), NAMES)
    state.apply(text)
    return lines


# --- captain: every VP gain with its amount, forced loads included ------------------------------

def test_a_forced_load_after_the_captains_load_is_told_with_its_vp_gain() -> None:
    # Bob's 7 sugar fit best on the 7-ship only (C5), so the engine loads them by itself after Ann's
    # load: the log of Ann's decision tells Bob's load, its VP and the full ship being unloaded (C11).
    state = position(seats=[{"goods": {"corn": 1}}, {"goods": {"sugar": 7}}])
    state.apply("role:captain")
    assert tell(state, "ship:corn:5") == [
        "Ann loads 1 corn onto the 5-barrel ship (+1 VP, +1 VP captain's privilege).",
        "Bob loads 7 sugar onto the 7-barrel ship (+7 VP).",
        "Nobody can load any more goods.",
        "The 7-barrel ship is full and is unloaded (7 sugar go back to the supply).",
    ]


def test_the_harbor_bonus_is_its_own_vp_gain_on_every_load() -> None:
    state = position(seats=[{"goods": {"corn": 2}, "city": {"harbor": 1}},
                            {"goods": {"sugar": 7}, "city": {"harbor": 1}}])
    state.apply("role:captain")
    assert tell(state, "ship:corn:5") == [
        "Ann loads 2 corn onto the 5-barrel ship (+2 VP, +1 VP captain's privilege, +1 VP harbor).",
        "Bob loads 7 sugar onto the 7-barrel ship (+7 VP, +1 VP harbor).",
        "Nobody can load any more goods.",
        "The 7-barrel ship is full and is unloaded (7 sugar go back to the supply).",
    ]


def test_an_unoccupied_harbor_adds_nothing_to_the_log() -> None:
    state = position(seats=[{"goods": {"corn": 2}, "city": {"harbor": 0}}])
    state.apply("role:captain")
    assert tell(state, "ship:corn:5")[0] == (
        "Ann loads 2 corn onto the 5-barrel ship (+2 VP, +1 VP captain's privilege)."
    )


def test_a_wharf_load_is_told_with_its_vp_and_counts_as_the_captains_first_load_r5() -> None:
    state = position(seats=[{"goods": {"coffee": 3}, "city": {"wharf": 1}}])
    state.apply("role:captain")
    assert tell(state, "ship:coffee:wharf") == [
        "Ann ships 3 coffee with the wharf (+3 VP, +1 VP captain's privilege).",
        "Nobody can load any more goods.",
    ]


def test_a_captain_phase_in_which_nobody_can_load_says_so() -> None:
    assert tell(position(), "role:captain") == ["Ann takes the captain.", "Nobody can load any goods."]


def test_goods_lost_at_storage_are_told_per_kind_c10() -> None:
    state = position(seats=[{"goods": {"corn": 3, "indigo": 2}}], phase={"name": "keep", "chooser": 0})
    assert tell(state, "keep:corn") == ["Ann keeps 1 corn and loses 2 corn and 2 indigo."]


def test_a_warehouse_keeps_a_whole_kind_and_only_the_rest_is_lost() -> None:
    state = position(seats=[{"goods": {"corn": 3, "sugar": 4, "coffee": 1}, "city": {"small-warehouse": 1}}],
                     phase={"name": "store", "chooser": 0})
    assert tell(state, "store:sugar") == ["Ann keeps all 4 sugar in a warehouse."]
    assert tell(state, "keep:coffee") == ["Ann keeps 1 coffee and loses 3 corn."]


def test_the_last_vp_chip_fires_the_end_and_the_round_ends_the_game_e1() -> None:
    # Ann is the last to choose a role in round 1; the captain's load pays out the last chip (E1c),
    # so the end of this round is the end of the game, with the final scores and the winner.
    state = position(
        seats=[{"goods": {"corn": 2}}], vp_supply=1, picks_done=3, governor=1,
        roles={"settler": {"taken_by": 1}, "mayor": {"taken_by": 2}, "builder": {"taken_by": 3}},
    )
    state.apply("role:captain")
    lines = tell(state, "ship:corn:5")
    assert lines == [
        "Ann loads 2 corn onto the 5-barrel ship (+2 VP, +1 VP captain's privilege).",
        "The last VP chip has been paid out: the game ends after this round (shipping still scores in full).",
        "Nobody can load any more goods.",
        "End of round 1: 1 doubloon is put on each role nobody took "
        "(the craftsman, the trader and the prospector).",
        "The game is over. Final scores: Ann 3, Bob 0, Cy 0, Dee 0.",
        "Ann wins.",
    ]
    assert state.is_over


# --- trader --------------------------------------------------------------------------------------

def test_a_sale_with_a_small_market_shows_the_price_and_each_bonus_t6() -> None:
    state = position(seats=[{}, {"goods": {"corn": 1}, "city": {"small-market": 1}}])
    assert tell(state, "role:trader") == ["Ann takes the trader.", "Ann has nothing to sell."]
    assert tell(state, "sell:corn") == [
        "Bob sells 1 corn for 1 doubloon (corn 0, +1 small market).",
        "Cy has nothing to sell.",
        "Dee has nothing to sell.",
    ]


def test_the_traders_privilege_and_the_large_market_add_up_in_the_line() -> None:
    state = position(seats=[{"goods": {"coffee": 1}, "city": {"small-market": 1, "large-market": 1}}])
    state.apply("role:trader")
    assert tell(state, "sell:coffee")[0] == (
        "Ann sells 1 coffee for 8 doubloons "
        "(coffee 4, +1 trader's privilege, +1 small market, +2 large market)."
    )


def test_a_full_trading_house_is_emptied_in_the_log_t4() -> None:
    state = position(seats=[{"goods": {"coffee": 1}}], trading_house=["indigo", "sugar", "tobacco"])
    state.apply("role:trader")
    assert tell(state, "sell:coffee") == [
        "Ann sells 1 coffee for 5 doubloons (coffee 4, +1 trader's privilege).",
        "The trading house is full and is emptied (indigo, sugar, tobacco and coffee go back to the supply).",
    ]


# --- craftsman -----------------------------------------------------------------------------------

def test_production_is_told_for_every_seat_with_the_factory_doubloons_p3() -> None:
    state = position(seats=[
        {"island": {"corn": 2, "indigo": 1}, "occupied": {"corn": 2, "indigo": 1},
         "city": {"small-indigo-plant": 1, "factory": 1}},
        {"island": {"sugar": 2}, "occupied": {"sugar": 2}, "city": {"sugar-mill": 1}},
    ], roles={"craftsman": {"doubloons": 2}})
    assert tell(state, "role:craftsman") == [
        "Ann takes the craftsman (+2 doubloons).",
        "Ann produces 2 corn and 1 indigo (+1 doubloon factory).",
        "Bob produces 1 sugar.",
        "Cy produces nothing.",
        "Dee produces nothing.",
    ]
    assert tell(state, "bonus:indigo") == ["Ann takes an extra indigo barrel (craftsman's privilege)."]


def test_a_seat_that_goes_without_because_the_supply_ran_out_is_told_why_p1() -> None:
    state = position(
        seats=[{"island": {"corn": 3}, "occupied": {"corn": 3}},
               {"island": {"corn": 2}, "occupied": {"corn": 2}}],
        goods={"corn": 4},
    )
    lines = tell(state, "role:craftsman")
    assert lines[1:3] == ["Ann produces 3 corn.", "Bob produces 1 corn (the supply has no more corn)."]


# --- settler, mayor, builder ----------------------------------------------------------------------

def test_the_settler_phase_ends_with_the_discards_and_the_new_face_up_plantations_s4() -> None:
    state = position(plantations={
        "face_up": ["corn", "indigo", "sugar", "coffee", "coffee"],
        "stack": ["tobacco", "corn", "corn", "indigo", "sugar", "sugar", "coffee"],
    })
    assert tell(state, "role:settler") == ["Ann takes the settler."]
    assert tell(state, "settle:quarry") == ["Ann takes a quarry (settler's privilege)."]
    assert tell(state, "settle:corn") == ["Bob takes a corn plantation."]
    assert tell(state, "settle:sugar") == ["Cy takes a sugar plantation."]
    assert tell(state, "settle:pass") == [
        "Dee takes no tile.",
        "The leftover face-up plantations are discarded (indigo, coffee and coffee).",
        "New face-up plantations: corn, indigo, sugar, sugar and coffee.",
    ]
    assert table(state)["plantations"]["face_up"] == ["corn", "indigo", "sugar", "sugar", "coffee"]


def test_a_hacienda_draw_names_the_tile_once_it_is_on_the_island_r10() -> None:
    state = position(seats=[{"city": {"hacienda": 1}}],
                     plantations={"face_up": ["corn"], "stack": ["indigo", "tobacco"]})
    state.apply("role:settler")
    assert tell(state, "hacienda") == ["Ann draws a tobacco plantation from the face-down stack (hacienda)."]


def test_the_hospice_colonist_is_told_with_where_it_came_from() -> None:
    state = position(seats=[{"city": {"hospice": 1}}], plantations={"face_up": ["coffee"]})
    state.apply("role:settler")
    state.apply("settle:coffee")
    assert tell(state, "hospice:take")[0] == (
        "Ann puts a colonist from the supply on the new coffee plantation (hospice)."
    )


def test_the_mayor_hands_out_the_ships_colonists_per_seat_m2() -> None:
    state = position(colonists={"ship": 6, "supply": 20})
    assert tell(state, "role:mayor") == ["Ann takes the mayor."]
    lines = tell(state, "mayor:take")
    assert lines[:2] == [
        "Ann takes an extra colonist from the supply (mayor's privilege).",
        "The ship's 6 colonists are handed out: Ann 2, Bob 2, Cy 1 and Dee 1.",
    ]
    # Nobody has a circle to fill, so every seat's placement is forced and told, then the refill (M7).
    assert lines[2:] == [
        "Ann's colonists: 3 in San Juan.",
        "Bob's colonists: 2 in San Juan.",
        "Cy's colonists: 1 in San Juan.",
        "Dee's colonists: 1 in San Juan.",
        "The colonist ship takes 4 new colonists from the supply.",
    ]


def test_a_placement_and_the_finished_arrangement_are_told() -> None:
    state = position(seats=[{"island": {"corn": 2, "indigo": 1}, "city": {"indigo-plant": 0}, "san_juan": 4}],
                     phase={"name": "place", "chooser": 0})
    assert tell(state, "place:corn") == ["Ann places a colonist on a corn plantation."]
    assert tell(state, "place:indigo-plant") == ["Ann places a colonist on the indigo plant."]
    lines = tell(state, "place:done")
    assert lines[0] == "Ann's colonists: 1 on a corn plantation, 1 on the indigo plant and 2 in San Juan."


def test_a_short_colonist_supply_fires_the_end_m8() -> None:
    # Refill: max(4 players, 2 empty circles) = 4 colonists, but the supply holds 3.
    state = position(seats=[{"island": {"corn": 1}, "city": {"university": 0, "factory": 0}, "san_juan": 1}],
                     colonists={"ship": 0, "supply": 3}, phase={"name": "place", "chooser": 3, "turn": 1})
    lines = tell(state, "place:done")
    assert lines[-1] == (
        "Only 3 colonists were left in the supply for the colonist ship: the game ends after this round."
    )


def test_a_building_is_told_with_the_price_paid_and_every_discount_b2() -> None:
    state = position(seats=[{"doubloons": 9, "island": {"quarry": 2}, "occupied": {"quarry": 2}}])
    state.apply("role:builder")
    assert tell(state, "build:harbor") == [
        "Ann builds a harbor for 5 doubloons (price 8, -1 builder's privilege, -2 quarries).",
        "Bob cannot build anything.",
        "Cy cannot build anything.",
        "Dee cannot build anything.",
    ]


def test_the_twelfth_city_space_fires_the_end_e1() -> None:
    city = {"small-market": 0, "hacienda": 0, "construction-hut": 0, "small-warehouse": 0, "hospice": 0,
            "office": 0, "large-market": 0, "large-warehouse": 0, "factory": 0, "harbor": 0, "wharf": 0}
    state = position(seats=[{"doubloons": 1, "city": city}])
    state.apply("role:builder")
    assert tell(state, "build:small-indigo-plant")[:2] == [
        "Ann builds a small indigo plant for free (price 1, -1 builder's privilege).",
        "Ann has filled all 12 city spaces: the game ends after this round.",
    ]


def test_a_prospector_and_the_end_of_a_round_name_the_new_governor() -> None:
    state = position(picks_done=3, governor=1, roles={
        "settler": {"taken_by": 1}, "mayor": {"taken_by": 2}, "builder": {"taken_by": 3},
        "prospector": {"doubloons": 2},
    })
    assert tell(state, "role:prospector") == [
        "Ann takes the prospector (+3 doubloons: 2 on the card, 1 from the bank).",
        "End of round 1: 1 doubloon is put on each role nobody took "
        "(the craftsman, the trader and the captain).",
        "Round 2 begins; Cy is the governor.",
    ]


# --- the hook itself ------------------------------------------------------------------------------

def test_narrating_an_illegal_action_is_refused_and_changes_nothing() -> None:
    state = position()
    before = table(state)
    with pytest.raises(IllegalAction):
        GAME.narrate(state, Action(0, "build:harbor"), NAMES)
    assert table(state) == before


def test_missing_names_fall_back_to_seat_numbers() -> None:
    state = position()
    assert GAME.narrate(state, state.parse_action("role:builder"), []) == ["seat 0 takes the builder."]


# --- whole games: every line, every decision ----------------------------------------------------
# Uniformly random play (as `isla sim`) rarely ships, so the same checks also run on games between the
# shipping-minded bots (heuristic and rush seats, with some random moves mixed in for variety).

def _games() -> list[tuple[str, int, int]]:
    styles = ("random", "bots")
    return [(style, players, seed) for style in styles for players in (2, 3, 4, 5) for seed in (1, 2)]


def _play(style: str, players: int, seed: int) -> Iterator[tuple[PuertoRicoState, Action]]:
    """Each (state, chosen action) of a whole seeded game; the action is applied after the yield."""
    rng = random.Random(seed * 10 + players)
    state = GAME.new_state(players, seed=rng.getrandbits(32))
    bots = [make_bot("rush" if s % 2 else "heuristic", s, seed + s) for s in range(players)]
    while state.to_move is not None:
        if style == "random" or rng.random() < 0.1:
            action = rng.choice(state.legal_actions())
        else:
            action = bots[state.to_move].choose(SeatAccess(state, state.to_move))
        yield state, action
        state.apply(action)


def _without_gains(line: str) -> str:
    return GAIN.sub("", line).replace("The last VP chip", "")


@pytest.mark.parametrize(("style", "players", "seed"), _games())
def test_whole_games_tell_every_vp_gain_and_never_a_vp_total_r9(style: str, players: int, seed: int) -> None:
    names = NAMES[:players]
    gains = dict.fromkeys(names, 0)
    decisions = 0
    state = None
    lines: list[str] = []
    for state, action in _play(style, players, seed):
        before = state.to_json()
        lines = GAME.narrate(state, action, names)
        assert state.to_json() == before, "narrating changed the state"
        assert lines, f"{action.text} was not told"
        decisions += 1
        for line in lines:
            assert "VP" not in _without_gains(line), f"a VP figure other than a gain: {line!r}"
            assert not re.search(r"\btotal\b|\bpoints\b|\brng\b", line, re.IGNORECASE), line
            amounts = [int(n) for n in GAIN.findall(line)]
            if amounts:
                assert line.split()[0] in gains, f"a VP gain without its seat: {line!r}"
                gains[line.split()[0]] += sum(amounts)
    assert state is not None and state.is_over
    assert lines[-2].startswith("The game is over. Final scores: ")
    shipping = [part["shipping"] for part in state.result().breakdown]
    assert [gains[name] for name in names] == shipping
    assert decisions > 50


@pytest.mark.parametrize(("style", "players", "seed"), [("random", 3, 7), ("bots", 4, 8), ("bots", 5, 9)])
def test_the_log_reads_no_hidden_information_r9_r10(style: str, players: int, seed: int) -> None:
    # The same decision told in a copy with other VP totals (R9), or another face-down order and RNG
    # (R10), gives the same lines, unless the step turns face-down tiles up (then they are public).
    checked = 0
    for state, action in _play(style, players, seed):
        lines = GAME.narrate(state, action, NAMES)
        after = state.clone()
        after.apply(action)
        if not after.is_over:
            data = state.to_json()
            for seat in data["seats"]:
                seat["vp"] += 13
            data["options"]["vp_supply"] += 13 * players  # the same chips left in the supply
            assert GAME.narrate(GAME.state_from_json(data), action, NAMES) == lines
        if after.core.stack == state.core.stack and after.core.discard == state.core.discard:
            shuffled = state.determinize(0, random.Random(checked))
            assert GAME.narrate(shuffled, action, NAMES) == lines
            checked += 1
    assert checked > 50


def test_every_legal_decision_of_a_position_is_told_without_changing_it() -> None:
    state = position(seats=[{"goods": {"corn": 2, "coffee": 1}, "city": {"wharf": 1, "harbor": 1}},
                            {"goods": {"sugar": 3}}])
    state.apply("role:captain")
    before = table(state)
    for action in state.legal_actions():
        assert GAME.narrate(state, action, NAMES)
    assert table(state) == before
    assert legal_texts(state) == {"ship:corn:5", "ship:corn:6", "ship:corn:7", "ship:coffee:5",
                                  "ship:coffee:6", "ship:coffee:7", "ship:corn:wharf", "ship:coffee:wharf"}
