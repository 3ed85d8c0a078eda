//! A word diff of two texts (longest common subsequence of words), so a
//! reworded question shows the words that changed rather than two
//! paragraphs to compare by eye.

/// A run of words: in both texts, only in the old, or only in the new.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Words in both texts.
    Same(String),
    /// Words only in the old text.
    Old(String),
    /// Words only in the new text.
    New(String),
}

/// Above this many word pairs the texts are shown whole, old then new.
const MAX_CELLS: usize = 1 << 20;

/// The old and new texts as runs of same, removed and added words
/// (whitespace collapsed).
pub fn diff(old: &str, new: &str) -> Vec<Piece> {
    let (a, b): (Vec<&str>, Vec<&str>) = (
        old.split_whitespace().collect(),
        new.split_whitespace().collect(),
    );
    if a.len().saturating_mul(b.len()) > MAX_CELLS {
        return merge(
            a.iter()
                .map(|w| Piece::Old(w.to_string()))
                .chain(b.iter().map(|w| Piece::New(w.to_string())))
                .collect(),
        );
    }
    // longest[i][j]: the longest common run of a[i..] and b[j..].
    let mut longest = vec![vec![0u32; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            longest[i][j] = if a[i] == b[j] {
                longest[i + 1][j + 1] + 1
            } else {
                longest[i + 1][j].max(longest[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut words) = (0, 0, Vec::new());
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            words.push(Piece::Same(a[i].to_string()));
            (i, j) = (i + 1, j + 1);
        } else if j < b.len() && (i == a.len() || longest[i][j + 1] >= longest[i + 1][j]) {
            words.push(Piece::New(b[j].to_string()));
            j += 1;
        } else {
            words.push(Piece::Old(a[i].to_string()));
            i += 1;
        }
    }
    merge(words)
}

/// Joins neighbouring words of the same side into one run; within a change,
/// the old words come before the new.
fn merge(words: Vec<Piece>) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::new();
    let mut pending_new: Option<String> = None;
    for word in words {
        match word {
            Piece::New(w) => append(&mut pending_new, &w),
            Piece::Old(w) => match out.last_mut() {
                Some(Piece::Old(run)) => push_word(run, &w),
                _ => out.push(Piece::Old(w)),
            },
            Piece::Same(w) => {
                if let Some(run) = pending_new.take() {
                    out.push(Piece::New(run));
                }
                match out.last_mut() {
                    Some(Piece::Same(run)) => push_word(run, &w),
                    _ => out.push(Piece::Same(w)),
                }
            }
        }
    }
    if let Some(run) = pending_new {
        out.push(Piece::New(run));
    }
    out
}

fn append(run: &mut Option<String>, word: &str) {
    match run {
        Some(run) => push_word(run, word),
        None => *run = Some(word.to_string()),
    }
}

fn push_word(run: &mut String, word: &str) {
    run.push(' ');
    run.push_str(word);
}

#[cfg(test)]
mod tests {
    use super::{Piece, diff};

    fn show(pieces: &[Piece]) -> String {
        let parts: Vec<String> = pieces
            .iter()
            .map(|p| match p {
                Piece::Same(s) => s.clone(),
                Piece::Old(s) => format!("[-{s}-]"),
                Piece::New(s) => format!("{{+{s}+}}"),
            })
            .collect();
        parts.join(" ")
    }

    #[test]
    fn a_changed_word_shows_old_then_new_between_the_same_words() {
        let pieces = diff("Was the bid unintended?", "Was the call unintended?");
        assert_eq!(show(&pieces), "Was the [-bid-] {+call+} unintended?");
    }

    #[test]
    fn added_and_removed_runs_are_joined() {
        let pieces = diff(
            "Declarer must accept the lead.",
            "Declarer may now accept the lead or refuse it.",
        );
        assert_eq!(
            show(&pieces),
            "Declarer [-must-] {+may now+} accept the [-lead.-] {+lead or refuse it.+}"
        );
    }

    #[test]
    fn reflowed_text_has_no_change() {
        let pieces = diff("one  two\nthree", "one two three");
        assert_eq!(pieces, vec![Piece::Same("one two three".into())]);
    }
}
