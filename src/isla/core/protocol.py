"""The game protocol: the one API through which bots, server, CLI and tests reach any game.

A `Game` holds static facts and builds states; a `State` is one position with everything needed to
continue it exactly (including its own RNG). Games implement the abstract methods; the checked
paths (`apply`, `apply_all`) live here once, so legality has a single source: `legal_actions()`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Self

from isla.core.errors import BadOption, IllegalAction
from isla.core.info import GameInfo

JSON = dict[str, Any]


class Action:
    """One action with its canonical notation; games keep one interned instance per action."""

    __slots__ = ("id", "text")

    def __init__(self, id: int, text: str) -> None:
        self.id = id
        self.text = text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)


@dataclass(frozen=True)
class OptionSpec:
    """A table option of a game: its name, type, default and allowed values."""

    name: str
    kind: str  # "bool" | "int" | "choice"
    default: Any
    description: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    # The default may depend on the player count (e.g. the VP supply); then this gives it.
    default_for: Callable[[int], Any] | None = None
    # Player counts for which a non-default value is allowed (empty: all).
    only_for_players: tuple[int, ...] = ()
    # For an option added after games were stored: the value those games were played with, which a
    # stored game (record, table, saved state) that does not name the option takes (None: the
    # default), so it replays as it was played while new games get the default.
    absent: Any = None

    def default_value(self, players: int) -> Any:
        return self.default_for(players) if self.default_for is not None else self.default

    def check(self, value: Any, players: int) -> Any:
        """Return the validated value, or raise BadOption naming the problem."""
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise BadOption(f"option {self.name!r} must be true or false, not {value!r}")
        elif self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadOption(f"option {self.name!r} must be a whole number, not {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise BadOption(f"option {self.name!r} must be at least {self.minimum}, not {value}")
            if self.maximum is not None and value > self.maximum:
                raise BadOption(f"option {self.name!r} must be at most {self.maximum}, not {value}")
        elif self.kind == "choice":
            if value not in self.choices:
                allowed = ", ".join(self.choices)
                raise BadOption(f"option {self.name!r} must be one of {allowed}, not {value!r}")
        if (
            self.only_for_players
            and players not in self.only_for_players
            and value != self.default_value(players)
        ):
            counts = ", ".join(str(n) for n in self.only_for_players)
            raise BadOption(f"option {self.name!r} applies only to games with {counts} players")
        return value

    def parse(self, text: str) -> Any:
        """Parse a command-line `key=value` value into this option's type (not yet validated)."""
        if self.kind == "bool":
            lowered = text.strip().lower()
            if lowered in ("true", "yes", "on", "1"):
                return True
            if lowered in ("false", "no", "off", "0"):
                return False
            raise BadOption(f"option {self.name!r} must be true or false, not {text!r}")
        if self.kind == "int":
            try:
                return int(text)
            except ValueError:
                raise BadOption(f"option {self.name!r} must be a whole number, not {text!r}") from None
        return text

    def to_json(self) -> JSON:
        data: JSON = {"name": self.name, "kind": self.kind, "description": self.description}
        if self.default_for is None:
            data["default"] = self.default
        if self.choices:
            data["choices"] = list(self.choices)
        if self.minimum is not None:
            data["minimum"] = self.minimum
        if self.maximum is not None:
            data["maximum"] = self.maximum
        if self.only_for_players:
            data["only_for_players"] = list(self.only_for_players)
        return data


@dataclass(frozen=True)
class OptionText:
    """What a player reads about a table option: its label, its help and the words of each choice.

    The option's `description` is for developers (it may cite rulings and value names); these are
    plain words for the lobby, kept in each game's own texts module so they can be translated.
    """

    label: str
    help: str
    choices: Mapping[str, str] = field(default_factory=dict)  # choice value -> its words

    def to_json(self) -> JSON:
        data: JSON = {"label": self.label, "help": self.help}
        if self.choices:
            data["choice_labels"] = dict(self.choices)
        return data


