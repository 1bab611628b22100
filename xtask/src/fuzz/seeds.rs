//! The starting inputs of the fuzz targets, written from the project's own
//! files each time the fuzzer runs, so that a seed never goes stale when
//! an example, a puzzle or a description changes.
//!
//! - `asm`: every example program under `examples/ISA/`, behind the byte
//!   that makes the target read it as that ISA;
//! - `puzzle`: every bundled puzzle (`core/puzzles/`);
//! - `spec_parse`: each ISA's `base.isa`, a NUL, and one more of its
//!   description files (the target loads the two as a pair);
//! - `inflate`: every example program deflated, by zlib's deflater
//!   (`flate2`, levels 1 and 9, no dictionary: first byte 0) and by the
//!   links' own (a link's compressed body, after the dictionary: first
//!   byte 1).
//!
//! `dis` keeps committed seeds in `fuzz/seeds/dis`: they are
//! `warpscope asm` output, not files of the project.

use std::path::{Path, PathBuf};

/// The bundled ISAs in the order of `warpscope_core::isas::Id::ALL`: the
/// asm target picks `Id::ALL[first byte % 3]`. The end-to-end tests check
/// that the two orders agree.
pub const ISA_ORDER: [&str; 3] = ["w128", "sm50", "gfx9"];

/// The seeds of `target` as (file name, contents), sorted by name; empty
/// for a target whose seeds are not generated.
pub fn inputs(root: &Path, target: &str) -> Result<Vec<(String, Vec<u8>)>, String> {
    let mut out = Vec::new();
    match target {
        "asm" => {
            for (which, isa) in ISA_ORDER.iter().enumerate() {
                for path in files(&root.join("examples").join(isa), "s")? {
                    let mut bytes = vec![which as u8];
                    bytes.extend(read(&path)?);
                    out.push((format!("{isa}_{}", stem(&path)), bytes));
                }
            }
        }
        "cuda" => {
            for path in files(&root.join("examples/cuda"), "cu")? {
                out.push((format!("{}.cu", stem(&path)), read(&path)?));
            }
        }
        "puzzle" => {
            for path in files(&root.join("core/puzzles"), "puzzle")? {
                out.push((format!("{}.puzzle", stem(&path)), read(&path)?));
            }
        }
        "spec_parse" => {
            for isa in ISA_ORDER {
                let dir = root.join("core/isa").join(isa);
                let base = read(&dir.join("base.isa"))?;
                for path in files(&dir, "isa")? {
                    if stem(&path) == "base" {
                        continue;
                    }
                    let mut bytes = base.clone();
                    bytes.push(0);
                    bytes.extend(read(&path)?);
                    out.push((format!("{isa}_base_{}", stem(&path)), bytes));
                }
            }
        }
        "inflate" => {
            for isa in ISA_ORDER {
                for path in files(&root.join("examples").join(isa), "s")? {
                    let text = read(&path)?;
                    let name = format!("{isa}_{}", stem(&path));
                    for level in [1, 9] {
                        let mut bytes = vec![0];
                        bytes.extend(raw_deflate(&text, level)?);
                        out.push((format!("{name}_zlib{level}"), bytes));
                    }
                    let source = String::from_utf8_lossy(&text);
                    let link = warpscope_core::link::encode_link(
                        &warpscope_core::link::LinkState::new(isa, &source),
                    );
                    let body = link.split_once('.').map_or("", |(_, b)| b);
                    let packed =
                        warpscope_core::link::base64url_decode(body).map_err(|(kind, at)| {
                            format!("{name}: the link's body at {at}: {kind:?}")
                        })?;
                    let mut bytes = vec![1];
                    bytes.extend(packed);
                    out.push((format!("{name}_link"), bytes));
                }
            }
        }
        _ => {}
    }
    out.sort();
    Ok(out)
}

/// The folder the fuzzer reads `target`'s seeds from, if it has any: the
/// generated ones, freshly written to `target/fuzz/seeds/NAME`, else the
/// committed `fuzz/seeds/NAME`.
pub fn folder(root: &Path, target: &str) -> Result<Option<PathBuf>, String> {
    let generated = inputs(root, target)?;
    if generated.is_empty() {
        let committed = root.join("fuzz/seeds").join(target);
        return Ok(committed.is_dir().then_some(committed));
    }
    let dir = root.join("target/fuzz/seeds").join(target);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for (name, bytes) in generated {
        let path = dir.join(name);
        std::fs::write(&path, bytes)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(Some(dir))
}

/// The files of `dir` ending in `.ext`, sorted.
fn files(dir: &Path, ext: &str) -> Result<Vec<PathBuf>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut found: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    found.sort();
    Ok(found)
}

/// `data` as a raw deflate stream (no zlib or gzip header).
fn raw_deflate(data: &[u8], level: u32) -> Result<Vec<u8>, String> {
    use std::io::Write;
    let mut e = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::new(level));
    e.write_all(data).map_err(|e| e.to_string())?;
    e.finish().map_err(|e| e.to_string())
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
    }

    #[test]
    fn seeds_come_from_the_examples_puzzles_and_descriptions() {
        let asm = inputs(&root(), "asm").unwrap();
        let broadcast = asm.iter().find(|(n, _)| n == "w128_broadcast").unwrap();
        let text = std::fs::read(root().join("examples/w128/broadcast.s")).unwrap();
        assert_eq!(broadcast.1[0], 0);
        assert_eq!(&broadcast.1[1..], &text[..]);
        assert!(asm.iter().any(|(n, b)| n.starts_with("gfx9_") && b[0] == 2));
        assert!(asm.iter().any(|(n, b)| n.starts_with("sm50_") && b[0] == 1));

        let puzzles = inputs(&root(), "puzzle").unwrap();
        assert!(puzzles.iter().any(|(n, _)| n == "broadcast.puzzle"));

        let cuda = inputs(&root(), "cuda").unwrap();
        assert!(cuda.iter().any(|(n, _)| n == "butterfly_sum.cu"));

        let spec = inputs(&root(), "spec_parse").unwrap();
        let pair = spec.iter().find(|(n, _)| n == "sm50_base_s2r").unwrap();
        let nul = pair.1.iter().position(|&b| b == 0).unwrap();
        let base = std::fs::read(root().join("core/isa/sm50/base.isa")).unwrap();
        assert_eq!(&pair.1[..nul], &base[..]);
        assert!(ISA_ORDER
            .iter()
            .all(|isa| spec.iter().any(|(n, _)| n.starts_with(isa))));

        let inflate = inputs(&root(), "inflate").unwrap();
        let link = inflate
            .iter()
            .find(|(n, _)| n == "w128_broadcast_link")
            .unwrap();
        let dict = warpscope_core::link::DICTIONARY_V1.as_bytes();
        let payload = warpscope_core::link::inflate::inflate(dict, &link.1[1..], 1 << 20).unwrap();
        assert!(String::from_utf8_lossy(&payload).contains("SHFL"));
        let zlib = inflate
            .iter()
            .find(|(n, _)| n == "w128_broadcast_zlib9")
            .unwrap();
        assert_eq!(zlib.1[0], 0);
        assert_eq!(
            warpscope_core::link::inflate::inflate(&[], &zlib.1[1..], 1 << 20).unwrap(),
            text
        );

        assert!(inputs(&root(), "dis").unwrap().is_empty());
    }
}
