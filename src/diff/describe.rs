//! Each change as a short sentence of parts (our words, kept values, old and
//! new values, word diffs), so text, Markdown and HTML say the same thing
//! and differ only in how they mark and escape it.

use super::words::{self, Piece};
use super::{Change, Failure, NodeSummary, What};
use crate::markdown::collapse_whitespace;

/// Whether a change adds, removes or alters something.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Something new.
    Added,
    /// Something gone.
    Removed,
    /// Something altered.
    Changed,
}

impl Mark {
    /// The symbol printed before the change: it survives a black-and-white print.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Added => "+",
            Mark::Removed => "-",
            Mark::Changed => "~",
        }
    }

    /// The word for CSS classes and screen readers.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Added => "added",
            Mark::Removed => "removed",
            Mark::Changed => "changed",
        }
    }
}

/// A value from a chart, which renderers quote by its kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// Chart text (whitespace collapsed) or a list of clauses.
    Text(String),
    /// A node id.
    Id(String),
    /// An answer label.
    Label(String),
    /// Chart text quoted inside our own sentence (an example's situation).
    Quoted(String),
}

/// One piece of a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// Our own words.
    Say(String),
    /// A value that did not change, for context.
    Keep(Value),
    /// A value of the old version only.
    Old(Value),
    /// A value of the new version only.
    New(Value),
    /// A reworded text, word by word.
    Words(Vec<Piece>),
}

/// A change told as a sentence.
#[derive(Clone, Debug)]
pub struct Sentence {
    /// Added, removed or changed.
    pub mark: Mark,
    /// The node the sentence is about, if any.
    pub node: Option<String>,
    /// The sentence itself.
    pub parts: Vec<Part>,
}

fn say(s: impl Into<String>) -> Part {
    Part::Say(s.into())
}

fn text(s: &str) -> Value {
    Value::Text(collapse_whitespace(s))
}

fn id(s: &str) -> Value {
    Value::Id(s.to_string())
}

fn quoted(s: &str) -> Value {
    Value::Quoted(collapse_whitespace(s))
}

fn label(s: &str) -> Value {
    Value::Label(s.to_string())
}

fn list(items: &[String], none: &str) -> Value {
    if items.is_empty() {
        return Value::Text(none.to_string());
    }
    Value::Text(items.join(", "))
}

/// The sentence for one change.
pub fn sentence(change: &Change) -> Sentence {
    let (mark, parts) = parts(&change.what);
    Sentence {
        mark,
        node: change.node.clone(),
        parts,
    }
}

