//! The formation manager (Millington's `FormationManager`): members, their slot
//! assignments, the drift offset, the anchor, and each member's slot target.
//!
//! It is a function of the member states handed to [`FormationManager::update`],
//! so it plugs into any world: the caller owns the vehicles, passes their
//! positions and velocities in, and steers each one to the slot target it gets
//! back (for example with an arrive behaviour).
//!
//! Each member's target is `anchor + rotate(slot − drift offset, heading)`,
//! where the drift offset is the centre of mass of the occupied slots, so the
//! centroid of the slot targets is always the anchor.

use super::anchor::{Anchor, AnchorInput, Followed};
use super::{
    min_cost_assignment, AssignmentStrategy, FormationParams, FormationPattern, FormationTarget,
    PatternChange,
};
use crate::error::{Error, Reason};
use crate::geom::{math, normalize_angle, Path, Point, Pose, Vec2};
use crate::steering::VehicleId;

/// What the manager needs to know about a member each update. Members are
/// named by [`VehicleId`]s (a game with units of its own uses its unit
/// numbers as ids).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MemberState {
    /// Which member.
    pub id: VehicleId,
    /// Where it is.
    pub position: Point,
    /// Its velocity.
    pub velocity: Vec2,
}

/// A member's slot and where the slot is this update. As data (the `serde`
/// feature): `{ vehicle, slot, target }`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct SlotTarget {
    /// The member.
    pub vehicle: VehicleId,
    /// Its slot number in the pattern.
    pub slot: usize,
    /// The slot's position and the heading the member should face there.
    pub target: Pose,
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Member {
    id: VehicleId,
    slot: usize,
    /// The last state handed to `update`, if any yet.
    state: Option<(Point, Vec2)>,
}

/// A formation: a pattern, its members and the two-level steering that moves
/// them. See the module documentation.
///
/// # Examples
/// ```
/// use arcline::formation::{AssignmentStrategy, FormationManager, FormationPattern, MemberState, PatternKind};
/// use arcline::steering::VehicleId;
/// use arcline::{Point, Vec2};
/// let pattern = FormationPattern::new(PatternKind::Line, 2.0).unwrap();
/// let mut f = FormationManager::new(pattern, AssignmentStrategy::MinCost);
/// assert!(f.add_member(VehicleId(7)));
/// assert!(f.add_member(VehicleId(9)));
/// let states = [
///     MemberState { id: VehicleId(7), position: Point::new(0.0, 0.0), velocity: Vec2::ZERO },
///     MemberState { id: VehicleId(9), position: Point::new(0.0, 4.0), velocity: Vec2::ZERO },
/// ];
/// let targets = f.update(&states, 0.0);
/// // Two members abreast, 2 apart, centred on their centre of mass (0, 2).
/// assert_eq!(targets.len(), 2);
/// assert!((targets[0].target.position().distance(targets[1].target.position()) - 2.0).abs() < 1e-12);
/// assert!(f.anchor().position().distance(Point::new(0.0, 2.0)) < 1e-12);
/// ```
#[derive(Debug, Clone)]
pub struct FormationManager {
    pattern: FormationPattern,
    strategy: AssignmentStrategy,
    params: FormationParams,
    /// In joining order.
    members: Vec<Member>,
    /// Slot location minus drift offset, for slots `0..members.len()`.
    offsets: Vec<Pose>,
    drift: Point,
    anchor: Anchor,
    center: Option<(Point, Vec2)>,
    target: Option<FormationTarget>,
    followed: Option<Followed>,
    targets: Vec<SlotTarget>,
    /// A cost-based reassignment is due at the next update (membership,
    /// pattern or target changed). Travel is measured to the slots where
    /// they are that update: members then move with their slots, so that is
    /// the travel an assignment decides.
    reassign: bool,
    scratch_cost: Vec<f64>,
}

