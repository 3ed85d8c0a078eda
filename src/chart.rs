//! The checked model: one petgraph per chart, nodes in the order written,
//! answers in the order written. Renderers and commands read only this.

use indexmap::IndexMap;
use petgraph::stable_graph::{NodeIndex, StableDiGraph};
use petgraph::visit::EdgeRef;

use std::sync::Arc;

use crate::lawbook::{Clause, Lawbook};

/// A chart's graph: nodes are questions, steps and rulings; edges are answers
/// (or a step's `next`, which has no label).
pub type ChartGraph = StableDiGraph<Node, Answer>;

/// What a node is at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// The director asks this (`ask`).
    Question,
    /// An instruction, then go on (`do`).
    Step,
    /// The end of a path (`ruling`), maybe handing over to another chart.
    Ruling,
}

impl NodeKind {
    /// The YAML key that makes this kind.
    pub fn key(self) -> &'static str {
        match self {
            NodeKind::Question => "ask",
            NodeKind::Step => "do",
            NodeKind::Ruling => "ruling",
        }
    }

    /// The word for this kind in messages and CSS classes.
    pub fn name(self) -> &'static str {
        match self {
            NodeKind::Question => "question",
            NodeKind::Step => "step",
            NodeKind::Ruling => "ruling",
        }
    }
}

/// A hand-over from a ruling into another chart (`then`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandOver {
    /// The chart handed over to.
    pub chart: String,
    /// The node to start at there; its `start` when `None`.
    pub node: Option<String>,
}

impl HandOver {
    /// Reads `chart-id` or `chart-id#node-id`.
    pub fn parse(written: &str) -> HandOver {
        match written.split_once('#') {
            Some((chart, node)) => HandOver {
                chart: chart.to_string(),
                node: Some(node.to_string()),
            },
            None => HandOver {
                chart: written.to_string(),
                node: None,
            },
        }
    }
}

impl std::fmt::Display for HandOver {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match &self.node {
            Some(node) => write!(f, "{}#{}", self.chart, node),
            None => f.write_str(&self.chart),
        }
    }
}

/// One node of a chart.
#[derive(Clone, Debug)]
pub struct Node {
    /// The node id, unique in its chart.
    pub id: String,
    /// Question, step or ruling.
    pub kind: NodeKind,
    /// The question, instruction or ruling (Markdown).
    pub text: String,
    /// The clauses it rests on.
    pub law: Vec<Clause>,
    /// Smaller print (Markdown).
    pub note: Option<String>,
    /// What the director reads out (Markdown).
    pub say: Option<String>,
    /// A ruling's hand-over.
    pub then: Option<HandOver>,
}

/// An edge: a question's answer, or a step's `next` (no label).
#[derive(Clone, Debug)]
pub struct Answer {
    /// The answer as the director says it; `None` for `next`.
    pub label: Option<String>,
    /// Its place among the node's answers.
    pub order: usize,
}

/// A worked example replayed by `check`.
#[derive(Clone, Debug)]
pub struct Example {
    /// What happened at the table.
    pub situation: String,
    /// The answers taken from `start`.
    pub answers: Vec<String>,
    /// The ruling node the path ends at.
    pub ruling: String,
}

/// A checked chart.
#[derive(Clone, Debug)]
pub struct Chart {
    /// The chart id (the file stem).
    pub id: String,
    /// The file it came from, as named.
    pub file: String,
    /// Plain-text title.
    pub title: String,
    /// Clauses the chart covers; the first is its main law.
    pub laws: Vec<Clause>,
    /// The Laws edition followed.
    pub edition: u32,
    /// The index of that edition, which the chart was checked against (the
    /// built-in one when the edition is unknown, which `check` reports).
    pub book: Arc<Lawbook>,
    /// When the chart applies (Markdown).
    pub summary: Option<String>,
    /// Phrases a director searches for.
    pub situations: Vec<String>,
    /// Worked examples.
    pub examples: Vec<Example>,
    /// The decision graph.
    pub graph: ChartGraph,
    /// The first node.
    pub start: NodeIndex,
    /// Node id -> index, in the order written.
    pub index: IndexMap<String, NodeIndex>,
}

impl Chart {
    /// The node with this id.
    pub fn node(&self, id: &str) -> Option<NodeIndex> {
        self.index.get(id).copied()
    }

