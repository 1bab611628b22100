//! The root reducer, driven as the page drives it.

use super::*;
use std::rc::Rc;
use warpscope_core::isas::Id;
use warpscope_core::link::{decode_link, encode_link};
use warpscope_core::sim::Loc;

use share::BannerKind;

/// A state and its runtime, as the root component holds them.
struct Page {
    s: State,
    rt: Runtime,
}

impl Page {
    fn new() -> Page {
        let mut rt = Runtime::default();
        Page {
            s: State::new(&mut rt),
            rt,
        }
    }
    fn act(&mut self, a: Action) -> bool {
        self.s.act(&mut self.rt, a)
    }
    fn edit(&mut self, text: &str) {
        self.act(Action::Doc(DocAction::Edit(text.to_string())));
    }
    fn run(&mut self, a: RunAction) {
        self.act(Action::Run(a));
    }
    fn source(&self) -> &str {
        &self.s.doc.source
    }
    fn rows(&self) -> &[Row] {
        self.s.build.rows()
    }
}

#[test]
fn broken_source_keeps_last_good_listing() {
    let mut p = Page::new();
    let rows = p.rows().len();
    assert!(rows > 0);
    let text = format!("{}\n    BOGUS R1\n", p.source());
    p.edit(&text);
    let rev = p.s.doc.edit_rev;
    p.act(Action::Build(BuildAction::Assemble(rev)));
    assert!(p.s.build.stale);
    assert_eq!(p.source(), text);
    assert_eq!(p.rows().len(), rows);
    let d = &p.s.build.diags[0];
    assert!(d.error);
    assert_eq!(d.line, text.lines().count());
    assert_eq!(d.col, 5);
}

#[test]
fn a_replacement_keeps_own_work_and_ctrl_z_brings_it_back() {
    let mut p = Page::new();
    let mine = "// mine\n    EXIT\n";
    p.edit(mine);
    let ex = |i: usize| &examples::for_isa(Id::W128)[i];
    p.act(Action::LoadExample(ex(1).id.to_string()));
    assert_ne!(p.source(), mine);
    let own: Vec<_> = p.s.doc.own_work_since(0).collect();
    assert_eq!(own.len(), 1);
    assert_eq!((*own[0].before).as_str(), mine);
    assert_eq!(own[0].isa, Id::W128);
    // An untouched example replaced by another is not own work.
    let seq = p.s.doc.seq;
    p.act(Action::LoadExample(ex(2).id.to_string()));
    assert_eq!(p.s.doc.own_work_since(seq).count(), 0);
    // Ctrl+Z steps back over both replacements, in order.
    p.act(Action::Doc(DocAction::UndoReplace));
    assert_eq!(p.source(), ex(1).source);
    p.act(Action::Doc(DocAction::UndoReplace));
    assert_eq!(p.source(), mine);
    assert!(!p.s.build.stale);
    // Typing after a replacement leaves Ctrl+Z to the editor.
    p.act(Action::LoadExample(ex(1).id.into()));
    let more = format!("{}// more\n", p.source());
    p.edit(&more);
    assert!(!p.act(Action::Doc(DocAction::UndoReplace)));
    assert_eq!(p.source(), more);
}

#[test]
fn an_isa_switch_records_work_under_its_own_isa() {
    let mut p = Page::new();
    let ex = p.source().to_string();
    p.act(Action::SetIsa("sm50".into()));
    // The untouched example is swapped for sm50's, and is not own work.
    assert_eq!(p.s.doc.own_work_since(0).count(), 0);
    p.act(Action::Doc(DocAction::UndoReplace));
    assert_eq!((p.s.doc.isa, p.source()), (Id::W128, ex.as_str()));
}

#[test]
fn step_back_and_reset() {
    let mut p = Page::new();
    p.run(RunAction::Step);
    assert_eq!(p.s.run.steps(), 1);
    assert!(p.s.run.last_event().is_some());
    let after_one = p.s.clone();
    p.run(RunAction::Step);
    // An older copy of the state still shows its own step.
    assert_eq!(after_one.run.steps(), 1);
    assert_eq!(p.s.run.steps(), 2);
    p.run(RunAction::Back);
    assert_eq!(p.s.run.steps(), 1);
    assert_eq!(p.s.run.view.as_ref().unwrap().events, 1);
    p.run(RunAction::Run);
    assert_eq!(p.s.run.status_text(), "exited");
    p.run(RunAction::Reset);
    assert_eq!(p.s.run.steps(), 0);
}

