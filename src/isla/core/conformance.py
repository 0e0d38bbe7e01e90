"""Checks every Isla game must pass, by random play over the public protocol only.

The protocol (protocol.py) makes promises that no single scenario test can cover: a clone is equal
to its original and shares nothing with it, a saved state continues exactly like the unsaved one,
a view never shows what its seat may not know, an illegal action changes nothing, random play always
ends. This module checks those promises at every step of seeded random playouts, for any game, so a
new game gets them checked by one call, and the CLI can run the same checks on demand.

Every failure raises `ConformanceFailure`, whose `check` names the promise that broke (see CHECKS)
and whose message says where: game, players, seed, step and the last actions. Nothing here prints,
reads files or touches the global `random`: the playouts use their own seeded `random.Random`.

Conventions a game must follow to pass, beyond the protocol's type signatures:
- action texts are single tokens (no whitespace), so lists of them can be written space-separated;
- `to_json()` and `view()` return plain JSON data (dicts with string keys, lists, str, int, bool, None);
- if `to_json()` has a top-level "rng" field, its value (the RNG state) appears nowhere in any view.

What a game declares about itself (its codec size, score bounds, game length bound, end triggers,
information type: see `declared`) is checked too; a declaration the game does not make is skipped,
and the report's `notes` say which, so a run never looks stronger than it was.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, NoReturn, cast

from isla.core.errors import BadOption, BadState, IllegalAction, IslaError
from isla.core.info import INFORMATION, PERFECT
from isla.core.protocol import Action, Game, State, shared_ranks
from isla.core.record import Record
from isla.core.registry import game as registered_game
from isla.core.registry import game_names

# The name of each check, as found in `ConformanceFailure.check`, and the promise it stands for.
CHECKS: Mapping[str, str] = {
    "deterministic-setup": "new_state with the same players, seed and options gives the same state",
    "bad-players": "new_state refuses a player count outside the game's range with BadOption",
    "bad-options": "new_state refuses an unknown option or a value of the wrong type with BadOption",
    "bad-state": "state_from_json refuses data that is not a state with BadState",
    "to-move": "to_move is None or a seat of the game; the state knows its game and player count",
    "legal-nonempty": "legal_actions() is non-empty until the game is over, and empty after",
    "legal-unique": "no two legal actions share a text",
    "legal-copy": "legal_actions() returns a fresh list the caller may change",
    "notation": "str(a) is a's single-token text, and applying that text applies a",
    "json": "to_json() is plain JSON data",
    "json-roundtrip": "state_from_json(to_json()) is the same state and continues the same way",
    "clone-equal": "clone() is equal to its original and continues the same way",
    "clone-independent": "changing a clone never changes its original, nor the other way round",
    "no-repeat": "random play never reaches the same state twice (the decision graph is acyclic)",
    "ends": "random play ends within the step bound",
    "every-action": "every legal action applies and leads to a state with a decision or the end",
    "illegal-action": "an illegal action raises IllegalAction (one line) and changes nothing",
    "apply-all": "apply_all with an illegal action in the middle of the list changes nothing",
    "result": "result() says whether the game is over, and its ranks follow scores and tie-breaks",
    "view": "view(seat) is plain JSON data and never contains the RNG state",
    "hidden-view": "states that differ only in what a seat cannot know give that seat the same view",
    "determinize": "determinize(seat, rng) keeps the original, is a function of the seat's knowledge and "
    "the rng, and gives a valid state",
    "determinize-vacuous": "determinize resampled something at least once (else the hidden checks "
    "prove nothing)",
    "replay": "a record of the game (through its JSON form) replays to the same final state",
    "deterministic-play": "the same seed and the same actions give the same state at every step",
    "codec": "legal action ids are distinct whole numbers below the declared codec size, and one text "
    "always has one id",
    "score-bounds": "every score, provisional or final, lies within the declared score bounds",
    "length-bound": "every game ends within the declared upper bound on its number of decisions",
    "end-triggers": "a finished game names at least one end trigger, and only declared ones",
    "no-crash": "no protocol call raises an error the protocol does not name (a bug of the game)",
}

_NO_SUCH_ACTION = "conformance:no-such-action"

# How a playout picks its actions: given the state and the playout's seeded rng, return one of the
# state's legal actions. Uniform random play is the default; a biased policy reaches positions that
# uniform play rarely does (a full city, an empty VP supply).
Policy = Callable[[State, random.Random], Action]


def uniform(state: State, rng: random.Random) -> Action:
    """Uniform random play."""
    return rng.choice(state.legal_actions())


class ConformanceFailure(Exception):
    """A broken protocol promise: `check` names it (a key of CHECKS), the message says where."""

    def __init__(self, check: str, message: str, where: str = "") -> None:
        self.check = check
        self.detail = message
        self.where = where
        super().__init__(f"[{check}] {message}" + (f" ({where})" if where else ""))


@dataclass
class Report:
    """What a successful run covered, so a caller can tell a thorough run from a vacuous one.

    `notes` name the checks that were skipped because the game declares nothing to check them
    against (one line each, no repeats).
    """

    game: str
    playouts: int = 0
    steps: int = 0
    longest: int = 0
    hidden_checks: int = 0
    hidden_resampled: int = 0
    notes: list[str] = field(default_factory=list)

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)


# --- what a game declares about itself --------------------------------------------------------

@dataclass(frozen=True)
class Declared:
    """The declarations of a game the checks hold it to, for one player count (None: not declared)."""

    action_count: int | None = None
    score_bounds: tuple[int, int] | None = None
    max_steps: int | None = None
    end_triggers: tuple[str, ...] | None = None
    perfect_information: bool | None = None


# The note a run makes for each declaration the game does not make (a check it therefore skips).
DECLARATIONS: Mapping[str, str] = {
    "action_count": "codec: the game declares no info.action_count; action ids were not checked",
    "score_bounds": "score-bounds: the game declares no info.bounds; scores were not bounded",
    "max_steps": "length-bound: the game declares no info.bounds; games only had to end within the "
    "run's step limit",
    "end_triggers": "end-triggers: the game declares no info.end_triggers; the triggers a result names "
    "were not checked",
    "perfect_information": "determinize-vacuous: the game declares no info.information; taken to have "
    "hidden information, so its determinize had to resample something",
}


def declared(
    game: Game, players: int, options: Mapping[str, Any] | None = None, report: Report | None = None
) -> Declared:
    """What `game` declares for `players` and `options`; note each missing declaration in `report`.

    The declarations are the game's `info` (isla.core.info.GameInfo, read by its field names:
    `information`, `action_count`, `bounds(players, resolved options)` giving `scores` and `steps`,
    `end_triggers`, where empty means none declared). A declaration that is present but malformed
    is a failure of its own check, not a skip: a typo must not silently switch a check off.
    """
    info = getattr(game, "info", None)
    where = f"{game.name}, {players} players"
    values: dict[str, Any] = {}

    def whole(x: Any) -> bool:
        return isinstance(x, int) and not isinstance(x, bool)

    def malformed(check: str, what: str, value: Any) -> NoReturn:
        raise ConformanceFailure(check, f"the declaration info.{what} = {value!r} is malformed", where)

    if info is not None:
        count = getattr(info, "action_count", None)
        if count is not None:
            if not whole(count) or count < 1:
                malformed("codec", "action_count", count)
            values["action_count"] = count
        information = getattr(info, "information", None)
        if information is not None:
            if information not in INFORMATION:
                malformed("determinize-vacuous", "information", information)
            values["perfect_information"] = information == PERFECT
        bounds_of = getattr(info, "bounds", None)
        if bounds_of is not None:
            bounds = bounds_of(players, game.resolve_options(players, options))
            scores: Any = getattr(bounds, "scores", None)
            steps: Any = getattr(bounds, "steps", None)
            if not (isinstance(scores, Sequence) and len(scores) == 2 and all(whole(x) for x in scores)
                    and scores[0] <= scores[1]):
                malformed("score-bounds", "bounds(...).scores", scores)
            if not whole(steps) or steps < 1:
                malformed("length-bound", "bounds(...).steps", steps)
            values["score_bounds"] = (scores[0], scores[1])
            values["max_steps"] = steps
        triggers = getattr(info, "end_triggers", ())
        if triggers:
            if isinstance(triggers, str) or not all(isinstance(t, str) for t in triggers):
                malformed("end-triggers", "end_triggers", triggers)
            values["end_triggers"] = tuple(triggers)
    if report is not None:
        for key, missing in DECLARATIONS.items():
            if key not in values:
                report.note(missing)
    return Declared(**values)


class _Where:
    """The position of a check, for failure messages: game, players, seed, step, last actions."""

    def __init__(self, game: Game, players: int, seed: int | None, options: Mapping[str, Any]) -> None:
        self.game = game.name
        self.players = players
        self.seed = seed
        self.options = dict(options)
        self.step = 0
        self.history: list[str] = []

    def __str__(self) -> str:
        parts = [f"{self.game}, {self.players} players"]
        if self.seed is not None:
            parts.append(f"seed {self.seed}")
        if self.options:
            parts.append(f"options {self.options}")
        parts.append(f"step {self.step}")
        if self.history:
            parts.append("after " + " ".join(self.history[-4:]))
        return ", ".join(parts)

    def fail(self, check: str, message: str) -> NoReturn:
        raise ConformanceFailure(check, message, str(self))


@contextmanager
def _no_crash(where: _Where) -> Iterator[None]:
    """Turn anything a game raises where the protocol promises no error into a named failure."""
    try:
        yield
    except ConformanceFailure:
        raise
    except Exception as error:
        where.fail("no-crash", f"{type(error).__name__}: {' '.join(str(error).split())}")


def _dump(data: Any) -> str:
    """Canonical text of JSON data (sorted keys), so equal data gives equal text."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _plain_json(data: Any, what: str, where: _Where, check: str) -> str:
    """The canonical text of `data`, failing unless it is plain JSON that survives a round trip."""
    try:
        text = _dump(data)
    except (TypeError, ValueError) as error:
        where.fail(check, f"{what} is not JSON-serializable: {error}")
    if json.loads(text) != data:
        where.fail(check, f"{what} changes in a JSON round trip (tuples, non-string keys, NaN?)")
    return text


