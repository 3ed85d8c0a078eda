//! The drawings of the shipped charts: our layout keeps every hard rule on
//! every chart and crosses no more edges than Graphviz does, by Graphviz's
//! measures stored in the repository (`scripts/compare-layouts --store`
//! writes them), so every verdict is the same with or without Graphviz and
//! whatever fonts are installed. `render --format svg` needs no Graphviz at
//! all, and `--layout graphviz` is tested with a stand-in `dot`.

use std::path::Path;
use std::process::Command;

use lawcharts::config::Config;
use lawcharts::layout::{self, LayoutOptions, quality};
use lawcharts::render::compare::{self, Comparison, Stored, Theirs};
use lawcharts::render::{Context, drawing};

use super::{parts, root, shipped_chart_count};

/// Every shipped chart measured, with Graphviz's measures as `theirs` says
/// (an error for a chart whose stored measures are missing or out of date).
fn compare_shipped(theirs: Theirs) -> Vec<(String, anyhow::Result<Comparison>)> {
    let report = lawcharts::check::check_paths(&[root().join("trees")]).expect("trees check");
    let config = Config::default();
    let cx = Context {
        config: &config,
        charts: &report.charts,
        date: None,
    };
    let charts = report.charts.charts.iter();
    charts
        .map(|chart| (chart.id.clone(), compare::compare(chart, &cx, theirs)))
        .collect()
}

/// [`compare_shipped`], where any chart without measures fails the test
/// that asked for them, all such charts named at once.
fn comparisons(theirs: Theirs) -> Vec<Comparison> {
    let (rows, stale): (Vec<_>, Vec<_>) = compare_shipped(theirs)
        .into_iter()
        .map(|(_, row)| row)
        .partition(Result::is_ok);
    let stale: Vec<String> = stale
        .into_iter()
        .map(|e| format!("{:#}", e.unwrap_err()))
        .collect();
    assert!(stale.is_empty(), "{}", stale.join("\n"));
    rows.into_iter().map(Result::unwrap).collect()
}

/// Graphviz's measures as stored in the repository.
fn stored() -> Stored {
    let path = root().join(compare::STORED_PATH);
    let text = std::fs::read_to_string(&path).expect("the stored Graphviz measures");
    Stored::parse(&text).expect("the stored measures read")
}

