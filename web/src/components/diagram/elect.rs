//! ELECT: the candidates and the leader.

use super::draw::*;
use crate::i18n::{tr, trf};
use warpscope_core::sim::{EventDetail, StepEvent};
use yew::prelude::*;

/// The drawing of one step.
#[inline(never)] // drawn for its kind only: the others stay out of start-up (docs/perf.md)
pub fn view(ev: &StepEvent, c: &Ctx) -> Html {
    let EventDetail::Elect { candidates, leader } = &ev.detail else {
        return Html::default();
    };
    let h = c.hover;
    let mut s = Markup::default();
    lane_numbers(&mut s, 8);
    lane_row(&mut s, 24, tr("candidate"), "candidate", h, &|l| {
        mask_cell(*candidates, u32::MAX, l, "✓", "·")
    });
    lane_row(&mut s, 52, tr("elected"), "leader", h, &|l| {
        let me = *leader == Some(l as u8);
        Some(Cell {
            class: if me { "leader" } else { "off" },
            text: if me { "★".into() } else { String::new() },
            title: if me {
                trf("lane {0}: the leader", &[&l])
            } else {
                format!("lane {l}")
            },
            value: u8::from(me).to_string(),
        })
    });
    let text = match leader {
        Some(l) => trf("lane {0} is elected (lowest candidate)", &[l]),
        None => tr("no lane takes part: nobody is elected").into(),
    };
    let leader = leader.map_or("none".to_string(), |l| l.to_string());
    s.text_el(
        |s| {
            s.class(&["caption", "big"]).num("x", X0).attr("y", "100");
            s.attr("data-leader", &leader);
        },
        &text,
    );
    svg(110, "elect", s)
}
