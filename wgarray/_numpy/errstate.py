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
    """Get the current way floating-point errors are handled.

    Returns
    -------
    dict
        ``{'divide': mode, 'over': mode, 'under': mode, 'invalid': mode}``. wgarray's defaults
        are 'ignore' for every category (NumPy's are 'warn', and 'ignore' for under), as GPU
        array libraries do: checking costs a wait for the GPU after every operation.

    See Also
    --------
    seterr, errstate

    Notes
    -----
    The settings belong to the thread (and asyncio task): a new thread starts from the
    defaults, as in NumPy 2.

    GPU: none here. While any category is not 'ignore', each checked operation (elementwise
    functions, float sums, products and their accumulations, casts of floats) also computes
    error flags on the GPU and reads them back: one host sync per operation. With every category
    'ignore' (wgarray's default) nothing is checked and operations run without a sync. matmul,
    linalg and fft are never checked.

    Examples
    --------
    >>> wg.geterr()
    {'divide': 'ignore', 'over': 'ignore', 'under': 'ignore', 'invalid': 'ignore'}
    """
    return dict(_settings.get().modes)


def seterr(all=None, divide=None, over=None, under=None, invalid=None) -> dict:
    """Set how floating-point errors are handled, for this thread or context.

    Parameters
    ----------
    all : str, optional
        The mode of every category, applied before the named ones below.
    divide : str, optional
        Division by zero.
    over : str, optional
        Overflow.
    under : str, optional
        Underflow.
    invalid : str, optional
        Invalid operation (a NaN from non-NaN operands).

    Returns
    -------
    dict
        The old settings, as :func:`geterr` gives them (pass them back to restore).

    Raises
    ------
    ValueError
        If a mode is not one of those below.

    See Also
    --------
    errstate, geterr, seterrcall

    Notes
    -----
    Modes: 'ignore', 'warn' (a RuntimeWarning), 'raise' (FloatingPointError), 'call' (the
    callback set by :func:`seterrcall` or ``call=``, as ``func(error_type, flags)``), 'print' (to
    stderr), 'log' (the ``write`` method of that object). Prefer :class:`errstate`, which restores the settings on exit.

    GPU: none here. While any category is not 'ignore', each checked operation (elementwise
    functions, float sums, products and their accumulations, casts of floats) also computes
    error flags on the GPU and reads them back: one host sync per operation. With every category
    'ignore' (wgarray's default) nothing is checked and operations run without a sync. matmul,
    linalg and fft are never checked.

    Examples
    --------
    >>> old = wg.seterr(divide="raise")
    >>> wg.geterr()["divide"]
    'raise'
    >>> _ = wg.seterr(**old)
    """
    policy = _settings.get()
    _install(_Policy(_updated(policy.modes, all, divide, over, under, invalid), policy.call))
    return dict(policy.modes)


def geterrcall():
    """Return the function (or object with a ``write`` method) that 'call' (or 'log') errors go to.

    Returns
    -------
    callable or object or None
        What :func:`seterrcall` set; None when nothing is.

    See Also
    --------
    seterrcall, geterr

    Notes
    -----
    GPU: none; this runs on the host.
    """
    return _settings.get().call


def seterrcall(func):
    """Set the callback of the 'call' mode, or the log object of the 'log' mode.

    Parameters
    ----------
    func : callable or object or None
        A function called as ``func(error_type, flags)`` (``error_type`` a string such as
        'divide by zero', ``flags`` NumPy's bit flags), or an object whose ``write`` method gets
        the 'log' messages; None removes it.

    Returns
    -------
    callable or object or None
        The previous one.

    Raises
    ------
    TypeError
        If ``func`` is neither callable, None, nor has a callable ``write``.

    See Also
    --------
    seterr, errstate, geterrcall

    Notes
    -----
    GPU: none; this runs on the host.
    """
    policy = _settings.get()
    _install(_Policy(policy.modes, _checked_callback(func)))
    return policy.call


_UNSPECIFIED = object()


class errstate:
    """Context manager (and decorator) for floating-point error handling, as NumPy's.

    Inside it the given categories are handled as said; the previous settings come back on exit.
    Used as a decorator (``@wg.errstate(divide="ignore")``), every call of the function runs
    under these settings.

    Parameters
    ----------
    call : callable or object, optional
        The 'call' callback or 'log' object while inside (see :func:`seterrcall`); the current
        one is kept when not given.
    all : str, optional
        The mode of every category, applied before the named ones.
    divide : str, optional
        Division by zero.
    over : str, optional
        Overflow.
    under : str, optional
        Underflow.
    invalid : str, optional
        Invalid operation.

    Raises
    ------
    ValueError
        On entry, if a mode is unknown.
    TypeError
        On entry, if the same errstate object is entered twice at once.

    See Also
    --------
    seterr, geterr

    Notes
    -----
    Modes: 'ignore', 'warn' (a RuntimeWarning), 'raise' (FloatingPointError), 'call' (the
    callback set by :func:`seterrcall` or ``call=``, as ``func(error_type, flags)``), 'print' (to
    stderr), 'log' (the ``write`` method of that object). See wgarray/_numpy/errstate.py for the operations checked.

    GPU: none here. While any category is not 'ignore', each checked operation (elementwise
    functions, float sums, products and their accumulations, casts of floats) also computes
    error flags on the GPU and reads them back: one host sync per operation. With every category
    'ignore' (wgarray's default) nothing is checked and operations run without a sync. matmul,
    linalg and fft are never checked.

    Examples
    --------
    >>> with wg.errstate(divide="raise"):
    ...     wg.asarray([1.0]) / 0
    Traceback (most recent call last):
        ...
    FloatingPointError: divide by zero encountered in divide
    >>> with wg.errstate(all="ignore"):
    ...     wg.asarray([1.0]) / 0
    array([inf])
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
