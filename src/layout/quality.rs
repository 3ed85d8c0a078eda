//! Measures of a finished layout: the hard rules (no box overlaps, no edge
//! through a box, labels on their edges, both ends attached) and the soft
//! ones (crossings, bends, size, and how large the text prints on A4).

use serde::Serialize;

use super::geometry::{self, Point, Rect};
use super::{Layout, PlacedBox, RoutedEdge, Shape};

/// A4 in points, less a 10 mm margin on every side.
const A4_W: f32 = 595.28 - 2.0 * 28.35;
const A4_H: f32 = 841.89 - 2.0 * 28.35;
/// How far a point may be from where it should be and still count.
const TOLERANCE: f32 = 0.5;

/// What was measured; the first four must be 0 in every layout.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Quality {
    /// Pairs of boxes whose areas overlap.
    pub overlapping_boxes: usize,
    /// (edge, box) pairs where the edge passes through the box's inside.
    pub edges_through_boxes: usize,
    /// Labels whose centre is not on their edge.
    pub labels_off_edge: usize,
    /// Edge ends not on the outline of their box's shape.
    pub detached_ends: usize,
    /// Points where two edges cross.
    pub crossings: usize,
    /// Pairs of edges that run along each other for a stretch.
    pub edge_overlaps: usize,
    /// Labels over a box, another label, or another edge.
    pub label_collisions: usize,
    /// Corners in all edges together.
    pub bends: usize,
    /// Width times height of the drawing, in square points.
    pub area: f32,
    /// Width over height.
    pub aspect: f32,
    /// How much the drawing shrinks to fit an A4 page with 10 mm margins,
    /// upright or on its side, whichever is larger (1 = printed full size).
    pub a4_text_scale: f32,
}

impl Quality {
    /// Whether all the hard rules hold.
    pub fn is_sound(&self) -> bool {
        self.overlapping_boxes == 0
            && self.edges_through_boxes == 0
            && self.labels_off_edge == 0
            && self.detached_ends == 0
    }
}

/// Measure a layout.
pub fn quality(layout: &Layout) -> Quality {
    let rects: Vec<Rect> = layout.boxes.iter().map(|b| b.rect).collect();
    let pairs = |n: usize| (0..n).flat_map(move |i| (i + 1..n).map(move |j| (i, j)));
    let edges = &layout.edges;
    let (w, h) = (layout.width.max(1.0), layout.height.max(1.0));
    Quality {
        overlapping_boxes: pairs(rects.len())
            .filter(|&(i, j)| rects[i].overlaps(&rects[j]))
            .count(),
        edges_through_boxes: edges
            .iter()
            .map(|e| {
                rects
                    .iter()
                    .filter(|r| segments(e).any(|(a, b)| r.cut_by(a, b)))
                    .count()
            })
            .sum(),
        labels_off_edge: edges
            .iter()
            .filter(|e| {
                e.label
                    .as_ref()
                    .is_some_and(|l| !on_path(e, centre(&l.rect)))
            })
            .count(),
        detached_ends: edges.iter().map(|e| detached(e, &layout.boxes)).sum(),
        crossings: pairs(edges.len())
            .map(|(i, j)| crossings(&edges[i], &edges[j]))
            .sum(),
        edge_overlaps: pairs(edges.len())
            .filter(|&(i, j)| overlap(&edges[i], &edges[j]))
            .count(),
        label_collisions: label_collisions(layout),
        bends: edges.iter().map(|e| e.points.len().saturating_sub(2)).sum(),
        area: w * h,
        aspect: w / h,
        a4_text_scale: (A4_W / w)
            .min(A4_H / h)
            .max((A4_H / w).min(A4_W / h))
            .min(1.0),
    }
}

fn segments(e: &RoutedEdge) -> impl Iterator<Item = (Point, Point)> + '_ {
    e.points.windows(2).map(|w| (w[0], w[1]))
}

fn centre(r: &Rect) -> Point {
    Point::new(r.cx(), r.cy())
}

fn on_path(e: &RoutedEdge, p: Point) -> bool {
    segments(e).any(|(a, b)| geometry::distance_to_segment(p, a, b) <= TOLERANCE)
}

/// How many of an edge's two ends are not on their box's outline.
fn detached(e: &RoutedEdge, boxes: &[PlacedBox]) -> usize {
    let (Some(first), Some(last)) = (e.points.first(), e.points.last()) else {
        return 2;
    };
    usize::from(!on_outline(&boxes[e.from], *first)) + usize::from(!on_outline(&boxes[e.to], *last))
}

/// Whether `p` is on the drawn outline: pointed ends only touch the
/// bounding box at their tips, and a hand-over is pointed on its right.
fn on_outline(b: &PlacedBox, p: Point) -> bool {
    let r = b.rect;
    if !r.on_border(p, TOLERANCE) {
        return false;
    }
    let d = b.point_depth;
    let flat = |left: f32, right: f32| {
        p.x >= r.x + left - TOLERANCE && p.x <= r.right() - right + TOLERANCE
    };
    let on_top_or_bottom = (p.y - r.y).abs() <= TOLERANCE || (p.y - r.bottom()).abs() <= TOLERANCE;
    let at_tip = (p.y - r.cy()).abs() <= TOLERANCE;
    match b.shape {
        Shape::Question => (on_top_or_bottom && flat(d, d)) || at_tip,
        Shape::Handover => {
            (on_top_or_bottom && flat(0.0, d)) || ((p.x - r.x).abs() <= TOLERANCE) || at_tip
        }
        Shape::Step | Shape::Ruling => true,
    }
}

fn crossings(a: &RoutedEdge, b: &RoutedEdge) -> usize {
    segments(a)
        .map(|(p, q)| {
            segments(b)
                .filter(|&(r, s)| geometry::segments_cross(p, q, r, s))
                .count()
        })
        .sum()
}

fn overlap(a: &RoutedEdge, b: &RoutedEdge) -> bool {
    segments(a)
        .any(|(p, q)| segments(b).any(|(r, s)| geometry::collinear_overlap(p, q, r, s) > 1.0))
}

/// Labels lying over a box, another label, or an edge not their own.
fn label_collisions(layout: &Layout) -> usize {
    let labelled: Vec<(usize, Rect)> = layout
        .edges
        .iter()
        .enumerate()
        .filter_map(|(i, e)| e.label.as_ref().map(|l| (i, l.rect)))
        .collect();
    let mut count = 0;
    for (k, (i, rect)) in labelled.iter().enumerate() {
        count += layout
            .boxes
            .iter()
            .filter(|b| b.rect.overlaps(rect))
            .count();
        count += labelled[k + 1..]
            .iter()
            .filter(|(_, other)| other.overlaps(rect))
            .count();
        let others = layout.edges.iter().enumerate().filter(|(j, _)| j != i);
        count += others
            .filter(|(_, e)| segments(e).any(|(a, b)| rect.cut_by(a, b)))
            .count();
    }
    count
}