impl FormationManager {
    /// An empty formation at the origin, heading +x, with default parameters.
    pub fn new(pattern: FormationPattern, strategy: AssignmentStrategy) -> FormationManager {
        FormationManager {
            pattern,
            strategy,
            params: FormationParams::default(),
            members: Vec::new(),
            offsets: Vec::new(),
            drift: Point::ORIGIN,
            anchor: Anchor::default(),
            center: None,
            target: None,
            followed: None,
            targets: Vec::new(),
            reassign: false,
            scratch_cost: Vec::new(),
        }
    }

    /// The same formation with other parameters.
    ///
    /// # Errors
    /// As [`set_params`](Self::set_params).
    pub fn with_params(mut self, params: FormationParams) -> Result<Self, Error> {
        self.set_params(params)?;
        Ok(self)
    }

    /// Changes the tuning.
    ///
    /// # Errors
    /// As [`FormationParams::validated`], and [`Reason::Overflow`] about
    /// `leash` or `slowing_radius` when it times the spacing is not finite;
    /// nothing changes on error.
    pub fn set_params(&mut self, params: FormationParams) -> Result<(), Error> {
        let params = params.validated()?;
        params.check_scaled(self.pattern.spacing())?;
        self.params = params;
        Ok(())
    }

    /// Puts the anchor (and the formation's heading) somewhere, e.g. before
    /// any member has joined. Updates pull it back to the members.
    ///
    /// # Errors
    /// [`Reason::NotFinite`] about `pose` for a NaN or infinite pose.
    pub fn set_anchor(&mut self, pose: Pose) -> Result<(), Error> {
        if !pose.is_finite() {
            return Err(Error::at("pose", Reason::NotFinite));
        }
        self.anchor.pose = Pose::at(pose.position(), normalize_angle(pose.heading));
        self.anchor.velocity = Vec2::ZERO;
        self.refresh_targets();
        Ok(())
    }

    // ----- membership ---------------------------------------------------

    /// Adds a member (Millington's `addCharacter`). `false` when the pattern
    /// has no free slot. Adding a member that is already in the formation
    /// keeps its slot and returns `true`.
    pub fn add_member(&mut self, id: VehicleId) -> bool {
        if self.is_member(id) {
            return true;
        }
        if !self.pattern.supports(self.members.len() + 1) {
            return false;
        }
        let slot = self.members.len();
        self.members.push(Member {
            id,
            slot,
            state: None,
        });
        self.membership_changed();
        true
    }

    /// Removes a member (a unit killed, or one leaving); the others close
    /// ranks. `false` if it was not a member.
    pub fn remove_member(&mut self, id: VehicleId) -> bool {
        let Some(i) = self.index_of(id) else {
            return false;
        };
        self.members.remove(i);
        // Close ranks at once, keeping the members' order of slots; a
        // cost-based strategy refines this at the next update.
        // (slot, index) gives a stable sort's order; the keys are distinct,
        // so any sort gives the same order.
        let mut order: Vec<(usize, usize)> = self
            .members
            .iter()
            .enumerate()
            .map(|(k, m)| (m.slot, k))
            .collect();
        heap_sort(&mut order);
        for (slot, &(_, k)) in order.iter().enumerate() {
            if let Some(m) = self.members.get_mut(k) {
                m.slot = slot;
            }
        }
        self.membership_changed();
        true
    }

    fn membership_changed(&mut self) {
        if self.strategy == AssignmentStrategy::Sequential {
            self.assign_sequential();
        } else {
            self.reassign = true;
        }
        self.recompute_offsets();
        self.refresh_targets();
    }

    /// Whether `id` is a member.
    #[inline]
    #[must_use]
    pub fn is_member(&self, id: VehicleId) -> bool {
        self.index_of(id).is_some()
    }

    fn index_of(&self, id: VehicleId) -> Option<usize> {
        self.members.iter().position(|m| m.id == id)
    }

