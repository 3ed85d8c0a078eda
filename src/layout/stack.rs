//! Stacked answers: the answers of a question that each end at once (in a
//! box nothing leaves and nothing else enters) drawn as one column, one box
//! under the other, fed by a single line down their left side with each
//! answer's label on its branch. A question with many such answers (a
//! triage chart's hand-overs, a card's connectors) then takes the width of
//! one box instead of one per answer, which is what lets a wide chart fit a
//! card.
//!
//! The column is laid out as one box of its full size among the others;
//! then it is opened: its boxes placed inside it, its answers' paths
//! continued from where the one edge into it arrives.

use super::boxes::{self, Label};
use super::{BoxSpec, EdgeLabel, EdgeSpec, Layout, LayoutInput, LayoutOptions, Point, Rect};
use super::{PlacedBox, RoutedEdge, Shape};

/// Height of the strip at the top of a column where the line in turns
/// towards the column's left side.
const TOP: f32 = 8.0;
/// Distance of the feeding line from the column's left side.
const INSET: f32 = 4.0;
/// Space between the feeding line and a label, and between a label and the
/// arrow head's box.
const LABEL_ROOM: f32 = 4.0;
/// Length of line left visible before a box, for the arrow head.
const ARROW_ROOM: f32 = 10.0;
/// Space between two boxes of a column.
const GAP: f32 = 6.0;

/// One column: the question and, in answer order, the edges (indices into
/// the valid edges) and the boxes they lead to.
struct Column {
    question: usize,
    edges: Vec<usize>,
    members: Vec<usize>,
}

/// The boxes of a column, measured: their width (one for all), each one's
/// height and the slot it takes, and the gutter left of them for the line
/// and labels.
struct Measures {
    width: f32,
    heights: Vec<f32>,
    slots: Vec<f32>,
    gutter: f32,
    labels: Vec<Option<Label>>,
}

impl Measures {
    fn size(&self) -> (f32, f32) {
        let h: f32 =
            self.slots.iter().sum::<f32>() + GAP * self.slots.len().saturating_sub(1) as f32;
        (self.gutter + self.width, TOP + h)
    }
}

/// The chart laid out with its columns stacked, or `None` when no question
/// has `options.stack_answers` (at least 2) answers that end at once.
pub(super) fn layout(input: &LayoutInput, options: &LayoutOptions) -> Option<Layout> {
    if options.stack_answers < 2 {
        return None;
    }
    let edges = super::valid_edges(input);
    let columns = columns(input, &edges, options.stack_answers);
    if columns.is_empty() {
        return None;
    }
    let measures: Vec<Measures> = (columns.iter())
        .map(|c| measure(input, &edges, c, options))
        .collect();
    let (reduced, stand_in, place) = reduce(input, &edges, &columns, &measures);
    let drawn = super::plain(&reduced, options, &stand_in);
    Some(open(
        input, &edges, &columns, &measures, &place, drawn, options,
    ))
}

/// Whether [`layout`] would stack any answers.
pub(super) fn any(input: &LayoutInput, options: &LayoutOptions) -> bool {
    options.stack_answers >= 2
        && !columns(input, &super::valid_edges(input), options.stack_answers).is_empty()
}

/// For [`super::least_height`]: where `options` stack answers, each
/// column's first box gets the column's height (its boxes, gaps and top
/// strip: the one box the chart is laid out with in their place) and its
/// other boxes none. `heights` holds each box's height as drawn alone.
pub(super) fn column_heights(input: &LayoutInput, options: &LayoutOptions, heights: &mut [f32]) {
    if options.stack_answers < 2 {
        return;
    }
    let edges = super::valid_edges(input);
    for c in columns(input, &edges, options.stack_answers) {
        let (_, h) = measure(input, &edges, &c, options).size();
        heights[c.members[0]] = h;
        c.members[1..].iter().for_each(|&v| heights[v] = 0.0);
    }
}