fn parts(what: &What) -> (Mark, Vec<Part>) {
    use Mark::*;
    use Part::{Keep, New, Old};
    match what {
        What::ChartAdded { title, nodes } => (
            Added,
            vec![
                say(format!("new chart ({nodes} nodes): ")),
                New(text(title)),
            ],
        ),
        What::ChartRemoved { title, nodes } => (
            Removed,
            vec![
                say(format!("chart removed ({nodes} nodes): ")),
                Old(text(title)),
            ],
        ),
        What::Retitled { old, new } => (Changed, reworded("title", Some(old), Some(new))),
        What::Summary { old, new } => edited("summary", old, new),
        What::Situations { added, removed } => (Changed, situations(added, removed)),
        What::ChartLaws { old, new } => (Changed, clauses("chart laws", old, new)),
        What::Edition { old, new } => (
            Changed,
            vec![
                say("Laws edition "),
                Old(text(&old.to_string())),
                say(" → "),
                New(text(&new.to_string())),
            ],
        ),
        What::Start { old, new } => (
            Changed,
            vec![
                say("the chart now starts at "),
                New(id(new)),
                say(", was "),
                Old(id(old)),
            ],
        ),
        What::NodeAdded(node) => (Added, whole_node("new ", "", node, New)),
        What::NodeRemoved(node) => (Removed, whole_node("", " removed", node, Old)),
        What::NodeRenamed { old, .. } => (
            Changed,
            vec![
                say("renamed from "),
                Old(id(old)),
                say(" (likely: the text is the same)"),
            ],
        ),
        What::KindChanged { old, new } => (
            Changed,
            vec![
                say("was a "),
                Old(text(old)),
                say(", now a "),
                New(text(new)),
            ],
        ),
        What::AnswerAdded { label: l, target } => (
            Added,
            vec![
                say("new answer "),
                New(label(l)),
                say(" → "),
                Keep(id(target)),
            ],
        ),
        What::AnswerRemoved { label: l, target } => (
            Removed,
            vec![
                say("answer "),
                Old(label(l)),
                say(" → "),
                Keep(id(target)),
                say(" removed"),
            ],
        ),
        What::AnswerRelabelled { old, new, target } => (
            Changed,
            vec![
                say("answer "),
                Old(label(old)),
                say(" relabelled "),
                New(label(new)),
                say(" (→ "),
                Keep(id(target)),
                say(")"),
            ],
        ),
        What::AnswerRetargeted { label: l, old, new } => (
            Changed,
            vec![
                say("answer "),
                Keep(label(l)),
                say(" now goes to "),
                New(id(new)),
                say(", was "),
                Old(id(old)),
            ],
        ),
        What::AnswersReordered { old, new } => (
            Changed,
            vec![
                say("answers reordered: "),
                Old(list(old, "")),
                say(" → "),
                New(list(new, "")),
            ],
        ),
        What::Next { old, new } => (mark_of(old, new), moved("goes on to", old, new)),
        What::Then { old, new } => (mark_of(old, new), moved("hands over to", old, new)),
        What::Reworded { field, old, new } => edited(field, old, new),
        What::Law { old, new } => (Changed, clauses("law", old, new)),
        What::ExampleAdded {
            situation,
            answers,
            ruling,
        } => (
            Added,
            example("new example: ", New(quoted(situation)), answers, ruling),
        ),
        What::ExampleRemoved {
            situation,
            answers,
            ruling,
        } => (
            Removed,
            example("example removed: ", Old(quoted(situation)), answers, ruling),
        ),
        What::ExampleChanged {
            situation,
            old_answers,
            new_answers,
            old_ruling,
            new_ruling,
            fails,
        } => (
            Changed,
            example_changed(
                situation,
                (old_answers, new_answers),
                (old_ruling, new_ruling),
                fails.as_ref(),
            ),
        ),
        What::ExampleReworded { old, new } => (Changed, reworded("example", Some(old), Some(new))),
    }
}

/// An added or removed node: its text, then its clauses, where it leads and
/// any hand-over.
fn whole_node(before: &str, after: &str, node: &NodeSummary, side: fn(Value) -> Part) -> Vec<Part> {
    let mut parts = vec![
        say(format!("{before}{}{after}: ", node.node_kind)),
        side(text(&node.text)),
    ];
    if !node.law.is_empty() {
        parts.push(say(" ["));
        parts.push(Part::Keep(list(&node.law, "")));
        parts.push(say("]"));
    }
    for (i, to) in node.leads_to.iter().enumerate() {
        parts.push(say(if i == 0 { " (" } else { "; " }));
        if let Some(l) = &to.label {
            parts.push(Part::Keep(label(l)));
            parts.push(say(" "));
        }
        parts.push(say("→ "));
        parts.push(Part::Keep(id(&to.target)));
        if i + 1 == node.leads_to.len() {
            parts.push(say(")"));
        }
    }
    if let Some(then) = &node.then {
        parts.push(say(" → continue with "));
        parts.push(Part::Keep(id(then)));
    }
    parts
}

fn mark_of<T>(old: &Option<T>, new: &Option<T>) -> Mark {
    match (old, new) {
        (None, Some(_)) => Mark::Added,
        (Some(_), None) => Mark::Removed,
        _ => Mark::Changed,
    }
}

