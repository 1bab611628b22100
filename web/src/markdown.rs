//! A small renderer for the documentation sections of the ISA description
//! (`__Description`, `__Semantics`, ...): paragraphs, `- ` lists, code
//! fences as `<pre>`, `| a | b |` tables as tables, and `` `code` `` inline.
//! Nothing else of Markdown is needed by the description files.

use yew::prelude::*;

/// Renders one documentation section.
pub fn render(text: &str) -> Html {
    let mut blocks: Vec<Html> = Vec::new();
    let mut para: Vec<&str> = Vec::new();
    let mut list: Vec<String> = Vec::new();
    let mut table: Vec<&str> = Vec::new();
    let mut code: Option<Vec<&str>> = None;

    fn flush_para(blocks: &mut Vec<Html>, para: &mut Vec<&str>) {
        if !para.is_empty() {
            let text = para.join(" ");
            blocks.push(html! { <p>{ inline(&text) }</p> });
            para.clear();
        }
    }
    fn flush_list(blocks: &mut Vec<Html>, list: &mut Vec<String>) {
        if !list.is_empty() {
            blocks.push(
                html! { <ul>{ for list.iter().map(|i| html!{ <li>{ inline(i) }</li> }) }</ul> },
            );
            list.clear();
        }
    }
    fn flush_table(blocks: &mut Vec<Html>, table: &mut Vec<&str>) {
        if table.is_empty() {
            return;
        }
        let rows: Vec<Vec<String>> = table
            .iter()
            .filter(|l| !is_separator(l))
            .map(|l| {
                let t = l.trim().trim_start_matches('|').trim_end_matches('|');
                t.split('|').map(|c| c.trim().to_string()).collect()
            })
            .collect();
        let head = rows.first().cloned().unwrap_or_default();
        blocks.push(html! {
            <table class="doc-table">
                <thead><tr>{ for head.iter().map(|c| html!{ <th>{ inline(c) }</th> }) }</tr></thead>
                <tbody>{ for rows.iter().skip(1).map(|r| html!{
                    <tr>{ for r.iter().map(|c| html!{ <td>{ inline(c) }</td> }) }</tr>
                }) }</tbody>
            </table>
        });
        table.clear();
    }

    for line in text.lines() {
        if let Some(lines) = code.as_mut() {
            if line.trim_start().starts_with("```") {
                let body = lines.join("\n");
                blocks.push(html! { <pre class="doc-code" tabindex="0">{ body }</pre> });
                code = None;
            } else {
                lines.push(line);
            }
            continue;
        }
        let t = line.trim();
        if t.starts_with("```") {
            flush_para(&mut blocks, &mut para);
            flush_list(&mut blocks, &mut list);
            flush_table(&mut blocks, &mut table);
            code = Some(Vec::new());
        } else if t.starts_with('|') {
            flush_para(&mut blocks, &mut para);
            flush_list(&mut blocks, &mut list);
            table.push(t);
        } else if let Some(item) = t.strip_prefix("- ").or_else(|| t.strip_prefix("* ")) {
            flush_para(&mut blocks, &mut para);
            flush_table(&mut blocks, &mut table);
            list.push(item.to_string());
        } else if t.is_empty() {
            flush_para(&mut blocks, &mut para);
            flush_list(&mut blocks, &mut list);
            flush_table(&mut blocks, &mut table);
        } else if !list.is_empty() && line.starts_with(' ') {
            if let Some(last) = list.last_mut() {
                last.push(' ');
                last.push_str(t);
            }
        } else {
            flush_list(&mut blocks, &mut list);
            flush_table(&mut blocks, &mut table);
            para.push(t);
        }
    }
    if let Some(lines) = code {
        blocks.push(html! { <pre class="doc-code" tabindex="0">{ lines.join("\n") }</pre> });
    }
    flush_para(&mut blocks, &mut para);
    flush_list(&mut blocks, &mut list);
    flush_table(&mut blocks, &mut table);
    blocks.into_iter().collect::<Html>()
}

fn is_separator(line: &str) -> bool {
    let t = line.trim();
    t.starts_with('|') && t.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '))
}

/// Text with `` `code` `` spans.
fn inline(text: &str) -> Html {
    text.split('`')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                html! { <code>{ part.to_string() }</code> }
            } else {
                html! { { part.to_string() } }
            }
        })
        .collect::<Html>()
}

#[cfg(test)]
mod tests {
    #[test]
    fn separators() {
        assert!(super::is_separator("|:---|--:|"));
        assert!(!super::is_separator("| a | b |"));
    }
}
