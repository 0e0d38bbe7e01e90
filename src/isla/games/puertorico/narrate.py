"""The game log in words: what a decision did, and everything the engine then did by itself.

A decision is replayed on a copy of the position one engine step at a time (the decision, then each
forced step, as `rules.settle` would take them), and each step is told from the difference between
the position before and after it. So automatic production, forced loads, the storage of goods,
round changes and the end of the game are told too, with the numbers the engine really used.

Only public facts are told: every VP gain with its amount, but never a seat's VP total (ruling R9);
the face-down plantations only once they are face up or on an island (R10); nothing of the RNG.
"""

from __future__ import annotations

from collections.abc import Sequence

from isla.games.puertorico import actions as A
from isla.games.puertorico import rules, scoring
from isla.games.puertorico import state as S
from isla.games.puertorico.catalog import BUILDING_LABELS, article
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
from isla.games.puertorico.nouns import count, form
from isla.games.puertorico.state import Core

NG = N_GOODS
NT = N_TILE_KINDS
NB = N_BUILDINGS
_ROLE_WORDS = tuple("prospector" if r.startswith("prospector") else r for r in ROLES)
_BUILDING_WORDS = tuple(label.lower() for label in BUILDING_LABELS)
_TILE_WORDS = (*(f"{k} plantation" for k in GOODS), "quarry")


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

def _doubloons(n: int) -> str:
    return count(n, "doubloon")


