//! The printed page: paper sizes, the least text size allowed on each, the
//! type sizes of a card, and where the header, the chart and the footer go.
//! All in points (1/72 inch) as printed.

use clap::ValueEnum;

use crate::font::{self, Weight};
use crate::layout::LayoutOptions;

/// One millimetre in points.
pub const MM: f32 = 72.0 / 25.4;
/// White space kept around every page: a laminator's seal takes 3 to 5 mm.
pub const MARGIN: f32 = 12.0 * MM;
/// The side of the QR code (scannable from across a table at ~0.6 mm a module).
pub const QR_SIDE: f32 = 20.0 * MM;
/// Line height as a multiple of the text size.
pub const LEADING: f32 = 1.3;
/// Space between the header, the chart and the footer.
pub const GAP: f32 = 8.0;

/// A paper size of `lawcharts render --format pdf --paper`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Paper {
    /// 210 × 297 mm; text at least 9 pt.
    #[default]
    A4,
    /// 148 × 210 mm; text at least 8 pt.
    A5,
    /// US Letter, 8.5 × 11 in; text at least 9 pt.
    Letter,
}

impl Paper {
    /// Width and height upright, in points.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::A5 => (419.53, 595.28),
            Paper::Letter => (612.0, 792.0),
        }
    }

    /// The smallest text allowed on a card of this paper, read across a table.
    pub fn min_text(self) -> f32 {
        match self {
            Paper::A4 | Paper::Letter => 9.0,
            Paper::A5 => 8.0,
        }
    }

    /// The name as people write it.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::A5 => "A5",
            Paper::Letter => "Letter",
        }
    }

    /// The type sizes of a card on this paper.
    pub fn sizes(self) -> Sizes {
        let min = self.min_text();
        Sizes {
            min,
            title: min + 7.0,
            heading: min + 1.0,
            footer: min,
        }
    }

    /// How the chart is laid out on a card of this paper, at printed size:
    /// box text, answer labels (bold) and law clauses all at the least
    /// size, boxes a little closer than on screen.
    pub fn chart_options(self) -> LayoutOptions {
        let min = self.min_text();
        let text = min;
        let base = LayoutOptions::default();
        LayoutOptions {
            text_size: text,
            law_size: min,
            label_size: min,
            max_text_width: base.max_text_width * text / base.text_size,
            max_label_width: base.max_label_width * text / base.text_size,
            margin: 2.0,
            node_gap: 10.0,
            ..base
        }
    }
}

/// Which way up the page is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Orientation {
    /// Taller than wide.
    Portrait,
    /// Wider than tall.
    Landscape,
}

impl Orientation {
    /// The word for it.
    pub fn name(self) -> &'static str {
        match self {
            Orientation::Portrait => "portrait",
            Orientation::Landscape => "landscape",
        }
    }
}

/// Type sizes on a card, in points as printed.
#[derive(Clone, Copy, Debug)]
pub struct Sizes {
    /// The least size of any text.
    pub min: f32,
    /// The chart's title.
    pub title: f32,
    /// The laws under the title.
    pub heading: f32,
    /// The footer.
    pub footer: f32,
}

/// What the header says: the title and the laws with their titles.
#[derive(Clone, Debug)]
pub struct Heading {
    /// The chart's title.
    pub title: String,
    /// One entry per law, e.g. `Law 54 Opening Lead Out of Turn`.
    pub laws: Vec<String>,
}

/// A rectangle on the page, from its top-left corner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Area {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

/// Where everything goes on one page of a card.
#[derive(Clone, Debug)]
pub struct Frame {
    /// The paper.
    pub paper: Paper,
    /// Which way up.
    pub orientation: Orientation,
    /// Page width.
    pub width: f32,
    /// Page height.
    pub height: f32,
    /// The title, wrapped.
    pub title_lines: Vec<String>,
    /// The laws, wrapped.
    pub law_lines: Vec<String>,
    /// Where the chart is drawn.
    pub chart: Area,
    /// Where the footer is drawn (the QR code at its right).
    pub footer: Area,
    /// The type sizes.
    pub sizes: Sizes,
}

