//! Points, rectangles and the segment tests the router and the quality
//! measures share; units are points (1/72 inch), y grows downwards.

use serde::Serialize;

/// Distance under which two coordinates count as the same.
pub const EPS: f32 = 0.01;

/// A point on the drawing.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Point {
    /// Distance from the left edge.
    pub x: f32,
    /// Distance from the top edge.
    pub y: f32,
}

impl Point {
    /// The point at `(x, y)`.
    pub fn new(x: f32, y: f32) -> Point {
        Point { x, y }
    }
}

/// An axis-aligned rectangle.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

impl Rect {
    /// The rectangle of size `w` × `h` centred on `(cx, cy)`.
    pub fn centered(cx: f32, cy: f32, w: f32, h: f32) -> Rect {
        Rect {
            x: cx - w / 2.0,
            y: cy - h / 2.0,
            w,
            h,
        }
    }

    /// Right edge.
    pub fn right(&self) -> f32 {
        self.x + self.w
    }

    /// Bottom edge.
    pub fn bottom(&self) -> f32 {
        self.y + self.h
    }

    /// Horizontal centre.
    pub fn cx(&self) -> f32 {
        self.x + self.w / 2.0
    }

    /// Vertical centre.
    pub fn cy(&self) -> f32 {
        self.y + self.h / 2.0
    }

    /// Whether the interiors of two rectangles share any area.
    pub fn overlaps(&self, other: &Rect) -> bool {
        self.x < other.right() - EPS
            && other.x < self.right() - EPS
            && self.y < other.bottom() - EPS
            && other.y < self.bottom() - EPS
    }

    /// Whether `p` lies on the outline, within `tolerance`.
    pub fn on_border(&self, p: Point, tolerance: f32) -> bool {
        let inside_x = p.x >= self.x - tolerance && p.x <= self.right() + tolerance;
        let inside_y = p.y >= self.y - tolerance && p.y <= self.bottom() + tolerance;
        let near_x = (p.x - self.x).abs() <= tolerance || (p.x - self.right()).abs() <= tolerance;
        let near_y = (p.y - self.y).abs() <= tolerance || (p.y - self.bottom()).abs() <= tolerance;
        (near_x && inside_y) || (near_y && inside_x)
    }

    /// Whether the segment `a`–`b` enters the interior of the rectangle
    /// (touching the outline does not count).
    pub fn cut_by(&self, a: Point, b: Point) -> bool {
        let inner = Rect {
            x: self.x + EPS,
            y: self.y + EPS,
            w: self.w - 2.0 * EPS,
            h: self.h - 2.0 * EPS,
        };
        inner.w > 0.0 && inner.h > 0.0 && clip(a, b, &inner)
    }
}

/// Liang–Barsky: whether any part of segment `a`–`b` lies inside `r`.
fn clip(a: Point, b: Point, r: &Rect) -> bool {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let mut t0 = 0.0f32;
    let mut t1 = 1.0f32;
    let sides = [
        (-dx, a.x - r.x),
        (dx, r.right() - a.x),
        (-dy, a.y - r.y),
        (dy, r.bottom() - a.y),
    ];
    for (p, q) in sides {
        if p == 0.0 {
            if q < 0.0 {
                return false;
            }
            continue;
        }
        let t = q / p;
        if p < 0.0 {
            t0 = t0.max(t);
        } else {
            t1 = t1.min(t);
        }
        if t0 > t1 {
            return false;
        }
    }
    true
}

/// Distance from `p` to the segment `a`–`b`.
pub fn distance_to_segment(p: Point, a: Point, b: Point) -> f32 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let length2 = dx * dx + dy * dy;
    let t = if length2 == 0.0 {
        0.0
    } else {
        (((p.x - a.x) * dx + (p.y - a.y) * dy) / length2).clamp(0.0, 1.0)
    };
    let (nx, ny) = (a.x + t * dx - p.x, a.y + t * dy - p.y);
    (nx * nx + ny * ny).sqrt()
}

/// Whether two segments cross at a point inside both (not at an end of
/// either, and not where they run along each other).
pub fn segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool {
    let d1 = orient(c, d, a);
    let d2 = orient(c, d, b);
    let d3 = orient(a, b, c);
    let d4 = orient(a, b, d);
    d1 * d2 < 0.0 && d3 * d4 < 0.0
}

fn orient(a: Point, b: Point, c: Point) -> f32 {
    let v = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    if v.abs() < EPS { 0.0 } else { v }
}

/// Length of the stretch along which two axis-parallel segments run on top
/// of each other (0 when they only touch or are not collinear).
pub fn collinear_overlap(a: Point, b: Point, c: Point, d: Point) -> f32 {
    let vertical = |p: Point, q: Point| (p.x - q.x).abs() < EPS;
    let horizontal = |p: Point, q: Point| (p.y - q.y).abs() < EPS;
    if vertical(a, b) && vertical(c, d) && (a.x - c.x).abs() < EPS {
        return shared_length(a.y, b.y, c.y, d.y);
    }
    if horizontal(a, b) && horizontal(c, d) && (a.y - c.y).abs() < EPS {
        return shared_length(a.x, b.x, c.x, d.x);
    }
    0.0
}

fn shared_length(a0: f32, a1: f32, b0: f32, b1: f32) -> f32 {
    let low = a0.min(a1).max(b0.min(b1));
    let high = a0.max(a1).min(b0.max(b1));
    (high - low).max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_segment_through_a_rectangle_cuts_it_but_one_along_its_side_does_not() {
        let r = Rect {
            x: 0.0,
            y: 0.0,
            w: 10.0,
            h: 10.0,
        };
        assert!(r.cut_by(Point::new(-5.0, 5.0), Point::new(15.0, 5.0)));
        assert!(!r.cut_by(Point::new(0.0, -5.0), Point::new(0.0, 15.0)));
        assert!(!r.cut_by(Point::new(5.0, 10.0), Point::new(5.0, 30.0)));
        assert!(!r.cut_by(Point::new(11.0, -5.0), Point::new(11.0, 15.0)));
    }

    #[test]
    fn crossing_needs_both_segments_to_pass_through_each_other() {
        let p = Point::new;
        assert!(segments_cross(
            p(0.0, 5.0),
            p(10.0, 5.0),
            p(5.0, 0.0),
            p(5.0, 10.0)
        ));
        assert!(!segments_cross(
            p(0.0, 5.0),
            p(10.0, 5.0),
            p(5.0, 5.0),
            p(5.0, 10.0)
        ));
        assert!(!segments_cross(
            p(0.0, 5.0),
            p(4.0, 5.0),
            p(5.0, 0.0),
            p(5.0, 10.0)
        ));
    }

    #[test]
    fn points_on_the_outline_are_on_the_border() {
        let r = Rect {
            x: 0.0,
            y: 0.0,
            w: 10.0,
            h: 10.0,
        };
        assert!(r.on_border(Point::new(5.0, 0.0), 0.1));
        assert!(r.on_border(Point::new(10.0, 7.0), 0.1));
        assert!(!r.on_border(Point::new(5.0, 5.0), 0.1));
        assert!(!r.on_border(Point::new(15.0, 0.0), 0.1));
    }

    #[test]
    fn collinear_segments_report_their_shared_length() {
        let p = Point::new;
        assert_eq!(
            collinear_overlap(p(0.0, 0.0), p(0.0, 10.0), p(0.0, 5.0), p(0.0, 20.0)),
            5.0
        );
        assert_eq!(
            collinear_overlap(p(0.0, 0.0), p(0.0, 10.0), p(1.0, 5.0), p(1.0, 20.0)),
            0.0
        );
    }
}
