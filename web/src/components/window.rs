//! Drawing only what is in view: the editor's lines and the listing's
//! rows are drawn for the part of their scrolling box on screen and a
//! screenful on each side; spacers of the right height stand for the
//! rest, so that the scroll bar, scrolling and positions stay those of
//! the whole text. A program of ten thousand lines then costs a step or
//! a keystroke what a program of a hundred does.
//!
//! The window moves in blocks of [`BLOCK`] rows, so that scrolling
//! redraws the page only every few dozen rows.

use yew::prelude::*;

/// Rows a window's ends are rounded to.
pub const BLOCK: usize = 64;

/// The rows drawn, `first..end` (0-based), when rows `top..top + shown`
/// are in view out of `total`: a screenful more on each side, rounded
/// out to blocks.
pub fn window(top: usize, shown: usize, total: usize) -> (usize, usize) {
    let shown = shown.max(1);
    let first = top.saturating_sub(shown) / BLOCK * BLOCK;
    let end = (top + 2 * shown).div_ceil(BLOCK) * BLOCK;
    (first.min(total), end.min(total))
}

/// Where a scrolling box is, in rows: the first row in view and how
/// many fit, for rows `row_px` high below `head_px` of other content.
pub fn in_view(bx: &web_sys::Element, row_px: f64, head_px: f64) -> (usize, usize) {
    let row_px = if row_px > 0.0 { row_px } else { 22.0 };
    let top = (f64::from(bx.scroll_top()) - head_px).max(0.0);
    let shown = (f64::from(bx.client_height()) / row_px).ceil().max(1.0);
    ((top / row_px) as usize, shown as usize)
}

/// What a box's window is drawn from: the first row in view and how
/// many fit; a guess (the top, a tall screen) until the box is measured.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct View {
    /// First row in view.
    pub top: usize,
    /// Rows that fit in the box.
    pub shown: usize,
}

impl Default for View {
    fn default() -> View {
        View { top: 0, shown: 60 }
    }
}

/// A box's view, kept so that the window it gives changes only when the
/// box scrolls past a block or changes height (see [`update`]).
#[hook]
pub fn use_view() -> UseStateHandle<View> {
    use_state(View::default)
}

/// Sets `state` to `v` when the window it gives differs (whatever the
/// total): scrolling inside a block draws nothing.
pub fn update(state: &UseStateHandle<View>, v: View) -> bool {
    let old = **state;
    if window(old.top, old.shown, usize::MAX) != window(v.top, v.shown, usize::MAX) {
        state.set(v);
        return true;
    }
    false
}

/// A spacer of `rows` rows' height (`unit` is a CSS length, such as
/// `var(--lh)`), keyed as the rows beside it are; none for no rows, so
/// that a short text is drawn as it always was.
pub fn spacer(key: &'static str, rows: usize, unit: &str) -> Option<Html> {
    let style = format!("height: calc({rows} * {unit})");
    (rows > 0).then(|| html! { <div key={key} class="v-gap" aria-hidden="true" {style}></div> })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_covers_the_view_and_a_screen_around_it() {
        for total in [0, 1, 50, 64, 1000, 10_000] {
            for top in [0, 1, 63, 64, 65, 500, 9_990] {
                for shown in [1, 20, 60, 200] {
                    let (first, end) = window(top, shown, total);
                    assert!(first <= end && end <= total);
                    assert!(first == total || first % BLOCK == 0);
                    assert!(end == total || end % BLOCK == 0);
                    // the rows in view, and a screenful on each side
                    assert!(first <= top.saturating_sub(shown).min(total));
                    assert!(end >= (top + 2 * shown).min(total));
                }
            }
        }
        // a short text is drawn whole from the start
        assert_eq!(window(0, 60, 100), (0, 100));
        // a long one only around the view
        assert_eq!(window(5000, 40, 10_000), (4928, 5120));
    }
}
