"""``tabletop export`` (issue 46 item 5): a database with games → a gzipped NDJSON dump of a period's finished rated
games and its dataset card → ``tabletop.data`` reads it back; with ``--pseudonyms``, no username and no table id in
it, the pseudonyms stable with a kept key and not across dumps without one; the example of ``docs/interop.md``
(*Learning from recorded games*) run on a dump.

The games are written through the storage layer as the server writes them (seats, a log, the result its table
computes): no server is started.
"""

from __future__ import annotations

import gzip
import json
import random
import re
import stat
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update
from typer.testing import CliRunner

import tabletop
from tabletop.cli.app import app
from tabletop.data import iter_records, pairs
from tabletop.server.table import LiveTable
from tabletop.storage import NewEvent, SeatSpec, Store
from tabletop.storage.accounts import AccountStore
from tabletop.storage.models import SeatRow, TableRow
from tabletop.storage.ratings import RatingStore

DOC = Path(__file__).resolve().parents[2] / "docs" / "interop.md"
TODAY = datetime.now(UTC).date()


def finished(store: Store, game: str, seats: list[tuple[str, str | None]], *, pool: str | None, seed: int,
             status: str = "over", ending: str | None = None, moves: int | None = None,
             days_ago: int = 0) -> str:
    """A table of ``game`` played at random (``moves`` actions, or to its end) by ``seats`` — each (name, account),
    a bot's name its level — ended by ``ending`` (or its rules) with ``status``, as the server leaves one."""
    loaded = tabletop.load(game)
    specs = [SeatSpec("bot", name, bot=name, account=account) if name in ("easy", "normal") else
             SeatSpec("human", name, joined=True) for name, account in seats]
    settings = {"chance_secret": random.Random(seed).randbytes(32).hex(), **({"rated": True, "pool": pool} if pool
                                                                           else {})}
    row, _ = store.create_table(game, dict(loaded.options), specs, settings)
    with store.engine.begin() as connection:
        for number, (name, account) in enumerate(seats):
            if account is not None and name not in ("easy", "normal"):
                connection.execute(update(SeatRow).where(SeatRow.table_id == row.id, SeatRow.seat == number)
                                   .values(account=account))
    rng, state, events = random.Random(seed), loaded.initial_state(), []
    while not state.is_terminal and (moves is None or len(events) < moves):
        action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        events.append(NewEvent(row.id, len(events), -1 if state.is_chance else state.current_player, str(action)))
        state = state.apply(action)
    if ending is not None:
        events.append(NewEvent(row.id, len(events), -1, ending, kind="end"))
    store.append_many([events])
    if status != "playing":
        table = LiveTable.rebuild(store.table(row.id), store.events(row.id))
        store.set_status(row.id, status, table.result())
    if days_ago:
        with store.engine.begin() as connection:
            connection.execute(update(TableRow).where(TableRow.id == row.id).values(
                active_at=datetime.now(UTC) - timedelta(days=days_ago)))
    return row.id


def games_played(url: str) -> dict[str, str]:
    """Ann, Bob and the bot ``easy``'s games: three rated ones today (two pools), one rated ten days ago, and what a
    dump never holds (a casual game, a rated game abandoned, one being played)."""
    store = Store(url, pool_size=1)
    accounts = AccountStore(store)
    ann, bob = accounts.create("Ann", "ann", "!", ["a"]).id, accounts.create("Bob", "bob", "!", ["b"]).id
    easy = RatingStore(store).bot_accounts(["easy"])["easy"]
    tables = {
        "old": finished(store, "cubulus", [("Ann", ann), ("easy", easy)], pool="cubulus-2", seed=1, days_ago=10),
        "to_the_end": finished(store, "cubulus", [("Ann", ann), ("easy", easy)], pool="cubulus-2", seed=2),
        "resigned": finished(store, "cubulus", [("Bob", bob), ("Ann", ann)], pool="cubulus-2", seed=3, moves=6,
                             ending="resigned 0"),
        "cribbage": finished(store, "cribbage", [("Ann", ann), ("Bob", bob)], pool="cribbage-2", seed=4, moves=30,
                             ending="resigned 1"),
        "casual": finished(store, "cubulus", [("Ann", ann), ("Bob", bob)], pool=None, seed=5),
        "abandoned": finished(store, "cubulus", [("Ann", ann), ("Bob", bob)], pool="cubulus-2", seed=6, moves=4,
                              status="abandoned", ending="abandoned"),
        "playing": finished(store, "cubulus", [("Ann", ann), ("Bob", bob)], pool="cubulus-2", seed=7, moves=4,
                            status="playing"),
    }
    store.close()
    return tables


