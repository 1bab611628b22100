//! Browser tests of the sm50 and gfx9 dialects in the playground: the ISA
//! switch, each dialect's examples, listing words, bitfield view (Maxwell
//! control words, AMDGPU literals and hwreg parts), state grid and lane
//! diagrams, compared with what warpscope-core computes for the same
//! program.
//!
//! Run with `cargo test -p warpscope-e2e --test browser -- --ignored dialects::`
//! after `cargo xtask build`.

use crate::browser_util::Page;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use warpscope_core::examples::examples_for;
use warpscope_core::sim::{LaunchConfig, Sim};
use warpscope_core::spec::model::Isa;
use warpscope_core::{asm, codec::encode, disasm, isas};

/// Switches the ISA and loads one of its examples through the menu.
fn load(page: &Page, isa: &str, id: &str) -> &'static str {
    page.choose("#isa", isa);
    page.wait(&format!(
        "return Array.from(document.querySelectorAll('#examples option')).some(o => o.value === {});",
        json!(id)
    ));
    page.choose("#examples", id);
    let ex = examples_for(isa).iter().find(|e| e.id == id).unwrap();
    page.wait(&format!(
        "return document.querySelector('#editor textarea').value === {};",
        json!(ex.source)
    ));
    ex.source
}

/// A listing row: (addr, data-hex, hex cell text, disassembly, is control).
type Row = (String, String, String, String, bool);

/// The listing's rows.
fn listing(page: &Page) -> Vec<Row> {
    let v = page.js(
        "return Array.from(document.querySelectorAll('#listing tbody tr')).map(tr =>
            [tr.dataset.addr, tr.dataset.hex, tr.querySelector('.hex').textContent,
             tr.querySelector('.dis').textContent, tr.classList.contains('ctrl')]);",
        vec![],
    );
    v.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let s = |i: usize| r[i].as_str().unwrap().to_string();
            (s(0), s(1), s(2), s(3), r[4].as_bool().unwrap())
        })
        .collect()
}

/// The code stream core makes of a program, as listing rows.
fn core_listing(isa: &Isa, src: &str) -> Vec<Row> {
    let prog = asm::assemble(isa, src).expect("the example assembles");
    let insts: Vec<_> = prog.lines.iter().map(|l| l.inst.clone()).collect();
    encode::stream(isa, &insts)
        .iter()
        .map(|u| match u.kind {
            encode::UnitKind::Control => {
                let hex = format!("{:016x}", u.bits);
                (
                    format!("{:#x}", u.addr),
                    hex.clone(),
                    hex,
                    format!(
                        "// control: {}",
                        warpscope_core::codec::control::control_text(isa, u.bits as u64)
                    ),
                    true,
                )
            }
            encode::UnitKind::Inst(i) => {
                let hex = disasm::format_inst(isa, &insts[i]);
                (
                    format!("{:#x}", u.addr),
                    hex.replace(' ', ""),
                    hex,
                    disasm::disasm(isa, &insts[i]),
                    false,
                )
            }
        })
        .collect()
}

/// Opens the playground on an example of the named ISA and waits until the
/// listing shows the code stream core makes of it. Returns the page, the
/// ISA, the example's source and the listing rows.
fn open_example(isa_name: &str, id: &str) -> (Page, &'static Isa, &'static str, Vec<Row>) {
    let isa = isas::by_name(isa_name).expect("a bundled ISA");
    let page = Page::open(1500, 1000);
    let src = load(&page, isa_name, id);
    let want = core_listing(isa, src);
    page.wait(&format!(
        "return document.querySelectorAll('#listing tbody tr').length === {};",
        want.len()
    ));
    let got = listing(&page);
    assert_eq!(got, want);
    (page, isa, src, got)
}

fn select_row(page: &Page, i: usize) {
    page.click(&format!("#listing tr[data-index=\"{i}\"]"));
    page.tab("Encoding");
    page.wait(&format!(
        "const b = document.querySelector('#bitfield'); return b && b.dataset.index === '{i}';"
    ));
}

