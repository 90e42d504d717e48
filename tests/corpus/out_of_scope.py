"""Snippets that need fft or random: out of scope for now and scored separately."""

from . import snippet


@snippet(needs="fft", ulps=64)
def power_spectrum(np):
    t = np.arange(16)
    signal = np.sin(2 * np.pi * t / 4)
    return np.abs(np.fft.rfft(signal)) ** 2


@snippet(needs="random")
def seeded_sample_shape(np):
    rng = np.random.default_rng(0)
    return rng.random((3, 2)).shape
