//! The source editor: a plain `<textarea>` laid over a highlighted copy of
//! the same text, with a gutter of line numbers, breakpoints and error
//! markers, and the list of diagnostics below.
//!
//! The text area keeps the text, the caret, selection and undo history
//! (the browser's own); the layer below only draws. Both use the same
//! font, line height and padding, and neither scrolls on its own: the
//! surrounding box does, so they stay aligned.

use super::callbacks::Callbacks;
use super::diag_list::diag_list;
use super::gutter::Gutter;
use super::highlighted::Highlighted;
use crate::i18n::{tr, trf};
use crate::state::Lines;
use crate::state::{CaretRequest, DiagView, Ptr, State};
use std::rc::Rc;
use warpscope_core::isas::Id;
use wasm_bindgen::JsCast;
use web_sys::{HtmlDocument, HtmlTextAreaElement};
use yew::prelude::*;

/// Editor props.
#[derive(Properties, PartialEq)]
pub struct EditorProps {
    /// ISA name (for highlighting mnemonics).
    pub isa: Id,
    /// The text.
    pub source: Rc<String>,
    /// Bumped when the text was replaced from outside.
    pub source_rev: u64,
    /// Diagnostics of the text.
    pub diags: Ptr<Vec<DiagView>>,
    /// Line of the instruction that runs next.
    pub exec_line: Option<usize>,
    /// Line of the caret.
    pub cursor_line: usize,
    /// Lines with breakpoints.
    pub breakpoints: Ptr<Lines>,
    /// A caret move to carry out.
    pub caret: Option<CaretRequest>,
    /// The text was typed.
    pub on_edit: Callback<String>,
    /// The caret moved (byte offset).
    pub on_cursor: Callback<usize>,
    /// A gutter line was clicked.
    pub on_breakpoint: Callback<usize>,
    /// A diagnostic was clicked (byte offset).
    pub on_goto: Callback<usize>,
    /// Shown but not editable (the embedded view).
    #[prop_or_default]
    pub readonly: bool,
    /// The text the last replacement put in: Ctrl+Z while the editor
    /// holds exactly it steps back over the replacement.
    #[prop_or_default]
    pub replaced_to: Option<Rc<String>>,
    /// Step back over the last replacement.
    #[prop_or_default]
    pub on_undo_replace: Callback<()>,
}

/// Byte offset of UTF-16 index `u16_idx` in `s`.
pub fn byte_of_utf16(s: &str, u16_idx: u32) -> usize {
    let mut n = 0u32;
    for (b, c) in s.char_indices() {
        if n >= u16_idx {
            return b;
        }
        n += c.len_utf16() as u32;
    }
    s.len()
}

/// UTF-16 index of byte offset `byte` in `s`.
pub fn utf16_of_byte(s: &str, byte: usize) -> u32 {
    let mut b = byte.min(s.len());
    while !s.is_char_boundary(b) {
        b -= 1;
    }
    s[..b].encode_utf16().count() as u32
}

fn insert_text(text: &str) -> bool {
    let doc = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.dyn_into::<HtmlDocument>().ok());
    doc.and_then(|d| {
        d.exec_command_with_show_ui_and_value("insertText", false, text)
            .ok()
    })
    .unwrap_or(false)
}

