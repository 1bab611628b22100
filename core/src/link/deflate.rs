//! A small raw deflate encoder (RFC 1951) with a preset dictionary.
//!
//! Links are made a few times a minute at most, so this encoder is written
//! to be short rather than fast: it replaces a general-purpose compressor
//! whose code weighed about 15 KB in the playground's wasm bundle. Decoding
//! still goes through `miniz_oxide`'s inflate.
//!
//! The whole payload goes in one block. Hash chains over dictionary +
//! payload give, at every position, the back-references worth
//! considering; the parse into literals and back-references is then the
//! cheapest path through the payload, with each step priced in bits by a
//! code: the fixed Huffman code first, then the dynamic code built from
//! the previous parse. The block is written with a dynamic code, the fixed
//! code or stored, whichever is shortest.

/// Longest and shortest back-reference deflate can express, and how far
/// back one may reach.
const MAX_MATCH: usize = 258;
const MIN_MATCH: usize = 3;
const WINDOW: usize = 32 * 1024;
/// Candidates tried per position. Links are a few KiB with a 1.6 KiB
/// dictionary: longer chains find nothing better there, and they only
/// slow down long runs of one byte.
const MAX_CHAIN: usize = 256;
const HASH_BITS: u32 = 15;
/// Parses made, each priced by the code of the one before.
const PASSES: usize = 3;
/// Payloads longer than this (a program of some thousand lines, which the
/// page autosaves a moment after every step) are compressed quickly
/// rather than as tightly as can be: short chains and the longest match
/// at each step, one pass. The careful parse takes seconds on them.
const QUICK_ABOVE: usize = 16 * 1024;
/// Candidates tried per position in the quick mode.
const QUICK_CHAIN: usize = 16;

/// One step of the parse: a literal byte (`dist == 0`) or a back-reference
/// of `len` bytes starting `dist` bytes back.
#[derive(Clone, Copy)]
struct Token {
    len: u16,
    dist: u16,
}

/// Code lengths of the literal/length and the distance alphabets.
type Code = (Vec<u8>, Vec<u8>);

/// Raw deflate of `data`, whose back-references may reach into `dict` as
/// if it had been output just before `data` (`dict` must be shorter than
/// the 32 KiB window).
pub(super) fn deflate(dict: &[u8], data: &[u8]) -> Vec<u8> {
    let fixed: Code = (
        (0..288)
            .map(|s| match s {
                0..=143 => 8,
                144..=255 => 9,
                256..=279 => 7,
                _ => 8,
            })
            .collect(),
        vec![5; 30],
    );
    let mut best = stored(data);
    let mut price = fixed.clone();
    let quick = data.len() > QUICK_ABOVE;
    // The matches do not depend on the prices: found once, priced per pass.
    let found = Found::of(dict, data, if quick { QUICK_CHAIN } else { MAX_CHAIN });
    for _ in 0..if quick { 1 } else { PASSES } {
        let tokens = if quick {
            greedy(data, &found)
        } else {
            parse(data, &found, &price)
        };
        let (lit_freq, dist_freq) = frequencies(&tokens);
        price = (code_lengths(&lit_freq, 15), code_lengths(&dist_freq, 15));
        for out in [
            huffman_block(&tokens, &fixed, false),
            huffman_block(&tokens, &price, true),
        ] {
            if out.len() < best.len() {
                best = out;
            }
        }
    }
    best
}

/// Hash chains over `buf`: `head` holds the latest position of each hash of
/// three bytes, `prev` the position before it with the same hash (both as
/// position + 1, 0 meaning none). Positions are added in order, up to (not
/// including) the one being searched, so every candidate lies behind it.
struct Chains<'a> {
    buf: &'a [u8],
    head: Vec<u32>,
    prev: Vec<u32>,
    added: usize,
    /// Candidates tried per position.
    chain: usize,
}

