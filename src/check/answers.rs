//! Rule 8: a question's answers must be whole. The known answer sets live
//! here and only here.

/// Answer sets that only make sense complete: a question that offers one
/// member must offer them all.
pub const KNOWN_SETS: &[&[&str]] = &[
    // A yes/no question.
    &["Yes", "No"],
    // The seat relative to the offender.
    &["LHO", "Partner", "RHO"],
];

/// For each known set the labels touch but do not complete, the missing members.
pub fn incomplete_sets(labels: &[&str]) -> Vec<Vec<&'static str>> {
    let has = |member: &str| labels.iter().any(|l| l.eq_ignore_ascii_case(member));
    KNOWN_SETS
        .iter()
        .filter(|set| set.iter().any(|m| has(m)))
        .map(|set| set.iter().copied().filter(|m| !has(m)).collect::<Vec<_>>())
        .filter(|missing| !missing.is_empty())
        .collect()
}

/// Renders `a`, `a` and `b`, `a`, `b` and `c`.
pub fn list_in_words(items: &[&str]) -> String {
    let quoted: Vec<String> = items.iter().map(|i| format!("`{i}`")).collect();
    match quoted.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yes_without_no_is_incomplete() {
        assert_eq!(incomplete_sets(&["Yes", "Maybe"]), vec![vec!["No"]]);
        assert_eq!(incomplete_sets(&["No", "Other"]), vec![vec!["Yes"]]);
    }

    #[test]
    fn one_seat_without_the_other_two_is_incomplete() {
        assert_eq!(
            incomplete_sets(&["LHO", "Nobody"]),
            vec![vec!["Partner", "RHO"]]
        );
    }

    #[test]
    fn whole_sets_and_free_labels_pass() {
        assert!(incomplete_sets(&["Yes", "No"]).is_empty());
        assert!(incomplete_sets(&["yes", "NO"]).is_empty());
        assert!(incomplete_sets(&["LHO", "Partner", "RHO"]).is_empty());
        assert!(incomplete_sets(&["Accept", "Refuse"]).is_empty());
    }

    #[test]
    fn lists_read_as_english() {
        assert_eq!(list_in_words(&["a"]), "`a`");
        assert_eq!(list_in_words(&["a", "b", "c"]), "`a`, `b` and `c`");
    }
}
