//! The diff for a terminal or a log: one block per chart, the changes grouped
//! by class, each line marked `+`, `-` or `~`; reworded text as a word diff
//! (`[-old-]{+new+}`). Colour, when asked for, only doubles the marks.

use super::describe::{self, Part, Sentence, Value};
use super::words::Piece;
use super::{ChartDiff, Class, Diff, Status, shown_name};

const RED: &str = "\x1b[31m";
const GREEN: &str = "\x1b[32m";
const YELLOW: &str = "\x1b[33m";
const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";

/// Text output, with ANSI colour when `colour` is set.
pub fn render(diff: &Diff, colour: bool) -> String {
    let paint = Paint(colour);
    let mut out = String::new();
    for chart in &diff.charts {
        chart_block(chart, paint, &mut out);
        out.push('\n');
    }
    for n in &diff.not_compared {
        let line = format!(
            "! {} — not compared: does not load on the {} side ({})",
            shown_name(&n.chart),
            n.side,
            shown_name(&n.file)
        );
        out.push_str(&paint.on(RED, &line));
        out.push_str("\n\n");
    }
    out.push_str(&diff.summary());
    out.push('\n');
    out
}

#[derive(Clone, Copy)]
struct Paint(bool);

impl Paint {
    fn on(self, code: &str, text: &str) -> String {
        if self.0 && !text.is_empty() {
            format!("{code}{text}{RESET}")
        } else {
            text.to_string()
        }
    }
}

fn chart_block(chart: &ChartDiff, paint: Paint, out: &mut String) {
    let (symbol, colour) = match chart.status {
        Status::Added => ("+", GREEN),
        Status::Removed => ("-", RED),
        Status::Changed => ("~", YELLOW),
    };
    let head = format!("{symbol} {} — {}", chart.chart, one_line(&chart.title));
    out.push_str(&paint.on(BOLD, &paint.on(colour, &head)));
    out.push('\n');
    let mut class: Option<Class> = None;
    for change in &chart.changes {
        if class != Some(change.class) {
            class = Some(change.class);
            out.push_str(&format!("  {}\n", paint.on(BOLD, change.class.name())));
        }
        out.push_str(&line(&describe::sentence(change), paint));
        out.push('\n');
    }
}

fn line(s: &Sentence, paint: Paint) -> String {
    let colour = match s.mark {
        describe::Mark::Added => GREEN,
        describe::Mark::Removed => RED,
        describe::Mark::Changed => YELLOW,
    };
    let mut out = format!("    {} ", paint.on(colour, s.mark.symbol()));
    if let Some(node) = &s.node {
        out.push_str(&format!("{node}: "));
    }
    for part in &s.parts {
        out.push_str(&match part {
            Part::Say(words) => words.clone(),
            Part::Keep(v) => value(v),
            Part::Old(v) => paint.on(RED, &value(v)),
            Part::New(v) => paint.on(GREEN, &value(v)),
            Part::Words(pieces) => word_diff(pieces, paint),
        });
    }
    out
}

fn value(v: &Value) -> String {
    match v {
        Value::Text(t) => one_line(t),
        Value::Id(id) => format!("`{}`", one_line(id)),
        Value::Label(l) => format!("\"{}\"", one_line(l)),
        Value::Quoted(t) => format!("“{}”", one_line(t)),
    }
}

fn word_diff(pieces: &[Piece], paint: Paint) -> String {
    let runs: Vec<String> = pieces
        .iter()
        .map(|p| match p {
            Piece::Same(s) => one_line(s),
            Piece::Old(s) => paint.on(RED, &format!("[-{}-]", one_line(s))),
            Piece::New(s) => paint.on(GREEN, &format!("{{+{}+}}", one_line(s))),
        })
        .collect();
    runs.join(" ")
}

/// Chart text on one line, with control characters (a terminal escape in a
/// hostile chart) shown as `�`.
fn one_line(text: &str) -> String {
    let collapsed = crate::markdown::collapse_whitespace(text);
    collapsed
        .chars()
        .map(|c| if c.is_control() { '\u{fffd}' } else { c })
        .collect()
}
