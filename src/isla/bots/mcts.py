"""Information-set MCTS over the game protocol: any game, with or without a heuristic.

Each iteration samples a world consistent with what the bot's seat knows (`determinize`), walks one
shared tree keyed by action text (single-observer ISMCTS: a node's children are the actions seen so
far; a child is only eligible when legal in the sampled world, and its UCB uses how often it was
available), expands one action, then estimates the leaf with a short playout by the game's heuristic
and its evaluation function (each seat's prospects in [0, 1]). Every seat maximises its own value
(max^n), so the same tree serves 2 to 5 players. Wide decisions are tamed by progressive widening:
a node may only grow a new child when its visit count allows, and the heuristic's own choice is
always tried first and keeps a fading bonus in selection, which acts as a prior.

Budgets are iteration counts, so a bot's choice is reproducible; `Budget.seconds` optionally stops
early for a live table. A game may say that a decision deserves only a share of the budget (its
search hints' `effort`: in Puerto Rico each colonist placed gets a fifth of a role choice's).

A game that declares no heuristic (`GameInfo.heuristic`) is searched with random moves as the prior
and the playouts: each playout runs at most `generic_rollout_steps` random steps, and one cut off
before the end is judged by the provisional scores (`knowledge.score_values`). A game that declares
nothing at all (a test's toy outside the registry) has every playout played to the end.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from isla.bots.base import Bot, SeatAccess
from isla.bots.knowledge import Evaluator, Policy, has_bounds, knowledge, score_values, search_hints
from isla.core.protocol import Action, State


class Node:
    __slots__ = ("avail", "children", "prior", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0  # summed value for the seat that chose the action leading here
        self.prior: str | None = None  # the heuristic's choice at this node, tried first


def terminal_values(state: State) -> list[float]:
    """1 for the winners of a finished game (shared among tied winners), 0 for the others."""
    return state.result().win_shares()


def margin_values(scores: list[float], scale: float) -> list[float]:
    """Each seat's lead over the best other seat, squashed into (0, 1)."""
    out = []
    for i, mine in enumerate(scores):
        best_other = max(s for j, s in enumerate(scores) if j != i)
        out.append(1.0 / (1.0 + math.exp(-(mine - best_other) / scale)))
    return out


def random_policy(state: State, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions())


