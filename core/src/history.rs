//! The work history: every program a person wrote, kept in a small
//! key-value store (the browser's local storage in the playground).
//!
//! Each entry's program is stored under its own key as a link fragment
//! ([`crate::link`]), so an entry copied out of storage opens with the
//! same decoder as any permalink (`warpscope link decode`), today and
//! after any later upgrade. An index key lists the entries, newest
//! first, one per line: `id`, time (milliseconds since 1970), ISA and
//! first line, separated by tabs.
//!
//! The history is bounded by its own size, never by what else the store
//! holds: at most [`MAX_ENTRIES`] entries and [`MAX_CHARS`] characters of
//! programs; past either, the oldest entries go. A write the store
//! refuses (full of something else, say) changes nothing: every entry,
//! the index and the last good copy of the entry being written stay as
//! they were, and the caller gets the error. A new copy is always written
//! before an old one is removed.

use crate::link::{try_encode_link, LinkState};
use crate::msg::Text;

/// Key of the index.
pub const INDEX_KEY: &str = "warpscope.history";
/// Entries kept.
pub const MAX_ENTRIES: usize = 50;
/// Characters of stored programs (link fragments) the history keeps in
/// all: about 50 programs of 400 lines.
pub const MAX_CHARS: usize = 2_000_000;
/// Characters of the first line kept in the index.
pub const FIRST_LINE_CHARS: usize = 60;

/// A key-value store that can fail (missing, disabled or full).
pub trait Kv {
    /// The value under `key`.
    fn get(&self, key: &str) -> Result<Option<String>, String>;
    /// Stores `value` under `key`.
    fn set(&self, key: &str, value: &str) -> Result<(), String>;
    /// Removes `key`.
    fn remove(&self, key: &str) -> Result<(), String>;
}

/// A store in memory (for tests and tools that read or write entries the
/// way the playground does).
#[derive(Debug, Default)]
pub struct Memory(pub std::cell::RefCell<std::collections::BTreeMap<String, String>>);

impl Kv for Memory {
    fn get(&self, key: &str) -> Result<Option<String>, String> {
        Ok(self.0.borrow().get(key).cloned())
    }
    fn set(&self, key: &str, value: &str) -> Result<(), String> {
        self.0.borrow_mut().insert(key.into(), value.into());
        Ok(())
    }
    fn remove(&self, key: &str) -> Result<(), String> {
        self.0.borrow_mut().remove(key);
        Ok(())
    }
}

/// One entry of the index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Its id (letters and digits).
    pub id: String,
    /// When it was last written, in milliseconds since 1970.
    pub time_ms: u64,
    /// The ISA's short name.
    pub isa: String,
    /// The program's first non-blank line, shortened.
    pub first_line: String,
}

/// Key of an entry's program.
pub fn entry_key(id: &str) -> String {
    format!("{INDEX_KEY}.{id}")
}

/// The first non-blank line of `source`, at most [`FIRST_LINE_CHARS`]
/// characters, tabs as spaces.
pub fn first_line(source: &str) -> String {
    let line = source
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("(empty)");
    let mut out: String = line.chars().take(FIRST_LINE_CHARS).collect();
    if line.chars().count() > FIRST_LINE_CHARS {
        out.push('…');
    }
    out.replace('\t', " ")
}

/// Reads an index's text; lines that do not parse are skipped.
pub fn parse_index(text: &str) -> Vec<Entry> {
    text.lines()
        .filter_map(|l| {
            let mut it = l.splitn(4, '\t');
            let id = it.next()?.trim();
            let time_ms = it.next()?.trim().parse().ok()?;
            let isa = it.next()?.to_string();
            let first_line = it.next().unwrap_or("").to_string();
            let ok = !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric());
            ok.then(|| Entry {
                id: id.to_string(),
                time_ms,
                isa,
                first_line,
            })
        })
        .collect()
}

/// An index's text.
pub fn format_index(entries: &[Entry]) -> String {
    let lines: Vec<String> = entries
        .iter()
        .map(|e| format!("{}\t{}\t{}\t{}", e.id, e.time_ms, e.isa, e.first_line))
        .collect();
    lines.join("\n")
}

/// The entries, newest first (none when the store cannot be read).
pub fn list(kv: &dyn Kv) -> Vec<Entry> {
    kv.get(INDEX_KEY)
        .ok()
        .flatten()
        .map(|t| parse_index(&t))
        .unwrap_or_default()
}

/// An entry's program as a link fragment.
pub fn read(kv: &dyn Kv, id: &str) -> Result<Option<String>, String> {
    kv.get(&entry_key(id))
}

