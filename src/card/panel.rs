//! One panel of a split chart as a chart of its own for the layout engine:
//! its nodes and the shared rulings they end at (drawn in every panel that
//! leads to them), an exit connector (`→ 3, back`; `→ 3` to a panel on the
//! same side) in place of every answer that leads to another panel, and an
//! entry connector (`3, from front`) above every node that is entered from
//! another panel.

use crate::layout::{BoxSpec, EdgeSpec, LayoutInput, Shape};

/// What a box of a panel stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// A node of the chart (its index in the chart's layout input).
    Node(usize),
    /// Where an answer leaves this panel: go on at `number` on `side`.
    Exit {
        /// The connector's number (the target's).
        number: usize,
        /// The side of the card the target is on, from 1.
        side: usize,
    },
    /// Where this panel is entered from other panels.
    Entry {
        /// The connector's number.
        number: usize,
        /// The sides the ways in come from, from 1, ascending.
        from: Vec<usize>,
    },
}

/// A panel ready for the layout engine, with what each box stands for.
pub struct PanelInput {
    /// The chart to lay out.
    pub input: LayoutInput,
    /// One role per box of `input.nodes`, same order.
    pub roles: Vec<Role>,
}

/// How the connectors of a split chart are numbered.
pub struct Numbering {
    /// How many sides the card has.
    pub sides: usize,
    /// Per chart node, the side (from 1) it is drawn on.
    pub side: Vec<usize>,
    /// Per chart node, its connector number if another panel leads to it.
    pub number: Vec<Option<usize>>,
}

impl Numbering {
    /// Numbers every node entered from another panel, in reading order
    /// (side by side, and on a side in `order`); `sides` gives the side
    /// (from 0) each panel is drawn on, as panels may share a side.
    pub fn new(
        chart: &LayoutInput,
        copied: &[bool],
        panels: &[Vec<usize>],
        sides: &[usize],
        order: &[usize],
    ) -> Numbering {
        let n = chart.nodes.len();
        let (mut page, mut panel) = (vec![0; n], vec![usize::MAX; n]);
        for (p, members) in panels.iter().enumerate() {
            for &v in members {
                page[v] = sides.get(p).copied().unwrap_or(p) + 1;
                panel[v] = p;
            }
        }
        let mut entered: Vec<usize> = (chart.edges.iter())
            .filter(|e| e.from < n && e.to < n && !copied[e.to] && panel[e.from] != panel[e.to])
            .map(|e| e.to)
            .collect();
        entered.sort_by_key(|&v| (page[v], order[v]));
        entered.dedup();
        let mut number = vec![None; n];
        for (k, &v) in entered.iter().enumerate() {
            number[v] = Some(k + 1);
        }
        Numbering {
            sides: page.iter().copied().max().unwrap_or(1),
            side: page,
            number,
        }
    }
}

/// A side of a card as its connectors name it: `front` and `back` on a
/// card of two sides, else `side 3`.
fn side_name(side: usize, sides: usize) -> String {
    match (sides, side) {
        (2, 1) => "front".into(),
        (2, _) => "back".into(),
        _ => format!("side {side}"),
    }
}

/// The text of an exit connector on side `here` of `sides`.
pub fn exit_text(number: usize, side: usize, here: usize, sides: usize) -> String {
    if side == here {
        format!("→ {number}")
    } else {
        format!("→ {number}, {}", side_name(side, sides))
    }
}

/// The text of an entry connector on side `here` of `sides`: where the
/// ways in come from, if from another side.
pub fn entry_text(number: usize, from: &[usize], here: usize, sides: usize) -> String {
    let others: Vec<String> = (from.iter())
        .filter(|&&s| s != here)
        .map(|&s| side_name(s, sides))
        .collect();
    if others.is_empty() {
        number.to_string()
    } else {
        format!("{number}, from {}", others.join(", "))
    }
}

/// While a split is still being found, every connector points at this
/// side, from another of many: as wide as any real connector's text.
const UNKNOWN_SIDE: usize = 9;
const UNKNOWN_HERE: (usize, usize) = (8, 99);

