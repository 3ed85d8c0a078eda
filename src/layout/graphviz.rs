//! A drawing made by Graphviz (`dot -Tjson`) read into a [`Layout`], so that
//! [`quality`](super::quality) measures it by the same rules as ours: for
//! comparison only, nothing draws from it.
//!
//! Boxes are the bounding boxes of what Graphviz draws for each node (every
//! periphery). Each edge's Bézier spline is flattened into a polyline of
//! [`STEPS`] chords per cubic piece (a sampled curve, not the looser control
//! polygon), from its first point to the arrow's tip. A label is the box
//! around its lines of text. The graph's title is left out, as our drawing
//! has none; the content gets the same margin as ours.

use anyhow::{Context, bail};
use serde_json::Value;

use super::geometry::{Point, Rect};
use super::{EdgeLabel, Layout, LayoutOptions, PlacedBox, RoutedEdge, Shape};

/// Chords per cubic Bézier piece when a spline is flattened.
const STEPS: usize = 8;
/// Height of a line of label text above its baseline, and below it, as a
/// multiple of the font size.
const ASCENT: f32 = 0.8;
const DESCENT: f32 = 0.25;

/// Read `dot -Tjson` output into a layout (y pointing down, as ours).
pub fn from_json(json: &str) -> anyhow::Result<Layout> {
    let graph: Value = serde_json::from_str(json).context("graphviz gave JSON we cannot read")?;
    let top = bounding_box(&graph)?.3;
    let flip = |x: f32, y: f32| Point::new(x, top - y);
    let objects = graph["objects"].as_array().map_or(&[][..], Vec::as_slice);
    let mut index = vec![usize::MAX; objects.len()];
    let mut boxes = Vec::new();
    for (k, node) in objects.iter().enumerate() {
        if node.get("pos").is_some() {
            index[k] = boxes.len();
            boxes.push(node_box(node, &flip)?);
        }
    }
    let mut edges = Vec::new();
    for edge in graph["edges"].as_array().map_or(&[][..], Vec::as_slice) {
        let end = |key: &str| {
            let gvid = edge[key].as_u64().context("an edge without its ends")?;
            index
                .get(gvid as usize)
                .copied()
                .filter(|&i| i != usize::MAX)
                .context("an edge to a node that is not drawn")
        };
        edges.push(RoutedEdge {
            from: end("tail")?,
            to: end("head")?,
            points: spline(edge["pos"].as_str().unwrap_or(""), &flip)?,
            label: edge_label(edge, &flip),
        });
    }
    let options = LayoutOptions::default();
    let margin = options.margin;
    let mut layout = Layout {
        width: 0.0,
        height: 0.0,
        boxes,
        edges,
        options,
    };
    super::normalise(&mut layout, margin);
    Ok(layout)
}

/// The graph's `bb`: left, bottom, right, top.
fn bounding_box(graph: &Value) -> anyhow::Result<(f32, f32, f32, f32)> {
    let bb = graph["bb"]
        .as_str()
        .context("graphviz gave no bounding box")?;
    let n = numbers(bb)?;
    match n[..] {
        [a, b, c, d] => Ok((a, b, c, d)),
        _ => bail!("graphviz gave a bounding box of {} numbers", n.len()),
    }
}

/// Comma- or space-separated numbers.
fn numbers(text: &str) -> anyhow::Result<Vec<f32>> {
    text.split([',', ' '])
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().with_context(|| format!("`{s}` is not a number")))
        .collect()
}

/// A node as the box around everything drawn for it.
fn node_box(node: &Value, flip: &impl Fn(f32, f32) -> Point) -> anyhow::Result<PlacedBox> {
    let mut drawn: Vec<Point> = Vec::new();
    for op in node["_draw_"].as_array().map_or(&[][..], Vec::as_slice) {
        drawn.extend(op_points(op).into_iter().map(|(x, y)| flip(x, y)));
    }
    let rect = match bounds(&drawn) {
        Some(rect) => rect,
        None => {
            let pos = numbers(node["pos"].as_str().unwrap_or(""))?;
            let inches = |key: &str| node[key].as_str().and_then(|s| s.parse::<f32>().ok());
            let (w, h) = (
                inches("width").unwrap_or(0.0),
                inches("height").unwrap_or(0.0),
            );
            let centre = flip(pos[0], pos[1]);
            Rect::centered(centre.x, centre.y, w * 72.0, h * 72.0)
        }
    };
    Ok(PlacedBox {
        id: node["name"].as_str().unwrap_or("").to_string(),
        shape: Shape::Step,
        rect,
        point_depth: 0.0,
        text: String::new(),
        lines: Vec::new(),
        laws: String::new(),
        law_lines: Vec::new(),
    })
}

/// The points an xdot drawing operation covers (polygons, lines, ellipses).
fn op_points(op: &Value) -> Vec<(f32, f32)> {
    let pair = |p: &Value| Some((p[0].as_f64()? as f32, p[1].as_f64()? as f32));
    match op["op"].as_str() {
        Some("P" | "p" | "L" | "b" | "B") => op["points"]
            .as_array()
            .map(|ps| ps.iter().filter_map(pair).collect())
            .unwrap_or_default(),
        Some("E" | "e") => {
            let r = |i: usize| op["rect"][i].as_f64().map(|v| v as f32);
            let (Some(x), Some(y), Some(w), Some(h)) = (r(0), r(1), r(2), r(3)) else {
                return Vec::new();
            };
            vec![(x - w, y - h), (x + w, y + h)]
        }
        _ => Vec::new(),
    }
}

