//! Sanitised events written back as Markdown (for the `md/` output): the
//! structure (paragraphs, lists, emphasis, links, code) is kept, and every
//! piece of text is escaped so that it can only ever be text.

use std::fmt;

use pulldown_cmark::{CodeBlockKind, Event, Tag, TagEnd};

/// Characters that could start markup anywhere in a line (GitHub's dialect
/// included: tables, strikethrough, math).
const SPECIAL: &[char] = &[
    '\\', '`', '*', '_', '[', ']', '<', '>', '#', '|', '~', '&', '$', '!',
];

/// Plain text escaped for Markdown, on one line: it renders as exactly
/// these characters and cannot start a list, heading, link or HTML.
pub fn escape_text(text: &str) -> String {
    let one_line = super::collapse_whitespace(text);
    escape_inline(&one_line, true)
}

/// The askama escaper of `.md` templates: `{{ value }}` is Markdown text.
#[derive(Clone, Copy, Debug, Default)]
pub struct MarkdownText;

impl askama::filters::Escaper for MarkdownText {
    fn write_escaped_str<W: fmt::Write>(&self, mut dest: W, string: &str) -> fmt::Result {
        dest.write_str(&escape_text(string))
    }
}

fn escape_inline(text: &str, line_start: bool) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let body = if line_start {
        escape_line_start(text, &mut out)
    } else {
        text
    };
    for c in body.chars() {
        if SPECIAL.contains(&c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Escapes what would make a line a list item or a setext underline
/// (`- `, `+ `, `=`, `12. `, `3) `) and returns the rest of the text.
fn escape_line_start<'a>(text: &'a str, out: &mut String) -> &'a str {
    let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let after = text[digits..].chars().next();
    if digits > 0 && matches!(after, Some('.' | ')')) {
        out.push_str(&text[..digits]);
        out.push('\\');
        return &text[digits..];
    }
    if text.starts_with(['-', '+', '=']) {
        out.push('\\');
    }
    text
}

/// The sanitised `events` as Markdown; lines after the first start with
/// `indent`.
pub fn markdown(events: Vec<Event<'_>>, indent: &str) -> String {
    let mut w = Writer::new(indent);
    for event in events {
        w.event(event);
    }
    w.flush_line();
    w.out.trim_end().to_string()
}

/// A container the current line sits in: a list item or a quote.
struct Prefix {
    first: String,
    rest: String,
    used: bool,
}

struct Writer<'i> {
    out: String,
    line: String,
    indent: &'i str,
    prefixes: Vec<Prefix>,
    lists: Vec<Option<u64>>,
    blank_before: bool,
    code: Option<(String, String)>,
    links: Vec<String>,
}

impl<'i> Writer<'i> {
    fn new(indent: &'i str) -> Self {
        Writer {
            out: String::new(),
            line: String::new(),
            indent,
            prefixes: Vec::new(),
            lists: Vec::new(),
            blank_before: false,
            code: None,
            links: Vec::new(),
        }
    }

    fn event(&mut self, event: Event<'_>) {
        match event {
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
            Event::Text(s) => self.text(&s),
            Event::Code(s) => self.line.push_str(&code_span(&s)),
            Event::SoftBreak => self.line.push(' '),
            Event::HardBreak => {
                self.line.push('\\');
                self.flush_line();
            }
            Event::Rule => {
                self.block_start();
                self.line.push_str("* * *");
                self.end_block();
            }
            _ => {}
        }
    }

    fn start(&mut self, tag: Tag<'_>) {
        match tag {
            Tag::Paragraph => self.block_start(),
            Tag::List(start) => {
                self.block_start();
                self.lists.push(start);
            }
            Tag::Item => self.item_start(),
            Tag::BlockQuote(_) => {
                self.block_start();
                self.push_prefix("> ".into(), "> ".into());
            }
            Tag::CodeBlock(kind) => {
                self.block_start();
                let info = match kind {
                    CodeBlockKind::Fenced(info) => safe_info(&info),
                    CodeBlockKind::Indented => String::new(),
                };
                self.code = Some((info, String::new()));
            }
            Tag::Emphasis => self.line.push('*'),
            Tag::Strong => self.line.push_str("**"),
            Tag::Link { dest_url, .. } => {
                self.line.push('[');
                self.links.push(link_target(&dest_url));
            }
            _ => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Paragraph => self.end_block(),
            TagEnd::List(_) => {
                self.lists.pop();
                self.end_block();
            }
            TagEnd::Item => {
                self.flush_line();
                self.prefixes.pop();
            }
            TagEnd::BlockQuote(_) => {
                self.flush_line();
                self.prefixes.pop();
                self.blank_before = true;
            }
            TagEnd::CodeBlock => self.code_block(),
            TagEnd::Emphasis => self.line.push('*'),
            TagEnd::Strong => self.line.push_str("**"),
            TagEnd::Link => {
                let dest = self.links.pop().unwrap_or_default();
                self.line.push_str(&format!("]({dest})"));
            }
            _ => {}
        }
    }

