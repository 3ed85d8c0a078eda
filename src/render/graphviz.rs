//! Graphviz as a second layout engine, for comparison only: `dot` run on our
//! DOT output (`render --layout graphviz`, `scripts/compare-layouts`, the
//! layout-quality test). Nothing else needs it: lawcharts draws every chart
//! with its own engine.

use std::io::{ErrorKind, Write};
use std::process::{Command, Stdio};

use anyhow::{Context as _, bail};
use clap::ValueEnum;

use crate::chart::Chart;
use crate::layout::{self, Layout};

use super::{Context, Format, dot};

/// Which engine lays out a drawing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Engine {
    /// lawcharts' own layout engine.
    #[default]
    Ours,
    /// Graphviz `dot` on the chart's DOT output, when it is installed (for comparison).
    Graphviz,
}

/// What `dot -V` says of itself (on standard error), if `dot` runs.
pub fn version() -> Option<String> {
    let out = Command::new("dot").arg("-V").output().ok()?;
    let text = String::from_utf8_lossy(&out.stderr).trim().to_string();
    (out.status.success() && !text.is_empty()).then_some(text)
}

/// The chart drawn by Graphviz, as its SVG document.
pub fn chart_svg(chart: &Chart, cx: &Context) -> anyhow::Result<String> {
    run(&dot::render(chart, cx)?, "svg")
}

/// The chart drawn by Graphviz, read back as a [`Layout`] to be measured.
pub fn chart_layout(chart: &Chart, cx: &Context) -> anyhow::Result<Layout> {
    let json = run(&dot::render(chart, cx)?, "json")?;
    layout::graphviz::from_json(&json)
        .with_context(|| format!("cannot read graphviz's drawing of `{}`", chart.id))
}

/// Runs `dot -T<format>` on DOT `source` and returns what it writes.
pub fn run(source: &str, format: &str) -> anyhow::Result<String> {
    let spawned = Command::new("dot")
        .arg(format!("-T{format}"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(e) if e.kind() == ErrorKind::NotFound => bail!(
            "`dot` (Graphviz) is not installed, and `--layout graphviz` needs it: \
             install Graphviz, or leave out `--layout` to draw with lawcharts' own layout"
        ),
        Err(e) => return Err(e).context("cannot run `dot` (Graphviz)"),
    };
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let source = source.to_string();
    // Written from a thread, so a large drawing on stdout cannot block the write.
    let writer = std::thread::spawn(move || stdin.write_all(source.as_bytes()));
    let output = child
        .wait_with_output()
        .context("cannot read the output of `dot` (Graphviz)")?;
    let written = writer.join().expect("the writer thread does not panic");
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        bail!("`dot -T{format}` (Graphviz) failed: {}", stderr.trim());
    }
    written.context("cannot write to `dot` (Graphviz)")?;
    String::from_utf8(output.stdout).context("`dot` (Graphviz) wrote output that is not UTF-8")
}

/// Renders one chart with Graphviz doing the layout: SVG only.
pub fn render(chart: &Chart, format: Format, cx: &Context) -> anyhow::Result<String> {
    match format {
        Format::Svg => chart_svg(chart, cx),
        _ => bail!("`--layout graphviz` only draws SVG: use it with `--format svg`"),
    }
}
