"""Geometry: norms, distances, cross products, rotations, polygons, bounding boxes."""

from . import snippet


def _points(np):
    return np.array([[0.0, 0.0], [3.0, 4.0], [1.0, 1.0], [-2.0, 5.0], [4.0, -1.0]])


@snippet
def pairwise_distances_broadcast(np):
    p = _points(np)
    d = np.sqrt(((p[:, None, :] - p[None, :, :]) ** 2).sum(-1))
    return d, np.linalg.norm(p[:, np.newaxis] - p, axis=2)


@snippet
def nearest_neighbour_index(np):
    p = _points(np)
    d = np.linalg.norm(p[:, None] - p[None], axis=-1)
    np.fill_diagonal(d, np.inf)
    return d.argmin(axis=1), d.min(1)


@snippet
def norms_of_all_orders(np):
    v = np.array([3.0, -4.0, 12.0])
    return (np.linalg.norm(v), np.linalg.norm(v, 1), np.linalg.norm(v, np.inf),
            np.linalg.norm(v, ord=-np.inf), np.linalg.norm(v, 0))


@snippet
def unit_vectors(np):
    v = np.array([[3.0, 4.0, 0.0], [1.0, 1.0, 1.0], [0.0, 0.0, 2.0]])
    return v / np.linalg.norm(v, axis=1, keepdims=True)


@snippet
def cross_products(np):
    a = np.array([1.0, 0.0, 0.0])
    b = np.array([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    return np.cross(a, b), np.cross([1, 2, 3], [4, 5, 6]), np.cross(b, a)


@snippet
def rotation_2d(np):
    theta = np.deg2rad(90)
    R = np.array([[np.cos(theta), -np.sin(theta)], [np.sin(theta), np.cos(theta)]])
    p = _points(np)
    return np.round(p @ R.T, 12), np.round(np.linalg.det(R), 12)


@snippet
def rotation_about_z(np):
    th = np.pi / 3
    c, s = np.cos(th), np.sin(th)
    Rz = np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])
    pts = np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 2.0]])
    return np.einsum("ij,nj->ni", Rz, pts), np.allclose(Rz @ Rz.T, np.eye(3))


@snippet
def polygon_area_shoelace(np):
    x = np.array([0.0, 4.0, 4.0, 0.0])
    y = np.array([0.0, 0.0, 3.0, 3.0])
    return 0.5 * np.abs(np.dot(x, np.roll(y, 1)) - np.dot(y, np.roll(x, 1)))


@snippet
def bounding_box(np):
    p = _points(np)
    lo, hi = p.min(axis=0), p.max(axis=0)
    return lo, hi, np.ptp(p, axis=0), (hi - lo).prod()


@snippet
def angles_between(np):
    a = np.array([[1.0, 0.0], [1.0, 1.0], [0.0, -1.0]])
    b = np.array([0.0, 1.0])
    cos = a @ b / (np.linalg.norm(a, axis=1) * np.linalg.norm(b))
    return np.degrees(np.arccos(np.clip(cos, -1, 1)))


@snippet
def polar_coordinates(np):
    p = _points(np)
    r = np.hypot(p[:, 0], p[:, 1])
    th = np.arctan2(p[:, 1], p[:, 0])
    return r, th, np.column_stack([r * np.cos(th), r * np.sin(th)])


@snippet
def centroid_and_centering(np):
    p = _points(np)
    c = p.mean(axis=0)
    return c, p - c, np.abs((p - c).sum(axis=0)).max() < 1e-12


@snippet
def points_in_circle(np):
    g = np.linspace(-1, 1, 7)
    xx, yy = np.meshgrid(g, g)
    inside = xx ** 2 + yy ** 2 <= 1
    return inside.sum(), inside.astype(int)


@snippet
def homogeneous_transform(np):
    T = np.eye(3)
    T[:2, 2] = [2.0, -1.0]
    p = _points(np)
    ph = np.hstack([p, np.ones((len(p), 1))])
    return (ph @ T.T)[:, :2]


@snippet
def triangle_normals(np):
    v = np.array([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]], dtype=np.float32)
    faces = np.array([[0, 1, 2], [0, 1, 3], [1, 2, 3]])
    tri = v[faces]
    n = np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0])
    return n, n.dtype, np.linalg.norm(n, axis=1) / 2
