//! Criterion benchmarks of each stage on the shipped charts and on synthetic
//! charts of 10 to 10,000 nodes. Speed goals are checked here, never in tests.

use std::path::PathBuf;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};

/// Writes a synthetic chart of `n` nodes into a temporary folder.
fn synthetic(n: usize) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join(format!("synthetic-{n}.yaml"));
    std::fs::write(&path, lawcharts::synth::chart_yaml(n, 1)).expect("write chart");
    (dir, path)
}

fn check_synthetic(c: &mut Criterion) {
    let mut group = c.benchmark_group("check");
    group.sample_size(10);
    for n in [10, 100, 1_000, 2_000, 10_000, 20_000] {
        let (_dir, path) = synthetic(n);
        let report = lawcharts::check::check_paths(std::slice::from_ref(&path)).expect("check");
        let errors = report.count(lawcharts::diagnostic::Severity::Error);
        assert_eq!(
            errors, 0,
            "the {n}-node chart must check clean to be measured"
        );
        group.bench_with_input(BenchmarkId::new("synthetic", n), &path, |b, path| {
            b.iter(|| lawcharts::check::check_paths(std::slice::from_ref(path)).expect("check"))
        });
    }
    let trees = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("trees");
    group.bench_function("shipped", |b| {
        b.iter(|| lawcharts::check::check_paths(std::slice::from_ref(&trees)).expect("check"))
    });
    group.finish();
}

criterion_group!(benches, check_synthetic);
criterion_main!(benches);
