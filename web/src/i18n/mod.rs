//! The interface's two languages: English, in which the views are
//! written, and Chinese, from a catalogue.
//!
//! A view writes its English text through [`tr`] (or [`trf`] when values
//! go into it); in Chinese the catalogue's entry for that English text is
//! shown instead. The catalogue is data, one file per area of the page
//! under `i18n/zh/`, and a test reads every `tr("…")` and `trf("…"` in
//! the web crate's sources and lists the texts that have no entry.
//!
//! The language in use is set once per render by the root component
//! ([`set`]); components that keep their own props also subscribe to it
//! with [`use_lang`], so that a switch draws them again.
//!
//! The engine's messages (core's [`Text`]: a template and its values)
//! are shown through [`tr_text`]: the catalogue is keyed by the template,
//! the values (names, numbers, pieces of the program) stay as they are.
//!
//! What stays English in both: instruction names, registers, numbers and
//! other assembly text, and the English description sections of the ISA
//! (the reference pane shows the documents' original Chinese beside
//! them). A puzzle's statement and hints have their Chinese in the puzzle
//! itself (`[statement.zh]`, `[hint.zh]`).

pub mod zh;

use std::cell::Cell;
use std::fmt::Display;
pub use warpscope_core::msg::fill;
use warpscope_core::msg::Text;
use yew::prelude::*;

/// An interface language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    /// English.
    En,
    /// Simplified Chinese.
    Zh,
}

impl Lang {
    /// Both, in the switch's order.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Zh];

    /// The code used in links and storage (`en`, `zh`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    /// The language of a code, or of a browser language tag such as
    /// `zh-CN` or `en-US`.
    pub fn from_code(code: &str) -> Option<Lang> {
        let main = code.split(['-', '_']).next().unwrap_or("");
        match main.to_ascii_lowercase().as_str() {
            "en" => Some(Lang::En),
            "zh" => Some(Lang::Zh),
            _ => None,
        }
    }

    /// The `lang` attribute of the page.
    pub fn html_lang(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh-CN",
        }
    }

    /// The language's own name, as the switch offers it.
    pub fn own_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Zh => "中文",
        }
    }
}

thread_local! {
    static CURRENT: Cell<Lang> = const { Cell::new(Lang::En) };
}

/// Makes `lang` the language [`tr`] answers in.
pub fn set(lang: Lang) {
    CURRENT.with(|c| c.set(lang));
}

/// The language [`tr`] answers in.
pub fn current() -> Lang {
    CURRENT.with(Cell::get)
}

/// Whether the page can be shown in `lang` now: Chinese needs its
/// catalogue, which the page fetches the first time ([`load`]).
pub fn ready(lang: Lang) -> bool {
    lang == Lang::En || zh::loaded()
}

/// Fetches what `lang` needs (the Chinese catalogue, once); the error
/// says why it could not be had.
pub async fn load(lang: Lang) -> Result<(), String> {
    if ready(lang) {
        return Ok(());
    }
    let url = crate::fetch::url(zh::format::FILE_NAME);
    let bytes = crate::fetch::bytes(&url)
        .await
        .map_err(|e| format!("{url}: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{url} is not text"))?;
    if zh::install(text) {
        Ok(())
    } else {
        Err(format!("{url} is damaged"))
    }
}

/// `en` in the current language: the catalogue's entry in Chinese, `en`
/// itself in English or where the catalogue has none (also while it is
/// being fetched).
pub fn tr(en: &'static str) -> &'static str {
    match current() {
        Lang::En => en,
        Lang::Zh => zh::lookup(en).unwrap_or(en),
    }
}

/// The catalogue's Chinese for a key that is not an English text (a
/// bundled example's `example:ISA/ID:title`), if it has one.
pub fn lookup_key(key: &str) -> Option<&'static str> {
    zh::lookup(key)
}

/// [`tr`] with values: `{0}`, `{1}`, … in the text are replaced by
/// `args[0]`, `args[1]`, … (a translation may put them in another order).
pub fn trf(en: &'static str, args: &[&dyn Display]) -> String {
    fill(tr(en), args)
}

/// An engine message ([`Text`]) in the current language: the
/// catalogue's Chinese for its template, filled with its values.
pub fn tr_text(text: &Text) -> String {
    match current() {
        Lang::En => text.english(),
        Lang::Zh => text.shown(&zh::lookup),
    }
}

/// What the root gives its components: the page's language, and whether
/// its texts are here (a change of either draws them again).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shown {
    /// The page's language.
    pub lang: Lang,
    /// Whether [`ready`] holds for it.
    pub ready: bool,
}

/// The language of the page, for components with props of their own:
/// calling it draws the component again when the language changes or its
/// texts arrive.
#[hook]
pub fn use_lang() -> Lang {
    use_context::<Shown>().map_or_else(current, |s| s.lang)
}

/// The language the viewer's browser asks for (`navigator.language`),
/// English when it is neither.
pub fn browser_lang() -> Lang {
    web_sys::window()
        .and_then(|w| w.navigator().language())
        .and_then(|l| Lang::from_code(&l))
        .unwrap_or(Lang::En)
}

#[cfg(test)]
mod tests;
