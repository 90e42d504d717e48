"""Image-like array operations: channels, crops, flips, thresholds, pooling, blending."""

from . import snippet


def _image(np):
    # a small 6x8 RGB image, uint8
    return (np.arange(6 * 8 * 3) * 7 % 256).astype(np.uint8).reshape(6, 8, 3)


@snippet
def grayscale_luma(np):
    img = _image(np).astype(np.float32) / 255.0
    return img @ np.array([0.299, 0.587, 0.114], dtype=np.float32)


@snippet
def grayscale_weighted_sum(np):
    img = _image(np).astype(np.float64)
    gray = 0.299 * img[..., 0] + 0.587 * img[..., 1] + 0.114 * img[..., 2]
    return gray.round().astype(np.uint8)


@snippet
def crop_and_flip(np):
    img = _image(np)
    crop = img[1:5, 2:7]
    return crop[::-1], crop[:, ::-1], np.flip(crop, axis=(0, 1)).shape


@snippet
def threshold_binary(np):
    gray = _image(np)[..., 0]
    return (gray > 128).astype(np.uint8) * 255


@snippet
def channel_means(np):
    img = _image(np)
    return img.mean(axis=(0, 1)), img.reshape(-1, 3).max(axis=0)


@snippet
def hwc_to_chw(np):
    img = _image(np)
    chw = np.transpose(img, (2, 0, 1))
    return chw.shape, np.ascontiguousarray(chw)[1, :2, :3]


@snippet
def max_pool_2x2(np):
    x = np.arange(36, dtype=np.float32).reshape(6, 6) % 7
    return x.reshape(3, 2, 3, 2).max(axis=(1, 3))


@snippet
def avg_pool_2x2(np):
    x = np.arange(48, dtype=np.float64).reshape(6, 8)
    return x.reshape(3, 2, 4, 2).mean(axis=(1, 3))


@snippet
def alpha_blend(np):
    a = _image(np).astype(np.float32)
    b = np.full_like(a, 200.0)
    alpha = 0.25
    return np.clip((1 - alpha) * a + alpha * b, 0, 255).astype(np.uint8)


@snippet
def saturating_brighten(np):
    img = _image(np)
    brighter = np.clip(img.astype(np.int16) + 60, 0, 255).astype(np.uint8)
    return brighter[0, :4]


@snippet
def uint8_wraparound(np):
    img = _image(np)
    return (img + np.uint8(100))[0, :3], (img - img[::-1])[2, 2]


@snippet
def rotate_90(np):
    x = np.arange(12).reshape(3, 4)
    return np.rot90(x), x.T[::-1]


@snippet
def box_blur_3x3(np):
    x = np.arange(25, dtype=np.float64).reshape(5, 5) ** 1.5
    padded = np.pad(x, 1, mode="edge")
    out = np.zeros_like(x)
    for dy in range(3):
        for dx in range(3):
            out += padded[dy:dy + 5, dx:dx + 5]
    return out / 9


@snippet
def box_blur_by_slices(np):
    x = np.arange(30, dtype=np.float32).reshape(5, 6)
    inner = (x[:-2, :-2] + x[:-2, 1:-1] + x[:-2, 2:] + x[1:-1, :-2] + x[1:-1, 1:-1]
             + x[1:-1, 2:] + x[2:, :-2] + x[2:, 1:-1] + x[2:, 2:]) / 9
    return inner


@snippet
def normalise_per_channel(np):
    img = _image(np).astype(np.float32) / 255
    mean = np.array([0.485, 0.456, 0.406], dtype=np.float32)
    std = np.array([0.229, 0.224, 0.225], dtype=np.float32)
    return (img - mean) / std


@snippet
def checkerboard(np):
    y, x = np.indices((4, 6))
    return ((x + y) % 2).astype(bool)


@snippet
def radial_mask(np):
    y, x = np.ogrid[:7, :7]
    return (x - 3) ** 2 + (y - 3) ** 2 <= 9


@snippet
def tile_and_repeat_upsample(np):
    x = np.array([[1, 2], [3, 4]], dtype=np.uint8)
    return np.repeat(np.repeat(x, 2, axis=0), 2, axis=1), np.tile(x, (2, 3))


@snippet
def sobel_x_gradient(np):
    x = (np.arange(36, dtype=np.float64).reshape(6, 6) ** 2) % 11
    gx = (x[:-2, 2:] + 2 * x[1:-1, 2:] + x[2:, 2:]) - (x[:-2, :-2] + 2 * x[1:-1, :-2] + x[2:, :-2])
    return gx, np.abs(gx).max()
