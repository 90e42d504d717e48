"""Floating-point error handling, as NumPy's: errstate, seterr, geterr, seterrcall, geterrcall.

The settings live in a context variable, as in NumPy 2: each thread (and asyncio task) has its
own, and a new thread starts from the defaults.

One difference from NumPy: every category defaults to 'ignore' (NumPy's defaults are 'warn'
for divide, over and invalid, 'ignore' for under), as GPU array libraries do. Checking costs a
wait for the GPU after every op, so an op pays for it only while some category is not 'ignore':
with the default settings nothing is checked and ops run exactly as before.

What is checked: every elementwise function of the table (wgarray.add, divide, exp, ..., the
operators and ufunc calls built on them; see wgarray/_engines/float_errors.py for how the flags
are decided); float sums and products ("... encountered in reduce": sum, prod, mean, nansum,
add.reduce, multiply.reduce, and var/std with NumPy's reports of their subtract and square) and
their accumulations ("... in accumulate": cumsum, cumprod, add.accumulate, ...), see
wgarray/_api/reductions.py; casts ("... in cast": astype of floats to integers or narrower
floats); divmod. frexp, modf and nan_to_num report nothing, as in NumPy. Not checked (no report,
whatever the settings): the non-reorderable ufunc methods (subtract.reduce, divide.accumulate,
reduceat), matmul, linalg and fft.
"""

from __future__ import annotations

import functools
import os
import sys
import warnings
from contextvars import ContextVar

from .._api.elementwise_functions import FLOAT_ERRORS
from .._engines.float_errors import FPE_DIVIDEBYZERO, FPE_INVALID, FPE_OVERFLOW, FPE_UNDERFLOW
from .ufuncs import NUMPY_NAMES

__all__ = ["errstate", "seterr", "geterr", "seterrcall", "geterrcall"]

MODES = ("ignore", "warn", "raise", "call", "print", "log")
# NumPy's categories in the order it handles them, with their flags and names in messages
CATEGORIES = {"divide": (FPE_DIVIDEBYZERO, "divide by zero"), "over": (FPE_OVERFLOW, "overflow"),
              "under": (FPE_UNDERFLOW, "underflow"), "invalid": (FPE_INVALID, "invalid value")}
DEFAULT = dict.fromkeys(CATEGORIES, "ignore")
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class _Policy:
    """The settings: a mode per category and the callback ('call' and 'log' use it). While one
    category is not 'ignore' it is installed in FLOAT_ERRORS, and ops report their flags here."""

    __slots__ = ("modes", "call")

    def __init__(self, modes: dict, call):
        self.modes = modes
        self.call = call

    def report(self, name: str, flags: int) -> None:
        """Act on an op's flags as NumPy's ufuncs do: each category raised, in NumPy's order."""
        if not flags:
            return
        ufunc_name = NUMPY_NAMES.get(name, (name,))[0]
        for category, (flag, what) in CATEGORIES.items():
            if flags & flag:
                _handle(self.modes[category], what, ufunc_name, flags, self.call)


def _handle(mode: str, what: str, name: str, flags: int, call) -> None:
    message = f"{what} encountered in {name}"
    if mode == "warn":
        warnings.warn(message, RuntimeWarning, stacklevel=_user_stacklevel())
    elif mode == "raise":
        raise FloatingPointError(message)
    elif mode == "call":
        if call is None:
            raise NameError(f"python callback specified for {what} (in  {name}) but no function found.")
        call(what, flags)
    elif mode == "print":
        print(f"Warning: {message}", file=sys.stderr)
    elif mode == "log":
        if call is None or not callable(getattr(call, "write", None)):
            raise NameError(f"log specified for {what} (in {name}) but no object with write method found.")
        call.write(f"Warning: {message}\n")


def _user_stacklevel() -> int:
    """The stacklevel of warnings.warn that names the first frame outside wgarray (the user's line)."""
    frame, level = sys._getframe(1), 1
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(_PACKAGE + os.sep):
        frame, level = frame.f_back, level + 1
    return level


