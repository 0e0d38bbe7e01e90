"""The Puerto Rico text board, drawn from `view(seat)` (see docs/state.md for the view's fields).

Only the view supplies the position. The static rule table (`data.BUILDINGS`: cost, VP, circles,
size) is public knowledge printed on the board, so it is read from the game package to show
circles and printed prices; it carries no state.

Its words are structured (isla.core.textboard): sentences are `tell` messages of the game's text
domain (beside its log's), pieces are `Term`s of its term catalog whose English is the notation's
own word, so the English board reads as the notation and `isla play --lang` shows the rest in
the player's language. Nothing here reads a catalog.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from isla.core.said import Term, joined, tell, tell_n
from isla.core.textboard import (
    Cell,
    Row,
    board_lines,
    listed,
    nothing,
    seat_head,
    seat_line,
    seat_name,
    terms,
)
from isla.games.puertorico.data import (
    BUILDINGS,
    CITY_SPACES,
    GOODS,
    ISLAND_SPACES,
    TILE_KINDS,
    printed_costs,
)

_BY_NAME = {b.name: (i, b) for i, b in enumerate(BUILDINGS)}


_role, _good, _building, _tile = terms("role"), terms("good"), terms("building"), terms("tile")


def _doubloons(n: int) -> str:
    return tell_n("{n} doubloon", "{n} doubloons", n)


def _counts_text(counts: Mapping[str, int], order: tuple[str, ...]) -> int | str:
    parts: list[int | str] = [Row(_good(name), f" {counts[name]}") for name in order if counts.get(name)]
    return listed(parts, nothing())


def _printed_cost(name: str, balanced: bool) -> int:
    return printed_costs(balanced)[_BY_NAME[name][0]]


_PHASES = {
    "role": "role phase", "settler": "settler phase", "hospice": "hospice phase", "mayor": "mayor phase",
    "place": "place phase", "builder": "builder phase", "university": "university phase",
    "craftsman": "craftsman phase", "trader": "trader phase", "captain": "captain phase",
    "store": "store phase", "keep": "keep phase",
}


def _what(phase: Mapping[str, Any]) -> str:
    """The decision of the phase in words."""
    name = str(phase.get("name"))
    if name == "role":
        return tell("choose a role")
    if name == "settler":
        if phase.get("hacienda_used"):
            return tell("take a face-up plantation or a quarry, or pass (hacienda already used)")
        return tell("take a face-up plantation or a quarry, or pass")
    if name == "hospice":
        return tell("hospice: take a colonist onto the new {tile} tile, or pass",
                    tile=_tile(phase.get("tile")))
    if name == "mayor":
        return tell("mayor's privilege: take one extra colonist from the supply, or refuse it")
    if name == "place":
        return tell("mayor: place colonists from San Juan one at a time, in the listed order (next target "
                    "allowed: {target} or later); place:done keeps the rest in San Juan",
                    target=str(phase.get("next_target")))
    if name == "builder":
        return tell("build one building, or pass")
    if name == "university":
        return tell("university: take a colonist onto the new {building}, or pass",
                    building=_building(phase.get("building")))
    if name == "craftsman":
        produced = [_good(g) for g in phase.get("produced") or []]
        return tell("craftsman's privilege: take one extra barrel of a kind produced ({goods}), or pass",
                    goods=listed(produced, nothing()))
    if name == "trader":
        return tell("sell one good to the trading house, or pass")
    if name == "captain":
        return tell("load one kind of good onto a cargo ship (or with the wharf)")
    if name == "store":
        if phase.get("next_good"):
            return tell("store goods in warehouses, one kind at a time, in good order (next allowed: {good} "
                        "or later); store:done ends storing", good=_good(phase["next_good"]))
        return tell("store goods in warehouses, one kind at a time, in good order; store:done ends storing")
    if name == "keep":
        return tell("keep one barrel on the wind rose; every other unstored barrel is lost")
    return tell("decide ({phase})", phase=name)


def describe_decision(view: Mapping[str, Any]) -> str:
    """Who decides now and what the decision is, in words."""
    phase = view.get("phase") or {}
    name = phase.get("name")
    me = view.get("seat")
    if name == "over":
        return tell("The game is over.")
    who = seat_name(phase.get("seat"), me)
    called = (Term(f"phase.{name}", _PHASES[name]) if name in _PHASES
              else tell("{phase} phase", phase=str(name)))
    chooser = phase.get("chooser")
    if chooser is not None:
        return tell("{who} to decide, {phase} (role taken by {chooser}): {what}",
                    who=who, phase=called, chooser=seat_name(chooser, me), what=_what(phase))
    return tell("{who} to decide, {phase}: {what}", who=who, phase=called, what=_what(phase))


def describe_action(text: str) -> str:
    """An action's notation in words, for move logs ("role:builder" -> "takes the builder role")."""
    head, _, rest = text.partition(":")
    arg, _, extra = rest.partition(":")
    if head == "role":
        return tell("takes the {role} role", role=_role(arg))
    if head == "settle":
        if arg == "pass":
            return tell("takes no plantation")
        if arg == "quarry":
            return tell("takes a quarry")
        return tell("takes a {tile} plantation", tile=_tile(arg))
    if head == "hacienda":
        return tell("draws a face-down plantation with the hacienda")
    if head == "hospice":
        return tell("takes a colonist for the new tile (hospice)") if arg == "take" else tell(
            "declines a colonist for the new tile (hospice)")
    if head == "university":
        return tell("takes a colonist for the new building (university)") if arg == "take" else tell(
            "declines a colonist for the new building (university)")
    if head == "mayor":
        return tell("takes the mayor's extra colonist") if arg == "take" else tell(
            "refuses the mayor's extra colonist")
    if head == "place":
        if arg == "done":
            return tell("ends placing (the rest stay in San Juan)")
        return tell("places a colonist on {target}", target=_target(arg))
    if head == "build":
        if arg == "pass":
            return tell("builds nothing")
        return tell("builds a {building}", building=_building(arg))
    if head == "bonus":
        return tell("takes no extra barrel") if arg == "pass" else tell(
            "takes an extra {good} barrel (craftsman)", good=_good(arg))
    if head == "sell":
        return tell("sells nothing") if arg == "pass" else tell("sells {good}", good=_good(arg))
    if head == "ship":
        if arg == "pass":
            return tell("cannot load anything")
        if extra == "wharf":
            return tell("ships {good} with the wharf", good=_good(arg))
        return tell("loads {good} onto the {size}-barrel ship", good=_good(arg), size=extra)
    if head == "store":
        if arg == "done":
            return tell("ends storing")
        return tell("stores {good} in a warehouse", good=_good(arg))
    if head == "keep":
        return tell("keeps no barrel") if arg == "none" else tell("keeps one {good} barrel", good=_good(arg))
    return text


