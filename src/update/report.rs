//! `impact`'s findings as text, Markdown or JSON: one row per node (or
//! chart `laws`), in the charts' file order and the nodes' written order.

use super::impact::{ClauseImpact, Hit, MapImpact};
use super::migrate::Plan;
use crate::markdown::escape_text;

/// The citations of a hit, with their notes: `16B1 [was 16A1 in 2007]`.
fn cites(hit: &Hit) -> String {
    let shown: Vec<String> = hit
        .cites
        .iter()
        .map(|c| match &c.note {
            Some(note) => format!("{} [{note}]", c.clause),
            None => c.clause.clone(),
        })
        .collect();
    shown.join(", ")
}

/// Rows of text, each column padded to its widest cell (the last is not).
fn table(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut widths = vec![0; columns];
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    for row in rows {
        let mut line = String::from(" ");
        for (i, cell) in row.iter().enumerate() {
            let pad = if i + 1 == row.len() {
                0
            } else {
                widths[i] - cell.chars().count()
            };
            line.push_str(&format!(" {cell}{} ", " ".repeat(pad)));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// A hit as a row: chart, node (`-` for the chart's `laws`), kind, cites, text.
fn row(hit: &Hit) -> Vec<String> {
    vec![
        hit.chart.clone(),
        hit.node.clone().unwrap_or_else(|| "-".into()),
        hit.kind.to_string(),
        cites(hit),
        hit.text.clone(),
    ]
}

fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A search's hits chart by chart, in file order (the order charts are
/// read in): the chart's own `laws` first, then its nodes.
fn by_chart(found: &ClauseImpact) -> Vec<&Hit> {
    let mut order: Vec<&str> = found
        .nodes
        .iter()
        .chain(&found.charts)
        .map(|h| h.file.as_str())
        .collect();
    order.sort_unstable();
    order.dedup();
    let mut hits = Vec::new();
    for file in order {
        hits.extend(found.charts.iter().filter(|h| h.file == file));
        hits.extend(found.nodes.iter().filter(|h| h.file == file));
    }
    hits
}

/// The clause searches as text.
pub fn clauses_text(found: &[ClauseImpact]) -> String {
    let mut out = String::new();
    for (i, c) in found.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&format!(
            "{} (Law {}: {}): cited by {}; named in the `laws` of {}\n",
            c.clause,
            c.law,
            c.title,
            count(c.nodes.len(), "node", "nodes"),
            count(c.charts.len(), "chart", "charts")
        ));
        let rows: Vec<Vec<String>> = by_chart(c).into_iter().map(row).collect();
        out.push_str(&table(&rows));
    }
    out
}

/// The clause searches as Markdown: a heading and a table per clause.
pub fn clauses_md(found: &[ClauseImpact]) -> String {
    let mut out = String::new();
    for c in found {
        out.push_str(&format!(
            "## {} — Law {}: {}\n\n",
            escape_text(&c.clause),
            c.law,
            escape_text(&c.title)
        ));
        out.push_str(&md_table(by_chart(c).into_iter(), "Nothing cites it."));
    }
    out
}

fn md_table<'a>(hits: impl Iterator<Item = &'a Hit>, empty: &str) -> String {
    let mut out =
        String::from("| chart | node | kind | cites | text |\n| --- | --- | --- | --- | --- |\n");
    let mut any = false;
    for hit in hits {
        any = true;
        let cells: Vec<String> = row(hit).iter().map(|cell| escape_text(cell)).collect();
        out.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
    if !any {
        return format!("{empty}\n\n");
    }
    out.push('\n');
    out
}

/// The clause searches as JSON.
pub fn clauses_json(found: &[ClauseImpact]) -> String {
    serde_json::to_string_pretty(found).expect("impact serialises") + "\n"
}

/// What a map touches, as text: a heading per group, then its rows.
pub fn map_text(found: &MapImpact) -> String {
    let mut out = format!(
        "{}: the {} Laws to the {} Laws, over {} following either\n",
        found.map,
        found.from,
        found.to,
        count(found.charts, "chart", "charts")
    );
    for (name, hits) in found.groups() {
        if hits.is_empty() && name == "not in the map" {
            continue;
        }
        out.push_str(&format!(
            "\n{name}: {}\n",
            count(hits.len(), "citing node or chart", "citing nodes or charts")
        ));
        out.push_str(&two_line_table(hits));
    }
    out
}

/// Hits as a table of chart, node, kind and text, each row followed by an
/// indented line of its citations (which can be long: a chart's `laws`).
fn two_line_table(hits: &[Hit]) -> String {
    let rows: Vec<Vec<String>> = hits
        .iter()
        .map(|h| {
            let mut cells = row(h);
            cells.remove(3);
            cells
        })
        .collect();
    let table = table(&rows);
    let mut out = String::new();
    for (line, hit) in table.lines().zip(hits) {
        out.push_str(&format!("{line}\n      {}\n", cites(hit)));
    }
    out
}

/// What a map touches, as Markdown.
pub fn map_md(found: &MapImpact) -> String {
    let mut out = format!(
        "# {}: the {} Laws to the {} Laws\n\n",
        escape_text(&found.map),
        found.from,
        found.to
    );
    for (name, hits) in found.groups() {
        if hits.is_empty() && name == "not in the map" {
            continue;
        }
        out.push_str(&format!("## {}\n\n", escape_text(name)));
        out.push_str(&md_table(hits.iter(), "None."));
    }
    out
}

/// What a map touches, as JSON.
pub fn map_json(found: &MapImpact) -> String {
    serde_json::to_string_pretty(found).expect("impact serialises") + "\n"
}

/// A migration plan as text: per chart, the edition line, the citations
/// rewritten and the nodes to review.
pub fn plan_text(plan: &Plan, written: bool) -> String {
    let mut out = format!(
        "migrate: the {} Laws to the {} Laws with {}\n",
        plan.from, plan.to, plan.map
    );
    for chart in &plan.charts {
        out.push_str(&format!("\n{} ({})\n", chart.file, chart.chart));
        out.push_str(&format!("  edition: {} -> {}\n", plan.from, plan.to));
        if !chart.rewrites.is_empty() {
            let n = chart.rewrites.len();
            out.push_str(&format!(
                "  {}:\n",
                count(n, "citation to rewrite", "citations to rewrite")
            ));
            let rows: Vec<Vec<String>> = chart
                .rewrites
                .iter()
                .map(|r| {
                    vec![
                        format!("{}:{}", r.line, r.column),
                        r.node.clone().unwrap_or_else(|| "laws".into()),
                        format!("{} -> {}", r.old, r.new),
                    ]
                })
                .collect();
            out.push_str(&indent(&table(&rows)));
        }
        if !chart.review.is_empty() {
            let n = chart.review.len();
            out.push_str(&format!(
                "  {}:\n",
                count(n, "node to review", "nodes to review")
            ));
            let rows: Vec<Vec<String>> =
                chart.review.iter().map(|h| row(h)[1..].to_vec()).collect();
            out.push_str(&indent(&table(&rows)));
        }
    }
    for (chart, edition) in &plan.other {
        out.push_str(&format!(
            "\n{chart}: follows the {edition} Laws, left as it is\n"
        ));
    }
    let verb = if written { "rewrote" } else { "would rewrite" };
    out.push_str(&format!(
        "\n{}: {verb} {}; {}\n",
        count(plan.charts.len(), "chart", "charts"),
        count(plan.rewrite_count(), "citation", "citations"),
        count(plan.review_count(), "node to review", "nodes to review"),
    ));
    if !written {
        out.push_str("nothing written: `--write` rewrites the chart files\n");
    }
    out
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("  {l}\n")).collect()
}
