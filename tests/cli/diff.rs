//! `lawcharts diff`: one fixture pair per change class
//! (`tests/fixtures/diff/<class>/{old,new}`), each reporting exactly its
//! changes; a reformatted chart reports none; files, `--rev`, `--only`,
//! every format, broken sides and hostile text.

use std::path::Path;
use std::process::Command;

use super::{parts, root, run, run_in};

const FIXTURES: &str = "tests/fixtures/diff";

/// Each fixture pair and the kinds of change it must report, in order.
const CASES: &[(&str, &[&str])] = &[
    ("answer-added", &["answer-added"]),
    ("answer-relabelled", &["answer-relabelled"]),
    ("answer-removed", &["answer-removed", "node-removed"]),
    (
        "answer-retargeted",
        &["answer-retargeted", "answer-retargeted"],
    ),
    ("chart-added", &["chart-added"]),
    ("chart-removed", &["chart-removed"]),
    ("chart-retitled", &["retitled"]),
    (
        "example-broken",
        &[
            "answer-retargeted",
            "answer-retargeted",
            "example-changed",
            "example-changed",
        ],
    ),
    (
        "examples-changed",
        &["example-changed", "example-reworded", "example-added"],
    ),
    (
        "kind-changed",
        &["kind-changed", "next", "reworded", "example-changed"],
    ),
    ("law-changed", &["chart-laws", "law"]),
    ("next-changed", &["next", "node-removed"]),
    ("node-added", &["next", "node-added"]),
    ("node-removed", &["answer-retargeted", "node-removed"]),
    ("node-renamed", &["node-renamed"]),
    ("note-and-say", &["reworded", "reworded", "reworded"]),
    (
        "start-changed",
        &[
            "start",
            "node-added",
            "node-added",
            "example-changed",
            "example-changed",
        ],
    ),
    ("text-reworded", &["reworded", "reworded", "reworded"]),
    ("then-changed", &["then"]),
];

fn pair(case: &str) -> (String, String) {
    (
        format!("{FIXTURES}/{case}/old"),
        format!("{FIXTURES}/{case}/new"),
    )
}

fn json(args: &[&str]) -> (i32, serde_json::Value) {
    let (code, out, err) = parts(&run(args));
    let value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}\n{err}"));
    (code, value)
}

fn kinds(doc: &serde_json::Value) -> Vec<String> {
    doc["charts"]
        .as_array()
        .expect("charts")
        .iter()
        .flat_map(|c| c["changes"].as_array().expect("changes").iter())
        .map(|c| c["kind"].as_str().expect("kind").to_string())
        .collect()
}

#[test]
fn every_fixture_pair_reports_exactly_its_changes_and_exits_1() {
    for (case, expected) in CASES {
        let (old, new) = pair(case);
        let (code, doc) = json(&["diff", &old, &new, "--format", "json"]);
        assert_eq!(code, 1, "{case}");
        assert_eq!(kinds(&doc), *expected, "{case}");
    }
}

#[test]
fn every_fixture_folder_has_a_case() {
    let mut folders: Vec<String> = std::fs::read_dir(root().join(FIXTURES))
        .expect("fixtures")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name != "reformatted")
        .collect();
    folders.sort();
    let cases: Vec<&str> = CASES.iter().map(|(c, _)| *c).collect();
    assert_eq!(folders, cases);
}

#[test]
fn every_fixture_pair_prints_its_text_snapshot() {
    for (case, _) in CASES {
        let (old, new) = pair(case);
        let (_, out, err) = parts(&run(&["diff", &old, &new]));
        // Only the pair whose change breaks its examples has a new side
        // that does not check; it is compared as written, and said so.
        let said = match *case {
            "example-broken" => format!(
                "note: on the new side, 1 chart file(s) have errors but load whole and are \
                 compared as written (`lawcharts check` shows them): {new}/law-54-faced-lead.yaml\n"
            ),
            _ => String::new(),
        };
        assert_eq!(err, said, "{case}");
        insta::assert_snapshot!(format!("diff-{case}"), out);
    }
}

#[test]
fn a_reformatted_but_equal_chart_reports_no_difference_and_exits_0() {
    let (old, new) = pair("reformatted");
    for format in ["text", "md", "json", "html"] {
        let (code, out, err) = parts(&run(&["diff", &old, &new, "--format", format]));
        assert_eq!(code, 0, "{format}: {out}{err}");
        assert!(!out.contains("law-54"), "{format} names a chart: {out}");
    }
    let (_, out, _) = parts(&run(&["diff", &old, &new]));
    assert_eq!(out, "no differences\n");
}

#[test]
fn the_shipped_charts_against_themselves_have_no_difference() {
    let (code, out, err) = parts(&run(&["diff", "trees", "trees"]));
    assert_eq!((code, out.as_str()), (0, "no differences\n"), "{err}");
}

