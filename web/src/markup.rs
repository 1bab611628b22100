//! Markup written as text: views that draw many similar elements and
//! are redrawn whole (the lane diagram, the encoding's rows of bits)
//! write them as HTML or SVG text, handed to the page whole: one parse
//! instead of a virtual tree of hundreds of nodes built and diffed, and a
//! fraction of the code that an `html!` tree compiles to. Such views
//! listen on their container and read what was hit from the element's
//! `data-*` attributes. (A view of which a step changes a few cells, as
//! the warp state grid, is better diffed: replacing its whole table made
//! each step's repaint about 4 ms slower.)

use std::fmt::Write;
use yew::{AttrValue, Html, MouseEvent, TargetCast};

/// What an event on written markup hit: attribute `attr` of the element
/// matching `selector` nearest the event's target (the target or one of
/// its ancestors), read as a `T`.
pub fn hit<T: std::str::FromStr>(e: &MouseEvent, selector: &str, attr: &str) -> Option<T> {
    let target: web_sys::Element = e.target_dyn_into()?;
    let el = target.closest(selector).ok()??;
    el.get_attribute(attr)?.parse().ok()
}

/// HTML or SVG markup being written. An element is started with [`Markup::el`],
/// given its attributes, then either ended empty ([`Markup::end`]) or opened
/// ([`Markup::open`]), filled and closed ([`Markup::close`]). Text and
/// attribute values are escaped.
#[derive(Default)]
pub struct Markup(String);

impl Markup {
    /// Starts element `tag` (attributes follow).
    pub fn el(&mut self, tag: &str) -> &mut Markup {
        self.0.push('<');
        self.0.push_str(tag);
        self
    }

    /// Attribute `name="value"`.
    pub fn attr(&mut self, name: &str, value: &str) -> &mut Markup {
        self.0.push(' ');
        self.0.push_str(name);
        self.0.push_str("=\"");
        self.escaped(value);
        self.0.push('"');
        self
    }

    /// Attribute `name` with a number as its value.
    pub fn num(&mut self, name: &str, value: impl Num) -> &mut Markup {
        self.number(name, value.wide())
    }

    fn number(&mut self, name: &str, value: i64) -> &mut Markup {
        let _ = write!(self.0, " {name}=\"{value}\"");
        self
    }

    /// The `class` attribute: the non-empty names of `names`.
    pub fn class(&mut self, names: &[&str]) -> &mut Markup {
        self.0.push_str(" class=\"");
        let mut first = true;
        for n in names.iter().filter(|n| !n.is_empty()) {
            if !first {
                self.0.push(' ');
            }
            first = false;
            self.escaped(n);
        }
        self.0.push('"');
        self
    }

    /// Ends the start tag: content follows.
    pub fn open(&mut self) -> &mut Markup {
        self.0.push('>');
        self
    }

    /// Ends an element without content.
    pub fn end(&mut self) {
        self.0.push_str("/>");
    }

    /// Closes element `tag`.
    pub fn close(&mut self, tag: &str) {
        self.0.push_str("</");
        self.0.push_str(tag);
        self.0.push('>');
    }

    /// Text content.
    pub fn text(&mut self, text: &str) -> &mut Markup {
        self.escaped(text);
        self
    }

    /// A `<title>` (the hover text of the element it is in).
    pub fn title(&mut self, text: &str) {
        self.el("title").open().text(text).close("title");
    }

    /// A `<text>` element whose attributes `attrs` writes, holding `text`.
    pub fn text_el(&mut self, attrs: impl FnOnce(&mut Markup), text: &str) {
        self.el("text");
        attrs(self);
        self.open().text(text).close("text");
    }

    /// Markup written as it is (not escaped).
    pub fn raw(&mut self, markup: &str) {
        self.0.push_str(markup);
    }

    /// What has been written.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What has been written, as nodes of the page.
    pub fn into_html(self) -> Html {
        Html::from_html_unchecked(AttrValue::from(self.0))
    }

    fn escaped(&mut self, s: &str) {
        for c in s.chars() {
            match c {
                '&' => self.0.push_str("&amp;"),
                '<' => self.0.push_str("&lt;"),
                '>' => self.0.push_str("&gt;"),
                '"' => self.0.push_str("&quot;"),
                c => self.0.push(c),
            }
        }
    }
}

/// The integers an attribute may hold (not `bool`: a flag is written as
/// `true`/`false` or `1`/`0` as its attribute documents).
pub trait Num {
    /// The value as an `i64`.
    fn wide(self) -> i64;
}

macro_rules! num {
    ($($t:ty),*) => {$(
        impl Num for $t {
            fn wide(self) -> i64 {
                self as i64
            }
        }
    )*};
}
num!(u8, u32, i32, usize);

impl Num for u64 {
    /// Counts (steps, revisions) never come near 2^63.
    fn wide(self) -> i64 {
        i64::try_from(self).unwrap_or(i64::MAX)
    }
}
