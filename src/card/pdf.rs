//! Drawing a card's pages: the header, the panel laid out and scaled, the
//! footer and the QR code of the chart's page. Every text is real text
//! (selectable, searchable) in the bundled DejaVu Sans, every line and
//! shape a vector in black on white; no date or random id goes in the file
//! (`writer` derives the document id from the content), so the same card
//! is the same bytes.

use super::Card;
use super::draw::draw_layout;
use super::ink::{BLACK, Canvas, polyline, rects_path};
use super::page::{Frame, GAP, LEADING, MARGIN, QR_SIDE};
use super::qr;
use super::writer::{self, Fonts, Link, Page, Target};
use crate::font::{self, Weight};
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
    let mut pages = Vec::with_capacity(count);
    for (k, planned) in plan.pages.iter().enumerate() {
        let mut canvas = Canvas::new(frame.height);
        draw_header(&mut canvas, frame);
        let area = frame.chart;
        let s = planned.scale;
        let x = area.x + (area.w - planned.layout.width * s) / 2.0;
        canvas.push_transform(s, x, area.y);
        draw_layout(&mut canvas, &planned.layout, &planned.roles);
        canvas.pop();
        let lines = footer_lines(card, k + 1, count);
        draw_footer(&mut canvas, frame, &lines);
        let mut links = Vec::new();
        if let Some(url) = &card.footing.url {
            let rect = draw_qr(&mut canvas, frame, url);
            links.push(Link {
                rect,
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

fn draw_header(canvas: &mut Canvas, frame: &Frame) {
    let sizes = frame.sizes;
    let mut y = MARGIN;
    for line in &frame.title_lines {
        canvas.text(Weight::Bold, sizes.title, MARGIN, y + sizes.title, line);
        y += sizes.title * LEADING;
    }
    for line in &frame.law_lines {
        canvas.text(
            Weight::Regular,
            sizes.heading,
            MARGIN,
            y + sizes.heading,
            line,
        );
        y += sizes.heading * LEADING;
    }
    let rule = frame.chart.y - GAP / 2.0;
    let right = frame.width - MARGIN;
    canvas.paint(
        polyline(&[(MARGIN, rule), (right, rule)], false),
        None,
        Some(0.75),
    );
}

/// The footer's lines: edition and date, the page, how to read the shapes,
/// the link.
fn footer_lines(card: &Card, page: usize, count: usize) -> Vec<String> {
    let f = &card.footing;
    let mut first = f.edition.clone();
    if let Some(date) = &f.date {
        first.push_str(&format!(" · charts of {date}"));
    }
    if let Some(club) = &f.club {
        first.push_str(&format!(" · {club}"));
    }
    let mut lines = vec![first];
    if count > 1 {
        lines.push(page_line(page, count));
    }
    if !card.plan.is_legible() {
        lines.push(format!(
            "Some text here is smaller than {} pt: a box is too large for the page.",
            card.plan.frame.paper.min_text()
        ));
    }
    lines.push(
        "Hexagon: question · box: step · double box: ruling · pointed box: go on in another chart"
            .into(),
    );
    if let Some(url) = &f.url {
        lines.push(url.clone());
    }
    lines
}

/// "Page 1 of 2 · continues overleaf", and the like.
fn page_line(page: usize, count: usize) -> String {
    let at = format!("Page {page} of {count}");
    match (page, count) {
        (1, 2) => format!("{at} · the card continues overleaf"),
        (2, 2) => format!("{at} · the card starts overleaf"),
        (p, c) if p < c => format!("{at} · the card continues on page {}", p + 1),
        _ => at,
    }
}

fn draw_footer(canvas: &mut Canvas, frame: &Frame, lines: &[String]) {
    let size = frame.sizes.footer;
    let area = frame.footer;
    let rule = area.y - GAP / 2.0;
    canvas.paint(
        polyline(&[(MARGIN, rule), (frame.width - MARGIN, rule)], false),
        None,
        Some(0.75),
    );
    let width = area.w - QR_SIDE - GAP;
    let room = (area.h / (size * LEADING)).floor() as usize;
    let mut wrapped: Vec<String> = lines
        .iter()
        .flat_map(|l| font::wrap(l, size, width))
        .collect();
    wrapped.truncate(room);
    let mut y = area.y;
    for line in &wrapped {
        canvas.text(Weight::Regular, size, area.x, y + size, line);
        y += size * LEADING;
    }
}

/// Draws the QR code of `url` at the footer's right; returns where it is.
fn draw_qr(canvas: &mut Canvas, frame: &Frame, url: &str) -> Rect {
    let area = frame.footer;
    let (x, y) = (area.x + area.w - QR_SIDE, area.y);
    let at = Rect {
        x,
        y,
        w: QR_SIDE,
        h: QR_SIDE,
    };
    let Some(code) = qr::encode(url) else {
        return at;
    };
    // Two modules of quiet zone on each side, inside the square.
    let module = QR_SIDE / (code.width + 4) as f32;
    let modules = code.runs.iter().map(|&(col, row, len)| {
        let rx = x + (col + 2) as f32 * module;
        let ry = y + (row + 2) as f32 * module;
        (rx, ry, len as f32 * module, module)
    });
    canvas.paint(rects_path(modules), Some(BLACK), None);
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_line_says_where_the_card_goes_on() {
        assert_eq!(page_line(1, 2), "Page 1 of 2 · the card continues overleaf");
        assert_eq!(page_line(2, 2), "Page 2 of 2 · the card starts overleaf");
        assert_eq!(
            page_line(2, 4),
            "Page 2 of 4 · the card continues on page 3"
        );
        assert_eq!(page_line(4, 4), "Page 4 of 4");
    }
}
