//! The warnings: text too long for a printed card's box, rulings with no law,
//! charts too large for one card. (Whether a card takes more than one sheet
//! needs the card's layout: `card::warn_sides`.)

use super::build::Built;
use super::cx::{Cx, help};
use crate::chart::{Chart, NodeKind};
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
pub const MAX_CARD_NODES: usize = 60;

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
    if count > MAX_CARD_NODES {
        let span = cx.top();
        let d = cx.warning(
            "large-chart",
            span,
            format!(
                "chart has {count} nodes; more than {MAX_CARD_NODES} will not print on one card"
            ),
        );
        help(d, "split it into charts joined by `then`");
    }
}
