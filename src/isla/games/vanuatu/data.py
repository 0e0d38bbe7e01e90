"""Vanuatu rule data: tiles, actions, characters, decks, rest tokens and scoring constants.

Every value is a fact from `rules/vanuatu.md` (section or ruling in comments). Indices are small
ints so the hot path can use flat lists; names are the notation words (docs/vanuatu.md).
"""

from __future__ import annotations

from typing import Final, NamedTuple

# Goods (§1, §17): price in vatus, PP when exported, cubes in the whole game (V23).
KAVA, COPRA, BEEF = range(3)
GOODS: Final = ("kava", "copra", "beef")
GOOD_PRICE: Final = (1, 2, 3)
GOOD_PP: Final = (1, 3, 5)
GOOD_SUPPLY: Final = (10, 8, 6)
SHIP_COMPLETION_PP: Final = 2

# The nine action spaces in rulebook order (§9).
SAIL, BUILD, EXPLORE, FISH, SELL, BUY, DRAW, TOURIST, REST = range(9)
SPACES: Final = ("sail", "build", "explore", "fish", "sell", "buy", "draw", "tourist", "rest")
N_SPACES: Final = 9

# Characters (§11); LINKED gives the action space a character is linked to (-1: none).
(NAVIGATOR, FISHERMAN, VENDOR, DIVER, BUILDER, BUYER, ARTIST, GUIDE, BEGGAR, PREACHER,
 GOVERNOR) = range(11)
CHARACTERS: Final = (
    "navigator", "fisherman", "vendor", "diver", "builder", "buyer", "artist", "guide", "beggar",
    "preacher", "governor",
)
N_CHARACTERS: Final = 11
LINKED: Final = (SAIL, FISH, SELL, EXPLORE, BUILD, BUY, DRAW, TOURIST, -1, -1, -1)
BEG_MAX: Final = 3  # the Beggar trades 1-3 PP for as many vatus
# The characters whose bonus changes their linked action as it is performed (§11): with
# bonuses=optional their holder may perform it without the bonus. (The Buyer's second cube is a
# decision of its own; the Beggar, Preacher and Governor have powers, not bonuses.)
BONUS_CHARACTERS: Final = (NAVIGATOR, FISHERMAN, VENDOR, DIVER, BUILDER, ARTIST, GUIDE)


class Tile(NamedTuple):
    name: str
    island: bool
    letter: str  # "" for the starting tiles
    fish: int  # ocean: fish discs printed
    treasure: int  # ocean: treasure discs printed
    huts: int  # island: hut spaces
    drawings: int  # island: sand-drawing spaces
    tourists: int  # island: most tourists it takes
    goods: tuple[int, ...]  # island: printed goods, in printed order (the refill, V4 and V23)


def _island(name: str, letter: str, huts: int, drawings: int, tourists: int, *goods: int) -> Tile:
    return Tile(name, True, letter, 0, 0, huts, drawings, tourists, goods)


def _ocean(name: str, letter: str, fish: int, treasure: int) -> Tile:
    return Tile(name, False, letter, fish, treasure, 0, 0, 0, ())


# §3. Index 0 is the starting island (printed on the board), 1-3 the starting oceans, then A1..F2.
TILES: Final = (
    _island("efate", "", 3, 1, 5, KAVA, COPRA, BEEF),
    _ocean("start-fish", "", 2, 0),
    _ocean("start-wreck", "", 1, 2),
    _ocean("start-boats", "", 0, 0),
    _island("A1", "A", 3, 2, 4, KAVA, BEEF),
    _island("A2", "A", 3, 2, 4, KAVA, COPRA),
    _ocean("B1", "B", 1, 3),
    _ocean("B2", "B", 3, 0),
    _ocean("C1", "C", 0, 0),
    _ocean("C2", "C", 1, 2),
    _island("D1", "D", 2, 3, 3, KAVA, KAVA),
    _island("D2", "D", 3, 1, 4, KAVA, COPRA),
    _ocean("E1", "E", 0, 0),
    _ocean("E2", "E", 2, 0),
    _ocean("F1", "F", 3, 1),
    _ocean("F2", "F", 3, 0),
)
N_TILES: Final = len(TILES)
TILE_INDEX: Final = {t.name: i for i, t in enumerate(TILES)}
EFATE: Final = 0
START_OCEANS: Final = (1, 2, 3)
START_BOATS: Final = 3
ARCHIPELAGO: Final = tuple(range(4, N_TILES))  # the 12 tiles of the two sorted stacks (§7.3)
LETTERS: Final = ("A", "B", "C", "D", "E", "F")
TILE_ROUNDS: Final = range(2, 8)  # the first player places two tiles in rounds 2-7 (§8.1)

