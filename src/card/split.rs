//! Cutting a chart too large for one side into panels that each fit a
//! given room (a side, or a column of one): a panel is a node and what is
//! only reachable through it (its subtree in the dominator tree), less
//! panels cut off below, so every way into a panel from above enters at its
//! first node and a panel reads like a chart of its own. The cut is the
//! greedy bottom-up one for cutting a tree into the fewest parts under a
//! size limit: from the leaves up, wherever a node's part does not fit, cut
//! off its largest children's parts until it does. `arrange` then puts the
//! panels on sides; edges between panels become numbered connectors
//! (`panel`).

use petgraph::algo::dominators;
use petgraph::graph::{DiGraph, NodeIndex};

use crate::layout::LayoutInput;

/// The panels of a chart: each a list of node indices (into
/// [`LayoutInput::nodes`]) in reading order. The start's panel comes first.
pub type Panels = Vec<Vec<usize>>;

/// Asked about a set of nodes in reading order: whether its drawing fits
/// the room.
pub type Fits<'a> = dyn FnMut(&[usize]) -> bool + 'a;

/// Splits `input` into panels that each fit the room (or hold a single
/// node that cannot be cut further), in reading order; the `copied` nodes
/// are in no panel, as each panel draws them where it leads to them.
pub fn split(input: &LayoutInput, copied: &[bool], fits: &mut Fits) -> Panels {
    if input.nodes.is_empty() {
        return Vec::new();
    }
    let seen = preorder(input);
    parts(input, copied, &seen, fits)
}

/// The greedy bottom-up cut of the dominator tree into parts that fit, in
/// reading order.
fn parts(input: &LayoutInput, copied: &[bool], seen: &[usize], fits: &mut Fits) -> Panels {
    let n = input.nodes.len();
    let tree = DomTree::new(input, copied);
    let mut open: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut parts: Panels = Vec::new();
    for v in tree.post_order() {
        let mut kept: Vec<usize> = tree.children[v].clone();
        let mut members = gather(v, &kept, &open, seen);
        while !kept.is_empty() && !fits(&members) {
            let largest = kept
                .iter()
                .enumerate()
                .max_by_key(|&(i, &c)| (open[c].len(), std::cmp::Reverse(i)))
                .map(|(i, _)| i)
                .expect("kept is not empty");
            let cut = kept.remove(largest);
            parts.push(std::mem::take(&mut open[cut]));
            members = gather(v, &kept, &open, seen);
        }
        for &c in &kept {
            open[c].clear();
        }
        open[v] = members;
    }
    parts.push(std::mem::take(&mut open[0]));
    parts.sort_by_key(|p| seen[p[0]]);
    parts
}

/// `v` and the open parts of its kept children, in reading order.
fn gather(v: usize, kept: &[usize], open: &[Vec<usize>], seen: &[usize]) -> Vec<usize> {
    let mut members = vec![v];
    members.extend(kept.iter().flat_map(|&c| open[c].iter().copied()));
    members.sort_by_key(|&m| seen[m]);
    members
}

/// For each node, its place in a depth-first walk from the start that takes
/// answers in order; nodes the walk never meets come last, in chart order.
pub fn preorder(input: &LayoutInput) -> Vec<usize> {
    let n = input.nodes.len();
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); n];
    for e in input.edges.iter().filter(|e| e.from < n && e.to < n) {
        out[e.from].push(e.to);
    }
    let mut seen = vec![usize::MAX; n];
    let mut count = 0;
    let mut stack = vec![0];
    while let Some(v) = stack.pop() {
        if seen[v] != usize::MAX {
            continue;
        }
        seen[v] = count;
        count += 1;
        stack.extend(out[v].iter().rev().filter(|&&w| seen[w] == usize::MAX));
    }
    for s in seen.iter_mut().filter(|s| **s == usize::MAX) {
        *s = count;
        count += 1;
    }
    seen
}

/// The dominator tree of the chart from its start, less the `copied` nodes
/// (a panel draws those beside whatever leads to them); nodes the start
/// cannot reach hang from the start.
struct DomTree {
    children: Vec<Vec<usize>>,
}

impl DomTree {
    fn new(input: &LayoutInput, copied: &[bool]) -> DomTree {
        let n = input.nodes.len();
        let mut graph: DiGraph<(), ()> = DiGraph::with_capacity(n, input.edges.len());
        for _ in 0..n {
            graph.add_node(());
        }
        for e in input.edges.iter().filter(|e| e.from < n && e.to < n) {
            graph.add_edge(NodeIndex::new(e.from), NodeIndex::new(e.to), ());
        }
        let doms = dominators::simple_fast(&graph, NodeIndex::new(0));
        let mut children = vec![Vec::new(); n];
        for v in (1..n).filter(|&v| !copied[v]) {
            let parent = doms
                .immediate_dominator(NodeIndex::new(v))
                .map_or(0, NodeIndex::index);
            children[parent].push(v);
        }
        DomTree { children }
    }

