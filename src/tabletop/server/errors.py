"""Refusals as data: every error the server sends has a stable code and named params (STYLE 16).

A WebSocket refusal is ``{"type": "error", "code": "stale_move", "params": {"move": 7, "current": 9},
"reason": "move 7 is stale: the table is at move 9"}``; an HTTP error body is ``{"detail": "…",
"code": "…", "params": {…}}`` (FastAPI's validation errors keep their list as ``detail``). The English
``reason``/``detail`` is for terminal clients, curl users and logs; the browser words the code in its
reader's language from the params, falling back to the English only for a code it does not know.

:data:`SERVER_ERRORS` is the catalogue of the server's own codes, with what each means and its
params; a game's refusals pass through with the game's code (declared in its ``GameSpec.errors``)
and the core's (:data:`tabletop.core.errors.CORE_ERRORS`). A test checks that every code raised in
this package is listed here and that the browser has words for each in every language.

Whatever a refusal sends back of what a client sent goes through :func:`echo`: a client can send values
no JSON encoder takes (a lone surrogate, ``NaN``, a 1,000-digit integer where a query asks for a
number) or a great deal of them, and an error that echoed one answered a 500 with a traceback
instead. So every body and message here is JSON-encodable and bounded, whatever it quotes.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping
from typing import Any

from fastapi import HTTPException
from starlette.exceptions import HTTPException as StarletteHTTPException

from tabletop.core import TabletopError

SERVER_ERRORS: Mapping[str, str] = {
    # tables and seats
    "no_table": "no table {table}",
    "players_mismatch": "the options say {players} players but {seats} seats are given",
    "move_seconds_short": "a per-move clock of {seconds} s is below this server's least, {minimum} s",
    "creator_seat": "the creator's seat {seat} is not a human or hot-seat seat of the {seats}",
    "unknown_bot": "no bot {bot} plays this game",
    "seed_refused": "a chosen seed at a table where seats {seats} are open to other people",
    "rematch_seats_kept": "a rematch's seats are kept for the last game's players",
    "seat_reserved": "seat {seat} is kept for the person invited to it (its link takes it)",
    "seat_for_unknown": "seat {seat} is addressed to {username}, a name no player has",
    "seat_for_creator": "the creator's seat {seat} is addressed to another player, {username}",
    "no_free_seat": "no free seat at this table",
    "seat_not_free": "seat {seat} is not free; {free} are",
    "seat_taken": "seat {seat} was taken a moment ago",
    "bad_token": "a seat token that holds no seat at this table",
    "token_required": "this request takes a seat's (or the creator's) token in 'Authorization: Bearer'",
    "bad_authorization": "an Authorization header that is not 'Bearer <token>'",
    "tokens_in_url": "a seat token in a URL (it would be logged)",
    "too_many_tokens": "{count} different seat tokens for a table of {seats} seats",
    # moves and undo
    "not_started": "the game has not started: seats are still free",
    "not_playing": "the game is {status}",
    "stale_move": "move {move} is stale: the table is at move {current}",
    "not_your_turn": "seat {to_move} is to move",
    "chance_to_move": "chance is to move, not a seat",
    "move_taken": "move {move} was made a moment ago by another connection",
    "undo_refused": "no undo now, because {why} (a code of tabletop.server.table.UNDO_REFUSALS)",
    "no_undo_request": "no undo request waits for this seat's answer",
    "already_ended": "the table is already {status}",
    "cannot_resign": "nothing to resign at a table that is {status} (only a game being played)",
    "cannot_abandon": "this table cannot be abandoned: it is {status}",
    "cannot_leave": "nobody else plays at this {status} table: abandon it instead of leaving",
    "abandon_needs_seat": "a game being played is abandoned only by its seated people, all agreeing",
    "end_pending": "a request to end the game already waits for an answer",
    "claim_too_early": "the others who went away have {seconds} s more to come back (until {claimable_at})",
    "cannot_claim": "seat {seat} may not {way} now: nobody it could go on without has gone, or someone came back",
    "no_end_request": "no request to end the game waits for this seat's answer",
    "rematch_too_early": "a rematch is offered once the game is over",
    "rematch_not_over": "the game was {status}: only a finished game has a rematch",
    # messages
    "message_too_long": "a message of {length} characters (at most {maximum})",
    "malformed": "a message or request body that does not have the expected form ({problems})",
    "binary_frame": "a binary WebSocket frame (the protocol is JSON text)",
    "no_hello": "no hello within {seconds} s",
    "bad_hello": "a first message that is not a hello ({problems})",
    "spectator_cannot_act": "a connection without seats tried to act",
    "seat_not_held": "this connection does not hold seat {seat}",
    # lobby, records, replays, odds, motions
    "bad_status": "a status that is not one of {statuses}",
    "bad_cursor": "a lobby cursor this server did not give out",
    "game_in_progress": "a record or replay of a game still being played (it would show hidden cards)",
    "no_move": "move {move}: the record has moves 0–{moves}",
    "no_odds": "no exact odds for {game}; they are computed for {games}",
    "motion_hidden": "move {move} is hidden from some players: no motion is given for it",
    "no_motion": "move {move} has no motion to animate",
    "no_rules": "the game {game} has no rules page in the language {lang}",
    "motion_mismatch": "move {move}: this server's simulation does not reproduce the record",
    "record_broken": "the record does not replay to move {move}",
    # coach mode
    "no_coach": "no coach for {game}; it coaches {games}",
    "coach_seat": "no seat {seat}: the game has {seats} seats",
    "coach_not_held": "seat {seat} is not held by these tokens: the coach advises only one's own seat",
    "coach_not_to_move": "seat {seat} is not to move: the coach advises the seat to move",
    "bad_threshold": "a blunder threshold of {threshold} (give a number from 0 to 1000)",
    # limits (each with retry_after, seconds, where waiting helps)
    "too_many_requests": "more than {limit} HTTP requests a second from one client",
    "too_many_expensive": "more than {limit} odds, replay, motion, coach or lobby requests a second from one client",
    "too_many_heavy": "more than {limit} expensive requests at once from one client",
    "too_many_lobby_reads": "more than {limit} lobby pages a second read from the database for one client",
    "server_busy": "the server is busy computing other answers",
    "too_many_creations": "more than {limit} new tables a minute from one client",
    "too_many_unfinished": "{limit} unfinished tables already, the limit per client: resign, abandon or leave one",
    "bot_tables_full": "{limit} all-bot tables already play, the server's limit",
    "spectators_full": "the table already has {count} spectators, the most it takes",
    "too_many_sockets": "more than {limit} connections open from one client",
    "too_many_new_sockets": "more than {limit} new connections a minute from one client",
    "socket_cooldown": "this client flooded a socket: new connections wait {seconds} s",
    "flooded": "more than {rate} messages a second (bursts of {burst}): closed; new connections wait {cooldown} s",
    "too_many_chat": "more than {limit} chat messages in any {span} from one client",
    "too_many_toggles": "more than {limit} switches of spectator chat in any {span} s from one client",
    "too_many_undo_asks": "more than {limit} undo requests in any {span} s from one client",
    "too_many_end_requests": "more than {limit} resign, abandon or leave requests in any {span} s from one client",
    "too_many_answers": "more than {limit} answers to undo or end requests in any {span} s from one client",
    "too_many_rematches": "more than {limit} rematch requests in any {span} s from one client",
    # accounts (tabletop.server.site.accounts, tabletop.server.identity)
    "username_taken": "the name {username} is taken by another account",
    "username_length": "a username of fewer than {shortest} or more than {longest} characters",
    "username_characters": "a username with characters other than letters, digits, _ - and .",
    "username_scripts": "a username mixing letters of several scripts ({scripts})",
    "username_reserved": "a reserved username",
    "password_length": "a password of fewer than {shortest} or more than {longest} characters",
    "password_is_username": "a password that is the username",
    "bad_credentials": "a wrong username, password or recovery code",
    "not_signed_in": "no account is signed in",
    "csrf_failed": "a change by a signed-in browser without the session's CSRF token",
    "no_session": "no such session of this account",
    "no_player": "no player of that name",
    "passkey_refused": "a passkey that did not verify, or answered no registration asked here",
    "passkey_known": "a passkey registered already",
    "passkey_failed": "a passkey that did not sign in here",
    "no_passkey": "no such passkey of this account",
    "passkey_needs_a_name": "a passkey asked for at an IP address (browsers allow them at a site's name only)",
    "mail_not_configured": "this server sends no e-mail (no SMTP server configured)",
    "bad_email": "an e-mail address that does not look like one",
    "bad_link": "a mailed link used, expired or unknown",
    "too_many_sign_ins": "more than {limit} sign-in attempts in any {span} s from one client",
    "too_many_sign_ins_for_account": "more than {limit} sign-in attempts in any {span} s for one account",
    "too_many_sign_ups": "more than {limit} new accounts in any {span} s from one client",
    "too_many_claims": "more than {limit} claims of seats in any {span} s for one account",
    "too_many_exports": "more than {limit} pages of an export in any {span} s for one account",
    "too_many_profile_reads": "more than {limit} profiles or lists of games read in any {span} s by one client",
    # the open record of play (.site.records)
    "too_many_game_streams": "more than {limit} streams of a player's games asked in any {span} s by one client",
    "busy_hashing": "the server is checking too many passwords at once",
    "account_closed": "an account the site's moderators closed (it signs in nowhere)",
    # looking after each other (tabletop.server.site.moderation)
    "cannot_join": "a seat at this table that cannot be taken by this account (no reason is given)",
    # ratings (.site.ratings)
    "not_rated": "a table that cannot be rated ({reason}: sign_in, seed, hot_seat, bot_level or options)",
    "rated_needs_account": "a seat at a rated table taken by a client not signed in",
    "rated_seat_taken": "a second seat at a rated table for an account seated there",
    "rated_no_coach": "the coach asked at a rated table being played",
    "no_pool": "a rating pool there is not ({pool}; pools: {pools})",
    "too_many_rating_reads": "more than {limit} leaderboards or rating histories read in any {span} s by one client",
    # quick pairing (.site.seeks)
    "too_many_seeks": "more than {limit} seeks posted in any {span} s by one account",
    "no_seek": "a seek that is not waiting (withdrawn, lapsed, or matched)",
    "seek_two_players": "a seek of a game that is not for two players ({players} seats)",
    # statistics (.site.stats)
    "no_stats": "a game that keeps no statistics ({game}; games with statistics: {games})",
    "too_many_stats_reads": "more than {limit} players' statistics read in any {span} s by one client",
    "block_self": "an account blocking itself",
    "too_many_blocks": "an account blocking more than {limit} others",
    "report_self": "an account reporting itself",
    "no_chat_line": "no such chat line at that table",
    "note_too_long": "a note of more than {maximum} characters",
    "no_report": "no open report of that id",
    "not_moderator": "a moderator's action asked by an account without the role",
    "bad_until": "a mute's end that is not a time to come",
    "too_many_block_changes": "more than {limit} blocks and unblocks in any {span} s for one account",
    "too_many_reports": "more than {limit} reports in any {span} s for one account",
    # who may talk to the server (tabletop.server.headers)
    "bad_host": "a Host header {host} that is not a name of this server",
    "bad_origin": "a page from {origin}, another site, may not change anything here",
    # connections and request size (answered by the server's protocols before the app sees a request)
    "too_many_connections": "more than {limit} connections open at once from one address",
    "too_many_new_connections": "more than {limit} new connections in a second from one address",
    "connections_full": "the server has {limit} connections open, the most it takes",
    "request_timeout": "the request line and headers did not arrive within {seconds} s",
    "headers_too_large": "the request line and headers take more than {limit} bytes",
    "body_too_slow": "the request body came slower than {rate} bytes a second",
    "body_too_large": "a request body of more than {limit} bytes",
    # the server itself
    "database_unavailable": "the database failed mid-request; nothing was changed",
    "not_found": "no such path",
    "method_not_allowed": "a method this path does not take",
    "http_error": "another HTTP error (its status in params)",
}
"""Every code of the server's own refusals: what it means, with its params in braces."""


