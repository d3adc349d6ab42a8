//! Formation patterns: how many slots a pattern has and where each slot sits
//! relative to the formation (a pose in the formation's own frame: +x is the
//! formation's heading, forward; +y is its left).
//!
//! Patterns may scale with the number of occupied slots (Millington's
//! "scalable formations"): a circle grows with its members so neighbours stay
//! `spacing` apart (a defensive circle), and a box keeps a square-ish block.

use super::FormationError;
use crate::geom::math;
use crate::{Point, Pose};
use core::f64::consts::{FRAC_1_SQRT_2, PI, TAU};
use core::fmt;
use core::str::FromStr;

/// The largest number of slots any pattern may be given (the cost-based
/// assignment is O(n³): about a second for 1,024 members).
pub const MAX_CAPACITY: usize = 1024;

/// The shapes a formation can take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PatternKind {
    /// Side by side, abreast, perpendicular to the heading; slot 0 on the left.
    Line,
    /// One behind the other (single file); slot 0 at the front.
    Column,
    /// A wedge: slot 0 leads, the others trail on two arms at 45°, alternately
    /// left and right, `spacing` apart along each arm.
    V,
    /// A defensive circle facing outwards; its radius grows with the number of
    /// members so that neighbours are `spacing` apart (a chord).
    Circle,
    /// A filled block of ranks and files, `ceil(√n)` wide, front rank first.
    Box,
}

impl PatternKind {
    /// Every pattern, in the order the API lists them.
    pub const ALL: [PatternKind; 5] = [
        PatternKind::Line,
        PatternKind::Column,
        PatternKind::V,
        PatternKind::Circle,
        PatternKind::Box,
    ];

    /// The name used by the JS API (`"line"`, `"column"`, `"v"`, `"circle"`, `"box"`).
    pub fn name(self) -> &'static str {
        match self {
            PatternKind::Line => "line",
            PatternKind::Column => "column",
            PatternKind::V => "v",
            PatternKind::Circle => "circle",
            PatternKind::Box => "box",
        }
    }

    /// The number of slots a pattern of this kind has unless told otherwise.
    pub fn default_capacity(self) -> usize {
        match self {
            PatternKind::Line | PatternKind::Column => 16,
            PatternKind::V => 15,
            PatternKind::Circle => 24,
            PatternKind::Box => 25,
        }
    }

    /// Whether the slot locations depend on how many slots are occupied.
    pub fn is_scalable(self) -> bool {
        matches!(self, PatternKind::Circle | PatternKind::Box)
    }
}

impl fmt::Display for PatternKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for PatternKind {
    type Err = FormationError;

    /// # Errors
    /// [`FormationError::UnknownPattern`] for any name but the five above
    /// (exact, lower case).
    fn from_str(s: &str) -> Result<PatternKind, FormationError> {
        PatternKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| FormationError::UnknownPattern(s.to_string()))
    }
}

/// A pattern kind with its slot spacing and number of slots.
///
/// # Examples
/// ```
/// use arcline::{FormationPattern, PatternKind};
/// let line = FormationPattern::new(PatternKind::Line, 2.0).unwrap();
/// // The third slot of a line is two spacings to the right of the first.
/// assert_eq!(line.slot_location(2, 3).unwrap().y, -4.0);
/// assert!(FormationPattern::new(PatternKind::Line, 0.0).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FormationPattern {
    kind: PatternKind,
    spacing: f64,
    capacity: usize,
}

impl FormationPattern {
    /// A pattern with `spacing` between neighbouring slots and the kind's
    /// default capacity.
    ///
    /// # Errors
    /// [`FormationError::NonFinite`] for a NaN or infinite spacing,
    /// [`FormationError::NonPositiveSpacing`] for spacing ≤ 0.
    pub fn new(kind: PatternKind, spacing: f64) -> Result<FormationPattern, FormationError> {
        check_spacing(spacing)?;
        Ok(FormationPattern {
            kind,
            spacing,
            capacity: kind.default_capacity(),
        })
    }

