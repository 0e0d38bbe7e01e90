"""The Vanuatu text board, drawn from `view(seat)` (docs/vanuatu.md describes the view's fields).

Only the view supplies the position, so what a seat may not know (other seats' rest tokens this
round, the order of the face-down archipelago stack, the demand deck, the Paradise Hotel) cannot
reach the screen. The printed rule tables (tile capacities, demand tiles, characters) are public
knowledge, read from the game package to show capacities and needs; they carry no state.

Its words are structured (isla.core.textboard), as Puerto Rico's are: sentences are `tell`
messages of the game's text domain, pieces (actions, characters, goods) `Term`s of its term
catalog whose English is the notation's word; tile names and cells stay as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from isla.core.said import Term, joined, tell
from isla.core.textboard import (
    Row,
    Wrapped,
    board_lines,
    listed,
    nothing,
    seat_head,
    seat_line,
    seat_name,
    terms,
)
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

_CELL_WIDTH = 12  # characters per hex on the map; a row is shifted by half a hex per row down
LABEL = 15  # the width of the labels on the left of the table's lines


_space, _character, _good = terms("action"), terms("character"), terms("good")


def _rest_words(token: str) -> str:
    """What a rest token gives, in words."""
    if token == "first":
        return Term("place.first-player", "first player")
    return {"both": "+1 vatu +1 PP", "point": "+1 PP", "coin": "+1 vatu"}.get(token, "")


def _counts(counts: Mapping[str, int], order: tuple[str, ...] = GOODS, term: Any = _good) -> int | str:
    return listed([Row(term(name), f" {counts[name]}") for name in order if counts.get(name)])


def _turn_order(view: Mapping[str, Any]) -> list[int]:
    players = int(view.get("players") or len(view.get("seats") or []))
    first = int(view.get("first") or 0)
    return [(first + i) % players for i in range(players)] if players else []


def _what(view: Mapping[str, Any], phase: Mapping[str, Any]) -> str:
    """The decision of the phase in words."""
    name = str(phase.get("name"))
    if name == "tiles":
        preview = joined(list((view.get("archipelago") or {}).get("preview") or []))
        return tell("place the archipelago tiles {tiles}, one at a time (V8)", tiles=preview)
    if name == "neutral":
        return tell("place a neutral marker (2 players: the first player 2, then the other 3)")
    if name == "characters":
        return tell("choose a character (then the old one goes back)")
    if name == "planning":
        return tell("place an action marker (planning pass {n} of 3)", n=int(phase.get("step") or 0) + 1)
    if name == "resolution":
        return tell("resolve a space where it holds the majority (performing it if possible), or clear one "
                    "stack without one")
    if name == "buyer":
        return tell("take the Buyer's second {good} cube from the reserve, or skip it",
                    good=_good(phase.get("pending")))
    if name == "dike":
        return tell("add a dike after the hut (Rising Waters), or skip it")
    if name == "final":
        return tell("sell treasures or make the Beggar's trade before the final scoring, or finish")
    return tell("decide ({phase})", phase=name)


def describe_decision(view: Mapping[str, Any]) -> str:
    """Who decides now and what the decision is, in words."""
    phase = view.get("phase") or {}
    name = phase.get("name")
    if name == "over":
        if view.get("flooded"):
            return tell("The game is over: the sea took {n} islands, so everyone loses (§14.5).",
                        n=SUBMERGED_LOSS)
        return tell("The game is over.")
    who = seat_name(phase.get("seat"), view.get("seat"))
    called = (Term(f"phase.{name}", f"{name} phase") if name in _PHASES
              else tell("{phase} phase", phase=str(name)))
    return tell("{who} to decide, {phase}: {what}", who=who, phase=called, what=_what(view, phase))


_PHASES = ("tiles", "neutral", "characters", "planning", "resolution", "buyer", "dike", "final")
NOBONUS = ":nobonus"  # the same action without the bonus of the seat's character (§11)


def describe_action(text: str) -> str:
    """An action's notation in words, for move logs and help ("plan:fish" -> "puts an action
    marker on fish"); unknown text comes back as it is."""
    if text.endswith(NOBONUS) and text != NOBONUS:
        return tell("{what}, without its character's bonus", what=describe_action(text.removesuffix(NOBONUS)))
    fixed = _fixed(text)
    if fixed is not None:
        return fixed
    verb, _, rest = text.partition(":")
    if verb in _TWO:
        parts = rest.split(_TWO[verb])
        return _two(verb, parts[0], parts[1]) if len(parts) == 2 else text
    return _one(verb, rest) if verb in _ONE and rest else text