    /// Nodes in the order written.
    pub fn nodes(&self) -> impl Iterator<Item = (NodeIndex, &Node)> {
        self.index.values().map(|&i| (i, &self.graph[i]))
    }

    /// A node's outgoing edges in the order written: (label, target).
    pub fn outgoing(&self, from: NodeIndex) -> Vec<(Option<&str>, NodeIndex)> {
        let mut edges: Vec<_> = self.graph.edges(from).collect();
        edges.sort_by_key(|e| e.weight().order);
        edges
            .into_iter()
            .map(|e| (e.weight().label.as_deref(), e.target()))
            .collect()
    }

    /// The main law's number.
    pub fn main_law(&self) -> Option<u8> {
        self.laws.first().map(|c| c.law)
    }

    /// The title of law `number` in the chart's edition (empty if the index
    /// lacks it, which `check` prevents).
    pub fn law_title(&self, number: u8) -> String {
        self.book
            .law(number)
            .map(|l| l.title.clone())
            .unwrap_or_default()
    }
}

/// Every checked chart, in file order.
#[derive(Clone, Debug, Default)]
pub struct ChartSet {
    /// The charts.
    pub charts: Vec<Chart>,
}

impl ChartSet {
    /// The chart with this id.
    pub fn get(&self, id: &str) -> Option<&Chart> {
        self.charts.iter().find(|c| c.id == id)
    }
}

/// Where following a list of answers from `start` stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// At a ruling, every answer used.
    Ruling(NodeIndex),
    /// At a question, with no answer left to give.
    NeedAnswer(NodeIndex),
    /// At a question that has no answer with this label.
    UnknownLabel(NodeIndex, String),
    /// At a ruling, with this many answers left over.
    PastRuling(NodeIndex, usize),
    /// A step chain that never ends (only in a chart with a cycle).
    Loop(NodeIndex),
}

/// The route taken: each node passed and the answer given there (if any).
#[derive(Clone, Debug, Default)]
pub struct Route {
    /// (node, answer label) in order; steps and the final node have no label.
    pub visits: Vec<(NodeIndex, Option<String>)>,
}

impl Chart {
    /// The answer of `at` matching `given`: exactly, else ignoring case.
    pub fn answer(&self, at: NodeIndex, given: &str) -> Option<(String, NodeIndex)> {
        let answers = self.outgoing(at);
        let labelled = |(l, t): &(Option<&str>, NodeIndex)| l.map(|l| (l.to_string(), *t));
        let exact = answers
            .iter()
            .filter_map(labelled)
            .find(|(l, _)| l == given);
        exact.or_else(|| {
            let loose: Vec<_> = answers
                .iter()
                .filter_map(labelled)
                .filter(|(l, _)| l.eq_ignore_ascii_case(given.trim()))
                .collect();
            (loose.len() == 1).then(|| loose[0].clone())
        })
    }

    /// Follows `answers` from `from`, passing through steps, until it stops.
    pub fn follow_from(&self, from: NodeIndex, answers: &[String]) -> (Route, Stop) {
        let mut route = Route::default();
        let mut at = from;
        let mut given = answers.iter();
        for _ in 0..=self.graph.node_count() + answers.len() {
            match self.graph[at].kind {
                NodeKind::Ruling => {
                    route.visits.push((at, None));
                    let left = given.len();
                    let stop = if left == 0 {
                        Stop::Ruling(at)
                    } else {
                        Stop::PastRuling(at, left)
                    };
                    return (route, stop);
                }
                NodeKind::Step => {
                    route.visits.push((at, None));
                    match self.outgoing(at).first() {
                        Some((_, next)) => at = *next,
                        None => return (route, Stop::NeedAnswer(at)),
                    }
                }
                NodeKind::Question => {
                    let Some(label) = given.next() else {
                        route.visits.push((at, None));
                        return (route, Stop::NeedAnswer(at));
                    };
                    let Some((label, next)) = self.answer(at, label) else {
                        route.visits.push((at, None));
                        return (route, Stop::UnknownLabel(at, label.clone()));
                    };
                    route.visits.push((at, Some(label)));
                    at = next;
                }
            }
        }
        (route, Stop::Loop(at))
    }

    /// The labels a question offers, in order.
    pub fn labels(&self, at: NodeIndex) -> Vec<&str> {
        self.outgoing(at)
            .into_iter()
            .filter_map(|(l, _)| l)
            .collect()
    }
}
