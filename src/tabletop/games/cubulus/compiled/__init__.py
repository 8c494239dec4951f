"""The Cubulus expert's searches compiled to machine code with Numba: the same answers, ~20× sooner.

The pure-Python searches (:mod:`..expert`, :mod:`..proof_numbers`) are the readable reference; these
modules are line-for-line ports that visit the same positions in the same order and count the same
work, so a level gives the same move for the same position and seed either way (the tests compare them
on random positions). What the speed buys is budget: ``hard`` searches ten times as many positions in
a fraction of the time the Python search took for one tenth.

Numba comes with the ``compiled`` extra (``pip install 'tabletop[compiled]'``; ``make play`` installs
it): the core install leaves it out (with LLVM it is some 200 MB), and a compiled level refuses to be
made there, naming the extra (:class:`..expert.CubulusExpert`). It is imported only when a compiled search
first runs (it takes a second to import, and compiling takes some more the first time; the machine code
is cached beside these modules after that).
"""

from __future__ import annotations

import contextlib
import hashlib
from pathlib import Path

from tabletop.core.extras import require

require("numba", extra="compiled", purpose="the Cubulus expert's compiled searches (its hard level)")


def _forget_stale_machine_code() -> None:
    """Drop the cached machine code when the kernel changed: Numba checks only the file of each cached
    function, so :mod:`.search` and :mod:`.proof` would keep running an old :mod:`.kernel` built into them."""
    here = Path(__file__).parent
    cache = here / "__pycache__"
    stamp = cache / "kernel.sha256"
    digest = hashlib.sha256((here / "kernel.py").read_bytes()).hexdigest()
    with contextlib.suppress(OSError):  # no stamp yet: the cache is of unknown age
        if stamp.read_text() == digest:
            return
    # a read-only install raises OSError here: Numba caches elsewhere, and nobody edits the kernel there
    with contextlib.suppress(OSError):
        for stale in [*cache.glob("*.nbi"), *cache.glob("*.nbc")]:
            stale.unlink(missing_ok=True)
        cache.mkdir(exist_ok=True)
        stamp.write_text(digest)

_forget_stale_machine_code()
