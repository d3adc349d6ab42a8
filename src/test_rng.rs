//! The unit tests' random source: xorshift64, the same numbers on every
//! machine and run, so a failing case can be replayed from its seed.

/// A xorshift64 generator (Marsaglia's 13, 7, 17).
pub(crate) struct Xorshift(u64);

impl Xorshift {
    /// A generator from `seed` (not 0, which stays 0).
    pub(crate) fn new(seed: u64) -> Xorshift {
        Xorshift(seed)
    }

    /// The next 64 bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        let mut s = self.0;
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        self.0 = s;
        s
    }

    /// The next number in [0, 1), from the top 53 bits.
    pub(crate) fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}
