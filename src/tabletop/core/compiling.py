"""Kernels written once: plain Python everywhere, the same source as machine code where Numba is installed.

A game's hot code — its rules on bit masks, its searches — is written once, in the part of Python Numba
compiles (ints, tuples, lists and dicts, loops, plain functions calling plain functions). :func:`kernel`
marks such a function and returns it unchanged, so a caller in Python runs it as Python: one small call
(an insert in ``State.apply``) costs less there than entering machine code would. :func:`compiled` gives
the same function as machine code (``numba.njit``, cached on disk) to a caller whose whole loop is a kernel
— a search, a batch of games: Numba compiles a copy of the function whose globals name the compiled
kernels it calls. Two things are kept in the form each side reads fastest: a constant :func:`table` is a
tuple of Python ints to Python and a NumPy array to machine code, and a buffer from :func:`zeros` a list to
Python and a NumPy array to machine code (:func:`ints` hands a kernel a sequence the same way). Numba is
imported only when machine code is asked for, so the core install (without the ``compiled`` extra), the
command line and the server never load it; where it is missing, or compiling is switched off
(``TABLETOP_COMPILE=0``, or Numba's own ``NUMBA_DISABLE_JIT=1``), :func:`compiled` returns the function
itself and the caller runs the same source as Python.

>>> @kernel
... def twice(x: int) -> int:
...     return 2 * LOOKUP[x]
>>> LOOKUP = table([3, 4])
>>> twice(1), LOOKUP
(8, Table(3, 4))
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import types
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TypeVar, cast

from tabletop.core.extras import available

if TYPE_CHECKING:  # NumPy is imported where machine code is made or fed: a plain run never pays for it
    import numpy as np
    import numpy.typing as npt

F = TypeVar("F", bound=Callable[..., Any])

COMPILING: Final = (os.environ.get("TABLETOP_COMPILE", "1") != "0"
                    and os.environ.get("NUMBA_DISABLE_JIT", "0") in ("", "0") and available("numba"))
"""Whether :func:`compiled` gives machine code: Numba is installed and compiling is not switched off."""

_KERNELS: set[Callable[..., Any]] = set()
_MACHINE: dict[Callable[..., Any], Any] = {}
_NAMESPACES: dict[str, dict[str, Any]] = {}
_SOURCES: dict[str, set[Path]] = {}
_STAMPED: set[Path] = set()


class Table(tuple[int, ...]):
    """A constant table of ints a kernel reads: a tuple to Python (whose ints index and shift fastest), a
    NumPy int64 array to compiled code (Numba freezes an array into the machine code as it is; a global
    tuple it compiles into a switch, which is as quick for a few dozen entries and never ends for 20,000)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Table{tuple.__repr__(self)}"


def table(values: Iterable[int]) -> Table:
    """``values`` as a :class:`Table`."""
    return Table(int(value) for value in values)


def zeros(size: int) -> list[int]:
    """``size`` ints, all 0, for a kernel to write into: a list to Python, a NumPy int64 array to machine code,
    where Numba makes an array some ten times sooner than a list and reads it twice as fast.

    >>> zeros(3)
    [0, 0, 0]
    """
    return [0] * size


def _zeros_array(size: int) -> npt.NDArray[np.int64]:
    """:func:`zeros` as machine code calls it."""
    return np.zeros(size, dtype=np.int64)


_MACHINE_FORMS: Final[dict[Callable[..., Any], Callable[..., Any]]] = {zeros: _zeros_array}
"""Plain functions kernels call whose machine code is another source's (the same result, in another form)."""


def ints(values: Iterable[int]) -> list[int]:
    """``values`` handed to a kernel as :func:`compiled` runs it: a NumPy int64 array to machine code (which
    takes a Python list only by reflecting it, slowly and deprecated), a list to Python (the type says list,
    as the kernels' annotations do for both)."""
    if COMPILING:
        import numpy

        return cast("list[int]", numpy.fromiter(values, dtype=numpy.int64))
    return list(values)


def kernel(fn: F) -> F:
    """Mark ``fn`` as written in the Python Numba compiles (see the module doc); it is returned unchanged."""
    _KERNELS.add(fn)
    return fn


def compiled(fn: F) -> F:
    """The kernel ``fn`` as machine code when Numba is installed and compiling is on, else ``fn`` itself.

    Call it when the machine code is needed, not at import: the copy compiled sees the kernels and tables
    its module and theirs hold by then.

    Raises:
        ValueError: when ``fn`` is not marked :func:`kernel`.
    """
    if fn not in _KERNELS:
        raise ValueError(f"{fn.__qualname__} is not a kernel (mark it @kernel)")
    if not COMPILING:
        return fn
    machine = _MACHINE.get(fn)
    if machine is None:
        import numba

        assert isinstance(fn, types.FunctionType)
        module = fn.__globals__["__name__"]
        copy = types.FunctionType(fn.__code__, _namespace(fn.__globals__), fn.__name__, fn.__defaults__,
                                  fn.__closure__)
        copy.__qualname__, copy.__doc__ = fn.__qualname__, fn.__doc__
        machine = _MACHINE[fn] = numba.njit(cache=True)(copy)
        _type_arguments_plainly(machine)
        _forget_stale_machine_code(Path(fn.__code__.co_filename), _SOURCES[module], machine)
    return cast(F, machine)


