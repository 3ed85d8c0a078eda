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
