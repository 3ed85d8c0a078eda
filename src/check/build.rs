//! Rules 1–4 and 8: a raw chart's keys, ids, node kinds, answers and targets,
//! and the chart's graph built from what is sound.

use std::sync::Arc;

use indexmap::IndexMap;
use petgraph::stable_graph::NodeIndex;

use super::answers::{incomplete_sets, list_in_words};
use super::cx::{Cx, UnknownTarget, help};
use super::laws;
use crate::chart::{Answer, Chart, ChartGraph, Example, HandOver, Node, NodeKind};
use crate::diagnostic::{Span, did_you_mean};
use crate::id::{ID_RULE, is_valid_id};
use crate::lawbook::{EDITION, Editions, Lawbook, edition_2017};
use crate::spec::{RawChart, RawNode, Text};

/// A `then` waiting to be resolved against the whole chart set.
#[derive(Clone, Debug)]
pub struct HandOverRef {
    /// The node that hands over.
    pub node: String,
    /// Where it goes.
    pub target: HandOver,
    /// Where the `then` value is written.
    pub span: Option<Span>,
}

/// What building one file yields.
pub struct Built {
    /// The chart, when it has nodes and a resolvable start.
    pub chart: Option<Chart>,
    /// Its hand-overs, for the set-level rules.
    pub handovers: Vec<HandOverRef>,
    /// Where each node id is written, for graph-level messages.
    pub node_spans: IndexMap<String, Option<Span>>,
    /// Nodes that have a `law` key (valid or not), for the warnings.
    pub cites_law: Vec<String>,
}

/// Turns a raw chart into a chart, reporting every problem on the way.
pub fn build(cx: &mut Cx, id: &str, raw: &RawChart, editions: &Editions) -> Built {
    require(cx, "title", raw.title.is_some());
    require(cx, "laws", raw.laws.is_some());
    require(cx, "start", raw.start.is_some());
    require(cx, "nodes", raw.nodes.is_some());
    let (edition, book) = edition(cx, raw, editions);
    let laws = raw
        .laws
        .as_ref()
        .map(|l| laws::clauses(cx, l, book.as_deref()))
        .unwrap_or_default();
    if let Some(l) = &raw.laws
        && matches!(&l.value, crate::spec::Clauses::Many(v) if v.is_empty())
    {
        let span = cx.at(l);
        cx.error("missing-key", span, "`laws` is empty".into());
    }
    let mut graph = ChartGraph::default();
    let mut index: IndexMap<String, NodeIndex> = IndexMap::new();
    let mut node_spans = IndexMap::new();
    let mut kept: Vec<(NodeIndex, &RawNode)> = Vec::new();
    let mut handovers = Vec::new();
    let mut cites_law = Vec::new();
    for (key, raw_node) in raw.nodes.iter().flat_map(|n| n.value.0.iter()) {
        let node = node(cx, key, raw_node, book.as_deref());
        if let Some(prev) = node_spans.get(&key.value) {
            let first = line_of(*prev);
            let span = cx.at(key);
            let d = cx.error(
                "duplicate-node",
                span,
                format!("node `{}` is defined twice", key.value),
            );
            help(
                d,
                format!("the first definition is on line {first}; node ids are unique in a chart"),
            );
            continue;
        }
        node_spans.insert(key.value.clone(), cx.at(key));
        if raw_node.law.is_some() {
            cites_law.push(key.value.clone());
        }
        if let (Some(then), Some(target)) = (&raw_node.then, &node.then) {
            handovers.push(HandOverRef {
                node: node.id.clone(),
                target: target.clone(),
                span: cx.at(then),
            });
        }
        let idx = graph.add_node(node);
        index.insert(key.value.clone(), idx);
        kept.push((idx, raw_node));
    }
    for (idx, raw_node) in &kept {
        edges(cx, &mut graph, &index, *idx, raw_node);
    }
    let start = raw
        .start
        .as_ref()
        .and_then(|s| target(cx, &index, &s.value, cx.at(s), "`start`"));
    let examples = raw
        .examples
        .iter()
        .flatten()
        .map(|e| Example {
            situation: e.value.situation.value.clone(),
            answers: e.value.answers.iter().map(|a| a.value.clone()).collect(),
            ruling: e.value.ruling.value.clone(),
        })
        .collect();
    let chart = start.map(|start| Chart {
        id: id.to_string(),
        file: cx.file.to_string(),
        title: raw
            .title
            .as_ref()
            .map(|t| t.value.clone())
            .unwrap_or_default(),
        laws,
        edition,
        book: book.clone().unwrap_or_else(|| Arc::clone(edition_2017())),
        summary: raw.summary.as_ref().map(|s| s.value.clone()),
        situations: raw
            .situations
            .iter()
            .flatten()
            .map(|s| s.value.clone())
            .collect(),
        examples,
        graph,
        start,
        index,
    });
    Built {
        chart,
        handovers,
        node_spans,
        cites_law,
    }
}

