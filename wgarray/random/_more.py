"""More of NumPy's continuous distributions: transforms, on the device, of the standard draws
(uniform, normal, exponential, gamma) as NumPy's distributions.c defines them, and the von Mises
rejection sampler in rounds (_rounds.py). The methods' docstrings are in _more_docs.py."""

from __future__ import annotations

import math

import numpy as np

from .._api.elementwise_functions import FUNCTIONS as E
from .._array import Array
from ._common import check, draw_block, output_shape, parameter, scalar_result
from ._more_docs import DOCSTRINGS
from ._rounds import by_rounds

F64 = np.dtype(np.float64)


def _negative(v):
    return v < 0


def _not_positive(v):
    return v <= 0


def _full(shape) -> tuple:
    return () if shape is None else shape


def _sqrt(v):
    """The square root of a parameter: on the host for a Python float, on the device for an Array."""
    return E["sqrt"](v) if isinstance(v, Array) else math.sqrt(v)


class MoreContinuousMixin:
    """standard_t, standard_cauchy, f, the noncentral chi-square and F, von Mises, Wald, Weibull,
    Pareto, power, Rayleigh, triangular and Gumbel distributions."""

    def _draw(self, method: str, shape) -> Array:
        """A standard draw ("uniform", "normal" or "exponential") of the full shape."""
        return draw_block(self._bit_generator, method, F64, _full(shape))

    def standard_cauchy(self, size=None):
        shape = output_shape(size)
        return scalar_result(self._draw("normal", shape) / self._draw("normal", shape), shape)

    def standard_t(self, df, size=None):
        df = parameter(df, "df")
        check(df, _not_positive, "df <= 0")
        shape = output_shape(size, df)
        num = self._draw("normal", shape)
        return scalar_result(_sqrt(df * 0.5) * num / E["sqrt"](self._gamma(df * 0.5, shape)), shape)

    def _chisquare(self, df, shape) -> Array:
        return self._gamma(df * 0.5, shape) * 2.0

    def f(self, dfnum, dfden, size=None):
        dfnum, dfden = parameter(dfnum, "dfnum"), parameter(dfden, "dfden")
        check(dfnum, _not_positive, "dfnum <= 0")
        check(dfden, _not_positive, "dfden <= 0")
        shape = output_shape(size, dfnum, dfden)
        return scalar_result((self._chisquare(dfnum, shape) * dfden) / (self._chisquare(dfden, shape) * dfnum), shape)

    def _noncentral_chisquare(self, df, nonc, shape) -> Array:
        """NumPy's: chi2(df - 1) + (Z + sqrt(nonc))^2 for df > 1, a Poisson mixture of chi2(df + 2i)
        for df <= 1, chi2(df) for nonc == 0 (array parameters: each branch drawn, one kept)."""
        scalars = not isinstance(df, Array) and not isinstance(nonc, Array)
        if scalars and nonc == 0:
            return self._chisquare(df, shape)
        if not scalars or df > 1:
            z = self._draw("normal", shape) + _sqrt(nonc)
            df_less_one = E["maximum"](df - 1.0, 0.0) if isinstance(df, Array) else df - 1.0
            above_one = self._chisquare(df_less_one, shape) + z * z
            if scalars:
                return above_one
        i = self.poisson(nonc * 0.5, _full(shape))
        mixture = self._chisquare(df + 2.0 * i, shape)
        if scalars:
            return mixture
        return E["where"](nonc == 0, self._chisquare(df, shape), E["where"](df > 1, above_one, mixture))

    def noncentral_chisquare(self, df, nonc, size=None):
        df, nonc = parameter(df, "df"), parameter(nonc, "nonc")
        check(df, _not_positive, "df <= 0")
        check(nonc, _negative, "nonc < 0")
        shape = output_shape(size, df, nonc)
        return scalar_result(self._noncentral_chisquare(df, nonc, shape), shape)

    def noncentral_f(self, dfnum, dfden, nonc, size=None):
        dfnum, dfden, nonc = parameter(dfnum, "dfnum"), parameter(dfden, "dfden"), parameter(nonc, "nonc")
        check(dfnum, _not_positive, "dfnum <= 0")
        check(dfden, _not_positive, "dfden <= 0")
        check(nonc, _negative, "nonc < 0")
        shape = output_shape(size, dfnum, dfden, nonc)
        t = self._noncentral_chisquare(dfnum, nonc, shape) * dfden
        return scalar_result(t / (self._chisquare(dfden, shape) * dfnum), shape)

    def vonmises(self, mu, kappa, size=None):
        mu, kappa = parameter(mu, "mu"), parameter(kappa, "kappa")
        check(kappa, _negative, "kappa < 0")
        shape = output_shape(size, mu, kappa)
        return scalar_result(self._vonmises(mu, kappa, shape), shape)

    def _vonmises(self, mu, kappa, shape) -> Array:
        """NumPy's random_vonmises: Best and Fisher's rejection (in rounds) for 1e-8 <= kappa <= 1e6,
        uniform below, a wrapped normal above (as NumPy)."""
        if not isinstance(kappa, Array) and kappa < 1e-8:
            return math.pi * (2.0 * self._draw("uniform", shape) - 1.0)
        if not isinstance(kappa, Array) and kappa > 1e6:
            return _wrap(mu + math.sqrt(1.0 / kappa) * self._draw("normal", shape))
        def s_of(k):
            r = 1.0 + _sqrt(1.0 + 4.0 * k * k)
            rho = (r - _sqrt(2.0 * r)) / (2.0 * k)
            return (1.0 + rho * rho) / (2.0 * rho)

        k_safe = E["where"]((kappa >= 1e-8) & (kappa <= 1e6), kappa, 1.0) if isinstance(kappa, Array) else \
            (kappa if 1e-8 <= kappa <= 1e6 else 1.0)
        s = E["where"](k_safe < 1e-5, 1.0 / k_safe + k_safe, s_of(k_safe)) if isinstance(kappa, Array) else \
            (1.0 / k_safe + k_safe if k_safe < 1e-5 else s_of(k_safe))

        def propose():
            z = E["cos"](math.pi * self._draw("uniform", shape))
            w = (1.0 + s * z) / (s + z)
            y = k_safe * (s - w)
            v = self._draw("uniform", shape)
            accept = (y * (2.0 - y) - v >= 0) | (E["log"](y / v) + 1.0 - y >= 0)
            return w, accept

        w = by_rounds(propose, "vonmises")
        angle = E["acos"](w)
        angle = E["where"](self._draw("uniform", shape) < 0.5, -angle, angle)
        if isinstance(kappa, Array):
            wide = E["sqrt"](1.0 / kappa) * self._draw("normal", shape)
            angle = E["where"](kappa > 1e6, wide, angle)
            flat = math.pi * (2.0 * self._draw("uniform", shape) - 1.0)
            return E["where"](kappa < 1e-8, flat, _wrap(angle + mu))
        return _wrap(angle + mu)

    def wald(self, mean, scale, size=None):
        mean, scale = parameter(mean, "mean"), parameter(scale, "scale")
        check(mean, _not_positive, "mean <= 0")
        check(scale, _not_positive, "scale <= 0")
        shape = output_shape(size, mean, scale)
        normal = self._draw("normal", shape)
        y = mean * normal * normal
        x = mean + (mean / (2.0 * scale)) * (y - E["sqrt"](4.0 * scale * y + y * y))
        u = self._draw("uniform", shape)
        return scalar_result(E["where"](u <= mean / (mean + x), x, mean * mean / x), shape)

    def weibull(self, a, size=None):
        a = parameter(a, "a")
        check(a, _negative, "a < 0")
        shape = output_shape(size, a)
        e = self._draw("exponential", shape)
        if isinstance(a, Array):
            return scalar_result(E["where"](a == 0, 0.0, E["pow"](e, 1.0 / E["where"](a == 0, 1.0, a))), shape)
        return scalar_result(e * 0.0 if a == 0 else E["pow"](e, 1.0 / a), shape)

    def pareto(self, a, size=None):
        a = parameter(a, "a")
        check(a, _not_positive, "a <= 0")
        shape = output_shape(size, a)
        return scalar_result(E["expm1"](self._draw("exponential", shape) / a), shape)

    def power(self, a, size=None):
        a = parameter(a, "a")
        check(a, _not_positive, "a <= 0")
        shape = output_shape(size, a)
        return scalar_result(E["pow"](-E["expm1"](-self._draw("exponential", shape)), 1.0 / a), shape)

    def rayleigh(self, scale=1.0, size=None):
        scale = parameter(scale, "scale")
        check(scale, _negative, "scale < 0")
        shape = output_shape(size, scale)
        return scalar_result(scale * E["sqrt"](2.0 * self._draw("exponential", shape)), shape)

    def gumbel(self, loc=0.0, scale=1.0, size=None):
        loc, scale = parameter(loc, "loc"), parameter(scale, "scale")
        check(scale, _negative, "scale < 0")
        shape = output_shape(size, loc, scale)
        return scalar_result(loc - scale * E["log"](self._draw("exponential", shape)), shape)

    def triangular(self, left, mode, right, size=None):
        left, mode, right = parameter(left, "left"), parameter(mode, "mode"), parameter(right, "right")
        check(mode - left, _negative, "left > mode")
        check(right - mode, _negative, "mode > right")
        check(right - left, lambda v: v == 0, "left == right")
        shape = output_shape(size, left, mode, right)
        base = right - left
        ratio = (mode - left) / base
        u = self._draw("uniform", shape)
        rising = left + E["sqrt"](u * ((mode - left) * base))
        falling = right - E["sqrt"]((1.0 - u) * ((right - mode) * base))
        return scalar_result(E["where"](u <= ratio, rising, falling), shape)


def _wrap(angle: Array) -> Array:
    """An angle into [-pi, pi] as NumPy wraps the von Mises draw (the sign kept)."""
    mod = E["fmod"](E["abs"](angle) + math.pi, 2.0 * math.pi) - math.pi
    return E["where"](angle < 0, -mod, mod)


for _name, _doc in DOCSTRINGS.items():
    if hasattr(MoreContinuousMixin, _name):
        getattr(MoreContinuousMixin, _name).__doc__ = _doc
