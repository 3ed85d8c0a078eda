//! The chart as a petgraph DAG, and the decision-chart conventions read from
//! it: which answer is a question's main line (straight down), and which side
//! every other answer leaves by (the same answer always on the same side).

use std::rc::Rc;

use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;

use super::EdgeSpec;

/// Where an edge leaves its upper box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Port {
    /// From the left end, level with the box's middle.
    Left,
    /// From the right end, level with the box's middle.
    Right,
    /// From the bottom; the number is the port's place among the bottom
    /// ports, left to right (the main line is one of them).
    Bottom(usize),
    /// A node's edge to itself: a small loop on its right.
    Loop,
}

/// One input edge as the layout sees it: pointing down the ranks.
#[derive(Clone, Debug)]
pub(super) struct Flow {
    /// The box the edge leaves in the drawing (its target if `reversed`).
    pub upper: usize,
    /// The box the edge enters in the drawing (its source if `reversed`).
    pub lower: usize,
    /// The edge closed a cycle and is drawn against its direction.
    pub reversed: bool,
    /// Where it leaves `upper`.
    pub port: Port,
}

/// The chart's structure, with every edge given a direction, rank span and port.
#[derive(Clone)]
pub(super) struct Chart {
    /// One flow per (valid) input edge, same order.
    pub flows: Vec<Flow>,
    /// Per node, the rank it is drawn in (0 at the top).
    pub ranks: Vec<usize>,
    /// Per node, its bottom ports' flows, left to right.
    pub bottom: Vec<Vec<usize>>,
    /// Per node, the place of its main line among its bottom ports.
    pub main_slot: Vec<usize>,
    /// Per node, its children and the flows it touches (loops left out):
    /// fixed once the flows are, and shared by every copy of the chart.
    links: Rc<Links>,
}

/// Per node, the nodes its flows lead to and the flows at either end of it.
struct Links {
    children: Vec<Vec<usize>>,
    incident: Vec<Vec<usize>>,
}

impl Links {
    fn of(n: usize, flows: &[Flow]) -> Links {
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut incident: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, f) in flows.iter().enumerate() {
            if f.upper != f.lower {
                children[f.upper].push(f.lower);
                incident[f.upper].push(i);
                incident[f.lower].push(i);
            }
        }
        Links { children, incident }
    }
}

type Dag = DiGraph<usize, usize>;

impl Chart {
    /// Read the conventions off a chart of `n` nodes.
    pub fn new(n: usize, edges: &[EdgeSpec]) -> Chart {
        Chart::ranked(n, edges, &label_order(edges))
    }

    /// [`Chart::new`] with the answers' order across the chart given: per
    /// edge, its label's place in that order.
    pub fn ranked(n: usize, edges: &[EdgeSpec], order: &[usize]) -> Chart {
        let reversed = back_edges(n, edges);
        let mut dag = Dag::with_capacity(n, edges.len());
        (0..n).for_each(|i| {
            dag.add_node(i);
        });
        let mut flows = Vec::with_capacity(edges.len());
        for (i, e) in edges.iter().enumerate() {
            let (upper, lower) = if reversed[i] {
                (e.to, e.from)
            } else {
                (e.from, e.to)
            };
            if upper != lower {
                dag.add_edge(NodeIndex::new(upper), NodeIndex::new(lower), i);
            }
            flows.push(Flow {
                upper,
                lower,
                reversed: reversed[i],
                port: Port::Loop,
            });
        }
        let ranks = longest_path_ranks(&dag);
        let (bottom, main_slot) = assign_ports(&dag, order, &mut flows);
        let links = Rc::new(Links::of(n, &flows));
        Chart {
            flows,
            ranks,
            bottom,
            main_slot,
            links,
        }
    }

    /// Number of ranks.
    pub fn rank_count(&self) -> usize {
        self.ranks.iter().max().map_or(0, |r| r + 1)
    }

