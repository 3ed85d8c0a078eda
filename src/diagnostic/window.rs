//! A long source line cut to a window around the caret, for the text
//! rendering of a diagnostic: a 1 MB value or a minified chart would
//! otherwise be printed whole. The header keeps the true line and column.

use std::borrow::Cow;
use std::ops::Range;

use codespan_reporting::files::{Error, Files};
use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};

use super::Diagnostic;

/// The most characters of a line shown, besides the `…` on a cut side.
pub const WIDTH: usize = 120;
/// Characters kept before the caret when the line is cut on both sides.
const BEFORE: usize = 40;
const ELLIPSIS: &str = "…";

/// One line of a file, cut around a caret, as codespan's only file.
pub struct Window {
    name: String,
    line: usize,
    /// The column of the first character after a leading `…`.
    first_column: usize,
    /// Bytes of the leading `…` (0 when the line is shown from its start).
    lead: usize,
    text: String,
    /// The caret, in `text`.
    pub caret: Range<usize>,
}

/// The window around `start..end` (on line `line`, column `column`) of
/// `source`, or `None` when the whole line fits. Looks at no more than
/// [`WIDTH`] characters either side, however long the line.
pub fn cut(
    name: &str,
    source: &str,
    line: usize,
    column: usize,
    caret: Range<usize>,
) -> Option<Window> {
    let start = floor_boundary(source, caret.start);
    let back: Vec<usize> = source[..start]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| c != '\n')
        .take(WIDTH + 1)
        .map(|(i, _)| i)
        .collect();
    let rest = &source[start..];
    let line_end = start + rest.find('\n').unwrap_or(rest.len());
    let ahead: Vec<usize> = source[start..line_end]
        .char_indices()
        .take(WIDTH + 1)
        .map(|(i, _)| start + i)
        .collect();
    if back.len() + ahead.len() <= WIDTH {
        return None;
    }
    let mut left = back
        .len()
        .min(BEFORE.max(WIDTH.saturating_sub(ahead.len())));
    let mut from = if left == 0 { start } else { back[left - 1] };
    while left > 0 && left < back.len() && inside_cluster(source, from) {
        left -= 1;
        from = if left == 0 { start } else { back[left - 1] };
    }
    let mut right = WIDTH - left;
    let mut to = ahead.get(right).copied().unwrap_or(line_end);
    while right > 1 && right < ahead.len() && inside_cluster(source, to) {
        right -= 1;
        to = ahead[right];
    }
    let (lead, tail) = (
        if left < back.len() { ELLIPSIS } else { "" },
        if right < ahead.len() { ELLIPSIS } else { "" },
    );
    let text = format!("{lead}{}{tail}", &source[from..to]);
    let caret_start = lead.len() + (start - from);
    let caret_end = lead.len() + (floor_boundary(source, caret.end.clamp(start, to)) - from);
    Some(Window {
        name: name.to_string(),
        line,
        first_column: column.saturating_sub(left).max(1),
        lead: lead.len(),
        text,
        caret: caret_start..caret_end,
    })
}

/// The most characters of a `quoted` name a text message shows.
const QUOTED: usize = 80;

/// `d` with every backtick-quoted name over [`QUOTED`] characters cut to its
/// start and end around `…`: an unknown target may be a megabyte long.
pub fn shortened(d: &Diagnostic) -> Cow<'_, Diagnostic> {
    let message = shorten_quoted(&d.message);
    let help = d.help.as_deref().and_then(shorten_quoted);
    let notes: Vec<Option<String>> = d.notes.iter().map(|n| shorten_quoted(n)).collect();
    if message.is_none() && help.is_none() && notes.iter().all(Option::is_none) {
        return Cow::Borrowed(d);
    }
    let mut short = d.clone();
    short.message = message.unwrap_or(short.message);
    short.help = help.or(short.help);
    for (note, shorter) in short.notes.iter_mut().zip(notes) {
        if let Some(shorter) = shorter {
            *note = shorter;
        }
    }
    Cow::Owned(short)
}

fn shorten_quoted(text: &str) -> Option<String> {
    let long = |part: &&str| part.len() > QUOTED && part.chars().count() > QUOTED;
    if !text.split('`').skip(1).step_by(2).any(|p| long(&p)) {
        return None;
    }
    let parts: Vec<Cow<str>> = text
        .split('`')
        .enumerate()
        .map(|(i, part)| match i % 2 == 1 && long(&part) {
            true => Cow::Owned(elide(part)),
            false => Cow::Borrowed(part),
        })
        .collect();
    Some(parts.join("`"))
}

/// The first 60 and last 16 characters of `name` around `…`, each end moved
/// inward rather than split a character from its marks.
fn elide(name: &str) -> String {
    let count = name.chars().count();
    let at = |n: usize| name.char_indices().nth(n).map_or(name.len(), |(i, _)| i);
    let mut head = at(60);
    while head > 0 && inside_cluster(name, head) {
        head = floor_boundary(name, head - 1);
    }
    let mut tail = at(count - 16);
    while tail < name.len() && inside_cluster(name, tail) {
        tail += name[tail..].chars().next().map_or(1, char::len_utf8);
    }
    format!("{}…{}", &name[..head], &name[tail..])
}

