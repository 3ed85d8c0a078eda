//! A laid-out panel drawn on a card page, as the SVG draws it: edges with
//! arrow heads and their labels first, then the boxes by shape and their
//! text; connectors as pills (an exit black, an entry white).

use super::ink::{BLACK, Canvas, WHITE, pill_path, polyline, rect_path};
use super::panel::Role;
use crate::font::Weight;
use crate::layout::{Layout, PlacedBox, Point, Shape};

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

pub fn draw_box(canvas: &mut Canvas, b: &PlacedBox, text_size: f32, law_size: f32) {
    let r = b.rect;
    let (x0, y0, x1, y1, cy, d) = (r.x, r.y, r.right(), r.bottom(), r.cy(), b.point_depth);
    let white = Some(WHITE);
    match b.shape {
        Shape::Step => canvas.paint(rect_path(r.x, r.y, r.w, r.h), white, Some(1.0)),
        Shape::Ruling => {
            canvas.paint(rect_path(r.x, r.y, r.w, r.h), white, Some(1.4));
            canvas.paint(
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
            canvas.paint(polyline(&hexagon, true), white, Some(2.2));
        }
        Shape::Handover => {
            let signpost = [(x0, y0), (x1 - d, y0), (x1, cy), (x1 - d, y1), (x0, y1)];
            canvas.paint(polyline(&signpost, true), white, Some(1.6));
        }
    }
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
