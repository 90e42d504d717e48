// Subgroup lane masks of subgroups of up to 128 lanes: a ballot's four words.
alias Mask = vec4<u32>;
fn ballot(c: bool) -> Mask { return subgroupBallot(c); }
fn below(lane: u32) -> Mask {
    let lo = vec4<u32>(0u, 32u, 64u, 96u);
    let l = vec4<u32>(lane);
    let part = (vec4<u32>(1u) << ((l - lo) & vec4<u32>(31u))) - vec4<u32>(1u);
    return select(select(vec4<u32>(0u), part, l > lo), vec4<u32>(0xffffffffu), l >= lo + vec4<u32>(32u));
}
fn ones(m: Mask) -> u32 { let c = countOneBits(m); return c.x + c.y + c.z + c.w; }
fn lowest(m: Mask) -> u32 {
    let z = countTrailingZeros(m);
    return select(select(select(96u + z.w, 64u + z.z, m.z != 0u), 32u + z.y, m.y != 0u), z.x, m.x != 0u);
}
