//! Ink on a card page: a page's content stream written as it is drawn,
//! in points from the top-left corner as the layout measures them (the page
//! is flipped once, at the start). Text is set with its left end or centre
//! at a point in one of the two bundled faces, and every glyph drawn is
//! noted with the text it shows, so the fonts embedded later hold exactly
//! those glyphs and a reader can copy and search the text.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use super::stream::Stream;

use crate::font::{self, Weight};
use crate::layout::TextLine;

/// A grey level: 0 is black, 1 white.
pub type Gray = f32;

/// Black.
pub const BLACK: Gray = 0.0;

/// White.
pub const WHITE: Gray = 1.0;

/// The resource name a face is drawn with on every page.
pub fn font_name(weight: Weight) -> &'static str {
    match weight {
        Weight::Regular => "F0",
        Weight::Bold => "F1",
    }
}

/// The glyphs a page draws from each face, by glyph id (the id in the
/// bundled font, which the PDF uses as its character id too), with the
/// character each stands for (the font maps that character to it), or no
/// text for a glyph drawn only as part of a shaped cluster (whose run
/// says its text itself); the first character met for a glyph is kept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Glyphs {
    /// DejaVu Sans Book.
    pub regular: BTreeMap<u16, String>,
    /// DejaVu Sans Bold.
    pub bold: BTreeMap<u16, String>,
    /// Per face, a bit for each glyph noted with a text already: a page
    /// draws the same letters over and over.
    known: [Vec<u64>; 2],
}

impl Glyphs {
    /// The glyphs of `weight`.
    pub fn of(&self, weight: Weight) -> &BTreeMap<u16, String> {
        match weight {
            Weight::Regular => &self.regular,
            Weight::Bold => &self.bold,
        }
    }

    fn of_mut(&mut self, weight: Weight) -> &mut BTreeMap<u16, String> {
        match weight {
            Weight::Regular => &mut self.regular,
            Weight::Bold => &mut self.bold,
        }
    }

    /// Notes that `glyph` of `weight` is drawn and shows `text`, unless it
    /// is noted with a text already (`text` is empty for a glyph that
    /// stands for no one character).
    fn note(&mut self, weight: Weight, glyph: u16, text: &str) {
        let face = usize::from(weight == Weight::Bold);
        let (word, bit) = (usize::from(glyph / 64), 1u64 << (glyph % 64));
        if self.known[face].get(word).is_some_and(|w| w & bit != 0) {
            return;
        }
        let shown = self.of_mut(weight).entry(glyph).or_default();
        if shown.is_empty() {
            shown.push_str(text);
        }
        if !shown.is_empty() {
            let known = &mut self.known[face];
            if word >= known.len() {
                known.resize(word + 1, 0);
            }
            known[word] |= bit;
        }
    }

    /// Adds the glyphs of `other`, as [`Glyphs::note`] does.
    pub fn merge(&mut self, other: &Glyphs) {
        for weight in [Weight::Regular, Weight::Bold] {
            for (&glyph, text) in other.of(weight) {
                self.note(weight, glyph, text);
            }
        }
    }
}

/// One piece of a path.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Segment {
    Move(f32, f32),
    Line(f32, f32),
    Cubic([f32; 6]),
    Close,
}

/// A path to fill or stroke, in page points from the top left.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Path {
    segments: Vec<Segment>,
}

/// The page being drawn: its content stream and the glyphs it uses.
pub struct Canvas {
    content: Stream,
    glyphs: Glyphs,
    /// The grey text is drawn in: black unless set for the next texts.
    text_gray: Gray,
    /// The fill and stroke state of the stream, to skip repeating it.
    fill: Gray,
    line_width: f32,
    /// The fill and width to go back to at each [`Canvas::pop`].
    saved: Vec<(Gray, f32)>,
}

