//! The footer of a card page: one line with the edition, the charts' date
//! and club, a legend of the shapes (drawn small), and which side of the
//! sheet this is. A line too long for the paper is shortened step by step:
//! shorter words first, then the club, then the legend.

use super::Footing;
use super::draw::{Strokes, outline};
use super::ink::Canvas;
use super::page::Area;
use crate::font::{self, Weight};
use crate::layout::{Rect, Shape};

/// A piece of the footer's line.
#[derive(Clone, Debug, PartialEq)]
pub enum Piece {
    /// Plain text.
    Text(String),
    /// A shape of the legend, drawn small.
    Icon(Shape),
}

/// The footer's line: pieces set from the left, and which side of the
/// sheet it is set at the right.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// From the left.
    pub left: Vec<Piece>,
    /// At the right.
    pub right: String,
}

/// The legend's shapes and their words.
const LEGEND: [(Shape, &str); 4] = [
    (Shape::Question, "question"),
    (Shape::Step, "step"),
    (Shape::Ruling, "ruling"),
    (Shape::Handover, "other chart"),
];
/// Between two items of the line.
const SEPARATOR: &str = "  ·  ";
/// An icon's width and the space after it, as multiples of the text size.
const ICON_W: f32 = 1.5;
const ICON_GAP: f32 = 0.35;
/// Least space between the left pieces and the side.
const RIGHT_GAP: f32 = 12.0;

/// What a footer may leave out, in the order it does.
#[derive(Clone, Copy)]
struct Terse {
    short_date: bool,
    short_side: bool,
    club: bool,
    legend: bool,
}

/// The footer of side `side` (from 1) of `sides`, on one line of `width`
/// at `size`; `notice`, if any, replaces the legend (a card that prints
/// text below the least size says so there).
pub fn line(
    footing: &Footing,
    (side, sides): (usize, usize),
    notice: Option<&str>,
    size: f32,
    width: f32,
) -> Line {
    let steps = [
        (false, false, true, true),
        (true, false, true, true),
        (true, true, true, true),
        (true, true, false, true),
        (true, true, false, false),
    ];
    let mut last = None;
    for (short_date, short_side, club, legend) in steps {
        let terse = Terse {
            short_date,
            short_side,
            club,
            legend,
        };
        let line = compose(footing, (side, sides), notice, terse);
        if fits(&line, size, width) {
            return line;
        }
        last = Some(line);
    }
    // Even the shortest is too long: its left part is cut short.
    let mut line = last.expect("at least one step");
    let room = width - font::measure(&line.right, size) - RIGHT_GAP;
    let text: String = (line.left.iter())
        .filter_map(|p| match p {
            Piece::Text(t) => Some(t.as_str()),
            Piece::Icon(_) => None,
        })
        .collect();
    line.left = vec![Piece::Text(super::page::ellipsis(
        &text,
        Weight::Regular,
        size,
        room,
    ))];
    line
}

fn compose(
    footing: &Footing,
    (side, sides): (usize, usize),
    notice: Option<&str>,
    terse: Terse,
) -> Line {
    let mut first = footing.edition.clone();
    if let Some(date) = &footing.date {
        let date = if terse.short_date {
            date.clone()
        } else {
            format!("charts of {date}")
        };
        first.push_str(&format!("{SEPARATOR}{date}"));
    }
    if let Some(club) = footing.club.as_ref().filter(|_| terse.club) {
        first.push_str(&format!("{SEPARATOR}{club}"));
    }
    let mut left = vec![Piece::Text(first)];
    match notice {
        Some(notice) => left.push(Piece::Text(format!("{SEPARATOR}{notice}"))),
        None if terse.legend => {
            left.push(Piece::Text(SEPARATOR.into()));
            for (k, (shape, word)) in LEGEND.iter().enumerate() {
                left.push(Piece::Icon(*shape));
                let space = if k + 1 < LEGEND.len() { "  " } else { "" };
                left.push(Piece::Text(format!("{word}{space}")));
            }
        }
        None => {}
    }
    Line {
        left,
        right: side_text(side, sides, terse.short_side),
    }
}

/// Which side of the sheet this is: `Front · back overleaf` and the like.
pub fn side_text(side: usize, sides: usize, short: bool) -> String {
    match (sides, side, short) {
        (0 | 1, _, _) => String::new(),
        (2, 1, false) => "Front · back overleaf".into(),
        (2, 1, true) => "Front".into(),
        (2, _, false) => "Back · front overleaf".into(),
        (2, _, true) => "Back".into(),
        (_, s, _) => format!("Side {s} of {sides}"),
    }
}

