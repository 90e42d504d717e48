"""Small deterministic simulations: particles, populations, cellular automata, random walks."""

from . import snippet


@snippet
def projectile_euler(np):
    dt, g = 0.01, 9.81
    pos = np.array([0.0, 0.0])
    vel = np.array([3.0, 4.0])
    for _ in range(50):
        vel = vel + dt * np.array([0.0, -g])
        pos = pos + dt * vel
    return pos, vel


@snippet
def particles_bounce_in_box(np):
    pos = np.array([[0.1, 0.5], [0.9, 0.2], [0.5, 0.95]])
    vel = np.array([[0.3, -0.1], [0.2, 0.4], [-0.1, 0.3]])
    for _ in range(10):
        pos += vel * 0.1
        out = (pos < 0) | (pos > 1)
        vel[out] *= -1
        pos = np.clip(pos, 0, 1)
    return pos, vel


@snippet
def logistic_growth(np):
    r = np.array([0.5, 1.5, 2.8])
    p = np.full(3, 0.1)
    history = [p]
    for _ in range(15):
        p = r * p * (1 - p)
        history.append(p)
    return np.stack(history)


@snippet
def game_of_life_step(np):
    board = np.zeros((6, 6), dtype=int)
    board[1, 2] = board[2, 3] = board[3, 1] = board[3, 2] = board[3, 3] = 1  # a glider
    for _ in range(4):
        neighbours = sum(np.roll(np.roll(board, dy, 0), dx, 1)
                         for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dy, dx) != (0, 0))
        board = ((neighbours == 3) | ((board == 1) & (neighbours == 2))).astype(int)
    return board


@snippet
def rule_30_automaton(np):
    row = np.zeros(21, dtype=np.uint8)
    row[10] = 1
    rows = [row]
    for _ in range(8):
        left, right = np.roll(row, 1), np.roll(row, -1)
        row = left ^ (row | right)
        rows.append(row)
    return np.array(rows)


@snippet
def deterministic_random_walk(np):
    steps = np.where(np.arange(40) * 7 % 5 < 2, -1, 1)
    path = np.cumsum(steps)
    return path.max(), path.min(), np.argmax(path), path[-1]


@snippet
def harmonic_oscillator_leapfrog(np):
    x, v, dt = np.array([1.0, 0.5]), np.array([0.0, 0.2]), 0.05
    energies = []
    for _ in range(40):
        v = v - 0.5 * dt * x
        x = x + dt * v
        v = v - 0.5 * dt * x
        energies.append(0.5 * (v ** 2 + x ** 2).sum())
    return x, v, np.array(energies).max() - np.array(energies).min()


@snippet
def pairwise_distances_broadcast(np):
    pts = np.array([[0.0, 0.0], [3.0, 4.0], [1.0, 1.0], [-2.0, 0.5]])
    d = np.sqrt(((pts[:, None, :] - pts[None, :, :]) ** 2).sum(axis=-1))
    return d, d.argmax()


@snippet
def gravity_n_body_step(np):
    pos = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 2.0]])
    mass = np.array([5.0, 1.0, 2.0])
    diff = pos[None, :, :] - pos[:, None, :]
    dist3 = (np.sum(diff ** 2, axis=-1) + 0.01) ** 1.5
    acc = (mass[None, :, None] * diff / dist3[..., None]).sum(axis=1)
    return acc


@snippet
def compound_interest_table(np):
    rates = np.array([0.01, 0.03, 0.05])
    years = np.arange(0, 31, 10)
    return 1000 * (1 + rates[:, None]) ** years


@snippet
def sir_epidemic(np):
    s, i, r = 0.99, 0.01, 0.0
    beta, gamma = 0.3, 0.1
    out = np.zeros((30, 3))
    for t in range(30):
        new_inf = beta * s * i
        new_rec = gamma * i
        s, i, r = s - new_inf, i + new_inf - new_rec, r + new_rec
        out[t] = [s, i, r]
    return out[-1], out[:, 1].argmax()


@snippet
def diffusion_1d_vectorised(np):
    u = np.exp(-((np.linspace(-1, 1, 15)) ** 2) * 10)
    for _ in range(5):
        u = 0.5 * u + 0.25 * (np.roll(u, 1) + np.roll(u, -1))
    return u


@snippet
def mandelbrot_escape_counts(np):
    re = np.linspace(-2.0, 0.5, 9)
    im = np.linspace(-1.0, 1.0, 7)
    c = re[None, :] + 1j * im[:, None]
    z = np.zeros_like(c)
    counts = np.zeros(c.shape, dtype=int)
    for _ in range(20):
        inside = np.abs(z) <= 2
        z[inside] = z[inside] ** 2 + c[inside]
        counts += inside
    return counts


@snippet
def piecewise_tax_brackets(np):
    income = np.array([5_000.0, 20_000.0, 45_000.0, 120_000.0])
    return np.piecewise(income, [income < 10_000, (income >= 10_000) & (income < 50_000), income >= 50_000],
                        [0.0, lambda v: (v - 10_000) * 0.2, lambda v: 8_000 + (v - 50_000) * 0.4])


@snippet
def queue_length_simulation(np):
    arrivals = np.array([3, 1, 4, 1, 5, 9, 2, 6, 5, 3])
    served = 4
    queue = np.zeros(len(arrivals) + 1, dtype=np.int64)
    for t, a in enumerate(arrivals):
        queue[t + 1] = max(queue[t] + a - served, 0)
    return queue


@snippet(ulps=16)
def spring_mass_damped(np):
    dt, k, c = 0.05, 4.0, 0.3
    state = np.array([1.0, 0.0])
    trajectory = []
    for _ in range(40):
        x, v = state
        state = state + dt * np.array([v, -k * x - c * v])
        trajectory.append(state[0])
    return np.array(trajectory)


@snippet
def inventory_with_reorders(np):
    demand = np.array([5, 7, 3, 8, 6, 4, 9])
    stock, reorder_at, reorder_qty = 20, 10, 15
    levels = []
    for d in demand:
        stock -= d
        if stock < reorder_at:
            stock += reorder_qty
        levels.append(stock)
    return np.array(levels), np.array(levels).min()


@snippet(ulps=16)
def radioactive_decay_chain(np):
    t = np.linspace(0, 10, 6)
    lam_a, lam_b = 0.5, 0.2
    a = np.exp(-lam_a * t)
    b = lam_a / (lam_b - lam_a) * (np.exp(-lam_a * t) - np.exp(-lam_b * t))
    return np.stack([a, b, 1 - a - b])


@snippet
def cellular_grid_insert_boundary(np):
    grid = np.arange(12).reshape(3, 4)
    padded = np.insert(grid, 0, -1, axis=1)
    return np.insert(padded, padded.shape[0], -1, axis=0)
