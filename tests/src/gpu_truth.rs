//! Warp instructions recorded on a real NVIDIA GPU: the text format of
//! `tests/gpu/*.truth`, written by the `record-gpu-truth` program and read
//! by `tests/tests/gpu_truth.rs`, which runs every case through the
//! simulator.
//!
//! One case per line:
//!
//! ```text
//! shfl.sync.up.b32 mask=ffffffff pp=0 a=1f,..,7 b=3 c=0 => ran=ffffffff d=1f,..,- p=fffffff8
//! ```
//!
//! Before `=>` the inputs: the PTX instruction that ran, `mask` (the lanes
//! that executed it, also its `membermask`), `pp` (the input predicate of
//! each lane, as a lane mask), and the 32-bit sources `a`, `b` and `c`, one
//! hex word per lane, or one word for all lanes. After `=>` what the GPU
//! gave: `ran` (the lanes that reached the instruction), `d` (each lane's
//! destination register, `-` where the lane did not run it) and `p` (the
//! output predicates as lane masks, comma-separated, as many as the
//! instruction has). Lines starting with `#` describe the recording.

/// Lanes in a warp.
pub const LANES: usize = 32;

/// One recorded execution of one instruction by one warp.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The PTX instruction, with its modifiers (`shfl.sync.up.b32`).
    pub op: String,
    /// Lanes that execute the instruction; its `membermask`.
    pub mask: u32,
    /// The input predicate of each lane (`vote`, `elect`).
    pub pp: u32,
    /// First source register, per lane.
    pub a: [u32; LANES],
    /// Second source register (SHFL's `b`, the high half of a 64-bit MATCH).
    pub b: [u32; LANES],
    /// Third source register (SHFL's `c`).
    pub c: [u32; LANES],
    /// What the GPU gave; `None` until recorded.
    pub out: Option<Outcome>,
}

/// What one case gave on the GPU.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Lanes that ran the instruction.
    pub ran: u32,
    /// Destination register per lane (meaningful where `ran`).
    pub d: [u32; LANES],
    /// Output predicates as lane masks, in the instruction's order.
    pub p: Vec<u32>,
}

/// `w` as lowercase hex without a prefix.
fn hex(w: u32) -> String {
    format!("{w:x}")
}

/// A lane vector: one word when every lane holds it, else 32.
fn vector(v: &[u32; LANES]) -> String {
    if v.iter().all(|&x| x == v[0]) {
        hex(v[0])
    } else {
        v.iter().map(|&x| hex(x)).collect::<Vec<_>>().join(",")
    }
}

impl Case {
    /// A case to record.
    pub fn new(op: &str, mask: u32, pp: u32, a: [u32; LANES]) -> Case {
        Case {
            op: op.to_string(),
            mask,
            pp,
            a,
            b: [0; LANES],
            c: [0; LANES],
            out: None,
        }
    }

    /// The case as one line of the table.
    pub fn line(&self) -> String {
        let mut s = format!(
            "{} mask={} pp={} a={} b={} c={}",
            self.op,
            hex(self.mask),
            hex(self.pp),
            vector(&self.a),
            vector(&self.b),
            vector(&self.c)
        );
        if let Some(o) = &self.out {
            let d: Vec<String> = (0..LANES)
                .map(|l| {
                    if o.ran >> l & 1 == 1 {
                        hex(o.d[l])
                    } else {
                        "-".to_string()
                    }
                })
                .collect();
            let p: Vec<String> = o.p.iter().map(|&m| hex(m)).collect();
            s += &format!(" => ran={} d={} p={}", hex(o.ran), d.join(","), p.join(","));
        }
        s
    }
}

/// Reads a hex word.
fn word(text: &str, what: &str) -> Result<u32, String> {
    u32::from_str_radix(text, 16)
        .map_err(|_| format!("`{text}` in {what} is not a 32-bit hex word"))
}

