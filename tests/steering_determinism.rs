//! The 10,000-step crowd digest and the seek-only crowd digest (also
//! computed in wasm by `tests/wasm_steering.rs`).

#[path = "determinism/steering.rs"]
mod d;

#[test]
fn crowd_digest_matches_the_golden_value() {
    assert_eq!(d::digest(), d::GOLDEN, "digest {:#x}", d::digest());
}

#[test]
fn seek_crowd_digest_matches_the_golden_value() {
    let got = d::seek_digest();
    assert_eq!(got, d::SEEK_GOLDEN, "digest {got:#x}");
}
