//! `Pcg32`: a small seeded generator (PCG-XSH-RR 64/32), so wander repeats
//! bit for bit on every platform and across runs.

/// PCG-XSH-RR with 64 bits of state and a fixed odd increment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Pcg32 {
    state: u64,
}

const MULTIPLIER: u64 = 6_364_136_223_846_793_005;
const INCREMENT: u64 = 1_442_695_040_888_963_407;

/// SplitMix64's finaliser: spreads nearby seeds (0, 1, 2, ...) far apart.
#[inline]
pub(crate) fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Pcg32 {
    /// A generator from any seed (seeds that differ by one give unrelated streams).
    pub(crate) fn new(seed: u64) -> Pcg32 {
        let mut g = Pcg32 { state: 0 };
        g.next_u32();
        g.state = g.state.wrapping_add(splitmix64(seed));
        g.next_u32();
        g
    }

    /// The next 32 random bits.
    #[inline]
    pub(crate) fn next_u32(&mut self) -> u32 {
        let old = self.state;
        self.state = old.wrapping_mul(MULTIPLIER).wrapping_add(INCREMENT);
        let xorshifted = (((old >> 18) ^ old) >> 27) as u32;
        let rot = (old >> 59) as u32;
        xorshifted.rotate_right(rot)
    }

    /// A number in `[-1, 1)`, exactly representable (a multiple of 2⁻³¹).
    #[inline]
    pub(crate) fn next_signed(&mut self) -> f64 {
        f64::from(self.next_u32()) * (1.0 / 2_147_483_648.0) - 1.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_other_seed_other_stream() {
        let (mut a, mut b, mut c) = (Pcg32::new(1), Pcg32::new(1), Pcg32::new(2));
        let xs: Vec<u32> = (0..8).map(|_| a.next_u32()).collect();
        let ys: Vec<u32> = (0..8).map(|_| b.next_u32()).collect();
        let zs: Vec<u32> = (0..8).map(|_| c.next_u32()).collect();
        assert_eq!(xs, ys);
        assert_ne!(xs, zs);
    }

    #[test]
    fn signed_numbers_cover_both_signs() {
        let mut g = Pcg32::new(3);
        let v: Vec<f64> = (0..1000).map(|_| g.next_signed()).collect();
        assert!(v.iter().all(|x| (-1.0..1.0).contains(x)));
        assert!(v.iter().any(|&x| x < -0.9) && v.iter().any(|&x| x > 0.9));
    }
}
