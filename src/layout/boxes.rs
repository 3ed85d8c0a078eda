//! Boxes sized to their text: wrapping with the bundled font's advances,
//! room for the law clauses, the shape's pointed ends, and the answer ports
//! (a box grows to keep the labels under it apart).

use std::cell::RefCell;
use std::rc::Rc;

use super::graph::{Chart, Port};
use super::{BoxSpec, LayoutOptions, PlacedBox, Rect, Shape, TextLine};
use crate::font::{self, Weight};
use crate::memo::TextMemo;

/// Line height as a multiple of the font size.
const LEADING: f32 = 1.25;
/// Baseline below the middle of a line, as a multiple of the font size
/// (half of DejaVu Sans' cap height).
const BASELINE_DROP: f32 = 0.36;
/// Space between the box text and the law clauses line.
const LAW_GAP: f32 = 3.0;
/// Least box size.
const MIN_W: f32 = 64.0;
const MIN_H: f32 = 28.0;
/// Padding inside a label's background box.
const LABEL_PAD_X: f32 = 3.0;
const LABEL_PAD_Y: f32 = 1.5;
/// Least space between two bottom ports (between their labels).
const PORT_GAP: f32 = 8.0;
/// Extra room a ruling's double border takes from its text.
const DOUBLE_BORDER: f32 = 3.0;

/// A box's text wrapped, and the size it needs before ports are fitted.
#[derive(Clone)]
pub(super) struct Measured {
    lines: Rc<[String]>,
    law_lines: Rc<[String]>,
    text_h: f32,
    w: f32,
    h: f32,
    point_depth: f32,
}

/// An answer label wrapped, with the size of its background box.
#[derive(Clone)]
pub(super) struct Label {
    pub text: Rc<str>,
    pub lines: Rc<[String]>,
    pub w: f32,
    pub h: f32,
}

/// A box with its final size, its bottom ports and the room its side exits need.
pub(super) struct Sized {
    m: Measured,
    pub w: f32,
    pub h: f32,
    /// Offsets from the box's centre of its bottom ports, left to right.
    pub bottom_offsets: Vec<f32>,
    /// Room to keep free left and right of the box for side exits.
    pub left_reserve: f32,
    pub right_reserve: f32,
}

/// What a measured box is remembered by, beside its text: its law clauses,
/// shape, sizes and width of text (the floats by their bits).
/// The four floats are packed in one number, compared at once: a box's
/// variants are scanned on every lookup.
type MeasureKey = (u128, Shape, Rc<str>);

/// A box at one width: its height, and the whole measure once a layout
/// has asked for it (trying narrower widths needs only the height).
struct Remembered {
    h: f32,
    full: Option<Measured>,
}

thread_local! {
    /// Boxes measured per thread: a layout measures every box at its usual
    /// width and at narrower ones, and a card's planning lays the same boxes
    /// out many times over, so each is measured once per width.
    static MEASURED: RefCell<TextMemo<MeasureKey, Remembered>> = RefCell::new(TextMemo::new(4_096));
}

/// The key of a box at `text_width` beside its text (the law size
/// negative when the laws go inline: every size is positive).
fn measure_bits(o: &LayoutOptions, text_width: f32) -> u128 {
    let law_size = if o.laws_inline {
        -o.law_size
    } else {
        o.law_size
    };
    [o.text_size, law_size, o.padding, text_width]
        .into_iter()
        .fold(0, |packed, v| packed << 32 | u128::from(v.to_bits()))
}

/// What is remembered of `spec` at these sizes: its height, and its whole
/// measure if made.
fn recall(spec: &BoxSpec, bits: u128) -> Option<(f32, Option<Measured>)> {
    MEASURED.with(|m| {
        let m = m.borrow();
        // The clauses are nearly always the very string remembered, which
        // `Rc` knows by its address.
        let same = |(b, shape, laws): &MeasureKey| {
            *b == bits && *shape == spec.shape && *laws == spec.laws
        };
        let found = m.get(&spec.text, same)?;
        Some((found.h, found.full.clone()))
    })
}

/// Remembers `spec`'s height at these sizes, and its whole measure if given.
fn remember(spec: &BoxSpec, bits: u128, h: f32, full: Option<Measured>) {
    let key = (bits, spec.shape, Rc::clone(&spec.laws));
    MEASURED.with(|m| {
        m.borrow_mut()
            .put(Rc::clone(&spec.text), key, Remembered { h, full })
    });
}

