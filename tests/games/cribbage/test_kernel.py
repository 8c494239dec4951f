"""The kernel (:mod:`tabletop.games.cribbage.kernel`) under the game interface, checked against the readable
forms it stands in for.

The kernel scores the show by table look-up (:func:`.scoring.show_points`) and pegs from card ints, while the
events itemise with :func:`.scoring.score_hand` and :func:`.scoring.pegging_score`: every count and every
play of random games must peg what its itemised combinations add up to (C11, C13). The kernel checks a move
by its phase and its cards, while ``legal_actions`` lists what is offered: the two must agree on every
action of the configuration. A state decoded from the kernel and encoded again is the same position, and an
action built anew acts like the interned one the state offers.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core import IllegalActionError
from tabletop.core.cards import Card
from tabletop.games.cribbage import CribbageState, kernel
from tabletop.games.cribbage import actions as act
from tabletop.games.cribbage.encoding import CHANCE_OUTCOMES, player_actions
from tabletop.games.cribbage.state import FIELDS


def random_states(seed: int, **options: Any) -> list[CribbageState]:
    """Every state of one random game."""
    game = tabletop.load("cribbage", **options)
    rng = random.Random(seed)
    state = game.initial_state()
    states = [state]
    while not state.is_terminal:
        legal = state.legal_actions()
        state = state.apply(state.sample_chance(rng) if state.is_chance else legal[rng.randrange(len(legal))])
        assert isinstance(state, CribbageState)
        states.append(state)
    return states


@pytest.mark.parametrize("players", [2, 3, 4])
def test_c11_c13_points_pegged_are_what_the_itemised_combinations_add_up_to(players: int) -> None:
    """A hand, the crib or a card played pegs its combinations' total, but for the last hole (C3)."""
    counted = 0
    for seed in range(3):
        for state in random_states(seed, players=players):
            for scored in state.scored:
                if scored.score is None:
                    continue
                counted += scored.kind in ("hand", "crib")
                target = state.game.target
                if scored.points != scored.score.total:  # capped: the points took the side to the target
                    assert state.results and state.results[-1].scores[scored.side] == target
                    assert scored.points < scored.score.total
    assert counted > 40


@pytest.mark.parametrize(("players", "muggins"), [(2, False), (3, False), (2, True), (4, True)])
def test_the_kernels_check_and_the_offered_actions_agree_on_every_action(players: int, muggins: bool) -> None:
    """``is_legal`` (the kernel's check by phase and cards) is true exactly for what ``legal_actions`` lists,
    over every player action and chance outcome of the configuration, and ``apply`` refuses the rest."""
    universe = (*player_actions(players, muggins), *CHANCE_OUTCOMES)
    for state in random_states(players, players=players, muggins=muggins)[::9]:
        offered = set(state.legal_actions())
        for action in universe:
            assert state.is_legal(action) == (action in offered), (action, state.phase)
        refused = next(a for a in universe if a not in offered)
        with pytest.raises(IllegalActionError):
            state.apply(refused)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]), at=st.floats(0, 1))
def test_a_position_decoded_and_encoded_again_is_the_same(seed: int, players: int, at: float) -> None:
    """A state made by transitions shows its fields from the kernel; built from those fields it is equal,
    hashes alike, shows the same views and offers the same actions."""
    states = random_states(seed, players=players, target=61)
    state = states[int(at * (len(states) - 1))]
    rebuilt = CribbageState(state.game, **{name: getattr(state, name) for name in FIELDS})
    assert rebuilt == state and hash(rebuilt) == hash(state)
    assert rebuilt.legal_actions() == state.legal_actions()
    for seat in range(players):
        assert rebuilt.view(seat) == state.view(seat)


def test_an_action_built_anew_acts_like_the_interned_one() -> None:
    """Actions are values: ``Play(Card(5, 2))`` made by hand is the 5H the state offers (found by value,
    not identity), and a discard in the wrong order or of a card not held is refused."""
    for state in random_states(11, players=2)[:200]:
        if state.is_terminal:
            break
        for action in state.legal_actions()[:3]:
            match action:
                case act.Play(card):
                    anew: Any = act.Play(Card(card.rank, card.suit))
                case act.Discard(cards):
                    anew = act.Discard(tuple(Card(c.rank, c.suit) for c in cards))
                    with pytest.raises(IllegalActionError):
                        state.apply(act.Discard(cards[::-1]))
                case act.Deal(card):
                    anew = act.Deal(Card(card.rank, card.suit))
                case _:
                    continue
            assert anew is not action and anew == action
            after, again = state.apply(action), state.apply(anew)
            assert after == again and after.events() == again.events()


def test_the_kernel_steps_a_copy_and_writes_down_only_what_this_action_did() -> None:
    """``apply`` hands the kernel a copy of the position (the one it started from is left as it was), and what
    the last action did is written anew: a deal tells only of the card dealt, whatever the action before told."""
    for state in random_states(5, players=3)[::7]:
        if state.is_terminal:
            continue
        before = list(state.position)
        action = state.legal_actions()[0]
        after = state.apply(action)
        assert list(state.position) == before
        if isinstance(action, act.Deal):
            assert [told[0] for told in after.table.told] in (["dealt"], ["crib_dealt"])


def test_the_compiled_kernel_reads_only_what_its_cached_machine_code_is_checked_against() -> None:
    """Numba checks cached machine code against the source file of each function only, and core/compiling.py
    drops a module's cache when a source in the folders its kernels reach changes: every global a compiled
    function of the kernel reads is defined in a module of the kernel (:data:`.kernel.MODULES`, one folder), and
    every kernel it calls is one of theirs, which :func:`.kernel.start` compiles in place — or a change elsewhere
    would leave old machine code running, or a caller in Python would run a kernel as Python."""
    import ast
    import builtins
    import importlib
    import inspect
    from pathlib import Path

    from tabletop.core.compiling import is_kernel

    modules = [importlib.import_module(f"tabletop.games.cribbage.{name}") for name in kernel.MODULES]
    assert len({Path(module.__file__ or "").parent for module in modules}) == 1
    names = {module.__name__ for module in modules}
    defined: set[str] = set()
    for module in modules:
        tree = ast.parse(inspect.getsource(module))
        defined |= {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
        for node in tree.body:
            targets = (node.targets if isinstance(node, ast.Assign)
                       else [node.target] if isinstance(node, ast.AnnAssign) else [])
            for target in targets:
                defined |= {name.id for name in ast.walk(target) if isinstance(name, ast.Name)}
    checked = 0
    for module in modules:
        for function in vars(module).values():
            plain = getattr(function, "py_func", function)
            if not is_kernel(function) or plain.__module__ != module.__name__:
                continue
            checked += 1
            for name in plain.__code__.co_names:
                if name not in vars(module) or hasattr(builtins, name):
                    continue  # an attribute's name, or a builtin
                where = f"{module.__name__}.{plain.__name__} reads {name}"
                assert name in defined, f"{where}, which no module of the kernel defines"
                value = vars(module)[name]
                if callable(value):
                    home = getattr(value, "py_func", value).__module__
                    assert is_kernel(value) and home in names, f"{where}, which is no kernel of theirs"
    assert checked > 30