def _fixed(text: str) -> str | None:
    if text == "explore":
        return tell("explores the wreck for a treasure")
    if text == "fish":
        return tell("fishes")
    if text == "rest":
        return tell("rests (draws a rest token)")
    if text == "finish":
        return tell("ends its last decision")
    if text == "buyer:take":
        return tell("takes the Buyer's second cube")
    if text == "buyer:skip":
        return tell("skips the Buyer's second cube")
    if text == "dike:skip":
        return tell("builds no dike")
    return None


_ONE = ("char", "neutral", "plan", "sail", "build", "sell", "draw", "tourist", "clear", "cash", "beg")
_TWO = {"tile": "@", "buy": "@", "dike": "@", "govern": ":"}


def _one(verb: str, arg: str) -> str:
    if verb == "char":
        return tell("takes the {character}", character=_character(arg))
    if verb == "neutral":
        return tell("puts a neutral marker on {space}", space=_space(arg))
    if verb == "plan":
        return tell("puts an action marker on {space}", space=_space(arg))
    if verb == "sail":
        return tell("sails to {tile}", tile=arg)
    if verb == "build":
        return tell("builds a hut on {tile}", tile=arg)
    if verb == "sell":
        return tell("sells fish ({fish})", fish=arg)
    if verb == "draw":
        return tell("draws in the sand on {tile}", tile=arg)
    if verb == "tourist":
        return tell("brings a tourist to {tile}", tile=arg)
    if verb == "clear":
        return tell("clears its markers from {space} without acting", space=_space(arg))
    if verb == "cash":
        return tell("sells a treasure worth {value}", value=arg)
    return tell("trades {n} PP for as many vatus (Beggar)", n=arg)


def _two(verb: str, first: str, second: str) -> str:
    if verb == "tile":
        return tell("places tile {tile} on {cell}", tile=first, cell=second)
    if verb == "buy":
        return tell("buys and exports {good} from {tile}", good=_good(first), tile=second)
    if verb == "dike":
        return tell("builds a dike on {tile} facing {toward}", tile=first, toward=second)
    return tell("moves its markers from {space} to {to} (Governor)", space=_space(first), to=_space(second))


def _table_lines(view: Mapping[str, Any]) -> list[str]:
    price = tell("{n} vatus a fish point", n=str(view.get("fish_price")))
    lines: list[str] = [Row((tell("Fish price"), LABEL), price)]
    tourists = view.get("tourists") or {}
    tile = tourists.get("tile")
    left = tourists.get("left", 0)
    office = (tell("tile {tile}, {n} tourists left this round", tile=tile, n=left) if tile is not None
              else tell("empty"))
    hotel = tell("{office}; {n} tiles in the Paradise Hotel", office=office, n=tourists.get("stack_size", 0))
    lines.append(Row((tell("Tourist office"), LABEL), hotel))
    demand = view.get("demand") or {}
    lines.append(tell("Demand (topmost first; deck {deck}, discarded {discarded})",
                      deck=demand.get("deck_size", 0), discarded=listed(list(demand.get("discard") or []))))
    for i, entry in enumerate(demand.get("display") or [], start=1):
        needs = DEMAND_NEEDS[int(entry["tile"]) - 1]
        filled = entry.get("filled") or {}
        slots: list[int | str] = [Row(_good(g), f" {filled.get(g, 0)}/{need}")
                                  for g, need in zip(GOODS, needs, strict=True) if need]
        number = tell("tile {tile}", tile=entry["tile"])
        lines.append(Row(f"  {i}. ", (number, 8), " ", joined(slots, "comma")))
    lines.append(Row((tell("Goods reserve"), LABEL), _counts(view.get("reserve") or {})))
    arch = view.get("archipelago") or {}
    preview: list[int | str] = [
        Row(f"{name} (", Term("place.island", "island") if TILES[TILE_INDEX[name]].island
            else Term("place.ocean", "ocean"), ")") for name in arch.get("preview") or []]
    letters = list(reversed(arch.get("stack_letters") or []))
    shown = tell("shown: {tiles}; face down, next first: {letters}", tiles=listed(preview),
                 letters=" ".join(letters) or nothing())
    lines.append(Row((tell("Archipelago"), LABEL), shown))
    if (view.get("options") or {}).get("rising_waters"):
        lines.append(Wrapped(_waters_line(view), 100, " " * 15))
    return lines


