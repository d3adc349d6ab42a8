//! The xorshift64 sequence (and xorshift64*) the tests draw their random cases from
//! (a fixed seed gives the same cases on every machine).

pub struct Rng(pub u64);

#[allow(dead_code)] // each test file uses the part it needs
impl Rng {
    /// The next 64 bits of the sequence.
    pub fn bits(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in [0, 1).
    pub fn next(&mut self) -> f64 {
        (self.bits() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A number in [lo, hi).
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next()
    }

    /// An index below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next() * n as f64) as usize).min(n - 1)
    }
}

/// xorshift64* (Vigna): another fixed sequence, the one the geometry and
/// formation digests draw from.
pub struct StarRng(u64);

#[allow(dead_code)] // each test file uses the part it needs
impl StarRng {
    pub fn new(seed: u64) -> StarRng {
        StarRng(seed.max(1))
    }

    /// A number in [lo, hi).
    pub fn next(&mut self, lo: f64, hi: f64) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let u = (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64;
        lo + (hi - lo) * u
    }
}