class Rejection(Exception):
    """A request refused, with its code, params and the English reason sent back; nothing was changed."""

    def __init__(self, reason: str, code: str, /, **params: Any) -> None:
        super().__init__(reason)
        self.code = code
        self.params = params

    @classmethod
    def of(cls, error: TabletopError) -> Rejection:
        """The refusal of a game's or the core's error: its code and params, passed through."""
        return cls(str(error), error.code, **error.params)

    def message(self) -> dict[str, Any]:
        """The WebSocket ``error`` message (what it quotes made safe to send: :func:`echo`)."""
        return {"type": "error", "code": self.code, "params": echo(self.params), "reason": echo_text(str(self))}


class ApiError(HTTPException):
    """An HTTP refusal with a code and params besides its English ``detail`` (the body the app's
    handler writes: ``{"detail", "code", "params"}``)."""

    def __init__(self, status: int, detail: str, code: str, /, headers: Mapping[str, str] | None = None,
                 **params: Any) -> None:
        super().__init__(status, detail, headers=dict(headers) if headers else None)
        self.code = code
        self.params = params

    @classmethod
    def of(cls, status: int, refusal: Rejection | TabletopError) -> ApiError:
        """The HTTP answer ``status`` to a refusal, with its code and params."""
        return cls(status, str(refusal), refusal.code, **refusal.params)


