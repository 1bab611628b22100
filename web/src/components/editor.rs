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
use super::editor_window::{self, byte_of_utf16, utf16_of_byte, Held};
use super::gutter::Gutter;
use super::highlighted::Highlighted;
use super::window;
use crate::i18n::{tr, trf};
use crate::state::Lines;
use crate::state::{CaretRequest, DiagView, Ptr, State};
use std::cell::RefCell;
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
    /// Ctrl+Z (false) or Ctrl+Y (true) in a long text, which the text
    /// area holds in part (see [`super::editor_window`]).
    #[prop_or_default]
    pub on_typed_undo: Callback<bool>,
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
    refs: &Refs,
    held: &Rc<RefCell<Held>>,
) -> impl FnOnce(&Option<CaretRequest>) + 'static {
    let (refs, held) = (refs.clone(), held.clone());
    let source = p.source.clone();
    move |req| {
        if let (Some(req), Some(ta)) = (req, refs.ta.cast::<HtmlTextAreaElement>()) {
            let off = req.offset.min(source.len());
            let line = editor_window::line_of(&source, off);
            let mut h = held.borrow_mut();
            let v = ta.value();
            // Selection first: focusing with the old selection (the end
            // of a replaced text) would scroll towards it.
            match h.inside(off, v.len()) {
                Some(k) => {
                    let at = utf16_of_byte(&v, k);
                    let _ = ta.set_selection_range(at, at);
                    h.parked = None;
                }
                // (a long text held around another part)
                None => editor_window::hold(&ta, &mut h, &source, line, (off, off)),
            }
            if req.focus {
                let _ = ta.focus();
            }
            show_line(&refs, &ta, line + 1);
        }
    }
}

/// The effect that copies a text replaced from outside (an example, a
/// link, Ctrl+Z of a long text) into the text area: a long text's lines
/// around those it held.
fn source_effect(
    p: &EditorProps,
    refs: &Refs,
    held: &Rc<RefCell<Held>>,
) -> impl FnOnce(&u64) + 'static {
    let (ta_ref, held) = (refs.ta.clone(), held.clone());
    let source = p.source.clone();
    move |_| {
        if let Some(ta) = ta_ref.cast::<HtmlTextAreaElement>() {
            let mut h = held.borrow_mut();
            if h.total == 0 && editor_window::count_lines(&source) <= editor_window::WHOLE {
                // The first text, short: set as it is, without reading or
                // placing a selection, which would make the browser lay the
                // page out inside the first render's task.
                if ta.value() != *source {
                    ta.set_value(&source);
                }
                *h = Held::around(&source, 0).0;
                return;
            }
            if h.total == 0 || h.join(&ta.value()) != *source {
                let line = h.first + h.lines / 2;
                let sel = editor_window::selection(&ta, &h);
                editor_window::hold(&ta, &mut h, &source, line, sel);
            }
        }
    }
}

/// The scrolling box's handler: the window of lines drawn follows the
/// view, and so do the lines a long text's text area holds.
fn box_scroll(
    view: &UseStateHandle<window::View>,
    refs: &Refs,
    held: &Rc<RefCell<Held>>,
) -> Callback<Event> {
    let (view, refs, held) = (view.clone(), refs.clone(), held.clone());
    Callback::from(move |_: Event| {
        let (Some(bx), Some(pre)) = (
            refs.bx.cast::<web_sys::Element>(),
            refs.pre.cast::<web_sys::Element>(),
        ) else {
            return;
        };
        let (top, shown) = window::in_view(&bx, line_height(&pre), 0.0);
        window::update(&view, window::View { top, shown });
        let mut h = held.borrow_mut();
        if let (Some(ta), false) = (refs.ta.cast::<HtmlTextAreaElement>(), h.shows(top, shown)) {
            let sel = editor_window::selection(&ta, &h);
            let text = h.join(&ta.value());
            editor_window::hold(&ta, &mut h, &text, top + shown / 2, sel);
        }
    })
}

/// The text area never scrolls by itself (the box around both layers
/// does); a browser scrolling it to show the caret would move the text
/// off the highlighted layer.
fn no_own_scroll(e: Event) {
    let ta: HtmlTextAreaElement = e.target_unchecked_into();
    if ta.scroll_left() != 0 {
        ta.set_scroll_left(0);
    }
    if ta.scroll_top() != 0 {
        ta.set_scroll_top(0);
    }
}

/// The editor's elements: the text area, the highlighted layer under it
/// and the scrolling box around both.
#[derive(Clone)]
struct Refs {
    ta: NodeRef,
    pre: NodeRef,
    bx: NodeRef,
}

/// Scrolls the box to 1-based line `line` and the caret's column.
fn show_line(refs: &Refs, ta: &HtmlTextAreaElement, line: usize) {
    if let (Some(pre), Some(bx)) = (
        refs.pre.cast::<web_sys::Element>(),
        refs.bx.cast::<web_sys::Element>(),
    ) {
        if let Some((top, lh)) = line_top(&pre, line) {
            scroll_vertically(&bx, top, top + lh);
        }
        fit_caret(&bx, &pre, ta);
    }
}