def compile_module(module: types.ModuleType) -> bool:
    """Put the machine code of every kernel ``module`` defines in its place, so that its callers in Python run
    machine code too: for a game whose every step is one kernel call from Python (cribbage's state), where
    entering machine code costs less than the step would as Python. True when compiled; False where the
    kernels stay Python (see the module doc). Call it once, when the kernels are first needed.
    """
    if not COMPILING:
        return False
    namespace = vars(module)
    for name, value in list(namespace.items()):
        if isinstance(value, types.FunctionType) and value in _KERNELS and value.__module__ == module.__name__:
            namespace[name] = compiled(value)
    return True


def is_kernel(function: object) -> bool:
    """True for a function marked :func:`kernel`, as written or as the machine code of it."""
    if not callable(function):
        return False
    return function in _KERNELS or any(function is machine for machine in _MACHINE.values())


def entry(function: F, *example: object) -> F:
    """The machine code of the compiled ``function`` for arguments of the types of ``example``, called without
    Numba's dispatch on the types of its arguments (a tenth of a microsecond less a call, for a hot caller that
    never passes anything else); ``function`` itself where it runs as Python."""
    dispatcher: Any = function
    if not hasattr(dispatcher, "compile"):  # a Numba dispatcher's: its machine code for one signature
        return function
    found: F = dispatcher.compile(tuple(dispatcher.typeof_pyval(argument) for argument in example))
    return found


def _type_arguments_plainly(machine: Any) -> None:
    """Make a compiled kernel take the constants other kernels pass it (a step's number, a flag, a constant
    board) as the ints and tuples they are, not as literal types: Numba would compile the kernel once per
    constant (the Cubulus search's node function 25 times), and then crash loading so many from its cache.
    Numba reads the types of a call, a recursive one included, through the dispatcher's argument folding."""
    from numba.core import types

    fold = machine._compiler.fold_argument_types

    def fold_argument_types(args: tuple[Any, ...], kws: dict[str, Any]) -> Any:
        return fold(tuple(types.unliteral(arg) for arg in args),  # type: ignore[no-untyped-call]
                    {name: types.unliteral(arg) for name, arg in kws.items()})  # type: ignore[no-untyped-call]

    machine._compiler.fold_argument_types = fold_argument_types


def _namespace(module: dict[str, Any]) -> dict[str, Any]:
    """A module's globals as its compiled kernels see them: kernels compiled, tables as arrays; and the
    folders whose sources its machine code holds (:data:`_SOURCES`)."""
    name = module["__name__"]
    found = _NAMESPACES.get(name)
    if found is None:
        import numba
        import numpy

        globals()["np"] = numpy  # what _zeros_array's machine code reads

        found = _NAMESPACES[name] = dict(module)  # kept before filling: kernels of two modules may call each other
        sources = _SOURCES[name] = {Path(module["__file__"]).parent}
        for key, value in module.items():
            if isinstance(value, Table):
                found[key] = numpy.array(value, dtype=numpy.int64)
            elif isinstance(value, types.FunctionType) and value in _KERNELS:
                found[key] = compiled(value)
                sources |= _SOURCES[value.__module__]
            elif isinstance(value, types.FunctionType) and value in _MACHINE_FORMS:
                found[key] = _MACHINE.get(value) or _MACHINE.setdefault(value, numba.njit(cache=True)(
                    _MACHINE_FORMS[value]))
                sources.add(Path(__file__).parent)
    return found


def _forget_stale_machine_code(source: Path, folders: set[Path], machine: Any) -> None:
    """Drop a module's cached machine code when a source it may hold changed since it was cached.

    Numba checks only the file of each cached function, but a compiled kernel also holds the code of the
    kernels it calls and the values of the tables it reads, from other modules and packages: every module
    with kernels keeps, beside its cache, a stamp of the sources of the folders its kernels reach (its own
    and those of the kernels it calls), and a different stamp drops the module's cache before anything is
    loaded from it. A read-only install cannot be emptied, and is not edited either.
    """
    if source in _STAMPED:
        return
    _STAMPED.add(source)
    cache = Path(getattr(getattr(machine, "_cache", None), "cache_path", source.parent / "__pycache__"))
    digest = hashlib.sha256()
    for path in sorted(path for folder in folders for path in folder.glob("*.py")):
        digest.update(f"{path.parent.name}/{path.name}".encode() + b"\0" + path.read_bytes())
    stamp = cache / f"{source.stem}.sources.sha256"
    with contextlib.suppress(OSError):  # no stamp yet: the cache is of unknown age
        if stamp.read_text() == digest.hexdigest():
            return
    with contextlib.suppress(OSError):
        for stale in [*cache.glob(f"{source.stem}.*.nbi"), *cache.glob(f"{source.stem}.*.nbc")]:
            stale.unlink(missing_ok=True)
        cache.mkdir(parents=True, exist_ok=True)
        stamp.write_text(digest.hexdigest())


__all__ = ["COMPILING", "Table", "compile_module", "compiled", "entry", "ints", "is_kernel", "kernel", "table",
           "zeros"]
