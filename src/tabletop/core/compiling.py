"""Machine code for a module's hot functions where the ``compiled`` extra (Numba) is installed, and the same
source run as plain Python where it is not: never a second implementation.

A kernel marks its hot functions with :func:`compiled` and calls :func:`compile_module` when it is first
used, not when it is imported (Numba takes most of a second to import, which a process that never plays the
game should not pay). With Numba installed that replaces every marked function of the module by
``numba.njit(cache=True)`` of it — machine code built on its first call and cached on disk — and returns
True; without Numba, or with ``TABLETOP_COMPILED=0`` (or Numba's own ``NUMBA_DISABLE_JIT=1``), the functions
stay as written and it returns False. Either way they give the same answers, so a marked function is written
in what Numba compiles: ints, floats, bools, arrays and buffers, calls to other marked functions.

Numba checks cached machine code against the source file of each function only. So everything a compiled
function reads — constants, tables, the functions it calls — is defined in its own module, comes in as an
argument, or comes from a module named in ``compile_module(module, depends)``: the machine code cached beside
the module is dropped whenever one of those files changes (a stamp of their contents lies beside it).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from types import ModuleType
from typing import Any, TypeVar

from tabletop.core.extras import available

F = TypeVar("F", bound=Callable[..., Any])

SWITCH = "TABLETOP_COMPILED"
"""The environment variable that keeps every kernel in Python when set to ``0``."""

_MARK = "__tabletop_compiled__"


def compiled(function: F) -> F:
    """Mark ``function`` for :func:`compile_module`: machine code once its module is compiled, Python until then."""
    setattr(function, _MARK, True)
    return function


def is_compiled(function: object) -> bool:
    """True for a function marked with :func:`compiled` (as written, or as Numba's dispatcher of it)."""
    return bool(getattr(getattr(function, "py_func", function), _MARK, False))


def compiling() -> bool:
    """True when marked functions become machine code: Numba is installed and nothing switches it off."""
    if os.environ.get(SWITCH, "1") == "0" or os.environ.get("NUMBA_DISABLE_JIT", "0") == "1":
        return False
    return available("numba")


def compile_module(module: ModuleType, depends: tuple[ModuleType, ...] = ()) -> bool:
    """Replace each function of ``module`` marked :func:`compiled` by Numba's ``njit(cache=True)`` of it, once;
    True when the module runs as machine code, False when it stays Python (see the module doc). ``depends``: the
    modules whose constants or compiled functions ``module``'s read (compile them first)."""
    if not compiling():
        return False
    import numba  # (most of a second: only here, when a kernel is first used)

    if depends:
        _forget_stale(module, depends)
    namespace = vars(module)
    for name, value in list(namespace.items()):
        if callable(value) and getattr(value, _MARK, False) and not hasattr(value, "py_func"):
            namespace[name] = numba.njit(cache=True)(value)
    return True


def _forget_stale(module: ModuleType, depends: tuple[ModuleType, ...]) -> None:
    """Drop the machine code cached beside ``module`` when it or a module it depends on changed since it was
    cached (where nothing may be written there, Numba caches elsewhere and nobody edits the source)."""
    import contextlib  # (here: a command that never compiles imports none of these)
    import hashlib
    from pathlib import Path

    source = Path(str(module.__file__))
    digest = hashlib.sha256(b"".join(Path(str(m.__file__)).read_bytes() for m in (module, *depends))).hexdigest()
    cache = source.parent / "__pycache__"
    stamp = cache / f"{source.stem}.depends.sha256"
    with contextlib.suppress(OSError):  # no stamp yet: the cache is of unknown age
        if stamp.read_text() == digest:
            return
    with contextlib.suppress(OSError):
        for stale in (*cache.glob(f"{source.stem}.*.nbi"), *cache.glob(f"{source.stem}.*.nbc")):
            stale.unlink(missing_ok=True)
        cache.mkdir(exist_ok=True)
        stamp.write_text(digest)


def entry(function: F, *example: object) -> F:
    """``function`` for arguments of the types of ``example``, called without Numba's dispatch on the types of
    its arguments (a tenth of a microsecond less a call, for a hot caller that never passes anything else);
    ``function`` itself where it runs as Python."""
    dispatcher: Any = function
    if not hasattr(dispatcher, "compile"):  # a Numba dispatcher's: its machine code for one signature
        return function
    found: F = dispatcher.compile(tuple(dispatcher.typeof_pyval(argument) for argument in example))
    return found


__all__ = ["SWITCH", "compile_module", "compiled", "compiling", "entry", "is_compiled"]
