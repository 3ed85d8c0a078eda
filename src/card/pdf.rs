//! Drawing cards with krilla: the bundled DejaVu Sans embedded and subset,
//! every text drawn as real text (selectable, searchable), every line and
//! shape as vectors in black on white, and no date or random id in the file
//! (krilla derives the document id from the content), so the same card is
//! the same bytes.

use krilla::Document;
use krilla::action::LinkAction;
use krilla::annotation::{Annotation, LinkAnnotation, Target};
use krilla::geom::{PathBuilder, Rect, Transform};
use krilla::metadata::Metadata;
use krilla::page::{Page, PageSettings};
use krilla::surface::Surface;

use super::Card;
use super::draw::draw_layout;
use super::ink::{Fonts, black, fill, paint, polyline, text};
use super::page::{Frame, GAP, LEADING, MARGIN, QR_SIDE};
use super::qr;
use crate::font::{self, Weight};
/// One card as a PDF file.
pub fn card(card: &Card) -> anyhow::Result<Vec<u8>> {
    let mut doc = Document::new();
    doc.set_metadata(metadata(&card.heading.title));
    draw_card(&mut doc, card, &Fonts::load());
    finish(doc)
}

/// The document's metadata: a title, the language, the tool; no dates.
pub fn metadata(title: &str) -> Metadata {
    Metadata::new()
        .title(title.to_string())
        .language("en".into())
        .creator("lawcharts".into())
}

/// The finished file.
pub fn finish(doc: Document) -> anyhow::Result<Vec<u8>> {
    doc.finish()
        .map_err(|e| anyhow::anyhow!("the PDF could not be written: {e:?}"))
}

/// Appends every page of `card` to `doc`.
pub fn draw_card(doc: &mut Document, card: &Card, fonts: &Fonts) {
    let plan = &card.plan;
    let frame = &plan.frame;
    let count = plan.pages.len();
    for (k, planned) in plan.pages.iter().enumerate() {
        let settings =
            PageSettings::from_wh(frame.width, frame.height).expect("paper sizes are positive");
        let mut page = doc.start_page_with(settings);
        let mut surface = page.surface();
        surface.set_fill(Some(fill(black())));
        draw_header(&mut surface, frame, fonts);
        let area = frame.chart;
        let s = planned.scale;
        let x = area.x + (area.w - planned.layout.width * s) / 2.0;
        surface.push_transform(&Transform::from_row(s, 0.0, 0.0, s, x, area.y));
        draw_layout(&mut surface, &planned.layout, &planned.roles, fonts);
        surface.pop();
        let lines = footer_lines(card, k + 1, count);
        draw_footer(&mut surface, frame, fonts, &lines);
        let qr_area = card
            .footing
            .url
            .as_ref()
            .map(|url| draw_qr(&mut surface, frame, url));
        surface.finish();
        if let (Some(url), Some(at)) = (&card.footing.url, qr_area) {
            link(&mut page, at, url);
        }
    }
}

/// Makes `rect` on `page` a link to `url`.
pub fn link(page: &mut Page, rect: Rect, url: &str) {
    let target = Target::Action(LinkAction::new(url.to_string()).into());
    page.add_annotation(Annotation::new_link(
        LinkAnnotation::new(rect, target),
        Some(format!("This chart on the club site: {url}")),
    ));
}

fn draw_header(surface: &mut Surface, frame: &Frame, fonts: &Fonts) {
    let sizes = frame.sizes;
    let mut y = MARGIN;
    for line in &frame.title_lines {
        text(
            surface,
            fonts,
            Weight::Bold,
            sizes.title,
            MARGIN,
            y + sizes.title,
            line,
        );
        y += sizes.title * LEADING;
    }
    for line in &frame.law_lines {
        text(
            surface,
            fonts,
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
    paint(
        surface,
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

fn draw_footer(surface: &mut Surface, frame: &Frame, fonts: &Fonts, lines: &[String]) {
    let size = frame.sizes.footer;
    let area = frame.footer;
    let rule = area.y - GAP / 2.0;
    paint(
        surface,
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
        text(
            surface,
            fonts,
            Weight::Regular,
            size,
            area.x,
            y + size,
            line,
        );
        y += size * LEADING;
    }
}

/// Draws the QR code of `url` at the footer's right; returns where it is.
fn draw_qr(surface: &mut Surface, frame: &Frame, url: &str) -> Rect {
    let area = frame.footer;
    let (x, y) = (area.x + area.w - QR_SIDE, area.y);
    let at = Rect::from_xywh(x, y, QR_SIDE, QR_SIDE).expect("the QR side is positive");
    let Some(code) = qr::encode(url) else {
        return at;
    };
    // Two modules of quiet zone on each side, inside the square.
    let module = QR_SIDE / (code.width + 4) as f32;
    let mut path = PathBuilder::new();
    for &(col, row, len) in &code.runs {
        let rx = x + (col + 2) as f32 * module;
        let ry = y + (row + 2) as f32 * module;
        if let Some(r) = Rect::from_xywh(rx, ry, len as f32 * module, module) {
            path.push_rect(r);
        }
    }
    paint(surface, path.finish(), Some(black()), None);
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
