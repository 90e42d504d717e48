// Subgroup lane masks of subgroups of at most 32 lanes: a ballot's first word.
alias Mask = u32;
fn ballot(c: bool) -> Mask { return subgroupBallot(c).x; }
fn below(lane: u32) -> Mask { return select((1u << (lane & 31u)) - 1u, 0xffffffffu, lane >= 32u); }
fn ones(m: Mask) -> u32 { return countOneBits(m); }
fn lowest(m: Mask) -> u32 { return countTrailingZeros(m); }
