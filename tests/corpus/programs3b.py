"""Whole small programs (part b): image processing, classification metrics, encoding, resampling,
report formatting, record sorting and groupby, each a 10-30 line program mixing many features."""

from . import snippet


def _image(np):
    return np.array([[10, 20, 30, 40, 50, 60],
                     [15, 25, 200, 210, 55, 65],
                     [12, 22, 220, 230, 52, 62],
                     [11, 21, 31, 41, 51, 61],
                     [90, 80, 70, 60, 50, 40]], dtype=np.uint8)


@snippet
def box_blur_by_slicing(np):
    img = _image(np).astype(np.float64)
    p = np.pad(img, 1, mode="edge")
    h, w = img.shape
    acc = np.zeros_like(img)
    for dy in range(3):
        for dx in range(3):
            acc += p[dy:dy + h, dx:dx + w]
    blur = acc / 9
    out = np.clip(np.rint(blur), 0, 255).astype(np.uint8)
    return np.round(blur, 10), out, out.dtype


@snippet
def sobel_edges_and_threshold(np):
    img = _image(np).astype(np.float32)
    p = np.pad(img, 1, mode="reflect")
    gx = (p[1:-1, 2:] - p[1:-1, :-2]) * 2 + (p[:-2, 2:] - p[:-2, :-2]) + (p[2:, 2:] - p[2:, :-2])
    gy = (p[2:, 1:-1] - p[:-2, 1:-1]) * 2 + (p[2:, :-2] - p[:-2, :-2]) + (p[2:, 2:] - p[:-2, 2:])
    mag = np.hypot(gx, gy)
    edges = mag > mag.mean() + mag.std()
    return gx, gy, np.round(mag, 3), edges, int(edges.sum()), mag.dtype


@snippet
def threshold_otsu_by_hand(np):
    img = _image(np)
    hist = np.bincount(img.ravel(), minlength=256).astype(np.float64)
    prob = hist / hist.sum()
    omega = np.cumsum(prob)
    mu = np.cumsum(prob * np.arange(256))
    mu_t = mu[-1]
    with np.errstate(divide="ignore", invalid="ignore"):
        sigma_b = (mu_t * omega - mu) ** 2 / (omega * (1 - omega))
    sigma_b = np.nan_to_num(sigma_b)
    t = int(np.argmax(sigma_b))
    mask = img > t
    return t, mask, mask.mean()


@snippet
def rotate_flip_and_transpose(np):
    img = _image(np)
    r90 = np.rot90(img)
    r180 = np.rot90(img, 2)
    rm90 = np.rot90(img, -1)
    lr, ud = np.fliplr(img), np.flipud(img)
    same = np.array_equal(np.rot90(img, 4), img) and np.array_equal(r180, lr[::-1])
    return r90, rm90, r180.shape, ud[0], same, np.flip(img, axis=(0, 1))[0]


@snippet
def pad_modes_as_borders(np):
    img = _image(np)[:3, :3]
    return (np.pad(img, 1), np.pad(img, ((1, 0), (0, 2)), mode="constant", constant_values=255),
            np.pad(img, 1, mode="reflect"), np.pad(img, 1, mode="symmetric"), np.pad(img, 2, mode="wrap"))


@snippet
def image_normalise_and_gamma(np):
    img = _image(np)
    f = img.astype(np.float32) / 255.0
    lo, hi = f.min(), f.max()
    stretched = (f - lo) / (hi - lo)
    gamma = stretched ** 0.5
    back = (gamma * 255).round().astype(np.uint8)
    return np.round(stretched, 6), back, back.max(), back.min(), gamma.dtype


@snippet
def rgb_to_gray_and_channels(np):
    rgb = np.stack([_image(np), _image(np)[::-1], 255 - _image(np)], axis=-1)
    gray = (rgb @ np.array([0.299, 0.587, 0.114])).round().astype(np.uint8)
    means = rgb.reshape(-1, 3).mean(axis=0)
    brightest = np.unravel_index(rgb.sum(axis=2).argmax(), rgb.shape[:2])
    swapped = rgb[..., ::-1]
    return gray, np.round(means, 10), tuple(int(i) for i in brightest), swapped[0, 0], rgb.dtype


@snippet
def downsample_by_block_mean(np):
    img = np.arange(48, dtype=np.float64).reshape(6, 8)
    small = img.reshape(3, 2, 4, 2).mean(axis=(1, 3))
    maxpool = img.reshape(3, 2, 4, 2).max(axis=(1, 3))
    up = np.repeat(np.repeat(small, 2, axis=0), 2, axis=1)
    return small, maxpool, up.shape, np.abs(up - img).max()