    /// The number of members.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.members.len()
    }

    /// Whether the formation has no member.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    /// Whether no other member can join.
    #[inline]
    #[must_use]
    pub fn is_full(&self) -> bool {
        !self.pattern.supports(self.members.len() + 1)
    }

    /// The members, in joining order.
    pub fn members(&self) -> impl Iterator<Item = VehicleId> + '_ {
        self.members.iter().map(|m| m.id)
    }

    /// The slot a member holds.
    #[must_use]
    pub fn slot_of(&self, id: VehicleId) -> Option<usize> {
        self.index_of(id)
            .and_then(|i| self.members.get(i))
            .map(|m| m.slot)
    }

    // ----- pattern and strategy ------------------------------------------

    /// The pattern.
    #[inline]
    #[must_use]
    pub fn pattern(&self) -> &FormationPattern {
        &self.pattern
    }

    /// Changes the pattern (kind, spacing or capacity); slots are laid out
    /// again and, with the cost-based strategy, reassigned at the next update.
    ///
    /// # Errors
    /// [`Reason::PatternTooSmall`] about `pattern` when the members would
    /// not fit; [`Reason::Overflow`] about `spacing` when the tuning's
    /// distances in spacings would not be finite.
    pub fn set_pattern(&mut self, pattern: FormationPattern) -> Result<(), Error> {
        if !pattern.supports(self.members.len()) {
            return Err(Error::at(
                "pattern",
                Reason::PatternTooSmall {
                    capacity: pattern.capacity(),
                    members: self.members.len(),
                },
            ));
        }
        if self.params.check_scaled(pattern.spacing()).is_err() {
            return Err(Error::at("spacing", Reason::Overflow));
        }
        self.pattern = pattern;
        self.reassign = self.strategy == AssignmentStrategy::MinCost;
        self.recompute_offsets();
        self.refresh_targets();
        Ok(())
    }

    /// How slots are handed out.
    #[inline]
    #[must_use]
    pub fn strategy(&self) -> AssignmentStrategy {
        self.strategy
    }

    /// Changes any of the pattern's kind and spacing and the assignment
    /// strategy (what `change` leaves out stays). A new kind gets its default
    /// capacity; the same kind keeps the capacity it had.
    ///
    /// # Errors
    /// As [`FormationPattern::with`] (about `spacing`) and
    /// [`set_pattern`](Self::set_pattern) (about `pattern` or `spacing`);
    /// nothing changes on error.
    ///
    /// # Examples
    /// ```
    /// use arcline::formation::{AssignmentStrategy, FormationManager, FormationPattern, PatternChange, PatternKind};
    /// let mut f = FormationManager::new(FormationPattern::new(PatternKind::Line, 1.0).unwrap(), AssignmentStrategy::Sequential);
    /// f.change_pattern(&PatternChange { spacing: Some(3.0), ..Default::default() }).unwrap();
    /// assert_eq!((f.pattern().kind(), f.pattern().spacing()), (PatternKind::Line, 3.0));
    /// ```
    pub fn change_pattern(&mut self, change: &PatternChange) -> Result<(), Error> {
        let current = self.pattern;
        let kind = change.pattern.unwrap_or(current.kind());
        let spacing = change.spacing.unwrap_or(current.spacing());
        let capacity = if kind == current.kind() {
            current.capacity()
        } else {
            kind.default_capacity()
        };
        let pattern = FormationPattern::with(kind, spacing, capacity)?;
        self.set_pattern(pattern)?;
        if let Some(s) = change.assignment {
            self.set_strategy(s);
        }
        Ok(())
    }

    /// Changes the assignment strategy: sequential renumbers at once in
    /// joining order; cost-based reassigns at the next update.
    pub fn set_strategy(&mut self, strategy: AssignmentStrategy) {
        self.strategy = strategy;
        match strategy {
            AssignmentStrategy::Sequential => {
                self.reassign = false;
                self.assign_sequential();
                self.refresh_targets();
            }
            AssignmentStrategy::MinCost => self.reassign = true,
        }
    }

    /// The tuning.
    #[inline]
    #[must_use]
    pub fn params(&self) -> &FormationParams {
        &self.params
    }

    /// The slowing radius members arrive at their slots with: the tuning's
    /// [`slowing_radius`](FormationParams::slowing_radius) (in spacings)
    /// times the spacing (always finite: both setters check the product).
    #[inline]
    #[must_use]
    pub fn slowing_radius(&self) -> f64 {
        self.params.slowing_radius * self.pattern.spacing()
    }

    // ----- target ----------------------------------------------------------

    /// Sends the formation to a point or a pose (stops following a path).
    /// With the cost-based strategy, members are reassigned at the next
    /// update (to the slots as they are then).
    ///
    /// # Errors
    /// [`Reason::NotFinite`] about `target.x`, `target.y` or
    /// `target.heading`; nothing changes then.
    pub fn set_target(&mut self, target: FormationTarget) -> Result<(), Error> {
        target.check()?;
        self.target = Some(target);
        self.followed = None;
        self.reassign |= self.strategy == AssignmentStrategy::MinCost;
        Ok(())
    }

    /// Stops moving: the formation stays with its members.
    pub fn clear_target(&mut self) {
        self.target = None;
        self.followed = None;
    }

    /// The anchor follows `path` from its start (for example a turning-radius
    /// path planned from [`anchor`](Self::anchor) to a goal pose), taking the
    /// path's heading; at its end the target becomes the end pose. The
    /// formation turns rigidly along the path, so slots are not reassigned.
    pub fn follow_path(&mut self, path: Path) {
        let end = path.end_pose();
        self.target = Some(FormationTarget::Pose(end)).filter(|t| t.is_finite());
        self.followed = Some(Followed {
            path,
            travelled: 0.0,
        });
    }

    /// Where the formation is going, if anywhere.
    #[inline]
    #[must_use]
    pub fn target(&self) -> Option<FormationTarget> {
        self.target
    }

    /// The path being followed, if any, and the distance along it so far.
    #[must_use]
    pub fn followed_path(&self) -> Option<(&Path, f64)> {
        self.followed.as_ref().map(|f| (&f.path, f.travelled))
    }

    // ----- the update --------------------------------------------------------

    /// One update (Millington's `updateSlots`, plus the formation's own
    /// steering): records the member states, reassigns slots if due, moves the
    /// anchor by `dt` seconds, and returns every member's slot target in
    /// joining order. `dt = 0` only refreshes the targets.
    ///
    /// States of non-members, and states with NaN or infinite numbers, are
    /// ignored; a member with no state keeps its last one. A NaN, infinite or
    /// negative `dt` counts as 0.
    pub fn update(&mut self, states: &[MemberState], dt: f64) -> &[SlotTarget] {
        let dt = if dt.is_finite() && dt > 0.0 { dt } else { 0.0 };
        for (k, s) in states.iter().enumerate() {
            if !(s.position.is_finite() && s.velocity.is_finite()) {
                continue;
            }
            // Fast path: the caller lists the members in joining order.
            let i = match self.members.get(k) {
                Some(m) if m.id == s.id => Some(k),
                _ => self.index_of(s.id),
            };
            if let Some(m) = i.and_then(|i| self.members.get_mut(i)) {
                m.state = Some((s.position, s.velocity));
            }
        }
        self.center = self.centre_of_mass();
        let input = AnchorInput {
            params: &self.params,
            spacing: self.pattern.spacing(),
            members: self.center,
            target: self.target,
            dt,
        };
        let before = self.anchor;
        let finished = match self.followed.as_mut() {
            Some(f) => self.anchor.follow(f, &input),
            None => {
                self.anchor.step(&input);
                false
            }
        };
        if !(self.anchor.pose.is_finite() && self.anchor.velocity.is_finite()) {
            // Only near f64::MAX: stay rather than go NaN.
            self.anchor = before;
        }
        if finished {
            self.followed = None;
        }
        if core::mem::take(&mut self.reassign) && self.strategy == AssignmentStrategy::MinCost {
            self.assign_min_cost();
        }
        self.refresh_targets();
        &self.targets
    }

    /// Runs the current strategy now against the last known member states
    /// (normally it runs by itself when membership, pattern or target change).
    pub fn update_assignments(&mut self) {
        match self.strategy {
            AssignmentStrategy::Sequential => self.assign_sequential(),
            AssignmentStrategy::MinCost => self.assign_min_cost(),
        }
        self.reassign = false;
        self.refresh_targets();
    }

    /// Mean position and velocity of the members with a known state, summed
    /// as `Σ pᵢ / n` so that coordinates near `f64::MAX` do not overflow.
    fn centre_of_mass(&self) -> Option<(Point, Vec2)> {
        let n = self.members.iter().filter(|m| m.state.is_some()).count();
        if n == 0 {
            return None;
        }
        let nf = n as f64;
        let (mut p, mut v) = (Vec2::ZERO, Vec2::ZERO);
        for (pos, vel) in self.members.iter().filter_map(|m| m.state) {
            p += pos.to_vec2() / nf;
            v += vel / nf;
        }
        let c = (Point::new(p.x, p.y), v);
        (c.0.is_finite() && c.1.is_finite()).then_some(c)
    }

    fn assign_sequential(&mut self) {
        for (i, m) in self.members.iter_mut().enumerate() {
            m.slot = i;
        }
    }

    fn assign_min_cost(&mut self) {
        let n = self.members.len();
        if n < 2 {
            self.assign_sequential();
            return;
        }
        let frame = self.anchor.pose;
        let (s, c) = (math::sin(frame.heading), math::cos(frame.heading));
        let mut cost = core::mem::take(&mut self.scratch_cost);
        cost.clear();
        for m in &self.members {
            for o in &self.offsets {
                let slot = Point::new(frame.x + o.x * c - o.y * s, frame.y + o.x * s + o.y * c);
                // A member whose position is unknown is indifferent.
                cost.push(m.state.map_or(0.0, |(p, _)| p.distance(slot)));
            }
        }
        match min_cost_assignment(&cost, n, self.offsets.len()) {
            Some(a) => {
                for (m, slot) in self.members.iter_mut().zip(a) {
                    m.slot = slot;
                }
            }
            None => self.assign_sequential(),
        }
        self.scratch_cost = cost;
    }

    /// Lays the slots out for the current membership and stores them
    /// relative to the centre of mass of the occupied slots (Millington: "this
    /// should be done once and the new slot coordinates stored").
    fn recompute_offsets(&mut self) {
        let n = self.members.len();
        let slots: Vec<usize> = (0..n).collect();
        self.drift = self.pattern.drift_offset(&slots);
        self.offsets.clear();
        for i in 0..n {
            let p = self.pattern.slot_location(i, n).unwrap_or_default();
            self.offsets
                .push(Pose::new(p.x - self.drift.x, p.y - self.drift.y, p.heading));
        }
    }

    fn refresh_targets(&mut self) {
        let a = self.anchor.pose;
        let (s, c) = (math::sin(a.heading), math::cos(a.heading));
        self.targets.clear();
        for m in &self.members {
            let o = self.offsets.get(m.slot).copied().unwrap_or_default();
            let mut target = Pose::new(
                a.x + o.x * c - o.y * s,
                a.y + o.x * s + o.y * c,
                normalize_angle(a.heading + o.heading),
            );
            if !target.is_finite() {
                // Only near f64::MAX, where the slot would overflow.
                target = a;
            }
            self.targets.push(SlotTarget {
                vehicle: m.id,
                slot: m.slot,
                target,
            });
        }
    }

    // ----- what the formation looks like -------------------------------------

    /// The anchor: the point the slots are measured from (the centroid of the
    /// slot targets) and the formation's heading.
    #[inline]
    #[must_use]
    pub fn anchor(&self) -> Pose {
        self.anchor.pose
    }

    /// The anchor's own velocity (its high-level steering).
    #[inline]
    #[must_use]
    pub fn anchor_velocity(&self) -> Vec2 {
        self.anchor.velocity
    }

    /// The drift offset: the centre of mass of the occupied slots in the
    /// pattern's own frame, recomputed when membership changes.
    #[inline]
    #[must_use]
    pub fn drift_offset(&self) -> Point {
        self.drift
    }

    /// The pattern's origin in the world: `anchor − rotate(drift, heading)`.
    /// (The anchor itself where that would not be finite, near `f64::MAX`.)
    #[must_use]
    pub fn pattern_origin(&self) -> Point {
        let a = self.anchor.pose;
        let o = a.position() - self.drift.to_vec2().rotate(a.heading);
        if o.is_finite() {
            o
        } else {
            a.position()
        }
    }

    /// The members' centre of mass and mean velocity at the last update
    /// (`None` before any member state was known).
    #[inline]
    #[must_use]
    pub fn center_of_mass(&self) -> Option<(Point, Vec2)> {
        self.center
    }

    /// Every member's slot target, in joining order, as of the last change.
    #[inline]
    #[must_use]
    pub fn slot_targets(&self) -> &[SlotTarget] {
        &self.targets
    }

    /// One member's slot target.
    #[must_use]
    pub fn target_of(&self, id: VehicleId) -> Option<SlotTarget> {
        self.targets.iter().find(|t| t.vehicle == id).copied()
    }

    /// Where every slot of the current layout is (occupied slots only: they
    /// are `0..len()`), in slot order.
    /// A slot that would not be finite (near `f64::MAX`) is the anchor.
    #[must_use]
    pub fn slot_poses(&self) -> Vec<Pose> {
        let a = self.anchor.pose;
        let (s, c) = (math::sin(a.heading), math::cos(a.heading));
        self.offsets
            .iter()
            .map(|o| {
                let p = Pose::new(
                    a.x + o.x * c - o.y * s,
                    a.y + o.x * s + o.y * c,
                    normalize_angle(a.heading + o.heading),
                );
                if p.is_finite() {
                    p
                } else {
                    a
                }
            })
            .collect()
    }
}

