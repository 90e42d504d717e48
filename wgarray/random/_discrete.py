"""The Generator's discrete distributions: integers (exact, no modulo bias), poisson and binomial
(rejection on the device), geometric (inversion of an exponential draw)."""

from __future__ import annotations

import math
import operator

import numpy as np

from .._api.coerce import as_array
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.utility_functions import any as any_
from .._array import Array
from ._common import numpy_dtype, check, draw_block, draw_element, full_operand, output_shape, parameter, scalar_result

F64, I64, U64 = np.dtype(np.float64), np.dtype(np.int64), np.dtype(np.uint64)
# NumPy's largest lam: int64's maximum less 10 standard deviations
smallest_int64 = int(np.iinfo(np.int64).min)
POISSON_LAM_MAX = float(np.iinfo(np.int64).max) - math.sqrt(np.iinfo(np.int64).max) * 10


def _integer_dtype(dtype) -> np.dtype:
    dtype = numpy_dtype(dtype)
    if dtype.kind not in "biu":
        raise TypeError(f"Unsupported dtype {dtype!r} for integers")
    return dtype


def _bounds(dtype) -> tuple[int, int]:
    return (0, 1) if dtype.kind == "b" else (int(np.iinfo(dtype).min), int(np.iinfo(dtype).max))


def _draw_dtype(dtype) -> np.dtype:
    """The dtype the kernel writes: dtype itself for 32 and 64 bits, else (int32 or uint32) cast after."""
    if dtype.kind != "b" and dtype.itemsize >= 4:
        return dtype
    return np.dtype(np.int32) if dtype.kind == "i" else np.dtype(np.uint32)


def _scalar_int(value, name: str):
    if isinstance(value, Array) and value.ndim == 0:
        value = value._to_numpy()[()]
    if isinstance(value, (Array, list, tuple, np.ndarray)):
        return None
    try:
        return operator.index(value)
    except TypeError:
        try:
            return int(value)  # NumPy truncates float bounds
        except (TypeError, ValueError, OverflowError) as error:
            raise type(error)(f"{name}: {error}") from None