    /// The same pattern with `capacity` slots.
    ///
    /// # Errors
    /// [`FormationError::InvalidCapacity`] outside `1..=MAX_CAPACITY`.
    pub fn with_capacity(self, capacity: usize) -> Result<FormationPattern, FormationError> {
        if capacity == 0 || capacity > MAX_CAPACITY {
            return Err(FormationError::InvalidCapacity(capacity));
        }
        Ok(FormationPattern { capacity, ..self })
    }

    /// The same pattern with another spacing.
    ///
    /// # Errors
    /// As [`FormationPattern::new`].
    pub fn with_spacing(self, spacing: f64) -> Result<FormationPattern, FormationError> {
        check_spacing(spacing)?;
        Ok(FormationPattern { spacing, ..self })
    }

    #[inline]
    pub fn kind(&self) -> PatternKind {
        self.kind
    }

    #[inline]
    pub fn spacing(&self) -> f64 {
        self.spacing
    }

    /// How many slots the pattern supports (Millington's `supportsSlots`).
    #[inline]
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Whether the pattern can hold `n` members.
    #[inline]
    pub fn supports(&self, n: usize) -> bool {
        n <= self.capacity
    }

    /// Where slot `slot` sits, relative to the pattern's origin, when
    /// `occupied` slots are in use (scalable patterns spread out with their
    /// members); the pose's heading is the direction the member in the slot
    /// faces, relative to the formation's heading. `None` when `slot` is not
    /// below the capacity. An `occupied` smaller than `slot + 1` counts as
    /// `slot + 1`.
    pub fn slot_location(&self, slot: usize, occupied: usize) -> Option<Pose> {
        if slot >= self.capacity {
            return None;
        }
        let n = occupied.max(slot + 1);
        let s = self.spacing;
        let i = slot as f64;
        Some(match self.kind {
            PatternKind::Line => Pose::new(0.0, -i * s, 0.0),
            PatternKind::Column => Pose::new(-i * s, 0.0, 0.0),
            PatternKind::V => {
                if slot == 0 {
                    Pose::new(0.0, 0.0, 0.0)
                } else {
                    let k = slot.div_ceil(2) as f64;
                    let side = if slot % 2 == 1 { 1.0 } else { -1.0 };
                    let d = k * s * FRAC_1_SQRT_2;
                    Pose::new(-d, side * d, 0.0)
                }
            }
            PatternKind::Circle => {
                if n == 1 {
                    Pose::new(0.0, 0.0, 0.0)
                } else {
                    // Neighbours `s` apart: chord 2 r sin(π / n) = s.
                    let nf = n as f64;
                    let r = s / (2.0 * math::sin(PI / nf));
                    let a = TAU * i / nf;
                    let p = Point::ORIGIN.polar(r, a);
                    Pose::new(p.x, p.y, a)
                }
            }
            PatternKind::Box => {
                let cols = ceil_sqrt(n);
                let row = (slot / cols) as f64;
                let col = (slot % cols) as f64;
                Pose::new(-row * s, -col * s, 0.0)
            }
        })
    }

    /// The drift offset (the seed's `getDriftOffset`): the centre of mass of
    /// the given occupied slots, laid out for `slots.len()` members. Slots at
    /// or past the capacity are skipped; the origin when none is left.
    pub fn drift_offset(&self, slots: &[usize]) -> Point {
        let n = slots.len();
        let (mut sx, mut sy, mut count) = (0.0, 0.0, 0usize);
        for &slot in slots {
            if let Some(p) = self.slot_location(slot, n) {
                sx += p.x;
                sy += p.y;
                count += 1;
            }
        }
        if count == 0 {
            Point::ORIGIN
        } else {
            Point::new(sx / count as f64, sy / count as f64)
        }
    }
}

fn check_spacing(spacing: f64) -> Result<(), FormationError> {
    if !spacing.is_finite() {
        Err(FormationError::NonFinite("spacing"))
    } else if spacing <= 0.0 {
        Err(FormationError::NonPositiveSpacing)
    } else {
        Ok(())
    }
}