impl Chains<'_> {
    fn hash(&self, i: usize) -> usize {
        let b = &self.buf[i..i + MIN_MATCH];
        let h = (u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]))
            .wrapping_mul(0x9e37_79b1);
        (h >> (32 - HASH_BITS)) as usize
    }

    /// The matches for position `i` that are longer than every nearer one,
    /// as `(len, dist)`, nearest (and shortest) first.
    fn matches(&mut self, i: usize) -> Vec<(usize, usize)> {
        let end = self.buf.len();
        while self.added < i {
            let j = self.added;
            if j + MIN_MATCH <= end {
                let h = self.hash(j);
                self.prev[j] = self.head[h];
                self.head[h] = j as u32 + 1;
            }
            self.added += 1;
        }
        let max = (end - i).min(MAX_MATCH);
        let mut found = Vec::new();
        if max < MIN_MATCH {
            return found;
        }
        let mut best = MIN_MATCH - 1;
        let mut cand = self.head[self.hash(i)] as usize;
        for _ in 0..self.chain {
            if cand == 0 || i - (cand - 1) > WINDOW {
                break;
            }
            let j = cand - 1;
            // A candidate that differs at the length to beat cannot beat
            // it: checking that byte first keeps long runs of one byte fast.
            if self.buf[j + best] != self.buf[i + best] {
                cand = self.prev[j] as usize;
                continue;
            }
            let len = (0..max)
                .find(|&k| self.buf[i + k] != self.buf[j + k])
                .unwrap_or(max);
            if len > best {
                best = len;
                found.push((len, i - j));
                if len == max {
                    break;
                }
            }
            cand = self.prev[j] as usize;
        }
        found
    }
}

/// The back-references that may start at each position of `data`, as
/// [`Chains::matches`] finds them: `(len, dist)` in `all`, those of
/// position `i` at `all[starts[i]..starts[i + 1]]`. A position inside a
/// back-reference of the longest length has none: no step starts there
/// (see [`parse`]).
struct Found {
    all: Vec<(u16, u16)>,
    starts: Vec<u32>,
}

impl Found {
    fn of(dict: &[u8], data: &[u8], chain: usize) -> Found {
        let buf = [dict, data].concat();
        let mut chains = Chains {
            buf: &buf,
            head: vec![0; 1 << HASH_BITS],
            prev: vec![0; buf.len()],
            added: 0,
            chain,
        };
        let mut found = Found {
            all: Vec::new(),
            starts: Vec::with_capacity(data.len() + 1),
        };
        let mut i = 0;
        while i < data.len() {
            found.starts.push(found.all.len() as u32);
            let here = chains.matches(dict.len() + i);
            let longest = here.last().map_or(0, |m| m.0);
            found.all.extend(
                here.into_iter()
                    .map(|(len, dist)| (len as u16, dist as u16)),
            );
            // After a back-reference as long as they go, go straight to
            // its end: in long repeats that saves trying every position.
            let skip = if longest == MAX_MATCH { MAX_MATCH } else { 1 };
            for _ in 1..skip.min(data.len() - i) {
                found.starts.push(found.all.len() as u32);
            }
            i += skip;
        }
        found.starts.truncate(data.len());
        found.starts.push(found.all.len() as u32);
        found
    }

    fn at(&self, i: usize) -> &[(u16, u16)] {
        &self.all[self.starts[i] as usize..self.starts[i + 1] as usize]
    }
}

