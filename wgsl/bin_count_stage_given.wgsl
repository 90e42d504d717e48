// The given edges (in1): copied into workgroup memory when they fit, else read where they are.
fn edges_local() -> bool { return p_bins() <= LOCAL_BINS; }  // uniform

fn global_edge(k: u32) -> ${C} { return ${edge}; }

fn stage_bins(lid: u32, group: u32) {
    if (edges_local()) {
        for (var k = lid; k <= p_bins(); k += ${workgroup}u) { local_edges[k] = global_edge(k); }
    }
}
