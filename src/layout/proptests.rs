//! Property tests: random decision charts (questions with two to four
//! answers, steps, rulings and hand-overs, branches that merge) always lay
//! out soundly, and the sample charts meet their quality bar.

use proptest::prelude::*;

use super::{BoxSpec, EdgeSpec, LayoutInput, LayoutOptions, Shape, layout, quality};

const WORDS: &[&str] = &[
    "declarer",
    "dummy",
    "lead",
    "penalty",
    "card",
    "the",
    "of",
    "must",
    "partner",
    "revoke",
    "trick",
    "auction",
    "insufficient",
    "bid",
    "♠A",
    "Director",
    "may",
    "accept",
    "unauthorised",
    "information",
    "é",
    "x",
];
const LABEL_SETS: &[&[&str]] = &[
    &["Yes", "No"],
    &["No", "Yes"],
    &["LHO", "Partner", "RHO"],
    &[
        "Before the auction",
        "During the auction",
        "During play",
        "After play ended",
    ],
    &["Accept, stay declarer", "Refuse the lead"],
];

/// A small deterministic generator, so one seed is one chart.
struct Dice(u64);

impl Dice {
    fn roll(&mut self, sides: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % sides.max(1) as u64) as usize
    }
}

/// A random acyclic chart whose every node is reachable from the start.
fn random_chart(seed: u64, n: usize) -> LayoutInput {
    let mut dice = Dice(seed | 1);
    let mut targets: Vec<Vec<usize>> = vec![Vec::new(); n];
    for child in 1..n {
        targets[dice.roll(child)].push(child);
    }
    for (from, out) in targets.iter_mut().enumerate().take(n.saturating_sub(1)) {
        for _ in 0..dice.roll(3) {
            out.push(from + 1 + dice.roll(n - from - 1));
        }
    }
    let mut input = LayoutInput::default();
    for (i, out) in targets.iter_mut().enumerate() {
        if out.len() == 1 && dice.roll(3) == 0 && i + 1 < n {
            out.push(i + 1 + dice.roll(n - i - 1)); // sometimes two answers to one node
        }
        if out.len() > 4 {
            out.truncate(4);
        }
        input.nodes.push(random_box(&mut dice, i, out.len()));
        let set = LABEL_SETS[dice.roll(LABEL_SETS.len())];
        let set = if set.len() >= out.len() {
            set
        } else {
            LABEL_SETS[3]
        };
        for (k, &to) in out.iter().enumerate() {
            let label = (out.len() > 1).then(|| set[k].to_string());
            input.edges.push(EdgeSpec { from: i, to, label });
        }
    }
    input
}

/// A random chart in which about half the questions also get two to four
/// answers that each end at once (a fresh ruling or hand-over each), placed
/// first, last or between their other answers: charts with answers to stack.
fn random_stackable_chart(seed: u64, n: usize) -> LayoutInput {
    let mut input = random_chart(seed, n);
    let mut dice = Dice(seed.rotate_left(17) | 1);
    let questions: Vec<usize> = (0..input.nodes.len())
        .filter(|&v| input.edges.iter().filter(|e| e.from == v).count() > 1)
        .collect();
    for v in questions {
        if dice.roll(2) == 0 {
            continue;
        }
        let answers: Vec<usize> = (0..input.edges.len())
            .filter(|&i| input.edges[i].from == v)
            .collect();
        let at = answers[dice.roll(answers.len())] + dice.roll(2);
        for k in 0..2 + dice.roll(3) {
            let to = input.nodes.len();
            let mut leaf = random_box(&mut dice, to, 0);
            leaf.id = format!("end{to}");
            input.nodes.push(leaf);
            let label = Some(format!("Ends {k}"));
            input.edges.insert(at + k, EdgeSpec { from: v, to, label });
        }
    }
    input
}

