//! Measures the card budget (docs/format.md): how long a box's drawn text,
//! and an answer label, may be for a chart of 20 boxes to fit one side of an
//! A4 card at 9 pt. Run from the repository's root:
//!
//! ```text
//! cargo run --release --example card_budget -- [SEEDS]      synthetic charts, per length
//! cargo run --release --example card_budget -- SEEDS sheet TEXT   20, 30, 40 boxes on sides
//! cargo run --release --example card_budget -- 0 shipped TEXT LABEL [CHART OUT.pdf]   trees/ cut to a budget
//! cargo run --release --example card_budget -- SEED draw BOXES TEXT OUT.pdf   one synthetic card
//! ```
//!
//! Synthetic charts are `synth::card_chart`'s, shaped like the shipped ones.

use std::path::PathBuf;

use lawcharts::card::{self, Card, CardOptions, Footing, Heading, Paper, Plan};
use lawcharts::layout::LayoutInput;
use lawcharts::synth::{CardShape, card_chart};

/// The heading every synthetic card has.
fn heading() -> Heading {
    Heading {
        title: "A synthetic chart shaped like the shipped ones".into(),
        laws: vec![
            (54, "Opening Lead Out of Turn".into()),
            (50, "Disposition of a Penalty Card".into()),
        ],
    }
}

/// The card planned for `input` on `paper`.
fn plan(input: &LayoutInput, heading: &Heading, paper: Paper) -> Plan {
    let options = CardOptions {
        paper,
        ..CardOptions::default()
    };
    card::plan_input(input, heading, &options)
}

/// The share of `seeds` charts of `shape` that fit one side of `paper` at
/// its least text size.
fn one_side(shape: CardShape, seeds: u64, paper: Paper) -> f32 {
    let fit = (1..=seeds)
        .filter(|&seed| {
            let plan = plan(&card_chart(&CardShape { seed, ..shape }), &heading(), paper);
            plan.pages.len() == 1 && plan.is_legible()
        })
        .count();
    fit as f32 / seeds as f32 * 100.0
}

/// A chart of 20 boxes with labels of 12 characters.
const BASE: CardShape = CardShape {
    boxes: 20,
    text: 30,
    label: 12,
    mixed: false,
    seed: 1,
};

/// Per length of box text, then of labels, the share on one side.
fn lengths(seeds: u64) {
    println!(
        "box text | on one side of A4: every box at the length, boxes 0.6 to 1 times it | A5, Letter (every box at it)"
    );
    for text in (20..=50).step_by(5) {
        let at = |mixed, paper| {
            one_side(
                CardShape {
                    text,
                    mixed,
                    ..BASE
                },
                seeds,
                paper,
            )
        };
        println!(
            "{text:>8} | {:>4.0}% {:>4.0}% | {:>4.0}% {:>4.0}%",
            at(false, Paper::A4),
            at(true, Paper::A4),
            at(false, Paper::A5),
            at(false, Paper::Letter)
        );
    }
    println!("label (box text 30, 0.6 to 1 times) | on one side of A4");
    for label in (8..=32).step_by(4) {
        let share = one_side(
            CardShape {
                label,
                mixed: true,
                ..BASE
            },
            seeds,
            Paper::A4,
        );
        println!("{label:>8} | {share:>4.0}%");
    }
}

/// How charts of 20, 30 and 40 boxes with box text of `text` go on sides.
fn sheet(seeds: u64, text: usize) {
    for boxes in [20, 30, 40] {
        let (mut counts, mut balanced) = ([0usize; 4], 0);
        for seed in 1..=seeds {
            let shape = CardShape {
                boxes,
                text,
                mixed: true,
                seed,
                ..BASE
            };
            let plan = plan(&card_chart(&shape), &heading(), Paper::A4);
            counts[plan.pages.len().min(3)] += 1;
            if plan.pages.len() == 2 && plan.pages.iter().all(|p| p.used >= 0.5) {
                balanced += 1;
            }
        }
        println!(
            "{boxes} boxes, text {text}: 1 side {} · 2 sides {} ({balanced} with both sides at least half used) · more {}",
            counts[1], counts[2], counts[3]
        );
    }
}

/// `text` cut at a word to at most `n` characters.
fn cut(text: &str, n: usize) -> String {
    let mut out = String::new();
    for word in text.split_whitespace() {
        if out.chars().count() + word.chars().count() + 1 > n {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// The shipped charts with every box's own text cut to `text` characters
/// and every label to `label`: how many sides each then takes on A4; the
/// card of `draw` (a chart id) written to `out`.
fn shipped(text: usize, label: usize, draw: Option<(&str, &str)>) {
    let report = lawcharts::check::check_paths(&[PathBuf::from("trees")]).expect("check trees");
    let mut counts = [0usize; 4];
    for chart in &report.charts.charts {
        let mut input = lawcharts::render::drawing::card_input(chart, &report.charts);
        for node in &mut input.nodes {
            // A hand-over keeps the other chart's title after its own text.
            let (own, title) = match node.text.split_once(" → ") {
                Some((own, title)) => (own.to_string(), format!(" → {title}")),
                None => (node.text.to_string(), String::new()),
            };
            node.text = format!("{}{title}", cut(&own, text)).into();
        }
        for l in input.edges.iter_mut().filter_map(|e| e.label.as_mut()) {
            *l = cut(l, label);
        }
        let heading = card::heading(chart);
        let plan = plan(&input, &heading, Paper::A4);
        let sides = plan.pages.len();
        counts[sides.min(3)] += 1;
        if let Some((_, out)) = draw.filter(|(id, _)| *id == chart.id) {
            write_card(&chart.id, heading, plan, out);
        }
        println!("{:45} {:3} boxes: {sides}", chart.id, input.nodes.len());
    }
    println!(
        "1 side {} · 2 sides {} · more {}",
        counts[1], counts[2], counts[3]
    );
}

/// One synthetic card written to `out`, to look at.
fn draw(seed: u64, boxes: usize, text: usize, out: &str) {
    let shape = CardShape {
        boxes,
        text,
        mixed: true,
        seed,
        ..BASE
    };
    let plan = plan(&card_chart(&shape), &heading(), Paper::A4);
    write_card("synthetic", heading(), plan, out);
}

/// A planned card written to `out`, and what was done said.
fn write_card(id: &str, heading: Heading, plan: Plan, out: &str) {
    let card = Card {
        id: id.into(),
        heading,
        footing: Footing {
            edition: "2017 Laws of Duplicate Bridge".into(),
            date: None,
            club: None,
            url: None,
        },
        plan,
    };
    println!("{}", card.describe());
    std::fs::write(out, card.pdf().expect("pdf")).expect("write the card");
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let number = |k: usize, or: u64| args.get(k).and_then(|a| a.parse().ok()).unwrap_or(or);
    let seeds = number(1, 30);
    match args.get(2).map(String::as_str) {
        None => lengths(seeds),
        Some("sheet") => sheet(seeds, number(3, 30) as usize),
        Some("shipped") => shipped(
            number(3, 30) as usize,
            number(4, 16) as usize,
            args.get(5)
                .map(String::as_str)
                .zip(args.get(6).map(String::as_str)),
        ),
        Some("draw") => draw(
            seeds,
            number(3, 20) as usize,
            number(4, 30) as usize,
            args.get(5).map_or("synthetic.pdf", String::as_str),
        ),
        Some(other) => eprintln!("unknown mode `{other}`: sheet, shipped or draw"),
    }
}