def _target(name: str) -> str:
    """A place a colonist goes to: a building, or an island tile's kind."""
    if name in _BY_NAME:
        return _building(name)
    return _tile(name) if name in TILE_KINDS else name


LABEL = 15  # the width of the labels on the left of the table's lines


def _table_lines(view: Mapping[str, Any]) -> list[str]:
    # i18n: A heading of the text board: the role cards and what lies on them.
    lines: list[str] = [tell("Roles")]
    for role, card in (view.get("roles") or {}).items():
        taken = card.get("taken_by")
        money = card.get("doubloons", 0)
        state = tell("taken by seat {seat}", seat=taken) if taken is not None else tell("available")
        bonus = tell(", {doubloons} on it", doubloons=_doubloons(money)) if money else ""
        lines.append(Row("  ", (_role(role), 12), " ", state, bonus))
    colonists = view.get("colonists") or {}
    lines.append(Row((tell("Colonists"), LABEL), tell(
        "ship {ship}, supply {supply}", ship=colonists.get("ship", 0), supply=colonists.get("supply", 0))))
    lines.append(Row((tell("VP chips"), LABEL), tell("{n} left in the supply", n=view.get("vp_supply", 0))))
    lines.append(Row((tell("Goods supply"), LABEL), _counts_text(view.get("goods") or {}, GOODS)))
    ships: list[int | str] = []
    for ship in view.get("ships") or []:
        cap = ship.get("capacity")
        load = ship.get("load", 0)
        ships.append(Row(f"[{cap}] {load}/{cap} ", _good(ship["good"])) if ship.get("good")
                     else tell("[{size}] empty", size=cap))
    lines.append(Row((tell("Cargo ships"), LABEL), listed(ships, "")))
    house = view.get("trading_house") or []
    lines.append(Row((tell("Trading house"), LABEL), listed([_good(g) for g in house], tell("empty")),
                     f" ({len(house)}/4)"))
    tiles = view.get("plantations") or {}
    face_up: list[int | str] = [_tile(kind) for kind in tiles.get("face_up") or []]
    lines.append(Row((tell("Plantations"), LABEL), tell(
        "face up: {tiles}; {stack} face down, {discard} discarded", tiles=listed(face_up, nothing()),
        stack=tiles.get("stack_size", 0), discard=len(tiles.get("discard") or []))))
    lines.append(Row((tell("Quarries"), LABEL), tell("{n} left", n=view.get("quarries", 0))))
    triggers = view.get("end_triggers") or []
    if triggers:
        lines.append(Row((tell("Game end"), LABEL), tell("triggered by {triggers}: this is the last round",
                                                          triggers=", ".join(triggers))))
    return lines