fn edited(field: &str, old: &Option<String>, new: &Option<String>) -> (Mark, Vec<Part>) {
    (
        mark_of(old, new),
        reworded(field, old.as_deref(), new.as_deref()),
    )
}

fn reworded(field: &str, old: Option<&str>, new: Option<&str>) -> Vec<Part> {
    match (old, new) {
        (Some(old), Some(new)) => vec![
            say(format!("{field} reworded: ")),
            Part::Words(words::diff(old, new)),
        ],
        (None, Some(new)) => vec![say(format!("{field} added: ")), Part::New(text(new))],
        (Some(old), None) => vec![say(format!("{field} removed: ")), Part::Old(text(old))],
        (None, None) => vec![say(format!("{field} unchanged"))],
    }
}

fn moved(verb: &str, old: &Option<String>, new: &Option<String>) -> Vec<Part> {
    match (old, new) {
        (Some(old), Some(new)) => {
            vec![
                say(format!("now {verb} ")),
                Part::New(id(new)),
                say(", was "),
                Part::Old(id(old)),
            ]
        }
        (None, Some(new)) => vec![say(format!("now {verb} ")), Part::New(id(new))],
        (Some(old), None) => vec![say(format!("no longer {verb} ")), Part::Old(id(old))],
        (None, None) => vec![say(format!("still {verb} nothing"))],
    }
}

fn clauses(what: &str, old: &[String], new: &[String]) -> Vec<Part> {
    vec![
        say(format!("{what} ")),
        Part::Old(list(old, "none")),
        say(" → "),
        Part::New(list(new, "none")),
    ]
}

fn situations(added: &[String], removed: &[String]) -> Vec<Part> {
    let mut parts = vec![say("search phrases")];
    for (i, phrase) in added.iter().enumerate() {
        parts.push(say(if i == 0 { " added: " } else { "; " }));
        parts.push(Part::New(text(phrase)));
    }
    for (i, phrase) in removed.iter().enumerate() {
        let lead = if i > 0 {
            "; "
        } else if added.is_empty() {
            " removed: "
        } else {
            ", removed: "
        };
        parts.push(say(lead));
        parts.push(Part::Old(text(phrase)));
    }
    parts
}

fn path(answers: &[String]) -> Value {
    if answers.is_empty() {
        return Value::Text("no answers".to_string());
    }
    Value::Text(answers.join(" / "))
}

fn example(lead: &str, situation: Part, answers: &[String], ruling: &str) -> Vec<Part> {
    vec![
        say(lead),
        situation,
        say(" (answers "),
        Part::Keep(path(answers)),
        say(" end at "),
        Part::Keep(id(ruling)),
        say(")"),
    ]
}

fn example_changed(
    situation: &str,
    (old_answers, new_answers): (&[String], &[String]),
    (old_ruling, new_ruling): (&str, &str),
    fails: Option<&Failure>,
) -> Vec<Part> {
    let mut parts = vec![say("example "), Part::Keep(quoted(situation)), say(": ")];
    if old_answers != new_answers {
        parts.extend([
            say("answers "),
            Part::Old(path(old_answers)),
            say(" → "),
            Part::New(path(new_answers)),
        ]);
    } else {
        parts.extend([say("answers "), Part::Keep(path(new_answers))]);
    }
    if old_ruling != new_ruling {
        parts.extend([
            say(", ruling "),
            Part::Old(id(old_ruling)),
            say(" → "),
            Part::New(id(new_ruling)),
        ]);
    }
    match fails {
        // The change broke it: say so, and where it ends instead.
        Some(failure) => {
            parts.extend([
                say("; the example now fails, ending at "),
                Part::New(id(&failure.ends_at)),
                say(" instead of "),
                Part::Keep(id(new_ruling)),
            ]);
            if let Some(why) = &failure.why {
                parts.push(say(format!(" ({why})")));
            }
        }
        None if old_ruling == new_ruling => {
            parts.extend([say(", still ending at "), Part::Keep(id(new_ruling))]);
        }
        None => {}
    }
    parts
}
