//! The id rule: chart ids (file stems) and node ids become file names, URLs
//! and HTML anchors, so only lower-case words joined by single hyphens pass.

/// The longest id accepted.
pub const MAX_ID_LEN: usize = 64;

/// Whether `s` matches `^[a-z0-9]+(-[a-z0-9]+)*$` and is at most 64 bytes.
pub fn is_valid_id(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= MAX_ID_LEN
        && s.split('-').all(|part| {
            !part.is_empty()
                && part
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

/// The explanation shown with a rejected id.
pub const ID_RULE: &str = "ids are lower-case letters and digits in words joined by single hyphens, at most 64 characters (e.g. `declarer-chooses`)";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_of_words_and_hyphens_are_valid() {
        assert!(is_valid_id("law-54-opening-lead"));
        assert!(is_valid_id("a"));
        assert!(is_valid_id(&"a".repeat(64)));
    }

    #[test]
    fn paths_spaces_capitals_and_stray_hyphens_are_rejected() {
        for bad in [
            "", "..", "a/b", "a b", "Yes", "-a", "a-", "a--b", "a_b", "é",
        ] {
            assert!(!is_valid_id(bad), "{bad:?} should be rejected");
        }
        assert!(!is_valid_id(&"a".repeat(65)));
    }
}