/// The keys of a long text held in part (see [`super::editor_window`]):
/// any key but a modifier first puts back a selection parked by
/// scrolling away; Ctrl+A holds the whole text to select it; the arrow
/// keys, PageUp/PageDown and Ctrl+Home/Ctrl+End move the part held when
/// the caret nears its edge. True when the key was used.
fn held_key(
    refs: &Refs,
    held: &Rc<RefCell<Held>>,
    ta: &HtmlTextAreaElement,
    e: &KeyboardEvent,
) -> bool {
    let mut h = held.borrow_mut();
    if !editor_window::in_part(&h) {
        return false;
    }
    let key = e.key();
    let ctrl = e.ctrl_key() || e.meta_key();
    let modifier = matches!(
        key.as_str(),
        "Shift" | "Control" | "Alt" | "Meta" | "CapsLock" | "Escape"
    ) || (key.len() > 1 && key.starts_with('F'));
    if ctrl && key.eq_ignore_ascii_case("a") {
        editor_window::hold_whole(ta, &mut h);
        return true;
    }
    if let (Some(sel), false) = (h.parked, modifier) {
        let text = h.join(&ta.value());
        let line = editor_window::line_of(&text, sel.1);
        editor_window::hold(ta, &mut h, &text, line, sel);
        drop(h);
        show_line(refs, ta, line + 1);
        return false;
    }
    let (_, end) = editor_window::selection(ta, &h);
    let text = h.join(&ta.value());
    let line = editor_window::line_of(&text, end);
    let target = match key.as_str() {
        "Home" if ctrl => 0,
        "End" if ctrl => h.total.saturating_sub(1),
        "ArrowUp" | "ArrowDown" | "PageUp" | "PageDown" => line,
        _ => return false,
    };
    let near = editor_window::EDGE / 2;
    if !h.shows(target.saturating_sub(near), 2 * near) {
        let sel = editor_window::selection(ta, &h);
        editor_window::hold(ta, &mut h, &text, target, sel);
    }
    false
}

/// The text area's keys: Esc and Ctrl+M (Tab moves the focus), F9 and
/// Ctrl+B (breakpoint on the caret's line), Ctrl+Z over a replacement,
/// then indentation and Enter.
fn keydown(
    p: &EditorProps,
    tab_moves: &UseStateHandle<bool>,
    refs: &Refs,
    held: &Rc<RefCell<Held>>,
) -> Callback<KeyboardEvent> {
    let (refs, held) = (refs.clone(), held.clone());
    let on_typed_undo = p.on_typed_undo.clone();
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
            on_breakpoint.emit(caret_line(&ta, &held.borrow()));
            return;
        }
        if key == "Tab" && tab_moves_now {
            return;
        }
        if held_key(&refs, &held, &ta, &e) {
            e.prevent_default();
            return;
        }
        let cmd = (e.ctrl_key() || e.meta_key()) && !e.alt_key();
        let undo = cmd && !e.shift_key() && key.eq_ignore_ascii_case("z");
        let redo = cmd
            && (key.eq_ignore_ascii_case("y") || (e.shift_key() && key.eq_ignore_ascii_case("z")));
        let whole = || held.borrow().join(&ta.value());
        if !readonly && undo && replaced_to.as_deref().is_some_and(|t| *t == whole()) {
            e.prevent_default();
            on_undo_replace.emit(());
            return;
        }
        if !readonly && (undo || redo) && editor_window::in_part(&held.borrow()) {
            // (the browser's history was emptied when the part moved)
            e.prevent_default();
            on_typed_undo.emit(redo);
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
    let refs = Refs {
        ta: ta_ref.clone(),
        pre: pre_ref.clone(),
        bx: box_ref.clone(),
    };
    // What the text area holds of a long text.
    let held = use_mut_ref(Held::default);
    let hover_title = use_state(String::new);
    // After Esc (or Ctrl+M), Tab moves the focus instead of indenting,
    // until the editor is focused again.
    let tab_moves = use_state(|| false);

    use_effect_with(p.source_rev, source_effect(p, &refs, &held));
    use_effect_with(p.caret, caret_effect(p, &refs, &held));

    let n_lines = p.source.matches('\n').count() + 1;
    // The lines drawn: those in view and a screenful around them.
    let view = window::use_view();
    let (first, end) = window::window(view.top, view.shown, n_lines);
    let on_box_scroll = box_scroll(&view, &refs, &held);
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
        let held = held.clone();
        move |ta: HtmlTextAreaElement| {
            let v = ta.value();
            let at = ta.selection_start().ok().flatten().unwrap_or(0);
            let head = {
                let mut h = held.borrow_mut();
                h.parked = None;
                h.head.len()
            };
            on_cursor.emit(head + byte_of_utf16(&v, at));
            if let (Some(pre), Some(bx)) = (
                pre_ref.cast::<web_sys::Element>(),
                box_ref.cast::<web_sys::Element>(),
            ) {
                fit_caret_at_next_frame(bx, pre, ta);
            }
        }
    };
    let onscroll = Callback::from(no_own_scroll);
    let oninput = {
        let (on_edit, cursor_cb) = (p.on_edit.clone(), cursor_cb.clone());
        let (held, refs) = (held.clone(), refs.clone());
        Callback::from(move |e: InputEvent| {
            let ta: HtmlTextAreaElement = e.target_unchecked_into();
            let text = held.borrow().join(&ta.value());
            let moved = editor_window::typed(&ta, &mut held.borrow_mut(), &text);
            on_edit.emit(text);
            if let Some(line) = moved {
                show_line(&refs, &ta, line + 1);
            }
            cursor_cb(ta);
        })
    };
    let onkeydown = keydown(p, &tab_moves, &refs, &held);
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
        let held = held.clone();
        Callback::from(move |e: MouseEvent| {
            let lh = pre_ref
                .cast::<web_sys::Element>()
                .map(|pre| line_height(&pre))
                .filter(|h| *h > 0.0)
                .unwrap_or(22.0);
            let first = held.borrow().first;
            let line = first + ((e.offset_y() as f64 - 8.0) / lh).floor().max(0.0) as usize + 1;
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
            <div class="editor" id="editor" ref={box_ref} onscroll={on_box_scroll}>
                <div class="gutter" aria-hidden="true">
                    { bar(p.exec_line, "exec") }
                    <Gutter lines={n_lines} diags={p.diags.clone()} breakpoints={p.breakpoints.clone()}
                        on_breakpoint={p.on_breakpoint.clone()} {first} {end} />
                </div>
                <div class="code">
                    { bar(Some(p.cursor_line), "cursor") }
                    { bar(p.exec_line, "exec") }
                    <pre class="hl" ref={pre_ref} aria-hidden="true">
                        <Highlighted isa={p.isa} source={p.source.clone()} diags={p.diags.clone()} {first} {end} />
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
            on_undo_replace={cbs.undo_replace.clone()} on_typed_undo={cbs.typed_undo.clone()} />
    }
}