def exported(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(app, ["export", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def dumped(path: Path) -> list[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as dump:
        return [json.loads(line) for line in dump]


def test_a_periods_rated_games_are_dumped_with_a_card_and_read_back(database_url: str, tmp_path: Path) -> None:
    tables = games_played(database_url)
    made = exported("--db", database_url, "--since", str(TODAY), "--until", str(TODAY), "-o",
                    str(tmp_path / "games.ndjson.gz"))
    assert made["games"] == 3 and made["pools"] == {"cribbage-2": {"game": "cribbage", "games": 1},
                                                    "cubulus-2": {"game": "cubulus", "games": 2}}
    lines = dumped(tmp_path / "games.ndjson.gz")
    assert [line["table"] for line in lines] == [tables["to_the_end"], tables["resigned"], tables["cribbage"]]
    assert lines[0]["players"] == ["Ann", "easy"] and lines[0]["bots"] == [None, "easy"]
    assert lines[1]["players"] == lines[1]["record"]["meta"]["players"] == ["Bob", "Ann"]
    assert lines[1]["record"]["ending"] == "resigned 0" and lines[1]["record"]["meta"]["result"]["winner"] == 1
    assert all(line["status"] == "over" and line["rated"] for line in lines)
    assert made["first"] == lines[0]["finished_at"].replace("Z", "+00:00")
    # the card: what is in it, its fields, the licence left to the operator, its pools, dates, how to load it
    card = (tmp_path / "games.md").read_text()
    assert Path(made["card"]) == tmp_path / "games.md"
    assert re.search(r"^license: \"\"", card, re.MULTILINE) and f"{TODAY} to {TODAY}" in card
    assert "| `cubulus-2` | cubulus | 2 |" in card and "| `cribbage-2` | cribbage | 1 |" in card
    assert "`players`" in card and "from tabletop.data import" in card and "3 games" in card
    # tabletop.data: the same records, and (observation, action) pairs through the game's encoding
    records = list(iter_records(tmp_path / "games.ndjson.gz"))
    assert [record.meta["table"] for record in records] == [line["table"] for line in lines]
    assert all(tabletop.replay(record).is_terminal == (record.ending is None) for record in records)
    assert [r.meta["table"] for r in iter_records(tmp_path / "games.ndjson.gz", pool="cribbage-2")] == \
        [tables["cribbage"]]
    decisions = list(pairs(tmp_path / "games.ndjson.gz", game="cubulus"))
    people = list(pairs(tmp_path / "games.ndjson.gz", game="cubulus", bots=False))
    assert 0 < len(people) < len(decisions)
    size = tabletop.load("cubulus").encoding().observation_size
    assert all(observation.shape == (size,) for observation, _ in decisions)
    # every game of every day, when no period is given; none outside one
    assert exported("--db", database_url, "-o", str(tmp_path / "all.ndjson.gz"))["games"] == 4
    assert exported("--db", database_url, "--until", str(TODAY - timedelta(days=11)), "-o",
                    str(tmp_path / "none.ndjson.gz"))["games"] == 0
    assert dumped(tmp_path / "none.ndjson.gz") == [] and "| — | — | 0 |" in (tmp_path / "none.md").read_text()


def test_pseudonyms_hide_names_and_ids_stable_with_a_kept_key(sqlite_url: str, tmp_path: Path) -> None:
    tables = games_played(sqlite_url)
    key = tmp_path / "keys" / "pseudonyms.key"

    def dump(name: str, *extra: str) -> list[dict[str, Any]]:
        made = exported("--db", sqlite_url, "--pseudonyms", *extra, "-o", str(tmp_path / name))
        assert made["pseudonyms"] and made["games"] == 4
        text = gzip.decompress((tmp_path / name).read_bytes()).decode()
        assert not re.search(r"\b(?:Ann|Bob)\b", text)  # no username, no table id, no account id
        assert not any(table in text for table in tables.values())
        return dumped(tmp_path / name)

    first = dump("first.ndjson.gz", "--key-file", str(key))
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    again = dump("again.ndjson.gz", "--key-file", str(key))
    other = dump("other.ndjson.gz")  # a key of its own
    ann = first[0]["players"][0]
    assert re.fullmatch(r"p-[0-9a-f]{16}", ann) and first[0]["table"].startswith("t-")
    assert first[0]["players"][1] == first[0]["record"]["meta"]["players"][1] == "easy"  # a bot is no person
    assert [line["players"] for line in first] == [line["players"] for line in again]
    assert first[0]["record"] == again[0]["record"]
    assert ann == first[1]["players"][0] == first[2]["players"][1]  # Ann, in each game she played
    assert other[0]["players"][0] != ann and other[0]["players"][0] == other[2]["players"][1]
    assert first[0]["record"]["meta"]["table"] == first[0]["table"]


def test_the_learning_example_of_the_docs_runs_on_a_dump(sqlite_url: str, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    games_played(sqlite_url)
    exported("--db", sqlite_url, "-o", str(tmp_path / "games.ndjson.gz"))
    monkeypatch.chdir(tmp_path)
    scope: dict[str, Any] = {}
    exec(compile(example("data"), "docs/interop.md:data", "exec"), scope)
    encoding = tabletop.load("cubulus").encoding()
    assert scope["X"].shape[1] == encoding.observation_size and len(scope["X"]) == len(scope["y"]) > 0
    assert ((scope["y"] >= 0) & (scope["y"] < encoding.num_actions)).all()


def test_bad_input_is_one_line_and_nothing_is_written(sqlite_url: str, tmp_path: Path) -> None:
    runner = CliRunner()
    for args, code, message in [(["--since", "yesterday"], 2, "--since 'yesterday': a day is written YYYY-MM-DD"),
                                (["--since", "2026-03-02", "--until", "2026-03-01"], 2, "is after --until"),
                                (["--key-file", "k"], 2, "give --pseudonyms too"),
                                (["--db", f"sqlite:///{tmp_path / 'none.db'}"], 1, "no database at")]:
        result = runner.invoke(app, ["export", "-o", str(tmp_path / "games.ndjson.gz"), *args])
        assert result.exit_code == code and message in result.stderr, result.output
    assert list(tmp_path.iterdir()) == []


def example(name: str) -> str:
    """The Python code block after ``<!-- example: name -->`` in ``docs/interop.md``."""
    found = re.search(rf"<!-- example: {name} -->\s*```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert found, f"docs/interop.md has no example {name!r}"
    return found.group(1)
