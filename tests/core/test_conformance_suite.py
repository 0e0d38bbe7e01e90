"""The conformance suite itself: it passes a sound game and fails each deliberately broken one.

A check that cannot fail proves nothing, so every check of `isla.core.conformance` is run here
against a tiny toy game ("pebbles") with exactly one defect switched on, and must report that
defect under the check's name. The sound toy must pass, or the failures would mean nothing.

Pebbles: players take turns; on a turn a player takes 1 or 2 pebbles from a pile (scoring them),
draws the top card of a face-down deck of cards 1-6 (scoring its value), or, once per game, rolls a
die (scoring 1-6). The game ends when the pile is empty. The deck order and the RNG are hidden.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Self

import pytest

from isla.core import rng as rnglib
from isla.core.conformance import CHECKS, ConformanceFailure, check_game, check_playout, check_state
from isla.core.errors import BadState
from isla.core.protocol import JSON, Action, Game, OptionSpec, Result, State, resolve_options, shared_ranks

TEXTS = ("take:1", "take:2", "draw", "roll", "wait")
ACTIONS = {text: Action(i, text) for i, text in enumerate(TEXTS)}
_calls = itertools.count()  # only the "setup-not-deterministic" defect reads it


class ShoutingAction(Action):
    """An action whose str() is not its text (the "text-mismatch" defect)."""

    __slots__ = ()

    def __str__(self) -> str:
        return self.text.upper()


@dataclass(frozen=True)
class ToyBounds:
    """The shape of isla.core.info.Bounds: the final scores' range and the most decisions."""

    scores: tuple[int, int]
    steps: int


def _bounds(players: int, options: Mapping[str, Any]) -> ToyBounds:
    # A seat scores at most the whole pile, the whole deck (1 + ... + 6) and one die; a game takes
    # at most one turn per pebble, six draws and one roll per seat.
    pile = options["pile"]
    return ToyBounds((0, pile + 21 + 6), pile + 6 + players)


@dataclass(frozen=True)
class ToyInfo:
    """The declarations the suite reads, by the field names of isla.core.info.GameInfo."""

    information: str | None = "imperfect"
    action_count: int | None = len(TEXTS)
    bounds: Callable[[int, Mapping[str, Any]], ToyBounds] | None = _bounds
    end_triggers: tuple[str, ...] = ("pile",)


_INFO_DEFECTS: dict[str, ToyInfo | None] = {
    "undeclared": None,
    "score-bounds-too-tight": ToyInfo(bounds=lambda n, o: ToyBounds((0, 3), _bounds(n, o).steps)),
    "score-bounds-malformed": ToyInfo(bounds=lambda n, o: ToyBounds((9, 1), _bounds(n, o).steps)),
    "length-bound-too-small": ToyInfo(bounds=lambda n, o: ToyBounds(_bounds(n, o).scores, 4)),
    "endless": ToyInfo(bounds=None),  # with no bound declared, only the run's own step limit stops it
    "codec-too-small": ToyInfo(action_count=3),
}


