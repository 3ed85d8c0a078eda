//! The diff as Markdown, for a pull-request comment or release notes: a
//! summary line, then one section per chart with its changes grouped by
//! class, logic first. Removed values are struck through, new ones bold;
//! every piece of chart text is escaped, so it can only ever be text.

use super::describe::{self, Part, Value};
use super::words::Piece;
use super::{ChartDiff, Class, Diff, Status, shown_name};
use crate::markdown::escape_text;

/// The Markdown document.
pub fn render(diff: &Diff) -> String {
    let mut out = String::from("## Changes to the charts\n\n");
    out.push_str(&escape_text(&diff.summary()));
    out.push_str("\n\n");
    for chart in &diff.charts {
        chart_section(chart, &mut out);
    }
    if !diff.not_compared.is_empty() {
        out.push_str("### Not compared\n\n");
        for n in &diff.not_compared {
            out.push_str(&format!(
                "- {}: does not load on the {} side ({}); `lawcharts check` says why\n",
                code(&shown_name(&n.chart)),
                n.side,
                escape_text(&shown_name(&n.file))
            ));
        }
        out.push('\n');
    }
    out
}

fn chart_section(chart: &ChartDiff, out: &mut String) {
    let status = match chart.status {
        Status::Added => " (new)",
        Status::Removed => " (removed)",
        Status::Changed => "",
    };
    out.push_str(&format!(
        "### {} — {}{status}\n",
        code(&chart.chart),
        escape_text(&chart.title)
    ));
    let mut class: Option<Class> = None;
    for change in &chart.changes {
        if class != Some(change.class) {
            class = Some(change.class);
            out.push_str(&format!("\n**{}**\n\n", heading(change.class)));
        }
        out.push_str(&format!("- {}\n", line(&describe::sentence(change))));
    }
    out.push('\n');
}

fn heading(class: Class) -> &'static str {
    match class {
        Class::Logic => "Logic",
        Class::Wording => "Wording",
        Class::Law => "Law",
        Class::Examples => "Examples",
    }
}

fn line(s: &describe::Sentence) -> String {
    let mut out = String::new();
    if let Some(node) = &s.node {
        out.push_str(&format!("{}: ", code(node)));
    }
    for part in &s.parts {
        out.push_str(&match part {
            Part::Say(words) => escape_words(words),
            Part::Keep(v) => value(v),
            Part::Old(v) => struck(&value(v)),
            Part::New(v) => bold(&value(v)),
            Part::Words(pieces) => word_diff(pieces),
        });
    }
    out
}

fn value(v: &Value) -> String {
    match v {
        Value::Text(t) => escape_text(t),
        Value::Id(id) => code(id),
        Value::Label(l) => format!("“{}”", escape_text(l)),
        Value::Quoted(t) => format!("“{}”", escape_text(t)),
    }
}

/// Our own words, escaped, keeping the spaces at their ends.
fn escape_words(words: &str) -> String {
    let start = &words[..words.len() - words.trim_start().len()];
    let end = &words[words.trim_end().len()..];
    if words.trim().is_empty() {
        return words.to_string();
    }
    format!("{start}{}{end}", escape_text(words))
}

fn word_diff(pieces: &[Piece]) -> String {
    let runs: Vec<String> = pieces
        .iter()
        .map(|p| match p {
            Piece::Same(s) => escape_text(s),
            Piece::Old(s) => struck(&escape_text(s)),
            Piece::New(s) => bold(&escape_text(s)),
        })
        .collect();
    runs.join(" ")
}

fn struck(md: &str) -> String {
    if md.is_empty() {
        return String::new();
    }
    format!("~~{md}~~")
}

fn bold(md: &str) -> String {
    if md.is_empty() {
        return String::new();
    }
    format!("**{md}**")
}

/// An id as inline code. Ids are lower-case words and hyphens (`check`
/// refuses anything else), so a backtick can only come from a broken chart:
/// then it is escaped text instead.
fn code(id: &str) -> String {
    if id.is_empty() || id.contains('`') || id.contains('\n') {
        return escape_text(id);
    }
    format!("`{id}`")
}
