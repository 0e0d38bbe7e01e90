"""Lagoon, the rules: canoes race across a lagoon to the reef.

2-4 players; option `course` (6-30, default 12): the distance to the reef. Each seat is dealt one
current card (1-3, from a deck of two of each) that only it sees. In turn, from seat 0, a seat
paddles (1 ahead), sails (1-3 ahead, by the roll of a die) or, once, rides its current (the card's
value plus 1 ahead, and the card is shown). The first canoe to reach the reef ends the game at once
and scores 3 more ("reef"); else the tide turns after round 8 ("tide"). A seat scores the distance
it covered. Every turn moves a canoe on, so no position comes back.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from isla.core import (
    IMPERFECT,
    JSON,
    Action,
    BadState,
    Bounds,
    Game,
    GameInfo,
    IslaError,
    Level,
    OptionSpec,
    OptionText,
    Result,
    State,
    shared_ranks,
)
from isla.core import rng as rnglib

PADDLE, SAIL, CURRENT = ACTIONS = (Action(0, "paddle"), Action(1, "sail"), Action(2, "current"))
ROUNDS, REEF_BONUS, DECK = 8, 3, (1, 1, 2, 2, 3, 3)
FIELDS = ("players", "course", "positions", "cards", "shown", "deck", "seat", "round", "ends", "rng")
TYPES = (int, int, list, list, list, list, int, int, list, int)


def _copied(fields: Mapping[str, Any]) -> dict[str, Any]:
    return {name: list(value) if isinstance(value, list) else value for name, value in fields.items()}


class LagoonState(State):
    __slots__ = ("_game", *FIELDS)

    def __init__(self, game: LagoonGame, **fields: Any) -> None:
        self._game = game
        for name in FIELDS:
            setattr(self, name, fields[name])

    @property
    def game(self) -> Game:
        return self._game

    @property
    def to_move(self) -> int | None:
        return None if self.ends else self.seat

    def legal_actions(self) -> list[Action]:
        if self.ends:
            return []
        return [PADDLE, SAIL] if self.shown[self.seat] else [PADDLE, SAIL, CURRENT]

    def apply_unchecked(self, action: Action) -> None:
        seat = self.seat
        if action.id == SAIL.id:
            self.rng, roll = rnglib.below(self.rng, 3)
            ahead = roll + 1
        elif action.id == CURRENT.id:
            ahead, self.shown[seat] = self.cards[seat] + 1, True
        else:
            ahead = 1
        self.positions[seat] = min(self.course, self.positions[seat] + ahead)
        if self.positions[seat] == self.course:
            self.ends = ["reef"]
            return
        self.seat = (seat + 1) % self.players
        if self.seat == 0:
            self.round += 1
            if self.round > ROUNDS:
                self.ends = ["tide"]

    def clone(self) -> LagoonState:
        return LagoonState(self._game, **_copied({name: getattr(self, name) for name in FIELDS}))

    def view(self, seat: int | None) -> JSON:
        data = self.to_json()
        del data["rng"], data["deck"]
        data["cards"] = [c if self.shown[s] or s == seat else None for s, c in enumerate(self.cards)]
        legal = [a.text for a in self.legal_actions()] if seat == self.to_move else []
        return {**data, "seat": seat, "to_move": self.to_move, "legal": legal}

    def result(self) -> Result:
        parts = []
        for position in self.positions:
            reef = REEF_BONUS if position == self.course else 0
            parts.append({"distance": position, "reef": reef, "total": position + reef})
        scores = [part["total"] for part in parts]
        ranks = shared_ranks([(score,) for score in scores])
        return Result(bool(self.ends), scores, [0] * self.players, ranks, parts, list(self.ends))

    def to_json(self) -> JSON:
        fields = _copied({name: getattr(self, name) for name in FIELDS})
        return {"game": self._game.name, **fields, "options": {"course": self.course}}

    def determinize(self, seat: int, rng: random.Random) -> LagoonState:
        """Deal the cards `seat` has not seen again: the others' unshown cards and the deck."""
        copy = self.clone()
        hidden = [s for s in range(self.players) if s != seat and not self.shown[s]]
        pool = sorted(copy.deck + [copy.cards[s] for s in hidden])
        rng.shuffle(pool)
        for s in hidden:
            copy.cards[s] = pool.pop()
        copy.deck, copy.rng = pool, rnglib.seed_state(rng.getrandbits(64))
        return copy

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LagoonState) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


