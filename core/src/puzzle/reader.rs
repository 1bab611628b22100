//! The puzzle file reader: sections of `key = value` lines and text bodies.

use super::{CaseSpec, Input, LaneSet, Lanes, Limits, Output, Puzzle};
use crate::asm;
use crate::diag::{Diagnostic, Span};
use crate::isas;
use crate::loc::Loc;
use crate::msg;
use crate::msg::Text;
use crate::operand::reg::RegClass;
use crate::sim::machine;

/// Sections whose body is free text (Markdown or code).
const TEXT_SECTIONS: &[&str] = &[
    "statement",
    "statement.zh",
    "starter",
    "hint",
    "hint.zh",
    "solution",
    "solution.cuda",
];
/// Sections of `key = value` lines.
const KEY_SECTIONS: &[&str] = &["input", "output", "cases", "limits"];

/// Most random cases a puzzle may ask for.
const MAX_RANDOM: u64 = 1000;
/// Most steps a case may be given.
const MAX_STEPS: u64 = 1_000_000;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Section {
    Top,
    Text(usize),
    Input(usize),
    Output(usize),
    Cases,
    Limits,
    /// After a bad header: lines are ignored up to the next header.
    Skip,
}

struct RawReg {
    text: String,
    span: Span,
}

impl RawReg {
    fn new(text: &str, span: Span) -> Self {
        RawReg {
            text: text.to_string(),
            span,
        }
    }
}

struct Reader<'a> {
    src: &'a str,
    diags: Vec<Diagnostic>,
    seen_keys: Vec<(Section, String)>,
    seen_sections: Vec<String>,
    p: Puzzle,
    level_span: Option<Span>,
    isa_span: Option<Span>,
    /// (name, body span) of every text section, in order.
    texts: Vec<(String, Span)>,
    input_regs: Vec<RawReg>,
    output_regs: Vec<RawReg>,
    header_span: Span,
    /// The `[solution.cuda]` body, when there is one.
    cuda_span: Option<Span>,
}

/// Parses a puzzle text. On failure returns every problem found, located in
/// `text`.
pub fn parse(text: &str) -> Result<Puzzle, Vec<Diagnostic>> {
    let mut r = Reader {
        src: text,
        diags: Vec::new(),
        seen_keys: Vec::new(),
        seen_sections: Vec::new(),
        p: Puzzle {
            id: String::new(),
            title: String::new(),
            teaches: String::new(),
            level: 1,
            isa: String::new(),
            statement: String::new(),
            statement_zh: String::new(),
            title_zh: String::new(),
            starter: String::new(),
            inputs: Vec::new(),
            outputs: Vec::new(),
            cases: CaseSpec::default(),
            limits: Limits::default(),
            hints: Vec::new(),
            hints_zh: Vec::new(),
            solution_cuda: String::new(),
            solution: String::new(),
        },
        level_span: None,
        isa_span: None,
        texts: Vec::new(),
        input_regs: Vec::new(),
        output_regs: Vec::new(),
        header_span: Span::new(0, 0),
        cuda_span: None,
    };
    r.read();
    r.finish();
    if r.diags.iter().any(Diagnostic::is_error) {
        Err(r.diags)
    } else {
        Ok(r.p)
    }
}

/// A line's `[name arg]` header, if it is one: (name, arg, name span, arg
/// span) with spans relative to the line.
fn header(line: &str) -> Option<(&str, &str, Span, Span)> {
    let t = line.trim_end();
    if !t.starts_with('[') || !t.ends_with(']') || t.len() < 2 {
        return None;
    }
    let inner = &t[1..t.len() - 1];
    let lead = inner.len() - inner.trim_start().len();
    let rest = inner.trim();
    let (name, arg) = match rest.find(char::is_whitespace) {
        Some(i) => (&rest[..i], rest[i..].trim()),
        None => (rest, ""),
    };
    let name_start = 1 + lead;
    let arg_start = if arg.is_empty() {
        name_start + name.len()
    } else {
        1 + inner.find(arg).unwrap_or(0)
    };
    Some((
        name,
        arg,
        Span::new(name_start, name_start + name.len()),
        Span::new(arg_start, arg_start + arg.len()),
    ))
}

fn known(name: &str) -> bool {
    TEXT_SECTIONS.contains(&name) || KEY_SECTIONS.contains(&name)
}

