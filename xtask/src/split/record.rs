//! The recording side of the split: a module instrumented to report the
//! functions that run, and the names the recorded list keeps.

use super::module::{err, imports_plus, re, read, shifted, Renumber};
use super::MARK_FIELD;
use wasm_encoder::reencode::Reencode;
use wasm_encoder::{self as we, Instruction as I};
use wasmparser as wp;

/// `wasm` with each function's entry reporting its index (its index in
/// `wasm`) to the import `s.m`, which the glue adds ([`super::patch_glue`]).
pub fn instrument(wasm: &[u8]) -> Result<Vec<u8>, String> {
    let m = read(wasm)?;
    let mark_ty = m
        .find_type(&[wp::ValType::I32], &[])
        .ok_or("no (i32) -> () type to mark with")?;
    let mark = m.func_imports;
    let mut shift = Renumber::shifted(&m);
    m.rewrite(|id, out| {
        match id {
            2 => {
                out.section(&imports_plus(&m, MARK_FIELD, mark_ty)?);
            }
            7..=9 => return shifted(&m, id, &mut shift, &[], out),
            10 => {
                let mut code = we::CodeSection::new();
                for (i, body) in m.bodies.iter().enumerate() {
                    let mut f = shift.new_function_with_parsed_locals(body).map_err(re)?;
                    f.instruction(&I::I32Const((i as u32 + m.func_imports) as i32));
                    f.instruction(&I::Call(mark));
                    let mut ops = body.get_operators_reader().map_err(err)?;
                    while !ops.eof() {
                        f.instruction(&shift.parse_instruction(&mut ops).map_err(re)?);
                    }
                    code.function(&f);
                }
                out.section(&code);
            }
            _ => return Ok(false),
        }
        Ok(true)
    })
}

/// A function's name as it is written in [`crate::profile::LIST`]: without
/// the crate disambiguators of the demangled name (`yew[edfc1106b468f828]`
/// becomes `yew`), which change with the compiler's version, so that it
/// names the same function in another build; names over 200 characters
/// (deeply nested iterator adapters) are cut to their first 120 and a
/// digest of the whole.
pub fn stable_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut rest = name;
    while let Some(at) = rest.find('[') {
        let tail = &rest[at + 1..];
        let hex = tail.bytes().take_while(u8::is_ascii_hexdigit).count();
        if hex == 16 && tail.as_bytes().get(16) == Some(&b']') {
            out.push_str(&rest[..at]);
            rest = &tail[17..];
        } else {
            out.push_str(&rest[..=at]);
            rest = tail;
        }
    }
    out.push_str(rest);
    if out.len() > 200 {
        let digest = warpscope_core::digest::fnv1a(out.as_bytes());
        let mut cut = 120;
        while !out.is_char_boundary(cut) {
            cut -= 1;
        }
        out = format!("{}…{digest:016x}", &out[..cut]);
    }
    out
}

/// The named functions of `wasm` (stable names, see [`stable_name`]), by
/// index, with their bodies' sizes: what a recording maps marks back to.
pub fn function_names(wasm: &[u8]) -> Result<Vec<(u32, String, usize)>, String> {
    let m = read(wasm)?;
    let mut out = Vec::new();
    for (i, body) in m.bodies.iter().enumerate() {
        let f = i as u32 + m.func_imports;
        if let Some(name) = m.names.get(&f) {
            out.push((f, stable_name(name), body.range().len()));
        }
    }
    Ok(out)
}
