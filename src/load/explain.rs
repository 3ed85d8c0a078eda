//! The YAML reader's messages in plain words, for the slips chart authors
//! make: a line indented unlike the lines around it, a `: ` inside a text, a
//! quote or a `[` left open, a tab, a key with no value or the wrong kind of
//! value. Each is worked out from the reader's message and the chart's text
//! around the place it stopped, and said at the line that needs the fix.

mod lines;

use lines::{Line, Structure};

use crate::diagnostic::did_you_mean;

/// What to tell the author instead of the reader's message.
#[derive(Debug, PartialEq, Eq)]
pub struct Plain {
    /// What is wrong, in the house style (lower case, names in backticks).
    pub message: String,
    /// How to fix it.
    pub help: Option<String>,
    /// The 1-based line and column of the cause, when it is not where the
    /// reader stopped.
    pub at: Option<(usize, usize)>,
}

impl Plain {
    fn new(message: String, help: Option<String>) -> Plain {
        Plain {
            message,
            help,
            at: None,
        }
    }

    fn at(mut self, line: usize, column: usize) -> Plain {
        self.at = Some((line, column));
        self
    }
}

/// The keys a chart, a node and an example may have.
const KEYS: &[&str] = &[
    "title",
    "laws",
    "edition",
    "summary",
    "situations",
    "start",
    "nodes",
    "examples",
    "ask",
    "do",
    "ruling",
    "answers",
    "next",
    "then",
    "law",
    "note",
    "say",
    "situation",
];

/// `reader`'s message (without its position) about line `line`, column
/// `column` of `text`, in plain words.
pub fn explain(reader: &str, text: &str, line: usize, column: usize) -> Plain {
    let lines = lines::split(text);
    let here = lines.get(line.wrapping_sub(1)).copied().unwrap_or_default();
    let about = |words: &[&str]| words.iter().any(|w| reader.contains(w));
    let found = if about(&["tab"]) {
        tab(&lines, line)
    } else if about(&["trailing content after"]) {
        Some(after_quote(here))
    } else if about(&["quoted scalar", "unclosed quote"]) {
        open_quote(&lines, line)
    } else if about(&["flow", "bracket", "placement of ':'"]) {
        open_bracket(&lines, line)
    } else if about(&["simple key expected ':'"]) {
        Some(no_colon(here))
    } else if about(&["did not find expected", "not allowed in this context"])
        || reader == "invalid indentation"
    {
        layout(&lines, line, column, reader)
    } else if let Some(rest) = reader.strip_prefix("unknown field `") {
        Some(unknown_key(&lines, line, rest))
    } else if reader.starts_with("cannot deserialize null") {
        no_value(&lines, line)
    } else if reader == "expected mapping start" {
        Some(not_a_mapping(here))
    } else if reader == "expected string scalar" {
        not_a_text(&lines, line)
    } else if let Some(rest) = reader.strip_prefix("invalid type: ") {
        wrong_type(&lines, line, rest)
    } else {
        None
    };
    found.unwrap_or_else(|| {
        Plain::new(
            format!("this does not read as YAML ({reader})"),
            Some("check this line and the one before it: the indentation, and a `:` and a space after each key".into()),
        )
    })
}

fn tab(lines: &[&str], line: usize) -> Option<Plain> {
    let indented_with_tab = |text: &str| {
        let body = text.trim_start_matches([' ', '\t']);
        text[..text.len() - body.len()].contains('\t')
    };
    let upto = &lines[..line.min(lines.len())];
    if let Some(no) = (1..=upto.len())
        .rev()
        .find(|&no| indented_with_tab(upto[no - 1]))
    {
        let column = upto[no - 1].find('\t').map_or(1, |i| i + 1);
        let plain = Plain::new(
            format!("line {no} is indented with a tab; YAML indents with spaces only"),
            Some("replace the tab with spaces".into()),
        );
        return Some(plain.at(no, column));
    }
    let column = upto.last()?.find('\t')? + 1;
    let plain = Plain::new(
        format!("line {line} holds a tab where YAML allows none"),
        Some("replace the tab with spaces, or put the text in quotes".into()),
    );
    Some(plain.at(line, column))
}

