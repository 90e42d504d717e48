"""Finance-style code: returns, cumulative growth, drawdowns, rolling windows."""

from . import snippet


def _prices(np):
    return np.array([100.0, 101.5, 99.8, 102.3, 104.1, 103.0, 105.7, 104.9, 107.2, 108.0])


@snippet
def simple_and_log_returns(np):
    p = _prices(np)
    r = p[1:] / p[:-1] - 1
    lr = np.diff(np.log(p))
    return r, lr, np.allclose(np.expm1(lr), r)


@snippet
def cumulative_growth(np):
    r = np.array([0.01, -0.02, 0.015, 0.03, -0.01])
    return np.cumprod(1 + r), np.round((1 + r).prod() - 1, 12)


@snippet
def max_drawdown(np):
    p = _prices(np)
    peak = np.maximum.accumulate(p)
    dd = (p - peak) / peak
    return dd.min(), dd.argmin(), peak


@snippet
def rolling_mean_stride_tricks(np):
    p = _prices(np)
    w = np.lib.stride_tricks.sliding_window_view(p, 3)
    return w.shape, w.mean(axis=1), w.std(axis=-1, ddof=1)


@snippet
def rolling_mean_as_strided(np):
    p = _prices(np)
    n = 4
    shape = (p.size - n + 1, n)
    strides = (p.strides[0], p.strides[0])
    w = np.lib.stride_tricks.as_strided(p, shape=shape, strides=strides)
    return w.max(axis=1) - w.min(axis=1)


@snippet
def annualized_volatility(np):
    r = np.diff(_prices(np)) / _prices(np)[:-1]
    return round(float(np.std(r, ddof=1) * np.sqrt(252)), 10), float(np.mean(r) * 252)


@snippet
def portfolio_weights(np):
    returns = np.array([[0.01, 0.02, -0.01], [0.00, 0.01, 0.02], [0.02, -0.01, 0.01], [-0.01, 0.0, 0.03]])
    w = np.array([0.5, 0.3, 0.2])
    port = returns @ w
    cov = np.cov(returns, rowvar=False)
    return port, float(w @ cov @ w), cov.shape


@snippet
def compound_interest_table(np):
    years = np.arange(1, 6)
    rates = np.array([0.01, 0.03, 0.05])[:, None]
    return np.round(1000 * (1 + rates) ** years, 2)


@snippet
def ewma_loop(np):
    x = _prices(np)
    alpha = 0.3
    out = np.empty_like(x)
    out[0] = x[0]
    for i in range(1, len(x)):
        out[i] = alpha * x[i] + (1 - alpha) * out[i - 1]
    return out


@snippet
def sharpe_and_sortino(np):
    r = np.array([0.01, -0.02, 0.015, 0.03, -0.01, 0.005])
    downside = r[r < 0]
    return r.mean() / r.std(), r.mean() / np.sqrt((downside ** 2).mean())


@snippet
def correlation_matrix(np):
    a = np.array([[1.0, 2.0, 3.0, 4.0, 5.0], [2.0, 1.0, 4.0, 3.0, 6.0], [5.0, 4.0, 3.0, 2.0, 0.0]])
    return np.round(np.corrcoef(a), 12), np.corrcoef(a[0], a[1])[0, 1].round(12)


@snippet
def loan_amortization(np):
    principal, rate, n = 1000.0, 0.01, 6
    payment = principal * rate / (1 - (1 + rate) ** -n)
    balance = principal * (1 + rate) ** np.arange(n + 1) - payment * ((1 + rate) ** np.arange(n + 1) - 1) / rate
    return np.round(balance, 6), round(payment, 8)


@snippet
def percent_change_with_nans(np):
    p = np.array([10.0, np.nan, 12.0, 11.0, np.nan, 13.0])
    chg = np.diff(p) / p[:-1]
    return chg, np.nanmean(chg), np.isnan(chg).sum()
