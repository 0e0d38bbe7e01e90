"""Vanuatu passes the generic conformance suite (isla.core.conformance) in every setup."""

from __future__ import annotations

from typing import Any

import pytest

from isla.core.conformance import check_game
from isla.games.vanuatu.game import GAME

CASES: list[tuple[int, dict[str, Any], list[int]]] = [
    (2, {}, [1]),
    (2, {"hut_pp_per_tourist": 1}, [2]),
    (3, {}, [3]),
    (3, {"characters": "off"}, [4]),
    (4, {}, [5]),
    (4, {"characters": "off", "hut_pp_per_tourist": 1}, [6]),
    (5, {}, [7]),
    (3, {"rising_waters": True}, [8]),
    (2, {"rising_waters": True}, [9]),
]


@pytest.mark.parametrize(
    ("players", "options", "seeds"), CASES,
    ids=[f"{c[0]}p-{'-'.join(f'{k}={v}' for k, v in c[1].items()) or 'default'}" for c in CASES],
)
def test_vanuatu_passes_the_conformance_suite(
    players: int, options: dict[str, Any], seeds: list[int]
) -> None:
    report = check_game(GAME, players, seeds, options=options, hidden_every=6)
    assert report.playouts == len(seeds)
    assert report.hidden_resampled > 0
