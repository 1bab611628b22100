//! `warpscope link`: make a permalink fragment from a source file, or read
//! one back.

use std::io::{Read, Write};
use warpscope_core::isas;
use warpscope_core::link::{decode_link, fragment_of, try_encode_link, LinkError, LinkState};

const USAGE: &str = "\
usage: warpscope link encode [OPTIONS] [FILE]
       warpscope link decode [--json] FRAGMENT

encode: prints the permalink fragment (the text after `#`, starting with
`v1.`) for the program in FILE (standard input when FILE is absent or `-`).
  --isa NAME          instruction set (default w128)
  --selected N        the selected instruction (an index into the program)
  --step N            the step position
  --view KEY=VALUE    a view setting (repeatable), e.g. --view embed=1
  --url BASE          print BASE#FRAGMENT instead of the fragment alone

decode: prints the program stored in FRAGMENT, exactly as it was written.
FRAGMENT may be a whole URL (what follows `#` is used) or `-` for standard
input. Things the link asks for that this version cannot honour (an unknown
ISA) are reported on standard error; the program is printed all the same.
  --json              print the whole state as one JSON object:
                      {\"isa\":..,\"source\":..,\"selected\":N|null,
                       \"step\":N|null,\"view\":[[key,value],...]}

A link that cannot be read, or bad arguments, exit with status 2 and a
message on standard error.
";

/// Runs `warpscope link ARGS...`; returns the exit status.
pub fn cmd(args: &[String]) -> i32 {
    match args.first().map(String::as_str) {
        Some("encode") => encode(&args[1..]),
        Some("decode") => decode(&args[1..]),
        Some("-h" | "--help" | "help") => {
            print!("{USAGE}");
            0
        }
        Some(other) => usage_error(&format!("unknown subcommand `{other}`")),
        None => usage_error("say `encode` or `decode`"),
    }
}

fn usage_error(msg: &str) -> i32 {
    eprintln!("warpscope link: {msg}\n\n{USAGE}");
    2
}

fn print_out(text: &str) -> i32 {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|_| stdout.flush())
    {
        Ok(()) => 0,
        Err(_) => 1,
    }
}

fn read_stdin() -> Result<String, i32> {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).map_err(|e| {
        eprintln!("warpscope link: cannot read standard input: {e}");
        2
    })?;
    Ok(text)
}

fn encode(args: &[String]) -> i32 {
    let mut state = LinkState::new("w128", "");
    let mut file: Option<String> = None;
    let mut base: Option<String> = None;
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        // `--name VALUE` or `--name=VALUE`.
        let (name, inline) = match a.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (a, None),
        };
        let takes_value = matches!(name, "--isa" | "--selected" | "--step" | "--view" | "--url");
        let value = if takes_value {
            match inline.or_else(|| {
                i += 1;
                args.get(i).cloned()
            }) {
                Some(v) => v,
                None => return usage_error(&format!("`{name}` needs a value")),
            }
        } else {
            String::new()
        };
        match name {
            "-h" | "--help" => {
                print!("{USAGE}");
                return 0;
            }
            "--isa" => state.isa = value,
            "--selected" => match value.parse::<u32>() {
                Ok(n) => state.selected = Some(n),
                Err(_) => return usage_error(&format!("--selected needs a number, not `{value}`")),
            },
            "--step" => match value.parse::<u64>() {
                Ok(n) => state.step = Some(n),
                Err(_) => return usage_error(&format!("--step needs a number, not `{value}`")),
            },
            "--view" => match value.split_once('=') {
                Some((k, v)) if !k.is_empty() => state.view.push((k.to_string(), v.to_string())),
                _ => return usage_error(&format!("--view needs KEY=VALUE, not `{value}`")),
            },
            "--url" => base = Some(value),
            "-" => file = Some(a.to_string()),
            _ if a.starts_with('-') => return usage_error(&format!("unknown option `{a}`")),
            _ => {
                if file.is_some() {
                    return usage_error("only one input file may be given");
                }
                file = Some(a.to_string());
            }
        }
        i += 1;
    }
    if isas::by_name(&state.isa).is_none() {
        eprintln!(
            "warpscope link: unknown ISA `{}`; known ISAs: {}",
            state.isa,
            isas::NAMES.join(", ")
        );
        return 2;
    }
    state.source = match file.filter(|f| f != "-") {
        Some(path) => match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("warpscope link: cannot read `{path}`: {e}");
                return 2;
            }
        },
        None => match read_stdin() {
            Ok(t) => t,
            Err(code) => return code,
        },
    };
    let fragment = match try_encode_link(&state) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("warpscope link: {e}");
            return 2;
        }
    };
    let line = match base {
        Some(b) => format!("{}#{fragment}\n", b.split('#').next().unwrap_or("")),
        None => format!("{fragment}\n"),
    };
    print_out(&line)
}

fn decode(args: &[String]) -> i32 {
    let mut json = false;
    let mut input: Option<String> = None;
    for a in args {
        match a.as_str() {
            "-h" | "--help" => {
                print!("{USAGE}");
                return 0;
            }
            "--json" => json = true,
            "-" => input = Some(a.clone()),
            s if s.starts_with("--") => return usage_error(&format!("unknown option `{s}`")),
            _ => {
                if input.is_some() {
                    return usage_error("give one link");
                }
                input = Some(a.clone());
            }
        }
    }
    let text = match input.as_deref() {
        None => return usage_error("`decode` needs a link (or `-` for standard input)"),
        Some("-") => match read_stdin() {
            Ok(t) => t,
            Err(code) => return code,
        },
        Some(s) => s.to_string(),
    };
    let state = match decode_link(&text) {
        Ok(s) => s,
        Err(e) => {
            eprint!("{}", render_error(fragment_of(&text), &e));
            return 2;
        }
    };
    for w in state.warnings() {
        eprintln!("warpscope link: warning: {w}");
    }
    if json {
        let value = serde_json::json!({
            "isa": state.isa,
            "source": state.source,
            "selected": state.selected,
            "step": state.step,
            "view": state.view,
        });
        print_out(&format!("{value}\n"))
    } else {
        print_out(&state.source)
    }
}

/// The error, and when it has a position, an excerpt of the fragment with
/// a caret under that character.
fn render_error(fragment: &str, e: &LinkError) -> String {
    let mut out = format!("warpscope link: {e}\n");
    if let Some(at) = e.offset {
        // Show at most 30 characters on each side (the fragment is
        // base64, so byte offsets are character offsets up to the error).
        let chars: Vec<char> = fragment.chars().collect();
        let at = fragment.char_indices().take_while(|&(i, _)| i < at).count();
        let from = at.saturating_sub(30);
        let to = (at + 30).min(chars.len());
        let lead = if from > 0 { "..." } else { "" };
        let excerpt: String = chars[from..to].iter().collect();
        let tail = if to < chars.len() { "..." } else { "" };
        out.push_str(&format!("  {lead}{excerpt}{tail}\n"));
        out.push_str(&format!("  {}^\n", " ".repeat(lead.len() + at - from)));
    }
    out
}
