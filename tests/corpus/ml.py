"""Machine-learning bits without linear algebra: activations, losses, encodings, k-means."""

from . import snippet


@snippet
def softmax_stable(np):
    logits = np.array([[2.0, 1.0, 0.1], [1000.0, 1000.5, 999.0], [-3.0, 0.0, 3.0]])
    shifted = logits - logits.max(axis=1, keepdims=True)
    e = np.exp(shifted)
    return e / e.sum(axis=1, keepdims=True)


@snippet
def log_softmax(np):
    logits = np.array([[0.5, -1.0, 2.0, 0.0]])
    m = logits.max(axis=-1, keepdims=True)
    return logits - m - np.log(np.exp(logits - m).sum(axis=-1, keepdims=True))


@snippet
def one_hot_by_comparison(np):
    labels = np.array([0, 2, 1, 2, 3])
    return (labels[:, None] == np.arange(4)).astype(np.float32)


@snippet
def one_hot_by_eye(np):
    labels = np.array([1, 0, 3, 3])
    return np.eye(4, dtype=np.int64)[labels]


@snippet
def one_hot_by_assignment(np):
    labels = np.array([2, 0, 1])
    out = np.zeros((labels.size, labels.max() + 1))
    out[np.arange(labels.size), labels] = 1
    return out


@snippet
def relu_sigmoid_tanh(np):
    x = np.linspace(-4, 4, 9)
    return np.maximum(x, 0), 1 / (1 + np.exp(-x)), np.tanh(x)


@snippet
def leaky_relu_and_gelu(np):
    x = np.linspace(-3, 3, 13, dtype=np.float32)
    leaky = np.where(x > 0, x, 0.01 * x)
    gelu = 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x ** 3)))
    return leaky, gelu


@snippet
def cross_entropy_loss(np):
    probs = np.array([[0.7, 0.2, 0.1], [0.1, 0.8, 0.1], [0.3, 0.3, 0.4]])
    labels = np.array([0, 1, 2])
    return -np.log(probs[np.arange(3), labels]).mean()


@snippet
def binary_cross_entropy_clipped(np):
    p = np.array([0.0, 0.2, 0.9, 1.0])
    y = np.array([0, 0, 1, 1])
    p = np.clip(p, 1e-7, 1 - 1e-7)
    return -(y * np.log(p) + (1 - y) * np.log(1 - p)).mean()


@snippet
def accuracy_and_confusion(np):
    pred = np.array([0, 1, 1, 2, 2, 0, 1])
    true = np.array([0, 1, 2, 2, 1, 0, 1])
    confusion = np.zeros((3, 3), dtype=int)
    for t in range(3):
        for p in range(3):
            confusion[t, p] = np.sum((true == t) & (pred == p))
    return (pred == true).mean(), confusion


@snippet
def kmeans_step(np):
    pts = np.array([[0.0, 0.1], [0.2, 0.0], [5.0, 5.1], [5.2, 4.9], [0.1, 0.3], [4.8, 5.0]])
    centroids = np.array([[0.0, 0.0], [1.0, 1.0]])
    for _ in range(3):
        d2 = ((pts[:, None, :] - centroids[None]) ** 2).sum(-1)
        assign = d2.argmin(axis=1)
        centroids = np.array([pts[assign == k].mean(axis=0) for k in range(2)])
    return assign, centroids


@snippet
def standardise_features(np):
    X = np.array([[1.0, 200.0], [2.0, 180.0], [3.0, 220.0], [4.0, 210.0]])
    mu, sigma = X.mean(axis=0), X.std(axis=0)
    return (X - mu) / sigma


@snippet
def l2_normalise_rows(np):
    X = np.array([[3.0, 4.0], [1.0, 1.0], [0.0, 2.0]], dtype=np.float32)
    return X / np.sqrt((X ** 2).sum(axis=1, keepdims=True))


@snippet
def top_k_indices(np):
    scores = np.array([0.1, 0.9, 0.35, 0.7, 0.05, 0.8])
    k = 3
    return np.argsort(scores)[::-1][:k], np.sort(scores)[-k:]


@snippet
def gradient_descent_linear_fit(np):
    x = np.linspace(0, 1, 20)
    y = 3 * x + 0.5
    w, b = 0.0, 0.0
    for _ in range(200):
        err = w * x + b - y
        w -= 0.5 * (err * x).mean()
        b -= 0.5 * err.mean()
    return round(float(w), 6), round(float(b), 6)


@snippet
def dropout_with_fixed_mask(np):
    x = np.arange(1.0, 9.0).reshape(2, 4)
    mask = np.array([[1, 0, 1, 1], [0, 1, 1, 0]], dtype=bool)
    return np.where(mask, x / 0.75, 0.0)


@snippet
def logsumexp_manual(np):
    a = np.array([1e3, 1e3 + 1, 1e3 - 2])
    m = a.max()
    return m + np.log(np.sum(np.exp(a - m)))


@snippet
def batch_iteration(np):
    data = np.arange(23)
    sums = [int(batch.sum()) for batch in np.array_split(data, 4)]
    return sums, [len(b) for b in np.array_split(data, 4)]
