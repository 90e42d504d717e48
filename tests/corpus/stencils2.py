"""Grid simulations with stencils: game of life with roll, heat diffusion, padding, cellular automata."""

from . import snippet


def _glider(np):
    g = np.zeros((8, 8), dtype=np.uint8)
    g[1, 2] = g[2, 3] = g[3, 1] = g[3, 2] = g[3, 3] = 1
    return g


def _life_step(np, g):
    n = sum(np.roll(np.roll(g, i, 0), j, 1) for i in (-1, 0, 1) for j in (-1, 0, 1) if (i, j) != (0, 0))
    return ((n == 3) | ((g == 1) & (n == 2))).astype(np.uint8)


@snippet
def game_of_life_glider(np):
    g = _glider(np)
    for _ in range(4):
        g = _life_step(np, g)
    return g, g.sum(), np.argwhere(g)


@snippet
def life_with_padding(np):
    g = _glider(np).astype(bool)
    p = np.pad(g, 1).astype(np.int32)
    n = (p[:-2, :-2] + p[:-2, 1:-1] + p[:-2, 2:] + p[1:-1, :-2] + p[1:-1, 2:]
         + p[2:, :-2] + p[2:, 1:-1] + p[2:, 2:])
    return (n == 3) | (g & (n == 2))


@snippet
def heat_diffusion(np):
    u = np.zeros((6, 6))
    u[2:4, 2:4] = 100.0
    for _ in range(5):
        lap = np.roll(u, 1, 0) + np.roll(u, -1, 0) + np.roll(u, 1, 1) + np.roll(u, -1, 1) - 4 * u
        u = u + 0.1 * lap
    return np.round(u, 8), np.isclose(u.sum(), 400.0)


@snippet
def rule_30(np):
    row = np.zeros(15, dtype=np.uint8)
    row[7] = 1
    rows = [row]
    for _ in range(6):
        l, r = np.roll(row, 1), np.roll(row, -1)
        code = 4 * l + 2 * row + r
        row = (30 >> code) & 1
        rows.append(row)
    return np.array(rows)


@snippet
def laplacian_interior_slices(np):
    z = np.arange(25.0).reshape(5, 5) ** 2
    lap = z[:-2, 1:-1] + z[2:, 1:-1] + z[1:-1, :-2] + z[1:-1, 2:] - 4 * z[1:-1, 1:-1]
    return lap


@snippet
def gradient_of_field(np):
    z = np.fromfunction(lambda i, j: i ** 2 + 3 * j, (4, 5))
    gy, gx = np.gradient(z)
    return gy, gx, np.gradient(z, 0.5, axis=1)


@snippet
def wave_equation_steps(np):
    n = 10
    u_prev = np.zeros(n)
    u = np.exp(-((np.arange(n) - 4.5) ** 2))
    for _ in range(3):
        u_next = 2 * u - u_prev + 0.25 * (np.roll(u, 1) - 2 * u + np.roll(u, -1))
        u_prev, u = u, u_next
    return np.round(u, 12)


@snippet
def flood_fill_iterative(np):
    walls = np.array([[0, 0, 1, 0], [1, 0, 1, 0], [0, 0, 0, 0], [0, 1, 1, 1]], dtype=bool)
    filled = np.zeros_like(walls)
    filled[0, 0] = True
    for _ in range(16):
        grown = filled.copy()
        grown[1:] |= filled[:-1]
        grown[:-1] |= filled[1:]
        grown[:, 1:] |= filled[:, :-1]
        grown[:, :-1] |= filled[:, 1:]
        grown &= ~walls
        if (grown == filled).all():
            break
        filled = grown
    return filled.astype(int), filled.sum()


@snippet
def sandpile_topple(np):
    g = np.zeros((5, 5), dtype=np.int64)
    g[2, 2] = 16
    while (g >= 4).any():
        t = g >= 4
        g[t] -= 4
        p = np.pad(t.astype(np.int64), 1)
        g += p[:-2, 1:-1] + p[2:, 1:-1] + p[1:-1, :-2] + p[1:-1, 2:]
    return g


@snippet
def neighbour_max_filter(np):
    x = np.array([[1, 5, 2], [7, 3, 0], [4, 8, 6]])
    p = np.pad(x, 1, mode="edge")
    stack = np.stack([p[i:i + 3, j:j + 3] for i in range(3) for j in range(3)])
    return stack.max(axis=0), np.median(stack, axis=0)
