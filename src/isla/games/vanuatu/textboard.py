"""The Vanuatu text board, drawn from `view(seat)` (docs/vanuatu.md describes the view's fields).

Only the view supplies the position, so what a seat may not know (other seats' rest tokens this
round, the order of the face-down archipelago stack, the demand deck, the Paradise Hotel) cannot
reach the screen. The printed rule tables (tile capacities, demand tiles, characters) are public
knowledge, read from the game package to show capacities and needs; they carry no state.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from isla.core.textboard import board_text, seat_head, seat_name
from isla.games.vanuatu.board import CELL_BY_NAME, CELLS
from isla.games.vanuatu.data import (
    CHARACTERS,
    DEMAND_NEEDS,
    DIKES,
    GOODS,
    LINKED,
    ROUNDS,
    SPACES,
    SUBMERGED_AT,
    SUBMERGED_LOSS,
    TILE_INDEX,
    TILES,
)

_REST_WORDS = {"first": "first player", "both": "+1 vatu +1 PP", "point": "+1 PP", "coin": "+1 vatu"}
_CELL_WIDTH = 12  # characters per hex on the map; a row is shifted by half a hex per row down


def _counts(counts: Mapping[str, int], order: tuple[str, ...] = GOODS) -> str:
    parts = [f"{name} {counts[name]}" for name in order if counts.get(name)]
    return ", ".join(parts) if parts else "none"


def _turn_order(view: Mapping[str, Any]) -> list[int]:
    players = int(view.get("players") or len(view.get("seats") or []))
    first = int(view.get("first") or 0)
    return [(first + i) % players for i in range(players)] if players else []


def describe_decision(view: Mapping[str, Any]) -> str:
    """Who decides now and what the decision is, in words."""
    phase = view.get("phase") or {}
    name = phase.get("name")
    if name == "over":
        if view.get("flooded"):
            return f"The game is over: the sea took {SUBMERGED_LOSS} islands, so everyone loses (§14.5)."
        return "The game is over."
    who = seat_name(phase.get("seat"), view.get("seat"))
    preview = " and ".join((view.get("archipelago") or {}).get("preview") or [])
    what = {
        "tiles": f"place the archipelago tiles {preview}, one at a time (V8)",
        "neutral": "place a neutral marker (2 players: the first player 2, then the other 3)",
        "characters": "choose a character (then the old one goes back)",
        "planning": f"place an action marker (planning pass {int(phase.get('step') or 0) + 1} of 3)",
        "resolution": "resolve a space where it holds the majority (performing it if possible), "
        "or clear one stack without one",
        "buyer": f"take the Buyer's second {phase.get('pending')} cube from the reserve, or skip it",
        "dike": "add a dike after the hut (Rising Waters), or skip it",
        "final": "sell treasures or make the Beggar's trade before the final scoring, or finish",
    }.get(str(name), f"decide ({name})")
    return f"{who} to decide, {name} phase: {what}"


NOBONUS = ":nobonus"  # the same action without the bonus of the seat's character (§11)
_FIXED = {
    "explore": "explores the wreck for a treasure", "fish": "fishes", "rest": "rests (draws a rest token)",
    "finish": "ends its last decision", "buyer:take": "takes the Buyer's second cube",
    "buyer:skip": "skips the Buyer's second cube", "dike:skip": "builds no dike",
}
_ONE = {
    "char": "takes the {}", "neutral": "puts a neutral marker on {}", "plan": "puts an action marker on {}",
    "sail": "sails to {}", "build": "builds a hut on {}", "sell": "sells fish ({})",
    "draw": "draws in the sand on {}", "tourist": "brings a tourist to {}",
    "clear": "clears its markers from {} without acting", "cash": "sells a treasure worth {}",
    "beg": "trades {} PP for as many vatus (Beggar)",
}
_TWO = {
    "tile": ("@", "places tile {} on {}"), "buy": ("@", "buys and exports {} from {}"),
    "dike": ("@", "builds a dike on {} facing {}"),
    "govern": (":", "moves its markers from {} to {} (Governor)"),
}


def describe_action(text: str) -> str:
    """An action's notation in words, for move logs and help ("plan:fish" -> "puts an action
    marker on fish"); unknown text comes back as it is."""
    if text.endswith(NOBONUS) and text != NOBONUS:
        return describe_action(text.removesuffix(NOBONUS)) + ", without its character's bonus"
    if text in _FIXED:
        return _FIXED[text]
    verb, _, rest = text.partition(":")
    if verb in _TWO:
        sep, words = _TWO[verb]
        parts = rest.split(sep)
        return words.format(*parts) if len(parts) == 2 else text
    return _ONE[verb].format(rest) if verb in _ONE and rest else text