fn require(cx: &mut Cx, key: &str, present: bool) {
    if !present {
        let span = cx.top();
        let d = cx.error("missing-key", span, format!("missing required key `{key}`"));
        help(d, "a chart needs `title`, `laws`, `start` and `nodes`");
    }
}

/// The chart's edition and its index; `None` (after an error at the
/// `edition:` value) when this run has no index of it.
fn edition(cx: &mut Cx, raw: &RawChart, editions: &Editions) -> (u32, Option<Arc<Lawbook>>) {
    let Some(written) = &raw.edition else {
        return (EDITION, editions.get(EDITION).cloned());
    };
    let year = written.value;
    if let Some(book) = editions.get(year) {
        return (year, Some(Arc::clone(book)));
    }
    let span = cx.at(written);
    let d = cx.error(
        "bad-edition",
        span,
        format!("there is no index of the {year} Laws"),
    );
    help(d, editions.where_to_look(year));
    (year, None)
}

fn line_of(span: Option<Span>) -> usize {
    span.map_or(0, |s| s.line)
}

/// Rules 2 and 3 for one node: its id, its kind and the keys that go with it.
fn node(cx: &mut Cx, key: &Text, raw: &RawNode, book: Option<&Lawbook>) -> Node {
    let id = &key.value;
    if !is_valid_id(id) {
        let span = cx.at(key);
        help(
            cx.error("bad-id", span, format!("`{id}` is not a valid node id")),
            ID_RULE,
        );
    }
    let kinds: Vec<(NodeKind, &Text)> = [
        (NodeKind::Question, &raw.ask),
        (NodeKind::Step, &raw.step),
        (NodeKind::Ruling, &raw.ruling),
    ]
    .into_iter()
    .filter_map(|(k, t)| t.as_ref().map(|t| (k, t)))
    .collect();
    let (kind, text) = match kinds.as_slice() {
        [(kind, text)] => (*kind, text.value.clone()),
        [] => {
            let span = cx.at(key);
            let d = cx.error(
                "node-kind",
                span,
                format!("node `{id}` has none of `ask`, `do` or `ruling`"),
            );
            help(
                d,
                "a node is a question (`ask`), a step (`do`) or a ruling (`ruling`)",
            );
            // Kept as the kind its other keys suggest, so that answers
            // pointing here still resolve and its own answers are checked:
            // the one missing key is the one error.
            (kind_of_keys(raw), String::new())
        }
        [(first, text), (b, t), ..] => {
            let span = cx.at(*t);
            let d = cx.error(
                "node-kind",
                span,
                format!("node `{id}` has both `{}` and `{}`", first.key(), b.key()),
            );
            help(
                d,
                "a node is exactly one of question, step or ruling: split it into two nodes",
            );
            // Keep the first kind, so answers that point here still resolve.
            (*first, text.value.clone())
        }
    };
    misplaced_keys(cx, id, kind, raw);
    let law = raw
        .law
        .as_ref()
        .map(|l| laws::clauses(cx, l, book))
        .unwrap_or_default();
    let then = raw.then.as_ref().and_then(|t| handover(cx, t));
    Node {
        id: id.clone(),
        kind,
        text,
        law,
        note: raw.note.as_ref().map(|n| n.value.clone()),
        say: raw.say.as_ref().map(|s| s.value.clone()),
        then: then.filter(|_| kind == NodeKind::Ruling),
    }
}

/// The kind a node's keys other than `ask`, `do` and `ruling` point to.
fn kind_of_keys(raw: &RawNode) -> NodeKind {
    if raw.answers.is_some() {
        NodeKind::Question
    } else if raw.next.is_some() {
        NodeKind::Step
    } else {
        NodeKind::Ruling
    }
}

/// Rule 3: keys of another kind, and a kind's required key.
fn misplaced_keys(cx: &mut Cx, id: &str, kind: NodeKind, raw: &RawNode) {
    let answers_span = raw.answers.as_ref().and_then(|a| cx.at(a));
    let others: [(&str, Option<Span>, NodeKind); 3] = [
        ("answers", answers_span, NodeKind::Question),
        (
            "next",
            raw.next.as_ref().and_then(|n| cx.at(n)),
            NodeKind::Step,
        ),
        (
            "then",
            raw.then.as_ref().and_then(|t| cx.at(t)),
            NodeKind::Ruling,
        ),
    ];
    for (key, span, owner) in others {
        let present = match key {
            "answers" => raw.answers.is_some(),
            "next" => raw.next.is_some(),
            _ => raw.then.is_some(),
        };
        if present && owner != kind {
            let d = cx.error(
                "node-kind",
                span,
                format!("`{key}` does not belong on {} `{id}`", article(kind)),
            );
            help(
                d,
                format!("`{key}` goes with `{}` ({})", owner.key(), article(owner)),
            );
        } else if !present && owner == kind && owner != NodeKind::Ruling {
            let span = cx.span_of_node_text(raw, kind);
            cx.error(
                "missing-key",
                span,
                format!("{} `{id}` has no `{key}`", kind.name()),
            );
        }
    }
}

