//! The one bundled font, DejaVu Sans: glyph advances for measuring and
//! wrapping text, so the layout, the SVG, the site and the PDF agree on widths.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

use ttf_parser::Face;

use crate::memo::TextMemo;

/// The CSS font family every output names first.
pub const FAMILY: &str = "DejaVu Sans";

/// DejaVu Sans (Book), as shipped in `assets/fonts/` with its licence.
pub static REGULAR_TTF: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");

/// DejaVu Sans Bold, as shipped in `assets/fonts/` with its licence.
pub static BOLD_TTF: &[u8] = include_bytes!("../assets/fonts/DejaVuSans-Bold.ttf");

/// Advance, in em, given to a character the font has no glyph for.
const MISSING_ADVANCE: f32 = 0.6;

/// Advance, in em, given to a missing wide character (emoji, CJK).
const MISSING_WIDE_ADVANCE: f32 = 1.0;

/// Which of the two bundled faces a text is set in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weight {
    /// DejaVu Sans Book: body text, law clauses.
    Regular,
    /// DejaVu Sans Bold: answer labels, titles.
    Bold,
}

/// Characters below this have their advance and glyph in a table: Latin,
/// Greek, Cyrillic, Hebrew, Arabic, punctuation, arrows and card suits,
/// each looked up in the font's tables once, when first met.
const TABLED: usize = 0x2700;

/// A table entry not looked up yet (no advance or glyph id has these bits).
const UNKNOWN: u32 = u32::MAX;

/// Per-face advances: a table for the common characters, the parsed face
/// for the rest.
struct Metrics {
    face: Face<'static>,
    per_em: f32,
    /// The advance (as bits) of each character below [`TABLED`].
    table: Box<[AtomicU32]>,
    /// The glyph of each character below [`TABLED`]; 0 for none.
    glyphs: Box<[AtomicU32]>,
}

impl Metrics {
    fn load(bytes: &'static [u8]) -> Metrics {
        let face = Face::parse(bytes, 0).expect("the bundled font is a valid TrueType file");
        let per_em = f32::from(face.units_per_em());
        let unknown = || (0..TABLED).map(|_| AtomicU32::new(UNKNOWN)).collect();
        Metrics {
            face,
            per_em,
            table: unknown(),
            glyphs: unknown(),
        }
    }

    /// Advance of one character in em.
    fn advance(&self, c: char) -> f32 {
        let Some(slot) = tabled(c).map(|code| &self.table[code]) else {
            return self.lookup(c);
        };
        match slot.load(Ordering::Relaxed) {
            UNKNOWN => {
                let advance = self.lookup(c);
                slot.store(advance.to_bits(), Ordering::Relaxed);
                advance
            }
            bits => f32::from_bits(bits),
        }
    }

    /// The face's glyph for `c`, if it has one.
    fn glyph(&self, c: char) -> Option<u16> {
        let Some(slot) = tabled(c).map(|code| &self.glyphs[code]) else {
            return self.face.glyph_index(c).map(|g| g.0);
        };
        let id = match slot.load(Ordering::Relaxed) {
            UNKNOWN => {
                let id = self.face.glyph_index(c).map_or(0, |g| g.0);
                slot.store(u32::from(id), Ordering::Relaxed);
                id
            }
            bits => u16::try_from(bits).unwrap_or(0),
        };
        Some(id).filter(|&g| g != 0)
    }

    fn lookup(&self, c: char) -> f32 {
        if c == '\t' {
            return self.lookup(' ');
        }
        if c.is_control() {
            return 0.0;
        }
        match self
            .face
            .glyph_index(c)
            .and_then(|g| self.face.glyph_hor_advance(g))
        {
            Some(units) => f32::from(units) / self.per_em,
            None if is_wide(c) => MISSING_WIDE_ADVANCE,
            None => MISSING_ADVANCE,
        }
    }
}

/// Where `c`'s entries are in a face's tables, if it has any.
fn tabled(c: char) -> Option<usize> {
    usize::try_from(u32::from(c))
        .ok()
        .filter(|&code| code < TABLED)
}

/// One glyph of a line set without shaping: its id in the face, its
/// advance in em, and the bytes of the line it shows.
pub struct PlainGlyph {
    /// The glyph's id in the face.
    pub id: u16,
    /// Its advance in em, as [`measure_in`] counts it.
    pub advance: f32,
    /// The character it shows, as a byte range of the line.
    pub range: std::ops::Range<usize>,
}

