//! Formation results are bit-for-bit what they were (and what wasm computes).
#[path = "determinism/formation.rs"]
mod d;

#[test]
fn formation_digest_is_golden() {
    assert_eq!(
        d::digest(),
        d::GOLDEN,
        "formation results changed: {:#x}",
        d::digest()
    );
}
