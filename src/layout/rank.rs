//! Ranks as layers of items: every box, plus a dummy point in each rank an
//! edge passes through, so edges only ever join neighbouring ranks. The
//! first order in each rank comes from a depth-first walk in answer order.

use super::boxes::Sized;
use super::graph::{Chart, Port};

/// A box or a dummy point of an edge, in one rank.
#[derive(Clone, Debug)]
pub(super) struct Item {
    /// The box this item is, or `None` for an edge's dummy point.
    pub node: Option<usize>,
    /// Width of the box (0 for a dummy).
    pub w: f32,
    /// Room to keep free on the left and on the right (side exits).
    pub left: f32,
    pub right: f32,
}

/// A piece of an edge between neighbouring ranks.
#[derive(Clone, Debug)]
pub(super) struct Segment {
    /// Item in the upper rank.
    pub upper: usize,
    /// Item in the lower rank.
    pub lower: usize,
    /// Where on its upper item the segment starts, from -0.5 (left end)
    /// to 0.5 (right end); 0 for a dummy.
    pub slot: f32,
    /// How the segment would like to be drawn.
    pub kind: SegmentKind,
    /// The best `x(lower) - x(upper)` for this segment.
    pub offset: f32,
}

/// What a segment wants from the coordinates, strongest claim first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum SegmentKind {
    /// A main line (or a step's next) leaving its box: straight down.
    Main,
    /// Between two dummies: part of a long edge, kept straight.
    Inner,
    /// The last piece of a long edge, into its box.
    Tail,
    /// From a bottom port beside the main line: straight down from the port.
    Beside,
    /// From a side end: the lower item wants to sit under the turn.
    Side,
}

/// All items by rank, in their current order, and the segments joining them.
pub(super) struct Layers {
    pub items: Vec<Item>,
    pub ranks: Vec<Vec<usize>>,
    pub segments: Vec<Segment>,
    /// Per flow, its items from upper box to lower box.
    pub chains: Lists,
    /// Per flow, its segments from top to bottom.
    pub chain_segments: Lists,
    /// Per item, the segments arriving from above and leaving below.
    pub ups: Lists,
    pub downs: Lists,
    /// Per item, its rank.
    pub rank_of: Vec<usize>,
}

/// Lists of indices, one per owner (an item, a flow), kept end to end in
/// one vector: a layout makes many short lists, and one allocation for all
/// of them costs far less than one each.
#[derive(Clone, Debug, Default)]
pub(super) struct Lists {
    /// Where each list starts in `all`, and where the last one ends.
    starts: Vec<usize>,
    all: Vec<usize>,
}

impl Lists {
    /// No lists yet, room for `lists` of them holding `items` in all.
    fn with_capacity(lists: usize, items: usize) -> Lists {
        let mut starts = Vec::with_capacity(lists + 1);
        starts.push(0);
        Lists {
            starts,
            all: Vec::with_capacity(items),
        }
    }

    /// Adds a list after the others.
    fn push(&mut self, list: impl IntoIterator<Item = usize>) {
        self.all.extend(list);
        self.starts.push(self.all.len());
    }

    /// For owners `0..owners`, the values paired with each, in the order
    /// of `pairs`.
    fn grouped(owners: usize, pairs: impl Iterator<Item = (usize, usize)> + Clone) -> Lists {
        let mut starts = vec![0; owners + 1];
        for (owner, _) in pairs.clone() {
            starts[owner + 1] += 1;
        }
        for k in 1..starts.len() {
            starts[k] += starts[k - 1];
        }
        let mut next = starts.clone();
        let mut all = vec![0; starts[owners]];
        for (owner, value) in pairs {
            all[next[owner]] = value;
            next[owner] += 1;
        }
        Lists { starts, all }
    }

    /// Each list in turn.
    pub fn iter(&self) -> impl Iterator<Item = &[usize]> {
        self.starts.windows(2).map(|w| &self.all[w[0]..w[1]])
    }
}

impl std::ops::Index<usize> for Lists {
    type Output = [usize];

    fn index(&self, list: usize) -> &[usize] {
        &self.all[self.starts[list]..self.starts[list + 1]]
    }
}

