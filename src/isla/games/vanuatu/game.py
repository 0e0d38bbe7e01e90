"""Vanuatu behind the `isla.core` protocol: the Game (options, setup) and its State."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from isla.core import rng as rnglib
from isla.core.corestate import CoreRules, CoreState
from isla.core.info import IMPERFECT, GameInfo, Level
from isla.core.protocol import JSON, Action, BrowserBoard, Game, OptionSpec, OptionText, State
from isla.games.vanuatu import actions as A
from isla.games.vanuatu import catalog as catalog_data
from isla.games.vanuatu import limits, rules, scoring, serialize, setup
from isla.games.vanuatu import narrate as narration
from isla.games.vanuatu.data import DEFAULT_HUT_PP_PER_TOURIST, LETTERS, TILES
from isla.games.vanuatu.explain import explain
from isla.games.vanuatu.option_texts import OPTION_TEXTS
from isla.games.vanuatu.state import OVER, Core

ENGINE_VERSION = "vanuatu-1"

OPTIONS = (
    OptionSpec(
        "characters", "choice", "on",
        "Play with the 11 characters (V17); 'off' is the no-character mode, for 3-5 players only "
        "(characters are mandatory with 2).",
        choices=("on", "off"), only_for_players=(3, 4, 5),
    ),
    OptionSpec(
        "hut_pp_per_tourist", "int", DEFAULT_HUT_PP_PER_TOURIST,
        "PP each hut scores per tourist on its island at the end (V14: 2, second edition; 1: first).",
        minimum=1, maximum=2,
    ),
    OptionSpec(
        "rising_waters", "bool", False,
        "The Rising Waters module (V18): floods in rounds 2, 4, 6 and 8, dikes, submerged islands.",
    ),
    OptionSpec(
        "bonuses", "choice", "optional",
        "Character bonuses: 'optional' lets their holder decline each one when it applies, and the "
        "Beggar trades at any decision of a player holding it; 'automatic' applies them without "
        "asking and the Beggar trades from planning on, as Isla played before this option existed "
        "(a game stored without it replays so).",
        choices=("optional", "automatic"), absent="automatic",
    ),
)


class VanuatuState(CoreState[Core]):
    """A Vanuatu position; `core` holds the data, `rules` moves it on."""

    __slots__ = ()
    core_rules = CoreRules(OVER, rules.step, rules.settle, serialize.view, serialize.to_json, scoring.result)

    @property
    def game(self) -> Game:
        return GAME

    def determinize(self, seat: int, rng: random.Random) -> VanuatuState:
        """Resample what `seat` cannot see: which tile of each letter lies where in the face-down
        archipelago stack, the demand and tourist stacks, the rest tokens others drew this round
        with the rest pile, and the RNG (future shuffles and the 2-player character offers)."""
        core = self.core.copy()
        for letter in LETTERS:
            spots = [i for i, t in enumerate(core.arch) if TILES[t].letter == letter]
            tiles = sorted(core.arch[i] for i in spots)
            rng.shuffle(tiles)
            for i, t in zip(spots, tiles, strict=True):
                core.arch[i] = t
        core.demand_deck.sort()
        rng.shuffle(core.demand_deck)
        core.tourist_stack.sort()
        rng.shuffle(core.tourist_stack)
        others = [s for s in range(core.n) if s != seat and core.rest_taken[s] >= 0]
        pool = sorted(core.rest_pile + [core.rest_taken[s] for s in others])
        rng.shuffle(pool)
        for s in others:
            core.rest_taken[s] = pool.pop()
        core.rest_pile = pool
        core.rng = rnglib.seed_state(rng.getrandbits(64))
        return VanuatuState(core)


class VanuatuGame(Game):
    name = "vanuatu"
    title = "Vanuatu"
    min_players = 2
    max_players = 5
    version = ENGINE_VERSION
    option_specs = OPTIONS
    info = GameInfo(
        information=IMPERFECT,  # the face-down stacks, the other seats' rest tokens this round
        action_count=A.N_ACTIONS,
        bounds=limits.bounds,
        heuristic="isla.games.vanuatu.heuristic",
        search_hints="isla.games.vanuatu.search",
        # An MCTS iteration plays on to the next round (about 8 ms, against about 0.2 ms in Puerto
        # Rico), so these budgets keep each level's time per decision (docs/bots.md, docs/vanuatu.md).
        levels={"medium": Level("mcts", 25), "hard": Level("mcts", 120)},
        text_board="isla.games.vanuatu.textboard",
        end_triggers=("rounds", "flood"),
        score_split=(
            ("track", "track"), ("huts", "huts"), ("treasures", "treasure"), ("fish", "fish"),
            ("vatus", "vatus"), ("first_player", "first"), ("water", "water"),
        ),
        replay="isla.games.vanuatu.replay",
        # Its catalogs (the names of its pieces, in five languages): locale/ beside this module.
        text_domain="vanuatu",
    )
    # The table page's board: web/board.js and web/board.css beside this module.
    browser_board = BrowserBoard(Path(__file__).parent / "web", "board.js", "board.css")

    def new_state(
        self, players: int, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> VanuatuState:
        resolved = self.resolve_options(players, options)
        return VanuatuState(setup.new_core(players, self.check_seed(seed), resolved))

    def state_from_json(self, data: Mapping[str, Any]) -> VanuatuState:
        return VanuatuState(serialize.from_json(data))

    def explain_illegal(self, state: State, text: str) -> str:
        assert isinstance(state, VanuatuState)
        return explain(state.core, text)

    def narrate(self, state: State, action: Action, names: Sequence[str]) -> list[str]:
        """The log in words for `action`, forced steps included; `state` is not changed."""
        assert isinstance(state, VanuatuState)
        chosen = state.parse_action(action)
        return narration.narrate(state.core, chosen.id, names)

    def catalog(self) -> JSON:
        return catalog_data.catalog()

    def option_texts(self) -> Mapping[str, OptionText]:
        return OPTION_TEXTS


GAME = VanuatuGame()