STATUS_CODES = {404: "not_found", 405: "method_not_allowed"}
"""The codes of the HTTP errors raised by the framework itself (an unknown path)."""


def error_body(error: StarletteHTTPException) -> dict[str, Any]:
    """The JSON body of an HTTP error: the English detail, its code and params."""
    code = getattr(error, "code", None) or STATUS_CODES.get(error.status_code, "http_error")
    params = getattr(error, "params", None)
    if params is None:
        params = {} if code != "http_error" else {"status": error.status_code}
    return {"detail": echo(error.detail, text=MAX_REASON), "code": code, "params": echo(params)}


MAX_QUOTE = 200
"""The most characters of one string a refusal quotes (a name, an action, a key a client sent)."""
MAX_REASON = 2_000
"""The most characters of a refusal's English reason (which may quote what was sent)."""
MAX_ITEMS = 32
"""The most items of one list or mapping a refusal quotes (Kubik's 16 seats, ten problems…)."""
MAX_DEPTH = 4
"""How deep into nested lists and mappings a refusal quotes."""
MAX_INT_BITS = 64
"""A larger integer is quoted by its size (a 5,000-digit one cannot even be written as text)."""


def echo(value: Any, *, text: int = MAX_QUOTE, depth: int = 0) -> Any:
    """``value`` as a refusal may quote it: JSON-encodable and bounded. Non-finite numbers become their
    names (``"nan"``, ``"inf"``), lone surrogates their escapes, long strings, lists and mappings are cut
    (``…``), huge integers are described, and anything else is quoted as its text."""
    if value is None or isinstance(value, bool | str | int | float):
        return _scalar(value, text)
    if depth >= MAX_DEPTH:
        return "…"
    if isinstance(value, Mapping):
        return {echo_text(str(key), MAX_QUOTE): echo(item, depth=depth + 1)
                for key, item in itertools.islice(value.items(), MAX_ITEMS)}
    if isinstance(value, list | tuple | set | frozenset):
        return [echo(item, depth=depth + 1) for item in itertools.islice(value, MAX_ITEMS)]
    if isinstance(value, bytes | bytearray):
        return echo_text(repr(bytes(value[:text])), text)
    return echo_text(str(value), text)


