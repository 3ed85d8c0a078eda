//! Markdown output (`md/<chart>.md`, `md/index.md`): the logic as nested
//! lists that read with no picture, the law clauses linked, the worked
//! examples, and a Mermaid block that GitHub and GitLab draw. Chart text is
//! rewritten by `markdown::to_markdown`, plain strings escaped by the `.md`
//! escaper; the list structure is built here, not in the template.

use std::collections::HashMap;

use askama::Template;
use petgraph::stable_graph::NodeIndex;

use crate::chart::{Chart, Node, NodeKind};
use crate::markdown::{escape_text, link_target, to_markdown, to_plain};

use super::{Context, LawGroup, Period, handover_target, law_groups, law_ref, mermaid};

#[derive(Template)]
#[template(path = "chart.md")]
struct ChartMd<'a> {
    title: &'a str,
    laws: Vec<LawGroup>,
    summary: Option<String>,
    situations: &'a [String],
    logic: String,
    mermaid: String,
    examples: Vec<ExampleMd>,
    edition: u32,
    date: Option<String>,
}

struct ExampleMd {
    number: usize,
    indent: String,
    situation: String,
    path: Vec<(String, String)>,
    ruling: String,
}

/// The Markdown page of one chart.
pub fn chart(chart: &Chart, cx: &Context) -> anyhow::Result<String> {
    let page = ChartMd {
        title: &chart.title,
        laws: law_groups(chart, cx.config)
            .into_iter()
            .map(link_targets)
            .collect(),
        summary: chart.summary.as_deref().map(|s| to_markdown(s, "")),
        situations: &chart.situations,
        logic: Logic::new(chart, cx).write(),
        mermaid: mermaid::flowchart(chart, cx),
        examples: examples(chart),
        edition: chart.edition,
        date: cx.date.clone(),
    };
    Ok(page.render()? + "\n")
}

/// Law links made safe for a Markdown `(...)` target.
fn link_targets(mut group: LawGroup) -> LawGroup {
    group.href = link_target(&group.href);
    for c in &mut group.clauses {
        c.href = link_target(&c.href);
    }
    group
}

fn examples(chart: &Chart) -> Vec<ExampleMd> {
    chart
        .examples
        .iter()
        .enumerate()
        .map(|(i, example)| {
            let indent = " ".repeat(format!("{}. ", i + 1).len());
            let (route, _) = chart.follow_from(chart.start, &example.answers);
            let path = route
                .visits
                .iter()
                .filter_map(|(at, label)| {
                    let label = label.as_ref()?;
                    Some((to_plain(&chart.graph[*at].text), label.clone()))
                })
                .collect();
            let ruling = chart
                .node(&example.ruling)
                .map(|i| to_markdown(&chart.graph[i].text, &indent))
                .unwrap_or_default();
            ExampleMd {
                number: i + 1,
                situation: to_markdown(&example.situation, &indent),
                indent,
                path,
                ruling,
            }
        })
        .collect()
}

/// The decision logic as nested lists: each answer an item holding the node
/// it leads to; a node met again is a "go to step N" line, so shared
/// branches are written once.
struct Logic<'a> {
    chart: &'a Chart,
    cx: &'a Context<'a>,
    numbers: HashMap<NodeIndex, usize>,
    out: String,
}

impl<'a> Logic<'a> {
    fn new(chart: &'a Chart, cx: &'a Context<'a>) -> Self {
        Logic {
            chart,
            cx,
            numbers: HashMap::new(),
            out: String::new(),
        }
    }

    fn write(mut self) -> String {
        self.node(self.chart.start, "", 0);
        self.out.trim_end().to_string()
    }

