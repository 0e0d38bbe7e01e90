"""The game log in words: what a decision did, and everything the engine then did by itself.

A decision is replayed on a copy of the position one engine step at a time (the decision, then each
forced step, as `rules.settle` would take them), and each step is told from the difference between
the position before and after it. So automatic production, forced loads, the storage of goods,
round changes and the end of the game are told too, with the numbers the engine really used.

Only public facts are told: every VP gain with its amount, but never a seat's VP total (ruling R9);
the face-down plantations only once they are face up or on an island (R10); nothing of the RNG.

Each line is a `Said` (isla.core.said): a message id of the `puertorico-log` domain (locale/,
beside the term catalogs) with its parameters. Roles, buildings, goods and plantations are terms
of the game's own catalog where a name is enough; where English needs an article ("a quarry",
"an office") the noun is a message of its own, so every language words it as it needs.
"""

from __future__ import annotations

from collections.abc import Sequence

from isla.core.said import Said, Term, joined, tell, tell_n
from isla.games.puertorico import actions as A
from isla.games.puertorico import rules, scoring
from isla.games.puertorico import state as S
from isla.games.puertorico.catalog import BUILDING_LABELS
from isla.games.puertorico.data import (
    BUILDINGS,
    CAPTAIN,
    CITY_SPACES,
    CRAFTSMAN,
    GOODS,
    HARBOR,
    ISLAND_SPACES,
    LARGE_MARKET,
    MAYOR,
    N_BUILDINGS,
    N_GOODS,
    N_TILE_KINDS,
    PRODUCERS,
    PROSPECTOR,
    PROSPECTOR2,
    QUARRY,
    ROLES,
    SMALL_MARKET,
    TILE_KINDS,
)
from isla.games.puertorico.state import Core

NG = N_GOODS
NT = N_TILE_KINDS
NB = N_BUILDINGS
_ROLE_WORDS = tuple("prospector" if r.startswith("prospector") else r for r in ROLES)
_BUILDING_WORDS = tuple(label.lower() for label in BUILDING_LABELS)
_TILE_WORDS = (*(f"{k} plantation" for k in GOODS), "quarry")
_ROLE = tuple(Term(f"role.{r}", word) for r, word in zip(ROLES, _ROLE_WORDS, strict=True))
_BUILDING = tuple(Term(f"building.{b.name}", w) for b, w in zip(BUILDINGS, _BUILDING_WORDS, strict=True))
_TILE = tuple(Term(f"tile.{k}", word) for k, word in zip(TILE_KINDS, _TILE_WORDS, strict=True))
_KIND = tuple(Term(f"tile.{k}", k) for k in TILE_KINDS)  # a plantation as a list names it: "corn"
_GOOD = tuple(Term(f"good.{g}", g) for g in GOODS)
# The nouns English says with an article, one message each (extraction finds them written out).
_A_TILE = (
    tell("a corn plantation"), tell("an indigo plantation"), tell("a sugar plantation"),
    tell("a tobacco plantation"), tell("a coffee plantation"), tell("a quarry"),
)
_A_BUILDING = (
    tell("a small indigo plant"), tell("a small sugar mill"), tell("an indigo plant"), tell("a sugar mill"),
    tell("a tobacco storage"), tell("a coffee roaster"), tell("a small market"), tell("a hacienda"),
    tell("a construction hut"), tell("a small warehouse"), tell("a hospice"), tell("an office"),
    tell("a large market"), tell("a large warehouse"), tell("a factory"), tell("a university"),
    tell("a harbor"), tell("a wharf"), tell("a guild hall"), tell("a residence"), tell("a fortress"),
    tell("a customs house"), tell("a city hall"),
)


def _on_tiles(k: int, n: int) -> Said:
    """Where `n` colonists of an arrangement are, on plantations of kind `k` (or quarries)."""
    if k == 0:
        return tell_n("{n} on a corn plantation", "{n} on corn plantations", n)
    if k == 1:
        return tell_n("{n} on an indigo plantation", "{n} on indigo plantations", n)
    if k == 2:
        return tell_n("{n} on a sugar plantation", "{n} on sugar plantations", n)
    if k == 3:
        return tell_n("{n} on a tobacco plantation", "{n} on tobacco plantations", n)
    if k == 4:
        return tell_n("{n} on a coffee plantation", "{n} on coffee plantations", n)
    return tell_n("{n} on a quarry", "{n} on quarries", n)


