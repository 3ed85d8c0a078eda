//! Our drawing of a chart measured beside Graphviz's drawing of the same
//! chart (from our DOT output), by the same rules: the numbers
//! `scripts/compare-layouts` prints and the layout-quality test checks.
//! Graphviz's measures depend on its version and on the fonts installed, so
//! the test reads them from a file in the repository ([`Stored`], written by
//! `scripts/compare-layouts --store`); a live `dot` only makes a report.

use anyhow::{Context as _, bail};
use serde::{Deserialize, Serialize};

use crate::chart::Chart;
use crate::layout::{self, Layout, LayoutOptions, Quality, RoutedEdge, quality};

use super::{Context, dot, drawing, graphviz};

/// Where the stored Graphviz measures live, from the repository's root.
pub const STORED_PATH: &str = "tests/fixtures/graphviz-measures.json";

/// One chart's drawings, measured.
#[derive(Clone, Debug)]
pub struct Comparison {
    /// The chart id.
    pub id: String,
    /// How many boxes the chart has.
    pub boxes: usize,
    /// Our drawing, as `render --format svg` draws it.
    pub ours: Quality,
    /// Our drawing made to print largest on A4 ([`layout::layout_for_a4`]).
    pub fitted: Quality,
    /// Graphviz's drawing, when it was asked for.
    pub graphviz: Option<Quality>,
}

/// Where Graphviz's measures come from.
#[derive(Clone, Copy, Debug)]
pub enum Theirs<'a> {
    /// Not wanted.
    None,
    /// `dot` run now (it must be installed).
    Live,
    /// The measures stored in the repository; a chart whose DOT has changed
    /// since they were taken is an error.
    Stored(&'a Stored),
}

/// Graphviz's measures of every shipped chart, as stored in the repository.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Stored {
    /// `dot -V` of the Graphviz that measured them (for people; no verdict
    /// depends on it).
    pub graphviz: String,
    /// One entry a chart, in the charts' order.
    pub charts: Vec<StoredChart>,
}

/// Graphviz's measures of one chart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredChart {
    /// The chart id.
    pub id: String,
    /// [`dot_digest`] of the DOT Graphviz was given: another digest means
    /// the chart (or our DOT) has changed since.
    pub dot: String,
    /// What was measured.
    pub quality: Quality,
}

impl Stored {
    /// Reads the stored measures from their JSON text.
    pub fn parse(text: &str) -> anyhow::Result<Stored> {
        serde_json::from_str(text).context("the stored Graphviz measures are not valid")
    }

    /// The JSON text to store, one value a line (so a change reads well in
    /// a diff), ending in a line break.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("the measures are plain data") + "\n"
    }

    /// The measures of `chart` if they were taken of its DOT as it is now.
    fn of(&self, chart: &Chart, cx: &Context) -> anyhow::Result<Quality> {
        let digest = dot_digest(chart, cx)?;
        let how = format!(
            "run `scripts/compare-layouts --store` (it needs Graphviz) and commit `{STORED_PATH}`"
        );
        match self.charts.iter().find(|c| c.id == chart.id) {
            Some(c) if c.dot == digest => Ok(c.quality.clone()),
            Some(_) => bail!(
                "`{}` has changed since Graphviz measured it: {how}",
                chart.id
            ),
            None => bail!("Graphviz has not measured `{}`: {how}", chart.id),
        }
    }
}

/// A short fingerprint of the DOT that Graphviz draws `chart` from
/// (64-bit FNV-1a, as hex): it only has to tell one version of a chart's
/// DOT from another, the same on every machine.
pub fn dot_digest(chart: &Chart, cx: &Context) -> anyhow::Result<String> {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in dot::render(chart, cx)?.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    Ok(format!("{hash:016x}"))
}

/// Measure our drawing of `chart` and, as `theirs` says, Graphviz's.
pub fn compare(chart: &Chart, cx: &Context, theirs: Theirs) -> anyhow::Result<Comparison> {
    let ours = drawing::chart_layout(chart, cx.charts);
    let graphviz = match theirs {
        Theirs::None => None,
        Theirs::Live => Some(live(chart, cx, &ours)?),
        Theirs::Stored(stored) => Some(stored.of(chart, cx)?),
    };
    Ok(Comparison {
        id: chart.id.clone(),
        boxes: ours.boxes.len(),
        ours: quality(&ours),
        fitted: quality(&layout::layout_for_a4(
            &drawing::layout_input(chart, cx.charts),
            &LayoutOptions::default(),
        )),
        graphviz,
    })
}

/// Graphviz's drawing of `chart` now, measured with its edges in the order
/// of `ours`.
fn live(chart: &Chart, cx: &Context, ours: &Layout) -> anyhow::Result<Quality> {
    let mut theirs = graphviz::chart_layout(chart, cx)?;
    in_order_of(&mut theirs, ours);
    Ok(quality(&theirs))
}

