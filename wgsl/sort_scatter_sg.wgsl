// Radix sort, pass part 2, with subgroup ranking (32-bit elements, no indices carried):
// each subgroup ranks its run of the tile by the pass's 8-bit digit with ballots (the
// lanes holding the same digit) and one counter per (subgroup, digit); a scan over the
// counters orders the whole tile by (digit, position), the tile is exchanged through
// workgroup memory into that order and written out, digit runs consecutive.
// Stable like sort_scatter.wgsl, and it reads the same scanned histogram.
// Parameters: sort.py's PASS.
${lib}
@group(0) @binding(1) var<storage, read_write> dst: array<u32>;
@group(0) @binding(2) var<storage, read> src: array<u32>;
@group(0) @binding(3) var<storage, read> hist: array<u32>;

const IPT: u32 = ${ipt}u;
const TILE: u32 = ${ipt}u * ${workgroup}u;
// Counter rows, 128 words each: digits d and d + 128 share a word, 16 bits each. With more
// subgroups than rows (small subgroups), consecutive subgroups share a row in turns.
const ROWS: u32 = ${rows}u;
var<workgroup> cnt: array<atomic<u32>, ${cnt_words}>;
var<workgroup> xs: array<u32, TILE>;
var<workgroup> dstart: array<u32, 256>;  // digit totals, then each digit's first tile position
var<workgroup> gb: array<u32, 256>;  // output position minus tile position, per digit
var<workgroup> sgsum: array<u32, ${workgroup}>;
var<workgroup> next_sg: atomic<u32>;
var<workgroup> turns: u32;

${ballot}

// The lanes of this subgroup whose digit's bit b equals this invocation's.
fn same_bit(d: u32, b: u32) -> Mask {
    let on = ((d >> b) & 1u) != 0u;
    let v = ballot(on);
    return select(~v, v, on);
}

// The lanes of this subgroup whose digit is d (written out: see the loads in main).
fn peers_of(d: u32, valid: Mask) -> Mask {
    return valid & same_bit(d, 0u) & same_bit(d, 1u) & same_bit(d, 2u) & same_bit(d, 3u)
        & same_bit(d, 4u) & same_bit(d, 5u) & same_bit(d, 6u) & same_bit(d, 7u);
}

// An item's rank among the items with digit d ranked so far in its counter row: the
// lowest lane with d adds the subgroup's count for all of them.
fn rank_of(d: u32, valid: Mask, lt: Mask, row: u32) -> u32 {
    let peers = peers_of(d, valid);
    let before = ones(peers & lt);
    let sh = (d >> 7u) * 16u;
    var old = 0u;
    if (before == 0u) { old = atomicAdd(&cnt[row + (d & 127u)], ones(peers) << sh); }
    return ((subgroupShuffle(old, lowest(peers)) >> sh) & 0xffffu) + before;
}

// Tile position of an item ranked as rd = digit << 16 | rank, once cnt holds row prefixes.
fn place_of(rd: u32, row: u32) -> u32 {
    let d = rd >> 16u;
    return dstart[d] + ((atomicLoad(&cnt[row + (d & 127u)]) >> ((d >> 7u) * 16u)) & 0xffffu) + (rd & 0xffffu);
}

fn store(j: u32) {
    let v = xs[j];
    dst[gb[digit32(v)] + j] = v;
}

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) t: u32, @builtin(subgroup_invocation_id) lane: u32,
        @builtin(subgroup_size) sg: u32) {
    let tile = wid.x + wid.y * nwg.x;
    if (tile >= p_tiles()) { return; }
    let seg = tile / p_seg_tiles();
    let tir = tile % p_seg_tiles();
    let count = min(TILE, p_seg_len() - tir * TILE);
    let base = p_src_offset() + seg * p_seg_len() + tir * TILE;
    key_params();

    // (Workgroup memory is not zeroed on every adapter.)
    if (t == 0u) {
        atomicStore(&next_sg, 0u);
        turns = max(${workgroup}u / sg / ROWS, 1u);
    }
    for (var i = t; i < ROWS * 128u; i += ${workgroup}u) { atomicStore(&cnt[i], 0u); }
    let nturns = workgroupUniformLoad(&turns);
    // Subgroup ids from a counter: no assumption on how invocations form subgroups.
    var id = 0u;
    if (lane == 0u) { id = atomicAdd(&next_sg, 1u); }
    let s = subgroupBroadcastFirst(id);
    let u = s * sg + lane;  // this invocation's place in subgroup order

    // Subgroup s holds tile positions s * sg * IPT + k * sg + lane: coalesced loads.
    // Past the end of the data, digit 255: sorts last, never written.
    // Loops over items are written out (${ipt} copies): naga bounds every loop, which keeps
    // drivers from unrolling them and puts per-item arrays in slow local memory.
    let first = s * sg * IPT;
${load}
    let lt = below(lane);
    let valid = below(sg);
    let row = (s / nturns) * 128u;
    for (var turn = 0u; turn < nturns; turn++) {
        if (s % nturns == turn) {
${rank}
        }
        workgroupBarrier();
    }

    // Prefix over the rows in place (each row's count of earlier rows), digit totals.
    if (u < 128u) {
        var run = 0u;
        for (var i = 0u; i < ROWS; i++) {
            let v = atomicLoad(&cnt[i * 128u + u]);
            atomicStore(&cnt[i * 128u + u], run);
            run += v;
        }
        dstart[u] = run & 0xffffu;
        dstart[u + 128u] = run >> 16u;
    }
    workgroupBarrier();
    // Exclusive scan of the digit totals, in subgroup order.
    let total = dstart[u];
    let incl = subgroupInclusiveAdd(total);
    if (lane == sg - 1u) { sgsum[s] = incl; }
    workgroupBarrier();
    var ex = incl - total;
    for (var i = 0u; i < s; i++) { ex += sgsum[i]; }
    dstart[u] = ex;
    gb[u] = hist[(seg * 256u + u) * p_seg_tiles() + tir] - ex;
    workgroupBarrier();

${place}
    workgroupBarrier();
${store}
}