/// Per node, whether it is a shared end: a ruling (no answer or next
/// leaves it) that more than one box leads to. A shared end is drawn on
/// every panel that leads to it, beside the box it follows, so no connector
/// points back at a lone ruling.
pub fn shared_ends(chart: &LayoutInput) -> Vec<bool> {
    let n = chart.nodes.len();
    let (mut leaves, mut ways_in) = (vec![true; n], vec![0usize; n]);
    for e in chart.edges.iter().filter(|e| e.from < n && e.to < n) {
        leaves[e.from] = false;
        ways_in[e.to] += 1;
    }
    (0..n).map(|v| leaves[v] && ways_in[v] > 1).collect()
}

/// The panel of `members` (reading order, its first node first) and of the
/// `copied` nodes their answers lead to, with real connector numbers when
/// `numbering` is given, or room for two-digit ones while the split is
/// still being found.
pub fn panel_input(
    chart: &LayoutInput,
    copied: &[bool],
    members: &[usize],
    numbering: Option<&Numbering>,
) -> PanelInput {
    let n = chart.nodes.len();
    let edges: Vec<&EdgeSpec> = (chart.edges.iter())
        .filter(|e| e.from < n && e.to < n)
        .collect();
    let mut shown: Vec<usize> = members.to_vec();
    for e in &edges {
        if members.contains(&e.from) && copied[e.to] && !shown.contains(&e.to) {
            shown.push(e.to);
        }
    }
    let inside = |v: usize| shown.contains(&v);
    let entry = |w: usize| {
        let mut from: Vec<usize> = (edges.iter())
            .filter(|e| e.to == w && !inside(e.from))
            .map(|e| numbering.map_or(UNKNOWN_SIDE, |k| k.side[e.from]))
            .collect();
        from.sort_unstable();
        from.dedup();
        let number = numbering.and_then(|k| k.number[w]).unwrap_or(99);
        (!from.is_empty() && !copied[w]).then_some(Role::Entry { number, from })
    };
    // The first node's entry on top, then the nodes, then other entries.
    let mut roles: Vec<Role> = Vec::new();
    let mut entered: Vec<(usize, usize)> = Vec::new();
    for (k, &w) in members.iter().enumerate() {
        if let Some(role) = entry(w).filter(|_| k == 0) {
            entered.push((roles.len(), w));
            roles.push(role);
        }
    }
    roles.extend(shown.iter().map(|&v| Role::Node(v)));
    for &w in members.iter().skip(1) {
        if let Some(role) = entry(w) {
            entered.push((roles.len(), w));
            roles.push(role);
        }
    }
    let at = |roles: &[Role], v: usize| {
        (roles.iter())
            .position(|r| *r == Role::Node(v))
            .expect("every node shown has a box")
    };
    let mut out_edges: Vec<EdgeSpec> = (entered.iter())
        .map(|&(from, w)| EdgeSpec {
            from,
            to: at(&roles, w),
            label: None,
        })
        .collect();
    for e in edges.iter().filter(|e| members.contains(&e.from)) {
        let to = if inside(e.to) {
            at(&roles, e.to)
        } else {
            let (number, side) = numbering.map_or((99, UNKNOWN_SIDE), |k| {
                let number = k.number[e.to].expect("an entered node is numbered");
                (number, k.side[e.to])
            });
            roles.push(Role::Exit { number, side });
            roles.len() - 1
        };
        out_edges.push(EdgeSpec {
            from: at(&roles, e.from),
            to,
            label: e.label.clone(),
        });
    }
    let here = match (numbering, members.first()) {
        (Some(k), Some(&first)) => (k.side[first], k.sides),
        _ => UNKNOWN_HERE,
    };
    let nodes = (roles.iter().enumerate())
        .map(|(i, r)| box_of(chart, r, i, here))
        .collect();
    PanelInput {
        input: LayoutInput {
            nodes,
            edges: out_edges,
        },
        roles,
    }
}

/// The box drawn for a role on side `here` of `sides`; connectors have
/// ids no chart node can have.
fn box_of(chart: &LayoutInput, role: &Role, at: usize, (here, sides): (usize, usize)) -> BoxSpec {
    match role {
        Role::Node(v) => chart.nodes[*v].clone(),
        Role::Exit { number, side } => connector(at, exit_text(*number, *side, here, sides)),
        Role::Entry { number, from } => connector(at, entry_text(*number, from, here, sides)),
    }
}

