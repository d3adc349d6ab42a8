//! The search's inputs ([`Problem`]) and its names for a guide circle with
//! a turning direction ([`Cd`]), below the search and its reachability
//! proofs, which both read them.

use super::collision::Collider;
use super::query::Goal;
use super::tangent_graph::{angle, Guide, LEFT, RIGHT};
use crate::{Point, Pose, Vec2};

/// A guide circle with a turning direction (a *guide-direction*), or the
/// goal point as the end of a tangent ([`POINT`]): `2·guide + (1 if right)`
/// in one `u32`, so tables can be indexed by it ([`Cd::index`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cd(u32);

/// The `to` of a tangent that ends at the goal point.
pub(crate) const POINT: Cd = Cd(u32::MAX);

impl Cd {
    /// The guide-direction of table index `i` (as [`Cd::index`] gives).
    #[inline]
    pub(crate) fn from_index(i: usize) -> Cd {
        Cd(i as u32)
    }

    /// Its index in tables by guide-direction: `2·guide + (1 if right)`
    /// (for [`POINT`], beyond every guide-direction's).
    #[inline]
    pub(crate) fn index(self) -> usize {
        self.0 as usize
    }

    /// The guide circle's index (not for [`POINT`]).
    #[inline]
    pub(crate) fn guide(self) -> usize {
        (self.0 >> 1) as usize
    }

    /// 0 turning left, 1 turning right.
    #[inline]
    pub(crate) fn side(self) -> usize {
        (self.0 & 1) as usize
    }
}

/// The turning direction of guide-direction `cd` ([`LEFT`] or [`RIGHT`]).
#[inline]
pub(crate) fn sign(cd: Cd) -> f64 {
    if cd.0 & 1 == 0 {
        LEFT
    } else {
        RIGHT
    }
}

/// Guide `guide` turning `s`.
#[inline]
pub(crate) fn cd_of(guide: usize, s: f64) -> Cd {
    Cd((guide as u32) * 2 + u32::from(s < 0.0))
}

/// The search's inputs, checked.
pub(crate) struct Problem<'a> {
    pub start: Pose,
    pub goal: Goal,
    pub r: f64,
    pub collider: &'a Collider,
    /// Obstacle guides, then the start's left and right circles, then
    /// (for a goal pose) the goal's.
    pub guides: Vec<Guide>,
    pub obstacle_guides: usize,
    pub max_expanded: usize,
}

impl Problem<'_> {
    pub(crate) fn goal_point(&self) -> Point {
        self.goal.position()
    }

    pub(crate) fn start_guide(&self, left: bool) -> usize {
        self.obstacle_guides + usize::from(!left)
    }

    pub(crate) fn goal_guide(&self, left: bool) -> usize {
        self.obstacle_guides + 2 + usize::from(!left)
    }

    /// The normal angle (the angle of `n`, as `Node::theta` in the search) at the
    /// direction `dir` from the centre of guide-direction `cd` turning `s`
    /// (`dir = −s·n`).
    #[inline]
    pub(crate) fn normal_angle(cd: Cd, dir: Vec2) -> f64 {
        angle(dir * -sign(cd))
    }
}
