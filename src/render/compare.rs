//! Our drawing of a chart measured beside Graphviz's drawing of the same
//! chart (from our DOT output), by the same rules: the numbers
//! `scripts/compare-layouts` prints and the layout-quality test checks.

use crate::chart::Chart;
use crate::layout::{self, Layout, LayoutOptions, Quality, RoutedEdge, quality};

use super::{Context, drawing, graphviz};

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
    /// Graphviz's drawing, when Graphviz was asked for and is installed.
    pub graphviz: Option<Quality>,
}

/// Measure our drawing of `chart` and, if `with_graphviz`, Graphviz's.
pub fn compare(chart: &Chart, cx: &Context, with_graphviz: bool) -> anyhow::Result<Comparison> {
    let ours = drawing::chart_layout(chart, cx.charts);
    let graphviz = match with_graphviz {
        true => {
            let mut theirs = graphviz::chart_layout(chart, cx)?;
            in_order_of(&mut theirs, &ours);
            Some(quality(&theirs))
        }
        false => None,
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
