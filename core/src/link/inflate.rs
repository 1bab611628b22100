//! The links' inflater: raw deflate (RFC 1951) decoded after a preset
//! dictionary, never past a size limit.
//!
//! Small on purpose: it runs when a page opens a link, so it is part of the
//! playground's start-up code. Codes are decoded a bit at a time by their
//! canonical order (as RFC 1951 §3.2.2 builds them), which needs only the
//! count of codes of each length and the symbols in code order. Tests
//! compare it with miniz_oxide's inflater on every bundled example and on
//! random and damaged streams, and the fuzz target `inflate` compares the
//! two on arbitrary bytes (public for that target).

use super::LinkErrorKind;

/// Why decoding stopped, and at which byte of the input.
pub type Failure = (LinkErrorKind, usize);

struct Bits<'a> {
    data: &'a [u8],
    /// Bits read so far.
    at: usize,
}

impl Bits<'_> {
    fn byte(&self) -> usize {
        self.at / 8
    }

    /// `n` bits (at most 16), first bit lowest.
    fn take(&mut self, n: u32) -> Result<u32, Failure> {
        let mut v = 0;
        for i in 0..n {
            let byte = *self
                .data
                .get(self.at / 8)
                .ok_or((LinkErrorKind::Truncated, self.data.len()))?;
            v |= u32::from(byte >> (self.at % 8) & 1) << i;
            self.at += 1;
        }
        Ok(v)
    }

    fn corrupt(&self) -> Failure {
        (LinkErrorKind::Corrupt, self.byte().min(self.data.len()))
    }
}

/// A canonical Huffman code: how many codes each length has, and the
/// symbols in code order.
struct Code {
    count: [u16; 16],
    symbol: Vec<u16>,
}

impl Code {
    /// The code of the lengths (0: unused symbol); `None` when it has more
    /// codes than lengths allow, or is incomplete with more than one code
    /// (RFC 1951 allows one distance code of one bit).
    fn new(lengths: &[u8]) -> Option<Code> {
        let mut count = [0u16; 16];
        for &l in lengths {
            count[usize::from(l)] += 1;
        }
        count[0] = 0;
        let mut left: i32 = 1;
        for &c in &count[1..] {
            left = left * 2 - i32::from(c);
            if left < 0 {
                return None;
            }
        }
        let used: u16 = count.iter().sum();
        // An incomplete code is refused, but for none at all and for a
        // single code of one bit (as zlib and miniz_oxide do: a lone code
        // of three bits was taken here and refused there).
        if left > 0 && used > 0 && !(used == 1 && count[1] == 1) {
            return None;
        }
        let mut offset = [0u16; 16];
        for l in 1..15 {
            offset[l + 1] = offset[l] + count[l];
        }
        let mut symbol = vec![0; usize::from(used)];
        for (s, &l) in lengths.iter().enumerate() {
            if l != 0 {
                symbol[usize::from(offset[usize::from(l)])] = s as u16;
                offset[usize::from(l)] += 1;
            }
        }
        Some(Code { count, symbol })
    }

    fn decode(&self, bits: &mut Bits) -> Result<u16, Failure> {
        let (mut code, mut first, mut index) = (0i32, 0i32, 0i32);
        for len in 1..16 {
            code |= bits.take(1)? as i32;
            let count = i32::from(self.count[len]);
            if code - first < count {
                return Ok(self.symbol[(index + code - first) as usize]);
            }
            index += count;
            first = (first + count) << 1;
            code <<= 1;
        }
        Err(bits.corrupt())
    }
}

const LENGTH_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LENGTH_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DIST_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];
/// The order in which a dynamic block lists the code-length code's lengths.
const ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// The stream `packed` decoded after `dict` (its back-references may reach
/// into it); the result holds only what the stream makes. More than `max`
/// bytes of it is [`LinkErrorKind::TooLarge`]; whole bytes after the final
/// block are [`LinkErrorKind::TrailingData`].
pub fn inflate(dict: &[u8], packed: &[u8], max: usize) -> Result<Vec<u8>, Failure> {
    let mut out = Vec::with_capacity(dict.len() + (packed.len() * 4).min(max));
    out.extend_from_slice(dict);
    let limit = dict.len() + max;
    let mut bits = Bits {
        data: packed,
        at: 0,
    };
    // Built once, not at each fixed block: a link may hold a hundred
    // thousand empty ones (a microsecond or two for a stream without any).
    let (fixed_lit, fixed_dist) = fixed_codes();
    loop {
        let last = bits.take(1)? == 1;
        match bits.take(2)? {
            0 => {
                bits.at = bits.at.div_ceil(8) * 8;
                let len = bits.take(16)?;
                if bits.take(16)? != !len & 0xffff {
                    return Err(bits.corrupt());
                }
                for _ in 0..len {
                    if out.len() >= limit {
                        return Err((LinkErrorKind::TooLarge, bits.byte()));
                    }
                    out.push(bits.take(8)? as u8);
                }
            }
            1 => block(&mut bits, &mut out, limit, &fixed_lit, &fixed_dist)?,
            2 => {
                let (lit, dist) = dynamic_codes(&mut bits)?;
                block(&mut bits, &mut out, limit, &lit, &dist)?;
            }
            _ => return Err(bits.corrupt()),
        }
        if last {
            break;
        }
    }
    if bits.at.div_ceil(8) < packed.len() {
        return Err((LinkErrorKind::TrailingData, bits.at.div_ceil(8)));
    }
    out.drain(..dict.len());
    Ok(out)
}