fn article(kind: NodeKind) -> String {
    format!("a {}", kind.name())
}

impl Cx<'_> {
    fn span_of_node_text(&self, raw: &RawNode, kind: NodeKind) -> Option<Span> {
        let text = match kind {
            NodeKind::Question => &raw.ask,
            NodeKind::Step => &raw.step,
            NodeKind::Ruling => &raw.ruling,
        };
        text.as_ref().and_then(|t| self.at(t))
    }
}

/// Reads a `then` value; reports one whose ids are malformed.
fn handover(cx: &mut Cx, then: &Text) -> Option<HandOver> {
    let target = HandOver::parse(then.value.trim());
    let ids_ok = is_valid_id(&target.chart) && target.node.as_deref().is_none_or(is_valid_id);
    if !ids_ok {
        let span = cx.at(then);
        let d = cx.error(
            "bad-handover",
            span,
            format!(
                "`then: {}` is not a chart id or `chart-id#node-id`",
                then.value
            ),
        );
        help(d, ID_RULE);
        return None;
    }
    Some(target)
}

/// Rules 2, 4 and 8 for one node's answers or `next`, adding the edges that resolve.
fn edges(
    cx: &mut Cx,
    graph: &mut ChartGraph,
    index: &IndexMap<String, NodeIndex>,
    from: NodeIndex,
    raw: &RawNode,
) {
    let id = graph[from].id.clone();
    match graph[from].kind {
        NodeKind::Question => {
            let Some(answers) = &raw.answers else { return };
            let mut seen: Vec<&str> = Vec::new();
            for (order, (label, to)) in answers.value.0.iter().enumerate() {
                if seen.contains(&label.value.as_str()) {
                    let span = cx.at(label);
                    cx.error(
                        "duplicate-answer",
                        span,
                        format!("question `{id}` has the answer `{}` twice", label.value),
                    );
                    continue;
                }
                seen.push(&label.value);
                let what = format!("answer `{}` of node `{id}`", label.value);
                let Some(name) = &to.value else {
                    let span = cx.at(label);
                    let d = cx.error("no-target", span, format!("{what} has no target node"));
                    help(
                        d,
                        format!(
                            "write the id of the node it leads to after `\"{}\":`",
                            label.value
                        ),
                    );
                    let diag = cx.diags.len() - 1;
                    cx.unknown_targets.push(UnknownTarget { diag, meant: None });
                    continue;
                };
                if let Some(target) = target(cx, index, name, cx.at(to), &what) {
                    let answer = Answer {
                        label: Some(label.value.clone()),
                        order,
                    };
                    graph.add_edge(from, target, answer);
                }
            }
            answer_set(cx, &id, answers, &seen);
        }
        NodeKind::Step => {
            let Some(next) = &raw.next else { return };
            let what = format!("`next` of step `{id}`");
            if let Some(target) = target(cx, index, &next.value, cx.at(next), &what) {
                graph.add_edge(
                    from,
                    target,
                    Answer {
                        label: None,
                        order: 0,
                    },
                );
            }
        }
        NodeKind::Ruling => {}
    }
}

/// Rule 8: at least two answers, and known sets whole.
fn answer_set(
    cx: &mut Cx,
    id: &str,
    answers: &serde_saphyr::Spanned<crate::spec::Entries<crate::spec::Target>>,
    labels: &[&str],
) {
    let span = cx.at(answers);
    if labels.len() < 2 {
        let d = cx.error(
            "incomplete-answers",
            span,
            format!(
                "question `{id}` has {} answer(s); a question needs at least 2",
                labels.len()
            ),
        );
        help(d, "a single path is a step: use `do` and `next`");
    }
    for missing in incomplete_sets(labels) {
        let d = cx.error(
            "incomplete-answers",
            span,
            format!(
                "question `{id}` is missing the answer {}",
                list_in_words(&missing)
            ),
        );
        help(
            d,
            "answers that come in sets (Yes/No; LHO/Partner/RHO) must all be there",
        );
    }
}

/// Rule 4: a target must name a node of this chart.
fn target(
    cx: &mut Cx,
    index: &IndexMap<String, NodeIndex>,
    name: &str,
    span: Option<Span>,
    what: &str,
) -> Option<NodeIndex> {
    if let Some(&idx) = index.get(name) {
        return Some(idx);
    }
    let suggest = cx.suggestions_left > 0;
    cx.suggestions_left = cx.suggestions_left.saturating_sub(1);
    let d = cx.error(
        "unknown-target",
        span,
        format!("{what} goes to unknown node `{name}`"),
    );
    let close = suggest
        .then(|| did_you_mean(name, index.keys().map(String::as_str)))
        .flatten();
    if let Some(close) = close {
        help(d, format!("did you mean `{close}`?"));
    }
    let unknown = UnknownTarget {
        diag: cx.diags.len() - 1,
        meant: close.map(str::to_string),
    };
    cx.unknown_targets.push(unknown);
    None
}
