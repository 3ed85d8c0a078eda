//! Our own layered layout for decision charts: boxes sized to their wrapped
//! text, ranks top to bottom, crossing reduction, coordinates that keep a
//! question's main line straight down, and orthogonal edge routing through
//! the gaps between ranks. The SVG, site and PDF renderers draw a [`Layout`].
//!
//! The stages, in order: `boxes` (text and sizes), `graph` (main line, exit
//! sides, ranks), `rank` (dummy points for long edges), `order` (crossing
//! reduction), `position` (x), `ports` (where edges leave and enter),
//! `route` and `tracks` (y, paths, labels); `quality` measures the result
//! and `fit` picks the text width that prints largest on A4; `graphviz`
//! reads a drawing Graphviz made, so it can be measured beside ours.
//!
//! Conventions (those of the New Zealand directors' cards): the heaviest
//! answer of a question is its main line and leaves straight down; answers
//! keep one order across the chart (first written first), so an answer
//! earlier than the main line always leaves on the left, a later one on the
//! right (`Yes` left or down, `No` right or down); the outermost answer on
//! each side leaves from the shape's pointed end, and labels sit on their edge.

mod boxes;
mod fit;
pub mod geometry;
mod graph;
pub mod graphviz;
mod order;
mod ports;
mod position;
mod quality;
mod rank;
mod route;
mod stack;
mod tracks;

#[cfg(test)]
mod proptests;

use serde::{Deserialize, Serialize};
use std::rc::Rc;

pub use fit::{layout_for_a4, layout_for_screen};
pub use geometry::{Point, Rect};
pub use quality::{Quality, a4_text_scale, quality};

/// The kind of a box, each drawn as a different shape (never told apart by
/// colour alone, so a black-and-white print keeps them distinct).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Shape {
    /// A question the director asks: a hexagon with a heavy border.
    Question,
    /// An instruction, then go on: a plain rectangle.
    Step,
    /// The end of a path: a rectangle with a double border.
    Ruling,
    /// A ruling that continues in another chart: a signpost pointing right.
    Handover,
}

impl Shape {
    /// The lowercase name used as a CSS class and in the fixtures.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Question => "question",
            Shape::Step => "step",
            Shape::Ruling => "ruling",
            Shape::Handover => "handover",
        }
    }
}

/// One box to place: what the chart says at this node.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BoxSpec {
    /// The node id, unique in the chart.
    pub id: String,
    /// What kind of node this is.
    pub shape: Shape,
    /// Plain text, wrapped to fit the box. Shared, not copied: a card's
    /// planning makes thousands of charts of the same boxes, and the
    /// memory of measured boxes knows a text it holds by its address.
    pub text: Rc<str>,
    /// Law clauses as written, e.g. `54D, 50D2(a)`; empty for none.
    #[serde(default = "no_laws")]
    pub laws: Rc<str>,
}

fn no_laws() -> Rc<str> {
    Rc::from("")
}

/// One arrow: an answer of a question, or a step's next.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EdgeSpec {
    /// Index into [`LayoutInput::nodes`] of the node the arrow leaves.
    pub from: usize,
    /// Index into [`LayoutInput::nodes`] of the node the arrow enters.
    pub to: usize,
    /// The answer label; `None` for a step's next.
    #[serde(default)]
    pub label: Option<String>,
}

/// A chart to lay out. Edges naming a node out of range are ignored.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LayoutInput {
    /// The boxes in chart order; `nodes[0]` is the start.
    pub nodes: Vec<BoxSpec>,
    /// The arrows, each node's answers in answer order.
    pub edges: Vec<EdgeSpec>,
}

/// Sizes and spacing, in points (1/72 inch) at print size.
#[derive(Clone, Debug, Serialize)]
pub struct LayoutOptions {
    /// Size of the text in boxes.
    pub text_size: f32,
    /// Size of the law clauses line.
    pub law_size: f32,
    /// Size of the (bold) answer labels.
    pub label_size: f32,
    /// Widest a line of box text may be.
    pub max_text_width: f32,
    /// Widest a line of an answer label may be.
    pub max_label_width: f32,
    /// Space between a box's outline and its text.
    pub padding: f32,
    /// Least horizontal space between two boxes of a rank.
    pub node_gap: f32,
    /// Least vertical space between two ranks.
    pub rank_gap: f32,
    /// Space around the whole drawing.
    pub margin: f32,
    /// Space between two tracks of edges moving sideways in the gap
    /// between ranks, and between the last track and the next rank.
    pub track_gap: f32,
    /// Space between a box and an answer label beside or under it.
    pub label_margin: f32,
    /// End a box's text with its law clauses, on its last line, when
    /// they fit there or when the text wrapped that much narrower takes no
    /// more lines; else they get a line of their own, as always without.
    /// The cards set it: a line saved in a box is paper saved in a rank.
    pub laws_inline: bool,