/// The glyphs of `text` one character each, with the advances
/// [`measure_in`] sums, when the line needs no shaping: every character is
/// in the face and of a script drawn glyph by glyph (Latin, Greek,
/// Cyrillic, punctuation, arrows, card suits, no combining marks). `None`
/// for anything else, which a shaper must set.
pub fn plain_glyphs(weight: Weight, text: &str) -> Option<Vec<PlainGlyph>> {
    let m = metrics(weight);
    text.char_indices()
        .map(|(at, c)| {
            let code = u32::from(c);
            let plain = (code < 0x0300 || (0x0370..0x0590).contains(&code))
                || (0x2000..0x2C00).contains(&code);
            if !plain || c.is_control() {
                return None;
            }
            let id = m.glyph(c)?;
            Some(PlainGlyph {
                id,
                advance: m.advance(c),
                range: at..at + c.len_utf8(),
            })
        })
        .collect()
}

/// Emoji and East Asian wide ranges, drawn about one em wide by fallback fonts.
fn is_wide(c: char) -> bool {
    matches!(u32::from(c),
        0x1100..=0x115F | 0x2E80..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6
        | 0x1F000..=0x1FAFF | 0x20000..=0x3FFFD)
}

fn metrics(weight: Weight) -> &'static Metrics {
    static REGULAR: OnceLock<Metrics> = OnceLock::new();
    static BOLD: OnceLock<Metrics> = OnceLock::new();
    match weight {
        Weight::Regular => REGULAR.get_or_init(|| Metrics::load(REGULAR_TTF)),
        Weight::Bold => BOLD.get_or_init(|| Metrics::load(BOLD_TTF)),
    }
}

/// Width in points of `text` set in DejaVu Sans at `size_pt` (no kerning,
/// which only ever makes DejaVu text narrower).
pub fn measure(text: &str, size_pt: f32) -> f32 {
    measure_in(Weight::Regular, text, size_pt)
}

/// Width in points of `text` set in the given face at `size_pt`.
pub fn measure_in(weight: Weight, text: &str, size_pt: f32) -> f32 {
    let m = metrics(weight);
    text.chars().map(|c| m.advance(c)).sum::<f32>() * size_pt
}

/// Width in em of the longest word of `text` in the given face: the
/// widest [`measure_in`] of any of its words is this times the size.
/// Remembered per thread: planning a card asks it of every box again for
/// every drawing it tries.
pub fn longest_word_em(weight: Weight, text: &str) -> f32 {
    thread_local! {
        static LONGEST: RefCell<TextMemo<Weight, f32>> = RefCell::new(TextMemo::new(16_384));
    }
    if let Some(em) = LONGEST.with(|memo| memo.borrow().get(text, |k| *k == weight).copied()) {
        return em;
    }
    let m = metrics(weight);
    let em = text
        .split_whitespace()
        .map(|word| word.chars().map(|c| m.advance(c)).sum::<f32>())
        .fold(0.0, f32::max);
    LONGEST.with(|memo| memo.borrow_mut().put(text, weight, em));
    em
}

/// Break `text` into lines no wider than `max_width` points at `size_pt`,
/// in DejaVu Sans; whitespace runs become single spaces, and a word too long
/// for a line is split between characters.
pub fn wrap(text: &str, size_pt: f32, max_width: f32) -> Vec<String> {
    wrap_in(Weight::Regular, text, size_pt, max_width)
}

/// [`wrap`] in the given face.
pub fn wrap_in(weight: Weight, text: &str, size_pt: f32, max_width: f32) -> Vec<String> {
    Words::new(weight, text).wrap(size_pt, max_width)
}

/// How many lines [`wrap_in`] makes of `text`, without making them.
pub fn line_count(weight: Weight, text: &str, size_pt: f32, max_width: f32) -> usize {
    Words::new(weight, text).fill(size_pt, max_width, None, usize::MAX, None)
}

/// [`wrap`] with the narrowest width that needs no more lines than
/// `max_width` does, so a box's lines come out of even length.
pub fn wrap_balanced(weight: Weight, text: &str, size_pt: f32, max_width: f32) -> Vec<String> {
    let words = Words::new(weight, text);
    let mut widest = 0.0;
    let greedy = words.fill(size_pt, max_width, None, usize::MAX, Some(&mut widest));
    // Never narrower than the longest word: a narrower width could keep the
    // line count by breaking a word between letters.
    let longest = words.longest() * size_pt;
    let (mut low, mut high) = (longest.min(max_width), max_width);
    if low < high {
        // Narrowing by halves towards the least width that keeps the lines:
        // a width keeps them exactly when it is at least that width, so the
        // halving is worked out from it without filling at each step.
        let least = words.least_width(size_pt, longest, greedy, widest);
        for _ in 0..12 {
            let mid = (low + high) / 2.0;
            if least <= mid {
                high = mid;
            } else {
                low = mid;
            }
        }
    }
    words.wrap(size_pt, high)
}

