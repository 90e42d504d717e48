// Rank filters over a footprint, with a boundary mode applied by index (no padded copy): one
// invocation per output element of a contiguous output, over an input of any strides. The
// footprint is a list of tap coordinates (binding 3, ${dims} i32 each); tap k of output c reads
// x[boundary(c + shift + tap_k)], or the constant p_cval() where the mode says so.
//   OP 0: the smallest value, OP 1: the largest (the first of equals, as SciPy's minimum_filter);
//   OP 2: the value of rank p_rank() in sorted order, selected (Hoare's quickselect) among the
//         window's values held in a private array of ${capacity}.
// Parameters: filter.py's rank_params.
${prelude}
${params}
@group(0) @binding(1) var<storage, read_write> out: array<${T}>;
@group(0) @binding(2) var<storage, read> xin: array<${T}>;
@group(0) @binding(3) var<storage, read> taps: array<i32>;
${library}
${boundary_lib}

const R: u32 = ${dims}u;
const OP: u32 = ${op}u;

fn boundary(j: i32, n: i32) -> i32 { return map_${mode}(j, n); }

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    let idx = linear_id(wid, nwg, lid, ${workgroup}u);
    if (idx >= p_items()) { return; }
    var oc: array<i32, ${dims}>;
    var rest = idx;
    for (var d = i32(R) - 1; d >= 0; d--) {
        let n = p_oshape(u32(d));
        oc[d] = i32(rest % n);
        rest = rest / n;
    }
    var vals: array<${T}, ${capacity}>;
    var best = ${T}(0);
    let count = p_count();
    for (var k = 0u; k < count; k++) {
        var at = i32(p_x_off());
        var outside = false;
        for (var d = 0u; d < R; d++) {
            let m = boundary(oc[d] + p_shift(d) + taps[k * R + d], p_size(d));
            outside = outside || m < 0;
            at += max(m, 0) * p_xs(d);
        }
        var v = p_cval();
        if (!outside) { v = xin[u32(at)]; }
        if (OP == 2u) {
            vals[k] = v;
        } else if (k == 0u || (OP == 0u && v < best) || (OP == 1u && v > best)) {
            best = v;
        }
    }
    if (OP == 2u) {
        let rank = i32(p_rank());
        var lo = 0;
        var hi = i32(count) - 1;
        while (lo < hi) {
            let pivot = vals[(lo + hi) / 2];
            var i = lo;
            var j = hi;
            while (i <= j) {
                while (vals[i] < pivot) { i++; }
                while (pivot < vals[j]) { j--; }
                if (i <= j) {
                    let swap = vals[i];
                    vals[i] = vals[j];
                    vals[j] = swap;
                    i++;
                    j--;
                }
            }
            if (rank <= j) { hi = j; } else if (rank >= i) { lo = i; } else { break; }
        }
        best = vals[rank];
    }
    out[idx] = best;
}