class MctsBot(Bot):
    kind = "mcts"

    # Tuned on Puerto Rico; see docs/bots.md.
    exploration = 0.3
    widening = 0.3  # children allowed at a node: 1 + widening * sqrt(visits)
    # Widening at the other seats' nodes; None: the same as ours. 0 models the others as playing
    # the game's heuristic (only its move is searched there, see ModelMctsBot).
    opponent_widening: float | None = None
    # A head start for the heuristic's move on its UCB score: bias * sqrt(parent visits) / (1 + visits),
    # as in PUCT, so the heuristic's choice keeps its lead until the search has real evidence against it
    # at every budget. History (docs/bots.md): a bonus that faded (bias / (1 + visits), bias 0.5) won
    # 45.8% at mcts:300 but drifted away from the heuristic at larger budgets (14.6% at mcts:1000 on
    # 24 games), where the growing bonus with bias 0.05 won 54.2% on the same deals.
    prior_bias = 0.05
    prior_grows = True  # False: the fading bonus bias / (1 + visits)
    # > 0: value = sigmoid(lead over the best other seat / scale) from the game's score estimates,
    # instead of its win chances. Off: at mcts:300 it did not help (27.1% at scale 5).
    margin_scale = 0.0
    _quiet: Callable[[State], bool] | None = None
    _estimates: Callable[[State], list[float]] | None = None
    rollout_steps = 60  # at most, for each quiet position the playout is to reach
    # A playout stops at the quiet_stops-th quiet position it reaches (the leaf counts): 1 judges the
    # leaf as soon as an evaluation is fair; more plays on by the heuristic through further decisions
    # (in Puerto Rico, through the next role choices), trading iterations for a better-informed estimate.
    quiet_stops = 1
    # Without a heuristic: the most random steps a playout takes before the scores judge it.
    generic_rollout_steps = 200
    _rollout_cap = 0  # set by choose (0: the heuristic's, rollout_steps * quiet_stops)

    def choose(self, access: SeatAccess) -> Action:
        legal = access.legal_actions()
        if len(legal) == 1:
            return legal[0]
        game = access.game
        known = knowledge(game)
        policy: Policy
        evaluate: Evaluator | None
        if known is not None:
            policy, evaluate, self._estimates = known.choose, known.evaluate, known.estimates
            self._rollout_cap = self.rollout_steps * self.quiet_stops
        else:
            policy, self._estimates = random_policy, None
            evaluate = score_values if has_bounds(game) else None
            self._rollout_cap = self.generic_rollout_steps
        hints = search_hints(game)
        self._quiet = hints.is_quiet if hints is not None else None
        root = Node()
        share = hints.effort(access.determinize(self.rng)) if hints is not None else 1.0
        iterations = max(1, round(self.budget.iterations * share))
        deadline = None if self.budget.seconds is None else time.perf_counter() + self.budget.seconds
        for _ in range(iterations):
            self._iterate(access, root, policy, evaluate)
            if deadline is not None and time.perf_counter() > deadline:
                break
        by_text = {a.text: a for a in legal}
        best = max(
            (text for text in root.children if text in by_text),
            key=lambda text: (root.children[text].visits, root.children[text].total),
            default=None,
        )
        return by_text[best] if best is not None else policy(access.determinize(self.rng), self.rng)

    def _iterate(self, access: SeatAccess, root: Node, policy: Policy, evaluate: Evaluator | None) -> None:
        rng = self.rng
        world = access.determinize(rng)
        node = root
        path: list[tuple[Node, int]] = []  # (child, seat that chose it)
        while world.to_move is not None:
            seat = world.to_move
            legal = world.legal_actions()
            children = node.children
            widening = self.widening
            if seat != self.seat and self.opponent_widening is not None:
                widening = self.opponent_widening
            allowed = 1 + int(widening * math.sqrt(node.visits))
            untried = [a for a in legal if a.text not in children]
            if untried and len(children) < allowed:
                action = self._expansion_choice(node, world, untried, policy)
                child = Node()
                children[action.text] = child
                for a in legal:
                    seen = children.get(a.text)
                    if seen is not None:
                        seen.avail += 1
                world.apply_unchecked(action)
                path.append((child, seat))
                break
            best_child: Node | None = None
            best_action: Action | None = None
            best_score = -1.0
            # PUCT-like: the prior's bonus keeps pace with the parent's visits instead of fading.
            parent_scale = math.sqrt(node.visits) if self.prior_grows else 1.0
            for a in legal:
                c = children.get(a.text)
                if c is None:
                    continue
                c.avail += 1
                score = c.total / c.visits + self.exploration * math.sqrt(math.log(c.avail) / c.visits)
                if a.text == node.prior:
                    score += self.prior_bias * (parent_scale / (1 + c.visits))
                if score > best_score:
                    best_score, best_child, best_action = score, c, a
            if best_child is None or best_action is None:  # nothing seen yet is legal here
                action = self._expansion_choice(node, world, legal, policy)
                best_child = Node()
                best_child.avail = 1
                children[action.text] = best_child
                best_action = action
            world.apply_unchecked(best_action)
            path.append((best_child, seat))
            node = best_child
        values = self._playout(world, policy, evaluate)
        root.visits += 1
        for child, seat in path:
            child.visits += 1
            child.total += values[seat]

    def _expansion_choice(self, node: Node, world: State, candidates: list[Action], policy: Policy) -> Action:
        """The heuristic's own move first (a prior), then the others at random."""
        if node.prior is None:
            node.prior = policy(world, self.rng).text
        for a in candidates:
            if a.text == node.prior:
                return a
        return self.rng.choice(candidates)

    def _playout(self, world: State, policy: Policy, evaluate: Evaluator | None) -> list[float]:
        rng = self.rng
        cap = self._rollout_cap or self.rollout_steps * self.quiet_stops
        steps = cap if evaluate is not None else 1_000_000
        quiet = self._quiet
        stops = self.quiet_stops
        while world.to_move is not None and steps > 0:
            if quiet is not None and quiet(world):
                stops -= 1
                if stops <= 0:
                    break
            world.apply_unchecked(policy(world, rng))
            steps -= 1
        if self.margin_scale > 0 and self._estimates is not None:
            if world.to_move is None:
                result = world.result()
                scores = [s + 0.01 * t for s, t in zip(result.scores, result.tiebreaks, strict=True)]
            else:
                scores = self._estimates(world)
            return margin_values(scores, self.margin_scale)
        if world.to_move is None or evaluate is None:
            return terminal_values(world)
        return evaluate(world)


class ModelMctsBot(MctsBot):
    """MCTS that searches only its own moves and expects the other seats to play the heuristic.

    Plain max^n lets the search find, at every other seat's node, the reply that hurts it most on
    a noisy estimate; with large budgets it then fears replies real players rarely make and drifts
    from sound moves (in Puerto Rico mcts:5000 won less often against heuristics than mcts:1000).
    Modelling the others by the heuristic spends the whole budget on the seat's own choices.
    docs/bots.md has the measurements.
    """

    kind = "mcts-model"
    needs = "heuristic"  # the other seats' model
    opponent_widening = 0.0


class RoundMctsBot(ModelMctsBot):
    """The opponent-model search with playouts through a round of roles before the evaluation.

    With the other seats modelled, more iterations stopped buying strength in Puerto Rico
    (mcts-model:2500 about level with mcts-model:600): the leaf evaluation, not the search, limits
    it. Playing on by the heuristic through the next role choices (four quiet positions: a round of
    roles with four players) lets the evaluation see what the next roles make of a decision, at about
    four times the cost of an iteration. docs/bots.md has the measurements.
    """

    kind = "mcts-round"
    quiet_stops = 4