def _table_lines(view: Mapping[str, Any]) -> list[str]:
    lines = [f"Fish price     {view.get('fish_price')} vatus a fish point"]
    tourists = view.get("tourists") or {}
    tile = tourists.get("tile")
    left = tourists.get("left", 0)
    office = f"tile {tile}, {left} tourists left this round" if tile is not None else "empty"
    lines.append(f"Tourist office {office}; {tourists.get('stack_size', 0)} tiles in the Paradise Hotel")
    demand = view.get("demand") or {}
    lines.append(f"Demand (topmost first; deck {demand.get('deck_size', 0)}, "
                 f"discarded {', '.join(demand.get('discard') or []) or 'none'})")
    for i, entry in enumerate(demand.get("display") or [], start=1):
        needs = DEMAND_NEEDS[int(entry["tile"]) - 1]
        filled = entry.get("filled") or {}
        slots = [f"{g} {filled.get(g, 0)}/{need}" for g, need in zip(GOODS, needs, strict=True) if need]
        lines.append(f"  {i}. tile {entry['tile']:<3} {', '.join(slots)}")
    lines.append(f"Goods reserve  {_counts(view.get('reserve') or {})}")
    arch = view.get("archipelago") or {}
    preview = [f"{name} ({'island' if TILES[TILE_INDEX[name]].island else 'ocean'})"
               for name in arch.get("preview") or []]
    letters = list(reversed(arch.get("stack_letters") or []))
    lines.append(f"Archipelago    shown: {', '.join(preview) or 'none'}; face down, next first: "
                 f"{' '.join(letters) or 'none'}")
    if (view.get("options") or {}).get("rising_waters"):
        lines += textwrap.wrap(_waters_line(view), 100, subsequent_indent=" " * 15)
    return lines


def _waters_line(view: Mapping[str, Any]) -> str:
    board = view.get("board") or []
    sunk = sum(1 for t in board if int(t.get("water") or 0) >= SUBMERGED_AT)
    used = sum(len(t.get("dikes") or []) for t in board)
    countdown = view.get("countdown")
    when = f"the waters rise after {countdown} more actions" if countdown else "no flood pending this round"
    return (f"Rising Waters  {when}; dikes {used}/{DIKES} used; islands submerged {sunk} "
            f"({SUBMERGED_LOSS} end the game: everyone loses)")


def _boats(view: Mapping[str, Any]) -> dict[str, list[int]]:
    where: dict[str, list[int]] = {}
    for seat, data in enumerate(view.get("seats") or []):
        where.setdefault(str(data.get("boat")), []).append(seat)
    return where


def _map_lines(view: Mapping[str, Any]) -> list[str]:
    """A rough hex map: each hex shows its cell, its tile and a short summary."""
    placed = {str(t["cell"]): t for t in view.get("board") or []}
    boats = _boats(view)
    rows: dict[int, list[tuple[int, list[str]]]] = {}
    for q, r in CELLS:
        cell = f"{q},{r}"
        tile = placed.get(cell)
        if tile is None:
            text = [f"({cell})", ".", ""]
        elif tile["tile"] in TILE_INDEX and TILES[TILE_INDEX[tile["tile"]]].island:
            huts = sum(tile.get("huts") or [])
            water = int(tile.get("water") or 0)
            summary = "sunk" if water >= SUBMERGED_AT else f"{huts}h {tile.get('tourists', 0)}t" + (
                f" w{water}" if water else "")
            text = [f"({cell})", str(tile["tile"]).upper(), summary]
        else:
            name = str(tile["tile"]).replace("start-", "s-")
            aboard = "".join(str(s) for s in boats.get(str(tile["tile"]), []))
            text = [f"({cell})", name, f"{tile.get('fish', 0)}f{tile.get('treasure', 0)}x"
                    + (f" b{aboard}" if aboard else "")]
        rows.setdefault(r, []).append((2 * q - r, text))
    left = min(x for row in rows.values() for x, _ in row)
    half = _CELL_WIDTH // 2
    lines = ["Map (islands in CAPITALS: huts h, tourists t, water w; oceans: fish f, treasure x, "
             "boats b + seats)"]
    for r in sorted(rows):
        for k in range(3):
            line = ""
            for x, text in rows[r]:
                line = line.ljust(2 + (x - left) * half) + text[k].center(_CELL_WIDTH)[:_CELL_WIDTH]
            lines.append(line.rstrip())
    return lines