def _mentions(text: str, number: int) -> bool:
    """Whether the JSON text `text` contains the integer `number` (as a whole number, or in a string)."""
    return re.search(rf"(?<![0-9]){number}(?![0-9])", text) is not None


def _texts(actions: Iterable[Action]) -> list[str]:
    return [a.text for a in actions]


# --- static checks ----------------------------------------------------------------------------

def check_setup(game: Game, players: int, seed: int = 0, options: Mapping[str, Any] | None = None) -> None:
    """Checks that need no playout: deterministic setup and the refusal of bad arguments."""
    opts = dict(options or {})
    where = _Where(game, players, seed, opts)
    with _no_crash(where):
        _check_setup(game, players, seed, opts, where)


def _check_setup(game: Game, players: int, seed: int, opts: dict[str, Any], where: _Where) -> None:
    first = _plain_json(game.new_state(players, seed, opts).to_json(), "to_json()", where, "json")
    again = _dump(game.new_state(players, seed, opts).to_json())
    if first != again:
        where.fail("deterministic-setup", "two new_state calls with the same seed gave different states")

    for count in (game.min_players - 1, game.max_players + 1):
        try:
            game.new_state(count, seed, opts)
        except BadOption:
            pass
        except Exception as error:
            kind = type(error).__name__
            where.fail("bad-players", f"new_state with {count} players raised {kind}, not BadOption")
        else:
            where.fail("bad-players", f"new_state accepted {count} players")

    bad: list[tuple[str, Any]] = [("conformance-no-such-option", True)]
    for spec in game.option_specs:
        wrong: Any = {"bool": 1, "int": "3", "choice": "conformance-no-such-choice"}.get(spec.kind)
        if wrong is not None:
            bad.append((spec.name, wrong))
    for name, value in bad:
        try:
            game.new_state(players, seed, {**opts, name: value})
        except BadOption:
            pass
        except Exception as error:
            where.fail("bad-options", f"option {name}={value!r} raised {type(error).__name__}, not BadOption")
        else:
            where.fail("bad-options", f"new_state accepted option {name}={value!r}")

    for junk in ("not a state", [1, 2, 3], None):
        try:
            game.state_from_json(cast(Any, junk))
        except BadState:
            pass
        except Exception as error:
            where.fail("bad-state", f"state_from_json({junk!r}) raised {type(error).__name__}, not BadState")
        else:
            where.fail("bad-state", f"state_from_json({junk!r}) returned a state")


