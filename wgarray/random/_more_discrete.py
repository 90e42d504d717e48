"""More of NumPy's discrete distributions: negative_binomial (a gamma-Poisson mixture),
hypergeometric (_hypergeometric.py), logseries and zipf (NumPy's rejection
samplers, in rounds: _rounds.py), all on the device. Docstrings in _more_docs.py."""

from __future__ import annotations

import math

import numpy as np

from .._api.coerce import as_array
from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as E
from .._api.manipulation_functions import broadcast_to
from .._array import Array
from ._common import check, draw_block, draw_element, full_operand, output_shape, parameter, scalar_result
from ._discrete import POISSON_LAM_MAX, _scalar_int
from ._hypergeometric import hypergeometric
from ._more_docs import DOCSTRINGS
from ._rounds import by_rounds

F64, I64 = np.dtype(np.float64), np.dtype(np.int64)
TWO_63 = 2.0**63


def _nan_or(bad):
    """A predicate that also holds for NaN (NumPy's bounded checks refuse NaN)."""
    return lambda v: bad(v) | E["isnan"](v) if isinstance(v, Array) else (v != v or bad(v))


def _count_parameter(value, name: str):
    """An integer count: a Python int for a scalar, an int64 Array otherwise."""
    scalar = _scalar_int(value, name)
    return scalar if scalar is not None else astype(as_array(value, name), I64)


class MoreDiscreteMixin:
    """negative_binomial, hypergeometric, logseries and zipf."""

    def _uniform(self, shape) -> Array:
        return draw_block(self._bit_generator, "uniform", F64, () if shape is None else shape)

    def negative_binomial(self, n, p, size=None):
        n, p = parameter(n, "n"), parameter(p, "p")
        check(n, lambda v: v <= 0, "n <= 0")
        check(p, _nan_or(lambda v: (v <= 0) | (v > 1)), "p <= 0, p > 1 or p contains NaNs")
        # NumPy's bound: the gamma's mean plus 10 standard deviations, scaled, is a rate poisson takes
        largest_rate = (1.0 - p) / p * (n + 10.0 * (E["sqrt"](n) if isinstance(n, Array) else math.sqrt(n)))
        check(largest_rate, lambda v: v > POISSON_LAM_MAX,
              "n too large or p too small, see Generator.negative_binomial Notes")
        shape = output_shape(size, n, p)
        full = () if shape is None else shape
        rate = self._gamma(n, shape) * ((1.0 - p) / p)
        return scalar_result(draw_element(self._bit_generator, "poisson", I64, shape, full_operand(rate, full)),
                             shape, "int")

    def hypergeometric(self, ngood, nbad, nsample, size=None):
        ngood, nbad = _count_parameter(ngood, "ngood"), _count_parameter(nbad, "nbad")
        nsample = _count_parameter(nsample, "nsample")
        check(ngood, lambda v: v < 0, "ngood < 0")
        check(nbad, lambda v: v < 0, "nbad < 0")
        check(nsample, lambda v: v < 0, "nsample < 0")
        check(ngood + nbad - nsample, lambda v: v < 0, "ngood + nbad < nsample")
        check(ngood, lambda v: v >= 10**9, "both ngood and nbad must be less than 1000000000")
        check(nbad, lambda v: v >= 10**9, "both ngood and nbad must be less than 1000000000")
        shape = output_shape(size, ngood, nbad, nsample)
        full = () if shape is None else shape
        count = hypergeometric(lambda: self._uniform(full), *(broadcast_to(astype(as_array(v), F64), full)
                                                             for v in (ngood, nbad, nsample)))
        return scalar_result(astype(count, I64), shape, "int")

    def logseries(self, p, size=None):
        p = parameter(p, "p")
        check(p, _nan_or(lambda v: (v < 0) | (v >= 1)), "p < 0, p >= 1 or p is NaN")
        shape = output_shape(size, p)
        r = E["log1p"](-p) if isinstance(p, Array) else math.log1p(-p)

        def propose():  # NumPy's random_logseries (Kemp's second accelerated generator)
            v, u = self._uniform(shape), self._uniform(shape)
            q = -E["expm1"](r * u)
            tail = E["floor"](1.0 + E["log"](v) / E["log"](q))
            short = (v < p) & (v <= q * q)
            value = E["where"](v >= p, 1.0, E["where"](short, tail, E["where"](v >= q, 1.0, 2.0)))
            return value, ~(short & ((tail < 1.0) | (v == 0.0)))

        return scalar_result(astype(by_rounds(propose, "logseries"), I64), shape, "int")

    def zipf(self, a, size=None):
        a = parameter(a, "a")
        check(a, _nan_or(lambda v: v <= 1), "a <= 1 or a is NaN")
        shape = output_shape(size, a)
        am1 = a - 1.0
        b = E["pow"](2.0, am1) if isinstance(am1, Array) else 2.0 ** am1

        def propose():  # NumPy's random_zipf (Devroye's rejection)
            u, v = 1.0 - self._uniform(shape), self._uniform(shape)
            x = E["floor"](E["pow"](u, -1.0 / am1))
            inside = (x >= 1.0) & (x < TWO_63)  # int64's range
            x_safe = E["where"](inside, x, 1.0)
            t = E["pow"](1.0 + 1.0 / x_safe, am1)
            return x_safe, inside & (v * x_safe * (t - 1.0) / (b - 1.0) <= t / b)

        return scalar_result(astype(by_rounds(propose, "zipf"), I64), shape, "int")


for _name, _doc in DOCSTRINGS.items():
    if hasattr(MoreDiscreteMixin, _name):
        getattr(MoreDiscreteMixin, _name).__doc__ = _doc
