"""The OpenSpiel adapter: OpenSpiel's own random-simulation test on every game, its MCTS and
IS-MCTS bots playing whole games, exact chance, views-only observers, resampling, parameters."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

import tabletop
from tabletop.core import Capability, Chance, OptionError
from tabletop.interop import openspiel
from tests.interop.configs import CONFIGS, PHYSICS, params


def test_every_game_is_registered() -> None:
    learnable = tabletop.REGISTRY.providing(Capability.ENCODING)  # (not the tests' Pig, which has no encoding)
    assert [f"python_tabletop_{name}" for name in learnable] == openspiel.SHORT_NAMES
    assert set(openspiel.SHORT_NAMES) <= set(pyspiel.registered_names())


@params()
def test_random_sim_test(name: str, options: dict[str, Any]) -> None:
    game = openspiel.load(name, **options)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@params()
def test_a_loaded_game_says_what_the_tabletop_game_is(name: str, options: dict[str, Any]) -> None:
    game = openspiel.load(name, **options)
    table = tabletop.load(name, **options)
    encoding = table.encoding()
    assert game.num_players() == table.num_players
    assert game.num_distinct_actions() == encoding.num_actions
    assert game.max_chance_outcomes() == encoding.num_chance_outcomes
    assert game.observation_tensor_size() == game.information_state_tensor_size() == encoding.observation_size
    assert (game.min_utility(), game.max_utility()) == table.spec.utility
    assert game.max_game_length() == (table.spec.max_length or openspiel.DEFAULT_MAX_GAME_LENGTH)
    assert pyspiel.load_game(str(game)).tabletop_game == game.tabletop_game  # the game string round-trips
    if name == "kubik" and table.options["throws"] == "manual":
        # OpenSpiel spells out every parameter: its games are simulations and keep the safety cap (#41 item 5)
        assert game.tabletop_game.options["max_throws"] == 200 and table.options["max_throws"] == 0
        table = tabletop.load(name, **options, max_throws=200)
    assert game.tabletop_game == table


def walk(game: Any, seed: int, steps: int) -> Any:
    """A state reached by ``steps`` random actions and chance outcomes (or the end)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@params([c for c in CONFIGS if c[0] in ("beetle", "cribbage", "kubik")][:5])
def test_chance_is_exact(name: str, options: dict[str, Any]) -> None:
    state = walk(openspiel.load(name, **options), seed=1, steps=0)
    for seed in range(30):
        state = walk(openspiel.load(name, **options), seed=seed, steps=seed * 7)
        if state.is_chance_node():
            break
    assert state.is_chance_node()
    exact = state.tabletop_state.chance_outcomes()
    encoding = state.get_game().context.encoding
    assert state.chance_outcomes() == sorted((encoding.chance_index(o), float(p)) for o, p in exact)
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)


@params([c for c in CONFIGS if c[0] in ("cribbage", "cubulus")])
def test_observers_read_views_only(name: str, options: dict[str, Any]) -> None:
    """Tensors are the encoding of each player's view; a world resampled for a player shows that
    player the same observation and information state (and the same player to move)."""
    game = openspiel.load(name, **options)
    encoding = game.context.encoding
    for seed in range(3):
        state = walk(game, seed, steps=25 + 10 * seed)
        for player in range(game.num_players()):
            view = state.tabletop_state.view(player)
            assert np.array_equal(np.asarray(state.observation_tensor(player), np.float32),
                                  encoding.observe(view, player))
            other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert other.observation_tensor(player) == state.observation_tensor(player)
            assert other.information_state_tensor(player) == state.information_state_tensor(player)
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.observation_string(player) == state.observation_string(player)
            assert other.current_player() == state.current_player()


def test_information_states_remember_what_was_seen() -> None:
    game = openspiel.load("cribbage")
    state = walk(game, seed=2, steps=40)
    *history, view = state.information_state_string(0).split("\n")
    assert view == state.observation_string(0)
    assert len(history) == len(state.history())
    *theirs, _ = state.information_state_string(1).split("\n")
    assert len(theirs) == len(history)
    assert theirs != history  # each saw its own cards dealt, the other's only as "deal"