# Demand tiles (§4), numbered 1-10; slot goods in printed order.
DEMANDS: Final = (
    (BEEF, COPRA, KAVA), (KAVA, KAVA, COPRA), (BEEF, BEEF, COPRA), (COPRA, COPRA, BEEF),
    (KAVA, BEEF, BEEF), (KAVA, COPRA, COPRA), (KAVA, KAVA, BEEF), (KAVA, KAVA, COPRA),
    (KAVA, KAVA, KAVA), (BEEF, COPRA, KAVA),
)
# How many of each good each demand tile needs.
DEMAND_NEEDS: Final = tuple(tuple(d.count(g) for g in range(3)) for d in DEMANDS)
DEMANDS_ON_DISPLAY: Final = 3

# Tourist tiles (§5) and the one removed by player count (V6).
TOURIST_TILES: Final = (0, 1, 1, 2, 2, 2, 3, 3, 4)
TOURIST_REMOVED: Final = {2: 4, 3: 4, 4: 2, 5: 0}
TOURIST_VATU_PER_HUT: Final = 1
GUIDE_PP_PER_DRAWING: Final = 2

# Rest tokens (§10): (vatus, PP); FIRST makes its holder first player next round.
FIRST, BOTH, POINT, COIN = range(4)
REST_TOKENS: Final = ("first", "both", "point", "coin")
REST_BONUS: Final = ((0, 0), (1, 1), (0, 1), (1, 0))

# Money and actions (§9, §10, §17).
START_VATU: Final = 3
HUTS_PER_PLAYER: Final = 8
MARKERS_PER_PLAYER: Final = 5
PLANNING_PASSES: Final = (2, 4, 5)  # markers placed after each of the three planning passes
NEUTRAL_MARKERS: Final = (2, 3)  # 2 players: the first player places 2, the other 3 (§13.3)
TWO_PLAYER_OFFER: Final = 5  # 2 players: characters offered each round (§13.2)
VATU_CAP, CAP_PP = 10, 5  # V22: every 10 vatus become 5 PP at once
HUT_COST, HUT_COST_BUILDER = 3, 1
DRAW_PP, DRAW_PP_ARTIST = 3, 5
SAIL_MAX = 3
FISH_PRICE_START, FISH_PRICE_MIN = 3, 1
ROUNDS: Final = 8

# Final scoring (§12).
FINAL_VATU_PER_PP: Final = 3
FINAL_TREASURE_MULT: Final = 2
FINAL_FIRST_PLAYER_PP: Final = 3
DEFAULT_HUT_PP_PER_TOURIST: Final = 2  # V14 (1 = first edition)

# Fish and treasure tile values (V15: the value is the disc count, at most 3; supply unlimited).
MAX_VALUE: Final = 3

# The Rising Waters module (§14, V18).
RISING_WATER_ROUNDS: Final = (2, 4, 6, 8)  # rounds whose first player rolls the d6 countdown
SUBMERGED_AT: Final = 5  # the 5th water marker submerges an island
SUBMERGED_LOSS: Final = 3  # three submerged islands: the game ends and everyone loses
WATER_HUT_PENALTY: Final = (0, 1, 3, 5, 7)  # PP lost per hut, by water markers on its island
DIKE_COST: Final = 1
DIKES: Final = 20