def _and(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _goods(counts: Sequence[int]) -> str:
    """Counts by good index as players say them ("2 corn and 1 coffee"): barrels are the unit."""
    return _and([f"{n} {GOODS[k]}" for k, n in enumerate(counts) if n > 0])


def _seat_goods(core: Core, seat: int) -> list[int]:
    return core.goods[seat * NG:seat * NG + NG]


class _Teller:
    """Collects the lines of one decision; `step` applies one engine step and tells it."""

    def __init__(self, names: Sequence[str], players: int) -> None:
        self.names = [names[s] if s < len(names) else f"seat {s}" for s in range(players)]
        self.lines: list[str] = []
        self.quiet_placements = False  # a whole arrangement is told by its closing line alone

    def say(self, line: str) -> None:
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
            if kind == QUARRY:
                why = "settler's privilege" if p == before.chooser else "construction hut"
                self.say(f"{who} takes a quarry ({why}).")
            else:
                self.say(f"{who} takes {article(_TILE_WORDS[kind])}.")
        elif aid == A.SETTLE_PASS:
            if not forced:
                self.say(f"{who} takes no tile.")
            elif before.tile_count(p) >= ISLAND_SPACES:
                self.say(f"{who} takes no tile (the island is full).")
            else:
                self.say(f"{who} takes no tile (none is left to take).")
        elif aid == A.HACIENDA:
            if len(after.discard) < len(before.discard):
                self.say("The discarded plantations are shuffled into a new face-down stack.")
            drawn = next(k for k in range(NT) if after.tiles[p * NT + k] > before.tiles[p * NT + k])
            self.say(f"{who} draws {article(_TILE_WORDS[drawn])} from the face-down stack (hacienda).")
        elif aid in (A.HOSPICE_TAKE, A.UNIVERSITY_TAKE):
            where = _TILE_WORDS[before.scratch] if aid == A.HOSPICE_TAKE else _BUILDING_WORDS[before.scratch]
            source = "the supply" if before.col_supply else "the colonist ship"
            building = "hospice" if aid == A.HOSPICE_TAKE else "university"
            self.say(f"{who} puts a colonist from {source} on the new {where} ({building}).")
        elif aid in (A.HOSPICE_PASS, A.UNIVERSITY_PASS):
            where = _TILE_WORDS[before.scratch] if aid == A.HOSPICE_PASS else _BUILDING_WORDS[before.scratch]
            building = "hospice" if aid == A.HOSPICE_PASS else "university"
            self.say(f"{who} puts no colonist on the new {where} ({building}).")
        elif aid == A.MAYOR_TAKE:
            self.say(f"{who} takes an extra colonist from the supply (mayor's privilege).")
        elif aid == A.MAYOR_REFUSE:
            self.say(f"{who} refuses the extra colonist (mayor's privilege).")
        elif aid < A.PLACE_DONE:
            target = aid - A.PLACE0
            if self.quiet_placements:
                pass
            elif target < NT:
                self.say(f"{who} places a colonist on {article(_TILE_WORDS[target])}.")
            else:
                self.say(f"{who} places a colonist on the {_BUILDING_WORDS[target - NT]}.")
        elif aid == A.PLACE_DONE:
            self.say(self._arrangement(after, p))
        elif aid < A.BUILD_PASS:
            self._build(before, after, p, aid - A.BUILD0)
        elif aid == A.BUILD_PASS:
            self.say(f"{who} cannot build anything." if forced else f"{who} builds nothing.")
        elif aid < A.BONUS_PASS:
            good = GOODS[aid - A.BONUS0]
            self.say(f"{who} takes an extra {good} barrel (craftsman's privilege).")
        elif aid == A.BONUS_PASS:
            if forced and not before.mask:
                self.say(f"{who} gets no extra barrel (nothing was produced).")
            elif forced:
                self.say(f"{who} gets no extra barrel (the supply has none of the kinds produced).")
            else:
                self.say(f"{who} takes no extra barrel.")
        elif aid < A.SELL_PASS:
            self._sell(before, after, p, aid - A.SELL0)
        elif aid == A.SELL_PASS:
            if not forced:
                self.say(f"{who} sells nothing.")
            elif any(_seat_goods(before, p)):
                self.say(f"{who} cannot sell anything (the trading house takes none of those goods).")
            else:
                self.say(f"{who} has nothing to sell.")
        elif aid < A.SHIP_PASS:
            self._load(before, after, p, aid)
        elif aid == A.SHIP_PASS:
            self.say(f"{who} does not use the wharf now.")
        elif aid < A.STORE_DONE:
            k = aid - A.STORE0
            self.say(f"{who} keeps all {before.goods[p * NG + k]} {GOODS[k]} in a warehouse.")
        elif aid == A.STORE_DONE:
            if not forced:
                more = " more" if before.mask else ""
                self.say(f"{who} puts nothing{more} in the warehouses.")
        else:
            self._keep(before, after, p, aid, forced)

    def _role(self, before: Core, after: Core, p: int, role: int) -> None:
        who = self.names[p]
        money = before.role_money[role]
        word = _ROLE_WORDS[role]
        if role in (PROSPECTOR, PROSPECTOR2):
            if money:
                self.say(f"{who} takes the {word} (+{_doubloons(money + 1)}: {money} on the card, "
                         "1 from the bank).")
            else:
                self.say(f"{who} takes the {word} (+1 doubloon from the bank).")
            return
        self.say(f"{who} takes the {word}" + (f" (+{_doubloons(money)})." if money else "."))
        if role == MAYOR and after.phase != S.MAYOR:
            self.say("The colonist supply is empty: there is no extra colonist for the mayor.")

    def _arrangement(self, core: Core, p: int) -> str:
        parts = []
        for k in range(NT):
            n = core.occ[p * NT + k]
            if n:
                where = article(_TILE_WORDS[k]) if n == 1 else form(n, _TILE_WORDS[k])
                parts.append(f"{n} on {where}")
        for b in range(NB):
            n = core.bcol[p * NB + b]
            if n > 0:
                parts.append(f"{n} on the {_BUILDING_WORDS[b]}")
        if core.san_juan[p]:
            parts.append(f"{core.san_juan[p]} in San Juan")
        who = self.names[p]
        if not parts:
            return f"{who} has no colonists."
        return f"{who}'s colonists: {_and(parts)}."

    def _build(self, before: Core, after: Core, p: int, b: int) -> None:
        paid = before.doubloons[p] - after.doubloons[p]
        price = before.costs[b]
        cuts = []
        if p == before.chooser:
            cuts.append("-1 builder's privilege")
        quarries = min(before.occ[p * NT + QUARRY], BUILDINGS[b].column)
        if quarries:
            cuts.append(f"-{count(quarries, 'quarry')}")
        detail = f" (price {price}, {', '.join(cuts)})" if cuts else ""
        cost = f"for {_doubloons(paid)}" if paid else "for free"
        self.say(f"{self.names[p]} builds {article(_BUILDING_WORDS[b])} {cost}{detail}.")

    def _sell(self, before: Core, after: Core, p: int, k: int) -> None:
        got = after.doubloons[p] - before.doubloons[p]
        extras = []
        if p == before.chooser:
            extras.append("+1 trader's privilege")
        if before.occupied(p, SMALL_MARKET):
            extras.append("+1 small market")
        if before.occupied(p, LARGE_MARKET):
            extras.append("+2 large market")
        detail = f" ({GOODS[k]} {k}, {', '.join(extras)})" if extras else ""
        paid = f"for {_doubloons(got)}" if got else "for nothing"
        self.say(f"{self.names[p]} sells 1 {GOODS[k]} {paid}{detail}.")

    def _load(self, before: Core, after: Core, p: int, aid: int) -> None:
        if aid < A.WHARF0:
            k, ci = divmod(aid - A.SHIP0, len(A.SHIP_CAPACITIES))
            where = f"onto the {A.SHIP_CAPACITIES[ci]}-barrel ship"
            verb = "loads"
        else:
            k = aid - A.WHARF0
            where = "with the wharf"
            verb = "ships"
        barrels = before.goods[p * NG + k] - after.goods[p * NG + k]
        gains = [f"+{barrels} VP"]
        if p == before.chooser and not before.flag:
            gains.append("+1 VP captain's privilege")
        if before.occupied(p, HARBOR):
            gains.append("+1 VP harbor")
        self.say(f"{self.names[p]} {verb} {barrels} {GOODS[k]} {where} ({', '.join(gains)}).")

    def _keep(self, before: Core, after: Core, p: int, aid: int, forced: bool) -> None:
        who = self.names[p]
        lost = [b - a for b, a in zip(_seat_goods(before, p), _seat_goods(after, p), strict=True)]
        loses = f" and loses {_goods(lost)}" if any(lost) else ""
        if aid != A.KEEP_NONE:
            self.say(f"{who} keeps 1 {GOODS[aid - A.KEEP0]}{loses}.")
        elif loses or not forced:  # forced with nothing lost: every barrel is in a warehouse
            self.say(f"{who} keeps no barrel{loses}.")

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
                left = "No colonist was" if not after.col_ship else (
                    f"Only {count(after.col_ship, 'colonist')} {form(after.col_ship, 'was')}"
                )
                self.say(f"{left} left in the supply for the colonist ship: the game ends after this round.")
            else:
                self.say(f"The colonist ship takes {count(after.col_ship, 'new colonist')} "
                         f"from the supply.")
        if after.ends & S.END_CITY and not before.ends & S.END_CITY:
            self.say(f"{self.names[p]} has filled all {CITY_SPACES} city spaces: "
                     "the game ends after this round.")
        if A.SELL0 <= aid < A.SELL_PASS or aid == A.SELL_PASS:
            sold = [*before.house, *([aid - A.SELL0] if aid != A.SELL_PASS else [])]
            if len(sold) >= 4 and not after.house:
                self.say(f"The trading house is full and is emptied ({_and([GOODS[k] for k in sold])} "
                         "go back to the supply).")
        if after.ends & S.END_VP and not before.ends & S.END_VP:
            self.say("The last VP chip has been paid out: the game ends after this round "
                     "(shipping still scores in full).")
        loading = before.phase == S.SHIP or aid == A.ROLE0 + CAPTAIN
        if loading and after.phase != S.SHIP:
            if aid == A.ROLE0 + CAPTAIN:
                self.say("Nobody can load any goods.")
            else:
                self.say("Nobody can load any more goods.")
        self._unloaded_ships(before, after, aid)
        self._round_end(before, after)

    def _hand_out_colonists(self, before: Core, after: Core, privilege: int) -> None:
        ship = before.col_ship
        if not ship:
            self.say("The colonist ship is empty: nobody gets a colonist from it.")
            return
        chooser = after.chooser
        shares = []
        for offset in range(after.n):
            seat = (chooser + offset) % after.n
            got = after.colonists_of(seat) - before.colonists_of(seat) - (privilege if seat == chooser else 0)
            if got:
                shares.append((self.names[seat], got))
        if ship == 1:
            self.say(f"The ship's only colonist goes to {shares[0][0]}.")
        else:
            parts = [f"{who} {got}" for who, got in shares]
            self.say(f"The ship's {ship} colonists are handed out: {_and(parts)}.")

    def _production(self, before: Core, after: Core) -> None:
        supply = before.goods_supply[:]
        chooser = after.chooser
        for offset in range(after.n):
            seat = (chooser + offset) % after.n
            made = [a - b for a, b in zip(_seat_goods(after, seat), _seat_goods(before, seat), strict=True)]
            short = []
            for k in range(NG):
                if _capacity(before, seat, k) > made[k] and not supply[k] - made[k]:
                    short.append(GOODS[k])
                supply[k] -= made[k]
            money = after.doubloons[seat] - before.doubloons[seat]
            if seat == chooser:
                money -= before.role_money[CRAFTSMAN]
            who = self.names[seat]
            line = f"{who} produces {_goods(made)}" if any(made) else f"{who} produces nothing"
            notes = []
            if money:
                notes.append(f"+{_doubloons(money)} factory")
            if short:
                notes.append(f"the supply has no more {_and(short)}")
            self.say(line + (f" ({'; '.join(notes)})." if notes else "."))

    def _new_plantations(self, before: Core, after: Core, aid: int) -> None:
        leftover = before.face_up[:]
        if A.SETTLE0 <= aid < A.SETTLE0 + QUARRY:
            leftover.remove(aid - A.SETTLE0)
        if leftover:
            words = _and([TILE_KINDS[k] for k in leftover])
            n = len(leftover)
            self.say(f"The leftover face-up {form(n, 'plantation')} {form(n, 'is')} discarded ({words}).")
        if len(after.discard) < len(before.discard) + len(leftover):
            self.say("The discarded plantations are shuffled into a new face-down stack.")
        if after.face_up:
            self.say(f"New face-up plantations: {_and([TILE_KINDS[k] for k in after.face_up])}"
                     + (" (the plantations have run out)." if len(after.face_up) < after.n + 1 else "."))
        else:
            self.say("No plantations are left to turn face up.")

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
                self.say(f"The {cap}-barrel ship is full and is unloaded ({load} {GOODS[good]} go back "
                         "to the supply).")

    def _round_end(self, before: Core, after: Core) -> None:
        over = after.phase == S.OVER and before.phase != S.OVER
        if after.round == before.round and not over:
            return
        cards = after.role_cards
        added = [f"the {_ROLE_WORDS[r]}" for r in cards if after.role_money[r] > before.role_money[r]]
        if added.count("the prospector") == 2:
            added = [word for word in added if word != "the prospector"] + ["both prospectors"]
        more = f": 1 doubloon is put on each role nobody took ({_and(added)})." if added else "."
        self.say(f"End of round {before.round}{more}")
        if not over:
            self.say(f"Round {after.round} begins; {self.names[after.governor]} is the governor.")
            return
        result = scoring.result(after)
        scores = ", ".join(f"{self.names[s]} {score}" for s, score in enumerate(result.scores))
        self.say(f"The game is over. Final scores: {scores}.")
        winners = [self.names[s] for s in range(after.n) if result.ranks[s] == 1]
        best = max(result.scores)
        tied_on_score = sum(1 for score in result.scores if score == best) > 1
        if len(winners) > 1:
            self.say(f"{_and(winners)} share first place.")
        elif tied_on_score:
            self.say(f"{winners[0]} wins on the tie-break (more doubloons and goods).")
        else:
            self.say(f"{winners[0]} wins.")


def _capacity(core: Core, seat: int, k: int) -> int:
    """Barrels of kind `k` the seat's occupied plantations and buildings could make (P1)."""
    plantations = core.occ[seat * NT + k]
    if not k:
        return plantations
    workers = sum(max(core.bcol[seat * NB + b], 0) for b in PRODUCERS[k])
    return min(plantations, workers)
