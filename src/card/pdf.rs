//! Drawing cards with krilla: the bundled DejaVu Sans embedded and subset,
//! every text drawn as real text (selectable, searchable), every line and
//! shape as vectors in black on white, and no date or random id in the file
//! (krilla derives the document id from the content), so the same card is
//! the same bytes.

use krilla::Document;
use krilla::action::LinkAction;
use krilla::annotation::{Annotation, LinkAnnotation, Target};
use krilla::color::luma;
use krilla::geom::{Path, PathBuilder, Point, Rect, Transform};
use krilla::metadata::Metadata;
use krilla::page::{Page, PageSettings};
use krilla::paint::{Fill, LineJoin, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};

use super::Card;
use super::page::{Frame, GAP, LEADING, MARGIN, QR_SIDE};
use super::panel::Role;
use super::qr;
use crate::font::{self, Weight};
use crate::layout::{Layout, PlacedBox, Point as LayoutPoint, Shape, TextLine};

/// The two bundled faces, loaded for krilla.
pub struct Fonts {
    regular: Font,
    bold: Font,
}

impl Fonts {
    /// Loads the bundled fonts.
    pub fn load() -> Fonts {
        let load = |bytes: &'static [u8]| {
            Font::new(bytes.into(), 0).expect("the bundled font is a valid TrueType file")
        };
        Fonts {
            regular: load(font::REGULAR_TTF),
            bold: load(font::BOLD_TTF),
        }
    }

    fn get(&self, weight: Weight) -> Font {
        match weight {
            Weight::Regular => self.regular.clone(),
            Weight::Bold => self.bold.clone(),
        }
    }
}

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

pub fn black() -> luma::Color {
    luma::Color::black()
}

pub fn fill(color: luma::Color) -> Fill {
    Fill {
        paint: color.into(),
        ..Fill::default()
    }
}

fn stroke(width: f32) -> Stroke {
    Stroke {
        paint: black().into(),
        width,
        line_join: LineJoin::Miter,
        ..Stroke::default()
    }
}

/// Draws `text` with its left end at `x`.
pub fn text(
    surface: &mut Surface,
    fonts: &Fonts,
    weight: Weight,
    size: f32,
    x: f32,
    baseline: f32,
    text: &str,
) {
    if text.trim().is_empty() {
        return;
    }
    surface.draw_text(
        Point::from_xy(x, baseline),
        fonts.get(weight),
        size,
        text,
        false,
        TextDirection::Auto,
    );
}

/// Draws `text` centred on `x`.
fn centred(surface: &mut Surface, fonts: &Fonts, weight: Weight, size: f32, line: &TextLine) {
    let w = font::measure_in(weight, &line.text, size);
    text(
        surface,
        fonts,
        weight,
        size,
        line.x - w / 2.0,
        line.baseline,
        &line.text,
    );
}

/// A closed or open polyline.
pub fn polyline(points: &[(f32, f32)], closed: bool) -> Option<Path> {
    let mut path = PathBuilder::new();
    let (first, rest) = points.split_first()?;
    path.move_to(first.0, first.1);
    for p in rest {
        path.line_to(p.0, p.1);
    }
    if closed {
        path.close();
    }
    path.finish()
}

/// Fills and/or strokes a path.
pub fn paint(
    surface: &mut Surface,
    path: Option<Path>,
    fill_with: Option<luma::Color>,
    width: Option<f32>,
) {
    let Some(path) = path else {
        return;
    };
    surface.set_fill(fill_with.map(fill));
    surface.set_stroke(width.map(stroke));
    surface.draw_path(&path);
    surface.set_stroke(None);
    surface.set_fill(Some(fill(black())));
}

fn rect_path(x: f32, y: f32, w: f32, h: f32) -> Option<Path> {
    polyline(&[(x, y), (x + w, y), (x + w, y + h), (x, y + h)], true)
}