/// The columns: for each question, each run of its answers, next to one
/// another in the order their ports take (the order of answers across the
/// chart), whose box has no way out and no other way in (and is not the
/// start), when the run has at least `least` of them. A run never reaches
/// across another answer, so the answers keep their order (those before
/// the main line on its left, those after on its right).
fn columns(input: &LayoutInput, edges: &[EdgeSpec], least: usize) -> Vec<Column> {
    let n = input.nodes.len();
    let (mut ins, mut outs) = (vec![0usize; n], vec![0usize; n]);
    let mut answers: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, e) in edges.iter().enumerate() {
        outs[e.from] += 1;
        ins[e.to] += 1;
        answers[e.from].push(i);
    }
    let ends = |question: usize, i: usize| {
        let to = edges[i].to;
        to != 0 && to != question && outs[to] == 0 && ins[to] == 1
    };
    // Answers in the order their ports take (see `graph`): by their
    // label's place in the order across the chart, then as written.
    let ranks = super::graph::label_order(edges);
    for answers in &mut answers {
        answers.sort_by_key(|&i| (ranks[i], i));
    }
    let mut columns = Vec::new();
    for (question, answers) in answers.iter().enumerate() {
        for run in answers.chunk_by(|&a, &b| ends(question, a) == ends(question, b)) {
            if run.len() >= least && ends(question, run[0]) {
                columns.push(Column {
                    question,
                    members: run.iter().map(|&i| edges[i].to).collect(),
                    edges: run.to_vec(),
                });
            }
        }
    }
    columns
}

/// Size a column: its boxes at the usual width of text, one width for all,
/// each slot tall enough for its box and for the label on its branch.
fn measure(input: &LayoutInput, edges: &[EdgeSpec], c: &Column, o: &LayoutOptions) -> Measures {
    let sizes: Vec<(f32, f32)> = (c.members.iter())
        .map(|&m| boxes::size(&input.nodes[m], o, o.max_text_width))
        .collect();
    let labels: Vec<Option<Label>> = (c.edges.iter())
        .map(|&i| boxes::label(edges[i].label.as_deref(), o))
        .collect();
    let widest_label = labels.iter().flatten().map(|l| l.w).fold(0.0, f32::max);
    let slots = sizes
        .iter()
        .zip(&labels)
        .map(|(&(_, h), l)| h.max(l.as_ref().map_or(0.0, |l| l.h) + 2.0))
        .collect();
    Measures {
        width: sizes.iter().map(|s| s.0).fold(0.0, f32::max),
        heights: sizes.iter().map(|s| s.1).collect(),
        slots,
        gutter: INSET + LABEL_ROOM + widest_label + LABEL_ROOM + ARROW_ROOM,
        labels,
    }
}

/// The chart with each column as one box of fixed size: the reduced
/// input; each box's fixed size and each edge's place in the chart's order
/// of answers (a column's edge takes its first answer's, so it leaves the
/// question where that answer would); and for each original box its index
/// in the reduced input (`None` for a column's).
type Reduced = (LayoutInput, super::StandIn, Vec<Option<usize>>);

