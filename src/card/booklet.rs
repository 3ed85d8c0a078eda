//! `cards/all.pdf`: a cover that says how to read a card and lists every
//! chart with the page its card starts on (linked, and in the outline),
//! then every card, by period and law as the site's index orders them.

use super::Card;
use super::draw::{draw_box, draw_connector};
use super::ink::{BLACK, Canvas};
use super::page::{LEADING, MARGIN, Paper};
use super::writer::{self, Bookmark, Fonts, Link, Page, Target};
use crate::font::{self, Weight};
use crate::layout::{PlacedBox, Rect, Shape, TextLine};
use crate::render::{Context, Period, charts_of};

/// One line of the cover.
enum Line {
    /// The booklet's title.
    Title(String),
    /// A line of plain text.
    Text(String),
    /// A period's heading in the index.
    Heading(String),
    /// A chart in the index: its card (index into the cards) and its
    /// text, wrapped.
    Entry(usize, Vec<String>),
    /// The legend of shapes.
    Legend,
    /// Some space.
    Space,
}

/// Sizes on the cover (A4), never below the cards' least size.
const TITLE: f32 = 20.0;
const HEADING: f32 = 12.0;
const BODY: f32 = 10.0;
/// How far index entries are indented, and the room kept for their pages.
const ENTRY_INDENT: f32 = 8.0;
const PAGES_COLUMN: f32 = 80.0;
/// One legend row: a small shape and what it means.
const LEGEND_ROW: f32 = 26.0;
/// What a legend row shows: a box of a shape, or a connector.
#[derive(Clone, Copy)]
enum Sample {
    Box(Shape),
    Exit,
    Entry,
}

/// The shapes a card uses and what each means.
const LEGEND: [(Sample, &str); 6] = [
    (
        Sample::Box(Shape::Question),
        "A question the director asks; follow the answer given.",
    ),
    (Sample::Box(Shape::Step), "An instruction; then go on."),
    (
        Sample::Box(Shape::Ruling),
        "The ruling: the end of the path.",
    ),
    (
        Sample::Box(Shape::Handover),
        "The ruling goes on in another chart.",
    ),
    (
        Sample::Exit,
        "The chart goes on at connector 3, on page 2 of the card.",
    ),
    (Sample::Entry, "Where connector 3 comes in."),
];

impl Line {
    fn height(&self) -> f32 {
        match self {
            Line::Title(_) => TITLE * LEADING,
            Line::Heading(_) => HEADING * LEADING + 6.0,
            Line::Text(_) => BODY * LEADING,
            Line::Entry(_, lines) => lines.len().max(1) as f32 * BODY * LEADING,
            Line::Legend => LEGEND.len() as f32 * LEGEND_ROW,
            Line::Space => BODY,
        }
    }
}

/// The cards in the booklet's order (by period and law, as the site's
/// index), as indices into `cards`.
pub fn order(cards: &[Card], cx: &Context) -> Vec<usize> {
    Period::ALL
        .iter()
        .flat_map(|&p| charts_of(cx.charts, p))
        .filter_map(|chart| cards.iter().position(|c| c.id == chart.id))
        .collect()
}

/// The cover's pages, drawn, for the cards in `order`.
pub fn cover(cards: &[Card], order: &[usize], cx: &Context) -> Vec<Page> {
    let ordered: Vec<&Card> = order.iter().map(|&i| &cards[i]).collect();
    let (w, h) = Paper::A4.size();
    let cover = paginate(cover_lines(&ordered, cx), h - 2.0 * MARGIN);
    let first_page = first_pages(cover.len(), &ordered);
    cover
        .iter()
        .map(|lines| {
            let mut canvas = Canvas::new(h);
            let links = draw_cover(&mut canvas, lines, &ordered, &first_page, w);
            let links = links
                .into_iter()
                .map(|(rect, at)| Link {
                    rect,
                    target: Target::Page(at),
                })
                .collect();
            Page::new((w, h), canvas, links)
        })
        .collect()
}

/// The page (from 0) each card starts on, after `cover` pages of cover.
fn first_pages(cover: usize, ordered: &[&Card]) -> Vec<usize> {
    let mut first_page = Vec::with_capacity(ordered.len());
    let mut next = cover;
    for card in ordered {
        first_page.push(next);
        next += card.plan.pages.len();
    }
    first_page
}

/// The booklet: the `cover` pages, then the pages of the cards (`pages[i]`
/// those of `cards[i]`) in `order`, with an outline of the index and each
/// card; `fonts` hold every glyph drawn.
pub fn booklet(
    cover: &[Page],
    cards: &[Card],
    pages: &[Vec<Page>],
    order: &[usize],
    cx: &Context,
    fonts: &Fonts,
) -> Vec<u8> {
    let ordered: Vec<&Card> = order.iter().map(|&i| &cards[i]).collect();
    let first_page = first_pages(cover.len(), &ordered);
    let all: Vec<&Page> = cover
        .iter()
        .chain(order.iter().flat_map(|&i| &pages[i]))
        .collect();
    let mut outline = vec![Bookmark {
        title: "Index".into(),
        page: 0,
    }];
    outline.extend(
        ordered
            .iter()
            .zip(&first_page)
            .map(|(card, &page)| Bookmark {
                title: card.heading.title.clone(),
                page,
            }),
    );
    let title = format!("{}: table cards", cx.config.title);
    writer::document(&title, &all, fonts, &outline)
}

