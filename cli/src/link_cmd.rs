//! `warpscope link`: make a permalink fragment from a source file, or read
//! one back.

use crate::input::{self, Source};
use warpscope_core::link::{decode_link, fragment_of, try_encode_link, LinkError, LinkState};

const ABOUT: &str = "\
Makes a permalink fragment (the text after `#`, starting with `v1.`) from a
program, or prints the program a link holds.

A link that cannot be read, or bad arguments, exit with status 2 and a
message on standard error.";

const EXAMPLES: &str = "\
examples:
  warpscope link encode examples/w128/broadcast.s
  warpscope link encode --view embed=1 --url https://host/warpscope/ prog.s
  warpscope link decode 'https://host/warpscope/#v1.Y2ApNzSyYAX7OO8ZAA'
  warpscope link decode --json v1.Y2ApNzSyYAX7OO8ZAA";

/// Arguments of `warpscope link`.
#[derive(clap::Args)]
#[command(
    long_about = ABOUT,
    after_help = EXAMPLES,
    help_template = crate::SUBCOMMAND_HELP,
    subcommand_required = true,
    arg_required_else_help = true
)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
}

#[derive(clap::Subcommand)]
enum Action {
    /// Print the permalink fragment for a program
    #[command(
        long_about = "Prints the permalink fragment (the text after `#`, starting with `v1.`)\n\
                      for the program in FILE (standard input when FILE is absent or `-`).",
        after_help = EXAMPLES,
        help_template = crate::SUBCOMMAND_HELP
    )]
    Encode(EncodeArgs),
    /// Print the program stored in a permalink
    #[command(
        long_about = "Prints the program stored in FRAGMENT, exactly as it was written.\n\
                      Things the link asks for that this version cannot honour (an unknown\n\
                      ISA) are reported on standard error; the program is printed all the same.",
        after_help = EXAMPLES,
        help_template = crate::SUBCOMMAND_HELP
    )]
    Decode(DecodeArgs),
}

#[derive(clap::Args)]
struct EncodeArgs {
    #[command(flatten)]
    source: Source,
    /// The selected instruction (an index into the program)
    #[arg(long, value_name = "N")]
    selected: Option<u32>,
    /// The step position
    #[arg(long, value_name = "N")]
    step: Option<u64>,
    /// A view setting (repeatable), e.g. --view embed=1, --view present=1
    /// or --view lang=zh
    #[arg(long, value_name = "KEY=VALUE", value_parser = parse_view)]
    view: Vec<(String, String)>,
    /// Print BASE#FRAGMENT instead of the fragment alone
    #[arg(long, value_name = "BASE")]
    url: Option<String>,
}

#[derive(clap::Args)]
struct DecodeArgs {
    /// Print the whole state as one JSON object:
    /// {"isa":..,"source":..,"selected":N|null,"step":N|null,"view":[[key,value],...]}
    #[arg(long)]
    json: bool,
    /// The fragment, a whole URL (what follows `#` is used), or `-` for
    /// standard input
    #[arg(value_name = "FRAGMENT")]
    fragment: String,
}

fn parse_view(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((k, v)) if !k.is_empty() => Ok((k.to_string(), v.to_string())),
        _ => Err(format!("needs KEY=VALUE, not `{s}`")),
    }
}

/// Runs `warpscope link`; returns the exit status.
pub fn cmd(args: &Args) -> i32 {
    match &args.action {
        Action::Encode(a) => encode(a),
        Action::Decode(a) => decode(a),
    }
}

fn encode(args: &EncodeArgs) -> i32 {
    let source = match args.source.read("link") {
        Ok((_, text)) => text,
        Err(code) => return code,
    };
    let state = LinkState {
        selected: args.selected,
        step: args.step,
        view: args.view.clone(),
        ..LinkState::new(&args.source.isa.name, &source)
    };
    let fragment = match try_encode_link(&state) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("warpscope link: {e}");
            return 2;
        }
    };
    let line = match &args.url {
        Some(b) => format!("{}#{fragment}\n", b.split('#').next().unwrap_or("")),
        None => format!("{fragment}\n"),
    };
    input::print_out(&line)
}

fn decode(args: &DecodeArgs) -> i32 {
    let text = if args.fragment == "-" {
        match input::read_stdin("link") {
            Ok(t) => t,
            Err(code) => return code,
        }
    } else {
        args.fragment.clone()
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
    if args.json {
        let value = serde_json::json!({
            "isa": state.isa,
            "source": state.source,
            "selected": state.selected,
            "step": state.step,
            "view": state.view,
        });
        input::print_out(&format!("{value}\n"))
    } else {
        input::print_out(&state.source)
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
