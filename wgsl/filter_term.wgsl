// A term w * x of the correlation kernels' sums (filter_correlate.wgsl, filter_line.wgsl). ORDERED
// (scipy.ndimage's NI_Correlate): a weight within DBL_EPSILON of 0 adds nothing (SciPy leaves it out
// of the footprint, so a 0 weight on an inf adds no NaN), and the product is multiplied by a 1 the
// compiler cannot see, so that no driver fuses it into the add (SciPy rounds the product, then the
// sum). Otherwise (SciPy.signal's sums, whose order NumPy's BLAS-like loops do not fix) acc + w * x.
const ORDERED: bool = ${ordered};

fn add_term(acc: ${T}, w: ${T}, x: ${T}) -> ${T} {
    if (ORDERED) { return select(acc, (w * x) * ${T}(p_zero() + 1u) + acc, abs(w) > ${T}(${eps})); }
    return acc + w * x;
}