/// A text's words with the advances of their characters, looked up once so
/// that wrapping at many widths (balanced wrapping, a layout trying narrower
/// boxes) costs a pass over numbers, not over the font.
struct Words<'a> {
    weight: Weight,
    text: &'a str,
    /// The words' places in the text and their characters' advances,
    /// remembered per text.
    shape: Rc<WordShape>,
}

/// What [`Words`] works out of a text: where each word is and each
/// character's advance.
struct WordShape {
    /// Each word's byte range in the text.
    spans: Vec<(usize, usize)>,
    /// Each character's advance in em, word after word.
    advances: Vec<f32>,
    /// Where each word's advances start in `advances`; one more at the end.
    starts: Vec<usize>,
    space: f32,
}

thread_local! {
    /// Texts' words and advances per thread: a layout counts and wraps each
    /// box's text at many widths.
    static SHAPES: RefCell<TextMemo<Weight, Rc<WordShape>>> = RefCell::new(TextMemo::new(16_384));
}

impl<'a> Words<'a> {
    fn new(weight: Weight, text: &'a str) -> Words<'a> {
        let remembered = SHAPES.with(|memo| memo.borrow().get(text, |w| *w == weight).cloned());
        let shape = remembered.unwrap_or_else(|| {
            let shape = Rc::new(WordShape::new(weight, text));
            SHAPES.with(|memo| memo.borrow_mut().put(text, weight, Rc::clone(&shape)));
            shape
        });
        Words {
            weight,
            text,
            shape,
        }
    }

    /// The number of words.
    fn len(&self) -> usize {
        self.shape.spans.len()
    }

    /// Word `i` of the text.
    fn text_of(&self, i: usize) -> &'a str {
        let (from, to) = self.shape.spans[i];
        &self.text[from..to]
    }

    fn word(&self, i: usize) -> &[f32] {
        let s = &self.shape;
        &s.advances[s.starts[i]..s.starts[i + 1]]
    }

    /// The widest word in em.
    fn longest(&self) -> f32 {
        (0..self.len())
            .map(|i| self.word(i).iter().sum::<f32>())
            .fold(0.0, f32::max)
    }

    /// The lines, greedily: as many words on a line as fit, and a word too
    /// long for any line cut between characters.
    fn wrap(&self, size_pt: f32, max_width: f32) -> Vec<String> {
        let mut lines = Vec::new();
        self.fill(size_pt, max_width, Some(&mut lines), usize::MAX, None);
        lines
    }

    /// Greedy line filling; returns the number of lines and, given `out`,
    /// writes them there. Widths are summed character by character in
    /// reading order, exactly as [`measure_in`] sums a joined line, so the
    /// breaks are the ones measuring each candidate line would give. Counting
    /// only (no `out`), it stops once past `most` lines: the caller asks only
    /// whether the text takes more.
    /// The least width at which filling takes no more than `lines` lines,
    /// given that it takes that many at a width whose widest line is
    /// `widest`: filling a width just under the widest line either takes
    /// more lines (the widest line is the least width) or gives a narrower
    /// widest line to go on from. Greedy filling uses the fewest lines any
    /// breaking of the words into lines no wider than the width can, so a
    /// width keeps to `lines` lines exactly when it is at least this. Never
    /// below `longest`, the widest word (in points).
    fn least_width(&self, size_pt: f32, longest: f32, lines: usize, widest: f32) -> f32 {
        let mut widest = widest;
        loop {
            let below = widest.next_down();
            if below < longest {
                return widest;
            }
            let mut narrower = 0.0;
            if self.fill(size_pt, below, None, lines, Some(&mut narrower)) > lines {
                return widest;
            }
            widest = narrower;
        }
    }

