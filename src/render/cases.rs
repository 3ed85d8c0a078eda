//! The site's "Every case" list, compact: each question and step is
//! written once, in a numbered key, and each route is the numbers with the
//! answers taken, then its ruling. Routes multiply with every merge in a
//! chart, so a list too long for the chart's page goes on a page of its
//! own (`<chart-id>.cases.html`), and one too long even for that is not
//! written at all (`lawcharts paths` lists it).

use std::rc::Rc;

use crate::chart::Chart;
use crate::paths::{self, Route};

/// The most bytes the list of routes may take on a chart's page (about a
/// quarter of the 200 KB page budget held by `tests/cli/weight.rs`).
const IN_PAGE_BUDGET: usize = 48 * 1024;
/// The most bytes it may take on a page of its own.
const OWN_PAGE_BUDGET: usize = 160 * 1024;

/// Where a chart's routes are listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// In the chart's page.
    InPage,
    /// On a page of their own, [`page_name`].
    OwnPage,
    /// Nowhere: too many to read.
    Nowhere,
}

/// The file name of a chart's own page of cases (a chart id has no dot, so
/// it is never another chart's page).
pub fn page_name(chart_id: &str) -> String {
    format!("{chart_id}.cases.html")
}

/// The "Every case" section of a chart's page.
pub struct CasesView {
    /// How many routes the chart has (`None`: more than `paths::MAX_ROUTES`).
    pub total: Option<usize>,
    /// The questions and steps that routes pass, numbered from 1 in order.
    pub key: Vec<KeyEntry>,
    /// Every route.
    pub list: Vec<CaseView>,
}

/// One question or step of the key.
pub struct KeyEntry {
    /// Its node id (the step's anchor is `step-<id>`).
    pub node: Rc<str>,
    /// Its text, plain.
    pub text: Rc<str>,
}

/// One route: its stops as `1 No → 4 Yes → 9`, then the ruling.
pub struct CaseView {
    /// The stops by number, with the answer taken at each question.
    pub path: String,
    /// The ruling's node id.
    pub ruling_id: String,
    /// The ruling's text, plain.
    pub ruling: String,
    /// Its clauses, comma-separated.
    pub laws: String,
}

impl CasesView {
    /// Where the routes go, given whether a page of their own can be
    /// written beside the chart's (not for a standalone page).
    pub fn placement(&self, own_page_possible: bool) -> Placement {
        let bytes = list_bytes(&self.list);
        if self.total.is_none() {
            Placement::Nowhere
        } else if bytes <= IN_PAGE_BUDGET {
            Placement::InPage
        } else if own_page_possible && bytes <= OWN_PAGE_BUDGET {
            Placement::OwnPage
        } else {
            Placement::Nowhere
        }
    }
}

/// The compact list of `chart`'s routes.
pub fn cases(chart: &Chart) -> CasesView {
    let Some(routes) = paths::routes(chart) else {
        return CasesView {
            total: None,
            key: Vec::new(),
            list: Vec::new(),
        };
    };
    let key = key_of(&routes);
    let number = |node: &str| {
        key.iter()
            .position(|k| &*k.node == node)
            .map_or(0, |i| i + 1)
    };
    let list: Vec<CaseView> = routes
        .iter()
        .map(|r| CaseView {
            path: r
                .stops
                .iter()
                .map(|s| match &s.answer {
                    Some(answer) => format!("{} {answer}", number(&s.node)),
                    None => number(&s.node).to_string(),
                })
                .collect::<Vec<_>>()
                .join(" → "),
            ruling_id: r.ruling.clone(),
            ruling: r.text.clone(),
            laws: r.law.join(", "),
        })
        .collect();
    CasesView {
        total: Some(routes.len()),
        key,
        list,
    }
}

/// Every question and step on the routes, in the order first met.
fn key_of(routes: &[Route]) -> Vec<KeyEntry> {
    let mut key: Vec<KeyEntry> = Vec::new();
    for stop in routes.iter().flat_map(|r| &r.stops) {
        if !key.iter().any(|k| k.node == stop.node) {
            key.push(KeyEntry {
                node: Rc::clone(&stop.node),
                text: Rc::clone(&stop.text),
            });
        }
    }
    key
}

/// About what the list's markup takes (text, the ruling's link, escaping).
fn list_bytes(list: &[CaseView]) -> usize {
    list.iter()
        .map(|c| c.path.len() + c.ruling.len() * 11 / 10 + c.ruling_id.len() + c.laws.len() + 80)
        .sum()
}