# --- checks of one position -------------------------------------------------------------------

class _Run:
    """What the checks along one playout share: where they are, their rng, what they found so far."""

    def __init__(self, where: _Where, *, aux: random.Random, report: Report, declared: Declared) -> None:
        self.where = where
        self.aux = aux
        self.report = report
        self.declared = declared
        self.stale: set[str] = set()  # texts legal somewhere earlier: realistic illegal actions
        self.ids: dict[str, int] = {}  # each action text's id, as first seen
        self.texts: dict[int, str] = {}  # each id's text, as first seen


def check_state(
    state: State,
    *,
    seed: int = 0,
    hidden: bool = True,
    every_action: bool = True,
    stale_texts: Iterable[str] = (),
) -> Report:
    """Check one position (any position: a playout step, a hand-written one, a loaded save).

    `stale_texts` are action texts that were legal somewhere else; those not legal here are used as
    realistic illegal actions. `seed` seeds the determinizations.
    """
    where = _Where(state.game, state.players, None, {})
    report = Report(state.game.name)
    with _no_crash(where):
        saved = state.to_json()
        # The bounds depend on the options; a position names them in its JSON if its game saves them.
        options = saved.get("options") if isinstance(saved, dict) else None
        found = declared(state.game, state.players, options if isinstance(options, dict) else None, report)
        run = _Run(where, aux=random.Random(seed), report=report, declared=found)
        run.stale.update(stale_texts)
        _check_state(state, run, hidden=hidden, every_action=every_action)
    return report


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_state(state: State, run: _Run, *, hidden: bool, every_action: bool) -> tuple[str, Any]:
    """All the per-position checks; return the position's canonical JSON text and that JSON.

    "Unchanged" is tested by comparing a fresh `to_json()` with the parsed snapshot: equal data,
    and far cheaper than encoding it again.
    """
    where = run.where
    game = state.game
    snap = _plain_json(state.to_json(), "to_json()", where, "json")
    full = json.loads(snap)

    # whose turn, and what they may do
    players = state.players
    mover = state.to_move
    if game.name != where.game or players != where.players:
        where.fail("to-move", f"the state says it is {game.name} with {players} players")
    seat_ok = _whole(mover) and 0 <= cast(int, mover) < players
    if mover is not None and not seat_ok:
        where.fail("to-move", f"to_move is {mover!r}, not None or a seat 0..{players - 1}")
    legal = state.legal_actions()
    if not isinstance(legal, list) or not all(isinstance(a, Action) for a in legal):
        where.fail("legal-nonempty", "legal_actions() must return a list of Action")
    if mover is None and legal:
        where.fail("legal-nonempty", f"the game is over but {len(legal)} actions are legal")
    if mover is not None and not legal:
        where.fail("legal-nonempty", f"seat {mover} is to move but no action is legal")
    texts = _texts(legal)
    if len(set(texts)) != len(texts):
        twice = sorted({t for t in texts if texts.count(t) > 1})
        where.fail("legal-unique", f"legal actions share a text: {', '.join(twice)}")
    legal.clear()
    if _texts(state.legal_actions()) != texts:
        where.fail("legal-copy", "clearing the list legal_actions() returned changed the state's actions")
    legal = state.legal_actions()
    for action in legal:
        text = str(action)
        if text != action.text or not text or any(c.isspace() for c in text):
            where.fail("notation", f"str(action) is {text!r}; it must be the action's single-token text")
        if state.parse_action(text) != action:
            where.fail("notation", f"the text {text!r} does not parse back to its action")
    _check_codec(legal, run)

    # saving and loading
    loaded = game.state_from_json(json.loads(snap))
    if loaded.to_json() != full:
        where.fail("json-roundtrip", "state_from_json(to_json()) gives a different to_json()")
    if loaded.to_move != mover or _texts(loaded.legal_actions()) != texts:
        where.fail("json-roundtrip", "the loaded state has another seat to move or other legal actions")

    _check_result(state, run)

    # what each seat sees
    rng_state = full.get("rng") if isinstance(full, dict) else None
    views: dict[int | None, Any] = {}
    for seat in [None, *range(players)]:
        view = state.view(seat)
        if not isinstance(view, dict):
            where.fail("view", f"view({seat}) is not a JSON object")
        seen = _plain_json(view, f"view({seat})", where, "view")
        if isinstance(rng_state, int) and abs(rng_state) >= 1 << 16 and _mentions(seen, rng_state):
            where.fail("view", f"view({seat}) contains the RNG state")
        views[seat] = json.loads(seen)

    # illegal actions change nothing
    pool = sorted(run.stale - set(texts))
    candidates: list[Any] = [_NO_SUCH_ACTION, Action(0, _NO_SUCH_ACTION), 12345]
    if pool:
        candidates.append(run.aux.choice(pool))
    for bad in candidates:
        try:
            state.apply(bad)
        except IllegalAction as error:
            message = str(error)
            if not message or "\n" in message:
                where.fail("illegal-action", f"the IllegalAction message for {bad!r} is not one line")
        except Exception as error:
            where.fail("illegal-action", f"apply({bad!r}) raised {type(error).__name__}, not IllegalAction")
        else:
            where.fail("illegal-action", f"apply({bad!r}) was accepted")
        if state.to_json() != full:
            where.fail("illegal-action", f"apply({bad!r}) raised but changed the state")
    batch = [texts[0], _NO_SUCH_ACTION, texts[0]] if texts else [_NO_SUCH_ACTION]
    try:
        state.apply_all(batch)
    except IllegalAction:
        pass
    else:
        where.fail("apply-all", f"apply_all({batch}) was accepted")
    if state.to_json() != full:
        where.fail("apply-all", f"apply_all({batch}) raised but changed the state")

    # every legal action leads somewhere
    if every_action:
        for action in legal:
            trial = state.clone()
            try:
                trial.apply(action)
            except Exception as error:
                kind = type(error).__name__
                where.fail("every-action", f"applying legal {action.text} raised {kind}: {error}")
            if trial.to_move is not None and not trial.legal_actions():
                where.fail("every-action", f"after {action.text} a seat is to move with no legal action")
        if state.to_json() != full:
            where.fail("clone-independent", "applying actions to clones changed the original")

    if hidden:
        for seat in range(players):
            _check_hidden(state, seat, full=full, views=views, run=run)
    return snap, full