/// The parse of `data` that costs the fewest bits under `price`, as a
/// shortest path: from every position, a literal or a back-reference of any
/// length up to each match found there.
fn parse(data: &[u8], found: &Found, price: &Code) -> Vec<Token> {
    // A symbol the code leaves out would get a code of its own, and a
    // long one.
    let bits = |l: u8| if l == 0 { 15 } else { u32::from(l) };
    let cost = |t: Token| {
        let (s, n, _) = len_symbol(t);
        let mut c = bits(price.0[s]) + n;
        if t.dist > 0 {
            let (s, n, _) = bucket(u32::from(t.dist) - 1, 1);
            c += bits(price.1[s]) + n;
        }
        c
    };
    // For each position of `data`: the fewest bits that reach it, and the
    // last step taken to get there.
    let mut reach = vec![(u32::MAX, Token { len: 0, dist: 0 }); data.len() + 1];
    reach[0].0 = 0;
    let mut i = 0;
    while i < data.len() {
        let here = reach[i].0;
        let mut step = |t: Token, to: usize| {
            let c = here + cost(t);
            if c < reach[to].0 {
                reach[to] = (c, t);
            }
        };
        step(
            Token {
                len: u16::from(data[i]),
                dist: 0,
            },
            i + 1,
        );
        let mut shortest = MIN_MATCH;
        for &(len, dist) in found.at(i) {
            let len = usize::from(len);
            for l in shortest..=len {
                step(
                    Token {
                        len: l as u16,
                        dist,
                    },
                    i + l,
                );
            }
            shortest = len + 1;
        }
        // No step starts from the positions a longest back-reference
        // skips (`Found::of`), so the path back from the end never passes
        // through them.
        i += if shortest > MAX_MATCH { MAX_MATCH } else { 1 };
    }
    let mut tokens = Vec::new();
    let mut at = data.len();
    while at > 0 {
        let t = reach[at].1;
        tokens.push(t);
        at -= if t.dist == 0 { 1 } else { usize::from(t.len) };
    }
    tokens.reverse();
    tokens
}

/// The quick parse of `data`: at each step the longest back-reference
/// found there, else a literal.
fn greedy(data: &[u8], found: &Found) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < data.len() {
        let t = match found.at(i).last() {
            Some(&(len, dist)) => Token { len, dist },
            None => Token {
                len: u16::from(data[i]),
                dist: 0,
            },
        };
        tokens.push(t);
        i += if t.dist == 0 { 1 } else { usize::from(t.len) };
    }
    tokens
}

/// The symbol of a length (`low_bits` = 2, `v` = length - 3) or distance
/// (`low_bits` = 1, `v` = distance - 1) within its alphabet, with its extra
/// bits as `(symbol, extra bit count, extra value)`. Both alphabets of
/// RFC 1951 §3.2.5 follow one rule: small values have a symbol each, then
/// every further power of two is split into `2^low_bits` symbols that share
/// their number of extra bits.
fn bucket(v: u32, low_bits: u32) -> (usize, u32, u32) {
    if v < 2 << low_bits {
        return (v as usize, 0, 0);
    }
    let top = 31 - v.leading_zeros();
    let extra = top - low_bits;
    let sym = ((extra + 1) << low_bits) + ((v >> extra) & ((1 << low_bits) - 1));
    (sym as usize, extra, v & ((1 << extra) - 1))
}

/// The literal/length symbol and extra bits of a token.
fn len_symbol(t: Token) -> (usize, u32, u32) {
    match (t.dist, t.len) {
        (0, lit) => (usize::from(lit), 0, 0),
        // 258 has a symbol of its own, not the last of its bucket.
        (_, 258) => (285, 0, 0),
        (_, len) => {
            let (s, n, v) = bucket(u32::from(len) - 3, 2);
            (257 + s, n, v)
        }
    }
}

/// How often each literal/length and each distance symbol occurs, the end
/// of block included.
fn frequencies(tokens: &[Token]) -> (Vec<u32>, Vec<u32>) {
    let mut lit_freq = vec![0; 286];
    let mut dist_freq = vec![0; 30];
    lit_freq[256] = 1;
    for &t in tokens {
        lit_freq[len_symbol(t).0] += 1;
        if t.dist > 0 {
            dist_freq[bucket(u32::from(t.dist) - 1, 1).0] += 1;
        }
    }
    (lit_freq, dist_freq)
}

/// Writes bits least significant first, as deflate packs them.
struct Bits {
    out: Vec<u8>,
    acc: u64,
    n: u32,
}

impl Bits {
    fn put(&mut self, v: u32, n: u32) {
        self.acc |= u64::from(v) << self.n;
        self.n += n;
        while self.n >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n -= 8;
        }
    }

    /// Writes the Huffman code of `sym` (`codes` from [`canonical`]).
    fn sym(&mut self, codes: &[(u32, u32)], sym: usize) {
        let (code, len) = codes[sym];
        self.put(code, len);
    }
}

