"""The game log in words: what a decision did, with every step the engine then took by itself.

`narrate` works on a copy: it applies the decision, then the forced steps one by one, describing
each from the table before and after it. It never tells what the players may not see: a rest
token is named only when the round's bonuses reveal it. Places are named as the map labels them:
a tile by its name, an empty hex by the placed tiles next to it (the map shows no coordinates).

Each line is a `Said` (isla.core.said): a message id of the `vanuatu-log` domain (locale/, beside
the term catalogs) with its parameters; spaces, characters and goods are terms of the game's own
catalog, so every reader gets them in their language's words (isla.i18n.told).
"""

from __future__ import annotations

from collections.abc import Sequence

from isla.core.said import Said, Term, joined, tell, tell_n
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
            lines.append(tell("The game is over."))
            return lines
        legal = rules.legal(work)
        if len(legal) != 1:
            return lines
        aid = legal[0].id


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else tell("seat {seat}", seat=seat)


def _space(name: str) -> Term:
    return Term(f"action.{name}", name)


def _character(index: int) -> Term:
    return Term(f"character.{CHARACTERS[index]}", CHARACTERS[index])


def _good(index: int) -> Term:
    return Term(f"good.{GOODS[index]}", GOODS[index])


def _tile_name(core: Core, cell: int) -> str:
    return display(TILES[core.tile[cell]].name)


def _beside(core: Core, cell: int) -> Said:
    """An empty hex as a player finds it on the map: by the placed tiles next to it."""
    names = [_tile_name(core, other) for other in NEIGHBORS[cell] if core.tile[other] != EMPTY]
    if not names:
        return tell("on an empty space")
    return tell("next to {tiles}", tiles=joined(names))


def _cell_named(name: str) -> int:
    return CELL_NAMES.index(name)


def _bonus_of(core: Core, seat: int) -> Said:
    character = reach.character(core, seat)
    return tell("the {character}'s bonus", character=Term(f"character.{CHARACTERS[character]}",
                                                         CHARACTERS[character].capitalize()))


def display(name: str) -> str:
    """A tile as the board labels it ("Efate", "Start: fish"); action texts say "efate", "start-fish".
    An island's name is a name in every language; a start tile says what it is."""
    if name == "start-fish":
        return tell("Start: fish")
    if name == "start-wreck":
        return tell("Start: wreck")
    if name == "start-boats":
        return tell("Start: boats")
    return name[:1].upper() + name[1:]


def _sentence(before: Core, after: Core, seat: int, aid: int, who: str) -> Said:
    if aid in A.WITH_BONUS:  # the same action, with its holder's bonus declined
        said = _told(before, after, seat, A.WITH_BONUS[aid], who)
        return tell("{what}, not using {bonus}.", what=said, bonus=_bonus_of(before, seat))
    return tell("{what}.", what=_told(before, after, seat, aid, who))