def narrate(core: Core, aid: int, names: Sequence[str]) -> list[str]:
    """Lines for the decision `aid` (legal in `core`, which is not changed) and its forced steps."""
    work = core.copy()
    teller = _Teller(names, work.n)
    teller.step(work, aid, forced=False)
    while True:
        acts = rules.legal(work)
        if len(acts) != 1:
            return teller.lines
        teller.step(work, acts[0].id, forced=True)


def narrate_plan(core: Core, aids: Sequence[int], names: Sequence[str], whole_arrangement: bool) -> list[str]:
    """Lines for consecutive decisions of one seat (legal in turn in `core`, which is not changed).

    With `whole_arrangement` (they complete a colonist arrangement) the single placements are not
    told: the line of the finished arrangement says where every colonist went.
    """
    work = core.copy()
    teller = _Teller(names, work.n)
    teller.quiet_placements = whole_arrangement
    for aid in aids:
        teller.step(work, aid, forced=False)
        while len(acts := rules.legal(work)) == 1:
            teller.step(work, acts[0].id, forced=True)
    return teller.lines


# --- words --------------------------------------------------------------------------------------

def _doubloons(n: int) -> Said:
    return tell_n("{n} doubloon", "{n} doubloons", n)


def _barrels(n: int, k: int) -> Said:
    """A number of barrels of one good as players say it ("2 corn"): barrels are the unit."""
    return tell_n("{n} {good}", "{n} {good}", n, good=_GOOD[k])


def _goods(counts: Sequence[int]) -> int | str:
    """Counts by good index as players say them ("2 corn and 1 coffee")."""
    return joined([_barrels(n, k) for k, n in enumerate(counts) if n > 0])


def _seat_goods(core: Core, seat: int) -> list[int]:
    return core.goods[seat * NG:seat * NG + NG]