fn floor_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// Whether a cut before byte `at` would split a user-perceived character:
/// the next is a combining mark, a joiner or a skin tone, or the last a joiner.
fn inside_cluster(text: &str, at: usize) -> bool {
    let joins = |c: char| c == '\u{200D}';
    let extends = |c: char| {
        joins(c)
            || ('\u{1F3FB}'..='\u{1F3FF}').contains(&c)
            || c.general_category_group() == GeneralCategoryGroup::Mark
    };
    let next = text[at..].chars().next().is_some_and(extends);
    next || text[..at].chars().next_back().is_some_and(joins)
}

impl<'a> Files<'a> for Window {
    type FileId = ();
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, (): ()) -> Result<&'a str, Error> {
        Ok(&self.name)
    }

    fn source(&'a self, (): ()) -> Result<&'a str, Error> {
        Ok(&self.text)
    }

    fn line_index(&'a self, (): (), _: usize) -> Result<usize, Error> {
        Ok(0)
    }

    fn line_number(&'a self, (): (), _: usize) -> Result<usize, Error> {
        Ok(self.line)
    }

    fn column_number(&'a self, (): (), _: usize, byte_index: usize) -> Result<usize, Error> {
        let shown = self
            .text
            .get(self.lead..byte_index.max(self.lead))
            .unwrap_or("");
        Ok(self.first_column + shown.chars().count())
    }

    fn line_range(&'a self, (): (), _: usize) -> Result<Range<usize>, Error> {
        Ok(0..self.text.len())
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Diagnostic, Sources, Span, render_json, render_text};

    fn rendered(source: &str, start: usize, len: usize) -> String {
        let before = &source[..start];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let span = Span {
            line: before.matches('\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
            start,
            end: start + len,
        };
        let mut sources = Sources::new();
        sources.insert("t.yaml".into(), source.into());
        let d = Diagnostic::error("x", "t.yaml", Some(span), "bad".into());
        render_text(&[d], &sources)
    }

    fn source_line(text: &str) -> &str {
        text.lines()
            .find(|l| l.starts_with("2 |"))
            .expect("a source line")
    }

    #[test]
    fn a_megabyte_line_is_cut_around_the_caret_with_the_true_column() {
        let source = format!(
            "title: x\nnote: {}BAD{}\n",
            "a".repeat(500_000),
            "b".repeat(500_000)
        );
        let text = rendered(&source, 9 + 6 + 500_000, 3);
        assert!(text.contains("--> t.yaml:2:500007"), "{text}");
        let line = source_line(&text);
        assert_eq!(
            line,
            format!("2 | …{}BAD{}…", "a".repeat(40), "b".repeat(77))
        );
        assert!(
            text.contains(&format!("  | {}^^^\n", " ".repeat(41))),
            "{text}"
        );
        assert!(text.len() < 1_000, "{}", text.len());
    }

    #[test]
    fn a_long_line_is_cut_on_one_side_only_when_the_caret_is_near_an_end() {
        let source = format!("x\nkey: {}\n", "é".repeat(1_000));
        let line_of = |start| source_line(&rendered(&source, start, 2)).to_string();
        assert_eq!(line_of(2), format!("2 | key: {}…", "é".repeat(115)));
        let last = source.len() - 3;
        assert_eq!(line_of(last), format!("2 | …{}", "é".repeat(120)));
        let short = "x\nkey: value\n";
        assert!(rendered(short, 7, 5).contains("2 | key: value\n"));
    }

    #[test]
    fn a_cut_never_separates_a_combining_mark_from_its_letter() {
        // 41 characters before the caret: the cut falls before the accent.
        let source = format!(
            "x\n{}{}BAD{}\n",
            "e\u{301}".repeat(20),
            "x",
            "y".repeat(500)
        );
        let start = source.find("BAD").expect("BAD");
        let line = source_line(&rendered(&source, start, 3)).to_string();
        assert!(line.starts_with("2 | …e\u{301}"), "{line}");
        assert!(text_has_no_dangling_mark(&line), "{line}");
    }

    fn text_has_no_dangling_mark(line: &str) -> bool {
        !line.contains("…\u{301}")
    }

    #[test]
    fn a_megabyte_name_in_a_message_is_cut_in_text_and_whole_in_json() {
        let name = format!("nowhere{}end", "z".repeat(1_000_000));
        let message = format!("`next` of step `a` goes to unknown node `{name}`");
        let d = Diagnostic::error("x", "t.yaml", None, message.clone())
            .with_help(format!("not `{name}`"));
        let text = render_text(std::slice::from_ref(&d), &Sources::new());
        let short = format!("nowhere{}…{}end", "z".repeat(53), "z".repeat(13));
        assert!(
            text.starts_with(&format!(
                "error: `next` of step `a` goes to unknown node `{short}`\n"
            )),
            "{text}"
        );
        assert!(
            text.contains(&format!("  = help: not `{short}`\n")),
            "{text}"
        );
        assert!(render_json(&[d]).contains(&message));
        let marks = format!("`x{}y`", "e\u{301}".repeat(100));
        let cut = super::shorten_quoted(&marks).expect("cut");
        assert!(
            !cut.contains("`\u{301}") && !cut.contains("…\u{301}"),
            "{cut}"
        );
    }
}
