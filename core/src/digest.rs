//! FNV-1a, 64 bits: the project's one digest of bytes. It names a
//! compiled description's documentation part ([`crate::spec::compact`]),
//! shortens long function names in the split's recorded list and versions
//! the offline cache of `dist/` (xtask). Not for security: it only has to
//! tell one build's bytes from another's, the same on every machine.

const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0100_0000_01b3;

/// A digest fed in pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Fnv1a {
        Fnv1a(OFFSET)
    }
}

impl Fnv1a {
    /// Takes `bytes` in.
    pub fn write(&mut self, bytes: &[u8]) {
        self.0 = bytes
            .iter()
            .fold(self.0, |h, &b| (h ^ u64::from(b)).wrapping_mul(PRIME));
    }

    /// The digest of everything taken in so far.
    pub fn value(self) -> u64 {
        self.0
    }
}

/// The digest of `bytes`.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h = Fnv1a::default();
    h.write(bytes);
    h.value()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        // The published FNV-1a 64 test vectors.
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
        let mut h = Fnv1a::default();
        h.write(b"foo");
        h.write(b"bar");
        assert_eq!(h.value(), fnv1a(b"foobar"));
    }
}
