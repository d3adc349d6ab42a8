//! Arguments from JS: any `serde::Deserialize` shape (the core's one
//! description of each), read from a tape that one call to `js/tape.js`
//! writes into the module's memory, with the path to a bad value kept
//! (`path.segments[2].center.x: must be a number`).
//!
//! This is the job of `serde-wasm-bindgen` (and `serde_path_to_error` for
//! the paths); measured on this API, that pair added 41 KB gzipped to the
//! planner's module (its messages format floats, pulling in `core::fmt`'s
//! float printing) and read two poses in 0.8 µs, where this reads them in
//! a tenth of that. The bindings' tests check both readers give the same
//! values on every shape (`tests/conversions.rs`).
//!
//! NaN and infinities pass here; the core refuses them, with errors that
//! [`crate::error`] words the same way.

use serde::de::{self, DeserializeOwned, DeserializeSeed, Expected, Unexpected, Visitor};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

use crate::to_js::{Tape, JS};

const NULL: f64 = 0.0;
const FALSE: f64 = 1.0;
const TRUE: f64 = 2.0;
const NUMBER: f64 = 3.0;
const STRING: f64 = 4.0;
const CALL_STRING: f64 = 5.0;
const ARRAY: f64 = 6.0;
const OBJECT: f64 = 7.0;
const END: f64 = -1.0;
const UNDEFINED: f64 = 8.0;
const OTHER: f64 = 9.0;
const TOO_DEEP: f64 = 10.0;

thread_local! {
    /// The strings `js/tape.js` has interned, by its index.
    static KEYS: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    static TAPE: RefCell<Vec<f64>> = const { RefCell::new(Vec::new()) };
}

/// The JS value `value` of argument `name` as a `T`.
///
/// # Errors
/// `{name}: is missing` for `undefined` or `null`, and for a missing field
/// `{name}.{field...}: is missing`; `must be a number`, `must be an
/// object`, ... for a value of the wrong type; `unknown kind` for a
/// variant that does not exist.
pub fn arg<T: DeserializeOwned>(value: JsValue, name: &str) -> Result<T, JsError> {
    read(&value, name)
}

/// An optional argument: `None` for `undefined` or `null`.
///
/// # Errors
/// As [`arg`].
#[allow(dead_code)] // used by the steering and road bindings
pub fn optional<T: DeserializeOwned>(value: JsValue, name: &str) -> Result<Option<T>, JsError> {
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
        None if value.is_undefined() || value.is_null() => {
            Err(crate::error::message(name, "", "is missing"))
        }
        None => Err(crate::error::message(name, "", "must be a number")),
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
        Err(crate::error::message(name, "", WHOLE))
    }
}

/// A path argument: its shape read, then checked by the core.
///
/// # Errors
/// As [`arg`], and the core's errors about the path within `name`.
pub fn path(value: JsValue, name: &str) -> Result<arcline::Path, JsError> {
    let shape: arcline::geom::shape::PathShape = arg(value, name)?;
    arcline::Path::try_from(shape).map_err(|e| crate::error::from_core_in(name, e))
}

/// A finite number argument.
///
/// # Errors
/// As [`number`], and `{name}: must be a finite number`.
pub fn finite(value: &JsValue, name: &str) -> Result<f64, JsError> {
    let v = number(value, name)?;
    if v.is_finite() {
        Ok(v)
    } else {
        Err(crate::error::message(name, "", "must be a finite number"))
    }
}

const WHOLE: &str = "must be a whole number from 0 to 4294967295";

/// `value` (argument `name`) read as a `T`; `undefined` and `null` are
/// missing (told from the tape, without a call to JS to ask).
fn read<T: DeserializeOwned>(value: &JsValue, name: &str) -> Result<T, JsError> {
    let (tape, strings) = encode(value, name)?;
    let out = KEYS.with(|keys| {
        let keys = keys.borrow();
        let mut d = Reader {
            tape: &tape,
            at: 0,
            keys: &keys,
            strings: &strings,
        };
        T::deserialize(&mut d)
    });
    TAPE.with(|t| *t.borrow_mut() = tape);
    out.map_err(|e| e.to_js(name))
}

