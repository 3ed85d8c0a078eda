//! `migrate`: the plan for moving charts from one edition to the next (the
//! citations a map renumbers, the nodes to review), and its writing: the
//! chart files edited at the places the loader recorded, nothing else.

use std::path::PathBuf;

use serde::Serialize;

use super::edit::{Edit, apply};
use super::impact::{Cite, Hit, sort_forward};
use super::map::ChangeMap;
use crate::chart::Chart;
use crate::check::written_clauses;
use crate::diagnostic::Span;
use crate::lawbook::parse_clause;
use crate::load::{self, Source};
use crate::markdown::{collapse_whitespace, to_plain};
use crate::spec::{Clauses, RawChart};

/// One citation to rewrite.
#[derive(Clone, Debug, Serialize)]
pub struct Rewrite {
    /// The node citing it; `None` for the chart's `laws`.
    pub node: Option<String>,
    /// As written now.
    pub old: String,
    /// As it will be written.
    pub new: String,
    /// 1-based line and column of the citation.
    pub line: usize,
    /// Column, in characters.
    pub column: usize,
    #[serde(skip)]
    span: Span,
}

/// What migrating one chart does.
#[derive(Clone, Debug, Serialize)]
pub struct ChartPlan {
    /// The chart id.
    pub chart: String,
    /// Its file, as named.
    pub file: String,
    /// The citations rewritten.
    pub rewrites: Vec<Rewrite>,
    /// Nodes (and the chart's `laws`) citing changed or removed clauses, or
    /// clauses the new edition lacks that the map does not name.
    pub review: Vec<Hit>,
    #[serde(skip)]
    edition: Edit,
    #[serde(skip)]
    path: PathBuf,
    #[serde(skip)]
    text: String,
}

/// The whole plan.
#[derive(Clone, Debug, Serialize)]
pub struct Plan {
    /// The map file.
    pub map: String,
    /// The edition the charts follow now.
    pub from: u32,
    /// The edition they will follow.
    pub to: u32,
    /// Each chart following `from`, in file order.
    pub charts: Vec<ChartPlan>,
    /// Charts left alone because they follow another edition: (id, edition).
    pub other: Vec<(String, u32)>,
}

/// The plan for `charts` (checked, with their files' text in `sources`).
pub fn plan(
    charts: &[Chart],
    sources: &crate::diagnostic::Sources,
    files: &[PathBuf],
    map: &ChangeMap,
) -> anyhow::Result<Plan> {
    let mut plan = Plan {
        map: map.file.clone(),
        from: map.from_year(),
        to: map.to_year(),
        charts: Vec::new(),
        other: Vec::new(),
    };
    for chart in charts {
        if chart.edition != plan.from {
            plan.other.push((chart.id.clone(), chart.edition));
            continue;
        }
        let text = sources.get(&chart.file).cloned().unwrap_or_default();
        let path = files
            .iter()
            .find(|p| p.display().to_string() == chart.file)
            .cloned()
            .unwrap_or_else(|| PathBuf::from(&chart.file));
        plan.charts.push(chart_plan(chart, path, text, map)?);
    }
    Ok(plan)
}

fn chart_plan(
    chart: &Chart,
    path: PathBuf,
    text: String,
    map: &ChangeMap,
) -> anyhow::Result<ChartPlan> {
    let source = Source {
        name: chart.file.clone(),
        path: path.clone(),
        text,
    };
    let raw: RawChart = load::parse(&source).map_err(|d| {
        anyhow::anyhow!(
            "`{}` no longer reads as it did when checked: {}",
            chart.file,
            d.message
        )
    })?;
    let mut plan = ChartPlan {
        chart: chart.id.clone(),
        file: chart.file.clone(),
        rewrites: Vec::new(),
        review: Vec::new(),
        edition: edition_edit(&source, &raw, map.to_year())?,
        path,
        text: String::new(),
    };
    let own = raw.laws.as_ref().map(|l| (None, l));
    let nodes = raw
        .nodes
        .iter()
        .flat_map(|n| n.value.0.iter())
        .filter_map(|(key, node)| node.law.as_ref().map(|l| (Some(key.value.as_str()), l)));
    for (node, written) in own.into_iter().chain(nodes) {
        citations(&mut plan, chart, &source.text, node, written, map);
    }
    plan.text = source.text;
    Ok(plan)
}

