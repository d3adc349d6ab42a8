//! `Lanes`: two `f64` lanes and the IEEE operations the crowd's passes
//! (`steering`) and the Reeds–Shepp planner's bounds
//! (`planner::reeds_shepp::lanes`) need,
//! each lane by itself, so that every implementation gives the same bits as
//! the scalar arithmetic: wasm's `f64x2` where the build has SIMD, two plain
//! `f64`s elsewhere. Comparisons give a mask (all bits set where true).

/// Two `f64` lanes.
pub(crate) trait Lanes: Copy {
    fn new(a: f64, b: f64) -> Self;
    fn splat(x: f64) -> Self;
    fn add(self, o: Self) -> Self;
    fn sub(self, o: Self) -> Self;
    fn mul(self, o: Self) -> Self;
    fn div(self, o: Self) -> Self;
    fn sqrt(self) -> Self;
    fn neg(self) -> Self;
    /// Each lane without its sign bit.
    fn abs(self) -> Self;
    /// Per lane `o` unless `self > o` (wasm's `f64x2.pmax(o, self)`).
    fn max(self, o: Self) -> Self;
    /// Per lane `o` unless `self < o` (wasm's `f64x2.pmin(o, self)`).
    fn min(self, o: Self) -> Self;
    fn lt(self, o: Self) -> Self;
    fn le(self, o: Self) -> Self;
    fn gt(self, o: Self) -> Self;
    fn ge(self, o: Self) -> Self;
    fn eq(self, o: Self) -> Self;
    /// `self` where `mask` is clear, `+0.0` elsewhere.
    fn and_not(self, mask: Self) -> Self;
    /// Whether every lane of a mask is set.
    fn all(self) -> bool;
    /// Whether some lane of a mask is set.
    fn any(self) -> bool;
    /// `self` where `mask` is set, `+0.0` elsewhere.
    fn and(self, mask: Self) -> Self;
    /// `self` where `mask` is set, `other` elsewhere.
    fn select(self, other: Self, mask: Self) -> Self;
    /// The mask of the lanes that are finite.
    fn finite(self) -> Self;
    fn lanes(self) -> [f64; 2];
    // The Dubins pairs' (`planner::dubins::pairs`, built with SIMD only).
    /// The two lanes exchanged.
    #[cfg_attr(
        not(all(target_arch = "wasm32", target_feature = "simd128")),
        allow(dead_code)
    )]
    fn swap(self) -> Self;
    /// Lane 1's sign bit flipped (lane 0 as it is).
    #[cfg_attr(
        not(all(target_arch = "wasm32", target_feature = "simd128")),
        allow(dead_code)
    )]
    fn negate_second(self) -> Self;
    /// A mask set in lane 0 when `a`, in lane 1 when `b`.
    #[cfg_attr(
        not(all(target_arch = "wasm32", target_feature = "simd128")),
        allow(dead_code)
    )]
    fn mask_where(a: bool, b: bool) -> Self;
    /// Per lane, whether a mask is set.
    #[cfg_attr(
        not(all(target_arch = "wasm32", target_feature = "simd128")),
        allow(dead_code)
    )]
    fn set(self) -> [bool; 2];
}

/// wasm's `f64x2`.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub(crate) type Two = Simd;
/// Two plain `f64`s.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
pub(crate) type Two = Plain;

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[derive(Clone, Copy)]
pub(crate) struct Simd(core::arch::wasm32::v128);

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
impl Simd {
    /// The lanes of a raw `v128` (for the trigonometric kernels of
    /// `planner::trig`, written on wasm's intrinsics).
    #[inline(always)]
    pub(crate) fn from_v128(v: core::arch::wasm32::v128) -> Simd {
        Simd(v)
    }

