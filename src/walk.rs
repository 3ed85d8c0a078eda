//! `lawcharts walk`: step through a chart as a director would at the table,
//! interactively (numbered answers, back, quit, on into hand-overs) or
//! scripted with `--answer` for tests and scripts; from a chart's start or
//! from any node (`CHART#NODE`). An answer is its label, its number as
//! shown, or the start of one label only, in both modes.

use std::io::{BufRead, Write};

use petgraph::stable_graph::NodeIndex;

use crate::chart::{Chart, ChartSet, HandOver, Node, NodeKind};
use crate::check::handover_target;
use crate::markdown;

/// Why a scripted walk failed (exit 1).
#[derive(Debug, PartialEq, Eq)]
pub struct WalkError(pub String);

impl std::fmt::Display for WalkError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Where a walk starts, and how to write the command that goes on from a
/// hand-over where it ends.
pub struct Walk<'a> {
    /// Every chart a hand-over may lead into.
    pub set: &'a ChartSet,
    /// The chart to walk.
    pub chart: &'a Chart,
    /// The node to start at (the chart's start, or the one named).
    pub from: NodeIndex,
    /// How the command that continues a walk names a chart.
    pub names: Names,
}

/// How the command that continues a walk names the next chart: as the walk
/// was started, by id (with `--trees` when it is not the default) or by its
/// file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Names {
    /// `lawcharts walk ID`, with `--trees` if given here.
    Ids(Option<String>),
    /// `lawcharts walk path/to/chart.yaml`.
    Files,
}

impl Walk<'_> {
    /// The command that walks on from `then`, if it leads to a chart here.
    fn command_for(&self, then: &HandOver) -> Option<String> {
        let (next, _) = next_chart(self.set, then)?;
        let name = match &self.names {
            Names::Files => shell_word(&next.file),
            Names::Ids(_) => next.id.clone(),
        };
        let node = then
            .node
            .as_ref()
            .map(|n| format!("#{n}"))
            .unwrap_or_default();
        let trees = match &self.names {
            Names::Ids(Some(trees)) => format!(" --trees {}", shell_word(trees)),
            _ => String::new(),
        };
        Some(format!("lawcharts walk {name}{node}{trees}"))
    }
}

/// `text` as one word for a POSIX shell: as it is when it is plain,
/// otherwise in single quotes.
fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./#".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        return text.to_string();
    }
    format!("'{}'", text.replace('\'', "'\\''"))
}

/// Follows `answers` from where `walk` starts, on through hand-overs while
/// answers remain, writing each question, answer and the ruling; a ruling
/// that hands over ends with the command that goes on.
pub fn scripted(
    walk: &Walk,
    answers: &[String],
    out: &mut impl Write,
) -> anyhow::Result<Result<(), WalkError>> {
    let (mut chart, mut at) = (walk.chart, walk.from);
    let mut given = answers.iter();
    writeln!(out, "{} — {}", chart.id, chart.title)?;
    let most = walk
        .set
        .charts
        .iter()
        .map(|c| c.graph.node_count())
        .sum::<usize>();
    for _ in 0..=most + answers.len() {
        let node = &chart.graph[at];
        write_node(out, node)?;
        match node.kind {
            NodeKind::Step => match chart.outgoing(at).first() {
                Some(&(_, next)) => at = next,
                None => return Ok(Err(WalkError(format!("step `{}` has no `next`", node.id)))),
            },
            NodeKind::Question => {
                let Some(answer) = given.next() else {
                    return Ok(Err(WalkError(format!(
                        "the answers ran out at question `{}`; its answers are: {}",
                        node.id,
                        numbered(&chart.labels(at))
                    ))));
                };
                match choose(chart, at, answer) {
                    Ok((label, next)) => {
                        writeln!(out, "  > {label}")?;
                        at = next;
                    }
                    Err(problem) => return Ok(Err(WalkError(problem))),
                }
            }
            NodeKind::Ruling => {
                let next = node.then.as_ref().and_then(|t| next_chart(walk.set, t));
                match (given.len(), next) {
                    (0, _) => {
                        if let Some(command) = node.then.as_ref().and_then(|t| walk.command_for(t))
                        {
                            writeln!(out, "to go on: {command}")?;
                        }
                        return Ok(Ok(()));
                    }
                    (_, Some((next, node))) => {
                        writeln!(out, "\n{} — {}", next.id, next.title)?;
                        (chart, at) = (next, node);
                    }
                    (left, None) => {
                        return Ok(Err(WalkError(format!(
                            "the walk reached ruling `{}` with {left} answer(s) left over",
                            node.id
                        ))));
                    }
                }
            }
        }
    }
    Ok(Err(WalkError("the chart loops".into())))
}