#[test]
fn every_shipped_chart_is_drawn_with_no_box_overlap_no_edge_through_a_box_and_every_label_on_its_edge()
 {
    let rows = comparisons(Theirs::None);
    assert_eq!(rows.len(), shipped_chart_count(), "the shipped charts");
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

/// Charts our drawing is known to cross more often than Graphviz's stored
/// drawing does, and by how many at most: gaps in our layout still to close,
/// named so that they can neither grow nor spread unseen. None today.
const KNOWN_WORSE: &[(&str, usize)] = &[];

/// Graphviz may put a question's answers in any order, which can save it
/// crossings; ours keeps every answer where the chart's order puts it (Yes
/// left or down, No right or down). So, chart by chart, ours must cross no
/// more wherever Graphviz keeps that order too (but for [`KNOWN_WORSE`]),
/// and no more in all.
#[test]
fn our_drawings_cross_no_more_edges_than_graphviz_where_both_keep_the_answers_in_order() {
    let stored = stored();
    let rows = comparisons(Theirs::Stored(&stored));
    let table = compare::markdown(&rows);
    let theirs = |row: &Comparison| row.graphviz.clone().expect("graphviz's stored measures");
    for row in &rows {
        let (ours, theirs) = (&row.ours, theirs(row));
        assert_eq!(ours.answers_out_of_order, 0, "{}\n{table}", row.id);
        let known = KNOWN_WORSE.iter().find(|(id, _)| *id == row.id);
        if let Some((id, more)) = known {
            assert!(
                ours.crossings > theirs.crossings,
                "{id} no longer crosses more than Graphviz: take it out of KNOWN_WORSE\n{table}"
            );
            assert!(ours.crossings <= theirs.crossings + more, "{id}\n{table}");
        } else if theirs.answers_out_of_order == 0 {
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
fn graphviz_measures_are_stored_for_the_shipped_charts_only() {
    let stored = stored();
    let report = lawcharts::check::check_paths(&[root().join("trees")]).expect("trees check");
    let shipped: Vec<&str> = report.charts.charts.iter().map(|c| c.id.as_str()).collect();
    let kept: Vec<&str> = stored.charts.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(
        kept,
        shipped,
        "run `scripts/compare-layouts --store` (it needs Graphviz) and commit `{}`",
        compare::STORED_PATH
    );
    assert!(
        stored.graphviz.starts_with("dot - graphviz version"),
        "{}",
        stored.graphviz
    );
}

#[test]
fn a_chart_changed_since_graphviz_measured_it_is_named_with_the_command_that_measures_it_again() {
    let mut stored = stored();
    stored.charts[0].dot = "0000000000000000".into();
    let first = stored.charts[0].id.clone();
    stored.charts.remove(1);
    let mut rows = compare_shipped(Theirs::Stored(&stored)).into_iter();
    let (id, err) = rows.next().expect("a first chart");
    assert_eq!(id, first);
    assert_eq!(
        format!("{:#}", err.unwrap_err()),
        format!(
            "`{first}` has changed since Graphviz measured it: run \
             `scripts/compare-layouts --store` (it needs Graphviz) and commit \
             `tests/fixtures/graphviz-measures.json`"
        )
    );
    let (id, err) = rows.next().expect("a second chart");
    let err = format!("{:#}", err.unwrap_err());
    assert!(
        err.starts_with(&format!("Graphviz has not measured `{id}`: run")),
        "{err}"
    );
    assert!(rows.all(|(_, row)| row.is_ok()), "the others are measured");
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

/// A folder holding only an executable `dot` with this shell script, to
/// stand in for Graphviz on `PATH`.
#[cfg(unix)]
fn stand_in_dot(script: &str) -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("dot");
    std::fs::write(&path, format!("#!/bin/sh\n{script}")).expect("write the stand-in");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    dir
}

#[cfg(unix)]
fn render_with_dot_in(bin: &Path, chart: &str) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_lawcharts"))
        .args(["render", chart, "--format", "svg", "--layout", "graphviz"])
        .current_dir(root())
        .env("PATH", bin)
        .output()
        .expect("lawcharts runs");
    parts(&out)
}

/// `--layout graphviz` hands `dot -Tsvg` the chart's DOT and passes on what
/// it writes; a stand-in that echoes shows both, with no Graphviz needed.
#[cfg(unix)]
#[test]
fn layout_graphviz_gives_dot_the_charts_dot_and_writes_what_it_draws() {
    let bin = stand_in_dot("printf 'args: %s\\n' \"$*\"\nexec /bin/cat\n");
    let (code, stdout, stderr) = render_with_dot_in(bin.path(), "law-87-fouled-board");
    assert_eq!(code, 0, "{stderr}");
    let (_, dot_text, _) = parts(&super::run(&[
        "render",
        "law-87-fouled-board",
        "--format",
        "dot",
    ]));
    assert!(
        dot_text.contains("\ndigraph \"law-87-fouled-board\" {"),
        "{dot_text}"
    );
    assert_eq!(stdout, format!("args: -Tsvg\n{dot_text}"));
}

#[cfg(unix)]
#[test]
fn a_failing_dot_is_an_error_with_what_it_said_and_exit_2() {
    let bin = stand_in_dot("echo 'Error: <stdin>: syntax error in line 3' >&2\nexit 1\n");
    let (code, stdout, stderr) = render_with_dot_in(bin.path(), "law-87-fouled-board");
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert_eq!(
        stderr,
        "error: `dot -Tsvg` (Graphviz) failed: Error: <stdin>: syntax error in line 3\n"
    );
}

/// The triage charts hand over to other charts from questions with a long
/// run of answers (the card triage's "What is the card problem?"
/// has eight). On the site each such run is stacked in a column, so the
/// drawing is not many times wider than tall and prints at least 5% larger
/// than the same chart with every answer side by side; the front door is
/// small enough to print at full size on one side of A4.
#[test]
fn the_triage_charts_stack_their_hand_overs_and_the_front_door_prints_at_full_size() {
    let report = lawcharts::check::check_paths(&[root().join("trees")]).expect("trees check");
    let charts = &report.charts;
    let measure = |id: &str| {
        let chart = charts.get(id).expect("the triage chart is shipped");
        let input = drawing::layout_input(chart, charts);
        let side_by_side = quality(&layout::layout(&input, &LayoutOptions::default()));
        (quality(&drawing::chart_layout(chart, charts)), side_by_side)
    };
    let (front, _) = measure("director-called");
    assert!(front.a4_text_scale >= 1.0, "{front:?}");
    assert!(front.is_sound(), "{front:?}");
    for id in [
        "director-called-auction",
        "director-called-play",
        "director-called-play-cards",
        "director-called-after-play",
        "director-called-board",
    ] {
        let (ours, side_by_side) = measure(id);
        assert!(ours.is_sound(), "{id}: {ours:?}");
        assert!(ours.aspect < 2.0, "{id}: {ours:?}");
        assert!(
            ours.a4_text_scale > side_by_side.a4_text_scale * 1.05,
            "{id}: stacked {ours:?}, side by side {side_by_side:?}"
        );
    }
}