    /// Stack a question's answers that each end at once into one column
    /// when it has at least this many; 0 never stacks (the usual drawing).
    pub stack_answers: usize,
}

impl Default for LayoutOptions {
    fn default() -> Self {
        LayoutOptions {
            text_size: 10.0,
            law_size: 7.5,
            label_size: 8.5,
            max_text_width: 150.0,
            max_label_width: 90.0,
            padding: 6.0,
            node_gap: 14.0,
            rank_gap: 16.0,
            margin: 12.0,
            track_gap: 6.0,
            label_margin: 3.0,
            laws_inline: false,
            stack_answers: 0,
        }
    }
}

/// A line of text placed on the drawing, centred on `x`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TextLine {
    /// The text of the line.
    pub text: String,
    /// Horizontal centre (the SVG uses `text-anchor="middle"`).
    pub x: f32,
    /// Baseline.
    pub baseline: f32,
}

/// A box placed on the drawing.
#[derive(Clone, Debug, Serialize)]
pub struct PlacedBox {
    /// The node id.
    pub id: String,
    /// The node kind, which decides the outline drawn in `rect`.
    pub shape: Shape,
    /// The bounding box: every outline and every port lies on or inside it.
    pub rect: Rect,
    /// How far the pointed ends of a question (both sides) or a hand-over
    /// (right side) reach in from the bounding box.
    pub point_depth: f32,
    /// The full text, unwrapped (for `<title>` and screen readers).
    pub text: String,
    /// The wrapped text at [`LayoutOptions::text_size`].
    pub lines: Vec<TextLine>,
    /// The law clauses as given, empty for none.
    pub laws: String,
    /// The law clauses line(s) at [`LayoutOptions::law_size`].
    pub law_lines: Vec<TextLine>,
}

/// An answer label sitting on its edge.
#[derive(Clone, Debug, Serialize)]
pub struct EdgeLabel {
    /// The label as given.
    pub text: String,
    /// The background box behind the label; its centre lies on the edge.
    pub rect: Rect,
    /// The wrapped label at [`LayoutOptions::label_size`], bold.
    pub lines: Vec<TextLine>,
}

/// An edge routed as a polyline of horizontal and vertical segments.
#[derive(Clone, Debug, Serialize)]
pub struct RoutedEdge {
    /// Index of the box the edge leaves.
    pub from: usize,
    /// Index of the box the edge enters (the arrow head is at the last point).
    pub to: usize,
    /// The corners of the path, first on `from`'s outline, last on `to`'s.
    pub points: Vec<Point>,
    /// The answer label, if any.
    pub label: Option<EdgeLabel>,
}

/// A laid-out chart: everything a renderer needs, in input order.
#[derive(Clone, Debug, Serialize)]
pub struct Layout {
    /// Width of the drawing.
    pub width: f32,
    /// Height of the drawing.
    pub height: f32,
    /// The boxes, in the order of [`LayoutInput::nodes`].
    pub boxes: Vec<PlacedBox>,
    /// The edges, in the order of [`LayoutInput::edges`] (less any ignored).
    pub edges: Vec<RoutedEdge>,
    /// The options the layout was made with (renderers need the sizes).
    pub options: LayoutOptions,
}

/// Lay out a decision chart top to bottom. The boxes are first laid out
/// with the usual width of text, then again with each box as narrow as it
/// can be without standing taller than its row; the second drawing is kept
/// if it is smaller and crosses no more edges.
/// With [`LayoutOptions::stack_answers`] set, the answers of a question
/// that each end at once are stacked in one column (see `stack`).
pub fn layout(input: &LayoutInput, options: &LayoutOptions) -> Layout {
    stack::layout(input, options).unwrap_or_else(|| plain(input, options, &StandIn::default()))
}

