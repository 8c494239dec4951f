"""``tabletop admin`` (issue 45 item 7): the operator's moderation tools through Typer's runner on a real SQLite
database — reports listed newest first and resolved, an account muted, closed (its sessions ended) and
reopened, a chat line hidden and kept, the moderator role granted and taken back — each action in the log
``tabletop admin log`` prints, with no secret in it."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from sqlalchemy import select
from typer.testing import CliRunner

from tabletop.cli.app import app
from tabletop.storage import SeatSpec, Store
from tabletop.storage.accounts import AccountRow, AccountStore
from tabletop.storage.chat import ChatLog
from tabletop.storage.models import ChatRow
from tabletop.storage.moderation import ModerationStore

runner = CliRunner()
SECRET = "a-session-secret-of-anna"


def admin(url: str, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["admin", *args, "--db", url], env={"COLUMNS": "200"})
    return result.exit_code, result.stdout, result.stderr


def test_the_operators_tools_act_on_the_database_and_log_every_action(tmp_path: Path) -> None:
    """Issue 45 item 7: every ``tabletop admin`` command does what it says on a real database, refuses an
    unknown name or report with a one-line error, and writes its line in the moderation log."""
    url = f"sqlite:///{tmp_path / 'admin.db'}"
    store = Store(url)
    accounts, moderation = AccountStore(store), ModerationStore(store)
    anna = accounts.create("Anna", "anna", "$argon2id$hash-of-anna", ["abcde-12345"])
    bob = accounts.create("Bob", "bob", "$argon2id$hash-of-bob", ["abcde-54321"])
    accounts.open_session(bob.id, SECRET, timedelta(days=1), "a browser")
    table = store.create_table("cubulus", {}, [SeatSpec("human", "Anna"), SeatSpec("human", "Bob")])[0].id
    line = ChatLog(store).add(table, 1, "Bob", "a rude line", bob.id)
    first = moderation.report((anna.id, "Anna"), (bob.id, "Bob"), "abuse", "rude", table,
                              moderation.chat_line(table, line.id))[0]
    second = moderation.report((anna.id, "Anna"), (bob.id, "Bob"), "spam", "", None, None)[0]

    code, out, _ = admin(url, "reports")
    assert code == 0 and out.index(f"#{second} ") < out.index(f"#{first} ") and "line: a rude line" in out
    assert admin(url, "resolve", str(first), "--reason", "warned")[0] == 0
    assert f"#{first} " not in admin(url, "reports")[1] and f"#{first} " in admin(url, "reports", "--all")[1]
    code, _, err = admin(url, "resolve", str(first))
    assert code == 1 and f"no open report #{first}" in err

    assert admin(url, "mute", "BOB", "--until", "7d", "--reason", "rude")[1].startswith("Bob is muted until ")
    assert moderation.muted(bob.id) is not None
    assert admin(url, "mute", "bob", "--until", "yesterday")[0] == 2
    assert admin(url, "unmute", "bob")[0] == 0 and moderation.muted(bob.id) is None

    assert admin(url, "close", "bob", "--reason", "spam")[1] == "Bob is closed\n"
    assert accounts.session(SECRET) is None  # every session ended
    found = accounts.credentials("bob")
    assert found is not None and found[0].closed
    assert admin(url, "reopen", "bob")[0] == 0
    found = accounts.credentials("bob")
    assert found is not None and not found[0].closed

    assert admin(url, "hide-line", table, str(line.id), "--reason", "rude")[0] == 0
    assert ChatLog(store).recent(table, 10) == []  # hidden from everyone
    with store.engine.connect() as connection:  # kept for the record
        assert connection.execute(select(ChatRow.text).where(ChatRow.id == line.id)).scalar() == "a rude line"
    assert admin(url, "hide-line", table, "999")[0] == 1

    assert admin(url, "moderator", "anna")[1] == "Anna is now a moderator\n"
    with store.engine.connect() as connection:
        assert connection.execute(select(AccountRow.role).where(AccountRow.id == anna.id)).scalar() == "moderator"
    assert admin(url, "moderator", "anna", "--off")[0] == 0
    code, _, err = admin(url, "close", "nobody")
    assert code == 1 and "no account is named 'nobody'" in err

    code, log, _ = admin(url, "log")
    actions = [row.split("  ")[2] for row in log.splitlines()]
    assert actions == ["role", "role", "hide_line", "reopen", "close", "unmute", "mute", "resolve"]
    assert all(row.split("  ")[1] == "operator" for row in log.splitlines())
    assert "Bob  until " in log and "— spam" in log
    assert SECRET not in log and "argon2id" not in log and "abcde" not in log
    store.close()