def _check_codec(legal: Sequence[Action], run: _Run) -> None:
    """Ids are the declared codec: in range, distinct, and one text keeps one id (both ways)."""
    count = run.declared.action_count
    if count is None:
        return
    where = run.where
    for action in legal:
        if not _whole(action.id) or not 0 <= action.id < count:
            where.fail("codec", f"{action.text} has the id {action.id!r}, outside 0..{count - 1}")
        known = run.ids.setdefault(action.text, action.id)
        if known != action.id:
            where.fail("codec", f"{action.text} had the id {known} before and has {action.id} now")
        named = run.texts.setdefault(action.id, action.text)
        if named != action.text:
            where.fail("codec", f"the id {action.id} is {action.text} here but was {named} before")
    ids = [a.id for a in legal]
    if len(set(ids)) != len(ids):
        twice = sorted({i for i in ids if ids.count(i) > 1})
        where.fail("codec", f"legal actions share an id: {', '.join(map(str, twice))}")


def _check_result(state: State, run: _Run) -> None:
    """The result agrees with itself and with the game's declarations."""
    where = run.where
    result = state.result()
    over = state.to_move is None
    players = state.players
    if result.over != over:
        where.fail("result", f"result().over is {result.over} but to_move is {state.to_move}")
    if not len(result.scores) == len(result.tiebreaks) == len(result.ranks) == players:
        where.fail("result", "result() must give one score, tie-break and rank per seat")
    if not all(_whole(x) for x in [*result.scores, *result.tiebreaks, *result.ranks]):
        where.fail("result", "scores, tie-breaks and ranks must be whole numbers")
    expected = shared_ranks([(s, t) for s, t in zip(result.scores, result.tiebreaks, strict=True)])
    if result.ranks != expected:
        where.fail("result", f"ranks {result.ranks} do not follow scores and tie-breaks ({expected})")
    if result.nobody_wins and not over:
        where.fail("result", "nobody_wins is set while the game goes on")
    if result.nobody_wins and set(result.ranks) != {1}:
        where.fail("result", f"nobody_wins, yet the ranks {result.ranks} say some seat did better")
    if result.breakdown and (
        len(result.breakdown) != players or not all(isinstance(b, Mapping) for b in result.breakdown)
    ):
        where.fail("result", "a breakdown, when given, is one mapping per seat")
    _plain_json(result.to_json(), "result().to_json()", where, "result")

    bounds = run.declared.score_bounds
    if bounds is not None:
        low, high = bounds
        for seat, score in enumerate(result.scores):
            if not low <= score <= high:
                kind = "final" if over else "provisional"
                where.fail("score-bounds", f"seat {seat}'s {kind} score {score} is outside {low}..{high}")

    triggers = run.declared.end_triggers
    if triggers is not None:
        unknown = [t for t in result.end_triggers if t not in triggers]
        if unknown:
            where.fail("end-triggers", f"the result names {unknown[0]!r}, not a declared end trigger "
                       f"({', '.join(triggers)})")
        if over and not result.end_triggers:
            where.fail("end-triggers", "the game is over but its result names no end trigger")