    /// The raw `v128`.
    #[inline(always)]
    pub(crate) fn v128(self) -> core::arch::wasm32::v128 {
        self.0
    }
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
impl Lanes for Simd {
    #[inline(always)]
    fn new(a: f64, b: f64) -> Simd {
        Simd(core::arch::wasm32::f64x2(a, b))
    }
    #[inline(always)]
    fn splat(x: f64) -> Simd {
        Simd(core::arch::wasm32::f64x2_splat(x))
    }
    #[inline(always)]
    fn add(self, o: Simd) -> Simd {
        Simd(core::arch::wasm32::f64x2_add(self.0, o.0))
    }
    #[inline(always)]
    fn sub(self, o: Simd) -> Simd {
        Simd(core::arch::wasm32::f64x2_sub(self.0, o.0))
    }
    #[inline(always)]
    fn mul(self, o: Simd) -> Simd {
        Simd(core::arch::wasm32::f64x2_mul(self.0, o.0))
    }
    #[inline(always)]
    fn div(self, o: Simd) -> Simd {
        Simd(core::arch::wasm32::f64x2_div(self.0, o.0))
    }
    #[inline(always)]
    fn sqrt(self) -> Simd {
        Simd(core::arch::wasm32::f64x2_sqrt(self.0))
    }
    #[inline(always)]
    fn neg(self) -> Simd {
        Simd(core::arch::wasm32::f64x2_neg(self.0))
    }
    #[inline(always)]
    fn abs(self) -> Simd {
        Simd(core::arch::wasm32::f64x2_abs(self.0))
    }
    #[inline(always)]
    fn max(self, o: Simd) -> Simd {
        Simd(core::arch::wasm32::f64x2_pmax(o.0, self.0))
    }
    #[inline(always)]
    fn min(self, o: Simd) -> Simd {
        Simd(core::arch::wasm32::f64x2_pmin(o.0, self.0))
    }
    #[inline(always)]
    fn lt(self, o: Simd) -> Simd {
        Simd(core::arch::wasm32::f64x2_lt(self.0, o.0))
    }
    #[inline(always)]
    fn le(self, o: Simd) -> Simd {
        Simd(core::arch::wasm32::f64x2_le(self.0, o.0))
    }
    #[inline(always)]
    fn gt(self, o: Simd) -> Simd {
        Simd(core::arch::wasm32::f64x2_gt(self.0, o.0))
    }
    #[inline(always)]
    fn ge(self, o: Simd) -> Simd {
        Simd(core::arch::wasm32::f64x2_ge(self.0, o.0))
    }
    #[inline(always)]
    fn and_not(self, mask: Simd) -> Simd {
        Simd(core::arch::wasm32::v128_andnot(self.0, mask.0))
    }
    #[inline(always)]
    fn all(self) -> bool {
        core::arch::wasm32::i64x2_all_true(self.0)
    }
    #[inline(always)]
    fn any(self) -> bool {
        core::arch::wasm32::v128_any_true(self.0)
    }
    #[inline(always)]
    fn eq(self, o: Simd) -> Simd {
        Simd(core::arch::wasm32::f64x2_eq(self.0, o.0))
    }
    #[inline(always)]
    fn and(self, mask: Simd) -> Simd {
        Simd(core::arch::wasm32::v128_and(self.0, mask.0))
    }
    #[inline(always)]
    fn select(self, other: Simd, mask: Simd) -> Simd {
        Simd(core::arch::wasm32::v128_bitselect(self.0, other.0, mask.0))
    }
    #[inline(always)]
    fn finite(self) -> Simd {
        use core::arch::wasm32::{f64x2_abs, f64x2_lt, f64x2_splat};
        Simd(f64x2_lt(f64x2_abs(self.0), f64x2_splat(f64::INFINITY)))
    }
    #[inline(always)]
    fn lanes(self) -> [f64; 2] {
        use core::arch::wasm32::f64x2_extract_lane;
        [
            f64x2_extract_lane::<0>(self.0),
            f64x2_extract_lane::<1>(self.0),
        ]
    }
    #[inline(always)]
    fn swap(self) -> Simd {
        Simd(core::arch::wasm32::i64x2_shuffle::<1, 0>(self.0, self.0))
    }
    #[inline(always)]
    fn negate_second(self) -> Simd {
        use core::arch::wasm32::{i64x2, v128_xor};
        Simd(v128_xor(self.0, i64x2(0, i64::MIN)))
    }
    #[inline(always)]
    fn mask_where(a: bool, b: bool) -> Simd {
        Simd(core::arch::wasm32::i64x2(-i64::from(a), -i64::from(b)))
    }
    #[inline(always)]
    fn set(self) -> [bool; 2] {
        use core::arch::wasm32::i64x2_extract_lane;
        [
            i64x2_extract_lane::<0>(self.0) != 0,
            i64x2_extract_lane::<1>(self.0) != 0,
        ]
    }
}

#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[derive(Clone, Copy)]
pub(crate) struct Plain([f64; 2]);

#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
impl Plain {
    #[inline(always)]
    fn map(self, o: Plain, f: impl Fn(f64, f64) -> f64) -> Plain {
        Plain([f(self.0[0], o.0[0]), f(self.0[1], o.0[1])])
    }