/// Handles Tab, Shift+Tab and Enter; true when the key was used.
fn edit_key(ta: &HtmlTextAreaElement, e: &KeyboardEvent) -> bool {
    let value = ta.value();
    let start = ta.selection_start().ok().flatten().unwrap_or(0);
    let end = ta.selection_end().ok().flatten().unwrap_or(start);
    let (bs, be) = (byte_of_utf16(&value, start), byte_of_utf16(&value, end));
    let line_begin = value[..bs].rfind('\n').map_or(0, |i| i + 1);
    match e.key().as_str() {
        "Tab" if !e.ctrl_key() && !e.alt_key() && !e.meta_key() => {
            let multi = value[bs..be].contains('\n');
            if !e.shift_key() && !multi {
                if !insert_text("    ") {
                    let _ =
                        ta.set_range_text_with_start_and_end_and_mode("    ", start, end, "end");
                }
                return true;
            }
            // Indent or dedent every line of the selection.
            let block_end = value[be..].find('\n').map_or(value.len(), |i| be + i);
            let block = &value[line_begin..block_end];
            let new: Vec<String> = block
                .split('\n')
                .map(|l| {
                    if e.shift_key() {
                        let n = l.len() - l.trim_start_matches(' ').len();
                        let cut = if l.starts_with('\t') { 1 } else { n.min(4) };
                        l[cut..].to_string()
                    } else {
                        format!("    {l}")
                    }
                })
                .collect();
            let new = new.join("\n");
            let (s16, e16) = (
                utf16_of_byte(&value, line_begin),
                utf16_of_byte(&value, block_end),
            );
            let _ = ta.set_selection_range(s16, e16);
            if !insert_text(&new) {
                let _ = ta.set_range_text_with_start_and_end(&new, s16, e16);
            }
            let _ = ta.set_selection_range(s16, s16 + new.encode_utf16().count() as u32);
            true
        }
        "Enter" if !e.ctrl_key() && !e.meta_key() && !e.shift_key() && !e.alt_key() => {
            let indent: String = value[line_begin..bs]
                .chars()
                .take_while(|c| *c == ' ' || *c == '\t')
                .collect();
            let text = format!("\n{indent}");
            if !insert_text(&text) {
                let _ = ta.set_range_text_with_start_and_end_and_mode(&text, start, end, "end");
            }
            true
        }
        _ => false,
    }
}

/// The effect that carries out a caret request: selection, focus, and
/// the caret's line scrolled into view.
fn caret_effect(
    p: &EditorProps,
    ta_ref: &NodeRef,
    pre_ref: &NodeRef,
    box_ref: &NodeRef,
) -> impl FnOnce(&Option<CaretRequest>) + 'static {
    let ta_ref = ta_ref.clone();
    let pre_ref = pre_ref.clone();
    let box_ref = box_ref.clone();
    let source = p.source.clone();
    move |req| {
        if let (Some(req), Some(ta)) = (req, ta_ref.cast::<HtmlTextAreaElement>()) {
            let v = ta.value();
            let at = utf16_of_byte(&v, req.offset.min(source.len()));
            // Selection first: focusing with the old selection (the end
            // of a replaced text) would scroll towards it.
            let _ = ta.set_selection_range(at, at);
            if req.focus {
                let _ = ta.focus();
            }
            let off = req.offset.min(source.len());
            let line = source.as_bytes()[..off]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1;
            if let (Some(pre), Some(bx)) = (
                pre_ref.cast::<web_sys::Element>(),
                box_ref.cast::<web_sys::Element>(),
            ) {
                if let Ok(Some(el)) = pre.query_selector(&format!("[data-line=\"{line}\"]")) {
                    scroll_vertically(&bx, &el);
                }
                fit_caret(&bx, &pre, &ta);
            }
        }
    }
}

/// The text area's keys: Esc and Ctrl+M (Tab moves the focus), F9 and
/// Ctrl+B (breakpoint on the caret's line), Ctrl+Z over a replacement,
/// then indentation and Enter.
fn keydown(p: &EditorProps, tab_moves: &UseStateHandle<bool>) -> Callback<KeyboardEvent> {
    let readonly = p.readonly;
    let replaced_to = p.replaced_to.clone();
    let on_undo_replace = p.on_undo_replace.clone();
    let on_breakpoint = p.on_breakpoint.clone();
    let tab_moves_now = **tab_moves;
    let set_tab_moves = tab_moves.setter();
    Callback::from(move |e: KeyboardEvent| {
        let ta: HtmlTextAreaElement = e.target_unchecked_into();
        let ctrl = (e.ctrl_key() || e.meta_key()) && !e.shift_key() && !e.alt_key();
        let key = e.key();
        if key == "Escape" || (ctrl && key.eq_ignore_ascii_case("m")) {
            e.prevent_default();
            set_tab_moves.set(key == "Escape" || !tab_moves_now);
            return;
        }
        if key == "F9" || (ctrl && key.eq_ignore_ascii_case("b")) {
            // A breakpoint on the caret's line (not the window's F9 too).
            e.prevent_default();
            e.stop_propagation();
            on_breakpoint.emit(caret_line(&ta));
            return;
        }
        if key == "Tab" && tab_moves_now {
            return;
        }
        let undo =
            (e.ctrl_key() || e.meta_key()) && !e.shift_key() && e.key().eq_ignore_ascii_case("z");
        if !readonly && undo && replaced_to.as_deref().is_some_and(|t| *t == ta.value()) {
            e.prevent_default();
            on_undo_replace.emit(());
            return;
        }
        if !readonly && edit_key(&ta, &e) {
            e.prevent_default();
        }
    })
}