#[test]
fn breakpoints_stop_a_run() {
    let mut p = Page::new();
    let line = p.rows()[3].line;
    p.run(RunAction::ToggleBreakpoint(line));
    p.run(RunAction::Run);
    assert_eq!(p.s.run.next_index(), Some(3));
    assert_eq!(p.s.run.steps(), 3);
    assert_eq!(p.s.view.selected, Some(3));
    // A run keeps no events, but the last step's is drawn as after Step.
    let mut stepped = Page::new();
    for _ in 0..3 {
        stepped.run(RunAction::Step);
    }
    assert!(p.s.run.last_event().is_some());
    assert_eq!(p.s.run.last_event(), stepped.s.run.last_event());
    p.run(RunAction::Back);
    stepped.run(RunAction::Back);
    assert_eq!(p.s.run.last_event(), stepped.s.run.last_event());
}

#[test]
fn lane_toggle_edits_active_line() {
    let mut p = Page::new();
    p.act(Action::ToggleLane(3));
    assert!(p.source().starts_with(".active 0xfffffff7\n"));
    p.act(Action::ToggleLane(3));
    assert!(p.source().starts_with(".active 0xffffffff\n"));
    let a = p.s.build.asm.as_ref().unwrap();
    assert_eq!(a.program.setup.active, u32::MAX);
}

#[test]
fn apply_writes_edited_instruction_back() {
    let mut p = Page::new();
    let row = p.rows()[0].clone();
    // Bit 16 is the low bit of Rd in SHFL (R1 -> R0).
    p.act(Action::View(ViewAction::EditWord(0, row.word ^ (1 << 16))));
    p.act(Action::ApplyWord);
    assert_eq!(p.rows()[0].word, row.word ^ (1 << 16));
    assert!(p.source().contains("SHFL.BFLY P0, R0, R0, 0x10, 0x1f"));
}

#[test]
fn other_isas_do_not_panic() {
    for &name in warpscope_core::isas::NAMES {
        for text in ["EXIT", "s_endpgm", "S2R R1, SR_LANEID ;\nEXIT ;", "é\nEXIT"] {
            let mut p = Page::new();
            p.act(Action::SetIsa(name.to_string()));
            assert_eq!(p.s.doc.isa.name(), name);
            p.edit(text);
            p.act(Action::Build(BuildAction::AssembleNow));
            p.run(RunAction::Step);
            p.run(RunAction::Run);
            p.run(RunAction::Back);
            p.act(Action::View(ViewAction::Cursor(1)));
            p.act(Action::ToggleLane(1));
        }
    }
}

#[test]
fn switching_isa_loads_its_example_and_lists_control_words() {
    let mut p = Page::new();
    p.act(Action::SetIsa("sm50".into()));
    let a = p.s.build.asm.clone().unwrap();
    assert_eq!(a.isa, Id::Sm50);
    assert!(p.source().contains("S2R"));
    assert!(
        a.rows.iter().all(|r| r.hex.len() == 16),
        "{:?}",
        a.rows[0].hex
    );
    // Six instructions: two control words, before 0 and before 3.
    assert_eq!(a.rows.len(), 6);
    let firsts: Vec<_> = a.controls.iter().map(|c| (c.first, c.addr)).collect();
    assert_eq!(firsts, [(0, 0), (3, 0x20)]);
    assert_eq!(a.rows[3].addr, 0x28);
    p.act(Action::SetIsa("gfx9".into()));
    let a = p.s.build.asm.clone().unwrap();
    assert!(a.controls.is_empty());
    assert!(
        a.rows.iter().any(|r| r.hex.len() == 17),
        "a dword and a literal"
    );
    // An edited text is kept when the ISA changes.
    p.edit("s_endpgm\n");
    p.act(Action::SetIsa("sm50".into()));
    assert_eq!(p.source(), "s_endpgm\n");
    assert!(p.s.build.stale || p.s.build.asm.is_none());
}

#[test]
fn an_edited_comment_keeps_the_simulator_position() {
    let mut p = Page::new();
    p.run(RunAction::Step);
    p.run(RunAction::Step);
    let text = format!("// note\n{}", p.source());
    p.edit(&text);
    p.act(Action::Build(BuildAction::AssembleNow));
    assert_eq!(p.s.run.steps(), 2);
}

