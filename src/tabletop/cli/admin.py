"""``tabletop admin``: the operator's moderation tools, on the server's database (``--db`` as ``tabletop serve``).

Reports to read and resolve, accounts to mute, close and reopen, chat lines to hide, moderators to make; the
same actions the moderators have over HTTP (``/api/moderation/…``), by the same storage
(:mod:`tabletop.storage.moderation`), each written to the moderation log with "operator" as who did it.
A running server learns of a mute, a closed account or a hidden line from the database: a closed account's
sessions end at its next request, a hidden line is no longer sent to anyone who opens the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from tabletop.cli.output import PLAIN_HELP, fail

if TYPE_CHECKING:
    from tabletop.storage.moderation import ModerationStore

admin_app = typer.Typer(
    help="Moderation: list and resolve reports, mute or close accounts, hide chat lines, grant the moderator "
         "role; every action logged (tabletop admin log).",
    no_args_is_help=True,
    rich_markup_mode=PLAIN_HELP,
)

ACTOR = "operator"
"""Who the log says acted, for an action taken at the shell."""

Db = Annotated[str | None, typer.Option(
    help="database URL: a SQLite file or postgresql+psycopg://… [default: tabletop.db in tabletop's user data "
         "folder, as tabletop serve]", show_default=False)]
Reason = Annotated[str, typer.Option(help="why (kept in the moderation log)")]
Username = Annotated[str, typer.Argument(help="the player's username (any case)")]


def _store(db: str | None) -> ModerationStore:
    from tabletop.cli.paths import default_db
    from tabletop.storage import Store
    from tabletop.storage.moderation import ModerationStore

    return ModerationStore(Store(db or default_db(), pool_size=1))


def _on_account(db: str | None, username: str, action: str, reason: str, **extra: object) -> str:
    """Run one of the store's account actions; the account's name (a one-line error when there is none)."""
    from tabletop.server.site.accounts.names import name_key
    from tabletop.storage.moderation import NoSuchAccount

    store = _store(db)
    try:
        done: str = getattr(store, action)(ACTOR, name_key(username), reason=reason[:500], **extra)
        return done
    except NoSuchAccount:
        raise fail(f"no account is named {username!r}", 1) from None
    finally:
        store.engine.dispose()


@admin_app.command()
def reports(db: Db = None,
            everything: Annotated[bool, typer.Option("--all", help="resolved reports too")] = False) -> None:
    """List the open reports, the newest first."""
    store = _store(db)
    found = store.reports(everything)
    store.engine.dispose()
    if not found:
        typer.echo("no open reports" if not everything else "no reports")
    for report in found:
        about = f"line {report.chat_line} at table {report.table}" if report.chat_line is not None else \
            f"at table {report.table}" if report.table else ""
        state = f"resolved by {report.resolved_by}" if report.resolved_at else "open"
        typer.echo(f"#{report.id}  {report.created_at:%Y-%m-%d %H:%M}  {report.reporter} reports "
                   f"{report.username or 'a spectator'} for {report.reason} {about}  [{state}]".rstrip())
        if report.line_text is not None:
            typer.echo(f"    line: {report.line_text}")
        if report.note:
            typer.echo(f"    note: {report.note}")


@admin_app.command()
def resolve(report_id: Annotated[int, typer.Argument(help="the report's number (tabletop admin reports)")],
            db: Db = None, reason: Reason = "") -> None:
    """Mark a report resolved."""
    store = _store(db)
    done = store.resolve(ACTOR, report_id, reason[:500])
    store.engine.dispose()
    if not done:
        raise fail(f"no open report #{report_id}", 1)
    typer.echo(f"report #{report_id} resolved")


@admin_app.command()
def mute(username: Username, db: Db = None, reason: Reason = "",
         until: Annotated[str | None, typer.Option(
             help="until when: an ISO time (UTC unless it says), or a span as 30m, 12h, 7d [default: until "
                  "unmuted]", show_default=False)] = None) -> None:
    """Mute an account: its chat messages are refused."""
    from tabletop.server.site.moderation.feature import until_of

    try:
        ends = until_of(until)
    except ValueError as error:
        raise typer.BadParameter(f"{until!r}: an ISO time to come or a span as 30m, 12h, 7d ({error})",
                                 param_hint="--until") from None
    name = _on_account(db, username, "mute", reason, until=ends)
    typer.echo(f"{name} is muted " + ("until unmuted" if ends is None else f"until {ends:%Y-%m-%d %H:%M} UTC"))


@admin_app.command()
def unmute(username: Username, db: Db = None, reason: Reason = "") -> None:
    """Let a muted account chat again."""
    typer.echo(f"{_on_account(db, username, 'unmute', reason)} may chat again")


@admin_app.command()
def close(username: Username, db: Db = None, reason: Reason = "") -> None:
    """Close an account: every session ends, signing in is refused, its profile is gone; its games stay."""
    typer.echo(f"{_on_account(db, username, 'close', reason)} is closed")


@admin_app.command()
def reopen(username: Username, db: Db = None, reason: Reason = "") -> None:
    """Open a closed account again."""
    typer.echo(f"{_on_account(db, username, 'reopen', reason)} is open again")


@admin_app.command(name="hide-line")
def hide_line(table: Annotated[str, typer.Argument(help="the table's id")],
              line_id: Annotated[int, typer.Argument(help="the chat line's id (a report names it)")],
              db: Db = None, reason: Reason = "") -> None:
    """Hide a chat line from everyone; it is kept for the record."""
    store = _store(db)
    done = store.hide_line(ACTOR, table[:32], line_id, reason[:500])
    store.engine.dispose()
    if not done:
        raise fail(f"no chat line {line_id} at table {table!r}", 1)
    typer.echo(f"line {line_id} at table {table} is hidden")


@admin_app.command()
def moderator(username: Username, db: Db = None, reason: Reason = "",
              off: Annotated[bool, typer.Option("--off", help="take the role back")] = False) -> None:
    """Grant an account the moderator role (the /api/moderation tools), or take it back with --off."""
    name = _on_account(db, username, "set_role", reason, moderator=not off)
    typer.echo(f"{name} is {'no longer' if off else 'now'} a moderator")


@admin_app.command(name="log")
def show_log(db: Db = None, limit: Annotated[int, typer.Option(min=1, max=10_000, help="lines to show")] = 100) -> None:
    """Print the moderation log: who did what to whom, when and why, the newest first."""
    store = _store(db)
    entries = store.log(limit)
    store.engine.dispose()
    if not entries:
        typer.echo("the moderation log is empty")
    for entry in entries:
        line = f"{entry.at:%Y-%m-%d %H:%M:%S}  {entry.actor}  {entry.action}  {entry.target}"
        line += f"  {entry.detail}" if entry.detail else ""
        line += f"  — {entry.reason}" if entry.reason else ""
        typer.echo(line)
