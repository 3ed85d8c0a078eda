//! Chart Markdown for a terminal (`lawcharts walk`): a line for each
//! paragraph and list item, so paragraphs stay apart; emphasis and code as
//! their plain words (no `**` or backticks shown); a link as its text and,
//! when it says more, its address in brackets.

use pulldown_cmark::{Event, Tag, TagEnd};

use super::{collapse_whitespace, events};

/// `text` as terminal lines, whitespace in each collapsed; no empty lines.
pub fn to_terminal(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut lists: Vec<Option<u64>> = Vec::new();
    let mut link: Option<(String, usize)> = None;
    let end_line = |line: &mut String, lines: &mut Vec<String>| {
        let done = collapse_whitespace(line);
        if !done.is_empty() {
            lines.push(done);
        }
        line.clear();
    };
    for event in events(text) {
        match event {
            Event::Text(s) | Event::Code(s) => line.push_str(&s),
            Event::SoftBreak => line.push(' '),
            Event::HardBreak | Event::End(TagEnd::Paragraph | TagEnd::Item | TagEnd::CodeBlock) => {
                end_line(&mut line, &mut lines);
            }
            Event::Start(Tag::List(start)) => {
                end_line(&mut line, &mut lines);
                lists.push(start);
            }
            Event::End(TagEnd::List(_)) => {
                lists.pop();
            }
            Event::Start(Tag::Item) => {
                end_line(&mut line, &mut lines);
                let depth = "  ".repeat(lists.len().saturating_sub(1));
                let marker = match lists.last_mut() {
                    Some(Some(n)) => {
                        *n += 1;
                        format!("{}.", *n - 1)
                    }
                    _ => "•".to_string(),
                };
                // Kept apart from collapsing: the depth is the list's.
                line.push_str(&format!("{depth}{marker} "));
            }
            Event::Start(Tag::Link { dest_url, .. }) => {
                link = Some((dest_url.into_string(), line.len()));
            }
            Event::End(TagEnd::Link) => {
                let Some((url, start)) = link.take() else {
                    continue;
                };
                let shown = line.get(start..).map(collapse_whitespace);
                if shown.as_deref() != Some(url.as_str()) {
                    line.push_str(&format!(" ({url})"));
                }
            }
            _ => {}
        }
    }
    end_line(&mut line, &mut lines);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_stay_apart_and_emphasis_loses_its_asterisks() {
        assert_eq!(
            to_terminal(
                "Only a lead **faced** by the\nother defender counts.\n\nSee *41A* and `54`."
            ),
            [
                "Only a lead faced by the other defender counts.",
                "See 41A and 54."
            ]
        );
    }

    #[test]
    fn list_items_are_lines_of_their_own() {
        assert_eq!(
            to_terminal("Two ways:\n\n- accept it\n- refuse it\n\n1. first\n2. second\n"),
            [
                "Two ways:",
                "• accept it",
                "• refuse it",
                "1. first",
                "2. second"
            ]
        );
    }

    #[test]
    fn a_link_shows_its_address_when_it_says_more() {
        assert_eq!(
            to_terminal("Read [Law 54](https://example.org/54) or <https://example.org>."),
            ["Read Law 54 (https://example.org/54) or https://example.org."]
        );
    }
}
