//! Arguments from JS: any `serde::Deserialize` shape (the core's one
//! description of each) read by `serde-wasm-bindgen`, with
//! `serde_path_to_error` keeping the path to a bad value, worded as the
//! API's errors are (`path.segments[2].center.x: must be a number`).
//!
//! Fields are read by name (`Reflect.get`), so a caller's own extra fields
//! are neither read nor dropped into anything: they are simply not the
//! shape's. NaN and infinities pass here; the core refuses them, with
//! errors that [`crate::error`] words the same way.

use crate::error::message;
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;

/// The JS value `value` of argument `name` as a `T`.
///
/// # Errors
/// `{name}: is missing` for `undefined` or `null`, and for a missing field
/// `{name}.{field...}: is missing`; `must be a number`, `must be an
/// object`, ... for a value of the wrong type; `unknown kind` for a
/// variant that does not exist.
pub fn arg<T: DeserializeOwned>(value: impl Into<JsValue>, name: &str) -> Result<T, JsError> {
    let value: JsValue = value.into();
    if value.is_undefined() || value.is_null() {
        return Err(message(name, "", "is missing"));
    }
    // Read without tracking the path: a value that does not have the shape
    // is read again, with serde_path_to_error, only to say where (reading is
    // free of side effects but for a caller's own getters, which run again).
    match T::deserialize(serde_wasm_bindgen::Deserializer::from(value.clone())) {
        Ok(v) => Ok(v),
        Err(_) => Err(why_not::<T>(&value, name)),
    }
}

/// Why `value` (argument `name`) is not a `T`, with the path to the part
/// that is wrong.
#[cold]
#[inline(never)]
fn why_not<T: DeserializeOwned>(value: &JsValue, name: &str) -> JsError {
    let de = serde_wasm_bindgen::Deserializer::from(value.clone());
    match serde_path_to_error::deserialize::<_, T>(de) {
        Err(e) => worded(&e, value, name),
        // Read once more, the value was a T: only a caller's getter that answers
        // differently each time does this.
        Ok(_) => message(name, "", "changed while it was read"),
    }
}

/// An optional argument: `None` for `undefined` or `null`.
///
/// # Errors
/// As [`arg`].
#[allow(dead_code)] // used by the steering and road bindings
pub fn optional<T: DeserializeOwned>(
    value: impl Into<JsValue>,
    name: &str,
) -> Result<Option<T>, JsError> {
    let value: JsValue = value.into();
    if value.is_undefined() || value.is_null() {
        Ok(None)
    } else {
        arg(value, name).map(Some)
    }
}

/// A number argument: a JS number (NaN and infinities included: the core
/// says what it accepts), not a string like `"3"`.
///
/// # Errors
/// `{name}: is missing` or `{name}: must be a number`.
pub fn number(value: &JsValue, name: &str) -> Result<f64, JsError> {
    match value.as_f64() {
        Some(v) => Ok(v),
        None if value.is_undefined() || value.is_null() => Err(message(name, "", "is missing")),
        None => Err(message(name, "", "must be a number")),
    }
}

/// A whole number argument from 0 to `u32::MAX` (an id or an index).
///
/// # Errors
/// As [`number`], and `{name}: must be a whole number from 0 to 4294967295`.
#[allow(dead_code)] // used by the steering and road bindings
pub fn whole(value: &JsValue, name: &str) -> Result<u32, JsError> {
    let v = number(value, name)?;
    if v >= 0.0 && v <= f64::from(u32::MAX) && v.fract() == 0.0 {
        Ok(v as u32)
    } else {
        Err(message(name, "", WHOLE))
    }
}

/// A path argument: its shape read (`length` and `word` may be left out:
/// they are computed), then checked by the core.
///
/// # Errors
/// As [`arg`], and the core's errors about the path within `name`.
pub fn path(value: impl Into<JsValue>, name: &str) -> Result<arcline::Path, JsError> {
    let shape: arcline::geom::shape::PathShape = arg(value, name)?;
    arcline::Path::try_from(shape).map_err(|e| crate::error::from_core_in(name, e))
}

/// A finite number argument.
///
/// # Errors
/// As [`number`], and `{name}: must be a finite number`.
#[allow(dead_code)] // used by the steering and road bindings
pub fn finite(value: &JsValue, name: &str) -> Result<f64, JsError> {
    let v = number(value, name)?;
    if v.is_finite() {
        Ok(v)
    } else {
        Err(message(name, "", "must be a finite number"))
    }
}

const WHOLE: &str = "must be a whole number from 0 to 4294967295";

