"""Arrays meeting Python itself: builtins (sum, max, sorted, zip, any), isinstance checks, hashing,
unpacking, f-strings, comprehensions, testing helpers, global print options and errstate."""

from . import snippet


@snippet
def builtin_reductions_over_arrays(np):
    a = np.array([3.5, -1.0, 2.0])
    return sum(a), max(a), min(a), sorted(a), any(a > 3), all(a > -2), abs(a[1])


@snippet
def zip_and_map(np):
    a, b = np.arange(3), np.array([10.0, 20.0, 30.0])
    pairs = [(int(x), float(y)) for x, y in zip(a, b)]
    return pairs, list(map(float, b)), [x for x in a if x % 2 == 0]


@snippet
def isinstance_checks(np):
    a = np.arange(3)
    return (isinstance(a, np.ndarray), type(a) is np.ndarray,
            isinstance(np.float64(1), np.floating), isinstance(a.sum(), (int, np.integer, np.ndarray)))


@snippet
def unpacking_rows_and_shape(np):
    m = np.arange(6).reshape(3, 2)
    (a, b), (c, d), (e, f) = m
    rows, cols = m.shape
    x, y = m.T
    return a + d + f, rows * cols, x, y


@snippet
def elements_as_dict_keys_and_set(np):
    a = np.array([1, 2, 2, 3])
    return sorted(set(a.tolist())), {int(k): int(v) for k, v in zip(*np.unique(a, return_counts=True))}


@snippet
def list_of_arrays_to_array(np):
    rows = [np.arange(3) * i for i in range(4)]
    return np.array(rows), np.asarray(rows).shape, np.vstack(rows).sum(0), np.array([r.sum() for r in rows])


@snippet
def array_copy_false_numpy2(np):
    a = np.arange(3.0)
    try:
        np.array(a, dtype=np.float32, copy=False)
        out = "no error"
    except ValueError:
        out = "ValueError"
    return out, np.asarray(a) is a, np.array(a, copy=None) is a


@snippet
def testing_helpers(np):
    a = np.array([1.0, 2.0, 3.0])
    np.testing.assert_allclose(a, a + 1e-9)
    np.testing.assert_array_equal(a, [1.0, 2.0, 3.0])
    np.testing.assert_almost_equal(a, a + 1e-8, decimal=6)
    try:
        np.testing.assert_array_equal(a, a + 1)
        caught = False
    except AssertionError:
        caught = True
    return caught


@snippet
def global_printoptions_then_reset(np):
    opts = np.get_printoptions()
    np.set_printoptions(precision=2, suppress=True)
    s = str(np.array([1.23456, 1e-10]))
    np.set_printoptions(**opts)
    return s, str(np.array([1.23456, 1e-10]))


@snippet
def errstate_and_seterr(np):
    old = np.seterr(all="ignore")
    r = np.array([1.0, 0.0]) / 0.0
    np.seterr(**old)
    with np.errstate(divide="ignore", invalid="ignore"):
        q = np.log(np.array([0.0, -1.0]))
    return r, q, sorted(np.geterr())


@snippet
def fstrings_of_elements(np):
    a = np.array([[0.5, 1.25], [3.0, 4.125]])
    lines = [" | ".join(f"{v:6.2f}" for v in row) for row in a]
    return "\n".join(lines), f"{a.sum():,.1f}", f"{np.int64(1234567):,}", f"{a.shape}", f"{a.dtype}"


@snippet
def sorted_with_key_and_argmax_by_python(np):
    pts = np.array([[1.0, 5.0], [3.0, 1.0], [2.0, 2.0]])
    by_y = sorted(pts.tolist(), key=lambda p: p[1])
    best = max(range(len(pts)), key=lambda i: pts[i, 0] + pts[i, 1])
    return by_y, best


@snippet
def integer_index_from_numpy_ints(np):
    data = list("abcdef")
    idx = np.argmax(np.array([1, 7, 3]))
    picks = [data[i] for i in np.array([0, 2, 4])]
    return data[idx], picks, range(10)[np.int64(3)], "xyz"[np.arange(3)[-1]]


@snippet
def len_bool_and_truthiness(np):
    a = np.array([0.0])
    e = np.array([])
    return len(e), bool(a), bool(np.array([2])), e.size == 0, not np.any(e)


@snippet
def numpy_scalar_as_python_container_size(np):
    n = np.int64(3)
    return [0] * n, list(range(n)), "ab" * int(np.array(2)), np.zeros(n).shape, np.ones((n, np.int32(2))).shape


@snippet
def augmented_assign_on_python_list_of_arrays(np):
    acc = [np.zeros(2), np.zeros(2)]
    for k in range(3):
        acc[k % 2] += np.array([1.0, k])
    total = np.zeros(2)
    total = total + sum(acc)
    return acc, total


@snippet
def divmod_and_pow_builtins(np):
    a = np.array([7, -7])
    q, r = divmod(a, 3)
    return q, r, divmod(7, np.array([2, -3])), pow(a, 2), pow(np.array([2]), 3), -a, +a, abs(a)


@snippet
def comparison_chains_with_scalars(np):
    x = np.float64(0.5)
    a = np.array([0.2, 0.6, 0.9])
    return 0 < x < 1, (0.1 < a) & (a < 0.7), a[(a > 0.3) == (a < 0.8)], np.all((0 <= a) & (a <= 1))


@snippet
def operators_with_lists_and_tuples(np):
    pts = np.array([[1.0, 2.0], [3.0, 5.0]])
    origin = [0.5, 0.5]
    shifted = pts - origin
    scaled = (2, 4) * pts
    hits = pts == [3.0, 5.0]
    pts += [1, 1]
    return shifted, scaled, hits, hits.all(axis=1), pts, pts @ [1.0, 0.0], np.arange(3) < (1, 2, 3)


@snippet
def compare_with_none_elementwise(np):
    a = np.array([1.0, 2.0])
    return a == None, a != None  # noqa: E711