class Pebbles(Game):
    name = "pebbles"
    title = "Pebbles (a conformance test toy)"
    min_players = 2
    max_players = 3
    version = "pebbles-1"
    option_specs = (OptionSpec("pile", "int", 12, "pebbles in the pile", minimum=3, maximum=40),)

    def __init__(self, defect: str = "") -> None:
        self.defect = defect
        self.info: ToyInfo | None = _INFO_DEFECTS.get(defect, ToyInfo())
        self.finished = 0  # games this Game saw end (the "remembers-games" defect reads it)

    def stored_options(self, players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        stored = super().stored_options(players, options)
        if self.defect == "stored-options-wrong":
            stored["pile"] += 1
        return stored

    def new_state(
        self, players: int, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> PebblesState:
        if self.defect == "players-unchecked":
            opts = resolve_options(self.name, self.option_specs, players, options)
        elif self.defect == "options-unchecked":
            self.check_players(players)
            opts = {"pile": 12}
        else:
            opts = self.resolve_options(players, options)
        if self.defect == "setup-not-deterministic":
            seed += next(_calls)
        deck = [1, 2, 3, 4, 5, 6]
        rng = rnglib.shuffle(rnglib.seed_state(seed), deck)
        pile = opts["pile"]
        return PebblesState(
            self, players, start=pile, pile=pile, deck=deck, rng=rng, scores=[0] * players,
            rolled=[0] * players,
        )

    def state_from_json(self, data: Mapping[str, Any]) -> PebblesState:
        if self.defect == "from-json-unchecked":
            return self._read(data)
        try:
            return self._read(data)
        except (KeyError, TypeError, AttributeError, ValueError) as error:
            raise BadState(f"not a pebbles state: {error!r}") from None

    def _read(self, data: Mapping[str, Any]) -> PebblesState:
        rng = data["rng"] if "rng" in data else rnglib.seed_state(0)
        state = PebblesState(
            self, data["players"], start=data["start"], pile=data["pile"], deck=list(data["deck"]), rng=rng,
            scores=list(data["scores"]), rolled=list(data["rolled"]),
        )
        state.turn = data["turn"]
        state.laps = data["laps"]
        state.refresh()
        return state

    def explain_illegal(self, state: State, text: str) -> str:  # noqa: ARG002 - the toy needs no state
        if self.defect == "illegal-message-multiline":
            return "not legal\nat all"
        return f"{text} is not one of this turn's choices"


class PebblesState(State):
    __slots__ = ("_game", "deck", "laps", "legal", "n", "pile", "rng", "rolled", "scores", "start", "turn")

    def __init__(
        self, game: Pebbles, n: int, *, start: int, pile: int, deck: list[int], rng: int,
        scores: list[int], rolled: list[int],
    ) -> None:
        self._game = game
        self.n = n
        self.start = start
        self.pile = pile
        self.deck = deck
        self.rng = rng
        self.scores = scores
        self.rolled = rolled
        self.turn = 0
        self.laps = 0
        self.legal: list[Action] = []
        self.refresh()

    @property
    def defect(self) -> str:
        return self._game.defect

    @property
    def game(self) -> Game:
        return self._game

    @property
    def players(self) -> int:
        return self.n

    @property
    def to_move(self) -> int | None:
        if self.pile == 0:
            return None
        if self.defect == "to-move-off-by-one":
            return self.turn + 1
        return self.turn

    def refresh(self) -> None:
        """Cache the legal actions (like a fast engine would)."""
        if self.pile == 0:
            self.legal = []
            return
        if self.defect.startswith("legal-stuck") and self.pile == 1:
            self.legal = []
            return
        texts = ["take:1"]
        if self.pile >= 2:
            texts.append("take:2")
        if self.deck:
            texts.append("draw")
        if not self.rolled[self.turn]:
            texts.append("roll")
        if self.defect == "wait-cycle":
            texts.append("wait")
        if self.defect == "legal-duplicate":
            texts.append("take:1")
        if self.defect == "text-mismatch":
            self.legal = [ShoutingAction(ACTIONS[t].id, t) for t in texts]
        elif self.defect == "codec-shared-id":
            self.legal = [Action(0, t) for t in texts]
        elif self.defect == "codec-id-moves":
            self.legal = [Action((ACTIONS[t].id + self.pile) % len(TEXTS), t) for t in texts]
        else:
            self.legal = [ACTIONS[t] for t in texts]

    def legal_actions(self) -> list[Action]:
        if self.defect == "legal-shared":
            return self.legal
        return list(self.legal)

    def parse_action(self, action: Action | str) -> Action:
        if self.defect == "accepts-illegal":
            text = action.text if isinstance(action, Action) else action
            fallback = self.legal[0] if self.legal else ACTIONS["wait"]
            return next((a for a in self.legal if a.text == text), fallback)
        return super().parse_action(action)

    def apply(self, action: Action | str) -> Action:
        if self.defect == "apply-not-atomic":
            self.scores[0] += 1  # a bonus paid before the action is checked
            chosen = self.parse_action(action)
            self.scores[0] -= 1
            self.apply_unchecked(chosen)
            return chosen
        return super().apply(action)

    def apply_all(self, actions: Sequence[Action | str]) -> list[Action]:
        if self.defect == "apply-all-partial":
            return [self.apply(a) for a in actions]
        return super().apply_all(actions)

    def apply_unchecked(self, action: Action) -> None:
        p = self.turn
        if action.text == "take:1":
            self.pile -= 1
            self.scores[p] += 1
        elif action.text == "take:2":
            self.pile -= 2
            self.scores[p] += 2
        elif action.text == "draw":
            self.scores[p] += self.deck.pop()
            if self.defect == "draw-crashes" and len(self.deck) == 1:
                raise IndexError("the deck ran out")
        elif action.text == "roll":
            if self.defect == "roll-not-deterministic":
                value = next(_calls) % 6
            else:
                self.rng, value = rnglib.below(self.rng, 6)
            if self.defect == "remembers-games":
                value = (value + self._game.finished) % 6
            self.scores[p] += value + 1
            self.rolled[p] = 1
        self.turn = (p + 1) % self.n
        if self.pile == 0:
            self._game.finished += 1
        if self.defect == "endless" and self.pile == 0:
            self.pile = self.start
            self.laps += 1
        self.refresh()

    def clone(self) -> Self:
        deck = self.deck if self.defect == "clone-shares-deck" else self.deck[:]
        copy = type(self)(
            self._game, self.n, start=self.start, pile=self.pile, deck=deck, rng=self.rng,
            scores=self.scores[:], rolled=self.rolled[:],
        )
        copy.turn = self.turn
        copy.laps = self.laps
        copy.refresh()
        return copy

    def view(self, seat: int | None) -> JSON:
        data: JSON = {
            "seat": seat, "to_move": self.to_move, "pile": self.pile, "deck_size": len(self.deck),
            "scores": list(self.scores), "rolled": list(self.rolled), "laps": self.laps,
        }
        if self.defect == "view-leaks-rng":
            data["rng"] = self.rng
        if self.defect == "view-leaks-rng-bits":
            data["luck"] = self.rng % 997
        if self.defect == "view-crashes" and self.pile == 1:
            raise KeyError("pile")
        if self.defect == "view-leaks-deck" and self.deck:
            data["next_card"] = self.deck[-1]
        return data

    def result(self) -> Result:
        key = [-s if self.defect == "ranks-reversed" else s for s in self.scores]
        over = self.pile == 0
        triggers = ["pile"] if over else []
        if self.defect == "trigger-undeclared" and over:
            triggers.append("boredom")
        if self.defect == "trigger-missing":
            triggers = []
        return Result(
            over, list(self.scores), [0] * self.n, shared_ranks([(k, 0) for k in key]),
            end_triggers=triggers, nobody_wins=self.defect == "nobody-wins-early" and self.pile < 3,
        )

    def to_json(self) -> JSON:
        data: JSON = {
            "game": "pebbles", "players": self.n, "start": self.start, "pile": self.pile,
            "deck": list(self.deck), "scores": list(self.scores), "rolled": list(self.rolled),
            "turn": self.turn, "laps": self.laps, "rng": self.rng,
        }
        if self.defect == "json-drops-rng":
            del data["rng"]
        if self.defect == "json-not-plain":
            data["scores"] = tuple(self.scores)
        return data

    def determinize(self, seat: int, rng: random.Random) -> Self:  # noqa: ARG002 - nothing is seat-private
        if self.defect == "determinize-keeps-all":
            return self.clone()
        if self.defect == "determinize-mutates":
            rng.shuffle(self.deck)
            copy = self.clone()
        else:
            copy = self.clone()
            if self.defect != "determinize-unsorted":
                copy.deck.sort()
            rng.shuffle(copy.deck)
        copy.rng = rnglib.seed_state(rng.getrandbits(64))
        return copy


SEEDS = range(12)


@pytest.mark.parametrize("players", [2, 3])
def test_the_sound_toy_passes_every_check(players: int) -> None:
    report = check_game(Pebbles(), players, SEEDS)
    assert report.playouts == len(SEEDS)
    assert report.steps > 5 * len(SEEDS)
    assert report.hidden_resampled > 0


def test_check_state_accepts_a_sound_position_and_returns_what_it_covered() -> None:
    state = Pebbles().new_state(2, seed=4)
    state.apply("draw")
    report = check_state(state, stale_texts=["wait"])
    assert report.hidden_checks == 2


# Each defect and the check that must catch it.
DEFECTS = {
    "setup-not-deterministic": "deterministic-setup",
    "players-unchecked": "bad-players",
    "options-unchecked": "bad-options",
    "from-json-unchecked": "bad-state",
    "to-move-off-by-one": "to-move",
    "legal-stuck": "legal-nonempty",
    "legal-stuck-seen-ahead": "every-action",
    "legal-duplicate": "legal-unique",
    "legal-shared": "legal-copy",
    "text-mismatch": "notation",
    "json-not-plain": "json",
    "json-drops-rng": "json-roundtrip",
    "roll-not-deterministic": "clone-equal",
    "clone-shares-deck": "clone-independent",
    "wait-cycle": "no-repeat",
    "endless": "ends",
    "draw-crashes": "every-action",
    "accepts-illegal": "illegal-action",
    "apply-not-atomic": "illegal-action",
    "illegal-message-multiline": "illegal-action",
    "apply-all-partial": "apply-all",
    "ranks-reversed": "result",
    "view-leaks-rng": "view",
    "view-leaks-rng-bits": "hidden-view",
    "view-leaks-deck": "hidden-view",
    "determinize-unsorted": "determinize",
    "determinize-mutates": "determinize",
    "determinize-keeps-all": "determinize-vacuous",
    "nobody-wins-early": "result",
    "codec-too-small": "codec",
    "codec-shared-id": "codec",
    "codec-id-moves": "codec",
    "score-bounds-too-tight": "score-bounds",
    "score-bounds-malformed": "score-bounds",
    "length-bound-too-small": "length-bound",
    "trigger-undeclared": "end-triggers",
    "trigger-missing": "end-triggers",
    "remembers-games": "deterministic-play",
    "stored-options-wrong": "replay",
    "view-crashes": "no-crash",
}


# "every-action" looks one step ahead and would catch this first; switch it off to see the other.
LOOKAHEAD_OFF = {"legal-stuck"}


@pytest.mark.parametrize(("defect", "check"), sorted(DEFECTS.items()))
def test_each_defect_is_caught_by_its_check(defect: str, check: str) -> None:
    assert check in CHECKS
    with pytest.raises(ConformanceFailure) as caught:
        check_game(Pebbles(defect), 2, SEEDS, max_steps=200, every_action=defect not in LOOKAHEAD_OFF)
    assert caught.value.check == check, str(caught.value)
    assert str(caught.value).startswith(f"[{check}] ")


def test_a_failure_says_where_it_happened() -> None:
    with pytest.raises(ConformanceFailure) as caught:
        check_playout(Pebbles("legal-stuck"), 2, seed=5)
    where = caught.value.where
    assert "pebbles, 2 players, seed 5" in where
    assert "step " in where and "after " in where


def test_every_check_has_a_defect_that_trips_it() -> None:
    assert set(DEFECTS.values()) == set(CHECKS)


def test_a_game_that_declares_nothing_passes_with_a_note_for_each_skipped_check() -> None:
    report = check_game(Pebbles("undeclared"), 2, SEEDS)
    assert report.playouts == len(SEEDS)
    skipped = sorted(note.split(":")[0] for note in report.notes)
    assert skipped == ["codec", "determinize-vacuous", "end-triggers", "length-bound", "score-bounds"]
    assert check_game(Pebbles(), 2, SEEDS).notes == []


def test_a_game_declaring_perfect_information_need_not_resample_anything() -> None:
    toy = Pebbles("determinize-keeps-all")
    toy.info = replace(ToyInfo(), information="perfect")
    report = check_game(toy, 2, SEEDS)
    assert report.hidden_checks > 0
    assert report.hidden_resampled == 0


def test_every_check_is_in_the_table_of_docs_python_md() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "python.md").read_text(encoding="utf-8")
    table = {line.split("|")[1].strip().strip("`") for line in page.splitlines() if line.startswith("| `")}
    assert set(CHECKS) <= table, sorted(set(CHECKS) - table)
