//! The crate's one error type: which part of the input was wrong ([`Field`])
//! and why ([`Reason`]).
//!
//! Numbers in messages are written by the crate's own shortest-decimal
//! writer (no `core::fmt` float formatting, which would weigh on the wasm
//! module).
//!
//! Every fallible function of the crate returns [`Error`]. A field is a path
//! from the function's argument down to the value, in the Rust names of the
//! arguments and fields (`path.segments[2].radius`, `spec.max_speed`); a
//! reason is an enum to match on. Both print together as
//! `path.segments[2].radius: must be greater than zero`.
//!
//! # Examples
//! ```
//! use arcline::{planner, Pose, Reason};
//! let start = Pose::new(0.0, 0.0, 0.0);
//! let goal = Pose::new(f64::NAN, 0.0, 0.0);
//! let e = planner::dubins_shortest(start, goal, 1.0).unwrap_err();
//! assert_eq!(e.reason(), &Reason::NotFinite);
//! assert_eq!(e.field().to_string(), "goal.x");
//! assert_eq!(e.to_string(), "goal.x: must be a finite number");
//! ```

use crate::geom::Decimal;
use core::fmt;

/// One step of a [`Field`]: a named part, or an index into a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// An argument or a field, by its Rust name (`max_speed`).
    Name(&'static str),
    /// An item of a list.
    Index(usize),
}

/// Where in the input a problem is: the steps from an argument down to the
/// value (`path`, `segments`, `[2]`, `radius`). Empty when the problem is
/// the input as a whole.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Field {
    steps: Vec<Step>,
}

impl Field {
    /// The field `name` (an argument, usually).
    #[must_use]
    pub fn named(name: &'static str) -> Field {
        Field {
            steps: vec![Step::Name(name)],
        }
    }

    /// The steps, outermost first.
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// `self.name`.
    #[must_use]
    pub fn key(mut self, name: &'static str) -> Field {
        self.steps.push(Step::Name(name));
        self
    }

    /// `self[index]`.
    #[must_use]
    pub fn index(mut self, index: usize) -> Field {
        self.steps.push(Step::Index(index));
        self
    }

    /// `parent` followed by `self`.
    #[must_use]
    pub fn within(mut self, parent: Step) -> Field {
        self.steps.insert(0, parent);
        self
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, step) in self.steps.iter().enumerate() {
            match step {
                Step::Name(name) if i == 0 => f.write_str(name)?,
                Step::Name(name) => write!(f, ".{name}")?,
                Step::Index(k) => write!(f, "[{k}]")?,
            }
        }
        Ok(())
    }
}

