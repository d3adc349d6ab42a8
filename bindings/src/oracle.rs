//! The tape conversions against serde-wasm-bindgen, the library they stand
//! in for: on every shape of the planner and geometry, `to_js` writes the
//! same JS values as `serde_wasm_bindgen::Serializer::json_compatible()`,
//! and `from_js` reads back what serde-wasm-bindgen's `to_value` wrote.
//! (Run in Node by `make test-wasm`.)

use crate::from_js::arg;
use crate::to_js::to_js;
use arcline::planner::{dubins_candidates, reeds_shepp_shortest, turn_then_go_sides};
use arcline::{Arc, Line, Path, Point, Pose, Segment};
use serde::{de::DeserializeOwned, Serialize};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;

fn json(v: &JsValue) -> String {
    js_sys::JSON::stringify(v).unwrap().as_string().unwrap()
}

fn same_as_serde_wasm_bindgen<T: Serialize>(v: &T) {
    let ours = to_js(v).map_err(JsValue::from).unwrap();
    let theirs = v
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap();
    assert_eq!(json(&ours), json(&theirs));
}

fn reads_back<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(v: &T) {
    let js = serde_wasm_bindgen::to_value(v).unwrap();
    let back: T = arg(js, "v").map_err(JsValue::from).unwrap();
    assert_eq!(&back, v);
}

fn paths() -> Vec<Path> {
    let mut out = Vec::new();
    let mut s: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s >> 11) as f64 / (1u64 << 53) as f64
    };
    for _ in 0..200 {
        let a = Pose::new(next() * 20.0 - 10.0, next() * 20.0 - 10.0, next() * 7.0);
        let b = Pose::new(next() * 20.0 - 10.0, next() * 20.0 - 10.0, next() * 7.0);
        let radius = 0.5 + next() * 3.0;
        for (_, p) in dubins_candidates(a, b, radius).unwrap() {
            out.push(p);
        }
        // Segments driven in reverse (`reverse: true`) too.
        out.push(reeds_shepp_shortest(a, b, radius).unwrap());
    }
    out.push(
        Path::single(Line::new(
            Point::new(-0.0, 1e-300),
            Point::new(1e300, -5e-324),
        ))
        .unwrap(),
    );
    out.push(Path::single(Arc::new(Point::ORIGIN, 1.0, -0.0, -0.0).unwrap()).unwrap());
    out
}

#[wasm_bindgen_test]
fn results_are_the_values_serde_wasm_bindgen_writes() {
    for p in paths() {
        same_as_serde_wasm_bindgen(&p);
        same_as_serde_wasm_bindgen(&p.segments()[0]);
        same_as_serde_wasm_bindgen(&p.end_pose());
    }
    let sides = turn_then_go_sides(Pose::new(0.0, 0.0, 0.0), Point::new(0.0, 0.5), 1.0).unwrap();
    same_as_serde_wasm_bindgen(&sides);
    same_as_serde_wasm_bindgen(&vec![Some(1.5), None]);
    same_as_serde_wasm_bindgen(&"a string longer than the interning limit of the tape");
}

/// Structs with a result shape's keys in another order, or with one key
/// more or fewer, keep their own keys (they are not built by that shape's
/// literal).
#[wasm_bindgen_test]
fn a_struct_is_built_by_a_shape_literal_only_when_its_keys_are_that_shape() {
    #[derive(Serialize)]
    struct YX {
        y: f64,
        x: f64,
    }
    #[derive(Serialize)]
    struct XYZ {
        x: f64,
        y: f64,
        z: f64,
    }
    #[derive(Serialize)]
    struct X {
        x: f64,
    }
    #[derive(Serialize)]
    struct Nested {
        x: XYZ,
        y: Point,
    }
    same_as_serde_wasm_bindgen(&YX { y: 1.0, x: 2.0 });
    same_as_serde_wasm_bindgen(&XYZ {
        x: 1.0,
        y: 2.0,
        z: 3.0,
    });
    same_as_serde_wasm_bindgen(&X { x: 1.0 });
    let nested = Nested {
        x: XYZ {
            x: 1.0,
            y: 2.0,
            z: 3.0,
        },
        y: Point::new(4.0, 5.0),
    };
    same_as_serde_wasm_bindgen(&nested);
    // A shape's object is a plain object, as any other result.
    let point = to_js(&Point::new(1.0, 2.0)).map_err(JsValue::from).unwrap();
    let plain = js_sys::Object::get_prototype_of(&js_sys::Object::new().into());
    assert!(js_sys::Object::is(
        &js_sys::Object::get_prototype_of(&point).into(),
        &plain.into()
    ));
}

#[wasm_bindgen_test]
fn arguments_read_back_what_serde_wasm_bindgen_writes() {
    for p in paths() {
        reads_back(&p);
        reads_back::<Segment>(&p.segments()[0]);
        reads_back(&p.start_pose());
        reads_back(&Point::new(p.length(), -p.length()));
    }
}

#[wasm_bindgen_test]
fn a_bad_value_is_named_by_its_path() {
    let bad = js_sys::JSON::parse(
        r#"{"segments":[{"kind":"line","start":{"x":0,"y":0},"end":{"x":1,"y":0}},{"kind":"arc","center":{"x":"1","y":0},"radius":1,"startAngle":0,"sweep":1}]}"#,
    )
    .unwrap();
    let e = crate::from_js::path(bad, "path")
        .map_err(JsValue::from)
        .unwrap_err();
    let m = js_sys::Error::from(e).message().as_string().unwrap();
    assert_eq!(m, "path.segments[1].center.x: must be a number");
    let missing = js_sys::JSON::parse(r#"{"x":1,"y":2}"#).unwrap();
    let e = arg::<Pose>(missing, "start")
        .map_err(JsValue::from)
        .unwrap_err();
    assert_eq!(
        js_sys::Error::from(e).message().as_string().unwrap(),
        "start.heading: is missing"
    );
}
