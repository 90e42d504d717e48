// The pair k of step s in a round-robin tournament of `players` (even) players, as (p, q)
// with p < q: over players - 1 steps every two players meet once, and the pairs of a step
// are disjoint. Player players - 1 stays put while the others turn.
fn pair_of(s: u32, k: u32, players: u32) -> vec2<u32> {
    let r = players - 1u;
    var a = s % r;
    var b = r;
    if (k != 0u) {
        a = (s + k) % r;
        b = (s + r - k) % r;
    }
    return vec2<u32>(min(a, b), max(a, b));
}