/// Why an input was refused.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Reason {
    /// NaN or ±∞.
    NotFinite,
    /// Zero or negative where only a positive value means anything (a radius,
    /// a mass, a width, a spacing).
    NotPositive,
    /// Negative where zero or more is needed (a speed, a force).
    Negative,
    /// Larger in magnitude than `limit`, beyond which the computation would
    /// overflow to infinity.
    TooLarge {
        /// The largest magnitude accepted.
        limit: f64,
    },
    /// Outside `min..=max`.
    OutOfRange {
        /// The smallest value accepted.
        min: f64,
        /// The largest value accepted.
        max: f64,
    },
    /// Not a whole number.
    NotWhole,
    /// An empty list where items are needed.
    Empty,
    /// Fewer than `min` items.
    TooFew {
        /// The fewest accepted.
        min: usize,
        /// How many there were.
        got: usize,
    },
    /// More than `max` items.
    TooMany {
        /// The most accepted.
        max: usize,
        /// How many there were.
        got: usize,
    },
    /// A list whose length is not a multiple of the items' size (a flat
    /// buffer of queries or vehicles).
    NotAMultiple {
        /// The size of one item.
        of: usize,
        /// The length given.
        got: usize,
    },
    /// An output buffer of the wrong length.
    OutputLength {
        /// The length needed.
        expected: usize,
        /// The length given.
        got: usize,
    },
    /// No object of this kind has this id (never made, or removed).
    UnknownId {
        /// What kind of object (`vehicle`, `formation`, `profile`, `piece`).
        what: &'static str,
        /// The id asked for.
        id: u64,
    },
    /// Every id of this kind has been used.
    OutOfIds,
    /// A geometric case with no answer.
    Unsolvable(Unsolvable),
    /// So large that the result would not be finite (a length beyond
    /// `f64::MAX`, a product of two large numbers).
    Overflow,
    /// Offsetting a path would give one of its arcs (segment `segment`) a
    /// radius of zero or less.
    OffsetCollapsesArc {
        /// The index of the arc in the path.
        segment: usize,
        /// The radius the offset would give it.
        radius: f64,
    },
    /// Values that must add up to at most `limit` add up to more (the
    /// widths of a road profile's lanes).
    TotalTooLarge {
        /// The largest total accepted.
        limit: f64,
    },
    /// A road's transition curves (clothoids) are too long for its turn:
    /// two of them would turn it by more than it turns, or carry it past
    /// the profile it must reach.
    TransitionTooLong {
        /// The longest transition this turn takes (0 when none does).
        max: f64,
    },
    /// A road turns tighter than its lanes are wide: the inner lane edge
    /// would get a radius of zero or less.
    LanesWiderThanTurn {
        /// The smallest radius of the road's centreline.
        centre_radius: f64,
        /// Half the road's width (the distance from the centreline to its
        /// outer lane edges).
        half_width: f64,
    },
    /// Two road profiles that must have the same lanes do not.
    LanesDiffer {
        /// The lanes these must match (`a.lanes`).
        other: Field,
        /// The first difference.
        difference: LaneDifference,
    },
    /// An id not greater than the one before it, in a list whose ids must
    /// ascend (so each is used once).
    NotAscending,
    /// A saved file of a version this build cannot read.
    UnsupportedVersion {
        /// The newest version this build reads (it reads every version from 1 up to it).
        supported: u32,
    },
    /// Road profiles that cannot be the arms of a junction, told about one
    /// arm (`arms[2]`) or one of its lanes (`arms[2].lanes[3]`).
    Junction(JunctionConflict),
    /// The same value again, where each may appear once (the same profile
    /// twice among a junction's arms).
    Duplicate {
        /// The index of its first appearance.
        first: usize,
    },
    /// An object already taken by another (a profile that is already an arm
    /// of a junction).
    AlreadyUsed {
        /// What holds it (`junction`).
        by: &'static str,
        /// That object's id.
        id: u64,
    },
    /// A vehicle that is already a member of formation `formation` was asked
    /// to join another one (it must leave the first).
    AlreadyInFormation {
        /// The id of the formation it is in.
        formation: u64,
    },
    /// A formation pattern with fewer slots than the formation has members.
    PatternTooSmall {
        /// How many slots the pattern has.
        capacity: usize,
        /// How many members the formation has.
        members: usize,
    },
    /// A polygon whose edges `first` and `second` (indices of their first
    /// corners) cross or touch: it must be simple.
    NotSimple {
        /// The earlier edge.
        first: usize,
        /// The later edge.
        second: usize,
    },
    /// A polygon that encloses no area (its corners are collinear, or so
    /// close together that the area underflows).
    NoArea,
    /// A point equal to the one before it (a polygon corner repeated).
    Repeated,
    /// A position inside an obstacle, or closer to it than the clearance
    /// asked for: the field names the obstacle (`obstacles.circles[2]`,
    /// `grid.blocked[37]`).
    InsideObstacle(Field),
    /// A car's pose where its body (the rectangle of
    /// [`Body`](crate::planner::parking::Body), grown by the clearance)
    /// overlaps an obstacle or comes nearer than the clearance to it: the
    /// car does not fit there (a parking gap narrower or shorter than the
    /// car, or a pose off the gap). The field names the obstacle.
    BodyDoesNotFit(Field),
    /// A list of the wrong length for the others it goes with (a grid's
    /// tiles for its columns and rows).
    WrongLength {
        /// The length needed.
        expected: usize,
        /// The length given.
        got: usize,
    },
    /// A well-formed plan with no path (from
    /// [`PlanAround::into_path`](crate::planner::pathfind::PlanAround::into_path)
    /// and `?`).
    NoPath(crate::planner::pathfind::NoPath),
    /// A bug: the crate could not build a result it should always be able
    /// to build from checked input (`what` says which). Not the input's
    /// fault; worth reporting with the input that caused it.
    Internal {
        /// What failed.
        what: &'static str,
    },
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::NotFinite => f.write_str("must be a finite number"),
            Reason::NotPositive => f.write_str("must be greater than zero"),
            Reason::Negative => f.write_str("must not be negative"),
            Reason::TooLarge { limit } => {
                write!(f, "must be at most {} in magnitude", Decimal(*limit))
            }
            Reason::OutOfRange { min, max } => {
                write!(f, "must be from {} to {}", Decimal(*min), Decimal(*max))
            }
            Reason::NotWhole => f.write_str("must be a whole number"),
            Reason::Empty => f.write_str("must not be empty"),
            Reason::TooFew { min, got } => write!(f, "must hold at least {min} items (got {got})"),
            Reason::TooMany { max, got } => write!(f, "must hold at most {max} items (got {got})"),
            Reason::NotAMultiple { of, got } => {
                write!(f, "length {got} is not a multiple of {of}")
            }
            Reason::OutputLength { expected, got } => {
                write!(f, "must hold {expected} values, got {got}")
            }
            Reason::UnknownId { what, id } => write!(f, "no {what} with id {id}"),
            Reason::OutOfIds => f.write_str("every id has been used"),
            Reason::Unsolvable(case) => case.fmt(f),
            Reason::Overflow => f.write_str("is so large that the result would not be finite"),
            Reason::OffsetCollapsesArc { segment, .. } => write!(
                f,
                "offset collapses the arc of segment {segment} (its radius would be zero or negative)"
            ),
            Reason::TotalTooLarge { limit } => {
                write!(f, "must add up to at most {}", Decimal(*limit))
            }
            Reason::TransitionTooLong { max } => write!(
                f,
                "the transition curves are too long for this turn: it takes at most {}",
                Decimal(*max)
            ),
            Reason::LanesWiderThanTurn {
                centre_radius,
                half_width,
            } => write!(
                f,
                "lanes wider than the turn: its centre radius is {} but the road is {} wide on each side, so the inner lane edge would get a radius <= 0",
                Decimal(*centre_radius),
                Decimal(*half_width)
            ),
            Reason::LanesDiffer { other, difference } => write!(
                f,
                "must be the same lanes as {other} (kinds, widths and directions): {difference}"
            ),
            Reason::NotAscending => f.write_str("must be greater than the one before it"),
            Reason::UnsupportedVersion { supported } => {
                write!(f, "unsupported version (this build reads versions 1 to {supported})")
            }
            Reason::Junction(conflict) => conflict.fmt(f),
            Reason::Duplicate { first } => write!(f, "repeats item {first}"),
            Reason::AlreadyUsed { by, id } => write!(f, "is already used by {by} {id}"),
            Reason::AlreadyInFormation { formation } => {
                write!(f, "is already in formation {formation} (leave it first)")
            }
            Reason::PatternTooSmall { capacity, members } => write!(
                f,
                "has {capacity} slots but the formation has {members} members"
            ),
            Reason::NotSimple { first, second } => write!(
                f,
                "must be a simple polygon: edges {first} and {second} cross or touch"
            ),
            Reason::NoArea => f.write_str("must enclose an area (its corners are collinear or too close together)"),
            Reason::Repeated => f.write_str("repeats the point before it"),
            Reason::InsideObstacle(obstacle) => write!(f, "is inside or too close to {obstacle}"),
            Reason::BodyDoesNotFit(obstacle) => write!(
                f,
                "the car does not fit there: its body overlaps or comes nearer than the clearance to {obstacle} (a gap narrower than the car)"
            ),
            Reason::WrongLength { expected, got } => {
                write!(f, "must hold {expected} values, got {got}")
            }
            Reason::NoPath(why) => write!(f, "no path: {why}"),
            Reason::Internal { what } => write!(f, "internal error (a bug): {what}"),
        }
    }
}