/// Wrap a box's text and law clauses to `text_width` and size the box
/// around them; remembered, so a box is measured once at each width.
pub(super) fn measure(spec: &BoxSpec, o: &LayoutOptions, text_width: f32) -> Measured {
    let bits = measure_bits(o, text_width);
    if let Some((_, Some(measured))) = recall(spec, bits) {
        return measured;
    }
    let measured = measure_now(spec, o, text_width);
    remember(spec, bits, measured.h, Some(measured.clone()));
    measured
}

/// [`measure`], worked out.
fn measure_now(spec: &BoxSpec, o: &LayoutOptions, text_width: f32) -> Measured {
    let (lines, law_lines) = wrap_box(spec, o, text_width);
    let widest = lines.iter().map(|l| font::measure(l, o.text_size));
    let widest = widest
        .chain(law_lines.iter().map(|l| font::measure(l, o.law_size)))
        .fold(0.0, f32::max);
    let (text_h, h) = heights(spec.shape, lines.len(), law_lines.len(), o);
    let border = border(spec.shape);
    let point_depth = match spec.shape {
        Shape::Question | Shape::Handover => (h * 0.25).clamp(7.0, 14.0),
        Shape::Step | Shape::Ruling => 0.0,
    };
    let ends = if spec.shape == Shape::Question {
        2.0
    } else {
        1.0
    };
    let w = (widest + 2.0 * (o.padding + border) + ends * point_depth).max(MIN_W);
    Measured {
        lines: lines.into(),
        law_lines: law_lines.into(),
        text_h,
        w,
        h,
        point_depth,
    }
}

/// A box's lines of text and of law clauses at `text_width`: the clauses
/// on lines of their own, or, with [`LayoutOptions::laws_inline`], ending
/// the last line of text where that takes no more lines.
fn wrap_box(spec: &BoxSpec, o: &LayoutOptions, text_width: f32) -> (Vec<String>, Vec<String>) {
    let mut lines = font::wrap_balanced(Weight::Regular, &spec.text, o.text_size, text_width);
    let laws = law_text(&spec.laws);
    let law_lines = font::wrap(&laws, o.law_size, text_width);
    if !o.laws_inline || laws.is_empty() || lines.is_empty() {
        return (lines, law_lines);
    }
    // The laws end the last line if it has room, or if the text wrapped
    // that much narrower takes no more lines (then every line has room).
    let room = text_width - font::measure(&format!(" {laws}"), o.text_size);
    let fits = |lines: &[String]| {
        (lines.last()).is_some_and(|l| font::measure(l, o.text_size) <= room + 0.01)
    };
    if !fits(&lines)
        && room > 0.0
        && font::line_count(Weight::Regular, &spec.text, o.text_size, room) == lines.len()
    {
        lines = font::wrap_balanced(Weight::Regular, &spec.text, o.text_size, room);
    }
    if !fits(&lines) {
        return (lines, law_lines);
    }
    if let Some(last) = lines.last_mut() {
        last.push(' ');
        last.push_str(&laws);
    }
    (lines, Vec::new())
}

/// A box of a fixed size with no text (a stacked column, laid out as one).
pub(super) fn blank(w: f32, h: f32) -> Measured {
    Measured {
        lines: Rc::from([]),
        law_lines: Rc::from([]),
        text_h: 0.0,
        w,
        h,
        point_depth: 0.0,
    }
}

/// The width and height of a box with its text wrapped to `text_width`.
pub(super) fn size(spec: &BoxSpec, o: &LayoutOptions, text_width: f32) -> (f32, f32) {
    let m = measure(spec, o, text_width);
    (m.w, m.h)
}

/// A box with its text wrapped to `text_width`, placed at `rect`.
pub(super) fn place(spec: &BoxSpec, o: &LayoutOptions, text_width: f32, rect: Rect) -> PlacedBox {
    Sized::new(measure(spec, o, text_width)).place(spec, rect, o)
}

/// The height of a box's text and of the box, for its number of lines of
/// text and of law clauses.
fn heights(shape: Shape, lines: usize, law_lines: usize, o: &LayoutOptions) -> (f32, f32) {
    let law_h = match law_lines {
        0 => 0.0,
        n => LAW_GAP + n as f32 * o.law_size * LEADING,
    };
    let text_h = lines as f32 * o.text_size * LEADING + law_h;
    (
        text_h,
        (text_h + 2.0 * (o.padding + border(shape))).max(MIN_H),
    )
}

