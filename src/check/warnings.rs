//! The warnings: text too long for a printed card's box, rulings with no law,
//! charts too large for one card, charts that will not fit one side of it.

use rayon::prelude::*;

use super::Report;
use super::build::Built;
use super::cx::{Cx, help};
use crate::card::{self, Paper};
use crate::chart::{Chart, NodeKind};
use crate::diagnostic::{self, Diagnostic, Severity, Span};
use crate::load;

/// The most characters of a question that fit its box on an A4 card.
pub const MAX_QUESTION_CHARS: usize = 140;
/// The most characters of a step or ruling that fit its box on an A4 card.
pub const MAX_STATEMENT_CHARS: usize = 220;
/// The most nodes a chart may have and still print on one card.
pub const MAX_NODES: usize = 60;

/// Reports every warning of one chart.
pub fn warn(cx: &mut Cx, chart: &Chart, built: &Built) {
    let spans = &built.node_spans;
    for (_, node) in chart.nodes() {
        let span = spans.get(&node.id).copied().flatten();
        let limit = match node.kind {
            NodeKind::Question => MAX_QUESTION_CHARS,
            _ => MAX_STATEMENT_CHARS,
        };
        let length = node.text.chars().count();
        if length > limit {
            let d = cx.warning(
                "long-text",
                span,
                format!(
                    "the {} of `{}` is {length} characters; about {limit} fit its box on a printed card",
                    node.kind.name(),
                    node.id
                ),
            );
            help(d, "move the explanation to `note` or `say`");
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

/// Warns about every chart without errors that will not fit one side of an
/// A4 card with its text at the least size, so that its card is split into
/// panels over more than one page. This lays the charts out, so only
/// `lawcharts check` asks for it, not every command that loads charts.
pub fn card_sides(report: &mut Report) {
    let paper = Paper::A4;
    let broken: Vec<&str> = (report.diagnostics.iter())
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.file.as_str())
        .collect();
    let found: Vec<Diagnostic> = (report.charts.charts.par_iter())
        .filter(|c| c.graph.node_count() <= MAX_NODES && !broken.contains(&c.file.as_str()))
        .filter(|c| !card::fits_one_side(c, &report.charts, paper))
        .map(|c| {
            let span = report.sources.get(&c.file).and_then(|text| key_span(text, "title"));
            Diagnostic::warning(
                "card-sides",
                &c.file,
                span,
                format!(
                    "chart `{}` will not fit one side of an {} card with its text at {} pt; its card is split into panels on more than one page",
                    c.id,
                    paper.name(),
                    paper.min_text()
                ),
            )
            .with_help(format!(
                "`lawcharts render {} --format pdf -o card.pdf` says how it is split; to print on one side, move branches into charts joined by `then`",
                c.id
            ))
        })
        .collect();
    report.diagnostics.extend(found);
    diagnostic::sort(&mut report.diagnostics);
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
