//! The warnings: text too long for a printed card's box, rulings with no law,
//! charts too large for one card, charts whose card takes more than one sheet.

use rayon::prelude::*;

use super::Report;
use super::build::Built;
use super::cx::{Cx, help};
use crate::card::{self, Paper};
use crate::chart::{Chart, NodeKind};
use crate::diagnostic::{Diagnostic, Severity, Span};
use crate::load;
use crate::markdown::to_plain;

/// The card budget: the most characters of a box's drawn text (a
/// question, step or ruling) for a chart of 20 boxes to fit one side of an
/// A4 card at 9 pt, as measured on the shipped charts cut to it and on
/// synthetic charts shaped like them (`examples/card_budget.rs`;
/// docs/format.md).
pub const BOX_TEXT_BUDGET: usize = 30;
/// The card budget of an answer label.
pub const LABEL_BUDGET: usize = 16;
/// The most nodes a chart may have and still print on one card.
pub const MAX_NODES: usize = 60;

/// Reports every warning of one chart.
pub fn warn(cx: &mut Cx, chart: &Chart, built: &Built) {
    let spans = &built.node_spans;
    for (index, node) in chart.nodes() {
        let span = spans.get(&node.id).copied().flatten();
        let length = to_plain(&node.text).chars().count();
        if length > BOX_TEXT_BUDGET {
            let d = cx.warning(
                "long-text",
                span,
                format!(
                    "the {} of `{}` is {length} characters; a card has room for {BOX_TEXT_BUDGET} in a box",
                    node.kind.name(),
                    node.id
                ),
            );
            help(
                d,
                "keep in the box only what the director asks or rules; move the rest to `note` (the site shows it) or `say` (words for the players)",
            );
        }
        for (label, _) in chart.outgoing(index) {
            let Some(label) = label else { continue };
            let length = label.chars().count();
            if length > LABEL_BUDGET {
                let d = cx.warning(
                    "long-label",
                    span,
                    format!(
                        "answer `{label}` of `{}` is {length} characters; a card has room for {LABEL_BUDGET} in a label",
                        node.id
                    ),
                );
                help(
                    d,
                    "name the answer in a word or two; the question or its `note` can say more",
                );
            }
        }
        if node.kind == NodeKind::Ruling && !built.cites_law.contains(&node.id) {
            let d = cx.warning(
                "ruling-without-law",
                span,
                format!("ruling `{}` cites no law", node.id),
            );
            help(d, "add `law:` with the clause the ruling rests on");
        }
    }
    let count = chart.graph.node_count();
    if count > MAX_NODES {
        let span = cx.top();
        let d = cx.warning(
            "large-chart",
            span,
            format!("chart has {count} nodes; more than {MAX_NODES} will not print on one card"),
        );
        help(d, "split it into charts joined by `then`");
    }
}

/// The most sides a card has: the front and the back of one sheet.
pub const MAX_SIDES: usize = 2;

/// Warns about every chart without errors whose card will not fit the
/// front and back of one A4 sheet with its text at the least size. This
/// lays the charts out, so only `lawcharts check` asks for it, not every
/// command that loads charts.
pub fn card_sides(report: &mut Report) {
    let paper = Paper::A4;
    let broken: Vec<&str> = (report.diagnostics.iter())
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.file.as_str())
        .collect();
    let found: Vec<Diagnostic> = (report.charts.charts.par_iter())
        .filter(|c| c.graph.node_count() <= MAX_NODES && !broken.contains(&c.file.as_str()))
        .filter_map(|c| {
            let sides = card::sides(c, &report.charts, paper);
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
