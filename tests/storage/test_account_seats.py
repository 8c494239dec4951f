"""The accounts' side of the seats, on each real database (issue 45): seats claimed into an account by their
tokens (item 2) and an account deleted (item 1), each in one transaction; a seat addressed to an account
(item 5) listed among its games."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from sqlalchemy import insert, select

from tabletop.storage import SeatSpec, Store
from tabletop.storage.accounts import AccountStore, Claimed, Played, UsernameTaken
from tabletop.storage.models import ChatRow, SeatRow

NOTED: list[tuple[str, frozenset[int]]] = []


def noted(claimed: Claimed, seats: frozenset[int]) -> Played:
    NOTED.append((claimed.table_id, seats))
    return Played(claimed.table_id, claimed.game, claimed.status, "resigned", False, False, claimed.active_at)


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    made = Store(database_url)
    yield made
    made.close()


def test_seats_are_claimed_by_their_tokens_once_and_never_from_another_account(store: Store) -> None:
    """Issue 45 item 2: a seat someone sits at, by its token, bound to the account; a finished table noted once
    with every seat of the account there (a hot seat's both); another account's seat, a free seat, a bot's
    and a wrong token are not; a deleted account claims nothing."""
    accounts = AccountStore(store)
    anna = accounts.create("Anna", "anna", "$argon2id$", ["aaaaa-11111"])
    bob = accounts.create("Bob", "bob", "$argon2id$", ["bbbbb-22222"])
    hot, hot_tokens = store.create_table("cubulus", {}, [SeatSpec("local", joined=True)] * 2)
    store.set_status(hot.id, "over", {"winner": 0})
    invited, invited_tokens = store.create_table("cubulus", {}, [SeatSpec("human", joined=True), SeatSpec("human")])
    bobs, bobs_tokens = store.create_table("cubulus", {}, [SeatSpec("human", joined=True), SeatSpec("bot")],
                                           account=bob.id)
    NOTED.clear()
    pairs = [(hot.id, hot_tokens[0]), (hot.id, hot_tokens[1]), (invited.id, invited_tokens[0]),
             (invited.id, invited_tokens[1]), (bobs.id, bobs_tokens[0]), (bobs.id, "wrong")]
    claimed = accounts.claim(anna.id, pairs, noted)
    assert sorted((c.table_id, c.seat) for c in claimed) == sorted([(hot.id, 0), (hot.id, 1), (invited.id, 0)])
    assert list(NOTED) == [(hot.id, frozenset({0, 1}))]
    assert [p.table_id for p in accounts.recent(anna.id)] == [hot.id]
    assert store.table(bobs.id).seats[0].account == bob.id and store.table(invited.id).seats[1].account is None
    assert len(accounts.claim(anna.id, pairs, noted)) == 3 and len(NOTED) == 1  # again: its own, noted once
    accounts.delete(bob.id, "deleted player")
    assert accounts.claim(bob.id, [(bobs.id, bobs_tokens[0])], noted) == []


def test_a_deleted_account_leaves_its_games_under_a_neutral_name_and_its_name_taken(store: Store) -> None:
    """Issue 45 item 1: in one transaction, the sessions, codes and games list go; the seats (and their chat
    lines) are renamed and bound to nobody; a free seat addressed to it waits for its link alone; the tables
    changed are answered; the name is kept from new accounts."""
    accounts = AccountStore(store)
    anna = accounts.create("Anna", "anna", "$argon2id$", ["abcde-12345"])
    accounts.open_session(anna.id, "secret", timedelta(days=1), "agent")
    sat, _ = store.create_table("cubulus", {}, [SeatSpec("human", "Anna", joined=True), SeatSpec("bot")],
                                account=anna.id)
    waiting, _ = store.create_table("cubulus", {}, [SeatSpec("human", "Bea", joined=True),
                                                    SeatSpec("human", "Anna", reserved_for=anna.id,
                                                             reserved_name="Anna")])
    with store.engine.begin() as connection:
        connection.execute(insert(ChatRow).values(table_id=sat.id, seat=0, name="Anna", text="hello"))
    assert {t.id for t in store.lobby(("open",), account=anna.id).tables} == {sat.id, waiting.id}
    assert store.lobby(("open",), account=anna.id).invited == {waiting.id: [1]}
    changed = accounts.delete(anna.id, "deleted player")
    assert sorted(changed) == sorted([(sat.id, "open"), (waiting.id, "open")])
    seat, free = store.table(sat.id).seats[0], store.table(waiting.id).seats[1]
    assert (seat.name, seat.account) == ("deleted player", None)
    assert (free.name, free.reserved_for, free.reserved_name) == ("", None, None)
    with store.engine.connect() as connection:
        assert connection.execute(select(ChatRow.name)).scalars().all() == ["deleted player"]
        assert connection.execute(select(SeatRow.seat).where(SeatRow.account == anna.id)).all() == []
    assert accounts.session("secret") is None and accounts.credentials("anna") is None
    assert accounts.codes_left(anna.id) == 0 and accounts.account(anna.id) is None
    with pytest.raises(UsernameTaken):
        accounts.create("ANNA", "anna", "$argon2id$", ["ccccc-33333"])