@snippet
def confusion_matrix_add_at_and_bincount(np):
    y_true = np.array([0, 1, 2, 2, 1, 0, 0, 2, 1, 1, 2, 0])
    y_pred = np.array([0, 2, 2, 2, 1, 0, 1, 1, 1, 1, 2, 0])
    k = 3
    cm = np.zeros((k, k), dtype=np.int64)
    np.add.at(cm, (y_true, y_pred), 1)
    cm2 = np.bincount(y_true * k + y_pred, minlength=k * k).reshape(k, k)
    tp = np.diag(cm)
    precision = tp / cm.sum(axis=0)
    recall = tp / cm.sum(axis=1)
    f1 = 2 * precision * recall / (precision + recall)
    acc = np.trace(cm) / cm.sum()
    return cm, np.array_equal(cm, cm2), np.round(precision, 12), np.round(recall, 12), np.round(f1, 12), acc


@snippet
def one_hot_three_ways(np):
    labels = np.array([2, 0, 1, 2, 3, 0])
    n = labels.max() + 1
    a = np.eye(n, dtype=np.float32)[labels]
    b = np.zeros((labels.size, n), dtype=np.int8)
    b[np.arange(labels.size), labels] = 1
    c = (labels[:, None] == np.arange(n)).astype(int)
    back = a.argmax(axis=1)
    return a, b, c, np.array_equal(back, labels), a.sum(axis=0)


@snippet
def softmax_cross_entropy_stable(np):
    logits = np.array([[2.0, 1.0, 0.1], [0.5, 2.5, 0.3], [1000.0, 999.0, 998.0], [-3.0, -1.0, -2.0]])
    y = np.array([0, 1, 0, 2])
    z = logits - logits.max(axis=1, keepdims=True)
    e = np.exp(z)
    p = e / e.sum(axis=1, keepdims=True)
    log_p = z - np.log(e.sum(axis=1, keepdims=True))
    nll = -log_p[np.arange(len(y)), y]
    loss = nll.mean()
    grad = p.copy()
    grad[np.arange(len(y)), y] -= 1
    return np.round(p, 12), np.round(nll, 12), round(float(loss), 12), np.round(grad / len(y), 12), p.argmax(1)


@snippet
def normalise_columns_several_ways(np):
    X = np.array([[1.0, 200.0, -3.0], [2.0, 180.0, 0.0], [3.0, 260.0, 3.0], [4.0, 240.0, 6.0]])
    z = (X - X.mean(axis=0)) / X.std(axis=0)
    minmax = (X - X.min(axis=0)) / np.ptp(X, axis=0)
    unit = X / np.linalg.norm(X, axis=0, keepdims=True)
    robust = (X - np.median(X, axis=0)) / (np.percentile(X, 75, axis=0) - np.percentile(X, 25, axis=0))
    return np.round(z, 12), np.round(minmax, 12), np.round(unit, 12), np.round(robust, 12), np.round(z.std(0), 12)


@snippet
def resample_time_series_by_reshape(np):
    hourly = np.array([5, 7, 6, 9, 12, 15, 14, 11, 8, 6, 5, 4,
                       6, 8, 9, 13, 16, 18, 17, 12, 9, 7, 6, 5], dtype=np.float64)
    per4h = hourly.reshape(-1, 4)
    mean4 = per4h.mean(axis=1)
    ohlc = np.column_stack([per4h[:, 0], per4h.max(1), per4h.min(1), per4h[:, -1]])
    daily = hourly.reshape(2, 12).sum(axis=1)
    padded = np.pad(hourly[:-2], (0, 2), constant_values=np.nan).reshape(-1, 4)
    nanmean = np.nanmean(padded, axis=1)
    return mean4, ohlc, daily, nanmean


@snippet
def report_with_fstrings_of_scalars(np):
    scores = np.array([0.8125, 0.9, 0.66666, 0.75])
    names = ["alpha", "beta", "gamma", "delta"]
    best = int(np.argmax(scores))
    lines = [f"{n:<6}{s:8.3f}{s:>8.1%}" for n, s in zip(names, scores)]
    lines.append(f"best={names[best]} mean={scores.mean():.4f} std={scores.std():.2e}")
    lines.append(f"count={np.int64(4)} max={np.float32(0.5)} sum={scores.sum():g}")
    return "\n".join(lines)


