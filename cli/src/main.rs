//! `warpscope`: the command-line front end.
fn main() {
    eprintln!("warpscope: no commands yet");
    std::process::exit(2);
}
