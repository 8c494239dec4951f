"""Game-independent search: information-set Monte Carlo tree search and expectimax.

Both know games only through the interface (STYLE 10). The search never looks at the true state:
each iteration starts from ``game.state_from_view(view, rng)`` — for perfect-information games the
state itself, for hidden information a world consistent with what the seat can see (single-observer
IS-MCTS: the tree is keyed by actions in notation, and a child's "availability" counts how often it
was legal in the sampled worlds). Chance nodes are sampled by their probabilities. Evaluation is
separate from search: a rollout policy plays sampled worlds to the end (or to a step limit).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from tabletop.agents.base import Decision
from tabletop.core import CHANCE, SampledChanceError, State

Evaluator = Callable[[State[Any], random.Random], Sequence[float]]
"""Returns each seat's estimated return from a state (a rollout, a heuristic, a network)."""


def random_rollout(max_steps: int = 2_000) -> Evaluator:
    """An evaluator that plays uniformly random legal actions to the end (or ``max_steps``)."""

    def evaluate(state: State[Any], rng: random.Random) -> Sequence[float]:
        steps = 0
        while not state.is_terminal and steps < max_steps:
            if state.is_chance:
                state = state.apply(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state = state.apply(legal[rng.randrange(len(legal))])
            steps += 1
        return state.returns()

    return evaluate


@dataclass
class _Node:
    """Statistics of one action sequence from the root."""

    player: int  #: who acted to reach this node (CHANCE for a chance outcome)
    visits: int = 0
    total: float = 0.0  #: sum of the returns of ``player`` through this node
    available: int = 0  #: how often this action was legal when its parent was visited
    children: dict[str, _Node] = field(default_factory=dict)


class MCTSAgent:
    """UCT over sampled worlds (IS-MCTS), with a rollout evaluator; picks the most-visited action.

    ``simulations`` bounds the iterations; ``time_budget`` (seconds), if set, bounds them too — an
    opt-in that is not reproducible: how many iterations fit depends on the machine and its load, so
    the same seed may choose differently. The named levels never set it.
    """

    def __init__(self, simulations: int = 300, exploration: float = 1.4, evaluator: Evaluator | None = None,
                 time_budget: float | None = None, name: str = "mcts") -> None:
        self.simulations = simulations
        self.exploration = exploration
        self.evaluator = evaluator or random_rollout()
        self.time_budget = time_budget
        self.name = name

    def choose(self, decision: Decision, rng: random.Random) -> Any:
        """The legal action the search likes best."""
        legal = decision.legal_actions
        if len(legal) == 1:
            return legal[0]
        root = _Node(player=CHANCE)
        deadline = None if self.time_budget is None else time.perf_counter() + self.time_budget
        for _ in range(self.simulations):
            world = decision.game.state_from_view(decision.view, rng)
            self._iterate(root, world, rng)
            if deadline is not None and time.perf_counter() > deadline:
                break
        by_text = {str(a): a for a in legal}
        best = max(by_text, key=lambda text: (root.children[text].visits if text in root.children else -1,
                                             root.children[text].total if text in root.children else 0.0))
        return by_text[best]

    def _iterate(self, root: _Node, state: State[Any], rng: random.Random) -> None:
        node, path = root, [root]
        while not state.is_terminal:
            if state.is_chance:
                action = state.sample_chance(rng)
                node = node.children.setdefault(str(action), _Node(player=CHANCE))
                state = state.apply(action)
                path.append(node)
                continue
            player = state.current_player
            legal = state.legal_actions()
            children = []
            for action in legal:
                child = node.children.get(str(action))
                if child is None:  # expand one untried action, then evaluate
                    child = node.children[str(action)] = _Node(player=player)
                    child.available += 1
                    state = state.apply(action)
                    path.append(child)
                    self._backpropagate(path, self.evaluator(state, rng))
                    return
                child.available += 1
                children.append((action, child))
            action, node = max(children, key=lambda pair: self._ucb(pair[1]))
            state = state.apply(action)
            path.append(node)
        self._backpropagate(path, state.returns())

    def _ucb(self, child: _Node) -> float:
        mean = child.total / child.visits
        return mean + self.exploration * math.sqrt(math.log(max(child.available, 1)) / child.visits)

    @staticmethod
    def _backpropagate(path: list[_Node], returns: Sequence[float]) -> None:
        for node in path:
            node.visits += 1
            if node.player >= 0:
                node.total += returns[node.player]


class ExpectimaxAgent:
    """Exact expected value by memoised recursion over chance outcomes, for small chance-heavy
    decisions in perfect-information games; ``depth`` plies of decisions, then ``evaluator``.

    Every player maximises their own return; chance nodes average over their exact probabilities.
    """

    def __init__(self, depth: int = 2, evaluator: Callable[[State[Any]], Sequence[float]] | None = None,
                 name: str = "expectimax") -> None:
        self.depth = depth
        self.evaluator = evaluator or (lambda state: state.returns())
        self.name = name

    def choose(self, decision: Decision, rng: random.Random) -> Any:
        """The action with the best exact expectation for the deciding seat."""
        game = decision.game
        if game.spec.hidden_information:
            raise ValueError("expectimax needs perfect information; use MCTSAgent for hidden information")
        state = game.state_from_view(decision.view, rng)
        value = _memoised(self.depth, self.evaluator)
        seat = decision.seat
        return max(decision.legal_actions, key=lambda a: value(state.apply(a), self.depth - 1)[seat])

    @staticmethod
    def values(state: State[Any], depth: int,
               evaluator: Callable[[State[Any]], Sequence[float]] | None = None) -> tuple[Fraction | float, ...]:
        """Each seat's expected value of ``state`` searched ``depth`` decision plies deep."""
        return _memoised(depth, evaluator or (lambda s: s.returns()))(state, depth)


def _memoised(depth: int, evaluator: Callable[[State[Any]], Sequence[float]]) -> Callable[
        [State[Any], int], tuple[Any, ...]]:
    @lru_cache(maxsize=200_000)
    def value(state: State[Any], plies: int) -> tuple[Any, ...]:
        if state.is_terminal or plies < 0:
            return tuple(state.returns() if state.is_terminal else evaluator(state))
        if state.is_chance:
            try:
                outcomes = state.chance_outcomes()
            except SampledChanceError:
                raise ValueError("expectimax needs chance outcomes it can list") from None
            totals = [Fraction(0)] * state.game.num_players
            for outcome, probability in outcomes:
                for seat, v in enumerate(value(state.apply(outcome), plies)):
                    totals[seat] += probability * Fraction(v)
            return tuple(totals)
        seat = state.current_player
        return max((value(state.apply(a), plies - 1) for a in state.legal_actions()), key=lambda v: v[seat])

    return value


LEVELS: dict[str, Callable[[], MCTSAgent]] = {
    "easy": lambda: MCTSAgent(simulations=50, name="easy"),
    "normal": lambda: MCTSAgent(simulations=200, name="normal"),
    "hard": lambda: MCTSAgent(simulations=2_000, name="hard"),
}
"""Named strengths of the generic search, for games without an expert of their own: iterations per
decision, not seconds, so that a seed decides every game whatever the machine's load (tournaments
give the same results on any backend). ``MCTSAgent(time_budget=…)`` caps the thinking time as well, for a caller
who asks for it (not reproducible)."""

__all__ = ["LEVELS", "Evaluator", "ExpectimaxAgent", "MCTSAgent", "random_rollout"]

