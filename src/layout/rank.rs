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
    pub chains: Vec<Vec<usize>>,
    /// Per flow, its segments from top to bottom.
    pub chain_segments: Vec<Vec<usize>>,
    /// Per item, the segments arriving from above and leaving below.
    pub ups: Vec<Vec<usize>>,
    pub downs: Vec<Vec<usize>>,
    /// Per item, its rank.
    pub rank_of: Vec<usize>,
}

impl Layers {
    /// Items for every box and for every rank an edge passes through.
    pub fn new(chart: &Chart, sized: &[Sized]) -> Layers {
        let mut layers = Layers {
            items: sized
                .iter()
                .enumerate()
                .map(|(i, s)| Item {
                    node: Some(i),
                    w: s.w,
                    left: s.left_reserve,
                    right: s.right_reserve,
                })
                .collect(),
            ranks: vec![Vec::new(); chart.rank_count()],
            segments: Vec::new(),
            chains: Vec::new(),
            chain_segments: Vec::new(),
            ups: vec![Vec::new(); sized.len()],
            downs: vec![Vec::new(); sized.len()],
            rank_of: chart.ranks.clone(),
        };
        for f in &chart.flows {
            let chain = layers.add_chain(chart, f.upper, f.lower);
            if let Some(&first) = layers.downs[f.upper].last().filter(|_| chain.len() > 1) {
                let s = &sized[f.upper];
                let seg = &mut layers.segments[first];
                seg.slot = slot_of(f.port, chart.bottom[f.upper].len());
                (seg.kind, seg.offset) = match f.port {
                    Port::Bottom(k) if k == chart.main_slot[f.upper] => {
                        (SegmentKind::Main, s.bottom_offsets[k])
                    }
                    Port::Bottom(k) => (SegmentKind::Beside, s.bottom_offsets[k]),
                    Port::Left => (SegmentKind::Side, -(s.w / 2.0 + s.left_reserve)),
                    Port::Right | Port::Loop => (SegmentKind::Side, s.w / 2.0 + s.right_reserve),
                };
            }
            layers.chains.push(chain);
        }
        layers.initial_order(chart);
        layers
    }

    /// The items of one flow, adding a dummy in each rank it passes through.
    fn add_chain(&mut self, chart: &Chart, upper: usize, lower: usize) -> Vec<usize> {
        if upper == lower {
            self.chain_segments.push(Vec::new());
            return vec![upper];
        }
        let mut chain = vec![upper];
        for rank in chart.ranks[upper] + 1..chart.ranks[lower] {
            let id = self.items.len();
            self.items.push(Item {
                node: None,
                w: 0.0,
                left: 0.0,
                right: 0.0,
            });
            self.ups.push(Vec::new());
            self.downs.push(Vec::new());
            self.rank_of.push(rank);
            chain.push(id);
        }
        chain.push(lower);
        let mut segments = Vec::new();
        for pair in chain.windows(2) {
            let id = self.segments.len();
            segments.push(id);
            let kind = match (self.items[pair[0]].node, self.items[pair[1]].node) {
                (None, None) => SegmentKind::Inner,
                (None, Some(_)) => SegmentKind::Tail,
                (Some(_), _) => SegmentKind::Main,
            };
            self.segments.push(Segment {
                upper: pair[0],
                lower: pair[1],
                slot: 0.0,
                kind,
                offset: 0.0,
            });
            self.downs[pair[0]].push(id);
            self.ups[pair[1]].push(id);
        }
        self.chain_segments.push(segments);
        chain
    }

    /// Depth-first from the start, children in exit order, each item taking
    /// the next place in its rank when first reached.
    fn initial_order(&mut self, chart: &Chart) {
        let mut seen = vec![false; self.items.len()];
        let roots: Vec<usize> = (0..chart.ranks.len())
            .filter(|&v| v == 0 || self.ups[v].is_empty())
            .collect();
        // One stack and one list of segments below, reused for every item.
        let mut stack = Vec::new();
        let mut below: Vec<(f32, usize)> = Vec::new();
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