def test_observers_for_python_code() -> None:
    """``make_observation``: the default observer splits the tensor into the encoding's fields; a
    public observer gives the spectator's view; all players' secrets at once are refused."""
    game = openspiel.load("cribbage")
    state = walk(game, seed=3, steps=20)
    default = make_observation(game)
    default.set_from(state, 1)
    encoding = game.context.encoding
    assert list(default.dict) == [field.name for field in encoding.fields]
    assert np.array_equal(default.tensor, encoding.observe(state.tabletop_state.view(1), 1))
    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    assert public.tensor is None
    assert json.loads(public.string_from(state, 0)) == json.loads(json.dumps(state.tabletop_state.public_view()))
    with pytest.raises(ValueError, match="all players' private information"):
        make_observation(game, pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def test_a_resampled_state_serialises() -> None:
    game = openspiel.load("cribbage", players=3)
    state = walk(game, seed=4, steps=30)
    other = state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0))
    other.apply_action(other.legal_actions()[0])
    text = pyspiel.serialize_game_and_state(game, other)
    _, copy = pyspiel.deserialize_game_and_state(text)
    assert str(copy) == str(other)
    assert copy.information_state_string(0) == other.information_state_string(0)


def test_mcts_plays_cubulus() -> None:
    game = openspiel.load("cubulus", players=2)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, uct_c=2.0, max_simulations=12, evaluator=evaluator, random_state=rng)
            for _ in range(2)]
    returns = pyspiel_play(game, bots, rng)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_mcts_plays_beetle() -> None:
    """Beetle has perfect information (IS-MCTS is for hidden information) and one action: roll."""
    game = openspiel.load("beetle", players=2)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, uct_c=2.0, max_simulations=2, evaluator=evaluator, random_state=rng)
            for _ in range(2)]
    assert sorted(pyspiel_play(game, bots, rng)) == [0.0, 1.0]


@pytest.mark.parametrize("players", [2, 3])
def test_ismcts_plays_cribbage(players: int) -> None:
    game = openspiel.load("cribbage", players=players, target=31)
    rng = np.random.RandomState(players)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rng)
            for _ in range(players)]
    returns = pyspiel_play(game, bots, rng)
    assert max(returns) == 1.0


def pyspiel_play(game: Any, bots: list[Any], rng: np.random.RandomState) -> list[float]:
    """One game with a bot per seat, chance drawn by its probabilities; the returns."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return list(state.returns())


def test_simulated_throws_cannot_be_listed() -> None:
    name, options = PHYSICS
    assert openspiel.exact_defaults("kubik") == {"throws": "calibrated"}
    assert openspiel.exact_defaults("cribbage") == {}
    assert "throws=calibrated" in str(pyspiel.load_game("python_tabletop_kubik"))
    with pytest.raises(Exception, match=r"samples its chance.*use e\.g\. throws=calibrated"):
        openspiel.load(name, **options)


def test_registering_loads_no_game() -> None:
    """#41 item 6: importing the adapter reads the specs only — no game is made, so no default option is
    evaluated (Kubik's physics default needs MuJoCo, which ``tabletop[openspiel]`` alone lacks)."""
    script = ("import tabletop\n"
              "def refuse(*args, **kwargs): raise AssertionError('a game was made on import')\n"
              "tabletop.load = refuse\n"
              "for game in tabletop.REGISTRY.values(): game.__init__ = refuse\n"
              "import tabletop.interop.openspiel as adapter\n"
              "print(len(adapter.SHORT_NAMES))\n")
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False)
    learnable = tabletop.REGISTRY.providing(Capability.ENCODING)
    assert ran.returncode == 0 and ran.stdout.strip() == str(len(learnable)), ran.stderr[-3000:]


SAMPLING = [name for name, game in tabletop.REGISTRY.items() if game.spec.chance is Chance.SAMPLED]


@pytest.mark.parametrize("name", SAMPLING)
def test_a_game_that_samples_names_options_that_list_its_chance(name: str) -> None:
    exact = openspiel.exact_defaults(name)
    assert exact, f"{name} samples its chance by default: its spec names options that list it (exact_options)"
    assert openspiel.lists_chance(tabletop.load(name, **exact))


def test_parameters_round_trip_through_game_strings() -> None:
    """Text options that OpenSpiel would read as numbers, or that hold commas, survive a game string."""
    game = openspiel.load("kubik", players=3, throws="manual", cube_edge="15", skills="0.5,0.6,0.7", teams="2+1")
    assert "cube_edge='15'" in str(game)
    again = pyspiel.load_game(str(game)).tabletop_game
    assert again == game.tabletop_game
    assert again.options["skills"] == "0.5,0.6,0.7"
    assert openspiel.load("cubulus", first="1").tabletop_game.options["first"] == "1"
    parts = pyspiel.load_game(str(openspiel.load("beetle", players=2)))
    assert parts.tabletop_game.options["parts"] is None
    with pytest.raises(OptionError, match="no option 'colour'"):
        openspiel.load("cubulus", colour="red")


def test_max_game_length_ends_an_endless_game_as_a_draw() -> None:
    game = openspiel.load("beetle", players=2, max_game_length=3)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
            decisions += 1
    assert decisions == 3
    assert not state.tabletop_state.is_terminal
    assert state.returns() == [0.0, 0.0]
