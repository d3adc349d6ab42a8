//! JS `Error`s: every message starts with the argument and the part of it
//! that is wrong, in the JS API's names (`path.segments[2].startAngle: must
//! be a finite number`). Core errors name fields by their Rust names
//! (`start_angle`); they are written here in camelCase, the names serde
//! gives the same fields.

use arcline::{Error, Step};
use core::fmt::Write;
use wasm_bindgen::prelude::*;

/// `{name}{path}: {why}`, where `path` is empty or continues `name`
/// (`.x`, `[2].radius`, or a bare field that gets its dot).
#[cold]
#[inline(never)]
pub fn message(name: &str, path: &str, why: &str) -> JsError {
    let mut m = String::with_capacity(name.len() + path.len() + why.len() + 3);
    m.push_str(name);
    if !path.is_empty() && !path.starts_with('[') && !name.is_empty() {
        m.push('.');
    }
    m.push_str(path);
    if !m.is_empty() {
        m.push_str(": ");
    }
    m.push_str(why);
    JsError::new(&m)
}

/// A core error as a JS `Error`, its field in the API's names.
#[cold]
#[inline(never)]
pub fn from_core(e: Error) -> JsError {
    let mut m = String::new();
    write_field(&mut m, e.field().steps());
    if !m.is_empty() {
        m.push_str(": ");
    }
    let _ = write!(m, "{}", e.reason());
    JsError::new(&m)
}

/// A core error about a value inside argument `name` (the core names the
/// part, the bindings the argument).
#[cold]
#[inline(never)]
pub fn from_core_in(name: &str, e: Error) -> JsError {
    let mut m = String::from(name);
    if !e.field().steps().is_empty() {
        if !matches!(e.field().steps()[0], Step::Index(_)) {
            m.push('.');
        }
        write_field(&mut m, e.field().steps());
    }
    m.push_str(": ");
    let _ = write!(m, "{}", e.reason());
    JsError::new(&m)
}

/// The steps of a field, camelCase, `.` between names, `[i]` for indices.
fn write_field(m: &mut String, steps: &[Step]) {
    for (i, step) in steps.iter().enumerate() {
        match step {
            Step::Name(name) => {
                if i > 0 {
                    m.push('.');
                }
                camel(m, name);
            }
            Step::Index(k) => {
                let _ = write!(m, "[{k}]");
            }
        }
    }
}

/// `max_speed` as `maxSpeed`.
fn camel(m: &mut String, name: &str) {
    let mut upper = false;
    for c in name.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            m.push(c.to_ascii_uppercase());
            upper = false;
        } else {
            m.push(c);
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn rust_names_become_camel_case() {
        let mut m = String::new();
        super::camel(&mut m, "start_angle");
        assert_eq!(m, "startAngle");
    }
}
