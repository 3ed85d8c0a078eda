//! `cards/all.pdf`: a cover that says how to read a card and lists every
//! chart with the page its card starts on (linked, and in the outline),
//! then every card, by period and law as the site's index orders them.

use krilla::Document;
use krilla::annotation::{Annotation, LinkAnnotation, Target};
use krilla::color::luma;
use krilla::destination::XyzDestination;
use krilla::geom::{Point, Rect};
use krilla::outline::{Outline, OutlineNode};
use krilla::page::PageSettings;
use krilla::surface::Surface;

use super::Card;
use super::draw::{draw_box, draw_connector};
use super::ink::{self, Fonts};
use super::page::{LEADING, MARGIN, Paper};
use super::pdf;
use crate::font::{self, Weight};
use crate::layout::{PlacedBox, Rect as LayoutRect, Shape, TextLine};
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

/// The booklet of every card.
pub fn booklet(cards: &[Card], cx: &Context) -> anyhow::Result<Vec<u8>> {
    let ordered: Vec<&Card> = Period::ALL
        .iter()
        .flat_map(|&p| charts_of(cx.charts, p))
        .filter_map(|chart| cards.iter().find(|c| c.id == chart.id))
        .collect();
    let (w, h) = Paper::A4.size();
    let cover = paginate(cover_lines(&ordered, cx), h - 2.0 * MARGIN);
    let mut first_page = Vec::with_capacity(ordered.len());
    let mut next = cover.len();
    for card in &ordered {
        first_page.push(next);
        next += card.plan.pages.len();
    }
    let fonts = Fonts::load();
    let mut doc = Document::new();
    doc.set_metadata(pdf::metadata(&format!("{}: table cards", cx.config.title)));
    for lines in &cover {
        let mut page = doc.start_page_with(PageSettings::from_wh(w, h).expect("A4 is positive"));
        let mut surface = page.surface();
        surface.set_fill(Some(ink::fill(ink::black())));
        let links = draw_cover(&mut surface, lines, &ordered, &first_page, &fonts, w);
        surface.finish();
        for (rect, at) in links {
            let target =
                Target::Destination(XyzDestination::new(at, Point::from_xy(0.0, 0.0)).into());
            page.add_annotation(Annotation::new_link(
                LinkAnnotation::new(rect, target),
                None,
            ));
        }
    }
    for card in &ordered {
        pdf::draw_card(&mut doc, card, &fonts);
    }
    let mut outline = Outline::new();
    outline.push_child(OutlineNode::new(
        "Index".into(),
        XyzDestination::new(0, Point::from_xy(0.0, 0.0)),
    ));
    for (card, &at) in ordered.iter().zip(&first_page) {
        let dest = XyzDestination::new(at, Point::from_xy(0.0, 0.0));
        outline.push_child(OutlineNode::new(card.heading.title.clone(), dest));
    }
    doc.set_outline(outline);
    pdf::finish(doc)
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
        let law = card.heading.laws.first().map_or(String::new(), |l| {
            let number: Vec<&str> = l.split_whitespace().take(2).collect();
            format!("{} · ", number.join(" "))
        });
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
    surface: &mut Surface,
    lines: &[Line],
    cards: &[&Card],
    first_page: &[usize],
    fonts: &Fonts,
    width: f32,
) -> Vec<(Rect, usize)> {
    let mut links = Vec::new();
    let mut y = MARGIN;
    let right = width - MARGIN;
    for line in lines {
        match line {
            Line::Title(t) => ink::text(surface, fonts, Weight::Bold, TITLE, MARGIN, y + TITLE, t),
            Line::Text(t) => ink::text(surface, fonts, Weight::Regular, BODY, MARGIN, y + BODY, t),
            Line::Heading(t) => {
                ink::text(
                    surface,
                    fonts,
                    Weight::Bold,
                    HEADING,
                    MARGIN,
                    y + 6.0 + HEADING,
                    t,
                );
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
                    ink::text(surface, fonts, Weight::Regular, BODY, x, baseline, text);
                }
                let w = font::measure(&where_, BODY);
                ink::text(
                    surface,
                    fonts,
                    Weight::Regular,
                    BODY,
                    right - w,
                    y + BODY,
                    &where_,
                );
                if let Some(rect) = Rect::from_xywh(MARGIN, y, right - MARGIN, line.height()) {
                    links.push((rect, at));
                }
            }
            Line::Legend => draw_legend(surface, fonts, y),
            Line::Space => {}
        }
        y += line.height();
    }
    links
}

/// The legend: each shape a card uses, drawn small, with what it means.
fn draw_legend(surface: &mut Surface, fonts: &Fonts, top: f32) {
    let (w, h) = (84.0, 22.0);
    let size = BODY * 0.9;
    for (k, (sample, meaning)) in LEGEND.iter().enumerate() {
        let rect = LayoutRect {
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
            Sample::Box(_) => draw_box(surface, &b, fonts, size, size),
            Sample::Exit => draw_connector(surface, &b, fonts, size, true),
            Sample::Entry => draw_connector(surface, &b, fonts, size, false),
        }
        surface.set_fill(Some(ink::fill(luma::Color::black())));
        let (x, baseline) = (rect.right() + 12.0, rect.cy() + 0.36 * BODY);
        ink::text(surface, fonts, Weight::Regular, BODY, x, baseline, meaning);
    }
}
