//! Conversions between JS values and core types, with the argument checks
//! shared by every binding. Every error message starts with the name of the
//! argument it is about.
//!
//! Messages are written in one place ([`error`], one `format!` for the whole
//! module): callers pass the argument's [`Name`] and the reason as
//! `&dyn Display`, so no call site carries formatting code of its own, and
//! names such as `path.segments[2].center` are only written out when there
//! is an error (reading a value builds no strings).

use super::legacy_to_js::ToJs;
use arcline::{Arc, Line, Path, Point, Pose, Segment};
use core::fmt::{self, Display};
use wasm_bindgen::prelude::*;

/// What a message is about: an argument (`radius`) or a part of one
/// (`path.segments[2].center`), written out only for an error.
#[derive(Clone, Copy)]
pub enum Name<'a> {
    /// An argument (or any name given whole, like `f.pattern`).
    Arg(&'a str),
    /// `{parent}.{key}`.
    Key(&'a Name<'a>, &'a str),
    /// `{parent}[{index}]`.
    Index(&'a Name<'a>, usize),
}

impl<'a> Name<'a> {
    /// `{self}.{key}`.
    pub fn key(&'a self, key: &'a str) -> Name<'a> {
        Name::Key(self, key)
    }

    /// `{self}[{index}]`.
    pub fn at(&'a self, index: usize) -> Name<'a> {
        Name::Index(self, index)
    }

    /// A JS `Error` whose message is `"{self}: {why}"`.
    pub fn error(&self, why: &dyn Display) -> JsError {
        error(self, why)
    }
}

impl Display for Name<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Name::Arg(arg) => f.write_str(arg),
            Name::Key(parent, key) => {
                parent.fmt(f)?;
                f.write_str(".")?;
                f.write_str(key)
            }
            Name::Index(parent, i) => {
                parent.fmt(f)?;
                f.write_str("[")?;
                i.fmt(f)?;
                f.write_str("]")
            }
        }
    }
}

/// A JS `Error` whose message is `"{arg}: {why}"`: the one place messages
/// are formatted.
#[inline(never)]
pub fn error(arg: &dyn Display, why: &dyn Display) -> JsError {
    JsError::new(&format!("{arg}: {why}"))
}

/// A JS `Error` whose message is `"{arg}: {why}"`.
#[inline(never)]
pub fn arg_error(arg: &str, why: &str) -> JsError {
    error(&arg, &why)
}

/// A JS `Error` with exactly this message (for core errors whose text
/// already starts with the argument's name).
#[inline(never)]
pub fn message_error(message: &dyn Display) -> JsError {
    JsError::new(&message.to_string())
}

/// `value` as a plain JS value, for bindings to return (it cannot fail; the
/// `Result` is the bindings' return type).
pub fn to_js<T: ToJs + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    Ok(value.to_js())
}

/// `value` when finite.
pub fn finite(value: f64, arg: &str) -> Result<f64, JsError> {
    finite_at(value, &Name::Arg(arg))
}

/// `value` when finite (`name: must be a finite number` otherwise).
#[inline(never)]
pub fn finite_at(value: f64, name: &Name) -> Result<f64, JsError> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(name.error(&"must be a finite number"))
    }
}

/// `value` when finite and greater than zero.
pub fn positive(value: f64, arg: &str) -> Result<f64, JsError> {
    positive_at(value, &Name::Arg(arg))
}

/// `value` when finite and greater than zero, errors about `name`.
#[inline(never)]
pub fn positive_at(value: f64, name: &Name) -> Result<f64, JsError> {
    if finite_at(value, name)? > 0.0 {
        Ok(value)
    } else {
        Err(name.error(&"must be greater than zero"))
    }
}

/// The property `key` of `obj` (undefined when `obj` is not an object).
#[inline(never)]
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
    number_at(v, &Name::Arg(arg))
}

/// A finite JS number, errors about `name`.
pub fn number_at(v: &JsValue, name: &Name) -> Result<f64, JsError> {
    finite_at(any_number(v, name, true)?, name)
}

/// A JS number, any value (NaN included): `undefined` (and `null` when
/// `null_is_missing`) is `name: is missing`, anything else not a number is
/// `name: must be a number`.
#[inline(never)]
pub fn any_number(v: &JsValue, name: &Name, null_is_missing: bool) -> Result<f64, JsError> {
    match v.as_f64() {
        Some(n) => Ok(n),
        None if v.is_undefined() || (null_is_missing && v.is_null()) => {
            Err(name.error(&"is missing"))
        }
        None => Err(name.error(&"must be a number")),
    }
}

