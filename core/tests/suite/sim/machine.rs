//! The register files of each bundled machine, as the description's
//! operand classes imply them.

use warpscope_core::isas;
use warpscope_core::sim::machine::{self, FileShape};

fn summary(name: &str) -> Vec<(String, u32, FileShape)> {
    machine::register_files(isas::by_name(name).unwrap())
        .into_iter()
        .map(|f| (f.name.to_string(), f.count, f.shape))
        .collect()
}

fn owned(v: &[(&str, u32, FileShape)]) -> Vec<(String, u32, FileShape)> {
    v.iter().map(|&(n, c, s)| (n.to_string(), c, s)).collect()
}

#[test]
fn each_bundled_machine_has_its_files_in_display_order() {
    use FileShape::*;
    let w128 = [
        ("R", 255, PerLane),
        ("P", 7, Mask),
        ("UR", 63, Scalar),
        ("UP", 7, Bool),
        ("B", 16, Mask),
    ];
    assert_eq!(summary("w128"), owned(&w128));
    let sm50 = [("R", 255, PerLane), ("P", 7, Mask), ("CC", 1, Flags)];
    assert_eq!(summary("sm50"), owned(&sm50));
    assert_eq!(
        summary("gfx9"),
        owned(&[("s", 102, Scalar), ("HW_REG", 12, Scalar)])
    );
}

#[test]
fn files_say_their_zero_register_flags_and_packing() {
    let sm50 = machine::register_files(isas::sm50());
    let zero: Vec<_> = sm50
        .iter()
        .map(|f| f.zero.map(|z| (z.name, z.number)))
        .collect();
    assert_eq!(zero, [Some(("RZ", 255)), Some(("PT", 7)), None]);
    assert_eq!(sm50[1].packed_in, Some("PR"));
    assert_eq!(sm50[2].flags, [("ZF", 0), ("SF", 1), ("CF", 2), ("OF", 3)]);
    let w128 = machine::register_files(isas::w128());
    assert!(w128
        .iter()
        .all(|f| f.packed_in.is_none() && f.flags.is_empty()));
    assert_eq!(w128[2].zero.map(|z| z.name), Some("URZ"));
}

#[test]
fn hardware_registers_come_from_the_description() {
    let isa = isas::gfx9();
    let regs = machine::hwregs(isa);
    let t = isa.enum_type("HwRegId").unwrap();
    assert_eq!(regs.len(), t.values.len());
    assert_eq!((regs[0].id, regs[0].name.as_str()), (1, "HW_REG_MODE"));
    assert_eq!(regs[0].reset, 0x3f0);
    assert!(!regs[0].doc.is_empty());
    assert_eq!(machine::hwreg_id(isa, "HW_REG_TMA_HI"), Some(19));
    assert_eq!(machine::hwreg_name_in(isa, 8), "hwreg(8)");
    assert!(machine::hwregs(isas::w128()).is_empty());
}
