// Radix sort, pass part 2: each workgroup sorts its tile by the pass's 8-bit digit in
// workgroup memory (two stable 4-bit ranking rounds), then writes every element to its
// place: the scanned histogram gives each (segment, digit, tile) its first position, and
// equal digits keep their order within and across tiles, so the pass is stable.
// Parameters: see _sorting.py (_pass_params).
${lib}
@group(0) @binding(1) var<storage, read_write> dst: array<Raw>;
${bindings}

${load_idx}

const IPT: u32 = ${ipt}u;
const TILE: u32 = ${ipt}u * 256u;
// Counters while ranking, then the exchange buffer; one pad word per 32 avoids bank conflicts.
var<workgroup> xs: array<u32, ${xs}>;
var<workgroup> dbase: array<u32, 256>;

fn pad(j: u32) -> u32 { return j + (j >> 5u); }

// Stable rank of each of this invocation's items (tile positions t * IPT + k) by a 4-bit
// value. Counters hold two digits per word, 16 bits each (digit d and d + 8), one column
// per invocation, so counting needs no atomics; a scan over [digit][invocation] then
// gives every item its position in the tile ordered by (digit, position).
fn rank4(t: u32, nib: ptr<function, array<u32, IPT>>, rank: ptr<function, array<u32, IPT>>) {
    for (var i = 0u; i < 8u; i++) { xs[pad(i * 256u + t)] = 0u; }
    workgroupBarrier();
    for (var k = 0u; k < IPT; k++) {
        let n = (*nib)[k];
        let a = pad((n & 7u) * 256u + t);
        let sh = (n >> 3u) * 16u;
        let c = xs[a];
        (*rank)[k] = (c >> sh) & 0xffffu;
        xs[a] = c + (1u << sh);
    }
    workgroupBarrier();
    var sum = 0u;
    for (var i = 0u; i < 8u; i++) { sum += xs[pad(t * 8u + i)]; }
    let sc = scan256(t, sum);
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
        (*rank)[k] += ((xs[pad((n & 7u) * 256u + t)] >> sh) & 0xffffu) + select(0u, low_total, n >= 8u);
    }
    workgroupBarrier();
}

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) t: u32) {
    let tile = wid.x + wid.y * nwg.x;
    if (tile >= pw(2u)) { return; }
    let seg = tile / pw(1u);
    let tir = tile % pw(1u);
    let start = tir * TILE;
    let count = min(TILE, pw(0u) - start);
    let base = seg * pw(0u) + start;

    // dbase[d]: output position of the tile's first element with digit d, minus the number
    // of the tile's elements with smaller digits (the histogram is scanned in place).
    let hidx = (seg * 256u + t) * pw(1u) + tir;
    let first = hist[hidx];
    var next = pw(9u);
    if (hidx + 1u < pw(10u)) { next = hist[hidx + 1u]; }
    let sc = scan256(t, next - first);
    dbase[t] = first - sc.x;

    // Coalesced loads (item k of invocation t is tile position t + 256 k), then through
    // workgroup memory to the blocked order ranking needs (position t * IPT + k).
    var r: array<Raw, IPT>;
    var id: array<u32, IPT>;
    var rank: array<u32, IPT>;
    var nib: array<u32, IPT>;
    for (var k = 0u; k < IPT; k++) {
        let j = t + k * 256u;
        if (j < count) {
            let p = base + j;
            r[k] = src[pw(3u) + p];
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
    let write_raw = (pw(7u) & 2u) != 0u;
    for (var k = 0u; k < IPT; k++) {
        let j = t + k * 256u;
        if (j < count) {
            let dest = dbase[digit(r[k], id[k])] + j;
            if (write_raw) { dst[pw(4u) + dest] = r[k]; }
${store_idx}
        }
    }
}