/// Room the outline takes from the text, beyond the padding.
fn border(shape: Shape) -> f32 {
    match shape {
        Shape::Ruling => DOUBLE_BORDER,
        _ => 0.0,
    }
}

/// Narrower widths of box text tried by [`narrowed`], as multiples of
/// [`LayoutOptions::max_text_width`], widest first.
const NARROWER: [f32; 5] = [0.9, 0.8, 0.7, 0.6, 0.5];
/// The least of those for a question, whose text the director reads first
/// and which should not turn into a tall, thin hexagon.
const LEAST_FOR_QUESTION: f32 = 0.8;

/// For each box, the narrowest width of text (down to half the usual, and
/// never narrower than its longest word) at which it is no taller than the
/// tallest box of its row: a box beside a taller one may as well be narrow,
/// and narrow rows make a narrow drawing. `rows` lists each row's boxes;
/// `wide` marks the boxes made wider than their text for their answers,
/// whose text keeps its width; `full_heights` are the boxes' heights at the
/// usual width.
pub(super) fn narrowed(
    specs: &[BoxSpec],
    o: &LayoutOptions,
    rows: &[Vec<usize>],
    wide: &[bool],
    full_heights: &[f32],
) -> Vec<f32> {
    let mut widths = vec![o.max_text_width; specs.len()];
    for row in rows {
        let low = row.iter().map(|&b| full_heights[b]).fold(0.0, f32::max);
        for &b in row.iter().filter(|&&b| !wide[b]) {
            let spec = &specs[b];
            let least = match spec.shape {
                Shape::Question => o.max_text_width * LEAST_FOR_QUESTION,
                _ => 0.0,
            };
            let least = least.max(longest_word(spec, o));
            for factor in NARROWER {
                let width = o.max_text_width * factor;
                if width < least - 0.01 || height_at(spec, o, width) > low + 0.5 {
                    break;
                }
                widths[b] = width;
            }
        }
    }
    widths
}

impl Measured {
    /// Whether a box placed `placed_w` wide is wider than this measure
    /// needs: widened to hold its answers' labels.
    pub(super) fn widened_to(&self, placed_w: f32) -> bool {
        placed_w > self.w + 0.5
    }

    /// The box's height.
    pub(super) fn height(&self) -> f32 {
        self.h
    }
}

/// The width of the longest word of a box's text or law line, which a
/// narrower box would break between letters.
fn longest_word(spec: &BoxSpec, o: &LayoutOptions) -> f32 {
    let words = font::longest_word_em(Weight::Regular, &spec.text) * o.text_size;
    if spec.laws.trim().is_empty() {
        return words;
    }
    let laws = font::longest_word_em(Weight::Regular, &law_text(&spec.laws)) * o.law_size;
    words.max(laws)
}

/// The height of a box with its text wrapped to `width`. Balanced wrapping
/// keeps the greedy number of lines, so the lines are counted greedily,
/// without making them.
pub(super) fn height_at(spec: &BoxSpec, o: &LayoutOptions, width: f32) -> f32 {
    let bits = measure_bits(o, width);
    if let Some((h, _)) = recall(spec, bits) {
        return h;
    }
    if o.laws_inline {
        // Whether the laws end the text depends on the lines made.
        return measure(spec, o, width).h;
    }
    let lines = font::line_count(Weight::Regular, &spec.text, o.text_size, width);
    let law_lines = font::line_count(Weight::Regular, &law_text(&spec.laws), o.law_size, width);
    let h = heights(spec.shape, lines, law_lines, o).1;
    remember(spec, bits, h, None);
    h
}

/// The law line as printed: "Law 54D" or "Laws 54D, 50D2(a)".
fn law_text(laws: &str) -> String {
    let laws = laws.trim();
    match laws {
        "" => String::new(),
        _ if laws.contains([',', ' ']) => format!("Laws {laws}"),
        _ => format!("Law {laws}"),
    }
}

thread_local! {
    /// Labels wrapped and sized per thread, by text, size and width: every
    /// drawing of a chart sizes every label again.
    static LABELS: RefCell<TextMemo<u64, Option<Label>>> = RefCell::new(TextMemo::new(4_096));
}