def _check_hidden(state: State, seat: int, *, full: Any, views: Mapping[int | None, Any], run: _Run) -> None:
    """Two resamplings of what `seat` cannot know must look the same to `seat` (and to spectators)."""
    where = run.where
    report = run.report
    game = state.game
    aux = run.aux
    a, b, c = aux.getrandbits(32), aux.getrandbits(32), aux.getrandbits(32)
    first = state.determinize(seat, random.Random(a))
    if state.to_json() != full:
        where.fail("determinize", f"determinize({seat}, rng) changed the original state")
    d1 = first.to_json()
    if state.determinize(seat, random.Random(a)).to_json() != d1:
        where.fail("determinize", f"determinize({seat}, rng) with the same rng seed gave different states")
    second = state.determinize(seat, random.Random(b))
    d2 = second.to_json()
    report.hidden_checks += 1
    report.hidden_resampled += d1 != d2

    for viewer in (seat, None):
        seen = views[viewer]
        for name, other in (("a determinization", first), ("another determinization", second)):
            if other.view(viewer) != seen:
                who = "a spectator" if viewer is None else f"seat {viewer}"
                where.fail(
                    "hidden-view",
                    f"{who} sees a difference between the state and {name} for seat {seat}: the view "
                    "shows something that seat cannot know",
                )
    if first.to_move != state.to_move:
        where.fail("determinize", f"determinize({seat}) changed the seat to move")
    if state.to_move == seat and _texts(first.legal_actions()) != _texts(state.legal_actions()):
        where.fail("determinize", f"determinize({seat}) changed the legal actions of seat {seat} itself")
    expected = state.determinize(seat, random.Random(c)).to_json()
    for name, other in (("a determinization", first), ("another determinization", second)):
        if other.determinize(seat, random.Random(c)).to_json() != expected:
            where.fail(
                "determinize",
                f"determinize({seat}) with one rng seed gives different results from the state and from "
                f"{name}: it depends on hidden information (sort hidden pools before shuffling)",
            )
    text = _plain_json(d1, f"determinize({seat}).to_json()", where, "determinize")
    if game.state_from_json(json.loads(text)).to_json() != d1:
        where.fail("determinize", f"determinize({seat}) gave a state that does not survive a JSON round trip")


