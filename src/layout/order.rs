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
        for r in 1..layers.ranks.len() {
            reorder(layers, r, true);
        }
        for r in (0..layers.ranks.len().saturating_sub(1)).rev() {
            reorder(layers, r, false);
        }
        transpose(layers);
        let cost = total_crossings(layers);
        if cost < best_cost {
            best_cost = cost;
            best = layers.ranks.clone();
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
fn reorder(layers: &mut Layers, r: usize, from_above: bool) {
    let pos = positions(layers);
    let centre = |item: usize| -> f32 {
        let segs = if from_above {
            &layers.ups[item]
        } else {
            &layers.downs[item]
        };
        let places: Vec<f32> = segs
            .iter()
            .map(|&s| {
                let seg = &layers.segments[s];
                if from_above {
                    pos[seg.upper] + SLOT_WEIGHT * seg.slot
                } else {
                    pos[seg.lower]
                }
            })
            .collect();
        if places.is_empty() {
            pos[item]
        } else {
            places.iter().sum::<f32>() / places.len() as f32
        }
    };
    let mut keyed: Vec<(f32, usize)> = layers.ranks[r]
        .iter()
        .map(|&item| (centre(item), item))
        .collect();
    keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
    layers.ranks[r] = keyed.into_iter().map(|(_, item)| item).collect();
}

/// Swap neighbours wherever that lowers the crossings around their rank.
fn transpose(layers: &mut Layers) {
    for _ in 0..4 {
        let mut improved = false;
        for r in 0..layers.ranks.len() {
            for i in 0..layers.ranks[r].len().saturating_sub(1) {
                let before = crossings_around(layers, r);
                layers.ranks[r].swap(i, i + 1);
                if crossings_around(layers, r) < before {
                    improved = true;
                } else {
                    layers.ranks[r].swap(i, i + 1);
                }
            }
        }
        if !improved {
            break;
        }
    }
}

fn crossings_around(layers: &Layers, r: usize) -> usize {
    let pos = positions(layers);
    let above = if r > 0 {
        gap_crossings(layers, &pos, r - 1)
    } else {
        0
    };
    above + gap_crossings(layers, &pos, r)
}

/// Crossings between all ranks.
pub(super) fn total_crossings(layers: &Layers) -> usize {
    let pos = positions(layers);
    (0..layers.ranks.len())
        .map(|r| gap_crossings(layers, &pos, r))
        .sum()
}

/// Crossings between the segments leaving rank `r`: two cross when their
/// ends are in opposite orders above and below. Segments into the same item
/// never cross (their ports are spread in order).
fn gap_crossings(layers: &Layers, pos: &[f32], r: usize) -> usize {
    let ends: Vec<(f32, f32)> = layers.ranks[r]
        .iter()
        .flat_map(|&item| layers.downs[item].iter())
        .map(|&s| {
            let seg = &layers.segments[s];
            (pos[seg.upper] + SLOT_WEIGHT * seg.slot, pos[seg.lower])
        })
        .collect();
    let mut count = 0;
    for (i, a) in ends.iter().enumerate() {
        for b in &ends[i + 1..] {
            if a.0 != b.0 && a.1 != b.1 && (a.0 < b.0) != (a.1 < b.1) {
                count += 1;
            }
        }
    }
    count
}
