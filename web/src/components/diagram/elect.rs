//! ELECT: the candidates and the leader.

use super::draw::*;
use crate::i18n::{tr, trf};
use warpscope_core::sim::{EventDetail, StepEvent};
use yew::prelude::*;

/// The drawing of one step.
pub fn view(ev: &StepEvent, c: &Ctx) -> Html {
    let EventDetail::Elect { candidates, leader } = &ev.detail else {
        return Html::default();
    };
    let (h, on_hover) = (c.hover, &c.on_hover);
    let body = html! {
        <>
            { lane_numbers(8) }
            { lane_row(24, tr("candidate"), "candidate", h, on_hover, &|l| mask_cell(*candidates, u32::MAX, l, "✓", "·")) }
            { lane_row(52, tr("elected"), "leader", h, on_hover, &|l| {
                let me = *leader == Some(l as u8);
                Some(Cell { class: if me { "leader" } else { "off" }, text: if me { "★".into() } else { String::new() },
                    title: if me { trf("lane {0}: the leader", &[&l]) } else { format!("lane {l}") }, value: u8::from(me).to_string() })
            }) }
            <text class="caption big" x={X0.to_string()} y="100" data-leader={leader.map_or("none".to_string(), |l| l.to_string())}>
                { match leader { Some(l) => trf("lane {0} is elected (lowest candidate)", &[l]), None => tr("no lane takes part: nobody is elected").into() } }
            </text>
        </>
    };
    svg(110, "elect", body)
}
