"""numpy.polynomial's series conversions against NumPy: convert (domain, window, kind), cast, and
evaluating a series at another series (composition)."""

import numpy as np
import pytest

import wgarray as wg

KINDS = ["Polynomial", "Chebyshev", "Legendre"]


def check(expected, got, exact):
    """Same class, domain, window, symbol and coefficients (Polynomial to Polynomial: NumPy's own
    Horner order, so bit-equal; other bases round differently from NumPy's Clenshaw recurrence)."""
    assert type(got).__name__ == type(expected).__name__
    np.testing.assert_array_equal(got.domain, expected.domain)
    np.testing.assert_array_equal(got.window, expected.window)
    assert got.symbol == expected.symbol
    coef = np.asarray(got.coef)
    assert coef.dtype == expected.coef.dtype and coef.shape == expected.coef.shape
    if exact:
        np.testing.assert_array_equal(coef, expected.coef)
    else:
        np.testing.assert_allclose(coef, expected.coef, rtol=1e-13, atol=1e-13)


def both(kind, coef, **kw):
    return getattr(np.polynomial, kind)(coef, **kw), getattr(wg.polynomial, kind)(wg.asarray(coef), **kw)


@pytest.mark.parametrize("coef", [[1.0, 2.0, 3.0], [0.5], [1.0, 0.0, -2.0, 0.0], [1 + 2j, 3.0]])
@pytest.mark.parametrize("domain", [None, [0.0, 4.0], [-3.0, 5.0]])
def test_polynomial_convert_to_default_domain(coef, domain):
    expected, p = both("Polynomial", coef, domain=domain, symbol="t")
    check(expected.convert(), p.convert(), exact=True)
    check(expected.convert(domain=[-2, 2], window=[0, 1]), p.convert(domain=[-2, 2], window=[0, 1]), exact=True)


def test_fit_then_convert_gives_power_coefficients():
    x = np.linspace(-1.0, 3.0, 9)
    y = 1.0 + 2.0 * x - x ** 2
    expected = np.polynomial.Polynomial.fit(x, y, 2).convert()
    got = wg.polynomial.Polynomial.fit(wg.asarray(x), wg.asarray(y), 2).convert()
    check(expected, got, exact=False)


@pytest.mark.parametrize("source", KINDS)
@pytest.mark.parametrize("target", KINDS)
def test_convert_between_kinds_and_cast(source, target):
    expected, p = both(source, [1.0, -2.0, 0.5, 3.0], domain=[0.0, 2.0])
    np_kind, wg_kind = getattr(np.polynomial, target), getattr(wg.polynomial, target)
    check(expected.convert(kind=np_kind), p.convert(kind=wg_kind), exact=source == target == "Polynomial")
    check(np_kind.cast(expected, domain=[-1, 3]), wg_kind.cast(p, domain=[-1, 3]),
          exact=source == target == "Polynomial")


def test_series_evaluated_at_a_series():
    expected, p = both("Polynomial", [1.0, 2.0, 3.0], domain=[0.0, 4.0])
    inner_np, inner_wg = both("Polynomial", [2.0, 1.0])
    check(expected(inner_np), p(inner_wg), exact=True)


def test_convert_to_a_kind_that_is_not_a_series_class_raises_like_numpy():
    expected, p = both("Polynomial", [1.0, 2.0])
    with pytest.raises(AttributeError):
        expected.convert(kind=int)
    with pytest.raises(AttributeError):
        p.convert(kind=int)


@pytest.mark.parametrize("kind, coef, kw", [
    ("Polynomial", [1.0, -2.0, 3.5], {"domain": [0, 2]}), ("Chebyshev", [1, 2, 3], {}),
    ("Legendre", [1j, 2.0], {"symbol": "t"}), ("Polynomial", list(np.arange(30.0)), {}),
    ("Polynomial", [-0.5], {"window": [0, 1]})])
def test_repr_str_format_and_latex_match_numpy(kind, coef, kw):
    expected, p = both(kind, coef, **kw)
    assert repr(p) == repr(expected)
    assert str(p) == str(expected)
    assert f"{p:ascii}" == f"{expected:ascii}" and f"{p:unicode}" == f"{expected:unicode}"
    assert p._repr_latex_() == expected._repr_latex_()
    with pytest.raises(ValueError):
        format(p, "bogus")