/// The last line up to `line` where `open` finds something left open, and
/// its column.
fn left_open(
    lines: &[&str],
    line: usize,
    open: fn(&str) -> Option<usize>,
) -> Option<(usize, usize)> {
    (1..=line.min(lines.len()))
        .rev()
        .find_map(|no| open(lines[no - 1]).map(|column| (no, column)))
}

fn open_quote(lines: &[&str], line: usize) -> Option<Plain> {
    let (no, column) = left_open(lines, line, lines::unclosed_quote)?;
    let plain = Plain::new(
        format!("the text in quotes that starts on line {no} is not closed"),
        Some("end it with `\"` on the same line (a `\"` inside it is written `\\\"`), or leave the quotes out".into()),
    );
    Some(plain.at(no, column))
}

fn after_quote(here: &str) -> Plain {
    let key = Line::read(here).and_then(|l| l.key).unwrap_or("the key");
    Plain::new(
        format!("the text of `{key}` goes on after its closing quote"),
        Some("put all of the text inside the quotes, or leave the quotes out".into()),
    )
}

fn open_bracket(lines: &[&str], line: usize) -> Option<Plain> {
    let (no, column) = left_open(lines, line, lines::unclosed_bracket)?;
    let plain = Plain::new(
        format!("the list that opens with `[` on line {no} is not closed with `]`"),
        Some("close it on the same line: `[\"54\", \"54A\"]`".into()),
    );
    Some(plain.at(no, column))
}

fn no_colon(here: &str) -> Plain {
    let text = here.trim();
    Plain::new(
        format!("`{text}` has no `:` after it"),
        Some(format!(
            "a key is written `{text}:`, with its value after the colon"
        )),
    )
}

/// The reader stopped where the lines do not fit together: a line indented
/// unlike any above it, a list item among keys (or a key among items), or a
/// `: ` in a text.
fn layout(lines: &[&str], line: usize, column: usize, reader: &str) -> Option<Plain> {
    let this = Line::read(lines.get(line.wrapping_sub(1))?)?;
    let above = Structure::above(lines, line);
    let start = this.indent + 1;
    if let Some(open) = above.text_continued_by(&this) {
        if this.key.is_some_and(|k| KEYS.contains(&k)) {
            let key = open.shown();
            let plain = Plain::new(
                format!(
                    "line {line} is indented more than {key} on line {}, so YAML reads it as more of that text",
                    open.no
                ),
                Some(format!(
                    "indent it {} spaces, like {key}, if it is a key of its own",
                    open.indent
                )),
            );
            return Some(plain.at(line, start));
        }
        return Some(colon_in_text(open.key.as_deref(), None).at(line, column));
    }
    let Some(sibling) = above.level(this.indent) else {
        let plain = Plain::new(
            format!(
                "line {line} is indented {} spaces, which lines up with no line above it",
                this.indent
            ),
            Some(format!("lines of one level line up: {}", above.describe())),
        );
        return Some(plain.at(line, start));
    };
    if this.item && !sibling.item {
        let plain = Plain::new(
            format!("line {line} is a list item (`- `) among keys"),
            Some(format!(
                "write it without the `- `, like {} on line {}",
                sibling.shown(),
                sibling.no
            )),
        );
        return Some(plain.at(line, start));
    }
    if !this.item && sibling.item {
        let plain = Plain::new(
            format!("line {line} is a key among list items (`- `)"),
            Some(format!(
                "start it with `- ` like line {}, or indent it under that item",
                sibling.no
            )),
        );
        return Some(plain.at(line, start));
    }
    (reader.contains("mapping values") && this.value.contains(": "))
        .then(|| colon_in_text(this.key, Some(this.value)).at(line, column))
}

fn colon_in_text(key: Option<&str>, value: Option<&str>) -> Plain {
    let key = key.unwrap_or("the key");
    let help = match value {
        Some(value) => format!(
            "put the whole text in quotes: `{key}: \"{}\"`",
            value.replace('\\', "\\\\").replace('"', "\\\"")
        ),
        None => format!(
            "put the whole text in quotes, or write `{key}: >-` and the text on the lines below it"
        ),
    };
    Plain::new(
        format!("the text of `{key}` holds `: `, which YAML reads as the start of a key"),
        Some(help),
    )
}

