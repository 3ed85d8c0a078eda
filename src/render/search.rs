//! The site's search data: one record per chart, its fields in the order
//! search ranks them (title and situations, then laws, then text), written
//! as `assets/search-data.js`, a classic script (it loads from a page
//! opened from disk, where a fetched JSON file would not) that the search
//! library indexes in the browser. Chart text is only ever a JSON string
//! here, and the page shows results with `textContent`: it stays text.

use std::collections::HashMap;

use serde::Serialize;

use crate::chart::Chart;
use crate::markdown::{collapse_whitespace, to_plain};

use super::{Context, law_groups};

/// The file name under `site/assets/`.
pub const FILE: &str = "search-data.js";

/// MiniSearch 7.2.0 (MIT), vendored unmodified: see `assets/search/`.
pub const MINISEARCH_JS: &str = include_str!("../../assets/search/minisearch.js");
const STEMMER_MODULE: &str = include_str!("../../assets/search/stemmer.js");
/// The licences of the two, shipped beside them.
pub const LICENCES: &str = concat!(
    "MiniSearch (assets/minisearch.js):\n\n",
    include_str!("../../assets/search/LICENSE-minisearch.txt"),
    "\n\nstemmer (assets/stemmer.js):\n\n",
    include_str!("../../assets/search/LICENSE-stemmer.txt"),
);

/// The Porter stemmer (`stemmer` 2.0.1, MIT) as a classic script: the
/// vendored file is an ES module, which a page opened from disk cannot
/// load, so it is wrapped in a function that hands `stemmer` to the page.
pub fn stemmer_js() -> String {
    let body = STEMMER_MODULE.replacen("export function stemmer(", "function stemmer(", 1);
    format!(
        "// stemmer 2.0.1 (MIT), see LICENSE-search.txt\n(function () {{\n{body}\nwindow.lawchartsStemmer = stemmer;\n}})();\n"
    )
}

/// One chart as search sees it.
#[derive(Serialize)]
struct Record<'a> {
    /// The chart id: its page is `<id>.html`.
    id: &'a str,
    title: &'a str,
    /// The situations a director meets, and the summary.
    situations: String,
    /// "Law 64 Procedure after Establishment of a Revoke 64A1 …", for each law.
    laws: String,
    /// The main law's number, and every law's number, for "27" or "Law 64".
    main: Option<u8>,
    numbers: Vec<u8>,
    /// The chart only goes on from others of its main law (every chart
    /// handing over into it has that main law, as law-64-several-revokes
    /// goes on from law-64-revoke), so "Law 64" lists it after the law's
    /// first chart.
    continues: bool,
    /// The questions, steps, rulings and answers (not notes: they doubled
    /// the data for no better ranking, docs/search.md).
    text: String,
    /// What the results list shows under the title.
    line: String,
}

/// `assets/search-data.js` for every chart in `cx`, in the index's order.
pub fn data_js(cx: &Context) -> String {
    let mains: HashMap<&str, Option<u8>> = cx
        .charts
        .charts
        .iter()
        .map(|chart| (chart.id.as_str(), main_law(chart, cx)))
        .collect();
    let records: Vec<Record> = cx
        .charts
        .charts
        .iter()
        .map(|chart| record(chart, cx, continues(chart, cx, &mains)))
        .collect();
    let json = serde_json::to_string(&records).expect("search records serialise");
    format!(
        "// lawcharts search data: one record per chart.\nwindow.lawchartsSearchData = {json};\n"
    )
}

fn main_law(chart: &Chart, cx: &Context) -> Option<u8> {
    law_groups(chart, cx.config).first().map(|g| g.number)
}

/// Whether every other chart that hands over into `chart` has its main law
/// (and at least one does).
fn continues(chart: &Chart, cx: &Context, mains: &HashMap<&str, Option<u8>>) -> bool {
    let main = mains[chart.id.as_str()];
    let mut from = cx.charts.charts.iter().filter(|other| {
        other.id != chart.id
            && other
                .nodes()
                .any(|(_, node)| node.then.as_ref().is_some_and(|h| h.chart == chart.id))
    });
    let first = from.next();
    main.is_some()
        && first.is_some_and(|c| mains[c.id.as_str()] == main)
        && from.all(|c| mains[c.id.as_str()] == main)
}

fn record<'a>(chart: &'a Chart, cx: &Context, continues: bool) -> Record<'a> {
    let groups = law_groups(chart, cx.config);
    let laws = groups
        .iter()
        .map(|g| {
            let clauses: Vec<&str> = g.clauses.iter().map(|c| c.clause.as_str()).collect();
            format!("Law {} {} {}", g.number, g.title, clauses.join(" "))
        })
        .collect::<Vec<_>>()
        .join(" · ");
    let mut situations = chart.situations.join(" · ");
    if let Some(summary) = &chart.summary {
        situations.push_str(" · ");
        situations.push_str(&to_plain(summary));
    }
    let line = match groups.first() {
        Some(g) => format!("Law {} {}", g.number, g.title),
        None => String::new(),
    };
    Record {
        id: &chart.id,
        title: &chart.title,
        situations: collapse_whitespace(&situations),
        laws: collapse_whitespace(&laws),
        main: groups.first().map(|g| g.number),
        numbers: groups.iter().map(|g| g.number).collect(),
        continues,
        text: collapse_whitespace(&text_of(chart)),
        line,
    }
}

/// The box text and answer labels of the chart's steps.
fn text_of(chart: &Chart) -> String {
    let mut boxes = Vec::new();
    for (at, node) in chart.nodes() {
        boxes.push(to_plain(&node.text));
        boxes.extend(
            chart
                .outgoing(at)
                .into_iter()
                .filter_map(|(label, _)| label.map(str::to_string)),
        );
    }
    boxes.join(" ")
}
