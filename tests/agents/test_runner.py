"""Agents and the runner: seeded determinism, records that replay, and the human agent's dialogue."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.agents import Decision, FirstAgent, HumanAgent, QuitGame, RandomAgent, make_bot
from tabletop.games.beetle import ROLL
from tabletop.sim import play


def test_same_seed_same_game_and_different_seed_different_game() -> None:
    game = tabletop.load("beetle", players=3)
    agents = [RandomAgent()] * 3
    a = play(game, agents, seed=42).record
    b = play(game, agents, seed=42).record
    c = play(game, agents, seed=43).record
    assert a.actions == b.actions
    assert a.actions != c.actions
    assert a.meta["seed"] == 42 and a.meta["players"] == ["random"] * 3
    assert a.meta["result"]["winner"] in (0, 1, 2)


def test_record_replays_without_the_seed() -> None:
    played = play(tabletop.load("beetle", players=4, play_on=True), [FirstAgent()] * 4, seed="x")
    assert tabletop.replay(played.record) == played.state
    assert played.record.meta["result"]["returns"] == list(played.state.returns())


def test_agents_see_views_and_their_observations_only() -> None:
    seen: list[Decision] = []

    class Spy(RandomAgent):
        def choose(self, decision: Decision, rng: random.Random) -> object:
            seen.append(decision)
            return super().choose(decision, rng)

    play(tabletop.load("beetle", players=2), [Spy(), Spy()], seed=3, max_actions=40)
    assert seen
    for decision in seen:
        assert isinstance(decision.view, dict)
        assert decision.legal_actions == (ROLL,)
    assert seen[-1].history and all(isinstance(a, str) for a in seen[-1].history)


def test_wrong_number_of_agents() -> None:
    with pytest.raises(ValueError, match="needs 2 agents, not 1"):
        play(tabletop.load("beetle", players=2), [RandomAgent()], seed=0)


def test_make_bot() -> None:
    assert make_bot("bot").name == "normal"  # the default level; a game's own expert where it has one
    assert make_bot("random").name == "random"
    with pytest.raises(ValueError, match="no bot called 'genius'"):
        make_bot("genius")


def test_human_agent_asks_again_after_mistakes() -> None:
    answers = iter(["?", "jump", "3", "", "roll"])
    told: list[str] = []
    human = HumanAgent(lambda d: next(answers), told.append)
    game = tabletop.load("beetle", players=1)
    decision = Decision(game, 0, {}, (ROLL,))
    assert human.choose(decision, random.Random()) == ROLL  # "" takes the only legal action
    assert told[0] == "legal: roll"
    assert "'jump' is not an action" in told[1]
    assert told[2] == "3 is not legal now; legal: roll"


def test_human_agent_quits() -> None:
    human = HumanAgent(lambda d: "quit", print)
    decision = Decision(tabletop.load("beetle", players=1), 0, {}, (ROLL,))
    with pytest.raises(QuitGame):
        human.choose(decision, random.Random())