/// The tape of `value` (argument `name`) and the strings that go with it
/// (out of line: the same code for every shape read).
///
/// # Errors
/// `{name}: is missing` for `undefined` and `null`.
#[inline(never)]
fn encode(value: &JsValue, name: &str) -> Result<(Vec<f64>, Vec<String>), JsError> {
    let mut tape = TAPE.with(|t| std::mem::take(&mut *t.borrow_mut()));
    if tape.capacity() < 64 {
        tape.reserve(64);
    }
    let mut r = JS.with(|js| js.encode(value, tape.as_ptr() as usize / 8, tape.capacity()));
    if r < 0.0 {
        tape.reserve(-r as usize);
        r = JS.with(|js| js.encode(value, tape.as_ptr() as usize / 8, tape.capacity()));
    }
    let flags = r as u64;
    let used = (flags / 4) as usize;
    // SAFETY: `tape_encode` wrote `used` (≤ capacity) f64s at the start of
    // the allocation; f64 has no invalid bit patterns.
    unsafe { tape.set_len(used.min(tape.capacity())) };
    if flags & 1 != 0 {
        let new = JS.with(Tape::take_keys);
        KEYS.with(|k| k.borrow_mut().extend(new));
    }
    if matches!(tape.first(), Some(&op) if op == UNDEFINED || op == NULL) {
        TAPE.with(|t| *t.borrow_mut() = tape);
        return Err(crate::error::message(name, "", "is missing"));
    }
    let strings = if flags & 2 != 0 {
        JS.with(Tape::call_strings)
    } else {
        Vec::new()
    };
    Ok((tape, strings))
}

/// Reads one value from the tape.
struct Reader<'a> {
    tape: &'a [f64],
    at: usize,
    keys: &'a [String],
    strings: &'a [String],
}

impl<'a> Reader<'a> {
    #[inline]
    fn peek(&self) -> f64 {
        self.tape.get(self.at).copied().unwrap_or(END)
    }

    #[inline]
    fn next(&mut self) -> f64 {
        let v = self.peek();
        self.at += 1;
        v
    }

    /// The string at the operand (after a STRING, CALL_STRING or OTHER op).
    fn string(&mut self, op: f64) -> &'a str {
        let i = self.next() as usize;
        let list = if op == STRING {
            self.keys
        } else {
            self.strings
        };
        list.get(i).map_or("", String::as_str)
    }

    /// Skips the value at the cursor.
    fn skip(&mut self) {
        let op = self.next();
        if op == NUMBER || op == STRING || op == CALL_STRING || op == OTHER {
            self.at += 1;
        } else if op == ARRAY {
            while self.peek() != END {
                self.skip();
            }
            self.at += 1;
        } else if op == OBJECT {
            while self.peek() != END {
                self.at += 1;
                self.skip();
            }
            self.at += 1;
        }
    }

    /// The error for the value at the cursor not being `expected`.
    #[cold]
    fn wrong(&mut self, expected: Want) -> DeError {
        let op = self.peek();
        if op == NULL || op == UNDEFINED {
            DeError::new(Why::Missing)
        } else if op == TOO_DEEP {
            DeError::new(Why::TooDeep)
        } else {
            DeError::new(Why::Type(expected))
        }
    }

    fn number(&mut self, want: Want) -> Result<f64, DeError> {
        if self.peek() == NUMBER {
            self.at += 1;
            Ok(self.next())
        } else {
            Err(self.wrong(want))
        }
    }

    fn whole(&mut self, max: f64) -> Result<f64, DeError> {
        let v = self.number(Want::Whole)?;
        if v >= 0.0 && v <= max && v.fract() == 0.0 {
            Ok(v)
        } else {
            Err(DeError::new(Why::Type(Want::Whole)))
        }
    }
}

/// What kind of JS value a shape needed.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Want {
    Number,
    Whole,
    Boolean,
    String,
    Array,
    Object,
    Nothing,
}

/// Why a value could not be read.
#[derive(Debug, PartialEq)]
enum Why {
    Missing,
    Type(Want),
    Unknown {
        got: String,
        expected: &'static [&'static str],
    },
    TooDeep,
    Other(String),
}

