//! `lawcharts walk`: step through a chart as a director would at the table,
//! interactively (numbered answers, back, quit, on into hand-overs) or
//! scripted with `--answer` for tests and scripts.

use std::io::{BufRead, Write};

use petgraph::stable_graph::NodeIndex;

use crate::chart::{Chart, ChartSet, Node, NodeKind, Stop};
use crate::check::handover_target;

/// Why a scripted walk failed (exit 1).
#[derive(Debug, PartialEq, Eq)]
pub struct WalkError(pub String);

impl std::fmt::Display for WalkError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Follows `answers` from the chart's start, on through hand-overs while
/// answers remain, writing each question, answer and the ruling.
pub fn scripted(
    set: &ChartSet,
    chart: &Chart,
    answers: &[String],
    out: &mut impl Write,
) -> anyhow::Result<Result<(), WalkError>> {
    let mut chart = chart;
    let mut from = chart.start;
    let mut answers = answers.to_vec();
    writeln!(out, "{} — {}", chart.id, chart.title)?;
    loop {
        let (route, stop) = chart.follow_from(from, &answers);
        for (at, label) in &route.visits {
            write_node(out, &chart.graph[*at])?;
            if let Some(label) = label {
                writeln!(out, "  > {label}")?;
            }
        }
        let used = route.visits.iter().filter(|(_, l)| l.is_some()).count();
        answers.drain(..used);
        match stop {
            Stop::Ruling(_) => return Ok(Ok(())),
            Stop::PastRuling(at, _) => match next_chart(set, &chart.graph[at]) {
                Some((next, node)) => {
                    writeln!(out, "\n{} — {}", next.id, next.title)?;
                    (chart, from) = (next, node);
                }
                None => {
                    return Ok(Err(WalkError(format!(
                        "the walk reached ruling `{}` with {} answer(s) left over",
                        chart.graph[at].id,
                        answers.len()
                    ))));
                }
            },
            Stop::UnknownLabel(at, label) => {
                return Ok(Err(WalkError(format!(
                    "question `{}` has no answer `{label}`; its answers are: {}",
                    chart.graph[at].id,
                    quoted(&chart.labels(at))
                ))));
            }
            Stop::NeedAnswer(at) => {
                return Ok(Err(WalkError(format!(
                    "the answers ran out at question `{}`; its answers are: {}",
                    chart.graph[at].id,
                    quoted(&chart.labels(at))
                ))));
            }
            Stop::Loop(_) => return Ok(Err(WalkError("the chart loops".into()))),
        }
    }
}

fn quoted(labels: &[&str]) -> String {
    labels
        .iter()
        .map(|l| format!("`{l}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The chart and node a ruling hands over to, if it does and it resolves.
fn next_chart<'a>(set: &'a ChartSet, ruling: &Node) -> Option<(&'a Chart, NodeIndex)> {
    let then = ruling.then.as_ref()?;
    let charts: Vec<&Chart> = set.charts.iter().collect();
    handover_target(&charts, then).ok()
}

fn clauses(node: &Node) -> String {
    if node.law.is_empty() {
        return String::new();
    }
    let list: Vec<String> = node.law.iter().map(ToString::to_string).collect();
    format!("  [{}]", list.join(", "))
}

fn write_node(out: &mut impl Write, node: &Node) -> std::io::Result<()> {
    let mark = match node.kind {
        NodeKind::Question => "?",
        NodeKind::Step => "-",
        NodeKind::Ruling => "= RULING:",
    };
    writeln!(out, "{mark} {}{}", one_line(&node.text), clauses(node))?;
    if let Some(say) = &node.say {
        writeln!(out, "  say: {}", one_line(say))?;
    }
    if let Some(note) = &node.note {
        writeln!(out, "  note: {}", one_line(note))?;
    }
    if let Some(then) = &node.then {
        writeln!(out, "  -> continue with {then}")?;
    }
    Ok(())
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// How an interactive walk ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Ended {
    /// At a ruling, or the user quit.
    Done,
    /// Input ended before a ruling.
    Unfinished,
}

/// Walks interactively: reads answers (a number or a label, `b` back, `q`
/// quit) from `input`, writes prompts to `out`.
pub fn interactive(
    set: &ChartSet,
    chart: &Chart,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> anyhow::Result<Ended> {
    let mut chart = chart;
    let mut at = chart.start;
    let mut back: Vec<(&Chart, NodeIndex)> = Vec::new();
    writeln!(out, "{} — {}\n", chart.id, chart.title)?;
    loop {
        let node = &chart.graph[at];
        match node.kind {
            NodeKind::Step => {
                write_node(out, node)?;
                at = chart.outgoing(at)[0].1;
            }
            NodeKind::Ruling => {
                write_node(out, node)?;
                let Some((next, start)) = next_chart(set, node) else {
                    return Ok(Ended::Done);
                };
                write!(out, "Go on into `{}` ({})? [y/N] ", next.id, next.title)?;
                out.flush()?;
                match read_line(input)? {
                    Some(reply)
                        if reply.eq_ignore_ascii_case("y") || reply.eq_ignore_ascii_case("yes") =>
                    {
                        writeln!(out, "\n{} — {}\n", next.id, next.title)?;
                        (chart, at) = (next, start);
                    }
                    _ => return Ok(Ended::Done),
                }
            }
            NodeKind::Question => {
                write_node(out, node)?;
                let labels = chart.labels(at);
                for (i, label) in labels.iter().enumerate() {
                    writeln!(out, "  {}. {label}", i + 1)?;
                }
                write!(out, "answer (number or label; b = back, q = quit): ")?;
                out.flush()?;
                let Some(reply) = read_line(input)? else {
                    writeln!(out)?;
                    return Ok(Ended::Unfinished);
                };
                match reply.as_str() {
                    "q" | "quit" => return Ok(Ended::Done),
                    "b" | "back" => {
                        if let Some(prev) = back.pop() {
                            (chart, at) = prev;
                        }
                        continue;
                    }
                    _ => {}
                }
                match pick(chart, at, &labels, &reply) {
                    Some(next) => {
                        back.push((chart, at));
                        writeln!(out)?;
                        at = next;
                    }
                    None => writeln!(
                        out,
                        "`{reply}` is not an answer here; type a number from 1 to {}",
                        labels.len()
                    )?,
                }
            }
        }
    }
}

fn pick(chart: &Chart, at: NodeIndex, labels: &[&str], reply: &str) -> Option<NodeIndex> {
    if let Ok(n) = reply.parse::<usize>() {
        let label = labels.get(n.checked_sub(1)?)?;
        return chart.answer(at, label).map(|(_, t)| t);
    }
    chart.answer(at, reply).map(|(_, t)| t)
}

fn read_line(input: &mut impl BufRead) -> std::io::Result<Option<String>> {
    let mut line = String::new();
    if input.read_line(&mut line)? == 0 {
        return Ok(None);
    }
    Ok(Some(line.trim().to_string()))
}