@snippet
def array2string_and_printoptions_report(np):
    w = np.array([[0.123456, -1.5], [22.25, 1e-4]])
    a = np.array2string(w, precision=3, separator=", ", suppress_small=True)
    b = np.array2string(np.arange(6), separator="|", prefix="x = ")
    with np.printoptions(precision=2, suppress=True):
        c = str(w)
        d = repr(w.ravel())
    np.set_printoptions(precision=4)
    try:
        e = str(np.array([1 / 3, 2 / 3]))
    finally:
        np.set_printoptions(precision=8)
    return a, b, c, d, e, str(np.array([1 / 3]))


@snippet
def format_table_of_results(np):
    epochs = np.arange(1, 6)
    loss = np.array([0.9, 0.55, 0.41, 0.38, 0.37])
    acc = np.array([0.61, 0.78, 0.84, 0.86, 0.87], dtype=np.float32)
    rows = [f"{e:>3d} | {l:.3f} | {a:.2f}" for e, l, a in zip(epochs, loss, acc)]
    improvement = -np.diff(loss) / loss[:-1]
    best = f"best epoch {epochs[np.argmin(loss)]} ({loss.min():.2f}), gain {improvement.max():.1%}"
    return "\n".join(rows) + "\n" + best + "\n" + np.array2string(improvement, precision=3)


@snippet
def sort_records_lexsort_argsort(np):
    names = ["adams", "brown", "jones", "smith"]  # strings stay host-side: records carry codes
    last = np.array([3, 2, 3, 1, 2, 0])
    age = np.array([34, 28, 25, 40, 28, 31])
    score = np.array([88.5, 92.0, 75.0, 88.5, 60.0, 92.0])
    by_last_then_age = np.lexsort((age, last))
    by_score_desc = np.argsort(-score, kind="stable")
    ranks = np.empty_like(by_score_desc)
    ranks[by_score_desc] = np.arange(len(score))
    top3 = [names[i] for i in last[by_score_desc[:3]]]
    return by_last_then_age, last[by_last_then_age], by_score_desc, ranks, top3


@snippet
def sort_rows_of_matrix_by_columns(np):
    M = np.array([[3, 1, 9], [1, 2, 8], [3, 0, 7], [1, 2, 1], [2, 5, 5]])
    order = np.lexsort((M[:, 1], M[:, 0]))
    by_last_col_desc = M[np.argsort(M[:, -1])[::-1]]
    uniq, first_idx = np.unique(M[:, 0], return_index=True)
    return M[order], by_last_col_desc, uniq, first_idx, np.sort(M, axis=0)


@snippet
def groupby_unique_inverse_bincount(np):
    keys = np.array([3, 1, 3, 2, 1, 3, 2, 2])
    vals = np.array([1.5, 2.0, 3.5, 4.0, 6.0, 1.0, 2.0, 3.0])
    groups, inv, counts = np.unique(keys, return_inverse=True, return_counts=True)
    sums = np.bincount(inv, weights=vals)
    means = sums / counts
    maxes = np.full(len(groups), -np.inf)
    np.maximum.at(maxes, inv, vals)
    sq = np.bincount(inv, weights=vals ** 2)
    var = sq / counts - means ** 2
    return groups, inv, counts, sums, means, maxes, np.round(var, 12)


@snippet
def groupby_coded_keys_and_share(np):
    labels = ["eng", "hr", "ops"]
    dept = np.array([2, 0, 0, 1, 2, 0])
    pay = np.array([50, 120, 100, 60, 55, 110])
    codes, inv = np.unique(dept, return_inverse=True)
    total = np.bincount(inv, weights=pay)
    share = total / total.sum()
    headcount = np.bincount(inv)
    order = np.argsort(-total)
    summary = [f"{labels[codes[i]]}: {int(total[i])} ({share[i]:.1%}, n={headcount[i]})" for i in order]
    return codes, total, summary


@snippet
def sliding_window_features(np):
    x = np.array([1.0, 3.0, 2.0, 5.0, 4.0, 6.0, 8.0, 7.0])
    win = np.lib.stride_tricks.sliding_window_view(x, 3)
    feats = np.column_stack([win.mean(1), win.min(1), win.max(1), win[:, -1] - win[:, 0]])
    z = (feats - feats.mean(0)) / feats.std(0)
    return win, np.round(feats, 12), np.round(z, 12)


