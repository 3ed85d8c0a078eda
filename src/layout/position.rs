//! Horizontal coordinates. Items that should sit straight under each other
//! (a main line, the pieces of a long edge) are joined into rigid blocks;
//! blocks are packed left to right with room for boxes and side exits, then
//! nudged towards their other neighbours without ever breaking the spacing.

use super::LayoutOptions;
use super::rank::{Layers, SegmentKind};

/// Space kept between a dummy's line and anything beside it.
const DUMMY_GAP: f32 = 10.0;
/// How far apart two edges' lines in one gap must be.
const DODGE: f32 = 4.0;
/// Rounds of nudging blocks towards their neighbours.
const ROUNDS: usize = 40;

/// Rigid blocks: each item's block and offset from the block's x.
struct Blocks {
    of: Vec<usize>,
    rel: Vec<f32>,
    members: Vec<Vec<usize>>,
    /// Per block, the segments joining its members to items outside it.
    aligned: Vec<bool>,
}

/// The x of every item's centre.
pub(super) fn assign(layers: &Layers, o: &LayoutOptions) -> Vec<f32> {
    let pos = positions(layers);
    let mut blocks = make_blocks(layers, &align(layers, &pos));
    let mut xs = match compact(layers, &blocks, o) {
        Some(xs) => xs,
        None => {
            blocks = make_blocks(layers, &vec![None; layers.items.len()]);
            compact(layers, &blocks, o).expect("single items always pack")
        }
    };
    balance(layers, &blocks, &mut xs, o);
    let mut item_xs: Vec<f32> = (0..layers.items.len())
        .map(|i| xs[blocks.of[i]] + blocks.rel[i])
        .collect();
    dodge_dummies(layers, &mut item_xs, o);
    item_xs
}

/// Step a dummy off the x of an item in the rank above or below that is
/// not its own neighbour, so two edges never share a vertical line in a gap.
fn dodge_dummies(layers: &Layers, xs: &mut [f32], o: &LayoutOptions) {
    for (r, rank) in layers.ranks.iter().enumerate() {
        for (i, &d) in rank.iter().enumerate() {
            if layers.items[d].node.is_some() {
                continue;
            }
            let near = near_lines(layers, xs, r, d);
            let taken = |x: f32| near.iter().any(|y| (x - y).abs() < DODGE);
            if !taken(xs[d]) {
                continue;
            }
            let low = if i > 0 {
                xs[rank[i - 1]] + separation(layers, rank[i - 1], d, o)
            } else {
                f32::NEG_INFINITY
            };
            let high = if i + 1 < rank.len() {
                xs[rank[i + 1]] - separation(layers, d, rank[i + 1], o)
            } else {
                f32::INFINITY
            };
            let tries = (1..=4)
                .flat_map(|k| [k as f32 * DODGE, -(k as f32) * DODGE])
                .map(|dx| xs[d] + dx);
            if let Some(x) = tries
                .filter(|&x| x >= low && x <= high)
                .find(|&x| !taken(x))
            {
                xs[d] = x;
            }
        }
    }
}

/// The x of every item in the ranks next to rank `r` that is not joined to `d`.
fn near_lines(layers: &Layers, xs: &[f32], r: usize, d: usize) -> Vec<f32> {
    let uppers = layers.ups[d].iter().map(|&s| layers.segments[s].upper);
    let own: Vec<usize> = uppers
        .chain(layers.downs[d].iter().map(|&s| layers.segments[s].lower))
        .collect();
    [r.checked_sub(1), Some(r + 1)]
        .into_iter()
        .flatten()
        .filter_map(|k| layers.ranks.get(k))
        .flatten()
        .filter(|item| !own.contains(item))
        .map(|&item| xs[item])
        .collect()
}

fn positions(layers: &Layers) -> Vec<usize> {
    let mut pos = vec![0; layers.items.len()];
    for rank in &layers.ranks {
        rank.iter().enumerate().for_each(|(i, &item)| pos[item] = i);
    }
    pos
}

/// For each item, the segment from above it is aligned with: strongest
/// claims first, never two aligned segments crossing, each upper item
/// aligned with at most one lower item.
fn align(layers: &Layers, pos: &[usize]) -> Vec<Option<usize>> {
    let mut up: Vec<Option<usize>> = vec![None; layers.items.len()];
    let mut taken = vec![false; layers.items.len()];
    let mut accepted: Vec<usize> = Vec::new();
    for kind in [
        SegmentKind::Main,
        SegmentKind::Inner,
        SegmentKind::Tail,
        SegmentKind::Beside,
    ] {
        for rank in &layers.ranks {
            for &v in rank {
                if up[v].is_some() {
                    continue;
                }
                let mut candidates: Vec<usize> = layers.ups[v]
                    .iter()
                    .copied()
                    .filter(|&s| {
                        let seg = &layers.segments[s];
                        seg.kind == kind && !taken[seg.upper] && !crosses(layers, pos, s, &accepted)
                    })
                    .collect();
                candidates.sort_by_key(|&s| pos[layers.segments[s].upper]);
                if let Some(&s) = candidates.get(candidates.len().saturating_sub(1) / 2) {
                    up[v] = Some(s);
                    taken[layers.segments[s].upper] = true;
                    accepted.push(s);
                }
            }
        }
    }
    up
}

/// Whether segment `s` crosses any accepted segment between the same ranks.
fn crosses(layers: &Layers, pos: &[usize], s: usize, accepted: &[usize]) -> bool {
    let a = &layers.segments[s];
    accepted.iter().any(|&t| {
        let b = &layers.segments[t];
        layers.rank_of[a.upper] == layers.rank_of[b.upper]
            && (pos[a.upper] < pos[b.upper]) != (pos[a.lower] < pos[b.lower])
    })
}

