//! A C-ABI door to `dubins_paths` for the wasm benchmark: `alloc(n)` gives a
//! buffer of `n` f64s, `lengths(queries, n, radius, out)` writes the shortest
//! length of each `x0,y0,h0,x1,y1,h1` query (NaN when it finds none).

use dubins_paths::f64::{DubinsPath, PosRot};

#[no_mangle]
pub extern "C" fn alloc(n: usize) -> *mut f64 {
    let mut v = Vec::<f64>::with_capacity(n);
    let p = v.as_mut_ptr();
    core::mem::forget(v);
    p
}

/// # Safety
/// `queries` holds `6 * n` and `out` `n` f64s, both from `alloc`.
#[no_mangle]
pub unsafe extern "C" fn lengths(queries: *const f64, n: usize, radius: f64, out: *mut f64) {
    let q = core::slice::from_raw_parts(queries, 6 * n);
    let o = core::slice::from_raw_parts_mut(out, n);
    for (c, r) in q.chunks_exact(6).zip(o.iter_mut()) {
        *r = DubinsPath::shortest_from(
            PosRot::from_floats(c[0], c[1], c[2]),
            PosRot::from_floats(c[3], c[4], c[5]),
            radius,
        )
        .map_or(f64::NAN, |p| p.length());
    }
}
