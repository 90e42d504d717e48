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


@pytest.mark.parametrize("npts", [1, 2, 5, 8.0])
def test_chebpts(npts):
    np.testing.assert_allclose(np.asarray(wg.polynomial.chebyshev.chebpts1(npts)),
                               np.polynomial.chebyshev.chebpts1(npts), rtol=0, atol=4e-16)
    if npts >= 2:
        np.testing.assert_allclose(np.asarray(wg.polynomial.chebyshev.chebpts2(npts)),
                                   np.polynomial.chebyshev.chebpts2(npts), rtol=0, atol=4e-16)


@pytest.mark.parametrize("bad, error", [(lambda C: C.chebpts1(2.5), ValueError), (lambda C: C.chebpts1(0), ValueError),
                                        (lambda C: C.chebpts2(1), ValueError),
                                        (lambda C: C.chebinterpolate(np.sin, 2.0), TypeError),
                                        (lambda C: C.chebinterpolate(np.sin, -1), ValueError)])
def test_chebpts_and_interpolate_errors(bad, error):
    with pytest.raises(error):
        bad(np.polynomial.chebyshev)
    with pytest.raises(error):
        bad(wg.polynomial.chebyshev)


@pytest.mark.parametrize("deg", [0, 1, 4, 7])
def test_chebinterpolate(deg):
    expected = np.polynomial.chebyshev.chebinterpolate(np.exp, deg)
    got = np.asarray(wg.polynomial.chebyshev.chebinterpolate(wg.exp, deg))
    assert got.dtype == expected.dtype and got.shape == expected.shape
    np.testing.assert_allclose(got, expected, rtol=1e-14, atol=1e-15)
    with_args = wg.polynomial.chebyshev.chebinterpolate(lambda x, a: a * x ** 2, 2, args=(3.0,))
    np.testing.assert_allclose(np.asarray(with_args), [1.5, 0.0, 1.5], atol=1e-15)


def test_chebyshev_interpolate_over_a_domain_and_has_sametype():
    expected = np.polynomial.Chebyshev.interpolate(np.sin, 5, domain=[0, 3])
    got = wg.polynomial.Chebyshev.interpolate(wg.sin, 5, domain=[0, 3])
    check(expected, got, exact=False)
    assert got.has_sametype(wg.polynomial.Chebyshev([1.0]))
    assert not got.has_sametype(wg.polynomial.Polynomial([1.0]))
