//! The one door for chart Markdown: every text field is parsed here with
//! fixed options, its raw HTML turned into plain text, `javascript:`/`data:`
//! links and images dropped, and only then written out as HTML, as one line
//! of plain text, as lines for a terminal, or as Markdown again.

mod terminal;
mod write;

use std::cell::RefCell;

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

use crate::memo::TextMemo;

pub use terminal::to_terminal;
pub use write::{MarkdownText, escape_text, link_target};

/// The parser every chart text goes through (no raw HTML passes it: see
/// [`events`]).
fn parser(text: &str) -> Parser<'_> {
    Parser::new_ext(text, Options::empty())
}

/// The events of `text`, made safe: raw HTML becomes text, links with a
/// scheme other than http, https or mailto keep their text but lose the
/// link, images become their alt text, and headings become bold paragraphs
/// (chart text never adds to a page's outline).
pub fn events(text: &str) -> Vec<Event<'_>> {
    let mut out = Vec::new();
    let mut dropped_link = false;
    for event in parser(text) {
        match event {
            Event::Html(s) | Event::InlineHtml(s) => out.push(Event::Text(s)),
            Event::Start(Tag::HtmlBlock) => out.push(Event::Start(Tag::Paragraph)),
            Event::End(TagEnd::HtmlBlock) => out.push(Event::End(TagEnd::Paragraph)),
            Event::Start(Tag::Link { ref dest_url, .. }) if !is_safe_url(dest_url) => {
                dropped_link = true;
            }
            Event::End(TagEnd::Link) if dropped_link => dropped_link = false,
            Event::Start(Tag::Image { .. }) | Event::End(TagEnd::Image) => {}
            Event::Start(Tag::Heading { .. }) => {
                out.push(Event::Start(Tag::Paragraph));
                out.push(Event::Start(Tag::Strong));
            }
            Event::End(TagEnd::Heading(_)) => {
                out.push(Event::End(TagEnd::Strong));
                out.push(Event::End(TagEnd::Paragraph));
            }
            other => out.push(other),
        }
    }
    out
}

/// Whether a link target may be followed: relative, or http, https, mailto.
/// Browsers ignore whitespace and control characters in a scheme, so they
/// are ignored here too.
pub fn is_safe_url(url: &str) -> bool {
    let cleaned: String = url
        .chars()
        .filter(|c| !c.is_whitespace() && !c.is_control())
        .collect();
    match cleaned.find([':', '/', '?', '#']) {
        Some(i) if cleaned[i..].starts_with(':') => matches!(
            cleaned[..i].to_ascii_lowercase().as_str(),
            "http" | "https" | "mailto"
        ),
        _ => true,
    }
}

/// Chart Markdown as HTML, safe to put in a page unescaped.
pub fn to_html(text: &str) -> String {
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events(text).into_iter());
    html
}

/// Chart Markdown as HTML for a place that holds only inline content (a
/// button, a heading): a lone paragraph loses its `<p>`.
pub fn to_inline_html(text: &str) -> String {
    let html = to_html(text);
    let trimmed = html.trim_end();
    match trimmed
        .strip_prefix("<p>")
        .and_then(|s| s.strip_suffix("</p>"))
    {
        Some(inner) if !inner.contains("<p>") => inner.to_string(),
        _ => html,
    }
}

/// Chart Markdown as one line of plain text (for DOT and Mermaid labels,
/// search and page descriptions): markup dropped, whitespace collapsed.
/// Remembered per thread: every output asks it of every node's text.
pub fn to_plain(text: &str) -> String {
    thread_local! {
        static PLAIN: RefCell<TextMemo<(), String>> = RefCell::new(TextMemo::new(4_096));
    }
    if let Some(plain) = PLAIN.with(|memo| memo.borrow().get(text, |_| true).cloned()) {
        return plain;
    }
    let plain = plain_now(text);
    PLAIN.with(|memo| memo.borrow_mut().put(text, (), plain.clone()));
    plain
}

/// [`to_plain`], worked out.
fn plain_now(text: &str) -> String {
    let mut plain = String::new();
    let mut numbers: Vec<Option<u64>> = Vec::new();
    for event in events(text) {
        match event {
            Event::Text(s) | Event::Code(s) => plain.push_str(&s),
            Event::SoftBreak | Event::HardBreak | Event::End(TagEnd::Paragraph) => plain.push(' '),
            Event::Start(Tag::List(start)) => numbers.push(start),
            Event::End(TagEnd::List(_)) => {
                numbers.pop();
            }
            Event::Start(Tag::Item) => plain.push_str(&item_marker(numbers.last_mut())),
            _ => {}
        }
    }
    collapse_whitespace(&plain)
}

fn item_marker(list: Option<&mut Option<u64>>) -> String {
    match list {
        Some(Some(n)) => {
            *n += 1;
            format!(" {}. ", *n - 1)
        }
        _ => " • ".to_string(),
    }
}

/// Runs of whitespace (newlines included) become one space; ends trimmed.
pub fn collapse_whitespace(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Chart Markdown written again as Markdown, safe to paste into a Markdown
/// file at any indentation: every line after the first starts with `indent`.
pub fn to_markdown(text: &str, indent: &str) -> String {
    write::markdown(events(text), indent)
}

#[cfg(test)]
mod tests;
