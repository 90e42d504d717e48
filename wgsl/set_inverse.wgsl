// unique: for every input element, the run (distinct value) it belongs to.
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
@group(0) @binding(2) var<storage, read> perm: array<u32>;
@group(0) @binding(3) var<storage, read> excl: array<u32>;
${store_index}

fn item(i: u32) { store_index(perm[i], excl[i + 1u] - 1u); }
