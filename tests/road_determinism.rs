//! The road digest natively; `tests/wasm_road.rs` checks the same in wasm.

#[path = "determinism/road.rs"]
mod d;

#[test]
fn road_digest_matches_golden() {
    assert_eq!(d::digest(), d::GOLDEN, "digest {:#x}", d::digest());
}