class LagoonGame(Game):
    name, title, version = "lagoon", "Lagoon", "lagoon-1"
    min_players, max_players = 2, 4
    option_specs = (OptionSpec("course", "int", 12, "the distance to the reef", minimum=6, maximum=30),)
    info = GameInfo(
        information=IMPERFECT,  # the current cards
        action_count=len(ACTIONS),
        bounds=lambda players, options: Bounds((0, options["course"] + REEF_BONUS), ROUNDS * players),
        heuristic="lagoon.heuristic",
        levels={"hard": Level("mcts", 400)},  # a race this short is searched well without a model
        text_board="lagoon.textboard",
        end_triggers=("reef", "tide"),
        score_split=(("distance", "distance"), ("reef", "reef")),
    )

    def option_texts(self) -> Mapping[str, OptionText]:
        return {"course": OptionText("Length of the course", "How far the reef lies from the beach: "
                                     "a longer course makes a longer race.")}

    def new_state(self, players: int, seed: int = 0, options: Mapping[str, Any] | None = None) -> LagoonState:
        course = self.resolve_options(players, options)["course"]
        deck = list(DECK)
        rng = rnglib.shuffle(rnglib.seed_state(self.check_seed(seed)), deck)
        cards = [deck.pop() for _ in range(players)]
        return LagoonState(self, players=players, course=course, positions=[0] * players, cards=cards,
                           shown=[False] * players, deck=deck, seat=0, round=1, ends=[], rng=rng)

    def catalog(self) -> JSON:
        """The players' words for its view, actions and ends: Lagoon declares no board of its own, and
        the browser's generic board reads these (docs/browser.md)."""
        return {"words": {
            "labels": {"positions": "Distance covered", "cards": "Current card", "shown": "Card shown",
                       "course": "To the reef", "ends": "Ended by", "distance": "Distance",
                       "reef": "Reef bonus"},
            "values": {"reef": "the reef", "tide": "the tide"},
            "actions": {"paddle": "1 ahead.", "sail": "1 to 3 ahead, by the roll of a die.",
                        "current": "Your current card plus 1 ahead, once: the card is then shown."},
            "end_triggers": {"reef": "a canoe reached the reef", "tide": "the tide turned after round 8"},
        }}

    def state_from_json(self, data: Mapping[str, Any]) -> LagoonState:
        try:
            fields = {name: data[name] for name in FIELDS}
            if not all(isinstance(fields[name], kind) for name, kind in zip(FIELDS, TYPES, strict=True)):
                raise TypeError("a field has the wrong type")
            players, course = fields["players"], fields["course"]
            self.resolve_options(players, {"course": course})
            if any(len(fields[k]) != players for k in ("positions", "cards", "shown")):
                raise ValueError("the seats do not match the player count")
            if not 0 <= fields["seat"] < players or not all(isinstance(b, bool) for b in fields["shown"]):
                raise ValueError("no such seat, or a card neither shown nor hidden")
            if sorted(fields["cards"] + fields["deck"]) != sorted(DECK):
                raise ValueError("the cards are not the deck")
            if not all(isinstance(p, int) and 0 <= p <= course for p in fields["positions"]):
                raise ValueError("a position is off the course")
            if fields["ends"] not in ([], ["reef"], ["tide"]):
                raise ValueError(f"no such end: {fields['ends']}")
        except (KeyError, TypeError, ValueError, IslaError) as error:
            raise BadState(f"not a lagoon state: {error}") from None
        return LagoonState(self, **_copied(fields))


GAME = LagoonGame()