# --- playouts ---------------------------------------------------------------------------------

def check_playout(
    game: Game,
    players: int,
    seed: int,
    *,
    options: Mapping[str, Any] | None = None,
    max_steps: int = 10_000,
    hidden_every: int = 1,
    every_action: bool = True,
    policy: Policy = uniform,
    report: Report | None = None,
) -> list[str]:
    """Play one seeded random game, checking every step; return the chosen action texts.

    `hidden_every` > 0 runs the hidden-information checks every that many steps (0: never); they
    cost the most. `policy` picks the actions with `random.Random(seed)`, so a failure is reproducible.
    `max_steps` bounds the game when the game declares no bound of its own (`max_steps`).
    """
    opts = dict(options or {})
    report = report if report is not None else Report(game.name)
    where = _Where(game, players, seed, opts)
    with _no_crash(where):
        run = _Run(
            where, aux=random.Random(seed * 1_000_003 + 17), report=report,
            declared=declared(game, players, opts, report),
        )
        return _playout(game, seed, opts, run, max_steps=max_steps, hidden_every=hidden_every,
                        every_action=every_action, policy=policy)


def _playout(
    game: Game, seed: int, opts: dict[str, Any], run: _Run, *, max_steps: int, hidden_every: int,
    every_action: bool, policy: Policy,
) -> list[str]:
    where = run.where
    report = run.report
    players = where.players
    bound = run.declared.max_steps
    choose = random.Random(seed)
    state = game.new_state(players, seed, opts)
    seen: set[int] = set()
    trace: list[int] = []
    while True:
        hidden = hidden_every > 0 and where.step % hidden_every == 0
        snap, full = _check_state(state, run, hidden=hidden, every_action=every_action)
        key = hash(snap)
        if key in seen:
            where.fail("no-repeat", "random play reached a state it had already been in")
        seen.add(key)
        trace.append(key)
        if state.to_move is None:
            break
        if bound is not None and where.step >= bound:
            where.fail("length-bound", f"the game goes on after {bound} decisions, its declared bound")
        if where.step >= max_steps:
            where.fail("ends", f"the game did not end within {max_steps} steps")
        legal = state.legal_actions()
        run.stale.update(_texts(legal))
        chosen = policy(state, choose)
        if chosen not in legal:
            raise ValueError(f"the policy chose {chosen}, which is not legal")

        follower = state.clone()  # must not move when the original does
        twin = state.clone()  # must continue like the original
        if twin.to_json() != full:
            where.fail("clone-equal", "clone().to_json() differs from the original's")
        twin.apply(chosen)
        if state.to_json() != full:
            where.fail("clone-independent", f"applying {chosen.text} to a clone changed the original")
        loaded = game.state_from_json(json.loads(snap))
        loaded.apply(chosen.text)
        applied = state.apply(chosen.text)
        if applied != chosen:
            where.fail("notation", f"apply({chosen.text!r}) applied {applied.text!r}")
        where.history.append(chosen.text)
        where.step += 1
        after = state.to_json()
        if follower.to_json() != full:
            where.fail("clone-independent", f"applying {chosen.text} to the original changed a clone")
        if twin.to_json() != after:
            where.fail("clone-equal", f"a clone that applied {chosen.text} differs from the original")
        if loaded.to_json() != after:
            where.fail("json-roundtrip", f"a loaded copy that applied {chosen.text} differs from the state")

    report.playouts += 1
    report.steps += where.step
    report.longest = max(report.longest, where.step)
    _check_determinism(game, where, seed=seed, options=opts, trace=trace, final=full)
    return list(where.history)