fn random_box(dice: &mut Dice, i: usize, answers: usize) -> BoxSpec {
    let shape = match answers {
        0 if dice.roll(4) == 0 => Shape::Handover,
        0 => Shape::Ruling,
        1 => Shape::Step,
        _ => Shape::Question,
    };
    let words = 1 + dice.roll(30);
    let text: Vec<&str> = (0..words).map(|_| WORDS[dice.roll(WORDS.len())]).collect();
    let laws = ["", "54D", "27B1(a), 12C1(e)", "64A1, 64A2, 64B3, 64C, 12C"][dice.roll(4)];
    BoxSpec {
        id: format!("n{i}"),
        shape,
        text: text.join(" ").into(),
        laws: laws.into(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_decision_charts_lay_out_soundly(seed in any::<u64>(), n in 1usize..32) {
        let chart = random_chart(seed, n);
        let placed = layout(&chart, &LayoutOptions::default());
        let q = quality(&placed);
        let json = serde_json::to_string(&chart).unwrap_or_default();
        prop_assert!(q.is_sound() && q.label_collisions == 0 && q.edge_overlaps == 0, "{q:?}\nCHART {json}");
        prop_assert_eq!(placed.edges.len(), chart.edges.len());
        let least = super::least_height(&chart, &LayoutOptions::default());
        prop_assert!(least <= placed.height, "least {least} > {}\nCHART {json}", placed.height);
        // Measured without text, the drawing is the same size, box for box.
        let sized = super::layout_size(&chart, &LayoutOptions::default());
        prop_assert_eq!((sized.width, sized.height), (placed.width, placed.height));
        for (a, b) in sized.boxes.iter().zip(&placed.boxes) {
            prop_assert_eq!(a.rect, b.rect);
            prop_assert!(a.lines.is_empty() && a.text.is_empty());
        }
        prop_assert!(!super::sizing(), "the flag is cleared");
    }

    #[test]
    fn random_charts_with_stacked_answers_lay_out_soundly(seed in any::<u64>(), n in 1usize..32) {
        let chart = random_stackable_chart(seed, n);
        let options = LayoutOptions { stack_answers: 2, ..LayoutOptions::default() };
        let placed = layout(&chart, &options);
        let q = quality(&placed);
        let json = serde_json::to_string(&chart).unwrap_or_default();
        prop_assert!(q.is_sound() && q.label_collisions == 0, "{q:?}\nCHART {json}");
        prop_assert_eq!(q.answers_out_of_order, 0, "CHART {}", json);
        prop_assert_eq!(placed.edges.len(), chart.edges.len());
        prop_assert_eq!(placed.boxes.len(), chart.nodes.len());
        let least = super::least_height(&chart, &options);
        prop_assert!(least <= placed.height, "least {least} > {}\nCHART {json}", placed.height);
        let sized = super::layout_size(&chart, &options);
        prop_assert_eq!((sized.width, sized.height), (placed.width, placed.height));
        for (a, b) in sized.boxes.iter().zip(&placed.boxes) {
            prop_assert_eq!(a.rect, b.rect);
        }
        // A column's answers share the line into it; no other edges run
        // along each other.
        for (i, a) in placed.edges.iter().enumerate() {
            for b in &placed.edges[i + 1..] {
                let along = a.points.windows(2).any(|p| {
                    b.points.windows(2).any(|q| {
                        super::geometry::collinear_overlap(p[0], p[1], q[0], q[1]) > 1.0
                    })
                });
                prop_assert!(!along || a.from == b.from, "CHART {json}");
            }
        }
    }

    #[test]
    fn any_unicode_text_lays_out_without_panicking(text in "\\PC{0,80}", label in "\\PC{0,20}") {
        let node = |text: &str, shape| BoxSpec { id: "a".into(), shape, text: text.into(), laws: text.into() };
        let chart = LayoutInput {
            nodes: vec![node(&text, Shape::Question), node(&text, Shape::Ruling), node("", Shape::Handover)],
            edges: vec![
                EdgeSpec { from: 0, to: 1, label: Some(label.clone()) },
                EdgeSpec { from: 0, to: 2, label: Some(label) },
            ],
        };
        prop_assert!(quality(&layout(&chart, &LayoutOptions::default())).is_sound());
        let stacked = LayoutOptions { stack_answers: 2, ..LayoutOptions::default() };
        prop_assert!(quality(&layout(&chart, &stacked)).is_sound());
    }
}

/// The stacked property test above is only worth its name if its charts
/// have answers to stack: nearly every one of 10 to 31 nodes does.
#[test]
fn random_charts_often_have_answers_to_stack() {
    let options = LayoutOptions {
        stack_answers: 2,
        ..LayoutOptions::default()
    };
    let stacking = (1..=100u64)
        .filter(|&seed| {
            let chart = random_stackable_chart(seed, 10 + (seed as usize % 22));
            super::stacks(&chart, &options)
        })
        .count();
    assert!(stacking >= 80, "only {stacking} of 100 random charts stack");
}

#[test]
fn edges_out_of_range_are_ignored_and_cycles_still_lay_out() {
    let node = |id: &str| BoxSpec {
        id: id.into(),
        shape: Shape::Question,
        text: id.into(),
        laws: "".into(),
    };
    let edge = |from, to| EdgeSpec {
        from,
        to,
        label: Some(format!("{from}-{to}")),
    };
    let chart = LayoutInput {
        nodes: vec![node("a"), node("b"), node("c")],
        edges: vec![edge(0, 1), edge(1, 2), edge(2, 0), edge(1, 1), edge(0, 9)],
    };
    let placed = layout(&chart, &LayoutOptions::default());
    assert_eq!(placed.edges.len(), 4);
    assert_eq!(quality(&placed).overlapping_boxes, 0);
}

/// The least height planning skips drawings by is never above a sample
/// chart's real height, and near enough to it to be worth having.
#[test]
fn the_least_height_is_below_the_drawing_and_close_to_it() {
    for (name, chart) in samples() {
        for stack_answers in [0, 2] {
            let options = LayoutOptions {
                stack_answers,
                ..LayoutOptions::default()
            };
            let real = layout(&chart, &options).height;
            let least = super::least_height(&chart, &options);
            assert!(least <= real, "{name}: {least} > {real}");
            assert!(least >= 0.5 * real, "{name}: {least} far below {real}");
        }
    }
}

#[test]
fn an_empty_chart_is_an_empty_drawing() {
    let placed = layout(&LayoutInput::default(), &LayoutOptions::default());
    assert!(placed.boxes.is_empty());
}

/// The sample charts in `tests/fixtures/layout/`, by name.
fn samples() -> Vec<(&'static str, LayoutInput)> {
    let parse = |json: &str| serde_json::from_str(json).expect("the sample charts are valid JSON");
    vec![
        (
            "opening-lead-out-of-turn",
            parse(include_str!(
                "../../tests/fixtures/layout/opening-lead-out-of-turn.json"
            )),
        ),
        (
            "insufficient-bid",
            parse(include_str!(
                "../../tests/fixtures/layout/insufficient-bid.json"
            )),
        ),
        (
            "revoke",
            parse(include_str!("../../tests/fixtures/layout/revoke.json")),
        ),
        (
            "call-out-of-rotation",
            parse(include_str!(
                "../../tests/fixtures/layout/call-out-of-rotation.json"
            )),
        ),
    ]
}

#[test]
fn sample_charts_are_sound_with_few_crossings() {
    for (name, chart) in samples() {
        let q = quality(&layout(&chart, &LayoutOptions::default()));
        assert!(q.is_sound(), "{name}: {q:?}");
        assert_eq!(
            (q.label_collisions, q.edge_overlaps),
            (0, 0),
            "{name}: {q:?}"
        );
        assert!(q.crossings <= 6, "{name}: {q:?}");
    }
}

#[test]
fn sample_charts_fitted_to_a4_print_at_least_six_tenths_size() {
    for (name, chart) in samples() {
        let q = quality(&super::layout_for_a4(&chart, &LayoutOptions::default()));
        assert!(q.is_sound(), "{name}: {q:?}");
        assert!(q.a4_text_scale >= 0.6, "{name}: {q:?}");
    }
}

#[test]
fn main_lines_into_boxes_with_one_way_in_run_straight_down() {
    let (_, chart) = samples().remove(0);
    let placed = layout(&chart, &LayoutOptions::default());
    let ways_in = |to: usize| placed.edges.iter().filter(|e| e.to == to).count();
    for e in placed.edges.iter().filter(|e| ways_in(e.to) == 1) {
        let from = placed.boxes[e.from].rect;
        let first = e.points[0];
        if (first.x - from.cx()).abs() < 0.01 && (first.y - from.bottom()).abs() < 0.01 {
            assert_eq!(
                e.points.len(),
                2,
                "{} → {} bends",
                placed.boxes[e.from].id,
                placed.boxes[e.to].id
            );
        }
    }
}

#[test]
fn a_yes_answer_never_leaves_on_the_right() {
    for (name, chart) in samples() {
        let placed = layout(&chart, &LayoutOptions::default());
        for e in placed
            .edges
            .iter()
            .filter(|e| e.label.as_ref().is_some_and(|l| l.text == "Yes"))
        {
            let from = placed.boxes[e.from].rect;
            assert!(
                e.points[0].x < from.right() - 0.01,
                "{name}: Yes from {}",
                placed.boxes[e.from].id
            );
        }
    }
}