    #[inline(always)]
    fn mask(self, o: Plain, f: impl Fn(f64, f64) -> bool) -> Plain {
        self.map(o, |a, b| f64::from_bits(if f(a, b) { u64::MAX } else { 0 }))
    }
}

#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
impl Lanes for Plain {
    #[inline(always)]
    fn new(a: f64, b: f64) -> Plain {
        Plain([a, b])
    }
    #[inline(always)]
    fn splat(x: f64) -> Plain {
        Plain([x, x])
    }
    #[inline(always)]
    fn add(self, o: Plain) -> Plain {
        self.map(o, |a, b| a + b)
    }
    #[inline(always)]
    fn sub(self, o: Plain) -> Plain {
        self.map(o, |a, b| a - b)
    }
    #[inline(always)]
    fn mul(self, o: Plain) -> Plain {
        self.map(o, |a, b| a * b)
    }
    #[inline(always)]
    fn div(self, o: Plain) -> Plain {
        self.map(o, |a, b| a / b)
    }
    #[inline(always)]
    fn sqrt(self) -> Plain {
        Plain([self.0[0].sqrt(), self.0[1].sqrt()])
    }
    #[inline(always)]
    fn neg(self) -> Plain {
        Plain([-self.0[0], -self.0[1]])
    }
    #[inline(always)]
    fn abs(self) -> Plain {
        Plain([self.0[0].abs(), self.0[1].abs()])
    }
    #[inline(always)]
    fn max(self, o: Plain) -> Plain {
        self.map(o, |a, b| if a > b { a } else { b })
    }
    #[inline(always)]
    fn min(self, o: Plain) -> Plain {
        self.map(o, |a, b| if a < b { a } else { b })
    }
    #[inline(always)]
    fn lt(self, o: Plain) -> Plain {
        self.mask(o, |a, b| a < b)
    }
    #[inline(always)]
    fn le(self, o: Plain) -> Plain {
        self.mask(o, |a, b| a <= b)
    }
    #[inline(always)]
    fn gt(self, o: Plain) -> Plain {
        self.mask(o, |a, b| a > b)
    }
    #[inline(always)]
    fn ge(self, o: Plain) -> Plain {
        self.mask(o, |a, b| a >= b)
    }
    #[inline(always)]
    fn and_not(self, mask: Plain) -> Plain {
        self.map(mask, |a, m| f64::from_bits(a.to_bits() & !m.to_bits()))
    }
    #[inline(always)]
    fn all(self) -> bool {
        self.0[0].to_bits() != 0 && self.0[1].to_bits() != 0
    }
    #[inline(always)]
    fn any(self) -> bool {
        self.0[0].to_bits() != 0 || self.0[1].to_bits() != 0
    }
    #[inline(always)]
    fn eq(self, o: Plain) -> Plain {
        self.mask(o, |a, b| a == b)
    }
    #[inline(always)]
    fn and(self, mask: Plain) -> Plain {
        self.map(mask, |a, m| f64::from_bits(a.to_bits() & m.to_bits()))
    }
    #[inline(always)]
    fn select(self, other: Plain, mask: Plain) -> Plain {
        let pick = |a: f64, b: f64, m: f64| if m.to_bits() != 0 { a } else { b };
        Plain([
            pick(self.0[0], other.0[0], mask.0[0]),
            pick(self.0[1], other.0[1], mask.0[1]),
        ])
    }
    #[inline(always)]
    fn finite(self) -> Plain {
        self.mask(self, |a, _| a.is_finite())
    }
    #[inline(always)]
    fn lanes(self) -> [f64; 2] {
        self.0
    }
    #[inline(always)]
    fn swap(self) -> Plain {
        Plain([self.0[1], self.0[0]])
    }
    #[inline(always)]
    fn negate_second(self) -> Plain {
        Plain([self.0[0], -self.0[1]])
    }
    #[inline(always)]
    fn mask_where(a: bool, b: bool) -> Plain {
        let m = |x: bool| f64::from_bits(if x { u64::MAX } else { 0 });
        Plain([m(a), m(b)])
    }
    #[inline(always)]
    fn set(self) -> [bool; 2] {
        [self.0[0].to_bits() != 0, self.0[1].to_bits() != 0]
    }
}