    fn fill(
        &self,
        size_pt: f32,
        max_width: f32,
        mut out: Option<&mut Vec<String>>,
        most: usize,
        mut widest: Option<&mut f32>,
    ) -> usize {
        // Notes a finished line `width` em wide.
        let mut ended = |width: f32| {
            if let Some(w) = widest.as_deref_mut() {
                *w = w.max(width * size_pt);
            }
        };
        let mut count = 0;
        // The current line: its text (when building), its width in em, and
        // whether it holds anything.
        let mut line = String::new();
        let mut width = 0.0f32;
        let mut empty = true;
        for i in 0..self.len() {
            let word = self.text_of(i);
            if count > most && out.is_none() {
                return count;
            }
            let mut joined = if empty { 0.0 } else { width + self.shape.space };
            for &a in self.word(i) {
                joined += a;
            }
            if joined * size_pt <= max_width {
                if out.is_some() {
                    if !empty {
                        line.push(' ');
                    }
                    line.push_str(word);
                }
                width = joined;
                empty = false;
                continue;
            }
            if !empty {
                count += 1;
                ended(width);
                if let Some(lines) = out.as_deref_mut() {
                    lines.push(std::mem::take(&mut line));
                }
            }
            let alone: f32 = self.word(i).iter().sum();
            if alone * size_pt <= max_width {
                // The word starts the next line; its width is the sum
                // `measure_in` would make of it.
                if out.is_some() {
                    line = (*word).to_string();
                }
                width = alone;
                empty = false;
                continue;
            }
            let mut pieces = split_word(self.weight, word, size_pt, max_width);
            let last = pieces.pop().unwrap_or_default();
            count += pieces.len();
            // A word broken between letters: no width is the widest line's.
            ended(f32::INFINITY);
            if let Some(lines) = out.as_deref_mut() {
                lines.extend(pieces);
            }
            width = measure_in(self.weight, &last, 1.0);
            empty = last.is_empty();
            line = last;
        }
        if !empty {
            count += 1;
            ended(width);
            if let Some(lines) = out {
                lines.push(line);
            }
        }
        count
    }
}

impl WordShape {
    fn new(weight: Weight, text: &str) -> WordShape {
        let m = metrics(weight);
        let mut spans = Vec::new();
        let mut advances = Vec::with_capacity(text.len());
        let mut starts = Vec::new();
        let base = text.as_ptr() as usize;
        for word in text.split_whitespace() {
            let from = word.as_ptr() as usize - base;
            spans.push((from, from + word.len()));
            starts.push(advances.len());
            advances.extend(word.chars().map(|c| m.advance(c)));
        }
        starts.push(advances.len());
        WordShape {
            spans,
            advances,
            starts,
            space: m.advance(' '),
        }
    }
}

/// Split one word into pieces that fit, never inside a character as the
/// reader sees it (a letter with its accents, an emoji sequence joined by
/// zero-width joiners, a flag); every piece has at least one such character.
fn split_word(weight: Weight, word: &str, size_pt: f32, max_width: f32) -> Vec<String> {
    let m = metrics(weight);
    let mut pieces = vec![String::new()];
    let mut width = 0.0;
    let mut prev: Option<char> = None;
    let mut flags = 0usize;
    for c in word.chars() {
        let advance = m.advance(c) * size_pt;
        flags = if is_regional_indicator(c) {
            flags + 1
        } else {
            0
        };
        let joins =
            prev.is_some_and(|p| joins_previous(p, c)) || (flags > 0 && flags.is_multiple_of(2));
        let last = pieces.last_mut().expect("pieces starts non-empty");
        if width + advance > max_width && !last.is_empty() && advance > 0.0 && !joins {
            pieces.push(String::new());
            width = 0.0;
        }
        pieces.last_mut().expect("pieces is non-empty").push(c);
        width += advance;
        prev = Some(c);
    }
    pieces
}

/// Whether `c` continues the character `prev` started: a combining mark,
/// a variation selector, a skin-tone modifier, a tag, a zero-width joiner,
/// or whatever follows a zero-width joiner.
fn joins_previous(prev: char, c: char) -> bool {
    prev == '\u{200D}' || is_combining(c)
}

/// Combining marks of the scripts a club is likely to write (Latin, Greek,
/// Cyrillic, Hebrew, Arabic, Thai, Devanagari), variation selectors, emoji
/// modifiers and tags, and the zero-width joiner itself.
fn is_combining(c: char) -> bool {
    matches!(u32::from(c),
        0x0300..=0x036F | 0x0483..=0x0489 | 0x0591..=0x05BD | 0x05BF | 0x05C1..=0x05C2
        | 0x05C4..=0x05C5 | 0x05C7 | 0x0610..=0x061A | 0x064B..=0x065F | 0x0670
        | 0x06D6..=0x06DC | 0x06DF..=0x06E4 | 0x06E7..=0x06E8 | 0x06EA..=0x06ED
        | 0x0900..=0x0903 | 0x093A..=0x094F | 0x0951..=0x0957 | 0x0E31 | 0x0E34..=0x0E3A
        | 0x0E47..=0x0E4E | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x200C..=0x200D
        | 0x20D0..=0x20FF | 0xFE00..=0xFE0F | 0xFE20..=0xFE2F | 0x1F3FB..=0x1F3FF
        | 0xE0020..=0xE007F | 0xE0100..=0xE01EF)
}