/// The measures to store: Graphviz's, now, of every chart in `cx`;
/// `version` is what `dot -V` says.
pub fn measure_for_storing(cx: &Context, version: String) -> anyhow::Result<Stored> {
    let mut charts = Vec::new();
    for chart in &cx.charts.charts {
        let ours = drawing::chart_layout(chart, cx.charts);
        charts.push(StoredChart {
            id: chart.id.clone(),
            dot: dot_digest(chart, cx)?,
            quality: live(chart, cx, &ours)?,
        });
    }
    Ok(Stored {
        graphviz: version,
        charts,
    })
}

/// Put `theirs`' edges in the order of `ours` (Graphviz writes them in an
/// order of its own), matching them by their boxes' ids and their labels;
/// edges not matched go last.
fn in_order_of(theirs: &mut Layout, ours: &Layout) {
    let key = |layout: &Layout, e: &RoutedEdge| {
        let label = e
            .label
            .as_ref()
            .map(|l| l.text.split_whitespace().collect::<Vec<_>>().join(" "));
        (
            layout.boxes[e.from].id.clone(),
            layout.boxes[e.to].id.clone(),
            label,
        )
    };
    let wanted: Vec<_> = ours.edges.iter().map(|e| key(ours, e)).collect();
    let places: Vec<usize> = theirs
        .edges
        .iter()
        .map(|e| {
            let k = key(theirs, e);
            wanted.iter().position(|w| *w == k).unwrap_or(usize::MAX)
        })
        .collect();
    let mut keyed: Vec<(usize, RoutedEdge)> =
        places.into_iter().zip(theirs.edges.drain(..)).collect();
    keyed.sort_by_key(|(at, _)| *at);
    theirs.edges = keyed.into_iter().map(|(_, e)| e).collect();
}

/// The comparison as a Markdown table: ours first in each cell, then
/// Graphviz's; a closing row of totals.
pub fn markdown(rows: &[Comparison]) -> String {
    let mut out = String::from(
        "| chart | boxes | crossings | answers out of order | area (1000 pt²) | aspect (w/h) | A4 text scale | ours fitted to A4 | hard rules |\n\
         | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |\n",
    );
    for row in rows {
        let cell = |f: &dyn Fn(&Quality) -> String| match &row.graphviz {
            Some(theirs) => format!("{} · {}", f(&row.ours), f(theirs)),
            None => f(&row.ours),
        };
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {:.2} | {} |\n",
            row.id,
            row.boxes,
            cell(&|q| q.crossings.to_string()),
            cell(&|q| q.answers_out_of_order.to_string()),
            cell(&|q| format!("{:.0}", q.area / 1000.0)),
            cell(&|q| format!("{:.2}", q.aspect)),
            cell(&|q| format!("{:.2}", q.a4_text_scale)),
            row.fitted.a4_text_scale,
            hard_rules(&row.ours),
        ));
    }
    out.push_str(&totals(rows));
    out
}

/// Boxes overlapping, edges through boxes, labels off their edge, ends detached.
fn hard_rules(q: &Quality) -> String {
    let counts = [
        q.overlapping_boxes,
        q.edges_through_boxes,
        q.labels_off_edge,
        q.detached_ends,
    ];
    counts.map(|c| c.to_string()).join("/")
}

/// Totals of crossings and answers out of order, and how many charts of up
/// to [`SMALL`] boxes print at [`GOOD_SCALE`] or more on A4.
fn totals(rows: &[Comparison]) -> String {
    let sum = |qs: &[&Quality], f: fn(&Quality) -> usize| qs.iter().map(|q| f(q)).sum::<usize>();
    let ours: Vec<&Quality> = rows.iter().map(|r| &r.ours).collect();
    let theirs: Vec<&Quality> = rows.iter().filter_map(|r| r.graphviz.as_ref()).collect();
    let pair = |a: usize, b: usize| match theirs.is_empty() {
        true => a.to_string(),
        false => format!("{a} · {b}"),
    };
    let small: Vec<&Comparison> = rows.iter().filter(|r| r.boxes <= SMALL).collect();
    let good = |f: &dyn Fn(&Comparison) -> Option<&Quality>| {
        let scales = small.iter().filter_map(|r| f(r)).map(|q| q.a4_text_scale);
        scales.filter(|s| *s >= GOOD_SCALE).count()
    };
    format!(
        "| **all {} charts** | | **{}** | **{}** | | | {} of {n} small ≥ {GOOD_SCALE} | {} of {n} | |\n",
        rows.len(),
        pair(sum(&ours, |q| q.crossings), sum(&theirs, |q| q.crossings)),
        pair(
            sum(&ours, |q| q.answers_out_of_order),
            sum(&theirs, |q| q.answers_out_of_order)
        ),
        pair(good(&|r| Some(&r.ours)), good(&|r| r.graphviz.as_ref())),
        good(&|r| Some(&r.fitted)),
        n = small.len(),
    )
}

/// Charts up to this many boxes should print at [`GOOD_SCALE`] on A4.
pub const SMALL: usize = 25;
/// The text scale aimed at for small charts on A4.
pub const GOOD_SCALE: f32 = 0.8;
