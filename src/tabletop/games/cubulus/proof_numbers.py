"""Proof-number search for Cubulus's forced wins: the same question as :class:`.solver.Prover`, asked
the way connection games are solved.

:class:`.solver.Prover` deepens one ply at a time and must refute every defence at every depth,
so a seven-ply win with wide defences costs it some 10⁵ positions. Proof-number search (Allis,
1994) keeps the tree in memory and counts, for every node, how many leaves would still have to be
proved (the proof number) or disproved (the disproof number) to settle it; it always expands a leaf
on the cheapest way to settle the root. Forcing lines — threats that leave the defence one or two
answers — have small proof numbers, so they are followed first and deep; quiet lines wait. Work is
counted in positions created, never in seconds, so the same position and budget give the same
answer on any machine. With the attackers held to threats (threat-space search, the default) it
proved twice the eleven-ply losses of the depth-first threat search in half its CPU
(``docs/cubulus.md``, ``benchmarks/cubulus_solver.py``); ``hard`` uses it.

The rules are :class:`.solver.Prover`'s (U10–U16; its move generation and win test are used as they
are): a position met before since the last insert (on the line, or in the game's history) proves
nothing; the move cap (U16) draws; ``max_plies`` bounds the length of a proof. The tree is a tree,
not a graph, so a line's history is exact and no transposition can mix two ways to a position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tabletop.games.cubulus.board import Board, position_key
from tabletop.games.cubulus.phases import Phase
from tabletop.games.cubulus.solver import PASS_CODE, Outcome, Prover, Result, action_of

if TYPE_CHECKING:
    from tabletop.games.cubulus.actions import CubulusAction
    from tabletop.games.cubulus.state import CubulusState

INFINITE: Final = 1 << 40
"""A proof or disproof number that can never be reached: the node is settled the other way."""


class Node:
    """One position of the tree: the move into it, its proof and disproof numbers, its children."""

    __slots__ = (
        "banned",
        "board",
        "children",
        "code",
        "depth",
        "disproof",
        "moves",
        "parent",
        "plies",
        "proof",
        "seat",
    )

    def __init__(self, parent: Node | None, code: int, board: Board, seat: int, banned: Board | None, moves: int,
                 depth: int) -> None:
        self.parent = parent
        self.code = code  #: the move that led here (−1 at the root)
        self.board = board
        self.seat = seat  #: the seat to move
        self.banned = banned  #: the board U12 forbids
        self.moves = moves  #: moves made since the set-up (U16's cap)
        self.depth = depth  #: the plies a proof may still take from here
        self.proof = 1
        self.disproof = 1
        self.plies = 0  #: once proved, the length of the forced win from here
        self.children: list[Node] | None = None

    def settle(self, proved: bool, plies: int = 0) -> None:
        """Mark the node proved (in ``plies``) or disproved."""
        self.proof, self.disproof, self.plies = (0, INFINITE, plies) if proved else (INFINITE, 0, 0)


class ProofNumberSearch:
    """Can ``attackers`` force a square of theirs from ``state`` within ``max_plies``?

    ``attackers`` choose their moves (OR nodes); every other seat's move must be answered (AND
    nodes). ``threats_only`` restricts the attackers as :class:`.solver.Prover` does (threat-space
    search: more than two plies from the end, only moves that threaten a square at once); a node
    with no threat to make proves nothing. :meth:`run` expands until ``max_nodes`` more positions
    are made and can be called again to go on.
    """

    def __init__(self, state: CubulusState, attackers: frozenset[int], max_plies: int,
                 threats_only: bool = True) -> None:
        self.rules = Prover(state, attackers, 0, max_plies)
        self.attackers = attackers
        self.threats_only = threats_only
        self.root_seen = frozenset(state.seen) if state.game.repetition_draw else frozenset()
        self.repetition = state.game.repetition_draw
        self.nodes = 0
        self.root = Node(None, -1, state.board, state.to_move, state.banned, state.moves, max_plies)
        self._judge(self.root)

    @property
    def proved(self) -> bool:
        """The attackers force a win within the plies."""
        return self.root.proof == 0

    @property
    def settled(self) -> bool:
        """Proved, or shown not to hold within the plies."""
        return self.root.proof == 0 or self.root.disproof == 0

    def run(self, max_nodes: int) -> bool:
        """Expand most-proving nodes until the root is settled or ``max_nodes`` more are made;
        whether it is settled."""
        limit = self.nodes + max_nodes
        node = self.root
        while not self.settled and self.nodes < limit:
            node = self._most_proving(node)
            self._expand(node)
            node = self._update(node)
        return self.settled

    def line(self) -> tuple[CubulusAction, ...]:
        """A proved line: the attackers' quickest proving moves and the defence's longest resistance."""
        line: list[CubulusAction] = []
        node = self.root
        while node.children:
            proved = [c for c in node.children if c.proof == 0]
            if not proved:
                break
            if node.seat in self.attackers:
                node = min(proved, key=lambda c: c.plies)
            else:
                node = max(proved, key=lambda c: c.plies)
            line.append(action_of(node.code))
        if node.plies == 1 and node.proof == 0 and node.children is None:  # settled by the one-ply test
            last = self.rules.first_win(node.board, node.seat, node.banned) if node.seat in self.attackers else -1
            if last >= 0:
                line.append(action_of(last))
        return tuple(line)

    # --- the search --------------------------------------------------------------------------

    def _most_proving(self, node: Node) -> Node:
        """Down from ``node``: at the attackers' turn the child easiest to prove, at the defence's
        the child easiest to disprove, to an unexpanded leaf."""
        attackers = self.attackers
        children = node.children
        while children:
            if node.seat in attackers:
                node = min(children, key=lambda c: c.proof)
            else:
                node = min(children, key=lambda c: c.disproof)
            children = node.children
        return node

    def _update(self, node: Node) -> Node:
        """Recompute the numbers up from ``node`` while they change; the node to select from next."""
        attackers = self.attackers
        while True:
            children = node.children
            assert children is not None
            if not children:  # no threat to make: nothing is proved here
                proof, disproof, plies = INFINITE, 0, 0
            elif node.seat in attackers:
                proof = min(c.proof for c in children)
                disproof = min(INFINITE, sum(c.disproof for c in children))
                plies = 1 + min((c.plies for c in children if c.proof == 0), default=-1)
            else:
                proof = min(INFINITE, sum(c.proof for c in children))
                disproof = min(c.disproof for c in children)
                plies = 1 + max(c.plies for c in children) if proof == 0 else 0
            changed = proof != node.proof or disproof != node.disproof
            node.proof, node.disproof, node.plies = proof, disproof, plies
            if not changed or node.parent is None:
                return node if node.parent is None or (proof and disproof) else node.parent
            node = node.parent

    def _expand(self, node: Node) -> None:
        """Make ``node``'s children (U10–U12, U14) and judge each (U15, U16, the plies left)."""
        rules, attackers = self.rules, self.attackers
        nxt = (node.seat + 1) % rules.seats
        history = self._history(node) if self.repetition else frozenset()
        children: list[Node] = []
        moves = rules.children(node.board, node.seat, node.banned)
        if self.threats_only and node.seat in attackers and node.depth >= 3 and nxt not in attackers:
            moves = [m for m in moves
                     if m[2] in attackers or (m[2] < 0 and rules.first_win(m[1], node.seat, None) >= 0)]
        for code, after, winner in moves:
            child = Node(node, code, after, nxt, rules._ban(code, node.board, node.banned), node.moves + 1,
                         node.depth - 1)
            self.nodes += 1
            if winner >= 0:
                child.settle(winner in attackers, 0)
            elif node.moves + 1 >= rules.cap:
                child.settle(False)  # U16: the move cap draws
            elif code >= 54 and self.repetition and position_key(after, nxt) in history:
                child.settle(False)  # met before since the last insert: proves nothing (U16)
            else:
                self._judge(child)
            children.append(child)
        node.children = children  # none (no threat to make): :meth:`_update` finds it disproved

    def _judge(self, node: Node) -> None:
        """Settle what one ply can tell: no plies left, a win in one for the attackers, or a
        position where every defence hands the attackers a square; else leave it a leaf."""
        rules = self.rules
        if node.depth <= 0:
            node.settle(False)
        elif node.seat in self.attackers:
            if rules.first_win(node.board, node.seat, node.banned) >= 0:
                node.settle(True, 1)
            elif node.depth == 1:
                node.settle(False)
        elif node.depth == 1:
            moves = rules.children(node.board, node.seat, node.banned)
            node.settle(all(w >= 0 and w in self.attackers for _, _, w in moves), 1)

    def _history(self, node: Node) -> frozenset[int]:
        """The positions met since the last insert on the way to ``node`` (the game's, at the root)."""
        keys = {position_key(node.board, node.seat)}
        while node.parent is not None and (node.code >= 54 or node.code == PASS_CODE):
            node = node.parent
            keys.add(position_key(node.board, node.seat))
        return frozenset(keys) | (self.root_seen if node.parent is None else frozenset())


