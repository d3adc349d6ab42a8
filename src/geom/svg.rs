//! SVG path data for a [`Path`], with exact elliptical-arc (`A`) commands.

use super::number::push_number;
use super::{Arc, Path, Segment};
use core::f64::consts::{PI, TAU};

/// SVG path data in the core's own y-up coordinates: `M` to the start, then
/// `L` for each line and `A` for each arc (split in two when it sweeps a full
/// turn or more, since one `A` cannot draw a whole circle). A positive
/// (counter-clockwise) sweep is SVG's sweep-flag 1, the positive-angle direction.
///
/// # Examples
/// ```
/// use arcline::{path_to_svg, Arc, Path, Point};
/// let half = Arc::new(Point::new(0.0, 0.0), 1.0, 0.0, core::f64::consts::PI).unwrap();
/// assert_eq!(path_to_svg(&Path::single(half).unwrap()), "M1 0 A1 1 0 0 1 -1 0");
/// ```
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
        }
    }
    out
}

fn push_point(out: &mut String, x: f64, y: f64) {
    push_number(out, x);
    out.push(' ');
    push_number(out, y);
}

fn write_arc(out: &mut String, a: &Arc) {
    // One `A` draws less than a whole turn; a whole turn or more is split
    // into pieces of at most half a turn.
    let pieces = if a.sweep.abs() >= TAU {
        libm::ceil(a.sweep.abs() / PI) as usize
    } else {
        1
    };
    let step = a.sweep / pieces as f64;
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
    fn full_circle_is_two_halves() {
        let a = Arc::new(Point::ORIGIN, 2.0, 0.0, TAU).unwrap();
        let s = path_to_svg(&Path::single(a).unwrap());
        assert_eq!(s.matches(" A").count(), 2);
        assert!(s.ends_with("2 0"));
    }
}