/// The answer of question `at` that `given` names, and where it leads: its
/// label (exactly, else ignoring case), its number as shown (1, 2, …), or
/// the start of one label only (ignoring case).
pub fn choose(chart: &Chart, at: NodeIndex, given: &str) -> Result<(String, NodeIndex), String> {
    if let Some(found) = chart.answer(at, given) {
        return Ok(found);
    }
    let labels = chart.labels(at);
    let id = &chart.graph[at].id;
    if let Ok(n) = given.trim().parse::<usize>() {
        return match n.checked_sub(1).and_then(|i| labels.get(i)) {
            Some(label) => Ok(answer_of(chart, at, label)),
            None => Err(format!(
                "question `{id}` has no answer {n}; its answers are: {}",
                numbered(&labels)
            )),
        };
    }
    let start = given.trim().to_lowercase();
    let starting: Vec<&str> = labels
        .iter()
        .copied()
        .filter(|l| !start.is_empty() && l.to_lowercase().starts_with(&start))
        .collect();
    match starting[..] {
        [label] => Ok(answer_of(chart, at, label)),
        [] => Err(format!(
            "question `{id}` has no answer `{given}`; its answers are: {}",
            numbered(&labels)
        )),
        _ => Err(format!(
            "`{given}` starts more than one answer of question `{id}`: {}; give more of the label, or its number",
            numbered(&starting)
        )),
    }
}

/// The answer of `at` with one of its own labels.
fn answer_of(chart: &Chart, at: NodeIndex, label: &str) -> (String, NodeIndex) {
    chart
        .answer(at, label)
        .expect("a label the question itself offers")
}

/// "1 `Yes`, 2 `No`": the labels as the walk numbers them.
fn numbered(labels: &[&str]) -> String {
    let all = labels.iter().enumerate();
    all.map(|(i, l)| format!("{} `{l}`", i + 1))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The chart and node a hand-over lands on, if it resolves.
fn next_chart<'a>(set: &'a ChartSet, then: &HandOver) -> Option<(&'a Chart, NodeIndex)> {
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

/// A node as the terminal shows it: its text on one line, then `say` and
/// `note` a paragraph a line (Markdown read, not shown raw).
fn write_node(out: &mut impl Write, node: &Node) -> std::io::Result<()> {
    let mark = match node.kind {
        NodeKind::Question => "?",
        NodeKind::Step => "-",
        NodeKind::Ruling => "= RULING:",
    };
    writeln!(
        out,
        "{mark} {}{}",
        markdown::to_plain(&node.text),
        clauses(node)
    )?;
    for (key, text) in [("say", &node.say), ("note", &node.note)] {
        let Some(text) = text else { continue };
        let head = format!("  {key}: ");
        for (i, line) in markdown::to_terminal(text).iter().enumerate() {
            let lead = if i == 0 {
                head.clone()
            } else {
                " ".repeat(head.len())
            };
            writeln!(out, "{lead}{line}")?;
        }
    }
    if let Some(then) = &node.then {
        writeln!(out, "  -> continue with {then}")?;
    }
    Ok(())
}

/// How an interactive walk ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Ended {
    /// At a ruling, or the user quit.
    Done,
    /// Input ended before a ruling.
    Unfinished,
}

/// Walks interactively: reads answers (a number, a label or the start of
/// one; `b` back, `q` quit) from `input`, writes prompts to `out`.
pub fn interactive(
    walk: &Walk,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> anyhow::Result<Ended> {
    let (mut chart, mut at) = (walk.chart, walk.from);
    let mut back: Vec<(&Chart, NodeIndex)> = Vec::new();
    writeln!(out, "{} — {}\n", chart.id, chart.title)?;
    loop {
        let node = &chart.graph[at];
        write_node(out, node)?;
        match node.kind {
            NodeKind::Step => at = chart.outgoing(at)[0].1,
            NodeKind::Ruling => {
                let Some(then) = &node.then else {
                    return Ok(Ended::Done);
                };
                let Some((next, start)) = next_chart(walk.set, then) else {
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
                    _ => {
                        if let Some(command) = walk.command_for(then) {
                            writeln!(out, "\nto go on later: {command}")?;
                        }
                        return Ok(Ended::Done);
                    }
                }
            }
            NodeKind::Question => {
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
                match choose(chart, at, &reply) {
                    Ok((_, next)) => {
                        back.push((chart, at));
                        writeln!(out)?;
                        at = next;
                    }
                    Err(problem) => writeln!(out, "{problem}")?,
                }
            }
        }
    }
}

fn read_line(input: &mut impl BufRead) -> std::io::Result<Option<String>> {
    let mut line = String::new();
    if input.read_line(&mut line)? == 0 {
        return Ok(None);
    }
    Ok(Some(line.trim().to_string()))
}
