// unique: where every run starts, and after the last one the total length (for the counts).
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
@group(0) @binding(2) var<storage, read> excl: array<u32>;

fn item(i: u32) {
    let run = excl[i];
    if (excl[i + 1u] != run) { out[run] = i; }
    if (i + 1u == p_items()) { out[excl[i + 1u]] = p_items(); }
}
