//! `RoadChain`: a road through a list of profiles, one piece between each
//! consecutive pair. Moving a profile rebuilds only the (at most two) pieces
//! that touch it.

use super::connect::{build, check_pair};
use super::name::Name;
use super::{Profile, RoadPiece};
use crate::error::{Error, Reason};
use core::ops::Range;

/// Profiles and the pieces between consecutive ones. A pair that cannot be
/// joined keeps its error in place of the piece, so the rest of the road
/// stays; errors name the profiles `profiles[i]`.
///
/// # Examples
/// ```
/// use arcline::road::{Lane, LaneKind, PieceKind, Profile, RoadChain};
/// let lanes = vec![Lane::new(LaneKind::Driving, 3.0); 2];
/// let at = |x: f64, y: f64| Profile { x, y, heading: 0.0, lanes: lanes.clone() };
/// let mut chain = RoadChain::new(vec![at(0.0, 0.0), at(30.0, 0.0), at(60.0, 0.0)]).unwrap();
/// assert!(chain.pieces().iter().all(|p| p.as_ref().unwrap().kind == PieceKind::Straight));
/// // Moving the middle profile sideways rebuilds the two pieces touching it.
/// assert_eq!(chain.set_profile(1, at(30.0, 4.0)).unwrap(), 0..2);
/// assert_eq!(chain.pieces()[0].as_ref().unwrap().kind, PieceKind::SCurve);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct RoadChain {
    profiles: Vec<Profile>,
    pieces: Vec<Result<RoadPiece, Error>>,
}

fn name(i: usize) -> Name {
    Name::Item("profiles", i)
}

/// The piece from profile `i` to profile `i + 1` (both there).
fn join(profiles: &[Profile], i: usize) -> Result<RoadPiece, Error> {
    match (profiles.get(i), profiles.get(i + 1)) {
        (Some(a), Some(b)) => {
            let (an, bn) = (name(i), name(i + 1));
            check_pair(a, an, b, bn)?;
            build(a, b, bn).map(|(p, _)| p)
        }
        _ => Err(out_of_range(profiles.len())),
    }
}

/// An index that is not below `len`, the number of profiles.
fn out_of_range(len: usize) -> Error {
    Error::at(
        "index",
        Reason::OutOfRange {
            min: 0.0,
            max: len as f64 - 1.0,
        },
    )
}

impl RoadChain {
    /// A road through `profiles` (each checked; pieces that fail keep their error).
    ///
    /// # Errors
    /// A profile error ([`Profile::validate`]) about `profiles[i]`.
    pub fn new(profiles: Vec<Profile>) -> Result<RoadChain, Error> {
        for (i, p) in profiles.iter().enumerate() {
            p.validate().map_err(|e| name(i).wrap(e))?;
        }
        let pieces = (0..profiles.len().saturating_sub(1))
            .map(|i| join(&profiles, i))
            .collect();
        Ok(RoadChain { profiles, pieces })
    }

    /// The profiles, in order.
    #[inline]
    #[must_use]
    pub fn profiles(&self) -> &[Profile] {
        &self.profiles
    }

    /// Piece `i` joins profiles `i` and `i + 1`.
    #[inline]
    pub fn pieces(&self) -> &[Result<RoadPiece, Error>] {
        &self.pieces
    }

    /// Moves (or re-lanes) profile `i` and rebuilds the pieces touching it;
    /// returns the range of rebuilt piece indices.
    ///
    /// # Errors
    /// [`Reason::OutOfRange`] about `index` for `i` past the last profile,
    /// or a profile error about `profiles[i]`.
    pub fn set_profile(&mut self, i: usize, profile: Profile) -> Result<Range<usize>, Error> {
        profile.validate().map_err(|e| name(i).wrap(e))?;
        let len = self.profiles.len();
        let slot = self.profiles.get_mut(i).ok_or_else(|| out_of_range(len))?;
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
    /// A profile error about `profiles[len]`.
    pub fn push(&mut self, profile: Profile) -> Result<(), Error> {
        profile
            .validate()
            .map_err(|e| name(self.profiles.len()).wrap(e))?;
        self.profiles.push(profile);
        if self.profiles.len() >= 2 {
            let k = self.profiles.len() - 2;
            self.pieces.push(join(&self.profiles, k));
        }
        Ok(())
    }
}