impl Canvas {
    /// A blank page `height` points tall; everything is then drawn from its
    /// top-left corner down.
    pub fn new(height: f32) -> Canvas {
        let mut content = Stream::new();
        content.nums(&[1.0, 0.0, 0.0, -1.0, 0.0, height]).op("cm");
        Canvas {
            content,
            glyphs: Glyphs::default(),
            text_gray: BLACK,
            fill: BLACK,
            line_width: 1.0,
            saved: Vec::new(),
        }
    }

    /// The content stream (not compressed yet) and the glyphs drawn.
    pub fn finish(self) -> (Vec<u8>, Glyphs) {
        (self.content.finish(), self.glyphs)
    }

    /// Texts from now on are drawn in `gray` (until a path is painted,
    /// which sets them back to black).
    pub fn set_text_gray(&mut self, gray: Gray) {
        self.text_gray = gray;
    }

    /// Everything until [`Canvas::pop`] is scaled by `scale` and moved by
    /// (`dx`, `dy`).
    pub fn push_transform(&mut self, scale: f32, dx: f32, dy: f32) {
        self.content.op("q");
        self.saved.push((self.fill, self.line_width));
        self.content.exact(scale).nums(&[0.0, 0.0]).exact(scale);
        self.content.exact(dx).exact(dy).op("cm");
    }

    /// Ends the last [`Canvas::push_transform`].
    pub fn pop(&mut self) {
        if let Some((fill, width)) = self.saved.pop() {
            self.content.op("Q");
            (self.fill, self.line_width) = (fill, width);
        }
    }

    fn set_fill(&mut self, gray: Gray) {
        if gray != self.fill {
            self.content.num(gray).op("g");
            self.fill = gray;
        }
    }

    /// Fills `path` with `fill` and/or strokes it in black `width` points
    /// wide; then texts are black again.
    pub fn paint(&mut self, path: Option<Path>, fill: Option<Gray>, width: Option<f32>) {
        self.text_gray = BLACK;
        let Some(path) = path else {
            return;
        };
        if fill.is_none() && width.is_none() {
            return;
        }
        if let Some(gray) = fill {
            self.set_fill(gray);
        }
        if let Some(w) = width.filter(|&w| w != self.line_width) {
            self.content.num(w).op("w");
            self.line_width = w;
        }
        for segment in &path.segments {
            match *segment {
                Segment::Move(x, y) => self.content.nums(&[x, y]).op("m"),
                Segment::Line(x, y) => self.content.nums(&[x, y]).op("l"),
                Segment::Cubic(points) => self.content.nums(&points).op("c"),
                Segment::Close => self.content.op("h"),
            };
        }
        match (fill, width) {
            (Some(_), Some(_)) => self.content.op("B"),
            (Some(_), None) => self.content.op("f"),
            _ => self.content.op("S"),
        };
    }

    /// Draws `text` with its left end at `x`. A PDF viewer shows glyphs in
    /// the order they are drawn (a browser reorders them itself), so a line
    /// holding Hebrew or Arabic is drawn run by run in visual order, each
    /// run shaped in its own direction and measured as
    /// [`font::measure_in`] measures the line. A line of plain script (see
    /// [`font::plain_glyphs`]) needs no shaper and is set glyph by glyph,
    /// exactly as wide as the layout measured it.
    pub fn text(&mut self, weight: Weight, size: f32, x: f32, baseline: f32, text: &str) {
        if text.trim().is_empty() {
            return;
        }
        let mut x = x;
        for (run, rtl) in visual_runs(text) {
            let plain = font::plain_glyphs(weight, run).filter(|_| rtl.is_none());
            self.begin_text(weight, size, x, baseline);
            match plain {
                Some(glyphs) => {
                    for g in &glyphs {
                        self.glyphs.note(weight, g.id, &run[g.range.clone()]);
                    }
                    self.content.glyphs(glyphs.iter().map(|g| g.id)).op("Tj");
                }
                None => self.shaped(weight, size, run, rtl.unwrap_or(false)),
            }
            self.content.op("ET");
            x += font::measure_in(weight, run, size);
        }
    }

