//! A Mermaid flowchart of a chart, for the Markdown output (GitHub and GitLab
//! draw it). Node names are `n1`, `n2`... (never a chart's ids: `end` and
//! the like are Mermaid keywords) and every label is entity-encoded, so no
//! chart text can end a label, start a statement or close the code fence.

use crate::chart::{Chart, Node, NodeKind};
use crate::markdown::to_plain;

use super::{Context, clause_line, handover_target};

/// The flowchart source, without the fence.
pub fn flowchart(chart: &Chart, cx: &Context) -> String {
    let names: Vec<_> = chart.nodes().map(|(i, _)| i).collect();
    let name = |i| {
        let at = names
            .iter()
            .position(|&n| n == i)
            .expect("a node of the chart");
        format!("n{}", at + 1)
    };
    let mut lines = vec!["flowchart TD".to_string()];
    for (i, node) in chart.nodes() {
        lines.push(format!("  {}{}", name(i), shape(node, cx)));
    }
    for (from, _) in chart.nodes() {
        for (label, to) in chart.outgoing(from) {
            let arrow = match label {
                Some(l) => format!("-->|\"{}\"|", encode(l)),
                None => "-->".to_string(),
            };
            lines.push(format!("  {} {arrow} {}", name(from), name(to)));
        }
    }
    lines.extend(class_lines(chart, &name));
    lines.join("\n")
}

fn shape(node: &Node, cx: &Context) -> String {
    let mut text = encode(&to_plain(&node.text));
    let laws = clause_line(&node.law);
    if !laws.is_empty() {
        text = format!("{text}<br/><i>{}</i>", encode(&laws));
    }
    if let Some(to) = &node.then {
        let (title, _) = handover_target(cx.charts, to);
        text = format!("{text}<br/>Continue: {}", encode(&title));
    }
    let (open, close) = match (node.kind, node.then.is_some()) {
        (NodeKind::Question, _) => ("{{", "}}"),
        (NodeKind::Step, _) => ("[", "]"),
        (NodeKind::Ruling, false) => ("([", "])"),
        (NodeKind::Ruling, true) => (">", "]"),
    };
    format!("{open}\"{text}\"{close}")
}

fn class_of(node: &Node) -> &'static str {
    match (node.kind, node.then.is_some()) {
        (NodeKind::Ruling, true) => "handover",
        (kind, _) => kind.name(),
    }
}

fn class_lines(
    chart: &Chart,
    name: &dyn Fn(petgraph::stable_graph::NodeIndex) -> String,
) -> Vec<String> {
    let styles = [
        (
            "question",
            "fill:#fff3c4,stroke:#1b1b1b,stroke-width:2px,color:#1b1b1b",
        ),
        ("step", "fill:#ffffff,stroke:#1b1b1b,color:#1b1b1b"),
        (
            "ruling",
            "fill:#dcefdc,stroke:#1b1b1b,stroke-width:3px,color:#1b1b1b",
        ),
        ("handover", "fill:#dde7fa,stroke:#1b1b1b,color:#1b1b1b"),
    ];
    let mut lines = Vec::new();
    for (class, style) in styles {
        let members: Vec<String> = chart
            .nodes()
            .filter(|(_, n)| class_of(n) == class)
            .map(|(i, _)| name(i))
            .collect();
        if !members.is_empty() {
            lines.push(format!("  classDef {class} {style}"));
            lines.push(format!("  class {} {class}", members.join(",")));
        }
    }
    lines
}

/// Text for inside a Mermaid `"..."` label: letters, digits, spaces, common
/// punctuation and non-ASCII letters stay; everything else (quotes, `#`,
/// `<`, backticks, brackets, pipes, line breaks) becomes a `#NN;` entity.
pub fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let plain = c.is_ascii_alphanumeric()
            || " ,.?!'()-/:+=".contains(c)
            || (!c.is_ascii() && !c.is_control() && !matches!(c, '\u{2028}' | '\u{2029}'));
        if plain {
            out.push(c);
        } else if c.is_control() {
            out.push(' ');
        } else {
            out.push_str(&format!("#{};", u32::from(c)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_cannot_close_a_quote_a_shape_or_the_fence() {
        assert_eq!(
            encode("a \"b\"] --> c ```x``` #1; <b>|"),
            "a #34;b#34;#93; --#62; c #96;#96;#96;x#96;#96;#96; #35;1#59; #60;b#62;#124;"
        );
        assert_eq!(encode("♠K\nnext"), "♠K next");
    }
}
