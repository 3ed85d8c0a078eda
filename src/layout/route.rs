//! Vertical placement and the paths: each rank is a row of boxes centred on
//! one line; the gap below it holds the answer labels, then the tracks of
//! edges moving sideways. Paths are built from the ports and tracks, so
//! they only cross a row beside its boxes, never through one.

use super::boxes::{self, Label, Sized};
use super::geometry::{EPS, Point, Rect};
use super::graph::{Chart, Port};
use super::ports::{self, Ends};
use super::rank::Layers;
use super::tracks::{self, Run};
use super::{EdgeLabel, LayoutOptions};

/// Boxes' rectangles, edge paths and labels, in input order.
pub(super) struct Routed {
    pub rects: Vec<Rect>,
    pub paths: Vec<Vec<Point>>,
    pub labels: Vec<Option<EdgeLabel>>,
}

/// The y of each row and of each track in the gaps between rows.
struct Rows {
    centre: Vec<f32>,
    /// Per segment, the y of its track (if it moves sideways).
    track_y: Vec<Option<f32>>,
}

/// Place the rows and route every edge.
pub(super) fn route(
    layers: &Layers,
    xs: &[f32],
    chart: &Chart,
    sized: &[Sized],
    labels: &[Option<Label>],
    o: &LayoutOptions,
) -> Routed {
    let ends = ports::ends(layers, xs, chart, sized);
    let rows = place_rows(layers, xs, chart, sized, labels, &ends, o);
    let rects: Vec<Rect> = sized
        .iter()
        .enumerate()
        .map(|(v, s)| Rect::centered(xs[v], rows.centre[chart.ranks[v]], s.w, s.h))
        .collect();
    let paths = (0..chart.flows.len())
        .map(|f| path(layers, xs, chart, &rects, &ends, &rows, f))
        .collect();
    let labels = (0..chart.flows.len())
        .map(|f| place_label(chart, &rects, &ends, labels[f].as_ref(), f, o))
        .collect();
    Routed {
        rects,
        paths,
        labels,
    }
}

/// Where a segment enters the gap from above and leaves it below.
fn segment_xs(layers: &Layers, xs: &[f32], ends: &Ends, flow: usize, k: usize) -> (f32, f32) {
    let chain = &layers.chains[flow];
    let top = if k == 0 {
        ends.turn[flow]
    } else {
        xs[chain[k]]
    };
    let bottom = if k + 2 == chain.len() {
        ends.entry[flow]
    } else {
        xs[chain[k + 1]]
    };
    (top, bottom)
}

/// Rows and tracks: each gap is as tall as its labels and tracks need.
fn place_rows(
    layers: &Layers,
    xs: &[f32],
    chart: &Chart,
    sized: &[Sized],
    labels: &[Option<Label>],
    ends: &Ends,
    o: &LayoutOptions,
) -> Rows {
    let count = layers.ranks.len();
    let mut runs: Vec<Vec<(usize, Run)>> = vec![Vec::new(); count];
    for (flow, segs) in layers.chain_segments.iter().enumerate() {
        for (k, &s) in segs.iter().enumerate() {
            let (top, bottom) = segment_xs(layers, xs, ends, flow, k);
            if (top - bottom).abs() > EPS && !(k == 0 && ends.bent_once[flow]) {
                runs[layers.rank_of[layers.segments[s].upper]].push((s, Run { top, bottom }));
            }
        }
    }
    let mut row_h = vec![0.0f32; count];
    for (v, s) in sized.iter().enumerate() {
        row_h[chart.ranks[v]] = row_h[chart.ranks[v]].max(s.h);
    }
    let mut zone = vec![0.0f32; count];
    for (f, flow) in chart.flows.iter().enumerate() {
        if let (Port::Bottom(_), Some(l)) = (flow.port, &labels[f]) {
            zone[chart.ranks[flow.upper]] =
                zone[chart.ranks[flow.upper]].max(l.h + 2.0 * o.label_margin);
        }
    }
    let mut rows = Rows {
        centre: vec![0.0; count],
        track_y: vec![None; layers.segments.len()],
    };
    let mut top = 0.0;
    for r in 0..count {
        rows.centre[r] = top + row_h[r] / 2.0;
        let bottom = top + row_h[r];
        let gap_runs: Vec<Run> = runs[r].iter().map(|(_, run)| *run).collect();
        let (track, tracks) = tracks::assign(&gap_runs);
        for ((s, _), t) in runs[r].iter().zip(track) {
            rows.track_y[*s] = Some(bottom + zone[r] + (t + 1) as f32 * o.track_gap);
        }
        top = bottom + o.rank_gap.max(zone[r] + (tracks + 1) as f32 * o.track_gap);
    }
    rows
}

