"""Text-ish integer code: token ids, counting, ranking, searchsorted, lexsort, encodings."""

from . import snippet


def _tokens(np):
    return np.array([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3])


@snippet
def vocabulary_counts(np):
    t = _tokens(np)
    vocab, inverse, counts = np.unique(t, return_inverse=True, return_counts=True)
    return vocab, inverse, counts, vocab[counts.argmax()]


@snippet
def bincount_with_weights(np):
    t = _tokens(np)
    w = np.linspace(0, 1, t.size)
    return np.bincount(t, minlength=12), np.round(np.bincount(t, weights=w), 12)


@snippet
def top_k_most_frequent(np):
    counts = np.bincount(_tokens(np))
    order = np.argsort(-counts, kind="stable")
    return order[:3], counts[order[:3]]


@snippet
def rank_with_argsort_twice(np):
    x = np.array([40, 10, 30, 20, 50])
    return x.argsort().argsort(), np.argsort(np.argsort(-x))


@snippet
def digitize_into_buckets(np):
    ages = np.array([3, 17, 18, 25, 40, 65, 80, 0])
    bins = np.array([0, 18, 35, 65])
    return np.digitize(ages, bins), np.digitize(ages, bins, right=True), np.searchsorted(bins, ages, side="right")


@snippet
def searchsorted_lookup_table(np):
    keys = np.array([10, 20, 30, 40])
    vals = np.array([1.5, 2.5, 3.5, 4.5])
    q = np.array([20, 40, 10, 35])
    idx = np.searchsorted(keys, q)
    idx = np.clip(idx, 0, len(keys) - 1)
    found = keys[idx] == q
    return np.where(found, vals[idx], np.nan)


@snippet
def lexsort_by_two_keys(np):
    last = np.array([2, 1, 2, 1, 3])
    first = np.array([5, 9, 1, 2, 0])
    order = np.lexsort((first, last))
    return order, last[order], first[order]


@snippet
def one_hot_encoding(np):
    y = np.array([0, 2, 1, 2, 3])
    return np.eye(4, dtype=np.int64)[y], (y[:, None] == np.arange(4)).astype(np.uint8)


@snippet
def ngram_hashing(np):
    t = _tokens(np)
    bigrams = t[:-1] * 10 + t[1:]
    return np.unique(bigrams).size, np.sort(bigrams)[-3:]


@snippet
def run_length_encode(np):
    x = np.array([1, 1, 2, 2, 2, 3, 1, 1])
    starts = np.r_[0, np.flatnonzero(np.diff(x)) + 1]
    lengths = np.diff(np.r_[starts, x.size])
    return x[starts], lengths


@snippet
def ascii_codes(np):
    codes = np.frombuffer(b"hello world", dtype=np.uint8)
    upper = np.where((codes >= 97) & (codes <= 122), codes - 32, codes)
    return upper.tobytes().decode(), codes.dtype, upper.dtype


@snippet
def integer_division_semantics(np):
    a = np.array([7, -7, 7, -7])
    b = np.array([2, 2, -2, -2])
    return a // b, a % b, np.divmod(a, b), np.fmod(a, b), np.remainder(a, b)


@snippet
def bit_tricks(np):
    x = np.array([1, 2, 3, 8, 255, 1024], dtype=np.uint32)
    return x & (x - 1) == 0, np.bitwise_count(x), x >> 1, np.left_shift(x, 2), ~x


@snippet
def gcd_lcm_vectors(np):
    a = np.array([12, 18, 27, 0])
    b = np.array([8, 24, 9, 5])
    return np.gcd(a, b), np.lcm(a, b), np.gcd.reduce(a)


@snippet
def unique_rows(np):
    m = np.array([[1, 2], [3, 4], [1, 2], [5, 6], [3, 4]])
    u, idx = np.unique(m, axis=0, return_index=True)
    return u, idx


@snippet
def isin_and_setdiff(np):
    t = _tokens(np)
    stop = np.array([1, 3, 5])
    return t[~np.isin(t, stop)], np.setdiff1d(t, stop), np.intersect1d(t, [9, 10, 2]), np.union1d(stop, [0, 5])


@snippet
def argmax_ties_and_flat(np):
    m = np.array([[1, 9, 9], [9, 2, 3]])
    return m.argmax(), np.unravel_index(m.argmax(), m.shape), m.argmax(axis=0), np.ravel_multi_index((1, 2), m.shape)


@snippet
def histogram_of_lengths(np):
    lengths = np.array([3, 5, 5, 7, 2, 9, 4, 4, 4, 6])
    counts, edges = np.histogram(lengths, bins=4, range=(2, 10))
    return counts, edges


@snippet
def cumsum_offsets(np):
    lengths = np.array([3, 0, 2, 4])
    offsets = np.concatenate(([0], np.cumsum(lengths)[:-1]))
    ids = np.repeat(np.arange(4), lengths)
    return offsets, ids, np.add.reduceat(np.arange(9), offsets[lengths > 0])
