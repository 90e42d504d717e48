"""Python loops over array elements, as beginners and algorithm code write them: swaps through a temporary,
dynamic programming tables, sieves, scalar accumulators taken from elements."""

from . import snippet


@snippet
def swap_through_temporary(np):
    a = np.array([5, 3, 8, 1])
    tmp = a[0]
    a[0] = a[3]
    a[3] = tmp
    m = np.arange(6).reshape(2, 3)
    t = m[0, 1]
    m[0, 1] = m[1, 2]
    m[1, 2] = t
    return a, m, tmp


@snippet
def bubble_sort(np):
    a = np.array([4.0, -1.0, 7.5, 3.0, 0.0, 2.0])
    n = len(a)
    for i in range(n):
        for j in range(n - 1 - i):
            if a[j] > a[j + 1]:
                a[j], a[j + 1] = a[j + 1], a[j]
    return a


@snippet
def edit_distance_table(np):
    s, t = "kitten", "sitting"
    d = np.zeros((len(s) + 1, len(t) + 1), dtype=int)
    d[:, 0] = np.arange(len(s) + 1)
    d[0, :] = np.arange(len(t) + 1)
    for i in range(1, len(s) + 1):
        for j in range(1, len(t) + 1):
            cost = 0 if s[i - 1] == t[j - 1] else 1
            d[i, j] = min(d[i - 1, j] + 1, d[i, j - 1] + 1, d[i - 1, j - 1] + cost)
    return d[-1, -1], d


@snippet
def sieve_of_eratosthenes(np):
    n = 50
    is_prime = np.ones(n + 1, dtype=bool)
    is_prime[:2] = False
    for p in range(2, int(n ** 0.5) + 1):
        if is_prime[p]:
            is_prime[p * p::p] = False
    return np.nonzero(is_prime)[0]


@snippet
def running_max_accumulator(np):
    x = np.array([3, 1, 4, 1, 5, 9, 2, 6])
    best = x[0]
    history = []
    for v in x:
        if v > best:
            best = v
        history.append(best)
    x[:] = 0
    return best, np.array(history)


@snippet
def element_kept_after_overwrite(np):
    a = np.linspace(0, 1, 5)
    first = a[0]
    items = list(a)
    a *= 10
    return first, np.array(items), a[0]


@snippet
def scalar_augmented_does_not_write_back(np):
    a = np.arange(4.0)
    s = a[2]
    s += 100
    t = a.sum()
    t *= 2
    return a, s, t


@snippet
def knapsack_dp(np):
    w = np.array([1, 3, 4, 5])
    v = np.array([1, 4, 5, 7])
    cap = 7
    best = np.zeros(cap + 1, dtype=np.int64)
    for i in range(len(w)):
        for c in range(cap, w[i] - 1, -1):
            best[c] = max(best[c], best[c - w[i]] + v[i])
    return best


@snippet
def fibonacci_matrix_power(np):
    M = np.array([[1, 1], [1, 0]], dtype=np.int64)
    return np.linalg.matrix_power(M, 30)[0, 1], [int(np.linalg.matrix_power(M, k)[0, 1]) for k in range(1, 8)]


@snippet
def collatz_lengths(np):
    lengths = np.zeros(12, dtype=int)
    for start in range(1, 12):
        n, steps = start, 0
        while n != 1:
            n = n // 2 if n % 2 == 0 else 3 * n + 1
            steps += 1
        lengths[start] = steps
    return lengths, lengths.argmax()


@snippet
def pascal_triangle(np):
    rows = np.zeros((7, 7), dtype=np.int64)
    rows[:, 0] = 1
    for i in range(1, 7):
        rows[i, 1:i + 1] = rows[i - 1, :i] + rows[i - 1, 1:i + 1]
    return rows


@snippet
def row_loop_normalise(np):
    m = np.array([[1.0, 2.0, 3.0], [4.0, 0.0, 4.0], [0.5, 0.5, 0.0]])
    for row in m:
        row /= row.sum()
    return m


@snippet
def enumerate_and_ndenumerate(np):
    a = np.array([[1, 2], [3, 4]])
    total = 0
    for (i, j), v in np.ndenumerate(a):
        total += (i + 1) * (j + 2) * v
    for k, row in enumerate(a):
        row[k] = -1
    return total, a


@snippet
def matrix_fill_with_function_of_indices(np):
    n = 5
    h = np.empty((n, n))
    for i in range(n):
        for j in range(n):
            h[i, j] = 1.0 / (i + j + 1)
    return h, np.round(np.linalg.det(h), 20) != 0


@snippet
def gauss_elimination_by_hand(np):
    A = np.array([[2.0, 1.0, -1.0], [-3.0, -1.0, 2.0], [-2.0, 1.0, 2.0]])
    b = np.array([8.0, -11.0, -3.0])
    M = np.column_stack([A, b])
    n = len(b)
    for k in range(n):
        p = np.argmax(np.abs(M[k:, k])) + k
        M[[k, p]] = M[[p, k]]
        for i in range(k + 1, n):
            M[i] -= M[i, k] / M[k, k] * M[k]
    x = np.zeros(n)
    for i in range(n - 1, -1, -1):
        x[i] = (M[i, -1] - M[i, i + 1:n] @ x[i + 1:]) / M[i, i]
    return np.round(x, 12)


@snippet
def dict_keyed_by_elements(np):
    labels = np.array([2, 0, 2, 1, 0])
    counts = {}
    for v in labels:
        counts[int(v)] = counts.get(int(v), 0) + 1
    return sorted(counts.items())
