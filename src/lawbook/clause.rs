//! The grammar of a law clause reference, as the Laws write them:
//! law number, then capital letter, number, `(a)` and `(i)` levels (`27B1(a)`).

use std::fmt;

/// A parsed clause: the law number and the label after it (`B1(a)`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Clause {
    /// The law, 1 to 93 in 2017.
    pub law: u8,
    /// What follows the number; empty for the whole law.
    pub label: String,
}

impl Clause {
    /// The label one level up (`B1(a)` -> `B1`), or `None` at the top.
    pub fn parent_label(&self) -> Option<String> {
        let label = &self.label;
        if label.is_empty() {
            return None;
        }
        if label.ends_with(')') {
            let open = label.rfind('(').expect("a label ending in `)` has its `(`");
            return Some(label[..open].to_string());
        }
        let trimmed = label.trim_end_matches(|c: char| c.is_ascii_digit());
        if trimmed.len() < label.len() {
            return Some(trimmed.to_string());
        }
        Some(String::new()).filter(|_| label.len() > 1)
    }
}

impl fmt::Display for Clause {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}{}", self.law, self.label)
    }
}

/// Why a written clause was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClauseError {
    /// Not of the clause grammar at all.
    Malformed(String),
    /// The edition has no law with this number.
    NoSuchLaw(u8),
    /// The law exists but has no such clause.
    NoSuchClause {
        /// The law number.
        law: u8,
        /// The label that was written.
        label: String,
        /// The labels the law does have.
        known: Vec<String>,
    },
}

impl fmt::Display for ClauseError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            ClauseError::Malformed(s) => write!(f, "`{s}` is not a law clause"),
            ClauseError::NoSuchLaw(n) => write!(f, "there is no Law {n}"),
            ClauseError::NoSuchClause { law, label, .. } => {
                write!(f, "Law {law} has no clause {label}")
            }
        }
    }
}

impl ClauseError {
    /// How to fix it.
    pub fn help(&self) -> String {
        match self {
            ClauseError::Malformed(_) => {
                "write clauses as the Laws number them, without the word Law: `54`, `54D`, `27B1(a)`, `12C1(e)`".into()
            }
            ClauseError::NoSuchLaw(_) => "the 2017 Laws run from 1 to 93".into(),
            ClauseError::NoSuchClause { law, known, .. } if known.is_empty() => {
                format!("Law {law} has no lettered clauses: cite `{law}`")
            }
            ClauseError::NoSuchClause { law, known, .. } => {
                format!("Law {law} has {}", known.join(", "))
            }
        }
    }
}

/// Parses `54`, `54D`, `27B1`, `27B1(a)`, `50D2(a)(i)`.
pub fn parse_clause(written: &str) -> Result<Clause, ClauseError> {
    let malformed = || ClauseError::Malformed(written.to_string());
    let digits = written.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 2 || written.starts_with('0') {
        return Err(malformed());
    }
    let law: u8 = written[..digits].parse().map_err(|_| malformed())?;
    let label = &written[digits..];
    if !label_is_well_formed(label) {
        return Err(malformed());
    }
    Ok(Clause {
        law,
        label: label.to_string(),
    })
}

/// Letter, then number, then `(a)`, then `(i)`: each level only after the one before.
fn label_is_well_formed(label: &str) -> bool {
    let mut rest = label;
    if rest.is_empty() {
        return true;
    }
    let Some(letter) = rest.chars().next().filter(char::is_ascii_uppercase) else {
        return false;
    };
    rest = &rest[letter.len_utf8()..];
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 2 || rest.starts_with('0') {
        return false;
    }
    if digits == 0 {
        return rest.is_empty();
    }
    rest = &rest[digits..];
    if rest.is_empty() {
        return true;
    }
    let Some(after) = take_group(rest, |c| c.is_ascii_lowercase(), 1) else {
        return false;
    };
    after.is_empty() || take_group(after, |c| matches!(c, 'i' | 'v' | 'x'), 4) == Some("")
}

/// Takes `(x)` where x is 1..=max chars all passing `ok`; returns what follows.
fn take_group(s: &str, ok: impl Fn(char) -> bool, max: usize) -> Option<&str> {
    let inner = s.strip_prefix('(')?;
    let close = inner.find(')')?;
    let body = &inner[..close];
    let fits = !body.is_empty() && body.chars().count() <= max && body.chars().all(ok);
    fits.then(|| &inner[close + 1..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clauses_of_every_depth_parse() {
        for c in [
            "54",
            "54D",
            "27B1",
            "27B1(a)",
            "12C1(e)",
            "50D2(a)(ii)",
            "93",
        ] {
            assert!(parse_clause(c).is_ok(), "{c}");
        }
        let c = parse_clause("27B1(a)").unwrap();
        assert_eq!((c.law, c.label.as_str()), (27, "B1(a)"));
        assert_eq!(c.to_string(), "27B1(a)");
    }

    #[test]
    fn malformed_clauses_are_refused() {
        for c in [
            "", "Law 54", "54d", "054", "123", "54-D", "54DD", "27B(a)", "27B1(A)", "27B1a",
            "27B1()", "27B1(ab)", "54 D", "54D0",
        ] {
            assert_eq!(
                parse_clause(c),
                Err(ClauseError::Malformed(c.into())),
                "{c}"
            );
        }
    }

    #[test]
    fn parents_go_up_one_level() {
        let parent = |c: &str| parse_clause(c).unwrap().parent_label();
        assert_eq!(parent("27B1(a)").as_deref(), Some("B1"));
        assert_eq!(parent("27B1").as_deref(), Some("B"));
        assert_eq!(parent("27B"), None);
        assert_eq!(parent("50D2(a)(ii)").as_deref(), Some("D2(a)"));
    }
}