/// Wrap an answer label; `None` for an unlabelled edge. Remembered.
pub(super) fn label(text: Option<&str>, o: &LayoutOptions) -> Option<Label> {
    let text = text?;
    let key = u64::from(o.label_size.to_bits()) << 32 | u64::from(o.max_label_width.to_bits());
    if let Some(found) = LABELS.with(|m| m.borrow().get(text, |k| *k == key).cloned()) {
        return found;
    }
    let label = label_now(text, o);
    LABELS.with(|m| m.borrow_mut().put(text, key, label.clone()));
    label
}

/// [`label`], worked out.
fn label_now(text: &str, o: &LayoutOptions) -> Option<Label> {
    let lines = font::wrap_balanced(Weight::Bold, text, o.label_size, o.max_label_width);
    if lines.is_empty() {
        return None;
    }
    let widest = lines
        .iter()
        .map(|l| font::measure_in(Weight::Bold, l, o.label_size))
        .fold(0.0, f32::max);
    let h = lines.len() as f32 * o.label_size * LEADING + 2.0 * LABEL_PAD_Y;
    Some(Label {
        text: Rc::from(text),
        lines: lines.into(),
        w: widest + 2.0 * LABEL_PAD_X,
        h,
    })
}

/// Spread each box's bottom ports so their labels stay apart, widen the box
/// to hold them, and note the room its side exits need.
pub(super) fn fit_ports(
    measured: Vec<Measured>,
    chart: &Chart,
    labels: &[Option<Label>],
) -> Vec<Sized> {
    let half = |flow: usize| labels[flow].as_ref().map_or(4.0, |l| l.w / 2.0);
    let reserve = |flow: usize| labels[flow].as_ref().map_or(16.0, |l| l.w + 18.0);
    let mut sized: Vec<Sized> = measured.into_iter().map(Sized::new).collect();
    for (v, s) in sized.iter_mut().enumerate() {
        let ports = &chart.bottom[v];
        s.bottom_offsets = spread(ports, half);
        let reach = ports
            .iter()
            .zip(&s.bottom_offsets)
            .map(|(f, x)| x.abs() + half(*f))
            .fold(0.0, f32::max);
        s.w = s.w.max(2.0 * (reach + 4.0 + s.m.point_depth));
    }
    for (flow, f) in chart.flows.iter().enumerate() {
        let s = &mut sized[f.upper];
        match f.port {
            Port::Left => s.left_reserve = s.left_reserve.max(reserve(flow)),
            Port::Right => s.right_reserve = s.right_reserve.max(reserve(flow)),
            Port::Loop => s.right_reserve = s.right_reserve.max(half(flow) + 20.0),
            Port::Bottom(_) => {}
        }
    }
    sized
}

/// Offsets of bottom ports from the box's centre, packed so neighbouring
/// labels keep `PORT_GAP` apart, the row of them centred under the box (so
/// a main line at one end of the row does not make the box twice as wide as
/// its labels; it still leaves straight down, from its own port).
fn spread(ports: &[usize], half: impl Fn(usize) -> f32) -> Vec<f32> {
    let mut offsets = vec![0.0; ports.len()];
    for k in 1..ports.len() {
        offsets[k] = offsets[k - 1] + half(ports[k - 1]) + half(ports[k]) + PORT_GAP;
    }
    if let (Some(&first), Some(&last), Some(&end)) = (ports.first(), ports.last(), offsets.last()) {
        let shift = (end + half(last) - half(first)) / 2.0;
        offsets.iter_mut().for_each(|x| *x -= shift);
    }
    offsets
}

impl Sized {
    fn new(m: Measured) -> Sized {
        Sized {
            w: m.w,
            h: m.h,
            m,
            bottom_offsets: Vec::new(),
            left_reserve: 0.0,
            right_reserve: 0.0,
        }
    }

    /// How far the shape's points reach in from the bounding box.
    pub fn point_depth(&self) -> f32 {
        self.m.point_depth
    }

