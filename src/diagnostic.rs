//! Problems found in a user's charts: what is wrong, where, and how to fix it,
//! rendered rustc-style (`path:line:col`, the line, a caret, `help:`) or as JSON.

use std::ops::Range;

use codespan_reporting::diagnostic as cs;
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term;
use indexmap::IndexMap;
use serde::Serialize;

mod window;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The chart is invalid: exit code 1.
    Error,
    /// Worth fixing, but the chart works (exit 1 only with `--deny-warnings`).
    Warning,
}

/// A place in a source file: 1-based line and column (in characters) and the
/// byte range the caret underlines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// Byte offset of the start.
    pub start: usize,
    /// Byte offset just past the end.
    pub end: usize,
}

/// One problem in one chart file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// A stable short name of the rule, for editors and CI.
    pub code: &'static str,
    /// Lower-case phrase: what is wrong.
    pub message: String,
    /// The file, as the user named it.
    pub file: String,
    /// Where in the file, when known.
    pub span: Option<Span>,
    /// How to fix it, when there is something useful to say.
    pub help: Option<String>,
    /// What else follows from it (knock-on problems folded in, so that one
    /// cause is said once).
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// An error at `span` of `file`.
    pub fn error(code: &'static str, file: &str, span: Option<Span>, message: String) -> Self {
        Diagnostic {
            severity: Severity::Error,
            code,
            message,
            file: file.to_string(),
            span,
            help: None,
            notes: Vec::new(),
        }
    }

    /// A warning at `span` of `file`.
    pub fn warning(code: &'static str, file: &str, span: Option<Span>, message: String) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, file, span, message)
        }
    }

    /// The same diagnostic with a `help:` line.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// The same diagnostic with a `note:` line added.
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    fn sort_key(&self) -> (&str, usize, usize, Severity) {
        let (line, column) = self.span.map_or((0, 0), |s| (s.line, s.column));
        (&self.file, line, column, self.severity)
    }
}

/// Sorts diagnostics by file, line and column (stable for equal places).
pub fn sort(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
}

/// The text of every file a diagnostic may point into, by file name.
pub type Sources = IndexMap<String, String>;

/// Renders diagnostics rustc-style, one after another, with a blank line between.
pub fn render_text(diagnostics: &[Diagnostic], sources: &Sources) -> String {
    let mut files = SimpleFiles::new();
    for (name, text) in sources {
        // Added in order, so a file's id is its index in `sources`.
        files.add(name.clone(), text.as_str());
    }
    let config = term::Config {
        chars: term::Chars::ascii(),
        ..term::Config::default()
    };
    let mut out = String::new();
    for d in diagnostics {
        let d = &*window::shortened(d);
        let rendered = match (sources.get_full(d.file.as_str()), d.span) {
            (Some((id, _, source)), Some(span)) => {
                let caret = span.start..span.end.max(span.start);
                match window::cut(&d.file, source, span.line, span.column, caret.clone()) {
                    Some(cut) => {
                        let diagnostic = to_codespan(d, (), cut.caret.clone());
                        term::emit_into_string(&config, &cut, &diagnostic)
                    }
                    None => term::emit_into_string(&config, &files, &to_codespan(d, id, caret)),
                }
            }
            _ => Ok(render_plain(d)),
        };
        out.push_str(&rendered.unwrap_or_else(|_| render_plain(d)));
    }
    printable(&out).into_owned()
}

/// `text` safe to print on a terminal: a chart's line or a file name may
/// hold escape sequences or a lone carriage return, which would recolour,
/// retitle or overwrite the terminal. Control characters other than tab and
/// newline become U+FFFD; carriage returns are dropped.
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    let safe = |c: char| !c.is_control() || c == '\n' || c == '\t';
    if text.chars().all(safe) {
        return std::borrow::Cow::Borrowed(text);
    }
    let shown = text
        .chars()
        .filter(|&c| c != '\r')
        .map(|c| if safe(c) { c } else { '\u{FFFD}' });
    std::borrow::Cow::Owned(shown.collect())
}

fn to_codespan<F>(d: &Diagnostic, file_id: F, caret: Range<usize>) -> cs::Diagnostic<F> {
    let head = match d.severity {
        Severity::Error => cs::Diagnostic::error(),
        Severity::Warning => cs::Diagnostic::warning(),
    };
    head.with_message(&d.message)
        .with_labels(vec![cs::Label::primary(file_id, caret)])
        .with_notes(notes_and_help(d))
}

/// The `note:` lines, then the `help:` line.
fn notes_and_help(d: &Diagnostic) -> Vec<String> {
    let notes = d.notes.iter().map(|n| format!("note: {n}"));
    notes
        .chain(d.help.iter().map(|h| format!("help: {h}")))
        .collect()
}

/// A diagnostic with no line to show (whole-file problems).
fn render_plain(d: &Diagnostic) -> String {
    let severity = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let place = match d.span {
        Some(s) => format!("{}:{}:{}", d.file, s.line, s.column),
        None => d.file.clone(),
    };
    let mut out = format!("{severity}: {}\n  --> {place}\n", d.message);
    for line in notes_and_help(d) {
        out.push_str(&format!("  = {line}\n"));
    }
    out.push('\n');
    out
}

