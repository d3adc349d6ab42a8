//! The steering determinism digests computed in wasm (Node), which must equal
//! the native ones.
#![cfg(target_arch = "wasm32")]

#[path = "determinism/steering.rs"]
mod d;

#[wasm_bindgen_test::wasm_bindgen_test]
fn crowd_digest_in_wasm_matches_the_native_golden_value() {
    assert_eq!(d::digest(), d::GOLDEN);
}

#[wasm_bindgen_test::wasm_bindgen_test]
fn seek_crowd_digest_in_wasm_matches_the_native_golden_value() {
    assert_eq!(d::seek_digest(), d::SEEK_GOLDEN);
}
