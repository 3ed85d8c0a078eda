//! Synthetic charts of any size, for benchmarks and property tests: a
//! deterministic decision DAG (a main line of Yes answers, No answers that
//! jump a few nodes ahead, steps, rulings) written as chart YAML; and
//! card-sized charts shaped like the shipped ones, with box text of a given
//! length, to measure what fits a card.

use crate::layout::{BoxSpec, EdgeSpec, LayoutInput, Shape};

/// A small deterministic generator (64-bit LCG), so the same seed gives the same chart.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// The YAML of a valid chart with `nodes` nodes (at least 3).
pub fn chart_yaml(nodes: usize, seed: u64) -> String {
    let n = nodes.max(3);
    let mut rng = Lcg(seed ^ 0x9E37_79B9_7F4A_7C15);
    let mut out = format!(
        "title: Synthetic chart of {n} nodes\nlaws: [\"54\", \"50D2\"]\nstart: n0\nnodes:\n"
    );
    // The last two nodes are rulings; n-3 feeds both, so every node is reached.
    for i in 0..n - 2 {
        let kind = if i + 3 >= n { 0 } else { rng.below(4) };
        if kind == 3 {
            out.push_str(&format!(
                "  n{i}:\n    do: Step {i}, tell the players what happens next.\n    law: 54D\n    next: n{}\n",
                i + 1
            ));
        } else {
            let jump = i + 2 + rng.below(6) as usize;
            let no = jump.min(n - 1);
            out.push_str(&format!(
                "  n{i}:\n    ask: Question {i}, did the player do this?\n    law: 54C\n    answers:\n      \"Yes\": n{}\n      \"No\": n{no}\n",
                i + 1
            ));
        }
    }
    for i in n - 2..n {
        out.push_str(&format!(
            "  n{i}:\n    ruling: Ruling {i}, the director rules so.\n    law: 50D2\n"
        ));
    }
    out
}

/// What a synthetic card-sized chart is made of.
#[derive(Clone, Copy, Debug)]
pub struct CardShape {
    /// How many boxes.
    pub boxes: usize,
    /// Characters of every box's text (a hand-over's then draws `→` and
    /// the other chart's title, of 35 characters).
    pub text: usize,
    /// Characters of every answer label of a question with more than two
    /// answers (two answers are `Yes` and `No`).
    pub label: usize,
    /// Whether box texts vary between six tenths of `text` and `text`
    /// (a chart that keeps to the budget) rather than all being `text`.
    pub mixed: bool,
    /// Which chart of this shape.
    pub seed: u64,
}

/// Words the synthetic texts are made of (as long as the shipped charts'
/// words on average).
const WORDS: [&str; 24] = [
    "declarer", "the", "lead", "was", "card", "partner", "of", "a", "trick", "played", "director",
    "rules", "to", "defender", "exposed", "dummy", "after", "and", "penalty", "is", "call",
    "auction", "offender", "score",
];
/// Characters of the title of the chart a hand-over goes on in.
const HANDOVER_TITLE: usize = 35;
/// Law clauses as long as the shipped charts' (7 characters at the median).
const CLAUSES: [&str; 6] = ["54D", "50D2(a)", "16C1, 16C2", "12C1(b)", "64A2", "45C4(b)"];

/// A chart shaped like the shipped ones: four in ten boxes questions (most
/// with `Yes` and `No`, one in six with three or four answers), one in seven
/// steps, the rest rulings, nearly half of which hand over to another
/// chart; a main line down with rulings off to the side, and a few
/// rulings reached from more than one box. Every box's drawn text is
/// `shape.text` characters long (or between 0.6 and 1 times that).
pub fn card_chart(shape: &CardShape) -> LayoutInput {
    let n = shape.boxes.max(3);
    let mut rng = Lcg(shape.seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 0x51_7CC1);
    let questions = (n * 2).div_ceil(5);
    let steps = n / 7;
    let (mut q, mut s) = (questions - 1, steps);
    let mut nodes = vec![box_spec(0, Shape::Question, shape, &mut rng)];
    let mut edges: Vec<EdgeSpec> = Vec::new();
    // Open answers: (from, label).
    let mut open: Vec<(usize, Option<String>)> = answers(0, shape, &mut rng);
    let mut rulings: Vec<usize> = Vec::new();
    for v in 1..n {
        let left = n - v;
        // Keep an answer open for every box still to come, and end with a
        // ruling if there is none yet.
        let last_ruling = left == 1 && rulings.is_empty();
        let go_on = open.len() <= 1 && left > 1;
        let kind = if !last_ruling && (go_on || rng.below(left as u64) < (q + s) as u64) {
            if s > 0 && (q == 0 || rng.below(q as u64 + s as u64) < s as u64) {
                s -= 1;
                Shape::Step
            } else {
                q = q.saturating_sub(1);
                Shape::Question
            }
        } else if rng.below(9) < 4 {
            Shape::Handover
        } else {
            Shape::Ruling
        };
        // On from the oldest open answer a third of the time, else from
        // any: charts as deep as the shipped ones (about 8 at 20 boxes).
        let at = if rng.below(3) == 0 {
            0
        } else {
            rng.below(open.len() as u64) as usize
        };
        let (from, label) = open.remove(at);
        edges.push(EdgeSpec { from, to: v, label });
        nodes.push(box_spec(v, kind, shape, &mut rng));
        match kind {
            Shape::Question => open.extend(answers(v, shape, &mut rng)),
            Shape::Step => open.push((v, None)),
            _ => rulings.push(v),
        }
    }
    // Answers still open end at a ruling drawn near them (the last before,
    // else the first after): shared ends, as on the shipped charts.
    for (from, label) in open {
        let to = (rulings.iter().rev().find(|&&r| r < from))
            .or_else(|| rulings.iter().find(|&&r| r > from))
            .copied()
            .expect("a chart ends in a ruling");
        edges.push(EdgeSpec { from, to, label });
    }
    edges.sort_by_key(|e| e.from);
    LayoutInput { nodes, edges }
}

