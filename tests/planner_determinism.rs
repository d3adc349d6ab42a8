#![cfg(not(target_arch = "wasm32"))]
//! The native half of the planner's determinism check (the wasm half is
//! `tests/wasm_planner.rs`, over the same file).

#[path = "determinism/planner.rs"]
mod d;

#[test]
fn digest_is_the_golden_value() {
    assert_eq!(d::digest(), d::GOLDEN, "digest {:#018x}", d::digest());
}

#[test]
fn lengths_digest_is_the_golden_value() {
    let v = d::lengths_digest();
    assert_eq!(v, d::LENGTHS_GOLDEN, "digest {v:#018x}");
}
