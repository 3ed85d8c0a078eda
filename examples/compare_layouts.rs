//! Every shipped chart drawn by our layout engine and by Graphviz, side by
//! side in one SVG per chart (`OUT_DIR/<id>.svg`, both at the same scale),
//! and the measures of both printed as a Markdown table, with a report of
//! where this Graphviz measures otherwise than the stored measures (which
//! the layout-quality test compares with). Needs `dot`.
//!
//! `cargo run --example compare_layouts -- [OUT_DIR] [TREES]` (default
//! `target/compare`, `trees`); `-- --store FILE [TREES]` writes Graphviz's
//! measures to FILE instead of drawing.
//! `scripts/compare-layouts` runs it and turns the SVGs into PNGs.

use std::path::PathBuf;

use anyhow::{Context as _, Result, bail};
use lawcharts::config::Config;
use lawcharts::render::compare::{self, Comparison, Stored, Theirs};
use lawcharts::render::{Context, drawing, graphviz};

/// Space between the two drawings and above them for their headings.
const GAP: f32 = 32.0;
const HEADING: f32 = 30.0;

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `--store FILE [TREES]` or `[OUT_DIR] [TREES]`.
    let (store, out, trees) = match args.as_slice() {
        [flag, file, rest @ ..] if flag == "--store" => (Some(file), None, rest.first()),
        [flag] if flag == "--store" => bail!("`--store` needs the file to write"),
        rest => (None, rest.first(), rest.get(1)),
    };
    let out = PathBuf::from(out.map_or("target/compare", String::as_str));
    let trees = PathBuf::from(trees.map_or("trees", String::as_str));
    let Some(version) = graphviz::version() else {
        bail!("`dot` (Graphviz) is not installed; the comparison needs it");
    };
    let report = lawcharts::check::check_paths(std::slice::from_ref(&trees))?;
    lawcharts::check::require_charts(&report)?;
    let config = Config::default();
    let cx = Context {
        config: &config,
        charts: &report.charts,
        date: None,
    };
    if let Some(file) = store {
        let stored = compare::measure_for_storing(&cx, version)?;
        std::fs::write(file, stored.to_json()).with_context(|| format!("cannot write {file}"))?;
        eprintln!(
            "stored Graphviz's measures of {} charts in {file}",
            stored.charts.len()
        );
        return Ok(());
    }
    std::fs::create_dir_all(&out).with_context(|| format!("cannot create {}", out.display()))?;
    let mut rows = Vec::new();
    for chart in &report.charts.charts {
        rows.push(compare::compare(chart, &cx, Theirs::Live)?);
        let ours = drawing::chart_svg(chart, &report.charts);
        let theirs = graphviz::chart_svg(chart, &cx)?;
        let path = out.join(format!("{}.svg", chart.id));
        std::fs::write(&path, side_by_side(&ours, &theirs)?)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    print!("{}", compare::markdown(&rows));
    eprint!("{}", against_stored(&rows, &cx, &version));
    Ok(())
}

/// Where this Graphviz measures a chart otherwise than the stored measures:
/// a report for people (Graphviz's drawings change with its version and the
/// fonts installed), never a verdict.
fn against_stored(rows: &[Comparison], cx: &Context, version: &str) -> String {
    let stored = std::fs::read_to_string(compare::STORED_PATH)
        .map_err(anyhow::Error::from)
        .and_then(|text| Stored::parse(&text));
    let stored = match stored {
        Ok(stored) => stored,
        Err(e) => return format!("no stored measures to compare with ({e:#})\n"),
    };
    let mut out = format!(
        "this Graphviz: {version}; stored measures by: {}\n",
        stored.graphviz
    );
    for (row, chart) in rows.iter().zip(&cx.charts.charts) {
        let live = row.graphviz.as_ref().expect("measured live");
        match compare::compare(chart, cx, Theirs::Stored(&stored)) {
            Ok(c) => {
                let kept = c.graphviz.expect("stored");
                if (kept.crossings, kept.answers_out_of_order)
                    != (live.crossings, live.answers_out_of_order)
                {
                    out += &format!(
                        "{}: crossings {} here, {} stored; answers out of order {} here, {} stored\n",
                        row.id,
                        live.crossings,
                        kept.crossings,
                        live.answers_out_of_order,
                        kept.answers_out_of_order
                    );
                }
            }
            Err(e) => out += &format!("{}: {e:#}\n", row.id),
        }
    }
    out
}

/// One SVG with `ours` on the left and `theirs` on the right, each headed.
fn side_by_side(ours: &str, theirs: &str) -> Result<String> {
    let (left, lw, lh) = nested(ours, 0.0)?;
    let (right, rw, rh) = nested(theirs, lw + GAP)?;
    let (w, h) = (lw + GAP + rw, HEADING + lh.max(rh));
    let heading = |x: f32, text: &str| {
        format!(
            "<text x=\"{x}\" y=\"20\" font-family=\"DejaVu Sans, sans-serif\" \
             font-size=\"16\" font-weight=\"bold\" fill=\"#555\">{text}</text>"
        )
    };
    Ok(format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
         width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n\
         <rect width=\"{w}\" height=\"{h}\" fill=\"#fff\"/>\n{}\n{}\n{left}\n{right}\n</svg>\n",
        heading(0.0, "lawcharts"),
        heading(lw + GAP, "Graphviz dot"),
    ))
}

/// An SVG document as an element placed at (`x`, [`HEADING`]), one unit per
/// point of its view box; with its width and height.
fn nested(svg: &str, x: f32) -> Result<(String, f32, f32)> {
    let start = svg.find("<svg").context("not an SVG document")?;
    let end = start + svg[start..].find('>').context("an unclosed <svg> tag")?;
    let tag = &svg[start + 4..end];
    let view_box = attribute(tag, "viewBox").context("an SVG without a viewBox")?;
    let numbers: Vec<f32> = view_box
        .split_whitespace()
        .filter_map(|n| n.parse().ok())
        .collect();
    let [_, _, w, h] = numbers[..] else {
        bail!("a viewBox of {} numbers", numbers.len());
    };
    let kept: String = attributes(tag)
        .into_iter()
        .filter(|(name, _)| !matches!(*name, "width" | "height" | "x" | "y"))
        .map(|(name, value)| format!(" {name}=\"{value}\""))
        .collect();
    let element = format!(
        "<svg x=\"{x}\" y=\"{HEADING}\" width=\"{w}\" height=\"{h}\"{kept}{}",
        &svg[end..]
    );
    Ok((element, w, h))
}

fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    attributes(tag)
        .into_iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v)
}

/// The `name="value"` pairs of a start tag's inside.
fn attributes(tag: &str) -> Vec<(&str, &str)> {
    let mut found = Vec::new();
    let mut rest = tag;
    while let Some(eq) = rest.find("=\"") {
        let name = rest[..eq].trim();
        let after = &rest[eq + 2..];
        let Some(close) = after.find('"') else { break };
        found.push((name, &after[..close]));
        rest = &after[close + 1..];
    }
    found
}
