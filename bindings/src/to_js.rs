//! Results to JS: any `serde::Serialize` value (the core's one description
//! of each shape) as plain JS objects, arrays, numbers, strings and `null`,
//! by `serde-wasm-bindgen` (`Serializer::json_compatible()`: an absent
//! optional value is `null`, a map is a plain object).

use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// `value` as a plain JS value, typed as the shape `S` it is (a
/// [`crate::shape`] type, or `JsValue`).
///
/// # Errors
/// A JS `Error` (`internal: ...`) if the value has a shape JS cannot hold
/// (never for the crate's own types).
pub fn to_js<S: JsCast, T: Serialize + ?Sized>(value: &T) -> Result<S, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map(JsCast::unchecked_into)
        .map_err(|e| JsError::new(&format!("internal: {e}")))
}
