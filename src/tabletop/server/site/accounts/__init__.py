"""Optional accounts: sign up with a username and a password, sessions in a cookie, recovery codes.

- :mod:`.names`: what a username may be; :mod:`.passwords`: argon2id hashes, off the loop and bounded;
- :mod:`.feature`: the logic (sign up, in and out, sessions, passwords, recovery) over
  :class:`~tabletop.storage.accounts.AccountStore`;
- :mod:`.router`: ``/api/account/…``. Who is asking is resolved for every route by
  :mod:`tabletop.server.identity`, which this feature serves sessions to.
"""

from tabletop.server.site.accounts.feature import Accounts
from tabletop.server.site.accounts.passwords import Passwords

__all__ = ["Accounts", "Passwords"]