/// The codes of a fixed block (RFC 1951 §3.2.6).
fn fixed_codes() -> (Code, Code) {
    let mut lengths = [8u8; 288];
    lengths[144..256].fill(9);
    lengths[256..280].fill(7);
    let lit = Code::new(&lengths).expect("the fixed code is complete");
    let dist = Code::new(&[5; 32]).expect("the fixed distance code is complete");
    (lit, dist)
}

/// The literal/length and distance codes of a dynamic block's header.
fn dynamic_codes(bits: &mut Bits) -> Result<(Code, Code), Failure> {
    let nlen = bits.take(5)? as usize + 257;
    let ndist = bits.take(5)? as usize + 1;
    let ncode = bits.take(4)? as usize + 4;
    if nlen > 286 || ndist > 30 {
        return Err(bits.corrupt());
    }
    let mut lengths = [0u8; 19];
    for &i in &ORDER[..ncode] {
        lengths[i] = bits.take(3)? as u8;
    }
    let lencode = Code::new(&lengths).ok_or_else(|| bits.corrupt())?;
    let mut lengths = vec![0u8; nlen + ndist];
    let mut i = 0;
    while i < lengths.len() {
        let sym = lencode.decode(bits)?;
        let (value, times) = match sym {
            0..=15 => (sym as u8, 1),
            16 if i > 0 => (lengths[i - 1], 3 + bits.take(2)?),
            17 => (0, 3 + bits.take(3)?),
            18 => (0, 11 + bits.take(7)?),
            _ => return Err(bits.corrupt()),
        };
        if i + times as usize > lengths.len() {
            return Err(bits.corrupt());
        }
        lengths[i..i + times as usize].fill(value);
        i += times as usize;
    }
    if lengths[256] == 0 {
        return Err(bits.corrupt());
    }
    let lit = Code::new(&lengths[..nlen]).ok_or_else(|| bits.corrupt())?;
    let dist = Code::new(&lengths[nlen..]).ok_or_else(|| bits.corrupt())?;
    Ok((lit, dist))
}

/// One compressed block's symbols, up to its end-of-block.
fn block(
    bits: &mut Bits,
    out: &mut Vec<u8>,
    limit: usize,
    lit: &Code,
    dist: &Code,
) -> Result<(), Failure> {
    loop {
        let sym = usize::from(lit.decode(bits)?);
        if sym == 256 {
            return Ok(());
        }
        if sym < 256 {
            if out.len() >= limit {
                return Err((LinkErrorKind::TooLarge, bits.byte()));
            }
            out.push(sym as u8);
            continue;
        }
        let i = sym - 257;
        if i >= LENGTH_BASE.len() {
            return Err(bits.corrupt());
        }
        let len = usize::from(LENGTH_BASE[i]) + bits.take(u32::from(LENGTH_EXTRA[i]))? as usize;
        let d = usize::from(dist.decode(bits)?);
        if d >= DIST_BASE.len() {
            return Err(bits.corrupt());
        }
        let back = usize::from(DIST_BASE[d]) + bits.take(u32::from(DIST_EXTRA[d]))? as usize;
        if back > out.len() {
            return Err(bits.corrupt());
        }
        if out.len() + len > limit {
            return Err((LinkErrorKind::TooLarge, bits.byte()));
        }
        for _ in 0..len {
            out.push(out[out.len() - back]);
        }
    }
}

#[cfg(test)]
mod tests {

