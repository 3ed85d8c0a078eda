//! The warnings: text too long for a printed card's box, rulings with no law,
//! charts too large for one card.

use super::build::Built;
use super::cx::{Cx, help};
use crate::chart::{Chart, NodeKind};

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