fn unknown_key(lines: &[&str], line: usize, rest: &str) -> Plain {
    let (key, expected) = rest.split_once('`').unwrap_or((rest, ""));
    let allowed: Vec<&str> = expected
        .trim_start_matches(", expected one of ")
        .trim_start_matches(", expected ")
        .split(", ")
        .map(|k| k.trim_matches('`'))
        .filter(|k| !k.is_empty())
        .collect();
    let under_answers = Line::read(lines.get(line.wrapping_sub(1)).copied().unwrap_or_default())
        .is_some_and(|this| Structure::above(lines, line).opened_by("answers", this.indent));
    let help = if under_answers {
        "if it is an answer, indent it under `answers:` like the answers above it".to_string()
    } else if let Some(close) = did_you_mean(key, allowed.iter().copied()) {
        format!("did you mean `{close}`?")
    } else {
        let quoted: Vec<String> = allowed.iter().map(|k| format!("`{k}`")).collect();
        format!("the keys here are {}", quoted.join(", "))
    };
    Plain::new(format!("unknown key `{key}`"), Some(help))
}

fn no_value(lines: &[&str], line: usize) -> Option<Plain> {
    let key = Line::read(lines.get(line.wrapping_sub(1))?)?.key?;
    Some(Plain::new(
        format!("`{key}` has no value"),
        Some(format!("write its value after `{key}:`, on the same line")),
    ))
}

fn not_a_mapping(here: &str) -> Plain {
    match Line::read(here) {
        Some(Line {
            key: Some(key),
            value,
            ..
        }) if !value.is_empty() => Plain::new(
            format!("`{key}` should have `key: value` lines indented below it, not `{value}`"),
            None,
        ),
        _ => Plain::new(
            format!("`{}` is not a `key: value` line", here.trim()),
            Some("is the `:` after the key missing?".into()),
        ),
    }
}

fn not_a_text(lines: &[&str], line: usize) -> Option<Plain> {
    let this = Line::read(lines.get(line.wrapping_sub(1))?)?;
    if let (Some(key @ ("start" | "next" | "then")), false) = (this.key, this.value.is_empty()) {
        return Some(Plain::new(
            format!("`{key}` should be one id, not `{}`", this.value),
            Some(format!("write the id it leads to after `{key}:`")),
        ));
    }
    if let (Some(key), Some(first)) = (this.key, this.value.chars().next()) {
        let what = match first {
            '[' => "a `[` at its start makes it a list",
            '{' => "a `{` at its start makes it a mapping",
            _ => "it is not a plain text",
        };
        return Some(Plain::new(
            format!("`{key}` should be a text, but {what}"),
            Some(format!(
                "put the text in quotes: `{key}: \"{}\"`",
                this.value.replace('\\', "\\\\").replace('"', "\\\"")
            )),
        ));
    }
    let above = Structure::above(lines, line);
    let key = above.owner_of(this.indent)?.key.as_deref()?;
    Some(Plain::new(
        format!("`{key}` should be a text, not a list or `key: value` lines"),
        Some(format!("write the text after `{key}:`, on the same line")),
    ))
}

fn wrong_type(lines: &[&str], line: usize, rest: &str) -> Option<Plain> {
    let (found, expected) = rest.split_once(", expected ")?;
    let found = match found.split_whitespace().next().unwrap_or(found) {
        "map" => "`key: value` lines",
        "sequence" => "a list",
        "string" => "a text",
        "integer" | "floating" => "a number",
        "boolean" => "yes/no (true or false)",
        other => other,
    };
    let key = Line::read(lines.get(line.wrapping_sub(1))?)?
        .key
        .unwrap_or("this value");
    Some(Plain::new(
        format!("`{key}` should be {expected}, not {found}"),
        None,
    ))
}

#[cfg(test)]
mod tests;