/// The smallest `c ≥ 1` with `c² ≥ n` (integers only, so no rounding).
fn ceil_sqrt(n: usize) -> usize {
    let mut c = 1usize;
    while c.saturating_mul(c) < n {
        c += 1;
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    fn near(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn every_pattern_holds_at_least_seven() {
        for k in PatternKind::ALL {
            let p = FormationPattern::new(k, 1.0).unwrap();
            assert!(p.capacity() >= 7, "{k}");
            for i in 0..7 {
                assert!(p.slot_location(i, 7).is_some());
            }
            assert!(p.slot_location(p.capacity(), 7).is_none());
        }
    }

    #[test]
    fn circle_neighbours_are_one_spacing_apart_for_any_size() {
        let p = FormationPattern::new(PatternKind::Circle, 3.0).unwrap();
        for n in 2..20 {
            let a = p.slot_location(0, n).unwrap().position();
            let b = p.slot_location(1, n).unwrap().position();
            assert!(near(a.distance(b), 3.0), "n = {n}");
        }
        // Two members stand one spacing apart, across a circle of radius s/2.
        assert!(near(p.slot_location(1, 2).unwrap().x, -1.5));
    }

    #[test]
    fn circle_faces_outwards() {
        let p = FormationPattern::new(PatternKind::Circle, 1.0).unwrap();
        let s = p.slot_location(2, 8).unwrap();
        assert!(near(s.heading, PI / 2.0));
        assert!(near(s.x, 0.0) && s.y > 0.0);
    }

    #[test]
    fn box_is_square_ish() {
        let p = FormationPattern::new(PatternKind::Box, 1.0).unwrap();
        // 7 members: 3 wide, so slot 3 starts the second rank.
        assert_eq!(
            p.slot_location(3, 7).unwrap().position(),
            Point::new(-1.0, 0.0)
        );
        assert_eq!(
            p.slot_location(2, 4).unwrap().position(),
            Point::new(-1.0, 0.0)
        );
        assert_eq!(ceil_sqrt(0), 1);
        assert_eq!(ceil_sqrt(9), 3);
        assert_eq!(ceil_sqrt(10), 4);
    }

    #[test]
    fn v_arms_alternate_left_and_right() {
        let p = FormationPattern::new(PatternKind::V, 2.0).unwrap();
        let l = p.slot_location(1, 3).unwrap();
        let r = p.slot_location(2, 3).unwrap();
        assert!(l.y > 0.0 && r.y < 0.0 && near(l.x, r.x) && l.x < 0.0);
        assert!(near(l.position().distance(Point::ORIGIN), 2.0));
    }

    #[test]
    fn drift_offset_is_the_centre_of_the_occupied_slots() {
        let p = FormationPattern::new(PatternKind::Line, 1.0).unwrap();
        assert_eq!(p.drift_offset(&[0, 1, 2]), Point::new(0.0, -1.0));
        assert_eq!(p.drift_offset(&[0, 2]), Point::new(0.0, -1.0));
        assert_eq!(p.drift_offset(&[]), Point::ORIGIN);
        let c = FormationPattern::new(PatternKind::Circle, 1.0).unwrap();
        let d = c.drift_offset(&[0, 1, 2, 3, 4]);
        assert!(d.x.abs() < 1e-12 && d.y.abs() < 1e-12);
    }

    #[test]
    fn bad_spacing_and_names_are_refused() {
        assert_eq!(
            FormationPattern::new(PatternKind::Box, -1.0),
            Err(FormationError::NonPositiveSpacing)
        );
        assert_eq!(
            FormationPattern::new(PatternKind::Box, f64::NAN),
            Err(FormationError::NonFinite("spacing"))
        );
        assert!("hexagon".parse::<PatternKind>().is_err());
        assert_eq!("v".parse::<PatternKind>(), Ok(PatternKind::V));
        let p = FormationPattern::new(PatternKind::Line, 1.0).unwrap();
        assert!(p.with_capacity(0).is_err());
        assert_eq!(p.with_capacity(3).unwrap().capacity(), 3);
    }
}