/// Writes `source` (for `isa`) as entry `id`, newest first, replacing an
/// earlier version of the same entry and any other entry holding the
/// same program. Keeps at most [`MAX_ENTRIES`] entries and
/// [`MAX_CHARS`] characters, dropping the oldest others; never drops
/// `id`. When the store refuses a write, nothing is removed and the error
/// is returned (the module documentation says why).
pub fn save(kv: &dyn Kv, id: &str, time_ms: u64, isa: &str, source: &str) -> Result<(), Text> {
    save_within(kv, (id, time_ms), (isa, source), MAX_CHARS)
}

/// [`save`] with at most `max_chars` characters of programs.
fn save_within(
    kv: &dyn Kv,
    (id, time_ms): (&str, u64),
    (isa, source): (&str, &str),
    max_chars: usize,
) -> Result<(), Text> {
    let fragment = try_encode_link(&LinkState::new(isa, source))
        .map_err(|e| crate::msg!("this program is too large to save ({0})", e.text()))?;
    let before = list(kv);
    let stored = |e: &Entry| kv.get(&entry_key(&e.id)).ok().flatten();
    // Other entries holding the same program, and what each keeps.
    let mut kept = Vec::with_capacity(before.len() + 1);
    let mut gone = Vec::new();
    let mut chars = fragment.len();
    for e in before {
        if e.id == id {
            continue;
        }
        let text = stored(&e);
        if e.isa == isa && text.as_deref() == Some(fragment.as_str()) {
            gone.push(e.id);
            continue;
        }
        let size = text.map_or(0, |t| t.len());
        if kept.len() + 1 >= MAX_ENTRIES || chars + size > max_chars {
            gone.push(e.id);
            continue;
        }
        chars += size;
        kept.push(e);
    }
    kept.insert(
        0,
        Entry {
            id: id.to_string(),
            time_ms,
            isa: isa.to_string(),
            first_line: first_line(source),
        },
    );
    // The new copy first, then the index that lists it; only then may
    // what it replaces go.
    // The store's own errors come in the page's words already.
    kv.set(&entry_key(id), &fragment).map_err(Text::value)?;
    kv.set(INDEX_KEY, &format_index(&kept))
        .map_err(Text::value)?;
    for old in gone {
        let _ = kv.remove(&entry_key(&old));
    }
    Ok(())
}