/// The letters that make flags two by two (🇳🇿 is N then Z).
fn is_regional_indicator(c: char) -> bool {
    matches!(u32::from(c), 0x1F1E6..=0x1F1FF)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Balanced wrapping as first written: halving towards the least width
    /// by filling at every step.
    fn balanced_by_filling(
        weight: Weight,
        text: &str,
        size_pt: f32,
        max_width: f32,
    ) -> Vec<String> {
        let words = Words::new(weight, text);
        let greedy = words.fill(size_pt, max_width, None, usize::MAX, None);
        let longest = words.longest() * size_pt;
        let (mut low, mut high) = (longest.min(max_width), max_width);
        for _ in 0..12 {
            let mid = (low + high) / 2.0;
            if words.fill(size_pt, mid, None, greedy, None) <= greedy {
                high = mid;
            } else {
                low = mid;
            }
        }
        words.wrap(size_pt, high)
    }

    #[test]
    fn balanced_wrapping_from_the_least_width_matches_filling_at_every_step() {
        let vocabulary = [
            "a",
            "the",
            "lead",
            "declarer",
            "out-of-turn",
            "Law",
            "54D,",
            "revoke",
            "—",
            "penalty",
            "card",
            "♠",
            "accepted",
            "Straße",
            "withdrawn",
            "12",
            "I",
            "mmmmmm",
            "director-called-triage-table",
            "of",
            "is",
            "Ærø",
        ];
        let mut seed = 11u64;
        let mut next = |m: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize % m
        };
        for case in 0..20_000 {
            let words: Vec<&str> = (0..next(40))
                .map(|_| vocabulary[next(vocabulary.len())])
                .collect();
            let text = words.join(" ");
            let size = [7.5, 8.5, 9.0, 10.0, 11.3][next(5)];
            let width = 20.0 + next(3000) as f32 / 10.0;
            let weight = if case % 3 == 0 {
                Weight::Bold
            } else {
                Weight::Regular
            };
            assert_eq!(
                wrap_balanced(weight, &text, size, width),
                balanced_by_filling(weight, &text, size, width),
                "{text:?} at {size} pt in {width}"
            );
        }
    }

    #[test]
    fn the_longest_word_is_the_widest_word_measured() {
        for text in [
            "Accept the lead",
            "Law 54D, 50D2(a)",
            "",
            "   ",
            "Straße ♠ ш",
        ] {
            for weight in [Weight::Regular, Weight::Bold] {
                let widest = text
                    .split_whitespace()
                    .map(|w| measure_in(weight, w, 9.0))
                    .fold(0.0, f32::max);
                // Asked twice: worked out, then remembered.
                for _ in 0..2 {
                    assert_eq!(longest_word_em(weight, text) * 9.0, widest, "{text}");
                }
            }
        }
    }

    #[test]
    fn measure_uses_the_real_advances_of_dejavu_sans() {
        // DejaVu Sans: "M" is 1767 and "i" 569 units of 2048 per em.
        assert!((measure("M", 10.0) - 10.0 * 1767.0 / 2048.0).abs() < 1e-4);
        assert!((measure("i", 10.0) - 10.0 * 569.0 / 2048.0).abs() < 1e-4);
        assert!(
            (measure("Mi", 20.0) - 2.0 * (measure("M", 10.0) + measure("i", 10.0))).abs() < 1e-3
        );
    }

    #[test]
    fn bold_text_is_wider_than_regular() {
        assert!(measure_in(Weight::Bold, "Yes", 9.0) > measure("Yes", 9.0));
    }

    #[test]
    fn suits_and_accents_are_measured_from_the_font() {
        for c in ['♠', '♥', '♦', '♣', 'é', 'ü'] {
            let width = measure(&c.to_string(), 10.0);
            assert!(width > 2.0 && width < 12.0, "{c} measured {width}");
        }
    }

    #[test]
    fn characters_without_a_glyph_get_a_fallback_width() {
        assert_eq!(measure("🦀", 10.0), 10.0 * MISSING_WIDE_ADVANCE);
        assert_eq!(measure("\u{E000}", 10.0), 10.0 * MISSING_ADVANCE);
        assert_eq!(measure("\u{0}", 10.0), 0.0);
        assert!(measure("\u{10FFFD}", 10.0) > 0.0);
    }

    #[test]
    fn wrap_breaks_between_words_and_keeps_every_word() {
        let text = "Could declarer have seen any of dummy's cards before the lead?";
        let lines = wrap(text, 10.0, 120.0);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| measure(l, 10.0) <= 120.0));
        assert_eq!(lines.join(" "), text);
    }

    #[test]
    fn wrap_collapses_whitespace_and_drops_empty_text() {
        assert_eq!(wrap("  Yes \n\t No ", 10.0, 500.0), vec!["Yes No"]);
        assert!(wrap("   ", 10.0, 100.0).is_empty());
    }

    #[test]
    fn a_word_longer_than_the_line_is_split_between_characters() {
        let lines = wrap("Unauthorised-information-transmitted", 10.0, 60.0);
        assert!(lines.len() > 2);
        assert!(lines.iter().all(|l| measure(l, 10.0) <= 60.0));
        assert_eq!(lines.concat(), "Unauthorised-information-transmitted");
    }

    #[test]
    fn a_line_narrower_than_one_character_still_takes_a_character() {
        assert_eq!(wrap("♠A", 10.0, 1.0), vec!["♠", "A"]);
    }

    #[test]
    fn a_combining_accent_stays_with_its_letter() {
        let lines = wrap("e\u{301}e\u{301}e\u{301}", 10.0, 7.0);
        assert!(lines.iter().all(|l| l.starts_with('e')), "{lines:?}");
    }

    #[test]
    fn balanced_wrap_never_breaks_a_word_that_fits_a_line() {
        let text = "An opponent's explanation of a call or play was wrong";
        let lines = wrap_balanced(Weight::Bold, text, 9.5, 90.0);
        assert_eq!(lines.join(" "), text, "{lines:?}");
    }

    #[test]
    fn emoji_sequences_flags_and_marks_are_never_split() {
        let family = "👨\u{200D}👩\u{200D}👧";
        let thumbs = "👍\u{1F3FD}";
        let flags = "🇳🇿🇫🇷";
        let hebrew = "שָׁלוֹם";
        for word in [family, thumbs, flags, hebrew, "e\u{301}\u{327}"] {
            let lines = wrap(&word.repeat(3), 10.0, 1.0);
            for line in &lines {
                let first = line.chars().next().expect("no empty line");
                assert!(!is_combining(first), "{word}: {lines:?}");
            }
            assert_eq!(lines.concat(), word.repeat(3));
        }
        assert_eq!(wrap(flags, 10.0, 1.0), vec!["🇳🇿", "🇫🇷"]);
        assert_eq!(wrap(&family.repeat(2), 10.0, 1.0), vec![family, family]);
    }

    #[test]
    fn a_plain_line_is_set_glyph_by_glyph_at_the_measured_advances() {
        let line = "West led the ♠K — Law 54D, 50D2(a) → déjà";
        let glyphs = plain_glyphs(Weight::Bold, line).expect("plain script");
        assert_eq!(glyphs.len(), line.chars().count());
        let width: f32 = glyphs.iter().map(|g| g.advance).sum();
        assert!((width * 9.0 - measure_in(Weight::Bold, line, 9.0)).abs() < 1e-3);
        let shown: String = glyphs.iter().map(|g| &line[g.range.clone()]).collect();
        assert_eq!(shown, line);
        assert!(
            glyphs.iter().all(|g| g.id != 0),
            "every character has its glyph"
        );
    }

    #[test]
    fn lines_that_need_a_shaper_are_not_plain() {
        for line in ["שלום", "مرحبا", "e\u{301}", "नमस्ते", "🂡", "tab\there"]
        {
            assert!(plain_glyphs(Weight::Regular, line).is_none(), "{line}");
        }
    }

    #[test]
    fn balanced_wrap_evens_out_the_lines() {
        let text = "Declarer must accept the lead and dummy is faced at once";
        let greedy = wrap(text, 10.0, 200.0);
        let balanced = wrap_balanced(Weight::Regular, text, 10.0, 200.0);
        assert_eq!(greedy.len(), balanced.len());
        let widest = |ls: &[String]| ls.iter().map(|l| measure(l, 10.0)).fold(0.0, f32::max);
        assert!(widest(&balanced) < widest(&greedy));
    }
}
