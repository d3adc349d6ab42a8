//! A solved word as a [`Path`]: arcs of the planner's radius and lines, each
//! segment in its word's gear.
//!
//! The segments before the word's line (or, with no line, all but the last)
//! are laid forwards from the start; those after it backwards from the goal,
//! so the path ends at the goal to rounding; the line leaves along the
//! vehicle's heading. Each arc's sweep has the sign of its direction of
//! travel, zero sweeps included (a zero's sign is its turn, see
//! [`Arc`]), so every letter and gear reads back as the word says.

use super::search::Solution;
use crate::error::{Error, Reason};
use crate::geom::Vec2;
use crate::{Arc, Line, Path, Pose, Segment};
use core::f64::consts::FRAC_PI_2;

/// `+1` for an `L`, `-1` for an `R`.
#[inline]
fn side(letter: char) -> f64 {
    if letter == 'L' {
        1.0
    } else {
        -1.0
    }
}

/// The arc of `letter` driven `a` (its signed heading change, the sign the
/// gear's) whose vehicle pose is `pose` at the end given by `at_end`
/// (`false`: the start). Returns the arc and the vehicle's pose at its other
/// end.
fn arc(pose: Pose, r: f64, letter: char, reverse: bool, a: f64, at_end: bool) -> (Arc, Pose) {
    let s = side(letter);
    // Travel: an L forwards and an R in reverse are counter-clockwise.
    let travel = if reverse { -s } else { s };
    let sweep = travel * a.abs();
    // The heading changes by s·a: +|a| for an L forwards, −|a| in reverse.
    let turn = s * if reverse { -a.abs() } else { a.abs() };
    let center = pose.position() + pose.left() * (s * r);
    let angle = pose.heading - s * FRAC_PI_2;
    let arc = Arc {
        center,
        radius: r,
        start_angle: if at_end { angle - sweep } else { angle },
        sweep,
        reverse,
    };
    let other = if at_end {
        Pose::at(arc.start(), pose.heading - turn)
    } else {
        Pose::at(arc.end(), pose.heading + turn)
    };
    (arc, other)
}

/// The path of `sol` from `start` (whose goal is `goal`) for radius `r`.
///
/// # Errors
/// [`Reason::Overflow`] about `start` should a segment not be finite (never
/// for the planner's checked input).
pub(super) fn build(sol: &Solution, start: Pose, goal: Pose, r: f64) -> Result<Path, Error> {
    let w = sol.word;
    let n = w.len();
    let line = (0..n).find(|&i| w.segment(i).0 == 'S');
    // Forwards up to the line, or all but the last arc.
    let split = line.unwrap_or(n - 1);
    let mut segments = [None; 5];
    let mut pose = start;
    for (i, slot) in segments.iter_mut().enumerate().take(split) {
        let (letter, reverse) = w.segment(i);
        let (a, next) = arc(pose, r, letter, reverse, sol.parts[i], false);
        *slot = Some(Segment::Arc(a));
        pose = next;
    }
    let mut back = goal;
    for i in (split + usize::from(line.is_some())..n).rev() {
        let (letter, reverse) = w.segment(i);
        let (a, prev) = arc(back, r, letter, reverse, sol.parts[i], true);
        segments[i] = Some(Segment::Arc(a));
        back = prev;
    }
    if let Some(k) = line {
        let (_, reverse) = w.segment(k);
        let u = sol.parts[k];
        let length = if reverse { -u.abs() } else { u.abs() };
        let p = pose.position();
        let end = p + Vec2::from_angle(pose.heading) * length;
        segments[k] = Some(Segment::Line(Line::new(p, end).with_reverse(reverse)));
    }
    Path::new(segments.iter().take(n).flatten().copied().collect())
        .map_err(|_| Error::at("start", Reason::Overflow))
}