/// The smallest rectangle holding `points`.
fn bounds(points: &[Point]) -> Option<Rect> {
    let first = points.first()?;
    let (mut x0, mut y0, mut x1, mut y1) = (first.x, first.y, first.x, first.y);
    for p in points {
        (x0, y0, x1, y1) = (x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y));
    }
    Some(Rect {
        x: x0,
        y: y0,
        w: x1 - x0,
        h: y1 - y0,
    })
}

/// An edge's `pos` (`[s,x,y] [e,x,y] p0 p1 p2 p3 ...`) as a polyline from
/// its start to the arrow's tip, each cubic piece flattened.
fn spline(pos: &str, flip: &impl Fn(f32, f32) -> Point) -> anyhow::Result<Vec<Point>> {
    let first = pos.split(';').next().unwrap_or("");
    let (mut start, mut end, mut control) = (None, None, Vec::new());
    for word in first.split_whitespace() {
        let (tag, rest) = match word.split_once(',') {
            Some((t @ ("s" | "e"), rest)) => (Some(t), rest),
            _ => (None, word),
        };
        let n = numbers(rest)?;
        let [x, y] = n[..] else {
            bail!("graphviz gave an edge point `{word}`");
        };
        match tag {
            Some("s") => start = Some(flip(x, y)),
            Some(_) => end = Some(flip(x, y)),
            None => control.push(flip(x, y)),
        }
    }
    let mut points: Vec<Point> = start.into_iter().collect();
    points.extend(control.first());
    for piece in control.windows(4).step_by(3) {
        points.extend((1..=STEPS).map(|k| bezier(piece, k as f32 / STEPS as f32)));
    }
    points.extend(end);
    Ok(points)
}

/// The point at `t` on the cubic Bézier with control points `p`.
fn bezier(p: &[Point], t: f32) -> Point {
    let u = 1.0 - t;
    let (a, b, c, d) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
    Point::new(
        a * p[0].x + b * p[1].x + c * p[2].x + d * p[3].x,
        a * p[0].y + b * p[1].y + c * p[2].y + d * p[3].y,
    )
}

/// The box around an edge label's lines of text, if it has any.
fn edge_label(edge: &Value, flip: &impl Fn(f32, f32) -> Point) -> Option<EdgeLabel> {
    let mut size = 9.0f32;
    let mut corners = Vec::new();
    for op in edge["_ldraw_"].as_array().map_or(&[][..], Vec::as_slice) {
        match op["op"].as_str() {
            Some("F") => size = op["size"].as_f64().map_or(size, |s| s as f32),
            Some("T") => {
                let (x, y) = (op["pt"][0].as_f64()? as f32, op["pt"][1].as_f64()? as f32);
                let w = op["width"].as_f64()? as f32;
                let left = match op["align"].as_str() {
                    Some("l") => x,
                    Some("r") => x - w,
                    _ => x - w / 2.0,
                };
                corners.push(flip(left, y + ASCENT * size));
                corners.push(flip(left + w, y - DESCENT * size));
            }
            _ => {}
        }
    }
    Some(EdgeLabel {
        text: edge["label"].as_str().unwrap_or("").replace("\\n", " "),
        rect: bounds(&corners)?,
        lines: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO_NODES: &str = r#"{
      "bb": "0,0,100,200",
      "objects": [
        {"_gvid": 0, "name": "a", "pos": "50,180", "width": "1", "height": "0.5",
         "_draw_": [{"op": "P", "points": [[14,162],[86,162],[86,198],[14,198]]}]},
        {"_gvid": 1, "name": "b", "pos": "50,20", "width": "1", "height": "0.5"}
      ],
      "edges": [
        {"_gvid": 0, "tail": 0, "head": 1, "label": "Yes\\nplease",
         "pos": "e,50,38 50,162 50,120 50,80 50,48",
         "_ldraw_": [{"op": "F", "size": 10}, {"op": "T", "pt": [60,100], "align": "l", "width": 20, "text": "Yes"}]}
      ]
    }"#;

    #[test]
    fn a_graphviz_drawing_reads_as_boxes_and_flattened_edges_in_our_coordinates() {
        let layout = from_json(TWO_NODES).expect("valid drawing");
        let [a, b] = &layout.boxes[..] else {
            panic!("two boxes")
        };
        assert_eq!((a.id.as_str(), a.rect.w, a.rect.h), ("a", 72.0, 36.0));
        assert!(a.rect.y < b.rect.y, "y points down");
        let edge = &layout.edges[0];
        assert_eq!(edge.points.len(), 1 + STEPS + 1);
        assert_eq!(edge.points.last().map(|p| p.y), Some(b.rect.y));
        let label = edge.label.as_ref().expect("a label");
        assert_eq!((label.text.as_str(), label.rect.w), ("Yes please", 20.0));
    }

    #[test]
    fn the_drawing_is_its_content_and_our_margin() {
        let layout = from_json(TWO_NODES).expect("valid drawing");
        let margin = LayoutOptions::default().margin;
        assert_eq!(layout.boxes[0].rect.y, margin);
        assert_eq!(layout.height, (2.0 * margin + 36.0 + 124.0 + 36.0).ceil());
    }

    #[test]
    fn output_that_is_not_a_drawing_is_an_error() {
        assert!(from_json("{}").is_err());
        assert!(from_json("not json").is_err());
    }
}
