"""The hex board: cells, adjacency, the tile placement rules of V8 and sailing distances.

The printed board has 16 hex spaces in rows of 4, 5, 6 and 1 (§2), in axial coordinates `(q, r)`.
Cells are small ints (their index in CELLS) so a board is a few flat lists; the notation writes a
cell as `q,r`. Only this module knows the geometry; rules ask it who touches whom and how far.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

CELLS: Final = (
    (-1, 0), (0, 0), (1, 0), (2, 0),
    (-1, 1), (0, 1), (1, 1), (2, 1), (3, 1),
    (-1, 2), (0, 2), (1, 2), (2, 2), (3, 2), (4, 2),
    (1, 3),
)
N_CELLS: Final = len(CELLS)
DIRS: Final = ((1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1))
CELL_INDEX: Final = {qr: i for i, qr in enumerate(CELLS)}
CELL_NAMES: Final = tuple(f"{q},{r}" for q, r in CELLS)
CELL_BY_NAME: Final = {name: i for i, name in enumerate(CELL_NAMES)}
NEIGHBORS: Final = tuple(
    tuple(CELL_INDEX[(q + dq, r + dr)] for dq, dr in DIRS if (q + dq, r + dr) in CELL_INDEX)
    for q, r in CELLS
)
START_ISLAND_CELL: Final = CELL_INDEX[(0, 0)]
START_OCEAN_CELLS: Final = (CELL_INDEX[(1, 0)], CELL_INDEX[(0, 1)], CELL_INDEX[(1, 1)])

EMPTY: Final = -1


def placements(tiles: Sequence[int], is_island: Sequence[bool], island: bool, strict: bool) -> list[int]:
    """Empty cells where a tile may go (V8): next to two placed tiles; with `strict`, an island
    touches no island and an ocean touches an island.

    `tiles` is the board (tile index per cell, EMPTY if none); `is_island` is by tile index.
    """
    out = []
    for cell in range(N_CELLS):
        if tiles[cell] != EMPTY:
            continue
        placed = 0
        islands = 0
        for other in NEIGHBORS[cell]:
            t = tiles[other]
            if t != EMPTY:
                placed += 1
                islands += is_island[t]
        if placed < 2:
            continue
        if strict and (islands > 0 if island else islands == 0):
            continue
        out.append(cell)
    return out


def distances(tiles: Sequence[int], is_island: Sequence[bool], start: int, limit: int) -> dict[int, int]:
    """Shortest distance from `start` to each ocean cell within `limit` steps over ocean tiles only
    (V19: no islands, no empty spaces); `start` itself is not included."""
    seen = {start: 0}
    frontier = [start]
    for step in range(1, limit + 1):
        nxt = []
        for cell in frontier:
            for other in NEIGHBORS[cell]:
                t = tiles[other]
                if other not in seen and t != EMPTY and not is_island[t]:
                    seen[other] = step
                    nxt.append(other)
        frontier = nxt
    del seen[start]
    return seen


def adjacent_islands(tiles: Sequence[int], is_island: Sequence[bool], cell: int) -> list[int]:
    """The island cells next to `cell` (where a boat on `cell` may act: V12)."""
    return [other for other in NEIGHBORS[cell] if tiles[other] != EMPTY and is_island[tiles[other]]]
