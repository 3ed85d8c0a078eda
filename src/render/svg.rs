//! Layout → SVG through the `templates/chart.svg` askama template. The view
//! structs below carry every number already formatted (fixed decimals), and
//! every chart text goes through askama's XML escaping, so the output is
//! byte-for-byte the same on every machine and no text can inject markup.

use askama::Template;

use crate::font;
use crate::layout::{Layout, PlacedBox, Point, Rect, RoutedEdge, Shape, TextLine};

/// Fonts named after DejaVu Sans, for viewers that lack it.
const FONT_FALLBACKS: &str = "'Bitstream Vera Sans', Verdana, Arial, sans-serif";

#[derive(Template)]
#[template(path = "chart.svg")]
struct ChartSvg {
    title: String,
    description: String,
    width: String,
    height: String,
    font_family: String,
    text_size: String,
    law_size: String,
    label_size: String,
    edges: Vec<EdgeView>,
    nodes: Vec<NodeView>,
}

struct EdgeView {
    aria: String,
    d: String,
    label: Option<LabelView>,
}

struct LabelView {
    x: String,
    y: String,
    w: String,
    h: String,
    lines: Vec<LineView>,
}

struct NodeView {
    id: String,
    kind: &'static str,
    aria: String,
    x: String,
    y: String,
    w: String,
    h: String,
    rect_fill: &'static str,
    rect_stroke: &'static str,
    rect_stroke_width: &'static str,
    outline: Option<String>,
    outline_width: &'static str,
    inner: Option<RectView>,
    lines: Vec<LineView>,
    law_lines: Vec<LineView>,
}

struct RectView {
    x: String,
    y: String,
    w: String,
    h: String,
}

struct LineView {
    x: String,
    y: String,
    text: String,
}

/// Draw a laid-out chart as a standalone SVG document titled `title`.
pub fn render_svg(layout: &Layout, title: &str) -> String {
    let o = &layout.options;
    let view = ChartSvg {
        title: xml_text(title),
        description: description(layout),
        width: num(layout.width),
        height: num(layout.height),
        font_family: format!("'{}', {FONT_FALLBACKS}", font::FAMILY),
        text_size: num(o.text_size),
        law_size: num(o.law_size),
        label_size: num(o.label_size),
        edges: layout.edges.iter().map(|e| edge_view(e, layout)).collect(),
        nodes: layout.boxes.iter().map(node_view).collect(),
    };
    view.render().expect("rendering to a String cannot fail")
}

/// A number with two fixed decimals, never `-0.00`: as `{:.2}` writes it
/// (rounding the exact value half to even), without the formatter's cost.
/// A float times 100 is exact as an `f64`, so rounding that to whole
/// hundredths rounds the exact value.
fn num(value: f32) -> String {
    let hundredths = (f64::from(value) * 100.0).round_ties_even();
    if !hundredths.is_finite() || hundredths.abs() >= 1e15 {
        let text = format!("{value:.2}");
        return if text == "-0.00" { "0.00".into() } else { text };
    }
    let n = hundredths as i64;
    let sign = if n < 0 { "-" } else { "" };
    let a = n.unsigned_abs();
    format!("{sign}{}.{:02}", a / 100, a % 100)
}

/// Text with the characters XML 1.0 forbids removed (escaping is askama's).
fn xml_text(text: &str) -> String {
    text.chars().filter(|&c| xml_allowed(c)).collect()
}

/// Whether XML 1.0 allows `c` in text: no control characters but tab and
/// line breaks, and not the two non-characters U+FFFE and U+FFFF.
fn xml_allowed(c: char) -> bool {
    (!c.is_control() || matches!(c, '\t' | '\n' | '\r')) && !matches!(c, '\u{FFFE}' | '\u{FFFF}')
}

fn description(layout: &Layout) -> String {
    let count = |shape: Shape| layout.boxes.iter().filter(|b| b.shape == shape).count();
    format!(
        "Decision chart, read from the top: {} questions, {} steps, {} rulings, {} hand-overs to other charts.",
        count(Shape::Question),
        count(Shape::Step),
        count(Shape::Ruling),
        count(Shape::Handover)
    )
}

fn edge_view(e: &RoutedEdge, layout: &Layout) -> EdgeView {
    let target = &layout.boxes[e.to].text;
    let aria = match &e.label {
        Some(label) => format!("Answer {}, leads to: {target}", label.text),
        None => format!("Next: {target}"),
    };
    let label = e.label.as_ref().map(|l| LabelView {
        x: num(l.rect.x),
        y: num(l.rect.y),
        w: num(l.rect.w),
        h: num(l.rect.h),
        lines: lines(&l.lines),
    });
    EdgeView {
        aria: xml_text(&aria),
        d: path_data(&e.points),
        label,
    }
}

fn path_data(points: &[Point]) -> String {
    let mut d = String::new();
    for (i, p) in points.iter().enumerate() {
        let command = if i == 0 { 'M' } else { 'L' };
        d.push_str(&format!(
            "{}{command}{},{}",
            if i == 0 { "" } else { " " },
            num(p.x),
            num(p.y)
        ));
    }
    d
}

fn lines(lines: &[TextLine]) -> Vec<LineView> {
    lines
        .iter()
        .map(|l| LineView {
            x: num(l.x),
            y: num(l.baseline),
            text: xml_text(&l.text),
        })
        .collect()
}