/// `tokens` as one final block with the Huffman code `code`: the fixed
/// code of RFC 1951 §3.2.6, or a dynamic one described in the block's
/// header.
fn huffman_block(tokens: &[Token], code: &Code, dynamic: bool) -> Vec<u8> {
    let mut bits = Bits {
        out: Vec::new(),
        acc: 0,
        n: 0,
    };
    // BFINAL, then BTYPE 2 (dynamic) or 1 (fixed).
    bits.put(1, 1);
    bits.put(1 + u32::from(dynamic), 2);
    if dynamic {
        write_lengths(&mut bits, &code.0, &code.1);
    }
    let lit_codes = canonical(&code.0);
    let dist_codes = canonical(&code.1);
    for &t in tokens {
        let (s, n, v) = len_symbol(t);
        bits.sym(&lit_codes, s);
        bits.put(v, n);
        if t.dist > 0 {
            let (s, n, v) = bucket(u32::from(t.dist) - 1, 1);
            bits.sym(&dist_codes, s);
            bits.put(v, n);
        }
    }
    bits.sym(&lit_codes, 256);
    // Seven zero bits push out the last partial byte, if any.
    bits.put(0, 7);
    bits.out
}

/// The header of a dynamic block after its type (RFC 1951 §3.2.7): the
/// code lengths of both alphabets, run-length coded, themselves Huffman
/// coded with the code-length code.
fn write_lengths(bits: &mut Bits, lit_lens: &[u8], dist_lens: &[u8]) {
    let used = |lens: &[u8], min: usize| {
        lens.iter()
            .rposition(|&l| l > 0)
            .map_or(min, |p| (p + 1).max(min))
    };
    let (hlit, hdist) = (used(lit_lens, 257), used(dist_lens, 1));
    let seq = [&lit_lens[..hlit], &dist_lens[..hdist]].concat();
    // (symbol, extra value) pairs: a length, 16 (the previous length 3-6
    // times more), 17 (3-10 zeros) or 18 (11-138 zeros).
    let mut runs: Vec<(usize, u32)> = Vec::new();
    let mut k = 0;
    while k < seq.len() {
        let v = seq[k];
        let run = seq[k..].iter().take_while(|&&l| l == v).count();
        let (item, took) = if v == 0 && run >= 11 {
            let r = run.min(138);
            ((18, r as u32 - 11), r)
        } else if v == 0 && run >= 3 {
            ((17, run as u32 - 3), run)
        } else if v != 0 && k > 0 && seq[k - 1] == v && run >= 3 {
            let r = run.min(6);
            ((16, r as u32 - 3), r)
        } else {
            ((usize::from(v), 0), 1)
        };
        runs.push(item);
        k += took;
    }
    let mut freq = vec![0; 19];
    for &(s, _) in &runs {
        freq[s] += 1;
    }
    let lens = code_lengths(&freq, 7);
    // The order in which the code-length code's own lengths are sent.
    const ORDER: [usize; 19] = [
        16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
    ];
    let hclen = used(&ORDER.map(|s| lens[s]), 4);
    bits.put(hlit as u32 - 257, 5);
    bits.put(hdist as u32 - 1, 5);
    bits.put(hclen as u32 - 4, 4);
    for &s in &ORDER[..hclen] {
        bits.put(u32::from(lens[s]), 3);
    }
    let codes = canonical(&lens);
    for (s, v) in runs {
        bits.sym(&codes, s);
        let extra = match s {
            16 => 2,
            17 => 3,
            18 => 7,
            _ => 0,
        };
        bits.put(v, extra);
    }
}

