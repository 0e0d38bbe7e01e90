"""The Puerto Rico text board, drawn from `view(seat)` (see docs/state.md for the view's fields).

Only the view supplies the position. The static rule table (`data.BUILDINGS`: cost, VP, circles,
size) is public knowledge printed on the board, so it is read from the game package to show
circles and printed prices; it carries no state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from isla.core.textboard import board_text, seat_head, seat_name
from isla.games.puertorico.data import (
    BUILDINGS,
    CITY_SPACES,
    GOODS,
    ISLAND_SPACES,
    TILE_KINDS,
    printed_costs,
)
from isla.games.puertorico.nouns import count

_BY_NAME = {b.name: (i, b) for i, b in enumerate(BUILDINGS)}


def _counts_text(counts: Mapping[str, int], order: tuple[str, ...]) -> str:
    parts = [f"{name} {counts[name]}" for name in order if counts.get(name)]
    return ", ".join(parts) if parts else "none"


def _printed_cost(name: str, balanced: bool) -> int:
    return printed_costs(balanced)[_BY_NAME[name][0]]


def describe_decision(view: Mapping[str, Any]) -> str:
    """Who decides now and what the decision is, in words."""
    phase = view.get("phase") or {}
    name = phase.get("name")
    me = view.get("seat")
    if name == "over":
        return "The game is over."
    who = seat_name(phase.get("seat"), me)
    chooser = phase.get("chooser")
    by = f" (role taken by {seat_name(chooser, me)})" if chooser is not None else ""
    what = {
        "role": "choose a role",
        "settler": "take a face-up plantation or a quarry, or pass" + (
            " (hacienda already used)" if phase.get("hacienda_used") else ""
        ),
        "hospice": f"hospice: take a colonist onto the new {phase.get('tile')} tile, or pass",
        "mayor": "mayor's privilege: take one extra colonist from the supply, or refuse it",
        "place": "mayor: place colonists from San Juan one at a time, in the listed order "
        f"(next target allowed: {phase.get('next_target')} or later); place:done keeps the rest in San Juan",
        "builder": "build one building, or pass",
        "university": f"university: take a colonist onto the new {phase.get('building')}, or pass",
        "craftsman": "craftsman's privilege: take one extra barrel of a kind produced "
        f"({', '.join(phase.get('produced') or []) or 'none'}), or pass",
        "trader": "sell one good to the trading house, or pass",
        "captain": "load one kind of good onto a cargo ship (or with the wharf)",
        "store": "store goods in warehouses, one kind at a time, in good order"
        + (f" (next allowed: {phase['next_good']} or later)" if phase.get("next_good") else "")
        + "; store:done ends storing",
        "keep": "keep one barrel on the wind rose; every other unstored barrel is lost",
    }.get(str(name), f"decide ({name})")
    return f"{who} to decide, {name} phase{by}: {what}"


def describe_action(text: str) -> str:
    """An action's notation in words, for move logs ("role:builder" -> "takes the builder role")."""
    head, _, rest = text.partition(":")
    arg, _, extra = rest.partition(":")
    if head == "role":
        return f"takes the {arg} role"
    if head == "settle":
        if arg == "pass":
            return "takes no plantation"
        return "takes a quarry" if arg == "quarry" else f"takes a {arg} plantation"
    if head == "hacienda":
        return "draws a face-down plantation with the hacienda"
    if head in ("hospice", "university"):
        taken = "takes" if arg == "take" else "declines"
        return f"{taken} a colonist for the new {'tile' if head == 'hospice' else 'building'} ({head})"
    if head == "mayor":
        return "takes the mayor's extra colonist" if arg == "take" else "refuses the mayor's extra colonist"
    if head == "place":
        return "ends placing (the rest stay in San Juan)" if arg == "done" else f"places a colonist on {arg}"
    if head == "build":
        return "builds nothing" if arg == "pass" else f"builds a {arg}"
    if head == "bonus":
        return "takes no extra barrel" if arg == "pass" else f"takes an extra {arg} barrel (craftsman)"
    if head == "sell":
        return "sells nothing" if arg == "pass" else f"sells {arg}"
    if head == "ship":
        if arg == "pass":
            return "cannot load anything"
        if extra == "wharf":
            return f"ships {arg} with the wharf"
        return f"loads {arg} onto the {extra}-barrel ship"
    if head == "store":
        return "ends storing" if arg == "done" else f"stores {arg} in a warehouse"
    if head == "keep":
        return "keeps no barrel" if arg == "none" else f"keeps one {arg} barrel"
    return text