def _tile_lines(view: Mapping[str, Any]) -> list[str]:
    boats = _boats(view)
    players = len(view.get("seats") or [])
    lines = ["Tiles"]
    for t in sorted(view.get("board") or [], key=lambda t: CELL_BY_NAME.get(str(t["cell"]), 0)):
        data = TILES[TILE_INDEX[t["tile"]]]
        head = f"  {t['cell']:<5} {t['tile']:<12}"
        if data.island:
            if int(t.get("water") or 0) >= SUBMERGED_AT:
                lines.append(head + "island, submerged: nothing left on it")
                continue
            huts = t.get("huts") or [0] * players
            owners = ", ".join(f"seat {s} {h}" for s, h in enumerate(huts) if h) or "none"
            lines.append(head + f"island  huts {sum(huts)}/{data.huts} ({owners}); "
                         f"drawings {t.get('drawings', 0)}/{data.drawings}; "
                         f"tourists {t.get('tourists', 0)}/{data.tourists}")
            line = " " * 27 + f"goods {_counts(t.get('goods') or {})}"
            if (view.get("options") or {}).get("rising_waters"):
                dikes = ", ".join(t.get("dikes") or []) or "none"
                line += f"; water {t.get('water', 0)}/{SUBMERGED_AT}, dikes toward {dikes}"
        else:
            aboard = ", ".join(f"seat {s}" for s in boats.get(str(t["tile"]), [])) or "none"
            line = head + f"ocean   fish {t.get('fish', 0)}, treasure {t.get('treasure', 0)}; boats: {aboard}"
        lines.append(line)
    return lines


def _space_lines(view: Mapping[str, Any]) -> list[str]:
    order = _turn_order(view)
    seats = view.get("seats") or []
    neutral = view.get("neutral") or {}
    lines = [f"Action spaces (markers in turn order {', '.join(str(s) for s in order)}: "
             "a tie goes to the earlier seat)"]
    for number, space in enumerate(SPACES, start=1):
        marks = [f"seat {s} {seats[s]['markers'][space]}" for s in order
                 if s < len(seats) and (seats[s].get("markers") or {}).get(space)]
        if neutral.get(space):
            marks.append(f"neutral {neutral[space]}")
        lines.append(f"  {number}. {space:<8} {', '.join(marks) or '-'}")
    return lines


def _character_lines(view: Mapping[str, Any]) -> list[str]:
    if (view.get("options") or {}).get("characters") == "off":
        return ["Characters     not used (no-character mode)"]
    offer = view.get("offer") or []
    if offer:
        text = f"Characters offered: {', '.join(offer)}"
    elif view.get("players") == 2:
        seen = ", ".join(view.get("seen") or []) or "none yet"
        text = f"Characters: 5 offered each round, none of the 5 seen last round (seen: {seen})"
    else:
        held = {data.get("character") for data in view.get("seats") or []}
        text = f"Characters free: {', '.join(c for c in CHARACTERS if c not in held) or 'none'}"
    return textwrap.wrap(text, 100, subsequent_indent="    ")


def _seat_lines(view: Mapping[str, Any], seat: int, data: Mapping[str, Any]) -> list[str]:
    head = seat_head(view, seat, ("first", "first player"))
    character = data.get("character")
    if character:
        linked = LINKED[CHARACTERS.index(character)] if character in CHARACTERS else -1
        link = f", linked to {SPACES[linked]}" if linked >= 0 else ""
        power = "used this round" if data.get("used") else "unused"
        who = f"; {character}{link} (power {power})"
    else:
        who = ""
    lines = [f"{head}: {data.get('vatus', 0)} vatus, {data.get('pp', 0)} PP; boat on {data.get('boat')}{who}"]
    fish = data.get("fish") or []
    treasures = data.get("treasures") or []
    rest = data.get("rest")
    token = "none" if rest is None else "drawn, hidden until the round ends" if rest == "hidden" else (
        f"{rest} ({_REST_WORDS.get(str(rest), '')})")
    lost = f", {data['huts_lost']} lost to the sea" if data.get("huts_lost") else ""
    lines.append(f"    fish {' '.join(map(str, fish)) or 'none'}; "
                 f"treasures {' '.join(map(str, treasures)) or 'none'}; "
                 f"huts {data.get('huts_left', 0)} in supply{lost}; rest token {token}")
    markers = data.get("markers") or {}
    done = data.get("done") or []
    plan = f"    markers {_counts(markers, SPACES)} ({data.get('placed', 0)}/5 placed)"
    if done:
        plan += f"; resolved this round: {', '.join(done)}"
    if data.get("governed"):
        plan += f"; Governor moved markers to {data['governed']}"
    lines.append(plan)
    return lines


def render(view: Mapping[str, Any]) -> str:
    """The whole board as `view["seat"]` sees it (None: a spectator)."""
    title = (f"Vanuatu, {view.get('players')} players, round {view.get('round')} of {ROUNDS}, "
             f"first player seat {view.get('first')}")
    seats: list[str] = []
    for seat, data in enumerate(view.get("seats") or []):
        seats += _seat_lines(view, seat, data)
    sections = [
        _table_lines(view),
        [*_map_lines(view), *_tile_lines(view)],
        [*_space_lines(view), *_character_lines(view)],
        seats,
    ]
    return board_text(view, title, describe_decision(view), sections)
