//! A deterministic xorshift generator for tests that want reproducible
//! random inputs without a property-test framework.

/// Xorshift state; any non-zero seed.
pub struct Rng(pub u64);

impl Rng {
    /// The next 32 random bits.
    pub fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 16) as u32
    }
    /// A number in `0..n`.
    pub fn below(&mut self, n: u32) -> u32 {
        self.next() % n
    }
    /// One of `xs`.
    pub fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len() as u32) as usize]
    }
    /// A random value per lane.
    pub fn lanes(&mut self) -> [u32; 32] {
        std::array::from_fn(|_| self.next())
    }
    /// A value in `0..n` per lane.
    pub fn small_lanes(&mut self, n: u32) -> [u32; 32] {
        std::array::from_fn(|_| self.below(n))
    }
}
