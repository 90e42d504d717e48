"""Whole small programs (part 4c): scalar results used in plain-Python code (formatting, json,
repr, isinstance)."""

from . import snippet


# --- scalar results in plain-Python code ---------------------------------------------------------

@snippet(known_failure="reductions return 0-d arrays, not float subclasses like np.float64 (by design, "
                       "docs/limitations.md), so isinstance(v, float) is False")
def isinstance_float_check_on_reduction(np):
    x = np.array([1.5, 2.5, 3.0])
    return [isinstance(v, float) for v in (x.sum(), x.mean(), x.max())]


@snippet(known_failure="json cannot serialise 0-d arrays, while np.float64 is a float subclass (by design, "
                       "docs/limitations.md)")
def json_dump_of_summary_statistics(np):
    import json
    x = np.array([1.5, 2.5, 3.0])
    return json.dumps({"mean": x.mean(), "max": x.max()})


@snippet
def json_dump_after_explicit_conversion(np):
    import json
    x = np.array([1.5, 2.5, 3.0])
    return json.dumps({"mean": float(x.mean()), "n": int(x.size), "argmax": int(x.argmax()), "vals": x.tolist()})


@snippet
def student_t_and_bit_generator_choice(np):
    rng = np.random.Generator(np.random.PCG64(0))
    t = rng.standard_t(5, size=1000)
    np.random.seed(0)
    mv = np.random.multivariate_normal([0.0, 0.0], np.eye(2), size=3)
    return t.shape, mv.shape


@snippet
def lookup_tables_and_thresholds_on_uint8(np):
    img = (np.arange(64, dtype=np.uint8) * 4).reshape(8, 8)
    inverted = np.arange(256, dtype=np.uint8)[::-1][img]
    levels = np.digitize(img, [64, 128, 192])
    out = np.zeros_like(img)
    out[img > 100] = 255
    ys, xs = np.nonzero(img > 100)
    return inverted[0], levels[3], out[3], int(ys.min()), int(xs.max()), img >> 4, img & 0xF0, img ^ 0xFF


@snippet
def downsample_upsample_and_laplacian(np):
    img = (np.arange(16, dtype=np.uint8) * 16).reshape(4, 4)
    small = img.reshape(2, 2, 2, 2).mean(axis=(1, 3))
    big = img.repeat(2, axis=0).repeat(2, axis=1)
    p = np.pad(img[:3, :3], 1)
    k = np.array([[0, 1, 0], [1, -4, 1], [0, 1, 0]])
    lap = sum(k[i, j] * p[i:i + 3, j:j + 3].astype(int) for i in range(3) for j in range(3))
    return small, big[::3, ::3], lap, lap.dtype, np.clip(img, 10.5, 200.5).dtype


@snippet(known_failure="finfo's attributes are Python floats, as the array API standard says (the standard wins "
                       "in the top-level namespace); NumPy's are scalars of the dtype")
def finfo_attributes_keep_the_dtype(np):
    eps = np.finfo(np.float32).eps
    return np.asarray(eps).dtype, np.asarray(np.finfo(np.float16).tiny).dtype