/// Join aligned items into blocks, each member offset from its block's x.
fn make_blocks(layers: &Layers, up: &[Option<usize>]) -> Blocks {
    let n = layers.items.len();
    let mut of = vec![usize::MAX; n];
    let mut rel = vec![0.0; n];
    let mut members: Vec<Vec<usize>> = Vec::new();
    for rank in &layers.ranks {
        for &v in rank {
            match up[v] {
                Some(s) => {
                    let seg = &layers.segments[s];
                    of[v] = of[seg.upper];
                    rel[v] = rel[seg.upper] + seg.offset;
                    members[of[v]].push(v);
                }
                None => {
                    of[v] = members.len();
                    members.push(vec![v]);
                }
            }
        }
    }
    let aligned = (0..layers.segments.len())
        .map(|s| up[layers.segments[s].lower] == Some(s))
        .collect();
    Blocks {
        of,
        rel,
        members,
        aligned,
    }
}

/// Least distance between the centres of neighbours `a` (left) and `b`.
fn separation(layers: &Layers, a: usize, b: usize, o: &LayoutOptions) -> f32 {
    let (ia, ib) = (&layers.items[a], &layers.items[b]);
    let gap = if ia.node.is_some() && ib.node.is_some() {
        o.node_gap
    } else {
        DUMMY_GAP
    };
    ia.w / 2.0 + ia.right + gap + ib.left + ib.w / 2.0
}

/// Pack blocks as far left as the spacing allows (longest path over the
/// "left of" constraints); `None` if the constraints form a cycle.
fn compact(layers: &Layers, blocks: &Blocks, o: &LayoutOptions) -> Option<Vec<f32>> {
    let count = blocks.members.len();
    let mut after: Vec<Vec<(usize, f32)>> = vec![Vec::new(); count];
    let mut indegree = vec![0usize; count];
    for rank in &layers.ranks {
        for pair in rank.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let (ba, bb) = (blocks.of[a], blocks.of[b]);
            if ba == bb {
                return None;
            }
            after[ba].push((
                bb,
                separation(layers, a, b, o) + blocks.rel[a] - blocks.rel[b],
            ));
            indegree[bb] += 1;
        }
    }
    let mut xs = vec![0.0f32; count];
    let mut ready: Vec<usize> = (0..count).filter(|&b| indegree[b] == 0).collect();
    let mut done = 0;
    while let Some(b) = ready.pop() {
        done += 1;
        for &(c, gap) in &after[b] {
            xs[c] = xs[c].max(xs[b] + gap);
            indegree[c] -= 1;
            if indegree[c] == 0 {
                ready.push(c);
            }
        }
    }
    (done == count).then_some(xs)
}

/// Move each block towards where its unaligned neighbours want it, within
/// the room its neighbours in every rank leave it.
fn balance(layers: &Layers, blocks: &Blocks, xs: &mut [f32], o: &LayoutOptions) {
    let mut neighbours: Vec<(Option<usize>, Option<usize>)> =
        vec![(None, None); layers.items.len()];
    for rank in &layers.ranks {
        for pair in rank.windows(2) {
            neighbours[pair[0]].1 = Some(pair[1]);
            neighbours[pair[1]].0 = Some(pair[0]);
        }
    }
    for round in 0..ROUNDS {
        let order: Vec<usize> = if round % 2 == 0 {
            (0..xs.len()).collect()
        } else {
            (0..xs.len()).rev().collect()
        };
        let mut moved = false;
        for b in order {
            let Some(wanted) = wanted_x(layers, blocks, xs, b) else {
                continue;
            };
            let (low, high) = room(layers, blocks, xs, b, &neighbours, o);
            if low <= high {
                let x = wanted.clamp(low, high);
                moved |= x.to_bits() != xs[b].to_bits();
                xs[b] = x;
            }
        }
        // A round that moved nothing found every block where it wants to
        // be; every later round would move nothing either.
        if !moved {
            break;
        }
    }
}

/// The mean of the x each unaligned segment at a block's members asks for.
fn wanted_x(layers: &Layers, blocks: &Blocks, xs: &[f32], b: usize) -> Option<f32> {
    let at = |item: usize| xs[blocks.of[item]] + blocks.rel[item];
    let mut sum = 0.0;
    let mut count = 0.0;
    for &m in &blocks.members[b] {
        let segs = layers.ups[m].iter().chain(&layers.downs[m]);
        for &s in segs.filter(|&&s| !blocks.aligned[s]) {
            let seg = &layers.segments[s];
            let want = if seg.lower == m {
                at(seg.upper) + seg.offset
            } else {
                at(seg.lower) - seg.offset
            };
            sum += want - blocks.rel[m];
            count += 1.0;
        }
    }
    (count > 0.0).then(|| sum / count)
}

/// The range of x a block may take without crowding any neighbour.
fn room(
    layers: &Layers,
    blocks: &Blocks,
    xs: &[f32],
    b: usize,
    neighbours: &[(Option<usize>, Option<usize>)],
    o: &LayoutOptions,
) -> (f32, f32) {
    let at = |item: usize| xs[blocks.of[item]] + blocks.rel[item];
    let (mut low, mut high) = (f32::NEG_INFINITY, f32::INFINITY);
    for &m in &blocks.members[b] {
        if let Some(l) = neighbours[m].0 {
            low = low.max(at(l) + separation(layers, l, m, o) - blocks.rel[m]);
        }
        if let Some(r) = neighbours[m].1 {
            high = high.min(at(r) - separation(layers, m, r, o) - blocks.rel[m]);
        }
    }
    (low, high)
}
