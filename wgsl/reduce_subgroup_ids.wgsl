        @builtin(subgroup_invocation_id) sg_lane: u32, @builtin(subgroup_id) sg_id: u32,
        @builtin(num_subgroups) sg_count: u32
