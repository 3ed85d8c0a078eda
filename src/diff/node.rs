//! One node on both sides of a diff: its kind, answers (matched by label,
//! then by target), `next`, `then`, text, `note`, `say` and clauses.

use petgraph::stable_graph::NodeIndex;

use super::What;
use super::matching::{Matching, Renames, rendered, same_optional};
use crate::chart::{Chart, HandOver, Node};

/// One node on both sides.
pub struct Pair<'a> {
    pub old: &'a Chart,
    pub new: &'a Chart,
    pub oi: NodeIndex,
    pub ni: NodeIndex,
    pub m: &'a Matching,
}

impl Pair<'_> {
    pub fn compare(&self, renames: &Renames) -> Vec<What> {
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
