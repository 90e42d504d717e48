// unique: the index of every run's first element in the unsorted input (perm: the sort's permutation).
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
@group(0) @binding(2) var<storage, read> perm: array<u32>;
@group(0) @binding(3) var<storage, read> excl: array<u32>;
${store_index}

fn item(i: u32) {
    let run = excl[i];
    if (excl[i + 1u] != run) { store_index(run, perm[i]); }
}