#[test]
fn markdown_groups_by_chart_logic_first() {
    let (old, new) = pair("kind-changed");
    let (code, out, _) = parts(&run(&["diff", &old, &new, "--format", "md"]));
    assert_eq!(code, 1);
    insta::assert_snapshot!("diff-kind-changed-md", out);
    let logic = out.find("**Logic**").expect("logic");
    assert!(logic < out.find("**Wording**").expect("wording"));
    assert!(out.find("**Wording**") < out.find("**Examples**"));
}

#[test]
fn json_has_the_summary_and_each_change_with_old_and_new() {
    let (old, new) = pair("answer-retargeted");
    let (_, doc) = json(&["diff", &old, &new, "--format", "json"]);
    assert_eq!(doc["summary"]["changed"], 1);
    assert_eq!(doc["summary"]["logic"], 2);
    assert_eq!(doc["summary"]["wording"], 0);
    let first = &doc["charts"][0]["changes"][0];
    assert_eq!(first["class"], "logic");
    assert_eq!(first["node"], "could-see-dummy");
    assert_eq!(first["label"], "Yes");
    assert_eq!(first["old"], "must-accept");
    assert_eq!(first["new"], "declarer-chooses");
}

#[test]
fn html_marks_changes_with_symbols_and_ghosts_removed_nodes() {
    let (old, new) = pair("node-removed");
    let (code, out, _) = parts(&run(&["diff", &old, &new, "--format", "html"]));
    assert_eq!(code, 1);
    assert!(out.starts_with("<!DOCTYPE html>"), "{out}");
    // The list: the removed node ghosted where it was, the changed answer marked.
    assert!(
        out.contains("<li class=\"node step removed\" id=\"law-54-faced-lead--refuse\">"),
        "{out}"
    );
    assert!(out.contains("<span class=\"mark\" aria-label=\"removed\">−</span>"));
    assert!(out.contains("<span class=\"mark\" aria-label=\"changed\">~</span>"));
    assert!(out.contains("<del><code>refuse</code></del> <ins><code>restrictions</code></ins>"));
    // The drawing: classes for colour and dashes, badges for print, links to the list.
    assert!(out.contains("<svg "), "{out}");
    assert!(out.contains("<g class=\"node step diff-removed\""), "{out}");
    assert!(
        out.contains("<g class=\"node question diff-changed\""),
        "{out}"
    );
    assert!(out.contains("<g class=\"edge diff-removed\""), "{out}");
    assert!(out.contains("<g class=\"edge diff-changed\""), "{out}");
    assert!(out.contains("<g class=\"badge diff-removed\">"), "{out}");
    assert!(out.contains(">−</text>"), "{out}");
    assert!(
        out.contains("<a href=\"#law-54-faced-lead--refuse\"><g class=\"node"),
        "{out}"
    );
}

#[test]
fn html_ids_are_unique_with_several_drawings_on_the_page() {
    let old = format!("{FIXTURES}/chart-added/old");
    let new = format!("{FIXTURES}/then-changed/new");
    let (code, out, _) = parts(&run(&["diff", &old, &new, "--format", "html"]));
    assert_eq!(code, 1);
    assert_eq!(out.matches("<svg ").count(), 2, "{out}");
    let mut ids: Vec<&str> = out
        .split(" id=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect();
    let all = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), all, "duplicate ids in the page");
    for reference in out.split("url(#").skip(1) {
        let id = reference.split(')').next().expect("closed");
        assert!(ids.contains(&id), "url(#{id}) names no id");
    }
}

#[test]
fn only_filters_the_classes_and_the_exit_code() {
    let (old, new) = pair("start-changed");
    let (_, doc) = json(&["diff", &old, &new, "--format", "json", "--only", "examples"]);
    assert_eq!(kinds(&doc), ["example-changed", "example-changed"]);
    let (code, out, _) = parts(&run(&["diff", &old, &new, "--only", "wording,law"]));
    assert_eq!((code, out.as_str()), (0, "no differences\n"));
}

#[test]
fn two_chart_files_are_compared_as_one_chart_even_under_other_names() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (old, new) = pair("text-reworded");
    let draft = dir.path().join("draft.yaml");
    std::fs::copy(root().join(old).join("law-54-faced-lead.yaml"), &draft).expect("copy");
    let new_file = root().join(new).join("law-54-faced-lead.yaml");
    let (code, out, err) = parts(&run(&[
        "diff",
        &draft.display().to_string(),
        &new_file.display().to_string(),
    ]));
    assert_eq!(code, 1, "{err}");
    assert!(out.starts_with("~ law-54-faced-lead"), "{out}");
    assert!(out.contains("question reworded"), "{out}");
}

