//! The drawing on the diff page: the chart laid out by our own engine
//! through the site's conversion (`render::drawing::layout_input`), the new
//! version with removed nodes and answers put back as ghosts, then marked.
//! Each added, changed or removed box and arrow gets a class (`diff.css`
//! gives colour, outline weight and dashes) and a badge with `+`, `~` or
//! `−`, so the marks survive a black-and-white print.

use std::collections::HashMap;

use super::describe::Mark;
use super::{ChartDiff, Status, What};
use crate::chart::ChartSet;
use crate::id::is_valid_id;
use crate::layout::{self, EdgeSpec, Layout, LayoutInput, Rect};
use crate::render::drawing::layout_input;
use crate::render::render_svg;

/// The two chart sets compared, for hand-over titles.
pub struct Sets<'a> {
    /// The old charts.
    pub old: &'a ChartSet,
    /// The new charts.
    pub new: &'a ChartSet,
}

/// The most boxes drawn (ghosts included). Layout time grows faster than the
/// chart: 240 boxes take about 3 s, 450 half a minute; `check` already warns
/// above 60 nodes, so only a chart rebuilt wholesale comes near this.
pub const MAX_BOXES: usize = 250;

/// A chart's drawing, or why there is none.
pub enum Drawing {
    /// Inline SVG.
    Svg(String),
    /// Too many boxes to lay out here (this many).
    TooLarge(usize),
}

/// The marked drawing of one chart as inline SVG; nodes link to
/// `#{chart}--{node}`, and every id is prefixed with the chart's id so
/// several drawings can share a page.
pub fn drawing(chart: &ChartDiff, sets: &Sets) -> Option<Drawing> {
    let marked = match (chart.status, chart.old, chart.new) {
        (Status::Added, _, Some(new)) => whole(layout_input(new, sets.new), Mark::Added),
        (Status::Removed, Some(old), _) => whole(layout_input(old, sets.old), Mark::Removed),
        (Status::Changed, Some(old), Some(new)) => ghosted(
            chart,
            layout_input(old, sets.old),
            layout_input(new, sets.new),
        ),
        _ => return None,
    };
    let boxes = marked.input.nodes.len();
    if boxes > MAX_BOXES {
        return Some(Drawing::TooLarge(boxes));
    }
    let placed = layout::layout_for_screen(&marked.input);
    let svg = render_svg(&placed, &chart.title);
    Some(Drawing::Svg(mark_svg(&svg, &chart.chart, &marked, &placed)))
}

/// A layout input with a mark for each node and each edge.
struct Marked {
    input: LayoutInput,
    nodes: Vec<Option<Mark>>,
    edges: Vec<Option<Mark>>,
}

fn whole(input: LayoutInput, mark: Mark) -> Marked {
    Marked {
        nodes: vec![Some(mark); input.nodes.len()],
        edges: vec![None; input.edges.len()],
        input,
    }
}

/// The new chart, its changed parts marked, removed nodes and arrows added back.
fn ghosted(chart: &ChartDiff, old: LayoutInput, new: LayoutInput) -> Marked {
    let mut m = Marked {
        nodes: vec![None; new.nodes.len()],
        edges: vec![None; new.edges.len()],
        input: new,
    };
    let renamed: HashMap<&str, &str> = chart
        .changes
        .iter()
        .filter_map(|c| match &c.what {
            What::NodeRenamed { old, new } => Some((old.as_str(), new.as_str())),
            _ => None,
        })
        .collect();
    let to_new = |id: &str| renamed.get(id).map_or(id.to_string(), |n| n.to_string());
    // Removed nodes first, so ghost arrows can land on them.
    let mut ghosts = Vec::new();
    for c in &chart.changes {
        if let (What::NodeRemoved { .. }, Some(id)) = (&c.what, &c.node)
            && let Some(at) = old.nodes.iter().position(|b| &b.id == id)
        {
            m.input.nodes.push(old.nodes[at].clone());
            m.nodes.push(Some(Mark::Removed));
            ghosts.push(at);
        }
    }
    for e in old.edges.iter().filter(|e| ghosts.contains(&e.from)) {
        let (from, to) = (&old.nodes[e.from].id, to_new(&old.nodes[e.to].id));
        m.ghost_edge(from, &to, e.label.clone());
    }
    for c in &chart.changes {
        let Some(node) = &c.node else { continue };
        m.mark_node(node, &c.what);
        match &c.what {
            What::AnswerRemoved { label, target } => {
                m.ghost_edge(node, &to_new(target), Some(label.clone()));
            }
            What::AnswerRetargeted { label, old, .. } => {
                m.ghost_edge(node, &to_new(old), Some(label.clone()));
                m.mark_edge(node, Some(label), Mark::Changed);
            }
            What::AnswerAdded { label, .. } => m.mark_edge(node, Some(label), Mark::Added),
            What::AnswerRelabelled { new, .. } => m.mark_edge(node, Some(new), Mark::Changed),
            What::Next { old, new } => {
                if let Some(old) = old {
                    m.ghost_edge(node, &to_new(old), None);
                }
                if new.is_some() {
                    let mark = if old.is_some() {
                        Mark::Changed
                    } else {
                        Mark::Added
                    };
                    m.mark_edge(node, None, mark);
                }
            }
            _ => {}
        }
    }
    m
}

impl Marked {
    fn index(&self, id: &str) -> Option<usize> {
        self.input.nodes.iter().position(|b| b.id == id)
    }

