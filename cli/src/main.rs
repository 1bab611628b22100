//! `warpscope`: the command-line front end.
mod run;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = match args.first().map(String::as_str) {
        Some("run") => run::cmd(&args[1..]),
        _ => {
            eprintln!("usage: warpscope <asm|dis|run|link> ...");
            2
        }
    };
    std::process::exit(code);
}