/// A geometric case with no answer (the [`Reason`] of an input that is
/// well-formed but cannot be solved).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Unsolvable {
    /// A point to reach along an arc is the start itself.
    PointIsStart,
    /// A point to reach along an arc is straight behind the start: the
    /// circle would have an infinite radius and the line goes the wrong way.
    PointStraightBehind,
    /// Two road profiles at the same place with the same heading: there is
    /// nothing to join.
    SamePose,
    /// Road profile `b` on `a`'s line facing back at it (head-on): a U-turn
    /// needs `b` beside that line.
    HeadOn,
    /// A turn (a fillet or a U-turn's semicircle) whose radius is not a
    /// finite positive number: the profiles are too close together for
    /// their headings.
    DegenerateTurn,
    /// The Hermite spline that places an S-curve's intermediate profile has
    /// no tangent at its middle.
    HermiteNoTangent,
    /// The first half of an S-curve (from `a` to the intermediate profile)
    /// is neither a straight nor a fillet: the continuation lines do not
    /// meet ahead of `a` and behind the intermediate profile.
    SCurveFirstHalf,
    /// The second half of an S-curve (from the intermediate profile to
    /// `b`) is neither a straight nor a fillet.
    SCurveSecondHalf,
    /// A clothoid asked for its offset as one segment: the offset of a
    /// clothoid is not a clothoid (a path offsets its arcs instead).
    ClothoidOffset,
}