/// Where in the argument, innermost last.
#[derive(Debug, PartialEq)]
enum Step {
    Key(String),
    Index(usize),
}

/// A value that could not be read as the shape: where, and why. Boxed, so
/// that every `Result` a shape's reader passes along is two words (this
/// halves the size of the derived readers in wasm).
#[derive(Debug, PartialEq)]
pub struct DeError(Box<Problem>);

/// Where and why.
#[derive(Debug, PartialEq)]
struct Problem {
    /// Innermost first (steps are added as the error returns outwards).
    path: Vec<Step>,
    why: Why,
}

impl DeError {
    #[cold]
    #[inline(never)]
    fn new(why: Why) -> DeError {
        DeError(Box::new(Problem {
            path: Vec::new(),
            why,
        }))
    }

    #[cold]
    #[inline(never)]
    fn at(mut self, step: Step) -> DeError {
        self.0.path.push(step);
        self
    }

    /// `self` inside the field `key` (out of line: every field of every
    /// shape returns its errors through here).
    #[cold]
    #[inline(never)]
    fn at_key(self, key: &str) -> DeError {
        self.at(Step::Key(key.into()))
    }

    /// The JS `Error` about argument `name`.
    #[cold]
    #[inline(never)]
    fn to_js(&self, name: &str) -> JsError {
        let mut path = String::new();
        for step in self.0.path.iter().rev() {
            match step {
                Step::Key(k) => {
                    path.push('.');
                    path.push_str(k);
                }
                Step::Index(i) => {
                    path.push('[');
                    path.push_str(&i.to_string());
                    path.push(']');
                }
            }
        }
        let why: String = match &self.0.why {
            Why::Missing => "is missing".into(),
            Why::Type(w) => match w {
                Want::Number => "must be a number",
                Want::Whole => WHOLE,
                Want::Boolean => "must be true or false",
                Want::String => "must be a string",
                Want::Array => "must be an array",
                Want::Object => "must be an object",
                Want::Nothing => "must be null",
            }
            .into(),
            Why::Unknown { got, expected } => {
                let mut m = format!("unknown kind \"{got}\" (expected ");
                for (i, e) in expected.iter().enumerate() {
                    if i > 0 {
                        m.push_str(if i + 1 == expected.len() {
                            " or "
                        } else {
                            ", "
                        });
                    }
                    m.push('"');
                    m.push_str(e);
                    m.push('"');
                }
                m.push(')');
                m
            }
            Why::TooDeep => "is nested too deeply".into(),
            Why::Other(m) => m.clone(),
        };
        let path = path.strip_prefix('.').unwrap_or(&path);
        crate::error::message(name, path, &why)
    }
}

impl std::fmt::Display for DeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the argument does not have the shape")
    }
}

impl std::error::Error for DeError {}

impl de::Error for DeError {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        DeError::new(Why::Other(msg.to_string()))
    }

    /// Worded from what was expected; `unexp` is not formatted (printing
    /// its float would bring in `core::fmt`'s float formatting).
    fn invalid_type(unexp: Unexpected, exp: &dyn Expected) -> Self {
        if matches!(unexp, Unexpected::Unit | Unexpected::Option) {
            return DeError::new(Why::Missing);
        }
        let e = exp.to_string();
        let want = if e.starts_with('f') {
            Want::Number
        } else if e.starts_with('u') || e.starts_with('i') {
            Want::Whole
        } else if e.contains("sequence") || e.contains("tuple") || e.contains("array") {
            Want::Array
        } else if e.contains("string") || e.contains("identifier") || e.contains("char") {
            Want::String
        } else if e.contains("bool") {
            Want::Boolean
        } else {
            Want::Object
        };
        DeError::new(Why::Type(want))
    }

    fn invalid_value(_: Unexpected, exp: &dyn Expected) -> Self {
        DeError::new(Why::Other(format!("must be {exp}")))
    }

    fn missing_field(field: &'static str) -> Self {
        DeError::new(Why::Missing).at(Step::Key(field.into()))
    }

    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Self {
        DeError::new(Why::Unknown {
            got: variant.into(),
            expected,
        })
    }
}

