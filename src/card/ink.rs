//! Ink on a card page: the bundled fonts loaded for krilla, text set with
//! its left end or centre at a point, and black-and-white paths.

use krilla::color::luma;
use krilla::geom::{Path, PathBuilder, Point};
use krilla::paint::{Fill, LineJoin, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, GlyphId, KrillaGlyph, TextDirection};

use crate::font::{self, Weight};
use crate::layout::TextLine;

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

    /// The face for `weight`.
    pub fn get(&self, weight: Weight) -> Font {
        match weight {
            Weight::Regular => self.regular.clone(),
            Weight::Bold => self.bold.clone(),
        }
    }
}

/// Black.
pub fn black() -> luma::Color {
    luma::Color::black()
}

/// A fill of `color`.
pub fn fill(color: luma::Color) -> Fill {
    Fill {
        paint: color.into(),
        ..Fill::default()
    }
}

/// A black line `width` points wide.
pub fn stroke(width: f32) -> Stroke {
    Stroke {
        paint: black().into(),
        width,
        line_join: LineJoin::Miter,
        ..Stroke::default()
    }
}

/// Draws `text` with its left end at `x`. A PDF viewer shows glyphs in the
/// order they are drawn (a browser reorders them itself), so a line holding
/// Hebrew or Arabic is drawn run by run in visual order, each run shaped in
/// its own direction and measured as [`font::measure_in`] measures the line.
/// A line of plain script (see [`font::plain_glyphs`]) needs no shaper and
/// is set glyph by glyph.
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
    let mut x = x;
    for (run, direction) in visual_runs(text) {
        let start = Point::from_xy(x, baseline);
        match font::plain_glyphs(weight, run).filter(|_| direction == TextDirection::Auto) {
            // Set glyph by glyph with the advances the layout measured, so
            // the line is exactly as wide as its box allowed for (a shaper
            // would kern it narrower), and without a shaper's cost.
            Some(plain) => {
                let glyphs: Vec<KrillaGlyph> = plain
                    .into_iter()
                    .map(|g| {
                        let id = GlyphId::new(u32::from(g.id));
                        KrillaGlyph::new(id, g.advance, 0.0, 0.0, 0.0, g.range, None)
                    })
                    .collect();
                surface.draw_glyphs(start, &glyphs, fonts.get(weight), run, size, false);
            }
            None => surface.draw_text(start, fonts.get(weight), size, run, false, direction),
        }
        x += font::measure_in(weight, run, size);
    }
}

/// The runs of `line` from left to right, by the Unicode Bidirectional
/// Algorithm (the paragraph direction taken from the line's first strong
/// character); a line with nothing right-to-left is one run, as before.
fn visual_runs(line: &str) -> Vec<(&str, TextDirection)> {
    let bidi = unicode_bidi::BidiInfo::new(line, None);
    if !bidi.has_rtl() {
        return vec![(line, TextDirection::Auto)];
    }
    let mut runs = Vec::new();
    for paragraph in &bidi.paragraphs {
        let (levels, ranges) = bidi.visual_runs(paragraph, paragraph.range.clone());
        for range in ranges {
            let direction = if levels[range.start].is_rtl() {
                TextDirection::RightToLeft
            } else {
                TextDirection::LeftToRight
            };
            runs.push((&line[range], direction));
        }
    }
    runs
}

/// Draws `text` centred on `x`.
pub fn centred(surface: &mut Surface, fonts: &Fonts, weight: Weight, size: f32, line: &TextLine) {
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

/// A rectangle.
pub fn rect_path(x: f32, y: f32, w: f32, h: f32) -> Option<Path> {
    polyline(&[(x, y), (x + w, y), (x + w, y + h), (x, y + h)], true)
}

/// A rectangle with fully rounded ends (a connector's pill).
pub fn pill_path(x: f32, y: f32, w: f32, h: f32) -> Option<Path> {
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