#[test]
#[ignore = "needs the wasm bundle and Chromium; run by `cargo xtask test`"]
fn sm50_listing_bitfield_control_word() {
    let (page, isa, src, got) = open_example("sm50", "pack_predicates");
    assert!(got.iter().all(|r| r.1.len() == 16), "16 digits per word");
    assert_eq!(got.iter().filter(|r| r.4).count(), 2, "two control words");

    // The second instruction: 64 bits, plus its slot (1) of the control word.
    select_row(&page, 1);
    let prog = asm::assemble(isa, src).unwrap();
    let notes = page.check_bitfield(isa, &prog.lines[1].inst);
    let bits = page.js(
        "return Array.from(document.querySelectorAll('#inst-bits .bit')).map(b => Number(b.dataset.bit));",
        vec![],
    );
    let bits: BTreeSet<u64> = bits
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_u64().unwrap())
        .collect();
    assert_eq!(
        bits,
        (0..64).collect::<BTreeSet<u64>>(),
        "the instruction word is 64 bits"
    );
    let cw = page.js(
        "const c = document.querySelector('#control-word');
         return [c.dataset.word, c.dataset.slot, c.dataset.first, document.querySelectorAll('#control-word [data-cbit]').length];",
        vec![],
    );
    let insts: Vec<_> = prog.lines.iter().map(|l| l.inst.clone()).collect();
    let ctl = encode::stream(isa, &insts)[0].bits as u64;
    assert_eq!(cw, json!([format!("{ctl:#018x}"), "1", "0", 64]));
    // Each control field of the slot sits at slot 1's bits of the control word.
    let sb = isa.dialect.control.unwrap().slot_bits;
    for n in notes.iter().filter(|n| n.in_control) {
        let v = page.js(
            "const f = document.querySelector('#control-word .fld[data-field=\"' + arguments[0] + '\"]');
             return f && [Number(f.dataset.lo), Number(f.dataset.width), Number(f.dataset.ctlLo), f.dataset.role];",
            vec![json!(n.name)],
        );
        assert_eq!(
            v,
            json!([n.lo, n.width, n.lo - isa.word_bits + sb, "control"]),
            "control field {}",
            n.name
        );
    }
    for name in ["stall", "yield", "wrb", "rdb", "wait", "reuse"] {
        assert!(
            notes.iter().any(|n| n.name == name && n.in_control),
            "{name}"
        );
    }
    page.shot("sm50_bitfield");

    // Flip an operand bit, a control-slot bit (stall) and an opcode bit.
    page.flip_and_check(isa, 0);
    let stall = notes.iter().find(|n| n.name == "stall").unwrap();
    page.flip_and_check(isa, stall.lo + 2);
    let cw_text = page.js(
        "return document.querySelector('#cw-text').textContent;",
        vec![],
    );
    let slots: Vec<u64> = (0..3)
        .map(|j| {
            let w = if j == 1 {
                page.bitfield_word()
            } else {
                encode::encode(isa, &insts[j])
            };
            warpscope_core::codec::control::control_slot(isa, w)
        })
        .collect();
    assert_eq!(
        cw_text,
        json!(warpscope_core::codec::control::control_text(
            isa,
            warpscope_core::codec::control::control_word(isa, &slots)
        ))
    );
    page.shot("sm50_bitfield_stall_flipped");
    page.flip_and_check(isa, 60);
    page.shot("sm50_bitfield_opcode_flipped");
}

/// Per-lane values as the grid's numbers.
fn widened<T: Copy + Into<u64>>(values: &[T]) -> Vec<u64> {
    values.iter().map(|&v| v.into()).collect()
}

/// Values of a grid row's lane cells, lane 0 first.
fn lane_values(page: &Page, reg: &str) -> Vec<u64> {
    page.grid_reg(reg)
}

