// Radix sort, pass part 2: each workgroup sorts its tile by the pass's 8-bit digit in
// workgroup memory (two stable 4-bit ranking rounds), then writes every element to its
// place: the scanned histogram gives each (segment, digit, tile) its first position, and
// equal digits keep their order within and across tiles, so the pass is stable.
// Parameters: sort.py's PASS. One invocation per digit: ${workgroup} invocations, 256 digits.
${lib}
@group(0) @binding(1) var<storage, read_write> dst: array<Raw>;
@group(0) @binding(${src_binding}) var<storage, read> src: array<Raw>;
@group(0) @binding(${hist_binding}) var<storage, read> hist: array<u32>;  // scanned: one entry past the last
${index}

const IPT: u32 = ${ipt}u;
const TILE: u32 = ${ipt}u * ${workgroup}u;
// Counters while ranking, then the exchange buffer; one pad word per 32 avoids bank conflicts.
var<workgroup> xs: array<u32, ${xs}>;
var<workgroup> dbase: array<u32, 256>;

fn pad(j: u32) -> u32 { return j + (j >> 5u); }

var<workgroup> wsum: array<u32, ${workgroup}>;
// Exclusive scan of one value per invocation over the workgroup: (prefix, total).
fn workgroup_scan(t: u32, v: u32) -> vec2<u32> {
    wsum[t] = v;
    workgroupBarrier();
    for (var o = 1u; o < ${workgroup}u; o <<= 1u) {
        var a = 0u;
        if (t >= o) { a = wsum[t - o]; }
        workgroupBarrier();
        wsum[t] += a;
        workgroupBarrier();
    }
    let inclusive = wsum[t];
    let total = wsum[${workgroup}u - 1u];
    workgroupBarrier();
    return vec2<u32>(inclusive - v, total);
}

// Stable rank of each of this invocation's items (tile positions t * IPT + k) by a 4-bit
// value. Counters hold two digits per word, 16 bits each (digit d and d + 8), one column
// per invocation, so counting needs no atomics; a scan over [digit][invocation] then
// gives every item its position in the tile ordered by (digit, position).
fn rank4(t: u32, nib: ptr<function, array<u32, IPT>>, rank: ptr<function, array<u32, IPT>>) {
    for (var i = 0u; i < 8u; i++) { xs[pad(i * ${workgroup}u + t)] = 0u; }
    workgroupBarrier();
    for (var k = 0u; k < IPT; k++) {
        let n = (*nib)[k];
        let a = pad((n & 7u) * ${workgroup}u + t);
        let sh = (n >> 3u) * 16u;
        let c = xs[a];
        (*rank)[k] = (c >> sh) & 0xffffu;
        xs[a] = c + (1u << sh);
    }
    workgroupBarrier();
    var sum = 0u;
    for (var i = 0u; i < 8u; i++) { sum += xs[pad(t * 8u + i)]; }
    let sc = workgroup_scan(t, sum);
    var run = sc.x;
    for (var i = 0u; i < 8u; i++) {
        let a = pad(t * 8u + i);
        let c = xs[a];
        xs[a] = run;
        run += c;
    }
    workgroupBarrier();
    let low_total = sc.y & 0xffffu;  // items with digits 0..7 come before those with 8..15
    for (var k = 0u; k < IPT; k++) {
        let n = (*nib)[k];
        let sh = (n >> 3u) * 16u;
        (*rank)[k] += ((xs[pad((n & 7u) * ${workgroup}u + t)] >> sh) & 0xffffu) + select(0u, low_total, n >= 8u);
    }
    workgroupBarrier();
}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) t: u32) {
    let tile = wid.x + wid.y * nwg.x;
    if (tile >= p_tiles()) { return; }
    let seg = tile / p_seg_tiles();
    let tir = tile % p_seg_tiles();
    let start = tir * TILE;
    let count = min(TILE, p_seg_len() - start);
    let base = seg * p_seg_len() + start;

    // dbase[d]: output position of the tile's first element with digit d, minus the number
    // of the tile's elements with smaller digits.
    let hidx = (seg * 256u + t) * p_seg_tiles() + tir;
    let first = hist[hidx];
    let sc = workgroup_scan(t, hist[hidx + 1u] - first);
    dbase[t] = first - sc.x;

    // Coalesced loads (item k of invocation t is tile position t + ${workgroup} k), then through
    // workgroup memory to the blocked order ranking needs (position t * IPT + k).
    var r: array<Raw, IPT>;
    var id: array<u32, IPT>;
    var rank: array<u32, IPT>;
    var nib: array<u32, IPT>;
    for (var k = 0u; k < IPT; k++) {
        let j = t + k * ${workgroup}u;
        if (j < count) {
            let p = base + j;
            r[k] = src[p_src_offset() + p];
            id[k] = load_idx(p);
        }
    }
${exchange_load}
    for (var k = 0u; k < IPT; k++) {
        var d = 255u;  // past the end: sorts last
        if (t * IPT + k < count) { d = digit(r[k], id[k]); }
        nib[k] = d & 15u;
    }
    rank4(t, &nib, &rank);
${exchange_blocked}
    for (var k = 0u; k < IPT; k++) {
        var d = 255u;
        if (t * IPT + k < count) { d = digit(r[k], id[k]); }
        nib[k] = d >> 4u;
    }
    rank4(t, &nib, &rank);
${exchange_striped}
    let write_values = p_write_values() != 0u;
    for (var k = 0u; k < IPT; k++) {
        let j = t + k * ${workgroup}u;
        if (j < count) {
            let dest = dbase[digit(r[k], id[k])] + j;
            if (write_values) { dst[dest] = r[k]; }
            store_idx(dest, id[k]);
        }
    }
}
