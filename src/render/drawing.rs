//! The chart as a drawing: the checked model turned into the layout engine's
//! input (start first, answers in order, hand-overs as their own shape), laid
//! out and drawn as SVG. The site, the SVG files and the cards all draw here.

use crate::chart::{Chart, ChartSet, NodeKind};
use crate::layout::{self, BoxSpec, EdgeSpec, Layout, LayoutInput, Shape};
use crate::markdown::to_plain;

/// The layout engine's input for a chart. `charts` names hand-over targets.
pub fn layout_input(chart: &Chart, charts: &ChartSet) -> LayoutInput {
    input_with(chart, charts, " → continue with: ")
}

/// [`layout_input`] for a printed card, where paper is short: a hand-over
/// reads `… → Title of the other chart` (its pointed shape, and the card's
/// legend, already say that the chart goes on there).
pub fn card_input(chart: &Chart, charts: &ChartSet) -> LayoutInput {
    input_with(chart, charts, " → ")
}

/// The input with `arrow` between a hand-over's text and the other chart's title.
fn input_with(chart: &Chart, charts: &ChartSet, arrow: &str) -> LayoutInput {
    let mut order: Vec<_> = vec![chart.start];
    order.extend(chart.nodes().map(|(i, _)| i).filter(|&i| i != chart.start));
    let position = |i| {
        order
            .iter()
            .position(|&o| o == i)
            .expect("every node is ordered")
    };
    let nodes = order
        .iter()
        .map(|&i| {
            let node = &chart.graph[i];
            let mut text = to_plain(&node.text);
            let shape = match (node.kind, &node.then) {
                (NodeKind::Question, _) => Shape::Question,
                (NodeKind::Step, _) => Shape::Step,
                (NodeKind::Ruling, None) => Shape::Ruling,
                (NodeKind::Ruling, Some(then)) => {
                    let title = charts
                        .get(&then.chart)
                        .map_or(then.chart.as_str(), |c| c.title.as_str());
                    text.push_str(&format!("{arrow}{title}"));
                    Shape::Handover
                }
            };
            let laws: Vec<String> = node.law.iter().map(ToString::to_string).collect();
            BoxSpec {
                id: node.id.clone(),
                shape,
                text: text.into(),
                laws: laws.join(", ").into(),
            }
        })
        .collect();
    let edges = order
        .iter()
        .flat_map(|&from| {
            chart
                .outgoing(from)
                .into_iter()
                .map(move |(label, to)| (from, label, to))
        })
        .map(|(from, label, to)| EdgeSpec {
            from: position(from),
            to: position(to),
            label: label.map(str::to_string),
        })
        .collect();
    LayoutInput { nodes, edges }
}

/// The chart laid out for the screen (see [`layout::layout_for_screen`]).
pub fn chart_layout(chart: &Chart, charts: &ChartSet) -> Layout {
    layout::layout_for_screen(&layout_input(chart, charts))
}

/// The chart drawn as a standalone SVG document.
pub fn chart_svg(chart: &Chart, charts: &ChartSet) -> String {
    super::render_svg(&chart_layout(chart, charts), &chart.title)
}