#[test]
fn hex_groups() {
    assert_eq!(group_hex("0123456789abcdef"), "01234567 89abcdef");
    assert_eq!(line_start("a\nbc\nd", 3), 5);
    assert_eq!(line_start("a\nbc\nd", 1), 0);
}

fn open(p: &mut Page, result: Result<LinkState, warpscope_core::link::LinkError>) {
    let a = ShareAction::Opened {
        result,
        previous: None,
    };
    p.act(Action::Share(a));
}

#[test]
fn link_state_round_trips_through_apply() {
    let mut p = Page::new();
    for _ in 0..3 {
        p.run(RunAction::Step);
    }
    p.act(Action::View(ViewAction::SetFmt(Fmt::Hex)));
    p.run(RunAction::ToggleBreakpoint(14));
    let ls = p.s.link_state();
    assert_eq!(ls.step, Some(3));
    assert_eq!(ls.view_value("fmt"), Some("hex"));
    assert_eq!(ls.view_value("bp"), Some("14"));
    assert_eq!(ls.view_value("theme"), None);
    let frag = encode_link(&ls);

    let mut fresh = Page::new();
    open(&mut fresh, decode_link(&frag));
    let f = &fresh.s;
    assert!(f.share.banner.is_none());
    assert_eq!(f.run.steps(), 3);
    assert_eq!(f.view.selected, p.s.view.selected);
    assert_eq!(f.view.fmt, Fmt::Hex);
    assert_eq!(f.run.breakpoints.iter().copied().collect::<Vec<_>>(), [14]);
    assert_eq!(f.link_state(), ls);
    // The opened link draws each step's event, on the way back too, as the
    // page that took the steps one by one does.
    for _ in 0..3 {
        assert!(fresh.s.run.last_event().is_some());
        assert_eq!(fresh.s.run.last_event(), p.s.run.last_event());
        fresh.run(RunAction::Back);
        p.run(RunAction::Back);
    }
    assert_eq!(fresh.s.run.last_event(), None);
}

#[test]
fn hostile_and_unknown_values_are_clamped_or_kept() {
    let mut ls = LinkState::new("w64", "<script>alert(1)</script>\n    EXIT\n");
    ls.selected = Some(u32::MAX);
    ls.step = Some(u64::MAX);
    ls.view = vec![
        ("fmt".into(), "bogus".into()),
        ("bp".into(), "0,x,3,99999999999999999999999".into()),
        ("zz".into(), "keep me".into()),
        ("embed".into(), "1".into()),
    ];
    let mut p = Page::new();
    let notes = p.s.apply_link(&mut p.rt, &ls);
    assert_eq!(p.source(), ls.source);
    assert_eq!(p.s.doc.isa, Id::W128);
    assert!(notes.iter().any(|n| n.contains("`w64`")), "{notes:?}");
    assert!(notes.iter().any(|n| n.contains("step")), "{notes:?}");
    assert!(p.s.share.embed);
    assert_eq!(p.s.view.fmt, Fmt::Unsigned);
    let bps: Vec<_> = p.s.run.breakpoints.iter().copied().collect();
    assert_eq!(bps, [3]);
    let again = p.s.link_state();
    assert_eq!(again.view_value("zz"), Some("keep me"));
    assert_eq!(again.view_value("embed"), None);
    assert_eq!(p.s.embed_state().view_value("embed"), Some("1"));
}

#[test]
fn a_long_run_is_clamped_to_its_end() {
    let mut ls = LinkState::new("w128", "S2R R1, SR_LANEID\nEXIT\n");
    ls.step = Some(1000);
    ls.selected = Some(7);
    let mut p = Page::new();
    let notes = p.s.apply_link(&mut p.rt, &ls);
    assert_eq!(p.s.run.steps(), 2);
    assert_eq!(p.s.view.selected, Some(1));
    assert!(notes[0].contains("after 2 steps"), "{notes:?}");
    assert_eq!(p.s.run.status_text(), "exited");
    let v = p.s.run.view.as_ref().unwrap();
    assert!(v.touched.contains(&Loc::R(1)));
}

#[test]
fn a_bad_link_keeps_the_work_and_says_why() {
    let mut p = Page::new();
    let before = p.s.doc.source.clone();
    open(&mut p, decode_link("v1.AAA*AA"));
    assert_eq!(p.s.doc.source, before);
    let b = p.s.share.banner.as_ref().unwrap();
    assert_eq!(b.kind, BannerKind::Error);
    assert!(b.lines[0].contains("at character 6"), "{:?}", b.lines);
}

