//! Rule 9: every law clause cited must exist in the index of the chart's
//! edition.

use serde_saphyr::Spanned;

use super::cx::{Cx, help};
use crate::diagnostic::Span;
use crate::lawbook::{Clause, Lawbook, parse_clause};
use crate::load;
use crate::spec::Clauses;

/// Checks each clause written in a `law`/`laws` value against `book`
/// (only its grammar when the edition is unknown); returns those that pass.
pub fn clauses(cx: &mut Cx, written: &Spanned<Clauses>, book: Option<&Lawbook>) -> Vec<Clause> {
    let mut found = Vec::new();
    for (text, span) in written_clauses(cx.text, written) {
        let looked_up = match book {
            Some(book) => book.lookup(text.trim()),
            None => parse_clause(text.trim()),
        };
        match looked_up {
            Ok(clause) => found.push(clause),
            Err(err) => {
                let hint = err.help();
                help(cx.error("bad-clause", span, err.to_string()), hint);
            }
        }
    }
    found
}

/// Each clause of a `law`/`laws` value as written, with where it stands in
/// `text` (the span covers any quotes around it).
pub fn written_clauses(text: &str, written: &Spanned<Clauses>) -> Vec<(String, Option<Span>)> {
    let span = |loc| Some(load::span_of(loc, text));
    match &written.value {
        Clauses::One(parsed) => vec![written_text(text, parsed, span(&written.referenced))],
        Clauses::Many(list) => list
            .iter()
            .map(|c| written_text(text, &c.value.0, span(&c.referenced)))
            .collect(),
    }
}

/// The clause as written: the parsed string, or (for a scalar YAML read as a
/// float, like `47E1`) the token in the source text where the value stands.
pub fn written_text(
    text: &str,
    parsed: &Option<String>,
    span: Option<Span>,
) -> (String, Option<Span>) {
    if let Some(parsed) = parsed {
        return (parsed.clone(), span);
    }
    let start = span.map_or(0, |s| s.start).min(text.len());
    let token: String = text[start..]
        .chars()
        .take_while(|c| !c.is_whitespace() && !matches!(c, ',' | ']' | '}' | '#'))
        .collect();
    let span = span.map(|s| Span {
        end: s.start + token.len(),
        ..s
    });
    (token, span)
}
