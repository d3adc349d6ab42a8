//! Bindings for `src/geom`: pose along a path and SVG path data.

use super::convert;
use wasm_bindgen::prelude::*;

/// `poseAt(path, distance)`: position and heading `distance` along `path`
/// (seed 000, listing 2), clamped to `[0, length]`.
#[wasm_bindgen(js_name = poseAt)]
pub fn pose_at(path: JsValue, distance: f64) -> Result<JsValue, JsError> {
    let path = convert::path(path, "path")?;
    let distance = convert::finite(distance, "distance")?;
    convert::to_js(&path.pose_at(distance))
}

/// `pathToSvg(path)`: SVG path data with exact `A` arcs, in y-up coordinates.
#[wasm_bindgen(js_name = pathToSvg)]
pub fn path_to_svg(path: JsValue) -> Result<String, JsError> {
    let path = convert::path(path, "path")?;
    Ok(arcline::path_to_svg(&path))
}

/// `arcToPoint(pose, point)`: the single arc tangent to `pose` that reaches
/// `point` (a one-segment path; a line when the point is dead ahead). Throws
/// when there is none (the point is the start, or straight behind).
#[wasm_bindgen(js_name = arcToPoint)]
pub fn arc_to_point(pose: JsValue, point: JsValue) -> Result<JsValue, JsError> {
    let pose = convert::pose(pose, "pose")?;
    let point = convert::point(point, "point")?;
    let seg = arcline::arc_to_point(pose, point).map_err(|e| convert::error(&"point", &e))?;
    let path = arcline::Path::single(seg).map_err(|e| convert::geom_error("point", e))?;
    convert::path_to_js(&path)
}

/// `offsetPath(path, distance)`: the parallel path `distance` to the left
/// (negative: right); arcs stay concentric. Throws when an arc would collapse.
#[wasm_bindgen(js_name = offsetPath)]
pub fn offset_path(path: JsValue, distance: f64) -> Result<JsValue, JsError> {
    let path = convert::path(path, "path")?;
    let distance = convert::finite(distance, "distance")?;
    let out = path
        .offset(distance)
        .map_err(|e| convert::geom_error("distance", e))?;
    convert::path_to_js(&out)
}

/// `intersectPaths(a, b)`: every point where a segment of `a` meets a segment
/// of `b` (closed-form line/arc intersections), in order along `a`.
#[wasm_bindgen(js_name = intersectPaths)]
pub fn intersect_paths(a: JsValue, b: JsValue) -> Result<JsValue, JsError> {
    let a = convert::path(a, "a")?;
    let b = convert::path(b, "b")?;
    let mut out = Vec::new();
    for sa in a.segments() {
        for sb in b.segments() {
            out.extend_from_slice(arcline::segment_segment(sa, sb).as_slice());
        }
    }
    convert::to_js(&out)
}
