//! Results as plain JS values, written by hand: [`ToJs`] and the [`Obj`]
//! builder. Each field costs one out-of-line `Reflect.set` call, where a
//! serde `Serialize` derive through `serde-wasm-bindgen` inlined a generic
//! serializer into every export (tens of kilobytes of wasm in all).
//!
//! The shapes are the ones `serde-wasm-bindgen`'s JSON-compatible serializer
//! wrote, which the published API documents: structs as plain objects with
//! camelCase keys, `None` as `null`, sequences and tuples as arrays.

use arcline::{Arc, Line, Path, Point, Pose, Segment, Vec2};
use js_sys::{Array, Object};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// A plain object written with `o[key] = value` (no `Reflect.set` and
    /// its exception wrapper).
    #[wasm_bindgen(extends = Object)]
    type PlainObject;

    #[wasm_bindgen(method, indexing_setter)]
    fn set(this: &PlainObject, key: &JsValue, value: &JsValue);

    /// A number goes across as an `f64` argument: no JS value to allocate.
    #[wasm_bindgen(method, indexing_setter)]
    fn set_number(this: &PlainObject, key: &JsValue, value: f64);
}

thread_local! {
    /// The JS strings for the keys, made once: the keys are a few dozen
    /// literals, found by address (decoding a key every time made results
    /// 2.5x slower to build).
    static KEYS: RefCell<Vec<(usize, usize, JsValue)>> = const { RefCell::new(Vec::new()) };
}

/// The JS string for a string literal (a key, or a value such as `"arc"`),
/// cached.
#[inline(never)]
fn literal(k: &'static str) -> JsValue {
    let (at, len) = (k.as_ptr() as usize, k.len());
    KEYS.with(|keys| {
        let mut keys = keys.borrow_mut();
        if let Some((_, _, v)) = keys.iter().find(|(a, l, _)| *a == at && *l == len) {
            return v.clone();
        }
        let v = JsValue::from_str(k);
        keys.push((at, len, v.clone()));
        v
    })
}

/// A value that has a JS form.
pub trait ToJs {
    /// The JS value (a number, string, boolean, `null`, array or plain object).
    fn to_js(&self) -> JsValue;
}

/// A plain JS object built one field at a time. Keys are string literals.
pub struct Obj(PlainObject);

impl Obj {
    /// `{}`.
    #[inline(never)]
    pub fn new() -> Obj {
        Obj(Object::new().unchecked_into())
    }

    /// Sets `key` to an already converted value.
    #[inline(never)]
    pub fn set(self, k: &'static str, value: &JsValue) -> Obj {
        self.0.set(&literal(k), value);
        self
    }

    /// Sets `key` to a number.
    #[inline(never)]
    pub fn num(self, k: &'static str, value: f64) -> Obj {
        self.0.set_number(&literal(k), value);
        self
    }

    /// Sets `key` to one of the API's fixed strings (`"arc"`, `"left"`...).
    #[inline(never)]
    pub fn str(self, k: &'static str, value: &'static str) -> Obj {
        self.set(k, &literal(value))
    }

    /// Sets `key` to a string made at run time.
    #[inline(never)]
    pub fn string(self, k: &'static str, value: &str) -> Obj {
        self.set(k, &JsValue::from_str(value))
    }

    /// Sets `reverse: true` on a segment driven backwards (a forward one
    /// has no `reverse`).
    #[inline(never)]
    pub fn reverse(self, reverse: bool) -> Obj {
        if reverse {
            self.set("reverse", &JsValue::TRUE)
        } else {
            self
        }
    }

    /// Sets `key` to any [`ToJs`] value.
    #[inline]
    pub fn field<T: ToJs + ?Sized>(self, k: &'static str, value: &T) -> Obj {
        self.set(k, &value.to_js())
    }

    /// The object.
    pub fn build(self) -> JsValue {
        self.0.into()
    }
}

