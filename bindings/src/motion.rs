//! Bindings of motion along a path, which every system that returns paths
//! shares: the pose at a distance and the pose at a time.

use crate::error::from_core;
use crate::from_js::{finite, number, path as path_arg};
use crate::shape;
use crate::to_js::to_js;
use arcline::planner::Motion;
use wasm_bindgen::prelude::*;

/// `poseAt(path, distance)`: position and heading `distance` along `path`,
/// clamped to `[0, length]`; the heading is in `(-π, π]`.
#[wasm_bindgen(js_name = poseAt)]
pub fn pose_at(path: shape::PathInput, distance: shape::Number) -> Result<shape::Pose, JsError> {
    let path = path_arg(path, "path")?;
    let distance = finite(&distance, "distance")?;
    to_js(&path.pose_at(distance))
}

/// `poseAtTime(path, speed, time)`: the pose `speed × time` along the path,
/// clamped to both ends.
#[wasm_bindgen(js_name = poseAtTime)]
pub fn pose_at_time_js(
    path: shape::PathInput,
    speed: shape::Number,
    time: shape::Number,
) -> Result<shape::Pose, JsError> {
    let path = path_arg(path, "path")?;
    let motion = Motion::new(path, number(&speed, "speed")?).map_err(from_core)?;
    let time = finite(&time, "time")?;
    to_js(&motion.pose_at(time))
}
