//! The 10,000-step crowd digest (also computed in wasm by `tests/wasm_steering.rs`).

#[path = "determinism/steering.rs"]
mod d;

#[test]
fn crowd_digest_matches_the_golden_value() {
    assert_eq!(d::digest(), d::GOLDEN, "digest {:#x}", d::digest());
}
