// Zeroes the flag that a flagged tiny solve (wgsl/lu_tiny_solve.wgsl) then sets for a singular
// matrix; recorded just before it (the flag is a pooled buffer: its contents are undefined).
@group(0) @binding(1) var<storage, read_write> failed: u32;

@compute @workgroup_size(1)
fn main() {
    failed = 0u;
}
