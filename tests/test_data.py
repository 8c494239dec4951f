"""``tabletop.data`` (issue 46 item 5): a dump's records, and its (observation, action) pairs through each game's
encoding — every observation the encoding's shape and exactly the deciding seat's view encoded, every action legal
where it was taken; one seat's, or people's only; gzipped or plain; a record that does not replay refused."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tabletop
from tabletop.core import Record, RecordError
from tabletop.data import iter_records, pairs


def played(game: str, seed: int, **options: Any) -> Record:
    """A game played at random to its end (its chance drawn from ``seed``)."""
    loaded = tabletop.load(game, **options)
    rng, state, actions = random.Random(seed), loaded.initial_state(), []
    while not state.is_terminal:
        action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        actions.append(str(action))
        state = state.apply(action)
    return Record(game, dict(loaded.options), tuple(actions), {"players": ["Ann", "easy"]})


def dump(path: Path, records: list[tuple[Record, str | None, list[str | None]]], gzipped: bool = True) -> Path:
    """A dump of these (record, pool, bots by seat), a line each (a blank line among them)."""
    lines = [json.dumps({"table": f"t{n}", "game": record.game, "rated": pool, "bots": bots,
                         "record": json.loads(record.to_json())}) for n, (record, pool, bots) in enumerate(records)]
    text = "\n".join([lines[0], "", *lines[1:]]) + "\n"
    if gzipped:
        path.write_bytes(gzip.compress(text.encode()))
    else:
        path.write_text(text)
    return path


def decisions(record: Record) -> list[tuple[int, Any, Any]]:
    """Each decision of a record, replayed here: the seat, the state it decided in, the action it took."""
    loaded = tabletop.load(record.game, **record.options)
    state, found = loaded.initial_state(), []
    for text in record.actions:
        action = loaded.parse_action(text)
        if not state.is_chance:
            found.append((state.current_player, state, action))
        state = state.apply(action)
    return found


def test_pairs_are_each_seats_view_encoded_and_the_action_it_took(tmp_path: Path) -> None:
    cribbage, cubulus = played("cribbage", 1), played("cubulus", 2)
    path = dump(tmp_path / "games.ndjson.gz", [(cribbage, "cribbage-2", [None, "easy"]),
                                               (cubulus, "cubulus-2", [None, "easy"])])
    assert [record.game for record in iter_records(path)] == ["cribbage", "cubulus"]
    assert list(iter_records(path, pool="cubulus-2")) == [cubulus] and list(iter_records(path, game="beetle")) == []
    encoding = tabletop.load("cribbage").encoding()
    found = list(pairs(path, game="cribbage"))
    expected = decisions(cribbage)
    assert len(found) == len(expected) > 0
    for (observation, index), (seat, state, action) in zip(found, expected, strict=True):
        assert observation.shape == (encoding.observation_size,) and observation.dtype == np.float32
        assert np.array_equal(observation, encoding.observe(state.view(seat), seat))
        assert 0 <= index < encoding.num_actions and encoding.legal_mask(state)[index] == 1
        assert encoding.action_at(index) == action
    mine = list(pairs(path, game="cribbage", seat=1))
    assert len(mine) == sum(seat == 1 for seat, _, _ in expected) > 0
    people = list(pairs(path, game="cribbage", bots=False))  # seat 1 was a bot's
    seat_0 = [pair for pair, (seat, _, _) in zip(found, expected, strict=True) if seat == 0]
    assert [index for _, index in people] == [index for _, index in seat_0] != []
    assert len(list(pairs(path, game="cubulus", pool="cubulus-2"))) == len(decisions(cubulus))


def test_a_plain_file_reads_as_a_gzipped_one(tmp_path: Path) -> None:
    record = played("cubulus", 3)
    plain = dump(tmp_path / "games.ndjson", [(record, None, [None, None])], gzipped=False)
    packed = dump(tmp_path / "games.ndjson.gz", [(record, None, [None, None])])
    assert list(iter_records(plain)) == list(iter_records(packed)) == [record]
    assert [index for _, index in pairs(plain, "cubulus")] == [index for _, index in pairs(packed, "cubulus")]


def test_a_record_that_does_not_replay_or_a_line_that_is_none_is_refused(tmp_path: Path) -> None:
    record = played("cubulus", 4)
    broken = Record("cubulus", record.options, (*record.actions[:5], "place 999"), {})
    path = dump(tmp_path / "broken.ndjson.gz", [(broken, None, [None, None])])
    with pytest.raises(RecordError, match="action 5 `place 999`"):
        list(pairs(path, "cubulus"))
    stray = tmp_path / "stray.ndjson"
    stray.write_text('{"table": "t0"}\n')
    with pytest.raises(ValueError, match=r"stray\.ndjson:1: not a line of the open record"):
        list(iter_records(stray))
