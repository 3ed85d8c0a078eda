//! Graphviz DOT in the style of a director's table card: questions as bold
//! hexagons, steps as plain boxes, rulings double-framed, hand-overs as
//! signposts, answers in bold on the arrows. Labels are plain text, wrapped,
//! and pass through [`DotString`] (the escaper `askama.toml` registers).

use std::fmt;

use askama::Template;

use crate::chart::{Chart, Node, NodeKind};
use crate::markdown::to_plain;

use super::{Context, clause_line, handover_target, law_title};

/// The askama escaper of `.dot` templates: text inside a DOT `"..."` string.
/// Quotes and backslashes are escaped (so `\N`, `\G`, `\l` stay text) and a
/// line break becomes DOT's `\n`.
#[derive(Clone, Copy, Debug, Default)]
pub struct DotString;

impl askama::filters::Escaper for DotString {
    fn write_escaped_str<W: fmt::Write>(&self, mut dest: W, string: &str) -> fmt::Result {
        for c in string.chars() {
            match c {
                '"' => dest.write_str("\\\"")?,
                '\\' => dest.write_str("\\\\")?,
                '\n' => dest.write_str("\\n")?,
                c if c.is_control() || c == '\u{2028}' || c == '\u{2029}' => {
                    dest.write_char(' ')?
                }
                c => dest.write_char(c)?,
            }
        }
        Ok(())
    }
}

#[derive(Template)]
#[template(path = "chart.dot")]
struct DotChart<'a> {
    id: &'a str,
    title: String,
    nodes: Vec<DotNode<'a>>,
    edges: Vec<DotEdge<'a>>,
}

struct DotNode<'a> {
    id: &'a str,
    style: &'static str,
    label: String,
}

struct DotEdge<'a> {
    from: &'a str,
    to: &'a str,
    label: Option<String>,
}

/// Widest line of box text, in characters.
const BOX_WIDTH: usize = 30;
/// Widest line of an answer label.
const LABEL_WIDTH: usize = 18;

/// The chart as DOT source.
pub fn render(chart: &Chart, cx: &Context) -> anyhow::Result<String> {
    let mut title = chart.title.clone();
    if let Some(law) = chart.main_law() {
        title.push_str(&format!("\nLaw {law}: {}", law_title(chart, law)));
    }
    let nodes = chart.nodes().map(|(_, n)| dot_node(n, cx)).collect();
    let mut edges = Vec::new();
    for (from, node) in chart.nodes() {
        for (label, to) in chart.outgoing(from) {
            edges.push(DotEdge {
                from: &node.id,
                to: &chart.graph[to].id,
                label: label.map(|l| wrap(l, LABEL_WIDTH)),
            });
        }
    }
    let page = DotChart {
        id: &chart.id,
        title,
        nodes,
        edges,
    };
    Ok(page.render()?)
}

fn dot_node<'a>(node: &'a Node, cx: &Context) -> DotNode<'a> {
    let mut label = wrap(&to_plain(&node.text), BOX_WIDTH);
    let laws = clause_line(&node.law);
    if !laws.is_empty() {
        label.push_str("\n\n");
        label.push_str(&wrap(&laws, BOX_WIDTH));
    }
    if let Some(to) = &node.then {
        let (title, _) = handover_target(cx.charts, to);
        label.push_str("\n\n");
        label.push_str(&wrap(&format!("Continue: {title}"), BOX_WIDTH));
    }
    DotNode {
        id: &node.id,
        style: style(node),
        label,
    }
}

fn style(node: &Node) -> &'static str {
    match (node.kind, node.then.is_some()) {
        (NodeKind::Question, _) => "shape=hexagon, style=\"filled,bold\", fillcolor=\"#fff3c4\"",
        (NodeKind::Step, _) => "shape=box, style=filled, fillcolor=\"#ffffff\"",
        (NodeKind::Ruling, false) => {
            "shape=box, peripheries=2, style=filled, fillcolor=\"#dcefdc\""
        }
        (NodeKind::Ruling, true) => {
            "shape=cds, style=filled, fillcolor=\"#dde7fa\", margin=\"0.3,0.1\""
        }
    }
}

/// Greedy word wrap to `width` characters; a longer word gets a line alone.
pub fn wrap(text: &str, width: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let fits = line.chars().count() + 1 + word.chars().count() <= width;
        if !line.is_empty() && !fits {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use askama::filters::Escaper;

    fn escaped(text: &str) -> String {
        let mut out = String::new();
        DotString.write_escaped_str(&mut out, text).unwrap();
        out
    }

    #[test]
    fn dot_strings_escape_quotes_backslashes_and_line_breaks() {
        assert_eq!(escaped("a \"b\" \\N\nc\r\u{7}"), "a \\\"b\\\" \\\\N\\nc  ");
    }

    #[test]
    fn words_wrap_at_the_width() {
        assert_eq!(wrap("one two three four", 9), "one two\nthree\nfour");
        assert_eq!(wrap("unbreakableword x", 5), "unbreakableword\nx");
    }
}
