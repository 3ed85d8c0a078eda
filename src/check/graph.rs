//! Rules 6 and 7 on one chart's graph, with petgraph's own algorithms:
//! every node reachable from `start` (depth-first search), no cycles
//! (Tarjan's strongly connected components).

use indexmap::IndexMap;
use petgraph::algo::tarjan_scc;
use petgraph::visit::Dfs;

use super::answers::list_in_words;
use super::cx::{Cx, help};
use crate::chart::Chart;
use crate::diagnostic::Span;

/// Reports nodes that no path from `start` reaches.
pub fn reachability(cx: &mut Cx, chart: &Chart, spans: &IndexMap<String, Option<Span>>) {
    let mut dfs = Dfs::new(&chart.graph, chart.start);
    let mut seen = std::collections::HashSet::new();
    while let Some(n) = dfs.next(&chart.graph) {
        seen.insert(n);
    }
    for (idx, node) in chart.nodes() {
        if !seen.contains(&idx) {
            let span = spans.get(&node.id).copied().flatten();
            let d = cx.error(
                "unreachable",
                span,
                format!("node `{}` cannot be reached from `start`", node.id),
            );
            help(d, "point an answer or a `next` at it, or delete it");
        }
    }
}

/// Reports each cycle once, at the first of its nodes in the file.
pub fn cycles(cx: &mut Cx, chart: &Chart, spans: &IndexMap<String, Option<Span>>) {
    for component in tarjan_scc(&chart.graph) {
        let self_loop =
            component.len() == 1 && chart.graph.contains_edge(component[0], component[0]);
        if component.len() < 2 && !self_loop {
            continue;
        }
        let mut ids: Vec<&str> = chart
            .nodes()
            .filter(|(i, _)| component.contains(i))
            .map(|(_, n)| n.id.as_str())
            .collect();
        ids.dedup();
        let first = ids[0];
        let span = spans.get(first).copied().flatten();
        let message = if self_loop {
            format!("node `{first}` leads back to itself")
        } else {
            format!("nodes {} form a cycle", list_in_words(&ids))
        };
        let d = cx.error("cycle", span, message);
        help(
            d,
            "charts are acyclic: a path may merge into another, never come back",
        );
    }
}
