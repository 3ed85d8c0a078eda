//! The comparison: charts matched by id; nodes by id, then a removed and an
//! added node with the same text as a likely rename; answers by label, then
//! by target; examples by situation, then by path. Text counts as changed
//! only when its rendered Markdown does, so reflowing a paragraph or quoting
//! a value differently is no change.

use std::collections::HashMap;

use petgraph::stable_graph::NodeIndex;

use super::examples::examples;
use super::matching::{Matching, Renames, same_optional};
use super::node::Pair;
use super::{Change, ChartDiff, Diff, LeadsTo, NodeSummary, Status, What};
use crate::chart::{Chart, ChartSet};
use crate::markdown::collapse_whitespace;

/// Compares the old charts with the new, by chart id.
pub fn diff<'a>(old: &'a ChartSet, new: &'a ChartSet) -> Diff<'a> {
    let mut ids: Vec<&str> = old
        .charts
        .iter()
        .chain(&new.charts)
        .map(|c| c.id.as_str())
        .collect();
    ids.sort();
    ids.dedup();
    let matchings: HashMap<&str, Matching> = ids
        .iter()
        .filter_map(|&id| Some((id, Matching::new(old.get(id)?, new.get(id)?))))
        .collect();
    let renames: Renames = matchings
        .iter()
        .flat_map(|(chart, m)| {
            m.renamed
                .iter()
                .map(|(o, n)| ((chart.to_string(), o.clone()), n.clone()))
        })
        .collect();
    let charts = ids
        .into_iter()
        .filter_map(|id| match (old.get(id), new.get(id)) {
            (Some(o), Some(n)) => changed(o, n, &matchings[id], &renames),
            (None, Some(n)) => Some(alone(n, Status::Added)),
            (Some(o), None) => Some(alone(o, Status::Removed)),
            (None, None) => None,
        })
        .collect();
    Diff {
        charts,
        not_compared: Vec::new(),
    }
}

fn alone(chart: &Chart, status: Status) -> ChartDiff<'_> {
    let (title, nodes) = (chart.title.clone(), chart.index.len());
    let what = match status {
        Status::Added => What::ChartAdded { title, nodes },
        _ => What::ChartRemoved { title, nodes },
    };
    let (old, new) = match status {
        Status::Added => (None, Some(chart)),
        _ => (Some(chart), None),
    };
    ChartDiff {
        chart: chart.id.clone(),
        title: chart.title.clone(),
        status,
        changes: vec![change(None, what)],
        old,
        new,
    }
}

fn change(node: Option<&str>, what: What) -> Change {
    Change {
        class: what.class(),
        node: node.map(str::to_string),
        what,
    }
}

/// The changes between two versions of one chart, or `None` when equal.
fn changed<'a>(
    old: &'a Chart,
    new: &'a Chart,
    m: &Matching,
    renames: &Renames,
) -> Option<ChartDiff<'a>> {
    let mut changes: Vec<Change> = chart_level(old, new, m)
        .into_iter()
        .map(|w| change(None, w))
        .collect();
    for (ni, node) in new.nodes() {
        let id = Some(node.id.as_str());
        match m.old_of(ni) {
            Some(oi) => {
                let pair = Pair {
                    old,
                    new,
                    oi,
                    ni,
                    m,
                };
                changes.extend(pair.compare(renames).into_iter().map(|w| change(id, w)));
            }
            None => changes.push(change(id, What::NodeAdded(summary(new, ni)))),
        }
    }
    for &oi in &m.removed {
        let node = &old.graph[oi];
        let what = What::NodeRemoved(summary(old, oi));
        changes.push(change(Some(&node.id), what));
    }
    changes.extend(examples(old, new, m).into_iter().map(|w| change(None, w)));
    if changes.is_empty() {
        return None;
    }
    changes.sort_by_key(|c| c.class);
    Some(ChartDiff {
        chart: new.id.clone(),
        title: new.title.clone(),
        status: Status::Changed,
        changes,
        old: Some(old),
        new: Some(new),
    })
}

/// A whole node, for one added or removed.
fn summary(chart: &Chart, at: NodeIndex) -> NodeSummary {
    let node = &chart.graph[at];
    NodeSummary {
        node_kind: node.kind.name(),
        text: node.text.trim().to_string(),
        law: node.law.iter().map(ToString::to_string).collect(),
        leads_to: chart
            .outgoing(at)
            .into_iter()
            .map(|(label, to)| LeadsTo {
                label: label.map(str::to_string),
                target: chart.graph[to].id.clone(),
            })
            .collect(),
        then: node.then.as_ref().map(ToString::to_string),
    }
}

fn chart_level(old: &Chart, new: &Chart, m: &Matching) -> Vec<What> {
    let mut out = Vec::new();
    if collapse_whitespace(&old.title) != collapse_whitespace(&new.title) {
        out.push(What::Retitled {
            old: old.title.clone(),
            new: new.title.clone(),
        });
    }
    if !same_optional(old.summary.as_deref(), new.summary.as_deref()) {
        out.push(What::Summary {
            old: old.summary.as_deref().map(|s| s.trim().to_string()),
            new: new.summary.as_deref().map(|s| s.trim().to_string()),
        });
    }
    let phrases = |c: &Chart| -> Vec<String> {
        c.situations
            .iter()
            .map(|s| collapse_whitespace(s))
            .collect()
    };
    let (was, now) = (phrases(old), phrases(new));
    let added: Vec<String> = now.iter().filter(|s| !was.contains(s)).cloned().collect();
    let removed: Vec<String> = was.iter().filter(|s| !now.contains(s)).cloned().collect();
    if !added.is_empty() || !removed.is_empty() {
        out.push(What::Situations { added, removed });
    }
    let laws = |c: &Chart| {
        let mut all = c.laws.clone();
        all.sort();
        all.dedup();
        (c.laws.first().cloned(), all)
    };
    if laws(old) != laws(new) {
        out.push(What::ChartLaws {
            old: old.laws.iter().map(ToString::to_string).collect(),
            new: new.laws.iter().map(ToString::to_string).collect(),
        });
    }
    if old.edition != new.edition {
        out.push(What::Edition {
            old: old.edition,
            new: new.edition,
        });
    }
    let (old_start, new_start) = (&old.graph[old.start].id, &new.graph[new.start].id);
    if m.to_new(old_start) != new_start {
        out.push(What::Start {
            old: old_start.clone(),
            new: new_start.clone(),
        });
    }
    out
}
