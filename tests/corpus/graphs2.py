"""Graphs as adjacency matrices: degrees, reachability, edge lists, Laplacians, BFS by matmul."""

from . import snippet


def _edges(np):
    return np.array([[0, 1], [1, 2], [2, 0], [2, 3], [3, 4], [4, 5]])


def _adjacency(np, n=6):
    e = _edges(np)
    A = np.zeros((n, n), dtype=int)
    A[e[:, 0], e[:, 1]] = 1
    A[e[:, 1], e[:, 0]] = 1
    return A


@snippet
def degrees_and_laplacian(np):
    A = _adjacency(np)
    deg = A.sum(axis=1)
    L = np.diag(deg) - A
    return deg, L, np.trace(L)


@snippet
def two_hop_paths(np):
    A = _adjacency(np)
    A2 = A @ A
    return A2, np.linalg.matrix_power(A, 3).diagonal() // 2


@snippet
def reachability_by_powers(np):
    A = _adjacency(np).astype(bool)
    R = np.eye(6, dtype=bool)
    for _ in range(6):
        R = R | (R.astype(int) @ A.astype(int) > 0)
    return R.all(), R.sum(0)


@snippet
def bfs_frontier(np):
    A = _adjacency(np)
    dist = np.full(6, -1)
    dist[0] = 0
    frontier = np.zeros(6, dtype=bool)
    frontier[0] = True
    d = 0
    while frontier.any():
        d += 1
        nxt = (A[frontier].sum(axis=0) > 0) & (dist < 0)
        dist[nxt] = d
        frontier = nxt
    return dist


@snippet
def edge_list_from_matrix(np):
    A = _adjacency(np)
    i, j = np.nonzero(np.triu(A))
    return np.stack([i, j], axis=1), np.argwhere(np.tril(A, -1))


@snippet
def degree_histogram(np):
    deg = _adjacency(np).sum(1)
    return np.bincount(deg), np.unique(deg, return_counts=True)


@snippet
def weighted_graph_shortest_via_minimum(np):
    inf = np.inf
    W = np.array([[0, 4, 1, inf], [4, 0, 2, 5], [1, 2, 0, 8], [inf, 5, 8, 0]])
    D = W.copy()
    for k in range(4):
        D = np.minimum(D, D[:, k, None] + D[None, k, :])
    return D


@snippet
def pagerank_power_iteration(np):
    A = _adjacency(np).astype(float)
    M = A / A.sum(axis=0, keepdims=True)
    r = np.full(6, 1 / 6)
    for _ in range(30):
        r = 0.15 / 6 + 0.85 * M @ r
    return np.round(r, 10), np.isclose(r.sum(), 1.0)


@snippet
def symmetric_check_and_self_loops(np):
    A = _adjacency(np)
    B = A.copy()
    B[np.diag_indices(6)] = 1
    return (A == A.T).all(), np.array_equal(A, A.T), np.diagonal(B).sum(), np.count_nonzero(B)


@snippet
def incidence_matrix(np):
    e = _edges(np)
    m = len(e)
    B = np.zeros((6, m), dtype=np.int8)
    B[e[:, 0], np.arange(m)] = -1
    B[e[:, 1], np.arange(m)] = 1
    return B, B.sum(axis=0), (B @ B.T.astype(np.int64)).diagonal()


@snippet
def connected_components_label_propagation(np):
    A = _adjacency(np, 8)
    A[6, 7] = A[7, 6] = 1
    labels = np.arange(8)
    for _ in range(8):
        nb = np.where(A > 0, labels[None, :], 99)
        labels = np.minimum(labels, nb.min(axis=1))
    return labels, np.unique(labels).size