fn connector(at: usize, text: String) -> BoxSpec {
    BoxSpec {
        id: format!("~connector-{at}"),
        shape: Shape::Step,
        text: text.into(),
        laws: "".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart() -> LayoutInput {
        // q -Yes-> a, q -No-> b -> c; panels [q, a] and [b, c].
        let node = |id: &str| BoxSpec {
            id: id.into(),
            shape: Shape::Step,
            text: id.into(),
            laws: "".into(),
        };
        let edge = |from, to, label: Option<&str>| EdgeSpec {
            from,
            to,
            label: label.map(str::to_string),
        };
        LayoutInput {
            nodes: vec![node("q"), node("a"), node("b"), node("c")],
            edges: vec![
                edge(0, 1, Some("Yes")),
                edge(0, 2, Some("No")),
                edge(2, 3, None),
            ],
        }
    }

    #[test]
    fn an_answer_to_another_panel_ends_at_a_numbered_exit() {
        let chart = chart();
        let panels = vec![vec![0, 1], vec![2, 3]];
        let copied = shared_ends(&chart);
        let numbering = Numbering::new(&chart, &copied, &panels, &[0, 1], &[0, 1, 2, 3]);
        let first = panel_input(&chart, &copied, &panels[0], Some(&numbering));
        let texts: Vec<&str> = first.input.nodes.iter().map(|b| &*b.text).collect();
        assert_eq!(texts, ["q", "a", "→ 1, back"]);
        assert_eq!(first.input.edges[1].label.as_deref(), Some("No"));
        assert_eq!(first.input.edges[1].to, 2);
    }

    #[test]
    fn a_panel_entered_from_another_side_starts_at_its_entry() {
        let chart = chart();
        let panels = vec![vec![0, 1], vec![2, 3]];
        let copied = shared_ends(&chart);
        let numbering = Numbering::new(&chart, &copied, &panels, &[0, 1], &[0, 1, 2, 3]);
        let second = panel_input(&chart, &copied, &panels[1], Some(&numbering));
        let texts: Vec<&str> = second.input.nodes.iter().map(|b| &*b.text).collect();
        assert_eq!(texts, ["1, from front", "b", "c"]);
        assert_eq!(
            (second.input.edges[0].from, second.input.edges[0].to),
            (0, 1)
        );
        assert!(second.input.nodes[0].id.starts_with('~'));
    }

    #[test]
    fn a_ruling_is_drawn_in_every_panel_that_leads_to_it() {
        // q -> a -> r and q -> b -> r, r a ruling; a and b on two sides.
        let mut chart = chart();
        chart.nodes[3].text = "r".into();
        chart.edges = vec![
            EdgeSpec {
                from: 0,
                to: 1,
                label: Some("Yes".into()),
            },
            EdgeSpec {
                from: 0,
                to: 2,
                label: Some("No".into()),
            },
            EdgeSpec {
                from: 1,
                to: 3,
                label: None,
            },
            EdgeSpec {
                from: 2,
                to: 3,
                label: None,
            },
        ];
        let panels = vec![vec![0, 1], vec![2]];
        let copied = shared_ends(&chart);
        assert_eq!(copied, [false, false, false, true]);
        let numbering = Numbering::new(&chart, &copied, &panels, &[0, 1], &[0, 1, 2, 3]);
        let texts = |p: &PanelInput| -> Vec<String> {
            p.input.nodes.iter().map(|b| b.text.to_string()).collect()
        };
        let first = panel_input(&chart, &copied, &panels[0], Some(&numbering));
        assert_eq!(texts(&first), ["q", "a", "r", "→ 1, back"]);
        let second = panel_input(&chart, &copied, &panels[1], Some(&numbering));
        assert_eq!(texts(&second), ["1, from front", "b", "r"]);
    }

    #[test]
    fn connectors_name_the_side_only_when_it_is_another() {
        let chart = chart();
        let panels = vec![vec![0, 1], vec![2, 3]];
        let copied = shared_ends(&chart);
        // Both panels on the front.
        let numbering = Numbering::new(&chart, &copied, &panels, &[0, 0], &[0, 1, 2, 3]);
        let texts = |p: usize| -> Vec<String> {
            let panel = panel_input(&chart, &copied, &panels[p], Some(&numbering));
            panel
                .input
                .nodes
                .iter()
                .map(|b| b.text.to_string())
                .collect()
        };
        assert_eq!(texts(0), ["q", "a", "→ 1"]);
        assert_eq!(texts(1), ["1", "b", "c"]);
        assert_eq!(exit_text(4, 3, 1, 3), "→ 4, side 3");
        assert_eq!(entry_text(4, &[1, 2], 2, 3), "4, from side 1");
    }
}
