"""The hypergeometric sampler on the device, as NumPy's random_hypergeometric: the items drawn
one at a time for samples below 10 (of the smaller of the sample and the items left out), and
Stadlober's ratio-of-uniforms rejection (HRUA) past that, in rounds (_rounds.py), with
log-factorials from NumPy's Stirling series (random_loggam) made by elementwise kernels."""

from __future__ import annotations

import math

from .._api.elementwise_functions import FUNCTIONS as E
from .._api.manipulation_functions import stack
from .._api.statistical_functions import max as max_, sum as sum_
from .._api.utility_functions import any as any_
from .._array import Array
from ._rounds import by_rounds

# NumPy's random_loggam: the Stirling series' coefficients, for arguments shifted to >= 7
_STIRLING = (8.333333333333333e-02, -2.777777777777778e-03, 7.936507936507937e-04, -5.952380952380952e-04,
             8.417508417508418e-04, -1.917526917526918e-03, 6.410256410256410e-03, -2.955065359477124e-02,
             1.796443723688307e-01, -1.39243221690590e+00)
_HALF_LOG_2PI = 0.5 * math.log(2 * math.pi)
# Stadlober's constants: D1 = 2 sqrt(2 / e), D2 = 3 - 2 sqrt(3 / e)
D1, D2 = 1.7155277699214135, 0.8989161620588988
# NumPy's switch: HRUA for samples of 10 or more (of the smaller of the sample and the rest)
SEQUENTIAL_BELOW = 10


def log_factorial(k: Array) -> Array:
    """log(k!) for float64 counts k >= 0, as NumPy's random_loggam(k + 1)."""
    x = k + 1.0
    shift = E["where"](x < 7.0, E["floor"](7.0 - x), 0.0)
    x0 = x + shift
    inverse_square = 1.0 / (x0 * x0)
    series = _STIRLING[-1]
    for coefficient in reversed(_STIRLING[:-1]):
        series = series * inverse_square + coefficient
    result = series / x0 + _HALF_LOG_2PI + (x0 - 0.5) * E["log"](x0) - x0
    for step in range(1, 7):  # back down from x0 to x: log Gamma(x) = log Gamma(x + 1) - log x
        result = result - E["where"](shift >= step, E["log"](x0 - step), 0.0)
    return E["where"]((x == 1.0) | (x == 2.0), 0.0, result)


def _log_factorials(*counts: Array) -> Array:
    """The sum of log(k!) over the counts, in one pass of the series over their stack."""
    return sum_(log_factorial(stack(counts)), axis=0)


def hypergeometric(uniform, good: Array, bad: Array, sample: Array) -> Array:
    """The good items in sample drawn from good + bad (float64 Arrays of the draw's shape; the
    result float64); uniform() gives a fresh uniform draw of that shape."""
    popsize = good + bad
    drawn = E["minimum"](sample, popsize - sample)  # the sample or the items left out
    small = drawn < SEQUENTIAL_BELOW
    goods = _sequential(uniform, good, popsize, E["where"](small, drawn, 0.0))
    if drawn.size and bool(any_(~small)):
        goods = E["where"](small, goods, _hrua(uniform, good, bad, drawn, ~small))
    return E["where"](drawn < sample, good - goods, goods)


def _sequential(uniform, good: Array, popsize: Array, steps: Array) -> Array:
    """The good items among the first steps drawn, one item a step (steps below 10)."""
    good_left, left, taken = good, popsize, good * 0.0
    for step in range(int(max_(steps)) if steps.size else 0):
        active = steps > step
        pick = active & (uniform() * left < good_left)  # the next item is good with probability good_left / left
        taken, good_left, left = taken + pick, good_left - pick, left - active
    return taken


def _hrua(uniform, good: Array, bad: Array, drawn: Array, use: Array) -> Array:
    """NumPy's hypergeometric_hrua where use holds (other elements accept their first candidate)."""
    popsize = good + bad
    fewer, more = E["minimum"](good, bad), E["maximum"](good, bad)
    p, q = fewer / popsize, more / popsize
    a = drawn * p + 0.5
    c = E["sqrt"]((popsize - drawn) * drawn * p * q / (popsize - 1.0) + 0.5)
    h = D1 * c + D2
    mode = E["floor"]((drawn + 1.0) * (fewer + 1.0) / (popsize + 2.0))
    g = _log_factorials(mode, fewer - mode, drawn - mode, more - drawn + mode)
    bound = E["minimum"](E["minimum"](drawn, fewer) + 1.0, E["floor"](a + 16.0 * c))

    def propose():
        u, v = uniform(), uniform()
        x = a + h * (v - 0.5) / u
        inside = (x >= 0.0) & (x < bound)
        k = E["floor"](E["where"](inside, x, 0.0))
        t = g - _log_factorials(k, fewer - k, drawn - k, more - drawn + k)
        accept = (u * (4.0 - u) - 3.0 <= t) | (~(u * (u - t) >= 1.0) & (2.0 * E["log"](u) <= t))
        return k, (inside & accept) | ~use

    k = by_rounds(propose, "hypergeometric")
    return E["where"](good > bad, drawn - k, k)