    fn mark_node(&mut self, id: &str, what: &What) {
        let Some(at) = self.index(id) else { return };
        let mark = match what {
            What::NodeAdded { .. } => Mark::Added,
            What::NodeRemoved { .. } => Mark::Removed,
            _ => Mark::Changed,
        };
        // Added or removed says more than changed.
        if self.nodes[at].is_none() || mark != Mark::Changed {
            self.nodes[at] = Some(mark);
        }
    }

    fn mark_edge(&mut self, from: &str, label: Option<&str>, mark: Mark) {
        let Some(from) = self.index(from) else { return };
        let found = self
            .input
            .edges
            .iter()
            .position(|e| e.from == from && e.label.as_deref() == label);
        if let Some(at) = found {
            self.edges[at] = Some(mark);
        }
    }

    fn ghost_edge(&mut self, from: &str, to: &str, label: Option<String>) {
        if let (Some(from), Some(to)) = (self.index(from), self.index(to)) {
            self.input.edges.push(EdgeSpec { from, to, label });
            self.edges.push(Some(Mark::Removed));
        }
    }
}

/// `render_svg`'s document made ready for the page: no XML declaration, ids
/// prefixed, marked nodes and arrows classed, nodes linked, badges on top.
fn mark_svg(svg: &str, chart: &str, marked: &Marked, placed: &Layout) -> String {
    let prefix = format!("{chart}--svg-");
    let body = svg.find("<svg").map_or(svg, |at| &svg[at..]);
    let body = body
        .replace(" id=\"", &format!(" id=\"{prefix}"))
        .replace("url(#", &format!("url(#{prefix}"))
        .replace(
            "aria-labelledby=\"chart-title chart-desc\"",
            &format!("aria-labelledby=\"{prefix}chart-title {prefix}chart-desc\""),
        );
    let body = class_edges(&body, &marked.edges);
    let body = class_nodes(&body, chart, &prefix, marked);
    let badges = badges(marked, placed);
    match body.rfind("</svg>") {
        Some(end) => format!("{}{badges}{}", &body[..end], &body[end..]),
        None => body,
    }
}

/// Adds `diff-<mark>` to the n-th edge group for each marked edge.
fn class_edges(svg: &str, marks: &[Option<Mark>]) -> String {
    let mut out = String::with_capacity(svg.len() + 256);
    let mut pieces = svg.split("<g class=\"edge\"");
    out.push_str(pieces.next().unwrap_or_default());
    for (i, piece) in pieces.enumerate() {
        match marks.get(i).copied().flatten() {
            Some(mark) => out.push_str(&format!("<g class=\"edge diff-{}\"", mark.name())),
            None => out.push_str("<g class=\"edge\""),
        }
        out.push_str(piece);
    }
    out
}

/// Adds `diff-<mark>` to each marked node group and wraps every node in a
/// link to its entry in the list below the drawing.
fn class_nodes(svg: &str, chart: &str, prefix: &str, marked: &Marked) -> String {
    let mut out = String::with_capacity(svg.len() + 1024);
    let mut rest = svg;
    while let Some(at) = rest.find("<g class=\"node ") {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let end = rest.find("</g>").map_or(rest.len(), |e| e + "</g>".len());
        let group = &rest[..end];
        let id = group
            .split_once(&format!("id=\"{prefix}node-"))
            .and_then(|(_, after)| after.split_once('"'))
            .map(|(id, _)| id)
            .filter(|id| is_valid_id(id));
        let mark = id
            .and_then(|id| marked.index(id))
            .and_then(|i| marked.nodes[i]);
        let group = match mark {
            Some(mark) => group.replacen("\" id=\"", &format!(" diff-{}\" id=\"", mark.name()), 1),
            None => group.to_string(),
        };
        match id {
            Some(id) => out.push_str(&format!("<a href=\"#{chart}--{id}\">{group}</a>")),
            None => out.push_str(&group),
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// A badge with the mark's symbol at the top right of each marked box and
/// on each marked arrow's label (or the middle of its path).
fn badges(marked: &Marked, placed: &Layout) -> String {
    let mut out = String::from("\n<g class=\"badges\" aria-hidden=\"true\">");
    for (b, mark) in placed.boxes.iter().zip(&marked.nodes) {
        if let Some(mark) = mark {
            out.push_str(&badge(*mark, b.rect.x + b.rect.w - 3.0, b.rect.y + 3.0));
        }
    }
    for (e, mark) in placed.edges.iter().zip(&marked.edges) {
        let Some(mark) = mark else { continue };
        let (x, y) = match &e.label {
            Some(label) => corner(&label.rect),
            None => e
                .points
                .get(e.points.len() / 2)
                .map_or((0.0, 0.0), |p| (p.x, p.y)),
        };
        out.push_str(&badge(*mark, x, y));
    }
    out.push_str("</g>\n");
    out
}

fn corner(rect: &Rect) -> (f32, f32) {
    (rect.x + rect.w, rect.y)
}

fn badge(mark: Mark, x: f32, y: f32) -> String {
    let symbol = match mark {
        Mark::Added => "+",
        Mark::Changed => "~",
        Mark::Removed => "−",
    };
    format!(
        "\n<g class=\"badge diff-{}\"><circle cx=\"{x:.2}\" cy=\"{y:.2}\" r=\"7\"/><text x=\"{x:.2}\" y=\"{:.2}\" text-anchor=\"middle\" font-size=\"11\" font-weight=\"bold\">{symbol}</text></g>",
        mark.name(),
        y + 4.0
    )
}
