//! Just enough reading of a chart's lines to say what is wrong with one:
//! each line's indentation, key and value, and the keys open above a line
//! (its ancestors and the last line at each level). Text that continues a
//! value (block text after `|` or `>`, a long text on several lines) is
//! skipped, as YAML reads it as text too.

/// The chart's lines, without their line breaks.
pub fn split(text: &str) -> Vec<&str> {
    text.split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect()
}

/// One line that is not blank and not a comment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Line<'a> {
    /// Spaces before it.
    pub indent: usize,
    /// Whether it starts with `- ` (a list item).
    pub item: bool,
    /// Its key, unquoted, if it is `key: value` (after the `- `).
    pub key: Option<&'a str>,
    /// What follows the key and its `: ` (or the whole text), trimmed.
    pub value: &'a str,
}

impl<'a> Line<'a> {
    /// The line read, or `None` for a blank line or a comment.
    pub fn read(text: &'a str) -> Option<Line<'a>> {
        let body = text.trim_start_matches(' ');
        if body.trim().is_empty() || body.starts_with('#') {
            return None;
        }
        let indent = text.len() - body.len();
        let (item, rest) = match body.strip_prefix('-') {
            Some(rest) if rest.is_empty() || rest.starts_with(' ') => (true, rest.trim_start()),
            _ => (false, body),
        };
        let (key, value) = match key_end(rest) {
            Some((key, after)) => (Some(key), rest[after..].trim()),
            None => (None, rest.trim()),
        };
        Some(Line {
            indent,
            item,
            key,
            value,
        })
    }
}

/// The key of `key: value` (unquoted) and where its value starts.
fn key_end(text: &str) -> Option<(&str, usize)> {
    let (key, colon) = match text.chars().next()? {
        q @ ('"' | '\'') => {
            let close = closing_quote(text, q)?;
            (&text[1..close], close + 1)
        }
        '[' | '{' | '|' | '>' | '&' | '*' | '!' | '%' | '@' | '`' => return None,
        _ => {
            let colon = text
                .match_indices(':')
                .map(|(i, _)| i)
                .find(|&i| text[i + 1..].is_empty() || text[i + 1..].starts_with(' '))?;
            (text[..colon].trim_end(), colon)
        }
    };
    let after = text[colon..].strip_prefix(':')?;
    (after.is_empty() || after.starts_with(' ')).then_some((key, colon + 1))
}

/// The byte index of the quote that closes the quoted text `text` opens.
fn closing_quote(text: &str, quote: char) -> Option<usize> {
    let mut chars = text.char_indices().skip(1);
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' if quote == '"' => {
                chars.next();
            }
            c if c == quote => {
                // In single quotes, `''` is one quote.
                if quote == '\'' && text[i + 1..].starts_with('\'') {
                    chars.next();
                    continue;
                }
                return Some(i);
            }
            _ => {}
        }
    }
    None
}

/// The 1-based column (in characters) of a `"` or `'` that `text` opens
/// and does not close, if it does.
pub fn unclosed_quote(text: &str) -> Option<usize> {
    let mut at = 0;
    while let Some(offset) = text[at..].find(['"', '\'']) {
        let start = at + offset;
        let quote = text[start..].chars().next()?;
        // An apostrophe inside a word is not a quote.
        let in_word = quote == '\''
            && text[..start]
                .chars()
                .next_back()
                .is_some_and(char::is_alphanumeric);
        if in_word {
            at = start + 1;
            continue;
        }
        match closing_quote(&text[start..], quote) {
            Some(close) => at = start + close + 1,
            None => return Some(text[..start].chars().count() + 1),
        }
    }
    None
}

/// The 1-based column (in characters) of a `[` that `text` opens and does
/// not close, quoted text and a comment left out.
pub fn unclosed_bracket(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut open = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            quote @ (b'"' | b'\'') => match closing_quote(&text[i..], char::from(quote)) {
                Some(close) => i += close,
                None => break,
            },
            b'[' => open.push(i),
            b']' => {
                open.pop();
            }
            b'#' if i > 0 && bytes[i - 1] == b' ' => break,
            _ => {}
        }
        i += 1;
    }
    open.first().map(|&i| text[..i].chars().count() + 1)
}

/// A line that is open above the line being explained: an ancestor, or the
/// last line at its level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Open {
    /// Its 1-based line number.
    pub no: usize,
    /// The indentation of its key (after `- ` for a list item's key).
    pub indent: usize,
    /// Its key, if it has one.
    pub key: Option<String>,
    /// Whether it is a list item.
    pub item: bool,
    /// Whether it has a value on its own line (so deeper lines continue
    /// that text) rather than lines below it.
    pub has_value: bool,
}

impl Open {
    /// How a message shows it: `` `key:` `` or `` `- ` ``.
    pub fn shown(&self) -> String {
        match (&self.key, self.item) {
            (Some(key), _) => format!("`{key}:`"),
            (None, true) => "the list item `- `".to_string(),
            (None, false) => "the text".to_string(),
        }
    }
}

