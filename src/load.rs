//! Reading chart files: bytes -> text -> `RawChart`, every failure a located
//! diagnostic. YAML stays behind this module (serde-saphyr today), so the
//! reader can be swapped without touching the checker.

use std::path::{Path, PathBuf};

use anyhow::Context;
use serde_saphyr::{DuplicateKeyPolicy, Location};

use crate::diagnostic::{Diagnostic, Span};
use crate::spec::RawChart;

/// The largest chart file accepted: real charts are a few tens of KiB, and
/// a synthetic 20,000-node chart for benchmarks is about 2.5 MiB.
pub const MAX_FILE_BYTES: usize = 8 * 1024 * 1024;

/// One chart file's name (as the user wrote it) and its text.
#[derive(Clone, Debug)]
pub struct Source {
    /// The path as given, for messages.
    pub name: String,
    /// The path itself.
    pub path: PathBuf,
    /// The file's text (empty when it could not be decoded).
    pub text: String,
}

/// Reads a chart file. I/O failures are `Err` (exit 2); content problems
/// (too large, not UTF-8) come back as a diagnostic beside an empty text.
pub fn read(path: &Path) -> anyhow::Result<(Source, Option<Diagnostic>)> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).with_context(|| format!("cannot read `{name}`"))?;
    let mut source = Source {
        name,
        path: path.to_path_buf(),
        text: String::new(),
    };
    if bytes.len() > MAX_FILE_BYTES {
        let d = Diagnostic::error(
            "file-too-large",
            &source.name,
            None,
            format!(
                "file is {} bytes; a chart may be at most {} bytes",
                bytes.len(),
                MAX_FILE_BYTES
            ),
        )
        .with_help("split the situation into several charts joined by `then`");
        return Ok((source, Some(d)));
    }
    match String::from_utf8(bytes) {
        Ok(text) => {
            source.text = text;
            Ok((source, None))
        }
        Err(err) => {
            let valid = err.utf8_error().valid_up_to();
            let bytes = err.into_bytes();
            // Show the text up to the bad byte, so the caret has a line to stand on.
            source.text = String::from_utf8_lossy(&bytes[..valid]).into_owned();
            let span = span_at(&source.text, valid);
            let d = Diagnostic::error(
                "not-utf8",
                &source.name,
                Some(span),
                format!("file is not UTF-8 text (bad byte at offset {valid})"),
            )
            .with_help("save the chart as UTF-8");
            Ok((source, Some(d)))
        }
    }
}

/// Parses a chart's text, or says where and why it does not parse.
pub fn parse(source: &Source) -> Result<RawChart, Box<Diagnostic>> {
    if source.text.trim().is_empty() {
        return Err(Box::new(
            Diagnostic::error(
                "empty-file",
                &source.name,
                None,
                "chart file is empty".into(),
            )
            .with_help("a chart needs at least `title`, `laws`, `start` and `nodes`"),
        ));
    }
    let options = serde_saphyr::options! {
        // Duplicates reach our own `Entries` so both places can be shown.
        duplicate_keys: DuplicateKeyPolicy::PassThrough,
    };
    serde_saphyr::from_str_with_options(&source.text, options)
        .map_err(|err| Box::new(yaml_error(source, &err)))
}

fn yaml_error(source: &Source, err: &serde_saphyr::Error) -> Diagnostic {
    let span = err.location().map(|loc| span_of(&loc, &source.text));
    let message = plain_message(err);
    let code = if message.contains("unknown field") {
        "unknown-key"
    } else if message.contains("missing field") {
        "missing-key"
    } else if message.contains("invalid type") {
        "wrong-type"
    } else {
        "yaml"
    };
    Diagnostic::error(code, &source.name, span, message)
}

/// The parser's message without its own snippet or position (we draw those).
fn plain_message(err: &serde_saphyr::Error) -> String {
    let text = err.without_snippet().to_string();
    let first = text.lines().next().unwrap_or("invalid YAML").trim();
    let first = first.split(" at line ").next().unwrap_or(first);
    first.trim_start_matches("error: ").to_string()
}

/// Our span for a parser location (character line and column, 1-based).
pub fn span_of(loc: &Location, text: &str) -> Span {
    let line = usize::try_from(loc.line()).unwrap_or(1).max(1);
    let column = usize::try_from(loc.column()).unwrap_or(1).max(1);
    let span = loc.span();
    let start = span
        .byte_offset()
        .and_then(|o| usize::try_from(o).ok())
        .unwrap_or_else(|| offset_of(text, line, column));
    let len = span
        .byte_len()
        .and_then(|l| usize::try_from(l).ok())
        .unwrap_or(0);
    let start = start.min(text.len());
    let end = clamp_to_line(text, start, start + len.max(1));
    Span {
        line,
        column,
        start,
        end,
    }
}

/// The span of one character at byte `offset`.
pub fn span_at(text: &str, offset: usize) -> Span {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    Span {
        line,
        column,
        start: offset,
        end: clamp_to_line(text, offset, offset + 1),
    }
}

fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let line_start: usize = text
        .split_inclusive('\n')
        .take(line - 1)
        .map(str::len)
        .sum();
    let rest = text.get(line_start..).unwrap_or("");
    line_start
        + rest
            .char_indices()
            .nth(column - 1)
            .map_or(rest.len(), |(i, _)| i)
}

/// Keeps a caret on its own line and on character boundaries.
fn clamp_to_line(text: &str, start: usize, end: usize) -> usize {
    let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let mut end = end.min(line_end).max(start);
    while !text.is_char_boundary(end) {
        end += 1;
    }
    end
}
