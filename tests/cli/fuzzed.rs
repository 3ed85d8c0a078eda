//! What the fuzz targets (fuzz/, `scripts/fuzz`) found, each kept as a
//! regression test: the input is in `tests/fixtures/fuzzed/<target>-<what>.yaml`,
//! run through the same library calls as the target that found it.

use lawcharts::check::{self, Report};
use lawcharts::config::Config;
use lawcharts::render::{Context, html};

use super::root;

fn fixture(name: &str) -> Report {
    let path = root().join("tests/fixtures/fuzzed").join(name);
    let bytes = std::fs::read(&path).expect("fixture");
    check::check_texts(&[(name, &bytes)])
}

/// Runs `f` with the context the fuzz targets use.
fn with_context(report: &Report, f: impl FnOnce(&Context)) {
    let config = Config::default();
    let cx = Context {
        config: &config,
        charts: &report.charts,
        date: Some("2025-01-01".into()),
    };
    f(&cx);
}

/// `html`, 10 s timeout: the page of a chart with a cycle (which `check`
/// rejects, but `diff` compares as written) listed "every case" by walking
/// its routes, and the walk went round the cycle until the stack ran out.
#[test]
fn the_page_of_a_chart_with_a_cycle_is_rendered_without_walking_forever() {
    let report = fixture("html-cycle-route-walk.yaml");
    assert!(report.diagnostics.iter().any(|d| d.code == "cycle"));
    let chart = &report.charts.charts[0];
    with_context(&report, |cx| {
        html::chart(chart, cx, html::Assets::Linked).expect("the page renders");
    });
    let routes = lawcharts::paths::routes(chart).expect("few routes");
    assert_eq!(routes.len(), 1, "the one route that reaches a ruling");
}

/// The chart files of a multi-file fuzz input (`#file: NAME` lines), as
/// `fuzz/src/lib.rs` splits them.
fn split(data: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    let mut name = String::from("fuzzed.yaml");
    let mut text = Vec::new();
    for line in data.split_inclusive(|&b| b == b'\n') {
        match line.strip_prefix(b"#file: ") {
            Some(rest) => {
                if !text.is_empty() || !files.is_empty() {
                    files.push((name, std::mem::take(&mut text)));
                }
                name = String::from_utf8_lossy(rest).trim().to_string();
            }
            None => text.extend_from_slice(line),
        }
    }
    files.push((name, text));
    files
}

/// `html` and `dot`, panics in the targets' own checks: a chart file named
/// `bid.yatitle: #file: bid.yaml` or `penal}y.yaml` made a link with a colon
/// and a `}` in a DOT comment. Such a name is not a chart id, so `check`
/// rejects it and no command renders it (the targets now render only what
/// some command would); `build` of those files writes nothing.
#[test]
fn a_chart_whose_file_name_is_not_an_id_is_never_rendered() {
    for input in [
        "html-file-name-not-an-id.txt",
        "dot-file-name-not-an-id.txt",
    ] {
        let data = std::fs::read(root().join("tests/fixtures/fuzzed").join(input)).expect("input");
        let dir = tempfile::tempdir().expect("temp dir");
        let trees = dir.path().join("trees");
        std::fs::create_dir(&trees).expect("mkdir");
        let mut bad = Vec::new();
        for (name, text) in split(&data) {
            if name.contains('/') || name.is_empty() || name.starts_with('.') {
                continue;
            }
            let stem = name.strip_suffix(".yaml").unwrap_or(&name);
            if !lawcharts::id::is_valid_id(stem) && name.ends_with(".yaml") {
                bad.push(name.clone());
            }
            std::fs::write(trees.join(&name), text).expect("write");
        }
        assert!(!bad.is_empty(), "{input}: a file named outside the id rule");
        let (code, _, err) = super::parts(&super::build::lawcharts(dir.path(), &["build"]));
        assert_eq!(code, 1, "{input}: {err}");
        for name in &bad {
            let stem = name.strip_suffix(".yaml").unwrap_or(name);
            let message = format!("chart id `{stem}` (the file name) is not a valid id");
            assert!(err.contains(&message), "{input}: {message}\n{err}");
        }
        assert!(
            !dir.path().join("output").exists(),
            "{input}: nothing written"
        );
    }
}
