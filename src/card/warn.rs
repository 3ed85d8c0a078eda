//! The warning `lawcharts check` adds about cards: a chart whose card
//! takes more than one sheet. It lays the charts out, so it lives here,
//! above `check`, and only `check` asks for it.

use rayon::prelude::*;

use super::{Paper, sides};
use crate::check::{MAX_CARD_NODES, Report};
use crate::diagnostic::{Diagnostic, Severity, Span};
use crate::load;

/// The most sides a card has: the front and the back of one sheet.
pub const MAX_SIDES: usize = 2;

/// Warns about every chart without errors whose card will not fit the
/// front and back of one A4 sheet with its text at the least size. This
/// lays the charts out, so only `lawcharts check` asks for it, not every
/// command that loads charts.
pub fn warn_sides(report: &mut Report) {
    let paper = Paper::A4;
    let broken: Vec<&str> = (report.diagnostics.iter())
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.file.as_str())
        .collect();
    let found: Vec<Diagnostic> = (report.charts.charts.par_iter())
        .filter(|c| c.graph.node_count() <= MAX_CARD_NODES && !broken.contains(&c.file.as_str()))
        .filter_map(|c| {
            let sides = sides(c, &report.charts, paper);
            (sides > MAX_SIDES).then_some((c, sides))
        })
        .map(|(c, sides)| {
            let span = report.sources.get(&c.file).and_then(|text| key_span(text, "title"));
            Diagnostic::warning(
                "card-sides",
                &c.file,
                span,
                format!(
                    "the card of `{}` takes {sides} sides of {} at {} pt; a card is one sheet, front and back",
                    c.id,
                    paper.name(),
                    paper.min_text()
                ),
            )
            .with_help("shorten box text, or move a branch into a chart joined by `then`")
        })
        .collect();
    report.diagnostics.extend(found);
    report.sort_diagnostics();
}

/// The span of a top-level `key:` in a chart's text.
fn key_span(text: &str, key: &str) -> Option<Span> {
    let written = format!("{key}:");
    let offset = if text.starts_with(&written) {
        0
    } else {
        text.find(&format!("\n{written}"))? + 1
    };
    let span = load::span_at(text, offset);
    Some(Span {
        end: span.start + key.len(),
        ..span
    })
}
