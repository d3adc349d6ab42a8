//! The one error type of the formation core.

use super::{FormationId, MemberId};
use core::fmt;

/// Why a formation request was refused.
#[derive(Debug, Clone, PartialEq)]
pub enum FormationError {
    /// A pattern name that is not one of `line`, `column`, `v`, `circle`, `box`.
    UnknownPattern(String),
    /// Slot spacing was zero or negative.
    NonPositiveSpacing,
    /// A number that must be finite was NaN or infinite; names the quantity.
    NonFinite(&'static str),
    /// A pattern capacity outside `1..=MAX_CAPACITY`.
    InvalidCapacity(usize),
    /// A parameter outside its documented range; names the parameter.
    InvalidParameter(&'static str),
    /// A pattern change that would leave members without a slot.
    PatternTooSmall { members: usize, capacity: usize },
    /// No formation has this id (never created, or removed).
    UnknownFormation(FormationId),
    /// No vehicle (member) has this id in the world.
    UnknownMember(MemberId),
    /// The member already holds a slot in another formation.
    AlreadyInFormation {
        member: MemberId,
        formation: FormationId,
    },
}

impl fmt::Display for FormationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormationError::UnknownPattern(name) => write!(
                f,
                "unknown pattern \"{name}\" (expected \"line\", \"column\", \"v\", \"circle\" or \"box\")"
            ),
            FormationError::NonPositiveSpacing => write!(f, "spacing must be greater than zero"),
            FormationError::NonFinite(what) => write!(f, "{what} must be a finite number"),
            FormationError::InvalidCapacity(n) => write!(
                f,
                "capacity {n} is out of range (1..={})",
                super::MAX_CAPACITY
            ),
            FormationError::InvalidParameter(what) => write!(f, "{what} is out of range"),
            FormationError::PatternTooSmall { members, capacity } => write!(
                f,
                "the pattern has {capacity} slots but the formation has {members} members"
            ),
            FormationError::UnknownFormation(id) => write!(f, "no formation with id {id}"),
            FormationError::UnknownMember(id) => write!(f, "no vehicle with id {id}"),
            FormationError::AlreadyInFormation { member, formation } => write!(
                f,
                "vehicle {member} is already in formation {formation} (leave it first)"
            ),
        }
    }
}

impl std::error::Error for FormationError {}