/// The width of the left pieces at `size`.
fn left_width(pieces: &[Piece], size: f32) -> f32 {
    pieces
        .iter()
        .map(|p| match p {
            Piece::Text(t) => font::measure(t, size),
            Piece::Icon(_) => (ICON_W + ICON_GAP) * size,
        })
        .sum()
}

fn fits(line: &Line, size: f32, width: f32) -> bool {
    let right = font::measure(&line.right, size);
    let gap = if line.right.is_empty() {
        0.0
    } else {
        RIGHT_GAP
    };
    left_width(&line.left, size) + gap + right <= width
}

/// Draws the footer's line in `area` at `size`.
pub fn draw(canvas: &mut Canvas, line: &Line, area: Area, size: f32) {
    let baseline = area.y + size;
    let mut x = area.x;
    for piece in &line.left {
        match piece {
            Piece::Text(t) => {
                canvas.text(Weight::Regular, size, x, baseline, t);
                x += font::measure(t, size);
            }
            Piece::Icon(shape) => {
                icon(canvas, *shape, x, baseline, size);
                x += (ICON_W + ICON_GAP) * size;
            }
        }
    }
    let w = font::measure(&line.right, size);
    canvas.text(
        Weight::Regular,
        size,
        area.x + area.w - w,
        baseline,
        &line.right,
    );
}

/// The legend's shapes: thinner lines than the chart's, as they are small.
const ICON_STROKES: Strokes = Strokes {
    step: 0.6,
    ruling: (0.8, 1.5, 0.5),
    question: 1.0,
    handover: 0.8,
};

/// A shape of the legend, as tall as a capital letter, on the baseline.
fn icon(canvas: &mut Canvas, shape: Shape, x: f32, baseline: f32, size: f32) {
    let (w, h) = (ICON_W * size, 0.8 * size);
    let r = Rect {
        x,
        y: baseline - h,
        w,
        h,
    };
    outline(canvas, shape, r, 0.25 * h, None, &ICON_STROKES);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn footing(club: Option<&str>) -> Footing {
        Footing {
            edition: "2017 Laws of Duplicate Bridge".into(),
            date: Some("2026-11-25".into()),
            club: club.map(str::to_string),
            url: None,
        }
    }

    fn text(line: &Line) -> String {
        let mut out = String::new();
        for p in &line.left {
            if let Piece::Text(t) = p {
                out.push_str(t);
            }
        }
        format!("{out} | {}", line.right)
    }

    #[test]
    fn an_a4_footer_has_everything_on_one_line() {
        let width = 595.28 - 2.0 * super::super::page::MARGIN;
        let line = line(&footing(Some("Club")), (1, 2), None, 9.0, width);
        assert!(fits(&line, 9.0, width));
        let t = text(&line);
        assert!(t.contains("2017 Laws of Duplicate Bridge"), "{t}");
        assert!(t.contains("2026-11-25"), "{t}");
        assert!(t.contains("question"), "{t}");
        assert!(
            t.ends_with("| Front · back overleaf") || t.ends_with("| Front"),
            "{t}"
        );
        let icons = line
            .left
            .iter()
            .filter(|p| matches!(p, Piece::Icon(_)))
            .count();
        assert_eq!(icons, 4);
    }

    #[test]
    fn a_narrow_footer_drops_the_legend_before_the_edition_or_the_side() {
        let line = line(
            &footing(Some("A club with a long name")),
            (2, 2),
            None,
            8.0,
            260.0,
        );
        assert!(fits(&line, 8.0, 260.0));
        let t = text(&line);
        assert!(t.contains("2017 Laws of Duplicate Bridge"), "{t}");
        assert!(t.ends_with("| Back"), "{t}");
        assert!(!line.left.iter().any(|p| matches!(p, Piece::Icon(_))));
    }

    #[test]
    fn a_notice_takes_the_legends_place() {
        let notice = "Some text is smaller than 9 pt";
        let line = line(&footing(None), (1, 1), Some(notice), 9.0, 538.0);
        assert!(text(&line).contains(notice));
        assert!(!line.left.iter().any(|p| matches!(p, Piece::Icon(_))));
        assert_eq!(line.right, "");
    }
}
