"""The conformance suite: every registered game, every configuration, random legal play (STYLE 14).

Checks the interface contract that agents, records, the server and the adapters rely on: play
reaches the end, chance probabilities are exact and sum to 1, ``apply`` leaves its input
unchanged and refuses illegal actions without a change, notation round-trips, records replay
identically, and views hide what they must (every state rebuilt from a view shows that view).
"""

from __future__ import annotations

import json
import os
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.agents import RandomAgent
from tabletop.core import (
    CHANCE,
    RESULT_KINDS,
    SPECTATOR,
    TERMINAL,
    Chance,
    IllegalActionError,
    NotationError,
    Record,
    SampledChanceError,
    State,
    TabletopError,
    winners,
)
from tabletop.sim import play, random_playout
from tests.conformance.configs import ALL, IDS, is_base
from tests.environment import examples

FULL_GAMES = {"beetle": 250, "cribbage": 1_000, "cubulus": 2_000, "kubik": 100}
"""Random games for each player count with default options at full volume (``TABLETOP_FULL=1``):
Beetle 8 × 250 = 2,000 (foundation issue), Cribbage 1,000 for each of 2, 3 and 4 players (cribbage
issue), Kubik 100 scorekeeper games for each of 2–16 players."""
BASE_GAMES = {"beetle": 60, "cribbage": 120, "cubulus": 500, "kubik": 25}
"""The everyday volume (``make test``): a quarter of the full one (an eighth of Cribbage's, the longest
games; 360 of them still take a minute) — past the first hundred or so games a
game's random play finds nothing new (the hypothesis tests below search states instead), and the full
volume alone took eight minutes of the suite's twelve."""
VARIANT_GAMES = 12
"""Random games for every other configuration (each option changed from its default; a 9-game
cribbage match is nine games already)."""
_STEP_LIMIT = 100_000
_CHECKED_STEPS = 800


SLOW_GAMES = {("kubik", "physics"): 2}
"""Configurations whose every chance event is a physics simulation: a couple of games each."""


def _games_for(name: str, config: dict[str, Any]) -> int:
    if os.environ.get("TABLETOP_QUICK"):
        return 3
    for (game, value), count in SLOW_GAMES.items():
        if game == name and value in config.values():
            return count
    base = FULL_GAMES if os.environ.get("TABLETOP_FULL") else BASE_GAMES
    return base.get(name, 250) if is_base(name, config) else VARIANT_GAMES


@pytest.mark.parametrize(("name", "config"), ALL, ids=IDS)
def test_random_games_reach_the_end_and_replay(name: str, config: dict[str, Any]) -> None:
    """Many random games per configuration end, and their records replay to the same state."""
    game = tabletop.load(name, **config)
    lo, hi = game.spec.utility
    for seed in range(_games_for(name, config)):
        played = play(game, [RandomAgent() for _ in range(game.num_players)], seed)
        assert played.state.is_terminal
        assert all(lo <= r <= hi for r in played.state.returns())
        if game.spec.max_length is not None:
            assert len(played.record.actions) <= game.spec.max_length
        again = tabletop.replay(Record.from_json(played.record.to_json()))
        assert again == played.state
        assert again.returns() == played.state.returns()


