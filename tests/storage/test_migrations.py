"""The schema's migrations (SITE seam 5): they build exactly the tables the models declare, and upgrade a
database made before accounts existed, with a live table in it, in place (issue 45, item 8)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, insert, inspect, text

import tabletop.storage.ratings
import tabletop.storage.seeks
import tabletop.storage.stats  # noqa: F401  (their tables are in the metadata the migrations must build)
from tabletop.storage import Store
from tabletop.storage.accounts import AccountStore
from tabletop.storage.migrate import upgrade
from tabletop.storage.models import Base, EventRow, TableRow
from tabletop.storage.store import NewEvent


def test_the_migrations_build_what_the_models_declare(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fresh.db'}"
    upgrade(url)
    engine = create_engine(url)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    engine.dispose()
    assert differences == []


def test_a_database_from_before_accounts_is_upgraded_in_place_with_its_tables_playable(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    upgrade(url, "0006")  # the schema of the release before accounts, with a game being played in it
    engine = create_engine(url)
    with engine.begin() as connection:  # (the columns that release had: written as it wrote them)
        connection.execute(insert(TableRow).values(id="t" * 12, game="cubulus", options={}, status="playing",
                                                   settings={}))
        connection.execute(text("INSERT INTO seats (table_id, seat, kind, name, bot, joined) VALUES "
                                "('tttttttttttt', 0, 'human', 'Ann', NULL, 1), "
                                "('tttttttttttt', 1, 'bot', 'Bot', 'random', 1)"))
        connection.execute(insert(EventRow).values(table_id="t" * 12, number=0, seat=0, action="A1"))
    assert "accounts" not in inspect(engine).get_table_names()
    engine.dispose()
    store = Store(url)  # a new release's server starts on it: upgraded in place
    assert {"accounts", "account_sessions", "account_recovery_codes"} <= set(inspect(store.engine).get_table_names())
    assert store.table("t" * 12).status == "playing"
    assert store.append_many([[NewEvent("t" * 12, 1, 1, "B2")]]) == [True]  # the game goes on
    assert [e.action for e in store.events("t" * 12)] == ["A1", "B2"]
    made = AccountStore(store).create("Ann", "ann", "$argon2id$...", ["abcde-12345"])
    assert AccountStore(store).credentials("ann") == (made, "$argon2id$...")
    store.close()


def test_a_database_with_accounts_is_upgraded_to_seats_addressed_to_an_account_with_its_tables_playable(
        tmp_path: Path) -> None:
    """Issue 45 items 5 and 8: a database of the release with accounts (0007), an account signed up and a game
    of it being played, upgraded in place: the account still signs in, its seat is still its own and addressed
    to nobody, and the game goes on."""
    url = f"sqlite:///{tmp_path / 'accounts.db'}"
    upgrade(url, "0007")
    engine = create_engine(url)
    with engine.begin() as connection:  # (written as that release wrote them)
        connection.execute(text("INSERT INTO accounts (id, username, username_key, password_hash, role, created_at) "
                                "VALUES ('a1', 'Ann', 'ann', '$argon2id$...', 'player', '2026-12-01 10:00:00')"))
        connection.execute(insert(TableRow).values(id="t" * 12, game="cubulus", options={}, status="playing",
                                                   settings={}))
        connection.execute(text("INSERT INTO seats (table_id, seat, kind, name, bot, joined, account, open) VALUES "
                                "('tttttttttttt', 0, 'human', 'Ann', NULL, 1, 'a1', 0), "
                                "('tttttttttttt', 1, 'bot', 'Bot', 'random', 1, NULL, 0)"))
        connection.execute(insert(EventRow).values(table_id="t" * 12, number=0, seat=0, action="A1"))
    assert "reserved_for" not in {c["name"] for c in inspect(engine).get_columns("seats")}
    engine.dispose()
    store = Store(url)
    seat = store.table("t" * 12).seats[0]
    assert (seat.account, seat.reserved_for, seat.reserved_name) == ("a1", None, None)
    found = AccountStore(store).credentials("ann")
    assert found is not None and found[0].username == "Ann"
    assert [t.id for t in store.lobby(("playing",), account="a1").tables] == ["t" * 12]
    assert store.append_many([[NewEvent("t" * 12, 1, 1, "B2")]]) == [True]
    store.close()


def test_a_database_with_mail_is_upgraded_to_moderation_with_its_tables_and_chat_kept(tmp_path: Path) -> None:
    """Issue 45 items 7 and 8: a database of the release with mail (0010) — an account, a game of it being
    played, a chat line — upgraded in place: the account is open and not muted and still signs in, the old
    line is still shown (no account known for it), blocks and reports can be made, and the game goes on."""
    from tabletop.storage.chat import ChatLog
    from tabletop.storage.moderation import ModerationStore

    url = f"sqlite:///{tmp_path / 'mail.db'}"
    upgrade(url, "0010")
    engine = create_engine(url)
    with engine.begin() as connection:  # (written as that release wrote them)
        two_accounts_at_a_game(connection)
        connection.execute(text("INSERT INTO chat_messages (table_id, seat, name, text, at) VALUES "
                                "('tttttttttttt', 1, 'Bob', 'gl hf', '2026-12-01 10:01:00')"))
    assert "closed_at" not in {c["name"] for c in inspect(engine).get_columns("accounts")}
    engine.dispose()
    store = Store(url)
    assert {"account_blocks", "reports", "moderation_log"} <= set(inspect(store.engine).get_table_names())
    found = AccountStore(store).credentials("ann")
    assert found is not None and not found[0].closed
    moderation = ModerationStore(store)
    assert moderation.muted("a1") is None
    assert [(line.name, line.text, line.account) for line in ChatLog(store).recent("t" * 12, 10)] == [
        ("Bob", "gl hf", None)]
    assert moderation.block("a1", "a2") and moderation.blocks_any(["a1"], "a2")
    line = ChatLog(store).recent("t" * 12, 10)[0]
    assert moderation.report(("a1", "Ann"), (None, "Bob"), "abuse", "", "t" * 12,
                             moderation.chat_line("t" * 12, line.id))[1]
    assert store.append_many([[NewEvent("t" * 12, 1, 1, "B2")]]) == [True]
    store.close()


def test_a_database_with_moderation_is_upgraded_to_ratings_with_its_accounts_and_tables_kept(tmp_path: Path) -> None:
    """Issue 46: a database of the release with moderation (0011) — two accounts and their game being played —
    upgraded in place: the accounts are people's (no bot level) and still sign in, the bot levels get accounts
    of their own beside them, a rated table's changes are written once, and the game goes on."""
    from tabletop.storage.ratings import Change, RatingStore

    url = f"sqlite:///{tmp_path / 'moderation.db'}"
    upgrade(url, "0011")
    engine = create_engine(url)
    with engine.begin() as connection:  # (written as that release wrote them)
        two_accounts_at_a_game(connection)
    assert "ratings" not in inspect(engine).get_table_names()
    engine.dispose()
    store = Store(url)
    found = AccountStore(store).credentials("ann")
    assert found is not None and found[0].bot is None
    ratings = RatingStore(store)
    bots = ratings.bot_accounts(["easy", "normal"])
    assert bots == ratings.bot_accounts(["normal", "easy"]) and AccountStore(store).named("easy").bot == "easy"
    assert AccountStore(store).credentials("easy") is None  # nobody signs in as a bot level
    changes = [Change("a1", 0, (25.0, 8.3), (27.0, 8.0)), Change(bots["easy"], 1, (25.0, 8.3), (23.0, 8.0))]
    assert ratings.apply("r" * 12, "cubulus-2", changes) and not ratings.apply("r" * 12, "cubulus-2", changes)
    assert ratings.ratings(["a1"], "cubulus-2")["a1"].games == 1
    assert store.append_many([[NewEvent("t" * 12, 1, 1, "B2")]]) == [True]
    store.close()