impl fmt::Display for Unsolvable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let road = match self {
            Unsolvable::PointIsStart => return f.write_str("the point is the start itself"),
            Unsolvable::ClothoidOffset => {
                return f.write_str(
                    "the offset of a clothoid is not one segment: offset its arcs (Clothoid::to_arcs)",
                )
            }
            Unsolvable::PointStraightBehind => {
                return f.write_str(
                    "the point is straight behind: no circle tangent to the heading reaches it",
                )
            }
            Unsolvable::SamePose => "b is at a with a's heading: there is nothing to join",
            Unsolvable::HeadOn => {
                "b is on a's line facing back at it (head-on): a U-turn needs b beside a's line"
            }
            Unsolvable::DegenerateTurn => {
                "the turn's radius is not a finite positive number (the profiles are too close together)"
            }
            Unsolvable::HermiteNoTangent => {
                "s-curve: the Hermite spline has no tangent at t = 0.5"
            }
            Unsolvable::SCurveFirstHalf => {
                "s-curve: the continuation lines of a and of the intermediate profile do not meet ahead of a and behind the intermediate profile"
            }
            Unsolvable::SCurveSecondHalf => {
                "s-curve: the continuation lines of the intermediate profile and of b do not meet ahead of the intermediate profile and behind b"
            }
        };
        write!(f, "no road of lines and arcs joins these profiles: {road}")
    }
}

/// How the lanes of two road profiles differ (the first difference, lanes
/// counted from the left).
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum LaneDifference {
    /// Another number of lanes.
    Count {
        /// How many lanes the other profile has.
        expected: usize,
        /// How many this one has.
        got: usize,
    },
    /// Lane `lane` is of another kind.
    Kind {
        /// The lane's index.
        lane: usize,
    },
    /// Lane `lane`'s traffic runs the other way.
    Direction {
        /// The lane's index.
        lane: usize,
    },
    /// Lane `lane` has another width.
    Width {
        /// The lane's index.
        lane: usize,
        /// The other profile's width of it.
        expected: f64,
        /// This profile's width of it.
        got: f64,
    },
}

