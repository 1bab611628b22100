//! The export buttons of a view: SVG, PNG (twice the size) and, where the
//! browser's clipboard takes images, "Copy image". The drawing is made
//! when a button is pressed, from the view as it is then.

use crate::export::{self, Drawing};
use crate::i18n::{tr, trf};
use yew::prelude::*;

/// Export menu props.
#[derive(Properties, PartialEq)]
pub struct ExportMenuProps {
    /// Prefix of the buttons' ids (`diagram` gives `diagram-export-svg`).
    pub id: AttrValue,
    /// What the files show, for the buttons' accessible names.
    pub what: AttrValue,
    /// Makes the drawing, or says why there is none.
    pub make: Callback<(), Result<Drawing, String>>,
}

/// What an image made later reports to.
type Done = Box<dyn FnOnce(Result<(), String>)>;

/// SVG, PNG and copy buttons for one view.
#[function_component(ExportMenu)]
pub fn export_menu(p: &ExportMenuProps) -> Html {
    let _lang = crate::i18n::use_lang();
    let status = use_state(String::new);
    let report = {
        let status = status.clone();
        move |r: Result<(), String>, ok: &str| {
            status.set(match r {
                Ok(()) => ok.to_string(),
                Err(e) => e,
            })
        }
    };
    let on_svg = {
        let (make, report) = (p.make.clone(), report.clone());
        Callback::from(move |_: MouseEvent| {
            let r = make.emit(()).and_then(|d| {
                export::save_svg(&d).map_err(|_| tr("the file could not be saved").to_string())
            });
            report(r, "");
        })
    };
    // PNG and copy make the image asynchronously, then report
    let later = |run: fn(Drawing, Done), ok: &'static str| {
        let (make, report) = (p.make.clone(), report.clone());
        Callback::from(move |_: MouseEvent| match make.emit(()) {
            Ok(d) => {
                let report = report.clone();
                run(d, Box::new(move |r| report(r, ok)));
            }
            Err(e) => report(Err(e), ""),
        })
    };
    let on_png = later(export::save_png, "");
    let on_copy = later(export::copy_png, tr("image copied"));
    let id = |s: &str| format!("{}-export-{s}", p.id);
    html! {
        <span class="export-menu" data-needs-rest="" role="group" aria-label={trf("export the {0}", &[&p.what])}>
            <button class="btn small" id={id("svg")} onclick={on_svg}
                title={trf("download the {0} as SVG", &[&p.what])}>{ "SVG" }</button>
            <button class="btn small" id={id("png")} onclick={on_png}
                title={trf("download the {0} as PNG (2×)", &[&p.what])}>{ "PNG" }</button>
            if export::can_copy_image() {
                <button class="btn small" id={id("copy")} onclick={on_copy}
                    title={trf("copy the {0} as an image", &[&p.what])}>{ tr("Copy image") }</button>
            }
            <span class="export-status" aria-live="polite">{ (*status).clone() }</span>
        </span>
    }
}
