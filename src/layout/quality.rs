//! Measures of a finished layout: the hard rules (no box overlaps, no edge
//! through a box, labels on their edges, both ends attached) and the soft
//! ones (crossings, bends, size, and how large the text prints on A4).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::geometry::{self, Point, Rect};
use super::{Layout, PlacedBox, RoutedEdge, Shape};

/// A4 in points, less a 10 mm margin on every side.
const A4_W: f32 = 595.28 - 2.0 * 28.35;
const A4_H: f32 = 841.89 - 2.0 * 28.35;
/// How far a point may be from where it should be and still count.
const TOLERANCE: f32 = 0.5;

/// What was measured; the first four must be 0 in every layout.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
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
    /// Pairs of edges from different boxes that run along each other for a
    /// stretch. (Answers of one question stacked in a column share the line
    /// that feeds it, by design, and are not counted.)
    pub edge_overlaps: usize,
    /// Labels over a box, another label, or another edge.
    pub label_collisions: usize,
    /// Pairs of answers of one question that leave it in the other order
    /// from the one they keep across the chart (first written, leftmost).
    pub answers_out_of_order: usize,
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
        crossings: path_crossings(edges.iter().map(|e| e.points.as_slice())),
        edge_overlaps: pairs(edges.len())
            .filter(|&(i, j)| edges[i].from != edges[j].from && overlap(&edges[i], &edges[j]))
            .count(),
        label_collisions: label_collisions(layout),
        answers_out_of_order: answers_out_of_order(edges),
        bends: edges.iter().map(|e| e.points.len().saturating_sub(2)).sum(),
        area: w * h,
        aspect: w / h,
        a4_text_scale: a4_text_scale(w, h),
    }
}

/// How much a drawing `w` by `h` points shrinks to fit an A4 page with
/// 10 mm margins, upright or on its side, whichever is larger (at most 1).
pub fn a4_text_scale(w: f32, h: f32) -> f32 {
    let (w, h) = (w.max(1.0), h.max(1.0));
    (A4_W / w)
        .min(A4_H / h)
        .max((A4_H / w).min(A4_W / h))
        .min(1.0)
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

/// Points where two of the paths cross (each pair of paths counted apart).
/// Segments are sorted into horizontal bands, so only segments that share
/// a band are compared: a large chart's thousands of edges are not each
/// set against every other.
pub(super) fn path_crossings<'a>(paths: impl Iterator<Item = &'a [Point]>) -> usize {
    let segs: Vec<(usize, Point, Point)> = paths
        .enumerate()
        .flat_map(|(path, points)| points.windows(2).map(move |w| (path, w[0], w[1])))
        .collect();
    banded_crossings(segs)
}

/// [`path_crossings`] of the segments (each with its path), sorted into bands.
fn banded_crossings(segs: Vec<(usize, Point, Point)>) -> usize {
    struct Seg {
        path: usize,
        a: Point,
        b: Point,
        bands: (usize, usize),
    }
    const BAND: f32 = 64.0;
    let Some(top) = segs.iter().map(|(_, a, b)| a.y.min(b.y)).reduce(f32::min) else {
        return 0;
    };
    let band = |y: f32| -> usize {
        let b = ((y - top) / BAND).floor();
        // Non-finite or absurd coordinates all share the last band.
        if b.is_finite() && b >= 0.0 {
            (b as usize).min(1 << 20)
        } else {
            1 << 20
        }
    };
    let segs: Vec<Seg> = segs
        .into_iter()
        .map(|(path, a, b)| Seg {
            path,
            a,
            b,
            bands: (band(a.y.min(b.y)), band(a.y.max(b.y))),
        })
        .collect();
    let mut members: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for (i, s) in segs.iter().enumerate() {
        for b in s.bands.0..=s.bands.1 {
            members.entry(b).or_default().push(i);
        }
    }
    let boxed = |s: &Seg| {
        (
            s.a.x.min(s.b.x),
            s.a.x.max(s.b.x),
            s.a.y.min(s.b.y),
            s.a.y.max(s.b.y),
        )
    };
    let mut count = 0;
    for (&band, list) in &members {
        for (k, &i) in list.iter().enumerate() {
            let (p, pb) = (&segs[i], boxed(&segs[i]));
            for &j in &list[k + 1..] {
                let q = &segs[j];
                // Each pair is counted once: in the first band both are in.
                if p.path == q.path || p.bands.0.max(q.bands.0) != band {
                    continue;
                }
                let qb = boxed(q);
                if pb.0 > qb.1 || qb.0 > pb.1 || pb.2 > qb.3 || qb.2 > pb.3 {
                    continue;
                }
                if geometry::segments_cross(p.a, p.b, q.a, q.b) {
                    count += 1;
                }
            }
        }
    }
    count
}

