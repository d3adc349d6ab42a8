//! `F2`: a value of a problem (lane 0) beside the same value of its
//! time-flip (lane 1), for computing both problems' bounds in one pass:
//! the two lanes of [`Two`] (wasm's `f64x2` where the build has SIMD, two
//! plain `f64`s elsewhere) with the arithmetic operators, also between an
//! `F2` and an `f64` shared by both problems (used in both lanes). Each
//! lane is the IEEE operation by itself, so each lane has the bits of the
//! scalar arithmetic written the same way; comparisons give a [`Mask`] and
//! [`F2::select`] picks by it, with no branch.

use crate::geom::lanes::{Lanes, Two};
use core::ops::{Add, BitAnd, BitOr, Div, Mul, Neg, Sub};

/// Two `f64` lanes.
#[derive(Clone, Copy)]
pub(super) struct F2(Two);

/// A comparison's result per lane (all bits set where true).
#[derive(Clone, Copy)]
pub(super) struct Mask(Two);

impl F2 {
    #[inline(always)]
    pub fn new(a: f64, b: f64) -> F2 {
        F2(Two::new(a, b))
    }

    /// `x` in both lanes.
    #[inline(always)]
    pub fn splat(x: f64) -> F2 {
        F2(Two::splat(x))
    }

    #[inline(always)]
    pub fn lanes(self) -> [f64; 2] {
        self.0.lanes()
    }

    #[inline(always)]
    #[must_use]
    pub fn sqrt(self) -> F2 {
        F2(self.0.sqrt())
    }

    #[inline(always)]
    #[must_use]
    pub fn abs(self) -> F2 {
        F2(self.0.abs())
    }

    /// Per lane [`max`](super::formulas::max)`(self, o)`: `o` unless
    /// `self > o`.
    #[inline(always)]
    #[must_use]
    pub fn max(self, o: impl Into<F2>) -> F2 {
        F2(self.0.max(o.into().0))
    }

    /// Per lane [`min`](super::formulas::min)`(self, o)`: `o` unless
    /// `self < o`.
    #[inline(always)]
    #[must_use]
    pub fn min(self, o: impl Into<F2>) -> F2 {
        F2(self.0.min(o.into().0))
    }

    #[inline(always)]
    pub fn lt(self, o: impl Into<F2>) -> Mask {
        Mask(self.0.lt(o.into().0))
    }

    #[inline(always)]
    pub fn le(self, o: impl Into<F2>) -> Mask {
        Mask(self.0.le(o.into().0))
    }

    #[inline(always)]
    pub fn gt(self, o: impl Into<F2>) -> Mask {
        Mask(self.0.gt(o.into().0))
    }

    #[inline(always)]
    pub fn ge(self, o: impl Into<F2>) -> Mask {
        Mask(self.0.ge(o.into().0))
    }

    /// Per lane `yes` where `m` is set, else `no`.
    #[inline(always)]
    pub fn select(m: Mask, yes: impl Into<F2>, no: impl Into<F2>) -> F2 {
        F2(yes.into().0.select(no.into().0, m.0))
    }

    /// Per lane 1 where `m` is set, else 0.
    #[inline(always)]
    pub fn one_if(m: Mask) -> F2 {
        F2(Two::splat(1.0).and(m.0))
    }
}

impl From<f64> for F2 {
    #[inline(always)]
    fn from(x: f64) -> F2 {
        F2::splat(x)
    }
}

impl BitOr for Mask {
    type Output = Mask;
    /// Set where either is.
    #[inline(always)]
    fn bitor(self, o: Mask) -> Mask {
        // All bits where `self` is set, else `o`'s.
        let ones = Two::splat(f64::from_bits(u64::MAX));
        Mask(ones.select(o.0, self.0))
    }
}

impl BitAnd for Mask {
    type Output = Mask;
    /// Set where both are.
    #[inline(always)]
    fn bitand(self, o: Mask) -> Mask {
        Mask(self.0.and(o.0))
    }
}

impl Neg for F2 {
    type Output = F2;
    #[inline(always)]
    fn neg(self) -> F2 {
        F2(self.0.neg())
    }
}

/// `F2 op F2`, `F2 op f64` and `f64 op F2` (the `f64` in both lanes).
macro_rules! lanewise {
    ($tr:ident, $f:ident) => {
        impl $tr for F2 {
            type Output = F2;
            #[inline(always)]
            fn $f(self, o: F2) -> F2 {
                F2(Lanes::$f(self.0, o.0))
            }
        }
        impl $tr<f64> for F2 {
            type Output = F2;
            #[inline(always)]
            fn $f(self, o: f64) -> F2 {
                F2(Lanes::$f(self.0, Two::splat(o)))
            }
        }
        impl $tr<F2> for f64 {
            type Output = F2;
            #[inline(always)]
            fn $f(self, o: F2) -> F2 {
                F2(Lanes::$f(Two::splat(self), o.0))
            }
        }
    };
}

lanewise!(Add, add);
lanewise!(Sub, sub);
lanewise!(Mul, mul);
lanewise!(Div, div);