/// The JS `Error` about argument `name` for a value that could not be read.
#[cold]
#[inline(never)]
fn worded(
    e: &serde_path_to_error::Error<serde_wasm_bindgen::Error>,
    root: &JsValue,
    name: &str,
) -> JsError {
    // The value the error is about: an array where an object was read says
    // only that its fields are missing, and a number where an array was
    // read fails to be iterated; both are worded as the type they are not.
    let mut at = root.clone();
    for step in e.path().iter() {
        at = match step {
            serde_path_to_error::Segment::Seq { index } => {
                js_sys::Reflect::get_u32(&at, *index as u32).unwrap_or(JsValue::UNDEFINED)
            }
            serde_path_to_error::Segment::Map { key } => {
                js_sys::Reflect::get(&at, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
            }
            _ => at,
        };
    }
    let mut path = String::new();
    for step in e.path().iter() {
        match step {
            serde_path_to_error::Segment::Seq { index } => {
                path.push('[');
                path.push_str(&index.to_string());
                path.push(']');
            }
            serde_path_to_error::Segment::Map { key } => {
                path.push('.');
                path.push_str(key);
            }
            serde_path_to_error::Segment::Enum { variant } => {
                path.push('.');
                path.push_str(variant);
            }
            serde_path_to_error::Segment::Unknown => {}
        }
    }
    let text = e.inner().to_string();
    let text = text.strip_prefix("Error: ").unwrap_or(&text);
    let (field, why) = if text.starts_with("missing field") && js_sys::Array::is_array(&at) {
        (None, "must be an object".to_string())
    } else if text.contains("Reflect.get called on non-object") {
        (None, "must be an array".to_string())
    } else {
        reason(text)
    };
    if let Some(field) = field {
        path.push('.');
        path.push_str(&field);
    }
    let path = path.strip_prefix('.').unwrap_or(&path);
    message(name, path, &why)
}

/// What serde's message `text` says, in the API's words, and the field it
/// names when that field is below the path (a missing field is reported at
/// the object that lacks it).
fn reason(text: &str) -> (Option<String>, String) {
    if let Some(rest) = text.strip_prefix("missing field `") {
        return (
            Some(rest.trim_end_matches('`').to_string()),
            "is missing".into(),
        );
    }
    if let Some(rest) = text.strip_prefix("invalid type: ") {
        let (got, expected) = rest.rsplit_once(", expected ").unwrap_or((rest, ""));
        if got == "unit value" || got == "null" || got == "Option value" {
            return (None, "is missing".into());
        }
        return (None, wanted(expected).into());
    }
    if let Some(rest) = text.strip_prefix("invalid value: ") {
        let (_, expected) = rest.rsplit_once(", expected ").unwrap_or((rest, ""));
        if is_integer(expected) {
            return (None, WHOLE.into());
        }
        return (None, format!("must be {expected}"));
    }
    if let Some(rest) = text.strip_prefix("unknown variant `") {
        let (got, expected) = rest.rsplit_once("`, expected ").unwrap_or((rest, ""));
        let list: Vec<&str> = expected
            .trim_start_matches("one of ")
            .split(", ")
            .map(|v| v.trim_matches('`'))
            .filter(|v| !v.is_empty())
            .collect();
        let mut m = format!("unknown kind \"{got}\" (expected ");
        for (i, v) in list.iter().enumerate() {
            if i > 0 {
                m.push_str(if i + 1 == list.len() { " or " } else { ", " });
            }
            m.push('"');
            m.push_str(v);
            m.push('"');
        }
        m.push(')');
        return (None, m);
    }
    (None, text.to_string())
}

/// `must be ...` for a value that is not what `expected` (serde's words for
/// what a shape wanted: `f64`, `u32`, `a sequence`, `struct Point`, ...).
fn wanted(expected: &str) -> &'static str {
    if expected == "f64" || expected == "f32" {
        "must be a number"
    } else if is_integer(expected) {
        WHOLE
    } else if expected.contains("identifier")
        || expected.contains("string")
        || expected.contains("char")
    {
        "must be a string"
    } else if expected.contains("sequence")
        || expected.contains("tuple")
        || expected.contains("array")
    {
        "must be an array"
    } else if expected.contains("bool") {
        "must be true or false"
    } else if expected.contains("unit") {
        "must be null"
    } else {
        "must be an object"
    }
}

/// Whether serde's `expected` names an integer type (`u32`, `usize`, `i64`).
fn is_integer(expected: &str) -> bool {
    let digits = expected.trim_start_matches(['u', 'i']);
    digits.len() < expected.len()
        && (digits == "size" || (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())))
}

#[cfg(all(test, target_arch = "wasm32"))]
mod tests {
    use super::{is_integer, reason, wanted};
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn serdes_messages_become_the_apis_words() {
        assert_eq!(
            reason("missing field `heading`"),
            (Some("heading".into()), "is missing".into())
        );
        assert_eq!(
            reason("invalid type: unit value, expected f64").1,
            "is missing"
        );
        assert_eq!(
            reason("invalid type: string \"3\", expected f64").1,
            "must be a number"
        );
        assert_eq!(
            reason("invalid type: floating point `1.5`, expected u32").1,
            "must be a whole number from 0 to 4294967295"
        );
        assert_eq!(
            reason("invalid value: integer `-1`, expected u32").1,
            "must be a whole number from 0 to 4294967295"
        );
        assert_eq!(
            reason("unknown variant `jump`, expected one of `seek`, `flee`, `arrive`").1,
            "unknown kind \"jump\" (expected \"seek\", \"flee\" or \"arrive\")"
        );
        assert_eq!(
            reason("unknown variant `a, expected b`, expected `c`").1,
            "unknown kind \"a, expected b\" (expected \"c\")"
        );
        assert_eq!(reason("must be positive").1, "must be positive");
    }

    #[wasm_bindgen_test]
    fn expected_kinds_are_told_apart() {
        assert_eq!(wanted("a sequence"), "must be an array");
        assert_eq!(wanted("struct Point"), "must be an object");
        assert_eq!(wanted("a boolean"), "must be true or false");
        assert!(is_integer("u32") && is_integer("usize") && is_integer("i64"));
        assert!(!is_integer("unit") && !is_integer("u") && !is_integer("identifier"));
    }
}
