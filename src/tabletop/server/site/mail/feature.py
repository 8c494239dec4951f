"""What the site mails, where the operator configured SMTP (:mod:`.mailer`): an address confirmed before it
gets anything else, a link to set a new password (a forgotten one, besides the recovery codes), and a
notice when it is a player's move at a table that takes days (a move clock of a day or more).

Every message is in the language the player chose when giving the address, and links to the site's address
as their browser saw it then. Asking for a reset link answers the same whether or not the name exists or
has an address (no one learns who has an account, or which address); the link is good once, for an hour.
A your-move notice goes once per move (whichever server process notices first) to a confirmed address that
wants them, and never for a move the player just made themselves.
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from tabletop.server.errors import ApiError
from tabletop.server.seams import Glancing
from tabletop.server.site.accounts.feature import SIGN_IN, SIGN_IN_ACCOUNT, Accounts, refuse_closed
from tabletop.server.site.accounts.names import name_key
from tabletop.server.site.accounts.passwords import BadPassword, check_password
from tabletop.server.site.mail.mailer import Mailer
from tabletop.server.table_events import MoveApplied
from tabletop.storage.accounts import Account
from tabletop.storage.mail import Email, MailStore

CONFIRM_LIFETIME = timedelta(days=2)
RESET_LIFETIME = timedelta(hours=1)
DAYS = 86_400.0
"""A table whose move clock is at least this long takes days: its players are mailed when it is their move."""
LANGUAGES = ("en", "ru", "ro")

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "confirm.subject": "Confirm your e-mail address at tabletop",
        "confirm.text": "Hello {username},\n\nto confirm this address for your tabletop account, open:\n\n{link}\n\n"
                        "If you did not ask for this, ignore this message: nothing changes.\n",
        "reset.subject": "A new password for tabletop",
        "reset.text": "Hello {username},\n\nto set a new password for your tabletop account, open this link within "
                      "an hour:\n\n{link}\n\nIf you did not ask for it, ignore this message: your password stays.\n",
        "move.subject": "Your move: {game}",
        "move.text": "Hello {username},\n\nit is your move at {game}:\n\n{link}\n\n"
                     "(You get these because you asked for them on your account page, where you can stop them.)\n",
    },
    "ru": {
        "confirm.subject": "Подтвердите адрес электронной почты в tabletop",
        "confirm.text": "Здравствуйте, {username}!\n\nЧтобы подтвердить этот адрес для аккаунта tabletop, откройте:\n\n"
                        "{link}\n\nЕсли вы этого не просили, не обращайте внимания на письмо: ничего не изменится.\n",
        "reset.subject": "Новый пароль для tabletop",
        "reset.text": "Здравствуйте, {username}!\n\nЧтобы задать новый пароль для аккаунта tabletop, откройте эту "
                      "ссылку в течение часа:\n\n{link}\n\nЕсли вы этого не просили, не обращайте внимания на письмо: "
                      "пароль останется прежним.\n",
        "move.subject": "Ваш ход: {game}",
        "move.text": "Здравствуйте, {username}!\n\nВаш ход за столом «{game}»:\n\n{link}\n\n(Эти письма приходят, "
                     "потому что вы попросили о них на странице аккаунта; там же их можно отключить.)\n",
    },
    "ro": {
        "confirm.subject": "Confirmă-ți adresa de e-mail la tabletop",
        "confirm.text": "Bună, {username}!\n\nCa să confirmi această adresă pentru contul tău tabletop, deschide:\n\n"
                        "{link}\n\nDacă nu ai cerut asta, ignoră mesajul: nu se schimbă nimic.\n",
        "reset.subject": "O parolă nouă pentru tabletop",
        "reset.text": "Bună, {username}!\n\nCa să stabilești o parolă nouă pentru contul tău tabletop, deschide "
                      "acest link în cel mult o oră:\n\n{link}\n\nDacă nu ai cerut-o, ignoră mesajul: parola rămâne "
                      "aceeași.\n",
        "move.subject": "E rândul tău: {game}",
        "move.text": "Bună, {username}!\n\nE rândul tău la masa de {game}:\n\n{link}\n\n(Primești aceste mesaje "
                     "pentru că le-ai cerut pe pagina contului, unde le poți și opri.)\n",
    },
}
GAME_TITLES = {"en": {"cribbage": "Cribbage", "cubulus": "Cubulus", "beetle": "Beetle", "kubik": "Kubik"},
               "ru": {"cribbage": "Криббедж", "cubulus": "Кубулус", "beetle": "Жук", "kubik": "Кубик"},
               "ro": {"cribbage": "Cribbage", "cubulus": "Cubulus", "beetle": "Gândacul", "kubik": "Kubik"}}


def check_email(text: str) -> str:
    """An address as kept (trimmed), when it looks like one: the confirmation is what proves it.

    Raises:
        ApiError: 422 ``bad_email``.
    """
    address = text.strip()
    local, _, domain = address.rpartition("@")
    if (not 3 <= len(address) <= 254 or not local or not domain or len(local) > 64
            or any(c.isspace() or ord(c) < 32 or c in "<>()[],;:\\\"" for c in address)
            or ("." not in domain and domain != "localhost")):
        raise ApiError(422, "this does not look like an e-mail address", "bad_email")
    return address


class Mail:
    """The site's mail: addresses, reset links and your-move notices (``tables``: a glance at a table)."""

    def __init__(self, store: MailStore, mailer: Mailer, accounts: Accounts, tables: Glancing) -> None:
        self.store, self.mailer, self.accounts, self.tables = store, mailer, accounts, tables

    def _needed(self) -> None:
        if not self.mailer.works:
            raise ApiError(404, "this server sends no e-mail (its operator configured no SMTP server)",
                           "mail_not_configured")

    async def address(self, account: Account) -> dict[str, Any]:
        """The account's address as its page shows it (and whether the site mails at all)."""
        email: Email | None = await self.accounts.db(self.store.email, account.id)
        return {"mail": self.mailer.works, "email": email.email if email else None,
                "confirmed": bool(email and email.confirmed), "move_notices": bool(email and email.move_notices),
                "language": email.language if email else None}

    async def set_address(self, account: Account, text: str, language: str, site: str) -> None:
        """A new address for the account, mailed a link that confirms it.

        Raises:
            ApiError: 404 ``mail_not_configured``, 422 ``bad_email``, 429 by the account's limit.
        """
        self._needed()
        email = check_email(text)
        await self.accounts.count(SIGN_IN_ACCOUNT, "account:" + name_key(account.username))
        token = secrets.token_urlsafe(32)
        language = language if language in LANGUAGES else "en"
        await self.accounts.db(self.store.set_email, account.id, email, language, site, token, CONFIRM_LIFETIME)
        self._mail(language, email, "confirm", username=account.username, link=f"{site}/#/confirm-email/{token}")

    async def confirm(self, token: str) -> bool:
        """Confirm the address a link was mailed to; False for a link used, expired or unknown."""
        return await self.accounts.db(self.store.use_link, token[:100], "confirm") is not None

    async def ask_reset(self, username: str, client: str, site: str) -> None:
        """Mail a reset link to the account's confirmed address, if it has one; the same answer either way.

        Raises:
            ApiError: 404 ``mail_not_configured``, 429 by the sign-in limits (per address, per name).
        """
        self._needed()
        await self.accounts.count(SIGN_IN, client)
        await self.accounts.count(SIGN_IN_ACCOUNT, "account:" + name_key(username[:64]))
        found = await self.accounts.db(self.accounts.store.credentials, name_key(username[:64]))
        if found is None or found[0].closed:  # (a closed account is mailed no way back in)
            return
        account: Account = found[0]
        email: Email | None = await self.accounts.db(self.store.email, account.id)
        if email is None or not email.confirmed:
            return
        token = secrets.token_urlsafe(32)
        await self.accounts.db(self.store.reset_link, account.id, email.email, token, RESET_LIFETIME)
        self._mail(email.language, email.email, "reset", username=account.username, link=f"{site}/#/reset/{token}")

    async def reset(self, token: str, password: str) -> Account:
        """Set a new password by a mailed link (spent): every session of the account ends.

        Raises:
            ApiError: 401 ``bad_link`` (used, expired, unknown), 422 for a password the rules refuse.
        """
        account_id = await self.accounts.db(self.store.use_link, token[:100], "reset")
        account: Account | None = None if account_id is None else await self.accounts.db(
            self.accounts.store.account, account_id)
        if account is None:
            raise ApiError(401, "this link is used, expired or unknown: ask for a new one", "bad_link")
        refuse_closed(account)
        try:
            check_password(password, account.username)
        except BadPassword as error:
            raise ApiError(422, str(error), error.code, **error.params) from None
        await self.accounts.set_password(account, password)
        return account

    async def moved(self, event: MoveApplied) -> None:
        """A move was made: mail the player whose move it is now, at a table that takes days, if they asked."""
        if not self.mailer.works or event.kind != "action":
            return
        glance = await self.tables.glance(event.table)
        if glance.status != "playing" or (glance.move_seconds or 0) < DAYS or glance.to_move < 0:
            return
        seat = next((s for s in glance.seats if s.seat == glance.to_move), None)
        if seat is None or seat.account is None or seat.seat == event.seat:
            return
        emails = await self.accounts.db(self.store.emails, [seat.account])
        email: Email | None = emails.get(seat.account)
        if email is None or not email.site or not await self.accounts.db(self.store.notice_once, seat.account,
                                                                         event.table, glance.moves):
            return
        game = GAME_TITLES[email.language].get(glance.game.name, glance.game.name)
        self._mail(email.language, email.email, "move", username=seat.name, game=game,
                   link=f"{email.site}/#/table/{event.table}")

    def _mail(self, language: str, to: str, kind: str, **words: str) -> None:
        texts = TEXTS.get(language, TEXTS["en"])
        self.mailer.send(to, texts[f"{kind}.subject"].format(**words), texts[f"{kind}.text"].format(**words), kind)
