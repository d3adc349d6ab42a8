//! The formation digest computed in wasm (run in Node by wasm-bindgen-test-runner)
//! equals the native golden value.
#![cfg(target_arch = "wasm32")]

#[path = "determinism/formation.rs"]
mod d;

#[wasm_bindgen_test::wasm_bindgen_test]
fn formation_digest_is_golden_in_wasm() {
    assert_eq!(d::digest(), d::GOLDEN);
}