/// Huffman code lengths for symbol frequencies, none longer than `limit`.
/// At least two symbols always get a code (a code of one symbol is not
/// complete, and not every decoder accepts it), so a symbol or two that
/// never occur may get one too. When the best code is too deep, the
/// frequencies are flattened (halved, rounding up) and the code is built
/// again: that converges to equal frequencies, whose code is balanced.
fn code_lengths(freq: &[u32], limit: u32) -> Vec<u8> {
    let mut weight: Vec<u64> = freq.iter().map(|&f| u64::from(f)).collect();
    for s in 0..2 {
        if weight.iter().filter(|&&w| w > 0).count() < 2 && weight[s] == 0 {
            weight[s] = 1;
        }
    }
    loop {
        let leaves: Vec<usize> = (0..weight.len()).filter(|&s| weight[s] > 0).collect();
        // Nodes: the leaves, then each merge of the two lightest live nodes.
        let mut node: Vec<u64> = leaves.iter().map(|&s| weight[s]).collect();
        let mut parent = vec![0; 2 * leaves.len() - 1];
        let mut live: Vec<usize> = (0..leaves.len()).collect();
        while live.len() > 1 {
            let mut take = || {
                let k = (0..live.len()).min_by_key(|&k| node[live[k]]).unwrap_or(0);
                live.swap_remove(k)
            };
            let (a, b) = (take(), take());
            parent[a] = node.len();
            parent[b] = node.len();
            live.push(node.len());
            node.push(node[a] + node[b]);
        }
        // Parents come after their children: depths from the root down.
        let mut depth = vec![0u32; node.len()];
        for i in (0..node.len() - 1).rev() {
            depth[i] = depth[parent[i]] + 1;
        }
        if depth[..leaves.len()].iter().all(|&d| d <= limit) {
            let mut lens = vec![0; weight.len()];
            for (k, &s) in leaves.iter().enumerate() {
                lens[s] = depth[k] as u8;
            }
            return lens;
        }
        for w in &mut weight {
            *w = w.div_ceil(2);
        }
    }
}

/// The canonical codes of RFC 1951 §3.2.2 for these lengths, as
/// `(code, length)` with the code's bits reversed, ready for [`Bits::put`].
fn canonical(lens: &[u8]) -> Vec<(u32, u32)> {
    // The first code of each length: after every shorter code, doubled.
    let mut next = [0u32; 16];
    for len in 1..16 {
        let shorter = lens.iter().filter(|&&l| l > 0 && l == len - 1).count();
        next[usize::from(len)] = (next[usize::from(len - 1)] + shorter as u32) << 1;
    }
    lens.iter()
        .map(|&l| {
            let l = u32::from(l);
            if l == 0 {
                return (0, 0);
            }
            let c = next[l as usize];
            next[l as usize] += 1;
            (c.reverse_bits() >> (32 - l), l)
        })
        .collect()
}

