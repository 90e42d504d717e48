"""numpy.fft as signal-processing code uses it: spectra, peak frequencies, fast convolution,
filtering in the frequency domain, spectral derivatives."""

from . import snippet


@snippet(ulps=64)
def power_spectrum(np):
    t = np.arange(16)
    signal = np.sin(2 * np.pi * t / 4)
    return np.abs(np.fft.rfft(signal)) ** 2


@snippet()
def dominant_frequency(np):
    fs = 100.0
    t = np.arange(256) / fs
    x = np.sin(2 * np.pi * 12.5 * t) + 0.3 * np.sin(2 * np.pi * 31.0 * t)
    spectrum = np.abs(np.fft.rfft(x))
    freqs = np.fft.rfftfreq(x.size, d=1 / fs)
    return float(freqs[np.argmax(spectrum)]), freqs[:4]


@snippet(ulps=256)
def fast_convolution(np):
    a = np.array([1.0, 2.0, 3.0, 4.0, 5.0])
    kernel = np.array([0.25, 0.5, 0.25])
    n = a.size + kernel.size - 1
    smooth = np.fft.irfft(np.fft.rfft(a, n) * np.fft.rfft(kernel, n), n)
    return np.round(smooth, 10)


@snippet(ulps=256)
def lowpass_filter_2d(np):
    y, x = np.mgrid[0:16, 0:16]
    image = np.sin(x / 2.0) + np.cos(y / 3.0) + ((x + y) % 2) * 0.5
    spectrum = np.fft.fftshift(np.fft.fft2(image))
    r = np.hypot(*(np.mgrid[-8:8, -8:8]))
    filtered = np.fft.ifft2(np.fft.ifftshift(np.where(r < 4, spectrum, 0))).real
    return np.round(filtered, 8)


@snippet(ulps=1024)
def spectral_derivative(np):
    n = 32
    x = 2 * np.pi * np.arange(n) / n
    k = np.fft.fftfreq(n, d=1.0 / n)
    derivative = np.fft.ifft(1j * k * np.fft.fft(np.sin(3 * x))).real
    return float(np.max(np.abs(derivative - 3 * np.cos(3 * x)))) < 1e-10


@snippet(ulps=256)
def autocorrelation(np):
    x = np.array([1.0, 3.0, -2.0, 4.0, 0.5, -1.0, 2.0, 1.5])
    x = x - x.mean()
    f = np.fft.fft(x, 2 * x.size)
    acf = np.fft.ifft(f * np.conj(f)).real[:x.size]
    return np.round(acf / acf[0], 10)
