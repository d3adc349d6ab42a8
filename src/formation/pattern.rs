//! Formation patterns: how many slots a pattern has and where each slot sits
//! relative to the formation (a pose in the formation's own frame: +x is the
//! formation's heading, forward; +y is its left).
//!
//! Patterns may scale with the number of occupied slots (Millington's
//! "scalable formations"): a circle grows with its members so neighbours stay
//! `spacing` apart (a defensive circle), and a box keeps a square-ish block.

use super::AssignmentStrategy;
use crate::error::{Error, Reason};
use crate::geom::{math, Point, Pose};
use core::f64::consts::{FRAC_1_SQRT_2, PI, SQRT_2, TAU};
use core::fmt;

/// The largest number of slots any pattern may be given (the cost-based
/// assignment is O(n³): about a second for 1,024 members).
pub const MAX_CAPACITY: usize = 1024;

/// The shapes a formation can take. As data (the `serde` feature):
/// `"line"`, `"column"`, `"v"`, `"circle"` or `"box"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
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

    /// Its name as data: `"line"`, `"column"`, `"v"`, `"circle"`, `"box"`.
    #[must_use]
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
    #[must_use]
    pub fn default_capacity(self) -> usize {
        match self {
            PatternKind::Line | PatternKind::Column => 16,
            PatternKind::V => 15,
            PatternKind::Circle => 24,
            PatternKind::Box => 25,
        }
    }

    /// Whether the slot locations depend on how many slots are occupied.
    #[must_use]
    pub fn is_scalable(self) -> bool {
        matches!(self, PatternKind::Circle | PatternKind::Box)
    }

    /// An upper bound of the distance from the pattern's origin to any of
    /// `capacity` slots, in spacings, however many are occupied.
    fn reach(self, capacity: usize) -> f64 {
        let n = capacity as f64;
        match self {
            PatternKind::Line | PatternKind::Column => n,
            PatternKind::V => n / 2.0 + 1.0,
            // r = s / (2 sin(π / n)) grows with n; sin x ≥ 2x/π below π/2.
            PatternKind::Circle => n / 4.0 + 1.0,
            PatternKind::Box => (ceil_sqrt(capacity) as f64 + 1.0) * SQRT_2,
        }
    }
}

impl fmt::Display for PatternKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A pattern kind with its slot spacing and number of slots. Its spacing is
/// small enough that every slot, and every slot relative to the centre of
/// the occupied ones, is finite (a spacing of `1e306` for 1,024 slots in a
/// line is refused).
///
/// # Examples
/// ```
/// use arcline::formation::{FormationPattern, PatternKind};
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
    /// About `spacing`: [`Reason::NotFinite`], [`Reason::NotPositive`], or
    /// [`Reason::Overflow`] when the slots would not be finite.
    pub fn new(kind: PatternKind, spacing: f64) -> Result<FormationPattern, Error> {
        FormationPattern::with(kind, spacing, kind.default_capacity())
    }

    /// A pattern of `capacity` slots.
    ///
    /// # Errors
    /// About `capacity`: [`Reason::OutOfRange`] outside `1..=MAX_CAPACITY`;
    /// about `spacing`: as [`FormationPattern::new`].
    pub fn with(
        kind: PatternKind,
        spacing: f64,
        capacity: usize,
    ) -> Result<FormationPattern, Error> {
        if capacity == 0 || capacity > MAX_CAPACITY {
            return Err(Error::at(
                "capacity",
                Reason::OutOfRange {
                    min: 1.0,
                    max: MAX_CAPACITY as f64,
                },
            ));
        }
        crate::error::positive(spacing, "spacing")?;
        // Slots, the centre of the occupied ones, and the slots relative to
        // it (at most twice the reach) all finite.
        if !(4.0 * kind.reach(capacity) * spacing).is_finite() {
            return Err(Error::at("spacing", Reason::Overflow));
        }
        Ok(FormationPattern {
            kind,
            spacing,
            capacity,
        })
    }

    /// The same pattern with `capacity` slots.
    ///
    /// # Errors
    /// As [`FormationPattern::with`].
    pub fn with_capacity(self, capacity: usize) -> Result<FormationPattern, Error> {
        FormationPattern::with(self.kind, self.spacing, capacity)
    }

    /// The same pattern with another spacing.
    ///
    /// # Errors
    /// As [`FormationPattern::new`].
    pub fn with_spacing(self, spacing: f64) -> Result<FormationPattern, Error> {
        FormationPattern::with(self.kind, spacing, self.capacity)
    }

    /// The shape.
    #[inline]
    #[must_use]
    pub fn kind(&self) -> PatternKind {
        self.kind
    }

    /// The distance between neighbouring slots.
    #[inline]
    #[must_use]
    pub fn spacing(&self) -> f64 {
        self.spacing
    }

    /// How many slots the pattern supports (Millington's `supportsSlots`).
    #[inline]
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Whether the pattern can hold `n` members.
    #[inline]
    #[must_use]
    pub fn supports(&self, n: usize) -> bool {
        n <= self.capacity
    }

    /// Where slot `slot` sits, relative to the pattern's origin, when
    /// `occupied` slots are in use (scalable patterns spread out with their
    /// members); the pose's heading is the direction the member in the slot
    /// faces, relative to the formation's heading. `None` when `slot` is not
    /// below the capacity. An `occupied` smaller than `slot + 1` counts as
    /// `slot + 1`.
    #[must_use]
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

    /// The drift offset (Millington's `getDriftOffset`): the centre of mass
    /// of the given occupied slots, laid out for `slots.len()` members. Slots
    /// at or past the capacity are skipped; the origin when none is left.
    #[must_use]
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

