//! Where each edge leaves and enters its boxes, horizontally: bottom ports
//! at their offsets, side ends turning down beyond their label, arrows
//! spread along the top of a box in the order they arrive, and a side exit
//! drawn as one clean bend when nothing lies in its way.

use super::boxes::Sized;
use super::geometry::EPS;
use super::graph::{Chart, Port};
use super::rank::Layers;

/// Spacing of arrows arriving at one box side by side.
const ENTRY_GAP: f32 = 12.0;
/// Least distance between an arrow and another edge's line in the same gap.
const DODGE: f32 = 4.0;
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
    let mut stubs = Vec::new();
    for (i, f) in chart.flows.iter().enumerate() {
        if matches!(f.port, Port::Left | Port::Right) && layers.chains[i].len() > 1 {
            bend_once_if_clear(layers, xs, i, f.port, &mut ends, &mut stubs);
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
    let leaving = verticals_leaving(layers, xs, ends);
    for (v, mut flows) in arriving.into_iter().enumerate() {
        flows.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let (low, high) = top_span(xs[v], &sized[v]);
        let from: Vec<f32> = flows.iter().map(|f| f.0).collect();
        let mut entries = entry_xs(xs[v], low, high, &from);
        if let Some(above) = layers.rank_of[v].checked_sub(1) {
            let ids: Vec<usize> = flows.iter().map(|f| f.1).collect();
            dodge(&mut entries, &ids, &leaving[above], (low, high));
        }
        for (x, flow) in entries.into_iter().zip(flows.iter().map(|f| f.1)) {
            ends.entry[flow] = x;
        }
    }
}

/// Per rank, the x (and flow) of every line going down from it into the gap below.
fn verticals_leaving(layers: &Layers, xs: &[f32], ends: &Ends) -> Vec<Vec<(f32, usize)>> {
    let mut leaving = vec![Vec::new(); layers.ranks.len()];
    for (flow, chain) in layers.chains.iter().enumerate() {
        for (k, &item) in chain.iter().enumerate().take(chain.len().saturating_sub(1)) {
            let x = if k == 0 { ends.turn[flow] } else { xs[item] };
            leaving[layers.rank_of[item]].push((x, flow));
        }
    }
    leaving
}

/// Move arrows off an x where another edge comes down into the same gap,
/// so no two edges ever run along one line; order and spacing are kept.
fn dodge(entries: &mut [f32], flows: &[usize], leaving: &[(f32, usize)], (low, high): (f32, f32)) {
    let taken = |x: f32, flow: usize| {
        leaving
            .iter()
            .any(|&(y, f)| f != flow && (x - y).abs() < DODGE)
    };
    for i in 0..entries.len() {
        if !taken(entries[i], flows[i]) {
            continue;
        }
        let lower = if i > 0 { entries[i - 1] + DODGE } else { low };
        let upper = if i + 1 < entries.len() {
            entries[i + 1] - DODGE
        } else {
            high
        };
        let tries = (1..=6).flat_map(|k| [k as f32 * DODGE, -(k as f32) * DODGE]);
        if let Some(x) = tries
            .map(|d| entries[i] + d)
            .find(|&x| x >= lower && x <= upper && !taken(x, flows[i]))
        {
            entries[i] = x;
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
/// `low..high`, for arrows coming from the sorted x's in `from`: straight
/// down where the top allows, else as near as the spacing allows; a lone
/// arrow from beyond the box enters at the centre.
fn entry_xs(cx: f32, low: f32, high: f32, from: &[f32]) -> Vec<f32> {
    let k = from.len();
    if k == 0 {
        return Vec::new();
    }
    if k == 1 {
        let straight = from[0] >= low && from[0] <= high;
        return vec![if straight { from[0] } else { cx }];
    }
    let mut xs: Vec<f32> = from.iter().map(|x| x.clamp(low, high)).collect();
    for i in 1..k {
        xs[i] = xs[i].max(xs[i - 1] + ENTRY_GAP);
    }
    xs[k - 1] = xs[k - 1].min(high);
    for i in (0..k - 1).rev() {
        xs[i] = xs[i].min(xs[i + 1] - ENTRY_GAP);
    }
    if xs.first().is_some_and(|&x| x >= low - EPS) && xs.last().is_some_and(|&x| x <= high + EPS) {
        return xs;
    }
    let spacing = if k > 1 {
        ((high - low) / (k - 1) as f32).min(ENTRY_GAP)
    } else {
        0.0
    };
    let first = cx - spacing * k.saturating_sub(1) as f32 / 2.0;
    (0..k).map(|i| first + spacing * i as f32).collect()
}

/// A side exit whose next point lies beyond its turn goes straight out to
/// above it and down, if that line meets no other item, side room or such
/// line (`stubs`: rank and span of those drawn so far).
fn bend_once_if_clear(
    layers: &Layers,
    xs: &[f32],
    flow: usize,
    port: Port,
    ends: &mut Ends,
    stubs: &mut Vec<(usize, f32, f32)>,
) {
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
    let rank_index = layers.rank_of[upper];
    let free = stubs
        .iter()
        .all(|&(r, a, b)| r != rank_index || b < low - ENTRY_MARGIN || a > high + ENTRY_MARGIN);
    if beyond && clear && free {
        ends.turn[flow] = target;
        ends.bent_once[flow] = true;
        stubs.push((rank_index, low, high));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_arrow_enters_straight_if_it_can_else_at_the_centre() {
        assert_eq!(entry_xs(50.0, 10.0, 90.0, &[30.0]), vec![30.0]);
        assert_eq!(entry_xs(50.0, 10.0, 90.0, &[0.0]), vec![50.0]);
    }

    #[test]
    fn arrows_enter_straight_where_they_can_and_keep_their_spacing() {
        assert_eq!(
            entry_xs(50.0, 10.0, 90.0, &[0.0, 50.0, 55.0, 200.0]),
            vec![10.0, 50.0, 62.0, 90.0]
        );
    }

    #[test]
    fn arrows_too_many_for_the_top_spread_evenly_about_the_centre() {
        assert_eq!(
            entry_xs(50.0, 45.0, 55.0, &[0.0, 10.0, 200.0]),
            vec![45.0, 50.0, 55.0]
        );
    }
}
