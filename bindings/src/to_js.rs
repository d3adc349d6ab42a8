//! Results to JS: any `serde::Serialize` value (the core's one description
//! of each shape) as plain JS objects, arrays, numbers, strings and `null`,
//! the same values `serde_wasm_bindgen::Serializer::json_compatible()` makes.
//!
//! `serde-wasm-bindgen` crosses into JS for every field (a key, a number, a
//! `Reflect.set`, a drop): 3.5 µs for `planDubins`'s path of three segments.
//! Here the serializer writes the value into one flat buffer of `f64`s in
//! the module's memory (a "tape"), and one call to `js/tape.js` turns it
//! into objects: keys are interned once and sent to JS once, numbers are
//! read straight from memory. A test (`tests/api/conversions.test.mjs`)
//! compares every result shape with serde-wasm-bindgen's.

use serde::ser::{self, Serialize};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/tape.js")]
extern "C" {
    /// The JS half of the conversions, one per module instance.
    pub type Tape;
    #[wasm_bindgen(constructor)]
    fn new(memory: JsValue) -> Tape;
    #[wasm_bindgen(method, js_name = addKeys)]
    fn add_keys(this: &Tape, list: js_sys::Array);
    #[wasm_bindgen(method)]
    fn decode(this: &Tape, start: usize, strings: &JsValue) -> JsValue;
    #[wasm_bindgen(method)]
    pub fn encode(this: &Tape, value: &JsValue, start: usize, cap: usize) -> f64;
    #[wasm_bindgen(method, js_name = takeKeys)]
    pub fn take_keys(this: &Tape) -> Vec<String>;
    #[wasm_bindgen(method, js_name = callStrings)]
    pub fn call_strings(this: &Tape) -> Vec<String>;
}

const NULL: f64 = 0.0;
const FALSE: f64 = 1.0;
const TRUE: f64 = 2.0;
const NUMBER: f64 = 3.0;
const KEY: f64 = 4.0;
const STRING: f64 = 5.0;
const ARRAY: f64 = 6.0;
const OBJECT: f64 = 7.0;
const END: f64 = -1.0;

/// Strings from `serialize_str` up to this length are interned (words like
/// `"RSL"`, kinds like `"arc"`), up to [`MAX_INTERNED`] of them; others go
/// across with the result.
const MAX_INTERNED_LEN: usize = 24;
const MAX_INTERNED: usize = 4096;

/// Short strings and their key index, sorted by content (a binary search:
/// these tables hold tens of strings, and a hash table would be the only
/// one in the module).
#[derive(Default)]
struct ByContent(Vec<(Box<str>, u32)>);

impl ByContent {
    fn get(&self, s: &str) -> Option<u32> {
        self.0
            .binary_search_by(|(k, _)| (**k).cmp(s))
            .ok()
            .map(|i| self.0[i].1)
    }

    fn insert(&mut self, s: &str, index: u32) {
        if let Err(at) = self.0.binary_search_by(|(k, _)| (**k).cmp(s)) {
            self.0.insert(at, (s.into(), index));
        }
    }

    fn len(&self) -> usize {
        self.0.len()
    }
}

/// The key table, mirrored in `js/tape.js`: static strings by address,
/// short dynamic strings by content.
struct Keys {
    /// A direct-mapped cache in front of `by_address` (a key's address
    /// picks its slot): most results hit it for every field.
    recent: [(usize, usize, u32); 256],
    /// `(address, length, index)`, sorted: searched only when `recent`
    /// misses (a new key, or two keys in one slot), so a binary search does,
    /// and it needs no second hash table in the module.
    by_address: Vec<(usize, usize, u32)>,
    by_content: ByContent,
    count: u32,
}

impl Default for Keys {
    fn default() -> Keys {
        Keys {
            recent: [(0, 0, 0); 256],
            by_address: Vec::new(),
            by_content: ByContent::default(),
            count: 0,
        }
    }
}

thread_local! {
    static KEYS: RefCell<Keys> = RefCell::new(Keys::default());
    static TAPE: RefCell<Vec<f64>> = const { RefCell::new(Vec::new()) };
}

/// The serializer's error: a shape the tape cannot carry (never for the
/// crate's own types). Boxed, so that every `Result` a shape's writer
/// passes along is one word.
#[derive(Debug)]
pub struct Unsupported(Box<Message>);