    /// The box at `rect`, with its text lines placed.
    pub fn place(self, spec: &BoxSpec, rect: Rect, o: &LayoutOptions) -> PlacedBox {
        let depth = self.m.point_depth;
        if super::sizing() {
            return PlacedBox {
                id: String::new(),
                shape: spec.shape,
                rect,
                point_depth: depth,
                text: String::new(),
                lines: Vec::new(),
                laws: String::new(),
                law_lines: Vec::new(),
            };
        }
        let cx = if spec.shape == Shape::Handover {
            rect.x + (rect.w - depth) / 2.0
        } else {
            rect.cx()
        };
        let mut top = rect.cy() - self.m.text_h / 2.0;
        let lines = place_lines(&self.m.lines, cx, &mut top, o.text_size);
        top += LAW_GAP;
        let law_lines = place_lines(&self.m.law_lines, cx, &mut top, o.law_size);
        PlacedBox {
            id: spec.id.clone(),
            shape: spec.shape,
            rect,
            point_depth: depth,
            text: spec.text.to_string(),
            lines,
            laws: spec.laws.to_string(),
            law_lines,
        }
    }
}

/// Lines centred on `cx`, the first starting at `top` (moved past the last).
pub(super) fn place_lines(lines: &[String], cx: f32, top: &mut f32, size: f32) -> Vec<TextLine> {
    let step = size * LEADING;
    let placed = lines
        .iter()
        .enumerate()
        .map(|(i, text)| TextLine {
            text: text.clone(),
            x: cx,
            baseline: *top + (i as f32 + 0.5) * step + BASELINE_DROP * size,
        })
        .collect();
    *top += lines.len() as f32 * step;
    placed
}

/// Vertical padding of a label's background box.
pub(super) fn label_pad_y() -> f32 {
    LABEL_PAD_Y
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(shape: Shape, text: &str, laws: &str) -> BoxSpec {
        BoxSpec {
            id: "a".into(),
            shape,
            text: text.into(),
            laws: laws.into(),
        }
    }

    #[test]
    fn a_box_grows_with_its_text_but_not_past_the_line_width() {
        let o = LayoutOptions::default();
        let short = measure(&spec(Shape::Step, "Go on", ""), &o, o.max_text_width);
        let long = measure(
            &spec(Shape::Step, &"word ".repeat(60), ""),
            &o,
            o.max_text_width,
        );
        assert_eq!(short.w, MIN_W);
        assert!(long.h > short.h);
        assert!(long.w <= o.max_text_width + 2.0 * o.padding + 0.01);
    }

    #[test]
    fn law_clauses_get_their_own_small_line() {
        let o = LayoutOptions::default();
        let m = measure(
            &spec(Shape::Ruling, "Accept the lead", "54D, 50D2(a)"),
            &o,
            o.max_text_width,
        );
        assert_eq!(*m.law_lines, ["Laws 54D, 50D2(a)".to_string()]);
        assert_eq!(law_text("54"), "Law 54");
    }

    #[test]
    fn bottom_ports_spread_so_labels_do_not_touch() {
        let offsets = spread(&[0, 1, 2], |_| 10.0);
        assert_eq!(offsets, vec![-28.0, 0.0, 28.0]);
    }

    #[test]
    fn a_row_of_bottom_ports_is_centred_under_its_box() {
        assert_eq!(spread(&[0, 1], |_| 10.0), vec![-14.0, 14.0]);
        assert_eq!(spread(&[0, 1], |k| [10.0, 20.0][k]), vec![-24.0, 14.0]);
    }

    #[test]
    fn a_box_beside_a_taller_one_narrows_but_never_below_its_longest_word() {
        let o = LayoutOptions::default();
        let word = "director-called-triage-table";
        let specs = [
            spec(Shape::Step, &"word ".repeat(40), ""),
            spec(Shape::Step, "Accept the lead and play on", ""),
            spec(Shape::Step, word, ""),
        ];
        let heights: Vec<f32> = (specs.iter())
            .map(|s| height_at(s, &o, o.max_text_width))
            .collect();
        let widths = narrowed(&specs, &o, &[vec![0, 1, 2]], &[false; 3], &heights);
        assert_eq!(widths[0], o.max_text_width);
        assert_eq!(widths[1], o.max_text_width * 0.5);
        assert!(widths[2] >= font::measure(word, o.text_size), "{widths:?}");
        assert!(widths[2] < o.max_text_width, "{widths:?}");
    }

    #[test]
    fn an_empty_label_is_no_label() {
        assert!(label(Some("  "), &LayoutOptions::default()).is_none());
    }
}