    /// Starts a text object at (`x`, `baseline`), upright on the flipped page.
    fn begin_text(&mut self, weight: Weight, size: f32, x: f32, baseline: f32) {
        let gray = self.text_gray;
        self.set_fill(gray);
        self.content.op("BT");
        self.content.name(font_name(weight)).num(size).op("Tf");
        self.content
            .nums(&[1.0, 0.0, 0.0, -1.0, x, baseline])
            .op("Tm");
    }

    /// Shows `run` as the shaper sets it: each glyph at the shaper's
    /// advance and offset (a glyph's own width is what the PDF advances by,
    /// so the difference is adjusted), marks raised where the shaper puts
    /// them. Each glyph shows the text of its cluster.
    fn shaped(&mut self, weight: Weight, size: f32, run: &str, rtl: bool) {
        let face = shaper(weight);
        let per_em = face.units_per_em() as f32;
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(run);
        buffer.guess_segment_properties();
        buffer.set_direction(if rtl {
            rustybuzz::Direction::RightToLeft
        } else {
            rustybuzz::Direction::LeftToRight
        });
        let shaped = rustybuzz::shape(face, &[], buffer);
        let infos = shaped.glyph_infos();
        let positions = shaped.glyph_positions();
        let mut starts: Vec<usize> = infos.iter().map(|i| i.cluster as usize).collect();
        starts.push(run.len());
        starts.sort_unstable();
        starts.dedup();
        let cluster_text = |start: usize| {
            let end = starts
                .iter()
                .copied()
                .find(|&s| s > start)
                .unwrap_or(run.len());
            run.get(start..end).unwrap_or("")
        };
        let thousandths = |units: i32| units as f32 * 1000.0 / per_em;
        let mut glyphs: Vec<ShapedGlyph> = Vec::with_capacity(infos.len());
        let mut last_cluster = usize::MAX;
        for (info, pos) in infos.iter().zip(positions) {
            let glyph = u16::try_from(info.glyph_id).unwrap_or(0);
            let width = thousandths(i32::from(
                face.glyph_hor_advance(ttf_parser::GlyphId(glyph))
                    .unwrap_or(0),
            ));
            let offset = thousandths(pos.x_offset);
            let advance = thousandths(pos.x_advance);
            let cluster = info.cluster as usize;
            let text = if cluster == last_cluster {
                ""
            } else {
                cluster_text(cluster)
            };
            last_cluster = cluster;
            glyphs.push(ShapedGlyph {
                id: glyph,
                cluster,
                text,
                before: -offset,
                after: width - advance + offset,
                rise: pos.y_offset,
            });
        }
        // The font's map from glyphs back to text holds a glyph that stands
        // for one character (a letter, or its joining form in Arabic), the
        // same on every page. A cluster with any other glyph (one the font
        // lacks, a mark, the first glyph of several characters, as e with a
        // combining accent) says its text itself, as the text a reader
        // copies; those glyphs go in the font with no text of their own, so
        // that e still copies as e elsewhere.
        let own = |g: &ShapedGlyph| {
            let mut chars = g.text.chars();
            g.id != 0 && chars.next().is_some() && chars.next().is_none()
        };
        for g in glyphs.iter().filter(|g| g.id != 0) {
            self.glyphs
                .note(weight, g.id, if own(g) { g.text } else { "" });
        }
        let mut rise = 0;
        let mut open = false;
        for cluster in glyphs.chunk_by(|a, b| a.cluster == b.cluster) {
            let actual = !cluster.iter().all(own);
            if actual {
                self.close_shown(&mut open);
                let text = cluster_text(cluster[0].cluster);
                self.content
                    .name("Span")
                    .raw("<<")
                    .name("ActualText")
                    .text(text)
                    .raw(">>")
                    .op("BDC");
            }
            for g in cluster {
                if g.rise != rise {
                    self.close_shown(&mut open);
                    rise = g.rise;
                    self.content.num(thousandths(rise) * size / 1000.0).op("Ts");
                }
                if !open {
                    self.content.raw("[");
                    open = true;
                }
                if g.before != 0.0 {
                    self.content.num(g.before);
                }
                self.content.glyphs([g.id]);
                if g.after != 0.0 {
                    self.content.num(g.after);
                }
            }
            if actual {
                self.close_shown(&mut open);
                self.content.op("EMC");
            }
        }
        self.close_shown(&mut open);
        if rise != 0 {
            self.content.num(0.0).op("Ts");
        }
    }