fn cover_lines(cards: &[&Card], cx: &Context) -> Vec<Line> {
    let mut lines = vec![Line::Title(cx.config.title.clone())];
    if let Some(club) = &cx.config.club {
        lines.push(Line::Text(club.clone()));
    }
    let edition = cards
        .first()
        .map_or_else(String::new, |c| c.footing.edition.clone());
    let mut about = format!("Table cards · {edition}");
    if let Some(date) = &cx.date {
        about.push_str(&format!(" · charts of {date}"));
    }
    lines.push(Line::Text(about));
    lines.push(Line::Space);
    lines.push(Line::Heading("How to read a card".into()));
    lines.push(Line::Text(
        "Start at the top and follow the answer given. Text is never smaller than 9 pt.".into(),
    ));
    lines.push(Line::Legend);
    lines.push(Line::Heading("The cards".into()));
    let mut period: Option<Period> = None;
    for (i, card) in cards.iter().enumerate() {
        let chart = cx.charts.get(&card.id).expect("every card is a chart's");
        let p = Period::of(chart);
        if period != Some(p) {
            lines.push(Line::Heading(p.title().into()));
            period = Some(p);
        }
        let law = (card.heading.laws.first()).map_or(String::new(), |(n, _)| format!("Law {n} · "));
        let entry = format!("{law}{}", card.heading.title);
        let room = Paper::A4.size().0 - 2.0 * MARGIN - ENTRY_INDENT - PAGES_COLUMN;
        lines.push(Line::Entry(i, font::wrap(&entry, BODY, room)));
    }
    lines
}

/// Splits the cover's lines into pages of at most `height`.
fn paginate(lines: Vec<Line>, height: f32) -> Vec<Vec<Line>> {
    let mut pages: Vec<Vec<Line>> = vec![Vec::new()];
    let mut used = 0.0;
    for line in lines {
        if used + line.height() > height && !pages.last().is_some_and(Vec::is_empty) {
            pages.push(Vec::new());
            used = 0.0;
        }
        used += line.height();
        pages.last_mut().expect("never empty").push(line);
    }
    pages
}

/// Draws one cover page; returns the index entries' link areas and pages.
fn draw_cover(
    canvas: &mut Canvas,
    lines: &[Line],
    cards: &[&Card],
    first_page: &[usize],
    width: f32,
) -> Vec<(Rect, usize)> {
    let mut links = Vec::new();
    let mut y = MARGIN;
    let right = width - MARGIN;
    for line in lines {
        match line {
            Line::Title(t) => canvas.text(Weight::Bold, TITLE, MARGIN, y + TITLE, t),
            Line::Text(t) => canvas.text(Weight::Regular, BODY, MARGIN, y + BODY, t),
            Line::Heading(t) => {
                canvas.text(Weight::Bold, HEADING, MARGIN, y + 6.0 + HEADING, t);
            }
            Line::Entry(i, wrapped) => {
                let (card, at) = (cards[*i], first_page[*i]);
                let pages = card.plan.pages.len();
                let where_ = if pages == 1 {
                    format!("page {}", at + 1)
                } else {
                    format!("pages {}–{}", at + 1, at + pages)
                };
                let x = MARGIN + ENTRY_INDENT;
                for (k, text) in wrapped.iter().enumerate() {
                    let baseline = y + BODY + k as f32 * BODY * LEADING;
                    canvas.text(Weight::Regular, BODY, x, baseline, text);
                }
                let w = font::measure(&where_, BODY);
                canvas.text(Weight::Regular, BODY, right - w, y + BODY, &where_);
                let rect = Rect {
                    x: MARGIN,
                    y,
                    w: right - MARGIN,
                    h: line.height(),
                };
                links.push((rect, at));
            }
            Line::Legend => draw_legend(canvas, y),
            Line::Space => {}
        }
        y += line.height();
    }
    links
}

/// The legend: each shape a card uses, drawn small, with what it means.
fn draw_legend(canvas: &mut Canvas, top: f32) {
    let (w, h) = (84.0, 22.0);
    let size = BODY * 0.9;
    for (k, (sample, meaning)) in LEGEND.iter().enumerate() {
        let rect = Rect {
            x: MARGIN + ENTRY_INDENT,
            y: top + k as f32 * LEGEND_ROW + 3.0,
            w,
            h,
        };
        let (shape, label) = match sample {
            Sample::Box(shape) => (*shape, ""),
            Sample::Exit => (Shape::Step, "→ 3, p. 2"),
            Sample::Entry => (Shape::Step, "3, from p. 1"),
        };
        let b = PlacedBox {
            id: String::new(),
            shape,
            rect,
            point_depth: 7.0,
            text: label.into(),
            lines: vec![TextLine {
                text: label.into(),
                x: rect.cx(),
                baseline: rect.cy() + 0.36 * size,
            }],
            laws: String::new(),
            law_lines: Vec::new(),
        };
        match sample {
            Sample::Box(_) => draw_box(canvas, &b, size, size),
            Sample::Exit => draw_connector(canvas, &b, size, true),
            Sample::Entry => draw_connector(canvas, &b, size, false),
        }
        canvas.set_text_gray(BLACK);
        let (x, baseline) = (rect.right() + 12.0, rect.cy() + 0.36 * BODY);
        canvas.text(Weight::Regular, BODY, x, baseline, meaning);
    }
}
