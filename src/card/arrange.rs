//! Panels on one side of a card: one under the other, or in two or three
//! columns side by side (each a stack of panels in reading order, read
//! left to right), with the first panel across the top above the columns
//! if that prints larger. Of these few arrangements the one that prints
//! largest is kept, so a side is searched in microseconds.

use super::page::Frame;

/// Space between two panels on a side.
pub const PANEL_GAP: f32 = 14.0;
/// The most columns on a side.
const MAX_COLUMNS: usize = 3;
/// Slack for rounding when comparing scales.
const EPSILON: f32 = 0.001;

/// Panels placed on a side, in drawing units (before the side's scale).
#[derive(Clone, Debug, PartialEq)]
pub struct Arrangement {
    /// The width of the whole.
    pub width: f32,
    /// The height of the whole.
    pub height: f32,
    /// Per panel, in the order given, where its top-left corner goes.
    pub places: Vec<(f32, f32)>,
    /// How many columns the panels (less one across the top) are in.
    pub columns: usize,
}

impl Arrangement {
    /// The most the whole may be scaled by on a side of `frame`.
    pub fn scale_in(&self, frame: &Frame) -> f32 {
        frame.scale_for(self.width, self.height)
    }
}

/// The arrangement of panels of `sizes` (widths and heights, in reading
/// order) that prints largest on a side of `frame`; of equals, the first
/// tried: one column before two, two before three, none across the top
/// before one.
pub fn arrange(sizes: &[(f32, f32)], frame: &Frame) -> Arrangement {
    let mut best: Option<(f32, Arrangement)> = None;
    for top in [false, true] {
        // A panel across the top of a single other one is just a column.
        if top && sizes.len() < 3 {
            continue;
        }
        let below = sizes.len() - usize::from(top);
        for cuts in column_cuts(below) {
            let arrangement = place(sizes, top, &cuts);
            let scale = arrangement.scale_in(frame);
            if best.as_ref().is_none_or(|(s, _)| scale > s + EPSILON) {
                best = Some((scale, arrangement));
            }
        }
    }
    best.map_or_else(
        || Arrangement {
            width: 0.0,
            height: 0.0,
            places: Vec::new(),
            columns: 0,
        },
        |(_, a)| a,
    )
}

/// Every way to cut `n` panels into one to three columns of panels next
/// to one another in order: each way as the index each column starts at.
fn column_cuts(n: usize) -> Vec<Vec<usize>> {
    let mut cuts = vec![vec![0]];
    if n == 0 {
        return cuts;
    }
    for columns in 2..=MAX_COLUMNS.min(n) {
        let mut starts = vec![0; columns];
        fill(&mut starts, 1, 1, n, &mut cuts);
    }
    cuts
}

/// Every increasing choice of `starts[k..]` from `from` below `n`.
fn fill(starts: &mut [usize], k: usize, from: usize, n: usize, out: &mut Vec<Vec<usize>>) {
    if k == starts.len() {
        out.push(starts.to_vec());
        return;
    }
    // Leave one panel for every column still to start.
    for s in from..=n - (starts.len() - k) {
        starts[k] = s;
        fill(starts, k + 1, s + 1, n, out);
    }
}