    /// Ends the glyphs being shown (a `TJ` array), if one is open.
    fn close_shown(&mut self, open: &mut bool) {
        if std::mem::take(open) {
            self.content.raw("]").op("TJ");
        }
    }

    /// Draws `line` centred on its `x`.
    pub fn centred(&mut self, weight: Weight, size: f32, line: &TextLine) {
        let w = font::measure_in(weight, &line.text, size);
        self.text(weight, size, line.x - w / 2.0, line.baseline, &line.text);
    }
}

/// One glyph of a shaped run: its id, the cluster it belongs to (where its
/// text starts in the run), the text it shows (its cluster's, for the first
/// glyph of a cluster), the `TJ` adjustments before and after it (TJ moves
/// left by its numbers; the glyph advances by its width), and how far it is
/// raised, in the font's units.
struct ShapedGlyph<'a> {
    id: u16,
    cluster: usize,
    text: &'a str,
    before: f32,
    after: f32,
    rise: i32,
}

/// The shaper's view of a bundled face.
fn shaper(weight: Weight) -> &'static rustybuzz::Face<'static> {
    static REGULAR: OnceLock<rustybuzz::Face<'static>> = OnceLock::new();
    static BOLD: OnceLock<rustybuzz::Face<'static>> = OnceLock::new();
    let (cell, bytes) = match weight {
        Weight::Regular => (&REGULAR, font::REGULAR_TTF),
        Weight::Bold => (&BOLD, font::BOLD_TTF),
    };
    cell.get_or_init(|| {
        rustybuzz::Face::from_slice(bytes, 0).expect("the bundled font is a valid TrueType file")
    })
}

/// The runs of `line` from left to right, by the Unicode Bidirectional
/// Algorithm (the paragraph direction taken from the line's first strong
/// character), each with its direction (`Some(true)` right to left); a
/// line with nothing right-to-left is one run of no set direction.
fn visual_runs(line: &str) -> Vec<(&str, Option<bool>)> {
    // Every right-to-left letter and direction mark is at U+0590 or above.
    if line.chars().all(|c| c < '\u{0590}') {
        return vec![(line, None)];
    }
    let bidi = unicode_bidi::BidiInfo::new(line, None);
    if !bidi.has_rtl() {
        return vec![(line, None)];
    }
    let mut runs = Vec::new();
    for paragraph in &bidi.paragraphs {
        let (levels, ranges) = bidi.visual_runs(paragraph, paragraph.range.clone());
        for range in ranges {
            let rtl = levels[range.start].is_rtl();
            runs.push((&line[range], Some(rtl)));
        }
    }
    runs
}

impl Path {
    fn push(&mut self, segment: Segment) {
        self.segments.push(segment);
    }

    fn finish(self) -> Option<Path> {
        Some(self).filter(|p| !p.segments.is_empty())
    }
}

/// A closed or open polyline; `None` for no points.
pub fn polyline(points: &[(f32, f32)], closed: bool) -> Option<Path> {
    let (first, rest) = points.split_first()?;
    let mut path = Path::default();
    path.push(Segment::Move(first.0, first.1));
    for p in rest {
        path.push(Segment::Line(p.0, p.1));
    }
    if closed {
        path.push(Segment::Close);
    }
    path.finish()
}

/// A rectangle.
pub fn rect_path(x: f32, y: f32, w: f32, h: f32) -> Option<Path> {
    polyline(&[(x, y), (x + w, y), (x + w, y + h), (x, y + h)], true)
}

