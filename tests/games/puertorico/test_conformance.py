"""Puerto Rico passes the generic conformance suite (isla.core.conformance) in every setup.

Uniform random play ends almost every game through the colonist supply; the two biased policies
below also reach the other end triggers (a twelfth city space, the last VP chip) and the buildings
that need money or several turns, so the per-step checks see those positions too.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import isla
from isla.core.conformance import Policy, check_game, uniform
from isla.core.protocol import Action, State

GAME = isla.game("puertorico")
_DECLINE = ("place:done", "mayor:refuse", "keep:none", "store:done")
_LARGE = ("guild-hall", "residence", "fortress", "customs-house", "city-hall")


def _eager(state: State) -> list[Action]:
    """The legal actions that do something (no pass, no refusal), or all of them if there are none."""
    legal = state.legal_actions()
    doing = [a for a in legal if not (a.text.endswith(":pass") or a.text in _DECLINE)]
    return doing or legal


def builder(state: State, rng: random.Random) -> Action:
    """Builds whenever possible, large buildings first: games end on a full city."""
    legal = _eager(state)
    if legal[0].text.startswith("role:"):
        for role in ("role:builder", "role:prospector", "role:prospector2", "role:craftsman", "role:trader"):
            if any(a.text == role for a in legal) and rng.random() < 0.8:
                return next(a for a in legal if a.text == role)
    if legal[0].text.startswith("build:"):
        return max(legal, key=lambda a: (a.text.split(":")[1] in _LARGE, rng.random()))
    return rng.choice(legal)


def shipper(state: State, rng: random.Random) -> Action:
    """Produces and ships: with a small VP supply, games end on the last VP chip."""
    legal = _eager(state)
    if legal[0].text.startswith("role:"):
        for role in ("role:craftsman", "role:captain", "role:settler", "role:mayor"):
            if any(a.text == role for a in legal) and rng.random() < 0.7:
                return next(a for a in legal if a.text == role)
    return rng.choice(legal)


# (players, options, seeds, policy, end trigger the policy is meant to reach or None)
CASES: list[tuple[int, dict[str, Any], list[int], Policy, str | None]] = [
    (2, {}, [1, 2], uniform, None),
    (2, {"two_player_roles": "craftsman_angst"}, [3, 4], uniform, None),
    (2, {"two_player_roles": "craftsman_angst", "vp_supply": 10}, [5], shipper, "vp"),
    (3, {}, [6], uniform, None),
    (3, {"forced_placement": True}, [7], builder, "city"),
    (4, {}, [8], uniform, None),
    (4, {"balanced": True}, [9], builder, "city"),
    (4, {"open_vp": True, "vp_supply": 12}, [10], shipper, "vp"),
    (5, {}, [11], uniform, None),
    (5, {"balanced": True, "forced_placement": True}, [12], builder, "city"),
]


@pytest.mark.parametrize(
    ("players", "options", "seeds", "policy", "trigger"),
    CASES,
    ids=[f"{c[0]}p-{c[3].__name__}-{'-'.join(f'{k}={v}' for k, v in c[1].items()) or 'default'}"
         for c in CASES],
)
def test_puerto_rico_passes_the_conformance_suite(
    players: int, options: dict[str, Any], seeds: list[int], policy: Policy, trigger: str | None
) -> None:
    report = check_game(GAME, players, seeds, options=options, policy=policy, hidden_every=4)
    assert report.playouts == len(seeds)
    assert report.hidden_resampled > 0
    if trigger is not None:
        for seed in seeds:
            state = GAME.new_state(players, seed, options)
            rng = random.Random(seed)
            while state.to_move is not None:
                state.apply(policy(state, rng))
            assert trigger in state.result().end_triggers


@pytest.mark.parametrize("open_vp", [False, True])
def test_views_show_other_players_vp_only_with_open_vp_r9(open_vp: bool) -> None:
    state = GAME.new_state(4, seed=3, options={"open_vp": open_vp})
    rng = random.Random(3)
    while state.to_move is not None and sum(state.to_json()["seats"][s]["vp"] for s in range(4)) == 0:
        state.apply(shipper(state, rng))
    for seat in range(4):
        view = state.view(seat)
        for other, shown in enumerate(view["seats"]):
            assert ("vp" in shown) == (open_vp or other == seat)
    spectator = state.view(None)
    assert all(("vp" in shown) == open_vp for shown in spectator["seats"])


def test_views_hide_the_face_down_plantation_order_and_the_rng_r10() -> None:
    state = GAME.new_state(3, seed=5)
    full = state.to_json()
    assert full["plantations"]["stack"] and "rng" in full
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert "stack" not in view["plantations"]
        assert view["plantations"]["stack_size"] == len(full["plantations"]["stack"])
        assert "rng" not in view
