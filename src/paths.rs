//! `lawcharts paths`: every route from `start` to a ruling, each as one
//! sentence a director can read — the reviewer's view of a whole chart.

use std::collections::HashMap;
use std::rc::Rc;

use petgraph::stable_graph::NodeIndex;
use serde::Serialize;

use crate::chart::{Chart, NodeKind};
use crate::markdown::to_plain as plain;

/// The most routes listed; a chart with more is not one a person reviews.
pub const MAX_ROUTES: usize = 5_000;

/// One route: the questions asked with their answers, the steps, the ruling.
#[derive(Clone, Debug, Serialize)]
pub struct Route {
    /// Each stop before the ruling, in order.
    pub stops: Vec<Stop>,
    /// The ruling node's id.
    pub ruling: String,
    /// Its text, plain.
    pub text: String,
    /// Its clauses.
    pub law: Vec<String>,
    /// The chart it hands over to, if any.
    pub then: Option<String>,
    /// The answers taken, as `walk --answer` and `examples` write them.
    pub answers: Vec<String>,
}

/// A question with the answer taken, or a step. Shared, not copied: a
/// stop lies on many routes.
#[derive(Clone, Debug, Serialize)]
pub struct Stop {
    /// The node id.
    pub node: Rc<str>,
    /// The question or instruction, plain.
    pub text: Rc<str>,
    /// The answer taken at a question.
    pub answer: Option<Rc<str>>,
}

/// The most nodes a walk visits before giving up: a chart whose routes are
/// fewer than `MAX_ROUTES` but whose branches mostly lead nowhere (only an
/// invalid chart) must not take exponential time.
const MAX_VISITS: usize = 1_000_000;

/// Every route from `start`, depth first in answer order; `None` past
/// `MAX_ROUTES` (or `MAX_VISITS` nodes visited). A path that comes back to
/// a node it passed (only in a chart `check` rejects) is not followed.
pub fn routes(chart: &Chart) -> Option<Vec<Route>> {
    let mut out = Vec::new();
    let mut stops = Vec::new();
    let mut walk = Walk {
        path: Vec::new(),
        visits: 0,
        plain: chart
            .graph
            .node_indices()
            .map(|v| (v, Rc::from(plain(&chart.graph[v].text))))
            .collect(),
    };
    walk.walk(chart, chart.start, &mut stops, &mut out)
        .then_some(out)
}

/// The nodes on the path walked so far, how many were visited in all, and
/// each node's text made plain once (a node lies on many routes).
struct Walk {
    path: Vec<NodeIndex>,
    visits: usize,
    plain: HashMap<NodeIndex, Rc<str>>,
}

impl Walk {
    fn plain(&self, at: NodeIndex) -> Rc<str> {
        self.plain.get(&at).cloned().unwrap_or_else(|| Rc::from(""))
    }
}

impl Walk {
    fn walk(
        &mut self,
        chart: &Chart,
        at: NodeIndex,
        stops: &mut Vec<Stop>,
        out: &mut Vec<Route>,
    ) -> bool {
        if self.path.contains(&at) {
            return true;
        }
        self.visits += 1;
        if self.visits > MAX_VISITS {
            return false;
        }
        self.path.push(at);
        let fine = walk_from(self, chart, at, stops, out);
        self.path.pop();
        fine
    }
}

/// The routes through `at`: its own, if a ruling, else those of each answer.
fn walk_from(
    w: &mut Walk,
    chart: &Chart,
    at: NodeIndex,
    stops: &mut Vec<Stop>,
    out: &mut Vec<Route>,
) -> bool {
    let node = &chart.graph[at];
    if node.kind == NodeKind::Ruling {
        if out.len() >= MAX_ROUTES {
            return false;
        }
        out.push(Route {
            answers: (stops.iter())
                .filter_map(|s| s.answer.as_deref().map(str::to_string))
                .collect(),
            stops: stops.clone(),
            ruling: node.id.clone(),
            text: w.plain(at).to_string(),
            law: node.law.iter().map(ToString::to_string).collect(),
            then: node.then.as_ref().map(ToString::to_string),
        });
        return true;
    }
    let id: Rc<str> = Rc::from(node.id.as_str());
    let text = w.plain(at);
    for (label, next) in chart.outgoing(at) {
        stops.push(Stop {
            node: Rc::clone(&id),
            text: Rc::clone(&text),
            answer: label.map(Rc::from),
        });
        let fine = w.walk(chart, next, stops, out);
        stops.pop();
        if !fine {
            return false;
        }
    }
    true
}

/// One line per route: `question? answer → step → …: ruling (clauses)`.
pub fn text(routes: &[Route]) -> String {
    routes.iter().map(|r| sentence(r) + "\n").collect()
}

fn sentence(r: &Route) -> String {
    let mut parts: Vec<String> = r
        .stops
        .iter()
        .map(|s| match &s.answer {
            Some(a) => format!("{} {a}", s.text),
            None => s.text.to_string(),
        })
        .collect();
    let mut end = format!("RULING: {}", r.text);
    if !r.law.is_empty() {
        end.push_str(&format!(" ({})", r.law.join(", ")));
    }
    if let Some(then) = &r.then {
        end.push_str(&format!(" → continue with {then}"));
    }
    parts.push(end);
    parts.join(" → ")
}

/// A Markdown list: one item per route, the ruling in bold.
pub fn markdown(chart: &Chart, routes: &[Route]) -> String {
    let mut out = format!("# Every case: {}\n\n", escape_md(&chart.title));
    for (i, r) in routes.iter().enumerate() {
        let steps: Vec<String> = r
            .stops
            .iter()
            .map(|s| match &s.answer {
                Some(a) => format!("{} *{}*", escape_md(&s.text), escape_md(a)),
                None => escape_md(&s.text),
            })
            .collect();
        let law = if r.law.is_empty() {
            String::new()
        } else {
            format!(" ({})", r.law.join(", "))
        };
        out.push_str(&format!(
            "{}. {} → **{}**{law}\n",
            i + 1,
            steps.join(" → "),
            escape_md(&r.text)
        ));
    }
    out
}

/// Escapes what Markdown would read as markup in a plain sentence.
fn escape_md(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '#' | '|' | '!'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The routes as a JSON array.
pub fn json(routes: &[Route]) -> String {
    serde_json::to_string_pretty(routes).expect("routes serialise") + "\n"
}
