//! Rules 6 and 7 on one chart's graph, with petgraph's own algorithms:
//! every node reachable from `start` (depth-first search), no cycles
//! (Tarjan's strongly connected components).

use std::collections::HashSet;

use indexmap::IndexMap;
use petgraph::Direction;
use petgraph::algo::tarjan_scc;
use petgraph::stable_graph::NodeIndex;
use petgraph::visit::Dfs;

use super::answers::list_in_words;
use super::cx::{Cx, help};
use crate::chart::Chart;
use crate::diagnostic::Span;

/// Reports the nodes that no path from `start` reaches, once per cause.
/// They fall into parts, each with a head (a node nothing points to, or the
/// first in the file of a loop nothing enters) and the nodes after it. A
/// head that a target naming no node was probably meant for ("did you
/// mean") is a note under that target's error, and so is the one head left
/// when one target alone names nothing close (or nothing at all); any other
/// head is an error of its own. The nodes after a head are in its note.
pub fn reachability(cx: &mut Cx, chart: &Chart, spans: &IndexMap<String, Option<Span>>) {
    let mut dfs = Dfs::new(&chart.graph, chart.start);
    let mut seen = HashSet::new();
    while let Some(n) = dfs.next(&chart.graph) {
        seen.insert(n);
    }
    let cut_off: Vec<NodeIndex> = chart
        .nodes()
        .map(|(i, _)| i)
        .filter(|i| !seen.contains(i))
        .collect();
    let parts = parts(chart, &cut_off);
    let id_of = |n: NodeIndex| chart.graph[n].id.as_str();
    let unknown = cx.unknown_targets.clone();
    let meant_by = |head: NodeIndex| {
        unknown
            .iter()
            .find(|u| u.meant.as_deref() == Some(id_of(head)))
            .map(|u| u.diag)
    };
    let unclaimed: Vec<usize> = (0..parts.len())
        .filter(|&i| meant_by(parts[i].0).is_none())
        .collect();
    let blind: Vec<usize> = unknown
        .iter()
        .filter(|u| u.meant.is_none())
        .map(|u| u.diag)
        .collect();
    let guess = match (&unclaimed[..], &blind[..]) {
        ([part], [diag]) => Some((*part, *diag)),
        _ => None,
    };
    for (i, (head, after)) in parts.iter().enumerate() {
        let id = id_of(*head);
        let after: Vec<&str> = after.iter().map(|&n| id_of(n)).collect();
        let nor = |note: String| match after.is_empty() {
            true => note,
            false => format!("{note}, nor {}", nodes_after(&after)),
        };
        if let Some(diag) = meant_by(*head) {
            let note = nor(format!("so node `{id}` cannot be reached from `start`"));
            cx.diags[diag].notes.push(note);
        } else if let Some((_, diag)) = guess.filter(|(part, _)| *part == i) {
            let note = nor(format!("node `{id}` cannot be reached from `start`"));
            cx.diags[diag]
                .notes
                .push(note + " (is it the node meant here?)");
        } else {
            let span = spans.get(id).copied().flatten();
            let d = cx.error(
                "unreachable",
                span,
                format!("node `{id}` cannot be reached from `start`"),
            );
            if !after.is_empty() {
                d.notes.push(format!("nor {}", nodes_after(&after)));
            }
            help(d, "point an answer or a `next` at it, or delete it");
        }
    }
}

/// The most node ids a note names before it says how many more there are.
const NAMED: usize = 6;

/// "the 3 nodes after it: `a`, `b` and `c`" (the first [`NAMED`] named).
fn nodes_after(ids: &[&str]) -> String {
    let more = ids.len().saturating_sub(NAMED);
    let list = if more == 0 {
        list_in_words(ids)
    } else {
        let named: Vec<String> = ids[..NAMED].iter().map(|id| format!("`{id}`")).collect();
        format!("{} and {more} more", named.join(", "))
    };
    match ids.len() {
        1 => format!("can the node after it: {list}"),
        n => format!("can the {n} nodes after it: {list}"),
    }
}

/// `cut_off` (in file order) in parts: each head, and the nodes of
/// `cut_off` reached from it and from no earlier head, in file order.
fn parts(chart: &Chart, cut_off: &[NodeIndex]) -> Vec<(NodeIndex, Vec<NodeIndex>)> {
    let is_cut_off: HashSet<NodeIndex> = cut_off.iter().copied().collect();
    let entered = |n: NodeIndex| {
        chart
            .graph
            .neighbors_directed(n, Direction::Incoming)
            .next()
            .is_some()
    };
    // Nodes nothing points to first; then whatever is left, which lies on
    // a loop that nothing outside it enters.
    let heads = cut_off.iter().filter(|&&n| !entered(n)).chain(cut_off);
    let mut taken = HashSet::new();
    let mut found = Vec::new();
    for &head in heads {
        if !taken.insert(head) {
            continue;
        }
        let mut after = Vec::new();
        let mut todo = vec![head];
        while let Some(n) = todo.pop() {
            for next in chart.graph.neighbors(n) {
                if is_cut_off.contains(&next) && taken.insert(next) {
                    after.push(next);
                    todo.push(next);
                }
            }
        }
        after.sort();
        found.push((head, after));
    }
    found
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
