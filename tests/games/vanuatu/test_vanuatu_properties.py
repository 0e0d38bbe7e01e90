"""Invariants of Vanuatu at every step of any game (hypothesis over random play).

Nothing is created or destroyed: goods cubes move between islands, demand tiles and the reserve
(10/8/6, V23), huts between a seat's supply, the islands and the sea (8 each), rest tokens between the pile
and the seats (4). Vatus never reach 10 (V22), markers never exceed 5 a seat, and the provisional
score is always the sum of its parts. Values are read through `to_json()`, the documented schema.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from isla.games.vanuatu.data import GOOD_SUPPLY, GOODS, TILES
from isla.games.vanuatu.game import GAME

MAX_STEPS = 2000  # random games take about 150-400 decisions; the bound only has to be finite
CAPACITY = {t.name: t for t in TILES}


@st.composite
def games(draw: st.DrawFn) -> tuple[int, int, dict[str, Any]]:
    players = draw(st.integers(2, 5))
    options: dict[str, Any] = {"hut_pp_per_tourist": draw(st.sampled_from([1, 2])),
                               "rising_waters": draw(st.booleans())}
    if players > 2:
        options["characters"] = draw(st.sampled_from(["on", "off"]))
    return players, draw(st.integers(0, 2**32 - 1)), options


def check_invariants(data: dict[str, Any]) -> None:
    seats = data["seats"]
    for g, good in enumerate(GOODS):
        on_islands = sum(e.get("goods", {}).get(good, 0) for e in data["board"])
        on_tiles = sum(d["filled"].get(good, 0) for d in data["demand"]["display"])
        assert on_islands + on_tiles + data["reserve"].get(good, 0) == GOOD_SUPPLY[g]
    for i, seat in enumerate(seats):
        huts = sum(e["huts"][i] for e in data["board"] if "huts" in e)
        assert huts + seat["huts_left"] + seat["huts_lost"] == 8
        assert 0 <= seat["vatus"] < 10 and seat["pp"] >= 0
        assert sum(seat["markers"].values()) <= 5
    for e in data["board"]:
        tile = CAPACITY[e["tile"]]
        if tile.island:
            assert sum(e["huts"]) <= tile.huts and e["drawings"] <= tile.drawings
            assert e["tourists"] <= tile.tourists and 0 <= e["water"] <= 5
            if e["water"] == 5:  # submerged: everything on it is gone (§14.4)
                assert not any(e["huts"]) and not e["goods"] and not e["drawings"] and not e["tourists"]
    taken = [s["rest"] for s in seats if s["rest"] is not None]
    assert sorted(taken + data["rest_pile"]) == sorted(["first", "both", "point", "coin"])
    assert 1 <= data["fish_price"] <= 3


@settings(max_examples=12, deadline=None)
@given(games())
def test_random_play_always_ends_and_keeps_every_invariant(spec: tuple[int, int, dict[str, Any]]) -> None:
    players, seed, options = spec
    state = GAME.new_state(players, seed, options)
    rng = random.Random(seed)
    steps = 0
    while state.to_move is not None:
        check_invariants(state.to_json())
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
        assert steps < MAX_STEPS
    data = state.to_json()
    check_invariants(data)
    assert data["round"] == 8 or data["flooded"]


@settings(max_examples=12, deadline=None)
@given(games())
def test_scores_are_the_sum_of_their_parts_and_ranks_follow_them(
    spec: tuple[int, int, dict[str, Any]]
) -> None:
    players, seed, options = spec
    state = GAME.new_state(players, seed, options)
    rng = random.Random(seed)
    while state.to_move is not None:
        state.apply(rng.choice(state.legal_actions()))
    result = state.result()
    assert result.over
    for part, score in zip(result.breakdown, result.scores, strict=True):
        parts = ("track", "fish", "vatus", "treasures", "huts", "first_player", "water")
        assert score == (0 if state.to_json()["flooded"] else sum(part[k] for k in parts))
        assert part["first_player"] in (0, 3)
    assert sum(1 for p in result.breakdown if p["first_player"]) == 1
    best = max(zip(result.scores, result.tiebreaks, strict=True))
    assert all(r == 1 for r, s, t in zip(result.ranks, result.scores, result.tiebreaks, strict=True)
               if (s, t) == best)