def _told(before: Core, after: Core, seat: int, aid: int, who: str) -> str:
    """What the action did, without its full stop (a declined bonus is told after it)."""
    text = A.ACTIONS[aid].text
    verb, _, rest = text.partition(":")
    vatus = after.vatu[seat] - before.vatu[seat]
    pp = after.pp[seat] - before.pp[seat]

    def gained(what: Said) -> str:
        return _gains(what, vatus, pp)

    if A.CHAR0 <= aid < A.NEUTRAL0:
        return tell("{who} takes the {character}", who=who, character=_character(CHARACTERS.index(rest)))
    if A.NEUTRAL0 <= aid < A.PLAN0:
        return tell("{who} puts a neutral marker on {space}", who=who, space=_space(rest))
    if A.PLAN0 <= aid < A.TILE0:
        return tell("{who} plans {space}", who=who, space=_space(rest))
    if A.TILE0 <= aid < A.SAIL0:
        k, cell = divmod(aid - A.TILE0, N_CELLS)
        return tell("{who} places {tile} {where}", who=who, tile=display(TILES[ARCHIPELAGO[k]].name),
                    where=_beside(before, cell))
    if verb == "sail":
        return gained(tell("{who} sails to {tile}", who=who, tile=display(rest)))
    if verb == "build":
        return gained(tell("{who} builds a hut on {tile}", who=who, tile=display(rest)))
    if text == "explore":
        return gained(tell("{who} explores {tile} and finds a treasure", who=who,
                           tile=_tile_name(before, before.boat[seat])))
    if text == "fish":
        return gained(tell("{who} fishes at {tile}", who=who, tile=_tile_name(before, before.boat[seat])))
    if verb == "sell":
        worth = joined(rest.split("+"), "comma")
        return gained(tell("{who} sells fish worth {values}", who=who, values=worth))
    if verb == "buy":
        good, _, island = rest.partition("@")
        bought = gained(tell("{who} buys {good} on {tile} and exports it", who=who,
                             good=_good(GOODS.index(good)), tile=display(island)))
        if pp or after.phase == BUYER:
            return bought
        return tell("{what}; no demand tile wants it, it is lost", what=bought)
    if text == "buyer:take":
        second = _good(before.pending)
        return gained(tell("{who} exports a second {good} from the reserve", who=who, good=second))
    if text == "buyer:skip":
        return tell("{who} exports no second cube", who=who)
    if verb == "draw":
        return gained(tell("{who} draws in the sand on {tile}", who=who, tile=display(rest)))
    if verb == "tourist":
        return gained(tell("{who} brings a tourist to {tile}", who=who, tile=display(rest)))
    if text == "rest":
        return tell("{who} rests and draws a rest token", who=who)
    if verb == "clear":
        space = SPACES.index(rest)
        if rules.perform_options(before, seat, space) and rules.holds(before, seat, space):
            # possible only with the bonus (rules._resolve_space): declining it is clearing the stack
            return tell("{who} declines {bonus} and takes their markers off {space} without acting", who=who,
                        bonus=_bonus_of(before, seat), space=_space(rest))
        return tell("{who} takes their markers off {space} without acting", who=who, space=_space(rest))
    if verb == "govern":
        src, _, dst = rest.partition(":")
        return tell("{who} (Governor) moves their markers from {source} to {target}", who=who,
                    source=_space(src), target=_space(dst))
    if verb == "cash":
        return gained(tell("{who} sells a treasure worth {value}", who=who, value=int(rest)))
    if verb == "beg":
        return gained(tell("{who} (Beggar) trades {pp} PP for vatus", who=who, pp=int(rest)))
    if text == "dike:skip":
        return tell("{who} builds no dike", who=who)
    if verb == "dike":
        island, _, facing = rest.partition("@")
        toward = _tile_name(before, _cell_named(facing))
        return gained(tell("{who} builds a dike on {tile} facing {toward}", who=who, tile=display(island),
                           toward=toward))
    return tell("{who} is done", who=who)  # finish


def _gains(what: Said, vatus: int, pp: int) -> str:
    parts: list[int | str] = []
    if vatus:
        parts.append(tell_n("{amount} vatu", "{amount} vatus", abs(vatus), amount=format(vatus, "+d")))
    if pp:
        parts.append(tell_n("{amount} PP", "{amount} PP", abs(pp), amount=format(pp, "+d")))
    return tell("{what} ({gains})", what=what, gains=joined(parts, "comma")) if parts else what


def _reveals(token: str, who: str) -> Said:
    # one message per token, written out so extraction finds each
    if token == "first":
        return tell("{who} reveals the first rest token.", who=who)
    if token == "both":
        return tell("{who} reveals the both rest token.", who=who)
    if token == "point":
        return tell("{who} reveals the point rest token.", who=who)
    return tell("{who} reveals the coin rest token.", who=who)


def _events(before: Core, after: Core, names: Sequence[str]) -> list[str]:
    """What happened by itself: a flood, rest tokens revealed, a new round, its countdown, an offer."""
    lines: list[str] = []
    if before.countdown == 1 and after.countdown < 0 and before.round == after.round:
        lines.append(tell("The waters rise."))
        for cell in after.islands:
            if after.water[cell] >= SUBMERGED_AT > before.water[cell]:
                lines.append(tell("{tile} is submerged.", tile=_tile_name(after, cell)))
    for seat in before.order():
        token = before.rest_taken[seat]
        if token >= 0 and after.rest_taken[seat] < 0:
            lines.append(_reveals(REST_TOKENS[token], _name(names, seat)))
    if after.flooded and not before.flooded:
        lines.append(tell("Three islands are under water: everyone loses."))
    if after.round != before.round:
        lines.append(tell("Round {round} begins; {who} is first player.", round=after.round,
                          who=_name(names, after.first)))
        if after.countdown > 0:
            lines.append(tell("The first player rolls {rolled}: the waters rise after that many actions.",
                              rolled=after.countdown))
    if after.chars_on and after.offer and after.offer != before.offer:
        lines.append(tell("Characters offered: {characters}.",
                          characters=joined([_character(c) for c in after.offer], "comma")))
    return lines
