//! `drawPath`: any Arcline path on a canvas, with the canvas's own exact
//! `arc()` and `lineTo()` calls (web-sys), and `curvatureProfile`, what a
//! plot of its curvature draws; in every module.

use crate::from_js::path as path_arg;
use crate::shape;
use arcline::{Path, Segment};
use serde::Deserialize;
use wasm_bindgen::prelude::*;
use web_sys::CanvasRenderingContext2d;

/// How [`draw_path`] strokes, in the units of the context's transform.
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct PathStyle {
    /// A CSS colour (the context's current one when absent).
    stroke_style: Option<String>,
    /// The line width (the context's current one when absent).
    line_width: Option<f64>,
    /// The dash pattern (solid when absent).
    dash: Option<Vec<f64>>,
}

#[wasm_bindgen(typescript_custom_section)]
const PATH_STYLE: &str = r#"
/** How `drawPath` strokes: lengths in the units of the context's transform. */
export type PathStyle = { strokeStyle?: string; lineWidth?: number; dash?: number[] };
"#;

#[wasm_bindgen]
extern "C" {
    /// [`PathStyle`] as the signature names it.
    #[wasm_bindgen(typescript_type = "PathStyle")]
    pub type PathStyleArg;
}

/// Adds the segments of `path` to `ctx`'s current path: `moveTo` its start,
/// then `lineTo` for a line and `arc` for an arc (its centre, radius, start
/// angle, end angle = start + sweep, anticlockwise = sweep < 0), and for a
/// clothoid its arcs within 1e-6 of its length (`drawing_arcs`).
fn trace(ctx: &CanvasRenderingContext2d, path: &Path) -> Result<(), JsValue> {
    let start = path.segments()[0].start();
    ctx.move_to(start.x, start.y);
    for s in path.segments() {
        trace_segment(ctx, s)?;
    }
    Ok(())
}

/// One segment of [`trace`].
fn trace_segment(ctx: &CanvasRenderingContext2d, s: &Segment) -> Result<(), JsValue> {
    {
        match s {
            Segment::Line(l) => ctx.line_to(l.end.x, l.end.y),
            Segment::Arc(a) => ctx.arc_with_anticlockwise(
                a.center.x,
                a.center.y,
                a.radius,
                a.start_angle,
                a.start_angle + a.sweep,
                a.sweep < 0.0,
            )?,
            Segment::Clothoid(c) => {
                for piece in arcline::geom::drawing_arcs(c) {
                    trace_segment(ctx, &piece)?;
                }
            }
        }
    }
    Ok(())
}

/// `curvatureProfile(path)`: the curvature along `path` as breakpoints
/// `{ distance, curvature }`, two per segment (its start and end), linear
/// in between; a jump shows as two points at one distance.
#[wasm_bindgen(js_name = curvatureProfile)]
pub fn curvature_profile(path: shape::PathInput) -> Result<shape::CurvaturePointList, JsError> {
    let path = path_arg(path, "path")?;
    crate::to_js::to_js(&arcline::geom::curvature_profile(&path))
}

/// `drawPath(ctx, path, style?)`: draws `path` in the core's coordinates (x
/// right, y up, angles counter-clockwise). Set the context's transform so
/// that y points up, for example `ctx.setTransform(s, 0, 0, -s, x0, y0)` for
/// `s` pixels per unit with the origin at `(x0, y0)`; arcs then turn the
/// way their sweep says. Without `style` the segments are added to the
/// current path (no `beginPath`, no stroke), to fill or stroke yourself; with
/// `style` a new path is begun and stroked, and the context's stroke
/// settings are restored afterwards.
#[wasm_bindgen(js_name = drawPath)]
pub fn draw_path(
    ctx: &CanvasRenderingContext2d,
    path: shape::PathInput,
    style: Option<PathStyleArg>,
) -> Result<(), JsError> {
    let path = path_arg(path, "path")?;
    let style: Option<PathStyle> =
        crate::from_js::optional(style.map_or(JsValue::UNDEFINED, JsValue::from), "style")?;
    let failed = |_| crate::error::message("ctx", "", "refused an arc (a negative radius?)");
    match style {
        None => trace(ctx, &path).map_err(failed),
        Some(s) => {
            ctx.save();
            if let Some(c) = &s.stroke_style {
                ctx.set_stroke_style_str(c);
            }
            if let Some(w) = s.line_width {
                ctx.set_line_width(w);
            }
            if let Some(d) = &s.dash {
                let list: js_sys::Array = d.iter().map(|&v| JsValue::from_f64(v)).collect();
                let _ = ctx.set_line_dash(&list);
            }
            ctx.begin_path();
            let traced = trace(ctx, &path);
            if traced.is_ok() {
                ctx.stroke();
            }
            ctx.restore();
            traced.map_err(failed)
        }
    }
}
