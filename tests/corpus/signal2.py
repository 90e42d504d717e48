"""Signal processing as people write it: windows, convolution, moving averages, FFT spectra."""

from . import snippet


def _tone(np, n=64):
    t = np.arange(n) / n
    return np.sin(2 * np.pi * 5 * t) + 0.5 * np.cos(2 * np.pi * 12 * t)


@snippet
def hanning_windowed_spectrum(np):
    x = _tone(np) * np.hanning(64)
    spec = np.abs(np.fft.rfft(x))
    return spec.argmax(), np.round(spec[:8], 6)


@snippet
def windows_family(np):
    return np.hamming(7), np.blackman(5), np.bartlett(6), np.kaiser(5, 8.6)


@snippet
def moving_average_convolve(np):
    x = np.array([1.0, 3.0, 2.0, 5.0, 4.0, 6.0, 8.0, 7.0])
    k = np.ones(3) / 3
    return np.convolve(x, k, mode="valid"), np.convolve(x, k, "same"), np.convolve(x, k).shape


@snippet
def correlate_lag(np):
    a = np.array([0.0, 1.0, 2.0, 3.0, 2.0, 1.0, 0.0])
    b = np.roll(a, 2)
    c = np.correlate(b, a, mode="full")
    return c.argmax() - (len(a) - 1), c


@snippet
def fft_frequencies(np):
    n, d = 16, 0.1
    f = np.fft.fftfreq(n, d)
    return f, np.fft.rfftfreq(n, d), np.fft.fftshift(f)


@snippet
def lowpass_by_fft_mask(np):
    x = _tone(np)
    X = np.fft.fft(x)
    freqs = np.fft.fftfreq(x.size, 1 / 64)
    X[np.abs(freqs) > 8] = 0
    return np.round(np.fft.ifft(X).real, 8)


@snippet
def power_spectrum_db(np):
    x = _tone(np, 32)
    p = np.abs(np.fft.rfft(x)) ** 2
    return np.round(10 * np.log10(p + 1e-12), 5)


@snippet
def zero_crossings(np):
    x = _tone(np, 40)
    signs = np.sign(x)
    return np.nonzero(np.diff(signs))[0], np.count_nonzero(np.diff(np.signbit(x)))


@snippet
def cumsum_moving_average(np):
    x = np.arange(10, dtype=float) ** 1.5
    c = np.cumsum(np.insert(x, 0, 0))
    return (c[3:] - c[:-3]) / 3


@snippet
def normalize_signal_rms(np):
    x = _tone(np, 20)
    rms = np.sqrt(np.mean(x ** 2))
    return x / rms, np.float64(rms).round(6)


@snippet
def envelope_peaks(np):
    x = np.array([0, 2, 1, 3, 1, 5, 4, 4, 6, 2], dtype=float)
    peaks = np.where((x[1:-1] > x[:-2]) & (x[1:-1] > x[2:]))[0] + 1
    return peaks, x[peaks]


@snippet
def downsample_and_upsample(np):
    x = np.arange(12.0)
    down = x[::3]
    up = np.repeat(down, 3)
    lin = np.interp(np.arange(12), np.arange(0, 12, 3), down)
    return down, up, lin


@snippet
def fft2_of_image_block(np):
    img = np.arange(16.0).reshape(4, 4)
    F = np.fft.fft2(img)
    return np.round(np.abs(F), 6), np.allclose(np.fft.ifft2(F).real, img)


@snippet
def unwrap_phase(np):
    phase = np.linspace(0, 6 * np.pi, 12) % (2 * np.pi)
    return np.unwrap(phase)


@snippet
def sinc_filter_taps(np):
    n = np.arange(-4, 5)
    h = np.sinc(0.5 * n) * np.hamming(9)
    return h / h.sum()