def _scalar(value: bool | str | int | float | None, text: int) -> Any:
    if isinstance(value, str):
        return echo_text(value, text)
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_INT_BITS:
        return f"{'-' if value < 0 else ''}an integer of {value.bit_length()} bits"
    return value


def echo_text(text: str, limit: int = MAX_REASON) -> str:
    """``text`` cut to ``limit`` characters, each lone surrogate written as its escape (``\\ud800``)."""
    if len(text) > limit:
        text = text[:limit] + "…"
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def problems(errors: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Where each problem of a validation error is and its kind (pydantic's ``type``: ``missing``,
    ``json_invalid``…), the ``problems`` param of ``malformed`` and ``bad_hello``: the first ten."""
    return [{"loc": echo(list(e.get("loc", ()))), "type": echo(e.get("type", ""))}
            for e in itertools.islice(errors, 10)]


def validation_detail(errors: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """FastAPI's list of a request's problems (``type``, ``loc``, ``msg``, ``input``, ``ctx``), with what
    each quotes of the request made safe to send (:func:`echo`): the first :data:`MAX_ITEMS`."""
    return [{key: echo(value, text=MAX_REASON if key == "msg" else MAX_QUOTE) for key, value in e.items()
             if key in ("type", "loc", "msg", "input", "ctx")}
            for e in itertools.islice(errors, MAX_ITEMS)]


def database_down() -> ApiError:
    """What a request is told when the database failed under it: nothing was changed, try again soon."""
    return ApiError(503, "the database is unavailable just now; nothing was changed — try again",
                    "database_unavailable", retry_after=5)
