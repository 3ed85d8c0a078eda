//! A changed chart node by node, for drawing: the new chart's nodes in file
//! order with removed nodes put back after the node they followed, each node
//! and answer marked added, changed or removed, reworded text as a word
//! diff. Built from the chart and its (possibly filtered) changes only.

use std::collections::HashMap;

use super::describe::{Mark, Part, Value};
use super::words;
use super::{ChartDiff, Status, What};
use crate::chart::{Chart, Node};
use crate::markdown::collapse_whitespace;

/// One node as drawn.
pub struct NodeLine {
    /// The node id (the new one).
    pub id: String,
    /// `question`, `step` or `ruling`.
    pub kind: &'static str,
    /// How it changed; `None` when it did not.
    pub mark: Option<Mark>,
    /// Its text, reworded parts marked.
    pub text: Vec<Part>,
    /// `law`, `note`, `say` and `then`, when present on either side.
    pub extras: Vec<(&'static str, Vec<Part>)>,
    /// Its answers (or `next`), removed ones included.
    pub edges: Vec<EdgeLine>,
}

/// One answer (or `next`) as drawn.
pub struct EdgeLine {
    /// How it changed; `None` when it did not.
    pub mark: Option<Mark>,
    /// The label, relabelling marked; empty for `next`.
    pub label: Vec<Part>,
    /// The target, retargeting marked.
    pub target: Vec<Part>,
    /// The target's id, for a link.
    pub target_id: String,
}

/// The nodes of a changed chart as drawn.
pub fn lines(chart: &ChartDiff) -> Vec<NodeLine> {
    match (chart.status, chart.old, chart.new) {
        (Status::Added, _, Some(new)) => whole(new, Mark::Added),
        (Status::Removed, Some(old), _) => whole(old, Mark::Removed),
        (Status::Changed, Some(old), Some(new)) => changed(chart, old, new),
        _ => Vec::new(),
    }
}

fn whole(chart: &Chart, mark: Mark) -> Vec<NodeLine> {
    chart
        .nodes()
        .map(|(i, node)| {
            // The whole chart is new (or gone): its nodes are marked, their
            // answers need no mark of their own.
            let mut line = plain(chart, i, node);
            line.mark = Some(mark);
            line
        })
        .collect()
}

fn plain(chart: &Chart, at: petgraph::stable_graph::NodeIndex, node: &Node) -> NodeLine {
    let edges = chart
        .outgoing(at)
        .into_iter()
        .map(|(label, to)| {
            let target = chart.graph[to].id.clone();
            EdgeLine {
                mark: None,
                label: label
                    .map(|l| vec![Part::Keep(Value::Label(l.to_string()))])
                    .unwrap_or_default(),
                target: vec![Part::Keep(Value::Id(target.clone()))],
                target_id: target,
            }
        })
        .collect();
    let mut extras = Vec::new();
    let laws: Vec<String> = node.law.iter().map(ToString::to_string).collect();
    if !laws.is_empty() {
        extras.push(("law", vec![Part::Keep(Value::Text(laws.join(", ")))]));
    }
    for (name, text) in [("note", &node.note), ("say", &node.say)] {
        if let Some(text) = text {
            extras.push((name, vec![Part::Keep(text_value(text))]));
        }
    }
    if let Some(then) = &node.then {
        extras.push(("then", vec![Part::Keep(Value::Id(then.to_string()))]));
    }
    NodeLine {
        id: node.id.clone(),
        kind: node.kind.name(),
        mark: None,
        text: vec![Part::Keep(text_value(&node.text))],
        extras,
        edges,
    }
}

fn text_value(text: &str) -> Value {
    Value::Text(collapse_whitespace(text))
}

fn changed(chart: &ChartDiff, old: &Chart, new: &Chart) -> Vec<NodeLine> {
    let of = |id: &str| -> Vec<&What> {
        chart
            .changes
            .iter()
            .filter(|c| c.node.as_deref() == Some(id))
            .map(|c| &c.what)
            .collect()
    };
    let renamed: HashMap<&str, &str> = chart
        .changes
        .iter()
        .filter_map(|c| match &c.what {
            What::NodeRenamed { old, new } => Some((old.as_str(), new.as_str())),
            _ => None,
        })
        .collect();
    let mut ghosts: HashMap<Option<String>, Vec<NodeLine>> = HashMap::new();
    let mut before: Option<String> = None;
    for (i, node) in old.nodes() {
        let now = renamed.get(node.id.as_str()).copied().unwrap_or(&node.id);
        if new.node(now).is_some() {
            before = Some(now.to_string());
        } else if of(&node.id)
            .iter()
            .any(|w| matches!(w, What::NodeRemoved { .. }))
        {
            let mut line = plain(old, i, node);
            line.mark = Some(Mark::Removed);
            for e in &mut line.edges {
                e.mark = Some(Mark::Removed);
                if let Some(now) = renamed.get(e.target_id.as_str()) {
                    e.target_id = now.to_string();
                }
            }
            ghosts.entry(before.clone()).or_default().push(line);
        }
    }
    let mut out: Vec<NodeLine> = ghosts.remove(&None).unwrap_or_default();
    for (i, node) in new.nodes() {
        out.push(marked(plain(new, i, node), &of(&node.id)));
        out.extend(ghosts.remove(&Some(node.id.clone())).unwrap_or_default());
    }
    out
}

/// A node of the new chart with its changes marked on it.
fn marked(mut line: NodeLine, changes: &[&What]) -> NodeLine {
    if changes.is_empty() {
        return line;
    }
    let added = changes.iter().any(|w| matches!(w, What::NodeAdded { .. }));
    line.mark = Some(if added { Mark::Added } else { Mark::Changed });
    for what in changes {
        mark_change(&mut line, what);
    }
    line
}

fn mark_change(line: &mut NodeLine, what: &What) {
    match what {
        What::Reworded { field, old, new } => {
            let parts = reworded(old.as_deref(), new.as_deref());
            if matches!(*field, "note" | "say") {
                set_extra(line, field, parts);
            } else {
                line.text = parts;
            }
        }
        What::Law { old, new } => set_extra(
            line,
            "law",
            swapped(Value::Text(old.join(", ")), Value::Text(new.join(", "))),
        ),
        What::Then { old, new } => {
            set_extra(line, "then", moved(old.as_deref(), new.as_deref()));
        }
        What::AnswerAdded { label, .. } => {
            if let Some(e) = edge(line, Some(label)) {
                e.mark = Some(Mark::Added);
            }
        }
        What::AnswerRetargeted { label, old, new } => {
            if let Some(e) = edge(line, Some(label)) {
                e.mark = Some(Mark::Changed);
                e.target = moved(Some(old), Some(new));
            }
        }
        What::AnswerRelabelled { old, new, .. } => {
            if let Some(e) = edge(line, Some(new)) {
                e.mark = Some(Mark::Changed);
                e.label = swapped(Value::Label(old.clone()), Value::Label(new.clone()));
            }
        }
        What::Next { old, new } => match (edge(line, None), old) {
            (Some(e), _) => {
                e.mark = Some(if old.is_some() {
                    Mark::Changed
                } else {
                    Mark::Added
                });
                e.target = moved(old.as_deref(), new.as_deref());
            }
            (None, Some(old)) => line.edges.push(gone(None, old)),
            (None, None) => {}
        },
        What::AnswerRemoved { label, target } => line.edges.push(gone(Some(label), target)),
        _ => {}
    }
}

fn edge<'l>(line: &'l mut NodeLine, label: Option<&str>) -> Option<&'l mut EdgeLine> {
    line.edges
        .iter_mut()
        .find(|e| match (label, e.label.first()) {
            (Some(l), Some(Part::Keep(Value::Label(have)))) => have == l,
            (None, None) => true,
            _ => false,
        })
}