/// The editor.
#[function_component(Editor)]
pub fn editor(p: &EditorProps) -> Html {
    let _lang = crate::i18n::use_lang();
    let ta_ref = use_node_ref();
    let pre_ref = use_node_ref();
    let box_ref = use_node_ref();
    let hover_title = use_state(String::new);
    // After Esc (or Ctrl+M), Tab moves the focus instead of indenting,
    // until the editor is focused again.
    let tab_moves = use_state(|| false);

    // Copy text replaced from outside into the text area.
    {
        let ta_ref = ta_ref.clone();
        let source = p.source.clone();
        use_effect_with(p.source_rev, move |_| {
            if let Some(ta) = ta_ref.cast::<HtmlTextAreaElement>() {
                if ta.value() != *source {
                    ta.set_value(&source);
                }
            }
        });
    }
    use_effect_with(p.caret, caret_effect(p, &ta_ref, &pre_ref, &box_ref));

    let n_lines = p.source.matches('\n').count() + 1;
    // Line backgrounds for the caret and the next instruction: drawn apart
    // from the (memoised) text layers, so a step redraws two bars only.
    let bar = |line: Option<usize>, class: &'static str| {
        line.filter(|&l| l >= 1 && l <= n_lines).map(|l| {
            let style = format!("top: calc(var(--pad) + {} * var(--lh))", l - 1);
            html! { <div class={classes!("line-bg", class)} data-line={l.to_string()} {style}></div> }
        })
    };

    let cursor_cb = {
        let on_cursor = p.on_cursor.clone();
        let pre_ref = pre_ref.clone();
        let box_ref = box_ref.clone();
        move |ta: HtmlTextAreaElement| {
            let v = ta.value();
            let at = ta.selection_start().ok().flatten().unwrap_or(0);
            on_cursor.emit(byte_of_utf16(&v, at));
            if let (Some(pre), Some(bx)) = (
                pre_ref.cast::<web_sys::Element>(),
                box_ref.cast::<web_sys::Element>(),
            ) {
                fit_caret_at_next_frame(bx, pre, ta);
            }
        }
    };
    // The text area never scrolls by itself (the box around both layers
    // does); a browser scrolling it to show the caret would move the text
    // off the highlighted layer.
    let onscroll = Callback::from(|e: Event| {
        let ta: HtmlTextAreaElement = e.target_unchecked_into();
        if ta.scroll_left() != 0 {
            ta.set_scroll_left(0);
        }
        if ta.scroll_top() != 0 {
            ta.set_scroll_top(0);
        }
    });
    let oninput = {
        let on_edit = p.on_edit.clone();
        let cursor_cb = cursor_cb.clone();
        Callback::from(move |e: InputEvent| {
            let ta: HtmlTextAreaElement = e.target_unchecked_into();
            on_edit.emit(ta.value());
            cursor_cb(ta);
        })
    };
    let onkeydown = keydown(p, &tab_moves);
    let onkeyup = {
        let cursor_cb = cursor_cb.clone();
        Callback::from(move |e: KeyboardEvent| cursor_cb(e.target_unchecked_into()))
    };
    let onclick = {
        let cursor_cb = cursor_cb.clone();
        Callback::from(move |e: MouseEvent| cursor_cb(e.target_unchecked_into()))
    };
    // The message of the diagnostic under the mouse, as the text area's title.
    let onmousemove = {
        let diags = p.diags.clone();
        let hover_title = hover_title.clone();
        let pre_ref = pre_ref.clone();
        Callback::from(move |e: MouseEvent| {
            let lh = pre_ref
                .cast::<web_sys::Element>()
                .and_then(|pre| pre.first_element_child())
                .map(|el| el.get_bounding_client_rect().height())
                .filter(|h| *h > 0.0)
                .unwrap_or(22.0);
            let line = ((e.offset_y() as f64 - 8.0) / lh).floor().max(0.0) as usize + 1;
            let t: Vec<String> = diags
                .iter()
                .filter(|d| d.line == line)
                .map(|d| d.tooltip())
                .collect();
            let t = t.join("\n");
            if *hover_title != t {
                hover_title.set(t);
            }
        })
    };

    let n_err = p.diags.iter().filter(|d| d.error).count();
    let onfocus = {
        let tab_moves = tab_moves.clone();
        Callback::from(move |_: FocusEvent| tab_moves.set(false))
    };

    html! {
        <section class="pane editor-pane" data-core="" aria-label={tr("editor")}>
            <div class="pane-head">
                <h2>{ tr("Program") }</h2>
                <span class="pane-info">
                    { errors_text(n_err, p.isa) }
                </span>
                if *tab_moves {
                    <span class="pane-info tab-moves" id="tab-moves">{ tr("Tab leaves the editor") }</span>
                }
            </div>
            <div class="editor" id="editor" ref={box_ref}>
                <div class="gutter" aria-hidden="true">
                    { bar(p.exec_line, "exec") }
                    <Gutter lines={n_lines} diags={p.diags.clone()} breakpoints={p.breakpoints.clone()}
                        on_breakpoint={p.on_breakpoint.clone()} />
                </div>
                <div class="code">
                    { bar(Some(p.cursor_line), "cursor") }
                    { bar(p.exec_line, "exec") }
                    <pre class="hl" ref={pre_ref} aria-hidden="true">
                        <Highlighted isa={p.isa} source={p.source.clone()} diags={p.diags.clone()} />
                    </pre>
                    <textarea ref={ta_ref} class="input" spellcheck="false" wrap="off"
                        autocomplete="off" autocapitalize="off" aria-label={tr("program source")} readonly={p.readonly}
                        title={(*hover_title).clone()}
                        {oninput} {onkeydown} {onkeyup} {onclick} {onmousemove} {onscroll} {onfocus} />
                </div>
            </div>
            { diag_list(&p.diags, &p.on_goto) }
        </section>
    }
}