impl Layers {
    /// Items for every box and for every rank an edge passes through.
    pub fn new(chart: &Chart, sized: &[Sized]) -> Layers {
        let mut items: Vec<Item> = sized
            .iter()
            .enumerate()
            .map(|(i, s)| Item {
                node: Some(i),
                w: s.w,
                left: s.left_reserve,
                right: s.right_reserve,
            })
            .collect();
        let mut rank_of = chart.ranks.clone();
        let mut segments: Vec<Segment> = Vec::new();
        let flows = chart.flows.len();
        let mut chains = Lists::with_capacity(flows, 2 * flows);
        let mut chain_segments = Lists::with_capacity(flows, flows);
        for f in &chart.flows {
            let (upper, lower) = (f.upper, f.lower);
            let first_segment = segments.len();
            if upper == lower {
                chains.push([upper]);
                chain_segments.push([]);
                continue;
            }
            // The flow's items: its upper box, a dummy in each rank it
            // passes through, its lower box.
            let first_dummy = items.len();
            for rank in chart.ranks[upper] + 1..chart.ranks[lower] {
                items.push(Item {
                    node: None,
                    w: 0.0,
                    left: 0.0,
                    right: 0.0,
                });
                rank_of.push(rank);
            }
            let chain = || {
                std::iter::once(upper)
                    .chain(first_dummy..items.len())
                    .chain(std::iter::once(lower))
            };
            let mut above = upper;
            for below in chain().skip(1) {
                let kind = match (items[above].node, items[below].node) {
                    (None, None) => SegmentKind::Inner,
                    (None, Some(_)) => SegmentKind::Tail,
                    (Some(_), _) => SegmentKind::Main,
                };
                segments.push(Segment {
                    upper: above,
                    lower: below,
                    slot: 0.0,
                    kind,
                    offset: 0.0,
                });
                above = below;
            }
            chains.push(chain());
            chain_segments.push(first_segment..segments.len());
            // The flow's first segment leaves its box by the flow's port.
            let s = &sized[upper];
            let seg = &mut segments[first_segment];
            seg.slot = slot_of(f.port, chart.bottom[upper].len());
            (seg.kind, seg.offset) = match f.port {
                Port::Bottom(k) if k == chart.main_slot[upper] => {
                    (SegmentKind::Main, s.bottom_offsets[k])
                }
                Port::Bottom(k) => (SegmentKind::Beside, s.bottom_offsets[k]),
                Port::Left => (SegmentKind::Side, -(s.w / 2.0 + s.left_reserve)),
                Port::Right | Port::Loop => (SegmentKind::Side, s.w / 2.0 + s.right_reserve),
            };
        }
        let n = items.len();
        let ends = segments.iter().enumerate();
        let downs = Lists::grouped(n, ends.clone().map(|(id, seg)| (seg.upper, id)));
        let ups = Lists::grouped(n, ends.map(|(id, seg)| (seg.lower, id)));
        let mut layers = Layers {
            items,
            ranks: vec![Vec::new(); chart.rank_count()],
            segments,
            chains,
            chain_segments,
            ups,
            downs,
            rank_of,
        };
        layers.initial_order(chart);
        layers
    }

    /// Depth-first from the start, children in exit order, each item taking
    /// the next place in its rank when first reached.
    fn initial_order(&mut self, chart: &Chart) {
        let mut seen = vec![false; self.items.len()];
        // One stack and one list of segments below, reused for every item.
        let mut stack = Vec::new();
        let mut below: Vec<(f32, usize)> = Vec::new();
        let roots = (0..chart.ranks.len()).filter(|&v| v == 0 || self.ups[v].is_empty());
        let roots: Vec<usize> = roots.collect();
        for root in roots.into_iter().chain(0..self.items.len()) {
            if seen[root] {
                continue;
            }
            stack.push(root);
            while let Some(item) = stack.pop() {
                if std::mem::replace(&mut seen[item], true) {
                    continue;
                }
                self.ranks[self.rank_of[item]].push(item);
                below.clear();
                below.extend(self.downs[item].iter().map(|&s| {
                    let seg = &self.segments[s];
                    (seg.slot, seg.lower)
                }));
                // Stable, as sorting the segments themselves was.
                below.sort_by(|a, b| b.0.total_cmp(&a.0));
                stack.extend(below.iter().map(|&(_, lower)| lower));
            }
        }
    }
}

/// A port's place along its box, from -0.5 (left end) to 0.5 (right end).
fn slot_of(port: Port, bottom_ports: usize) -> f32 {
    match port {
        Port::Left => -0.5,
        Port::Right | Port::Loop => 0.5,
        Port::Bottom(k) => 0.8 * ((k as f32 + 1.0) / (bottom_ports as f32 + 1.0) - 0.5),
    }
}