fn overlap(a: &RoutedEdge, b: &RoutedEdge) -> bool {
    segments(a)
        .any(|(p, q)| segments(b).any(|(r, s)| geometry::collinear_overlap(p, q, r, s) > 1.0))
}

/// Pairs of labelled edges leaving one box where the answer that comes
/// later in the chart's order of answers (first appearance) leaves further left.
fn answers_out_of_order(edges: &[RoutedEdge]) -> usize {
    let mut seen: Vec<&str> = Vec::new();
    let rank: Vec<Option<usize>> = edges
        .iter()
        .map(|e| {
            let label = e.label.as_ref()?.text.as_str();
            Some(seen.iter().position(|s| *s == label).unwrap_or_else(|| {
                seen.push(label);
                seen.len() - 1
            }))
        })
        .collect();
    let mut count = 0;
    for (i, a) in edges.iter().enumerate() {
        for (j, b) in edges.iter().enumerate().skip(i + 1) {
            let (Some(ra), Some(rb)) = (rank[i], rank[j]) else {
                continue;
            };
            let (Some(pa), Some(pb)) = (a.points.first(), b.points.first()) else {
                continue;
            };
            let (early, late) = if ra < rb { (pa, pb) } else { (pb, pa) };
            if a.from == b.from && ra != rb && early.x > late.x + TOLERANCE {
                count += 1;
            }
        }
    }
    count
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The crossings of `segs` counted pair by pair: what the bands must give.
    fn pair_by_pair(segs: &[(usize, Point, Point)]) -> usize {
        let mut count = 0;
        for (k, &(p, a, b)) in segs.iter().enumerate() {
            let (x0, x1, y0, y1) = (a.x.min(b.x), a.x.max(b.x), a.y.min(b.y), a.y.max(b.y));
            for &(q, c, d) in &segs[k + 1..] {
                if p == q
                    || x0 > c.x.max(d.x)
                    || c.x.min(d.x) > x1
                    || y0 > c.y.max(d.y)
                    || c.y.min(d.y) > y1
                {
                    continue;
                }
                if geometry::segments_cross(a, b, c, d) {
                    count += 1;
                }
            }
        }
        count
    }

    #[test]
    fn banded_crossing_counts_are_those_of_every_pair() {
        // Random staircase paths, as the router makes: both counts match,
        // and some of them cross.
        let mut seed = 7u64;
        let mut next = |m: u64| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) % m
        };
        let mut crossed = 0;
        for _ in 0..300 {
            let paths = 1 + next(12) as usize;
            let mut segs = Vec::new();
            for path in 0..paths {
                let mut at = Point::new(next(300) as f32, next(300) as f32);
                for k in 0..1 + next(5) {
                    let to = if k % 2 == 0 {
                        Point::new(next(300) as f32, at.y)
                    } else {
                        Point::new(at.x, at.y + next(200) as f32)
                    };
                    segs.push((path, at, to));
                    at = to;
                }
            }
            let every = pair_by_pair(&segs);
            assert_eq!(banded_crossings(segs), every);
            crossed += every;
        }
        assert!(crossed > 100, "{crossed}");
    }
}
