//! Scheduling control words (Maxwell: one 64-bit word before every three
//! instructions, each instruction's share of it a *slot*): packing slots
//! into a word, reading them back, and their text.
//!
//! ```
//! use warpscope_core::{codec::control, isas};
//! let isa = isas::sm50();
//! let word = control::control_word(isa, &[0x7e0, 0x7e0, 0x706]);
//! assert_eq!(control::control_slots(isa, word), [0x7e0, 0x7e0, 0x706]);
//! assert_eq!(control::control_word(isas::w128(), &[1]), 0); // no control words
//! ```

use crate::spec::model::{Isa, Word};

/// A Maxwell control word in maxas' notation, one slot per instruction:
/// `wait:rdb:wrb:yield:stall` with the wait mask in hex (`--` when 0), the
/// barriers as 1..6 (`-` for 7 = none), `Y` when the yield bit is 0 and
/// `-` when it is 1, the stall count in hex; slots separated by ` | `, the
/// reuse flags added as `:R<hex>` when not 0. Empty for dialects without
/// control words.
///
/// ```
/// use warpscope_core::{codec::control, isas};
/// let isa = isas::sm50();
/// let word = 0x7e0 | (0x7e0 << 21) | (0x706 << 42);
/// assert_eq!(control::control_text(isa, word), "--:-:-:Y:0 | --:-:-:Y:0 | --:-:1:Y:6");
/// ```
pub fn control_text(isa: &Isa, word: u64) -> String {
    control_slots(isa, word)
        .iter()
        .map(|&c| {
            let stall = c & 0xf;
            let yield_bit = (c >> 4) & 1;
            let wrb = (c >> 5) & 7;
            let rdb = (c >> 8) & 7;
            let wait = (c >> 11) & 0x3f;
            let reuse = (c >> 17) & 0xf;
            let bar = |b: u64| {
                if b == 7 {
                    "-".to_string()
                } else {
                    (b + 1).to_string()
                }
            };
            let mut t = format!(
                "{}:{}:{}:{}:{stall:x}",
                if wait == 0 {
                    "--".to_string()
                } else {
                    format!("{wait:02x}")
                },
                bar(rdb),
                bar(wrb),
                if yield_bit == 0 { "Y" } else { "-" },
            );
            if reuse != 0 {
                t.push_str(&format!(":R{reuse:x}"));
            }
            t
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

/// The control slot of an encoded instruction (0 without control words).
pub fn control_slot(isa: &Isa, word: Word) -> u64 {
    ((word & isa.control_mask()) >> isa.word_bits) as u64
}

/// A control word from up to `per_word` slots, slot `k` at bits
/// `k * slot_bits`; missing slots hold `empty_slot`.
pub fn control_word(isa: &Isa, slots: &[u64]) -> u64 {
    let Some(c) = isa.dialect.control else {
        return 0;
    };
    let mask = if c.slot_bits >= 64 {
        u64::MAX
    } else {
        (1u64 << c.slot_bits) - 1
    };
    (0..c.per_word)
        .map(|k| {
            let v = slots.get(k as usize).copied().unwrap_or(c.empty_slot) & mask;
            v << (k * c.slot_bits)
        })
        .fold(0, |a, b| a | b)
}

/// The slots of a control word (`per_word` of them).
pub fn control_slots(isa: &Isa, word: u64) -> Vec<u64> {
    let Some(c) = isa.dialect.control else {
        return Vec::new();
    };
    let mask = if c.slot_bits >= 64 {
        u64::MAX
    } else {
        (1u64 << c.slot_bits) - 1
    };
    (0..c.per_word)
        .map(|k| (word >> (k * c.slot_bits)) & mask)
        .collect()
}

/// An instruction's word with a control slot put back (the inverse of
/// splitting a stream unit from its control word).
pub fn with_slot(isa: &Isa, word: Word, slot: u64) -> Word {
    (word & !isa.control_mask()) | ((Word::from(slot) << isa.word_bits) & isa.control_mask())
}