impl fmt::Display for LaneDifference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LaneDifference::Count { expected, got } => write!(f, "{got} lanes against {expected}"),
            LaneDifference::Kind { lane } => write!(f, "lane {lane} is of another kind"),
            LaneDifference::Direction { lane } => write!(f, "lane {lane} runs the other way"),
            LaneDifference::Width {
                lane,
                expected,
                got,
            } => write!(
                f,
                "lane {lane} is {} wide against {}",
                Decimal(*got),
                Decimal(*expected)
            ),
        }
    }
}

/// Why road profiles cannot be the arms of a junction (the [`Reason`] of
/// an error about one arm, `arms[i]`, or about one of its lanes,
/// `arms[i].lanes[k]`). Other arms are named by their index among the arms
/// as given.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum JunctionConflict {
    /// The arm heads the same way as arm `other`: their mouths would overlap.
    SameHeading {
        /// The other arm.
        other: usize,
    },
    /// An outer edge point of the arm's mouth is on or behind arm
    /// `other`'s cross-section line (every arm must lie wholly in front of
    /// every other arm's mouth).
    BehindMouth {
        /// The arm whose mouth it is behind.
        other: usize,
    },
    /// No kerb of lines and arcs joins arm `other`'s right edge to this
    /// arm's left edge (the arms are too close or too sharp).
    NoCorner {
        /// The arm before it, counter-clockwise.
        other: usize,
    },
    /// The junction's outline crosses itself between this arm and arm
    /// `other` (the arms are too close or too sharp).
    OutlineCrosses {
        /// The arm whose mouth or corner it crosses.
        other: usize,
    },
    /// The outline runs clockwise: the arms face away from the area
    /// between them.
    OutlineClockwise,
    /// No path of lines and arcs joins this lane to lane `to_lane` of arm `to`.
    NoPath {
        /// The arm the movement goes to.
        to: usize,
        /// The lane of that arm.
        to_lane: usize,
    },
    /// The path from this lane to lane `to_lane` of arm `to` turns on an
    /// arc of radius `radius`, tighter than `min_radius`.
    TooTight {
        /// The arm the movement goes to.
        to: usize,
        /// The lane of that arm.
        to_lane: usize,
        /// The tightest radius of the path.
        radius: f64,
        /// The minimum turning radius.
        min_radius: f64,
    },
}

impl fmt::Display for JunctionConflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            JunctionConflict::SameHeading { other } => {
                write!(f, "heads the same way as arms[{other}]: their mouths would overlap")
            }
            JunctionConflict::BehindMouth { other } => write!(
                f,
                "reaches behind the mouth of arms[{other}] (every arm must lie in front of every other arm's cross-section)"
            ),
            JunctionConflict::NoCorner { other } => write!(
                f,
                "no kerb of lines and arcs joins it to arms[{other}] (the arms are too close or too sharp)"
            ),
            JunctionConflict::OutlineCrosses { other } => write!(
                f,
                "the junction's outline crosses itself between it and arms[{other}] (the arms are too close or too sharp)"
            ),
            JunctionConflict::OutlineClockwise => f.write_str(
                "the arms face away from each other: the junction's outline would run clockwise",
            ),
            JunctionConflict::NoPath { to, to_lane } => write!(
                f,
                "no path of lines and arcs joins it to arms[{to}].lanes[{to_lane}]"
            ),
            JunctionConflict::TooTight {
                to,
                to_lane,
                radius,
                min_radius,
            } => write!(
                f,
                "the path to arms[{to}].lanes[{to_lane}] turns on a radius of {}, below the minimum turning radius {} (move the arms apart)",
                Decimal(radius),
                Decimal(min_radius)
            ),
        }
    }
}