impl Reader<'_> {
    fn error(&mut self, span: Span, msg: Text) {
        self.diags.push(Diagnostic::error(span, msg));
    }

    fn read(&mut self) {
        let src = self.src;
        let mut section = Section::Top;
        // start of the text body being read (byte offset), for text sections
        let mut offset = 0;
        let mut body: Option<(usize, usize, usize)> = None; // (index, first, last end)
        for raw in src.split_inclusive('\n') {
            let start = offset;
            offset += raw.len();
            let line = raw.trim_end_matches(['\n', '\r']);
            let hdr = header(line);
            let is_header =
                hdr.is_some_and(|(n, ..)| known(n)) || !matches!(section, Section::Text(_));
            if let (Some((name, arg, ns, asp)), true) = (hdr, is_header) {
                self.close_text(&mut body);
                let ns = Span::new(start + ns.start, start + ns.end);
                let asp = Span::new(start + asp.start, start + asp.end);
                section = self.open(name, arg, ns, asp);
                if let Section::Text(i) = section {
                    body = Some((i, offset, offset));
                }
                continue;
            }
            match section {
                Section::Text(_) => {
                    if let Some(b) = body.as_mut() {
                        if !line.trim().is_empty() {
                            if b.1 >= b.2 {
                                b.1 = start;
                            }
                            b.2 = start + line.len();
                        } else if b.1 >= b.2 {
                            b.1 = offset;
                            b.2 = offset;
                        }
                    }
                }
                Section::Skip => {}
                _ => self.key_line(section, line, start),
            }
        }
        self.close_text(&mut body);
    }

    /// Stores a finished text body.
    fn close_text(&mut self, body: &mut Option<(usize, usize, usize)>) {
        if let Some((i, first, last)) = body.take() {
            let span = if last > first {
                Span::new(first, last)
            } else {
                Span::new(first.min(self.src.len()), first.min(self.src.len()))
            };
            if let Some(t) = self.texts.get_mut(i) {
                t.1 = span;
            }
        }
    }

    fn open(&mut self, name: &str, arg: &str, ns: Span, asp: Span) -> Section {
        if !known(name) {
            self.diags.push(
                Diagnostic::error(ns, msg!("unknown section `[{0}]`", name)).with_help(msg!(
                    "sections are {0} and {1}",
                    TEXT_SECTIONS.join(", "),
                    KEY_SECTIONS.join(", ")
                )),
            );
            return Section::Skip;
        }
        let needs_arg = name == "input" || name == "output";
        if needs_arg && arg.is_empty() {
            self.error(ns, msg!("`[{0}]` needs a register: `[{0} R0]`", name));
            return Section::Skip;
        }
        if !needs_arg && !arg.is_empty() {
            self.error(asp, msg!("`[{0}]` takes no argument", name));
            return Section::Skip;
        }
        let key = if needs_arg {
            format!("{name} {arg}")
        } else {
            name.to_string()
        };
        if name != "hint" && name != "hint.zh" {
            if self.seen_sections.contains(&key) {
                self.error(ns.to(asp), msg!("`[{0}]` is given twice", key));
                return Section::Skip;
            }
            self.seen_sections.push(key);
        }
        self.header_span = ns;
        match name {
            "input" => {
                self.input_regs.push(RawReg::new(arg, asp));
                self.p.inputs.push(Input {
                    reg: Loc::R(0),
                    min: 0,
                    max: u32::MAX,
                    special: Vec::new(),
                });
                Section::Input(self.p.inputs.len() - 1)
            }
            "output" => {
                self.output_regs.push(RawReg::new(arg, asp));
                self.p.outputs.push(Output {
                    reg: Loc::R(0),
                    lanes: Lanes::Active,
                });
                Section::Output(self.p.outputs.len() - 1)
            }
            "cases" => Section::Cases,
            "limits" => Section::Limits,
            _ => {
                self.texts.push((name.to_string(), ns));
                Section::Text(self.texts.len() - 1)
            }
        }
    }

    fn key_line(&mut self, section: Section, line: &str, start: usize) {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            return;
        }
        let lead = line.len() - line.trim_start().len();
        let Some(eq) = line.find('=') else {
            self.error(
                Span::new(start + lead, start + line.trim_end().len()),
                msg!("expected `key = value`"),
            );
            return;
        };
        let key = line[..eq].trim();
        let key_span = Span::new(start + lead, start + lead + key.len());
        let vraw = &line[eq + 1..];
        let vlead = vraw.len() - vraw.trim_start().len();
        let value = vraw.trim();
        let vs = Span::new(start + eq + 1 + vlead, start + eq + 1 + vlead + value.len());
        if key.is_empty() {
            self.error(key_span.to(vs), msg!("expected a key before `=`"));
            return;
        }
        if self
            .seen_keys
            .iter()
            .any(|(s, k)| *s == section && k == key)
        {
            self.error(key_span, msg!("`{0}` is given twice", key));
            return;
        }
        self.seen_keys.push((section, key.to_string()));
        if value.is_empty() {
            self.error(key_span, msg!("`{0}` needs a value", key));
            return;
        }
        let known = match section {
            Section::Top => self.top_key(key, value, vs),
            _ => self.section_key(section, key, value, vs),
        };
        if !known {
            self.unknown_key(section, key, key_span);
        }
    }

    /// A key at the top of a puzzle; false when there is no such key.
    fn top_key(&mut self, key: &str, value: &str, vs: Span) -> bool {
        match key {
            "id" => {
                if value
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
                {
                    self.p.id = value.to_string();
                } else {
                    self.error(vs, msg!("an id may hold only letters, digits, `_` and `-`"));
                }
            }
            "title" => self.p.title = value.to_string(),
            "title.zh" => self.p.title_zh = value.to_string(),
            "teaches" => self.p.teaches = value.to_string(),
            "isa" => {
                self.isa_span = Some(vs);
                // the ISAs only: `cuda` names a language, not a machine
                if isas::NAMES.contains(&value) {
                    self.p.isa = value.to_string();
                } else {
                    self.diags.push(
                        Diagnostic::error(vs, msg!("unknown ISA `{0}`", value))
                            .with_help(msg!("known ISAs: {0}", isas::NAMES.join(", "))),
                    );
                }
            }
            "level" => {
                self.level_span = Some(vs);
                match number(value) {
                    Some(n @ 1..=5) => self.p.level = n as u8,
                    _ => self.error(vs, msg!("`level` is a number from 1 (easy) to 5 (hard)")),
                }
            }
            _ => return false,
        }
        true
    }

    /// A key of an `[input]`, `[output]`, `[cases]` or `[limits]`
    /// section; false when the section has no such key.
    fn section_key(&mut self, section: Section, key: &str, value: &str, vs: Span) -> bool {
        match (section, key) {
            (Section::Input(i), "range") => {
                if let Some((lo, hi)) = self.range(value, vs) {
                    if let Some(inp) = self.p.inputs.get_mut(i) {
                        inp.min = lo;
                        inp.max = hi;
                    }
                }
            }
            (Section::Input(i), "special") => {
                let vals = self.list(value, vs, value32, msg!("a 32-bit number"));
                if let Some(inp) = self.p.inputs.get_mut(i) {
                    inp.special = vals;
                }
            }
            (Section::Output(i), "lanes") => {
                let lanes = match value {
                    "active" => Some(Lanes::Active),
                    "all" => Some(Lanes::All),
                    _ => value32(value).map(Lanes::Mask),
                };
                match (lanes, self.p.outputs.get_mut(i)) {
                    (Some(l), Some(o)) => o.lanes = l,
                    (None, _) => self.error(
                        vs,
                        msg!(
                            "`{0}` is not a lane choice: use `active`, `all` or a mask",
                            value
                        ),
                    ),
                    _ => {}
                }
            }
            (Section::Cases, "active") => {
                let sets = self.list(
                    value,
                    vs,
                    lane_set,
                    msg!("a lane set (all, one, alternating, partial, random or a non-zero mask)"),
                );
                if !sets.is_empty() {
                    self.p.cases.active = sets;
                }
            }
            (Section::Cases, "random") => match number(value) {
                Some(n) if n <= MAX_RANDOM => self.p.cases.random = n as u32,
                _ => self.error(vs, msg!("`random` is a count from 0 to {0}", MAX_RANDOM)),
            },
            (Section::Cases, "seed") => match number(value) {
                Some(n) => self.p.cases.seed = n,
                None => self.error(vs, msg!("`seed` is a number")),
            },
            (Section::Limits, "instructions") => match number(value) {
                Some(n @ 1..=10_000) => self.p.limits.instructions = Some(n as usize),
                _ => self.error(vs, msg!("`instructions` is a count from 1 to 10000")),
            },
            (Section::Limits, "steps") => match number(value) {
                Some(n @ 1..=MAX_STEPS) => self.p.limits.steps = n,
                _ => self.error(vs, msg!("`steps` is a count from 1 to {0}", MAX_STEPS)),
            },
            (Section::Limits, "cuda_steps") => match number(value) {
                Some(n @ 1..=MAX_STEPS) => self.p.limits.cuda_steps = Some(n),
                _ => self.error(vs, msg!("`cuda_steps` is a count from 1 to {0}", MAX_STEPS)),
            },
            (Section::Limits, "forbid") => {
                let names = self.list(
                    value,
                    vs,
                    |s| {
                        s.chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '_')
                            .then(|| s.to_string())
                    },
                    msg!("a mnemonic such as SHFL.IDX"),
                );
                self.p.limits.forbid = names;
            }
            _ => return false,
        }
        true
    }

    /// Reports a key the section does not have, listing those it has.
    fn unknown_key(&mut self, section: Section, key: &str, key_span: Span) {
        let place = match section {
            Section::Top => msg!("at the top of a puzzle"),
            Section::Input(_) => msg!("in `[input]`"),
            Section::Output(_) => msg!("in `[output]`"),
            Section::Cases => msg!("in `[cases]`"),
            _ => msg!("in `[limits]`"),
        };
        let keys = match section {
            Section::Top => "id, title, title.zh, teaches, level, isa",
            Section::Input(_) => "range, special",
            Section::Output(_) => "lanes",
            Section::Cases => "active, random, seed",
            _ => "instructions, steps, cuda_steps, forbid",
        };
        self.diags.push(
            Diagnostic::error(key_span, msg!("unknown key `{0}` {1}", key, place))
                .with_help(msg!("keys here: {0}", keys)),
        );
    }

    /// `A..B` (inclusive), both 32-bit numbers, A <= B.
    fn range(&mut self, value: &str, vs: Span) -> Option<(u32, u32)> {
        let Some(dots) = value.find("..") else {
            self.error(vs, msg!("a range is written `LOW..HIGH` (both included)"));
            return None;
        };
        let (a, b) = (
            value[..dots].trim(),
            value[dots + 2..].trim().trim_start_matches('='),
        );
        match (value32(a), value32(b.trim())) {
            (Some(lo), Some(hi)) if lo <= hi => Some((lo, hi)),
            (Some(_), Some(_)) => {
                self.error(vs, msg!("the low end of the range is above the high end"));
                None
            }
            _ => {
                self.error(vs, msg!("the ends of a range are 32-bit numbers"));
                None
            }
        }
    }

    /// A comma-separated list; each bad item gets its own error.
    fn list<T>(
        &mut self,
        value: &str,
        vs: Span,
        item: impl Fn(&str) -> Option<T>,
        what: Text,
    ) -> Vec<T> {
        let mut out = Vec::new();
        let mut pos = 0;
        for part in value.split(',') {
            let lead = part.len() - part.trim_start().len();
            let t = part.trim();
            let s = Span::new(vs.start + pos + lead, vs.start + pos + lead + t.len());
            pos += part.len() + 1;
            if t.is_empty() {
                self.error(s, msg!("expected {0}", what.clone()));
                continue;
            }
            match item(t) {
                Some(v) => out.push(v),
                None => self.error(s, msg!("`{0}` is not {1}", t, what.clone())),
            }
        }
        out
    }

    fn finish(&mut self) {
        let end = Span::new(self.src.len(), self.src.len());
        for (name, span) in std::mem::take(&mut self.texts) {
            let body = self.src.get(span.start..span.end).unwrap_or("").to_string();
            match name.as_str() {
                "statement" => self.p.statement = body,
                "statement.zh" => self.p.statement_zh = body,
                "starter" => {
                    self.code(&body, span, msg!("starter code"));
                    self.p.starter = body;
                }
                "solution" => {
                    if body.trim().is_empty() {
                        self.error(span, msg!("the solution is empty"));
                    }
                    self.code(&body, span, msg!("solution"));
                    self.p.solution = body;
                }
                "solution.cuda" => {
                    if body.trim().is_empty() {
                        self.error(span, msg!("the solution is empty"));
                    }
                    self.p.solution_cuda = body;
                    self.cuda_span = Some(span);
                }
                "hint.zh" => {
                    if self.p.hints.len() != self.p.hints_zh.len() + 1 {
                        let m = msg!("a `[hint.zh]` must come after its `[hint]`, one for each");
                        self.error(span, m);
                    }
                    if body.trim().is_empty() {
                        self.error(span, msg!("the hint is empty"));
                    }
                    self.p.hints_zh.push(body)
                }
                _ => {
                    if body.trim().is_empty() {
                        self.error(span, msg!("the hint is empty"));
                    }
                    self.p.hints.push(body)
                }
            }
        }
        let (hints, zh) = (self.p.hints.len(), self.p.hints_zh.len());
        if zh > 0 && zh != hints {
            let m = msg!(
                "{0} hints but {1} in Chinese: give every `[hint]` a `[hint.zh]`, or none",
                hints,
                zh
            );
            self.error(end, m);
        }
        if self.p.title.is_empty() {
            self.error(Span::new(0, 0), msg!("the puzzle has no `title = ...`"));
        }
        if self.p.isa.is_empty() && self.isa_span.is_none() {
            self.diags.push(
                Diagnostic::error(Span::new(0, 0), msg!("the puzzle has no `isa = ...`"))
                    .with_help(msg!("known ISAs: {0}", isas::NAMES.join(", "))),
            );
        }
        if !self.seen_sections.iter().any(|s| s == "solution") {
            self.error(end, msg!("the puzzle has no `[solution]` section"));
        }
        if self.p.outputs.is_empty() {
            self.error(
                end,
                msg!("the puzzle checks nothing: add an `[output REG]` section"),
            );
        }
        if self.p.id.is_empty() {
            self.p.id = "custom".to_string();
        }
        if self.p.isa.is_empty() {
            return;
        }
        for (i, raw) in std::mem::take(&mut self.input_regs).into_iter().enumerate() {
            if let Some(reg) = self.reg(&raw) {
                if self.p.inputs.iter().take(i).any(|x| x.reg == reg) {
                    self.error(raw.span, msg!("`{0}` is an input twice", &raw.text));
                }
                let widest = match reg {
                    Loc::CC => Some(0xf),
                    Loc::PR => Some(0x7f),
                    _ => None,
                };
                if let (Some(top), Some(inp)) = (widest, self.p.inputs.get(i)) {
                    if inp.max > top || inp.special.iter().any(|&v| v > top) {
                        let top = format!("{top:#x}");
                        self.error(
                            raw.span,
                            msg!(
                                "`{0}` holds values up to {1}: give it a `range` and `special` values within 0..{1}",
                                &raw.text,
                                top
                            ),
                        );
                    }
                }
                if let Some(inp) = self.p.inputs.get_mut(i) {
                    inp.reg = reg;
                    if matches!(reg, Loc::P(_) | Loc::UP(_)) {
                        // a predicate is 0 or 1 whatever the range says
                        inp.min = inp.min.min(1);
                        inp.max = inp.max.min(1);
                    }
                }
            }
        }
        for (i, raw) in std::mem::take(&mut self.output_regs)
            .into_iter()
            .enumerate()
        {
            if let Some(reg) = self.reg(&raw) {
                if self.p.outputs.iter().take(i).any(|x| x.reg == reg) {
                    self.error(raw.span, msg!("`{0}` is an output twice", &raw.text));
                }
                if let Some(o) = self.p.outputs.get_mut(i) {
                    o.reg = reg;
                }
            }
        }
        if let Some(span) = self.cuda_span {
            self.cuda_code(span);
        }
    }

    /// Checks that the CUDA solution compiles for the puzzle's registers.
    fn cuda_code(&mut self, span: Span) {
        if !self.diags.is_empty() {
            return;
        }
        if let Err(ds) = super::cuda::compile(&self.p, &self.p.solution_cuda) {
            for d in ds {
                let at = Span::new(d.span.start + span.start, d.span.end + span.start);
                let text = msg!("in the {0}: {1}", msg!("CUDA solution"), d.text);
                self.diags.push(Diagnostic {
                    text,
                    span: at,
                    ..d
                });
            }
        }
    }

    /// Checks that code assembles for the puzzle's ISA and sets up nothing.
    /// `what` names the code in messages (`msg!("solution")`).
    fn code(&mut self, body: &str, span: Span, what: Text) {
        let Some(isa) = isas::by_name(&self.p.isa) else {
            return;
        };
        let shift = |d: Diagnostic| Diagnostic {
            span: Span::new(d.span.start + span.start, d.span.end + span.start),
            ..d
        };
        match asm::assemble(isa, body) {
            Err(ds) => {
                for d in ds {
                    let d = shift(d);
                    let text = msg!("in the {0}: {1}", what.clone(), d.text);
                    self.diags.push(Diagnostic { text, ..d });
                }
            }
            Ok(prog) => {
                let setup = prog
                    .setup
                    .active_span
                    .into_iter()
                    .chain(prog.setup.inits.iter().map(|i| i.span));
                for s in setup {
                    let s = Span::new(s.start + span.start, s.end + span.start);
                    self.diags.push(
                        Diagnostic::error(
                            s,
                            msg!("the {0} may not use `.active` or `.init`", what.clone()),
                        )
                        .with_help(msg!("the checker sets the inputs of every case")),
                    );
                }
            }
        }
    }

    fn reg(&mut self, raw: &RawReg) -> Option<Loc> {
        let r = parse_reg(&self.p.isa, &raw.text);
        if r.is_none() {
            let (r, p, ur, up, s) = (
                RegClass::R.range(),
                RegClass::P.range(),
                RegClass::UR.range(),
                RegClass::UP.range(),
                RegClass::S.range(),
            );
            let help = match self.p.isa.as_str() {
                "gfx9" => msg!("gfx9 puzzles use {0} and HW_REG_* names", s),
                "sm50" => msg!("sm50 puzzles use {0}, {1}, CC and PR", r, p),
                _ => msg!("w128 puzzles use {0}, {1}, {2} and {3}", r, p, ur, up),
            };
            self.diags.push(
                Diagnostic::error(
                    raw.span,
                    msg!("`{0}` is not a register of {1}", &raw.text, &self.p.isa),
                )
                .with_help(help),
            );
        }
        r
    }
}

