//! Editing chart files in place: replacements at byte ranges of the text as
//! read (quotes, comments and order untouched), and writing the results so
//! that no file is ever left half-written.

use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::diagnostic::Span;

/// Replace bytes `start..end` of a text with `text`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Edit {
    start: usize,
    end: usize,
    text: String,
}

impl Edit {
    /// A replacement of `start..end` (an insertion when they are equal).
    pub fn replace(start: usize, end: usize, text: String) -> Edit {
        Edit { start, end, text }
    }

    /// A clause rewritten where it is written at `span`, inside its quotes
    /// if it has any; refused unless the text there is `old` as written.
    pub fn clause(
        text: &str,
        file: &str,
        span: Span,
        old: &str,
        new: &str,
    ) -> anyhow::Result<Edit> {
        let written = text.get(span.start..span.end).unwrap_or("");
        let quoted = written.len() >= 2
            && (written.starts_with('"') && written.ends_with('"')
                || written.starts_with('\'') && written.ends_with('\''));
        let (start, end) = if quoted {
            (span.start + 1, span.end - 1)
        } else {
            (span.start, span.end)
        };
        if text.get(start..end) != Some(old) {
            anyhow::bail!(
                "cannot rewrite `{old}` at {file}:{}:{}: it is not written there as plain `{old}`; write it so and run again",
                span.line,
                span.column
            );
        }
        Ok(Edit::replace(start, end, new.to_string()))
    }
}

/// `text` with every edit made; edits may come in any order but must not
/// overlap.
pub fn apply(text: &str, mut edits: Vec<Edit>) -> Result<String, String> {
    edits.sort_by_key(|e| (e.start, e.end));
    let mut out = String::with_capacity(text.len() + 64);
    let mut at = 0;
    for e in &edits {
        let fits = at <= e.start && e.start <= e.end && e.end <= text.len();
        if !fits || !text.is_char_boundary(e.start) || !text.is_char_boundary(e.end) {
            return Err(format!("two edits overlap at byte {}", e.start));
        }
        out.push_str(&text[at..e.start]);
        out.push_str(&e.text);
        at = e.end;
    }
    out.push_str(&text[at..]);
    Ok(out)
}

/// Writes each (path, text): first every text to a hidden file beside its
/// target, then each renamed over its target. Nothing is renamed unless
/// every text was written whole; a failure leaves no temporary file behind.
pub fn write_all(files: &[(PathBuf, String)]) -> anyhow::Result<()> {
    let mut staged: Vec<(PathBuf, &Path)> = Vec::new();
    for (path, text) in files {
        match stage(path, text) {
            Ok(temp) => staged.push((temp, path)),
            Err(err) => {
                for (temp, _) in &staged {
                    let _ = std::fs::remove_file(temp);
                }
                return Err(err);
            }
        }
    }
    for (i, (temp, path)) in staged.iter().enumerate() {
        if let Err(err) = std::fs::rename(temp, path) {
            for (left, _) in &staged[i..] {
                let _ = std::fs::remove_file(left);
            }
            return Err(err).with_context(|| format!("cannot replace `{}`", path.display()));
        }
    }
    Ok(())
}

/// `text` written and flushed to a hidden file beside `path`, with its
/// permissions.
fn stage(path: &Path, text: &str) -> anyhow::Result<PathBuf> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temp = path.with_file_name(format!(".{name}.lawcharts-migrate"));
    let write = || -> std::io::Result<()> {
        use std::io::Write;
        let mut file = std::fs::File::create(&temp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        if let Ok(meta) = std::fs::metadata(path) {
            std::fs::set_permissions(&temp, meta.permissions())?;
        }
        Ok(())
    };
    if let Err(err) = write() {
        let _ = std::fs::remove_file(&temp);
        return Err(err).with_context(|| format!("cannot write `{}`", temp.display()));
    }
    Ok(temp)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(text: &str, needle: &str) -> Span {
        let start = text.find(needle).expect("in text");
        Span {
            line: 1,
            column: start + 1,
            start,
            end: start + needle.len(),
        }
    }

    #[test]
    fn a_clause_is_rewritten_inside_its_quotes_and_nothing_else_moves() {
        let text = "laws: [\"16A\", '16A1', 16A2]  # keep\n";
        let edits = ["\"16A\"", "'16A1'", "16A2"]
            .iter()
            .zip(["16B", "16B1", "16B2"])
            .map(|(w, new)| {
                let old = w.trim_matches(['"', '\'']);
                Edit::clause(text, "t.yaml", span(text, w), old, new).unwrap()
            })
            .collect();
        assert_eq!(
            apply(text, edits).unwrap(),
            "laws: [\"16B\", '16B1', 16B2]  # keep\n"
        );
    }

    #[test]
    fn a_clause_written_with_escapes_is_not_rewritten() {
        let text = "law: \"\\x316A\"\n";
        let err =
            Edit::clause(text, "t.yaml", span(text, "\"\\x316A\""), "16A", "16B").unwrap_err();
        assert_eq!(
            err.to_string(),
            "cannot rewrite `16A` at t.yaml:1:6: it is not written there as plain `16A`; write it so and run again"
        );
    }

    #[test]
    fn overlapping_edits_are_refused() {
        let edits = vec![
            Edit::replace(0, 3, "x".into()),
            Edit::replace(2, 4, "y".into()),
        ];
        assert_eq!(
            apply("abcdef", edits).unwrap_err(),
            "two edits overlap at byte 2"
        );
    }

    #[test]
    fn written_files_replace_the_old_ones_and_leave_nothing_beside_them() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.yaml");
        std::fs::write(&a, "old").unwrap();
        write_all(&[(a.clone(), "new".into())]).unwrap();
        assert_eq!(std::fs::read_to_string(&a).unwrap(), "new");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_file_that_cannot_be_written_leaves_every_file_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.yaml");
        std::fs::write(&a, "old").unwrap();
        let missing = dir.path().join("no-such-folder").join("b.yaml");
        let err = write_all(&[(a.clone(), "new".into()), (missing, "x".into())]).unwrap_err();
        assert!(err.to_string().starts_with("cannot write"), "{err}");
        assert_eq!(std::fs::read_to_string(&a).unwrap(), "old");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
