// The subgroup size this adapter runs a 256-invocation workgroup with (the attention kernel's
// row groups reduce with shuffles, so they must not span subgroups): the smallest any
// invocation sees, into out[0].
${prelude}
@group(0) @binding(1) var<storage, read_write> out: array<atomic<u32>>;

@compute @workgroup_size(256)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(subgroup_size) size: u32) {
    atomicMin(&out[0], size);
}
