//! `lawcharts diff`: two versions of the charts (files, folders, or a git
//! revision against the work tree), each loaded through `check`, compared in
//! the checked model chart by chart and node by node. Every change is named
//! by chart and node and sorted into a [`Class`]; the renderers (text,
//! Markdown, JSON, HTML) only lay the changes out.

mod classify;
mod command;
mod describe;
mod draw;
mod examples;
mod git;
mod matching;
mod node;
mod outline;
mod render_html;
mod render_json;
mod render_md;
mod render_text;
mod side;
mod words;

use clap::ValueEnum;
use serde::Serialize;

use crate::chart::Chart;

pub use classify::diff;
pub use command::{DiffArgs, DiffFormat, render, run};
pub use draw::Sets;

/// What a change does to the rulings: `logic` changes where a director ends
/// up, `wording` only what is read, `law` what is cited, `examples` the
/// worked situations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    /// Answers, targets, kinds, nodes and charts added or removed.
    Logic,
    /// Question, step and ruling text, notes, `say`, titles.
    Wording,
    /// Law clauses cited.
    Law,
    /// Worked examples.
    Examples,
}

impl Class {
    /// Every class, in the order changes are shown.
    pub const ALL: [Class; 4] = [Class::Logic, Class::Wording, Class::Law, Class::Examples];

    /// The class's name, as `--only` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Class::Logic => "logic",
            Class::Wording => "wording",
            Class::Law => "law",
            Class::Examples => "examples",
        }
    }
}

/// One difference, about a chart or one of its nodes.
#[derive(Clone, Debug, Serialize)]
pub struct Change {
    /// Which kind of change this is.
    pub class: Class,
    /// The node it is about (its new id; the old one when removed), or
    /// `None` for the chart itself and its examples.
    pub node: Option<String>,
    /// What changed, with the old and new values.
    #[serde(flatten)]
    pub what: What,
}

/// Every change the diff knows, with the values on each side. Ids are shown
/// as written on their own side; text is the chart's Markdown.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum What {
    /// A chart only in the new version.
    ChartAdded { title: String, nodes: usize },
    /// A chart only in the old version.
    ChartRemoved { title: String, nodes: usize },
    /// The chart's title changed.
    Retitled { old: String, new: String },
    /// The chart's `summary` changed.
    Summary {
        old: Option<String>,
        new: Option<String>,
    },
    /// Search phrases added or removed.
    Situations {
        added: Vec<String>,
        removed: Vec<String>,
    },
    /// The chart's `laws` changed (or its main law).
    ChartLaws { old: Vec<String>, new: Vec<String> },
    /// The Laws edition followed changed.
    Edition { old: u32, new: u32 },
    /// The chart starts at another node.
    Start { old: String, new: String },
    /// A node only in the new version.
    NodeAdded(NodeSummary),
    /// A node only in the old version.
    NodeRemoved(NodeSummary),
    /// A removed and an added node with the same text: likely one node renamed.
    NodeRenamed { old: String, new: String },
    /// A question became a step, and so on.
    KindChanged {
        old: &'static str,
        new: &'static str,
    },
    /// A question offers a new answer.
    AnswerAdded { label: String, target: String },
    /// A question no longer offers an answer.
    AnswerRemoved { label: String, target: String },
    /// Same target, new label.
    AnswerRelabelled {
        old: String,
        new: String,
        target: String,
    },
    /// Same label, new target.
    AnswerRetargeted {
        label: String,
        old: String,
        new: String,
    },
    /// The same answers, offered in another order.
    AnswersReordered { old: Vec<String>, new: Vec<String> },
    /// A step's `next` changed (or appeared, or went, with a change of kind).
    Next {
        old: Option<String>,
        new: Option<String>,
    },
    /// A ruling's hand-over changed.
    Then {
        old: Option<String>,
        new: Option<String>,
    },
    /// The question, step or ruling text (`field`), or its `note` or `say`.
    Reworded {
        field: &'static str,
        old: Option<String>,
        new: Option<String>,
    },
    /// The node's law clauses changed.
    Law { old: Vec<String>, new: Vec<String> },
    /// A worked example only in the new version.
    ExampleAdded {
        situation: String,
        answers: Vec<String>,
        ruling: String,
    },
    /// A worked example only in the old version.
    ExampleRemoved {
        situation: String,
        answers: Vec<String>,
        ruling: String,
    },
    /// The same situation now takes other answers or ends at another ruling,
    /// or its answers no longer reach its ruling (`fails`).
    ExampleChanged {
        situation: String,
        old_answers: Vec<String>,
        new_answers: Vec<String>,
        old_ruling: String,
        new_ruling: String,
        fails: Option<Failure>,
    },
    /// The same answers and ruling, the situation reworded.
    ExampleReworded { old: String, new: String },
}

