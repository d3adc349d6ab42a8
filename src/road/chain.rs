//! `RoadChain`: a road through a list of profiles, one piece between each
//! consecutive pair. Moving a profile rebuilds only the (at most two) pieces
//! that touch it.

use super::connect::{build, check_pair};
use super::{Profile, RoadError, RoadPiece};
use core::ops::Range;

/// Profiles and the pieces between consecutive ones. A pair that cannot be
/// joined keeps its error in place of the piece, so the rest of the road stays.
#[derive(Debug, Clone, PartialEq)]
pub struct RoadChain {
    profiles: Vec<Profile>,
    pieces: Vec<Result<RoadPiece, RoadError>>,
}

fn name(i: usize) -> String {
    format!("profiles[{i}]")
}

fn join(profiles: &[Profile], i: usize) -> Result<RoadPiece, RoadError> {
    match (profiles.get(i), profiles.get(i + 1)) {
        (Some(a), Some(b)) => {
            let (an, bn) = (name(i), name(i + 1));
            check_pair(a, &an, b, &bn)?;
            build(a, b, &bn).map(|(p, _)| p)
        }
        _ => Err(RoadError::UnknownId {
            what: "piece",
            id: i,
        }),
    }
}

impl RoadChain {
    /// A road through `profiles` (each checked; pieces that fail keep their error).
    ///
    /// # Errors
    /// A profile error ([`Profile::validate`]) naming `profiles[i]`.
    pub fn new(profiles: Vec<Profile>) -> Result<RoadChain, RoadError> {
        for (i, p) in profiles.iter().enumerate() {
            p.validate(&name(i))?;
        }
        let pieces = (0..profiles.len().saturating_sub(1))
            .map(|i| join(&profiles, i))
            .collect();
        Ok(RoadChain { profiles, pieces })
    }

    #[inline]
    pub fn profiles(&self) -> &[Profile] {
        &self.profiles
    }

    /// Piece `i` joins profiles `i` and `i + 1`.
    #[inline]
    pub fn pieces(&self) -> &[Result<RoadPiece, RoadError>] {
        &self.pieces
    }

    /// Moves (or re-lanes) profile `i` and rebuilds the pieces touching it;
    /// returns the range of rebuilt piece indices.
    ///
    /// # Errors
    /// [`RoadError::UnknownId`] for `i` out of range, or a profile error.
    pub fn set_profile(&mut self, i: usize, profile: Profile) -> Result<Range<usize>, RoadError> {
        profile.validate(&name(i))?;
        let slot = self.profiles.get_mut(i).ok_or(RoadError::UnknownId {
            what: "index",
            id: i,
        })?;
        *slot = profile;
        let lo = i.saturating_sub(1);
        let hi = (i + 1).min(self.pieces.len());
        for k in lo..hi {
            let built = join(&self.profiles, k);
            if let Some(p) = self.pieces.get_mut(k) {
                *p = built;
            }
        }
        Ok(lo..hi)
    }

    /// Appends a profile and the piece to it.
    ///
    /// # Errors
    /// A profile error naming `profiles[len]`.
    pub fn push(&mut self, profile: Profile) -> Result<(), RoadError> {
        profile.validate(&name(self.profiles.len()))?;
        self.profiles.push(profile);
        if self.profiles.len() >= 2 {
            let k = self.profiles.len() - 2;
            self.pieces.push(join(&self.profiles, k));
        }
        Ok(())
    }
}