def _waters_line(view: Mapping[str, Any]) -> str:
    board = view.get("board") or []
    sunk = sum(1 for t in board if int(t.get("water") or 0) >= SUBMERGED_AT)
    used = sum(len(t.get("dikes") or []) for t in board)
    countdown = view.get("countdown")
    when = (tell("the waters rise after {n} more actions", n=countdown) if countdown
            else tell("no flood pending this round"))
    return Row((tell("Rising Waters"), LABEL), tell(
        "{when}; dikes {used}/{dikes} used; islands submerged {sunk} ({lost} end the game: everyone loses)",
        when=when, used=used, dikes=DIKES, sunk=sunk, lost=SUBMERGED_LOSS))


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
    lines: list[str] = [tell("Map (islands in CAPITALS: huts h, tourists t, water w; oceans: fish f, "
                             "treasure x, boats b + seats)")]
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
    # i18n: A heading of the text board: every tile of the archipelago with what is on it.
    lines: list[str] = [tell("Tiles")]
    for t in sorted(view.get("board") or [], key=lambda t: CELL_BY_NAME.get(str(t["cell"]), 0)):
        data = TILES[TILE_INDEX[t["tile"]]]
        head = f"  {t['cell']:<5} {t['tile']:<12}"
        if data.island:
            if int(t.get("water") or 0) >= SUBMERGED_AT:
                lines.append(Row(head, tell("island, submerged: nothing left on it")))
                continue
            huts = t.get("huts") or [0] * players
            owners = listed([Row(seat_name(s, None), f" {h}") for s, h in enumerate(huts) if h])
            lines.append(Row(head, (Term("place.island", "island"), 8), tell(
                "huts {huts}/{most} ({owners}); drawings {drawings}/{spaces}; tourists {tourists}/{room}",
                huts=sum(huts), most=data.huts, owners=owners, drawings=t.get("drawings", 0),
                spaces=data.drawings, tourists=t.get("tourists", 0), room=data.tourists)))
            waters = ""
            if (view.get("options") or {}).get("rising_waters"):
                dikes = listed(list(t.get("dikes") or []))
                waters = tell("; water {water}/{most}, dikes toward {dikes}", water=t.get("water", 0),
                              most=SUBMERGED_AT, dikes=dikes)
            lines.append(Row(" " * 27, tell("goods {goods}", goods=_counts(t.get("goods") or {})), waters))
        else:
            aboard = listed([seat_name(s, None) for s in boats.get(str(t["tile"]), [])])
            lines.append(Row(head, (Term("place.ocean", "ocean"), 8), tell(
                "fish {fish}, treasure {treasure}; boats: {boats}", fish=t.get("fish", 0),
                treasure=t.get("treasure", 0), boats=aboard)))
    return lines


def _space_lines(view: Mapping[str, Any]) -> list[str]:
    order = _turn_order(view)
    seats = view.get("seats") or []
    neutral = view.get("neutral") or {}
    lines: list[str] = [tell("Action spaces (markers in turn order {order}: a tie goes to the earlier seat)",
                             order=", ".join(str(s) for s in order))]
    for number, space in enumerate(SPACES, start=1):
        marks: list[int | str] = [Row(seat_name(s, None), f" {seats[s]['markers'][space]}") for s in order
                                  if s < len(seats) and (seats[s].get("markers") or {}).get(space)]
        if neutral.get(space):
            marks.append(tell("neutral {n}", n=neutral[space]))
        lines.append(Row(f"  {number}. ", (_space(space), 8), " ", listed(marks, "-")))
    return lines


