//! A laid-out panel drawn on a card page, as the SVG draws it: edges with
//! arrow heads and their labels first, then the boxes by shape and their
//! text; connectors as pills (an exit black, an entry white).

use super::ink::{BLACK, Canvas, Gray, WHITE, pill_path, polyline, rect_path};
use super::panel::Role;
use crate::font::Weight;
use crate::layout::{Layout, PlacedBox, Point, Rect, Shape};

/// Draws a laid-out panel: edges and labels, then boxes and their text.
pub fn draw_layout(canvas: &mut Canvas, layout: &Layout, roles: &[Role]) {
    let o = &layout.options;
    for edge in &layout.edges {
        let points: Vec<(f32, f32)> = edge.points.iter().map(|p| (p.x, p.y)).collect();
        canvas.paint(polyline(&points, false), None, Some(1.2));
        arrow_head(canvas, &edge.points);
        if let Some(label) = &edge.label {
            let r = label.rect;
            canvas.paint(rect_path(r.x, r.y, r.w, r.h), Some(WHITE), None);
            for line in &label.lines {
                canvas.centred(Weight::Bold, o.label_size, line);
            }
        }
    }
    for (i, b) in layout.boxes.iter().enumerate() {
        match roles.get(i) {
            Some(Role::Exit { .. }) => draw_connector(canvas, b, o.text_size, true),
            Some(Role::Entry { .. }) => draw_connector(canvas, b, o.text_size, false),
            _ => draw_box(canvas, b, o.text_size, o.law_size),
        }
    }
}

/// An arrow head at the end of a path, pointing along its last segment.
fn arrow_head(canvas: &mut Canvas, points: &[Point]) {
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
    canvas.paint(polyline(&head, true), Some(BLACK), None);
}

/// Line weights of a shape's outline: a step's; a ruling's outer line, how
/// far inside it its inner line runs, and that line's; a question's; a
/// hand-over's.
pub struct Strokes {
    pub step: f32,
    pub ruling: (f32, f32, f32),
    pub question: f32,
    pub handover: f32,
}

/// The boxes of a chart drawn on a card.
const BOX_STROKES: Strokes = Strokes {
    step: 1.0,
    ruling: (1.4, 3.0, 1.0),
    question: 2.2,
    handover: 1.6,
};

/// A box's outline in `r`, a question's and a hand-over's points `d` deep,
/// filled with `fill`: the one drawing of the shapes, for the chart and
/// for the footer's legend.
pub fn outline(
    canvas: &mut Canvas,
    shape: Shape,
    r: Rect,
    d: f32,
    fill: Option<Gray>,
    s: &Strokes,
) {
    let (x0, y0, x1, y1, cy) = (r.x, r.y, r.right(), r.bottom(), r.cy());
    match shape {
        Shape::Step => canvas.paint(rect_path(r.x, r.y, r.w, r.h), fill, Some(s.step)),
        Shape::Ruling => {
            let (outer, inset, inner) = s.ruling;
            canvas.paint(rect_path(r.x, r.y, r.w, r.h), fill, Some(outer));
            canvas.paint(
                rect_path(
                    r.x + inset,
                    r.y + inset,
                    r.w - 2.0 * inset,
                    r.h - 2.0 * inset,
                ),
                None,
                Some(inner),
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
            canvas.paint(polyline(&hexagon, true), fill, Some(s.question));
        }
        Shape::Handover => {
            let signpost = [(x0, y0), (x1 - d, y0), (x1, cy), (x1 - d, y1), (x0, y1)];
            canvas.paint(polyline(&signpost, true), fill, Some(s.handover));
        }
    }
}

pub fn draw_box(canvas: &mut Canvas, b: &PlacedBox, text_size: f32, law_size: f32) {
    outline(
        canvas,
        b.shape,
        b.rect,
        b.point_depth,
        Some(WHITE),
        &BOX_STROKES,
    );
    for line in &b.lines {
        canvas.centred(Weight::Regular, text_size, line);
    }
    for line in &b.law_lines {
        canvas.centred(Weight::Regular, law_size, line);
    }
}

/// A connector: an exit is a black pill with white text, an entry a white
/// pill with a heavy border, so they differ in black and white.
pub fn draw_connector(canvas: &mut Canvas, b: &PlacedBox, size: f32, exit: bool) {
    let r = b.rect;
    let pill = pill_path(r.x, r.y, r.w, r.h);
    if exit {
        canvas.paint(pill, Some(BLACK), Some(1.0));
        canvas.set_text_gray(WHITE);
    } else {
        canvas.paint(pill, Some(WHITE), Some(2.2));
    }
    for line in &b.lines {
        canvas.centred(Weight::Regular, size, line);
    }
    canvas.set_text_gray(BLACK);
}