#[test]
#[ignore = "needs the wasm bundle and Chromium; run by `cargo xtask test`"]
fn sm50_stepping_pr_cc_and_p2r_diagram() {
    let isa = isas::sm50();
    let page = Page::open(1500, 1000);
    let src = load(&page, "sm50", "pack_predicates");
    let prog = asm::assemble(isa, src).unwrap();
    let mut sim = Sim::new(isa, &prog, LaunchConfig::default());
    page.tab("Lanes");
    let pr = |sim: &Sim| widened(&sim.state().pr());
    let cc = |sim: &Sim| widened(&sim.state().cc());
    page.wait("return document.querySelector('#grid tr[data-reg=\"CC\"]') !== null;");
    assert_eq!(lane_values(&page, "PR"), pr(&sim));
    assert_eq!(lane_values(&page, "CC"), cc(&sim));
    // CC cells show the flag letters core's description names.
    let letters = page.js(
        "return document.querySelector('#grid tr[data-reg=\"CC\"] td[data-lane=\"13\"]').textContent;",
        vec![],
    );
    assert_eq!(letters, json!("OC·Z"), "lane 13: CC = 0b1101 → OF, CF, ZF");
    let mut shots = 0;
    while sim.next_index().is_some() {
        let ev = sim.step().unwrap();
        page.step();
        for loc in sim.touched_registers() {
            if let warpscope_core::sim::Loc::R(n) = loc {
                let want: Vec<u64> = sim.state().reg(*n).iter().map(|&v| u64::from(v)).collect();
                assert_eq!(
                    lane_values(&page, &format!("R{n}")),
                    want,
                    "R{n} after step {}",
                    ev.step
                );
            }
        }
        assert_eq!(lane_values(&page, "PR"), pr(&sim));
        assert_eq!(lane_values(&page, "CC"), cc(&sim));
        if let warpscope_core::sim::EventDetail::P2r {
            cc: from_cc,
            byte,
            source,
            mask,
        } = &ev.detail
        {
            let d = page.js(
                "const g = document.querySelector('#diagram [data-p2r-byte]');
                 const row = r => Array.from(document.querySelectorAll('#diagram [data-row=\"' + r + '\"][data-lane]')).map(c => [Number(c.dataset.lane), Number(c.dataset.value)]);
                 return g && [g.dataset.p2rByte, g.dataset.p2rCc, row('source'), row('mask'),
                   Array.from(document.querySelectorAll('#diagram line[data-src-bit]')).map(l => [Number(l.dataset.srcBit), Number(l.dataset.dstBit)])];",
                vec![],
            );
            let ran: Vec<usize> = (0..32).filter(|l| ev.lanes >> l & 1 == 1).collect();
            let src_row: Vec<_> = ran.iter().map(|&l| json!([l, source[l]])).collect();
            let mask_row: Vec<_> = ran.iter().map(|&l| json!([l, mask[l]])).collect();
            let l0 = ran[0];
            let arrows: Vec<_> = (0..8u32)
                .filter(|i| u32::from(mask[l0]) >> i & 1 == 1)
                .map(|i| json!([i, 8 * u32::from(*byte) + i]))
                .collect();
            assert_eq!(
                d,
                json!([
                    byte.to_string(),
                    from_cc.to_string(),
                    src_row,
                    mask_row,
                    arrows
                ]),
                "P2R diagram at step {}",
                ev.step
            );
            if shots < 2 {
                page.shot(if shots == 0 {
                    "sm50_p2r_pr"
                } else {
                    "sm50_p2r_byte1"
                });
                shots += 1;
            }
        }
    }
    page.wait("return document.querySelector('#run-status').dataset.status === 'exited';");
    page.shot("sm50_grid_exited");
}

#[test]
#[ignore = "needs the wasm bundle and Chromium; run by `cargo xtask test`"]
fn gfx9_dwords_hwreg_fields_and_wave_view() {
    let (page, isa, src, got) = open_example("gfx9", "mode_fields");
    assert!(
        got.iter().any(|r| r.2.len() == 17),
        "a dword and a literal: {got:?}"
    );
    assert!(got.iter().all(|r| r.2.split(' ').all(|w| w.len() == 8)));

    // s_setreg_imm32_b32: two dwords, the hwreg operand's parts.
    let prog = asm::assemble(isa, src).unwrap();
    let i = prog
        .lines
        .iter()
        .position(|l| isa.opcode_words(l.inst.def(isa)) == 2)
        .unwrap();
    select_row(&page, i);
    let notes = page.check_bitfield(isa, &prog.lines[i].inst);
    let shape = page.js(
        "const b = document.querySelector('#bitfield');
         return [b.dataset.wordBits, b.dataset.words, document.querySelectorAll('#inst-bits .bit').length,
                 document.querySelector('#bf-hex').textContent, document.querySelector('#control-word') === null];",
        vec![],
    );
    assert_eq!(
        shape,
        json!([
            "32",
            "2",
            64,
            disasm::format_inst(isa, &prog.lines[i].inst),
            true
        ])
    );
    let hw = notes
        .iter()
        .enumerate()
        .find(|(k, _)| {
            matches!(
                prog.lines[i].inst.def(isa).fields[*k].ty,
                warpscope_core::spec::model::TypeRef::Builtin(
                    warpscope_core::spec::model::Builtin::HwReg
                )
            )
        })
        .map(|(_, n)| n)
        .expect("an hwreg field");
    let parts = page.js(
        "return Array.from(document.querySelectorAll('#bitfield .part[data-part]')).map(p =>
            [p.dataset.part, Number(p.dataset.lo), Number(p.dataset.width), Number(p.dataset.value)]);",
        vec![],
    );
    let raw = hw.raw;
    assert_eq!(
        parts,
        json!([
            ["size-1", hw.lo + 11, 5, ((raw >> 11) & 31) + 1],
            ["offset", hw.lo + 6, 5, (raw >> 6) & 31],
            ["id", hw.lo, 6, raw & 63],
        ])
    );
    page.shot("gfx9_bitfield_literal");
    // Flip a literal bit and an hwreg size bit: core decodes the same.
    page.flip_and_check(isa, 32 + 4);
    page.flip_and_check(isa, hw.lo + 12);
    let p2 = page.js(
        "return Number(document.querySelector('#bitfield .part[data-part=\"size-1\"]').dataset.value);",
        vec![],
    );
    assert_eq!(p2, json!(((raw >> 11) & 31 ^ 2) + 1));
    page.shot("gfx9_bitfield_flipped");

    // Step through: SGPR and HW_REG rows and the hwreg diagram.
    page.tab("Lanes");
    let mut sim = Sim::new(isa, &prog, LaunchConfig::default());
    let scalar = |page: &Page, reg: &str| -> Value {
        page.js(
            "const tr = document.querySelector('#grid tr[data-reg=\"' + arguments[0] + '\"]');
             return tr && Number(tr.querySelector('td.val').dataset.value);",
            vec![json!(reg)],
        )
    };
    while sim.next_index().is_some() {
        let ev = sim.step().unwrap();
        page.step();
        for loc in sim.touched_registers() {
            let want = match sim.state().get(*loc) {
                warpscope_core::sim::Value::Scalar(v) => v,
                other => panic!("gfx9 state is scalar: {other:?}"),
            };
            assert_eq!(
                scalar(&page, &loc.name()),
                json!(want),
                "{} after step {}",
                loc.name(),
                ev.step
            );
        }
        if let warpscope_core::sim::EventDetail::HwReg { .. } = ev.detail {
            // the event's fields, as `warpscope run --json` writes them
            let hw = serde_json::to_value(&ev.detail).expect("events serialise")["HwReg"].clone();
            let field = |k: &str| hw[k].as_u64().expect("a number");
            let (id, offset, size) = (
                field("id") as u8,
                field("offset") as u8,
                field("size") as u8,
            );
            let (write, value, register) = (
                hw["write"] == json!(true),
                field("value"),
                field("register"),
            );
            let name = warpscope_core::sim::machine::hwreg_name(id);
            let d = page.js(
                "const g = document.querySelector('#diagram [data-hwreg-id]');
                 const hl = Array.from(document.querySelectorAll('#diagram [data-row=\"register\"][data-in-range=\"1\"]')).map(c => Number(c.dataset.bit));
                 const grid = document.querySelector('#grid tr[data-reg=\"' + arguments[0] + '\"]');
                 return g && [Number(g.dataset.hwregId), Number(g.dataset.offset), Number(g.dataset.size), g.dataset.write === 'true',
                    Number(g.dataset.value), Number(g.dataset.register), hl, grid && grid.dataset.access];",
                vec![json!(name)],
            );
            let range: Vec<u32> = (u32::from(offset)..u32::from(offset) + u32::from(size))
                .rev()
                .collect();
            let access = format!("{offset},{size},{}", if write { "w" } else { "r" });
            assert_eq!(
                d,
                json!([id, offset, size, write, value, register, range, access]),
                "hwreg diagram at step {}",
                ev.step
            );
            if ev.step == 1 {
                page.shot("gfx9_getreg_field");
            }
            if write {
                page.shot("gfx9_setreg_field");
            }
        }
    }
    page.wait("return document.querySelector('#run-status').dataset.status === 'exited';");
    page.shot("gfx9_wave_exited");
}

