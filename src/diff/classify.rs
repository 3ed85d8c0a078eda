//! The comparison: charts matched by id; nodes by id, then a removed and an
//! added node with the same text as a likely rename; answers by label, then
//! by target; examples by situation, then by path. Text counts as changed
//! only when its rendered Markdown does, so reflowing a paragraph or quoting
//! a value differently is no change.

use std::collections::HashMap;

use petgraph::stable_graph::NodeIndex;

use super::{Change, ChartDiff, Diff, Status, What};
use crate::chart::{Chart, ChartSet, HandOver, Node};
use crate::markdown::{collapse_whitespace, to_html};

/// Node renames across every chart: (chart id, old node id) -> new node id.
type Renames = HashMap<(String, String), String>;

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
            None => changes.push(change(id, added_node(node))),
        }
    }
    for &oi in &m.removed {
        let node = &old.graph[oi];
        let what = What::NodeRemoved {
            node_kind: node.kind.name(),
            text: node.text.trim().to_string(),
        };
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

fn added_node(node: &Node) -> What {
    What::NodeAdded {
        node_kind: node.kind.name(),
        text: node.text.trim().to_string(),
    }
}

/// Which old node each new node continues.
struct Matching {
    /// (old, new): the same id, or a likely rename.
    pairs: Vec<(NodeIndex, NodeIndex)>,
    /// Old nodes with no new counterpart, in old order.
    removed: Vec<NodeIndex>,
    /// Old id -> new id of the likely renames.
    renamed: HashMap<String, String>,
}

impl Matching {
    fn new(old: &Chart, new: &Chart) -> Matching {
        let mut pairs = Vec::new();
        let mut added = Vec::new();
        for (ni, node) in new.nodes() {
            match old.node(&node.id) {
                Some(oi) => pairs.push((oi, ni)),
                None => added.push(ni),
            }
        }
        let mut removed: Vec<NodeIndex> = old
            .nodes()
            .filter(|(_, n)| new.node(&n.id).is_none())
            .map(|(i, _)| i)
            .collect();
        let mut renamed = HashMap::new();
        removed.retain(|&oi| {
            let text = rendered(&old.graph[oi].text);
            let Some(k) = added
                .iter()
                .position(|&ni| rendered(&new.graph[ni].text) == text)
            else {
                return true;
            };
            let ni = added.remove(k);
            renamed.insert(old.graph[oi].id.clone(), new.graph[ni].id.clone());
            pairs.push((oi, ni));
            false
        });
        Matching {
            pairs,
            removed,
            renamed,
        }
    }

    fn old_of(&self, new: NodeIndex) -> Option<NodeIndex> {
        self.pairs.iter().find(|(_, n)| *n == new).map(|(o, _)| *o)
    }

    /// An old node id as the new chart would call it.
    fn to_new<'s>(&'s self, old_id: &'s str) -> &'s str {
        self.renamed.get(old_id).map_or(old_id, String::as_str)
    }
}

/// One node on both sides.
struct Pair<'a> {
    old: &'a Chart,
    new: &'a Chart,
    oi: NodeIndex,
    ni: NodeIndex,
    m: &'a Matching,
}

impl Pair<'_> {
    fn compare(&self, renames: &Renames) -> Vec<What> {
        let (o, n) = (&self.old.graph[self.oi], &self.new.graph[self.ni]);
        let mut out = Vec::new();
        if o.id != n.id {
            out.push(What::NodeRenamed {
                old: o.id.clone(),
                new: n.id.clone(),
            });
        }
        if o.kind != n.kind {
            out.push(What::KindChanged {
                old: o.kind.name(),
                new: n.kind.name(),
            });
        }
        self.edges(&mut out);
        let old_then = o.then.as_ref().map(|h| renamed_handover(h, renames));
        if old_then != n.then.as_ref().map(ToString::to_string) {
            out.push(What::Then {
                old: o.then.as_ref().map(ToString::to_string),
                new: n.then.as_ref().map(ToString::to_string),
            });
        }
        wording(o, n, &mut out);
        if sorted_laws(o) != sorted_laws(n) {
            out.push(What::Law {
                old: o.law.iter().map(ToString::to_string).collect(),
                new: n.law.iter().map(ToString::to_string).collect(),
            });
        }
        out
    }

    fn edges(&self, out: &mut Vec<What>) {
        let (old_next, old_answers) = edges_of(self.old, self.oi);
        let (new_next, new_answers) = edges_of(self.new, self.ni);
        let moved = old_next.as_deref().map(|t| self.m.to_new(t)) != new_next.as_deref();
        if moved {
            out.push(What::Next {
                old: old_next,
                new: new_next,
            });
        }
        answers(&old_answers, &new_answers, self.m, out);
    }
}

/// A node's `next` (if a step) and its labelled answers (label, target id).
fn edges_of(chart: &Chart, at: NodeIndex) -> (Option<String>, Vec<(String, String)>) {
    let mut next = None;
    let mut labelled = Vec::new();
    for (label, to) in chart.outgoing(at) {
        let target = chart.graph[to].id.clone();
        match label {
            Some(label) => labelled.push((label.to_string(), target)),
            None => next = Some(target),
        }
    }
    (next, labelled)
}

