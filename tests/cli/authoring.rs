//! Authoring: the committed schema is the generated one, `new` starts a valid
//! chart and never overwrites, `paths` lists every route, completions and the
//! man page generate.

use super::{parts, root, run, run_in};

#[test]
fn the_committed_schema_equals_the_generated_one() {
    let (code, out, err) = parts(&run(&["schema"]));
    assert_eq!(code, 0, "{err}");
    let committed = std::fs::read_to_string(root().join("schema/lawcharts.schema.json"))
        .expect("schema/lawcharts.schema.json is committed");
    assert_eq!(
        committed, out,
        "run `lawcharts schema > schema/lawcharts.schema.json`"
    );
    let schema: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(
        schema["additionalProperties"], false,
        "unknown keys are flagged"
    );
    assert!(schema["$defs"]["Node"]["properties"]["ask"]["description"].is_string());
}

#[test]
fn new_writes_a_chart_that_checks_and_refuses_to_overwrite() {
    let dir = tempfile::tempdir().expect("temp dir");
    let args = [
        "new",
        "my-chart",
        "--title",
        "My: \"chart\"",
        "--law",
        "54D",
        "--law",
        "50D2",
        "--trees",
        ".",
    ];
    let (code, out, err) = parts(&run_in(dir.path(), &args, ""));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("wrote ./my-chart.yaml"), "{out}");
    let (code, _, err) = parts(&run_in(
        dir.path(),
        &["check", "--deny-warnings", "my-chart.yaml"],
        "",
    ));
    assert_eq!(code, 0, "{err}");
    let before = std::fs::read(dir.path().join("my-chart.yaml")).expect("written");
    let (code, _, err) = parts(&run_in(dir.path(), &args, ""));
    assert_eq!(code, 2);
    assert!(err.contains("cannot create `./my-chart.yaml`"), "{err}");
    assert_eq!(
        std::fs::read(dir.path().join("my-chart.yaml")).expect("kept"),
        before
    );
}

#[test]
fn new_refuses_a_bad_id_or_an_unknown_clause() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (code, _, err) = parts(&run_in(
        dir.path(),
        &["new", "My Chart", "--title", "x", "--law", "54"],
        "",
    ));
    assert_eq!(code, 2);
    assert!(err.contains("`My Chart` is not a valid chart id"), "{err}");
    let (code, _, err) = parts(&run_in(
        dir.path(),
        &["new", "c", "--title", "x", "--law", "54Z", "--trees", "."],
        "",
    ));
    assert_eq!(code, 2);
    assert!(err.contains("Law 54 has no clause Z"), "{err}");
    assert!(!dir.path().join("c.yaml").exists());
}

#[test]
fn paths_lists_one_route_per_way_to_a_ruling() {
    let fixture = "tests/fixtures/valid/faced-lead.yaml";
    let (code, out, err) = parts(&run(&["paths", fixture]));
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "Could declarer have seen any of dummy's cards? Yes → RULING: Declarer must accept the lead. (54C)",
            "Could declarer have seen any of dummy's cards? No → The card becomes a major penalty card. → RULING: Declarer chooses a lead restriction. (50D2)",
        ]
    );
    let (code, out, _) = parts(&run(&["paths", fixture, "--format", "json"]));
    assert_eq!(code, 0);
    let routes: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(routes[1]["answers"], serde_json::json!(["No"]));
    assert_eq!(routes[1]["ruling"], "done");
    let (code, out, _) = parts(&run(&["paths", fixture, "--format", "md"]));
    assert_eq!(code, 0);
    assert!(
        out.starts_with("# Every case: Faced opening lead out of turn\n\n1. "),
        "{out}"
    );
}

#[test]
fn every_route_of_every_shipped_chart_walks_to_its_ruling() {
    let report = lawcharts::check::check_paths(&[root().join("trees")]).expect("trees check");
    for chart in &report.charts.charts {
        let routes = lawcharts::paths::routes(chart).expect("a reviewable number of routes");
        assert!(!routes.is_empty(), "{}", chart.id);
        for route in routes {
            let (_, stop) = chart.follow_from(chart.start, &route.answers);
            let lawcharts::chart::Stop::Ruling(at) = stop else {
                panic!("{}: {:?} does not end at a ruling", chart.id, route.answers);
            };
            assert_eq!(chart.graph[at].id, route.ruling);
        }
    }
}

#[test]
fn completions_and_the_man_page_generate() {
    let (code, out, _) = parts(&run(&["completions", "bash"]));
    assert_eq!(code, 0);
    assert!(out.contains("_lawcharts()"), "{out}");
    let (code, out, _) = parts(&run(&["man"]));
    assert_eq!(code, 0);
    assert!(
        out.starts_with(".ie") || out.contains(".TH lawcharts"),
        "{out}"
    );
    assert!(out.contains("walk"), "{out}");
}

#[test]
fn every_shipped_chart_points_editors_at_the_schema() {
    for entry in std::fs::read_dir(root().join("trees")).expect("trees") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("chart");
        assert!(
            text.starts_with("# yaml-language-server: $schema=../schema/lawcharts.schema.json\n"),
            "{} does not start with the schema line",
            path.display()
        );
    }
}

/// A chart of `n` questions in a row, each with both answers leading on to
/// the next: 2^n routes, so `paths` writes far more than a pipe holds.
fn diamond_chain(n: usize) -> String {
    let mut text = String::from("title: Routes\nlaws: [\"54\"]\nstart: q0\nnodes:\n");
    for i in 0..n {
        let next = if i + 1 == n {
            "end".to_string()
        } else {
            format!("q{}", i + 1)
        };
        text.push_str(&format!(
            "  q{i}:\n    ask: Question {i}?\n    law: 54A\n    answers:\n      \"Yes\": {next}\n      \"No\": {next}\n"
        ));
    }
    text.push_str("  end:\n    ruling: Done.\n    law: 54A\n");
    text
}

#[test]
fn paths_into_a_reader_that_stops_early_ends_quietly() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("routes.yaml"), diamond_chain(12)).expect("write");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_lawcharts"))
        .args(["paths", "routes.yaml"])
        .current_dir(dir.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("lawcharts runs");
    // Read one line, then go away, as `head -1` does; 4,096 routes are far
    // more than the pipe holds, so the rest is written to a closed pipe.
    let mut first = String::new();
    let mut out = std::io::BufReader::new(child.stdout.take().expect("stdout"));
    std::io::BufRead::read_line(&mut out, &mut first).expect("a first line");
    drop(out);
    let output = child.wait_with_output().expect("wait");
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(first.starts_with("Question 0? Yes"), "{first}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(output.status.code(), Some(0), "{err}");
}
