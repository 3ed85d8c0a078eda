//! The diff as one HTML page (`templates/diff.html`): per changed chart, its
//! changes grouped by class, the chart drawn by our layout engine with its
//! changes marked ([`draw`]), then node by node with reworded text as a
//! word diff. Added, changed and removed parts are marked by colour and by
//! symbols, outlines and strike-through that survive a black-and-white
//! print; removed nodes and answers are shown ghosted where they were. Chart
//! text reaches the template as plain strings that askama escapes, or inside
//! the SVG that `render_svg` escaped.

use askama::Template;

use super::describe::{self, Mark, Part, Value};
use super::draw::{self, Drawing, Sets};
use super::outline::{self, EdgeLine, NodeLine};
use super::words::Piece;
use super::{ChartDiff, Class, Diff, Status, shown_name};

/// The page's stylesheet (ours, inlined).
const DIFF_CSS: &str = include_str!("../../templates/assets/diff.css");

#[derive(Template)]
#[template(path = "diff.html")]
struct Page {
    css: &'static str,
    summary: String,
    charts: Vec<ChartView>,
    not_compared: Vec<MissingView>,
}

struct MissingView {
    chart: String,
    side: &'static str,
    file: String,
}

struct ChartView {
    anchor: String,
    id: String,
    title: String,
    status: &'static str,
    symbol: &'static str,
    groups: Vec<GroupView>,
    drawing: Option<String>,
    too_large: Option<usize>,
    nodes: Vec<NodeView>,
}

struct GroupView {
    heading: &'static str,
    items: Vec<ItemView>,
}

struct ItemView {
    status: &'static str,
    symbol: &'static str,
    node: Option<String>,
    node_anchor: String,
    spans: Vec<Span>,
}

/// A run of text: `say` (our words), `keep`, `old` or `new`; `code` for ids.
struct Span {
    kind: &'static str,
    code: bool,
    text: String,
}

struct NodeView {
    anchor: String,
    id: String,
    kind: &'static str,
    status: &'static str,
    symbol: &'static str,
    text: Vec<Span>,
    extras: Vec<(&'static str, Vec<Span>)>,
    edges: Vec<EdgeView>,
}

struct EdgeView {
    status: &'static str,
    symbol: &'static str,
    label: Vec<Span>,
    target: Vec<Span>,
    target_anchor: String,
}

/// The HTML page; `sets` are the charts compared, for hand-over titles.
pub fn render(diff: &Diff, sets: &Sets) -> anyhow::Result<String> {
    let page = Page {
        css: DIFF_CSS,
        summary: diff.summary(),
        charts: diff.charts.iter().map(|c| chart_view(c, sets)).collect(),
        not_compared: diff
            .not_compared
            .iter()
            .map(|n| MissingView {
                chart: shown_name(&n.chart),
                side: n.side,
                file: shown_name(&n.file),
            })
            .collect(),
    };
    Ok(page.render()? + "\n")
}

fn chart_view(chart: &ChartDiff, sets: &Sets) -> ChartView {
    let (status, symbol) = match chart.status {
        Status::Added => status_of(Mark::Added),
        Status::Removed => status_of(Mark::Removed),
        Status::Changed => status_of(Mark::Changed),
    };
    let groups = Class::ALL
        .iter()
        .filter_map(|&class| {
            let items: Vec<ItemView> = chart
                .changes
                .iter()
                .filter(|c| c.class == class)
                .map(|c| item_view(&chart.chart, &describe::sentence(c)))
                .collect();
            (!items.is_empty()).then_some(GroupView {
                heading: heading(class),
                items,
            })
        })
        .collect();
    let (drawing, too_large) = match draw::drawing(chart, sets) {
        Some(Drawing::Svg(svg)) => (Some(svg), None),
        Some(Drawing::TooLarge(boxes)) => (None, Some(boxes)),
        None => (None, None),
    };
    let nodes = outline::lines(chart)
        .into_iter()
        .map(|n| node_view(&chart.chart, n))
        .collect();
    ChartView {
        anchor: format!("chart-{}", chart.chart),
        id: chart.chart.clone(),
        title: chart.title.clone(),
        status,
        symbol,
        groups,
        drawing,
        too_large,
        nodes,
    }
}

/// The CSS class and the printed symbol of a mark.
fn status_of(mark: Mark) -> (&'static str, &'static str) {
    let symbol = match mark {
        Mark::Added => "+",
        Mark::Removed => "−",
        Mark::Changed => "~",
    };
    (mark.name(), symbol)
}

fn heading(class: Class) -> &'static str {
    match class {
        Class::Logic => "Logic",
        Class::Wording => "Wording",
        Class::Law => "Law",
        Class::Examples => "Examples",
    }
}

fn item_view(chart: &str, s: &describe::Sentence) -> ItemView {
    let (status, symbol) = status_of(s.mark);
    ItemView {
        status,
        symbol,
        node_anchor: s
            .node
            .as_ref()
            .map(|n| node_anchor(chart, n))
            .unwrap_or_default(),
        node: s.node.clone(),
        spans: s.parts.iter().flat_map(spans).collect(),
    }
}

fn node_anchor(chart: &str, node: &str) -> String {
    format!("{chart}--{node}")
}

fn spans(part: &Part) -> Vec<Span> {
    match part {
        Part::Say(words) => vec![span("say", false, words)],
        Part::Keep(v) => vec![value("keep", v)],
        Part::Old(v) => vec![value("old", v)],
        Part::New(v) => vec![value("new", v)],
        Part::Words(pieces) => word_spans(pieces),
    }
}

fn span(kind: &'static str, code: bool, text: &str) -> Span {
    Span {
        kind,
        code,
        text: text.to_string(),
    }
}

fn value(kind: &'static str, v: &Value) -> Span {
    match v {
        Value::Text(t) => span(kind, false, t),
        Value::Id(id) => span(kind, true, id),
        Value::Label(l) | Value::Quoted(l) => span(kind, false, &format!("“{l}”")),
    }
}

fn word_spans(pieces: &[Piece]) -> Vec<Span> {
    let mut out = Vec::new();
    for (i, p) in pieces.iter().enumerate() {
        if i > 0 {
            out.push(span("keep", false, " "));
        }
        out.push(match p {
            Piece::Same(s) => span("keep", false, s),
            Piece::Old(s) => span("old", false, s),
            Piece::New(s) => span("new", false, s),
        });
    }
    out
}

fn node_view(chart: &str, n: NodeLine) -> NodeView {
    let (status, symbol) = n.mark.map_or(("same", ""), status_of);
    NodeView {
        anchor: node_anchor(chart, &n.id),
        id: n.id,
        kind: n.kind,
        status,
        symbol,
        text: n.text.iter().flat_map(spans).collect(),
        extras: n
            .extras
            .into_iter()
            .map(|(name, parts)| (name, parts.iter().flat_map(spans).collect()))
            .collect(),
        edges: n.edges.into_iter().map(|e| edge_view(chart, e)).collect(),
    }
}

fn edge_view(chart: &str, e: EdgeLine) -> EdgeView {
    let (status, symbol) = e.mark.map_or(("same", ""), status_of);
    EdgeView {
        status,
        symbol,
        label: e.label.iter().flat_map(spans).collect(),
        target: e.target.iter().flat_map(spans).collect(),
        target_anchor: node_anchor(chart, &e.target_id),
    }
}
