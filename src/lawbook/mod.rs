//! The index of the 2017 Laws of Duplicate Bridge: each law's number, title
//! and clause labels (facts only, no text), compiled into the binary, and the
//! grammar of a clause reference such as `27B1(a)`.

mod clause;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

pub use clause::{Clause, ClauseError, parse_clause};

/// The only edition this build carries an index for.
pub const EDITION: u32 = 2017;

const LAWS_2017: &str = include_str!("laws-2017.txt");

/// One law: its number, title and every clause label below it (`B1(a)`).
#[derive(Debug)]
pub struct Law {
    /// 1 to 93.
    pub number: u8,
    /// As the Laws print it.
    pub title: String,
    /// Labels after the law number, every prefix included.
    pub clauses: BTreeSet<String>,
}

/// The index of one edition of the Laws.
#[derive(Debug)]
pub struct Lawbook {
    laws: BTreeMap<u8, Law>,
}

static BOOK_2017: LazyLock<Lawbook> =
    LazyLock::new(|| Lawbook::parse(LAWS_2017).expect("the bundled 2017 index is well formed"));

/// The 2017 Laws' index.
pub fn edition_2017() -> &'static Lawbook {
    &BOOK_2017
}

impl Lawbook {
    /// Reads the tab-separated index: number, title, space-separated labels.
    pub fn parse(text: &str) -> Result<Lawbook, String> {
        let mut laws = BTreeMap::new();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let law = parse_law_line(line).map_err(|e| format!("line {}: {e}", i + 1))?;
            if laws.insert(law.number, law).is_some() {
                return Err(format!("line {}: law listed twice", i + 1));
            }
        }
        Ok(Lawbook { laws })
    }

    /// The law with this number, if the edition has it.
    pub fn law(&self, number: u8) -> Option<&Law> {
        self.laws.get(&number)
    }

    /// Every law, in number order.
    pub fn laws(&self) -> impl Iterator<Item = &Law> {
        self.laws.values()
    }

    /// Checks that a written clause exists in this edition.
    pub fn lookup(&self, written: &str) -> Result<Clause, ClauseError> {
        let clause = parse_clause(written)?;
        let law = self
            .law(clause.law)
            .ok_or(ClauseError::NoSuchLaw(clause.law))?;
        if !clause.label.is_empty() && !law.clauses.contains(&clause.label) {
            return Err(ClauseError::NoSuchClause {
                law: clause.law,
                label: clause.label,
                known: law.clauses.iter().cloned().collect(),
            });
        }
        Ok(clause)
    }

    /// The title of the law a clause belongs to.
    pub fn title_of(&self, clause: &Clause) -> Option<&str> {
        self.law(clause.law).map(|l| l.title.as_str())
    }
}

fn parse_law_line(line: &str) -> Result<Law, String> {
    let mut fields = line.split('\t');
    let number = fields.next().unwrap_or("");
    let number: u8 = number
        .trim()
        .parse()
        .map_err(|_| format!("`{number}` is not a law number"))?;
    let title = fields.next().unwrap_or("").trim().to_string();
    if title.is_empty() {
        return Err(format!("law {number} has no title"));
    }
    let clauses: BTreeSet<String> = fields
        .next()
        .unwrap_or("")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    for label in &clauses {
        let parsed =
            parse_clause(&format!("{number}{label}")).map_err(|e| format!("law {number}: {e}"))?;
        if let Some(parent) = parsed.parent_label()
            && !clauses.contains(&parent)
        {
            return Err(format!("law {number}: `{label}` listed without `{parent}`"));
        }
    }
    Ok(Law {
        number,
        title,
        clauses,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_index_has_every_law_from_1_to_93() {
        let book = edition_2017();
        let numbers: Vec<u8> = book.laws().map(|l| l.number).collect();
        assert_eq!(numbers, (1..=93).collect::<Vec<u8>>());
        assert!(book.laws().all(|l| !l.title.is_empty()));
    }

    #[test]
    fn known_clauses_of_the_2017_laws_are_found() {
        let book = edition_2017();
        for c in [
            "54", "54D", "27B1(a)", "50D2(a)", "64A2", "12C1(e)", "16D2", "26B",
        ] {
            assert!(book.lookup(c).is_ok(), "{c} should exist");
        }
        assert_eq!(
            book.law(54).unwrap().title,
            "Faced Opening Lead Out of Turn"
        );
    }

    #[test]
    fn a_clause_the_law_does_not_have_is_rejected() {
        let err = edition_2017().lookup("54Z").unwrap_err();
        assert_eq!(err.to_string(), "Law 54 has no clause Z");
    }

    #[test]
    fn a_law_past_93_is_rejected() {
        let err = edition_2017().lookup("94").unwrap_err();
        assert_eq!(err.to_string(), "there is no Law 94");
    }

    #[test]
    fn an_index_line_whose_parent_label_is_missing_is_refused() {
        let err = Lawbook::parse("1\tThe Cards\tA1\n").unwrap_err();
        assert_eq!(err, "line 1: law 1: `A1` listed without `A`");
    }
}