/// A register name, as the puzzle's ISA spells it.
pub(crate) fn parse_reg(isa: &str, s: &str) -> Option<Loc> {
    let num = |class: RegClass| -> Option<u8> {
        let d = s.strip_prefix(class.prefix())?;
        if d.is_empty()
            || !d.bytes().all(|b| b.is_ascii_digit())
            || (d.len() > 1 && d.starts_with('0'))
        {
            return None;
        }
        d.parse::<u64>()
            .ok()
            .filter(|&n| n <= class.last())
            .map(|n| n as u8)
    };
    match isa {
        "gfx9" => num(RegClass::S)
            .map(Loc::S)
            .or_else(|| machine::hwreg_id(isas::gfx9(), s).map(Loc::HwReg)),
        "sm50" => match s {
            "CC" => Some(Loc::CC),
            "PR" => Some(Loc::PR),
            _ => num(RegClass::R)
                .map(Loc::R)
                .or_else(|| num(RegClass::P).map(Loc::P)),
        },
        _ => num(RegClass::UR)
            .map(Loc::UR)
            .or_else(|| num(RegClass::UP).map(Loc::UP))
            .or_else(|| num(RegClass::R).map(Loc::R))
            .or_else(|| num(RegClass::P).map(Loc::P)),
    }
}

/// A non-negative number: decimal, `0x` hex or `0b` binary, `_` allowed.
fn number(s: &str) -> Option<u64> {
    let s = s.replace('_', "");
    if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok()
    } else if let Some(b) = s.strip_prefix("0b") {
        u64::from_str_radix(b, 2).ok()
    } else if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
        s.parse().ok()
    } else {
        None
    }
}

/// A 32-bit value; `-N` is two's complement.
fn value32(s: &str) -> Option<u32> {
    match s.strip_prefix('-') {
        Some(rest) => number(rest.trim())
            .filter(|&n| n <= 1 << 31)
            .map(|n| (n as u32).wrapping_neg()),
        None => number(s).and_then(|n| u32::try_from(n).ok()),
    }
}

fn lane_set(s: &str) -> Option<LaneSet> {
    match s {
        "all" => Some(LaneSet::All),
        "one" => Some(LaneSet::One),
        "alternating" => Some(LaneSet::Alternating),
        "partial" => Some(LaneSet::Partial),
        "random" => Some(LaneSet::Random),
        _ => value32(s).filter(|&m| m != 0).map(LaneSet::Mask),
    }
}
