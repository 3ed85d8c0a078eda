//! Rules 5 and 10 across the chart set: every `then` names a chart (and a
//! node of it), and hand-overs never come back round in a loop.

use petgraph::algo::tarjan_scc;
use petgraph::graph::DiGraph;
use petgraph::stable_graph::NodeIndex;
use std::collections::HashMap;

use super::build::HandOverRef;
use crate::chart::{Chart, HandOver};
use crate::diagnostic::{Diagnostic, did_you_mean};

/// One file's hand-overs and where they are written.
pub struct FileHandOvers<'a> {
    /// The chart they leave from.
    pub chart: &'a Chart,
    /// Its `then`s.
    pub refs: &'a [HandOverRef],
    /// Whether to report problems (false for charts loaded only to resolve).
    pub report: bool,
}

/// Charts of the set that did not build (a YAML error, an unknown `start`),
/// by id: a hand-over into one cannot be checked yet.
pub struct Unbuilt<'a> {
    /// The chart id (its file name).
    pub id: String,
    /// Its file, as named.
    pub file: &'a str,
    /// Whether its problems are reported (false for a neighbour read only
    /// to resolve hand-overs).
    pub report: bool,
}

/// A hand-over into a chart that did not build: said as a note under that
/// chart's error, not as an error of its own.
pub struct Waiting {
    /// The file of the chart that did not build.
    pub into: String,
    /// Where the `then` is: `file:line:column`.
    pub at: String,
    /// The error it would be, should that chart have no error to note it
    /// under.
    pub error: Diagnostic,
}

/// Rule 5: every hand-over resolves among `charts`. One into a chart of
/// `unbuilt` whose problems are reported waits for it (the note is the
/// caller's); into one that is not reported, it is an error saying so.
pub fn resolve(
    files: &[FileHandOvers],
    charts: &[&Chart],
    unbuilt: &[Unbuilt],
    out: &mut Vec<Diagnostic>,
) -> Vec<Waiting> {
    let mut waiting = Vec::new();
    for f in files.iter().filter(|f| f.report) {
        for r in f.refs {
            let Err((message, help)) = target(charts, &r.target) else {
                continue;
            };
            let mut diag = Diagnostic::error("unknown-handover", &f.chart.file, r.span, message);
            diag.help = help;
            match unbuilt.iter().find(|u| u.id == r.target.chart) {
                Some(u) if u.report => {
                    let (line, column) = r.span.map_or((0, 0), |s| (s.line, s.column));
                    waiting.push(Waiting {
                        into: u.file.to_string(),
                        at: format!("{}:{line}:{column}", f.chart.file),
                        error: diag,
                    });
                    continue;
                }
                Some(u) => {
                    diag.message =
                        format!("`then` names chart `{}`, which has errors of its own", u.id);
                    diag.help = Some(format!("`lawcharts check {}` shows them", u.file));
                }
                None => {}
            }
            out.push(diag);
        }
    }
    waiting
}

type Problem = (String, Option<String>);

/// The chart and node a hand-over lands on.
pub fn target<'a>(charts: &[&'a Chart], to: &HandOver) -> Result<(&'a Chart, NodeIndex), Problem> {
    let Some(chart) = charts.iter().find(|c| c.id == to.chart) else {
        let close = did_you_mean(&to.chart, charts.iter().map(|c| c.id.as_str()));
        return Err((
            format!("`then` names unknown chart `{}`", to.chart),
            close.map(|c| format!("did you mean `{c}`?")),
        ));
    };
    let Some(node) = &to.node else {
        return Ok((chart, chart.start));
    };
    match chart.node(node) {
        Some(i) => Ok((chart, i)),
        None => {
            let close = did_you_mean(node, chart.index.keys().map(String::as_str));
            Err((
                format!(
                    "`then` names node `{node}`, which chart `{}` does not have",
                    chart.id
                ),
                close.map(|c| format!("did you mean `{}#{c}`?", chart.id)),
            ))
        }
    }
}

/// Rule 10: a loop through hand-overs (A hands to B, B back into A before the
/// node that handed over) is reported at the first reported `then` in it.
pub fn loops(files: &[FileHandOvers], out: &mut Vec<Diagnostic>) {
    let charts: Vec<&Chart> = files.iter().map(|f| f.chart).collect();
    let mut whole: DiGraph<(usize, NodeIndex), bool> = DiGraph::new();
    let mut at: HashMap<(usize, NodeIndex), petgraph::graph::NodeIndex> = HashMap::new();
    for (ci, chart) in charts.iter().enumerate() {
        for (ni, _) in chart.nodes() {
            at.insert((ci, ni), whole.add_node((ci, ni)));
        }
        for (ni, _) in chart.nodes() {
            for (_, to) in chart.outgoing(ni) {
                whole.add_edge(at[&(ci, ni)], at[&(ci, to)], false);
            }
        }
    }
    for (ci, f) in files.iter().enumerate() {
        for r in f.refs {
            let (Some(from), Ok((chart, node))) =
                (f.chart.node(&r.node), target(&charts, &r.target))
            else {
                continue;
            };
            let cj = charts
                .iter()
                .position(|c| std::ptr::eq(*c, chart))
                .expect("target is in the set");
            whole.add_edge(at[&(ci, from)], at[&(cj, node)], true);
        }
    }
    let handover_edges: Vec<_> = whole
        .edge_indices()
        .filter(|&e| whole[e])
        .filter_map(|e| whole.edge_endpoints(e))
        .collect();
    for component in tarjan_scc(&whole) {
        let looped = component.len() > 1 || whole.contains_edge(component[0], component[0]);
        if !looped {
            continue;
        }
        let inside: std::collections::HashSet<_> = component.iter().copied().collect();
        let through_handover = handover_edges
            .iter()
            .any(|(a, b)| inside.contains(a) && inside.contains(b));
        if !through_handover {
            continue; // a loop inside one chart is rule 7's
        }
        let members: Vec<(usize, NodeIndex)> = component.iter().map(|&n| whole[n]).collect();
        let mut chart_ids: Vec<&str> = members
            .iter()
            .map(|(c, _)| charts[*c].id.as_str())
            .collect();
        chart_ids.sort();
        chart_ids.dedup();
        report_loop(files, &members, &chart_ids, out);
    }
}

fn report_loop(
    files: &[FileHandOvers],
    members: &[(usize, NodeIndex)],
    chart_ids: &[&str],
    out: &mut Vec<Diagnostic>,
) {
    let first = files.iter().enumerate().find_map(|(ci, f)| {
        let r = f.refs.iter().find(|r| {
            f.report
                && f.chart
                    .node(&r.node)
                    .is_some_and(|n| members.contains(&(ci, n)))
        })?;
        Some((f, r))
    });
    let Some((f, r)) = first else { return };
    let names: Vec<String> = chart_ids.iter().map(|c| format!("`{c}`")).collect();
    let charts = if names.len() == 1 {
        format!("{} hands over into itself", names[0])
    } else {
        format!("{} hand over to each other", names.join(" and "))
    };
    let mut d = Diagnostic::error(
        "handover-loop",
        &f.chart.file,
        r.span,
        format!(
            "hand-over from `{}#{}` to `{}` comes back round: {charts} in a loop",
            f.chart.id, r.node, r.target,
        ),
    );
    d.help = Some("a hand-over must lead on, never back to a node that led to it".into());
    out.push(d);
}