type R<T> = Result<T, DeError>;

impl<'de> de::Deserializer<'de> for &mut Reader<'_> {
    type Error = DeError;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        let op = self.peek();
        if op == NUMBER {
            self.at += 1;
            v.visit_f64(self.next())
        } else if op == STRING || op == CALL_STRING {
            self.at += 1;
            let s = self.string(op);
            v.visit_str(s)
        } else if op == TRUE || op == FALSE {
            self.at += 1;
            v.visit_bool(op == TRUE)
        } else if op == NULL || op == UNDEFINED {
            self.at += 1;
            v.visit_unit()
        } else if op == ARRAY {
            self.deserialize_seq(v)
        } else if op == OBJECT {
            self.deserialize_map(v)
        } else if op == OTHER {
            self.at += 2;
            Err(DeError::new(Why::Type(Want::Object)))
        } else {
            Err(self.wrong(Want::Object))
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        let op = self.peek();
        if op == TRUE || op == FALSE {
            self.at += 1;
            v.visit_bool(op == TRUE)
        } else {
            Err(self.wrong(Want::Boolean))
        }
    }

    fn deserialize_f64<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        v.visit_f64(self.number(Want::Number)?)
    }

    fn deserialize_f32<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        v.visit_f64(self.number(Want::Number)?)
    }

    fn deserialize_u8<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        v.visit_u8(self.whole(255.0)? as u8)
    }

    fn deserialize_u16<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        v.visit_u16(self.whole(65535.0)? as u16)
    }

    fn deserialize_u32<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        v.visit_u32(self.whole(f64::from(u32::MAX))? as u32)
    }

    fn deserialize_u64<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        v.visit_u64(self.whole(9_007_199_254_740_991.0)? as u64)
    }

    fn deserialize_i8<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        self.deserialize_i64(v)
    }

    fn deserialize_i16<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        self.deserialize_i64(v)
    }

    fn deserialize_i32<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        self.deserialize_i64(v)
    }

    fn deserialize_i64<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        let x = self.number(Want::Whole)?;
        if x.fract() == 0.0 && x.abs() <= 9_007_199_254_740_991.0 {
            v.visit_i64(x as i64)
        } else {
            Err(DeError::new(Why::Type(Want::Whole)))
        }
    }

    fn deserialize_char<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        self.deserialize_str(v)
    }

    fn deserialize_str<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        let op = self.peek();
        if op == STRING || op == CALL_STRING {
            self.at += 1;
            let s = self.string(op);
            v.visit_str(s)
        } else {
            Err(self.wrong(Want::String))
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        self.deserialize_str(v)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        self.deserialize_seq(v)
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        self.deserialize_seq(v)
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        let op = self.peek();
        if op == NULL || op == UNDEFINED {
            self.at += 1;
            v.visit_none()
        } else {
            v.visit_some(self)
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        let op = self.peek();
        if op == NULL || op == UNDEFINED {
            self.at += 1;
            v.visit_unit()
        } else {
            Err(DeError::new(Why::Type(Want::Nothing)))
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, _: &'static str, v: V) -> R<V::Value> {
        self.deserialize_unit(v)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _: &'static str, v: V) -> R<V::Value> {
        v.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        if self.peek() == ARRAY {
            self.at += 1;
            let out = v.visit_seq(Items { r: self, index: 0 })?;
            // Items the visitor did not take (a tuple of fewer).
            while self.peek() != END {
                self.skip();
            }
            self.at += 1;
            Ok(out)
        } else {
            Err(self.wrong(Want::Array))
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _: usize, v: V) -> R<V::Value> {
        self.deserialize_seq(v)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: usize,
        v: V,
    ) -> R<V::Value> {
        self.deserialize_seq(v)
    }

    fn deserialize_map<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        if self.peek() == OBJECT {
            self.at += 1;
            let out = v.visit_map(Fields { r: self, key: None })?;
            while self.peek() != END {
                self.at += 1;
                self.skip();
            }
            self.at += 1;
            Ok(out)
        } else {
            Err(self.wrong(Want::Object))
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        v: V,
    ) -> R<V::Value> {
        self.deserialize_map(v)
    }

    /// A unit variant as its name (`"driving"`); other variants as
    /// `{ name: value }`.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        v: V,
    ) -> R<V::Value> {
        let op = self.peek();
        if op == STRING || op == CALL_STRING {
            v.visit_enum(UnitVariant { r: self })
        } else if op == OBJECT {
            self.at += 1;
            let out = v.visit_enum(Variant { r: self })?;
            while self.peek() != END {
                self.at += 1;
                self.skip();
            }
            self.at += 1;
            Ok(out)
        } else {
            Err(self.wrong(Want::String))
        }
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        self.deserialize_str(v)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, v: V) -> R<V::Value> {
        self.skip();
        v.visit_unit()
    }
}

/// The items of an array.
struct Items<'r, 'a> {
    r: &'r mut Reader<'a>,
    index: usize,
}

impl<'de> de::SeqAccess<'de> for Items<'_, '_> {
    type Error = DeError;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> R<Option<T::Value>> {
        if self.r.peek() == END {
            return Ok(None);
        }
        let i = self.index;
        self.index += 1;
        seed.deserialize(&mut *self.r)
            .map(Some)
            .map_err(|e| e.at(Step::Index(i)))
    }
}

/// The fields of an object.
struct Fields<'r, 'a> {
    r: &'r mut Reader<'a>,
    /// The key of the value to read next.
    key: Option<&'a str>,
}

impl<'de> de::MapAccess<'de> for Fields<'_, '_> {
    type Error = DeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> R<Option<K::Value>> {
        if self.r.peek() == END {
            return Ok(None);
        }
        let i = self.r.next() as usize;
        let key = self.r.keys.get(i).map_or("", String::as_str);
        self.key = Some(key);
        seed.deserialize(de::value::StrDeserializer::<DeError>::new(key))
            .map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> R<V::Value> {
        let key = self.key.take().unwrap_or("");
        seed.deserialize(&mut *self.r).map_err(|e| e.at_key(key))
    }
}

/// A unit variant given as a string.
struct UnitVariant<'r, 'a> {
    r: &'r mut Reader<'a>,
}

impl<'de> de::EnumAccess<'de> for UnitVariant<'_, '_> {
    type Error = DeError;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> R<(V::Value, Self)> {
        let v = seed.deserialize(&mut *self.r)?;
        Ok((v, self))
    }
}

impl<'de> de::VariantAccess<'de> for UnitVariant<'_, '_> {
    type Error = DeError;

    fn unit_variant(self) -> R<()> {
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, _: T) -> R<T::Value> {
        Err(DeError::new(Why::Type(Want::Object)))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _: usize, _: V) -> R<V::Value> {
        Err(DeError::new(Why::Type(Want::Object)))
    }

    fn struct_variant<V: Visitor<'de>>(self, _: &'static [&'static str], _: V) -> R<V::Value> {
        Err(DeError::new(Why::Type(Want::Object)))
    }
}

/// A variant given as `{ name: value }` (the cursor is on the key).
struct Variant<'r, 'a> {
    r: &'r mut Reader<'a>,
}

impl<'de> de::EnumAccess<'de> for Variant<'_, '_> {
    type Error = DeError;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> R<(V::Value, Self)> {
        if self.r.peek() == END {
            return Err(DeError::new(Why::Type(Want::String)));
        }
        let i = self.r.next() as usize;
        let key = self.r.keys.get(i).map_or("", String::as_str);
        let v = seed.deserialize(de::value::StrDeserializer::<DeError>::new(key))?;
        Ok((v, self))
    }
}

impl<'de> de::VariantAccess<'de> for Variant<'_, '_> {
    type Error = DeError;

    fn unit_variant(self) -> R<()> {
        self.r.skip();
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> R<T::Value> {
        seed.deserialize(&mut *self.r)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _: usize, v: V) -> R<V::Value> {
        de::Deserializer::deserialize_seq(&mut *self.r, v)
    }

    fn struct_variant<V: Visitor<'de>>(self, _: &'static [&'static str], v: V) -> R<V::Value> {
        de::Deserializer::deserialize_map(&mut *self.r, v)
    }
}
