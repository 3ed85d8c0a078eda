//! `lawcharts check`: the shipped charts are clean; each broken fixture fails
//! with its snapshot message; JSON and `--deny-warnings` work.

use super::{parts, root, run, run_in};

#[test]
fn the_shipped_charts_check_clean_with_no_warnings_but_the_card_budget() {
    // The shipped charts are being cut to the card budget (box text and
    // labels short enough for a card, no card over one sheet); until they
    // are, those warnings are the only ones found.
    let (code, out, err) = parts(&run(&["check", "--format", "json"]));
    assert_eq!(code, 0, "{err}");
    let found: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let codes: Vec<&str> = found
        .as_array()
        .expect("a list")
        .iter()
        .map(|d| d["code"].as_str().expect("a code"))
        .collect();
    let budget = ["card-sides", "long-text", "long-label"];
    assert!(codes.iter().all(|c| budget.contains(c)), "{codes:?}");
}

#[test]
fn the_valid_fixture_checks_clean() {
    let (code, _, err) = parts(&run(&["check", "tests/fixtures/valid"]));
    assert_eq!(code, 0, "{err}");
}

/// The names of the entries of a folder of the repository, sorted.
fn names_in(folder: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join(folder))
        .expect("fixtures")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn every_invalid_fixture_fails_with_its_own_message() {
    let names: Vec<String> = names_in("tests/fixtures/invalid")
        .into_iter()
        .filter(|n| n.ends_with(".yaml"))
        .collect();
    assert!(names.len() >= 20, "{names:?}");
    for name in names {
        let path = format!("tests/fixtures/invalid/{name}");
        let (code, out, err) = parts(&run(&["check", &path]));
        assert_eq!(code, 1, "{name} should fail:\n{err}");
        assert!(out.is_empty(), "{name} printed to stdout: {out}");
        insta::assert_snapshot!(name.trim_end_matches(".yaml"), err);
    }
}

/// Each folder of `tests/fixtures/invalid-sets` is charts that go wrong
/// together (a hand-over into a chart that does not read): the folder is
/// checked as a whole, and the cause is said once, first.
#[test]
fn every_invalid_set_of_charts_fails_with_its_cause_said_once() {
    let names = names_in("tests/fixtures/invalid-sets");
    assert!(!names.is_empty());
    for name in names {
        let path = format!("tests/fixtures/invalid-sets/{name}");
        let (code, out, err) = parts(&run(&["check", &path]));
        assert_eq!(code, 1, "{name} should fail:\n{err}");
        assert!(out.is_empty(), "{name} printed to stdout: {out}");
        insta::assert_snapshot!(format!("set-{name}"), err);
    }
}

#[test]
fn json_output_names_file_line_column_severity_code_message_and_help() {
    let (code, out, _) = parts(&run(&[
        "check",
        "--format",
        "json",
        "tests/fixtures/invalid/04-unknown-target.yaml",
    ]));
    assert_eq!(code, 1);
    let json: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    let first = &json[0];
    assert_eq!(
        first["file"],
        "tests/fixtures/invalid/04-unknown-target.yaml"
    );
    assert_eq!(first["line"], 9);
    assert_eq!(first["column"], 14);
    assert_eq!(first["severity"], "error");
    assert_eq!(first["code"], "unknown-target");
    assert_eq!(first["help"], "did you mean `must-accept`?");
}

#[test]
fn deny_warnings_turns_a_warning_into_exit_1() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = std::fs::read_to_string(root().join("tests/fixtures/valid/faced-lead.yaml"))
        .expect("fixture")
        .replace("    law: 50D2\n", "");
    std::fs::write(dir.path().join("chart.yaml"), text).expect("write");
    let (code, _, err) = parts(&run_in(dir.path(), &["check", "chart.yaml"], ""));
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("warning: ruling `done` cites no law"), "{err}");
    let (code, _, _) = parts(&run_in(
        dir.path(),
        &["check", "--deny-warnings", "chart.yaml"],
        "",
    ));
    assert_eq!(code, 1);
}

#[test]
fn problems_in_several_files_are_all_reported_sorted_by_file() {
    let (code, _, err) = parts(&run(&["check", "tests/fixtures/invalid"]));
    assert_eq!(code, 1);
    let first = err
        .find("01-missing-key.yaml")
        .expect("first file reported");
    let last = err
        .find("11-example-elsewhere.yaml")
        .expect("last file reported");
    assert!(first < last);
    assert!(err.contains("not-utf8.yaml"), "{err}");
}

#[test]
fn list_shows_every_shipped_chart_with_counts() {
    let (code, out, err) = parts(&run(&["list", "--format", "json"]));
    assert_eq!(code, 0, "{err}");
    let rows: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let files = std::fs::read_dir(root().join("trees"))
        .expect("trees")
        .count();
    assert_eq!(rows.as_array().map(Vec::len), Some(files));
    let law54 = rows
        .as_array()
        .and_then(|r| {
            r.iter()
                .find(|r| r["id"] == "law-54-opening-lead-out-of-turn")
        })
        .expect("the Law 54 chart is listed");
    assert_eq!(law54["laws"][0], "54");
    assert!(law54["examples"].as_u64() >= Some(3));
    let (code, out, _) = parts(&run(&["list"]));
    assert_eq!(code, 0);
    assert!(out.contains("law-54-opening-lead-out-of-turn"), "{out}");
}

#[test]
fn the_help_lists_build_the_main_job_first() {
    let (code, out, _) = parts(&run(&["--help"]));
    assert_eq!(code, 0);
    let commands: Vec<&str> = out
        .split_once("Commands:\n")
        .expect("a list of commands")
        .1
        .lines()
        .take_while(|l| !l.is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(commands[..3], ["build", "check", "serve"], "{out}");
}

#[test]
fn help_is_on_every_subcommand() {
    for sub in ["check", "walk", "list"] {
        let (code, out, _) = parts(&run(&[sub, "--help"]));
        assert_eq!(code, 0);
        assert!(out.contains("Usage: lawcharts"), "{sub}: {out}");
    }
    let (code, _, err) = parts(&run(&["no-such-command"]));
    assert_eq!(code, 2, "{err}");
}