    /// Move boxes whose children all lie two or more ranks below down into
    /// whichever rank in reach keeps the widest rank narrowest (a box that
    /// ends a path stays next to its question). `widths` are the boxes'
    /// widths with the room they keep free.
    pub fn ease_ranks(&mut self, widths: &[f32]) {
        let n = self.ranks.len();
        let links = Rc::clone(&self.links);
        let (children, incident) = (&links.children, &links.incident);
        // Each rank's width, kept up to date as boxes move. Sums are in
        // f64, where adding and taking away f32 widths is exact, so the
        // totals never drift from what summing afresh would give.
        let mut total = vec![0.0f64; self.rank_count()];
        for (v, &r) in self.ranks.iter().enumerate() {
            total[r] += f64::from(widths[v]);
        }
        for f in &self.flows {
            let (above, below) = (self.ranks[f.upper], self.ranks[f.lower]);
            for t in total.iter_mut().take(below).skip(above + 1) {
                *t += f64::from(DUMMY_WIDTH);
            }
        }
        let widest = |total: &[f64]| total.iter().copied().fold(0.0, f64::max);
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&v| std::cmp::Reverse(self.ranks[v]));
        for v in order {
            let Some(lowest) = children[v].iter().map(|&c| self.ranks[c]).min() else {
                continue;
            };
            let current = self.ranks[v];
            let mut best = (widest(&total), current);
            for r in current + 1..lowest {
                self.shift(&mut total, widths, &incident[v], v, -1.0);
                self.ranks[v] = r;
                self.shift(&mut total, widths, &incident[v], v, 1.0);
                let w = widest(&total);
                if w < best.0 - 1.0 {
                    best = (w, r);
                }
            }
            self.shift(&mut total, widths, &incident[v], v, -1.0);
            self.ranks[v] = best.1;
            self.shift(&mut total, widths, &incident[v], v, 1.0);
        }
    }

    /// Add (`sign` 1) or take away (-1) box `v`'s share of the rank widths:
    /// its own width on its rank, and the room its flows (`incident`) take
    /// on the ranks they pass through.
    fn shift(&self, total: &mut [f64], widths: &[f32], incident: &[usize], v: usize, sign: f64) {
        total[self.ranks[v]] += sign * f64::from(widths[v]);
        for &i in incident {
            let f = &self.flows[i];
            let (above, below) = (self.ranks[f.upper], self.ranks[f.lower]);
            for t in total.iter_mut().take(below).skip(above + 1) {
                *t += sign * f64::from(DUMMY_WIDTH);
            }
        }
    }

    /// Move each box with more ways out than ways in down to just above its
    /// highest child: the edges get shorter in all (as Graphviz's ranking
    /// makes them), and a question sits next to what it decides.
    pub fn pull_down(&mut self) {
        let n = self.ranks.len();
        let links = Rc::clone(&self.links);
        let children = &links.children;
        let mut parents = vec![0usize; n];
        for f in self.flows.iter().filter(|f| f.upper != f.lower) {
            parents[f.lower] += 1;
        }
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&v| std::cmp::Reverse(self.ranks[v]));
        for v in order {
            if children[v].len() <= parents[v] {
                continue;
            }
            if let Some(highest) = children[v].iter().map(|&c| self.ranks[c]).min() {
                self.ranks[v] = self.ranks[v].max(highest - 1);
            }
        }
    }
}

/// Room an edge passing through a rank takes there, for [`Chart::ease_ranks`].
const DUMMY_WIDTH: f32 = 20.0;

/// Edges that close a cycle in a depth-first walk from the start (then from
/// every node not yet reached, in chart order).
fn back_edges(n: usize, edges: &[EdgeSpec]) -> Vec<bool> {
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, e) in edges.iter().enumerate() {
        out[e.from].push(i);
    }
    let mut state = vec![0u8; n]; // 0 new, 1 on the path, 2 done
    let mut back = vec![false; edges.len()];
    for root in 0..n {
        if state[root] != 0 {
            continue;
        }
        let mut stack = vec![(root, 0usize)];
        state[root] = 1;
        while let Some((v, next)) = stack.pop() {
            let Some(&i) = out[v].get(next) else {
                state[v] = 2;
                continue;
            };
            stack.push((v, next + 1));
            let w = edges[i].to;
            match state[w] {
                0 => {
                    state[w] = 1;
                    stack.push((w, 0));
                }
                1 => back[i] = w != v,
                _ => {}
            }
        }
    }
    back
}

/// Each node one rank below its lowest parent, so every edge points down.
fn longest_path_ranks(dag: &Dag) -> Vec<usize> {
    let order = petgraph::algo::toposort(dag, None).expect("back edges were reversed");
    let mut ranks = vec![0; dag.node_count()];
    for v in order {
        for e in dag.edges(v) {
            let t = e.target().index();
            ranks[t] = ranks[t].max(ranks[v.index()] + 1);
        }
    }
    ranks
}

/// Longest path (in boxes) from each node to a box with no exits, and the
/// number of boxes each node reaches: together, the weight of a branch.
fn branch_weights(dag: &Dag) -> Vec<(usize, usize)> {
    let order = petgraph::algo::toposort(dag, None).expect("back edges were reversed");
    let n = dag.node_count();
    let mut height = vec![1usize; n];
    let mut reach: Vec<Vec<bool>> = vec![vec![false; n]; n];
    for v in order.into_iter().rev() {
        let i = v.index();
        reach[i][i] = true;
        for e in dag.edges(v) {
            let t = e.target().index();
            height[i] = height[i].max(height[t] + 1);
            let below = reach[t].clone();
            reach[i].iter_mut().zip(below).for_each(|(a, b)| *a |= b);
        }
    }
    (0..n)
        .map(|i| (height[i], reach[i].iter().filter(|r| **r).count()))
        .collect()
}

