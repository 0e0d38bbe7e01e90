"""Puerto Rico behind the `isla.core` protocol: the Game (options, setup) and its State."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from isla.core import rng as rnglib
from isla.core.protocol import JSON, Action, Game, OptionSpec, Result, State
from isla.games.puertorico import actions as A
from isla.games.puertorico import rules, scoring, serialize
from isla.games.puertorico.data import SETUPS
from isla.games.puertorico.explain import explain
from isla.games.puertorico.state import OVER, Core

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


class PuertoRicoState(State):
    """A Puerto Rico position; `core` holds the data, `rules` moves it on."""

    __slots__ = ("core",)

    def __init__(self, core: Core) -> None:
        self.core = core

    @property
    def game(self) -> Game:
        return GAME

    @property
    def players(self) -> int:
        return self.core.n

    @property
    def to_move(self) -> int | None:
        core = self.core
        return None if core.phase == OVER else core.cur

    def legal_actions(self) -> list[Action]:
        return list(self.core.legal)

    def apply_unchecked(self, action: Action) -> None:
        core = self.core
        rules.step(core, action.id)
        rules.settle(core)

    def forced_steps(self) -> list[tuple[int, Action]]:
        return list(self.core.auto)

    def clone(self) -> PuertoRicoState:
        return PuertoRicoState(self.core.copy())

    def view(self, seat: int | None) -> JSON:
        return serialize.view(self.core, seat)

    def result(self) -> Result:
        return scoring.result(self.core)

    def to_json(self) -> JSON:
        return serialize.to_json(self.core)

    def determinize(self, seat: int, rng: random.Random) -> PuertoRicoState:  # noqa: ARG002
        """Resample the face-down plantation order and the RNG; everything else is known to `seat`."""
        core = self.core.copy()
        pool = sorted(core.stack)
        rng.shuffle(pool)
        core.stack = pool
        core.rng = rnglib.seed_state(rng.getrandbits(64))
        return PuertoRicoState(core)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PuertoRicoState) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        core = self.core
        return f"<PuertoRicoState players={core.n} round={core.round} to_move={self.to_move}>"


class PuertoRicoGame(Game):
    name = "puertorico"
    title = "Puerto Rico"
    min_players = 2
    max_players = 5
    version = ENGINE_VERSION
    option_specs = OPTIONS

    def new_state(
        self, players: int, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> PuertoRicoState:
        resolved = self.resolve_options(players, options)
        if isinstance(seed, bool) or not isinstance(seed, int):
            from isla.core.errors import BadOption

            raise BadOption(f"seed must be a whole number, not {seed!r}")
        return PuertoRicoState(rules.new_core(players, seed, resolved))

    def state_from_json(self, data: Mapping[str, Any]) -> PuertoRicoState:
        return PuertoRicoState(serialize.from_json(data))

    def explain_illegal(self, state: State, text: str) -> str:
        assert isinstance(state, PuertoRicoState)
        return explain(state.core, text)

    @property
    def action_count(self) -> int:
        """Size of the integer action codec (ids 0..action_count-1)."""
        return A.N_ACTIONS


GAME = PuertoRicoGame()