/// Answers matched by label (a new target is a retarget), the rest by
/// target (a new label is a relabel); what is left was added or removed.
fn answers(old: &[(String, String)], new: &[(String, String)], m: &Matching, out: &mut Vec<What>) {
    let mut matched: Vec<(usize, usize)> = Vec::new();
    for (j, (label, target)) in new.iter().enumerate() {
        let Some(i) = old.iter().position(|(l, _)| l == label) else {
            continue;
        };
        matched.push((i, j));
        if m.to_new(&old[i].1) != target {
            out.push(What::AnswerRetargeted {
                label: label.clone(),
                old: old[i].1.clone(),
                new: target.clone(),
            });
        }
    }
    for (j, (label, target)) in new.iter().enumerate() {
        if matched.iter().any(|&(_, mj)| mj == j) {
            continue;
        }
        let free = |i: &usize| !matched.iter().any(|&(mi, _)| mi == *i);
        let same_target = (0..old.len())
            .filter(free)
            .find(|&i| m.to_new(&old[i].1) == target);
        if let Some(i) = same_target {
            matched.push((i, j));
            out.push(What::AnswerRelabelled {
                old: old[i].0.clone(),
                new: label.clone(),
                target: target.clone(),
            });
        }
    }
    for (i, (label, target)) in old.iter().enumerate() {
        if !matched.iter().any(|&(mi, _)| mi == i) {
            out.push(What::AnswerRemoved {
                label: label.clone(),
                target: target.clone(),
            });
        }
    }
    for (j, (label, target)) in new.iter().enumerate() {
        if !matched.iter().any(|&(_, mj)| mj == j) {
            out.push(What::AnswerAdded {
                label: label.clone(),
                target: target.clone(),
            });
        }
    }
    matched.sort();
    if !matched.windows(2).all(|w| w[0].1 < w[1].1) {
        out.push(What::AnswersReordered {
            old: old.iter().map(|(l, _)| l.clone()).collect(),
            new: new.iter().map(|(l, _)| l.clone()).collect(),
        });
    }
}

fn wording(o: &Node, n: &Node, out: &mut Vec<What>) {
    if rendered(&o.text) != rendered(&n.text) {
        out.push(What::Reworded {
            field: n.kind.name(),
            old: Some(o.text.trim().to_string()),
            new: Some(n.text.trim().to_string()),
        });
    }
    let extras = [("note", &o.note, &n.note), ("say", &o.say, &n.say)];
    for (field, old, new) in extras {
        if !same_optional(old.as_deref(), new.as_deref()) {
            out.push(What::Reworded {
                field,
                old: old.as_deref().map(|s| s.trim().to_string()),
                new: new.as_deref().map(|s| s.trim().to_string()),
            });
        }
    }
}

fn renamed_handover(h: &HandOver, renames: &Renames) -> String {
    let node = h.node.as_ref().map(|node| {
        let key = (h.chart.clone(), node.clone());
        renames.get(&key).unwrap_or(node).clone()
    });
    HandOver {
        chart: h.chart.clone(),
        node,
    }
    .to_string()
}

fn sorted_laws(node: &Node) -> Vec<String> {
    let mut laws = node.law.clone();
    laws.sort();
    laws.dedup();
    laws.iter().map(ToString::to_string).collect()
}

/// Markdown as the reader sees it: rendered, whitespace collapsed.
fn rendered(text: &str) -> String {
    collapse_whitespace(&to_html(text))
}

fn same_optional(old: Option<&str>, new: Option<&str>) -> bool {
    let seen = |t: Option<&str>| t.map(rendered).filter(|r| !r.is_empty());
    seen(old) == seen(new)
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

/// Examples matched by situation (then the path may have changed), the rest
/// by path (then the situation was reworded).
fn examples(old: &Chart, new: &Chart, m: &Matching) -> Vec<What> {
    let situation = |s: &str| collapse_whitespace(s);
    let path = |e: &crate::chart::Example, renamed: bool| {
        let ruling = if renamed {
            m.to_new(&e.ruling)
        } else {
            &e.ruling
        };
        (e.answers.clone(), ruling.to_string())
    };
    let mut out = Vec::new();
    let mut used = vec![false; old.examples.len()];
    let mut unmatched = Vec::new();
    for e in &new.examples {
        let by_situation = (0..old.examples.len()).find(|&i| {
            !used[i] && situation(&old.examples[i].situation) == situation(&e.situation)
        });
        match by_situation {
            Some(i) => {
                used[i] = true;
                let was = &old.examples[i];
                if path(was, true) != path(e, false) {
                    out.push(What::ExampleChanged {
                        situation: e.situation.trim().to_string(),
                        old_answers: was.answers.clone(),
                        new_answers: e.answers.clone(),
                        old_ruling: was.ruling.clone(),
                        new_ruling: e.ruling.clone(),
                    });
                }
            }
            None => unmatched.push(e),
        }
    }
    for e in unmatched {
        let by_path = (0..old.examples.len())
            .find(|&i| !used[i] && path(&old.examples[i], true) == path(e, false));
        match by_path {
            Some(i) => {
                used[i] = true;
                out.push(What::ExampleReworded {
                    old: old.examples[i].situation.trim().to_string(),
                    new: e.situation.trim().to_string(),
                });
            }
            None => out.push(What::ExampleAdded {
                situation: e.situation.trim().to_string(),
                answers: e.answers.clone(),
                ruling: e.ruling.clone(),
            }),
        }
    }
    for (e, _) in old.examples.iter().zip(&used).filter(|(_, used)| !**used) {
        out.push(What::ExampleRemoved {
            situation: e.situation.trim().to_string(),
            answers: e.answers.clone(),
            ruling: e.ruling.clone(),
        });
    }
    out
}