/// Rectangles, as one path to fill at once.
pub fn rects_path(rects: impl IntoIterator<Item = (f32, f32, f32, f32)>) -> Option<Path> {
    let mut path = Path::default();
    for (x, y, w, h) in rects {
        path.push(Segment::Move(x, y));
        path.push(Segment::Line(x + w, y));
        path.push(Segment::Line(x + w, y + h));
        path.push(Segment::Line(x, y + h));
        path.push(Segment::Close);
    }
    path.finish()
}

/// A rectangle with fully rounded ends (a connector's pill).
pub fn pill_path(x: f32, y: f32, w: f32, h: f32) -> Option<Path> {
    const KAPPA: f32 = 0.552_284_8;
    let r = (h / 2.0).min(w / 2.0);
    let k = r * KAPPA;
    let (x1, y1) = (x + w, y + h);
    let mut p = Path::default();
    p.push(Segment::Move(x + r, y));
    p.push(Segment::Line(x1 - r, y));
    p.push(Segment::Cubic([x1 - r + k, y, x1, y + r - k, x1, y + r]));
    p.push(Segment::Line(x1, y1 - r));
    p.push(Segment::Cubic([x1, y1 - r + k, x1 - r + k, y1, x1 - r, y1]));
    p.push(Segment::Line(x + r, y1));
    p.push(Segment::Cubic([x + r - k, y1, x, y1 - r + k, x, y1 - r]));
    p.push(Segment::Line(x, y + r));
    p.push(Segment::Cubic([x, y + r - k, x + r - k, y, x + r, y]));
    p.push(Segment::Close);
    p.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drawn(f: impl FnOnce(&mut Canvas)) -> (String, Glyphs) {
        let mut canvas = Canvas::new(100.0);
        f(&mut canvas);
        let (bytes, glyphs) = canvas.finish();
        (String::from_utf8_lossy(&bytes).into_owned(), glyphs)
    }

    #[test]
    fn the_page_is_flipped_so_points_are_measured_from_the_top() {
        let (content, _) = drawn(|_| {});
        assert!(content.starts_with("1 0 0 -1 0 100 cm"), "{content}");
    }

    #[test]
    fn plain_text_is_one_string_of_glyph_ids_each_noted_with_its_character() {
        let (content, glyphs) = drawn(|c| c.text(Weight::Bold, 9.0, 10.0, 20.0, "Aha"));
        assert!(content.contains("/F1 9 Tf"), "{content}");
        assert!(content.contains("1 0 0 -1 10 20 Tm"), "{content}");
        assert_eq!(content.matches(" Tj").count(), 1, "{content}");
        let texts: Vec<&str> = glyphs.bold.values().map(String::as_str).collect();
        assert_eq!(texts.len(), 3, "A, h and a: {texts:?}");
        assert!(texts.contains(&"A") && texts.contains(&"h") && texts.contains(&"a"));
        assert!(glyphs.regular.is_empty());
    }

    #[test]
    fn hebrew_is_shaped_and_each_letter_keeps_its_text() {
        let (content, glyphs) = drawn(|c| c.text(Weight::Regular, 9.0, 0.0, 9.0, "שלום"));
        assert!(content.contains("TJ"), "{content}");
        let mut letters: Vec<&str> = glyphs.regular.values().map(String::as_str).collect();
        letters.sort_unstable();
        assert_eq!(letters, ["ו", "ל", "ם", "ש"]);
    }

    #[test]
    fn every_glyph_of_a_cluster_is_noted_so_the_font_holds_it() {
        // Shin with its dot and a vowel: one cluster the shaper draws as
        // several glyphs; each must go in the font, not only the first.
        let run = "שָׁלוֹם";
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(run);
        buffer.guess_segment_properties();
        let shaped = rustybuzz::shape(shaper(Weight::Regular), &[], buffer);
        let ids: Vec<u16> = (shaped.glyph_infos().iter())
            .map(|i| u16::try_from(i.glyph_id).expect("a 16-bit glyph"))
            .collect();
        assert!(ids.len() > 4 && ids.iter().all(|&g| g != 0), "{ids:?}");
        let (content, glyphs) = drawn(|c| c.text(Weight::Regular, 9.0, 0.0, 9.0, run));
        for g in ids {
            assert!(
                glyphs.regular.contains_key(&g),
                "{g} of {:?}",
                glyphs.regular
            );
        }
        // The letters standing alone keep their own text; the shin with its
        // marks is a cluster, so the run says its text itself.
        let shown: String = glyphs.regular.values().map(String::as_str).collect();
        assert!(shown.contains('ל') && shown.contains('ם'), "{shown}");
        assert!(!shown.contains('ש'), "{shown}");
        assert!(content.contains("/ActualText"), "{content}");
    }

    #[test]
    fn a_cluster_says_its_text_itself_so_its_letter_keeps_its_own_on_every_page() {
        // e with a combining acute: shaped as one cluster. Its e must not
        // come to stand for "é" in the font's map, or a plain e on another
        // page of the booklet would copy as "é".
        let (accented, first) = drawn(|c| c.text(Weight::Regular, 9.0, 0.0, 9.0, "ב e\u{301}"));
        assert!(accented.contains("/ActualText"), "{accented}");
        let (_, second) = drawn(|c| c.text(Weight::Regular, 9.0, 0.0, 9.0, "e"));
        let e = ttf_parser::Face::parse(font::REGULAR_TTF, 0)
            .expect("font")
            .glyph_index('e')
            .expect("an e")
            .0;
        let mut all = first.clone();
        all.merge(&second);
        assert_eq!(all.regular.get(&e).map(String::as_str), Some("e"));
        let mut other_way = second;
        other_way.merge(&first);
        assert_eq!(
            other_way.regular, all.regular,
            "the same whichever page comes first"
        );
    }

    #[test]
    fn characters_the_font_lacks_say_what_they_are_as_actual_text() {
        let (content, glyphs) = drawn(|c| c.text(Weight::Regular, 9.0, 0.0, 9.0, "東南 x"));
        assert!(content.contains("/Span"), "{content}");
        assert!(content.contains("/ActualText"), "{content}");
        assert!(content.contains("EMC"), "{content}");
        assert!(!glyphs.regular.contains_key(&0), "{:?}", glyphs.regular);
        let (plain, _) = drawn(|c| c.text(Weight::Regular, 9.0, 0.0, 9.0, "plain x"));
        assert!(!plain.contains("ActualText"), "{plain}");
    }

    #[test]
    fn painting_sets_colour_and_width_only_when_they_change() {
        let (content, _) = drawn(|c| {
            c.paint(rect_path(0.0, 0.0, 5.0, 5.0), Some(WHITE), Some(1.0));
            c.paint(rect_path(1.0, 1.0, 5.0, 5.0), Some(WHITE), Some(1.0));
            c.paint(polyline(&[(0.0, 0.0), (3.0, 4.0)], false), None, Some(2.0));
        });
        assert_eq!(content.matches(" g").count(), 1, "{content}");
        assert_eq!(content.matches(" w").count(), 1, "{content}");
        assert_eq!(content.matches("\nB").count(), 2, "{content}");
        assert!(content.trim_end().ends_with('S'), "{content}");
    }

    #[test]
    fn white_text_goes_back_to_black_after_a_path() {
        let (content, _) = drawn(|c| {
            c.set_text_gray(WHITE);
            c.text(Weight::Regular, 9.0, 0.0, 9.0, "x");
            c.paint(rect_path(0.0, 0.0, 5.0, 5.0), None, Some(1.0));
            c.text(Weight::Regular, 9.0, 0.0, 9.0, "y");
        });
        let white = content.find("1 g").expect("white");
        let black = content.rfind("0 g").expect("black again");
        assert!(white < black, "{content}");
    }

    #[test]
    fn no_points_is_no_path() {
        assert!(polyline(&[], false).is_none());
        assert!(rects_path([]).is_none());
        assert!(pill_path(0.0, 0.0, 10.0, 4.0).is_some());
    }
}