@snippet
def image_histogram_matching_lut(np):
    img = _image(np)
    lut = np.clip(np.arange(256) * 1.5 - 20, 0, 255).astype(np.uint8)
    mapped = lut[img]
    inverted = np.uint8(255) - img
    levels = np.digitize(img, [50, 100, 200])
    return mapped, inverted, levels, np.bincount(levels.ravel(), minlength=4)


@snippet
def accuracy_topk(np):
    scores = np.array([[0.1, 0.5, 0.2, 0.2], [0.7, 0.1, 0.1, 0.1], [0.2, 0.2, 0.5, 0.1], [0.3, 0.25, 0.05, 0.4]])
    y = np.array([2, 0, 2, 1])
    top2 = np.argsort(scores, axis=1)[:, ::-1][:, :2]
    hit1 = top2[:, 0] == y
    hit2 = (top2 == y[:, None]).any(axis=1)
    return top2, float(hit1.mean()), float(hit2.mean())


@snippet
def median_filter_3x3(np):
    img = _image(np)
    p = np.pad(img, 1, mode="edge")
    h, w = img.shape
    stack = np.stack([p[dy:dy + h, dx:dx + w] for dy in range(3) for dx in range(3)])
    med = np.median(stack, axis=0).astype(np.uint8)
    return med, np.sort(stack, axis=0)[4].astype(np.uint8), stack.shape


@snippet
def connected_mask_bounding_box(np):
    img = _image(np)
    mask = img > 100
    rows = np.any(mask, axis=1)
    cols = np.any(mask, axis=0)
    r0, r1 = np.where(rows)[0][[0, -1]]
    c0, c1 = np.where(cols)[0][[0, -1]]
    crop = img[r0:r1 + 1, c0:c1 + 1]
    ys, xs = np.nonzero(mask)
    centroid = (ys.mean(), xs.mean())
    return (int(r0), int(r1), int(c0), int(c1)), crop, centroid


@snippet
def label_smoothing_and_log_softmax(np):
    logits = np.array([[1.0, 2.0, 3.0], [3.0, 1.0, -1.0]], dtype=np.float32)
    y = np.array([2, 0])
    eps, k = 0.1, logits.shape[1]
    target = np.full((len(y), k), eps / k, dtype=np.float32)
    target[np.arange(len(y)), y] += 1 - eps
    m = logits.max(axis=-1, keepdims=True)
    logsm = logits - m - np.log(np.sum(np.exp(logits - m), axis=-1, keepdims=True))
    loss = -(target * logsm).sum(axis=1).mean()
    return np.round(logsm, 5), np.round(target, 6), round(float(loss), 5), logsm.dtype


@snippet
def sorted_search_bucketing(np):
    ages = np.array([3, 17, 18, 25, 64, 65, 80, 40, 12])
    edges = np.array([0, 13, 18, 65])
    names = ["child", "teen", "adult", "senior"]
    bucket = np.searchsorted(edges, ages, side="right") - 1
    counts = np.bincount(bucket, minlength=4)
    text = ", ".join(f"{names[i]}={c}" for i, c in enumerate(counts))
    return bucket, counts, text


@snippet
def cumulative_returns_report(np):
    prices = np.array([100.0, 101.5, 99.8, 102.3, 104.0, 103.1, 105.6])
    r = np.diff(prices) / prices[:-1]
    logr = np.diff(np.log(prices))
    cum = np.cumprod(1 + r) - 1
    peak = np.maximum.accumulate(prices)
    mdd = ((prices - peak) / peak).min()
    sharpe = r.mean() / r.std(ddof=1) * np.sqrt(252)
    return np.round(cum, 12), np.round(logr.sum(), 12), f"mdd={mdd:.3%} sharpe={sharpe:.2f}"


@snippet
def pivot_table_by_two_keys(np):
    store = np.array([0, 1, 0, 2, 1, 0, 2, 2])
    month = np.array([0, 0, 1, 1, 1, 2, 2, 0])
    sales = np.array([5.0, 3.0, 4.0, 8.0, 2.0, 6.0, 1.0, 7.0])
    table = np.zeros((3, 3))
    np.add.at(table, (store, month), sales)
    flat = np.bincount(store * 3 + month, weights=sales, minlength=9).reshape(3, 3)
    share = table / table.sum(axis=1, keepdims=True)
    return table, np.array_equal(table, flat), np.round(share, 12), table.sum(0), table.argmax(axis=1)
