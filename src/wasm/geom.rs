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
    Ok(crate::path_to_svg(&path))
}
