//! The xorshift64 sequence several tests draw their random cases from
//! (a fixed seed gives the same cases on every machine).

pub struct Rng(pub u64);

#[allow(dead_code)] // each test file uses the part it needs
impl Rng {
    /// A number in [0, 1).
    pub fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A number in [lo, hi).
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next()
    }
}