def _character_lines(view: Mapping[str, Any]) -> list[str]:
    if (view.get("options") or {}).get("characters") == "off":
        return [Row((tell("Characters"), LABEL), tell("not used (no-character mode)"))]
    offer = view.get("offer") or []
    if offer:
        text = tell("Characters offered: {characters}", characters=listed([_character(c) for c in offer]))
    elif view.get("players") == 2:
        seen = listed([_character(c) for c in view.get("seen") or []], tell("none yet"))
        text = tell("Characters: 5 offered each round, none of the 5 seen last round (seen: {seen})",
                    seen=seen)
    else:
        held = {data.get("character") for data in view.get("seats") or []}
        text = tell("Characters free: {characters}",
                    characters=listed([_character(c) for c in CHARACTERS if c not in held]))
    return [Wrapped(text)]


def _seat_lines(view: Mapping[str, Any], seat: int, data: Mapping[str, Any]) -> list[str]:
    head = seat_head(view, seat, ("first", Term("place.first-player", "first player")))
    character = data.get("character")
    who: str = ""
    if character:
        linked = LINKED[CHARACTERS.index(character)] if character in CHARACTERS else -1
        power = tell("used this round") if data.get("used") else tell("unused")
        who = (tell("; {character}, linked to {space} (power {power})", character=_character(character),
                    space=_space(SPACES[linked]), power=power) if linked >= 0
               else tell("; {character} (power {power})", character=_character(character), power=power))
    money = tell("{vatus} vatus, {pp} PP; boat on {boat}", vatus=data.get("vatus", 0), pp=data.get("pp", 0),
                 boat=str(data.get("boat")))
    lines: list[str] = [seat_line(head, Row(money, who))]
    fish = data.get("fish") or []
    treasures = data.get("treasures") or []
    rest = data.get("rest")
    token: str = nothing()
    if rest == "hidden":
        token = tell("drawn, hidden until the round ends")
    elif rest is not None:
        token = Row(f"{rest} (", _rest_words(str(rest)), ")")
    lost = tell(", {n} lost to the sea", n=data["huts_lost"]) if data.get("huts_lost") else ""
    held = tell("fish {fish}; treasures {treasures}; huts {huts} in supply",
                fish=" ".join(map(str, fish)) or nothing(),
                treasures=" ".join(map(str, treasures)) or nothing(), huts=data.get("huts_left", 0))
    lines.append(Row("    ", held, lost, tell("; rest token {token}", token=token)))
    markers = data.get("markers") or {}
    done = data.get("done") or []
    placed = tell("markers {markers} ({placed}/5 placed)", markers=_counts(markers, SPACES, _space),
                  placed=data.get("placed", 0))
    plan: list[int | str] = ["    ", placed]
    if done:
        resolved = joined([_space(d) for d in done], "comma")
        plan.append(tell("; resolved this round: {spaces}", spaces=resolved))
    if data.get("governed"):
        plan.append(tell("; Governor moved markers to {space}", space=_space(data["governed"])))
    lines.append(Row(*plan))
    return lines


def render(view: Mapping[str, Any]) -> str:
    """The whole board as `view["seat"]` sees it (None: a spectator)."""
    return "\n".join(lines(view))


def lines(view: Mapping[str, Any]) -> list[str]:
    """The board as structured lines (isla.core.textboard), each line's str its English."""
    title = tell("Vanuatu, {players} players, round {round} of {rounds}, first player seat {first}",
                 players=str(view.get("players")), round=str(view.get("round")), rounds=ROUNDS,
                 first=str(view.get("first")))
    seats: list[str] = []
    for seat, data in enumerate(view.get("seats") or []):
        seats += _seat_lines(view, seat, data)
    sections = [
        _table_lines(view),
        [*_map_lines(view), *_tile_lines(view)],
        [*_space_lines(view), *_character_lines(view)],
        seats,
    ]
    return board_lines(view, title, describe_decision(view), sections)
