//! Reading chart files: bytes -> text -> `RawChart`, every failure a located
//! diagnostic. YAML stays behind this module (serde-saphyr today), so the
//! reader can be swapped without touching the checker; its messages are
//! put in plain words by [`explain`].

mod explain;

use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde_saphyr::budget::BudgetBreach;
use serde_saphyr::{Budget, DuplicateKeyPolicy, Location};

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

/// The most nodes a chart may have: a real chart has tens, the largest
/// benchmark chart 20,000; more is refused before any rule runs.
pub const MAX_NODES: usize = 20_000;

/// Reads a chart file. I/O failures are `Err` (exit 2), and so is a path
/// that is not a regular file (a folder, a FIFO, a device), which could
/// otherwise block or never end; content problems (too large, not UTF-8)
/// come back as a diagnostic beside an empty text.
pub fn read(path: &Path) -> anyhow::Result<(Source, Option<Diagnostic>)> {
    let name = path.display().to_string();
    let meta = std::fs::metadata(path).with_context(|| format!("cannot read `{name}`"))?;
    if !meta.is_file() {
        let what = if meta.is_dir() {
            "a folder, not a chart file"
        } else {
            "not a regular file (a FIFO, a socket or a device)"
        };
        anyhow::bail!("cannot read `{name}`: it is {what}");
    }
    let file = std::fs::File::open(path).with_context(|| format!("cannot read `{name}`"))?;
    // Never more than one byte past the limit, whatever the file claims.
    let limit = u64::try_from(MAX_FILE_BYTES).expect("the limit fits in u64") + 1;
    let mut bytes = Vec::new();
    file.take(limit)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read `{name}`"))?;
    let size = usize::try_from(meta.len())
        .unwrap_or(usize::MAX)
        .max(bytes.len());
    Ok(decode(name, path.to_path_buf(), bytes, size))
}