def _check_determinism(
    game: Game, where: _Where, *, seed: int, options: dict[str, Any], trace: list[int], final: Any
) -> None:
    """Same seed, same actions, same states; and the game's record replays to the same end."""
    actions = list(where.history)
    players = where.players
    state = game.new_state(players, seed, options)
    for step, text in enumerate(actions):
        if hash(_dump(state.to_json())) != trace[step]:
            where.step = step
            where.history = actions[:step]
            where.fail("deterministic-play", "a second game with the same seed and actions differs here")
        state.apply(text)
    if state.to_json() != final:
        where.fail("deterministic-play", "a second game with the same seed and actions ends differently")

    resolved = game.resolve_options(players, options)  # a record names every option it was played with
    record = Record(game.name, players, seed, resolved, actions, [], game.version)
    try:
        loaded = Record.from_json(json.loads(json.dumps(record.to_json())))
    except BadState as error:
        where.fail("replay", f"the record does not load from its own JSON: {error}")
    if loaded != record:
        where.fail("replay", "the record changes in a JSON round trip")
    try:
        if game.name in game_names() and registered_game(game.name) is game:
            replayed = loaded.replay()
        else:  # a game outside the registry (a test's toy): replay the same way, through this game
            stored = game.stored_options(loaded.players, loaded.options)
            replayed = game.new_state(loaded.players, loaded.seed, stored)
            for text in loaded.actions:
                replayed.apply(text)
    except IslaError as error:
        where.fail("replay", f"the game's record does not replay: {error}")
    if replayed.to_json() != final:
        where.fail("replay", "replaying the game's record gives a different final state")


