//! Short names for the wasm bundle's imports.
//!
//! wasm-bindgen names each import after the JavaScript it calls plus a
//! 16-digit hash (`__wbg_addEventListener_847fd86b8c33ec43`), and writes
//! every such name twice: in the wasm's import section and as a key of the
//! glue's import object. The hashes cannot be compressed: about 6.6 KB of
//! the gzipped bundle. [`minify`] renames the imports to short names
//! (`a`, `b`, …, `aa`, …) in both files. It changes nothing unless every
//! import name is found exactly once in the glue, as a whole identifier,
//! so a glue of another shape is left as it was.

//!
//! The wasm is read and written with wasmparser and wasm-encoder
//! ([`crate::split::rename_imports`]), as the split does; what is written
//! by hand here is the renaming of the glue, which no library does: it
//! knows the one shape of object wasm-bindgen writes.

use std::collections::HashMap;

/// Renames the imports of `wasm` and their keys in `js`; `None` (both
/// untouched) when the wasm cannot be read or the glue does not hold each
/// name exactly once.
pub fn minify(wasm: &[u8], js: &str) -> Option<(Vec<u8>, String)> {
    let mut names = HashMap::new();
    let mut twice = false;
    let mut next = 0;
    let wasm = crate::split::rename_imports(wasm, |module, field| {
        // The split's own imports (`s.l`) have short names already.
        if module == crate::split::HOST_MODULE {
            return field.to_string();
        }
        let short = short_name(next);
        next += 1;
        twice |= names.insert(field.to_string(), short.clone()).is_some();
        short
    })
    .ok()?;
    if twice {
        return None;
    }
    let js = rename(js, &names)?;
    Some((wasm, js))
}

/// `a`..`z`, `A`..`Z`, then two letters and more.
fn short_name(mut i: usize) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut s = String::new();
    loop {
        s.push(char::from(LETTERS[i % LETTERS.len()]));
        i /= LETTERS.len();
        if i == 0 {
            return s;
        }
    }
}

/// `js` with each whole identifier that `names` renames replaced; `None`
/// unless each old name occurs exactly once.
fn rename(js: &str, names: &HashMap<String, String>) -> Option<String> {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    let mut out = String::with_capacity(js.len());
    let mut seen: HashMap<&str, usize> = HashMap::new();
    let mut rest = js;
    while let Some(start) = rest.find(ident) {
        out.push_str(&rest[..start]);
        let word = &rest[start..];
        let len = word.find(|c: char| !ident(c)).unwrap_or(word.len());
        let word = &word[..len];
        match names.get(word) {
            Some(short) => {
                *seen.entry(word).or_default() += 1;
                out.push_str(short);
            }
            None => out.push_str(word),
        }
        rest = &rest[start + len..];
    }
    out.push_str(rest);
    (seen.len() == names.len() && seen.values().all(|&n| n == 1)).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A module importing two functions and a memory from `./m.js`, with
    /// one function body after the imports.
    fn module(names: [&str; 3]) -> Vec<u8> {
        let mut imports = vec![3];
        for (name, desc) in names.iter().zip([&[0u8, 0][..], &[0, 0], &[2, 1, 1, 2]]) {
            imports.push(6);
            imports.extend_from_slice(b"./m.js");
            imports.push(name.len() as u8);
            imports.extend_from_slice(name.as_bytes());
            imports.extend_from_slice(desc);
        }
        let mut m = b"\0asm\x01\0\0\0".to_vec();
        m.extend_from_slice(&[1, 4, 1, 0x60, 0, 0]); // type () -> ()
        m.push(2);
        m.push(imports.len() as u8);
        m.extend_from_slice(&imports);
        m.extend_from_slice(&[3, 2, 1, 0, 10, 4, 1, 2, 0, 11]); // one empty function
        m
    }

    #[test]
    fn renames_imports_in_both_files() {
        let names = [
            "__wbg_log_0123456789abcdef",
            "__wbg_now_fedcba9876543210",
            "memory",
        ];
        let js = "const i={__wbg_log_0123456789abcdef:function(e){console.log(e)},\
                  __wbg_now_fedcba9876543210:()=>Date.now(),memory:m};";
        let (wasm, js) = minify(&module(names), js).unwrap();
        assert_eq!(wasm, module(["a", "b", "c"]));
        assert_eq!(
            js,
            "const i={a:function(e){console.log(e)},b:()=>Date.now(),c:m};"
        );
    }

    #[test]
    fn leaves_a_glue_of_another_shape_alone() {
        let names = [
            "__wbg_log_0123456789abcdef",
            "__wbg_now_fedcba9876543210",
            "memory",
        ];
        // A name missing, and a name twice.
        assert!(minify(&module(names), "{__wbg_log_0123456789abcdef:1,memory:2}").is_none());
        let twice = "{__wbg_log_0123456789abcdef:1,__wbg_now_fedcba9876543210:2,memory:3,\
                     x:__wbg_log_0123456789abcdef}";
        assert!(minify(&module(names), twice).is_none());
        // A longer identifier that contains a name is not that name.
        let longer = "{__wbg_log_0123456789abcdef:1,__wbg_now_fedcba9876543210:2,memory:3,\
                      memory2:4}";
        let (_, js) = minify(&module(names), longer).unwrap();
        assert_eq!(js, "{a:1,b:2,c:3,memory2:4}");
        // A damaged module.
        assert!(minify(&module(names)[..30], "").is_none());
    }

    #[test]
    fn short_names_are_distinct() {
        let all: std::collections::HashSet<String> = (0..3000).map(short_name).collect();
        assert_eq!(all.len(), 3000);
        assert_eq!(short_name(0), "a");
        assert_eq!(short_name(52), "ab");
    }
}
