//! The drawings of the shipped charts: our layout keeps every hard rule on
//! every chart, crosses no more edges than Graphviz does (when `dot` is
//! installed; on CI it must be), and `render --format svg` needs no
//! Graphviz at all.

use std::process::Command;

use lawcharts::config::Config;
use lawcharts::render::compare::{self, Comparison};
use lawcharts::render::{Context, graphviz};

use super::{parts, root};

/// Every shipped chart measured, with Graphviz's drawing when `with_graphviz`.
fn comparisons(with_graphviz: bool) -> Vec<Comparison> {
    let report = lawcharts::check::check_paths(&[root().join("trees")]).expect("trees check");
    let config = Config::default();
    let cx = Context {
        config: &config,
        charts: &report.charts,
        date: None,
    };
    report
        .charts
        .charts
        .iter()
        .map(|chart| compare::compare(chart, &cx, with_graphviz).expect("both drawings"))
        .collect()
}

/// Whether Graphviz is here to compare with. On CI it must be: a comparison
/// that did not run must not pass as one that did.
fn graphviz_here() -> bool {
    if graphviz::installed() {
        return true;
    }
    assert_ne!(
        std::env::var("CI").as_deref(),
        Ok("true"),
        "`dot` (Graphviz) is not installed on CI, so the comparison cannot run \
         (.ci/run installs graphviz)"
    );
    eprintln!("note: `dot` (Graphviz) is not installed: the comparison with it is skipped");
    false
}

#[test]
fn every_shipped_chart_is_drawn_with_no_box_overlap_no_edge_through_a_box_and_every_label_on_its_edge()
 {
    let rows = comparisons(false);
    let shipped = std::fs::read_dir(root().join("trees"))
        .expect("trees")
        .count();
    assert_eq!(rows.len(), shipped, "the shipped charts");
    for row in &rows {
        let q = &row.ours;
        assert!(q.is_sound(), "{}: {q:?}", row.id);
        assert_eq!(
            (q.label_collisions, q.edge_overlaps),
            (0, 0),
            "{}: {q:?}",
            row.id
        );
    }
}

/// Graphviz may put a question's answers in any order, which can save it
/// crossings; ours keeps every answer where the chart's order puts it (Yes
/// left or down, No right or down). So, chart by chart, ours must cross no
/// more wherever Graphviz keeps that order too, and no more in all.
#[test]
fn our_drawings_cross_no_more_edges_than_graphviz_where_both_keep_the_answers_in_order() {
    if !graphviz_here() {
        return;
    }
    let rows = comparisons(true);
    let table = compare::markdown(&rows);
    let theirs = |row: &Comparison| row.graphviz.clone().expect("graphviz was asked for");
    for row in &rows {
        let (ours, theirs) = (&row.ours, theirs(row));
        assert_eq!(ours.answers_out_of_order, 0, "{}\n{table}", row.id);
        if theirs.answers_out_of_order == 0 {
            assert!(
                ours.crossings <= theirs.crossings,
                "{}: {} crossings, Graphviz {}\n{table}",
                row.id,
                ours.crossings,
                theirs.crossings
            );
        }
    }
    let ours: usize = rows.iter().map(|r| r.ours.crossings).sum();
    let all: usize = rows.iter().map(|r| theirs(r).crossings).sum();
    assert!(
        ours <= all,
        "{ours} crossings in all, Graphviz {all}\n{table}"
    );
}

#[test]
fn every_shipped_chart_renders_as_svg_with_no_graphviz_on_the_path() {
    let report = lawcharts::check::check_paths(&[root().join("trees")]).expect("trees check");
    for chart in &report.charts.charts {
        let out = Command::new(env!("CARGO_BIN_EXE_lawcharts"))
            .args(["render", &chart.id, "--format", "svg"])
            .current_dir(root())
            .env("PATH", "")
            .output()
            .expect("lawcharts runs");
        let (code, stdout, stderr) = parts(&out);
        assert_eq!(code, 0, "{}: {stderr}", chart.id);
        assert!(stdout.contains("<svg ") && stdout.trim_end().ends_with("</svg>"));
    }
}

#[test]
fn layout_graphviz_without_dot_is_a_clear_error_with_exit_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_lawcharts"))
        .args(["render", "law-87-fouled-board", "--format", "svg"])
        .args(["--layout", "graphviz"])
        .current_dir(root())
        .env("PATH", "")
        .output()
        .expect("lawcharts runs");
    let (code, stdout, stderr) = parts(&out);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert_eq!(
        stderr,
        "error: `dot` (Graphviz) is not installed, and `--layout graphviz` needs it: \
         install Graphviz, or leave out `--layout` to draw with lawcharts' own layout\n"
    );
}

#[test]
fn layout_graphviz_draws_svg_only() {
    let out = super::run(&[
        "render",
        "law-87-fouled-board",
        "--format",
        "dot",
        "--layout",
        "graphviz",
    ]);
    let (code, _, stderr) = parts(&out);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        "error: `--layout graphviz` only draws SVG: use it with `--format svg`\n"
    );
}

#[test]
fn layout_graphviz_draws_through_dot() {
    if !graphviz_here() {
        return;
    }
    let out = super::run(&[
        "render",
        "law-87-fouled-board",
        "--format",
        "svg",
        "--layout",
        "graphviz",
    ]);
    let (code, stdout, stderr) = parts(&out);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("<!-- Generated by graphviz"), "{stdout}");
    assert!(stdout.contains("Fouled board"));
}

/// The triage chart's question "What went wrong in the auction?" has a run
/// of answers that each hand over to another chart: on the site they are
/// stacked in a column, so the drawing is no longer eight times wider than
/// tall and prints larger.
#[test]
fn the_triage_chart_stacks_its_hand_overs_and_prints_larger_for_it() {
    let rows = comparisons(false);
    let triage = rows
        .iter()
        .find(|r| r.id == "director-called")
        .expect("the triage chart is shipped");
    assert!(triage.ours.aspect < 4.0, "{:?}", triage.ours);
    assert!(triage.ours.a4_text_scale > 0.25, "{:?}", triage.ours);
    assert!(triage.ours.is_sound(), "{:?}", triage.ours);
}