class _Teller:
    """Collects the lines of one decision; `step` applies one engine step and tells it."""

    def __init__(self, names: Sequence[str], players: int) -> None:
        self.names = [names[s] if s < len(names) else tell("seat {seat}", seat=s) for s in range(players)]
        self.lines: list[str] = []
        self.quiet_placements = False  # a whole arrangement is told by its closing line alone

    def say(self, line: Said) -> None:
        self.lines.append(line)

    def step(self, core: Core, aid: int, forced: bool) -> None:
        before = core.copy()
        seat = core.cur
        rules.step(core, aid)
        self._decision(before, core, seat, aid, forced)
        self._aftermath(before, core, seat, aid)

    # --- the step itself ------------------------------------------------------------------------

    def _decision(self, before: Core, after: Core, p: int, aid: int, forced: bool) -> None:
        who = self.names[p]
        if aid < A.SETTLE0:
            self._role(before, after, p, aid - A.ROLE0)
        elif aid < A.SETTLE_PASS:
            kind = aid - A.SETTLE0
            if kind == QUARRY and p == before.chooser:
                self.say(tell("{who} takes a quarry (settler's privilege).", who=who))
            elif kind == QUARRY:
                self.say(tell("{who} takes a quarry (construction hut).", who=who))
            else:
                self.say(tell("{who} takes {tile}.", who=who, tile=_A_TILE[kind]))
        elif aid == A.SETTLE_PASS:
            if not forced:
                self.say(tell("{who} takes no tile.", who=who))
            elif before.tile_count(p) >= ISLAND_SPACES:
                self.say(tell("{who} takes no tile (the island is full).", who=who))
            else:
                self.say(tell("{who} takes no tile (none is left to take).", who=who))
        elif aid == A.HACIENDA:
            if len(after.discard) < len(before.discard):
                self.say(tell("The discarded plantations are shuffled into a new face-down stack."))
            drawn = next(k for k in range(NT) if after.tiles[p * NT + k] > before.tiles[p * NT + k])
            self.say(tell("{who} draws {tile} from the face-down stack (hacienda).",
                          who=who, tile=_A_TILE[drawn]))
        elif aid == A.HOSPICE_TAKE:
            tile = _TILE[before.scratch]
            if before.col_supply:
                self.say(tell("{who} puts a colonist from the supply on the new {tile} (hospice).",
                              who=who, tile=tile))
            else:
                self.say(tell("{who} puts a colonist from the colonist ship on the new {tile} (hospice).",
                              who=who,
                              tile=tile))
        elif aid == A.UNIVERSITY_TAKE:
            building = _BUILDING[before.scratch]
            if before.col_supply:
                self.say(tell("{who} puts a colonist from the supply on the new {building} (university).",
                              who=who,
                              building=building))
            else:
                self.say(tell("{who} puts a colonist from the colonist ship on the new {building} "
                              "(university).", who=who, building=building))
        elif aid == A.HOSPICE_PASS:
            self.say(tell("{who} puts no colonist on the new {tile} (hospice).",
                          who=who, tile=_TILE[before.scratch]))
        elif aid == A.UNIVERSITY_PASS:
            self.say(tell("{who} puts no colonist on the new {building} (university).", who=who,
                          building=_BUILDING[before.scratch]))
        elif aid == A.MAYOR_TAKE:
            self.say(tell("{who} takes an extra colonist from the supply (mayor's privilege).", who=who))
        elif aid == A.MAYOR_REFUSE:
            self.say(tell("{who} refuses the extra colonist (mayor's privilege).", who=who))
        elif aid < A.PLACE_DONE:
            target = aid - A.PLACE0
            if self.quiet_placements:
                pass
            elif target < NT:
                self.say(tell("{who} places a colonist on {tile}.", who=who, tile=_A_TILE[target]))
            else:
                self.say(tell("{who} places a colonist on the {building}.",
                              who=who, building=_BUILDING[target - NT]))
        elif aid == A.PLACE_DONE:
            self.say(self._arrangement(after, p))
        elif aid < A.BUILD_PASS:
            self._build(before, after, p, aid - A.BUILD0)
        elif aid == A.BUILD_PASS:
            self.say(tell("{who} cannot build anything.",
                          who=who) if forced else tell("{who} builds nothing.", who=who))
        elif aid < A.BONUS_PASS:
            good = _GOOD[aid - A.BONUS0]
            self.say(tell("{who} takes an extra {good} barrel (craftsman's privilege).", who=who, good=good))
        elif aid == A.BONUS_PASS:
            if forced and not before.mask:
                self.say(tell("{who} gets no extra barrel (nothing was produced).", who=who))
            elif forced:
                self.say(tell("{who} gets no extra barrel (the supply has none of the kinds produced).",
                              who=who))
            else:
                self.say(tell("{who} takes no extra barrel.", who=who))
        elif aid < A.SELL_PASS:
            self._sell(before, after, p, aid - A.SELL0)
        elif aid == A.SELL_PASS:
            if not forced:
                self.say(tell("{who} sells nothing.", who=who))
            elif any(_seat_goods(before, p)):
                self.say(tell("{who} cannot sell anything (the trading house takes none of those goods).",
                              who=who))
            else:
                self.say(tell("{who} has nothing to sell.", who=who))
        elif aid < A.SHIP_PASS:
            self._load(before, after, p, aid)
        elif aid == A.SHIP_PASS:
            self.say(tell("{who} does not use the wharf now.", who=who))
        elif aid < A.STORE_DONE:
            k = aid - A.STORE0
            self.say(tell("{who} keeps all {barrels} in a warehouse.", who=who,
                          barrels=_barrels(before.goods[p * NG + k], k)))
        elif aid == A.STORE_DONE:
            if not forced and before.mask:
                self.say(tell("{who} puts nothing more in the warehouses.", who=who))
            elif not forced:
                self.say(tell("{who} puts nothing in the warehouses.", who=who))
        else:
            self._keep(before, after, p, aid, forced)

    def _role(self, before: Core, after: Core, p: int, role: int) -> None:
        who = self.names[p]
        money = before.role_money[role]
        word = _ROLE[role]
        if role in (PROSPECTOR, PROSPECTOR2):
            if money:
                self.say(tell("{who} takes the {role} (+{doubloons}: {money} on the card, 1 from the bank).",
                              who=who, role=word, doubloons=_doubloons(money + 1), money=money))
            else:
                self.say(tell("{who} takes the {role} (+1 doubloon from the bank).", who=who, role=word))
            return
        if money:
            self.say(tell("{who} takes the {role} (+{doubloons}).",
                          who=who, role=word, doubloons=_doubloons(money)))
        else:
            self.say(tell("{who} takes the {role}.", who=who, role=word))
        if role == MAYOR and after.phase != S.MAYOR:
            self.say(tell("The colonist supply is empty: there is no extra colonist for the mayor."))

    def _arrangement(self, core: Core, p: int) -> Said:
        parts: list[int | str] = []
        for k in range(NT):
            n = core.occ[p * NT + k]
            if n:
                parts.append(_on_tiles(k, n))
        for b in range(NB):
            n = core.bcol[p * NB + b]
            if n > 0:
                parts.append(tell("{n} on the {building}", n=n, building=_BUILDING[b]))
        if core.san_juan[p]:
            parts.append(tell("{n} in San Juan", n=core.san_juan[p]))
        who = self.names[p]
        if not parts:
            return tell("{who} has no colonists.", who=who)
        return tell("{who}'s colonists: {places}.", who=who, places=joined(parts))

    def _build(self, before: Core, after: Core, p: int, b: int) -> None:
        paid = before.doubloons[p] - after.doubloons[p]
        price = before.costs[b]
        cuts: list[int | str] = []
        if p == before.chooser:
            cuts.append(tell("-1 builder's privilege"))
        quarries = min(before.occ[p * NT + QUARRY], BUILDINGS[b].column)
        if quarries:
            cuts.append(tell_n("-{n} quarry", "-{n} quarries", quarries))
        cost = tell_n("for {n} doubloon", "for {n} doubloons", paid) if paid else tell("for free")
        who, building = self.names[p], _A_BUILDING[b]
        if cuts:
            self.say(tell("{who} builds {building} {cost} (price {price}, {cuts}).",
                          who=who, building=building,
                          cost=cost, price=price, cuts=joined(cuts, "comma")))
        else:
            self.say(tell("{who} builds {building} {cost}.", who=who, building=building, cost=cost))

    def _sell(self, before: Core, after: Core, p: int, k: int) -> None:
        got = after.doubloons[p] - before.doubloons[p]
        extras: list[int | str] = []
        if p == before.chooser:
            extras.append(tell("+1 trader's privilege"))
        if before.occupied(p, SMALL_MARKET):
            extras.append(tell("+1 small market"))
        if before.occupied(p, LARGE_MARKET):
            extras.append(tell("+2 large market"))
        paid = tell_n("for {n} doubloon", "for {n} doubloons", got) if got else tell("for nothing")
        who, good = self.names[p], _GOOD[k]
        if extras:
            self.say(tell("{who} sells 1 {good} {paid} ({good} {price}, {extras}).",
                          who=who, good=good, paid=paid,
                          price=k, extras=joined(extras, "comma")))
        else:
            self.say(tell("{who} sells 1 {good} {paid}.", who=who, good=good, paid=paid))

    def _load(self, before: Core, after: Core, p: int, aid: int) -> None:
        k = (aid - A.SHIP0) // len(A.SHIP_CAPACITIES) if aid < A.WHARF0 else aid - A.WHARF0
        barrels = before.goods[p * NG + k] - after.goods[p * NG + k]
        gains: list[int | str] = [tell("+{n} VP", n=barrels)]
        if p == before.chooser and not before.flag:
            gains.append(tell("+1 VP captain's privilege"))
        if before.occupied(p, HARBOR):
            gains.append(tell("+1 VP harbor"))
        who, load, points = self.names[p], _barrels(barrels, k), joined(gains, "comma")
        if aid < A.WHARF0:
            capacity = A.SHIP_CAPACITIES[(aid - A.SHIP0) % len(A.SHIP_CAPACITIES)]
            self.say(tell("{who} loads {barrels} onto the {capacity}-barrel ship ({gains}).",
                          who=who, barrels=load,
                          capacity=capacity, gains=points))
        else:
            self.say(tell("{who} ships {barrels} with the wharf ({gains}).",
                          who=who, barrels=load, gains=points))

    def _keep(self, before: Core, after: Core, p: int, aid: int, forced: bool) -> None:
        who = self.names[p]
        lost = [b - a for b, a in zip(_seat_goods(before, p), _seat_goods(after, p), strict=True)]
        if aid != A.KEEP_NONE:
            good = _GOOD[aid - A.KEEP0]
            if any(lost):
                self.say(tell("{who} keeps 1 {good} and loses {goods}.",
                              who=who, good=good, goods=_goods(lost)))
            else:
                self.say(tell("{who} keeps 1 {good}.", who=who, good=good))
        elif any(lost):
            self.say(tell("{who} keeps no barrel and loses {goods}.", who=who, goods=_goods(lost)))
        elif not forced:  # forced with nothing lost: every barrel is in a warehouse
            self.say(tell("{who} keeps no barrel.", who=who))

    # --- what the engine did by itself after the step -------------------------------------------

    def _aftermath(self, before: Core, after: Core, p: int, aid: int) -> None:
        if aid in (A.MAYOR_TAKE, A.MAYOR_REFUSE) or (aid == A.ROLE0 + MAYOR and after.phase != S.MAYOR):
            self._hand_out_colonists(before, after, 1 if aid == A.MAYOR_TAKE else 0)
        if aid == A.ROLE0 + CRAFTSMAN:  # production happens at once
            self._production(before, after)
        if before.phase in (S.SETTLE, S.HOSPICE) and after.phase not in (S.SETTLE, S.HOSPICE):
            self._new_plantations(before, after, aid)
        if before.phase == S.PLACE and after.phase != S.PLACE:
            if after.ends & S.END_COLONISTS and not before.ends & S.END_COLONISTS:
                if not after.col_ship:
                    self.say(tell("No colonist was left in the supply for the colonist ship: the game "
                                  "ends after this round."))
                else:
                    self.say(tell_n("Only {n} colonist was left in the supply for the colonist ship: the "
                                    "game ends after this round.",
                                    "Only {n} colonists were left in the supply for the colonist ship: the "
                                    "game ends after this round.", after.col_ship))
            else:
                self.say(tell_n("The colonist ship takes {n} new colonist from the supply.",
                                "The colonist ship takes {n} new colonists from the supply.", after.col_ship))
        if after.ends & S.END_CITY and not before.ends & S.END_CITY:
            self.say(tell("{who} has filled all {spaces} city spaces: the game ends after this round.",
                          who=self.names[p], spaces=CITY_SPACES))
        if A.SELL0 <= aid < A.SELL_PASS or aid == A.SELL_PASS:
            sold = [*before.house, *([aid - A.SELL0] if aid != A.SELL_PASS else [])]
            if len(sold) >= 4 and not after.house:
                self.say(tell("The trading house is full and is emptied ({goods} go back to the supply).",
                              goods=joined([_GOOD[k] for k in sold])))
        if after.ends & S.END_VP and not before.ends & S.END_VP:
            self.say(tell("The last VP chip has been paid out: the game ends after this round (shipping "
                          "still scores in full)."))
        loading = before.phase == S.SHIP or aid == A.ROLE0 + CAPTAIN
        if loading and after.phase != S.SHIP:
            if aid == A.ROLE0 + CAPTAIN:
                self.say(tell("Nobody can load any goods."))
            else:
                self.say(tell("Nobody can load any more goods."))
        self._unloaded_ships(before, after, aid)
        self._round_end(before, after)

    def _hand_out_colonists(self, before: Core, after: Core, privilege: int) -> None:
        ship = before.col_ship
        if not ship:
            self.say(tell("The colonist ship is empty: nobody gets a colonist from it."))
            return
        chooser = after.chooser
        shares = []
        for offset in range(after.n):
            seat = (chooser + offset) % after.n
            got = after.colonists_of(seat) - before.colonists_of(seat) - (privilege if seat == chooser else 0)
            if got:
                shares.append((self.names[seat], got))
        if ship == 1:
            self.say(tell("The ship's only colonist goes to {who}.", who=shares[0][0]))
        else:
            parts: list[int | str] = [tell("{who} {n}", who=who, n=got) for who, got in shares]
            self.say(tell("The ship's {n} colonists are handed out: {shares}.", n=ship, shares=joined(parts)))

    def _production(self, before: Core, after: Core) -> None:
        supply = before.goods_supply[:]
        chooser = after.chooser
        for offset in range(after.n):
            seat = (chooser + offset) % after.n
            made = [a - b for a, b in zip(_seat_goods(after, seat), _seat_goods(before, seat), strict=True)]
            short: list[int | str] = []
            for k in range(NG):
                if _capacity(before, seat, k) > made[k] and not supply[k] - made[k]:
                    short.append(_GOOD[k])
                supply[k] -= made[k]
            money = after.doubloons[seat] - before.doubloons[seat]
            if seat == chooser:
                money -= before.role_money[CRAFTSMAN]
            who = self.names[seat]
            line = tell("{who} produces {goods}", who=who, goods=_goods(made)) if any(made) else tell(
                "{who} produces nothing", who=who)
            notes: list[int | str] = []
            if money:
                notes.append(tell("+{doubloons} factory", doubloons=_doubloons(money)))
            if short:
                notes.append(tell("the supply has no more {goods}", goods=joined(short)))
            if notes:
                self.say(tell("{what} ({notes}).", what=line, notes=joined(notes, "semicolon")))
            else:
                self.say(tell("{what}.", what=line))

    def _new_plantations(self, before: Core, after: Core, aid: int) -> None:
        leftover = before.face_up[:]
        if A.SETTLE0 <= aid < A.SETTLE0 + QUARRY:
            leftover.remove(aid - A.SETTLE0)
        if leftover:
            self.say(tell_n("The leftover face-up plantation is discarded ({tiles}).",
                            "The leftover face-up plantations are discarded ({tiles}).", len(leftover),
                            tiles=joined([_KIND[k] for k in leftover])))
        if len(after.discard) < len(before.discard) + len(leftover):
            self.say(tell("The discarded plantations are shuffled into a new face-down stack."))
        if after.face_up:
            tiles = joined([_KIND[k] for k in after.face_up])
            if len(after.face_up) < after.n + 1:
                self.say(tell("New face-up plantations: {tiles} (the plantations have run out).",
                              tiles=tiles))
            else:
                self.say(tell("New face-up plantations: {tiles}.", tiles=tiles))
        else:
            self.say(tell("No plantations are left to turn face up."))

    def _unloaded_ships(self, before: Core, after: Core, aid: int) -> None:
        loaded_ship, loaded_good, loaded = -1, -1, 0
        if A.SHIP0 <= aid < A.WHARF0:
            k, ci = divmod(aid - A.SHIP0, len(A.SHIP_CAPACITIES))
            loaded_ship = before.ship_caps.index(A.SHIP_CAPACITIES[ci])
            loaded_good = k
            loaded = before.goods[before.cur * NG + k] - after.goods[before.cur * NG + k]
        for i, cap in enumerate(before.ship_caps):
            load = before.ship_load[i] + (loaded if i == loaded_ship else 0)
            good = before.ship_good[i] if before.ship_good[i] >= 0 else loaded_good
            if load and not after.ship_load[i]:
                self.say(tell("The {capacity}-barrel ship is full and is unloaded ({barrels} go back to "
                              "the supply).", capacity=cap, barrels=_barrels(load, good)))

    def _round_end(self, before: Core, after: Core) -> None:
        over = after.phase == S.OVER and before.phase != S.OVER
        if after.round == before.round and not over:
            return
        cards = after.role_cards
        added = [r for r in cards if after.role_money[r] > before.role_money[r]]
        named: list[int | str] = [tell("the {role}", role=_ROLE[r]) for r in added
                                  if r not in (PROSPECTOR, PROSPECTOR2)]
        prospectors = [r for r in added if r in (PROSPECTOR, PROSPECTOR2)]
        if len(prospectors) == 2:
            named.append(tell("both prospectors"))
        elif prospectors:  # in the order the cards lie, as before
            named.insert(added.index(prospectors[0]), tell("the {role}", role=_ROLE[prospectors[0]]))
        if named:
            self.say(tell("End of round {round}: 1 doubloon is put on each role nobody took ({roles}).",
                          round=before.round, roles=joined(named)))
        else:
            self.say(tell("End of round {round}.", round=before.round))
        if not over:
            self.say(tell("Round {round} begins; {who} is the governor.", round=after.round,
                          who=self.names[after.governor]))
            return
        result = scoring.result(after)
        scores = joined([tell("{who} {score}", who=self.names[s], score=score)
                         for s, score in enumerate(result.scores)],
                        "comma")
        self.say(tell("The game is over. Final scores: {scores}.", scores=scores))
        winners: list[int | str] = [self.names[s] for s in range(after.n) if result.ranks[s] == 1]
        best = max(result.scores)
        tied_on_score = sum(1 for score in result.scores if score == best) > 1
        if len(winners) > 1:
            self.say(tell("{winners} share first place.", winners=joined(winners)))
        elif tied_on_score:
            self.say(tell("{who} wins on the tie-break (more doubloons and goods).", who=winners[0]))
        else:
            self.say(tell("{who} wins.", who=winners[0]))


def _capacity(core: Core, seat: int, k: int) -> int:
    """Barrels of kind `k` the seat's occupied plantations and buildings could make (P1)."""
    plantations = core.occ[seat * NT + k]
    if not k:
        return plantations
    workers = sum(max(core.bcol[seat * NB + b], 0) for b in PRODUCERS[k])
    return min(plantations, workers)