impl What {
    /// The class this change belongs to.
    pub fn class(&self) -> Class {
        use What::*;
        match self {
            ChartAdded { .. } | ChartRemoved { .. } | Start { .. } => Class::Logic,
            NodeAdded { .. } | NodeRemoved { .. } | NodeRenamed { .. } | KindChanged { .. } => {
                Class::Logic
            }
            AnswerAdded { .. }
            | AnswerRemoved { .. }
            | AnswerRelabelled { .. }
            | AnswerRetargeted { .. }
            | Next { .. }
            | Then { .. } => Class::Logic,
            Retitled { .. }
            | Summary { .. }
            | Situations { .. }
            | AnswersReordered { .. }
            | Reworded { .. } => Class::Wording,
            ChartLaws { .. } | Edition { .. } | Law { .. } => Class::Law,
            ExampleAdded { .. }
            | ExampleRemoved { .. }
            | ExampleChanged { .. }
            | ExampleReworded { .. } => Class::Examples,
        }
    }
}

/// Where an example's answers end in the new version, when that is not its
/// ruling: the example fails there.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Failure {
    /// The node the answers end at.
    pub ends_at: String,
    /// Why it stops there when it is not a ruling (or answers are left).
    pub why: Option<String>,
}

/// A node added or removed, whole: what it says, cites and leads to.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NodeSummary {
    /// `question`, `step` or `ruling`.
    pub node_kind: &'static str,
    /// Its text (Markdown).
    pub text: String,
    /// Its clauses.
    pub law: Vec<String>,
    /// Its answers, or a step's `next`.
    pub leads_to: Vec<LeadsTo>,
    /// A ruling's hand-over.
    pub then: Option<String>,
}

/// An answer (or a step's `next`, with no label) and the node it goes to.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LeadsTo {
    /// The answer; `None` for `next`.
    pub label: Option<String>,
    /// The node id it goes to.
    pub target: String,
}

/// Whether a chart is new, gone or changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Only in the new version.
    Added,
    /// Only in the old version.
    Removed,
    /// In both, with changes.
    Changed,
}

/// One chart's changes, logic first, then in node order.
#[derive(Clone, Debug, Serialize)]
pub struct ChartDiff<'a> {
    /// The chart id.
    pub chart: String,
    /// Its title (the new one, or the old one of a removed chart).
    pub title: String,
    /// Added, removed or changed.
    pub status: Status,
    /// The changes, sorted by class.
    pub changes: Vec<Change>,
    /// The old version, if any.
    #[serde(skip)]
    pub old: Option<&'a Chart>,
    /// The new version, if any.
    #[serde(skip)]
    pub new: Option<&'a Chart>,
}

/// A chart left out of the comparison: one side has it in a file that does
/// not load whole (`lawcharts check` says why).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NotCompared {
    /// The chart id.
    pub chart: String,
    /// `old` or `new`.
    pub side: &'static str,
    /// The file, as named on that side.
    pub file: String,
}

/// Every changed chart, by id.
#[derive(Clone, Debug, Default)]
pub struct Diff<'a> {
    /// Charts with at least one change; unchanged charts are left out.
    pub charts: Vec<ChartDiff<'a>>,
    /// Charts that could not be compared.
    pub not_compared: Vec<NotCompared>,
}

impl Diff<'_> {
    /// Keeps only the changes of these classes (all when empty), and the
    /// charts that still have some.
    pub fn only(mut self, classes: &[Class]) -> Self {
        if classes.is_empty() {
            return self;
        }
        for chart in &mut self.charts {
            chart.changes.retain(|c| classes.contains(&c.class));
        }
        self.charts.retain(|c| !c.changes.is_empty());
        self
    }

    /// Whether no change was found.
    pub fn is_empty(&self) -> bool {
        self.charts.is_empty()
    }

    /// How many changes of this class.
    pub fn count(&self, class: Class) -> usize {
        self.charts
            .iter()
            .flat_map(|c| &c.changes)
            .filter(|c| c.class == class)
            .count()
    }

    /// How many charts have this status.
    pub fn charts_with(&self, status: Status) -> usize {
        self.charts.iter().filter(|c| c.status == status).count()
    }

    /// One line: how many charts changed, added, removed, the changes by
    /// class, and the charts not compared.
    pub fn summary(&self) -> String {
        let mut out = if self.is_empty() {
            "no differences".to_string()
        } else {
            let classes: Vec<String> = Class::ALL
                .iter()
                .map(|&class| (class, self.count(class)))
                .filter(|(_, n)| *n > 0)
                .map(|(class, n)| format!("{n} {}", class.name()))
                .collect();
            format!(
                "{} chart(s) changed, {} added, {} removed: {}",
                self.charts_with(Status::Changed),
                self.charts_with(Status::Added),
                self.charts_with(Status::Removed),
                classes.join(", ")
            )
        };
        if !self.not_compared.is_empty() {
            let n = self.not_compared.len();
            out.push_str(&format!(
                "; {n} chart file(s) not compared (they do not load)"
            ));
        }
        out
    }
}

/// A file name or chart id as the text, Markdown and HTML diffs and their
/// notes on standard error show it: on one line, each control character (a
/// terminal escape in a hostile file name) shown as `�`. The JSON output
/// keeps the name as it is, escaped by JSON.
pub(crate) fn shown_name(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_control() { '\u{fffd}' } else { c })
        .collect()
}

#[cfg(test)]
mod tests;