    fn text(&mut self, text: &str) {
        if let Some((_, code)) = &mut self.code {
            code.push_str(text);
            return;
        }
        let one_line = text.replace(['\n', '\r'], " ");
        let at_start = self.line.trim().is_empty();
        let piece = if at_start {
            one_line.trim_start()
        } else {
            &one_line
        };
        self.line.push_str(&escape_inline(piece, at_start));
    }

    fn item_start(&mut self) {
        self.flush_line();
        self.blank_line_if_needed();
        let marker = match self.lists.last_mut() {
            Some(Some(n)) => {
                *n += 1;
                format!("{}. ", *n - 1)
            }
            _ => "- ".to_string(),
        };
        let rest = " ".repeat(marker.len());
        self.push_prefix(marker, rest);
    }

    fn push_prefix(&mut self, first: String, rest: String) {
        self.prefixes.push(Prefix {
            first,
            rest,
            used: false,
        });
    }

    fn block_start(&mut self) {
        self.flush_line();
        self.blank_line_if_needed();
    }

    fn blank_line_if_needed(&mut self) {
        if self.blank_before && !self.out.is_empty() {
            let rest: String = self.prefixes.iter().map(|p| p.rest.as_str()).collect();
            let line = format!("{}{}", self.indent, rest);
            self.out.push_str(line.trim_end());
            self.out.push('\n');
        }
        self.blank_before = false;
    }

    fn end_block(&mut self) {
        self.flush_line();
        self.blank_before = true;
    }

    fn flush_line(&mut self) {
        if self.line.trim().is_empty() {
            self.line.clear();
            return;
        }
        let line = std::mem::take(&mut self.line);
        self.write_line(line.trim_end());
    }

    fn write_line(&mut self, content: &str) {
        if !self.out.is_empty() {
            self.out.push_str(self.indent);
        }
        for p in &mut self.prefixes {
            self.out.push_str(if p.used {
                p.rest.as_str()
            } else {
                p.first.as_str()
            });
            p.used = true;
        }
        self.out.push_str(content);
        self.out.push('\n');
    }

    fn code_block(&mut self) {
        let Some((info, code)) = self.code.take() else {
            return;
        };
        let fence = "`".repeat(longest_run(&code, '`').max(2) + 1);
        self.write_line(&format!("{fence}{info}"));
        for line in code.trim_end_matches('\n').lines() {
            self.write_line(line);
        }
        self.write_line(&fence);
        self.blank_before = true;
    }
}

fn longest_run(text: &str, c: char) -> usize {
    let (mut longest, mut run) = (0, 0);
    for ch in text.chars() {
        run = if ch == c { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    longest
}

fn code_span(code: &str) -> String {
    let fence = "`".repeat(longest_run(code, '`') + 1);
    let pad = if code.starts_with(['`', ' ']) || code.ends_with(['`', ' ']) {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{code}{pad}{fence}")
}

/// A code block's language, only when it is a plain word.
fn safe_info(info: &str) -> String {
    let word = info.split_whitespace().next().unwrap_or("");
    if word.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        word.to_string()
    } else {
        String::new()
    }
}

/// A link target that cannot end the `(...)` early or break the line.
pub fn link_target(url: &str) -> String {
    let mut out = String::with_capacity(url.len());
    for c in url.chars() {
        let keep = c.is_ascii_alphanumeric() || "-._~:/?#@!$&*+,;=%".contains(c);
        if keep {
            out.push(c);
        } else {
            let mut buf = [0; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    out
}