def resolve_options(
    game_name: str, specs: Sequence[OptionSpec], players: int, given: Mapping[str, Any] | None,
    *, stored: bool = False,
) -> dict[str, Any]:
    """Fill in defaults and validate every given option; unknown names are an error.

    `stored`: the options of a game stored earlier, so an option it does not name takes the value
    games had before the option existed (`OptionSpec.absent`) instead of the default.
    """
    given = dict(given or {})
    if stored:
        for spec in specs:
            if spec.absent is not None and spec.name not in given:
                given[spec.name] = spec.absent
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name))
        raise BadOption(f"unknown option {unknown[0]!r} for {game_name} (known: {known})")
    resolved: dict[str, Any] = {}
    for spec in specs:
        value = given.get(spec.name)
        resolved[spec.name] = (
            spec.default_value(players) if value is None else spec.check(value, players)
        )
    return resolved


@dataclass
class Result:
    """Scores, ranks (ties share the better place: 1, 1, 3) and each seat's score breakdown.

    `nobody_wins` marks a game that every seat lost (Vanuatu's sea taking three islands): the ranks
    still say that nobody did better than anyone else, but no seat has won, which matters to a
    bot's search, the arena's win rates and what a player is told.
    """

    over: bool
    scores: list[int]
    tiebreaks: list[int]
    ranks: list[int]
    breakdown: list[dict[str, int]] = field(default_factory=list)
    end_triggers: list[str] = field(default_factory=list)
    nobody_wins: bool = False

    def win_shares(self) -> list[float]:
        """Each seat's share of the win: 1/k for each of k seats tied first, 0 for all if nobody wins."""
        if self.nobody_wins:
            return [0.0] * len(self.ranks)
        winners = self.ranks.count(1)
        return [1.0 / winners if r == 1 else 0.0 for r in self.ranks]

    def to_json(self) -> JSON:
        """The result as JSON; `nobody_wins` appears (as true) only in a game everyone lost."""
        out: JSON = {
            "over": self.over,
            "scores": list(self.scores),
            "tiebreaks": list(self.tiebreaks),
            "ranks": list(self.ranks),
            "breakdown": [dict(b) for b in self.breakdown],
            "end_triggers": list(self.end_triggers),
        }
        if self.nobody_wins:
            out["nobody_wins"] = True
        return out