class DiscreteMixin:
    def integers(self, low, high=None, size=None, dtype=np.int64, endpoint=False):
        """Draw uniform integers from [low, high) ([low, high] with ``endpoint``).

        Parameters
        ----------
        low : int or array_like of ints
            The lowest value (the range's upper bound when ``high`` is None, the lowest then 0).
        high : int or array_like of ints, optional
            One past the highest value (the highest with ``endpoint``).
        size : int or tuple of int, optional
            The output shape, to which array bounds must broadcast; None (the default) draws one
            value for scalar bounds, else one per element of their broadcast shape.
        dtype : dtype, optional
            The result's dtype: any integer dtype or bool (default int64). The bounds must lie in
            its range.
        endpoint : bool, optional
            Whether ``high`` is included (default False).

        Returns
        -------
        Array or NumPy integer scalar
            The draws; a NumPy scalar of ``dtype`` for ``size=None`` and scalar bounds, as NumPy's.

        Raises
        ------
        ValueError
            If a bound is out of ``dtype``'s range, or ``low >= high`` (``low > high`` with
            ``endpoint``) anywhere.
        TypeError
            If ``dtype`` is not an integer or bool dtype.

        Notes
        -----
        Dtypes: every integer dtype and bool. 32- and 64-bit results are drawn natively; int8,
        int16, uint8, uint16 and bool are drawn as int32 or uint32 and cast (one more kernel).
        Array bounds of any real dtype are cast to int64 (uint64 for a uint64 draw), floats
        truncated.

        GPU: one kernel (wgsl/random_integers.wgsl), exact and without modulo bias: Lemire's
        multiply-and-reject for ranges below 2^32, masked rejection of 64-bit words past it, four
        values per invocation. It needs shader-f64 and shader-int64 (NotImplementedError
        otherwise). Array bounds are checked by a few reductions on the device, each read back
        (host syncs); a scalar result is read back too. The numbers are not NumPy's, but the
        same on every adapter for the same seed.

        Examples
        --------
        >>> rng = wg.random.default_rng(0)
        >>> x = rng.integers(10, size=1000, dtype=wg.uint8)
        >>> x.dtype, int(x.min()) >= 0, int(x.max()) <= 9
        (dtype('uint8'), True, True)
        >>> d = rng.integers(1, 6, size=5, endpoint=True)  # dice
        >>> bool(wg.all((d >= 1) & (d <= 6)))
        True
        """
        dtype = _integer_dtype(dtype)
        if high is None:
            low, high = 0, low
        lo, hi = _scalar_int(low, "low"), _scalar_int(high, "high")
        smallest, largest = _bounds(dtype)
        if lo is None or hi is None:
            return self._integers_array(low, high, size, dtype, endpoint)
        top = hi if endpoint else hi - 1
        if lo < smallest:
            raise ValueError(f"low is out of bounds for {dtype}")
        if top > largest:
            raise ValueError(f"high is out of bounds for {dtype}")
        if lo > top:
            raise ValueError("low > high" if endpoint else "low >= high")
        shape = output_shape(size)
        result = draw_element(self._bit_generator, "integers", _draw_dtype(dtype), shape, lo, top - lo)
        return scalar_result(result if result._dtype == dtype else astype(result, dtype), shape, "numpy")

    def _integers_array(self, low, high, size, dtype, endpoint):
        """integers with array bounds: checked on the device, offsets high - low as uint64 words."""
        low, high = as_array(low, "low"), as_array(high, "high")
        signed = U64 if dtype == U64 else I64
        low, high = astype(low, signed), astype(high, signed)
        top = high if endpoint else high - 1
        smallest, largest = _bounds(dtype)
        if low.size and bool(any_(low < smallest)):
            raise ValueError(f"low is out of bounds for {dtype}")
        if high.size and not endpoint and bool(any_(high == (smallest_int64 if signed == I64 else 0))):
            raise ValueError("low >= high")
        if top.size and bool(any_(top > largest)):
            raise ValueError(f"high is out of bounds for {dtype}")
        if top.size and low.size and bool(any_(low > top)):
            raise ValueError("low > high" if endpoint else "low >= high")
        shape = output_shape(size, low, top)
        width = astype(top, U64) - astype(low, U64)
        result = draw_element(self._bit_generator, "integers", _draw_dtype(dtype), shape,
                              full_operand(astype(low, U64), shape, U64), full_operand(width, shape, U64))
        return result if result._dtype == dtype else astype(result, dtype)

    def poisson(self, lam=1.0, size=None):
        """Draw from a Poisson distribution of rate ``lam``.

        Parameters
        ----------
        lam : float or array_like of floats, optional
            The expected count, non-negative and at most about 9.2e18 (default 1).
        size : int or tuple of int, optional
            The output shape, to which an array ``lam`` must broadcast; None (the default) draws
            one value for a scalar ``lam``, else one per element.

        Returns
        -------
        Array or int
            int64 counts; a Python int for ``size=None`` and a scalar ``lam``.

        Raises
        ------
        ValueError
            If ``lam`` is negative, NaN or too large anywhere.

        Notes
        -----
        Dtypes: ``lam`` may have any real dtype and computes in float64 (complex raises
        TypeError); the counts are int64.

        GPU: one rejection kernel (wgsl/random_poisson.wgsl): inversion for lam below 10,
        Hoermann's PTRS from there, each element looping over its own tries (bounded). It needs
        shader-f64 and shader-int64. An array ``lam`` is checked by reductions on the device, read
        back (host syncs); a scalar result is read back too. The numbers are not NumPy's.

        Examples
        --------
        >>> rng = wg.random.default_rng(0)
        >>> k = rng.poisson(4.0, size=100_000)
        >>> k.dtype, bool(abs(float(k.mean()) - 4.0) < 0.05)
        (dtype('int64'), True)
        """
        lam = parameter(lam, "lam")
        check(lam, lambda v: (v < 0) | E["isnan"](v) if isinstance(v, Array) else not v >= 0, "lam < 0 or lam is NaN")
        check(lam, lambda v: v > POISSON_LAM_MAX, "lam value too large")
        shape = output_shape(size, lam)
        full = () if shape is None else shape
        return scalar_result(draw_element(self._bit_generator, "poisson", I64, shape, full_operand(lam, full)),
                             shape, "int")

    def binomial(self, n, p, size=None):
        """Draw from a binomial distribution: successes in ``n`` trials of probability ``p``.

        Parameters
        ----------
        n : int or array_like of ints
            The number of trials, non-negative (an array is cast to int64).
        p : float or array_like of floats
            The probability of success, in [0, 1].
        size : int or tuple of int, optional
            The output shape, to which array parameters must broadcast; None (the default) draws
            one value where both are scalars, else one per element of their broadcast shape.

        Returns
        -------
        Array or int
            int64 counts; a Python int for ``size=None`` and scalar parameters.

        Raises
        ------
        ValueError
            If ``n`` < 0, or ``p`` is outside [0, 1] or NaN, anywhere.

        Notes
        -----
        Dtypes: ``n`` is cast to int64 and then float64, ``p`` computes in float64 (any real
        dtype; complex raises TypeError); the counts are int64.

        GPU: one rejection kernel (wgsl/random_binomial.wgsl): inversion for n p below 10,
        Hoermann's BTRS past it (p above 1/2 draws n - X of 1 - p), each element looping over its
        own tries (bounded). It needs shader-f64 and shader-int64. Array parameters are checked
        by reductions on the device, read back (host syncs); a scalar result is read back too. The
        numbers are not NumPy's.

        Examples
        --------
        >>> rng = wg.random.default_rng(0)
        >>> rng.binomial(10, [0.0, 1.0]).tolist()
        [0, 10]
        """
        n_int = _scalar_int(n, "n")
        n = float(n_int) if n_int is not None else astype(astype(as_array(n, "n"), I64), F64)
        p = parameter(p, "p")
        check(n, lambda v: v < 0, "n < 0")
        check(p, lambda v: (v < 0) | (v > 1) | E["isnan"](v) if isinstance(v, Array) else not 0 <= v <= 1,
              "p < 0, p > 1 or p is NaN")
        shape = output_shape(size, n, p)
        full = () if shape is None else shape
        result = draw_element(self._bit_generator, "binomial", I64, shape, full_operand(n, full),
                              full_operand(p, full))
        return scalar_result(result, shape, "int")

    def geometric(self, p, size=None):
        """Draw from a geometric distribution: the number of trials to the first success.

        Parameters
        ----------
        p : float or array_like of floats
            The probability of success of each trial, in (0, 1].
        size : int or tuple of int, optional
            The output shape, to which an array ``p`` must broadcast; None (the default) draws one
            value for a scalar ``p``, else one per element.

        Returns
        -------
        Array or int
            int64 counts, at least 1; a Python int for ``size=None`` and a scalar ``p``.

        Raises
        ------
        ValueError
            If ``p`` is outside (0, 1] or NaN anywhere.

        Notes
        -----
        Dtypes: ``p`` may have any real dtype and computes in float64 (complex raises
        TypeError); the counts are int64.

        GPU: ``ceil(E / -log1p(-p))`` of standard exponentials E: one vectorised exponential draw
        (wgsl/random_block.wgsl; for a scalar ``p`` the division is applied in it), then
        elementwise kernels and a cast to int64. An array ``p`` is checked by a reduction on the
        device, read back (a host sync); a scalar result is read back too. The numbers are not
        NumPy's.
        """
        p = parameter(p, "p")
        check(p, lambda v: (v <= 0) | (v > 1) | E["isnan"](v) if isinstance(v, Array) else not 0 < v <= 1,
              "p <= 0, p > 1 or p contains NaNs")
        shape = output_shape(size, p)
        if isinstance(p, Array):
            ratio = draw_block(self._bit_generator, "exponential", F64, shape) / -E["log1p"](-p)
        else:
            ratio = draw_block(self._bit_generator, "exponential", F64, shape, 0.0, 0.0 if p == 1 else -1.0 / math.log1p(-p))
        return scalar_result(astype(E["maximum"](E["ceil"](ratio), 1.0), I64), shape, "int")