    /// Every node, children before their parent, the start last.
    fn post_order(&self) -> Vec<usize> {
        let mut order = Vec::with_capacity(self.children.len());
        let mut stack = vec![(0, false)];
        while let Some((v, done)) = stack.pop() {
            if done {
                order.push(v);
                continue;
            }
            stack.push((v, true));
            stack.extend(self.children[v].iter().rev().map(|&c| (c, false)));
        }
        order
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::panel::shared_ends;
    use crate::layout::{BoxSpec, EdgeSpec, Shape};

    /// A chart of `n` nodes with the given edges.
    fn chart(n: usize, edges: &[(usize, usize)]) -> LayoutInput {
        LayoutInput {
            nodes: (0..n)
                .map(|i| BoxSpec {
                    id: format!("n{i}"),
                    shape: Shape::Step,
                    text: format!("node {i}").into(),
                    laws: "".into(),
                })
                .collect(),
            edges: edges
                .iter()
                .map(|&(from, to)| EdgeSpec {
                    from,
                    to,
                    label: None,
                })
                .collect(),
        }
    }

    /// Fits when it has at most `k` nodes.
    fn at_most(k: usize) -> impl FnMut(&[usize]) -> bool {
        move |m: &[usize]| m.len() <= k
    }

    /// No node copied onto the pages that lead to it.
    fn none(input: &LayoutInput) -> Vec<bool> {
        vec![false; input.nodes.len()]
    }

    #[test]
    fn a_chart_that_fits_is_one_panel() {
        let input = chart(4, &[(0, 1), (0, 2), (2, 3)]);
        let panels = split(&input, &none(&input), &mut at_most(9));
        assert_eq!(panels, vec![vec![0, 1, 2, 3]]);
    }

    #[test]
    fn the_largest_branch_is_cut_off_first() {
        // 0 -> 1 -> 2 -> 3 (a long branch), 0 -> 4 (a short one).
        let input = chart(5, &[(0, 1), (1, 2), (2, 3), (0, 4)]);
        let panels = split(&input, &none(&input), &mut at_most(3));
        assert_eq!(panels, vec![vec![0, 4], vec![1, 2, 3]]);
    }

    #[test]
    fn a_shared_node_stays_with_the_node_that_dominates_it() {
        // 0 -> 1 -> 3, 0 -> 2 -> 3: node 3 is reached from both branches.
        let input = chart(4, &[(0, 1), (0, 2), (1, 3), (2, 3)]);
        let panels = split(&input, &none(&input), &mut at_most(2));
        assert!(panels.iter().any(|p| p.contains(&0) && p.contains(&3)));
        assert_eq!(panels.iter().map(Vec::len).sum::<usize>(), 4);
        assert_eq!(panels[0][0], 0);
    }

    #[test]
    fn a_copied_node_is_in_no_panel() {
        // As above, but node 3 is a ruling each branch's page draws itself.
        let input = chart(4, &[(0, 1), (0, 2), (1, 3), (2, 3)]);
        let copied = shared_ends(&input);
        assert_eq!(copied, [false, false, false, true]);
        let panels = split(&input, &copied, &mut at_most(2));
        assert_eq!(panels.concat().len(), 3, "{panels:?}");
        assert!(!panels.concat().contains(&3));
    }

    #[test]
    fn every_node_is_in_exactly_one_panel_in_reading_order() {
        let edges: Vec<(usize, usize)> = (1..15).map(|v| ((v - 1) / 2, v)).collect();
        let input = chart(15, &edges);
        let panels = split(&input, &none(&input), &mut at_most(4));
        let mut all: Vec<usize> = panels.concat();
        all.sort_unstable();
        assert_eq!(all, (0..15).collect::<Vec<_>>());
        let seen = preorder(&input);
        let firsts: Vec<usize> = panels.iter().map(|p| seen[p[0]]).collect();
        assert!(firsts.windows(2).all(|w| w[0] < w[1]), "{panels:?}");
        assert!(panels.iter().all(|p| p.len() <= 4), "{panels:?}");
    }

    #[test]
    fn a_node_that_can_not_be_cut_further_is_a_panel_even_if_it_does_not_fit() {
        let input = chart(3, &[(0, 1), (0, 2)]);
        let panels = split(&input, &none(&input), &mut |_: &[usize]| false);
        assert_eq!(panels, vec![vec![0], vec![1], vec![2]]);
    }
}