/// A question's answers: `Yes` and `No`, or three or four of `shape.label`
/// characters.
fn answers(v: usize, shape: &CardShape, rng: &mut Lcg) -> Vec<(usize, Option<String>)> {
    if rng.below(6) > 0 {
        return vec![(v, Some("Yes".into())), (v, Some("No".into()))];
    }
    let count = 3 + rng.below(2) as usize;
    (0..count)
        .map(|_| (v, Some(text_of(shape.label, "", rng))))
        .collect()
}

fn box_spec(v: usize, kind: Shape, shape: &CardShape, rng: &mut Lcg) -> BoxSpec {
    let length = if shape.mixed {
        shape.text * (6 + rng.below(5) as usize) / 10
    } else {
        shape.text
    };
    let end = if kind == Shape::Question { "?" } else { "." };
    let mut text = text_of(length, end, rng);
    if kind == Shape::Handover {
        // As a card draws a hand-over: the other chart's title after it.
        text.push_str(&format!(" → {}", text_of(HANDOVER_TITLE, "", rng)));
    }
    BoxSpec {
        id: format!("n{v}"),
        shape: kind,
        text: text.into(),
        laws: CLAUSES[rng.below(CLAUSES.len() as u64) as usize].into(),
    }
}

/// Words making `length` characters, `end` included (the last word cut
/// short), the first capitalised.
fn text_of(length: usize, end: &str, rng: &mut Lcg) -> String {
    let body = length.saturating_sub(end.len()).max(1);
    let mut text = String::new();
    while text.len() < body {
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(WORDS[rng.below(WORDS.len() as u64) as usize]);
    }
    text.truncate(body);
    if text.ends_with(' ') {
        text.pop();
        text.push('s');
    }
    let mut chars = text.chars();
    let text: String = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    };
    format!("{text}{end}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn synthetic_charts_of_every_size_check_clean() {
        for n in [3, 10, 100, 1000] {
            let dir = tempfile::tempdir().expect("temp dir");
            let path = dir.path().join("synthetic.yaml");
            std::fs::write(&path, chart_yaml(n, 7)).expect("write");
            let report = crate::check::check_paths(&[path]).expect("check runs");
            let errors = report.count(crate::diagnostic::Severity::Error);
            assert_eq!(errors, 0, "{n} nodes: {:?}", report.diagnostics);
            assert_eq!(report.charts.charts[0].graph.node_count(), n);
        }
    }

    #[test]
    fn a_card_chart_has_its_boxes_and_text_lengths_and_every_box_is_reached() {
        let shape = CardShape {
            boxes: 20,
            text: 60,
            label: 12,
            mixed: false,
            seed: 3,
        };
        let chart = card_chart(&shape);
        assert_eq!(chart.nodes.len(), 20);
        assert!(chart.nodes.iter().all(|b| b.text.chars().count() == 60
            || b.shape == Shape::Handover && b.text.chars().count() == 60 + 3 + 35));
        let mut reached = [false; 20];
        reached[0] = true;
        for e in &chart.edges {
            assert!(e.from < e.to || chart.nodes[e.to].shape != Shape::Question);
            reached[e.to] = true;
        }
        assert!(reached.iter().all(|&r| r));
        // Rulings end paths; questions and steps go on.
        for (v, b) in chart.nodes.iter().enumerate() {
            let out = chart.edges.iter().filter(|e| e.from == v).count();
            match b.shape {
                Shape::Question => assert!(out >= 2),
                Shape::Step => assert_eq!(out, 1),
                _ => assert_eq!(out, 0),
            }
        }
    }

    #[test]
    fn card_charts_are_about_as_deep_as_the_shipped_ones() {
        let mut total = 0;
        for seed in 1..=20 {
            let shape = CardShape {
                boxes: 20,
                text: 60,
                label: 12,
                mixed: true,
                seed,
            };
            let chart = card_chart(&shape);
            let mut depth = [1; 20];
            for v in 0..20 {
                for e in chart.edges.iter().filter(|e| e.to == v && e.from < v) {
                    depth[v] = depth[v].max(depth[e.from] + 1);
                }
            }
            total += depth.iter().max().copied().unwrap_or(0);
        }
        // The shipped charts of 18 to 23 boxes are 6 to 14 deep, 8 on average.
        let mean = total as f32 / 20.0;
        assert!((7.0..=10.0).contains(&mean), "{mean}");
    }

    #[test]
    fn the_same_seed_gives_the_same_chart() {
        assert_eq!(chart_yaml(50, 1), chart_yaml(50, 1));
        assert_ne!(chart_yaml(50, 1), chart_yaml(50, 2));
    }
}
