//! Where each edge leaves and enters its boxes, horizontally: bottom ports
//! at their offsets, side ends turning down beyond their label, arrows
//! spread along the top of a box in the order they arrive, and a side exit
//! drawn as one clean bend when nothing lies in its way.

use super::boxes::Sized;
use super::geometry::EPS;
use super::graph::{Chart, Port};
use super::rank::Layers;

/// Widest spacing of arrows arriving at one box.
const ENTRY_SPACING: f32 = 16.0;
/// Least distance of an arrow from the corner of its box's top.
const ENTRY_MARGIN: f32 = 6.0;

/// Per flow: the x where it leaves its upper box, where it turns down, and
/// where it enters its lower box; and whether it is one bend from a side.
pub(super) struct Ends {
    pub exit: Vec<f32>,
    pub turn: Vec<f32>,
    pub entry: Vec<f32>,
    pub bent_once: Vec<bool>,
}

/// Work out every flow's horizontal ends.
pub(super) fn ends(layers: &Layers, xs: &[f32], chart: &Chart, sized: &[Sized]) -> Ends {
    let n = chart.flows.len();
    let mut ends = Ends {
        exit: vec![0.0; n],
        turn: vec![0.0; n],
        entry: vec![0.0; n],
        bent_once: vec![false; n],
    };
    for (i, f) in chart.flows.iter().enumerate() {
        let (x, s) = (xs[f.upper], &sized[f.upper]);
        (ends.exit[i], ends.turn[i]) = match f.port {
            Port::Bottom(k) => (x + s.bottom_offsets[k], x + s.bottom_offsets[k]),
            Port::Left => (x - s.w / 2.0, x - s.w / 2.0 - s.left_reserve),
            Port::Right | Port::Loop => (x + s.w / 2.0, x + s.w / 2.0 + s.right_reserve),
        };
    }
    spread_entries(layers, xs, sized, &mut ends);
    for (i, f) in chart.flows.iter().enumerate() {
        if matches!(f.port, Port::Left | Port::Right) && layers.chains[i].len() > 1 {
            bend_once_if_clear(layers, xs, i, f.port, &mut ends);
        }
    }
    ends
}

/// Spread the arrows into each box along its top, in the order of the x
/// they come from; one coming from straight above keeps the centre.
fn spread_entries(layers: &Layers, xs: &[f32], sized: &[Sized], ends: &mut Ends) {
    let mut arriving: Vec<Vec<(f32, usize)>> = vec![Vec::new(); sized.len()];
    for (i, chain) in layers.chains.iter().enumerate() {
        if let [.., before, last] = chain[..] {
            let from = if chain.len() == 2 {
                ends.turn[i]
            } else {
                xs[before]
            };
            arriving[last].push((from, i));
        }
    }
    for (v, mut flows) in arriving.into_iter().enumerate() {
        flows.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let (low, high) = top_span(xs[v], &sized[v]);
        let from: Vec<f32> = flows.iter().map(|f| f.0).collect();
        for (x, (_, flow)) in entry_xs(xs[v], low, high, &from).into_iter().zip(&flows) {
            ends.entry[*flow] = x;
        }
    }
}

/// The stretch of a box's top edge arrows may enter, inside its points.
fn top_span(x: f32, s: &Sized) -> (f32, f32) {
    let depth = s.point_depth();
    let low = x - s.w / 2.0 + depth + ENTRY_MARGIN;
    let high = x + s.w / 2.0 - depth - ENTRY_MARGIN;
    (low.min(x), high.max(x))
}

/// The x of each arrow into a box centred on `cx` whose top spans
/// `low..high`, for arrows coming from the sorted x's in `from`.
fn entry_xs(cx: f32, low: f32, high: f32, from: &[f32]) -> Vec<f32> {
    let k = from.len();
    if k <= 1 {
        return vec![cx; k];
    }
    if let Some(p) = from.iter().position(|x| (x - cx).abs() < EPS) {
        let left = (cx - low) / p.max(1) as f32;
        let right = (high - cx) / (k - 1 - p).max(1) as f32;
        let (left, right) = (left.min(ENTRY_SPACING), right.min(ENTRY_SPACING));
        return (0..k)
            .map(|i| {
                if i < p {
                    cx - (p - i) as f32 * left
                } else {
                    cx + (i - p) as f32 * right
                }
            })
            .collect();
    }
    let spacing = ((high - low) / (k - 1) as f32).min(ENTRY_SPACING);
    let first = cx - spacing * (k - 1) as f32 / 2.0;
    (0..k).map(|i| first + spacing * i as f32).collect()
}

/// A side exit whose next point lies beyond its turn goes straight out to
/// above it and down, if that line meets no other item or its side room.
fn bend_once_if_clear(layers: &Layers, xs: &[f32], flow: usize, port: Port, ends: &mut Ends) {
    let chain = &layers.chains[flow];
    let target = if chain.len() == 2 {
        ends.entry[flow]
    } else {
        xs[chain[1]]
    };
    let beyond = match port {
        Port::Left => target <= ends.turn[flow] + EPS,
        _ => target >= ends.turn[flow] - EPS,
    };
    let (low, high) = (target.min(ends.exit[flow]), target.max(ends.exit[flow]));
    let upper = chain[0];
    let rank = &layers.ranks[layers.rank_of[upper]];
    let clear = rank.iter().filter(|&&item| item != upper).all(|&item| {
        let it = &layers.items[item];
        let (a, b) = (
            xs[item] - it.w / 2.0 - it.left,
            xs[item] + it.w / 2.0 + it.right,
        );
        b < low - ENTRY_MARGIN || a > high + ENTRY_MARGIN
    });
    if beyond && clear {
        ends.turn[flow] = target;
        ends.bent_once[flow] = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_arrow_enters_at_the_centre() {
        assert_eq!(entry_xs(50.0, 10.0, 90.0, &[0.0]), vec![50.0]);
    }

    #[test]
    fn an_arrow_from_straight_above_keeps_the_centre_and_others_go_beside_it() {
        assert_eq!(
            entry_xs(50.0, 10.0, 90.0, &[0.0, 50.0, 200.0]),
            vec![34.0, 50.0, 66.0]
        );
    }

    #[test]
    fn arrows_from_elsewhere_spread_evenly_about_the_centre() {
        assert_eq!(
            entry_xs(50.0, 40.0, 60.0, &[0.0, 10.0, 200.0]),
            vec![40.0, 50.0, 60.0]
        );
    }
}
