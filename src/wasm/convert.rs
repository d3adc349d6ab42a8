//! Conversions between JS values and core types, with the argument checks
//! shared by every binding. Every error message starts with the name of the
//! argument it is about.

use crate::{Arc, GeomError, Line, Path, Point, Pose, Segment};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

/// A JS `Error` whose message is `"{arg}: {why}"`.
pub fn arg_error(arg: &str, why: impl core::fmt::Display) -> JsError {
    JsError::new(&format!("{arg}: {why}"))
}

/// Reads a JS value into `T`, naming `arg` when its shape is wrong.
pub fn from_js<T: DeserializeOwned>(value: JsValue, arg: &str) -> Result<T, JsError> {
    if value.is_undefined() || value.is_null() {
        return Err(arg_error(arg, "is missing"));
    }
    serde_wasm_bindgen::from_value(value).map_err(|e| arg_error(arg, e))
}

/// Writes `value` as a plain JS object (maps as objects, not `Map`s).
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&format!("internal: could not convert a result: {e}")))
}

/// `value` when finite.
pub fn finite(value: f64, arg: &str) -> Result<f64, JsError> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(arg_error(arg, "must be a finite number"))
    }
}

/// `value` when finite and greater than zero.
pub fn positive(value: f64, arg: &str) -> Result<f64, JsError> {
    if finite(value, arg)? > 0.0 {
        Ok(value)
    } else {
        Err(arg_error(arg, "must be greater than zero"))
    }
}

pub fn point(value: JsValue, arg: &str) -> Result<Point, JsError> {
    let p: Point = from_js(value, arg)?;
    finite(p.x, &format!("{arg}.x"))?;
    finite(p.y, &format!("{arg}.y"))?;
    Ok(p)
}

pub fn pose(value: JsValue, arg: &str) -> Result<Pose, JsError> {
    let p: Pose = from_js(value, arg)?;
    finite(p.x, &format!("{arg}.x"))?;
    finite(p.y, &format!("{arg}.y"))?;
    finite(p.heading, &format!("{arg}.heading"))?;
    Ok(p)
}

/// A segment as the published API shapes it.
#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum SegmentJs {
    #[serde(rename_all = "camelCase")]
    Line {
        start: Point,
        end: Point,
        #[serde(default)]
        length: f64,
    },
    #[serde(rename_all = "camelCase")]
    Arc {
        center: Point,
        radius: f64,
        start_angle: f64,
        sweep: f64,
        #[serde(default)]
        length: f64,
    },
}

/// A path as the published API shapes it: `{ segments, length, word }`.
#[derive(Serialize, Deserialize)]
pub struct PathJs {
    pub segments: Vec<SegmentJs>,
    #[serde(default)]
    pub length: f64,
    #[serde(default)]
    pub word: String,
}

impl From<&Segment> for SegmentJs {
    fn from(s: &Segment) -> SegmentJs {
        match *s {
            Segment::Line(l) => SegmentJs::Line {
                start: l.start,
                end: l.end,
                length: l.length(),
            },
            Segment::Arc(a) => SegmentJs::Arc {
                center: a.center,
                radius: a.radius,
                start_angle: a.start_angle,
                sweep: a.sweep,
                length: a.length(),
            },
        }
    }
}

impl From<&Path> for PathJs {
    fn from(p: &Path) -> PathJs {
        PathJs {
            segments: p.segments().iter().map(SegmentJs::from).collect(),
            length: p.length(),
            word: p.word(),
        }
    }
}

/// The JS object for a core path.
pub fn path_to_js(p: &Path) -> Result<JsValue, JsError> {
    to_js(&PathJs::from(p))
}

/// A core path from a JS path object; lengths and word given by JS are ignored
/// (recomputed), every number is checked.
pub fn path(value: JsValue, arg: &str) -> Result<Path, JsError> {
    let p: PathJs = from_js(value, arg)?;
    let mut segments = Vec::with_capacity(p.segments.len());
    for (i, s) in p.segments.into_iter().enumerate() {
        let name = format!("{arg}.segments[{i}]");
        segments.push(match s {
            SegmentJs::Line { start, end, .. } => {
                for (v, f) in [
                    (start.x, "start.x"),
                    (start.y, "start.y"),
                    (end.x, "end.x"),
                    (end.y, "end.y"),
                ] {
                    finite(v, &format!("{name}.{f}"))?;
                }
                Segment::Line(Line::new(start, end))
            }
            SegmentJs::Arc {
                center,
                radius,
                start_angle,
                sweep,
                ..
            } => Segment::Arc(
                Arc::new(center, radius, start_angle, sweep).map_err(|e| geom_error(&name, e))?,
            ),
        });
    }
    Path::new(segments).map_err(|e| geom_error(arg, e))
}

/// A geometry error as a JS `Error` about `arg`.
pub fn geom_error(arg: &str, e: GeomError) -> JsError {
    arg_error(arg, e)
}
