//! The indexes of the Laws of Duplicate Bridge: each law's number, title and
//! clause labels (facts only, no text). The 2017 index is compiled into the
//! binary; a project adds other editions as `laws/EDITION.txt` ([`Editions`]).
//! Also the grammar of a clause reference such as `27B1(a)`.

mod clause;
mod editions;
mod index;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, LazyLock};

pub use clause::{Clause, ClauseError, label_order, parse_clause};
pub use editions::{Editions, Origin};
pub use index::IndexError;

/// The edition built into this build, and the one a chart follows unless
/// its `edition:` names another.
pub const EDITION: u32 = 2017;

const LAWS_2017: &str = include_str!("laws-2017.txt");

/// One law: its number, title and every clause label below it (`B1(a)`).
#[derive(Debug, PartialEq, Eq)]
pub struct Law {
    /// 1 to 93 in 2017.
    pub number: u8,
    /// As the Laws print it.
    pub title: String,
    /// Labels after the law number, every prefix included.
    pub clauses: BTreeSet<String>,
}

impl Law {
    /// The clause labels in the Laws' own order (`A`, `A1`, `A2`, `A10`, `B`).
    pub fn labels_in_order(&self) -> Vec<&str> {
        let mut labels: Vec<&str> = self.clauses.iter().map(String::as_str).collect();
        labels.sort_by_key(|l| label_order(l));
        labels
    }
}

/// The index of one edition of the Laws.
#[derive(PartialEq, Eq)]
pub struct Lawbook {
    edition: u32,
    laws: BTreeMap<u8, Law>,
}

impl std::fmt::Debug for Lawbook {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "Lawbook({}, {} laws)", self.edition, self.laws.len())
    }
}

static BOOK_2017: LazyLock<Arc<Lawbook>> = LazyLock::new(|| {
    Arc::new(Lawbook::parse(EDITION, LAWS_2017).expect("the bundled 2017 index is well formed"))
});

/// The 2017 Laws' index, built in.
pub fn edition_2017() -> &'static Arc<Lawbook> {
    &BOOK_2017
}

impl Lawbook {
    /// The edition this index is of (its year).
    pub fn edition(&self) -> u32 {
        self.edition
    }

    /// The law with this number, if the edition has it.
    pub fn law(&self, number: u8) -> Option<&Law> {
        self.laws.get(&number)
    }

    /// Every law, in number order.
    pub fn laws(&self) -> impl Iterator<Item = &Law> {
        self.laws.values()
    }

    /// Whether this edition has the clause (a whole law counts).
    pub fn contains(&self, clause: &Clause) -> bool {
        self.law(clause.law)
            .is_some_and(|l| clause.label.is_empty() || l.clauses.contains(&clause.label))
    }

    /// Checks that a written clause exists in this edition.
    pub fn lookup(&self, written: &str) -> Result<Clause, ClauseError> {
        let clause = parse_clause(written)?;
        let Some(law) = self.law(clause.law) else {
            return Err(ClauseError::NoSuchLaw {
                law: clause.law,
                edition: self.edition,
                first: self.laws.keys().next().copied().unwrap_or(0),
                last: self.laws.keys().next_back().copied().unwrap_or(0),
            });
        };
        if !clause.label.is_empty() && !law.clauses.contains(&clause.label) {
            return Err(ClauseError::NoSuchClause {
                law: clause.law,
                label: clause.label,
                known: law
                    .labels_in_order()
                    .into_iter()
                    .map(String::from)
                    .collect(),
            });
        }
        Ok(clause)
    }

    /// The title of the law a clause belongs to.
    pub fn title_of(&self, clause: &Clause) -> Option<&str> {
        self.law(clause.law).map(|l| l.title.as_str())
    }

    /// The clause and every clause inside it, in the Laws' order.
    pub fn within(&self, clause: &Clause) -> Vec<Clause> {
        let Some(law) = self.law(clause.law) else {
            return Vec::new();
        };
        let whole = std::iter::once(String::new());
        whole
            .chain(law.labels_in_order().into_iter().map(String::from))
            .map(|label| Clause {
                law: clause.law,
                label,
            })
            .filter(|c| c.is_within(clause))
            .collect()
    }
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
        assert_eq!(book.edition(), 2017);
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
        assert_eq!(err.help(), "Law 54 has A, B, B1, B2, C, D, E");
    }

    #[test]
    fn a_law_past_93_is_rejected() {
        let err = edition_2017().lookup("94").unwrap_err();
        assert_eq!(err.to_string(), "there is no Law 94");
        assert_eq!(err.help(), "the 2017 Laws run from 1 to 93");
    }

    #[test]
    fn labels_come_in_the_laws_order() {
        let book = Lawbook::parse(2027, "9\tX\tA10 A2 A1 A B B1(a) B1 B1(a)(ii) B1(a)(i)\n")
            .expect("parses");
        let law = book.law(9).unwrap();
        assert_eq!(
            law.labels_in_order(),
            [
                "A",
                "A1",
                "A2",
                "A10",
                "B",
                "B1",
                "B1(a)",
                "B1(a)(i)",
                "B1(a)(ii)"
            ]
        );
    }

    #[test]
    fn within_finds_a_clause_and_everything_inside_it() {
        let book = edition_2017();
        let found: Vec<String> = book
            .within(&parse_clause("64A").unwrap())
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(found, ["64A", "64A1", "64A2"]);
        let whole = book.within(&parse_clause("22").unwrap());
        assert_eq!(whole.len(), 3, "22, 22A and 22B");
    }
}