    /// Writes the item for `at`, introduced by `lead` (an answer), at `depth`.
    fn node(&mut self, at: NodeIndex, lead: &str, depth: usize) {
        let pad = "  ".repeat(depth);
        if let Some(n) = self.numbers.get(&at) {
            let text = escape_text(&to_plain(&self.chart.graph[at].text));
            self.out
                .push_str(&format!("{pad}- {lead}go to step {n}: {text}\n"));
            return;
        }
        let number = self.numbers.len() + 1;
        self.numbers.insert(at, number);
        let node = &self.chart.graph[at];
        let inner = format!("{pad}  ");
        let text = to_markdown(&node.text, &inner);
        let kind = match node.kind {
            NodeKind::Question => "",
            NodeKind::Step => " Do:",
            NodeKind::Ruling => " Ruling:",
        };
        self.out
            .push_str(&format!("{pad}- {lead}**{number}.{kind}** {text}\n"));
        self.details(node, &inner);
        self.children(at, depth);
    }

    fn details(&mut self, node: &Node, inner: &str) {
        if !node.law.is_empty() {
            let links: Vec<String> = node
                .law
                .iter()
                .map(|c| {
                    let r = law_ref(c, self.chart, self.cx.config);
                    format!("[{}]({})", r.clause, link_target(&r.href))
                })
                .collect();
            self.para(inner, &format!("*Law {}*", links.join(", ")));
        }
        if let Some(note) = &node.note {
            self.para(inner, &format!("Note: {}", to_markdown(note, inner)));
        }
        if let Some(say) = &node.say {
            let quote = format!("{inner}> ");
            self.para(inner, "Say to the players:");
            self.para(inner, &format!("> {}", to_markdown(say, &quote)));
        }
        if let Some(to) = &node.then {
            let (title, at) = handover_target(self.cx.charts, to);
            let mut line = format!("Continue in [{}]({}.md)", escape_text(&title), to.chart);
            if let Some(text) = at {
                line.push_str(&format!(" at: {}", escape_text(&text)));
            }
            self.para(inner, &line);
        }
    }

    fn para(&mut self, inner: &str, text: &str) {
        self.out.push_str(&format!("\n{inner}{text}\n"));
    }

    fn children(&mut self, at: NodeIndex, depth: usize) {
        let outgoing = self.chart.outgoing(at);
        if outgoing.is_empty() {
            return;
        }
        self.out.push('\n');
        for (label, to) in outgoing {
            let lead = match label {
                Some(l) => format!("*{}* → ", escape_text(l)),
                None => "Then → ".to_string(),
            };
            self.node(to, &lead, depth + 1);
        }
    }
}

#[derive(Template)]
#[template(path = "index.md")]
struct IndexMd<'a> {
    title: &'a str,
    club: Option<&'a str>,
    edition: u32,
    date: Option<String>,
    groups: Vec<IndexGroupMd<'a>>,
}

struct IndexGroupMd<'a> {
    title: &'static str,
    charts: Vec<IndexEntryMd<'a>>,
}

struct IndexEntryMd<'a> {
    id: &'a str,
    title: &'a str,
    main: String,
    also: String,
    /// The chart's edition, when it is not the site's.
    edition: Option<u32>,
    situations: String,
}

/// The Markdown index of every chart, grouped by period.
pub fn index(cx: &Context) -> anyhow::Result<String> {
    let groups = Period::ALL
        .iter()
        .map(|&period| IndexGroupMd {
            title: period.title(),
            charts: super::charts_of(cx.charts, period)
                .into_iter()
                .map(|c| index_entry(c, cx))
                .collect(),
        })
        .filter(|g| !g.charts.is_empty())
        .collect();
    let page = IndexMd {
        title: &cx.config.title,
        club: cx.config.club.as_deref(),
        edition: super::site_edition(cx),
        date: cx.date.clone(),
        groups,
    };
    Ok(page.render()? + "\n")
}

fn index_entry<'a>(chart: &'a Chart, cx: &Context) -> IndexEntryMd<'a> {
    let groups = law_groups(chart, cx.config);
    let main = groups
        .first()
        .map(|g| format!("Law {} ({})", g.number, g.title))
        .unwrap_or_default();
    IndexEntryMd {
        id: &chart.id,
        title: &chart.title,
        main,
        also: super::also_laws(&groups),
        edition: super::other_edition(chart, cx),
        situations: chart.situations.join("; "),
    }
}
