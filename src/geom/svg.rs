//! SVG path data for a [`Path`], with exact elliptical-arc (`A`) commands.

use super::number::push_number;
use super::{Arc, Path, Segment};
use crate::geom::math;
use core::f64::consts::{PI, TAU};

/// Whole turns of one arc drawn turn by turn; an arc of more is drawn as one
/// whole turn and the remainder (the same picture).
const MAX_TURNS: f64 = 32.0;

/// SVG path data in the core's own y-up coordinates: `M` to the start, then
/// `L` for each line and `A` for each arc (split in two when it sweeps a full
/// turn or more, since one `A` cannot draw a whole circle; beyond 32 whole
/// turns, only the first whole turn and the remainder). A positive
/// (counter-clockwise) sweep is SVG's sweep-flag 1, the positive-angle
/// direction. A clothoid is drawn as its arcs within 1e-6 of its length
/// ([`drawing_arcs`]).
///
/// # Examples
/// ```
/// use arcline::{Arc, Path, Point};
/// use arcline::geom::{path_to_svg};
/// let half = Arc::new(Point::new(0.0, 0.0), 1.0, 0.0, core::f64::consts::PI).unwrap();
/// assert_eq!(path_to_svg(&Path::single(half).unwrap()), "M1 0 A1 1 0 0 1 -1 0");
/// ```
#[must_use]
pub fn path_to_svg(path: &Path) -> String {
    let mut out = String::with_capacity(24 * (path.segments().len() + 1));
    let start = path.segments()[0].start();
    out.push('M');
    push_point(&mut out, start.x, start.y);
    for seg in path.segments() {
        match seg {
            Segment::Line(l) => {
                out.push_str(" L");
                push_point(&mut out, l.end.x, l.end.y);
            }
            Segment::Arc(a) => write_arc(&mut out, a),
            Segment::Clothoid(c) => {
                for piece in drawing_arcs(c) {
                    match piece {
                        Segment::Arc(a) => write_arc(&mut out, &a),
                        other => {
                            let end = other.end();
                            out.push_str(" L");
                            push_point(&mut out, end.x, end.y);
                        }
                    }
                }
            }
        }
    }
    out
}

/// A clothoid's lines and arcs within [`DRAWING_TOLERANCE`] of its length
/// (or, when that takes too many, the finest [`as_arcs`] allows).
///
/// [`DRAWING_TOLERANCE`]: super::clothoid_arcs::DRAWING_TOLERANCE
/// [`as_arcs`]: super::distance::as_arcs
pub fn drawing_arcs(c: &super::Clothoid) -> Vec<Segment> {
    c.to_arcs(super::clothoid_arcs::DRAWING_TOLERANCE * c.length + f64::MIN_POSITIVE)
        .unwrap_or_else(|_| super::clothoid_pieces::as_arcs(c))
}

fn push_point(out: &mut String, x: f64, y: f64) {
    push_number(out, x);
    out.push(' ');
    push_number(out, y);
}

fn write_arc(out: &mut String, a: &Arc) {
    // One `A` draws less than a whole turn; a whole turn or more is split
    // into pieces of at most half a turn. Beyond MAX_TURNS whole turns, the
    // turns that retrace the circle are left out: one whole turn and the
    // remainder draw the same picture in a string of bounded length (a sweep
    // of 1e308 would otherwise ask for 3e307 pieces).
    let turns = a.sweep.abs() / TAU;
    let sweep = if turns > MAX_TURNS {
        (TAU + math::fmod(a.sweep.abs(), TAU)).copysign(a.sweep)
    } else {
        a.sweep
    };
    let pieces = if sweep.abs() >= TAU {
        libm::ceil(sweep.abs() / PI) as usize
    } else {
        1
    };
    let step = sweep / pieces as f64;
    let sweep_flag = u8::from(a.sweep > 0.0);
    for k in 1..=pieces {
        let angle = a.start_angle + step * k as f64;
        let end = if k == pieces {
            a.end()
        } else {
            a.point_at_angle(angle)
        };
        let large = u8::from(step.abs() > PI);
        out.push_str(" A");
        push_point(out, a.radius, a.radius);
        out.push_str(if large == 1 { " 0 1 " } else { " 0 0 " });
        out.push(if sweep_flag == 1 { '1' } else { '0' });
        out.push(' ');
        push_point(out, end.x, end.y);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Line, Point};

    #[test]
    fn line_then_clockwise_quarter() {
        let l = Line::new(Point::new(0.0, 0.0), Point::new(2.0, 0.0));
        let a = Arc::new(
            Point::new(2.0, -1.0),
            1.0,
            core::f64::consts::FRAC_PI_2,
            -core::f64::consts::FRAC_PI_2,
        )
        .unwrap();
        let p = Path::new(vec![l.into(), a.into()]).unwrap();
        assert_eq!(path_to_svg(&p), "M0 0 L2 0 A1 1 0 0 0 3 -1");
    }

    #[test]
    fn many_turns_are_drawn_piece_by_piece_up_to_32() {
        // 5 turns: 10 half turns, ending at the start point.
        let a = Arc::new(Point::ORIGIN, 1.0, 0.0, -5.0 * TAU).unwrap();
        let s = path_to_svg(&Path::single(a).unwrap());
        assert_eq!(s.matches(" A").count(), 10);
        assert_eq!(
            s.matches(" 0 0 0 ").count(),
            10,
            "clockwise, small arcs: {s}"
        );
    }

    #[test]
    fn a_sweep_of_1e308_is_one_turn_and_the_remainder() {
        for (radius, sweep) in [(1.0, 1e308), (1e-300, -1e308), (2.0, 1e10 * TAU + 1.0)] {
            let a = Arc::new(Point::new(3.0, 4.0), radius, 0.25, sweep).unwrap();
            let s = path_to_svg(&Path::single(a).unwrap());
            // A whole turn (two halves) and the remainder, which is below a turn.
            let n = s.matches(" A").count();
            assert!((2..=4).contains(&n), "{n} pieces: {s}");
            let mut end = String::new();
            push_point(&mut end, a.end().x, a.end().y);
            assert!(s.ends_with(&end), "{s} should end at {end}");
        }
    }

    #[test]
    fn full_circle_is_two_halves() {
        let a = Arc::new(Point::ORIGIN, 2.0, 0.0, TAU).unwrap();
        let s = path_to_svg(&Path::single(a).unwrap());
        assert_eq!(s.matches(" A").count(), 2);
        assert!(s.ends_with("2 0"));
    }
}