/// What a screen reader says for a box: its kind, text and law clauses.
fn node_aria(b: &PlacedBox) -> String {
    let kind = match b.shape {
        Shape::Question => "Question",
        Shape::Step => "Step",
        Shape::Ruling => "Ruling",
        Shape::Handover => "Ruling, continue in another chart",
    };
    let laws = if b.laws.trim().is_empty() {
        String::new()
    } else {
        format!(" (Law {})", b.laws.trim())
    };
    xml_text(&format!(
        "{kind}: {}{laws}",
        b.text.split_whitespace().collect::<Vec<_>>().join(" ")
    ))
}

fn node_view(b: &PlacedBox) -> NodeView {
    let r = b.rect;
    let drawn = matches!(b.shape, Shape::Step | Shape::Ruling);
    NodeView {
        id: xml_text(&b.id),
        kind: b.shape.name(),
        aria: node_aria(b),
        x: num(r.x),
        y: num(r.y),
        w: num(r.w),
        h: num(r.h),
        rect_fill: if drawn { "#fff" } else { "none" },
        rect_stroke: if drawn { "#000" } else { "none" },
        rect_stroke_width: if b.shape == Shape::Ruling { "1.4" } else { "1" },
        outline: outline(b.shape, &r, b.point_depth),
        outline_width: if b.shape == Shape::Question {
            "2.2"
        } else {
            "1.6"
        },
        inner: (b.shape == Shape::Ruling).then(|| inset(&r, 3.0)),
        lines: lines(&b.lines),
        law_lines: lines(&b.law_lines),
    }
}

/// The drawn outline of a pointed shape: a question's hexagon, a
/// hand-over's signpost.
fn outline(shape: Shape, r: &Rect, depth: f32) -> Option<String> {
    let (x0, x1, y0, y1, cy) = (r.x, r.right(), r.y, r.bottom(), r.cy());
    let points = match shape {
        Shape::Question => vec![
            (x0, cy),
            (x0 + depth, y0),
            (x1 - depth, y0),
            (x1, cy),
            (x1 - depth, y1),
            (x0 + depth, y1),
        ],
        Shape::Handover => vec![
            (x0, y0),
            (x1 - depth, y0),
            (x1, cy),
            (x1 - depth, y1),
            (x0, y1),
        ],
        Shape::Step | Shape::Ruling => return None,
    };
    Some(
        points
            .iter()
            .map(|(x, y)| format!("{},{}", num(*x), num(*y)))
            .collect::<Vec<_>>()
            .join(" "),
    )
}

fn inset(r: &Rect, by: f32) -> RectView {
    RectView {
        x: num(r.x + by),
        y: num(r.y + by),
        w: num(r.w - 2.0 * by),
        h: num(r.h - 2.0 * by),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{BoxSpec, EdgeSpec, LayoutInput, LayoutOptions, layout};

    fn chart(text: &str) -> LayoutInput {
        let node = |id: &str, shape, text: &str| BoxSpec {
            id: id.into(),
            shape,
            text: text.into(),
            laws: "54D".into(),
        };
        LayoutInput {
            nodes: vec![
                node("q", Shape::Question, text),
                node("r", Shape::Ruling, "Yes ruling"),
                node("h", Shape::Handover, "Go on"),
            ],
            edges: vec![
                EdgeSpec {
                    from: 0,
                    to: 1,
                    label: Some("Yes".into()),
                },
                EdgeSpec {
                    from: 0,
                    to: 2,
                    label: Some("No".into()),
                },
            ],
        }
    }

    #[test]
    fn every_node_is_a_group_whose_first_shape_is_its_box() {
        let svg = render_svg(&layout(&chart("Ask?"), &LayoutOptions::default()), "T");
        for (id, kind) in [("q", "question"), ("r", "ruling"), ("h", "handover")] {
            let group = format!("<g class=\"node {kind}\" id=\"node-{id}\"");
            let start = svg
                .find(&group)
                .unwrap_or_else(|| panic!("no group for {id}"));
            let after_title = &svg[start..][svg[start..].find("</title>").expect("title") + 8..];
            assert!(
                after_title.trim_start().starts_with("<rect "),
                "{id}: {after_title}"
            );
        }
        assert_eq!(svg.matches("<g class=\"edge\"").count(), 2);
    }

    #[test]
    fn chart_text_cannot_inject_markup() {
        let evil = "</text><script>alert(1)</script> & \"quotes\" \u{0}";
        let svg = render_svg(
            &layout(&chart(evil), &LayoutOptions::default()),
            "<b>title</b>",
        );
        assert!(!svg.contains("<script>"));
        assert!(!svg.contains("<b>"));
        assert!(!svg.contains('\u{0}'));
        assert!(svg.contains("&#60;script&#62;"));
    }

    #[test]
    fn the_same_layout_gives_the_same_bytes() {
        let a = render_svg(&layout(&chart("Ask?"), &LayoutOptions::default()), "T");
        let b = render_svg(&layout(&chart("Ask?"), &LayoutOptions::default()), "T");
        assert_eq!(a, b);
    }

    #[test]
    fn numbers_have_fixed_decimals_and_no_negative_zero() {
        assert_eq!(num(-0.001), "0.00");
        assert_eq!(num(12.345), "12.35");
        // Exactly halfway: to even, as the formatter rounds.
        assert_eq!(num(0.125), "0.12");
        assert_eq!(num(0.375), "0.38");
        assert_eq!(num(-2.5), "-2.50");
        assert_eq!(num(f32::MAX), format!("{:.2}", f32::MAX));
        for bits in (0x3000_0000u32..0x4B00_0000).step_by(9_973) {
            let v = f32::from_bits(bits);
            assert_eq!(num(v), format!("{v:.2}"), "{v:e}");
            assert_eq!(
                num(-v),
                format!("{:.2}", -v).replace("-0.00", "0.00"),
                "{v:e}"
            );
        }
    }
}