    /// A dynamic block whose distance code is one code of three bits (an
    /// incomplete code zlib and miniz_oxide refuse) is corrupt, though its
    /// literals alone would decode (found by the `inflate` fuzz target).
    #[test]
    fn a_lone_distance_code_longer_than_one_bit_is_corrupt() {
        let hex = "6d965d6aeb301085ef43a190c7ae6008146c484ce2a4d48d0b81aea0946ec089951f6a5bc6b2eb6ea80bb83bbc6746b2d5a4f70000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000ff00";
        let packed: Vec<u8> = (0..hex.len())
            .step_by(2)
            .map(|k| u8::from_str_radix(&hex[k..k + 2], 16).unwrap())
            .collect();
        let dict = crate::link::DICTIONARY_V1.as_bytes();
        assert!(matches!(
            inflate(dict, &packed, 1 << 16),
            Err((LinkErrorKind::Corrupt, _))
        ));
    }
    use super::*;
    use miniz_oxide::inflate::core::{decompress, inflate_flags, DecompressorOxide};
    use miniz_oxide::inflate::TINFLStatus;

    /// miniz_oxide's answer for the same input: the output, or failed.
    fn miniz(dict: &[u8], packed: &[u8]) -> Option<Vec<u8>> {
        let mut buf = dict.to_vec();
        buf.resize(dict.len() + (1 << 20), 0);
        let mut state = Box::<DecompressorOxide>::default();
        let flags = inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF;
        let (status, used, made) = decompress(&mut state, packed, &mut buf, dict.len(), flags);
        (status == TINFLStatus::Done && used == packed.len())
            .then(|| buf[dict.len()..dict.len() + made].to_vec())
    }

    fn texts() -> Vec<Vec<u8>> {
        let mut all: Vec<Vec<u8>> = crate::examples::examples_for("w128")
            .iter()
            .chain(crate::examples::examples_for("sm50"))
            .chain(crate::examples::examples_for("gfx9"))
            .map(|e| e.source.as_bytes().to_vec())
            .collect();
        all.push(Vec::new());
        all.push(vec![b'a'; 70_000]);
        all
    }

    #[test]
    fn reads_what_both_encoders_write() {
        let dict = super::super::DICTIONARY_V1.as_bytes();
        for text in texts() {
            let ours = super::super::deflate::deflate(dict, &text);
            assert_eq!(inflate(dict, &ours, 1 << 20).unwrap(), text);
            for level in [0, 1, 6, 10] {
                let theirs = miniz_oxide::deflate::compress_to_vec(&text, level);
                assert_eq!(
                    inflate(&[], &theirs, 1 << 20).unwrap(),
                    text,
                    "level {level}"
                );
            }
        }
    }

    #[test]
    fn agrees_with_miniz_on_damaged_streams() {
        // Every stream with one byte changed, one bit flipped, or cut
        // short: where miniz_oxide reads a whole stream, the same bytes;
        // where it fails, a failure.
        let dict = super::super::DICTIONARY_V1.as_bytes();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for text in texts().iter().take(6) {
            let good = super::super::deflate::deflate(dict, text);
            for _ in 0..400 {
                let mut bad = good.clone();
                let i = next() as usize % bad.len().max(1);
                match next() % 3 {
                    0 if !bad.is_empty() => bad[i] ^= 1 << (next() % 8),
                    1 if !bad.is_empty() => bad[i] = next() as u8,
                    _ => bad.truncate(i),
                }
                let ours = inflate(dict, &bad, 1 << 20);
                match miniz(dict, &bad) {
                    Some(want) => assert_eq!(ours.ok(), Some(want)),
                    None => assert!(ours.is_err(), "{bad:?}"),
                }
            }
        }
    }

    #[test]
    fn says_what_went_wrong() {
        let dict = super::super::DICTIONARY_V1.as_bytes();
        let good = super::super::deflate::deflate(dict, b"EXIT ; EXIT ; EXIT ;");
        assert_eq!(
            inflate(dict, &good[..good.len() - 1], 100).unwrap_err().0,
            LinkErrorKind::Truncated
        );
        let mut extra = good.clone();
        extra.push(0);
        assert_eq!(
            inflate(dict, &extra, 100).unwrap_err(),
            (LinkErrorKind::TrailingData, good.len())
        );
        assert_eq!(
            inflate(dict, &good, 5).unwrap_err().0,
            LinkErrorKind::TooLarge
        );
        // a reserved block type; a stored block whose length check fails
        assert_eq!(
            inflate(&[], &[0x07, 0, 0], 100).unwrap_err().0,
            LinkErrorKind::Corrupt
        );
        assert_eq!(
            inflate(&[], &[0x01, 2, 0, 0, 0, b'a', b'b'], 100)
                .unwrap_err()
                .0,
            LinkErrorKind::Corrupt
        );
        assert_eq!(
            inflate(&[], &[0x01, 2, 0, 0xfd, 0xff, b'a', b'b'], 100).unwrap(),
            b"ab"
        );
        // without a dictionary
        let far = super::super::deflate::deflate(b"", b"abcabcabc");
        assert_eq!(inflate(b"", &far, 100).unwrap(), b"abcabcabc");
    }
}
