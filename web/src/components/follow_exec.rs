//! Embed and presentation mode: keeps the next instruction's line in
//! sight in the editor.

use yew::prelude::*;

/// Props: the line of the next instruction.
#[derive(Properties, PartialEq)]
pub struct FollowProps {
    /// The line, if an instruction runs next.
    pub line: Option<usize>,
}

/// Keeps the next instruction's line in sight in the (small) editor.
#[function_component(FollowExec)]
pub fn follow_exec(p: &FollowProps) -> Html {
    use_effect_with(p.line, |line| {
        if line.is_some() {
            if let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| {
                d.query_selector("#editor .code .line-bg.exec")
                    .ok()
                    .flatten()
            }) {
                super::editor::scroll_into_view(&el);
            }
        }
    });
    html! {}
}