SEAT_LABEL = 10  # the width of the labels of a seat's lines, after their indent


def _seat_lines(view: Mapping[str, Any], seat: int, data: Mapping[str, Any]) -> list[str]:
    head = seat_head(view, seat, ("governor", Term("place.governor", "governor")))
    vp = tell_n("{n} VP chip", "{n} VP chips", data["vp"]) if "vp" in data else tell("VP chips hidden")
    lines: list[str] = [seat_line(head, joined([_doubloons(data.get("doubloons", 0)), vp], "comma"))]
    lines.append(Row("    ", (tell("goods"), SEAT_LABEL), _counts_text(data.get("goods") or {}, GOODS)))
    island = data.get("island") or {}
    occupied = data.get("occupied") or {}
    tiles_total = sum(island.values())
    tiles: list[int | str] = [Row(_tile(k), f" {occupied.get(k, 0)}/{island[k]}") for k in TILE_KINDS
                              if island.get(k)]
    spread = tell("{n}/{spaces} tiles", n=tiles_total, spaces=ISLAND_SPACES)
    lines.append(Row("    ", (tell("island"), SEAT_LABEL), spread,
                     tell(": {tiles} (colonists/tiles)", tiles=joined(tiles, "comma")) if tiles else ""))
    city = data.get("city") or {}
    spaces = 0
    built: list[int | str] = []
    for name, colonists in city.items():
        _, building = _BY_NAME[name]
        spaces += building.size
        built.append(Row(_building(name), f" {colonists}/{building.circles}"))
    used = tell("{n}/{spaces} spaces", n=spaces, spaces=CITY_SPACES)
    listed = tell(": {buildings} (colonists/circles)", buildings=joined(built, "comma")) if built else ""
    lines.append(Row("    ", (tell("city"), SEAT_LABEL), used, listed))
    lines.append(Row("    ", (Term("place.san-juan", "San Juan"), SEAT_LABEL),
                     tell_n("{n} colonist", "{n} colonists", data.get("san_juan", 0))))
    return lines


NAME = 18  # the width of a building's name in the supply


def _supply_lines(view: Mapping[str, Any]) -> list[str]:
    """The building supply in two side-by-side halves (board order), so it fits one screen."""
    me = view.get("seat")
    costs = view.get("building_costs")
    balanced = bool((view.get("options") or {}).get("balanced"))
    supply = view.get("buildings") or {}
    # i18n: The headings of the columns of the building supply on the text board (keep them short).
    heads: list[Cell] = [(tell("building"), NAME), " ", (tell("left"), -4), " ", (tell("cost"), -4)]
    if costs:
        heads += [" ", (tell("pays"), -4)]
    heads += [" ", (tell("VP"), -2), " ", (tell("circles"), -7)]
    head = Row(*heads)
    cells: list[int | str] = []
    for building in BUILDINGS:
        name = Row(_building(building.name), "*") if building.size == 2 else _building(building.name)
        pays = f" {costs[building.name]:>4}" if costs else ""
        cost = _printed_cost(building.name, balanced)
        cells.append(Row((name, NAME), f" {supply.get(building.name, 0):>4} {cost:>4}{pays} "
                                       f"{building.vp:>2} {building.circles:>7}"))
    half = (len(cells) + 1) // 2
    width = len(head) + 4
    lines: list[str] = [
        tell("Buildings for sale ('pays': what seat {seat} would pay now); * = large (2 city spaces)",
             seat=str(me)) if costs else tell("Buildings for sale; * = large (2 city spaces)"),
        Row("  ", (head, width), head),
    ]
    for row in range(half):
        right = cells[row + half] if row + half < len(cells) else ""
        lines.append(Row("  ", (cells[row], width), right, strip=True))
    return lines


def render(view: Mapping[str, Any]) -> str:
    """The whole board as `view["seat"]` sees it (None: a spectator)."""
    return "\n".join(lines(view))


def lines(view: Mapping[str, Any]) -> list[str]:
    """The board as structured lines (isla.core.textboard), each line's str its English."""
    players = view.get("players", len(view.get("seats") or []))
    title = tell("Puerto Rico, {players} players, round {round}, governor seat {governor}", players=players,
                 round=str(view.get("round")), governor=str(view.get("governor")))
    seats: list[str] = []
    for seat, data in enumerate(view.get("seats") or []):
        seats += _seat_lines(view, seat, data)
    return board_lines(view, title, describe_decision(view), [_table_lines(view), seats, _supply_lines(view)])