/// The head's word on the text: "assembles", or how many errors it has.
fn errors_text(n_err: usize, isa: Id) -> String {
    match n_err {
        0 if isa == Id::Cuda => tr("compiles").to_string(),
        0 => tr("assembles").to_string(),
        1 => trf("{0} error", &[&n_err]),
        _ => trf("{0} errors", &[&n_err]),
    }
}

/// The editor of the full page (and of presentation mode) over the
/// state's document; `exec_line` is the line of the next instruction.
pub fn editable(st: &State, cbs: &Callbacks, exec_line: Option<usize>) -> Html {
    let (doc, view) = (&st.doc, &st.view);
    html! {
        <Editor isa={doc.isa} source={doc.source.clone()} source_rev={doc.source_rev}
            diags={st.build.diags.clone()} {exec_line} cursor_line={view.cursor_line}
            breakpoints={st.run.breakpoints.clone()} caret={view.caret}
            on_edit={cbs.edit.clone()} on_cursor={cbs.cursor.clone()}
            on_breakpoint={cbs.breakpoint.clone()} on_goto={cbs.goto.clone()}
            replaced_to={doc.replaced.last().map(|r| r.after.clone())}
            on_undo_replace={cbs.undo_replace.clone()} />
    }
}

/// The 1-based line of the caret.
fn caret_line(ta: &HtmlTextAreaElement) -> usize {
    let v = ta.value();
    let at = byte_of_utf16(&v, ta.selection_start().ok().flatten().unwrap_or(0));
    v[..at].matches('\n').count() + 1
}