/// Removes entry `id`.
pub fn delete(kv: &dyn Kv, id: &str) -> Result<(), String> {
    let mut entries = list(kv);
    entries.retain(|e| e.id != id);
    kv.remove(&entry_key(id))?;
    kv.set(INDEX_KEY, &format_index(&entries))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::decode_link;
    use std::cell::RefCell;
    use std::collections::BTreeMap;

    /// A store holding at most `budget` bytes of values.
    struct Mem {
        map: RefCell<BTreeMap<String, String>>,
        budget: usize,
    }

    impl Mem {
        fn new(budget: usize) -> Mem {
            Mem {
                map: RefCell::new(BTreeMap::new()),
                budget,
            }
        }
    }

    impl Kv for Mem {
        fn get(&self, key: &str) -> Result<Option<String>, String> {
            Ok(self.map.borrow().get(key).cloned())
        }
        fn set(&self, key: &str, value: &str) -> Result<(), String> {
            let mut m = self.map.borrow_mut();
            let used: usize = m
                .iter()
                .filter(|(k, _)| k.as_str() != key)
                .map(|(_, v)| v.len())
                .sum();
            if used + value.len() > self.budget {
                return Err("QuotaExceededError".into());
            }
            m.insert(key.into(), value.into());
            Ok(())
        }
        fn remove(&self, key: &str) -> Result<(), String> {
            self.map.borrow_mut().remove(key);
            Ok(())
        }
    }

    fn source_of(kv: &Mem, id: &str) -> String {
        decode_link(&read(kv, id).unwrap().unwrap()).unwrap().source
    }

    #[test]
    fn entries_are_newest_first_and_open_as_links() {
        let kv = Mem::new(usize::MAX);
        save(&kv, "a1", 10, "w128", "// mine\nEXIT\n").unwrap();
        save(&kv, "b2", 20, "sm50", "\n  S2R R0, SR_LANEID\nEXIT\n").unwrap();
        save(&kv, "a1", 30, "w128", "// mine, edited\nEXIT\n").unwrap();
        let l = list(&kv);
        let ids: Vec<&str> = l.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(ids, ["a1", "b2"]);
        assert_eq!(l[0].first_line, "// mine, edited");
        assert_eq!(l[1].first_line, "S2R R0, SR_LANEID");
        assert_eq!((l[1].isa.as_str(), l[1].time_ms), ("sm50", 20));
        assert_eq!(source_of(&kv, "a1"), "// mine, edited\nEXIT\n");
        let ls = decode_link(&read(&kv, "b2").unwrap().unwrap()).unwrap();
        assert_eq!(ls.isa, "sm50");
        save(&kv, "b2", 20, "sm50", "EXIT\n").unwrap();
        delete(&kv, "a1").unwrap();
        assert_eq!(list(&kv).len(), 1);
        assert_eq!(read(&kv, "a1").unwrap(), None);
    }

    #[test]
    fn the_same_program_is_kept_once() {
        let kv = Mem::new(usize::MAX);
        for (id, time_ms, isa) in [("a", 1, "w128"), ("b", 2, "w128"), ("c", 3, "sm50")] {
            save(&kv, id, time_ms, isa, "EXIT\n").unwrap();
        }
        let ids: Vec<String> = list(&kv).into_iter().map(|e| e.id).collect();
        assert_eq!(ids, ["c", "b"]);
        assert_eq!(read(&kv, "a").unwrap(), None);
    }

    #[test]
    fn at_most_max_entries_dropping_the_oldest() {
        let kv = Mem::new(usize::MAX);
        for i in 0..MAX_ENTRIES + 5 {
            save(
                &kv,
                &format!("e{i}"),
                i as u64,
                "w128",
                &format!("// {i}\n"),
            )
            .unwrap();
        }
        let l = list(&kv);
        assert_eq!(l.len(), MAX_ENTRIES);
        assert_eq!(l[0].id, format!("e{}", MAX_ENTRIES + 4));
        assert_eq!(l.last().unwrap().id, "e5");
        assert_eq!(read(&kv, "e4").unwrap(), None);
    }

    #[test]
    fn a_full_store_changes_nothing_and_says_so() {
        // 50 entries, then the store fills up with something else: the
        // next write fails and every entry, and the index, stay as they
        // were, the entry being written with its last good copy.
        let kv = Mem::new(usize::MAX);
        for i in 0..MAX_ENTRIES {
            let src = format!("// program {i}\n{}", "MOV R1, R2\n".repeat(8));
            save(&kv, &format!("e{i}"), i as u64, "w128", &src).unwrap();
        }
        let before = kv.map.borrow().clone();
        let full = Mem {
            map: RefCell::new(before.clone()),
            budget: before.values().map(String::len).sum::<usize>(),
        };
        let edited = format!("// edited\n{}", "IADD3 R1, R2, R3, RZ\n".repeat(30));
        let err = save(&full, "e49", 99, "w128", &edited)
            .unwrap_err()
            .english();
        assert!(err.contains("Quota"), "{err}");
        let new = save(&full, "new", 99, "w128", &"MOV R1, R2\n".repeat(50));
        let new = new.unwrap_err().english();
        assert!(new.contains("Quota"), "{new}");
        assert_eq!(*full.map.borrow(), before);
        assert_eq!(list(&full).len(), MAX_ENTRIES);
        assert!(source_of(&full, "e49").starts_with("// program 49"));
    }

    #[test]
    fn the_history_is_bounded_by_its_own_size() {
        // Programs of a few hundred characters each (as fragments), in a
        // history of at most 3000: the oldest go, the newest stays.
        let kv = Mem::new(usize::MAX);
        let mut x = 0x2545_f491u32;
        let mut big = || -> String {
            (0..60)
                .map(|k| {
                    x ^= x << 13;
                    x ^= x >> 17;
                    x ^= x << 5;
                    format!("MOV R{}, {x:#x}\n", k % 200)
                })
                .collect()
        };
        for i in 0..40 {
            save_within(&kv, (&format!("e{i}"), i), ("w128", &big()), 3000).unwrap();
        }
        let l = list(&kv);
        assert!(l.len() < 40 && l.len() > 2, "{}", l.len());
        assert_eq!(l[0].id, "e39");
        let chars: usize = l
            .iter()
            .map(|e| read(&kv, &e.id).unwrap().unwrap().len())
            .sum();
        assert!(chars <= 3000, "{chars}");
        // Nothing listed without its program, and nothing stored unlisted.
        let stored = kv
            .map
            .borrow()
            .keys()
            .filter(|k| k.starts_with(&format!("{INDEX_KEY}.")))
            .count();
        assert_eq!(stored, l.len());
    }

    #[test]
    fn index_lines_that_do_not_parse_are_skipped() {
        let l = parse_index(
            "a\t1\tw128\tx\tmore\nbad line\n\t2\tw128\tno id\nb c\t3\tw128\t\nz\t4\tsm50",
        );
        assert_eq!(l.len(), 2);
        assert_eq!(l[0].first_line, "x\tmore");
        assert_eq!(l[1].first_line, "");
        assert_eq!(parse_index(&format_index(&l)), l);
        assert_eq!(first_line("  \n\n"), "(empty)");
        assert_eq!(
            first_line(&"x".repeat(70)).chars().count(),
            FIRST_LINE_CHARS + 1
        );
    }
}