/// The panels placed: the first across the top if `top`, the rest in
/// columns starting at `cuts` (indices among the rest); each panel centred
/// in its column, the columns top-aligned and centred under the top.
fn place(sizes: &[(f32, f32)], top: bool, cuts: &[usize]) -> Arrangement {
    let rest = &sizes[usize::from(top)..];
    let mut columns: Vec<(f32, f32)> = Vec::with_capacity(cuts.len());
    for (k, &start) in cuts.iter().enumerate() {
        let end = cuts.get(k + 1).copied().unwrap_or(rest.len());
        let members = &rest[start..end];
        let w = members.iter().map(|s| s.0).fold(0.0, f32::max);
        let h = members.iter().map(|s| s.1).sum::<f32>()
            + PANEL_GAP * members.len().saturating_sub(1) as f32;
        columns.push((w, h));
    }
    let columns_w =
        columns.iter().map(|c| c.0).sum::<f32>() + PANEL_GAP * (columns.len() - 1) as f32;
    let columns_h = columns.iter().map(|c| c.1).fold(0.0, f32::max);
    let (top_w, top_h) = if top { sizes[0] } else { (0.0, 0.0) };
    let width = columns_w.max(top_w);
    let below = if top { top_h + PANEL_GAP } else { 0.0 };
    let mut places = Vec::with_capacity(sizes.len());
    if top {
        places.push(((width - top_w) / 2.0, 0.0));
    }
    let mut x = (width - columns_w) / 2.0;
    for (k, &start) in cuts.iter().enumerate() {
        let end = cuts.get(k + 1).copied().unwrap_or(rest.len());
        let (column_w, _) = columns[k];
        let mut y = below;
        for &(w, h) in &rest[start..end] {
            places.push((x + (column_w - w) / 2.0, y));
            y += h + PANEL_GAP;
        }
        x += column_w + PANEL_GAP;
    }
    Arrangement {
        width,
        height: below + columns_h,
        places,
        columns: cuts.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::page::{Heading, Orientation, Paper};

    fn frame(orientation: Orientation) -> Frame {
        let heading = Heading {
            title: "A chart".into(),
            laws: vec![(48, "Exposure of Declarer's Cards".into())],
        };
        Frame::new(Paper::A4, orientation, &heading, false)
    }

    #[test]
    fn every_cut_into_up_to_three_columns_is_tried_once() {
        assert_eq!(column_cuts(1), [vec![0]]);
        assert_eq!(column_cuts(2), [vec![0], vec![0, 1]]);
        assert_eq!(column_cuts(3).len(), 1 + 2 + 1);
        assert_eq!(column_cuts(5).len(), 1 + 4 + 6);
    }

    #[test]
    fn panels_too_tall_to_stack_sit_side_by_side() {
        let f = frame(Orientation::Landscape);
        let (w, h) = (f.chart.w, f.chart.h);
        // Two panels each a little narrower than half the side and most
        // of its height: they fit only next to each other.
        let sizes = [(0.45 * w, 0.9 * h), (0.4 * w, 0.7 * h)];
        let a = arrange(&sizes, &f);
        assert_eq!(a.columns, 2);
        assert!(a.scale_in(&f) >= 1.0);
        assert_eq!(a.places[0].1, a.places[1].1, "both at the top");
        assert!(a.places[1].0 >= a.places[0].0 + sizes[0].0 + PANEL_GAP - 0.01);
    }

    #[test]
    fn wide_flat_panels_stay_one_under_the_other() {
        let f = frame(Orientation::Portrait);
        let (w, h) = (f.chart.w, f.chart.h);
        let sizes = [(0.9 * w, 0.3 * h), (0.8 * w, 0.3 * h), (0.7 * w, 0.3 * h)];
        let a = arrange(&sizes, &f);
        assert_eq!(a.columns, 1);
        assert!(a.scale_in(&f) >= 1.0);
        let ys: Vec<f32> = a.places.iter().map(|p| p.1).collect();
        assert!(ys.windows(2).all(|y| y[0] < y[1]), "{ys:?}");
    }

    #[test]
    fn a_wide_first_panel_goes_across_the_top_of_two_columns() {
        let f = frame(Orientation::Portrait);
        let (w, h) = (f.chart.w, f.chart.h);
        let sizes = [(0.9 * w, 0.3 * h), (0.45 * w, 0.6 * h), (0.45 * w, 0.6 * h)];
        let a = arrange(&sizes, &f);
        assert!(a.scale_in(&f) >= 1.0);
        assert_eq!(a.columns, 2);
        let (top, left, right) = (a.places[0], a.places[1], a.places[2]);
        assert!(left.1 >= top.1 + sizes[0].1 + PANEL_GAP - 0.01);
        assert_eq!(left.1, right.1);
        assert!(right.0 > left.0);
    }

    #[test]
    fn no_two_panels_overlap() {
        let f = frame(Orientation::Landscape);
        let sizes = [
            (120.0, 300.0),
            (200.0, 90.0),
            (90.0, 90.0),
            (300.0, 200.0),
            (50.0, 40.0),
        ];
        let a = arrange(&sizes, &f);
        for i in 0..sizes.len() {
            for j in i + 1..sizes.len() {
                let (p, q) = (a.places[i], a.places[j]);
                let apart = p.0 + sizes[i].0 <= q.0 + 0.01
                    || q.0 + sizes[j].0 <= p.0 + 0.01
                    || p.1 + sizes[i].1 <= q.1 + 0.01
                    || q.1 + sizes[j].1 <= p.1 + 0.01;
                assert!(apart, "{i} and {j}: {a:?}");
            }
            assert!(a.places[i].0 + sizes[i].0 <= a.width + 0.01);
            assert!(a.places[i].1 + sizes[i].1 <= a.height + 0.01);
        }
    }
}
