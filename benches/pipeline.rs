//! Criterion benchmarks of each stage, on the shipped charts and on
//! synthetic charts of 10 to 10,000 nodes (20,000 for `check`): load (YAML
//! to raw chart), check, layout, and each renderer (DOT, Markdown, SVG,
//! HTML, the PDF card). Speed goals are checked here and by
//! `scripts/bench`, never in tests.
//!
//! `cargo bench --bench pipeline [-- FILTER]`, e.g. `-- layout/` or `-- shipped`.
//! Layout, SVG, HTML, Markdown and cards stop at 1,000 nodes: `build` and
//! `render` refuse to draw larger charts (a 10,000-node drawing would take
//! minutes and no card could hold it); DOT and check go on to the largest.

use std::path::{Path, PathBuf};

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use lawcharts::card::{Card, CardOptions};
use lawcharts::check::{self, Report};
use lawcharts::config::Config;
use lawcharts::diagnostic::Severity;
use lawcharts::render::{self, Context, Format, drawing};

/// Sizes of synthetic chart measured by every stage.
const DRAWN: [usize; 3] = [10, 100, 1_000];
/// Sizes measured only by the stages that take any size.
const LARGE: [usize; 2] = [10_000, 20_000];

/// Writes a synthetic chart of `n` nodes into a temporary folder.
fn synthetic(n: usize) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join(format!("synthetic-{n}.yaml"));
    std::fs::write(&path, lawcharts::synth::chart_yaml(n, 1)).expect("write chart");
    (dir, path)
}

fn shipped() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("trees")
}

/// The charts at `path`, checked; they must be clean to be measured.
fn checked(path: &Path) -> Report {
    let report = check::check_paths(&[path.to_path_buf()]).expect("check");
    let errors = report.count(Severity::Error);
    assert_eq!(
        errors,
        0,
        "{} must check clean to be measured",
        path.display()
    );
    report
}

/// Every input measured: the shipped set, then the synthetic sizes.
fn inputs(sizes: &[usize]) -> Vec<(String, Option<tempfile::TempDir>, PathBuf)> {
    let mut all = vec![("shipped".to_string(), None, shipped())];
    for &n in sizes {
        let (dir, path) = synthetic(n);
        all.push((n.to_string(), Some(dir), path));
    }
    all
}

fn load(c: &mut Criterion) {
    let mut group = c.benchmark_group("load");
    group.sample_size(10);
    for (name, _dir, path) in inputs(&[10, 100, 1_000, 10_000, 20_000]) {
        let files = check::chart_files(std::slice::from_ref(&path)).expect("chart files");
        let sources: Vec<_> = (files.iter())
            .map(|f| lawcharts::load::read(f).expect("read").0)
            .collect();
        group.bench_function(BenchmarkId::new("parse", &name), |b| {
            b.iter(|| {
                for source in &sources {
                    let _ = lawcharts::load::parse(source);
                }
            })
        });
    }
    group.finish();
}

fn check_stage(c: &mut Criterion) {
    let mut group = c.benchmark_group("check");
    group.sample_size(10);
    let sizes: Vec<usize> = DRAWN.iter().chain(&LARGE).copied().collect();
    for (name, _dir, path) in inputs(&sizes) {
        checked(&path);
        group.bench_function(BenchmarkId::new("check", &name), |b| {
            b.iter(|| check::check_paths(std::slice::from_ref(&path)).expect("check"))
        });
    }
    group.finish();
}

fn layout(c: &mut Criterion) {
    let mut group = c.benchmark_group("layout");
    group.sample_size(10);
    for (name, _dir, path) in inputs(&DRAWN) {
        let report = checked(&path);
        let charts = &report.charts;
        group.bench_function(BenchmarkId::new("layout", &name), |b| {
            b.iter(|| {
                for chart in &charts.charts {
                    drawing::chart_layout(chart, charts);
                }
            })
        });
    }
    group.finish();
}

fn renderers(c: &mut Criterion) {
    let config = Config::default();
    let mut group = c.benchmark_group("render");
    group.sample_size(10);
    let formats = [
        ("dot", Format::Dot),
        ("md", Format::Md),
        ("svg", Format::Svg),
        ("html", Format::Html),
    ];
    for (name, _dir, path) in inputs(&[10, 100, 1_000, 10_000]) {
        let report = checked(&path);
        let cx = Context {
            config: &config,
            charts: &report.charts,
            date: None,
        };
        for (format_name, format) in formats {
            // Only DOT is written for a chart this large (see the top).
            if name == "10000" && format != Format::Dot {
                continue;
            }
            group.bench_function(BenchmarkId::new(format_name, &name), |b| {
                b.iter(|| {
                    for chart in &cx.charts.charts {
                        render::render(chart, format, &cx).expect("render");
                    }
                })
            });
        }
    }
    group.finish();
}

fn cards(c: &mut Criterion) {
    let config = Config::default();
    let mut group = c.benchmark_group("card");
    group.sample_size(10);
    for (name, _dir, path) in inputs(&[10, 100]) {
        let report = checked(&path);
        let cx = Context {
            config: &config,
            charts: &report.charts,
            date: None,
        };
        let options = CardOptions::default();
        group.bench_function(BenchmarkId::new("plan", &name), |b| {
            b.iter(|| {
                for chart in &cx.charts.charts {
                    Card::new(chart, &cx, &options);
                }
            })
        });
        let planned: Vec<Card> = (cx.charts.charts.iter())
            .map(|chart| Card::new(chart, &cx, &options))
            .collect();
        group.bench_function(BenchmarkId::new("pdf", &name), |b| {
            b.iter(|| {
                for card in &planned {
                    card.pdf().expect("pdf");
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, load, check_stage, layout, renderers, cards);
criterion_main!(benches);
