//! Geometry results are bit-for-bit what they were (and what wasm computes).
#[path = "determinism/geom.rs"]
mod d;

#[test]
fn geometry_digest_is_golden() {
    assert_eq!(
        d::digest(),
        d::GOLDEN,
        "geometry results changed: {:#x}",
        d::digest()
    );
}