#[test]
fn a_lone_old_file_resolves_its_hand_overs_among_the_new_files_neighbours() {
    // `git difftool` hands the old version over alone in a temporary folder.
    let dir = tempfile::tempdir().expect("temp dir");
    let (old, new) = pair("then-changed");
    let lone = dir.path().join("law-54-faced-lead.yaml");
    std::fs::copy(root().join(old).join("law-54-faced-lead.yaml"), &lone).expect("copy");
    let (code, out, err) = parts(&run(&[
        "diff",
        &lone.display().to_string(),
        &format!("{new}/law-54-faced-lead.yaml"),
    ]));
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("now hands over to `law-50-penalty-card#lead-restrictions`"));
}

#[test]
fn a_file_and_a_folder_are_refused_with_exit_2() {
    let (old, new) = pair("chart-retitled");
    let (code, _, err) = parts(&run(&[
        "diff",
        &old,
        &format!("{new}/law-54-faced-lead.yaml"),
    ]));
    assert_eq!(code, 2);
    assert!(err.contains("is a folder and"), "{err}");
    let (code, _, err) = parts(&run(&["diff", "no-such-folder", &new]));
    assert_eq!(code, 2);
    assert!(err.contains("cannot read `no-such-folder`"), "{err}");
}

#[test]
fn a_chart_that_does_not_load_is_named_left_out_and_exits_2() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (old, new) = pair("chart-added");
    copy_folder(&root().join(&new), &dir.path().join("new"));
    std::fs::write(
        dir.path().join("new/law-54-faced-lead.yaml"),
        "title: [unclosed\n",
    )
    .expect("write");
    let (code, out, err) = parts(&run(&[
        "diff",
        &old,
        &dir.path().join("new").display().to_string(),
    ]));
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("error: chart `law-54-faced-lead` does not load on the new side"),
        "{err}"
    );
    assert!(
        out.contains("+ law-50-penalty-card"),
        "other charts are still compared: {out}"
    );
    assert!(out.contains("! law-54-faced-lead — not compared"), "{out}");
    assert!(!out.contains("chart removed"), "{out}");
}

#[test]
fn a_chart_with_errors_that_loads_whole_is_compared_with_a_note() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (old, _) = pair("then-changed");
    std::fs::create_dir(dir.path().join("new")).expect("mkdir");
    let text =
        std::fs::read_to_string(root().join(&old).join("law-54-faced-lead.yaml")).expect("read");
    std::fs::write(dir.path().join("new/law-54-faced-lead.yaml"), text).expect("write");
    // The hand-over's target chart is missing on the new side.
    let (code, out, err) = parts(&run(&[
        "diff",
        &old,
        &dir.path().join("new").display().to_string(),
    ]));
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains("note: on the new side, 1 chart file(s) have errors"),
        "{err}"
    );
    assert!(out.contains("- law-50-penalty-card"), "{out}");
}

#[test]
fn colour_is_off_under_no_color_and_on_when_forced() {
    let (old, new) = pair("chart-retitled");
    let (_, plain, _) = parts(&run(&["diff", &old, &new]));
    assert!(!plain.contains('\u{1b}'), "{plain}");
    let (_, forced, _) = parts(&run(&["diff", &old, &new, "--color", "always"]));
    assert!(
        forced.contains("\u{1b}[32m{+Opening+}\u{1b}[0m"),
        "{forced:?}"
    );
}

#[test]
fn hostile_text_is_escaped_in_every_format() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (old, _) = pair("chart-retitled");
    copy_folder(&root().join(&old), &dir.path().join("old"));
    copy_folder(&root().join(&old), &dir.path().join("new"));
    let file = dir.path().join("new/law-54-faced-lead.yaml");
    let text = std::fs::read_to_string(&file).expect("read").replace(
        "ask: Which option does declarer choose?",
        "ask: \"<script>alert(1)</script> [x](javascript:alert(1)) \\e[31m **bold** choose?\"",
    );
    std::fs::write(&file, text).expect("write");
    let args = |format: &'static str| {
        let old = dir.path().join("old").display().to_string();
        let new = dir.path().join("new").display().to_string();
        let out = run(&["diff", &old, &new, "--format", format]);
        parts(&out).1
    };
    let html = args("html");
    assert!(!html.contains("<script>"), "{html}");
    assert!(
        html.contains("&#60;script&#62;alert(1)&#60;/script&#62;"),
        "{html}"
    );
    let md = args("md");
    assert!(md.contains("\\<script\\>"), "{md}");
    assert!(md.contains("\\[x\\]"), "{md}");
    let text = args("text");
    assert!(!text.contains('\u{1b}'), "{text:?}");
    let json = args("json");
    assert!(
        serde_json::from_str::<serde_json::Value>(&json).is_ok(),
        "{json}"
    );
}

fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read dir") {
        let path = entry.expect("entry").path();
        std::fs::copy(&path, to.join(path.file_name().expect("name"))).expect("copy");
    }
}

/// A git repository in a temporary folder whose `trees/` holds the `old`
/// side of `case`, committed, with the `new` side in the work tree.
fn repository(case: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let (old, new) = pair(case);
    git(dir.path(), &["init", "-q"]);
    copy_folder(&root().join(old), &dir.path().join("trees"));
    git(dir.path(), &["add", "trees"]);
    git(dir.path(), &["commit", "-q", "-m", "old charts"]);
    std::fs::remove_dir_all(dir.path().join("trees")).expect("rm");
    copy_folder(&root().join(new), &dir.path().join("trees"));
    dir
}

fn git(dir: &Path, args: &[&str]) {
    let status = Command::new("git")
        .args(["-c", "user.name=t", "-c", "user.email=t@example.org"])
        .args(args)
        .current_dir(dir)
        .env("GIT_CEILING_DIRECTORIES", dir.parent().unwrap_or(dir))
        .status()
        .expect("git runs");
    assert!(status.success(), "git {args:?}");
}

#[test]
fn rev_compares_a_revision_with_the_work_tree() {
    let repo = repository("text-reworded");
    let (code, out, err) = parts(&run_in(repo.path(), &["diff", "--rev", "HEAD"], ""));
    assert_eq!(code, 1, "{err}");
    insta::assert_snapshot!("diff-rev-head", out);
    let chart = "trees/law-54-faced-lead.yaml";
    let (code, one, _) = parts(&run_in(repo.path(), &["diff", "--rev", "HEAD", chart], ""));
    assert_eq!((code, one), (1, out));
}

#[test]
fn rev_names_files_by_revision_in_messages() {
    let repo = repository("chart-added");
    let broken = repo.path().join("trees/law-54-faced-lead.yaml");
    std::fs::write(&broken, "title: [unclosed\n").expect("write");
    git(repo.path(), &["commit", "-q", "-a", "-m", "break it"]);
    let fixed = root()
        .join(FIXTURES)
        .join("chart-added/new/law-54-faced-lead.yaml");
    std::fs::copy(fixed, &broken).expect("copy");
    let (code, _, err) = parts(&run_in(repo.path(), &["diff", "--rev", "HEAD"], ""));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("HEAD:trees/law-54-faced-lead.yaml"), "{err}");
}

#[test]
fn rev_outside_a_repository_or_of_an_unknown_revision_exits_2() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (_, new) = pair("chart-added");
    copy_folder(&root().join(new), &dir.path().join("trees"));
    let out = Command::new(env!("CARGO_BIN_EXE_lawcharts"))
        .args(["diff", "--rev", "HEAD"])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .env(
            "GIT_CEILING_DIRECTORIES",
            dir.path().parent().unwrap_or(dir.path()),
        )
        .output()
        .expect("runs");
    let (code, _, err) = parts(&out);
    assert_eq!(code, 2);
    assert!(err.contains("`trees` is not in a git repository"), "{err}");
    let repo = repository("chart-added");
    let (code, _, err) = parts(&run_in(repo.path(), &["diff", "--rev", "no-such-rev"], ""));
    assert_eq!(code, 2);
    assert!(err.contains("unknown git revision `no-such-rev`"), "{err}");
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["diff"][..],
        &["diff", "a"],
        &["diff", "--rev", "HEAD", "a", "b"],
        &["diff", "a", "b", "--only", "colour"],
    ] {
        let (code, _, err) = parts(&run(args));
        assert_eq!(code, 2, "{args:?}: {err}");
    }
}

#[test]
fn a_chart_too_large_to_draw_gets_a_note_instead_of_a_drawing() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir_all(dir.path().join("old")).expect("mkdir");
    std::fs::create_dir_all(dir.path().join("new")).expect("mkdir");
    let mut chart = String::from("title: Long\nlaws: [\"54\"]\nstart: n0\nnodes:\n");
    for i in 0..259 {
        chart.push_str(&format!(
            "  n{i}:\n    do: Step {i}.\n    next: n{}\n",
            i + 1
        ));
    }
    chart.push_str("  n259:\n    ruling: The end.\n    law: 54\n");
    std::fs::write(dir.path().join("new/long.yaml"), chart).expect("write");
    let (old, new) = (dir.path().join("old"), dir.path().join("new"));
    let (code, out, err) = parts(&run(&[
        "diff",
        &old.display().to_string(),
        &new.display().to_string(),
        "--format",
        "html",
    ]));
    assert_eq!(code, 1, "{err}");
    assert!(!out.contains("<svg "), "no drawing");
    assert!(
        out.contains("This chart would need 260 boxes, too many to draw on this page"),
        "{out}"
    );
}
