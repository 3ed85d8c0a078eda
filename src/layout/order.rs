//! Crossing reduction: barycentre sweeps down and up the ranks, then
//! swaps of neighbours, keeping the order with the fewest crossings. A
//! segment's place on its box counts, so answers keep their sides.

use super::rank::Layers;

/// Rounds of sweeps; charts are small, so this is cheap.
const ROUNDS: usize = 12;
/// How much a port's place along its box shifts a barycentre.
const SLOT_WEIGHT: f32 = 0.8;

/// Reorder every rank to reduce edge crossings.
pub(super) fn reduce(layers: &mut Layers) {
    let mut best = layers.ranks.clone();
    let mut best_cost = total_crossings(layers);
    for _ in 0..ROUNDS {
        let before = layers.ranks.clone();
        let mut pos = positions(layers);
        for r in 1..layers.ranks.len() {
            reorder(layers, &mut pos, r, true);
        }
        for r in (0..layers.ranks.len().saturating_sub(1)).rev() {
            reorder(layers, &mut pos, r, false);
        }
        transpose(layers);
        let cost = total_crossings(layers);
        if cost < best_cost {
            best_cost = cost;
            best = layers.ranks.clone();
        }
        // A round that changed nothing would be followed by the same
        // rounds again: the sweeps are deterministic.
        if layers.ranks == before {
            break;
        }
    }
    layers.ranks = best;
}

/// Each item's place in its rank.
fn positions(layers: &Layers) -> Vec<f32> {
    let mut pos = vec![0.0; layers.items.len()];
    for rank in &layers.ranks {
        for (i, &item) in rank.iter().enumerate() {
            pos[item] = i as f32;
        }
    }
    pos
}

/// Sort rank `r` by the mean place of each item's neighbours above
/// (`from_above`) or below; items with none keep their place.
/// `pos` holds each item's place in its rank and is kept up to date.
fn reorder(layers: &mut Layers, pos: &mut [f32], r: usize, from_above: bool) {
    let centre = |item: usize| -> f32 {
        let segs = if from_above {
            &layers.ups[item]
        } else {
            &layers.downs[item]
        };
        if segs.is_empty() {
            return pos[item];
        }
        // Summed in order, as a sum over a list of the places would be.
        let sum = segs.iter().fold(0.0f32, |sum, &s| {
            let seg = &layers.segments[s];
            sum + if from_above {
                pos[seg.upper] + SLOT_WEIGHT * seg.slot
            } else {
                pos[seg.lower]
            }
        });
        sum / segs.len() as f32
    };
    let mut keyed: Vec<(f32, usize)> = layers.ranks[r]
        .iter()
        .map(|&item| (centre(item), item))
        .collect();
    keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
    layers.ranks[r] = keyed.into_iter().map(|(_, item)| item).collect();
    for (i, &item) in layers.ranks[r].iter().enumerate() {
        pos[item] = i as f32;
    }
}

/// Swap neighbours wherever that lowers the crossings around their rank.
fn transpose(layers: &mut Layers) {
    for _ in 0..4 {
        let mut improved = false;
        let mut pos = positions(layers);
        for r in 0..layers.ranks.len() {
            for i in 0..layers.ranks[r].len().saturating_sub(1) {
                let (u, v) = (layers.ranks[r][i], layers.ranks[r][i + 1]);
                if pair_crossings(layers, &pos, v, u) < pair_crossings(layers, &pos, u, v) {
                    layers.ranks[r].swap(i, i + 1);
                    (pos[u], pos[v]) = (pos[v], pos[u]);
                    improved = true;
                }
            }
        }
        if !improved {
            break;
        }
    }
}

/// Cost of two segments crossing; answers of one question that leave in
/// the wrong order cost more, since that also puts an answer on the wrong side.
const CROSSING: usize = 2;
const WRONG_SIDE: usize = 3;

/// Crossing cost between the segments of `left` and those of `right` when
/// `left` stands just left of `right`, above and below them.
fn pair_crossings(layers: &Layers, pos: &[f32], left: usize, right: usize) -> usize {
    let cost = |same: bool| if same { WRONG_SIDE } else { CROSSING };
    let upper = |s: usize| {
        let seg = &layers.segments[s];
        (seg.upper, pos[seg.upper] + SLOT_WEIGHT * seg.slot)
    };
    let mut total = 0;
    for &a in &layers.ups[left] {
        let (from_a, key_a) = upper(a);
        for &b in &layers.ups[right] {
            let (from_b, key_b) = upper(b);
            if key_a > key_b {
                total += cost(from_a == from_b);
            }
        }
    }
    // Below, both segments of a pair leave the same side of the pair, so
    // they come from one box only when `left` is `right`.
    for &a in &layers.downs[left] {
        let key_a = pos[layers.segments[a].lower];
        for &b in &layers.downs[right] {
            if key_a > pos[layers.segments[b].lower] {
                total += cost(left == right);
            }
        }
    }
    total
}

/// Crossing cost between all ranks.
pub(super) fn total_crossings(layers: &Layers) -> usize {
    let pos = positions(layers);
    (0..layers.ranks.len())
        .map(|r| gap_crossings(layers, &pos, r))
        .sum()
}

/// Crossing cost between the segments leaving rank `r`: two cross when
/// their ends are in opposite orders above and below. Segments into the
/// same item never cross (their ports are spread in order).
fn gap_crossings(layers: &Layers, pos: &[f32], r: usize) -> usize {
    let ends: Vec<(usize, f32, f32)> = layers.ranks[r]
        .iter()
        .flat_map(|&item| layers.downs[item].iter())
        .map(|&s| {
            let seg = &layers.segments[s];
            (
                seg.upper,
                pos[seg.upper] + SLOT_WEIGHT * seg.slot,
                pos[seg.lower],
            )
        })
        .collect();
    let mut count = 0;
    for (i, a) in ends.iter().enumerate() {
        for b in &ends[i + 1..] {
            if a.1 != b.1 && a.2 != b.2 && (a.1 < b.1) != (a.2 < b.2) {
                count += if a.0 == b.0 { WRONG_SIDE } else { CROSSING };
            }
        }
    }
    count
}
