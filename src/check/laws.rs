//! Rule 9: every law clause cited must exist in the edition's index.

use serde_saphyr::Spanned;

use super::cx::{Cx, help};
use crate::diagnostic::Span;
use crate::lawbook::{self, Clause};
use crate::spec::Clauses;

/// Checks each clause written in a `law`/`laws` value; returns those that exist.
pub fn clauses(cx: &mut Cx, written: &Spanned<Clauses>) -> Vec<Clause> {
    let items: Vec<(String, Option<Span>)> = match &written.value {
        Clauses::One(text) => vec![written_text(cx, text, cx.at(written))],
        Clauses::Many(list) => list
            .iter()
            .map(|c| written_text(cx, &c.value.0, cx.at(c)))
            .collect(),
    };
    let book = lawbook::edition_2017();
    let mut found = Vec::new();
    for (text, span) in items {
        match book.lookup(text.trim()) {
            Ok(clause) => found.push(clause),
            Err(err) => {
                let hint = err.help();
                help(cx.error("bad-clause", span, err.to_string()), hint);
            }
        }
    }
    found
}

/// The clause as written: the parsed string, or (for a scalar YAML read as a
/// float, like `47E1`) the token in the source text where the value stands.
fn written_text(cx: &Cx, parsed: &Option<String>, span: Option<Span>) -> (String, Option<Span>) {
    if let Some(text) = parsed {
        return (text.clone(), span);
    }
    let start = span.map_or(0, |s| s.start).min(cx.text.len());
    let token: String = cx.text[start..]
        .chars()
        .take_while(|c| !c.is_whitespace() && !matches!(c, ',' | ']' | '}' | '#'))
        .collect();
    let span = span.map(|s| Span {
        end: s.start + token.len(),
        ..s
    });
    (token, span)
}