fn reduce(input: &LayoutInput, edges: &[EdgeSpec], columns: &[Column], m: &[Measures]) -> Reduced {
    let n = input.nodes.len();
    let mut column_of = vec![None; n];
    for (k, c) in columns.iter().enumerate() {
        c.members.iter().for_each(|&v| column_of[v] = Some(k));
    }
    let mut place = vec![None; n];
    let mut nodes = Vec::new();
    let mut fixed = Vec::new();
    for (v, spec) in input.nodes.iter().enumerate() {
        if column_of[v].is_none() {
            place[v] = Some(nodes.len());
            nodes.push(spec.clone());
            fixed.push(None);
        }
    }
    let first = nodes.len();
    for (k, c) in columns.iter().enumerate() {
        nodes.push(BoxSpec {
            id: format!("{}#column", input.nodes[c.question].id),
            shape: Shape::Step,
            text: "".into(),
            laws: "".into(),
        });
        fixed.push(Some(m[k].size()));
    }
    let ranks = super::graph::label_order(edges);
    let (mut reduced_edges, mut order) = (Vec::new(), Vec::new());
    for (e, rank) in edges.iter().zip(ranks) {
        let from = place[e.from].expect("a column's box has no way out");
        let to = match column_of[e.to] {
            None => place[e.to].expect("a box outside columns has a place"),
            // The column's one edge stands where its first answer stood.
            Some(k) if columns[k].members[0] == e.to => first + k,
            Some(_) => continue,
        };
        let label = if to >= first { None } else { e.label.clone() };
        reduced_edges.push(EdgeSpec { from, to, label });
        order.push(rank);
    }
    let reduced = LayoutInput {
        nodes,
        edges: reduced_edges,
    };
    let stand_in = super::StandIn {
        fixed,
        order: Some(order),
    };
    (reduced, stand_in, place)
}

/// The drawing of the reduced chart with every column opened: boxes and
/// edges back in the input's order.
fn open(
    input: &LayoutInput,
    edges: &[EdgeSpec],
    columns: &[Column],
    measures: &[Measures],
    place: &[Option<usize>],
    drawn: Layout,
    o: &LayoutOptions,
) -> Layout {
    let first = drawn.boxes.len() - columns.len();
    let mut boxes: Vec<Option<PlacedBox>> = (0..input.nodes.len())
        .map(|v| place[v].map(|at| drawn.boxes[at].clone()))
        .collect();
    let mut column_of_edge = vec![None; edges.len()];
    for (k, c) in columns.iter().enumerate() {
        for (j, &i) in c.edges.iter().enumerate() {
            column_of_edge[i] = Some((k, j));
        }
    }
    // The reduced chart's edges are the input's, in order, with each
    // column's answers replaced by one edge where its first answer stood.
    let mut drawn_edges = drawn.edges.iter();
    let mut way_in: Vec<Option<&RoutedEdge>> = vec![None; columns.len()];
    let mut routed: Vec<Option<RoutedEdge>> = vec![None; edges.len()];
    for (i, e) in edges.iter().enumerate() {
        match column_of_edge[i] {
            Some((k, 0)) => way_in[k] = drawn_edges.next(),
            Some(_) => {}
            None => {
                routed[i] = drawn_edges.next().map(|d| RoutedEdge {
                    from: e.from,
                    to: e.to,
                    ..d.clone()
                });
            }
        }
    }
    for (k, (c, m)) in columns.iter().zip(measures).enumerate() {
        let column = drawn.boxes[first + k].rect;
        let arrival = way_in[k].map_or(&[][..], |w| w.points.as_slice());
        let mut top = column.y + TOP;
        for (j, (&v, &i)) in c.members.iter().zip(&c.edges).enumerate() {
            let mid = top + m.slots[j] / 2.0;
            top += m.slots[j] + GAP;
            let cx = column.x + m.gutter + m.width / 2.0;
            let member = Rect::centered(cx, mid, m.width, m.heights[j]);
            boxes[v] = Some(boxes::place(&input.nodes[v], o, o.max_text_width, member));
            let label = m.labels[j].as_ref().map(|l| on_branch(l, column, mid, o));
            routed[i] = Some(RoutedEdge {
                from: edges[i].from,
                to: v,
                points: branch(arrival, column, member),
                label,
            });
        }
    }
    Layout {
        width: drawn.width,
        height: drawn.height,
        boxes: boxes
            .into_iter()
            .map(|b| b.expect("every box placed"))
            .collect(),
        edges: routed
            .into_iter()
            .map(|r| r.expect("every edge routed"))
            .collect(),
        options: drawn.options,
    }
}