/// A JS array of the items' JS forms.
#[inline(never)]
fn array<'a, T: ToJs + 'a>(items: impl Iterator<Item = &'a T>) -> JsValue {
    let out = Array::new();
    for item in items {
        out.push(&item.to_js());
    }
    out.into()
}

impl ToJs for f64 {
    fn to_js(&self) -> JsValue {
        JsValue::from_f64(*self)
    }
}

impl ToJs for usize {
    fn to_js(&self) -> JsValue {
        JsValue::from_f64(*self as f64)
    }
}

impl ToJs for u32 {
    fn to_js(&self) -> JsValue {
        JsValue::from_f64(f64::from(*self))
    }
}

impl ToJs for bool {
    fn to_js(&self) -> JsValue {
        JsValue::from_bool(*self)
    }
}

impl ToJs for str {
    fn to_js(&self) -> JsValue {
        JsValue::from_str(self)
    }
}

impl ToJs for &'static str {
    fn to_js(&self) -> JsValue {
        literal(self)
    }
}

impl ToJs for String {
    fn to_js(&self) -> JsValue {
        JsValue::from_str(self)
    }
}

impl<T: ToJs> ToJs for Option<T> {
    fn to_js(&self) -> JsValue {
        match self {
            Some(v) => v.to_js(),
            None => JsValue::NULL,
        }
    }
}

impl<T: ToJs> ToJs for [T] {
    fn to_js(&self) -> JsValue {
        array(self.iter())
    }
}

impl<T: ToJs> ToJs for Vec<T> {
    fn to_js(&self) -> JsValue {
        array(self.iter())
    }
}

impl<T: ToJs, const N: usize> ToJs for [T; N] {
    fn to_js(&self) -> JsValue {
        array(self.iter())
    }
}

/// Already converted (for lists built by hand).
impl ToJs for JsValue {
    fn to_js(&self) -> JsValue {
        self.clone()
    }
}

impl ToJs for Point {
    #[inline(never)]
    fn to_js(&self) -> JsValue {
        Obj::new().num("x", self.x).num("y", self.y).build()
    }
}

impl ToJs for Vec2 {
    fn to_js(&self) -> JsValue {
        Point::new(self.x, self.y).to_js()
    }
}

impl ToJs for Pose {
    #[inline(never)]
    fn to_js(&self) -> JsValue {
        Obj::new()
            .num("x", self.x)
            .num("y", self.y)
            .num("heading", self.heading)
            .build()
    }
}

impl ToJs for Line {
    fn to_js(&self) -> JsValue {
        Obj::new()
            .field("start", &self.start)
            .field("end", &self.end)
            .build()
    }
}

/// A line segment as the published API shapes it: `{ kind: "line", start, end, length }`
/// (and `reverse: true` when driven backwards).
fn line_js(l: &Line) -> JsValue {
    Obj::new()
        .str("kind", "line")
        .field("start", &l.start)
        .field("end", &l.end)
        .num("length", l.length())
        .reverse(l.reverse)
        .build()
}

/// An arc segment: `{ kind: "arc", center, radius, startAngle, sweep, length }`
/// (and `reverse: true` when driven backwards).
fn arc_js(a: &Arc) -> JsValue {
    Obj::new()
        .str("kind", "arc")
        .field("center", &a.center)
        .num("radius", a.radius)
        .num("startAngle", a.start_angle)
        .num("sweep", a.sweep)
        .num("length", a.length())
        .reverse(a.reverse)
        .build()
}

impl ToJs for Segment {
    #[inline(never)]
    fn to_js(&self) -> JsValue {
        match self {
            Segment::Line(l) => line_js(l),
            Segment::Arc(a) => arc_js(a),
        }
    }
}

impl ToJs for Path {
    /// `{ segments, length, word }`.
    #[inline(never)]
    fn to_js(&self) -> JsValue {
        Obj::new()
            .field("segments", self.segments())
            .num("length", self.length())
            .string("word", &self.word())
            .build()
    }
}
