//! Bindings of `arcline::geom`: SVG path data, the arc to a point, offsets
//! and intersections.

use crate::error::{from_core, from_core_in, message};
use crate::from_js::{arg, number, path as path_arg};
use crate::shape;
use crate::to_js::to_js;
use arcline::{Path, Point, Pose};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// `pathToSvg(path)`: SVG path data with exact `A` arcs, in y-up coordinates.
#[wasm_bindgen(js_name = pathToSvg)]
pub fn path_to_svg(path: shape::PathInput) -> Result<String, JsError> {
    let path = path_arg(path, "path")?;
    Ok(arcline::geom::path_to_svg(&path))
}

/// `arcToPoint(pose, point)`: the single arc tangent to `pose` that reaches
/// `point` (a one-segment path; a line when the point is dead ahead). Throws
/// when there is none (the point is the start, or straight behind).
#[wasm_bindgen(js_name = arcToPoint)]
pub fn arc_to_point(pose: shape::Pose, point: shape::Point) -> Result<shape::Path, JsError> {
    let pose: Pose = arg(pose, "pose")?;
    let point: Point = arg(point, "point")?;
    let seg = arcline::geom::arc_to_point(pose, point).map_err(from_core)?;
    let path = Path::single(seg).map_err(|e| from_core_in("point", e))?;
    to_js(&path)
}

/// `fitClothoid(start, goal)`: the one clothoid leaving `start` with its
/// heading and reaching `goal` with its heading (G1 Hermite
/// interpolation, Bertolazzi & Frego), as a one-segment path. Throws when
/// `goal` is at `start`'s position.
#[wasm_bindgen(js_name = fitClothoid)]
pub fn fit_clothoid(start: shape::Pose, goal: shape::Pose) -> Result<shape::Path, JsError> {
    let start: Pose = arg(start, "start")?;
    let goal: Pose = arg(goal, "goal")?;
    let c = arcline::geom::fit_clothoid(start, goal).map_err(from_core)?;
    let path = Path::single(c).map_err(|e| from_core_in("goal", e))?;
    to_js(&path)
}

/// `fitClothoids(queries)`: `queries` is a `Float64Array` of
/// `x0, y0, h0, x1, y1, h1` per query; returns a `Float64Array` of
/// `length, curvatureStart, curvatureEnd` per query (as `fitClothoid`).
#[wasm_bindgen(js_name = fitClothoids)]
pub fn fit_clothoids(queries: shape::Float64Array) -> Result<Vec<f64>, JsError> {
    let q = queries
        .dyn_ref::<js_sys::Float64Array>()
        .ok_or_else(|| message("queries", "", "must be a Float64Array"))?
        .to_vec();
    let mut out = vec![0.0; q.len() / 6 * 3];
    arcline::geom::fit_clothoids(&q, &mut out).map_err(from_core)?;
    Ok(out)
}

/// `offsetPath(path, distance)`: the parallel path `distance` to the left
/// (negative: right); arcs stay concentric, a clothoid becomes arcs within
/// 1e-6 of its length of its exact offset. Throws when an arc would
/// collapse.
#[wasm_bindgen(js_name = offsetPath)]
pub fn offset_path(
    path: shape::PathInput,
    distance: shape::Number,
) -> Result<shape::Path, JsError> {
    let path = path_arg(path, "path")?;
    let distance = number(&distance, "distance")?;
    to_js(&path.offset(distance).map_err(from_core)?)
}

/// `intersectPaths(a, b)`: every point where a segment of `a` meets a segment
/// of `b` (closed-form line/arc intersections), in order along `a`.
#[wasm_bindgen(js_name = intersectPaths)]
pub fn intersect_paths(
    a: shape::PathInput,
    b: shape::PathInput,
) -> Result<shape::PointList, JsError> {
    let a = path_arg(a, "a")?;
    let b = path_arg(b, "b")?;
    let mut out: Vec<Point> = Vec::new();
    for sa in a.segments() {
        for sb in b.segments() {
            out.extend_from_slice(arcline::geom::segment_segment(sa, sb).as_slice());
        }
    }
    to_js(&out)
}
