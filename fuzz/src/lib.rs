//! What the fuzz targets share: how one input becomes chart files (and the
//! two sides of a diff), and the checked charts with a render context.
//!
//! An input is one or more chart files. A line `#file: NAME` starts a new
//! file called NAME (a YAML comment, so any chart is a valid input as it
//! is); text before the first such line is `fuzzed.yaml`. For `diff`, a
//! line `#new` starts the new side. Names are cut to 64 bytes and at most
//! 16 files are kept per side.

use lawcharts::chart::ChartSet;
use lawcharts::check::{self, Report};
use lawcharts::config::Config;
use lawcharts::diagnostic::Severity;
use lawcharts::render::Context;

const FILE: &[u8] = b"#file: ";
const NEW_SIDE: &[u8] = b"#new";
const MAX_FILES: usize = 16;

/// One chart file: its name and its bytes.
pub type File<'a> = (String, &'a [u8]);

/// The chart files of `data`, as the module docs describe.
pub fn files(data: &[u8]) -> Vec<File<'_>> {
    let mut out: Vec<File> = Vec::new();
    let mut name = String::from("fuzzed.yaml");
    let mut start = 0;
    for (at, line) in lines(data) {
        if let Some(rest) = line.strip_prefix(FILE) {
            if at > start || !out.is_empty() {
                out.push((name, &data[start..at]));
            }
            let mut cut = String::from_utf8_lossy(rest).trim().to_string();
            cut.truncate(cut.floor_char_boundary(64));
            name = cut;
            start = at + line.len();
        }
    }
    out.push((name, &data[start..]));
    out.truncate(MAX_FILES);
    out
}

/// The old and new sides of a diff input (`#new` splits them).
pub fn sides(data: &[u8]) -> (&[u8], &[u8]) {
    for (at, line) in lines(data) {
        if line.strip_suffix(b"\n").unwrap_or(line) == NEW_SIDE {
            return (&data[..at], &data[at + line.len()..]);
        }
    }
    (data, &[])
}

/// Each line of `data` with the offset it starts at (newline included).
fn lines(data: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    let mut at = 0;
    data.split_inclusive(|&b| b == b'\n').map(move |line| {
        let start = at;
        at += line.len();
        (start, line)
    })
}

/// Every file of `data` checked together, as the files of one folder;
/// the diagnostics are rendered too (as text and JSON), carets and all.
pub fn check(data: &[u8]) -> Report {
    let files = files(data);
    let named: Vec<(&str, &[u8])> = files.iter().map(|(n, b)| (n.as_str(), *b)).collect();
    let report = check::check_texts(&named);
    let text = lawcharts::diagnostic::render_text(&report.diagnostics, &report.sources);
    assert!(report.diagnostics.is_empty() || !text.is_empty());
    lawcharts::diagnostic::render_json(&report.diagnostics);
    report
}

/// Errors that leave a chart whole, as `diff` lists them: a chart with
/// only these is still drawn (by `diff --format html`); any other error
/// (a bad id, say) means no command ever renders it.
const WHOLE: &[&str] = &[
    "unreachable",
    "cycle",
    "incomplete-answers",
    "unknown-handover",
    "handover-loop",
    "example",
];

/// The charts some command renders: those with no error, or only errors
/// that leave them whole. So no renderer may assume a chart is sound.
pub fn renderable(report: &Report) -> ChartSet {
    let blocked = |file: &str| {
        report
            .diagnostics
            .iter()
            .any(|d| d.file == file && d.severity == Severity::Error && !WHOLE.contains(&d.code))
    };
    let charts = report.charts.charts.iter().filter(|c| !blocked(&c.file));
    ChartSet {
        charts: charts.cloned().collect(),
    }
}

/// Calls `render` with every renderable chart and the site's context.
pub fn render_each(report: &Report, mut render: impl FnMut(&lawcharts::chart::Chart, &Context)) {
    with_context(report, |cx| {
        for chart in &cx.charts.charts {
            render(chart, cx);
        }
    });
}

/// The context of the renderable charts, for outputs of the whole set.
pub fn with_context(report: &Report, f: impl FnOnce(&Context)) {
    let config = Config::default();
    let charts = renderable(report);
    let cx = Context {
        config: &config,
        charts: &charts,
        date: Some("2025-01-01".into()),
    };
    f(&cx);
}

/// A tag as a browser reads it: its name and its (attribute, value) pairs.
struct Tag {
    name: String,
    attrs: Vec<(String, String)>,
}

/// Every tag in an HTML or SVG text; quoted values are skipped over as a
/// browser does, so text escaped inside a value cannot pass for an attribute.
fn tags(html: &str) -> Vec<Tag> {
    let mut found = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        rest = &rest[at + 1..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '/' || *c == '!')
            .collect();
        rest = &rest[name.len()..];
        let mut attrs = Vec::new();
        loop {
            rest = rest.trim_start();
            if rest.is_empty() || rest.starts_with('>') || rest.starts_with("/>") {
                break;
            }
            let attr: String = rest
                .chars()
                .take_while(|c| !"=> \n\"".contains(*c))
                .collect();
            rest = &rest[attr.len()..];
            let mut value = String::new();
            if let Some(after) = rest.strip_prefix('=') {
                let (v, r) = match after.strip_prefix('"') {
                    Some(q) => q.split_once('"').unwrap_or((q, "")),
                    None => after
                        .split_once([' ', '>'])
                        .map_or((after, ""), |(v, _)| (v, &after[v.len()..])),
                };
                value = v.to_string();
                rest = r;
            } else if attr.is_empty() {
                rest = &rest[rest.chars().next().map_or(0, char::len_utf8)..];
            }
            attrs.push((attr.to_lowercase(), value));
        }
        found.push(Tag {
            name: name.to_lowercase(),
            attrs,
        });
    }
    found
}

/// Panics if chart text became markup: a tag that loads or runs something,
/// an event attribute, a link with a scheme other than http(s) or mailto,
/// or a script other than the site's own file.
pub fn assert_inert(html: &str, what: &str) {
    for tag in tags(html) {
        let name = tag.name.as_str();
        let forbidden = ["img", "iframe", "object", "embed", "base", "frame"];
        assert!(!forbidden.contains(&name), "{what}: <{name}>");
        for (attr, value) in &tag.attrs {
            assert!(!attr.starts_with("on"), "{what}: `{attr}` on <{name}>");
            if ["href", "src", "action", "xlink:href", "formaction"].contains(&attr.as_str()) {
                assert!(
                    lawcharts::markdown::is_safe_url(value),
                    "{what}: {attr}=\"{value}\" on <{name}>"
                );
            }
        }
        if name == "script" {
            let src = tag.attrs.iter().find(|(a, _)| a == "src");
            assert!(
                src.is_some_and(|(_, v)| v == "assets/site.js"),
                "{what}: a script that is not the site's"
            );
        }
    }
}
