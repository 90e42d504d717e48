// unique: the first value of every run. excl: the exclusive scan of the run-start flags, so
// run r starts where excl steps from r to r + 1.
@group(0) @binding(1) var<storage, read_write> out: array<Raw>;
@group(0) @binding(2) var<storage, read> s: array<Raw>;
@group(0) @binding(3) var<storage, read> excl: array<u32>;

fn item(i: u32) {
    let run = excl[i];
    if (excl[i + 1u] != run) { out[run] = s[i]; }
}
