"""What an account may be called: the server's rules for a player's name, and more, since a username is
unique and names a player everywhere.

A username is 3 to 24 letters, digits, ``_``, ``-`` or ``.``, beginning with a letter or digit; its letters
from one script (``Anna`` or ``Анна``, never ``Аnna`` with a Cyrillic А, which would look like another
player's name); NFC as the player wrote it, and unique case-insensitively (compared by its NFKC case fold,
so ``ANNA``, ``anna`` and full-width ``ａｎｎａ`` are one name). A few names are reserved: the operator's
and the bots'.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from tabletop.server.messages import check_name

SHORTEST, LONGEST = 3, 24
PUNCTUATION = frozenset("_-.")
RESERVED = frozenset({
    "admin", "administrator", "moderator", "mod", "root", "system", "operator", "support", "staff", "tabletop",
    "anonymous", "guest", "you", "me", "nobody", "null", "undefined", "bot", "bots", "computer",
    "random", "first", "easy", "normal", "hard", "expert", "coach",
})
"""Names nobody may take (compared by :func:`name_key`): the operator's, the site's, the bots' levels."""


class BadUsername(ValueError):
    """A username the rules refuse; ``code`` and ``params`` say why (the client words it)."""

    def __init__(self, reason: str, code: str, **params: Any) -> None:
        super().__init__(reason)
        self.code = code
        self.params = params


def name_key(username: str) -> str:
    """What usernames are unique by: the NFKC case fold (``Anna``, ``ANNA`` and ``ａｎｎａ`` are one name)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", username).casefold())


def check_username(username: str) -> str:
    """``username`` as it is kept (NFC), when the rules allow it.

    Raises:
        BadUsername: ``username_length``, ``username_characters``, ``username_scripts`` or ``username_reserved``.
    """
    try:
        name = check_name(username)
    except ValueError as error:
        raise BadUsername(str(error), "username_characters") from None
    if not SHORTEST <= len(name) <= LONGEST:
        raise BadUsername(f"a username has {SHORTEST} to {LONGEST} characters", "username_length",
                          shortest=SHORTEST, longest=LONGEST)
    if not (name[0].isalnum() and all(c.isalnum() or c in PUNCTUATION for c in name)):
        raise BadUsername("a username has letters, digits, '_', '-' and '.' only, and begins with a letter or "
                          "digit", "username_characters")
    scripts = {_script(c) for c in name if c.isalpha()}
    if len(scripts) > 1:
        raise BadUsername(f"a username's letters come from one script (these mix {', '.join(sorted(scripts))})",
                          "username_scripts", scripts=sorted(scripts))
    if name_key(name) in RESERVED:
        raise BadUsername(f"the name {name!r} is reserved", "username_reserved")
    return name


def _script(letter: str) -> str:
    """The script a letter belongs to, as the first word of its Unicode name says (LATIN, CYRILLIC, GREEK…)."""
    return unicodedata.name(letter, "UNKNOWN").split()[0].lower()