/// Order of labels across the chart: first appearance, so "Yes" before "No"
/// wherever it is written first, and the same order at every question.
pub(super) fn label_order(edges: &[EdgeSpec]) -> Vec<usize> {
    let mut seen: Vec<&str> = Vec::new();
    edges
        .iter()
        .map(|e| {
            let label = e.label.as_deref().unwrap_or("");
            seen.iter().position(|s| *s == label).unwrap_or_else(|| {
                seen.push(label);
                seen.len() - 1
            })
        })
        .collect()
}

/// Give every flow its port: the heaviest branch leaves at the bottom
/// centre, earlier answers to its left, later ones to its right; the
/// outermost answer on each side leaves from that side's end.
fn assign_ports(dag: &Dag, order: &[usize], flows: &mut [Flow]) -> (Vec<Vec<usize>>, Vec<usize>) {
    let weights = branch_weights(dag);
    let mut bottom = vec![Vec::new(); dag.node_count()];
    let mut main_slot = vec![0; dag.node_count()];
    for v in dag.node_indices() {
        let mut out: Vec<usize> = dag.edges(v).map(|e| *e.weight()).collect();
        out.sort_by_key(|i| (order[*i], *i));
        if out.is_empty() {
            continue;
        }
        let main = main_exit(&out, |i| weights[flows[i].lower]);
        let (left, rest) = out.split_at(main);
        let (centre, right) = rest.split_at(1);
        let mut ports = Vec::new();
        if let Some((first, others)) = left.split_first() {
            flows[*first].port = Port::Left;
            ports.extend_from_slice(others);
        }
        main_slot[v.index()] = ports.len();
        ports.extend_from_slice(centre);
        if let Some((last, others)) = right.split_last() {
            flows[*last].port = Port::Right;
            ports.extend_from_slice(others);
        }
        for (slot, i) in ports.iter().enumerate() {
            flows[*i].port = Port::Bottom(slot);
        }
        bottom[v.index()] = ports;
    }
    (bottom, main_slot)
}

/// Position in `out` of the main line: the heaviest branch, ties going to
/// the answer nearest the middle (the later one of two).
fn main_exit(out: &[usize], weight: impl Fn(usize) -> (usize, usize)) -> usize {
    let middle = (out.len() as f32 - 1.0) / 2.0;
    let closeness = |k: usize| -> i64 { -((k as f32 - middle).abs() * 2.0) as i64 };
    (0..out.len())
        .max_by_key(|&k| (weight(out[k]), closeness(k), k))
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edge(from: usize, to: usize, label: &str) -> EdgeSpec {
        EdgeSpec {
            from,
            to,
            label: Some(label.to_string()),
        }
    }

    #[test]
    fn the_heavier_answer_is_the_main_line_and_the_other_goes_to_its_side() {
        // 0 asks; Yes ends at 1, No goes on to 2 which ends at 3.
        let edges = [
            edge(0, 1, "Yes"),
            edge(0, 2, "No"),
            EdgeSpec {
                from: 2,
                to: 3,
                label: None,
            },
        ];
        let chart = Chart::new(4, &edges);
        assert_eq!(chart.flows[0].port, Port::Left);
        assert_eq!(chart.flows[1].port, Port::Bottom(0));
        assert_eq!(chart.ranks, vec![0, 1, 1, 2]);
    }

    #[test]
    fn the_same_answer_leaves_on_the_same_side_however_it_is_written() {
        // The second question lists No first; Yes still goes left of No.
        let edges = [
            edge(0, 1, "Yes"),
            edge(0, 2, "No"),
            edge(2, 3, "No"),
            edge(2, 4, "Yes"),
        ];
        let chart = Chart::new(5, &edges);
        assert_eq!(chart.flows[3].port, Port::Left);
        assert_eq!(chart.flows[2].port, Port::Bottom(0));
    }

    #[test]
    fn two_leaves_send_the_later_answer_down() {
        let chart = Chart::new(3, &[edge(0, 1, "Yes"), edge(0, 2, "No")]);
        assert_eq!(chart.flows[0].port, Port::Left);
        assert_eq!(chart.flows[1].port, Port::Bottom(0));
    }

    #[test]
    fn three_answers_keep_one_per_side_and_the_middle_down() {
        let chart = Chart::new(
            4,
            &[edge(0, 1, "LHO"), edge(0, 2, "Partner"), edge(0, 3, "RHO")],
        );
        let ports: Vec<Port> = chart.flows.iter().map(|f| f.port).collect();
        assert_eq!(ports, vec![Port::Left, Port::Bottom(0), Port::Right]);
    }

    #[test]
    fn a_cycle_is_broken_by_reversing_the_edge_that_closes_it() {
        let edges = [
            edge(0, 1, "a"),
            edge(1, 2, "b"),
            edge(2, 0, "c"),
            edge(2, 2, "d"),
        ];
        let chart = Chart::new(3, &edges);
        assert!(chart.flows[2].reversed);
        assert_eq!(chart.flows[3].port, Port::Loop);
        assert_eq!(chart.ranks, vec![0, 1, 2]);
    }
}