/// The path of one answer of a column: the way into the column, then along
/// its top strip to the feeding line, down it, and right into the box.
fn branch(arrival: &[Point], column: Rect, member: Rect) -> Vec<Point> {
    let line = column.x + INSET;
    let strip = column.y + TOP / 2.0;
    let mut points = arrival.to_vec();
    let arrived = points.last().copied().unwrap_or(Point::new(line, column.y));
    points.extend([
        Point::new(arrived.x, strip),
        Point::new(line, strip),
        Point::new(line, member.cy()),
        Point::new(member.x, member.cy()),
    ]);
    simplify(points)
}

/// An answer's label on its branch, just right of the feeding line.
fn on_branch(l: &Label, column: Rect, mid: f32, o: &LayoutOptions) -> EdgeLabel {
    let cx = column.x + INSET + LABEL_ROOM + l.w / 2.0;
    let rect = Rect::centered(cx, mid, l.w, l.h);
    let mut top = rect.y + boxes::label_pad_y();
    EdgeLabel {
        text: l.text.to_string(),
        rect,
        lines: boxes::place_lines(&l.lines, cx, &mut top, o.label_size),
    }
}

/// The path without repeated points or corners that do not turn.
fn simplify(points: Vec<Point>) -> Vec<Point> {
    let mut out: Vec<Point> = Vec::with_capacity(points.len());
    for p in points {
        if out
            .last()
            .is_some_and(|q| (q.x - p.x).abs() < 0.01 && (q.y - p.y).abs() < 0.01)
        {
            continue;
        }
        if let [.., a, b] = out.as_slice() {
            let straight = ((a.x - b.x).abs() < 0.01 && (b.x - p.x).abs() < 0.01)
                || ((a.y - b.y).abs() < 0.01 && (b.y - p.y).abs() < 0.01);
            if straight {
                out.pop();
            }
        }
        out.push(p);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::{layout, quality};
    use super::*;

    fn node(id: &str, shape: Shape, text: &str) -> BoxSpec {
        BoxSpec {
            id: id.into(),
            shape,
            text: text.into(),
            laws: "12C1".into(),
        }
    }

    /// A question with four answers, each to a ruling, and one to a step
    /// that goes on to a fifth ruling.
    fn triage() -> LayoutInput {
        let mut nodes = vec![node("q", Shape::Question, "What went wrong at the table?")];
        let mut edges = Vec::new();
        for i in 1..=4 {
            nodes.push(node(
                &format!("r{i}"),
                Shape::Ruling,
                "Rule under this law, then play on",
            ));
            edges.push(EdgeSpec {
                from: 0,
                to: i,
                label: Some(format!("Answer {i}")),
            });
        }
        nodes.push(node("s", Shape::Step, "Look at the cards"));
        nodes.push(node("end", Shape::Ruling, "The result stands"));
        edges.push(EdgeSpec {
            from: 0,
            to: 5,
            label: Some("Something else".into()),
        });
        edges.push(EdgeSpec {
            from: 5,
            to: 6,
            label: None,
        });
        LayoutInput { nodes, edges }
    }

    fn stacked() -> LayoutOptions {
        LayoutOptions {
            stack_answers: 2,
            ..LayoutOptions::default()
        }
    }

    #[test]
    fn answers_that_end_at_once_are_stacked_in_one_narrower_column() {
        let chart = triage();
        let plain = layout(&chart, &LayoutOptions::default());
        let column = layout(&chart, &stacked());
        assert!(
            column.width < plain.width,
            "{} >= {}",
            column.width,
            plain.width
        );
        let xs: Vec<f32> = (1..=4).map(|i| column.boxes[i].rect.x).collect();
        assert!(xs.iter().all(|&x| (x - xs[0]).abs() < 0.01), "{xs:?}");
        let tops: Vec<f32> = (1..=4).map(|i| column.boxes[i].rect.y).collect();
        assert!(
            tops.windows(2).all(|w| w[0] < w[1]),
            "answer order kept: {tops:?}"
        );
        assert!(quality(&column).is_sound(), "{:?}", quality(&column));
        assert_eq!(quality(&column).label_collisions, 0);
    }

    #[test]
    fn each_stacked_answer_enters_its_box_from_the_left_with_its_label_on_the_way() {
        let column = layout(&triage(), &stacked());
        for i in 0..4 {
            let edge = &column.edges[i];
            let target = column.boxes[edge.to].rect;
            let end = *edge.points.last().expect("a path has points");
            assert!((end.x - target.x).abs() < 0.01 && (end.y - target.cy()).abs() < 0.01);
            let label = edge.label.as_ref().expect("the answer keeps its label");
            assert_eq!(label.text, format!("Answer {}", i + 1));
            assert!(label.rect.right() < target.x && (label.rect.cy() - target.cy()).abs() < 0.01);
        }
        assert_eq!(
            column.edges[4].label.as_ref().map(|l| l.text.as_str()),
            Some("Something else")
        );
    }

    #[test]
    fn answers_on_both_sides_of_the_main_line_make_two_columns_in_order() {
        // q: A, B end at once; C goes on to a question; D, E end at once.
        let mut nodes = vec![node("q", Shape::Question, "Which?")];
        let mut edges = Vec::new();
        for (i, label) in ["A", "B", "C", "D", "E"].into_iter().enumerate() {
            let shape = if label == "C" {
                Shape::Question
            } else {
                Shape::Ruling
            };
            nodes.push(node(label, shape, label));
            edges.push(EdgeSpec {
                from: 0,
                to: i + 1,
                label: Some(label.into()),
            });
        }
        for (k, label) in ["Yes", "No"].into_iter().enumerate() {
            nodes.push(node(label, Shape::Ruling, label));
            edges.push(EdgeSpec {
                from: 3,
                to: 6 + k,
                label: Some(label.into()),
            });
        }
        let chart = LayoutInput { nodes, edges };
        let found = columns(&chart, &chart.edges, 2);
        let members: Vec<&[usize]> = found.iter().map(|c| c.members.as_slice()).collect();
        assert_eq!(members, [&[1, 2][..], &[4, 5], &[6, 7]]);
        let drawn = layout(&chart, &stacked());
        let q = quality(&drawn);
        assert_eq!(
            (q.answers_out_of_order, q.label_collisions),
            (0, 0),
            "{q:?}"
        );
        assert!(q.is_sound(), "{q:?}");
        let x = |v: usize| drawn.boxes[v].rect.cx();
        assert!(
            x(1) < x(3) && x(3) < x(4),
            "A's column left of C, D's right of it"
        );
    }

    #[test]
    fn the_least_height_of_a_stacked_chart_counts_the_whole_column() {
        let chart = triage();
        let drawn = layout(&chart, &stacked());
        let column: f32 = (1..=4).map(|v| drawn.boxes[v].rect.h).sum();
        let least = super::super::least_height(&chart, &stacked());
        let plain = super::super::least_height(&chart, &LayoutOptions::default());
        assert!(least > plain + column / 2.0, "{least} vs {plain}");
        assert!(
            least >= column && least <= drawn.height,
            "{least}, {column}, {}",
            drawn.height
        );
    }

    #[test]
    fn a_chart_with_nothing_to_stack_is_drawn_as_usual() {
        let chart = LayoutInput {
            nodes: vec![
                node("q", Shape::Question, "Is it?"),
                node("a", Shape::Ruling, "Yes"),
            ],
            edges: vec![EdgeSpec {
                from: 0,
                to: 1,
                label: Some("Yes".into()),
            }],
        };
        assert!(super::layout(&chart, &stacked()).is_none());
        let off = LayoutOptions::default();
        assert!(super::layout(&triage(), &off).is_none());
    }
}