/// The lines open above a line, outermost first.
#[derive(Debug, Default)]
pub struct Structure {
    open: Vec<Open>,
}

impl Structure {
    /// What is open just above line `line` (1-based) of `lines`.
    pub fn above(lines: &[&str], line: usize) -> Structure {
        let mut open: Vec<Open> = Vec::new();
        // Lines deeper than this continue the text of the line before.
        let mut text_below: Option<usize> = None;
        for (i, text) in lines.iter().enumerate().take(line.saturating_sub(1)) {
            let Some(l) = Line::read(text) else { continue };
            if text_below.is_some_and(|t| l.indent > t) {
                continue;
            }
            open.retain(|o| o.indent < l.indent);
            let has_value = !l.value.is_empty();
            let no = i + 1;
            open.push(Open {
                no,
                indent: l.indent,
                key: if l.item {
                    None
                } else {
                    l.key.map(str::to_string)
                },
                item: l.item,
                has_value: has_value && (l.key.is_none() || !l.item),
            });
            if let (true, Some(key)) = (l.item, l.key) {
                open.push(Open {
                    no,
                    indent: l.indent + 2,
                    key: Some(key.to_string()),
                    item: false,
                    has_value,
                });
            }
            let top = open.last().expect("just pushed");
            text_below = top.has_value.then_some(top.indent);
        }
        Structure { open }
    }

    /// The line whose text `this` would continue: the last open line, when
    /// it has a value and `this` is indented deeper than it.
    pub fn text_continued_by(&self, this: &Line) -> Option<&Open> {
        let last = self.open.last()?;
        (last.has_value && this.indent > last.indent && self.level(this.indent).is_none())
            .then_some(last)
    }

    /// The open line at this indentation, if `indent` lines up with one;
    /// for a line below a key with no value, that key.
    pub fn level(&self, indent: usize) -> Option<&Open> {
        if let Some(same) = self.open.iter().rev().find(|o| o.indent == indent) {
            return Some(same);
        }
        let last = self.open.last()?;
        (!last.has_value && indent > last.indent).then_some(last)
    }

    /// The open line a line at `indent` belongs to: the last with less
    /// indentation.
    pub fn owner_of(&self, indent: usize) -> Option<&Open> {
        self.open.iter().rev().find(|o| o.indent < indent)
    }

    /// Whether the line above is `key:` with nothing after it, and a line
    /// at `indent` is not below it, as it should be (an answer dedented out
    /// of its `answers:`, say).
    pub fn opened_by(&self, key: &str, indent: usize) -> bool {
        self.open
            .last()
            .is_some_and(|o| o.key.as_deref() == Some(key) && !o.has_value && o.indent >= indent)
    }

    /// "`nodes:` (line 4) at 0 spaces, `a:` (line 5) at 2": the open
    /// lines, the four innermost.
    pub fn describe(&self) -> String {
        let shown: Vec<String> = self
            .open
            .iter()
            .rev()
            .take(4)
            .rev()
            .map(|o| format!("{} (line {}) at {}", o.shown(), o.no, o.indent))
            .collect();
        match shown.split_last() {
            None => "nothing above it is indented".to_string(),
            Some((last, [])) => format!("{last} spaces"),
            Some((last, rest)) => format!("{}, {last} spaces", rest.join(", ")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_read_as_indent_item_key_and_value() {
        let read = |t| Line::read(t).expect("a line");
        assert_eq!(
            read("    ask: Is it?"),
            Line {
                indent: 4,
                item: false,
                key: Some("ask"),
                value: "Is it?"
            }
        );
        assert_eq!(read("      \"Yes\": b").key, Some("Yes"));
        assert_eq!(read("  - situation: x").key, Some("situation"));
        assert!(read("  - one").item);
        assert_eq!(read("    note: |").value, "|");
        assert_eq!(read("  no key here").key, None);
        assert_eq!(read("  http://x: y").key, Some("http://x"));
        assert_eq!(Line::read("   # a comment"), None);
        assert_eq!(Line::read("   "), None);
    }

    #[test]
    fn quotes_and_brackets_left_open_are_found_at_their_column() {
        assert_eq!(unclosed_quote("title: \"unterminated"), Some(8));
        assert_eq!(unclosed_quote("title: \"closed\" and 'so'"), None);
        assert_eq!(unclosed_quote("ruling: the offender's partner"), None);
        assert_eq!(unclosed_quote("say: «é» \"x"), Some(10));
        assert_eq!(unclosed_bracket("laws: [\"54\""), Some(7));
        assert_eq!(unclosed_bracket("laws: [\"5]4\"]"), None);
        assert_eq!(unclosed_bracket("laws: [\"54\"] # [x"), None);
    }

    #[test]
    fn text_below_a_value_is_not_structure() {
        let lines = split("a:\n  note: |\n    x: y\n  b: 1\n  c: 2\n");
        let above = Structure::above(&lines, 5);
        assert_eq!(
            above.describe(),
            "`a:` (line 1) at 0, `b:` (line 4) at 2 spaces"
        );
    }
}
