"""The game log in words: what a decision did, with every step the engine then took by itself.

`narrate` works on a copy: it applies the decision, then the forced steps one by one, describing
each from the table before and after it. It never tells what the players may not see: a rest
token is named only when the round's bonuses reveal it. Places are named as the map labels them:
a tile by its name, an empty hex by the placed tiles next to it (the map shows no coordinates).
"""

from __future__ import annotations

from collections.abc import Sequence

from isla.games.vanuatu import actions as A
from isla.games.vanuatu import reach, rules
from isla.games.vanuatu.board import CELL_NAMES, EMPTY, N_CELLS, NEIGHBORS
from isla.games.vanuatu.data import (
    ARCHIPELAGO,
    CHARACTERS,
    GOODS,
    REST_TOKENS,
    SPACES,
    SUBMERGED_AT,
    TILES,
)
from isla.games.vanuatu.state import BUYER, OVER, Core


def narrate(core: Core, aid: int, names: Sequence[str]) -> list[str]:
    """Sentences for applying action `aid` (legal now) and the forced steps after it; `core` is kept."""
    work = core.copy()
    lines: list[str] = []
    while True:
        seat = work.cur
        before = work.copy()
        rules.step(work, aid)
        lines.append(_sentence(before, work, seat, aid, _name(names, seat)))
        lines.extend(_events(before, work, names))
        if work.phase == OVER:
            lines.append("The game is over.")
            return lines
        legal = rules.legal(work)
        if len(legal) != 1:
            return lines
        aid = legal[0].id


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


def _tile_name(core: Core, cell: int) -> str:
    return display(TILES[core.tile[cell]].name)


def _beside(core: Core, cell: int) -> str:
    """An empty hex as a player finds it on the map: by the placed tiles next to it."""
    names = [_tile_name(core, other) for other in NEIGHBORS[cell] if core.tile[other] != EMPTY]
    if not names:
        return "on an empty space"
    if len(names) == 1:
        return f"next to {names[0]}"
    return f"next to {', '.join(names[:-1])} and {names[-1]}"


def _cell_named(name: str) -> int:
    return CELL_NAMES.index(name)


def _bonus_of(core: Core, seat: int) -> str:
    return f"the {CHARACTERS[reach.character(core, seat)].capitalize()}'s bonus"


def display(name: str) -> str:
    """A tile as the board labels it ("Efate", "Start: fish"); action texts say "efate", "start-fish"."""
    if name.startswith("start-"):
        return f"Start: {name.removeprefix('start-')}"
    return name[:1].upper() + name[1:]


def _sentence(before: Core, after: Core, seat: int, aid: int, who: str) -> str:
    if aid in A.WITH_BONUS:  # the same action, with its holder's bonus declined
        said = _sentence(before, after, seat, A.WITH_BONUS[aid], who)
        return f"{said[:-1]}, not using {_bonus_of(before, seat)}."
    text = A.ACTIONS[aid].text
    verb, _, rest = text.partition(":")
    vatus = after.vatu[seat] - before.vatu[seat]
    pp = after.pp[seat] - before.pp[seat]
    gains = _gains(vatus, pp)
    if A.CHAR0 <= aid < A.NEUTRAL0:
        return f"{who} takes the {rest}."
    if A.NEUTRAL0 <= aid < A.PLAN0:
        return f"{who} puts a neutral marker on {rest}."
    if A.PLAN0 <= aid < A.TILE0:
        return f"{who} plans {rest}."
    if A.TILE0 <= aid < A.SAIL0:
        k, cell = divmod(aid - A.TILE0, N_CELLS)
        return f"{who} places {display(TILES[ARCHIPELAGO[k]].name)} {_beside(before, cell)}."
    if verb == "sail":
        return f"{who} sails to {display(rest)}{gains}."
    if verb == "build":
        return f"{who} builds a hut on {display(rest)}{gains}."
    if text == "explore":
        return f"{who} explores {_tile_name(before, before.boat[seat])} and finds a treasure{gains}."
    if text == "fish":
        return f"{who} fishes at {_tile_name(before, before.boat[seat])}{gains}."
    if verb == "sell":
        return f"{who} sells fish worth {rest.replace('+', ', ')}{gains}."
    if verb == "buy":
        good, _, island = rest.partition("@")
        lost = "" if pp or after.phase == BUYER else "; no demand tile wants it, it is lost"
        return f"{who} buys {good} on {display(island)} and exports it{gains}{lost}."
    if text == "buyer:take":
        return f"{who} exports a second {GOODS[before.pending]} from the reserve{gains}."
    if text == "buyer:skip":
        return f"{who} exports no second cube."
    if verb == "draw":
        return f"{who} draws in the sand on {display(rest)}{gains}."
    if verb == "tourist":
        return f"{who} brings a tourist to {display(rest)}{gains}."
    if text == "rest":
        return f"{who} rests and draws a rest token."
    if verb == "clear":
        space = SPACES.index(rest)
        if rules.perform_options(before, seat, space) and rules.holds(before, seat, space):
            # possible only with the bonus (rules._resolve_space): declining it is clearing the stack
            declines = f"{who} declines {_bonus_of(before, seat)}"
            return f"{declines} and takes their markers off {rest} without acting."
        return f"{who} takes their markers off {rest} without acting."
    if verb == "govern":
        src, _, dst = rest.partition(":")
        return f"{who} (Governor) moves their markers from {src} to {dst}."
    if verb == "cash":
        return f"{who} sells a treasure worth {rest}{gains}."
    if verb == "beg":
        return f"{who} (Beggar) trades {rest} PP for vatus{gains}."
    if text == "dike:skip":
        return f"{who} builds no dike."
    if verb == "dike":
        island, _, facing = rest.partition("@")
        toward = _tile_name(before, _cell_named(facing))
        return f"{who} builds a dike on {display(island)} facing {toward}{gains}."
    return f"{who} is done."  # finish


def _gains(vatus: int, pp: int) -> str:
    parts = []
    if vatus:
        parts.append(f"{vatus:+d} vatu" + ("s" if abs(vatus) != 1 else ""))
    if pp:
        parts.append(f"{pp:+d} PP")
    return f" ({', '.join(parts)})" if parts else ""


def _events(before: Core, after: Core, names: Sequence[str]) -> list[str]:
    """What happened by itself: a flood, rest tokens revealed, a new round, its countdown, an offer."""
    lines = []
    if before.countdown == 1 and after.countdown < 0 and before.round == after.round:
        lines.append("The waters rise.")
        for cell in after.islands:
            if after.water[cell] >= SUBMERGED_AT > before.water[cell]:
                lines.append(f"{_tile_name(after, cell)} is submerged.")
    for seat in before.order():
        token = before.rest_taken[seat]
        if token >= 0 and after.rest_taken[seat] < 0:
            lines.append(f"{_name(names, seat)} reveals the {REST_TOKENS[token]} rest token.")
    if after.flooded and not before.flooded:
        lines.append("Three islands are under water: everyone loses.")
    if after.round != before.round:
        lines.append(f"Round {after.round} begins; {_name(names, after.first)} is first player.")
        if after.countdown > 0:
            rolled = after.countdown
            lines.append(f"The first player rolls {rolled}: the waters rise after that many actions.")
    if after.chars_on and after.offer and after.offer != before.offer:
        lines.append("Characters offered: " + ", ".join(CHARACTERS[c] for c in after.offer) + ".")
    return lines