fn gone(label: Option<&str>, target: &str) -> EdgeLine {
    EdgeLine {
        mark: Some(Mark::Removed),
        label: label
            .map(|l| vec![Part::Old(Value::Label(l.to_string()))])
            .unwrap_or_default(),
        target: vec![Part::Old(Value::Id(target.to_string()))],
        target_id: target.to_string(),
    }
}

fn set_extra(line: &mut NodeLine, name: &'static str, parts: Vec<Part>) {
    match line.extras.iter_mut().find(|(n, _)| *n == name) {
        Some((_, have)) => *have = parts,
        None => line.extras.push((name, parts)),
    }
}

fn reworded(old: Option<&str>, new: Option<&str>) -> Vec<Part> {
    match (old, new) {
        (Some(old), Some(new)) => vec![Part::Words(words::diff(old, new))],
        (None, Some(new)) => vec![Part::New(text_value(new))],
        (Some(old), None) => vec![Part::Old(text_value(old))],
        (None, None) => Vec::new(),
    }
}

fn swapped(old: Value, new: Value) -> Vec<Part> {
    vec![Part::Old(old), Part::Say(" ".into()), Part::New(new)]
}

fn moved(old: Option<&str>, new: Option<&str>) -> Vec<Part> {
    let id = |s: &str| Value::Id(s.to_string());
    match (old, new) {
        (Some(old), Some(new)) => swapped(id(old), id(new)),
        (None, Some(new)) => vec![Part::New(id(new))],
        (Some(old), None) => vec![Part::Old(id(old))],
        (None, None) => Vec::new(),
    }
}
