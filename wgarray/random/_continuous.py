"""The Generator's continuous distributions: the standard draws (vectorised, one dispatch each),
the standard gamma (rejection on the device), and their transforms as NumPy defines them.

Scalar location and scale parameters are applied in the draw's own kernel; array parameters
through elementwise operations on the device. The methods' docstrings are in _continuous_docs.py.
"""

from __future__ import annotations

import math

import numpy as np

from .._api.data_type_functions import astype
from .._api.elementwise_functions import FUNCTIONS as E
from .._array import Array
from ._common import (check, draw_block, draw_element, float_dtype, full_operand, output_shape, parameter,
                      scalar_result, shape_of, write_out)
from ._continuous_docs import DOCSTRINGS

F64 = np.dtype(np.float64)


def _negative(v):
    return v < 0


def _not_positive(v):
    return v <= 0


class ContinuousMixin:
    """random, uniform, the normal family, the exponential family and the gamma family."""

    def _standard(self, method: str, size, dtype, out, name: str):
        dtype = float_dtype(dtype, name)
        shape = shape_of(size)
        if out is not None and shape is None:
            shape = tuple(out.shape)
        result = draw_block(self._bit_generator, method, dtype, shape)
        return write_out(result, out, shape, dtype, name) if out is not None else scalar_result(result, shape)

    def random(self, size=None, dtype=np.float64, out=None):
        return self._standard("uniform", size, dtype, out, "random")

    def standard_normal(self, size=None, dtype=np.float64, out=None):
        return self._standard("normal", size, dtype, out, "standard_normal")

    def standard_exponential(self, size=None, dtype=np.float64, method="zig", out=None):
        if method not in ("zig", "inv"):
            raise ValueError(f"method must be 'zig' or 'inv', not {method!r}")
        return self._standard("exponential", size, dtype, out, "standard_exponential")

    def _affine(self, method: str, loc, scale, size, scale_name: str = "scale", loc_name: str = "loc"):
        """loc + scale * (a standard draw), scale checked >= 0; NaN passes, as in NumPy."""
        loc, scale = parameter(loc, loc_name), parameter(scale, scale_name)
        check(scale, _negative, f"{scale_name} < 0")
        shape = output_shape(size, loc, scale)
        if isinstance(loc, Array) or isinstance(scale, Array):
            result = loc + scale * draw_block(self._bit_generator, method, F64, shape)
        else:
            result = draw_block(self._bit_generator, method, F64, shape, loc, scale)
        return result, shape

    def normal(self, loc=0.0, scale=1.0, size=None):
        result, shape = self._affine("normal", loc, scale, size)
        return scalar_result(result, shape)

    def lognormal(self, mean=0.0, sigma=1.0, size=None):
        result, shape = self._affine("normal", mean, sigma, size, "sigma", "mean")
        return scalar_result(E["exp"](result), shape)

    def exponential(self, scale=1.0, size=None):
        result, shape = self._affine("exponential", 0.0, scale, size)
        return scalar_result(result, shape)

    def logistic(self, loc=0.0, scale=1.0, size=None):
        result, shape = self._affine("logistic", loc, scale, size)
        return scalar_result(result, shape)

    def laplace(self, loc=0.0, scale=1.0, size=None):
        loc, scale = parameter(loc, "loc"), parameter(scale, "scale")
        check(scale, _negative, "scale < 0")
        shape = output_shape(size, loc, scale)
        first = draw_block(self._bit_generator, "exponential", F64, shape)
        second = draw_block(self._bit_generator, "exponential", F64, shape)
        return scalar_result(loc + scale * (first - second), shape)

    def uniform(self, low=0.0, high=1.0, size=None):
        low, high = parameter(low, "low"), parameter(high, "high")
        shape = output_shape(size, low, high)
        width = high - low
        try:
            check(width, lambda v: ~E["isfinite"](v) if isinstance(v, Array) else not math.isfinite(v), "")
        except ValueError:
            raise OverflowError("high - low range exceeds valid bounds") from None
        check(width, _negative, "high - low < 0")
        if isinstance(width, Array):
            result = low + width * draw_block(self._bit_generator, "uniform", F64, shape)
        else:
            result = draw_block(self._bit_generator, "uniform", F64, shape, low, width)
        return scalar_result(result, shape)

    def standard_gamma(self, shape, size=None, dtype=np.float64, out=None):
        dtype = float_dtype(dtype, "standard_gamma")
        shape_param = parameter(shape, "shape")
        check(shape_param, _negative, "shape < 0")
        out_shape = output_shape(size if size is not None or out is None else tuple(out.shape), shape_param)
        result = self._gamma(shape_param, out_shape)
        if dtype != F64:
            result = astype(result, dtype)
        return write_out(result, out, out_shape, dtype, "standard_gamma") if out is not None else \
            scalar_result(result, out_shape)

    def _gamma(self, shape_param, out_shape) -> Array:
        full = () if out_shape is None else out_shape
        return draw_element(self._bit_generator, "gamma", F64, out_shape, full_operand(shape_param, full))

    def gamma(self, shape, scale=1.0, size=None):
        shape_param, scale = parameter(shape, "shape"), parameter(scale, "scale")
        check(shape_param, _negative, "shape < 0")
        check(scale, _negative, "scale < 0")
        out_shape = output_shape(size, shape_param, scale)
        return scalar_result(self._gamma(shape_param, out_shape) * scale, out_shape)

    def chisquare(self, df, size=None):
        df = parameter(df, "df")
        check(df, _not_positive, "df <= 0")
        out_shape = output_shape(size, df)
        return scalar_result(self._gamma(df * 0.5, out_shape) * 2.0, out_shape)

    def beta(self, a, b, size=None):
        a, b = parameter(a, "a"), parameter(b, "b")
        check(a, _not_positive, "a <= 0")
        check(b, _not_positive, "b <= 0")
        out_shape = output_shape(size, a, b)
        x = self._gamma(a, out_shape)
        y = self._gamma(b, out_shape)
        return scalar_result(x / (x + y), out_shape)


# The public methods' numpydoc docstrings (kept apart: this module would pass 500 lines with them).
for _name, _doc in DOCSTRINGS.items():
    getattr(ContinuousMixin, _name).__doc__ = _doc