/// The smallest `c ≥ 1` with `c² ≥ n` (integers only, so no rounding).
fn ceil_sqrt(n: usize) -> usize {
    let mut c = 1usize;
    while c.saturating_mul(c) < n {
        c += 1;
    }
    c
}

/// A change of a formation's pattern: any of its kind, spacing and
/// assignment strategy (`None`: unchanged). As data (the `serde` feature):
/// `{ pattern?, spacing?, assignment? }`.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct PatternChange {
    /// The new shape.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub pattern: Option<PatternKind>,
    /// The new spacing (> 0).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub spacing: Option<f64>,
    /// The new assignment strategy.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub assignment: Option<AssignmentStrategy>,
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
    fn bad_spacing_and_capacity_are_refused() {
        assert_eq!(
            FormationPattern::new(PatternKind::Box, -1.0),
            Err(Error::at("spacing", Reason::NotPositive))
        );
        assert_eq!(
            FormationPattern::new(PatternKind::Box, f64::NAN),
            Err(Error::at("spacing", Reason::NotFinite))
        );
        let p = FormationPattern::new(PatternKind::Line, 1.0).unwrap();
        assert_eq!(
            p.with_capacity(0).unwrap_err().to_string(),
            "capacity: must be from 1 to 1024"
        );
        assert_eq!(p.with_capacity(3).unwrap().capacity(), 3);
    }

    /// The reach bounds every slot of every occupancy (so the overflow check
    /// refuses what could overflow, with a margin of at most 5×).
    #[test]
    fn reach_bounds_every_slot() {
        for kind in PatternKind::ALL {
            for cap in [1usize, 2, 3, 7, 16, 100, MAX_CAPACITY] {
                let p = FormationPattern::with(kind, 1.0, cap).unwrap();
                let mut far: f64 = 0.0;
                for n in 1..=cap.min(130) {
                    for slot in 0..n {
                        let s = p.slot_location(slot, n).unwrap();
                        far = far.max(s.position().distance(Point::ORIGIN));
                    }
                }
                if cap <= 130 {
                    assert!(
                        far <= kind.reach(cap),
                        "{kind} {cap}: {far} > {}",
                        kind.reach(cap)
                    );
                    assert!(kind.reach(cap) <= 5.0 * far.max(1.0), "{kind} {cap}: loose");
                }
                let last = p.slot_location(cap - 1, cap).unwrap().position();
                assert!(last.distance(Point::ORIGIN) <= kind.reach(cap));
            }
        }
    }

    #[test]
    fn a_spacing_whose_slots_would_overflow_is_refused() {
        let e = FormationPattern::with(PatternKind::Line, 1e306, MAX_CAPACITY).unwrap_err();
        assert_eq!(e, Error::at("spacing", Reason::Overflow));
        let p = FormationPattern::with(PatternKind::Line, 1e300, MAX_CAPACITY).unwrap();
        let far = p.slot_location(MAX_CAPACITY - 1, MAX_CAPACITY).unwrap();
        assert!(far.is_finite());
        assert!(p
            .drift_offset(&(0..MAX_CAPACITY).collect::<Vec<_>>())
            .is_finite());
    }
}
