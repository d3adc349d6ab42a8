#![cfg(target_arch = "wasm32")]
//! The wasm half of the planner's determinism check: the same digest as
//! natively (`tests/planner_determinism.rs`).

#[path = "determinism/planner.rs"]
mod d;

#[wasm_bindgen_test::wasm_bindgen_test]
fn digest_is_the_golden_value_in_wasm() {
    assert_eq!(d::digest(), d::GOLDEN, "digest {:#018x}", d::digest());
}

/// The `f64x2` mirror-pair kernel against the scalar one (native), bit for
/// bit, on 200,000 queries with many hand-overs and ties.
#[wasm_bindgen_test::wasm_bindgen_test]
fn lengths_digest_is_the_golden_value_in_wasm() {
    let v = d::lengths_digest();
    assert_eq!(v, d::LENGTHS_GOLDEN, "digest {v:#018x}");
}
