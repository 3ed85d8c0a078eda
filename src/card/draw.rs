//! A laid-out panel drawn on a card page, as the SVG draws it: edges with
//! arrow heads and their labels first, then the boxes by shape and their
//! text; connectors as pills (an exit black, an entry white).

use krilla::color::luma;
use krilla::surface::Surface;

use super::ink::{Fonts, black, centred, fill, paint, pill_path, polyline, rect_path};
use super::panel::Role;
use crate::font::Weight;
use crate::layout::{Layout, PlacedBox, Point, Shape};

/// Draws a laid-out panel: edges and labels, then boxes and their text.
pub fn draw_layout(surface: &mut Surface, layout: &Layout, roles: &[Role], fonts: &Fonts) {
    let o = &layout.options;
    for edge in &layout.edges {
        let points: Vec<(f32, f32)> = edge.points.iter().map(|p| (p.x, p.y)).collect();
        paint(surface, polyline(&points, false), None, Some(1.2));
        arrow_head(surface, &edge.points);
        if let Some(label) = &edge.label {
            let r = label.rect;
            paint(
                surface,
                rect_path(r.x, r.y, r.w, r.h),
                Some(luma::Color::white()),
                None,
            );
            for line in &label.lines {
                centred(surface, fonts, Weight::Bold, o.label_size, line);
            }
        }
    }
    for (i, b) in layout.boxes.iter().enumerate() {
        match roles.get(i) {
            Some(Role::Exit { .. }) => draw_connector(surface, b, fonts, o.text_size, true),
            Some(Role::Entry { .. }) => draw_connector(surface, b, fonts, o.text_size, false),
            _ => draw_box(surface, b, fonts, o.text_size, o.law_size),
        }
    }
}

/// An arrow head at the end of a path, pointing along its last segment.
fn arrow_head(surface: &mut Surface, points: &[Point]) {
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
    paint(surface, polyline(&head, true), Some(black()), None);
}

pub fn draw_box(
    surface: &mut Surface,
    b: &PlacedBox,
    fonts: &Fonts,
    text_size: f32,
    law_size: f32,
) {
    let r = b.rect;
    let (x0, y0, x1, y1, cy, d) = (r.x, r.y, r.right(), r.bottom(), r.cy(), b.point_depth);
    let white = Some(luma::Color::white());
    match b.shape {
        Shape::Step => paint(surface, rect_path(r.x, r.y, r.w, r.h), white, Some(1.0)),
        Shape::Ruling => {
            paint(surface, rect_path(r.x, r.y, r.w, r.h), white, Some(1.4));
            paint(
                surface,
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
            paint(surface, polyline(&hexagon, true), white, Some(2.2));
        }
        Shape::Handover => {
            let signpost = [(x0, y0), (x1 - d, y0), (x1, cy), (x1 - d, y1), (x0, y1)];
            paint(surface, polyline(&signpost, true), white, Some(1.6));
        }
    }
    for line in &b.lines {
        centred(surface, fonts, Weight::Regular, text_size, line);
    }
    for line in &b.law_lines {
        centred(surface, fonts, Weight::Regular, law_size, line);
    }
}

/// A connector: an exit is a black pill with white text, an entry a white
/// pill with a heavy border, so they differ in black and white.
pub fn draw_connector(surface: &mut Surface, b: &PlacedBox, fonts: &Fonts, size: f32, exit: bool) {
    let r = b.rect;
    let pill = pill_path(r.x, r.y, r.w, r.h);
    if exit {
        paint(surface, pill, Some(black()), Some(1.0));
        surface.set_fill(Some(fill(luma::Color::white())));
    } else {
        paint(surface, pill, Some(luma::Color::white()), Some(2.2));
    }
    for line in &b.lines {
        centred(surface, fonts, Weight::Regular, size, line);
    }
    surface.set_fill(Some(fill(black())));
}