def _check_state(state: State[Any], rng: random.Random) -> None:
    """Every per-state invariant of the interface."""
    game = state.game
    player = state.current_player
    assert player in (CHANCE, TERMINAL) or 0 <= player < game.num_players
    assert state.is_terminal == (player == TERMINAL)
    if state.is_chance and _sampled_only(state):  # a physics throw: outcomes can only be sampled
        assert game.spec.chance is Chance.SAMPLED
        outcome = state.sample_chance(rng)
        assert state.is_legal(outcome) and game.parse_action(str(outcome)) == outcome
        legal: list[Any] = []
    else:
        legal = list(state.legal_actions())
    if state.is_terminal:
        assert legal == []
        for action in _illegal_actions(game, []):
            with pytest.raises(IllegalActionError, match="over"):
                state.apply(action)
    elif legal or not state.is_chance:
        assert legal, "a non-terminal state must have a legal action"
        assert len(set(legal)) == len(legal), "legal actions must be distinct"
        assert all(r == 0 for r in state.returns())
    stride = max(1, len(legal) // 64)  # a spread-out sample of long lists (Kubik's 3,120 throws)
    for action in [*legal[::stride], *legal[-1:]]:  # notation round-trips
        assert game.parse_action(str(action)) == action
        assert str(game.parse_action(str(action))) == str(action)
    if state.is_chance and legal:
        outcomes = state.chance_outcomes()
        assert sum((p for _, p in outcomes), Fraction(0)) == 1
        assert all(p > 0 for _, p in outcomes)
        assert [o for o, _ in outcomes] == legal
    elif not state.is_chance:
        with pytest.raises(TabletopError):
            state.chance_outcomes()
    json.dumps(state.public_view())
    _check_events(state)
    for seat in range(game.num_players):  # views are JSON and rebuild states showing the same view
        view = state.view(seat)
        json.dumps(view)
        rebuilt = game.state_from_view(view, rng)
        assert rebuilt.view(seat) == view
        # a spectator sees nothing any seat cannot: another world behind this seat's view looks the same
        assert rebuilt.public_view() == state.public_view()
        if not game.spec.hidden_information:
            assert rebuilt == state
            assert view == state.view(0), "without hidden information every seat sees the same"


BASES = [(name, config) for name, config in ALL if is_base(name, config)]
VARIANTS = [(name, config) for name, config in ALL if not is_base(name, config)]


@pytest.mark.parametrize(("name", "config"), BASES, ids=[IDS[ALL.index(c)] for c in BASES])
@settings(max_examples=examples(3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_every_state_of_a_random_game_keeps_the_contract(name: str, config: dict[str, Any], seed: int) -> None:
    """At every step of random legal play: the state invariants, immutability, illegal moves refused."""
    _keeps_the_contract(name, config, seed)


@pytest.mark.parametrize(("name", "config"), VARIANTS, ids=[IDS[ALL.index(c)] for c in VARIANTS])
@settings(max_examples=examples(1), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_every_state_of_a_variant_keeps_the_contract(name: str, config: dict[str, Any], seed: int) -> None:
    """The same at every option changed from its default: one game each every day (more with the
    thorough profile), since what an option changes shows in a game (a 9-game match is nine games, a
    physics game a simulation a step); forty variants at two games each were an eighth of the suite's
    non-browser time (76 of 623 test-seconds)."""
    _keeps_the_contract(name, config, seed)


def _keeps_the_contract(name: str, config: dict[str, Any], seed: int) -> None:
    game = tabletop.load(name, **config)
    rng = random.Random(seed)
    state: State[Any] = game.initial_state()
    assert state == game.initial_state() and hash(state) == hash(game.initial_state())
    steps = 0
    while not state.is_terminal and steps < _STEP_LIMIT:
        if steps >= _CHECKED_STEPS:  # long matches: check the first steps, then just play on
            state = state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions()))
            steps += 1
            continue
        _check_state(state, rng)
        snapshot = (repr(state), hash(state))
        sampled = state.is_chance and _sampled_only(state)
        legal = [] if sampled else list(state.legal_actions())
        legal_set = set(legal)
        for text in _VOCABULARY.get(game.name, []):  # is_legal agrees with the list of legal actions
            try:
                known = game.parse_action(text)
            except NotationError:
                continue
            if not sampled:
                assert state.is_legal(known) == (known in legal_set), text
        for bad in _illegal_actions(game, legal, state if sampled else None):
            with pytest.raises(IllegalActionError) as raised:
                state.apply(bad)
            assert str(bad) in str(raised.value)
        action = state.sample_chance(rng) if state.is_chance else rng.choice(legal)
        after = state.apply(action)
        assert not game.spec.events or after.events(), "every action says what it did"
        assert (repr(state), hash(state)) == snapshot, "apply must not change its input"
        assert after is not state
        state = after
        steps += 1
    assert state.is_terminal
    _check_state(state, rng)


def _check_events(state: State[Any]) -> None:
    """The events of the last action: declared kinds, JSON-ready, in English for the terminal, at most
    one action event for any viewer; the result an event at the end (and only then) that agrees with
    the returns — a team's win names all its members, a draw has no winner."""
    game = state.game
    events = state.events()
    for item in events:
        assert item.kind in game.spec.events, f"{game.name} emits {item.kind!r}, not in its spec's events"
        json.dumps(item.to_data())
        assert isinstance(game.event_text(item), str) and game.event_text(item)
        assert item.seats is None or all(0 <= s < game.num_players or s == SPECTATOR for s in item.seats)
        if item.redacted:  # the others' twin of a hidden event: the full one is there for its seats
            assert item.seats is not None and any(o.kind == item.kind and not o.redacted for o in events)
    for viewer in [*range(game.num_players), SPECTATOR]:
        assert sum(1 for e in events if e.action and e.visible_to(viewer)) <= 1
    result = state.result()
    if not state.is_terminal:
        assert result is None
        return
    assert result is not None and result.kind in RESULT_KINDS
    json.dumps(result.to_data())
    top = sorted(winners(state.returns()))
    if result.kind == "game_drawn":
        assert top == []
    else:
        assert sorted(result["members"]) == top, (result, state.returns())


def _sampled_only(state: State[Any]) -> bool:
    """True at a chance node whose outcomes cannot be listed, only sampled."""
    try:
        state.chance_outcomes()
    except SampledChanceError:
        return True
    return False


def _illegal_actions(game: tabletop.Game, legal: list[Any], sampled: State[Any] | None = None) -> list[Any]:
    """Well-formed actions of ``game`` that are not in ``legal`` (from the notation's vocabulary);
    at a sampled chance node (``sampled``), those its ``is_legal`` refuses."""
    vocabulary = _VOCABULARY.get(game.name, [])
    known = set(legal)  # Kubik's 3,120 throws: a set, not a list scanned 14 times a state
    actions = []
    for text in vocabulary:
        try:
            action = game.parse_action(text)
        except NotationError:
            continue
        if (not sampled.is_legal(action)) if sampled is not None else action not in known:
            actions.append(action)
    return actions


_VOCABULARY = {
    "beetle": ["roll", "1", "2", "3", "4", "5", "6"],
    "kubik": ["first A", "throw", "throw A pos 0 aim 0 power 12 spin 4", "miss", "in", "out 4", "cross",
              "hit 5", "pass", "intercept A1", "intercept B1", "strike", "hold", "seen out 4"],
    "cubulus": ["first 0", "first 1", "first 2", "place 111", "place 000", "insert U102", "insert R211",
                "insert L000", "shift U102", "shift R211", "shift F101", "pass"],
    "cribbage": ["go", "count", "count 3", "claim 2", "muggins", "pass", "5H", "KS", "discard 5H 6D", "discard AC",
                 "cut 2C", "deal AS", "starter JD"],
}


@pytest.mark.parametrize("name", list(tabletop.REGISTRY))
@pytest.mark.parametrize("text", ["", "   ", "xyzzy", "roll roll", "7", "-1", "☃"])
def test_nonsense_is_a_notation_error(name: str, text: str) -> None:
    """Text that is no action raises NotationError (a ValueError) saying what was expected, and as data
    (``bad_notation`` with the text) for front ends that word it themselves."""
    game = tabletop.load(name)
    with pytest.raises(NotationError) as raised:
        game.parse_action(text)
    assert isinstance(raised.value, ValueError)
    assert "expected" in str(raised.value)
    assert raised.value.code == "bad_notation" and raised.value.params["text"].strip() == text.strip()


@pytest.mark.parametrize("name", list(tabletop.REGISTRY))
def test_random_playout_is_deterministic_for_a_seed(name: str) -> None:
    """All randomness flows from the generator passed in: same seed, same game."""
    game = tabletop.load(name)
    a, len_a = random_playout(game, random.Random(7))
    b, len_b = random_playout(game, random.Random(7))
    assert (a, len_a) == (b, len_b)


@pytest.mark.parametrize("name", list(tabletop.REGISTRY))
def test_spec_is_complete(name: str) -> None:
    """Every game declares its capabilities as data, and its options validate their defaults."""
    spec = tabletop.REGISTRY[name].spec
    assert spec.name == name and spec.title and spec.description and spec.rules
    assert 1 <= spec.min_players <= spec.default_players <= spec.max_players
    assert spec.utility[0] <= spec.utility[1]
    game = tabletop.load(name)
    assert set(game.options) == {o.name for o in spec.all_options} | {"rules"}  # and the rules version (#41)
    assert tabletop.load(name, **dict(game.options)) == game