/// Sorts one `law`/`laws` value's clauses into rewrites and reviews.
fn citations(
    plan: &mut ChartPlan,
    chart: &Chart,
    text: &str,
    node: Option<&str>,
    written: &serde_saphyr::Spanned<Clauses>,
    map: &ChangeMap,
) {
    let mut notes = Vec::new();
    for (clause_text, span) in written_clauses(text, written) {
        let (Ok(clause), Some(span)) = (parse_clause(clause_text.trim()), span) else {
            continue;
        };
        let fate = map.forward(&clause);
        if let (Some(_), Some(now)) = (&fate.renumbered, &fate.now)
            && *now != clause
        {
            plan.rewrites.push(Rewrite {
                node: node.map(String::from),
                old: clause_text.trim().to_string(),
                new: now.to_string(),
                line: span.line,
                column: span.column,
                span,
            });
        }
        let sorted = sort_forward(map, &clause);
        let why: Vec<String> = [sorted.changed, sorted.removed, sorted.unaccounted]
            .into_iter()
            .flatten()
            .collect();
        if !why.is_empty() {
            notes.push(Cite {
                clause: clause.to_string(),
                note: Some(why.join("; ")),
            });
        }
    }
    if notes.is_empty() {
        return;
    }
    let found = node.and_then(|id| chart.node(id)).map(|i| &chart.graph[i]);
    plan.review.push(Hit {
        chart: chart.id.clone(),
        file: chart.file.clone(),
        node: found.map(|n| n.id.clone()),
        kind: found.map_or("laws", |n| n.kind.name()),
        text: found.map_or_else(
            || chart.title.clone(),
            |n| collapse_whitespace(&to_plain(&n.text)),
        ),
        cites: notes,
    });
}

/// The `edition:` value replaced, or a line `edition: E` added before the
/// top-level `laws:` key when the chart has none.
fn edition_edit(source: &Source, raw: &RawChart, to: u32) -> anyhow::Result<Edit> {
    if let Some(written) = &raw.edition {
        let span = load::span_of(&written.referenced, &source.text);
        return Ok(Edit::replace(span.start, span.end, to.to_string()));
    }
    let mut offset = 0;
    for line in source.text.split_inclusive('\n') {
        if line.starts_with("laws:") || line.starts_with("laws :") {
            return Ok(Edit::replace(offset, offset, format!("edition: {to}\n")));
        }
        offset += line.len();
    }
    anyhow::bail!(
        "cannot find the top-level `laws:` line of `{}` to add `edition: {to}` before it; add an `edition:` line by hand",
        source.name
    )
}

impl ChartPlan {
    /// The chart's new text, or why a citation cannot be rewritten in place.
    pub fn new_text(&self) -> anyhow::Result<String> {
        let mut edits = vec![self.edition.clone()];
        for r in &self.rewrites {
            edits.push(Edit::clause(
                &self.text, &self.file, r.span, &r.old, &r.new,
            )?);
        }
        apply(&self.text, edits).map_err(|e| anyhow::anyhow!("cannot migrate `{}`: {e}", self.file))
    }

    /// Where the chart file is.
    pub fn path(&self) -> &std::path::Path {
        &self.path
    }
}

impl Plan {
    /// How many citations are rewritten, in all.
    pub fn rewrite_count(&self) -> usize {
        self.charts.iter().map(|c| c.rewrites.len()).sum()
    }

    /// How many nodes (or chart `laws`) are to be reviewed, in all.
    pub fn review_count(&self) -> usize {
        self.charts.iter().map(|c| c.review.len()).sum()
    }
}