def shared_ranks(keys: Sequence[tuple[int, ...]]) -> list[int]:
    """Competition ranking by descending key: equal keys share the better place (1, 1, 3)."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]


class State(ABC):
    """One position of a game. Subclasses implement the abstract part; checking lives here."""

    __slots__ = ()

    @property
    @abstractmethod
    def game(self) -> Game: ...

    @property
    @abstractmethod
    def players(self) -> int: ...

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat that decides now, or None when the game is over."""

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to move (empty when over); never two with one text."""

    @abstractmethod
    def apply_unchecked(self, action: Action) -> None:
        """Apply an action known to be legal (search's fast path: no checks at all)."""

    def forced_steps(self) -> list[tuple[int, Action]]:
        """(seat, action) of each step the engine applied by itself after the last action.

        A decision with exactly one legal action is never offered; the engine takes it. Such steps
        are not part of records, but a game log in words wants to show them.
        """
        return []

    @abstractmethod
    def clone(self) -> Self: ...

    @abstractmethod
    def view(self, seat: int | None) -> JSON:
        """What `seat` may see (None: a spectator), as JSON-ready data."""

    @abstractmethod
    def result(self) -> Result:
        """Scores and ranks; provisional (over=False) while the game goes on."""

    @abstractmethod
    def to_json(self) -> JSON:
        """The full state, hidden information and RNG included, in the versioned schema."""

    @abstractmethod
    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A copy in which everything `seat` cannot know is resampled from `rng`."""

    # --- the checked path, shared by every game -------------------------------------------

    def parse_action(self, action: Action | str) -> Action:
        """Return the legal action meant by `action` (or its text); raise IllegalAction if none."""
        legal = self.legal_actions()
        text = action.text if isinstance(action, Action) else action
        if not isinstance(text, str):
            raise IllegalAction(repr(action), "an action must be given as its notation text")
        for candidate in legal:
            if candidate.text == text:
                return candidate
        if self.to_move is None:
            raise IllegalAction(text, "the game is over")
        reason = self.game.explain_illegal(self, text)
        raise IllegalAction(text, reason, [a.text for a in legal])

    def apply(self, action: Action | str) -> Action:
        """Apply one legal action (or its notation); anything else raises and changes nothing."""
        chosen = self.parse_action(action)
        self.apply_unchecked(chosen)
        return chosen

    def apply_all(self, actions: Sequence[Action | str]) -> list[Action]:
        """Apply a list of actions all or nothing: if any is illegal in turn, nothing changes."""
        trial = self.clone()
        applied = []
        for index, action in enumerate(actions):
            try:
                applied.append(trial.apply(action))
            except IllegalAction as error:
                if len(actions) > 1:
                    error.args = (f"action {index + 1} of {len(actions)}: {error.args[0]}",)
                raise
        for action in applied:
            self.apply_unchecked(action)
        return applied


class Game(ABC):
    """Static facts about a game and the factory for its states.

    `info` holds what the rest of Isla needs beyond the protocol (isla.core.info.GameInfo); the
    registry refuses a game without it.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    version: str
    option_specs: tuple[OptionSpec, ...] = ()
    info: GameInfo

    @property
    def action_count(self) -> int:
        """The size of the integer action codec (ids 0 .. action_count - 1), as `info` declares it."""
        return self.info.action_count

    def check_seed(self, seed: object) -> int:
        """The seed of a new game: a whole number, else BadOption."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadOption(f"seed must be a whole number, not {seed!r}")
        return seed

    def check_players(self, players: int) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadOption(f"players must be a whole number, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise BadOption(
                f"{self.name} is played by {self.min_players} to {self.max_players} players, not {players}"
            )

    def resolve_options(self, players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        self.check_players(players)
        return resolve_options(self.name, self.option_specs, players, options)

    def stored_options(self, players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The options of a game stored earlier (a record, a server table, a saved state), resolved:
        an option it does not name takes the value games were played with before the option
        existed (`OptionSpec.absent`), so the game replays exactly as it was played."""
        self.check_players(players)
        return resolve_options(self.name, self.option_specs, players, options, stored=True)

    @abstractmethod
    def new_state(
        self, players: int, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> State: ...

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Load a state (a full save or a hand-written position); raise BadState if invalid."""

    def explain_illegal(self, state: State, text: str) -> str:  # noqa: ARG002 - games may override
        """Why `text` is not legal in `state`; games override this for better messages."""
        return "not a legal action now"

    # --- hooks for clients (game logs, boards, whole decisions); defaults fit any game --------

    def narrate(self, state: State, action: Action, names: Sequence[str]) -> list[str]:
        """The game log in words for applying `action` (a legal decision) to `state`, left unchanged.

        Games override this to tell everything that follows from the decision, the steps the engine
        then takes by itself included, without revealing what the players may not see.
        """
        seat = state.to_move
        who = names[seat] if seat is not None and 0 <= seat < len(names) else f"seat {seat}"
        return [f"{who}: {action.text}"]

    def plan_kind(self, state: State) -> str | None:  # noqa: ARG002 - games may override
        """The whole decision the seat to move is in the middle of, when it takes several steps.

        Some decisions are one choice made in several actions (a colonist arrangement placed one
        colonist at a time). Consecutive decisions of one seat with the same kind form one plan:
        a bot makes them in one go, and the log in words tells them as one entry
        (`narrate_plan`). None, the default, is a decision that stands alone.
        """
        return None

    def narrate_plan(self, state: State, actions: Sequence[Action], names: Sequence[str]) -> list[str]:
        """The log in words for consecutive decisions of one seat told as one (see `plan_kind`).

        `state` is left unchanged. The default tells each decision in turn; games override it to
        say the whole at once (the arrangement made rather than each colonist placed).
        """
        work = state.clone()
        lines: list[str] = []
        for action in actions:
            chosen = work.parse_action(action)
            lines += self.narrate(work, chosen, names)
            work.apply_unchecked(chosen)
        return lines

    def catalog(self) -> JSON:
        """Static facts a client needs to draw and explain the game (names, labels, effects)."""
        return {}

    def option_texts(self) -> Mapping[str, OptionText]:
        """The players' words for each table option (by option name); games override this."""
        return {}

    def actions_for(self, state: State, plan: Mapping[str, Any]) -> list[str]:  # noqa: ARG002
        """The canonical action texts for a whole decision made in a client (a game-specific plan).

        A client may let a player try and undo several steps before confirming; the game, not the
        client, turns the result into actions. Raises IllegalAction for anything it cannot accept.
        """
        raise IllegalAction("plan", "plans are not supported by this game")