/// A height no drawing of `input` with `options` is below, found without
/// laying it out: the tallest chain of boxes from the start down, each box
/// as tall as it is at the full width of text, ranks at least the rank gap
/// apart, and the margin above and below. It holds because every arrow
/// leads down at least one rank, every rank is as tall as its tallest box,
/// a narrowed box is never shorter than at the full width, and a stacked
/// column is one box of the chart laid out in its boxes' place, as tall as
/// they are together (its first box counts as the column, the others as
/// nothing). A chart with a cycle gets the tallest single box (or column).
/// Planning a card uses it to skip drawings that cannot fit a page.
pub fn least_height(input: &LayoutInput, options: &LayoutOptions) -> f32 {
    let n = input.nodes.len();
    if n == 0 {
        return 0.0;
    }
    let mut h: Vec<f32> = (input.nodes.iter())
        .map(|b| boxes::height_at(b, options, options.max_text_width))
        .collect();
    stack::column_heights(input, options, &mut h);
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut parents = vec![0usize; n];
    for e in input
        .edges
        .iter()
        .filter(|e| e.from < n && e.to < n && e.from != e.to)
    {
        children[e.from].push(e.to);
        parents[e.to] += 1;
    }
    let mut chain = h.clone();
    let mut ready: Vec<usize> = (0..n).filter(|&v| parents[v] == 0).collect();
    let mut done = 0;
    while let Some(v) = ready.pop() {
        done += 1;
        for &w in &children[v] {
            chain[w] = chain[w].max(chain[v] + options.rank_gap + h[w]);
            parents[w] -= 1;
            if parents[w] == 0 {
                ready.push(w);
            }
        }
    }
    let tallest = if done == n { &chain } else { &h };
    tallest.iter().copied().fold(0.0, f32::max) + 2.0 * options.margin
}

