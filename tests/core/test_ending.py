"""The one ending contract (issue #40 item 1): every way a game ends is a value whose text round-trips,
which a record carries beside its actions and replays to the same result and cause."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core import CAUSES, Ending, Record, RecordError, ended_result
from tabletop.core.record import record_result


def test_every_cause_round_trips_through_its_text() -> None:
    for cause in CAUSES:
        ending = Ending(cause) if cause in ("finished", "abandoned") else Ending(cause, (1, 0))
        assert Ending.parse(str(ending)) == ending
    assert str(Ending("resigned", (0, 2))) == "resigned 0 2"


@pytest.mark.parametrize("text", ["won 1", "resigned", "abandoned 1", "resigned one", "finished 0", "", "  "])
def test_a_malformed_ending_is_refused_saying_why(text: str) -> None:
    with pytest.raises(RecordError, match="ending"):
        Ending.parse(text)


def test_resigning_loses_for_the_whole_side_in_partnership_cribbage() -> None:
    """C15: with four players the partners opposite are one side; one of them resigning loses for both."""
    state = tabletop.load("cribbage", players=4).initial_state()
    returns, outcome = ended_result(state, Ending("resigned", (3,)))
    assert returns == (1.0, -1.0, 1.0, -1.0)
    assert outcome is not None and outcome.to_data() == {"kind": "game_won", "side": 0, "members": [0, 2],
                                                         "ending": "resigned"}


def test_a_kubik_team_resigns_together_and_a_claim_wins_for_the_claimers_team() -> None:
    """K11: teams win together."""
    game = tabletop.load("kubik", players=4, throws="calibrated")
    state = game.initial_state()
    assert ended_result(state, Ending("resigned", (1,)))[1].params["side"] == "B"  # type: ignore[union-attr]
    assert ended_result(state, Ending("claimed", (3,)))[0] == (-1.0, -1.0, 1.0, 1.0)


def test_three_players_one_resigns_the_others_share_and_abandoning_has_no_result() -> None:
    state = tabletop.load("cubulus", players=3).initial_state()
    returns, outcome = ended_result(state, Ending("resigned", (1,)))
    assert returns == (1.0, -1.0, 1.0) and outcome is not None and outcome.kind == "game_shared"
    assert ended_result(state, Ending("abandoned")) == ((0.0, 0.0, 0.0), None)
    with pytest.raises(RecordError, match="no side"):
        ended_result(state, Ending("resigned", (0, 1, 2)))
    with pytest.raises(RecordError, match="no seat has index 5"):
        ended_result(state, Ending("resigned", (5,)))


def test_a_record_with_a_malformed_ending_is_refused_with_a_record_error() -> None:
    text = Record("cubulus", {"players": 2}, ()).to_json()[:-1] + ', "ending": "resigned 9"}'
    with pytest.raises(RecordError, match="no seat has index 9"):
        tabletop.replay(Record.from_json(text))
    with pytest.raises(RecordError, match="ending"):
        Record.from_json(text.replace("resigned 9", ""))


def test_a_record_without_an_ending_reads_and_writes_as_before() -> None:
    record = Record("cubulus", {"players": 2}, ("place 111",))
    assert "ending" not in json.loads(record.to_json())
    assert Record.from_json(record.to_json()) == record


def test_finished_is_only_for_a_game_its_rules_ended_and_resigning_only_before() -> None:
    unfinished = Record("cubulus", {"players": 2}, (), ending=Ending("finished"))
    with pytest.raises(RecordError, match="not over by its rules"):
        tabletop.replay(Record.from_json(unfinished.to_json()))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), game=st.sampled_from(sorted(tabletop.REGISTRY)), cause=st.sampled_from(CAUSES))
def test_a_record_of_any_ending_replays_to_the_same_result_and_cause(seed: int, game: str, cause: str) -> None:
    """Random legal play for a while, then the game ended by a person (or played out): written as a
    record, read back and replayed, it has the same returns and result event as when it ended."""
    rng = random.Random(seed)
    loaded = tabletop.load(game, throws="calibrated") if game == "kubik" else tabletop.load(game)
    state, actions = loaded.initial_state(), []
    stop = rng.randrange(1, 60) if cause != "finished" else 10_000
    while not state.is_terminal and len(actions) < stop:
        action = state.sample_chance(rng) if state.is_chance else rng.choice(list(state.legal_actions()))
        actions.append(str(action))
        state = state.apply(action)
    if state.is_terminal != (cause == "finished"):
        return  # a game that ended by its rules before anyone could resign (or a very long one)
    seats = () if cause in ("finished", "abandoned") else (rng.randrange(loaded.num_players),)
    ending = Ending(cause, seats)  # type: ignore[arg-type]
    record = Record(game, dict(loaded.options), tuple(actions), ending=ending)
    read = Record.from_json(record.to_json())
    replayed = tabletop.replay(read)
    assert read.ending == ending
    assert record_result(replayed, read.ending) == ended_result(state, ending)