def check_game(
    game: Game,
    players: int,
    seeds: Sequence[int],
    *,
    options: Mapping[str, Any] | None = None,
    max_steps: int = 10_000,
    hidden_every: int = 1,
    every_action: bool = True,
    policy: Policy = uniform,
    expect_hidden: bool | None = None,
    report: Report | None = None,
) -> Report:
    """Run the static checks, then one checked random playout per seed; raise ConformanceFailure.

    With `expect_hidden`, the run also fails if no determinization ever differed from another
    (a game with hidden information whose determinize resamples nothing would pass vacuously).
    None, the default, expects hidden information unless the game declares `perfect_information`.
    `report` lets several calls add up into one report.
    """
    report = report if report is not None else Report(game.name)
    if expect_hidden is None:
        expect_hidden = not declared(game, players, options, report).perfect_information
    checks, resampled = report.hidden_checks, report.hidden_resampled
    for seed in seeds:
        check_setup(game, players, seed, options)
        check_playout(
            game, players, seed, options=options, max_steps=max_steps, hidden_every=hidden_every,
            every_action=every_action, policy=policy, report=report,
        )
    checks, resampled = report.hidden_checks - checks, report.hidden_resampled - resampled
    if expect_hidden and hidden_every > 0 and checks and not resampled:
        raise ConformanceFailure(
            "determinize-vacuous",
            f"{checks} pairs of determinizations were all identical",
            f"{game.name}, {players} players, seeds {list(seeds)}",
        )
    return report


__all__ = [
    "CHECKS",
    "DECLARATIONS",
    "ConformanceFailure",
    "Declared",
    "Policy",
    "Report",
    "check_game",
    "check_playout",
    "check_setup",
    "check_state",
    "declared",
    "uniform",
]