/// Laws in the header are joined by this.
const LAW_SEPARATOR: &str = "  ·  ";

impl Frame {
    /// The frame of a card page for `heading`.
    pub fn new(paper: Paper, orientation: Orientation, heading: &Heading) -> Frame {
        let (short, long) = paper.size();
        let (width, height) = match orientation {
            Orientation::Portrait => (short, long),
            Orientation::Landscape => (long, short),
        };
        let sizes = paper.sizes();
        let inner = width - 2.0 * MARGIN;
        let title_lines = font::wrap_in(Weight::Bold, &heading.title, sizes.title, inner);
        let law_lines = wrap_joined(&heading.laws, sizes.heading, inner);
        let header_h = title_lines.len() as f32 * sizes.title * LEADING
            + law_lines.len() as f32 * sizes.heading * LEADING;
        let footer_h = QR_SIDE.max(3.0 * sizes.footer * LEADING);
        let chart_top = MARGIN + header_h + GAP;
        let footer_top = height - MARGIN - footer_h;
        Frame {
            paper,
            orientation,
            width,
            height,
            title_lines,
            law_lines,
            chart: Area {
                x: MARGIN,
                y: chart_top,
                w: inner,
                h: footer_top - GAP - chart_top,
            },
            footer: Area {
                x: MARGIN,
                y: footer_top,
                w: inner,
                h: footer_h,
            },
            sizes,
        }
    }
}

/// Items joined by a separator and wrapped, never breaking inside an item
/// unless it is longer than a line.
fn wrap_joined(items: &[String], size: f32, width: f32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for item in items {
        let joined = match lines.last() {
            Some(last) => format!("{last}{LAW_SEPARATOR}{item}"),
            None => item.clone(),
        };
        if !lines.is_empty() && font::measure(&joined, size) <= width {
            *lines.last_mut().expect("not empty") = joined;
        } else {
            lines.extend(font::wrap(item, size, width));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heading() -> Heading {
        Heading {
            title: "Faced opening lead out of turn".into(),
            laws: vec![
                "Law 54 Opening Lead Out of Turn".into(),
                "Law 50 Disposition of a Penalty Card".into(),
            ],
        }
    }

    #[test]
    fn the_chart_area_keeps_the_margins_and_leaves_room_for_header_and_footer() {
        let frame = Frame::new(Paper::A4, Orientation::Portrait, &heading());
        const { assert!(MARGIN >= 10.0 * MM) };
        assert_eq!(frame.chart.x, MARGIN);
        assert!((frame.chart.w - (595.28 - 2.0 * MARGIN)).abs() < 0.01);
        assert!(frame.chart.y > MARGIN + 16.0);
        assert!(frame.footer.y + frame.footer.h <= frame.height - MARGIN + 0.01);
        assert!(frame.chart.y + frame.chart.h < frame.footer.y);
    }

    #[test]
    fn landscape_swaps_the_sides() {
        let frame = Frame::new(Paper::A5, Orientation::Landscape, &heading());
        assert_eq!((frame.width, frame.height), (595.28, 419.53));
    }

    #[test]
    fn laws_share_a_line_while_they_fit() {
        let frame = Frame::new(Paper::A4, Orientation::Landscape, &heading());
        assert_eq!(frame.law_lines.len(), 1);
        assert!(frame.law_lines[0].contains("  ·  Law 50"));
    }

    #[test]
    fn no_text_on_a_card_is_below_the_least_size() {
        for paper in [Paper::A4, Paper::A5, Paper::Letter] {
            let o = paper.chart_options();
            let s = paper.sizes();
            let smallest = [o.text_size, o.law_size, o.label_size, s.heading, s.footer]
                .into_iter()
                .fold(f32::MAX, f32::min);
            assert_eq!(smallest, paper.min_text(), "{paper:?}");
        }
    }
}
