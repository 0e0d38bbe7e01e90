"""Puerto Rico rule data: goods, tiles, buildings, roles and the setup tables by player count.

Everything here is a fact from `rules/puerto-rico.md` (section numbers in comments). Indices are small
ints so the hot path can use flat lists; names are the notation words (see docs/notation.md).
"""

from __future__ import annotations

from typing import Final, NamedTuple

# Goods (and plantation kinds); the index is also the trading-house price (§1).
CORN, INDIGO, SUGAR, TOBACCO, COFFEE = range(5)
GOODS: Final = ("corn", "indigo", "sugar", "tobacco", "coffee")
N_GOODS: Final = 5
QUARRY: Final = 5
TILE_KINDS: Final = ("corn", "indigo", "sugar", "tobacco", "coffee", "quarry")
N_TILE_KINDS: Final = 6
ISLAND_SPACES: Final = 12
CITY_SPACES: Final = 12

# Roles (§3.2). The fifth player count brings a second prospector card.
SETTLER, MAYOR, BUILDER, CRAFTSMAN, TRADER, CAPTAIN, PROSPECTOR, PROSPECTOR2 = range(8)
ROLES: Final = ("settler", "mayor", "builder", "craftsman", "trader", "captain", "prospector", "prospector2")


class Building(NamedTuple):
    name: str
    cost: int
    vp: int
    column: int  # the column on the board = the maximum quarry discount
    circles: int
    copies: int  # copies with 3-5 players
    copies_2p: int
    size: int  # city spaces
    produces: int  # good index for production buildings, -1 for violet buildings


# §4, in board order: production buildings, then column 1..4 violet buildings.
BUILDINGS: Final = (
    Building("small-indigo-plant", 1, 1, 1, 1, 4, 2, 1, INDIGO),
    Building("small-sugar-mill", 2, 1, 1, 1, 4, 2, 1, SUGAR),
    Building("indigo-plant", 3, 2, 2, 3, 3, 2, 1, INDIGO),
    Building("sugar-mill", 4, 2, 2, 3, 3, 2, 1, SUGAR),
    Building("tobacco-storage", 5, 3, 3, 3, 3, 2, 1, TOBACCO),
    Building("coffee-roaster", 6, 3, 3, 2, 3, 2, 1, COFFEE),
    Building("small-market", 1, 1, 1, 1, 2, 1, 1, -1),
    Building("hacienda", 2, 1, 1, 1, 2, 1, 1, -1),
    Building("construction-hut", 2, 1, 1, 1, 2, 1, 1, -1),
    Building("small-warehouse", 3, 1, 1, 1, 2, 1, 1, -1),
    Building("hospice", 4, 2, 2, 1, 2, 1, 1, -1),
    Building("office", 5, 2, 2, 1, 2, 1, 1, -1),
    Building("large-market", 5, 2, 2, 1, 2, 1, 1, -1),
    Building("large-warehouse", 6, 2, 2, 1, 2, 1, 1, -1),
    Building("factory", 7, 3, 3, 1, 2, 1, 1, -1),
    Building("university", 8, 3, 3, 1, 2, 1, 1, -1),
    Building("harbor", 8, 3, 3, 1, 2, 1, 1, -1),
    Building("wharf", 9, 3, 3, 1, 2, 1, 1, -1),
    Building("guild-hall", 10, 4, 4, 1, 1, 1, 2, -1),
    Building("residence", 10, 4, 4, 1, 1, 1, 2, -1),
    Building("fortress", 10, 4, 4, 1, 1, 1, 2, -1),
    Building("customs-house", 10, 4, 4, 1, 1, 1, 2, -1),
    Building("city-hall", 10, 4, 4, 1, 1, 1, 2, -1),
)
N_BUILDINGS: Final = len(BUILDINGS)
BUILDING_INDEX: Final = {b.name: i for i, b in enumerate(BUILDINGS)}
(
    SMALL_INDIGO_PLANT, SMALL_SUGAR_MILL, INDIGO_PLANT, SUGAR_MILL, TOBACCO_STORAGE, COFFEE_ROASTER,
    SMALL_MARKET, HACIENDA, CONSTRUCTION_HUT, SMALL_WAREHOUSE, HOSPICE, OFFICE, LARGE_MARKET,
    LARGE_WAREHOUSE, FACTORY, UNIVERSITY, HARBOR, WHARF,
    GUILD_HALL, RESIDENCE, FORTRESS, CUSTOMS_HOUSE, CITY_HALL,
) = range(N_BUILDINGS)
LARGE_BUILDINGS: Final = (GUILD_HALL, RESIDENCE, FORTRESS, CUSTOMS_HOUSE, CITY_HALL)
SMALL_PRODUCTION: Final = (SMALL_INDIGO_PLANT, SMALL_SUGAR_MILL)
LARGE_PRODUCTION: Final = (INDIGO_PLANT, SUGAR_MILL, TOBACCO_STORAGE, COFFEE_ROASTER)
# Production buildings of each good (corn needs none).
PRODUCERS: Final = ((), (SMALL_INDIGO_PLANT, INDIGO_PLANT), (SMALL_SUGAR_MILL, SUGAR_MILL),
                    (TOBACCO_STORAGE,), (COFFEE_ROASTER,))
