//! `warpscope`: the command-line front end.
//!
//! ```text
//! warpscope asm [--isa w128] [FILE]   assemble; print hex and canonical text
//! warpscope dis [--isa w128] [FILE]   disassemble hex words, one per line
//! warpscope run ...                   run a program (see `warpscope run --help`)
//! warpscope link encode|decode ...    permalinks (see `warpscope link --help`)
//! warpscope check PUZZLE SUBMISSION... grade programs against a puzzle
//! warpscope completions SHELL         a shell completion script
//! ```
//!
//! Arguments are parsed by clap; each command's options live beside the
//! command in its own module, and a new command is one more variant of
//! [`Command`].
mod asm_cmd;
mod check_cmd;
mod cores;
mod cuda_cmd;
mod dis_cmd;
mod input;
mod link_cmd;
mod report;
mod run;

use clap::error::{ContextKind, ContextValue, ErrorKind};

/// mimalloc: faster than the system's allocator for the assembler's many
/// small allocations, and without a lock that threads contend for (with
/// glibc's, two threads assembling at once ran no faster than one).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
use clap::{CommandFactory, Parser, Subcommand};

/// The help layout of every subcommand: the usage line first.
const SUBCOMMAND_HELP: &str = "usage: {usage}\n\n{about}\n\n{all-args}{after-help}";

const EXAMPLES: &str = "\
examples:
  warpscope asm examples/w128/shfl_down.s       hex and canonical text per instruction
  warpscope asm prog.s | warpscope dis          and back again
  warpscope run --json examples/w128/butterfly_sum.s
  warpscope link encode --url https://host/warpscope/ prog.s
  warpscope link decode 'https://host/warpscope/#v1.Y2ApNzSyYAX7OO8ZAA'
  warpscope check broadcast my_broadcast.s
  warpscope completions bash > /etc/bash_completion.d/warpscope

FILE `-` or no FILE reads standard input; --isa defaults to w128.
`warpscope COMMAND --help` describes a command.";

/// warpscope: assemble, disassemble and run 32-lane warp programs
#[derive(Parser)]
#[command(
    name = "warpscope",
    version,
    after_help = EXAMPLES,
    subcommand_required = true,
    arg_required_else_help = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Assemble a program; print each instruction's encoding in hex and its
    /// canonical disassembly
    #[command(
        long_about = asm_cmd::ABOUT,
        after_help = asm_cmd::EXAMPLES,
        help_template = SUBCOMMAND_HELP
    )]
    Asm(input::Source),
    /// Disassemble hex words, one per line
    #[command(
        long_about = dis_cmd::ABOUT,
        after_help = dis_cmd::EXAMPLES,
        help_template = SUBCOMMAND_HELP
    )]
    Dis(input::Source),
    /// Run a program on one warp and print the final warp state
    Run(run::Args),
    /// Make a permalink for a program, or print the program a link holds
    Link(link_cmd::Args),
    /// Grade programs against a puzzle (`warpscope check --list`: the puzzles)
    #[command(
        long_about = check_cmd::ABOUT,
        after_help = check_cmd::EXAMPLES,
        help_template = SUBCOMMAND_HELP
    )]
    Check(check_cmd::Args),
    /// Print a completion script for a shell
    #[command(
        long_about = "Prints a completion script for SHELL to standard output.",
        after_help = "examples:\n  \
                      warpscope completions bash > ~/.local/share/bash-completion/completions/warpscope\n  \
                      warpscope completions zsh > ~/.zfunc/_warpscope",
        help_template = SUBCOMMAND_HELP
    )]
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let code = match Cli::try_parse_from(&args) {
        Ok(cli) => match &cli.command {
            Command::Asm(a) => asm_cmd::cmd(a),
            Command::Dis(a) => dis_cmd::cmd(a),
            Command::Run(a) => run::cmd(a),
            Command::Link(a) => link_cmd::cmd(a),
            Command::Check(a) => check_cmd::cmd(a),
            Command::Completions { shell } => {
                let mut script = Vec::new();
                clap_complete::generate(*shell, &mut Cli::command(), "warpscope", &mut script);
                input::print_out(&String::from_utf8_lossy(&script))
            }
        },
        Err(err) => report(&err, &args[1..]),
    };
    std::process::exit(code);
}

/// Prints a parse error (or the help or version text clap produced) and
/// returns the exit status: 0 for help and version, 2 otherwise.
fn report(err: &clap::Error, args: &[String]) -> i32 {
    let rendered = err.render().to_string();
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            input::print_out(&rendered);
            return 0;
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            eprint!("{rendered}");
            return 2;
        }
        _ => {}
    }
    let context = |kind| match err.get(kind) {
        Some(ContextValue::String(s)) => s.as_str(),
        _ => "",
    };
    let arg = context(ContextKind::InvalidArg);
    let message = match err.kind() {
        ErrorKind::InvalidSubcommand => {
            format!(
                "unknown command `{}`",
                context(ContextKind::InvalidSubcommand)
            )
        }
        ErrorKind::UnknownArgument if arg.starts_with('-') => format!("unknown option `{arg}`"),
        ErrorKind::UnknownArgument => format!("unexpected argument `{arg}`: give one input"),
        ErrorKind::MissingRequiredArgument => match err.get(ContextKind::InvalidArg) {
            Some(ContextValue::Strings(missing)) => format!("missing {}", missing.join(" and ")),
            _ => "missing arguments".to_string(),
        },
        ErrorKind::InvalidValue if arg.starts_with("--isa") => {
            input::unknown_isa(context(ContextKind::InvalidValue))
        }
        _ => rendered
            .lines()
            .next()
            .unwrap_or("")
            .trim_start_matches("error: ")
            .to_string(),
    };
    let usage = rendered
        .find("Usage:")
        .map_or("", |at| &rendered[at..])
        .trim_end();
    eprintln!("{}: {message}\n\n{usage}", command_path(args));
    2
}

/// `warpscope` and the subcommands named at the start of `args`
/// (`warpscope link encode`), for messages.
fn command_path(args: &[String]) -> String {
    let mut cmd = Cli::command();
    let mut path = String::from("warpscope");
    for a in args {
        let Some(sub) = cmd.find_subcommand(a).cloned() else {
            break;
        };
        path.push(' ');
        path.push_str(a);
        cmd = sub;
    }
    path
}