/// The 1-based line of the caret.
fn caret_line(ta: &HtmlTextAreaElement, held: &Held) -> usize {
    let v = ta.value();
    let at = byte_of_utf16(&v, ta.selection_start().ok().flatten().unwrap_or(0));
    held.first + v[..at].matches('\n').count() + 1
}

/// Scrolls `bx` vertically (only) so that what lies between `top` and
/// `bottom` (in the window's coordinates, as a bounding rectangle has
/// them) is visible; the horizontal position stays where the user left
/// it.
pub fn scroll_vertically(bx: &web_sys::Element, top: f64, bottom: f64) {
    let b = bx.get_bounding_client_rect();
    let h = bottom - top;
    let at = bx.scroll_top() as f64;
    if top < b.top() {
        bx.set_scroll_top((at - (b.top() - top) - h) as i32);
    } else if bottom > b.bottom() - 16.0 {
        bx.set_scroll_top((at + (bottom - b.bottom()) + 2.0 * h) as i32);
    }
}

/// The first line the text layer `pre` draws (see [`super::window`]).
fn first_drawn(pre: &web_sys::Element) -> Option<web_sys::Element> {
    pre.query_selector(".hl-line").ok().flatten()
}

/// Where 1-based line `line` of the text layer `pre` starts (window
/// coordinates) and the line height, whether or not the line is drawn:
/// lines are all one height, counted from a line that is.
fn line_top(pre: &web_sys::Element, line: usize) -> Option<(f64, f64)> {
    let el = first_drawn(pre)?;
    // (as an integer: std's float parser would weigh 14 KB in the wasm)
    let n = el.get_attribute("data-line")?.parse::<usize>().ok()? as f64;
    let r = el.get_bounding_client_rect();
    Some((r.top() + (line as f64 - n) * r.height(), r.height()))
}

/// The text layer's line height, measured on a line it draws.
fn line_height(pre: &web_sys::Element) -> f64 {
    first_drawn(pre).map_or(0.0, |l| l.get_bounding_client_rect().height())
}

/// Width of one character of the editor's monospace font, measured again
/// when the line height changes (presentation mode's larger type).
fn char_width(pre: &web_sys::Element) -> f64 {
    thread_local!(static W: std::cell::Cell<(f64, f64)> = const { std::cell::Cell::new((0.0, 0.0)) });
    let lh = line_height(pre);
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
        let r = el.get_bounding_client_rect();
        scroll_vertically(&bx, r.top(), r.bottom());
    }
}