# Balanced variant (§2.4, ruling R14): factory and university prices swapped.
BALANCED_COSTS: Final = {FACTORY: 8, UNIVERSITY: 7}


def printed_costs(balanced: bool) -> tuple[int, ...]:
    """Each building's printed price, by index, in the standard game or the balanced variant."""
    return tuple(BALANCED_COSTS.get(i, b.cost) if balanced else b.cost for i, b in enumerate(BUILDINGS))


def price(printed: int, quarries: int, column: int, builder: bool) -> int:
    """B2, the one formula for what a building costs: its printed price, less one doubloon per
    occupied quarry up to the building's column, less one for the builder; never below 0."""
    cost = printed - (quarries if quarries < column else column) - (1 if builder else 0)
    return cost if cost > 0 else 0
# Factory bonus by number of kinds produced (§5).
FACTORY_BONUS: Final = (0, 0, 1, 2, 3, 5)


class Setup(NamedTuple):
    doubloons: int
    starting: tuple[int, ...]  # starting plantation by seat from the governor
    face_up: int
    quarries: int
    vp_supply: int
    colonists_supply: int
    colonists_ship: int
    ships: tuple[int, ...]
    roles: tuple[int, ...]
    goods: tuple[int, ...]  # goods supply by kind
    plantations: tuple[int, ...]  # plantation tiles in the game by kind, before starting tiles
    picks: int  # role picks per round (3-5 players: one each)


_BASE_ROLES = (SETTLER, MAYOR, BUILDER, CRAFTSMAN, TRADER, CAPTAIN)
_ALL_GOODS = (10, 11, 11, 9, 9)
_ALL_PLANTATIONS = (10, 12, 11, 9, 8)

# §2.1 master table.
SETUPS: Final = {
    2: Setup(3, (INDIGO, CORN), 3, 5, 65, 40, 2, (4, 6), (*_BASE_ROLES, PROSPECTOR),
             (8, 9, 9, 7, 7), (7, 9, 8, 6, 5), 6),
    3: Setup(2, (INDIGO, INDIGO, CORN), 4, 8, 75, 55, 3, (4, 5, 6), _BASE_ROLES,
             _ALL_GOODS, _ALL_PLANTATIONS, 3),
    4: Setup(3, (INDIGO, INDIGO, CORN, CORN), 5, 8, 100, 75, 4, (5, 6, 7), (*_BASE_ROLES, PROSPECTOR),
             _ALL_GOODS, _ALL_PLANTATIONS, 4),
    5: Setup(4, (INDIGO, INDIGO, INDIGO, CORN, CORN), 6, 8, 122, 95, 5, (6, 7, 8),
             (*_BASE_ROLES, PROSPECTOR, PROSPECTOR2), _ALL_GOODS, _ALL_PLANTATIONS, 5),
}
# Craftsman Angst (§2.3): governor 3 picks, opponent 2.
CRAFTSMAN_ANGST_PICKS: Final = 5