/// What [`Unsupported`] says.
#[derive(Debug)]
struct Message(String);

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0 .0)
    }
}

impl std::error::Error for Unsupported {}

impl ser::Error for Unsupported {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        Unsupported(Box::new(Message(msg.to_string())))
    }
}

thread_local! {
    /// This instance's JS half (the module is single-threaded).
    pub static JS: Tape = Tape::new(wasm_bindgen::memory());
}

/// `value` as a plain JS value.
///
/// # Errors
/// A JS `Error` (`internal: ...`) if the value has a shape the tape does
/// not carry (byte strings, maps with non-string keys).
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    let mut tape = TAPE.with(|t| std::mem::take(&mut *t.borrow_mut()));
    tape.clear();
    let (written, new_keys, strings) = KEYS.with(|keys| {
        let mut keys = keys.borrow_mut();
        let mut w = Writer {
            tape: &mut tape,
            keys: &mut keys,
            new_keys: Vec::new(),
            strings: Vec::new(),
        };
        let written = value.serialize(&mut w);
        (written, w.new_keys, w.strings)
    });
    decode(tape, written, new_keys, strings)
}

/// The JS value of a written tape (out of line: the same code for every
/// shape written).
#[inline(never)]
fn decode(
    tape: Vec<f64>,
    written: Result<(), Unsupported>,
    new_keys: Vec<String>,
    strings: Vec<String>,
) -> Result<JsValue, JsError> {
    if !new_keys.is_empty() {
        let list = js_sys::Array::new();
        for k in new_keys {
            list.push(&JsValue::from_str(&k));
        }
        JS.with(|js| js.add_keys(list));
    }
    let out = match written {
        Ok(()) => {
            let strings = if strings.is_empty() {
                JsValue::UNDEFINED
            } else {
                strings
                    .iter()
                    .map(|s| JsValue::from_str(s))
                    .collect::<js_sys::Array>()
                    .into()
            };
            Ok(JS.with(|js| js.decode(tape.as_ptr() as usize / 8, &strings)))
        }
        Err(e) => Err(JsError::new(&format!("internal: {e}"))),
    };
    TAPE.with(|t| *t.borrow_mut() = tape);
    out
}

/// Writes one value onto the tape.
struct Writer<'a> {
    tape: &'a mut Vec<f64>,
    keys: &'a mut Keys,
    /// Keys made during this call, to send to JS before decoding.
    new_keys: Vec<String>,
    /// Strings that go across with this result (long or not interned).
    strings: Vec<String>,
}

impl Writer<'_> {
    /// The index of a static string (a field or variant name).
    #[inline]
    fn key(&mut self, k: &'static str) -> f64 {
        let (addr, len) = (k.as_ptr() as usize, k.len());
        let slot = (addr ^ (addr >> 8)) & 255;
        let (a, l, i) = self.keys.recent[slot];
        if a == addr && l == len {
            return f64::from(i);
        }
        let i = self.slow_key(k);
        self.keys.recent[slot] = (addr, len, i);
        f64::from(i)
    }

    #[inline(never)]
    fn slow_key(&mut self, k: &'static str) -> u32 {
        let at = (k.as_ptr() as usize, k.len());
        let table = &self.keys.by_address;
        match table.binary_search_by(|&(a, l, _)| (a, l).cmp(&at)) {
            Ok(found) => table[found].2,
            Err(place) => {
                let i = self.new_key(k);
                self.keys.by_address.insert(place, (at.0, at.1, i));
                i
            }
        }
    }

    #[inline(never)]
    fn new_key(&mut self, k: &str) -> u32 {
        let i = self.keys.count;
        self.keys.count += 1;
        self.new_keys.push(k.to_string());
        i
    }

    /// A string value: interned when short (and the table has room),
    /// otherwise carried with the result.
    fn string(&mut self, s: &str) {
        if s.len() <= MAX_INTERNED_LEN {
            if let Some(i) = self.keys.by_content.get(s) {
                self.tape.extend_from_slice(&[KEY, f64::from(i)]);
                return;
            }
            if self.keys.by_content.len() < MAX_INTERNED {
                let i = self.new_key(s);
                self.keys.by_content.insert(s, i);
                self.tape.extend_from_slice(&[KEY, f64::from(i)]);
                return;
            }
        }
        let i = self.strings.len() as f64;
        self.strings.push(s.to_string());
        self.tape.extend_from_slice(&[STRING, i]);
    }

    #[inline]
    fn number(&mut self, v: f64) {
        self.tape.extend_from_slice(&[NUMBER, v]);
    }
}