def proved_loss(state: CubulusState, seat: int, max_nodes: int, max_plies: int,
                threats_only: bool = True) -> Outcome:
    """Whether the seats other than ``seat`` force a win from ``state`` within ``max_plies``, whoever
    is to move: ``loss`` (for ``seat``) with a line, or ``unknown`` (as :func:`.solver.forced_loss`)."""
    search = ProofNumberSearch(state, frozenset(range(state.game.num_players)) - {seat}, max_plies, threats_only)
    search.run(max_nodes)
    if search.proved:
        return Outcome("loss", search.line(), search.root.plies, search.nodes)
    return Outcome("unknown", nodes=search.nodes)


def proved_outcome(state: CubulusState, max_nodes: int, max_plies: int, threats_only: bool = True) -> Outcome:
    """Whether the seat to move forces a win, or the others its loss, within ``max_plies`` (as
    :func:`.solver.forced_outcome`): the two searches take turns, a thousand positions at a time,
    until one is proved or ``max_nodes`` are spent.

    Raises:
        ValueError: when the position is not in play.
    """
    if state.phase is not Phase.PLAY:
        raise ValueError(f"proved_outcome needs a position in play, not the {state.phase.value} phase")
    seat = state.to_move
    win = ProofNumberSearch(state, frozenset({seat}), max_plies, threats_only)
    loss = ProofNumberSearch(state, frozenset(range(state.game.num_players)) - {seat}, max_plies, threats_only)
    while win.nodes + loss.nodes < max_nodes and not (win.settled and loss.settled):
        for search in (win, loss):
            if not search.settled:
                search.run(min(1_000, max_nodes - win.nodes - loss.nodes))
            if search.proved:
                result: Result = "win" if search is win else "loss"
                return Outcome(result, search.line(), search.root.plies, win.nodes + loss.nodes)
    return Outcome("unknown", nodes=win.nodes + loss.nodes)


__all__ = ["INFINITE", "Node", "ProofNumberSearch", "proved_loss", "proved_outcome"]
