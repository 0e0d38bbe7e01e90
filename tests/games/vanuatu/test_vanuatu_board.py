"""The hex board (§2), the tile placement rules of V8 and sailing over ocean tiles only (V19)."""

from __future__ import annotations

from vtools import legal_texts, position, start_board

from isla.games.vanuatu import board
from isla.games.vanuatu.data import TILES

IS_ISLAND = tuple(t.island for t in TILES)


def _tiles(**placed: str) -> list[int]:
    tiles = [board.EMPTY] * board.N_CELLS
    for name, cell in placed.items():
        index = next(i for i, t in enumerate(TILES) if t.name == name.replace("_", "-"))
        tiles[board.CELL_BY_NAME[cell]] = index
    return tiles


def _start() -> dict[str, str]:
    return {"efate": "0,0", "start_fish": "1,0", "start_wreck": "0,1", "start_boats": "1,1"}


def test_board_has_sixteen_cells_in_rows_of_4_5_6_1() -> None:
    rows = [sum(1 for _, r in board.CELLS if r == row) for row in range(4)]
    assert rows == [4, 5, 6, 1]
    assert {board.CELL_NAMES[c] for c in board.NEIGHBORS[board.CELL_BY_NAME["1,3"]]} == {"0,2", "1,2"}


def test_v8_a_tile_must_touch_two_placed_tiles() -> None:
    tiles = _tiles(**_start())
    cells = {board.CELL_NAMES[c] for c in board.placements(tiles, IS_ISLAND, False, strict=False)}
    # each of these touches two of the four starting tiles; -1,1, 0,2 and 2,0 touch only one
    assert cells == {"-1,0", "1,2", "2,1"}


def test_v8_an_island_never_touches_an_island() -> None:
    tiles = _tiles(**_start())
    cells = {board.CELL_NAMES[c] for c in board.placements(tiles, IS_ISLAND, True, strict=True)}
    assert cells == {"1,2", "2,1"}  # -1,0 touches efate


def test_v8_an_ocean_must_touch_an_island() -> None:
    tiles = _tiles(**_start())
    cells = {board.CELL_NAMES[c] for c in board.placements(tiles, IS_ISLAND, False, strict=True)}
    assert cells == {"-1,0"}  # the only cell next to two tiles that touches efate


def test_v8_the_first_player_places_both_previewed_tiles_in_either_order() -> None:
    state = position(3, round=2, phase={"name": "tiles", "seat": 0},
                     archipelago={"preview": ["A1", "B2"]})
    texts = legal_texts(state)
    assert texts == {"tile:A1@1,2", "tile:A1@2,1", "tile:B2@-1,0"}
    state.apply("tile:B2@-1,0")
    assert legal_texts(state) == {"tile:A1@1,2", "tile:A1@2,1", "tile:A1@-1,1"}


def test_v8_a_tile_with_no_legal_cell_waits_for_the_other_then_goes_next_to_any_two() -> None:
    # Every cell touching two tiles also touches an island: D2 has no legal cell, E1 goes first.
    board_json = [*start_board(), {"cell": "1,2", "tile": "A1"}, {"cell": "2,1", "tile": "A2"}]
    state = position(3, round=4, board=board_json, phase={"name": "tiles", "seat": 0},
                     archipelago={"preview": ["D2", "E1"]})
    assert legal_texts(state) == {"tile:E1@-1,0", "tile:E1@0,2", "tile:E1@2,2", "tile:E1@2,0"}
    state.apply("tile:E1@2,2")
    # still no cell free of islands: D2 goes next to any two placed tiles
    assert legal_texts(state) == {"tile:D2@-1,0", "tile:D2@0,2", "tile:D2@2,0", "tile:D2@3,2"}


def test_v19_sailing_distance_counts_ocean_tiles_only() -> None:
    tiles = _tiles(**_start(), B1="2,1", C1="3,1")
    dist = board.distances(tiles, IS_ISLAND, board.CELL_BY_NAME["0,1"], 3)
    named = {board.CELL_NAMES[c]: d for c, d in dist.items()}
    # 0,1 -> 1,1 -> 2,1 -> 3,1; efate (0,0) is never crossed
    assert named == {"1,1": 1, "1,0": 2, "2,1": 2, "3,1": 3}
