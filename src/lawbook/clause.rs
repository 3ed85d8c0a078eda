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

impl Clause {
    /// Whether this clause is `outer` or lies inside it (`64A2` is inside
    /// `64A` and `64`; `64A10` is not inside `64A1`).
    pub fn is_within(&self, outer: &Clause) -> bool {
        if self.law != outer.law {
            return false;
        }
        let mut label = Some(self.label.clone());
        while let Some(l) = label {
            if l == outer.label {
                return true;
            }
            label = Clause {
                law: self.law,
                label: l,
            }
            .parent_label();
        }
        outer.label.is_empty()
    }

    /// This clause with the part that is `old` replaced by `new` (`16A1`
    /// under `16A` -> `16B` is `16B1`), or `None` when it is not inside `old`.
    pub fn moved(&self, old: &Clause, new: &Clause) -> Option<Clause> {
        if !self.is_within(old) {
            return None;
        }
        let rest = &self.label[old.label.len()..];
        Some(Clause {
            law: new.law,
            label: format!("{}{rest}", new.label),
        })
    }
}

/// A sort key putting labels in the Laws' order: `A`, `A1`, `A2`, `A10`,
/// `A10(a)`, `B`; a parent before what is inside it.
pub fn label_order(label: &str) -> Vec<u32> {
    let mut key = Vec::new();
    let mut rest = label;
    if let Some(letter) = rest.chars().next().filter(char::is_ascii_uppercase) {
        key.push(u32::from(letter));
        rest = &rest[1..];
    }
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    key.push(rest[..digits].parse().unwrap_or(0));
    rest = &rest[digits..];
    // The grammar allows a letter group, then a Roman numeral group.
    for (depth, group) in rest.split(')').filter(|g| !g.is_empty()).enumerate() {
        let inner = group.trim_start_matches('(');
        let value = match depth {
            0 => inner
                .chars()
                .map(|c| u32::from(c) - u32::from('a') + 1)
                .sum(),
            _ => roman(inner),
        };
        key.push(value);
    }
    key
}

/// The value of a lower-case Roman numeral made of `i`, `v` and `x`.
fn roman(s: &str) -> u32 {
    let value = |c| match c {
        'i' => 1,
        'v' => 5,
        'x' => 10,
        _ => 0,
    };
    let values: Vec<u32> = s.chars().map(value).collect();
    let mut total = 0;
    for (i, v) in values.iter().enumerate() {
        match values.get(i + 1) {
            Some(next) if v < next => total -= i64::from(*v),
            _ => total += i64::from(*v),
        }
    }
    u32::try_from(total).unwrap_or(0)
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
    NoSuchLaw {
        /// The law number written.
        law: u8,
        /// The edition looked in.
        edition: u32,
        /// Its first law.
        first: u8,
        /// Its last law.
        last: u8,
    },
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
            ClauseError::NoSuchLaw { law, .. } => write!(f, "there is no Law {law}"),
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
            ClauseError::NoSuchLaw {
                edition,
                first,
                last,
                ..
            } => format!("the {edition} Laws run from {first} to {last}"),
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
    fn a_clause_is_within_itself_and_its_parents_only() {
        let c = |s: &str| parse_clause(s).unwrap();
        assert!(c("64A2").is_within(&c("64A")));
        assert!(c("64A2").is_within(&c("64")));
        assert!(c("64A").is_within(&c("64A")));
        assert!(!c("64A").is_within(&c("64A2")));
        assert!(!c("64A10").is_within(&c("64A1")));
        assert!(!c("27B1").is_within(&c("2")));
    }

    #[test]
    fn a_moved_clause_keeps_what_follows_the_old_part() {
        let c = |s: &str| parse_clause(s).unwrap();
        let moved = |x: &str, old: &str, new: &str| c(x).moved(&c(old), &c(new));
        assert_eq!(moved("16A1(b)", "16A", "16B"), Some(c("16B1(b)")));
        assert_eq!(moved("23", "23", "23C"), Some(c("23C")));
        assert_eq!(moved("25B2", "25", "26"), Some(c("26B2")));
        assert_eq!(moved("16B", "16A", "16C"), None);
    }

    #[test]
    fn labels_sort_as_the_laws_number_them() {
        let mut labels = vec![
            "B",
            "A10",
            "A2",
            "A",
            "A1(b)",
            "A1",
            "A1(a)(ii)",
            "A1(a)(iv)",
            "A1(a)",
        ];
        labels.sort_by_key(|l| label_order(l));
        assert_eq!(
            labels,
            [
                "A",
                "A1",
                "A1(a)",
                "A1(a)(ii)",
                "A1(a)(iv)",
                "A1(b)",
                "A2",
                "A10",
                "B"
            ]
        );
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