/// Reads a lane vector (one word for all lanes, or 32); `-` reads as 0
/// where `dash` is allowed.
fn lanes(text: &str, what: &str, dash: bool) -> Result<[u32; LANES], String> {
    let parts: Vec<&str> = text.split(',').collect();
    let mut v = [0; LANES];
    match parts.len() {
        1 => v = [word(parts[0], what)?; LANES],
        LANES => {
            for (x, p) in v.iter_mut().zip(&parts) {
                *x = if dash && *p == "-" { 0 } else { word(p, what)? };
            }
        }
        n => return Err(format!("{what} has {n} values; it needs 1 or {LANES}")),
    }
    Ok(v)
}

/// The value of `key=` among `fields`.
fn field<'a>(fields: &[&'a str], key: &str) -> Result<&'a str, String> {
    fields
        .iter()
        .find_map(|f| f.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
        .ok_or_else(|| format!("`{key}=` is missing"))
}

/// Reads one line of the table.
pub fn parse_line(line: &str) -> Result<Case, String> {
    let (inputs, outputs) = match line.split_once(" => ") {
        Some((i, o)) => (i, Some(o)),
        None => (line, None),
    };
    let fields: Vec<&str> = inputs.split_whitespace().collect();
    let op = fields.first().ok_or("the line is empty")?;
    let mut case = Case::new(
        op,
        word(field(&fields, "mask")?, "mask")?,
        word(field(&fields, "pp")?, "pp")?,
        lanes(field(&fields, "a")?, "a", false)?,
    );
    case.b = lanes(field(&fields, "b")?, "b", false)?;
    case.c = lanes(field(&fields, "c")?, "c", false)?;
    if let Some(o) = outputs {
        let f: Vec<&str> = o.split_whitespace().collect();
        let p = field(&f, "p")?;
        case.out = Some(Outcome {
            ran: word(field(&f, "ran")?, "ran")?,
            d: lanes(field(&f, "d")?, "d", true)?,
            p: if p.is_empty() {
                Vec::new()
            } else {
                p.split(',')
                    .map(|w| word(w, "p"))
                    .collect::<Result<_, _>>()?
            },
        });
    }
    Ok(case)
}

/// Reads a whole table: its `#` lines and its cases; an error names the
/// line.
pub fn parse(text: &str) -> Result<(Vec<String>, Vec<Case>), String> {
    let mut notes = Vec::new();
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if let Some(note) = line.strip_prefix('#') {
            notes.push(note.trim().to_string());
        } else if !line.is_empty() {
            cases.push(parse_line(line).map_err(|e| format!("line {}: {e}", i + 1))?);
        }
    }
    Ok((notes, cases))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_back_as_written() {
        let mut a = [0; LANES];
        for (l, x) in a.iter_mut().enumerate() {
            *x = 0x100 + l as u32;
        }
        let mut case = Case::new("shfl.sync.up.b32", 0xffff_0000, 0x5, a);
        case.b = [3; LANES];
        case.c[7] = 0x1f;
        // Lanes that did not run are written `-` and read back as 0.
        let mut d = a;
        d[..16].fill(0);
        case.out = Some(Outcome {
            ran: 0xffff_0000,
            d,
            p: vec![0xfff0_0000, 1],
        });
        let line = case.line();
        assert!(line.contains(" b=3 "), "{line}");
        assert!(line.contains("d=-,-,"), "{line}");
        assert_eq!(parse_line(&line), Ok(case));
    }

    #[test]
    fn a_bad_line_is_named() {
        let err = parse("# x\nvote.sync mask=zz pp=0 a=0 b=0 c=0\n").unwrap_err();
        assert_eq!(err, "line 2: `zz` in mask is not a 32-bit hex word");
        let err = parse("vote.sync mask=1 pp=0 a=1,2 b=0 c=0\n").unwrap_err();
        assert_eq!(err, "line 1: a has 2 values; it needs 1 or 32");
    }
}
