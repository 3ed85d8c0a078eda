//! Laminated table cards: each checked chart as a PDF a director prints,
//! laminates and puts in the middle of the table. Legible by rule: no text
//! below 9 pt on A4 and Letter, 8 pt on A5 (box text, answer labels, law
//! clauses, header and footer alike). A chart that does not fit one side at
//! that size is turned to landscape, or split into panels joined by
//! numbered connectors, one a page (`plan`, `split`, `panel`); the card says
//! which edition of the Laws it follows, and links to the chart's page.
//!
//! `page` knows paper and type sizes, `pdf` draws a card's pages, `draw`
//! and `ink` draw a panel on them (text selectable), `booklet` puts every
//! card behind a cover with the index, `qr` encodes the link, and `writer`
//! writes the files: pages compressed once, the bundled font embedded
//! once, subset to the glyphs drawn.

mod arrange;
mod booklet;
mod draw;
mod footer;
mod ink;
mod page;
mod panel;
mod pdf;
mod plan;
mod qr;
mod split;
mod stream;
mod warn;
mod writer;

use anyhow::Context as _;
use rayon::prelude::*;

pub use page::{Heading, MARGIN, MM, Orientation, Paper};
pub use plan::{CardOptions, MAX_SCALE, Plan};
pub use warn::{MAX_SIDES, warn_sides};

use crate::chart::{Chart, ChartSet};
use crate::layout::LayoutInput;
use crate::render::drawing::card_input;
use crate::render::{Context, OutFile, law_title};

/// What the footer says besides the page number.
#[derive(Clone, Debug)]
pub struct Footing {
    /// `2017 Laws of Duplicate Bridge`.
    pub edition: String,
    /// The charts' date (`YYYY-MM-DD`), if known.
    pub date: Option<String>,
    /// The club publishing the charts, if configured.
    pub club: Option<String>,
    /// The chart's page on the club site, if a base URL is configured.
    pub url: Option<String>,
}

/// A chart's card, planned and ready to draw.
pub struct Card {
    /// The chart id.
    pub id: String,
    /// The header.
    pub heading: Heading,
    /// The footer.
    pub footing: Footing,
    /// The pages and the scale.
    pub plan: Plan,
}

impl Card {
    /// Plans the card of `chart`.
    pub fn new(chart: &Chart, cx: &Context, options: &CardOptions) -> Card {
        let heading = heading(chart);
        let input = card_input(chart, cx.charts);
        let url = (cx.config.base_url.as_ref()).map(|base| format!("{base}{}.html", chart.id));
        let options = CardOptions {
            qr: url.is_some(),
            ..*options
        };
        Card {
            id: chart.id.clone(),
            plan: plan::plan(&input, &heading, &options),
            footing: Footing {
                edition: format!("{} Laws of Duplicate Bridge", chart.edition),
                date: cx.date.clone(),
                club: cx.config.club.clone(),
                url,
            },
            heading,
        }
    }

    /// The card as a PDF file.
    pub fn pdf(&self) -> anyhow::Result<Vec<u8>> {
        pdf::card(self).with_context(|| format!("cannot write the card of `{}`", self.id))
    }

    /// What was done to fit the card, in one line for people.
    pub fn describe(&self) -> String {
        let plan = &self.plan;
        let frame = &plan.frame;
        let sides = plan.pages.len();
        let mut text = format!(
            "{}: {sides} side{} of {} {}",
            self.id,
            if sides == 1 { "" } else { "s" },
            frame.paper.name(),
            frame.orientation.name()
        );
        if plan.turned {
            text.push_str(" (turned: it fits better on its side)");
        }
        if plan.panels > 1 {
            text.push_str(&format!(
                ", {} panels joined by {} connector{}",
                plan.panels,
                plan.connectors(),
                if plan.connectors() == 1 { "" } else { "s" }
            ));
        }
        text.push_str(&format!(
            ", smallest text {:.1} pt",
            (plan.smallest_text() * 10.0).floor() / 10.0
        ));
        text
    }

    /// What was done, and a warning line if some text is too small.
    pub fn report(&self) -> String {
        match self.warning() {
            Some(warning) => format!("{}\nwarning: {warning}", self.describe()),
            None => self.describe(),
        }
    }

    /// A warning when some text prints below the paper's least size.
    pub fn warning(&self) -> Option<String> {
        if self.plan.is_legible() {
            return None;
        }
        let paper = self.plan.frame.paper;
        Some(format!(
            "card of `{}` prints text at {:.1} pt, below the {} pt least size for {}: a single box is too large for a page",
            self.id,
            self.plan.smallest_text(),
            paper.min_text(),
            paper.name()
        ))
    }
}

/// The header of a chart's card: its title and its laws with their titles.
pub fn heading(chart: &Chart) -> Heading {
    let mut numbers: Vec<u8> = Vec::new();
    for clause in &chart.laws {
        if !numbers.contains(&clause.law) {
            numbers.push(clause.law);
        }
    }
    Heading {
        title: chart.title.clone(),
        laws: numbers
            .iter()
            .map(|&n| (n, law_title(chart, n).trim().to_string()))
            .collect(),
    }
}

/// Plans the card of a chart already made into layout input: what `Card`
/// does, for measuring what fits a card (`examples/card_budget.rs`).
pub fn plan_input(input: &LayoutInput, heading: &Heading, options: &CardOptions) -> Plan {
    plan::plan(input, heading, options)
}

/// How many sides the card of `chart` takes on `paper` (without a QR
/// code): what `check` warns about ([`warn_sides`]).
pub fn sides(chart: &Chart, charts: &ChartSet, paper: Paper) -> usize {
    plan::sides(&card_input(chart, charts), &heading(chart), paper)
}

/// The cards `build` writes: `cards/<chart-id>.pdf` for every chart and
/// `cards/all.pdf`, the booklet; and a warning for every card that prints
/// text below the least size. Each page is drawn once and the fonts are
/// embedded once, subset to every glyph any card draws: each card's file
/// and the booklet are put together from the same bytes.
pub fn build_files(cx: &Context) -> anyhow::Result<(Vec<OutFile>, Vec<String>)> {
    let options = CardOptions::default();
    let (cards, pages): (Vec<Card>, Vec<Vec<writer::Page>>) = cx
        .charts
        .charts
        .par_iter()
        .map(|chart| {
            let card = Card::new(chart, cx, &options);
            let pages = pdf::draw_card(&card);
            (card, pages)
        })
        .unzip();
    let order = booklet::order(&cards, cx);
    let cover = booklet::cover(&cards, &order, cx);
    let fonts = writer::Fonts::of(cover.iter().chain(pages.iter().flatten()))
        .context("cannot embed the font in the cards")?;
    let (mut files, booklet) = rayon::join(
        || {
            cards
                .par_iter()
                .zip(&pages)
                .map(|(card, pages)| OutFile {
                    path: format!("cards/{}.pdf", card.id),
                    bytes: pdf::file(card, pages, &fonts),
                })
                .collect::<Vec<OutFile>>()
        },
        || booklet::booklet(&cover, &cards, &pages, &order, cx, &fonts),
    );
    files.push(OutFile {
        path: "cards/all.pdf".into(),
        bytes: booklet,
    });
    let warnings = cards.iter().filter_map(Card::warning).collect();
    Ok((files, warnings))
}
