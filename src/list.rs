//! `lawcharts list`: one line per chart (id, title, laws, node and example
//! counts), or the same as JSON.

use serde::Serialize;

use crate::chart::{Chart, ChartSet, NodeKind};

/// One chart's row.
#[derive(Serialize)]
pub struct Row<'a> {
    /// Chart id.
    pub id: &'a str,
    /// Title.
    pub title: &'a str,
    /// Clauses covered.
    pub laws: Vec<String>,
    /// All nodes.
    pub nodes: usize,
    /// Questions.
    pub questions: usize,
    /// Steps.
    pub steps: usize,
    /// Rulings.
    pub rulings: usize,
    /// Worked examples.
    pub examples: usize,
}

/// The row of one chart.
pub fn row(chart: &Chart) -> Row<'_> {
    let count = |k| chart.nodes().filter(|(_, n)| n.kind == k).count();
    Row {
        id: &chart.id,
        title: &chart.title,
        laws: chart.laws.iter().map(ToString::to_string).collect(),
        nodes: chart.graph.node_count(),
        questions: count(NodeKind::Question),
        steps: count(NodeKind::Step),
        rulings: count(NodeKind::Ruling),
        examples: chart.examples.len(),
    }
}

/// A plain-text table, columns padded to the widest entry.
pub fn text(set: &ChartSet) -> String {
    let rows: Vec<Row> = set.charts.iter().map(row).collect();
    let id_w = rows.iter().map(|r| r.id.len()).max().unwrap_or(2).max(2);
    let mut out = format!(
        "{:id_w$}  {:>5}  {:>8}  laws / title\n",
        "id", "nodes", "examples"
    );
    for r in &rows {
        out.push_str(&format!(
            "{:id_w$}  {:>5}  {:>8}  {} / {}\n",
            r.id,
            r.nodes,
            r.examples,
            r.laws.join(" "),
            r.title
        ));
    }
    out
}

/// The rows as a JSON array.
pub fn json(set: &ChartSet) -> String {
    let rows: Vec<Row> = set.charts.iter().map(row).collect();
    serde_json::to_string_pretty(&rows).expect("rows serialise") + "\n"
}