/// Puts the editor's caret at `at`, which `place` computes from the text
/// area `t`, and clicks there as a user would.
fn click_caret(page: &Page, place: &str) {
    page.js(
        &format!(
            "const t = document.querySelector('#editor textarea');
             {place}
             t.setSelectionRange(at, at);
             t.dispatchEvent(new MouseEvent('click', {{bubbles: true}}));
             return true;"
        ),
        vec![],
    );
}

#[test]
#[ignore = "needs the wasm bundle and Chromium; run by `cargo xtask test`"]
fn editor_scrolls_sideways_only_for_the_caret() {
    let page = Page::open(1366, 900);
    let scroll = |page: &Page| {
        page.js(
            "return [document.querySelector('#editor').scrollLeft, document.querySelector('#editor textarea').scrollLeft];",
            vec![],
        )
    };
    assert_eq!(scroll(&page), json!([0, 0]));
    // The caret at the end of the longest line: the box scrolls to show it.
    click_caret(
        &page,
        "t.focus();
         const lines = t.value.split('\\n');
         let best = 0, at = 0, pos = 0;
         lines.forEach(l => { if (l.length > best) { best = l.length; at = pos + l.length; } pos += l.length + 1; });",
    );
    page.wait("return document.querySelector('#editor').scrollLeft > 0;");
    // Back at a short line's start: the left edge shows again.
    click_caret(&page, "const at = 0;");
    page.wait("return document.querySelector('#editor').scrollLeft === 0;");
    // Loading an example after the view was scrolled shows its header from
    // the first column, with the text area over the highlighted layer.
    click_caret(&page, "const at = t.value.indexOf('\\n', 40);");
    page.choose("#examples", "segmented");
    page.wait(
        "return document.querySelector('#editor textarea').value.includes('Title') && document.querySelector('#editor').scrollLeft === 0;",
    );
    assert_eq!(scroll(&page), json!([0, 0]));
    page.shot("editor_left_edge_after_load");
}
