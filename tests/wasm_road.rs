#![cfg(target_arch = "wasm32")]
//! The road digest in wasm (Node): the same bits as natively.

#[path = "determinism/road.rs"]
mod d;

#[wasm_bindgen_test::wasm_bindgen_test]
fn road_digest_matches_golden_in_wasm() {
    assert_eq!(d::digest(), d::GOLDEN);
}
