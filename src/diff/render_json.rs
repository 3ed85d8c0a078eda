//! The diff for scripts: the summary counts and every changed chart with its
//! changes, each tagged with its `class` and `kind` and carrying the old and
//! new values as written.

use serde::Serialize;

use super::{ChartDiff, Class, Diff, NotCompared, Status};

#[derive(Serialize)]
struct Document<'d, 'a> {
    summary: Summary,
    charts: &'d [ChartDiff<'a>],
    not_compared: &'d [NotCompared],
}

#[derive(Serialize)]
struct Summary {
    changed: usize,
    added: usize,
    removed: usize,
    logic: usize,
    wording: usize,
    law: usize,
    examples: usize,
}

/// The JSON document (pretty-printed, one trailing newline).
pub fn render(diff: &Diff) -> String {
    let doc = Document {
        summary: Summary {
            changed: diff.charts_with(Status::Changed),
            added: diff.charts_with(Status::Added),
            removed: diff.charts_with(Status::Removed),
            logic: diff.count(Class::Logic),
            wording: diff.count(Class::Wording),
            law: diff.count(Class::Law),
            examples: diff.count(Class::Examples),
        },
        charts: &diff.charts,
        not_compared: &diff.not_compared,
    };
    serde_json::to_string_pretty(&doc).expect("the diff serialises") + "\n"
}
