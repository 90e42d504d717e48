// unique: the length of every run, from where the runs start (set_starts.wgsl).
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
@group(0) @binding(2) var<storage, read> starts: array<u32>;
${store_index}

fn item(i: u32) { store_index(i, starts[i + 1u] - starts[i]); }
