//! Drawing a card's pages: the header, the panel laid out and scaled, the
//! footer and the QR code of the chart's page. Every text is real text
//! (selectable, searchable) in the bundled DejaVu Sans, every line and
//! shape a vector in black on white; no date or random id goes in the file
//! (`writer` derives the document id from the content), so the same card
//! is the same bytes.

use super::Card;
use super::draw::draw_layout;
use super::footer;
use super::ink::{BLACK, Canvas, polyline, rects_path};
use super::page::{Area, Frame, GAP, LEADING, MARGIN};
use super::qr;
use super::writer::{self, Fonts, Link, Page, Target};
use crate::font::Weight;
use crate::layout::Rect;

/// One card as a PDF file, with its own subset of the fonts.
pub fn card(card: &Card) -> anyhow::Result<Vec<u8>> {
    let pages = draw_card(card);
    let fonts = Fonts::of(&pages)?;
    Ok(file(card, &pages, &fonts))
}

/// A card's file from its pages drawn, with `fonts` (holding at least the
/// glyphs the pages draw).
pub fn file(card: &Card, pages: &[Page], fonts: &Fonts) -> Vec<u8> {
    let pages: Vec<&Page> = pages.iter().collect();
    writer::document(&card.heading.title, &pages, fonts, &[])
}

/// Every page of `card`, drawn.
pub fn draw_card(card: &Card) -> Vec<Page> {
    let plan = &card.plan;
    let frame = &plan.frame;
    let count = plan.pages.len();
    let notice = (!plan.is_legible()).then(|| {
        format!(
            "Some text here is smaller than {} pt: a box is too large for the page",
            frame.paper.min_text()
        )
    });
    let mut pages = Vec::with_capacity(count);
    for (k, planned) in plan.pages.iter().enumerate() {
        let mut canvas = Canvas::new(frame.height);
        draw_header(&mut canvas, frame);
        let s = planned.scale;
        let (w, h) = (planned.layout.width * s, planned.layout.height * s);
        let (x, y) = frame.place(w, h);
        canvas.push_transform(s, x, y);
        draw_layout(&mut canvas, &planned.layout, &planned.roles);
        canvas.pop();
        let size = frame.sizes.footer;
        let line = footer::line(
            &card.footing,
            (k + 1, count),
            notice.as_deref(),
            size,
            frame.footer.w,
        );
        rule(&mut canvas, frame, frame.footer.y - GAP / 2.0);
        footer::draw(&mut canvas, &line, frame.footer, size);
        let mut links = Vec::new();
        if let (Some(url), Some(at)) = (&card.footing.url, frame.qr) {
            draw_qr(&mut canvas, at, url);
            links.push(Link {
                rect: Rect {
                    x: at.x,
                    y: at.y,
                    w: at.w,
                    h: at.h,
                },
                target: Target::Uri {
                    url: url.clone(),
                    about: format!("This chart on the club site: {url}"),
                },
            });
        }
        pages.push(Page::new((frame.width, frame.height), canvas, links));
    }
    pages
}

/// The title, then the laws, then a rule above the chart.
fn draw_header(canvas: &mut Canvas, frame: &Frame) {
    let sizes = frame.sizes;
    let mut y = MARGIN;
    for line in &frame.title_lines {
        canvas.text(
            Weight::Bold,
            frame.title_size,
            MARGIN,
            y + frame.title_size,
            line,
        );
        y += frame.title_size * LEADING;
    }
    if let Some(line) = &frame.law_line {
        canvas.text(
            Weight::Regular,
            sizes.heading,
            MARGIN,
            y + sizes.heading,
            line,
        );
    }
    rule(canvas, frame, frame.chart.y - GAP / 2.0);
}

/// A thin rule across the page at `y`, short of the QR code if it reaches it.
fn rule(canvas: &mut Canvas, frame: &Frame, y: f32) {
    let right = match frame.notch {
        Some(n) if y >= n.y => n.x,
        _ => frame.width - MARGIN,
    };
    canvas.paint(polyline(&[(MARGIN, y), (right, y)], false), None, Some(0.5));
}

/// Draws the QR code of `url` in `at`.
fn draw_qr(canvas: &mut Canvas, at: Area, url: &str) {
    let Some(code) = qr::encode(url) else {
        return;
    };
    // Two modules of quiet zone on each side, inside the square.
    let module = at.w / (code.width + 4) as f32;
    let modules = code.runs.iter().map(|&(col, row, len)| {
        let rx = at.x + (col + 2) as f32 * module;
        let ry = at.y + (row + 2) as f32 * module;
        (rx, ry, len as f32 * module, module)
    });
    canvas.paint(rects_path(modules), Some(BLACK), None);
}