type Done = Result<(), Unsupported>;

impl<'w, 'a> ser::Serializer for &'w mut Writer<'a> {
    type Ok = ();
    type Error = Unsupported;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    fn serialize_bool(self, v: bool) -> Done {
        self.tape.push(if v { TRUE } else { FALSE });
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Done {
        self.number(f64::from(v));
        Ok(())
    }
    fn serialize_i16(self, v: i16) -> Done {
        self.number(f64::from(v));
        Ok(())
    }
    fn serialize_i32(self, v: i32) -> Done {
        self.number(f64::from(v));
        Ok(())
    }
    fn serialize_i64(self, v: i64) -> Done {
        self.number(v as f64);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Done {
        self.number(f64::from(v));
        Ok(())
    }
    fn serialize_u16(self, v: u16) -> Done {
        self.number(f64::from(v));
        Ok(())
    }
    fn serialize_u32(self, v: u32) -> Done {
        self.number(f64::from(v));
        Ok(())
    }
    fn serialize_u64(self, v: u64) -> Done {
        self.number(v as f64);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Done {
        self.number(f64::from(v));
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> Done {
        self.number(v);
        Ok(())
    }
    fn serialize_char(self, v: char) -> Done {
        self.string(v.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Done {
        self.string(v);
        Ok(())
    }
    fn serialize_bytes(self, _: &[u8]) -> Done {
        Err(Unsupported(Box::new(Message(
            "byte strings are not a JS result".into(),
        ))))
    }
    fn serialize_none(self) -> Done {
        self.tape.push(NULL);
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Done {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Done {
        self.tape.push(NULL);
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Done {
        self.tape.push(NULL);
        Ok(())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Done {
        let k = self.key(variant);
        self.tape.extend_from_slice(&[KEY, k]);
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, v: &T) -> Done {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        v: &T,
    ) -> Done {
        let k = self.key(variant);
        self.tape.extend_from_slice(&[OBJECT, k]);
        v.serialize(&mut *self)?;
        self.tape.push(END);
        Ok(())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self, Unsupported> {
        self.tape.push(ARRAY);
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self, Unsupported> {
        self.tape.push(ARRAY);
        Ok(self)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self, Unsupported> {
        self.tape.push(ARRAY);
        Ok(self)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Self, Unsupported> {
        let k = self.key(variant);
        self.tape.extend_from_slice(&[OBJECT, k, ARRAY]);
        Ok(self)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self, Unsupported> {
        self.tape.push(OBJECT);
        Ok(self)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Unsupported> {
        self.tape.push(OBJECT);
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Self, Unsupported> {
        let k = self.key(variant);
        self.tape.extend_from_slice(&[OBJECT, k, OBJECT]);
        Ok(self)
    }
}

impl ser::SerializeSeq for &mut Writer<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Done {
        v.serialize(&mut **self)
    }
    fn end(self) -> Done {
        self.tape.push(END);
        Ok(())
    }
}

impl ser::SerializeTuple for &mut Writer<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Done {
        v.serialize(&mut **self)
    }
    fn end(self) -> Done {
        self.tape.push(END);
        Ok(())
    }
}

impl ser::SerializeTupleStruct for &mut Writer<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Done {
        v.serialize(&mut **self)
    }
    fn end(self) -> Done {
        self.tape.push(END);
        Ok(())
    }
}

impl ser::SerializeTupleVariant for &mut Writer<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Done {
        v.serialize(&mut **self)
    }
    fn end(self) -> Done {
        self.tape.extend_from_slice(&[END, END]);
        Ok(())
    }
}

impl ser::SerializeMap for &mut Writer<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, k: &T) -> Done {
        let name = k.serialize(MapKey)?;
        let i = match self.keys.by_content.get(&name) {
            Some(i) => i,
            None => {
                let i = self.new_key(&name);
                self.keys.by_content.insert(&name, i);
                i
            }
        };
        self.tape.push(f64::from(i));
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Done {
        v.serialize(&mut **self)
    }
    fn end(self) -> Done {
        self.tape.push(END);
        Ok(())
    }
}

impl ser::SerializeStruct for &mut Writer<'_> {
    type Ok = ();
    type Error = Unsupported;
    #[inline]
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, v: &T) -> Done {
        let k = self.key(key);
        self.tape.push(k);
        v.serialize(&mut **self)
    }
    fn end(self) -> Done {
        self.tape.push(END);
        Ok(())
    }
}

impl ser::SerializeStructVariant for &mut Writer<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, v: &T) -> Done {
        let k = self.key(key);
        self.tape.push(k);
        v.serialize(&mut **self)
    }
    fn end(self) -> Done {
        self.tape.extend_from_slice(&[END, END]);
        Ok(())
    }
}

/// A map key: only strings (JS object keys).
struct MapKey;

impl ser::Serializer for MapKey {
    type Ok = String;
    type Error = Unsupported;
    type SerializeSeq = ser::Impossible<String, Unsupported>;
    type SerializeTuple = ser::Impossible<String, Unsupported>;
    type SerializeTupleStruct = ser::Impossible<String, Unsupported>;
    type SerializeTupleVariant = ser::Impossible<String, Unsupported>;
    type SerializeMap = ser::Impossible<String, Unsupported>;
    type SerializeStruct = ser::Impossible<String, Unsupported>;
    type SerializeStructVariant = ser::Impossible<String, Unsupported>;

    fn serialize_str(self, v: &str) -> Result<String, Unsupported> {
        Ok(v.to_string())
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        v: &'static str,
    ) -> Result<String, Unsupported> {
        Ok(v.to_string())
    }
    fn serialize_u32(self, v: u32) -> Result<String, Unsupported> {
        Ok(v.to_string())
    }
    fn serialize_u64(self, v: u64) -> Result<String, Unsupported> {
        Ok(v.to_string())
    }
    fn serialize_bool(self, _: bool) -> Result<String, Unsupported> {
        Err(not_a_key())
    }
    fn serialize_i8(self, _: i8) -> Result<String, Unsupported> {
        Err(not_a_key())
    }
    fn serialize_i16(self, _: i16) -> Result<String, Unsupported> {
        Err(not_a_key())
    }
    fn serialize_i32(self, _: i32) -> Result<String, Unsupported> {
        Err(not_a_key())
    }
    fn serialize_i64(self, _: i64) -> Result<String, Unsupported> {
        Err(not_a_key())
    }
    fn serialize_u8(self, _: u8) -> Result<String, Unsupported> {
        Err(not_a_key())
    }
    fn serialize_u16(self, _: u16) -> Result<String, Unsupported> {
        Err(not_a_key())
    }
    fn serialize_f32(self, _: f32) -> Result<String, Unsupported> {
        Err(not_a_key())
    }
    fn serialize_f64(self, _: f64) -> Result<String, Unsupported> {
        Err(not_a_key())
    }
    fn serialize_char(self, _: char) -> Result<String, Unsupported> {
        Err(not_a_key())
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<String, Unsupported> {
        Err(not_a_key())
    }
    fn serialize_none(self) -> Result<String, Unsupported> {
        Err(not_a_key())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<String, Unsupported> {
        Err(not_a_key())
    }
    fn serialize_unit(self) -> Result<String, Unsupported> {
        Err(not_a_key())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<String, Unsupported> {
        Err(not_a_key())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<String, Unsupported> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<String, Unsupported> {
        Err(not_a_key())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Unsupported> {
        Err(not_a_key())
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Unsupported> {
        Err(not_a_key())
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Unsupported> {
        Err(not_a_key())
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Unsupported> {
        Err(not_a_key())
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Unsupported> {
        Err(not_a_key())
    }
    fn serialize_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStruct, Unsupported> {
        Err(not_a_key())
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Unsupported> {
        Err(not_a_key())
    }
}

#[cold]
fn not_a_key() -> Unsupported {
    Unsupported(Box::new(Message(
        "a map key must be a string or a whole number".into(),
    )))
}