/// A rectangle with fully rounded ends (a connector's pill).
fn pill_path(x: f32, y: f32, w: f32, h: f32) -> Option<Path> {
    const KAPPA: f32 = 0.552_284_8;
    let r = (h / 2.0).min(w / 2.0);
    let k = r * KAPPA;
    let (x1, y1) = (x + w, y + h);
    let mut p = PathBuilder::new();
    p.move_to(x + r, y);
    p.line_to(x1 - r, y);
    p.cubic_to(x1 - r + k, y, x1, y + r - k, x1, y + r);
    p.line_to(x1, y1 - r);
    p.cubic_to(x1, y1 - r + k, x1 - r + k, y1, x1 - r, y1);
    p.line_to(x + r, y1);
    p.cubic_to(x + r - k, y1, x, y1 - r + k, x, y1 - r);
    p.line_to(x, y + r);
    p.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
    p.close();
    p.finish()
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

/// Draws a laid-out panel: edges and labels, then boxes and their text.
pub fn draw_layout(surface: &mut Surface, layout: &Layout, roles: &[Role], fonts: &Fonts) {
    let o = &layout.options;
    for edge in &layout.edges {
        let points: Vec<(f32, f32)> = edge.points.iter().map(|p| (p.x, p.y)).collect();
        paint(surface, polyline(&points, false), None, Some(1.2));
        arrow_head(surface, &edge.points);
        if let Some(label) = &edge.label {
            let r = label.rect;
            paint(
                surface,
                rect_path(r.x, r.y, r.w, r.h),
                Some(luma::Color::white()),
                None,
            );
            for line in &label.lines {
                centred(surface, fonts, Weight::Bold, o.label_size, line);
            }
        }
    }
    for (i, b) in layout.boxes.iter().enumerate() {
        match roles.get(i) {
            Some(Role::Exit { .. }) => draw_connector(surface, b, fonts, o.text_size, true),
            Some(Role::Entry { .. }) => draw_connector(surface, b, fonts, o.text_size, false),
            _ => draw_box(surface, b, fonts, o.text_size, o.law_size),
        }
    }
}

/// An arrow head at the end of a path, pointing along its last segment.
fn arrow_head(surface: &mut Surface, points: &[LayoutPoint]) {
    let [.., from, tip] = points else {
        return;
    };
    let (dx, dy) = (tip.x - from.x, tip.y - from.y);
    let length = (dx * dx + dy * dy).sqrt();
    if length < 0.01 {
        return;
    }
    let (ux, uy) = (dx / length, dy / length);
    let (back, half) = (7.0, 3.5);
    let base = (tip.x - ux * back, tip.y - uy * back);
    let head = [
        (tip.x, tip.y),
        (base.0 - uy * half, base.1 + ux * half),
        (base.0 + uy * half, base.1 - ux * half),
    ];
    paint(surface, polyline(&head, true), Some(black()), None);
}

pub fn draw_box(
    surface: &mut Surface,
    b: &PlacedBox,
    fonts: &Fonts,
    text_size: f32,
    law_size: f32,
) {
    let r = b.rect;
    let (x0, y0, x1, y1, cy, d) = (r.x, r.y, r.right(), r.bottom(), r.cy(), b.point_depth);
    let white = Some(luma::Color::white());
    match b.shape {
        Shape::Step => paint(surface, rect_path(r.x, r.y, r.w, r.h), white, Some(1.0)),
        Shape::Ruling => {
            paint(surface, rect_path(r.x, r.y, r.w, r.h), white, Some(1.4));
            paint(
                surface,
                rect_path(r.x + 3.0, r.y + 3.0, r.w - 6.0, r.h - 6.0),
                None,
                Some(1.0),
            );
        }
        Shape::Question => {
            let hexagon = [
                (x0, cy),
                (x0 + d, y0),
                (x1 - d, y0),
                (x1, cy),
                (x1 - d, y1),
                (x0 + d, y1),
            ];
            paint(surface, polyline(&hexagon, true), white, Some(2.2));
        }
        Shape::Handover => {
            let signpost = [(x0, y0), (x1 - d, y0), (x1, cy), (x1 - d, y1), (x0, y1)];
            paint(surface, polyline(&signpost, true), white, Some(1.6));
        }
    }
    for line in &b.lines {
        centred(surface, fonts, Weight::Regular, text_size, line);
    }
    for line in &b.law_lines {
        centred(surface, fonts, Weight::Regular, law_size, line);
    }
}

/// A connector: an exit is a black pill with white text, an entry a white
/// pill with a heavy border, so they differ in black and white.
pub fn draw_connector(surface: &mut Surface, b: &PlacedBox, fonts: &Fonts, size: f32, exit: bool) {
    let r = b.rect;
    let pill = pill_path(r.x, r.y, r.w, r.h);
    if exit {
        paint(surface, pill, Some(black()), Some(1.0));
        surface.set_fill(Some(fill(luma::Color::white())));
    } else {
        paint(surface, pill, Some(luma::Color::white()), Some(2.2));
    }
    for line in &b.lines {
        centred(surface, fonts, Weight::Regular, size, line);
    }
    surface.set_fill(Some(fill(black())));
}
