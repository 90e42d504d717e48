"""More image code: uint8 saturation, normalization, histograms, convolution kernels, masks, alpha."""

from . import snippet


def _img(np):
    return ((np.arange(5 * 6 * 3) * 37) % 256).astype(np.uint8).reshape(5, 6, 3)


@snippet
def brighten_with_saturation(np):
    img = _img(np)
    wrapped = img + 100
    sat = np.clip(img.astype(np.int16) + 100, 0, 255).astype(np.uint8)
    return wrapped, sat, sat.dtype


@snippet
def invert_and_contrast(np):
    img = _img(np)
    inv = 255 - img
    f = img.astype(np.float32) / 255
    contrast = np.clip((f - 0.5) * 1.5 + 0.5, 0, 1)
    return inv, inv.dtype, (contrast * 255).round().astype(np.uint8)


@snippet
def gamma_correction(np):
    img = _img(np)
    lut = (np.linspace(0, 1, 256) ** (1 / 2.2) * 255).astype(np.uint8)
    return lut[img], lut[:8]


@snippet
def per_channel_histogram(np):
    img = _img(np)
    return np.stack([np.bincount(img[..., c].ravel(), minlength=256)[::32] for c in range(3)])


@snippet
def box_blur_3x3(np):
    g = _img(np)[..., 0].astype(np.float64)
    p = np.pad(g, 1, mode="reflect")
    out = sum(p[i:i + g.shape[0], j:j + g.shape[1]] for i in range(3) for j in range(3)) / 9
    return np.round(out, 10)


@snippet
def sobel_edges(np):
    g = _img(np)[..., 1].astype(np.float32)
    gx = g[1:-1, 2:] - g[1:-1, :-2]
    gy = g[2:, 1:-1] - g[:-2, 1:-1]
    return np.hypot(gx, gy), np.arctan2(gy, gx).dtype


@snippet
def alpha_blend(np):
    a = _img(np).astype(np.float32)
    b = np.full_like(a, 200)
    alpha = np.linspace(0, 1, a.shape[1], dtype=np.float32)[None, :, None]
    return (a * (1 - alpha) + b * alpha).astype(np.uint8)


@snippet
def mask_and_composite(np):
    img = _img(np)
    mask = img.sum(axis=-1) > 380
    out = img.copy()
    out[mask] = [255, 0, 0]
    return out[..., 0], mask.sum()


@snippet
def rgb_to_hsv_value_saturation(np):
    f = _img(np).astype(np.float64) / 255
    v = f.max(-1)
    c = v - f.min(-1)
    s = np.divide(c, v, out=np.zeros_like(v), where=v > 0)
    return np.round(v, 12), np.round(s, 12)


@snippet
def normalize_to_unit_range(np):
    img = _img(np)
    lo, hi = img.min(), img.max()
    return (img - lo) / (hi - lo), ((img.astype(float) - img.mean()) / img.std()).round(8)


@snippet
def rotate_and_transpose_image(np):
    img = _img(np)
    return np.rot90(img).shape, np.rot90(img, 2)[0, 0], np.rot90(img, k=-1, axes=(0, 1))[:, 0, 0], img.transpose(1, 0, 2)[2, 3]


@snippet
def tile_into_patches(np):
    img = np.arange(36).reshape(6, 6)
    patches = img.reshape(3, 2, 3, 2).swapaxes(1, 2).reshape(-1, 2, 2)
    return patches.shape, patches[4], patches.mean(axis=(1, 2))


@snippet
def nearest_upscale(np):
    img = np.array([[1, 2], [3, 4]], dtype=np.uint8)
    return np.kron(img, np.ones((2, 2), dtype=np.uint8)), img.repeat(2, 0).repeat(3, 1)


@snippet
def uint8_mean_and_sum_dtypes(np):
    img = _img(np)
    return img.sum(), img.sum().dtype, img.mean(), img.mean(axis=(0, 1)).dtype, np.average(img, axis=2)[0, :2]


@snippet
def threshold_otsu_like(np):
    g = _img(np)[..., 2].ravel()
    hist = np.bincount(g, minlength=256).astype(float)
    p = hist / hist.sum()
    omega = np.cumsum(p)
    mu = np.cumsum(p * np.arange(256))
    sigma_b = (mu[-1] * omega - mu) ** 2 / (omega * (1 - omega) + 1e-12)
    return round(float(sigma_b.max()), 4), np.flatnonzero(hist)[:5]  # argmax: a plateau of float ties


@snippet
def stack_channels_dstack(np):
    r = np.full((2, 2), 1, np.uint8)
    g = np.full((2, 2), 2, np.uint8)
    b = np.full((2, 2), 3, np.uint8)
    return np.dstack([r, g, b]).shape, np.dstack([r, g, b])[1, 1], np.concatenate([r[..., None], g[..., None]], axis=-1).shape