/// `data` as stored blocks (RFC 1951 §3.2.4), for data that does not
/// compress: each block is a byte of header bits, its length and the
/// length's complement, then up to 65,535 bytes as they are.
fn stored(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() + 5);
    let mut chunks: Vec<&[u8]> = data.chunks(65_535).collect();
    if chunks.is_empty() {
        chunks.push(&[]);
    }
    let last = chunks.len() - 1;
    for (k, chunk) in chunks.into_iter().enumerate() {
        let len = chunk.len() as u16;
        out.push(u8::from(k == last));
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(chunk);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{code_lengths, deflate, huffman_block, Token};
    use crate::link::{inflate_with_dictionary, payload_v1, LinkState, DICTIONARY_V1, MAX_PAYLOAD};
    use proptest::prelude::*;

    /// The encoder this one replaced: miniz_oxide's compressor at level 10,
    /// fed the dictionary first and flushed, keeping only what follows.
    fn miniz_deflate(data: &[u8]) -> Vec<u8> {
        use miniz_oxide::deflate::core::{
            compress_to_output, create_comp_flags_from_zip_params, CompressorOxide, TDEFLFlush,
        };
        let flags = create_comp_flags_from_zip_params(10, -15, 0);
        let mut comp = Box::new(CompressorOxide::new(flags));
        let dict = DICTIONARY_V1.as_bytes();
        compress_to_output(&mut comp, dict, TDEFLFlush::Sync, |_| true);
        let mut out = Vec::new();
        compress_to_output(&mut comp, data, TDEFLFlush::Finish, |chunk| {
            out.extend_from_slice(chunk);
            true
        });
        out
    }

    /// Every bundled example, and every bundled puzzle's starter and
    /// solution, as the state of a link.
    fn corpus() -> Vec<(String, LinkState)> {
        let mut all = Vec::new();
        for isa in crate::isas::NAMES {
            for e in crate::examples::examples_for(isa) {
                all.push((format!("{isa}/{}", e.id), LinkState::new(isa, e.source)));
            }
        }
        for p in crate::puzzle::bundled_all() {
            all.push((
                format!("{} starter", p.id),
                LinkState::new(&p.isa, &p.starter),
            ));
            all.push((
                format!("{} solution", p.id),
                LinkState::new(&p.isa, &p.solution),
            ));
        }
        all
    }

    /// Characters of a link whose deflate stream has `n` bytes.
    fn link_len(n: usize) -> usize {
        "v1.".len() + (4 * n).div_ceil(3)
    }

    fn round_trip(data: &[u8]) {
        let packed = deflate(DICTIONARY_V1.as_bytes(), data);
        assert_eq!(inflate_with_dictionary(&packed).as_deref(), Ok(data));
    }

    /// A long program (past [`QUICK_ABOVE`]) is compressed in the quick
    /// mode: it round-trips, and is no more than a third longer than the
    /// general-purpose compressor's at its default level.
    #[test]
    fn long_payloads_compress_quickly_and_still_well() {
        let mut src = String::new();
        for i in 0..3000 {
            src.push_str(&format!(
                "    IADD3 R{}, R{}, 0x{:x}, RZ      // step {i}\n",
                i % 7,
                i % 5,
                i * 37 % 4096
            ));
        }
        let payload = payload_v1(&LinkState::new("w128", &src));
        assert!(payload.len() > super::QUICK_ABOVE);
        let packed = deflate(DICTIONARY_V1.as_bytes(), &payload);
        assert_eq!(
            inflate_with_dictionary(&packed).as_deref(),
            Ok(&payload[..])
        );
        let general = miniz_deflate(&payload).len();
        assert!(
            packed.len() * 3 <= general * 4,
            "{} vs {general}",
            packed.len()
        );
        assert!(
            packed.len() * 4 < payload.len(),
            "{} of {}",
            packed.len(),
            payload.len()
        );
    }

    #[test]
    fn links_are_no_longer_than_with_the_previous_encoder() {
        let (mut old_total, mut new_total, mut worst) = (0, 0, (0.0, String::new()));
        for (name, state) in corpus() {
            let payload = payload_v1(&state);
            let new = deflate(DICTIONARY_V1.as_bytes(), &payload);
            assert_eq!(inflate_with_dictionary(&new).as_deref(), Ok(&payload[..]));
            let (old, new) = (link_len(miniz_deflate(&payload).len()), link_len(new.len()));
            old_total += old;
            new_total += new;
            let ratio = new as f64 / old as f64;
            if ratio > worst.0 {
                worst = (ratio, name);
            }
        }
        eprintln!(
            "link characters: {old_total} before, {new_total} now; worst {:.3} ({})",
            worst.0, worst.1
        );
        assert!(
            new_total * 100 <= old_total * 103,
            "{new_total} vs {old_total}"
        );
        assert!(
            worst.0 <= 1.05,
            "{} is {:.3} times as long",
            worst.1,
            worst.0
        );
    }

    #[test]
    fn edge_inputs_round_trip() {
        round_trip(b"");
        round_trip(b"x");
        round_trip(&[0; 1000]);
        round_trip(&vec![b'a'; MAX_PAYLOAD]);
        round_trip(DICTIONARY_V1.as_bytes());
        let noise: Vec<u8> = (0..MAX_PAYLOAD as u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        round_trip(&noise);
    }

    /// Frequencies that make a Huffman code as deep as it gets: each one
    /// the sum of the two before (up to 2^24, so that they fit).
    fn fibonacci(n: usize) -> Vec<u32> {
        let mut f = vec![1, 1];
        while f.len() < n {
            f.push((f[f.len() - 1] + f[f.len() - 2]).min(1 << 24));
        }
        f
    }

    #[test]
    fn code_lengths_are_limited_and_complete() {
        for (n, limit) in [(19, 7), (30, 15), (286, 15), (2, 15), (1, 7), (0, 7)] {
            let mut freq = vec![0; n.max(2)];
            freq[..n].copy_from_slice(&fibonacci(n)[..n]);
            let lens = code_lengths(&freq, limit);
            assert!(lens.iter().all(|&l| u32::from(l) <= limit), "{lens:?}");
            // Kraft's sum is exactly 1: the code is complete.
            let kraft: u64 = lens
                .iter()
                .filter(|&&l| l > 0)
                .map(|&l| 1 << (15 - l))
                .sum();
            assert_eq!(kraft, 1 << 15, "{n} symbols: {lens:?}");
            assert!(freq.iter().zip(&lens).all(|(&f, &l)| f == 0 || l > 0));
        }
    }

    #[test]
    fn a_deep_code_is_limited_in_a_real_block() {
        // Literals 0..25 with Fibonacci counts: their best code is 19 deep.
        let want: Vec<u8> = fibonacci(25)
            .iter()
            .enumerate()
            .flat_map(|(b, &n)| std::iter::repeat_n(b as u8, n as usize))
            .collect();
        let tokens: Vec<Token> = want
            .iter()
            .map(|&b| Token {
                len: u16::from(b),
                dist: 0,
            })
            .collect();
        let (lit, dist) = super::frequencies(&tokens);
        assert!(code_lengths(&lit, 64).iter().max() > Some(&15));
        let code = (code_lengths(&lit, 15), code_lengths(&dist, 15));
        assert!(code.0.iter().all(|&l| l <= 15));
        let packed = huffman_block(&tokens, &code, true);
        assert_eq!(inflate_with_dictionary(&packed).as_deref(), Ok(&want[..]));
    }

    /// Words of the dictionary and a few others, to make text that refers
    /// back into the dictionary as link payloads do.
    fn words() -> Vec<&'static str> {
        let mut w: Vec<&str> = DICTIONARY_V1.split_whitespace().collect();
        w.extend(["\n", "    ", ", ", "0x", "R7", "zzz", "é"]);
        w
    }

    proptest! {
        #[test]
        fn random_bytes_round_trip(data in proptest::collection::vec(any::<u8>(), 0..4096)) {
            round_trip(&data);
        }

        #[test]
        fn repetitive_text_round_trips(
            unit in proptest::collection::vec(any::<u8>(), 1..40),
            times in 1usize..400,
        ) {
            round_trip(&unit.repeat(times));
        }

        #[test]
        fn dictionary_words_round_trip(picks in proptest::collection::vec(any::<usize>(), 0..2000)) {
            let w = words();
            let text: String = picks.iter().map(|&k| w[k % w.len()]).collect();
            round_trip(text.as_bytes());
        }

        #[test]
        fn runs_round_trip(runs in proptest::collection::vec((any::<u8>(), 1usize..600), 0..12)) {
            let data: Vec<u8> = runs.iter().flat_map(|&(b, n)| std::iter::repeat_n(b, n)).collect();
            round_trip(&data);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4))]

        #[test]
        fn largest_payloads_round_trip(seed in any::<u64>(), text in any::<bool>()) {
            let w = words();
            let mut x = seed | 1;
            let mut data = Vec::with_capacity(MAX_PAYLOAD);
            while data.len() < MAX_PAYLOAD {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if text {
                    data.extend_from_slice(w[x as usize % w.len()].as_bytes());
                } else {
                    data.push(x as u8);
                }
            }
            data.truncate(MAX_PAYLOAD);
            round_trip(&data);
        }
    }
}