/// A chart's bytes as a [`Source`], or a diagnostic when they are too many
/// (`size` is the file's whole length) or not UTF-8.
pub fn decode(
    name: String,
    path: PathBuf,
    bytes: Vec<u8>,
    size: usize,
) -> (Source, Option<Diagnostic>) {
    let mut source = Source {
        name,
        path,
        text: String::new(),
    };
    if size > MAX_FILE_BYTES || bytes.len() > MAX_FILE_BYTES {
        let d = Diagnostic::error(
            "file-too-large",
            &source.name,
            None,
            format!("file is {size} bytes; a chart may be at most {MAX_FILE_BYTES} bytes"),
        )
        .with_help("split the situation into several charts joined by `then`");
        return (source, Some(d));
    }
    match String::from_utf8(bytes) {
        Ok(text) => {
            source.text = text;
            (source, None)
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
            (source, Some(d))
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
    let mut raw: RawChart = parse_yaml(source)?;
    if let Some(d) = too_many_nodes(source, &raw) {
        return Err(Box::new(d));
    }
    clean_texts(&mut raw);
    Ok(raw)
}

/// Parses YAML text into `T` with the reader's limits (duplicate keys are
/// passed on, so `Entries` can report both places), or says where and why
/// it does not parse.
pub fn parse_yaml<T: serde::de::DeserializeOwned>(source: &Source) -> Result<T, Box<Diagnostic>> {
    let options = serde_saphyr::options! {
        duplicate_keys: DuplicateKeyPolicy::PassThrough,
        budget: Some(budget()),
    };
    serde_saphyr::from_str_with_options(&source.text, options)
        .map_err(|err| Box::new(yaml_error(source, &err)))
}

/// Drops from every text a reader sees (not ids) the characters no output
/// can carry: control characters other than tab and line breaks, which XML
/// forbids and terminals obey, and the non-characters U+FFFE and U+FFFF.
/// YAML escapes (`"\u0001"`) are the only way in; positions are kept.
fn clean_texts(raw: &mut RawChart) {
    let texts = raw.title.iter_mut().chain(raw.summary.iter_mut());
    let situations = raw.situations.iter_mut().flatten();
    for text in texts.chain(situations) {
        clean(&mut text.value);
    }
    for (_, node) in raw.nodes.iter_mut().flat_map(|n| n.value.0.iter_mut()) {
        let prose = [&mut node.ask, &mut node.step, &mut node.ruling];
        let notes = [&mut node.note, &mut node.say];
        for text in prose.into_iter().chain(notes).flatten() {
            clean(&mut text.value);
        }
        for (label, _) in node.answers.iter_mut().flat_map(|a| a.value.0.iter_mut()) {
            clean(&mut label.value);
        }
    }
    for example in raw.examples.iter_mut().flatten() {
        clean(&mut example.value.situation.value);
        for answer in &mut example.value.answers {
            clean(&mut answer.value);
        }
    }
}

fn clean(text: &mut String) {
    let kept = |c: char| {
        (!c.is_control() || matches!(c, '\t' | '\n' | '\r'))
            && !matches!(c, '\u{FFFE}' | '\u{FFFF}')
    };
    if !text.chars().all(kept) {
        text.retain(kept);
    }
}

/// A chart over [`MAX_NODES`] nodes, refused at its `nodes` key: every
/// rule, the layout and the outputs grow with the node count.
fn too_many_nodes(source: &Source, raw: &RawChart) -> Option<Diagnostic> {
    let nodes = raw.nodes.as_ref()?;
    let count = nodes.value.0.len();
    (count > MAX_NODES).then(|| {
        let span = span_of(&nodes.referenced, &source.text);
        Diagnostic::error(
            "too-many-nodes",
            &source.name,
            Some(span),
            format!("chart has {count} nodes; a chart may have at most {MAX_NODES}"),
        )
        .with_help("split the situation into several charts joined by `then`")
    })
}

/// The YAML reader's limits: its defaults (nesting 64 deep, 50,000 aliases,
/// 250,000 values), with the text that aliases may expand to cut from
/// 64 MiB to twice the largest file, so a small file never becomes a huge chart.
fn budget() -> Budget {
    let mut budget = Budget::default();
    budget.max_total_scalar_bytes = 2 * MAX_FILE_BYTES;
    budget
}

/// What a breached limit of the YAML reader means for a chart author.
fn budget_message(breach: &BudgetBreach) -> String {
    let limits = budget();
    match breach {
        BudgetBreach::Aliases { .. } | BudgetBreach::AliasAnchorRatio { .. } => format!(
            "too many YAML aliases (`*name`): a chart may use at most {}",
            limits.max_aliases
        ),
        BudgetBreach::ScalarBytes { .. } => format!(
            "the chart's text, with YAML aliases expanded, is over {} bytes",
            limits.max_total_scalar_bytes
        ),
        BudgetBreach::Depth { .. } => format!(
            "YAML nested more than {} levels deep; a chart needs only a few",
            limits.max_depth
        ),
        BudgetBreach::Nodes { .. } | BudgetBreach::Events { .. } => {
            format!("the chart has more than {} YAML values", limits.max_nodes)
        }
        other => format!("the chart is beyond what the YAML reader accepts ({other:?})"),
    }
}

/// The error under the reader's wrappers (a snippet, an alias's places).
fn original(mut err: &serde_saphyr::Error) -> &serde_saphyr::Error {
    loop {
        match err {
            serde_saphyr::Error::WithSnippet { error, .. }
            | serde_saphyr::Error::AliasError { error, .. } => err = error,
            other => return other,
        }
    }
}

fn yaml_error(source: &Source, err: &serde_saphyr::Error) -> Diagnostic {
    let span = err.location().map(|loc| span_of(&loc, &source.text));
    if let serde_saphyr::Error::Budget { breach, .. } = original(err) {
        return Diagnostic::error("yaml-limit", &source.name, span, budget_message(breach))
            .with_help("YAML aliases and nesting are bounded so that no file can exhaust memory or time; write the text out in full");
    }
    let reader = plain_message(err);
    let code = if reader.contains("unknown field") {
        "unknown-key"
    } else if reader.contains("missing field") {
        "missing-key"
    } else if reader.contains("invalid type") || reader.contains("expected string scalar") {
        "wrong-type"
    } else {
        "yaml"
    };
    let (line, column) = span.map_or((1, 1), |s| (s.line, s.column));
    let plain = explain::explain(&reader, &source.text, line, column);
    let span = match plain.at {
        Some((line, column)) => Some(span_at(&source.text, offset_of(&source.text, line, column))),
        None => span,
    };
    let d = Diagnostic::error(code, &source.name, span, plain.message);
    match plain.help {
        Some(help) => d.with_help(help),
        None => d,
    }
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
