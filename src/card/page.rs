//! The printed page: paper sizes, the least text size allowed on each, the
//! type sizes of a card, and where the header (at most two lines), the
//! chart and the footer (one line, and the QR code in the corner when the
//! card links to the club site) go. All in points (1/72 inch) as printed.

use clap::ValueEnum;

use crate::font::{self, Weight};
use crate::layout::LayoutOptions;

/// One millimetre in points.
pub const MM: f32 = 72.0 / 25.4;
/// White space kept around every page: a laminator's seal takes 3 to 5 mm.
pub const MARGIN: f32 = 10.0 * MM;
/// The side of the QR code (scannable from across a table at ~0.6 mm a module).
pub const QR_SIDE: f32 = 20.0 * MM;
/// Line height of the header and the footer, as a multiple of the text size.
pub const LEADING: f32 = 1.25;
/// Space between the header, the chart and the footer (a rule runs in
/// the middle of each), and between the footer and the QR code.
pub const GAP: f32 = 6.0;
/// How much larger than the least size a title is set, at most.
const TITLE_OVER: f32 = 5.0;

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
            title: min + TITLE_OVER,
            heading: min,
            footer: min,
        }
    }

    /// How the chart is laid out on a card of this paper, at printed size:
    /// box text, answer labels (bold) and law clauses all at the least
    /// size; boxes, ranks and labels closer than on screen, as paper read
    /// at arm's length needs less air than a screen.
    pub fn chart_options(self) -> LayoutOptions {
        let min = self.min_text();
        let base = LayoutOptions::default();
        LayoutOptions {
            text_size: min,
            law_size: min,
            label_size: min,
            max_text_width: base.max_text_width * min / base.text_size,
            max_label_width: base.max_label_width * min / base.text_size,
            padding: 4.0,
            node_gap: 8.0,
            rank_gap: 12.0,
            margin: 1.0,
            track_gap: 4.0,
            label_margin: 2.0,
            laws_inline: true,
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
    /// The chart's title, at most (a long title is set smaller, never
    /// below the least size).
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
    /// The chart's laws in order, each its number and its title (e.g.
    /// `54`, `Opening Lead Out of Turn`).
    pub laws: Vec<(u8, String)>,
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
    /// The title: one line, or two when it is too long for one even at
    /// the least size (then there is no line of laws).
    pub title_lines: Vec<String>,
    /// The size the title is set at.
    pub title_size: f32,
    /// The laws, on one line: with their titles while they fit, else
    /// their numbers.
    pub law_line: Option<String>,
    /// Where the chart is drawn.
    pub chart: Area,
    /// The corner of the chart area the QR code rises into, which the
    /// drawing keeps clear of; `None` without a QR code.
    pub notch: Option<Area>,
    /// Where the footer's one line is drawn.
    pub footer: Area,
    /// Where the QR code is drawn, if the card has one.
    pub qr: Option<Area>,
    /// The type sizes.
    pub sizes: Sizes,
}

/// Laws in the header are joined by this.
const LAW_SEPARATOR: &str = "  ·  ";

impl Frame {
    /// The frame of a card page for `heading`, with a QR code in the
    /// bottom right corner if `qr`.
    pub fn new(paper: Paper, orientation: Orientation, heading: &Heading, qr: bool) -> Frame {
        let (short, long) = paper.size();
        let (width, height) = match orientation {
            Orientation::Portrait => (short, long),
            Orientation::Landscape => (long, short),
        };
        let sizes = paper.sizes();
        let inner = width - 2.0 * MARGIN;
        let (title_size, title_lines) = title_lines(&heading.title, &sizes, inner);
        let law_line = (title_lines.len() == 1)
            .then(|| law_line(&heading.laws, sizes.heading, inner))
            .flatten();
        let header_h = title_lines.len() as f32 * title_size * LEADING
            + law_line.iter().count() as f32 * sizes.heading * LEADING;
        let footer_h = sizes.footer * LEADING;
        let chart_top = MARGIN + header_h + GAP;
        let footer_top = height - MARGIN - footer_h;
        let chart = Area {
            x: MARGIN,
            y: chart_top,
            w: inner,
            h: footer_top - GAP - chart_top,
        };
        let qr = qr.then_some(Area {
            x: width - MARGIN - QR_SIDE,
            y: height - MARGIN - QR_SIDE,
            w: QR_SIDE,
            h: QR_SIDE,
        });
        // The QR code rises above the footer into the chart area's corner.
        let notch = qr.map(|q| Area {
            x: q.x - GAP,
            y: q.y - GAP,
            w: q.w + GAP,
            h: chart.y + chart.h - (q.y - GAP),
        });
        let footer = Area {
            x: MARGIN,
            y: footer_top,
            w: inner - qr.map_or(0.0, |q| q.w + GAP),
            h: footer_h,
        };
        Frame {
            paper,
            orientation,
            width,
            height,
            title_lines,
            title_size,
            law_line,
            chart,
            notch,
            footer,
            qr,
            sizes,
        }
    }

    /// The most a drawing `w` by `h` may be scaled by and still fit the
    /// chart area clear of the QR code's corner: beside it or above it.
    pub fn scale_for(&self, w: f32, h: f32) -> f32 {
        let (w, h) = (w.max(1.0), h.max(1.0));
        let area = self.chart;
        let whole = (area.w / w).min(area.h / h);
        match self.notch {
            None => whole,
            Some(n) => {
                let above = (area.w / w).min((area.h - n.h) / h);
                let beside = ((area.w - n.w) / w).min(area.h / h);
                above.max(beside).min(whole)
            }
        }
    }

    /// Where a drawing `w` by `h` (as printed) goes: at the top of the
    /// chart area, centred across it, or moved left to clear the QR code.
    pub fn place(&self, w: f32, h: f32) -> (f32, f32) {
        let area = self.chart;
        let mut x = area.x + (area.w - w) / 2.0;
        if let Some(n) = self.notch
            && area.y + h > n.y + 0.01
        {
            x = x.min(n.x - w).max(area.x);
        }
        (x, area.y)
    }
}

/// The title's size and lines: one line at the largest size from the
/// title size down to the least that it fits, else two lines at the least
/// size plus one.
fn title_lines(title: &str, sizes: &Sizes, width: f32) -> (f32, Vec<String>) {
    let mut size = sizes.title;
    while size >= sizes.min {
        if font::measure_in(Weight::Bold, title, size) <= width {
            return (size, vec![title.to_string()]);
        }
        size -= 0.5;
    }
    let size = sizes.min + 1.0;
    let mut lines = font::wrap_in(Weight::Bold, title, size, width);
    if lines.len() > 2 {
        let rest = lines.split_off(1).join(" ");
        lines.push(ellipsis(&rest, Weight::Bold, size, width));
    }
    (size, lines)
}

/// The laws on one line of `width`: as many with their titles as fit, the
/// rest by number; or all by number, cut short if even that is too long.
fn law_line(laws: &[(u8, String)], size: f32, width: f32) -> Option<String> {
    if laws.is_empty() {
        return None;
    }
    let fits = |line: &String| font::measure(line, size) <= width;
    for titled in (1..=laws.len()).rev() {
        let mut items: Vec<String> = laws[..titled]
            .iter()
            .map(|(n, t)| format!("Law {n} {t}").trim_end().to_string())
            .collect();
        if titled < laws.len() {
            let rest: Vec<String> = laws[titled..].iter().map(|(n, _)| n.to_string()).collect();
            items.push(format!(
                "also Law{} {}",
                plural(rest.len()),
                rest.join(", ")
            ));
        }
        let line = items.join(LAW_SEPARATOR);
        if fits(&line) {
            return Some(line);
        }
    }
    let numbers: Vec<String> = laws.iter().map(|(n, _)| n.to_string()).collect();
    let line = format!("Law{} {}", plural(laws.len()), numbers.join(", "));
    Some(ellipsis(&line, Weight::Regular, size, width))
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `text` cut to fit `width`, ending in `…` if it was cut.
pub fn ellipsis(text: &str, weight: Weight, size: f32, width: f32) -> String {
    if font::measure_in(weight, text, size) <= width {
        return text.to_string();
    }
    let mut cut = text.to_string();
    while !cut.is_empty() && font::measure_in(weight, &format!("{cut}…"), size) > width {
        cut.pop();
    }
    format!("{}…", cut.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heading() -> Heading {
        Heading {
            title: "Faced opening lead out of turn".into(),
            laws: vec![
                (54, "Opening Lead Out of Turn".into()),
                (50, "Disposition of a Penalty Card".into()),
            ],
        }
    }

    #[test]
    fn the_chart_area_keeps_the_margins_and_leaves_room_for_header_and_footer() {
        let frame = Frame::new(Paper::A4, Orientation::Portrait, &heading(), false);
        const { assert!(MARGIN >= 10.0 * MM) };
        assert_eq!(frame.chart.x, MARGIN);
        assert!((frame.chart.w - (595.28 - 2.0 * MARGIN)).abs() < 0.01);
        assert!(frame.chart.y > MARGIN + 16.0);
        assert!(frame.footer.y + frame.footer.h <= frame.height - MARGIN + 0.01);
        assert!(frame.chart.y + frame.chart.h < frame.footer.y);
    }

    #[test]
    fn header_and_footer_take_at_most_three_lines_and_the_chart_the_rest() {
        for paper in [Paper::A4, Paper::A5, Paper::Letter] {
            let frame = Frame::new(paper, Orientation::Portrait, &heading(), false);
            let lines = frame.title_lines.len() + usize::from(frame.law_line.is_some());
            assert_eq!(lines, 2, "{paper:?}");
            let s = frame.sizes;
            let text = (s.title + s.heading + s.footer) * LEADING;
            let spent = frame.height - frame.chart.h - 2.0 * MARGIN;
            assert!(spent <= text + 2.0 * GAP + 0.01, "{paper:?}: {spent}");
            // On A4 the chart gets over 85% of the page's height.
            if paper == Paper::A4 {
                assert!(frame.chart.h > 0.85 * frame.height, "{}", frame.chart.h);
            }
        }
    }

    #[test]
    fn the_qr_code_takes_a_corner_not_a_band() {
        let plain = Frame::new(Paper::A4, Orientation::Portrait, &heading(), false);
        let frame = Frame::new(Paper::A4, Orientation::Portrait, &heading(), true);
        assert_eq!(frame.chart, plain.chart);
        let (w, h) = (frame.chart.w, frame.chart.h);
        // Full width fits only above the code; full height only beside it.
        assert!(frame.scale_for(w, h) < 1.0);
        assert!(frame.scale_for(w, h - QR_SIDE) >= 1.0);
        assert!(frame.scale_for(w - QR_SIDE - GAP, h) >= 1.0);
        let (x, _) = frame.place(w - QR_SIDE - GAP, h);
        let notch = frame.notch.expect("a QR code");
        assert!(x + w - QR_SIDE - GAP <= notch.x + 0.01);
    }

    #[test]
    fn landscape_swaps_the_sides() {
        let frame = Frame::new(Paper::A5, Orientation::Landscape, &heading(), false);
        assert_eq!((frame.width, frame.height), (595.28, 419.53));
    }

    #[test]
    fn laws_share_one_line_with_their_titles_while_they_fit() {
        let frame = Frame::new(Paper::A4, Orientation::Landscape, &heading(), false);
        let line = frame.law_line.expect("laws");
        assert!(
            line.contains("Law 54 Opening Lead Out of Turn  ·  Law 50"),
            "{line}"
        );
    }

    #[test]
    fn many_laws_keep_one_line_by_number() {
        let laws: Vec<(u8, String)> = (40..48)
            .map(|n| (n, format!("The title of law number {n}")))
            .collect();
        let line = law_line(&laws, 9.0, 400.0).expect("laws");
        assert!(font::measure(&line, 9.0) <= 400.0);
        assert!(
            line.starts_with("Law 40 The title of law number 40"),
            "{line}"
        );
        assert!(line.contains("also Laws 4"), "{line}");
    }

    #[test]
    fn a_long_title_is_set_smaller_then_wrapped_never_below_the_least_size() {
        let mut h = heading();
        h.title =
            "Inadmissible call (barred player called, bid above seven, call after the final pass)"
                .into();
        let a4 = Frame::new(Paper::A4, Orientation::Portrait, &h, false);
        assert_eq!(a4.title_lines.len(), 1);
        assert!(a4.title_size < a4.sizes.title && a4.title_size >= 9.0);
        let a5 = Frame::new(Paper::A5, Orientation::Portrait, &h, false);
        assert_eq!(a5.title_lines.len(), 2);
        assert!(a5.law_line.is_none(), "two lines of header at most");
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
