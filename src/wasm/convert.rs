//! Conversions between JS values and core types, with the argument checks
//! shared by every binding. Every error message starts with the name of the
//! argument it is about.

use super::to_js::ToJs;
use crate::{Arc, GeomError, Line, Path, Point, Pose, Segment};
use wasm_bindgen::prelude::*;

/// A JS `Error` whose message is `"{arg}: {why}"`.
pub fn arg_error(arg: &str, why: impl core::fmt::Display) -> JsError {
    JsError::new(&format!("{arg}: {why}"))
}

/// `value` as a plain JS value, for bindings to return (it cannot fail; the
/// `Result` is the bindings' return type).
pub fn to_js<T: ToJs + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    Ok(value.to_js())
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

/// The property `key` of `obj` (undefined when `obj` is not an object).
pub fn get(obj: &JsValue, key: &str) -> JsValue {
    if obj.is_object() {
        js_sys::Reflect::get(obj, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
    } else {
        JsValue::UNDEFINED
    }
}

/// A finite JS number: `undefined` or `null` is missing, anything else that
/// is not a number (a string like `"3"` included) is an error.
pub fn number(v: &JsValue, arg: &str) -> Result<f64, JsError> {
    if v.is_undefined() || v.is_null() {
        return Err(arg_error(arg, "is missing"));
    }
    let n = v
        .as_f64()
        .ok_or_else(|| arg_error(arg, "must be a number"))?;
    finite(n, arg)
}

/// The finite number at `obj[key]`, named `{arg}.{key}` in errors.
pub fn number_field(obj: &JsValue, key: &str, arg: &str) -> Result<f64, JsError> {
    let v = get(obj, key);
    match v.as_f64() {
        Some(n) => finite(n, &format!("{arg}.{key}")),
        None if v.is_undefined() => Err(arg_error(&format!("{arg}.{key}"), "is missing")),
        None => Err(arg_error(&format!("{arg}.{key}"), "must be a number")),
    }
}

/// `value` when it is an object; `arg: is missing` / `arg: must be an object` otherwise.
pub fn object<'a>(value: &'a JsValue, arg: &str) -> Result<&'a JsValue, JsError> {
    if value.is_undefined() || value.is_null() {
        Err(arg_error(arg, "is missing"))
    } else if !value.is_object() {
        Err(arg_error(arg, "must be an object"))
    } else {
        Ok(value)
    }
}

/// A point `{ x, y }`, both finite.
pub fn point(value: JsValue, arg: &str) -> Result<Point, JsError> {
    point_ref(&value, arg)
}

fn point_ref(value: &JsValue, arg: &str) -> Result<Point, JsError> {
    let o = object(value, arg)?;
    Ok(Point::new(
        number_field(o, "x", arg)?,
        number_field(o, "y", arg)?,
    ))
}

/// A pose `{ x, y, heading }`, all finite.
pub fn pose(value: JsValue, arg: &str) -> Result<Pose, JsError> {
    let o = object(&value, arg)?;
    Ok(Pose::new(
        number_field(o, "x", arg)?,
        number_field(o, "y", arg)?,
        number_field(o, "heading", arg)?,
    ))
}

/// The JS object for a core path: `{ segments, length, word }`.
pub fn path_to_js(p: &Path) -> Result<JsValue, JsError> {
    to_js(p)
}

/// A core path from a JS path object `{ segments: [...] }`; the lengths and
/// word a caller passes are ignored (recomputed), every number is checked.
pub fn path(value: JsValue, arg: &str) -> Result<Path, JsError> {
    let o = object(&value, arg)?;
    let list = get(o, "segments");
    if !js_sys::Array::is_array(&list) {
        return Err(arg_error(
            &format!("{arg}.segments"),
            "must be an array of segments",
        ));
    }
    let list = js_sys::Array::from(&list);
    let mut segments = Vec::with_capacity(list.length() as usize);
    for (i, s) in list.iter().enumerate() {
        let name = format!("{arg}.segments[{i}]");
        let s = object(&s, &name)?;
        let kind = get(s, "kind").as_string();
        segments.push(match kind.as_deref() {
            Some("line") => Segment::Line(Line::new(
                point_ref(&get(s, "start"), &format!("{name}.start"))?,
                point_ref(&get(s, "end"), &format!("{name}.end"))?,
            )),
            Some("arc") => {
                let center = point_ref(&get(s, "center"), &format!("{name}.center"))?;
                let radius = number_field(s, "radius", &name)?;
                if radius <= 0.0 {
                    return Err(arg_error(
                        &format!("{name}.radius"),
                        "must be greater than zero",
                    ));
                }
                let start = number_field(s, "startAngle", &name)?;
                let sweep = number_field(s, "sweep", &name)?;
                Segment::Arc(
                    Arc::new(center, radius, start, sweep).map_err(|e| geom_error(&name, e))?,
                )
            }
            _ => {
                return Err(arg_error(
                    &format!("{name}.kind"),
                    "must be \"line\" or \"arc\"",
                ))
            }
        });
    }
    Path::new(segments).map_err(|e| geom_error(arg, e))
}

/// A geometry error as a JS `Error` about `arg`.
pub fn geom_error(arg: &str, e: GeomError) -> JsError {
    arg_error(arg, e)
}