#[test]
fn links_of_every_isa_restore_their_isa() {
    for isa in Id::ALL {
        let Some(ex) = examples::for_isa(isa).first() else {
            continue;
        };
        let mut ls = LinkState::new(isa.name(), ex.source);
        ls.step = Some(1);
        let mut p = Page::new();
        let notes = p.s.apply_link(&mut p.rt, &ls);
        assert!(notes.is_empty(), "{isa}: {notes:?}");
        assert_eq!(p.s.doc.isa, isa);
        assert!(!p.s.build.stale, "{isa}");
        assert_eq!(p.s.run.steps(), 1, "{isa}");
        assert_eq!(p.s.link_state(), ls, "{isa}");
    }
}

#[test]
fn previous_work_comes_back() {
    let mut p = Page::new();
    let mine = p.s.link_state();
    let a = ShareAction::Opened {
        result: Ok(LinkState::new("w128", "EXIT\n")),
        previous: Some(Rc::new(mine.clone())),
    };
    p.act(Action::Share(a));
    assert_eq!(p.source(), "EXIT\n");
    let b = p.s.share.banner.as_ref().unwrap();
    let prev = b.previous.clone().unwrap();
    p.act(Action::Share(ShareAction::Restore(prev)));
    assert_eq!(p.source(), mine.source);
    assert!(p.s.share.banner.is_none());
}

#[test]
fn embed_options_are_read_and_never_written_back() {
    let view = |kv: &[(&str, &str)]| -> Vec<(String, String)> {
        kv.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    };
    let v = share::read_view(&view(&[("embed", "1"), ("font", "18"), ("grid", "1")]));
    assert!(v.embed);
    assert_eq!(
        v.embed_opts,
        share::EmbedOptions {
            font: Some(18),
            grid: true
        }
    );
    assert!(v.extra.is_empty());
    // sizes outside 10..=32 and other values are ignored
    for bad in ["9", "33", "x", "-1", ""] {
        assert_eq!(
            share::read_view(&view(&[("font", bad)])).embed_opts.font,
            None
        );
    }
    let mut p = Page::new();
    let mut ls = p.s.link_state();
    ls.view = view(&[("embed", "1"), ("font", "20"), ("grid", "1")]);
    let _ = p.s.apply_link(&mut p.rt, &ls);
    assert_eq!(p.s.share.embed_opts.font, Some(20));
    assert!(p
        .s
        .link_state()
        .view
        .iter()
        .all(|(k, _)| k != "font" && k != "grid"));
}

#[test]
fn a_link_names_the_theme_only_when_it_differs_from_the_authors_own() {
    let mut p = Page::new();
    let theme_of = |s: &State| {
        s.link_state()
            .view
            .into_iter()
            .find(|(k, _)| k == "theme")
            .map(|(_, v)| v)
    };
    for own in [Theme::Light, Theme::Dark] {
        p.s.view.own_theme = own;
        p.s.view.theme = own;
        assert_eq!(theme_of(&p.s), None);
    }
    p.s.view.own_theme = Theme::Dark;
    p.s.view.theme = Theme::Light;
    assert_eq!(theme_of(&p.s).as_deref(), Some("light"));
    p.s.view.own_theme = Theme::Light;
    p.s.view.theme = Theme::Dark;
    assert_eq!(theme_of(&p.s).as_deref(), Some("dark"));
}

#[test]
fn a_link_names_the_language_only_when_it_differs_from_the_authors_browser() {
    use crate::i18n::Lang;
    let mut p = Page::new();
    let lang_of = |s: &State| s.link_state().view_value("lang").map(str::to_string);
    for own in Lang::ALL {
        p.s.view.own_lang = own;
        p.s.view.lang = own;
        assert_eq!(lang_of(&p.s), None);
    }
    p.s.view.own_lang = Lang::En;
    p.s.view.lang = Lang::Zh;
    let ls = p.s.link_state();
    assert_eq!(ls.view_value("lang"), Some("zh"));
    // Opening that link somewhere else switches the language there.
    let mut q = Page::new();
    q.s.view.own_lang = Lang::En;
    let _ = q.s.apply_link(&mut q.rt, &ls);
    assert_eq!(q.s.view.lang, Lang::Zh);
    // A value that is no language is ignored, and kept nowhere.
    let mut odd = ls.clone();
    odd.view = vec![("lang".into(), "klingon".into())];
    let mut r = Page::new();
    let _ = r.s.apply_link(&mut r.rt, &odd);
    assert_eq!(r.s.view.lang, Lang::En);
    crate::i18n::set(Lang::En);
}