thread_local! {
    /// Set while [`layout_size`] runs: boxes and labels are placed without
    /// their text.
    static SIZE_ONLY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// [`layout`] to be measured, not drawn: the same drawing, the same size
/// and places, but its boxes and labels carry no text (no lines, no ids),
/// which spares a good part of the work of a layout that is only asked
/// whether it fits. Never render one.
pub fn layout_size(input: &LayoutInput, options: &LayoutOptions) -> Layout {
    /// Clears the flag however the layout ends.
    struct Reset;
    impl Drop for Reset {
        fn drop(&mut self) {
            SIZE_ONLY.set(false);
        }
    }
    SIZE_ONLY.set(true);
    let _reset = Reset;
    layout(input, options)
}

/// Whether boxes and labels are placed without their text just now.
fn sizing() -> bool {
    SIZE_ONLY.get()
}

/// Whether [`layout`] with these options stacks any answers of `input`.
pub fn stacks(input: &LayoutInput, options: &LayoutOptions) -> bool {
    stack::any(input, options)
}

/// What a stacked chart's stand-in asks of [`plain`]: per box, a size of
/// its own (a column) in place of its text's; and per edge, its label's
/// place in the order of answers across the chart it stands in for.
#[derive(Default)]
struct StandIn {
    fixed: Vec<Option<(f32, f32)>>,
    order: Option<Vec<usize>>,
}

/// [`layout`] with no stacking.
fn plain(input: &LayoutInput, options: &LayoutOptions, stand_in: &StandIn) -> Layout {
    let fixed = stand_in.fixed.as_slice();
    let widths = vec![options.max_text_width; input.nodes.len()];
    // What the two drawings share: the edges, the labels, the ranked graph.
    let edges = valid_edges(input);
    let labels: Vec<Option<boxes::Label>> = edges
        .iter()
        .map(|e| boxes::label(e.label.as_deref(), options))
        .collect();
    let chart = match &stand_in.order {
        Some(order) => graph::Chart::ranked(input.nodes.len(), &edges, order),
        None => graph::Chart::new(input.nodes.len(), &edges),
    };
    let shared = Shared {
        edges: &edges,
        labels: &labels,
        chart: &chart,
    };
    // Each box at the full width, measured once: the first drawing, the
    // test for boxes widened for their answers and the rows' heights all
    // use it.
    let full: Vec<boxes::Measured> = (input.nodes.iter())
        .map(|n| boxes::measure(n, options, options.max_text_width))
        .collect();
    let sized = |v: usize, measured: boxes::Measured| match fixed.get(v).copied().flatten() {
        Some((w, h)) => boxes::blank(w, h),
        None => measured,
    };
    let at_full = full
        .iter()
        .cloned()
        .enumerate()
        .map(|(v, m)| sized(v, m))
        .collect();
    let (crossings, first) = lay_out(input, options, at_full, &shared);
    let wide: Vec<bool> = (full.iter().zip(&first.boxes))
        .enumerate()
        .map(|(v, (measured, placed))| {
            fixed.get(v).is_some_and(Option::is_some) || measured.widened_to(placed.rect.w)
        })
        .collect();
    let heights: Vec<f32> = full.iter().map(boxes::Measured::height).collect();
    let narrowed = boxes::narrowed(&input.nodes, options, &rows(&first), &wide, &heights);
    if narrowed == widths {
        return first;
    }
    let at_narrowed = (input.nodes.iter().zip(&narrowed).zip(full))
        .enumerate()
        .map(|(v, ((n, &w), measured))| {
            let measured = if w == options.max_text_width {
                measured
            } else {
                boxes::measure(n, options, w)
            };
            sized(v, measured)
        })
        .collect();
    let (fewer, second) = lay_out(input, options, at_narrowed, &shared);
    let area = |l: &Layout| l.width * l.height;
    if fewer <= crossings && area(&second) < area(&first) {
        second
    } else {
        first
    }
}

/// The rows of a finished drawing: the boxes sharing a centre line.
fn rows(layout: &Layout) -> Vec<Vec<usize>> {
    let mut rows: Vec<(f32, Vec<usize>)> = Vec::new();
    for (i, b) in layout.boxes.iter().enumerate() {
        match rows
            .iter_mut()
            .find(|(cy, _)| (cy - b.rect.cy()).abs() < 0.5)
        {
            Some((_, members)) => members.push(i),
            None => rows.push((b.rect.cy(), vec![i])),
        }
    }
    rows.into_iter().map(|(_, members)| members).collect()
}

/// The parts of a drawing that do not depend on the widths of its boxes.
struct Shared<'a> {
    edges: &'a [EdgeSpec],
    labels: &'a [Option<boxes::Label>],
    chart: &'a graph::Chart,
}

/// Lay out the boxes as `measured` (each box's text wrapped to its width);
/// with the number of crossings.
fn lay_out(
    input: &LayoutInput,
    options: &LayoutOptions,
    measured: Vec<boxes::Measured>,
    shared: &Shared,
) -> (usize, Layout) {
    let Shared {
        edges,
        labels,
        chart,
    } = *shared;
    let sized = boxes::fit_ports(measured, chart, labels);
    let room: Vec<f32> = sized
        .iter()
        .map(|s| s.w + s.left_reserve + s.right_reserve + options.node_gap)
        .collect();
    let mut eased = chart.clone();
    let mut pulled = chart.clone();
    eased.ease_ranks(&room);
    pulled.pull_down();
    pulled.ease_ranks(&room);
    let (mut crossings, mut routed) = draw(&eased, &sized, labels, options);
    if pulled.ranks != eased.ranks {
        let (fewer, other) = draw(&pulled, &sized, labels, options);
        if fewer < crossings {
            (crossings, routed) = (fewer, other);
        }
    }
    (crossings, assemble(input, edges, sized, routed, options))
}

/// Order, place and route the boxes in the ranks `chart` gives them, and
/// count the crossings of the paths.
fn draw(
    chart: &graph::Chart,
    sized: &[boxes::Sized],
    labels: &[Option<boxes::Label>],
    options: &LayoutOptions,
) -> (usize, route::Routed) {
    let mut layers = rank::Layers::new(chart, sized);
    order::reduce(&mut layers);
    let xs = position::assign(&layers, options);
    let routed = route::route(&layers, &xs, chart, sized, labels, options);
    let crossings = quality::path_crossings(routed.paths.iter().map(Vec::as_slice));
    (crossings, routed)
}

