// How a tiny solve (wgsl/lu_tiny_solve.wgsl) records singular matrices for inv and solve, which
// only ask whether there is one: `failed` (a pooled word, its contents undefined before) ends
// up 1 if some matrix of the batch has an exactly zero pivot, else 0, within this dispatch.
// Invocation 0 of each workgroup ORs its group's verdict into bit 31 of `arrivals` and counts
// the group's arrival in bits 0-30. The last group to arrive (its atomicAdd returns the count
// of all the others) sees every group's OR in the value it gets: all of them are accesses to
// that one atomic word, and each group's OR precedes its own count (per-location coherence).
// It writes the flag and puts arrivals back to 0 for the next dispatch: arrivals is one word
// per device, zeroed once, and dispatches that bind it for writing run one after the other.
@group(0) @binding(2) var<storage, read_write> failed: u32;
@group(0) @binding(${arrivals_binding}) var<storage, read_write> arrivals: atomic<u32>;

var<workgroup> group_failed: atomic<u32>;  // whether a matrix of this workgroup is singular

fn record(item: u32, first_zero: i32, lid: u32, groups: u32) {
    if (lid == 0u) {  // (workgroup memory starts undefined where the device skips zeroing it)
        atomicStore(&group_failed, 0u);
    }
    workgroupBarrier();
    if (first_zero != 0i) {
        atomicStore(&group_failed, 1u);
    }
    workgroupBarrier();
    if (lid == 0u) {
        let ours = atomicLoad(&group_failed);
        if (ours != 0u) {
            atomicOr(&arrivals, 0x80000000u);
        }
        let before = atomicAdd(&arrivals, 1u);
        if ((before & 0x7fffffffu) == groups - 1u) {
            failed = before >> 31u;  // (our own OR is in it too)
            atomicStore(&arrivals, 0u);
        }
    }
}
