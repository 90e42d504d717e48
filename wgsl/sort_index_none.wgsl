// No indices carried: an element's index is its position.
fn load_idx(p: u32) -> u32 { return p; }
fn store_idx(dest: u32, id: u32) {}