/// Scrolls `bx` vertically (only) so that `el`, a line inside it, is
/// visible; the horizontal position stays where the user left it.
fn scroll_vertically(bx: &web_sys::Element, el: &web_sys::Element) {
    let b = bx.get_bounding_client_rect();
    let r = el.get_bounding_client_rect();
    let top = bx.scroll_top() as f64;
    if r.top() < b.top() {
        bx.set_scroll_top((top - (b.top() - r.top()) - r.height()) as i32);
    } else if r.bottom() > b.bottom() - 16.0 {
        bx.set_scroll_top((top + (r.bottom() - b.bottom()) + 2.0 * r.height()) as i32);
    }
}

/// Width of one character of the editor's monospace font, measured again
/// when the line height changes (presentation mode's larger type).
fn char_width(pre: &web_sys::Element) -> f64 {
    thread_local!(static W: std::cell::Cell<(f64, f64)> = const { std::cell::Cell::new((0.0, 0.0)) });
    let lh = pre
        .first_element_child()
        .map_or(0.0, |l| l.get_bounding_client_rect().height());
    let (at, w) = W.with(|w| w.get());
    if w > 0.0 && at == lh {
        return w;
    }
    let measured = pre
        .owner_document()
        .and_then(|d| d.create_element("span").ok())
        .and_then(|span| {
            span.set_text_content(Some("MMMMMMMMMMMMMMMMMMMM"));
            pre.append_child(&span).ok()?;
            let w = span.get_bounding_client_rect().width() / 20.0;
            span.remove();
            Some(w)
        })
        .filter(|w| *w > 0.0)
        .unwrap_or(9.0);
    W.with(|w| w.set((lh, measured)));
    measured
}

/// [`fit_caret`] just before the next frame is drawn, once however many
/// inputs ask before then. Measuring in the input handler itself made the
/// browser lay out the whole page on every keystroke, and again for the
/// frame once the text layer was redrawn (34 ms a keystroke in a program
/// of 2,000 lines); just before the frame there is one layout.
fn fit_caret_at_next_frame(bx: web_sys::Element, pre: web_sys::Element, ta: HtmlTextAreaElement) {
    thread_local!(static PENDING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) });
    if PENDING.with(|p| p.replace(true)) {
        return;
    }
    let fit = wasm_bindgen::closure::Closure::once_into_js(move || {
        PENDING.with(|p| p.set(false));
        fit_caret(&bx, &pre, &ta);
    });
    let asked =
        web_sys::window().is_some_and(|w| w.request_animation_frame(fit.unchecked_ref()).is_ok());
    if !asked {
        PENDING.with(|p| p.set(false));
    }
}

/// Keeps the box's horizontal scroll at 0 unless the caret lies beyond
/// the visible width, in which case it scrolls just enough to show it.
fn fit_caret(bx: &web_sys::Element, pre: &web_sys::Element, ta: &HtmlTextAreaElement) {
    let v = ta.value();
    let at = ta.selection_end().ok().flatten().unwrap_or(0) as usize;
    let before: Vec<u16> = v.encode_utf16().take(at).collect();
    let line_start = before
        .iter()
        .rposition(|&c| c == u16::from(b'\n'))
        .map_or(0, |i| i + 1);
    let col = String::from_utf16_lossy(&before[line_start..])
        .chars()
        .map(|c| if c == '\t' { 4 } else { 1 })
        .sum::<usize>();
    // The caret's x inside the code layer, and the room beside the gutter.
    let x = col as f64 * char_width(pre) + 16.0;
    let gutter = bx
        .first_element_child()
        .map_or(0.0, |g| g.get_bounding_client_rect().width());
    let room = f64::from(bx.client_width()) - gutter - 24.0;
    let left = f64::from(bx.scroll_left());
    if x <= room {
        if left != 0.0 {
            bx.set_scroll_left(0);
        }
    } else if x > left + room || x < left {
        bx.set_scroll_left((x - room).max(0.0) as i32);
    }
    if ta.scroll_left() != 0 {
        ta.set_scroll_left(0);
    }
}

/// Scrolls an element into view inside its scrolling box (the listing's
/// or the editor's), only if needed; never the page, which on a phone
/// would jump away from the diagram on every step.
pub fn scroll_into_view(el: &web_sys::Element) {
    if let Ok(Some(bx)) = el.closest(".scroll, .editor") {
        scroll_vertically(&bx, el);
    }
}
