//! The header comment of an example (or of any program): its title and
//! explanation. Compiled into the build script too, which indexes the
//! examples by it.

/// The title and the explanation of a program's header comment (see the
/// `examples` module's documentation). A program without a `// Title:`
/// line has an empty title; its leading `//` lines are still the
/// explanation.
pub fn example_header(src: &str) -> (&str, String) {
    let mut lines = src.lines().skip_while(|l| l.trim().is_empty()).peekable();
    let mut title = "";
    if let Some(first) = lines.peek() {
        if let Some(t) = first.trim_start().strip_prefix("// Title:") {
            title = t.trim();
            lines.next();
        }
    }
    let mut text: Vec<&str> = Vec::new();
    for line in lines {
        let Some(rest) = line.trim_start().strip_prefix("//") else {
            break;
        };
        let rest = rest.strip_prefix(' ').unwrap_or(rest);
        text.push(rest.trim_end());
    }
    while text.first().is_some_and(|l| l.is_empty()) {
        text.remove(0);
    }
    while text.last().is_some_and(|l| l.is_empty()) {
        text.pop();
    }
    (title, text.join("\n"))
}
