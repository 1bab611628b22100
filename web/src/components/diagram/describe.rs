//! The diagram's text alternative: what the step did, in words a screen
//! reader speaks, lane by lane: what each participating lane received
//! (and, for a shuffle, from which lane).

use crate::i18n::{self, tr, trf, Lang};
use crate::state::Fmt;
use warpscope_core::sim::{EventDetail, StepEvent, Value};

/// Lanes listed one by one before the rest is summed up.
const LISTED: usize = 32;

/// "SHFL.BFLY P0, R1, R0, 0x10, 0x1f, step 3, 32 lanes took part. R1:
/// lane 0 received 16 from lane 16, lane 1 received 17 from lane 17, ..."
pub fn describe(ev: &StepEvent, text: &str, fmt: Fmt) -> String {
    // Punctuation between the parts: the space after a full stop, the
    // colon after a register, the list comma and the full stop.
    let (space, colon, comma, stop) = match i18n::current() {
        Lang::En => (" ", ":", ", ", "."),
        Lang::Zh => ("", "：", "，", "。"),
    };
    let took = ev.lanes.count_ones();
    let args: [&dyn std::fmt::Display; 3] =
        [&text.trim_end_matches([' ', ';']), &(ev.step + 1), &took];
    let mut out = if took == 1 {
        trf("{0}, step {1}, {2} lane took part.", &args)
    } else {
        trf("{0}, step {1}, {2} lanes took part.", &args)
    };
    let from = match &ev.detail {
        EventDetail::Shfl { src_lane, .. } => Some(src_lane),
        _ => None,
    };
    for w in &ev.writes {
        out.push_str(space);
        out.push_str(&w.loc.to_string());
        out.push_str(colon);
        match &w.new {
            Value::Lanes(v) => {
                let lanes: Vec<usize> = (0..32).filter(|&l| w.lanes >> l & 1 == 1).collect();
                for (k, &l) in lanes.iter().take(LISTED).enumerate() {
                    out.push_str(if k == 0 { space } else { comma });
                    let value = fmt.show(v[l]);
                    let said = match from {
                        Some(src) => trf(
                            "lane {0} received {1} from lane {2}",
                            &[&l, &value, &src[l]],
                        ),
                        None => trf("lane {0} received {1}", &[&l, &value]),
                    };
                    out.push_str(&said);
                }
                out.push_str(stop);
            }
            Value::Mask(m) => {
                let on: Vec<String> = (0..32)
                    .filter(|l| m >> l & 1 == 1)
                    .map(|l| l.to_string())
                    .collect();
                if on.is_empty() {
                    out.push_str(tr(" false in every lane."));
                } else {
                    out.push_str(&trf(" true in lanes {0}.", &[&on.join(", ")]));
                }
            }
            Value::Scalar(v) => out.push_str(&format!("{space}{}{stop}", fmt.show(*v))),
            Value::Bool(b) => out.push_str(if *b { tr(" true.") } else { tr(" false.") }),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use warpscope_core::{
        asm, isas,
        sim::{LaunchConfig, Sim},
    };

    #[test]
    fn a_shuffle_says_what_each_lane_received_and_from_where() {
        let isa = isas::w128();
        let prog = asm::assemble(
            isa,
            ".init R0 = lane * 2\nSHFL.BFLY P0, R1, R0, 0x1, 0x1f\n",
        )
        .unwrap();
        let mut sim = Sim::new(isa, &prog, LaunchConfig::default());
        let ev = sim.step().unwrap();
        let text = describe(&ev, "SHFL.BFLY P0, R1, R0, 0x1, 0x1f ;", Fmt::Unsigned);
        assert!(
            text.starts_with("SHFL.BFLY P0, R1, R0, 0x1, 0x1f, step 1, 32 lanes took part."),
            "{text}"
        );
        assert!(
            text.contains("R1: lane 0 received 2 from lane 1, lane 1 received 0 from lane 0,"),
            "{text}"
        );
        assert!(text.contains("lane 31 received 60 from lane 30."), "{text}");
    }
}
