"""What a game declares beyond the protocol, so generic code never has to learn its name.

Bots, the arena, the text board, the server and the RL adapters each need a few facts about a game
that `State` and `Game` do not give: whether it hides information, how large its action codec is,
what its scores and its length stay within, where its heuristic and text board live, how its bot
levels are budgeted, which end triggers and score parts its statistics show, which places count as a
win, how its replays name a moment and read a score. A game states them once, in its own folder, as
the `info` attribute of its `Game`; the registry checks them when the game is registered
(`isla.core.registry.register`), and every generic module reads them from there.

Modules are named, not imported: `heuristic="mygame.heuristic"` costs nothing until a bot asks,
so importing a rules engine stays cheap and free of I/O. docs/writing-a-game.md walks through every
field and what happens when it is left out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

PERFECT = "perfect"  # every seat sees the whole position (chance may still decide what comes next)
IMPERFECT = "imperfect"  # some seat cannot see part of the position (cards in hand, a face-down stack)
INFORMATION = (PERFECT, IMPERFECT)


class Bounds(NamedTuple):
    """What every game with given players and options stays within.

    `scores`: the lowest and the highest final score a seat can have (sound, not tight: a bound
    worked out from the game's finite resources). `steps`: the most decisions (actions chosen by
    a seat; the engine's forced steps not counted) a game takes: one that goes past it is taken for
    a game that does not end. A game that players could stretch without end (Puerto Rico, when
    nobody takes the roles that end it) gives a limit far above any game played.
    """

    scores: tuple[int, int]
    steps: int


class Level(NamedTuple):
    """A bot level for a game: the bot kind that plays it and its iteration budget (0: none)."""

    kind: str
    iterations: int = 0


BoundsOf = Callable[[int, Mapping[str, Any]], Bounds]


@dataclass(frozen=True)
class GameInfo:
    """A game's declarations (see the module docstring; docs/writing-a-game.md for each field).

    Required:
      information   PERFECT or IMPERFECT
      action_count  the size of the integer action codec: every `Action.id` is in range(action_count)
      bounds        bounds(players, options) -> Bounds, for resolved options (every option named)

    Optional, each with its fallback:
      heuristic     module with choose(state, rng) and evaluate(state), and optionally
                    baseline_choose(state, rng) and estimates(state). None: the bot kinds and levels
                    that need it are not offered for the game, and MCTS plays random playouts,
                    judged by the provisional scores when a playout is cut off
      search_hints  module with is_quiet(state) and effort(state) for MCTS. None: every position is
                    judged only at the playout's end, and every decision gets the full budget
      levels        level name -> Level, replacing the default levels' kinds and budgets for this
                    game (a level whose kind needs a heuristic the game lacks is not offered)
      text_board    module with render(view) -> str and describe_action(text) -> str, for the
                    command line, and optionally lines(view): the board as structured lines
                    (isla.core.textboard), which the command line shows in its player's language.
                    None: the view as indented JSON, and an action as its text
      end_triggers  every end trigger `Result.end_triggers` may name, so statistics list each one
                    even when it never fired. Empty: only the triggers that fired are listed
      score_split   (breakdown key, column label) of the score parts the arena's table shows.
                    Empty: every breakdown key but "total"
      winning_places  player count -> how many places win (a seat whose place is at most that many
                    has won; tied seats share the better place). Puerto Rico's {5: 2} is seed 003's
                    "in a 5-player game 2nd place also wins" (R12). Counts not named: 1st place only
      replay        module with any of moment(view), scores(state, view) and revealed(state), for
                    replays (isla.core.replays; docs/replay.md). None, or a function left out: the
                    generic defaults of isla.core.replay_hooks
      text_domain   the gettext domain of the game's own catalogs (its terms, later its log in
                    words): `<locale_dir>/<lang>/LC_MESSAGES/<text_domain>.po` in the game's folder
                    (isla.i18n.games; docs/i18n.md). None: the game's name, if its folder has a
                    `locale_dir`; a game without one has no catalogs and shows its English labels
      locale_dir    the folder of those catalogs, relative to the folder of the game's module
                    ("locale")
    """

    information: str
    action_count: int
    bounds: BoundsOf
    heuristic: str | None = None
    search_hints: str | None = None
    levels: Mapping[str, Level] = field(default_factory=dict)
    text_board: str | None = None
    end_triggers: tuple[str, ...] = ()
    score_split: tuple[tuple[str, str], ...] = ()
    winning_places: Mapping[int, int] = field(default_factory=dict)
    replay: str | None = None
    text_domain: str | None = None
    locale_dir: str = "locale"

    @property
    def hidden_information(self) -> bool:
        return self.information == IMPERFECT

    def places_that_win(self, players: int) -> int:
        """How many places win a `players`-player game: a seat whose place is at most this has won."""
        return self.winning_places.get(players, 1)

    def modules(self) -> dict[str, str]:
        """The declared modules by field name (only those given)."""
        named = {
            "heuristic": self.heuristic, "search_hints": self.search_hints, "text_board": self.text_board,
            "replay": self.replay,
        }
        return {key: value for key, value in named.items() if value is not None}


__all__ = ["IMPERFECT", "INFORMATION", "PERFECT", "Bounds", "BoundsOf", "GameInfo", "Level"]