/// The corners of one edge's path, from its source's outline to its target's.
fn path(
    layers: &Layers,
    xs: &[f32],
    chart: &Chart,
    rects: &[Rect],
    ends: &Ends,
    rows: &Rows,
    flow: usize,
) -> Vec<Point> {
    let f = &chart.flows[flow];
    let from = rects[f.upper];
    if f.port == Port::Loop {
        return loop_path(&from, ends.turn[flow] - from.right());
    }
    let mut points = match f.port {
        Port::Bottom(_) => vec![Point::new(ends.exit[flow], from.bottom())],
        _ => vec![
            Point::new(ends.exit[flow], from.cy()),
            Point::new(ends.turn[flow], from.cy()),
        ],
    };
    for (k, &s) in layers.chain_segments[flow].iter().enumerate() {
        let (top, bottom) = segment_xs(layers, xs, ends, flow, k);
        if let Some(y) = rows.track_y[s] {
            points.push(Point::new(top, y));
            points.push(Point::new(bottom, y));
        }
    }
    points.push(Point::new(ends.entry[flow], rects[f.lower].y));
    let mut points = simplify(points);
    if f.reversed {
        points.reverse();
    }
    points
}

/// A small loop out of a box's right side and back.
fn loop_path(from: &Rect, reach: f32) -> Vec<Point> {
    let (x, y) = (from.right(), from.cy());
    let reach = reach.max(12.0);
    vec![
        Point::new(x, y - 6.0),
        Point::new(x + reach, y - 6.0),
        Point::new(x + reach, y + 6.0),
        Point::new(x, y + 6.0),
    ]
}

/// Drop repeated points and points in the middle of a straight run.
fn simplify(points: Vec<Point>) -> Vec<Point> {
    let mut out: Vec<Point> = Vec::with_capacity(points.len());
    for p in points {
        if out
            .last()
            .is_some_and(|q| (q.x - p.x).abs() < EPS && (q.y - p.y).abs() < EPS)
        {
            continue;
        }
        if let [.., a, b] = out[..] {
            let vertical = (a.x - b.x).abs() < EPS && (b.x - p.x).abs() < EPS;
            let horizontal = (a.y - b.y).abs() < EPS && (b.y - p.y).abs() < EPS;
            if vertical || horizontal {
                out.pop();
            }
        }
        out.push(p);
    }
    out
}

/// An answer label on its edge: under a bottom port, or on the stretch
/// just outside a side end.
fn place_label(
    chart: &Chart,
    rects: &[Rect],
    ends: &Ends,
    label: Option<&Label>,
    flow: usize,
    o: &LayoutOptions,
) -> Option<EdgeLabel> {
    let label = label?;
    let from = rects[chart.flows[flow].upper];
    let (cx, cy) = match chart.flows[flow].port {
        Port::Bottom(_) => (
            ends.exit[flow],
            from.bottom() + o.label_margin + label.h / 2.0,
        ),
        Port::Left => (from.x - o.label_margin - label.w / 2.0, from.cy()),
        Port::Right => (from.right() + o.label_margin + label.w / 2.0, from.cy()),
        Port::Loop => (ends.turn[flow].max(from.right() + 12.0), from.cy()),
    };
    let rect = Rect::centered(cx, cy, label.w, label.h);
    if super::sizing() {
        return Some(EdgeLabel {
            text: String::new(),
            rect,
            lines: Vec::new(),
        });
    }
    let mut top = rect.y + boxes::label_pad_y();
    let lines = boxes::place_lines(&label.lines, cx, &mut top, o.label_size);
    Some(EdgeLabel {
        text: label.text.to_string(),
        rect,
        lines,
    })
}
