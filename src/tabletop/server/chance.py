"""Where a live table's chance comes from: a secret nobody at the table knows, stretched per draw.

A table's chance must be unpredictable to everyone who plays it — a seed a creator chose, or a
31-bit one a player can brute-force from the cards it sees, lets a seat read the others' hands. So
each table gets a 256-bit secret from :mod:`secrets`, kept in the database and never in a view;
the generator for the draw at position ``index`` of the table's record is Python's Mersenne Twister
seeded with the keyed BLAKE2b of that index (a keyed, counter-based stream: one draw's outputs say
nothing about another's, nor about the key). ``index`` is the draw's place among the *effective*
actions, which undo does not shift: a position reached again after an undo gives the same draw,
so taking a move back can never re-roll the dice. Bots draw their own streams from the same key
under another label, so a bot's choices are as private as the deal.

Once the game is over the secret goes into its record, so anyone can check every chance outcome
was the one the secret gives. A practice table may instead take a client's seed (the secret is then
derived from it, so the same seed deals the same game); the server refuses that wherever a
stranger could sit down (:func:`seed_refusal`).
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Sequence

GENERATOR = "blake2b-mt19937-v1"
"""The name recorded with the secret: how a draw's generator is made from it (this module)."""


def new_secret() -> str:
    """A fresh table secret: 256 bits from the operating system, as hex."""
    return secrets.token_hex(32)


def secret_from_seed(seed: int) -> str:
    """The secret of a practice table whose creator chose ``seed`` (the same seed, the same game)."""
    return hashlib.blake2b(f"tabletop-client-seed:{seed}".encode(), digest_size=32).hexdigest()


def _digest(secret: str, label: bytes, index: int) -> bytes:
    key = bytes.fromhex(secret)
    return hashlib.blake2b(index.to_bytes(8, "big"), key=key, digest_size=32, person=label).digest()


def draw_generator(secret: str, index: int) -> random.Random:
    """The generator for the chance draw at position ``index`` of the table's effective record."""
    return random.Random(int.from_bytes(_digest(secret, b"tabletop-chance", index), "big"))


def bot_seed(secret: str, index: int, seat: int) -> str:
    """The seed a bot in ``seat`` decides the action at position ``index`` with (sent to its worker)."""
    return _digest(secret, b"tabletop-bot", index * 64 + seat).hex()


def seed_refusal(kinds: Sequence[str], creator_seat: int | None) -> str | None:
    """Why a client-chosen seed may not be used at a table with these seat kinds (None: it may).

    A chosen seed makes every deal known to whoever chose it, so it is only for tables where
    nobody else can sit: every seat but the creator's own is a bot or a hot-seat player.
    """
    strangers = [number + 1 for number, kind in enumerate(kinds) if kind == "human" and number != creator_seat]
    if not strangers:
        return None
    seats = ", ".join(str(s) for s in strangers)
    plural = "s" * (len(strangers) > 1)
    return (f"a chosen seed is only for practice tables (bots and hot-seat players only): seat{plural} {seats} "
            "would be open to other people, who could not trust the deal; leave the seed out")