/// A refused input: which [`Field`], and the [`Reason`].
#[derive(Clone, Debug, PartialEq)]
pub struct Error {
    field: Field,
    reason: Reason,
}

impl Error {
    /// `reason` about `field`.
    #[must_use]
    pub fn new(field: Field, reason: Reason) -> Error {
        Error { field, reason }
    }

    /// `reason` about the argument or field `name`.
    #[must_use]
    pub fn at(name: &'static str, reason: Reason) -> Error {
        Error::new(Field::named(name), reason)
    }

    /// An internal error ([`Reason::Internal`], about no field): a result
    /// the crate should always be able to build from checked input could
    /// not be built.
    #[cold]
    #[must_use]
    pub(crate) fn internal(what: &'static str) -> Error {
        Error::new(Field::default(), Reason::Internal { what })
    }

    /// Where in the input.
    #[must_use]
    pub fn field(&self) -> &Field {
        &self.field
    }

    /// Why.
    #[must_use]
    pub fn reason(&self) -> &Reason {
        &self.reason
    }

    /// The same error about `parent` followed by this field (an error from
    /// checking a path, reported about the argument that held it).
    #[must_use]
    pub fn within(mut self, parent: &'static str) -> Error {
        self.field = self.field.within(Step::Name(parent));
        self
    }

    /// The same error with its outermost name replaced by `name` (a
    /// binding that calls the argument by another name); an error whose
    /// field starts with an index gets `name` put before it.
    #[must_use]
    pub fn rename_root(mut self, name: &'static str) -> Error {
        match self.field.steps.first_mut() {
            Some(Step::Name(first)) => *first = name,
            _ => self.field = self.field.within(Step::Name(name)),
        }
        self
    }

    /// The same error about item `index` of the list this field is in.
    #[must_use]
    pub fn within_index(mut self, index: usize) -> Error {
        self.field = self.field.within(Step::Index(index));
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.steps.is_empty() {
            self.reason.fmt(f)
        } else {
            write!(f, "{}: {}", self.field, self.reason)
        }
    }
}

impl std::error::Error for Error {}

/// `value` when finite.
pub(crate) fn finite(value: f64, field: &'static str) -> Result<f64, Error> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(Error::at(field, Reason::NotFinite))
    }
}

/// `value` when finite and greater than zero.
pub(crate) fn positive(value: f64, field: &'static str) -> Result<f64, Error> {
    if finite(value, field)? > 0.0 {
        Ok(value)
    } else {
        Err(Error::at(field, Reason::NotPositive))
    }
}

/// `value` when finite and zero or more.
pub(crate) fn non_negative(value: f64, field: &'static str) -> Result<f64, Error> {
    if finite(value, field)? >= 0.0 {
        Ok(value)
    } else {
        Err(Error::at(field, Reason::Negative))
    }
}

/// A [`NoPath`](crate::planner::pathfind::NoPath) as the crate's error: [`Reason::NoPath`] about no field
/// (the input as a whole), so `plan.into_path()?` works in a function that
/// returns [`Error`].
impl From<crate::planner::pathfind::NoPath> for Error {
    fn from(n: crate::planner::pathfind::NoPath) -> Error {
        Error::new(Field::default(), Reason::NoPath(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_prints_as_a_path_of_names_and_indices() {
        let f = Field::named("path").key("segments").index(2).key("radius");
        assert_eq!(f.to_string(), "path.segments[2].radius");
        let e = Error::new(Field::named("segments").index(2), Reason::NotPositive).within("path");
        assert_eq!(e.to_string(), "path.segments[2]: must be greater than zero");
        assert_eq!(e.field().steps()[0], Step::Name("path"));
    }

    #[test]
    fn an_error_about_the_whole_input_prints_only_its_reason() {
        let e = Error::new(Field::default(), Reason::Empty);
        assert_eq!(e.to_string(), "must not be empty");
    }
}