def _table_lines(view: Mapping[str, Any]) -> list[str]:
    lines = ["Roles"]
    for role, card in (view.get("roles") or {}).items():
        taken = card.get("taken_by")
        money = card.get("doubloons", 0)
        state = f"taken by seat {taken}" if taken is not None else "available"
        bonus = f", {count(money, 'doubloon')} on it" if money else ""
        lines.append(f"  {role:<12} {state}{bonus}")
    colonists = view.get("colonists") or {}
    lines.append(
        f"Colonists      ship {colonists.get('ship', 0)}, supply {colonists.get('supply', 0)}"
    )
    lines.append(f"VP chips       {view.get('vp_supply', 0)} left in the supply")
    lines.append(f"Goods supply   {_counts_text(view.get('goods') or {}, GOODS)}")
    ships = []
    for ship in view.get("ships") or []:
        cap = ship.get("capacity")
        load = ship.get("load", 0)
        ships.append(f"[{cap}] {load}/{cap} {ship['good']}" if ship.get("good") else f"[{cap}] empty")
    lines.append("Cargo ships    " + ", ".join(ships))
    house = view.get("trading_house") or []
    lines.append(f"Trading house  {', '.join(house) if house else 'empty'} ({len(house)}/4)")
    tiles = view.get("plantations") or {}
    face_up = tiles.get("face_up") or []
    lines.append(
        f"Plantations    face up: {', '.join(face_up) if face_up else 'none'}; "
        f"{tiles.get('stack_size', 0)} face down, {len(tiles.get('discard') or [])} discarded"
    )
    lines.append(f"Quarries       {view.get('quarries', 0)} left")
    triggers = view.get("end_triggers") or []
    if triggers:
        lines.append(f"Game end       triggered by {', '.join(triggers)}: this is the last round")
    return lines


def _seat_lines(view: Mapping[str, Any], seat: int, data: Mapping[str, Any]) -> list[str]:
    head = seat_head(view, seat, ("governor", "governor"))
    vp = f"{count(data['vp'], 'VP chip')}" if "vp" in data else "VP chips hidden"
    lines = [f"{head}: {count(data.get('doubloons', 0), 'doubloon')}, {vp}"]
    lines.append(f"    goods     {_counts_text(data.get('goods') or {}, GOODS)}")
    island = data.get("island") or {}
    occupied = data.get("occupied") or {}
    tiles_total = sum(island.values())
    tiles = [f"{k} {occupied.get(k, 0)}/{island[k]}" for k in TILE_KINDS if island.get(k)]
    lines.append(
        f"    island    {tiles_total}/{ISLAND_SPACES} tiles"
        + (f": {', '.join(tiles)} (colonists/tiles)" if tiles else "")
    )
    city = data.get("city") or {}
    spaces = 0
    built = []
    for name, colonists in city.items():
        _, building = _BY_NAME[name]
        spaces += building.size
        built.append(f"{name} {colonists}/{building.circles}")
    lines.append(
        f"    city      {spaces}/{CITY_SPACES} spaces"
        + (f": {', '.join(built)} (colonists/circles)" if built else "")
    )
    lines.append(f"    San Juan  {count(data.get('san_juan', 0), 'colonist')}")
    return lines


def _supply_lines(view: Mapping[str, Any]) -> list[str]:
    """The building supply in two side-by-side halves (board order), so it fits one screen."""
    me = view.get("seat")
    costs = view.get("building_costs")
    balanced = bool((view.get("options") or {}).get("balanced"))
    supply = view.get("buildings") or {}
    pays_head = f" {'pays':>4}" if costs else ""
    head = f"{'building':<18} {'left':>4} {'cost':>4}{pays_head} {'VP':>2} {'circles':>7}"
    cells = []
    for building in BUILDINGS:
        name = building.name + ("*" if building.size == 2 else "")
        pays = f" {costs[building.name]:>4}" if costs else ""
        cells.append(
            f"{name:<18} {supply.get(building.name, 0):>4} {_printed_cost(building.name, balanced):>4}"
            f"{pays} {building.vp:>2} {building.circles:>7}"
        )
    half = (len(cells) + 1) // 2
    width = len(head) + 4
    lines = [
        "Buildings for sale"
        + (f" ('pays': what seat {me} would pay now)" if costs else "")
        + "; * = large (2 city spaces)",
        "  " + head.ljust(width) + head,
    ]
    for row in range(half):
        right = cells[row + half] if row + half < len(cells) else ""
        lines.append(("  " + cells[row].ljust(width) + right).rstrip())
    return lines


def render(view: Mapping[str, Any]) -> str:
    """The whole board as `view["seat"]` sees it (None: a spectator)."""
    players = view.get("players", len(view.get("seats") or []))
    title = f"Puerto Rico, {players} players, round {view.get('round')}, governor seat {view.get('governor')}"
    seats: list[str] = []
    for seat, data in enumerate(view.get("seats") or []):
        seats += _seat_lines(view, seat, data)
    return board_text(view, title, describe_decision(view), [_table_lines(view), seats, _supply_lines(view)])