/// The finite number at `obj[key]`, named `{name}.{key}` in errors.
#[inline(never)]
pub fn number_field(obj: &JsValue, key: &str, name: &Name) -> Result<f64, JsError> {
    let v = get(obj, key);
    let name = name.key(key);
    match v.as_f64() {
        Some(n) => finite_at(n, &name),
        None if v.is_undefined() => Err(name.error(&"is missing")),
        None => Err(name.error(&"must be a number")),
    }
}

/// `value` when it is an object; `arg: is missing` / `arg: must be an object` otherwise.
pub fn object<'a>(value: &'a JsValue, arg: &str) -> Result<&'a JsValue, JsError> {
    object_at(value, &Name::Arg(arg))
}

/// `value` when it is an object, errors about `name`.
#[inline(never)]
pub fn object_at<'a>(value: &'a JsValue, name: &Name) -> Result<&'a JsValue, JsError> {
    if value.is_undefined() || value.is_null() {
        Err(name.error(&"is missing"))
    } else if !value.is_object() {
        Err(name.error(&"must be an object"))
    } else {
        Ok(value)
    }
}

/// A point `{ x, y }`, both finite.
pub fn point(value: JsValue, arg: &str) -> Result<Point, JsError> {
    point_at(&value, &Name::Arg(arg))
}

/// A point `{ x, y }`, both finite, errors about `name`.
#[inline(never)]
pub fn point_at(value: &JsValue, name: &Name) -> Result<Point, JsError> {
    let o = object_at(value, name)?;
    Ok(Point::new(
        number_field(o, "x", name)?,
        number_field(o, "y", name)?,
    ))
}

/// A pose `{ x, y, heading }`, all finite.
pub fn pose(value: JsValue, arg: &str) -> Result<Pose, JsError> {
    pose_at(&value, &Name::Arg(arg))
}

/// A pose `{ x, y, heading }`, all finite, errors about `name`.
#[inline(never)]
pub fn pose_at(value: &JsValue, name: &Name) -> Result<Pose, JsError> {
    let o = object_at(value, name)?;
    Ok(Pose::new(
        number_field(o, "x", name)?,
        number_field(o, "y", name)?,
        number_field(o, "heading", name)?,
    ))
}

/// The JS object for a core path: `{ segments, length, word }`.
pub fn path_to_js(p: &Path) -> Result<JsValue, JsError> {
    to_js(p)
}

/// A core path from a JS path object `{ segments: [...] }`; the lengths and
/// word a caller passes are ignored (recomputed), every number is checked.
pub fn path(value: JsValue, arg: &str) -> Result<Path, JsError> {
    path_at(&value, &Name::Arg(arg))
}

/// A segment's `reverse`: `true`, or forward when `false`, `null` or absent.
fn reverse_field(s: &JsValue, name: &Name) -> Result<bool, JsError> {
    let v = get(s, "reverse");
    match v.as_bool() {
        Some(b) => Ok(b),
        None if v.is_undefined() || v.is_null() => Ok(false),
        None => Err(name.key("reverse").error(&"must be a boolean")),
    }
}

/// A core path, errors about `name`.
#[inline(never)]
pub fn path_at(value: &JsValue, name: &Name) -> Result<Path, JsError> {
    let o = object_at(value, name)?;
    let list = get(o, "segments");
    if !js_sys::Array::is_array(&list) {
        return Err(name.key("segments").error(&"must be an array of segments"));
    }
    let list = js_sys::Array::from(&list);
    let mut segments = Vec::with_capacity(list.length() as usize);
    let list_name = name.key("segments");
    for (i, s) in list.iter().enumerate() {
        let name = list_name.at(i);
        let s = object_at(&s, &name)?;
        let kind = get(s, "kind").as_string();
        let reverse = reverse_field(s, &name)?;
        segments.push(
            match kind.as_deref() {
                Some("line") => Segment::Line(Line::new(
                    point_at(&get(s, "start"), &name.key("start"))?,
                    point_at(&get(s, "end"), &name.key("end"))?,
                )),
                Some("arc") => {
                    let center = point_at(&get(s, "center"), &name.key("center"))?;
                    let radius = number_field(s, "radius", &name)?;
                    if radius <= 0.0 {
                        return Err(name.key("radius").error(&"must be greater than zero"));
                    }
                    let start = number_field(s, "startAngle", &name)?;
                    let sweep = number_field(s, "sweep", &name)?;
                    Segment::Arc(
                        Arc::new(center, radius, start, sweep)
                            .map_err(|e| name.error(&e.reason()))?,
                    )
                }
                _ => return Err(name.key("kind").error(&"must be \"line\" or \"arc\"")),
            }
            .with_reverse(reverse),
        );
    }
    Path::new(segments).map_err(|e| name.error(&e))
}
