//! The text format of an index, read and written: one law per line,
//! `number TAB title TAB labels`, labels space-separated, `#` comments.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::Serialize;

use super::{Law, Lawbook, parse_clause};

/// Why an index file was refused, and where (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexError {
    /// The line.
    pub line: usize,
    /// The column, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for IndexError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl Lawbook {
    /// Reads an index of `edition` in the text format.
    pub fn parse(edition: u32, text: &str) -> Result<Lawbook, IndexError> {
        let mut laws = BTreeMap::new();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let at = |column: usize, message: String| IndexError {
                line: i + 1,
                column,
                message,
            };
            let law = parse_law_line(line).map_err(|(col, msg)| at(col, msg))?;
            let number = law.number;
            if laws.insert(number, law).is_some() {
                return Err(at(1, format!("law {number} is listed twice")));
            }
        }
        if laws.is_empty() {
            return Err(IndexError {
                line: 1,
                column: 1,
                message: "the index lists no law".into(),
            });
        }
        Ok(Lawbook { edition, laws })
    }

    /// The index in its text format, labels in the Laws' order: what
    /// [`Lawbook::parse`] reads back to the same index.
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "# The Laws of Duplicate Bridge {}: law numbers, titles and clause labels (facts only).\n\
             # One law per line: number TAB title TAB its clause labels, space-separated, each written after the law number.\n\
             # Every prefix of a label is listed too (B1(a) implies B1 and B).\n",
            self.edition
        );
        for law in self.laws() {
            let labels = law.labels_in_order().join(" ");
            out.push_str(&format!("{}\t{}\t{labels}\n", law.number, law.title));
        }
        out
    }

    /// The index as JSON: the edition, then each law with its labels in order.
    pub fn to_json(&self, origin: &str) -> String {
        #[derive(Serialize)]
        struct JsonLaw<'a> {
            number: u8,
            title: &'a str,
            clauses: Vec<&'a str>,
        }
        #[derive(Serialize)]
        struct JsonIndex<'a> {
            edition: u32,
            origin: &'a str,
            laws: Vec<JsonLaw<'a>>,
        }
        let index = JsonIndex {
            edition: self.edition,
            origin,
            laws: self
                .laws()
                .map(|l| JsonLaw {
                    number: l.number,
                    title: &l.title,
                    clauses: l.labels_in_order(),
                })
                .collect(),
        };
        serde_json::to_string_pretty(&index).expect("an index serialises") + "\n"
    }
}

/// One line of the index, or the column and message of what is wrong.
fn parse_law_line(line: &str) -> Result<Law, (usize, String)> {
    let column = |byte: usize| line[..byte].chars().count() + 1;
    let fields: Vec<(usize, &str)> = pieces(line, '\t').collect();
    let (_, written) = fields[0];
    let number: u8 = written
        .trim()
        .parse()
        .ok()
        .filter(|n| (1..=99).contains(n))
        .ok_or_else(|| (1, format!("`{written}` is not a law number (1 to 99)")))?;
    let (title_at, title) = fields.get(1).copied().unwrap_or((line.len(), ""));
    if title.trim().is_empty() {
        return Err((column(title_at), format!("law {number} has no title")));
    }
    if let Some((at, _)) = fields.get(3) {
        let message = format!("law {number}: more than three tab-separated fields");
        return Err((column(*at), message));
    }
    let (labels_at, labels) = fields.get(2).copied().unwrap_or((line.len(), ""));
    let mut clauses = BTreeSet::new();
    let mut placed = Vec::new();
    for (offset, label) in pieces(labels, ' ').filter(|(_, w)| !w.is_empty()) {
        let col = column(labels_at + offset);
        if parse_clause(&format!("{number}{label}")).is_err() {
            return Err((
                col,
                format!("law {number}: `{label}` is not a clause label"),
            ));
        }
        if !clauses.insert(label.to_string()) {
            return Err((col, format!("law {number}: `{label}` is listed twice")));
        }
        placed.push((label, col));
    }
    for (label, col) in placed {
        let parsed = parse_clause(&format!("{number}{label}")).expect("checked above");
        if let Some(parent) = parsed.parent_label()
            && !clauses.contains(&parent)
        {
            return Err((
                col,
                format!("law {number}: `{label}` listed without `{parent}`"),
            ));
        }
    }
    Ok(Law {
        number,
        title: title.trim().to_string(),
        clauses,
    })
}

/// The pieces of `s` between `sep`s, each with its byte offset in `s`.
fn pieces(s: &str, sep: char) -> impl Iterator<Item = (usize, &str)> {
    s.split(sep).scan(0, move |offset, piece| {
        let at = *offset;
        *offset += piece.len() + sep.len_utf8();
        Some((at, piece))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lawbook::edition_2017;

    #[test]
    fn an_index_line_whose_parent_label_is_missing_is_refused_at_the_label() {
        let err = Lawbook::parse(2017, "# x\n1\tThe Cards\tA A1 B2\n").unwrap_err();
        assert_eq!(err.to_string(), "2:18: law 1: `B2` listed without `B`");
    }

    #[test]
    fn a_bad_number_a_missing_title_or_a_bad_label_is_refused_where_it_stands() {
        let err = |text: &str| Lawbook::parse(2017, text).unwrap_err().to_string();
        assert_eq!(err("x\tT\tA\n"), "1:1: `x` is not a law number (1 to 99)");
        assert_eq!(err("7\t\tA\n"), "1:3: law 7 has no title");
        assert_eq!(err("7\tT\tA a\n"), "1:7: law 7: `a` is not a clause label");
        assert_eq!(err("7\tT\tA A\n"), "1:7: law 7: `A` is listed twice");
        assert_eq!(err("7\tT\tA\n7\tU\n"), "2:1: law 7 is listed twice");
        assert_eq!(err("# nothing\n"), "1:1: the index lists no law");
    }

    #[test]
    fn the_text_form_reads_back_to_the_same_index() {
        let book = edition_2017();
        let again = Lawbook::parse(2017, &book.to_text()).expect("reads back");
        assert_eq!(&again, book.as_ref());
        assert!(
            book.to_text()
                .contains("\n54\tFaced Opening Lead Out of Turn\tA B B1 B2 C D E\n")
        );
    }

    #[test]
    fn the_json_form_lists_labels_in_order() {
        let json: serde_json::Value =
            serde_json::from_str(&edition_2017().to_json("built in")).unwrap();
        assert_eq!(json["edition"], 2017);
        assert_eq!(json["laws"][53]["number"], 54);
        assert_eq!(json["laws"][53]["clauses"][2], "B1");
    }
}