_settings: ContextVar = ContextVar("wgarray_errstate", default=_Policy(DEFAULT, None))


def _install(policy: _Policy) -> tuple:
    """Make policy the current settings; the tokens undo it (errstate's exit)."""
    active = policy if any(mode != "ignore" for mode in policy.modes.values()) else None
    return _settings.set(policy), FLOAT_ERRORS.set(active)


def _updated(modes: dict, all=None, divide=None, over=None, under=None, invalid=None) -> dict:
    """modes with the given categories changed (`all` first, the named ones over it)."""
    new = dict(modes)
    if all is not None:
        new = dict.fromkeys(CATEGORIES, _checked_mode(all))
    for category, mode in (("divide", divide), ("over", over), ("under", under), ("invalid", invalid)):
        if mode is not None:
            new[category] = _checked_mode(mode)
    return new


def _checked_mode(mode) -> str:
    if mode not in MODES:
        raise ValueError(f"invalid error mode {mode!r}")
    return mode


def _checked_callback(func):
    if func is not None and not callable(func) and not callable(getattr(func, "write", None)):
        raise TypeError("python object must be callable or have a callable write method")
    return func


def geterr() -> dict:
    """The current way floating-point errors are handled: {'divide', 'over', 'under', 'invalid'} -> mode.

    wgarray's defaults are 'ignore' for every category (NumPy's: 'warn', and 'ignore' for under)."""
    return dict(_settings.get().modes)


def seterr(all=None, divide=None, over=None, under=None, invalid=None) -> dict:
    """Set how floating-point errors are handled (modes 'ignore', 'warn', 'raise', 'call', 'print',
    'log'), for this thread or context; returns the old settings, as geterr()."""
    policy = _settings.get()
    _install(_Policy(_updated(policy.modes, all, divide, over, under, invalid), policy.call))
    return dict(policy.modes)


def geterrcall():
    """The function (or object with a write method) that 'call' (or 'log') errors go to."""
    return _settings.get().call


def seterrcall(func):
    """Set the callback of the 'call' mode, func(error_type, flags), or the object whose write
    method the 'log' mode calls; returns the old one."""
    policy = _settings.get()
    _install(_Policy(policy.modes, _checked_callback(func)))
    return policy.call


_UNSPECIFIED = object()


class errstate:
    """errstate(*, call=..., all=None, divide=None, over=None, under=None, invalid=None)

    Context manager (and decorator) for floating-point error handling, as NumPy's: inside it
    the given categories are handled as said, and the previous settings come back on exit.
    Modes: 'ignore', 'warn' (RuntimeWarning), 'raise' (FloatingPointError), 'call' (the
    callback, call=, as func(error_type, flags)), 'print' (to stderr), 'log' (call.write).
    wgarray's defaults are 'ignore' for every category; see wgarray/_numpy/errstate.py for
    which operations are checked.
    """

    __slots__ = ("_call", "_modes", "_tokens")

    def __init__(self, *, call=_UNSPECIFIED, all=None, divide=None, over=None, under=None, invalid=None):
        self._call = call
        self._modes = dict(all=all, divide=divide, over=over, under=under, invalid=invalid)
        self._tokens = None

    def __enter__(self):
        if self._tokens is not None:
            raise TypeError("Cannot enter `wgarray.errstate` twice.")
        policy = _settings.get()
        call = policy.call if self._call is _UNSPECIFIED else _checked_callback(self._call)
        self._tokens = _install(_Policy(_updated(policy.modes, **self._modes), call))
        return self

    def __exit__(self, *exc_info):
        settings_token, active_token = self._tokens
        FLOAT_ERRORS.reset(active_token)
        _settings.reset(settings_token)
        self._tokens = None

    def __call__(self, func):
        """errstate(...) as a decorator: every call of func runs under these settings."""
        @functools.wraps(func)
        def inner(*args, **kwargs):
            with errstate(call=self._call, **self._modes):
                return func(*args, **kwargs)

        return inner