#[derive(Serialize)]
struct JsonDiagnostic<'a> {
    file: &'a str,
    line: usize,
    column: usize,
    severity: Severity,
    code: &'a str,
    message: &'a str,
    help: Option<&'a str>,
    notes: &'a [String],
}

/// Renders diagnostics as a JSON array (line and column 0 when unknown).
pub fn render_json(diagnostics: &[Diagnostic]) -> String {
    let rows: Vec<JsonDiagnostic> = diagnostics
        .iter()
        .map(|d| JsonDiagnostic {
            file: &d.file,
            line: d.span.map_or(0, |s| s.line),
            column: d.span.map_or(0, |s| s.column),
            severity: d.severity,
            code: d.code,
            message: &d.message,
            help: d.help.as_deref(),
            notes: &d.notes,
        })
        .collect();
    serde_json::to_string_pretty(&rows).expect("diagnostics serialise to JSON") + "\n"
}

/// Past this many candidates no suggestion is looked for: real charts have
/// tens of nodes, and a huge chart full of unknown names would otherwise cost
/// names × candidates comparisons (20,000 × 20,000 takes a minute).
const MAX_CANDIDATES: usize = 2_000;

/// The closest of `candidates` to `wanted`, when it is close enough to be a
/// typo (and there are at most [`MAX_CANDIDATES`] to compare).
pub fn did_you_mean<'a>(
    wanted: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let candidates: Vec<&str> = candidates.into_iter().take(MAX_CANDIDATES + 1).collect();
    if candidates.len() > MAX_CANDIDATES {
        return None;
    }
    candidates
        .into_iter()
        .map(|c| (strsim::jaro_winkler(wanted, c), c))
        .filter(|(score, _)| *score >= 0.85)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_in_a_chart_never_reach_the_terminal() {
        let source = "title: x\u{1b}]0;pwned\u{7} \u{9b}31m\rfake\n";
        let mut sources = Sources::new();
        sources.insert("t\u{1b}[2J.yaml".into(), source.into());
        let span = Span {
            line: 1,
            column: 8,
            start: 7,
            end: 8,
        };
        let d = Diagnostic::error(
            "yaml",
            "t\u{1b}[2J.yaml",
            Some(span),
            "bad \u{1b}[31m".into(),
        );
        let text = render_text(&[d], &sources);
        assert!(
            !text.contains(['\u{1b}', '\u{7}', '\u{9b}', '\r']),
            "{text:?}"
        );
        assert!(text.contains("title: x\u{FFFD}]0;pwned\u{FFFD}"), "{text}");
        assert_eq!(printable("tab\tand\nnewline"), "tab\tand\nnewline");
    }

    #[test]
    fn text_rendering_shows_path_line_column_caret_and_help() {
        let source = "start: a\nnodes:\n  a:\n    ruling: x\n";
        let mut sources = Sources::new();
        sources.insert("t.yaml".into(), source.into());
        let span = Span {
            line: 1,
            column: 8,
            start: 7,
            end: 8,
        };
        let d = Diagnostic::error("unknown-target", "t.yaml", Some(span), "bad `a`".into())
            .with_help("did you mean `b`?");
        let text = render_text(&[d], &sources);
        assert!(text.contains("error: bad `a`"), "{text}");
        assert!(
            text.contains("┌─ t.yaml:1:8") || text.contains("--> t.yaml:1:8"),
            "{text}"
        );
        assert!(
            text.contains("1 │ start: a") || text.contains("1 | start: a"),
            "{text}"
        );
        assert!(text.contains('^'), "{text}");
        assert!(text.contains("help: did you mean `b`?"), "{text}");
    }

    #[test]
    fn json_rendering_has_every_field() {
        let d = Diagnostic::warning("large-chart", "t.yaml", None, "too big".into());
        let json: serde_json::Value = serde_json::from_str(&render_json(&[d])).unwrap();
        assert_eq!(json[0]["file"], "t.yaml");
        assert_eq!(json[0]["severity"], "warning");
        assert_eq!(json[0]["code"], "large-chart");
        assert_eq!(json[0]["line"], 0);
        assert!(json[0]["help"].is_null());
    }

    #[test]
    fn did_you_mean_finds_a_typo_and_ignores_strangers() {
        let ids = ["must-accept", "declarer-chooses"];
        assert_eq!(did_you_mean("must-acept", ids), Some("must-accept"));
        assert_eq!(did_you_mean("zzz", ids), None);
    }

    #[test]
    fn sorting_orders_by_file_then_line() {
        let at = |line| {
            Some(Span {
                line,
                column: 1,
                start: 0,
                end: 0,
            })
        };
        let mut ds = vec![
            Diagnostic::error("x", "b.yaml", at(1), "b1".into()),
            Diagnostic::error("x", "a.yaml", at(9), "a9".into()),
            Diagnostic::error("x", "a.yaml", at(2), "a2".into()),
        ];
        sort(&mut ds);
        let order: Vec<&str> = ds.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(order, ["a2", "a9", "b1"]);
    }
}