def two_accounts_at_a_game(connection: Any) -> None:
    """Ann and Bob, accounts of a release after 0008 (its columns, written as it wrote them), at a game of
    Cubulus being played: one move made."""
    for number, name in ((1, "Ann"), (2, "Bob")):
        connection.execute(text("INSERT INTO accounts (id, username, username_key, password_hash, role, "
                                "created_at) VALUES (:id, :name, :key, '$argon2id$...', 'player', "
                                "'2026-12-01 10:00:00')"), {"id": f"a{number}", "name": name, "key": name.lower()})
    connection.execute(insert(TableRow).values(id="t" * 12, game="cubulus", options={}, status="playing",
                                               settings={}))
    connection.execute(text("INSERT INTO seats (table_id, seat, kind, name, bot, joined, account, open) VALUES "
                            "('tttttttttttt', 0, 'human', 'Ann', NULL, 1, 'a1', 0), "
                            "('tttttttttttt', 1, 'human', 'Bob', NULL, 1, 'a2', 0)"))
    connection.execute(insert(EventRow).values(table_id="t" * 12, number=0, seat=0, action="A1"))


def test_a_database_with_ratings_is_upgraded_to_statistics_with_its_accounts_and_tables_kept(tmp_path: Path) -> None:
    """Issue 46 item 4: a database of the release with ratings and quick pairing (0013) — an account, its rating
    and a game of it being played — upgraded in place: the rating is kept, a finished game is queued once, claimed
    by one caller, stored once per (table, account) with the account's totals moved once (a claim left stale is
    taken again), and the game goes on."""
    from tabletop.storage.ratings import RatingStore
    from tabletop.storage.stats import Analysed, StatsStore

    url = f"sqlite:///{tmp_path / 'ratings.db'}"
    upgrade(url, "0013")
    engine = create_engine(url)
    with engine.begin() as connection:  # (written as that release wrote them)
        connection.execute(text("INSERT INTO accounts (id, username, username_key, password_hash, role, created_at) "
                                "VALUES ('a1', 'Ann', 'ann', '$argon2id$...', 'player', '2026-12-01 10:00:00')"))
        connection.execute(text("INSERT INTO ratings (account_id, pool, mu, sigma, games, played_at) VALUES "
                                "('a1', 'cribbage-2', 27.0, 8.0, 1, '2026-12-05 10:00:00')"))
        connection.execute(insert(TableRow).values(id="t" * 12, game="cribbage", options={}, status="playing",
                                                   settings={}))
        connection.execute(text("INSERT INTO seats (table_id, seat, kind, name, bot, joined, account, open) VALUES "
                                "('tttttttttttt', 0, 'human', 'Ann', NULL, 1, 'a1', 0), "
                                "('tttttttttttt', 1, 'bot', 'Bot', 'easy', 1, NULL, 0)"))
        connection.execute(insert(EventRow).values(table_id="t" * 12, number=0, seat=-1, action="cut AS"))
    assert "player_stats" not in inspect(engine).get_table_names()
    engine.dispose()
    store = Store(url)
    assert RatingStore(store).ratings(["a1"], "cribbage-2")["a1"].games == 1
    stats = StatsStore(store)
    record = '{"game": "cribbage", "options": {}, "actions": []}'
    assert stats.enqueue("f" * 12, "cribbage", record, {"a1": 0}) and not stats.enqueue("f" * 12, "cribbage", record,
                                                                                          {"a1": 0})
    [queued] = stats.claim()
    assert queued.seats == {"a1": 0} and stats.claim() == []  # claimed: nobody else takes it meanwhile
    found = [Analysed("a1", 0, {"discards": 2.0, "discard_points_lost": 1.5}, complete=False)]
    assert stats.store("f" * 12, "cribbage", queued.finished_at, found)
    assert not stats.store("f" * 12, "cribbage", queued.finished_at, found)  # (a second process's: nothing)
    assert not stats.enqueue("f" * 12, "cribbage", record, {"a1": 0}) and stats.queued() == 0
    [totals] = stats.totals_of("a1")
    assert (totals.games, totals.incomplete, totals.totals) == (1, 1, {"discards": 2.0, "discard_points_lost": 1.5})
    assert stats.enqueue("g" * 12, "cribbage", record, {"a1": 1})
    assert [q.table for q in stats.claim()] == ["g" * 12] and [q.tries for q in StatsStore(store, 0).claim()] == [2]
    assert stats.store("g" * 12, "cribbage", queued.finished_at, [Analysed("a1", 1, {"discards": 1.0})])
    [totals] = stats.totals_of("a1")  # a second game adds to the totals
    assert (totals.games, totals.incomplete, totals.totals) == (2, 1, {"discards": 3.0, "discard_points_lost": 1.5})
    assert [game.table for game in stats.played("a1", "cribbage", 10)] == ["f" * 12, "g" * 12]
    assert store.append_many([[NewEvent("t" * 12, 1, -1, "cut KD")]]) == [True]
    store.close()