#[test]
fn presentation_mode_travels_in_links_and_toggles_off() {
    let mut ls = LinkState::new("w128", "S2R R1, SR_LANEID\nEXIT\n");
    ls.view = vec![("present".into(), "1".into())];
    let mut p = Page::new();
    let _ = p.s.apply_link(&mut p.rt, &ls);
    assert!(p.s.view.present);
    assert!(!p.s.share.embed);
    assert_eq!(p.s.link_state().view_value("present"), Some("1"));
    assert!(p.act(Action::View(ViewAction::TogglePresent)));
    assert!(!p.s.view.present);
    assert_eq!(p.s.link_state().view_value("present"), None);
    // Leaving a mode that is already off changes nothing.
    assert!(!p.act(Action::View(ViewAction::SetPresent(false))));
    // A value other than 1 is ignored.
    ls.view = vec![("present".into(), "yes".into())];
    let _ = p.s.apply_link(&mut p.rt, &ls);
    assert!(!p.s.view.present);
}

/// Sets the interface's language for one test and puts English back.
struct LangGuard;

impl LangGuard {
    fn set(l: crate::i18n::Lang) -> LangGuard {
        crate::i18n::set(l);
        LangGuard
    }
}

impl Drop for LangGuard {
    fn drop(&mut self) {
        crate::i18n::set(crate::i18n::Lang::En);
    }
}

#[test]
fn notes_and_banners_come_in_the_language_in_use() {
    let mut p = Page::new();
    p.run(RunAction::Back);
    assert_eq!(p.s.view.note.as_ref().unwrap().1, "already at the start");
    let _zh = LangGuard::set(crate::i18n::Lang::Zh);
    p.run(RunAction::Back);
    assert_eq!(p.s.view.note.as_ref().unwrap().1, "已在起点");
    p.act(Action::ToggleLane(3));
    assert_eq!(p.s.view.note.as_ref().unwrap().1, "lane 3 已停用");
    p.run(RunAction::Run);
    // The status stays English for `data-status`; its title is Chinese.
    assert_eq!(p.s.run.status_text(), "exited");
    assert_eq!(p.s.run.status_title(), "已退出");
    assert_eq!(Tab::Encoding.label(), "Encoding");
    assert_eq!(Tab::Encoding.title(), "编码");
    open(&mut p, decode_link("v1.AAA*AA"));
    let b = p.s.share.banner.clone().unwrap();
    assert!(b.lines[0].starts_with("无法打开此链接："), "{:?}", b.lines);
}

/// Ctrl+Z of a long text (the document's own history): an edit is undone
/// and done again at its place, the caret put there, and the editor told
/// to copy the text in; a replacement forgets the typed history.
#[test]
fn typed_steps_are_undone_and_done_again_at_their_place() {
    let mut p = Page::new();
    let long: String = (0..2000)
        .map(|i| format!("    IADD3 R1, R1, {i:#x}, RZ\n"))
        .collect();
    p.edit(&long);
    let edited = long.replacen("0x3e8,", "0xabc,", 1);
    p.edit(&edited);
    let rev = p.s.doc.source_rev;
    p.act(Action::Doc(DocAction::UndoTyped));
    assert_eq!(p.source(), long);
    assert!(p.s.doc.source_rev > rev, "the editor copies the text in");
    let at = long.find("0x3e8,").unwrap();
    assert_eq!(p.s.view.caret.map(|c| c.offset), Some(at + "0x3e8".len()));
    p.act(Action::Doc(DocAction::RedoTyped));
    assert_eq!(p.source(), edited);
    p.act(Action::Doc(DocAction::UndoTyped));
    p.act(Action::Doc(DocAction::UndoTyped));
    assert_eq!(p.source(), Page::new().source(), "back before the paste");
    // nothing more to undo: nothing happens
    assert!(!p.act(Action::Doc(DocAction::UndoTyped)));
    // a replacement starts a new history
    p.act(Action::Doc(DocAction::RedoTyped));
    p.act(Action::LoadExample("broadcast".into()));
    assert!(!p.act(Action::Doc(DocAction::UndoTyped)));
}
