//! Lay out the sample charts in `tests/fixtures/layout/`, write each as SVG
//! and PNG (drawn with resvg and the bundled font), and print its quality.
//!
//! `cargo run --example draw -- [OUT_DIR] [FIXTURE.json...]` (default
//! `target/charts`, every fixture).

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use lawcharts::layout::{LayoutInput, LayoutOptions, layout, layout_for_a4, quality};
use lawcharts::{font, render};

fn main() -> Result<()> {
    let mut args = std::env::args().skip(1);
    let out = PathBuf::from(args.next().unwrap_or_else(|| "target/charts".into()));
    let mut inputs: Vec<PathBuf> = args.map(PathBuf::from).collect();
    if inputs.is_empty() {
        inputs = fixtures()?;
    }
    std::fs::create_dir_all(&out).with_context(|| format!("cannot create {}", out.display()))?;
    for input in inputs {
        draw(&input, &out)?;
    }
    Ok(())
}

fn fixtures() -> Result<Vec<PathBuf>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/layout");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    Ok(paths)
}

fn draw(input: &Path, out: &Path) -> Result<()> {
    let text = std::fs::read_to_string(input)
        .with_context(|| format!("cannot read {}", input.display()))?;
    let chart: LayoutInput =
        serde_json::from_str(&text).with_context(|| format!("cannot parse {}", input.display()))?;
    let name = input
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("chart");
    let placed = layout(&chart, &LayoutOptions::default());
    let svg = render::render_svg(&placed, name);
    let svg_path = out.join(format!("{name}.svg"));
    std::fs::write(&svg_path, &svg)
        .with_context(|| format!("cannot write {}", svg_path.display()))?;
    let png_path = out.join(format!("{name}.png"));
    std::fs::write(&png_path, png(&svg)?)
        .with_context(|| format!("cannot write {}", png_path.display()))?;
    println!(
        "{name}: {} nodes, {:?}",
        chart.nodes.len(),
        quality(&placed)
    );
    let fitted = quality(&layout_for_a4(&chart, &LayoutOptions::default()));
    println!(
        "{name} fitted to A4: text scale {:.3}",
        fitted.a4_text_scale
    );
    Ok(())
}

fn png(svg: &str) -> Result<Vec<u8>> {
    let mut options = resvg::usvg::Options::default();
    options
        .fontdb_mut()
        .load_font_data(font::REGULAR_TTF.to_vec());
    options.fontdb_mut().load_font_data(font::BOLD_TTF.to_vec());
    let tree = resvg::usvg::Tree::from_str(svg, &options)?;
    let scale = 2.0;
    let size = tree
        .size()
        .to_int_size()
        .scale_by(scale)
        .context("empty drawing")?;
    let mut pixmap =
        resvg::tiny_skia::Pixmap::new(size.width(), size.height()).context("drawing too large")?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap.encode_png()?)
}
