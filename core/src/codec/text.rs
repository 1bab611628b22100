//! The text of one field's value, as operands are written: the part of
//! the disassembler that the decoder's per-field notes need too.
//!
//! ```
//! use warpscope_core::{asm, isas};
//! use warpscope_core::codec::text;
//! let isa = isas::w128();
//! let inst = asm::assemble_line(isa, "SHFL.BFLY P1, R3, R2, 0x1, 0x1f ;").unwrap();
//! let rd = inst.def(isa).field_index("rd").unwrap();
//! assert_eq!(text::field_text(isa, &inst, rd), "R3");
//! assert_eq!(text::float_text(0x3fc0_0000), "1.5");
//! ```

use super::layout::{self, Layout};
use crate::inst::Inst;
use crate::operand::{self, cmem, reg::RegClass};
use crate::spec::model::{Builtin, Isa, Syntax, TypeRef};

/// The text of one field's value as an operand: `R5`, `R[2:3]`, `PT`,
/// `0x1f`, `-3`, `1.5`, `c[0x0][0x160]`, `SR_LANEID` (without a `!`/`~`
/// prefix). Used by the disassembler and the bitfield view.
///
/// # Panics
///
/// Panics if `field` is not an index into the opcode's fields.
pub fn field_text(isa: &Isa, inst: &Inst, field: usize) -> String {
    let mut out = String::with_capacity(16);
    write_field(
        &mut out,
        isa,
        &super::layouts(isa)[inst.opcode],
        inst,
        field,
    );
    out
}

/// Appends [`field_text`] to `out`; `layout` is that of the
/// instruction's opcode.
///
/// # Panics
///
/// Panics if `field` is not an index into the opcode's fields.
pub fn write_field(out: &mut String, isa: &Isa, layout: &Layout, inst: &Inst, field: usize) {
    let op = inst.def(isa);
    let f = &op.fields[field];
    let v = inst.values.get(field).copied().unwrap_or(0);
    let pair = layout.is_pair(op, &inst.values, field);
    write_value(out, isa, f.ty, f.width, v, pair)
}

/// The text of a value of type `ty` (`width` bits); `pair` asks for a
/// register pair `R[n:n+1]`.
pub fn value_text(isa: &Isa, ty: TypeRef, width: u32, v: u64, pair: bool) -> String {
    let mut out = String::with_capacity(16);
    write_value(&mut out, isa, ty, width, v, pair);
    out
}

/// Appends [`value_text`] to `out`: the disassembler writes a whole line
/// into one buffer this way.
pub fn write_value(out: &mut String, isa: &Isa, ty: TypeRef, width: u32, v: u64, pair: bool) {
    let amdgpu = isa.dialect.syntax == Syntax::Amdgpu;
    let b = match ty {
        TypeRef::Enum(t) => {
            match isa.types.get(t).and_then(|et| et.name_of(v)) {
                Some(name) => out.push_str(name),
                None => {
                    out.push('?');
                    operand::push_hex(out, v);
                }
            }
            return;
        }
        TypeRef::Builtin(b) => b,
    };
    match b {
        Builtin::Reg | Builtin::UReg | Builtin::Pred | Builtin::UPred | Builtin::SGpr => {
            if let Some(c) = RegClass::of(b) {
                c.write_text(out, v, pair);
            }
        }
        Builtin::PModi | Builtin::SignModi => out.push_str(operand::flag_text(v)),
        Builtin::UImm(_) if amdgpu && v <= 64 => operand::push_decimal(out, v),
        Builtin::UImm(_) => operand::push_hex(out, v),
        Builtin::SImm(n) => {
            let n = n.min(width).clamp(1, 64);
            let shift = 64 - n;
            let signed = ((v << shift) as i64) >> shift;
            if amdgpu {
                // LLVM: inline-constant range in decimal, others in hex.
                if (-16..=64).contains(&signed) {
                    operand::push_signed(out, signed);
                } else {
                    operand::push_hex(out, v & (u64::MAX >> shift));
                }
            } else if signed < 0 {
                operand::push_signed(out, signed);
            } else {
                operand::push_hex(out, signed as u64);
            }
        }
        Builtin::F32Imm => out.push_str(&float_text(v as u32)),
        Builtin::CMem => cmem::Form::CMem.write_text(out, v),
        Builtin::CBank => cmem::Form::CBank.write_text(out, v),
        Builtin::HwReg => layout::write_hwreg(out, isa, v),
    }
}

/// Shortest decimal text that reads back to the same `f32` bits; `0f`
/// plus 8 hex digits for infinities and NaNs.
pub fn float_text(bits: u32) -> String {
    let f = f32::from_bits(bits);
    if !f.is_finite() {
        return format!("0f{bits:08x}");
    }
    let mut out = String::new();
    if f.is_sign_negative() {
        out.push('-');
    }
    if f == 0.0 {
        out.push_str("0.0");
        return out;
    }
    // Rust's `{:?}` text for an f32: plain decimals from 1e-4 up to 1e16,
    // `{:e}` outside; written here without the standard library's float
    // printer, which the browser bundle leaves out (`operand::float`).
    let (digits, exp) = operand::float::shortest(f);
    let digits = digits.to_string();
    let len = digits.len() as i32;
    if !(1e-4..1e16).contains(&f.abs()) {
        out.push_str(&digits[..1]);
        if len > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        out.push('e');
        out.push_str(&(exp + len - 1).to_string());
    } else if exp >= 0 {
        out.push_str(&digits);
        out.extend(std::iter::repeat_n('0', exp as usize));
        out.push_str(".0");
    } else if len + exp > 0 {
        let point = (len + exp) as usize;
        out.push_str(&digits[..point]);
        out.push('.');
        out.push_str(&digits[point..]);
    } else {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', (-(len + exp)) as usize));
        out.push_str(&digits);
    }
    out
}