/// The edges whose ends name existing nodes.
fn valid_edges(input: &LayoutInput) -> Vec<EdgeSpec> {
    let n = input.nodes.len();
    input
        .edges
        .iter()
        .filter(|e| e.from < n && e.to < n)
        .cloned()
        .collect()
}

/// Put the placed pieces together, shifted so the drawing starts at the margin.
fn assemble(
    input: &LayoutInput,
    edges: &[EdgeSpec],
    sized: Vec<boxes::Sized>,
    routed: route::Routed,
    options: &LayoutOptions,
) -> Layout {
    let boxes: Vec<PlacedBox> = input
        .nodes
        .iter()
        .zip(sized)
        .zip(&routed.rects)
        .map(|((spec, s), r)| s.place(spec, *r, options))
        .collect();
    let edges: Vec<RoutedEdge> = edges
        .iter()
        .zip(routed.paths)
        .zip(routed.labels)
        .map(|((e, points), label)| RoutedEdge {
            from: e.from,
            to: e.to,
            points,
            label,
        })
        .collect();
    let mut layout = Layout {
        width: 0.0,
        height: 0.0,
        boxes,
        edges,
        options: options.clone(),
    };
    normalise(&mut layout, options.margin);
    layout
}

impl Layout {
    /// Move every box, path and label by (`dx`, `dy`); the size stays.
    pub fn translate(&mut self, dx: f32, dy: f32) {
        for b in &mut self.boxes {
            b.rect.x += dx;
            b.rect.y += dy;
            for line in b.lines.iter_mut().chain(b.law_lines.iter_mut()) {
                line.x += dx;
                line.baseline += dy;
            }
        }
        for e in &mut self.edges {
            e.points
                .iter_mut()
                .for_each(|p| *p = Point::new(p.x + dx, p.y + dy));
            if let Some(label) = &mut e.label {
                label.rect.x += dx;
                label.rect.y += dy;
                for line in &mut label.lines {
                    line.x += dx;
                    line.baseline += dy;
                }
            }
        }
    }

    /// Drawings put together as one `width` by `height` (the first's
    /// options), each with its top-left corner moved to its place; edges
    /// keep pointing at their boxes.
    pub fn combined(
        drawings: Vec<Layout>,
        places: &[(f32, f32)],
        width: f32,
        height: f32,
    ) -> Layout {
        let mut out = Layout {
            width,
            height,
            boxes: Vec::new(),
            edges: Vec::new(),
            options: drawings
                .first()
                .map(|l| l.options.clone())
                .unwrap_or_default(),
        };
        for (mut l, &(x, y)) in drawings.into_iter().zip(places) {
            l.translate(x, y);
            let offset = out.boxes.len();
            out.boxes.append(&mut l.boxes);
            out.edges.extend(l.edges.into_iter().map(|mut e| {
                e.from += offset;
                e.to += offset;
                e
            }));
        }
        out
    }
}

/// Shift everything so the top-left of the content sits at the margin, and
/// set the drawing's size to the content plus a margin all round.
fn normalise(layout: &mut Layout, margin: f32) {
    let bounds = content_bounds(layout);
    layout.translate(margin - bounds.x, margin - bounds.y);
    layout.width = (bounds.w + 2.0 * margin).ceil();
    layout.height = (bounds.h + 2.0 * margin).ceil();
}

/// The smallest rectangle holding every box, path point and label.
fn content_bounds(layout: &Layout) -> Rect {
    let mut rects: Vec<Rect> = layout.boxes.iter().map(|b| b.rect).collect();
    for e in &layout.edges {
        rects.extend(e.points.iter().map(|p| Rect {
            x: p.x,
            y: p.y,
            w: 0.0,
            h: 0.0,
        }));
        rects.extend(e.label.iter().map(|l| l.rect));
    }
    let Some(first) = rects.first().copied() else {
        return Rect {
            x: 0.0,
            y: 0.0,
            w: 0.0,
            h: 0.0,
        };
    };
    let (mut x0, mut y0, mut x1, mut y1) = (first.x, first.y, first.right(), first.bottom());
    for r in &rects {
        x0 = x0.min(r.x);
        y0 = y0.min(r.y);
        x1 = x1.max(r.right());
        y1 = y1.max(r.bottom());
    }
    Rect {
        x: x0,
        y: y0,
        w: x1 - x0,
        h: y1 - y0,
    }
}