/// Sorts `v` ascending in place, in O(n log n) and no extra memory: a heap
/// sort, a little wasm where `sort_unstable` links a whole
/// pattern-defeating quicksort for this one call (ranks after a member
/// leaves).
fn heap_sort<T: Ord + Copy>(v: &mut [T]) {
    /// Moves `v[root]` down the max-heap `v[..end]` to its place.
    fn sift_down<T: Ord + Copy>(v: &mut [T], mut root: usize, end: usize) {
        loop {
            let mut child = 2 * root + 1;
            if child >= end {
                return;
            }
            if child + 1 < end && v[child] < v[child + 1] {
                child += 1;
            }
            if v[root] >= v[child] {
                return;
            }
            v.swap(root, child);
            root = child;
        }
    }
    let n = v.len();
    for root in (0..n / 2).rev() {
        sift_down(v, root, n);
    }
    for end in (1..n).rev() {
        v.swap(0, end);
        sift_down(v, 0, end);
    }
}

#[cfg(test)]
mod tests {
    use super::heap_sort;

    #[test]
    fn heap_sort_sorts_like_the_standard_sort() {
        let mut x = 0x853c_49e6_748f_ea9bu64;
        for n in 0..200usize {
            let mut v: Vec<(usize, usize)> = (0..n)
                .map(|k| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    ((x % 16) as usize, k)
                })
                .collect();
            let mut expected = v.clone();
            expected.sort_unstable();
            heap_sort(&mut v);
            assert_eq!(v, expected, "n = {n}");
        }
        let mut sorted: Vec<u32> = (0..100).collect();
        heap_sort(&mut sorted);
        assert!(sorted.windows(2).all(|w| w[0] < w[1]));
        let mut reversed: Vec<u32> = (0..100).rev().collect();
        heap_sort(&mut reversed);
        assert_eq!(reversed, sorted);
    }
}
