"""Puerto Rico behind the `isla.core` protocol: the Game (options, setup) and its State."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from isla.core import rng as rnglib
from isla.core.corestate import CoreRules, CoreState
from isla.core.errors import IllegalAction
from isla.core.info import IMPERFECT, GameInfo
from isla.core.protocol import JSON, Action, BrowserBoard, Game, OptionSpec, OptionText, State
from isla.games.puertorico import actions as A
from isla.games.puertorico import catalog as catalog_data
from isla.games.puertorico import limits, rules, scoring, serialize
from isla.games.puertorico import narrate as narration
from isla.games.puertorico.data import BUILDING_INDEX, BUILDINGS, N_TILE_KINDS, SETUPS, TILE_KINDS
from isla.games.puertorico.explain import explain
from isla.games.puertorico.nouns import count
from isla.games.puertorico.option_texts import FIRST_SEAT_NOTE, OPTION_TEXTS
from isla.games.puertorico.state import END_NAMES, KEEP, OVER, PLACE, STORE, Core

ENGINE_VERSION = "puertorico-1"

OPTIONS = (
    OptionSpec(
        "vp_supply", "int", None,
        "VP chips in the supply; the game ends when the last one is paid out (R1). "
        "Default by player count: 65 / 75 / 100 / 122.",
        minimum=1, maximum=999, default_for=lambda players: SETUPS[players].vp_supply,
    ),
    OptionSpec(
        "forced_placement", "bool", False,
        "Mayor: every colonist that can be placed must be placed (tournament habit, R2).",
    ),
    OptionSpec("open_vp", "bool", False, "Everyone sees everyone's VP chips (R9)."),
    OptionSpec(
        "two_player_roles", "choice", "official",
        "2 players: 'official' (each picks 3 roles) or 'craftsman_angst' (governor 3, other 2) (R13).",
        choices=("official", "craftsman_angst"), only_for_players=(2,),
    ),
    OptionSpec(
        "balanced", "bool", False,
        "Balanced variant: factory 8, university 7, corn starters one doubloon less (R14).",
    ),
)


class PuertoRicoState(CoreState[Core]):
    """A Puerto Rico position; `core` holds the data, `rules` moves it on."""

    __slots__ = ()
    core_rules = CoreRules(OVER, rules.step, rules.settle, serialize.view, serialize.to_json, scoring.result)

    @property
    def game(self) -> Game:
        return GAME

    def determinize(self, seat: int, rng: random.Random) -> PuertoRicoState:  # noqa: ARG002
        """Resample the face-down plantation order and the RNG; everything else is known to `seat`."""
        core = self.core.copy()
        pool = sorted(core.stack)
        rng.shuffle(pool)
        core.stack = pool
        core.rng = rnglib.seed_state(rng.getrandbits(64))
        return PuertoRicoState(core)


class PuertoRicoGame(Game):
    name = "puertorico"
    title = "Puerto Rico"
    min_players = 2
    max_players = 5
    version = ENGINE_VERSION
    option_specs = OPTIONS
    info = GameInfo(
        information=IMPERFECT,  # the face-down plantations; VP chips too unless open_vp (R9)
        action_count=A.N_ACTIONS,
        bounds=limits.bounds,
        heuristic="isla.games.puertorico.heuristic",
        search_hints="isla.games.puertorico.search",
        text_board="isla.games.puertorico.textboard",
        end_triggers=tuple(name for _, name in END_NAMES),
        score_split=(("shipping", "ship VP"), ("buildings", "bldg VP"), ("bonus", "bonus")),
        # Seed 003 (R12): in a 5-player game 2nd place also wins (and earns ladder points).
        winning_places={5: 2},
        replay="isla.games.puertorico.replay",
        # Its catalogs (the names of its pieces, in five languages): locale/ beside this module.
        text_domain="puertorico",
    )
    # The table page's board: web/board.js and web/board.css beside this module.
    browser_board = BrowserBoard(Path(__file__).parent / "web", "board.js", "board.css")
    first_seat_note = FIRST_SEAT_NOTE

    def new_state(
        self, players: int, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> PuertoRicoState:
        resolved = self.resolve_options(players, options)
        return PuertoRicoState(rules.new_core(players, self.check_seed(seed), resolved))

    def state_from_json(self, data: Mapping[str, Any]) -> PuertoRicoState:
        return PuertoRicoState(serialize.from_json(data))

    def explain_illegal(self, state: State, text: str) -> str:
        assert isinstance(state, PuertoRicoState)
        return explain(state.core, text)

    def narrate(self, state: State, action: Action, names: Sequence[str]) -> list[str]:
        """The log in words for `action`, forced steps included; `state` is not changed."""
        assert isinstance(state, PuertoRicoState)
        chosen = state.parse_action(action)
        return narration.narrate(state.core, chosen.id, names)

    def plan_kind(self, state: State) -> str | None:
        """A colonist arrangement ("mayor") and a storage choice ("storage") are whole decisions.

        They are the two kinds `actions_for` takes as plans: a bot makes each in one go and the log
        tells each as one entry.
        """
        assert isinstance(state, PuertoRicoState)
        phase = state.core.phase
        if state.to_move is None:
            return None
        if phase == PLACE:
            return "mayor"
        return "storage" if phase in (STORE, KEEP) else None

    def narrate_plan(self, state: State, actions: Sequence[Action], names: Sequence[str]) -> list[str]:
        """The decisions in turn, but a finished arrangement as the arrangement, not colonist by colonist."""
        assert isinstance(state, PuertoRicoState)
        work = state.clone()
        seat = state.to_move
        aids = []
        for action in actions:
            chosen = work.parse_action(action)
            aids.append(chosen.id)
            work.apply_unchecked(chosen)
        arranged = state.core.phase == PLACE and (work.core.phase != PLACE or work.to_move != seat)
        return narration.narrate_plan(state.core, aids, names, arranged)

    def catalog(self) -> JSON:
        return catalog_data.catalog()

    def option_texts(self) -> Mapping[str, OptionText]:
        return OPTION_TEXTS

    def actions_for(self, state: State, plan: Mapping[str, Any]) -> list[str]:
        """`{"mayor": {target: count}}` or `{"storage": {"warehouse": [goods], "keep": good | None}}`.

        The plan comes from a client as JSON, so every part of it is checked here and any problem
        becomes an IllegalAction naming it, never a TypeError.
        """
        assert isinstance(state, PuertoRicoState)
        from isla.games.puertorico.arrangement import actions_for_arrangement, actions_for_storage

        if not isinstance(plan, Mapping) or len(plan) != 1:
            raise IllegalAction("plan", 'a plan is an object with exactly one key, "mayor" or "storage"')
        ((kind, body),) = plan.items()
        if kind == "mayor":
            arrangement = _mayor_plan(body)
            _check_room(state.core, arrangement)
            return actions_for_arrangement(state, arrangement)
        if kind == "storage":
            warehouse, keep = _storage_plan(body)
            return actions_for_storage(state, warehouse, keep)
        raise IllegalAction("plan", f'unknown plan kind {kind!r} (known: "mayor", "storage")')


def _mayor_plan(body: Any) -> dict[str, int]:
    if not isinstance(body, Mapping):
        raise IllegalAction("plan", "a mayor plan maps targets (tile kinds, buildings) to colonist counts")
    arrangement: dict[str, int] = {}
    for target, wanted in body.items():
        if not isinstance(target, str):
            raise IllegalAction("plan", f"a mayor target must be a name, not {target!r}")
        if isinstance(wanted, bool) or not isinstance(wanted, int) or wanted < 0:
            raise IllegalAction("plan", f"the count for {target} must be a whole number >= 0, not {wanted!r}")
        arrangement[target] = wanted
    return arrangement


def _check_room(core: Core, arrangement: Mapping[str, int]) -> None:
    """Name the first target that cannot take its count (the engine would only say "not a choice")."""
    if core.phase != PLACE:
        return  # the arrangement function says who is deciding what
    seat = core.cur
    for target, wanted in arrangement.items():
        if target in TILE_KINDS:
            kind = TILE_KINDS.index(target)
            tiles = core.tiles[seat * N_TILE_KINDS + kind]
            if wanted > tiles:
                where = count(tiles, "quarry" if target == "quarry" else f"{target} plantation")
                raise IllegalAction("plan", f"seat {seat} has {where}, not {wanted}")
        elif target in BUILDING_INDEX:
            building = BUILDING_INDEX[target]
            if wanted and not core.owns(seat, building):
                raise IllegalAction("plan", f"seat {seat} has no {target}")
            if wanted > BUILDINGS[building].circles:
                most = count(BUILDINGS[building].circles, "colonist")
                raise IllegalAction("plan", f"the {target} holds at most {most}, not {wanted}")
    placed = sum(wanted for target, wanted in arrangement.items() if target != "san_juan")
    if placed > core.colonists_of(seat):
        have = count(core.colonists_of(seat), "colonist")
        raise IllegalAction("plan", f"seat {seat} has {have}, not {placed}")


def _storage_plan(body: Any) -> tuple[list[str], str | None]:
    if not isinstance(body, Mapping):
        raise IllegalAction("plan", 'a storage plan is an object with "warehouse" and "keep"')
    unknown = sorted(str(key) for key in body if key not in ("warehouse", "keep"))
    if unknown:
        known = "known: warehouse, keep"
        raise IllegalAction("plan", f"unknown field {unknown[0]!r} in a storage plan ({known})")
    warehouse = body.get("warehouse", [])
    keep = body.get("keep")
    if not isinstance(warehouse, list) or not all(isinstance(good, str) for good in warehouse):
        raise IllegalAction("plan", "the warehouse goods must be a list of good names")
    if len(set(warehouse)) != len(warehouse):
        raise IllegalAction("plan", "a good is listed twice for the warehouses")
    if keep is not None and not isinstance(keep, str):
        raise IllegalAction("plan", "the good to keep must be a good name or null")
    if keep is not None and keep in warehouse:
        raise IllegalAction("plan", f"{keep} is already kept in a warehouse; keep another good or none")
    return list(warehouse), keep


GAME = PuertoRicoGame()
