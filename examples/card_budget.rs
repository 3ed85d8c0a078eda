//! Measures the card budget: how long a box's drawn text (and a label of a
//! question with many answers) may be for a chart of 20 boxes to fit one
//! side of an A4 card at 9 pt, and a chart of 40 boxes two sides.
//!
//! `cargo run --release --example card_budget [SEEDS]` prints, per text
//! length, the share of synthetic charts (`synth::card_chart`: shaped like
//! the shipped charts) that fit, with every box at that length and with
//! boxes between 0.6 and 1 times it; then the same for answer labels.

use lawcharts::card::{self, CardOptions, Heading, Paper};
use lawcharts::synth::{CardShape, card_chart};

fn heading() -> Heading {
    Heading {
        title: "A synthetic chart shaped like the shipped ones".into(),
        laws: vec![
            (54, "Opening Lead Out of Turn".into()),
            (50, "Disposition of a Penalty Card".into()),
        ],
    }
}

/// The share of `seeds` charts of `shape` that fit `sides` sides of `paper`
/// at its least text size, and the mean number of sides.
fn share(shape: CardShape, seeds: u64, paper: Paper, sides: usize) -> (f32, f32) {
    let options = CardOptions {
        paper,
        ..CardOptions::default()
    };
    let (mut fit, mut total) = (0, 0);
    for seed in 1..=seeds {
        let input = card_chart(&CardShape { seed, ..shape });
        let plan = card::plan_input(&input, &heading(), &options);
        total += plan.pages.len();
        if plan.pages.len() <= sides && plan.is_legible() {
            fit += 1;
        }
    }
    (fit as f32 / seeds as f32, total as f32 / seeds as f32)
}

fn main() {
    let seeds = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let what = std::env::args().nth(2).unwrap_or_else(|| "all".into());
    let base = CardShape {
        boxes: 20,
        text: 60,
        label: 12,
        mixed: false,
        seed: 1,
    };
    if what == "draw" {
        // card_budget SEED draw BOXES TEXT OUT.pdf: one synthetic card, to look at.
        let arg = |k: usize| {
            std::env::args()
                .nth(k)
                .expect("draw SEED draw BOXES TEXT OUT")
        };
        let shape = CardShape {
            boxes: arg(3).parse().expect("boxes"),
            text: arg(4).parse().expect("text"),
            seed: seeds,
            mixed: true,
            ..base
        };
        let plan = card::plan_input(&card_chart(&shape), &heading(), &CardOptions::default());
        let card = card::Card {
            id: "synthetic".into(),
            heading: heading(),
            footing: card::Footing {
                edition: "2017 Laws of Duplicate Bridge".into(),
                date: None,
                club: None,
                url: None,
            },
            plan,
        };
        println!("{}", card.describe());
        std::fs::write(arg(5), card.pdf().expect("pdf")).expect("write");
        return;
    }
    if what == "all" || what == "text" {
        println!(
            "box text | 20 boxes on 1 side of A4: all at length, mixed | 40 boxes on 2 sides: all, mixed | 20 boxes on 1 side of A5, Letter (mixed)"
        );
        for text in (25..=70).step_by(5) {
            let at = |boxes, mixed, paper, sides| {
                share(
                    CardShape {
                        boxes,
                        text,
                        mixed,
                        ..base
                    },
                    seeds,
                    paper,
                    sides,
                )
            };
            let (a, _) = at(20, false, Paper::A4, 1);
            let (m, _) = at(20, true, Paper::A4, 1);
            let (fa, _) = at(40, false, Paper::A4, 2);
            let (fm, _) = at(40, true, Paper::A4, 2);
            let (a5, _) = at(20, true, Paper::A5, 1);
            let (letter, _) = at(20, true, Paper::Letter, 1);
            println!(
                "{text:>8} | {:>4.0}% {:>4.0}% | {:>4.0}% {:>4.0}% | {:>4.0}% {:>4.0}%",
                a * 100.0,
                m * 100.0,
                fa * 100.0,
                fm * 100.0,
                a5 * 100.0,
                letter * 100.0
            );
        }
    }
    if what == "all" || what == "sheet" {
        // card_budget SEEDS sheet TEXT: how 20- and 40-box charts go on sides.
        let text: usize = std::env::args()
            .nth(3)
            .and_then(|a| a.parse().ok())
            .unwrap_or(40);
        for boxes in [20, 30, 40] {
            let options = CardOptions::default();
            let (mut counts, mut balanced, mut two) = ([0usize; 4], 0, 0);
            for seed in 1..=seeds {
                let shape = CardShape {
                    boxes,
                    text,
                    mixed: true,
                    seed,
                    ..base
                };
                let plan = card::plan_input(&card_chart(&shape), &heading(), &options);
                counts[plan.pages.len().min(3)] += 1;
                if plan.pages.len() == 2 {
                    two += 1;
                    if plan.pages.iter().all(|p| p.used >= 0.5) {
                        balanced += 1;
                    }
                }
            }
            println!(
                "{boxes} boxes, text {text}: 1 side {} · 2 sides {} ({balanced} of {two} both at least half used) · more {}",
                counts[1], counts[2], counts[3]
            );
        }
    }
    if what == "all" || what == "labels" {
        let text: usize = std::env::args()
            .nth(3)
            .and_then(|a| a.parse().ok())
            .unwrap_or(60);
        println!("label (box text {text}, mixed) | 20 boxes on 1 side of A4");
        for label in (8..=40).step_by(4) {
            let (m, _) = share(
                CardShape {
                    label,
                    text,
                    mixed: true,
                    ..base
                },
                seeds,
                Paper::A4,
                1,
            );
            println!("{label:>8} | {:>4.0}%", m * 100.0);
        }
    }
}
